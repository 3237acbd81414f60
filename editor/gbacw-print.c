/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-print.c: printing the map as the PDF export's true-scale sheets, or the order of
 * battle as the roster export has it. */
#define G_LOG_DOMAIN "gbacw-print"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-map-canvas.h"
#include "gbacw-map-export.h"
#include "gbacw-print.h"
#include "gbacw-roster-print.h"

/* What the last print chose (printer, copies, paper, hex size), for the next one. */
static GtkPrintSettings *last_settings;
static GtkPageSetup *last_page_setup;
static double last_hex_mm = GBACW_EXPORT_DEFAULT_HEX_MM;
static gboolean last_index_page = TRUE;
static GbacwPrintContent last_content = GBACW_PRINT_MAP;

typedef struct {
  GbacwDocument *document;
  GbacwPrintContent content;
  GbacwExportOptions options;
  GbacwPageLayout layout;
  GbacwRosterPages *roster;
  GtkPaperSize *paper;          /* the sheet as the page setup chose it */
  GError *error;

  /* While the dialog or the preview runs on after gbacw_print_map () returned: the window
   * to tell of an error, and a reference on the operation until "done". */
  GbacwEditorHost *host;
  gboolean holding;

  /* the "Map" tab */
  GtkCheckButton *map_check, *roster_check;
  GtkSpinButton *hex_mm_spin;
  GtkCheckButton *index_check;
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  if (job->host != NULL)
    g_object_remove_weak_pointer (G_OBJECT (job->host), (gpointer *) &job->host);
  g_clear_object (&job->document);
  g_clear_object (&job->options.background);
  g_clear_pointer (&job->roster, gbacw_roster_pages_free);
  g_clear_pointer (&job->paper, gtk_paper_size_free);
  g_clear_error (&job->error);
  g_free (job);
}

/* ---------------------------------------------------------------- preview */

/* The print dialog's Preview, in a window of its own: GTK's default runs an external
 * viewer that may not be installed. */
typedef struct {
  GtkPrintOperation *operation;
  GtkPrintOperationPreview *preview;
  GtkPrintContext *context;
  PrintJob *job;
  GtkWidget *window, *area, *page_label, *back, *forward;
  int page, n_pages;
} Preview;

static void
preview_free (Preview *p)
{
  gtk_print_operation_preview_end_preview (p->preview);
  g_clear_object (&p->context);
  g_clear_object (&p->preview);
  g_clear_object (&p->operation);
  g_free (p);
}

static void
preview_update (Preview *p)
{
  g_autofree char *text = NULL;

  /* TRANSLATORS: print preview: the page shown and the number of pages */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Page %d of %d", "Page %d of %d", p->n_pages),
                          p->page + 1, p->n_pages);
  gtk_label_set_text (GTK_LABEL (p->page_label), p->n_pages > 0 ? text : "");
  gtk_widget_set_sensitive (p->back, p->page > 0);
  gtk_widget_set_sensitive (p->forward, p->page + 1 < p->n_pages);
  gtk_widget_queue_draw (p->area);
}

/* The page as a sheet of paper on a grey desk, scaled to fit. */
static void
preview_draw (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        data)
{
  Preview *p = data;
  double pw, ph, scale;

  cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
  cairo_paint (cr);
  if (p->n_pages <= 0 || p->page >= p->n_pages || p->job->paper == NULL)
    return;
  /* GTK turns a landscape page onto the sheet as the printer takes it: the sheet is the
   * paper upright. */
  pw = gtk_paper_size_get_width (p->job->paper, GTK_UNIT_POINTS);
  ph = gtk_paper_size_get_height (p->job->paper, GTK_UNIT_POINTS);
  scale = MIN ((width - 24) / pw, (height - 24) / ph);
  if (scale <= 0)
    return;
  cairo_translate (cr, floor ((width - pw * scale) / 2), floor ((height - ph * scale) / 2));
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, pw * scale, ph * scale);
  cairo_fill (cr);
  gtk_print_context_set_cairo_context (p->context, cr, 72 * scale, 72 * scale);
  gtk_print_operation_preview_render_page (p->preview, p->page);
}

static void
preview_ready (GtkPrintOperationPreview *preview,
               GtkPrintContext          *context,
               Preview                  *p)
{
  g_object_get (p->operation, "n-pages", &p->n_pages, NULL);
  p->page = 0;
  preview_update (p);
}

static void
preview_step (GtkButton *button,
              Preview   *p)
{
  p->page = CLAMP (p->page + (GTK_WIDGET (button) == p->back ? -1 : 1), 0, MAX (p->n_pages - 1, 0));
  preview_update (p);
}

static GtkWidget *
preview_button (const char *icon,
                const char *label,
                Preview    *p)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  g_signal_connect (button, "clicked", G_CALLBACK (preview_step), p);
  return button;
}

static gboolean
on_preview (GtkPrintOperation        *operation,
            GtkPrintOperationPreview *preview,
            GtkPrintContext          *context,
            GtkWindow                *parent,
            PrintJob                 *job)
{
  Preview *p = g_new0 (Preview, 1);
  GtkWidget *header, *box;

  p->operation = g_object_ref (operation);
  p->preview = g_object_ref (preview);
  p->context = g_object_ref (context);
  p->job = job;

  p->window = gtk_window_new ();
  gtk_widget_set_name (p->window, "gbacw-print-preview");
  gtk_window_set_title (GTK_WINDOW (p->window), _("Print Preview"));
  gtk_window_set_default_size (GTK_WINDOW (p->window), 700, 860);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (p->window), parent);
  header = gtk_header_bar_new ();
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (box, "linked");
  p->back = preview_button ("go-previous-symbolic", _("Previous Page"), p);
  p->forward = preview_button ("go-next-symbolic", _("Next Page"), p);
  gtk_box_append (GTK_BOX (box), p->back);
  gtk_box_append (GTK_BOX (box), p->forward);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), box);
  p->page_label = gtk_label_new (NULL);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), p->page_label);
  gtk_window_set_titlebar (GTK_WINDOW (p->window), header);

  p->area = gtk_drawing_area_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (p->area), GTK_ACCESSIBLE_PROPERTY_LABEL, _("The page as printed"),
                                  -1);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (p->area), preview_draw, p, NULL);
  gtk_window_set_child (GTK_WINDOW (p->window), p->area);
  /* The preview ends with its window. */
  g_object_set_data_full (G_OBJECT (p->window), "gbacw-print-preview", p, (GDestroyNotify) preview_free);

  /* Pagination before the first page is drawn wants a context; drawing gives it the area's. */
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
    cairo_t *cr = cairo_create (surface);

    gtk_print_context_set_cairo_context (context, cr, 72, 72);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  g_signal_connect (preview, "ready", G_CALLBACK (preview_ready), p);
  preview_update (p);
  gtk_window_present (GTK_WINDOW (p->window));
  return TRUE;
}

static void
on_begin_print (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (job->document);
  GtkPaperSize *paper = gtk_page_setup_get_paper_size (gtk_print_context_get_page_setup (context));
  double w = gtk_paper_size_get_width (paper, GTK_UNIT_MM), h = gtk_paper_size_get_height (paper, GTK_UNIT_MM);
  int n_pages;

  /* The paper the page setup chose, whatever it is: the sheets are cut to fit it. */
  g_clear_pointer (&job->paper, gtk_paper_size_free);
  job->paper = gtk_paper_size_copy (paper);
  if (job->content == GBACW_PRINT_ROSTER)
    {
      g_clear_pointer (&job->roster, gbacw_roster_pages_free);
      job->roster = gbacw_roster_pages_new (scenario, gtk_paper_size_get_width (paper, GTK_UNIT_POINTS),
                                            gtk_paper_size_get_height (paper, GTK_UNIT_POINTS), &job->error);
      if (job->roster == NULL)
        {
          gtk_print_operation_cancel (operation);
          return;
        }
      n_pages = gbacw_roster_pages_get_n_pages (job->roster);
    }
  else
    {
      job->options.paper = gbacw_paper_for_size_mm (w, h);
      job->options.paper_width_mm = w;
      job->options.paper_height_mm = h;
      if (!gbacw_map_export_get_page_layout (scenario, &job->options, &job->layout, &job->error))
        {
          gtk_print_operation_cancel (operation);
          return;
        }
      n_pages = gbacw_map_export_get_n_pages (scenario, &job->options);
    }
  gtk_print_operation_set_n_pages (operation, n_pages);
}

/* Every page on the chosen paper, turned as the layout turned it. */
static void
on_request_page_setup (GtkPrintOperation *operation,
                       GtkPrintContext   *context,
                       int                page_nr,
                       GtkPageSetup      *setup,
                       PrintJob          *job)
{
  gboolean landscape = job->content == GBACW_PRINT_ROSTER ? job->roster != NULL && gbacw_roster_pages_get_landscape (job->roster)
                                                          : job->layout.landscape;

  if (job->paper != NULL)
    gtk_page_setup_set_paper_size (setup, job->paper);
  gtk_page_setup_set_orientation (setup, landscape ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT);
}

static void
on_draw_page (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              PrintJob          *job)
{
  /* Full page, in points: the origin is the paper's top left corner, as on a PDF sheet. */
  if (job->content == GBACW_PRINT_ROSTER)
    gbacw_roster_pages_draw_page (job->roster, gtk_print_context_get_cairo_context (context), page_nr);
  else
    gbacw_map_export_draw_page (gtk_print_context_get_cairo_context (context),
                                gbacw_document_get_scenario (job->document), &job->options, &job->layout, page_nr);
}

static void
on_content_toggled (GtkCheckButton *button,
                    PrintJob       *job)
{
  gboolean map = gtk_check_button_get_active (job->map_check);

  gtk_widget_set_sensitive (GTK_WIDGET (job->hex_mm_spin), map);
  gtk_widget_set_sensitive (GTK_WIDGET (job->index_check), map);
}

static GObject *
on_create_custom_widget (GtkPrintOperation *operation,
                         PrintJob          *job)
{
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *label, *spin, *check, *map, *roster;

  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_start (grid, 18);
  gtk_widget_set_margin_end (grid, 18);
  gtk_widget_set_margin_top (grid, 18);
  gtk_widget_set_margin_bottom (grid, 18);

  /* What to print: the map's sheets or the order of battle's pages. */
  map = gtk_check_button_new_with_mnemonic (_("The _map at true scale"));
  roster = gtk_check_button_new_with_mnemonic (_("The _order of battle, as the roster export has it"));
  gtk_check_button_set_group (GTK_CHECK_BUTTON (roster), GTK_CHECK_BUTTON (map));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (job->content == GBACW_PRINT_ROSTER ? roster : map), TRUE);
  gtk_grid_attach (GTK_GRID (grid), map, 0, 0, 2, 1);
  gtk_grid_attach (GTK_GRID (grid), roster, 0, 1, 2, 1);

  label = gtk_label_new_with_mnemonic (_("_Hex size across the flats (mm)"));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 24);
  spin = gtk_spin_button_new_with_range (2, 100, 0.1);
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), job->options.hex_mm);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
  gtk_widget_set_tooltip_text (spin, _("SPI’s maps have hexes 16 mm (5/8 inch) across: the map then prints at its "
                                       "true size"));
  gtk_grid_attach (GTK_GRID (grid), label, 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), spin, 1, 2, 1, 1);

  check = gtk_check_button_new_with_mnemonic (_("An _index page showing how the sheets fit"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), job->options.index_page);
  gtk_widget_set_margin_start (check, 24);
  gtk_grid_attach (GTK_GRID (grid), check, 0, 3, 2, 1);

  label = gtk_label_new (_("The map is printed at true size over sheets of the paper chosen in Page Setup, "
                           "overlapping. Print at 100 % (no “fit to page”), then check the 50 mm bar with a "
                           "ruler."));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 50);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_grid_attach (GTK_GRID (grid), label, 0, 4, 2, 1);

  job->map_check = GTK_CHECK_BUTTON (map);
  job->roster_check = GTK_CHECK_BUTTON (roster);
  job->hex_mm_spin = GTK_SPIN_BUTTON (spin);
  job->index_check = GTK_CHECK_BUTTON (check);
  g_signal_connect (map, "toggled", G_CALLBACK (on_content_toggled), job);
  on_content_toggled (job->map_check, job);
  return G_OBJECT (grid);
}

static void
on_custom_widget_apply (GtkPrintOperation *operation,
                        GtkWidget         *widget,
                        PrintJob          *job)
{
  job->content = gtk_check_button_get_active (job->roster_check) ? GBACW_PRINT_ROSTER : GBACW_PRINT_MAP;
  job->options.hex_mm = gtk_spin_button_get_value (job->hex_mm_spin);
  job->options.index_page = gtk_check_button_get_active (job->index_check);
  last_content = job->content;
  last_hex_mm = job->options.hex_mm;
  last_index_page = job->options.index_page;
}

/* The locale's paper. */
static GtkPageSetup *
default_page_setup (void)
{
  GtkPageSetup *setup = gtk_page_setup_new ();
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (NULL);

  gtk_page_setup_set_paper_size (setup, paper);
  return setup;
}

/* The settings of a print that went ahead, for the next one. */
static void
keep_settings (GtkPrintOperation *operation)
{
  g_set_object (&last_settings, gtk_print_operation_get_print_settings (operation));
  g_set_object (&last_page_setup, gtk_print_operation_get_default_page_setup (operation));
}

static void
on_done (GtkPrintOperation       *operation,
         GtkPrintOperationResult  result,
         PrintJob                *job)
{
  g_autoptr(GError) error = NULL;

  if (job->error != NULL)
    error = g_steal_pointer (&job->error);
  else if (result == GTK_PRINT_OPERATION_RESULT_ERROR)
    gtk_print_operation_get_error (operation, &error);
  if (error != NULL && job->host != NULL)
    {
      g_autofree char *message = g_strdup_printf (job->content == GBACW_PRINT_ROSTER
                                                  ? _("The order of battle could not be printed: %s")
                                                  : _("The map could not be printed: %s"), error->message);
      gbacw_editor_host_show_error (job->host, message);
    }
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    keep_settings (operation);
  /* Last: the operation may go, and the job with it. */
  if (job->holding)
    {
      job->holding = FALSE;
      g_object_unref (operation);
    }
}

GtkPrintOperationResult
gbacw_print_map (GbacwEditorHost         *host,
                 GbacwBackgroundImage    *background,
                 GtkPrintOperationAction  action,
                 const char              *export_path,
                 GError                 **error)
{
  return gbacw_print (host, background, last_content, NULL, action, export_path, error);
}

GtkPrintOperationResult
gbacw_print (GbacwEditorHost         *host,
             GbacwBackgroundImage    *background,
             GbacwPrintContent        content,
             GtkPageSetup            *page_setup,
             GtkPrintOperationAction  action,
             const char              *export_path,
             GError                 **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  PrintJob *job;
  GbacwMapCanvas *canvas;
  GtkRoot *root;
  const char *title;
  GtkPrintOperationResult result;

  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (host), GTK_PRINT_OPERATION_RESULT_ERROR);
  g_return_val_if_fail (action != GTK_PRINT_OPERATION_ACTION_EXPORT || export_path != NULL,
                        GTK_PRINT_OPERATION_RESULT_ERROR);
  g_return_val_if_fail (error == NULL || *error == NULL, GTK_PRINT_OPERATION_RESULT_ERROR);

  if (gbacw_editor_host_get_document (host) == NULL)
    {
      g_set_error_literal (error, GTK_PRINT_ERROR, GTK_PRINT_ERROR_GENERAL, _("There is no map to print."));
      return GTK_PRINT_OPERATION_RESULT_ERROR;
    }
  /* The operation holds the job: a preview outlives this call. */
  operation = gtk_print_operation_new ();
  job = g_new0 (PrintJob, 1);
  g_object_set_data_full (G_OBJECT (operation), "gbacw-print-job", job, (GDestroyNotify) print_job_free);
  job->document = g_object_ref (gbacw_editor_host_get_document (host));
  job->content = content;
  gbacw_export_options_init (&job->options);
  job->options.format = GBACW_EXPORT_PDF;
  canvas = gbacw_editor_host_get_canvas (host);
  if (canvas != NULL)
    job->options.layers = gbacw_map_canvas_get_layers (canvas);
  job->options.background = background != NULL ? g_object_ref (background) : NULL;
  job->options.hex_mm = last_hex_mm;
  job->options.index_page = last_index_page;

  title = gbacw_document_get_scenario (job->document)->info.title;
  gtk_print_operation_set_job_name (operation, title != NULL && title[0] != '\0' ? title : _("Map"));
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  /* TRANSLATORS: the print dialog's tab that chooses what to print (the map or the order of battle) */
  gtk_print_operation_set_custom_tab_label (operation, _("Map and Roster"));
  if (last_settings != NULL)
    gtk_print_operation_set_print_settings (operation, last_settings);
  if (last_page_setup == NULL)
    last_page_setup = default_page_setup ();
  gtk_print_operation_set_default_page_setup (operation, page_setup != NULL ? page_setup : last_page_setup);
  if (export_path != NULL)
    gtk_print_operation_set_export_filename (operation, export_path);

  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print), job);
  g_signal_connect (operation, "request-page-setup", G_CALLBACK (on_request_page_setup), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page), job);
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (on_create_custom_widget), job);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (on_custom_widget_apply), job);
  g_signal_connect (operation, "preview", G_CALLBACK (on_preview), job);

  if (action != GTK_PRINT_OPERATION_ACTION_EXPORT)
    {
      /* The dialog and the preview run on in the window's main loop; "done" tells how it went. */
      gtk_print_operation_set_allow_async (operation, TRUE);
      job->host = host;
      g_object_add_weak_pointer (G_OBJECT (host), (gpointer *) &job->host);
      job->holding = TRUE;
      g_object_ref (operation);
      g_signal_connect (operation, "done", G_CALLBACK (on_done), job);
    }

  root = canvas != NULL ? gtk_widget_get_root (GTK_WIDGET (canvas)) : NULL;
  result = gtk_print_operation_run (operation, action, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, error);
  if (result == GTK_PRINT_OPERATION_RESULT_IN_PROGRESS)
    return result;
  if (job->holding)
    {
      /* Finished already, with no "done" to come. */
      job->holding = FALSE;
      g_object_unref (operation);
    }
  if (job->error != NULL)
    {
      /* The layout refused the options (a hex size out of range, a paper too small). */
      g_clear_error (error);
      g_propagate_error (error, g_steal_pointer (&job->error));
      return GTK_PRINT_OPERATION_RESULT_ERROR;
    }
  if (result == GTK_PRINT_OPERATION_RESULT_APPLY)
    keep_settings (operation);
  return result;
}
