/* gbacw-window.c: an editor window showing one document. */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-background-controller.h"
#include "gbacw-map-renderer.h"
#include "gbacw-window-state.h"
#include "gbacw-window.h"

struct _GbacwWindow
{
  GtkApplicationWindow parent_instance;

  /* template */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkRevealer *error_revealer;
  GtkLabel *error_label;
  GbacwMapCanvas *canvas;
  GtkWidget *empty_state;
  GtkLabel *status_label;
  GtkLabel *zoom_label;

  GbacwDocument *document;
  GSignalGroup *document_signals;
  GSignalGroup *history_signals;

  GtkNativeDialog *file_chooser;
  /* The user chose to close despite unsaved changes (or saved them). */
  gboolean close_confirmed;
};

G_DEFINE_FINAL_TYPE (GbacwWindow, gbacw_window, GTK_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void save_as (GbacwWindow *self, gboolean then_close);

/* ---------------------------------------------------------------- state shown */

static GbacwHistory *
get_history (GbacwWindow *self)
{
  return self->document ? gbacw_document_get_history (self->document) : NULL;
}

static void
update_actions (GbacwWindow *self)
{
  GbacwHistory *history = get_history (self);
  gboolean has_document = self->document != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", has_document);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", has_document);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", history && gbacw_history_can_undo (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", history && gbacw_history_can_redo (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-in", has_document);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-out", has_document);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-fit", has_document);
}

static void
update_title (GbacwWindow *self)
{
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;
  const char *subtitle = NULL;

  if (self->document == NULL)
    {
      gtk_label_set_text (self->title_label, _("GBACW Editor"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_window_set_title (GTK_WINDOW (self), _("GBACW Editor"));
      return;
    }

  /* "•" marks unsaved changes, as in other GNOME editors. */
  if (gbacw_history_is_modified (get_history (self)))
    title = g_strdup_printf ("• %s", gbacw_document_get_title (self->document));
  else
    title = g_strdup (gbacw_document_get_title (self->document));
  gtk_label_set_text (self->title_label, title);

  subtitle = gbacw_document_get_scenario (self->document)->info.title;
  gtk_label_set_text (self->subtitle_label, subtitle ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL && subtitle[0] != '\0');

  /* TRANSLATORS: window title: document title – program name */
  window_title = g_strdup_printf (_("%s – GBACW Editor"), title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
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
      g_autofree char *size = g_strdup_printf (_("Map of %d × %d hexes"), map->grid.columns, map->grid.rows);
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
  update_status (self);
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
  update_title (self);
}

static void
on_document_changed (GbacwWindow       *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  update_status (self);
  if (change != NULL && (change->flags & GBACW_CHANGE_SETTINGS))
    update_title (self);
}

static void
on_document_title (GbacwWindow   *self,
                   GParamSpec    *pspec,
                   GbacwDocument *document)
{
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
  gbacw_map_canvas_set_document (self->canvas, document);
  gtk_widget_set_visible (self->empty_state, document == NULL);
  if (document != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  self->close_confirmed = FALSE;

  update_actions (self);
  update_title (self);
  update_status (self);
  update_zoom_label (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

GbacwMapCanvas *
gbacw_window_get_canvas (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), NULL);
  return self->canvas;
}

gboolean
gbacw_window_is_replaceable (GbacwWindow *self)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (self), FALSE);
  return self->document == NULL || !gbacw_history_is_modified (get_history (self));
}

gboolean
gbacw_window_load_file (GbacwWindow *self,
                        GFile       *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwDocument) document = NULL;
  g_autofree char *path = NULL;

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

  document = gbacw_document_load (path, &error);
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
  return TRUE;
}

/* ---------------------------------------------------------------- file actions */

static void
add_scenario_filter (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) scenarios = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (scenarios, _("Scenarios"));
  gtk_file_filter_add_pattern (scenarios, "*.xml");
  gtk_file_filter_add_mime_type (scenarios, "application/xml");
  gtk_file_chooser_add_filter (chooser, scenarios);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}

static void
set_chooser_folder (GbacwWindow    *self,
                    GtkFileChooser *chooser)
{
  const char *path = self->document ? gbacw_document_get_path (self->document) : NULL;

  if (path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GFile) parent = g_file_get_parent (file);
      if (parent != NULL)
        gtk_file_chooser_set_current_folder (chooser, parent, NULL);
    }
}

static void
on_open_response (GbacwWindow          *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

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
  set_chooser_folder (self, GTK_FILE_CHOOSER (chooser));
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
      g_autofree char *message = g_strdup_printf (_("Could not save the scenario: %s"), error->message);
      gbacw_window_show_error (self, message);
      return FALSE;
    }
  gbacw_window_show_error (self, NULL);
  return TRUE;
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
  set_chooser_folder (self, GTK_FILE_CHOOSER (chooser));
  path = gbacw_document_get_path (self->document);
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

/* Stateful "win.layer-NAME" actions: NAME as in gbacw_layer_bit_to_string (). */
static void
layer_change_state (GSimpleAction *action,
                    GVariant      *value,
                    gpointer       user_data)
{
  GbacwWindow *self = GBACW_WINDOW (user_data);
  const char *name = g_action_get_name (G_ACTION (action));
  guint bit = gbacw_layer_bit_from_string (name + strlen ("layer-"));
  guint layers = gbacw_map_canvas_get_layers (self->canvas);

  g_simple_action_set_state (action, value);
  if (g_variant_get_boolean (value))
    layers |= bit;
  else
    layers &= ~bit;
  gbacw_map_canvas_set_layers (self->canvas, layers);
}

static const GActionEntry layer_entries[] = {
  { "layer-background", NULL, NULL, "true", layer_change_state },
  { "layer-terrain", NULL, NULL, "true", layer_change_state },
  { "layer-elevation", NULL, NULL, "true", layer_change_state },
  { "layer-hexsides", NULL, NULL, "true", layer_change_state },
  { "layer-roads", NULL, NULL, "true", layer_change_state },
  { "layer-areas", NULL, NULL, "true", layer_change_state },
  { "layer-labels", NULL, NULL, "true", layer_change_state },
  { "layer-grid", NULL, NULL, "true", layer_change_state },
  { "layer-hex-numbers", NULL, NULL, "true", layer_change_state },
  { "layer-units", NULL, NULL, "true", layer_change_state },
};

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

  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (self->file_chooser);
  g_clear_object (&self->file_chooser);
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  g_clear_object (&self->document_signals);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->document);

  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_WINDOW);

  G_OBJECT_CLASS (gbacw_window_parent_class)->dispose (object);
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
    default:
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
    default:
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
  object_class->get_property = gbacw_window_get_property;
  object_class->set_property = gbacw_window_set_property;

  window_class->close_request = gbacw_window_close_request;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (GBACW_TYPE_MAP_CANVAS);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-window.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, error_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, empty_state);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwWindow, zoom_label);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "win.hide-error", NULL, hide_error_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "win.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "win.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.hide-error", NULL);
}

static void
gbacw_window_init (GbacwWindow *self)
{
  GbacwViewport *viewport;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->document_signals = g_signal_group_new (GBACW_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "changed", G_CALLBACK (on_document_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::title", G_CALLBACK (on_document_title), self);

  self->history_signals = g_signal_group_new (GBACW_TYPE_HISTORY);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-undo", G_CALLBACK (on_history_notify), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::can-redo", G_CALLBACK (on_history_notify), self);
  g_signal_group_connect_swapped (self->history_signals, "notify::modified", G_CALLBACK (on_history_notify), self);

  g_action_map_add_action_entries (G_ACTION_MAP (self), layer_entries, G_N_ELEMENTS (layer_entries), self);
  /* Remembered size and layers; the scan under the map, export and print (win.background,
   * win.export, win.print). */
  gbacw_window_state_attach (self);
  gbacw_background_controller_attach (self);

  g_signal_connect_object (self->canvas, "notify::hover-hex", G_CALLBACK (on_hover_hex), self, G_CONNECT_SWAPPED);
  viewport = gbacw_map_canvas_get_viewport (self->canvas);
  g_signal_connect_object (viewport, "notify::scale", G_CALLBACK (on_viewport_scale), self, G_CONNECT_SWAPPED);

  /* Keyboard focus on the map (arrow keys pan), not on the error text. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->canvas));

  update_actions (self);
  update_title (self);
  update_status (self);
  update_zoom_label (self);
}

GbacwWindow *
gbacw_window_new (GtkApplication *application)
{
  return g_object_new (GBACW_TYPE_WINDOW, "application", application, NULL);
}
