/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-hexside.h: sets and clears hexside features (crests, rivers, works…). */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_HEXSIDE (gbacw_tool_hexside_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolHexside, gbacw_tool_hexside, GBACW, TOOL_HEXSIDE, GbacwMapTool)

GbacwToolHexside *gbacw_tool_hexside_new (void);

/* The hexside type index drawn. */
int            gbacw_tool_hexside_get_feature (GbacwToolHexside *self);
void           gbacw_tool_hexside_set_feature (GbacwToolHexside *self, int feature);
/* The hexside under the pointer (lit up on the map), GBACW_HEXSIDE_NONE when none. */
GbacwHexsideId gbacw_tool_hexside_get_hover (GbacwToolHexside *self);
/* The selected hexside (property "selected"): the one last pressed on, or picked with N
 * ("name-requested" is then emitted); GBACW_HEXSIDE_NONE when none. Setting one not on
 * the map selects none. */
GbacwHexsideId gbacw_tool_hexside_get_selected (GbacwToolHexside *self);
void           gbacw_tool_hexside_set_selected (GbacwToolHexside *self, GbacwHexsideId id);
/* The selected hexside's name, or NULL. */
const char    *gbacw_tool_hexside_get_selected_name (GbacwToolHexside *self);
/* Names the work the selected hexside belongs to, every hexside of the redan or works at
 * once (gbacw_map_edit_name_work ()), as one undo step; NULL, "" or only blanks removes
 * the name. FALSE, and nothing done, when no hexside is selected. */
gboolean       gbacw_tool_hexside_set_selected_name (GbacwToolHexside *self, const char *name);

G_END_DECLS
