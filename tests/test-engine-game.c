/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-game.c: the Sequence of Play (4.0), actions, dice, the event log,
 * saving and replaying, and the exclusive rule hooks. */
#define G_LOG_DOMAIN "test-engine-game"

#include "test-engine-fixture.c"
#include "gbacw-ai.h"
#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-scenario-io.h"

static void
test_4_0_sequence (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 3);
  g_autoptr (GbacwGame) game = NULL;
  static const GbacwPhase order[] = {
    GBACW_PHASE_INITIAL_COMMAND, GBACW_PHASE_MOVEMENT, GBACW_PHASE_DEFENSIVE_FIRE, GBACW_PHASE_OFFENSIVE_FIRE,
    GBACW_PHASE_RETREAT_BEFORE_MELEE, GBACW_PHASE_MELEE, GBACW_PHASE_AMMUNITION_RESUPPLY, GBACW_PHASE_RALLY,
    GBACW_PHASE_FINAL_COMMAND,
  };

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = start_game (f);
  g_assert_cmpint (game->turn, ==, 1);
  for (int player = 0; player < 2; player++)
    for (guint i = 0; i < G_N_ELEMENTS (order); i++)
      {
        g_assert_cmpint (game->phase, ==, order[i]);
        g_assert_cmpint (game->phasing_side, ==, player);   /* Union first (the turn track) */
        g_assert_cmpint (game->player_turn, ==, player);
        /* 4.0 C: the Defensive Fire Phase is the non-phasing player's */
        g_assert_cmpint (gbacw_game_decider (game), ==, order[i] == GBACW_PHASE_DEFENSIVE_FIRE ? 1 - player : player);
        end_phase (game);
      }
  /* the Game-Turn Record Interphase, then Game-Turn 2 */
  g_assert_cmpint (game->turn, ==, 2);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  g_assert_cmpstr (gbacw_phase_letter (GBACW_PHASE_FINAL_COMMAND), ==, "J");   /* there is no phase I */
}

static void
test_4_0_first_player_and_night (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 3);
  g_autoptr (GbacwGame) game = NULL;

  /* Game-Turn 2 is a night turn; from Game-Turn 3 the Confederates are first player */
  ((GbacwTurn *) g_ptr_array_index (f->s->turns.turns, 1))->night = TRUE;
  ((GbacwTurn *) g_ptr_array_index (f->s->turns.turns, 2))->first_player = g_strdup ("confederate");
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 1);
  end_phase (game);
  g_assert_cmpint (game->turn, ==, 2);
  g_assert_true (game->night);
  end_phase (game);   /* A */
  /* night: no fire or melee phases (rules matrix §2.D) */
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MOVEMENT);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_AMMUNITION_RESUPPLY);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 1);
  end_phase (game);
  g_assert_cmpint (game->turn, ==, 3);
  g_assert_false (game->night);
  g_assert_cmpint (game->phasing_side, ==, 1);
  g_assert_cmpint (gbacw_game_first_player (game, 4), ==, 1);
  /* after the last Game-Turn the game is over */
  for (int guard = 0; guard < 100 && !gbacw_game_is_over (game); guard++)
    end_phase (game);
  g_assert_true (gbacw_game_is_over (game));
  g_assert_cmpint (game->turn, ==, 4);
  apply_expect (game, gbacw_action_new_end_phase (), "4.0");
}

static void
test_9_85_pins_removed_in_rally (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 3);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  p = INF (f, "u-1", "union", 3, 3, "0101", "s");
  p->status = GBACW_STATUS_PINNED;
  p = INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  p->status = GBACW_STATUS_PINNED;
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_RALLY, 0);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_PINNED);
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);   /* only the phasing player's */
}

static void
test_actions_refused_with_case (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 5);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwAction) move = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  game = start_game (f);
  /* Initial Command Phase: no movement yet */
  apply_expect (game, move_action (game, "u-1", "0102"), "5.0");
  end_phase (game);
  /* the non-phasing player's units do not move */
  apply_expect (game, move_action (game, "c-1", "0304"), "4.0");
  /* check does not change the state */
  move = move_action (game, "u-1", "0102");
  g_assert_true (gbacw_game_check_action (game, move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0101"));
  g_assert_cmpuint (game->actions->len, ==, 1);
}

static void
test_dice (void)
{
  g_autoptr (GbacwDice) a = gbacw_dice_new (42);
  g_autoptr (GbacwDice) b = gbacw_dice_new (42);
  int counts[7] = { 0 };

  for (int i = 0; i < 600; i++)
    {
      int x = gbacw_dice_roll (a);
      g_assert_cmpint (x, ==, gbacw_dice_roll (b));   /* a seed gives the same rolls */
      g_assert_cmpint (x, >=, 1);
      g_assert_cmpint (x, <=, 6);
      counts[x]++;
    }
  for (int x = 1; x <= 6; x++)
    g_assert_cmpint (counts[x], >, 50);
  /* forced results come first, in order, then the generator goes on where it was */
  gbacw_dice_force_list (a, 6, 1, 3, 0);
  g_assert_cmpuint (gbacw_dice_n_forced (a), ==, 3);
  g_assert_cmpint (gbacw_dice_roll (a), ==, 6);
  g_assert_cmpint (gbacw_dice_roll_2d6 (a), ==, 4);
  g_assert_cmpint (gbacw_dice_roll (a), ==, gbacw_dice_roll (b));
  g_assert_cmpuint (gbacw_dice_n_rolled (a), ==, 604);
}

/* A game with every kind of action, saved and replayed. */
static void
play_some (GbacwGame *game, Fixture *f)
{
  int u = unit_index (game, "u-1");
  int cav = unit_index (game, "u-cav");

  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0102 0103"), NULL);
  apply_expect (game, gbacw_action_new_change_facing (hex_of (f->s, "0103"), direction_of (f->s, "s")), NULL);
  apply_expect (game, gbacw_action_new_change_formation (&cav, 1, GBACW_FORMATION_STATE_DISMOUNTED), NULL);
  end_phase (game);
  end_phase (game);   /* Defensive Fire */
  apply_expect (game, fire1 (game, "0105", "u-1", 2), NULL);
  apply_expect (game, fire1 (game, "0105", "u-1", 1), "9.44");
  end_phase (game);
  (void) u;
}

static void
test_save_and_replay (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *xml2 = NULL;
  g_autofree char *log = NULL;
  g_autofree char *log2 = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 2, 3, "C", "0201", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "c-1", "confederate", 3, 3, "0105", "n");
  game = gbacw_game_new (f->s, 1234, &error);
  g_assert_no_error (error);
  play_some (game, f);
  xml = gbacw_game_to_xml (game, "scenario.xml");
  g_assert_nonnull (strstr (xml, "<fire target=\"0105\">"));
  g_assert_nonnull (strstr (xml, "seed=\"1234\""));

  again = gbacw_game_replay (f->s, xml, strlen (xml), &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  /* the same state: phase, positions, strength, status, dice, log */
  g_assert_cmpint (again->phase, ==, game->phase);
  g_assert_cmpint (again->turn, ==, game->turn);
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *a = g_ptr_array_index (game->units, i), *b = g_ptr_array_index (again->units, i);
      g_assert_cmpint (a->hex, ==, b->hex);
      g_assert_cmpint (a->strength, ==, b->strength);
      g_assert_cmpint (a->status, ==, b->status);
      g_assert_cmpint (a->facing, ==, b->facing);
      g_assert_cmpint (a->formation, ==, b->formation);
    }
  g_assert_cmpuint (gbacw_dice_n_rolled (again->dice), ==, gbacw_dice_n_rolled (game->dice));
  log = gbacw_game_format_log (game);
  log2 = gbacw_game_format_log (again);
  g_assert_cmpstr (log, ==, log2);
  xml2 = gbacw_game_to_xml (again, "scenario.xml");
  g_assert_cmpstr (xml, ==, xml2);

  /* a refused action in a saved game is an error naming it */
  {
    const char *bad = "<game xmlns=\"urn:gbacw:game\" version=\"1\" scenario=\"x\" seed=\"1\">"
                      "<move units=\"u-1\" path=\"0102\"/></game>";
    g_autoptr (GbacwGame) none = gbacw_game_replay (f->s, bad, strlen (bad), &error);
    g_assert_null (none);
    g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE);
    g_assert_nonnull (strstr (error->message, "[5.0]"));
  }
}

/* Answers naming a hex or a unit are written by hex label and unit id (hex="0507",
 * unit="u-2"); records of earlier versions wrote their index (value="N") and still
 * replay to the same state. */
static void
test_answers_by_name (void)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_scenario_load_file (path, &error);
  guint named = 0;

  g_assert_no_error (error);
  for (guint32 seed = 1; seed <= 12 && named < 2; seed++)
    {
      g_autoptr (GbacwGame) game = gbacw_game_new (s, seed, &error);
      g_autoptr (GbacwGame) again = NULL;
      g_autoptr (GString) old = g_string_new (NULL);
      g_autofree char *xml = NULL;
      g_autofree char *log = NULL;
      g_autofree char *log2 = NULL;
      guint answers = 0;

      g_assert_no_error (error);
      g_assert_cmpint (gbacw_ai_play (game, 3, 0, NULL, NULL, &error), !=, GBACW_AI_PLAY_ERROR);
      g_assert_no_error (error);
      for (guint i = 0; i < game->actions->len; i++)
        {
          const GbacwAction *a = g_ptr_array_index (game->actions, i);
          answers += a->kind == GBACW_ACTION_ANSWER && a->answer.hex >= 0;
        }
      if (answers == 0)
        continue;
      named++;
      xml = gbacw_game_to_xml (game, "demo.xml");
      g_assert_null (strstr (xml, " value=\""));
      /* the same record as an older version wrote it: indices instead of names */
      for (const char *p = xml; *p;)
        {
          const char *hex = strstr (p, "<answer hex=\""), *unit = strstr (p, "<answer unit=\"");
          const char *at = hex && (!unit || hex < unit) ? hex : unit;
          const char *value, *end;
          g_autofree char *name = NULL;
          int index;

          if (at == NULL)
            {
              g_string_append (old, p);
              break;
            }
          value = strchr (at, '"') + 1;
          end = strchr (value, '"');
          name = g_strndup (value, end - value);
          index = at == hex ? gbacw_game_parse_hex (game, name, NULL) : gbacw_game_find_unit (game, name)->index;
          g_assert_cmpint (index, >=, 0);
          g_string_append_len (old, p, at - p);
          g_string_append_printf (old, "<answer value=\"%d\"", index);
          p = end + 1;
        }
      g_assert_cmpuint (old->len, <, strlen (xml) + 64 * answers);
      again = gbacw_game_replay (s, old->str, old->len, &error);
      g_assert_no_error (error);
      log = gbacw_game_format_log (game);
      log2 = gbacw_game_format_log (again);
      g_assert_cmpstr (log, ==, log2);
      {
        g_autofree char *xml2 = gbacw_game_to_xml (again, "demo.xml");
        g_assert_cmpstr (xml, ==, xml2);
      }
    }
  g_assert_cmpuint (named, ==, 2);
}

static void
test_event_log_cites_cases (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autofree char *log = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 4, 5, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  end_phase (game);
  g_assert_true (log_has (game, "9.0", "die 4: R"));
  g_assert_true (log_has (game, "9.87", "routed"));
  log = gbacw_game_format_log (game);
  g_assert_nonnull (strstr (log, "[9.87]"));
}

/* ------------------------------------------------------------------ hooks */

typedef struct {
  int begun;
} HookData;

static gpointer
hook_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  return g_new0 (HookData, 1);
}

static void
hook_phase_begin (GbacwGame *game, gpointer data)
{
  ((HookData *) data)->begun++;
}

static gboolean
hook_skip (const GbacwGame *game, gpointer data, int phase, gboolean *skip)
{
  if (phase != GBACW_PHASE_RETREAT_BEFORE_MELEE)
    return FALSE;
  *skip = TRUE;
  return TRUE;
}

static int
hook_allowance (const GbacwGame *game, gpointer data, int unit, int halves)
{
  return halves * 3 / 2;   /* like P 22.21's night ×1.5 */
}

static int
hook_morale_drm (const GbacwGame *game, gpointer data, int unit, GbacwMoraleCause cause)
{
  return 1;   /* like P 24.13 */
}

static const char *
hook_extra_phase (GbacwGame *game, gpointer data, int after)
{
  return after == GBACW_PHASE_FINAL_COMMAND ? "K Straggler Recovery Phase" : NULL;
}

static const GbacwRuleHooks test_hooks = {
  .id = "test.module",
  .init = hook_init,
  .finalize = g_free,
  .phase_begin = hook_phase_begin,
  .skip_phase = hook_skip,
  .movement_allowance = hook_allowance,
  .morale_drm = hook_morale_drm,
  .extra_phase = hook_extra_phase,
};

static void
test_hooks_plug_in (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 14);
  g_autoptr (GbacwGame) game = NULL;
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  int allowance = 0;

  rule->id = g_strdup ("test.module");
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (f->s->exclusive_rules, rule);
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0302", "n");
  gbacw_rules_hooks_register (&test_hooks);
  game = start_game (f);
  g_assert_cmpuint (game->hooks->len, ==, 1);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (gbacw_movement_allowance (game, unit_index (game, "u-1"), &allowance, NULL));
  g_assert_cmpint (allowance, ==, 18);   /* 6 MP × 1.5, in halves */
  apply_expect (game, move_action (game, "u-1", "0102 0103 0104 0105 0106 0107 0108 0109 0110"), NULL);
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "c-1"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 1);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);   /* E skipped by the module */
  g_assert_cmpint (((HookData *) g_ptr_array_index (game->hook_data, 0))->begun, >=, 4);
  /* an extra phase after J (like C 21.1's phase K), then the second Player-Turn */
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_EXCLUSIVE);
  g_assert_cmpstr (game->extra_phase_name, ==, "K Straggler Recovery Phase");
  g_assert_cmpint (game->phasing_side, ==, 0);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  g_assert_cmpint (game->phasing_side, ==, 1);
  gbacw_rules_hooks_unregister ("test.module");
}

static void
test_unknown_exclusive_rule_is_logged (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 3);
  g_autoptr (GbacwGame) game = NULL;
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);

  rule->id = g_strdup ("nowhere.rule");
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (f->s->exclusive_rules, rule);
  game = start_game (f);
  g_assert_true (log_has (game, NULL, "nowhere.rule"));
}

static void
test_scenario_must_have_two_sides (void)
{
  GbacwHexGrid grid;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = NULL;

  gbacw_hex_grid_init_default (&grid, 3, 3);
  s = gbacw_scenario_new (&grid);
  game = gbacw_game_new (s, 1, &error);
  g_assert_null (game);
  g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_SCENARIO);
}

/* 9.23: the game's tables of distances and neighbours give what the map's geometry gives,
 * for every pair of hexes, in all four layouts (flat or pointy, odd or even shift). */
static void
test_distance_and_neighbour_tables (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);

  for (int layout = 0; layout < 4; layout++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwScenario) s = gbacw_generate_scenario (f->s, 13, 11, 20, 5, &error);
      g_autoptr (GbacwGame) game = NULL;
      const GbacwHexGrid *grid;
      int n;

      g_assert_no_error (error);
      s->map->grid.orientation = layout < 2 ? GBACW_GRID_FLAT_COLUMNS : GBACW_GRID_POINTY_ROWS;
      s->map->grid.shift = layout % 2 == 0 ? GBACW_SHIFT_ODD : GBACW_SHIFT_EVEN;
      game = gbacw_game_new (s, 1, &error);
      g_assert_no_error (error);
      grid = &game->scenario->map->grid;
      n = gbacw_hex_grid_n_hexes (grid);
      for (int a = 0; a < n; a++)
        {
          GbacwHex ha = gbacw_hex_grid_hex_at (grid, a);
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            g_assert_cmpint (gbacw_game_neighbour_index (game, a, d), ==,
                             gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, ha, d)));
          for (int b = 0; b < n; b++)
            g_assert_cmpint (gbacw_game_distance (game, a, b), ==,
                             gbacw_hex_grid_distance (grid, ha, gbacw_hex_grid_hex_at (grid, b)));
        }
      /* opposite corners of a 13x11 map are at least 12 steps apart in every layout */
      g_assert_cmpint (gbacw_game_distance (game, 0, n - 1), >=, 12);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/game/4.0-sequence-of-play", test_4_0_sequence);
  g_test_add_func ("/engine/game/4.0-first-player-and-night-turns", test_4_0_first_player_and_night);
  g_test_add_func ("/engine/game/9.85-pins-removed-in-rally-phase", test_9_85_pins_removed_in_rally);
  g_test_add_func ("/engine/game/actions-refused-with-case", test_actions_refused_with_case);
  g_test_add_func ("/engine/game/dice", test_dice);
  g_test_add_func ("/engine/game/9.23-distance-and-neighbour-tables", test_distance_and_neighbour_tables);
  g_test_add_func ("/engine/game/save-and-replay", test_save_and_replay);
  g_test_add_func ("/engine/game/answers-by-name", test_answers_by_name);
  g_test_add_func ("/engine/game/event-log-cites-cases", test_event_log_cites_cases);
  g_test_add_func ("/engine/game/exclusive-rule-hooks", test_hooks_plug_in);
  g_test_add_func ("/engine/game/unknown-exclusive-rule", test_unknown_exclusive_rule_is_logged);
  g_test_add_func ("/engine/game/two-sides", test_scenario_must_have_two_sides);
  return g_test_run ();
}
