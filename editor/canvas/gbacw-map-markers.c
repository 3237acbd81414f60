/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-markers.c: marks on the map at the hexes and hexsides that have findings. */
#define G_LOG_DOMAIN "gbacw-map-markers"

#include "config.h"

#include "gbacw-hex-path.h"
#include "gbacw-map-markers.h"

typedef struct { double r, g, b; } Colour;

/* GNOME palette: blue 3, orange 3, red 3. */
static const Colour level_colours[] = {
  [GBACW_MAP_MARKER_INFO] = { 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0 },
  [GBACW_MAP_MARKER_WARNING] = { 0xff / 255.0, 0x78 / 255.0, 0x00 / 255.0 },
  [GBACW_MAP_MARKER_ERROR] = { 0xe0 / 255.0, 0x1b / 255.0, 0x24 / 255.0 },
};

static const Colour highlight_colour = { 0x1c / 255.0, 0x71 / 255.0, 0xd8 / 255.0 };

static void
set_colour (cairo_t      *cr,
            const Colour *colour,
            double        alpha)
{
  cairo_set_source_rgba (cr, colour->r, colour->g, colour->b, alpha);
}

/* The part of hexside direction of hex between fractions t0 and t1 of its length. */
static void
hexside_path (cairo_t            *cr,
              const GbacwHexGrid *grid,
              GbacwHex            hex,
              int                 direction,
              double              t0,
              double              t1)
{
  double x0, y0, x1, y1;

  gbacw_hex_grid_corner (grid, hex, direction, &x0, &y0);
  gbacw_hex_grid_corner (grid, hex, (direction + 1) % GBACW_HEX_DIRECTIONS, &x1, &y1);
  cairo_move_to (cr, x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0);
  cairo_line_to (cr, x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1);
}

/* A round badge with "!" (warnings and errors) or "i" (infos) drawn in white. */
static void
draw_badge (cairo_t             *cr,
            double               x,
            double               y,
            double               r,
            GbacwMapMarkerLevel  level,
            double               px)
{
  cairo_new_path (cr);
  cairo_arc (cr, x, y, r + 1.5 * px, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
  cairo_fill (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  set_colour (cr, &level_colours[level], 1);
  cairo_fill (cr);

  /* The glyph only where it can be read. */
  if (r < 5 * px)
    return;
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 0.26 * r);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (level == GBACW_MAP_MARKER_INFO)
    {
      cairo_move_to (cr, x, y - 0.05 * r);
      cairo_line_to (cr, x, y + 0.5 * r);
      cairo_stroke (cr);
      cairo_arc (cr, x, y - 0.5 * r, 0.16 * r, 0, 2 * G_PI);
    }
  else
    {
      cairo_move_to (cr, x, y - 0.55 * r);
      cairo_line_to (cr, x, y + 0.12 * r);
      cairo_stroke (cr);
      cairo_arc (cr, x, y + 0.52 * r, 0.16 * r, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

static void
draw_hex_marker (cairo_t            *cr,
                 const GbacwHexGrid *grid,
                 GbacwHex            hex,
                 GbacwMapMarkerLevel level,
                 double              px)
{
  double cx, cy, r = CLAMP (0.2, 4 * px, 8 * px);

  gbacw_hex_grid_centre (grid, hex, &cx, &cy);
  /* Hexes under about 20 pixels across get the badge alone, at their centre. */
  if (px > 0.1)
    {
      draw_badge (cr, cx, cy, MAX (r, 3 * px), level, px);
      return;
    }

  cairo_new_path (cr);
  gbacw_render_hex_path (cr, grid, gbacw_hex_grid_index (grid, hex), 1 - 2.5 * px);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  set_colour (cr, &level_colours[level], 0.9);
  cairo_set_line_width (cr, 3 * px);
  cairo_stroke (cr);

  /* Right of the middle, below the hex number (up to 0.33 either side of the centre
   * and down to about 0.55 above it, flat; 0.2 above it, pointy) and inside the hex. */
  if (grid->orientation == GBACW_GRID_FLAT_COLUMNS)
    draw_badge (cr, cx + 0.58, cy - 0.3, r, level, px);
  else
    draw_badge (cr, cx + 0.6, cy - 0.05, r, level, px);
}

static void
draw_hexside_marker (cairo_t            *cr,
                     const GbacwHexGrid *grid,
                     GbacwHex            hex,
                     int                 direction,
                     GbacwMapMarkerLevel level,
                     double              px)
{
  double x0, y0, x1, y1;

  cairo_new_path (cr);
  hexside_path (cr, grid, hex, direction, 0.15, 0.85);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, 7 * px);
  cairo_stroke_preserve (cr);
  set_colour (cr, &level_colours[level], 1);
  cairo_set_line_width (cr, 4 * px);
  cairo_stroke (cr);

  gbacw_hex_grid_corner (grid, hex, direction, &x0, &y0);
  gbacw_hex_grid_corner (grid, hex, (direction + 1) % GBACW_HEX_DIRECTIONS, &x1, &y1);
  draw_badge (cr, (x0 + x1) / 2, (y0 + y1) / 2, CLAMP (0.15, 3 * px, 6 * px), level, px);
}

void
gbacw_map_markers_draw (cairo_t                 *cr,
                        const GbacwHexGrid      *grid,
                        const GbacwMapMarker    *markers,
                        guint                    n_markers,
                        const cairo_rectangle_t *visible,
                        double                   px)
{
  int n_hexes;

  g_return_if_fail (cr != NULL && grid != NULL);
  g_return_if_fail (markers != NULL || n_markers == 0);

  n_hexes = gbacw_hex_grid_n_hexes (grid);
  cairo_save (cr);
  /* Errors over warnings over infos where marks overlap. */
  for (int level = GBACW_MAP_MARKER_INFO; level <= GBACW_MAP_MARKER_ERROR; level++)
    for (guint i = 0; i < n_markers; i++)
      {
        const GbacwMapMarker *m = &markers[i];
        GbacwHex hex;
        double cx, cy;

        if ((int) m->level != level || m->hex < 0 || m->hex >= n_hexes || m->direction >= GBACW_HEX_DIRECTIONS)
          continue;
        hex = gbacw_hex_grid_hex_at (grid, m->hex);
        gbacw_hex_grid_centre (grid, hex, &cx, &cy);
        /* A hex and its badge lie within 1.2 of its centre. */
        if (visible != NULL
            && (cx < visible->x - 1.2 || cx > visible->x + visible->width + 1.2
                || cy < visible->y - 1.2 || cy > visible->y + visible->height + 1.2))
          continue;
        if (m->direction < 0)
          draw_hex_marker (cr, grid, hex, m->level, px);
        else
          draw_hexside_marker (cr, grid, hex, m->direction, m->level, px);
      }
  cairo_restore (cr);
}

void
gbacw_map_markers_draw_highlight (cairo_t            *cr,
                                  const GbacwHexGrid *grid,
                                  int                 hex_index,
                                  int                 direction,
                                  double              px)
{
  GbacwHex hex;

  g_return_if_fail (cr != NULL && grid != NULL);

  if (hex_index < 0 || hex_index >= gbacw_hex_grid_n_hexes (grid) || direction >= GBACW_HEX_DIRECTIONS)
    return;
  hex = gbacw_hex_grid_hex_at (grid, hex_index);

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (direction < 0)
    {
      gbacw_render_hex_path (cr, grid, hex_index, 1);
      set_colour (cr, &highlight_colour, 0.18);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
      cairo_set_line_width (cr, 7 * px);
      cairo_stroke_preserve (cr);
      set_colour (cr, &highlight_colour, 1);
      cairo_set_line_width (cr, 4 * px);
      cairo_stroke (cr);
    }
  else
    {
      hexside_path (cr, grid, hex, direction, 0, 1);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.95);
      cairo_set_line_width (cr, 11 * px);
      cairo_stroke_preserve (cr);
      set_colour (cr, &highlight_colour, 1);
      cairo_set_line_width (cr, 6 * px);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}
