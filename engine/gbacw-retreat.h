/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-retreat.h: retreats (14.0-14.4, 13.31, 12.92, 12.95, 8.15), displacement
 * (14.3), capture when a retreat is blocked (14.1, 5.17), leaders left alone (17.53,
 * 17.54, 17.73) or going with a rout (13.43, 17.74).
 *
 * A retreat is owed by a pending item (GBACW_PENDING_ROUT_RETREAT, _RETREAT,
 * _DISPLACEMENT); its owner chooses the path among the legal ones
 * (gbacw_retreat_paths ()), or it is resolved at once when there is only one, and the
 * units are captured when there is none. The units then go hex by hex: friendly units
 * in the way are displaced one hex first and check morale (14.3, chain reactions
 * included), and entering a hex in the ZOC of an enemy unit other than those that
 * caused the retreat gives that unit a retreat fire (10.2).
 */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

/* Flags for gbacw_retreat_paths () (GBACW_PENDING_NO_EZOC is also one). */
#define GBACW_RETREAT_PREFER_VACANT (1u << 16)   /* 14.3: a displaced stack goes to a vacant hex if it can */
#define GBACW_RETREAT_ANY           (1u << 17)   /* 12.81: a retreat the owner chooses freely (no 14.3, 14.4 preferences) */

/* The legal paths (GArray* of int hexes, from excluded) for units retreating together
 * from hex from, length hexes:
 * - 14.4: each step one hex further from the start, so that it ends exactly length hexes
 *   away and never enters a hex twice;
 * - 14.1, 5.17: not into enemy-occupied hexes, across impassable hexsides or prohibited
 *   terrain, nor off the map; 12.82, 12.92: not into an enemy ZOC with GBACW_PENDING_NO_EZOC;
 *   the RETREAT-DIR hooks;
 * - 14.3: through friendly combat units only when no path avoids both them and enemy ZOCs;
 * - 14.4: away from the enemy (the last hex farther from the nearest enemy combat unit
 *   than the start, when a path does that), then the cheapest in Movement Points.
 * Cheapest first, then in hex order. Empty when the units cannot retreat. */
GPtrArray *gbacw_retreat_paths (GbacwGame *game, const GArray *units, int from, int length, guint flags);
/* The same, never entering a hex of avoid (14.3: the hexes of a displacement chain). */
GPtrArray *gbacw_retreat_paths_avoiding (GbacwGame *game, const GArray *units, int from, int length, guint flags,
                                         const GArray *avoid);

/* Queues a retreat of units (a stack in one hex) of length hexes before item before
 * (NULL: at the back). causes are the enemy units that caused it (no retreat fire from
 * them, 10.2); flags GBACW_PENDING_*. */
void       gbacw_retreat_queue (GbacwGame *game, GbacwPendingKind kind, const GArray *units, int length, guint flags,
                                const GArray *causes, const char *rule_case, const GbacwPending *before);

/* The unit is captured (its SP or guns are recorded as captured). */
void       gbacw_retreat_capture (GbacwGame *game, int unit, const char *rule_case);
/* The same, logging text (translated) instead of "cannot retreat" (J 35.21). */
void       gbacw_retreat_capture_logged (GbacwGame *game, int unit, const char *rule_case, const char *text);

/* 17.53, 17.54, 17.73: leaders of side alone in hex are captured if the hex holds an
 * enemy combat unit or is surrounded by enemy units, enemy ZOCs, impassable hexsides and
 * the map edge. */
void       gbacw_retreat_check_lone_leaders (GbacwGame *game, int hex, int side);

G_END_DECLS
