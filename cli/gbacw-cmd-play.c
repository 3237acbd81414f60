/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-play.c: "gbacw play" — a headless game played by the computer (gbacw-ai.h) —
 * and "gbacw replay" — a saved game replayed.
 *
 *   gbacw play FILE [--seed N] [--ai union|confederate|both] [--ai-level LEVEL[,LEVEL]] [--turns N]
 *                   [--record OUT.xml] [--log OUT.txt] [--force]
 *   gbacw replay RECORD.xml [--force]
 *
 * A scenario on which the validator (gbacw check) finds errors is not played: its errors
 * are listed and the exit status is 1; --force plays it anyway and says so.
 *
 * play: the computer plays the sides named by --ai (a side's id or name, or "both",
 * the default); the seed (default 1) drives the dice and the computer's choices.
 * --turns N stops once N Game-Turns have been played. Headless, there is nobody to
 * play a side the computer does not: when that side must act (or answer a decision),
 * play prints what it is asked on standard error, writes the record and the log, and
 * stops with exit status 3; the record can be replayed, and continued by whatever
 * plays that side.
 *
 * Both commands end by printing the same summary of the final state: the Game-Turn and
 * phase, each side's Victory Points (objectives, enemy losses, leaders, BCE) and
 * strength, the level of victory, and a digest of the whole state; replaying the
 * record of a game prints exactly what play printed.
 *
 * Exit status: 0 success, 1 bad input (FILE:LINE: message) or a game that cannot go on,
 * 2 usage error, 3 waiting for a side the computer does not play.
 */
#define G_LOG_DOMAIN "gbacw-cmd-play"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "gbacw-ai.h"
#include "gbacw-cmd-check.h"
#include "gbacw-game.h"
#include "gbacw-query.h"
#include "gbacw-scenario-io.h"

int gbacw_cmd_play (int argc, char **argv);
int gbacw_cmd_replay (int argc, char **argv);

enum {
  EXIT_OK = 0,
  EXIT_INPUT = 1,
  EXIT_USAGE = 2,
  EXIT_WAITING = 3,
};

static int
usage (GOptionContext *context, const char *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
  g_printerr ("gbacw: %s\n\n%s", message, help);
  return EXIT_USAGE;
}

/* ------------------------------------------------------------------ summary */

static void
print_summary (const GbacwGame *game, const GbacwOutcome *outcome)
{
  GbacwVictory v;
  g_autofree char *dump = gbacw_query_state_dump (game);
  g_autofree char *digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, dump, -1);
  const char *title = game->scenario->info.title;

  gbacw_outcome_victory (outcome, game, &v);
  g_print (_("Scenario: %s\n"), title && *title ? title : _("(untitled)"));
  g_print (g_dngettext (GETTEXT_PACKAGE, "Seed: %u; %u action\n", "Seed: %u; %u actions\n", game->actions->len), gbacw_dice_get_seed (game->dice), game->actions->len);
  if (gbacw_game_is_over (game))
    g_print (_("Game-Turn %d of %d: the game is over\n"), game->turn, game->last_turn);
  else
    g_print (_("Game-Turn %d of %d: %s, %s phasing\n"), game->turn, game->last_turn, gbacw_phase_name (game->phase),
             gbacw_game_side_name (game, game->phasing_side));
  for (int side = 0; side < 2; side++)
    g_print (_("%s: %d VP (objectives %d, enemy losses %d, leaders %d, BCE %d, units exited %d); strength %d of %d "
               "(killed %d, captured %d)\n"),
             gbacw_game_side_name (game, side), v.vp[side], v.objectives[side], v.enemy_sp[side], v.leaders[side],
             v.bce[side], v.exited[side], v.sp_now[side], v.sp_start[side], v.killed[side], v.captured[side]);
  if (v.winner >= 0 && v.margin > 0)
    g_print (_("Result: %s (%s by %d VP)\n"), v.level, gbacw_game_side_name (game, v.winner), v.margin);
  else
    g_print (_("Result: %s (VP: %s %d, %s %d)\n"), v.level, gbacw_game_side_name (game, 0), v.vp[0],
             gbacw_game_side_name (game, 1), v.vp[1]);
  if (v.not_computed && *v.not_computed)
    g_print (_("Not computed (the scenario's own awards): %s\n"), v.not_computed);
  g_print (_("State: %.16s\n"), digest);
  gbacw_victory_clear (&v);
}

/* ------------------------------------------------------------------ play */

typedef struct {
  GbacwOutcome *outcome;
} PlayData;

static gboolean
after_action (GbacwGame *game, const GbacwAction *action, gpointer user_data)
{
  PlayData *data = user_data;
  gbacw_outcome_update (data->outcome, game);
  return TRUE;
}

/* "both", or one side by id or name. */
static gboolean
parse_sides (const GbacwGame *game, const char *text, guint *sides)
{
  if (text == NULL || g_ascii_strcasecmp (text, "both") == 0)
    {
      *sides = 3;
      return TRUE;
    }
  for (int side = 0; side < 2; side++)
    {
      const GbacwSide *s = g_ptr_array_index (game->scenario->oob.sides, side);
      if (g_ascii_strcasecmp (text, s->id) == 0 || (s->name && g_utf8_collate (text, s->name) == 0))
        {
          *sides = 1u << side;
          return TRUE;
        }
    }
  return FALSE;
}

/* The scenario as the record names it: relative to the record when beside it. */
static char *
scenario_reference (const char *scenario, const char *record)
{
  g_autofree char *abs_scenario = g_canonicalize_filename (scenario, NULL);
  g_autofree char *abs_record = g_canonicalize_filename (record, NULL);
  g_autofree char *scenario_dir = g_path_get_dirname (abs_scenario);
  g_autofree char *record_dir = g_path_get_dirname (abs_record);

  if (g_strcmp0 (scenario_dir, record_dir) == 0)
    return g_path_get_basename (abs_scenario);
  return g_steal_pointer (&abs_scenario);
}

static gboolean
write_outputs (const GbacwGame *game, const char *scenario, const char *record, const char *log)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;

  if (record)
    {
      g_autofree char *reference = scenario_reference (scenario, record);
      if (!gbacw_game_save (game, reference, record, &error))
        {
          g_printerr ("gbacw: %s\n", error->message);  /* the message names the file */
          g_clear_error (&error);
          ok = FALSE;
        }
    }
  if (log && !gbacw_game_save_log (game, log, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      ok = FALSE;
    }
  return ok;
}

int
gbacw_cmd_play (int argc, char **argv)
{
  gint64 seed = 1;
  int turns = 0;
  gboolean force = FALSE;
  g_autofree char *ai = NULL, *ai_level = NULL, *record = NULL, *log = NULL;
  GbacwAiLevel levels[2];
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("The seed of the dice and of the computer's choices (1)"), N_("N") },
    { "ai", 0, 0, G_OPTION_ARG_STRING, &ai, N_("The sides the computer plays: a side, or both (both)"), N_("SIDE") },
    { "ai-level", 0, 0, G_OPTION_ARG_STRING, &ai_level,
      N_("How strongly the computer plays: easy, normal (the default) or hard; LEVEL,LEVEL for each side"),
      N_("LEVEL") },
    { "turns", 0, 0, G_OPTION_ARG_INT, &turns, N_("Stop after N Game-Turns"), N_("N") },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record, N_("Write the game (scenario, seed, actions) for replay"), N_("OUT.xml") },
    { "log", 0, 0, G_OPTION_ARG_FILENAME, &log, N_("Write the event log"), N_("OUT.txt") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Play even if gbacw check finds errors in the scenario"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE — a game played by the computer, headless"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  PlayData data;
  GbacwAiPlayResult result;
  guint sides = 3;
  int status = EXIT_OK;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2)
    return usage (context, argc < 2 ? _("Missing arguments") : _("Too many arguments"));
  if (seed < 0 || seed > G_MAXUINT32)
    return usage (context, _("The seed must be a number from 0 to 4294967295"));
  if (turns < 0)
    return usage (context, _("--turns must be a positive number"));
  if (!gbacw_ai_levels_from_string (ai_level, levels))
    return usage (context, _("--ai-level must be easy, normal or hard, or two of them separated by a comma"));

  s = gbacw_scenario_load_file (argv[1], &error);
  if (s == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return EXIT_INPUT;
    }
  if (!gbacw_cli_scenario_playable (s, argv[1], force))
    return EXIT_INPUT;
  game = gbacw_game_new (s, (guint32) seed, &error);
  if (game == NULL)
    {
      g_printerr ("gbacw: %s:1: %s\n", argv[1], error->message);
      return EXIT_INPUT;
    }
  if (!parse_sides (game, ai, &sides))
    {
      g_autofree char *message = g_strdup_printf (_("--ai: “%s” is not a side of the scenario (%s, %s) nor “both”"), ai,
                                                  ((GbacwSide *) g_ptr_array_index (s->oob.sides, 0))->id,
                                                  ((GbacwSide *) g_ptr_array_index (s->oob.sides, 1))->id);
      return usage (context, message);
    }

  outcome = gbacw_outcome_new (game);
  data.outcome = outcome;
  result = gbacw_ai_play_levels (game, sides, levels, turns > 0 ? game->turn + turns - 1 : 0, after_action, &data,
                                 &error);
  switch (result)
    {
    case GBACW_AI_PLAY_WAITING:
      {
        const GbacwDecision *d = gbacw_game_decision (game);
        int side = gbacw_game_decider (game);
        if (d)
          g_printerr (_("gbacw: waiting for %s, who must answer: %s\n"), gbacw_game_side_name (game, side), d->question);
        else
          g_printerr (_("gbacw: waiting for %s to play the %s of Game-Turn %d\n"), gbacw_game_side_name (game, side),
                      gbacw_phase_name (game->phase), game->turn);
        status = EXIT_WAITING;
      }
      break;
    case GBACW_AI_PLAY_ERROR:
      g_printerr ("gbacw: %s: %s\n", argv[1], error->message);
      status = EXIT_INPUT;
      break;
    case GBACW_AI_PLAY_OVER:
    case GBACW_AI_PLAY_TURN_LIMIT:
    case GBACW_AI_PLAY_STOPPED:
    default:
      break;
    }
  if (!write_outputs (game, argv[1], record, log) && status == EXIT_OK)
    status = EXIT_INPUT;
  print_summary (game, outcome);
  return status;
}

/* ------------------------------------------------------------------ replay */

int
gbacw_cmd_replay (int argc, char **argv)
{
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Replay even if gbacw check finds errors in the scenario"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("RECORD.xml — replay a saved game and print its final state"));
  g_autofree char *scenario_path = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) loaded = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  g_autofree char *a = NULL, *b = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return EXIT_USAGE;
    }
  if (argc != 2)
    return usage (context, argc < 2 ? _("Missing arguments") : _("Too many arguments"));

  /* the scenario first, as play checks it */
  scenario_path = gbacw_game_record_scenario (argv[1], &error);
  if (scenario_path != NULL)
    scenario = gbacw_scenario_load_file (scenario_path, NULL);
  if (scenario != NULL && !gbacw_cli_scenario_playable (scenario, scenario_path, force))
    return EXIT_INPUT;
  g_clear_error (&error);
  loaded = gbacw_game_load (argv[1], &error);
  if (loaded == NULL)
    {
      /* the message names the record and the line */
      g_printerr ("gbacw: %s\n", error->message);
      return EXIT_INPUT;
    }
  /* again, action by action, for the Victory Points earned along the way */
  game = gbacw_outcome_replay (loaded->scenario, gbacw_dice_get_seed (loaded->dice), loaded->actions, &outcome, &error);
  if (game == NULL)
    {
      g_printerr ("gbacw: %s:1: %s\n", argv[1], error->message);
      return EXIT_INPUT;
    }
  a = gbacw_query_state_dump (loaded);
  b = gbacw_query_state_dump (game);
  if (g_strcmp0 (a, b) != 0)
    {
      g_printerr (_("gbacw: %s:1: replaying the game twice gave two different states\n"), argv[1]);
      return EXIT_INPUT;
    }
  print_summary (game, outcome);
  return EXIT_OK;
}
