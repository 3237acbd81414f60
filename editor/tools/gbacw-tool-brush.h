/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-brush.h: paints hex terrain with a round brush. */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_BRUSH (gbacw_tool_brush_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolBrush, gbacw_tool_brush, GBACW, TOOL_BRUSH, GbacwMapTool)

GbacwToolBrush *gbacw_tool_brush_new (void);

/* The terrain painted: a mask of hex terrain indices (0 erases). */
guint64 gbacw_tool_brush_get_mask (GbacwToolBrush *self);
void    gbacw_tool_brush_set_mask (GbacwToolBrush *self, guint64 mask);
/* 0 paints one hex, 1 a hex and its neighbours, … up to GBACW_MAX_BRUSH_RADIUS. */
int     gbacw_tool_brush_get_radius (GbacwToolBrush *self);
void    gbacw_tool_brush_set_radius (GbacwToolBrush *self, int radius);
/* TRUE adds the mask to each hex's terrain; FALSE replaces the terrain with it. */
gboolean gbacw_tool_brush_get_add (GbacwToolBrush *self);
void    gbacw_tool_brush_set_add (GbacwToolBrush *self, gboolean add);

G_END_DECLS
