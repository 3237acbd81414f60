/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-canvas-gui.c: the map canvas's layers, views and overview in the editor window
 * (needs a display: run under xvfb-run).
 *
 * The canvas is drawn as GTK draws it (its snapshot, rendered with cairo) and its
 * pixels compared: the layers in their order, the hatch over unpainted hexes (and no
 * marker a hex for them), the scan over or under the terrain, the view of what is left
 * to paint, the press that only focuses the map, and the overview's rectangle.
 */
#define G_LOG_DOMAIN "test-canvas-gui"

#include "config.h"

#include <math.h>

#include "gbacw-application.h"
#include "gbacw-canvas-layer.h"
#include "gbacw-data.h"
#include "gbacw-findings-panel.h"
#include "gbacw-map-edit.h"
#include "gbacw-map-overview-private.h"
#include "gbacw-map-renderer.h"
#include "gbacw-map-tool.h"
#include "gbacw-tool-brush.h"
#include "gbacw-toolbox.h"
#include "gbacw-unpainted-layer-private.h"
#include "gbacw-window.h"

#include "gui-test-helpers.h"

typedef struct
{
  GbacwWindow *window;
  GbacwMapCanvas *canvas;
  GbacwDocument *document;
  GbacwScenario *scenario;
  GtkGesture *drag;
  GtkEventController *motion;
} Fixture;

static GtkGesture *
primary_drag_of (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  GtkGesture *drag = NULL;

  /* The widget's own drag: the last primary-button one added (the deployment controller
   * adds one of its own to the canvas first). */
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_DRAG (controller)
          && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_PRIMARY
          && gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_BUBBLE)
        drag = GTK_GESTURE (controller);
    }
  g_assert_nonnull (drag);
  return drag;
}

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  g_autoptr(GListModel) controllers = NULL;

  f->window = gui_test_window_on ("scenarios/demo.xml", 1200, 800);
  f->canvas = gbacw_window_get_canvas (f->window);
  f->document = gbacw_window_get_document (f->window);
  f->scenario = gbacw_document_get_scenario (f->document);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_wait_for_layout_within (GTK_WIDGET (f->canvas), 60, 30);

  f->drag = primary_drag_of (GTK_WIDGET (f->canvas));
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        f->motion = controller;
    }
  g_assert_nonnull (f->motion);
}

static void
fixture_tear_down (Fixture      *f,
                   gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate_for (30);
}

/* ---------------------------------------------------------------- drawing */

/* The widget as GTK draws it, into an image of its size. */
static cairo_surface_t *
draw_widget (GtkWidget *widget)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  cairo_surface_t *surface;
  cairo_t *cr;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, gtk_widget_get_width (widget),
                                        gtk_widget_get_height (widget));
  cr = cairo_create (surface);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_clear_pointer (&node, gsk_render_node_unref);
  return surface;
}

static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);

  g_assert_true (x >= 0 && y >= 0 && x < cairo_image_surface_get_width (surface)
                 && y < cairo_image_surface_get_height (surface));
  return *(const guint32 *) (gconstpointer) (data + y * cairo_image_surface_get_stride (surface) + 4 * x);
}

/* Widget coordinates of a hex's centre. */
static void
hex_to_widget (Fixture *f,
               int      hex,
               double  *x,
               double  *y)
{
  gui_test_hex_centre (f->canvas, f->scenario, hex, x, y);
}

/* How much redder than blue a hex is near its centre: the median over a few pixels
 * (a line may cross one). */
static int
red_excess (Fixture         *f,
            cairo_surface_t *surface,
            int              hex)
{
  int excess[9], n = 0;
  double x, y;

  hex_to_widget (f, hex, &x, &y);
  for (int dy = -4; dy <= 4; dy += 4)
    for (int dx = -4; dx <= 4; dx += 4)
      {
        guint32 p = pixel (surface, (int) x + dx, (int) y + dy);
        excess[n++] = (int) ((p >> 16) & 0xff) - (int) (p & 0xff);
      }
  for (int i = 0; i < n; i++)
    for (int k = i + 1; k < n; k++)
      if (excess[k] < excess[i])
        {
          int t = excess[i];
          excess[i] = excess[k];
          excess[k] = t;
        }
  return excess[n / 2];
}

/* Pixels that differ between two drawings within r pixels of a hex's centre. */
static guint
differences_at (Fixture         *f,
                cairo_surface_t *a,
                cairo_surface_t *b,
                int              hex,
                int              r)
{
  double x, y;
  guint n = 0;

  hex_to_widget (f, hex, &x, &y);
  for (int dy = -r; dy <= r; dy++)
    for (int dx = -r; dx <= r; dx++)
      n += pixel (a, (int) x + dx, (int) y + dy) != pixel (b, (int) x + dx, (int) y + dy);
  return n;
}

static int
hex_index (Fixture *f,
           int      col,
           int      row)
{
  return gbacw_hex_grid_index (&f->scenario->map->grid, (GbacwHex) { col, row });
}

/* The first hex from (col, row) on, row by row, with terrain, no unit and no label: its
 * centre shows the terrain (and the scan) alone. */
static int
plain_hex (Fixture *f,
           int      col,
           int      row)
{
  const GbacwMap *map = f->scenario->map;
  int n = gbacw_hex_grid_n_hexes (&map->grid);

  for (int hex = hex_index (f, col, row); hex < n; hex++)
    {
      gboolean busy = map->terrain[hex] == 0;

      for (guint i = 0; i < f->scenario->deployment->len && !busy; i++)
        busy = ((const GbacwPlacement *) g_ptr_array_index (f->scenario->deployment, i))->hex == hex;
      for (guint i = 0; i < map->labels->len && !busy; i++)
        busy = ((const GbacwLabel *) g_ptr_array_index (map->labels, i))->hex == hex;
      if (!busy)
        return hex;
    }
  g_assert_not_reached ();
}

/* Takes the terrain off these hexes, as one command (the document takes it). */
static void
unpaint (Fixture   *f,
         const int *hexes,
         guint      n)
{
  GbacwMapEdit *edit = gbacw_map_edit_new ("Unpaint", 0);

  for (guint i = 0; i < n; i++)
    gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) hexes[i], 0);
  gbacw_document_execute (f->document, GBACW_COMMAND (edit));
  gui_test_iterate_for (50);
}

static GbacwCanvasLayer *
layer_named (Fixture    *f,
             const char *name)
{
  GListModel *layers = gbacw_map_canvas_get_overlay_layers (f->canvas);

  for (guint i = 0; i < g_list_model_get_n_items (layers); i++)
    {
      g_autoptr(GbacwCanvasLayer) layer = g_list_model_get_item (layers, i);
      if (g_strcmp0 (gbacw_canvas_layer_get_name (layer), name) == 0)
        return layer;
    }
  return NULL;
}

/* ---------------------------------------------------------------- a layer that counts */

#define TEST_TYPE_LAYER (test_layer_get_type ())
G_DECLARE_FINAL_TYPE (TestLayer, test_layer, TEST, LAYER, GbacwCanvasLayer)

struct _TestLayer
{
  GbacwCanvasLayer parent_instance;
  GString *log;      /* not owned: the names of the layers drawn, in order */
  double px;
  cairo_rectangle_t visible;
};

G_DEFINE_FINAL_TYPE (TestLayer, test_layer, GBACW_TYPE_CANVAS_LAYER)

static void
test_layer_draw (GbacwCanvasLayer           *layer,
                 GbacwMapCanvas             *canvas,
                 cairo_t                    *cr,
                 const GbacwCanvasLayerView *view)
{
  TestLayer *self = TEST_LAYER (layer);

  g_string_append_printf (self->log, "%s ", gbacw_canvas_layer_get_name (layer));
  self->px = view->px;
  self->visible = view->visible;
}

static void
test_layer_class_init (TestLayerClass *klass)
{
  GBACW_CANVAS_LAYER_CLASS (klass)->draw = test_layer_draw;
}

static void
test_layer_init (TestLayer *self)
{
}

static GbacwCanvasLayer *
test_layer_new (const char *name,
                GString    *log)
{
  TestLayer *self = g_object_new (TEST_TYPE_LAYER, "name", name, NULL);

  self->log = log;
  return GBACW_CANVAS_LAYER (self);
}

static void
owner_draw (gpointer        owner,
            cairo_t        *cr,
            double          px,
            GbacwMapCanvas *canvas)
{
  g_string_append (g_object_get_data (owner, "log"), "owner ");
}

static char *
layer_names (Fixture *f)
{
  GListModel *layers = gbacw_map_canvas_get_overlay_layers (f->canvas);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (layers); i++)
    {
      g_autoptr(GbacwCanvasLayer) layer = g_list_model_get_item (layers, i);
      g_string_append_printf (s, "%s%s", i ? " " : "", gbacw_canvas_layer_get_name (layer));
    }
  return g_string_free (s, FALSE);
}

/* ---------------------------------------------------------------- tests */

/* The canvas's layers in their order (the hatch at the bottom, the tool's feedback over
 * the markers and the hover light, test play and deployment on top), drawn in that order
 * with the canvas's transform; a layer inserted or removed changes the order and the
 * drawing; a layer whose owner goes leaves the canvas. */
static void
test_layer_order (Fixture      *f,
                  gconstpointer data)
{
  g_autoptr(GString) log = g_string_new (NULL);
  g_autoptr(GbacwCanvasLayer) top = test_layer_new ("top", log);
  g_autoptr(GbacwCanvasLayer) bottom = test_layer_new ("bottom", log);
  g_autofree char *names = layer_names (f);
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (f->canvas);
  cairo_surface_t *surface;
  GObject *owner;

  /* The editor's window adds the deployment controller's layer to the canvas's own. */
  g_assert_cmpstr (names, ==, "unpainted markers hover cursor tool deployment");

  gbacw_map_canvas_add_layer (f->canvas, top);
  gbacw_map_canvas_insert_layer (f->canvas, bottom, 0);
  g_clear_pointer (&names, g_free);
  names = layer_names (f);
  g_assert_cmpstr (names, ==, "bottom unpainted markers hover cursor tool deployment top");
  g_assert_true (gbacw_canvas_layer_get_canvas (top) == f->canvas);

  surface = draw_widget (GTK_WIDGET (f->canvas));
  cairo_surface_destroy (surface);
  g_assert_cmpstr (log->str, ==, "bottom top ");
  /* In map units: one widget pixel is 1 / scale, the view the viewport's. */
  g_assert_cmpfloat_with_epsilon (TEST_LAYER (top)->px, 1 / gbacw_viewport_get_scale (viewport), 1e-9);
  g_assert_cmpfloat_with_epsilon (TEST_LAYER (top)->visible.width,
                                  gbacw_viewport_get_view_width (viewport) / gbacw_viewport_get_scale (viewport), 1e-6);

  /* Hidden, a layer is not drawn; removed, it is gone from the list and the drawing. */
  g_string_truncate (log, 0);
  gbacw_canvas_layer_set_visible (bottom, FALSE);
  surface = draw_widget (GTK_WIDGET (f->canvas));
  cairo_surface_destroy (surface);
  g_assert_cmpstr (log->str, ==, "top ");
  gbacw_map_canvas_remove_layer (f->canvas, top);
  g_assert_null (gbacw_canvas_layer_get_canvas (top));
  gbacw_canvas_layer_set_visible (bottom, TRUE);
  g_string_truncate (log, 0);
  surface = draw_widget (GTK_WIDGET (f->canvas));
  cairo_surface_destroy (surface);
  g_assert_cmpstr (log->str, ==, "bottom ");

  /* An owner's layer draws the owner's function, and leaves with the owner. */
  owner = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_set_data (owner, "log", log);
  {
    g_autoptr(GbacwCanvasLayer) layer = gbacw_canvas_layer_new_for_object ("owned", owner, owner_draw);
    gbacw_map_canvas_add_layer (f->canvas, layer);
  }
  g_string_truncate (log, 0);
  surface = draw_widget (GTK_WIDGET (f->canvas));
  cairo_surface_destroy (surface);
  g_assert_cmpstr (log->str, ==, "bottom owner ");
  g_assert_nonnull (layer_named (f, "owned"));
  g_object_unref (owner);
  g_assert_null (layer_named (f, "owned"));
  gbacw_map_canvas_remove_layer (f->canvas, bottom);
}

/* The canvas's own layers each draw what they stand for, at its hex: the selected hex
 * and a finding's marker ("markers"), the hex under the pointer ("hover"), the brush's
 * outline ("tool"); hidden, a layer leaves those pixels as the map has them. */
static void
test_layers_draw (Fixture      *f,
                  gconstpointer data)
{
  /* r: how far from the hex's centre to look, in pixels (hexes are 30 across the
   * corners): the brush outlines the hex's edges. */
  struct { const char *layer; int hex, r; } cases[] = {
    { "markers", plain_hex (f, 3, 3), 16 },
    { "hover", plain_hex (f, 6, 6), 16 },
    { "tool", plain_hex (f, 6, 6), 32 },
  };
  GbacwMapMarker marker = { cases[0].hex, -1, GBACW_MAP_MARKER_ERROR };
  double x, y;

  gbacw_viewport_set_scale (gbacw_map_canvas_get_viewport (f->canvas), 15);
  {
    double mx, my;
    gbacw_hex_grid_centre (&f->scenario->map->grid, (GbacwHex) { 5, 5 }, &mx, &my);
    gbacw_viewport_set_centre (gbacw_map_canvas_get_viewport (f->canvas), mx, my);
  }
  gbacw_map_canvas_set_markers (f->canvas, &marker, 1);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.tool", g_variant_new_string ("brush")));
  hex_to_widget (f, cases[1].hex, &x, &y);
  g_signal_emit_by_name (f->motion, "motion", x, y);
  g_assert_cmpint (gbacw_map_canvas_get_hover_hex (f->canvas), ==, cases[1].hex);
  g_assert_cmpint (gbacw_map_tool_get_pointer_hex (GBACW_MAP_TOOL (gbacw_map_canvas_get_tool (f->canvas)), NULL, NULL), ==,
                   cases[2].hex);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GbacwCanvasLayer *layer = layer_named (f, cases[i].layer);
      cairo_surface_t *with, *without;

      g_assert_nonnull (layer);
      /* The brush outlines the hex the hover light outlines: the tool's alone. */
      gbacw_canvas_layer_set_visible (layer_named (f, "hover"), !g_str_equal (cases[i].layer, "tool"));
      with = draw_widget (GTK_WIDGET (f->canvas));
      gbacw_canvas_layer_set_visible (layer, FALSE);
      without = draw_widget (GTK_WIDGET (f->canvas));
      gbacw_canvas_layer_set_visible (layer, TRUE);
      gbacw_canvas_layer_set_visible (layer_named (f, "hover"), TRUE);
      g_assert_cmpuint (differences_at (f, with, without, cases[i].hex, cases[i].r), >, 20);
      cairo_surface_destroy (with);
      cairo_surface_destroy (without);
    }
}

/* Issue 12: a new map is not painted over with a marker a hex. Unpainted hexes get a
 * quiet hatch (light lines, so that pixels differ from the paper under them) from the
 * "unpainted" layer, under the markers; their "no terrain yet" findings (5.15) are listed
 * but put no marker on the map. */
static void
test_unpainted_hatch (Fixture      *f,
                      gconstpointer data)
{
  GbacwFindingsPanel *panel = gbacw_window_get_findings_panel (f->window);
  GbacwCanvasLayer *hatch = layer_named (f, "unpainted");
  int bare[3];
  int painted = plain_hex (f, 8, 8);
  cairo_surface_t *with, *without;
  const GbacwMapMarker *markers;
  guint n_markers, n_info;

  g_assert_nonnull (hatch);
  bare[0] = plain_hex (f, 4, 4);
  bare[1] = plain_hex (f, 5, 5);
  bare[2] = plain_hex (f, 6, 6);
  g_assert_cmpint (bare[1], !=, bare[0]);
  g_assert_cmpint (bare[2], !=, bare[1]);
  g_assert_cmpint (painted, >, bare[2]);
  gbacw_findings_panel_set_show_severity (panel, GBACW_SEVERITY_INFO, TRUE);
  gui_test_iterate_for (100);
  n_info = gbacw_findings_panel_get_count (panel, GBACW_SEVERITY_INFO);

  /* Close enough for the hatch's lines (8 pixels apart) to fall inside a hex. */
  gbacw_viewport_set_scale (gbacw_map_canvas_get_viewport (f->canvas), 30);
  {
    double mx, my;
    gbacw_hex_grid_centre (&f->scenario->map->grid, gbacw_hex_grid_hex_at (&f->scenario->map->grid, bare[2]), &mx, &my);
    gbacw_viewport_set_centre (gbacw_map_canvas_get_viewport (f->canvas), mx, my);
  }
  unpaint (f, bare, G_N_ELEMENTS (bare));
  gui_test_iterate_for (300);

  with = draw_widget (GTK_WIDGET (f->canvas));
  gbacw_canvas_layer_set_visible (hatch, FALSE);
  without = draw_widget (GTK_WIDGET (f->canvas));
  gbacw_canvas_layer_set_visible (hatch, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (bare); i++)
    g_assert_cmpuint (differences_at (f, with, without, bare[i], 12), >, 20);
  g_assert_cmpuint (differences_at (f, with, without, painted, 12), ==, 0);
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);

  /* Drawn once for the view: the pointer moving over the map does not draw it again, a
   * hex losing its terrain does. */
  {
    GbacwUnpaintedLayer *layer = GBACW_UNPAINTED_LAYER (hatch);
    cairo_surface_t *again;
    guint n_renders;
    double x, y;
    int more = plain_hex (f, 7, 7);

    again = draw_widget (GTK_WIDGET (f->canvas));
    cairo_surface_destroy (again);
    n_renders = gbacw_unpainted_layer_get_n_renders (layer);
    hex_to_widget (f, painted, &x, &y);
    g_signal_emit_by_name (f->motion, "motion", x, y);
    g_assert_cmpint (gbacw_map_canvas_get_hover_hex (f->canvas), ==, painted);
    again = draw_widget (GTK_WIDGET (f->canvas));
    cairo_surface_destroy (again);
    g_assert_cmpuint (gbacw_unpainted_layer_get_n_renders (layer), ==, n_renders);
    unpaint (f, &more, 1);
    again = draw_widget (GTK_WIDGET (f->canvas));
    cairo_surface_destroy (again);
    g_assert_cmpuint (gbacw_unpainted_layer_get_n_renders (layer), ==, n_renders + 1);
  }

  /* Listed, not marked. */
  g_assert_cmpuint (gbacw_findings_panel_get_count (panel, GBACW_SEVERITY_INFO), >=, n_info + G_N_ELEMENTS (bare));
  markers = gbacw_map_canvas_get_markers (f->canvas, &n_markers);
  for (guint i = 0; i < n_markers; i++)
    for (guint k = 0; k < G_N_ELEMENTS (bare); k++)
      g_assert_cmpint (markers[i].hex, !=, bare[k]);

  /* Hidden with the terrain layer. */
  gbacw_map_canvas_set_layers (f->canvas, GBACW_LAYER_BIT_ALL & ~GBACW_LAYER_BIT_TERRAIN);
  g_assert_false (gbacw_canvas_layer_get_visible (hatch));
  gbacw_map_canvas_set_layers (f->canvas, GBACW_LAYER_BIT_ALL);
  g_assert_true (gbacw_canvas_layer_get_visible (hatch));
}

/* A red scan at half opacity, stretched over the map. */
static void
add_scan (Fixture *f)
{
  cairo_surface_t *red = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  cairo_t *cr = cairo_create (red);
  g_autoptr(GbacwBackgroundImage) image = NULL;
  GbacwBackground *bg = &f->scenario->map->background;
  double w, h;

  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  image = gbacw_background_image_new (red);
  cairo_surface_destroy (red);

  gbacw_hex_grid_extent (&f->scenario->map->grid, &w, &h);
  g_free (bg->file);
  bg->file = g_strdup ("red-scan.png");
  gbacw_background_fit_transform (w, h, 64, 64, bg->transform);
  bg->opacity = 0.5;
  gbacw_map_renderer_set_background_image (f->scenario, bg->file, image);
  gbacw_map_canvas_invalidate (f->canvas);
}

/* Issue 12: the scan is drawn over the painted terrain. View ▸ Scan Over Terrain
 * (win.scan-over-terrain) puts it under the terrain instead: a painted hex then shows
 * its terrain colour as without the scan, an unpainted one the scan. */
static void
test_scan_under_terrain (Fixture      *f,
                         gconstpointer data)
{
  int painted = plain_hex (f, 8, 8), bare = plain_hex (f, 9, 10);
  cairo_surface_t *plain, *over, *under;
  gboolean over_terrain = TRUE;

  unpaint (f, &bare, 1);
  gbacw_map_canvas_set_layers (f->canvas, GBACW_LAYER_BIT_ALL & ~GBACW_LAYER_BIT_BACKGROUND);
  plain = draw_widget (GTK_WIDGET (f->canvas));
  gbacw_map_canvas_set_layers (f->canvas, GBACW_LAYER_BIT_ALL);
  add_scan (f);

  g_assert_true (gbacw_map_canvas_get_scan_over_terrain (f->canvas));
  over = draw_widget (GTK_WIDGET (f->canvas));
  /* Over the terrain: the painted hex tinted red (all but the odd pixel of a line). */
  g_assert_cmpuint (differences_at (f, over, plain, painted, 6), >, 120);

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.scan-over-terrain", NULL));
  gui_test_iterate_for (30);
  /* the class action's state is the window's property */
  g_object_get (f->window, "scan-over-terrain", &over_terrain, NULL);
  g_assert_false (over_terrain);
  g_assert_false (gbacw_map_canvas_get_scan_over_terrain (f->canvas));
  under = draw_widget (GTK_WIDGET (f->canvas));
  g_assert_cmpuint (differences_at (f, under, plain, painted, 6), ==, 0);
  /* The unpainted hex: the scan's red over the paper. */
  g_assert_cmpuint (differences_at (f, under, plain, bare, 6), >, 120);
  g_assert_cmpint (red_excess (f, under, bare), >, 60);

  cairo_surface_destroy (plain);
  cairo_surface_destroy (over);
  cairo_surface_destroy (under);
  gbacw_map_renderer_set_background_image (f->scenario, NULL, NULL);
}

/* Issue 12: a view that shows only the unpainted hexes over the scan
 * (win.unpainted-only): the painted hexes lose their terrain colour (they look like the
 * unpainted ones, the scan over the paper), the unpainted ones keep the hatch. */
static void
test_unpainted_only (Fixture      *f,
                     gconstpointer data)
{
  int painted = plain_hex (f, 9, 13), bare = plain_hex (f, 9, 10);
  GbacwCanvasLayer *hatch = layer_named (f, "unpainted");
  cairo_surface_t *normal, *only, *only_no_hatch;

  gbacw_viewport_set_scale (gbacw_map_canvas_get_viewport (f->canvas), 30);
  {
    double mx, my;
    gbacw_hex_grid_centre (&f->scenario->map->grid, gbacw_hex_grid_hex_at (&f->scenario->map->grid, bare), &mx, &my);
    gbacw_viewport_set_centre (gbacw_map_canvas_get_viewport (f->canvas), mx, my);
  }
  unpaint (f, &bare, 1);
  {
    /* Woods: green, nothing like the scan's red. */
    GbacwMapEdit *edit = gbacw_map_edit_new ("Woods", 0);
    int woods = gbacw_catalogue_find_hex_terrain (&f->scenario->catalogue, "woods");

    g_assert_cmpint (woods, >=, 0);
    gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) painted, G_GUINT64_CONSTANT (1) << woods);
    gbacw_document_execute (f->document, GBACW_COMMAND (edit));
  }
  add_scan (f);
  normal = draw_widget (GTK_WIDGET (f->canvas));

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.unpainted-only", NULL));
  gui_test_iterate_for (30);
  g_assert_true (gbacw_map_canvas_get_unpainted_only (f->canvas));
  only = draw_widget (GTK_WIDGET (f->canvas));
  gbacw_canvas_layer_set_visible (hatch, FALSE);
  only_no_hatch = draw_widget (GTK_WIDGET (f->canvas));
  gbacw_canvas_layer_set_visible (hatch, TRUE);

  /* The painted hex: no longer its terrain, the scan's red over the paper instead. */
  g_assert_cmpint (red_excess (f, only, painted), >, 60);
  g_assert_cmpuint (differences_at (f, only, normal, painted, 6), >, 150);
  /* The unpainted hex hatched, the painted one not. */
  g_assert_cmpuint (differences_at (f, only, only_no_hatch, bare, 12), >, 20);
  g_assert_cmpuint (differences_at (f, only, only_no_hatch, painted, 12), ==, 0);

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.unpainted-only", NULL));
  g_assert_false (gbacw_map_canvas_get_unpainted_only (f->canvas));
  cairo_surface_destroy (normal);
  cairo_surface_destroy (only);
  cairo_surface_destroy (only_no_hatch);
  gbacw_map_renderer_set_background_image (f->scenario, NULL, NULL);
}

static void
drag_at (Fixture *f,
         double   x,
         double   y)
{
  g_signal_emit_by_name (f->motion, "motion", x, y);
  g_signal_emit_by_name (f->drag, "drag-begin", x, y);
  g_signal_emit_by_name (f->drag, "drag-end", 0.0, 0.0);
  gui_test_iterate_for (30);
}

/* Issue 12: clicking the map to focus it edits it. With the focus elsewhere, a press of
 * the brush only gives the map the focus; the next one paints. */
static void
test_focus_click (Fixture      *f,
                  gconstpointer data)
{
  int hex = plain_hex (f, 7, 7);
  GtkWidget *elsewhere;
  GbacwTool *brush;
  double x, y;

  unpaint (f, &hex, 1);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.tool", g_variant_new_string ("brush")));
  brush = gbacw_toolbox_get_tool (gbacw_window_get_toolbox (f->window), "brush");
  g_assert_true (gbacw_map_canvas_get_tool (f->canvas) == brush);
  g_assert_true (gbacw_tool_edits_on_press (brush));
  g_object_set (brush, "mask", G_GUINT64_CONSTANT (1), "radius", 0, NULL);

  /* The focus on a button of the header bar, as after clicking it. */
  elsewhere = gui_test_find_widget (gtk_window_get_titlebar (GTK_WINDOW (f->window)), GTK_TYPE_BUTTON);
  g_assert_nonnull (elsewhere);
  gtk_widget_set_focusable (elsewhere, TRUE);
  g_assert_true (gtk_widget_grab_focus (elsewhere));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) != GTK_WIDGET (f->canvas));

  hex_to_widget (f, hex, &x, &y);
  drag_at (f, x, y);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == GTK_WIDGET (f->canvas));
  g_assert_cmphex (f->scenario->map->terrain[hex], ==, 0);

  drag_at (f, x, y);
  g_assert_cmphex (f->scenario->map->terrain[hex], ==, 1);
}

/* Issue 12: an overview of the whole map with the view's rectangle: dragging the
 * rectangle moves the canvas's view by as much of the map, a press elsewhere centres the
 * view there, and an edit of the map draws the overview again. */
static void
test_overview (Fixture      *f,
               gconstpointer data)
{
  GbacwMapOverview *overview = GBACW_MAP_OVERVIEW (gui_test_find_widget (GTK_WIDGET (f->window), GBACW_TYPE_MAP_OVERVIEW));
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (f->canvas);
  GtkGesture *drag;
  double cx, cy, x, y, x1, y1, scale, mx, my;
  guint n_renders;
  int hex = hex_index (f, 3, 3);
  cairo_surface_t *surface;

  g_assert_nonnull (overview);
  g_assert_true (gbacw_map_overview_get_canvas (overview) == f->canvas);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overview)));
  gui_test_wait_for_layout_within (GTK_WIDGET (overview), 60, 30);
  drag = primary_drag_of (GTK_WIDGET (overview));

  /* Zoomed in on the map's middle: the rectangle is a part of the overview. */
  gbacw_viewport_set_scale (viewport, 60);
  gbacw_hex_grid_centre (&f->scenario->map->grid, (GbacwHex) { 10, 8 }, &mx, &my);
  gbacw_viewport_set_centre (viewport, mx, my);
  cx = gbacw_viewport_get_centre_x (viewport);
  cy = gbacw_viewport_get_centre_y (viewport);
  gbacw_map_overview_map_to_widget (overview, cx, cy, &x, &y);
  gbacw_map_overview_map_to_widget (overview, cx + 1, cy, &x1, &y1);
  scale = x1 - x;
  g_assert_cmpfloat (scale, >, 1);

  g_signal_emit_by_name (drag, "drag-begin", x, y);
  g_signal_emit_by_name (drag, "drag-update", 6.0, -4.0);
  g_signal_emit_by_name (drag, "drag-end", 6.0, -4.0);
  g_assert_cmpfloat_with_epsilon (gbacw_viewport_get_centre_x (viewport), cx + 6 / scale, 1e-6);
  g_assert_cmpfloat_with_epsilon (gbacw_viewport_get_centre_y (viewport), cy - 4 / scale, 1e-6);

  /* A press at a hex outside the rectangle centres the view on it. */
  gbacw_hex_grid_centre (&f->scenario->map->grid, (GbacwHex) { 2, 2 }, &mx, &my);
  gbacw_map_overview_map_to_widget (overview, mx, my, &x, &y);
  g_signal_emit_by_name (drag, "drag-begin", x, y);
  g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
  g_assert_cmpint (gbacw_hex_grid_index (&f->scenario->map->grid,
                                         gbacw_hex_grid_hex_at_point (&f->scenario->map->grid,
                                                                      gbacw_viewport_get_centre_x (viewport),
                                                                      gbacw_viewport_get_centre_y (viewport))),
                   ==, hex_index (f, 2, 2));

  /* Drawn once, and again after an edit (not at once: after its short delay). */
  surface = draw_widget (GTK_WIDGET (overview));
  cairo_surface_destroy (surface);
  n_renders = gbacw_map_overview_get_n_renders (overview);
  g_assert_cmpuint (n_renders, >, 0);
  surface = draw_widget (GTK_WIDGET (overview));
  cairo_surface_destroy (surface);
  g_assert_cmpuint (gbacw_map_overview_get_n_renders (overview), ==, n_renders);
  unpaint (f, &hex, 1);
  /* its delay is 250 ms; a loaded machine (or a sanitizer build) may take longer to get there */
  for (int waited = 0; waited < 10000 && gbacw_map_overview_get_n_renders (overview) == n_renders; waited += 200)
    {
      gui_test_iterate_for (200);
      surface = draw_widget (GTK_WIDGET (overview));
      cairo_surface_destroy (surface);
    }
  g_assert_cmpuint (gbacw_map_overview_get_n_renders (overview), >, n_renders);

  /* View ▸ Overview Map hides it. */
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.overview", NULL));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (overview)));
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add ("/canvas/layers/order", Fixture, NULL, fixture_set_up, test_layer_order, fixture_tear_down);
  g_test_add ("/canvas/layers/draw", Fixture, NULL, fixture_set_up, test_layers_draw, fixture_tear_down);
  g_test_add ("/canvas/unpainted/hatch", Fixture, NULL, fixture_set_up, test_unpainted_hatch, fixture_tear_down);
  g_test_add ("/canvas/scan/under-terrain", Fixture, NULL, fixture_set_up, test_scan_under_terrain,
              fixture_tear_down);
  g_test_add ("/canvas/unpainted/only", Fixture, NULL, fixture_set_up, test_unpainted_only, fixture_tear_down);
  g_test_add ("/canvas/focus-click", Fixture, NULL, fixture_set_up, test_focus_click, fixture_tear_down);
  g_test_add ("/canvas/overview", Fixture, NULL, fixture_set_up, test_overview, fixture_tear_down);
  return g_test_run ();
}
