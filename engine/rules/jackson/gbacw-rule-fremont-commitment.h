/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-fremont-commitment.h: what the Fremont's Corps module (J 30.0) tells the other
 * modules: Fremont's Momentum and Initiative Level now (J 30.7's divisional units, J 33.63's
 * automatic victory read the level). */
#pragma once

#include "gbacw-game.h"

G_BEGIN_DECLS

/* Fremont's Initiative Level now (J 30.2), -1 when the module is not in play. */
int gbacw_fremont_initiative_level (const GbacwGame *game);
/* The side of Fremont's Corps (the Union), -1 when the module is not in play (J 33.61's
 * Victory Points per Initiative Level go to it). */
int gbacw_fremont_side (const GbacwGame *game);
/* The box of Fremont's Momentum marker now (-10 to +10), 0 when the module is not in play. */
int gbacw_fremont_momentum (const GbacwGame *game);

G_END_DECLS
