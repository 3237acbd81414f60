/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson-victory.c: Jackson at the Crossroads' victory and the leftovers of Fremont's
 * commitment: the divisional units at Initiative Level 0 (J 30.7), 30 VP per Initiative
 * Level (J 33.61, 36.71), the automatic victories (J 33.62-33.73, 36.73-36.83) ending the game
 * when won, orders reassigned, arriving, kept and given by a successor (J 30.36, 30.37, 30.61,
 * 30.63), initiative on the second day (J 35.12) and Cross Keys' depletion (J 33.52), each on a
 * small position built in code, or the kit, named after the case it plays. */
#define G_LOG_DOMAIN "test-jackson-victory"

#include "test-engine-fixture.c"
#include "test-jackson-fremont-fixture.c"
#include "test-jackson-stand-ins.c"

#include "gbacw-ai.h"
#include "gbacw-leadership.h"
#include "gbacw-query.h"
#include "rules/shared/gbacw-rule-reserves.h"
#include "rules/jackson/gbacw-rule-fremont-commitment.h"

/* ------------------------------------------------------------------ J 30 Fremont's Corps */

/* Steps until the Final Command Phase of side in Game-Turn turn has ended (the next phase, or
 * the end of the game). */
static void
finish_player_turn (GbacwGame *game, int turn, int side)
{
  advance (game, turn, GBACW_PHASE_FINAL_COMMAND, side);
  step (game);
}

/* The game's result as the scenario and its modules award it. */
static void
result (GbacwGame *game, GbacwVictory *v)
{
  g_autoptr (GbacwOutcome) outcome = gbacw_outcome_new (game);

  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, v);
}

/* ------------------------------------------------------------------ J 30.7 divisional units */

/* Fremont (DIR 6) on 0104 with his division's own cavalry (u-cav on 0107, 5 hexes from c-1
 * on 0112; u-cav2 on 0211, beside it) and a limbered section (u-art on 0110, 2 hexes away);
 * a regiment of Shields' Command (u-shields, no formation) on 0307. The marker starts in
 * box start: -4 is Initiative Level 0, 0 is level 1. */
static Fixture *
divisional_fixture (const char *start)
{
  Fixture *f = fixture_new (6, 16);

  set_turns (f, 1, 6);
  add_formation (f, "u-fremont-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-fremont");
  LEADER (f, "u-fremont", "union", "0104");
  set_leader (f, "u-fremont", GBACW_LEADER_DIVISION, 1, 1, 6, 0);
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 2, 3, "C", "0107", GBACW_FORMATION_STATE_MOUNTED, "s");
  add_unit (f, "u-cav2", "union", GBACW_UNIT_CAVALRY, 2, 3, "C", "0211", GBACW_FORMATION_STATE_MOUNTED, "s");
  add_unit (f, "u-art", "union", GBACW_UNIT_ARTILLERY, 2, 4, "HB", "0110", GBACW_FORMATION_STATE_LIMBERED, "s");
  INF (f, "u-shields", "union", 4, 3, "0307", "s");
  INF (f, "c-1", "confederate", 4, 3, "0112", "n");
  set_formation (f, "u-fremont u-cav u-cav2 u-art", "u-fremont-div");
  add_exclusive (f, "jackson.divisional-units", "divisions", "u-fremont-div", NULL);
  add_exclusive (f, "jackson.fremont-commitment", "divisions", "u-fremont-div", "initiative",
                 "-10:0 -9:0 -8:0 -7:0 -6:0 -5:0 -4:0 -3:1 -2:1 0:1 +2:2 +3:3 +5:4", "start", start, NULL);
  return f;
}

static int
enemy_distance (GbacwGame *game, const char *hex)
{
  return gbacw_game_distance (game, hex_of (game->scenario, hex), hex_of (game->scenario, "0112"));
}

/* J 30.7: at Initiative Level 0 in the Union Initial Command Phase the divisional cavalry,
 * 5 hexes from the enemy, may come to 4 but not to 3 hexes; at level 1 it may. Shields'
 * regiment is no divisional unit. */
static void
test_divisional_units_held_at_level_zero (void)
{
  for (int level = 0; level <= 1; level++)
    {
      g_autoptr (Fixture) f = divisional_fixture (level ? "0" : "-4");
      g_autoptr (GbacwGame) game = start_game (f);

      g_assert_cmpint (enemy_distance (game, "0108"), ==, 4);
      g_assert_cmpint (enemy_distance (game, "0109"), ==, 3);
      advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
      g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, level);
      g_assert_cmpint (log_has (game, "J 30.7", "Fremont's Initiative Level is 0: the divisional units may not move"), ==,
                       !level);
      g_assert_cmpint (status_has (game, "J 30.7", "Divisional units: not within 3 hexes"), ==, !level);
      g_assert_cmpint (gbacw_game_keep_distance (game, unit_index (game, "u-cav")), ==, level ? 0 : 4);
      apply_expect (game, move_action (game, "u-cav", "0108 0109"), level ? NULL : "J 30.7");
      if (!level)
        apply_expect (game, move_action (game, "u-cav", "0108"), NULL);
      apply_expect (game, move_action (game, "u-shields", "0308 0309"), NULL);
      g_assert_cmpint (gbacw_game_keep_distance (game, unit_index (game, "u-shields")), ==, 0);
    }
}

/* J 30.7: at level 0 a divisional unit within 3 hexes must get away: the section on 0110
 * (2 hexes) may pass 0109 (3) to end on 0108 (4) and does not rout; the cavalry left on 0211
 * routs when the Movement Phase ends. At level 1 nothing routs. */
static void
test_divisional_units_near_must_get_away (void)
{
  for (int level = 0; level <= 1; level++)
    {
      g_autoptr (Fixture) f = divisional_fixture (level ? "0" : "-4");
      g_autoptr (GbacwGame) game = start_game (f);

      g_assert_cmpint (enemy_distance (game, "0110"), ==, 2);
      g_assert_cmpint (enemy_distance (game, "0211"), <=, 3);
      advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
      apply_expect (game, move_action (game, "u-art", "0109 0108"), NULL);
      step (game);   /* the Movement Phase ends */
      g_assert_false (unit_of (game, "u-art")->status & GBACW_STATUS_ROUTED);
      g_assert_cmpint ((unit_of (game, "u-cav2")->status & GBACW_STATUS_ROUTED) != 0, ==, !level);
      g_assert_cmpint (log_has (game, "J 30.7", "did not end 4 hexes away from every Confederate unit: it routs"),
                       ==, !level);
    }
}

/* J 30.7: "once Fremont's Initiative Level climbs to 1 or more, this restriction is lifted":
 * the marker moved up to box 0 (a Confederate brigade's BCE loss) frees them before the next
 * Union Initial Command Phase. */
static void
test_divisional_units_lifted_when_level_climbs (void)
{
  g_autoptr (Fixture) f = divisional_fixture ("-4");
  g_autoptr (GbacwGame) game = NULL;
  GbacwFormation *b = add_formation (f, "c-trimble-bde", "confederate", GBACW_FORMATION_BRIGADE, NULL, NULL);

  b->bce[0] = 1;
  b->momentum = 4;
  set_formation (f, "c-1", "c-trimble-bde");
  /* a divisional section 4 hexes north of c-1 in place of the units near it: it may stay
     there (J 30.7) and fire */
  for (guint i = 0; i < 2; i++)
    {
      guint index;
      g_assert_nonnull (gbacw_scenario_find_placement (f->s, i ? "u-art" : "u-cav2", &index));
      g_ptr_array_remove_index (f->s->deployment, index);
    }
  add_unit (f, "u-art2", "union", GBACW_UNIT_ARTILLERY, 2, 4, "HB", "0108", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  set_formation (f, "u-art2", "u-fremont-div");
  game = start_game (f);
  advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
  g_assert_cmpint (gbacw_game_keep_distance (game, unit_index (game, "u-cav")), ==, 4);
  advance (game, 1, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 6, 6, 6, 6, 0);
  wound (game, "c-1", 1);   /* the limit: lost BCE when the fire ends, credited to it (J 30.22: a unit of the corps) */
  apply_expect (game, fire1 (game, "0112", "u-art2", 0), NULL);
  hold_fire (game);
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, 0);
  g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 1);
  advance (game, 2, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (log_has (game, "J 30.7", "climbed to 1: the divisional units move freely again"));
  g_assert_cmpint (gbacw_game_keep_distance (game, unit_index (game, "u-cav")), ==, 0);
  g_assert_false (status_has (game, "J 30.7", "Divisional units"));
}

/* ------------------------------------------------------------------ J 33.61, 36.71 */

/* J 33.61: the Union scores 30 VP for each Fremont Initiative Level above zero: the marker in
 * box 0 (level 1) 30, +3 (level 3) 90, -4 (level 0) none. */
static void
test_vp_per_initiative_level (void)
{
  static const struct { const char *start; int vp; } cases[] = { { "0", 30 }, { "3", 90 }, { "-4", 0 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = divisional_fixture (cases[i].start);
      g_autoptr (GbacwGame) game = NULL;
      GbacwVictory v = { 0 };

      add_exclusive (f, "jackson.victory", "initiative-vp", "30", NULL);
      game = start_game (f);
      result (game, &v);
      g_assert_cmpint (v.exclusive[0], ==, cases[i].vp);
      g_assert_cmpint (v.exclusive[1], ==, 0);
      g_assert_cmpstr (v.not_computed, ==, "");
      gbacw_victory_clear (&v);
    }
}

/* J 33.61, 36.71 in the kits: the historical files give the 30 VP (no award left "not
 * computed"); at the start, level 1, the Union has them. */
static void
test_kit_vp_per_initiative_level (void)
{
  static const char *const files[] = { "cross-keys", "the-crossroads" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (GbacwScenario) s = jackson_with_stand_ins (files[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = NULL;
      GbacwVictory v = { 0 };

      g_assert_nonnull (s);
      game = gbacw_game_new (s, 1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 1);
      result (game, &v);
      g_assert_cmpint (v.exclusive[0], >=, 30);
      g_assert_cmpstr (v.not_computed, ==, "");
      gbacw_victory_clear (&v);
    }
}

/* ------------------------------------------------------------------ automatic victories */

/* A 10 x 10 map: Fremont on 1001, u-1 (his division) on 0605, u-s (Shields' Command) on 0805, both
 * Union; c-1 on 0108 and c-2 on 0308, Confederate (the second player). The "1040" of these
 * tests is 0606; the Union entry hexes 0104 and 0304. Fremont's Corps in play with the
 * marker in box start. */
static Fixture *
automatic_fixture (const char *start)
{
  Fixture *f = fixture_new (10, 10);

  set_turns (f, 1, 4);
  add_formation (f, "u-fremont-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-fremont");
  add_formation (f, "u-shields-cmd", "union", GBACW_FORMATION_GROUP, NULL, NULL);
  LEADER (f, "u-fremont", "union", "1001");
  set_leader (f, "u-fremont", GBACW_LEADER_DIVISION, 9, 1, 9, 0);   /* u-1 in command (17.11) */
  INF (f, "u-1", "union", 4, 3, "0605", "s");
  INF (f, "u-s", "union", 4, 3, "0805", "s");
  INF (f, "c-1", "confederate", 4, 3, "0108", "n");
  INF (f, "c-2", "confederate", 4, 3, "0308", "n");
  set_formation (f, "u-fremont u-1", "u-fremont-div");
  set_formation (f, "u-s", "u-shields-cmd");
  add_area (f, "hex-1040", GBACW_AREA_OBJECTIVE, NULL, "0606");
  add_area (f, "entry-bc", GBACW_AREA_OTHER, "union", "0104 0304");
  add_exclusive (f, "jackson.fremont-commitment", "divisions", "u-fremont-div", "initiative",
                 "-10:0 -9:0 -8:0 -7:0 -6:0 -5:0 -4:0 -3:1 -2:1 0:1 +2:2 +3:3 +5:4", "start", start, NULL);
  return f;
}

static void
add_automatic (Fixture *f, const char *side, const char *area, const char *text)
{
  GbacwAutomaticVictory *a = g_new0 (GbacwAutomaticVictory, 1);

  a->side = g_strdup (side);
  a->area = g_strdup (area);
  a->turn = GBACW_UNSET;
  a->text = g_strdup (text);
  g_ptr_array_add (f->s->automatic_victories, a);
}

/* J 33.62: a Union unit moving into 0606 and ending the Union Player-Turn there wins a
 * Decisive Victory: the game ends with that Final Command Phase (the Confederate Player-Turn
 * of Game-Turn 1 is never played) and the result names the case. */
static void
test_occupy_ends_the_game (void)
{
  g_autoptr (Fixture) f = automatic_fixture ("0");
  g_autoptr (GbacwGame) game = NULL;
  GbacwVictory v = { 0 };

  add_exclusive (f, "jackson.victory", "occupy-side", "union", "occupy-hexes", "hex-1040", "occupy-case", "J 33.62",
                 NULL);
  add_automatic (f, "union", "hex-1040", "J 33.62");
  game = start_game (f);
  advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0606"), NULL);
  finish_player_turn (game, 1, 0);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_GAME_OVER);
  g_assert_cmpint (game->turn, ==, 1);
  g_assert_cmpint (game->player_turn, ==, 0);
  g_assert_true (log_has (game, "J 33.62", "A unit of Union ends its Player-Turn in 0606"));
  result (game, &v);
  g_assert_cmpint (v.winner, ==, 0);
  g_assert_cmpstr (v.level, ==, "Union Decisive Victory (J 33.62)");
  g_assert_true (v.automatic);   /* counted so in balance runs */
  g_assert_cmpstr (v.level_id, ==, "exclusive:jackson.victory:union");
  gbacw_victory_clear (&v);
}

/* J 33.62: passing through 0606 is not ending the Player-Turn there; nor is a Confederate
 * Player-Turn's end: the game goes on. */
static void
test_occupy_passing_through_is_not_enough (void)
{
  g_autoptr (Fixture) f = automatic_fixture ("0");
  g_autoptr (GbacwGame) game = NULL;
  GbacwVictory v = { 0 };

  add_exclusive (f, "jackson.victory", "occupy-side", "union", "occupy-hexes", "hex-1040", NULL);
  game = start_game (f);
  advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0606 0607"), NULL);
  finish_player_turn (game, 1, 0);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  g_assert_cmpint (game->phasing_side, ==, 1);
  result (game, &v);
  g_assert_cmpint (v.winner, <, 1);
  g_assert_false (v.automatic);
  g_assert_null (strstr (v.level, "J 33.62"));
  gbacw_victory_clear (&v);
}

/* J 36.73: only a unit of Fremont's Corps ending the Union Player-Turn in 1040 wins: Shields'
 * regiment there does not. */
static void
test_occupy_formations (void)
{
  for (int fremont = 0; fremont <= 1; fremont++)
    {
      g_autoptr (Fixture) f = automatic_fixture ("0");
      g_autoptr (GbacwGame) game = NULL;

      add_exclusive (f, "jackson.victory", "occupy-side", "union", "occupy-hexes", "0606", "occupy-formations",
                     "u-fremont-div", "occupy-case", "J 36.73", NULL);
      if (!fremont)
        {
          /* Shields' regiment on 0605, Fremont's away on 0805 */
          gbacw_scenario_find_placement (f->s, "u-1", NULL)->hex = hex_of (f->s, "0805");
          gbacw_scenario_find_placement (f->s, "u-s", NULL)->hex = hex_of (f->s, "0605");
        }
      game = start_game (f);
      advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
      apply_expect (game, move_action (game, fremont ? "u-1" : "u-s", "0606"), NULL);
      finish_player_turn (game, 1, 0);
      g_assert_cmpint (game->phase == GBACW_PHASE_GAME_OVER, ==, fremont);
      g_assert_cmpint (log_has (game, "J 36.73", "ends its Player-Turn in 0606"), ==, fremont);
    }
}

/* J 36.73: a unit of Shields' Command in the town at the end of Game-Turn 2 (of "15 or 25"):
 * not at the end of Game-Turn 1, nor of the Union Player-Turn of Game-Turn 2; the game ends
 * with Game-Turn 2. */
static void
test_turn_end (void)
{
  g_autoptr (Fixture) f = automatic_fixture ("0");
  g_autoptr (GbacwGame) game = NULL;
  GbacwVictory v = { 0 };

  add_exclusive (f, "jackson.victory", "turn-end-side", "union", "turn-end-hexes", "0805", "turn-end-formations",
                 "u-shields-cmd", "turn-end-turns", "2 4", "turn-end-case", "J 36.73", NULL);
  game = start_game (f);
  finish_player_turn (game, 1, 1);
  g_assert_cmpint (game->turn, ==, 2);
  finish_player_turn (game, 2, 0);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  finish_player_turn (game, 2, 1);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_GAME_OVER);
  g_assert_cmpint (game->turn, ==, 2);
  g_assert_true (log_has (game, "J 36.73", "A unit of Union holds 0805 at the end of Game-Turn 2"));
  result (game, &v);
  g_assert_cmpint (v.winner, ==, 0);
  g_assert_cmpstr (v.level, ==, "Union Decisive Victory (J 36.73)");
  gbacw_victory_clear (&v);
}

/* J 33.63: c-2 moves into 0304 and c-1 passes through 0104 to 0103: at the end of the
 * Confederate Player-Turn the Confederates hold one entry hex and were the last to pass
 * through the other; with Fremont's Initiative Level 0 that is a Decisive Victory, with
 * level 1 it is not (and the game goes on). */
static void
test_through_both_entry_hexes (void)
{
  for (int level = 0; level <= 1; level++)
    {
      g_autoptr (Fixture) f = automatic_fixture (level ? "0" : "-4");
      g_autoptr (GbacwGame) game = NULL;
      GbacwVictory v = { 0 };

      add_exclusive (f, "jackson.victory", "through-side", "confederate", "through-hexes", "entry-bc",
                     "through-initiative-zero", "yes", "through-case", "J 33.63", NULL);
      game = start_game (f);
      advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
      apply_expect (game, move_action (game, "c-1", "0107 0106 0105"), NULL);
      apply_expect (game, move_action (game, "c-2", "0307 0306 0305"), NULL);
      finish_player_turn (game, 1, 1);
      g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
      advance (game, 2, GBACW_PHASE_MOVEMENT, 1);
      apply_expect (game, move_action (game, "c-1", "0104 0103"), NULL);
      apply_expect (game, move_action (game, "c-2", "0304"), NULL);
      finish_player_turn (game, 2, 1);
      result (game, &v);
      if (level)
        {
          g_assert_true (log_has (game, "J 33.63", "but Fremont's Initiative Level is 1, not 0: no automatic victory"));
          g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
          g_assert_cmpint (v.winner, !=, 1);
        }
      else
        {
          g_assert_cmpint (game->phase, ==, GBACW_PHASE_GAME_OVER);
          g_assert_true (log_has (game, "J 33.63", "Confederate holds or was the last to pass through every hex it needs"));
          g_assert_cmpint (v.winner, ==, 1);
          g_assert_cmpstr (v.level, ==, "Confederate Decisive Victory (J 33.63)");
        }
      gbacw_victory_clear (&v);
    }
}

/* J 36.74: "occupies or was the last to pass through": a Union unit standing in an entry hex
 * holds it (no victory); once it has left, the Union was the last through it, until a
 * Confederate unit passes; J 36.74 needs no Initiative Level. */
static void
test_through_last_side (void)
{
  g_autoptr (Fixture) f = automatic_fixture ("0");
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-2", "union", 4, 3, "0104", "s");
  add_exclusive (f, "jackson.victory", "through-side", "confederate", "through-hexes", "0104 0304", "through-case",
                 "J 36.74", NULL);
  game = start_game (f);
  advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0107 0106"), NULL);
  apply_expect (game, move_action (game, "c-2", "0307 0306 0305 0304"), NULL);
  finish_player_turn (game, 1, 1);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);   /* 0104: held by the Union */
  advance (game, 2, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-2", "0103 0102"), NULL);   /* leaves 0104: the Union the last through it */
  finish_player_turn (game, 2, 1);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);   /* 0104: the Union's */
  advance (game, 3, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0105 0104 0103"), NULL);   /* through it */
  finish_player_turn (game, 3, 1);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_GAME_OVER);
  g_assert_true (log_has (game, "J 36.74", "Confederate holds or was the last to pass through every hex it needs"));
}

/* J 33.63 with the scenario's <automatic> (area entry-bc): the module plays it, so holding
 * one of the two hexes at the end of a Game-Turn is no automatic victory, as the engine's
 * end-of-Game-Turn check of the area alone would make it. */
static void
test_automatic_area_left_to_the_module (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = automatic_fixture ("-4");
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v = { 0 };

      add_automatic (f, "confederate", "entry-bc", "J 33.63");
      if (module)
        add_exclusive (f, "jackson.victory", "through-side", "confederate", "through-hexes", "entry-bc",
                       "through-initiative-zero", "yes", NULL);
      game = start_game (f);
      outcome = gbacw_outcome_new (game);
      advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
      apply_expect (game, move_action (game, "c-2", "0307 0306 0305 0304"), NULL);
      gbacw_outcome_update (outcome, game);
      advance (game, 2, GBACW_PHASE_INITIAL_COMMAND, 0);
      gbacw_outcome_update (outcome, game);
      gbacw_outcome_victory (outcome, game, &v);
      g_assert_cmpint (v.automatic, ==, !module);
      g_assert_cmpint (game->phase, !=, GBACW_PHASE_GAME_OVER);
      gbacw_victory_clear (&v);
    }
}

/* ------------------------------------------------------------------ J 30.3, 30.6, 35.1 */

/* J 30.36: orders switched from Milroy to Schenck: withdrawn (voluntarily) in one Union
 * Initial Command Phase, reassigned in the next Player-Turn's Orders Segment, not before
 * (30.35: Milroy still counts that Game-Turn). */
static void
test_orders_reassigned (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);

  to_orders_segment (game, 1);
  answer (game, "u-milroy");
  answer (game, "");   /* no withdrawal */
  to_orders_segment (game, 2);
  /* one under orders at level 1: no new orders; the Withdrawal Segment's question */
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy");
  }
  g_assert_nonnull (strstr (gbacw_game_decision (game)->question, "J 30.36"));
  answer (game, "u-milroy");
  g_assert_true (log_has (game, "J 30.36", "Milroy's Brigade is withdrawn"));
  g_assert_true (status_has (game, "J 30.34", "Withdrawn: Milroy's Brigade"));
  g_assert_false (status_has (game, "J 30.3", "Under orders: Schenck's Brigade"));
  advance (game, 2, GBACW_PHASE_FINAL_COMMAND, 0);
  step (game);
  g_assert_true (log_has (game, "J 21.14", "The Withdrawn marker is removed from Milroy's Brigade"));
  to_orders_segment (game, 3);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy u-schenck u-stahel");
  }
  answer (game, "u-schenck");
  g_assert_true (status_has (game, "J 30.3", "Under orders: Schenck's Brigade"));
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-schenck-1")));
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")));
}

/* J 30.37: Stahel's brigade arriving on Game-Turn 2 gets no orders that Game-Turn (it is not
 * on the map in the Orders Segment, before the Movement Phase it enters in); the next it may. */
static void
test_no_orders_on_arrival (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = NULL;

  reinforce (f, "u-stahel u-stahel-1", 2, "0105", GBACW_FORMATION_STATE_LINE);
  game = start_game (f);
  to_orders_segment (game, 1);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy u-schenck");
  }
  answer (game, "");
  to_orders_segment (game, 2);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy u-schenck");
  }
  answer (game, "");
  advance (game, 2, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-stahel-1", "0105"), NULL);
  apply_expect (game, move_action (game, "u-stahel", "0105"), NULL);
  to_orders_segment (game, 3);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy u-schenck u-stahel");
  }
}

/* J 30.61: Milroy, under orders, is killed in the Confederate Player-Turn: his brigade stays
 * under orders (not withdrawn nor recalled); until his replacement comes (the Union Final
 * Command Phase, 17.81) the marker is on one of his regiments: the Withdrawal Segment names
 * it, and withdrawing it withdraws the brigade. */
static void
test_orders_kept_through_leader_loss (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);

  to_orders_segment (game, 1);
  answer (game, "u-milroy");
  answer (game, "");
  advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-milroy"), GBACW_PRESENCE_KILLED);
  g_assert_false (log_has (game, "J 30.62", NULL));
  to_orders_segment (game, 2);
  g_assert_cmpint (unit_of (game, "u-milroy")->hex, <, 0);
  g_assert_true (status_has (game, "J 30.3", "Under orders: Milroy's Brigade"));
  g_assert_false (log_has (game, "J 30.5", "Milroy's Brigade"));
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy-1");
  }
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")));
  answer (game, "u-milroy-1");
  g_assert_true (log_has (game, "J 30.36", "Milroy's Brigade is withdrawn"));
}

/* J 30.63: Fremont killed, Milroy promoted to command his division (17.83; DIR 2): the
 * successor gives the orders, by his own Divisional Integrity Radius (30.32): to Schenck
 * beside him; Milroy's brigade has no commander now, Blenker (with Stahel) is far. */
static void
test_fremonts_successor_gives_orders (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0701", "0302");
  g_autoptr (GbacwGame) game = NULL;

  set_leader (f, "u-milroy", GBACW_LEADER_BRIGADE, 2, 1, 2, 0);
  game = start_game (f);
  g_assert_cmpint (gbacw_game_distance (game, hex_of (f->s, "0202"), hex_of (f->s, "0302")), <=, 2);
  g_assert_cmpint (gbacw_game_distance (game, hex_of (f->s, "0202"), hex_of (f->s, "0701")), >, 2);
  to_orders_segment (game, 1);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy u-schenck");
  }
  answer (game, "");
  advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-fremont"), GBACW_PRESENCE_KILLED);
  advance (game, 1, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  g_assert_cmpint (gbacw_game_decision (game)->kind, ==, GBACW_DECISION_PROMOTE);
  apply_expect (game, gbacw_action_new_answer_unit (unit_index (game, "u-milroy")), NULL);
  g_assert_cmpint (game->formation_commander[0], ==, unit_index (game, "u-milroy"));
  to_orders_segment (game, 2);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-schenck");
  }
  answer (game, "u-schenck");
  g_assert_true (log_has (game, "J 30.3", "Fremont gives orders to Schenck's Brigade"));
  g_assert_true (status_has (game, "J 30.3", "Under orders: Schenck's Brigade"));
}

/* J 35.12: from Game-Turn 18 every brigade of morale 3 or more with BCE may roll for
 * initiative, Schenck too, whom orders committed on the first day (J 30.41 kept him out then). */
static void
test_second_day_initiative (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = NULL;

  for (guint i = 0; i < f->s->turns.turns->len; i++)
    {
      GbacwTurn *t = g_ptr_array_index (f->s->turns.turns, i);
      t->night = t->n == 16 || t->n == 17;
    }
  game = start_game (f);
  wound (game, "u-stahel-1", 1);   /* a loss of the corps: initiative rolls from now (J 30.4) */
  to_orders_segment (game, 1);
  answer (game, "u-schenck");
  answer (game, "");
  {
    g_autofree char *names = offered (game);   /* the initiative question */
    g_assert_cmpstr (names, ==, "u-milroy");
  }
  answer (game, "");
  to_orders_segment (game, 2);
  answer (game, "u-schenck");   /* withdrawn (J 30.36) */
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy");   /* Schenck: ordered this day (J 30.41, 30.43) */
  }
  answer (game, "");
  to_orders_segment (game, 3);
  answer (game, "");   /* no new orders */
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy");
  }
  answer (game, "");
  to_orders_segment (game, 18);
  answer (game, "");
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy u-schenck");
  }
}

/* ------------------------------------------------------------------ J 33.52 */

/* J 33.51, 33.52 as the Cross Keys kit configures ammunition-depletion: after a Fire CRT die of
 * 1, artillery of both sides runs out on a re-roll of 1 or 2 (not 3), small arms on a 1 only. */
static void
test_cross_keys_depletion (void)
{
  g_autoptr (GbacwScenario) kit = jackson_with_stand_ins ("cross-keys");
  const GbacwExclusiveRule *depletion = NULL;

  g_assert_nonnull (kit);
  for (guint i = 0; i < kit->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (kit->exclusive_rules, i);
      if (g_str_equal (rule->id, "ammunition-depletion"))
        depletion = rule;
    }
  g_assert_nonnull (depletion);
  for (int side = 0; side < 2; side++)
    for (int artillery = 0; artillery <= 1; artillery++)
      for (int reroll = 1; reroll <= 3; reroll++)
        {
          g_autoptr (Fixture) f = fixture_new (3, 8);
          g_autoptr (GbacwGame) game = NULL;
          const char *firer = side ? "c-1" : "u-1";
          gboolean depleted;

          g_ptr_array_add (f->s->exclusive_rules, gbacw_exclusive_rule_copy (depletion));
          if (artillery)
            {
              add_unit (f, "u-1", "union", GBACW_UNIT_ARTILLERY, 2, 4, "HB", "0101", GBACW_FORMATION_STATE_UNLIMBERED, "s");
              add_unit (f, "c-1", "confederate", GBACW_UNIT_ARTILLERY, 2, 4, "HB", "0104", GBACW_FORMATION_STATE_UNLIMBERED,
                        "n");
            }
          else
            {
              INF (f, "u-1", "union", 2, 4, "0101", "s");
              INF (f, "c-1", "confederate", 2, 4, "0102", "n");
            }
          game = start_game (f);
          goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, side);
          gbacw_dice_force_list (game->dice, 1, reroll, 0);
          apply_expect (game, fire1 (game, side ? "0101" : artillery ? "0104" : "0102", firer, 0), NULL);
          g_assert_true (log_has (game, "J 33.5", "Ammunition check"));
          depleted = (unit_of (game, firer)->status & GBACW_STATUS_AMMO_DEPLETED) != 0;
          if (depleted != (reroll <= (artillery ? 2 : 1)))
            g_error ("%s %s, re-roll %d: expected %s", side ? "Confederate" : "Union", artillery ? "artillery" : "small arms",
                     reroll, depleted ? "enough ammunition" : "out of ammunition");
        }
}

/* J 33.61 "occupying or being last to pass through" Mill Creek Church (0606 here, 30 VP
 * each side): u-1 passes through it and ends on 0607: the Union's (30 VP), where the
 * engine's own reading (an area stood in after an action) gives it nobody; then c-2 passes
 * through it: the Confederates'. */
static void
test_objective_last_to_pass_through (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = automatic_fixture ("0");
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v = { 0 };

      for (int side = 0; side < 2; side++)
        {
          GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
          a->id = g_strdup (side ? "v-church-csa" : "v-church-union");
          a->side = g_strdup (side ? "confederate" : "union");
          a->event = GBACW_VP_OBJECTIVE;
          a->area = g_strdup ("hex-1040");
          a->vp = 30;
          g_ptr_array_add (f->s->vp_awards, a);
        }
      gbacw_scenario_find_placement (f->s, "c-2", NULL)->hex = hex_of (f->s, "0609");
      add_exclusive (f, "jackson.victory", module ? "pass-through" : "wagon", module ? "hex-1040" : "20", NULL);
      game = start_game (f);
      outcome = gbacw_outcome_new (game);
      advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
      apply_expect (game, move_action (game, "u-1", "0606 0607"), NULL);
      gbacw_outcome_update (outcome, game);
      gbacw_outcome_victory (outcome, game, &v);
      g_assert_cmpint (v.objectives[0], ==, module ? 30 : 0);
      g_assert_cmpint (v.objectives[1], ==, 0);
      gbacw_victory_clear (&v);
      /* u-1 goes on, out of the way; c-2 passes through the hex */
      apply_expect (game, move_action (game, "u-1", "0707"), NULL);
      advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
      apply_expect (game, move_action (game, "c-2", "0608 0607 0606 0605"), NULL);
      gbacw_outcome_update (outcome, game);
      gbacw_outcome_victory (outcome, game, &v);
      g_assert_cmpint (v.objectives[0], ==, 0);
      g_assert_cmpint (v.objectives[1], ==, module ? 30 : 0);
      gbacw_victory_clear (&v);
    }
}

/* A kit's scenario (stand-ins) played by the computer on both sides until the Final Command
 * Phase of side in Game-Turn turn, no decision open. */
static GbacwGame *
kit_game_to (const char *name, int turn, int side)
{
  g_autoptr (GbacwScenario) s = jackson_with_stand_ins (name);
  g_autoptr (GError) error = NULL;
  GbacwGame *game;
  GbacwAi *ai[2];

  g_assert_nonnull (s);
  game = gbacw_game_new (s, 1, &error);
  g_assert_no_error (error);
  ai[0] = gbacw_ai_new (game, 0);
  ai[1] = gbacw_ai_new (game, 1);
  for (int guard = 0; guard < 20000; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      GbacwAction *action;
      if (d == NULL && game->turn == turn && game->phase == GBACW_PHASE_FINAL_COMMAND && game->phasing_side == side)
        break;
      g_assert_cmpint (game->phase, !=, GBACW_PHASE_GAME_OVER);
      action = gbacw_ai_choose (ai[gbacw_game_decider (game)], game);
      g_assert_nonnull (action);
      apply_expect (game, action, NULL);
    }
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_FINAL_COMMAND);
  gbacw_ai_free (ai[0]);
  gbacw_ai_free (ai[1]);
  return game;
}

/* The first infantry unit of side under formation (NULL: any) neither on hex nor on keep
 * (NULL: none), put on hex, the enemy's units there put on 3901. */
static void
put_unit (GbacwGame *game, int side, const char *formation, const char *hex, const char *keep)
{
  int f = formation ? gbacw_leadership_formation_index (game, formation) : -1;
  int h = hex_of (game->scenario, hex), kept = keep ? hex_of (game->scenario, keep) : -1;
  int away = hex_of (game->scenario, "3901");

  /* the enemy's units there go out of the way */
  for (guint i = 0; i < game->units->len; i++)
    if (gbacw_game_unit (game, (int) i)->hex == h && gbacw_game_unit (game, (int) i)->side != side)
      gbacw_game_place_unit (game, (int) i, away, FALSE);

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      gboolean under = f < 0;
      for (int g = game->unit_formation[i], k = 0; !under && g >= 0 && k < 64; g = game->formation_parent[g], k++)
        under = g == f;
      if (u->side == side && u->type == GBACW_UNIT_INFANTRY && under && u->hex != h && u->hex != kept && u->crew_of < 0)
        {
          gbacw_game_place_unit (game, (int) i, h, TRUE);
          return;
        }
    }
  g_error ("no unit of %s to put on %s", formation ? formation : "the side", hex);
}

/* The kits' automatic victories: The Crossroads, a regiment of Fremont's Corps in 1040 when
 * the Union Final Command Phase of Game-Turn 3 ends (J 36.73); Cross Keys, Confederate
 * regiments in 2201 and 1501 when a Confederate Player-Turn ends: free play wins (J 33.73),
 * the historical game not at Initiative Level 1 (J 33.63). */
static void
test_kit_automatic_victories (void)
{
  {
    g_autoptr (GbacwGame) game = kit_game_to ("the-crossroads", 3, 0);
    GbacwVictory v = { 0 };
    put_unit (game, 0, "u-fremont-div", "1040", NULL);
    end_phase (game);
    g_assert_cmpint (game->phase, ==, GBACW_PHASE_GAME_OVER);
    g_assert_cmpint (game->turn, ==, 3);
    result (game, &v);
    g_assert_cmpint (v.winner, ==, 0);
    g_assert_cmpstr (v.level, ==, "Union Decisive Victory (J 36.73)");
    gbacw_victory_clear (&v);
  }
  for (int free_play = 0; free_play <= 1; free_play++)
    {
      g_autoptr (GbacwGame) game = kit_game_to (free_play ? "cross-keys-free-play" : "cross-keys", 3, 1);
      put_unit (game, 1, NULL, "2201", NULL);
      put_unit (game, 1, NULL, "1501", "2201");
      end_phase (game);
      if (free_play)
        {
          GbacwVictory v = { 0 };
          g_assert_cmpint (game->phase, ==, GBACW_PHASE_GAME_OVER);
          result (game, &v);
          g_assert_cmpstr (v.level, ==, "Confederate Decisive Victory (J 33.73)");
          gbacw_victory_clear (&v);
        }
      else
        {
          g_assert_cmpint (gbacw_fremont_initiative_level (game), >, 0);
          g_assert_true (log_has (game, "J 33.63", "no automatic victory"));
          g_assert_cmpint (game->phase, !=, GBACW_PHASE_GAME_OVER);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/jackson/J-30.7/divisional-units-held-at-initiative-level-0",
                   test_divisional_units_held_at_level_zero);
  g_test_add_func ("/jackson/J-30.7/divisional-units-near-the-enemy-get-away-or-rout",
                   test_divisional_units_near_must_get_away);
  g_test_add_func ("/jackson/J-30.7/restriction-lifted-when-the-level-climbs",
                   test_divisional_units_lifted_when_level_climbs);
  g_test_add_func ("/jackson/J-33.61/30-vp-per-fremont-initiative-level", test_vp_per_initiative_level);
  g_test_add_func ("/jackson/J-36.71/kits-award-vp-per-initiative-level", test_kit_vp_per_initiative_level);
  g_test_add_func ("/jackson/J-33.62/union-unit-ending-player-turn-in-1040-ends-the-game", test_occupy_ends_the_game);
  g_test_add_func ("/jackson/J-33.62/passing-through-1040-is-not-enough", test_occupy_passing_through_is_not_enough);
  g_test_add_func ("/jackson/J-36.73/only-fremonts-corps-in-1040", test_occupy_formations);
  g_test_add_func ("/jackson/J-36.73/shields-in-port-republic-at-end-of-game-turn", test_turn_end);
  g_test_add_func ("/jackson/J-33.63/both-entry-hexes-and-initiative-level-0", test_through_both_entry_hexes);
  g_test_add_func ("/jackson/J-36.74/last-to-pass-through", test_through_last_side);
  g_test_add_func ("/jackson/J-33.63/automatic-area-played-by-the-module", test_automatic_area_left_to_the_module);
  g_test_add_func ("/jackson/J-33.61/objective-last-to-pass-through", test_objective_last_to_pass_through);
  g_test_add_func ("/jackson/J-36.73/kits-automatic-victories", test_kit_automatic_victories);
  g_test_add_func ("/jackson/J-30.36/orders-reassigned-over-two-player-turns", test_orders_reassigned);
  g_test_add_func ("/jackson/J-30.37/no-orders-on-the-arrival-game-turn", test_no_orders_on_arrival);
  g_test_add_func ("/jackson/J-30.61/orders-kept-through-a-leaders-loss", test_orders_kept_through_leader_loss);
  g_test_add_func ("/jackson/J-30.63/fremonts-successor-gives-the-orders", test_fremonts_successor_gives_orders);
  g_test_add_func ("/jackson/J-35.12/second-day-initiative-for-every-brigade", test_second_day_initiative);
  g_test_add_func ("/jackson/J-33.52/cross-keys-artillery-depleted-on-1-2", test_cross_keys_depletion);
  return g_test_run ();
}
