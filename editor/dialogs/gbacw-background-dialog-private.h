/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-background-dialog-private.h: the Background Image window as the tests drive it. */
#pragma once

#include "gbacw-background-dialog.h"

G_BEGIN_DECLS

/* The calibration tool, and the label entry as a user would use it. */
GbacwToolCalibrate    *gbacw_background_dialog_get_tool (GbacwBackgroundDialog *self);
void                   gbacw_background_dialog_set_mode (GbacwBackgroundDialog *self, int mode);
/* Types label into the hex-number entry and activates it; FALSE if it was refused. */
gboolean               gbacw_background_dialog_enter_label (GbacwBackgroundDialog *self, const char *label);
/* Sets the Rotation field as a user would (degrees, -5 to 5). */
void                   gbacw_background_dialog_set_rotation (GbacwBackgroundDialog *self, double degrees);

G_END_DECLS
