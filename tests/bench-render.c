/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-render.c: how fast the map renderer draws, against the targets.
 *
 *  - a 200x200-hex generated map, all layers, whole map into 1920x1080: >= 30 fps
 *  - a 40x48 map (an SPI map's size), same: >= 120 fps
 *  - a 5100x3300 scanned background (a 34x22 inch map at 150 dpi, generated here)
 *    under a 40x48 map: one 512x512 canvas tile and one full 1920x1080 window frame
 *    at zooms from the whole map to a hex filling the window, every layer drawn:
 *    a tile under 16 ms (one frame at 60 Hz) and a full frame under 33 ms (30 fps).
 *
 * Prints the figures; exits 1 if a target is missed. GBACW_BENCH_QUICK=1: three
 * shorter runs a figure, limits half the target rates and twice the target times
 * (bench-quick.h).
 */
#define G_LOG_DOMAIN "bench-render"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "gbacw-background-image.h"
#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-map-renderer.h"
#include "gbacw-scenario-io.h"

#include "bench-quick.h"

#define VIEW_W 1920
#define VIEW_H 1080
#define TILE 512
#define SCAN_W 5100
#define SCAN_H 3300

static int misses;

static void
verdict (const char *what, double value, const char *unit, double target, gboolean at_least)
{
  if (!bench_report (what, value, unit, target, at_least))
    misses++;
}

/* Seconds per call of draw, the median of five runs of at least 40 ms each (quick: three
 * of 20 ms). */
typedef void (*DrawFunc) (cairo_t *cr, gpointer data);

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
time_draw (cairo_surface_t *surface, DrawFunc draw, gpointer data)
{
  double runs[5];
  guint n_runs = (guint) bench_runs (G_N_ELEMENTS (runs), 3);
  gint64 run_us = bench_runs (40000, 20000);

  for (int warm = 0; warm < 2; warm++)
    {
      cairo_t *cr = cairo_create (surface);
      draw (cr, data);
      cairo_destroy (cr);
    }
  for (guint r = 0; r < n_runs; r++)
    {
      gint64 start = bench_now_us (), now;
      int n = 0;
      do
        {
          cairo_t *cr = cairo_create (surface);
          draw (cr, data);
          cairo_destroy (cr);
          cairo_surface_flush (surface);
          n++;
          now = bench_now_us ();
        }
      while (now - start < run_us && n < 2000);
      runs[r] = (now - start) / 1e6 / n;
    }
  qsort (runs, n_runs, sizeof runs[0], compare_doubles);
  return runs[n_runs / 2];
}

typedef struct {
  const GbacwScenario *scenario;
  GbacwBackgroundImage *background;
  guint layers;
  double scale;
  double ox, oy;   /* device pixel of the view's top-left, at scale */
  int width, height;
} View;

static void
draw_view (cairo_t *cr, gpointer data)
{
  const View *v = data;
  cairo_rectangle_t visible = { v->ox / v->scale, v->oy / v->scale, v->width / v->scale, v->height / v->scale };

  /* The canvas clears its tile to transparent; the map sheet covers it. */
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_translate (cr, -v->ox, -v->oy);
  gbacw_map_render_with_background (cr, v->scenario, v->background, v->layers, v->scale, &visible);
}

/* The whole map centred in the window. */
static void
whole_map_view (View *v, const GbacwScenario *scenario)
{
  double w, h;

  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  v->scenario = scenario;
  v->width = VIEW_W;
  v->height = VIEW_H;
  v->scale = MIN (VIEW_W / w, VIEW_H / h);
  v->ox = (w * v->scale - VIEW_W) / 2;
  v->oy = (h * v->scale - VIEW_H) / 2;
}

static GbacwScenario *
generate (const GbacwScenario *template_scenario, int columns, int rows, int units)
{
  g_autoptr(GError) error = NULL;
  GbacwScenario *s = gbacw_generate_scenario (template_scenario, columns, rows, units, 1, &error);

  g_assert_no_error (error);
  return s;
}

/* A stand-in for a scanned map: paper, printed-looking hexes and noise, so that the
 * pixels vary as a scan's do. */
static cairo_surface_t *
make_scan (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, SCAN_W, SCAN_H);
  guint32 *data = (guint32 *) cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface) / 4;
  guint32 seed = 1;
  cairo_t *cr;

  for (int y = 0; y < SCAN_H; y++)
    for (int x = 0; x < SCAN_W; x++)
      {
        int n;
        seed = seed * 1103515245u + 12345u;
        n = (int) ((seed >> 16) & 15) - 8;
        data[y * stride + x] = (guint32) ((CLAMP (230 + n, 0, 255) << 16) | (CLAMP (220 + n, 0, 255) << 8) |
                                          CLAMP (190 + n, 0, 255));
      }
  cairo_surface_mark_dirty (surface);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.3, 0.45, 0.25);
  for (int i = 0; i < 400; i++)
    {
      seed = seed * 1103515245u + 12345u;
      cairo_arc (cr, (seed >> 8) % SCAN_W, (seed >> 3) % SCAN_H, 20 + seed % 60, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, 2);
  for (int x = 0; x < SCAN_W; x += 64)
    {
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, SCAN_H);
    }
  for (int y = 0; y < SCAN_H; y += 74)
    {
      cairo_move_to (cr, 0, y);
      cairo_line_to (cr, SCAN_W, y);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
  return surface;
}

static void
bench_whole_maps (const GbacwScenario *tpl)
{
  struct { int columns, rows, units; double target; } maps[] = {
    { 200, 200, 5000, 30 },
    { 40, 48, 600, 120 },
  };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);

  for (guint i = 0; i < G_N_ELEMENTS (maps); i++)
    {
      g_autoptr(GbacwScenario) s = generate (tpl, maps[i].columns, maps[i].rows, maps[i].units);
      g_autofree char *what = NULL;
      View v = { 0 };
      double t;

      whole_map_view (&v, s);
      v.layers = GBACW_LAYER_BIT_ALL;
      t = time_draw (surface, draw_view, &v);
      what = g_strdup_printf ("%dx%d map, all layers, whole map in %dx%d", maps[i].columns, maps[i].rows, VIEW_W, VIEW_H);
      verdict (what, 1 / t, "fps", maps[i].target, TRUE);
    }
  cairo_surface_destroy (surface);
}

static void
bench_background (const GbacwScenario *tpl)
{
  g_autoptr(GbacwScenario) s = generate (tpl, 40, 48, 600);
  g_autoptr(GbacwBackgroundImage) image = NULL;
  cairo_surface_t *scan = make_scan ();
  cairo_surface_t *tile = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE, TILE);
  cairo_surface_t *window = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);
  double w, h, fit, t;
  gint64 start;
  /* Hex sizes across the flats in device pixels: whole map, a few zoom steps, one hex. */
  double hex_px[] = { 0, 40, 80, 160, VIEW_H };

  gbacw_hex_grid_extent (&s->map->grid, &w, &h);
  start = g_get_monotonic_time ();
  image = gbacw_background_image_new (scan);
  t = (g_get_monotonic_time () - start) / 1e3;
  printf ("%-62s %9.2f ms   (%u levels; once per image load)\n", "5100x3300 background: building the mipmap", t,
          gbacw_background_image_get_n_levels (image));
  gbacw_background_fit_transform (w, h, SCAN_W, SCAN_H, s->map->background.transform);
  s->map->background.opacity = 0.6;

  fit = MIN (VIEW_W / w, VIEW_H / h);
  hex_px[0] = fit * sqrt (3.0);
  for (guint i = 0; i < G_N_ELEMENTS (hex_px); i++)
    {
      double scale = hex_px[i] / sqrt (3.0);
      g_autofree char *tile_what = NULL;
      g_autofree char *frame_what = NULL;
      g_autofree char *bg_what = NULL;
      View v = { s, image, GBACW_LAYER_BIT_ALL, scale, 0, 0, TILE, TILE };

      /* A tile and a window in the middle of the map. */
      v.ox = floor (w * scale / 2 - TILE / 2.0);
      v.oy = floor (h * scale / 2 - TILE / 2.0);
      t = time_draw (tile, draw_view, &v);
      tile_what = g_strdup_printf ("background + all layers, hexes %4.0f px: one %dx%d tile", hex_px[i], TILE, TILE);
      verdict (tile_what, t * 1e3, "ms", 16, FALSE);

      v.layers = GBACW_LAYER_BIT_BACKGROUND;
      t = time_draw (tile, draw_view, &v);
      bg_what = g_strdup_printf ("background layer alone,  hexes %4.0f px: one tile", hex_px[i]);
      printf ("%-62s %9.2f ms\n", bg_what, t * 1e3);

      v.layers = GBACW_LAYER_BIT_ALL;
      v.width = VIEW_W;
      v.height = VIEW_H;
      v.ox = floor (w * scale / 2 - VIEW_W / 2.0);
      v.oy = floor (h * scale / 2 - VIEW_H / 2.0);
      t = time_draw (window, draw_view, &v);
      frame_what = g_strdup_printf ("background + all layers, hexes %4.0f px: full %dx%d frame", hex_px[i], VIEW_W, VIEW_H);
      verdict (frame_what, t * 1e3, "ms", 33, FALSE);
    }
  cairo_surface_destroy (scan);
  cairo_surface_destroy (tile);
  cairo_surface_destroy (window);
}

int
main (int argc, char **argv)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwScenario) tpl = NULL;

  if (demo == NULL)
    {
      fprintf (stderr, "bench-render: scenarios/demo.xml not found (set GBACW_DATADIR)\n");
      return 1;
    }
  tpl = gbacw_scenario_load_file (demo, &error);
  if (tpl == NULL)
    {
      fprintf (stderr, "bench-render: %s\n", error->message);
      return 1;
    }

  bench_print_mode ("bench-render");
  bench_whole_maps (tpl);
  bench_background (tpl);

  printf ("%s\n", misses ? "Some targets were missed." : "All targets met.");
  return misses ? 1 : 0;
}
