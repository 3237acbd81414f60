/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-engine.c: the engine's speed targets on the generated 200x200 scenario
 * (the demo as template, 5,000 units, seed 1):
 *   a line-of-sight query under 20 µs;
 *   every hex visible from one hex under 5 ms: on average over 40 random observers,
 *   for the slowest of them, and for an observer on the highest hex of the map (who
 *   sees farthest);
 *   a unit's movement range under 1 ms.
 * Prints the figures against the targets; exits 1 if a target is missed. Times are
 * wall-clock (every-hex-visible uses two threads); the processor time of the hilltop
 * observer, which does not depend on what else the machine runs, is printed too.
 * GBACW_BENCH_QUICK=1: about a third of the queries and runs, limits twice the targets
 * (bench-quick.h). */
#define G_LOG_DOMAIN "bench-engine"

#include <glib.h>
#include <stdlib.h>
#include <time.h>

#include "gbacw-data.h"
#include "gbacw-game.h"
#include "gbacw-generate.h"
#include "gbacw-los.h"
#include "gbacw-movement.h"
#include "gbacw-scenario-io.h"

#include "bench-quick.h"

#define LOS_TARGET_US 20.0
#define VISIBLE_TARGET_MS 5.0
#define RANGE_TARGET_MS 1.0
#define HILLTOP_RUNS 21

static double
now_us (void)
{
  return (double) bench_now_us ();
}

/* The processor time of the whole process (all threads), µs. */
static double
process_cpu_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static gboolean
report (const char *what, double value, double target, const char *unit)
{
  return bench_report (what, value, unit, target, FALSE);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GbacwScenario) tpl = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  g_autofree guint8 *visible = NULL;
  gboolean ok = TRUE;
  int n;
  double t0, t1, worst = 0;

  bench_print_mode ("bench-engine");
  if (path == NULL)
    {
      g_printerr ("bench-engine: cannot find scenarios/demo.xml (set GBACW_DATADIR)\n");
      return 1;
    }
  tpl = gbacw_scenario_load_file (path, &error);
  if (tpl == NULL)
    {
      g_printerr ("bench-engine: %s\n", error->message);
      return 1;
    }
  s = gbacw_generate_scenario (tpl, 200, 200, 5000, 1, &error);
  if (s == NULL)
    {
      g_printerr ("bench-engine: %s\n", error->message);
      return 1;
    }
  game = gbacw_game_new (s, 1, &error);
  if (game == NULL)
    {
      g_printerr ("bench-engine: %s\n", error->message);
      return 1;
    }
  n = game->n_hexes;
  g_print ("Generated 200x200 scenario, %u units; %d hexes\n", s->oob.units->len, n);

  /* one LOS query between random hexes, with the units in place (9.71) */
  {
    const int queries = bench_runs (20000, 5000);
    int clear = 0;
    t0 = now_us ();
    for (int i = 0; i < queries; i++)
      clear += gbacw_los_check (game->los, g_rand_int_range (rand, 0, n), g_rand_int_range (rand, 0, n),
                                GBACW_LOS_MAN_HEIGHT, GBACW_LOS_MAN_HEIGHT, NULL);
    t1 = now_us ();
    g_print ("  (%d of %d random lines clear)\n", clear, queries);
    ok &= report ("LOS query, random hexes", (t1 - t0) / queries, LOS_TARGET_US, "us");
  }

  /* every hex visible from one hex */
  {
    const int observers = bench_runs (40, 15);
    guint total = 0;
    visible = g_new (guint8, n);
    t0 = now_us ();
    for (int i = 0; i < observers; i++)
      {
        double a = now_us ();
        total += gbacw_los_visible_from (game->los, g_rand_int_range (rand, 0, n), GBACW_LOS_MAN_HEIGHT,
                                         GBACW_LOS_MAN_HEIGHT, visible);
        worst = MAX (worst, now_us () - a);
      }
    t1 = now_us ();
    g_print ("  (%u hexes visible on average)\n", total / observers);
    ok &= report ("All hexes visible from one hex (mean)", (t1 - t0) / observers / 1000.0, VISIBLE_TARGET_MS, "ms");
    ok &= report (observers == 40 ? "  slowest of the 40 observers" : "  slowest of the observers", worst / 1000.0,
                  VISIBLE_TARGET_MS, "ms");
  }

  /* the worst case by design: the highest hex, which sees farthest (17,157 hexes on
   * this map, where a random hex sees 4,000); the median of several runs */
  {
    const int runs = bench_runs (HILLTOP_RUNS, 7);
    double times[HILLTOP_RUNS], cpu0, cpu1;
    int hill = 0;
    guint seen = 0;
    for (int i = 1; i < n; i++)
      if (gbacw_los_ground (game->los, i) > gbacw_los_ground (game->los, hill))
        hill = i;
    cpu0 = process_cpu_us ();
    for (int r = 0; r < runs; r++)
      {
        double a = now_us ();
        seen = gbacw_los_visible_from (game->los, hill, GBACW_LOS_MAN_HEIGHT, GBACW_LOS_MAN_HEIGHT, visible);
        times[r] = now_us () - a;
      }
    cpu1 = process_cpu_us ();
    qsort (times, runs, sizeof times[0], compare_doubles);
    g_print ("  (hilltop observer: hex %d, %d ft, sees %u hexes; %d runs: %.3f-%.3f ms,\n"
             "   processor time %.3f ms a run)\n",
             hill, gbacw_los_ground (game->los, hill), seen, runs, times[0] / 1000.0, times[runs - 1] / 1000.0,
             (cpu1 - cpu0) / runs / 1000.0);
    ok &= report ("  hilltop observer (median)", times[runs / 2] / 1000.0, VISIBLE_TARGET_MS, "ms");
  }

  /* a unit's movement range */
  {
    int ranges = 0, hexes = 0;
    worst = 0;
    t0 = now_us ();
    for (guint i = 0; i < game->units->len && ranges < bench_runs (500, 150); i += 7)
      {
        const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
        double a = now_us ();
        g_autoptr (GbacwMoveRange) range = NULL;
        if (u->hex < 0)
          continue;
        range = gbacw_movement_range (game, u->index, NULL);
        worst = MAX (worst, now_us () - a);
        if (range == NULL)
          continue;
        ranges++;
        hexes += range->hexes->len;
      }
    t1 = now_us ();
    if (ranges == 0)
      {
        g_printerr ("bench-engine: no unit could move\n");
        return 1;
      }
    g_print ("  (%d units, %d hexes reachable on average; slowest %.3f ms)\n", ranges, hexes / ranges, worst / 1000.0);
    ok &= report ("Movement range of a unit (mean)", (t1 - t0) / ranges / 1000.0, RANGE_TARGET_MS, "ms");
  }
  return ok ? 0 : 1;
}
