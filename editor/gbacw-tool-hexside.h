/* gbacw-tool-hexside.h: sets and clears hexside features (crests, rivers, works…). */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_HEXSIDE (gbacw_tool_hexside_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolHexside, gbacw_tool_hexside, GBACW, TOOL_HEXSIDE, GbacwMapTool)

GbacwToolHexside *gbacw_tool_hexside_new (void);

/* The hexside type index drawn. */
int            gbacw_tool_hexside_get_feature (GbacwToolHexside *self);
void           gbacw_tool_hexside_set_feature (GbacwToolHexside *self, int feature);
/* The hexside under the pointer (lit up on the map), GBACW_HEXSIDE_NONE when none. */
GbacwHexsideId gbacw_tool_hexside_get_hover (GbacwToolHexside *self);

G_END_DECLS
