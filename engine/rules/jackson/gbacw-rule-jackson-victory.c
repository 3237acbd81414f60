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
 * Parameters (<exclusive id="jackson.victory">):
 *   morale.FORMATION  the Victory Point Morale Rating of a formation's units (1-6)
 *   wagon             Victory Points per supply wagon captured (default 20)
 *   trace-hex, trace-side, trace-formations, trace-vp (default 2), trace-automatic (yes/no)
 *   case              the case cited (default "J 28.11")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-victory"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-movement.h"

typedef struct {
  const GbacwExclusiveRule *rule;
  int wagon;
  GArray *trace_hexes;       /* int, or NULL */
  int trace_side;            /* -1 */
  GArray *trace_formations;  /* formation indices; empty: every unit of the side */
  int trace_vp;
  gboolean trace_automatic;
  gboolean decided;          /* J 29.52 */
} JacksonVictory;

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
  return v;
}

static void
victory_finalize (gpointer data)
{
  JacksonVictory *v = data;
  if (v->trace_hexes)
    g_array_unref (v->trace_hexes);
  g_array_unref (v->trace_formations);
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

static void
victory_phase_end (GbacwGame *game, gpointer data)
{
  JacksonVictory *v = data;
  gboolean any;

  if (!v->trace_automatic || v->decided || game->phase != GBACW_PHASE_FINAL_COMMAND
      || game->phasing_side != v->trace_side)
    return;
  traced_points (game, v, FALSE, &any);
  if (any)
    return;
  v->decided = TRUE;
  game->decided = TRUE;
  gbacw_game_log (game, "J 29.52", _("No unit of %s can trace a path to its hex: %s wins a Decisive Victory"),
                  gbacw_game_side_name (game, v->trace_side), gbacw_game_side_name (game, 1 - v->trace_side));
}

static gboolean
victory_decided (const GbacwGame *game, gpointer data, int *winning_side, char **level)
{
  const JacksonVictory *v = data;

  if (!v->decided)
    return FALSE;
  *winning_side = 1 - v->trace_side;
  *level = g_strdup_printf (_("%s Decisive Victory (J 29.52)"), gbacw_game_side_name (game, 1 - v->trace_side));
  return TRUE;
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
  return total;
}

const GbacwRuleHooks gbacw_rule_jackson_victory = {
  .id = "jackson.victory",
  .init = victory_init,
  .finalize = victory_finalize,
  .phase_end = victory_phase_end,
  .victory = victory_decided,
  .victory_points = victory_points,
};
