/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-play.c: the computer player (gbacw-ai.h) playing both sides, as `gbacw play --ai
 * both` does (the outcome followed after every action):
 * - a game of the demo scenario, every Game-Turn to the end, under 0.5 s: the median of
 *   nine seeds;
 * - a game of a generated 40x48 scenario of 300 units (seed 1), every Game-Turn, under 1 s;
 * - the first Game-Turn of a generated 200x200 scenario of 5,000 units (seed 1), under 10 s.
 * The generated games are the median of three runs. The figures are processor time (the
 * game is played on one thread), so that other programs on a shared machine do not count;
 * the wall-clock time is printed beside. With GBACW_BENCH_QUICK=1 each is run once (the
 * demo with one seed) and fails only at its quick limit (bench_time_limit ()). Prints each
 * game and the figures against the targets; exits 1 if a target is missed. */
#define G_LOG_DOMAIN "bench-play"

#include <glib.h>
#include <stdlib.h>
#include <time.h>

#include "gbacw-ai.h"
#include "gbacw-data.h"
#include "gbacw-game.h"
#include "gbacw-generate.h"
#include "gbacw-query.h"
#include "gbacw-scenario-io.h"
#include "bench-quick.h"

#define DEMO_TARGET_MS 500.0
#define DEMO_SEEDS 9
#define MEDIUM_TARGET_MS 1000.0
#define LARGE_TARGET_MS 10000.0
#define GENERATED_RUNS 3

static gboolean
follow_outcome (GbacwGame *game, const GbacwAction *action, gpointer user_data)
{
  gbacw_outcome_update (user_data, game);
  return TRUE;
}

/* One game of s from seed, the first turns Game-Turns (0: all): its processor time in ms,
 * -1 when the game cannot be made. */
static double
play (const GbacwScenario *s, const char *name, guint32 seed, int turns)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (s, seed, &error);
  g_autoptr (GbacwOutcome) outcome = NULL;
  gint64 t0, t1, c0, c1;
  GbacwAiPlayResult result;
  double ms;

  if (game == NULL)
    {
      g_printerr ("bench-play: %s: %s\n", name, error->message);
      return -1;
    }
  outcome = gbacw_outcome_new (game);
  t0 = g_get_monotonic_time ();
  c0 = bench_cpu_us (CLOCK_THREAD_CPUTIME_ID);
  result = gbacw_ai_play (game, 3, turns > 0 ? game->turn + turns - 1 : 0, follow_outcome, outcome, &error);
  c1 = bench_cpu_us (CLOCK_THREAD_CPUTIME_ID);
  t1 = g_get_monotonic_time ();
  /* a game the engine stops early still measures the computer's speed */
  if (result == GBACW_AI_PLAY_ERROR)
    g_print ("%s, seed %u: stopped at Game-Turn %d: %s\n", name, seed, game->turn, error->message);
  ms = (c1 - c0) / 1000.0;
  g_print ("%-20s seed %-3u %6u actions, %6u events  %9.2f ms (wall-clock %.2f ms)\n", name, seed,
           game->actions->len, game->events->len, ms, (t1 - t0) / 1000.0);
  return ms;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *ms, int n)
{
  qsort (ms, n, sizeof ms[0], compare_doubles);
  return ms[n / 2];
}

/* Prints the figure against its target (its quick-mode limit: bench_time_limit ()); whether
 * it is met. */
static gboolean
report (const char *what, double ms, double target)
{
  double limit = bench_time_limit (target);
  gboolean ok = ms >= 0 && ms <= limit;

  g_print ("%-52s %10.3f ms (target < %g ms%s) %s\n", what, ms, target, bench_limit_text (target, limit),
           ok ? "ok" : "MISSED");
  return ok;
}

/* The median time of runs games of a generated scenario (seed 1). */
static double
generated (const GbacwScenario *demo, int columns, int rows, int n_units, int turns, int runs)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_generate_scenario (demo, columns, rows, n_units, 1, &error);
  g_autofree char *name = g_strdup_printf ("%dx%d, %d units", columns, rows, n_units);
  double ms[GENERATED_RUNS];

  if (s == NULL)
    {
      g_printerr ("bench-play: %s: %s\n", name, error->message);
      return -1;
    }
  for (int i = 0; i < runs; i++)
    if ((ms[i] = play (s, name, 1, turns)) < 0)
      return -1;
  return median (ms, runs);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GbacwScenario) s = NULL;
  gboolean quick = g_strcmp0 (g_getenv ("GBACW_BENCH_QUICK"), "1") == 0;
  int n_seeds = quick ? 1 : DEMO_SEEDS, runs = quick ? 1 : GENERATED_RUNS;
  double ms[DEMO_SEEDS], demo_median, medium, large;
  gboolean ok = TRUE;

  if (path == NULL)
    {
      g_printerr ("bench-play: cannot find scenarios/demo.xml (set GBACW_DATADIR)\n");
      return 1;
    }
  s = gbacw_scenario_load_file (path, &error);
  if (s == NULL)
    {
      g_printerr ("bench-play: %s\n", error->message);
      return 1;
    }
  for (int i = 0; i < n_seeds; i++)
    if ((ms[i] = play (s, "demo", 1 + (guint32) i, 0)) < 0)
      return 1;
  demo_median = median (ms, n_seeds);
  medium = generated (s, 40, 48, 300, 0, runs);
  large = generated (s, 200, 200, 5000, 1, runs);
  ok &= report ("computer-vs-computer demo game (median)", demo_median, DEMO_TARGET_MS);
  ok &= report ("a game of the 40x48 scenario of 300 units", medium, MEDIUM_TARGET_MS);
  ok &= report ("Game-Turn 1 of the 200x200 scenario of 5,000 units", large, LARGE_TARGET_MS);
  return ok ? 0 : 1;
}
