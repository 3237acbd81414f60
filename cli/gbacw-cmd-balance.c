/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-balance.c: "gbacw balance FILE --games N [--jobs J] [--seed S] [--ai-level LEVEL[,LEVEL]]" — the computer
 * plays both sides N times with different seeds and the distribution of the outcomes is
 * printed: levels of victory, wins, mean Victory Points and losses per side, and a
 * histogram of the VP difference (engine/gbacw-balance.h).
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
#include <unistd.h>

#include "gbacw-balance.h"
#include "gbacw-cmd-check.h"
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

int
gbacw_cmd_balance (int    argc,
                   char **argv)
{
  int n_games = 100, n_jobs = 0;
  gint64 seed = 1;
  gboolean quiet = FALSE, list = FALSE, force = FALSE;
  g_autofree char *ai_level = NULL;
  GbacwAiLevel levels[2];
  GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT, &n_games, N_("Games to play (default 100)"), N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &n_jobs, N_("Games played at once (default: one per processor)"), N_("J") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of the first game; game i uses SEED + i (default 1)"),
      N_("SEED") },
    { "ai-level", 0, 0, G_OPTION_ARG_STRING, &ai_level,
      N_("How strongly the computer plays: easy, normal (the default) or hard; LEVEL,LEVEL for each side"),
      N_("LEVEL") },
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
  g_autofree char *text = NULL;
  gboolean show_progress;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 2;
    }
  if (argc != 2 || n_games < 1 || n_jobs < 0 || seed < 0 || seed > G_MAXUINT32
      || !gbacw_ai_levels_from_string (ai_level, levels))
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      const char *why = argc < 2 ? _("Missing arguments")
                        : argc > 2 ? _("Too many arguments")
                        : !gbacw_ai_levels_from_string (ai_level, levels)
                            ? _("--ai-level must be easy, normal or hard, or two of them separated by a comma")
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

  show_progress = !quiet && isatty (fileno (stderr));
  result = gbacw_balance_run_levels (scenario, (guint) n_games, (guint32) seed, levels, (guint) n_jobs, NULL, progress,
                              GINT_TO_POINTER (show_progress), &error);
  if (show_progress)
    g_printerr ("\r");
  if (result == NULL)
    {
      g_printerr ("gbacw: %s: %s\n", argv[1], error->message);
      return 1;
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
  for (guint i = 0; i < result->games->len; i++)
    {
      const GbacwBalanceGame *g = &g_array_index (result->games, GbacwBalanceGame, i);
      if (g->error != NULL)
        g_printerr (_("gbacw: seed %u: %s\n"), g->seed, g->error);
    }
  return result->n_played > 0 ? 0 : 1;
}
