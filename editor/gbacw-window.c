/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-window.c: an editor window showing one document. */
#define G_LOG_DOMAIN "gbacw-window"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-background-dialog.h"
#include "gbacw-data.h"
#include "gbacw-export-dialog.h"
#include "gbacw-findings-button.h"
#include "gbacw-findings-panel.h"
#include "gbacw-hex-inspector.h"
#include "gbacw-map-overview.h"
#include "gbacw-map-renderer.h"
#include "gbacw-new-dialog.h"
#include "gbacw-play-mode.h"
#include "gbacw-print.h"
#include "gbacw-scenario-controller.h"
#include "gbacw-scenario-io.h"
#include "gbacw-tool-elevation.h"
#include "gbacw-tool-panel.h"
#include "gbacw-toolbox.h"
#include "gbacw-trace-dialog.h"
#include "gbacw-window-private.h"
#include "gbacw-window-state.h"
#include "gbacw-file-chooser.h"

struct _GbacwWindow
{
  GtkApplicationWindow parent_instance;

  /* template */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkRevealer *error_revealer;
  GtkLabel *error_label;
  GtkPaned *sidebar_paned;
  GbacwScenarioSidebar *sidebar;
  GbacwMapCanvas *canvas;
  GbacwMapOverview *overview;
  GtkWidget *empty_state;
  GtkLabel *status_label;
  GtkLabel *zoom_label;
  GbacwFindingsPanel *findings_panel;
  GtkBox *palette;
  GbacwToolPanel *tool_panel;
  GbacwHexInspector *inspector;
  GtkWidget *undo_button;
  GtkWidget *redo_button;
  GtkMenuButton *recent_button;

  /* The map tools and the current one (the property "tool", action win.tool). */
  GbacwToolbox *toolbox;

  GbacwDocument *document;
  /* The validator: runs once on load, then re-checks what each change touched. */
  GbacwChecker *checker;
  guint n_check_runs, n_check_updates;
  GSignalGroup *document_signals;
  GSignalGroup *history_signals;
  /* the title label follows the document's title and whether it is modified */
  GBindingGroup *document_bindings;
  GBindingGroup *history_bindings;

  /* What the window owns: the scan under the map, test play, the scenario sidebar and
   * its dialogs; and the Background Image dialog while it exists. */
  GbacwBackgroundController *background;
  GbacwPlayMode *play_mode;
  GbacwScenarioController *scenario;
  GtkWidget *background_dialog;
  GtkWidget *trace_dialog;

  GtkNativeDialog *file_chooser;
  /* The user chose to close despite unsaved changes (or saved them). */
  gboolean close_confirmed;
  /* What update_actions () last enabled: action name -> GINT_TO_POINTER (enabled). */
  GHashTable *actions_enabled;
};

static void gbacw_window_editor_host_init (GbacwEditorHostInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwWindow, gbacw_window, GTK_TYPE_APPLICATION_WINDOW,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_EDITOR_HOST, gbacw_window_editor_host_init))

enum {
  PROP_0,
  PROP_TOOL,
  PROP_TEST_PLAY,
  PROP_SCENARIO_SIDEBAR,
  PROP_LAYER_FINDINGS,
  PROP_SCAN_OVER_TERRAIN,
  PROP_UNPAINTED_ONLY,
  PROP_OVERVIEW,
  /* "layer-NAME", NAME as in gbacw_layer_bit_to_string (), one per bit from 1 << 0 */
  PROP_LAYER_FIRST,
  N_PROPS = PROP_LAYER_FIRST + GBACW_N_LAYERS,
  /* GbacwEditorHost's */
  PROP_DOCUMENT = N_PROPS,
};

static GParamSpec *properties[N_PROPS];


static void save_as (GbacwWindow *self, gboolean then_close);

/* ---------------------------------------------------------------- state shown */

static GbacwHistory *
get_history (GbacwWindow *self)
{
  return self->document ? gbacw_document_get_history (self->document) : NULL;
}

/* The undo and redo buttons name the step they would undo or redo. */
static void
update_undo_tooltips (GbacwWindow *self)
{
  GbacwHistory *history = get_history (self);
  const char *undo = history ? gbacw_history_get_undo_label (history) : NULL;
  const char *redo = history ? gbacw_history_get_redo_label (history) : NULL;
  g_autofree char *undo_text = NULL;
  g_autofree char *redo_text = NULL;

  /* TRANSLATORS: the undo button's tooltip, e.g. "Undo “Paint terrain” (Ctrl+Z)" */
  undo_text = undo ? g_strdup_printf (_("Undo “%s” (Ctrl+Z)"), undo) : g_strdup (_("Nothing to Undo"));
  /* TRANSLATORS: the redo button's tooltip, e.g. "Redo “Paint terrain” (Shift+Ctrl+Z)" */
  redo_text = redo ? g_strdup_printf (_("Redo “%s” (Shift+Ctrl+Z)"), redo) : g_strdup (_("Nothing to Redo"));
  gtk_widget_set_tooltip_text (self->undo_button, undo_text);
  gtk_widget_set_tooltip_text (self->redo_button, redo_text);
}

/* Which of the window's actions apply, in one place: with or without a document, editing
 * or test playing (nothing may change the document while it is played: only leaving,
 * win.test-play, and win.hide-error stay). */
static gboolean
action_applies (GbacwWindow *self,
                const char  *name)
{
  /* the actions that need a document */
  static const char *const with_document[] = {
    "win.save", "win.save-as", "win.zoom-in", "win.zoom-out", "win.zoom-fit", "win.auto-crest",
    "win.background", "win.trace-terrain", "win.export", "win.print", "win.balance", "win.settings", "win.charts",
    "win.roster-export", "win.roster-import", "win.fill-stand-ins", "win.clear-stand-ins", "win.copy",
    "win.paste", NULL
  };
  GbacwHistory *history = get_history (self);
  gboolean has_document = self->document != NULL;
  gboolean editing = self->play_mode == NULL || !gbacw_play_mode_is_active (self->play_mode);

  if (g_str_equal (name, "win.hide-error"))
    return TRUE;
  if (g_str_equal (name, "win.test-play"))
    return has_document;
  if (!editing)
    return FALSE;
  if (g_str_equal (name, "win.undo"))
    return history != NULL && gbacw_history_can_undo (history);
  if (g_str_equal (name, "win.redo"))
    return history != NULL && gbacw_history_can_redo (history);
  return has_document || !g_strv_contains (with_document, name);
}

static void
update_actions (GbacwWindow *self)
{
  GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (self);
  const GVariantType *parameter_type;
  const char *name, *property;
  GType owner;

  for (guint i = 0; gtk_widget_class_query_action (klass, i, &owner, &name, &parameter_type, &property); i++)
    if (owner == GBACW_TYPE_WINDOW)
      {
        gboolean enabled = action_applies (self, name);

        g_hash_table_insert (self->actions_enabled, (gpointer) name, GINT_TO_POINTER (enabled));
        gtk_widget_action_set_enabled (GTK_WIDGET (self), name, enabled);
      }
  update_undo_tooltips (self);
}

gboolean
gbacw_window_get_action_enabled (GbacwWindow *self,
                                 const char  *name)
{
  gpointer enabled;

  g_return_val_if_fail (GBACW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!g_hash_table_lookup_extended (self->actions_enabled, name, NULL, &enabled))
    g_return_val_if_reached (FALSE);
  return GPOINTER_TO_INT (enabled);
}

/* The title label: the document's title, "•" first while it has unsaved changes (as in
 * other GNOME editors); bound to the document's "title" and the history's "modified". */
static gboolean
transform_title (GBinding     *binding,
                 const GValue *from,
                 GValue       *to,
                 gpointer      user_data)
{
  GbacwWindow *self = GBACW_WINDOW (user_data);
  GbacwHistory *history = get_history (self);

  if (self->document == NULL)
    return FALSE;
  if (history != NULL && gbacw_history_is_modified (history))
    g_value_take_string (to, g_strdup_printf ("• %s", gbacw_document_get_title (self->document)));
  else
    g_value_set_string (to, gbacw_document_get_title (self->document));
  return TRUE;
}

/* The window's title: the title label's, with the program's name. */
static gboolean
transform_window_title (GBinding     *binding,
                        const GValue *from,
                        GValue       *to,
                        gpointer      user_data)
{
  GbacwWindow *self = GBACW_WINDOW (user_data);

  if (self->document == NULL)
    g_value_set_string (to, _("GBACW Editor"));
  else
    /* TRANSLATORS: window title: document title – program name */
    g_value_take_string (to, g_strdup_printf (_("%s – GBACW Editor"), g_value_get_string (from)));
  return TRUE;
}

/* The scenario's own title under the document's; the program's name without a document. */
static void
update_title (GbacwWindow *self)
{
  const char *subtitle = NULL;

  if (self->document == NULL)
    {
      gtk_label_set_text (self->title_label, _("GBACW Editor"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      return;
    }

  subtitle = gbacw_document_get_scenario (self->document)->info.title;
  gtk_label_set_text (self->subtitle_label, subtitle ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL && subtitle[0] != '\0');
}

static void
update_status (GbacwWindow *self)
{
  const GbacwScenario *scenario;
  const GbacwMap *map;
  g_autoptr(GString) text = NULL;
  g_autofree char *label = NULL;
  GbacwHex hex;
  guint64 mask;
  int index, level, feet;
  guint n_units = 0;

  if (self->document == NULL)
    {
      gtk_label_set_text (self->status_label, _("No scenario open"));
      return;
    }

  scenario = gbacw_document_get_scenario (self->document);
  map = scenario->map;
  index = gbacw_map_canvas_get_hover_hex (self->canvas);
  if (index < 0)
    {
      /* TRANSLATORS: the map's columns × rows; the plural follows the rows */
      g_autofree char *size = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Map of %d × %d hex", "Map of %d × %d hexes",
                                                            map->grid.rows),
                                               map->grid.columns, map->grid.rows);
      gtk_label_set_text (self->status_label, size);
      return;
    }

  hex = gbacw_hex_grid_hex_at (&map->grid, index);
  label = gbacw_hex_grid_format_label (&map->grid, hex);
  text = g_string_new (NULL);
  /* TRANSLATORS: status bar, the hex under the pointer */
  g_string_append_printf (text, _("Hex %s"), label);

  g_string_append (text, "  ·  ");
  mask = map->terrain[index];
  if (mask == 0)
    g_string_append (text, _("not painted"));
  for (guint t = 0, n = 0; t < scenario->catalogue.hex_terrains->len && t < 64; t++)
    if (mask & (G_GUINT64_CONSTANT (1) << t))
      {
        const GbacwHexTerrain *terrain = g_ptr_array_index (scenario->catalogue.hex_terrains, t);
        if (n++ > 0)
          g_string_append (text, " + ");
        g_string_append (text, terrain->name ? terrain->name : terrain->id);
      }

  g_string_append (text, "  ·  ");
  level = map->elevation[index];
  feet = gbacw_map_level_height (map, level);
  if (feet != GBACW_UNSET)
    g_string_append_printf (text, _("Level %d (%d ft)"), level, feet);
  else
    g_string_append_printf (text, _("Level %d"), level);

  for (guint i = 0; i < map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (map->areas, i);
      if (gbacw_area_contains (area, index))
        g_string_append_printf (text, "  ·  %s", area->name ? area->name : area->id);
    }

  for (guint i = 0; i < scenario->deployment->len; i++)
    if (((GbacwPlacement *) g_ptr_array_index (scenario->deployment, i))->hex == index)
      n_units++;
  if (n_units > 0)
    {
      g_string_append (text, "  ·  ");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u unit", "%u units", n_units), n_units);
    }

  gtk_label_set_text (self->status_label, text->str);
}

static void
update_zoom_label (GbacwWindow *self)
{
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (self->canvas);
  g_autofree char *text = NULL;

  if (self->document == NULL)
    {
      gtk_label_set_text (self->zoom_label, "");
      return;
    }
  /* Hex size across the flats: what a user judges legibility by. */
  text = g_strdup_printf (_("Hexes %.0f px"), gbacw_viewport_get_scale (viewport) * sqrt (3.0));
  gtk_label_set_text (self->zoom_label, text);
}

static void
on_hover_hex (GbacwWindow    *self,
              GParamSpec     *pspec,
              GbacwMapCanvas *canvas)
{
  int hex = gbacw_map_canvas_get_hover_hex (canvas);

  update_status (self);
  /* The inspector keeps the last hex when the pointer leaves the map for the panel. */
  if (hex >= 0)
    gbacw_hex_inspector_set_hex (self->inspector, hex);
}

static void
on_viewport_scale (GbacwWindow   *self,
                   GParamSpec    *pspec,
                   GbacwViewport *viewport)
{
  update_zoom_label (self);
}

static void
on_history_notify (GbacwWindow  *self,
                   GParamSpec   *pspec,
                   GbacwHistory *history)
{
  update_actions (self);
}

static void
check_document (GbacwWindow *self)
{
  if (self->document == NULL)
    return;
  gbacw_checker_run (self->checker, gbacw_document_get_scenario (self->document));
  self->n_check_runs++;
}

void
gbacw_window_show_status (GbacwWindow *self,
                          const char  *text)
{
  g_return_if_fail (GBACW_IS_WINDOW (self));

  gtk_label_set_text (self->status_label, text != NULL ? text : "");
}

const char *
gbacw_window_get_status (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);

  return gtk_label_get_text (self->status_label);
}

static void
on_finding_activated (GbacwWindow        *self,
                      GbacwFindingItem   *item,
                      GbacwFindingsPanel *panel)
{
  g_autofree char *text = gbacw_findings_panel_describe (panel, item);

  gbacw_window_show_status (self, text);
}

static void
on_document_changed (GbacwWindow       *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  /* Never a full check per edit: only what the change touched. */
  if (change != NULL)
    {
      gbacw_checker_update (self->checker, gbacw_document_get_scenario (document), change);
      self->n_check_updates++;
    }
  else
    check_document (self);
  update_status (self);
  update_undo_tooltips (self);
  if (change != NULL && (change->flags & GBACW_CHANGE_SETTINGS))
    update_title (self);
}


/* ---------------------------------------------------------------- errors */

void
gbacw_window_show_error (GbacwWindow *self,
                         const char  *message)
{
  g_return_if_fail (GBACW_IS_WINDOW (self));

  if (message != NULL)
    gtk_label_set_text (self->error_label, message);
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
}

static void
hide_error_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  gbacw_window_show_error (GBACW_WINDOW (widget), NULL);
}

/* ---------------------------------------------------------------- document */

GbacwDocument *
gbacw_window_get_document (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->document;
}

void
gbacw_window_set_document (GbacwWindow   *self,
                           GbacwDocument *document)
{
  g_return_if_fail (GBACW_IS_WINDOW (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  if (!g_set_object (&self->document, document))
    return;

  g_signal_group_set_target (self->document_signals, document);
  g_signal_group_set_target (self->history_signals, document ? gbacw_document_get_history (document) : NULL);
  g_binding_group_set_source (self->document_bindings, document);
  g_binding_group_set_source (self->history_bindings, document ? gbacw_document_get_history (document) : NULL);
  gbacw_map_canvas_set_document (self->canvas, document);
  gbacw_findings_panel_set_document (self->findings_panel, document);
  check_document (self);
  gtk_widget_set_visible (self->empty_state, document == NULL);
  if (document != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  self->close_confirmed = FALSE;

  update_actions (self);
  update_title (self);
  update_status (self);
  update_zoom_label (self);
  g_object_notify (G_OBJECT (self), "document");
}

GbacwMapCanvas *
gbacw_window_get_canvas (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->canvas;
}

GbacwFindingsPanel *
gbacw_window_get_findings_panel (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->findings_panel;
}

GbacwChecker *
gbacw_window_get_checker (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->checker;
}

void
gbacw_window_get_check_counts (GbacwWindow *self,
                               guint       *n_runs,
                               guint       *n_updates)
{
  g_return_if_fail (GBACW_IS_WINDOW (self));
  if (n_runs != NULL)
    *n_runs = self->n_check_runs;
  if (n_updates != NULL)
    *n_updates = self->n_check_updates;
}

GtkNativeDialog *
gbacw_window_get_file_chooser (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->file_chooser;
}

gboolean
gbacw_window_is_replaceable (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), FALSE);
  return self->document == NULL || !gbacw_history_is_modified (get_history (self));
}

/* ---------------------------------------------------------------- recent files */

/* Scenarios opened and saved go to the desktop's recent files (GtkRecentManager), the
 * one list the Open menu shows: a settings back-end that cannot write (no session bus)
 * cannot lose it. */
#define MAX_RECENT_FILES 10

static void
add_recent (const char *path)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);

  /* the list keeps which program used a file: a process without a name cannot add one */
  if (uri != NULL && g_get_application_name () != NULL)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  /* most recent first */
  return g_date_time_compare (gtk_recent_info_get_modified ((GtkRecentInfo *) b),
                              gtk_recent_info_get_modified ((GtkRecentInfo *) a));
}

static GStrv
get_recent_paths (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const char *application = g_get_application_name ();
  GList *items;
  guint n = 0;

  if (application == NULL)
    return g_strv_builder_end (builder);
  items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  items = g_list_sort (items, compare_recent);
  for (GList *l = items; l != NULL && n < MAX_RECENT_FILES; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autofree char *path = NULL;

      if (!gtk_recent_info_is_local (info) || !g_str_has_suffix (gtk_recent_info_get_uri (info), ".xml") ||
          !gtk_recent_info_has_application (info, application))
        continue;
      path = g_filename_from_uri (gtk_recent_info_get_uri (info), NULL, NULL);
      if (path != NULL)
        {
          g_strv_builder_add (builder, path);
          n++;
        }
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  return g_strv_builder_end (builder);
}

static void
update_recent_menu (GbacwWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_auto(GStrv) paths = get_recent_paths ();

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *name = g_filename_display_basename (paths[i]);
      g_autoptr(GMenuItem) item = g_menu_item_new (name, NULL);

      g_menu_item_set_action_and_target_value (item, "win.open-recent", g_variant_new_string (paths[i]));
      g_menu_append_item (menu, item);
    }
  if (paths[0] == NULL)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Scenarios"), "win.nothing");
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->recent_button, G_MENU_MODEL (menu));
}

static void
open_file (GbacwWindow *self,
           GFile       *file)
{
  /* Keep unsaved work: open beside it rather than over it. */
  if (gbacw_window_is_replaceable (self))
    gbacw_window_load_file (self, file);
  else
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      GbacwWindow *window = gbacw_window_new (app);
      gbacw_window_load_file (window, file);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (parameter, NULL));

  open_file (GBACW_WINDOW (widget), file);
}

gboolean
gbacw_window_load_file (GbacwWindow *self,
                        GFile       *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwDocument) document = NULL;
  g_autofree char *path = NULL;
  gboolean shipped;

  g_return_val_if_fail (GBACW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *message = g_strdup_printf (_("Cannot open “%s”: only local files can be opened"), uri);
      gbacw_window_show_error (self, message);
      return FALSE;
    }

  /* A shipped scenario or game kit is a starting point: editing it in place would write
   * into the program's data (refused for a user, harmful as root). */
  shipped = gbacw_data_is_shipped (path);
  document = shipped ? gbacw_document_new_from_template (path, &error) : gbacw_document_load (path, &error);
  if (document == NULL)
    {
      /* The loader's messages already name the file and line. */
      g_autofree char *message = g_strdup_printf (_("Could not open the scenario: %s"), error->message);
      g_warning ("%s", message);
      gbacw_window_show_error (self, message);
      return FALSE;
    }

  gbacw_window_show_error (self, NULL);
  gbacw_window_set_document (self, document);
  add_recent (path);
  if (shipped)
    gbacw_window_show_status (self, _("A shipped scenario, opened as a new document: saving asks where to keep it"));
  return TRUE;
}

/* ---------------------------------------------------------------- dropped files */

/* Whether the file is a scan to put under the map (PNG or JPEG, by its name). */
static gboolean
is_background_image (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *type = name ? g_content_type_guess (name, NULL, 0, NULL) : NULL;

  return type != NULL && (g_content_type_is_a (type, "image/png") || g_content_type_is_a (type, "image/jpeg"));
}

/* Files dropped on the window: a PNG or JPEG becomes the background (one undoable step,
 * as from the Background Image dialog); anything else opens as a scenario, the first
 * here (or beside unsaved work), the others in windows of their own. */
static gboolean
on_drop (GbacwWindow   *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  GSList *files;
  gboolean first = TRUE, any;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || gbacw_play_mode_is_active (self->play_mode))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  any = files != NULL;
  for (GSList *l = files; l != NULL; l = l->next)
    {
      GFile *file = l->data;

      if (is_background_image (file))
        {
          g_autofree char *path = g_file_get_path (file);
          g_autoptr(GError) error = NULL;

          if (path == NULL)
            g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                 _("only local files can be used as a background"));
          if (error != NULL || !gbacw_background_controller_set_file (self->background, path, FALSE, &error))
            {
              g_autofree char *message = g_strdup_printf (_("Could not use the image as the background: %s"),
                                                          error->message);
              gbacw_window_show_error (self, message);
            }
        }
      else if (first)
        {
          open_file (self, file);
          first = FALSE;
        }
      else
        {
          GbacwWindow *window = gbacw_window_new (gtk_window_get_application (GTK_WINDOW (self)));
          gbacw_window_load_file (window, file);
          gtk_window_present (GTK_WINDOW (window));
        }
    }
  g_slist_free (files);
  return any;
}

/* ---------------------------------------------------------------- file actions */

static void
add_scenario_filter (GtkFileChooser *chooser)
{
  static const char * const mime_types[] = { "application/xml", NULL };
  static const char * const suffixes[] = { "xml", NULL };

  gbacw_file_chooser_add_filters (chooser, _("Scenarios"), mime_types, suffixes);
}

static void
on_open_response (GbacwWindow          *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      open_file (self, file);
    }
  g_clear_object (&self->file_chooser);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (_("Open Scenario"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  add_scenario_filter (GTK_FILE_CHOOSER (chooser));
  gbacw_file_chooser_set_folder_of (GTK_FILE_CHOOSER (chooser),
                                    self->document ? gbacw_document_get_path (self->document) : NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_open_response), self, G_CONNECT_SWAPPED);
  g_clear_object (&self->file_chooser);
  self->file_chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->file_chooser);
}

static gboolean
save_to (GbacwWindow *self,
         const char  *path)
{
  g_autoptr(GError) error = NULL;

  if (!gbacw_document_save (self->document, path, &error))
    {
      /* a failed write already says "FILE: could not save: why; what to do" */
      g_autofree char *message = g_error_matches (error, GBACW_IO_ERROR, GBACW_IO_ERROR_WRITE)
                                   ? g_strdup (error->message)
                                   : g_strdup_printf (_("Could not save the scenario: %s"), error->message);
      gbacw_window_show_error (self, message);
      return FALSE;
    }
  gbacw_window_show_error (self, NULL);
  add_recent (gbacw_document_get_path (self->document));
  return TRUE;
}

gboolean
gbacw_window_save_file (GbacwWindow *self,
                        GFile       *file)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (GBACW_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), FALSE);

  if (self->document == NULL)
    return FALSE;
  if (file != NULL && (path = g_file_get_path (file)) == NULL)
    {
      gbacw_window_show_error (self, _("Scenarios can only be saved to local files"));
      return FALSE;
    }
  if (path == NULL && gbacw_document_get_path (self->document) == NULL)
    return FALSE;
  return save_to (self, path);
}

/* ---------------------------------------------------------------- new scenario */

static void
on_document_created (GbacwWindow    *self,
                     GbacwDocument  *document,
                     GbacwNewDialog *dialog)
{
  if (gbacw_window_is_replaceable (self))
    {
      gbacw_window_show_error (self, NULL);
      gbacw_window_set_document (self, document);
    }
  else
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      GbacwWindow *window = gbacw_window_new (app);
      gbacw_window_set_document (window, document);
      gtk_window_present (GTK_WINDOW (window));
    }
}

static void
new_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);
  GbacwNewDialog *dialog = gbacw_new_dialog_new (GTK_WINDOW (self));

  /* Start from the current map's layout. */
  if (self->document != NULL)
    gbacw_new_dialog_set_grid (dialog, &gbacw_document_get_scenario (self->document)->map->grid);
  g_signal_connect_object (dialog, "document-created", G_CALLBACK (on_document_created), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_save_as_response (GbacwWindow          *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  gboolean then_close = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "then-close"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      if (path == NULL)
        gbacw_window_show_error (self, _("Scenarios can only be saved to local files"));
      else if (save_to (self, path) && then_close)
        {
          self->close_confirmed = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
    }
  g_clear_object (&self->file_chooser);
}

static void
save_as (GbacwWindow *self,
         gboolean     then_close)
{
  GtkFileChooserNative *chooser;
  const char *path;

  if (self->document == NULL)
    return;

  chooser = gtk_file_chooser_native_new (_("Save Scenario"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Save"), _("_Cancel"));
  add_scenario_filter (GTK_FILE_CHOOSER (chooser));
  gbacw_file_chooser_set_folder_of (GTK_FILE_CHOOSER (chooser),
                                    self->document ? gbacw_document_get_path (self->document) : NULL);
  path = gbacw_document_get_path (self->document);
  if (path == NULL)
    path = gbacw_document_get_template (self->document);
  if (path != NULL)
    {
      g_autofree char *name = g_path_get_basename (path);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
    }
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("scenario.xml"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "then-close", GINT_TO_POINTER (then_close));
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_save_as_response), self, G_CONNECT_SWAPPED);
  g_clear_object (&self->file_chooser);
  self->file_chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->file_chooser);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);

  if (self->document == NULL)
    return;
  if (gbacw_document_get_path (self->document) == NULL)
    save_as (self, FALSE);
  else
    save_to (self, NULL);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  save_as (GBACW_WINDOW (widget), FALSE);
}

/* ---------------------------------------------------------------- edit and view actions */

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);

  if (self->document != NULL)
    gbacw_document_undo (self->document);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);

  if (self->document != NULL)
    gbacw_document_redo (self->document);
}

static void
auto_crest_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);
  GbacwTool *elevation = gbacw_toolbox_get_tool (self->toolbox, "elevation");

  if (gbacw_tool_elevation_auto_crest (GBACW_TOOL_ELEVATION (elevation)) == 0)
    gtk_label_set_text (self->status_label, _("No hexside between different elevations lacks a crest"));
}

static void
tool_option_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);

  if (g_str_equal (action_name, "win.radius-larger"))
    gbacw_toolbox_change_radius (self->toolbox, 1);
  else if (g_str_equal (action_name, "win.radius-smaller"))
    gbacw_toolbox_change_radius (self->toolbox, -1);
  else if (g_str_equal (action_name, "win.level-up"))
    gbacw_toolbox_change_level (self->toolbox, 1);
  else if (g_str_equal (action_name, "win.copy"))
    gbacw_toolbox_copy (self->toolbox);
  else if (g_str_equal (action_name, "win.paste"))
    gbacw_toolbox_paste (self->toolbox);
  else
    gbacw_toolbox_change_level (self->toolbox, -1);
}

static void
on_tool_changed (GbacwWindow  *self,
                 GParamSpec   *pspec,
                 GbacwToolbox *toolbox)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
}

GbacwToolbox *
gbacw_window_get_toolbox (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->toolbox;
}

GbacwHexInspector *
gbacw_window_get_inspector (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->inspector;
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);

  if (g_str_equal (action_name, "win.zoom-in"))
    gbacw_map_canvas_zoom_in (self->canvas);
  else if (g_str_equal (action_name, "win.zoom-out"))
    gbacw_map_canvas_zoom_out (self->canvas);
  else
    gbacw_map_canvas_zoom_fit (self->canvas);
}

/* The layers' properties follow the canvas's layers and the findings panel's markers. */
static void
on_canvas_layers (GbacwWindow    *self,
                  GParamSpec     *pspec,
                  GbacwMapCanvas *canvas)
{
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAYER_FIRST + i]);
}

/* The canvas's view options and the overview, as the window's properties of their
 * actions. */
static void
on_view_option (GbacwWindow *self,
                GParamSpec  *pspec,
                GObject     *object)
{
  if (g_str_equal (pspec->name, "scan-over-terrain"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCAN_OVER_TERRAIN]);
  else if (g_str_equal (pspec->name, "unpainted-only"))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNPAINTED_ONLY]);
  else
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVERVIEW]);
}

static void
on_show_markers (GbacwWindow        *self,
                 GParamSpec         *pspec,
                 GbacwFindingsPanel *panel)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LAYER_FINDINGS]);
}

static void
set_layer (GbacwWindow *self,
           guint        bit,
           gboolean     shown)
{
  guint layers = gbacw_map_canvas_get_layers (self->canvas);

  gbacw_map_canvas_set_layers (self->canvas, shown ? layers | bit : layers & ~bit);
}

/* ---------------------------------------------------------------- background, export */

/* win.trace-terrain: the Trace window (terrain, hexsides and lines), one per editor window. */
static void
trace_terrain_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);

  if (self->trace_dialog == NULL)
    {
      self->trace_dialog = GTK_WIDGET (gbacw_trace_dialog_new (GBACW_EDITOR_HOST (self), self->background));
      g_object_add_weak_pointer (G_OBJECT (self->trace_dialog), (gpointer *) &self->trace_dialog);
    }
  gtk_window_present (GTK_WINDOW (self->trace_dialog));
}

static void
close_trace_dialog (GbacwWindow *self)
{
  if (self->trace_dialog == NULL)
    return;
  g_object_remove_weak_pointer (G_OBJECT (self->trace_dialog), (gpointer *) &self->trace_dialog);
  gtk_window_destroy (GTK_WINDOW (self->trace_dialog));
  self->trace_dialog = NULL;
}

static void
background_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);

  if (self->background_dialog == NULL)
    {
      self->background_dialog = GTK_WIDGET (gbacw_background_dialog_new (GBACW_EDITOR_HOST (self),
                                                                         self->background));
      g_object_add_weak_pointer (G_OBJECT (self->background_dialog), (gpointer *) &self->background_dialog);
    }
  gtk_window_present (GTK_WINDOW (self->background_dialog));
}

/* win.export: an image or a printable PDF. */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);
  GbacwExportDialog *dialog;

  if (self->document == NULL)
    return;
  dialog = gbacw_export_dialog_new (GBACW_EDITOR_HOST (self), gbacw_background_controller_get_image (self->background));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* win.print: the print dialog, with the sheets the PDF export makes. */
static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->document == NULL)
    return;
  if (gbacw_print_map (GBACW_EDITOR_HOST (self), gbacw_background_controller_get_image (self->background),
                       GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, NULL, &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    {
      g_autofree char *message = g_strdup_printf (_("Could not print: %s"),
                                                  error != NULL ? error->message : _("unknown error"));
      gbacw_window_show_error (self, message);
    }
}

/* ---------------------------------------------------------------- the controllers' actions */

/* win.balance: "Run Many Games"; win.settings, win.charts and the rosters: the scenario
 * controller's dialogs and file choosers. */
static void
controller_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  GbacwWindow *self = GBACW_WINDOW (widget);

  if (g_str_equal (action_name, "win.balance"))
    gbacw_play_mode_run_balance (self->play_mode);
  else if (g_str_equal (action_name, "win.settings"))
    gbacw_scenario_controller_show_settings (self->scenario);
  else if (g_str_equal (action_name, "win.charts"))
    gbacw_scenario_controller_show_charts (self->scenario);
  else if (g_str_equal (action_name, "win.roster-export"))
    gbacw_scenario_controller_choose_roster_export (self->scenario);
  else if (g_str_equal (action_name, "win.fill-stand-ins"))
    gbacw_scenario_controller_stand_ins (self->scenario, TRUE);
  else if (g_str_equal (action_name, "win.clear-stand-ins"))
    gbacw_scenario_controller_stand_ins (self->scenario, FALSE);
  else
    gbacw_scenario_controller_choose_roster_import (self->scenario);
}

static void
on_play_mode_active (GbacwWindow   *self,
                     GParamSpec    *pspec,
                     GbacwPlayMode *play_mode)
{
  /* nothing may paint the map while it is played: the review ends (its proposals with it) */
  if (gbacw_play_mode_is_active (play_mode))
    close_trace_dialog (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEST_PLAY]);
}

static void
on_sidebar_visible (GbacwWindow *self,
                    GParamSpec  *pspec,
                    GtkWidget   *sidebar)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO_SIDEBAR]);
}

/* ---------------------------------------------------------------- shortcuts window */

/* The shortcuts window (Ctrl+?): gbacw-shortcuts.ui, its Tools group listing each tool of
 * the toolbox's list with its key. */
static void
set_help_overlay (GbacwWindow *self)
{
  static const char placeholder[] = "<object class=\"GtkShortcutsShortcut\" id=\"tools\"/>";
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/org/gbacw/Editor/gbacw-shortcuts.ui", 0, NULL);
  g_autoptr(GString) ui = NULL;
  g_autoptr(GString) tools = g_string_new (NULL);
  g_autoptr(GtkBuilder) builder = NULL;
  const GbacwToolInfo *infos;
  guint n_tools;

  g_return_if_fail (bytes != NULL);

  infos = gbacw_toolbox_get_tool_infos (&n_tools);
  for (guint i = 0; i < n_tools; i++)
    {
      g_autofree char *title = g_markup_escape_text (_(infos[i].title), -1);

      g_string_append_printf (tools,
                              "%s<object class=\"GtkShortcutsShortcut\">"
                              "<property name=\"accelerator\">%s</property>"
                              "<property name=\"title\">%s</property></object>",
                              i > 0 ? "</child><child>" : "", gdk_keyval_name (infos[i].key), title);
    }
  ui = g_string_new_len (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
  g_warn_if_fail (g_string_replace (ui, placeholder, tools->str, 1) == 1);
  builder = gtk_builder_new_from_string (ui->str, (gssize) ui->len);
  gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self),
                                           GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
}

/* ---------------------------------------------------------------- closing */

enum {
  RESPONSE_DISCARD = 1,
  RESPONSE_SAVE = 2,
};

static void
on_close_response (GbacwWindow *self,
                   int          response,
                   GtkDialog   *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));

  switch (response)
    {
    case RESPONSE_SAVE:
      if (gbacw_document_get_path (self->document) == NULL)
        save_as (self, TRUE);
      else if (save_to (self, NULL))
        {
          self->close_confirmed = TRUE;
          gtk_window_close (GTK_WINDOW (self));
        }
      break;
    case RESPONSE_DISCARD:
      self->close_confirmed = TRUE;
      gtk_window_close (GTK_WINDOW (self));
      break;
    default:
      break;
    }
}

static gboolean
gbacw_window_close_request (GtkWindow *window)
{
  GbacwWindow *self = GBACW_WINDOW (window);
  GtkWidget *dialog;
  GtkWidget *button;

  if (self->close_confirmed || gbacw_window_is_replaceable (self))
    return GTK_WINDOW_CLASS (gbacw_window_parent_class)->close_request (window);

  dialog = gtk_message_dialog_new (window, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Save changes to “%s” before closing?"),
                                   gbacw_document_get_title (self->document));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                            _("If you don’t save, your changes will be lost."));
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), RESPONSE_DISCARD);
  gtk_widget_add_css_class (button, "destructive-action");
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Save"), RESPONSE_SAVE);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), RESPONSE_SAVE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_close_response), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));

  return TRUE;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_window_dispose (GObject *object)
{
  GbacwWindow *self = GBACW_WINDOW (object);

  if (self->background_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->background_dialog), (gpointer *) &self->background_dialog);
      gtk_window_destroy (GTK_WINDOW (self->background_dialog));
      self->background_dialog = NULL;
    }
  close_trace_dialog (self);
  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (self->file_chooser);
  g_clear_object (&self->file_chooser);
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->document_bindings);
  g_clear_object (&self->history_bindings);
  g_clear_object (&self->toolbox);
  g_clear_object (&self->document);
  g_clear_object (&self->checker);
  g_clear_pointer (&self->actions_enabled, g_hash_table_unref);

  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_WINDOW);

  G_OBJECT_CLASS (gbacw_window_parent_class)->dispose (object);
}

/* The controllers live as long as the window: their handlers on its widgets go with them. */
static void
gbacw_window_finalize (GObject *object)
{
  GbacwWindow *self = GBACW_WINDOW (object);

  g_clear_object (&self->scenario);
  g_clear_object (&self->play_mode);
  g_clear_object (&self->background);

  G_OBJECT_CLASS (gbacw_window_parent_class)->finalize (object);
}

static void
gbacw_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  GbacwWindow *self = GBACW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_TOOL:
      g_value_set_string (value, self->toolbox ? gbacw_toolbox_get_current (self->toolbox) : "navigate");
      break;
    case PROP_TEST_PLAY:
      g_value_set_boolean (value, self->play_mode != NULL && gbacw_play_mode_is_active (self->play_mode));
      break;
    case PROP_SCENARIO_SIDEBAR:
      g_value_set_boolean (value, self->sidebar != NULL && gtk_widget_get_visible (GTK_WIDGET (self->sidebar)));
      break;
    case PROP_LAYER_FINDINGS:
      g_value_set_boolean (value, self->findings_panel != NULL && gbacw_findings_panel_get_show_markers (self->findings_panel));
      break;
    case PROP_SCAN_OVER_TERRAIN:
    case PROP_UNPAINTED_ONLY:
      if (self->canvas != NULL)
        g_object_get_property (G_OBJECT (self->canvas), g_param_spec_get_name (pspec), value);
      break;
    case PROP_OVERVIEW:
      g_value_set_boolean (value, self->overview != NULL && gtk_widget_get_visible (GTK_WIDGET (self->overview)));
      break;
    default:
      if (prop_id >= PROP_LAYER_FIRST && prop_id < N_PROPS)
        g_value_set_boolean (value, self->canvas != NULL
                                    && (gbacw_map_canvas_get_layers (self->canvas) & (1u << (prop_id - PROP_LAYER_FIRST))) != 0);
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  GbacwWindow *self = GBACW_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_window_set_document (self, g_value_get_object (value));
      break;
    case PROP_TOOL:
      gbacw_toolbox_set_current (self->toolbox, g_value_get_string (value));
      break;
    case PROP_TEST_PLAY:
      if (!g_value_get_boolean (value))
        gbacw_play_mode_leave (self->play_mode);
      else if (!gbacw_play_mode_is_active (self->play_mode))
        gbacw_play_mode_start (self->play_mode, g_random_int_range (1, 1000000));
      break;
    case PROP_SCENARIO_SIDEBAR:
      gtk_widget_set_visible (GTK_WIDGET (self->sidebar), g_value_get_boolean (value));
      break;
    case PROP_LAYER_FINDINGS:
      gbacw_findings_panel_set_show_markers (self->findings_panel, g_value_get_boolean (value));
      break;
    case PROP_SCAN_OVER_TERRAIN:
    case PROP_UNPAINTED_ONLY:
      g_object_set_property (G_OBJECT (self->canvas), g_param_spec_get_name (pspec), value);
      break;
    case PROP_OVERVIEW:
      gtk_widget_set_visible (GTK_WIDGET (self->overview), g_value_get_boolean (value));
      break;
    default:
      if (prop_id >= PROP_LAYER_FIRST && prop_id < N_PROPS)
        set_layer (self, 1u << (prop_id - PROP_LAYER_FIRST), g_value_get_boolean (value));
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_window_class_init (GbacwWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = gbacw_window_dispose;
  object_class->finalize = gbacw_window_finalize;
  object_class->get_property = gbacw_window_get_property;
  object_class->set_property = gbacw_window_set_property;

  window_class->close_request = gbacw_window_close_request;

  /* The current map tool, by name (gbacw_toolbox_get_tool_infos ()): "navigate", "brush"… */
  properties[PROP_TOOL] =
    g_param_spec_string ("tool", NULL, NULL, "navigate",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Test playing (win.test-play, F5): setting it enters or leaves test play. */
  properties[PROP_TEST_PLAY] =
    g_param_spec_boolean ("test-play", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The scenario sidebar shown (win.scenario-sidebar, F9). */
  properties[PROP_SCENARIO_SIDEBAR] =
    g_param_spec_boolean ("scenario-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The findings panel's markers on the map (win.layer-findings). */
  properties[PROP_LAYER_FINDINGS] =
    g_param_spec_boolean ("layer-findings", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The scan drawn over the painted terrain (win.scan-over-terrain), only the unpainted
   * hexes shown over the scan (win.unpainted-only), and the overview in the map's corner
   * (win.overview): the canvas's and the overview's own state. */
  properties[PROP_SCAN_OVER_TERRAIN] =
    g_param_spec_boolean ("scan-over-terrain", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNPAINTED_ONLY] =
    g_param_spec_boolean ("unpainted-only", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OVERVIEW] =
    g_param_spec_boolean ("overview", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The canvas's layers, each shown or not (win.layer-NAME, the Layers menu). */
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("layer-%s", gbacw_layer_bit_to_string (1u << i));

      properties[PROP_LAYER_FIRST + i] =
        g_param_spec_boolean (g_intern_string (name), NULL, NULL, TRUE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    }
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_DOCUMENT, "document");

  g_type_ensure (GBACW_TYPE_MAP_CANVAS);
  g_type_ensure (GBACW_TYPE_MAP_OVERVIEW);
  g_type_ensure (GBACW_TYPE_TOOL_PANEL);
  g_type_ensure (GBACW_TYPE_HEX_INSPECTOR);
  g_type_ensure (GBACW_TYPE_FINDINGS_PANEL);
  g_type_ensure (GBACW_TYPE_FINDINGS_BUTTON);
  g_type_ensure (GBACW_TYPE_SCENARIO_SIDEBAR);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, error_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, sidebar_paned);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, overview);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, empty_state);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, zoom_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, findings_panel);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, palette);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, tool_panel);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, inspector);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, recent_button);

  gtk_widget_class_install_action (widget_class, "win.new", NULL, new_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.hide-error", NULL, hide_error_action);
  gtk_widget_class_install_action (widget_class, "win.auto-crest", NULL, auto_crest_action);
  gtk_widget_class_install_action (widget_class, "win.radius-larger", NULL, tool_option_action);
  gtk_widget_class_install_action (widget_class, "win.radius-smaller", NULL, tool_option_action);
  gtk_widget_class_install_action (widget_class, "win.level-up", NULL, tool_option_action);
  gtk_widget_class_install_action (widget_class, "win.level-down", NULL, tool_option_action);
  gtk_widget_class_install_action (widget_class, "win.copy", NULL, tool_option_action);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, tool_option_action);
  gtk_widget_class_install_property_action (widget_class, "win.tool", "tool");
  gtk_widget_class_install_action (widget_class, "win.background", NULL, background_action);
  gtk_widget_class_install_action (widget_class, "win.trace-terrain", NULL, trace_terrain_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_property_action (widget_class, "win.test-play", "test-play");
  gtk_widget_class_install_action (widget_class, "win.balance", NULL, controller_action);
  gtk_widget_class_install_property_action (widget_class, "win.scenario-sidebar", "scenario-sidebar");
  gtk_widget_class_install_action (widget_class, "win.settings", NULL, controller_action);
  gtk_widget_class_install_action (widget_class, "win.charts", NULL, controller_action);
  gtk_widget_class_install_action (widget_class, "win.roster-export", NULL, controller_action);
  gtk_widget_class_install_action (widget_class, "win.roster-import", NULL, controller_action);
  gtk_widget_class_install_action (widget_class, "win.fill-stand-ins", NULL, controller_action);
  gtk_widget_class_install_action (widget_class, "win.clear-stand-ins", NULL, controller_action);
  gtk_widget_class_install_property_action (widget_class, "win.layer-findings", "layer-findings");
  gtk_widget_class_install_property_action (widget_class, "win.scan-over-terrain", "scan-over-terrain");
  gtk_widget_class_install_property_action (widget_class, "win.unpainted-only", "unpainted-only");
  gtk_widget_class_install_property_action (widget_class, "win.overview", "overview");
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    {
      g_autofree char *name = g_strdup_printf ("win.%s", g_param_spec_get_name (properties[PROP_LAYER_FIRST + i]));

      gtk_widget_class_install_property_action (widget_class, name, g_param_spec_get_name (properties[PROP_LAYER_FIRST + i]));
    }

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_y, GDK_CONTROL_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.auto-crest", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketright, 0, "win.radius-larger", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketleft, 0, "win.radius-smaller", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "win.level-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "win.level-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "win.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_v, GDK_CONTROL_MASK, "win.paste", NULL);
  /* One key per tool, as the palette's tooltips and the shortcuts window say. */
  {
    guint n_tools;
    const GbacwToolInfo *tools = gbacw_toolbox_get_tool_infos (&n_tools);

    for (guint i = 0; i < n_tools; i++)
      gtk_widget_class_add_binding_action (widget_class, tools[i].key, 0, "win.tool", "s", tools[i].name);
  }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "win.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "win.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.hide-error", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.scenario-sidebar", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, GDK_CONTROL_MASK, "win.settings", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.charts", NULL);
}

static void
gbacw_window_init (GbacwWindow *self)
{
  GbacwViewport *viewport;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->actions_enabled = g_hash_table_new (g_str_hash, g_str_equal);

  /* The tools, their palette and options; the side panel follows the canvas's document. */
  self->toolbox = gbacw_toolbox_new (self->canvas, self->tool_panel);
  gbacw_toolbox_fill_palette (self->toolbox, self->palette);
  g_signal_connect_object (self->toolbox, "notify::current", G_CALLBACK (on_tool_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->toolbox, "status", G_CALLBACK (gbacw_window_show_status), self, G_CONNECT_SWAPPED);
  g_object_bind_property (self->canvas, "document", self->inspector, "document", G_BINDING_SYNC_CREATE);

  self->checker = gbacw_checker_new ();
  gbacw_findings_panel_set_checker (self->findings_panel, self->checker);
  g_signal_connect_object (self->findings_panel, "finding-activated", G_CALLBACK (on_finding_activated), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->findings_panel, "notify::show-markers", G_CALLBACK (on_show_markers), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::layers", G_CALLBACK (on_canvas_layers), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "notify::visible", G_CALLBACK (on_sidebar_visible), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::scan-over-terrain", G_CALLBACK (on_view_option), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::unpainted-only", G_CALLBACK (on_view_option), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->overview, "notify::visible", G_CALLBACK (on_view_option), self, G_CONNECT_SWAPPED);
  if (gbacw_window_state_get_settings () != NULL)
    g_settings_bind (gbacw_window_state_get_settings (), "show-overview", self->overview, "visible",
                     G_SETTINGS_BIND_DEFAULT);

  self->document_signals = g_signal_group_new (GBACW_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "changed", G_CALLBACK (on_document_changed), self);

  self->history_signals = g_signal_group_new (GBACW_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-undo", G_CALLBACK (on_history_notify), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-redo", G_CALLBACK (on_history_notify), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::modified", G_CALLBACK (on_history_notify), self);

  self->document_bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->document_bindings, "title", self->title_label, "label", G_BINDING_SYNC_CREATE,
                             transform_title, NULL, self, NULL);
  self->history_bindings = g_binding_group_new ();
  g_binding_group_bind_full (self->history_bindings, "modified", self->title_label, "label", G_BINDING_SYNC_CREATE,
                             transform_title, NULL, self, NULL);
  g_object_bind_property_full (self->title_label, "label", self, "title", G_BINDING_SYNC_CREATE,
                               transform_window_title, NULL, self, NULL);

  /* Remembered size and layers; the scan under the map. */
  gbacw_window_state_attach (GBACW_EDITOR_HOST (self));
  self->background = gbacw_background_controller_new (GBACW_EDITOR_HOST (self));
  /* Test play: win.test-play (F5), the "play" page of the mode stack. */
  /* (The window's child, mode_stack, is not a bound template child: GtkWindow unparents its
   * child itself.) */
  self->play_mode = gbacw_play_mode_new (GBACW_EDITOR_HOST (self), self->background,
                                         GTK_STACK (gtk_window_get_child (GTK_WINDOW (self))));
  /* The order of battle, deployment, reinforcements, settings, charts and rosters. */
  self->scenario = gbacw_scenario_controller_new (GBACW_EDITOR_HOST (self), self->sidebar, self->sidebar_paned);
  g_signal_connect_object (self->play_mode, "notify::active", G_CALLBACK (on_play_mode_active), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect_object (self->canvas, "notify::hover-hex", G_CALLBACK (on_hover_hex), self, G_CONNECT_SWAPPED);
  viewport = gbacw_map_canvas_get_viewport (self->canvas);
  g_signal_connect_object (viewport, "notify::scale", G_CALLBACK (on_viewport_scale), self, G_CONNECT_SWAPPED);

  gtk_menu_button_set_icon_name (self->recent_button, "pan-down-symbolic");
  update_recent_menu (self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed", G_CALLBACK (update_recent_menu), self,
                           G_CONNECT_SWAPPED);

  gbacw_editor_host_add_history_shortcuts (GTK_WINDOW (self));
  set_help_overlay (self);

  {
    GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
    g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  }

  /* Keyboard focus on the map (arrow keys pan), not on the error text. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->canvas));

  update_actions (self);
  update_title (self);
  update_status (self);
  update_zoom_label (self);
}

static GbacwDocument *
host_get_document (GbacwEditorHost *host)
{
  return GBACW_WINDOW (host)->document;
}

static GbacwMapCanvas *
host_get_canvas (GbacwEditorHost *host)
{
  return GBACW_WINDOW (host)->canvas;
}

static GbacwFindingsPanel *
host_get_findings_panel (GbacwEditorHost *host)
{
  return GBACW_WINDOW (host)->findings_panel;
}

static void
host_show_error (GbacwEditorHost *host,
                 const char      *message)
{
  gbacw_window_show_error (GBACW_WINDOW (host), message);
}

static void
host_show_status (GbacwEditorHost *host,
                  const char      *text)
{
  gbacw_window_show_status (GBACW_WINDOW (host), text);
}

static void
gbacw_window_editor_host_init (GbacwEditorHostInterface *iface)
{
  iface->get_document = host_get_document;
  iface->get_canvas = host_get_canvas;
  iface->get_findings_panel = host_get_findings_panel;
  iface->show_error = host_show_error;
  iface->show_status = host_show_status;
}

GbacwBackgroundController *
gbacw_window_get_background_controller (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->background;
}

GbacwPlayMode *
gbacw_window_get_play_mode (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->play_mode;
}

GbacwScenarioController *
gbacw_window_get_scenario_controller (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->scenario;
}

GbacwWindow *
gbacw_window_new (GtkApplication *application)
{
  return g_object_new (GBACW_TYPE_WINDOW, "application", application, NULL);
}
