/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-night.c: night Game-Turns, the mechanism Jackson at the Crossroads (J 35.0-35.3),
 * Pea Ridge (P 22.2) and Corinth (C 26.1) share (rules matrix §2.D).
 *
 * On the Game-Turns the rule names there are no Fire, Retreat Before Melee or Melee Phases
 * (J 35.3, P 22.24, C 26.15); what else changes is set by the parameters
 * (<exclusive id="night">, docs/file-format.md):
 *   turns              the night Game-Turns ("16 17", "19-22"); the first of each run of
 *                      consecutive ones is a "first night Game-Turn"
 *   movement-factor    Movement Allowances times this (P 22.21, C 26.11: 1.5)
 *   road-factor        road, trail and railroad costs times this, rounded up to a half
 *                      Movement Point (J 35.25: 0.5)
 *   woods-extra        Movement Points added to entering a woods hex off a road (C 26.12: 1)
 *   woods              the hex terrains that are woods for woods-extra ("woods")
 *   proximity          none | never-adjacent (P 22.22, C 26.13: no hex entered beside an enemy
 *                      combat unit) | jackson (J 35.21-35.23: on a first night Game-Turn the
 *                      first player ends his Movement Phase 2 hexes or more from every enemy
 *                      combat unit, the second player 3; units that cannot are captured; on
 *                      later ones no hex entered within 2 hexes of one)
 *   proximity-formations  J 35.23: formations whose units keep one hex more (Fremont's Corps)
 *   zoc                standard | enter-one (J 35.21: one enemy ZOC hex entered per move)
 *   fire               withdrawal-only (P 22.24, C 26.15) | none (J 35.3): the free shots given
 *   engaged            none | jackson (J 35.3: at the first night Game-Turn's Movement Phases,
 *                      each player's engaged units retreat two hexes under 35.21 / 35.22) |
 *                      both-retreat (P 22.24, C 26.15: in the second player's Final Command
 *                      Phase of the last day Game-Turn, his engaged units, then the enemy's
 *                      they were engaged with, retreat two hexes, the latter never through the
 *                      hexes the former entered; no morale check)
 *   engaged-through-friends  yes: those retreats displace no friendly unit (C 26.15)
 *   pins-removed       yes: every Pin marker is removed at the start of a first night
 *                      Game-Turn (J 35.26)
 *   leaders-with-units sides whose leaders move at night only with a combat unit (J 35.24)
 *   game               P or C: whose case numbers the cases P and C share cite (P by default)
 */
#define G_LOG_DOMAIN "gbacw-rule-night"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-movement.h"
#include "gbacw-query.h"
#include "gbacw-retreat.h"

/* in the order of gbacw_night_*_choices (gbacw-exclusive-params.h) */
typedef enum { PROXIMITY_NONE, PROXIMITY_NEVER_ADJACENT, PROXIMITY_JACKSON } Proximity;
typedef enum { ZOC_STANDARD, ZOC_ENTER_ONE } ZocRule;
typedef enum { FIRE_WITHDRAWAL_ONLY, FIRE_NONE } FireRule;
typedef enum { ENGAGED_NONE, ENGAGED_JACKSON, ENGAGED_BOTH_RETREAT } EngagedRule;


/* Where a nightfall retreat (J 35.3, P 22.24) stands. */
typedef enum {
  RETREAT_NONE,
  RETREAT_FIRST,    /* the first (J) or phasing (P, C) player's units */
  RETREAT_SECOND,   /* then the other player's */
} RetreatStage;

typedef struct {
  GArray *turns;            /* int: the night Game-Turns */
  double movement_factor;   /* 1: unchanged */
  double road_factor;
  int woods_extra;          /* halves */
  guint64 woods_mask;       /* hex terrain bits */
  Proximity proximity;
  gboolean *wider;          /* per unit: J 35.23, keeps one hex more; NULL */
  ZocRule zoc;
  FireRule fire;
  EngagedRule engaged;
  gboolean through_friends;
  gboolean pins_removed;
  gboolean leaders_with_units[2];
  gboolean corinth;         /* the cases P and C share cite C's numbers */
  /* the nightfall retreat under way (reset when a phase begins) */
  RetreatStage stage;
  int retreat_side;
  int retreat_keep;         /* J 35.3: its last hex at least this far from the enemy, 0 */
  GArray *through;          /* int: P 22.24, the hexes the phasing player's units retreated into */
  GArray *second;           /* int: the units retreating after them */
} Night;

static const char *
shared_case (const Night *d, const char *p_case, const char *c_case)
{
  return d->corinth ? c_case : p_case;
}

/* ------------------------------------------------------------------ set-up */

static const char *
param (const GbacwExclusiveRule *rule, const char *name)
{
  return gbacw_exclusive_rule_get_param (rule, name);
}

/* The validator refuses a malformed value before a game starts (scenario.rules): a value
 * the module cannot read keeps the default, with a warning. */
static void
warn_bad (const char *name, const char *why)
{
  g_warning ("night: %s: %s", name, why);
}

static double
read_number (const GbacwExclusiveRule *rule, const char *name, double fallback)
{
  g_autofree char *why = NULL;
  double v = fallback;

  if (param (rule, name) && !gbacw_exclusive_parse_number (param (rule, name), &v, &why))
    {
      warn_bad (name, why);
      v = fallback;
    }
  return v;
}

static int
read_choice (const GbacwExclusiveRule *rule, const char *name, const char *const *choices)
{
  g_autofree char *why = NULL;
  int v = 0;

  if (param (rule, name) && !gbacw_exclusive_parse_choice (param (rule, name), choices, &v, &why))
    {
      warn_bad (name, why);
      v = 0;
    }
  return v;
}

static gboolean
read_yes_no (const GbacwExclusiveRule *rule, const char *name)
{
  static const char *const no_yes[] = { "no", "yes", NULL };   /* as gbacw_exclusive_parse_yes_no () */

  return read_choice (rule, name, no_yes) == 1;
}

static GStrv
read_ids (const GbacwExclusiveRule *rule, const char *name, const char *fallback)
{
  g_autofree char *why = NULL;
  const char *value = param (rule, name) ? param (rule, name) : fallback;

  return value ? gbacw_exclusive_parse_ids (value, &why) : NULL;
}

/* J 35.23: the units of the formations named, and of the formations under them. */
static gboolean *
read_wider (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  g_auto (GStrv) ids = read_ids (rule, "proximity-formations", NULL);
  const GbacwOob *oob = &game->scenario->oob;
  gboolean *wider;

  if (ids == NULL)
    return NULL;
  wider = g_new0 (gboolean, game->units->len);
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      for (const char *f = u->oob->formation; f && !wider[i];)
        {
          const GbacwFormation *formation = gbacw_oob_find_formation (oob, f);
          if (formation == NULL)
            break;
          wider[i] = g_strv_contains ((const char *const *) ids, formation->id);
          f = formation->parent;
        }
    }
  return wider;
}

static gpointer
night_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Night *d = g_new0 (Night, 1);
  g_autofree char *why = NULL;
  g_auto (GStrv) woods = read_ids (rule, "woods", "woods");
  g_auto (GStrv) sides = read_ids (rule, "leaders-with-units", NULL);

  d->turns = param (rule, "turns") ? gbacw_exclusive_parse_turns (param (rule, "turns"), &why) : NULL;
  if (d->turns == NULL)
    {
      if (why)
        warn_bad ("turns", why);
      d->turns = g_array_new (FALSE, FALSE, sizeof (int));
    }
  d->movement_factor = read_number (rule, "movement-factor", 1.0);
  d->road_factor = read_number (rule, "road-factor", 1.0);
  d->woods_extra = (int) ceil (2 * read_number (rule, "woods-extra", 0) - 1e-9);
  for (guint i = 0; woods && woods[i]; i++)
    {
      int t = gbacw_catalogue_find_hex_terrain (&game->scenario->catalogue, woods[i]);
      if (t >= 0 && t < 64)
        d->woods_mask |= G_GUINT64_CONSTANT (1) << t;
    }
  d->proximity = (Proximity) read_choice (rule, "proximity", gbacw_night_proximity_choices);
  d->wider = read_wider (game, rule);
  d->zoc = (ZocRule) read_choice (rule, "zoc", gbacw_night_zoc_choices);
  d->fire = (FireRule) read_choice (rule, "fire", gbacw_night_fire_choices);
  d->engaged = (EngagedRule) read_choice (rule, "engaged", gbacw_night_engaged_choices);
  d->through_friends = read_yes_no (rule, "engaged-through-friends");
  d->pins_removed = read_yes_no (rule, "pins-removed");
  for (guint i = 0; sides && sides[i]; i++)
    {
      int side = gbacw_game_side_index (game, sides[i]);
      if (side == 0 || side == 1)
        d->leaders_with_units[side] = TRUE;
    }
  d->corinth = read_choice (rule, "game", gbacw_night_game_choices) == 1;
  d->through = g_array_new (FALSE, FALSE, sizeof (int));
  d->second = g_array_new (FALSE, FALSE, sizeof (int));
  return d;
}

static void
night_finalize (gpointer data)
{
  Night *d = data;

  g_array_unref (d->turns);
  g_array_unref (d->through);
  g_array_unref (d->second);
  g_free (d->wider);
  g_free (d);
}

/* ------------------------------------------------------------------ helpers */

static gboolean
is_night (const Night *d, int turn)
{
  return gbacw_int_array_has (d->turns, turn);
}

static gboolean
first_night (const Night *d, int turn)
{
  return is_night (d, turn) && !is_night (d, turn - 1);
}

/* The distance from hex to the nearest enemy combat unit of side (leaders are not counted:
 * reading of "enemy units", see engine/README.md; nor abandoned guns of no game
 * significance, J 21.23: nobody keeps away from them); G_MAXINT when there is none. */
static int
enemy_distance (const GbacwGame *game, int hex, int side)
{
  int best = G_MAXINT;

  for (guint i = 0; i < game->units->len && best > 0; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      if (e->side != side && e->hex >= 0 && gbacw_game_is_combat_unit (e) && !gbacw_game_unit_ignored (game, e))
        best = MIN (best, gbacw_game_distance (game, e->hex, hex));
    }
  return best;
}

static int
move_class (const GbacwGameUnit *u)
{
  gboolean no_formation = u->type == GBACW_UNIT_WAGON || u->type == GBACW_UNIT_LEADER;
  return gbacw_move_class_for (u->type, no_formation ? GBACW_FORMATION_STATE_UNSET : u->formation);
}

/* ------------------------------------------------------------------ phases */

static gboolean
night_skip_phase (const GbacwGame *game, gpointer data, int phase, gboolean *skip)
{
  const Night *d = data;

  if (!is_night (d, game->turn))
    return FALSE;
  /* J 35.3 no combat of any kind, no melee initiated; P 22.24, C 26.15 only withdrawal fire */
  *skip = phase == GBACW_PHASE_DEFENSIVE_FIRE || phase == GBACW_PHASE_OFFENSIVE_FIRE
          || phase == GBACW_PHASE_RETREAT_BEFORE_MELEE || phase == GBACW_PHASE_MELEE;
  return *skip;
}

/* J 35.26: every Pin marker is removed at the start of the first night Game-Turn. */
static void
remove_pins (GbacwGame *game)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (!(u->status & GBACW_STATUS_PINNED))
        continue;
      u->status &= ~GBACW_STATUS_PINNED;
      if (u->hex >= 0 && gbacw_game_is_combat_unit (u))
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          gbacw_game_log (game, "J 35.26", _("Night: %s is no longer pinned"), label);
        }
    }
}

/* The combat units of side in hex. */
static GArray *
side_units (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && gbacw_game_is_combat_unit (u))
        g_array_append_val (out, u->index);
    }
  return out;
}

/* Queues the retreat of two hexes of units (a stack), the enemy units in their hex its cause
 * (no retreat fire from them, 10.2); J 35.3: batteries are limbered first (an exception to
 * 14.3, so that they retreat with their guns). */
static void
queue_retreat (GbacwGame *game, const Night *d, GArray *units, const char *rule_case)
{
  const GbacwGameUnit *first = gbacw_game_unit (game, g_array_index (units, int, 0));
  g_autoptr (GArray) causes = side_units (game, first->hex, 1 - first->side);
  g_autofree char *hex = gbacw_game_hex_label (game, first->hex);

  for (guint i = 0; i < units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      if (d->engaged == ENGAGED_JACKSON && u->type == GBACW_UNIT_ARTILLERY
          && u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
        {
          u->formation = GBACW_FORMATION_STATE_LIMBERED;
          gbacw_game_log (game, "J 35.3", _("Night: %s limbers to retreat"), label);
        }
      gbacw_game_log (game, rule_case, _("Night: %s, engaged in %s, retreats two hexes"), label, hex);
    }
  gbacw_retreat_queue (game, GBACW_PENDING_RETREAT, units, 2, d->through_friends ? GBACW_PENDING_NO_DISPLACE : 0,
                       causes, rule_case, NULL);
}

/* Queues the retreats of the units listed (on the map still), stack by stack. */
static void
queue_retreats (GbacwGame *game, const Night *d, const GArray *units, const char *rule_case)
{
  g_autoptr (GArray) done = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      g_autoptr (GArray) stack = NULL;
      if (u->hex < 0 || gbacw_int_array_has (done, u->hex))
        continue;
      g_array_append_val (done, u->hex);
      stack = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint k = i; k < units->len; k++)
        {
          const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (units, int, k));
          if (o->hex == u->hex && o->side == u->side)
            g_array_append_val (stack, o->index);
        }
      queue_retreat (game, d, stack, rule_case);
    }
}

/* The engaged combat units of side, and (into other) the enemy's engaged in their hexes. */
static GArray *
engaged_units (const GbacwGame *game, int side, GArray *other)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->hex < 0 || !gbacw_game_is_combat_unit (u) || !(u->status & GBACW_STATUS_ENGAGED))
        continue;
      if (u->side == side)
        g_array_append_val (out, u->index);
    }
  for (guint i = 0; other && i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      gboolean with = FALSE;
      if (u->hex < 0 || u->side == side || !gbacw_game_is_combat_unit (u) || !(u->status & GBACW_STATUS_ENGAGED))
        continue;
      for (guint k = 0; k < out->len && !with; k++)
        with = gbacw_game_unit (game, g_array_index (out, int, k))->hex == u->hex;
      if (with)
        g_array_append_val (other, u->index);
    }
  return out;
}

static void
night_phase_begin (GbacwGame *game, gpointer data)
{
  Night *d = data;
  gboolean last_day = !is_night (d, game->turn) && first_night (d, game->turn + 1);

  d->stage = RETREAT_NONE;
  d->retreat_keep = 0;
  if (game->phase == GBACW_PHASE_INITIAL_COMMAND && game->player_turn == 0 && first_night (d, game->turn)
      && d->pins_removed)
    remove_pins (game);

  /* J 35.3: engaged at the start of the first night Game-Turn: the first player's units
   * retreat in his Movement Phase under 35.21, the second player's in his under 35.22 */
  if (game->phase == GBACW_PHASE_MOVEMENT && first_night (d, game->turn) && d->engaged == ENGAGED_JACKSON)
    {
      g_autoptr (GArray) units = NULL;
      if (game->player_turn == 0)
        {
          g_array_set_size (d->second, 0);
          units = engaged_units (game, game->phasing_side, d->second);
        }
      else
        units = g_array_copy (d->second);
      if (units->len > 0)
        {
          d->stage = game->player_turn == 0 ? RETREAT_FIRST : RETREAT_SECOND;
          d->retreat_side = game->phasing_side;
          d->retreat_keep = game->player_turn == 0 ? 2 : 3;
          queue_retreats (game, d, units, "J 35.3");
        }
    }

  /* P 22.24, C 26.15: engaged at the end of the last day Game-Turn: the phasing player's
   * units retreat first, then the enemy's (the second, at the end of the phase) */
  if (game->phase == GBACW_PHASE_FINAL_COMMAND && game->player_turn == 1 && last_day
      && d->engaged == ENGAGED_BOTH_RETREAT)
    {
      g_autoptr (GArray) units = NULL;
      g_array_set_size (d->second, 0);
      g_array_set_size (d->through, 0);
      units = engaged_units (game, game->phasing_side, d->second);
      if (units->len > 0)
        {
          d->stage = RETREAT_FIRST;
          d->retreat_side = game->phasing_side;
          queue_retreats (game, d, units, shared_case (d, "P 22.24", "C 26.15"));
        }
    }
}

static int night_keep_distance (const GbacwGame *game, gpointer data, int unit);

static void
night_phase_end (GbacwGame *game, gpointer data)
{
  Night *d = data;

  if (game->phase == GBACW_PHASE_FINAL_COMMAND && d->stage == RETREAT_FIRST && d->engaged == ENGAGED_BOTH_RETREAT)
    {
      d->stage = RETREAT_SECOND;
      d->retreat_side = 1 - game->phasing_side;
      queue_retreats (game, d, d->second, shared_case (d, "P 22.24", "C 26.15"));
      return;
    }
  if (game->phase != GBACW_PHASE_MOVEMENT || !first_night (d, game->turn))
    return;
  /* J 35.3: "The Engaged marker is left on the second player's units" */
  if (d->engaged == ENGAGED_JACKSON && game->player_turn == 0)
    for (guint i = 0; i < d->second->len; i++)
      {
        GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (d->second, int, i));
        if (u->hex >= 0)
          u->status |= GBACW_STATUS_ENGAGED;
      }
  /* J 35.21, 35.22: the units that could not get far enough are captured (the night's
   * distance alone: another rule's, J 30.1's, captures nobody) */
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int keep = night_keep_distance (game, d, u->index);
      if (keep > 0 && enemy_distance (game, u->hex, u->side) < keep)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                "Night: %s cannot get %d hex from the enemy and is captured",
                                                                "Night: %s cannot get %d hexes from the enemy and is captured",
                                                                (gulong) keep),
                                                   label, keep);
          gbacw_retreat_capture_logged (game, u->index, game->player_turn == 0 ? "J 35.21" : "J 35.22", text);
        }
    }
}

/* ------------------------------------------------------------------ movement */

static int
night_movement_allowance (const GbacwGame *game, gpointer data, int unit, int halves)
{
  const Night *d = data;

  (void) unit;
  if (!is_night (d, game->turn) || d->movement_factor == 1.0)
    return halves;
  return (int) floor (halves * d->movement_factor + 1e-9);   /* P 22.21, C 26.11: 6 → 9 */
}

/* The cost of the road the unit moves along in this step, -1 when it moves off roads (6.11:
 * a column, limbered battery or mounted cavalry entering a road hex with a friendly unit
 * pays the other terrain). */
static int
road_halves (const GbacwGame *game, const GbacwGameUnit *u, int from, int direction)
{
  int c = move_class (u), halves = 0;
  int to = gbacw_game_neighbour_index (game, from, direction);

  if (c < 0 || !gbacw_rules_data_line_cost (game->rules, game->scenario->map, c, from, direction, &halves))
    return -1;
  if ((c == GBACW_MOVE_INFANTRY_COLUMN || c == GBACW_MOVE_ARTILLERY_LIMBERED || c == GBACW_MOVE_CAVALRY_MOUNTED)
      && to >= 0 && gbacw_game_hex_has_side (game, to, u->side, TRUE))
    return -1;
  return halves;
}

static void
night_move_cost (const GbacwGame *game, gpointer data, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const Night *d = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int road, to;

  if (!is_night (d, game->turn) || cost->kind != GBACW_COST_MP || (d->road_factor == 1.0 && d->woods_extra == 0))
    return;
  road = road_halves (game, u, from, direction);
  if (road >= 0 && d->road_factor != 1.0)
    {
      /* J 35.25: halved, never below half a Movement Point (the smallest step the charts use) */
      int night_road = MAX (1, (int) ceil (road * d->road_factor - 1e-9));
      cost->halves += night_road - road;
    }
  to = gbacw_game_neighbour_index (game, from, direction);
  if (road < 0 && d->woods_extra > 0 && to >= 0 && (game->scenario->map->terrain[to] & d->woods_mask))
    cost->halves += d->woods_extra;   /* C 26.12: woods +1 */
}

/* The distance a unit entering a hex must keep from the enemy on this Game-Turn, 0 none. */
static int
approach_limit (const GbacwGame *game, const Night *d, int unit)
{
  if (!is_night (d, game->turn))
    return 0;
  if (d->proximity == PROXIMITY_NEVER_ADJACENT)
    return 2;   /* P 22.22, C 26.13 */
  if (d->proximity == PROXIMITY_JACKSON && !first_night (d, game->turn))
    return 3 + (d->wider && d->wider[unit] ? 1 : 0);   /* J 35.23: not within 2 hexes (Fremont's Corps 3) */
  return 0;
}

static gboolean
night_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const Night *d = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int limit = approach_limit (game, d, unit);
  g_autofree char *label = NULL;
  g_autofree char *to_label = NULL;

  (void) from;
  /* J 35.24: a leader without a combat unit in his hex does not move at all (one with
   * them moves only together with one: night_move_path_legal ()) */
  if (u->type == GBACW_UNIT_LEADER && is_night (d, game->turn) && (u->side == 0 || u->side == 1)
      && d->leaders_with_units[u->side] && !gbacw_game_hex_has_side (game, u->hex, u->side, TRUE))
    {
      label = gbacw_game_unit_label (game, unit);
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[J 35.24] %s may move at night only together with a combat unit"), label);
      return FALSE;
    }
  if (limit == 0 || enemy_distance (game, to, u->side) >= limit)
    return TRUE;
  if (error == NULL)
    return FALSE;
  label = gbacw_game_unit_label (game, unit);
  to_label = gbacw_game_hex_label (game, to);
  if (d->proximity == PROXIMITY_NEVER_ADJACENT)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[%s] %s may not move adjacent to an enemy unit at night (%s)"),
                 shared_case (d, "P 22.22", "C 26.13"), label, to_label);
  else
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 g_dngettext (GETTEXT_PACKAGE,
                              "[J 35.23] %s may not move within %d hex of an enemy unit on the second night Game-Turn (%s)",
                              "[J 35.23] %s may not move within %d hexes of an enemy unit on the second night Game-Turn (%s)",
                              (gulong) (limit - 1)),
                 label, limit - 1, to_label);
  return FALSE;
}

/* J 35.21: the enemy ZOC hexes a unit enters along path (one already entered this phase, it
 * stands in one away from its start, counts). */
static int
zoc_entries (const GbacwGame *game, const GbacwGameUnit *u, const GArray *path)
{
  gboolean mounted = gbacw_game_unit_is_mounted (u);
  int n = u->hex != u->start_hex && u->start_hex >= 0 && gbacw_movement_in_enemy_zoc (game, u->hex, u->side, mounted);

  for (guint k = 0; k < path->len; k++)
    n += gbacw_movement_in_enemy_zoc (game, g_array_index (path, int, k), u->side, mounted);
  return n;
}

static gboolean
night_move_path_legal (const GbacwGame *game, gpointer data, const GArray *units, const GArray *path, GError **error)
{
  const Night *d = data;
  gboolean combat = FALSE;

  if (!is_night (d, game->turn))
    return TRUE;
  for (guint i = 0; i < units->len; i++)
    combat |= gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (units, int, i)));
  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      g_autofree char *label = NULL;
      if (d->zoc == ZOC_ENTER_ONE && gbacw_game_is_combat_unit (u) && zoc_entries (game, u, path) > 1)
        {
          label = gbacw_game_unit_label (game, u->index);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[J 35.21] %s may enter only one enemy zone of control in its move at night"), label);
          return FALSE;
        }
      if (u->type == GBACW_UNIT_LEADER && !combat && (u->side == 0 || u->side == 1) && d->leaders_with_units[u->side])
        {
          label = gbacw_game_unit_label (game, u->index);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[J 35.24] %s may move at night only together with a combat unit"), label);
          return FALSE;
        }
    }
  return TRUE;
}

static int
night_keep_distance (const GbacwGame *game, gpointer data, int unit)
{
  const Night *d = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (d->proximity != PROXIMITY_JACKSON || game->phase != GBACW_PHASE_MOVEMENT || !first_night (d, game->turn)
      || u->side != game->phasing_side || u->hex < 0 || !gbacw_game_is_combat_unit (u)
      || (u->status & GBACW_STATUS_ABANDONED))
    return 0;   /* J 35.27: abandoned guns are not subject to 35.21, 35.22 */
  return game->player_turn == 0 ? 2 : 3;   /* "at least one hex away", "two hexes away" */
}

/* J 35.21: whether the unit can still end this phase far enough from the enemy (a hex of
 * its range with room for it, reached entering one enemy ZOC at most, by a move the game
 * accepts: the other rules' refusals, an encamped unit's or an uncommitted brigade's,
 * count, or the phase could never end). */
static gboolean
can_keep_distance (GbacwGame *game, const Night *d, int unit, int keep)
{
  g_autoptr (GbacwMoveRange) range = gbacw_movement_range (game, unit, NULL);
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  for (guint k = 0; range && k < range->hexes->len; k++)
    {
      int hex = g_array_index (range->hexes, int, k);
      g_autoptr (GArray) path = NULL;
      if (enemy_distance (game, hex, u->side) < keep
          || !gbacw_query_stacking_allows (game, hex, &unit, 1, GBACW_FORMATION_STATE_UNSET))
        continue;
      path = gbacw_move_range_path (range, hex);
      if (d->zoc != ZOC_ENTER_ONE || zoc_entries (game, u, path) <= 1)
        {
          g_autoptr (GbacwAction) move = gbacw_action_new_move (&unit, 1, (const int *) (gpointer) path->data,
                                                                path->len, -1);
          if (gbacw_game_check_action (game, move, NULL))
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
night_movement_end_legal (GbacwGame *game, gpointer data, GError **error)
{
  const Night *d = data;

  if (d->proximity != PROXIMITY_JACKSON || !first_night (d, game->turn))
    return TRUE;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int keep = night_keep_distance (game, data, u->index);
      if (keep > 0 && enemy_distance (game, u->hex, u->side) < keep && can_keep_distance (game, d, u->index, keep))
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "[%s] %s must end the Movement Phase at least %d hex from every enemy unit, and can",
                                    "[%s] %s must end the Movement Phase at least %d hexes from every enemy unit, and can",
                                    (gulong) keep),
                       game->player_turn == 0 ? "J 35.21" : "J 35.22", label, keep);
          return FALSE;
        }
    }
  return TRUE;
}

/* ------------------------------------------------------------------ fire and retreats */

static gboolean
night_free_shot (GbacwGame *game, gpointer data, int pending_kind, int hex)
{
  const Night *d = data;
  g_autofree char *label = NULL;

  if (!is_night (d, game->turn) || (d->fire == FIRE_WITHDRAWAL_ONLY && pending_kind == GBACW_PENDING_WITHDRAWAL_FIRE))
    return TRUE;
  label = gbacw_game_hex_label (game, hex);
  if (d->fire == FIRE_NONE)
    gbacw_game_log (game, "J 35.3", _("Night: no fire of any kind; none is given at %s"), label);
  else
    gbacw_game_log (game, shared_case (d, "P 22.24", "C 26.15"),
                    pending_kind == GBACW_PENDING_LIMBER_FIRE
                      ? _("Night: only withdrawal fire; the limber fire at %s is not given")
                      : _("Night: only withdrawal fire; the retreat fire at %s is not given"),
                    label);
  return FALSE;
}

static gboolean
night_retreat_allowed (const GbacwGame *game, gpointer data, int unit, int from, int to)
{
  const Night *d = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  (void) from;
  if (d->stage == RETREAT_NONE || u->side != d->retreat_side)
    return TRUE;
  /* J 35.3 "subject to all restrictions of 35.21" (35.22): the last hex far enough */
  if (d->retreat_keep > 0 && gbacw_game_distance (game, u->hex, to) == 2
      && enemy_distance (game, to, u->side) < d->retreat_keep)
    return FALSE;
  /* P 22.24: not into a hex the phasing player retreated through */
  return !(d->stage == RETREAT_SECOND && d->engaged == ENGAGED_BOTH_RETREAT && gbacw_int_array_has (d->through, to));
}

static void
night_retreat_step (GbacwGame *game, gpointer data, const GArray *units, int from, int to)
{
  Night *d = data;

  (void) from;
  if (d->stage == RETREAT_FIRST && d->engaged == ENGAGED_BOTH_RETREAT && units->len > 0
      && gbacw_game_unit (game, g_array_index (units, int, 0))->side == d->retreat_side
      && !gbacw_int_array_has (d->through, to))
    g_array_append_val (d->through, to);
}

static gboolean
night_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Night *t = to_data;
  const Night *f = from_data;

  (void) to;
  (void) from;
  t->stage = f->stage;
  t->retreat_side = f->retreat_side;
  t->retreat_keep = f->retreat_keep;
  gbacw_copy_garray (t->through, f->through);
  gbacw_copy_garray (t->second, f->second);
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_night = {
  .id = "night",
  .init = night_init,
  .finalize = night_finalize,
  .copy_state = night_copy_state,
  .phase_begin = night_phase_begin,
  .phase_end = night_phase_end,
  .skip_phase = night_skip_phase,
  .movement_allowance = night_movement_allowance,
  .move_cost = night_move_cost,
  .move_legal = night_move_legal,
  .move_path_legal = night_move_path_legal,
  .movement_end_legal = night_movement_end_legal,
  .keep_distance = night_keep_distance,
  .free_shot = night_free_shot,
  .retreat_allowed = night_retreat_allowed,
  .retreat_step = night_retreat_step,
};
