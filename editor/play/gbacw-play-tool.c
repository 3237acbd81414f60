/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-tool.c: the primary button on the map in test play. */
#define G_LOG_DOMAIN "gbacw-play-tool"

#include "config.h"

#include "gbacw-play-tool.h"

struct _GbacwPlayTool
{
  GbacwMapTool parent_instance;
};

static void gbacw_play_tool_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwPlayTool, gbacw_play_tool, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_play_tool_tool_init))

enum {
  SIGNAL_HEX_CLICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
gbacw_play_tool_pressed (GbacwTool       *tool,
                         GbacwMapCanvas  *canvas,
                         double           x,
                         double           y,
                         GdkModifierType  state)
{
  GbacwPlayTool *self = GBACW_PLAY_TOOL (tool);
  int hex = gbacw_map_tool_hex_at (GBACW_MAP_TOOL (self), x, y);

  if (hex >= 0)
    g_signal_emit (self, signals[SIGNAL_HEX_CLICKED], 0, hex, (guint) state);
}

static void
gbacw_play_tool_tool_init (GbacwToolInterface *iface)
{
  iface->pressed = gbacw_play_tool_pressed;
}

static void
gbacw_play_tool_class_init (GbacwPlayToolClass *klass)
{
  /* (int hex, guint modifiers): the primary button went down on hex. */
  signals[SIGNAL_HEX_CLICKED] = g_signal_new ("hex-clicked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                              NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT);
}

static void
gbacw_play_tool_init (GbacwPlayTool *self)
{
}

GbacwPlayTool *
gbacw_play_tool_new (void)
{
  return g_object_new (GBACW_TYPE_PLAY_TOOL, NULL);
}
