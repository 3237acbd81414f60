/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-model-copy.c: the hard computer player's model of a game under its Exclusive Rules
 * set by copying (set_position () and every module's GbacwRuleHooks.copy_state) in place of
 * replaying the game's record:
 * - every registered module copies its state or says it has none to copy (stateless), so
 *   that a module added later cannot be forgotten;
 * - for each game kit's scenario as bench-ai-exclusive loads it, at the Movement Phases of a
 *   few Game-Turns of a game the computer plays (normal, both sides), a model made by replay
 *   and one made by copy, with the same dice, played one Game-Turn further by fresh normal
 *   computer players, end in the same state (units, stacks, the phase, the dice rolled), with
 *   the same events logged, the same Victory Points and what the rules report (STATUS); a
 *   comparison every third Game-Turn, to the end of the game. */
#define G_LOG_DOMAIN "test-ai-model-copy"

#include <string.h>

#include "test-corinth-kit.c"
#include "test-jackson-stand-ins.c"
#include "test-pea-ridge-stand-ins.c"
#include "gbacw-ai-private.h"
#include "gbacw-ai.h"
#include "gbacw-game-private.h"
#include "gbacw-query.h"
#include "rules/gbacw-rule-modules.h"

static void
test_every_module_copies (void)
{
  GString *missing = g_string_new (NULL);

  g_assert_cmpuint (gbacw_rule_modules_n (), >, 0);
  for (guint i = 0; i < gbacw_rule_modules_n (); i++)
    {
      const GbacwRuleHooks *hooks = gbacw_rule_modules_get (i);
      g_assert_nonnull (hooks);
      /* stateless and a copy both: the module would say two things */
      g_assert_false (hooks->stateless && hooks->copy_state != NULL);
      if (!gbacw_rules_hooks_copyable (hooks))
        g_string_append_printf (missing, " %s", hooks->id);
    }
  if (missing->len > 0)
    g_error ("modules with neither copy_state nor stateless (the look ahead would replay):%s",
             missing->str);
  g_string_free (missing, TRUE);
}

/* The state dump without the counts of actions and events (the copy's record and log start
 * empty, the replay's hold the whole game's). */
static char *
dump_of (const GbacwGame *game)
{
  g_autofree char *dump = gbacw_query_state_dump (game);
  const char *rest = strchr (dump, '\n');

  return g_strdup_printf ("turn %d player-turn %d phasing %d phase %d over %d dice %"
                          G_GUINT64_FORMAT " pending %u decided %d\n%s",
                          game->turn, game->player_turn, game->phasing_side, (int) game->phase,
                          gbacw_game_is_over (game), gbacw_dice_n_rolled (game->dice),
                          game->pending->len, game->decided, rest ? rest + 1 : "");
}

/* What the rules report (STATUS hooks) and the Victory Points as outcome sees them. */
static char *
report_of (const GbacwGame *game, const GbacwOutcome *outcome)
{
  g_autoptr (GPtrArray) status = gbacw_game_rules_status (game);
  GString *s = g_string_new (NULL);
  GbacwVictory v;

  for (guint i = 0; i < status->len; i++)
    {
      const GbacwRuleStatus *item = g_ptr_array_index (status, i);
      g_string_append_printf (s, "[%s] %s\n", item->rule_case, item->text);
    }
  gbacw_outcome_victory (outcome, game, &v);
  g_string_append_printf (s, "vp %d %d winner %d level %s\n", v.vp[0], v.vp[1], v.winner,
                          v.level_id);
  gbacw_victory_clear (&v);
  return g_string_free (s, FALSE);
}

/* The log of m since it had logged before (a length of gbacw_game_format_log ()). */
static char *
log_since (const GbacwGame *m, gsize before)
{
  g_autofree char *log = gbacw_game_format_log (m);

  g_assert_cmpuint (strlen (log), >=, before);
  return g_strdup (log + before);
}

/* Plays m one Game-Turn further, both sides by fresh normal computer players: to the same
 * Player-Turn's Movement Phase of the next Game-Turn, or the end. */
static void
play_turn (GbacwGame *m)
{
  g_autoptr (GbacwAi) a = gbacw_ai_new (m, 0);
  g_autoptr (GbacwAi) b = gbacw_ai_new (m, 1);
  g_autoptr (GbacwOutcome) outcome = gbacw_outcome_new (m);
  int turn = m->turn, player_turn = m->player_turn;

  for (int guard = 0; guard < 20000 && !gbacw_game_is_over (m); guard++)
    {
      g_autoptr (GError) error = NULL;
      if (m->turn > turn && (m->player_turn > player_turn || m->phase >= GBACW_PHASE_MOVEMENT))
        return;
      g_assert_true (gbacw_ai_step (gbacw_game_decider (m) == 0 ? a : b, m, NULL, &error));
      g_assert_no_error (error);
    }
}

typedef struct {
  guint checked;   /* positions compared */
  guint copied;    /* of them, set by copy (the others not a position the copy takes) */
} Counts;

/* At game's position: a model by replay, one by copy (into copy, a model used before), the
 * same dice; the same once each has played one Game-Turn more. */
static void
compare_models (const GbacwGame *game, GbacwGame *copy, guint32 seed, Counts *counts)
{
  g_autoptr (GbacwGame) replay = gbacw_ai_exclusive_model (game, seed);
  g_autoptr (GbacwOutcome) replay_outcome = NULL;
  g_autoptr (GbacwOutcome) copy_outcome = NULL;
  g_autofree char *replay_log = NULL, *copy_log = NULL;
  gsize replay_before, copy_before;

  g_assert_nonnull (replay);
  counts->checked++;
  if (!gbacw_ai_look_set_model (copy, game, seed))
    return;
  counts->copied++;
  {
    g_autofree char *want = dump_of (replay), *got = dump_of (copy);
    g_assert_cmpstr (got, ==, want);
  }
  {
    g_autofree char *log = gbacw_game_format_log (replay);
    replay_before = strlen (log);
  }
  {
    g_autofree char *log = gbacw_game_format_log (copy);
    copy_before = strlen (log);
  }
  replay_outcome = gbacw_outcome_new (replay);
  copy_outcome = gbacw_outcome_new (copy);
  play_turn (replay);
  play_turn (copy);
  gbacw_outcome_update (replay_outcome, replay);
  gbacw_outcome_update (copy_outcome, copy);
  {
    g_autofree char *want = dump_of (replay), *got = dump_of (copy);
    g_assert_cmpstr (got, ==, want);
  }
  replay_log = log_since (replay, replay_before);
  copy_log = log_since (copy, copy_before);
  g_assert_cmpstr (copy_log, ==, replay_log);
  g_assert_cmpuint (strlen (copy_log), >, 0);
  {
    g_autofree char *want = report_of (replay, replay_outcome);
    g_autofree char *got = report_of (copy, copy_outcome);
    g_assert_cmpstr (got, ==, want);
  }
}

/* Plays scenario s to the end (the computer, normal, both sides) and compares the models at
 * the start of both Movement Phases of every every-th Game-Turn. */
static void
check_scenario (GbacwScenario *s, int every)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwGame) copy = NULL;
  g_autoptr (GbacwAi) a = NULL;
  g_autoptr (GbacwAi) b = NULL;
  Counts counts = { 0, 0 };
  int last_key = -1, first_turn;

  g_assert_nonnull (s);
  game = gbacw_game_new (s, 7, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->hooks->len, >, 0);
  g_assert_true (gbacw_game_rules_copyable (game));
  copy = gbacw_game_new (s, 1, &error);
  g_assert_no_error (error);
  a = gbacw_ai_new (game, 0);
  b = gbacw_ai_new (game, 1);
  first_turn = game->turn;
  for (int guard = 0; guard < 200000 && !gbacw_game_is_over (game); guard++)
    {
      int key = game->turn * 2 + game->player_turn;
      if (game->phase == GBACW_PHASE_MOVEMENT && game->decision == NULL && game->pending->len == 0
          && key != last_key && (game->turn - first_turn) % every == 0)
        {
          last_key = key;
          compare_models (game, copy, 1000u + (guint32) key, &counts);
        }
      g_assert_true (gbacw_ai_step (gbacw_game_decider (game) == 0 ? a : b, game, NULL, &error));
      g_assert_no_error (error);
    }
  g_test_message ("%u positions compared, %u modelled by copy (Game-Turns %d-%d, %u actions)",
                  counts.checked, counts.copied, first_turn, game->turn, game->actions->len);
  g_assert_cmpuint (counts.copied, >=, 2);
}

/* One kit game a test: the game's kit and the scenario's name in it. */
typedef struct
{
  const char *path;
  const char *kit;
  const char *scenario;
} KitGame;

static const KitGame kit_games[] = {
  { "pea-ridge", "pea-ridge", NULL },
  { "port-republic", "jackson", "port-republic" },
  { "cross-keys", "jackson", "cross-keys" },
  { "the-crossroads", "jackson", "the-crossroads" },
  { "corinth-historical", "corinth", "corinth-historical.xml" },
};

static void
test_kit_game (gconstpointer data)
{
  const KitGame *kit_game = data;
  g_autoptr (GbacwScenario) s = NULL;

  if (g_str_equal (kit_game->kit, "pea-ridge"))
    s = pea_ridge_with_stand_ins ();
  else if (g_str_equal (kit_game->kit, "jackson"))
    s = jackson_with_stand_ins (kit_game->scenario);
  else
    s = corinth_kit_with_stand_ins (kit_game->scenario);
  check_scenario (s, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/rules/every-module-copies-or-is-stateless", test_every_module_copies);
  for (gsize i = 0; i < G_N_ELEMENTS (kit_games); i++)
    {
      g_autofree char *path = g_strconcat ("/engine/ai/model-copy-exact/", kit_games[i].path,
                                           NULL);
      g_test_add_data_func (path, &kit_games[i], test_kit_game);
    }
  return g_test_run ();
}
