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
  guint shard, n_shards;  /* result->games[i] is game shard + i * n_shards of the run */
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
    if (v->level_id && g_strcmp0 (g_array_index (result->categories, GbacwBalanceCategory, i).id, v->level_id) == 0)
      return (int) i;
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

  g->seed = run->first_seed + run->shard + index * run->n_shards;
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
              gboolean            automatic,
              char               *id)
{
  GbacwBalanceCategory c = { name, side, automatic, 0, id };
  g_array_append_val (result->categories, c);
}

static char *
side_id_of (const GbacwScenario *scenario,
            int                  side)
{
  const GPtrArray *sides = scenario->oob.sides;
  return g_strdup (side >= 0 && (guint) side < sides->len ? ((const GbacwSide *) g_ptr_array_index (sides, side))->id : "");
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
      g_autofree char *id = side_id_of (scenario, side);
      if (side == 1)
        add_category (result, g_strdup (_("Draw")), -1, FALSE, g_strdup ("draw"));
      else if (scenario->automatic_victories->len > 0)
        add_category (result, g_strdup_printf (_("Automatic victory for %s"), result->side_names[0]), 0, TRUE,
                      g_strdup_printf ("automatic:%s", id));
      for (guint i = 0; i < levels->len; i++)
        {
          const GbacwVictoryLevel *level = g_ptr_array_index (levels, i);
          add_category (result, g_strdup (level->name ? level->name : ""), side, FALSE, gbacw_victory_level_id (level));
        }
      if (side == 1 && scenario->automatic_victories->len > 0)
        add_category (result, g_strdup_printf (_("Automatic victory for %s"), result->side_names[1]), 1, TRUE,
                      g_strdup_printf ("automatic:%s", id));
    }
}

static void
clear_category (gpointer data)
{
  GbacwBalanceCategory *c = data;
  g_free (c->name);
  g_free (c->id);
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
  return gbacw_balance_run_shard (scenario, n_games, first_seed, 0, 1, levels, n_jobs, cancellable, progress, user_data,
                                  error);
}

GbacwBalanceResult *
gbacw_balance_result_new (const char *const side_names[2])
{
  GbacwBalanceResult *result = g_new0 (GbacwBalanceResult, 1);

  result->side_names[0] = g_strdup (side_names[0]);
  result->side_names[1] = g_strdup (side_names[1]);
  result->categories = g_array_new (FALSE, TRUE, sizeof (GbacwBalanceCategory));
  g_array_set_clear_func (result->categories, clear_category);
  result->games = g_array_new (FALSE, TRUE, sizeof (GbacwBalanceGame));
  g_array_set_clear_func (result->games, clear_game);
  result->shard = 0;
  result->n_shards = 1;
  return result;
}

GbacwBalanceResult *
gbacw_balance_run_shard (const GbacwScenario      *scenario,
                         guint                     n_games,
                         guint32                   first_seed,
                         guint                     shard,
                         guint                     n_shards,
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
  const char *names[2];
  guint n_mine;
  Run run;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (n_shards >= 1 && shard < n_shards, NULL);

  /* The scenario must make a game at all (two sides, turns). */
  probe = gbacw_game_new (scenario, first_seed, error);
  if (probe == NULL)
    return NULL;

  /* this shard's games: those of the run whose index is shard modulo n_shards */
  n_mine = n_games > shard ? (n_games - shard + n_shards - 1) / n_shards : 0;
  names[0] = gbacw_game_side_name (probe, 0);
  names[1] = gbacw_game_side_name (probe, 1);
  result = gbacw_balance_result_new (names);
  result->n_games = n_mine;
  result->shard = shard;
  result->n_shards = n_shards;
  result->run_games = n_games;
  result->first_seed = first_seed;
  result->levels[0] = levels[0];
  result->levels[1] = levels[1];
  if (n_jobs == 0)
    n_jobs = g_get_num_processors ();
  result->n_jobs = MAX (1, MIN (n_jobs, MAX (n_mine, 1)));
  make_categories (result, scenario, probe);
  g_array_set_size (result->games, n_mine);

  run.scenario = scenario;
  run.result = result;
  run.first_seed = first_seed;
  run.shard = shard;
  run.n_shards = n_shards;
  run.levels[0] = levels[0];
  run.levels[1] = levels[1];
  run.cancellable = cancellable;
  run.progress = progress;
  run.user_data = user_data;
  run.done = 0;

  if (result->n_jobs == 1)
    {
      for (guint i = 0; i < n_mine; i++)
        play_one (GUINT_TO_POINTER (i + 1), &run);
    }
  else
    {
      pool = g_thread_pool_new (play_one, &run, (int) result->n_jobs, TRUE, NULL);
      for (guint i = 0; i < n_mine; i++)
        g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
      g_thread_pool_free (pool, FALSE, TRUE);
    }

  result->cancelled = g_cancellable_is_cancelled (cancellable);
  gbacw_balance_result_total (result);
  result->seconds = (g_get_monotonic_time () - start) / 1e6;
  return g_steal_pointer (&result);
}

void
gbacw_balance_result_total (GbacwBalanceResult *result)
{
  guint n_diff = 0;
  double sum_diff = 0;

  g_return_if_fail (result != NULL);

  result->n_played = result->n_failed = 0;
  result->wins[0] = result->wins[1] = result->draws = 0;
  for (int side = 0; side < 2; side++)
    result->mean_vp[side] = result->mean_losses[side] = result->mean_leaders_lost[side] = 0;
  for (guint i = 0; i < result->categories->len; i++)
    g_array_index (result->categories, GbacwBalanceCategory, i).count = 0;
  result->vp_diff_min = G_MAXINT;
  result->vp_diff_max = G_MININT;
  for (guint i = 0; i < result->games->len; i++)
    {
      const GbacwBalanceGame *g = &g_array_index (result->games, GbacwBalanceGame, i);
      int diff;

      if (g->error != NULL)
        result->n_failed++;
      if (!g->played)
        continue;
      result->n_played++;
      if (g->category >= 0 && (guint) g->category < result->categories->len)
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

/* ------------------------------------------------------------------ JSON */

static void
json_string (GString    *out,
             const char *s)
{
  g_string_append_c (out, '"');
  for (const char *p = s ? s : ""; *p; p++)
    {
      guchar c = (guchar) *p;
      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", c);
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c < 0x20)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_c (out, (char) c);
    }
  g_string_append_c (out, '"');
}

static void
json_pair (GString    *out,
           const int   values[2])
{
  g_string_append_printf (out, "[%d, %d]", values[0], values[1]);
}

static void
json_double (GString *out,
             double   value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.17g", value));
}

char *
gbacw_balance_to_json (const GbacwBalanceResult *result,
                       const char               *scenario_digest)
{
  GString *out = g_string_new ("{\n  \"format\": \"gbacw-balance\",\n  \"version\": 1,\n  \"scenario\": ");

  g_return_val_if_fail (result != NULL, NULL);
  json_string (out, scenario_digest ? scenario_digest : "");
  g_string_append_printf (out, ",\n  \"run-games\": %u,\n  \"first-seed\": %u,\n  \"levels\": [\"%s\", \"%s\"],\n"
                          "  \"shard\": %u,\n  \"shards\": %u,\n  \"jobs\": %u,\n  \"seconds\": ",
                          result->run_games, result->first_seed, gbacw_ai_level_to_string (result->levels[0]),
                          gbacw_ai_level_to_string (result->levels[1]), result->shard + 1, result->n_shards,
                          result->n_jobs);
  json_double (out, result->seconds);
  g_string_append_printf (out, ",\n  \"cancelled\": %s,\n  \"sides\": [", result->cancelled ? "true" : "false");
  json_string (out, result->side_names[0]);
  g_string_append (out, ", ");
  json_string (out, result->side_names[1]);
  g_string_append (out, "],\n  \"categories\": [");
  for (guint i = 0; i < result->categories->len; i++)
    {
      const GbacwBalanceCategory *c = &g_array_index (result->categories, GbacwBalanceCategory, i);
      g_string_append (out, i ? ",\n    {\"id\": " : "\n    {\"id\": ");
      json_string (out, c->id);
      g_string_append (out, ", \"name\": ");
      json_string (out, c->name);
      g_string_append_printf (out, ", \"side\": %d, \"automatic\": %s, \"count\": %u}", c->side,
                              c->automatic ? "true" : "false", c->count);
    }
  g_string_append (out, "\n  ],\n  \"games\": [");
  for (guint i = 0; i < result->games->len; i++)
    {
      const GbacwBalanceGame *g = &g_array_index (result->games, GbacwBalanceGame, i);
      g_string_append_printf (out, "%s\n    {\"seed\": %u, \"played\": %s, \"error\": ", i ? "," : "", g->seed,
                              g->played ? "true" : "false");
      if (g->error)
        json_string (out, g->error);
      else
        g_string_append (out, "null");
      g_string_append (out, ", \"category\": ");
      if (g->category >= 0 && (guint) g->category < result->categories->len)
        json_string (out, g_array_index (result->categories, GbacwBalanceCategory, g->category).id);
      else
        g_string_append (out, "null");
      g_string_append_printf (out, ", \"winner\": %d, \"automatic\": %s, \"vp\": ", g->winner,
                              g->automatic ? "true" : "false");
      json_pair (out, g->vp);
      g_string_append (out, ", \"losses\": ");
      json_pair (out, g->losses);
      g_string_append (out, ", \"leaders-lost\": ");
      json_pair (out, g->leaders_lost);
      g_string_append_printf (out, ", \"last-turn\": %d, \"actions\": %u}", g->last_turn, g->n_actions);
    }
  g_string_append_printf (out, "\n  ],\n  \"totals\": {\"games\": %u, \"played\": %u, \"failed\": %u, \"wins\": [%u, %u], "
                          "\"draws\": %u, \"mean-vp\": [", result->n_games, result->n_played, result->n_failed,
                          result->wins[0], result->wins[1], result->draws);
  for (int side = 0; side < 2; side++)
    {
      g_string_append (out, side ? ", " : "");
      json_double (out, result->mean_vp[side]);
    }
  g_string_append (out, "], \"mean-losses\": [");
  for (int side = 0; side < 2; side++)
    {
      g_string_append (out, side ? ", " : "");
      json_double (out, result->mean_losses[side]);
    }
  g_string_append (out, "], \"mean-leaders-lost\": [");
  for (int side = 0; side < 2; side++)
    {
      g_string_append (out, side ? ", " : "");
      json_double (out, result->mean_leaders_lost[side]);
    }
  g_string_append_printf (out, "], \"vp-diff-min\": %d, \"vp-diff-max\": %d, \"vp-diff-mean\": ", result->vp_diff_min,
                          result->vp_diff_max);
  json_double (out, result->vp_diff_mean);
  g_string_append (out, "}\n}\n");
  return g_string_free (out, FALSE);
}

/* A small JSON reader for what gbacw_balance_to_json () writes (RFC 8259 values; numbers
 * as doubles). */
typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonKind;

typedef struct _Json Json;
struct _Json {
  JsonKind kind;
  char *key;              /* a member of an object */
  char *string;
  double number;
  gboolean boolean;
  GPtrArray *items;       /* Json *: an array's values, an object's members */
};

static void
json_free (Json *j)
{
  if (j == NULL)
    return;
  g_free (j->key);
  g_free (j->string);
  if (j->items)
    g_ptr_array_unref (j->items);
  g_free (j);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Json, json_free)

typedef struct {
  const char *p, *start, *end;
  GError **error;
} JsonReader;

#define JSON_MAX_DEPTH 32

static int
reader_line (const JsonReader *r)
{
  int line = 1;
  for (const char *c = r->start; c < r->p && c < r->end; c++)
    line += *c == '\n';
  return line;
}

static gboolean
reader_fail (JsonReader *r,
             const char *what)
{
  if (r->error && *r->error == NULL)
    g_set_error (r->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("line %d: %s"), reader_line (r), what);
  return FALSE;
}

static void
skip_space (JsonReader *r)
{
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
    r->p++;
}

static gboolean
read_literal (JsonReader *r,
              const char *word)
{
  gsize n = strlen (word);
  if ((gsize) (r->end - r->p) < n || memcmp (r->p, word, n) != 0)
    return FALSE;
  r->p += n;
  return TRUE;
}

static char *
read_string (JsonReader *r)
{
  GString *s = g_string_new (NULL);

  r->p++;   /* the opening quote */
  while (r->p < r->end && *r->p != '"')
    {
      char c = *r->p++;
      if ((guchar) c < 0x20)
        break;
      if (c != '\\')
        {
          g_string_append_c (s, c);
          continue;
        }
      if (r->p >= r->end)
        break;
      c = *r->p++;
      switch (c)
        {
        case '"': case '\\': case '/': g_string_append_c (s, c); break;
        case 'n': g_string_append_c (s, '\n'); break;
        case 't': g_string_append_c (s, '\t'); break;
        case 'r': g_string_append_c (s, '\r'); break;
        case 'b': g_string_append_c (s, '\b'); break;
        case 'f': g_string_append_c (s, '\f'); break;
        case 'u':
          {
            char hex[5] = { 0 };
            gunichar ch;
            if (r->end - r->p < 4)
              goto bad;
            memcpy (hex, r->p, 4);
            for (int k = 0; k < 4; k++)
              if (!g_ascii_isxdigit (hex[k]))
                goto bad;
            ch = (gunichar) g_ascii_strtoull (hex, NULL, 16);
            r->p += 4;
            if (ch >= 0xd800 && ch < 0xe000)
              ch = 0xfffd;   /* surrogates: not written by gbacw */
            g_string_append_unichar (s, ch);
            break;
          }
        default:
          goto bad;
        }
    }
  if (r->p < r->end && *r->p == '"')
    {
      r->p++;
      if (g_utf8_validate (s->str, (gssize) s->len, NULL))
        return g_string_free (s, FALSE);
      reader_fail (r, _("a string is not valid UTF-8"));
      g_string_free (s, TRUE);
      return NULL;
    }
bad:
  reader_fail (r, _("a string is not closed or has a bad escape"));
  g_string_free (s, TRUE);
  return NULL;
}

static Json *read_value (JsonReader *r, int depth);

static Json *
read_container (JsonReader *r,
                int         depth,
                gboolean    object)
{
  g_autoptr (Json) j = g_new0 (Json, 1);
  char close = object ? '}' : ']';

  j->kind = object ? JSON_OBJECT : JSON_ARRAY;
  j->items = g_ptr_array_new_with_free_func ((GDestroyNotify) json_free);
  r->p++;
  skip_space (r);
  if (r->p < r->end && *r->p == close)
    {
      r->p++;
      return g_steal_pointer (&j);
    }
  for (;;)
    {
      g_autofree char *key = NULL;
      Json *item;
      skip_space (r);
      if (object)
        {
          if (r->p >= r->end || *r->p != '"')
            return reader_fail (r, _("a member name (a string) is expected")), NULL;
          if ((key = read_string (r)) == NULL)
            return NULL;
          skip_space (r);
          if (r->p >= r->end || *r->p != ':')
            return reader_fail (r, _("“:” is expected after a member name")), NULL;
          r->p++;
        }
      if ((item = read_value (r, depth + 1)) == NULL)
        return NULL;
      item->key = g_steal_pointer (&key);
      g_ptr_array_add (j->items, item);
      skip_space (r);
      if (r->p < r->end && *r->p == ',')
        {
          r->p++;
          continue;
        }
      if (r->p < r->end && *r->p == close)
        {
          r->p++;
          return g_steal_pointer (&j);
        }
      return reader_fail (r, object ? _("“,” or “}” is expected") : _("“,” or “]” is expected")), NULL;
    }
}

static Json *
read_value (JsonReader *r,
            int         depth)
{
  Json *j;

  skip_space (r);
  if (depth > JSON_MAX_DEPTH)
    return reader_fail (r, _("the values are nested too deeply")), NULL;
  if (r->p >= r->end)
    return reader_fail (r, _("the text ends where a value is expected")), NULL;
  if (*r->p == '{' || *r->p == '[')
    return read_container (r, depth, *r->p == '{');
  j = g_new0 (Json, 1);
  if (*r->p == '"')
    {
      j->kind = JSON_STRING;
      if ((j->string = read_string (r)) == NULL)
        return json_free (j), NULL;
    }
  else if (read_literal (r, "true") || read_literal (r, "false"))
    {
      j->kind = JSON_BOOL;
      j->boolean = r->p[-1] == 'e' && r->p[-2] == 'u';
    }
  else if (read_literal (r, "null"))
    j->kind = JSON_NULL;
  else
    {
      char buf[64];
      gsize n = 0;
      char *end;
      while (r->p + n < r->end && n < sizeof buf - 1 && strchr ("+-0123456789.eE", r->p[n]))
        n++;
      memcpy (buf, r->p, n);
      buf[n] = '\0';
      j->kind = JSON_NUMBER;
      j->number = g_ascii_strtod (buf, &end);
      if (n == 0 || *end != '\0')
        {
          json_free (j);
          return reader_fail (r, _("a value is expected (a string, a number, true, false, null, an array or an object)")),
                 NULL;
        }
      r->p += n;
    }
  return j;
}

static const Json *
member (const Json *object,
        const char *key)
{
  for (guint i = 0; object && object->kind == JSON_OBJECT && i < object->items->len; i++)
    {
      const Json *m = g_ptr_array_index (object->items, i);
      if (g_strcmp0 (m->key, key) == 0)
        return m;
    }
  return NULL;
}

/* Fields read from the JSON text, with what is wrong said once. */
typedef struct {
  GError **error;
  const char *where;
} Fields;

static gboolean
fields_fail (Fields     *f,
             const char *key,
             const char *want)
{
  if (f->error && *f->error == NULL)
    /* TRANSLATORS: "games[3]: "vp" must be an array of two whole numbers" */
    g_set_error (f->error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s: “%s” must be %s"), f->where, key, want);
  return FALSE;
}

static gboolean
get_int (Fields     *f,
         const Json *object,
         const char *key,
         gint64      min,
         gint64      max,
         gint64     *out)
{
  const Json *m = member (object, key);
  /* the range first: a number out of it (1e999) is not converted */
  if (m == NULL || m->kind != JSON_NUMBER || !(m->number >= (double) min && m->number <= (double) max)
      || m->number != floor (m->number))
    return fields_fail (f, key, _("a whole number in range"));
  *out = (gint64) m->number;
  return TRUE;
}

static gboolean
get_double (Fields     *f,
            const Json *object,
            const char *key,
            double     *out)
{
  const Json *m = member (object, key);
  if (m == NULL || m->kind != JSON_NUMBER || !isfinite (m->number))
    return fields_fail (f, key, _("a number"));
  *out = m->number;
  return TRUE;
}

static gboolean
get_bool (Fields     *f,
          const Json *object,
          const char *key,
          gboolean   *out)
{
  const Json *m = member (object, key);
  if (m == NULL || m->kind != JSON_BOOL)
    return fields_fail (f, key, _("true or false"));
  *out = m->boolean;
  return TRUE;
}

/* A string, or NULL for null when nullable. */
static gboolean
get_string (Fields      *f,
            const Json  *object,
            const char  *key,
            gboolean     nullable,
            const char **out)
{
  const Json *m = member (object, key);
  if (m != NULL && m->kind == JSON_STRING)
    {
      *out = m->string;
      return TRUE;
    }
  if (m != NULL && nullable && m->kind == JSON_NULL)
    {
      *out = NULL;
      return TRUE;
    }
  return fields_fail (f, key, nullable ? _("a string or null") : _("a string"));
}

static gboolean
get_pair (Fields     *f,
          const Json *object,
          const char *key,
          int         out[2])
{
  const Json *m = member (object, key);
  if (m == NULL || m->kind != JSON_ARRAY || m->items->len != 2)
    return fields_fail (f, key, _("an array of two whole numbers"));
  for (int k = 0; k < 2; k++)
    {
      const Json *v = g_ptr_array_index (m->items, k);
      if (v->kind != JSON_NUMBER || !(v->number >= G_MININT && v->number <= G_MAXINT) || v->number != floor (v->number))
        return fields_fail (f, key, _("an array of two whole numbers"));
      out[k] = (int) v->number;
    }
  return TRUE;
}

static const Json *
get_array (Fields     *f,
           const Json *object,
           const char *key,
           guint       exact)
{
  const Json *m = member (object, key);
  if (m == NULL || m->kind != JSON_ARRAY || (exact && m->items->len != exact))
    {
      fields_fail (f, key, _("an array"));
      return NULL;
    }
  return m;
}

GbacwBalanceResult *
gbacw_balance_from_json (const char  *text,
                         gsize        length,
                         char       **scenario_digest,
                         GError     **error)
{
  JsonReader r = { text, text, text + length, error };
  g_autoptr (Json) root = NULL;
  g_autoptr (GbacwBalanceResult) result = NULL;
  Fields f = { error, _("the balance results") };
  const Json *sides, *levels, *categories, *games;
  const char *format, *digest, *names[2];
  gint64 version = 0, run_games = 0, first_seed = 0, shard = 0, shards = 0, jobs = 0;
  double seconds = 0;
  gboolean cancelled = FALSE;

  g_return_val_if_fail (text != NULL, NULL);

  root = read_value (&r, 0);
  if (root == NULL)
    return NULL;
  skip_space (&r);
  if (r.p != r.end)
    return reader_fail (&r, _("text follows the end of the results")), NULL;
  if (root->kind != JSON_OBJECT || !get_string (&f, root, "format", FALSE, &format)
      || g_strcmp0 (format, "gbacw-balance") != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("not the results of gbacw balance --format json (no “format”: “gbacw-balance”)"));
      return NULL;
    }
  if (!get_int (&f, root, "version", 1, 1, &version) || !get_string (&f, root, "scenario", FALSE, &digest)
      || !get_int (&f, root, "run-games", 0, G_MAXUINT32, &run_games)
      || !get_int (&f, root, "first-seed", 0, G_MAXUINT32, &first_seed)
      || !get_int (&f, root, "shards", 1, G_MAXUINT32, &shards)
      || !get_int (&f, root, "shard", 1, shards, &shard) || !get_int (&f, root, "jobs", 0, G_MAXUINT32, &jobs)
      || !get_double (&f, root, "seconds", &seconds) || !get_bool (&f, root, "cancelled", &cancelled)
      || (sides = get_array (&f, root, "sides", 2)) == NULL || (levels = get_array (&f, root, "levels", 2)) == NULL
      || (categories = get_array (&f, root, "categories", 0)) == NULL
      || (games = get_array (&f, root, "games", 0)) == NULL)
    return NULL;
  for (int k = 0; k < 2; k++)
    {
      const Json *name = g_ptr_array_index (sides->items, k);
      if (name->kind != JSON_STRING)
        return fields_fail (&f, "sides", _("an array of two strings")), NULL;
      names[k] = name->string;
    }
  result = gbacw_balance_result_new (names);
  for (int k = 0; k < 2; k++)
    {
      const Json *level = g_ptr_array_index (levels->items, k);
      if (level->kind != JSON_STRING || !gbacw_ai_level_from_string (level->string, &result->levels[k]))
        return fields_fail (&f, "levels", _("an array of two levels (easy, normal, hard)")), NULL;
    }
  result->run_games = (guint) run_games;
  result->first_seed = (guint32) first_seed;
  result->shard = (guint) shard - 1;
  result->n_shards = (guint) shards;
  result->n_jobs = (guint) jobs;
  result->seconds = seconds;
  result->cancelled = cancelled;
  for (guint i = 0; i < categories->items->len; i++)
    {
      const Json *c = g_ptr_array_index (categories->items, i);
      g_autofree char *where = g_strdup_printf ("categories[%u]", i);
      Fields cf = { error, where };
      const char *id, *name;
      gint64 side;
      gboolean automatic;
      if (!get_string (&cf, c, "id", FALSE, &id) || !get_string (&cf, c, "name", FALSE, &name)
          || !get_int (&cf, c, "side", -1, 1, &side) || !get_bool (&cf, c, "automatic", &automatic))
        return NULL;
      add_category (result, g_strdup (name), (int) side, automatic, g_strdup (id));
    }
  g_array_set_size (result->games, games->items->len);
  for (guint i = 0; i < games->items->len; i++)
    {
      const Json *j = g_ptr_array_index (games->items, i);
      GbacwBalanceGame *g = &g_array_index (result->games, GbacwBalanceGame, i);
      g_autofree char *where = g_strdup_printf ("games[%u]", i);
      Fields gf = { error, where };
      const char *game_error, *category;
      gint64 seed, winner, last_turn, actions;
      if (!get_int (&gf, j, "seed", 0, G_MAXUINT32, &seed) || !get_bool (&gf, j, "played", &g->played)
          || !get_string (&gf, j, "error", TRUE, &game_error) || !get_string (&gf, j, "category", TRUE, &category)
          || !get_int (&gf, j, "winner", -1, 1, &winner) || !get_bool (&gf, j, "automatic", &g->automatic)
          || !get_pair (&gf, j, "vp", g->vp) || !get_pair (&gf, j, "losses", g->losses)
          || !get_pair (&gf, j, "leaders-lost", g->leaders_lost)
          || !get_int (&gf, j, "last-turn", G_MININT, G_MAXINT, &last_turn)
          || !get_int (&gf, j, "actions", 0, G_MAXUINT, &actions))
        return NULL;
      g->seed = (guint32) seed;
      g->error = g_strdup (game_error);
      g->winner = (int) winner;
      g->last_turn = (int) last_turn;
      g->n_actions = (guint) actions;
      g->category = -1;
      for (guint k = 0; category && k < result->categories->len; k++)
        if (g_strcmp0 (g_array_index (result->categories, GbacwBalanceCategory, k).id, category) == 0)
          g->category = (int) k;
      if (category && g->category < 0)
        return fields_fail (&gf, "category", _("the id of one of the categories")), NULL;
    }
  result->n_games = result->games->len;
  gbacw_balance_result_total (result);
  if (scenario_digest)
    *scenario_digest = g_strdup (digest);
  return g_steal_pointer (&result);
}

static int
compare_seeds (gconstpointer a,
               gconstpointer b)
{
  guint32 x = ((const GbacwBalanceGame *) a)->seed, y = ((const GbacwBalanceGame *) b)->seed;
  return (x > y) - (x < y);
}

GbacwBalanceResult *
gbacw_balance_merge (GPtrArray         *shards,
                     const char *const *digests,
                     GError           **error)
{
  g_autoptr (GbacwBalanceResult) merged = NULL;
  const GbacwBalanceResult *first;

  g_return_val_if_fail (shards != NULL && shards->len > 0, NULL);

  first = g_ptr_array_index (shards, 0);
  merged = gbacw_balance_result_new ((const char *const *) first->side_names);
  merged->run_games = first->run_games;
  merged->first_seed = first->first_seed;
  merged->levels[0] = first->levels[0];
  merged->levels[1] = first->levels[1];
  for (guint i = 0; i < first->categories->len; i++)
    {
      const GbacwBalanceCategory *c = &g_array_index (first->categories, GbacwBalanceCategory, i);
      add_category (merged, g_strdup (c->name), c->side, c->automatic, g_strdup (c->id));
    }
  for (guint s = 0; s < shards->len; s++)
    {
      const GbacwBalanceResult *r = g_ptr_array_index (shards, s);
      gboolean same = r->run_games == first->run_games && r->first_seed == first->first_seed
                      && r->levels[0] == first->levels[0] && r->levels[1] == first->levels[1]
                      && r->n_shards == first->n_shards && r->categories->len == first->categories->len
                      && (digests == NULL || g_strcmp0 (digests[s], digests[0]) == 0);
      for (guint i = 0; same && i < r->categories->len; i++)
        same = g_strcmp0 (g_array_index (r->categories, GbacwBalanceCategory, i).id,
                          g_array_index (first->categories, GbacwBalanceCategory, i).id) == 0;
      if (!same)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("shard %u of %u is not of the same run as the first (scenario, seeds, games, levels or "
                         "levels of victory differ)"),
                       r->shard + 1, r->n_shards);
          return NULL;
        }
      for (guint i = 0; i < r->games->len; i++)
        {
          GbacwBalanceGame g = g_array_index (r->games, GbacwBalanceGame, i);
          g.error = g_strdup (g.error);
          g_array_append_val (merged->games, g);
        }
      merged->n_jobs += r->n_jobs;
      merged->seconds += r->seconds;
      merged->cancelled |= r->cancelled;
    }
  g_array_sort (merged->games, compare_seeds);
  for (guint i = 1; i < merged->games->len; i++)
    if (g_array_index (merged->games, GbacwBalanceGame, i).seed == g_array_index (merged->games, GbacwBalanceGame, i - 1).seed)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("the game of seed %u is in two of the results"),
                     g_array_index (merged->games, GbacwBalanceGame, i).seed);
        return NULL;
      }
  merged->n_games = merged->games->len;
  gbacw_balance_result_total (merged);
  return g_steal_pointer (&merged);
}
