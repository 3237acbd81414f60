/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-recovery-private.h: test hooks of gbacw-recovery.c. */
#pragma once

#include "gbacw-recovery.h"

G_BEGIN_DECLS

/* The process id written into copies from now on (0: the real one): a test writes copies
 * as a process that has ended, as a crash leaves them. */
void gbacw_recovery_set_pid_for_tests (gint64 pid);

G_END_DECLS
