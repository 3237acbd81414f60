/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-corinth.c: a computer-vs-computer game of the Corinth kit's Historical scenario
 * (data/games/corinth/corinth-historical.xml; its map unpainted, the stand-ins of `gbacw
 * stand-ins` for the values it does not enter, test-corinth-kit.c) to its end, every exclusive
 * rule of the kit played, the outcome followed after every action as `gbacw play --ai both`
 * does: under 2 s, the median of nine seeds (processor time: the game is played on one
 * thread; the wall-clock time is printed beside). With GBACW_BENCH_QUICK=1 one seed, and it
 * fails only at twice the target. Exits 1 if the target is missed. */
#define G_LOG_DOMAIN "bench-corinth"

#include <glib.h>
#include <stdlib.h>
#include <time.h>

#include "gbacw-ai.h"
#include "gbacw-game.h"
#include "gbacw-query.h"

#include "test-corinth-kit.c"

#define TARGET_MS 2000.0
#define SEEDS 9

static gint64
cpu_time_us (void)
{
  struct timespec t;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return (gint64) t.tv_sec * G_USEC_PER_SEC + t.tv_nsec / 1000;
}

static gboolean
follow_outcome (GbacwGame *game, const GbacwAction *action, gpointer user_data)
{
  (void) action;
  gbacw_outcome_update (user_data, game);
  return TRUE;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (void)
{
  g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins ("corinth-historical.xml");
  gboolean quick = g_strcmp0 (g_getenv ("GBACW_BENCH_QUICK"), "1") == 0;
  int n = quick ? 1 : SEEDS;
  double ms[SEEDS], limit = quick ? 2 * TARGET_MS : TARGET_MS;

  if (s == NULL)
    return 1;
  for (int i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = gbacw_game_new (s, 1 + (guint32) i, &error);
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v;
      gint64 t0, c0;

      if (game == NULL)
        {
          g_printerr ("bench-corinth: %s\n", error->message);
          return 1;
        }
      outcome = gbacw_outcome_new (game);
      t0 = g_get_monotonic_time ();
      c0 = cpu_time_us ();
      if (gbacw_ai_play (game, 3, 0, follow_outcome, outcome, &error) != GBACW_AI_PLAY_OVER)
        {
          g_printerr ("bench-corinth: seed %d: the game did not end: %s\n", 1 + i, error ? error->message : "");
          return 1;
        }
      ms[i] = (cpu_time_us () - c0) / 1000.0;
      gbacw_outcome_victory (outcome, game, &v);
      g_print ("corinth-historical seed %-2d Game-Turn %2d %6u actions %6u events  %s  %8.1f ms (wall-clock %.1f ms)\n", 1 + i,
               game->turn, game->actions->len, game->events->len, v.level, ms[i],
               (g_get_monotonic_time () - t0) / 1000.0);
      gbacw_victory_clear (&v);
    }
  qsort (ms, n, sizeof ms[0], compare_doubles);
  g_print ("%-52s %10.1f ms (target < %g ms%s) %s\n", "computer-vs-computer Corinth Historical game (median)", ms[n / 2],
           TARGET_MS, quick ? ", quick: < twice that" : "", ms[n / 2] <= limit ? "ok" : "MISSED");
  return ms[n / 2] <= limit ? 0 : 1;
}
