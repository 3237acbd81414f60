/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hover-layer.c: the map canvas's layer that lights the hex under the pointer. */
#define G_LOG_DOMAIN "gbacw-hover-layer"

#include "config.h"

#include "gbacw-hex-path.h"
#include "gbacw-hover-layer.h"

struct _GbacwHoverLayer
{
  GbacwCanvasLayer parent_instance;

  int hex;
};

G_DEFINE_FINAL_TYPE (GbacwHoverLayer, gbacw_hover_layer, GBACW_TYPE_CANVAS_LAYER)

GbacwCanvasLayer *
gbacw_hover_layer_new (void)
{
  return g_object_new (GBACW_TYPE_HOVER_LAYER, "name", "hover", NULL);
}

void
gbacw_hover_layer_set_hex (GbacwHoverLayer *self,
                           int              hex)
{
  g_return_if_fail (GBACW_IS_HOVER_LAYER (self));

  hex = MAX (hex, -1);
  if (self->hex == hex)
    return;
  self->hex = hex;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

int
gbacw_hover_layer_get_hex (GbacwHoverLayer *self)
{
  g_return_val_if_fail (GBACW_IS_HOVER_LAYER (self), -1);
  return self->hex;
}

static gboolean
gbacw_hover_layer_has_content (GbacwCanvasLayer           *layer,
                               GbacwMapCanvas             *canvas,
                               const GbacwCanvasLayerView *view)
{
  return GBACW_HOVER_LAYER (layer)->hex >= 0;
}

/* A white veil edged in white and black, which shows on every terrain colour. */
static void
gbacw_hover_layer_draw (GbacwCanvasLayer           *layer,
                        GbacwMapCanvas             *canvas,
                        cairo_t                    *cr,
                        const GbacwCanvasLayerView *view)
{
  GbacwHoverLayer *self = GBACW_HOVER_LAYER (layer);
  double px = view->px;

  gbacw_render_hex_path (cr, view->grid, self->hex, 1);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.22);
  cairo_fill_preserve (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, 4 * px);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgba (cr, 0.05, 0.05, 0.05, 0.9);
  cairo_set_line_width (cr, 2 * px);
  cairo_stroke (cr);
}

static void
gbacw_hover_layer_class_init (GbacwHoverLayerClass *klass)
{
  GbacwCanvasLayerClass *layer_class = GBACW_CANVAS_LAYER_CLASS (klass);

  layer_class->draw = gbacw_hover_layer_draw;
  layer_class->has_content = gbacw_hover_layer_has_content;
}

static void
gbacw_hover_layer_init (GbacwHoverLayer *self)
{
  self->hex = -1;
}
