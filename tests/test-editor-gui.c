/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-editor-gui.c: the editor window on the demo, driven as a user drives it (needs a
 * display: run under xvfb-run).
 *
 * Tools are chosen through the window's actions (win.tool) and used through the map
 * canvas's input controllers: the tests emit the primary-button GtkGestureDrag's
 * "drag-begin", "drag-update" and "drag-end" signals and the motion controller's
 * "motion" at widget coordinates computed from the viewport, as libshumate's tests do.
 * Then they check the model, undo and redo through the window's actions, save to a
 * temporary file, load it again and compare the bytes.
 */
#define G_LOG_DOMAIN "test-editor-gui"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gbacw-application.h"
#include "gbacw-data.h"
#include "gbacw-hex-inspector-private.h"
#include "gbacw-new-dialog.h"
#include "gbacw-safe-write-private.h"
#include "gbacw-scenario-controller.h"
#include "gbacw-window-state.h"
#include "gbacw-scenario-io.h"
#include "gbacw-tool-area.h"
#include "gbacw-tool-brush.h"
#include "gbacw-tool-elevation.h"
#include "gbacw-tool-eyedropper.h"
#include "gbacw-tool-hexside.h"
#include "gbacw-tool-label.h"
#include "gbacw-tool-line.h"
#include "gbacw-tool-panel.h"
#include "gbacw-tool-select.h"
#include "gbacw-window.h"

#include "gui-test-helpers.h"

typedef struct
{
  GbacwWindow *window;
  GbacwMapCanvas *canvas;
  GbacwDocument *document;
  GbacwScenario *scenario;
  GtkGesture *drag;            /* the canvas's primary-button drag */
  GtkEventController *motion;  /* the canvas's motion controller */
  char *tmpdir;
} Fixture;

static void
find_controllers (Fixture *f)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_PRIMARY)
        f->drag = GTK_GESTURE (controller);
      else if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        f->motion = controller;
    }
  g_assert_nonnull (f->drag);
  g_assert_nonnull (f->motion);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->tmpdir = g_dir_make_tmp ("gbacw-gui-XXXXXX", &error);
  g_assert_no_error (error);

  f->window = gui_test_window_on ("scenarios/demo.xml", 1200, 800);
  f->canvas = gbacw_window_get_canvas (f->window);
  f->document = gbacw_window_get_document (f->window);
  f->scenario = gbacw_document_get_scenario (f->document);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_wait_for_layout_within (GTK_WIDGET (f->canvas), 10, 30);
  find_controllers (f);
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
fixture_tear_down (Fixture *f, gconstpointer data)
{
  /* Destroyed, not closed: closing a modified window would ask about saving. */
  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate_for (30);
  remove_dir (f->tmpdir);
  g_free (f->tmpdir);
}

/* ---------------------------------------------------------------- input */

/* Widget coordinates of a map point. */
static void
map_to_widget (Fixture *f, double mx, double my, double *x, double *y)
{
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (f->canvas);
  double bx, by;

  gbacw_viewport_map_to_view (viewport, mx, my, x, y);
  /* The canvas rounds its origin to whole device pixels: check we land where we aim. */
  gbacw_map_canvas_widget_to_map (f->canvas, *x, *y, &bx, &by);
  g_assert_cmpfloat (fabs (bx - mx), <, 1.0 / gbacw_viewport_get_scale (viewport) + 1e-9);
  g_assert_cmpfloat (fabs (by - my), <, 1.0 / gbacw_viewport_get_scale (viewport) + 1e-9);
}

static void
hex_centre (Fixture *f, int col, int row, double *mx, double *my)
{
  gbacw_hex_grid_centre (&f->scenario->map->grid, (GbacwHex) { col, row }, mx, my);
}

static int
hex_index (Fixture *f, int col, int row)
{
  return gbacw_hex_grid_index (&f->scenario->map->grid, (GbacwHex) { col, row });
}

static void
move_pointer (Fixture *f, double mx, double my)
{
  double x, y;

  map_to_widget (f, mx, my, &x, &y);
  g_signal_emit_by_name (f->motion, "motion", x, y);
}

/* A drag of the primary button through map points (mx, my pairs). */
static void
drag_map (Fixture *f, const double *points, guint n)
{
  double x0, y0;

  map_to_widget (f, points[0], points[1], &x0, &y0);
  g_signal_emit_by_name (f->motion, "motion", x0, y0);
  g_signal_emit_by_name (f->drag, "drag-begin", x0, y0);
  for (guint i = 1; i < n; i++)
    {
      double x, y;
      map_to_widget (f, points[2 * i], points[2 * i + 1], &x, &y);
      g_signal_emit_by_name (f->drag, "drag-update", x - x0, y - y0);
    }
  {
    double x, y;
    map_to_widget (f, points[2 * (n - 1)], points[2 * (n - 1) + 1], &x, &y);
    g_signal_emit_by_name (f->drag, "drag-end", x - x0, y - y0);
  }
  gui_test_iterate_for (30);
}

static void
drag_hexes (Fixture *f, const int *hexes, guint n)
{
  g_autofree double *points = g_new (double, 2 * n);

  for (guint i = 0; i < n; i++)
    hex_centre (f, hexes[2 * i], hexes[2 * i + 1], &points[2 * i], &points[2 * i + 1]);
  drag_map (f, points, n);
}

static void
click_map (Fixture *f, double mx, double my)
{
  double p[2] = { mx, my };
  drag_map (f, p, 1);
}

/* The widget under root with that action name or that tooltip. */
static GtkWidget *
find_widget (GtkWidget  *root,
             const char *action_name,
             const char *tooltip)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (action_name != NULL && GTK_IS_ACTIONABLE (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action_name) == 0)
        return child;
      if (tooltip != NULL && g_strcmp0 (gtk_widget_get_tooltip_text (child), tooltip) == 0)
        return child;
      if ((found = find_widget (child, action_name, tooltip)) != NULL)
        return found;
    }
  return NULL;
}

static void
activate (Fixture *f, const char *action, GVariant *parameter)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), action, parameter));
  gui_test_iterate_for (30);
}

static void
choose_tool (Fixture *f, const char *name)
{
  g_autofree char *current = NULL;
  GbacwToolbox *toolbox = gbacw_window_get_toolbox (f->window);

  activate (f, "win.tool", g_variant_new_string (name));
  g_object_get (f->window, "tool", &current, NULL);
  g_assert_cmpstr (current, ==, name);
  g_assert_true (gbacw_map_canvas_get_tool (f->canvas) == gbacw_toolbox_get_tool (toolbox, name));
}

static gpointer
tool (Fixture *f, const char *name)
{
  return gbacw_toolbox_get_tool (gbacw_window_get_toolbox (f->window), name);
}

static guint
n_steps (Fixture *f)
{
  return gbacw_history_get_index (gbacw_document_get_history (f->document));
}

/* ---------------------------------------------------------------- tests */

static void
test_brush_stroke (Fixture *f, gconstpointer data)
{
  int woods = gbacw_catalogue_find_hex_terrain (&f->scenario->catalogue, "woods");
  const int path[] = { 5, 8, 6, 8, 7, 8, 8, 9, 9, 9, 10, 9 };
  g_autoptr(GBytes) before = gbacw_scenario_save_to_bytes (f->scenario);
  const char *tooltip;

  choose_tool (f, "brush");
  g_object_set (tool (f, "brush"), "mask", G_GUINT64_CONSTANT (1) << woods, "radius", 0, NULL);
  drag_hexes (f, path, G_N_ELEMENTS (path) / 2);
  for (guint i = 0; i < G_N_ELEMENTS (path) / 2; i++)
    g_assert_cmpuint (f->scenario->map->terrain[hex_index (f, path[2 * i], path[2 * i + 1])], ==,
                      G_GUINT64_CONSTANT (1) << woods);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (f->document)));
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "•"));

  /* The undo button says what it undoes. */
  tooltip = gtk_widget_get_tooltip_text (find_widget (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_cmpstr (tooltip, ==, "Undo “Paint terrain” (Ctrl+Z)");

  activate (f, "win.undo", NULL);
  {
    g_autoptr(GBytes) now = gbacw_scenario_save_to_bytes (f->scenario);
    g_assert_true (g_bytes_equal (now, before));
  }
  tooltip = gtk_widget_get_tooltip_text (find_widget (GTK_WIDGET (f->window), "win.redo", NULL));
  g_assert_cmpstr (tooltip, ==, "Redo “Paint terrain” (Shift+Ctrl+Z)");
  activate (f, "win.redo", NULL);
  g_assert_cmpuint (f->scenario->map->terrain[hex_index (f, 7, 8)], ==, G_GUINT64_CONSTANT (1) << woods);
  g_assert_cmpuint (n_steps (f), ==, 1);
}

static void
test_tools_through_the_canvas (Fixture *f, gconstpointer data)
{
  const GbacwMap *map = f->scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  int river = gbacw_catalogue_find_hexside_type (&f->scenario->catalogue, "river");
  int redan = gbacw_catalogue_find_hexside_type (&f->scenario->catalogue, "redan");
  int railroad = gbacw_catalogue_find_line_type (&f->scenario->catalogue, "railroad");
  int woods = gbacw_catalogue_find_hex_terrain (&f->scenario->catalogue, "woods");
  GbacwHexsideId id;
  double x, y, cx, cy, x0, y0, x1, y1;
  guint steps;

  /* Hexside: the hexside nearest the pointer lights up; a click sets the feature, and
   * the side clicked is the inside of a redan. */
  choose_tool (f, "hexside");
  gbacw_tool_hexside_set_feature (tool (f, "hexside"), redan);
  id = gbacw_hex_grid_hexside (grid, (GbacwHex) { 15, 7 }, 3);
  hex_centre (f, 15, 7, &cx, &cy);
  gbacw_hex_grid_corner (grid, (GbacwHex) { 15, 7 }, 3, &x0, &y0);
  gbacw_hex_grid_corner (grid, (GbacwHex) { 15, 7 }, 4, &x1, &y1);
  x = (x0 + x1) / 2 + (cx - (x0 + x1) / 2) * 0.2;
  y = (y0 + y1) / 2 + (cy - (y0 + y1) / 2) * 0.2;
  move_pointer (f, x, y);
  g_assert_cmpuint (gbacw_tool_hexside_get_hover (tool (f, "hexside")), ==, id);
  click_map (f, x, y);
  g_assert_true (map->hexside_features[id] & (1u << redan));
  {
    GbacwHex a, b;
    gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
    g_assert_true (gbacw_hex_equal ((map->hexside_inside[id] & (1u << redan)) ? b : a, (GbacwHex) { 15, 7 }));
  }

  /* A river drawn by dragging along three hexsides of 1713. */
  gbacw_tool_hexside_set_feature (tool (f, "hexside"), river);
  {
    double points[2 * 4];
    for (int k = 0; k < 4; k++)
      gbacw_hex_grid_corner (grid, (GbacwHex) { 16, 12 }, k, &points[2 * k], &points[2 * k + 1]);
    /* start just inside hexside 0, not on the corner */
    points[0] = points[0] * 0.9 + points[2] * 0.1;
    points[1] = points[1] * 0.9 + points[3] * 0.1;
    steps = n_steps (f);
    drag_map (f, points, 4);
  }
  for (int d = 0; d < 3; d++)
    g_assert_true (map->hexside_features[gbacw_hex_grid_hexside (grid, (GbacwHex) { 16, 12 }, d)] & (1u << river));
  g_assert_cmpuint (n_steps (f), ==, steps + 1);

  /* A railroad dragged from 0305 to 0505 through 0405. */
  choose_tool (f, "line");
  gbacw_tool_line_set_line_type (tool (f, "line"), railroad);
  drag_hexes (f, (const int[]) { 2, 4, 3, 4, 4, 4 }, 3);
  g_assert_true (map->hexside_lines[gbacw_hex_grid_hexside (grid, (GbacwHex) { 2, 4 },
                                    gbacw_hex_grid_direction_to (grid, (GbacwHex) { 2, 4 }, (GbacwHex) { 3, 4 }))] &
                 (1u << railroad));

  /* An area and a label. */
  choose_tool (f, "area");
  {
    g_autofree char *id_area = gbacw_tool_area_new_area (tool (f, "area"), "Pryor's Knob", GBACW_AREA_OBJECTIVE, NULL);
    drag_hexes (f, (const int[]) { 15, 3, 15, 4 }, 2);
    g_assert_cmpuint (gbacw_map_find_area (map, id_area)->hexes->len, ==, 2);
  }
  choose_tool (f, "label");
  gbacw_tool_label_set_text (tool (f, "label"), "Knob Farm");
  hex_centre (f, 15, 2, &cx, &cy);
  click_map (f, cx, cy);
  g_assert_cmpstr (((GbacwLabel *) g_ptr_array_index (map->labels, map->labels->len - 1))->text, ==, "Knob Farm");

  /* Elevation, then Mark Crests through its action: one step. */
  choose_tool (f, "elevation");
  gbacw_tool_elevation_set_level (tool (f, "elevation"), 3);
  drag_hexes (f, (const int[]) { 9, 4 }, 1);
  steps = n_steps (f);
  activate (f, "win.auto-crest", NULL);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  for (int d = 0; d < 6; d++)
    g_assert_true (map->hexside_features[gbacw_hex_grid_hexside (grid, (GbacwHex) { 9, 4 }, d)] & 1u);

  /* The eyedropper picks woods into the brush and gives the brush back. */
  choose_tool (f, "brush");
  gbacw_tool_brush_set_mask (tool (f, "brush"), 1);
  choose_tool (f, "eyedropper");
  g_assert_true (gbacw_tool_eyedropper_get_target (tool (f, "eyedropper")) == tool (f, "brush"));
  hex_centre (f, 2, 1, &cx, &cy);   /* 0302: woods */
  click_map (f, cx, cy);
  g_assert_cmpuint (gbacw_tool_brush_get_mask (tool (f, "brush")), ==, G_GUINT64_CONSTANT (1) << woods);
  g_assert_cmpstr (gbacw_toolbox_get_current (gbacw_window_get_toolbox (f->window)), ==, "brush");

  /* The eraser clears the bridge hex. */
  choose_tool (f, "eraser");
  drag_hexes (f, (const int[]) { 9, 7 }, 1);
  g_assert_cmpuint (map->terrain[hex_index (f, 9, 7)], ==, 0);

  /* Undo everything through the window, and redo it. */
  steps = n_steps (f);
  g_assert_cmpuint (steps, >=, 8);
  for (guint i = 0; i < steps; i++)
    activate (f, "win.undo", NULL);
  g_assert_false (gbacw_history_can_undo (gbacw_document_get_history (f->document)));
  g_assert_false (gbacw_history_is_modified (gbacw_document_get_history (f->document)));
  for (guint i = 0; i < steps; i++)
    activate (f, "win.redo", NULL);
  g_assert_cmpuint (map->terrain[hex_index (f, 9, 7)], ==, 0);
}

/* The canvas's controller of type (the first one; for gestures, the first one on the
 * primary button: others put theirs on the canvas too). */
static GtkEventController *
canvas_controller (Fixture *f, GType type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type) &&
          (!GTK_IS_GESTURE_SINGLE (controller) ||
           gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_PRIMARY))
        return controller;
    }
  g_error ("the canvas has no %s", g_type_name (type));
  return NULL;
}

static gboolean
press_key_on_canvas (Fixture *f, guint keyval)
{
  gboolean handled = FALSE;

  gtk_widget_grab_focus (GTK_WIDGET (f->canvas));
  g_signal_emit_by_name (canvas_controller (f, GTK_TYPE_EVENT_CONTROLLER_KEY), "key-pressed", keyval, 0, 0, &handled);
  gui_test_iterate_for (30);
  return handled;
}

static gboolean
has_keyboard (Fixture *f, GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));
  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Whether widget gets the keyboard within a few seconds: the tool panel hands it over
 * from an idle callback, which a busy main loop (layout, drawing) runs late. */
static gboolean
gets_keyboard (Fixture *f, GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;

  while (!has_keyboard (f, widget) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return has_keyboard (f, widget);
}

/* A widget of the tool panel with that tooltip. */
static GtkWidget *
panel_widget (Fixture *f, const char *tooltip, GType type)
{
  GtkWidget *widget = find_widget (GTK_WIDGET (f->window), NULL, tooltip);

  if (widget == NULL)
    g_error ("no widget with the tooltip “%s”", tooltip);
  g_assert_true (G_TYPE_CHECK_INSTANCE_TYPE (widget, type));
  return widget;
}

/* A visible label under root whose text holds needle. */
static GtkLabel *
find_visible_label (GtkWidget *root, const char *needle)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found;

      if (GTK_IS_LABEL (child) && gtk_widget_get_visible (child) &&
          strstr (gtk_label_get_text (GTK_LABEL (child)), needle) != NULL)
        return GTK_LABEL (child);
      if ((found = find_visible_label (child, needle)) != NULL)
        return found;
    }
  return NULL;
}

static void
label_centre (Fixture *f, int index, double *x, double *y)
{
  const GbacwLabel *label = g_ptr_array_index (f->scenario->map->labels, index);

  gbacw_hex_grid_centre (&f->scenario->map->grid, gbacw_hex_grid_hex_at (&f->scenario->map->grid, label->hex), x, y);
  *x += label->dx;
  *y += label->dy;
}

/* A label of the map moved on the canvas, its text and angle changed in the options,
 * a double-click taking the keyboard to its text, Delete removing it. */
static void
test_label_editing (Fixture *f, gconstpointer data)
{
  const GbacwMap *map = f->scenario->map;
  const guint n_labels = map->labels->len;
  const int millersburg = 1;
  GtkWidget *text, *angle;
  double x0, y0, x, y;

  choose_tool (f, "label");
  label_centre (f, millersburg, &x0, &y0);
  g_assert_cmpstr (((GbacwLabel *) g_ptr_array_index (map->labels, millersburg))->text, ==, "Millersburg");
  text = panel_widget (f, "The text of the selected label (double-click a label, or Enter on the map, to come here)",
                       GTK_TYPE_ENTRY);
  angle = panel_widget (f, "Degrees clockwise; Shift+scroll over the label turns it 15° a notch", GTK_TYPE_SPIN_BUTTON);
  g_assert_false (gtk_widget_is_sensitive (text));

  /* Dragged two hex radii right and one down: one step, and the label is selected. */
  drag_map (f, (const double[]) { x0 + 0.2, y0, x0 + 1.2, y0 + 0.5, x0 + 2.2, y0 + 1.0 }, 3);
  label_centre (f, millersburg, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, x0 + 2.0, 0.05);
  g_assert_cmpfloat_with_epsilon (y, y0 + 1.0, 0.05);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool (f, "label")), ==, millersburg);
  g_assert_true (gtk_widget_is_sensitive (text));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (text)), ==, "Millersburg");

  /* Its text from the options: the map follows as one types; undo puts the field back. */
  gtk_editable_set_text (GTK_EDITABLE (text), "Millersburg Town");
  gui_test_iterate_for (30);
  g_assert_cmpstr (((GbacwLabel *) g_ptr_array_index (map->labels, millersburg))->text, ==, "Millersburg Town");
  g_assert_cmpuint (n_steps (f), ==, 2);
  activate (f, "win.undo", NULL);
  g_assert_cmpstr (((GbacwLabel *) g_ptr_array_index (map->labels, millersburg))->text, ==, "Millersburg");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (text)), ==, "Millersburg");
  activate (f, "win.redo", NULL);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (text)), ==, "Millersburg Town");

  /* Its angle. */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (angle), 30);
  gui_test_iterate_for (30);
  g_assert_cmpfloat (((GbacwLabel *) g_ptr_array_index (map->labels, millersburg))->angle, ==, 30);
  g_assert_cmpuint (n_steps (f), ==, 3);

  /* A double-click on it takes the keyboard to its text. */
  gtk_widget_grab_focus (GTK_WIDGET (f->canvas));
  g_assert_false (has_keyboard (f, text));
  map_to_widget (f, x, y, &x0, &y0);
  g_signal_emit_by_name (canvas_controller (f, GTK_TYPE_GESTURE_CLICK), "pressed", 2, x0, y0);
  gui_test_iterate_for (30);
  g_assert_true (gets_keyboard (f, text));

  /* Delete on the map removes it. */
  g_assert_true (press_key_on_canvas (f, GDK_KEY_Delete));
  g_assert_cmpuint (map->labels->len, ==, n_labels - 1);
  g_assert_cmpuint (n_steps (f), ==, 4);
  g_assert_false (gtk_widget_is_sensitive (text));
  activate (f, "win.undo", NULL);
  g_assert_cmpuint (map->labels->len, ==, n_labels);
}

/* An area renamed and deleted from the area tool's options. */
static void
test_area_rename_delete (Fixture *f, gconstpointer data)
{
  GtkDropDown *dropdown;
  GtkWidget *rename, *delete;
  GtkLabel *message;
  guint n_areas = f->scenario->map->areas->len;

  choose_tool (f, "area");
  dropdown = GTK_DROP_DOWN (panel_widget (f, "The area painted", GTK_TYPE_DROP_DOWN));
  rename = panel_widget (f, "The name of the area: Enter renames it", GTK_TYPE_ENTRY);
  delete = panel_widget (f, "Delete the area (undo brings it back)", GTK_TYPE_BUTTON);

  /* obj-mill, seventh in the demo */
  g_assert_cmpstr (((GbacwArea *) g_ptr_array_index (f->scenario->map->areas, 6))->id, ==, "obj-mill");
  gtk_drop_down_set_selected (dropdown, 6);
  gui_test_iterate_for (30);
  g_assert_cmpstr (gbacw_tool_area_get_area (tool (f, "area")), ==, "obj-mill");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (rename)), ==, "Miller's Mill");

  gtk_editable_set_text (GTK_EDITABLE (rename), "Miller's Old Mill");
  g_signal_emit_by_name (rename, "activate");
  gui_test_iterate_for (30);
  g_assert_cmpstr (gbacw_map_find_area (f->scenario->map, "obj-mill")->name, ==, "Miller's Old Mill");
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 6);
  g_assert_nonnull (strstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (dropdown)), 6),
                            "Miller's Old Mill"));

  /* The VP award v-mill counts it: refused, and the panel says why. */
  g_signal_emit_by_name (delete, "clicked");
  gui_test_iterate_for (30);
  g_assert_nonnull (gbacw_map_find_area (f->scenario->map, "obj-mill"));
  g_assert_cmpuint (n_steps (f), ==, 1);
  message = find_visible_label (GTK_WIDGET (f->window), "v-mill");
  g_assert_nonnull (message);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (message), "error"));

  /* The bridge approaches go; undo brings them back into the chooser. */
  gtk_drop_down_set_selected (dropdown, 3);
  gui_test_iterate_for (30);
  g_assert_cmpstr (gbacw_tool_area_get_area (tool (f, "area")), ==, "bridge-approaches");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (message)));
  g_signal_emit_by_name (delete, "clicked");
  gui_test_iterate_for (30);
  g_assert_null (gbacw_map_find_area (f->scenario->map, "bridge-approaches"));
  g_assert_cmpuint (n_steps (f), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)), ==, n_areas - 1);
  g_assert_false (gtk_widget_is_sensitive (rename));
  activate (f, "win.undo", NULL);
  g_assert_nonnull (gbacw_map_find_area (f->scenario->map, "bridge-approaches"));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)), ==, n_areas);
}

/* Hexsides named from the hexside tool's options: the one clicked, and the one under the
 * pointer when N is pressed. */
#define WORK_NAME_TOOLTIP "The name of the redan or works the selected hexside is part of, all its hexsides at once, " \
                          "shown on the map: Enter applies it, an empty name removes it"

static void
test_hexside_name (Fixture *f, gconstpointer data)
{
  const GbacwMap *map = f->scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  int redan = gbacw_catalogue_find_hexside_type (&f->scenario->catalogue, "redan");
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, (GbacwHex) { 15, 7 }, 3);
  GbacwHexsideId other = gbacw_hex_grid_hexside (grid, (GbacwHex) { 3, 12 }, 1);
  GtkWidget *name;
  double x0, y0, x1, y1, cx, cy;

  choose_tool (f, "hexside");
  gbacw_tool_hexside_set_feature (tool (f, "hexside"), redan);
  name = panel_widget (f, WORK_NAME_TOOLTIP, GTK_TYPE_ENTRY);
  g_assert_false (gtk_widget_is_sensitive (name));

  /* Click: a redan, selected; its name from the options is the second step. */
  hex_centre (f, 15, 7, &cx, &cy);
  gbacw_hex_grid_corner (grid, (GbacwHex) { 15, 7 }, 3, &x0, &y0);
  gbacw_hex_grid_corner (grid, (GbacwHex) { 15, 7 }, 4, &x1, &y1);
  click_map (f, (x0 + x1) / 2 + (cx - (x0 + x1) / 2) * 0.2, (y0 + y1) / 2 + (cy - (y0 + y1) / 2) * 0.2);
  g_assert_true (map->hexside_features[id] & (1u << redan));
  g_assert_true (gtk_widget_is_sensitive (name));
  gtk_editable_set_text (GTK_EDITABLE (name), "Fort Pryor");
  g_signal_emit_by_name (name, "activate");
  gui_test_iterate_for (30);
  g_assert_cmpstr (g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (id)), ==, "Fort Pryor");
  g_assert_cmpuint (n_steps (f), ==, 2);

  /* N over another hexside: it is selected, and the keyboard goes to the name. */
  hex_centre (f, 3, 12, &cx, &cy);
  gbacw_hex_grid_corner (grid, (GbacwHex) { 3, 12 }, 1, &x0, &y0);
  gbacw_hex_grid_corner (grid, (GbacwHex) { 3, 12 }, 2, &x1, &y1);
  move_pointer (f, (x0 + x1) / 2 + (cx - (x0 + x1) / 2) * 0.15, (y0 + y1) / 2 + (cy - (y0 + y1) / 2) * 0.15);
  g_assert_true (press_key_on_canvas (f, GDK_KEY_n));
  g_assert_cmpuint (gbacw_tool_hexside_get_selected (tool (f, "hexside")), ==, other);
  g_assert_true (gets_keyboard (f, name));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name)), ==, "");
  gtk_editable_set_text (GTK_EDITABLE (name), "Sunken lane");
  g_signal_emit_by_name (name, "activate");
  gui_test_iterate_for (30);
  g_assert_cmpstr (g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (other)), ==, "Sunken lane");
  g_assert_cmpuint (n_steps (f), ==, 3);

  /* Emptied: the name goes; undo brings it back, into the field too. */
  gtk_editable_set_text (GTK_EDITABLE (name), "");
  g_signal_emit_by_name (name, "activate");
  gui_test_iterate_for (30);
  g_assert_false (g_hash_table_contains (map->hexside_names, GUINT_TO_POINTER (other)));
  activate (f, "win.undo", NULL);
  g_assert_cmpstr (g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (other)), ==, "Sunken lane");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name)), ==, "Sunken lane");
}

/* The inspector and the status line follow the pointer. */
static void
test_inspector (Fixture *f, gconstpointer data)
{
  GbacwHexInspector *inspector = gbacw_window_get_inspector (f->window);
  double cx, cy;

  hex_centre (f, 8, 6, &cx, &cy);   /* 0907: Millersburg */
  move_pointer (f, cx, cy);
  gui_test_iterate_for (30);
  g_assert_cmpint (gbacw_map_canvas_get_hover_hex (f->canvas), ==, hex_index (f, 8, 6));
  g_assert_cmpstr (gbacw_hex_inspector_get_text (inspector, "title"), ==, "Hex 0907");
  g_assert_cmpstr (gbacw_hex_inspector_get_text (inspector, "terrain"), ==, "Town");
  g_assert_nonnull (strstr (gbacw_hex_inspector_get_text (inspector, "elevation"), "ft"));
  g_assert_nonnull (strstr (gbacw_hex_inspector_get_text (inspector, "areas"), "Millersburg"));
  g_assert_nonnull (strstr (gbacw_hex_inspector_get_text (inspector, "labels"), "Millersburg"));
  g_assert_nonnull (strstr (gbacw_hex_inspector_get_text (inspector, "lines"), "Pike"));

  /* The inspector changes with the hex. */
  choose_tool (f, "brush");
  gbacw_tool_brush_set_mask (tool (f, "brush"), 1u << 4);
  click_map (f, cx, cy);
  g_assert_cmpstr (gbacw_hex_inspector_get_text (inspector, "terrain"), ==, "Swamp");

  /* works: "(inside: …)" on the hexsides */
  hex_centre (f, 6, 6, &cx, &cy);   /* 0707: Battery Robinett, a redan */
  move_pointer (f, cx, cy);
  g_assert_nonnull (strstr (gbacw_hex_inspector_get_text (inspector, "hexsides"), "inside"));
}

/* Save to a temporary file, load it in another window, save that again: same bytes. */
static void
test_save_reload (Fixture *f, gconstpointer data)
{
  g_autofree char *path_a = g_build_filename (f->tmpdir, "a.xml", NULL);
  g_autofree char *path_b = g_build_filename (f->tmpdir, "b.xml", NULL);
  g_autoptr(GFile) file_a = g_file_new_for_path (path_a);
  g_autoptr(GFile) file_b = g_file_new_for_path (path_b);
  g_autofree char *text_a = NULL;
  g_autofree char *text_b = NULL;
  gsize len_a, len_b;
  GbacwWindow *other;
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(GBytes) reloaded = NULL;

  choose_tool (f, "brush");
  g_object_set (tool (f, "brush"), "mask", (guint64) 4, "radius", 2, NULL);
  drag_hexes (f, (const int[]) { 4, 12, 6, 12 }, 2);
  choose_tool (f, "line");
  drag_hexes (f, (const int[]) { 14, 14, 17, 14 }, 2);

  g_assert_true (gbacw_window_save_file (f->window, file_a));
  g_assert_false (gbacw_history_is_modified (gbacw_document_get_history (f->document)));
  g_assert_cmpstr (gbacw_document_get_path (f->document), ==, path_a);
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "•"));
  edited = gbacw_scenario_save_to_bytes (f->scenario);

  other = gbacw_window_new (NULL);
  g_assert_true (gbacw_window_load_file (other, file_a));
  reloaded = gbacw_scenario_save_to_bytes (gbacw_document_get_scenario (gbacw_window_get_document (other)));
  g_assert_true (g_bytes_equal (edited, reloaded));
  g_assert_true (gbacw_window_save_file (other, file_b));
  gtk_window_destroy (GTK_WINDOW (other));

  g_assert_true (g_file_get_contents (path_a, &text_a, &len_a, NULL));
  g_assert_true (g_file_get_contents (path_b, &text_b, &len_b, NULL));
  g_assert_cmpmem (text_a, len_a, text_b, len_b);

  /* Saving again (Ctrl+S) writes to the same file. */
  drag_hexes (f, (const int[]) { 14, 15, 17, 15 }, 2);
  activate (f, "win.save", NULL);
  g_assert_false (gbacw_history_is_modified (gbacw_document_get_history (f->document)));
}

/* The shipped demo opens as a template: no file of its own, "Untitled"; Save (Ctrl+S)
 * asks where (the Save As chooser, proposing the demo's name), and the installed demo's
 * bytes stay as they were, with no backup beside it, through an edit, the chooser
 * cancelled and a save to a file of the user's. That file then opens in place. */
static void
test_demo_template (Fixture *f, gconstpointer data)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autofree char *demo_backup = g_strconcat (demo, "~", NULL);
  g_autofree char *path = g_build_filename (f->tmpdir, "my-demo.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *name = NULL;
  gboolean had_backup = g_file_test (demo_backup, G_FILE_TEST_EXISTS);
  gsize len_before, len_after;
  GtkNativeDialog *chooser;

  g_assert_true (g_file_get_contents (demo, &before, &len_before, NULL));
  g_assert_true (gbacw_data_is_shipped (demo));
  g_assert_null (gbacw_document_get_path (f->document));
  g_assert_cmpstr (gbacw_document_get_template (f->document), ==, demo);
  g_assert_cmpstr (gbacw_document_get_title (f->document), ==, "Untitled");
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), "Untitled"));
  /* saving without a file name does not fall back on the template's */
  g_assert_false (gbacw_window_save_file (f->window, NULL));

  choose_tool (f, "brush");
  g_object_set (tool (f, "brush"), "mask", (guint64) 4, "radius", 1, NULL);
  drag_hexes (f, (const int[]) { 4, 12, 6, 12 }, 2);
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (f->document)));

  g_assert_null (gbacw_window_get_file_chooser (f->window));
  activate (f, "win.save", NULL);
  chooser = gbacw_window_get_file_chooser (f->window);
  g_assert_nonnull (chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_cmpstr (name, ==, "demo.xml");
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (f->document)));

  /* cancelled: nothing written, still new */
  g_signal_emit_by_name (chooser, "response", GTK_RESPONSE_CANCEL);
  gui_test_iterate_for (30);
  g_assert_null (gbacw_window_get_file_chooser (f->window));
  g_assert_null (gbacw_document_get_path (f->document));
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (f->document)));

  /* saved to a file of the user's */
  g_assert_true (gbacw_window_save_file (f->window, file));
  g_assert_cmpstr (gbacw_document_get_path (f->document), ==, path);
  g_assert_false (gbacw_history_is_modified (gbacw_document_get_history (f->document)));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_false (gbacw_data_is_shipped (path));

  g_assert_true (g_file_get_contents (demo, &after, &len_after, NULL));
  g_assert_cmpmem (before, len_before, after, len_after);
  g_assert_cmpint (g_file_test (demo_backup, G_FILE_TEST_EXISTS), ==, had_backup);

  /* a file of the user's opens in place */
  g_assert_true (gbacw_window_load_file (f->window, file));
  g_assert_cmpstr (gbacw_document_get_path (gbacw_window_get_document (f->window)), ==, path);
  g_assert_null (gbacw_document_get_template (gbacw_window_get_document (f->window)));
}

/* Emits the window's drop target's "drop" with files, as a file manager's drag ends. */
static gboolean
drop_files (Fixture *f, GFile **files, gsize n_files)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  GtkDropTarget *target = NULL;
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  const GType *types;
  gsize n_types = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);  /* the window keeps it */
    }
  g_assert_nonnull (target);
  types = gtk_drop_target_get_gtypes (target, &n_types);
  g_assert_cmpuint (n_types, ==, 1);
  g_assert_true (types[0] == GDK_TYPE_FILE_LIST);

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_array (files, n_files));
  g_signal_emit_by_name (target, "drop", &value, 20.0, 20.0, &accepted);
  g_value_unset (&value);
  gui_test_iterate_for (30);
  return accepted;
}

/* Dropping a PNG on the window puts it under the map (one undoable step); an image that
 * cannot be read is reported and changes nothing; dropping a scenario file opens it. */
static void
test_drop_files (Fixture *f, gconstpointer data)
{
  g_autofree char *scan_path = g_build_filename (f->tmpdir, "scan.png", NULL);
  g_autofree char *broken_path = g_build_filename (f->tmpdir, "broken.jpg", NULL);
  g_autofree char *scenario_path = g_build_filename (f->tmpdir, "dropped.xml", NULL);
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autofree char *text = NULL;
  g_autoptr(GFile) scan = g_file_new_for_path (scan_path);
  g_autoptr(GFile) broken = g_file_new_for_path (broken_path);
  g_autoptr(GFile) scenario = g_file_new_for_path (scenario_path);
  GbacwBackgroundController *background = gbacw_window_get_background_controller (f->window);
  GbacwHistory *history = gbacw_document_get_history (f->document);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 64, 48);
  gsize length;

  g_assert_cmpint (cairo_surface_write_to_png (surface, scan_path), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_true (g_file_set_contents (broken_path, "not a JPEG", -1, NULL));

  g_assert_null (f->scenario->map->background.file);
  g_assert_true (drop_files (f, &scan, 1));
  g_assert_nonnull (f->scenario->map->background.file);
  g_assert_true (g_str_has_suffix (f->scenario->map->background.file, "scan.png"));
  g_assert_nonnull (gbacw_background_controller_get_image (background));
  g_assert_cmpint (gbacw_background_image_get_width (gbacw_background_controller_get_image (background)), ==, 64);
  g_assert_true (gbacw_history_can_undo (history));
  activate (f, "win.undo", NULL);
  g_assert_null (f->scenario->map->background.file);
  g_assert_false (gbacw_history_is_modified (history));

  drop_files (f, &broken, 1);
  g_assert_null (f->scenario->map->background.file);
  g_assert_nonnull (find_visible_label (GTK_WIDGET (f->window), "Could not use the image as the background"));

  g_assert_true (g_file_get_contents (demo, &text, &length, NULL));
  g_assert_true (g_file_set_contents (scenario_path, text, (gssize) length, NULL));
  g_assert_true (drop_files (f, &scenario, 1));
  g_assert_cmpstr (gbacw_document_get_path (gbacw_window_get_document (f->window)), ==, scenario_path);
}

/* The revealed error bar's text under root, or NULL. */
static const char *
shown_error (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      const char *found;

      if (GTK_IS_REVEALER (child) && !gtk_revealer_get_reveal_child (GTK_REVEALER (child)))
        continue;
      if (GTK_IS_LABEL (child) && strstr (gtk_label_get_text (GTK_LABEL (child)), "could not save") != NULL)
        return gtk_label_get_text (GTK_LABEL (child));
      if ((found = shown_error (child)) != NULL)
        return found;
    }
  return NULL;
}

/* Save (Ctrl+S) failing at each call on the write path in turn: the window says so and
 * names the file, the document stays modified, the file and its backup are unchanged and
 * no temporary file is left; then the save that succeeds clears all that. */
static void
test_save_fails (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->tmpdir, "scenario.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *saved = NULL, *saved_backup = NULL;
  g_autoptr(GBytes) edited = NULL;
  gsize saved_length, backup_length;
  guint n_failed = 0;

  /* saved twice: the file and its backup */
  g_assert_true (gbacw_window_save_file (f->window, file));
  choose_tool (f, "brush");
  g_object_set (tool (f, "brush"), "mask", (guint64) 4, "radius", 1, NULL);
  drag_hexes (f, (const int[]) { 4, 12, 6, 12 }, 2);
  activate (f, "win.save", NULL);
  g_assert_false (gbacw_history_is_modified (gbacw_document_get_history (f->document)));
  g_assert_true (g_file_get_contents (path, &saved, &saved_length, NULL));
  g_assert_true (g_file_get_contents (backup, &saved_backup, &backup_length, NULL));

  drag_hexes (f, (const int[]) { 8, 14, 10, 14 }, 2);
  edited = gbacw_scenario_save_to_bytes (f->scenario);
  for (guint n = 1;; n++)
    {
      g_autofree char *now = NULL, *now_backup = NULL;
      g_autoptr(GDir) dir = NULL;
      const char *message;
      gsize now_length, now_backup_length;
      guint n_files = 0;

      g_assert_cmpuint (n, <, 100);
      gbacw_safe_write_fail_call (n, ENOSPC);
      activate (f, "win.save", NULL);
      gbacw_safe_write_fail_call (0, 0);
      message = shown_error (GTK_WIDGET (f->window));
      if (!gbacw_history_is_modified (gbacw_document_get_history (f->document)))
        {
          g_assert_null (message);
          break;
        }
      n_failed++;
      g_assert_nonnull (message);
      g_test_message ("%s", message);
      g_assert_nonnull (strstr (message, path));
      g_assert_nonnull (strstr (message, "the disk is full; free some space or save elsewhere"));
      g_assert_null (strstr (message, ".scenario.xml."));
      g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "•"));
      g_assert_true (g_file_get_contents (path, &now, &now_length, NULL));
      g_assert_cmpmem (now, now_length, saved, saved_length);
      g_assert_true (g_file_get_contents (backup, &now_backup, &now_backup_length, NULL));
      g_assert_cmpmem (now_backup, now_backup_length, saved_backup, backup_length);
      dir = g_dir_open (f->tmpdir, 0, NULL);
      while (g_dir_read_name (dir) != NULL)
        n_files++;
      g_assert_cmpuint (n_files, ==, 2);
    }
  /* open, write, fsync, close, link, rename, the backup's rename */
  g_assert_cmpuint (n_failed, >=, 7);
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "•"));
  {
    g_autofree char *now = NULL, *now_backup = NULL;
    gsize now_length, now_backup_length;
    g_assert_true (g_file_get_contents (path, &now, &now_length, NULL));
    g_assert_cmpmem (now, now_length, g_bytes_get_data (edited, NULL), g_bytes_get_size (edited));
    g_assert_true (g_file_get_contents (backup, &now_backup, &now_backup_length, NULL));
    g_assert_cmpmem (now_backup, now_backup_length, saved, saved_length);
  }
}

/* New: the dialog's grid, the demo's catalogue and charts, an unpainted map that saves
 * and loads. */
static void
test_new (Fixture *f, gconstpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* transfer none */
  GbacwNewDialog *dialog = NULL;
  GbacwHexGrid grid;
  GbacwScenario *scenario;
  g_autofree char *path = g_build_filename (f->tmpdir, "new.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwScenario) loaded = NULL;

  guint n_terrains = f->scenario->catalogue.hex_terrains->len;
  guint n_charts = f->scenario->charts->len;

  activate (f, "win.new", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (GBACW_IS_NEW_DIALOG (window))
        dialog = GBACW_NEW_DIALOG (window);
    }
  g_assert_nonnull (dialog);
  /* It starts from the current map's layout. */
  gbacw_new_dialog_get_grid (dialog, &grid);
  g_assert_cmpint (grid.columns, ==, 20);
  g_assert_cmpint (grid.rows, ==, 16);

  grid = (GbacwHexGrid) { GBACW_GRID_POINTY_ROWS, GBACW_SHIFT_EVEN, 40, 120, 0, 2 };
  gbacw_new_dialog_set_grid (dialog, &grid);
  gbacw_new_dialog_get_grid (dialog, &grid);
  /* 120 rows numbered from 0 need three digits */
  g_assert_cmpint (grid.digits, ==, 3);
  g_assert_true (gbacw_new_dialog_create (dialog));
  gui_test_iterate_for (30);

  scenario = gbacw_document_get_scenario (gbacw_window_get_document (f->window));
  g_assert_cmpint (scenario->map->grid.columns, ==, 40);
  g_assert_cmpint (scenario->map->grid.rows, ==, 120);
  g_assert_cmpint (scenario->map->grid.orientation, ==, GBACW_GRID_POINTY_ROWS);
  g_assert_cmpint (scenario->map->grid.shift, ==, GBACW_SHIFT_EVEN);
  g_assert_cmpint (scenario->map->grid.first_number, ==, 0);
  /* the old document is gone: the window was not modified, so it was replaced */
  g_assert_cmpuint (scenario->catalogue.hex_terrains->len, ==, n_terrains);
  g_assert_cmpuint (scenario->charts->len, ==, n_charts);
  g_assert_cmpuint (scenario->map->terrain[0], ==, 0);
  g_assert_null (gbacw_document_get_path (gbacw_window_get_document (f->window)));
  /* the demo's sides without their units, so that the order of battle can be entered */
  g_assert_cmpuint (scenario->oob.sides->len, ==, 2);
  g_assert_nonnull (gbacw_oob_find_side (&scenario->oob, "union"));
  g_assert_nonnull (gbacw_oob_find_side (&scenario->oob, "confederate"));
  g_assert_cmpuint (scenario->oob.units->len, ==, 0);
  g_assert_cmpuint (scenario->oob.formations->len, ==, 0);

  /* The tools edit the new document. */
  f->scenario = scenario;
  f->document = gbacw_window_get_document (f->window);
  choose_tool (f, "brush");
  gbacw_tool_brush_set_mask (tool (f, "brush"), 2);
  drag_hexes (f, (const int[]) { 3, 3, 4, 3 }, 2);
  g_assert_cmpuint (scenario->map->terrain[hex_index (f, 3, 3)], ==, 2);

  g_assert_true (gbacw_window_save_file (f->window, file));
  loaded = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (loaded->map->grid.rows, ==, 120);
  g_assert_cmpuint (loaded->map->terrain[hex_index (f, 3, 3)], ==, 2);
}

/* The spin buttons under widget. */
static void
collect_spin_buttons (GtkWidget *widget,
                      GPtrArray *out)
{
  if (GTK_IS_SPIN_BUTTON (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_spin_buttons (child, out);
}

/* Enter in the dialog's numbers creates the scenario, as in other dialogs: their text
 * activates the default button (Create). */
static void
test_new_enter (Fixture *f, gconstpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* transfer none */
  GbacwNewDialog *dialog = NULL;
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();

  activate (f, "win.new", NULL);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (GBACW_IS_NEW_DIALOG (window))
        dialog = GBACW_NEW_DIALOG (window);
    }
  g_assert_nonnull (dialog);
  collect_spin_buttons (GTK_WIDGET (dialog), spins);
  g_assert_cmpuint (spins->len, ==, 4);
  for (guint i = 0; i < spins->len; i++)
    {
      GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (g_ptr_array_index (spins, i)));
      g_assert_true (GTK_IS_TEXT (text));
      g_assert_true (gtk_text_get_activates_default (GTK_TEXT (text)));
    }
  g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) != NULL);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gui_test_iterate_for (30);
}

/* Every tool has its action target and key, and the palette a button per tool. */
static void collect_accelerators (GtkWidget *widget, GPtrArray *out);

static void
test_shortcuts (Fixture *f, gconstpointer data)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  guint n_tools;
  const GbacwToolInfo *tools = gbacw_toolbox_get_tool_infos (&n_tools);
  GtkShortcutsWindow *overlay;
  g_autoptr(GString) accels = g_string_new (" ");

  for (guint t = 0; t < n_tools; t++)
    {
      gboolean found = FALSE;

      for (guint i = 0; i < g_list_model_get_n_items (controllers) && !found; i++)
        {
          g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

          if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
            continue;
          for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)) && !found; k++)
            {
              g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
              GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
              GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
              GVariant *arguments = gtk_shortcut_get_arguments (shortcut);

              if (GTK_IS_KEYVAL_TRIGGER (trigger) && GTK_IS_NAMED_ACTION (action) &&
                  gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == tools[t].key &&
                  g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), "win.tool") &&
                  arguments != NULL && g_str_equal (g_variant_get_string (arguments, NULL), tools[t].name))
                found = TRUE;
            }
        }
      if (!found)
        g_error ("no key for the tool %s", tools[t].name);
    }

  /* The window's shortcuts window lists every tool's key. */
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (f->window));
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  {
    g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_free);

    collect_accelerators (GTK_WIDGET (overlay), listed);
    for (guint i = 0; i < listed->len; i++)
      g_string_append_printf (accels, "%s ", (const char *) g_ptr_array_index (listed, i));
  }
  for (guint t = 0; t < n_tools; t++)
    {
      g_autofree char *needle = g_strdup_printf (" %s ", gdk_keyval_name (tools[t].key));
      if (strstr (accels->str, needle) == NULL)
        g_error ("the shortcuts window lacks the key of %s", tools[t].name);
    }

  /* Keyboard zoom and pan on the canvas. */
  {
    GbacwViewport *viewport = gbacw_map_canvas_get_viewport (f->canvas);
    double scale = gbacw_viewport_get_scale (viewport);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom", "d", 1.25));
    g_assert_cmpfloat (gbacw_viewport_get_scale (viewport), >, scale);
    activate (f, "win.zoom-in", NULL);
    /* zoom limits: a single hex filling the window at most */
    for (int i = 0; i < 40; i++)
      activate (f, "win.zoom-in", NULL);
    g_assert_cmpfloat (gbacw_viewport_get_scale (viewport) * sqrt (3.0), <=,
                       MIN (gtk_widget_get_width (GTK_WIDGET (f->canvas)),
                            gtk_widget_get_height (GTK_WIDGET (f->canvas))) + 1);
    g_assert_cmpfloat (gbacw_viewport_get_scale (viewport), ==, gbacw_viewport_get_max_scale (viewport));
    for (int i = 0; i < 60; i++)
      activate (f, "win.zoom-out", NULL);
    g_assert_cmpfloat (gbacw_viewport_get_scale (viewport), ==, gbacw_viewport_get_min_scale (viewport));
  }
}

/* Whether the Open menu of window lists path. */
static gboolean
recent_menu_lists_now (GbacwWindow *window, const char *path)
{
  /* The menu button next to Open. */
  GtkWidget *button = find_widget (GTK_WIDGET (window), NULL, "Recent Scenarios");
  GMenuModel *menu;

  g_assert_true (GTK_IS_MENU_BUTTON (button));
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  for (int i = 0; menu != NULL && i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET,
                                                                         G_VARIANT_TYPE_STRING);
      if (target != NULL && g_str_equal (g_variant_get_string (target, NULL), path))
        return TRUE;
    }
  return FALSE;
}

/* The same, waiting a while for the recent files to catch up (GtkRecentManager records
 * and reads its file in the background). */
static gboolean
recent_menu_lists (GbacwWindow *window, const char *path)
{
  gint64 end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;

  while (!recent_menu_lists_now (window, path))
    {
      if (g_get_monotonic_time () >= end)
        return FALSE;
      gui_test_iterate_for (30);
    }
  return TRUE;
}

/* The recent files are the desktop's recently-used list, whatever the settings back-end
 * (GSETTINGS_BACKEND=memory here, as without a session bus: nothing it holds outlives the
 * process): the file saved is in the list on disk and in the Open menu, and a file an
 * earlier run recorded is in a new window's Open menu. */
static void
test_recent (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->tmpdir, "recent.xml", NULL);
  g_autofree char *earlier = g_build_filename (f->tmpdir, "earlier.xml", NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autofree char *earlier_uri = g_filename_to_uri (earlier, NULL, NULL);
  g_autofree char *list = g_build_filename (g_get_user_data_dir (), "recently-used.xbel", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GbacwWindow *second;

  g_assert_cmpstr (g_getenv ("GSETTINGS_BACKEND"), ==, "memory");
  g_assert_true (gbacw_window_save_file (f->window, file));
  g_assert_true (recent_menu_lists (f->window, path));
  /* On disk, for the next run: the list as another process reads it. */
  {
    g_autoptr(GtkRecentManager) reader = g_object_new (GTK_TYPE_RECENT_MANAGER, "filename", list, NULL);
    g_assert_true (gtk_recent_manager_has_item (reader, uri));
  }

  /* A file recorded by an earlier run of the editor (another manager on the same list). */
  {
    g_autofree char *text = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (path, &text, &length, NULL));
    g_assert_true (g_file_set_contents (earlier, text, (gssize) length, NULL));
  }
  g_assert_false (recent_menu_lists_now (f->window, earlier));
  {
    g_autoptr(GtkRecentManager) writer = g_object_new (GTK_TYPE_RECENT_MANAGER, "filename", list, NULL);
    char *groups[] = { NULL };
    GtkRecentData recent = {
      .mime_type = (char *) "application/xml",
      .app_name = (char *) g_get_application_name (),
      .app_exec = (char *) "gbacw-editor %u",
      .groups = groups,
    };
    g_assert_true (gtk_recent_manager_add_full (writer, earlier_uri, &recent));
  }
  second = gbacw_window_new (NULL);
  gtk_window_present (GTK_WINDOW (second));
  g_assert_true (recent_menu_lists (second, earlier));
  g_assert_true (recent_menu_lists (second, path));
  gtk_window_destroy (GTK_WINDOW (second));
  gui_test_iterate_for (30);
}

/* The hex under the canvas's widget point (x, y). */
static GbacwHex
hex_under (Fixture *f, double x, double y)
{
  double mx, my;

  gbacw_map_canvas_widget_to_map (f->canvas, x, y, &mx, &my);
  return gbacw_hex_grid_hex_at_point (&f->scenario->map->grid, mx, my);
}

/* Zoom steps (Ctrl+scroll, Ctrl+plus: the same zoom at the pointer) keep the hex under
 * the pointer, at the map's corners as in mid-map, from the whole-map view. */
static void
test_zoom_at_edge (Fixture *f, gconstpointer data)
{
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (f->canvas);
  const GbacwHexGrid *grid = &f->scenario->map->grid;
  int columns = grid->columns, rows = grid->rows;
  const GbacwHex hexes[] = {
    { 2, 2 },                     /* 0303 */
    { columns - 3, rows - 3 },
    { 1, rows - 2 },
    { columns - 1, 0 },
    { columns / 2, rows / 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (hexes); i++)
    {
      g_autofree char *label = gbacw_hex_grid_format_label (grid, hexes[i]);
      double mx, my, x, y;
      GbacwHex under;

      activate (f, "win.zoom-fit", NULL);
      gui_test_iterate_for (30);
      g_assert_cmpfloat (gbacw_viewport_get_scale (viewport), ==, gbacw_viewport_get_min_scale (viewport));
      hex_centre (f, hexes[i].col, hexes[i].row, &mx, &my);
      map_to_widget (f, mx, my, &x, &y);
      g_signal_emit_by_name (f->motion, "motion", x, y);
      /* the steps one after the other, with no main-loop iteration that could resize the
       * canvas in between (the view's size is not what is tested here) */
      for (int step = 0; step < 3; step++)
        {
          double scale = gbacw_viewport_get_scale (viewport);

          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->canvas), "canvas.zoom", "d", 1.25));
          g_assert_cmpfloat (gbacw_viewport_get_scale (viewport), >, scale);
          under = hex_under (f, x, y);
          if (under.col != hexes[i].col || under.row != hexes[i].row)
            {
              g_autofree char *now = gbacw_hex_grid_format_label (grid, under);
              g_error ("zoom step %d over %s ends over %s", step + 1, label, now);
            }
        }
    }
}

/* Space held turns the primary button into a pan, whatever the tool, and edits nothing. */
static void
test_space_drag_pans (Fixture *f, gconstpointer data)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (f->canvas);
  g_autoptr(GBytes) before = gbacw_scenario_save_to_bytes (f->scenario);
  GtkEventController *keys = NULL;
  double cx, cy, scale;
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && keys == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        keys = controller;
    }
  g_assert_nonnull (keys);
  choose_tool (f, "brush");
  /* zoomed in, so that the map can move */
  gbacw_viewport_set_scale (viewport, 4 * gbacw_viewport_get_min_scale (viewport) + 20);
  gbacw_viewport_set_centre (viewport, 15.0, 12.0);
  gui_test_iterate_for (30);
  scale = gbacw_viewport_get_scale (viewport);
  cx = gbacw_viewport_get_centre_x (viewport);
  cy = gbacw_viewport_get_centre_y (viewport);

  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_space, 0, 0, &handled);
  g_assert_true (handled);
  g_signal_emit_by_name (f->drag, "drag-begin", 300.0, 300.0);
  g_signal_emit_by_name (f->drag, "drag-update", 60.0, -40.0);
  g_signal_emit_by_name (f->drag, "drag-end", 60.0, -40.0);
  g_signal_emit_by_name (keys, "key-released", GDK_KEY_space, 0, 0);
  gui_test_iterate_for (30);

  /* the map follows the pointer: the centre moves the other way */
  g_assert_cmpfloat_with_epsilon (gbacw_viewport_get_centre_x (viewport), cx - 60.0 / scale, 1e-6);
  g_assert_cmpfloat_with_epsilon (gbacw_viewport_get_centre_y (viewport), cy + 40.0 / scale, 1e-6);
  {
    g_autoptr(GBytes) now = gbacw_scenario_save_to_bytes (f->scenario);
    g_assert_true (g_bytes_equal (now, before));
  }
  g_assert_cmpuint (n_steps (f), ==, 0);
}

/* The application: the shortcuts window is the window's help overlay (Ctrl+?). */
static gboolean
ignore_session_bus (const char *log_domain, GLogLevelFlags log_level, const char *message, gpointer user_data)
{
  /* No D-Bus session in the test environment. */
  return strstr (message, "session bus") == NULL && strstr (message, "dbus") == NULL &&
         strstr (message, "dconf") == NULL;
}

/* The accelerators of every GtkShortcutsShortcut under widget, as written in the .ui. */
static void
collect_accelerators (GtkWidget *widget,
                      GPtrArray *out)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      char *accelerator = NULL;
      g_object_get (widget, "accelerator", &accelerator, NULL);
      if (accelerator != NULL)
        g_ptr_array_add (out, accelerator);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_accelerators (child, out);
}

static void
test_help_overlay (void)
{
  g_autoptr(GbacwApplication) app = gbacw_application_new ();
  g_autoptr(GError) error = NULL;
  GbacwWindow *window;
  GtkShortcutsWindow *overlay;
  g_auto(GStrv) accels = NULL;

  g_test_log_set_fatal_handler (ignore_session_bus, NULL);
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  window = gbacw_window_new (GTK_APPLICATION (app));
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (window), "show-help-overlay"));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay");
  g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>question"));
  /* It lists the keys the main menu shows, export and print too. */
  {
    g_autoptr(GPtrArray) listed = g_ptr_array_new_with_free_func (g_free);
    const char *wanted[] = { "<ctrl>n", "<ctrl>o", "<ctrl>s", "<ctrl>e", "<ctrl>p", "F5", "F9", "<ctrl>comma" };

    collect_accelerators (GTK_WIDGET (overlay), listed);
    for (guint i = 0; i < G_N_ELEMENTS (wanted); i++)
      {
        gboolean found = FALSE;
        for (guint k = 0; k < listed->len && !found; k++)
          found = g_strcmp0 (g_ptr_array_index (listed, k), wanted[i]) == 0;
        if (!found)
          g_error ("the shortcuts window does not list %s", wanted[i]);
      }
  }
  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_iterate_for (30);
}

/* At 1024×700 the map can get most of the width: the scenario sidebar shares the row
 * through a paned whose divider the user drags, and the sidebar can be narrow (about
 * 210 px; it wanted 425). */
/* Iterates until widget is width pixels wide (at most 30 s: a loaded machine lays out
 * late), then a little more for what follows from it. */
static void
wait_for_width (GtkWidget *widget,
                int        width)
{
  gint64 end = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;

  while (gtk_widget_get_width (widget) != width && g_get_monotonic_time () < end)
    gui_test_iterate_for (10);
  gui_test_iterate_for (30);
}

static void
test_sidebar_paned (void)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GFile) file = g_file_new_for_path (demo);
  GbacwWindow *window = gbacw_window_new (NULL);
  GbacwScenarioController *controller;
  GtkWidget *sidebar, *canvas;
  GtkPaned *paned;
  GSettings *settings = gbacw_window_state_get_settings ();
  int min, before, narrow;

  /* The application's style sheet, as the application loads it. */
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  gtk_css_provider_load_from_resource (css, "/org/gbacw/Editor/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 700);
  g_assert_true (gbacw_window_load_file (window, file));
  canvas = GTK_WIDGET (gbacw_window_get_canvas (window));
  controller = gbacw_window_get_scenario_controller (window);
  g_assert_nonnull (controller);
  paned = gbacw_scenario_controller_get_paned (controller);
  g_assert_nonnull (paned);
  sidebar = GTK_WIDGET (gbacw_scenario_controller_get_sidebar (controller));
  g_assert_true (gtk_paned_get_start_child (paned) == sidebar);
  g_assert_true (gtk_widget_is_ancestor (canvas, gtk_paned_get_end_child (paned)));
  gtk_window_present (GTK_WINDOW (window));
  gui_test_wait_for_layout_within (canvas, 10, 30);
  g_test_message ("at 1024: sidebar %d, canvas %d", gtk_widget_get_width (sidebar), gtk_widget_get_width (canvas));

  /* The sidebar can be narrow: its rows ellipsize rather than ask for width. */
  gtk_widget_measure (sidebar, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_test_message ("sidebar minimum %d", min);
  g_assert_cmpint (min, <=, 220);

  /* The divider dragged to the left: the map takes what the sidebar gives up. */
  before = gtk_widget_get_width (canvas);
  gtk_paned_set_position (paned, 0);
  wait_for_width (sidebar, min);
  g_test_message ("divider left: sidebar %d, canvas %d", gtk_widget_get_width (sidebar),
                  gtk_widget_get_width (canvas));
  g_assert_cmpint (gtk_widget_get_width (sidebar), ==, min);
  /* (Not 500: the tool panel and hex inspector on the right keep 290 px.) */
  g_assert_cmpint (gtk_widget_get_width (canvas), >=, 450);
  g_assert_cmpint (gtk_widget_get_width (canvas), >=, before);
  narrow = gtk_widget_get_width (canvas);

  /* And to the right: the map keeps the rest. */
  gtk_paned_set_position (paned, 400);
  wait_for_width (sidebar, 400);
  g_assert_cmpint (gtk_widget_get_width (sidebar), ==, 400);
  g_assert_cmpint (ABS (gtk_widget_get_width (canvas) - (narrow - (400 - min))), <=, 1);

  /* Hiding the sidebar (F9) gives the map the whole row. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scenario-sidebar", NULL));
  gui_test_iterate_for (30);
  gui_test_iterate_for (30);
  g_assert_false (gtk_widget_get_visible (sidebar));
  g_assert_cmpint (gtk_widget_get_width (canvas), >=, narrow + min);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.scenario-sidebar", NULL));
  gui_test_iterate_for (30);
  gui_test_iterate_for (30);
  g_assert_cmpint (gtk_widget_get_width (sidebar), ==, 400);

  /* The width is remembered when the window is closed, and the next window has it. */
  g_assert_nonnull (settings);
  gtk_paned_set_position (paned, 260);
  gui_test_iterate_for (30);
  gtk_window_close (GTK_WINDOW (window));
  gui_test_iterate_for (30);
  g_assert_cmpint (g_settings_get_int (settings, "sidebar-width"), ==, 260);
  window = gbacw_window_new (NULL);
  controller = gbacw_window_get_scenario_controller (window);
  g_assert_cmpint (gtk_paned_get_position (gbacw_scenario_controller_get_paned (controller)), ==, 260);
  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_iterate_for (30);
  g_settings_reset (settings, "sidebar-width");
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
  g_settings_reset (settings, "window-maximized");
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css));
}

/* Opening a named pipe as a scenario: the editor reads on the UI thread, so it must not
 * wait for a writer; it shows the reader's error at once and keeps the scenario open. */
static void
test_open_fifo (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->tmpdir, "pipe.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkLabel *message;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_test_expect_message ("gbacw-window", G_LOG_LEVEL_WARNING, "*pipe.xml is a named pipe, not a file*");
  alarm (20);  /* a window that blocks fails the test */
  g_assert_false (gbacw_window_load_file (f->window, file));
  alarm (0);
  g_test_assert_expected_messages ();
  gui_test_iterate_for (30);
  message = find_visible_label (GTK_WIDGET (f->window), "is a named pipe, not a file: give the path of a scenario file");
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (gtk_label_get_text (message), "Could not open the scenario: "));
  /* the scenario open before is still open */
  g_assert_true (gbacw_window_get_document (f->window) == f->document);
  g_unlink (path);
}

/* Issue 12, "each tool keeps its own terrain": the brush, the fill and the eyedropper's
 * picks are one current terrain (the toolbox's), as in the Wesnoth editor; the line tool's
 * line type is the toolbox's too. */
static void
test_shared_terrain (Fixture *f, gconstpointer data)
{
  GbacwToolbox *toolbox = gbacw_window_get_toolbox (f->window);
  int woods = gbacw_catalogue_find_hex_terrain (&f->scenario->catalogue, "woods");
  int railroad = gbacw_catalogue_find_line_type (&f->scenario->catalogue, "railroad");
  guint64 town = f->scenario->map->terrain[hex_index (f, 3, 2)];
  guint64 mask = 0;
  double cx, cy;

  g_assert_cmpuint (town, !=, 0);
  /* woods chosen for the brush is the fill's terrain */
  choose_tool (f, "brush");
  gbacw_tool_brush_set_mask (tool (f, "brush"), G_GUINT64_CONSTANT (1) << woods);
  choose_tool (f, "fill");
  g_object_get (tool (f, "fill"), "mask", &mask, NULL);
  g_assert_cmpuint (mask, ==, G_GUINT64_CONSTANT (1) << woods);

  /* picked with the eyedropper into the fill: the brush's too */
  choose_tool (f, "eyedropper");
  g_assert_true (gbacw_tool_eyedropper_get_target (tool (f, "eyedropper")) == tool (f, "fill"));
  hex_centre (f, 3, 2, &cx, &cy);
  click_map (f, cx, cy);
  g_assert_cmpstr (gbacw_toolbox_get_current (toolbox), ==, "fill");
  g_object_get (toolbox, "terrain", &mask, NULL);
  g_assert_cmpuint (mask, ==, town);
  g_assert_cmpuint (gbacw_tool_brush_get_mask (tool (f, "brush")), ==, town);

  /* and painted with */
  choose_tool (f, "brush");
  g_object_set (tool (f, "brush"), "radius", 0, NULL);
  drag_hexes (f, (const int[]) { 12, 12 }, 1);
  g_assert_cmpuint (f->scenario->map->terrain[hex_index (f, 12, 12)], ==, town);

  gbacw_tool_line_set_line_type (tool (f, "line"), railroad);
  g_object_get (toolbox, "line-type", &railroad, NULL);
  g_assert_cmpint (railroad, ==, gbacw_catalogue_find_line_type (&f->scenario->catalogue, "railroad"));
}

/* The first label under root whose text starts with prefix, or NULL. */
static GtkLabel *
find_label (GtkWidget  *root,
            const char *prefix)
{
  if (GTK_IS_LABEL (root) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (root)), prefix))
    return GTK_LABEL (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, prefix);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The red of a warning badge drawn by the tool's overlay right and below the pointer at
 * the map point (mx, my). */
static gboolean
badge_is_warning (Fixture *f, GbacwTool *map_tool, double mx, double my)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  cairo_t *cr = cairo_create (surface);
  guint32 pixel;
  int r, g, b;

  cairo_translate (cr, 100 - mx, 100 - my);
  gbacw_tool_draw_overlay (map_tool, f->canvas, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  pixel = *(guint32 *) (cairo_image_surface_get_data (surface) + 118 * cairo_image_surface_get_stride (surface)
                        + 118 * 4);
  cairo_surface_destroy (surface);
  r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
  return r > 120 && g < 60 && b < 60;
}

/* Issue 12, "painting into the wrong set-up area": the area tool names the area it paints
 * into by the pointer and in its options, and with none chosen a click paints nothing
 * and says so. */
static void
test_area_target (Fixture *f, gconstpointer data)
{
  GbacwToolArea *areas;
  const GbacwArea *setup = gbacw_map_find_area (f->scenario->map, "union-setup");
  guint steps = n_steps (f);
  guint n_hexes = setup->hexes->len;
  g_autofree char *target = NULL;
  double cx, cy;

  choose_tool (f, "area");
  areas = GBACW_TOOL_AREA (tool (f, "area"));
  g_assert_null (gbacw_tool_area_get_area (areas));
  g_assert_null (gbacw_tool_area_describe_target (areas));
  g_assert_nonnull (find_label (GTK_WIDGET (f->window), "No area chosen: "));
  hex_centre (f, 12, 3, &cx, &cy);
  move_pointer (f, cx, cy);
  g_assert_true (badge_is_warning (f, tool (f, "area"), cx, cy));
  click_map (f, cx, cy);
  g_assert_cmpuint (n_steps (f), ==, steps);
  g_assert_true (g_str_has_prefix (gbacw_window_get_status (f->window), "No area chosen to paint into"));

  /* chosen: named in the options and the badge, and painted into */
  gbacw_tool_area_set_area (areas, "union-setup");
  target = gbacw_tool_area_describe_target (areas);
  g_assert_cmpstr (target, ==, "Paint into: Union set-up (set-up area)");
  g_assert_nonnull (find_label (GTK_WIDGET (f->window), target));
  g_assert_null (find_label (GTK_WIDGET (f->window), "No area chosen: "));
  move_pointer (f, cx, cy);
  g_assert_false (badge_is_warning (f, tool (f, "area"), cx, cy));
  click_map (f, cx, cy);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  setup = gbacw_map_find_area (f->scenario->map, "union-setup");
  g_assert_cmpuint (setup->hexes->len, ==, n_hexes + 1);
  g_assert_true (gbacw_area_contains (setup, hex_index (f, 12, 3)));
}

/* Issue 12, "region select with copy, paste and stamps": a drag selects a rectangle,
 * Shift+click adds a hex, Ctrl+C copies, Ctrl+V shows it at the pointer and a click puts
 * it there as one undo step; a copy kept as a stamp paints where the map is dragged over. */
static void
test_select_copy_paste (Fixture *f, gconstpointer data)
{
  const GbacwHexGrid *grid = &f->scenario->map->grid;
  const GbacwHex copied[] = { { 3, 3 }, { 4, 3 }, { 3, 4 }, { 4, 4 }, { 6, 6 } };
  GbacwToolSelect *select;
  guint64 terrain[G_N_ELEMENTS (copied)];
  int elevation[G_N_ELEMENTS (copied)];
  GbacwHex anchor = { 13, 9 };
  double cx, cy;
  guint steps;

  for (guint i = 0; i < G_N_ELEMENTS (copied); i++)
    {
      terrain[i] = f->scenario->map->terrain[hex_index (f, copied[i].col, copied[i].row)];
      elevation[i] = f->scenario->map->elevation[hex_index (f, copied[i].col, copied[i].row)];
    }
  choose_tool (f, "select");
  select = GBACW_TOOL_SELECT (tool (f, "select"));
  drag_hexes (f, (const int[]) { 3, 3, 4, 4 }, 2);
  g_assert_cmpuint (gbacw_tool_select_get_selection (select)->len, ==, 4);
  hex_centre (f, 6, 6, &cx, &cy);
  gbacw_tool_pressed (tool (f, "select"), f->canvas, cx, cy, GDK_SHIFT_MASK);
  gbacw_tool_released (tool (f, "select"), f->canvas, cx, cy, GDK_SHIFT_MASK);
  g_assert_cmpuint (gbacw_tool_select_get_selection (select)->len, ==, 5);
  g_assert_nonnull (find_label (GTK_WIDGET (f->window), "5 hexes selected"));

  activate (f, "win.copy", NULL);
  g_assert_cmpstr (gbacw_window_get_status (f->window), ==, "Copied 5 hexes: Ctrl+V pastes them");
  activate (f, "win.paste", NULL);
  g_assert_nonnull (gbacw_tool_select_get_placing (select));
  steps = n_steps (f);
  hex_centre (f, anchor.col, anchor.row, &cx, &cy);
  move_pointer (f, cx, cy);
  click_map (f, cx, cy);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_assert_null (gbacw_tool_select_get_placing (select));
  for (guint i = 0; i < G_N_ELEMENTS (copied); i++)
    {
      int dq, dr, to;

      gbacw_hex_grid_step_between (grid, copied[0], copied[i], &dq, &dr);
      to = gbacw_hex_grid_index (grid, gbacw_hex_grid_step (grid, anchor, dq, dr));
      g_assert_cmpint (to, >=, 0);
      g_assert_cmpuint (f->scenario->map->terrain[to], ==, terrain[i]);
      g_assert_cmpint (f->scenario->map->elevation[to], ==, elevation[i]);
    }
  activate (f, "win.undo", NULL);
  g_assert_cmpuint (n_steps (f), ==, steps);

  /* kept as a stamp, listed, and painted with along a drag: one step */
  g_assert_true (gbacw_tool_select_keep_stamp (select, "Farm"));
  g_assert_nonnull (find_label (GTK_WIDGET (f->window), "Farm (5 hexes)"));
  gbacw_tool_select_use_stamp (select, 0);
  drag_hexes (f, (const int[]) { 15, 2, 17, 2 }, 2);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_assert_cmpuint (f->scenario->map->terrain[hex_index (f, 17, 2)], ==, terrain[0]);
  g_assert_nonnull (gbacw_tool_select_get_placing (select));
  g_assert_true (gbacw_tool_key_pressed (tool (f, "select"), f->canvas, GDK_KEY_Escape, 0));
  g_assert_null (gbacw_tool_select_get_placing (select));
}

/* Issue 12, "redans are named per hexside": a redan is one named work over its hexsides:
 * a redan hexside drawn beside Battery Robinett joins it, the name given once names every
 * hexside of it, and the file keeps the name once. */
static void
test_work_name (Fixture *f, gconstpointer data)
{
  const GbacwMap *map = f->scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  int redan = gbacw_catalogue_find_hexside_type (&f->scenario->catalogue, "redan");
  GbacwHexsideId south = gbacw_hex_grid_hexside (grid, (GbacwHex) { 6, 6 }, 3);   /* 0707 S */
  g_autoptr(GArray) work = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GbacwScenario) loaded = NULL;
  g_autofree char *text = NULL;
  GtkWidget *name;
  double x0, y0, x1, y1, cx, cy;
  guint steps;

  work = gbacw_map_work_hexsides (f->scenario, gbacw_hex_grid_hexside (grid, (GbacwHex) { 6, 6 }, 0));
  g_assert_cmpuint (work->len, ==, 3);
  choose_tool (f, "hexside");
  gbacw_tool_hexside_set_feature (tool (f, "hexside"), redan);
  name = panel_widget (f, WORK_NAME_TOOLTIP, GTK_TYPE_ENTRY);

  /* drawn on 0707's south side, inside 0707: part of Battery Robinett */
  hex_centre (f, 6, 6, &cx, &cy);
  gbacw_hex_grid_corner (grid, (GbacwHex) { 6, 6 }, 3, &x0, &y0);
  gbacw_hex_grid_corner (grid, (GbacwHex) { 6, 6 }, 4, &x1, &y1);
  click_map (f, (x0 + x1) / 2 + (cx - (x0 + x1) / 2) * 0.2, (y0 + y1) / 2 + (cy - (y0 + y1) / 2) * 0.2);
  g_assert_true (map->hexside_features[south] & (1u << redan));
  g_assert_cmpstr (g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (south)), ==, "Battery Robinett");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (name)), ==, "Battery Robinett");

  /* renamed once: every hexside of it, one step */
  steps = n_steps (f);
  gtk_editable_set_text (GTK_EDITABLE (name), "Fort Robinett");
  g_signal_emit_by_name (name, "activate");
  gui_test_iterate_for (30);
  g_assert_cmpuint (n_steps (f), ==, steps + 1);
  g_clear_pointer (&work, g_array_unref);
  work = gbacw_map_work_hexsides (f->scenario, south);
  g_assert_cmpuint (work->len, ==, 4);
  for (guint i = 0; i < work->len; i++)
    g_assert_cmpstr (g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (g_array_index (work, GbacwHexsideId, i))),
                     ==, "Fort Robinett");

  /* in the file once */
  bytes = gbacw_scenario_save_to_bytes (f->scenario);
  text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_nonnull (strstr (text, "<work name=\"Fort Robinett\" hexsides=\""));
  g_assert_null (strstr (strstr (text, "<work name=\"Fort Robinett\"") + strlen ("<work name=\"Fort Robinett\""),
                         "Fort Robinett"));
  g_assert_null (strstr (text, "<work name=\"Battery Robinett\""));
  loaded = gbacw_scenario_load_bytes (bytes, "renamed.xml", NULL);
  g_assert_nonnull (loaded);
  g_clear_pointer (&work, g_array_unref);
  work = gbacw_map_work_hexsides (loaded, south);
  g_assert_cmpuint (work->len, ==, 4);
}

int
main (int argc, char **argv)
{
  g_autofree char *data_home = g_dir_make_tmp ("gbacw-gui-data-XXXXXX", NULL);
  int status;

  /* Settings that outlive nothing, as without a session bus (see /editor/gui/recent);
   * the desktop's recent files in a private place. */
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (data_home != NULL)
    g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  if (!gui_test_init (&argc, &argv))
    return 77;

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/editor/gui/brush-stroke", test_brush_stroke);
  ADD ("/editor/gui/tools", test_tools_through_the_canvas);
  ADD ("/editor/gui/inspector", test_inspector);
  ADD ("/editor/gui/save-reload", test_save_reload);
  ADD ("/editor/gui/demo-template", test_demo_template);
  ADD ("/editor/gui/drop-files", test_drop_files);
  ADD ("/editor/gui/open-fifo", test_open_fifo);
  ADD ("/editor/gui/save-fails", test_save_fails);
  ADD ("/editor/gui/new", test_new);
  ADD ("/editor/gui/new-enter", test_new_enter);
  ADD ("/editor/gui/shortcuts", test_shortcuts);
  ADD ("/editor/gui/recent", test_recent);
  ADD ("/editor/gui/space-drag-pans", test_space_drag_pans);
  ADD ("/editor/gui/zoom-at-edge", test_zoom_at_edge);
  ADD ("/editor/gui/label-editing", test_label_editing);
  ADD ("/editor/gui/area-rename-delete", test_area_rename_delete);
  ADD ("/editor/gui/hexside-name", test_hexside_name);
  ADD ("/editor/gui/shared-terrain", test_shared_terrain);
  ADD ("/editor/gui/area-target", test_area_target);
  ADD ("/editor/gui/select-copy-paste", test_select_copy_paste);
  ADD ("/editor/gui/work-name", test_work_name);
#undef ADD
  g_test_add_func ("/editor/gui/help-overlay", test_help_overlay);
  g_test_add_func ("/editor/gui/sidebar-paned", test_sidebar_paned);

  status = g_test_run ();
  if (data_home != NULL)
    {
      g_autofree char *recent = g_build_filename (data_home, "recently-used.xbel", NULL);
      g_remove (recent);
      g_rmdir (data_home);
    }
  return status;
}
