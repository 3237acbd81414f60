/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-marker-layer.c: the map canvas's layer of findings markers and the selected hex. */
#define G_LOG_DOMAIN "gbacw-marker-layer"

#include "config.h"

#include "gbacw-marker-layer.h"

struct _GbacwMarkerLayer
{
  GbacwCanvasLayer parent_instance;

  GArray *markers;   /* GbacwMapMarker */
  int highlight_hex, highlight_direction;
};

G_DEFINE_FINAL_TYPE (GbacwMarkerLayer, gbacw_marker_layer, GBACW_TYPE_CANVAS_LAYER)

GbacwCanvasLayer *
gbacw_marker_layer_new (void)
{
  return g_object_new (GBACW_TYPE_MARKER_LAYER, "name", "markers", NULL);
}

gboolean
gbacw_marker_layer_set_markers (GbacwMarkerLayer     *self,
                                const GbacwMapMarker *markers,
                                guint                 n_markers)
{
  g_return_val_if_fail (GBACW_IS_MARKER_LAYER (self), FALSE);
  g_return_val_if_fail (markers != NULL || n_markers == 0, FALSE);

  if (self->markers->len == 0 && n_markers == 0)
    return FALSE;
  g_array_set_size (self->markers, 0);
  g_array_append_vals (self->markers, markers, n_markers);
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
  return TRUE;
}

const GbacwMapMarker *
gbacw_marker_layer_get_markers (GbacwMarkerLayer *self,
                                guint            *n_markers)
{
  g_return_val_if_fail (GBACW_IS_MARKER_LAYER (self), NULL);
  if (n_markers != NULL)
    *n_markers = self->markers->len;
  return (const GbacwMapMarker *) (gpointer) self->markers->data;
}

gboolean
gbacw_marker_layer_set_highlight (GbacwMarkerLayer *self,
                                  int               hex,
                                  int               direction)
{
  g_return_val_if_fail (GBACW_IS_MARKER_LAYER (self), FALSE);

  if (hex < 0)
    hex = direction = -1;
  if (self->highlight_hex == hex && self->highlight_direction == direction)
    return FALSE;
  self->highlight_hex = hex;
  self->highlight_direction = direction;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
  return TRUE;
}

void
gbacw_marker_layer_get_highlight (GbacwMarkerLayer *self,
                                  int              *hex,
                                  int              *direction)
{
  g_return_if_fail (GBACW_IS_MARKER_LAYER (self));
  if (hex != NULL)
    *hex = self->highlight_hex;
  if (direction != NULL)
    *direction = self->highlight_direction;
}

static gboolean
gbacw_marker_layer_has_content (GbacwCanvasLayer           *layer,
                                GbacwMapCanvas             *canvas,
                                const GbacwCanvasLayerView *view)
{
  GbacwMarkerLayer *self = GBACW_MARKER_LAYER (layer);

  return self->markers->len > 0 || self->highlight_hex >= 0;
}

static void
gbacw_marker_layer_draw (GbacwCanvasLayer           *layer,
                         GbacwMapCanvas             *canvas,
                         cairo_t                    *cr,
                         const GbacwCanvasLayerView *view)
{
  GbacwMarkerLayer *self = GBACW_MARKER_LAYER (layer);

  gbacw_map_markers_draw_highlight (cr, view->grid, self->highlight_hex, self->highlight_direction, view->px);
  gbacw_map_markers_draw (cr, view->grid, (const GbacwMapMarker *) (gpointer) self->markers->data,
                          self->markers->len, &view->visible, view->px);
}

static void
gbacw_marker_layer_finalize (GObject *object)
{
  GbacwMarkerLayer *self = GBACW_MARKER_LAYER (object);

  g_clear_pointer (&self->markers, g_array_unref);

  G_OBJECT_CLASS (gbacw_marker_layer_parent_class)->finalize (object);
}

static void
gbacw_marker_layer_class_init (GbacwMarkerLayerClass *klass)
{
  GbacwCanvasLayerClass *layer_class = GBACW_CANVAS_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gbacw_marker_layer_finalize;
  layer_class->draw = gbacw_marker_layer_draw;
  layer_class->has_content = gbacw_marker_layer_has_content;
}

static void
gbacw_marker_layer_init (GbacwMarkerLayer *self)
{
  self->markers = g_array_new (FALSE, FALSE, sizeof (GbacwMapMarker));
  self->highlight_hex = self->highlight_direction = -1;
}
