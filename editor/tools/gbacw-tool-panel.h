/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-panel.h: the options of the current tool, in the side panel. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_PANEL (gbacw_tool_panel_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolPanel, gbacw_tool_panel, GBACW, TOOL_PANEL, GtkBox)

GtkWidget     *gbacw_tool_panel_new (void);

/* Adds the options of the tool named (gbacw_map_tool_create_options ()). */
void           gbacw_tool_panel_add_options (GbacwToolPanel *self, const char *name, GtkWidget *options);
/* Shows the options of the tool named (unknown: "navigate"'s), under title. */
void           gbacw_tool_panel_show_tool (GbacwToolPanel *self, const char *name, const char *title);
const char    *gbacw_tool_panel_get_visible_tool (GbacwToolPanel *self);

G_END_DECLS
