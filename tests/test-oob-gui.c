/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-oob-gui.c: the order of battle, deployment, reinforcements, settings and charts
 * in the editor (needs a display: xvfb-run).
 *
 * On the demo: a brigade is built through the panel's actions and the inspector's
 * fields (a leader and two regiments, values typed, a refusal shown beside a field),
 * its regiments reordered and the brigade moved to another division by the panel's
 * drop handler, searched for; a regiment is dropped on the map through the canvas's
 * drop target, turned and put in column, the rest of the brigade placed around a hex;
 * a reinforcement is scheduled with an entry hex picked on the map; a setting and a
 * chart cell are changed. The scenario is saved, loaded again and saved: the same
 * bytes. Then everything is undone, back to the bytes of the demo as loaded.
 */
#define G_LOG_DOMAIN "test-oob-gui"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "gbacw-application.h"
#include "gbacw-chart-editor.h"
#include "gbacw-data.h"
#include "gbacw-game-turn-track-private.h"
#include "gbacw-oob-row.h"
#include "gbacw-scenario-controller.h"
#include "gbacw-scenario-io.h"
#include "gbacw-settings-dialog-private.h"
#include "gbacw-tool-deploy.h"
#include "gbacw-toolbox.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-window.h"

#include "gui-test-helpers.h"

typedef struct
{
  char *tmpdir;
  GbacwWindow *window;
  GbacwMapCanvas *canvas;
  GbacwDocument *document;
  GbacwScenario *scenario;
  GbacwScenarioController *controller;
  GbacwOobPanel *panel;
  GbacwOobInspector *inspector;
  GbacwReinforcementPanel *reinforcements;
  GbacwDeploymentController *deployment;
} Fixture;

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  GbacwScenarioSidebar *sidebar;

  f->tmpdir = g_dir_make_tmp ("gbacw-oob-gui-XXXXXX", &error);
  g_assert_no_error (error);
  f->window = gui_test_window_on ("scenarios/demo.xml", 1400, 900);
  f->canvas = gbacw_window_get_canvas (f->window);
  f->document = gbacw_window_get_document (f->window);
  f->scenario = gbacw_document_get_scenario (f->document);
  f->controller = gbacw_window_get_scenario_controller (f->window);
  g_assert_nonnull (f->controller);
  sidebar = gbacw_scenario_controller_get_sidebar (f->controller);
  f->panel = gbacw_scenario_sidebar_get_oob_panel (sidebar);
  f->inspector = gbacw_scenario_sidebar_get_inspector (sidebar);
  f->reinforcements = gbacw_scenario_sidebar_get_reinforcement_panel (sidebar);
  f->deployment = gbacw_scenario_controller_get_deployment (f->controller);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_wait_for_layout (GTK_WIDGET (f->canvas));
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture      *f,
                   gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate ();
  remove_dir (f->tmpdir);
  g_free (f->tmpdir);
}

/* ---------------------------------------------------------------- helpers */

static guint
n_steps (Fixture *f)
{
  return gbacw_history_get_index (gbacw_document_get_history (f->document));
}

static const char *
selected_id (Fixture *f)
{
  return gui_test_selected_oob_id (f->panel);
}

static void
activate (Fixture    *f,
          const char *action,
          const char *target)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), action, target ? "s" : NULL, target));
  gui_test_iterate ();
}

static void
type_field (Fixture       *f,
            GbacwOobField  field,
            const char    *text)
{
  g_assert_nonnull (gbacw_oob_inspector_get_field_widget (f->inspector, field));
  gbacw_oob_inspector_set_field_text (f->inspector, field, text);
  gui_test_iterate ();
}

/* A unit of the order of battle, as the rows show it. */
static GbacwOobItem *
item (Fixture          *f,
      GbacwOobItemKind  kind,
      const char       *id)
{
  GbacwOobItem *found = gbacw_oob_panel_lookup (f->panel, kind, id);

  g_assert_nonnull (found);
  return found;
}

/* The widget point at the centre of hex (an index). */
static void
hex_point (Fixture *f,
           int      hex,
           double  *x,
           double  *y)
{
  gui_test_hex_centre (f->canvas, f->scenario, hex, x, y);
}

static int
hex_of (Fixture    *f,
        const char *label)
{
  GbacwHex hex;

  g_assert_true (gbacw_hex_grid_parse_label (&f->scenario->map->grid, label, &hex, NULL));
  return gbacw_hex_grid_index (&f->scenario->map->grid, hex);
}

static GtkDropTarget *
canvas_drop_target (Fixture *f)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  g_assert_not_reached ();
  return NULL;
}

static GBytes *
save (Fixture    *f,
      const char *name)
{
  g_autofree char *path = g_build_filename (f->tmpdir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize length = 0;

  g_assert_true (gbacw_window_save_file (f->window, file));
  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

/* ---------------------------------------------------------------- the test */

static void
test_build_deploy_save (Fixture      *f,
                        gconstpointer data)
{
  g_autoptr(GBytes) original = save (f, "original.xml");
  g_autoptr(GBytes) saved = NULL;
  g_autofree char *brigade = NULL;
  g_autofree char *leader = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *division = NULL;
  g_autofree char *straggler = NULL;
  g_autofree char *reinforcement = NULL;
  const GbacwFormation *formation;
  const GbacwUnit *unit;
  const GbacwPlacement *placement;
  guint steps;
  double x, y;
  int hex;

  /* A brigade in Hollister's Division. */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_FORMATION, "u-div"));
  activate (f, "oob.add-formation", "brigade");
  brigade = g_strdup (selected_id (f));
  formation = gbacw_oob_find_formation (&f->scenario->oob, brigade);
  g_assert_nonnull (formation);
  g_assert_cmpstr (formation->parent, ==, "u-div");
  g_assert_true (gbacw_oob_inspector_get_item (f->inspector) == gbacw_oob_panel_get_selected_item (f->panel));

  /* Its values, typed: one undo step per field; a refusal changes nothing. */
  steps = n_steps (f);
  type_field (f, GBACW_OOB_FIELD_NAME, "G");
  type_field (f, GBACW_OOB_FIELD_NAME, "Grey's");
  type_field (f, GBACW_OOB_FIELD_NAME, "Grey's Brigade");
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  type_field (f, GBACW_OOB_FIELD_BCE_DAY1, "x");
  g_assert_cmpstr (gbacw_oob_inspector_get_message (f->inspector, GBACW_OOB_FIELD_BCE_DAY1), !=, "");
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  type_field (f, GBACW_OOB_FIELD_BCE_DAY1, "6");
  g_assert_cmpstr (gbacw_oob_inspector_get_message (f->inspector, GBACW_OOB_FIELD_BCE_DAY1), ==, "");
  formation = gbacw_oob_find_formation (&f->scenario->oob, brigade);
  g_assert_cmpstr (formation->name, ==, "Grey's Brigade");
  g_assert_cmpint (formation->bce[0], ==, 6);

  /* A leader and two regiments in it. */
  activate (f, "oob.add-unit", "leader");
  leader = g_strdup (selected_id (f));
  type_field (f, GBACW_OOB_FIELD_NAME, "Grey");
  type_field (f, GBACW_OOB_FIELD_ER, "3");
  type_field (f, GBACW_OOB_FIELD_RALLY, "2");
  g_assert_cmpstr (gbacw_oob_find_unit (&f->scenario->oob, leader)->formation, ==, brigade);

  activate (f, "oob.add-unit", "infantry");
  first = g_strdup (selected_id (f));
  type_field (f, GBACW_OOB_FIELD_NAME, "1 Me");
  type_field (f, GBACW_OOB_FIELD_STRENGTH, "1");
  type_field (f, GBACW_OOB_FIELD_STRENGTH, "12");
  type_field (f, GBACW_OOB_FIELD_STRENGTH, "5");
  type_field (f, GBACW_OOB_FIELD_MORALE, "6");
  g_assert_cmpstr (gbacw_oob_inspector_get_message (f->inspector, GBACW_OOB_FIELD_MORALE), !=, "");
  type_field (f, GBACW_OOB_FIELD_MORALE, "?");
  type_field (f, GBACW_OOB_FIELD_WEAPON, "Z");
  g_assert_cmpstr (gbacw_oob_inspector_get_message (f->inspector, GBACW_OOB_FIELD_WEAPON), !=, "");
  type_field (f, GBACW_OOB_FIELD_WEAPON, "R");
  unit = gbacw_oob_find_unit (&f->scenario->oob, first);
  g_assert_cmpint (unit->strength, ==, 5);
  g_assert_cmpint (unit->morale, ==, GBACW_MORALE_GREEN);
  g_assert_cmpstr (unit->weapon, ==, "R");

  activate (f, "oob.duplicate", NULL);
  second = g_strdup (selected_id (f));
  g_assert_cmpstr (second, !=, first);
  type_field (f, GBACW_OOB_FIELD_NAME, "2 Me");
  type_field (f, GBACW_OOB_FIELD_STRENGTH, "4");

  /* The commander, and the brigade's totals beside its BCE limit. */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_FORMATION, brigade));
  gui_test_iterate ();
  type_field (f, GBACW_OOB_FIELD_COMMANDER, leader);
  g_assert_cmpstr (gbacw_oob_find_formation (&f->scenario->oob, brigade)->commander, ==, leader);
  g_assert_nonnull (strstr (gbacw_oob_inspector_get_totals (f->inspector), "9 SP"));
  g_assert_nonnull (strstr (gbacw_oob_inspector_get_totals (f->inspector), "BCE limit 6"));

  /* Reordered by a drop: the second regiment in front of the first. */
  g_assert_true (gbacw_oob_panel_drop (f->panel, item (f, GBACW_OOB_ITEM_UNIT, second),
                                       item (f, GBACW_OOB_ITEM_UNIT, first), -1, NULL));
  {
    int a = -1, b = -1;
    for (guint i = 0; i < f->scenario->oob.units->len; i++)
      {
        const GbacwUnit *u = g_ptr_array_index (f->scenario->oob.units, i);
        if (g_strcmp0 (u->id, first) == 0)
          a = (int) i;
        if (g_strcmp0 (u->id, second) == 0)
          b = (int) i;
      }
    g_assert_cmpint (b, <, a);
  }
  /* A unit cannot go to the other side. */
  g_assert_false (gbacw_oob_panel_drop (f->panel, item (f, GBACW_OOB_ITEM_UNIT, first),
                                        item (f, GBACW_OOB_ITEM_FORMATION, "c-div"), 0, NULL));

  /* A second division, and the brigade moved into it. */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_SIDE, "union"));
  activate (f, "oob.add-formation", "division");
  division = g_strdup (selected_id (f));
  g_assert_true (gbacw_oob_panel_drop (f->panel, item (f, GBACW_OOB_ITEM_FORMATION, brigade),
                                       item (f, GBACW_OOB_ITEM_FORMATION, division), 0, NULL));
  g_assert_cmpstr (gbacw_oob_find_formation (&f->scenario->oob, brigade)->parent, ==, division);

  /* The search shows the brigade with its division and side, and its units. */
  gbacw_oob_panel_set_search (f->panel, "grey");
  gui_test_iterate ();
  {
    GListModel *model = gbacw_oob_panel_get_model (f->panel);
    guint n = g_list_model_get_n_items (model);
    gboolean has_brigade = FALSE, has_other = FALSE;

    g_assert_cmpuint (n, ==, 6); /* side, division, brigade, leader, two regiments */
    for (guint i = 0; i < n; i++)
      {
        g_autoptr(GbacwOobItem) it = g_list_model_get_item (model, i);
        has_brigade |= g_strcmp0 (gbacw_oob_item_get_id (it), brigade) == 0;
        has_other |= g_strcmp0 (gbacw_oob_item_get_id (it), "u-webb") == 0;
      }
    g_assert_true (has_brigade);
    g_assert_false (has_other);
  }
  gbacw_oob_panel_set_search (f->panel, NULL);
  gui_test_iterate ();

  /* A regiment dragged onto a hex of the Union set-up area: the hexes it may take are
   * shaded, the hex's stacking shown; then dropped through the canvas's drop target. */
  gbacw_map_canvas_zoom_fit (f->canvas);
  gui_test_iterate ();
  hex = hex_of (f, "0607");
  hex_point (f, hex, &x, &y);
  g_assert_true (gbacw_deployment_controller_hover_drag (f->deployment, item (f, GBACW_OOB_ITEM_UNIT, first), x, y));
  g_assert_nonnull (strstr (gbacw_deployment_controller_get_status (f->deployment), "0607"));
  g_assert_nonnull (strstr (gbacw_deployment_controller_get_status (f->deployment), "SP"));
  for (int i = 0; i < 200 && gbacw_deployment_controller_count_allowed (f->deployment) == 0; i++)
    {
      gui_test_iterate ();
      g_usleep (1000);
    }
  g_assert_cmpuint (gbacw_deployment_controller_count_allowed (f->deployment), >, 0);
  {
    GtkDropTarget *target = canvas_drop_target (f);
    GValue value = G_VALUE_INIT;
    gboolean dropped = FALSE;

    g_value_init (&value, GBACW_TYPE_OOB_ITEM);
    g_value_set_object (&value, item (f, GBACW_OOB_ITEM_UNIT, first));
    g_signal_emit_by_name (target, "drop", &value, x, y, &dropped);
    g_value_unset (&value);
    g_assert_true (dropped);
  }
  gui_test_iterate ();
  placement = gbacw_scenario_find_placement (f->scenario, first, NULL);
  g_assert_nonnull (placement);
  g_assert_cmpint (placement->hex, ==, hex);
  g_assert_cmpstr (gbacw_deployment_controller_get_selected_unit (f->deployment), ==, first);
  /* in Line (C 29.4), facing the Confederate set-up area to the east (NE or SE) */
  g_assert_cmpint (placement->formation, ==, GBACW_FORMATION_STATE_LINE);
  g_assert_true (placement->facing == 1 || placement->facing == 2);

  /* Outside the set-up area: refused, with the reason over the map. */
  hex_point (f, hex_of (f, "1808"), &x, &y);
  g_assert_false (gbacw_deployment_controller_drop (f->deployment, item (f, GBACW_OOB_ITEM_UNIT, second), x, y));
  g_assert_nonnull (strstr (gbacw_deployment_controller_get_status (f->deployment), "set-up"));
  g_assert_null (gbacw_scenario_find_placement (f->scenario, second, NULL));

  /* Faced NW, turned twice with a key and put in column with another. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.facing", "i", 5));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.rotate", "i", 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.rotate", "i", 1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.formation", "s", "column"));
  gui_test_iterate ();
  placement = gbacw_scenario_find_placement (f->scenario, first, NULL);
  g_assert_cmpint (placement->facing, ==, 1);
  g_assert_cmpint (placement->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  /* and the form says so in words, not in the file's ids ("column, facing ne") */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, first));
  gui_test_iterate ();
  g_assert_nonnull (strstr (gbacw_oob_inspector_get_placement (f->inspector), ", in column, facing NE"));

  /* The rest of the brigade placed around a hex in one step. */
  steps = n_steps (f);
  hex_point (f, hex_of (f, "0506"), &x, &y);
  g_assert_true (gbacw_deployment_controller_drop (f->deployment, item (f, GBACW_OOB_ITEM_FORMATION, brigade), x, y));
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_assert_nonnull (gbacw_scenario_find_placement (f->scenario, second, NULL));
  g_assert_nonnull (gbacw_scenario_find_placement (f->scenario, leader, NULL));
  /* each regiment in Line facing east, the leader with neither formation nor facing */
  placement = gbacw_scenario_find_placement (f->scenario, second, NULL);
  g_assert_cmpint (placement->formation, ==, GBACW_FORMATION_STATE_LINE);
  g_assert_true (placement->facing == 1 || placement->facing == 2);
  placement = gbacw_scenario_find_placement (f->scenario, leader, NULL);
  g_assert_cmpint (placement->formation, ==, GBACW_FORMATION_STATE_UNSET);
  g_assert_cmpint (placement->facing, ==, -1);

  /* A reinforcement: a new regiment arriving on turn 4, its entry hex and an
   * alternative picked on the map. */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_FORMATION, division));
  activate (f, "oob.add-unit", "infantry");
  straggler = g_strdup (selected_id (f));
  type_field (f, GBACW_OOB_FIELD_NAME, "3 Me");
  reinforcement = gbacw_reinforcement_panel_add (f->reinforcements, 4, item (f, GBACW_OOB_ITEM_UNIT, straggler));
  g_assert_nonnull (reinforcement);
  gui_test_iterate ();
  g_signal_emit_by_name (f->reinforcements, "pick-entry", reinforcement, FALSE);
  g_assert_true (gbacw_deployment_controller_is_picking (f->deployment));
  /* Escape cancels a pick */
  gbacw_deployment_controller_select_unit (f->deployment, NULL);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.escape", NULL));
  g_assert_false (gbacw_deployment_controller_is_picking (f->deployment));
  g_signal_emit_by_name (f->reinforcements, "pick-entry", reinforcement, FALSE);
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0110"));
  g_signal_emit_by_name (f->reinforcements, "pick-entry", reinforcement, TRUE);
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0111"));
  gui_test_iterate ();
  {
    const GbacwReinforcement *r = NULL;
    for (guint i = 0; i < f->scenario->reinforcements->len; i++)
      if (g_strcmp0 (((GbacwReinforcement *) g_ptr_array_index (f->scenario->reinforcements, i))->id,
                     reinforcement) == 0)
        r = g_ptr_array_index (f->scenario->reinforcements, i);
    g_assert_nonnull (r);
    g_assert_cmpint (r->turn, ==, 4);
    g_assert_cmpuint (r->entry_hexes->len, ==, 2);
    g_assert_cmpint (g_array_index (r->entry_hexes, int, 0), ==, hex_of (f, "0110"));
    g_assert_cmpint (g_array_index (r->entry_hexes, int, 1), ==, hex_of (f, "0111"));
    g_assert_cmpuint (r->units->len, ==, 1);
  }
  /* Picking the entry hex again replaces it; the old one does not become an alternative. */
  g_signal_emit_by_name (f->reinforcements, "pick-entry", reinforcement, FALSE);
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0112"));
  gui_test_iterate ();
  {
    const GbacwReinforcement *r = NULL;
    for (guint i = 0; i < f->scenario->reinforcements->len; i++)
      if (g_strcmp0 (((GbacwReinforcement *) g_ptr_array_index (f->scenario->reinforcements, i))->id,
                     reinforcement) == 0)
        r = g_ptr_array_index (f->scenario->reinforcements, i);
    g_assert_nonnull (r);
    g_assert_cmpuint (r->entry_hexes->len, ==, 2);
    g_assert_cmpint (g_array_index (r->entry_hexes, int, 0), ==, hex_of (f, "0112"));
    g_assert_cmpint (g_array_index (r->entry_hexes, int, 1), ==, hex_of (f, "0111"));
  }
  g_assert_cmpuint (gbacw_game_turn_track_count_markers (gbacw_reinforcement_panel_get_track (f->reinforcements), 4),
                    ==, 1);
  g_assert_cmpuint (gbacw_reinforcement_panel_get_n_rows (f->reinforcements), ==,
                    f->scenario->reinforcements->len);

  /* A setting: the title, and a turn's time (a bad time is refused, with the reason). */
  {
    GbacwSettingsDialog *dialog = GBACW_SETTINGS_DIALOG (gbacw_scenario_controller_get_settings_dialog (f->controller));
    gtk_window_present (GTK_WINDOW (dialog));
    gui_test_iterate ();
    gtk_editable_set_text (gbacw_settings_dialog_get_title_entry (dialog), "Grey's Stand");
    g_assert_cmpstr (f->scenario->info.title, ==, "Grey's Stand");
    gtk_editable_set_text (gbacw_settings_dialog_get_time_entry (dialog, 2), "6:4");
    g_assert_cmpstr (gbacw_settings_dialog_get_message (dialog), !=, "");
    gtk_editable_set_text (gbacw_settings_dialog_get_time_entry (dialog, 2), "06:45");
    gtk_check_button_set_active (gbacw_settings_dialog_get_night_check (dialog, 12), TRUE);
    gui_test_iterate ();
  }

  /* A chart cell, marked invented. */
  {
    GbacwChartEditor *editor = GBACW_CHART_EDITOR (gbacw_scenario_controller_get_chart_editor (f->controller));
    const GbacwChart *chart = gbacw_scenario_find_chart (f->scenario, "stacking");
    const GbacwChartRow *row = g_ptr_array_index (chart->rows, 0);
    const char *col = g_ptr_array_index (chart->columns, 0);
    const GbacwCell *cell;

    gtk_window_present (GTK_WINDOW (editor));
    g_assert_true (gbacw_chart_editor_show_chart (editor, "stacking"));
    gui_test_iterate ();
    g_assert_true (gbacw_chart_editor_set_cell_text (editor, row->id, col, "{17}"));
    cell = gbacw_chart_lookup (gbacw_scenario_find_chart (f->scenario, "stacking"), row->id, col);
    g_assert_cmpstr (cell->value, ==, "17");
    g_assert_cmpint (cell->status, ==, GBACW_CELL_INVENTED);
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (gbacw_chart_editor_get_cell_entry (editor, row->id, col)),
                                             "cell-invented"));
  }

  /* Saved, loaded again, saved again: the same bytes. */
  saved = save (f, "built.xml");
  g_assert_false (g_bytes_equal (saved, original));
  {
    g_autofree char *path = g_build_filename (f->tmpdir, "built.xml", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GBytes) again = NULL;

    g_assert_true (gbacw_window_load_file (f->window, file));
    gui_test_iterate ();
    f->document = gbacw_window_get_document (f->window);
    f->scenario = gbacw_document_get_scenario (f->document);
    g_assert_nonnull (gbacw_oob_panel_lookup (f->panel, GBACW_OOB_ITEM_FORMATION, brigade));
    again = save (f, "reloaded.xml");
    g_assert_true (g_bytes_equal (again, saved));

    /* Back to the document as built, to undo it all. */
    g_assert_true (gbacw_window_load_file (f->window, file));
  }
  gui_test_iterate ();
}

/* Undo takes every step back to the bytes of the demo. */
static void
test_undo_all (Fixture      *f,
               gconstpointer data)
{
  g_autoptr(GBytes) original = save (f, "original.xml");
  g_autoptr(GBytes) back = NULL;
  g_autofree char *brigade = NULL;
  g_autofree char *unit = NULL;
  double x, y;

  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_FORMATION, "u-webb"));
  activate (f, "oob.add-formation", "brigade");
  brigade = g_strdup (selected_id (f));
  type_field (f, GBACW_OOB_FIELD_NAME, "Undo Brigade");
  activate (f, "oob.add-unit", "cavalry");
  unit = g_strdup (selected_id (f));
  type_field (f, GBACW_OOB_FIELD_STRENGTH, "3");
  type_field (f, GBACW_OOB_FIELD_DISMOUNTED_MORALE, "2");
  gbacw_map_canvas_zoom_fit (f->canvas);
  gui_test_iterate ();
  hex_point (f, 0, &x, &y);
  {
    GbacwHex h;
    g_assert_true (gbacw_hex_grid_parse_label (&f->scenario->map->grid, "0506", &h, NULL));
    hex_point (f, gbacw_hex_grid_index (&f->scenario->map->grid, h), &x, &y);
  }
  g_assert_true (gbacw_deployment_controller_drop (f->deployment, item (f, GBACW_OOB_ITEM_UNIT, unit), x, y));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.rotate", "i", -1));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.remove", NULL));
  g_assert_null (gbacw_scenario_find_placement (f->scenario, unit, NULL));
  {
    g_autofree char *r = gbacw_reinforcement_panel_add (f->reinforcements, 5, item (f, GBACW_OOB_ITEM_FORMATION,
                                                                                    brigade));
    g_assert_nonnull (r);
  }
  activate (f, "oob.delete", NULL);
  {
    GbacwSettingsDialog *dialog = GBACW_SETTINGS_DIALOG (gbacw_scenario_controller_get_settings_dialog (f->controller));
    gtk_spin_button_set_value (gbacw_settings_dialog_get_turn_spin (dialog, TRUE), 14);
    gui_test_iterate ();
    g_assert_cmpint (f->scenario->turns.last, ==, 14);
  }
  g_assert_cmpuint (n_steps (f), >, 5);

  while (gbacw_document_undo (f->document))
    gui_test_iterate ();
  gui_test_iterate ();
  back = save (f, "undone.xml");
  g_assert_true (g_bytes_equal (back, original));
  /* And the panel shows the demo's order of battle again. */
  g_assert_null (gbacw_oob_panel_lookup (f->panel, GBACW_OOB_ITEM_FORMATION, brigade));
  g_assert_null (gbacw_oob_panel_lookup (f->panel, GBACW_OOB_ITEM_UNIT, unit));
}

/* Roster CSV from the window: export, import of a bad file (reported by line and
 * column, nothing changed), import of the export (nothing changes either). */
static void
test_roster (Fixture      *f,
             gconstpointer data)
{
  g_autofree char *csv = g_build_filename (f->tmpdir, "roster.csv", NULL);
  g_autofree char *bad = g_build_filename (f->tmpdir, "bad.csv", NULL);
  g_autoptr(GBytes) before = gbacw_scenario_save_to_bytes (f->scenario);
  g_autofree char *contents = NULL;
  guint steps = n_steps (f);

  g_assert_true (gbacw_scenario_controller_export_roster (f->controller, csv, NULL));
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "u-14oh"));

  g_assert_true (g_file_set_contents (bad, "id,kind,name\r\nu-x,infantry,Bad\r\nu-y,tank,Worse\r\n", -1, NULL));
  g_assert_false (gbacw_scenario_controller_import_roster (f->controller, bad));
  g_assert_cmpuint (n_steps (f), ==, steps);

  g_assert_true (gbacw_scenario_controller_import_roster (f->controller, csv));
  {
    g_autoptr(GBytes) after = gbacw_scenario_save_to_bytes (f->scenario);
    g_assert_true (g_bytes_equal (after, before));
  }

  /* As a European spreadsheet writes it: semicolons in UTF-16 after a byte order mark;
   * it reads back as the same order of battle. */
  {
    g_autofree char *semi = g_build_filename (f->tmpdir, "roster-semicolon.csv", NULL);
    g_autofree char *bytes = NULL;
    gsize length = 0;

    g_assert_true (gbacw_scenario_controller_export_roster_as (f->controller, semi, NULL,
                                                               GBACW_ROSTER_DELIMITER_SEMICOLON,
                                                               GBACW_ROSTER_ENCODING_UTF16));
    g_assert_true (g_file_get_contents (semi, &bytes, &length, NULL));
    g_assert_cmpuint (length, >, 4);
    g_assert_cmpmem (bytes, 4, "\xFF\xFEi\0", 4);
    g_assert_nonnull (memchr (bytes, ';', length));
    g_assert_true (gbacw_scenario_controller_import_roster (f->controller, semi));
    {
      g_autoptr(GBytes) after = gbacw_scenario_save_to_bytes (f->scenario);
      g_assert_true (g_bytes_equal (after, before));
    }
  }
}

/* The canvas's gesture of the primary button (which the current tool gets). */
static GtkGesture *
primary_gesture (Fixture *f)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_DRAG (controller)
          && gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_BUBBLE
          && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_PRIMARY)
        return GTK_GESTURE (controller);
    }
  g_assert_not_reached ();
  return NULL;
}

static void
use_tool (Fixture    *f,
          const char *name)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tool", "s", name));
  gui_test_iterate ();
}

/* The map's own gestures, driven as the tests of the canvas do (by the gesture's
 * signals): deploying is a tool like the others. With "Move the Map" a drag on a counter
 * pans; with the deploy tool a click selects a counter (in the tree too), a drag moves
 * it, one undo step. */
static void
test_map_gestures (Fixture      *f,
                   gconstpointer data)
{
  GtkGesture *press = primary_gesture (f);
  const GbacwPlacement *placement;
  double x, y, tx, ty;
  guint steps;
  int from, to;

  gbacw_map_canvas_zoom_fit (f->canvas);
  gui_test_iterate ();
  g_assert_null (gbacw_map_canvas_get_tool (f->canvas));  /* "Move the Map" */
  {
    guint n_tools;
    const GbacwToolInfo *infos = gbacw_toolbox_get_tool_infos (&n_tools);
    gboolean listed = FALSE;
    for (guint i = 0; i < n_tools; i++)
      listed |= g_str_equal (infos[i].name, "deploy");
    g_assert_true (listed);
  }
  placement = gbacw_scenario_find_placement (f->scenario, "u-wagon", NULL);
  hex_point (f, placement->hex, &x, &y);
  steps = n_steps (f);
  g_signal_emit_by_name (press, "drag-begin", x, y);
  g_signal_emit_by_name (press, "drag-update", 40.0, 0.0);
  g_signal_emit_by_name (press, "drag-end", 40.0, 0.0);
  gui_test_iterate ();
  g_assert_null (gbacw_deployment_controller_get_selected_unit (f->deployment));
  g_assert_cmpuint (n_steps (f), ==, steps);
  gbacw_map_canvas_zoom_fit (f->canvas);
  gui_test_iterate ();

  use_tool (f, "deploy");
  g_assert_true (GBACW_IS_TOOL_DEPLOY (gbacw_map_canvas_get_tool (f->canvas)));

  placement = gbacw_scenario_find_placement (f->scenario, "u-wagon", NULL);
  g_assert_nonnull (placement);
  from = placement->hex;
  to = hex_of (f, "0609");
  g_assert_cmpint (from, !=, to);
  hex_point (f, from, &x, &y);
  hex_point (f, to, &tx, &ty);

  steps = n_steps (f);
  g_signal_emit_by_name (press, "drag-begin", x, y);
  g_assert_cmpstr (gbacw_deployment_controller_get_selected_unit (f->deployment), ==, "u-wagon");
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_oob_item_get_id (gbacw_oob_panel_get_selected_item (f->panel)), ==, "u-wagon");
  g_signal_emit_by_name (press, "drag-update", (tx - x) / 2, (ty - y) / 2);
  g_signal_emit_by_name (press, "drag-update", tx - x, ty - y);
  g_assert_nonnull (strstr (gbacw_deployment_controller_get_status (f->deployment), "0609"));
  g_signal_emit_by_name (press, "drag-end", tx - x, ty - y);
  gui_test_iterate ();
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-wagon", NULL)->hex, ==, to);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);

  /* A stack of two, selected: it fans out. */
  placement = gbacw_scenario_find_placement (f->scenario, "u-14oh", NULL);
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, "u-14oh"));
  gui_test_iterate ();
  g_assert_cmpint (gbacw_deployment_controller_get_fanned_hex (f->deployment), ==, placement->hex);

  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-wagon", NULL)->hex, ==, from);

  /* The order of battle drops onto the map whatever the tool: 1 US SS with the brush. */
  use_tool (f, "brush");
  hex_point (f, hex_of (f, "0506"), &x, &y);
  {
    GtkDropTarget *target = canvas_drop_target (f);
    GValue value = G_VALUE_INIT;
    gboolean dropped = FALSE;

    g_value_init (&value, GBACW_TYPE_OOB_ITEM);
    g_value_set_object (&value, item (f, GBACW_OOB_ITEM_UNIT, "u-1usss"));
    g_signal_emit_by_name (target, "drop", &value, x, y, &dropped);
    g_value_unset (&value);
    g_assert_true (dropped);
  }
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-1usss", NULL)->hex, ==, hex_of (f, "0506"));
}

/* The shortcut with trigger (e.g. "<Control>z") that widget handles in phase: capture,
 * before its children see the key; bubble, its class's key bindings. */
static GtkShortcut *
find_shortcut (GtkWidget          *widget,
               const char         *trigger,
               GtkPropagationPhase phase)
{
  g_autoptr(GtkShortcutTrigger) wanted = gtk_shortcut_trigger_parse_string (trigger);

  return gui_test_find_shortcut (widget, wanted, phase);
}

static GtkShortcut *
capture_shortcut (GtkWidget  *widget,
                  const char *trigger)
{
  return find_shortcut (widget, trigger, GTK_PHASE_CAPTURE);
}

/* Runs a key binding of widget's class. */
static void
press_binding (GtkWidget  *widget,
               const char *trigger)
{
  GtkShortcut *shortcut = find_shortcut (widget, trigger, GTK_PHASE_BUBBLE);

  g_assert_nonnull (shortcut);
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE,
                                               widget, NULL));
  gui_test_iterate ();
}

static gboolean
press_shortcut (GtkWidget  *widget,
                const char *trigger)
{
  GtkShortcut *shortcut = capture_shortcut (widget, trigger);
  gboolean handled;

  g_assert_nonnull (shortcut);
  handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                          NULL);
  gui_test_iterate ();
  return handled;
}

/* The map point at the centre of the hex labelled label. */
static void
map_point (Fixture    *f,
           const char *label,
           double     *mx,
           double     *my)
{
  const GbacwHexGrid *grid = &f->scenario->map->grid;

  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex_of (f, label)), mx, my);
}

/* A click of the current tool at the centre of hex label (map units, as the canvas
 * passes them). */
static void
click (Fixture         *f,
       const char      *label,
       GdkModifierType  state)
{
  GbacwTool *tool = gbacw_map_canvas_get_tool (f->canvas);
  double mx, my;

  map_point (f, label, &mx, &my);
  gbacw_tool_pressed (tool, f->canvas, mx, my, state);
  gbacw_tool_released (tool, f->canvas, mx, my, state);
  gui_test_iterate ();
}

static guint
n_selected (Fixture *f)
{
  return g_strv_length ((char **) gbacw_deployment_controller_get_selection (f->deployment));
}

static gboolean
is_selected (Fixture    *f,
             const char *unit)
{
  return g_strv_contains (gbacw_deployment_controller_get_selection (f->deployment), unit);
}

/* The shortcut for key on the widget holding both the tree and the map: present, and
 * what it does (FALSE when it passed the key on). */
static gboolean
press_unit_key (Fixture    *f,
                const char *trigger)
{
  GtkWidget *scope = GTK_WIDGET (f->canvas);
  GtkShortcut *shortcut = NULL;
  gboolean handled;

  /* the nearest ancestor of the canvas with the key that is also the tree's */
  for (; scope != NULL && shortcut == NULL; scope = gtk_widget_get_parent (scope))
    if ((shortcut = find_shortcut (scope, trigger, GTK_PHASE_BUBBLE)) != NULL)
      break;
  g_assert_nonnull (shortcut);
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (f->panel), scope));
  handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE, scope,
                                          gtk_shortcut_get_arguments (shortcut));
  gui_test_iterate ();
  return handled;
}

/* Several counters at once with the deploy tool: Shift+click adds and takes out, the
 * keys and a drag apply to the whole selection in one undo step each, a rubber band
 * selects what it covers; the whole stack and the brigade (chosen in the tree, with the
 * focus there) take the same keys. */
static void
test_multi_select (Fixture      *f,
                   gconstpointer data)
{
  GbacwTool *tool;
  guint steps;
  int bty_facing;
  double x0, y0, x1, y1;

  gbacw_map_canvas_zoom_fit (f->canvas);
  use_tool (f, "deploy");
  tool = gbacw_map_canvas_get_tool (f->canvas);

  /* 7 Wis (0610) and the battery (0707), each alone in its hex; 1 US SS (0605) in and out */
  click (f, "0610", 0);
  g_assert_cmpstr (gbacw_deployment_controller_get_selected_unit (f->deployment), ==, "u-7wis");
  click (f, "0707", GDK_SHIFT_MASK);
  click (f, "0605", GDK_SHIFT_MASK);
  g_assert_cmpuint (n_selected (f), ==, 3);
  click (f, "0605", GDK_SHIFT_MASK);
  g_assert_cmpuint (n_selected (f), ==, 2);
  g_assert_true (is_selected (f, "u-7wis"));
  g_assert_true (is_selected (f, "u-bty-b"));
  g_assert_cmpstr (gbacw_deployment_controller_get_selected_unit (f->deployment), ==, "u-bty-b");

  /* C: the regiment goes into column, the battery cannot and stays unlimbered; one step */
  steps = n_steps (f);
  g_assert_true (press_unit_key (f, "c"));
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-7wis", NULL)->formation, ==,
                   GBACW_FORMATION_STATE_COLUMN);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-bty-b", NULL)->formation, ==,
                   GBACW_FORMATION_STATE_UNLIMBERED);
  /* period: both turn one hexside clockwise, one step */
  bty_facing = gbacw_scenario_find_placement (f->scenario, "u-bty-b", NULL)->facing;
  g_assert_true (press_unit_key (f, "period"));
  g_assert_cmpuint (n_steps (f), ==, steps + 2);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-bty-b", NULL)->facing, ==, (bty_facing + 1) % 6);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-7wis", NULL)->facing, ==, 2);

  /* dragging one of them moves both one hex south, one step */
  map_point (f, "0610", &x0, &y0);
  map_point (f, "0611", &x1, &y1);
  gbacw_tool_pressed (tool, f->canvas, x0, y0, 0);
  gbacw_tool_dragged (tool, f->canvas, (x0 + x1) / 2, (y0 + y1) / 2, 0);
  gbacw_tool_dragged (tool, f->canvas, x1, y1, 0);
  gbacw_tool_released (tool, f->canvas, x1, y1, 0);
  gui_test_iterate ();
  g_assert_cmpuint (n_steps (f), ==, steps + 3);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-7wis", NULL)->hex, ==, hex_of (f, "0611"));
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-bty-b", NULL)->hex, ==, hex_of (f, "0708"));
  g_assert_cmpuint (n_selected (f), ==, 2);

  /* Delete: both off the map, one step */
  g_assert_true (press_unit_key (f, "Delete"));
  g_assert_cmpuint (n_steps (f), ==, steps + 4);
  g_assert_null (gbacw_scenario_find_placement (f->scenario, "u-7wis", NULL));
  g_assert_null (gbacw_scenario_find_placement (f->scenario, "u-bty-b", NULL));
  /* with nothing on the map selected, the keys pass on */
  g_assert_false (press_unit_key (f, "l"));

  /* a rubber band from 0404 to 0609: 1 US SS (0605) and the wagon (0508), not 14 Oh (1008) */
  map_point (f, "0404", &x0, &y0);
  map_point (f, "0609", &x1, &y1);
  gbacw_tool_pressed (tool, f->canvas, x0, y0, 0);
  gbacw_tool_dragged (tool, f->canvas, x1, y1, 0);
  gbacw_tool_released (tool, f->canvas, x1, y1, 0);
  gui_test_iterate ();
  g_assert_true (is_selected (f, "u-1usss"));
  g_assert_true (is_selected (f, "u-wagon"));
  g_assert_false (is_selected (f, "u-14oh"));
  /* a click on empty map lets go */
  click (f, "0404", 0);
  g_assert_cmpuint (n_selected (f), ==, 0);

  /* the whole stack of 14 Oh (with Hollister) turned in one step */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, "u-14oh"));
  gui_test_iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.select-stack", NULL));
  g_assert_true (is_selected (f, "u-hollister"));
  g_assert_cmpstr (gbacw_deployment_controller_get_selected_unit (f->deployment), ==, "u-14oh");
  steps = n_steps (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "deploy.facing", "i", 4));
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-14oh", NULL)->facing, ==, 4);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-hollister", NULL)->facing, ==, 4);
  /* Alt+scroll turns them too; a plain scroll is the map's */
  g_assert_false (gbacw_tool_scrolled (tool, f->canvas, x0, y0, 1, 0));
  g_assert_true (gbacw_tool_scrolled (tool, f->canvas, x0, y0, 1, GDK_ALT_MASK));
  g_assert_cmpuint (n_steps (f), ==, steps + 2);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-hollister", NULL)->facing, ==, 5);

  /* Webb's Brigade chosen in the tree, the focus in the tree: comma turns every unit of
   * it on the map (14 Oh, 31 Ill and Webb) in one step */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_FORMATION, "u-webb"));
  gui_test_iterate ();
  g_assert_true (is_selected (f, "u-31ill"));
  g_assert_true (is_selected (f, "u-webb-ldr"));
  g_assert_false (is_selected (f, "u-hollister"));
  gtk_widget_grab_focus (GTK_WIDGET (f->panel));
  gui_test_iterate ();
  steps = n_steps (f);
  g_assert_true (press_unit_key (f, "comma"));
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-14oh", NULL)->facing, ==, 4);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-31ill", NULL)->facing, ==, 0);
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-hollister", NULL)->facing, ==, 5);

  /* and a unit chosen in the tree takes L (Line) there too */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, "u-14oh"));
  gui_test_iterate ();
  g_assert_true (press_unit_key (f, "c"));
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-14oh", NULL)->formation, ==,
                   GBACW_FORMATION_STATE_COLUMN);
  g_assert_true (press_unit_key (f, "l"));
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-14oh", NULL)->formation, ==,
                   GBACW_FORMATION_STATE_LINE);
}

/* The labels of a menu's items, sections' items included, "|"-separated. */
static void
append_menu_labels (GMenuModel *model,
                    GString    *out)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        append_menu_labels (section, out);
      else if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        g_string_append_printf (out, "%s|", label);
    }
}

/* The row showing the entry id under widget, or NULL. */
static GtkWidget *
find_row (GtkWidget  *widget,
          const char *id,
          gboolean    mapped_only)
{
  if (GBACW_IS_OOB_ROW (widget) && (!mapped_only || gtk_widget_get_mapped (widget))
      && gbacw_oob_row_get_item (GBACW_OOB_ROW (widget)) != NULL
      && g_strcmp0 (gbacw_oob_item_get_id (gbacw_oob_row_get_item (GBACW_OOB_ROW (widget))), id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, id, mapped_only);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A right-click on the row of id in the tree. */
static void
right_click_row (Fixture    *f,
                 const char *id)
{
  GtkWidget *list = gui_test_find_widget (GTK_WIDGET (f->panel), GTK_TYPE_LIST_VIEW);
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (list);
  GtkWidget *row = find_row (list, id, FALSE);
  GtkGesture *click = NULL;
  double x, y;

  g_assert_nonnull (row);
  /* the row scrolled into the tree's view first, where a pointer can reach it: the tree
   * keeps rows a little past its view too, neither mapped nor at a place to click */
  if (find_row (list, id, TRUE) == NULL)
    {
      GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list));

      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
      for (int step = 0; step < 100 && find_row (list, id, TRUE) == NULL; step++)
        {
          gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment)
                                                + gtk_adjustment_get_page_size (adjustment) / 3);
          for (int k = 0; k < 5; k++)
            {
              gui_test_iterate ();
              g_usleep (5000);
            }
        }
    }
  row = find_row (list, id, TRUE);
  g_assert_nonnull (row);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_CLICK (controller)
          && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_SECONDARY)
        click = GTK_GESTURE (controller);
    }
  g_assert_nonnull (click);
  g_assert_true (gtk_widget_translate_coordinates (row, list, 20, gtk_widget_get_height (row) / 2.0, &x, &y));
  g_signal_emit_by_name (click, "pressed", 1, x, y);
  gui_test_iterate ();
}

/* A regiment moved to the Confederates through the tree's menu, and a brigade copied
 * to the Union: one undo step each, the tree shows them under their new side, the copy
 * has new ids and numbered names; undo gives back the demo. */
static void
test_other_side (Fixture      *f,
                 gconstpointer data)
{
  g_autoptr(GBytes) original = gbacw_scenario_save_to_bytes (f->scenario);
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GString) labels = g_string_new (NULL);
  g_autoptr(GMenuModel) menu = NULL;
  g_autofree char *copy = NULL;
  const GbacwFormation *formation;
  GbacwOobItem *it;
  guint steps = n_steps (f);

  /* the row's menu, on a right-click: the row is selected, the menu open */
  right_click_row (f, "u-14oh");
  g_assert_cmpstr (selected_id (f), ==, "u-14oh");
  {
    GtkWidget *popover = gui_test_find_widget (gui_test_find_widget (GTK_WIDGET (f->panel), GTK_TYPE_LIST_VIEW),
                                          GTK_TYPE_POPOVER_MENU);
    g_assert_nonnull (popover);
    g_assert_true (gtk_widget_get_visible (popover));
    gtk_popover_popdown (GTK_POPOVER (popover));
  }
  menu = gbacw_oob_panel_create_entry_menu (f->panel);
  append_menu_labels (menu, labels);
  g_assert_nonnull (strstr (labels->str, "Move to Confederate|Copy to Confederate|"));
  g_assert_null (strstr (labels->str, "to Union"));

  activate (f, "oob.move-to-side", "confederate");
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_assert_cmpstr (gbacw_oob_find_unit (&f->scenario->oob, "u-14oh")->side, ==, "confederate");
  g_assert_null (gbacw_scenario_find_placement (f->scenario, "u-14oh", NULL));
  it = item (f, GBACW_OOB_ITEM_UNIT, "u-14oh");
  g_assert_cmpstr (gbacw_oob_item_get_id (gbacw_oob_item_get_parent (it)), ==, "confederate");
  g_assert_cmpstr (selected_id (f), ==, "u-14oh");

  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_FORMATION, "c-pryor"));
  gui_test_iterate ();
  activate (f, "oob.copy-to-side", "union");
  g_assert_cmpuint (n_steps (f), ==, steps + 2);
  copy = g_strdup (selected_id (f));
  g_assert_cmpstr (copy, !=, "c-pryor");
  formation = gbacw_oob_find_formation (&f->scenario->oob, copy);
  g_assert_cmpstr (formation->side, ==, "union");
  g_assert_cmpstr (formation->name, ==, "Pryor's Brigade (2)");
  it = item (f, GBACW_OOB_ITEM_FORMATION, copy);
  g_assert_cmpstr (gbacw_oob_item_get_id (gbacw_oob_item_get_parent (it)), ==, "union");
  {
    GbacwOobItem *pryor = item (f, GBACW_OOB_ITEM_FORMATION, "c-pryor");
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gbacw_oob_item_get_children (it))), ==,
                      g_list_model_get_n_items (G_LIST_MODEL (gbacw_oob_item_get_children (pryor))));
  }
  /* a side cannot take what it has */
  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_FORMATION, "c-pryor"));
  gui_test_iterate ();
  activate (f, "oob.move-to-side", "confederate");
  g_assert_cmpuint (n_steps (f), ==, steps + 2);

  while (n_steps (f) > steps)
    g_assert_true (gbacw_document_undo (f->document));
  gui_test_iterate ();
  undone = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (g_bytes_equal (original, undone));
  g_assert_null (gbacw_oob_panel_lookup (f->panel, GBACW_OOB_ITEM_FORMATION, copy));
}

/* Ctrl+Z with the cursor in a field of the form undoes the last edit, as anywhere else
 * in the window: the field's own undo would take back the value the form put in it,
 * emptying the field, and store that (a unit lost its name). */
static void
test_undo_in_field (Fixture *f, gconstpointer data)
{
  GtkWidget *name;
#define UNIT gbacw_oob_find_unit (&f->scenario->oob, "u-14oh")

  g_assert_true (gbacw_oob_panel_select (f->panel, GBACW_OOB_ITEM_UNIT, "u-14oh"));
  gui_test_iterate ();
  type_field (f, GBACW_OOB_FIELD_STRENGTH, "7");
  g_assert_cmpint (UNIT->strength, ==, 7);

  name = gbacw_oob_inspector_get_field_widget (f->inspector, GBACW_OOB_FIELD_NAME);
  g_assert_true (gtk_widget_grab_focus (name));
  gui_test_iterate ();
  g_assert_true (press_shortcut (GTK_WIDGET (f->window), "<Control>z"));
  g_assert_cmpint (UNIT->strength, ==, 6);
  g_assert_cmpstr (UNIT->designation, ==, "14 Oh");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name)), ==, "14 Oh");
  g_assert_true (press_shortcut (GTK_WIDGET (f->window), "<Control><Shift>z"));
  g_assert_cmpint (UNIT->strength, ==, 7);

  /* The search field keeps its own undo. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "oob.search", NULL));
  gui_test_iterate ();
  g_assert_false (press_shortcut (GTK_WIDGET (f->window), "<Control>z"));
  g_assert_cmpint (UNIT->strength, ==, 7);

  /* The chart editor's cells are the same. */
  {
    GbacwChartEditor *charts = GBACW_CHART_EDITOR (gbacw_scenario_controller_get_chart_editor (f->controller));
    GbacwChart *chart = g_ptr_array_index (f->scenario->charts, 0);
    const GbacwChartRow *row = g_ptr_array_index (chart->rows, 0);
    const char *col = g_ptr_array_index (chart->columns, 0);
    g_autofree char *before = gbacw_cell_format (gbacw_chart_lookup (chart, row->id, col));
    GtkEditable *cell;

    gtk_window_present (GTK_WINDOW (charts));
    gui_test_iterate ();
    g_assert_true (gbacw_chart_editor_set_cell_text (charts, row->id, col, "{9}"));
    cell = gbacw_chart_editor_get_cell_entry (charts, row->id, col);
    g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (cell)));
    gui_test_iterate ();
    g_assert_true (press_shortcut (GTK_WIDGET (charts), "<Control>z"));
    {
      const GbacwChart *now = gbacw_scenario_find_chart (f->scenario, chart->id);
      g_autofree char *after = gbacw_cell_format (gbacw_chart_lookup (now, row->id, col));
      g_assert_cmpstr (after, ==, before);
    }
    /* Ctrl+W closes the Charts window */
    g_object_add_weak_pointer (G_OBJECT (charts), (gpointer *) &charts);
    press_binding (GTK_WIDGET (charts), "<Control>w");
    g_assert_null (charts);
  }
#undef UNIT
}

/* A deployed unit dragged onto the reinforcements arrives later and leaves the map in
 * the same step; undo puts it back. */
static void
test_reinforcement_takes_off_map (Fixture *f, gconstpointer data)
{
  g_autofree char *id = NULL;
  int hex = gbacw_scenario_find_placement (f->scenario, "u-1usss", NULL)->hex;
  guint steps = n_steps (f);

  id = gbacw_reinforcement_panel_add (f->reinforcements, 4, item (f, GBACW_OOB_ITEM_UNIT, "u-1usss"));
  g_assert_nonnull (id);
  gui_test_iterate ();
  g_assert_null (gbacw_scenario_find_placement (f->scenario, "u-1usss", NULL));
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_assert_true (gbacw_document_undo (f->document));
  gui_test_iterate ();
  g_assert_cmpint (gbacw_scenario_find_placement (f->scenario, "u-1usss", NULL)->hex, ==, hex);
  g_assert_cmpuint (f->scenario->reinforcements->len, ==, 1);

  /* The other way: a unit of Sayer's Brigade, which arrives on Game-Turn 3, dropped on
   * the map (in the Union set-up area) is refused, with the reason, and so is the brigade. */
  {
    double x, y;

    steps = n_steps (f);
    gbacw_map_canvas_zoom_fit (f->canvas);
    gui_test_iterate ();
    hex_point (f, hex_of (f, "0506"), &x, &y);
    g_assert_true (gbacw_deploy_in_setup_area (f->scenario, "union", hex_of (f, "0506")));
    g_assert_false (gbacw_deployment_controller_drop (f->deployment, item (f, GBACW_OOB_ITEM_UNIT, "u-22ind"), x, y));
    g_assert_nonnull (strstr (gbacw_deployment_controller_get_status (f->deployment), "reinforcement"));
    g_assert_null (gbacw_scenario_find_placement (f->scenario, "u-22ind", NULL));
    g_assert_false (gbacw_deployment_controller_drop (f->deployment, item (f, GBACW_OOB_ITEM_FORMATION, "u-sayer"), x,
                                                      y));
    g_assert_null (gbacw_scenario_find_placement (f->scenario, "u-sayer-ldr", NULL));
    g_assert_cmpuint (n_steps (f), ==, steps);
  }
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The dropdowns under widget offering a choice titled title. */
static guint
count_choices (GtkWidget  *widget,
               const char *title)
{
  guint n = 0;

  if (GTK_IS_DROP_DOWN (widget) && GTK_IS_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))))
    {
      GtkStringList *list = GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget)));
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
        if (g_strcmp0 (gtk_string_list_get_string (list, i), title) == 0)
          n++;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    n += count_choices (child, title);
  return n;
}

/* An objective added in the settings gets a name, a side and VP there, each one undo
 * step; an objective a VP award names cannot be removed (the reason is shown), the new
 * one can. Undoing everything gives back the demo's bytes. */
static void
test_objective_edit (Fixture *f, gconstpointer data)
{
  GbacwSettingsDialog *dialog = GBACW_SETTINGS_DIALOG (gbacw_scenario_controller_get_settings_dialog (f->controller));
  g_autoptr(GBytes) original = gbacw_scenario_save_to_bytes (f->scenario);
  g_autoptr(GBytes) undone = NULL;
  guint steps = n_steps (f), n_areas = f->scenario->map->areas->len;
  const GbacwSide *first_side = g_ptr_array_index (f->scenario->oob.sides, 0);
  g_autofree char *id = NULL;
  GtkWidget *add, *widget;
  const GbacwArea *area;

  gtk_window_present (GTK_WINDOW (dialog));
  gbacw_settings_dialog_show_page (dialog, "victory");
  gui_test_iterate ();
  add = find_button (GTK_WIDGET (dialog), "Add Objective");
  g_assert_nonnull (add);
  g_signal_emit_by_name (add, "clicked");
  gui_test_iterate ();
  g_assert_cmpuint (f->scenario->map->areas->len, ==, n_areas + 1);
  area = g_ptr_array_index (f->scenario->map->areas, n_areas);
  id = g_strdup (area->id);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);

  /* Name: applied when Enter is pressed; the awards' and automatic victories' area
   * choices show it, their selections kept. */
  g_assert_cmpuint (count_choices (GTK_WIDGET (dialog), "Harlan's Ridge"), ==, 0);
  widget = gbacw_settings_dialog_get_objective_widget (dialog, id, "name");
  g_assert_true (GTK_IS_EDITABLE (widget));
  gtk_editable_set_text (GTK_EDITABLE (widget), "Harlan's Ridge");
  g_signal_emit_by_name (widget, "activate");
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_map_find_area (f->scenario->map, id)->name, ==, "Harlan's Ridge");
  g_assert_cmpuint (n_steps (f), ==, steps + 2);
  g_assert_cmpuint (count_choices (GTK_WIDGET (dialog), "Harlan's Ridge"), ==,
                    f->scenario->vp_awards->len + f->scenario->automatic_victories->len);
  /* (No other step: the dropdowns' selections did not move.) */

  /* Side: the first choice is either side, then the sides in order. */
  widget = gbacw_settings_dialog_get_objective_widget (dialog, id, "side");
  g_assert_true (GTK_IS_DROP_DOWN (widget));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (widget)), ==, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), 1);
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_map_find_area (f->scenario->map, id)->side, ==, first_side->id);
  g_assert_cmpuint (n_steps (f), ==, steps + 3);

  /* VP: 0 is none. */
  widget = gbacw_settings_dialog_get_objective_widget (dialog, id, "vp");
  g_assert_true (GTK_IS_SPIN_BUTTON (widget));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), 4);
  gui_test_iterate ();
  g_assert_cmpint (gbacw_map_find_area (f->scenario->map, id)->vp, ==, 4);
  g_assert_cmpuint (n_steps (f), ==, steps + 4);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), 0);
  gui_test_iterate ();
  g_assert_cmpint (gbacw_map_find_area (f->scenario->map, id)->vp, ==, GBACW_UNSET);
  g_assert_cmpuint (n_steps (f), ==, steps + 5);

  /* Undo takes the VP back, and the dialog shows it. */
  g_assert_true (gbacw_document_undo (f->document));
  gui_test_iterate ();
  widget = gbacw_settings_dialog_get_objective_widget (dialog, id, "vp");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget)), ==, 4);
  g_assert_true (gbacw_document_redo (f->document));
  gui_test_iterate ();

  /* An award names obj-mill: refused, with the reason. */
  widget = gbacw_settings_dialog_get_objective_widget (dialog, "obj-mill", "remove");
  g_assert_true (GTK_IS_BUTTON (widget));
  g_signal_emit_by_name (widget, "clicked");
  gui_test_iterate ();
  g_assert_nonnull (gbacw_map_find_area (f->scenario->map, "obj-mill"));
  g_assert_cmpstr (gbacw_settings_dialog_get_message (dialog), !=, "");
  g_assert_cmpuint (n_steps (f), ==, steps + 5);

  widget = gbacw_settings_dialog_get_objective_widget (dialog, id, "remove");
  g_signal_emit_by_name (widget, "clicked");
  gui_test_iterate ();
  g_assert_null (gbacw_map_find_area (f->scenario->map, id));
  g_assert_null (gbacw_settings_dialog_get_objective_widget (dialog, id, "name"));
  g_assert_cmpuint (n_steps (f), ==, steps + 6);

  while (n_steps (f) > steps)
    g_assert_true (gbacw_document_undo (f->document));
  gui_test_iterate ();
  undone = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (g_bytes_equal (original, undone));
  /* Escape closes Scenario Settings */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  press_binding (GTK_WIDGET (dialog), "Escape");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
}

/* P 34.11 prices losses by how they happened: the Victory page shows an award's qualifiers
 * for the events that read them (how and unit type for SP lost, how and role for leaders
 * lost, none for an objective); choosing one is one undo step, in the file. */
static void
test_award_qualifiers (Fixture *f, gconstpointer data)
{
  GbacwSettingsDialog *dialog = GBACW_SETTINGS_DIALOG (gbacw_scenario_controller_get_settings_dialog (f->controller));
  g_autoptr(GBytes) original = gbacw_scenario_save_to_bytes (f->scenario);
  g_autoptr(GBytes) undone = NULL;
  guint steps = n_steps (f);
  GtkWidget *widget;
  const GbacwVpAward *award;

  gtk_window_present (GTK_WINDOW (dialog));
  gbacw_settings_dialog_show_page (dialog, "victory");
  gui_test_iterate ();
  g_assert_null (gbacw_settings_dialog_get_award_widget (dialog, "v-mill", "how"));
  g_assert_null (gbacw_settings_dialog_get_award_widget (dialog, "v-sp", "role"));
  g_assert_null (gbacw_settings_dialog_get_award_widget (dialog, "v-leaders", "unit-type"));
  widget = gbacw_settings_dialog_get_award_widget (dialog, "v-sp", "how");
  g_assert_nonnull (widget);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), 2);   /* Captured */
  gui_test_iterate ();
  award = g_ptr_array_index (f->scenario->vp_awards, 2);
  g_assert_cmpstr (award->id, ==, "v-sp");
  g_assert_cmpint (award->how, ==, GBACW_VP_HOW_CAPTURED);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  widget = gbacw_settings_dialog_get_award_widget (dialog, "v-leaders", "role");
  g_assert_nonnull (widget);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), 3);   /* Division commander */
  gui_test_iterate ();
  widget = gbacw_settings_dialog_get_award_widget (dialog, "v-leaders", "how");
  g_assert_nonnull (widget);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), 3);   /* Wounded */
  gui_test_iterate ();
  award = g_ptr_array_index (f->scenario->vp_awards, 3);
  g_assert_cmpstr (award->id, ==, "v-leaders");
  g_assert_cmpstr (award->role, ==, "division");
  g_assert_cmpint (award->how, ==, GBACW_VP_HOW_WOUNDED);
  g_assert_cmpuint (n_steps (f), ==, steps + 3);
  {
    g_autoptr(GBytes) saved = gbacw_scenario_save_to_bytes (f->scenario);
    g_autofree char *text = g_strndup (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved));
    g_assert_nonnull (strstr (text, "event=\"leader-lost\" vp=\"2\" when=\"end\" how=\"wounded\" role=\"division\""));
  }
  while (n_steps (f) > steps)
    g_assert_true (gbacw_document_undo (f->document));
  gui_test_iterate ();
  undone = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (g_bytes_equal (original, undone));
}

/* Whether a label under widget starts with prefix. */
static gboolean
find_label (GtkWidget  *widget,
            const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (find_label (child, prefix))
      return TRUE;
  return FALSE;
}

/* Scenario Settings' exclusive rules: each shown with its case and what it does; a value the
 * validator refuses is marked with the reason, a good one not; the pickers put a choice or the
 * order of battle's formations in, a known parameter's name in the new line; turning the rule
 * off; each change one undo step. Fill Stand-ins and Clear Stand-ins are one step each. Undoing
 * everything gives back the demo's bytes. */
/* The scenario's last exclusive rule (each edit replaces it: read it anew). */
static const GbacwExclusiveRule *
last_rule (Fixture *f)
{
  return g_ptr_array_index (f->scenario->exclusive_rules, f->scenario->exclusive_rules->len - 1);
}

static void
test_exclusive_rules_page (Fixture *f, gconstpointer data)
{
  GbacwSettingsDialog *dialog = GBACW_SETTINGS_DIALOG (gbacw_scenario_controller_get_settings_dialog (f->controller));
  g_autoptr(GBytes) original = gbacw_scenario_save_to_bytes (f->scenario);
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GError) error = NULL;
  guint steps = n_steps (f);
  GtkWidget *widget, *pick;

  gtk_window_present (GTK_WINDOW (dialog));
  gbacw_settings_dialog_show_page (dialog, "rules");
  gui_test_iterate ();
  gbacw_document_execute (f->document, gbacw_settings_set_exclusive_rule (f->scenario, "reinforcement-entry", TRUE,
                                                                          &error));
  g_assert_no_error (error);
  gbacw_document_execute (f->document, gbacw_settings_set_exclusive_param (f->scenario, "reinforcement-entry",
                                                                           "blocked", "zoc", &error));
  gui_test_iterate ();
  g_assert_cmpuint (n_steps (f), ==, steps + 2);
  g_assert_nonnull (gbacw_settings_dialog_get_rule_widget (dialog, "reinforcement-entry", NULL, FALSE));
  g_assert_true (find_label (GTK_WIDGET (dialog), "26.0 — Blocked entry hexes"));

  /* "zoc" is no choice of "blocked": marked, with the validator's reason */
  widget = gbacw_settings_dialog_get_rule_widget (dialog, "reinforcement-entry", "blocked", FALSE);
  g_assert_true (GTK_IS_EDITABLE (widget));
  g_assert_true (gtk_widget_has_css_class (widget, "error"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (widget), "is not one of"));
  gtk_editable_set_text (GTK_EDITABLE (widget), "enemy");
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "blocked"), ==, "enemy");
  g_assert_false (gtk_widget_has_css_class (widget, "error"));
  /* typing into the same parameter merges with its last change: one step */
  g_assert_cmpuint (n_steps (f), ==, steps + 2);
  /* the picker of its choices: "enemy-zoc" is the third word after the title */
  pick = gbacw_settings_dialog_get_rule_widget (dialog, "reinforcement-entry", "blocked", TRUE);
  g_assert_true (GTK_IS_DROP_DOWN (pick));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (pick), 3);
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "blocked"), ==, "enemy-zoc");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (pick)), ==, 0);

  /* hexes picked on the map: a click adds one, a click on it again takes it out */
  gbacw_document_execute (f->document, gbacw_settings_set_exclusive_param (f->scenario, "reinforcement-entry", "swap",
                                                                           "0101", &error));
  gui_test_iterate ();
  pick = gbacw_settings_dialog_get_rule_widget (dialog, "reinforcement-entry", "swap", TRUE);
  g_assert_true (GTK_IS_BUTTON (pick));
  g_assert_true (gtk_widget_get_sensitive (pick));
  g_signal_emit_by_name (pick, "clicked");
  gui_test_iterate ();
  g_assert_true (gbacw_deployment_controller_is_picking (f->deployment));
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0203"));
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "swap"), ==, "0101 0203");
  g_assert_true (gbacw_deployment_controller_is_picking (f->deployment));   /* until Escape */
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0101"));
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "swap"), ==, "0203");
  gbacw_deployment_controller_finish_pick (f->deployment, -1);
  gui_test_iterate ();
  g_assert_false (gbacw_deployment_controller_is_picking (f->deployment));
  g_assert_cmpuint (n_steps (f), ==, steps + 3);   /* another parameter: a step, its picks merged in it */

  /* the new line's picker names the parameters not given yet */
  pick = gbacw_settings_dialog_get_rule_widget (dialog, "reinforcement-entry", NULL, TRUE);
  g_assert_true (GTK_IS_DROP_DOWN (pick));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (pick))), ==, 1 + 7);

  /* formations from the order of battle, added one after the other */
  gbacw_document_execute (f->document, gbacw_settings_set_exclusive_rule (f->scenario, "reserves", TRUE, &error));
  gbacw_document_execute (f->document, gbacw_settings_set_exclusive_param (f->scenario, "reserves", "formations", "u-webb",
                                                                           &error));
  gui_test_iterate ();
  widget = gbacw_settings_dialog_get_rule_widget (dialog, "reserves", "formations", FALSE);
  g_assert_false (gtk_widget_has_css_class (widget, "error"));
  pick = gbacw_settings_dialog_get_rule_widget (dialog, "reserves", "formations", TRUE);
  g_assert_true (GTK_IS_DROP_DOWN (pick));
  {
    GListModel *model = gtk_drop_down_get_model (GTK_DROP_DOWN (pick));
    guint sayer = 0;
    for (guint i = 1; i < g_list_model_get_n_items (model); i++)
      if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), "u-sayer"))
        sayer = i;
    g_assert_cmpuint (sayer, >, 0);
    gtk_drop_down_set_selected (GTK_DROP_DOWN (pick), sayer);
  }
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "formations"), ==, "u-webb u-sayer");
  g_assert_false (gtk_widget_has_css_class (widget, "error"));
  steps += 5;
  g_assert_cmpuint (n_steps (f), ==, steps);

  /* turning it off: one step */
  widget = gbacw_settings_dialog_get_rule_widget (dialog, "reserves", NULL, FALSE);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), FALSE);
  gui_test_iterate ();
  g_assert_false (last_rule (f)->enabled);
  g_assert_cmpuint (n_steps (f), ==, ++steps);

  /* Scenario ▸ Fill Stand-ins / Clear Stand-ins: one step each */
  gbacw_document_execute (f->document, gbacw_oob_set_field (f->scenario, GBACW_OOB_ENTRY_UNIT, "u-14oh",
                                                            GBACW_OOB_FIELD_STRENGTH, "", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gbacw_scenario_controller_stand_ins (f->controller, TRUE), ==, 1);
  g_assert_cmpint (gbacw_oob_find_unit (&f->scenario->oob, "u-14oh")->strength, >, 0);
  g_assert_cmpuint (n_steps (f), ==, steps + 2);
  g_assert_cmpuint (gbacw_scenario_controller_stand_ins (f->controller, TRUE), ==, 0);
  g_assert_cmpuint (gbacw_scenario_controller_stand_ins (f->controller, FALSE), ==, 1);
  g_assert_cmpint (gbacw_oob_find_unit (&f->scenario->oob, "u-14oh")->strength, ==, GBACW_UNSET);
  g_assert_cmpuint (n_steps (f), ==, steps + 3);
  steps = n_steps (f);

  while (n_steps (f) > 0 && gbacw_document_undo (f->document))
    ;
  gui_test_iterate ();
  undone = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (g_bytes_equal (original, undone));
}

/* The rules page shown with reserves' parameter param given empty (the rule added with it):
 * the scenario's bytes then. */
static GBytes *
show_rule_param (Fixture *f, GbacwSettingsDialog *dialog, const char *param)
{
  g_autoptr(GError) error = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  gbacw_settings_dialog_show_page (dialog, "rules");
  gbacw_document_execute (f->document, gbacw_settings_set_exclusive_param (f->scenario, "reserves", param, "", &error));
  g_assert_no_error (error);
  gui_test_iterate ();
  return gbacw_scenario_save_to_bytes (f->scenario);
}

/* An area parameter drawn on the map (reserves' release-area): the first click makes an area
 * for it and names it in the parameter, the next ones put hexes in or take them out; the
 * whole drawing is one undo step, and undoing it gives back the scenario as it was. An area
 * of the map chosen instead; a hexes parameter given an area. */
static void
test_exclusive_area_picker (Fixture *f, gconstpointer data)
{
  GbacwSettingsDialog *dialog = GBACW_SETTINGS_DIALOG (gbacw_scenario_controller_get_settings_dialog (f->controller));
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) undone = NULL;
  guint n_areas = f->scenario->map->areas->len;
  const GbacwArea *area;
  const char *id;
  GtkWidget *pick, *choice;
  guint steps;

  before = show_rule_param (f, dialog, "release-area");
  steps = n_steps (f);

  pick = gbacw_settings_dialog_get_rule_widget (dialog, "reserves", "release-area", TRUE);
  g_assert_true (GTK_IS_BUTTON (pick));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (pick)), ==, "Draw on Map");
  g_assert_true (gtk_widget_get_sensitive (pick));
  g_signal_emit_by_name (pick, "clicked");
  gui_test_iterate ();
  g_assert_true (gbacw_deployment_controller_is_picking (f->deployment));
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0203"));
  gui_test_iterate ();
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0304"));
  gui_test_iterate ();
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0404"));
  gui_test_iterate ();
  gbacw_deployment_controller_finish_pick (f->deployment, hex_of (f, "0203"));   /* takes it out again */
  gui_test_iterate ();
  g_assert_true (gbacw_deployment_controller_is_picking (f->deployment));
  gbacw_deployment_controller_finish_pick (f->deployment, -1);
  gui_test_iterate ();
  g_assert_false (gbacw_deployment_controller_is_picking (f->deployment));

  /* a new area holding the hexes drawn, named by the parameter, which the validator accepts */
  g_assert_cmpuint (f->scenario->map->areas->len, ==, n_areas + 1);
  id = gbacw_exclusive_rule_get_param (last_rule (f), "release-area");
  area = gbacw_map_find_area (f->scenario->map, id);
  g_assert_nonnull (area);
  g_assert_cmpuint (area->hexes->len, ==, 2);
  g_assert_true (gbacw_area_contains (area, hex_of (f, "0304")));
  g_assert_true (gbacw_area_contains (area, hex_of (f, "0404")));
  g_assert_false (gbacw_area_contains (area, hex_of (f, "0203")));
  g_assert_false (gtk_widget_has_css_class (gbacw_settings_dialog_get_rule_widget (dialog, "reserves", "release-area",
                                                                                   FALSE),
                                            "error"));
  /* the map's areas to choose from, the new one among them */
  choice = gbacw_settings_dialog_get_rule_area_choice (dialog, "reserves", "release-area");
  g_assert_true (GTK_IS_DROP_DOWN (choice));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (choice))), ==, 1 + n_areas + 1);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);

  /* one undo takes back the whole drawing */
  g_assert_true (gbacw_document_undo (f->document));
  gui_test_iterate ();
  g_assert_cmpuint (f->scenario->map->areas->len, ==, n_areas);
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "release-area"), ==, "");
  undone = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (g_bytes_equal (before, undone));

  /* an existing area chosen, then drawn into: the parameter names it, the hexes go into it */
  choice = gbacw_settings_dialog_get_rule_area_choice (dialog, "reserves", "release-area");
  g_assert_nonnull (choice);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (choice), 1);
  gui_test_iterate ();
  id = gbacw_exclusive_rule_get_param (last_rule (f), "release-area");
  area = gbacw_map_find_area (f->scenario->map, id);
  g_assert_nonnull (area);
  g_assert_true (area == g_ptr_array_index (f->scenario->map->areas, 0));

  /* a hexes parameter takes an area's id after its hexes */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *expected = NULL;
    gbacw_document_execute (f->document, gbacw_settings_set_exclusive_param (f->scenario, "reinforcement-entry", "swap",
                                                                             "0101", &error));
    g_assert_no_error (error);
    gui_test_iterate ();
    choice = gbacw_settings_dialog_get_rule_area_choice (dialog, "reinforcement-entry", "swap");
    g_assert_true (GTK_IS_DROP_DOWN (choice));
    gtk_drop_down_set_selected (GTK_DROP_DOWN (choice), 1);
    gui_test_iterate ();
    expected = g_strdup_printf ("0101 %s", ((GbacwArea *) g_ptr_array_index (f->scenario->map->areas, 0))->id);
    g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "swap"), ==, expected);
  }
}

/* A formation-list parameter (reserves' formations) from the order of battle: each choice is
 * added to the list, one undo step, and one undo gives back the scenario as it was. */
static void
test_exclusive_formation_list (Fixture *f, gconstpointer data)
{
  GbacwSettingsDialog *dialog = GBACW_SETTINGS_DIALOG (gbacw_scenario_controller_get_settings_dialog (f->controller));
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) undone = NULL;
  GListModel *model;
  GtkWidget *pick;
  guint steps, webb = 0, sayer = 0;

  before = show_rule_param (f, dialog, "formations");
  steps = n_steps (f);

  pick = gbacw_settings_dialog_get_rule_widget (dialog, "reserves", "formations", TRUE);
  g_assert_true (GTK_IS_DROP_DOWN (pick));
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (pick));
  /* the order of battle's formations, every one of them */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1 + f->scenario->oob.formations->len);
  for (guint i = 1; i < g_list_model_get_n_items (model); i++)
    {
      const char *word = gtk_string_list_get_string (GTK_STRING_LIST (model), i);
      if (g_str_equal (word, "u-webb"))
        webb = i;
      else if (g_str_equal (word, "u-sayer"))
        sayer = i;
    }
  g_assert_cmpuint (webb, >, 0);
  g_assert_cmpuint (sayer, >, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (pick), webb);
  gui_test_iterate ();
  gtk_drop_down_set_selected (GTK_DROP_DOWN (pick), sayer);
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "formations"), ==, "u-webb u-sayer");
  g_assert_false (gtk_widget_has_css_class (gbacw_settings_dialog_get_rule_widget (dialog, "reserves", "formations",
                                                                                   FALSE),
                                            "error"));
  g_assert_cmpuint (n_steps (f), ==, steps + 1);

  g_assert_true (gbacw_document_undo (f->document));
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_exclusive_rule_get_param (last_rule (f), "formations"), ==, "");
  undone = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (g_bytes_equal (before, undone));
}

int
main (int argc, char **argv)
{
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add ("/editor/oob/build-deploy-save", Fixture, NULL, fixture_set_up, test_build_deploy_save,
              fixture_tear_down);
  g_test_add ("/editor/oob/undo-all", Fixture, NULL, fixture_set_up, test_undo_all, fixture_tear_down);
  g_test_add ("/editor/oob/roster", Fixture, NULL, fixture_set_up, test_roster, fixture_tear_down);
  g_test_add ("/editor/oob/map-gestures", Fixture, NULL, fixture_set_up, test_map_gestures, fixture_tear_down);
  g_test_add ("/editor/oob/multi-select", Fixture, NULL, fixture_set_up, test_multi_select, fixture_tear_down);
  g_test_add ("/editor/oob/other-side", Fixture, NULL, fixture_set_up, test_other_side, fixture_tear_down);
  g_test_add ("/editor/oob/undo-in-field", Fixture, NULL, fixture_set_up, test_undo_in_field, fixture_tear_down);
  g_test_add ("/editor/oob/reinforcement-takes-off-map", Fixture, NULL, fixture_set_up,
              test_reinforcement_takes_off_map, fixture_tear_down);
  g_test_add ("/editor/oob/exclusive-rules", Fixture, NULL, fixture_set_up, test_exclusive_rules_page,
              fixture_tear_down);
  g_test_add ("/editor/oob/exclusive-area-picker", Fixture, NULL, fixture_set_up, test_exclusive_area_picker,
              fixture_tear_down);
  g_test_add ("/editor/oob/exclusive-formation-list", Fixture, NULL, fixture_set_up, test_exclusive_formation_list,
              fixture_tear_down);
  g_test_add ("/editor/oob/objective-edit", Fixture, NULL, fixture_set_up, test_objective_edit, fixture_tear_down);
  g_test_add ("/editor/oob/34.11/award-qualifiers", Fixture, NULL, fixture_set_up, test_award_qualifiers, fixture_tear_down);

  return g_test_run ();
}
