/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-bridges.h: the wagon bridge of Jackson at the Crossroads (J 23.0) as
 * the other Jackson modules see it (J 36.42: destroyed by the bridge-burning rule; J 36.52:
 * a ford under it is not limited). Kept by jackson.wagon-bridge; without that module, a
 * wagon bridge is what the map draws. */
#pragma once

#include "gbacw-game.h"

G_BEGIN_DECLS

/* Whether a wagon bridge stands now on the hexside of hex in direction. */
gboolean gbacw_jackson_wagon_bridge_at (const GbacwGame *game, int hex, int direction);
/* Destroys the wagon bridge on that hexside for good (J 36.42: a ford again); FALSE when
 * none stands there or jackson.wagon-bridge is not played. */
gboolean gbacw_jackson_wagon_bridge_destroy (GbacwGame *game, int hex, int direction);

G_END_DECLS
