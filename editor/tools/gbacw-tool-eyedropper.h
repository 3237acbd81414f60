/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-eyedropper.h: picks what is on the map into another tool's options. */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_EYEDROPPER (gbacw_tool_eyedropper_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolEyedropper, gbacw_tool_eyedropper, GBACW, TOOL_EYEDROPPER, GbacwMapTool)

GbacwToolEyedropper *gbacw_tool_eyedropper_new (void);

/* The tool whose options a click sets (the tool in use before the eyedropper). */
GbacwTool *gbacw_tool_eyedropper_get_target (GbacwToolEyedropper *self);
void       gbacw_tool_eyedropper_set_target (GbacwToolEyedropper *self, GbacwTool *target);

/* Picks what is at map point (x, y) into the target, as a click does: its terrain
 * ("mask"), elevation ("level"), the feature of the nearest hexside that has one
 * ("feature"), a line type through the hex ("line-type"), the first area holding it
 * ("area") or its label ("text"), whichever options the target has. Emits "picked" and
 * returns TRUE if it set anything. */
gboolean   gbacw_tool_eyedropper_pick (GbacwToolEyedropper *self, double x, double y);

G_END_DECLS
