/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-query.h: questions about a game in play, answered through the public engine
 * headers only (never changing the game): what the computer player (gbacw-ai.h), the
 * play and replay commands and the tests ask.
 *
 * - geometry: distances, the facing toward a hex, frontal hexsides (7.0), the distance
 *   of every hex to the nearest enemy combat unit;
 * - stacking (8.1) with units added to a hex;
 * - the expected effect of a fire (9.16, averaged over the die), from a resolution of
 *   gbacw_fire_compute ();
 * - strength accounting, Brigade Combat Effectiveness (18.0) counted from the losses;
 * - Victory Points and the level of victory, as the scenario's awards and levels
 *   define them (GbacwOutcome: fed every state of the game, it also keeps who controls
 *   each area and the awards made each Game-Turn, and automatic victories);
 * - a canonical text dump of the state, to compare games and replays.
 *
 * The Victory Points are worked out here, from the scenario's awards: an area is
 * controlled by the side that last had combat units in it with no enemy combat unit
 * ("objective": the award's vp, else the area's); "enemy-sp-lost" counts the Strength
 * Points and guns killed and captured (never wagon crews, nor their crew counters, unless
 * the award's unit-type is "wagon": the wagon guards, never a former crew removed, 11.19);
 * "leader-lost" each time an enemy leader is killed, wounded or captured (17.73; his own
 * VP value when the order of battle gives one); an award's how, unit-type and role
 * qualifiers count only the losses of that outcome, unit type or leader role (P 34.11,
 * docs/file-format.md); "bce-lost" each enemy brigade whose losses reached its BCE limit
 * (its bce-vp); "unit-exited" vp per combat unit that left the map (GBACW_ACTION_EXIT)
 * through the award's exit area (any exit area when it names none): the units of the
 * area's side when it has one, else the awarded side's own, counted when they exit;
 * "custom" awards have only a text and are not counted (GbacwVictory.not_computed).
 */
#pragma once

#include <glib.h>

#include "gbacw-fire.h"
#include "gbacw-game.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------ geometry */

int      gbacw_query_distance (const GbacwGame *game, int a, int b);
/* The direction (0-5) from hex from that points most nearly at hex to; -1 if equal. */
int      gbacw_query_direction_toward (const GbacwGame *game, int from, int to);
/* 7.0: the unit's frontal hexsides as a mask of directions (all six without a facing). */
guint    gbacw_query_frontal_mask (const GbacwGameUnit *unit);
/* The same with the exclusive rules' FACING hooks applied (C 23.21: a redan's outer side):
 * what ZOC (10.0), fire (7.22, 7.23) and melee (12.21) read. */
guint    gbacw_game_frontal_mask (const GbacwGame *game, int unit);
/* Per hex: the distance to the nearest combat unit on the map of a side other than side
 * (G_MAXINT when there is none); nearest (may be NULL) gets that unit's hex. Both arrays
 * have game->n_hexes entries and are filled by the caller's buffers. */
void     gbacw_query_enemy_distance (const GbacwGame *game, int side, int *distance, int *nearest);
/* The same counting every enemy unit on the map, leaders too (17.52). */
void     gbacw_query_enemy_unit_distance (const GbacwGame *game, int side, int *distance);
/* The cost in halves of the cheapest way from every hex to goal for move_class (a
 * GbacwMoveClass) over the terrain alone: hex terrain, hexsides and roads as the Terrain
 * Effects on Movement Chart gives them (gbacw_rules_data_move_cost ()), no units, zones
 * of control or allowance. out[hex] is -1 where goal cannot be reached; a step costing
 * the whole allowance (fords) or an unknown cell counts as all_halves. */
void     gbacw_query_move_field (const GbacwGame *game, int move_class, int goal, int all_halves, int *out);
/* The step costs gbacw_query_move_field () reads, worked out once for a movement class
 * over the map (they depend on the terrain alone), for callers that need many fields of
 * one class: gbacw_query_move_field_steps () gives the same field from them. */
typedef struct _GbacwStepCosts GbacwStepCosts;
GbacwStepCosts *gbacw_query_step_costs_new (const GbacwGame *game, int move_class, int all_halves);
/* One block of memory: the same as g_free (steps). */
void     gbacw_query_step_costs_free (GbacwStepCosts *steps);
void     gbacw_query_move_field_steps (const GbacwStepCosts *steps, int goal, int *out);
/* Whether a combat unit of another side than side stands in the hex or beside it. */
gboolean gbacw_query_adjacent_enemy (const GbacwGame *game, int hex, int side);

/* ------------------------------------------------------------------ units */

/* What the strength accounting counts for a unit: guns for a battery, the crew for a
 * wagon, Strength Points otherwise (0 for leaders). */
int      gbacw_query_unit_value (const GbacwGameUnit *unit);
/* The leader who commands the unit's own formation, or the nearest formation above it
 * that has a commander on the map; -1. */
int      gbacw_query_commander (const GbacwGame *game, int unit);
/* Whether the unit belongs to formation (directly or through the formations under it). */
gboolean gbacw_query_in_formation (const GbacwGame *game, int unit, const GbacwFormation *formation);

/* 8.1: whether hex would be within the stacking limits with the units added (units
 * already in hex are not counted twice); formation: the formation the units added will
 * be in, GBACW_FORMATION_STATE_UNSET for their present one. */
gboolean gbacw_query_stacking_allows (const GbacwGame *game, int hex, const int *units, guint n_units,
                                      GbacwFormationState formation);

/* ------------------------------------------------------------------ fire */

/* The effect a resolution can be expected to have, averaged over the six faces of the
 * die: *losses (may be NULL) gets the expected Strength Points or guns lost; the value
 * returned weighs in the routs and pins by the targets' morale. */
double   gbacw_query_fire_value (const GbacwGame *game, const GbacwFireResolution *resolution, double *losses);

/* The value of a melee of attackers into hex for the attacker (12.98, averaged over the
 * die: the defender's losses and retreat less the attacker's), or -G_MAXDOUBLE when the
 * rules forbid it; *differential (may be NULL) gets the differential. */
double   gbacw_query_melee_value (GbacwGame *game, const GArray *attackers, int hex, int *differential);

/* ------------------------------------------------------------------ BCE (18.0) */

/* The boxes marked for brigade: the Strength Points its own infantry and cavalry lost
 * (killed and captured). */
int      gbacw_query_bce_marks (const GbacwGame *game, const GbacwFormation *brigade);
/* The Strength Points of the brigade's infantry and cavalry at the start of the game. */
int      gbacw_query_brigade_strength (const GbacwGame *game, const GbacwFormation *brigade);
/* The brigade's BCE limit now (the order of battle's bce-day1 until an exclusive rule
 * changes it: P 22.4, C 26.3), GBACW_UNSET when it has none. */
int      gbacw_query_bce_limit (const GbacwGame *game, const GbacwFormation *brigade);
/* Whether the brigade has lost its BCE: marks at least its limit now; FALSE when it has
 * no limit. */
gboolean gbacw_query_bce_lost (const GbacwGame *game, const GbacwFormation *brigade);

/* ------------------------------------------------------------------ victory */

typedef struct {
  int vp[2];              /* per side */
  int objectives[2];      /* their parts */
  int enemy_sp[2];
  int leaders[2];
  int bce[2];
  int sp_start[2];        /* strength accounting per side (SP and guns) */
  int sp_now[2];
  int killed[2];
  int captured[2];
  int winner;             /* -1: a draw */
  int margin;             /* vp[winner] - vp[other], or the difference */
  gboolean automatic;     /* an automatic victory (the scenario's <automatic>, or the module's that plays them) */
  char *level;            /* translated: the level's name, or "Draw" */
  int exited[2];          /* "unit-exited" awards: their parts */
  char *not_computed;     /* the scenario's "custom" awards (text only), not counted: "" when none */
  int exclusive[2];       /* awarded by exclusive rules (the VICTORY hooks' victory_points): their parts */
  int units[2];           /* "unit-vp" awards: the VP of the enemy units lost (their own vp) */
  char *level_id;         /* stable, not translated, beside level: "draw", "automatic:SIDE" (the side's id),
                             "level:SIDE:MIN" (the scenario's level of SIDE from MIN VP up),
                             "exclusive:RULE:SIDE" or "exclusive:RULE:draw" (decided by an exclusive rule) */
} GbacwVictory;

void gbacw_victory_clear (GbacwVictory *victory);
/* The level_id of a level of the scenario's victory levels ("level:SIDE:MIN"). */
char *gbacw_victory_level_id (const GbacwVictoryLevel *level);

typedef struct _GbacwOutcome GbacwOutcome;

/* Follows a game from its present state (normally just created). */
GbacwOutcome *gbacw_outcome_new (const GbacwGame *game);
void          gbacw_outcome_free (GbacwOutcome *outcome);
/* Sets to (an outcome of a game of the same scenario) to what from has seen: the areas'
 * control, the awards made, the automatic victory, the units' values when it began. */
void          gbacw_outcome_copy_state (GbacwOutcome *to, const GbacwOutcome *from);
/* Call after every action: control of areas, awards made at the end of each Game-Turn
 * and automatic victories. */
void          gbacw_outcome_update (GbacwOutcome *outcome, const GbacwGame *game);
/* The end of the present Game-Turn counts now (its each-turn awards and automatic
 * victories), not when the next one begins: for a victory check in its interphase. */
void          gbacw_outcome_end_turn (GbacwOutcome *outcome, const GbacwGame *game);
/* The Victory Points and the level, as if the game ended now. */
void          gbacw_outcome_victory (const GbacwOutcome *outcome, const GbacwGame *game, GbacwVictory *victory);
/* The side controlling the area now (-1: none). */
int           gbacw_outcome_area_control (const GbacwOutcome *outcome, const GbacwArea *area);

/* Replays actions (GbacwAction*) on a new game of scenario with seed, following the
 * outcome after each; NULL with an error when an action is refused. */
GbacwGame    *gbacw_outcome_replay (const GbacwScenario *scenario, guint32 seed, const GPtrArray *actions,
                                    GbacwOutcome **outcome, GError **error);

/* ------------------------------------------------------------------ phases */

/* Ends phases, giving no orders, until the phasing side's phase of the current
 * Game-Turn or a later one (at most one Game-Turn on): the phases before it do their
 * work as in play (the Initial Command Phase's command check, 17.11, 17.21). FALSE with
 * an error when a phase may not end (a decision is asked) or the game ends first. */
gboolean gbacw_query_play_to_phase (GbacwGame *game, GbacwPhase phase, int phasing_side, GError **error);

/* ------------------------------------------------------------------ state */

/* Every part of the state that play changes, one line per unit, in a fixed order and
 * format (no translation): two games in the same state give the same text. */
char *gbacw_query_state_dump (const GbacwGame *game);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwOutcome, gbacw_outcome_free)

G_END_DECLS
