/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-line.h: lays and erases roads, pikes, trails and railroads. */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_LINE (gbacw_tool_line_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolLine, gbacw_tool_line, GBACW, TOOL_LINE, GbacwMapTool)

GbacwToolLine *gbacw_tool_line_new (void);

/* The line type index laid or erased. */
int      gbacw_tool_line_get_line_type (GbacwToolLine *self);
void     gbacw_tool_line_set_line_type (GbacwToolLine *self, int line_type);
/* Erase the segments dragged over instead of laying them. */
gboolean gbacw_tool_line_get_erase (GbacwToolLine *self);
void     gbacw_tool_line_set_erase (GbacwToolLine *self, gboolean erase);

G_END_DECLS
