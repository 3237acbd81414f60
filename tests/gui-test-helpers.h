/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gui-test-helpers.h: what the editor's GUI test programs share: running the main loop,
 * waiting for a window's layout, finding a widget by type, and the start of main ()
 * (environment, GTK, the editor's resources). */
#pragma once

#include <execinfo.h>
#include <gtk/gtk.h>
#include <unistd.h>

#include "gbacw-application.h"
#include "gbacw-data.h"
#include "gbacw-oob-panel.h"
#include "gbacw-window.h"

/* Runs what is pending in the main context, without waiting. */
static inline void
gui_test_iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs the main context for ms milliseconds: frames and timeouts that are not pending yet. */
static inline void
gui_test_iterate_for (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* A few frames: the layout after a change (the machine may be busy). */
static inline void
gui_test_settle (void)
{
  for (int i = 0; i < 10; i++)
    {
      gui_test_iterate ();
      g_usleep (5000);
    }
}

/* Lets the window map and lay out (the viewport learns its size), for up to five seconds. */
static inline void
gui_test_wait_for_layout (GtkWidget *widget)
{
  for (int i = 0; i < 500 && (gtk_widget_get_width (widget) == 0 || !gtk_widget_get_mapped (widget)); i++)
    {
      gui_test_iterate ();
      g_usleep (10000);
    }
  gui_test_iterate ();
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
}

/* Waits up to timeout_s seconds for widget to be mapped and laid out, then runs the main
 * context for settle_ms more (a machine busy with other builds can take many seconds to
 * map a window). */
static inline void
gui_test_wait_for_layout_within (GtkWidget *widget,
                                 int        timeout_s,
                                 int        settle_ms)
{
  gint64 end = g_get_monotonic_time () + timeout_s * G_TIME_SPAN_SECOND;

  while ((gtk_widget_get_width (widget) == 0 || !gtk_widget_get_mapped (widget)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
  gui_test_iterate_for (settle_ms);
}

/* The first widget of type at or below root, depth first; NULL when there is none. */
static inline GtkWidget *
gui_test_find_widget (GtkWidget *root,
                      GType      type)
{
  if (root == NULL)
    return NULL;
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = gui_test_find_widget (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Writes the stack of a critical or a warning before the default writer (which
 * G_DEBUG=fatal-criticals makes abort): a rare critical in a shared CI run is then found
 * from its log alone (addresses: `addr2line -e LIBRARY OFFSET`). */
static inline GLogWriterOutput
gui_test_log_writer (GLogLevelFlags   level,
                     const GLogField *fields,
                     gsize            n_fields,
                     gpointer         user_data)
{
  if (level & (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      void *frames[64];
      int n = backtrace (frames, G_N_ELEMENTS (frames));
      static const char heading[] = "the stack of the message below:\n";

      if (write (STDERR_FILENO, heading, sizeof heading - 1) > 0)
        backtrace_symbols_fd (frames, n, STDERR_FILENO);
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

static inline void
gui_test_trace_criticals (void)
{
  g_log_set_writer_func (gui_test_log_writer, NULL, NULL);
}

/* The start of a GUI test's main (): the stacks of criticals written, no accessibility
 * bus (there is none in the test sessions), cairo rather than the X server's software GL (mesa's EGL leaves blocks
 * behind at exit that LeakSanitizer cannot follow to a suppression), g_test_init (), GTK,
 * and the editor's GResource (window template, icons), which the application class
 * registers. Returns FALSE, the test skipped, when there is no display: main () then
 * returns 77. Set any other environment before calling it. */
static inline gboolean
gui_test_init (int    *argc,
               char ***argv)
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  gui_test_trace_criticals ();
  g_test_init (argc, argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run)");
      return FALSE;
    }
  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));
  return TRUE;
}

/* A window of that default size on a scenario from the data folder ("scenarios/demo.xml"),
 * not yet presented. */
static inline GbacwWindow *
gui_test_window_on (const char *data_path,
                    int         width,
                    int         height)
{
  g_autofree char *path = gbacw_data_find (data_path);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GbacwWindow *window = gbacw_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  g_assert_true (gbacw_window_load_file (window, file));
  return window;
}

/* Where the centre of hex (an index) is in the canvas's widget coordinates. */
static inline void
gui_test_hex_centre (GbacwMapCanvas      *canvas,
                     const GbacwScenario *scenario,
                     int                  hex,
                     double              *x,
                     double              *y)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  double mx, my;

  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), &mx, &my);
  gbacw_viewport_map_to_view (gbacw_map_canvas_get_viewport (canvas), mx, my, x, y);
}

/* The id of the entry selected in the order-of-battle panel (there must be one). */
static inline const char *
gui_test_selected_oob_id (GbacwOobPanel *panel)
{
  GbacwOobItem *item = gbacw_oob_panel_get_selected_item (panel);

  g_assert_nonnull (item);
  return gbacw_oob_item_get_id (item);
}

/* The shortcut with trigger wanted that widget handles in phase: capture, before its
 * children see the key; bubble, its class's key bindings. NULL when it has none. */
static inline GtkShortcut *
gui_test_find_shortcut (GtkWidget          *widget,
                        GtkShortcutTrigger *wanted,
                        GtkPropagationPhase phase)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) || gtk_event_controller_get_propagation_phase (controller) != phase)
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            return shortcut;   /* the controller keeps it */
        }
    }
  return NULL;
}

/* Runs widget's shortcut for keyval and mods as a key press would (any phase): TRUE when
 * one of its shortcut controllers has it. */
static inline gboolean
gui_test_activate_shortcut (GtkWidget       *widget,
                            guint            keyval,
                            GdkModifierType  mods)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == mods)
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }
  return FALSE;
}
