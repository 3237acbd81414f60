/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-reserves.c: units held back until released or committed (rules matrix §2.D
 * "Reserves and commitment"), one module for every variant the three games use:
 *
 *  - J 30.1: Fremont's uncommitted brigades may move, but never within approach (3) hexes
 *    of an enemy combat unit, so that a unit that moves ends at least 4 away; rout and
 *    retreat are not movement. Who commits them is the Jackson module's (30.2-30.6), through
 *    gbacw_reserves_set_committed ().
 *  - J 33.3: Taylor's and Patton's brigades may not move nor change formation (33.31) until
 *    Game-Turn 9 and 10, or until a Union unit fires on one of its regiments or passes
 *    within 3 hexes of one (33.32); each brigade is released on its own.
 *  - P 33.0: the 24th Missouri may not move nor change formation until Game-Turn 2.
 *  - C 29.43: the three brigades near the Tishomingo Hotel do nothing (no move, formation
 *    change or fire) until 4 Game-Turns after the first fire or melee of the game, or until
 *    one of their units is attacked; C 29.44: the artillery park neither moves nor fires
 *    until Game-Turn 17 or until a Confederate unit comes within 6 hexes of a Corinth hex.
 *  - C 30.3: the four reserve "units" may not move, change formation or fire offensively
 *    (30.32); one attacked (fire or melee) is committed at once (30.33); from Game-Turn 6
 *    the Union player may roll for up to two of them in his Initial Command Phase, each at
 *    most once a Game-Turn (30.34, 30.35: Hamilton 1-2, the others 1); from Game-Turn 15 he
 *    commits those he wishes (30.35); each still in reserve when Game-Turn 16 ends costs the
 *    Confederate player 1 Victory Point (30.36).
 *
 * Parameters (<exclusive id="reserves">; a scenario may have several, each its own groups):
 *   formations               formation ids: each formation (with every formation under it) is
 *                            one reserve group, released on its own
 *   units                    unit ids: one group together
 *   forbid[.FORMATION]       move formation offensive-fire fire, or none (default "move
 *                            formation"); move also forbids exits and melee
 *   approach[.FORMATION]     J 30.1: hexes from the enemy a moving held unit may not come within
 *   release-turn[.FORMATION] the Game-Turn at whose start the group is released
 *   release-on[.FORMATION]   fired-on attacked enemy-near: fire at one of its units, fire or
 *                            melee against them, an enemy combat unit within release-distance
 *                            (a FORMATION's value, for its group, in place of the rule's: one
 *                            rule holds J 30.1's brigades and J 33.3's)
 *   release-distance         for enemy-near (default 3)
 *   release-area, release-area-distance
 *                            an enemy combat unit within that many hexes of a hex of the area
 *   release-after-combat     Game-Turns after the first fire or melee of the game
 *   commit-from, commit-roll[.FORMATION], commit-tries
 *                            from that Game-Turn the owner may roll for up to commit-tries
 *                            groups in his Initial Command Phase, each once a Game-Turn: a die
 *                            within commit-roll commits it
 *   commit-at-will           from that Game-Turn he commits any he wishes, without a roll
 *   vp-turn, vp.SIDE         when vp-turn ends, each group still held gives SIDE vp.SIDE Victory
 *                            Points (negative: lost)
 *   held-within              "AREA:RADIUS": only the groups set up within RADIUS hexes of the area
 *                            are held (C 29.43: the brigades near the hotel; a formation with a
 *                            unit deployed farther, or none deployed, is not), and of the units
 *                            only those within (C 29.44: the artillery park)
 *   case[.FORMATION]         the case the log and refusals cite ("C 30.3")
 */
#define G_LOG_DOMAIN "gbacw-rule-reserves"

#include "gbacw-rule-modules.h"
#include "gbacw-rule-reserves.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"

enum { FORBID_MOVE = 1 << 0, FORBID_FORMATION = 1 << 1, FORBID_OFFENSIVE_FIRE = 1 << 2, FORBID_FIRE = 1 << 3 };
enum { RELEASE_FIRED_ON = 1 << 0, RELEASE_ATTACKED = 1 << 1, RELEASE_ENEMY_NEAR = 1 << 2 };

typedef struct {
  char *id;                 /* the formation's id, or "units" */
  char *name;               /* for the log */
  int side;
  int release_turn;         /* -1: none */
  int commit_top;           /* the commitment roll's top, 0: none */
  gboolean released;
  int rolled_turn;          /* the Game-Turn of its last commitment roll, -1 */
  guint forbid;             /* FORBID_* */
  int approach;
  guint release_on;         /* RELEASE_* */
  char *rule_case;          /* the case its log lines and refusals cite */
} Group;

typedef struct {
  GArray *groups;           /* Group */
  int *group_of;            /* per unit: its group, -1 */
  guint n_units;
  guint forbid;
  int approach;
  guint release_on;
  int release_distance;
  guint8 *near_area;        /* per hex: within release-area-distance of the area, or NULL */
  int after_combat;         /* -1: none */
  int first_combat_turn;    /* -1: no combat yet */
  int commit_from, commit_tries, commit_at_will;   /* -1: none */
  int vp_turn;
  int vp[2];
  int counted;              /* groups held when vp_turn ended, -1 before */
  char *rule_case;
  int asked_key;            /* turn * 2 + player_turn of the last commitment question */
} Reserves;

static void
warn_param (const char *name, const char *why)
{
  g_warning ("reserves: %s: %s", name, why);   /* the validator refuses it first */
}

static int
turn_param (const GbacwExclusiveRule *rule, const char *name, int fallback)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int n;

  if (value == NULL)
    return fallback;
  if (!gbacw_exclusive_parse_int (value, 0, 999, &n, &why))
    {
      warn_param (name, why);
      return fallback;
    }
  return n;
}

static guint
choice_bits (const GbacwExclusiveRule *rule, const char *name, const char *const *choices, guint fallback)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  g_auto (GStrv) words = NULL;
  guint bits = 0;

  if (value == NULL)
    return fallback;
  if ((words = gbacw_exclusive_parse_ids (value, &why)) == NULL)
    {
      warn_param (name, why);
      return fallback;
    }
  for (guint i = 0; words[i]; i++)
    {
      int index;
      g_autofree char *bad = NULL;
      if (gbacw_exclusive_parse_choice (words[i], choices, &index, &bad))
        bits |= 1u << index;
      else
        warn_param (name, bad);
    }
  return bits;
}

/* The formation index f or one of the formations above it in the order of battle is target. */
static gboolean
formation_under (const GbacwGame *game, int f, int target)
{
  for (int guard = 0; f >= 0 && guard < 64; guard++, f = game->formation_original_parent[f])
    if (f == target)
      return TRUE;
  return FALSE;
}

static int
formation_index (const GbacwGame *game, const char *id)
{
  const GPtrArray *formations = game->scenario->oob.formations;

  for (guint i = 0; i < formations->len; i++)
    if (g_strcmp0 (((const GbacwFormation *) g_ptr_array_index (formations, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static void
add_group (Reserves *r, const GbacwExclusiveRule *rule, const char *id, const char *name, int side)
{
  g_autofree char *case_name = g_strconcat ("case.", id, NULL);
  const char *group_case = gbacw_exclusive_rule_get_param (rule, case_name);
  Group g = { g_strdup (id), g_strdup (name), side, -1, 0, FALSE, -1, r->forbid, r->approach, r->release_on,
              g_strdup (group_case ? group_case : r->rule_case) };
  g_autofree char *turn_name = g_strconcat ("release-turn.", id, NULL);
  g_autofree char *roll_name = g_strconcat ("commit-roll.", id, NULL);
  g_autofree char *forbid_name = g_strconcat ("forbid.", id, NULL);
  g_autofree char *approach_name = g_strconcat ("approach.", id, NULL);
  g_autofree char *release_name = g_strconcat ("release-on.", id, NULL);
  const char *roll = gbacw_exclusive_rule_get_param (rule, roll_name);
  g_autofree char *why = NULL;

  g.release_turn = turn_param (rule, turn_name, turn_param (rule, "release-turn", -1));
  g.forbid = choice_bits (rule, forbid_name, gbacw_reserves_forbid_choices, g.forbid);
  g.approach = turn_param (rule, approach_name, g.approach);
  g.release_on = choice_bits (rule, release_name, gbacw_reserves_release_choices, g.release_on);
  if (roll == NULL)
    roll = gbacw_exclusive_rule_get_param (rule, "commit-roll");
  if (roll && !gbacw_exclusive_parse_die_top (roll, &g.commit_top, &why))
    warn_param (roll_name, why);
  g_array_append_val (r->groups, g);
}

static void
init_near_area (Reserves *r, GbacwGame *game, const GbacwExclusiveRule *rule)
{
  const char *id = gbacw_exclusive_rule_get_param (rule, "release-area");
  const GbacwArea *area = id ? gbacw_map_find_area (game->scenario->map, id) : NULL;
  int distance = turn_param (rule, "release-area-distance", 0);

  if (area == NULL)
    return;
  r->near_area = g_new0 (guint8, MAX (game->n_hexes, 1));
  for (int h = 0; h < game->n_hexes; h++)
    for (guint k = 0; k < area->hexes->len && !r->near_area[h]; k++)
      {
        int a = g_array_index (area->hexes, int, k);
        r->near_area[h] = a >= 0 && a < game->n_hexes && gbacw_game_distance (game, h, a) <= distance;
      }
}

/* held-within "AREA:RADIUS" (C 29.43, 29.44: the free set-up decides who is held): a
 * formation's group is held only when every combat unit of it deployed at the start is
 * within RADIUS hexes of a hex of AREA (one with none deployed is not); a unit of the units
 * group only when it is. */
static void
held_within (Reserves *r, GbacwGame *game, const GbacwExclusiveRule *rule)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, "held-within");
  g_auto (GStrv) parts = value ? g_strsplit (value, ":", 2) : NULL;
  const GbacwArea *area = parts && parts[0] ? gbacw_map_find_area (game->scenario->map, parts[0]) : NULL;
  g_autofree gboolean *out = NULL, *in = NULL;
  g_autofree char *why = NULL;
  int radius = 0;

  if (value == NULL)
    return;
  if (area == NULL || parts[1] == NULL || !gbacw_exclusive_parse_int (parts[1], 0, 99, &radius, &why))
    {
      warn_param ("held-within", value);
      return;
    }
  out = g_new0 (gboolean, r->groups->len + 1);
  in = g_new0 (gboolean, r->groups->len + 1);
  for (guint i = 0; i < r->n_units; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, (int) i);
      gboolean near = FALSE;
      int g = r->group_of[i];
      if (g < 0 || !gbacw_game_is_combat_unit (u))
        continue;
      for (guint k = 0; u->hex >= 0 && k < area->hexes->len && !near; k++)
        near = gbacw_game_distance (game, u->hex, g_array_index (area->hexes, int, k)) <= radius;
      if (g_strcmp0 (g_array_index (r->groups, Group, g).id, "units") == 0)
        {
          if (!near)
            r->group_of[i] = -1;
        }
      else if (u->hex >= 0)
        {
          out[g] |= !near;
          in[g] |= near;
        }
    }
  for (guint g = 0; g < r->groups->len; g++)
    if (g_strcmp0 (g_array_index (r->groups, Group, g).id, "units") != 0 && (out[g] || !in[g]))
      g_array_index (r->groups, Group, g).released = TRUE;
}

static gpointer
reserves_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Reserves *r = g_new0 (Reserves, 1);
  const char *value;
  g_autofree char *why = NULL;

  r->groups = g_array_new (FALSE, FALSE, sizeof (Group));
  r->n_units = game->units->len;
  r->group_of = g_new (int, MAX (r->n_units, 1));
  for (guint i = 0; i < r->n_units; i++)
    r->group_of[i] = -1;
  r->forbid = choice_bits (rule, "forbid", gbacw_reserves_forbid_choices, FORBID_MOVE | FORBID_FORMATION);
  r->approach = turn_param (rule, "approach", 0);
  r->release_on = choice_bits (rule, "release-on", gbacw_reserves_release_choices, 0);
  r->release_distance = turn_param (rule, "release-distance", 3);
  r->after_combat = turn_param (rule, "release-after-combat", -1);
  r->first_combat_turn = -1;
  r->commit_from = turn_param (rule, "commit-from", -1);
  r->commit_tries = turn_param (rule, "commit-tries", 1);
  r->commit_at_will = turn_param (rule, "commit-at-will", -1);
  r->vp_turn = turn_param (rule, "vp-turn", -1);
  r->counted = -1;
  r->asked_key = -1;
  for (int side = 0; side < 2; side++)
    {
      const GbacwSide *s = g_ptr_array_index (game->scenario->oob.sides, side);
      g_autofree char *name = g_strconcat ("vp.", s->id, NULL);
      const char *vp = gbacw_exclusive_rule_get_param (rule, name);
      g_autofree char *bad = NULL;
      if (vp && !gbacw_exclusive_parse_int (vp, -99, 99, &r->vp[side], &bad))
        warn_param (name, bad);
    }
  value = gbacw_exclusive_rule_get_param (rule, "case");
  r->rule_case = g_strdup (value ? value : "19.0");
  init_near_area (r, game, rule);

  value = gbacw_exclusive_rule_get_param (rule, "formations");
  if (value)
    {
      g_auto (GStrv) ids = gbacw_exclusive_parse_ids (value, &why);
      for (guint i = 0; ids && ids[i]; i++)
        {
          int f = formation_index (game, ids[i]);
          const GbacwFormation *formation = f >= 0 ? g_ptr_array_index (game->scenario->oob.formations, f) : NULL;
          if (formation == NULL)
            {
              warn_param ("formations", ids[i]);
              continue;
            }
          add_group (r, rule, ids[i], formation->name && *formation->name ? formation->name : ids[i],
                     gbacw_game_side_index (game, formation->side));
          for (guint u = 0; u < r->n_units; u++)
            if (game->unit_formation[u] >= 0 && formation_under (game, game->unit_formation[u], f))
              r->group_of[u] = (int) r->groups->len - 1;
        }
    }
  value = gbacw_exclusive_rule_get_param (rule, "units");
  if (value)
    {
      g_auto (GStrv) ids = gbacw_exclusive_parse_ids (value, &why);
      int side = -1;
      for (guint i = 0; ids && ids[i]; i++)
        {
          GbacwGameUnit *u = gbacw_game_find_unit (game, ids[i]);
          if (u == NULL)
            {
              warn_param ("units", ids[i]);
              continue;
            }
          if (side < 0)
            {
              add_group (r, rule, "units", u->oob->designation && *u->oob->designation ? u->oob->designation : u->id,
                         u->side);
              side = u->side;
            }
          r->group_of[u->index] = (int) r->groups->len - 1;
        }
    }
  held_within (r, game, rule);
  return r;
}

static void
reserves_finalize (gpointer data)
{
  Reserves *r = data;

  for (guint i = 0; i < r->groups->len; i++)
    {
      g_free (g_array_index (r->groups, Group, i).id);
      g_free (g_array_index (r->groups, Group, i).name);
      g_free (g_array_index (r->groups, Group, i).rule_case);
    }
  g_array_unref (r->groups);
  g_free (r->group_of);
  g_free (r->near_area);
  g_free (r->rule_case);
  g_free (r);
}

static Group *
group_of (const Reserves *r, int unit)
{
  int g = unit >= 0 && (guint) unit < r->n_units ? r->group_of[unit] : -1;
  return g >= 0 ? &g_array_index (r->groups, Group, g) : NULL;
}

static gboolean
held (const Reserves *r, int unit)
{
  const Group *g = group_of (r, unit);
  return g != NULL && !g->released;
}

static void
release (GbacwGame *game, Reserves *r, Group *g, const char *why)
{
  if (g->released)
    return;
  g->released = TRUE;
  gbacw_game_log (game, g->rule_case, _("%s is released from reserve: %s"), g->name, why);
}

/* An enemy combat unit on the map within distance hexes of hex. */
static gboolean
enemy_within (const GbacwGame *game, int side, int hex, int distance)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *o = g_ptr_array_index (game->units, i);
      if (o->side == 1 - side && o->hex >= 0 && gbacw_game_is_combat_unit (o)
          && gbacw_game_distance (game, hex, o->hex) <= distance)
        return TRUE;
    }
  return FALSE;
}

/* The releases that depend on the position and on fire and melee (J 33.32, C 29.43, 29.44,
 * 30.33). */
static void
check_position (GbacwGame *game, Reserves *r)
{
  gboolean combat = FALSE;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      combat |= u->fired_upon != 0 || u->meleed;
    }
  if (combat && r->first_combat_turn < 0)
    {
      r->first_combat_turn = game->turn;
      if (r->after_combat >= 0)
        gbacw_game_log (game, r->rule_case, _("The first combat of the game: reserves are released on Game-Turn %d"),
                        game->turn + r->after_combat);
    }
  for (guint i = 0; i < r->n_units && i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      Group *g = group_of (r, (int) i);
      if (g == NULL || g->released || u->hex < 0)
        continue;
      if ((g->release_on & (RELEASE_FIRED_ON | RELEASE_ATTACKED)) && u->fired_upon != 0)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_autofree char *why = g_strdup_printf (_("%s was fired on"), label);
          release (game, r, g, why);
        }
      else if ((g->release_on & RELEASE_ATTACKED) && u->meleed)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_autofree char *why = g_strdup_printf (_("%s was attacked in melee"), label);
          release (game, r, g, why);
        }
      else if ((g->release_on & RELEASE_ENEMY_NEAR) && enemy_within (game, u->side, u->hex, r->release_distance))
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_autofree char *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "an enemy unit came within %d hex of %s",
                                                               "an enemy unit came within %d hexes of %s",
                                                               (gulong) r->release_distance),
                                                  r->release_distance, label);
          release (game, r, g, why);
        }
    }
  if (r->near_area)
    for (guint i = 0; i < game->units->len; i++)
      {
        const GbacwGameUnit *o = g_ptr_array_index (game->units, i);
        if (o->hex < 0 || !gbacw_game_is_combat_unit (o) || !r->near_area[o->hex])
          continue;
        for (guint k = 0; k < r->groups->len; k++)
          {
            Group *g = &g_array_index (r->groups, Group, k);
            if (o->side == 1 - g->side)
              release (game, r, g, _("an enemy unit came near the area"));
          }
      }
}

/* ------------------------------------------------------------------ commitment (C 30.34) */

static gboolean
may_roll (const GbacwGame *game, const Reserves *r, const Group *g)
{
  return !g->released && g->side == game->phasing_side && g->rolled_turn != game->turn
         && ((r->commit_at_will >= 0 && game->turn >= r->commit_at_will)
             || (r->commit_from >= 0 && game->turn >= r->commit_from && g->commit_top > 0));
}

static void
queue_question (GbacwGame *game, Reserves *r)
{
  int key = game->turn * 2 + game->player_turn;
  GbacwPending *p;

  if (r->asked_key == key)
    return;
  for (guint i = 0; i < r->groups->len; i++)
    if (may_roll (game, r, &g_array_index (r->groups, Group, i)))
      {
        r->asked_key = key;
        p = gbacw_pending_new_exclusive (game, r, game->phasing_side, -1, -1, r->rule_case);
        gbacw_game_queue_pending (game, p, NULL);
        return;
      }
}

/* A unit of the group standing for it in the question: the first on the map, else any. */
static int
group_unit (const GbacwGame *game, const Reserves *r, guint group)
{
  int any = -1;

  for (guint i = 0; i < r->n_units; i++)
    if (r->group_of[i] == (int) group)
      {
        if (gbacw_game_unit (game, (int) i)->hex >= 0)
          return (int) i;
        if (any < 0)
          any = (int) i;
      }
  return any;
}

static int
reserves_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  Reserves *r = data;
  gboolean at_will = r->commit_at_will >= 0 && game->turn >= r->commit_at_will;
  GbacwDecision *d;
  GString *names = g_string_new (NULL);
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (int));

  (void) pending;
  for (guint i = 0; i < r->groups->len; i++)
    if (may_roll (game, r, &g_array_index (r->groups, Group, i)) && group_unit (game, r, i) >= 0)
      g_array_append_val (order, i);
  if (order->len == 0)
    {
      g_string_free (names, TRUE);
      return GBACW_RESOLVE_DONE;
    }
  d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, game->phasing_side, r->rule_case);
  /* the likeliest first (the computer player takes them in this order) */
  for (guint a = 0; a < order->len; a++)
    for (guint b = a + 1; b < order->len; b++)
      if (g_array_index (r->groups, Group, g_array_index (order, int, b)).commit_top
          > g_array_index (r->groups, Group, g_array_index (order, int, a)).commit_top)
        {
          int t = g_array_index (order, int, a);
          g_array_index (order, int, a) = g_array_index (order, int, b);
          g_array_index (order, int, b) = t;
        }
  for (guint i = 0; i < order->len; i++)
    {
      const Group *g = &g_array_index (r->groups, Group, g_array_index (order, int, i));
      int unit = group_unit (game, r, (guint) g_array_index (order, int, i));
      g_array_append_val (d->firers, unit);
      if (at_will)
        g_string_append_printf (names, "%s%s", i ? ", " : "", g->name);
      else
        g_string_append_printf (names, "%s%s (1-%d)", i ? ", " : "", g->name, g->commit_top);
    }
  d->length = at_will ? (int) order->len : MIN ((int) order->len, MAX (r->commit_tries, 1));
  d->may_decline = TRUE;
  d->question = at_will ? g_strdup_printf (_("Which reserves do you commit? %s"), names->str)
                        : g_strdup_printf (_("For which reserves (at most %d) do you roll to commit them? %s"),
                                           d->length, names->str);
  g_string_free (names, TRUE);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
reserves_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  Reserves *r = data;
  gboolean at_will = r->commit_at_will >= 0 && game->turn >= r->commit_at_will;
  const GArray *chosen = action->answer.firers;

  (void) pending;
  for (guint i = 0; i < chosen->len; i++)
    {
      Group *g = group_of (r, g_array_index (chosen, GbacwFirer, i).unit);
      int die;
      if (g == NULL || g->released)
        continue;
      if (at_will)
        {
          release (game, r, g, _("committed by its player"));
          continue;
        }
      g->rolled_turn = game->turn;
      die = gbacw_dice_roll (game->dice);
      if (die <= g->commit_top)
        {
          g_autofree char *why = g_strdup_printf (_("committed on a die of %d (1-%d)"), die, g->commit_top);
          release (game, r, g, why);
        }
      else
        gbacw_game_log (game, g->rule_case, _("%s stays in reserve: a die of %d (1-%d needed)"), g->name, die,
                        g->commit_top);
    }
  if (chosen->len == 0)
    gbacw_game_log (game, r->rule_case, _("%s commits no reserves"), gbacw_game_side_name (game, game->phasing_side));
  return GBACW_RESOLVE_DONE;
}

/* ------------------------------------------------------------------ hooks */

static void
reserves_phase_begin (GbacwGame *game, gpointer data)
{
  Reserves *r = data;

  for (guint i = 0; i < r->groups->len; i++)
    {
      Group *g = &g_array_index (r->groups, Group, i);
      if (!g->released && g->release_turn >= 0 && game->turn >= g->release_turn)
        {
          g_autofree char *why = g_strdup_printf (_("Game-Turn %d"), g->release_turn);
          release (game, r, g, why);
        }
      if (!g->released && r->after_combat >= 0 && r->first_combat_turn >= 0
          && game->turn >= r->first_combat_turn + r->after_combat)
        {
          g_autofree char *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "%d Game-Turn after the first combat (Game-Turn %d)",
                                                               "%d Game-Turns after the first combat (Game-Turn %d)",
                                                               (gulong) r->after_combat),
                                                  r->after_combat, r->first_combat_turn);
          release (game, r, g, why);
        }
    }
  check_position (game, r);
  if (game->phase == GBACW_PHASE_INITIAL_COMMAND)
    queue_question (game, r);
}

static void
reserves_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  (void) action;
  check_position (game, data);
}

/* J 33.32 "passes within 3 hexes": every hex an enemy stack enters counts, not only its last. */
static gboolean
reserves_move_enter (GbacwGame *game, gpointer data, const GArray *units, int from, int to)
{
  Reserves *r = data;
  int side = units->len > 0 ? gbacw_game_unit (game, g_array_index (units, int, 0))->side : -1;
  gboolean combat = FALSE;

  (void) from;
  if (side < 0)
    return TRUE;
  for (guint k = 0; k < units->len; k++)
    combat |= gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (units, int, k)));
  for (guint i = 0; combat && i < r->n_units; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, (int) i);
      Group *g = group_of (r, (int) i);
      if (g && !g->released && (g->release_on & RELEASE_ENEMY_NEAR) && u->side == 1 - side && u->hex >= 0
          && gbacw_game_distance (game, u->hex, to) <= r->release_distance)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_autofree char *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "an enemy unit came within %d hex of %s",
                                                               "an enemy unit came within %d hexes of %s",
                                                               (gulong) r->release_distance),
                                                  r->release_distance, label);
          release (game, r, g, why);
        }
    }
  return TRUE;
}

/* The case a refusal about unit cites: its group's. */
static const char *
case_of (const Reserves *r, int unit)
{
  const Group *g = group_of (r, unit);
  return g ? g->rule_case : r->rule_case;
}

static gboolean
refuse (GError **error, const Reserves *r, const GbacwGame *game, int unit, const char *what)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);

  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[%s] %s is in reserve and may not %s"),
               case_of (r, unit), label, what);
  return FALSE;
}

/* The units (int, or GbacwFirer) held in a group that forbids what (FORBID_*): refused. */
static gboolean
check_units (const GbacwGame *game, const Reserves *r, const GArray *units, gboolean firers, guint forbid,
             const char *what, GError **error)
{
  for (guint i = 0; units && i < units->len; i++)
    {
      int unit = firers ? g_array_index (units, GbacwFirer, i).unit : g_array_index (units, int, i);
      const Group *g = group_of (r, unit);
      if (g && !g->released && (g->forbid & forbid))
        return refuse (error, r, game, unit, what);
    }
  return TRUE;
}

/* J 30.1: no hex of the move within the group's approach hexes of an enemy combat unit. */
static gboolean
check_approach (const GbacwGame *game, const Reserves *r, const GbacwAction *action, GError **error)
{
  const GArray *units = action->move.units, *path = action->move.path;

  for (guint i = 0; units && i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      const Group *g = group_of (r, unit);
      int approach = g && !g->released ? g->approach : 0;
      if (approach <= 0)
        continue;
      for (guint k = 0; path && k < path->len; k++)
        if (enemy_within (game, gbacw_game_unit (game, unit)->side, g_array_index (path, int, k), approach))
          {
            g_autofree char *label = gbacw_game_unit_label (game, unit);
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                         g_dngettext (GETTEXT_PACKAGE, "[%s] %s is uncommitted and may not move within %d hex of an enemy unit",
                                      "[%s] %s is uncommitted and may not move within %d hexes of an enemy unit",
                                      (gulong) approach),
                         case_of (r, unit), label, approach);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
reserves_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  Reserves *r = data;
  guint no_fire = FORBID_FIRE | (game->phase == GBACW_PHASE_OFFENSIVE_FIRE ? FORBID_OFFENSIVE_FIRE : 0);

  switch (action->kind)
    {
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
      if (!check_units (game, r, action->move.units, FALSE, FORBID_MOVE, _("move"), error))
        return FALSE;
      return action->kind != GBACW_ACTION_MOVE || check_approach (game, r, action, error);
    case GBACW_ACTION_CHANGE_FORMATION:
      return check_units (game, r, action->formation.units, FALSE, FORBID_FORMATION, _("change formation"), error);
    case GBACW_ACTION_DECLARE_MELEE:
    case GBACW_ACTION_MELEE:
      return check_units (game, r, action->melee.units, FALSE, FORBID_MOVE, _("melee"), error);
    case GBACW_ACTION_FIRE:
      return check_units (game, r, action->fire.firers, TRUE, no_fire, _("fire"), error);
    case GBACW_ACTION_ANSWER:
      /* withdrawal, limber and retreat fire (10.17) are fire too */
      if (game->decision && game->decision->kind == GBACW_DECISION_FIRE)
        return check_units (game, r, action->answer.firers, TRUE, FORBID_FIRE, _("fire"), error);
      return TRUE;
    default:
      return TRUE;
    }
}

/* J 30.1: a unit that moves ends at least approach + 1 hexes from the enemy; held units
 * that may not move at all stay where they are (the computer player reads this). */
static int
reserves_keep_distance (const GbacwGame *game, gpointer data, int unit)
{
  const Reserves *r = data;
  const Group *g = group_of (r, unit);

  (void) game;
  return g && !g->released && g->approach > 0 && !(g->forbid & FORBID_MOVE) ? g->approach + 1 : 0;
}

static void
reserves_interphase (GbacwGame *game, gpointer data)
{
  Reserves *r = data;

  if (r->vp_turn < 0 || game->turn != r->vp_turn || r->counted >= 0)
    return;
  r->counted = 0;
  for (guint i = 0; i < r->groups->len; i++)
    if (!g_array_index (r->groups, Group, i).released)
      r->counted++;
  for (int side = 0; side < 2; side++)
    if (r->vp[side] != 0)
      {
        /* TRANSLATORS: the first part of "N reserves still uncommitted: +N Victory Points for SIDE" */
        g_autofree char *held = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d reserve still uncommitted",
                                                              "%d reserves still uncommitted", (gulong) r->counted),
                                                 r->counted);
        int vp = r->counted * r->vp[side];
        g_autofree char *points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%+d Victory Point for %s",
                                                                "%+d Victory Points for %s", (gulong) ABS (vp)),
                                                   vp, gbacw_game_side_name (game, side));
        /* TRANSLATORS: "3 reserves still uncommitted: -3 Victory Points for Confederate" */
        gbacw_game_log (game, r->rule_case, _("%s: %s"), held, points);
      }
}

static int
reserves_victory_points (const GbacwGame *game, gpointer data, int side)
{
  const Reserves *r = data;
  int counted = r->counted;

  if (side < 0 || side > 1 || r->vp[side] == 0)
    return 0;
  /* asked in the interphase of vp-turn before this module's own interphase hook ran (a
     victory check earlier in the scenario's list): the groups held now */
  if (counted < 0 && game->turn == r->vp_turn && game->phase == GBACW_PHASE_INTERPHASE)
    {
      counted = 0;
      for (guint i = 0; i < r->groups->len; i++)
        counted += !g_array_index (r->groups, Group, i).released;
    }
  return counted > 0 ? counted * r->vp[side] : 0;
}

static gboolean
reserves_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                     gconstpointer from_data)
{
  Reserves *t = to_data;
  const Reserves *f = from_data;

  (void) to;
  (void) from;
  for (guint i = 0; i < t->groups->len && i < f->groups->len; i++)
    {
      Group *tg = &g_array_index (t->groups, Group, i);
      const Group *fg = &g_array_index (f->groups, Group, i);
      tg->released = fg->released;
      tg->rolled_turn = fg->rolled_turn;
    }
  GBACW_COPY_ARRAY (t->group_of, f->group_of, MIN (t->n_units, f->n_units));
  t->first_combat_turn = f->first_combat_turn;
  t->counted = f->counted;
  t->asked_key = f->asked_key;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_reserves = {
  .id = "reserves",
  .init = reserves_init,
  .finalize = reserves_finalize,
  .copy_state = reserves_copy_state,
  .phase_begin = reserves_phase_begin,
  .interphase = reserves_interphase,
  .keep_distance = reserves_keep_distance,
  .move_enter = reserves_move_enter,
  .victory_points = reserves_victory_points,
  .action_legal = reserves_action_legal,
  .action_done = reserves_action_done,
  .exclusive_resolve = reserves_resolve,
  .exclusive_answer = reserves_answer,
};

/* ------------------------------------------------------------------ for other modules */

gboolean
gbacw_reserves_held (const GbacwGame *game, int unit)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks == &gbacw_rule_reserves && held (data, unit))
      return TRUE;
  return FALSE;
}

gboolean
gbacw_reserves_set_committed (GbacwGame *game, const char *formation, gboolean committed, const char *rule_case)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks == &gbacw_rule_reserves)
      {
        Reserves *r = data;
        for (guint i = 0; i < r->groups->len; i++)
          {
            Group *g = &g_array_index (r->groups, Group, i);
            if (g_strcmp0 (g->id, formation) != 0 || g->released == committed)
              continue;
            g->released = committed;
            gbacw_game_log (game, rule_case ? rule_case : g->rule_case,
                            committed ? _("%s is committed") : _("%s is uncommitted again"), g->name);
            return TRUE;
          }
      }
  return FALSE;
}
