/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace-elevation-gui.c: the review of traced levels in the editor's Trace window,
 * driven through its actions as the buttons and keys do, under a display (xvfb-run;
 * skipped without one).
 *
 * The scenario is the demo with its elevation taken off (every hex at level 0, which is
 * "not entered"), over a scan of the demo as it was, shaded by level with its contours
 * (drawn by the program's renderer with the elevation layer, degraded mildly) calibrated
 * exactly. Two hexes of each level in each terrain are marked with Mark Level, as a user
 * would; once with the terrain left painted, once with it taken off too (each hex's level
 * then read against its proposed terrain). Trace must propose levels, mostly right, draw them on the layer and give no hex a
 * level; Accept All Levels Above gives the sure hexes their proposed levels in one undo
 * step that takes them all off again; Next Doubtful Level (F6) moves to a doubtful hex and
 * chooses its level, Accept Level (Alt+Return) gives that hex the chosen level in one undo
 * step, a level picked instead being the one given. The scan's file is never written.
 */
#define G_LOG_DOMAIN "test-trace-elevation-gui"

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "gbacw-background-controller.h"
#include "gbacw-map-edit.h"
#include "gbacw-map-renderer.h"
#include "gbacw-scenario-io.h"
#include "gbacw-trace-dialog-private.h"
#include "gbacw-window-private.h"
#include "gui-test-helpers.h"
#include "trace-scan.h"

#define SCALE 22.0

typedef struct {
  char *dir;
  char *scan_path;
  GBytes *scan_bytes;
  int n_hexes;
  gint16 *truth;            /* the demo's levels */
  guint8 *marked;           /* 1 for the hexes marked with their level */
  guint64 *true_terrain;    /* the demo's */
  GbacwDocument *document;
  GbacwWindow *window;
  GbacwTraceDialog *dialog;
  GbacwTraceLayer *layer;
} Fixture;

static GbacwScenario *
get_scenario (Fixture *f)
{
  return gbacw_document_get_scenario (f->document);
}

/* Hexes given a level other than 0. */
static int
n_levels_on_map (Fixture *f)
{
  const GbacwMap *map = get_scenario (f)->map;
  int n = 0;

  for (int i = 0; i < f->n_hexes; i++)
    n += map->elevation[i] != 0;
  return n;
}

static GbacwTraceDialog *
find_trace_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (GBACW_IS_TRACE_DIALOG (window))
        return GBACW_TRACE_DIALOG (window);
    }
  return NULL;
}

/* Marks two hexes of each level in each terrain that has six or more at that level (the
 * first and the middle of them), through the dialog's Mark Level at the hex cursor. */
static void
mark_levels (Fixture *f)
{
  const GbacwScenario *scenario = get_scenario (f);
  GbacwMapCanvas *canvas = gbacw_window_get_canvas (f->window);
  int n_marks = 0;

  for (int level = 0; level <= GBACW_MAX_ELEVATION_LEVEL; level++)
    for (guint t = 0; t < scenario->catalogue.hex_terrains->len; t++)
      {
        g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (int));

        for (int i = 0; i < f->n_hexes; i++)
          if (f->truth[i] == level && f->true_terrain[i] == G_GUINT64_CONSTANT (1) << t)
            g_array_append_val (all, i);
        if (all->len < 6)
          continue;
        for (guint k = 0; k < 2; k++)
          {
            int hex = g_array_index (all, int, k * all->len / 2);

            gbacw_map_canvas_set_cursor_hex (canvas, hex);
            gbacw_trace_dialog_set_level (f->dialog, level);
            g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.mark-level", NULL));
            f->marked[hex] = 1;
            n_marks++;
          }
      }
  g_assert_cmpint (n_marks, >=, 4);
  gbacw_map_canvas_set_cursor_hex (canvas, -1);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (22);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  GbacwScenario *scenario;
  GbacwBackground *bg;
  cairo_surface_t *scan;
  cairo_t *cr;
  double w, h, transform[6] = { SCALE, 0, 0, SCALE, 20, 12 };
  gsize length;
  int max_level = 0;

  f->dir = g_dir_make_tmp ("gbacw-trace-elevation-gui-XXXXXX", &error);
  g_assert_no_error (error);
  f->scan_path = g_build_filename (f->dir, "scan.png", NULL);
  scenario = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  f->n_hexes = gbacw_hex_grid_n_hexes (&scenario->map->grid);

  /* the demo as printed, its levels shaded and their contours drawn, mildly degraded */
  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  scan = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (w * SCALE) + 40, (int) (h * SCALE) + 30);
  cr = cairo_create (scan);
  cairo_set_source_rgb (cr, 0.95, 0.93, 0.88);
  cairo_paint (cr);
  cairo_translate (cr, transform[4], transform[5]);
  gbacw_map_render (cr, scenario, GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_ELEVATION | GBACW_LAYER_BIT_HEXSIDES |
                                    GBACW_LAYER_BIT_ROADS | GBACW_LAYER_BIT_GRID | GBACW_LAYER_BIT_HEX_NUMBERS,
                    SCALE, NULL);
  cairo_destroy (cr);
  degrade_scan (scan, 6, 1, rand);
  g_assert_cmpint (cairo_surface_write_to_png (scan, f->scan_path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (scan);
  g_assert_true (g_file_get_contents (f->scan_path, &contents, &length, NULL));
  f->scan_bytes = g_bytes_new_take (g_steal_pointer (&contents), length);

  /* the levels to be traced: the demo's, taken off the map */
  f->truth = g_memdup2 (scenario->map->elevation, sizeof (gint16) * f->n_hexes);
  f->marked = g_new0 (guint8, f->n_hexes);
  for (int i = 0; i < f->n_hexes; i++)
    max_level = MAX (max_level, f->truth[i]);
  g_assert_cmpint (max_level, >=, 2);
  memset (scenario->map->elevation, 0, sizeof (gint16) * f->n_hexes);
  f->true_terrain = g_memdup2 (scenario->map->terrain, sizeof (guint64) * f->n_hexes);
  /* "unpainted": the terrain to be traced too, each hex's level read against its proposed
   * terrain */
  if (data != NULL)
    memset (scenario->map->terrain, 0, sizeof (guint64) * f->n_hexes);

  bg = &scenario->map->background;
  g_free (bg->file);
  bg->file = g_strdup (f->scan_path);
  memcpy (bg->transform, transform, sizeof transform);
  bg->opacity = 1;

  f->document = gbacw_document_new (scenario);
  f->window = gbacw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 760);
  gbacw_window_set_document (f->window, f->document);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_wait_for_layout (GTK_WIDGET (gbacw_window_get_canvas (f->window)));
  g_assert_nonnull (gbacw_background_controller_get_image (gbacw_window_get_background_controller (f->window)));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.trace-terrain", NULL));
  gui_test_settle ();
  f->dialog = find_trace_dialog ();
  g_assert_nonnull (f->dialog);
  f->layer = gbacw_trace_dialog_get_layer (f->dialog);
  /* before any mark, Trace traces no elevation */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.run", NULL));
  gui_test_settle ();
  g_assert_null (gbacw_trace_layer_get_level (f->layer, 0));
  mark_levels (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.run", NULL));
  gui_test_settle ();
  g_assert_nonnull (gbacw_trace_layer_get_level (f->layer, 0));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *contents = NULL;
  gsize length;

  /* the scan as it was drawn: tracing and accepting never write it */
  g_assert_true (g_file_get_contents (f->scan_path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, g_bytes_get_data (f->scan_bytes, NULL), g_bytes_get_size (f->scan_bytes));

  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_settle ();
  g_assert_null (find_trace_dialog ());
  g_clear_object (&f->document);
  g_unlink (f->scan_path);
  g_rmdir (f->dir);
  g_free (f->scan_path);
  g_free (f->dir);
  g_bytes_unref (f->scan_bytes);
  g_free (f->truth);
  g_free (f->marked);
  g_free (f->true_terrain);
}

/* The layer drawn over the whole map as the canvas would, at SCALE pixels a hex radius:
 * the highest alpha near the foot of hex, where its level's disc is. */
static int
drawn_alpha_at_level (Fixture *f,
                      int      hex)
{
  const GbacwScenario *scenario = get_scenario (f);
  const GbacwHexGrid *grid = &scenario->map->grid;
  GbacwCanvasLayerView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  int alpha = 0;
  double w, h, x, y;

  gbacw_hex_grid_extent (grid, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * SCALE), (int) ceil (h * SCALE));
  cr = cairo_create (surface);
  cairo_scale (cr, SCALE, SCALE);
  view.scenario = scenario;
  view.grid = grid;
  view.visible = (cairo_rectangle_t) { 0, 0, w, h };
  view.px = 1 / SCALE;
  GBACW_CANVAS_LAYER_GET_CLASS (f->layer)->draw (GBACW_CANVAS_LAYER (f->layer), NULL, cr, &view);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), &x, &y);
  x *= SCALE;
  y = (y + 0.5) * SCALE;
  for (int dy = -3; dy <= 3; dy++)
    for (int dx = -3; dx <= 3; dx++)
      {
        int px = (int) x + dx, py = (int) y + dy;

        if (px >= 0 && py >= 0 && px < cairo_image_surface_get_width (surface) &&
            py < cairo_image_surface_get_height (surface))
          {
            guint32 p = ((guint32 *) (gpointer) (cairo_image_surface_get_data (surface) +
                                                 (gsize) py * cairo_image_surface_get_stride (surface)))[px];
            alpha = MAX (alpha, (int) (p >> 24));
          }
      }
  cairo_surface_destroy (surface);
  return alpha;
}

/* Trace proposes a level for every hex on the scan, mostly right, the marked ones as
 * marked; the layer shows those other than 0; no hex is given a level. */
static void
test_levels_proposed (Fixture       *f,
                      gconstpointer  data)
{
  const GbacwScenario *scenario = get_scenario (f);
  int n = 0, right = 0, n_shown = 0, first_shown = -1;

  for (int i = 0; i < f->n_hexes; i++)
    {
      const GbacwTraceElevation *e = gbacw_trace_layer_get_level (f->layer, i);

      g_assert_nonnull (e);
      if (f->marked[i])
        {
          g_assert_cmpint (e->status, ==, GBACW_TRACE_SAMPLE);
          g_assert_cmpint (e->level, ==, f->truth[i]);
          continue;
        }
      if (e->status != GBACW_TRACE_PROPOSED)
        continue;
      n++;
      right += e->level == f->truth[i];
      if (gbacw_trace_layer_shows_level (f->layer, scenario, i))
        {
          n_shown++;
          if (first_shown < 0 && e->level != 0)
            first_shown = i;
        }
      /* a sure 0 is what the map says: not shown */
      if (e->level == 0 && e->confidence >= gbacw_trace_layer_get_level_threshold (f->layer))
        g_assert_false (gbacw_trace_layer_shows_level (f->layer, scenario, i));
    }
  g_test_message ("%d of %d proposed levels right (%.1f%%), %d shown", right, n, 100.0 * right / MAX (n, 1), n_shown);
  g_assert_cmpint (n, >, f->n_hexes / 2);
  g_assert_cmpint (right * 100, >=, n * 85);
  if (data != NULL)
    {
      /* the terrain was traced too (from the catalogue's colours), nothing of it painted */
      int n_terrain = 0;

      for (int i = 0; i < f->n_hexes; i++)
        {
          const GbacwTraceProposal *p = gbacw_trace_dialog_get_proposal (f->dialog, i);

          n_terrain += p != NULL && p->status == GBACW_TRACE_PROPOSED;
          g_assert_cmpuint (scenario->map->terrain[i], ==, 0);
        }
      g_assert_cmpint (n_terrain, >, f->n_hexes / 2);
    }
  g_assert_cmpint (n_shown, >, 0);
  g_assert_cmpint (n_levels_on_map (f), ==, 0);
  g_assert_false (gbacw_history_can_undo (gbacw_document_get_history (f->document)));
  g_assert_cmpint (first_shown, >=, 0);
  g_assert_cmpint (drawn_alpha_at_level (f, first_shown), >, 100);
}

/* Accept All Levels Above: every sure proposal given, nothing else, one undo step that
 * takes them all off. */
static void
test_accept_all_levels (Fixture       *f,
                        gconstpointer  data)
{
  const GbacwScenario *scenario = get_scenario (f);
  GbacwHistory *history = gbacw_document_get_history (f->document);
  g_autofree gint16 *expected = g_new0 (gint16, f->n_hexes);
  int n_sure = 0, n_right = 0;

  gbacw_trace_dialog_set_level_threshold (f->dialog, 0.5);
  gui_test_settle ();
  for (int i = 0; i < f->n_hexes; i++)
    {
      const GbacwTraceElevation *e = gbacw_trace_layer_get_level (f->layer, i);

      if (gbacw_trace_layer_shows_level (f->layer, scenario, i) && e->confidence >= 0.5)
        {
          expected[i] = (gint16) e->level;
          n_sure += e->level != 0;
          n_right += e->level == f->truth[i];
        }
    }
  g_assert_cmpint (n_sure, >, 10);
  g_assert_cmpint (n_right * 100, >=, n_sure * 90);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept-all-levels", NULL));
  gui_test_settle ();
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_cmpmem (scenario->map->elevation, sizeof (gint16) * f->n_hexes, expected, sizeof (gint16) * f->n_hexes);
  for (int i = 0; i < f->n_hexes; i++)
    if (expected[i] != 0)
      g_assert_false (gbacw_trace_layer_shows_level (f->layer, scenario, i));

  g_assert_true (gbacw_document_undo (f->document));
  gui_test_settle ();
  g_assert_cmpint (n_levels_on_map (f), ==, 0);
  g_assert_false (gbacw_history_can_undo (history));
  for (int i = 0; i < f->n_hexes; i++)
    if (expected[i] != 0)
      g_assert_true (gbacw_trace_layer_shows_level (f->layer, scenario, i));
}

/* Next Doubtful Level (F6) and Accept Level (Alt+Return) in the editor window: one hex,
 * one undo step each; a level picked instead is the one given. */
static void
test_accept_level (Fixture       *f,
                   gconstpointer  data)
{
  const GbacwScenario *scenario = get_scenario (f);
  GbacwMapCanvas *canvas = gbacw_window_get_canvas (f->window);
  GbacwHistory *history = gbacw_document_get_history (f->document);
  const GbacwTraceElevation *e;
  int hex, other = -1, picked;

  /* every proposal doubtful (a marked hex is sure): F6 goes to the first */
  gbacw_trace_dialog_set_level_threshold (f->dialog, 1.0);
  gui_test_settle ();
  gbacw_map_canvas_set_cursor_hex (canvas, -1);
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_F6, 0));
  gui_test_settle ();
  hex = gbacw_map_canvas_get_cursor_hex (canvas);
  g_assert_cmpint (hex, >=, 0);
  g_assert_true (gbacw_trace_layer_shows_level (f->layer, scenario, hex));
  for (int i = 0; i < hex; i++)
    g_assert_false (gbacw_trace_layer_shows_level (f->layer, scenario, i) &&
                    gbacw_trace_layer_get_level (f->layer, i)->confidence < 1.0);
  e = gbacw_trace_layer_get_level (f->layer, hex);
  g_assert_cmpint (gbacw_trace_dialog_get_level (f->dialog), ==, e->level);

  /* the proposed level given, or 2 when it proposes 0 (which paints nothing) */
  picked = e->level != 0 ? e->level : 2;
  gbacw_trace_dialog_set_level (f->dialog, picked);
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_Return, GDK_ALT_MASK));
  gui_test_settle ();
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_cmpint (scenario->map->elevation[hex], ==, picked);
  g_assert_cmpint (n_levels_on_map (f), ==, 1);
  g_assert_false (gbacw_trace_layer_shows_level (f->layer, scenario, hex));

  /* the next: a level picked other than the one proposed */
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_F6, 0));
  gui_test_settle ();
  other = gbacw_map_canvas_get_cursor_hex (canvas);
  g_assert_cmpint (other, >, hex);
  picked = gbacw_trace_layer_get_level (f->layer, other)->level == 1 ? 2 : 1;
  gbacw_trace_dialog_set_level (f->dialog, picked);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept-level", NULL));
  gui_test_settle ();
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 2);
  g_assert_cmpint (scenario->map->elevation[other], ==, picked);
  g_assert_cmpint (n_levels_on_map (f), ==, 2);

  /* each acceptance is its own undo step */
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpint (scenario->map->elevation[other], ==, 0);
  g_assert_cmpint (n_levels_on_map (f), ==, 1);
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpint (n_levels_on_map (f), ==, 0);
  gui_test_settle ();
  g_assert_true (gbacw_trace_layer_shows_level (f->layer, scenario, hex));
}

/* Accepting level 0 on a doubtful 0 gives nothing (the hex is at 0) and takes it out of
 * the review, with no undo step. */
static void
test_accept_level_zero (Fixture       *f,
                        gconstpointer  data)
{
  const GbacwScenario *scenario = get_scenario (f);
  GbacwMapCanvas *canvas = gbacw_window_get_canvas (f->window);
  int hex = -1;

  gbacw_trace_dialog_set_level_threshold (f->dialog, 1.0);
  gui_test_settle ();
  for (int i = 0; i < f->n_hexes && hex < 0; i++)
    if (gbacw_trace_layer_shows_level (f->layer, scenario, i) && gbacw_trace_layer_get_level (f->layer, i)->level == 0)
      hex = i;
  g_assert_cmpint (hex, >=, 0);
  gbacw_map_canvas_set_cursor_hex (canvas, hex);
  gui_test_settle ();
  g_assert_cmpint (gbacw_trace_dialog_get_level (f->dialog), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept-level", NULL));
  gui_test_settle ();
  g_assert_false (gbacw_history_can_undo (gbacw_document_get_history (f->document)));
  g_assert_cmpint (n_levels_on_map (f), ==, 0);
  g_assert_false (gbacw_trace_layer_shows_level (f->layer, scenario, hex));
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add ("/trace-elevation-gui/proposed", Fixture, NULL, fixture_set_up, test_levels_proposed, fixture_tear_down);
  g_test_add ("/trace-elevation-gui/proposed-terrain-unpainted", Fixture, "unpainted", fixture_set_up,
              test_levels_proposed, fixture_tear_down);
  g_test_add ("/trace-elevation-gui/accept-all-levels", Fixture, NULL, fixture_set_up, test_accept_all_levels,
              fixture_tear_down);
  g_test_add ("/trace-elevation-gui/accept-level", Fixture, NULL, fixture_set_up, test_accept_level,
              fixture_tear_down);
  g_test_add ("/trace-elevation-gui/accept-level-zero", Fixture, NULL, fixture_set_up, test_accept_level_zero,
              fixture_tear_down);
  return g_test_run ();
}
