/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-exclusive.c: the engine's exclusive rule modules (engine/rules/).
 *
 * Each test names the case it plays, with its game (P 21.52), and builds the
 * scenario's <exclusive> rule as a user's file would give it.
 */
#define G_LOG_DOMAIN "test-engine-exclusive"

#include "test-engine-fixture.c"

#include "gbacw-ai.h"
#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-morale.h"
#include "gbacw-retreat.h"
#include "gbacw-rules-hooks.h"

/* P 21.52, as the Pea Ridge scenario gives it. */
static void
add_pea_ridge_table (Fixture *f)
{
  add_exclusive (f, "ammunition-depletion",
                 "small-arms.confederate", "1-6:1 7-12:1-2 13-30:1-3",
                 "small-arms.union", "1-6:none 7-12:1 13-30:1-2",
                 "case", "P 21.52", NULL);
}

/* A unit of firing_side ("union" or "confederate") fires on Game-Turn turn with a
 * Fire CRT die of 1 (an ammunition check, 11.21) and a re-roll of reroll; returns
 * whether it is out of ammunition, and checks that the log cites expect_case. */
static gboolean
depleted_after_fire (Fixture *f, int turn, const char *firing_side, int reroll, const char *expect_case)
{
  g_autoptr (GbacwGame) game = NULL;
  gboolean union_fires = g_str_equal (firing_side, "union");

  set_turns (f, turn, turn + 1);
  INF (f, "u-1", "union", 1, 3, "0101", "s");
  INF (f, "c-1", "confederate", 1, 3, "0102", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, union_fires ? 0 : 1);
  gbacw_dice_force_list (game->dice, 1, reroll, 0);
  apply_expect (game, fire1 (game, union_fires ? "0102" : "0101", union_fires ? "u-1" : "c-1", 0), NULL);
  g_assert_true (log_has (game, expect_case, "Ammunition check"));
  return (unit_of (game, union_fires ? "u-1" : "c-1")->status & GBACW_STATUS_AMMO_DEPLETED) != 0;
}

typedef struct {
  int turn;
  const char *side;
  int reroll;
  gboolean depleted;
} DepletionCase;

static void
check_table (void (*add_rule) (Fixture *), const DepletionCase *cases, guint n, const char *expect_case)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 6);
      gboolean depleted;

      add_rule (f);
      depleted = depleted_after_fire (f, cases[i].turn, cases[i].side, cases[i].reroll, expect_case);
      if (depleted != cases[i].depleted)
        g_error ("Game-Turn %d, %s, re-roll %d: expected %s", cases[i].turn, cases[i].side, cases[i].reroll,
                 cases[i].depleted ? "out of ammunition" : "enough ammunition");
    }
}

static void
test_p_21_52_ammunition_depletion_table (void)
{
  /* "1-6: Confederate 1, Union –; 7-12: 1,2 and 1; 13-30: 1,2,3 and 1,2"; – = no result */
  static const DepletionCase cases[] = {
    { 3, "union", 1, FALSE },         /* "–": the Union never depletes on GT1-6 */
    { 3, "confederate", 1, TRUE },
    { 3, "confederate", 2, FALSE },   /* 11.21 would deplete on a 2 */
    { 8, "union", 1, TRUE },
    { 8, "union", 2, FALSE },
    { 8, "confederate", 2, TRUE },
    { 8, "confederate", 3, FALSE },
    { 13, "union", 2, TRUE },
    { 13, "union", 3, FALSE },
    { 13, "confederate", 3, TRUE },
    { 13, "confederate", 4, FALSE },
  };

  check_table (add_pea_ridge_table, cases, G_N_ELEMENTS (cases), "P 21.52");
}

static void
add_crossroads_rule (Fixture *f)
{
  /* J 36.61-36.62: both sides, first day GT1-15 on a 1, second day GT18-25 on 1 or 2 */
  add_exclusive (f, "ammunition-depletion", "small-arms", "1-15:1 18-25:1-2", "case", "J 36.6", NULL);
}

static void
test_j_36_6_both_sides_by_day (void)
{
  static const DepletionCase cases[] = {
    { 5, "union", 1, TRUE },
    { 5, "union", 2, FALSE },
    { 5, "confederate", 2, FALSE },
    { 18, "union", 2, TRUE },
    { 18, "confederate", 2, TRUE },
    { 18, "confederate", 3, FALSE },
  };

  check_table (add_crossroads_rule, cases, G_N_ELEMENTS (cases), "J 36.6");
}

static void
add_port_republic_rule (Fixture *f)
{
  /* J 29.41-29.42: Union small arms on a 1, Confederate on 1-3, every Game-Turn */
  add_exclusive (f, "ammunition-depletion", "small-arms.union", "1", "small-arms.confederate", "1-3", "case",
                 "J 29.4", NULL);
}

static void
test_j_29_4_per_side (void)
{
  static const DepletionCase cases[] = {
    { 20, "union", 1, TRUE },
    { 20, "union", 2, FALSE },
    { 20, "confederate", 3, TRUE },
    { 20, "confederate", 4, FALSE },
  };

  check_table (add_port_republic_rule, cases, G_N_ELEMENTS (cases), "J 29.4");
}

static void
add_side_over_all_rule (Fixture *f)
{
  add_exclusive (f, "ammunition-depletion", "small-arms", "1-3", "small-arms.union", "1-4:none", NULL);
}

static void
test_side_entry_before_all_sides_and_11_21_elsewhere (void)
{
  /* the side's own entry comes first; where it covers no turn the all-sides entry holds;
   * the log cites 11.21 when the scenario names no case */
  static const DepletionCase cases[] = {
    { 2, "union", 1, FALSE },
    { 6, "union", 3, TRUE },
    { 6, "union", 4, FALSE },
    { 2, "confederate", 3, TRUE },
  };

  check_table (add_side_over_all_rule, cases, G_N_ELEMENTS (cases), "11.21");
}

static void
add_first_day_only_rule (Fixture *f)
{
  add_exclusive (f, "ammunition-depletion", "small-arms", "1-15:1", "case", "J 36.6", NULL);
}

static void
test_uncovered_turn_keeps_11_21 (void)
{
  /* GT 16 is in no entry: the Standard Rules' 1 or 2 (11.21), cited as such */
  static const DepletionCase cases[] = {
    { 16, "union", 2, TRUE },
    { 16, "union", 3, FALSE },
  };

  check_table (add_first_day_only_rule, cases, G_N_ELEMENTS (cases), "11.21");
}

static void
test_disabled_rule_is_not_played (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  GbacwExclusiveRule *rule;

  add_pea_ridge_table (f);
  rule = g_ptr_array_index (f->s->exclusive_rules, 0);
  rule->enabled = FALSE;
  /* GT 3: P 21.52 would never deplete the Union; the Standard Rules deplete on a 2 */
  g_assert_true (depleted_after_fire (f, 3, "union", 2, "11.21"));
}

/* A battery of one L gun (J counts no rounds, J 21.3) of side at hex, facing. */
static void
add_section (Fixture *f, const char *id, const char *side, const char *hex, const char *facing)
{
  add_unit (f, id, side, GBACW_UNIT_ARTILLERY, 1, 4, "L", hex, GBACW_FORMATION_STATE_UNLIMBERED, facing);
  gbacw_oob_find_unit (&f->s->oob, id)->rounds = GBACW_UNSET;
}

/* A battery of firing_side fires at an adjacent regiment (1 gun × 6 = 6: the 4-8 grapeshot
 * column, where a die of 1 has no result) with a die of 1 and then reroll; returns
 * whether it is out of ammunition. The game is returned in *out for further checks. */
static gboolean
battery_depleted (Fixture *f, const char *firing_side, int reroll, GbacwGame **out)
{
  g_autoptr (GbacwGame) game = NULL;
  gboolean union_fires = g_str_equal (firing_side, "union");
  gboolean depleted;

  set_turns (f, 20, 21);
  if (union_fires)
    {
      add_section (f, "bat", "union", "0101", "s");
      INF (f, "target", "confederate", 3, 3, "0102", "n");
    }
  else
    {
      add_section (f, "bat", "confederate", "0102", "n");
      INF (f, "target", "union", 3, 3, "0101", "s");
    }
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, union_fires ? 0 : 1);
  gbacw_dice_force_list (game->dice, 1, reroll, 0);
  apply_expect (game, fire1 (game, union_fires ? "0102" : "0101", "bat", 0), NULL);
  depleted = (unit_of (game, "bat")->status & GBACW_STATUS_AMMO_DEPLETED) != 0;
  if (out)
    *out = g_steal_pointer (&game);
  return depleted;
}

static void
add_port_republic_artillery (Fixture *f)
{
  /* J 29.41-29.42: Union artillery on 1 or 2, Confederate on 1-4 */
  add_exclusive (f, "ammunition-depletion", "small-arms.union", "1", "small-arms.confederate", "1-3",
                 "artillery.union", "1-2", "artillery.confederate", "1-4", "case", "J 29.4", NULL);
}

static void
test_j_21_3_artillery_depletes_as_small_arms (void)
{
  static const struct {
    const char *side;
    int reroll;
    gboolean depleted;
  } cases[] = {
    { "union", 2, TRUE }, { "union", 3, FALSE }, { "confederate", 4, TRUE }, { "confederate", 5, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 6);
      g_autoptr (GbacwGame) game = NULL;

      add_port_republic_artillery (f);
      g_assert_cmpint (battery_depleted (f, cases[i].side, cases[i].reroll, &game), ==, cases[i].depleted);
      g_assert_true (log_has (game, "J 29.4", "Ammunition check for"));
      g_assert_cmpint (unit_of (game, "bat")->rounds, ==, GBACW_UNSET);
    }
}

static void
test_batteries_count_rounds_without_the_rule (void)
{
  /* 11.31: without an artillery range a battery makes no ammunition check after a die of
   * 1 (batteries count rounds under the Standard Rules) */
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  add_exclusive (f, "ammunition-depletion", "small-arms", "1-3", NULL);
  g_assert_false (battery_depleted (f, "union", 1, &game));
  g_assert_false (log_has (game, NULL, "Ammunition check"));
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 1);   /* the re-roll was never made */
}

static void
test_j_21_3_one_box_resupplies_a_section (void)
{
  /* J 21.3: "Each box of artillery ammunition carried by a supply wagon … will resupply
   * one artillery section" (11.32 for the phase and path) */
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;
  GbacwUnit *w;

  add_port_republic_artillery (f);
  add_section (f, "bat-a", "union", "0103", "s");
  add_section (f, "bat-b", "union", "0104", "s");
  p = gbacw_scenario_find_placement (f->s, "bat-a", NULL);
  p->status = GBACW_STATUS_AMMO_DEPLETED;
  p = gbacw_scenario_find_placement (f->s, "bat-b", NULL);
  p->status = GBACW_STATUS_AMMO_DEPLETED;
  add_unit (f, "u-w", "union", GBACW_UNIT_WAGON, 1, 2, "R", "0105", GBACW_FORMATION_STATE_UNSET, "s");
  w = gbacw_oob_find_unit (&f->s->oob, "u-w");
  w->small_arms_boxes = 0;
  w->artillery_boxes = 1;
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
  apply_expect (game, gbacw_action_new_resupply (unit_index (game, "bat-a"), unit_index (game, "u-w")), NULL);
  g_assert_false (unit_of (game, "bat-a")->status & GBACW_STATUS_AMMO_DEPLETED);
  g_assert_cmpint (unit_of (game, "u-w")->artillery_boxes, ==, 0);
  /* the one box is spent: the second section stays out of ammunition */
  apply_expect (game, gbacw_action_new_resupply (unit_index (game, "bat-b"), unit_index (game, "u-w")), "11.32");
  /* a section that still has ammunition is not resupplied */
  apply_expect (game, gbacw_action_new_resupply (unit_index (game, "bat-a"), unit_index (game, "u-w")), "11.32");
  g_assert_true (unit_of (game, "bat-b")->status & GBACW_STATUS_AMMO_DEPLETED);
}

/* ------------------------------------------------------------------ melee initiation */

/* Announces ids against hex, the defender stands, and in the Melee Phase the melee is made
 * with the forced dice (terminated by 0); returns whether it was fought. */
static gboolean
melee_fought (GbacwGame *game, const char *ids, const char *hex, ...)
{
  g_autoptr (GArray) dice = g_array_new (FALSE, FALSE, sizeof (int));
  va_list ap;
  int die;

  declare_and_stand (game, ids, hex, FALSE);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);
  va_start (ap, hex);
  while ((die = va_arg (ap, int)) != 0)
    g_array_append_val (dice, die);
  va_end (ap);
  gbacw_dice_force (game->dice, (const int *) dice->data, dice->len);
  apply_expect (game, melee_action (game, ids, hex), NULL);
  return log_has (game, "12.0", "Melee at");
}

static void
add_jackson_gate (Fixture *f)
{
  add_exclusive (f, "melee-initiation", "sides", "union", "forbidden-morale", "2", "case", "J 21.6", NULL);
}

static void
test_j_21_6_morale_2_needs_a_leader (void)
{
  /* "No Union unit with a Morale Rating of 2 may initiate melee unless it is stacked with
   * a leader" */
  static const struct {
    const char *side;
    int morale;
    gboolean leader;
    gboolean allowed;
  } cases[] = {
    { "union", 2, FALSE, FALSE },
    { "union", 1, FALSE, FALSE },
    { "union", 2, TRUE, TRUE },
    { "union", 3, FALSE, TRUE },
    { "confederate", 2, FALSE, TRUE },   /* the Union's rule only */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;
      gboolean union_attacks = g_str_equal (cases[i].side, "union");

      add_jackson_gate (f);
      INF (f, "a-1", cases[i].side, 3, cases[i].morale, union_attacks ? "0302" : "0303", union_attacks ? "s" : "n");
      INF (f, "d-1", union_attacks ? "confederate" : "union", 3, 3, union_attacks ? "0303" : "0302",
           union_attacks ? "n" : "s");
      if (cases[i].leader)
        LEADER (f, "a-ldr", cases[i].side, union_attacks ? "0302" : "0303");
      game = melee_game_of (f, union_attacks ? 0 : 1, 1);
      apply_expect (game, declare (game, "a-1", union_attacks ? "0303" : "0302", FALSE),
                    cases[i].allowed ? NULL : "J 21.6");
    }
}

static void
add_pea_ridge_gate (Fixture *f)
{
  add_exclusive (f, "melee-initiation", "sides", "confederate", "roll", "die", "adjacent-leader", "1-2", "no-leader",
                 "1", "restricted-leaders", "c-van-dorn:1-2", "case", "P 27.1", NULL);
}

/* A Confederate regiment c-1 at 0303 attacks the Union regiment at 0302. */
static Fixture *
pea_ridge_melee (void)
{
  Fixture *f = fixture_new (5, 8);

  add_pea_ridge_gate (f);
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  INF (f, "u-1", "union", 3, 3, "0302", "s");
  return f;
}

static void
test_p_27_12_no_leader_near (void)
{
  /* 27.12: "Units which are not adjacent to a leader may initiate melee on a die roll of 1" */
  for (int die = 1; die <= 2; die++)
    {
      g_autoptr (Fixture) f = pea_ridge_melee ();
      g_autoptr (GbacwGame) game = melee_game_of (f, 1, 1);
      gboolean fought = melee_fought (game, "c-1", "0302", die, 6, 0);
      g_assert_cmpint (fought, ==, die == 1);
      g_assert_true (log_has (game, "P 27.1", "Melee initiation"));
      if (!fought)
        g_assert_true (log_has (game, NULL, "No unit initiates the melee"));
    }
}

static void
test_p_27_11_leader_adjacent (void)
{
  /* 27.11: adjacent to a leader, on a 1 or 2 */
  for (int die = 2; die <= 3; die++)
    {
      g_autoptr (Fixture) f = pea_ridge_melee ();
      g_autoptr (GbacwGame) game = NULL;

      INF (f, "c-2", "confederate", 3, 3, "0304", "n");   /* 17.52: a leader ends its move with a unit */
      LEADER (f, "c-ldr", "confederate", "0304");
      game = melee_game_of (f, 1, 1);
      g_assert_cmpint (melee_fought (game, "c-1", "0302", die, 6, 0), ==, die == 2);
    }
}

static void
test_p_27_13_stacked_with_a_leader (void)
{
  /* 27.13: stacked with a leader it always melees: no initiation roll is made (the first
   * forced die is the Melee CRT's) */
  g_autoptr (Fixture) f = pea_ridge_melee ();
  g_autoptr (GbacwGame) game = NULL;

  LEADER (f, "c-ldr", "confederate", "0303");
  game = melee_game_of (f, 1, 1);
  g_assert_true (melee_fought (game, "c-1", "0302", 6, 0));
  g_assert_false (log_has (game, "P 27.1", "Melee initiation"));
  g_assert_true (log_has (game, "12.0", "die 6"));
}

static void
test_p_27_14_one_roll_per_stack (void)
{
  /* 27.14: two regiments stacked roll once: one die of 1 lets both melee */
  g_autoptr (Fixture) f = pea_ridge_melee ();
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "c-2", "confederate", 2, 3, "0303", "n");
  game = melee_game_of (f, 1, 1);
  g_assert_true (melee_fought (game, "c-1 c-2", "0302", 1, 6, 0));
  g_assert_true (log_has (game, "12.0", "die 6"));
  g_assert_true (unit_of (game, "c-2")->meleed);
}

static void
test_p_27_2_van_dorn (void)
{
  /* 27.2: stacked with Van Dorn alone, only on a 1 or 2; with another leader too, always */
  for (int die = 2; die <= 3; die++)
    {
      g_autoptr (Fixture) f = pea_ridge_melee ();
      g_autoptr (GbacwGame) game = NULL;

      LEADER (f, "c-van-dorn", "confederate", "0303");
      game = melee_game_of (f, 1, 1);
      g_assert_cmpint (melee_fought (game, "c-1", "0302", die, 6, 0), ==, die == 2);
    }
  {
    g_autoptr (Fixture) f = pea_ridge_melee ();
    g_autoptr (GbacwGame) game = NULL;

    LEADER (f, "c-van-dorn", "confederate", "0303");
    LEADER (f, "c-price", "confederate", "0303");
    game = melee_game_of (f, 1, 1);
    g_assert_true (melee_fought (game, "c-1", "0302", 6, 0));
    g_assert_false (log_has (game, "P 27.1", "Melee initiation"));
  }
}

static void
test_p_27_union_not_gated (void)
{
  /* 27.0 limits the Confederates only */
  g_autoptr (Fixture) f = pea_ridge_melee ();
  g_autoptr (GbacwGame) game = melee_game_of (f, 0, 1);

  g_assert_true (melee_fought (game, "u-1", "0303", 6, 0));
  g_assert_false (log_has (game, "P 27.1", NULL));
}

static void
add_corinth_gate (Fixture *f)
{
  /* C 22.1, 22.2 with their Game-Turn 1-8 modifiers */
  add_exclusive (f, "melee-initiation", "roll", "morale", "before-melee", "morale", "initiation-drm.union", "1-8:+1",
                 "initiation-drm.confederate", "1-8:-1", "before-melee-drm.union", "1-8:+1", "case", "C 22.0", NULL);
}

static void
test_c_22_2_initiation_check (void)
{
  /* a Union regiment of Morale Rating 3, no leader: die + modifiers at most 3 */
  static const struct {
    int turn;
    gboolean depleted;
    int die;
    gboolean fought;
  } cases[] = {
    { 10, FALSE, 3, TRUE },
    { 10, FALSE, 4, FALSE },
    { 10, TRUE, 3, FALSE },   /* +1: the checking unit is out of ammunition */
    { 5, FALSE, 3, FALSE },   /* +1: Union, Game-Turns 1-8 */
    { 5, FALSE, 2, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;
      GbacwPlacement *p;

      add_corinth_gate (f);
      p = INF (f, "u-1", "union", 3, 3, "0302", "s");
      if (cases[i].depleted)
        p->status = GBACW_STATUS_AMMO_DEPLETED;
      INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      LEADER (f, "c-ldr", "confederate", "0303");   /* so that the defender does not roll to retreat */
      game = melee_game_of (f, 0, cases[i].turn);
      if (melee_fought (game, "u-1", "0303", cases[i].die, 6, 0) != cases[i].fought)
        g_error ("case %u: the melee was %s", i, cases[i].fought ? "not fought" : "fought");
      g_assert_true (log_has (game, "C 22.0", "Melee initiation"));
    }
}

static void
test_c_22_4_automatic (void)
{
  /* 22.4: no check against a pinned unit */
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  add_corinth_gate (f);
  INF (f, "u-1", "union", 3, 3, "0302", "s");
  p = INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  p->status = GBACW_STATUS_PINNED;
  game = melee_game_of (f, 0, 10);
  g_assert_true (melee_fought (game, "u-1", "0303", 6, 0));
  g_assert_false (log_has (game, "C 22.0", "Melee initiation"));
}

static void
test_c_22_1_retreat_before_melee_check (void)
{
  /* a Union regiment of Morale Rating 3 chooses to retreat before melee: on Game-Turn 5
   * its die gets +1 (22.1, Union, GT1-8): 2 passes, 3 fails and it must stand */
  for (int die = 2; die <= 3; die++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;
      const GbacwDecision *d;
      const GArray *path;

      add_corinth_gate (f);
      INF (f, "u-1", "union", 3, 3, "0302", "s");
      INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      LEADER (f, "c-ldr", "confederate", "0303");
      game = melee_game_of (f, 1, 5);
      apply_expect (game, declare (game, "c-1", "0302", FALSE), NULL);
      d = gbacw_game_decision (game);
      g_assert_nonnull (d);
      g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_BEFORE_MELEE);
      path = g_ptr_array_index (d->paths, 0);
      gbacw_dice_force_list (game->dice, die, 0);
      apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
      g_assert_true (log_has (game, "C 22.0", "Retreat before melee"));
      g_assert_cmpint (log_has (game, "C 22.0", "must stand and defend"), ==, die == 3);
      if (die == 3)
        {
          /* it stands: no withdrawal fire is offered, and it is still in its hex */
          d = gbacw_game_decision (game);
          g_assert_true (d == NULL || d->kind != GBACW_DECISION_FIRE);
          g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0302"));
        }
      else
        g_assert_true (log_has (game, "12.8", "retreats before melee"));
    }
}

static void
test_c_22_0_leader_lets_it_retreat (void)
{
  /* 22.0 step 3: stacked with a leader it retreats without a check */
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  const GArray *path;

  add_corinth_gate (f);
  INF (f, "u-1", "union", 3, 3, "0302", "s");
  LEADER (f, "u-ldr", "union", "0302");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  LEADER (f, "c-ldr", "confederate", "0303");
  game = melee_game_of (f, 1, 5);
  apply_expect (game, declare (game, "c-1", "0302", FALSE), NULL);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  path = g_ptr_array_index (d->paths, 0);
  apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
  g_assert_false (log_has (game, "C 22.0", "Retreat before melee"));
  g_assert_true (log_has (game, "12.8", "retreats before melee"));
  /* C 22.33: the leader that spared it its check goes with it (after the withdrawal fire, 12.83) */
  hold_fire (game);
  g_assert_true (log_has (game, "C 22.33", "spared"));
  g_assert_cmpint (unit_of (game, "u-ldr")->hex, ==, unit_of (game, "u-1")->hex);
  g_assert_cmpint (unit_of (game, "u-1")->hex, !=, hex_of (f->s, "0302"));
}

/* C 22.33 for the attacker: two stacks, each with a leader, melee one hex; neither rolls (22.0
 * step 5), so both leaders were used to bypass the check and both go into the melee hex with
 * their units, not only the one 12.4 sends in; against a pinned defender (22.4: no check to
 * bypass) only 12.4's leader goes in. */
static void
test_c_22_33_attacker_leaders (void)
{
  for (int pinned = 0; pinned <= 1; pinned++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;
      GbacwPlacement *p;
      int target;

      add_corinth_gate (f);
      INF (f, "u-1", "union", 3, 3, "0302", "s");
      LEADER (f, "u-ldr-1", "union", "0302");
      INF (f, "u-2", "union", 3, 3, "0304", "n");
      LEADER (f, "u-ldr-2", "union", "0304");
      p = INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      if (pinned)
        p->status = GBACW_STATUS_PINNED;
      LEADER (f, "c-ldr", "confederate", "0303");   /* so that the defender does not roll to retreat */
      game = melee_game_of (f, 0, 10);
      target = hex_of (f->s, "0303");
      /* the melee: the engaged result (12.94) keeps everyone in the hex */
      g_assert_true (melee_fought (game, "u-1 u-2", "0303", 6, 0));
      g_assert_false (log_has (game, "C 22.0", "Melee initiation"));
      g_assert_cmpint (unit_of (game, "u-1")->hex, ==, target);
      g_assert_cmpint (unit_of (game, "u-2")->hex, ==, target);
      g_assert_cmpint (unit_of (game, "u-ldr-1")->hex, ==, target);   /* 12.4: the first leader */
      if (pinned)
        {
          g_assert_false (log_has (game, "C 22.33", NULL));
          g_assert_cmpint (unit_of (game, "u-ldr-2")->hex, ==, hex_of (f->s, "0304"));
        }
      else
        {
          g_assert_true (log_has (game, "C 22.33", "u-ldr-2 (u-ldr-2) spared u-2 (u-2) its check and goes into the melee"));
          g_assert_cmpint (unit_of (game, "u-ldr-2")->hex, ==, target);
        }
    }
}

/* ------------------------------------------------------------------ dismounted cavalry */

/* The Morale Rating of a cavalry regiment rated mounted, dismounted (GBACW_UNSET: not
 * given), in formation. */
static int
cavalry_rating (Fixture *f, int mounted, int dismounted, GbacwFormationState formation)
{
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, mounted, "C", "0101", formation, "s");
  gbacw_oob_find_unit (&f->s->oob, "u-cav")->dismounted_morale = dismounted;
  game = start_game (f);
  return gbacw_morale_rating (game, unit_index (game, "u-cav"));
}

static void
test_6_14_dismounted_side_rating (void)
{
  /* 6.14: the counter's dismounted side; mounted, the mounted side */
  g_autoptr (Fixture) a = fixture_new (3, 3);
  g_autoptr (Fixture) b = fixture_new (3, 3);
  g_autoptr (Fixture) c = fixture_new (3, 3);

  g_assert_cmpint (cavalry_rating (a, 4, 3, GBACW_FORMATION_STATE_DISMOUNTED), ==, 3);
  g_assert_cmpint (cavalry_rating (b, 4, 3, GBACW_FORMATION_STATE_MOUNTED), ==, 4);
  g_assert_cmpint (cavalry_rating (c, 4, GBACW_UNSET, GBACW_FORMATION_STATE_DISMOUNTED), ==, 4);
}

static void
test_j_20_3_one_lower_dismounted (void)
{
  /* J 20.3: "one less than the Morale Rating printed on the mounted side"; a rating the
   * scenario gives wins over the offset */
  g_autoptr (Fixture) a = fixture_new (3, 3);
  g_autoptr (Fixture) b = fixture_new (3, 3);
  g_autoptr (Fixture) c = fixture_new (3, 3);

  add_exclusive (a, "dismounted-morale", "offset", "-1", "case", "J 20.3", NULL);
  add_exclusive (b, "dismounted-morale", "offset", "-1", "case", "J 20.3", NULL);
  add_exclusive (c, "dismounted-morale", "offset", "-1", "case", "J 20.3", NULL);
  g_assert_cmpint (cavalry_rating (a, 4, GBACW_UNSET, GBACW_FORMATION_STATE_DISMOUNTED), ==, 3);
  g_assert_cmpint (cavalry_rating (b, 4, GBACW_UNSET, GBACW_FORMATION_STATE_MOUNTED), ==, 4);
  g_assert_cmpint (cavalry_rating (c, 4, 2, GBACW_FORMATION_STATE_DISMOUNTED), ==, 2);
}

static void
test_c_21_4_dismounted_rating_2 (void)
{
  /* C 21.4: "All cavalry units in a dismounted state have a Morale Rating of 2" */
  g_autoptr (Fixture) a = fixture_new (3, 3);
  g_autoptr (Fixture) b = fixture_new (3, 3);

  add_exclusive (a, "dismounted-morale", "rating", "2", "case", "C 21.4", NULL);
  add_exclusive (b, "dismounted-morale", "rating", "2", "case", "C 21.4", NULL);
  g_assert_cmpint (cavalry_rating (a, 5, 4, GBACW_FORMATION_STATE_DISMOUNTED), ==, 2);
  g_assert_cmpint (cavalry_rating (b, 5, 4, GBACW_FORMATION_STATE_MOUNTED), ==, 5);
}

/* ------------------------------------------------------------------ artillery subordination */

/* A Confederate division (commander c-div-ldr: ER 1, DIR 4) with one brigade (c-brig-ldr:
 * ER 2), and a battery of the division at battery_hex. */
static Fixture *
division_battery (const char *battery_hex, gboolean module)
{
  Fixture *f = fixture_new (3, 14);

  add_formation (f, "c-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-div-ldr");
  add_formation (f, "c-brig", "confederate", GBACW_FORMATION_BRIGADE, "c-div", "c-brig-ldr");
  INF (f, "c-1", "confederate", 3, 3, "0201", "s");
  LEADER (f, "c-div-ldr", "confederate", "0201");
  INF (f, "c-2", "confederate", 3, 3, "0210", "s");
  LEADER (f, "c-brig-ldr", "confederate", "0210");
  set_leader (f, "c-div-ldr", GBACW_LEADER_DIVISION, 1, 1, 4, 0);
  set_leader (f, "c-brig-ldr", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_formation (f, "c-div-ldr c-1", "c-div");
  set_formation (f, "c-brig-ldr c-2", "c-brig");
  add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", battery_hex, GBACW_FORMATION_STATE_UNLIMBERED,
            "s");
  set_formation (f, "c-bat", "c-div");
  INF (f, "u-1", "union", 3, 3, "0314", "n");
  if (module)
    add_exclusive (f, "artillery-subordination", "division-batteries", "confederate", "case", "P 21.3", NULL);
  return f;
}

static gboolean
battery_out_of_command (Fixture *f)
{
  g_autoptr (GbacwGame) game = start_game (f);

  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 1);
  end_phase (game);
  return unit_of (game, "c-bat")->out_of_command;
}

static void
test_p_21_3_division_batteries (void)
{
  /* 0204: three hexes from the division commander: beyond his ER (17.11), within his DIR */
  g_autoptr (Fixture) dir_without = division_battery ("0204", FALSE);
  g_autoptr (Fixture) dir_with = division_battery ("0204", TRUE);
  /* 0212: two hexes from the brigade commander, nine from the division commander */
  g_autoptr (Fixture) er_with = division_battery ("0212", TRUE);
  /* 0107: beyond both */
  g_autoptr (Fixture) far_with = division_battery ("0107", TRUE);

  g_assert_true (battery_out_of_command (dir_without));
  g_assert_false (battery_out_of_command (dir_with));
  g_assert_false (battery_out_of_command (er_with));
  g_assert_true (battery_out_of_command (far_with));
}

/* ------------------------------------------------------------------ leader replacement */

/* A Union division u-div (u-div-ldr) of three brigades: u-b1 (u-l1, ER 2, at 0102 with
 * u-1), u-b2 (u-l2, ER 3, 0103, u-2) and u-b3 (u-l3, ER 2, 0104, u-3); the ranks are
 * the test's. */
static Fixture *
three_brigades (const char *rank1, const char *rank2, const char *rank3)
{
  Fixture *f = fixture_new (3, 8);
  const char *ranks[] = { rank1, rank2, rank3 };

  set_turns (f, 1, 8);
  LEADER (f, "u-div-ldr", "union", "0101");
  INF (f, "u-0", "union", 3, 3, "0101", "s");
  set_leader (f, "u-div-ldr", GBACW_LEADER_DIVISION, 4, 2, 4, 2);
  add_formation (f, "u-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-div-ldr");
  set_formation (f, "u-div-ldr u-0", "u-div");
  for (int b = 1; b <= 3; b++)
    {
      g_autofree char *leader = g_strdup_printf ("u-l%d", b);
      g_autofree char *brigade = g_strdup_printf ("u-b%d", b);
      g_autofree char *unit = g_strdup_printf ("u-%d", b);
      g_autofree char *hex = g_strdup_printf ("01%02d", b + 1);
      g_autofree char *members = g_strdup_printf ("%s %s", leader, unit);
      LEADER (f, leader, "union", hex);
      INF (f, unit, "union", 3, 3, hex, "s");
      set_leader (f, leader, GBACW_LEADER_BRIGADE, b == 2 ? 3 : 2, 1, 3, GBACW_UNSET);
      gbacw_oob_find_unit (&f->s->oob, leader)->rank = g_strdup (ranks[b - 1]);
      add_formation (f, brigade, "union", GBACW_FORMATION_BRIGADE, "u-div", leader);
      set_formation (f, members, brigade);
    }
  INF (f, "c-1", "confederate", 3, 3, "0308", "n");
  return f;
}

static int
formation_of (GbacwGame *game, const char *id)
{
  for (guint i = 0; i < game->scenario->oob.formations->len; i++)
    if (g_str_equal (((GbacwFormation *) g_ptr_array_index (game->scenario->oob.formations, i))->id, id))
      return (int) i;
  g_assert_not_reached ();
}

/* Kills the listed leaders now, then ends the Union's Final Command Phase: the
 * promotions (17.83, 17.84) are made. */
static GbacwGame *
lose_and_promote (Fixture *f, const char *ids)
{
  GbacwGame *game = start_game (f);
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);

  for (guint i = 0; names[i]; i++)
    gbacw_leadership_leader_lost (game, unit_index (game, names[i]), GBACW_PRESENCE_KILLED);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  return game;
}

static void
test_j_25_11_successor_list (void)
{
  /* J 25.11: "replaced in order of priority by Winder, Taliaferro, Patton and Taylor":
   * the second listed is promoted, without a question, when the first is lost too */
  g_autoptr (Fixture) f = three_brigades (NULL, NULL, NULL);
  g_autoptr (GbacwGame) game = NULL;

  add_exclusive (f, "leader-replacement", "successors.u-div", "u-l3 u-l1 u-l2", "case", "J 25.1", NULL);
  game = lose_and_promote (f, "u-div-ldr u-l3");
  g_assert_cmpint (game->formation_commander[formation_of (game, "u-div")], ==, unit_index (game, "u-l1"));
  g_assert_true (unit_of (game, "u-l1")->promoted);
  g_assert_true (gbacw_game_decision (game) == NULL
                 || gbacw_game_decision (game)->kind != GBACW_DECISION_PROMOTE);
}

static void
test_j_25_13_replacements_in_the_same_order (void)
{
  /* J 25.13: every listed brigade commander lost: their replacements, in the same order
   * (u-b3's turned-over counter, 17.81, is on the map again after the first Final
   * Command Phase) */
  g_autoptr (Fixture) f = three_brigades (NULL, NULL, NULL);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  add_exclusive (f, "leader-replacement", "successors.u-div", "u-l3 u-l1", NULL);
  game = start_game (f);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-l3"), GBACW_PRESENCE_KILLED);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-l1"), GBACW_PRESENCE_KILLED);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  /* the brigades' replacements join their units (17.81) */
  for (int guard = 0; guard < 4 && (d = gbacw_game_decision (game)) != NULL; guard++)
    apply_expect (game, gbacw_action_new_answer_hex (g_array_index (d->hexes, int, 0)), NULL);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-div-ldr"), GBACW_PRESENCE_KILLED);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  g_assert_cmpint (game->formation_commander[formation_of (game, "u-div")], ==, unit_index (game, "u-l3"));
}

static void
test_c_28_32_rank_then_er (void)
{
  /* C 28.32: the highest rank; the same rank, the highest ER; promoted with 1 CP */
  static const struct {
    const char *ranks[3];
    const char *promoted;
  } cases[] = {
    { { "colonel", "colonel", "brigadier-general" }, "u-l3" },
    { { "brigadier-general", "brigadier-general", "colonel" }, "u-l2" },   /* ER 3 over ER 2 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = three_brigades (cases[i].ranks[0], cases[i].ranks[1], cases[i].ranks[2]);
      g_autoptr (GbacwGame) game = NULL;

      add_exclusive (f, "leader-replacement", "rank-order", "colonel brigadier-general major-general", "promoted-cp", "1",
                     "never-replaced", "army", "case", "C 28.3", NULL);
      game = lose_and_promote (f, "u-div-ldr");
      g_assert_cmpint (game->formation_commander[formation_of (game, "u-div")], ==,
                       unit_index (game, cases[i].promoted));
      goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
      g_assert_cmpint (unit_of (game, cases[i].promoted)->cp_left, ==, 1);
    }
}

static void
test_c_28_32_tie_is_the_owners_choice (void)
{
  /* the same rank and ER: the owner chooses between the two, not the third */
  g_autoptr (Fixture) f = three_brigades ("brigadier-general", "colonel", "brigadier-general");
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  add_exclusive (f, "leader-replacement", "rank-order", "colonel brigadier-general", NULL);
  game = lose_and_promote (f, "u-div-ldr");
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_PROMOTE);
  g_assert_cmpuint (d->units->len, ==, 2);
  g_assert_false (gbacw_int_array_has (d->units, unit_index (game, "u-l2")));
}

/* The computer player asked to choose between the tied brigadiers (C 28.32: the owner's
 * choice) picks one of them, the better rally rating of the two, and the game goes on. */
static void
test_c_28_32_computer_picks_the_successor (void)
{
  g_autoptr (Fixture) f = three_brigades ("brigadier-general", "colonel", "brigadier-general");
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  GbacwAction *applied = NULL;
  GbacwAi *ai;

  gbacw_oob_find_unit (&f->s->oob, "u-l3")->rally = 2;
  add_exclusive (f, "leader-replacement", "rank-order", "colonel brigadier-general", NULL);
  game = lose_and_promote (f, "u-div-ldr");
  g_assert_nonnull (gbacw_game_decision (game));
  g_assert_cmpint (gbacw_game_decision (game)->kind, ==, GBACW_DECISION_PROMOTE);
  ai = gbacw_ai_new (game, gbacw_game_decision (game)->side);
  g_assert_true (gbacw_ai_step (ai, game, &applied, &error));
  g_assert_no_error (error);
  g_assert_nonnull (applied);
  gbacw_action_free (applied);
  gbacw_ai_free (ai);
  g_assert_cmpint (game->formation_commander[formation_of (game, "u-div")], ==, unit_index (game, "u-l3"));
  g_assert_true (unit_of (game, "u-l3")->promoted);
  g_assert_true (log_has (game, "17.83", "u-l3 (u-l3) is promoted"));
  g_assert_true (gbacw_game_decision (game) == NULL || gbacw_game_decision (game)->kind != GBACW_DECISION_PROMOTE);
}

static void
test_c_28_31_army_never_replaced (void)
{
  g_autoptr (Fixture) f = three_brigades (NULL, NULL, NULL);
  g_autoptr (GbacwGame) game = NULL;
  int army;

  LEADER (f, "u-army-ldr", "union", "0101");
  set_leader (f, "u-army-ldr", GBACW_LEADER_ARMY, 6, 3, 10, 4);
  add_formation (f, "u-army", "union", GBACW_FORMATION_ARMY, NULL, "u-army-ldr");
  set_formation (f, "u-army-ldr", "u-army");
  g_free (gbacw_oob_find_formation (&f->s->oob, "u-div")->parent);
  gbacw_oob_find_formation (&f->s->oob, "u-div")->parent = g_strdup ("u-army");
  add_exclusive (f, "leader-replacement", "never-replaced", "army", NULL);
  game = lose_and_promote (f, "u-army-ldr");
  army = formation_of (game, "u-army");
  g_assert_cmpint (game->formation_commander[army], ==, unit_index (game, "u-army-ldr"));
  g_assert_cmpint (unit_of (game, "u-army-ldr")->hex, <, 0);   /* 17.81 would have turned him over */
  g_assert_null (gbacw_game_decision (game));
}

static void
test_p_28_26_brigade_delay (void)
{
  /* P 28.26's brigade column: die 3: three Final Command Phases (lost on GT1, back in
   * the Final Command Phase of GT4); the brigadier was not within his division
   * commander's DIR, so nothing is subtracted */
  g_autoptr (Fixture) f = three_brigades (NULL, NULL, NULL);
  g_autoptr (GbacwGame) game = NULL;
  int turn_back = -1;

  add_exclusive (f, "leader-replacement", "sides", "union", "delay-brigade", "0:0 1:1 2:2 3-4:3 5:4 6:5", "case",
                 "P 28.26", NULL);
  /* far from the division commander (DIR 4): 0108 */
  gbacw_scenario_find_placement (f->s, "u-l3", NULL)->hex = hex_of (f->s, "0108");
  gbacw_scenario_find_placement (f->s, "u-3", NULL)->hex = hex_of (f->s, "0108");
  game = start_game (f);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-l3"), GBACW_PRESENCE_KILLED);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 3, 0);
  for (int guard = 0; guard < 200 && turn_back < 0; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if ((d && d->kind == GBACW_DECISION_PLACE_LEADER) || unit_of (game, "u-l3")->hex >= 0)
        {
          turn_back = game->turn;
          break;
        }
      g_assert_null (d);
      end_phase (game);
    }
  g_assert_true (log_has (game, "P 28.26", "die 3, modified 3: in 3 Final Command Phases"));
  g_assert_cmpint (turn_back, ==, 4);
}

static void
test_p_28_26_brigadier_within_dir (void)
{
  /* "subtract the Command Rating of his division commander from the die roll if the
   * brigadier lies within his division commander's Divisional Integrity Radius": u-l1
   * fell one hex from u-div-ldr (DIR 4, 2 Command Points): die 3 - 2 = 1 */
  g_autoptr (Fixture) f = three_brigades (NULL, NULL, NULL);
  g_autoptr (GbacwGame) game = NULL;

  add_exclusive (f, "leader-replacement", "sides", "union", "delay-brigade", "0:0 1:1 2:2 3-4:3 5:4 6:5", "case",
                 "P 28.26", NULL);
  game = start_game (f);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-l1"), GBACW_PRESENCE_KILLED);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 3, 0);
  end_phase (game);
  g_assert_true (log_has (game, "P 28.26", "die 3, modified 1: in 1 Final Command Phases"));
}

static void
test_p_28_27_division_successor_and_delay (void)
{
  /* P 28.27: die 5: the list "u-l2, u-l1"; P 28.26: die 3 less 2 for the division's
   * original commander: 1 → one Final Command Phase; u-l2 keeps his brigade (28.25) */
  g_autoptr (Fixture) f = three_brigades (NULL, NULL, NULL);
  g_autoptr (GbacwGame) game = NULL;
  int div;

  add_exclusive (f, "leader-replacement", "successor-table.u-div", "1-4:u-l1,u-l2 5-6:u-l2,u-l1", "delay-division",
                 "0:0 1-2:1 3-4:2 5:3 6:4", "original-drm", "-2", "keeps-brigade", "yes", "case", "P 28.2", NULL);
  game = start_game (f);
  div = formation_of (game, "u-div");
  gbacw_leadership_leader_lost (game, unit_index (game, "u-div-ldr"), GBACW_PRESENCE_KILLED);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 5, 3, 0);
  end_phase (game);
  g_assert_true (log_has (game, "P 28.2", "die 5: u-l2"));
  g_assert_true (log_has (game, "P 28.2", "die 3, modified 1: in 1 Final Command Phases"));
  g_assert_cmpint (game->formation_commander[div], ==, unit_index (game, "u-div-ldr"));   /* still vacant */
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  g_assert_cmpint (game->formation_commander[div], ==, unit_index (game, "u-l2"));
  g_assert_cmpint (game->formation_commander[formation_of (game, "u-b2")], ==, unit_index (game, "u-l2"));
}

static void
test_p_28_24_successor_lost_first (void)
{
  /* P 28.24: the chosen successor lost before he takes over: the table is rolled again */
  g_autoptr (Fixture) f = three_brigades (NULL, NULL, NULL);
  g_autoptr (GbacwGame) game = NULL;

  add_exclusive (f, "leader-replacement", "successor-table.u-div", "1-4:u-l1,u-l2 5-6:u-l2,u-l1", "delay-division",
                 "0:0 1-2:1 3-6:2", "case", "P 28.2", NULL);
  game = start_game (f);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-div-ldr"), GBACW_PRESENCE_KILLED);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 5, 1, 0);   /* u-l2; one Final Command Phase */
  end_phase (game);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-l2"), GBACW_PRESENCE_KILLED);
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force_list (game->dice, 6, 0);      /* again: "u-l2, u-l1": u-l1 */
  end_phase (game);
  g_assert_cmpint (game->formation_commander[formation_of (game, "u-div")], ==, unit_index (game, "u-l1"));
}

static void
test_modules_registered (void)
{
  /* every module of engine/rules/ is found by its id before anything registers it */
  const GbacwRuleHooks *hooks = gbacw_rules_hooks_lookup ("ammunition-depletion");

  g_assert_nonnull (hooks);
  g_assert_nonnull (hooks->ammo_depletion);
  g_assert_null (gbacw_rules_hooks_lookup ("pearidge.no-such-rule"));
}

/* ------------------------------------------------------------------ night (J 35, P 22, C 26) */

/* Game-Turns first..last, those in nights (a NULL-free list ending with 0) marked night on the
 * turn track; the Union is the first player. */
static void
night_track (Fixture *f, int first, int last, const int *nights)
{
  set_turns (f, first, last);
  for (guint i = 0; i < f->s->turns.turns->len; i++)
    {
      GbacwTurn *t = g_ptr_array_index (f->s->turns.turns, i);
      for (const int *n = nights; *n; n++)
        t->night |= t->n == *n;
    }
}

/* J 35.0-35.3 as The Crossroads plays them (GT16-17). */
static void
add_jackson_night (Fixture *f)
{
  static const int nights[] = { 16, 17, 0 };

  night_track (f, 16, 17, nights);
  add_exclusive (f, "night", "turns", "16 17", "road-factor", "0.5", "proximity", "jackson", "proximity-formations",
                 "u-corps", "zoc", "enter-one", "fire", "none", "engaged", "jackson", "pins-removed", "yes",
                 "leaders-with-units", "union", NULL);
}

/* P 22.2 (four night turns after GT18), or C 26.1 (game C: woods +1, through friends). */
static void
add_pea_ridge_night (Fixture *f, gboolean corinth)
{
  static const int nights[] = { 19, 20, 0 };

  night_track (f, 18, 20, nights);
  if (corinth)
    add_exclusive (f, "night", "turns", "19-20", "movement-factor", "1.5", "woods-extra", "1", "proximity",
                   "never-adjacent", "engaged", "both-retreat", "engaged-through-friends", "yes", "game", "C", NULL);
  else
    add_exclusive (f, "night", "turns", "19-20", "movement-factor", "1.5", "proximity", "never-adjacent", "engaged",
                   "both-retreat", NULL);
}

/* Ends phases until Game-Turn turn's phase of side, holding fire and keeping engaged units
 * where they are when asked (12.94). */
static void
advance_to (GbacwGame *game, int turn, GbacwPhase phase, int side)
{
  for (int guard = 0; guard < 200; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d && d->kind == GBACW_DECISION_FIRE)
        apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
      else if (d && d->kind == GBACW_DECISION_ENGAGED_RETREAT)
        apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
      else if (game->turn == turn && game->phase == phase && game->phasing_side == side)
        return;
      else
        end_phase (game);
    }
  g_error ("Game-Turn %d, phase %d of side %d not reached", turn, phase, side);
}

static void
expect_end_refused (GbacwGame *game, const char *expect_case)
{
  apply_expect (game, gbacw_action_new_end_phase (), expect_case);
}

static int
distance_between (GbacwGame *game, const char *a, const char *b)
{
  return gbacw_game_distance (game, unit_of (game, a)->hex, unit_of (game, b)->hex);
}

/* The first night Game-Turn: u-1 beside c-1 and a battery that cannot move beside it. */
static GbacwGame *
first_night_game (Fixture *f)
{
  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0304", "s");
  add_unit (f, "u-bty", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0306", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  return start_game (f);
}

static void
test_j_35_21_first_night_turn_distance (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = first_night_game (f);

  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  /* "at least one hex away": beside the enemy (distance 1) it may not stay */
  expect_end_refused (game, "J 35.21");
  apply_expect (game, move_action (game, "u-1", "0303"), NULL);
  g_assert_null (gbacw_game_decision (game));   /* J 35.21, 35.3: leaving the ZOC draws no fire */
  g_assert_true (log_has (game, "J 35.3", "no fire"));
  g_assert_cmpint (distance_between (game, "u-1", "c-1"), ==, 2);
  /* the battery cannot move: the phase ends and it is captured */
  end_phase (game);
  g_assert_cmpint (unit_of (game, "u-bty")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_cmpint (unit_of (game, "u-bty")->captured, ==, 2);
  g_assert_true (log_has (game, "J 35.21", "captured"));
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_ON_MAP);
  /* J 35.3: no fire, no melee: the next phase is the Ammunition Resupply Phase */
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_AMMUNITION_RESUPPLY);
}

/* J 35.21 with another rule's refusal: u-enc, beside c-1, is encamped (`jackson.encampment`,
 * never alerted: J 34.1, it may not move) and so cannot get away, though its movement range
 * reaches hexes far enough: the phase ends and it is captured, as a unit that cannot move
 * is (the phase was refused for ever before). */
static void
test_j_35_21_refused_move_cannot_keep_distance (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-enc", "union", 3, 3, "0405", "s");
  add_exclusive (f, "jackson.encampment", "units", "u-enc", "side", "union", "alert-roll", "30:1-6", NULL);
  game = first_night_game (f);
  g_assert_cmpint (distance_between (game, "u-enc", "c-1"), ==, 1);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-enc", "0404"), "J 34.1");
  apply_expect (game, move_action (game, "u-1", "0303"), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "u-enc")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_true (log_has (game, "J 35.21", "captured"));
}

/* J 35.21: the first player's units end 2 hexes or more from the enemy; a unit held under
 * J 30.1 (3 hexes away, so 4) is not captured at 3, nor one still to arrive (its hex -1). */
static void
test_j_35_21_night_distance_only (void)
{
  g_autoptr (Fixture) f = fixture_new (8, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-held", "union", 3, 3, "0605", "s");
  INF (f, "u-late", "union", 3, 3, "0101", "s");
  reinforce (f, "u-late", 20, "0101", GBACW_FORMATION_STATE_LINE);
  add_exclusive (f, "reserves", "units", "u-held u-late", "forbid", "none", "approach", "3", "case", "J 30.1", NULL);
  game = first_night_game (f);
  g_assert_cmpint (distance_between (game, "u-held", "c-1"), ==, 3);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0303"), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "u-bty")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_cmpint (unit_of (game, "u-held")->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_cmpint (unit_of (game, "u-late")->presence, !=, GBACW_PRESENCE_CAPTURED);
}

static void
test_j_35_22_second_player_two_hexes (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = first_night_game (f);

  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0303"), NULL);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 1);
  /* "at least two hexes away": distance 2 is not enough for the second player */
  g_assert_cmpint (distance_between (game, "u-1", "c-1"), ==, 2);
  g_assert_cmpint (gbacw_game_keep_distance (game, unit_index (game, "c-1")), ==, 3);
  expect_end_refused (game, "J 35.22");
  apply_expect (game, move_action (game, "c-1", "0306"), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-1")->presence, ==, GBACW_PRESENCE_ON_MAP);
}

static void
test_j_35_23_second_night_turn_within_two (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_jackson_night (f);
  add_formation (f, "u-corps", "union", GBACW_FORMATION_CORPS, NULL, NULL);
  INF (f, "u-1", "union", 3, 3, "0301", "s");
  INF (f, "u-2", "union", 3, 3, "0302", "s");
  set_formation (f, "u-2", "u-corps");
  INF (f, "c-1", "confederate", 3, 3, "0306", "n");
  game = start_game (f);
  advance_to (game, 17, GBACW_PHASE_MOVEMENT, 0);
  /* Fremont's Corps: not within 3 hexes */
  apply_expect (game, move_action (game, "u-2", "0303"), "J 35.23");
  /* the others: not within 2 */
  apply_expect (game, move_action (game, "u-1", "0302 0303 0304"), "J 35.23");
  apply_expect (game, move_action (game, "u-1", "0302 0303"), NULL);
  g_assert_cmpint (distance_between (game, "u-1", "c-1"), ==, 3);
}

static void
test_j_35_21_one_zoc (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0303", "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");   /* its ZOC: 0304 */
  INF (f, "c-2", "confederate", 3, 3, "0301", "s");   /* its ZOC: 0302 */
  game = start_game (f);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0304 0303 0302 0303"), "J 35.21");
  apply_expect (game, move_action (game, "u-1", "0304 0303"), NULL);
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (game->scenario, "0303"));
  /* the ZOC hex it entered counts for the rest of the phase */
  apply_expect (game, move_action (game, "u-1", "0302"), NULL);
}

static void
test_j_35_24_leaders_only_with_units (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  int units[2];
  int path;

  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  LEADER (f, "u-ldr", "union", "0101");
  LEADER (f, "c-ldr", "confederate", "0608");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-ldr", "0102"), "J 35.24");
  units[0] = unit_index (game, "u-1");
  units[1] = unit_index (game, "u-ldr");
  path = hex_of (game->scenario, "0102");
  apply_expect (game, gbacw_action_new_move (units, 2, &path, 1, -1), NULL);
  g_assert_cmpint (unit_of (game, "u-ldr")->hex, ==, path);
  /* only the Union's leaders (35.24) */
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-ldr", "0607"), NULL);
}

/* Sets the Terrain Effects on Movement Chart cell of row and column. */
static void
set_tem_cell (Fixture *f, const char *row, const char *column, const char *text)
{
  GbacwChart *chart = gbacw_scenario_find_chart (f->s, "terrain-movement");
  GbacwChartRow *r = g_ptr_array_index (chart->rows, gbacw_chart_find_row (chart, row));

  for (guint k = 0; k < chart->columns->len; k++)
    if (g_str_equal (g_ptr_array_index (chart->columns, k), column))
      gbacw_cell_parse (&r->cells[k], text);
}

static int
step_halves (GbacwGame *game, const char *unit, const char *from, const char *to)
{
  int a = hex_of (game->scenario, from), b = hex_of (game->scenario, to);
  GbacwMoveCost cost;

  gbacw_movement_step_cost (game, unit_index (game, unit), a, gbacw_game_direction_between (game, a, b), &cost);
  g_assert_cmpint (cost.kind, ==, GBACW_COST_MP);
  return cost.halves;
}

static void
test_j_35_25_road_halved (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_jackson_night (f);
  set_tem_cell (f, "infantry-column", "road", "1");
  add_road (f, "0101", "s");
  add_road (f, "0102", "s");
  set_terrain (f, "0103", "woods");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0101", GBACW_FORMATION_STATE_COLUMN, "s");
  add_unit (f, "u-line", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0201", GBACW_FORMATION_STATE_LINE, "s");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  g_assert_cmpint (step_halves (game, "u-col", "0101", "0102"), ==, 1);   /* 1 → 1/2 */
  g_assert_cmpint (step_halves (game, "u-col", "0102", "0103"), ==, 1);   /* the road, not the woods */
  g_assert_cmpint (step_halves (game, "u-col", "0103", "0104"), ==, 2);   /* off the road: unchanged */
  g_assert_cmpint (step_halves (game, "u-line", "0201", "0202"), ==, 2);
}

static void
test_j_35_25_road_by_day (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_exclusive (f, "night", "turns", "3", "road-factor", "0.5", NULL);
  set_tem_cell (f, "infantry-column", "road", "1");
  add_road (f, "0101", "s");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0101", GBACW_FORMATION_STATE_COLUMN, "s");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  g_assert_cmpint (step_halves (game, "u-col", "0101", "0102"), ==, 2);
}

static void
test_j_35_26_pins_removed (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0101", "s")->status = GBACW_STATUS_PINNED;
  INF (f, "c-1", "confederate", 3, 3, "0608", "n")->status = GBACW_STATUS_PINNED;
  game = start_game (f);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_PINNED);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);
  g_assert_true (log_has (game, "J 35.26", "no longer pinned"));
}

/* Answers the open retreat decision with its first path, after checking that every path
 * ends at least keep hexes from each of the units named; returns the path's last hex. */
static int
retreat_keeping (GbacwGame *game, int keep, const char *const *from_units)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  const GArray *first;
  int end;

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
  g_assert_cmpuint (d->paths->len, >, 0);
  for (guint i = 0; i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      int last = g_array_index (path, int, path->len - 1);
      g_assert_cmpuint (path->len, ==, 2);
      for (const char *const *u = from_units; *u; u++)
        g_assert_cmpint (gbacw_game_distance (game, last, unit_of (game, *u)->hex), >=, keep);
    }
  first = g_ptr_array_index (d->paths, 0);
  end = g_array_index (first, int, first->len - 1);
  apply_expect (game, gbacw_action_new_answer_path ((const int *) first->data, first->len), NULL);
  return end;
}

static void
test_j_35_3_engaged_at_nightfall (void)
{
  static const char *const enemy_of_first[] = { "c-1", "c-2", NULL };
  static const char *const enemy_of_second[] = { "u-1", NULL };
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  int end;

  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0304", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-1", "confederate", 3, 3, "0304", "n")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-2", "confederate", 3, 3, "0301", "s");
  game = start_game (f);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  /* the first player retreats two hexes under 35.21: at least 2 from every enemy unit */
  end = retreat_keeping (game, 2, enemy_of_first);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, end);
  g_assert_true (log_has (game, "J 35.3", "retreats two hexes"));
  end_phase (game);
  /* "The Engaged marker is left on the second player's units" */
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 1);
  /* and he retreats them under 35.22: at least 3 */
  end = retreat_keeping (game, 3, enemy_of_second);
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, end);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
}

static void
test_p_22_21_movement_allowance (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  int halves = 0;

  add_pea_ridge_night (f, FALSE);
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0201", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  g_assert_true (gbacw_movement_allowance (game, unit_index (game, "u-1"), &halves, NULL));
  g_assert_cmpint (halves, ==, 12);   /* GT18, day: 6 */
  advance_to (game, 19, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (gbacw_movement_allowance (game, unit_index (game, "u-1"), &halves, NULL));
  g_assert_cmpint (halves, ==, 18);   /* "the Movement Allowance of an infantry unit is 9" */
  g_assert_true (gbacw_movement_allowance (game, unit_index (game, "u-cav"), &halves, NULL));
  g_assert_cmpint (halves, ==, 36);   /* "a mounted cavalry unit is 18" */
}

static void
test_p_22_22_never_adjacent (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_pea_ridge_night (f, FALSE);
  INF (f, "u-1", "union", 3, 3, "0301", "s");
  INF (f, "u-2", "union", 3, 3, "0605", "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  INF (f, "c-2", "confederate", 3, 3, "0606", "n");   /* its ZOC: 0605 */
  game = start_game (f);
  advance_to (game, 19, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0302 0303 0304"), "P 22.22");
  apply_expect (game, move_action (game, "u-1", "0302 0303"), NULL);
  /* beginning beside the enemy, it may move only to a hex beside none; leaving the ZOC
   * draws withdrawal fire (22.23) */
  apply_expect (game, move_action (game, "u-2", "0604"), NULL);
  g_assert_nonnull (gbacw_game_decision (game));
  g_assert_cmpint (gbacw_game_decision (game)->kind, ==, GBACW_DECISION_FIRE);
  g_assert_cmpstr (gbacw_game_decision (game)->rule_case, ==, "10.1");
}

static void
test_p_22_24_only_withdrawal_fire (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  int battery;

  add_pea_ridge_night (f, FALSE);
  add_unit (f, "u-bty", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  game = start_game (f);
  advance_to (game, 19, GBACW_PHASE_MOVEMENT, 0);
  battery = unit_index (game, "u-bty");
  /* 6.23 would let c-1 fire at the battery limbering within its range */
  apply_expect (game, gbacw_action_new_change_formation (&battery, 1, GBACW_FORMATION_STATE_LIMBERED), NULL);
  g_assert_null (gbacw_game_decision (game));
  g_assert_true (log_has (game, "P 22.24", "limber fire"));
  g_assert_cmpint (unit_of (game, "u-bty")->formation, ==, GBACW_FORMATION_STATE_LIMBERED);
  /* no Fire or Melee Phase */
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_AMMUNITION_RESUPPLY);
}

/* The retreat decision's paths, each hex of them added to hexes; answers the first. */
static void
retreat_first_path (GbacwGame *game, GArray *hexes)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  const GArray *first;

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
  first = g_ptr_array_index (d->paths, 0);
  g_array_append_vals (hexes, first->data, first->len);
  apply_expect (game, gbacw_action_new_answer_path ((const int *) first->data, first->len), NULL);
}

static void
test_p_22_24_engaged_both_retreat (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GArray) through = g_array_new (FALSE, FALSE, sizeof (int));
  const GbacwDecision *d;
  int start;

  add_pea_ridge_night (f, FALSE);
  INF (f, "u-1", "union", 3, 3, "0304", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-1", "confederate", 3, 3, "0304", "n")->status = GBACW_STATUS_ENGAGED;
  game = start_game (f);
  start = hex_of (game->scenario, "0304");
  /* the end of the last day Game-Turn (18): the phasing (second) player retreats first */
  advance_to (game, 18, GBACW_PHASE_FINAL_COMMAND, 1);
  retreat_first_path (game, through);
  g_assert_cmpint (gbacw_game_distance (game, unit_of (game, "c-1")->hex, start), ==, 2);
  g_assert_true (log_has (game, "P 22.24", "retreats two hexes"));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, start);
  end_phase (game);
  /* then the other, never through the hexes the first went through: not even among the
   * paths 14.3 and 14.4 would not prefer */
  {
    g_autoptr (GArray) u1 = g_array_new (FALSE, FALSE, sizeof (int));
    g_autoptr (GPtrArray) any = NULL;
    int unit = unit_index (game, "u-1");
    g_array_append_val (u1, unit);
    any = gbacw_retreat_paths (game, u1, start, 2, GBACW_RETREAT_ANY);
    g_assert_cmpuint (any->len, >, 0);
    for (guint i = 0; i < any->len; i++)
      {
        const GArray *path = g_ptr_array_index (any, i);
        for (guint k = 0; k < path->len; k++)
          g_assert_false (gbacw_int_array_has (through, g_array_index (path, int, k)));
      }
  }
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  for (guint i = 0; i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      for (guint k = 0; k < path->len; k++)
        g_assert_false (gbacw_int_array_has (through, g_array_index (path, int, k)));
    }
  retreat_first_path (game, through);
  g_assert_cmpint (gbacw_game_distance (game, unit_of (game, "u-1")->hex, start), ==, 2);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ENGAGED);
  g_assert_false (log_has (game, "13.21", NULL));   /* no morale check at the end */
  g_assert_cmpint (game->turn, ==, 19);
}

static void
test_c_26_12_woods_extra (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_pea_ridge_night (f, TRUE);
  set_terrain (f, "0102", "woods");
  set_terrain (f, "0202", "woods");
  add_road (f, "0201", "s");
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0201", GBACW_FORMATION_STATE_COLUMN, "s");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  g_assert_cmpint (step_halves (game, "u-1", "0101", "0102"), ==, 4);    /* day: woods 2 */
  advance_to (game, 19, GBACW_PHASE_MOVEMENT, 0);
  g_assert_cmpint (step_halves (game, "u-1", "0101", "0102"), ==, 6);    /* night: 3 */
  g_assert_cmpint (step_halves (game, "u-col", "0201", "0202"), ==, 1);  /* by road: the road's 1/2 */
}

static void
test_c_26_15_through_friends (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* one column of hexes, the engagement beside the map edge: the Confederates' only way
   * back runs through c-2, the Union's only way is through the hex they went through */
  add_pea_ridge_night (f, TRUE);
  INF (f, "u-1", "union", 3, 3, "0102", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-1", "confederate", 3, 3, "0102", "n")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-2", "confederate", 3, 3, "0103", "n");
  game = start_game (f);
  advance_to (game, 18, GBACW_PHASE_FINAL_COMMAND, 1);
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, hex_of (game->scenario, "0104"));
  g_assert_cmpint (unit_of (game, "c-2")->hex, ==, hex_of (game->scenario, "0103"));   /* not displaced */
  g_assert_false (log_has (game, "14.3", NULL));
  g_assert_true (log_has (game, "C 26.15", "retreats two hexes"));
  /* "If any unit is unable to retreat, it is captured" */
  end_phase (game);
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_true (log_has (game, "14.1", "captured"));
}

static void
test_night_without_module_keeps_withdrawal_fire (void)
{
  static const int nights[] = { 2, 0 };
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  /* a night turn of the turn track alone: no fire phases, the Standard Rules otherwise */
  night_track (f, 1, 3, nights);
  INF (f, "u-1", "union", 3, 3, "0303", "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  game = start_game (f);
  advance_to (game, 2, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0304"), NULL);
  apply_expect (game, move_action (game, "u-1", "0303"), NULL);
  g_assert_nonnull (gbacw_game_decision (game));
  g_assert_cmpint (gbacw_game_decision (game)->kind, ==, GBACW_DECISION_FIRE);
  hold_fire (game);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_AMMUNITION_RESUPPLY);
}

/* ------------------------------------------------------------ BCE and stragglers */

/* Ends the second Player-Turn of Game-Turn turn with dice forced for what happens in the
 * Game-Turn Record Interphase (the straggler rolls, in order-of-battle order). */
static void
end_turn_with_dice (GbacwGame *game, int turn, const int *dice, guint n)
{
  goto_turn_phase (game, turn, GBACW_PHASE_FINAL_COMMAND, 1);
  gbacw_dice_force (game->dice, dice, n);
  end_phase (game);
}

/* The unit has lost `lost` of its initial SP as casualties. */
static void
wound (GbacwGame *game, const char *id, int lost)
{
  GbacwGameUnit *u = unit_of (game, id);
  u->strength = u->initial_strength - lost;
  u->killed = lost;
}

static guint
log_count (const GbacwGame *game, const char *rule_case, const char *text)
{
  guint n = 0;
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      n += (rule_case == NULL || g_strcmp0 (e->rule_case, rule_case) == 0) && strstr (e->text, text) != NULL;
    }
  return n;
}

static void
add_pea_ridge_stragglers (Fixture *f)
{
  add_exclusive (f, "straggler-recovery", "success.union", "5-6", "success.confederate", "6", "moved-previous", "-1",
                 "case", "P 22.38", NULL);
}

static void
test_p_22_38_union_5_6_confederate_6 (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  static const int dice[] = { 5, 4, 6, 5 };

  set_turns (f, 18, 20);
  set_night (f, 19, 20);
  add_pea_ridge_stragglers (f);
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "u-2", "union", 4, 3, "0201", "s");
  INF (f, "c-1", "confederate", 4, 3, "0106", "n");
  INF (f, "c-2", "confederate", 4, 3, "0206", "n");
  game = start_game (f);
  wound (game, "u-1", 2);
  wound (game, "u-2", 2);
  wound (game, "c-1", 2);
  wound (game, "c-2", 2);
  /* GT 18 is a day turn: no recovery at its end */
  goto_turn_phase (game, 19, GBACW_PHASE_INITIAL_COMMAND, 0);
  g_assert_cmpuint (log_count (game, NULL, "Straggler recovery"), ==, 0);
  end_turn_with_dice (game, 19, dice, G_N_ELEMENTS (dice));
  /* P 22.38: Union 5-6, Confederate 6 */
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 3);
  g_assert_cmpint (unit_of (game, "u-1")->killed, ==, 1);   /* a box erased, no VP for it */
  g_assert_cmpint (unit_of (game, "u-2")->strength, ==, 2);
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 3);
  g_assert_cmpint (unit_of (game, "c-2")->strength, ==, 2);
  g_assert_cmpuint (log_count (game, "P 22.38", "recovers one Strength Point"), ==, 2);
  /* P 22.34: u-1 and c-1 (3 of 4) would be back to full strength: they no longer roll */
  {
    static const int more[] = { 1, 1 };
    end_turn_with_dice (game, 20, more, G_N_ELEMENTS (more));
  }
  g_assert_cmpuint (log_count (game, "P 22.38", "Straggler recovery for u-1"), ==, 1);
  g_assert_cmpuint (log_count (game, "P 22.38", "Straggler recovery for u-2"), ==, 2);
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 3);
}

static void
test_p_22_35_moved_previous_and_22_31_moved_tonight (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  static const int dice[] = { 5, 5 };

  set_turns (f, 18, 20);
  set_night (f, 19, 20);
  add_pea_ridge_stragglers (f);
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "u-2", "union", 4, 3, "0201", "s");
  INF (f, "u-3", "union", 4, 3, "0301", "s");
  INF (f, "c-1", "confederate", 4, 3, "0106", "n");
  game = start_game (f);
  wound (game, "u-1", 2);
  wound (game, "u-2", 2);
  wound (game, "u-3", 2);
  goto_turn_phase (game, 18, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0102"), NULL);   /* the Game-Turn before */
  goto_turn_phase (game, 19, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-2", "0202"), NULL);   /* this night Game-Turn */
  end_turn_with_dice (game, 19, dice, G_N_ELEMENTS (dice));
  /* u-1: 5 - 1 = 4, no; u-2 may not try (P 22.31); u-3: 5 */
  g_assert_true (log_has (game, "P 22.38", "Straggler recovery for u-1 (u-1): die 5-1 = 4, moved in the previous Game-Turn"));
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 2);
  g_assert_cmpuint (log_count (game, "P 22.38", "Straggler recovery for u-2"), ==, 0);
  g_assert_cmpint (unit_of (game, "u-3")->strength, ==, 3);
}

static void
test_j_35_41_moved_night_turns (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 6);
  g_autoptr (GbacwGame) game = NULL;
  static const int dice[] = { 1, 3, 3 };

  set_turns (f, 15, 18);
  set_night (f, 16, 17);
  add_exclusive (f, "straggler-recovery", "turns", "17", "hold", "no", "success", "1-3", "moved-night", "+1", "case",
                 "J 35.41", NULL);
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "u-2", "union", 4, 3, "0201", "s");
  INF (f, "u-3", "union", 4, 3, "0301", "s");
  INF (f, "u-4", "union", 4, 3, "0401", "s");
  INF (f, "c-1", "confederate", 4, 3, "0106", "n");
  game = start_game (f);
  wound (game, "u-1", 2);
  wound (game, "u-2", 2);
  wound (game, "u-3", 2);
  /* J 35.43: captured SP are never recovered */
  unit_of (game, "u-4")->strength = 2;
  unit_of (game, "u-4")->captured = 2;
  goto_turn_phase (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0102"), NULL);
  apply_expect (game, move_action (game, "u-2", "0202"), NULL);
  goto_turn_phase (game, 17, GBACW_PHASE_INITIAL_COMMAND, 0);
  /* GT 16 is night, but J 35.4's interphase is at the end of GT 17 only */
  g_assert_cmpuint (log_count (game, NULL, "Straggler recovery"), ==, 0);
  goto_turn_phase (game, 17, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0101"), NULL);
  end_turn_with_dice (game, 17, dice, G_N_ELEMENTS (dice));
  /* both nights 1, one night 1-2, neither 1-3 */
  g_assert_true (log_has (game, "J 35.41", "Straggler recovery for u-1 (u-1): die 1+2 = 3, moved in 2 night Game-Turns"));
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 3);
  g_assert_cmpint (unit_of (game, "u-2")->strength, ==, 2);
  g_assert_cmpint (unit_of (game, "u-3")->strength, ==, 3);
  g_assert_cmpuint (log_count (game, "J 35.41", "Straggler recovery for u-4"), ==, 0);
  g_assert_cmpint (unit_of (game, "u-4")->strength, ==, 2);
}

static void
test_c_26_2_phase_k_and_26_23_bce_day_1 (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  static const int first[] = { 5 };
  static const int second[] = { 6 };

  set_turns (f, 16, 18);
  set_night (f, 17, 18);
  add_exclusive (f, "straggler-recovery", "timing", "player-turn", "success", "5-6", "bce-day-1", "-1", "case",
                 "C 26.22", NULL);
  union_brigade (f, "0201", 2, 3, GBACW_UNSET);
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "u-2", "union", 4, 3, "0201", "s");
  INF (f, "c-1", "confederate", 4, 3, "0106", "n");
  set_formation (f, "u-1 u-2", "u-brig");
  game = start_game (f);
  wound (game, "u-1", 2);
  wound (game, "u-2", 1);   /* one SP lost: not eligible */
  wound (game, "c-1", 2);
  end_phase (game);         /* GT 16, a day turn: the brigade has lost BCE on the first day */
  g_assert_true (log_has (game, "18.0", "loses Brigade Combat Effectiveness"));
  /* C 21.1: Phase K after the Union Final Command Phase of GT 17, the Union units only */
  goto_turn_phase (game, 17, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force (game->dice, first, G_N_ELEMENTS (first));
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_EXCLUSIVE);
  g_assert_true (log_has (game, NULL, "Straggler Recovery Phase"));
  g_assert_true (log_has (game, "C 26.22", "Straggler recovery for u-1 (u-1): die 5-1 = 4, its brigade lost BCE on the first day"));
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 2);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for u-2"), ==, 0);
  g_assert_cmpuint (log_count (game, "C 26.22", "Straggler recovery for c-1"), ==, 0);
  /* the Confederate Phase K: c-1 rolls (5-6, no modifier) */
  goto_turn_phase (game, 17, GBACW_PHASE_FINAL_COMMAND, 1);
  gbacw_dice_force (game->dice, first, G_N_ELEMENTS (first));
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 3);
  goto_turn_phase (game, 18, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force (game->dice, second, G_N_ELEMENTS (second));
  end_phase (game);
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 3);
  end_phase (game);
  /* 2 of 3 boxes: the brigade has BCE again (C 26.24) */
  g_assert_true (log_has (game, "18.0", "regains Brigade Combat Effectiveness"));
  g_assert_false (gbacw_bce_lost (game, 0));
}

/* C 26.32's example: Cabell's brigade, 10 casualties against 9 (of 16), two stragglers
 * recovered in the night, its limit extended to 11. */
static GbacwGame *
cabell_night (Fixture *f, const int *dice, guint n, const char *single_level)
{
  GbacwGame *game;

  set_turns (f, 19, 21);
  set_night (f, 19, 20);
  add_exclusive (f, "straggler-recovery", "timing", "player-turn", "success", "5-6", "case", "C 26.22", NULL);
  if (single_level)
    add_exclusive (f, "bce-recovery", "method", "second-row", "turn", "20", "single-level", single_level, "case",
                   "C 26.32", NULL);
  else
    add_exclusive (f, "bce-recovery", "method", "second-row", "turn", "20", "case", "C 26.32", NULL);
  union_brigade (f, "0201", 2, 9, 11);
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "u-2", "union", 4, 3, "0201", "s");
  INF (f, "u-3", "union", 4, 3, "0301", "s");
  INF (f, "u-4", "union", 4, 3, "0102", "s");
  INF (f, "c-1", "confederate", 4, 3, "0106", "n");
  set_formation (f, "u-1 u-2 u-3 u-4", "u-brig");
  game = start_game (f);
  wound (game, "u-1", 3);
  wound (game, "u-2", 3);
  wound (game, "u-3", 2);
  wound (game, "u-4", 2);
  g_assert_cmpint (gbacw_bce_marks (game, 0), ==, 10);
  g_assert_true (gbacw_bce_lost (game, 0));
  goto_turn_phase (game, 19, GBACW_PHASE_FINAL_COMMAND, 0);
  gbacw_dice_force (game->dice, dice, n);
  end_phase (game);
  goto_turn_phase (game, 20, GBACW_PHASE_FINAL_COMMAND, 0);
  {
    static const int none[] = { 1, 1, 1, 1 };
    gbacw_dice_force (game->dice, none, G_N_ELEMENTS (none));
  }
  goto_turn_phase (game, 21, GBACW_PHASE_INITIAL_COMMAND, 0);
  return game;
}

static void
test_c_26_32_cabell_example (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  static const int dice[] = { 5, 6, 1, 1 };
  g_autoptr (GbacwGame) game = cabell_night (f, dice, G_N_ELEMENTS (dice), NULL);

  /* day 1: 9 of 16; two stragglers: 8 marked; day 2: 11 of 16 */
  g_assert_cmpint (gbacw_bce_marks (game, 0), ==, 8);
  g_assert_cmpint (gbacw_bce_limit (game, 0), ==, 11);
  g_assert_false (gbacw_bce_lost (game, 0));
  g_assert_true (log_has (game, "C 26.32", "BCE limit is now 11"));
}

static void
test_c_26_34_no_recovery_stays_lost (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  static const int dice[] = { 5, 1, 1, 1 };
  g_autoptr (GbacwGame) game = cabell_night (f, dice, G_N_ELEMENTS (dice), NULL);

  /* one straggler only: 9 of 9, still lost: no second-day boxes, lost for the rest of the game */
  g_assert_cmpint (gbacw_bce_marks (game, 0), ==, 9);
  g_assert_cmpint (gbacw_bce_limit (game, 0), ==, 9);
  g_assert_true (gbacw_bce_lost (game, 0));
  g_assert_true (log_has (game, "C 26.32", "has not regained BCE"));
}

static void
test_c_26_33_single_level (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  static const int dice[] = { 5, 6, 1, 1 };
  g_autoptr (GbacwGame) game = cabell_night (f, dice, G_N_ELEMENTS (dice), "u-brig");

  g_assert_cmpint (gbacw_bce_limit (game, 0), ==, 9);
  g_assert_true (log_has (game, "C 26.32", "has one BCE level"));
}

/* Brigades b-18 (limit 18, 3 marked), b-10 (10, 12 marked) and b-6 (6, none) at the P
 * 22.4 interphase after the last night Game-Turn. */
static GbacwGame *
pea_ridge_recovery (Fixture *f, const char *no_casualties)
{
  static const struct {
    const char *brigade, *unit, *hex;
    int limit, marks;
  } brigades[] = { { "b-18", "u-18", "0101", 18, 3 }, { "b-10", "u-10", "0201", 10, 12 }, { "b-6", "u-6", "0301", 6, 0 } };
  GbacwGame *game;

  set_turns (f, 21, 23);
  set_night (f, 21, 22);
  if (no_casualties)
    add_exclusive (f, "bce-recovery", "method", "formula", "no-casualties", no_casualties, "case", "P 22.41", NULL);
  else
    add_exclusive (f, "bce-recovery", "method", "formula", "case", "P 22.41", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (brigades); i++)
    {
      add_formation (f, brigades[i].brigade, "union", GBACW_FORMATION_BRIGADE, NULL, NULL)->bce[0] = brigades[i].limit;
      INF (f, brigades[i].unit, "union", brigades[i].marks + 2, 3, brigades[i].hex, "s");
      set_formation (f, brigades[i].unit, brigades[i].brigade);
    }
  INF (f, "c-1", "confederate", 4, 3, "0106", "n");
  game = start_game (f);
  for (guint i = 0; i < G_N_ELEMENTS (brigades); i++)
    wound (game, brigades[i].unit, brigades[i].marks);
  goto_turn_phase (game, 22, GBACW_PHASE_INITIAL_COMMAND, 0);
  /* GT 21 is followed by a night Game-Turn: no recovery yet */
  g_assert_cmpint (gbacw_bce_limit (game, 0), ==, 18);
  goto_turn_phase (game, 23, GBACW_PHASE_INITIAL_COMMAND, 0);
  return game;
}

static void
test_p_22_41_formula (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = pea_ridge_recovery (f, NULL);

  /* P 22.41: 18 + 18 ÷ 3 = 24 */
  g_assert_cmpint (gbacw_bce_limit (game, 0), ==, 24);
  g_assert_true (log_has (game, "P 22.41", "18 + 18 ÷ 3 (rounded up) = 24"));
  /* P 22.42: 10 + ⌈10 ÷ 12⌉ = 11, still exceeded: no BCE recovery */
  g_assert_cmpint (gbacw_bce_limit (game, 1), ==, 11);
  g_assert_true (gbacw_bce_lost (game, 1));
  g_assert_true (log_has (game, "P 22.41", "no BCE recovery"));
  /* no casualties: read as one, the limit doubles (rules matrix §7 #8) */
  g_assert_cmpint (gbacw_bce_limit (game, 2), ==, 12);
  g_assert_true (log_has (game, "P 22.41", "doubled to 12"));
}

static void
test_p_22_41_no_casualties_keep (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = pea_ridge_recovery (f, "keep");

  g_assert_cmpint (gbacw_bce_limit (game, 2), ==, 6);
  g_assert_cmpint (gbacw_bce_limit (game, 0), ==, 24);
}

/* A Union brigade that has lost BCE (limit 2, u-1 has lost 2 SP) with a battery, an
 * independent unit beside it, and an enemy regiment; the rule given. */
static GbacwGame *
lost_brigade (Fixture *f, const char *variant)
{
  GbacwGame *game;

  add_exclusive (f, "bce-loss", "variant", variant, NULL);
  union_brigade (f, "0301", 3, 2, GBACW_UNSET);
  INF (f, "u-1", "union", 5, 3, "0201", "s");
  INF (f, "u-other", "union", 4, 3, "0101", "s");
  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0301", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 4, 3, "0203", "n");
  set_formation (f, "u-1 u-bat", "u-brig");
  game = start_game (f);
  wound (game, "u-1", 2);
  return game;
}

static void
test_j_27_1_morale_minus_one (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = lost_brigade (f, "jackson");

  /* every unit of the brigade, its battery too; not the independent regiment */
  g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "u-1")), ==, 2);
  g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "u-bat")), ==, 2);
  g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "u-other")), ==, 3);
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-1"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 0);
  /* straggler recovery brings it back: the effect ends with the loss */
  unit_of (game, "u-1")->killed = 1;
  g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "u-1")), ==, 3);
}

static void
test_p_24_11_morale_check_plus_one (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = lost_brigade (f, "pea-ridge");
  static const int dice[] = { 3 };

  g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "u-1")), ==, 3);
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-1"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 1);
  /* P 24.21: batteries unaffected (only 13.23's -1: stacked with the brigade commander) */
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-bat"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, -1);
  g_assert_cmpint (gbacw_morale_drm (game, unit_index (game, "u-other"), FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 0);
  /* a die of 3 against Morale 3 fails with the +1 */
  gbacw_dice_force (game->dice, dice, 1);
  g_assert_true (gbacw_morale_check (game, unit_index (game, "u-1"), FALSE, GBACW_MORALE_CAUSE_FIRE, "9.81"));
}

static void
check_no_initiation (const char *variant, const char *expect_case)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  int u;

  set_turns (f, 1, 2);
  game = lost_brigade (f, variant);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0202"), NULL);
  hold_fire (game);
  apply_expect (game, move_action (game, "u-other", "0102"), NULL);
  hold_fire (game);
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  u = unit_index (game, "u-1");
  apply_expect (game, gbacw_action_new_declare_melee (&u, 1, hex_of (f->s, "0203"), FALSE), expect_case);
  /* with BCE back (a box erased), it may */
  unit_of (game, "u-1")->killed = 1;
  apply_expect (game, gbacw_action_new_declare_melee (&u, 1, hex_of (f->s, "0203"), FALSE), NULL);
}

static void
test_j_27_3_no_melee_initiation (void)
{
  check_no_initiation ("jackson", "J 27.3");
}

static void
test_p_24_12_no_melee_initiation (void)
{
  check_no_initiation ("pea-ridge", "P 24.12");
}

static void
test_p_24_13_fire_one_column_left (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  GbacwFireResolution *res;

  set_turns (f, 1, 2);
  game = lost_brigade (f, "pea-ridge");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0202"), NULL);
  hold_fire (game);
  apply_expect (game, move_action (game, "u-other", "0201 0202"), NULL);
  hold_fire (game);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  {
    /* with a regiment of another brigade: still one column left (P 24.13) */
    GbacwFirer firers[] = { { unit_index (game, "u-1"), 2, -1 }, { unit_index (game, "u-other"), 2, -1 } };
    res = gbacw_fire_compute (game, hex_of (f->s, "0203"), firers, 2, &error);
    g_assert_no_error (error);
    g_assert_cmpint (res->hook_shift, ==, -1);
    gbacw_fire_resolution_free (res);
  }
  {
    GbacwFirer firers[] = { { unit_index (game, "u-other"), 0, -1 } };
    res = gbacw_fire_compute (game, hex_of (f->s, "0203"), firers, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (res->hook_shift, ==, 0);
    gbacw_fire_resolution_free (res);
  }
  {
    /* P 24.21: the brigade's battery fires normally */
    GbacwFirer firers[] = { { unit_index (game, "u-bat"), 0, -1 } };
    res = gbacw_fire_compute (game, hex_of (f->s, "0203"), firers, 1, &error);
    g_assert_no_error (error);
    g_assert_cmpint (res->hook_shift, ==, 0);
    gbacw_fire_resolution_free (res);
  }
}

/* J 27.2: u-1 (brigade without BCE) moves 0201 → 0202 into c-1's zone of control. */
static GbacwGame *
ezoc_move (Fixture *f, const int *dice, guint n)
{
  GbacwGame *game;

  set_turns (f, 1, 2);
  game = lost_brigade (f, "jackson");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0202"), 0, FALSE));
  g_assert_false (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0201"), 0, FALSE));
  gbacw_dice_force (game->dice, dice, n);
  apply_expect (game, move_action (game, "u-1", "0202"), NULL);
  return game;
}

static void
test_j_27_2_ezoc_entry_check_passes (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  static const int dice[] = { 1 };
  g_autoptr (GbacwGame) game = ezoc_move (f, dice, 1);

  /* Morale 3 - 1 (J 27.1): a 1 passes */
  g_assert_true (log_has (game, "J 27.2", "die 1+0 = 1 against Morale 2: passes"));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0202"));
}

static void
test_j_27_2_ezoc_entry_check_fails_pinned (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  static const int dice[] = { 3, 2 };
  g_autoptr (GbacwGame) game = ezoc_move (f, dice, 2);

  /* fails: the P/R of 9.83 where it stands (J 27.23), here pinned */
  g_assert_true (log_has (game, "J 27.2", "fails, a P/R result where it stands"));
  g_assert_true (log_has (game, "9.83", "pinned"));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0201"));
  g_assert_true (unit_of (game, "u-1")->status & GBACW_STATUS_PINNED);
  /* the independent regiment moves into an enemy ZOC without a check */
  g_assert_cmpuint (log_count (game, "J 27.2", "Morale check"), ==, 1);
}

static void
test_j_27_2_ezoc_entry_check_fails_routed (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  static const int dice[] = { 6, 6, 1, 1, 1, 1, 1, 1 };
  g_autoptr (GbacwGame) game = ezoc_move (f, dice, G_N_ELEMENTS (dice));

  g_assert_true (log_has (game, "9.83", "routed"));
  g_assert_true (unit_of (game, "u-1")->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (unit_of (game, "u-1")->hex, !=, hex_of (f->s, "0202"));
}

static void
test_c_25_13_rally_by_die (void)
{
  static const struct {
    int die;
    gboolean rallied;
  } cases[] = { { 4, TRUE }, { 5, FALSE } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 6);
      g_autoptr (GbacwGame) game = NULL;

      set_turns (f, 1, 2);
      game = lost_brigade (f, "corinth");
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      apply_expect (game, move_action (game, "u-1", "0301"), NULL);   /* onto its brigade commander */
      unit_of (game, "u-1")->status |= GBACW_STATUS_ROUTED;
      goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
      gbacw_dice_force (game->dice, &cases[i].die, 1);
      end_phase (game);
      /* stacked with its brigade commander: a die at -1 against Morale 3, not 13.52's rally */
      g_assert_cmpint ((unit_of (game, "u-1")->status & GBACW_STATUS_ROUTED) == 0, ==, cases[i].rallied);
      g_assert_true (log_has (game, "C 25.13", cases[i].rallied ? "rallies" : "stays routed"));
      g_assert_false (log_has (game, "13.52", "u-1 rallies"));
    }
}

/* P 24.31 / C 25.2: the brigade (limit 1, one SP lost) around its commander at 0304 (ER
 * 3): t routs; r, s (with the commander) retreat two hexes; q (routed) routs three more;
 * p (pinned) and the battery stay. */
static GbacwGame *
brigade_retreat (Fixture *f, const char *variant)
{
  GbacwGame *game;

  set_turns (f, 1, 2);
  add_exclusive (f, "bce-loss", "variant", variant, NULL);
  union_brigade (f, "0304", 3, 1, GBACW_UNSET);
  INF (f, "t", "union", 4, 3, "0305", "s");
  INF (f, "r", "union", 4, 3, "0304", "s");
  INF (f, "q", "union", 4, 3, "0205", "s");
  INF (f, "p", "union", 4, 3, "0405", "s");
  add_unit (f, "bat", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "far", "union", 4, 3, "0101", "s");
  INF (f, "c-1", "confederate", 4, 3, "0309", "n");
  set_formation (f, "t r q p bat far", "u-brig");
  game = start_game (f);
  wound (game, "t", 1);
  unit_of (game, "q")->status |= GBACW_STATUS_ROUTED;
  unit_of (game, "p")->status |= GBACW_STATUS_PINNED;
  return game;
}

static int
distance (GbacwGame *game, int hex, const char *label)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  return gbacw_hex_grid_distance (grid, gbacw_hex_grid_hex_at (grid, hex),
                                  gbacw_hex_grid_hex_at (grid, hex_of (game->scenario, label)));
}

/* Answers the open questions of a brigade retreat: each retreat path its first; the batteries'
 * (P 24.33, C 25.26) with battery (NULL: none goes). */
static void
answer_brigade_retreat (GbacwGame *game, const char *battery)
{
  for (int guard = 0; guard < 50; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d == NULL)
        return;
      if (d->kind == GBACW_DECISION_RETREAT_PATH)
        first_paths (game);
      else if (d->kind == GBACW_DECISION_EXCLUSIVE_UNITS)
        {
          int unit = battery ? unit_index (game, battery) : -1;
          g_assert_true (battery == NULL || gbacw_int_array_has (d->firers, unit));
          apply_expect (game, gbacw_action_new_answer_units (&unit, battery ? 1 : 0), NULL);
        }
      else
        return;
    }
}

static void
check_brigade_retreat (const char *variant, const char *retreat_case)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = brigade_retreat (f, variant);
  static const int dice[] = { 1, 1, 1, 1, 1, 1 };

  g_assert_true (gbacw_bce_lost (game, 0));
  gbacw_dice_force (game->dice, dice, G_N_ELEMENTS (dice));
  gbacw_morale_rout (game, unit_index (game, "t"), "9.81");
  gbacw_game_run_pending (game);
  answer_brigade_retreat (game, NULL);
  g_assert_null (gbacw_game_decision (game));
  g_assert_true (log_has (game, retreat_case, "brigade retreat"));
  /* two hexes, then a morale check (passed on a 1) */
  g_assert_cmpint (distance (game, unit_of (game, "r")->hex, "0304"), ==, 2);
  g_assert_true (log_has (game, "13.21", "Morale check for r"));
  g_assert_false (unit_of (game, "r")->status & GBACW_STATUS_ROUTED);
  /* routed: three hexes of rout movement; pinned: stays; the battery need not go; out of
   * the commander's radius: stays */
  g_assert_cmpint (distance (game, unit_of (game, "q")->hex, "0205"), ==, 3);
  g_assert_cmpint (unit_of (game, "p")->hex, ==, hex_of (f->s, "0405"));
  g_assert_cmpint (unit_of (game, "bat")->hex, ==, hex_of (f->s, "0303"));
  g_assert_cmpint (unit_of (game, "far")->hex, ==, hex_of (f->s, "0101"));
  /* the routed unit itself routs its own three hexes, no more (C 25.25) */
  g_assert_cmpint (distance (game, unit_of (game, "t")->hex, "0305"), ==, 3);
}

static void
test_p_24_31_brigade_retreat (void)
{
  check_brigade_retreat ("pea-ridge", "P 24.31");
}

/* P 24.33, C 25.26: "The batteries of a brigade undergoing brigade retreat are given the option
 * to retreat ... If unlimbered, they may limber in order to retreat": chosen, the battery
 * limbers, retreats two hexes and checks its morale; not chosen, it stays (above). */
static void
check_battery_joins (const char *variant, const char *battery_case)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = brigade_retreat (f, variant);
  static const int dice[] = { 1, 1, 1, 1, 1, 1, 1 };

  gbacw_dice_force (game->dice, dice, G_N_ELEMENTS (dice));
  gbacw_morale_rout (game, unit_index (game, "t"), "9.81");
  gbacw_game_run_pending (game);
  answer_brigade_retreat (game, "bat");
  g_assert_null (gbacw_game_decision (game));
  g_assert_true (log_has (game, battery_case, "limbers to retreat with its brigade"));
  g_assert_cmpint (unit_of (game, "bat")->formation, ==, GBACW_FORMATION_STATE_LIMBERED);
  g_assert_cmpint (distance (game, unit_of (game, "bat")->hex, "0303"), ==, 2);
  g_assert_true (log_has (game, "13.21", "Morale check for bat"));
  g_assert_cmpint (distance (game, unit_of (game, "r")->hex, "0304"), ==, 2);
}

/* P 24.34, C 25.23: "Units which retreat out of Enemy ZOC's are subject to withdrawal fire
 * (see 10.1). If, due to the fire, a unit is pinned, a unit is pinned after retreating one hex
 * and must perform a morale check": r, in the ZOC of c-z, draws it; pinned by it (its P result
 * set here), it retreats one hex and checks morale. */
static void
check_withdrawal_in_brigade_retreat (const char *variant, const char *retreat_case)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = NULL;
  static const int dice[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  gboolean asked = FALSE;

  INF (f, "c-z", "confederate", 1, 3, "0404", "nw");
  game = brigade_retreat (f, variant);
  g_assert_true (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0304"), 0, FALSE));
  gbacw_dice_force (game->dice, dice, G_N_ELEMENTS (dice));
  gbacw_morale_rout (game, unit_index (game, "t"), "9.81");
  gbacw_game_run_pending (game);
  for (int guard = 0; guard < 50; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d == NULL)
        break;
      if (d->kind == GBACW_DECISION_FIRE && g_strcmp0 (d->rule_case, retreat_case) == 0)
        {
          asked = TRUE;
          unit_of (game, "r")->status |= GBACW_STATUS_PINNED;   /* the fire's P (9.87) */
          apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
        }
      else if (d->kind == GBACW_DECISION_FIRE)
        apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
      else
        answer_brigade_retreat (game, NULL);
    }
  g_assert_true (asked);
  g_assert_true (log_has (game, retreat_case, "retreat out of the enemy zone of control at 0304"));
  g_assert_true (log_has (game, retreat_case, "pinned by the withdrawal fire, retreat one more hex"));
  g_assert_cmpint (distance (game, unit_of (game, "r")->hex, "0304"), ==, 1);
  g_assert_true (log_has (game, "13.21", "Morale check for r"));
}

static void
test_p_24_34_withdrawal_fire (void)
{
  check_withdrawal_in_brigade_retreat ("pea-ridge", "P 24.31");
}

static void
test_c_25_23_withdrawal_fire (void)
{
  check_withdrawal_in_brigade_retreat ("corinth", "C 25.2");
}

static void
test_p_24_33_battery_joins (void)
{
  check_battery_joins ("pea-ridge", "P 24.33");
}

static void
test_c_25_26_battery_joins (void)
{
  check_battery_joins ("corinth", "C 25.26");
}

static void
test_c_25_2_brigade_retreat (void)
{
  check_brigade_retreat ("corinth", "C 25.2");
}

static void
test_c_25_25_once_per_phase (void)
{
  static const struct {
    const char *variant, *retreat_case;
    guint retreats;
  } cases[] = { { "corinth", "C 25.2", 1 }, { "pea-ridge", "P 24.31", 2 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = fixture_new (6, 10);
      g_autoptr (GbacwGame) game = brigade_retreat (f, cases[i].variant);
      static const int dice[] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };

      gbacw_dice_force (game->dice, dice, G_N_ELEMENTS (dice));
      gbacw_morale_rout (game, unit_index (game, "t"), "9.81");
      gbacw_game_run_pending (game);
      first_paths (game);
      /* a second rout in the same phase: C 25.25 once per brigade per phase; P again */
      gbacw_morale_rout (game, unit_index (game, "r"), "9.81");
      gbacw_game_run_pending (game);
      first_paths (game);
      g_assert_cmpuint (log_count (game, cases[i].retreat_case, "brigade retreat"), ==, cases[i].retreats);
    }
}

static void
test_bce_modules_registered (void)
{
  g_assert_nonnull (gbacw_rules_hooks_lookup ("straggler-recovery"));
  g_assert_nonnull (gbacw_rules_hooks_lookup ("bce-recovery"));
  g_assert_nonnull (gbacw_rules_hooks_lookup ("bce-loss"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/exclusive/modules-registered", test_modules_registered);
  g_test_add_func ("/engine/exclusive/P-21.52-ammunition-depletion-table", test_p_21_52_ammunition_depletion_table);
  g_test_add_func ("/engine/exclusive/J-36.6-ammunition-depletion-by-day", test_j_36_6_both_sides_by_day);
  g_test_add_func ("/engine/exclusive/J-29.4-ammunition-depletion-per-side", test_j_29_4_per_side);
  g_test_add_func ("/engine/exclusive/ammunition-depletion-side-before-all",
                   test_side_entry_before_all_sides_and_11_21_elsewhere);
  g_test_add_func ("/engine/exclusive/ammunition-depletion-uncovered-turn-11.21", test_uncovered_turn_keeps_11_21);
  g_test_add_func ("/engine/exclusive/ammunition-depletion-disabled", test_disabled_rule_is_not_played);
  g_test_add_func ("/engine/exclusive/J-21.3-artillery-depletes-as-small-arms", test_j_21_3_artillery_depletes_as_small_arms);
  g_test_add_func ("/engine/exclusive/11.31-batteries-count-rounds-without-the-rule",
                   test_batteries_count_rounds_without_the_rule);
  g_test_add_func ("/engine/exclusive/J-21.3-one-box-resupplies-a-section", test_j_21_3_one_box_resupplies_a_section);
  g_test_add_func ("/engine/exclusive/J-21.6-morale-2-needs-a-leader", test_j_21_6_morale_2_needs_a_leader);
  g_test_add_func ("/engine/exclusive/P-27.12-no-leader-near", test_p_27_12_no_leader_near);
  g_test_add_func ("/engine/exclusive/P-27.11-leader-adjacent", test_p_27_11_leader_adjacent);
  g_test_add_func ("/engine/exclusive/P-27.13-stacked-with-a-leader", test_p_27_13_stacked_with_a_leader);
  g_test_add_func ("/engine/exclusive/P-27.14-one-roll-per-stack", test_p_27_14_one_roll_per_stack);
  g_test_add_func ("/engine/exclusive/P-27.2-van-dorn", test_p_27_2_van_dorn);
  g_test_add_func ("/engine/exclusive/P-27.0-union-not-gated", test_p_27_union_not_gated);
  g_test_add_func ("/engine/exclusive/C-22.2-initiation-check", test_c_22_2_initiation_check);
  g_test_add_func ("/engine/exclusive/C-22.4-automatic-initiation", test_c_22_4_automatic);
  g_test_add_func ("/engine/exclusive/C-22.1-retreat-before-melee-check", test_c_22_1_retreat_before_melee_check);
  g_test_add_func ("/engine/exclusive/C-22.0-leader-lets-it-retreat", test_c_22_0_leader_lets_it_retreat);
  g_test_add_func ("/corinth/22.33/attacking-stacks-keep-their-leaders", test_c_22_33_attacker_leaders);
  g_test_add_func ("/engine/exclusive/6.14-dismounted-side-rating", test_6_14_dismounted_side_rating);
  g_test_add_func ("/engine/exclusive/J-20.3-one-lower-dismounted", test_j_20_3_one_lower_dismounted);
  g_test_add_func ("/engine/exclusive/C-21.4-dismounted-rating-2", test_c_21_4_dismounted_rating_2);
  g_test_add_func ("/engine/exclusive/P-21.3-division-batteries", test_p_21_3_division_batteries);
  g_test_add_func ("/engine/exclusive/J-25.11-successor-list", test_j_25_11_successor_list);
  g_test_add_func ("/engine/exclusive/J-25.13-replacements-in-the-same-order", test_j_25_13_replacements_in_the_same_order);
  g_test_add_func ("/engine/exclusive/C-28.32-rank-then-er", test_c_28_32_rank_then_er);
  g_test_add_func ("/engine/exclusive/C-28.32-tie-is-the-owners-choice", test_c_28_32_tie_is_the_owners_choice);
  g_test_add_func ("/engine/exclusive/C-28.32-computer-picks-the-successor", test_c_28_32_computer_picks_the_successor);
  g_test_add_func ("/engine/exclusive/C-28.31-army-never-replaced", test_c_28_31_army_never_replaced);
  g_test_add_func ("/engine/exclusive/P-28.26-brigade-delay", test_p_28_26_brigade_delay);
  g_test_add_func ("/engine/exclusive/P-28.26-brigadier-within-dir", test_p_28_26_brigadier_within_dir);
  g_test_add_func ("/engine/exclusive/P-28.27-division-successor-and-delay", test_p_28_27_division_successor_and_delay);
  g_test_add_func ("/engine/exclusive/P-28.24-successor-lost-first", test_p_28_24_successor_lost_first);
  g_test_add_func ("/engine/exclusive/J-35.21-first-night-turn-distance", test_j_35_21_first_night_turn_distance);
  g_test_add_func ("/engine/exclusive/J-35.21-refused-move-cannot-keep-distance", test_j_35_21_refused_move_cannot_keep_distance);
  g_test_add_func ("/engine/exclusive/J-35.21-night-distance-only", test_j_35_21_night_distance_only);
  g_test_add_func ("/engine/exclusive/J-35.22-second-player-two-hexes", test_j_35_22_second_player_two_hexes);
  g_test_add_func ("/engine/exclusive/J-35.23-second-night-turn-within-two", test_j_35_23_second_night_turn_within_two);
  g_test_add_func ("/engine/exclusive/J-35.21-one-zoc-no-withdrawal-fire", test_j_35_21_one_zoc);
  g_test_add_func ("/engine/exclusive/J-35.24-leaders-only-with-units", test_j_35_24_leaders_only_with_units);
  g_test_add_func ("/engine/exclusive/J-35.25-road-halved", test_j_35_25_road_halved);
  g_test_add_func ("/engine/exclusive/J-35.25-road-by-day", test_j_35_25_road_by_day);
  g_test_add_func ("/engine/exclusive/J-35.26-pins-removed", test_j_35_26_pins_removed);
  g_test_add_func ("/engine/exclusive/J-35.3-engaged-at-nightfall", test_j_35_3_engaged_at_nightfall);
  g_test_add_func ("/engine/exclusive/P-22.21-movement-allowance", test_p_22_21_movement_allowance);
  g_test_add_func ("/engine/exclusive/P-22.22-never-adjacent", test_p_22_22_never_adjacent);
  g_test_add_func ("/engine/exclusive/P-22.24-only-withdrawal-fire", test_p_22_24_only_withdrawal_fire);
  g_test_add_func ("/engine/exclusive/P-22.24-engaged-both-retreat", test_p_22_24_engaged_both_retreat);
  g_test_add_func ("/engine/exclusive/C-26.12-woods-extra", test_c_26_12_woods_extra);
  g_test_add_func ("/engine/exclusive/C-26.15-through-friends", test_c_26_15_through_friends);
  g_test_add_func ("/engine/exclusive/night-without-module-keeps-withdrawal-fire",
                   test_night_without_module_keeps_withdrawal_fire);
  g_test_add_func ("/engine/exclusive/bce-modules-registered", test_bce_modules_registered);
  g_test_add_func ("/engine/exclusive/P-22.38-straggler-recovery-union-5-6-confederate-6",
                   test_p_22_38_union_5_6_confederate_6);
  g_test_add_func ("/engine/exclusive/P-22.35-straggler-moved-previous-P-22.31-moved-tonight",
                   test_p_22_35_moved_previous_and_22_31_moved_tonight);
  g_test_add_func ("/engine/exclusive/J-35.41-straggler-recovery-moved-night-turns", test_j_35_41_moved_night_turns);
  g_test_add_func ("/engine/exclusive/C-26.2-straggler-phase-k-C-26.23-bce-day-1", test_c_26_2_phase_k_and_26_23_bce_day_1);
  g_test_add_func ("/engine/exclusive/C-26.32-cabell-example", test_c_26_32_cabell_example);
  g_test_add_func ("/engine/exclusive/C-26.34-not-regained-stays-lost", test_c_26_34_no_recovery_stays_lost);
  g_test_add_func ("/engine/exclusive/C-26.33-single-level", test_c_26_33_single_level);
  g_test_add_func ("/engine/exclusive/P-22.41-bce-recovery-formula", test_p_22_41_formula);
  g_test_add_func ("/engine/exclusive/P-22.41-no-casualties-keep", test_p_22_41_no_casualties_keep);
  g_test_add_func ("/engine/exclusive/J-27.1-morale-minus-one", test_j_27_1_morale_minus_one);
  g_test_add_func ("/engine/exclusive/P-24.11-morale-check-plus-one", test_p_24_11_morale_check_plus_one);
  g_test_add_func ("/engine/exclusive/J-27.3-no-melee-initiation", test_j_27_3_no_melee_initiation);
  g_test_add_func ("/engine/exclusive/P-24.12-no-melee-initiation", test_p_24_12_no_melee_initiation);
  g_test_add_func ("/engine/exclusive/P-24.13-fire-one-column-left", test_p_24_13_fire_one_column_left);
  g_test_add_func ("/engine/exclusive/J-27.2-ezoc-entry-check-passes", test_j_27_2_ezoc_entry_check_passes);
  g_test_add_func ("/engine/exclusive/J-27.2-ezoc-entry-check-fails-pinned", test_j_27_2_ezoc_entry_check_fails_pinned);
  g_test_add_func ("/engine/exclusive/J-27.2-ezoc-entry-check-fails-routed", test_j_27_2_ezoc_entry_check_fails_routed);
  g_test_add_func ("/engine/exclusive/C-25.13-rally-by-die", test_c_25_13_rally_by_die);
  g_test_add_func ("/engine/exclusive/P-24.31-brigade-retreat", test_p_24_31_brigade_retreat);
  g_test_add_func ("/engine/exclusive/P-24.33-battery-joins-brigade-retreat", test_p_24_33_battery_joins);
  g_test_add_func ("/engine/exclusive/P-24.34-withdrawal-fire-in-brigade-retreat", test_p_24_34_withdrawal_fire);
  g_test_add_func ("/engine/exclusive/C-25.23-withdrawal-fire-in-brigade-retreat", test_c_25_23_withdrawal_fire);
  g_test_add_func ("/engine/exclusive/C-25.26-battery-joins-brigade-retreat", test_c_25_26_battery_joins);
  g_test_add_func ("/engine/exclusive/C-25.2-brigade-retreat", test_c_25_2_brigade_retreat);
  g_test_add_func ("/engine/exclusive/C-25.25-brigade-retreat-once-per-phase", test_c_25_25_once_per_phase);
  return g_test_run ();
}
