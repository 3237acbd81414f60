/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-navigate.h: "Move the Map", the toolbox's entry for no tool.
 *
 * It describes itself as the tools do (name "navigate", title, icon, key, options: a
 * hint), but it is no GbacwTool: while it is current the canvas has no tool, and the
 * primary button moves the map.
 */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_NAVIGATE (gbacw_tool_navigate_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolNavigate, gbacw_tool_navigate, GBACW, TOOL_NAVIGATE, GbacwMapTool)

GbacwToolNavigate *gbacw_tool_navigate_new (void);

G_END_DECLS
