/* gbacw-tool-panel.h: the options of the current tool, in the side panel. */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_PANEL (gbacw_tool_panel_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolPanel, gbacw_tool_panel, GBACW, TOOL_PANEL, GtkBox)

GtkWidget     *gbacw_tool_panel_new (void);

/* The document whose catalogue, areas and sides the choosers list. */
GbacwDocument *gbacw_tool_panel_get_document (GbacwToolPanel *self);
void           gbacw_tool_panel_set_document (GbacwToolPanel *self, GbacwDocument *document);
/* Binds the options page of the tool named ("brush", "fill", "elevation", "hexside",
 * "line", "area", "label", "eraser") to tool. */
void           gbacw_tool_panel_set_tool (GbacwToolPanel *self, const char *name, GbacwTool *tool);
/* Shows the options of the tool named ("navigate" and "eyedropper" too), under title. */
void           gbacw_tool_panel_show_tool (GbacwToolPanel *self, const char *name, const char *title);
const char    *gbacw_tool_panel_get_visible_tool (GbacwToolPanel *self);

G_END_DECLS
