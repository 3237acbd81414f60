/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-overview.c: the whole map small, with the part a map canvas shows. */
#define G_LOG_DOMAIN "gbacw-map-overview"

#include "config.h"

#include <math.h>

#include "gbacw-map-overview-private.h"
#include "gbacw-map-renderer.h"

/* Milliseconds between a change of the document and the new picture. */
#define RENDER_DELAY 250
#define MARGIN 4.0
#define WIDTH 160

/* Drawn small, the map needs none of what only reads up close. */
#define OVERVIEW_LAYERS (GBACW_LAYER_BIT_ALL & ~(GBACW_LAYER_BIT_LABELS | GBACW_LAYER_BIT_GRID | GBACW_LAYER_BIT_HEX_NUMBERS))

struct _GbacwMapOverview
{
  GtkWidget parent_instance;

  GbacwMapCanvas *canvas;
  GSignalGroup *canvas_signals;
  GSignalGroup *viewport_signals;
  GSignalGroup *document_signals;

  GdkTexture *picture;
  double picture_scale;      /* widget pixels per map unit the picture was drawn at */
  guint render_source;
  guint n_renders;

  /* a drag: the map point under the pointer minus the view's centre */
  double drag_x, drag_y, grab_dx, grab_dy;
};

G_DEFINE_FINAL_TYPE (GbacwMapOverview, gbacw_map_overview, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CANVAS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const GbacwScenario *
get_scenario (GbacwMapOverview *self)
{
  GbacwDocument *document = self->canvas ? gbacw_map_canvas_get_document (self->canvas) : NULL;

  return document ? gbacw_document_get_scenario (document) : NULL;
}

/* Widget pixels per map unit and the map's top-left in the widget; FALSE with no map. */
static gboolean
get_transform (GbacwMapOverview *self,
               double           *scale,
               double           *ox,
               double           *oy)
{
  const GbacwScenario *scenario = get_scenario (self);
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double mw, mh, s;

  if (scenario == NULL || w <= 2 * MARGIN || h <= 2 * MARGIN)
    return FALSE;
  gbacw_hex_grid_extent (&scenario->map->grid, &mw, &mh);
  if (mw <= 0 || mh <= 0)
    return FALSE;
  s = MIN ((w - 2 * MARGIN) / mw, (h - 2 * MARGIN) / mh);
  *scale = s;
  *ox = floor ((w - mw * s) / 2);
  *oy = floor ((h - mh * s) / 2);
  return TRUE;
}

void
gbacw_map_overview_map_to_widget (GbacwMapOverview *self,
                                  double            map_x,
                                  double            map_y,
                                  double           *x,
                                  double           *y)
{
  double s = 1, ox = 0, oy = 0;

  g_return_if_fail (GBACW_IS_MAP_OVERVIEW (self));
  get_transform (self, &s, &ox, &oy);
  *x = ox + map_x * s;
  *y = oy + map_y * s;
}

guint
gbacw_map_overview_get_n_renders (GbacwMapOverview *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_OVERVIEW (self), 0);
  return self->n_renders;
}

static void
drop_picture (GbacwMapOverview *self)
{
  g_clear_object (&self->picture);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
render_later_cb (gpointer data)
{
  GbacwMapOverview *self = data;

  self->render_source = 0;
  drop_picture (self);
  return G_SOURCE_REMOVE;
}

/* ---------------------------------------------------------------- drawing */

static void
render_picture (GbacwMapOverview *self,
                double            scale)
{
  const GbacwScenario *scenario = get_scenario (self);
  int sf = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double mw, mh;
  int pw, ph;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint flags;
  GBytes *bytes;

  if (scenario == NULL)
    return;
  gbacw_hex_grid_extent (&scenario->map->grid, &mw, &mh);
  pw = MAX ((int) ceil (mw * scale * sf), 1);
  ph = MAX ((int) ceil (mh * scale * sf), 1);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cr = cairo_create (surface);
  flags = gbacw_map_canvas_get_scan_over_terrain (self->canvas) ? 0 : GBACW_RENDER_SCAN_UNDER_TERRAIN;
  gbacw_map_render_with_flags (cr, scenario, NULL, gbacw_map_canvas_get_layers (self->canvas) & OVERVIEW_LAYERS,
                               flags, scale * sf, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* Cairo's ARGB32 is GDK_MEMORY_DEFAULT. */
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * ph);
  g_clear_object (&self->picture);
  self->picture = gdk_memory_texture_new (pw, ph, GDK_MEMORY_DEFAULT, bytes, cairo_image_surface_get_stride (surface));
  self->picture_scale = scale;
  self->n_renders++;
  g_bytes_unref (bytes);
  cairo_surface_destroy (surface);
}

static void
gbacw_map_overview_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  GbacwMapOverview *self = GBACW_MAP_OVERVIEW (widget);
  const GbacwScenario *scenario = get_scenario (self);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  double s, ox, oy, mw, mh;
  GdkRGBA back = { 0.15, 0.16, 0.17, 0.85 };
  GbacwViewport *viewport;
  cairo_t *cr;
  double vx, vy, vw, vh;

  if (scenario == NULL || !get_transform (self, &s, &ox, &oy))
    return;
  {
    GskRoundedRect frame;
    gsk_rounded_rect_init_from_rect (&frame, &GRAPHENE_RECT_INIT (0, 0, w, h), 6);
    gtk_snapshot_push_rounded_clip (snapshot, &frame);
    gtk_snapshot_append_color (snapshot, &back, &GRAPHENE_RECT_INIT (0, 0, w, h));
    gtk_snapshot_pop (snapshot);
  }

  if (self->picture != NULL && fabs (self->picture_scale - s) > 1e-9)
    g_clear_object (&self->picture);
  if (self->picture == NULL)
    render_picture (self, s);
  gbacw_hex_grid_extent (&scenario->map->grid, &mw, &mh);
  if (self->picture != NULL)
    gtk_snapshot_append_texture (snapshot, self->picture, &GRAPHENE_RECT_INIT (ox, oy, mw * s, mh * s));

  /* The part of the map the canvas shows, clipped to the map. */
  viewport = gbacw_map_canvas_get_viewport (self->canvas);
  vw = gbacw_viewport_get_view_width (viewport) / gbacw_viewport_get_scale (viewport);
  vh = gbacw_viewport_get_view_height (viewport) / gbacw_viewport_get_scale (viewport);
  vx = gbacw_viewport_get_centre_x (viewport) - vw / 2;
  vy = gbacw_viewport_get_centre_y (viewport) - vh / 2;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_rectangle (cr, ox, oy, mw * s, mh * s);
  cairo_clip (cr);
  cairo_rectangle (cr, ox + vx * s, oy + vy * s, vw * s, vh * s);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.18);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 3);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.6);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgb (cr, 1, 0.85, 0.2);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
gbacw_map_overview_measure (GtkWidget     *widget,
                            GtkOrientation orientation,
                            int            for_size,
                            int           *minimum,
                            int           *natural,
                            int           *minimum_baseline,
                            int           *natural_baseline)
{
  GbacwMapOverview *self = GBACW_MAP_OVERVIEW (widget);
  const GbacwScenario *scenario = get_scenario (self);
  double mw = 4, mh = 3;

  if (scenario != NULL)
    gbacw_hex_grid_extent (&scenario->map->grid, &mw, &mh);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = WIDTH;
  else
    *minimum = *natural = CLAMP ((int) ceil ((WIDTH - 2 * MARGIN) * mh / MAX (mw, 1e-6) + 2 * MARGIN), 40, 240);
}

/* ---------------------------------------------------------------- input */

static gboolean
widget_to_map (GbacwMapOverview *self,
               double            x,
               double            y,
               double           *mx,
               double           *my)
{
  double s, ox, oy;

  if (!get_transform (self, &s, &ox, &oy))
    return FALSE;
  *mx = (x - ox) / s;
  *my = (y - oy) / s;
  return TRUE;
}

static void
on_drag_begin (GbacwMapOverview *self,
               double            x,
               double            y,
               GtkGestureDrag   *gesture)
{
  GbacwViewport *viewport;
  double mx, my, cx, cy, hw, hh;

  if (self->canvas == NULL || !widget_to_map (self, x, y, &mx, &my))
    return;
  viewport = gbacw_map_canvas_get_viewport (self->canvas);
  cx = gbacw_viewport_get_centre_x (viewport);
  cy = gbacw_viewport_get_centre_y (viewport);
  hw = gbacw_viewport_get_view_width (viewport) / gbacw_viewport_get_scale (viewport) / 2;
  hh = gbacw_viewport_get_view_height (viewport) / gbacw_viewport_get_scale (viewport) / 2;
  self->drag_x = x;
  self->drag_y = y;
  /* Inside the rectangle it is grabbed where it is; elsewhere the view jumps there. */
  if (fabs (mx - cx) <= hw && fabs (my - cy) <= hh)
    {
      self->grab_dx = mx - cx;
      self->grab_dy = my - cy;
    }
  else
    {
      self->grab_dx = self->grab_dy = 0;
      gbacw_viewport_set_centre (viewport, mx, my);
    }
}

static void
on_drag_update (GbacwMapOverview *self,
                double            dx,
                double            dy,
                GtkGestureDrag   *gesture)
{
  double mx, my;

  if (self->canvas == NULL || !widget_to_map (self, self->drag_x + dx, self->drag_y + dy, &mx, &my))
    return;
  gbacw_viewport_set_centre (gbacw_map_canvas_get_viewport (self->canvas), mx - self->grab_dx, my - self->grab_dy);
}

/* ---------------------------------------------------------------- canvas */

static void
on_document_changed (GbacwMapOverview  *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  if (self->render_source == 0)
    self->render_source = g_timeout_add (RENDER_DELAY, render_later_cb, self);
}

static void
on_canvas_document (GbacwMapOverview *self)
{
  g_signal_group_set_target (self->document_signals, gbacw_map_canvas_get_document (self->canvas));
  drop_picture (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

GbacwMapCanvas *
gbacw_map_overview_get_canvas (GbacwMapOverview *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_OVERVIEW (self), NULL);
  return self->canvas;
}

void
gbacw_map_overview_set_canvas (GbacwMapOverview *self,
                               GbacwMapCanvas   *canvas)
{
  g_return_if_fail (GBACW_IS_MAP_OVERVIEW (self));
  g_return_if_fail (canvas == NULL || GBACW_IS_MAP_CANVAS (canvas));

  if (self->canvas == canvas)
    return;
  g_set_object (&self->canvas, canvas);
  g_signal_group_set_target (self->canvas_signals, canvas);
  g_signal_group_set_target (self->viewport_signals, canvas ? gbacw_map_canvas_get_viewport (canvas) : NULL);
  g_signal_group_set_target (self->document_signals, canvas ? gbacw_map_canvas_get_document (canvas) : NULL);
  drop_picture (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CANVAS]);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_map_overview_dispose (GObject *object)
{
  GbacwMapOverview *self = GBACW_MAP_OVERVIEW (object);

  g_clear_handle_id (&self->render_source, g_source_remove);
  if (self->canvas_signals != NULL)
    g_signal_group_set_target (self->canvas_signals, NULL);
  if (self->viewport_signals != NULL)
    g_signal_group_set_target (self->viewport_signals, NULL);
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  g_clear_object (&self->canvas_signals);
  g_clear_object (&self->viewport_signals);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->canvas);
  g_clear_object (&self->picture);

  G_OBJECT_CLASS (gbacw_map_overview_parent_class)->dispose (object);
}

static void
gbacw_map_overview_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GbacwMapOverview *self = GBACW_MAP_OVERVIEW (object);

  switch (prop_id)
    {
    case PROP_CANVAS:
      g_value_set_object (value, self->canvas);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_map_overview_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  GbacwMapOverview *self = GBACW_MAP_OVERVIEW (object);

  switch (prop_id)
    {
    case PROP_CANVAS:
      gbacw_map_overview_set_canvas (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_map_overview_class_init (GbacwMapOverviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_map_overview_dispose;
  object_class->get_property = gbacw_map_overview_get_property;
  object_class->set_property = gbacw_map_overview_set_property;

  widget_class->snapshot = gbacw_map_overview_snapshot;
  widget_class->measure = gbacw_map_overview_measure;

  properties[PROP_CANVAS] =
    g_param_spec_object ("canvas", NULL, NULL, GBACW_TYPE_MAP_CANVAS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "mapoverview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
gbacw_map_overview_init (GbacwMapOverview *self)
{
  GtkGesture *drag;

  self->canvas_signals = g_signal_group_new (GBACW_TYPE_MAP_CANVAS);
  g_signal_group_connect_swapped (self->canvas_signals, "notify::document", G_CALLBACK (on_canvas_document), self);
  g_signal_group_connect_swapped (self->canvas_signals, "notify::layers", G_CALLBACK (drop_picture), self);
  g_signal_group_connect_swapped (self->canvas_signals, "notify::scan-over-terrain", G_CALLBACK (drop_picture), self);

  self->viewport_signals = g_signal_group_new (GBACW_TYPE_VIEWPORT);
  g_signal_group_connect_swapped (self->viewport_signals, "notify", G_CALLBACK (gtk_widget_queue_draw), self);

  self->document_signals = g_signal_group_new (GBACW_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "changed", G_CALLBACK (on_document_changed), self);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
}

GtkWidget *
gbacw_map_overview_new (GbacwMapCanvas *canvas)
{
  return g_object_new (GBACW_TYPE_MAP_OVERVIEW, "canvas", canvas, NULL);
}
