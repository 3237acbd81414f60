/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-area.h: paints hexes into and out of a named area (a town, a set-up area…). */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_AREA (gbacw_tool_area_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolArea, gbacw_tool_area, GBACW, TOOL_AREA, GbacwMapTool)

GbacwToolArea *gbacw_tool_area_new (void);

/* The id of the area painted, or NULL. */
const char *gbacw_tool_area_get_area (GbacwToolArea *self);
void        gbacw_tool_area_set_area (GbacwToolArea *self, const char *area_id);
/* What a click paints into, in words for the pointer's badge and the options: "Paint
 * into: Union Set-up (set-up area)"; NULL while no area of the map is chosen (a click
 * then paints nothing and says so in the status line). A new string. */
char       *gbacw_tool_area_describe_target (GbacwToolArea *self);
/* Take the hexes painted out of the area instead of adding them. */
gboolean    gbacw_tool_area_get_erase (GbacwToolArea *self);
void        gbacw_tool_area_set_erase (GbacwToolArea *self, gboolean erase);

/* Adds an empty area (one undo step) with an id made from name, unique in the map, and
 * makes it the tool's area. side: a side id or NULL. Returns the new id, or NULL
 * without a document. */
char       *gbacw_tool_area_new_area (GbacwToolArea *self, const char *name, GbacwAreaKind kind,
                                      const char *side);
/* Renames area area_id, or deletes it, as one undo step (gbacw_map_edit_rename_area (),
 * gbacw_map_edit_remove_area ()). FALSE and error (a message for the user) when the model
 * refuses: no such area, an empty name, an area the victory conditions refer to.
 * Deleting the tool's area leaves the tool with none. FALSE without a document. */
gboolean    gbacw_tool_area_rename_area (GbacwToolArea *self, const char *area_id, const char *name,
                                         GError **error);
gboolean    gbacw_tool_area_delete_area (GbacwToolArea *self, const char *area_id, GError **error);

G_END_DECLS
