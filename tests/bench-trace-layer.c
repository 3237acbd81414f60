/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-trace-layer.c: the Trace review layer drawn over a whole 40x48 map.
 *
 * Every hex unpainted and proposed (a terrain and a confidence of its own, a third of them
 * doubtful, so their outlines are drawn too), and the hexside features and lines of the
 * generated map (rivers, streams, crests, roads, railroads) as proposals in chains, taken
 * off the map so that every one is drawn, a third of the chains doubtful and one lit for
 * review, and a level proposed for every hex (a third doubtful); the whole map in a
 * 1920x1080 view as the canvas hands it to the layer. Drawn anew (a new view: every
 * picture), after a step of a threshold as its slider makes (0.01: the items it turns sure
 * or doubtful drawn again in their boxes), after an acceptance (a chain's links, a hex's
 * terrain or level painted: only its box of a picture drawn again) and an acceptance's undo, and
 * redrawn as the pointer moves; a redraw and a draw after an acceptance must take under
 * 16 ms (one frame at 60 Hz). Prints the median and the worst of each; fails if the median
 * redraw or the median draw after an acceptance is too slow (the worst of 40 copies of a
 * picture is the scheduler's on this shared machine).
 * GBACW_BENCH_QUICK=1: fewer draws and twice the budget (bench-quick.h).
 */
#define G_LOG_DOMAIN "bench-trace-layer"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-scenario-io.h"
#include "gbacw-trace-layer.h"

#include "bench-quick.h"

#define VIEW_W 1920
#define VIEW_H 1080
#define BUDGET_MS 16.0

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Item i's confidence: a doubtful one's between 0.2 and 0.49, a sure one's between 0.5 and 1,
 * spread so that a threshold's step of 0.01 above 0.5 turns some of them doubtful, scattered
 * over the map, as a trace's would be. */
static double
spread_confidence (guint i, gboolean doubtful)
{
  double u = (double) ((i * 7919u) % 1000u) / 1000.0;

  return doubtful ? 0.2 + 0.29 * u : 0.5 + 0.5 * u;
}

/* One draw of the layer as the canvas does it, in ms. */
static double
draw_once (GbacwCanvasLayer *layer, cairo_surface_t *surface, double scale, const GbacwCanvasLayerView *view)
{
  cairo_t *cr = cairo_create (surface);
  gint64 start = bench_now_us ();
  double ms;

  cairo_scale (cr, scale, scale);
  GBACW_CANVAS_LAYER_GET_CLASS (layer)->draw (layer, NULL, cr, view);
  cairo_surface_flush (surface);
  ms = (bench_now_us () - start) / 1000.0;
  cairo_destroy (cr);
  return ms;
}

/* Puts chain's links on the map (accepted) or takes them off (undone). */
static void
set_chain_on_map (GbacwTraceLayer *layer, GbacwScenario *scenario, int chain, gboolean on)
{
  for (guint i = (guint) chain; i < gbacw_trace_layer_get_n_links (layer); i++)
    {
      const GbacwTraceLink *l = gbacw_trace_layer_get_link (layer, i);

      if (gbacw_trace_layer_get_link_chain (layer, i) != chain)
        continue;
      if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
        scenario->map->hexside_features[l->hexside] = on ? scenario->map->hexside_features[l->hexside] | 1u << l->type
                                                         : scenario->map->hexside_features[l->hexside] & ~(1u << l->type);
      else
        scenario->map->hexside_lines[l->hexside] =
          (guint16) (on ? scenario->map->hexside_lines[l->hexside] | 1u << l->type
                        : scenario->map->hexside_lines[l->hexside] & ~(1u << l->type));
    }
}

/* The run-th chain to accept: chains through the middle of the map, the one under review
 * left alone. */
static int
chain_to_accept (GbacwTraceLayer *layer, int run)
{
  guint n = gbacw_trace_layer_get_n_links (layer);
  int seen = 0;

  for (guint i = n / 2; i < n; i++)
    if (gbacw_trace_layer_get_link_chain (layer, i) == (int) i && (int) i != gbacw_trace_layer_get_selected_chain (layer) &&
        seen++ == 3 * run)
      return (int) i;
  return gbacw_trace_layer_get_link_chain (layer, n / 2);
}

static void
print_times (const char *what, double *times, int n)
{
  qsort (times, n, sizeof (double), compare_double);
  printf ("  drawn after %s: median %6.2f ms, max %6.2f ms\n", what, times[n / 2], times[n - 1]);
}

/* Draws anew, and after a change (a threshold's step: the boxes of the items it changes;
 * an acceptance and its undo: the accepted chain's or hex's box of a picture drawn again), then the redraws of the same view
 * (the pointer moving, which copy the pictures); prints the figures. FALSE when the median
 * redraw, or the median draw after an acceptance, is over the frame. */
static gboolean
measure (GbacwCanvasLayer *layer, cairo_surface_t *surface, double scale, const GbacwCanvasLayerView *view,
         GbacwScenario *scenario, guint n_links, int n_chains)
{
  GbacwTraceLayer *trace = GBACW_TRACE_LAYER (layer);
  int n_runs = bench_runs (40, 10), n_renders = bench_runs (5, 2), n_hexes = gbacw_hex_grid_n_hexes (view->grid);
  double times[40], renders[5], chain_renders[5], level_renders[5];
  double chains_accepted[5], chains_undone[5], terrains_accepted[5], levels_accepted[5];
  double limit = bench_time_limit (BUDGET_MS), worst_accepted = 0;
  gboolean ok = TRUE;

  /* the pictures drawn once (anew), so that each change below draws only its own again */
  printf ("  drawn anew (a new view, every picture): %6.2f ms\n", draw_once (layer, surface, scale, view));
  for (int run = 0; run < n_renders; run++)
    {
      gbacw_trace_layer_set_threshold (trace, 0.51 + 0.01 * run);
      renders[run] = draw_once (layer, surface, scale, view);
    }
  /* the chains' threshold: the links that turn sure or doubtful */
  for (int run = 0; run < n_renders; run++)
    {
      gbacw_trace_layer_set_chain_threshold (trace, 0.51 + 0.01 * run);
      chain_renders[run] = draw_once (layer, surface, scale, view);
    }
  /* drawn back at the chains' threshold before the levels are timed: else the first level
   * draw counts the links' picture drawn anew too (the quick mode's two runs took that one
   * for the median: a level's draw seemed to cost more than a chain's) */
  gbacw_trace_layer_set_chain_threshold (trace, 0.5);
  draw_once (layer, surface, scale, view);
  /* the levels' threshold: the levels that turn sure or doubtful, or shown or hidden */
  for (int run = 0; run < n_renders; run++)
    {
      gbacw_trace_layer_set_level_threshold (trace, 0.51 + 0.01 * run);
      level_renders[run] = draw_once (layer, surface, scale, view);
    }
  gbacw_trace_layer_set_level_threshold (trace, 0.5);
  draw_once (layer, surface, scale, view);

  /* a chain accepted (its links painted on the map), then undone */
  for (int run = 0; run < n_renders; run++)
    {
      int chain = chain_to_accept (trace, run);

      set_chain_on_map (trace, scenario, chain, TRUE);
      chains_accepted[run] = draw_once (layer, surface, scale, view);
      set_chain_on_map (trace, scenario, chain, FALSE);
      chains_undone[run] = draw_once (layer, surface, scale, view);
    }
  /* a hex's terrain accepted (painted), a hex's level accepted (entered) */
  for (int run = 0; run < n_renders; run++)
    {
      int hex = n_hexes / 2 + 41 * run;

      scenario->map->terrain[hex] = 1;
      terrains_accepted[run] = draw_once (layer, surface, scale, view);
      scenario->map->elevation[hex] = (gint16) gbacw_trace_layer_get_level (trace, hex)->level;
      levels_accepted[run] = draw_once (layer, surface, scale, view);
    }
  for (int run = 0; run < n_renders; run++)
    {
      scenario->map->terrain[n_hexes / 2 + 41 * run] = 0;
      scenario->map->elevation[n_hexes / 2 + 41 * run] = 0;
    }
  draw_once (layer, surface, scale, view);

  for (int run = 0; run < n_runs; run++)
    times[run] = draw_once (layer, surface, scale, view);

  printf ("trace layer, %dx%d map, %d hexes and %u hexsides or lines (%d chains) proposed, whole map in %dx%d:\n",
          scenario->map->grid.columns, scenario->map->grid.rows, n_hexes, n_links, n_chains, VIEW_W, VIEW_H);
  print_times ("a step of the terrain's threshold", renders, n_renders);
  print_times ("a step of the chains' threshold", chain_renders, n_renders);
  print_times ("a step of the levels' threshold", level_renders, n_renders);
  print_times ("a chain accepted", chains_accepted, n_renders);
  print_times ("a chain's acceptance undone", chains_undone, n_renders);
  print_times ("a hex's terrain accepted", terrains_accepted, n_renders);
  print_times ("a hex's level accepted", levels_accepted, n_renders);
  qsort (times, n_runs, sizeof (double), compare_double);
  printf ("  redrawn (pointer moves): median %6.2f ms, max %6.2f ms %s\n", times[n_runs / 2], times[n_runs - 1],
          times[n_runs / 2] < limit ? "(within the limit)" : "(OVER THE LIMIT)");
  if (times[n_runs / 2] >= limit)
    {
      printf ("FAIL: a redraw took %.2f ms, the median (target %.0f ms%s)\n", times[n_runs / 2], BUDGET_MS,
              bench_limit_text (BUDGET_MS, limit));
      ok = FALSE;
    }
  worst_accepted = MAX (MAX (chains_accepted[n_renders / 2], chains_undone[n_renders / 2]),
                        MAX (terrains_accepted[n_renders / 2], levels_accepted[n_renders / 2]));
  if (worst_accepted >= limit)
    {
      printf ("FAIL: a draw after an acceptance took %.2f ms, the median (target %.0f ms%s)\n", worst_accepted,
              BUDGET_MS, bench_limit_text (BUDGET_MS, limit));
      ok = FALSE;
    }
  return ok;
}

int
main (int argc, char **argv)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwScenario) demo = NULL;
  g_autoptr(GbacwScenario) scenario = NULL;
  g_autoptr(GbacwCanvasLayer) layer = gbacw_trace_layer_new ();
  g_autofree GbacwTraceProposal *proposals = NULL;
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (GbacwTraceLink));
  guint32 n_ids;
  int n_chains = 0;
  GbacwCanvasLayerView view;
  cairo_surface_t *surface;
  int n_hexes, n_terrains, river_type = -1;
  gboolean failed = FALSE;
  double w, h, scale;

  if (path == NULL || (demo = gbacw_scenario_load_file (path, &error)) == NULL)
    {
      g_printerr ("bench-trace-layer: cannot load the demo: %s\n", error ? error->message : "not found");
      return 1;
    }
  scenario = gbacw_generate_scenario (demo, 40, 48, 0, 1, &error);
  g_assert_no_error (error);
  n_hexes = gbacw_hex_grid_n_hexes (&scenario->map->grid);
  n_terrains = (int) scenario->catalogue.hex_terrains->len;
  memset (scenario->map->terrain, 0, sizeof *scenario->map->terrain * (gsize) n_hexes);
  proposals = g_new0 (GbacwTraceProposal, n_hexes);
  for (int i = 0; i < n_hexes; i++)
    {
      proposals[i].status = GBACW_TRACE_PROPOSED;
      proposals[i].terrain = i % n_terrains;
      proposals[i].runner_up = (i + 1) % n_terrains;
      proposals[i].confidence = spread_confidence ((guint) i, (i % 3) == 0);
    }
  gbacw_trace_layer_set_proposals (GBACW_TRACE_LAYER (layer), proposals, n_hexes);
  gbacw_trace_layer_set_threshold (GBACW_TRACE_LAYER (layer), 0.5);

  /* a level for every hex, none entered on the map: 1-3 (a 0 sure would show nothing) */
  {
    g_autofree GbacwTraceElevation *levels = g_new0 (GbacwTraceElevation, n_hexes);

    memset (scenario->map->elevation, 0, sizeof *scenario->map->elevation * (gsize) n_hexes);
    for (int i = 0; i < n_hexes; i++)
      {
        levels[i].status = GBACW_TRACE_PROPOSED;
        levels[i].level = 1 + i % 3;
        levels[i].confidence = spread_confidence ((guint) i, (i % 3) == 1);
        levels[i].shade = levels[i].level;
      }
    gbacw_trace_layer_set_levels (GBACW_TRACE_LAYER (layer), levels, n_hexes);
    gbacw_trace_layer_set_level_threshold (GBACW_TRACE_LAYER (layer), 0.5);
  }

  /* the map's traceable hexside features and its lines, proposed in chains of up to 8 of
   * one kind and type in hexside order, then taken off the map */
  n_ids = gbacw_hex_grid_n_hexside_ids (&scenario->map->grid);
  for (int kind = GBACW_TRACE_LINK_HEXSIDE; kind <= GBACW_TRACE_LINK_LINE; kind++)
    for (int t = 0; t < (kind == GBACW_TRACE_LINK_HEXSIDE ? GBACW_MAX_HEXSIDE_TYPES : GBACW_MAX_LINE_TYPES); t++)
      {
        int chain = -1, in_chain = 0;

        if (kind == GBACW_TRACE_LINK_HEXSIDE && river_type < 0 && (guint) t < scenario->catalogue.hexside_types->len &&
            g_strcmp0 (((GbacwHexsideType *) g_ptr_array_index (scenario->catalogue.hexside_types, t))->style,
                       "river") == 0)
          river_type = t;
        if (kind == GBACW_TRACE_LINK_HEXSIDE ? !gbacw_trace_hexside_type_traceable (scenario, t)
                                             : !gbacw_trace_line_type_traceable (scenario, t))
          continue;
        for (guint32 id = 0; id < n_ids; id++)
          {
            guint32 mask = kind == GBACW_TRACE_LINK_HEXSIDE ? scenario->map->hexside_features[id]
                                                            : scenario->map->hexside_lines[id];
            GbacwTraceLink l = { 0 };

            if (!((mask >> t) & 1))
              continue;
            if (chain < 0 || in_chain == 8)
              {
                chain = (int) links->len;
                in_chain = 0;
                n_chains++;
              }
            l.kind = kind;
            l.hexside = id;
            l.type = t;
            l.confidence = spread_confidence ((guint) n_chains, (n_chains % 3) == 0);
            l.chain = chain;
            g_array_append_val (links, l);
            in_chain++;
          }
      }
  memset (scenario->map->hexside_features, 0, sizeof (guint32) * n_ids);
  memset (scenario->map->hexside_lines, 0, sizeof (guint16) * n_ids);
  gbacw_trace_layer_set_links (GBACW_TRACE_LAYER (layer), links);
  gbacw_trace_layer_set_chain_threshold (GBACW_TRACE_LAYER (layer), 0.5);
  if (links->len > 0)
    gbacw_trace_layer_set_selected_chain (GBACW_TRACE_LAYER (layer), g_array_index (links, GbacwTraceLink, 0).chain);

  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  scale = MIN (VIEW_W / w, VIEW_H / h);
  view.scenario = scenario;
  view.grid = &scenario->map->grid;
  view.visible = (cairo_rectangle_t) { 0, 0, VIEW_W / scale, VIEW_H / scale };
  view.px = 1 / scale;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, VIEW_W, VIEW_H);

  bench_print_mode ("bench-trace-layer");
  if (!measure (layer, surface, scale, &view, scenario, links->len, n_chains))
    failed = TRUE;

  /* the worst a trace could propose: every hexside a river or a road, in chains of 8 */
  g_array_set_size (links, 0);
  for (guint32 id = 0; id < n_ids; id++)
    {
      GbacwTraceLink l = { 0 };

      if (!gbacw_hex_grid_hexside_on_map (&scenario->map->grid, id))
        continue;
      l.kind = id % 2 ? GBACW_TRACE_LINK_LINE : GBACW_TRACE_LINK_HEXSIDE;
      l.hexside = id;
      l.type = l.kind == GBACW_TRACE_LINK_LINE ? 0 : river_type;
      l.confidence = spread_confidence (links->len / 8, (links->len / 8) % 3 == 0);
      l.chain = (int) (links->len / 8 * 8);
      g_array_append_val (links, l);
    }
  /* a line needs both hexes on the map */
  for (guint i = links->len; i-- > 0;)
    {
      GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
      GbacwHex a, b;

      gbacw_hex_grid_hexside_hexes (&scenario->map->grid, l->hexside, &a, NULL, &b);
      if (l->kind == GBACW_TRACE_LINK_LINE &&
          (!gbacw_hex_grid_contains (&scenario->map->grid, a) || !gbacw_hex_grid_contains (&scenario->map->grid, b)))
        l->kind = GBACW_TRACE_LINK_HEXSIDE, l->type = river_type;
    }
  gbacw_trace_layer_set_links (GBACW_TRACE_LAYER (layer), links);
  gbacw_trace_layer_set_selected_chain (GBACW_TRACE_LAYER (layer), 0);
  if (!measure (layer, surface, scale, &view, scenario, links->len, (int) ((links->len + 7) / 8)))
    failed = TRUE;
  cairo_surface_destroy (surface);
  return failed ? 1 : 0;
}
