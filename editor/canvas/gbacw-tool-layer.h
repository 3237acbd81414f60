/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-layer.h: the map canvas's layer where the current tool draws its feedback.
 *
 * The brush outline, the line being drawn, the label being placed: the tool's
 * draw_overlay (), on top of the map's other layers but the owners' own.
 */
#pragma once

#include "gbacw-canvas-layer.h"

#include "gbacw-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_LAYER (gbacw_tool_layer_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolLayer, gbacw_tool_layer, GBACW, TOOL_LAYER, GbacwCanvasLayer)

GbacwCanvasLayer *gbacw_tool_layer_new (void);
/* The tool drawn, not owned (the canvas holds it); NULL for none. */
void           gbacw_tool_layer_set_tool (GbacwToolLayer *self, GbacwTool *tool);
G_END_DECLS
