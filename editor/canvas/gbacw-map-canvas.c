/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-canvas.c: the map of a document, panned and zoomed.
 *
 * The map is rendered in square tiles (GbacwTileCache) at the current zoom and kept
 * as textures: panning only moves them, and the overlay layers (GbacwCanvasLayer: the
 * unpainted hatch, markers, hover highlight, tool feedback and the owners' layers) are
 * drawn on top each frame, into one cairo node. A command redraws, in the cached tiles,
 * only the hexes it changed; a zoom change, a new document or a change of layers drops
 * the tiles.
 */
#define G_LOG_DOMAIN "gbacw-map-canvas"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "gbacw-map-canvas.h"
#include "gbacw-hex-layer.h"
#include "gbacw-canvas-layer-private.h"
#include "gbacw-map-renderer.h"
#include "gbacw-marker-layer.h"
#include "gbacw-tile-cache.h"
#include "gbacw-tool-layer.h"
#include "gbacw-unpainted-layer.h"

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
  /* The keyboard's hex cursor (arrow keys; Enter applies the tool there), -1 until used. */
  int cursor_hex;

  GbacwTileCache *tiles;
  gboolean scan_over_terrain;
  gboolean unpainted_only;

  /* GbacwCanvasLayer, bottom first; the canvas's own among them, also held here until
   * finalize, so that their setters (markers, hover) stay safe through dispose */
  GListStore *overlay_layers;
  GbacwCanvasLayer *unpainted_layer, *marker_layer, *hover_layer, *cursor_layer, *tool_layer;

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
  /* The press that gave the map the keyboard focus: it does not reach the tool. */
  gboolean primary_focuses;
  /* space held: the primary button pans whatever the tool (as in image editors); released
   * without a pan, it applies the tool at the hex cursor as Enter does */
  gboolean space_held;
  gboolean space_panned;
  double zoom_start_scale;
};

G_DEFINE_FINAL_TYPE (GbacwMapCanvas, gbacw_map_canvas, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_VIEWPORT,
  PROP_LAYERS,
  PROP_HOVER_HEX,
  PROP_CURSOR_HEX,
  PROP_TOOL,
  PROP_SCAN_OVER_TERRAIN,
  PROP_UNPAINTED_ONLY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

  gbacw_marker_layer_set_markers (GBACW_MARKER_LAYER (self->marker_layer), markers, n_markers);
}

const GbacwMapMarker *
gbacw_map_canvas_get_markers (GbacwMapCanvas *self,
                              guint          *n_markers)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), NULL);

  return gbacw_marker_layer_get_markers (GBACW_MARKER_LAYER (self->marker_layer), n_markers);
}

void
gbacw_map_canvas_set_highlight (GbacwMapCanvas *self,
                                int             hex,
                                int             direction)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  gbacw_marker_layer_set_highlight (GBACW_MARKER_LAYER (self->marker_layer), hex, direction);
}

void
gbacw_map_canvas_get_highlight (GbacwMapCanvas *self,
                                int            *hex,
                                int            *direction)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  gbacw_marker_layer_get_highlight (GBACW_MARKER_LAYER (self->marker_layer), hex, direction);
}

/* ---------------------------------------------------------------- layers */

static void
remove_layer_of_gone_owner (GbacwMapCanvas   *self,
                            GbacwCanvasLayer *layer)
{
  gbacw_map_canvas_remove_layer (self, layer);
}

void
gbacw_map_canvas_insert_layer (GbacwMapCanvas   *self,
                               GbacwCanvasLayer *layer,
                               guint             position)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  g_return_if_fail (GBACW_IS_CANVAS_LAYER (layer));
  g_return_if_fail (gbacw_canvas_layer_get_canvas (layer) == NULL);

  if (self->overlay_layers == NULL)
    return;
  position = MIN (position, g_list_model_get_n_items (G_LIST_MODEL (self->overlay_layers)));
  g_list_store_insert (self->overlay_layers, position, layer);
  gbacw_canvas_layer_set_canvas (layer, self, remove_layer_of_gone_owner);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
gbacw_map_canvas_add_layer (GbacwMapCanvas   *self,
                            GbacwCanvasLayer *layer)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  gbacw_map_canvas_insert_layer (self, layer, G_MAXUINT);
}

void
gbacw_map_canvas_remove_layer (GbacwMapCanvas   *self,
                               GbacwCanvasLayer *layer)
{
  guint position;

  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));
  g_return_if_fail (GBACW_IS_CANVAS_LAYER (layer));

  if (self->overlay_layers == NULL || !g_list_store_find (self->overlay_layers, layer, &position))
    return;
  gbacw_canvas_layer_set_canvas (layer, NULL, NULL);
  g_list_store_remove (self->overlay_layers, position);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GListModel *
gbacw_map_canvas_get_overlay_layers (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), NULL);
  return G_LIST_MODEL (self->overlay_layers);
}

/* What the tiles show: in the view of what is left to paint, the scan and the lines
 * without the terrain and elevation colours, so that the hatch over the unpainted hexes
 * lies on the scan. */
static guint
tile_layers (GbacwMapCanvas *self)
{
  if (self->unpainted_only)
    return self->layers & ~(GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_ELEVATION);
  return self->layers;
}

static void
update_unpainted_layer (GbacwMapCanvas *self)
{
  gbacw_canvas_layer_set_visible (self->unpainted_layer,
                               self->unpainted_only || (self->layers & GBACW_LAYER_BIT_TERRAIN) != 0);
  gbacw_unpainted_layer_set_emphasis (GBACW_UNPAINTED_LAYER (self->unpainted_layer), self->unpainted_only);
}

gboolean
gbacw_map_canvas_get_scan_over_terrain (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), TRUE);
  return self->scan_over_terrain;
}

void
gbacw_map_canvas_set_scan_over_terrain (GbacwMapCanvas *self,
                                        gboolean        over)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  over = !!over;
  if (self->scan_over_terrain == over)
    return;
  self->scan_over_terrain = over;
  gbacw_tile_cache_set_flags (self->tiles, over ? 0 : GBACW_RENDER_SCAN_UNDER_TERRAIN);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCAN_OVER_TERRAIN]);
}

gboolean
gbacw_map_canvas_get_unpainted_only (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), FALSE);
  return self->unpainted_only;
}

void
gbacw_map_canvas_set_unpainted_only (GbacwMapCanvas *self,
                                     gboolean        unpainted_only)
{
  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  unpainted_only = !!unpainted_only;
  if (self->unpainted_only == unpainted_only)
    return;
  self->unpainted_only = unpainted_only;
  update_unpainted_layer (self);
  gbacw_map_canvas_invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNPAINTED_ONLY]);
}

/* ---------------------------------------------------------------- hover */

static void
set_hover_hex (GbacwMapCanvas *self,
               int             hex)
{
  if (self->hover_hex == hex)
    return;
  self->hover_hex = hex;
  gbacw_hex_layer_set_hex (GBACW_HEX_LAYER (self->hover_layer), hex);
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

/* ---------------------------------------------------------------- keyboard cursor */

/* What assistive technology says the map is: the hex under the keyboard cursor and its
 * terrain, or the map's size before the cursor is used. */
static void
update_accessible_label (GbacwMapCanvas *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GString) text = g_string_new (NULL);

  if (scenario == NULL)
    g_string_append (text, _("Map"));
  else if (self->cursor_hex < 0 || self->cursor_hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid))
    /* TRANSLATORS: the map's columns × rows; the plural follows the rows */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Map of %d × %d hex", "Map of %d × %d hexes",
                                               scenario->map->grid.rows),
                            scenario->map->grid.columns, scenario->map->grid.rows);
  else
    {
      const GbacwMap *map = scenario->map;
      guint64 mask = map->terrain[self->cursor_hex];
      g_autofree char *label = gbacw_hex_grid_format_label (&map->grid,
                                                            gbacw_hex_grid_hex_at (&map->grid, self->cursor_hex));
      g_autoptr(GString) terrain = g_string_new (NULL);

      if (mask == 0)
        g_string_append (terrain, _("not painted"));
      for (guint t = 0; t < scenario->catalogue.hex_terrains->len && t < 64; t++)
        if (mask & (G_GUINT64_CONSTANT (1) << t))
          {
            const GbacwHexTerrain *hex_terrain = g_ptr_array_index (scenario->catalogue.hex_terrains, t);
            if (terrain->len > 0)
              g_string_append (terrain, ", ");
            g_string_append (terrain, hex_terrain->name ? hex_terrain->name : hex_terrain->id);
          }
      /* TRANSLATORS: the map as a screen reader names it: the hex under the keyboard cursor
       * ("0907") and its terrain ("Woods, Town" or "not painted") */
      g_string_append_printf (text, _("Map, hex %s: %s"), label, terrain->str);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text->str, -1);
}

/* Pans the view, if need be, so that the cursor's hex is in it with a hex to spare. */
static void
scroll_to_cursor (GbacwMapCanvas *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  double w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));
  double mx, my, vx, vy, margin_x, margin_y, dx = 0, dy = 0;

  if (scenario == NULL || self->cursor_hex < 0 || w <= 0 || h <= 0)
    return;
  gbacw_hex_grid_centre (&scenario->map->grid, gbacw_hex_grid_hex_at (&scenario->map->grid, self->cursor_hex),
                         &mx, &my);
  gbacw_viewport_map_to_view (self->viewport, mx, my, &vx, &vy);
  margin_x = MIN (2.5 * gbacw_viewport_get_scale (self->viewport), w / 2);
  margin_y = MIN (2.5 * gbacw_viewport_get_scale (self->viewport), h / 2);
  if (vx < margin_x)
    dx = margin_x - vx;
  else if (vx > w - margin_x)
    dx = w - margin_x - vx;
  if (vy < margin_y)
    dy = margin_y - vy;
  else if (vy > h - margin_y)
    dy = h - margin_y - vy;
  if (dx != 0 || dy != 0)
    gbacw_viewport_pan_by (self->viewport, dx, dy);
}

int
gbacw_map_canvas_get_cursor_hex (GbacwMapCanvas *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (self), -1);
  return self->cursor_hex;
}

void
gbacw_map_canvas_set_cursor_hex (GbacwMapCanvas *self,
                                 int             hex)
{
  const GbacwScenario *scenario;

  g_return_if_fail (GBACW_IS_MAP_CANVAS (self));

  scenario = get_scenario (self);
  if (scenario == NULL || hex < 0 || hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid))
    hex = -1;
  if (self->cursor_hex == hex)
    return;
  self->cursor_hex = hex;
  gbacw_hex_layer_set_hex (GBACW_HEX_LAYER (self->cursor_layer), hex);
  update_accessible_label (self);
  scroll_to_cursor (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR_HEX]);
}

/* Arrow keys: the first shows the cursor at the hex under the pointer (else the one in the
 * middle of the view); the next move it a column or a row, within the map. */
static void
move_cursor_by (GbacwMapCanvas *self,
                int             columns,
                int             rows)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwHexGrid *grid;
  GbacwHex hex;

  if (scenario == NULL)
    return;
  grid = &scenario->map->grid;
  if (self->cursor_hex >= 0)
    {
      hex = gbacw_hex_grid_hex_at (grid, self->cursor_hex);
      hex.col += columns;
      hex.row += rows;
    }
  else if (self->hover_hex >= 0)
    hex = gbacw_hex_grid_hex_at (grid, self->hover_hex);
  else
    hex = gbacw_hex_grid_hex_at_point (grid, gbacw_viewport_get_centre_x (self->viewport),
                                       gbacw_viewport_get_centre_y (self->viewport));
  hex.col = CLAMP (hex.col, 0, grid->columns - 1);
  hex.row = CLAMP (hex.row, 0, grid->rows - 1);
  gbacw_map_canvas_set_cursor_hex (self, gbacw_hex_grid_index (grid, hex));
  /* Already there (at an edge): the view still comes to it. */
  scroll_to_cursor (self);
}

/* Enter and space: the tool at the cursor's hex as a click in its middle would have it. */
static gboolean
apply_tool_at_cursor (GbacwMapCanvas *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  double x, y;

  if (scenario == NULL || self->tool == NULL || self->cursor_hex < 0)
    return FALSE;
  gbacw_hex_grid_centre (&scenario->map->grid, gbacw_hex_grid_hex_at (&scenario->map->grid, self->cursor_hex),
                         &x, &y);
  gbacw_tool_motion (self->tool, self, x, y, 0);
  gbacw_tool_pressed (self->tool, self, x, y, 0);
  gbacw_tool_released (self->tool, self, x, y, 0);
  return TRUE;
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
  if (self->cursor_hex >= gbacw_hex_grid_n_hexes (&gbacw_document_get_scenario (document)->map->grid))
    gbacw_map_canvas_set_cursor_hex (self, -1);
  update_accessible_label (self);
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
  gbacw_tile_cache_configure (self->tiles, get_scenario (self), tile_layers (self),
                              gbacw_viewport_get_scale (self->viewport));
  clear_tiles (self);
  update_hover (self);
  gbacw_map_canvas_set_cursor_hex (self, -1);
  update_accessible_label (self);
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
  update_unpainted_layer (self);
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
  gbacw_tool_layer_set_tool (GBACW_TOOL_LAYER (self->tool_layer), tool);
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
  gboolean plain = (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK)) == 0;

  if (keyval == GDK_KEY_space)
    {
      if (!self->space_held)
        self->space_panned = FALSE;
      self->space_held = TRUE;
      return GDK_EVENT_STOP;
    }
  if (self->tool != NULL && gbacw_tool_key_pressed (self->tool, self, keyval, state))
    return GDK_EVENT_STOP;
  if (!plain)
    return GDK_EVENT_PROPAGATE;
  /* The hex cursor; Shift+arrows pan (the canvas's key bindings). */
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      move_cursor_by (self, -1, 0);
      return GDK_EVENT_STOP;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      move_cursor_by (self, 1, 0);
      return GDK_EVENT_STOP;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      move_cursor_by (self, 0, -1);
      return GDK_EVENT_STOP;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      move_cursor_by (self, 0, 1);
      return GDK_EVENT_STOP;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      return apply_tool_at_cursor (self) ? GDK_EVENT_STOP : GDK_EVENT_PROPAGATE;
    default:
      return GDK_EVENT_PROPAGATE;
    }
}

static void
on_key_released (GbacwMapCanvas        *self,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 GtkEventControllerKey *controller)
{
  if (keyval != GDK_KEY_space || !self->space_held)
    return;
  self->space_held = FALSE;
  if (!self->space_panned)
    apply_tool_at_cursor (self);
}

/* Whether the map has its window's keyboard focus (whether or not the window is active). */
static gboolean
focus_is_here (GbacwMapCanvas *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return root != NULL && gtk_root_get_focus (root) == GTK_WIDGET (self);
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
  if (self->space_held)
    self->space_panned = TRUE;
  self->primary_focuses = FALSE;
  if (self->primary_pans)
    {
      pan_drag_begin (self, x, y, gesture);
      return;
    }
  /* A click that brings the focus to the map only focuses it when the tool would edit
   * (paint, draw, place): as in Tiled and the Wesnoth editor. */
  if (!focus_is_here (self))
    {
      gtk_widget_grab_focus (GTK_WIDGET (self));
      if (focus_is_here (self) && gbacw_tool_edits_on_press (self->tool))
        {
          self->primary_focuses = TRUE;
          return;
        }
    }
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
  if (self->tool == NULL || self->primary_focuses)
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
  if (self->tool == NULL || self->primary_focuses)
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

  if (n_press != 2 || self->tool == NULL || self->primary_pans || self->primary_focuses)
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

/* The layers, in map units, into one cairo node, if any has something to draw. */
static void
snapshot_layers (GbacwMapCanvas      *self,
                 GtkSnapshot         *snapshot,
                 const GbacwScenario *scenario,
                 double               w,
                 double               h,
                 double               ox,
                 double               oy,
                 double               ds,
                 int                  sf)
{
  GListModel *layers;
  GbacwCanvasLayerView view;
  gboolean any = FALSE;
  cairo_t *cr;

  if (self->overlay_layers == NULL)
    return;
  view = (GbacwCanvasLayerView) {
    .scenario = scenario,
    .grid = &scenario->map->grid,
    .visible = { ox / ds, oy / ds, w * sf / ds, h * sf / ds },
    .px = sf / ds,
  };
  layers = G_LIST_MODEL (self->overlay_layers);
  for (guint i = 0; i < g_list_model_get_n_items (layers) && !any; i++)
    {
      g_autoptr(GbacwCanvasLayer) layer = g_list_model_get_item (layers, i);
      any = gbacw_canvas_layer_wants_draw (layer, self, &view);
    }
  if (!any)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_translate (cr, -ox / sf, -oy / sf);
  cairo_scale (cr, ds / sf, ds / sf);
  /* Each layer from the list as it is now: a layer may leave it while drawing. */
  for (guint i = 0; i < g_list_model_get_n_items (layers); i++)
    {
      g_autoptr(GbacwCanvasLayer) layer = g_list_model_get_item (layers, i);
      if (gbacw_canvas_layer_wants_draw (layer, self, &view))
        gbacw_canvas_layer_draw (layer, self, cr, &view);
    }
  cairo_destroy (cr);
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
  gbacw_tile_cache_configure (self->tiles, scenario, tile_layers (self), ds);

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

  snapshot_layers (self, snapshot, scenario, w, h, ox, oy, ds, sf);
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
  if (self->overlay_layers != NULL)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->overlay_layers));
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GbacwCanvasLayer) layer = g_list_model_get_item (G_LIST_MODEL (self->overlay_layers), i);
          gbacw_canvas_layer_set_canvas (layer, NULL, NULL);
        }
      g_clear_object (&self->overlay_layers);
    }

  G_OBJECT_CLASS (gbacw_map_canvas_parent_class)->dispose (object);
}

static void
gbacw_map_canvas_finalize (GObject *object)
{
  GbacwMapCanvas *self = GBACW_MAP_CANVAS (object);

  g_clear_object (&self->viewport);
  g_clear_object (&self->unpainted_layer);
  g_clear_object (&self->marker_layer);
  g_clear_object (&self->hover_layer);
  g_clear_object (&self->cursor_layer);
  g_clear_object (&self->tool_layer);

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
    case PROP_CURSOR_HEX:
      g_value_set_int (value, self->cursor_hex);
      break;
    case PROP_TOOL:
      g_value_set_object (value, self->tool);
      break;
    case PROP_SCAN_OVER_TERRAIN:
      g_value_set_boolean (value, self->scan_over_terrain);
      break;
    case PROP_UNPAINTED_ONLY:
      g_value_set_boolean (value, self->unpainted_only);
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
    case PROP_CURSOR_HEX:
      gbacw_map_canvas_set_cursor_hex (self, g_value_get_int (value));
      break;
    case PROP_TOOL:
      gbacw_map_canvas_set_tool (self, g_value_get_object (value));
      break;
    case PROP_SCAN_OVER_TERRAIN:
      gbacw_map_canvas_set_scan_over_terrain (self, g_value_get_boolean (value));
      break;
    case PROP_UNPAINTED_ONLY:
      gbacw_map_canvas_set_unpainted_only (self, g_value_get_boolean (value));
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
  /* The keyboard's hex cursor, -1 for none. */
  properties[PROP_CURSOR_HEX] =
    g_param_spec_int ("cursor-hex", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TOOL] =
    g_param_spec_object ("tool", NULL, NULL, GBACW_TYPE_TOOL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The scan over the terrain colours at its opacity (TRUE), or under them. */
  properties[PROP_SCAN_OVER_TERRAIN] =
    g_param_spec_boolean ("scan-over-terrain", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The scan and the lines without the terrain colours, the unpainted hexes hatched. */
  properties[PROP_UNPAINTED_ONLY] =
    g_param_spec_boolean ("unpainted-only", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "canvas.pan", "(dd)", pan_action);
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
  self->cursor_hex = -1;
  self->scan_over_terrain = TRUE;
  self->tiles = gbacw_tile_cache_new ();

  /* The canvas's own layers, bottom first; owners add theirs on top. */
  self->overlay_layers = g_list_store_new (GBACW_TYPE_CANVAS_LAYER);
  {
    GbacwCanvasLayer **own[] = { &self->unpainted_layer, &self->marker_layer, &self->hover_layer, &self->cursor_layer,
                                 &self->tool_layer };

    self->unpainted_layer = gbacw_unpainted_layer_new ();
    self->marker_layer = gbacw_marker_layer_new ();
    self->hover_layer = gbacw_hex_layer_new ("hover", GBACW_HEX_LAYER_HOVER);
    self->cursor_layer = gbacw_hex_layer_new ("cursor", GBACW_HEX_LAYER_CURSOR);
    self->tool_layer = gbacw_tool_layer_new ();
    for (guint i = 0; i < G_N_ELEMENTS (own); i++)
      gbacw_map_canvas_add_layer (self, *own[i]);
  }
  self->viewport = gbacw_viewport_new ();
  g_signal_connect_object (self->viewport, "notify", G_CALLBACK (on_viewport_notify), self, G_CONNECT_SWAPPED);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  update_accessible_label (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The arrow keys move a hex cursor over the map and Enter or Space applies the "
                                    "current tool there; Shift with the arrow keys scrolls the map"),
                                  -1);
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
