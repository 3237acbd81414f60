/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-tool.c: what the map-editing tools share. */
#define G_LOG_DOMAIN "gbacw-map-tool"

#include "config.h"

#include <math.h>

#include "gbacw-hex-path.h"
#include "gbacw-map-canvas.h"
#include "gbacw-map-tool.h"

typedef struct
{
  GbacwDocument *document;
  guint stroke;
  gboolean has_pointer;
  double pointer_x, pointer_y;
  int last_hex;   /* the hex the brush stroke last painted, -1 */
} GbacwMapToolPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GbacwMapTool, gbacw_map_tool, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_STATUS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Merge keys are unique in the process, so that two strokes never merge, whatever tool
 * or document they come from. */
static guint next_stroke = 1;

void
gbacw_map_tool_class_set_description (GbacwMapToolClass *klass,
                                      const char        *name,
                                      const char        *title,
                                      const char        *icon_name,
                                      guint              key)
{
  g_return_if_fail (GBACW_IS_MAP_TOOL_CLASS (klass));

  klass->name = name;
  klass->title = title;
  klass->icon_name = icon_name;
  klass->key = key;
}

GtkWidget *
gbacw_map_tool_create_options (GbacwMapTool *self)
{
  GbacwMapToolClass *klass;

  g_return_val_if_fail (GBACW_IS_MAP_TOOL (self), NULL);

  klass = GBACW_MAP_TOOL_GET_CLASS (self);
  if (klass->create_options != NULL)
    return klass->create_options (self);
  return g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
}

GbacwDocument *
gbacw_map_tool_get_document (GbacwMapTool *self)
{
  GbacwMapToolPrivate *priv;

  g_return_val_if_fail (GBACW_IS_MAP_TOOL (self), NULL);
  priv = gbacw_map_tool_get_instance_private (self);
  return priv->document;
}

void
gbacw_map_tool_set_document (GbacwMapTool  *self,
                             GbacwDocument *document)
{
  GbacwMapToolPrivate *priv;

  g_return_if_fail (GBACW_IS_MAP_TOOL (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  priv = gbacw_map_tool_get_instance_private (self);
  if (!g_set_object (&priv->document, document))
    return;
  priv->stroke = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

GbacwScenario *
gbacw_map_tool_get_scenario (GbacwMapTool *self)
{
  GbacwMapToolPrivate *priv;

  g_return_val_if_fail (GBACW_IS_MAP_TOOL (self), NULL);
  priv = gbacw_map_tool_get_instance_private (self);
  return priv->document ? gbacw_document_get_scenario (priv->document) : NULL;
}

guint
gbacw_map_tool_begin_stroke (GbacwMapTool *self)
{
  GbacwMapToolPrivate *priv;

  g_return_val_if_fail (GBACW_IS_MAP_TOOL (self), 0);
  priv = gbacw_map_tool_get_instance_private (self);
  priv->stroke = next_stroke++;
  if (next_stroke == 0)
    next_stroke = 1;
  return priv->stroke;
}

guint
gbacw_map_tool_get_stroke (GbacwMapTool *self)
{
  GbacwMapToolPrivate *priv;

  g_return_val_if_fail (GBACW_IS_MAP_TOOL (self), 0);
  priv = gbacw_map_tool_get_instance_private (self);
  return priv->stroke;
}

void
gbacw_map_tool_end_stroke (GbacwMapTool *self)
{
  GbacwMapToolPrivate *priv;

  g_return_if_fail (GBACW_IS_MAP_TOOL (self));
  priv = gbacw_map_tool_get_instance_private (self);
  priv->stroke = 0;
}

void
gbacw_map_tool_execute (GbacwMapTool *self,
                        GbacwCommand *command)
{
  GbacwMapToolPrivate *priv;
  g_autoptr(GbacwCommand) owned = command;

  g_return_if_fail (GBACW_IS_MAP_TOOL (self));
  g_return_if_fail (GBACW_IS_COMMAND (command));

  priv = gbacw_map_tool_get_instance_private (self);
  if (priv->document != NULL)
    gbacw_document_execute (priv->document, g_steal_pointer (&owned));
}

int
gbacw_map_tool_hex_at (GbacwMapTool *self,
                       double        x,
                       double        y)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (self);
  const GbacwHexGrid *grid;

  if (scenario == NULL)
    return -1;
  grid = &scenario->map->grid;
  return gbacw_hex_grid_index (grid, gbacw_hex_grid_hex_at_point (grid, x, y));
}

void
gbacw_map_tool_hexes_within (GbacwMapTool *self,
                             int           hex,
                             int           radius,
                             GArray       *out)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (self);
  const GbacwHexGrid *grid;
  g_autoptr(GArray) hexes = NULL;

  g_return_if_fail (out != NULL);

  if (scenario == NULL)
    return;
  grid = &scenario->map->grid;
  if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (grid))
    return;
  hexes = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
  gbacw_hex_grid_within (grid, gbacw_hex_grid_hex_at (grid, hex), MAX (radius, 0), hexes);
  for (guint i = 0; i < hexes->len; i++)
    {
      int index = gbacw_hex_grid_index (grid, g_array_index (hexes, GbacwHex, i));
      g_array_append_val (out, index);
    }
}

double
gbacw_map_tool_segment_distance (double px, double py, double ax, double ay, double bx, double by)
{
  double dx = bx - ax, dy = by - ay;
  double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? CLAMP (((px - ax) * dx + (py - ay) * dy) / len2, 0, 1) : 0;

  return hypot (px - (ax + t * dx), py - (ay + t * dy));
}

/* Greedy walk: each step goes to the neighbour nearest the target in hexes, and of those
 * to the one nearest the straight line between the two centres. Every step is on the map,
 * since on a rectangular map a neighbour nearer the target always is. */
void
gbacw_map_tool_hex_line (GbacwMapTool *self,
                         int           from,
                         int           to,
                         GArray       *out)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (self);
  const GbacwHexGrid *grid;
  GbacwHex cur, target;
  double ax, ay, bx, by;
  int n;

  g_return_if_fail (out != NULL);

  if (scenario == NULL)
    return;
  grid = &scenario->map->grid;
  n = gbacw_hex_grid_n_hexes (grid);
  if (from < 0 || from >= n || to < 0 || to >= n)
    return;

  cur = gbacw_hex_grid_hex_at (grid, from);
  target = gbacw_hex_grid_hex_at (grid, to);
  gbacw_hex_grid_centre (grid, cur, &ax, &ay);
  gbacw_hex_grid_centre (grid, target, &bx, &by);

  while (!gbacw_hex_equal (cur, target))
    {
      int distance = gbacw_hex_grid_distance (grid, cur, target);
      GbacwHex best = cur;
      double best_off = G_MAXDOUBLE;
      int index;

      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          GbacwHex next = gbacw_hex_grid_neighbour (grid, cur, d);
          double x, y, off;

          if (!gbacw_hex_grid_contains (grid, next) || gbacw_hex_grid_distance (grid, next, target) >= distance)
            continue;
          gbacw_hex_grid_centre (grid, next, &x, &y);
          off = gbacw_map_tool_segment_distance (x, y, ax, ay, bx, by);
          if (off < best_off)
            {
              best_off = off;
              best = next;
            }
        }
      if (gbacw_hex_equal (best, cur))
        break;
      cur = best;
      index = gbacw_hex_grid_index (grid, cur);
      g_array_append_val (out, index);
    }
}

void
gbacw_map_tool_set_pointer (GbacwMapTool   *self,
                            GbacwMapCanvas *canvas,
                            double          x,
                            double          y)
{
  GbacwMapToolPrivate *priv;

  g_return_if_fail (GBACW_IS_MAP_TOOL (self));
  priv = gbacw_map_tool_get_instance_private (self);
  priv->has_pointer = TRUE;
  priv->pointer_x = x;
  priv->pointer_y = y;
  gbacw_map_tool_queue_overlay (canvas);
}

void
gbacw_map_tool_clear_pointer (GbacwMapTool   *self,
                              GbacwMapCanvas *canvas)
{
  GbacwMapToolPrivate *priv;

  g_return_if_fail (GBACW_IS_MAP_TOOL (self));
  priv = gbacw_map_tool_get_instance_private (self);
  if (!priv->has_pointer)
    return;
  priv->has_pointer = FALSE;
  gbacw_map_tool_queue_overlay (canvas);
}

gboolean
gbacw_map_tool_get_pointer (GbacwMapTool *self,
                            double       *x,
                            double       *y)
{
  GbacwMapToolPrivate *priv;

  g_return_val_if_fail (GBACW_IS_MAP_TOOL (self), FALSE);
  priv = gbacw_map_tool_get_instance_private (self);
  if (x != NULL)
    *x = priv->pointer_x;
  if (y != NULL)
    *y = priv->pointer_y;
  return priv->has_pointer;
}

int
gbacw_map_tool_get_pointer_hex (GbacwMapTool *self,
                                double       *x,
                                double       *y)
{
  double px, py;
  int hex;

  if (!gbacw_map_tool_get_pointer (self, &px, &py) || (hex = gbacw_map_tool_hex_at (self, px, py)) < 0)
    return -1;
  if (x != NULL)
    *x = px;
  if (y != NULL)
    *y = py;
  return hex;
}

/* ---------------------------------------------------------------- GbacwTool handlers */

void
gbacw_map_tool_motion (GbacwTool       *tool,
                       GbacwMapCanvas  *canvas,
                       double           x,
                       double           y,
                       GdkModifierType  state)
{
  gbacw_map_tool_set_pointer (GBACW_MAP_TOOL (tool), canvas, x, y);
}

void
gbacw_map_tool_deactivate (GbacwTool      *tool,
                           GbacwMapCanvas *canvas)
{
  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (tool));
  gbacw_map_tool_clear_pointer (GBACW_MAP_TOOL (tool), canvas);
}

static void
brush_to (GbacwMapTool *self,
          double        x,
          double        y)
{
  GbacwMapToolPrivate *priv = gbacw_map_tool_get_instance_private (self);
  GbacwMapToolClass *klass = GBACW_MAP_TOOL_GET_CLASS (self);
  int hex = gbacw_map_tool_hex_at (self, x, y);
  g_autoptr(GArray) path = NULL;

  if (hex < 0 || hex == priv->last_hex)
    return;
  path = g_array_new (FALSE, FALSE, sizeof (int));
  if (priv->last_hex >= 0)
    gbacw_map_tool_hex_line (self, priv->last_hex, hex, path);
  else
    g_array_append_val (path, hex);
  priv->last_hex = hex;
  if (klass->paint != NULL)
    klass->paint (self, path);
}

void
gbacw_map_tool_brush_pressed (GbacwTool       *tool,
                              GbacwMapCanvas  *canvas,
                              double           x,
                              double           y,
                              GdkModifierType  state)
{
  GbacwMapTool *self = GBACW_MAP_TOOL (tool);
  GbacwMapToolPrivate *priv = gbacw_map_tool_get_instance_private (self);

  gbacw_map_tool_begin_stroke (self);
  priv->last_hex = -1;
  gbacw_map_tool_set_pointer (self, canvas, x, y);
  brush_to (self, x, y);
}

void
gbacw_map_tool_brush_dragged (GbacwTool       *tool,
                              GbacwMapCanvas  *canvas,
                              double           x,
                              double           y,
                              GdkModifierType  state)
{
  GbacwMapTool *self = GBACW_MAP_TOOL (tool);

  gbacw_map_tool_set_pointer (self, canvas, x, y);
  if (gbacw_map_tool_get_stroke (self) != 0)
    brush_to (self, x, y);
}

void
gbacw_map_tool_brush_released (GbacwTool       *tool,
                               GbacwMapCanvas  *canvas,
                               double           x,
                               double           y,
                               GdkModifierType  state)
{
  GbacwMapTool *self = GBACW_MAP_TOOL (tool);
  GbacwMapToolPrivate *priv = gbacw_map_tool_get_instance_private (self);

  if (gbacw_map_tool_get_stroke (self) != 0)
    brush_to (self, x, y);
  gbacw_map_tool_end_stroke (self);
  priv->last_hex = -1;
}

/* ---------------------------------------------------------------- property setters */

void
gbacw_map_tool_update_int (GbacwMapTool *self,
                           int          *field,
                           int           value,
                           GParamSpec   *pspec)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

void
gbacw_map_tool_update_boolean (GbacwMapTool *self,
                               gboolean     *field,
                               gboolean      value,
                               GParamSpec   *pspec)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

/* ---------------------------------------------------------------- overlay */

static gboolean
array_has (GArray *hexes, int hex)
{
  for (guint i = 0; i < hexes->len; i++)
    if (g_array_index (hexes, int, i) == hex)
      return TRUE;
  return FALSE;
}

void
gbacw_map_tool_outline_path (cairo_t            *cr,
                             const GbacwHexGrid *grid,
                             GArray             *hexes)
{
  for (guint i = 0; i < hexes->len; i++)
    {
      int index = g_array_index (hexes, int, i);
      GbacwHex h = gbacw_hex_grid_hex_at (grid, index);

      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int n = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, h, d));
          double x0, y0, x1, y1;

          if (n >= 0 && array_has (hexes, n))
            continue;
          gbacw_hex_grid_corner (grid, h, d, &x0, &y0);
          gbacw_hex_grid_corner (grid, h, (d + 1) % GBACW_HEX_DIRECTIONS, &x1, &y1);
          cairo_move_to (cr, x0, y0);
          cairo_line_to (cr, x1, y1);
        }
    }
}

double
gbacw_map_tool_pixel_size (cairo_t *cr)
{
  double dx = 1, dy = 0;

  cairo_device_to_user_distance (cr, &dx, &dy);
  return hypot (dx, dy);
}

void
gbacw_map_tool_stroke_highlight (cairo_t *cr,
                                 double   width_px)
{
  double px = gbacw_map_tool_pixel_size (cr);

  cairo_save (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, 0.05, 0.05, 0.05, 0.85);
  cairo_set_line_width (cr, (width_px + 2) * px);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgba (cr, 1.0, 0.85, 0.2, 0.95);
  cairo_set_line_width (cr, width_px * px);
  cairo_stroke (cr);
  cairo_restore (cr);
}

int
gbacw_map_tool_draw_pointer_hex (GbacwMapTool *self,
                                 cairo_t      *cr,
                                 double       *x,
                                 double       *y)
{
  int hex = gbacw_map_tool_get_pointer_hex (self, x, y);

  if (hex < 0)
    return -1;
  gbacw_render_hex_path (cr, &gbacw_map_tool_get_scenario (self)->map->grid, hex, 1);
  gbacw_map_tool_stroke_highlight (cr, 2.0);
  return hex;
}

void
gbacw_map_tool_draw_brush (GbacwMapTool *self,
                           cairo_t      *cr,
                           int           radius,
                           double        fill_alpha)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (self);
  g_autoptr(GArray) hexes = NULL;
  int hex = gbacw_map_tool_get_pointer_hex (self, NULL, NULL);

  if (hex < 0)
    return;
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  gbacw_map_tool_hexes_within (self, hex, radius, hexes);
  if (fill_alpha > 0)
    {
      for (guint i = 0; i < hexes->len; i++)
        gbacw_render_hex_path (cr, &scenario->map->grid, g_array_index (hexes, int, i), 1);
      cairo_set_source_rgba (cr, 1, 1, 1, fill_alpha);
      cairo_fill (cr);
    }
  gbacw_map_tool_outline_path (cr, &scenario->map->grid, hexes);
  gbacw_map_tool_stroke_highlight (cr, 2.0);
}

void
gbacw_map_tool_queue_overlay (GbacwMapCanvas *canvas)
{
  if (canvas != NULL)
    gbacw_map_canvas_queue_overlay (canvas);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_map_tool_dispose (GObject *object)
{
  GbacwMapTool *self = GBACW_MAP_TOOL (object);
  GbacwMapToolPrivate *priv = gbacw_map_tool_get_instance_private (self);

  g_clear_object (&priv->document);

  G_OBJECT_CLASS (gbacw_map_tool_parent_class)->dispose (object);
}

static void
gbacw_map_tool_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GbacwMapTool *self = GBACW_MAP_TOOL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, gbacw_map_tool_get_document (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_map_tool_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  GbacwMapTool *self = GBACW_MAP_TOOL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_map_tool_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

void
gbacw_map_tool_show_status (GbacwMapTool *self,
                            const char   *text)
{
  g_return_if_fail (GBACW_IS_MAP_TOOL (self));
  g_signal_emit (self, signals[SIGNAL_STATUS], 0, text);
}

void
gbacw_map_tool_draw_badge (GbacwMapTool *self,
                           cairo_t      *cr,
                           const char   *text,
                           gboolean      warning)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoRectangle extent;
  double x, y, pad = 4;

  if (text == NULL || gbacw_map_tool_get_pointer_hex (self, &x, &y) < 0)
    return;
  /* in device pixels, below and right of the pointer, as a cursor's tooltip */
  cairo_save (cr);
  cairo_user_to_device (cr, &x, &y);
  cairo_identity_matrix (cr);
  layout = pango_cairo_create_layout (cr);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, NULL, &extent);
  x += 16;
  y += 16;
  cairo_rectangle (cr, x, y, extent.width + 2 * pad, extent.height + 2 * pad);
  if (warning)
    cairo_set_source_rgba (cr, 0.75, 0.11, 0.16, 0.9);
  else
    cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.8);
  cairo_fill (cr);
  cairo_move_to (cr, x + pad - extent.x, y + pad - extent.y);
  cairo_set_source_rgb (cr, 1, 1, 1);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
gbacw_map_tool_class_init (GbacwMapToolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_map_tool_dispose;
  object_class->get_property = gbacw_map_tool_get_property;
  object_class->set_property = gbacw_map_tool_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* "status" (text): something for the status line (the toolbox passes it on). */
  signals[SIGNAL_STATUS] =
    g_signal_new ("status", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
gbacw_map_tool_init (GbacwMapTool *self)
{
  GbacwMapToolPrivate *priv = gbacw_map_tool_get_instance_private (self);

  priv->last_hex = -1;
}
