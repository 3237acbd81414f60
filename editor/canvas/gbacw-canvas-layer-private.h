/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-canvas-layer-private.h: what the map canvas does with its layers. */
#pragma once

#include "gbacw-canvas-layer.h"

G_BEGIN_DECLS

typedef void (*GbacwCanvasLayerRemoveFunc) (GbacwMapCanvas *canvas, GbacwCanvasLayer *layer);

/* canvas NULL: removed from its canvas. Not a reference: the canvas holds the layer.
 * remove: how the layer leaves the canvas when its owner is finalized. */
void     gbacw_canvas_layer_set_canvas (GbacwCanvasLayer *self, GbacwMapCanvas *canvas, GbacwCanvasLayerRemoveFunc remove);
/* Visible and with something to draw. */
gboolean gbacw_canvas_layer_wants_draw (GbacwCanvasLayer *self, GbacwMapCanvas *canvas, const GbacwCanvasLayerView *view);
void     gbacw_canvas_layer_draw (GbacwCanvasLayer *self, GbacwMapCanvas *canvas, cairo_t *cr, const GbacwCanvasLayerView *view);

G_END_DECLS
