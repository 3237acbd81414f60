/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-editor-background.c: the editor's scan tracing, export and remembered state,
 * driven as a user would (dialog entries, tool presses and drags), under a display
 * (xvfb-run in CI; skipped without one). */
#define G_LOG_DOMAIN "test-editor-background"

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <math.h>
#include <string.h>

#include "gbacw-application.h"
#include "gbacw-background-controller.h"
#include "gbacw-background-dialog-private.h"
#include "gbacw-export-dialog.h"
#include "gbacw-map-renderer.h"
#include "gbacw-settings-edit.h"
#include "gbacw-tool-calibrate.h"
#include "gbacw-window-private.h"
#include "gbacw-window-state.h"
#include "gui-test-helpers.h"

typedef struct {
  char *dir;
  char *scenario_path;
  char *scan_path;
  GbacwWindow *window;
  GbacwBackgroundController *controller;
  GbacwDocument *document;
} Fixture;

static void
spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *demo = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *scan;
  cairo_t *cr;
  gsize len;

  f->dir = g_dir_make_tmp ("gbacw-editor-bg-XXXXXX", &error);
  g_assert_no_error (error);
  f->scenario_path = g_build_filename (f->dir, "battle.xml", NULL);
  f->scan_path = g_build_filename (f->dir, "scan.png", NULL);
  g_assert_true (g_file_get_contents (demo, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (f->scenario_path, contents, (gssize) len, NULL));

  scan = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 900, 700);
  cr = cairo_create (scan);
  cairo_set_source_rgb (cr, 0.9, 0.85, 0.7);
  cairo_paint (cr);
  cairo_destroy (cr);
  g_assert_cmpint (cairo_surface_write_to_png (scan, f->scan_path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (scan);

  f->window = gbacw_window_new (NULL);
  f->document = gbacw_document_load (f->scenario_path, &error);
  g_assert_no_error (error);
  gbacw_window_set_document (f->window, f->document);
  f->controller = gbacw_window_get_background_controller (f->window);
  g_assert_nonnull (f->controller);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  spin ();
  g_clear_object (&f->document);
  g_unlink (f->scenario_path);
  g_unlink (f->scan_path);
  g_rmdir (f->dir);
  g_free (f->scenario_path);
  g_free (f->scan_path);
  g_free (f->dir);
}

static GbacwScenario *
scenario_of (Fixture *f)
{
  return gbacw_document_get_scenario (f->document);
}

/* Loading a scan: stored relative to the scenario, fitted over the map, drawn by the
 * renderer for this scenario, one undo step; saved and loaded again with the scenario. */
static void
test_load_scan (Fixture *f, gconstpointer data)
{
  GbacwScenario *s = scenario_of (f);
  GbacwHistory *history = gbacw_document_get_history (f->document);
  g_autoptr(GError) error = NULL;
  double w, h;

  g_assert_null (s->map->background.file);
  g_assert_true (gbacw_background_controller_set_file (f->controller, f->scan_path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (s->map->background.file, ==, "scan.png");
  gbacw_hex_grid_extent (&s->map->grid, &w, &h);
  g_assert_cmpfloat_with_epsilon (s->map->background.transform[0], 900 / w, 1e-9);
  g_assert_cmpfloat_with_epsilon (s->map->background.transform[3], 700 / h, 1e-9);
  g_assert_nonnull (gbacw_background_controller_get_image (f->controller));
  g_assert_true (gbacw_map_renderer_get_background_image (s) == gbacw_background_controller_get_image (f->controller));
  g_assert_true (gbacw_history_can_undo (history));

  /* Saved with the scenario, and found again when it is opened. */
  g_assert_true (gbacw_document_save (f->document, NULL, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GbacwDocument) again = gbacw_document_load (f->scenario_path, &error);
    g_assert_no_error (error);
    gbacw_window_set_document (f->window, again);
    g_assert_cmpstr (gbacw_document_get_scenario (again)->map->background.file, ==, "scan.png");
    g_assert_nonnull (gbacw_background_controller_get_image (f->controller));
    g_assert_null (gbacw_background_controller_get_error (f->controller));
    gbacw_window_set_document (f->window, f->document);
  }

  /* Undo takes it away, and the renderer no longer draws it. */
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_null (s->map->background.file);
  g_assert_null (gbacw_background_controller_get_image (f->controller));
  g_assert_null (gbacw_map_renderer_get_background_image (s));
  g_assert_true (gbacw_document_redo (f->document));
  g_assert_nonnull (gbacw_background_controller_get_image (f->controller));
}

static void
test_bad_scan (Fixture *f, gconstpointer data)
{
  g_autofree char *bogus = g_build_filename (f->dir, "bogus.png", NULL);
  g_autoptr(GError) error = NULL;
  GbacwBackground background;
  GbacwSettingsEdit *edit;

  /* Refused before it changes the scenario. */
  g_assert_true (g_file_set_contents (bogus, "no picture", -1, NULL));
  g_assert_false (gbacw_background_controller_set_file (f->controller, bogus, FALSE, &error));
  g_assert_nonnull (error);
  g_assert_null (scenario_of (f)->map->background.file);

  /* A scenario naming a missing scan: shown without it, and the error kept. */
  background = scenario_of (f)->map->background;
  background.file = (char *) "missing.jpg";
  edit = gbacw_settings_edit_new ("test", 0);
  gbacw_settings_edit_set_background (edit, &background);
  gbacw_document_execute (f->document, GBACW_COMMAND (edit));
  g_assert_null (gbacw_background_controller_get_image (f->controller));
  g_assert_nonnull (strstr (gbacw_background_controller_get_error (f->controller), "missing.jpg"));
  g_unlink (bogus);
}

/* Where a user clicks on the scan to hit the centre of hex label, when the scan really
 * lies at true (map units -> image pixels) and is drawn with the scenario's transform. */
static void
click_point (GbacwScenario *s, const double true_t[6], const char *label, double *x, double *y)
{
  const double *t = s->map->background.transform;
  cairo_matrix_t m;
  GbacwHex hex;
  double cx, cy, ix, iy;

  g_assert_true (gbacw_hex_grid_parse_label (&s->map->grid, label, &hex, NULL));
  gbacw_hex_grid_centre (&s->map->grid, hex, &cx, &cy);
  ix = true_t[0] * cx + true_t[2] * cy + true_t[4];
  iy = true_t[1] * cx + true_t[3] * cy + true_t[5];
  cairo_matrix_init (&m, t[0], t[1], t[2], t[3], t[4], t[5]);
  g_assert_cmpint (cairo_matrix_invert (&m), ==, CAIRO_STATUS_SUCCESS);
  cairo_matrix_transform_point (&m, &ix, &iy);
  *x = ix;
  *y = iy;
}

static void
test_calibrate_three_hexes (Fixture *f, gconstpointer data)
{
  const double true_t[6] = { 27.0, 0.4, -0.3, 26.5, 35.0, 22.0 };
  const char *labels[] = { "0202", "1803", "0915" };
  GbacwScenario *s = scenario_of (f);
  g_autoptr(GbacwBackgroundDialog) dialog = NULL;
  GbacwMapCanvas *canvas = gbacw_window_get_canvas (f->window);
  GbacwToolCalibrate *tool;
  double fit[6];

  g_assert_true (gbacw_background_controller_set_file (f->controller, f->scan_path, FALSE, NULL));
  memcpy (fit, s->map->background.transform, sizeof fit);

  dialog = g_object_ref_sink (gbacw_background_dialog_new (GBACW_EDITOR_HOST (f->window), f->controller));
  gbacw_background_dialog_set_mode (dialog, GBACW_CALIBRATE_POINTS);
  tool = gbacw_background_dialog_get_tool (dialog);
  g_assert_true (gbacw_map_canvas_get_tool (canvas) == GBACW_TOOL (tool));

  /* A label naming no hex, and a hex used twice, are refused. */
  {
    double x, y;
    click_point (s, true_t, labels[0], &x, &y);
    gbacw_tool_pressed (GBACW_TOOL (tool), canvas, x, y, 0);
    gbacw_tool_released (GBACW_TOOL (tool), canvas, x, y, 0);
    g_assert_false (gbacw_background_dialog_enter_label (dialog, "9999"));
    g_assert_true (gbacw_background_dialog_enter_label (dialog, labels[0]));
    click_point (s, true_t, labels[1], &x, &y);
    gbacw_tool_pressed (GBACW_TOOL (tool), canvas, x, y, 0);
    g_assert_false (gbacw_background_dialog_enter_label (dialog, labels[0]));
    /* as the user does: the number typed into the entry, then Enter */
    {
      GtkWidget *entry = gui_test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY);
      g_assert_nonnull (entry);
      gtk_editable_set_text (GTK_EDITABLE (entry), labels[1]);
      g_signal_emit_by_name (entry, "activate");
    }
    g_assert_cmpuint (gbacw_tool_calibrate_get_n_points (tool), ==, 2);
    /* Nothing changes in the scenario until the third point. */
    g_assert_cmpfloat (s->map->background.transform[0], ==, fit[0]);
    click_point (s, true_t, labels[2], &x, &y);
    gbacw_tool_pressed (GBACW_TOOL (tool), canvas, x, y, 0);
    g_assert_true (gbacw_background_dialog_enter_label (dialog, labels[2]));
  }
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat_with_epsilon (s->map->background.transform[i], true_t[i], 1e-6);

  /* One undo step back to the fitted scan. */
  g_assert_true (gbacw_document_undo (f->document));
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat (s->map->background.transform[i], ==, fit[i]);
  g_assert_true (gbacw_document_redo (f->document));
  g_assert_cmpfloat_with_epsilon (s->map->background.transform[0], true_t[0], 1e-6);

  /* Closing the dialog gives the canvas its tool back. */
  gbacw_background_dialog_set_mode (dialog, -1);
  g_assert_null (gbacw_map_canvas_get_tool (canvas));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_adjust_by_dragging (Fixture *f, gconstpointer data)
{
  GbacwScenario *s = scenario_of (f);
  g_autoptr(GbacwBackgroundDialog) dialog = NULL;
  GbacwMapCanvas *canvas = gbacw_window_get_canvas (f->window);
  GbacwToolCalibrate *tool;
  double before[6], ix, iy;
  const double *t = s->map->background.transform;

  g_assert_true (gbacw_background_controller_set_file (f->controller, f->scan_path, FALSE, NULL));
  memcpy (before, t, sizeof before);
  dialog = g_object_ref_sink (gbacw_background_dialog_new (GBACW_EDITOR_HOST (f->window), f->controller));
  gbacw_background_dialog_set_mode (dialog, GBACW_CALIBRATE_ADJUST);
  tool = gbacw_background_dialog_get_tool (dialog);

  /* A drag in steps: the scan's point pressed ends under the pointer; one undo step. */
  gbacw_tool_pressed (GBACW_TOOL (tool), canvas, 5.0, 5.0, 0);
  gbacw_tool_dragged (GBACW_TOOL (tool), canvas, 5.5, 5.2, 0);
  gbacw_tool_dragged (GBACW_TOOL (tool), canvas, 6.0, 5.5, 0);
  gbacw_tool_released (GBACW_TOOL (tool), canvas, 6.0, 5.5, 0);
  ix = t[0] * 6.0 + t[2] * 5.5 + t[4];
  iy = t[1] * 6.0 + t[3] * 5.5 + t[5];
  g_assert_cmpfloat_with_epsilon (ix, before[0] * 5.0 + before[4], 1e-9);
  g_assert_cmpfloat_with_epsilon (iy, before[3] * 5.0 + before[5], 1e-9);
  g_assert_true (gbacw_document_undo (f->document));
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat (t[i], ==, before[i]);

  /* Shift+drag right: the scan grows about the point pressed, which stays put. */
  gbacw_tool_pressed (GBACW_TOOL (tool), canvas, 8.0, 6.0, GDK_SHIFT_MASK);
  gbacw_tool_dragged (GBACW_TOOL (tool), canvas, 9.0, 6.0, GDK_SHIFT_MASK);
  gbacw_tool_released (GBACW_TOOL (tool), canvas, 9.0, 6.0, GDK_SHIFT_MASK);
  g_assert_cmpfloat (t[0], <, before[0]);   /* fewer image pixels per map unit: the scan looks larger */
  g_assert_cmpfloat_with_epsilon (t[0] / t[3], before[0] / before[3], 1e-9);
  g_assert_cmpfloat_with_epsilon (t[0] * 8.0 + t[4], before[0] * 8.0 + before[4], 1e-9);
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpfloat (t[0], ==, before[0]);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_opacity (Fixture *f, gconstpointer data)
{
  GbacwScenario *s = scenario_of (f);

  g_assert_true (gbacw_background_controller_set_file (f->controller, f->scan_path, FALSE, NULL));
  gbacw_background_controller_set_opacity (f->controller, 0.3, 4242);
  gbacw_background_controller_set_opacity (f->controller, 0.8, 4242);
  g_assert_cmpfloat (s->map->background.opacity, ==, 0.8);
  /* Both moves of the slider are one step. */
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpfloat (s->map->background.opacity, ==, 0.5);
  g_assert_nonnull (s->map->background.file);
}

/* The map point the scan's pixel at map point (x, y) shows. */
static void
image_point (const double t[6], double x, double y, double *ix, double *iy)
{
  *ix = t[0] * x + t[2] * y + t[4];
  *iy = t[1] * x + t[3] * y + t[5];
}

/* Rotation in Adjust turns the scan about the map's centre by the angle typed (the
 * centre stays on the same pixel; a point east of it moves as the turn says); a run of
 * changes is one undo step; it is saved and read with the scenario; Fit to Map takes
 * it back to 0. */
static void
test_rotation (Fixture *f, gconstpointer data)
{
  GbacwScenario *s = scenario_of (f);
  g_autoptr(GbacwBackgroundDialog) dialog = NULL;
  g_autoptr(GError) error = NULL;
  double before[6], w, h, cx, cy, x0, y0, x1, y1, ex, ey;
  const double a = 2.5 * G_PI / 180;
  guint steps;

  g_assert_true (gbacw_background_controller_set_file (f->controller, f->scan_path, FALSE, &error));
  g_assert_no_error (error);
  memcpy (before, s->map->background.transform, sizeof before);
  steps = gbacw_history_get_index (gbacw_document_get_history (f->document));
  dialog = g_object_ref_sink (gbacw_background_dialog_new (GBACW_EDITOR_HOST (f->window), f->controller));
  gbacw_background_dialog_set_mode (dialog, GBACW_CALIBRATE_ADJUST);
  gbacw_background_dialog_set_rotation (dialog, 1.0);
  gbacw_background_dialog_set_rotation (dialog, 2.5);
  g_assert_cmpfloat_with_epsilon (s->map->background.rotation, 2.5, 1e-9);
  g_assert_cmpuint (gbacw_history_get_index (gbacw_document_get_history (f->document)), ==, steps + 1);

  /* The centre shows the same pixel; a point east of it shows the pixel that was at
   * that point turned back by 2.5° (y down: clockwise). */
  gbacw_hex_grid_extent (&s->map->grid, &w, &h);
  cx = w / 2;
  cy = h / 2;
  image_point (before, cx, cy, &x0, &y0);
  image_point (s->map->background.transform, cx, cy, &x1, &y1);
  g_assert_cmpfloat_with_epsilon (x0, x1, 1e-6);
  g_assert_cmpfloat_with_epsilon (y0, y1, 1e-6);
  image_point (before, cx + 3 * cos (-a), cy + 3 * sin (-a), &ex, &ey);
  image_point (s->map->background.transform, cx + 3, cy, &x1, &y1);
  g_assert_cmpfloat_with_epsilon (ex, x1, 1e-6);
  g_assert_cmpfloat_with_epsilon (ey, y1, 1e-6);
  /* and the renderer draws it so: its transform is the background's */
  g_assert_true (gbacw_map_renderer_get_background_image (s) != NULL);

  /* Saved and read again: the same rotation and transform. */
  g_assert_true (gbacw_document_save (f->document, NULL, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GbacwDocument) again = gbacw_document_load (f->scenario_path, &error);
    const GbacwBackground *bg;

    g_assert_no_error (error);
    bg = &gbacw_document_get_scenario (again)->map->background;
    g_assert_cmpfloat_with_epsilon (bg->rotation, 2.5, 1e-9);
    for (int i = 0; i < 6; i++)
      g_assert_cmpfloat_with_epsilon (bg->transform[i], s->map->background.transform[i], 1e-9);
  }

  /* Undo: back as it was, in one step. */
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpfloat (s->map->background.rotation, ==, 0);
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat_with_epsilon (s->map->background.transform[i], before[i], 1e-12);
  spin ();

  /* Turned, then Fit to Map: no turn left. */
  gbacw_background_dialog_set_rotation (dialog, -4.0);
  g_assert_cmpfloat_with_epsilon (s->map->background.rotation, -4.0, 1e-9);
  {
    GtkWidget *fit = NULL;
    for (GtkWidget *row = gtk_widget_get_first_child (gtk_window_get_child (GTK_WINDOW (dialog))); row != NULL && fit == NULL;
         row = gtk_widget_get_next_sibling (row))
      for (GtkWidget *child = gtk_widget_get_first_child (row); child != NULL; child = gtk_widget_get_next_sibling (child))
        if (GTK_IS_BUTTON (child) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), "_Fit to Map") == 0)
          fit = child;
    g_assert_nonnull (fit);
    g_signal_emit_by_name (fit, "clicked");
  }
  g_assert_cmpfloat (s->map->background.rotation, ==, 0);
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat_with_epsilon (s->map->background.transform[i], before[i], 1e-12);
  gbacw_background_dialog_set_mode (dialog, -1);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static gboolean
file_mentions (const char *path, const char *text)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return strstr (contents, text) != NULL;
}

/* The scan's path is stored relative to the scenario when the scan is in its folder or
 * below: an untitled scenario holds it absolute until it is saved next to the scan;
 * a Save As to another folder stores it absolute (the same image), and it is found
 * when that file is opened; an absolute path reads as it is. */
static void
test_relative_path (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwDocument) untitled = gbacw_document_new_from_template (f->scenario_path, NULL);
  g_autofree char *subdir = g_build_filename (f->dir, "maps", NULL);
  g_autofree char *first = g_build_filename (f->dir, "first.xml", NULL);
  g_autofree char *other_dir = NULL;
  g_autofree char *elsewhere = NULL;
  g_autoptr(GError) error = NULL;
  GbacwScenario *s;

  g_assert_nonnull (untitled);
  gbacw_window_set_document (f->window, untitled);
  s = gbacw_document_get_scenario (untitled);
  g_assert_true (gbacw_background_controller_set_file (f->controller, f->scan_path, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (s->map->background.file, ==, f->scan_path);

  /* Saved next to the scan: relative. */
  g_assert_true (gbacw_document_save (untitled, first, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (s->map->background.file, ==, "scan.png");
  g_assert_true (file_mentions (first, "file=\"scan.png\""));
  g_assert_nonnull (gbacw_background_controller_get_image (f->controller));
  g_assert_true (gbacw_map_renderer_get_background_image (s) == gbacw_background_controller_get_image (f->controller));

  /* Saved in a folder below it: "../scan.png" would leave that folder: absolute. */
  g_assert_cmpint (g_mkdir (subdir, 0700), ==, 0);
  {
    g_autofree char *below = g_build_filename (subdir, "below.xml", NULL);

    g_assert_true (gbacw_document_save (untitled, below, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (s->map->background.file, ==, f->scan_path);
    g_unlink (below);
  }

  /* Saved in another folder: absolute, and read from there. */
  other_dir = g_dir_make_tmp ("gbacw-editor-bg-other-XXXXXX", &error);
  g_assert_no_error (error);
  elsewhere = g_build_filename (other_dir, "elsewhere.xml", NULL);
  g_assert_true (gbacw_document_save (untitled, elsewhere, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (s->map->background.file, ==, f->scan_path);
  {
    g_autofree char *attribute = g_strdup_printf ("file=\"%s\"", f->scan_path);
    g_autoptr(GbacwDocument) reopened = NULL;

    g_assert_true (file_mentions (elsewhere, attribute));
    reopened = gbacw_document_load (elsewhere, &error);
    g_assert_no_error (error);
    gbacw_window_set_document (f->window, reopened);
    g_assert_nonnull (gbacw_background_controller_get_image (f->controller));
    g_assert_null (gbacw_background_controller_get_error (f->controller));

    /* Saved back next to the scan: relative again, and still found. */
    g_assert_true (gbacw_document_save (reopened, first, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (gbacw_document_get_scenario (reopened)->map->background.file, ==, "scan.png");
    g_assert_nonnull (gbacw_background_controller_get_image (f->controller));
    gbacw_window_set_document (f->window, f->document);
  }
  g_unlink (elsewhere);
  g_rmdir (other_dir);
  g_rmdir (subdir);
  g_unlink (first);
}

static void
test_export_dialog (Fixture *f, gconstpointer data)
{
  g_autofree char *pdf = g_build_filename (f->dir, "battle.pdf", NULL);
  g_autofree char *png = g_build_filename (f->dir, "battle.png", NULL);
  g_autofree char *head = NULL;
  g_autoptr(GError) error = NULL;
  GbacwExportDialog *dialog;
  GbacwExportOptions o;
  cairo_surface_t *back;

  /* The layers hidden on the canvas are left out. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.layer-units", NULL));
  g_assert_cmpuint (gbacw_map_canvas_get_layers (gbacw_window_get_canvas (f->window)) & GBACW_LAYER_BIT_UNITS, ==, 0);
  dialog = gbacw_export_dialog_new (GBACW_EDITOR_HOST (f->window), NULL);
  gbacw_export_dialog_get_options (dialog, &o);
  g_assert_cmpuint (o.layers & GBACW_LAYER_BIT_UNITS, ==, 0);
  g_assert_cmpuint (o.layers & GBACW_LAYER_BIT_TERRAIN, !=, 0);
  g_assert_cmpint (o.format, ==, GBACW_EXPORT_PNG);

  g_assert_true (gbacw_export_dialog_export_to (dialog, png, &error));
  g_assert_no_error (error);
  back = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (back), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (back);

  gbacw_export_dialog_set_format (dialog, GBACW_EXPORT_PDF);
  gbacw_export_dialog_get_options (dialog, &o);
  g_assert_cmpfloat (o.hex_mm, ==, 16.0);
  g_assert_true (gbacw_export_dialog_export_to (dialog, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &head, NULL, NULL));
  g_assert_true (g_str_has_prefix (head, "%PDF-"));
  /* the main window's status line says where the map went */
  g_assert_nonnull (strstr (gbacw_window_get_status (f->window), pdf));
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* The Export and Print actions are there and enabled with a document. */
  g_assert_true (gbacw_window_get_action_enabled (f->window, "win.export"));
  g_assert_true (gbacw_window_get_action_enabled (f->window, "win.print"));
  g_assert_true (gbacw_window_get_action_enabled (f->window, "win.background"));
  g_unlink (pdf);
  g_unlink (png);
}

/* Layers and the window size are remembered (GSETTINGS_BACKEND=memory in the tests). */
static void
test_window_state (Fixture *f, gconstpointer data)
{
  GSettings *settings = gbacw_window_state_get_settings ();
  g_auto(GStrv) layers = NULL;
  GbacwWindow *second;
  gboolean stop = FALSE;

  g_assert_nonnull (settings);
  g_object_set (f->window, "layer-grid", FALSE, NULL);
  layers = g_settings_get_strv (settings, "visible-layers");
  g_assert_false (g_strv_contains ((const char * const *) layers, "grid"));
  g_assert_true (g_strv_contains ((const char * const *) layers, "terrain"));

  gtk_window_set_default_size (GTK_WINDOW (f->window), 1003, 707);
  g_signal_emit_by_name (f->window, "close-request", &stop);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1003);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 707);

  /* A new window starts as the last one was left. */
  second = gbacw_window_new (NULL);
  g_assert_cmpuint (gbacw_map_canvas_get_layers (gbacw_window_get_canvas (second)) & GBACW_LAYER_BIT_GRID, ==, 0);
  {
    gboolean grid = TRUE;
    int w, h;

    /* the Layers menu's win.layer-grid follows */
    g_object_get (second, "layer-grid", &grid, NULL);
    g_assert_false (grid);
    gtk_window_get_default_size (GTK_WINDOW (second), &w, &h);
    g_assert_cmpint (w, ==, 1003);
  }
  gtk_window_destroy (GTK_WINDOW (second));
  g_object_set (f->window, "layer-grid", TRUE, NULL);

}

static void
test_icons (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  const char *tools[] = { "brush", "fill", "elevation", "crest", "hexside", "line", "area", "label", "eyedropper",
                          "eraser" };

  /* What GtkApplication does with its resource base path. */
  gtk_icon_theme_add_resource_path (theme, "/org/gbacw/Editor/icons");
  g_assert_true (gtk_icon_theme_has_icon (theme, "org.gbacw.Editor"));
  g_assert_true (gtk_icon_theme_has_icon (theme, "org.gbacw.Editor-symbolic"));
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      g_autofree char *name = g_strdup_printf ("gbacw-tool-%s-symbolic", tools[i]);
      g_assert_true (gtk_icon_theme_has_icon (theme, name));
    }
}

int
main (int argc, char **argv)
{
  /* No accessibility bus in the test sessions; no GL: probing it loads and unloads
   * Mesa's driver, whose allocations LeakSanitizer then cannot attribute. */
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GDK_DEBUG", "gl-disable", TRUE);
  gui_test_trace_criticals ();
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run)");
      return 77;
    }
  /* The application class registers the GResource (window template, icons). */
  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));

  g_test_add ("/editor/background/load-scan", Fixture, NULL, fixture_set_up, test_load_scan, fixture_tear_down);
  g_test_add ("/editor/background/rotation", Fixture, NULL, fixture_set_up, test_rotation, fixture_tear_down);
  g_test_add ("/editor/background/relative-path", Fixture, NULL, fixture_set_up, test_relative_path,
              fixture_tear_down);
  g_test_add ("/editor/background/bad-scan", Fixture, NULL, fixture_set_up, test_bad_scan, fixture_tear_down);
  g_test_add ("/editor/background/calibrate-three-hexes", Fixture, NULL, fixture_set_up, test_calibrate_three_hexes,
              fixture_tear_down);
  g_test_add ("/editor/background/adjust-by-dragging", Fixture, NULL, fixture_set_up, test_adjust_by_dragging,
              fixture_tear_down);
  g_test_add ("/editor/background/opacity", Fixture, NULL, fixture_set_up, test_opacity, fixture_tear_down);
  g_test_add ("/editor/export/dialog", Fixture, NULL, fixture_set_up, test_export_dialog, fixture_tear_down);
  g_test_add ("/editor/window-state", Fixture, NULL, fixture_set_up, test_window_state, fixture_tear_down);
  g_test_add_func ("/editor/icons", test_icons);

  return g_test_run ();
}
