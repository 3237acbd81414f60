/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-reserves-victory.c: the reserves module (J 30.1, 33.3; P 33.0; C 29.43, 29.44,
 * 30.3) and the victory checks module (P 34.2-34.3, C 31.2), each variant on a small built
 * position with fixed dice. */
#define G_LOG_DOMAIN "test-engine-reserves-victory"

#include "test-engine-fixture.c"

#include "gbacw-query.h"
#include "rules/shared/gbacw-rule-reserves.h"

/* An objective award of vp to side for holding area at the end. */
static void
add_objective (Fixture *f, const char *side, const char *area, const char *hex, int vp)
{
  GbacwVpAward *a = g_new0 (GbacwVpAward, 1);

  add_area (f, area, GBACW_AREA_OBJECTIVE, NULL, hex)->vp = vp;
  a->id = g_strdup_printf ("v%u", f->s->vp_awards->len + 1);
  a->side = g_strdup (side);
  a->event = GBACW_VP_OBJECTIVE;
  a->area = g_strdup (area);
  a->vp = GBACW_UNSET;
  g_ptr_array_add (f->s->vp_awards, a);
}

/* Puts the units (ids separated by spaces) in a formation, marked independent (5.3) so that
 * they are in command without leaders. */
static void
set_group (Fixture *f, const char *units, const char *formation)
{
  g_auto (GStrv) ids = g_strsplit (units, " ", -1);

  set_formation (f, units, formation);
  for (guint i = 0; ids[i]; i++)
    gbacw_oob_find_unit (&f->s->oob, ids[i])->flags |= GBACW_UNIT_FLAG_INDEPENDENT;
}

static GbacwAction *
formation_action (GbacwGame *game, const char *unit, GbacwFormationState formation)
{
  int u = unit_index (game, unit);
  return gbacw_action_new_change_formation (&u, 1, formation);
}

/* Plays the game through the interphase of the present Game-Turn. */
static void
finish_turn (GbacwGame *game)
{
  int turn = game->turn;

  for (int guard = 0; guard < 100 && game->turn == turn && !gbacw_game_is_over (game); guard++)
    end_phase (game);
}

/* ------------------------------------------------------------------ reserves */

/* J 33.3: Taylor's brigade in reserve: no move nor formation change (33.31), facing
 * allowed, released at the start of its Game-Turn. */
static void
test_j_33_31_reserve_brigade (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 1, 4);
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "c-taylor-1", "confederate", 4, 4, "0110", "n");
  add_formation (f, "c-taylor", "confederate", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_group (f, "c-taylor-1", "c-taylor");
  add_exclusive (f, "reserves", "formations", "c-taylor", "release-turn.c-taylor", "3", "release-on",
                 "fired-on enemy-near", "release-distance", "3", "case", "J 33.3", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-taylor-1", "0109"), "J 33.3");
  apply_expect (game, formation_action (game, "c-taylor-1", GBACW_FORMATION_STATE_COLUMN), "J 33.3");
  apply_expect (game, gbacw_action_new_change_facing (hex_of (game->scenario, "0110"), direction_of (game->scenario, "s")),
                NULL);
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "c-taylor-1")));
  finish_turn (game);
  finish_turn (game);
  g_assert_cmpint (game->turn, ==, 3);
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "c-taylor-1")));
  g_assert_true (log_has (game, "J 33.3", "released from reserve: Game-Turn 3"));
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-taylor-1", "0109"), NULL);
  assert_replays (f, game);
}

/* J 33.32: a Union unit passing within 3 hexes releases that brigade, and only that one. */
static void
test_j_33_32_enemy_within_three (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 1, 4);
  INF (f, "u-1", "union", 4, 3, "0103", "s");
  INF (f, "c-taylor-1", "confederate", 4, 4, "0108", "n");
  INF (f, "c-patton-1", "confederate", 4, 4, "0312", "n");
  add_formation (f, "c-taylor", "confederate", GBACW_FORMATION_BRIGADE, NULL, NULL);
  add_formation (f, "c-patton", "confederate", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_group (f, "c-taylor-1", "c-taylor");
  set_group (f, "c-patton-1", "c-patton");
  add_exclusive (f, "reserves", "formations", "c-taylor c-patton", "release-turn.c-taylor", "9",
                 "release-turn.c-patton", "10", "release-on", "fired-on enemy-near", "case", "J 33.3", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  /* 0104 is 4 hexes from Taylor's regiment: nothing yet */
  apply_expect (game, move_action (game, "u-1", "0104"), NULL);
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "c-taylor-1")));
  apply_expect (game, move_action (game, "u-1", "0105"), NULL);
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "c-taylor-1")));
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "c-patton-1")));
  g_assert_true (log_has (game, "J 33.3", "came within 3 hexes"));
}

/* J 33.32 "fires upon": fire at a reserve regiment releases its brigade. */
static void
test_j_33_32_fired_on (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 1, 4);
  INF (f, "u-1", "union", 4, 3, "0103", "s");
  INF (f, "c-taylor-1", "confederate", 4, 4, "0105", "n");
  add_formation (f, "c-taylor", "confederate", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_group (f, "c-taylor-1", "c-taylor");
  add_exclusive (f, "reserves", "formations", "c-taylor", "release-turn", "9", "release-on", "fired-on", "case",
                 "J 33.3", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "c-taylor-1")));
  gbacw_dice_force_list (game->dice, 4, 4, 4, 4, 0);
  apply_expect (game, fire1 (game, "0105", "u-1", 0), NULL);
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "c-taylor-1")));
  g_assert_true (log_has (game, "J 33.3", "was fired on"));
}

/* P 33.0: the 24th Missouri may not move nor change formation until Game-Turn 2. */
static void
test_p_33_0_24th_missouri (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 1, 4);
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  INF (f, "u-24-mo", "union", 5, 3, "0105", "s");
  INF (f, "c-1", "confederate", 4, 4, "0312", "n");
  add_exclusive (f, "reserves", "units", "u-24-mo", "release-turn", "2", "case", "P 33.0", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-24-mo", "0104"), "P 33.0");
  apply_expect (game, formation_action (game, "u-24-mo", GBACW_FORMATION_STATE_COLUMN), "P 33.0");
  finish_turn (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  g_assert_cmpint (game->turn, ==, 2);
  apply_expect (game, move_action (game, "u-24-mo", "0104"), NULL);
}

/* J 30.1: an uncommitted brigade moves, but not within 3 hexes of an enemy unit (so a unit
 * that moves ends at least 4 away); committed, it moves freely. */
static void
test_j_30_1_uncommitted (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  int unit;

  set_turns (f, 1, 4);
  INF (f, "u-milroy-1", "union", 4, 3, "0101", "s");
  INF (f, "c-1", "confederate", 4, 4, "0110", "n");
  add_formation (f, "u-milroy", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_group (f, "u-milroy-1", "u-milroy");
  add_exclusive (f, "reserves", "formations", "u-milroy", "forbid", "none", "approach", "3", "case", "J 30.1", NULL);
  game = start_game (f);
  unit = unit_index (game, "u-milroy-1");
  g_assert_cmpint (gbacw_game_keep_distance (game, unit), ==, 4);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-milroy-1", "0102 0103 0104 0105 0106 0107"), "J 30.1");
  apply_expect (game, move_action (game, "u-milroy-1", "0102 0103"), NULL);
  apply_expect (game, formation_action (game, "u-milroy-1", GBACW_FORMATION_STATE_COLUMN), NULL);
  /* orders from Fremont (the Jackson module's) commit it */
  g_assert_true (gbacw_reserves_set_committed (game, "u-milroy", TRUE, "J 30.2"));
  g_assert_cmpint (gbacw_game_keep_distance (game, unit), ==, 0);
  g_assert_true (log_has (game, "J 30.2", "committed"));
  finish_turn (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-milroy-1", "0104 0105 0106 0107"), NULL);
}

/* C 29.43: the frozen brigades do nothing (no fire either) until 4 Game-Turns after the
 * first combat of the game: first combat on Game-Turn 1, activated on Game-Turn 5. */
static void
test_c_29_43_frozen_brigades (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 12);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 1, 6);
  INF (f, "u-frozen-1", "union", 4, 3, "0405", "n");
  INF (f, "u-2", "union", 4, 3, "0101", "s");
  INF (f, "c-1", "confederate", 4, 4, "0103", "n");
  INF (f, "c-2", "confederate", 4, 4, "0403", "s");
  add_formation (f, "u-frozen", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_group (f, "u-frozen-1", "u-frozen");
  add_exclusive (f, "reserves", "formations", "u-frozen", "forbid", "move formation fire", "release-after-combat", "4",
                 "release-on", "attacked", "case", "C 29.43", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  apply_expect (game, fire1 (game, "0403", "u-frozen-1", 0), "C 29.43");
  gbacw_dice_force_list (game->dice, 4, 4, 4, 4, 0);
  apply_expect (game, fire1 (game, "0103", "u-2", 0), NULL);
  g_assert_true (log_has (game, "C 29.43", "released on Game-Turn 5"));
  for (int t = 1; t <= 4; t++)
    finish_turn (game);
  g_assert_cmpint (game->turn, ==, 5);
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-frozen-1")));
  g_assert_true (log_has (game, "C 29.43", "4 Game-Turns after the first combat (Game-Turn 1)"));
}

/* C 29.43 "automatically activated if any unit ... is attacked": fire at one. */
static void
test_c_29_43_attacked (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 1, 6);
  INF (f, "u-frozen-1", "union", 4, 3, "0105", "n");
  INF (f, "c-1", "confederate", 4, 4, "0103", "s");
  add_formation (f, "u-frozen", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_group (f, "u-frozen-1", "u-frozen");
  add_exclusive (f, "reserves", "formations", "u-frozen", "forbid", "move formation fire", "release-after-combat", "4",
                 "release-on", "attacked", "case", "C 29.43", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-frozen-1")));
  gbacw_dice_force_list (game->dice, 4, 4, 4, 4, 0);
  apply_expect (game, fire1 (game, "0105", "c-1", 0), NULL);
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-frozen-1")));
}

/* C 29.44: the artillery park neither moves nor fires until a Confederate unit comes within
 * 6 hexes of a Corinth hex. */
static void
test_c_29_44_artillery_park (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 14);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 1, 4);
  add_unit (f, "u-park", "union", GBACW_UNIT_ARTILLERY, 4, 3, "N", "0101", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 4, 4, "0114", "n");
  add_area (f, "corinth", GBACW_AREA_TOWN, NULL, "0102");
  add_exclusive (f, "reserves", "units", "u-park", "forbid", "move fire", "release-turn", "17", "release-area",
                 "corinth", "release-area-distance", "6", "case", "C 29.44", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-park", "0102"), "C 29.44");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  /* 0109 is 7 hexes from 0102: still held; 0108 is 6 */
  apply_expect (game, move_action (game, "c-1", "0113 0112 0111 0110 0109"), NULL);
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-park")));
  finish_turn (game);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0108"), NULL);
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-park")));
  g_assert_true (log_has (game, "C 29.44", "came near the area"));
}

/* C 30.32: no offensive fire in reserve, but defensive fire is allowed. */
static void
test_c_30_32_defensive_fire_only (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  set_turns (f, 1, 4);
  INF (f, "u-ham-1", "union", 4, 3, "0103", "s");
  INF (f, "c-1", "confederate", 4, 4, "0105", "n");
  add_formation (f, "u-hamilton", "union", GBACW_FORMATION_DIVISION, NULL, NULL);
  set_group (f, "u-ham-1", "u-hamilton");
  add_exclusive (f, "reserves", "formations", "u-hamilton", "forbid", "move formation offensive-fire", "case",
                 "C 30.3", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  apply_expect (game, fire1 (game, "0105", "u-ham-1", 0), "C 30.3");
  goto_phase (game, GBACW_PHASE_DEFENSIVE_FIRE, 1);
  gbacw_dice_force_list (game->dice, 4, 4, 4, 4, 0);
  apply_expect (game, fire1 (game, "0105", "u-ham-1", 0), NULL);
  /* attacked? not: nobody fired on it (release-on absent) */
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-ham-1")));
}

static void
corinth_reserves (Fixture *f, gboolean victory_first)
{
  INF (f, "u-ham-1", "union", 4, 3, "0101", "s");
  INF (f, "u-stan-1", "union", 4, 3, "0201", "s");
  INF (f, "u-croc-1", "union", 4, 3, "0301", "s");
  INF (f, "c-1", "confederate", 4, 4, "0312", "n");
  add_formation (f, "u-hamilton", "union", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "u-stanley", "union", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "u-crocker", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_group (f, "u-ham-1", "u-hamilton");
  set_group (f, "u-stan-1", "u-stanley");
  set_group (f, "u-croc-1", "u-crocker");
  if (victory_first)
    add_exclusive (f, "victory-checks", "threshold-turns", "2", "threshold-side", "confederate", "win-at", "20",
                   "lose-at", "4", "threshold-case", "C 31.2", NULL);
  add_exclusive (f, "reserves", "formations", "u-stanley u-hamilton u-crocker", "forbid",
                 "move formation offensive-fire", "release-on", "attacked", "commit-from", "2", "commit-roll", "1",
                 "commit-roll.u-hamilton", "1-2", "commit-tries", "2", "commit-at-will", "4", "vp-turn", "2",
                 "vp.confederate", "-1", "case", "C 30.3", NULL);
}

/* C 30.34: from Game-Turn 2 (6 in the game) the Union player rolls for up to two reserves in
 * his Initial Command Phase: Hamilton on 1-2, the others on 1; each once a Game-Turn. */
static void
test_c_30_34_commitment_rolls (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  int three[3];

  set_turns (f, 1, 5);
  corinth_reserves (f, FALSE);
  game = start_game (f);
  g_assert_null (gbacw_game_decision (game));   /* Game-Turn 1: no rolls yet */
  finish_turn (game);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_UNITS);
  g_assert_cmpint (d->length, ==, 2);
  g_assert_cmpuint (d->firers->len, ==, 3);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, unit_index (game, "u-ham-1"));   /* likeliest first */
  three[0] = unit_index (game, "u-ham-1");
  three[1] = unit_index (game, "u-stan-1");
  three[2] = unit_index (game, "u-croc-1");
  apply_expect (game, gbacw_action_new_answer_units (three, 3), "C 30.3");
  gbacw_dice_force_list (game->dice, 2, 2, 0);
  apply_expect (game, gbacw_action_new_answer_units (three, 2), NULL);
  g_assert_false (gbacw_reserves_held (game, three[0]));   /* 2: within 1-2 */
  g_assert_true (gbacw_reserves_held (game, three[1]));    /* 2: not 1 */
  g_assert_true (log_has (game, "C 30.3", "committed on a die of 2 (1-2)"));
  g_assert_true (log_has (game, "C 30.3", "stays in reserve: a die of 2 (1-1 needed)"));
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-ham-1", "0102"), NULL);
  apply_expect (game, move_action (game, "u-stan-1", "0202"), "C 30.3");
  /* Game-Turn 3: the two still in reserve, one roll each */
  finish_turn (game);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpuint (d->firers->len, ==, 2);
  gbacw_dice_force_list (game->dice, 1, 0);
  apply_expect (game, gbacw_action_new_answer_units (three + 2, 1), NULL);
  g_assert_false (gbacw_reserves_held (game, three[2]));
  /* C 30.35: from Game-Turn 4 (15) at will, without a roll */
  finish_turn (game);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpuint (d->firers->len, ==, 1);
  apply_expect (game, gbacw_action_new_answer_units (three + 1, 1), NULL);
  g_assert_false (gbacw_reserves_held (game, three[1]));
  g_assert_true (log_has (game, "C 30.3", "committed by its player"));
}

/* C 30.36: each reserve still uncommitted when Game-Turn 2 (16) ends costs the Confederate
 * player 1 VP; C 31.2 counts it in the same interphase, whatever the order of the rules. */
static void
test_c_30_36_uncommitted_cost_vp (gconstpointer order)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v = { 0 };
  gboolean victory_first = GPOINTER_TO_INT (order);

  set_turns (f, 1, 3);
  corinth_reserves (f, victory_first);
  if (!victory_first)
    add_exclusive (f, "victory-checks", "threshold-turns", "2", "threshold-side", "confederate", "win-at", "20",
                   "lose-at", "4", "threshold-case", "C 31.2", NULL);
  add_objective (f, "confederate", "hotel", "0312", 7);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  finish_turn (game);
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpint (v.exclusive[1], ==, 0);
  gbacw_victory_clear (&v);
  apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);   /* rolls for none */
  finish_turn (game);
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpint (v.exclusive[1], ==, -3);
  g_assert_cmpint (v.vp[1], ==, 4);
  /* 7 - 3 = 4: "4 or less", a Union victory on the first day */
  g_assert_true (gbacw_game_is_over (game));
  g_assert_cmpint (v.winner, ==, 0);
  g_assert_nonnull (strstr (v.level, "C 31.2"));
  g_assert_true (log_has (game, "C 31.2", "a total of 4 VP"));
  gbacw_victory_clear (&v);
}

/* ------------------------------------------------------------------ victory checks */

/* A game of 4 Game-Turns: the Union holds an objective worth union_vp, the Confederates one
 * worth csa_vp; played through Game-Turn 2's interphase. */
static GbacwGame *
checked_game (Fixture *f, int union_vp, int csa_vp, GbacwOutcome **outcome, GbacwVictory *v)
{
  GbacwGame *game;

  set_turns (f, 1, 4);
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "c-1", "confederate", 4, 4, "0112", "n");
  add_objective (f, "union", "union-hill", "0101", union_vp);
  add_objective (f, "confederate", "csa-hill", "0112", csa_vp);
  game = start_game (f);
  *outcome = gbacw_outcome_new (game);
  finish_turn (game);
  finish_turn (game);
  gbacw_outcome_update (*outcome, game);
  gbacw_outcome_victory (*outcome, game, v);
  return game;
}

static void
pea_ridge_checks (Fixture *f)
{
  add_exclusive (f, "victory-checks", "ratio-turns", "2", "ratio-minimum", "100", "ratio-case", "P 34.21",
                 "lead-turns", "3", "lead", "50", "lead-case", "P 34.31", "most-turns", "4", "tie", "union",
                 "most-case", "P 34.32", NULL);
}

/* P 34.21's example: 112 against 170: 112 + 56 = 168, and 170 is more: a Confederate win. */
static void
test_p_34_21_example (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v = { 0 };

  pea_ridge_checks (f);
  game = checked_game (f, 112, 170, &outcome, &v);
  g_assert_cmpint (v.vp[0], ==, 112);
  g_assert_cmpint (v.vp[1], ==, 170);
  g_assert_true (gbacw_game_is_over (game));
  g_assert_cmpint (game->turn, ==, 2);
  g_assert_cmpint (v.winner, ==, 1);
  g_assert_nonnull (strstr (v.level, "P 34.21"));
  g_assert_true (log_has (game, "P 34.21", "170 VP against 112"));
  g_assert_true (log_has (game, "4.0", "The game is decided"));
  gbacw_victory_clear (&v);
}

/* P 34.21: 168 against 112 is not more than 112 + 56; 99 against 10 is short of 100. */
static void
test_p_34_21_continues (void)
{
  const int cases[][2] = { { 112, 168 }, { 10, 99 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 12);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v = { 0 };

      pea_ridge_checks (f);
      game = checked_game (f, cases[i][0], cases[i][1], &outcome, &v);
      g_assert_false (gbacw_game_is_over (game));
      g_assert_cmpint (game->turn, ==, 3);
      g_assert_true (log_has (game, "P 34.21", "the game goes on"));
      gbacw_victory_clear (&v);
    }
}

/* P 34.31: a lead of 50 goes on, 51 wins. */
static void
test_p_34_31_lead (void)
{
  const int cases[][3] = { { 150, 100, FALSE }, { 151, 100, TRUE } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 12);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v = { 0 };

      add_exclusive (f, "victory-checks", "lead-turns", "2", "lead", "50", "lead-case", "P 34.31", NULL);
      game = checked_game (f, cases[i][0], cases[i][1], &outcome, &v);
      g_assert_cmpint (gbacw_game_is_over (game), ==, cases[i][2]);
      if (cases[i][2])
        {
          g_assert_cmpint (v.winner, ==, 0);
          g_assert_true (log_has (game, "P 34.31", "a lead of 51 VP"));
        }
      gbacw_victory_clear (&v);
    }
}

/* P 34.32, 34.34: at the last check the most VP wins; a tie is the Union's. */
static void
test_p_34_34_tie_to_union (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v = { 0 };

  add_level (f, "Confederate marginal victory", "confederate", 0);
  add_exclusive (f, "victory-checks", "most-turns", "2", "tie", "union", "most-case", "P 34.32", NULL);
  game = checked_game (f, 10, 10, &outcome, &v);
  g_assert_true (gbacw_game_is_over (game));
  g_assert_cmpint (v.winner, ==, 0);   /* not the scenario's level, which a lead of 0 reaches */
  g_assert_nonnull (strstr (v.level, "P 34.32"));
  g_assert_true (log_has (game, "P 34.32", "a tie at 10 VP"));
  gbacw_victory_clear (&v);
}

/* C 31.2: 20 or more wins for the Confederates; 4 or less is a Union win; between, the game
 * goes on to its last Game-Turn and the scenario's levels (31.3). */
static void
test_c_31_2_first_day (void)
{
  const int cases[][2] = { { 20, 1 }, { 4, 0 }, { 10, -1 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 12);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v = { 0 };

      add_level (f, "Marginal Confederate Victory", "confederate", 9);
      add_exclusive (f, "victory-checks", "threshold-turns", "2", "threshold-side", "confederate", "win-at", "20",
                     "lose-at", "4", "threshold-case", "C 31.2", NULL);
      game = checked_game (f, 0, cases[i][0], &outcome, &v);
      g_assert_cmpint (gbacw_game_is_over (game), ==, cases[i][1] >= 0);
      if (cases[i][1] >= 0)
        {
          g_assert_cmpint (v.winner, ==, cases[i][1]);
          g_assert_nonnull (strstr (v.level, "C 31.2"));
        }
      else
        {
          g_assert_true (log_has (game, "C 31.2", "a total of 10 VP: the game goes on"));
          while (!gbacw_game_is_over (game))
            end_phase (game);
          gbacw_victory_clear (&v);
          gbacw_outcome_update (outcome, game);
          gbacw_outcome_victory (outcome, game, &v);
          g_assert_cmpint (game->turn, ==, 4);
          g_assert_cmpint (v.winner, ==, 1);
          g_assert_cmpstr (v.level, ==, "Marginal Confederate Victory");
        }
      gbacw_victory_clear (&v);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/reserves/J-33.31-reserve-brigade-may-not-move", test_j_33_31_reserve_brigade);
  g_test_add_func ("/engine/reserves/J-33.32-enemy-within-three-hexes", test_j_33_32_enemy_within_three);
  g_test_add_func ("/engine/reserves/J-33.32-fired-on", test_j_33_32_fired_on);
  g_test_add_func ("/engine/reserves/J-30.1-uncommitted-keeps-away", test_j_30_1_uncommitted);
  g_test_add_func ("/engine/reserves/P-33.0-24th-missouri", test_p_33_0_24th_missouri);
  g_test_add_func ("/engine/reserves/C-29.43-frozen-until-after-first-combat", test_c_29_43_frozen_brigades);
  g_test_add_func ("/engine/reserves/C-29.43-attacked", test_c_29_43_attacked);
  g_test_add_func ("/engine/reserves/C-29.44-artillery-park", test_c_29_44_artillery_park);
  g_test_add_func ("/engine/reserves/C-30.32-defensive-fire-only", test_c_30_32_defensive_fire_only);
  g_test_add_func ("/engine/reserves/C-30.34-commitment-rolls", test_c_30_34_commitment_rolls);
  g_test_add_data_func ("/engine/reserves/C-30.36-uncommitted-cost-vp", GINT_TO_POINTER (FALSE),
                        test_c_30_36_uncommitted_cost_vp);
  g_test_add_data_func ("/engine/reserves/C-30.36-counted-by-an-earlier-victory-check", GINT_TO_POINTER (TRUE),
                        test_c_30_36_uncommitted_cost_vp);
  g_test_add_func ("/engine/victory-checks/P-34.21-example-170-against-112", test_p_34_21_example);
  g_test_add_func ("/engine/victory-checks/P-34.21-game-goes-on", test_p_34_21_continues);
  g_test_add_func ("/engine/victory-checks/P-34.31-lead-of-more-than-50", test_p_34_31_lead);
  g_test_add_func ("/engine/victory-checks/P-34.34-tie-to-the-union", test_p_34_34_tie_to_union);
  g_test_add_func ("/engine/victory-checks/C-31.2-first-day", test_c_31_2_first_day);
  return g_test_run ();
}
