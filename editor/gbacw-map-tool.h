/* gbacw-map-tool.h: what the map-editing tools share.
 *
 * Each tool (gbacw-tool-*.c) derives from GbacwMapTool and implements GbacwTool. The
 * base class holds the document the tool edits (set by the window, or directly by the
 * tests, which drive tools without a canvas: every canvas argument may be NULL), the
 * merge key of the stroke in progress, so that a stroke or a drag is one undo step,
 * and the pointer position for the tool's overlay.
 */
#pragma once

#include "gbacw-document.h"
#include "gbacw-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_MAP_TOOL (gbacw_map_tool_get_type ())
G_DECLARE_DERIVABLE_TYPE (GbacwMapTool, gbacw_map_tool, GBACW, MAP_TOOL, GObject)

struct _GbacwMapToolClass
{
  GObjectClass parent_class;

  gpointer padding[4];
};

#define GBACW_MAX_BRUSH_RADIUS 3

GbacwDocument *gbacw_map_tool_get_document (GbacwMapTool *self);
void           gbacw_map_tool_set_document (GbacwMapTool *self, GbacwDocument *document);
/* The document's scenario, or NULL when there is no document. */
GbacwScenario *gbacw_map_tool_get_scenario (GbacwMapTool *self);

/* Starts a stroke and returns its merge key, unique in the process; the key stays
 * current until gbacw_map_tool_end_stroke (). 0 when no stroke is in progress. */
guint          gbacw_map_tool_begin_stroke (GbacwMapTool *self);
guint          gbacw_map_tool_get_stroke (GbacwMapTool *self);
void           gbacw_map_tool_end_stroke (GbacwMapTool *self);

/* Executes command (transfer full) on the document; drops it when there is none. */
void           gbacw_map_tool_execute (GbacwMapTool *self, GbacwCommand *command);

/* The index of the on-map hex at map point (x, y), or -1. */
int            gbacw_map_tool_hex_at (GbacwMapTool *self, double x, double y);
/* Appends the indices (int) of the on-map hexes within radius of hex. */
void           gbacw_map_tool_hexes_within (GbacwMapTool *self, int hex, int radius, GArray *out);
/* Appends the indices of the hexes on a straight hex line from hex from (excluded)
 * to hex to (included), each a neighbour of the one before. */
void           gbacw_map_tool_hex_line (GbacwMapTool *self, int from, int to, GArray *out);

/* The pointer, in map units, as tools record it from motion and drags for their overlay. */
void           gbacw_map_tool_set_pointer (GbacwMapTool *self, GbacwMapCanvas *canvas, double x, double y);
void           gbacw_map_tool_clear_pointer (GbacwMapTool *self, GbacwMapCanvas *canvas);
gboolean       gbacw_map_tool_get_pointer (GbacwMapTool *self, double *x, double *y);

/* Overlay helpers: cr is in map units. */
void           gbacw_map_tool_hex_path (cairo_t *cr, const GbacwHexGrid *grid, int hex);
/* The outline of a set of hexes (int indices): the hexsides with a member on one side only. */
void           gbacw_map_tool_outline_path (cairo_t *cr, const GbacwHexGrid *grid, GArray *hexes);
/* The size of one device pixel in map units. */
double         gbacw_map_tool_pixel_size (cairo_t *cr);
/* Strokes the current path as a light line with a dark outline, visible on any map. */
void           gbacw_map_tool_stroke_highlight (cairo_t *cr, double width_px);
/* Asks the canvas to draw the overlay again; canvas may be NULL. */
void           gbacw_map_tool_queue_overlay (GbacwMapCanvas *canvas);

G_END_DECLS
