/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-settings-edit.h: replaces the scenario's info, turn track, elevation
 * levels and/or map background as a whole (each part optional).
 *
 * Info, turns and levels report GBACW_CHANGE_SETTINGS, the background
 * GBACW_CHANGE_BACKGROUND. */
#pragma once

#include "gbacw-command.h"

G_BEGIN_DECLS

#define GBACW_TYPE_SETTINGS_EDIT (gbacw_settings_edit_get_type ())
G_DECLARE_FINAL_TYPE (GbacwSettingsEdit, gbacw_settings_edit, GBACW, SETTINGS_EDIT, GbacwCommand)

/* Edits with the same non-zero merge_key merge (typing into a settings field). */
GbacwSettingsEdit *gbacw_settings_edit_new (const char *label, guint merge_key);
/* Each setter copies its argument; setting a part twice keeps the last value. */
void gbacw_settings_edit_set_info (GbacwSettingsEdit *self, const GbacwScenarioInfo *info);
void gbacw_settings_edit_set_turns (GbacwSettingsEdit *self, const GbacwTurnTrack *turns);
/* levels: int feet per elevation level, as GbacwMap.levels */
void gbacw_settings_edit_set_levels (GbacwSettingsEdit *self, GArray *levels);
void gbacw_settings_edit_set_background (GbacwSettingsEdit *self, const GbacwBackground *background);

G_END_DECLS
