/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-canvas.h: the map of a document, panned and zoomed.
 *
 * Draws with the map renderer into cached tiles at the current zoom, so that
 * panning and pointer motion do not redraw the map. Middle-button drag and scroll
 * pan; ctrl+scroll and pinch zoom around the pointer. The primary button goes to
 * the current tool (GbacwTool), or pans when there is none; when the map does not have
 * the keyboard focus, a press that a tool would edit with only focuses it. Over the
 * tiles it draws its layers (GbacwCanvasLayer), bottom first: its own — the hatch over
 * unpainted hexes ("unpainted"), the findings markers and selected hex ("markers"), the
 * hover highlight ("hover"), the keyboard's hex cursor ("cursor"), the tool's feedback
 * ("tool") — then those others add (test play's counters, deployment), all in map units
 * with the canvas's viewport. With the keyboard focus, the arrow keys move the hex cursor
 * (Shift+arrows pan) and Enter or Space applies the tool there as a click in the hex's
 * middle would; its accessible label names the cursor's hex and its terrain.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-canvas-layer.h"
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
/* The keyboard's hex cursor (a hex index), -1 when none; set scrolls the view to it. */
int            gbacw_map_canvas_get_cursor_hex (GbacwMapCanvas *self);
void           gbacw_map_canvas_set_cursor_hex (GbacwMapCanvas *self, int hex);
GbacwTool     *gbacw_map_canvas_get_tool (GbacwMapCanvas *self);
void           gbacw_map_canvas_set_tool (GbacwMapCanvas *self, GbacwTool *tool);

void           gbacw_map_canvas_zoom_in (GbacwMapCanvas *self);
void           gbacw_map_canvas_zoom_out (GbacwMapCanvas *self);
void           gbacw_map_canvas_zoom_fit (GbacwMapCanvas *self);

/* Widget coordinates to map units, as drawn. */
void           gbacw_map_canvas_widget_to_map (GbacwMapCanvas *self, double x, double y, double *map_x, double *map_y);
/* Drops every cached tile and redraws (the map changed beyond what "changed" says). */
void           gbacw_map_canvas_invalidate (GbacwMapCanvas *self);
/* Asks for the layers to be drawn again (tools call this as they change their feedback). */
void           gbacw_map_canvas_queue_overlay (GbacwMapCanvas *self);

/* The layers over the map, bottom first; add puts a layer on top. A layer is in one
 * canvas at a time; the canvas holds a reference while it has it. */
void           gbacw_map_canvas_add_layer (GbacwMapCanvas *self, GbacwCanvasLayer *layer);
void           gbacw_map_canvas_insert_layer (GbacwMapCanvas *self, GbacwCanvasLayer *layer, guint position);
void           gbacw_map_canvas_remove_layer (GbacwMapCanvas *self, GbacwCanvasLayer *layer);
/* GbacwCanvasLayer items, bottom first (transfer none). */
GListModel    *gbacw_map_canvas_get_overlay_layers (GbacwMapCanvas *self);

/* The scan (background image) over the terrain colours at its opacity, or under them
 * (where it shows through the hexes not yet painted). */
gboolean       gbacw_map_canvas_get_scan_over_terrain (GbacwMapCanvas *self);
void           gbacw_map_canvas_set_scan_over_terrain (GbacwMapCanvas *self, gboolean over);
/* What is left to paint: the scan and the lines without the terrain colours, the
 * unpainted hexes hatched. */
gboolean       gbacw_map_canvas_get_unpainted_only (GbacwMapCanvas *self);
void           gbacw_map_canvas_set_unpainted_only (GbacwMapCanvas *self, gboolean unpainted_only);

/* Marks over the map at hexes and hexsides (e.g. the validator's findings), drawn after
 * the cached tiles; copied. n_markers 0 removes them. */
void           gbacw_map_canvas_set_markers (GbacwMapCanvas *self, const GbacwMapMarker *markers, guint n_markers);
const GbacwMapMarker *gbacw_map_canvas_get_markers (GbacwMapCanvas *self, guint *n_markers);
/* Outlines a hex (direction -1) or hexside as selected; hex -1 for none. */
void           gbacw_map_canvas_set_highlight (GbacwMapCanvas *self, int hex, int direction);
void           gbacw_map_canvas_get_highlight (GbacwMapCanvas *self, int *hex, int *direction);

G_END_DECLS
