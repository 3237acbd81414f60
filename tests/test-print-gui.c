/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-print-gui.c: File ▸ Print (needs a display: run under xvfb-run).
 *
 * Runs the editor's print operation as GTK's "Print to File" does, exporting a PDF file
 * without the dialog, and reads the file back: as many pages as the PDF export's sheet
 * layout gives (the index page and the sheets), each on the layout's paper and turned as
 * it is, and none blank (each page's drawing, inflated, holds the map's paths).
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

int
main (int    argc,
      char **argv)
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run)");
      return 77;
    }
  /* The application class registers the GResource (window template, icons). */
  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));

  g_test_add_func ("/print/to-file", test_print_to_file);
  return g_test_run ();
}
