/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-settings-dialog-private.h: the Scenario Settings dialog's fields, for the tests. */
#pragma once

#include "gbacw-settings-dialog.h"

G_BEGIN_DECLS

/* The title entry and the first / last turn spin buttons. */
GtkEditable         *gbacw_settings_dialog_get_title_entry (GbacwSettingsDialog *self);
GtkSpinButton       *gbacw_settings_dialog_get_turn_spin (GbacwSettingsDialog *self, gboolean last);
/* The time entry and night check of turn n, NULL if not shown. */
GtkEditable         *gbacw_settings_dialog_get_time_entry (GbacwSettingsDialog *self, int n);
GtkCheckButton      *gbacw_settings_dialog_get_night_check (GbacwSettingsDialog *self, int n);
/* The last refusal shown ("" when none). */
const char          *gbacw_settings_dialog_get_message (GbacwSettingsDialog *self);
/* A widget of objective area's row: part "name" (entry), "side" (dropdown), "vp" (spin
 * button) or "remove" (button); NULL if not shown. */
GtkWidget           *gbacw_settings_dialog_get_objective_widget (GbacwSettingsDialog *self, const char *area,
                                                                 const char *part);
/* A widget of the Victory Points award's row: part "side", "event", "area", "how",
 * "unit-type", "role" (dropdowns), "vp" (spin button); NULL if not shown. */
GtkWidget           *gbacw_settings_dialog_get_award_widget (GbacwSettingsDialog *self, const char *award,
                                                             const char *part);

/* The exclusive rules page: rule's check button (param NULL), the entry of its parameter param,
 * or (picker) the dropdown beside it that puts a choice or an id in it, or its Pick on Map
 * button for hexes, its Draw on Map button for an area (param NULL: the dropdown that names a
 * new parameter); NULL if not shown. */
GtkWidget           *gbacw_settings_dialog_get_rule_widget (GbacwSettingsDialog *self, const char *rule,
                                                            const char *param, gboolean picker);
/* The dropdown of the map's areas beside an area parameter's Draw on Map button, or a hexes
 * parameter's Pick on Map button; NULL if not shown. */
GtkWidget           *gbacw_settings_dialog_get_rule_area_choice (GbacwSettingsDialog *self, const char *rule,
                                                                 const char *param);

G_END_DECLS
