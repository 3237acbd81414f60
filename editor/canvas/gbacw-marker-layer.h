/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-marker-layer.h: the map canvas's layer of findings markers and the selected hex.
 *
 * The markers (gbacw-map-markers.h) of the findings shown, and the outlined hex or
 * hexside the user selected, over the unpainted hatch and under the hover highlight.
 */
#pragma once

#include "gbacw-canvas-layer.h"

#include "gbacw-map-markers.h"

G_BEGIN_DECLS

#define GBACW_TYPE_MARKER_LAYER (gbacw_marker_layer_get_type ())
G_DECLARE_FINAL_TYPE (GbacwMarkerLayer, gbacw_marker_layer, GBACW, MARKER_LAYER, GbacwCanvasLayer)

GbacwCanvasLayer *gbacw_marker_layer_new (void);
/* Copied; n_markers 0 removes them. FALSE when nothing changed. */
gboolean              gbacw_marker_layer_set_markers (GbacwMarkerLayer *self, const GbacwMapMarker *markers, guint n_markers);
const GbacwMapMarker *gbacw_marker_layer_get_markers (GbacwMarkerLayer *self, guint *n_markers);
/* hex -1 for none; FALSE when nothing changed. */
gboolean              gbacw_marker_layer_set_highlight (GbacwMarkerLayer *self, int hex, int direction);
void                  gbacw_marker_layer_get_highlight (GbacwMarkerLayer *self, int *hex, int *direction);
G_END_DECLS
