/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-label.h: places, selects, moves, rotates, edits and removes place-name labels. */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_LABEL (gbacw_tool_label_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolLabel, gbacw_tool_label, GBACW, TOOL_LABEL, GbacwMapTool)

GbacwToolLabel *gbacw_tool_label_new (void);

/* The text of the labels placed ("" by default; NULL is taken as ""). */
const char *gbacw_tool_label_get_text (GbacwToolLabel *self);
void        gbacw_tool_label_set_text (GbacwToolLabel *self, const char *text);
/* Relative text size, 1.0 = normal. */
double      gbacw_tool_label_get_size (GbacwToolLabel *self);
void        gbacw_tool_label_set_size (GbacwToolLabel *self, double size);
/* A click removes the label under the pointer, or the labels of the hex, instead of
 * placing one. */
gboolean    gbacw_tool_label_get_erase (GbacwToolLabel *self);
void        gbacw_tool_label_set_erase (GbacwToolLabel *self, gboolean erase);

/* The index in map->labels of the label whose text is under map point (x, y), the one
 * drawn on top when several are; -1 for none. */
int         gbacw_tool_label_label_at (GbacwToolLabel *self, double x, double y);

/* The selected label (property "selected"): an index in map->labels, or -1. A press on a
 * label and a label placed select it; undo taking it away unselects it. */
int         gbacw_tool_label_get_selected (GbacwToolLabel *self);
void        gbacw_tool_label_set_selected (GbacwToolLabel *self, int index);
/* Edits of the selected label, as the options panel makes them: successive edits of one
 * field of one label merge into one undo step. FALSE, and nothing done, without a
 * selected label; set_selected_text also refuses text that is empty or only blanks
 * (Delete removes a label). */
gboolean    gbacw_tool_label_set_selected_text (GbacwToolLabel *self, const char *text);
/* degrees, clockwise; kept in (-180, 180]. */
gboolean    gbacw_tool_label_set_selected_angle (GbacwToolLabel *self, double degrees);
gboolean    gbacw_tool_label_delete_selected (GbacwToolLabel *self);

G_END_DECLS
