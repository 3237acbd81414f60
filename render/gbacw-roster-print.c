/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-roster-print.c: the order of battle as printed pages. */
#define G_LOG_DOMAIN "gbacw-roster-print"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-roster-print.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-map-export.h"
#include "gbacw-roster-csv.h"

#define MM           (72.0 / 25.4)
#define PAD          3.0    /* points each side of a cell's text, at GBACW_ROSTER_FONT */
#define INDENT       8.0    /* points per level of depth, at GBACW_ROSTER_FONT */
#define LINE         1.45   /* line height over font size */
#define TITLE_FONT   12.0
#define FOOTER_FONT  7.0

/* The printed headings of the export's columns: the order of battle form's labels. */
static const struct {
  const char *column;
  const char *heading;
} headings[] = {
  /* TRANSLATORS: printed roster: the column of the entries' identifiers */
  { "id", N_("Id") },
  { "kind", N_("Kind") },
  { "name", N_("Name") },
  { "commander", N_("Commander") },
  { "independent", N_("Independent") },
  { "strength", N_("Strength") },
  { "morale", N_("Morale") },
  { "dismounted-morale", N_("Dismounted morale") },
  { "weapon", N_("Weapon") },
  { "guns", N_("Guns") },
  { "rounds", N_("Ammunition") },
  { "crew", N_("Crew") },
  { "small-arms", N_("Small-arms boxes") },
  { "artillery-ammo", N_("Artillery boxes") },
  { "wagon-crew", N_("Wagon crew") },
  { "sharpshooter", N_("Sharpshooters") },
  { "horse-artillery", N_("Horse artillery") },
  { "section", N_("Section") },
  { "double-shot", N_("Double canister") },
  { "role", N_("Command") },
  { "rank", N_("Rank") },
  { "er", N_("Effectiveness radius") },
  { "rally", N_("Rally rating") },
  { "dir", N_("Integrity radius") },
  { "cp", N_("Command points") },
  { "bce-day1", N_("BCE limit, day 1") },
  { "bce-day2", N_("BCE limit, day 2") },
  { "bce-vp", N_("BCE victory points") },
  { "momentum", N_("Momentum points") },
  { "vp", N_("Victory points") },
};

typedef struct {
  char *side;       /* NULL: an entry; else a side's heading, this text */
  char **cells;     /* the export's row (borrowed from rows) */
  int depth;
  gboolean formation;  /* set in bold */
} Line;

typedef struct {
  guint column;      /* in the export's row */
  char *head[2];     /* the heading in one or two lines; head[1] may be NULL */
  double width;      /* points at font size 1 */
} Column;

typedef struct {
  guint first, n;    /* of columns: the id column (0) then columns[first .. first + n) */
} Band;

struct _GbacwRosterPages {
  char *title;
  GPtrArray *rows;     /* gbacw_roster_export_rows () */
  GArray *lines;       /* Line */
  GArray *columns;     /* Column: 0 is the id column */
  GArray *bands;       /* Band */
  char **column_names;
  guint n_entries;
  double page_width, page_height;
  gboolean landscape;
  double font;
  int lines_per_page, pages_per_band;
};

/* Unhinted metrics, so that widths scale with the type and a cell measured at one size fits
 * at another, on any surface. */
static void
unhint (cairo_t *cr)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  cairo_set_font_options (cr, options);
  cairo_font_options_destroy (options);
}

static const char *
heading_for (const char *column)
{
  for (guint i = 0; i < G_N_ELEMENTS (headings); i++)
    if (strcmp (headings[i].column, column) == 0)
      return _(headings[i].heading);
  return column;
}

static double
text_width (cairo_t *cr, const char *text, gboolean bold)
{
  cairo_text_extents_t ext;

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 100);
  cairo_text_extents (cr, text, &ext);
  return ext.x_advance / 100;
}

/* A heading of two words or more in two lines, cut at the space nearest its middle. */
static void
split_heading (const char *text, char **head)
{
  const char *best = NULL;
  gsize len = strlen (text);

  for (const char *p = strchr (text, ' '); p != NULL; p = strchr (p + 1, ' '))
    if (best == NULL || fabs ((double) (p - text) - len / 2.0) < fabs ((double) (best - text) - len / 2.0))
      best = p;
  if (best == NULL)
    {
      head[0] = g_strdup (text);
      head[1] = NULL;
      return;
    }
  head[0] = g_strndup (text, (gsize) (best - text));
  head[1] = g_strdup (best + 1);
}

static void
column_clear (gpointer data)
{
  Column *c = data;

  g_free (c->head[0]);
  g_free (c->head[1]);
}

static void
line_clear (gpointer data)
{
  g_free (((Line *) data)->side);
}

void
gbacw_roster_pages_free (GbacwRosterPages *pages)
{
  if (pages == NULL)
    return;
  g_free (pages->title);
  g_clear_pointer (&pages->lines, g_array_unref);
  g_clear_pointer (&pages->rows, g_ptr_array_unref);
  g_clear_pointer (&pages->columns, g_array_unref);
  g_clear_pointer (&pages->bands, g_array_unref);
  g_free (pages->column_names);
  g_free (pages);
}

static const char *
side_name (const GbacwScenario *scenario, const char *id)
{
  for (guint i = 0; i < scenario->oob.sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (scenario->oob.sides, i);
      if (g_strcmp0 (side->id, id) == 0)
        return side->name != NULL && side->name[0] != '\0' ? side->name : side->id;
    }
  return id;
}

static int
find_column (char **header, const char *name)
{
  for (int c = 0; header[c] != NULL; c++)
    if (strcmp (header[c], name) == 0)
      return c;
  g_return_val_if_reached (0);
}

/* The lines (side headings and entries, with their depth) of the export's rows. */
static void
collect_lines (GbacwRosterPages *pages, const GbacwScenario *scenario)
{
  char **header = g_ptr_array_index (pages->rows, 0);
  int c_id = find_column (header, "id"), c_side = find_column (header, "side");
  int c_parent = find_column (header, "parent"), c_kind = find_column (header, "kind");
  static const char *const formation_kinds[] = { "army", "corps", "division", "brigade", "group", NULL };
  g_autoptr(GHashTable) depths = g_hash_table_new (g_str_hash, g_str_equal);
  const char *side = NULL;

  for (guint r = 1; r < pages->rows->len; r++)
    {
      char **cells = g_ptr_array_index (pages->rows, r);
      Line line = { NULL, cells, 0, g_strv_contains (formation_kinds, cells[c_kind]) };

      if (side == NULL || strcmp (side, cells[c_side]) != 0)
        {
          Line heading = { g_strdup (side_name (scenario, cells[c_side])), NULL, 0, FALSE };
          g_array_append_val (pages->lines, heading);
          side = cells[c_side];
        }
      if (cells[c_parent][0] != '\0')
        line.depth = GPOINTER_TO_INT (g_hash_table_lookup (depths, cells[c_parent])) + 1;
      g_hash_table_insert (depths, cells[c_id], GINT_TO_POINTER (line.depth));
      g_array_append_val (pages->lines, line);
      pages->n_entries++;
    }
}

/* The columns printed: the id column first, then those with a value, but side and parent. */
static void
collect_columns (GbacwRosterPages *pages, cairo_t *cr)
{
  char **header = g_ptr_array_index (pages->rows, 0);
  guint c_name = (guint) find_column (header, "name");
  guint n = 0;

  for (guint c = 0; header[c] != NULL; c++)
    {
      gboolean used = strcmp (header[c], "id") == 0 || strcmp (header[c], "kind") == 0 || c == c_name;
      Column column = { c, { NULL, NULL }, 0 };

      if (strcmp (header[c], "side") == 0 || strcmp (header[c], "parent") == 0)
        continue;
      for (guint l = 0; l < pages->lines->len; l++)
        {
          const Line *line = &g_array_index (pages->lines, Line, l);
          double w;

          if (line->cells == NULL)
            continue;
          w = text_width (cr, line->cells[c], line->formation) + (c == c_name ? line->depth * INDENT / GBACW_ROSTER_FONT : 0);
          column.width = MAX (column.width, w);
          used |= line->cells[c][0] != '\0';
        }
      if (!used)
        continue;
      split_heading (heading_for (header[c]), column.head);
      for (int k = 0; k < 2 && column.head[k] != NULL; k++)
        column.width = MAX (column.width, text_width (cr, column.head[k], TRUE));
      column.width += 2 * PAD / GBACW_ROSTER_FONT;
      g_array_append_val (pages->columns, column);
      n++;
    }
  pages->column_names = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    pages->column_names[i] = header[g_array_index (pages->columns, Column, i).column];
}

static double
table_width (const GbacwRosterPages *pages, guint first, guint n)
{
  double w = g_array_index (pages->columns, Column, 0).width;

  for (guint i = first; i < first + n; i++)
    w += g_array_index (pages->columns, Column, i).width;
  return w;
}

GbacwRosterPages *
gbacw_roster_pages_new (const GbacwScenario *scenario,
                        double               paper_width,
                        double               paper_height,
                        GError             **error)
{
  g_autoptr(GbacwRosterPages) pages = g_new0 (GbacwRosterPages, 1);
  cairo_surface_t *surface;
  cairo_t *cr;
  double margin = GBACW_ROSTER_MARGIN_MM * MM, wide, width, body;
  double upright_w = MIN (paper_width, paper_height), upright_h = MAX (paper_width, paper_height);

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(upright_w >= 50 * MM))
    {
      g_set_error_literal (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID,
                   _("The paper must be at least 50 mm wide to print the order of battle on."));
      return NULL;
    }
  pages->rows = gbacw_roster_export_rows (scenario, NULL, error);
  if (pages->rows == NULL)
    return NULL;
  if (pages->rows->len <= 1)
    {
      g_set_error_literal (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID, _("The order of battle has no entries to print."));
      return NULL;
    }
  pages->title = g_strdup (scenario->info.title != NULL && scenario->info.title[0] != '\0' ? scenario->info.title
                                                                                         : _("Untitled scenario"));
  pages->lines = g_array_new (FALSE, TRUE, sizeof (Line));
  g_array_set_clear_func (pages->lines, line_clear);
  pages->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  g_array_set_clear_func (pages->columns, column_clear);
  pages->bands = g_array_new (FALSE, TRUE, sizeof (Band));

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  unhint (cr);
  collect_lines (pages, scenario);
  collect_columns (pages, cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  /* Upright, or turned if the table is wider than the upright page; then smaller type, then
   * bands. */
  wide = table_width (pages, 1, pages->columns->len - 1);
  pages->landscape = wide * GBACW_ROSTER_FONT > upright_w - 2 * margin && upright_h > upright_w;
  pages->page_width = pages->landscape ? upright_h : upright_w;
  pages->page_height = pages->landscape ? upright_w : upright_h;
  width = pages->page_width - 2 * margin;
  pages->font = CLAMP (width / wide, GBACW_ROSTER_MIN_FONT, GBACW_ROSTER_FONT);
  /* No column wider than the page leaves beside the id column (a very long name is
   * shortened with an ellipsis rather than run off the paper). */
  {
    Column *id = &g_array_index (pages->columns, Column, 0);

    id->width = MIN (id->width, width / pages->font / 2);
    for (guint i = 1; i < pages->columns->len; i++)
      {
        Column *column = &g_array_index (pages->columns, Column, i);
        column->width = MIN (column->width, width / pages->font - id->width);
      }
  }
  for (guint first = 1; first < pages->columns->len;)
    {
      Band band = { first, 1 };

      while (first + band.n < pages->columns->len
             && table_width (pages, first, band.n + 1) * pages->font <= width)
        band.n++;
      g_array_append_val (pages->bands, band);
      first += band.n;
    }

  /* Title, the column headings (two lines) and the footer take their share of the page. */
  body = pages->page_height - 2 * margin - TITLE_FONT * 2.2 - 2 * pages->font * LINE - FOOTER_FONT * 2;
  pages->lines_per_page = (int) floor (body / (pages->font * LINE));
  if (pages->lines_per_page < 3)
    {
      g_set_error_literal (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID,
                   _("The paper is too small to print the order of battle on."));
      return NULL;
    }
  pages->pages_per_band = ((int) pages->lines->len + pages->lines_per_page - 1) / pages->lines_per_page;
  return g_steal_pointer (&pages);
}

int
gbacw_roster_pages_get_n_pages (const GbacwRosterPages *pages)
{
  g_return_val_if_fail (pages != NULL, 0);
  return pages->pages_per_band * (int) pages->bands->len;
}

void
gbacw_roster_pages_get_page_size (const GbacwRosterPages *pages, double *width, double *height)
{
  g_return_if_fail (pages != NULL);
  *width = pages->page_width;
  *height = pages->page_height;
}

gboolean
gbacw_roster_pages_get_landscape (const GbacwRosterPages *pages)
{
  g_return_val_if_fail (pages != NULL, FALSE);
  return pages->landscape;
}

double
gbacw_roster_pages_get_font_size (const GbacwRosterPages *pages)
{
  g_return_val_if_fail (pages != NULL, 0);
  return pages->font;
}

int
gbacw_roster_pages_get_n_bands (const GbacwRosterPages *pages)
{
  g_return_val_if_fail (pages != NULL, 0);
  return (int) pages->bands->len;
}

const char *const *
gbacw_roster_pages_get_columns (const GbacwRosterPages *pages)
{
  g_return_val_if_fail (pages != NULL, NULL);
  return (const char *const *) pages->column_names;
}

guint
gbacw_roster_pages_get_n_entries (const GbacwRosterPages *pages)
{
  g_return_val_if_fail (pages != NULL, 0);
  return pages->n_entries;
}

/* text in a cell from x, w wide, on baseline y: shortened with an ellipsis if it does not fit. */
static void
cell_text (cairo_t *cr, const char *text, double x, double y, double w)
{
  cairo_text_extents_t ext;
  g_autofree char *shown = NULL;

  cairo_text_extents (cr, text, &ext);
  /* The widest text of a column is its width: a rounding error is no reason to shorten it. */
  if (ext.x_advance > w + 0.05 && g_utf8_strlen (text, -1) > 1)
    {
      glong n = g_utf8_strlen (text, -1);
      do
        {
          g_autofree char *head = g_utf8_substring (text, 0, --n);
          g_free (shown);
          shown = g_strconcat (head, "…", NULL);
          cairo_text_extents (cr, shown, &ext);
        }
      while (n > 1 && ext.x_advance > w);
      text = shown;
    }
  cairo_move_to (cr, x, y);
  cairo_show_text (cr, text);
}

static void
set_font (cairo_t *cr, double size, gboolean bold)
{
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, size);
}

void
gbacw_roster_pages_draw_page (const GbacwRosterPages *pages,
                              cairo_t                *cr,
                              int                     page)
{
  double margin = GBACW_ROSTER_MARGIN_MM * MM, f, line_h, scale, x, y, table_w;
  const Band *band;
  int first_line, n_pages;
  g_autofree char *footer = NULL;
  guint c_name;

  g_return_if_fail (pages != NULL && cr != NULL);
  n_pages = gbacw_roster_pages_get_n_pages (pages);
  g_return_if_fail (page >= 0 && page < n_pages);

  band = &g_array_index (pages->bands, Band, page / pages->pages_per_band);
  first_line = (page % pages->pages_per_band) * pages->lines_per_page;
  f = pages->font;
  scale = f / GBACW_ROSTER_FONT;
  line_h = f * LINE;
  table_w = table_width (pages, band->first, band->n) * f;
  c_name = (guint) find_column (g_ptr_array_index (pages->rows, 0), "name");

  cairo_save (cr);
  unhint (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  set_font (cr, TITLE_FONT, TRUE);
  cairo_move_to (cr, margin, margin + TITLE_FONT);
  cairo_show_text (cr, pages->title);
  set_font (cr, TITLE_FONT * 0.75, FALSE);
  cairo_show_text (cr, "   ");
  cairo_show_text (cr, _("Order of battle"));
  y = margin + TITLE_FONT * 2.2;

  /* The headings, bottom-aligned in two lines, and a rule under them. */
  set_font (cr, f, TRUE);
  x = margin;
  for (guint i = 0; i <= band->n; i++)
    {
      const Column *column = &g_array_index (pages->columns, Column, i == 0 ? 0 : band->first + i - 1);
      double w = column->width * f;

      if (column->head[1] != NULL)
        {
          cell_text (cr, column->head[0], x + PAD * scale, y + f, w - 2 * PAD * scale);
          cell_text (cr, column->head[1], x + PAD * scale, y + line_h + f, w - 2 * PAD * scale);
        }
      else
        cell_text (cr, column->head[0], x + PAD * scale, y + line_h + f, w - 2 * PAD * scale);
      x += w;
    }
  y += 2 * line_h;
  cairo_set_line_width (cr, 0.8);
  cairo_move_to (cr, margin, y + 0.2 * f);
  cairo_line_to (cr, margin + table_w, y + 0.2 * f);
  cairo_stroke (cr);
  y += 0.3 * f;

  for (int l = first_line; l < first_line + pages->lines_per_page && l < (int) pages->lines->len; l++)
    {
      const Line *line = &g_array_index (pages->lines, Line, l);

      if (line->side != NULL)
        {
          set_font (cr, f * 1.1, TRUE);
          cairo_set_source_rgb (cr, 0.15, 0.15, 0.35);
          cell_text (cr, line->side, margin + PAD * scale, y + f, table_w);
          cairo_set_source_rgb (cr, 0, 0, 0);
          y += line_h;
          continue;
        }
      if (l % 2 == 0)
        {
          cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
          cairo_rectangle (cr, margin, y, table_w, line_h);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 0, 0, 0);
        }
      set_font (cr, f, line->formation);
      x = margin;
      for (guint i = 0; i <= band->n; i++)
        {
          const Column *column = &g_array_index (pages->columns, Column, i == 0 ? 0 : band->first + i - 1);
          double w = column->width * f, indent = column->column == c_name ? line->depth * INDENT * scale : 0;

          cell_text (cr, line->cells[column->column], x + PAD * scale + indent, y + f, w - 2 * PAD * scale - indent);
          x += w;
        }
      y += line_h;
    }

  set_font (cr, FOOTER_FONT, FALSE);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  /* TRANSLATORS: printed roster's footer: the page number and the number of pages */
  footer = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Page %d of %d", "Page %d of %d", n_pages), page + 1, n_pages);
  cairo_move_to (cr, margin, pages->page_height - margin);
  cairo_show_text (cr, footer);
  cairo_restore (cr);
}

static void
draw_roster_page (cairo_t *cr, int page, gpointer data)
{
  gbacw_roster_pages_draw_page (data, cr, page);
}

gboolean
gbacw_roster_pages_export_pdf (const GbacwRosterPages  *pages,
                               const char              *path,
                               GError                 **error)
{
  g_return_val_if_fail (pages != NULL && path != NULL, FALSE);

  return gbacw_export_pdf_pages (path, pages->title, pages->page_width, pages->page_height,
                                 gbacw_roster_pages_get_n_pages (pages), draw_roster_page, (gpointer) pages, error);
}
