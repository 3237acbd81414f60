/* bench-play.c: a computer-vs-computer game of the demo scenario (gbacw-ai.h), every
 * Game-Turn to the end, under 0.5 s: the median of several seeds. Prints each game and
 * the figures against the target; exits 1 if the target is missed. */
#include <glib.h>
#include <stdlib.h>

#include "gbacw-ai.h"
#include "gbacw-data.h"
#include "gbacw-game.h"
#include "gbacw-scenario-io.h"

#define GAME_TARGET_MS 500.0
#define N_SEEDS 9

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GbacwScenario) s = NULL;
  double ms[N_SEEDS], total = 0, worst = 0, median;
  gboolean ok;

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
  for (int i = 0; i < N_SEEDS; i++)
    {
      guint32 seed = 1 + (guint32) i;
      g_autoptr (GbacwGame) game = gbacw_game_new (s, seed, &error);
      gint64 t0, t1;
      GbacwAiPlayResult result;

      if (game == NULL)
        {
          g_printerr ("bench-play: %s\n", error->message);
          return 1;
        }
      t0 = g_get_monotonic_time ();
      result = gbacw_ai_play (game, 3, 0, NULL, NULL, &error);
      t1 = g_get_monotonic_time ();
      if (result == GBACW_AI_PLAY_ERROR)
        {
          /* a game the engine stops early still measures the computer's speed */
          g_print ("seed %u: stopped at Game-Turn %d: %s\n", seed, game->turn, error->message);
          g_clear_error (&error);
        }
      ms[i] = (t1 - t0) / 1000.0;
      total += ms[i];
      worst = MAX (worst, ms[i]);
      g_print ("seed %-3u %5u actions, %4u events  %8.2f ms\n", seed, game->actions->len, game->events->len, ms[i]);
    }
  qsort (ms, N_SEEDS, sizeof ms[0], compare_doubles);
  median = ms[N_SEEDS / 2];
  ok = median <= GAME_TARGET_MS;
  g_print ("%-44s %9.3f %-3s (target < %g %s) %s\n", "computer-vs-computer demo game (median)", median, "ms",
           GAME_TARGET_MS, "ms", ok ? "ok" : "MISSED");
  g_print ("%-44s %9.3f ms, worst %.3f ms\n", "mean", total / N_SEEDS, worst);
  return ok ? 0 : 1;
}
