/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-autosave-private.h: test hooks of gbacw-autosave.c. */
#pragma once

#include "gbacw-autosave.h"

G_BEGIN_DECLS

/* The delay after a change before the copy is written, in milliseconds, in place of the
 * setting's seconds (0: the setting's again). */
void gbacw_autosave_set_interval_for_tests (guint milliseconds);
/* Forgets the copy without removing it, as a crash leaves it. */
void gbacw_autosave_abandon_for_tests (GbacwAutosave *self);

G_END_DECLS
