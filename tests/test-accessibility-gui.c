/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-accessibility-gui.c: the editor for users of a screen reader and the keyboard alone
 * (needs a display: run under xvfb-run).
 *
 * Every button of the window names itself to assistive technology (an accessible label, a
 * label it is labelled by, or the text it shows); the map canvas names the hex under its
 * keyboard cursor and that hex's terrain; the arrow keys move the cursor, the view follows
 * it, and Enter or Space paints the hex as a click would, in one undo step.
 */
#define G_LOG_DOMAIN "test-accessibility-gui"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "gbacw-application.h"
#include "gbacw-data.h"
#include "gbacw-scenario-io.h"
#include "gbacw-tool-brush.h"
#include "gbacw-toolbox.h"
#include "gbacw-window.h"
#include "gui-test-helpers.h"

typedef struct
{
  GbacwWindow *window;
  GbacwMapCanvas *canvas;
  GbacwDocument *document;
  GbacwScenario *scenario;
  GtkEventController *keys;
} Fixture;

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GFile) file = g_file_new_for_path (demo);
  g_autoptr(GListModel) controllers = NULL;

  f->window = gbacw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  g_assert_true (gbacw_window_load_file (f->window, file));
  f->canvas = gbacw_window_get_canvas (f->window);
  f->document = gbacw_window_get_document (f->window);
  f->scenario = gbacw_document_get_scenario (f->document);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_wait_for_layout_within (GTK_WIDGET (f->canvas), 60, 30);

  controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        f->keys = controller;
    }
  g_assert_nonnull (f->keys);
}

static void
fixture_tear_down (Fixture      *f,
                   gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate_for (30);
}

/* ---------------------------------------------------------------- labels */

/* Whether widget shows a text: a label with text in it, not in a popover it opens. */
static gboolean
has_text_label (GtkWidget *widget)
{
  if (GTK_IS_POPOVER (widget))
    return FALSE;
  if (GTK_IS_LABEL (widget) && gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (has_text_label (child))
      return TRUE;
  return FALSE;
}

/* The name a screen reader gives a button: its accessible label, or the text it shows.
 * GTK 4.8 makes a button "labelled by" its child whatever that is, an icon included, and
 * does not name a widget after its tooltip (that becomes its description): an icon-only
 * button needs its label property. */
static gboolean
is_named (GtkWidget *widget)
{
  return gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL)
         || has_text_label (widget);
}

/* What names a button to whoever reads the log: its id in the .ui, its icon, its tooltip. */
static char *
describe (GtkWidget *widget)
{
  GString *s = g_string_new (G_OBJECT_TYPE_NAME (widget));
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (GTK_IS_BUILDABLE (widget) && gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)) != NULL)
    g_string_append_printf (s, " id=%s", gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)));
  if (GTK_IS_BUTTON (widget) && gtk_button_get_icon_name (GTK_BUTTON (widget)) != NULL)
    g_string_append_printf (s, " icon=%s", gtk_button_get_icon_name (GTK_BUTTON (widget)));
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)) != NULL)
    g_string_append_printf (s, " icon=%s", gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)));
  if (tooltip != NULL)
    g_string_append_printf (s, " tooltip=“%s”", tooltip);
  for (GtkWidget *p = gtk_widget_get_parent (widget); p != NULL; p = gtk_widget_get_parent (p))
    if (GTK_IS_BUILDABLE (p) && gtk_buildable_get_buildable_id (GTK_BUILDABLE (p)) != NULL)
      {
        g_string_append_printf (s, " in %s", gtk_buildable_get_buildable_id (GTK_BUILDABLE (p)));
        break;
      }
  return g_string_free (s, FALSE);
}

/* Buttons GTK builds inside its own widgets are theirs to name (the spin button's + and −,
 * the drop-down's and the menu button's inner toggle, which takes the menu button's name). */
static gboolean
inside_composite (GtkWidget *widget)
{
  GtkWidget *parent = gtk_widget_get_parent (widget);

  return GTK_IS_SPIN_BUTTON (parent) || GTK_IS_DROP_DOWN (parent) || GTK_IS_MENU_BUTTON (parent)
         || GTK_IS_SCALE_BUTTON (parent) || GTK_IS_COLOR_BUTTON (parent) || GTK_IS_FONT_BUTTON (parent)
         || GTK_IS_WINDOW_CONTROLS (parent);
}

static void
collect_unnamed (GtkWidget *widget,
                 GPtrArray *unnamed,
                 guint     *n_buttons)
{
  if ((GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget)) && !inside_composite (widget))
    {
      (*n_buttons)++;
      if (!is_named (widget))
        g_ptr_array_add (unnamed, describe (widget));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_unnamed (child, unnamed, n_buttons);
}

/* Every button in the window, shown or hidden (the test-play and deployment panels, the
 * tools' panels, the popovers), has a name for assistive technology. */
static void
test_buttons_named (Fixture      *f,
                    gconstpointer data)
{
  g_autoptr(GPtrArray) unnamed = g_ptr_array_new_with_free_func (g_free);
  guint n_buttons = 0;

  collect_unnamed (GTK_WIDGET (f->window), unnamed, &n_buttons);
  for (guint i = 0; i < unnamed->len; i++)
    g_test_message ("no accessible name: %s", (const char *) g_ptr_array_index (unnamed, i));
  g_test_message ("%u buttons, %u without a name", n_buttons, unnamed->len);
  g_assert_cmpuint (n_buttons, >, 20);
  g_assert_cmpuint (unnamed->len, ==, 0);
}

/* The same of the test-play page and of the dialogs: Scenario Settings, the charts and the
 * New dialog. */
static void
test_dialogs_named (Fixture      *f,
                    gconstpointer data)
{
  g_autoptr(GPtrArray) unnamed = g_ptr_array_new_with_free_func (g_free);
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n_buttons = 0, n_windows;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.test-play", NULL));
  gui_test_iterate_for (200);
  collect_unnamed (GTK_WIDGET (f->window), unnamed, &n_buttons);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.test-play", NULL));
  gui_test_iterate_for (50);

  n_windows = g_list_model_get_n_items (toplevels);
  for (guint i = 0; i < 3; i++)
    {
      const char *actions[] = { "win.settings", "win.charts", "win.new" };
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), actions[i], NULL));
      gui_test_iterate_for (100);
    }
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), >=, n_windows + 3);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);
      /* The shortcuts window is GTK's own, its header bar's buttons too. */
      if (toplevel != GTK_WIDGET (f->window) && !GTK_IS_SHORTCUTS_WINDOW (toplevel))
        collect_unnamed (toplevel, unnamed, &n_buttons);
    }
  for (guint i = 0; i < unnamed->len; i++)
    g_test_message ("no accessible name: %s", (const char *) g_ptr_array_index (unnamed, i));
  g_test_message ("%u buttons, %u without a name", n_buttons, unnamed->len);
  g_assert_cmpuint (unnamed->len, ==, 0);

  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);
      if (toplevel != GTK_WIDGET (f->window))
        gtk_window_destroy (GTK_WINDOW (toplevel));
    }
}

/* ---------------------------------------------------------------- the hex cursor */

static gboolean
press (Fixture *f,
       guint    keyval)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (f->keys, "key-pressed", keyval, 0, 0, &handled);
  gui_test_iterate_for (5);
  return handled;
}

static guint
n_steps (Fixture *f)
{
  return gbacw_history_get_index (gbacw_document_get_history (f->document));
}

static char *
cursor_label (Fixture    *f,
              int         hex,
              const char *terrain)
{
  g_autofree char *label = gbacw_hex_grid_format_label (&f->scenario->map->grid,
                                                        gbacw_hex_grid_hex_at (&f->scenario->map->grid, hex));
  return g_strdup_printf ("Map, hex %s: %s", label, terrain);
}

static void
assert_label (Fixture    *f,
              const char *expected)
{
  g_autofree char *mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (f->canvas),
                                                                  GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  if (mismatch != NULL)
    g_error ("the map's accessible label is not “%s”: %s", expected, mismatch);
}

/* The cursor's hex lies in the view. */
static void
assert_cursor_in_view (Fixture *f)
{
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (f->canvas);
  int hex = gbacw_map_canvas_get_cursor_hex (f->canvas);
  double mx, my, x, y;

  g_assert_cmpint (hex, >=, 0);
  gbacw_hex_grid_centre (&f->scenario->map->grid, gbacw_hex_grid_hex_at (&f->scenario->map->grid, hex), &mx, &my);
  gbacw_viewport_map_to_view (viewport, mx, my, &x, &y);
  g_assert_cmpfloat (x, >=, 0);
  g_assert_cmpfloat (x, <=, gtk_widget_get_width (GTK_WIDGET (f->canvas)));
  g_assert_cmpfloat (y, >=, 0);
  g_assert_cmpfloat (y, <=, gtk_widget_get_height (GTK_WIDGET (f->canvas)));
}

static void
test_keyboard_cursor (Fixture      *f,
                      gconstpointer data)
{
  const GbacwHexGrid *grid = &f->scenario->map->grid;
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (f->canvas);
  g_autoptr(GBytes) before = NULL;
  const GbacwHexTerrain *terrain;
  GbacwTool *brush;
  GbacwHex start, hex;
  double mx, my;
  int target, t;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.tool", g_variant_new_string ("brush")));
  brush = gbacw_toolbox_get_tool (gbacw_window_get_toolbox (f->window), "brush");
  g_assert_true (gbacw_map_canvas_get_tool (f->canvas) == brush);
  gtk_widget_grab_focus (GTK_WIDGET (f->canvas));

  /* Zoomed in on hex (4, 4): the view shows a few hexes around it. */
  gbacw_viewport_set_scale (viewport, 60);
  gbacw_hex_grid_centre (grid, (GbacwHex) { 4, 4 }, &mx, &my);
  gbacw_viewport_set_centre (viewport, mx, my);
  gui_test_iterate_for (20);

  /* Before the arrow keys, the map names itself by its size. */
  g_assert_cmpint (gbacw_map_canvas_get_cursor_hex (f->canvas), ==, -1);
  {
    g_autofree char *size = g_strdup_printf ("Map of %d × %d hexes", grid->columns, grid->rows);
    assert_label (f, size);
  }
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (f->canvas), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  /* The first key shows the cursor at the hex under the pointer (the display's pointer may
   * lie over the map), else in the middle of the view; the next move it. */
  if (gbacw_map_canvas_get_hover_hex (f->canvas) >= 0)
    start = gbacw_hex_grid_hex_at (grid, gbacw_map_canvas_get_hover_hex (f->canvas));
  else
    start = gbacw_hex_grid_hex_at_point (grid, gbacw_viewport_get_centre_x (viewport),
                                         gbacw_viewport_get_centre_y (viewport));
  g_assert_true (press (f, GDK_KEY_Right));
  hex = gbacw_hex_grid_hex_at (grid, gbacw_map_canvas_get_cursor_hex (f->canvas));
  g_assert_cmpint (hex.col, ==, start.col);
  g_assert_cmpint (hex.row, ==, start.row);
  /* From (4, 4), the walk below stays well inside the map. */
  gbacw_map_canvas_set_cursor_hex (f->canvas, gbacw_hex_grid_index (grid, (GbacwHex) { 4, 4 }));
  g_assert_true (press (f, GDK_KEY_Right));
  g_assert_true (press (f, GDK_KEY_Right));
  g_assert_true (press (f, GDK_KEY_Down));
  g_assert_true (press (f, GDK_KEY_Down));
  g_assert_true (press (f, GDK_KEY_Left));
  g_assert_true (press (f, GDK_KEY_Up));
  target = gbacw_map_canvas_get_cursor_hex (f->canvas);
  hex = gbacw_hex_grid_hex_at (grid, target);
  g_assert_cmpint (hex.col, ==, 5);
  g_assert_cmpint (hex.row, ==, 5);
  {
    g_autoptr(GString) names = g_string_new (NULL);
    for (guint i = 0; i < f->scenario->catalogue.hex_terrains->len; i++)
      if (f->scenario->map->terrain[target] & (G_GUINT64_CONSTANT (1) << i))
        {
          const GbacwHexTerrain *ht = g_ptr_array_index (f->scenario->catalogue.hex_terrains, i);
          g_string_append_printf (names, "%s%s", names->len ? ", " : "", ht->name ? ht->name : ht->id);
        }
    {
      g_autofree char *expected = cursor_label (f, target, names->len ? names->str : "not painted");
      assert_label (f, expected);
    }
  }

  /* A terrain the hex has not: the brush paints it there, one hex. */
  for (t = 0; t < (int) f->scenario->catalogue.hex_terrains->len; t++)
    if (f->scenario->map->terrain[target] != (G_GUINT64_CONSTANT (1) << t))
      break;
  g_assert_cmpint (t, <, (int) f->scenario->catalogue.hex_terrains->len);
  terrain = g_ptr_array_index (f->scenario->catalogue.hex_terrains, t);
  g_object_set (brush, "mask", G_GUINT64_CONSTANT (1) << t, "radius", 0, "add", FALSE, NULL);
  before = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_cmpuint (n_steps (f), ==, 0);

  g_assert_true (press (f, GDK_KEY_Return));
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmphex (f->scenario->map->terrain[target], ==, G_GUINT64_CONSTANT (1) << t);
  {
    g_autofree char *expected = cursor_label (f, target, terrain->name ? terrain->name : terrain->id);
    assert_label (f, expected);
  }
  /* The one step undone, the scenario is as it was: Enter painted that hex alone. */
  g_assert_true (gbacw_document_undo (f->document));
  {
    g_autoptr(GBytes) now = gbacw_scenario_save_to_bytes (f->scenario);
    g_assert_true (g_bytes_equal (now, before));
  }

  /* Space pressed and released without a drag paints as Enter does. */
  {
    gboolean handled = FALSE;
    g_signal_emit_by_name (f->keys, "key-pressed", GDK_KEY_space, 0, 0, &handled);
    g_assert_true (handled);
    g_signal_emit_by_name (f->keys, "key-released", GDK_KEY_space, 0, 0);
    gui_test_iterate_for (5);
  }
  g_assert_cmphex (f->scenario->map->terrain[target], ==, G_GUINT64_CONSTANT (1) << t);
  g_assert_true (gbacw_document_undo (f->document));

  /* Far to the right and down, the view follows the cursor; at the map's edge it stops. */
  for (int i = 0; i < grid->columns + 3; i++)
    {
      g_assert_true (press (f, GDK_KEY_Right));
      assert_cursor_in_view (f);
    }
  for (int i = 0; i < grid->rows + 3; i++)
    {
      g_assert_true (press (f, GDK_KEY_Down));
      assert_cursor_in_view (f);
    }
  hex = gbacw_hex_grid_hex_at (grid, gbacw_map_canvas_get_cursor_hex (f->canvas));
  g_assert_cmpint (hex.col, ==, grid->columns - 1);
  g_assert_cmpint (hex.row, ==, grid->rows - 1);

  /* The cursor is drawn in a layer of its own, above the hover light. */
  {
    GListModel *layers = gbacw_map_canvas_get_overlay_layers (f->canvas);
    gboolean found = FALSE;
    for (guint i = 0; i < g_list_model_get_n_items (layers); i++)
      {
        g_autoptr(GbacwCanvasLayer) layer = g_list_model_get_item (layers, i);
        found |= g_strcmp0 (gbacw_canvas_layer_get_name (layer), "cursor") == 0;
      }
    g_assert_true (found);
  }
}

/* The test AT context reports every state change on stdout, where the test's own TAP
 * output goes. */
static void
print_without_state_changes (const char *text)
{
  if (!g_str_has_prefix (text, "Accessible state changed"))
    {
      fputs (text, stdout);
      fflush (stdout);
    }
}

int
main (int    argc,
      char **argv)
{
  /* The test context keeps the accessible properties for gtk_test_accessible_*. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_set_print_handler (print_without_state_changes);
  gui_test_trace_criticals ();
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run)");
      return 77;
    }
  /* The application class registers the GResource (window template, icons). */
  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));

  g_test_add ("/accessibility/buttons-named", Fixture, NULL, fixture_set_up, test_buttons_named, fixture_tear_down);
  g_test_add ("/accessibility/dialogs-named", Fixture, NULL, fixture_set_up, test_dialogs_named, fixture_tear_down);
  g_test_add ("/accessibility/keyboard-cursor", Fixture, NULL, fixture_set_up, test_keyboard_cursor,
              fixture_tear_down);
  return g_test_run ();
}
