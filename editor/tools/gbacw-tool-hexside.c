/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-hexside.c: sets and clears hexside features (crests, rivers, works…).
 *
 * The hexside nearest the pointer lights up. A press toggles the chosen feature on that
 * hexside; dragging on carries on doing the same (setting or clearing) along the chain of
 * hexsides the pointer follows, as one undo step. The chain is followed vertex by vertex:
 * when the pointer's nearest hex vertex changes, the shortest chain of hexsides from the
 * vertex reached to the new one is drawn, so that a drag through hex centres (a river
 * traced on a scan) still gives a connected line along hex edges, and passing over a
 * vertex never picks up the third hexside that ends there.
 *
 * Shift+click draws click to click: the shortest chain of hexsides from the hexside
 * clicked last to the one clicked, setting (or clearing, as that click did) the feature
 * along it, as one undo step.
 *
 * For features with an inside (works, redans), the hex on the side of the hexside that
 * was clicked is the inside; along a drag the inside stays on the same side of the line
 * (left or right of the direction of drawing).
 *
 * The hexside last pressed on is the selected one, which the options panel names (redans
 * and works carry names shown on the map); N selects the hexside under the pointer and
 * asks the panel for its name.
 */
#define G_LOG_DOMAIN "gbacw-tool-hexside"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-map-edit.h"
#include "gbacw-tool-hexside.h"
#include "gbacw-tool-options.h"

/* How far along the drag the pointer is sampled, and how much nearer a new vertex than the
 * one reached it must be for the chain to move on (so that a pointer wavering around a hex
 * centre, where all six corners are about as near, does not ring the hex), in hex radii. */
#define SAMPLE_STEP 0.1
#define VERTEX_HYSTERESIS 0.2

struct _GbacwToolHexside
{
  GbacwMapTool parent_instance;

  int feature;

  GbacwHexsideId hover;
  int hover_hex;           /* the hex of the hover hexside the pointer is in */
  GbacwHexsideId selected; /* the one the options name */

  /* drag */
  gboolean setting;        /* the stroke sets (TRUE) or clears the feature */
  double last_x, last_y;   /* last sample */
  gboolean has_vertex;
  double vx, vy;           /* the vertex the chain has reached */
  GbacwHex ref_hex;        /* the hex clicked: the inside */
  int side_sign;           /* which side of the drawing direction the inside is, 0 until known */
  GbacwHexsideId last_clicked; /* where Shift+click draws from */
};

static void gbacw_tool_hexside_tool_init (GbacwToolInterface *iface);
static gboolean hexside_valid (GbacwToolHexside *self, GbacwHexsideId id);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolHexside, gbacw_tool_hexside, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_hexside_tool_init))

enum {
  PROP_0,
  PROP_FEATURE,
  PROP_HOVER,
  PROP_SELECTED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_NAME_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const GbacwHexsideType *
get_type (GbacwToolHexside    *self,
          const GbacwScenario *scenario)
{
  if (self->feature < 0 || (guint) self->feature >= scenario->catalogue.hexside_types->len ||
      self->feature >= GBACW_MAX_HEXSIDE_TYPES)
    return NULL;
  return g_ptr_array_index (scenario->catalogue.hexside_types, self->feature);
}

/* The hexside at (x, y) if it is one of the map's, and the on-map hex index of the side
 * of it the point is on (-1 if that side is off the map). */
static GbacwHexsideId
hexside_at (GbacwToolHexside    *self,
            const GbacwScenario *scenario,
            double               x,
            double               y,
            int                 *hex_out)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  GbacwHexsideId id;
  GbacwHex hex;

  id = gbacw_hex_grid_hexside_at_point (grid, x, y, &hex, NULL);
  if (id == GBACW_HEXSIDE_NONE || !gbacw_hex_grid_hexside_on_map (grid, id))
    return GBACW_HEXSIDE_NONE;
  if (hex_out != NULL)
    *hex_out = gbacw_hex_grid_index (grid, hex);
  return id;
}

static void
set_hover (GbacwToolHexside *self,
           GbacwMapCanvas   *canvas,
           GbacwHexsideId    id,
           int               hex)
{
  if (self->hover == id && self->hover_hex == hex)
    return;
  self->hover = id;
  self->hover_hex = hex;
  gbacw_map_tool_queue_overlay (canvas);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER]);
}

/* Sets or clears the feature on id, with inside_hex inside (-1: keep), unless it already is so. */
static void
apply (GbacwToolHexside *self,
       GbacwHexsideId    id,
       int               inside_hex)
{
  GbacwMapTool *tool = GBACW_MAP_TOOL (self);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  const GbacwHexsideType *type;
  const GbacwHexGrid *grid;
  guint32 bit;
  gboolean has;

  if (scenario == NULL || (type = get_type (self, scenario)) == NULL)
    return;
  grid = &scenario->map->grid;
  bit = 1u << self->feature;
  has = (scenario->map->hexside_features[id] & bit) != 0;

  if (type->side != GBACW_SIDE_MODE_INSIDE)
    inside_hex = -1;
  if (inside_hex >= 0)
    {
      GbacwHex a, b;
      gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
      if (inside_hex != gbacw_hex_grid_index (grid, a) && inside_hex != gbacw_hex_grid_index (grid, b))
        inside_hex = -1;
    }

  if (self->setting)
    {
      if (has)
        {
          GbacwHex b;
          gboolean inside_is_b;

          if (inside_hex < 0)
            return;
          gbacw_hex_grid_hexside_hexes (grid, id, NULL, NULL, &b);
          inside_is_b = (scenario->map->hexside_inside[id] & bit) != 0;
          if (inside_is_b == (inside_hex == gbacw_hex_grid_index (grid, b)))
            return;
        }
    }
  else if (!has)
    return;

  gbacw_map_tool_execute (tool, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                  scenario, id, self->feature, self->setting, inside_hex,
                                  gbacw_map_tool_get_stroke (tool))));
}

static double
cross (double ax, double ay, double bx, double by)
{
  return ax * by - ay * bx;
}

/* The chain walks step with the pointer at (px, py). */
static void
advance (GbacwToolHexside       *self,
         const GbacwScenario    *scenario,
         const GbacwHexsideStep *step,
         double                  px,
         double                  py)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  const GbacwHexsideType *type = get_type (self, scenario);
  double dx = step->x1 - step->x0, dy = step->y1 - step->y0;
  GbacwHexsideId id = step->hexside;
  int inside = -1;

  if (type != NULL && type->side == GBACW_SIDE_MODE_INSIDE)
    {
      GbacwHex a, b, pointer_hex;
      double ax, ay, sa;

      gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
      gbacw_hex_grid_centre (grid, a, &ax, &ay);
      sa = cross (dx, dy, ax - step->x0, ay - step->y0);

      /* The first hexside drawn says which side of the line is inside: the side of the
       * hex clicked if this hexside is one of its, else the side the pointer is on. */
      if (self->side_sign == 0)
        {
          pointer_hex = gbacw_hex_grid_hex_at_point (grid, px, py);
          if (gbacw_hex_equal (self->ref_hex, a) || gbacw_hex_equal (self->ref_hex, b))
            self->side_sign = gbacw_hex_equal (self->ref_hex, a) == (sa > 0) ? 1 : -1;
          else if (gbacw_hex_equal (pointer_hex, a) || gbacw_hex_equal (pointer_hex, b))
            self->side_sign = gbacw_hex_equal (pointer_hex, a) == (sa > 0) ? 1 : -1;
        }
      if (self->side_sign != 0)
        inside = gbacw_hex_grid_index (grid, (sa > 0) == (self->side_sign > 0) ? a : b);
    }
  apply (self, id, inside);
  self->last_clicked = id;
}

/* Walks the chain from the vertex reached to the one nearest (x, y). */
static void
walk_to (GbacwToolHexside    *self,
         const GbacwScenario *scenario,
         double               x,
         double               y)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideStep));
  double nx, ny;

  gbacw_hex_grid_nearest_corner (grid, x, y, &nx, &ny);
  if ((fabs (nx - self->vx) < 1e-6 && fabs (ny - self->vy) < 1e-6) ||
      hypot (x - nx, y - ny) > hypot (x - self->vx, y - self->vy) - VERTEX_HYSTERESIS)
    return;
  /* Off the map, or no chain over the map's hexsides: start again from where the pointer
   * is (and spare a search of the whole map for a vertex it cannot reach). */
  if (hexside_at (self, scenario, x, y, NULL) != GBACW_HEXSIDE_NONE &&
      gbacw_hex_grid_corner_path (grid, self->vx, self->vy, nx, ny, steps))
    for (guint i = 0; i < steps->len; i++)
      advance (self, scenario, &g_array_index (steps, GbacwHexsideStep, i), x, y);
  self->vx = nx;
  self->vy = ny;
}

/* Shift+click: the chain from the hexside clicked last to id, the feature set or cleared
 * as the last click did. */
static void
draw_click_to_click (GbacwToolHexside    *self,
                     const GbacwScenario *scenario,
                     GbacwHexsideId       id,
                     double               x,
                     double               y)
{
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideStep));

  if (!gbacw_hex_grid_hexside_path (&scenario->map->grid, self->last_clicked, id, steps))
    return;
  for (guint i = 0; i < steps->len; i++)
    advance (self, scenario, &g_array_index (steps, GbacwHexsideStep, i), x, y);
  if (steps->len > 0)
    {
      self->vx = g_array_index (steps, GbacwHexsideStep, steps->len - 1).x1;
      self->vy = g_array_index (steps, GbacwHexsideStep, steps->len - 1).y1;
    }
}

static void
gbacw_tool_hexside_pressed (GbacwTool       *tool,
                            GbacwMapCanvas  *canvas,
                            double           x,
                            double           y,
                            GdkModifierType  state)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  GbacwHexsideId id;
  int hex = -1;

  if (scenario == NULL || get_type (self, scenario) == NULL)
    return;

  gbacw_map_tool_begin_stroke (map_tool);
  id = hexside_at (self, scenario, x, y, &hex);
  set_hover (self, canvas, id, hex);
  if (id != GBACW_HEXSIDE_NONE)
    gbacw_tool_hexside_set_selected (self, id);
  self->last_x = x;
  self->last_y = y;
  self->side_sign = 0;
  self->ref_hex = gbacw_hex_grid_hex_at_point (&scenario->map->grid, x, y);
  gbacw_hex_grid_nearest_corner (&scenario->map->grid, x, y, &self->vx, &self->vy);
  self->has_vertex = TRUE;
  if (id == GBACW_HEXSIDE_NONE)
    {
      self->setting = TRUE;
      return;
    }
  if ((state & GDK_SHIFT_MASK) != 0 && hexside_valid (self, self->last_clicked) && self->last_clicked != id)
    {
      draw_click_to_click (self, scenario, id, x, y);
      return;
    }
  self->setting = (scenario->map->hexside_features[id] & (1u << self->feature)) == 0;
  apply (self, id, hex);
  self->last_clicked = id;
}

static void
gbacw_tool_hexside_dragged (GbacwTool       *tool,
                            GbacwMapCanvas  *canvas,
                            double           x,
                            double           y,
                            GdkModifierType  state)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  double length;
  int n, hex = -1;
  GbacwHexsideId id;

  if (scenario == NULL || gbacw_map_tool_get_stroke (map_tool) == 0 || !self->has_vertex)
    return;

  length = hypot (x - self->last_x, y - self->last_y);
  n = MAX (1, (int) ceil (length / SAMPLE_STEP));
  for (int i = 1; i <= n; i++)
    walk_to (self, scenario, self->last_x + (x - self->last_x) * i / n, self->last_y + (y - self->last_y) * i / n);
  self->last_x = x;
  self->last_y = y;

  id = hexside_at (self, scenario, x, y, &hex);
  set_hover (self, canvas, id, hex);
}

static void
gbacw_tool_hexside_released (GbacwTool       *tool,
                             GbacwMapCanvas  *canvas,
                             double           x,
                             double           y,
                             GdkModifierType  state)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (tool);

  gbacw_tool_hexside_dragged (tool, canvas, x, y, state);
  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (self));
  self->has_vertex = FALSE;
}

static void
gbacw_tool_hexside_motion (GbacwTool       *tool,
                           GbacwMapCanvas  *canvas,
                           double           x,
                           double           y,
                           GdkModifierType  state)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (tool));
  GbacwHexsideId id = GBACW_HEXSIDE_NONE;
  int hex = -1;

  if (scenario != NULL)
    id = hexside_at (self, scenario, x, y, &hex);
  set_hover (self, canvas, id, hex);
}

static void
gbacw_tool_hexside_deactivate (GbacwTool      *tool,
                               GbacwMapCanvas *canvas)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (tool);

  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (self));
  self->has_vertex = FALSE;
  set_hover (self, canvas, GBACW_HEXSIDE_NONE, -1);
}

/* N: the hexside under the pointer becomes the selected one, and the panel takes the
 * keyboard for its name. */
static gboolean
gbacw_tool_hexside_key_pressed (GbacwTool       *tool,
                                GbacwMapCanvas  *canvas,
                                guint            keyval,
                                GdkModifierType  state)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (tool);

  if ((keyval != GDK_KEY_n && keyval != GDK_KEY_N) || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;
  if (self->hover != GBACW_HEXSIDE_NONE)
    gbacw_tool_hexside_set_selected (self, self->hover);
  if (self->selected == GBACW_HEXSIDE_NONE)
    return FALSE;
  gbacw_map_tool_queue_overlay (canvas);
  g_signal_emit (self, signals[SIGNAL_NAME_REQUESTED], 0);
  return TRUE;
}

static gboolean
hexside_ends (const GbacwHexGrid *grid,
              GbacwHexsideId      id,
              double             *x0,
              double             *y0,
              double             *x1,
              double             *y1)
{
  GbacwHex a, b;
  int direction;

  if (!gbacw_hex_grid_hexside_hexes (grid, id, &a, &direction, &b))
    return FALSE;
  gbacw_hex_grid_corner (grid, a, direction, x0, y0);
  gbacw_hex_grid_corner (grid, a, (direction + 1) % GBACW_HEX_DIRECTIONS, x1, y1);
  return TRUE;
}

static void
gbacw_tool_hexside_draw_overlay (GbacwTool      *tool,
                                 GbacwMapCanvas *canvas,
                                 cairo_t        *cr)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (tool));
  const GbacwHexsideType *type;
  const GbacwHexGrid *grid;
  double x0, y0, x1, y1;

  if (scenario == NULL)
    return;
  grid = &scenario->map->grid;

  /* The selected hexside: a ring around it, told apart from the hover line and leaving
   * the feature just drawn on it (and a redan's inside) in sight. */
  if (self->selected != GBACW_HEXSIDE_NONE && hexside_ends (grid, self->selected, &x0, &y0, &x1, &y1))
    {
      double w = 7 * gbacw_map_tool_pixel_size (cr);
      double angle = atan2 (y1 - y0, x1 - x0);

      cairo_new_sub_path (cr);
      cairo_arc (cr, x1, y1, w, angle - G_PI / 2, angle + G_PI / 2);
      cairo_arc (cr, x0, y0, w, angle + G_PI / 2, angle + 3 * G_PI / 2);
      cairo_close_path (cr);
      gbacw_map_tool_stroke_highlight (cr, 2.0);
    }

  if (self->hover == GBACW_HEXSIDE_NONE || !hexside_ends (grid, self->hover, &x0, &y0, &x1, &y1))
    return;
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  gbacw_map_tool_stroke_highlight (cr, 5.0);

  /* Features with an inside: a tick into the hex that would be inside. */
  type = get_type (self, scenario);
  if (type != NULL && type->side == GBACW_SIDE_MODE_INSIDE && self->hover_hex >= 0)
    {
      double mx = (x0 + x1) / 2, my = (y0 + y1) / 2, cx, cy;

      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, self->hover_hex), &cx, &cy);
      cairo_move_to (cr, mx, my);
      cairo_line_to (cr, mx + (cx - mx) * 0.3, my + (cy - my) * 0.3);
      gbacw_map_tool_stroke_highlight (cr, 3.0);
    }
}

static void
gbacw_tool_hexside_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_tool_hexside_deactivate;
  iface->pressed = gbacw_tool_hexside_pressed;
  iface->edits_on_press = TRUE;
  iface->dragged = gbacw_tool_hexside_dragged;
  iface->released = gbacw_tool_hexside_released;
  iface->motion = gbacw_tool_hexside_motion;
  iface->draw_overlay = gbacw_tool_hexside_draw_overlay;
  iface->key_pressed = gbacw_tool_hexside_key_pressed;
}

/* ---------------------------------------------------------------- properties */

int
gbacw_tool_hexside_get_feature (GbacwToolHexside *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_HEXSIDE (self), -1);
  return self->feature;
}

void
gbacw_tool_hexside_set_feature (GbacwToolHexside *self,
                                int               feature)
{
  g_return_if_fail (GBACW_IS_TOOL_HEXSIDE (self));

  feature = CLAMP (feature, -1, GBACW_MAX_HEXSIDE_TYPES - 1);
  if (self->feature == feature)
    return;
  self->feature = feature;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FEATURE]);
}

GbacwHexsideId
gbacw_tool_hexside_get_hover (GbacwToolHexside *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_HEXSIDE (self), GBACW_HEXSIDE_NONE);
  return self->hover;
}

static gboolean
hexside_valid (GbacwToolHexside *self,
               GbacwHexsideId    id)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));

  return scenario != NULL && id != GBACW_HEXSIDE_NONE && gbacw_hex_grid_hexside_on_map (&scenario->map->grid, id);
}

GbacwHexsideId
gbacw_tool_hexside_get_selected (GbacwToolHexside *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_HEXSIDE (self), GBACW_HEXSIDE_NONE);
  return hexside_valid (self, self->selected) ? self->selected : GBACW_HEXSIDE_NONE;
}

void
gbacw_tool_hexside_set_selected (GbacwToolHexside *self,
                                 GbacwHexsideId    id)
{
  g_return_if_fail (GBACW_IS_TOOL_HEXSIDE (self));

  if (!hexside_valid (self, id))
    id = GBACW_HEXSIDE_NONE;
  if (self->selected == id)
    return;
  self->selected = id;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED]);
}

const char *
gbacw_tool_hexside_get_selected_name (GbacwToolHexside *self)
{
  const GbacwScenario *scenario;
  GbacwHexsideId id;

  g_return_val_if_fail (GBACW_IS_TOOL_HEXSIDE (self), NULL);

  if ((id = gbacw_tool_hexside_get_selected (self)) == GBACW_HEXSIDE_NONE)
    return NULL;
  scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));
  return g_hash_table_lookup (scenario->map->hexside_names, GUINT_TO_POINTER (id));
}

gboolean
gbacw_tool_hexside_set_selected_name (GbacwToolHexside *self,
                                      const char       *name)
{
  GbacwMapTool *tool;
  GbacwHexsideId id;
  GbacwMapEdit *edit;

  g_return_val_if_fail (GBACW_IS_TOOL_HEXSIDE (self), FALSE);

  tool = GBACW_MAP_TOOL (self);
  if ((id = gbacw_tool_hexside_get_selected (self)) == GBACW_HEXSIDE_NONE ||
      (name != NULL && !g_utf8_validate (name, -1, NULL)))
    return FALSE;
  /* the name is the work's: every hexside of the redan or works at once */
  edit = gbacw_map_edit_name_work (gbacw_map_tool_get_scenario (tool), id, name);
  if (gbacw_map_edit_get_n_changes (edit) > 0)
    gbacw_map_tool_execute (tool, GBACW_COMMAND (edit));
  else
    g_object_unref (edit);
  return TRUE;
}

/* Another document: its hexside ids may not be the same. */
static void
on_document_notify (GbacwToolHexside *self)
{
  self->last_clicked = GBACW_HEXSIDE_NONE;
  gbacw_tool_hexside_set_selected (self, GBACW_HEXSIDE_NONE);
}

static void
gbacw_tool_hexside_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (object);

  switch (prop_id)
    {
    case PROP_FEATURE:
      g_value_set_int (value, self->feature);
      break;
    case PROP_HOVER:
      g_value_set_uint (value, self->hover);
      break;
    case PROP_SELECTED:
      g_value_set_uint (value, gbacw_tool_hexside_get_selected (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_hexside_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  GbacwToolHexside *self = GBACW_TOOL_HEXSIDE (object);

  switch (prop_id)
    {
    case PROP_FEATURE:
      gbacw_tool_hexside_set_feature (self, g_value_get_int (value));
      break;
    case PROP_SELECTED:
      gbacw_tool_hexside_set_selected (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---------------------------------------------------------------- options */

typedef struct
{
  GbacwToolHexside *tool;
  GtkLabel *name_place;
  GtkEntry *name;
} Options;

/* The place of the selected hexside, as the options name it. */
static char *
describe_hexside (const GbacwScenario *scenario,
                  GbacwHexsideId       id)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  g_autofree char *label_a = NULL;
  g_autofree char *label_b = NULL;
  GbacwHex a, b;

  if (!gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b))
    return g_strdup ("");
  if (gbacw_hex_grid_contains (grid, a))
    label_a = gbacw_hex_grid_format_label (grid, a);
  if (gbacw_hex_grid_contains (grid, b))
    label_b = gbacw_hex_grid_format_label (grid, b);
  if (label_a != NULL && label_b != NULL)
    /* TRANSLATORS: the hexside named, e.g. "Between 0707 and 0708" */
    return g_strdup_printf (_("Between %s and %s"), label_a, label_b);
  /* TRANSLATORS: a hexside on the edge of the map, e.g. "Map edge of 0101" */
  return g_strdup_printf (_("Map edge of %s"), label_a != NULL ? label_a : label_b);
}

static void
sync_name (gpointer data)
{
  Options *o = data;
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (o->tool));
  GbacwHexsideId id = gbacw_tool_hexside_get_selected (o->tool);
  g_autofree char *place = NULL;
  const char *name;

  if (scenario == NULL || id == GBACW_HEXSIDE_NONE)
    {
      gtk_label_set_text (o->name_place, _("Click a hexside, or press N over one, to name it."));
      gtk_editable_set_text (GTK_EDITABLE (o->name), "");
      gtk_widget_set_sensitive (GTK_WIDGET (o->name), FALSE);
      return;
    }
  place = describe_hexside (scenario, id);
  gtk_label_set_text (o->name_place, place);
  name = gbacw_tool_hexside_get_selected_name (o->tool);
  gtk_editable_set_text (GTK_EDITABLE (o->name), name != NULL ? name : "");
  gtk_widget_set_sensitive (GTK_WIDGET (o->name), TRUE);
}

static void
on_name_activate (Options  *o,
                  GtkEntry *entry)
{
  gbacw_tool_hexside_set_selected_name (o->tool, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_name_requested (Options *o)
{
  gbacw_tool_options_focus_entry (o->name);
}

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-hexside.ui", &builder);
  Options *o = gbacw_tool_options_new_state (options, tool, sizeof (Options));

  o->name_place = GTK_LABEL (gtk_builder_get_object (builder, "hexside_name_place"));
  o->name = GTK_ENTRY (gtk_builder_get_object (builder, "hexside_name"));
  gbacw_tool_options_bind_chooser (options, tool, GTK_LIST_BOX (gtk_builder_get_object (builder, "hexside_list")),
                                   GBACW_CHOOSER_HEXSIDE, "feature");
  g_signal_connect_swapped (o->name, "activate", G_CALLBACK (on_name_activate), o);
  g_signal_connect_swapped (tool, "notify::selected", G_CALLBACK (sync_name), o);
  g_signal_connect_swapped (tool, "name-requested", G_CALLBACK (on_name_requested), o);
  gbacw_tool_options_follow_document (options, tool, GBACW_CHANGE_HEXSIDES, sync_name, o);
  return options;
}

static void
gbacw_tool_hexside_class_init (GbacwToolHexsideClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gbacw_tool_hexside_get_property;
  object_class->set_property = gbacw_tool_hexside_set_property;

  properties[PROP_FEATURE] =
    g_param_spec_int ("feature", NULL, NULL, -1, GBACW_MAX_HEXSIDE_TYPES - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOVER] =
    g_param_spec_uint ("hover", NULL, NULL, 0, G_MAXUINT32, GBACW_HEXSIDE_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED] =
    g_param_spec_uint ("selected", NULL, NULL, 0, G_MAXUINT32, GBACW_HEXSIDE_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* N pressed over a hexside: the options panel should take the keyboard for the name
   * of the selected hexside. */
  signals[SIGNAL_NAME_REQUESTED] =
    g_signal_new ("name-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "hexside", N_("Hexside Features"),
                                        "gbacw-tool-hexside-symbolic", GDK_KEY_s);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_hexside_init (GbacwToolHexside *self)
{
  self->hover = GBACW_HEXSIDE_NONE;
  self->hover_hex = -1;
  self->selected = GBACW_HEXSIDE_NONE;
  self->last_clicked = GBACW_HEXSIDE_NONE;
  g_signal_connect (self, "notify::document", G_CALLBACK (on_document_notify), NULL);
}

GbacwToolHexside *
gbacw_tool_hexside_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_HEXSIDE, NULL);
}
