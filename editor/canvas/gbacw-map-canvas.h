/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-canvas.h: the map of a document, panned and zoomed.
 *
 * Draws with the map renderer into cached tiles at the current zoom, so that
 * panning and pointer motion do not redraw the map. Middle-button drag and scroll
 * pan; ctrl+scroll and pinch zoom around the pointer. The primary button goes to
 * the current tool (GbacwTool), or pans when there is none. Others draw over the map
 * with the signal "draw-overlay" (cairo_t *cr in map units, double px: one widget
 * pixel in map units), and ask for it again with gbacw_map_canvas_queue_overlay ().
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-map-markers.h"
#include "gbacw-tool.h"
#include "gbacw-viewport.h"

G_BEGIN_DECLS

#define GBACW_TYPE_MAP_CANVAS (gbacw_map_canvas_get_type ())
G_DECLARE_FINAL_TYPE (GbacwMapCanvas, gbacw_map_canvas, GBACW, MAP_CANVAS, GtkWidget)

GtkWidget     *gbacw_map_canvas_new (void);

GbacwDocument *gbacw_map_canvas_get_document (GbacwMapCanvas *self);
void           gbacw_map_canvas_set_document (GbacwMapCanvas *self, GbacwDocument *document);
GbacwViewport *gbacw_map_canvas_get_viewport (GbacwMapCanvas *self);
/* GbacwLayerBits */
guint          gbacw_map_canvas_get_layers (GbacwMapCanvas *self);
void           gbacw_map_canvas_set_layers (GbacwMapCanvas *self, guint layers);
/* The hex index under the pointer, -1 when none. */
int            gbacw_map_canvas_get_hover_hex (GbacwMapCanvas *self);
GbacwTool     *gbacw_map_canvas_get_tool (GbacwMapCanvas *self);
void           gbacw_map_canvas_set_tool (GbacwMapCanvas *self, GbacwTool *tool);

void           gbacw_map_canvas_zoom_in (GbacwMapCanvas *self);
void           gbacw_map_canvas_zoom_out (GbacwMapCanvas *self);
void           gbacw_map_canvas_zoom_fit (GbacwMapCanvas *self);

/* Widget coordinates to map units, as drawn. */
void           gbacw_map_canvas_widget_to_map (GbacwMapCanvas *self, double x, double y, double *map_x, double *map_y);
/* Drops every cached tile and redraws (the map changed beyond what "changed" says). */
void           gbacw_map_canvas_invalidate (GbacwMapCanvas *self);
/* Asks for the tool overlay to be drawn again (tools call this as they change it). */
void           gbacw_map_canvas_queue_overlay (GbacwMapCanvas *self);

/* Marks over the map at hexes and hexsides (e.g. the validator's findings), drawn after
 * the cached tiles; copied. n_markers 0 removes them. */
void           gbacw_map_canvas_set_markers (GbacwMapCanvas *self, const GbacwMapMarker *markers, guint n_markers);
const GbacwMapMarker *gbacw_map_canvas_get_markers (GbacwMapCanvas *self, guint *n_markers);
/* Outlines a hex (direction -1) or hexside as selected; hex -1 for none. */
void           gbacw_map_canvas_set_highlight (GbacwMapCanvas *self, int hex, int direction);
void           gbacw_map_canvas_get_highlight (GbacwMapCanvas *self, int *hex, int *direction);

G_END_DECLS
