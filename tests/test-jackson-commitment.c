/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson-commitment.c: Fremont's Corps (J 30.0: the Momentum Track, orders,
 * withdrawal, individual initiative, recall, with the segments of J 21.11 and 21.14), the
 * Confederate offensive (J 31.0), the reserve brigades (J 33.3), the encampment and alert
 * (J 34), each on a small position built in code, named after the case it plays. */
#define G_LOG_DOMAIN "test-jackson-commitment"

#include "test-engine-fixture.c"
#include "test-jackson-fremont-fixture.c"

#include "gbacw-ai.h"
#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-leadership.h"
#include "rules/shared/gbacw-rule-reserves.h"
#include "rules/jackson/gbacw-rule-confederate-offensive.h"
#include "rules/jackson/gbacw-rule-encampment.h"
#include "rules/jackson/gbacw-rule-fremont-commitment.h"

/* ------------------------------------------------------------------ J 30 Fremont's Corps */

/* J 30.21: the marker starts in box 0, Initiative Level 1; every brigade uncommitted. */
static void
test_track_starts_at_zero (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);

  g_assert_cmpint (gbacw_fremont_momentum (game), ==, 0);
  g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 1);
  g_assert_true (status_has (game, "J 30.2", "Fremont's Momentum Track: +0, Initiative Level 1"));
  g_assert_true (status_has (game, "J 30.1", "Uncommitted: Milroy's Brigade, Schenck's Brigade, Stahel's Brigade"));
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")));
}

/* J 30.2: the initiative parameter: boxes -10 to +10 with levels 0-9, each once. */
static void
test_momentum_levels_parameter (void)
{
  int levels[21];
  g_autofree char *why = NULL;

  g_assert_true (gbacw_exclusive_parse_momentum_levels ("-10:0 -3:1 0:1 +2:2 +5:4", levels, &why));
  g_assert_cmpint (levels[0], ==, 0);
  g_assert_cmpint (levels[7], ==, 1);
  g_assert_cmpint (levels[15], ==, 4);
  g_assert_cmpint (levels[14], ==, -1);
  g_assert_false (gbacw_exclusive_parse_momentum_levels ("+11:4", levels, &why));
  g_assert_nonnull (strstr (why, "+11:4"));
  g_clear_pointer (&why, g_free);
  g_assert_false (gbacw_exclusive_parse_momentum_levels ("0:1 0:2", levels, &why));
  g_assert_nonnull (strstr (why, "+0 is given twice"));
  g_clear_pointer (&why, g_free);
  g_assert_false (gbacw_exclusive_parse_momentum_levels ("", levels, &why));
}

/* J 30.2 with the cut-off row: a box not given reads as the nearest given toward 0: with
 * only 0:1 and -4:0 given, Milroy's loss (box -3) is level 1, Stahel's after it (-6) level 0. */
static void
test_box_not_entered (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = NULL;

  for (guint i = 0; i < f->s->exclusive_rules->len; i++)
    {
      GbacwExclusiveRule *rule = g_ptr_array_index (f->s->exclusive_rules, i);
      for (guint k = 0; g_str_equal (rule->id, "jackson.fremont-commitment") && k < rule->params->len; k++)
        {
          GbacwParam *param = g_ptr_array_index (rule->params, k);
          if (g_str_equal (param->name, "initiative"))
            {
              g_free (param->value);
              param->value = g_strdup ("-4:0 0:1");
            }
        }
    }
  game = start_game (f);
  wound (game, "u-milroy-1", 2);
  step (game);
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -3);
  g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 1);
  wound (game, "u-stahel-1", 2);
  step (game);
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -6);
  g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 0);
}

/* J 21.11, 30.3: at Initiative Level 1 one brigade may be given orders (two are refused); it
 * is committed (the reserves module no longer holds it). */
static void
test_orders_up_to_level (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);
  g_autofree char *names = NULL;

  to_orders_segment (game, 1);
  names = offered (game);
  g_assert_cmpstr (names, ==, "u-milroy u-schenck u-stahel");
  g_assert_cmpint (gbacw_game_decision (game)->length, ==, 1);
  g_assert_cmpstr (gbacw_game_decision (game)->rule_case, ==, "J 30.3");
  {
    int two[] = { unit_index (game, "u-milroy"), unit_index (game, "u-schenck") };
    apply_expect (game, gbacw_action_new_answer_units (two, 2), "J 30.3");
  }
  answer (game, "u-milroy");
  g_assert_true (log_has (game, "J 30.3", "Fremont gives orders to Milroy's Brigade"));
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")));
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-schenck-1")));
  /* the Withdrawal Segment asks about the one under orders; no initiative roll (no loss yet) */
  g_clear_pointer (&names, g_free);
  names = offered (game);
  g_assert_cmpstr (names, ==, "u-milroy");
  answer (game, "");
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MOVEMENT);
  g_assert_true (status_has (game, "J 30.3", "Under orders: Milroy's Brigade"));
  g_assert_true (status_has (game, "J 30.3", "1 brigade under orders of 1 allowed"));
}

/* J 30.32: Schenck 5 hexes from Fremont (DIR 4) may not be given orders; Blenker 6 hexes from
 * Fremont makes Stahel, within Blenker's own DIR, ineligible too. */
static void
test_orders_eligibility (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0107", "0602");
  g_autoptr (GbacwGame) game = start_game (f);
  g_autofree char *names = NULL;

  to_orders_segment (game, 1);
  names = offered (game);
  g_assert_cmpstr (names, ==, "u-milroy");
}

/* J 30.23, 30.24: a brigade of the corps losing BCE moves the marker down by its Momentum
 * Points (Milroy 3: 0 → -3, still Initiative Level 1); Shields' Carroll losing BCE moves it not. */
static void
test_union_bce_loss_lowers_momentum (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);

  wound (game, "u-carroll-1", 2);
  step (game);
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, 0);
  wound (game, "u-milroy-1", 2);
  step (game);
  g_assert_true (log_has (game, "J 30.23", "Milroy's Brigade of Fremont's Corps has lost BCE: Fremont's Momentum +0 → -3"));
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -3);
  g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 1);
  /* Stahel's 3 more: -6, Initiative Level 0 */
  wound (game, "u-stahel-1", 2);
  step (game);
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -6);
  g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 0);
}

/* J 30.27: a brigade that regained BCE (stragglers) and loses it again is worth one point less. */
static void
test_second_loss_one_less (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);
  GbacwGameUnit *u;

  wound (game, "u-milroy-1", 2);
  step (game);
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -3);
  u = unit_of (game, "u-milroy-1");
  u->killed = 1;   /* a Strength Point recovered (J 35.42): BCE regained, the marker stays (30.28) */
  u->strength++;
  step (game);
  g_assert_false (gbacw_bce_lost (game, 0 + 2));
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -3);
  wound (game, "u-milroy-1", 1);
  step (game);
  g_assert_true (log_has (game, "J 30.27", "Fremont's Momentum -3 → -5"));
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -5);
}

/* J 30.22, 30.25, 30.26: Trimble's brigade one casualty short of its limit; the fire that
 * makes it lose BCE is Milroy's (Fremont's: +3) or Carroll's (Shields': nothing). */
static void
test_csa_bce_loss_by_whom (void)
{
  for (int fremont = 0; fremont <= 1; fremont++)
    {
      g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
      g_autoptr (GbacwGame) game = NULL;

      /* the firer and its commander next to c-1 */
      for (guint i = 0; i < f->s->deployment->len; i++)
        {
          GbacwPlacement *p = g_ptr_array_index (f->s->deployment, i);
          if (g_str_has_prefix (p->unit, fremont ? "u-milroy" : "u-carroll"))
            p->hex = hex_of (f->s, "0109");
        }
      game = start_game (f);
      advance (game, 1, GBACW_PHASE_OFFENSIVE_FIRE, 0);
      wound (game, "c-1", 1);
      wound (game, "c-2", 1);   /* 2 of 2: the limit is reached in the next action */
      gbacw_dice_force_list (game->dice, 6, 6, 6, 6, 6, 6, 0);
      apply_expect (game, fire1 (game, "0110", fremont ? "u-milroy-1" : "u-carroll-1", 0), NULL);
      hold_fire (game);
      if (fremont)
        {
          g_assert_true (log_has (game, "J 30.22", "Fremont's units caused the BCE loss of Trimble's Brigade"));
          g_assert_cmpint (gbacw_fremont_momentum (game), ==, 3);
          g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 3);
        }
      else
        {
          g_assert_true (log_has (game, "J 30.25", "Trimble's Brigade lost BCE to units outside Fremont's Corps"));
          g_assert_cmpint (gbacw_fremont_momentum (game), ==, 0);
        }
    }
}

/* J 30.31, 30.33, 30.34, 21.14: Milroy under orders at level 1; Schenck's and Stahel's BCE
 * losses take the marker to -4 (level 0) during the Game-Turn; at the next Union Initial
 * Command Phase Milroy must be withdrawn (not chosen: the engine withdraws him); his
 * regiment, left within 3 hexes of the enemy, routs when the Movement Phase ends; the
 * Final Command Phase removes the marker and he is uncommitted again. */
static void
test_excess_withdrawn_and_routs (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = NULL;
  g_autofree char *names = NULL;

  game = start_game (f);

  to_orders_segment (game, 1);
  answer (game, "u-milroy");
  answer (game, "");
  wound (game, "u-schenck-1", 2);
  step (game);
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -1);
  wound (game, "u-stahel-1", 2);
  step (game);
  g_assert_cmpint (gbacw_fremont_momentum (game), ==, -4);
  /* J 30.31: no effect before the next Union Initial Command Phase */
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")));
  to_orders_segment (game, 2);
  names = offered (game);   /* no orders to give: the Withdrawal Segment's question */
  g_assert_cmpstr (names, ==, "u-milroy");
  g_assert_nonnull (strstr (gbacw_game_decision (game)->question, "at least 1"));
  answer (game, "");
  g_assert_true (log_has (game, "J 30.33", "Fremont's Initiative Level has fallen: Milroy's Brigade must be withdrawn"));
  g_assert_true (status_has (game, "J 30.34", "Withdrawn: Milroy's Brigade"));
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MOVEMENT);
  /* J 30.34: Milroy's regiment (withdrawn, it may) and Milroy go to 0207, 3 hexes from c-1 */
  apply_expect (game, move_action (game, "u-milroy-1", "0204 0205 0206 0207"), NULL);
  apply_expect (game, move_action (game, "u-milroy", "0203 0204 0205 0206 0207"), NULL);
  g_assert_cmpint (gbacw_game_distance (game, hex_of (game->scenario, "0207"), hex_of (game->scenario, "0110")), ==, 3);
  g_assert_cmpint (gbacw_game_keep_distance (game, unit_index (game, "u-milroy-1")), ==, 4);
  step (game);
  g_assert_true (log_has (game, "J 30.34", "u-milroy-1"));
  g_assert_true (unit_of (game, "u-milroy-1")->status & GBACW_STATUS_ROUTED);
  advance (game, 2, GBACW_PHASE_FINAL_COMMAND, 0);
  g_assert_true (log_has (game, "J 21.14", "The Withdrawn marker is removed from Milroy's Brigade"));
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")));
}

/* J 30.33 with the computer player: asked the Withdrawal question with one brigade too many
 * under orders (level 1, two ordered), it withdraws exactly one (the module's default), not
 * both, as the generic answer would; asked the Orders question it gives every order it may. */
static void
test_computer_withdraws_only_the_excess (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = NULL;
  GbacwAi *ai;
  g_autoptr (GbacwAction) orders = NULL;
  g_autoptr (GbacwAction) withdrawal = NULL;

  /* the marker starts in box +2: level 2 */
  for (guint i = 0; i < f->s->exclusive_rules->len; i++)
    {
      GbacwExclusiveRule *rule = g_ptr_array_index (f->s->exclusive_rules, i);
      if (g_str_equal (rule->id, "jackson.fremont-commitment"))
        g_ptr_array_add (rule->params, gbacw_param_new ("start", "2"));
    }
  game = start_game (f);
  ai = gbacw_ai_new (game, 0);
  to_orders_segment (game, 1);
  g_assert_cmpint (gbacw_game_decision (game)->length, ==, 2);
  orders = gbacw_ai_choose (ai, game);
  g_assert_nonnull (orders);
  g_assert_cmpuint (orders->answer.firers->len, ==, 2);
  apply_expect (game, gbacw_action_copy (orders), NULL);
  answer (game, "");    /* no withdrawal */
  wound (game, "u-stahel-1", 2);   /* -3: level 1 */
  step (game);
  g_assert_cmpint (gbacw_fremont_initiative_level (game), ==, 1);
  to_orders_segment (game, 2);
  g_assert_cmpint (gbacw_game_decision (game)->firers->len, ==, 2);
  withdrawal = gbacw_ai_choose (ai, game);
  g_assert_nonnull (withdrawal);
  g_assert_cmpuint (withdrawal->answer.firers->len, ==, 1);
  gbacw_ai_free (ai);
}

/* J 30.5, 30.35: a brigade under orders that lost BCE is withdrawn at the next Union Initial
 * Command Phase; it still counts that Game-Turn, so no new orders are given (Schenck waits). */
static void
test_bce_lost_withdrawn (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);

  to_orders_segment (game, 1);
  answer (game, "u-schenck");
  answer (game, "");
  wound (game, "u-schenck-1", 2);   /* Schenck's 1 point: 0 → -1, level 1 */
  step (game);
  to_orders_segment (game, 2);
  g_assert_true (log_has (game, "J 30.3", "no new orders"));
  g_assert_true (log_has (game, "J 30.5", "Schenck's Brigade has lost BCE and is withdrawn"));
  /* J 30.4: the corps has had a loss: the initiative question (Milroy only: Schenck has no BCE) */
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy");
  }
  answer (game, "");
  /* the next Game-Turn the orders may go to Milroy */
  to_orders_segment (game, 3);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy u-stahel");
  }
}

/* J 30.4: after a loss of the corps, one roll for one commander: a die of 1 gives Milroy
 * individual initiative (Independent Attack: committed); a 2 does not. */
static void
test_individual_initiative (void)
{
  for (int die = 1; die <= 2; die++)
    {
      g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
      g_autoptr (GbacwGame) game = start_game (f);

      wound (game, "u-stahel-1", 1);
      to_orders_segment (game, 1);
      answer (game, "");   /* no orders */
      g_assert_cmpint (gbacw_game_decision (game)->length, ==, 1);
      {
        g_autofree char *names = offered (game);
        g_assert_cmpstr (names, ==, "u-milroy u-schenck");   /* Stahel's brigade: morale 2 (J 30.41) */
      }
      gbacw_dice_force_list (game->dice, die, 0);
      answer (game, "u-milroy");
      g_assert_cmpint (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")), ==, die != 1);
      g_assert_cmpint (status_has (game, "J 30.4", "Independent attack: Milroy's Brigade"), ==, die == 1);
      g_assert_true (log_has (game, "J 30.4", die == 1 ? "achieves individual initiative on a die of 1"
                                                        : "does not achieve individual initiative: a die of 2"));
    }
}

/* J 30.42, 30.43: Milroy independent; the marker falls to -4 (level 0): at the next Union
 * Initial Command Phase no initiative roll is asked, Milroy is recalled on a die of 2, routs
 * if left near the enemy, and may not roll again that day. */
static void
test_recall_at_level_zero (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);

  wound (game, "u-carroll-1", 1);
  wound (game, "u-stahel-1", 2);   /* -3 */
  to_orders_segment (game, 1);
  answer (game, "");               /* orders: none (Stahel has no BCE) */
  gbacw_dice_force_list (game->dice, 1, 0);
  answer (game, "u-milroy");       /* initiative */
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")));
  wound (game, "u-schenck-1", 2);  /* -4: level 0 */
  step (game);
  advance (game, 2, GBACW_PHASE_INITIAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 2, 0);
  end_phase (game);
  g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 0);
  /* no orders to give, no one under orders: the recall roll is made at once */
  g_assert_null (gbacw_game_decision (game));
  g_assert_true (log_has (game, "J 30.42", "Milroy's Brigade is recalled on a die of 2"));
  g_assert_true (status_has (game, "J 30.42", "Recalled: Milroy's Brigade"));
  advance (game, 3, GBACW_PHASE_INITIAL_COMMAND, 0);
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-milroy-1")));
}

/* J 35.1, 35.11: the first night Game-Turn withdraws every brigade under orders; no orders at
 * night; the next day (GT 18) Fremont gives orders again. */
static void
test_night_withdraws (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = NULL;

  for (guint i = 0; i < f->s->turns.turns->len; i++)
    {
      GbacwTurn *t = g_ptr_array_index (f->s->turns.turns, i);
      t->night = t->n == 16 || t->n == 17;
    }
  game = start_game (f);
  to_orders_segment (game, 1);
  answer (game, "u-milroy");
  answer (game, "");
  advance (game, 16, GBACW_PHASE_INITIAL_COMMAND, 0);
  step (game);
  g_assert_true (log_has (game, "J 35.1", "Night: Milroy's Brigade is withdrawn"));
  g_assert_null (gbacw_game_decision (game));
  advance (game, 17, GBACW_PHASE_INITIAL_COMMAND, 0);
  step (game);
  g_assert_null (gbacw_game_decision (game));
  to_orders_segment (game, 18);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "u-milroy u-schenck u-stahel");
  }
}

/* J 30.62: Milroy's brigade independent; Milroy killed: the brigade loses its initiative at
 * the next Union Initial Command Phase, recalled, and may not roll again that day. */
static void
test_leader_lost_recalled (void)
{
  g_autoptr (Fixture) f = fremont_fixture ("0104", "0302");
  g_autoptr (GbacwGame) game = start_game (f);

  wound (game, "u-stahel-1", 1);
  to_orders_segment (game, 1);
  answer (game, "");
  gbacw_dice_force_list (game->dice, 1, 0);
  answer (game, "u-milroy");
  g_assert_true (status_has (game, "J 30.4", "Independent attack: Milroy's Brigade"));
  gbacw_leadership_leader_lost (game, unit_index (game, "u-milroy"), GBACW_PRESENCE_KILLED);
  g_assert_true (log_has (game, "J 30.62", "Milroy's Brigade has lost its commander"));
  g_assert_true (status_has (game, "J 30.4", "Independent attack: Milroy's Brigade"));
  to_orders_segment (game, 2);
  answer (game, "");   /* no orders */
  g_assert_true (log_has (game, "J 30.62", "Milroy's Brigade lost its commander and is recalled"));
  g_assert_true (status_has (game, "J 30.42", "Recalled: Milroy's Brigade"));
}

/* ------------------------------------------------------------------ J 31.0 the offensive */

/* Jackson and a Confederate regiment on 0106; the Restraint Line: rows 01-04 beyond it; a
 * Union regiment on 0601; Port Republic (clear-area) 0108. */
static Fixture *
offensive_fixture (const char *restraint, const char *union_hex)
{
  Fixture *f = fixture_new (8, 10);

  set_turns (f, 1, 8);
  LEADER (f, "c-jackson", "confederate", "0106");
  set_leader (f, "c-jackson", GBACW_LEADER_DIVISION, 1, 1, 6, 0);
  INF (f, "c-1", "confederate", 4, 3, "0106", "n");
  INF (f, "u-1", "union", 4, 3, union_hex, "s");
  add_area (f, "beyond-line", GBACW_AREA_SETUP, NULL, "0101 0102 0103 0104 0201 0202 0203 0204");
  add_area (f, "port-republic", GBACW_AREA_SETUP, NULL, "0108");
  add_exclusive (f, "jackson.confederate-offensive", "from", "6", "beyond", "beyond-line", "restraint", restraint,
                 "clear-area", "port-republic", "clear-distance", "2", "leader", "c-jackson", NULL);
  return f;
}

/* J 31.0: before the offensive a Confederate unit may move up to the line, not across it. */
static void
test_restraint_line (void)
{
  g_autoptr (Fixture) f = offensive_fixture ("yes", "0601");
  g_autoptr (GbacwGame) game = start_game (f);

  advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0105 0104"), "J 31.0");
  apply_expect (game, move_action (game, "c-1", "0105"), NULL);
  g_assert_true (status_has (game, "J 31.0", "not declared: it may be from Game-Turn 6"));
}

/* J 33.7, 36.8: the free-play scenarios have no line. */
static void
test_free_play_no_line (void)
{
  g_autoptr (Fixture) f = offensive_fixture ("no", "0601");
  g_autoptr (GbacwGame) game = start_game (f);

  advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0105 0104"), NULL);
}

/* J 33.4, 31.0: no question before Game-Turn 6; declared in the Confederate Final Command
 * Phase of GT 6, the Confederate is the first player of GT 7 (two Player-Turns running)
 * and of every later one, and may cross the line. */
static void
test_declare_and_double_turn (void)
{
  g_autoptr (Fixture) f = offensive_fixture ("yes", "0601");
  g_autoptr (GbacwGame) game = start_game (f);

  advance (game, 5, GBACW_PHASE_FINAL_COMMAND, 1);
  g_assert_null (gbacw_game_decision (game));
  for (int guard = 0; guard < 100 && !(game->turn == 6 && game->phase == GBACW_PHASE_FINAL_COMMAND
                                       && game->phasing_side == 1);
       guard++)
    step (game);
  {
    g_autofree char *names = offered (game);
    g_assert_cmpstr (names, ==, "c-jackson");
  }
  answer (game, "c-jackson");
  g_assert_true (log_has (game, "J 31.0", "Confederate declares the offensive: from Game-Turn 7"));
  g_assert_true (status_has (game, "J 31.0", "declared on Game-Turn 6"));
  end_phase (game);
  g_assert_cmpint (game->turn, ==, 7);
  g_assert_cmpint (game->phasing_side, ==, 1);
  g_assert_cmpint (gbacw_game_first_player (game, 8), ==, 1);
  advance (game, 7, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0105 0104"), NULL);
}

/* J 36.3: with a Union unit within 2 hexes of a Port Republic hex, no declaration. */
static void
test_not_with_union_near_town (void)
{
  g_autoptr (Fixture) f = offensive_fixture ("yes", "0110");
  g_autoptr (GbacwGame) game = start_game (f);

  for (int guard = 0; guard < 100 && !(game->turn == 6 && game->phase == GBACW_PHASE_FINAL_COMMAND
                                       && game->phasing_side == 1);
       guard++)
    step (game);
  g_assert_null (gbacw_game_decision (game));
  g_assert_true (status_has (game, "J 36.3", "within 2 hexes of Port Republic"));
  g_assert_cmpint (gbacw_game_first_player (game, 7), ==, 0);   /* the Union still first */
}

/* ------------------------------------------------------------------ J 34 encampment */

/* Jackson (0205) and a regiment of his in the encampment area (0206, 0207); a Union
 * regiment on 0601; Port Republic 0603. */
static Fixture *
encampment_fixture (void)
{
  Fixture *f = fixture_new (8, 10);

  set_turns (f, 1, 6);
  LEADER (f, "c-jackson", "confederate", "0205");
  set_leader (f, "c-jackson", GBACW_LEADER_DIVISION, 1, 1, 6, 0);
  INF (f, "c-w1", "confederate", 4, 3, "0206", "n");
  INF (f, "u-1", "union", 4, 3, "0601", "s");
  add_area (f, "enc-winder", GBACW_AREA_SETUP, "confederate", "0206 0207");
  add_area (f, "port-republic", GBACW_AREA_SETUP, NULL, "0603");
  add_exclusive (f, "jackson.encampment", "areas", "enc-winder", "units", "c-jackson", "early", "c-jackson", "town",
                 "port-republic", "alert-roll", "2:1-2 3:1-4 4:1-6", NULL);
  return f;
}

static GbacwAction *
formation_action (GbacwGame *game, const char *unit, GbacwFormationState formation)
{
  int u = unit_index (game, unit);
  return gbacw_action_new_change_formation (&u, 1, formation);
}

/* J 34.1: before the alert an encamped unit may neither move nor change formation. */
static void
test_encamped_held (void)
{
  g_autoptr (Fixture) f = encampment_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);

  g_assert_true (gbacw_encampment_encamped (game, unit_index (game, "c-w1")));
  g_assert_true (gbacw_encampment_encamped (game, unit_index (game, "c-jackson")));
  g_assert_false (gbacw_encampment_encamped (game, unit_index (game, "u-1")));
  advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-w1", "0207"), "J 34.1");
  apply_expect (game, formation_action (game, "c-w1", GBACW_FORMATION_STATE_COLUMN), "J 34.1");
  apply_expect (game, move_action (game, "c-jackson", "0204"), "J 34.1");
  g_assert_true (status_has (game, "J 34.1", "2 units encamped"));
  g_assert_true (status_has (game, "J 34.2", "not alerted yet"));
}

/* J 34.1: fire through its front hexside enfilades the encamped regiment (no facing); once
 * it has left encampment (facing n, in line) it does not. */
static void
test_encamped_always_enfiladed (void)
{
  g_autoptr (Fixture) f = encampment_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);
  int front[2] = { direction_of (game->scenario, "n"), -1 };

  g_assert_true (gbacw_fire_enfilades (game, unit_index (game, "c-w1"), front));
  gbacw_encampment_leave (game, unit_index (game, "c-w1"));
  g_assert_false (gbacw_fire_enfilades (game, unit_index (game, "c-w1"), front));
}

/* J 21.12, 34.2: the alert roll: GT 2 a 3 misses (1-2), GT 3 a 5 misses (1-4), GT 4 is
 * automatic; with a 4 on GT 3 the alert comes then. */
static void
test_alert_roll (void)
{
  for (int early = 0; early <= 1; early++)
    {
      g_autoptr (Fixture) f = encampment_fixture ();
      g_autoptr (GbacwGame) game = start_game (f);

      advance (game, 2, GBACW_PHASE_INITIAL_COMMAND, 0);
      advance (game, 2, GBACW_PHASE_MOVEMENT, 0);
      gbacw_dice_force_list (game->dice, 3, 0);
      advance (game, 2, GBACW_PHASE_MOVEMENT, 1);
      g_assert_true (log_has (game, "J 21.12", "No alert: a die of 3 (1-2 needed)"));
      advance (game, 3, GBACW_PHASE_MOVEMENT, 0);
      gbacw_dice_force_list (game->dice, early ? 4 : 5, 0);
      advance (game, 3, GBACW_PHASE_MOVEMENT, 1);
      g_assert_cmpint (gbacw_encampment_alert_turn (game, NULL), ==, early ? 3 : -1);
      advance (game, 4, GBACW_PHASE_MOVEMENT, 1);
      g_assert_cmpint (gbacw_encampment_alert_turn (game, NULL), ==, early ? 3 : 4);
      if (!early)
        g_assert_true (log_has (game, "J 34.2", "alerted: automatically on Game-Turn 4"));
    }
}

/* J 34.11-34.13: alerted on GT 3, Jackson leaves encampment that Movement Phase; the
 * regiment only on GT 4, by a change of formation (moving first is refused), then moves. */
static void
test_leaving_encampment (void)
{
  g_autoptr (Fixture) f = encampment_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);

  advance (game, 2, GBACW_PHASE_MOVEMENT, 0);
  gbacw_dice_force_list (game->dice, 6, 0);
  advance (game, 3, GBACW_PHASE_MOVEMENT, 0);
  gbacw_dice_force_list (game->dice, 1, 0);
  advance (game, 3, GBACW_PHASE_MOVEMENT, 1);
  g_assert_cmpint (gbacw_encampment_alert_turn (game, NULL), ==, 3);
  apply_expect (game, formation_action (game, "c-w1", GBACW_FORMATION_STATE_COLUMN), "J 34.12");
  apply_expect (game, move_action (game, "c-jackson", "0204"), NULL);
  g_assert_true (log_has (game, "J 34.13", "c-jackson (c-jackson) leaves encampment"));
  apply_expect (game, move_action (game, "c-jackson", "0205"), NULL);
  advance (game, 4, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-w1", "0207"), "J 34.13");
  apply_expect (game, formation_action (game, "c-w1", GBACW_FORMATION_STATE_COLUMN), NULL);
  g_assert_false (gbacw_encampment_encamped (game, unit_index (game, "c-w1")));
  apply_expect (game, move_action (game, "c-w1", "0207"), NULL);
}

/* J 34.13 as the kits set encamped units up, without a formation: the regiment leaves
 * encampment by taking one (column), then moves. */
static void
test_leaving_from_no_formation (void)
{
  g_autoptr (Fixture) f = encampment_fixture ();
  g_autoptr (GbacwGame) game = NULL;

  gbacw_scenario_find_placement (f->s, "c-w1", NULL)->formation = GBACW_FORMATION_STATE_UNSET;
  game = start_game (f);
  advance (game, 3, GBACW_PHASE_MOVEMENT, 0);
  gbacw_dice_force_list (game->dice, 1, 0);
  advance (game, 4, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, formation_action (game, "c-w1", GBACW_FORMATION_STATE_COLUMN), NULL);
  g_assert_cmpint (unit_of (game, "c-w1")->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  apply_expect (game, move_action (game, "c-w1", "0207"), NULL);
}

/* J 34.2: a Union unit entering a hex of Port Republic alerts at once. */
static void
test_union_in_town_alerts (void)
{
  g_autoptr (Fixture) f = encampment_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);
  gboolean by_town = FALSE;

  advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0602 0603"), NULL);
  g_assert_cmpint (gbacw_encampment_alert_turn (game, &by_town), ==, 1);
  g_assert_true (by_town);
  g_assert_true (log_has (game, "J 34.2", "entered 0603, a hex of Port Republic"));
}

/* ------------------------------------------------------------------ J 34.3 the Train Park */

/* The encampment position with a Train Park (0108, 0208): c-tp1 and c-carr (a steady unit,
 * morale 2); recovered units come back on 0110. */
static Fixture *
train_park_fixture (void)
{
  Fixture *f = encampment_fixture ();

  INF (f, "c-tp1", "confederate", 2, 3, "0108", "n");
  INF (f, "c-carr", "confederate", 2, 2, "0208", "n");
  add_area (f, "train-park", GBACW_AREA_SETUP, "confederate", "0108 0208");
  add_exclusive (f, "jackson.train-park", "area", "train-park", "steady", "c-carr", "entry", "0110", NULL);
  return f;
}

/* J 34.3, 34.31: the Union entering Port Republic alerts: c-tp1 routs off the map; c-carr
 * checks morale: a 2 (morale 2) passes and it stays, a 3 fails and it goes too. */
static void
test_train_park_routs (void)
{
  for (int die = 2; die <= 3; die++)
    {
      g_autoptr (Fixture) f = train_park_fixture ();
      g_autoptr (GbacwGame) game = start_game (f);

      advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
      gbacw_dice_force_list (game->dice, die, 0);
      apply_expect (game, move_action (game, "u-1", "0602 0603"), NULL);
      g_assert_cmpint (unit_of (game, "c-tp1")->hex, <, 0);
      g_assert_cmpint (unit_of (game, "c-tp1")->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
      g_assert_true (log_has (game, "J 34.3", "c-tp1 (c-tp1) routs off the map with the Train Park"));
      g_assert_cmpint (unit_of (game, "c-carr")->hex >= 0, ==, die == 2);
      g_assert_true (log_has (game, "J 34.3", die == 2 ? "passes its morale check" : "failed its morale check"));
      g_assert_cmpint (unit_of (game, "c-w1")->hex, >=, 0);   /* not of the Train Park */
    }
}

/* J 34.3: alerted by the roll, not by a Union unit in town, the Train Park stays. */
static void
test_train_park_stays_on_roll_alert (void)
{
  g_autoptr (Fixture) f = train_park_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);

  advance (game, 2, GBACW_PHASE_MOVEMENT, 0);
  gbacw_dice_force_list (game->dice, 1, 0);
  advance (game, 2, GBACW_PHASE_MOVEMENT, 1);
  g_assert_cmpint (gbacw_encampment_alert_turn (game, NULL), ==, 2);
  g_assert_cmpint (unit_of (game, "c-tp1")->hex, >=, 0);
}

/* J 21.13, 34.32: each Confederate Initial Command Phase, per unit off the map, a 1 then a
 * 1-3 recovers it (c-tp1: 1, 3); a 1 then a 4 does not (c-carr); recovered, it comes back on
 * the entry hex in the Movement Phase. */
static void
test_train_park_recovery (void)
{
  g_autoptr (Fixture) f = train_park_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);

  advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
  gbacw_dice_force_list (game->dice, 6, 0);   /* c-carr fails */
  apply_expect (game, move_action (game, "u-1", "0602 0603"), NULL);
  advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
  step (game);
  advance (game, 1, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 1, 3, 1, 4, 0);
  advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
  g_assert_true (log_has (game, "J 34.32", "c-tp1 (c-tp1) is recovered (dice 1 and 3)"));
  g_assert_true (log_has (game, "J 34.32", "c-carr (c-carr) is not recovered: dice 1 and 4"));
  g_assert_cmpint (unit_of (game, "c-tp1")->hex, ==, hex_of (game->scenario, "0110"));
  g_assert_cmpint (unit_of (game, "c-carr")->hex, <, 0);
  g_assert_true (status_has (game, "J 34.32", "1 unit still off the map"));
}

/* ------------------------------------------------------------------ J 33.3 with J 30.1 */

/* Cross Keys' one reserves rule: Taylor's brigade (c-t1 on 0105: no move until GT 9 or a
 * Union unit within 3 hexes) and Fremont's uncommitted Milroy (u-m1 on 0109, 4 hexes away:
 * may move, not within 3 hexes of the enemy, never released by the enemy's coming near).
 * No leaders: every unit moves one hex (5.2). */
static Fixture *
reserve_brigades_fixture (void)
{
  Fixture *f = fixture_new (8, 10);

  set_turns (f, 1, 10);
  add_formation (f, "c-taylor-bde", "confederate", GBACW_FORMATION_BRIGADE, NULL, NULL)->name = g_strdup ("Taylor's Brigade");
  add_formation (f, "u-milroy-bde", "union", GBACW_FORMATION_BRIGADE, NULL, NULL)->name = g_strdup ("Milroy's Brigade");
  INF (f, "c-t1", "confederate", 4, 3, "0105", "n");
  INF (f, "u-m1", "union", 4, 3, "0109", "n");
  INF (f, "u-s1", "union", 4, 3, "0101", "s");   /* Shields': free */
  set_formation (f, "c-t1", "c-taylor-bde");
  set_formation (f, "u-m1", "u-milroy-bde");
  add_exclusive (f, "reserves", "formations", "c-taylor-bde u-milroy-bde", "release-turn.c-taylor-bde", "9",
                 "release-on.c-taylor-bde", "fired-on enemy-near", "release-distance", "3", "forbid", "none",
                 "approach", "3", "forbid.c-taylor-bde", "move formation", "case", "J 30.1", "case.c-taylor-bde",
                 "J 33.3", NULL);
  return f;
}

/* J 33.31, 33.32, 30.1: Milroy may move, but not within 3 hexes of c-t1 (J 30.1 cited);
 * Shields' regiment coming within 3 hexes of Taylor releases him (J 33.3 cited), Milroy
 * stays uncommitted; Taylor then moves. */
static void
test_reserve_brigades_one_rule (void)
{
  g_autoptr (Fixture) f = reserve_brigades_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);

  advance (game, 1, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-m1", "0108"), "J 30.1");
  apply_expect (game, move_action (game, "u-m1", "0110"), NULL);
  g_assert_cmpint (gbacw_game_keep_distance (game, unit_index (game, "u-m1")), ==, 4);
  apply_expect (game, move_action (game, "u-s1", "0102"), NULL);
  g_assert_true (log_has (game, "J 33.3", "Taylor's Brigade is released from reserve: an enemy unit came within 3 hexes"));
  g_assert_false (gbacw_reserves_held (game, unit_index (game, "c-t1")));
  g_assert_true (gbacw_reserves_held (game, unit_index (game, "u-m1")));
  advance (game, 1, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-t1", "0106"), NULL);
}

/* J 33.3: without a Union unit near, Taylor is released at the start of Game-Turn 9. */
static void
test_reserve_brigade_release_turn (void)
{
  g_autoptr (Fixture) f = reserve_brigades_fixture ();
  g_autoptr (GbacwGame) game = start_game (f);

  advance (game, 8, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-t1", "0106"), "J 33.3");
  advance (game, 9, GBACW_PHASE_MOVEMENT, 1);
  g_assert_true (log_has (game, "J 33.3", "Taylor's Brigade is released from reserve: Game-Turn 9"));
  apply_expect (game, move_action (game, "c-t1", "0106"), NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/jackson/J-30.21/track-starts-at-zero-level-1", test_track_starts_at_zero);
  g_test_add_func ("/jackson/J-30.2/initiative-levels-parameter", test_momentum_levels_parameter);
  g_test_add_func ("/jackson/J-30.2/box-not-entered-reads-nearest-toward-0", test_box_not_entered);
  g_test_add_func ("/jackson/J-30.3/orders-up-to-initiative-level", test_orders_up_to_level);
  g_test_add_func ("/jackson/J-30.32/orders-eligibility-dir", test_orders_eligibility);
  g_test_add_func ("/jackson/J-30.23/union-bce-loss-lowers-momentum", test_union_bce_loss_lowers_momentum);
  g_test_add_func ("/jackson/J-30.27/second-loss-one-point-less", test_second_loss_one_less);
  g_test_add_func ("/jackson/J-30.26/csa-bce-loss-credited-to-whoever-caused-it", test_csa_bce_loss_by_whom);
  g_test_add_func ("/jackson/J-30.33/excess-withdrawn-and-routs-near-enemy", test_excess_withdrawn_and_routs);
  g_test_add_func ("/jackson/J-30.5/bce-lost-brigade-withdrawn", test_bce_lost_withdrawn);
  g_test_add_func ("/jackson/J-30.33/computer-withdraws-only-the-excess", test_computer_withdraws_only_the_excess);
  g_test_add_func ("/jackson/J-30.4/individual-initiative-on-1", test_individual_initiative);
  g_test_add_func ("/jackson/J-30.42/recall-at-initiative-level-0", test_recall_at_level_zero);
  g_test_add_func ("/jackson/J-35.1/night-withdraws-orders", test_night_withdraws);
  g_test_add_func ("/jackson/J-30.62/independent-brigade-losing-its-commander-recalled", test_leader_lost_recalled);
  g_test_add_func ("/jackson/J-31.0/restraint-line-not-crossed", test_restraint_line);
  g_test_add_func ("/jackson/J-33.7/free-play-no-restraint-line", test_free_play_no_line);
  g_test_add_func ("/jackson/J-33.4/declared-from-gt6-confederate-first-player", test_declare_and_double_turn);
  g_test_add_func ("/jackson/J-36.3/not-declared-with-union-near-port-republic", test_not_with_union_near_town);
  g_test_add_func ("/jackson/J-34.1/encamped-may-not-move-or-change-formation", test_encamped_held);
  g_test_add_func ("/jackson/J-34.1/encamped-always-enfiladed", test_encamped_always_enfiladed);
  g_test_add_func ("/jackson/J-34.2/alert-roll-gt2-gt3-automatic-gt4", test_alert_roll);
  g_test_add_func ("/jackson/J-34.12/jackson-leaves-in-alert-turn-regiments-next", test_leaving_encampment);
  g_test_add_func ("/jackson/J-34.13/leaves-from-no-formation", test_leaving_from_no_formation);
  g_test_add_func ("/jackson/J-34.2/union-entering-port-republic-alerts", test_union_in_town_alerts);
  g_test_add_func ("/jackson/J-34.3/union-in-port-republic-routs-the-train-park", test_train_park_routs);
  g_test_add_func ("/jackson/J-34.3/train-park-stays-on-a-rolled-alert", test_train_park_stays_on_roll_alert);
  g_test_add_func ("/jackson/J-34.32/recovery-1-then-1-3-back-on-the-entry-hex", test_train_park_recovery);
  g_test_add_func ("/jackson/J-33.32/reserve-brigades-and-uncommitted-in-one-rule", test_reserve_brigades_one_rule);
  g_test_add_func ("/jackson/J-33.3/reserve-brigade-released-on-its-turn", test_reserve_brigade_release_turn);
  return g_test_run ();
}
