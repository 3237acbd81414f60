/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ai-exclusive.c: the computer player under the games' Exclusive Rules
 * (engine/gbacw-ai-exclusive.c) and the engine's query it plays by: melee-initiation gates
 * (J 21.6, P 27.1, C 22.0) asked of the module (gbacw_melee_initiation_chance ()) and a
 * leader moved to the melee that needs him; strategic retreat (J 24.2); the hard level's
 * look ahead on a replayed model of a kit game played under every exclusive rule. Small
 * positions built in code (test-engine-fixture.c), and the Jackson kit with stand-ins. */
#define G_LOG_DOMAIN "test-ai-exclusive"

#include "test-engine-fixture.c"
#include "test-jackson-stand-ins.c"

#include "gbacw-ai-private.h"
#include "gbacw-ai.h"
#include "gbacw-query.h"

/* ------------------------------------------------------------------ positions */

/* The gate of the game (J, P or C) as its kit configures it. */
static void
add_gate (Fixture *f, char game)
{
  switch (game)
    {
    case 'J':
      add_exclusive (f, "melee-initiation", "sides", "union", "forbidden-morale", "2", "case", "J 21.6", NULL);
      break;
    case 'P':
      add_exclusive (f, "melee-initiation", "sides", "union", "roll", "die", "adjacent-leader", "1-2", "no-leader", "1",
                     "case", "P 27.1", NULL);
      break;
    case 'C':
      add_exclusive (f, "melee-initiation", "roll", "morale", "case", "C 22.0", NULL);
      break;
    default:
      break;
    }
}

/* The Union's brigade: a leader (ER 3) stacked with a battery at 0101, out of the enemy's
 * small-arms reach, and a strong regiment of morale rating `morale` at 0302, beside a weak
 * Confederate regiment at 0303 (a melee worth making, 12.0). Without a gate the leader has
 * no reason to leave the battery for a hex beside the enemy. */
static Fixture *
gated_position (char game, int morale)
{
  Fixture *f = fixture_new (5, 8);

  if (game)
    add_gate (f, game);
  add_formation (f, "u-bde", "union", GBACW_FORMATION_BRIGADE, NULL, "u-ldr");
  LEADER (f, "u-ldr", "union", "0101");
  set_leader (f, "u-ldr", GBACW_LEADER_BRIGADE, 3, 1, GBACW_UNSET, GBACW_UNSET);
  add_unit (f, "u-bty", "union", GBACW_UNIT_ARTILLERY, 4, 3, "N", "0101", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "u-1", "union", 8, morale, "0302", "s");
  set_formation (f, "u-ldr u-bty u-1", "u-bde");
  INF (f, "c-1", "confederate", 1, 2, "0303", "n");
  set_turns (f, 1, 2);
  return f;
}

/* Plays the computer for both sides from the game's position until the Union's Retreat
 * Before Melee Phase of Game-Turn 1 begins. */
static void
play_to_union_melee (GbacwGame *game)
{
  g_autoptr (GbacwAi) us = gbacw_ai_new (game, 0);
  g_autoptr (GbacwAi) them = gbacw_ai_new (game, 1);

  for (int guard = 0; guard < 2000; guard++)
    {
      g_autoptr (GError) error = NULL;
      if (game->turn == 1 && game->phasing_side == 0 && game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE)
        return;
      g_assert_false (gbacw_game_is_over (game));
      g_assert_true (gbacw_ai_step (gbacw_game_decider (game) == 0 ? us : them, game, NULL, &error));
      g_assert_no_error (error);
    }
  g_error ("the Union's Retreat Before Melee Phase was not reached");
}

/* Whether a Union leader is stacked with u-1. */
static gboolean
leader_with_u1 (GbacwGame *game)
{
  return gbacw_morale_with_leader (game, unit_index (game, "u-1"));
}

/* The computer's Union Movement Phase of the gated position; the leader's hex after it. */
static GbacwGame *
movement_played (char game_letter, int morale)
{
  g_autoptr (Fixture) f = gated_position (game_letter, morale);
  GbacwGame *game = movement_game (f);

  g_assert_cmpint (game->phasing_side, ==, 0);
  play_to_union_melee (game);
  return game;
}

/* ------------------------------------------------------------------ the engine's query */

static void
test_j_21_6_chance (void)
{
  /* J 21.6: "No Union unit with a Morale Rating of 2 may initiate melee unless it is
   * stacked with a leader": 0 or 1, by where the leader is; a rating of 3 is not gated */
  g_autoptr (Fixture) f = gated_position ('J', 2);
  g_autoptr (GbacwGame) game = movement_game (f);
  int u1 = unit_index (game, "u-1"), target = hex_of (game->scenario, "0303");

  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_AS_IS), ==, 0.0);
  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_NO_LEADER), ==, 0.0);
  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_LEADER_ADJACENT), ==, 0.0);
  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_LEADER_STACKED), ==, 1.0);
  gbacw_game_place_unit (game, unit_index (game, "u-ldr"), hex_of (game->scenario, "0302"), FALSE);
  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_AS_IS), ==, 1.0);
  {
    g_autoptr (Fixture) f3 = gated_position ('J', 3);
    g_autoptr (GbacwGame) g3 = movement_game (f3);
    g_assert_cmpfloat (gbacw_melee_initiation_chance (g3, unit_index (g3, "u-1"), target, GBACW_GATE_NO_LEADER), ==,
                       1.0);
  }
}

static void
test_p_27_1_chance (void)
{
  /* P 27.12: not adjacent to a leader, a die of 1; 27.11: adjacent, 1-2; 27.13: stacked,
   * always */
  g_autoptr (Fixture) f = gated_position ('P', 3);
  g_autoptr (GbacwGame) game = movement_game (f);
  int u1 = unit_index (game, "u-1"), target = hex_of (game->scenario, "0303");

  g_assert_cmpfloat_with_epsilon (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_AS_IS), 1.0 / 6, 1e-9);
  g_assert_cmpfloat_with_epsilon (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_LEADER_ADJACENT),
                                  2.0 / 6, 1e-9);
  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_LEADER_STACKED), ==, 1.0);
  gbacw_game_place_unit (game, unit_index (game, "u-ldr"), hex_of (game->scenario, "0301"), FALSE);
  g_assert_cmpfloat_with_epsilon (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_AS_IS), 2.0 / 6, 1e-9);
  /* the Confederates are not gated (sides = union here) */
  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, unit_index (game, "c-1"), hex_of (game->scenario, "0302"),
                                                    GBACW_GATE_NO_LEADER), ==, 1.0);
}

static void
test_c_22_0_chance (void)
{
  /* C 22.0 step 6: a unit not stacked with a leader melees if one die is at most its Morale
   * Rating (3: one half); 22.2: -1 in an enfilade hex of the defender (c-1 faces north,
   * u-1 attacks from its front here); 22.4: stacked with a leader, no check */
  g_autoptr (Fixture) f = gated_position ('C', 3);
  g_autoptr (GbacwGame) game = movement_game (f);
  int u1 = unit_index (game, "u-1"), target = hex_of (game->scenario, "0303");

  g_assert_cmpfloat_with_epsilon (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_AS_IS), 3.0 / 6, 1e-9);
  unit_of (game, "u-1")->status |= GBACW_STATUS_AMMO_DEPLETED;   /* 22.2: +1 */
  g_assert_cmpfloat_with_epsilon (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_AS_IS), 2.0 / 6, 1e-9);
  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_LEADER_STACKED), ==, 1.0);
  /* 22.4: against a routed defender, no check */
  unit_of (game, "c-1")->status |= GBACW_STATUS_ROUTED;
  g_assert_cmpfloat (gbacw_melee_initiation_chance (game, u1, target, GBACW_GATE_AS_IS), ==, 1.0);
}

/* ------------------------------------------------------------------ the computer player */

/* In the Union's Retreat Before Melee Phase, the computer's first action. */
static GbacwAction *
first_declaration (GbacwGame *game)
{
  g_autoptr (GbacwAi) us = gbacw_ai_new (game, 0);
  return gbacw_ai_choose (us, game);
}

static void
check_brings_leader (char game_letter, int morale)
{
  g_autoptr (GbacwGame) gated = movement_played (game_letter, morale);
  g_autoptr (GbacwGame) free_play = movement_played (0, morale);
  g_autoptr (GbacwAction) declared = NULL;

  /* without the gate the brigade's leader stays with his battery, out of the enemy's reach */
  g_assert_false (leader_with_u1 (free_play));
  /* with it he ends the Movement Phase stacked with u-1, which can then melee c-1 */
  if (!leader_with_u1 (gated))
    g_error ("%c: the leader did not join u-1, whose melee the gate holds back without him", game_letter);
  g_assert_cmpint (unit_of (gated, "u-1")->hex, ==, hex_of (gated->scenario, "0302"));
  declared = first_declaration (gated);
  g_assert_nonnull (declared);
  g_assert_cmpint (declared->kind, ==, GBACW_ACTION_DECLARE_MELEE);
  g_assert_cmpint (declared->melee.target, ==, hex_of (gated->scenario, "0303"));
  g_assert_true (gbacw_game_check_action (gated, declared, NULL));
}

static void
test_j_21_6_brings_leader (void)
{
  /* J 21.6: a Union regiment of Morale Rating 2 melees only stacked with a leader */
  check_brings_leader ('J', 2);
}

static void
test_p_27_1_brings_leader (void)
{
  /* P 27.13: stacked with a leader a unit always melees (alone, on a die of 1, 27.12) */
  check_brings_leader ('P', 3);
}

static void
test_c_22_0_brings_leader (void)
{
  /* C 22.0 step 5: stacked with a leader a unit melees without its check (alone, on a die
   * within its Morale Rating, 22.0 step 6) */
  check_brings_leader ('C', 3);
}

static void
test_j_21_6_no_declaration_without_leader (void)
{
  /* the leader kept away from u-1 (J 21.6 then forbids its melee): nothing announced, not a
   * refused announcement; with him there, the melee is announced */
  g_autoptr (Fixture) f = gated_position ('J', 2);
  g_autoptr (GbacwGame) game = start_game (f);
  g_autoptr (GbacwAction) first = NULL;

  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  first = first_declaration (game);
  g_assert_nonnull (first);
  g_assert_cmpint (first->kind, ==, GBACW_ACTION_END_PHASE);
}

static void
test_p_27_1_announces_chancy_melee (void)
{
  /* P 27.0: "The Confederate Player must still announce all his melee attacks ...
   * even though some units may, in fact, not be able to melee": a failed roll costs nothing,
   * so a good melee is announced at 27.12's one chance in six (valued by what it is worth
   * when it is made, gbacw_ai_exclusive_melee_value ()) */
  g_autoptr (Fixture) f = gated_position ('P', 3);
  g_autoptr (GbacwGame) game = start_game (f);
  g_autoptr (GbacwAction) first = NULL;

  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  first = first_declaration (game);
  g_assert_nonnull (first);
  g_assert_cmpint (first->kind, ==, GBACW_ACTION_DECLARE_MELEE);
}

/* J 24.2 on a small map: the Union's retreat hex 0101 (a map-edge hex). */
static Fixture *
retreat_position (gboolean enemy_near)
{
  Fixture *f = fixture_new (5, 8);

  add_exclusive (f, "jackson.strategic-retreat", "hexes.union", "0101", NULL);
  INF (f, "u-r", "union", 3, 3, "0101", "s");
  INF (f, "u-2", "union", 4, 3, "0501", "s");
  INF (f, "c-1", "confederate", 6, 4, enemy_near ? "0103" : "0508", "n");   /* two hexes: no ZOC on it (10.1) */
  set_turns (f, 1, 2);
  return f;
}

/* The computer's Union Movement Phase with u-r routed; whether u-r left the map. */
static gboolean
routed_unit_exits (gboolean enemy_near)
{
  g_autoptr (Fixture) f = retreat_position (enemy_near);
  g_autoptr (GbacwGame) game = movement_game (f);
  g_autoptr (GbacwAi) us = gbacw_ai_new (game, 0);
  g_autoptr (GbacwAi) them = gbacw_ai_new (game, 1);

  unit_of (game, "u-r")->status |= GBACW_STATUS_ROUTED;
  for (int guard = 0; guard < 500 && game->phase == GBACW_PHASE_MOVEMENT && game->phasing_side == 0; guard++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_true (gbacw_ai_step (gbacw_game_decider (game) == 0 ? us : them, game, NULL, &error));
    }
  if (unit_of (game, "u-r")->presence == GBACW_PRESENCE_EXITED)
    {
      g_assert_true (log_has (game, "J 24.2", NULL));
      return TRUE;
    }
  return FALSE;
}

static void
test_j_24_2_strategic_retreat (void)
{
  /* J 24.2 "A player may voluntarily choose to exit endangered units off the map": a routed
   * regiment on its retreat hex with the enemy two hexes off leaves (24.21: 1 VP a Strength
   * Point to the enemy, against 28.11's 3 eliminated or 6 captured); one the enemy is far
   * from stays, to be rallied */
  g_assert_true (routed_unit_exits (TRUE));
  g_assert_false (routed_unit_exits (FALSE));
}

static void
test_17_52_leader_held_in_reserve (void)
{
  /* 17.52 asks a leader alone within four hexes of the enemy to end the Movement Phase with a
   * combat unit; one an exclusive rule holds where he is (C 30.32: a reserve may not move)
   * cannot, and his being alone does not keep the phase from ending (the computer could not
   * end the Corinth Historical game's seed 3, Stanley's division in reserve) */
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAction) end = gbacw_action_new_end_phase ();
  g_autoptr (GError) error = NULL;

  add_exclusive (f, "reserves", "units", "u-ldr", "forbid", "move", "case", "C 30.32", NULL);
  LEADER (f, "u-ldr", "union", "0101");
  INF (f, "u-1", "union", 4, 3, "0301", "s");
  INF (f, "c-1", "confederate", 4, 3, "0104", "n");
  set_turns (f, 1, 2);
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-ldr", "0201"), "C 30.32");
  g_assert_true (gbacw_game_apply_action (game, end, &error));
  g_assert_no_error (error);
  /* free to move, he must (the same position without the reserve) */
  {
    g_autoptr (Fixture) f2 = fixture_new (5, 8);
    g_autoptr (GbacwGame) g2 = NULL;
    LEADER (f2, "u-ldr", "union", "0101");
    INF (f2, "u-1", "union", 4, 3, "0301", "s");
    INF (f2, "c-1", "confederate", 4, 3, "0104", "n");
    set_turns (f2, 1, 2);
    g2 = movement_game (f2);
    apply_expect (g2, gbacw_action_new_end_phase (), "17.52");
  }
}

/* A rule of the test's own asking every Union combat unit to end four hexes from the enemy (as
 * J 30.34 asks of a withdrawn brigade, whose units rout when they end nearer: it does not
 * keep the phase from ending). */
static int
keep_four (const GbacwGame *game, gpointer data, int unit)
{
  (void) data;
  return gbacw_game_unit (game, unit)->side == 0 ? 4 : 0;
}

static const GbacwRuleHooks keep_four_rule = { .id = "test.keep-four", .keep_distance = keep_four };

static void
test_j_35_22_as_far_as_it_can (void)
{
  /* J 35.22: in the second Player-Turn of the first night a unit ends two hexes away from
   * every enemy unit (3 hexes: night_keep_distance ()) when it can; another rule asks 4,
   * which no hex of this 5 x 5 map gives (c-1 in its middle): the unit goes 3 away and the
   * phase ends (the computer was stuck at the Crossroads, seed 3, normal against hard) */
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAi) us = NULL;
  g_autoptr (GbacwAi) them = NULL;
  g_autoptr (GError) error = NULL;
  int c1;

  gbacw_rules_hooks_register (&keep_four_rule);
  add_exclusive (f, "night", "turns", "1 2", "proximity", "jackson", "proximity-formations", "u-bde", "fire", "none",
                 NULL);
  add_exclusive (f, "test.keep-four", NULL);
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  INF (f, "c-1", "confederate", 4, 3, "0303", "n");
  INF (f, "u-1", "union", 4, 3, "0101", "s");   /* beside c-1 (0302) once the Confederate has moved */
  LEADER (f, "u-ldr", "union", "0101");   /* in command (17.11): it moves its whole allowance */
  set_leader (f, "u-ldr", GBACW_LEADER_BRIGADE, 3, 1, GBACW_UNSET, GBACW_UNSET);
  add_formation (f, "u-bde", "union", GBACW_FORMATION_BRIGADE, NULL, "u-ldr");
  set_formation (f, "u-ldr u-1", "u-bde");
  set_turns (f, 1, 2);
  game = start_game (f);
  us = gbacw_ai_new (game, 0);
  them = gbacw_ai_new (game, 1);
  for (int guard = 0; guard < 50 && !(game->phase == GBACW_PHASE_MOVEMENT && game->phasing_side == 0); guard++)
    {
      g_autoptr (GbacwAction) end = gbacw_action_new_end_phase ();
      if (!gbacw_game_apply_action (game, end, &error))
        g_error ("%s", error->message);
    }
  g_assert_cmpint (game->player_turn, ==, 1);
  gbacw_game_place_unit (game, unit_index (game, "u-1"), hex_of (game->scenario, "0302"), FALSE);
  gbacw_game_place_unit (game, unit_index (game, "u-ldr"), hex_of (game->scenario, "0302"), FALSE);
  c1 = unit_of (game, "c-1")->hex;
  g_assert_cmpint (c1, ==, hex_of (game->scenario, "0303"));
  for (int h = 0; h < game->n_hexes; h++)
    g_assert_cmpint (gbacw_query_distance (game, h, c1), <, 4);
  for (int guard = 0; guard < 200 && game->phase == GBACW_PHASE_MOVEMENT && game->phasing_side == 0; guard++)
    {
      if (!gbacw_ai_step (gbacw_game_decider (game) == 0 ? us : them, game, NULL, &error))
        g_error ("the Union's Movement Phase could not end: %s", error->message);
    }
  g_assert_cmpint (game->phase, !=, GBACW_PHASE_MOVEMENT);
  g_assert_cmpint (gbacw_query_distance (game, unit_of (game, "u-1")->hex, c1), >=, 3);
  gbacw_rules_hooks_unregister ("test.keep-four");
}

/* ------------------------------------------------------------------ the look ahead */

static gboolean
count_declarations (GbacwGame *game, const GbacwAction *action, gpointer data)
{
  (void) game;
  if (action->kind == GBACW_ACTION_DECLARE_MELEE)
    (*(guint *) data)++;
  return TRUE;
}

static void
test_hard_models_exclusive_game (void)
{
  /* the hard level looks ahead under exclusive rules on the game's record replayed: the
   * model's position (every unit, and the modules' state that replay rebuilds) is the
   * game's, its dice its own; looking ahead changes nothing in the game */
  g_autoptr (GbacwScenario) s = jackson_with_stand_ins ("port-republic");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAi) ai = NULL;
  g_autoptr (GbacwGame) model = NULL;
  g_autofree char *before = NULL, *after = NULL, *modelled = NULL;
  const GbacwAiLevel levels[2] = { GBACW_AI_LEVEL_NORMAL, GBACW_AI_LEVEL_NORMAL };
  int side;

  g_assert_nonnull (s);
  game = gbacw_game_new (s, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (game->hooks->len, >, 0);
  /* into the second Game-Turn's first Movement Phase */
  g_assert_cmpint (gbacw_ai_play_levels (game, 3, levels, game->turn, NULL, NULL, &error), ==,
                   GBACW_AI_PLAY_TURN_LIMIT);
  g_assert_no_error (error);
  {
    g_autoptr (GbacwAi) a = gbacw_ai_new (game, 0);
    g_autoptr (GbacwAi) b = gbacw_ai_new (game, 1);
    for (int guard = 0; guard < 5000 && !(game->phase == GBACW_PHASE_MOVEMENT && game->decision == NULL
                                           && game->pending->len == 0); guard++)
      {
        g_assert_true (gbacw_ai_step (gbacw_game_decider (game) == 0 ? a : b, game, NULL, &error));
        g_assert_no_error (error);
      }
  }
  g_assert_true (gbacw_ai_exclusive_can_model (game));
  side = game->phasing_side;
  before = gbacw_query_state_dump (game);
  model = gbacw_ai_exclusive_model (game, 12345);
  g_assert_nonnull (model);
  g_assert_cmpuint (model->hooks->len, ==, game->hooks->len);
  modelled = gbacw_query_state_dump (model);
  g_assert_cmpstr (modelled, ==, before);
  g_assert_cmpuint (gbacw_dice_get_seed (model->dice), ==, 12345);
  ai = gbacw_ai_new (game, side);
  gbacw_ai_set_level (ai, GBACW_AI_LEVEL_HARD);
  gbacw_ai_look_ahead (ai, game);
  after = gbacw_query_state_dump (game);
  g_assert_cmpstr (after, ==, before);
  /* a unit moved by hand, outside the record: the record no longer gives the position */
  {
    GbacwGameUnit *u = NULL;
    for (guint i = 0; i < game->units->len && u == NULL; i++)
      {
        GbacwGameUnit *o = g_ptr_array_index (game->units, i);
        if (o->hex >= 0 && gbacw_game_is_combat_unit (o) && o->type != GBACW_UNIT_WAGON)
          u = o;
      }
    if (u == NULL)
      g_error ("no combat unit on the map");
    u->strength = MAX (u->strength - 1, 0);
    u->guns = MAX (u->guns - 1, 0);
    g_assert_null (gbacw_ai_exclusive_model (game, 12345));
  }
}

static void
test_hard_plays_exclusive_game (void)
{
  /* a whole Port Republic game (every J rule its file turns on), hard against hard, ends */
  g_autoptr (GbacwScenario) s = jackson_with_stand_ins ("port-republic");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = NULL;
  const GbacwAiLevel levels[2] = { GBACW_AI_LEVEL_HARD, GBACW_AI_LEVEL_HARD };
  guint declared = 0;

  g_assert_nonnull (s);
  game = gbacw_game_new (s, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gbacw_ai_play_levels (game, 3, levels, 0, count_declarations, &declared, &error), ==,
                   GBACW_AI_PLAY_OVER);
  g_assert_no_error (error);
  g_test_message ("hard v hard Port Republic: %u melees announced", declared);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/exclusive/J-21.6-initiation-chance", test_j_21_6_chance);
  g_test_add_func ("/engine/exclusive/P-27.1-initiation-chance", test_p_27_1_chance);
  g_test_add_func ("/engine/exclusive/C-22.0-initiation-chance", test_c_22_0_chance);
  g_test_add_func ("/engine/ai/J-21.6-brings-leader-for-melee", test_j_21_6_brings_leader);
  g_test_add_func ("/engine/ai/P-27.1-brings-leader-for-melee", test_p_27_1_brings_leader);
  g_test_add_func ("/engine/ai/C-22.0-brings-leader-for-melee", test_c_22_0_brings_leader);
  g_test_add_func ("/engine/ai/J-21.6-no-melee-announced-without-leader", test_j_21_6_no_declaration_without_leader);
  g_test_add_func ("/engine/ai/P-27.0-announces-melee-the-die-may-stop", test_p_27_1_announces_chancy_melee);
  g_test_add_func ("/engine/ai/J-24.2-strategic-retreat-of-endangered-unit", test_j_24_2_strategic_retreat);
  g_test_add_func ("/engine/exclusive/17.52-C-30.32-leader-held-in-reserve-may-stay-alone",
                   test_17_52_leader_held_in_reserve);
  g_test_add_func ("/engine/ai/J-35.22-as-far-as-it-can-when-a-rule-asks-more", test_j_35_22_as_far_as_it_can);
  g_test_add_func ("/engine/ai/hard-models-exclusive-game-by-replay", test_hard_models_exclusive_game);
  g_test_add_func ("/engine/ai/hard-plays-jackson-port-republic", test_hard_plays_exclusive_game);
  return g_test_run ();
}
