/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-export.h: the map as a PNG, SVG or printable PDF file.
 *
 * The editor's export dialog and `gbacw render` both call this, so that they draw
 * the same picture. PNG and SVG are one image of the whole map; PDF is the map at
 * its printed size (hexes hex_mm across the flats), tiled over sheets of the chosen
 * paper (A4, Letter, A3, Legal, Tabloid, A5 or any size a print dialog gives) that overlap, with registration marks on the overlaps, crop marks, page labels, a
 * scale bar to check the print, and a first page that shows how the sheets fit.
 */
#pragma once

#include <cairo.h>

#include "gbacw-background-image.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_EXPORT_ERROR (gbacw_export_error_quark ())

typedef enum {
  GBACW_EXPORT_ERROR_FORMAT,     /* the file name's extension is no format we write */
  GBACW_EXPORT_ERROR_TOO_LARGE,  /* the image would exceed cairo's 32767 pixels */
  GBACW_EXPORT_ERROR_WRITE,      /* the file cannot be written */
  GBACW_EXPORT_ERROR_INVALID,    /* an option is out of range */
} GbacwExportError;

GQuark gbacw_export_error_quark (void);

typedef enum {
  GBACW_EXPORT_PNG,
  GBACW_EXPORT_SVG,
  GBACW_EXPORT_PDF,
} GbacwExportFormat;

/* The named papers in the order the export dialog and the settings list them; CUSTOM is a
 * sheet of options->paper_width_mm by paper_height_mm (what a print dialog's page setup may
 * choose). */
typedef enum {
  GBACW_PAPER_A4,
  GBACW_PAPER_LETTER,
  GBACW_PAPER_A3,
  GBACW_PAPER_LEGAL,
  GBACW_PAPER_TABLOID,  /* 11 × 17 inches */
  GBACW_PAPER_A5,
  GBACW_N_NAMED_PAPERS,
  GBACW_PAPER_CUSTOM = GBACW_N_NAMED_PAPERS,
} GbacwPaper;

/* SPI's hexes are 5/8 inch (15.9 mm) across the flats: a 39x48-hex map then fills
 * most of its 22x34 inch sheet. */
#define GBACW_EXPORT_DEFAULT_HEX_MM     16.0
#define GBACW_EXPORT_DEFAULT_OVERLAP_MM 12.0
#define GBACW_EXPORT_DEFAULT_MARGIN_MM  12.0
/* PNG and SVG when neither zoom nor size is given: hex numbers legible. */
#define GBACW_EXPORT_DEFAULT_ZOOM       24.0
#define GBACW_EXPORT_MAX_PIXELS         32767

typedef struct {
  GbacwExportFormat format;
  guint layers;                      /* GbacwLayerBits */
  GbacwBackgroundImage *background;  /* the scan, drawn in the background layer; may be NULL */

  /* PNG and SVG: zoom (pixels per hex radius) if > 0, else size (the longest side in
   * pixels, as tmxrasterizer's --size) if > 0, else GBACW_EXPORT_DEFAULT_ZOOM. */
  double zoom;
  int size;

  /* PDF */
  GbacwPaper paper;
  double paper_width_mm, paper_height_mm;  /* GBACW_PAPER_CUSTOM: the sheet, upright */
  double hex_mm;                     /* across the flats */
  double overlap_mm;                 /* printed twice where two sheets meet */
  double margin_mm;                  /* unprinted border of each sheet; labels go there */
  gboolean index_page;               /* a first page showing how the sheets fit */
} GbacwExportOptions;

/* All layers, PNG, default zoom, A4, default hex size, overlap and margin, index page. */
void     gbacw_export_options_init (GbacwExportOptions *options);

/* From the file name's extension (.png, .svg, .pdf, any case). */
gboolean gbacw_export_format_from_path (const char *path, GbacwExportFormat *format);
/* "a4", "letter", "a3", "legal", "tabloid", "a5" (any case) */
gboolean    gbacw_paper_from_string (const char *name, GbacwPaper *paper);
const char *gbacw_paper_to_string (GbacwPaper paper);
/* A named paper's size, upright. */
void        gbacw_paper_get_size_mm (GbacwPaper paper, double *width, double *height);
/* The name printed on the index page and shown in the export dialog ("A4", "Letter"…). */
const char *gbacw_paper_get_display_name (GbacwPaper paper);
/* The named paper within 2 mm of width × height (either way round), else GBACW_PAPER_CUSTOM. */
GbacwPaper  gbacw_paper_for_size_mm (double width, double height);
/* The options' sheet, upright: the named paper's size, or the custom size. */
void        gbacw_export_options_get_paper_size_mm (const GbacwExportOptions *options, double *width,
                                                    double *height);

/* PNG and SVG: pixels per map unit (hex radius), and the image's size. */
double   gbacw_map_export_get_scale (const GbacwScenario *scenario, const GbacwExportOptions *options);
void     gbacw_map_export_get_image_size (const GbacwScenario *scenario, const GbacwExportOptions *options,
                                          int *width, int *height);

/* PDF: how the map is cut into sheets. */
typedef struct {
  double paper_width, paper_height;  /* points, as the sheet is printed (landscape swaps) */
  gboolean landscape;
  double scale;                      /* points per map unit */
  double map_width, map_height;      /* points */
  double step_x, step_y;             /* points of map from one sheet to the next */
  double sheet_width, sheet_height;  /* points of map each sheet shows: the map spread evenly over the
                                        sheets needed, so that no sheet is a sliver */
  int columns, rows;                 /* sheets */
} GbacwPageLayout;

gboolean gbacw_map_export_get_page_layout (const GbacwScenario *scenario, const GbacwExportOptions *options,
                                           GbacwPageLayout *layout, GError **error);
/* PDF: a label printed in a sheet's margins, as laid out to fit (no two overlap where they
 * fit on the paper at all). Coordinates are points from the map's top left corner on the
 * sheet; the text is drawn from (x, y) on its baseline in a frame rotated by angle about
 * (origin_x, origin_y). */
typedef enum {
  GBACW_SHEET_LABEL_TEXT,
  GBACW_SHEET_LABEL_SCALE_BAR,  /* the 50 mm bar ending at (x, y), text its caption */
} GbacwSheetLabelKind;

typedef struct {
  GbacwSheetLabelKind kind;
  char *text;
  double font_size;
  gboolean bold;
  double origin_x, origin_y, angle;
  double x, y;
  double box_x, box_y, box_width, box_height;  /* its extent on the sheet */
} GbacwSheetLabel;

/* The labels of the sheet in column col, row row (page page of n_pages): title, page
 * number, neighbours, and where there is room the printing notes and the scale bar. */
GArray  *gbacw_map_export_get_sheet_labels (const GbacwScenario *scenario, const GbacwExportOptions *options,
                                            const GbacwPageLayout *layout, int col, int row, int page, int n_pages);

/* Sheets plus the index page. */
int      gbacw_map_export_get_n_pages (const GbacwScenario *scenario, const GbacwExportOptions *options);

/* PDF: draws page page (0-based: the index page first when options->index_page, then the
 * sheets row by row) of layout on cr, whose origin is the paper's top left corner and whose
 * unit is the point. The PDF export and the editor's printing both draw through this, so
 * that they cut the map into the same sheets. */
void     gbacw_map_export_draw_page (cairo_t                  *cr,
                                     const GbacwScenario      *scenario,
                                     const GbacwExportOptions *options,
                                     const GbacwPageLayout    *layout,
                                     int                       page);

/* Writes n_pages pages of width × height points, each drawn by draw_page (its origin the
 * page's top left corner, its unit the point), as the PDF file path (through the safe
 * writer: a failure leaves the old file); title is the document's (may be NULL). The PDF
 * export and the printed roster's both write through this. */
typedef void (*GbacwPdfPageFunc) (cairo_t *cr, int page, gpointer data);

gboolean gbacw_export_pdf_pages (const char       *path,
                                 const char       *title,
                                 double            width,
                                 double            height,
                                 int               n_pages,
                                 GbacwPdfPageFunc  draw_page,
                                 gpointer          data,
                                 GError          **error);

/* Writes the map to path in options->format. */
gboolean gbacw_map_export (const GbacwScenario      *scenario,
                           const GbacwExportOptions *options,
                           const char               *path,
                           GError                  **error);

G_END_DECLS
