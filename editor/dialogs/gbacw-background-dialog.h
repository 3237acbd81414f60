/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-background-dialog.h: the Background Image window of an editor window.
 *
 * Loads or removes the scan of the paper map, sets its opacity, and calibrates it:
 * "Click Three Hexes" makes the canvas's tool a GbacwToolCalibrate in points mode
 * and asks here for the label of each hex clicked; "Adjust" lets drags on the map
 * slide and scale the scan, and Rotation turns it by a small angle (a skewed scan).
 * Closing the window gives the canvas its tool back.
 */
#pragma once

#include "gbacw-background-controller.h"
#include "gbacw-editor-host.h"
#include "gbacw-tool-calibrate.h"

G_BEGIN_DECLS

#define GBACW_TYPE_BACKGROUND_DIALOG (gbacw_background_dialog_get_type ())
G_DECLARE_FINAL_TYPE (GbacwBackgroundDialog, gbacw_background_dialog, GBACW, BACKGROUND_DIALOG, GtkWindow)

GbacwBackgroundDialog *gbacw_background_dialog_new (GbacwEditorHost *window, GbacwBackgroundController *controller);

G_END_DECLS
