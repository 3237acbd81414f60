/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cursor-layer.c: the map canvas's layer that outlines the keyboard's hex cursor.
 *
 * A thick outline in the focus ring's blue inside a white one, with no veil, so that the
 * terrain of the hex stays visible and the pointer's hover highlight is told apart.
 */
#define G_LOG_DOMAIN "gbacw-cursor-layer"

#include "config.h"

#include "gbacw-cursor-layer.h"
#include "gbacw-hex-path.h"

struct _GbacwCursorLayer
{
  GbacwCanvasLayer parent_instance;

  int hex;
};

G_DEFINE_FINAL_TYPE (GbacwCursorLayer, gbacw_cursor_layer, GBACW_TYPE_CANVAS_LAYER)

GbacwCanvasLayer *
gbacw_cursor_layer_new (void)
{
  return g_object_new (GBACW_TYPE_CURSOR_LAYER, "name", "cursor", NULL);
}

void
gbacw_cursor_layer_set_hex (GbacwCursorLayer *self,
                            int               hex)
{
  g_return_if_fail (GBACW_IS_CURSOR_LAYER (self));

  hex = MAX (hex, -1);
  if (self->hex == hex)
    return;
  self->hex = hex;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

int
gbacw_cursor_layer_get_hex (GbacwCursorLayer *self)
{
  g_return_val_if_fail (GBACW_IS_CURSOR_LAYER (self), -1);
  return self->hex;
}

static gboolean
gbacw_cursor_layer_has_content (GbacwCanvasLayer           *layer,
                                GbacwMapCanvas             *canvas,
                                const GbacwCanvasLayerView *view)
{
  GbacwCursorLayer *self = GBACW_CURSOR_LAYER (layer);

  return self->hex >= 0 && self->hex < gbacw_hex_grid_n_hexes (view->grid);
}

static void
gbacw_cursor_layer_draw (GbacwCanvasLayer           *layer,
                         GbacwMapCanvas             *canvas,
                         cairo_t                    *cr,
                         const GbacwCanvasLayerView *view)
{
  GbacwCursorLayer *self = GBACW_CURSOR_LAYER (layer);
  double px = view->px;

  /* Inset a little, so that the outline lies within the hex. */
  gbacw_render_hex_path (cr, view->grid, self->hex, 1 - 2.5 * px);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
  cairo_set_line_width (cr, 5 * px);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.21, 0.52, 0.89);
  cairo_set_line_width (cr, 3 * px);
  cairo_stroke (cr);
}

static void
gbacw_cursor_layer_class_init (GbacwCursorLayerClass *klass)
{
  GbacwCanvasLayerClass *layer_class = GBACW_CANVAS_LAYER_CLASS (klass);

  layer_class->draw = gbacw_cursor_layer_draw;
  layer_class->has_content = gbacw_cursor_layer_has_content;
}

static void
gbacw_cursor_layer_init (GbacwCursorLayer *self)
{
  self->hex = -1;
}
