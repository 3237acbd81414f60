/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-export.c: the map as a PNG, SVG or printable PDF file. */
#define G_LOG_DOMAIN "gbacw-map-export"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-map-export.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "gbacw-map-renderer.h"
#include "gbacw-png-writer.h"

#define MM      (72.0 / 25.4)   /* points per millimetre */
#define SQRT3   1.73205080756887729353

G_DEFINE_QUARK (gbacw-export-error-quark, gbacw_export_error)

void
gbacw_export_options_init (GbacwExportOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->format = GBACW_EXPORT_PNG;
  options->layers = GBACW_LAYER_BIT_ALL;
  options->paper = GBACW_PAPER_A4;
  options->hex_mm = GBACW_EXPORT_DEFAULT_HEX_MM;
  options->overlap_mm = GBACW_EXPORT_DEFAULT_OVERLAP_MM;
  options->margin_mm = GBACW_EXPORT_DEFAULT_MARGIN_MM;
  options->index_page = TRUE;
}

gboolean
gbacw_export_format_from_path (const char        *path,
                               GbacwExportFormat *format)
{
  static const struct { const char *ext; GbacwExportFormat format; } formats[] = {
    { ".png", GBACW_EXPORT_PNG }, { ".svg", GBACW_EXPORT_SVG }, { ".pdf", GBACW_EXPORT_PDF },
  };
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (g_str_has_suffix (lower, formats[i].ext))
      {
        if (format != NULL)
          *format = formats[i].format;
        return TRUE;
      }
  return FALSE;
}

static const struct {
  const char *name;
  const char *display_name;
  double width, height;  /* mm, upright */
} papers[GBACW_N_NAMED_PAPERS] = {
  [GBACW_PAPER_A4] = { "a4", N_("A4"), 210.0, 297.0 },
  [GBACW_PAPER_LETTER] = { "letter", N_("Letter"), 215.9, 279.4 },
  [GBACW_PAPER_A3] = { "a3", N_("A3"), 297.0, 420.0 },
  [GBACW_PAPER_LEGAL] = { "legal", N_("Legal"), 215.9, 355.6 },
  [GBACW_PAPER_TABLOID] = { "tabloid", N_("Tabloid"), 279.4, 431.8 },
  [GBACW_PAPER_A5] = { "a5", N_("A5"), 148.0, 210.0 },
};

gboolean
gbacw_paper_from_string (const char *name,
                         GbacwPaper *paper)
{
  g_return_val_if_fail (name != NULL && paper != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    if (g_ascii_strcasecmp (name, papers[i].name) == 0)
      {
        *paper = (GbacwPaper) i;
        return TRUE;
      }
  return FALSE;
}

const char *
gbacw_paper_to_string (GbacwPaper paper)
{
  return paper < GBACW_N_NAMED_PAPERS ? papers[paper].name : "custom";
}

void
gbacw_paper_get_size_mm (GbacwPaper  paper,
                         double     *width,
                         double     *height)
{
  if (paper >= GBACW_N_NAMED_PAPERS)
    paper = GBACW_PAPER_A4;
  *width = papers[paper].width;
  *height = papers[paper].height;
}

const char *
gbacw_paper_get_display_name (GbacwPaper paper)
{
  return paper < GBACW_N_NAMED_PAPERS ? _(papers[paper].display_name) : _("custom paper");
}

GbacwPaper
gbacw_paper_for_size_mm (double width,
                         double height)
{
  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    if ((fabs (width - papers[i].width) < 2 && fabs (height - papers[i].height) < 2)
        || (fabs (width - papers[i].height) < 2 && fabs (height - papers[i].width) < 2))
      return (GbacwPaper) i;
  return GBACW_PAPER_CUSTOM;
}

void
gbacw_export_options_get_paper_size_mm (const GbacwExportOptions *options,
                                        double                   *width,
                                        double                   *height)
{
  g_return_if_fail (options != NULL && width != NULL && height != NULL);

  if (options->paper == GBACW_PAPER_CUSTOM)
    {
      *width = MIN (options->paper_width_mm, options->paper_height_mm);
      *height = MAX (options->paper_width_mm, options->paper_height_mm);
    }
  else
    gbacw_paper_get_size_mm (options->paper, width, height);
}

/* ---------------------------------------------------------------- PNG and SVG */

double
gbacw_map_export_get_scale (const GbacwScenario      *scenario,
                            const GbacwExportOptions *options)
{
  double w, h;

  g_return_val_if_fail (scenario != NULL && scenario->map != NULL && options != NULL, 1.0);

  if (options->zoom > 0)
    return options->zoom;
  if (options->size > 0)
    {
      gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
      return options->size / MAX (w, h);
    }
  return GBACW_EXPORT_DEFAULT_ZOOM;
}

void
gbacw_map_export_get_image_size (const GbacwScenario      *scenario,
                                 const GbacwExportOptions *options,
                                 int                      *width,
                                 int                      *height)
{
  double scale = gbacw_map_export_get_scale (scenario, options);
  double w, h;

  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  /* A hair under, so that --size N gives exactly N on the longest side. */
  *width = MAX (1, (int) ceil (w * scale - 1e-6));
  *height = MAX (1, (int) ceil (h * scale - 1e-6));
}

static gboolean
check_status (cairo_status_t status,
              const char    *path,
              GError       **error)
{
  g_autofree char *display = NULL;

  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  display = g_filename_display_name (path);
  g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_WRITE, _("%s: could not draw the map (%s)"), display,
               cairo_status_to_string (status));
  return FALSE;
}

/* The safe writer's errors name the file and say what to do; the domain is this module's. */
static gboolean
export_write_error (GError *local_error, GError **error)
{
  g_set_error_literal (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_WRITE, local_error->message);
  g_error_free (local_error);
  return FALSE;
}

/* The file is drawn into a temporary file beside it (gbacw-safe-write.h). */
static GbacwSafeWriter *
open_output (const char *path, GError **error)
{
  GError *local_error = NULL;
  GbacwSafeWriter *out = gbacw_safe_writer_open (path, GBACW_SAFE_WRITE_NONE, &local_error);

  if (out == NULL)
    export_write_error (local_error, error);
  return out;
}

/* Replaces the file with what was drawn, or leaves it as it was when drawing or writing
 * failed. Call after the surface is destroyed: that may still write. */
static gboolean
finish_output (GbacwSafeWriter *out,
               cairo_status_t   status,
               const char      *path,
               GError         **error)
{
  GError *local_error = NULL;

  /* a failed write is the writer's to report: it knows why */
  if (status != CAIRO_STATUS_SUCCESS && !gbacw_safe_writer_has_failed (out))
    {
      gbacw_safe_writer_abort (out);
      return check_status (status, path, error);
    }
  if (!gbacw_safe_writer_commit (out, &local_error))
    return export_write_error (local_error, error);
  return TRUE;
}

static gboolean
export_image (const GbacwScenario      *scenario,
              const GbacwExportOptions *options,
              const char               *path,
              GError                  **error)
{
  double scale = gbacw_map_export_get_scale (scenario, options);
  GbacwSafeWriter *out;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  int w, h;

  gbacw_map_export_get_image_size (scenario, options, &w, &h);
  if (w > GBACW_EXPORT_MAX_PIXELS || h > GBACW_EXPORT_MAX_PIXELS)
    {
      g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_TOO_LARGE,
                   g_dngettext (GETTEXT_PACKAGE, "The image would be %d × %d pixels; at most %d pixel a side can be written: choose a smaller scale",
                                "The image would be %d × %d pixels; at most %d pixels a side can be written: choose a smaller scale",
                                GBACW_EXPORT_MAX_PIXELS),
                   w, h, GBACW_EXPORT_MAX_PIXELS);
      return FALSE;
    }

  out = open_output (path, error);
  if (out == NULL)
    return FALSE;
  if (options->format == GBACW_EXPORT_SVG)
    surface = cairo_svg_surface_create_for_stream (gbacw_cairo_write_to_safe_writer, out, w, h);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      cr = cairo_create (surface);
      gbacw_map_render_with_background (cr, scenario, options->background, options->layers, scale, NULL);
      status = cairo_status (cr);
      cairo_destroy (cr);
    }
  if (status == CAIRO_STATUS_SUCCESS)
    {
      if (options->format == GBACW_EXPORT_SVG)
        {
          cairo_surface_finish (surface);
          status = cairo_surface_status (surface);
        }
      else
        status = gbacw_png_write_to_stream (surface, 1, gbacw_cairo_write_to_safe_writer, out);
    }
  cairo_surface_destroy (surface);
  return finish_output (out, status, path, error);
}

/* ---------------------------------------------------------------- PDF layout */

static int
sheets_for (double length, double printable, double overlap)
{
  if (length <= printable + 1e-6)
    return 1;
  return (int) ceil ((length - overlap) / (printable - overlap) - 1e-9);
}

/* n sheets over length, each showing the same share of it plus the overlap with the next
 * (at most printable, as sheets_for chose n), rather than full sheets and a sliver. */
static void
spread_sheets (double length, double printable, double overlap, int n, double *step, double *shown)
{
  if (n <= 1)
    {
      *step = printable - overlap;
      *shown = MIN (length, printable);
      return;
    }
  *step = (length - overlap) / n;
  *shown = *step + overlap;
}

gboolean
gbacw_map_export_get_page_layout (const GbacwScenario      *scenario,
                                  const GbacwExportOptions *options,
                                  GbacwPageLayout          *layout,
                                  GError                  **error)
{
  double paper_w, paper_h, mw, mh, margin, overlap;

  g_return_val_if_fail (scenario != NULL && scenario->map != NULL && options != NULL && layout != NULL, FALSE);

  gbacw_export_options_get_paper_size_mm (options, &paper_w, &paper_h);
  if (!(paper_w >= 50 && paper_h <= 2000))
    {
      g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID,
                   _("The paper must be from 50 to 2000 mm on a side, not %g × %g mm"), paper_w, paper_h);
      return FALSE;
    }
  if (!(options->hex_mm >= 2 && options->hex_mm <= 100))
    {
      g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID,
                   _("The hex size must be from 2 to 100 mm, not %g"), options->hex_mm);
      return FALSE;
    }
  if (!(options->margin_mm >= 0 && options->margin_mm <= paper_w / 4))
    {
      g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID,
                   _("The margin must be from 0 to %g mm, not %g"), paper_w / 4, options->margin_mm);
      return FALSE;
    }
  if (!(options->overlap_mm >= 0 && options->overlap_mm <= (paper_w - 2 * options->margin_mm) / 3))
    {
      g_set_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID,
                   _("The overlap must be from 0 to %g mm, not %g"), (paper_w - 2 * options->margin_mm) / 3,
                   options->overlap_mm);
      return FALSE;
    }

  memset (layout, 0, sizeof *layout);
  margin = options->margin_mm * MM;
  overlap = options->overlap_mm * MM;
  /* The hex's radius (a map unit) is its width across the flats over sqrt 3. */
  layout->scale = options->hex_mm / SQRT3 * MM;
  gbacw_hex_grid_extent (&scenario->map->grid, &mw, &mh);
  layout->map_width = mw * layout->scale;
  layout->map_height = mh * layout->scale;

  /* Portrait or landscape, whichever needs fewer sheets (portrait on a tie). */
  for (int landscape = 0; landscape <= 1; landscape++)
    {
      double pw = (landscape ? paper_h : paper_w) * MM, ph = (landscape ? paper_w : paper_h) * MM;
      int cols = sheets_for (layout->map_width, pw - 2 * margin, overlap);
      int rows = sheets_for (layout->map_height, ph - 2 * margin, overlap);

      if (landscape == 0 || cols * rows < layout->columns * layout->rows)
        {
          layout->landscape = landscape;
          layout->paper_width = pw;
          layout->paper_height = ph;
          layout->columns = cols;
          layout->rows = rows;
        }
    }
  spread_sheets (layout->map_width, layout->paper_width - 2 * margin, overlap, layout->columns, &layout->step_x,
                 &layout->sheet_width);
  spread_sheets (layout->map_height, layout->paper_height - 2 * margin, overlap, layout->rows, &layout->step_y,
                 &layout->sheet_height);
  return TRUE;
}

int
gbacw_map_export_get_n_pages (const GbacwScenario      *scenario,
                              const GbacwExportOptions *options)
{
  GbacwPageLayout layout;

  if (!gbacw_map_export_get_page_layout (scenario, options, &layout, NULL))
    return 0;
  return layout.columns * layout.rows + (options->index_page ? 1 : 0);
}

/* ---------------------------------------------------------------- PDF drawing */

/* "A", "B", … "Z", "AA", … */
static char *
row_name (int row)
{
  char buf[8];
  int i = (int) sizeof buf - 1;

  buf[i] = '\0';
  do
    {
      buf[--i] = (char) ('A' + row % 26);
      row = row / 26 - 1;
    }
  while (row >= 0 && i > 0);
  return g_strdup (buf + i);
}

static char *
sheet_name (int column, int row)
{
  g_autofree char *r = row_name (row);
  return g_strdup_printf ("%s%d", r, column + 1);
}

static void
set_font (cairo_t *cr, double size, gboolean bold)
{
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

/* Text at (x, y): align 0 left, 0.5 centred, 1 right of x; y is the baseline. */
static void
text_at (cairo_t *cr, const char *text, double x, double y, double align)
{
  cairo_text_extents_t ext;

  cairo_text_extents (cr, text, &ext);
  cairo_move_to (cr, x - ext.x_advance * align, y);
  cairo_show_text (cr, text);
}

/* A registration mark: a circle and a cross, white under black so that it shows on any map. */
static void
registration_mark (cairo_t *cr, double x, double y)
{
  double r = 2.5 * MM, arm = 4.0 * MM;

  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_move_to (cr, x - arm, y);
      cairo_line_to (cr, x + arm, y);
      cairo_move_to (cr, x, y - arm);
      cairo_line_to (cr, x, y + arm);
      if (pass == 0)
        {
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_set_line_width (cr, 1.6);
        }
      else
        {
          cairo_set_source_rgb (cr, 0, 0, 0);
          cairo_set_line_width (cr, 0.5);
        }
      cairo_stroke (cr);
    }
}

static void
dashed_line (cairo_t *cr, double x0, double y0, double x1, double y1)
{
  static const double dash[] = { 4.0, 3.0 };

  cairo_save (cr);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 1.4);
  cairo_stroke_preserve (cr);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_set_source_rgb (cr, 0.75, 0.05, 0.05);
  cairo_set_line_width (cr, 0.6);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Crop marks at the corners of the printed rectangle, in the margin. */
static void
crop_marks (cairo_t *cr, double w, double h, double margin)
{
  double gap = MIN (1.5 * MM, margin / 4), len = MIN (6 * MM, margin - 2 * gap);

  if (len <= 0)
    return;
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.4);
  for (int i = 0; i < 4; i++)
    {
      double x = (i & 1) ? w : 0, y = (i & 2) ? h : 0;
      double sx = (i & 1) ? 1 : -1, sy = (i & 2) ? 1 : -1;
      cairo_move_to (cr, x + sx * gap, y);
      cairo_line_to (cr, x + sx * (gap + len), y);
      cairo_move_to (cr, x, y + sy * gap);
      cairo_line_to (cr, x, y + sy * (gap + len));
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A bar of 50 mm ending at (x, y), to check that the sheet printed at true size. */
static void
scale_bar (cairo_t *cr, double x, double y, double hex_mm)
{
  double len = 50 * MM, h = 1.6 * MM;
  g_autofree char *label = NULL;

  cairo_save (cr);
  cairo_set_line_width (cr, 0.4);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int i = 0; i < 5; i++)
    {
      cairo_rectangle (cr, x - len + i * len / 5, y - h, len / 5, h);
      if (i % 2 == 0)
        cairo_fill_preserve (cr);
      cairo_stroke (cr);
    }
  set_font (cr, 6.5, FALSE);
  /* TRANSLATORS: under the printed scale bar; %g is the hex size in millimetres */
  label = g_strdup_printf (_("50 mm · hexes %g mm across"), hex_mm);
  text_at (cr, label, x - len / 2, y + 7, 0.5);
  cairo_restore (cr);
}

static const char *
map_title (const GbacwScenario *scenario)
{
  if (scenario->info.title != NULL && scenario->info.title[0] != '\0')
    return scenario->info.title;
  return _("Map");
}

/* ---------------------------------------------------------------- PDF sheet labels */

/* Where sheet (col, row) starts on the map and how much of it it shows, in points. */
static void
sheet_extent (const GbacwPageLayout *layout, int col, int row, double *x0, double *y0, double *width, double *height)
{
  *x0 = col * layout->step_x;
  *y0 = row * layout->step_y;
  *width = MIN (layout->sheet_width, layout->map_width - *x0);
  *height = MIN (layout->sheet_height, layout->map_height - *y0);
}

static void
sheet_label_clear (gpointer data)
{
  GbacwSheetLabel *label = data;
  g_free (label->text);
}

static gboolean
boxes_overlap (const GbacwSheetLabel *a, const GbacwSheetLabel *b)
{
  return a->box_x < b->box_x + b->box_width && b->box_x < a->box_x + a->box_width &&
         a->box_y < b->box_y + b->box_height && b->box_y < a->box_y + a->box_height;
}

static gboolean
overlaps_any (const GArray *labels, const GbacwSheetLabel *label)
{
  for (guint i = 0; i < labels->len; i++)
    if (boxes_overlap (&g_array_index (labels, GbacwSheetLabel, i), label))
      return TRUE;
  return FALSE;
}

typedef struct {
  cairo_t *cr;            /* for measuring text */
  GArray *labels;
  double width;           /* of the map on the sheet */
  double top, bottom;     /* the paper's edges above and below the map, inside a little */
} LabelLayout;

static double
text_width (LabelLayout *l, const char *text, double size, gboolean bold)
{
  cairo_text_extents_t ext;

  set_font (l->cr, size, bold);
  cairo_text_extents (l->cr, text, &ext);
  return ext.x_advance;
}

/* A horizontal label aligned at x (align as text_at), on the first of the lines from
 * baseline y, step apart (up when step < 0), where it overlaps no label placed yet and stays
 * on the paper; FALSE (not placed) if there is none. */
static gboolean
place_text (LabelLayout *l, const char *text, double size, gboolean bold, double x, double align, double y, double step)
{
  GbacwSheetLabel label = { GBACW_SHEET_LABEL_TEXT, NULL, size, bold, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
  double width = text_width (l, text, size, bold);
  double ascent = size * 0.8, descent = size * 0.25;

  label.x = CLAMP (x - width * align, 0, MAX (0, l->width - width));
  for (double baseline = y;; baseline += step)
    {
      label.y = baseline;
      label.box_x = label.x;
      label.box_y = baseline - ascent;
      label.box_width = width;
      label.box_height = ascent + descent;
      if (label.box_y < l->top || label.box_y + label.box_height > l->bottom)
        return FALSE;
      if (!overlaps_any (l->labels, &label))
        break;
      if (step == 0)
        return FALSE;
    }
  label.text = g_strdup (text);
  g_array_append_val (l->labels, label);
  return TRUE;
}

/* A label turned a quarter (angle ±π/2) centred on (ox, oy), in a side margin. */
static void
place_side_text (LabelLayout *l, const char *text, double size, double ox, double oy, double angle)
{
  GbacwSheetLabel label = { GBACW_SHEET_LABEL_TEXT, g_strdup (text), size, TRUE, ox, oy, angle, 0, 0, 0, 0, 0, 0 };
  double width = text_width (l, text, size, TRUE);

  label.x = -width / 2;
  label.y = 0;
  label.box_x = ox - size * 0.8;
  label.box_width = size * 1.6;
  label.box_y = oy - width / 2;
  label.box_height = width;
  g_array_append_val (l->labels, label);
}

/* The words of text in lines no wider than width, in order. */
static GPtrArray *
wrap_words (LabelLayout *l, const char *text, double size, double width)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  GString *line = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *longer = line->len ? g_strdup_printf ("%s %s", line->str, words[i]) : g_strdup (words[i]);
      if (line->len > 0 && text_width (l, longer, size, FALSE) > width)
        {
          g_ptr_array_add (lines, g_strdup (line->str));
          g_string_assign (line, words[i]);
        }
      else
        g_string_assign (line, longer);
    }
  if (line->len)
    g_ptr_array_add (lines, g_strdup (line->str));
  g_string_free (line, TRUE);
  return lines;
}

GArray *
gbacw_map_export_get_sheet_labels (const GbacwScenario      *scenario,
                                   const GbacwExportOptions *options,
                                   const GbacwPageLayout    *layout,
                                   int                       col,
                                   int                       row,
                                   int                       page,
                                   int                       n_pages)
{
  double margin = options->margin_mm * MM, x0, y0, cw, ch, text_y, below;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  LabelLayout l = { cairo_create (surface), g_array_new (FALSE, TRUE, sizeof (GbacwSheetLabel)), 0, 0, 0 };
  g_autofree char *name = sheet_name (col, row);
  g_autofree char *heading = NULL;
  g_autofree char *page_text = NULL;

  g_array_set_clear_func (l.labels, sheet_label_clear);
  sheet_extent (layout, col, row, &x0, &y0, &cw, &ch);
  l.width = cw;
  l.top = -margin + 0.5 * MM;
  l.bottom = ch + margin - 0.5 * MM;
  text_y = -MIN (margin * 0.4, 4 * MM);
  below = ch + MIN (margin * 0.55, 5 * MM);

  /* Above the map: the title at the left, clear of the crop marks, the page number at the
   * right, the sheet above in the middle; each moves a line up where it would overlap. */
  /* TRANSLATORS: printed sheet heading: map title, sheet name such as "B3" */
  heading = g_strdup_printf (_("%s — sheet %s"), map_title (scenario), name);
  if (text_width (&l, heading, 8, TRUE) > cw + margin - 4 * MM || !place_text (&l, heading, 8, TRUE, 3 * MM, 0, text_y, -10))
    place_text (&l, name, 8, TRUE, 3 * MM, 0, text_y, -10);
  /* TRANSLATORS: printed sheet: page number, number of pages */
  page_text = g_strdup_printf (_("page %d of %d"), page, n_pages);
  place_text (&l, page_text, 7, FALSE, cw - 3 * MM, 1, text_y, -10);
  if (row > 0)
    {
      g_autofree char *n = sheet_name (col, row - 1);
      g_autofree char *t = g_strdup_printf ("↑ %s", n);
      place_text (&l, t, 7, TRUE, cw / 2, 0.5, text_y, -10);
    }

  /* Below: the sheet below, then the scale bar at the right and the notes at the left,
   * wrapped to the room there is, as far as they fit. */
  if (row + 1 < layout->rows)
    {
      g_autofree char *n = sheet_name (col, row + 1);
      g_autofree char *t = g_strdup_printf ("↓ %s", n);
      place_text (&l, t, 7, TRUE, cw / 2, 0.5, below, 8);
    }
  if (margin >= 8 * MM)
    {
      /* TRANSLATORS: under the printed scale bar; %g is the hex size in millimetres */
      g_autofree char *caption = g_strdup_printf (_("50 mm · hexes %g mm across"), options->hex_mm);
      GbacwSheetLabel bar = { GBACW_SHEET_LABEL_SCALE_BAR, g_strdup (caption), 6.5, FALSE, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
      double bar_width = MAX (50 * MM, text_width (&l, caption, 6.5, FALSE));
      double notes_width = cw;

      bar.x = MAX (cw, bar_width);
      for (bar.y = ch + margin * 0.45 - 1;; bar.y += 8)
        {
          bar.box_x = bar.x - bar_width;
          bar.box_width = bar_width;
          bar.box_y = bar.y - 1.6 * MM - 0.5;
          bar.box_height = 1.6 * MM + 7 + 6.5 * 0.25 + 0.5;
          if (bar.box_y + bar.box_height > l.bottom)
            {
              g_clear_pointer (&bar.text, g_free);
              break;
            }
          if (!overlaps_any (l.labels, &bar))
            break;
        }
      if (bar.text != NULL)
        {
          g_array_append_val (l.labels, bar);
          if (cw - bar_width - 3 * MM >= 40 * MM)
            notes_width = cw - bar_width - 3 * MM;
        }
      {
        const char *notes[] = {
          _("Print at actual size (100 %, no “fit to page”)."),
          _("Trim the top and left margins; lay each sheet over its neighbour’s dashed line so that "
            "the ⊕ marks coincide."),
        };
        double y = ch + margin * 0.45;
        for (guint n = 0; n < G_N_ELEMENTS (notes); n++)
          {
            g_autoptr(GPtrArray) lines = wrap_words (&l, notes[n], 6, notes_width);
            for (guint i = 0; i < lines->len; i++, y += 7.5)
              {
                const char *line = g_ptr_array_index (lines, i);
                while (y - 6 * 0.8 < l.bottom && !place_text (&l, line, 6, FALSE, 0, 0, y, 0))
                  y += 7.5;
              }
          }
      }
    }

  /* Beside: the sheets to the right and left, turned along the edges. */
  if (col + 1 < layout->columns)
    {
      g_autofree char *n = sheet_name (col + 1, row);
      g_autofree char *t = g_strdup_printf ("%s →", n);
      place_side_text (&l, t, 7, cw + MIN (margin * 0.4, 4 * MM), ch / 2, G_PI / 2);
    }
  if (col > 0)
    {
      g_autofree char *n = sheet_name (col - 1, row);
      g_autofree char *t = g_strdup_printf ("← %s", n);
      place_side_text (&l, t, 7, -MIN (margin * 0.4, 4 * MM), ch / 2, -G_PI / 2);
    }

  cairo_destroy (l.cr);
  cairo_surface_destroy (surface);
  return l.labels;
}

static void
draw_sheet (cairo_t                  *cr,
            const GbacwScenario      *scenario,
            const GbacwExportOptions *options,
            const GbacwPageLayout    *layout,
            int                       col,
            int                       row,
            int                       page,
            int                       n_pages)
{
  double margin = options->margin_mm * MM, overlap = options->overlap_mm * MM;
  double x0, y0, cw, ch;
  cairo_rectangle_t visible;
  g_autoptr(GArray) labels = NULL;

  sheet_extent (layout, col, row, &x0, &y0, &cw, &ch);
  visible = (cairo_rectangle_t) { x0 / layout->scale, y0 / layout->scale, cw / layout->scale, ch / layout->scale };

  cairo_save (cr);
  cairo_translate (cr, margin, margin);

  /* The map. */
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, cw, ch);
  cairo_clip (cr);
  cairo_translate (cr, -x0, -y0);
  gbacw_map_render_with_background (cr, scenario, options->background, options->layers, layout->scale, &visible);
  cairo_restore (cr);

  /* Where the next sheet is laid over this one, and marks that must coincide. */
  if (col + 1 < layout->columns)
    dashed_line (cr, cw - overlap, 0, cw - overlap, ch);
  if (row + 1 < layout->rows)
    dashed_line (cr, 0, ch - overlap, cw, ch - overlap);
  for (int k = 1; k <= 3; k += 2)
    {
      if (col + 1 < layout->columns)
        registration_mark (cr, cw - overlap / 2, ch * k / 4);
      if (col > 0)
        registration_mark (cr, overlap / 2, ch * k / 4);
      if (row + 1 < layout->rows)
        registration_mark (cr, cw * k / 4, ch - overlap / 2);
      if (row > 0)
        registration_mark (cr, cw * k / 4, overlap / 2);
    }
  crop_marks (cr, cw, ch, margin);

  /* Labels in the margins. */
  cairo_set_source_rgb (cr, 0, 0, 0);
  labels = gbacw_map_export_get_sheet_labels (scenario, options, layout, col, row, page, n_pages);
  for (guint i = 0; i < labels->len; i++)
    {
      const GbacwSheetLabel *label = &g_array_index (labels, GbacwSheetLabel, i);

      if (label->kind == GBACW_SHEET_LABEL_SCALE_BAR)
        {
          scale_bar (cr, label->x, label->y, options->hex_mm);
          continue;
        }
      cairo_save (cr);
      cairo_translate (cr, label->origin_x, label->origin_y);
      cairo_rotate (cr, label->angle);
      set_font (cr, label->font_size, label->bold);
      cairo_move_to (cr, label->x, label->y);
      cairo_show_text (cr, label->text);
      cairo_restore (cr);
    }
  cairo_restore (cr);
}

static void
draw_index (cairo_t                  *cr,
            const GbacwScenario      *scenario,
            const GbacwExportOptions *options,
            const GbacwPageLayout    *layout,
            int                       n_pages)
{
  double margin = MAX (options->margin_mm, 10) * MM;
  double pw = layout->paper_width - 2 * margin, ph = layout->paper_height - 2 * margin;
  double top = 26 * MM, fit, ox, oy;
  double paper_w, paper_h, mw, mh;
  g_autofree char *summary = NULL;
  g_autofree char *pages = NULL;
  g_autofree char *sizes = NULL;
  g_autofree char *paper_name = NULL;

  gbacw_export_options_get_paper_size_mm (options, &paper_w, &paper_h);
  gbacw_hex_grid_extent (&scenario->map->grid, &mw, &mh);
  if (options->paper == GBACW_PAPER_CUSTOM)
    /* TRANSLATORS: index page: the paper the sheets are printed on, width × height in mm */
    paper_name = g_strdup_printf (_("%.0f × %.0f mm paper"), paper_w, paper_h);
  else
    paper_name = g_strdup (gbacw_paper_get_display_name (options->paper));

  cairo_save (cr);
  cairo_translate (cr, margin, margin);
  cairo_set_source_rgb (cr, 0, 0, 0);
  set_font (cr, 14, TRUE);
  text_at (cr, map_title (scenario), 0, 14, 0);
  set_font (cr, 8, FALSE);
  /* TRANSLATORS: index page of a printed map: columns, rows, width and height in mm, hex size in mm */
  sizes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Map of %d × %d hex, %.0f × %.0f mm printed with hexes %g mm across the flats.",
                                        "Map of %d × %d hexes, %.0f × %.0f mm printed with hexes %g mm across the flats.",
                                        (gulong) scenario->map->grid.columns * (gulong) scenario->map->grid.rows),
                           scenario->map->grid.columns, scenario->map->grid.rows, layout->map_width / MM,
                           layout->map_height / MM, options->hex_mm);
  text_at (cr, sizes, 0, 14 + 13, 0);
  pages = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d page with this one", "%d pages with this one", n_pages),
                           n_pages);
  /* TRANSLATORS: index page: number of sheets, paper name, columns, rows, orientation, overlap in mm,
   * "N pages with this one" */
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d sheet of %s (%d across, %d down, %s), overlapping by %g mm; %s.",
                                          "%d sheets of %s (%d across, %d down, %s), overlapping by %g mm; %s.",
                                          (gulong) (layout->columns * layout->rows)),
                             layout->columns * layout->rows,
                             paper_name, layout->columns, layout->rows,
                             layout->landscape ? _("landscape") : _("portrait"), options->overlap_mm, pages);
  text_at (cr, summary, 0, 14 + 24, 0);
  text_at (cr, _("Print at actual size (100 %, no “fit to page”), then check the 50 mm bar on a sheet with a ruler."),
           0, 14 + 35, 0);

  /* The whole map, with each sheet's share of it. */
  fit = MIN (pw / layout->map_width, (ph - top - 6 * MM) / layout->map_height);
  ox = (pw - layout->map_width * fit) / 2;
  oy = top + 6 * MM;
  cairo_save (cr);
  cairo_translate (cr, ox, oy);
  cairo_rectangle (cr, 0, 0, layout->map_width * fit, layout->map_height * fit);
  cairo_clip (cr);
  gbacw_map_render_with_background (cr, scenario, options->background, options->layers & ~GBACW_LAYER_BIT_UNITS,
                                    layout->scale * fit, NULL);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_translate (cr, ox, oy);
  cairo_scale (cr, fit, fit);
  for (int row = 0; row < layout->rows; row++)
    for (int col = 0; col < layout->columns; col++)
      {
        g_autofree char *name = sheet_name (col, row);
        double x, y, w, h;

        sheet_extent (layout, col, row, &x, &y, &w, &h);

        cairo_rectangle (cr, x, y, w, h);
        cairo_set_source_rgba (cr, 0.75, 0.05, 0.05, 0.9);
        cairo_save (cr);
        cairo_identity_matrix (cr);
        cairo_set_line_width (cr, 0.8);
        cairo_stroke (cr);
        cairo_restore (cr);

        cairo_save (cr);
        cairo_translate (cr, x + MIN (w, layout->step_x) / 2, y + MIN (h, layout->step_y) / 2);
        cairo_scale (cr, 1 / fit, 1 / fit);
        set_font (cr, 16, TRUE);
        {
          cairo_text_extents_t ext;
          cairo_text_extents (cr, name, &ext);
          cairo_new_path (cr);
          cairo_move_to (cr, -ext.x_advance / 2, ext.height / 2);
          cairo_text_path (cr, name);
        }
        cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
        cairo_set_line_width (cr, 3);
        cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
        cairo_stroke_preserve (cr);
        cairo_set_source_rgb (cr, 0.6, 0.0, 0.0);
        cairo_fill (cr);
        cairo_restore (cr);
      }
  cairo_restore (cr);
  cairo_restore (cr);
}

void
gbacw_map_export_draw_page (cairo_t                  *cr,
                            const GbacwScenario      *scenario,
                            const GbacwExportOptions *options,
                            const GbacwPageLayout    *layout,
                            int                       page)
{
  int n_pages = layout->columns * layout->rows + (options->index_page ? 1 : 0);
  int sheet = page - (options->index_page ? 1 : 0);

  g_return_if_fail (cr != NULL && scenario != NULL && scenario->map != NULL && options != NULL && layout != NULL);
  g_return_if_fail (page >= 0 && page < n_pages);

  if (sheet < 0)
    draw_index (cr, scenario, options, layout, n_pages);
  else
    draw_sheet (cr, scenario, options, layout, sheet % layout->columns, sheet / layout->columns, page + 1, n_pages);
}

gboolean
gbacw_export_pdf_pages (const char       *path,
                        const char       *title,
                        double            width,
                        double            height,
                        int               n_pages,
                        GbacwPdfPageFunc  draw_page,
                        gpointer          data,
                        GError          **error)
{
  GbacwSafeWriter *out;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  g_return_val_if_fail (path != NULL && draw_page != NULL && n_pages >= 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  out = open_output (path, error);
  if (out == NULL)
    return FALSE;
  surface = cairo_pdf_surface_create_for_stream (gbacw_cairo_write_to_safe_writer, out, width, height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      status = cairo_surface_status (surface);
      cairo_surface_destroy (surface);
      return finish_output (out, status, path, error);
    }
  if (title != NULL)
    cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
#ifdef PACKAGE_VERSION
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "gbacw " PACKAGE_VERSION);
#endif

  cr = cairo_create (surface);
  for (int page = 0; page < n_pages; page++)
    {
      cairo_save (cr);
      draw_page (cr, page, data);
      cairo_restore (cr);
      cairo_show_page (cr);
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return finish_output (out, status, path, error);
}

typedef struct {
  const GbacwScenario *scenario;
  const GbacwExportOptions *options;
  const GbacwPageLayout *layout;
} MapPages;

static void
draw_map_page (cairo_t *cr, int page, gpointer data)
{
  const MapPages *m = data;

  gbacw_map_export_draw_page (cr, m->scenario, m->options, m->layout, page);
}

static gboolean
export_pdf (const GbacwScenario      *scenario,
            const GbacwExportOptions *options,
            const char               *path,
            GError                  **error)
{
  GbacwPageLayout layout;
  MapPages pages = { scenario, options, &layout };

  if (!gbacw_map_export_get_page_layout (scenario, options, &layout, error))
    return FALSE;
  return gbacw_export_pdf_pages (path, map_title (scenario), layout.paper_width, layout.paper_height,
                                 layout.columns * layout.rows + (options->index_page ? 1 : 0), draw_map_page, &pages,
                                 error);
}

gboolean
gbacw_map_export (const GbacwScenario      *scenario,
                  const GbacwExportOptions *options,
                  const char               *path,
                  GError                  **error)
{
  gboolean ok;

  g_return_val_if_fail (scenario != NULL && scenario->map != NULL, FALSE);
  g_return_val_if_fail (options != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (options->format == GBACW_EXPORT_PDF)
    ok = export_pdf (scenario, options, path, error);
  else
    ok = export_image (scenario, options, path, error);
  return ok;
}
