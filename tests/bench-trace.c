/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-trace.c: how fast terrain is traced from a scan (render/gbacw-trace.h).
 *
 * A 40x48 map (an SPI map's size) drawn as a scan of 40 pixels a hex radius (2,480 x 3,463
 * pixels: a 34x22 inch map at about 150 dpi) by tests/trace-scan.h, traced with three
 * sample hexes per terrain: the median of five runs under 2 s (the target for
 * proposing a 40x48 map). Also prints the share right. Then the hexside features and
 * lines (gbacw_trace_links ()) of a generated 40x48 scenario drawn by the program's renderer
 * at the same scale and degraded: the median of five runs, and the elevation
 * (gbacw_trace_elevation ()) over that scan; terrain, links and elevation together under
 * the 2 s. GBACW_BENCH_QUICK=1: three runs, processor time, twice the target
 * (bench-quick.h).
 */
#define G_LOG_DOMAIN "bench-trace"

#include "config.h"

#include <stdlib.h>

#include "bench-quick.h"
#include "gbacw-generate.h"
#include "gbacw-map-renderer.h"
#include "gbacw-scenario-io.h"
#include "trace-scan.h"

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (40);
  g_autofree int *truth = NULL;
  g_autoptr (GbacwScenario) s = make_scenario (40, 48, rand, &truth);
  g_autoptr (GPtrArray) samples = make_samples (s, truth);
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GError) error = NULL;
  double transform[6], runs[5];
  int n_runs = bench_runs (5, 3), n = 0, right = 0;
  gboolean ok;

  bench_print_mode ("bench-trace");
  image = drawn_image (s, truth, 40, 14, 1, rand, transform);
  g_print ("scan %d x %d pixels under a 40x48 map\n", gbacw_background_image_get_width (image),
           gbacw_background_image_get_height (image));

  for (int r = 0; r < n_runs; r++)
    {
      g_autofree GbacwTraceProposal *p = NULL;
      gint64 t0 = bench_now_us ();

      if (!gbacw_trace_terrain (s, image, transform, samples, 0, &p, &error))
        g_error ("%s", error->message);
      runs[r] = (bench_now_us () - t0) / 1e6;
      if (r == 0)
        for (int i = 0; i < gbacw_hex_grid_n_hexes (&s->map->grid); i++)
          if (p[i].status == GBACW_TRACE_PROPOSED)
            {
              n++;
              right += p[i].terrain == truth[i];
            }
    }
  qsort (runs, n_runs, sizeof runs[0], compare_doubles);
  g_print ("terrain right on %d of %d hexes (%.1f%%)\n", right, n, 100.0 * right / MAX (n, 1));
  ok = bench_report ("trace the terrain of a 40x48 map, 3 samples a terrain", runs[n_runs / 2], "s", 2.0, FALSE);

  {
    g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
    g_autoptr (GbacwScenario) demo = gbacw_scenario_load_file (path, &error);
    g_autoptr (GbacwScenario) map = NULL;
    g_autoptr (GbacwBackgroundImage) rendered = NULL;
    double w, h, links_runs[5];
    cairo_surface_t *surface;
    cairo_t *cr;
    guint n_links = 0;

    if (demo == NULL || (map = gbacw_generate_scenario (demo, 40, 48, 10, 7, &error)) == NULL)
      g_error ("%s", error->message);
    make_transform (40, transform);
    gbacw_hex_grid_extent (&map->map->grid, &w, &h);
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (transform[0] * w + 60),
                                          (int) ceil (transform[3] * h + transform[1] * w + 40));
    cr = cairo_create (surface);
    cairo_set_source_rgb (cr, 0.95, 0.93, 0.88);
    cairo_paint (cr);
    cairo_transform (cr, &(cairo_matrix_t) { transform[0] / 40, transform[1] / 40, transform[2] / 40,
                                             transform[3] / 40, transform[4], transform[5] });
    gbacw_map_render (cr, map, GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_HEXSIDES | GBACW_LAYER_BIT_ROADS |
                                 GBACW_LAYER_BIT_GRID | GBACW_LAYER_BIT_HEX_NUMBERS, 40, NULL);
    cairo_destroy (cr);
    degrade_scan (surface, 8, 1, rand);
    rendered = gbacw_background_image_new (surface);
    cairo_surface_destroy (surface);

    for (int r = 0; r < n_runs; r++)
      {
        g_autoptr (GArray) links = NULL;
        gint64 t0 = bench_now_us ();

        links = gbacw_trace_links (map, rendered, transform, 0, &error);
        if (links == NULL)
          g_error ("%s", error->message);
        links_runs[r] = (bench_now_us () - t0) / 1e6;
        n_links = links->len;
      }
    qsort (links_runs, n_runs, sizeof links_runs[0], compare_doubles);
    g_print ("%u hexside features and lines proposed\n", n_links);
    ok &= bench_report ("trace the hexside features and lines of a 40x48 map", links_runs[n_runs / 2], "s", 2.0, FALSE);

    /* elevation over the same scan: two marked hexes of each level the map has (the time
     * does not depend on what the scan shows) */
    {
      g_autoptr (GArray) marks = g_array_new (FALSE, FALSE, sizeof (GbacwTraceElevationMark));
      int n_hexes = gbacw_hex_grid_n_hexes (&map->map->grid);
      double elevation_runs[5];

      for (int level = 0; level < 16; level++)
        for (int i = 0, k = 0; i < n_hexes && k < 2; i++)
          if (map->map->elevation[i] == level)
            {
              GbacwTraceElevationMark mark = { i, level, 0 };
              g_array_append_val (marks, mark);
              k++;
            }
      for (int r = 0; r < n_runs; r++)
        {
          g_autofree GbacwTraceElevation *levels = NULL;
          gint64 t0 = bench_now_us ();

          if (!gbacw_trace_elevation (map, rendered, transform, marks, NULL, &levels, &error))
            g_error ("%s", error->message);
          elevation_runs[r] = (bench_now_us () - t0) / 1e6;
        }
      qsort (elevation_runs, n_runs, sizeof elevation_runs[0], compare_doubles);
      ok &= bench_report ("trace the elevation of a 40x48 map", elevation_runs[n_runs / 2], "s", 2.0, FALSE);
      ok &= bench_report ("trace terrain, hexside features, lines and elevation of a 40x48 map",
                          runs[n_runs / 2] + links_runs[n_runs / 2] + elevation_runs[n_runs / 2], "s", 2.0, FALSE);
    }
  }
  return ok ? 0 : 1;
}
