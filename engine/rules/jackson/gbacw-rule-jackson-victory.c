/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-victory.c: Jackson at the Crossroads' casualty and strategic retreat
 * awards (J 28.1, 28.11-28.15, 28.2, 24.21).
 *
 * Each side scores, for the enemy's losses (J 28.11):
 * - per gun or infantry Strength Point eliminated 1 × the unit's Morale Rating, captured
 *   2 ×; per cavalry Strength Point 2 × and 4 × (the mounted rating, 28.12); wagon crews
 *   count as infantry (28.13), on the wagon or routed off it on their crew counter;
 *   artillery crews nothing (28.14: only the guns);
 * - per supply wagon captured 20 (`wagon`);
 * - per brigade commander wounded, killed, captured 1, 2, 3 × his Effectiveness Radius;
 *   per division commander 1, 2, 3 × his Divisional Integrity Radius (a brigade commander
 *   promoted to a division: his losses while promoted as a division commander's, rated by
 *   his DIR, else his ER);
 * and for each enemy gun or Strength Point that left the map (J 28.2, 24.21: by strategic
 * retreat or forced off it) 1 for a Morale Rating of 2 or 3, 2 for 4 or 5; none for leaders
 * and wagons.
 * The Morale Rating is the printed one, never the current (28.2: BCE loss changes it): the
 * parameter `morale.FORMATION` (the OB Roster's brigade morale, J 28.15's 5 for the
 * Stonewall Brigade among them; the formation's, else the nearest above it) or, without
 * one, the unit's own printed rating. Strength Points lost and recovered by straggler
 * recovery count nothing (J 35.45: the casualty is erased), nor do those the scenario
 * starts without (J 29.14: not losses of the game).
 *
 * J 29.51, 36.72: `trace-side` (the Union) scores `trace-vp` (2) for each Strength Point or
 * gun of its combat units on the map (of `trace-formations` when given: Shields' Command)
 * that can trace a path of hexes to a hex of `trace-hex` (3944) free of enemy units and of
 * enemy ZOCs, a friendly unit in a hex negating the ZOC there; the terrain is not looked at
 * ("a path of connected hexes"). J 29.52 (`trace-automatic`): when no unit of that side on
 * the map can trace such a path at the end of its Final Command Phase, the other side wins
 * a Decisive Victory (the game ends with that Game-Turn).
 *
 * J 33.61, 36.71 (`initiative-vp`, 30): the side of Fremont's Corps scores that many for
 * each Initiative Level above zero on Fremont's Momentum Track (jackson.fremont-commitment)
 * as things stand, which at the end of the game is the award.
 *
 * The automatic victories, each won the moment its text says and ending the game then (the
 * result names the case); the module plays them in place of the end-of-Game-Turn check of the
 * scenario's <automatic> areas (those stay for the description and the computer player):
 * - occupy (J 33.62, 33.72, 36.73's second half, 36.82's): a combat unit of `occupy-side` (of
 *   `occupy-formations` when given) stands in one of `occupy-hexes` when a Final Command
 *   Phase of that side ends (the end of its Player-Turn);
 * - turn-end (J 36.73, 36.82: "at the end of Game-Turns 15 or 25"): a combat unit of
 *   `turn-end-side` (of `turn-end-formations`) stands in one of `turn-end-hexes` when one of
 *   `turn-end-turns` ends (its interphase);
 * - through (J 33.63, 33.73, 36.74, 36.83): when a Final Command Phase of `through-side`
 *   ends, every hex of `through-hexes` holds one of its combat units, or an empty one was
 *   last passed through by one (entered on a move, a retreat or a rout, or stood in when the
 *   game began or after an action); with `through-initiative-zero` (J 33.63) Fremont's
 *   Initiative Level must also stand at 0. Abandoned guns that J 21.23 ignores neither hold
 *   nor pass through a hex.
 *
 * J 33.61, 33.71, 36.71, 36.81 (`pass-through`): the objective areas awarded for "occupying
 * or being last to pass through" are controlled by the side whose combat units alone stand
 * in one, else by the side of the last combat unit to enter one of its hexes (as above).
 *
 * Parameters (<exclusive id="jackson.victory">):
 *   morale.FORMATION  the Victory Point Morale Rating of a formation's units (1-6)
 *   wagon             Victory Points per supply wagon captured (default 20)
 *   trace-hex, trace-side, trace-formations, trace-vp (default 2), trace-automatic (yes/no)
 *   initiative-vp     VP per Fremont Initiative Level above zero (none when absent)
 *   occupy-side, occupy-hexes, occupy-formations, occupy-case (default "J 33.62")
 *   turn-end-side, turn-end-hexes, turn-end-formations, turn-end-turns, turn-end-case ("J 36.73")
 *   through-side, through-hexes, through-initiative-zero (yes/no), through-case ("J 33.63")
 *   pass-through      the areas of the objective awards read so
 *   case              the case cited (default "J 28.11")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-victory"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-movement.h"
#include "gbacw-rule-fremont-commitment.h"

/* An automatic victory of the module's: its side (-1: none), hexes, formations, case. */
typedef struct {
  int side;
  GArray *hexes;             /* int */
  GArray *formations;        /* formation indices; empty: any unit of the side */
  char *rule_case;
} Automatic;

typedef struct {
  const GbacwExclusiveRule *rule;
  int wagon;
  GArray *trace_hexes;       /* int, or NULL */
  int trace_side;            /* -1 */
  GArray *trace_formations;  /* formation indices; empty: every unit of the side */
  int trace_vp;
  gboolean trace_automatic;
  gboolean decided;          /* J 29.52 */
  int initiative_vp;         /* J 33.61, 36.71; 0: none */
  Automatic occupy, turn_end, through;
  GArray *turn_end_turns;    /* int, or NULL */
  gboolean through_zero;     /* J 33.63 */
  gint8 *last;               /* per hex: the side that last had a combat unit in it, -1 */
  guint32 *stamp;            /* per hex: when (a count of marks) */
  guint32 clock;
  gboolean *passing;         /* per area of the map: control by "last to pass through" */
  int n_areas;
  int winner;                /* an automatic victory won: its side, else -1 */
  char *level;               /* its result */
} JacksonVictory;

static GArray *
formations_param (GbacwGame *game, const char *value)
{
  g_auto (GStrv) ids = g_strsplit_set (value ? value : "", " \t,", -1);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; ids[i]; i++)
    {
      int f = *ids[i] ? gbacw_leadership_formation_index (game, ids[i]) : -1;
      if (f >= 0)
        g_array_append_val (out, f);
    }
  return out;
}

/* The automatic victory of parameters PREFIX-side, PREFIX-hexes, PREFIX-formations, PREFIX-case. */
static void
automatic_init (GbacwGame *game, const GbacwExclusiveRule *rule, const char *prefix, const char *default_case,
                Automatic *a)
{
  g_autofree char *side_name = g_strconcat (prefix, "-side", NULL);
  g_autofree char *hexes_name = g_strconcat (prefix, "-hexes", NULL);
  g_autofree char *formations_name = g_strconcat (prefix, "-formations", NULL);
  g_autofree char *case_name = g_strconcat (prefix, "-case", NULL);
  const char *side = gbacw_exclusive_rule_get_param (rule, side_name);
  const char *hexes = gbacw_exclusive_rule_get_param (rule, hexes_name);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, case_name);
  g_auto (GStrv) sides = side ? g_strsplit_set (side, " \t,", 2) : NULL;
  g_autofree char *why = NULL;

  a->hexes = hexes ? gbacw_exclusive_parse_hexes (game->scenario->map, hexes, &why) : NULL;
  a->side = sides && a->hexes && a->hexes->len > 0 ? gbacw_game_side_index (game, sides[0]) : -1;
  a->formations = formations_param (game, gbacw_exclusive_rule_get_param (rule, formations_name));
  a->rule_case = g_strdup (rule_case ? rule_case : default_case);
}

static void
automatic_clear (Automatic *a)
{
  g_clear_pointer (&a->hexes, g_array_unref);
  g_clear_pointer (&a->formations, g_array_unref);
  g_clear_pointer (&a->rule_case, g_free);
}

/* A unit that holds a hex or passes through it: a combat unit of either side, not guns
 * that J 21.23 ignores. */
static gboolean
counts_in_hex (const GbacwGame *game, const GbacwGameUnit *u)
{
  return u->hex >= 0 && u->hex < game->n_hexes && (u->side == 0 || u->side == 1) && gbacw_game_is_combat_unit (u)
         && !gbacw_game_unit_ignored (game, u);
}

/* Every hex a combat unit stands in was last passed through by its side. */
static void
mark_positions (const GbacwGame *game, JacksonVictory *v)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (counts_in_hex (game, u))
        {
          v->last[u->hex] = (gint8) u->side;
          v->stamp[u->hex] = ++v->clock;
        }
    }
}

static void
mark_entered (const GbacwGame *game, JacksonVictory *v, const GArray *units, int hex)
{
  if (hex < 0 || hex >= game->n_hexes)
    return;
  for (guint i = 0; units && i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if ((u->side == 0 || u->side == 1) && gbacw_game_is_combat_unit (u) && !gbacw_game_unit_ignored (game, u))
        {
          v->last[hex] = (gint8) u->side;
          v->stamp[hex] = ++v->clock;
          return;
        }
    }
}

static gpointer
victory_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  JacksonVictory *v = g_new0 (JacksonVictory, 1);

  const char *hexes = gbacw_exclusive_rule_get_param (rule, "trace-hex");
  const char *side = gbacw_exclusive_rule_get_param (rule, "trace-side");
  const char *formations = gbacw_exclusive_rule_get_param (rule, "trace-formations");
  const char *automatic = gbacw_exclusive_rule_get_param (rule, "trace-automatic");
  g_auto (GStrv) ids = g_strsplit_set (formations ? formations : "", " \t,", -1);
  g_autofree char *why = NULL;
  g_autofree char *bad = NULL;

  v->rule = rule;
  v->wagon = gbacw_exclusive_rule_get_int (rule, "wagon", 20);
  v->trace_hexes = hexes ? gbacw_exclusive_parse_hexes (game->scenario->map, hexes, &why) : NULL;
  v->trace_side = side ? gbacw_game_side_index (game, side) : -1;
  v->trace_formations = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; ids[i]; i++)
    {
      int f = *ids[i] ? gbacw_leadership_formation_index (game, ids[i]) : -1;
      if (f >= 0)
        g_array_append_val (v->trace_formations, f);
    }
  v->trace_vp = gbacw_exclusive_rule_get_int (rule, "trace-vp", 2);
  if (automatic)
    {
      gboolean yes = FALSE;
      v->trace_automatic = gbacw_exclusive_parse_yes_no (automatic, &yes, &bad) && yes;
    }
  v->initiative_vp = gbacw_exclusive_rule_get_int (rule, "initiative-vp", 0);
  automatic_init (game, rule, "occupy", "J 33.62", &v->occupy);
  automatic_init (game, rule, "turn-end", "J 36.73", &v->turn_end);
  automatic_init (game, rule, "through", "J 33.63", &v->through);
  {
    const char *turns = gbacw_exclusive_rule_get_param (rule, "turn-end-turns");
    const char *zero = gbacw_exclusive_rule_get_param (rule, "through-initiative-zero");
    g_autofree char *turns_why = NULL;
    g_autofree char *zero_why = NULL;
    v->turn_end_turns = turns ? gbacw_exclusive_parse_turns (turns, &turns_why) : NULL;
    if (v->turn_end_turns == NULL)
      v->turn_end.side = -1;   /* no Game-Turn given: never (the validator says why) */
    if (zero && !gbacw_exclusive_parse_yes_no (zero, &v->through_zero, &zero_why))
      v->through_zero = FALSE;
  }
  v->winner = -1;
  v->last = g_new (gint8, MAX (1, game->n_hexes));
  memset (v->last, -1, MAX (1, game->n_hexes));
  v->stamp = g_new0 (guint32, MAX (1, game->n_hexes));
  v->n_areas = (int) game->scenario->map->areas->len;
  v->passing = g_new0 (gboolean, MAX (1, v->n_areas));
  {
    const char *areas = gbacw_exclusive_rule_get_param (rule, "pass-through");
    g_auto (GStrv) names = g_strsplit_set (areas ? areas : "", " \t,", -1);
    for (guint i = 0; names[i]; i++)
      for (int a = 0; *names[i] && a < v->n_areas; a++)
        if (g_strcmp0 (((const GbacwArea *) g_ptr_array_index (game->scenario->map->areas, a))->id, names[i]) == 0)
          v->passing[a] = TRUE;
  }
  mark_positions (game, v);   /* the set-up */
  return v;
}

static void
victory_finalize (gpointer data)
{
  JacksonVictory *v = data;
  if (v->trace_hexes)
    g_array_unref (v->trace_hexes);
  g_array_unref (v->trace_formations);
  automatic_clear (&v->occupy);
  automatic_clear (&v->turn_end);
  automatic_clear (&v->through);
  g_clear_pointer (&v->turn_end_turns, g_array_unref);
  g_free (v->last);
  g_free (v->stamp);
  g_free (v->passing);
  g_free (v->level);
  g_free (v);
}

/* ------------------------------------------------------------------ J 29.51, 29.52 */

static gboolean
passable (const GbacwGame *game, int hex, int side)
{
  if (gbacw_game_hex_has_side (game, hex, 1 - side, TRUE))
    return FALSE;   /* an enemy unit */
  return gbacw_game_hex_has_side (game, hex, side, FALSE) || !gbacw_movement_in_enemy_zoc (game, hex, side, FALSE);
}

/* The hexes (1 per hex) from which side traces a path to the trace hexes. */
static guint8 *
traceable (const GbacwGame *game, const JacksonVictory *v)
{
  guint8 *seen = g_new0 (guint8, MAX (1, game->n_hexes));
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; v->trace_hexes && i < v->trace_hexes->len; i++)
    {
      int h = g_array_index (v->trace_hexes, int, i);
      if (!seen[h] && passable (game, h, v->trace_side))
        {
          seen[h] = 1;
          g_array_append_val (queue, h);
        }
    }
  for (guint q = 0; q < queue->len; q++)
    {
      int from = g_array_index (queue, int, q);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int to = gbacw_game_neighbour_index (game, from, d);
          if (to >= 0 && !seen[to] && passable (game, to, v->trace_side))
            {
              seen[to] = 1;
              g_array_append_val (queue, to);
            }
        }
    }
  return seen;
}

static gboolean
in_formations (const GbacwGame *game, const GArray *formations, int unit)
{
  if (formations->len == 0)
    return TRUE;
  for (int f = game->unit_formation[unit], guard = 0; f >= 0 && guard < 64; f = game->formation_parent[f], guard++)
    if (gbacw_int_array_has (formations, f))
      return TRUE;
  return FALSE;
}

/* The Strength Points and guns of side's combat units (of the formations) that trace a path. */
static int
traced_points (const GbacwGame *game, const JacksonVictory *v, gboolean formations_only, gboolean *any)
{
  g_autofree guint8 *seen = NULL;
  int points = 0;

  *any = FALSE;
  if (v->trace_side < 0 || v->trace_hexes == NULL)
    return 0;
  seen = traceable (game, v);
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side != v->trace_side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || !seen[u->hex])
        continue;
      *any = TRUE;
      if (u->type == GBACW_UNIT_WAGON || gbacw_game_is_wagon_crew (u) || gbacw_game_is_gun_crew (game, u)
          || (formations_only && !in_formations (game, v->trace_formations, u->index)))
        continue;
      points += u->type == GBACW_UNIT_ARTILLERY ? u->guns : u->strength;
    }
  return points;
}

static gboolean
in_formations (const GbacwGame *game, const GArray *formations, int unit);

/* Whether a combat unit of a's side (of its formations) stands in one of its hexes; *where
 * gets that hex. */
static gboolean
occupied (const GbacwGame *game, const Automatic *a, int *where)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == a->side && counts_in_hex (game, u) && gbacw_int_array_has (a->hexes, u->hex)
          && in_formations (game, a->formations, u->index))
        {
          *where = u->hex;
          return TRUE;
        }
    }
  return FALSE;
}

/* J 33.63, 36.74: every hex of a held by its side or, empty, last passed through by it. */
static gboolean
all_held_or_passed (const GbacwGame *game, const JacksonVictory *v, const Automatic *a)
{
  for (guint k = 0; k < a->hexes->len; k++)
    {
      int hex = g_array_index (a->hexes, int, k);
      gboolean mine = FALSE, theirs = FALSE;
      for (guint i = 0; i < game->units->len; i++)
        {
          const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          if (u->hex == hex && counts_in_hex (game, u))
            {
              mine |= u->side == a->side;
              theirs |= u->side != a->side;
            }
        }
      if (theirs || (!mine && v->last[hex] != a->side))
        return FALSE;
    }
  return TRUE;
}

static void
win (GbacwGame *game, JacksonVictory *v, int side, const char *rule_case, const char *why)
{
  v->winner = side;
  v->level = g_strdup_printf (_("%s Decisive Victory (%s)"), gbacw_game_side_name (game, side), rule_case);
  game->decided = TRUE;
  gbacw_game_log (game, rule_case, _("%s: %s wins an automatic Decisive Victory; the game ends"), why,
                  gbacw_game_side_name (game, side));
}

/* The end of side's Player-Turn: J 33.62, 33.72, 36.73, 36.82 (occupy), J 33.63, 33.73,
 * 36.74, 36.83 (through). */
static void
player_turn_end (GbacwGame *game, JacksonVictory *v)
{
  int hex;

  if (v->occupy.side == game->phasing_side && occupied (game, &v->occupy, &hex))
    {
      g_autofree char *label = gbacw_game_hex_label (game, hex);
      g_autofree char *why = g_strdup_printf (_("A unit of %s ends its Player-Turn in %s"),
                                              gbacw_game_side_name (game, v->occupy.side), label);
      win (game, v, v->occupy.side, v->occupy.rule_case, why);
      return;
    }
  if (v->through.side == game->phasing_side && all_held_or_passed (game, v, &v->through))
    {
      g_autofree char *why = NULL;
      if (v->through_zero && gbacw_fremont_initiative_level (game) != 0)
        {
          gbacw_game_log (game, v->through.rule_case,
                          _("%s holds or was the last to pass through every hex it needs, but Fremont's Initiative Level is %d, "
                            "not 0: no automatic victory"),
                          gbacw_game_side_name (game, v->through.side), gbacw_fremont_initiative_level (game));
          return;
        }
      why = g_strdup_printf (v->through_zero ? _("%s holds or was the last to pass through every hex it needs, and "
                                                 "Fremont's Initiative Level is 0")
                                             : _("%s holds or was the last to pass through every hex it needs"),
                             gbacw_game_side_name (game, v->through.side));
      win (game, v, v->through.side, v->through.rule_case, why);
    }
}

static void
victory_phase_end (GbacwGame *game, gpointer data)
{
  JacksonVictory *v = data;
  gboolean any;

  if (game->phase != GBACW_PHASE_FINAL_COMMAND || game->decided)
    return;
  /* a game set back to a position before the victory (the computer player's look-ahead
     models) is not decided any more */
  v->decided = FALSE;
  v->winner = -1;
  g_clear_pointer (&v->level, g_free);
  player_turn_end (game, v);
  if (v->winner >= 0 || !v->trace_automatic || game->phasing_side != v->trace_side)
    return;
  traced_points (game, v, FALSE, &any);
  if (any)
    return;
  v->decided = TRUE;
  game->decided = TRUE;
  gbacw_game_log (game, "J 29.52", _("No unit of %s can trace a path to its hex: %s wins a Decisive Victory"),
                  gbacw_game_side_name (game, v->trace_side), gbacw_game_side_name (game, 1 - v->trace_side));
}

/* J 36.73, 36.82: the end of Game-Turns 15 or 25. */
static void
victory_interphase (GbacwGame *game, gpointer data)
{
  JacksonVictory *v = data;
  int hex;

  if (game->decided || v->turn_end.side < 0 || !gbacw_int_array_has (v->turn_end_turns, game->turn))
    return;
  v->decided = FALSE;
  v->winner = -1;
  g_clear_pointer (&v->level, g_free);
  if (occupied (game, &v->turn_end, &hex))
    {
      g_autofree char *label = gbacw_game_hex_label (game, hex);
      g_autofree char *why = g_strdup_printf (_("A unit of %s holds %s at the end of Game-Turn %d"),
                                              gbacw_game_side_name (game, v->turn_end.side), label, game->turn);
      win (game, v, v->turn_end.side, v->turn_end.rule_case, why);
    }
}

/* "Last to pass through": the hexes entered on a move or a retreat, and where the units
 * stand after each action (an entry, an advance, the end of a move). */
static gboolean
victory_move_entered (GbacwGame *game, gpointer data, GbacwPending *move, const GArray *units, int hex, int direction)
{
  (void) move;
  (void) direction;
  mark_entered (game, data, units, hex);
  return FALSE;
}

static void
victory_retreat_step (GbacwGame *game, gpointer data, const GArray *units, int from, int to)
{
  (void) from;
  mark_entered (game, data, units, to);
}

static void
victory_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  (void) action;
  mark_positions (game, data);
}

static gboolean
victory_decided (const GbacwGame *game, gpointer data, int *winning_side, char **level)
{
  const JacksonVictory *v = data;

  if (!game->decided)
    return FALSE;   /* a model set back to an earlier position (see victory_phase_end ()) */
  if (v->winner >= 0)
    {
      *winning_side = v->winner;
      *level = g_strdup (v->level);
      return TRUE;
    }
  if (!v->decided)
    return FALSE;
  *winning_side = 1 - v->trace_side;
  *level = g_strdup_printf (_("%s Decisive Victory (J 29.52)"), gbacw_game_side_name (game, 1 - v->trace_side));
  return TRUE;
}

/* J 33.61, 33.71, 36.71, 36.81: "occupying or being last to pass through" the areas of
 * pass-through: the side whose combat units alone stand in it, else (none there) the side
 * of the last to enter one of its hexes; with both sides in it the engine's reading stands
 * (it keeps its controller). */
static gboolean
victory_area_control (const GbacwGame *game, gpointer data, int area, int *side)
{
  const JacksonVictory *v = data;
  const GArray *hexes;
  gboolean present[2] = { FALSE, FALSE };
  guint32 latest = 0;

  if (area < 0 || area >= v->n_areas || !v->passing[area]
      || (guint) area >= game->scenario->map->areas->len)
    return FALSE;
  hexes = ((const GbacwArea *) g_ptr_array_index (game->scenario->map->areas, area))->hexes;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (counts_in_hex (game, u) && gbacw_int_array_has (hexes, u->hex))
        present[u->side] = TRUE;
    }
  if (present[0] && present[1])
    return FALSE;
  if (present[0] || present[1])
    {
      *side = present[0] ? 0 : 1;
      return TRUE;
    }
  *side = -1;
  for (guint k = 0; k < hexes->len; k++)
    {
      int hex = g_array_index (hexes, int, k);
      if (hex >= 0 && hex < game->n_hexes && v->stamp[hex] > latest)
        {
          latest = v->stamp[hex];
          *side = v->last[hex];
        }
    }
  return TRUE;
}

/* The module plays the automatic victories when it is given any of them. */
static gboolean
victory_automatic_played (const GbacwGame *game, gpointer data)
{
  const JacksonVictory *v = data;

  (void) game;
  return v->trace_automatic || v->occupy.side >= 0 || v->turn_end.side >= 0 || v->through.side >= 0;
}

/* The printed rating Victory Points use (J 28.11, 28.12, 28.15, 28.2); 0 when not known. */
static int
vp_morale (const GbacwGame *game, const JacksonVictory *v, const GbacwGameUnit *u)
{
  const GbacwGameUnit *owner = u->crew_of >= 0 ? gbacw_game_unit (game, u->crew_of) : u;
  const GbacwSide *side = g_ptr_array_index (game->scenario->oob.sides, u->original_side);
  const char *value = gbacw_exclusive_rule_get_scoped (v->rule, &game->scenario->oob, "morale", owner->oob->formation,
                                                       side->id);
  g_autofree char *why = NULL;
  int rating;

  if (value && gbacw_exclusive_parse_int (value, 1, 6, &rating, &why))
    return rating;
  rating = u->oob->morale != GBACW_UNSET && u->oob->morale > 0 ? u->oob->morale : owner->oob->morale;
  return rating > 0 && rating <= 6 ? rating : 0;
}

static gboolean
wagon_captured (const GbacwGameUnit *u)
{
  return u->presence == GBACW_PRESENCE_CAPTURED || u->side != u->original_side;
}

static int
leader_points (const GbacwGameUnit *u)
{
  int er = u->oob->er != GBACW_UNSET ? u->oob->er : 0;
  int dir = u->oob->dir != GBACW_UNSET ? u->oob->dir : er;
  int brigade = u->times_wounded + 2 * u->times_killed + 3 * u->times_captured;
  int promoted = u->times_wounded_promoted + 2 * u->times_killed_promoted + 3 * u->times_captured_promoted;

  switch (u->oob->role)
    {
    case GBACW_LEADER_BRIGADE:
    case GBACW_LEADER_REPLACEMENT:
      return brigade * er + promoted * dir;
    case GBACW_LEADER_DIVISION:
      return (brigade + promoted) * dir;
    default:
      return 0;   /* an army commander is not in the schedule */
    }
}

/* The Victory Points side scores for the enemy unit u. */
static int
unit_points (const GbacwGame *game, const JacksonVictory *v, const GbacwGameUnit *u)
{
  int morale, killed, per, exited = 0;

  if (u->type == GBACW_UNIT_LEADER)
    return leader_points (u);
  if (gbacw_game_is_gun_crew (game, u))
    return 0;   /* J 28.14 */
  morale = vp_morale (game, v, u);
  killed = MAX (0, u->killed - u->removed_without_vp);
  per = u->type == GBACW_UNIT_CAVALRY ? 2 : 1;   /* J 28.11 */
  if (u->type == GBACW_UNIT_WAGON)
    return (wagon_captured (u) ? v->wagon : 0) + (killed + 2 * u->captured) * morale;   /* 28.13: its crew */
  if (u->presence == GBACW_PRESENCE_EXITED && !gbacw_game_is_wagon_crew (u))
    {
      /* J 28.2, 24.21: what left the map, by its printed rating, besides its earlier losses */
      int sp = u->type == GBACW_UNIT_ARTILLERY ? u->guns : u->strength;
      exited = sp * (morale >= 4 ? 2 : morale >= 2 ? 1 : 0);
    }
  return per * morale * (killed + 2 * u->captured) + exited;
}

static int
victory_points (const GbacwGame *game, gpointer data, int side)
{
  const JacksonVictory *v = data;
  int total = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->original_side == 1 - side)
        total += unit_points (game, v, u);
    }
  if (side == v->trace_side)
    {
      gboolean any;
      total += v->trace_vp * traced_points (game, v, TRUE, &any);   /* J 29.51, 36.72 */
    }
  if (v->initiative_vp != 0 && side == gbacw_fremont_side (game))
    total += v->initiative_vp * MAX (0, gbacw_fremont_initiative_level (game));   /* J 33.61, 36.71 */
  return total;
}

static gboolean
victory_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  JacksonVictory *t = to_data;
  const JacksonVictory *f = from_data;

  GBACW_COPY_ARRAY (t->last, f->last, MIN (to->n_hexes, from->n_hexes));
  GBACW_COPY_ARRAY (t->stamp, f->stamp, MIN (to->n_hexes, from->n_hexes));
  t->clock = f->clock;
  GBACW_COPY_ARRAY (t->passing, f->passing, MIN (t->n_areas, f->n_areas));
  t->decided = f->decided;
  t->winner = f->winner;
  gbacw_copy_string (&t->level, f->level);
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_victory = {
  .id = "jackson.victory",
  .init = victory_init,
  .finalize = victory_finalize,
  .copy_state = victory_copy_state,
  .phase_end = victory_phase_end,
  .interphase = victory_interphase,
  .move_entered = victory_move_entered,
  .retreat_step = victory_retreat_step,
  .action_done = victory_action_done,
  .automatic_played = victory_automatic_played,
  .area_control = victory_area_control,
  .victory = victory_decided,
  .victory_points = victory_points,
};
