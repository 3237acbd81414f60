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
 * Parameters (<exclusive id="jackson.victory">):
 *   morale.FORMATION  the Victory Point Morale Rating of a formation's units (1-6)
 *   wagon             Victory Points per supply wagon captured (default 20)
 *   case              the case cited (default "J 28.11")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-victory"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"

typedef struct {
  const GbacwExclusiveRule *rule;
  int wagon;
} JacksonVictory;

static gpointer
victory_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  JacksonVictory *v = g_new0 (JacksonVictory, 1);

  (void) game;
  v->rule = rule;
  v->wagon = gbacw_exclusive_rule_get_int (rule, "wagon", 20);
  return v;
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
  return total;
}

const GbacwRuleHooks gbacw_rule_jackson_victory = {
  .id = "jackson.victory",
  .init = victory_init,
  .finalize = g_free,
  .victory_points = victory_points,
};
