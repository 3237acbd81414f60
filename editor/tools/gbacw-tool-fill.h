/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-fill.h: flood-fills an area of like terrain. */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_FILL (gbacw_tool_fill_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolFill, gbacw_tool_fill, GBACW, TOOL_FILL, GbacwMapTool)

GbacwToolFill *gbacw_tool_fill_new (void);

/* The terrain filled in: a mask of hex terrain indices. */
guint64 gbacw_tool_fill_get_mask (GbacwToolFill *self);
void    gbacw_tool_fill_set_mask (GbacwToolFill *self, guint64 mask);

G_END_DECLS
