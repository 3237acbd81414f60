/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-encampment.h: what the encampment module (J 34.0-34.2) tells the other modules
 * (J 34.3: the Train Park routs when a Union unit entering Port Republic alerts). */
#pragma once

#include "gbacw-game.h"

G_BEGIN_DECLS

/* The Game-Turn the encamped side was alerted, -1 (not yet, or no module); *by_town (may be
 * NULL): by a Union unit entering a hex of Port Republic. */
int      gbacw_encampment_alert_turn (const GbacwGame *game, gboolean *by_town);
/* Whether unit is encamped now. */
gboolean gbacw_encampment_encamped (const GbacwGame *game, int unit);
/* The unit is no longer encamped (it left the map: J 34.3). */
void     gbacw_encampment_leave (GbacwGame *game, int unit);

G_END_DECLS
