/* gbacw-leadership.h: leaders and command (17.0-17.8, 5.2, 5.3, 10.4, 13.53).
 *
 * A leader commands the formation whose commander he is (the order of battle's
 * formations) and every formation under it; a brigade commander's units are those of
 * his brigade (17.1), a division commander's the division's (17.2), with the brigades
 * attached to or detached from it (17.6). */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

/* The formation the leader commands, or NULL. */
const GbacwFormation *gbacw_leader_formation (const GbacwGame *game, int leader);
/* Whether leader commands unit (a combat unit or a leader under him). */
gboolean              gbacw_leader_commands (const GbacwGame *game, int leader, int unit);

G_END_DECLS
