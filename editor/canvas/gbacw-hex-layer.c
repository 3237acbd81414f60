/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-layer.c: a map canvas's layer that outlines one hex.
 *
 * The hex under the pointer gets a white veil edged in white and black, which shows on
 * every terrain colour; the keyboard's hex cursor a thick outline in the focus ring's blue
 * inside a white one, with no veil, so that its hex's terrain stays visible and the two
 * are told apart when both are shown.
 */
#define G_LOG_DOMAIN "gbacw-hex-layer"

#include "config.h"

#include "gbacw-hex-layer.h"
#include "gbacw-hex-path.h"

struct _GbacwHexLayer
{
  GbacwCanvasLayer parent_instance;

  GbacwHexLayerLook look;
  int hex;
};

G_DEFINE_FINAL_TYPE (GbacwHexLayer, gbacw_hex_layer, GBACW_TYPE_CANVAS_LAYER)

GbacwCanvasLayer *
gbacw_hex_layer_new (const char        *name,
                     GbacwHexLayerLook  look)
{
  GbacwHexLayer *self = g_object_new (GBACW_TYPE_HEX_LAYER, "name", name, NULL);

  self->look = look;
  return GBACW_CANVAS_LAYER (self);
}

void
gbacw_hex_layer_set_hex (GbacwHexLayer *self,
                         int            hex)
{
  g_return_if_fail (GBACW_IS_HEX_LAYER (self));

  hex = MAX (hex, -1);
  if (self->hex == hex)
    return;
  self->hex = hex;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

int
gbacw_hex_layer_get_hex (GbacwHexLayer *self)
{
  g_return_val_if_fail (GBACW_IS_HEX_LAYER (self), -1);
  return self->hex;
}

static gboolean
gbacw_hex_layer_has_content (GbacwCanvasLayer           *layer,
                             GbacwMapCanvas             *canvas,
                             const GbacwCanvasLayerView *view)
{
  GbacwHexLayer *self = GBACW_HEX_LAYER (layer);

  return self->hex >= 0 && self->hex < gbacw_hex_grid_n_hexes (view->grid);
}

static void
gbacw_hex_layer_draw (GbacwCanvasLayer           *layer,
                      GbacwMapCanvas             *canvas,
                      cairo_t                    *cr,
                      const GbacwCanvasLayerView *view)
{
  GbacwHexLayer *self = GBACW_HEX_LAYER (layer);
  double px = view->px;

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  switch (self->look)
    {
    case GBACW_HEX_LAYER_HOVER:
      gbacw_render_hex_path (cr, view->grid, self->hex, 1);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.22);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, 4 * px);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgba (cr, 0.05, 0.05, 0.05, 0.9);
      cairo_set_line_width (cr, 2 * px);
      cairo_stroke (cr);
      break;
    case GBACW_HEX_LAYER_CURSOR:
      /* inset a little, so that the outline lies within the hex */
      gbacw_render_hex_path (cr, view->grid, self->hex, 1 - 2.5 * px);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
      cairo_set_line_width (cr, 5 * px);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
      cairo_set_line_width (cr, 3 * px);
      cairo_stroke (cr);
      break;
    }
}

static void
gbacw_hex_layer_class_init (GbacwHexLayerClass *klass)
{
  GbacwCanvasLayerClass *layer_class = GBACW_CANVAS_LAYER_CLASS (klass);

  layer_class->draw = gbacw_hex_layer_draw;
  layer_class->has_content = gbacw_hex_layer_has_content;
}

static void
gbacw_hex_layer_init (GbacwHexLayer *self)
{
  self->hex = -1;
}
