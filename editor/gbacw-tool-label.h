/* gbacw-tool-label.h: places and removes place-name labels. */
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
/* A click removes the labels of the hex instead of placing one. */
gboolean    gbacw_tool_label_get_erase (GbacwToolLabel *self);
void        gbacw_tool_label_set_erase (GbacwToolLabel *self, gboolean erase);

G_END_DECLS
