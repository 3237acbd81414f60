/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth-sequence.c: The Battle of Corinth's sequence, interphases and victory (C 21.1,
 * 26.4, 30.5, 31.0-31.33), each case on a small position built in code with fixed dice. */
#define G_LOG_DOMAIN "test-corinth-sequence"

#include "test-engine-fixture.c"

#include "gbacw-ai.h"
#include "gbacw-bce.h"
#include "gbacw-checker.h"
#include "gbacw-query.h"
#include "rules/shared/gbacw-rule-reserves.h"

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


/* ------------------------------------------------------------------ C 26.4 pre-dawn barrage */

#define BATTERY(f, id, side, guns, weapon, hex, facing) \
  add_unit ((f), (id), (side), GBACW_UNIT_ARTILLERY, (guns), 4, (weapon), (hex), GBACW_FORMATION_STATE_UNLIMBERED, \
            (facing))

/* Game-Turns 20 (night) and 21, the Confederates first: a Confederate HB battery at 0101
 * facing the Union regiment at 0102, a Union L battery at 0104 and Union regiments at 0109
 * (8 hexes) and 0110 (9 hexes). */
static Fixture *
barrage_fixture (void)
{
  Fixture *f = fixture_new (3, 12);

  BATTERY (f, "c-bty", "confederate", 4, "HB", "0101", "s");
  INF (f, "u-reg", "union", 4, 3, "0102", "n");
  BATTERY (f, "u-bty", "union", 4, "L", "0104", "n");
  INF (f, "u-far-8", "union", 4, 3, "0109", "n");
  INF (f, "u-far-9", "union", 4, 3, "0110", "n");
  set_turns (f, 20, 21);
  ((GbacwTurn *) g_ptr_array_index (f->s->turns.turns, 0))->night = TRUE;
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  add_exclusive (f, "corinth.sequence", NULL);
  add_exclusive (f, "corinth.pre-dawn-barrage", NULL);
  return f;
}

/* Plays Game-Turn 20 to its end: the barrage's first question is open. */
static GbacwGame *
barrage_game (Fixture *f)
{
  GbacwGame *game = start_game (f);

  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  g_assert_cmpint (game->turn, ==, 21);
  g_assert_nonnull (gbacw_game_decision (game));
  return game;
}

static void
answer (GbacwGame *game, const char *ids)
{
  g_autoptr (GArray) units = ids ? units_of (game, ids) : g_array_new (FALSE, FALSE, sizeof (int));

  apply_expect (game, gbacw_action_new_answer_units ((const int *) (gpointer) units->data, units->len), NULL);
}

/* The units offered by the open EXCLUSIVE_UNITS question, by id, space separated. */
static char *
offered (GbacwGame *game)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  GString *out = g_string_new (NULL);

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_UNITS);
  for (guint i = 0; i < d->firers->len; i++)
    g_string_append_printf (out, "%s%s", i ? " " : "",
                            gbacw_game_unit (game, g_array_index (d->firers, int, i))->oob->id);
  return g_string_free (out, FALSE);
}

/* C 26.41-26.45: the Confederate battery fires at the adjacent regiment: a die of 6 less 1 is
 * 5, on the 36-43 grapeshot column a loss, which the barrage makes a Pin (the regiment keeps
 * its 4 SP); only targets within 8 hexes are offered, nearest first. Then the Union battery
 * fires back: a die of 1 less 1 is 0, no effect. The interphases come in C 21.1's order. */
static void
test_barrage_fire (void)
{
  g_autoptr (Fixture) f = barrage_fixture ();
  GbacwGame *game = barrage_game (f);
  g_autofree char *batteries = offered (game), *targets = NULL, *union_batteries = NULL, *union_targets = NULL;

  g_assert_true (log_has (game, "C 21.1", "Pre-Dawn Barrage Interphase after Game-Turn 20"));
  g_assert_cmpstr (batteries, ==, "c-bty");
  g_assert_cmpint (gbacw_game_decision (game)->side, ==, 1);
  answer (game, "c-bty");
  g_assert_true (log_has (game, "C 26.41", "announces a pre-dawn barrage"));
  targets = offered (game);
  g_assert_cmpstr (targets, ==, "u-reg u-bty u-far-8");
  gbacw_dice_force_list (game->dice, 6, 0);
  answer (game, "u-reg");
  g_assert_true (log_has (game, "C 26.45", "die 6 adjusted to 5: 2*, a Pin instead"));
  g_assert_true (unit_of (game, "u-reg")->status & GBACW_STATUS_PINNED);
  g_assert_cmpint (unit_of (game, "u-reg")->strength, ==, 4);
  g_assert_true (log_has (game, "C 26.45", "(u-reg) is pinned"));
  union_batteries = offered (game);
  g_assert_cmpstr (union_batteries, ==, "u-bty");
  g_assert_cmpint (gbacw_game_decision (game)->side, ==, 0);
  answer (game, "u-bty");
  union_targets = offered (game);
  g_assert_cmpstr (union_targets, ==, "c-bty");
  gbacw_dice_force_list (game->dice, 1, 0);
  answer (game, "c-bty");
  g_assert_true (log_has (game, "C 26.42", "die 1 adjusted to 0: no effect"));
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (unit_of (game, "c-bty")->guns, ==, 4);
  gbacw_game_free (game);
}

/* C 26.41: no barrage announced: the Union batteries may not fire, nobody is asked again. */
static void
test_barrage_declined (void)
{
  g_autoptr (Fixture) f = barrage_fixture ();
  GbacwGame *game = barrage_game (f);

  answer (game, NULL);
  g_assert_true (log_has (game, "C 26.41", "undertakes no pre-dawn barrage"));
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  gbacw_game_free (game);
}



/* C 26.4: the computer player answers the barrage's questions (every battery fires, at the
 * nearest target) and play goes on. */
static void
test_barrage_computer_player (void)
{
  g_autoptr (Fixture) f = barrage_fixture ();
  GbacwGame *game = barrage_game (f);

  for (int guard = 0; guard < 10 && gbacw_game_decision (game); guard++)
    {
      GbacwAi *ai = gbacw_ai_new (game, gbacw_game_decision (game)->side);
      g_autoptr (GbacwAction) action = gbacw_ai_choose (ai, game);
      g_autoptr (GError) error = NULL;
      g_assert_nonnull (action);
      g_assert_true (gbacw_game_apply_action (game, action, &error));
      g_assert_no_error (error);
      gbacw_ai_free (ai);
    }
  g_assert_null (gbacw_game_decision (game));
  g_assert_true (log_has (game, "C 26.41", "announces a pre-dawn barrage"));
  g_assert_true (log_has (game, NULL, "(c-bty) fires at u-reg (u-reg)"));
  g_assert_true (log_has (game, NULL, "(u-bty) fires at c-bty (c-bty)"));
  gbacw_game_free (game);
}


/* ------------------------------------------------------------------ C 30.5 heat */

/* C 30.5: Game-Turns 7-13, the heat rolled for 8-12. Before Game-Turn 8 both roll 3: it is
 * skipped whole (play goes from Game-Turn 7 to 9); no roll before 9 and 10; before 11 a 2
 * and a 5: it is played. Nothing is rolled before the last Game-Turn. */
static void
test_heat_skips_a_game_turn (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 4);
  GbacwGame *game;

  INF (f, "u-reg", "union", 4, 3, "0101", "s");
  INF (f, "c-reg", "confederate", 4, 3, "0404", "n");
  set_turns (f, 7, 13);
  add_exclusive (f, "corinth.heat", "turns", "8-13", "rest", "2", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 1);
  gbacw_dice_force_list (game->dice, 3, 3, 0);
  end_phase (game);
  g_assert_true (log_has (game, "C 30.5", "Heat before Game-Turn 8: both roll 3"));
  g_assert_cmpint (game->turn, ==, 9);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  g_assert_true (log_has (game, "4.0", "Game-Turn 8 begins"));
  {
    /* nobody ended a phase of Game-Turn 8: none was played */
    gboolean in_8 = FALSE;
    for (guint i = 0; i < game->events->len; i++)
      {
        const GbacwEvent *e = g_ptr_array_index (game->events, i);
        if (strstr (e->text, "Game-Turn 8 begins") || strstr (e->text, "Game-Turn 9 begins"))
          in_8 = strstr (e->text, "Game-Turn 8 begins") != NULL;
        else if (in_8)
          g_assert_null (strstr (e->text, " ends the "));
      }
  }
  advance_to_phase (game, 10, GBACW_PHASE_FINAL_COMMAND, 1);
  g_assert_false (log_has (game, "C 30.5", "before Game-Turn 9"));
  g_assert_false (log_has (game, "C 30.5", "before Game-Turn 10"));
  gbacw_dice_force_list (game->dice, 2, 5, 0);
  end_phase (game);
  g_assert_true (log_has (game, "C 30.5", "Heat before Game-Turn 11: Union rolls 2, Confederate rolls 5: play goes on"));
  g_assert_cmpint (game->turn, ==, 11);
  advance_to_phase (game, 12, GBACW_PHASE_FINAL_COMMAND, 1);
  gbacw_dice_force_list (game->dice, 4, 4, 0);
  end_phase (game);
  g_assert_cmpint (game->turn, ==, 13);
  g_assert_false (log_has (game, "C 30.5", "before Game-Turn 13"));
  gbacw_game_free (game);
}


/* ------------------------------------------------------------------ C 29.6 assault impetus */

/* A routed Union regiment u-1 (Morale 3) of brigade u-bde with its commander at 0201, the
 * army commander at where; the Union Rally Phase of Game-Turn turn; the die forced. */
static GbacwGame *
impetus_rally (Fixture *f, int turn, const char *where, int die)
{
  GbacwGame *game;

  INF (f, "u-1", "union", 4, 3, "0201", "s");
  INF (f, "c-1", "confederate", 4, 3, "0808", "n");
  LEADER (f, "u-bc", "union", "0201");
  LEADER (f, "u-rosecrans", "union", where);
  add_formation (f, "u-army", "union", GBACW_FORMATION_ARMY, NULL, "u-rosecrans");
  add_formation (f, "u-bde", "union", GBACW_FORMATION_BRIGADE, "u-army", "u-bc");
  set_formation (f, "u-1 u-bc", "u-bde");
  set_leader (f, "u-bc", GBACW_LEADER_BRIGADE, 3, 1, GBACW_UNSET, 0);
  set_leader (f, "u-rosecrans", GBACW_LEADER_ARMY, 3, 1, GBACW_UNSET, 2);
  set_turns (f, 1, 6);
  add_exclusive (f, "corinth.assault-impetus", "side", "union", "turns", "1-5", NULL);
  game = start_game (f);
  advance_to_phase (game, turn, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  unit_of (game, "u-1")->status |= GBACW_STATUS_ROUTED;
  gbacw_dice_force (game->dice, &die, 1);
  end_phase (game);
  return game;
}

/* C 29.61: in Game-Turns 1-5 a routed Union unit stacked with its brigade commander rolls:
 * 4 - 1 = 3 rallies at Morale 3, 5 - 1 = 4 does not; with the army commander it rallies
 * without a roll; from Game-Turn 6 the commander rallies it (13.52). */
static void
test_assault_impetus_rally_by_die (void)
{
  static const struct {
    int turn;
    const char *army_hex;
    int die;
    gboolean rallied;
    const char *rule_case, *text;
  } cases[] = {
    { 1, "0101", 4, TRUE, "C 29.61", "die 4-1 = 3 against Morale 3" },
    { 5, "0101", 5, FALSE, "C 29.61", "stays routed" },
    { 3, "0201", 6, TRUE, "13.52", "rallies" },
    { 6, "0101", 6, TRUE, "13.52", "rallies" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (8, 8);
      GbacwGame *game = impetus_rally (f, cases[i].turn, cases[i].army_hex, cases[i].die);
      if (!log_has (game, cases[i].rule_case, cases[i].text))
        g_error ("case %u: no [%s] “%s” in the log", i, cases[i].rule_case, cases[i].text);
      g_assert_cmpint ((unit_of (game, "u-1")->status & GBACW_STATUS_ROUTED) == 0, ==, cases[i].rallied);
      g_assert_cmpint (log_has (game, "C 29.61", NULL), ==, i < 2);
      gbacw_game_free (game);
    }
}


/* ------------------------------------------------------------------ C 30.4 Lovell */

/* C 30.4: Lovell's division of two brigades (limits 8 each) and a third division's brigade:
 * 5 + 4 casualties are 9, below the divisional limit of 10; one more and both of Lovell's
 * brigades are treated as without BCE (what the bce-loss rule's effects read), though
 * neither has reached its own limit, so no Victory Points; the other brigade is not. */
static void
test_lovell_divisional_limit (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 6);
  GbacwGame *game;
  int rust, bowen, other;

  INF (f, "c-r1", "confederate", 8, 3, "0505", "n");
  INF (f, "c-b1", "confederate", 8, 3, "0605", "n");
  INF (f, "c-o1", "confederate", 8, 3, "0606", "n");
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  add_formation (f, "c-lovell-div", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-rust", "confederate", GBACW_FORMATION_BRIGADE, "c-lovell-div", NULL)->bce[0] = 8;
  add_formation (f, "c-bowen", "confederate", GBACW_FORMATION_BRIGADE, "c-lovell-div", NULL)->bce[0] = 8;
  add_formation (f, "c-maury-div", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-other", "confederate", GBACW_FORMATION_BRIGADE, "c-maury-div", NULL)->bce[0] = 8;
  set_formation (f, "c-r1", "c-rust");
  set_formation (f, "c-b1", "c-bowen");
  set_formation (f, "c-o1", "c-other");
  add_exclusive (f, "bce-loss", "variant", "corinth", NULL);
  add_exclusive (f, "corinth.lovell-reluctance", "division", "c-lovell-div", "limit", "10", NULL);
  game = start_game (f);
  rust = gbacw_leadership_formation_index (game, "c-rust");
  bowen = gbacw_leadership_formation_index (game, "c-bowen");
  other = gbacw_leadership_formation_index (game, "c-other");
  unit_of (game, "c-r1")->killed = 5;
  unit_of (game, "c-b1")->killed = 4;
  unit_of (game, "c-o1")->killed = 7;
  g_assert_false (gbacw_bce_unit_lost (game, unit_index (game, "c-r1")));
  g_assert_false (gbacw_bce_effects (game, bowen));
  unit_of (game, "c-b1")->captured = 1;
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);   /* an action: the log */
  g_assert_true (log_has (game, "C 30.4", "casualties 10, its divisional limit 10 reached"));
  g_assert_true (gbacw_bce_unit_lost (game, unit_index (game, "c-r1")));
  g_assert_true (gbacw_bce_unit_lost (game, unit_index (game, "c-b1")));
  g_assert_true (gbacw_bce_effects (game, rust));
  g_assert_false (gbacw_bce_lost (game, rust));
  g_assert_false (gbacw_bce_lost (game, bowen));
  g_assert_false (gbacw_query_bce_lost (game, g_ptr_array_index (f->s->oob.formations, bowen)));
  g_assert_false (gbacw_bce_unit_lost (game, unit_index (game, "c-o1")));
  g_assert_false (gbacw_bce_effects (game, other));
  gbacw_game_free (game);
}


/* ------------------------------------------------------------------ C 29.4 Union set-up */

/* The findings of the validator's check deploy.setup-area citing rule_case, messages
 * joined by "\n". */
static char *
setup_findings (const GbacwScenario *s, const char *rule_case)
{
  g_autoptr (GPtrArray) findings = gbacw_check_scenario (s);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < findings->len; i++)
    {
      const GbacwFinding *f = g_ptr_array_index (findings, i);
      if (g_strcmp0 (f->check, "deploy.setup-area") == 0 && g_strcmp0 (f->rule_case, rule_case) == 0)
        g_string_append_printf (out, "%s\n", f->message);
    }
  return g_string_free (out, FALSE);
}

/* An Assault Area at 0225, the hotel at 1528, outer works on the north side of 0527 with 0527 inside. */
static Fixture *
setup_fixture (void)
{
  Fixture *f = fixture_new (20, 30);
  const GbacwHexGrid *grid = &f->s->map->grid;
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0527")),
                                              direction_of (f->s, "n"));
  GbacwHex owner;

  add_area (f, "assault-a", GBACW_AREA_ASSAULT, "confederate", "0225");
  add_area (f, "hotel", GBACW_AREA_OBJECTIVE, "confederate", "1528");
  add_hexside_type (f->s, "outer-works", "works", GBACW_SIDE_MODE_INSIDE);
  add_hexside (f, "0527", "n", "outer-works");
  gbacw_hex_grid_hexside_hexes (grid, id, &owner, NULL, NULL);
  if (!gbacw_hex_equal (owner, gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0527"))))
    f->s->map->hexside_inside[id] |= 1u << gbacw_catalogue_find_hexside_type (&f->s->catalogue, "outer-works");
  INF (f, "c-1", "confederate", 4, 3, "0101", "s");
  add_exclusive (f, "corinth.union-deployment-limits", "side", "union", "assault-areas", "assault-a", "distance", "4",
                 "hotel", "hotel", NULL);
  return f;
}

/* C 29.41's printed example: a unit may set up in Battery E (0527), on the inside of the
 * outer works, but not in 0426, both within 4 hexes of the Assault Area. */
static void
test_setup_away_from_assault_areas (void)
{
  g_autoptr (Fixture) f = setup_fixture ();
  g_autofree char *found = NULL;
  const GbacwHexGrid *grid = &f->s->map->grid;
  GbacwHex area = gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0225"));

  g_assert_cmpint (gbacw_hex_grid_distance (grid, area, gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0527"))), <=, 4);
  g_assert_cmpint (gbacw_hex_grid_distance (grid, area, gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0426"))), <=, 4);
  INF (f, "u-in-redan", "union", 4, 3, "0527", "n");
  INF (f, "u-outside", "union", 4, 3, "0426", "n");
  INF (f, "u-far", "union", 4, 3, "1529", "n");
  found = setup_findings (f->s, "C 29.41");
  g_assert_nonnull (strstr (found, "u-outside is set up in 0426"));
  g_assert_null (strstr (found, "u-in-redan"));
  g_assert_null (strstr (found, "u-far"));
}

/* C 29.42: two brigades near the Assault Area (4-7 needed) and none near the hotel (3
 * needed) are both reported; nothing is counted before the Union has set up. */
static void
test_setup_brigade_counts (void)
{
  g_autoptr (Fixture) f = setup_fixture ();
  g_autofree char *before = setup_findings (f->s, "C 29.42"), *found = NULL;

  g_assert_cmpstr (before, ==, "");
  INF (f, "u-1", "union", 4, 3, "1529", "n");
  INF (f, "u-2", "union", 4, 3, "1628", "n");
  add_formation (f, "u-bde-1", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  add_formation (f, "u-bde-2", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_formation (f, "u-1", "u-bde-1");
  set_formation (f, "u-2", "u-bde-2");
  found = setup_findings (f->s, "C 29.42");
  g_assert_nonnull (strstr (found, "0 brigades are set up within 10 hexes of a Confederate Assault Area: from 4 to 7"));
  g_assert_nonnull (strstr (found, "2 brigades are set up within 10 hexes of the Tishomingo Hotel: 3 must be"));
  g_free (found);
  /* a third brigade with one regiment near the Assault Area and one near the hotel is near neither */
  add_formation (f, "u-bde-3", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  INF (f, "u-3", "union", 4, 3, "0620", "n");
  INF (f, "u-4", "union", 4, 3, "1427", "n");
  set_formation (f, "u-3 u-4", "u-bde-3");
  found = setup_findings (f->s, "C 29.42");
  g_assert_nonnull (strstr (found, "0 brigades are set up within 10 hexes of a Confederate Assault Area"));
  g_assert_nonnull (strstr (found, "2 brigades are set up within 10 hexes of the Tishomingo Hotel"));
  g_free (found);
  /* the whole brigade near the Assault Area counts */
  set_formation (f, "u-4", "u-bde-1");
  found = setup_findings (f->s, "C 29.42");
  g_assert_nonnull (strstr (found, "1 brigade is set up within 10 hexes of a Confederate Assault Area: from 4 to 7"));
}


/* C 29.44: the independent battery u-park set up beside the park hex 0103 may neither move
 * nor fire; the brigade battery u-bde-bty there and the independent u-away farther off may;
 * a Confederate unit coming within 6 hexes of the town hex 0101 frees the park. */
static void
test_artillery_park (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 14);
  GbacwGame *game;

  add_unit (f, "u-park", "union", GBACW_UNIT_ARTILLERY, 4, 3, "L", "0104", GBACW_FORMATION_STATE_LIMBERED, "s");
  add_unit (f, "u-bde-bty", "union", GBACW_UNIT_ARTILLERY, 4, 3, "L", "0203", GBACW_FORMATION_STATE_LIMBERED, "s");
  add_unit (f, "u-away", "union", GBACW_UNIT_ARTILLERY, 4, 3, "L", "0306", GBACW_FORMATION_STATE_LIMBERED, "s");
  INF (f, "c-1", "confederate", 4, 4, "0113", "n");
  add_formation (f, "u-bde", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_formation (f, "u-bde-bty", "u-bde");
  add_area (f, "park", GBACW_AREA_SETUP, "union", "0103");
  add_area (f, "corinth", GBACW_AREA_TOWN, NULL, "0101");
  set_turns (f, 1, 4);
  add_exclusive (f, "corinth.union-deployment-limits", "side", "union", "park", "park", "park-release-turn", "3",
                 "town", "corinth", "park-release-distance", "6", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-park", "0105"), "C 29.44");
  apply_expect (game, move_action (game, "u-bde-bty", "0204"), NULL);
  apply_expect (game, move_action (game, "u-away", "0307"), NULL);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  /* 0108 is 7 hexes from 0101, 0107 is 6 */
  apply_expect (game, move_action (game, "c-1", "0112 0111 0110 0109 0108"), NULL);
  g_assert_false (log_has (game, "C 29.44", "the artillery park is free"));
  apply_expect (game, move_action (game, "c-1", "0107"), NULL);
  g_assert_true (log_has (game, "C 29.44", "came within 6 hexes of Corinth: the artillery park is free"));
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-park", "0105"), NULL);
  gbacw_game_free (game);
}

/* C 29.44 "until the second day": from park-release-turn the park is free. */
static void
test_artillery_park_second_day (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 14);
  GbacwGame *game;

  add_unit (f, "u-park", "union", GBACW_UNIT_ARTILLERY, 4, 3, "L", "0103", GBACW_FORMATION_STATE_LIMBERED, "s");
  INF (f, "c-1", "confederate", 4, 4, "0114", "n");
  add_area (f, "park", GBACW_AREA_SETUP, "union", "0103");
  set_turns (f, 1, 4);
  add_exclusive (f, "corinth.union-deployment-limits", "side", "union", "park", "park", "park-release-turn", "2",
                 NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-park", "0104"), "C 29.44");
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (log_has (game, "C 29.44", "the second day"));
  apply_expect (game, move_action (game, "u-park", "0104"), NULL);
  gbacw_game_free (game);
}

/* C 29.41: no Union unit moves within 4 hexes of an Assault Area (0101) until both
 * Confederate divisions have entered: 0106 is 5 hexes off, 0105 is 4. */
static void
test_no_move_near_assault_areas (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 14);
  GbacwGame *game;

  INF (f, "u-1", "union", 4, 3, "0107", "n");
  INF (f, "c-1", "confederate", 4, 4, "0414", "n");
  INF (f, "c-2", "confederate", 4, 4, "0413", "n");
  add_formation (f, "c-div-1", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-div-2", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  set_formation (f, "c-1", "c-div-1");
  set_formation (f, "c-2", "c-div-2");
  reinforce (f, "c-2", 2, "0413", GBACW_FORMATION_STATE_LINE);
  add_area (f, "assault-a", GBACW_AREA_ASSAULT, "confederate", "0101");
  set_turns (f, 1, 4);
  add_exclusive (f, "corinth.union-deployment-limits", "side", "union", "assault-areas", "assault-a", "distance", "4",
                 "divisions", "c-div-1 c-div-2", NULL);
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0106"), NULL);
  apply_expect (game, move_action (game, "u-1", "0105"), "C 29.41");
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-2", "0413"), NULL);
  g_assert_true (log_has (game, "C 29.41", "Every Confederate division has entered"));
  advance_to_phase (game, 3, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0105"), NULL);
  gbacw_game_free (game);
}


/* C 29.43 with the reserves rule's held-within: of the brigades u-near (set up within 10
 * hexes of the hotel at 0101) and u-far (its regiment 11 hexes off), only u-near is frozen;
 * fire at one of its units activates it. */
static void
test_frozen_brigades_near_the_hotel (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 16);
  GbacwGame *game;

  INF (f, "u-near-1", "union", 4, 3, "0111", "s");
  INF (f, "u-far-1", "union", 4, 3, "0112", "s");
  INF (f, "c-1", "confederate", 4, 4, "0114", "n");
  add_formation (f, "u-near", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  add_formation (f, "u-far", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  set_formation (f, "u-near-1", "u-near");
  set_formation (f, "u-far-1", "u-far");
  add_area (f, "hotel", GBACW_AREA_OBJECTIVE, "confederate", "0101");
  set_turns (f, 1, 4);
  add_exclusive (f, "reserves", "formations", "u-near u-far", "forbid", "move formation fire", "release-on", "attacked",
                 "release-after-combat", "4", "held-within", "hotel:10", "case", "C 29.43", NULL);
  game = start_game (f);
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-near-1")));
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-far-1")));
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-near-1", "0110"), "C 29.43");
  apply_expect (game, move_action (game, "u-far-1", "0212"), NULL);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
  gbacw_dice_force_list (game->dice, 4, 4, 4, 4, 0);
  apply_expect (game, fire1 (game, "0111", "c-1", 0), NULL);
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-near-1")));
  gbacw_game_free (game);
}


/* ------------------------------------------------------------------ C 29.2 assault plan */

static char *
choices_of (GbacwGame *game)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  GString *out = g_string_new (NULL);

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_EXCLUSIVE_CHOICE);
  g_assert_cmpint (d->side, ==, 1);
  for (guint i = 0; i < d->choices->len; i++)
    g_string_append_printf (out, "%s%s", i ? ", " : "", (const char *) g_ptr_array_index (d->choices, i));
  return g_string_free (out, FALSE);
}

static void
choose (GbacwGame *game, const char *expected, int index)
{
  g_autofree char *offered = choices_of (game);

  if (g_strcmp0 (offered, expected) != 0)
    g_error ("offered “%s”, not “%s”", offered, expected);
  apply_expect (game, gbacw_action_new_answer_unit (index), NULL);
}

/* C 29.21-29.25: Lovell's division is asked first, Game-Turn 1 offered last; held back to
 * Game-Turn 2 through area b; Hebert's on Game-Turn 2 may not use b too, nor f before
 * Game-Turn 3; Maury's must then enter on Game-Turn 1 (29.21) and the Union player is told
 * its Area. Lovell's regiment may not enter on Game-Turn 1; Maury's enters through a only. */
static void
test_assault_plan (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 6);
  GbacwGame *game;

  INF (f, "u-1", "union", 4, 3, "0606", "n");
  INF (f, "c-lovell-1", "confederate", 4, 3, "0101", "s");
  INF (f, "c-hebert-1", "confederate", 4, 3, "0101", "s");
  INF (f, "c-maury-1", "confederate", 4, 3, "0101", "s");
  add_formation (f, "c-lovell-div", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-hebert-div", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-maury-div", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  set_formation (f, "c-lovell-1", "c-lovell-div");
  set_formation (f, "c-hebert-1", "c-hebert-div");
  set_formation (f, "c-maury-1", "c-maury-div");
  reinforce (f, "c-lovell-1", 1, "0301", GBACW_FORMATION_STATE_LINE);
  reinforce (f, "c-hebert-1", 1, "0301", GBACW_FORMATION_STATE_LINE);
  reinforce (f, "c-maury-1", 1, "0301", GBACW_FORMATION_STATE_LINE);
  add_area (f, "a", GBACW_AREA_ASSAULT, "confederate", "0101");
  add_area (f, "b", GBACW_AREA_ASSAULT, "confederate", "0201");
  add_area (f, "f", GBACW_AREA_ASSAULT, "confederate", "0401");
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  add_exclusive (f, "corinth.assault-areas", "divisions", "c-lovell-div c-hebert-div c-maury-div", "areas", "a b f",
                 "area-from", "f:3", "last-turn", "4", NULL);
  game = start_game (f);
  choose (game, "Game-Turn 2, Game-Turn 3, Game-Turn 4, Game-Turn 1", 0);
  g_assert_nonnull (strstr (gbacw_game_decision (game)->question, "c-lovell-div enter on Game-Turn 2"));
  choose (game, "a, b", 1);
  choose (game, "Game-Turn 1, Game-Turn 2, Game-Turn 3, Game-Turn 4", 1);
  choose (game, "a", 0);
  choose (game, "Game-Turn 1", 0);
  g_assert_false (log_has (game, "C 29.23", NULL));
  choose (game, "a, b", 0);
  g_assert_true (log_has (game, "C 29.23", "enters through a on Game-Turn 1"));
  g_assert_false (log_has (game, "C 29.23", "through b"));   /* the rest stays secret */
  g_assert_null (gbacw_game_decision (game));
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-lovell-1", "0201"), "C 29.2");
  apply_expect (game, move_action (game, "c-hebert-1", "0101"), "C 29.2");
  apply_expect (game, move_action (game, "c-maury-1", "0301"), "C 29.25");
  apply_expect (game, move_action (game, "c-maury-1", "0101"), NULL);
  {
    /* the record keeps each answer as the index of its choice, and replays */
    g_autofree char *xml = gbacw_game_to_xml (game, "test.xml");
    g_assert_nonnull (strstr (xml, "<answer value=\"1\"/>"));
  }
  assert_replays (f, game);
  gbacw_game_free (game);
}


/* C 29.51-29.57 (plan = dice): Game-Turn 1, a die of 2 sends Maury's division first, a die
 * of 1 on the Area Determination Table (Game-Turn 1: B) its Area; Hebert's 4 misses its
 * 1-2; Lovell's cell is not entered. Game-Turn 2: Hebert's 3 is within 1-3, through B again
 * (free on that Game-Turn). Game-Turn 3 (all-by): Lovell enters whatever the roll, its Area
 * cell unknown: the first Area with hexes. */
static void
test_solitaire_entry (void)
{
  static const char *const arrival[] = { "maury | ? | ? | ?", "hebert | 1-2 | 1-3 | ?", "lovell | ? | ? | ?", NULL };
  static const char *const areas[] = { "1 | B | B | ?", "2 | A | A | ?", "3 | C | C | C", "4 | A | A | A", "5 | A | A | A",
                                        "6 | A | A | A", NULL };
  g_autoptr (Fixture) f = fixture_new (6, 6);
  GbacwGame *game;

  INF (f, "u-1", "union", 4, 3, "0606", "n");
  INF (f, "c-maury-1", "confederate", 4, 3, "0101", "s");
  INF (f, "c-hebert-1", "confederate", 4, 3, "0101", "s");
  INF (f, "c-lovell-1", "confederate", 4, 3, "0101", "s");
  add_formation (f, "c-maury-div", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-hebert-div", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-lovell-div", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  set_formation (f, "c-maury-1", "c-maury-div");
  set_formation (f, "c-hebert-1", "c-hebert-div");
  set_formation (f, "c-lovell-1", "c-lovell-div");
  reinforce (f, "c-maury-1", 1, "0301", GBACW_FORMATION_STATE_LINE);
  reinforce (f, "c-hebert-1", 1, "0301", GBACW_FORMATION_STATE_LINE);
  reinforce (f, "c-lovell-1", 1, "0301", GBACW_FORMATION_STATE_LINE);
  add_area (f, "a", GBACW_AREA_ASSAULT, "confederate", "0101");
  add_area (f, "b", GBACW_AREA_ASSAULT, "confederate", "0201");
  add_area (f, "c", GBACW_AREA_ASSAULT, "confederate", "0401");
  add_chart (f->s, "division-arrival", "1 | 2 | 3", arrival);
  add_chart (f->s, "area-determination", "1 | 2 | 3", areas);
  set_turns (f, 1, 3);
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  add_exclusive (f, "corinth.assault-areas", "divisions", "c-maury-div c-hebert-div c-lovell-div", "areas", "a b c",
                 "plan", "dice", "first-die", "1-3", "arrival-rows", "maury hebert lovell", "all-by", "3", NULL);
  game = start_game (f);
  g_assert_null (gbacw_game_decision (game));   /* nothing asked: the dice plot */
  gbacw_dice_force_list (game->dice, 2, 1, 4, 5, 0);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  g_assert_true (log_has (game, "C 29.51", "Die 2: c-maury-div enters first"));
  g_assert_true (log_has (game, "C 29.57", "c-maury-div enters through b (die 1)"));
  g_assert_true (log_has (game, "C 29.56", "c-hebert-div, Game-Turn 1: die 4 against 1-2: not yet"));
  g_assert_true (log_has (game, "C 29.56", "c-lovell-div, Game-Turn 1: not entered"));
  apply_expect (game, move_action (game, "c-maury-1", "0201"), NULL);
  apply_expect (game, move_action (game, "c-hebert-1", "0101"), "C 29.2");
  gbacw_dice_force_list (game->dice, 3, 1, 6, 0);
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 1);
  g_assert_true (log_has (game, "C 29.56", "c-hebert-div, Game-Turn 2: die 3 against 1-3: it enters"));
  g_assert_true (log_has (game, "C 29.57", "c-hebert-div enters through b (die 1)"));
  apply_expect (game, move_action (game, "c-hebert-1", "0201"), NULL);
  gbacw_dice_force_list (game->dice, 2, 0);
  advance_to_phase (game, 3, GBACW_PHASE_MOVEMENT, 1);
  g_assert_true (log_has (game, "C 29.54", "c-lovell-div enters on Game-Turn 3, whatever the roll"));
  g_assert_true (log_has (game, "C 29.57", "die 2, Game-Turn 3: not entered"));
  g_assert_true (log_has (game, "C 29.57", "c-lovell-div enters through a (die 2)"));
  apply_expect (game, move_action (game, "c-lovell-1", "0101"), NULL);
  gbacw_game_free (game);
}


/* C 29.31: a second unit may not double up in 0101 while 0201, the other hex of the Area,
 * is empty; once both are held it may. C 29.32: the first division's regiment left over
 * enters through the Area before the second division's. */
static void
test_entry_waves (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 6);
  GbacwGame *game;

  INF (f, "u-1", "union", 4, 3, "0606", "n");
  INF (f, "c-1", "confederate", 2, 3, "0101", "s");
  INF (f, "c-2", "confederate", 2, 3, "0101", "s");
  INF (f, "c-3", "confederate", 2, 3, "0101", "s");
  INF (f, "c-4", "confederate", 2, 3, "0101", "s");
  add_formation (f, "c-div-1", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  add_formation (f, "c-div-2", "confederate", GBACW_FORMATION_DIVISION, NULL, NULL);
  set_formation (f, "c-1 c-2 c-3", "c-div-1");
  set_formation (f, "c-4", "c-div-2");
  reinforce (f, "c-1 c-2 c-3", 1, "0101", GBACW_FORMATION_STATE_LINE);
  reinforce (f, "c-4", 1, "0101", GBACW_FORMATION_STATE_LINE);
  add_area (f, "a", GBACW_AREA_ASSAULT, "confederate", "0101 0201");
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  add_exclusive (f, "corinth.assault-areas", "divisions", "c-div-1 c-div-2", "areas", "a", "last-turn", "3", "reluctant",
                 "no", NULL);
  game = start_game (f);
  choose (game, "Game-Turn 1, Game-Turn 2, Game-Turn 3", 0);
  choose (game, "a", 0);
  choose (game, "Game-Turn 1, Game-Turn 2, Game-Turn 3", 1);
  choose (game, "a", 0);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0101"), NULL);
  apply_expect (game, move_action (game, "c-2", "0101"), "C 29.31");
  apply_expect (game, move_action (game, "c-2", "0201"), NULL);
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-4", "0101"), "C 29.32");
  apply_expect (game, move_action (game, "c-3", "0101"), NULL);   /* both hexes held: it may double up */
  apply_expect (game, move_action (game, "c-4", "0201"), NULL);
  gbacw_game_free (game);
}

/* ------------------------------------------------------------------ C 21.1 sequence */

/* The index of the first event of the log citing rule_case (NULL: any) whose text holds
 * text, -1. */
static int
log_index (const GbacwGame *game, const char *rule_case, const char *text)
{
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if ((rule_case == NULL || g_strcmp0 (e->rule_case, rule_case) == 0) && strstr (e->text, text))
        return (int) i;
    }
  return -1;
}

/* C 21.1: Game-Turns 16-21, 17-20 the night, the Confederates first. The Victory
 * Determination Interphase follows the Union Player-Turn of Game-Turn 16 (and its check
 * stands under it); Phase K follows the Final Command Phase of both Player-Turns of each
 * night Game-Turn and no day one; the BCE Recovery and then the Pre-Dawn Barrage
 * Interphases follow Game-Turn 20. */
static void
test_sequence_of_play (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 4);
  GbacwGame *game;
  int vd, check, night, bce, barrage, day2, k = 0;

  INF (f, "u-reg", "union", 4, 3, "0101", "s");
  INF (f, "c-reg", "confederate", 4, 3, "0404", "n");
  set_turns (f, 16, 21);
  for (guint i = 0; i < f->s->turns.turns->len; i++)
    {
      GbacwTurn *t = g_ptr_array_index (f->s->turns.turns, i);
      t->night = t->n >= 17 && t->n <= 20;
    }
  g_free (f->s->turns.first_player);
  f->s->turns.first_player = g_strdup ("confederate");
  add_exclusive (f, "corinth.sequence", NULL);
  add_exclusive (f, "corinth.victory", "side", "confederate", "first-day-turn", "16", "win-at", "20", NULL);
  add_exclusive (f, "straggler-recovery", "timing", "player-turn", "success", "5-6", "case", "C 26.22", NULL);
  add_exclusive (f, "bce-recovery", "method", "second-row", "turn", "20", "case", "C 26.32", NULL);
  add_exclusive (f, "corinth.pre-dawn-barrage", NULL);
  game = start_game (f);
  g_assert_cmpint (gbacw_game_first_player (game, 16), ==, 1);
  advance_to_phase (game, 21, GBACW_PHASE_MOVEMENT, 1);

  vd = log_index (game, "C 21.1", "Victory Determination Interphase after Game-Turn 16");
  check = log_index (game, "C 31.2", "Victory determination after Game-Turn 16");
  night = log_index (game, "4.0", "Game-Turn 17 (night) begins");
  bce = log_index (game, "C 21.1", "BCE Recovery Interphase after Game-Turn 20");
  barrage = log_index (game, "C 21.1", "Pre-Dawn Barrage Interphase after Game-Turn 20");
  day2 = log_index (game, "4.0", "Game-Turn 21 begins");
  g_assert_cmpint (log_index (game, "4.0", "Second Player-Turn: Union"), <, vd);
  g_assert_cmpint (vd, >=, 0);
  g_assert_cmpint (vd, <, check);
  g_assert_cmpint (check, <, night);
  g_assert_cmpint (bce, >=, 0);
  g_assert_cmpint (bce, <, log_index (game, "C 26.32", "BCE Recovery Interphase"));
  g_assert_cmpint (bce, <, barrage);
  g_assert_cmpint (barrage, <, day2);
  g_assert_true (log_has (game, "C 26.41", "has no battery that could fire a pre-dawn barrage"));
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      const GbacwEvent *before = i > 0 ? g_ptr_array_index (game->events, i - 1) : NULL;
      if (!strstr (e->text, "Straggler Recovery Phase (exclusive rule"))
        continue;
      k++;
      g_assert_cmpint ((int) i, >, night);
      g_assert_cmpint ((int) i, <, day2);
      g_assert_nonnull (before);
      g_assert_nonnull (strstr (before->text, "ends the Final Command Phase"));
    }
  g_assert_cmpint (k, ==, 4 * 2);
  gbacw_game_free (game);
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
  g_test_add_func ("/corinth/C-21.1/sequence-of-play", test_sequence_of_play);
  g_test_add_func ("/corinth/C-26.4/barrage-fire", test_barrage_fire);
  g_test_add_func ("/corinth/C-26.41/barrage-declined", test_barrage_declined);
  g_test_add_func ("/corinth/C-26.4/barrage-computer-player", test_barrage_computer_player);
  g_test_add_func ("/corinth/C-30.5/heat-skips-a-game-turn", test_heat_skips_a_game_turn);
  g_test_add_func ("/corinth/C-29.61/assault-impetus-rally-by-die", test_assault_impetus_rally_by_die);
  g_test_add_func ("/corinth/C-30.4/lovell-divisional-limit", test_lovell_divisional_limit);
  g_test_add_func ("/corinth/C-29.41/setup-away-from-assault-areas", test_setup_away_from_assault_areas);
  g_test_add_func ("/corinth/C-29.42/setup-brigade-counts", test_setup_brigade_counts);
  g_test_add_func ("/corinth/C-29.44/artillery-park", test_artillery_park);
  g_test_add_func ("/corinth/C-29.44/artillery-park-second-day", test_artillery_park_second_day);
  g_test_add_func ("/corinth/C-29.41/no-move-near-assault-areas", test_no_move_near_assault_areas);
  g_test_add_func ("/corinth/C-29.43/frozen-brigades-near-the-hotel", test_frozen_brigades_near_the_hotel);
  g_test_add_func ("/corinth/C-29.2/assault-plan", test_assault_plan);
  g_test_add_func ("/corinth/C-29.5/solitaire-entry", test_solitaire_entry);
  g_test_add_func ("/corinth/C-29.31/entry-waves", test_entry_waves);
  return g_test_run ();
}
