/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-tool.h: what the map-editing tools share.
 *
 * Each tool (gbacw-tool-*.c) derives from GbacwMapTool and implements GbacwTool; its class
 * says what the tool is called, its icon and key, and builds its options. The base class
 * holds the document the tool edits (set by the window, or directly by the
 * tests, which drive tools without a canvas: every canvas argument may be NULL), the
 * merge key of the stroke in progress, so that a stroke or a drag is one undo step,
 * the pointer position for the tool's overlay, and the last hex of a brush stroke.
 *
 * Adding a tool NAME: gbacw-tool-NAME.c and .h here (a final type GbacwToolNAME deriving
 * from GbacwMapTool, its class_init calling gbacw_map_tool_class_set_description () and
 * setting create_options when it has options), its options in gbacw-tool-NAME.ui (loaded
 * with gbacw_tool_options_load ("gbacw-tool-NAME.ui", …)), its icon in
 * icons/scalable/actions/gbacw-tool-NAME-symbolic.svg, NAME in map_tools in meson.build
 * (palette order), and build-aux/update-potfiles: the build refuses a tool whose files
 * po/POTFILES.in does not list. The edits it makes are the model's (gbacw-map-edit.h).
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

  /* What the tool is and how it is picked, set with gbacw_map_tool_class_set_description ():
   * the toolbox's palette and keys, the options panel and the shortcuts window show it. */
  const char *name;       /* "brush", … as in the action win.tool */
  const char *title;      /* untranslated (N_()); translate with _() */
  const char *icon_name;
  guint key;              /* the shortcut, without modifiers */

  /* The tool's options for the side panel, kept in step with self (a new reference). */
  GtkWidget *(*create_options) (GbacwMapTool *self);

  /* Brush tools: applies the tool to every hex of path (int indices) for the stroke in
   * progress; called by the gbacw_map_tool_brush_* handlers below. */
  void (*paint) (GbacwMapTool *self, GArray *path);

  gpointer padding[3];
};

#define GBACW_MAX_BRUSH_RADIUS 3

void           gbacw_map_tool_class_set_description (GbacwMapToolClass *klass, const char *name, const char *title,
                                                     const char *icon_name, guint key);
/* The options of the tool (a new reference), an empty box when it has none. */
GtkWidget     *gbacw_map_tool_create_options (GbacwMapTool *self);

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

/* GbacwTool handlers the tools share; each is plugged into a tool's interface as it is.
 * motion records the pointer; deactivate ends any stroke and forgets the pointer. */
void           gbacw_map_tool_motion (GbacwTool *tool, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
void           gbacw_map_tool_deactivate (GbacwTool *tool, GbacwMapCanvas *canvas);
/* A brush stroke: the press starts a stroke and the press, every drag and the release
 * paint (class paint ()) the hex under the pointer, and the straight hex line from the
 * last one painted, so that a fast drag leaves no gaps; the release ends the stroke. */
void           gbacw_map_tool_brush_pressed (GbacwTool *tool, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
void           gbacw_map_tool_brush_dragged (GbacwTool *tool, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);
void           gbacw_map_tool_brush_released (GbacwTool *tool, GbacwMapCanvas *canvas, double x, double y, GdkModifierType state);

/* Property setters' common part: stores value in *field and notifies pspec, if it changed
 * (the boolean one stores TRUE for any non-zero value). */
void           gbacw_map_tool_update_int (GbacwMapTool *self, int *field, int value, GParamSpec *pspec);
void           gbacw_map_tool_update_boolean (GbacwMapTool *self, gboolean *field, gboolean value, GParamSpec *pspec);

/* Distance of (px, py) from the straight segment (ax, ay)-(bx, by). */
double         gbacw_map_tool_segment_distance (double px, double py, double ax, double ay, double bx, double by);

/* The on-map hex under the recorded pointer, or -1 (no document, no pointer, or off the
 * map); x and y (either may be NULL) get the pointer when there is a hex. */
int            gbacw_map_tool_get_pointer_hex (GbacwMapTool *self, double *x, double *y);

/* Overlay helpers: cr is in map units. */
/* Outlines the hex under the pointer and returns it as gbacw_map_tool_get_pointer_hex ();
 * draws nothing when that is -1. */
int            gbacw_map_tool_draw_pointer_hex (GbacwMapTool *self, cairo_t *cr, double *x, double *y);
/* Outlines the hexes within radius of the hex under the pointer, filled first with white
 * at fill_alpha when that is above 0. */
void           gbacw_map_tool_draw_brush (GbacwMapTool *self, cairo_t *cr, int radius, double fill_alpha);
/* The outline of a set of hexes (int indices): the hexsides with a member on one side only. */
void           gbacw_map_tool_outline_path (cairo_t *cr, const GbacwHexGrid *grid, GArray *hexes);
/* The size of one device pixel in map units. */
double         gbacw_map_tool_pixel_size (cairo_t *cr);
/* Strokes the current path as a light line with a dark outline, visible on any map. */
void           gbacw_map_tool_stroke_highlight (cairo_t *cr, double width_px);
/* A badge near the pointer (when it is over the map) saying text, in device pixels: what
 * the tool will do there; warning draws it red. */
void           gbacw_map_tool_draw_badge (GbacwMapTool *self, cairo_t *cr, const char *text, gboolean warning);
/* Tells the user text in the status line (the signal "status"). */
void           gbacw_map_tool_show_status (GbacwMapTool *self, const char *text);
/* Asks the canvas to draw the overlay again; canvas may be NULL. */
void           gbacw_map_tool_queue_overlay (GbacwMapCanvas *canvas);

G_END_DECLS
