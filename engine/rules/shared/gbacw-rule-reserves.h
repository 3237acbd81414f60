/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-reserves.h: what the reserves module (gbacw-rule-reserves.c) tells the other
 * modules: which units are held, committing a formation's group (J 30.2:
 * Fremont's orders commit a brigade, a withdrawal uncommits it). */
#pragma once

#include "gbacw-game.h"

G_BEGIN_DECLS

/* Whether unit is in a reserve group not yet released or committed. */
gboolean gbacw_reserves_held (const GbacwGame *game, int unit);
/* Commits (or uncommits) the group of formation (an id of the rule's "formations"), citing
 * rule_case (NULL: the rule's case); FALSE when no group of that formation changed. */
gboolean gbacw_reserves_set_committed (GbacwGame *game, const char *formation, gboolean committed,
                                       const char *rule_case);

G_END_DECLS
