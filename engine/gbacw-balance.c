/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-balance.c: balance runs (the computer plays both sides, many seeds). */
#define G_LOG_DOMAIN "gbacw-balance"

#include "gbacw-balance.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gbacw-ai.h"
#include "gbacw-game.h"
#include "gbacw-query.h"

typedef struct {
  const GbacwScenario *scenario;
  GbacwBalanceResult *result;
  guint32 first_seed;
  GbacwAiLevel levels[2];
  GCancellable *cancellable;
  GbacwBalanceProgressFunc progress;
  gpointer user_data;
  gint done;              /* atomic */
} Run;

typedef struct {
  GbacwOutcome *outcome;
  GCancellable *cancellable;
} Observer;

static gboolean
observe (GbacwGame         *game,
         const GbacwAction *action,
         gpointer           user_data)
{
  Observer *o = user_data;

  gbacw_outcome_update (o->outcome, game);
  return !g_cancellable_is_cancelled (o->cancellable);
}

/* The category of a game's victory (categories are made from the scenario). */
static int
find_category (const GbacwBalanceResult *result,
               const GbacwVictory        *v)
{
  for (guint i = 0; i < result->categories->len; i++)
    {
      const GbacwBalanceCategory *c = &g_array_index (result->categories, GbacwBalanceCategory, i);

      if (c->automatic != v->automatic || c->side != v->winner)
        continue;
      if (c->automatic || c->side < 0 || g_strcmp0 (c->name, v->level) == 0)
        return (int) i;
    }
  return -1;
}

static void
play_one (gpointer data,
          gpointer user_data)
{
  Run *run = user_data;
  guint index = GPOINTER_TO_UINT (data) - 1;
  GbacwBalanceGame *g = &g_array_index (run->result->games, GbacwBalanceGame, index);
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwGame) game = NULL;
  g_autoptr(GbacwOutcome) outcome = NULL;
  GbacwAiPlayResult played;
  GbacwVictory v = { 0 };
  Observer o;

  g->seed = run->first_seed + index;
  g->category = -1;
  g->winner = -1;
  /* not started: not counted as done */
  if (g_cancellable_is_cancelled (run->cancellable))
    return;

  game = gbacw_game_new (run->scenario, g->seed, &error);
  if (game == NULL)
    {
      g->error = g_strdup (error->message);
      goto done;
    }
  outcome = gbacw_outcome_new (game);
  o.outcome = outcome;
  o.cancellable = run->cancellable;
  played = gbacw_ai_play_levels (game, 3, run->levels, 0, observe, &o, &error);
  g->n_actions = game->actions->len;
  g->last_turn = game->turn;
  if (played == GBACW_AI_PLAY_STOPPED)
    goto done;
  if (played == GBACW_AI_PLAY_ERROR || played == GBACW_AI_PLAY_WAITING)
    {
      g->error = g_strdup (error ? error->message : _("The computer player stopped"));
      goto done;
    }

  gbacw_outcome_victory (outcome, game, &v);
  g->played = TRUE;
  g->winner = v.winner;
  g->automatic = v.automatic;
  for (int side = 0; side < 2; side++)
    {
      g->vp[side] = v.vp[side];
      g->losses[side] = v.killed[side] + v.captured[side];
    }
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->type == GBACW_UNIT_LEADER && u->side >= 0 && u->side < 2)
        g->leaders_lost[u->side] += u->times_lost;
    }
  g->category = find_category (run->result, &v);
  gbacw_victory_clear (&v);

done:
  {
    guint done = (guint) g_atomic_int_add (&run->done, 1) + 1;
    if (run->progress != NULL)
      run->progress (done, run->result->n_games, run->user_data);
  }
}

static void
add_category (GbacwBalanceResult *result,
              char               *name,
              int                 side,
              gboolean            automatic)
{
  GbacwBalanceCategory c = { name, side, automatic, 0 };
  g_array_append_val (result->categories, c);
}

static int
compare_levels (gconstpointer a,
                gconstpointer b)
{
  const GbacwVictoryLevel *x = *(const GbacwVictoryLevel *const *) a;
  const GbacwVictoryLevel *y = *(const GbacwVictoryLevel *const *) b;

  return (x->min < y->min) - (x->min > y->min);   /* highest first */
}

static int
compare_levels_up (gconstpointer a,
                   gconstpointer b)
{
  return compare_levels (b, a);
}

static void
make_categories (GbacwBalanceResult  *result,
                 const GbacwScenario *scenario,
                 const GbacwGame     *game)
{
  for (int side = 0; side < 2; side++)
    {
      g_autoptr(GPtrArray) levels = g_ptr_array_new ();

      for (guint i = 0; i < scenario->victory_levels->len; i++)
        {
          GbacwVictoryLevel *level = g_ptr_array_index (scenario->victory_levels, i);
          if (gbacw_game_side_index (game, level->side) == side)
            g_ptr_array_add (levels, level);
        }
      /* side 0's highest level first, side 1's last */
      g_ptr_array_sort (levels, side == 0 ? compare_levels : compare_levels_up);
      if (side == 1)
        add_category (result, g_strdup (_("Draw")), -1, FALSE);
      else if (scenario->automatic_victories->len > 0)
        add_category (result, g_strdup_printf (_("Automatic victory for %s"), result->side_names[0]), 0, TRUE);
      for (guint i = 0; i < levels->len; i++)
        {
          const GbacwVictoryLevel *level = g_ptr_array_index (levels, i);
          add_category (result, g_strdup (level->name ? level->name : ""), side, FALSE);
        }
      if (side == 1 && scenario->automatic_victories->len > 0)
        add_category (result, g_strdup_printf (_("Automatic victory for %s"), result->side_names[1]), 1, TRUE);
    }
}

static void
clear_category (gpointer data)
{
  GbacwBalanceCategory *c = data;
  g_free (c->name);
}

static void
clear_game (gpointer data)
{
  GbacwBalanceGame *g = data;
  g_free (g->error);
}

void
gbacw_balance_result_free (GbacwBalanceResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->categories, g_array_unref);
  g_clear_pointer (&result->games, g_array_unref);
  g_free (result->side_names[0]);
  g_free (result->side_names[1]);
  g_free (result);
}

GbacwBalanceResult *
gbacw_balance_run (const GbacwScenario      *scenario,
                   guint                     n_games,
                   guint32                   first_seed,
                   guint                     n_jobs,
                   GCancellable             *cancellable,
                   GbacwBalanceProgressFunc  progress,
                   gpointer                  user_data,
                   GError                  **error)
{
  const GbacwAiLevel levels[2] = { GBACW_AI_LEVEL_NORMAL, GBACW_AI_LEVEL_NORMAL };
  return gbacw_balance_run_levels (scenario, n_games, first_seed, levels, n_jobs, cancellable, progress, user_data,
                                   error);
}

GbacwBalanceResult *
gbacw_balance_run_levels (const GbacwScenario      *scenario,
                          guint                     n_games,
                          guint32                   first_seed,
                          const GbacwAiLevel        levels[2],
                          guint                     n_jobs,
                          GCancellable             *cancellable,
                          GbacwBalanceProgressFunc  progress,
                          gpointer                  user_data,
                          GError                  **error)
{
  g_autoptr(GbacwBalanceResult) result = NULL;
  g_autoptr(GbacwGame) probe = NULL;
  GThreadPool *pool;
  gint64 start = g_get_monotonic_time ();
  Run run;
  guint n_diff = 0;
  double sum_diff = 0;

  g_return_val_if_fail (scenario != NULL, NULL);

  /* The scenario must make a game at all (two sides, turns). */
  probe = gbacw_game_new (scenario, first_seed, error);
  if (probe == NULL)
    return NULL;

  result = g_new0 (GbacwBalanceResult, 1);
  result->n_games = n_games;
  if (n_jobs == 0)
    n_jobs = g_get_num_processors ();
  result->n_jobs = MAX (1, MIN (n_jobs, MAX (n_games, 1)));
  result->side_names[0] = g_strdup (gbacw_game_side_name (probe, 0));
  result->side_names[1] = g_strdup (gbacw_game_side_name (probe, 1));
  result->categories = g_array_new (FALSE, TRUE, sizeof (GbacwBalanceCategory));
  g_array_set_clear_func (result->categories, clear_category);
  make_categories (result, scenario, probe);
  result->games = g_array_sized_new (FALSE, TRUE, sizeof (GbacwBalanceGame), n_games);
  g_array_set_clear_func (result->games, clear_game);
  g_array_set_size (result->games, n_games);

  run.scenario = scenario;
  run.result = result;
  run.first_seed = first_seed;
  run.levels[0] = levels[0];
  run.levels[1] = levels[1];
  run.cancellable = cancellable;
  run.progress = progress;
  run.user_data = user_data;
  run.done = 0;

  if (result->n_jobs == 1)
    {
      for (guint i = 0; i < n_games; i++)
        play_one (GUINT_TO_POINTER (i + 1), &run);
    }
  else
    {
      pool = g_thread_pool_new (play_one, &run, (int) result->n_jobs, TRUE, NULL);
      for (guint i = 0; i < n_games; i++)
        g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
      g_thread_pool_free (pool, FALSE, TRUE);
    }

  result->cancelled = g_cancellable_is_cancelled (cancellable);
  result->vp_diff_min = G_MAXINT;
  result->vp_diff_max = G_MININT;
  for (guint i = 0; i < n_games; i++)
    {
      const GbacwBalanceGame *g = &g_array_index (result->games, GbacwBalanceGame, i);
      int diff;

      if (g->error != NULL)
        result->n_failed++;
      if (!g->played)
        continue;
      result->n_played++;
      if (g->category >= 0)
        g_array_index (result->categories, GbacwBalanceCategory, g->category).count++;
      if (g->winner >= 0)
        result->wins[g->winner]++;
      else
        result->draws++;
      for (int side = 0; side < 2; side++)
        {
          result->mean_vp[side] += g->vp[side];
          result->mean_losses[side] += g->losses[side];
          result->mean_leaders_lost[side] += g->leaders_lost[side];
        }
      diff = g->vp[0] - g->vp[1];
      result->vp_diff_min = MIN (result->vp_diff_min, diff);
      result->vp_diff_max = MAX (result->vp_diff_max, diff);
      sum_diff += diff;
      n_diff++;
    }
  if (result->n_played > 0)
    for (int side = 0; side < 2; side++)
      {
        result->mean_vp[side] /= result->n_played;
        result->mean_losses[side] /= result->n_played;
        result->mean_leaders_lost[side] /= result->n_played;
      }
  if (n_diff == 0)
    result->vp_diff_min = result->vp_diff_max = 0;
  result->vp_diff_mean = n_diff ? sum_diff / n_diff : 0;
  result->seconds = (g_get_monotonic_time () - start) / 1e6;
  return g_steal_pointer (&result);
}

static int
floor_div (int a,
           int b)
{
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

guint *
gbacw_balance_vp_histogram (const GbacwBalanceResult *result,
                            int                       bin_width,
                            int                      *first,
                            guint                    *n_bins)
{
  guint *counts;
  int lo, hi, n;

  g_return_val_if_fail (result != NULL, NULL);
  bin_width = MAX (bin_width, 1);
  lo = floor_div (result->vp_diff_min, bin_width) * bin_width;
  hi = floor_div (result->vp_diff_max, bin_width) * bin_width;
  n = (hi - lo) / bin_width + 1;
  counts = g_new0 (guint, n);
  for (guint i = 0; i < result->games->len; i++)
    {
      const GbacwBalanceGame *g = &g_array_index (result->games, GbacwBalanceGame, i);
      if (g->played)
        counts[(floor_div (g->vp[0] - g->vp[1], bin_width) * bin_width - lo) / bin_width]++;
    }
  if (first != NULL)
    *first = lo;
  if (n_bins != NULL)
    *n_bins = (guint) n;
  return counts;
}

char *
gbacw_balance_format (const GbacwBalanceResult *result)
{
  GString *s = g_string_new (NULL);
  guint max_count = 1, n_bins, bar;
  int first, width;
  g_autofree guint *bins = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Games: %u played of %u (%u failed)%s, %u job, %.1f s\n",
                                             "Games: %u played of %u (%u failed)%s, %u jobs, %.1f s\n", result->n_jobs),
                          result->n_played,
                          result->n_games, result->n_failed, result->cancelled ? _(", cancelled") : "",
                          result->n_jobs, result->seconds);
  g_string_append (s, _("Levels of victory:\n"));
  for (guint i = 0; i < result->categories->len; i++)
    {
      const GbacwBalanceCategory *c = &g_array_index (result->categories, GbacwBalanceCategory, i);
      double percent = result->n_played ? 100.0 * c->count / result->n_played : 0;
      g_string_append_printf (s, "  %-40s %5u  %5.1f%%\n", c->name, c->count, percent);
    }
  g_string_append_printf (s, _("Wins: %s %u, %s %u, draws %u\n"), result->side_names[0], result->wins[0],
                          result->side_names[1], result->wins[1], result->draws);
  g_string_append_printf (s, _("Mean Victory Points: %s %.2f, %s %.2f\n"), result->side_names[0], result->mean_vp[0],
                          result->side_names[1], result->mean_vp[1]);
  g_string_append_printf (s, _("Mean losses (SP and guns): %s %.2f, %s %.2f\n"), result->side_names[0],
                          result->mean_losses[0], result->side_names[1], result->mean_losses[1]);
  g_string_append_printf (s, _("Mean leaders lost: %s %.2f, %s %.2f\n"), result->side_names[0],
                          result->mean_leaders_lost[0], result->side_names[1], result->mean_leaders_lost[1]);

  if (result->n_played == 0)
    return g_string_free (s, FALSE);
  /* TRANSLATORS: the histogram's heading: VP of the first side minus the second's */
  g_string_append_printf (s, _("VP difference (%s − %s), mean %+.2f:\n"), result->side_names[0],
                          result->side_names[1], result->vp_diff_mean);
  width = MAX (1, (result->vp_diff_max - result->vp_diff_min + 24) / 25);
  bins = gbacw_balance_vp_histogram (result, width, &first, &n_bins);
  for (guint i = 0; i < n_bins; i++)
    max_count = MAX (max_count, bins[i]);
  for (guint i = 0; i < n_bins; i++)
    {
      int lo = first + (int) i * width;
      char label[32];
      if (width == 1)
        g_snprintf (label, sizeof label, "%+d", lo);
      else
        g_snprintf (label, sizeof label, "%+d..%+d", lo, lo + width - 1);
      g_string_append_printf (s, "  %12s %5u ", label, bins[i]);
      bar = (bins[i] * 40 + max_count - 1) / max_count;
      for (guint k = 0; k < bar; k++)
        g_string_append (s, "#");
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
