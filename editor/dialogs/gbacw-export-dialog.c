/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-export-dialog.c: exports the map of a window's document. */
#define G_LOG_DOMAIN "gbacw-export-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-export-dialog.h"
#include "gbacw-file-chooser.h"
#include "gbacw-map-renderer.h"
#include "gbacw-tmx-export.h"
#include "gbacw-vmod-export.h"
#include "gbacw-window-state.h"

#define SQRT3 1.73205080756887729353

struct _GbacwExportDialog
{
  GtkWindow parent_instance;

  GbacwDocument *document;
  GbacwBackgroundImage *image;

  GtkDropDown *format;
  GtkCheckButton *layers[GBACW_N_LAYERS];
  GtkStack *stack;
  GtkSpinButton *hex_px;
  GtkLabel *image_summary;
  GtkDropDown *paper;
  GtkSpinButton *hex_mm;
  GtkSpinButton *overlap;
  GtkCheckButton *index_page;
  GtkLabel *pdf_summary;
  GtkWidget *layers_heading;
  GtkWidget *layers_grid;
  GtkLabel *interop_summary;
  GtkLabel *error_label;
  GtkNativeDialog *chooser;
};

G_DEFINE_FINAL_TYPE (GbacwExportDialog, gbacw_export_dialog, GTK_TYPE_WINDOW)

/* The layers' names in the dialog, in GbacwLayerBits order. */
static const char *
layer_title (guint i)
{
  switch (i)
    {
    case 0: return _("Background image");
    case 1: return _("Terrain");
    case 2: return _("Elevation");
    case 3: return _("Hexsides");
    case 4: return _("Roads");
    case 5: return _("Areas");
    case 6: return _("Labels");
    case 7: return _("Grid");
    case 8: return _("Hex numbers");
    case 9: return _("Units");
    default: return "";
    }
}

void
gbacw_export_dialog_get_options (GbacwExportDialog  *self,
                                 GbacwExportOptions *options)
{
  g_return_if_fail (GBACW_IS_EXPORT_DIALOG (self));
  g_return_if_fail (options != NULL);

  gbacw_export_options_init (options);
  /* TMX and VMOD have no map options: the PNG ones stand in */
  options->format = gbacw_export_dialog_get_selected (self) > GBACW_EXPORT_DIALOG_PDF
                    ? GBACW_EXPORT_PNG : (GbacwExportFormat) gbacw_export_dialog_get_selected (self);
  options->layers = 0;
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    if (gtk_check_button_get_active (self->layers[i]))
      options->layers |= 1u << i;
  options->background = self->image;
  options->zoom = gtk_spin_button_get_value (self->hex_px) / SQRT3;
  options->paper = MIN (gtk_drop_down_get_selected (self->paper), GBACW_N_NAMED_PAPERS - 1);
  options->hex_mm = gtk_spin_button_get_value (self->hex_mm);
  options->overlap_mm = gtk_spin_button_get_value (self->overlap);
  options->index_page = gtk_check_button_get_active (self->index_page);
}

static void
update (GbacwExportDialog *self)
{
  const GbacwScenario *scenario = self->document ? gbacw_document_get_scenario (self->document) : NULL;
  GbacwExportOptions o;
  GbacwPageLayout layout;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  int w, h;

  GbacwExportDialogFormat selected = gbacw_export_dialog_get_selected (self);
  gboolean interop = selected > GBACW_EXPORT_DIALOG_PDF;

  gbacw_export_dialog_get_options (self, &o);
  gtk_stack_set_visible_child_name (self->stack, interop ? "interop" : o.format == GBACW_EXPORT_PDF ? "pdf" : "image");
  /* a Tiled map or a VASSAL module holds every layer */
  gtk_widget_set_visible (self->layers_heading, !interop);
  gtk_widget_set_visible (self->layers_grid, !interop);
  if (selected == GBACW_EXPORT_DIALOG_TMX)
    gtk_label_set_text (self->interop_summary,
                        _("A hexagonal map for Tiled: the terrain, hexsides, lines, labels and counters as "
                          "layers. Its three tileset images are written beside it (NAME-terrain.png, "
                          "NAME-hexsides.png, NAME-counters.png): keep them together."));
  else if (selected == GBACW_EXPORT_DIALOG_VMOD)
    gtk_label_set_text (self->interop_summary,
                        _("A module for VASSAL: the map as a board with the scenario’s hex grid and numbers, "
                          "a piece for each counter, the set-up, the reinforcements by Game-Turn and the "
                          "charts. Open it in VASSAL with File ▸ Open Module."));
  if (scenario == NULL || interop)
    return;

  gbacw_map_export_get_image_size (scenario, &o, &w, &h);
  if (w > GBACW_EXPORT_MAX_PIXELS || h > GBACW_EXPORT_MAX_PIXELS)
    /* TRANSLATORS: image export size; too large */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d × %d pixel: too large, at most %d a side",
                                         "%d × %d pixels: too large, at most %d a side", h),
                            w, h, GBACW_EXPORT_MAX_PIXELS);
  else
    /* TRANSLATORS: image export size in pixels */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The image will be %d × %d pixel.",
                                         "The image will be %d × %d pixels.", h),
                            w, h);
  gtk_label_set_text (self->image_summary, text);
  g_clear_pointer (&text, g_free);

  if (gbacw_map_export_get_page_layout (scenario, &o, &layout, &error))
    {
      int sheets = layout.columns * layout.rows;
      /* TRANSLATORS: PDF export summary: map width and height in mm, sheets, across, down, orientation */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "The map is %.0f × %.0f mm: %d sheet (%d across, %d down), %s.",
                                           "The map is %.0f × %.0f mm: %d sheets (%d across, %d down), %s.", sheets),
                              layout.map_width * 25.4 / 72, layout.map_height * 25.4 / 72, sheets, layout.columns,
                              layout.rows, layout.landscape ? _("landscape") : _("portrait"));
    }
  else
    text = g_strdup (error->message);
  gtk_label_set_text (self->pdf_summary, text);
}

void
gbacw_export_dialog_set_format (GbacwExportDialog *self,
                                GbacwExportFormat  format)
{
  g_return_if_fail (GBACW_IS_EXPORT_DIALOG (self));
  gtk_drop_down_set_selected (self->format, format);
}

void
gbacw_export_dialog_select (GbacwExportDialog       *self,
                            GbacwExportDialogFormat  format)
{
  g_return_if_fail (GBACW_IS_EXPORT_DIALOG (self));
  g_return_if_fail (format <= GBACW_EXPORT_DIALOG_VMOD);
  gtk_drop_down_set_selected (self->format, format);
}

GbacwExportDialogFormat
gbacw_export_dialog_get_selected (GbacwExportDialog *self)
{
  guint selected;

  g_return_val_if_fail (GBACW_IS_EXPORT_DIALOG (self), GBACW_EXPORT_DIALOG_PNG);
  selected = gtk_drop_down_get_selected (self->format);
  return selected <= GBACW_EXPORT_DIALOG_VMOD ? (GbacwExportDialogFormat) selected : GBACW_EXPORT_DIALOG_PNG;
}

/* The file name extension of each of the dialog's formats. */
static const char *
format_extension (GbacwExportDialogFormat format)
{
  static const char *extensions[] = { "png", "svg", "pdf", "tmx", "vmod" };

  return extensions[format];
}

static void
save_preferences (GbacwExportDialog *self)
{
  GSettings *settings = gbacw_window_state_get_settings ();

  if (settings == NULL)
    return;
  g_settings_set_enum (settings, "export-paper", (int) gtk_drop_down_get_selected (self->paper));
  g_settings_set_double (settings, "export-hex-size", gtk_spin_button_get_value (self->hex_mm));
  g_settings_set_double (settings, "export-overlap", gtk_spin_button_get_value (self->overlap));
  g_settings_set_double (settings, "export-zoom", gtk_spin_button_get_value (self->hex_px) / SQRT3);
}

gboolean
gbacw_export_dialog_export_to (GbacwExportDialog  *self,
                               const char         *path,
                               GError            **error)
{
  GbacwExportOptions o;
  GbacwExportDialogFormat selected;
  GtkWindow *parent;
  gboolean done;

  g_return_val_if_fail (GBACW_IS_EXPORT_DIALOG (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->document == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No scenario is open."));
      return FALSE;
    }
  selected = gbacw_export_dialog_get_selected (self);
  gbacw_export_dialog_get_options (self, &o);
  if (o.layers == 0 && selected <= GBACW_EXPORT_DIALOG_PDF)
    {
      g_set_error_literal (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID, _("Choose at least one layer."));
      return FALSE;
    }
  save_preferences (self);
  /* each writes through the safe writer, naming the file in its errors */
  if (selected == GBACW_EXPORT_DIALOG_TMX)
    done = gbacw_export_tmx (gbacw_document_get_scenario (self->document), path, error);
  else if (selected == GBACW_EXPORT_DIALOG_VMOD)
    done = gbacw_export_vmod (gbacw_document_get_scenario (self->document), path, error);
  else
    done = gbacw_map_export (gbacw_document_get_scenario (self->document), &o, path, error);
  if (!done)
    return FALSE;
  /* the dialog closes: the main window says where the map went */
  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  if (GBACW_IS_EDITOR_HOST (parent))
    {
      /* TRANSLATORS: status line after File ▸ Export; %s is the file written */
      g_autofree char *text = g_strdup_printf (_("Map exported to %s"), path);
      gbacw_editor_host_show_status (GBACW_EDITOR_HOST (parent), text);
    }
  return TRUE;
}

static void
show_error (GbacwExportDialog *self,
            const char        *message)
{
  gtk_label_set_text (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

static void
on_chooser_response (GbacwExportDialog *self,
                     int                response,
                     GtkNativeDialog   *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        show_error (self, _("The map can only be exported to a local file."));
      else
        {
          GbacwExportDialogFormat selected = gbacw_export_dialog_get_selected (self);
          g_autofree char *suffix = g_strconcat (".", format_extension (selected), NULL);
          g_autofree char *lower = g_ascii_strdown (path, -1);

          /* The extension says the format: give it the format's if the name has another or none. */
          if ((selected <= GBACW_EXPORT_DIALOG_PDF && !gbacw_export_format_from_path (path, NULL))
              || (selected > GBACW_EXPORT_DIALOG_PDF && !g_str_has_suffix (lower, suffix)))
            {
              char *with = g_strconcat (path, suffix, NULL);
              g_free (path);
              path = with;
            }
          if (gbacw_export_dialog_export_to (self, path, &error))
            gtk_window_destroy (GTK_WINDOW (self));
          else
            show_error (self, error->message);
        }
    }
  g_clear_object (&self->chooser);
}

static void
on_export_clicked (GbacwExportDialog *self)
{
  GtkFileChooserNative *chooser;
  GbacwExportDialogFormat selected = gbacw_export_dialog_get_selected (self);
  const char *extension = format_extension (selected);
  g_autofree char *name = NULL;
  const char *path = self->document ? gbacw_document_get_path (self->document) : NULL;

  chooser = gtk_file_chooser_native_new (selected == GBACW_EXPORT_DIALOG_PDF ? _("Export the Map for Printing")
                                         : selected == GBACW_EXPORT_DIALOG_TMX ? _("Export for Tiled")
                                         : selected == GBACW_EXPORT_DIALOG_VMOD ? _("Export a VASSAL Module")
                                         : _("Export the Map"),
                                         GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  if (path != NULL)
    {
      g_autofree char *base = g_path_get_basename (path);
      char *dot = strrchr (base, '.');

      if (dot != NULL)
        *dot = '\0';
      name = g_strdup_printf ("%s.%s", base, extension);
      gbacw_file_chooser_set_folder_of (GTK_FILE_CHOOSER (chooser), path);
    }
  else
    /* TRANSLATORS: file name offered for an exported map; keep the %s (the extension) */
    name = g_strdup_printf (_("map.%s"), extension);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_chooser_response), self, G_CONNECT_SWAPPED);
  g_clear_object (&self->chooser);
  self->chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->chooser);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_export_dialog_dispose (GObject *object)
{
  GbacwExportDialog *self = GBACW_EXPORT_DIALOG (object);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (self->chooser);
  g_clear_object (&self->chooser);
  g_clear_object (&self->document);
  g_clear_object (&self->image);

  G_OBJECT_CLASS (gbacw_export_dialog_parent_class)->dispose (object);
}

static void
gbacw_export_dialog_class_init (GbacwExportDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = gbacw_export_dialog_dispose;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *
row_label (GtkWidget *grid, int row, const char *mnemonic, GtkWidget *widget)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_grid_attach (GTK_GRID (grid), label, 0, row, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), widget, 1, row, 1, 1);
  return label;
}

static GtkWidget *
summary_label (void)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 44);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
gbacw_export_dialog_init (GbacwExportDialog *self)
{
  const char *formats[] = { _("PNG image"), _("SVG drawing"), _("PDF to print at true size"),
                            _("TMX map for Tiled"), _("VMOD module for VASSAL"), NULL };
  const char *papers[GBACW_N_NAMED_PAPERS + 1] = { NULL };
  GSettings *settings = gbacw_window_state_get_settings ();
  GtkWidget *box, *grid, *flow, *page, *buttons, *button, *label;

  gtk_window_set_title (GTK_WINDOW (self), _("Export the Map"));
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_window_set_resizable (GTK_WINDOW (self), FALSE);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_window_set_child (GTK_WINDOW (self), box);

  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  self->format = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (formats));
  g_signal_connect_swapped (self->format, "notify::selected", G_CALLBACK (update), self);
  row_label (grid, 0, _("_Format"), GTK_WIDGET (self->format));
  gtk_box_append (GTK_BOX (box), grid);

  label = gtk_label_new (_("Layers"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  self->layers_heading = label;
  flow = gtk_grid_new ();
  self->layers_grid = flow;
  gtk_grid_set_column_spacing (GTK_GRID (flow), 12);
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    {
      self->layers[i] = GTK_CHECK_BUTTON (gtk_check_button_new_with_label (layer_title (i)));
      gtk_check_button_set_active (self->layers[i], TRUE);
      gtk_grid_attach (GTK_GRID (flow), GTK_WIDGET (self->layers[i]), i % 2, i / 2, 1, 1);
    }
  gtk_box_append (GTK_BOX (box), flow);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_vhomogeneous (self->stack, FALSE);
  gtk_stack_set_hhomogeneous (self->stack, TRUE);

  /* PNG and SVG */
  page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  self->hex_px = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (4, 800, 1));
  gtk_spin_button_set_value (self->hex_px, round ((settings ? g_settings_get_double (settings, "export-zoom")
                                                            : GBACW_EXPORT_DEFAULT_ZOOM) * SQRT3));
  g_signal_connect_swapped (self->hex_px, "value-changed", G_CALLBACK (update), self);
  row_label (grid, 0, _("_Hex width (pixels)"), GTK_WIDGET (self->hex_px));
  gtk_box_append (GTK_BOX (page), grid);
  self->image_summary = GTK_LABEL (summary_label ());
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->image_summary));
  gtk_stack_add_named (self->stack, page, "image");

  /* PDF */
  page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  /* In GbacwPaper's order, which the settings' enumeration follows. */
  for (guint i = 0; i < GBACW_N_NAMED_PAPERS; i++)
    papers[i] = gbacw_paper_get_display_name ((GbacwPaper) i);
  self->paper = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (papers));
  if (settings != NULL)
    gtk_drop_down_set_selected (self->paper, (guint) g_settings_get_enum (settings, "export-paper"));
  g_signal_connect_swapped (self->paper, "notify::selected", G_CALLBACK (update), self);
  row_label (grid, 0, _("_Paper"), GTK_WIDGET (self->paper));
  self->hex_mm = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (2, 100, 0.5));
  gtk_spin_button_set_digits (self->hex_mm, 1);
  gtk_spin_button_set_value (self->hex_mm, settings ? g_settings_get_double (settings, "export-hex-size")
                                                    : GBACW_EXPORT_DEFAULT_HEX_MM);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->hex_mm), _("Across the flats; SPI’s maps have hexes of about 16 mm"));
  g_signal_connect_swapped (self->hex_mm, "value-changed", G_CALLBACK (update), self);
  row_label (grid, 1, _("Hex _width (mm)"), GTK_WIDGET (self->hex_mm));
  self->overlap = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 60, 1));
  gtk_spin_button_set_value (self->overlap, settings ? g_settings_get_double (settings, "export-overlap")
                                                     : GBACW_EXPORT_DEFAULT_OVERLAP_MM);
  g_signal_connect_swapped (self->overlap, "value-changed", G_CALLBACK (update), self);
  row_label (grid, 2, _("_Overlap (mm)"), GTK_WIDGET (self->overlap));
  gtk_box_append (GTK_BOX (page), grid);
  self->index_page = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("Start with a page showing how the _sheets fit")));
  gtk_check_button_set_active (self->index_page, TRUE);
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->index_page));
  self->pdf_summary = GTK_LABEL (summary_label ());
  gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->pdf_summary));
  gtk_stack_add_named (self->stack, page, "pdf");

  /* TMX and VMOD */
  self->interop_summary = GTK_LABEL (summary_label ());
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->interop_summary), "interop");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));

  label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 44);
  gtk_widget_add_css_class (label, "error");
  gtk_widget_set_visible (label, FALSE);
  self->error_label = GTK_LABEL (label);
  gtk_box_append (GTK_BOX (box), label);

  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_halign (buttons, GTK_ALIGN_END);
  button = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "window.close");
  gtk_box_append (GTK_BOX (buttons), button);
  button = gtk_button_new_with_mnemonic (_("_Export…"));
  gtk_widget_add_css_class (button, "suggested-action");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (on_export_clicked), self);
  gtk_box_append (GTK_BOX (buttons), button);
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_window_set_default_widget (GTK_WINDOW (self), button);
}

GbacwExportDialog *
gbacw_export_dialog_new (GbacwEditorHost      *window,
                         GbacwBackgroundImage *image)
{
  GbacwExportDialog *self;
  guint layers;

  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (window), NULL);
  g_return_val_if_fail (image == NULL || GBACW_IS_BACKGROUND_IMAGE (image), NULL);

  self = g_object_new (GBACW_TYPE_EXPORT_DIALOG, "transient-for", window, NULL);
  g_set_object (&self->document, gbacw_editor_host_get_document (window));
  g_set_object (&self->image, image);
  /* The layers shown on the canvas. */
  layers = gbacw_map_canvas_get_layers (gbacw_editor_host_get_canvas (window));
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    gtk_check_button_set_active (self->layers[i], (layers & (1u << i)) != 0);
  update (self);
  return self;
}
