/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-path.c: hex outlines and the unpainted-hex hatch as cairo paths. */
#define G_LOG_DOMAIN "gbacw-hex-path"

#include "config.h"

#include <math.h>

#include "gbacw-hex-path.h"

#define SQRT3_2 0.86602540378443864676
/* The hatch's lines: one device pixel wide, this many device pixels apart. */
#define HATCH_SPACING 8
/* Below this many device pixels across, hexes are hatched as bricks. */
#define HATCH_BRICKS_BELOW 20.0

void
gbacw_render_hex_path (cairo_t            *cr,
                       const GbacwHexGrid *grid,
                       int                 hex,
                       double              shrink)
{
  GbacwHex h;
  double cx, cy;

  g_return_if_fail (cr != NULL && grid != NULL);

  if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (grid))
    return;
  h = gbacw_hex_grid_hex_at (grid, hex);
  gbacw_hex_grid_centre (grid, h, &cx, &cy);
  for (int i = 0; i < GBACW_HEX_DIRECTIONS; i++)
    {
      double x, y;
      gbacw_hex_grid_corner (grid, h, i, &x, &y);
      if (shrink != 1)
        {
          x = cx + (x - cx) * shrink;
          y = cy + (y - cy) * shrink;
        }
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

/* A tile of the hatch: one diagonal line across HATCH_SPACING device pixels, in a colour
 * that reads on paper, terrain and scans alike. */
static cairo_pattern_t *
hatch_pattern (double px,
               double alpha)
{
  cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, HATCH_SPACING, HATCH_SPACING);
  cairo_t *cr = cairo_create (tile);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  cairo_set_source_rgba (cr, 0.22, 0.24, 0.32, alpha);
  cairo_set_line_width (cr, 1);
  /* The line and its two halves at the corners, so that the tiles join. */
  cairo_move_to (cr, -1, HATCH_SPACING + 1);
  cairo_line_to (cr, HATCH_SPACING + 1, -1);
  cairo_move_to (cr, -1, 1);
  cairo_line_to (cr, 1, -1);
  cairo_move_to (cr, HATCH_SPACING - 1, HATCH_SPACING + 1);
  cairo_line_to (cr, HATCH_SPACING + 1, HATCH_SPACING - 1);
  cairo_stroke (cr);
  cairo_destroy (cr);

  pattern = cairo_pattern_create_for_surface (tile);
  cairo_surface_destroy (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  /* Pattern space in device pixels, so that the lines stay sharp at every zoom. */
  cairo_matrix_init_scale (&matrix, 1 / px, 1 / px);
  cairo_pattern_set_matrix (pattern, &matrix);
  return pattern;
}

guint
gbacw_render_unpainted_hatch (cairo_t                 *cr,
                              const GbacwScenario     *scenario,
                              const cairo_rectangle_t *visible,
                              double                   px,
                              double                   alpha)
{
  const GbacwHexGrid *grid;
  const guint64 *terrain;
  gboolean flat, bricks;
  GbacwHex a, b;
  int lines, along, l0, l1, p0, p1;
  guint n = 0;

  g_return_val_if_fail (cr != NULL && visible != NULL, 0);

  if (scenario == NULL || scenario->map == NULL || scenario->map->terrain == NULL || px <= 0)
    return 0;
  grid = &scenario->map->grid;
  terrain = scenario->map->terrain;
  flat = grid->orientation == GBACW_GRID_FLAT_COLUMNS;
  bricks = 2 / px < HATCH_BRICKS_BELOW;

  /* The hexes in view, one more all round. */
  a = gbacw_hex_grid_hex_at_point (grid, visible->x, visible->y);
  b = gbacw_hex_grid_hex_at_point (grid, visible->x + visible->width, visible->y + visible->height);
  lines = flat ? grid->columns : grid->rows;
  along = flat ? grid->rows : grid->columns;
  l0 = MAX ((flat ? a.col : a.row) - 1, 0);
  l1 = MIN ((flat ? b.col : b.row) + 1, lines - 1);
  p0 = MAX ((flat ? a.row : a.col) - 1, 0);
  p1 = MIN ((flat ? b.row : b.col) + 1, along - 1);

  cairo_save (cr);
  cairo_new_path (cr);
  for (int line = l0; line <= l1; line++)
    for (int pos = p0; pos <= p1; pos++)
      {
        GbacwHex h = flat ? (GbacwHex) { line, pos } : (GbacwHex) { pos, line };
        int start = pos;
        double x0, y0, x1, y1;

        if (terrain[gbacw_hex_grid_index (grid, h)] != 0)
          continue;
        if (!bricks)
          {
            gbacw_render_hex_path (cr, grid, gbacw_hex_grid_index (grid, h), 1);
            n++;
            continue;
          }
        /* The run of unpainted hexes from here along the line, as one brick. */
        while (pos + 1 <= p1
               && terrain[gbacw_hex_grid_index (grid, flat ? (GbacwHex) { line, pos + 1 }
                                                            : (GbacwHex) { pos + 1, line })] == 0)
          pos++;
        gbacw_hex_grid_centre (grid, flat ? (GbacwHex) { line, start } : (GbacwHex) { start, line }, &x0, &y0);
        gbacw_hex_grid_centre (grid, flat ? (GbacwHex) { line, pos } : (GbacwHex) { pos, line }, &x1, &y1);
        if (flat)
          cairo_rectangle (cr, x0 - 0.75, y0 - SQRT3_2, 1.5, y1 - y0 + 2 * SQRT3_2);
        else
          cairo_rectangle (cr, x0 - SQRT3_2, y0 - 0.75, x1 - x0 + 2 * SQRT3_2, 1.5);
        n += pos - start + 1;
      }
  if (n > 0)
    {
      cairo_pattern_t *pattern = hatch_pattern (px, alpha);
      cairo_set_source (cr, pattern);
      cairo_fill (cr);
      cairo_pattern_destroy (pattern);
    }
  cairo_new_path (cr);
  cairo_restore (cr);
  return n;
}
