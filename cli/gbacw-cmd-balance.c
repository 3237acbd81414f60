/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-balance.c: "gbacw balance FILE --games N [--jobs J] [--seed S] [--ai-level LEVEL[,LEVEL]]
 * [--shard K/N] [--format text|json]" — the computer plays both sides N times with different
 * seeds and the distribution of the outcomes is printed: levels of victory, wins, mean
 * Victory Points and losses per side, and a histogram of the VP difference
 * (engine/gbacw-balance.h). --shard K/N plays only the games of shard K of N (the games i,
 * seed SEED + i, with i modulo N = K - 1); "gbacw balance merge A.json B.json …" combines
 * the JSON results of the shards of one run into the report of the whole run.
 *
 * Exit status: 0 success, 1 bad input (or every game failed), 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-balance"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gbacw-balance.h"
#include "gbacw-cmd-check.h"
#include "gbacw-file-read.h"
#include "gbacw-scenario-io.h"

int gbacw_cmd_balance (int argc, char **argv);

static void
progress (guint    done,
          guint    total,
          gpointer user_data)
{
  if (GPOINTER_TO_INT (user_data))
    g_printerr ("\r%u/%u", done, total);
}

/* "K/N" with 1 <= K <= N. */
static gboolean
parse_shard (const char *text,
             guint      *shard,
             guint      *n_shards)
{
  guint64 k, n;
  char *end;

  if (text == NULL)
    {
      *shard = 0;
      *n_shards = 1;
      return TRUE;
    }
  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  k = g_ascii_strtoull (text, &end, 10);
  if (*end != '/' || !g_ascii_isdigit (end[1]))
    return FALSE;
  n = g_ascii_strtoull (end + 1, &end, 10);
  if (*end != '\0' || k < 1 || n < 1 || k > n || n > G_MAXUINT32)
    return FALSE;
  *shard = (guint) k - 1;
  *n_shards = (guint) n;
  return TRUE;
}

static gboolean
parse_format (const char *text,
              gboolean   *json)
{
  *json = g_strcmp0 (text, "json") == 0;
  return text == NULL || *json || g_strcmp0 (text, "text") == 0;
}

/* The result printed as the format asks (text: the games too when list). */
static void
print_result (const GbacwBalanceResult *result,
              gboolean                  json,
              gboolean                  list,
              const char               *digest)
{
  g_autofree char *text = NULL;

  if (json)
    {
      text = gbacw_balance_to_json (result, digest);
      fputs (text, stdout);
      return;
    }
  if (list)
    for (guint i = 0; i < result->games->len; i++)
      {
        const GbacwBalanceGame *g = &g_array_index (result->games, GbacwBalanceGame, i);
        const char *level = g->category >= 0
                            ? g_array_index (result->categories, GbacwBalanceCategory, g->category).name : "";
        if (g->played)
          g_print (g_dngettext (GETTEXT_PACKAGE, "seed %u: %s, VP %d–%d, losses %d–%d, Game-Turn %d, %u action\n",
                                "seed %u: %s, VP %d–%d, losses %d–%d, Game-Turn %d, %u actions\n", g->n_actions),
                   g->seed, level, g->vp[0],
                   g->vp[1], g->losses[0], g->losses[1], g->last_turn, g->n_actions);
        else
          g_print (_("seed %u: not played: %s\n"), g->seed, g->error ? g->error : _("cancelled"));
      }
  text = gbacw_balance_format (result);
  g_print ("%s", text);
}

static void
print_game_errors (const GbacwBalanceResult *result)
{
  for (guint i = 0; i < result->games->len; i++)
    {
      const GbacwBalanceGame *g = &g_array_index (result->games, GbacwBalanceGame, i);
      if (g->error != NULL)
        g_printerr (_("gbacw: seed %u: %s\n"), g->seed, g->error);
    }
}

/* "gbacw balance merge A.json B.json …" */
static int
balance_merge (int    argc,
               char **argv)
{
  g_autofree char *format = NULL;
  gboolean list = FALSE, json;
  GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("text (the default) or json"), N_("FORMAT") },
    { "list", 0, 0, G_OPTION_ARG_NONE, &list, N_("Also print one line per game"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("merge FILE.json… — the shards of one balance run combined into its report"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) shards = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_balance_result_free);
  g_autoptr(GPtrArray) digests = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GbacwBalanceResult) merged = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 2;
    }
  if (argc < 3 || !parse_format (format, &json))
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("gbacw: %s\n\n%s", argc < 3 ? _("Missing arguments: the JSON results to merge")
                                             : _("--format must be text or json"), help);
      return 2;
    }
  for (int i = 2; i < argc; i++)
    {
      g_autoptr(GBytes) bytes = gbacw_file_read (argv[i], GBACW_FILE_KIND_BALANCE_RESULTS, &error);
      g_autofree char *display = g_filename_display_name (argv[i]);
      GbacwBalanceResult *shard;
      char *digest = NULL;
      gsize size;
      const char *data;

      if (bytes == NULL)
        {
          g_printerr ("gbacw: %s\n", error->message);
          return 1;
        }
      data = g_bytes_get_data (bytes, &size);
      shard = gbacw_balance_from_json (data ? data : "", size, &digest, &error);
      if (shard == NULL)
        {
          g_printerr (_("gbacw: %s: %s (give the files gbacw balance --format json wrote)\n"), display,
                      error->message);
          return 1;
        }
      g_ptr_array_add (shards, shard);
      g_ptr_array_add (digests, digest);
    }
  g_ptr_array_add (digests, NULL);
  merged = gbacw_balance_merge (shards, (const char *const *) digests->pdata, &error);
  if (merged == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  if (merged->n_games < merged->run_games)
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "gbacw: %u game of the run is in none of the files (a shard missing?)\n",
                             "gbacw: %u games of the run are in none of the files (a shard missing?)\n",
                             merged->run_games - merged->n_games),
                merged->run_games - merged->n_games);
  print_result (merged, json, list, g_ptr_array_index (digests, 0));
  print_game_errors (merged);
  return merged->n_played > 0 ? 0 : 1;
}

/* The SHA-256 of the scenario file, which the JSON results carry so that only shards of
 * one scenario are merged. */
static char *
scenario_digest (const char *path,
                 GError    **error)
{
  g_autoptr(GBytes) bytes = gbacw_file_read (path, GBACW_FILE_KIND_SCENARIO, error);
  gsize size;
  const guchar *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &size);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, data ? data : (const guchar *) "", size);
}

int
gbacw_cmd_balance (int    argc,
                   char **argv)
{
  int n_games = 100, n_jobs = 0;
  gint64 seed = 1;
  gboolean quiet = FALSE, list = FALSE, force = FALSE, json = FALSE;
  g_autofree char *ai_level = NULL, *shard_text = NULL, *format = NULL, *digest = NULL;
  GbacwAiLevel levels[2];
  guint shard = 0, n_shards = 1;
  GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT, &n_games, N_("Games to play (default 100)"), N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &n_jobs, N_("Games played at once (default: one per processor)"), N_("J") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first game; game i uses SEED + i (default 1)"),
      N_("SEED") },
    { "ai-level", 0, 0, G_OPTION_ARG_STRING, &ai_level,
      N_("How strongly the computer plays: easy, normal (the default) or hard; LEVEL,LEVEL for each side"),
      N_("LEVEL") },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard_text,
      N_("Play only shard K of N: the games i with i modulo N = K - 1 (merge the shards' JSON with gbacw balance "
         "merge)"),
      N_("K/N") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("text (the default) or json (every game and the totals)"),
      N_("FORMAT") },
    { "list", 0, 0, G_OPTION_ARG_NONE, &list, N_("Also print one line per game"), NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("No progress on standard error"), NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Play even if gbacw check finds errors in the scenario"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("FILE — the computer plays both sides many times: the distribution of outcomes"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwScenario) scenario = NULL;
  g_autoptr(GbacwBalanceResult) result = NULL;
  gboolean show_progress;

  if (argc >= 2 && strcmp (argv[1], "merge") == 0)
    return balance_merge (argc, argv);

  g_option_context_set_summary (context, _("gbacw balance merge FILE.json… combines the JSON results of the shards of "
                                           "one run (--shard K/N --format json) into the report of the whole run."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || n_games < 1 || n_jobs < 0 || seed < 0 || seed > G_MAXUINT32
      || !gbacw_ai_levels_from_string (ai_level, levels) || !parse_shard (shard_text, &shard, &n_shards)
      || !parse_format (format, &json))
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      const char *why = argc < 2 ? _("Missing arguments")
                        : argc > 2 ? _("Too many arguments")
                        : !gbacw_ai_levels_from_string (ai_level, levels)
                            ? _("--ai-level must be easy, normal or hard, or two of them separated by a comma")
                        : !parse_shard (shard_text, &shard, &n_shards)
                            ? _("--shard must be K/N, two whole numbers with 1 ≤ K ≤ N (e.g. 3/8)")
                        : !parse_format (format, &json) ? _("--format must be text or json")
                        : _("--games must be at least 1, --jobs and --seed not negative");
      g_printerr ("gbacw: %s\n\n%s", why, help);
      return 2;
    }

  scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  if (!gbacw_cli_scenario_playable (scenario, argv[1], force))
    return 1;
  if (json && (digest = scenario_digest (argv[1], &error)) == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }

  show_progress = !quiet && isatty (fileno (stderr));
  result = gbacw_balance_run_shard (scenario, (guint) n_games, (guint32) seed, shard, n_shards, levels, (guint) n_jobs,
                                    NULL, progress, GINT_TO_POINTER (show_progress), &error);
  if (show_progress)
    g_printerr ("\r");
  if (result == NULL)
    {
      g_printerr ("gbacw: %s: %s\n", argv[1], error->message);
      return 1;
    }
  print_result (result, json, list, digest);
  print_game_errors (result);
  /* a shard of more shards than games has none: not a failure */
  return result->n_played > 0 || result->n_games == 0 ? 0 : 1;
}
