/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-roster-print.h: the order of battle as printed pages.
 *
 * The rows and their order are the roster export's (gbacw_roster_export_rows ()): each side's
 * units without formation, then its formations depth first. Each side starts with its name;
 * an entry's name is indented by its depth below the side, so the parent column is shown by
 * the indent and the side column by the heading. Of the export's other columns those with a
 * value in some row are printed, under their names as the order of battle's form shows them,
 * repeated at the top of every page. The table is laid out on the paper upright, or turned
 * when it is then wider than the upright page; a table still too wide is set smaller (down to
 * GBACW_ROSTER_MIN_FONT points) and, if that is not enough, cut into bands of columns, each
 * repeating the id column, printed one after the other.
 */
#pragma once

#include <cairo.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_ROSTER_FONT      8.0
#define GBACW_ROSTER_MIN_FONT  5.5
#define GBACW_ROSTER_MARGIN_MM 12.0

typedef struct _GbacwRosterPages GbacwRosterPages;

/* Lays out the roster of scenario on paper paper_width × paper_height points (either way
 * round). NULL and a GBACW_EXPORT_ERROR_INVALID if the order of battle is empty or the
 * paper is too small. */
GbacwRosterPages *gbacw_roster_pages_new (const GbacwScenario *scenario, double paper_width, double paper_height,
                                          GError **error);
void              gbacw_roster_pages_free (GbacwRosterPages *pages);

int               gbacw_roster_pages_get_n_pages (const GbacwRosterPages *pages);
/* The page as printed, points (landscape when the table is laid out turned). */
void              gbacw_roster_pages_get_page_size (const GbacwRosterPages *pages, double *width, double *height);
gboolean          gbacw_roster_pages_get_landscape (const GbacwRosterPages *pages);
double            gbacw_roster_pages_get_font_size (const GbacwRosterPages *pages);
/* Bands of columns across (1 when the table fits the page's width). */
int               gbacw_roster_pages_get_n_bands (const GbacwRosterPages *pages);
/* The export's columns printed, in order (NULL-terminated, owned by pages). */
const char *const *gbacw_roster_pages_get_columns (const GbacwRosterPages *pages);
/* Order-of-battle entries printed (the export's rows but its header). */
guint             gbacw_roster_pages_get_n_entries (const GbacwRosterPages *pages);

/* Draws page page (from 0) on cr, whose origin is the page's top left corner and whose unit
 * is the point. */
void              gbacw_roster_pages_draw_page (const GbacwRosterPages *pages, cairo_t *cr, int page);
/* The pages as the PDF file path, written as the PDF export writes (gbacw_export_pdf_pages ()). */
gboolean          gbacw_roster_pages_export_pdf (const GbacwRosterPages *pages, const char *path, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwRosterPages, gbacw_roster_pages_free)

G_END_DECLS
