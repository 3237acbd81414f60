/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-layer.c: the map canvas's layer where the current tool draws its feedback. */
#define G_LOG_DOMAIN "gbacw-tool-layer"

#include "config.h"

#include "gbacw-tool-layer.h"

struct _GbacwToolLayer
{
  GbacwCanvasLayer parent_instance;

  GbacwTool *tool;   /* not owned */
};

G_DEFINE_FINAL_TYPE (GbacwToolLayer, gbacw_tool_layer, GBACW_TYPE_CANVAS_LAYER)

GbacwCanvasLayer *
gbacw_tool_layer_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_LAYER, "name", "tool", NULL);
}

void
gbacw_tool_layer_set_tool (GbacwToolLayer *self,
                           GbacwTool      *tool)
{
  g_return_if_fail (GBACW_IS_TOOL_LAYER (self));

  if (self->tool == tool)
    return;
  self->tool = tool;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

static gboolean
gbacw_tool_layer_has_content (GbacwCanvasLayer           *layer,
                              GbacwMapCanvas             *canvas,
                              const GbacwCanvasLayerView *view)
{
  return GBACW_TOOL_LAYER (layer)->tool != NULL;
}

static void
gbacw_tool_layer_draw (GbacwCanvasLayer           *layer,
                       GbacwMapCanvas             *canvas,
                       cairo_t                    *cr,
                       const GbacwCanvasLayerView *view)
{
  gbacw_tool_draw_overlay (GBACW_TOOL_LAYER (layer)->tool, canvas, cr);
}

static void
gbacw_tool_layer_class_init (GbacwToolLayerClass *klass)
{
  GbacwCanvasLayerClass *layer_class = GBACW_CANVAS_LAYER_CLASS (klass);

  layer_class->draw = gbacw_tool_layer_draw;
  layer_class->has_content = gbacw_tool_layer_has_content;
}

static void
gbacw_tool_layer_init (GbacwToolLayer *self)
{
}
