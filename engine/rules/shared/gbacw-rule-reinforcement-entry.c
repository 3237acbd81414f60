/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-reinforcement-entry.c: how reinforcements come onto the map (rules matrix
 * §2.D "Reinforcement entry"): J 32, P 26, C 29.31, 29.47, 30.13.
 *
 * The engine plays what the three games share (26.0 in the engine's README): a group
 * enters from its Game-Turn on at one of its entry hexes, the n-th unit at a hex in a
 * Movement Phase paying n times the hex's cost, withheld units waiting (J 32.1, P 26.15,
 * 26.21). This module adds what each game prints:
 * - blocked entry hexes: J 32.2 "occupied by an enemy unit or in an enemy ZOC during the
 *   friendly Movement Phase in which the reinforcements were due to arrive ... delayed one
 *   Game-Turn and may then enter from the nearest unblocked hex on the same map-edge";
 *   P 26.14 "occupied by an Enemy unit ... delay entry until a later Game-Turn and then
 *   enter on the scheduled hex or delay a Game-Turn and enter in the next hex closest to
 *   the blocked entry hex. Should two hexes be equidistant, the owning Player has his
 *   choice";
 * - P 26.22: units due at 0115 or 0123 may delay one Game-Turn and enter on the other hex;
 * - the cost of the column: J 32.0 "one regiment or three sections at a time" (a stack of
 *   three sections is one place of the column); C 29.31 and 29.47 "each unit pays the
 *   Movement Point cost of the hex it is initially placed in" (no column); C 30.13 "the
 *   first unit expends 1/2 Movement Point to enter the map, the second 1 ... 1 1/2";
 * - C 29.47: reinforcements "must stay in column until they come within the Effectiveness
 *   Radii of their brigade commanders or until they are attacked".
 *
 * Parameters (<exclusive id="reinforcement-entry">):
 *   game               J, P or C: which game's cases the log and refusals cite
 *   blocked            none (the default), enemy (P 26.14), enemy-zoc (J 32.2: enemy units
 *                      or their ZOC)
 *   blocked-on         any-turn (the default: P 26.14) or due-turn (J 32.2: only in the
 *                      Movement Phase of the group's Game-Turn)
 *   alternative        next-closest (the default, P 26.14: the scheduled hex or the edge
 *                      hexes nearest it) or nearest-unblocked (J 32.2: the nearest edge hex
 *                      not blocked, the scheduled one if it is free)
 *   alternative-edge   any (the default) or same (J 32.2: on the scheduled hex's map edge)
 *   swap               entry hexes that stand for each other a Game-Turn late (P 26.22:
 *                      "0115 0123")
 *   column-cost[.ID]   multiple (the default: place times the hex's cost), first-hex (C
 *                      29.31, 29.47) or Movement Points per place ("1/2": C 30.13); ID a
 *                      formation (or one above it) or side
 *   sections-per-step  sections entering together that take one place (J 32.0: 3)
 *   stay-in-column[.ID] yes: the group's units keep their formation until in their brigade
 *                      commander's Effectiveness Radius or attacked (C 29.47)
 */
#define G_LOG_DOMAIN "gbacw-rule-reinforcement-entry"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"
#include "gbacw-leadership.h"
#include "gbacw-movement.h"

enum { GAME_P, GAME_J, GAME_C };
enum { BLOCKED_NONE, BLOCKED_ENEMY, BLOCKED_ENEMY_ZOC };
enum { ON_ANY_TURN, ON_DUE_TURN };
enum { ALT_NEXT_CLOSEST, ALT_NEAREST_UNBLOCKED };
enum { EDGE_ANY, EDGE_SAME };

/* map edges of a hex (bits) */
#define EDGE_WEST 1
#define EDGE_EAST 2
#define EDGE_NORTH 4
#define EDGE_SOUTH 8

typedef struct {
  const GbacwExclusiveRule *rule;
  int game;
  int blocked, blocked_on, alternative, edge;
  GArray *swap;               /* int hexes */
  int sections_per_step;
  GHashTable *blocked_turn;   /* GINT_TO_POINTER (group * 1024 + slot) -> GINT_TO_POINTER (turn + 1) */
  gboolean *held;             /* per unit: stays in column (C 29.47) */
  guint8 *edges;              /* per hex: EDGE_* bits */
} Entry;

static const char *
case_of (const Entry *e, const char *p, const char *j, const char *c)
{
  return e->game == GAME_J ? j : e->game == GAME_C ? c : p;
}

static const char *
side_id (const GbacwGame *game, const GbacwGameUnit *u)
{
  return u->oob->side;
}

static const char *
scoped (const GbacwGame *game, const Entry *e, const char *base, const GbacwGameUnit *u)
{
  return gbacw_exclusive_rule_get_scoped (e->rule, &game->scenario->oob, base, u->oob->formation, side_id (game, u));
}

static gpointer
entry_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Entry *e = g_new0 (Entry, 1);
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  const char *swap = gbacw_exclusive_rule_get_param (rule, "swap");
  const char *sections = gbacw_exclusive_rule_get_param (rule, "sections-per-step");
  g_autofree char *why = NULL;

  e->rule = rule;
  e->game = gbacw_exclusive_rule_get_choice (rule, "game", gbacw_entry_game_choices);
  e->blocked = gbacw_exclusive_rule_get_choice (rule, "blocked", gbacw_entry_blocked_choices);
  e->blocked_on = gbacw_exclusive_rule_get_choice (rule, "blocked-on", gbacw_entry_blocked_on_choices);
  e->alternative = gbacw_exclusive_rule_get_choice (rule, "alternative", gbacw_entry_alternative_choices);
  e->edge = gbacw_exclusive_rule_get_choice (rule, "alternative-edge", gbacw_entry_edge_choices);
  e->swap = swap ? gbacw_exclusive_parse_hexes (game->scenario->map, swap, &why) : NULL;
  if (sections == NULL || !gbacw_exclusive_parse_int (sections, 1, 99, &e->sections_per_step, &why))
    e->sections_per_step = 1;
  e->blocked_turn = g_hash_table_new (NULL, NULL);
  e->held = g_new0 (gboolean, MAX (game->units->len, 1));
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const char *stay = u->reinforcement >= 0 ? scoped (game, e, "stay-in-column", u) : NULL;
      gboolean yes = FALSE;
      g_autofree char *ignored = NULL;
      e->held[i] = stay && gbacw_exclusive_parse_yes_no (stay, &yes, &ignored) && yes
                   && gbacw_game_is_combat_unit (u) && u->type != GBACW_UNIT_WAGON;
    }
  e->edges = g_new0 (guint8, MAX (game->n_hexes, 1));
  for (int h = 0; h < game->n_hexes; h++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (grid, h);
      e->edges[h] = (hex.col == 0 ? EDGE_WEST : 0) | (hex.col == grid->columns - 1 ? EDGE_EAST : 0)
                    | (hex.row == 0 ? EDGE_NORTH : 0) | (hex.row == grid->rows - 1 ? EDGE_SOUTH : 0);
    }
  return e;
}

static void
entry_finalize (gpointer data)
{
  Entry *e = data;

  g_clear_pointer (&e->swap, g_array_unref);
  g_hash_table_unref (e->blocked_turn);
  g_free (e->held);
  g_free (e->edges);
  g_free (e);
}

/* Whether hex blocks the entry of side's units (P 26.14: enemy units; J 32.2: or their ZOC). */
static gboolean
hex_blocked (const GbacwGame *game, const Entry *e, int hex, int side)
{
  if (gbacw_game_hex_has_side (game, hex, 1 - side, FALSE))
    return TRUE;
  return e->blocked == BLOCKED_ENEMY_ZOC && gbacw_movement_in_enemy_zoc (game, hex, side, FALSE);
}

/* The group's side: its first unit's; -1 when all its units are on the map or gone. */
static int
group_waiting_side (const GbacwGame *game, int group)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->reinforcement == group && u->presence == GBACW_PRESENCE_NOT_ARRIVED)
        return u->side;
    }
  return -1;
}

#define SLOT_KEY(group, slot) GINT_TO_POINTER ((group) * 1024 + (slot) + 1)

/* J 32.2, P 26.14: at the start of the owner's Movement Phase, an entry hex of a group due
 * (J: due this Game-Turn) that is blocked delays its units there by one Game-Turn. */
static void
entry_reinforcements (GbacwGame *game, gpointer data)
{
  Entry *e = data;
  const GPtrArray *groups = game->scenario->reinforcements;

  if (e->blocked == BLOCKED_NONE)
    return;
  for (guint g = 0; g < groups->len; g++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (groups, g);
      int side;

      if (r->turn > game->turn || (e->blocked_on == ON_DUE_TURN && r->turn != game->turn) || r->entry_hexes == NULL
          || r->entry_hexes->len > 1000)
        continue;
      side = group_waiting_side (game, (int) g);
      if (side != game->phasing_side)
        continue;
      for (guint k = 0; k < r->entry_hexes->len; k++)
        {
          int hex = g_array_index (r->entry_hexes, int, k);
          g_autofree char *label = NULL;
          if (hex < 0 || hex >= game->n_hexes || g_hash_table_contains (e->blocked_turn, SLOT_KEY (g, k))
              || !hex_blocked (game, e, hex, side))
            continue;
          g_hash_table_insert (e->blocked_turn, SLOT_KEY (g, k), GINT_TO_POINTER (game->turn + 1));
          label = gbacw_game_hex_label (game, hex);
          gbacw_game_log (game, case_of (e, "P 26.14", "J 32.2", "26.0"),
                          _("The entry hex %s is blocked: the reinforcements due there enter a Game-Turn later, at the "
                            "nearest hex if it is still blocked"),
                          label);
        }
    }
}

static void
add_once (GArray *hexes, int hex)
{
  for (guint i = 0; i < hexes->len; i++)
    if (g_array_index (hexes, int, i) == hex)
      return;
  g_array_append_val (hexes, hex);
}

/* The map-edge hexes nearest blocked (itself excluded), not blocked for side, on its edge
 * when the rule says so (J 32.2); every hex at that distance (P 26.14: the owner's choice). */
static void
add_nearest (const GbacwGame *game, const Entry *e, int blocked, int side, GArray *out)
{
  int best = G_MAXINT;

  for (int pass = 0; pass < 2; pass++)
    for (int h = 0; h < game->n_hexes; h++)
      {
        int d;
        if (h == blocked || e->edges[h] == 0 || (e->edge == EDGE_SAME && !(e->edges[h] & e->edges[blocked]))
            || hex_blocked (game, e, h, side))
          continue;
        d = gbacw_game_distance (game, blocked, h);
        if (pass == 0)
          best = MIN (best, d);
        else if (d == best)
          add_once (out, h);
      }
}

static gboolean
in_swap (const Entry *e, int hex)
{
  for (guint i = 0; e->swap && i < e->swap->len; i++)
    if (g_array_index (e->swap, int, i) == hex)
      return TRUE;
  return FALSE;
}

static const char *
entry_hexes (const GbacwGame *game, gpointer data, int unit, GArray *hexes)
{
  const Entry *e = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwReinforcement *r = g_ptr_array_index (game->scenario->reinforcements, u->reinforcement);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (int));
  const char *rule_case = NULL;

  for (guint k = 0; k < hexes->len; k++)
    {
      int hex = g_array_index (hexes, int, k);
      int turn = GPOINTER_TO_INT (g_hash_table_lookup (e->blocked_turn, SLOT_KEY (u->reinforcement, k))) - 1;

      if (k >= r->entry_hexes->len || hex < 0 || hex >= game->n_hexes)
        {
          add_once (out, hex);
          continue;
        }
      if (turn == game->turn)
        rule_case = case_of (e, "P 26.14", "J 32.2", "26.0");   /* blocked: delayed a Game-Turn */
      else if (turn >= 0 && e->edges[hex] != 0)
        {
          rule_case = case_of (e, "P 26.14", "J 32.2", "26.0");
          if (e->alternative == ALT_NEXT_CLOSEST || !hex_blocked (game, e, hex, u->side))
            add_once (out, hex);
          if (e->alternative == ALT_NEXT_CLOSEST || hex_blocked (game, e, hex, u->side))
            add_nearest (game, e, hex, u->side, out);
        }
      else
        add_once (out, hex);
      /* P 26.22: a Game-Turn late, at the other hex */
      if (in_swap (e, hex) && game->turn > r->turn)
        for (guint i = 0; i < e->swap->len; i++)
          if (g_array_index (e->swap, int, i) != hex)
            {
              add_once (out, g_array_index (e->swap, int, i));
              rule_case = rule_case ? rule_case : case_of (e, "P 26.22", "J 32.1", "26.0");
            }
    }
  g_array_set_size (hexes, 0);
  g_array_append_vals (hexes, out->data, out->len);
  return rule_case;
}

/* column-cost: -1 multiple, 0 first-hex, else halves per place */
static int
column_mode (const GbacwGame *game, const Entry *e, const GbacwGameUnit *u)
{
  const char *value = scoped (game, e, "column-cost", u);
  g_autofree char *why = NULL;
  double mp;

  if (value == NULL || g_strcmp0 (value, "multiple") == 0)
    return -1;
  if (g_strcmp0 (value, "first-hex") == 0)
    return 0;
  if (gbacw_exclusive_parse_number (value, &mp, &why))
    return MAX (1, (int) (mp * 2 + 0.5));
  return -1;
}

static gboolean
is_section (const GbacwGameUnit *u)
{
  return (u->oob->flags & GBACW_UNIT_FLAG_SECTION) != 0;
}

static int
entry_cost (const GbacwGame *game, gpointer data, const GArray *units, guint i, int hex, int before, int halves,
            int *place, const char **rule_case)
{
  const Entry *e = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
  int mode = column_mode (game, e, u), steps = 0, sections = 0;

  /* J 32.0: "one regiment or three sections at a time" */
  for (guint k = 0; k <= i; k++)
    {
      const GbacwGameUnit *v = gbacw_game_unit (game, g_array_index (units, int, k));
      if (is_section (v) && e->sections_per_step > 1)
        {
          if (sections % e->sections_per_step == 0)
            steps++;
          sections++;
        }
      else
        steps++;
    }
  *place = before + steps;
  if (mode < 0)
    {
      *rule_case = case_of (e, "P 26.0", "J 32.0", "26.0");
      return *place * halves;
    }
  if (mode == 0)
    {
      *rule_case = case_of (e, "P 26.0", "J 32.0", "C 29.31");
      return halves;
    }
  *rule_case = case_of (e, "P 26.0", "J 32.0", "C 30.13");
  return *place * mode;
}

/* C 29.47: freed by its brigade commander's Effectiveness Radius or an attack. */
static gboolean
column_freed (const GbacwGame *game, const GbacwGameUnit *u)
{
  GbacwCommandStatus status;

  if (u->fired_upon != 0 || u->meleed)
    return TRUE;
  gbacw_leadership_command_status (game, u->index, &status);
  return status.reason == GBACW_COMMAND_IN_RADIUS;
}

static gboolean
entry_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Entry *e = data;

  if (action->kind != GBACW_ACTION_CHANGE_FORMATION || action->formation.units == NULL)
    return TRUE;
  for (guint i = 0; i < action->formation.units->len; i++)
    {
      int unit = g_array_index (action->formation.units, int, i);
      const GbacwGameUnit *u;
      if (unit < 0 || (guint) unit >= game->units->len || !e->held[unit])
        continue;
      u = gbacw_game_unit (game, unit);
      if (u->presence == GBACW_PRESENCE_ON_MAP && !column_freed (game, u))
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[%s] %s entered as a reinforcement and stays in its formation until it is within its "
                         "brigade commander's Effectiveness Radius or is attacked"),
                       case_of (e, "P 26.0", "J 32.0", "C 29.47"), label);
          return FALSE;
        }
    }
  return TRUE;
}

static void
entry_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Entry *e = data;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (e->held[i] && u->presence == GBACW_PRESENCE_ON_MAP && column_freed (game, u))
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          e->held[i] = FALSE;
          gbacw_game_log (game, case_of (e, "P 26.0", "J 32.0", "C 29.47"), _("%s may change formation now"), label);
        }
      else if (e->held[i] && u->presence != GBACW_PRESENCE_ON_MAP && u->presence != GBACW_PRESENCE_NOT_ARRIVED)
        e->held[i] = FALSE;
    }
}

/* STATUS: each blocked entry hex whose reinforcements still wait (P 26.14, J 32.2): from
 * when they enter, and where (the hexes gbacw_movement_entry_hexes () then gives). */
static void
entry_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Entry *e = data;
  const GPtrArray *groups = game->scenario->reinforcements;

  for (guint g = 0; g < groups->len; g++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (groups, g);
      guint waiting = 0;

      for (guint i = 0; i < game->units->len; i++)
        {
          const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          waiting += u->reinforcement == (int) g && u->presence == GBACW_PRESENCE_NOT_ARRIVED;
        }
      for (guint k = 0; waiting > 0 && r->entry_hexes && k < r->entry_hexes->len && k < 1000; k++)
        {
          int blocked_on = GPOINTER_TO_INT (g_hash_table_lookup (e->blocked_turn, SLOT_KEY (g, k))) - 1;
          g_autofree char *label = NULL;

          if (blocked_on < 0)
            continue;
          label = gbacw_game_hex_label (game, g_array_index (r->entry_hexes, int, k));
          g_ptr_array_add (items,
                           gbacw_rule_status_new (case_of (e, "P 26.14", "J 32.2", "26.0"),
                                                  g_dngettext (GETTEXT_PACKAGE,
                                                               "The entry hex %s was blocked on Game-Turn %d: %u "
                                                               "reinforcement waits to enter from Game-Turn %d, there "
                                                               "or at the nearest hex",
                                                               "The entry hex %s was blocked on Game-Turn %d: %u "
                                                               "reinforcements wait to enter from Game-Turn %d, there "
                                                               "or at the nearest hex", waiting),
                                                  label, blocked_on, waiting, blocked_on + 1));
        }
    }
}

static gboolean
entry_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Entry *t = to_data;
  const Entry *f = from_data;

  gbacw_copy_direct_table (t->blocked_turn, f->blocked_turn);
  GBACW_COPY_ARRAY (t->held, f->held, MIN (to->units->len, from->units->len));
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_reinforcement_entry = {
  .id = "reinforcement-entry",
  .init = entry_init,
  .finalize = entry_finalize,
  .copy_state = entry_copy_state,
  .reinforcements = entry_reinforcements,
  .entry_hexes = entry_hexes,
  .entry_cost = entry_cost,
  .action_legal = entry_action_legal,
  .action_done = entry_action_done,
  .status = entry_status,
};
