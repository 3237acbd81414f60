/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-movement.h: movement, formations, facing, zones of control and stacking
 * (5.0-8.1, 10.0).
 *
 * Costs come from the scenario's Terrain Effects on Movement Chart through
 * model/gbacw-rules-data.h, in half Movement Points ("halves"). A move is checked step
 * by step: 5.11 (allowance), 5.12 (enemy-occupied hexes), 5.2 (routed and out of
 * command units: one hex, not into an enemy ZOC), 6.11 (a road hex with a friendly
 * unit costs its other terrain), 6.13 (unlimbered artillery does not move), 7.11
 * (facing the hex entered), 8.16 and 8.17 (columns and mounted cavalry entering
 * occupied hexes), 9.84 (pinned units), 10.1 (leaving an enemy ZOC: withdrawal fire,
 * recorded as pending for the withdrawal fire rules).
 */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

/* The hexes a unit can reach in this Movement Phase. */
typedef struct {
  int unit;
  int start;
  int allowance;       /* halves (5.11) */
  int spent;           /* halves already spent this phase */
  gboolean one_hex;    /* 5.2: routed or out of command */
  int *cost;           /* per hex: halves spent on arrival (from the phase's start), -1 unreachable */
  int *previous;       /* per hex: the hex before it on a cheapest path, -1 */
  GArray *hexes;       /* int: the reachable hexes other than the start, cheapest first */
} GbacwMoveRange;

/* The unit's Movement Allowance in halves (5.19 "ma" for its type and formation, and
 * the MOVE-COST hooks); FALSE with an error when the chart does not give it. */
gboolean        gbacw_movement_allowance (const GbacwGame *game, int unit, int *halves, GError **error);

/* The range of a unit (ignores whose phase it is: a player may look at an enemy's).
 * NULL with an error if the unit cannot move at all (and why). */
GbacwMoveRange *gbacw_movement_range (GbacwGame *game, int unit, GError **error);
void            gbacw_move_range_free (GbacwMoveRange *range);
/* The cheapest path to hex, start excluded (int hex indices); NULL if not reachable. */
GArray         *gbacw_move_range_path (const GbacwMoveRange *range, int hex);

/* 26.0: the hexes a reinforcement not on the map yet may enter at now, in order: its
 * group's entry hexes as the exclusive rules change them (J 32.2, P 26.14, P 26.22),
 * empty before its Game-Turn. *rule_case (may be NULL): the case of the module that
 * changed them, else "26.0". */
GArray         *gbacw_movement_entry_hexes (const GbacwGame *game, int unit, const char **rule_case);

/* 10.0: whether hex is in the zone of control of an enemy of side (a unit of side
 * that is mounted cavalry is affected by enemy mounted cavalry ZOCs; others are not). */
gboolean        gbacw_movement_in_enemy_zoc (const GbacwGame *game, int hex, int side, gboolean mounted_cavalry);
/* 10.3, 10.4, 16.31, 11.22: whether hex is in an enemy ZOC for supply and leadership
 * paths (mounted cavalry in all six hexes, ammunition-depleted units too). */
gboolean        gbacw_movement_in_enemy_path_zoc (const GbacwGame *game, int hex, int side);
/* 10.0: whether the unit exerts a ZOC into the adjacent hex. */
gboolean        gbacw_movement_exerts_zoc (const GbacwGame *game, int unit, int hex);

/* The cost in halves for unit to enter the hex beside from in direction (one step,
 * 5.15, 6.11, hexsides), GBACW_COST_* in kind. */
void            gbacw_movement_step_cost (const GbacwGame *game, int unit, int from, int direction, GbacwMoveCost *cost);

/* 8.1: whether hex is within the stacking limits (8.11-8.18), each player's own units
 * counted apart (an engaged hex holds both sides' units, 12.94); FALSE with an error
 * naming the limit exceeded. */
gboolean        gbacw_movement_check_stacking (const GbacwGame *game, int hex, GError **error);
/* 8.1: the same for side's units only. */
gboolean        gbacw_movement_check_stacking_side (const GbacwGame *game, int hex, int side, GError **error);

/* Formation change cost (6.2, TEM "chg") in halves; FALSE with an error. */
gboolean        gbacw_movement_formation_cost (const GbacwGame *game, int unit, int *halves, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwMoveRange, gbacw_move_range_free)

G_END_DECLS
