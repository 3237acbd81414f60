/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace-links-gui.c: the review of traced hexsides and lines in the editor's Trace
 * window, driven through its actions as the buttons and keys do, under a display
 * (xvfb-run; skipped without one).
 *
 * The scenario is the demo with its hexside features and lines taken off, over a scan of
 * the demo as it was (drawn by the program's renderer with its rivers, streams, crests and
 * roads, degraded mildly) calibrated exactly. Trace must propose chains, draw them on the
 * layer and put nothing on the map; Accept Chain puts exactly that chain's hexsides (or
 * the hexsides its line crosses) on the map as one undo step that takes them all off
 * again; Reject Chain changes nothing on the map and takes the chain out of the review and
 * off the layer; Accept All Chains Above puts every chain at or above the threshold on the
 * map in one undo step; F4 and Ctrl+Shift+Return do the same in the editor window. The
 * scan's file is never written.
 */
#define G_LOG_DOMAIN "test-trace-links-gui"

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "gbacw-background-controller.h"
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
  guint32 n_ids;
  guint32 *true_features;   /* the demo's, per hexside id */
  guint16 *true_lines;
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

/* Hexsides with a feature or a line on the map. */
static int
n_on_map (Fixture *f)
{
  const GbacwMap *map = get_scenario (f)->map;
  int n = 0;

  for (guint32 id = 0; id < f->n_ids; id++)
    n += (map->hexside_features[id] != 0) + (map->hexside_lines[id] != 0);
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
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  GbacwScenario *scenario;
  GbacwBackground *bg;
  cairo_surface_t *scan;
  cairo_t *cr;
  double w, h, transform[6] = { SCALE, 0, 0, SCALE, 20, 12 };
  gsize length;

  f->dir = g_dir_make_tmp ("gbacw-trace-links-gui-XXXXXX", &error);
  g_assert_no_error (error);
  f->scan_path = g_build_filename (f->dir, "scan.png", NULL);
  scenario = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);

  /* the demo as printed, mildly degraded */
  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  scan = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (w * SCALE) + 40, (int) (h * SCALE) + 30);
  cr = cairo_create (scan);
  cairo_set_source_rgb (cr, 0.95, 0.93, 0.88);
  cairo_paint (cr);
  cairo_translate (cr, transform[4], transform[5]);
  gbacw_map_render (cr, scenario, GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_HEXSIDES | GBACW_LAYER_BIT_ROADS |
                                    GBACW_LAYER_BIT_GRID | GBACW_LAYER_BIT_HEX_NUMBERS, SCALE, NULL);
  cairo_destroy (cr);
  degrade_scan (scan, 6, 1, rand);
  g_assert_cmpint (cairo_surface_write_to_png (scan, f->scan_path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (scan);
  g_assert_true (g_file_get_contents (f->scan_path, &contents, &length, NULL));
  f->scan_bytes = g_bytes_new_take (g_steal_pointer (&contents), length);

  /* the hexsides and lines to be traced: the demo's, taken off the map */
  f->n_ids = gbacw_hex_grid_n_hexside_ids (&scenario->map->grid);
  f->true_features = g_memdup2 (scenario->map->hexside_features, sizeof (guint32) * f->n_ids);
  f->true_lines = g_memdup2 (scenario->map->hexside_lines, sizeof (guint16) * f->n_ids);
  memset (scenario->map->hexside_features, 0, sizeof (guint32) * f->n_ids);
  memset (scenario->map->hexside_inside, 0, sizeof (guint32) * f->n_ids);
  memset (scenario->map->hexside_lines, 0, sizeof (guint16) * f->n_ids);
  g_hash_table_remove_all (scenario->map->hexside_names);

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
  g_assert_cmpint (n_on_map (f), ==, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.trace-terrain", NULL));
  gui_test_settle ();
  f->dialog = find_trace_dialog ();
  g_assert_nonnull (f->dialog);
  f->layer = gbacw_trace_dialog_get_layer (f->dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.run", NULL));
  gui_test_settle ();
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
  g_free (f->true_features);
  g_free (f->true_lines);
}

static gboolean
link_on_map (Fixture              *f,
             const GbacwTraceLink *l)
{
  const GbacwMap *map = get_scenario (f)->map;

  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    return (map->hexside_features[l->hexside] >> l->type) & 1;
  return (map->hexside_lines[l->hexside] >> l->type) & 1;
}

static gboolean
link_true (Fixture              *f,
           const GbacwTraceLink *l)
{
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    return (f->true_features[l->hexside] >> l->type) & 1;
  return (f->true_lines[l->hexside] >> l->type) & 1;
}

/* The layer drawn over the whole map as the canvas would, at SCALE pixels a hex radius:
 * the alpha at the middle of link i's drawing. */
static int
drawn_alpha_at_link (Fixture *f,
                     guint    i)
{
  const GbacwScenario *scenario = get_scenario (f);
  const GbacwHexGrid *grid = &scenario->map->grid;
  const GbacwTraceLink *l = gbacw_trace_layer_get_link (f->layer, i);
  GbacwCanvasLayerView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  GbacwHex a, b;
  int direction, alpha;
  double w, h, x, y, x1, y1;

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

  gbacw_hex_grid_hexside_hexes (grid, l->hexside, &a, &direction, &b);
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    {
      gbacw_hex_grid_corner (grid, a, direction, &x, &y);
      gbacw_hex_grid_corner (grid, a, (direction + 1) % GBACW_HEX_DIRECTIONS, &x1, &y1);
    }
  else
    {
      gbacw_hex_grid_centre (grid, a, &x, &y);
      gbacw_hex_grid_centre (grid, b, &x1, &y1);
    }
  /* a quarter of the way along: on the drawing, off the middle where two segments cross */
  x = (0.75 * x + 0.25 * x1) * SCALE;
  y = (0.75 * y + 0.25 * y1) * SCALE;
  alpha = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
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

/* The chains shown, as the index of each one's first link, with their lengths shown. */
static GArray *
shown_chains (Fixture *f,
              GArray  *lengths)
{
  GArray *chains = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < gbacw_trace_layer_get_n_links (f->layer); i++)
    if (gbacw_trace_layer_shows_link (f->layer, get_scenario (f), i))
      {
        int chain = gbacw_trace_layer_get_link_chain (f->layer, i);
        guint k;

        for (k = 0; k < chains->len && g_array_index (chains, int, k) != chain; k++)
          ;
        if (k == chains->len)
          {
            int one = 0;

            g_array_append_val (chains, chain);
            if (lengths)
              g_array_append_val (lengths, one);
          }
        if (lengths)
          g_array_index (lengths, int, k)++;
      }
  return chains;
}

/* Trace proposes chains of hexsides and lines, mostly right, drawn on the layer, nothing
 * on the map. */
static void
test_links_proposed (Fixture       *f,
                     gconstpointer  data)
{
  guint n = gbacw_trace_layer_get_n_links (f->layer), n_sides = 0, n_lines = 0, n_right = 0;
  g_autoptr(GArray) chains = NULL;

  g_assert_cmpuint (n, >, 10);
  for (guint i = 0; i < n; i++)
    {
      const GbacwTraceLink *l = gbacw_trace_layer_get_link (f->layer, i);

      g_assert_true (gbacw_trace_layer_shows_link (f->layer, get_scenario (f), i));
      n_sides += l->kind == GBACW_TRACE_LINK_HEXSIDE;
      n_lines += l->kind == GBACW_TRACE_LINK_LINE;
      n_right += link_true (f, l);
    }
  g_assert_cmpuint (n_sides, >, 0);
  g_assert_cmpuint (n_lines, >, 0);
  g_assert_cmpuint (n_right * 100, >=, n * 80);
  g_assert_cmpint (n_on_map (f), ==, 0);
  g_assert_false (gbacw_history_can_undo (gbacw_document_get_history (f->document)));

  /* drawn: the first link of every chain has the layer's ink over it */
  chains = shown_chains (f, NULL);
  g_assert_cmpuint (chains->len, >, 1);
  for (guint c = 0; c < chains->len; c++)
    g_assert_cmpint (drawn_alpha_at_link (f, (guint) g_array_index (chains, int, c)), >, 100);
}

/* Accept Chain: the chain's hexsides and lines on the map, nothing else, one undo step that
 * takes them all off again and brings the chain back to the review. The next chain with F4
 * and Ctrl+Shift+Return in the editor window. */
static void
test_accept_chain (Fixture       *f,
                   gconstpointer  data)
{
  GbacwHistory *history = gbacw_document_get_history (f->document);
  g_autoptr(GArray) lengths = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GArray) chains = shown_chains (f, lengths);
  int chain, second, n_links = 0, n_first;

  /* every chain is doubtful below 1: Next Doubtful Chain goes through them all */
  gbacw_trace_dialog_set_chain_threshold (f->dialog, 1.0);
  gbacw_map_canvas_set_cursor_hex (gbacw_window_get_canvas (f->window), -1);
  gui_test_settle ();
  g_assert_cmpint (gbacw_trace_layer_get_selected_chain (f->layer), ==, -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.next-doubtful-chain", NULL));
  chain = gbacw_trace_layer_get_selected_chain (f->layer);
  g_assert_cmpint (chain, ==, g_array_index (chains, int, 0));
  g_assert_cmpint (gbacw_map_canvas_get_cursor_hex (gbacw_window_get_canvas (f->window)), >=, 0);
  n_links = g_array_index (lengths, int, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept-chain", NULL));
  gui_test_settle ();
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_cmpint (n_on_map (f), ==, n_links);
  for (guint i = 0; i < gbacw_trace_layer_get_n_links (f->layer); i++)
    {
      const GbacwTraceLink *l = gbacw_trace_layer_get_link (f->layer, i);

      g_assert_true (link_on_map (f, l) == (gbacw_trace_layer_get_link_chain (f->layer, i) == chain));
      g_assert_true (gbacw_trace_layer_shows_link (f->layer, get_scenario (f), i) == !link_on_map (f, l));
    }
  /* accepted, it is no longer under review */
  g_assert_cmpint (gbacw_trace_layer_get_selected_chain (f->layer), ==, -1);

  g_assert_true (gbacw_document_undo (f->document));
  gui_test_settle ();
  g_assert_cmpint (n_on_map (f), ==, 0);
  for (guint i = 0; i < gbacw_trace_layer_get_n_links (f->layer); i++)
    g_assert_true (gbacw_trace_layer_shows_link (f->layer, get_scenario (f), i));
  g_assert_false (gbacw_history_can_undo (history));

  /* F4, Ctrl+Shift+Return in the editor window: the chain after the one lit */
  gbacw_trace_dialog_select_chain (f->dialog, chain);
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_F4, 0));
  second = gbacw_trace_layer_get_selected_chain (f->layer);
  g_assert_cmpint (second, ==, g_array_index (chains, int, 1));
  n_first = n_links;
  n_links = g_array_index (lengths, int, 1);
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_Return, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  gui_test_settle ();
  g_assert_cmpint (n_on_map (f), ==, n_links);
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpint (n_on_map (f), ==, 0);
  g_assert_cmpint (n_first, >, 0);
  gui_test_settle ();
}

/* Reject Chain: nothing on the map, no undo step; the chain leaves the review and the layer
 * and the others stay. */
static void
test_reject_chain (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GArray) before = shown_chains (f, NULL);
  g_autoptr(GArray) after = NULL;
  int chain = g_array_index (before, int, 0);
  int alpha;

  alpha = drawn_alpha_at_link (f, (guint) chain);
  g_assert_cmpint (alpha, >, 100);
  gbacw_trace_dialog_select_chain (f->dialog, chain);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.reject-chain", NULL));
  gui_test_settle ();
  g_assert_cmpint (n_on_map (f), ==, 0);
  g_assert_false (gbacw_history_can_undo (gbacw_document_get_history (f->document)));
  after = shown_chains (f, NULL);
  g_assert_cmpuint (after->len, ==, before->len - 1);
  for (guint c = 0; c < after->len; c++)
    g_assert_cmpint (g_array_index (after, int, c), !=, chain);
  for (guint i = 0; i < gbacw_trace_layer_get_n_links (f->layer); i++)
    if (gbacw_trace_layer_get_link_chain (f->layer, i) == chain)
      g_assert_false (gbacw_trace_layer_shows_link (f->layer, get_scenario (f), i));
  g_assert_cmpint (gbacw_trace_layer_get_selected_chain (f->layer), ==, -1);
  /* off the layer (where no other proposal is drawn) */
  g_assert_cmpint (drawn_alpha_at_link (f, (guint) chain), <, alpha);

  /* Ctrl+Shift+Delete in the editor window rejects the lit one */
  gbacw_trace_dialog_select_chain (f->dialog, g_array_index (after, int, 0));
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_Delete, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  g_clear_pointer (&after, g_array_unref);
  after = shown_chains (f, NULL);
  g_assert_cmpuint (after->len, ==, before->len - 2);
  g_assert_cmpint (n_on_map (f), ==, 0);
}

/* The button of action_name at or below root; NULL when there is none. */
static GtkWidget *
find_action_button (GtkWidget  *root,
                    const char *action_name)
{
  if (GTK_IS_ACTIONABLE (root) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action_name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_button (child, action_name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Restore Rejected Chain: the review's undo of Reject Chain, the last rejected first, back
 * as a proposal that can be accepted; nothing to restore, it is disabled. The map's undo
 * does not take part. */
static void
test_restore_chain (Fixture       *f,
                    gconstpointer  data)
{
  GtkWidget *button = find_action_button (GTK_WIDGET (f->dialog), "trace.restore-chain");
  GbacwHistory *history = gbacw_document_get_history (f->document);
  g_autoptr(GArray) before = shown_chains (f, NULL);
  g_autoptr(GArray) after = NULL;
  int first, second, alpha, n_links = 0;

  g_assert_nonnull (button);
  g_assert_cmpuint (before->len, >=, 2);
  first = g_array_index (before, int, 0);
  second = g_array_index (before, int, 1);
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_false (gbacw_trace_layer_can_restore_chain (f->layer));
  g_assert_cmpint (gbacw_trace_layer_restore_chain (f->layer), ==, -1);

  alpha = drawn_alpha_at_link (f, (guint) first);
  gbacw_trace_dialog_select_chain (f->dialog, first);
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_Delete, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  gbacw_trace_dialog_select_chain (f->dialog, second);
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_Delete, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  gui_test_settle ();
  after = shown_chains (f, NULL);
  g_assert_cmpuint (after->len, ==, before->len - 2);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_cmpint (drawn_alpha_at_link (f, (guint) first), <, alpha);

  /* Ctrl+Shift+Insert in the editor window: the last rejected comes back, lit */
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->window), GDK_KEY_Insert, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  gui_test_settle ();
  g_assert_cmpint (gbacw_trace_layer_get_selected_chain (f->layer), ==, second);
  g_clear_pointer (&after, g_array_unref);
  after = shown_chains (f, NULL);
  g_assert_cmpuint (after->len, ==, before->len - 1);
  for (guint c = 0; c < after->len; c++)
    g_assert_cmpint (g_array_index (after, int, c), !=, first);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_cmpint (n_on_map (f), ==, 0);
  g_assert_false (gbacw_history_can_undo (history));

  /* from the dialog's window too; then nothing is left to restore */
  g_assert_true (gui_test_activate_shortcut (GTK_WIDGET (f->dialog), GDK_KEY_Insert, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  gui_test_settle ();
  g_assert_cmpint (gbacw_trace_layer_get_selected_chain (f->layer), ==, first);
  g_clear_pointer (&after, g_array_unref);
  after = shown_chains (f, NULL);
  g_assert_cmpuint (after->len, ==, before->len);
  for (guint i = 0; i < gbacw_trace_layer_get_n_links (f->layer); i++)
    g_assert_true (gbacw_trace_layer_shows_link (f->layer, get_scenario (f), i));
  g_assert_cmpint (drawn_alpha_at_link (f, (guint) first), >=, alpha);
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_false (gbacw_trace_layer_can_restore_chain (f->layer));

  /* the restored chain is accepted as any: one undo step on the map */
  for (guint i = 0; i < gbacw_trace_layer_get_n_links (f->layer); i++)
    if (gbacw_trace_layer_get_link_chain (f->layer, i) == first)
      n_links++;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept-chain", NULL));
  gui_test_settle ();
  g_assert_cmpint (n_on_map (f), ==, n_links);
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);

  /* rejected again and the acceptance undone: the map's undo leaves the review's alone */
  gbacw_trace_dialog_select_chain (f->dialog, second);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.reject-chain", NULL));
  g_assert_true (gbacw_document_undo (f->document));
  gui_test_settle ();
  g_assert_cmpint (n_on_map (f), ==, 0);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_clear_pointer (&after, g_array_unref);
  after = shown_chains (f, NULL);
  g_assert_cmpuint (after->len, ==, before->len - 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.restore-chain", NULL));
  gui_test_settle ();
  g_clear_pointer (&after, g_array_unref);
  after = shown_chains (f, NULL);
  g_assert_cmpuint (after->len, ==, before->len);
  g_assert_cmpint (n_on_map (f), ==, 0);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Accept All Chains Above: exactly the links of the chains at or above the threshold, one
 * undo step that takes them all off. */
static void
test_accept_all_chains (Fixture       *f,
                        gconstpointer  data)
{
  GbacwHistory *history = gbacw_document_get_history (f->document);
  g_autoptr(GArray) chains = shown_chains (f, NULL);
  g_autoptr(GArray) confidences = g_array_new (FALSE, FALSE, sizeof (double));
  double threshold;
  int n_above = 0, n_right = 0;

  for (guint c = 0; c < chains->len; c++)
    {
      double confidence = gbacw_trace_layer_get_chain_confidence (f->layer, g_array_index (chains, int, c));
      g_array_append_val (confidences, confidence);
    }
  g_array_sort (confidences, compare_doubles);
  threshold = round (g_array_index (confidences, double, confidences->len / 2) * 100) / 100;
  gbacw_trace_dialog_set_chain_threshold (f->dialog, threshold);
  threshold = gbacw_trace_layer_get_chain_threshold (f->layer);
  for (guint i = 0; i < gbacw_trace_layer_get_n_links (f->layer); i++)
    n_above += gbacw_trace_layer_get_chain_confidence (f->layer, gbacw_trace_layer_get_link_chain (f->layer, i)) >=
               threshold;
  g_assert_cmpint (n_above, >, 0);
  g_assert_cmpint (n_above, <, (int) gbacw_trace_layer_get_n_links (f->layer));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept-all-chains", NULL));
  gui_test_settle ();
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  for (guint i = 0; i < gbacw_trace_layer_get_n_links (f->layer); i++)
    {
      const GbacwTraceLink *l = gbacw_trace_layer_get_link (f->layer, i);
      gboolean above =
        gbacw_trace_layer_get_chain_confidence (f->layer, gbacw_trace_layer_get_link_chain (f->layer, i)) >= threshold;

      g_assert_true (link_on_map (f, l) == above);
      n_right += above && link_true (f, l);
    }
  /* what is confident is mostly right (how right is test-trace's matter: a road told from
   * a pike by width and shade alone) */
  g_test_message ("%d of %d links of the chains at or above %.2f right", n_right, n_above, threshold);
  g_assert_cmpint (n_right * 100, >=, n_above * 80);

  g_assert_true (gbacw_document_undo (f->document));
  gui_test_settle ();
  g_assert_cmpint (n_on_map (f), ==, 0);
  g_assert_false (gbacw_history_can_undo (history));
}

static int
type_index (const GPtrArray *types,
            gboolean         lines,
            const char      *id)
{
  for (guint t = 0; t < types->len; t++)
    if (g_strcmp0 (lines ? ((const GbacwLineType *) g_ptr_array_index (types, t))->id
                         : ((const GbacwHexsideType *) g_ptr_array_index (types, t))->id, id) == 0)
      return (int) t;
  g_assert_not_reached ();
  return -1;
}

/* Two features proposed on one hexside (a stream and a crest of the demo's catalogue) and
 * a road across it, each its own chain: Accept All Chains Above puts all three on the map,
 * in one undo step, though each edit is built from the map as it is. */
static void
test_two_types_one_hexside (Fixture       *f,
                            gconstpointer  data)
{
  const GbacwScenario *scenario = get_scenario (f);
  GbacwHistory *history = gbacw_document_get_history (f->document);
  const GbacwHexGrid *grid = &scenario->map->grid;
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (GbacwTraceLink));
  GbacwHex a = { 4, 4 };
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, a, 1), next = gbacw_hex_grid_hexside (grid, a, 2);
  int stream = type_index (scenario->catalogue.hexside_types, FALSE, "stream");
  int crest = type_index (scenario->catalogue.hexside_types, FALSE, "crest");
  int road = type_index (scenario->catalogue.line_types, TRUE, "road");
  GbacwTraceLink l = { 0 };

  l.confidence = 0.9;
  l.kind = GBACW_TRACE_LINK_HEXSIDE, l.hexside = id, l.type = stream, l.chain = 0;
  g_array_append_val (links, l);
  l.kind = GBACW_TRACE_LINK_HEXSIDE, l.hexside = next, l.type = stream, l.chain = 0;
  g_array_append_val (links, l);
  l.kind = GBACW_TRACE_LINK_HEXSIDE, l.hexside = id, l.type = crest, l.chain = 2;
  g_array_append_val (links, l);
  l.kind = GBACW_TRACE_LINK_LINE, l.hexside = id, l.type = road, l.chain = 3;
  g_array_append_val (links, l);
  gbacw_trace_layer_set_links (f->layer, links);
  gbacw_trace_dialog_set_chain_threshold (f->dialog, 0.5);
  gui_test_settle ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->dialog), "trace.accept-all-chains", NULL));
  gui_test_settle ();
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_cmpuint (scenario->map->hexside_features[id], ==, (1u << stream) | (1u << crest));
  g_assert_cmpuint (scenario->map->hexside_features[next], ==, 1u << stream);
  g_assert_cmpuint (scenario->map->hexside_lines[id], ==, 1u << road);
  g_assert_cmpint (n_on_map (f), ==, 3);
  for (guint i = 0; i < links->len; i++)
    g_assert_false (gbacw_trace_layer_shows_link (f->layer, scenario, i));

  g_assert_true (gbacw_document_undo (f->document));
  gui_test_settle ();
  g_assert_cmpint (n_on_map (f), ==, 0);
  for (guint i = 0; i < links->len; i++)
    g_assert_true (gbacw_trace_layer_shows_link (f->layer, scenario, i));
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add ("/trace-links-gui/proposed", Fixture, NULL, fixture_set_up, test_links_proposed, fixture_tear_down);
  g_test_add ("/trace-links-gui/accept-chain", Fixture, NULL, fixture_set_up, test_accept_chain, fixture_tear_down);
  g_test_add ("/trace-links-gui/reject-chain", Fixture, NULL, fixture_set_up, test_reject_chain, fixture_tear_down);
  g_test_add ("/trace-links-gui/restore-chain", Fixture, NULL, fixture_set_up, test_restore_chain, fixture_tear_down);
  g_test_add ("/trace-links-gui/accept-all-chains", Fixture, NULL, fixture_set_up, test_accept_all_chains,
              fixture_tear_down);
  g_test_add ("/trace-links-gui/two-types-one-hexside", Fixture, NULL, fixture_set_up, test_two_types_one_hexside,
              fixture_tear_down);
  return g_test_run ();
}
