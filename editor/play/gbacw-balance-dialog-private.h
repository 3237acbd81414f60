/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-balance-dialog-private.h: what the balance dialog gave the engine and what its
 * notice says, for the tests. */
#pragma once

#include "gbacw-balance-dialog.h"

G_BEGIN_DECLS

/* The levels the last run was started with (gbacw_balance_run_levels ()). */
void        gbacw_balance_dialog_get_run_levels (GbacwBalanceDialog *self, GbacwAiLevel levels[2]);
/* The notice about the victory awards, or NULL when none is shown. */
const char *gbacw_balance_dialog_get_notice (GbacwBalanceDialog *self);

G_END_DECLS
