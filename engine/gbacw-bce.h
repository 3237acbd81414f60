/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-bce.h: Brigade Combat Effectiveness (18.0) as the game plays it.
 *
 * Every SP a brigade's infantry and cavalry lose (killed or captured) marks a box; the
 * brigade loses BCE when the boxes marked reach its limit (J 30.26's example: reaching,
 * not exceeding). The limit starts as the order of battle's day-1 limit (bce-day1) and
 * may change during the game (P 22.4, C 26.3: gbacw_bce_set_limit ()); boxes are erased
 * when a casualty's SP comes back (straggler recovery: the unit's killed count goes
 * down). Whether a brigade has lost BCE is worked out from the units whenever it is
 * asked, so that its effects apply the instant the limit is reached (J 27.0, P 24.0);
 * gbacw_bce_refresh () logs the changes and tells the modules (bce_changed).
 */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

void     gbacw_bce_init (GbacwGame *game);
void     gbacw_bce_free (GbacwGame *game);

/* The formation (index in the order of battle) the unit belongs to, -1. */
int      gbacw_bce_formation_of (const GbacwGame *game, int unit);
/* Whether the unit's SP lost mark its formation's boxes: infantry and cavalry (18.0;
 * P 24.22, C 25.3: never guns or crews). */
gboolean gbacw_bce_counts (const GbacwGame *game, int unit);
/* The boxes of formation marked now: its own infantry and cavalry's SP killed and
 * captured. */
int      gbacw_bce_marks (const GbacwGame *game, int formation);
/* The limit now, GBACW_UNSET when it has none. */
int      gbacw_bce_limit (const GbacwGame *game, int formation);
/* A new limit (P 22.41, C 26.32); logged with rule_case. */
void     gbacw_bce_set_limit (GbacwGame *game, int formation, int limit, const char *rule_case);
/* Whether formation has lost BCE now: a limit, and marks at least that limit. */
gboolean gbacw_bce_lost (const GbacwGame *game, int formation);
/* Whether formation suffers the effects of BCE loss: it has lost BCE, or an exclusive
 * rule treats it so (the RULE hooks' bce_effects: C 30.4). */
gboolean gbacw_bce_effects (const GbacwGame *game, int formation);
/* Whether the unit belongs to a formation that suffers the effects of BCE loss. */
gboolean gbacw_bce_unit_lost (const GbacwGame *game, int unit);
/* Logs each formation that has lost or regained BCE since the last call and calls the
 * modules' bce_changed hooks; the engine calls it after each action. */
void     gbacw_bce_refresh (GbacwGame *game);
/* Sets to's limits, and what it last found lost, to from's (a game of the same scenario):
 * the limits the modules changed (P 22.41, C 26.32), with no log and no hook called. */
void     gbacw_bce_copy (GbacwGame *to, const GbacwGame *from);

G_END_DECLS
