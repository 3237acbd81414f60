/* test-engine-exclusive.c: the engine's exclusive rule modules (engine/rules/).
 *
 * Each test names the case it plays, with its game (P 21.52), and builds the
 * scenario's <exclusive> rule as a user's file would give it.
 */
#include "test-engine-fixture.c"

#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-rules-hooks.h"

/* The scenario's Game-Turns become first..last, so that a game starts on first. */
static void
set_turns (Fixture *f, int first, int last)
{
  g_ptr_array_set_size (f->s->turns.turns, 0);
  f->s->turns.first = first;
  f->s->turns.last = last;
  for (int t = first; t <= last; t++)
    {
      GbacwTurn *turn = g_new0 (GbacwTurn, 1);
      turn->n = t;
      g_ptr_array_add (f->s->turns.turns, turn);
    }
}

static void
add_exclusive (Fixture *f, const char *id, ...)
{
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  const char *name;
  va_list ap;

  rule->id = g_strdup (id);
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  va_start (ap, id);
  while ((name = va_arg (ap, const char *)) != NULL)
    {
      const char *value = va_arg (ap, const char *);
      g_ptr_array_add (rule->params, gbacw_param_new (name, value));
    }
  va_end (ap);
  g_ptr_array_add (f->s->exclusive_rules, rule);
}

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

static void
test_modules_registered (void)
{
  /* every module of engine/rules/ is found by its id before anything registers it */
  const GbacwRuleHooks *hooks = gbacw_rules_hooks_lookup ("ammunition-depletion");

  g_assert_nonnull (hooks);
  g_assert_nonnull (hooks->ammo_depletion);
  g_assert_null (gbacw_rules_hooks_lookup ("pearidge.no-such-rule"));
}

/* ------------------------------------------------------------ BCE and stragglers */

/* Marks Game-Turns first..last night (the turn track's night="yes"). */
static void
set_night (Fixture *f, int first, int last)
{
  for (guint i = 0; i < f->s->turns.turns->len; i++)
    {
      GbacwTurn *turn = g_ptr_array_index (f->s->turns.turns, i);
      turn->night = turn->n >= first && turn->n <= last;
    }
}

/* Goes to phase of side's Player-Turn in Game-Turn turn. */
static void
goto_turn_phase (GbacwGame *game, int turn, GbacwPhase phase, int side)
{
  for (int guard = 0; guard < 400 && !(game->turn == turn && game->phase == phase && game->phasing_side == side); guard++)
    end_phase (game);
  g_assert_cmpint (game->turn, ==, turn);
  g_assert_cmpint (game->phase, ==, phase);
}

/* Ends the second Player-Turn of Game-Turn turn with dice forced for what happens in the
 * Game-Turn Record Interphase (the straggler rolls, in order-of-battle order). */
static void
end_turn_with_dice (GbacwGame *game, int turn, const int *dice, guint n)
{
  goto_turn_phase (game, turn, GBACW_PHASE_FINAL_COMMAND, 1);
  gbacw_dice_force (game->dice, dice, n);
  end_phase (game);
}

/* The unit has lost lost of its initial SP as casualties. */
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

/* A Union brigade "u-brig" (commander u-brig-ldr at hex, ER er) with a BCE limit. */
static void
union_brigade (Fixture *f, const char *hex, int er, int limit, int second_day)
{
  GbacwFormation *b = add_formation (f, "u-brig", "union", GBACW_FORMATION_BRIGADE, NULL, "u-brig-ldr");
  b->bce[0] = limit;
  b->bce[1] = second_day;
  LEADER (f, "u-brig-ldr", "union", hex);
  set_formation (f, "u-brig-ldr", "u-brig");
  set_leader (f, "u-brig-ldr", GBACW_LEADER_BRIGADE, er, 2, GBACW_UNSET, GBACW_UNSET);
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
  first_paths (game);
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
  g_test_add_func ("/engine/exclusive/C-25.2-brigade-retreat", test_c_25_2_brigade_retreat);
  g_test_add_func ("/engine/exclusive/C-25.25-brigade-retreat-once-per-phase", test_c_25_25_once_per_phase);
  return g_test_run ();
}
