/* SPDX-License-Identifier: GPL-3.0-or-later */
/* trace-scan.h: scans drawn for test-trace and bench-trace.
 *
 * A scenario with four terrains in patches, and its "scan": drawn with cairo over the grid
 * through a known calibration (turned 1.5 degrees, scaled, shifted), each hex filled with
 * its terrain's colour and texture (woods speckled with trees, towns with dark blocks, swamp
 * with blue dashes), the printed grid lines and hex numbers over it, then a box blur,
 * uneven lighting, a warm colour cast and per-pixel noise.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <math.h>
#include <stdio.h>

#include "gbacw-trace.h"

enum { CLEAR, WOODS, TOWN, SWAMP, N_TERRAINS };
G_GNUC_UNUSED static const char *const terrain_ids[N_TERRAINS] = { "clear", "woods", "town", "swamp" };
static const char *const terrain_fills[N_TERRAINS] = { "#e6ddb8", "#8a9e62", "#c2a595", "#9fb3a4" };

static inline void
add_terrain (GbacwScenario *s, const char *id, const char *fill)
{
  GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);
  t->id = g_strdup (id);
  t->code = g_strndup (id, 1);
  t->name = g_strdup (id);
  t->fill = g_strdup (fill);
  t->pattern = g_strdup ("none");
  t->height = GBACW_UNSET;
  g_ptr_array_add (s->catalogue.hex_terrains, t);
}

/* A columns × rows map with the four terrains, and the terrain each hex really has (in
 * patches, as on a real map: each hex takes its neighbour's terrain half the time). */
static inline GbacwScenario *
make_scenario (int columns, int rows, GRand *rand, int **truth)
{
  GbacwHexGrid grid;
  GbacwScenario *s;
  int n;

  gbacw_hex_grid_init_default (&grid, columns, rows);
  s = gbacw_scenario_new (&grid);
  for (int t = 0; t < N_TERRAINS; t++)
    add_terrain (s, terrain_ids[t], terrain_fills[t]);
  n = gbacw_hex_grid_n_hexes (&grid);
  *truth = g_new (int, n);
  for (int i = 0; i < n; i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (&grid, i);
      if (hex.col > 0 && g_rand_boolean (rand))
        (*truth)[i] = (*truth)[i - 1];
      else if (hex.row > 0 && g_rand_boolean (rand))
        (*truth)[i] = (*truth)[i - columns];
      else
        (*truth)[i] = g_rand_int_range (rand, 0, N_TERRAINS);
    }
  return s;
}

/* The calibration the scan is drawn with: px pixels a hex radius, turned 1.5 degrees. */
static inline void
make_transform (double px, double transform[6])
{
  double a = 1.5 * G_PI / 180;
  transform[0] = px * cos (a);
  transform[1] = px * sin (a);
  transform[2] = -px * sin (a);
  transform[3] = px * cos (a);
  transform[4] = 30;
  transform[5] = 12;
}

static inline void
hex_path (cairo_t *cr, const GbacwHexGrid *grid, GbacwHex hex)
{
  for (int c = 0; c < 6; c++)
    {
      double x, y;
      gbacw_hex_grid_corner (grid, hex, c, &x, &y);
      if (c == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

static inline void
set_hex_colour (cairo_t *cr, const char *fill)
{
  guint r, g, b;
  g_assert_cmpint (sscanf (fill + 1, "%02x%02x%02x", &r, &g, &b), ==, 3);
  cairo_set_source_rgb (cr, r / 255.0, g / 255.0, b / 255.0);
}

/* What scanning does to a printed map (RGB24 surface): noise the amplitude of the per-pixel
 * noise (0-255), blur passes of a 3×3 box blur, lighting uneven (darker toward one corner)
 * and a warm cast. */
static inline void
degrade_scan (cairo_surface_t *surface, double noise, int blur, GRand *rand)
{
  int width = cairo_image_surface_get_width (surface), height = cairo_image_surface_get_height (surface);
  guint8 *data;
  int stride;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int pass = 0; pass < blur; pass++)
    {
      g_autofree guint32 *copy = g_memdup2 (data, (gsize) stride * height);
      for (int y = 1; y + 1 < height; y++)
        for (int x = 1; x + 1 < width; x++)
          {
            guint sum[3] = { 0, 0, 0 };
            for (int dy = -1; dy <= 1; dy++)
              for (int dx = -1; dx <= 1; dx++)
                {
                  guint32 p = copy[(y + dy) * (stride / 4) + x + dx];
                  sum[0] += (p >> 16) & 0xff;
                  sum[1] += (p >> 8) & 0xff;
                  sum[2] += p & 0xff;
                }
            ((guint32 *) (gpointer) data)[y * (stride / 4) + x] = ((sum[0] / 9) << 16) | ((sum[1] / 9) << 8) | (sum[2] / 9);
          }
    }
  for (int y = 0; y < height; y++)
    {
      guint32 *row = (guint32 *) (gpointer) (data + (gsize) y * stride);
      for (int x = 0; x < width; x++)
        {
          double light = 1.04 - 0.12 * ((double) x / width + (double) y / height) / 2;
          double cast[3] = { 1.03, 1.0, 0.94 };
          guint32 out = 0;
          for (int c = 0; c < 3; c++)
            {
              double v = ((row[x] >> (16 - 8 * c)) & 0xff) * light * cast[c] +
                         g_rand_double_range (rand, -noise, noise);
              out |= (guint32) CLAMP ((int) lround (v), 0, 255) << (16 - 8 * c);
            }
          row[x] = out;
        }
    }
  cairo_surface_mark_dirty (surface);
}

/* The scan of s with each hex of the terrain truth gives it, through transform, degraded
 * by degrade_scan (). */
static inline cairo_surface_t *
draw_scan (const GbacwScenario *s, const int *truth, const double transform[6], double noise, int blur, GRand *rand)
{
  const GbacwHexGrid *grid = &s->map->grid;
  double w, h;
  int width, height;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_matrix_t m;

  gbacw_hex_grid_extent (grid, &w, &h);
  width = (int) ceil (transform[0] * w + 60);
  height = (int) ceil (transform[3] * h + transform[1] * w + 40);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.95, 0.93, 0.88);  /* the paper around the map */
  cairo_paint (cr);
  cairo_matrix_init (&m, transform[0], transform[1], transform[2], transform[3], transform[4], transform[5]);
  cairo_set_matrix (cr, &m);

  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (grid, i);
      double cx, cy;

      gbacw_hex_grid_centre (grid, hex, &cx, &cy);
      hex_path (cr, grid, hex);
      set_hex_colour (cr, terrain_fills[truth[i]]);
      cairo_fill_preserve (cr);
      cairo_save (cr);
      cairo_clip (cr);
      switch (truth[i])
        {
        case WOODS:
          /* tree crowns, dark green, scattered */
          cairo_set_source_rgb (cr, 0.25, 0.38, 0.18);
          for (int k = 0; k < 40; k++)
            {
              cairo_arc (cr, cx + g_rand_double_range (rand, -1, 1), cy + g_rand_double_range (rand, -0.9, 0.9),
                         g_rand_double_range (rand, 0.04, 0.09), 0, 2 * G_PI);
              cairo_fill (cr);
            }
          break;
        case TOWN:
          /* buildings: dark blocks */
          cairo_set_source_rgb (cr, 0.2, 0.15, 0.15);
          for (int k = 0; k < 5; k++)
            {
              cairo_rectangle (cr, cx + g_rand_double_range (rand, -0.6, 0.4), cy + g_rand_double_range (rand, -0.4, 0.5),
                               g_rand_double_range (rand, 0.12, 0.25), g_rand_double_range (rand, 0.1, 0.2));
              cairo_fill (cr);
            }
          break;
        case SWAMP:
          /* marsh tufts: short blue dashes */
          cairo_set_source_rgb (cr, 0.3, 0.45, 0.7);
          cairo_set_line_width (cr, 0.03);
          for (int k = 0; k < 14; k++)
            {
              double x = cx + g_rand_double_range (rand, -0.8, 0.6), y = cy + g_rand_double_range (rand, -0.7, 0.7);
              cairo_move_to (cr, x, y);
              cairo_line_to (cr, x + 0.2, y);
              cairo_stroke (cr);
            }
          break;
        default:
          break;
        }
      cairo_restore (cr);
    }
  /* the printed grid and the hex numbers over the terrain */
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_set_line_width (cr, 0.05);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      hex_path (cr, grid, gbacw_hex_grid_hex_at (grid, i));
      cairo_stroke (cr);
    }
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 0.28);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (grid, i);
      g_autofree char *label = gbacw_hex_grid_format_label (grid, hex);
      cairo_text_extents_t ext;
      double cx, cy;

      gbacw_hex_grid_centre (grid, hex, &cx, &cy);
      cairo_text_extents (cr, label, &ext);
      cairo_move_to (cr, cx - ext.width / 2, cy - 0.866 + 0.05 + ext.height);
      cairo_show_text (cr, label);
    }
  cairo_destroy (cr);

  degrade_scan (surface, noise, blur, rand);
  return surface;
}

/* draw_scan () at px pixels a hex radius (make_transform ()), as a background image;
 * transform is set to the calibration. */
static inline GbacwBackgroundImage *
drawn_image (const GbacwScenario *s, const int *truth, double px, double noise, int blur, GRand *rand,
             double transform[6])
{
  cairo_surface_t *surface;
  GbacwBackgroundImage *image;

  make_transform (px, transform);
  surface = draw_scan (s, truth, transform, noise, blur, rand);
  image = gbacw_background_image_new (surface);
  cairo_surface_destroy (surface);
  return image;
}

/* Three sample hexes of each terrain: the first, the middle and the last of it on the map. */
static inline GPtrArray *
make_samples (const GbacwScenario *s, const int *truth)
{
  GPtrArray *samples = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_trace_sample_free);
  int n = gbacw_hex_grid_n_hexes (&s->map->grid);

  for (int t = 0; t < N_TERRAINS; t++)
    {
      g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
      GbacwTraceSample *sample = g_new0 (GbacwTraceSample, 1);
      int pick[3];

      for (int i = 0; i < n; i++)
        if (truth[i] == t)
          g_array_append_val (all, i);
      g_assert_cmpuint (all->len, >=, 3);
      pick[0] = g_array_index (all, int, 0);
      pick[1] = g_array_index (all, int, all->len / 2);
      pick[2] = g_array_index (all, int, all->len - 1);
      sample->terrain = t;
      sample->hexes = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_vals (sample->hexes, pick, 3);
      g_ptr_array_add (samples, sample);
    }
  return samples;
}
