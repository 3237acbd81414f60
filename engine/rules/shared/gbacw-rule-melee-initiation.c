/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-melee-initiation.c: who may initiate melee, and who may retreat before it
 * (rules matrix §2.D "Melee-initiation gates"), in three variants:
 *
 *  - J 21.6: units of the gated sides whose Morale Rating is at most forbidden-morale (2)
 *    may not initiate melee unless stacked with a leader (a dismounted rating counts
 *    while dismounted: the current rating is used).
 *  - P 27 (roll = die): a gated unit not stacked with a leader initiates the melee it
 *    announced only on a die roll made in the Melee Phase: adjacent-leader (1-2) when a
 *    friendly leader is in an adjacent hex (27.11), else no-leader (1) (27.12); stacked
 *    with a leader it always may (27.13), unless restricted-leaders names the only
 *    leaders it is stacked with, whose own range then applies (27.2: Van Dorn 1-2);
 *    one roll for a stack (27.14).
 *  - C 22 (roll = morale): a gated unit not stacked with a leader initiates only if one
 *    die, modified (22.2), is at most its Morale Rating; the top attacking unit of a stack
 *    rolls for it. No roll (22.4) against a hex whose every combat unit is routed,
 *    pinned, a battery or wagon without its crew or a lone crew, nor for a cavalry
 *    charge. With before-melee = morale a defender not stacked with a leader retreats
 *    before melee only if one die, modified (22.1), is at most its Morale Rating; the top
 *    unit that could retreat rolls for its stack (22.0 step 4); mounted cavalry meleed only
 *    by infantry or dismounted cavalry retreats without it (22.0 step 3, 16.1), charged by
 *    mounted cavalry it rolls (22.32; anyone else charged may not retreat at all, 16.26).
 *    A leader aids only a unit he may affect (C 28.14: Price not Lovell's division, the CMD
 *    hooks leader_affects). A leader that spared a stack its check stays with it (22.33):
 *    it retreats with a unit that retreated before melee and goes into the melee hex with
 *    the attackers. Units
 *    retreating from an engaged hex (12.94, 22.31) and attackers advancing into a hex every
 *    defender left (12.85, 22.34) make no check: neither is asked of this module. With
 *    declare-stacking = yes a melee is not announced whose attackers, all of them in the
 *    hex, would break its stacking limits (22.35).
 *
 * Parameters (<exclusive id="melee-initiation">):
 *   sides              the side ids gated; every side when absent
 *   forbidden-morale   J 21.6's rating
 *   roll               die or morale; none when absent
 *   adjacent-leader, no-leader, restricted-leaders (LEADER:RANGE …)   for roll = die
 *   initiation-drm.SIDE, before-melee-drm.SIDE
 *                      die-roll modifiers by Game-Turn ("1-8:+1"), for roll = morale
 *   before-melee       morale: C 22.1's check
 *   case               the case the log cites, with its game ("P 27.1")
 */
#define G_LOG_DOMAIN "gbacw-rule-melee-initiation"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game.h"
#include "gbacw-game-private.h"
#include "gbacw-melee.h"
#include "gbacw-morale.h"
#include "gbacw-query.h"

typedef enum {
  ROLL_NONE,
  ROLL_DIE,      /* P 27 */
  ROLL_MORALE,   /* C 22 */
} RollKind;

typedef struct {
  gboolean *gated;           /* per side index */
  int forbidden_morale;      /* J 21.6; -1 none */
  RollKind roll;
  int adjacent_leader;       /* P 27.11 */
  int no_leader;             /* P 27.12 */
  GHashTable *restricted;    /* P 27.2: leader id -> range */
  GPtrArray *initiation_drm; /* per side: GArray of GbacwTurnDice, or NULL (C 22.2) */
  GPtrArray *before_drm;     /* per side (C 22.1) */
  gboolean before_melee;
  gboolean declare_stacking; /* C 22.35 */
  char *rule_case;
  /* C 22.0 step 4: one roll for a stack: the hex and the result, this Game-Turn and phase */
  int stack_hex, stack_turn, stack_player_turn;
  gboolean stack_may;
} Gate;

static int
die_param (const GbacwExclusiveRule *rule, const char *name, int fallback)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int top;

  if (value == NULL)
    return fallback;
  if (!gbacw_exclusive_parse_die_top (value, &top, &why))
    {
      g_warning ("melee-initiation: %s: %s", name, why);   /* the validator refuses it first */
      return fallback;
    }
  return top;
}

static GPtrArray *
side_tables (const GbacwExclusiveRule *rule, const GPtrArray *sides, const char *base)
{
  GPtrArray *tables = g_ptr_array_new ();   /* NULL entries: free_tables () */
  for (guint i = 0; i < sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (sides, i);
      g_autofree char *name = g_strconcat (base, ".", side->id, NULL);
      const char *value = gbacw_exclusive_rule_get_param (rule, name);
      g_autofree char *why = NULL;
      GArray *table = value ? gbacw_exclusive_parse_turn_numbers (value, &why) : NULL;
      if (value && table == NULL)
        g_warning ("melee-initiation: %s: %s", name, why);
      g_ptr_array_add (tables, table);
    }
  return tables;
}

static void
free_tables (GPtrArray *tables)
{
  for (guint i = 0; i < tables->len; i++)
    if (g_ptr_array_index (tables, i))
      g_array_unref (g_ptr_array_index (tables, i));
  g_ptr_array_unref (tables);
}

static gpointer
gate_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Gate *g = g_new0 (Gate, 1);
  const GPtrArray *sides = game->scenario->oob.sides;
  const char *value;

  g->gated = g_new0 (gboolean, MAX (sides->len, 1));
  value = gbacw_exclusive_rule_get_param (rule, "sides");
  for (guint i = 0; i < sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (sides, i);
      g_auto (GStrv) ids = g_strsplit_set (value ? value : "", " \t\n", -1);
      g->gated[i] = value == NULL || g_strv_contains ((const char *const *) ids, side->id);
    }
  g->forbidden_morale = gbacw_exclusive_rule_get_int (rule, "forbidden-morale", -1);
  value = gbacw_exclusive_rule_get_param (rule, "roll");
  g->roll = g_strcmp0 (value, "die") == 0 ? ROLL_DIE : g_strcmp0 (value, "morale") == 0 ? ROLL_MORALE : ROLL_NONE;
  g->adjacent_leader = die_param (rule, "adjacent-leader", 0);
  g->no_leader = die_param (rule, "no-leader", 0);
  value = gbacw_exclusive_rule_get_param (rule, "restricted-leaders");
  if (value)
    {
      g_autofree char *why = NULL;
      g->restricted = gbacw_exclusive_parse_keyed_dice (value, &why);
      if (g->restricted == NULL)
        g_warning ("melee-initiation: restricted-leaders: %s", why);
    }
  g->initiation_drm = side_tables (rule, sides, "initiation-drm");
  g->before_drm = side_tables (rule, sides, "before-melee-drm");
  g->before_melee = g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "before-melee"), "morale") == 0;
  value = gbacw_exclusive_rule_get_param (rule, "declare-stacking");
  if (value)
    {
      g_autofree char *why = NULL;
      if (!gbacw_exclusive_parse_yes_no (value, &g->declare_stacking, &why))
        g_warning ("melee-initiation: declare-stacking: %s", why);   /* the validator refuses it first */
    }
  value = gbacw_exclusive_rule_get_param (rule, "case");
  g->rule_case = g_strdup (value ? value : "12.2");
  g->stack_hex = -1;
  return g;
}

static void
gate_finalize (gpointer data)
{
  Gate *g = data;

  g_free (g->gated);
  g_clear_pointer (&g->restricted, g_hash_table_unref);
  free_tables (g->initiation_drm);
  free_tables (g->before_drm);
  g_free (g->rule_case);
  g_free (g);
}

static gboolean
is_gated (const Gate *g, const GbacwGameUnit *u)
{
  return u->side >= 0 && g->gated[u->side];
}

/* The first friendly leader stacked with unit who may aid it (C 28.14: not Price for Lovell's
 * units, the CMD hooks leader_affects), or -1: the leader that spares it C 22's checks
 * (22.0 steps 3 and 5). */
static int
aiding_leader (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack = gbacw_game_stack (game, u->hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side == u->side && o->type == GBACW_UNIT_LEADER && gbacw_leadership_leader_affects (game, o->index, unit))
        return o->index;
    }
  return -1;
}

/* The friendly leaders stacked with the unit, in stack order. */
static GArray *
stacked_leaders (const GbacwGame *game, const GbacwGameUnit *u)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  const GArray *stack = gbacw_game_stack (game, u->hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->type == GBACW_UNIT_LEADER && o->side == u->side)
        g_array_append_val (out, o->index);
    }
  return out;
}

static gboolean
leader_adjacent (const GbacwGame *game, const GbacwGameUnit *u)
{
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_game_neighbour_index (game, u->hex, d);
      const GArray *stack = n >= 0 ? gbacw_game_stack (game, n) : NULL;
      for (guint i = 0; stack && i < stack->len; i++)
        {
          const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
          if (o->type == GBACW_UNIT_LEADER && o->side == u->side)
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
gate_check (GbacwGame *game, gpointer data, int unit, int target_hex, GError **error)
{
  const Gate *g = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = NULL;

  (void) target_hex;
  if (g->forbidden_morale < 0 || !is_gated (g, u) || u->type == GBACW_UNIT_LEADER)
    return TRUE;
  if (gbacw_morale_with_leader (game, unit) || gbacw_morale_rating (game, unit) > g->forbidden_morale)
    return TRUE;
  label = gbacw_game_unit_label (game, unit);
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
               _("[%s] %s has a Morale Rating of %d or less and may not initiate melee unless stacked with a leader"),
               g->rule_case, label, g->forbidden_morale);
  return FALSE;
}

/* P 27: the range a unit rolls against, or 6 when it need not roll. */
static int
die_range_for (const GbacwGame *game, const Gate *g, const GbacwGameUnit *u)
{
  g_autoptr (GArray) leaders = stacked_leaders (game, u);
  int restricted = -1;

  if (leaders->len > 0)
    {
      /* 27.13, 27.2: a leader not on the restricted list lets it melee; only restricted
       * leaders: the best of their ranges, or adjacency's if better */
      for (guint i = 0; i < leaders->len; i++)
        {
          const GbacwGameUnit *l = gbacw_game_unit (game, g_array_index (leaders, int, i));
          int top = gbacw_keyed_dice_lookup (g->restricted, l->oob->id);
          if (top < 0)
            return 6;
          restricted = MAX (restricted, top);
        }
    }
  if (leader_adjacent (game, u))
    return MAX (restricted, g->adjacent_leader);
  return MAX (restricted, g->no_leader);
}

static gboolean
all_defenders_depleted (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  gboolean any = FALSE;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side != side || !gbacw_game_is_combat_unit (o))
        continue;
      any = TRUE;
      if (!(o->status & GBACW_STATUS_AMMO_DEPLETED))
        return FALSE;
    }
  return any;
}

/* C 22.4: every combat unit of the hex is routed, pinned, guns or a wagon without a crew,
 * or a lone crew. */
static gboolean
automatic_target (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side != side || !gbacw_game_is_combat_unit (o))
        continue;
      if (o->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_ABANDONED))
        continue;
      if ((o->type == GBACW_UNIT_WAGON && o->strength <= 0) || gbacw_game_is_wagon_crew (o))
        continue;
      return FALSE;
    }
  return TRUE;
}

/* Whether fire or an attack from hex from would enter unit's hex through a rear hexside (7.23). */
static gboolean
enfiladed_from (const GbacwGame *game, int unit, int from)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int entry[2] = { gbacw_game_direction_between (game, u->hex, from), -1 };

  return entry[0] >= 0 && gbacw_fire_enfilades (game, unit, entry);
}

static int
turn_drm (const GPtrArray *tables, const GbacwGame *game, int side)
{
  if (side < 0 || (guint) side >= tables->len)
    return 0;
  return gbacw_turn_numbers_lookup (g_ptr_array_index (tables, side), game->turn);
}

/* C 22.2: the modifiers of the melee initiation check of u, attacking target_hex from hex:
 * +1 out of ammunition; -1 every defender out of ammunition, -1 in an enfilade hex of the
 * (top) defender; by Game-Turn per side. */
static int
initiation_drm (const GbacwGame *game, const Gate *g, const GbacwGameUnit *u, int hex, int target_hex)
{
  int drm = (u->status & GBACW_STATUS_AMMO_DEPLETED) ? 1 : 0;
  int defender = gbacw_fire_top_unit (game, target_hex);

  if (all_defenders_depleted (game, target_hex, 1 - u->side))
    drm--;
  if (defender >= 0 && enfiladed_from (game, defender, hex))
    drm--;
  return drm + turn_drm (g->initiation_drm, game, u->side);
}

/* One die against the unit's Morale Rating with drm: TRUE when it passes. */
static gboolean
morale_roll (GbacwGame *game, const Gate *g, int unit, int drm, const char *what)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  int rating = gbacw_morale_rating (game, unit);
  int die = gbacw_dice_roll (game->dice);
  gboolean pass = die + drm <= rating;

  gbacw_game_log (game, g->rule_case, _("%s: %s rolls %d %+d against Morale Rating %d: %s"), what, label, die, drm,
                  rating, pass ? _("it may") : _("it may not"));
  return pass;
}

/* The top unit of the stack at hex that is among units. */
static int
top_of (const GbacwGame *game, const GArray *units, int hex)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    for (guint k = 0; k < units->len; k++)
      if (g_array_index (units, int, k) == g_array_index (stack, int, i))
        return g_array_index (stack, int, i);
  return -1;
}

static void
gate_roll (GbacwGame *game, gpointer data, GArray *attackers, int target_hex)
{
  Gate *g = data;
  g_autoptr (GArray) stacks = g_array_new (FALSE, FALSE, sizeof (int));

  if (g->roll == ROLL_NONE)
    return;
  /* one roll per attacking stack (P 27.14; C 22.0 step 6), in the order of the attackers */
  for (guint i = 0; i < attackers->len; i++)
    {
      int hex = gbacw_game_unit (game, g_array_index (attackers, int, i))->hex;
      gboolean seen = FALSE;
      for (guint k = 0; k < stacks->len; k++)
        seen |= g_array_index (stacks, int, k) == hex;
      if (!seen)
        g_array_append_val (stacks, hex);
    }
  for (guint s = 0; s < stacks->len; s++)
    {
      int hex = g_array_index (stacks, int, s);
      g_autoptr (GArray) here = g_array_new (FALSE, FALSE, sizeof (int));
      int top;
      const GbacwGameUnit *u;
      gboolean may = TRUE;

      for (guint i = 0; i < attackers->len; i++)
        if (gbacw_game_unit (game, g_array_index (attackers, int, i))->hex == hex)
          g_array_append_val (here, g_array_index (attackers, int, i));
      top = top_of (game, here, hex);
      u = gbacw_game_unit (game, top);
      if (!is_gated (g, u))
        continue;
      if (g->roll == ROLL_DIE)
        {
          int range = die_range_for (game, g, u);
          if (range < 6)
            {
              g_autofree char *label = gbacw_game_unit_label (game, top);
              int die = gbacw_dice_roll (game->dice);
              may = die <= range;
              gbacw_game_log (game, g->rule_case, _("Melee initiation for the stack of %s: die %d, %s on 1-%d: %s"),
                              label, die, range > 0 ? _("initiates") : _("never initiates"), MAX (range, 1),
                              may ? _("it melees") : _("it does not melee"));
            }
        }
      else
        {
          const GbacwMeleeDeclaration *d = NULL;
          gboolean charge = FALSE;
          int drm;

          for (guint k = 0; k < game->melees->len; k++)
            if (((GbacwMeleeDeclaration *) g_ptr_array_index (game->melees, k))->target == target_hex)
              d = g_ptr_array_index (game->melees, k);
          charge = d && d->charge && u->type == GBACW_UNIT_CAVALRY;
          if (aiding_leader (game, top) >= 0 || charge || automatic_target (game, target_hex, 1 - u->side))
            continue;   /* C 22.4 */
          drm = initiation_drm (game, g, u, hex, target_hex);
          may = morale_roll (game, g, top, drm, _("Melee initiation"));
        }
      if (!may)
        for (guint i = attackers->len; i-- > 0;)
          if (gbacw_game_unit (game, g_array_index (attackers, int, i))->hex == hex)
            g_array_remove_index (attackers, i);
    }
}

/* The chance of the gate (GbacwRuleHooks.melee_initiation_chance): J 21.6 forbids or allows;
 * P 27.1 the die's range (27.13 stacked: always, 27.2's restricted leaders as they stand);
 * C 22.0 the Morale Check with its modifiers (22.2), none stacked with a leader nor against
 * a hex of 22.4. A cavalry charge (22.4) is not known here: it counts as a melee. */
static double
gate_chance (const GbacwGame *game, gpointer data, int unit, int target_hex, GbacwGateLeader leader)
{
  const Gate *g = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  gboolean stacked, adjacent;
  int range;

  if (u->hex < 0 || !is_gated (g, u) || u->type == GBACW_UNIT_LEADER)
    return 1.0;
  /* 13.14: a green unit's rating is found by rolling when first needed; a query rolls no
     die, so its chance is not known: one half */
  if (u->morale == GBACW_MORALE_GREEN && (g->forbidden_morale >= 0 || g->roll == ROLL_MORALE))
    return 0.5;
  stacked = leader == GBACW_GATE_LEADER_STACKED || (leader == GBACW_GATE_AS_IS && gbacw_morale_with_leader (game, unit));
  adjacent = leader == GBACW_GATE_LEADER_ADJACENT || (leader == GBACW_GATE_AS_IS && leader_adjacent (game, u));
  /* the rating of a unit that is not green changes nothing in the game */
  if (g->forbidden_morale >= 0 && !stacked && gbacw_morale_rating ((GbacwGame *) game, unit) <= g->forbidden_morale)
    return 0.0;   /* J 21.6 */
  switch (g->roll)
    {
    case ROLL_DIE:
      if (leader == GBACW_GATE_AS_IS)
        range = die_range_for (game, g, u);
      else
        range = stacked ? 6 : adjacent ? g->adjacent_leader : g->no_leader;
      return CLAMP (range, 0, 6) / 6.0;
    case ROLL_MORALE:
      /* C 22.4, with C 28.14's leaders who may not aid the unit, as gate_roll () */
      if (leader == GBACW_GATE_LEADER_STACKED || (leader == GBACW_GATE_AS_IS && aiding_leader (game, unit) >= 0)
          || automatic_target (game, target_hex, 1 - u->side))
        return 1.0;
      range = gbacw_morale_rating ((GbacwGame *) game, unit) - initiation_drm (game, g, u, u->hex, target_hex);
      return CLAMP (range, 0, 6) / 6.0;
    case ROLL_NONE:
    default:
      return 1.0;
    }
}

/* C 22.1: the -1 for attackers that all cross works or redans into the hex. */
static gboolean
all_cross_works (const GbacwGame *game, const GArray *attackers, int hex)
{
  const GbacwCatalogue *cat = &game->scenario->catalogue;
  const GbacwHexGrid *grid = &game->scenario->map->grid;

  if (attackers->len == 0)
    return FALSE;
  for (guint i = 0; i < attackers->len; i++)
    {
      const GbacwGameUnit *a = gbacw_game_unit (game, g_array_index (attackers, int, i));
      int d = gbacw_game_direction_between (game, a->hex, hex);
      GbacwHexsideId id = d >= 0 ? gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, a->hex), d)
                                 : GBACW_HEXSIDE_NONE;
      guint32 features = id != GBACW_HEXSIDE_NONE ? game->scenario->map->hexside_features[id] : 0;
      gboolean works = FALSE;
      for (guint t = 0; features && t < cat->hexside_types->len; t++)
        {
          const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, t);
          if ((features & (1u << t)) && (g_strcmp0 (type->style, "works") == 0 || g_strcmp0 (type->style, "redan") == 0))
            works = TRUE;
        }
      if (!works)
        return FALSE;
    }
  return TRUE;
}

static gboolean
gate_before_melee (GbacwGame *game, gpointer data, int unit, const GArray *attackers)
{
  Gate *g = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack;
  int top = -1, drm = 0;
  gboolean all_depleted = attackers->len > 0, enfiladed = FALSE;
  const GbacwFormation *brigade;

  if (!g->before_melee || !is_gated (g, u))
    return TRUE;
  if (aiding_leader (game, unit) >= 0)
    return TRUE;   /* 22.0 step 3 */
  if (gbacw_game_unit_is_mounted (u))
    {
      /* 22.0 step 3, 16.1: meleed solely by infantry (or dismounted cavalry) it retreats
       * without a check; 22.32: charged (or meleed) by mounted cavalry it must make one */
      gboolean by_mounted = FALSE;
      for (guint i = 0; i < attackers->len; i++)
        by_mounted |= gbacw_game_unit_is_mounted (gbacw_game_unit (game, g_array_index (attackers, int, i)));
      if (!by_mounted)
        return TRUE;
    }
  if (g->stack_hex == u->hex && g->stack_turn == game->turn && g->stack_player_turn == game->player_turn)
    return g->stack_may;   /* the stack's roll holds for each of its units */
  /* the top unit that may retreat before melee makes the check (unlimbered guns may not) */
  stack = gbacw_game_stack (game, u->hex);
  for (guint i = 0; stack && i < stack->len && top < 0; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side == u->side && gbacw_game_is_combat_unit (o)
          && !(o->type == GBACW_UNIT_ARTILLERY && o->formation == GBACW_FORMATION_STATE_UNLIMBERED))
        top = o->index;
    }
  if (top < 0)
    top = unit;
  for (guint i = 0; i < attackers->len; i++)
    {
      const GbacwGameUnit *a = gbacw_game_unit (game, g_array_index (attackers, int, i));
      all_depleted &= (a->status & GBACW_STATUS_AMMO_DEPLETED) != 0;
      enfiladed |= enfiladed_from (game, top, a->hex);
    }
  /* +1 enfiladed, out of command, brigade without BCE; -1 every attacker out of
   * ammunition, every attacker across works or redans; by Game-Turn per side */
  drm += enfiladed ? 1 : 0;
  drm += gbacw_game_unit (game, top)->out_of_command ? 1 : 0;
  brigade = gbacw_game_unit (game, top)->oob->formation
              ? gbacw_oob_find_formation (&game->scenario->oob, gbacw_game_unit (game, top)->oob->formation)
              : NULL;
  drm += brigade && gbacw_query_bce_lost (game, brigade) ? 1 : 0;
  drm -= all_depleted ? 1 : 0;
  drm -= all_cross_works (game, attackers, u->hex) ? 1 : 0;
  drm += turn_drm (g->before_drm, game, u->side);
  g->stack_may = morale_roll (game, g, top, drm, _("Retreat before melee"));
  g->stack_hex = u->hex;
  g->stack_turn = game->turn;
  g->stack_player_turn = game->player_turn;
  if (!g->stack_may)
    {
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      gbacw_game_log (game, g->rule_case, _("%s must stand and defend"), label);
    }
  return g->stack_may;
}

/* C 22.33: "A leader who is stacked with units that retreat before melee ... must remain stacked
 * with those units if the leader was used to bypass a Morale Check": the first friendly leader
 * of the hex (22.0 step 3 needs one) goes with a unit that retreated without its check. */
static void
gate_before_melee_companions (GbacwGame *game, gpointer data, int unit, GArray *units)
{
  const Gate *g = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int leader;

  if (!g->before_melee || !is_gated (g, u))
    return;
  leader = aiding_leader (game, unit);
  if (leader >= 0)
    {
      g_autofree char *name = gbacw_game_unit_label (game, leader);
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      if (!gbacw_int_array_has (units, leader))
        g_array_append_val (units, leader);
      gbacw_game_log (game, "C 22.33", _("%s spared %s its check and retreats with it"), name, label);
    }
}

/* C 22.33 for the attacker: "A leader who is stacked with units that ... initiate melee must
 * remain stacked with those units if the leader was used to bypass a Morale Check": each
 * attacking stack that melees without its check because a leader is with it (22.0 step 5)
 * takes that leader into the melee hex, whatever leader 12.4 sends in. A leader not needed
 * (22.4: a hex whose defenders are all routed, pinned or without crews; a cavalry charge) is
 * not bound. */
static void
gate_melee_companions (GbacwGame *game, gpointer data, const GArray *attackers, int target_hex, GArray *leaders)
{
  const Gate *g = data;
  const GbacwMeleeDeclaration *d = NULL;

  if (g->roll != ROLL_MORALE || attackers->len == 0)
    return;
  if (automatic_target (game, target_hex, 1 - gbacw_game_unit (game, g_array_index (attackers, int, 0))->side))
    return;
  for (guint k = 0; k < game->melees->len; k++)
    if (((GbacwMeleeDeclaration *) g_ptr_array_index (game->melees, k))->target == target_hex)
      d = g_ptr_array_index (game->melees, k);
  for (guint i = 0; i < attackers->len; i++)
    {
      int unit = g_array_index (attackers, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      int leader;

      if (u->hex == target_hex || !is_gated (g, u) || u->type == GBACW_UNIT_LEADER
          || (d && d->charge && u->type == GBACW_UNIT_CAVALRY))
        continue;
      leader = aiding_leader (game, unit);
      if (leader >= 0 && !gbacw_int_array_has (leaders, leader))
        {
          g_autofree char *name = gbacw_game_unit_label (game, leader);
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          g_array_append_val (leaders, leader);
          gbacw_game_log (game, "C 22.33", _("%s spared %s its check and goes into the melee with it"), name, label);
        }
    }
}

/* C 22.35: "The attacking player may not announce a melee attack which, if successful, would
 * violate stacking limitations for the defending hex": the units announced, with those
 * already announced against the hex, must fit its limits as if they stood there (8.1: each
 * side's own units; the defenders gone). */
static gboolean
gate_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Gate *g = data;
  const GArray *units;
  g_autoptr (GArray) all = NULL;
  g_autofree char *hex_label = NULL;
  int hex;

  if (!g->declare_stacking || action->kind != GBACW_ACTION_DECLARE_MELEE)
    return TRUE;
  units = action->melee.units;
  hex = action->melee.target;
  if (units == NULL || units->len == 0 || hex < 0 || hex >= game->n_hexes)
    return TRUE;   /* the Standard Rules' checks say what is wrong */
  for (guint i = 0; i < units->len; i++)
    if (g_array_index (units, int, i) < 0 || (guint) g_array_index (units, int, i) >= game->units->len)
      return TRUE;   /* refused by the Standard Rules' checks */
  all = g_array_copy ((GArray *) units);
  for (guint k = 0; k < game->melees->len; k++)
    {
      const GbacwMeleeDeclaration *d = g_ptr_array_index (game->melees, k);
      if (d->target != hex || d->resolved)
        continue;
      for (int i = 0; i < d->n_units; i++)
        if (d->units[i] >= 0 && !gbacw_int_array_has (all, d->units[i]))
          g_array_append_val (all, d->units[i]);
    }
  for (guint i = 0; i < all->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (all, int, i));
      if (u->side != game->phasing_side || u->hex < 0)
        return TRUE;   /* refused by the Standard Rules' checks */
    }
  if (gbacw_query_stacking_allows (game, hex, (const int *) (gpointer) all->data, all->len, GBACW_FORMATION_STATE_UNSET))
    return TRUE;
  hex_label = gbacw_game_hex_label (game, hex);
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
               _("[C 22.35] This melee may not be announced: if it succeeded, the attackers in %s would break its "
                 "stacking limits"),
               hex_label);
  return FALSE;
}

static gboolean
gate_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Gate *t = to_data;
  const Gate *f = from_data;

  (void) to;
  (void) from;
  t->stack_hex = f->stack_hex;
  t->stack_turn = f->stack_turn;
  t->stack_player_turn = f->stack_player_turn;
  t->stack_may = f->stack_may;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_melee_initiation = {
  .id = "melee-initiation",
  .init = gate_init,
  .finalize = gate_finalize,
  .copy_state = gate_copy_state,
  .melee_initiation = gate_check,
  .melee_initiation_roll = gate_roll,
  .before_melee_roll = gate_before_melee,
  .before_melee_companions = gate_before_melee_companions,
  .melee_companions = gate_melee_companions,
  .action_legal = gate_action_legal,
  .melee_initiation_chance = gate_chance,
};
