/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-safe-write-private.h: the safe writer's fault-injection seam, for the tests.
 *
 * The calls on the write path are counted: open (the temporary file, the folder to sync),
 * write, fsync, close, link and rename. Removing temporary files and putting the old
 * file back after a failure are never failed: they are the recovery being tested.
 */
#pragma once

#include "gbacw-safe-write.h"

G_BEGIN_DECLS

/* From now, the nth call on the write path (1: the next one) fails with errno_value;
 * n = 0 turns the fault off. Resets the count of calls. */
void  gbacw_safe_write_fail_call (guint n, int errno_value);
/* The calls counted since gbacw_safe_write_fail_call (). */
guint gbacw_safe_write_get_n_calls (void);
/* Makes link () fail with EPERM, as on a file system without hard links. */
void  gbacw_safe_write_refuse_links (gboolean refuse);

G_END_DECLS
