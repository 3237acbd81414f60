/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-canvas.c: the map of a document, panned and zoomed.
 *
 * The map is rendered in square tiles (GbacwTileCache) at the current zoom and kept
 * as textures: panning only moves them, and the hover highlight and tool overlay are
 * drawn on top each frame. A command redraws, in the cached tiles, only the hexes it
 * changed; a zoom change, a new document or a change of layers drops the tiles.
 */
#define G_LOG_DOMAIN "gbacw-map-canvas"

#include "config.h"

#include <math.h>

#include "gbacw-map-canvas.h"
#include "gbacw-map-renderer.h"
#include "gbacw-tile-cache.h"

#define TILE_SIZE GBACW_TILE_SIZE
#define ZOOM_STEP 1.25
/* Tiles kept beyond those in view, so that panning back and forth does not re-render. */
#define SPARE_TILES 24

struct _GbacwMapCanvas
{
  GtkWidget parent_instance;

  GbacwDocument *document;
  GbacwViewport *viewport;
  GbacwTool *tool;
  guint layers;
  int hover_hex;

  GbacwTileCache *tiles;

  /* GbacwMapMarker, and the outlined hex / hexside (gbacw-map-markers.h) */
  GArray *markers;
  int highlight_hex, highlight_direction;

  /* pointer */
  gboolean has_pointer;
  double pointer_x, pointer_y;

  /* gestures */
  GtkGesture *pan_drag;
  GtkGesture *primary_drag;
  GtkGesture *zoom;
  double drag_centre_x, drag_centre_y;
  /* Where the primary drag began, in widget coordinates: kept here rather than asked of
   * the gesture, so that the tests can drive the canvas by emitting the gesture's signals. */
  double drag_start_x, drag_start_y;
  gboolean primary_pans;
  /* space held: the primary button pans whatever the tool (as in image editors) */
  gboolean space_held;
  double zoom_start_scale;
};

G_DEFINE_FINAL_TYPE (GbacwMapCanvas, gbacw_map_canvas, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_VIEWPORT,
  PROP_LAYERS,
  PROP_HOVER_HEX,
  PROP_TOOL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_DRAW_OVERLAY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const GbacwScenario *
get_scenario (GbacwMapCanvas *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

/* Device scale and the device pixel, in map pixels at that scale, at the widget's top-left.
 * Rounded so that tiles land on whole device pixels and stay sharp. */
static void
get_origin (GbacwMapCanvas *self,
            double         *origin_x,
            double         *origin_y,
            double         *device_scale,
            int            *scale_factor)
{
  int sf = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double ds = gbacw_viewport_get_scale (self->viewport) * sf;
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));

  *origin_x = floor (gbacw_viewport_get_centre_x (self->viewport) * ds - w * sf / 2 + 0.5);
  *origin_y = floor (gbacw_viewport_get_centre_y (self->viewport) * ds - h * sf / 2 + 0.5);
  *device_scale = ds;
  if (scale_factor != NULL)
    *scale_factor = sf;
}

void
gbacw_map_canvas_widget_to_map (GbacwMapCanvas *self,
                                double          x,
                                double          y,
                                double         *map_x,
                                double         *map_y)
{
  double ox, oy, ds;
  int sf;

  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  get_origin (self, &ox, &oy, &ds, &sf);
  if (map_x != NULL)
    *map_x = (x * sf + ox) / ds;
  if (map_y != NULL)
    *map_y = (y * sf + oy) / ds;
}

static void
clear_tiles (GbacwMapCanvas *self)
{
  gbacw_tile_cache_clear (self->tiles);
}

void
gbacw_map_canvas_invalidate (GbacwMapCanvas *self)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  clear_tiles (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
gbacw_map_canvas_queue_overlay (GbacwMapCanvas *self)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  /* Tiles stay cached: a redraw only composites them again. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
gbacw_map_canvas_set_markers (GbacwMapCanvas       *self,
                              const GbacwMapMarker *markers,
                              guint                 n_markers)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  g_return_if_fail (markers != NULL || n_markers == 0);

  if (self->markers->len == 0 && n_markers == 0)
    return;
  g_array_set_size (self->markers, 0);
  g_array_append_vals (self->markers, markers, n_markers);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const GbacwMapMarker *
gbacw_map_canvas_get_markers (GbacwMapCanvas *self,
                              guint          *n_markers)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), NULL);
  if (n_markers != NULL)
    *n_markers = self->markers->len;
  return (const GbacwMapMarker *) (gpointer) self->markers->data;
}

void
gbacw_map_canvas_set_highlight (GbacwMapCanvas *self,
                                int             hex,
                                int             direction)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  if (hex < 0)
    hex = direction = -1;
  if (self->highlight_hex == hex && self->highlight_direction == direction)
    return;
  self->highlight_hex = hex;
  self->highlight_direction = direction;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
gbacw_map_canvas_get_highlight (GbacwMapCanvas *self,
                                int            *hex,
                                int            *direction)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  if (hex != NULL)
    *hex = self->highlight_hex;
  if (direction != NULL)
    *direction = self->highlight_direction;
}

/* ---------------------------------------------------------------- hover */

static void
set_hover_hex (GbacwMapCanvas *self,
               int             hex)
{
  if (self->hover_hex == hex)
    return;
  self->hover_hex = hex;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_HEX]);
}

static void
update_hover (GbacwMapCanvas *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  double mx, my;

  if (scenario == NULL || !self->has_pointer)
    {
      set_hover_hex (self, -1);
      return;
    }
  gbacw_map_canvas_widget_to_map (self, self->pointer_x, self->pointer_y, &mx, &my);
  set_hover_hex (self, gbacw_hex_grid_index (&scenario->map->grid,
                                             gbacw_hex_grid_hex_at_point (&scenario->map->grid, mx, my)));
}

/* ---------------------------------------------------------------- document */

static void
update_map_size (GbacwMapCanvas *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  double w = 0, h = 0;

  if (scenario != NULL)
    gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  gbacw_viewport_set_map_size (self->viewport, w, h);
}

static void
on_document_changed (GbacwMapCanvas    *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  const guint map_flags = GBACW_CHANGE_TERRAIN | GBACW_CHANGE_ELEVATION | GBACW_CHANGE_HEXSIDES |
                          GBACW_CHANGE_LINES | GBACW_CHANGE_AREAS | GBACW_CHANGE_LABELS |
                          GBACW_CHANGE_BACKGROUND | GBACW_CHANGE_OOB | GBACW_CHANGE_DEPLOYMENT |
                          GBACW_CHANGE_CATALOGUE;

  /* The map's size may have changed with the settings. */
  update_map_size (self);
  if (change == NULL)
    {
      gbacw_map_canvas_invalidate (self);
      return;
    }
  if ((change->flags & map_flags) == 0)
    return;
  /* Only the hexes the command changed are drawn again, in the tiles that show them. */
  gbacw_tile_cache_update (self->tiles, change);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GbacwDocument *
gbacw_map_canvas_get_document (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), NULL);
  return self->document;
}

void
gbacw_map_canvas_set_document (GbacwMapCanvas *self,
                               GbacwDocument  *document)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self,
                             G_CONNECT_SWAPPED);

  update_map_size (self);
  /* Forget the old scenario: it may be freed with its document. */
  gbacw_tile_cache_configure (self->tiles, get_scenario (self), self->layers,
                              gbacw_viewport_get_scale (self->viewport));
  clear_tiles (self);
  update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

GbacwViewport *
gbacw_map_canvas_get_viewport (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), NULL);
  return self->viewport;
}

guint
gbacw_map_canvas_get_layers (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), 0);
  return self->layers;
}

void
gbacw_map_canvas_set_layers (GbacwMapCanvas *self,
                             guint           layers)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  layers &= GBACW_LAYER_BIT_ALL;
  if (self->layers == layers)
    return;
  self->layers = layers;
  gbacw_map_canvas_invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAYERS]);
}

int
gbacw_map_canvas_get_hover_hex (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), -1);
  return self->hover_hex;
}

GbacwTool *
gbacw_map_canvas_get_tool (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), NULL);
  return self->tool;
}

void
gbacw_map_canvas_set_tool (GbacwMapCanvas *self,
                           GbacwTool      *tool)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  g_return_if_fail (tool == NULL || GBACW_IS_TOOL (tool));

  if (self->tool == tool)
    return;
  if (self->tool != NULL)
    gbacw_tool_deactivate (self->tool, self);
  g_set_object (&self->tool, tool);
  if (tool != NULL)
    gbacw_tool_activate (tool, self);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), tool ? "crosshair" : NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

/* ---------------------------------------------------------------- zoom and pan */

static void
zoom_at (GbacwMapCanvas *self,
         double          factor,
         double          x,
         double          y)
{
  gbacw_viewport_zoom_at (self->viewport, factor, x, y);
}

void
gbacw_map_canvas_zoom_in (GbacwMapCanvas *self)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  zoom_at (self, ZOOM_STEP, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
gbacw_map_canvas_zoom_out (GbacwMapCanvas *self)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  zoom_at (self, 1 / ZOOM_STEP, gtk_widget_get_width (GTK_WIDGET (self)) / 2.0,
           gtk_widget_get_height (GTK_WIDGET (self)) / 2.0);
}

void
gbacw_map_canvas_zoom_fit (GbacwMapCanvas *self)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  gbacw_viewport_fit (self->viewport);
}

static void
on_viewport_notify (GbacwMapCanvas *self,
                    GParamSpec     *pspec,
                    GbacwViewport  *viewport)
{
  update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
pan_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (widget);
  double dx, dy;

  g_variant_get (parameter, "(dd)", &dx, &dy);
  /* A fraction of the view per key press. */
  gbacw_viewport_pan_by (self->viewport, dx * gtk_widget_get_width (widget), dy * gtk_widget_get_height (widget));
}

/* Keyboard zoom: around the pointer when it is over the map, else the centre of the view;
 * a factor of 0 shows the whole map. */
static void
zoom_key_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (widget);
  double factor = g_variant_get_double (parameter);

  if (factor <= 0)
    gbacw_map_canvas_zoom_fit (self);
  else if (self->has_pointer)
    zoom_at (self, factor, self->pointer_x, self->pointer_y);
  else
    zoom_at (self, factor, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
}

static void
pan_drag_begin (GbacwMapCanvas *self,
                double          x,
                double          y,
                GtkGestureDrag *gesture)
{
  self->drag_centre_x = gbacw_viewport_get_centre_x (self->viewport);
  self->drag_centre_y = gbacw_viewport_get_centre_y (self->viewport);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
pan_drag_update (GbacwMapCanvas *self,
                 double          dx,
                 double          dy,
                 GtkGestureDrag *gesture)
{
  double scale = gbacw_viewport_get_scale (self->viewport);

  gbacw_viewport_set_centre (self->viewport, self->drag_centre_x - dx / scale, self->drag_centre_y - dy / scale);
}

static void
pan_drag_end (GbacwMapCanvas *self,
              double          dx,
              double          dy,
              GtkGestureDrag *gesture)
{
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->tool ? "crosshair" : NULL);
}

static GdkModifierType
gesture_state (GtkGesture *gesture)
{
  return gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
}

static gboolean
on_key_pressed (GbacwMapCanvas        *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  if (keyval != GDK_KEY_space)
    return self->tool != NULL && gbacw_tool_key_pressed (self->tool, self, keyval, state) ? GDK_EVENT_STOP
                                                                                          : GDK_EVENT_PROPAGATE;
  self->space_held = TRUE;
  return GDK_EVENT_STOP;
}

static void
on_key_released (GbacwMapCanvas        *self,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 GtkEventControllerKey *controller)
{
  if (keyval == GDK_KEY_space)
    self->space_held = FALSE;
}

/* The primary button: the tool's, or a pan when there is no tool or space is held. */
static void
primary_drag_begin (GbacwMapCanvas *self,
                    double          x,
                    double          y,
                    GtkGestureDrag *gesture)
{
  double mx, my;

  self->drag_start_x = x;
  self->drag_start_y = y;
  self->primary_pans = self->tool == NULL || self->space_held;
  if (self->primary_pans)
    {
      pan_drag_begin (self, x, y, gesture);
      return;
    }
  gtk_widget_grab_focus (GTK_WIDGET (self));
  gbacw_map_canvas_widget_to_map (self, x, y, &mx, &my);
  gbacw_tool_pressed (self->tool, self, mx, my, gesture_state (GTK_GESTURE (gesture)));
}

static void
primary_drag_update (GbacwMapCanvas *self,
                     double          dx,
                     double          dy,
                     GtkGestureDrag *gesture)
{
  double mx, my;

  if (self->primary_pans)
    {
      pan_drag_update (self, dx, dy, gesture);
      return;
    }
  if (self->tool == NULL)
    return;
  gbacw_map_canvas_widget_to_map (self, self->drag_start_x + dx, self->drag_start_y + dy, &mx, &my);
  gbacw_tool_dragged (self->tool, self, mx, my, gesture_state (GTK_GESTURE (gesture)));
}

static void
primary_drag_end (GbacwMapCanvas *self,
                  double          dx,
                  double          dy,
                  GtkGestureDrag *gesture)
{
  double mx, my;

  if (self->primary_pans)
    {
      pan_drag_end (self, dx, dy, gesture);
      return;
    }
  if (self->tool == NULL)
    return;
  gbacw_map_canvas_widget_to_map (self, self->drag_start_x + dx, self->drag_start_y + dy, &mx, &my);
  gbacw_tool_released (self->tool, self, mx, my, gesture_state (GTK_GESTURE (gesture)));
}

/* A double-click of the primary button, for the tool (the drag gesture has already passed
 * it the press). */
static void
on_primary_click (GbacwMapCanvas  *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  double mx, my;

  if (n_press != 2 || self->tool == NULL || self->primary_pans)
    return;
  gbacw_map_canvas_widget_to_map (self, x, y, &mx, &my);
  gbacw_tool_activated (self->tool, self, mx, my, gesture_state (GTK_GESTURE (gesture)));
}

static gboolean
on_scroll (GbacwMapCanvas           *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean smooth = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_SURFACE;

  if (state & GDK_CONTROL_MASK)
    {
      double x = self->has_pointer ? self->pointer_x : gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      double y = self->has_pointer ? self->pointer_y : gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
      double factor = smooth ? exp (-dy * 0.01) : pow (ZOOM_STEP, -dy);

      zoom_at (self, factor, x, y);
      return TRUE;
    }

  /* The tool first (a label rotates under Shift+scroll), in wheel notches: the map moves
   * 60 pixels per notch. Some systems turn Shift+wheel into a horizontal scroll. */
  if (self->tool != NULL && self->has_pointer)
    {
      double mx, my;

      gbacw_map_canvas_widget_to_map (self, self->pointer_x, self->pointer_y, &mx, &my);
      if (gbacw_tool_scrolled (self->tool, self, mx, my, (dy != 0 ? dy : dx) / (smooth ? 60 : 1), state))
        return TRUE;
    }

  if (!smooth)
    {
      dx *= 60;
      dy *= 60;
    }
  if (state & GDK_SHIFT_MASK && dx == 0)
    {
      dx = dy;
      dy = 0;
    }
  gbacw_viewport_pan_by (self->viewport, -dx, -dy);
  return TRUE;
}

static void
on_zoom_begin (GbacwMapCanvas   *self,
               GdkEventSequence *sequence,
               GtkGesture       *gesture)
{
  self->zoom_start_scale = gbacw_viewport_get_scale (self->viewport);
}

static void
on_zoom_scale_changed (GbacwMapCanvas *self,
                       double          scale,
                       GtkGestureZoom *gesture)
{
  double x, y, current = gbacw_viewport_get_scale (self->viewport);

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.0;
    }
  zoom_at (self, self->zoom_start_scale * scale / current, x, y);
}

static void
on_motion (GbacwMapCanvas           *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  self->has_pointer = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  update_hover (self);

  if (self->tool != NULL && !gtk_gesture_is_active (self->primary_drag))
    {
      double mx, my;
      gbacw_map_canvas_widget_to_map (self, x, y, &mx, &my);
      gbacw_tool_motion (self->tool, self, mx, my,
                         gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller)));
    }
}

static void
on_leave (GbacwMapCanvas           *self,
          GtkEventControllerMotion *controller)
{
  self->has_pointer = FALSE;
  update_hover (self);
}

/* ---------------------------------------------------------------- drawing */

static void
hex_path (cairo_t             *cr,
          const GbacwHexGrid  *grid,
          int                  index)
{
  GbacwHex hex = gbacw_hex_grid_hex_at (grid, index);

  for (int i = 0; i < 6; i++)
    {
      double x, y;
      gbacw_hex_grid_corner (grid, hex, i, &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

static void
gbacw_map_canvas_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (widget);
  const GbacwScenario *scenario = get_scenario (self);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  double ox, oy, ds, mw, mh, map_px_w, map_px_h;
  int sf, tx0, ty0, tx1, ty1;
  GdkRGBA desk = { 0.24, 0.25, 0.26, 1.0 };
  GdkRGBA shadow = { 0, 0, 0, 0.45 };

  gtk_snapshot_append_color (snapshot, &desk, &GRAPHENE_RECT_INIT (0, 0, w, h));
  if (scenario == NULL)
    return;

  get_origin (self, &ox, &oy, &ds, &sf);
  gbacw_tile_cache_configure (self->tiles, scenario, self->layers, ds);

  gbacw_hex_grid_extent (&scenario->map->grid, &mw, &mh);
  map_px_w = mw * ds;
  map_px_h = mh * ds;

  /* The map as a sheet of paper lying on the desk. */
  {
    GskRoundedRect sheet;
    gsk_rounded_rect_init_from_rect (&sheet, &GRAPHENE_RECT_INIT (-ox / sf, -oy / sf, map_px_w / sf, map_px_h / sf), 0);
    gtk_snapshot_append_outset_shadow (snapshot, &sheet, &shadow, 0, 2, 0, 10);
  }

  tx0 = (int) floor (MAX (ox, 0) / TILE_SIZE);
  ty0 = (int) floor (MAX (oy, 0) / TILE_SIZE);
  tx1 = (int) floor ((MIN (ox + w * sf, map_px_w) - 1) / TILE_SIZE);
  ty1 = (int) floor ((MIN (oy + h * sf, map_px_h) - 1) / TILE_SIZE);

  for (int ty = ty0; ty <= ty1; ty++)
    for (int tx = tx0; tx <= tx1; tx++)
      {
        GdkTexture *texture = gbacw_tile_cache_get_texture (self->tiles, tx, ty);

        gtk_snapshot_append_texture (snapshot, texture,
                                     &GRAPHENE_RECT_INIT ((tx * TILE_SIZE - ox) / sf, (ty * TILE_SIZE - oy) / sf,
                                                          (double) TILE_SIZE / sf, (double) TILE_SIZE / sf));
      }
  gbacw_tile_cache_evict (self->tiles, tx0, ty0, tx1, ty1, SPARE_TILES);

  /* Overlays, in map units. */
  if (self->hover_hex >= 0 || self->tool != NULL || self->markers->len > 0 || self->highlight_hex >= 0
      || g_signal_has_handler_pending (self, signals[SIGNAL_DRAW_OVERLAY], 0, TRUE))
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
      cairo_rectangle_t visible = { ox / ds, oy / ds, w * sf / ds, h * sf / ds };

      cairo_translate (cr, -ox / sf, -oy / sf);
      cairo_scale (cr, ds / sf, ds / sf);

      gbacw_map_markers_draw_highlight (cr, &scenario->map->grid, self->highlight_hex, self->highlight_direction,
                                        sf / ds);
      gbacw_map_markers_draw (cr, &scenario->map->grid, (const GbacwMapMarker *) (gpointer) self->markers->data,
                              self->markers->len, &visible, sf / ds);

      if (self->hover_hex >= 0)
        {
          double px = sf / ds;
          hex_path (cr, &scenario->map->grid, self->hover_hex);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.22);
          cairo_fill_preserve (cr);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
          cairo_set_line_width (cr, 4 * px);
          cairo_stroke_preserve (cr);
          cairo_set_source_rgba (cr, 0.05, 0.05, 0.05, 0.9);
          cairo_set_line_width (cr, 2 * px);
          cairo_stroke (cr);
        }
      if (self->tool != NULL)
        gbacw_tool_draw_overlay (self->tool, self, cr);
      g_signal_emit (self, signals[SIGNAL_DRAW_OVERLAY], 0, cr, sf / ds);
      cairo_destroy (cr);
    }
}

static void
gbacw_map_canvas_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (widget);

  gbacw_viewport_set_view_size (self->viewport, width, height);
}

static void
gbacw_map_canvas_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  *minimum = 120;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 900 : 640;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_map_canvas_dispose (GObject *object)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (object);

  if (self->tool != NULL)
    gbacw_tool_deactivate (self->tool, self);
  g_clear_object (&self->tool);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  g_clear_object (&self->tiles);

  G_OBJECT_CLASS (gbacw_map_canvas_parent_class)->dispose (object);
}

static void
gbacw_map_canvas_finalize (GObject *object)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (object);

  g_clear_object (&self->viewport);
  g_clear_pointer (&self->markers, g_array_unref);

  G_OBJECT_CLASS (gbacw_map_canvas_parent_class)->finalize (object);
}

static void
gbacw_map_canvas_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_VIEWPORT:
      g_value_set_object (value, self->viewport);
      break;
    case PROP_LAYERS:
      g_value_set_uint (value, self->layers);
      break;
    case PROP_HOVER_HEX:
      g_value_set_int (value, self->hover_hex);
      break;
    case PROP_TOOL:
      g_value_set_object (value, self->tool);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_map_canvas_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_map_canvas_set_document (self, g_value_get_object (value));
      break;
    case PROP_LAYERS:
      gbacw_map_canvas_set_layers (self, g_value_get_uint (value));
      break;
    case PROP_TOOL:
      gbacw_map_canvas_set_tool (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_map_canvas_class_init (GbacwMapCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_map_canvas_dispose;
  object_class->finalize = gbacw_map_canvas_finalize;
  object_class->get_property = gbacw_map_canvas_get_property;
  object_class->set_property = gbacw_map_canvas_set_property;

  widget_class->snapshot = gbacw_map_canvas_snapshot;
  widget_class->size_allocate = gbacw_map_canvas_size_allocate;
  widget_class->measure = gbacw_map_canvas_measure;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VIEWPORT] =
    g_param_spec_object ("viewport", NULL, NULL, GBACW_TYPE_VIEWPORT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LAYERS] =
    g_param_spec_uint ("layers", NULL, NULL, 0, GBACW_LAYER_BIT_ALL, GBACW_LAYER_BIT_ALL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOVER_HEX] =
    g_param_spec_int ("hover-hex", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TOOL] =
    g_param_spec_object ("tool", NULL, NULL, GBACW_TYPE_TOOL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (cairo_t *cr, double px): draw over the map and the tool's overlay; cr is in map
   * units, px one widget pixel in map units. */
  signals[SIGNAL_DRAW_OVERLAY] = g_signal_new ("draw-overlay", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                               NULL, NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_DOUBLE);

  gtk_widget_class_install_action (widget_class, "canvas.pan", "(dd)", pan_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "canvas.pan", "(dd)", 0.2, 0.0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "canvas.pan", "(dd)", -0.2, 0.0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "canvas.pan", "(dd)", 0.0, 0.2);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "canvas.pan", "(dd)", 0.0, -0.2);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_SHIFT_MASK, "canvas.pan", "(dd)", 0.8, 0.0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_SHIFT_MASK, "canvas.pan", "(dd)", -0.8, 0.0);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_SHIFT_MASK, "canvas.pan", "(dd)", 0.0, 0.8);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_SHIFT_MASK, "canvas.pan", "(dd)", 0.0, -0.8);

  gtk_widget_class_install_action (widget_class, "canvas.zoom", "d", zoom_key_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "canvas.zoom", "d", ZOOM_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "canvas.zoom", "d", ZOOM_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, 0, "canvas.zoom", "d", ZOOM_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "canvas.zoom", "d", 1 / ZOOM_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, 0, "canvas.zoom", "d", 1 / ZOOM_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "canvas.zoom", "d", 0.0);

  gtk_widget_class_set_css_name (widget_class, "mapcanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
gbacw_map_canvas_init (GbacwMapCanvas *self)
{
  GtkEventController *controller;

  self->layers = GBACW_LAYER_BIT_ALL;
  self->hover_hex = -1;
  self->markers = g_array_new (FALSE, FALSE, sizeof (GbacwMapMarker));
  self->highlight_hex = self->highlight_direction = -1;
  self->tiles = gbacw_tile_cache_new ();
  self->viewport = gbacw_viewport_new ();
  g_signal_connect_object (self->viewport, "notify", G_CALLBACK (on_viewport_notify), self, G_CONNECT_SWAPPED);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  self->pan_drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->pan_drag), GDK_BUTTON_MIDDLE);
  g_signal_connect_swapped (self->pan_drag, "drag-begin", G_CALLBACK (pan_drag_begin), self);
  g_signal_connect_swapped (self->pan_drag, "drag-update", G_CALLBACK (pan_drag_update), self);
  g_signal_connect_swapped (self->pan_drag, "drag-end", G_CALLBACK (pan_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->pan_drag));

  self->primary_drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->primary_drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (self->primary_drag, "drag-begin", G_CALLBACK (primary_drag_begin), self);
  g_signal_connect_swapped (self->primary_drag, "drag-update", G_CALLBACK (primary_drag_update), self);
  g_signal_connect_swapped (self->primary_drag, "drag-end", G_CALLBACK (primary_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->primary_drag));

  /* Added after the drag, so that the tool sees the press before the double-click. */
  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (controller), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (controller, "pressed", G_CALLBACK (on_primary_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  self->zoom = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (self->zoom, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect_swapped (self->zoom, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->zoom));

  controller = gtk_event_controller_key_new ();
  g_signal_connect_swapped (controller, "key-pressed", G_CALLBACK (on_key_pressed), self);
  g_signal_connect_swapped (controller, "key-released", G_CALLBACK (on_key_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

GtkWidget *
gbacw_map_canvas_new (void)
{
  return g_object_new (GBACW_TYPE_MAP_CANVAS, NULL);
}
