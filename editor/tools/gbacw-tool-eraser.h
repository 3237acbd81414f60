/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-eraser.h: clears the terrain, hexside features and lines of hexes. */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_ERASER (gbacw_tool_eraser_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolEraser, gbacw_tool_eraser, GBACW, TOOL_ERASER, GbacwMapTool)

GbacwToolEraser *gbacw_tool_eraser_new (void);

int      gbacw_tool_eraser_get_radius (GbacwToolEraser *self);
void     gbacw_tool_eraser_set_radius (GbacwToolEraser *self, int radius);
/* What is erased: the hexes' terrain, the features on their six hexsides, and the lines
 * leaving them. All three by default. */
gboolean gbacw_tool_eraser_get_terrain (GbacwToolEraser *self);
void     gbacw_tool_eraser_set_terrain (GbacwToolEraser *self, gboolean terrain);
gboolean gbacw_tool_eraser_get_hexsides (GbacwToolEraser *self);
void     gbacw_tool_eraser_set_hexsides (GbacwToolEraser *self, gboolean hexsides);
gboolean gbacw_tool_eraser_get_lines (GbacwToolEraser *self);
void     gbacw_tool_eraser_set_lines (GbacwToolEraser *self, gboolean lines);

G_END_DECLS
