/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-print-gui.c: File ▸ Print (needs a display: run under xvfb-run).
 *
 * Runs the editor's print operation as GTK's "Print to File" does, exporting a PDF file
 * without the dialog, and reads the file back: as many pages as the PDF export's sheet
 * layout gives (the index page and the sheets), each on the layout's paper and turned as
 * it is, and none blank (each page's drawing, inflated, holds the map's paths); on A3 and
 * on a custom paper chosen in the page setup, the sheets recut for that paper; the order
 * of battle, chosen in the dialog's "Map and Roster" tab, as the roster's pages; and Ctrl+P's
 * own print dialog, its tab set to the roster and "Print to File" chosen, writing that PDF.
 */
#define G_LOG_DOMAIN "test-print-gui"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "gbacw-application.h"
#include "gbacw-data.h"
#include "gbacw-map-export.h"
#include "gbacw-print.h"
#include "gbacw-roster-print.h"
#include "gbacw-window.h"

static void
iterate_for (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* needle in the first length bytes of haystack, which may hold NUL bytes; NULL if not there. */
static const char *
find (const char *haystack,
      gsize       length,
      const char *needle)
{
  gsize n = strlen (needle);

  for (const char *p = haystack; p + n <= haystack + length; p++)
    {
      p = memchr (p, needle[0], haystack + length - p);
      if (p == NULL || p + n > haystack + length)
        return NULL;
      if (memcmp (p, needle, n) == 0)
        return p;
    }
  return NULL;
}

/* The inflated bytes of stream object number object in pdf. */
static GBytes *
pdf_stream (GBytes *pdf,
            int     object)
{
  gsize size;
  const char *data = g_bytes_get_data (pdf, &size);
  g_autofree char *header = g_strdup_printf ("\n%d 0 obj", object);
  const char *start = find (data, size, header);
  const char *body, *end;
  g_autoptr(GInputStream) raw = NULL;
  g_autoptr(GConverter) zlib = NULL;
  g_autoptr(GInputStream) inflated = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (start);
  body = find (start, size - (start - data), "stream\n");
  g_assert_nonnull (body);
  body += strlen ("stream\n");
  end = find (body, size - (body - data), "endstream");
  g_assert_nonnull (end);
  g_assert_nonnull (find (start, body - start, "/FlateDecode"));

  raw = g_memory_input_stream_new_from_data (body, end - body, NULL);
  zlib = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB));
  inflated = g_converter_input_stream_new (raw, zlib);
  out = g_memory_output_stream_new_resizable ();
  g_output_stream_splice (out, inflated, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

typedef struct {
  double width, height;  /* the MediaBox, points */
  gsize drawing;         /* bytes of drawing operators, the page's own and its forms' */
} PdfPage;

/* The pages of the PDF file that cairo wrote, in order. */
static GArray *
pdf_pages (GBytes *pdf)
{
  gsize size;
  const char *data = g_bytes_get_data (pdf, &size);
  const char *end = data + size;
  GArray *pages = g_array_new (FALSE, TRUE, sizeof (PdfPage));

  for (const char *p = data; (p = find (p, end - p, "/Type /Page")) != NULL; p++)
    {
      PdfPage page = { 0 };
      const char *obj_end, *box, *contents;
      int object;

      if (p[strlen ("/Type /Page")] == 's')
        continue;
      obj_end = find (p, end - p, "endobj");
      g_assert_nonnull (obj_end);
      box = find (p, obj_end - p, "/MediaBox [");
      g_assert_nonnull (box);
      {
        double x0, y0, x1, y1;
        char *q = (char *) box + strlen ("/MediaBox [");
        x0 = g_ascii_strtod (q, &q);
        y0 = g_ascii_strtod (q, &q);
        x1 = g_ascii_strtod (q, &q);
        y1 = g_ascii_strtod (q, &q);
        page.width = x1 - x0;
        page.height = y1 - y0;
      }
      contents = find (p, obj_end - p, "/Contents ");
      g_assert_nonnull (contents);
      object = atoi (contents + strlen ("/Contents "));
      {
        g_autoptr(GBytes) stream = pdf_stream (pdf, object);
        page.drawing = g_bytes_get_size (stream);
        g_test_message ("page %u: %g x %g pt, %" G_GSIZE_FORMAT " bytes of drawing", pages->len + 1, page.width,
                        page.height, page.drawing);
      }
      g_array_append_val (pages, page);
    }
  return pages;
}

/* Prints content of window's document on page_setup's paper to a PDF file, as "Print to
 * File" does, and reads its pages back. */
static GArray *
print_to_pdf (GbacwWindow       *window,
              GbacwPrintContent  content,
              GtkPageSetup      *page_setup)
{
  g_autofree char *dir = g_dir_make_tmp ("test-print-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "print.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GBytes) pdf = NULL;
  GtkPrintOperationResult result;
  GArray *pages;

  result = gbacw_print (GBACW_EDITOR_HOST (window), NULL, content, page_setup, GTK_PRINT_OPERATION_ACTION_EXPORT,
                        path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  mapped = g_mapped_file_new (path, FALSE, &error);
  g_assert_no_error (error);
  pdf = g_mapped_file_get_bytes (mapped);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (pdf, NULL), "%PDF-"));
  pages = pdf_pages (pdf);
  g_unlink (path);
  g_rmdir (dir);
  return pages;
}

static GtkPageSetup *
page_setup_for (GtkPaperSize *paper)
{
  GtkPageSetup *setup = gtk_page_setup_new ();

  gtk_page_setup_set_paper_size (setup, paper);
  return setup;
}

/* The map on paper: the PDF export's layout for that paper, page for page. */
static void
assert_map_pages (const GbacwScenario *scenario,
                  GArray              *pages,
                  GbacwPaper           paper,
                  double               width_mm,
                  double               height_mm)
{
  GbacwExportOptions options;
  GbacwPageLayout layout;

  gbacw_export_options_init (&options);
  options.format = GBACW_EXPORT_PDF;
  options.paper = paper;
  options.paper_width_mm = width_mm;
  options.paper_height_mm = height_mm;
  g_assert_true (gbacw_map_export_get_page_layout (scenario, &options, &layout, NULL));
  g_assert_cmpint (pages->len, ==, gbacw_map_export_get_n_pages (scenario, &options));
  for (guint i = 0; i < pages->len; i++)
    {
      const PdfPage *page = &g_array_index (pages, PdfPage, i);

      g_assert_cmpfloat_with_epsilon (page->width, layout.paper_width, 1);
      g_assert_cmpfloat_with_epsilon (page->height, layout.paper_height, 1);
      g_assert_cmpuint (page->drawing, >, 4000);
    }
}

static GbacwWindow *
open_demo (void)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GFile) file = g_file_new_for_path (demo);
  GbacwWindow *window = gbacw_window_new (NULL);

  g_assert_true (gbacw_window_load_file (window, file));
  gtk_window_present (GTK_WINDOW (window));
  iterate_for (50);
  return window;
}

/* The pages are the export's: its page count, paper and orientation, each with the map. */
static void
test_print_to_file (void)
{
  GbacwWindow *window = open_demo ();
  GbacwDocument *document = gbacw_window_get_document (window);
  const GbacwScenario *scenario = gbacw_document_get_scenario (document);
  g_autofree char *dir = g_dir_make_tmp ("test-print-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "map.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GArray) pages = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  GbacwExportOptions options;
  GbacwPageLayout layout;
  GtkPrintOperationResult result;
  int n_pages;

  result = gbacw_print_map (GBACW_EDITOR_HOST (window), NULL, GTK_PRINT_OPERATION_ACTION_EXPORT, path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);

  /* What the PDF export would make of the same map. */
  gbacw_export_options_init (&options);
  options.format = GBACW_EXPORT_PDF;
  options.paper = GBACW_PAPER_A4;
  {
    g_autoptr(GtkPaperSize) paper = gtk_paper_size_new (NULL);
    if (g_str_equal (gtk_paper_size_get_name (paper), GTK_PAPER_NAME_LETTER))
      options.paper = GBACW_PAPER_LETTER;
  }
  g_assert_true (gbacw_map_export_get_page_layout (scenario, &options, &layout, NULL));
  n_pages = gbacw_map_export_get_n_pages (scenario, &options);
  g_assert_cmpint (n_pages, >=, 2);

  mapped = g_mapped_file_new (path, FALSE, &error);
  g_assert_no_error (error);
  pdf = g_mapped_file_get_bytes (mapped);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (pdf, NULL), "%PDF-"));
  pages = pdf_pages (pdf);
  g_assert_cmpint (pages->len, ==, n_pages);
  for (guint i = 0; i < pages->len; i++)
    {
      const PdfPage *page = &g_array_index (pages, PdfPage, i);

      g_assert_cmpfloat_with_epsilon (page->width, layout.paper_width, 1);
      g_assert_cmpfloat_with_epsilon (page->height, layout.paper_height, 1);
      /* A blank page has a few bytes of drawing; a sheet of the map has its hexes. */
      g_assert_cmpuint (page->drawing, >, 4000);
    }

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (30);
}

/* A3 from the page setup: the sheets are A3 ones, fewer than A4's for the same map. */
static void
test_print_a3 (void)
{
  GbacwWindow *window = open_demo ();
  const GbacwScenario *scenario = gbacw_document_get_scenario (gbacw_window_get_document (window));
  g_autoptr(GtkPaperSize) a3 = gtk_paper_size_new (GTK_PAPER_NAME_A3);
  g_autoptr(GtkPaperSize) a4 = gtk_paper_size_new (GTK_PAPER_NAME_A4);
  g_autoptr(GtkPageSetup) a3_setup = page_setup_for (a3);
  g_autoptr(GtkPageSetup) a4_setup = page_setup_for (a4);
  g_autoptr(GArray) a3_pages = print_to_pdf (window, GBACW_PRINT_MAP, a3_setup);
  g_autoptr(GArray) a4_pages = print_to_pdf (window, GBACW_PRINT_MAP, a4_setup);

  assert_map_pages (scenario, a3_pages, GBACW_PAPER_A3, 0, 0);
  assert_map_pages (scenario, a4_pages, GBACW_PAPER_A4, 0, 0);
  g_assert_cmpfloat_with_epsilon (MIN (g_array_index (a3_pages, PdfPage, 0).width,
                                       g_array_index (a3_pages, PdfPage, 0).height), 841.9, 1);
  g_assert_cmpuint (a3_pages->len, <, a4_pages->len);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (30);
}

/* A paper no export names (a custom size in the page setup): the sheets are that size. */
static void
test_print_custom_paper (void)
{
  GbacwWindow *window = open_demo ();
  const GbacwScenario *scenario = gbacw_document_get_scenario (gbacw_window_get_document (window));
  g_autoptr(GtkPaperSize) paper = gtk_paper_size_new_custom ("gbacw-test", "Test 180 x 250 mm", 180, 250,
                                                              GTK_UNIT_MM);
  g_autoptr(GtkPageSetup) setup = page_setup_for (paper);
  g_autoptr(GArray) pages = print_to_pdf (window, GBACW_PRINT_MAP, setup);
  const PdfPage *first = &g_array_index (pages, PdfPage, 0);

  assert_map_pages (scenario, pages, GBACW_PAPER_CUSTOM, 180, 250);
  g_assert_cmpfloat_with_epsilon (MIN (first->width, first->height), 180 * 72 / 25.4, 1);
  g_assert_cmpfloat_with_epsilon (MAX (first->width, first->height), 250 * 72 / 25.4, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (30);
}

/* The order of battle: the roster's pages on the chosen paper, each with its table. */
static void
test_print_roster (void)
{
  GbacwWindow *window = open_demo ();
  const GbacwScenario *scenario = gbacw_document_get_scenario (gbacw_window_get_document (window));
  g_autoptr(GtkPaperSize) a5 = gtk_paper_size_new (GTK_PAPER_NAME_A5);
  g_autoptr(GtkPageSetup) setup = page_setup_for (a5);
  g_autoptr(GArray) pages = print_to_pdf (window, GBACW_PRINT_ROSTER, setup);
  g_autoptr(GbacwRosterPages) roster = NULL;
  g_autoptr(GError) error = NULL;
  double width, height;

  roster = gbacw_roster_pages_new (scenario, gtk_paper_size_get_width (a5, GTK_UNIT_POINTS),
                                   gtk_paper_size_get_height (a5, GTK_UNIT_POINTS), &error);
  g_assert_no_error (error);
  gbacw_roster_pages_get_page_size (roster, &width, &height);
  g_assert_cmpint (pages->len, ==, gbacw_roster_pages_get_n_pages (roster));
  g_assert_cmpint (pages->len, >=, 1);
  for (guint i = 0; i < pages->len; i++)
    {
      const PdfPage *page = &g_array_index (pages, PdfPage, i);

      g_assert_cmpfloat_with_epsilon (page->width, width, 1);
      g_assert_cmpfloat_with_epsilon (page->height, height, 1);
      /* The title, the headings and the rows' text and shading, not a blank page. */
      g_assert_cmpuint (page->drawing, >, 1500);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (30);
}

static GtkWidget *
find_widget (GtkWidget *root,
             GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_preview (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);
      if (g_str_equal (gtk_widget_get_name (toplevel), "gbacw-print-preview"))
        return toplevel;
    }
  return NULL;
}

/* The colours in the drawing area as GTK draws it: a blank page has two (desk and paper). */
static guint
n_colours (GtkWidget *widget)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  GskRenderNode *node;
  cairo_surface_t *surface;
  cairo_t *cr;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cr = cairo_create (surface);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_clear_pointer (&node, gsk_render_node_unref);
  for (int y = 0; y < h; y += 2)
    for (int x = 0; x < w; x += 2)
      {
        const guint8 *row = cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface);
        g_hash_table_add (colours, GUINT_TO_POINTER (*(const guint32 *) (gconstpointer) (row + 4 * x)));
      }
  cairo_surface_destroy (surface);
  return g_hash_table_size (colours);
}

static void
wait_for_drawn (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;

  while ((gtk_widget_get_width (widget) == 0 || !gtk_widget_get_mapped (widget)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  iterate_for (100);
}

/* The preview window: its pages one by one, each drawn with the map, and the buttons to
 * turn them. */
static void
test_preview (void)
{
  GbacwWindow *window = open_demo ();
  g_autoptr(GError) error = NULL;
  GtkWidget *preview, *area, *header;
  GtkPrintOperationResult result;
  GtkLabel *label;
  GtkButton *buttons[2];
  int n = 0;

  result = gbacw_print_map (GBACW_EDITOR_HOST (window), NULL, GTK_PRINT_OPERATION_ACTION_PREVIEW, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (result, !=, GTK_PRINT_OPERATION_RESULT_ERROR);
  for (int i = 0; i < 200 && (preview = find_preview ()) == NULL; i++)
    iterate_for (10);
  g_assert_nonnull (preview);
  area = find_widget (preview, GTK_TYPE_DRAWING_AREA);
  g_assert_nonnull (area);
  wait_for_drawn (area);

  header = gtk_window_get_titlebar (GTK_WINDOW (preview));
  label = GTK_LABEL (find_widget (header, GTK_TYPE_LABEL));
  /* the page count is set once the pages are paginated, which a loaded machine does late */
  for (int i = 0; i < 3000 && *gtk_label_get_text (label) == '\0'; i++)
    iterate_for (10);
  for (GtkWidget *w = find_widget (header, GTK_TYPE_BUTTON); w != NULL && n < 2; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_BUTTON (w))
      buttons[n++] = GTK_BUTTON (w);
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "Page 1 of 3");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (buttons[0])));
  g_assert_cmpuint (n_colours (area), >, 20);

  g_signal_emit_by_name (buttons[1], "clicked");
  iterate_for (50);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "Page 2 of 3");
  g_assert_cmpuint (n_colours (area), >, 20);
  g_signal_emit_by_name (buttons[1], "clicked");
  iterate_for (50);
  g_assert_cmpstr (gtk_label_get_text (label), ==, "Page 3 of 3");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (buttons[1])));

  gtk_window_destroy (GTK_WINDOW (preview));
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (30);
}

/* A check button below root whose label (with its mnemonic) is label. */
static GtkWidget *
find_check (GtkWidget  *root,
            const char *label)
{
  if (GTK_IS_CHECK_BUTTON (root) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_check (child, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The toplevel of the class type_name (GTK registers the print dialog's class when it makes
 * the first one). */
static GtkWidget *
find_toplevel (const char *type_name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);
      if (g_str_equal (G_OBJECT_TYPE_NAME (toplevel), type_name))
        return toplevel;
    }
  return NULL;
}

/* The name of the printer the print dialog has selected, or NULL. */
static char *
selected_printer (GtkWidget *dialog)
{
  g_autoptr(GObject) printer = NULL;
  char *name = NULL;

  g_object_get (dialog, "selected-printer", &printer, NULL);
  if (printer != NULL)
    g_object_get (printer, "name", &name, NULL);
  return name;
}

/* Ctrl+P as a user does it: the window's print action opens GTK's print dialog; its "Map and
 * Roster" tab is set to the order of battle, the "Print to File" printer chosen with a file
 * name, Print pressed: the file is the roster's pages. */
static void
test_print_dialog_to_file (void)
{
  GbacwWindow *window = open_demo ();
  const GbacwScenario *scenario = gbacw_document_get_scenario (gbacw_window_get_document (window));
  g_autofree char *dir = g_dir_make_tmp ("test-print-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "roster.pdf", NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autoptr(GtkPrintSettings) settings = gtk_print_settings_new ();
  g_autoptr(GtkPageSetup) setup = NULL;
  g_autoptr(GbacwRosterPages) roster = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GArray) pages = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog = NULL, *roster_check;
  GtkPaperSize *paper;
  gint64 end;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.print", NULL);
  for (int i = 0; i < 500 && (dialog = find_toplevel ("GtkPrintUnixDialog")) == NULL; i++)
    iterate_for (10);
  g_assert_nonnull (dialog);
  wait_for_drawn (dialog);

  /* The tab, and in it what to print. */
  roster_check = find_check (dialog, "The _order of battle, as the roster export has it");
  g_assert_nonnull (roster_check);
  g_assert_nonnull (find_check (dialog, "The _map at true scale"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (roster_check), TRUE);

  /* "Print to File", to path, as PDF: the file backend's printer, once it is listed. */
  gtk_print_settings_set_printer (settings, "Print to File");
  gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_URI, uri);
  gtk_print_settings_set (settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf");
  g_object_set (dialog, "print-settings", settings, NULL);
  end = g_get_monotonic_time () + 30 * G_TIME_SPAN_SECOND;
  for (;;)
    {
      g_autofree char *name = selected_printer (dialog);
      if (g_strcmp0 (name, "Print to File") == 0 || g_get_monotonic_time () > end)
        break;
      iterate_for (20);
    }
  {
    g_autofree char *name = selected_printer (dialog);
    g_assert_cmpstr (name, ==, "Print to File");
  }
  g_object_get (dialog, "page-setup", &setup, NULL);
  g_assert_nonnull (setup);
  paper = gtk_page_setup_get_paper_size (setup);
  gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);

  /* The file backend writes the file after the dialog closes. */
  end = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;
  while (g_get_monotonic_time () < end)
    {
      g_autofree char *contents = NULL;
      gsize length = 0;

      if (g_file_get_contents (path, &contents, &length, NULL) && length > 100
          && g_strstr_len (contents + length - MIN (length, 64), MIN (length, 64), "%%EOF") != NULL)
        break;
      iterate_for (50);
    }
  mapped = g_mapped_file_new (path, FALSE, &error);
  g_assert_no_error (error);
  pdf = g_mapped_file_get_bytes (mapped);
  pages = pdf_pages (pdf);
  roster = gbacw_roster_pages_new (scenario, gtk_paper_size_get_width (paper, GTK_UNIT_POINTS),
                                   gtk_paper_size_get_height (paper, GTK_UNIT_POINTS), &error);
  g_assert_no_error (error);
  g_assert_cmpint (pages->len, ==, gbacw_roster_pages_get_n_pages (roster));
  for (guint i = 0; i < pages->len; i++)
    g_assert_cmpuint (g_array_index (pages, PdfPage, i).drawing, >, 1500);

  g_unlink (path);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (30);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run)");
      return 77;
    }
  /* The application class registers the GResource (window template, icons). */
  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));

  g_test_add_func ("/print/to-file", test_print_to_file);
  g_test_add_func ("/print/preview", test_preview);
  g_test_add_func ("/print/a3", test_print_a3);
  g_test_add_func ("/print/custom-paper", test_print_custom_paper);
  g_test_add_func ("/print/roster", test_print_roster);
  g_test_add_func ("/print/dialog-to-file", test_print_dialog_to_file);
  return g_test_run ();
}
