/* bench-engine.c: the engine's speed targets on the generated 200x200 scenario
 * (the demo as template, 5,000 units, seed 1):
 *   a line-of-sight query under 20 µs;
 *   every hex visible from one hex under 5 ms;
 *   a unit's movement range under 1 ms.
 * Prints the figures against the targets; exits 1 if a target is missed. */
#include <glib.h>
#include <stdlib.h>

#include "gbacw-data.h"
#include "gbacw-game.h"
#include "gbacw-generate.h"
#include "gbacw-los.h"
#include "gbacw-movement.h"
#include "gbacw-scenario-io.h"

#define LOS_TARGET_US 20.0
#define VISIBLE_TARGET_MS 5.0
#define RANGE_TARGET_MS 1.0

static double
now_us (void)
{
  return (double) g_get_monotonic_time ();
}

static gboolean
report (const char *what, double value, double target, const char *unit)
{
  gboolean ok = value <= target;
  g_print ("%-44s %9.3f %-3s (target < %g %s) %s\n", what, value, unit, target, unit, ok ? "ok" : "MISSED");
  return ok;
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
    const int queries = 20000;
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
    const int observers = 40;
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
    g_print ("  (%u hexes visible on average; slowest observer %.3f ms)\n", total / observers, worst / 1000.0);
    ok &= report ("All hexes visible from one hex (mean)", (t1 - t0) / observers / 1000.0, VISIBLE_TARGET_MS, "ms");
  }

  /* a unit's movement range */
  {
    int ranges = 0, hexes = 0;
    worst = 0;
    t0 = now_us ();
    for (guint i = 0; i < game->units->len && ranges < 500; i += 7)
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
