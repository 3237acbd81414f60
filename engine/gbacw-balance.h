/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-balance.h: balance runs: the computer plays both sides of a scenario many
 * times, with different seeds, and the outcomes are counted.
 *
 * Game i is played with seed first_seed + i by gbacw_ai_play () for both sides,
 * followed by a GbacwOutcome (gbacw-query.h): the level of victory, the Victory Points
 * of each side and each side's losses (Strength Points and guns killed and captured,
 * leaders lost). The games are shared among n_jobs worker threads; every game has its
 * own GbacwGame (the scenario is only read), so the result is the same whatever the
 * number of jobs. GTK-free: `gbacw balance` and the editor's "Run N Games" use it.
 */
#pragma once

#include <gio/gio.h>

#include "gbacw-ai.h"

#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* One game of a run. */
typedef struct {
  guint32 seed;
  gboolean played;        /* played to its end (else: error, or cancelled before it ended) */
  char *error;            /* why it could not be played, or NULL */
  int category;           /* index in GbacwBalanceResult.categories */
  int winner;             /* -1: a draw */
  gboolean automatic;
  int vp[2];
  int losses[2];          /* SP and guns killed and captured, per side (its own) */
  int leaders_lost[2];
  int last_turn;          /* the Game-Turn it reached */
  guint n_actions;
} GbacwBalanceGame;

/* A level of victory (or a draw, or an automatic victory) and how many games ended so. */
typedef struct {
  char *name;             /* translated: "Union marginal victory", "Draw", "Automatic victory for Union" */
  int side;               /* the winner, -1: draw */
  gboolean automatic;
  guint count;
  char *id;               /* stable, not translated: "draw", "automatic:SIDE", "level:SIDE:MIN" (GbacwVictory.level_id) */
} GbacwBalanceCategory;

typedef struct {
  guint n_games;          /* asked for */
  guint n_played;         /* played to their end */
  guint n_failed;         /* refused by the rules or stuck (GbacwBalanceGame.error) */
  gboolean cancelled;
  guint n_jobs;
  double seconds;         /* wall-clock time */
  char *side_names[2];
  /* from the side 0 wins (automatic first, highest level first) to side 1's: every level
   * of the scenario, with a count of 0 where no game ended there */
  GArray *categories;     /* GbacwBalanceCategory */
  GArray *games;          /* GbacwBalanceGame, in seed order; only those played count below */
  guint wins[2], draws;
  double mean_vp[2];
  double mean_losses[2];
  double mean_leaders_lost[2];
  int vp_diff_min, vp_diff_max;   /* vp[0] - vp[1] over the games played */
  double vp_diff_mean;
  /* the run this is (a shard of): games run_games from first_seed at levels, this result
   * holding those whose index i has i % n_shards == shard (0-based; a whole run: 0 of 1) */
  guint run_games;
  guint32 first_seed;
  GbacwAiLevel levels[2];
  guint shard, n_shards;
} GbacwBalanceResult;

/* Called from the worker threads after each game played or stopped (done of total; the
 * games a cancellation left unstarted are not counted). */
typedef void (*GbacwBalanceProgressFunc) (guint done, guint total, gpointer user_data);

/* Plays n_games (n_jobs threads; 0: one per processor). Cancelling stops the games under
 * way and leaves the rest unplayed: the result counts the games played (cancelled is
 * set). NULL with an error when the scenario cannot be played at all. */
GbacwBalanceResult *gbacw_balance_run (const GbacwScenario *scenario, guint n_games, guint32 first_seed,
                                       guint n_jobs, GCancellable *cancellable,
                                       GbacwBalanceProgressFunc progress, gpointer user_data, GError **error);
/* The same with the computer at levels[side] for each side. */
GbacwBalanceResult *gbacw_balance_run_levels (const GbacwScenario *scenario, guint n_games, guint32 first_seed,
                                              const GbacwAiLevel levels[2], guint n_jobs, GCancellable *cancellable,
                                              GbacwBalanceProgressFunc progress, gpointer user_data,
                                              GError **error);
/* Shard shard (0-based) of n_shards of the run of n_games from first_seed: the games of
 * index i (seed first_seed + i) with i % n_shards == shard. Each game depends on its seed
 * alone, so the shards merged (gbacw_balance_merge ()) are the whole run. */
GbacwBalanceResult *gbacw_balance_run_shard (const GbacwScenario *scenario, guint n_games, guint32 first_seed,
                                             guint shard, guint n_shards, const GbacwAiLevel levels[2],
                                             guint n_jobs, GCancellable *cancellable,
                                             GbacwBalanceProgressFunc progress, gpointer user_data, GError **error);
/* An empty result (no categories, no games) of the two sides. */
GbacwBalanceResult *gbacw_balance_result_new (const char *const side_names[2]);
/* Counts the totals (n_played, n_failed, categories' counts, wins, means, VP differences)
 * from result->games. */
void                gbacw_balance_result_total (GbacwBalanceResult *result);
void                gbacw_balance_result_free (GbacwBalanceResult *result);

/* The result as JSON (UTF-8): the run, the sides, the categories with their ids and
 * counts, every game and the totals. scenario_digest (may be NULL) identifies the
 * scenario played (gbacw balance: the SHA-256 of its file), for merging. */
char               *gbacw_balance_to_json (const GbacwBalanceResult *result, const char *scenario_digest);
/* A result read back from gbacw_balance_to_json () text; *scenario_digest (may be NULL)
 * gets its digest. NULL with an error saying where the text is wrong. */
GbacwBalanceResult *gbacw_balance_from_json (const char *text, gsize length, char **scenario_digest, GError **error);
/* The shards of one run combined into the result of the run, as if played at once (games
 * in seed order, totals counted again; jobs and seconds added up). NULL with an error when
 * they are not of one run (scenario, seeds, levels, games, categories) or a game is in two. */
GbacwBalanceResult *gbacw_balance_merge (GPtrArray *shards, const char *const *digests, GError **error);

/* How many games ended with vp[0] - vp[1] in each bin of width bin_width from
 * vp_diff_min (rounded down to a multiple of the width): counts[0 .. *n_bins - 1]
 * (g_free). *first gets the lower bound of the first bin. */
guint              *gbacw_balance_vp_histogram (const GbacwBalanceResult *result, int bin_width, int *first,
                                                guint *n_bins);

/* The distribution as text (translated), as `gbacw balance` prints it. */
char               *gbacw_balance_format (const GbacwBalanceResult *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwBalanceResult, gbacw_balance_result_free)

G_END_DECLS
