/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-navigate.c: "Move the Map", the toolbox's entry for no tool. */
#define G_LOG_DOMAIN "gbacw-tool-navigate"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-tool-navigate.h"
#include "gbacw-tool-options.h"

struct _GbacwToolNavigate
{
  GbacwMapTool parent_instance;
};

G_DEFINE_FINAL_TYPE (GbacwToolNavigate, gbacw_tool_navigate, GBACW_TYPE_MAP_TOOL)

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  return gbacw_tool_options_new_hint (_("Drag the map to move it. Scroll to move it too; Ctrl+scroll or pinch to "
                                        "zoom. Pick a tool on the left to edit the map."));
}

static void
gbacw_tool_navigate_class_init (GbacwToolNavigateClass *klass)
{
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "navigate", N_("Move the Map"),
                                        "input-mouse-symbolic", GDK_KEY_h);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_navigate_init (GbacwToolNavigate *self)
{
}

GbacwToolNavigate *
gbacw_tool_navigate_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_NAVIGATE, NULL);
}
