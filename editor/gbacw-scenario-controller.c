/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-controller.c: a window's order of battle, deployment, reinforcements,
 * scenario settings, charts and rosters. */
#define G_LOG_DOMAIN "gbacw-scenario-controller"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gbacw-chart-editor.h"
#include "gbacw-file-read.h"
#include "gbacw-roster-csv.h"
#include "gbacw-scenario-controller.h"
#include "gbacw-file-chooser.h"
#include "gbacw-settings-dialog.h"
#include "gbacw-stand-ins.h"
#include "gbacw-window-state.h"

/* The sidebar's width without GSettings; the schema's default of sidebar-width. */
#define GBACW_SIDEBAR_DEFAULT_WIDTH 300

struct _GbacwScenarioController
{
  GObject parent_instance;

  GbacwEditorHost *window;               /* not owned: the window owns the controller */
  GbacwScenarioSidebar *sidebar;         /* in the window */
  GtkPaned *paned;                       /* sidebar | the rest of the map's row */
  GbacwDeploymentController *deployment; /* the canvas keeps it */
  GbacwDocument *document;
  GtkWidget *settings_dialog;
  GtkWidget *chart_editor;
  GtkNativeDialog *chooser;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (GbacwScenarioController, gbacw_scenario_controller, G_TYPE_OBJECT)

/* ---------------------------------------------------------------- selection */

/* A unit chosen in the tree is selected on the map, and the other way round; a
 * formation chosen selects its units on the map. */
static void
on_tree_selection (GbacwScenarioController *self,
                   GParamSpec              *pspec,
                   GbacwOobPanel           *panel)
{
  GbacwOobItem *item = gbacw_oob_panel_get_selected_item (panel);

  if (self->syncing)
    return;
  self->syncing = TRUE;
  if (item != NULL && gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_UNIT)
    gbacw_deployment_controller_select_unit (self->deployment, gbacw_oob_item_get_id (item));
  else if (item != NULL && gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_FORMATION)
    gbacw_deployment_controller_select_formation (self->deployment, gbacw_oob_item_get_id (item));
  else
    gbacw_deployment_controller_select_unit (self->deployment, NULL);
  self->syncing = FALSE;
}

static void
on_map_selection (GbacwScenarioController   *self,
                  GParamSpec                *pspec,
                  GbacwDeploymentController *deployment)
{
  const char *unit = gbacw_deployment_controller_get_selected_unit (deployment);

  if (self->syncing || unit == NULL)
    return;
  self->syncing = TRUE;
  gbacw_scenario_sidebar_show_page (self->sidebar, "oob");
  gbacw_oob_panel_select (gbacw_scenario_sidebar_get_oob_panel (self->sidebar), GBACW_OOB_ITEM_UNIT, unit);
  self->syncing = FALSE;
}

/* Entry hexes are marked while the schedule is shown. */
static void
on_sidebar_page (GbacwScenarioController *self)
{
  const char *page = gbacw_scenario_sidebar_get_page (self->sidebar);

  gbacw_deployment_controller_set_show_entries (self->deployment,
                                                gtk_widget_get_visible (GTK_WIDGET (self->sidebar))
                                                && g_strcmp0 (page, "reinforcements") == 0);
}

/* ---------------------------------------------------------------- entry hexes */

typedef struct {
  GbacwScenarioController *self;
  char *reinforcement;
  gboolean alternative;
} PickEntry;

static void
pick_entry_free (gpointer data)
{
  PickEntry *pick = data;

  g_object_unref (pick->self);
  g_free (pick->reinforcement);
  g_free (pick);
}

static void
on_entry_picked (int      hex,
                 gpointer data)
{
  PickEntry *pick = data;

  if (hex < 0)
    return;
  gbacw_reinforcement_panel_add_entry_hex (gbacw_scenario_sidebar_get_reinforcement_panel (pick->self->sidebar),
                                           pick->reinforcement, hex, pick->alternative);
}

static void
on_pick_entry (GbacwScenarioController *self,
               const char              *reinforcement,
               gboolean                 alternative,
               GbacwReinforcementPanel *panel)
{
  PickEntry *pick = g_new0 (PickEntry, 1);

  pick->self = g_object_ref (self);
  pick->reinforcement = g_strdup (reinforcement);
  pick->alternative = alternative;
  gbacw_deployment_controller_pick_hex (self->deployment,
                                        alternative ? _("Click a hex where the reinforcement may enter instead")
                                                    : _("Click the hex where the reinforcement enters"),
                                        on_entry_picked, pick, pick_entry_free);
}

/* ---------------------------------------------------------------- rosters */

gboolean
gbacw_scenario_controller_export_roster (GbacwScenarioController *self,
                                         const char              *path,
                                         const char              *side)
{
  return gbacw_scenario_controller_export_roster_as (self, path, side, GBACW_ROSTER_DELIMITER_COMMA,
                                                     GBACW_ROSTER_ENCODING_UTF8);
}

gboolean
gbacw_scenario_controller_export_roster_as (GbacwScenarioController *self,
                                            const char              *path,
                                            const char              *side,
                                            GbacwRosterDelimiter     delimiter,
                                            GbacwRosterEncoding      encoding)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->document == NULL)
    return FALSE;
  if (!gbacw_roster_export_file_as (gbacw_document_get_scenario (self->document), side, delimiter, encoding, path,
                                    &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not export the roster: %s"), error->message);
      gbacw_editor_host_show_error (self->window, message);
      return FALSE;
    }
  gbacw_editor_host_show_error (self->window, NULL);
  return TRUE;
}

gboolean
gbacw_scenario_controller_import_roster (GbacwScenarioController *self,
                                         const char              *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autoptr(GBytes) csv = NULL;
  GbacwCommand *command;

  g_return_val_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->document == NULL)
    return FALSE;
  csv = gbacw_file_read (path, GBACW_FILE_KIND_ROSTER, &error);
  if (csv == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not read the roster: %s"), error->message);
      gbacw_editor_host_show_error (self->window, message);
      return FALSE;
    }
  name = g_path_get_basename (path);
  command = gbacw_roster_import_command (gbacw_document_get_scenario (self->document), csv, name, &error);
  if (command == NULL)
    {
      /* The message lists every bad cell as FILE:LINE:COLUMN: why. */
      g_autofree char *message = g_strdup_printf (_("Nothing was imported: %s"), error->message);
      gbacw_editor_host_show_error (self->window, message);
      return FALSE;
    }
  gbacw_editor_host_show_error (self->window, NULL);
  gbacw_document_execute (self->document, command);
  return TRUE;
}

guint
gbacw_scenario_controller_stand_ins (GbacwScenarioController *self,
                                     gboolean                 fill)
{
  const GbacwScenario *scenario;
  GbacwCommand *command;
  guint n = 0;

  g_return_val_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self), 0);

  if (self->document == NULL)
    return 0;
  scenario = gbacw_document_get_scenario (self->document);
  command = fill ? gbacw_stand_ins_fill (scenario, &n) : gbacw_stand_ins_clear (scenario, &n);
  if (n == 0)
    {
      g_object_unref (command);
      gbacw_editor_host_show_error (self->window, fill ? _("Every value is entered: no stand-in is needed")
                                                       : _("The scenario has no stand-ins"));
      return 0;
    }
  gbacw_editor_host_show_error (self->window, NULL);
  gbacw_document_execute (self->document, command);   /* one undo step */
  return n;
}

static void
add_csv_filter (GbacwScenarioController *self,
                GtkFileChooser          *chooser)
{
  static const char * const mime_types[] = { "text/csv", NULL };
  static const char * const suffixes[] = { "csv", NULL };

  gbacw_file_chooser_add_filters (chooser, _("Spreadsheets (CSV)"), mime_types, suffixes);
  gbacw_file_chooser_set_folder_of (chooser, self->document ? gbacw_document_get_path (self->document) : NULL);
}

static void
close_chooser (GbacwScenarioController *self)
{
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
}

static void
on_export_response (GbacwScenarioController *self,
                    int                      response,
                    GtkFileChooserNative    *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      const char *side = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "side");
      const char *separator = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "separator");
      const char *encoding = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "encoding");
      GbacwRosterDelimiter delimiter = g_strcmp0 (separator, "semicolon") == 0 ? GBACW_ROSTER_DELIMITER_SEMICOLON
                                       : g_strcmp0 (separator, "tab") == 0     ? GBACW_ROSTER_DELIMITER_TAB
                                                                               : GBACW_ROSTER_DELIMITER_COMMA;

      if (path != NULL)
        gbacw_scenario_controller_export_roster_as (self, path, g_strcmp0 (side, "") == 0 ? NULL : side, delimiter,
                                                    g_strcmp0 (encoding, "utf-16") == 0 ? GBACW_ROSTER_ENCODING_UTF16
                                                                                        : GBACW_ROSTER_ENCODING_UTF8);
    }
  close_chooser (self);
}

void
gbacw_scenario_controller_choose_roster_export (GbacwScenarioController *self)
{
  const GbacwScenario *scenario;
  GtkFileChooserNative *chooser;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  g_return_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self));
  if (self->document == NULL)
    return;
  scenario = gbacw_document_get_scenario (self->document);
  close_chooser (self);
  chooser = gtk_file_chooser_native_new (_("Export Roster"), GTK_WINDOW (self->window), GTK_FILE_CHOOSER_ACTION_SAVE,
                                         _("_Export"), _("_Cancel"));
  add_csv_filter (self, GTK_FILE_CHOOSER (chooser));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("roster.csv"));
  /* Which side: all of them, or one. */
  g_ptr_array_add (ids, "");
  g_ptr_array_add (names, _("Every side"));
  for (guint i = 0; i < scenario->oob.sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (scenario->oob.sides, i);
      g_ptr_array_add (ids, side->id);
      g_ptr_array_add (names, side->name ? side->name : side->id);
    }
  g_ptr_array_add (ids, NULL);
  g_ptr_array_add (names, NULL);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "side", _("Side"), (const char **) ids->pdata,
                               (const char **) names->pdata);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "side", "");
  /* What spreadsheets read: commas, or semicolons where the decimal point is a comma (Excel
   * and LibreOffice in much of Europe), or tabs; UTF-16 for older Excel. */
  {
    static const char *separators[] = { "comma", "semicolon", "tab", NULL };
    static const char *encodings[] = { "utf-8", "utf-16", NULL };
    const char *separator_names[] = { _("Commas"), _("Semicolons"), _("Tabs"), NULL };
    const char *encoding_names[] = { _("UTF-8"), _("UTF-16 (older Excel)"), NULL };

    gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "separator", _("Separated by"), separators,
                                 separator_names);
    gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "separator", "comma");
    gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "encoding", _("Encoding"), encodings, encoding_names);
    gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "encoding", "utf-8");
  }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_export_response), self, G_CONNECT_SWAPPED);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
on_import_response (GbacwScenarioController *self,
                    int                      response,
                    GtkFileChooserNative    *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        gbacw_scenario_controller_import_roster (self, path);
    }
  close_chooser (self);
}

void
gbacw_scenario_controller_choose_roster_import (GbacwScenarioController *self)
{
  GtkFileChooserNative *chooser;

  g_return_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self));
  if (self->document == NULL)
    return;
  close_chooser (self);
  chooser = gtk_file_chooser_native_new (_("Import Roster"), GTK_WINDOW (self->window), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Import"), _("_Cancel"));
  add_csv_filter (self, GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_import_response), self, G_CONNECT_SWAPPED);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

/* ---------------------------------------------------------------- dialogs */

GtkWindow *
gbacw_scenario_controller_get_settings_dialog (GbacwScenarioController *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self), NULL);

  if (self->settings_dialog == NULL && self->document != NULL)
    {
      self->settings_dialog = GTK_WIDGET (gbacw_settings_dialog_new (GTK_WINDOW (self->window), self->document,
                                                                     self->deployment));
      g_object_add_weak_pointer (G_OBJECT (self->settings_dialog), (gpointer *) &self->settings_dialog);
    }
  return self->settings_dialog ? GTK_WINDOW (self->settings_dialog) : NULL;
}

GtkWindow *
gbacw_scenario_controller_get_chart_editor (GbacwScenarioController *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self), NULL);

  if (self->chart_editor == NULL && self->document != NULL)
    {
      self->chart_editor = GTK_WIDGET (gbacw_chart_editor_new (GTK_WINDOW (self->window), self->document));
      g_object_add_weak_pointer (G_OBJECT (self->chart_editor), (gpointer *) &self->chart_editor);
    }
  return self->chart_editor ? GTK_WINDOW (self->chart_editor) : NULL;
}

void
gbacw_scenario_controller_show_settings (GbacwScenarioController *self)
{
  GtkWindow *dialog = gbacw_scenario_controller_get_settings_dialog (self);

  if (dialog != NULL)
    gtk_window_present (dialog);
}

void
gbacw_scenario_controller_show_charts (GbacwScenarioController *self)
{
  GtkWindow *editor = gbacw_scenario_controller_get_chart_editor (self);

  if (editor != NULL)
    gtk_window_present (editor);
}

/* ---------------------------------------------------------------- findings */

/* A finding clicked in the findings panel: besides the map's jump to its hex (done by
 * the panel), what it is about is shown where it is edited: the entry in the order of
 * battle, the reinforcements, the chart, the page of the settings. */
static void
on_finding_activated (GbacwScenarioController *self,
                      GbacwFindingItem        *item,
                      GbacwFindingsPanel      *panel)
{
  const GbacwFinding *f = gbacw_finding_item_get_finding (item);
  GbacwOobPanel *oob = gbacw_scenario_sidebar_get_oob_panel (self->sidebar);
  GbacwOobItemKind kind = GBACW_OOB_ITEM_UNIT;
  const char *id = f->id;

  if (self->document == NULL || id == NULL)
    return;
  switch (f->location)
    {
    case GBACW_LOCATION_SETTING:
      if (g_str_has_prefix (id, "sides/"))
        {
          kind = GBACW_OOB_ITEM_SIDE;
          id += strlen ("sides/");
          break;
        }
      {
        GtkWindow *dialog = gbacw_scenario_controller_get_settings_dialog (self);
        const char *page = g_str_has_prefix (id, "turns") ? "turns"
                         : g_str_has_prefix (id, "rules") ? "rules"
                         : g_str_has_prefix (id, "victory") ? "victory" : "general";
        if (dialog != NULL)
          {
            gbacw_settings_dialog_show_page (GBACW_SETTINGS_DIALOG (dialog), page);
            gtk_window_present (dialog);
          }
      }
      return;
    case GBACW_LOCATION_CHART:
      {
        GtkWindow *editor = gbacw_scenario_controller_get_chart_editor (self);
        if (editor != NULL)
          {
            gbacw_chart_editor_show_chart (GBACW_CHART_EDITOR (editor), id);
            gtk_window_present (editor);
          }
      }
      return;
    case GBACW_LOCATION_REINFORCEMENT:
      gtk_widget_set_visible (GTK_WIDGET (self->sidebar), TRUE);
      gbacw_scenario_sidebar_show_page (self->sidebar, "reinforcements");
      return;
    case GBACW_LOCATION_FORMATION:
      kind = GBACW_OOB_ITEM_FORMATION;
      break;
    case GBACW_LOCATION_UNIT:
      break;
    default:
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->sidebar), TRUE);
  gbacw_scenario_sidebar_show_page (self->sidebar, "oob");
  gbacw_oob_panel_select (oob, kind, id);
}

static void
close_dialogs (GbacwScenarioController *self)
{
  if (self->settings_dialog != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->settings_dialog), (gpointer *) &self->settings_dialog);
      gtk_window_destroy (GTK_WINDOW (self->settings_dialog));
      self->settings_dialog = NULL;
    }
  if (self->chart_editor != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->chart_editor), (gpointer *) &self->chart_editor);
      gtk_window_destroy (GTK_WINDOW (self->chart_editor));
      self->chart_editor = NULL;
    }
}

/* ---------------------------------------------------------------- document */


static void
on_window_document (GbacwScenarioController *self,
                    GParamSpec              *pspec,
                    GbacwEditorHost         *window)
{
  GbacwDocument *document = gbacw_editor_host_get_document (window);

  if (self->document == document)
    return;
  close_dialogs (self);
  close_chooser (self);
  g_set_object (&self->document, document);
  gbacw_scenario_sidebar_set_document (self->sidebar, document);
}

/* ---------------------------------------------------------------- attaching */

/* The sidebar's width is remembered when the window is closed (with its size). */
static gboolean
on_close_request (GbacwScenarioController *self,
                  GtkWindow               *window)
{
  GSettings *settings = gbacw_window_state_get_settings ();

  if (settings != NULL && gtk_widget_get_visible (GTK_WIDGET (self->sidebar))
      && gtk_widget_get_width (GTK_WIDGET (self->sidebar)) > 0)
    g_settings_set_int (settings, "sidebar-width", gtk_paned_get_position (self->paned));
  return FALSE;
}

GbacwScenarioController *
gbacw_scenario_controller_new (GbacwEditorHost      *window,
                               GbacwScenarioSidebar *sidebar,
                               GtkPaned             *paned)
{
  GbacwScenarioController *self;
  GbacwMapCanvas *canvas;

  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (window), NULL);
  g_return_val_if_fail (GBACW_IS_SCENARIO_SIDEBAR (sidebar), NULL);
  g_return_val_if_fail (GTK_IS_PANED (paned), NULL);

  self = g_object_new (GBACW_TYPE_SCENARIO_CONTROLLER, NULL);
  self->window = window;

  canvas = gbacw_editor_host_get_canvas (window);
  self->deployment = gbacw_deployment_controller_new (canvas);

  /* The user drags the paned's divider; the map keeps the rest of the width. */
  self->sidebar = sidebar;
  self->paned = paned;
  /* the units' keys work with the focus in the tree as on the map */
  gbacw_deployment_controller_set_key_scope (self->deployment, GTK_WIDGET (paned));
  {
    GSettings *settings = gbacw_window_state_get_settings ();

    gtk_paned_set_position (self->paned, settings ? g_settings_get_int (settings, "sidebar-width")
                                                  : GBACW_SIDEBAR_DEFAULT_WIDTH);
    g_signal_connect_object (window, "close-request", G_CALLBACK (on_close_request), self, G_CONNECT_SWAPPED);
  }

  g_signal_connect_object (gbacw_scenario_sidebar_get_oob_panel (self->sidebar), "notify::selected-item",
                           G_CALLBACK (on_tree_selection), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->deployment, "notify::selected-unit", G_CALLBACK (on_map_selection), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (gbacw_scenario_sidebar_get_reinforcement_panel (self->sidebar), "pick-entry",
                           G_CALLBACK (on_pick_entry), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "notify::page", G_CALLBACK (on_sidebar_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->sidebar, "notify::visible", G_CALLBACK (on_sidebar_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gbacw_editor_host_get_findings_panel (window), "finding-activated",
                           G_CALLBACK (on_finding_activated), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (window, "notify::document", G_CALLBACK (on_window_document), self, G_CONNECT_SWAPPED);
  on_window_document (self, NULL, window);
  return self;
}

GbacwScenarioSidebar *
gbacw_scenario_controller_get_sidebar (GbacwScenarioController *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self), NULL);
  return self->sidebar;
}

GtkPaned *
gbacw_scenario_controller_get_paned (GbacwScenarioController *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self), NULL);
  return self->paned;
}

GbacwDeploymentController *
gbacw_scenario_controller_get_deployment (GbacwScenarioController *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_CONTROLLER (self), NULL);
  return self->deployment;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_scenario_controller_dispose (GObject *object)
{
  GbacwScenarioController *self = GBACW_SCENARIO_CONTROLLER (object);

  close_dialogs (self);
  close_chooser (self);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (gbacw_scenario_controller_parent_class)->dispose (object);
}

static void
gbacw_scenario_controller_class_init (GbacwScenarioControllerClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = gbacw_scenario_controller_dispose;
}

static void
gbacw_scenario_controller_init (GbacwScenarioController *self)
{
}
