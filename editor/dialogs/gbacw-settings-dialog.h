/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-settings-dialog.h: the scenario's settings.
 *
 * Title, game and description; the first and last Game-Turn with the turns' times,
 * night turns, the first player and the turns it changes; exclusive rules on or off
 * with their parameters, and rule options; victory conditions: the VP schedule,
 * objectives (name, side, VP, hexes picked on the map; removed unless a condition names
 * them), levels of victory and automatic victory.
 * Every change is applied at once as an undoable command (gbacw-oob-edit.h); typing
 * into one field is one step. A refused value is shown under the page.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-deployment-controller.h"
#include "gbacw-document.h"

G_BEGIN_DECLS

#define GBACW_TYPE_SETTINGS_DIALOG (gbacw_settings_dialog_get_type ())
G_DECLARE_FINAL_TYPE (GbacwSettingsDialog, gbacw_settings_dialog, GBACW, SETTINGS_DIALOG, GtkWindow)

/* picker (may be NULL) lets the user pick objective hexes on the map. */
GbacwSettingsDialog *gbacw_settings_dialog_new (GtkWindow *parent, GbacwDocument *document,
                                                GbacwDeploymentController *picker);

/* "general", "turns", "rules" or "victory". */
void                 gbacw_settings_dialog_show_page (GbacwSettingsDialog *self, const char *page);
/* Toggles hex in objective area id, as a click while picking does. */
gboolean             gbacw_settings_dialog_toggle_objective_hex (GbacwSettingsDialog *self, const char *area,
                                                                 int hex);

G_END_DECLS
