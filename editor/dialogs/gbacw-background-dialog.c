/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-background-dialog.c: the Background Image window of an editor window. */
#define G_LOG_DOMAIN "gbacw-background-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-background-dialog-private.h"
#include "gbacw-file-chooser.h"
#include "gbacw-map-renderer.h"
#include "gbacw-settings-edit.h"

/* mode -1: no calibration tool on the canvas */
#define MODE_NONE (-1)

struct _GbacwBackgroundDialog
{
  GtkWindow parent_instance;

  GbacwEditorHost *window;                /* not owned */
  GbacwBackgroundController *controller;  /* not owned; lives as long as the window */
  GbacwToolCalibrate *tool;
  GbacwTool *previous_tool;
  GbacwDocument *document;
  int mode;
  guint opacity_key;
  guint rotation_key;

  GtkLabel *file_label;
  GtkWidget *remove_button;
  GtkWidget *fit_button;
  GtkRange *opacity;
  GtkSpinButton *rotation;
  GtkToggleButton *points_button;
  GtkToggleButton *adjust_button;
  GtkLabel *status_label;
  GtkEntry *label_entry;
  GtkWidget *label_box;
  GtkLabel *error_label;
  GtkNativeDialog *chooser;
};

G_DEFINE_FINAL_TYPE (GbacwBackgroundDialog, gbacw_background_dialog, GTK_TYPE_WINDOW)

static guint
next_opacity_key (void)
{
  static guint key = 0x7b000000;
  return ++key;
}

static const GbacwScenario *
get_scenario (GbacwBackgroundDialog *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

static void
show_error (GbacwBackgroundDialog *self,
            const char            *message)
{
  gtk_label_set_text (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

static void
update (GbacwBackgroundDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwBackground *bg = scenario ? &scenario->map->background : NULL;
  GbacwBackgroundImage *image = gbacw_background_controller_get_image (self->controller);
  gboolean has_file = bg != NULL && bg->file != NULL;
  g_autofree char *text = NULL;

  if (!has_file)
    text = g_strdup (_("No scan of the map is loaded."));
  else if (image != NULL)
    {
      int width = gbacw_background_image_get_width (image), height = gbacw_background_image_get_height (image);
      /* TRANSLATORS: the background image's file name, width and height in pixels */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d × %d pixel", "%s, %d × %d pixels", height),
                              bg->file, width, height);
    }
  else
    /* TRANSLATORS: the background image's file name when it could not be read */
    text = g_strdup_printf (_("%s (cannot be read)"), bg->file);
  gtk_label_set_text (self->file_label, text);

  gtk_widget_set_sensitive (self->remove_button, has_file);
  gtk_widget_set_sensitive (self->fit_button, has_file);
  gtk_widget_set_sensitive (GTK_WIDGET (self->opacity), has_file);
  gtk_widget_set_sensitive (GTK_WIDGET (self->points_button), has_file);
  gtk_widget_set_sensitive (GTK_WIDGET (self->adjust_button), has_file);
  if (bg != NULL && ABS (gtk_range_get_value (self->opacity) - bg->opacity * 100) > 0.5)
    gtk_range_set_value (self->opacity, bg->opacity * 100);
  gtk_widget_set_sensitive (GTK_WIDGET (self->rotation), has_file);
  if (bg != NULL && ABS (gtk_spin_button_get_value (self->rotation) - bg->rotation) > 0.005)
    {
      g_signal_handlers_block_matched (self->rotation, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
      gtk_spin_button_set_value (self->rotation, bg->rotation);
      g_signal_handlers_unblock_matched (self->rotation, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
    }
  gtk_widget_set_visible (self->label_box, self->mode == GBACW_CALIBRATE_POINTS &&
                                           gbacw_tool_calibrate_get_pending (self->tool, NULL, NULL));
}

static void
on_document_changed (GbacwBackgroundDialog *self,
                     const GbacwChange     *change,
                     GbacwDocument         *document)
{
  if (change == NULL || (change->flags & (GBACW_CHANGE_BACKGROUND | GBACW_CHANGE_SETTINGS)))
    update (self);
}

static void
set_document (GbacwBackgroundDialog *self,
              GbacwDocument         *document)
{
  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  gbacw_tool_calibrate_set_document (self->tool, document);
  update (self);
}

static void
on_window_document (GbacwBackgroundDialog *self)
{
  set_document (self, gbacw_editor_host_get_document (self->window));
}

/* ---------------------------------------------------------------- calibration tool */

void
gbacw_background_dialog_set_mode (GbacwBackgroundDialog *self,
                                  int                    mode)
{
  GbacwMapCanvas *canvas;

  g_return_if_fail (GBACW_IS_BACKGROUND_DIALOG (self));

  if (self->window == NULL)
    return;
  canvas = gbacw_editor_host_get_canvas (self->window);
  if (mode != MODE_NONE && self->mode == MODE_NONE)
    g_set_object (&self->previous_tool, gbacw_map_canvas_get_tool (canvas));
  self->mode = mode;

  g_signal_handlers_block_matched (self->points_button, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  g_signal_handlers_block_matched (self->adjust_button, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_toggle_button_set_active (self->points_button, mode == GBACW_CALIBRATE_POINTS);
  gtk_toggle_button_set_active (self->adjust_button, mode == GBACW_CALIBRATE_ADJUST);
  g_signal_handlers_unblock_matched (self->points_button, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  g_signal_handlers_unblock_matched (self->adjust_button, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);

  if (mode == MODE_NONE)
    {
      if (gbacw_map_canvas_get_tool (canvas) == GBACW_TOOL (self->tool))
        gbacw_map_canvas_set_tool (canvas, self->previous_tool);
      g_clear_object (&self->previous_tool);
    }
  else
    {
      gbacw_tool_calibrate_set_mode (self->tool, mode);
      gbacw_tool_calibrate_reset (self->tool);
      gbacw_map_canvas_set_tool (canvas, GBACW_TOOL (self->tool));
    }
  show_error (self, NULL);
  update (self);
}

static void
on_mode_toggled (GbacwBackgroundDialog *self,
                 GtkToggleButton       *button)
{
  int mode = button == self->points_button ? GBACW_CALIBRATE_POINTS : GBACW_CALIBRATE_ADJUST;

  if (gtk_toggle_button_get_active (button))
    gbacw_background_dialog_set_mode (self, mode);
  else if (self->mode == mode)
    gbacw_background_dialog_set_mode (self, MODE_NONE);
}

static void
on_point_picked (GbacwBackgroundDialog *self,
                 double                 x,
                 double                 y,
                 GbacwToolCalibrate    *tool)
{
  show_error (self, NULL);
  update (self);
  gtk_editable_set_text (GTK_EDITABLE (self->label_entry), "");
  gtk_window_present (GTK_WINDOW (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->label_entry));
}

static void
on_tool_status (GbacwBackgroundDialog *self)
{
  gtk_label_set_text (self->status_label, self->mode == MODE_NONE ? "" : gbacw_tool_calibrate_get_status (self->tool));
}

gboolean
gbacw_background_dialog_enter_label (GbacwBackgroundDialog *self,
                                     const char            *label)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gboolean done = FALSE;

  g_return_val_if_fail (GBACW_IS_BACKGROUND_DIALOG (self), FALSE);
  g_return_val_if_fail (label != NULL, FALSE);

  /* label may be the entry's own text (Enter, Set), which setting the text empties */
  text = g_strdup (label);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->label_entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->label_entry), text);
  if (!gbacw_tool_calibrate_add_point (self->tool, text, &done, &error))
    {
      show_error (self, error->message);
      return FALSE;
    }
  show_error (self, NULL);
  if (self->window != NULL)
    gbacw_map_canvas_queue_overlay (gbacw_editor_host_get_canvas (self->window));
  update (self);
  return TRUE;
}

static void
on_label_activate (GbacwBackgroundDialog *self)
{
  gbacw_background_dialog_enter_label (self, gtk_editable_get_text (GTK_EDITABLE (self->label_entry)));
}

GbacwToolCalibrate *
gbacw_background_dialog_get_tool (GbacwBackgroundDialog *self)
{
  g_return_val_if_fail (GBACW_IS_BACKGROUND_DIALOG (self), NULL);
  return self->tool;
}

/* ---------------------------------------------------------------- file, opacity */

static void
on_chooser_response (GbacwBackgroundDialog *self,
                     int                    response,
                     GtkNativeDialog       *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        show_error (self, _("Only local files can be loaded."));
      else if (!gbacw_background_controller_set_file (self->controller, path, FALSE, &error))
        show_error (self, error->message);
      else
        {
          show_error (self, NULL);
          gbacw_background_dialog_set_mode (self, GBACW_CALIBRATE_POINTS);
        }
    }
  g_clear_object (&self->chooser);
}

static void
on_load_clicked (GbacwBackgroundDialog *self)
{
  static const char * const mime_types[] = { "image/png", "image/jpeg", NULL };
  static const char * const suffixes[] = { "png", "jpg", "jpeg", NULL };
  GtkFileChooserNative *chooser;
  const char *path = self->document ? gbacw_document_get_path (self->document) : NULL;

  chooser = gtk_file_chooser_native_new (_("Load a Scan of the Map"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Load"), _("_Cancel"));
  gbacw_file_chooser_add_filters (GTK_FILE_CHOOSER (chooser), _("PNG and JPEG Images"), mime_types, suffixes);
  gbacw_file_chooser_set_folder_of (GTK_FILE_CHOOSER (chooser), path);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response), self, G_CONNECT_SWAPPED);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

static void
on_remove_clicked (GbacwBackgroundDialog *self)
{
  gbacw_background_dialog_set_mode (self, MODE_NONE);
  gbacw_background_controller_remove (self->controller);
}

static void
on_fit_clicked (GbacwBackgroundDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  GbacwBackgroundImage *image = gbacw_background_controller_get_image (self->controller);
  GbacwBackground background;
  GbacwSettingsEdit *edit;
  double w, h;

  if (scenario == NULL || image == NULL)
    return;
  background = scenario->map->background;
  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  gbacw_background_fit_transform (w, h, gbacw_background_image_get_width (image),
                                  gbacw_background_image_get_height (image), background.transform);
  background.rotation = 0;
  edit = gbacw_settings_edit_new (_("Fit background to the map"), 0);
  gbacw_settings_edit_set_background (edit, &background);
  gbacw_document_execute (self->document, GBACW_COMMAND (edit));
}

static void
on_opacity_changed (GbacwBackgroundDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  double value = gtk_range_get_value (self->opacity) / 100.0;

  if (scenario == NULL || ABS (scenario->map->background.opacity - value) < 0.004)
    return;
  gbacw_background_controller_set_opacity (self->controller, value, self->opacity_key);
}

/* Turns the scan about the map's centre, so that a skewed scan lines up with the grid;
 * a run of changes is one undo step. */
static void
on_rotation_changed (GbacwBackgroundDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  double value = gtk_spin_button_get_value (self->rotation);
  GbacwBackground background;
  GbacwSettingsEdit *edit;

  if (scenario == NULL || scenario->map->background.file == NULL
      || ABS (scenario->map->background.rotation - value) < 0.005)
    return;
  background = scenario->map->background;
  gbacw_background_rotate (&background, &scenario->map->grid, value);
  edit = gbacw_settings_edit_new (_("Rotate background"), self->rotation_key);
  gbacw_settings_edit_set_background (edit, &background);
  gbacw_document_execute (self->document, GBACW_COMMAND (edit));
}

void
gbacw_background_dialog_set_rotation (GbacwBackgroundDialog *self,
                                      double                 degrees)
{
  g_return_if_fail (GBACW_IS_BACKGROUND_DIALOG (self));
  gtk_spin_button_set_value (self->rotation, degrees);
}

/* ---------------------------------------------------------------- GtkWindow */

static gboolean
gbacw_background_dialog_close_request (GtkWindow *window)
{
  GbacwBackgroundDialog *self = GBACW_BACKGROUND_DIALOG (window);

  gbacw_background_dialog_set_mode (self, MODE_NONE);
  /* A new run of opacity or rotation changes is a new undo step. */
  self->opacity_key = next_opacity_key ();
  self->rotation_key = next_opacity_key ();
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  return TRUE;
}

static void
gbacw_background_dialog_dispose (GObject *object)
{
  GbacwBackgroundDialog *self = GBACW_BACKGROUND_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  if (self->window != NULL && self->mode != MODE_NONE)
    {
      GbacwMapCanvas *canvas = gbacw_editor_host_get_canvas (self->window);
      if (canvas != NULL && gbacw_map_canvas_get_tool (canvas) == GBACW_TOOL (self->tool))
        gbacw_map_canvas_set_tool (canvas, self->previous_tool);
    }
  self->mode = MODE_NONE;
  if (self->window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
  self->window = NULL;
  set_document (self, NULL);
  g_clear_object (&self->previous_tool);
  g_clear_object (&self->tool);

  G_OBJECT_CLASS (gbacw_background_dialog_parent_class)->dispose (object);
}

static void
gbacw_background_dialog_class_init (GbacwBackgroundDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = gbacw_background_dialog_dispose;
  window_class->close_request = gbacw_background_dialog_close_request;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  return label;
}

static void
gbacw_background_dialog_init (GbacwBackgroundDialog *self)
{
  GtkWidget *box, *row, *button, *label;

  self->mode = MODE_NONE;
  self->opacity_key = next_opacity_key ();
  self->rotation_key = next_opacity_key ();
  self->tool = gbacw_tool_calibrate_new ();
  g_signal_connect_object (self->tool, "point-picked", G_CALLBACK (on_point_picked), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tool, "notify::status", G_CALLBACK (on_tool_status), self, G_CONNECT_SWAPPED);

  gtk_window_set_title (GTK_WINDOW (self), _("Background Image"));
  gtk_window_set_default_size (GTK_WINDOW (self), 380, -1);
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_window_set_child (GTK_WINDOW (self), box);

  gtk_box_append (GTK_BOX (box), heading (_("Scan of the Paper Map")));
  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  self->file_label = GTK_LABEL (label);
  gtk_box_append (GTK_BOX (box), label);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  button = gtk_button_new_with_mnemonic (_("_Load Image…"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_load_clicked), self);
  gtk_box_append (GTK_BOX (row), button);
  button = gtk_button_new_with_mnemonic (_("_Remove"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_remove_clicked), self);
  self->remove_button = button;
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (box), row);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new_with_mnemonic (_("_Opacity"));
  gtk_box_append (GTK_BOX (row), label);
  self->opacity = GTK_RANGE (gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 100, 5));
  gtk_scale_set_draw_value (GTK_SCALE (self->opacity), TRUE);
  gtk_scale_set_value_pos (GTK_SCALE (self->opacity), GTK_POS_RIGHT);
  gtk_widget_set_hexpand (GTK_WIDGET (self->opacity), TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->opacity));
  g_signal_connect_swapped (self->opacity, "value-changed", G_CALLBACK (on_opacity_changed), self);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->opacity));
  gtk_box_append (GTK_BOX (box), row);

  gtk_box_append (GTK_BOX (box), heading (_("Calibration")));
  label = gtk_label_new (_("Click the centres of three hexes far apart on the scan and type their numbers; "
                           "then adjust by hand if needed."));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (row, "linked");
  button = gtk_toggle_button_new_with_mnemonic (_("_Click Three Hexes"));
  self->points_button = GTK_TOGGLE_BUTTON (button);
  g_signal_connect_swapped (button, "toggled", G_CALLBACK (on_mode_toggled), self);
  gtk_box_append (GTK_BOX (row), button);
  button = gtk_toggle_button_new_with_mnemonic (_("_Adjust"));
  gtk_widget_set_tooltip_text (button, _("Drag on the map to slide the scan under the grid; Shift+drag to scale it"));
  self->adjust_button = GTK_TOGGLE_BUTTON (button);
  g_signal_connect_swapped (button, "toggled", G_CALLBACK (on_mode_toggled), self);
  gtk_box_append (GTK_BOX (row), button);
  button = gtk_button_new_with_mnemonic (_("_Fit to Map"));
  gtk_widget_set_tooltip_text (button, _("Stretch the scan over the whole map again"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_fit_clicked), self);
  self->fit_button = button;
  gtk_widget_set_margin_start (button, 6);
  gtk_box_append (GTK_BOX (row), button);
  gtk_box_append (GTK_BOX (box), row);

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new_with_mnemonic (_("R_otation"));
  gtk_box_append (GTK_BOX (row), label);
  self->rotation = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (-5, 5, 0.1));
  gtk_spin_button_set_digits (self->rotation, 1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->rotation),
                               _("Turn the scan clockwise (or anticlockwise, below zero) by degrees about the "
                                 "map’s centre, so that a skewed scan lines up with the grid"));
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->rotation));
  g_signal_connect_swapped (self->rotation, "value-changed", G_CALLBACK (on_rotation_changed), self);
  gtk_box_append (GTK_BOX (row), GTK_WIDGET (self->rotation));
  /* TRANSLATORS: the unit after the rotation's number */
  gtk_box_append (GTK_BOX (row), gtk_label_new (_("degrees")));
  gtk_box_append (GTK_BOX (box), row);

  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  self->status_label = GTK_LABEL (label);
  gtk_box_append (GTK_BOX (box), label);

  self->label_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  label = gtk_label_new_with_mnemonic (_("_Hex number"));
  gtk_box_append (GTK_BOX (self->label_box), label);
  self->label_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->label_entry, _("e.g. 0612"));
  gtk_editable_set_width_chars (GTK_EDITABLE (self->label_entry), 8);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), GTK_WIDGET (self->label_entry));
  g_signal_connect_swapped (self->label_entry, "activate", G_CALLBACK (on_label_activate), self);
  gtk_box_append (GTK_BOX (self->label_box), GTK_WIDGET (self->label_entry));
  button = gtk_button_new_with_mnemonic (_("_Set"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_label_activate), self);
  gtk_box_append (GTK_BOX (self->label_box), button);
  gtk_widget_set_visible (self->label_box, FALSE);
  gtk_box_append (GTK_BOX (box), self->label_box);

  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_add_css_class (label, "error");
  gtk_widget_set_visible (label, FALSE);
  self->error_label = GTK_LABEL (label);
  gtk_box_append (GTK_BOX (box), label);
}

GbacwBackgroundDialog *
gbacw_background_dialog_new (GbacwEditorHost           *window,
                             GbacwBackgroundController *controller)
{
  GbacwBackgroundDialog *self;

  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (window), NULL);
  g_return_val_if_fail (GBACW_IS_BACKGROUND_CONTROLLER (controller), NULL);

  self = g_object_new (GBACW_TYPE_BACKGROUND_DIALOG, "transient-for", window, NULL);
  self->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
  self->controller = controller;
  g_signal_connect_object (window, "notify::document", G_CALLBACK (on_window_document), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "notify::image", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  set_document (self, gbacw_editor_host_get_document (window));
  return self;
}
