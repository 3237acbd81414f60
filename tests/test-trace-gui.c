/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace-gui.c: the terrain review of the editor's Trace window, driven through its
 * actions as the buttons and keys do, under a display (xvfb-run; skipped without one).
 *
 * The scenario is the four-terrain map of trace-scan.h, unpainted, over the scan drawn from
 * its true terrain (turned, blurred, lit unevenly, noisy) and calibrated exactly. Marking
 * three sample hexes per terrain and tracing must propose most hexes right and paint
 * nothing; hexes painted with one terrain are samples as well; Accept All Above paints
 * exactly the proposals at or above the threshold, in one undo step that restores them
 * all; Next Doubtful moves the hex cursor to a doubtful hex and chooses its terrain, Accept
 * paints that one hex as one undo step, and a terrain picked instead is the one painted;
 * F3 and Ctrl+Return do the same in the editor window while the Trace window is
 * open, and closing it takes its layer and keys away. The scan's file is never written.
 */
#define G_LOG_DOMAIN "test-trace-gui"

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "gbacw-background-controller.h"
#include "gbacw-map-edit.h"
#include "gbacw-trace-dialog-private.h"
#include "gbacw-window-private.h"
#include "gui-test-helpers.h"
#include "trace-scan.h"

#define COLUMNS 14
#define ROWS 12

typedef struct {
  char *dir;
  char *scan_path;
  GBytes *scan_bytes;
  int *truth;
  GbacwDocument *document;
  GbacwWindow *window;
  GbacwTraceDialog *dialog;
} Fixture;

static GbacwScenario *
get_scenario (Fixture *f)
{
  return gbacw_document_get_scenario (f->document);
}

static int
n_painted (Fixture *f)
{
  const GbacwMap *map = get_scenario (f)->map;
  int n = 0;

  for (int i = 0; i < gbacw_hex_grid_n_hexes (&map->grid); i++)
    n += map->terrain[i] != 0;
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

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  GbacwScenario *scenario;
  GbacwBackground *bg;
  cairo_surface_t *scan;
  double transform[6];
  gsize length;

  f->dir = g_dir_make_tmp ("gbacw-trace-gui-XXXXXX", &error);
  g_assert_no_error (error);
  f->scan_path = g_build_filename (f->dir, "scan.png", NULL);

  scenario = make_scenario (COLUMNS, ROWS, rand, &f->truth);
  make_transform (24, transform);
  scan = draw_scan (scenario, f->truth, transform, 12, 1, rand);
  g_assert_cmpint (cairo_surface_write_to_png (scan, f->scan_path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (scan);
  g_assert_true (g_file_get_contents (f->scan_path, &contents, &length, NULL));
  f->scan_bytes = g_bytes_new_take (g_steal_pointer (&contents), length);

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
  g_assert_cmpint (n_painted (f), ==, 0);

  g_assert_true (gbacw_window_get_action_enabled (f->window, "win.trace-terrain"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.trace-terrain", NULL));
  gui_test_settle ();
  f->dialog = find_trace_dialog ();
  g_assert_nonnull (f->dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->dialog)));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_autofree char *contents = NULL;
  gsize length;

  /* the scan as it was drawn: tracing and painting never write it */
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
}

/* Whether the canvas has a layer of that name. */
static gboolean
canvas_has_layer (Fixture    *f,
                  const char *name)
{
  GListModel *layers = gbacw_map_canvas_get_overlay_layers (gbacw_window_get_canvas (f->window));

  for (guint i = 0; i < g_list_model_get_n_items (layers); i++)
    {
      g_autoptr(GbacwCanvasLayer) layer = g_list_model_get_item (layers, i);

      if (g_strcmp0 (gbacw_canvas_layer_get_name (layer), name) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Three sample hexes of each terrain (trace-scan.h's make_samples ()), marked as a user
 * does: the hex cursor there, the terrain chosen, Mark Sample. Then Trace. */
static void
mark_samples_and_trace (Fixture *f)
{
  g_autoptr(GPtrArray) samples = make_samples (get_scenario (f), f->truth);
  GbacwMapCanvas *canvas = gbacw_window_get_canvas (f->window);

  for (guint s = 0; s < samples->len; s++)
    {
      GbacwTraceSample *sample = g_ptr_array_index (samples, s);

      gbacw_trace_dialog_set_terrain (f->dialog, sample->terrain);
      for (guint k = 0; k < sample->hexes->len; k++)
        {
          gbacw_map_canvas_set_cursor_hex (canvas, g_array_index (sample->hexes, int, k));
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.mark-sample", NULL));
        }
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.run", NULL));
  gui_test_settle ();
}

/* Most hexes proposed right, nothing painted by tracing alone, the layer on the canvas. */
static void
test_trace_proposes (Fixture       *f,
                     gconstpointer  data)
{
  GbacwScenario *scenario = get_scenario (f);
  GbacwTraceLayer *layer = gbacw_trace_dialog_get_layer (f->dialog);
  int n = gbacw_hex_grid_n_hexes (&scenario->map->grid), n_proposed = 0, n_right = 0;

  g_assert_true (gbacw_canvas_layer_get_canvas (GBACW_CANVAS_LAYER (layer)) == gbacw_window_get_canvas (f->window));
  mark_samples_and_trace (f);
  for (int i = 0; i < n; i++)
    {
      const GbacwTraceProposal *p = gbacw_trace_dialog_get_proposal (f->dialog, i);

      g_assert_nonnull (p);
      g_assert_true (gbacw_trace_layer_shows (layer, scenario, i) ==
                     (p->status == GBACW_TRACE_PROPOSED || p->status == GBACW_TRACE_SAMPLE));
      if (p->status != GBACW_TRACE_PROPOSED)
        continue;
      n_proposed++;
      n_right += p->terrain == f->truth[i];
    }
  g_assert_cmpint (n_proposed, >, n / 2);
  g_assert_cmpint (n_right * 100, >=, n_proposed * 90);
  g_assert_cmpint (n_painted (f), ==, 0);
  g_assert_false (gbacw_history_can_undo (gbacw_document_get_history (f->document)));

  /* the scan taken away: its proposals go, and Trace has nothing to trace */
  gbacw_background_controller_remove (gbacw_window_get_background_controller (f->window));
  gui_test_settle ();
  g_assert_null (gbacw_trace_dialog_get_proposal (f->dialog, 0));
  g_assert_false (gbacw_trace_layer_shows (layer, scenario, 0));
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.run", NULL) &&
                  gbacw_trace_dialog_get_proposal (f->dialog, 0) != NULL);
  g_assert_true (gbacw_document_undo (f->document));
  gui_test_settle ();

  /* closing the window takes its layer and its keys off the editor window */
  g_assert_true (canvas_has_layer (f, "trace"));
  gtk_window_close (GTK_WINDOW (f->dialog));
  gui_test_settle ();
  g_assert_null (find_trace_dialog ());
  g_assert_false (canvas_has_layer (f, "trace"));
  g_assert_false (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_F3, 0));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Accept All Above: exactly the proposals at or above the threshold, their terrain, one
 * undo step; the undo restores every hex. */
static void
test_accept_above (Fixture       *f,
                   gconstpointer  data)
{
  GbacwScenario *scenario = get_scenario (f);
  GbacwHistory *history = gbacw_document_get_history (f->document);
  GbacwTraceLayer *layer = gbacw_trace_dialog_get_layer (f->dialog);
  int n = gbacw_hex_grid_n_hexes (&scenario->map->grid), n_above = 0, n_right = 0;
  guint steps;

  g_autoptr(GArray) confidences = g_array_new (FALSE, FALSE, sizeof (double));
  double threshold;

  mark_samples_and_trace (f);
  /* the median confidence of the proposals (the spin button's two decimals) */
  for (int i = 0; i < n; i++)
    if (gbacw_trace_dialog_get_proposal (f->dialog, i)->status == GBACW_TRACE_PROPOSED)
      g_array_append_val (confidences, gbacw_trace_dialog_get_proposal (f->dialog, i)->confidence);
  g_array_sort (confidences, compare_doubles);
  threshold = round (g_array_index (confidences, double, confidences->len / 2) * 100) / 100;
  gbacw_trace_dialog_set_threshold (f->dialog, threshold);
  threshold = gbacw_trace_layer_get_threshold (layer);
  for (int i = 0; i < n; i++)
    n_above += gbacw_trace_layer_shows (layer, scenario, i) &&
               gbacw_trace_dialog_get_proposal (f->dialog, i)->confidence >= threshold;
  g_assert_cmpint (n_above, >, 0);
  g_assert_cmpint (n_above, <, n);  /* some are doubtful, left for the review */

  steps = gbacw_history_get_n_commands (history);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept-all", NULL));
  gui_test_settle ();
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, steps + 1);
  g_assert_cmpint (n_painted (f), ==, n_above);
  for (int i = 0; i < n; i++)
    {
      const GbacwTraceProposal *p = gbacw_trace_dialog_get_proposal (f->dialog, i);
      gboolean above = (p->status == GBACW_TRACE_PROPOSED || p->status == GBACW_TRACE_SAMPLE) &&
                       p->confidence >= threshold;

      if (above)
        {
          g_assert_cmpuint (scenario->map->terrain[i], ==, G_GUINT64_CONSTANT (1) << p->terrain);
          g_assert_false (gbacw_trace_layer_shows (layer, scenario, i));
          n_right += p->terrain == f->truth[i];
        }
      else
        g_assert_cmpuint (scenario->map->terrain[i], ==, 0);
    }
  /* what is confident is right */
  g_assert_cmpint (n_right * 100, >=, n_above * 95);

  g_assert_true (gbacw_document_undo (f->document));
  gui_test_settle ();
  g_assert_cmpint (n_painted (f), ==, 0);
  g_assert_false (gbacw_history_can_undo (history));
  for (int i = 0; i < n; i++)
    {
      const GbacwTraceProposal *p = gbacw_trace_dialog_get_proposal (f->dialog, i);
      g_assert_true (gbacw_trace_layer_shows (layer, scenario, i) ==
                     (p->status == GBACW_TRACE_PROPOSED || p->status == GBACW_TRACE_SAMPLE));
    }
}

/* Next Doubtful, Accept: one hex, one undo step; a terrain picked instead is painted. */
static void
test_review_one_by_one (Fixture       *f,
                        gconstpointer  data)
{
  GbacwScenario *scenario = get_scenario (f);
  GbacwHistory *history = gbacw_document_get_history (f->document);
  GbacwMapCanvas *canvas = gbacw_window_get_canvas (f->window);
  const GbacwTraceProposal *p;
  int first, second, picked;

  mark_samples_and_trace (f);
  /* every proposal but the samples' is doubtful below 1 */
  gbacw_trace_dialog_set_threshold (f->dialog, 1.0);
  gbacw_map_canvas_set_cursor_hex (canvas, -1);

  g_assert_true (gbacw_window_get_action_enabled (f->window, "win.undo") == FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.next-doubtful", NULL));
  first = gbacw_map_canvas_get_cursor_hex (canvas);
  g_assert_cmpint (first, >=, 0);
  p = gbacw_trace_dialog_get_proposal (f->dialog, first);
  g_assert_cmpint (p->status, ==, GBACW_TRACE_PROPOSED);
  g_assert_cmpfloat (p->confidence, <, 1.0);
  g_assert_cmpint (gbacw_trace_dialog_get_terrain (f->dialog), ==, p->terrain);
  for (int i = 0; i < first; i++)
    g_assert_cmpint (gbacw_trace_dialog_get_proposal (f->dialog, i)->status, !=, GBACW_TRACE_PROPOSED);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept", NULL));
  gui_test_settle ();
  g_assert_cmpint (n_painted (f), ==, 1);
  g_assert_cmpuint (scenario->map->terrain[first], ==, G_GUINT64_CONSTANT (1) << p->terrain);
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);

  /* the next one (F3 in the editor window), with another terrain picked than proposed,
   * accepted with Ctrl+Return there */
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_F3, 0));
  second = gbacw_map_canvas_get_cursor_hex (canvas);
  g_assert_cmpint (second, >, first);
  picked = (gbacw_trace_dialog_get_proposal (f->dialog, second)->terrain + 1) % N_TERRAINS;
  gbacw_trace_dialog_set_terrain (f->dialog, picked);
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_Return, GDK_CONTROL_MASK));
  gui_test_settle ();
  g_assert_cmpint (n_painted (f), ==, 2);
  g_assert_cmpuint (scenario->map->terrain[second], ==, G_GUINT64_CONSTANT (1) << picked);
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 2);

  /* each acceptance is its own undo step */
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpint (n_painted (f), ==, 1);
  g_assert_cmpuint (scenario->map->terrain[second], ==, 0);
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpint (n_painted (f), ==, 0);
  gui_test_settle ();
}

/* Hexes painted with one terrain are its samples: three per terrain painted (one undo
 * step each, as a brush would), nothing marked, and the trace is as good. */
static void
test_painted_samples (Fixture       *f,
                      gconstpointer  data)
{
  GbacwScenario *scenario = get_scenario (f);
  g_autoptr(GPtrArray) samples = make_samples (scenario, f->truth);
  int n = gbacw_hex_grid_n_hexes (&scenario->map->grid), n_proposed = 0, n_right = 0;

  for (guint s = 0; s < samples->len; s++)
    {
      GbacwTraceSample *sample = g_ptr_array_index (samples, s);

      gbacw_document_execute (f->document,
                              GBACW_COMMAND (gbacw_map_edit_paint_terrain (scenario, sample->hexes,
                                                                           G_GUINT64_CONSTANT (1) << sample->terrain,
                                                                           FALSE, 0)));
    }
  g_assert_cmpint (n_painted (f), ==, 3 * N_TERRAINS);
  /* every terrain has painted samples: the catalogue's colours do not compete */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.run", NULL));
  gui_test_settle ();
  for (int i = 0; i < n; i++)
    {
      const GbacwTraceProposal *p = gbacw_trace_dialog_get_proposal (f->dialog, i);

      if (scenario->map->terrain[i] != 0)
        {
          g_assert_cmpint (p->status, ==, GBACW_TRACE_SAMPLE);
          continue;
        }
      g_assert_cmpint (p->status, ==, GBACW_TRACE_PROPOSED);
      n_proposed++;
      n_right += p->terrain == f->truth[i];
    }
  g_assert_cmpint (n_right * 100, >=, n_proposed * 90);
  g_assert_cmpint (n_painted (f), ==, 3 * N_TERRAINS);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add ("/trace-gui/proposes", Fixture, NULL, fixture_set_up, test_trace_proposes, fixture_tear_down);
  g_test_add ("/trace-gui/accept-above", Fixture, NULL, fixture_set_up, test_accept_above, fixture_tear_down);
  g_test_add ("/trace-gui/painted-samples", Fixture, NULL, fixture_set_up, test_painted_samples, fixture_tear_down);
  g_test_add ("/trace-gui/one-by-one", Fixture, NULL, fixture_set_up, test_review_one_by_one, fixture_tear_down);
  return g_test_run ();
}
