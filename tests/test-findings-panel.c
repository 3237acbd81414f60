/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-findings-panel.c: the editor's live findings (needs a display: xvfb-run).
 *
 * A window on the demo (no findings); an edit through the document that breaks a
 * rule (a crest between two hexes of the same elevation, 22.1) shows up in the
 * panel, in the header bar's count and as a marker on the map; activating its row
 * centres the map on it; undo takes it away again. The checker runs once on load
 * and is only updated after that. Also: the severity filter, the markers' layer
 * toggle, and a broken scenario opening with the panel shown.
 */
#define G_LOG_DOMAIN "test-findings-panel"

#include "config.h"

#include <math.h>
#include <string.h>

#include "gbacw-application.h"
#include "gbacw-chart-editor.h"
#include "gbacw-data.h"
#include "gbacw-finding-cluster.h"
#include "gbacw-finding-group.h"
#include "gbacw-findings-button.h"
#include "gbacw-findings-panel.h"
#include "gbacw-map-edit.h"
#include "gbacw-new-dialog.h"
#include "gbacw-oob-edit.h"
#include "gbacw-scenario-controller.h"
#include "gbacw-window.h"

#include "gui-test-helpers.h"

typedef struct
{
  GbacwWindow *window;
  GbacwFindingsPanel *panel;
  GbacwFindingsButton *button;
  GbacwMapCanvas *canvas;
  guint n_activated;
} Fixture;

static void
on_activated (GbacwFindingsPanel *panel,
              GbacwFindingItem   *item,
              Fixture            *f)
{
  f->n_activated++;
}

static void
count_signal (guint *counter)
{
  (*counter)++;
}

static void
open_file (Fixture    *f,
           const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (gbacw_window_load_file (f->window, file));
  gui_test_iterate ();
}

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  f->window = gbacw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 750);
  f->panel = gbacw_window_get_findings_panel (f->window);
  f->canvas = gbacw_window_get_canvas (f->window);
  f->button = GBACW_FINDINGS_BUTTON (gui_test_find_widget (gtk_window_get_titlebar (GTK_WINDOW (f->window)),
                                                  GBACW_TYPE_FINDINGS_BUTTON));
  g_assert_nonnull (f->panel);
  g_assert_nonnull (f->button);
  g_assert_true (gbacw_findings_button_get_panel (f->button) == f->panel);
  g_signal_connect (f->panel, "finding-activated", G_CALLBACK (on_activated), f);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_wait_for_layout (GTK_WIDGET (f->canvas));
}

static void
fixture_tear_down (Fixture      *f,
                   gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate ();
}

/* ---------------------------------------------------------------- helpers */

/* The position of the first finding row of check (-1 when none) and its item; opens
 * the clusters of findings alike on the way, as a user would. */
static int
find_row (GListModel         *model,
          const char         *check,
          GbacwFindingItem  **item_out)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (model, i);
      g_autoptr(GObject) item = gtk_tree_list_row_get_item (row);

      if (GBACW_IS_FINDING_CLUSTER (item)
          && g_strcmp0 (gbacw_finding_cluster_get_finding (GBACW_FINDING_CLUSTER (item))->check, check) == 0)
        gtk_tree_list_row_set_expanded (row, TRUE);

      if (GBACW_IS_FINDING_ITEM (item)
          && g_strcmp0 (gbacw_finding_item_get_finding (GBACW_FINDING_ITEM (item))->check, check) == 0)
        {
          if (item_out != NULL)
            *item_out = GBACW_FINDING_ITEM (g_steal_pointer (&item));
          return (int) i;
        }
    }
  return -1;
}

static guint
n_finding_rows (GListModel *model)
{
  guint n = g_list_model_get_n_items (model), findings = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (model, i);
      g_autoptr(GObject) item = gtk_tree_list_row_get_item (row);
      findings += GBACW_IS_FINDING_ITEM (item);
    }
  return findings;
}

/* An on-map hexside near the middle of the map between two hexes of the same
 * elevation, without a crest. */
static GbacwHexsideId
find_level_hexside (const GbacwScenario *scenario,
                    int                  crest)
{
  const GbacwMap *map = scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  GbacwHex middle = { grid->columns / 2, grid->rows / 2 };

  for (int radius = 0; radius < 6; radius++)
    {
      g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (GbacwHex));

      gbacw_hex_grid_within (grid, middle, radius, hexes);
      for (guint i = 0; i < hexes->len; i++)
        {
          GbacwHex a = g_array_index (hexes, GbacwHex, i);
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            {
              GbacwHex b = gbacw_hex_grid_neighbour (grid, a, d);
              GbacwHexsideId id = gbacw_hex_grid_hexside (grid, a, d);
              int ia = gbacw_hex_grid_index (grid, a), ib = gbacw_hex_grid_index (grid, b);

              if (ib >= 0 && map->elevation[ia] == map->elevation[ib]
                  && (map->hexside_features[id] & (1u << crest)) == 0)
                return id;
            }
        }
    }
  g_assert_not_reached ();
  return GBACW_HEXSIDE_NONE;
}

static int
find_crest_type (const GbacwScenario *scenario)
{
  for (guint i = 0; i < scenario->catalogue.hexside_types->len; i++)
    {
      GbacwHexsideType *type = g_ptr_array_index (scenario->catalogue.hexside_types, i);
      if (g_strcmp0 (type->id, "crest") == 0)
        return (int) i;
    }
  g_assert_not_reached ();
  return -1;
}

static void
assert_counts (Fixture *f,
               guint    runs,
               guint    updates)
{
  guint n_runs, n_updates;

  gbacw_window_get_check_counts (f->window, &n_runs, &n_updates);
  g_assert_cmpuint (n_runs, ==, runs);
  g_assert_cmpuint (n_updates, ==, updates);
}

/* ---------------------------------------------------------------- tests */

static void
test_live (Fixture      *f,
           gconstpointer data)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  GListModel *model = gbacw_findings_panel_get_model (f->panel);
  GbacwDocument *document;
  GbacwScenario *scenario;
  const GbacwHexGrid *grid;
  GbacwChecker *checker = gbacw_window_get_checker (f->window);
  g_autoptr(GbacwFindingItem) item = NULL;
  const GbacwFinding *finding;
  const GbacwMapMarker *markers;
  GbacwViewport *viewport;
  GbacwHexsideId hexside;
  guint n_markers, n_checker_changed = 0;
  int crest, position, hex, direction;
  double cx, cy;

  g_assert_nonnull (demo);
  open_file (f, demo);
  document = gbacw_window_get_document (f->window);
  scenario = gbacw_document_get_scenario (document);
  grid = &scenario->map->grid;

  /* The demo is clean: checked once, nothing listed, nothing counted. */
  assert_counts (f, 1, 0);
  g_assert_cmpuint (gbacw_findings_panel_get_count (f->panel, GBACW_SEVERITY_ERROR), ==, 0);
  g_assert_cmpuint (gbacw_findings_panel_get_count (f->panel, GBACW_SEVERITY_WARNING), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_cmpstr (gbacw_findings_button_get_text (f->button), ==, "");
  gbacw_map_canvas_get_markers (f->canvas, &n_markers);
  g_assert_cmpuint (n_markers, ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->panel)));

  /* A crest between two hexes of the same elevation: an error (22.1). */
  crest = find_crest_type (scenario);
  hexside = find_level_hexside (scenario, crest);
  g_signal_connect_swapped (checker, "changed", G_CALLBACK (count_signal), &n_checker_changed);
  gbacw_document_execute (document, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (scenario, hexside, crest, TRUE,
                                                                                       -1, 0)));
  gui_test_iterate ();

  /* Updated with the change, not run again. */
  assert_counts (f, 1, 1);
  g_assert_cmpuint (n_checker_changed, ==, 1);

  g_assert_cmpuint (gbacw_findings_panel_get_count (f->panel, GBACW_SEVERITY_ERROR), ==, 1);
  g_assert_cmpstr (gbacw_findings_button_get_text (f->button), ==, "1");
  g_assert_cmpuint (n_finding_rows (model), ==, 1);
  position = find_row (model, "map.crest", &item);
  g_assert_cmpint (position, >=, 1);
  {
    /* Under its group's header. */
    g_autoptr(GtkTreeListRow) header = g_list_model_get_item (model, position - 1);
    g_autoptr(GObject) group = gtk_tree_list_row_get_item (header);
    g_assert_true (GBACW_IS_FINDING_GROUP (group));
    g_assert_cmpstr (gbacw_finding_group_get_id (GBACW_FINDING_GROUP (group)), ==, "map");
    g_assert_cmpuint (gbacw_finding_group_get_n_shown (GBACW_FINDING_GROUP (group)), ==, 1);
  }
  finding = gbacw_finding_item_get_finding (item);
  g_assert_cmpint (finding->severity, ==, GBACW_SEVERITY_ERROR);
  g_assert_cmpstr (finding->rule_case, ==, "22.1");
  g_assert_cmpint (finding->location, ==, GBACW_LOCATION_HEXSIDE);
  g_assert_cmpuint (finding->hexside, ==, hexside);
  g_assert_cmpstr (gbacw_finding_item_get_rule_case_label (item), ==, "[22.1]");
  {
    g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, finding->hex));
    g_autofree char *expected = g_strdup_printf ("%s/%s", label,
                                                 gbacw_hex_direction_name (grid->orientation, finding->direction));
    g_assert_cmpstr (gbacw_finding_item_get_location (item), ==, expected);
  }

  /* A marker on the map at the hexside. */
  markers = gbacw_map_canvas_get_markers (f->canvas, &n_markers);
  g_assert_cmpuint (n_markers, ==, 1);
  g_assert_cmpint (markers[0].level, ==, GBACW_MAP_MARKER_ERROR);
  g_assert_cmpuint (gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, markers[0].hex), markers[0].direction),
                    ==, hexside);

  /* Activating the row centres the map on the hexside and outlines it. */
  viewport = gbacw_map_canvas_get_viewport (f->canvas);
  gbacw_viewport_fit (viewport);
  gbacw_findings_panel_activate_row (f->panel, (guint) position);
  gui_test_iterate ();
  g_assert_cmpuint (f->n_activated, ==, 1);
  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, finding->hex), &cx, &cy);
  g_assert_cmpfloat (fabs (gbacw_viewport_get_centre_x (viewport) - cx), <=, 1.0);
  g_assert_cmpfloat (fabs (gbacw_viewport_get_centre_y (viewport) - cy), <=, 1.0);
  g_assert_cmpfloat (gbacw_viewport_get_scale (viewport) * sqrt (3.0), >=, 40.0);
  gbacw_map_canvas_get_highlight (f->canvas, &hex, &direction);
  g_assert_cmpint (hex, ==, finding->hex);
  g_assert_cmpint (direction, ==, finding->direction);
  {
    g_autofree char *status = gbacw_findings_panel_describe (f->panel, item);
    g_assert_nonnull (strstr (status, "[22.1]"));
    g_assert_nonnull (strstr (status, gbacw_finding_item_get_location (item)));
  }

  /* Hiding errors hides the row and the marker; showing them brings both back. */
  gbacw_findings_panel_set_show_severity (f->panel, GBACW_SEVERITY_ERROR, FALSE);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  gbacw_map_canvas_get_markers (f->canvas, &n_markers);
  g_assert_cmpuint (n_markers, ==, 0);
  g_assert_cmpuint (gbacw_findings_panel_get_count (f->panel, GBACW_SEVERITY_ERROR), ==, 1);
  gbacw_findings_panel_set_show_severity (f->panel, GBACW_SEVERITY_ERROR, TRUE);
  g_assert_cmpint (find_row (model, "map.crest", NULL), ==, position);
  gbacw_map_canvas_get_markers (f->canvas, &n_markers);
  g_assert_cmpuint (n_markers, ==, 1);

  /* The "findings" layer toggles the markers. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.layer-findings", NULL));
  gbacw_map_canvas_get_markers (f->canvas, &n_markers);
  g_assert_cmpuint (n_markers, ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.layer-findings", NULL));
  gbacw_map_canvas_get_markers (f->canvas, &n_markers);
  g_assert_cmpuint (n_markers, ==, 1);

  /* A frame with the markers and the highlight drawn. */
  gtk_widget_queue_draw (GTK_WIDGET (f->canvas));
  gui_test_iterate ();

  /* Undo: the finding is gone, with its marker and outline; still no full run. */
  g_assert_true (gbacw_document_undo (document));
  gui_test_iterate ();
  assert_counts (f, 1, 2);
  g_assert_cmpuint (n_checker_changed, ==, 2);
  g_assert_cmpuint (gbacw_findings_panel_get_count (f->panel, GBACW_SEVERITY_ERROR), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_cmpint (find_row (model, "map.crest", NULL), ==, -1);
  g_assert_cmpstr (gbacw_findings_button_get_text (f->button), ==, "");
  gbacw_map_canvas_get_markers (f->canvas, &n_markers);
  g_assert_cmpuint (n_markers, ==, 0);
  gbacw_map_canvas_get_highlight (f->canvas, &hex, &direction);
  g_assert_cmpint (hex, ==, -1);

  /* Redo brings it back, through an update again. */
  g_assert_true (gbacw_document_redo (document));
  gui_test_iterate ();
  assert_counts (f, 1, 3);
  g_assert_cmpuint (gbacw_findings_panel_get_count (f->panel, GBACW_SEVERITY_ERROR), ==, 1);
  g_assert_cmpint (find_row (model, "map.crest", NULL), >=, 1);
}

/* Rows that an edit did not touch keep their items (only the changed part is replaced). */
static void
test_rows_kept (Fixture      *f,
                gconstpointer data)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "rules-check", "charts-unknown-cell", "scenario.xml", NULL);
  GListModel *model = gbacw_findings_panel_get_model (f->panel);
  GbacwDocument *document;
  GbacwScenario *scenario;
  g_autoptr(GbacwFindingItem) before = NULL;
  g_autoptr(GbacwFindingItem) after = NULL;
  GbacwHexsideId hexside;
  int crest;

  open_file (f, path);
  document = gbacw_window_get_document (f->window);
  scenario = gbacw_document_get_scenario (document);
  g_assert_cmpint (find_row (model, "charts.unknown-cell", &before), >=, 0);

  crest = find_crest_type (scenario);
  hexside = find_level_hexside (scenario, crest);
  gbacw_document_execute (document, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (scenario, hexside, crest, TRUE,
                                                                                       -1, 0)));
  gui_test_iterate ();
  g_assert_cmpint (find_row (model, "map.crest", NULL), >=, 0);
  g_assert_cmpint (find_row (model, "charts.unknown-cell", &after), >=, 0);
  g_assert_true (before == after);
}

/* A scenario with errors opens with the panel shown, and the button pressed. */
static void
test_broken_scenario (Fixture      *f,
                      gconstpointer data)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "rules-check", "map-crest", "scenario.xml", NULL);
  GListModel *model = gbacw_findings_panel_get_model (f->panel);
  g_autoptr(GbacwFindingItem) item = NULL;
  int position;

  open_file (f, path);
  assert_counts (f, 1, 0);
  g_assert_cmpuint (gbacw_findings_panel_get_count (f->panel, GBACW_SEVERITY_ERROR), >=, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->panel)));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (f->button)));
  position = find_row (model, "map.crest", &item);
  g_assert_cmpint (position, >=, 0);
  g_assert_cmpstr (gbacw_finding_item_get_location (item), ==, "0402/n");

  /* The button hides and shows the panel. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (f->button), FALSE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (f->panel)));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (f->button), TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->panel)));
  gui_test_iterate ();
}

/* A finding clicked is shown where it is edited: a chart's cell in the chart editor,
 * a unit in the order of battle, a setting in the settings dialog. */
static void
test_shown_where_edited (Fixture      *f,
                         gconstpointer data)
{
  g_autofree char *charts = g_build_filename (TEST_SRCDIR, "rules-check", "charts-unknown-cell", "scenario.xml", NULL);
  g_autofree char *ratings = g_build_filename (TEST_SRCDIR, "rules-check", "oob-ratings", "scenario.xml", NULL);
  GbacwScenarioController *controller = gbacw_window_get_scenario_controller (f->window);
  GbacwScenarioSidebar *sidebar = gbacw_scenario_controller_get_sidebar (controller);
  GListModel *model = gbacw_findings_panel_get_model (f->panel);
  g_autoptr(GError) error = NULL;
  GbacwDocument *document;
  GtkWindow *dialog;
  int position;

  open_file (f, charts);
  position = find_row (model, "charts.unknown-cell", NULL);
  g_assert_cmpint (position, >=, 0);
  gbacw_findings_panel_activate_row (f->panel, (guint) position);
  gui_test_iterate ();
  dialog = gbacw_scenario_controller_get_chart_editor (controller);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_cmpstr (gbacw_chart_editor_get_chart (GBACW_CHART_EDITOR (dialog)), ==, "terrain-movement");

  open_file (f, ratings);
  position = find_row (model, "oob.ratings", NULL);
  g_assert_cmpint (position, >=, 0);
  gbacw_scenario_sidebar_show_page (sidebar, "reinforcements");
  gbacw_findings_panel_activate_row (f->panel, (guint) position);
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_scenario_sidebar_get_page (sidebar), ==, "oob");
  g_assert_nonnull (gbacw_oob_panel_get_selected_item (gbacw_scenario_sidebar_get_oob_panel (sidebar)));
  g_assert_cmpstr (gbacw_oob_item_get_id (gbacw_oob_panel_get_selected_item (gbacw_scenario_sidebar_get_oob_panel (sidebar))),
                   ==, "c-cav");

  document = gbacw_window_get_document (f->window);
  gbacw_document_execute (document, gbacw_settings_set_first_player (gbacw_document_get_scenario (document), NULL,
                                                                     &error));
  g_assert_no_error (error);
  gui_test_iterate ();
  position = find_row (model, "scenario.turns", NULL);
  g_assert_cmpint (position, >=, 0);
  gbacw_findings_panel_activate_row (f->panel, (guint) position);
  gui_test_iterate ();
  dialog = gbacw_scenario_controller_get_settings_dialog (controller);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
}

/* A new 40×48 map: its 1,920 unpainted hexes are one closed row ("1,920 hexes have no
 * terrain yet", 5.15), that opens to the hexes; a hex's row still goes to the hex;
 * painting one hex counts one fewer. */
static void
test_grouped (Fixture      *f,
              gconstpointer data)
{
  GbacwHexGrid grid = { .columns = 40, .rows = 48, .orientation = GBACW_GRID_FLAT_COLUMNS, .shift = GBACW_SHIFT_ODD,
                        .first_number = 1, .digits = 2 };
  GListModel *model = gbacw_findings_panel_get_model (f->panel);
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwDocument) document = gbacw_new_dialog_create_document (&grid, &error);
  g_autoptr(GtkTreeListRow) cluster_row = NULL;
  g_autoptr(GtkTreeListRow) child_row = NULL;
  g_autoptr(GObject) child = NULL;
  GbacwFindingCluster *cluster = NULL;
  GbacwScenario *scenario;
  g_autofree char *title = NULL;
  guint n_rows, cluster_position = 0;
  int hex, direction;

  g_assert_no_error (error);
  gbacw_window_set_document (f->window, document);
  gui_test_iterate ();
  scenario = gbacw_document_get_scenario (document);
  g_assert_cmpuint (gbacw_findings_panel_get_count (f->panel, GBACW_SEVERITY_INFO), >=, 1920);

  /* Few rows: the headers and one row for the unpainted hexes, not 1,920. */
  n_rows = g_list_model_get_n_items (model);
  g_assert_cmpuint (n_rows, <, 40);
  for (guint i = 0; i < n_rows && cluster == NULL; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (model, i);
      g_autoptr(GObject) item = gtk_tree_list_row_get_item (row);
      if (GBACW_IS_FINDING_CLUSTER (item)
          && g_str_equal (gbacw_finding_cluster_get_finding (GBACW_FINDING_CLUSTER (item))->check, "map.no-terrain"))
        {
          cluster = GBACW_FINDING_CLUSTER (item);
          cluster_row = g_object_ref (row);
          cluster_position = i;
        }
    }
  g_assert_nonnull (cluster);
  g_assert_cmpuint (n_finding_rows (model), <, 10);
  g_assert_false (gtk_tree_list_row_get_expanded (cluster_row));
  g_assert_cmpuint (gbacw_finding_cluster_get_n_items (cluster), ==, 1920);
  title = gbacw_finding_cluster_get_title (cluster);
  /* The count as the locale writes it (the tests run in the C locale: no separator). */
  {
    g_autofree char *expected = g_strdup_printf ("%'u hexes have no terrain yet", 1920u);
    g_assert_cmpstr (title, ==, expected);
  }
  {
    /* Its group counts every finding of the cluster. */
    g_autoptr(GtkTreeListRow) header = gtk_tree_list_row_get_parent (cluster_row);
    g_autoptr(GObject) group = gtk_tree_list_row_get_item (header);
    g_assert_cmpstr (gbacw_finding_group_get_id (GBACW_FINDING_GROUP (group)), ==, "map");
    g_assert_cmpuint (gbacw_finding_group_get_n_shown (GBACW_FINDING_GROUP (group)), >=, 1920);
  }
  /* A frame with the row drawn. */
  gtk_widget_set_visible (GTK_WIDGET (f->panel), TRUE);
  gui_test_iterate ();

  /* Activating it opens it: the hexes, each going to its hex. */
  gbacw_findings_panel_activate_row (f->panel, cluster_position);
  g_assert_true (gtk_tree_list_row_get_expanded (cluster_row));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_rows + 1920);
  child_row = g_list_model_get_item (model, cluster_position + 5);
  child = gtk_tree_list_row_get_item (child_row);
  g_assert_true (GBACW_IS_FINDING_ITEM (child));
  g_assert_cmpstr (gbacw_finding_item_get_finding (GBACW_FINDING_ITEM (child))->message, ==,
                   "This hex has no terrain yet");
  gbacw_findings_panel_activate_row (f->panel, cluster_position + 5);
  gui_test_iterate ();
  gbacw_map_canvas_get_highlight (f->canvas, &hex, &direction);
  g_assert_cmpint (hex, ==, gbacw_finding_item_get_finding (GBACW_FINDING_ITEM (child))->hex);
  g_assert_cmpuint (f->n_activated, ==, 1);

  /* Painting a hex takes one finding from the cluster; the cluster stays (and open). */
  {
    g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
    int first = 0;

    g_array_append_val (hexes, first);
    gbacw_document_execute (document, GBACW_COMMAND (gbacw_map_edit_paint_terrain (scenario, hexes, 1, FALSE, 0)));
  }
  gui_test_iterate ();
  g_assert_cmpuint (gbacw_finding_cluster_get_n_items (cluster), ==, 1919);
  g_assert_true (gtk_tree_list_row_get_expanded (cluster_row));
  g_clear_pointer (&title, g_free);
  title = gbacw_finding_cluster_get_title (cluster);
  {
    g_autofree char *expected = g_strdup_printf ("%'u hexes have no terrain yet", 1919u);
    g_assert_cmpstr (title, ==, expected);
  }
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add ("/editor/findings/live", Fixture, NULL, fixture_set_up, test_live, fixture_tear_down);
  g_test_add ("/editor/findings/rows-kept", Fixture, NULL, fixture_set_up, test_rows_kept, fixture_tear_down);
  g_test_add ("/editor/findings/broken-scenario", Fixture, NULL, fixture_set_up, test_broken_scenario,
              fixture_tear_down);
  g_test_add ("/editor/findings/grouped", Fixture, NULL, fixture_set_up, test_grouped, fixture_tear_down);
  g_test_add ("/editor/findings/shown-where-edited", Fixture, NULL, fixture_set_up, test_shown_where_edited,
              fixture_tear_down);

  return g_test_run ();
}
