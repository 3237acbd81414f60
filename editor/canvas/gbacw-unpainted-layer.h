/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-unpainted-layer.h: the map canvas's layer that hatches the hexes with no terrain yet.
 *
 * Light diagonal lines over every unpainted hex (gbacw_render_unpainted_hatch ()), below
 * the markers: what is left to paint, without a marker a hex. Emphasised, the lines are
 * darker, for the view of the scan with only the unpainted hexes over it.
 */
#pragma once

#include "gbacw-canvas-layer.h"

G_BEGIN_DECLS

#define GBACW_TYPE_UNPAINTED_LAYER (gbacw_unpainted_layer_get_type ())
G_DECLARE_FINAL_TYPE (GbacwUnpaintedLayer, gbacw_unpainted_layer, GBACW, UNPAINTED_LAYER, GbacwCanvasLayer)

GbacwCanvasLayer *gbacw_unpainted_layer_new (void);
gboolean       gbacw_unpainted_layer_get_emphasis (GbacwUnpaintedLayer *self);
void           gbacw_unpainted_layer_set_emphasis (GbacwUnpaintedLayer *self, gboolean emphasis);
G_END_DECLS
