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
/* The title entry and the first / last turn spin buttons, for the tests. */
GtkEditable         *gbacw_settings_dialog_get_title_entry (GbacwSettingsDialog *self);
GtkSpinButton       *gbacw_settings_dialog_get_turn_spin (GbacwSettingsDialog *self, gboolean last);
/* The time entry and night check of turn n, NULL if not shown. */
GtkEditable         *gbacw_settings_dialog_get_time_entry (GbacwSettingsDialog *self, int n);
GtkCheckButton      *gbacw_settings_dialog_get_night_check (GbacwSettingsDialog *self, int n);
/* The last refusal shown ("" when none). */
const char          *gbacw_settings_dialog_get_message (GbacwSettingsDialog *self);
/* Toggles hex in objective area id, as a click while picking does. */
gboolean             gbacw_settings_dialog_toggle_objective_hex (GbacwSettingsDialog *self, const char *area,
                                                                 int hex);
/* A widget of objective area's row: part "name" (entry), "side" (dropdown), "vp" (spin
 * button) or "remove" (button); NULL if not shown. For the tests. */
GtkWidget           *gbacw_settings_dialog_get_objective_widget (GbacwSettingsDialog *self, const char *area,
                                                                 const char *part);

G_END_DECLS
