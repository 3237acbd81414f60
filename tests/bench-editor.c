/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-editor.c: a brush stroke over 100 hexes, each step applied and redrawn.
 *
 * The editor's path for one step of a stroke: the terrain brush builds the edit, the
 * document applies it and records it (merged into the stroke's undo step), emits
 * "changed", and the canvas's tile cache redraws the changed hexes in the tiles of a
 * 1920x1080 view (the canvas then hands the tiles over as textures, also done here).
 * Each step must take under 16 ms (one frame at 60 Hz), on the demo scenario and on a
 * generated 200x200 map, at the editing zoom (hexes 42 pixels across) and with the
 * whole map in view. Prints the median and the worst step; fails if a step is too slow.
 * GBACW_BENCH_QUICK=1: a stroke over 30 hexes and twice the budget (bench-quick.h).
 */
#define G_LOG_DOMAIN "bench-editor"

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "gbacw-data.h"
#include "gbacw-document.h"
#include "gbacw-generate.h"
#include "gbacw-map-renderer.h"
#include "gbacw-scenario-io.h"
#include "gbacw-tile-cache.h"
#include "gbacw-tool-brush.h"

#include "bench-quick.h"

#define VIEW_W 1920
#define VIEW_H 1080
#define N_STEPS 100
#define BUDGET_MS 16.0

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
on_changed (GbacwDocument *document, const GbacwChange *change, GbacwTileCache *cache)
{
  gbacw_tile_cache_update (cache, change);
}

/* The tiles of the view whose top-left map pixel is (ox, oy), as the canvas draws them. */
static void
draw_view (GbacwTileCache *cache, double ox, double oy, double map_w, double map_h)
{
  int tx0 = (int) floor (MAX (ox, 0) / GBACW_TILE_SIZE);
  int ty0 = (int) floor (MAX (oy, 0) / GBACW_TILE_SIZE);
  int tx1 = (int) floor ((MIN (ox + VIEW_W, map_w) - 1) / GBACW_TILE_SIZE);
  int ty1 = (int) floor ((MIN (oy + VIEW_H, map_h) - 1) / GBACW_TILE_SIZE);

  for (int ty = ty0; ty <= ty1; ty++)
    for (int tx = tx0; tx <= tx1; tx++)
      gbacw_tile_cache_get_texture (cache, tx, ty);
}

/* Returns the worst step in ms. */
static double
run (const char *name, GbacwScenario *scenario /* transfer full */, gboolean whole_map)
{
  g_autoptr(GbacwDocument) document = gbacw_document_new (scenario);
  g_autoptr(GbacwTileCache) cache = gbacw_tile_cache_new ();
  g_autoptr(GbacwToolBrush) brush = gbacw_tool_brush_new ();
  const GbacwHexGrid *grid = &scenario->map->grid;
  double times[N_STEPS + 1];
  int n_steps = bench_runs (N_STEPS, 30);
  double w, h, scale, ox, oy, cx, cy, median, worst = 0;
  int col0, row0, n = 0;
  guint64 woods = G_GUINT64_CONSTANT (1) << gbacw_catalogue_find_hex_terrain (&scenario->catalogue, "woods");
  gint64 start;

  gbacw_hex_grid_extent (grid, &w, &h);
  /* the whole map in the view, or hexes 42 pixels across flat to flat */
  scale = whole_map ? MIN (VIEW_W / w, VIEW_H / h) * 0.95 : 42.0 / sqrt (3.0);

  /* The stroke: back and forth along rows near the middle of the map, 100 hexes. */
  col0 = MAX (grid->columns / 2 - 25, 0);
  row0 = MAX (grid->rows / 2 - 4, 0);
  gbacw_hex_grid_centre (grid, (GbacwHex) { MIN (grid->columns / 2, grid->columns - 1), grid->rows / 2 }, &cx, &cy);
  ox = floor (cx * scale - VIEW_W / 2.0);
  oy = floor (cy * scale - VIEW_H / 2.0);
  if (whole_map)
    {
      ox = floor ((w * scale - VIEW_W) / 2);
      oy = floor ((h * scale - VIEW_H) / 2);
    }

  gbacw_map_tool_set_document (GBACW_MAP_TOOL (brush), document);
  gbacw_tool_brush_set_mask (brush, woods);
  gbacw_tile_cache_configure (cache, scenario, GBACW_LAYER_BIT_ALL, scale);
  g_signal_connect (document, "changed", G_CALLBACK (on_changed), cache);
  draw_view (cache, ox, oy, w * scale, h * scale);

  for (int row = row0; row < grid->rows && n <= n_steps; row += 2)
    for (int k = 0; k < MIN (grid->columns, 50) && n <= n_steps; k++)
      {
        int col = (row - row0) % 4 == 0 ? col0 + k : col0 + MIN (grid->columns, 50) - 1 - k;
        double x, y;

        if (col >= grid->columns)
          continue;
        gbacw_hex_grid_centre (grid, (GbacwHex) { col, row }, &x, &y);
        start = bench_now_us ();
        if (n == 0)
          gbacw_tool_pressed (GBACW_TOOL (brush), NULL, x, y, 0);
        else
          gbacw_tool_dragged (GBACW_TOOL (brush), NULL, x, y, 0);
        draw_view (cache, ox, oy, w * scale, h * scale);
        times[n++] = (bench_now_us () - start) / 1000.0;
      }
  gbacw_tool_released (GBACW_TOOL (brush), NULL, 0, 0, 0);
  g_assert_cmpuint (gbacw_history_get_index (gbacw_document_get_history (document)), ==, 1);

  qsort (times, n, sizeof (double), compare_double);
  median = times[n / 2];
  worst = times[n - 1];
  printf ("%-28s %3dx%-3d %-10s scale %5.1f: %d steps, median %6.2f ms, max %6.2f ms %s\n", name, grid->columns,
          grid->rows, whole_map ? "whole map" : "42 px hexes", scale, n, median, worst,
          worst < bench_time_limit (BUDGET_MS) ? "(within the limit)" : "(OVER THE LIMIT)");
  return worst;
}

int
main (int argc, char **argv)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwScenario) demo = NULL;
  double worst = 0;

  if (path == NULL || (demo = gbacw_scenario_load_file (path, &error)) == NULL)
    {
      g_printerr ("bench-editor: cannot load the demo: %s\n", error ? error->message : "not found");
      return 1;
    }

  bench_print_mode ("bench-editor");
  printf ("brush stroke over %d hexes, each step applied and redrawn in a %dx%d view (a step within %.0f ms):\n",
          bench_runs (N_STEPS, 30), VIEW_W, VIEW_H, bench_time_limit (BUDGET_MS));
  for (int whole = 0; whole <= 1; whole++)
    {
      GbacwScenario *big;
      double t;

      t = run ("demo", gbacw_scenario_copy (demo), whole);
      worst = MAX (worst, t);
      big = gbacw_generate_scenario (demo, 200, 200, 2000, 1, &error);
      g_assert_no_error (error);
      t = run ("generated", big, whole);
      worst = MAX (worst, t);
    }
  if (worst >= bench_time_limit (BUDGET_MS))
    {
      printf ("FAIL: a step took %.2f ms (target %.0f ms%s)\n", worst, BUDGET_MS,
              bench_limit_text (BUDGET_MS, bench_time_limit (BUDGET_MS)));
      return 1;
    }
  return 0;
}
