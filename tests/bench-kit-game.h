/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-kit-game.h: the benchmark of a game kit's scenario played computer against computer
 * to its end, the outcome followed after every action as `gbacw play --ai both` does: under
 * 2 s, the median of nine seeds (processor time: the game is played on one thread; the
 * wall-clock time is printed beside). With GBACW_BENCH_QUICK=1 one seed, and it fails only
 * at its quick limit, twice the target on the targets' machine (bench-quick.h). Included by
 * bench-pea-ridge.c, bench-jackson.c and bench-corinth.c. */
#pragma once

#include <glib.h>
#include <stdlib.h>
#include <time.h>

#include "gbacw-ai.h"
#include "gbacw-game.h"
#include "gbacw-query.h"
#include "bench-quick.h"

#define BENCH_KIT_TARGET_MS 2000.0
#define BENCH_KIT_SEEDS 9

static gboolean
bench_kit_follow_outcome (GbacwGame *game, const GbacwAction *action, gpointer user_data)
{
  (void) action;
  gbacw_outcome_update (user_data, game);
  return TRUE;
}

static int
bench_kit_compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Plays s (NULL: it could not be built, exit 1) seed after seed, each line labelled name,
 * the median line title; the exit status: 1 when a game does not end or the target is
 * missed. */
static int
bench_kit_games (const char *name, const char *title, const GbacwScenario *s)
{
  gboolean quick = g_strcmp0 (g_getenv ("GBACW_BENCH_QUICK"), "1") == 0;
  int n = quick ? 1 : BENCH_KIT_SEEDS;
  double ms[BENCH_KIT_SEEDS], limit = bench_time_limit (BENCH_KIT_TARGET_MS);

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
          g_printerr ("%s: %s\n", g_get_prgname (), error->message);
          return 1;
        }
      outcome = gbacw_outcome_new (game);
      t0 = g_get_monotonic_time ();
      c0 = bench_cpu_us (CLOCK_THREAD_CPUTIME_ID);
      if (gbacw_ai_play (game, 3, 0, bench_kit_follow_outcome, outcome, &error) != GBACW_AI_PLAY_OVER)
        {
          g_printerr ("%s: seed %d: the game did not end: %s\n", g_get_prgname (), 1 + i, error ? error->message : "");
          return 1;
        }
      ms[i] = (bench_cpu_us (CLOCK_THREAD_CPUTIME_ID) - c0) / 1000.0;
      gbacw_outcome_victory (outcome, game, &v);
      g_print ("%s seed %-2d Game-Turn %2d %6u actions %6u events  %s  %8.1f ms (wall-clock %.1f ms)\n", name, 1 + i,
               game->turn, game->actions->len, game->events->len, v.level, ms[i],
               (g_get_monotonic_time () - t0) / 1000.0);
      gbacw_victory_clear (&v);
    }
  qsort (ms, n, sizeof ms[0], bench_kit_compare_doubles);
  g_print ("%-52s %10.1f ms (target < %g ms%s) %s\n", title, ms[n / 2], BENCH_KIT_TARGET_MS,
           bench_limit_text (BENCH_KIT_TARGET_MS, limit), ms[n / 2] <= limit ? "ok" : "MISSED");
  return ms[n / 2] <= limit ? 0 : 1;
}
