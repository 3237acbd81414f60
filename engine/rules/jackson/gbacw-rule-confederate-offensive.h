/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-confederate-offensive.h: what the Confederate offensive module (J 31.0) tells
 * the other modules (J 36.3: no brigade detached from Jackson's division before it). */
#pragma once

#include "gbacw-game.h"

G_BEGIN_DECLS

/* Whether the Confederate offensive has been declared (FALSE when the module is not in play). */
gboolean gbacw_confederate_offensive_declared (const GbacwGame *game);

G_END_DECLS
