/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-canvas-layer.h: something drawn over the map canvas's tiles, in map units.
 *
 * A map canvas draws its cached map tiles, then its layers in order, bottom first
 * (gbacw_map_canvas_add_layer ()), all with the canvas's viewport and transform: the
 * cairo context a layer draws on is in map units (hex radius 1) and the view says what
 * part of the map is in sight. Subclasses implement draw; a layer that has nothing to
 * draw says so in has_content, so that an idle canvas draws only its tiles. Owners with
 * drawing code of their own (test play, deployment) use gbacw_canvas_layer_new_for_object ().
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

typedef struct _GbacwMapCanvas GbacwMapCanvas;

/* What a layer draws for: the canvas's scenario (never NULL while drawing), the part of
 * the map in view and the size of one widget pixel, both in map units. */
typedef struct {
  const GbacwScenario *scenario;
  const GbacwHexGrid  *grid;
  cairo_rectangle_t    visible;
  double               px;
} GbacwCanvasLayerView;

#define GBACW_TYPE_CANVAS_LAYER (gbacw_canvas_layer_get_type ())
G_DECLARE_DERIVABLE_TYPE (GbacwCanvasLayer, gbacw_canvas_layer, GBACW, CANVAS_LAYER, GObject)

struct _GbacwCanvasLayerClass
{
  GObjectClass parent_class;

  void     (*draw)        (GbacwCanvasLayer *self, GbacwMapCanvas *canvas, cairo_t *cr, const GbacwCanvasLayerView *view);
  /* FALSE when draw would draw nothing now; the default says TRUE. */
  gboolean (*has_content) (GbacwCanvasLayer *self, GbacwMapCanvas *canvas, const GbacwCanvasLayerView *view);

  gpointer padding[6];
};

/* The owner's drawing code: cr in map units, px one widget pixel in map units. */
typedef void (*GbacwCanvasLayerDrawFunc) (gpointer owner, cairo_t *cr, double px, GbacwMapCanvas *canvas);

/* A layer drawn by func for owner, held weakly: once the owner is finalized the layer
 * leaves its canvas. name: what gbacw_canvas_layer_get_name () says. */
GbacwCanvasLayer  *gbacw_canvas_layer_new_for_object (const char *name, gpointer owner, GbacwCanvasLayerDrawFunc func);

/* The "name" property, for tests and debugging. */
const char     *gbacw_canvas_layer_get_name (GbacwCanvasLayer *self);
/* The canvas the layer is in, or NULL. */
GbacwMapCanvas *gbacw_canvas_layer_get_canvas (GbacwCanvasLayer *self);
gboolean        gbacw_canvas_layer_get_visible (GbacwCanvasLayer *self);
void            gbacw_canvas_layer_set_visible (GbacwCanvasLayer *self, gboolean visible);
/* Asks the canvas to draw the layers again (the map tiles stay cached). */
void            gbacw_canvas_layer_queue_draw (GbacwCanvasLayer *self);

G_END_DECLS
