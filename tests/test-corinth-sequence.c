/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth-sequence.c: The Battle of Corinth's sequence, interphases and victory (C 21.1,
 * 26.4, 30.5, 31.0-31.33), each case on a small position built in code with fixed dice. */
#define G_LOG_DOMAIN "test-corinth-sequence"

#include "test-engine-fixture.c"

#include "gbacw-query.h"

/* ------------------------------------------------------------------ C 31 victory */

/* A Union regiment at 0101 and a Confederate one at 0505 on a 6×6 map; Corinth is 0303 0304
 * 0305, a secondary redan 0501, a primary redan 0601 0602. Rosecrans (army) and Hebert
 * (division) and a Confederate brigade commander are on the map. */
static Fixture *
victory_fixture (const char *first_day_turn, const char *levels)
{
  Fixture *f = fixture_new (6, 6);

  INF (f, "u-reg", "union", 4, 3, "0101", "s");
  INF (f, "u-reg-2", "union", 4, 3, "0102", "s");
  INF (f, "c-reg", "confederate", 4, 3, "0505", "n");
  INF (f, "c-reg-2", "confederate", 4, 3, "0405", "n");
  LEADER (f, "u-rosecrans", "union", "0101");
  LEADER (f, "c-hebert", "confederate", "0505");
  LEADER (f, "c-gates", "confederate", "0505");
  set_leader (f, "u-rosecrans", GBACW_LEADER_ARMY, 3, 1, GBACW_UNSET, 2);
  set_leader (f, "c-hebert", GBACW_LEADER_DIVISION, 3, 1, GBACW_UNSET, 2);
  set_leader (f, "c-gates", GBACW_LEADER_BRIGADE, 3, 1, GBACW_UNSET, 0);
  add_area (f, "corinth", GBACW_AREA_TOWN, NULL, "0303 0304 0305");
  add_area (f, "redan-e", GBACW_AREA_OTHER, NULL, "0501");
  add_area (f, "battery-robinett", GBACW_AREA_OTHER, NULL, "0601 0602");
  add_exclusive (f, "corinth.victory", "side", "confederate", "primary-redans", "battery-robinett",
                 "secondary-redans", "redan-e", "town", "corinth", "army-leader.union", "3/2/1",
                 "division-leader.union", "2/2/1", "army-leader.confederate", "-3/-2/-1",
                 "division-leader.confederate", "-2/-2/-1", "attrition", "5", "first-day-turn", first_day_turn,
                 "win-at", "20", "lose-at", "4", "levels", levels, NULL);
  return f;
}

#define LEVELS_31_31 "0.5 3.5 7 12.5 18.5"

/* The Confederate total less the Union's, in whole VP, and the module's part in halves read
 * from its status line. */
static int
confederate_vp (GbacwGame *game)
{
  g_autoptr (GbacwOutcome) outcome = gbacw_outcome_new (game);
  GbacwVictory v;
  int vp;

  gbacw_outcome_victory (outcome, game, &v);
  vp = v.vp[1] - v.vp[0];
  gbacw_victory_clear (&v);
  return vp;
}

static gboolean
status_has (GbacwGame *game, const char *text)
{
  g_autoptr (GPtrArray) items = gbacw_game_rules_status (game);

  for (guint i = 0; i < items->len; i++)
    if (strstr (((GbacwRuleStatus *) g_ptr_array_index (items, i))->text, text))
      return TRUE;
  return FALSE;
}

static void
place (GbacwGame *game, const char *unit, const char *hex)
{
  gbacw_game_remove_unit (game, unit_index (game, unit), GBACW_PRESENCE_NOT_ARRIVED);
  gbacw_game_place_unit (game, unit_index (game, unit), hex_of (game->scenario, hex), FALSE);
}

/* C 31.1: each Corinth hex controlled is worth 1/2 VP, the last side to occupy it with a
 * combat unit controlling it (the Union at the start): a regiment that stopped in a hex and
 * moves on keeps it. */
static void
test_corinth_hexes_half_vp (void)
{
  g_autoptr (Fixture) f = victory_fixture ("4", LEVELS_31_31);
  GbacwGame *game;

  set_turns (f, 1, 4);
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  game = start_game (f);
  g_assert_cmpint (confederate_vp (game), ==, 0);
  g_assert_true (status_has (game, "redans, Corinth hexes, leaders and attrition: 0 "));
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-reg", "0405 0305"), NULL);
  g_assert_true (status_has (game, "attrition: 1/2 "));
  g_assert_cmpint (confederate_vp (game), ==, 0);   /* the half is not a whole VP yet */
  apply_expect (game, move_action (game, "c-reg-2", "0404 0304"), NULL);
  g_assert_true (status_has (game, "attrition: 1 "));
  g_assert_cmpint (confederate_vp (game), ==, 1);
  /* 0304 was occupied by a Confederate combat unit last: it stays his after the regiment moves on */
  apply_expect (game, move_action (game, "c-reg-2", "0204"), NULL);
  g_assert_true (status_has (game, "attrition: 1 "));
  g_assert_cmpint (confederate_vp (game), ==, 1);
  gbacw_game_free (game);
}

/* C 31.1: a secondary redan controlled is 1 VP, a primary redan 3 VP once every hex of it
 * is; a Union unit occupying a hex again takes it back. */
static void
test_redans_controlled (void)
{
  g_autoptr (Fixture) f = victory_fixture ("4", LEVELS_31_31);
  GbacwGame *game = start_game (f);

  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  place (game, "c-reg", "0501");
  place (game, "c-reg-2", "0601");
  apply_expect (game, move_action (game, "u-reg", "0201"), NULL);   /* any action updates control */
  g_assert_cmpint (confederate_vp (game), ==, 1);
  place (game, "c-reg-2", "0602");
  apply_expect (game, move_action (game, "u-reg", "0101"), NULL);
  g_assert_cmpint (confederate_vp (game), ==, 1 + 3);
  place (game, "c-reg", "0505");
  place (game, "u-reg-2", "0501");
  apply_expect (game, move_action (game, "u-reg", "0201"), NULL);
  g_assert_cmpint (confederate_vp (game), ==, 3);
  gbacw_game_free (game);
}

/* C 31.1: Rosecrans captured 3, killed 2, wounded 1; a Confederate division commander killed
 * -2; a brigade commander nothing; a brigade commander promoted to a division counts as a
 * division commander for the losses he suffered then (28.32). */
static void
test_leader_losses (void)
{
  g_autoptr (Fixture) f = victory_fixture ("4", LEVELS_31_31);
  GbacwGame *game = start_game (f);

  unit_of (game, "u-rosecrans")->times_captured = 1;
  g_assert_cmpint (confederate_vp (game), ==, 3);
  unit_of (game, "u-rosecrans")->times_captured = 0;
  unit_of (game, "u-rosecrans")->times_wounded = 1;
  g_assert_cmpint (confederate_vp (game), ==, 1);
  unit_of (game, "c-hebert")->times_killed = 1;
  g_assert_cmpint (confederate_vp (game), ==, 1 - 2);
  unit_of (game, "c-gates")->times_wounded = 1;
  g_assert_cmpint (confederate_vp (game), ==, 1 - 2);
  unit_of (game, "c-gates")->times_wounded_promoted = 1;
  g_assert_cmpint (confederate_vp (game), ==, 1 - 2 - 1);
  gbacw_game_free (game);
}

/* C 31.1: the Union infantry and cavalry SP lost less the Confederate ones, divided by 5,
 * fractions up: 11 against 0 is 3; 12 against 10 is 1; fewer Union losses give nothing. */
static void
test_attrition_bonus (void)
{
  g_autoptr (Fixture) f = victory_fixture ("4", LEVELS_31_31);
  GbacwGame *game = start_game (f);

  unit_of (game, "u-reg")->killed = 9;
  unit_of (game, "u-reg-2")->captured = 2;
  g_assert_cmpint (confederate_vp (game), ==, 3);
  unit_of (game, "u-reg-2")->captured = 3;
  unit_of (game, "c-reg")->killed = 10;
  g_assert_cmpint (confederate_vp (game), ==, 1);
  unit_of (game, "c-reg")->killed = 13;
  g_assert_cmpint (confederate_vp (game), ==, 0);
  gbacw_game_free (game);
}

/* Plays the fixture's Game-Turn 1 to its end with the Confederates holding held Corinth hexes
 * (from 0303) and Rosecrans captured, the Union having lost union_lost SP: the log of the
 * interphase. */
static GbacwGame *
first_day (int held, int union_lost)
{
  g_autoptr (Fixture) f = victory_fixture ("1", LEVELS_31_31);
  static const char *const hexes[] = { "0303", "0304" };
  GbacwGame *game = start_game (f);

  for (int i = 0; i < held; i++)
    place (game, i == 0 ? "c-reg" : "c-reg-2", hexes[i]);
  unit_of (game, "u-reg")->killed = union_lost;
  unit_of (game, "u-rosecrans")->times_captured = 1;
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 1);
  end_phase (game);
  return game;
}

/* C 31.2: 20 VP or more after Game-Turn 16 win the game for the Confederates, 4 or less for
 * the Union; 19 1/2 and 4 1/2 go on into the night. */
static void
test_first_day_test (void)
{
  static const struct {
    int held, union_lost;
    const char *text;
    gboolean decided;
    int winner;
  } cases[] = {
    { 1, 80, "19 1/2 VP, between 4 and 20: the game goes on", FALSE, -1 },   /* 1/2 + 3 + 16 */
    { 2, 80, "Confederate 20 VP: Confederate wins on the first day", TRUE, 1 },
    { 1, 5, "4 1/2 VP, between 4 and 20", FALSE, -1 },                       /* 1/2 + 3 + 1 */
    { 0, 5, "Confederate 4 VP: Union wins on the first day", TRUE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GbacwGame *game = first_day (cases[i].held, cases[i].union_lost);
      g_autoptr (GbacwOutcome) outcome = gbacw_outcome_new (game);
      GbacwVictory v;
      if (!log_has (game, "C 31.2", cases[i].text))
        g_error ("case %u: no “%s” in the log", i, cases[i].text);
      g_assert_cmpint (game->decided, ==, cases[i].decided);
      g_assert_cmpint (gbacw_game_is_over (game), ==, cases[i].decided);
      gbacw_outcome_victory (outcome, game, &v);
      if (cases[i].decided)
        g_assert_cmpint (v.winner, ==, cases[i].winner);
      gbacw_victory_clear (&v);
      gbacw_game_free (game);
    }
}

/* C 31.31: the schedule when the last Game-Turn ends, in half VP: 0 Decisive Union, 3
 * Substantial Union, 3 1/2 Marginal Union, 7 Marginal Confederate, 18 1/2 Decisive
 * Confederate (one Corinth hex held gives the half). */
static void
test_second_day_levels (void)
{
  static const struct {
    int held, union_lost;
    const char *level;
    int winner;
  } cases[] = {
    { 0, 0, "Decisive Union Victory", 0 },          /* Rosecrans not lost below: 0 */
    { 0, 0 + 5, "Substantial Union Victory", 0 },   /* 3 + 1 - 1 = 3 */
    { 1, 5, "Marginal Union Victory", 0 },          /* 3 1/2 */
    { 0, 20, "Marginal Confederate Victory", 1 },   /* 3 + 4 = 7 */
    { 1, 75, "Decisive Confederate Victory", 1 },   /* 1/2 + 3 + 15 = 18 1/2 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = victory_fixture ("0", LEVELS_31_31);
      GbacwGame *game;
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v;
      set_turns (f, 1, 1);
      game = start_game (f);
      if (cases[i].held)
        place (game, "c-reg", "0303");
      unit_of (game, "u-reg")->killed = cases[i].union_lost;
      if (i > 0)
        {
          unit_of (game, "u-rosecrans")->times_captured = 1;
          unit_of (game, "c-hebert")->times_wounded = i == 1;
        }
      goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 1);
      end_phase (game);
      g_assert_true (gbacw_game_is_over (game));
      outcome = gbacw_outcome_new (game);
      gbacw_outcome_victory (outcome, game, &v);
      if (g_strcmp0 (v.level, cases[i].level) != 0)
        g_error ("case %u: level %s, not %s", i, v.level, cases[i].level);
      g_assert_cmpint (v.winner, ==, cases[i].winner);
      g_assert_cmpstr (v.level_id, ==, cases[i].winner ? "exclusive:corinth.victory:confederate"
                                                       : "exclusive:corinth.victory:union");
      g_assert_true (log_has (game, "C 31.0", cases[i].level));
      gbacw_victory_clear (&v);
      gbacw_game_free (game);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/corinth/C-31.1/corinth-hexes-half-vp", test_corinth_hexes_half_vp);
  g_test_add_func ("/corinth/C-31.1/redans-controlled", test_redans_controlled);
  g_test_add_func ("/corinth/C-31.1/leader-losses", test_leader_losses);
  g_test_add_func ("/corinth/C-31.1/attrition-bonus", test_attrition_bonus);
  g_test_add_func ("/corinth/C-31.2/first-day-test", test_first_day_test);
  g_test_add_func ("/corinth/C-31.31/second-day-levels", test_second_day_levels);
  return g_test_run ();
}
