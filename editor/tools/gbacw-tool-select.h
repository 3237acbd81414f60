/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-select.h: selects hexes, copies them, pastes them and keeps stamps (Tiled's
 * region select, copy, paste and stamp brush). */
#pragma once

#include "gbacw-map-region.h"
#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_SELECT (gbacw_tool_select_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolSelect, gbacw_tool_select, GBACW, TOOL_SELECT, GbacwMapTool)

GbacwToolSelect *gbacw_tool_select_new (void);

/* The selected hexes (int indices, in index order; the property "n-selected" counts them).
 * A drag selects the rectangle of columns and rows between the hexes it starts and ends
 * on; with Shift a click adds or takes out one hex and a drag adds each hex it passes. */
GArray   *gbacw_tool_select_get_selection (GbacwToolSelect *self);
void      gbacw_tool_select_clear (GbacwToolSelect *self);

/* Ctrl+C: the selection's terrain, elevation, hexsides and lines kept to paste (a
 * GbacwMapRegion); FALSE, saying why in the status line, when nothing is selected. */
gboolean  gbacw_tool_select_copy (GbacwToolSelect *self);
/* Ctrl+V: what was copied follows the pointer (the property "placing") until a click puts
 * it there, one undo step; FALSE when nothing was copied. Escape gives up. */
gboolean  gbacw_tool_select_paste (GbacwToolSelect *self);
/* What follows the pointer, or NULL. */
const GbacwMapRegion *gbacw_tool_select_get_placing (GbacwToolSelect *self);
void      gbacw_tool_select_cancel (GbacwToolSelect *self);

/* Stamps: what was copied, kept under a name for the session; using a stamp paints it
 * wherever the map is clicked or dragged over (a stroke is one undo step) until Escape
 * or another tool. */
gboolean  gbacw_tool_select_keep_stamp (GbacwToolSelect *self, const char *name);
guint     gbacw_tool_select_get_n_stamps (GbacwToolSelect *self);
const GbacwMapRegion *gbacw_tool_select_get_stamp (GbacwToolSelect *self, guint index);
void      gbacw_tool_select_use_stamp (GbacwToolSelect *self, guint index);

G_END_DECLS
