/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-melee.c: melee (12.0-12.98), retreat before melee (12.8), cavalry (16.1-
 * 16.3), with the rules' worked examples 12.4 and 12.52. The Union attacks from 0302
 * (facing south) into 0303 unless a test says otherwise. Melee CRT: the fixture's copy
 * of data/charts/demo.xml. */
#define G_LOG_DOMAIN "test-engine-melee"

#include "test-engine-fixture.c"

#include "gbacw-melee.h"

/* ------------------------------------------------------------------ examples */

static void
test_12_4_example (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  /* "An infantry regiment worth 5 is stacked with a leader and melees with an Enemy
   * regiment worth 2, which is also stacked with a leader. The Final Combat Differential
   * is +3" */
  INF (f, "u-1", "union", 5, 3, "0302", "s");
  LEADER (f, "u-ldr", "union", "0302");
  INF (f, "c-1", "confederate", 2, 3, "0303", "n");
  LEADER (f, "c-ldr", "confederate", "0303");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);
  odds_of (game, "u-1", "0303", FALSE, &odds);
  g_assert_cmpint (odds.attack, ==, 6);
  g_assert_cmpint (odds.defend, ==, 3);
  g_assert_cmpint (odds.attack_leader, ==, 1);
  g_assert_cmpint (odds.defend_leader, ==, 1);
  g_assert_cmpint (odds.differential, ==, 3);
  /* die 4 at +3: attacker —, defender C1R2; the defender's leader rolls on "C" melee
   * (3 + 4: unharmed); the defender retreats two hexes, then checks morale (1) */
  gbacw_dice_force_list (game->dice, 4, 3, 4, 1, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  first_paths (game);
  keep_facing (game);
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "12.0", "differential +3"));
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 1);
  g_assert_cmpint (unit_of (game, "c-1")->captured, ==, 1);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0303"));
  g_assert_cmpint (unit_of (game, "u-ldr")->hex, ==, hex_of (f->s, "0303"));   /* he went in with it */
  g_assert_cmpint (unit_of (game, "c-ldr")->hex, ==, unit_of (game, "c-1")->hex);
  g_assert_cmpint (gbacw_hex_grid_distance (&f->s->map->grid, gbacw_hex_grid_hex_at (&f->s->map->grid, unit_of (game, "c-1")->hex),
                                            gbacw_hex_grid_hex_at (&f->s->map->grid, hex_of (f->s, "0303"))), ==, 2);
  g_assert_true (log_has (game, "12.92", NULL));
}

static void
test_12_52_example (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  /* "Two Union units, both with a morale rating of 2, initiate melee against two
   * Confederate units, with morale ratings of 4 and 5 … the Confederate Player adds one" */
  INF (f, "u-1", "union", 3, 2, "0302", "s");
  INF (f, "u-2", "union", 3, 2, "0202", "se");
  INF (f, "c-1", "confederate", 2, 4, "0303", "n");
  INF (f, "c-2", "confederate", 2, 5, "0303", "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1 u-2", "0303", FALSE);
  odds_of (game, "u-1 u-2", "0303", FALSE, &odds);
  g_assert_cmpint (odds.defend_morale, ==, 1);
  g_assert_cmpint (odds.attack_morale, ==, 0);
  g_assert_cmpint (odds.attack, ==, 6);
  g_assert_cmpint (odds.defend, ==, 5);
  g_assert_cmpint (odds.differential, ==, 1);
}

/* ------------------------------------------------------------------ 12.8 */

static void
test_12_8_retreat_before_melee (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  const GArray *chosen = NULL;
  int last;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  /* 12.8: the defender answers at once: one or two hexes, never into an enemy ZOC (12.82) */
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_BEFORE_MELEE);
  g_assert_cmpint (d->side, ==, 1);
  g_assert_true (d->may_decline);
  for (guint i = 0; i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      g_assert_cmpuint (path->len, >=, 1);
      g_assert_cmpuint (path->len, <=, 2);
      for (guint k = 0; k < path->len; k++)
        g_assert_false (gbacw_movement_in_enemy_zoc (game, g_array_index (path, int, k), 1, FALSE));
      if (path->len == 2)
        chosen = path;
    }
  g_assert_nonnull (chosen);
  last = g_array_index (chosen, int, 1);
  apply_expect (game, gbacw_action_new_answer_path ((const int *) chosen->data, chosen->len), NULL);
  /* 12.83: withdrawal fire: 6 (4-6), enfiladed withdrawing: 1R: die 2: P; P die 2: no pin */
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_FIRE);
  g_assert_cmpstr (d->rule_case, ==, "12.83");
  g_assert_cmpint (d->side, ==, 0);
  /* then the morale check, fired upon or not (12.83): die 1 passes */
  gbacw_dice_force_list (game->dice, 2, 2, 1, 0);
  {
    GbacwFirer firer = { unit_index (game, "u-1"), 0, -1 };
    apply_expect (game, gbacw_action_new_answer_fire (&firer, 1), NULL);
  }
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "13.21", "Morale check for c-1"));
  /* 12.85: the attacker may advance into the hex vacated */
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_ADVANCE);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, unit_index (game, "u-1"));
  apply_expect (game, gbacw_action_new_answer_units ((int[]) { unit_index (game, "u-1") }, 1), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0303"));
  g_assert_true (unit_of (game, "u-1")->advanced);
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, last);
}

static void
test_12_88_pinned_stands (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  d = gbacw_game_decision (game);
  {
    const GArray *path = g_ptr_array_index (d->paths, 0);
    apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
  }
  /* die 2: P; P die 5 > 3: pinned; it may not retreat and stands (12.88) */
  gbacw_dice_force_list (game->dice, 2, 5, 0);
  {
    GbacwFirer firer = { unit_index (game, "u-1"), 0, -1 };
    apply_expect (game, gbacw_action_new_answer_fire (&firer, 1), NULL);
  }
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, hex_of (f->s, "0303"));
  g_assert_true (log_has (game, "12.88", NULL));
  end_phase (game);
  /* 9.85: a pinned unit meleed is no longer pinned */
  gbacw_dice_force_list (game->dice, 4, 0);   /* 0: Rpls both; the morale dice follow */
  gbacw_dice_force_list (game->dice, 1, 1, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);
}

static void
test_12_86_12_87_no_retreat (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "u-2", "union", 3, 3, "0402", "sw");
  add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  p = INF (f, "c-2", "confederate", 3, 3, "0403", "n");
  p->status = GBACW_STATUS_PINNED;
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  g_assert_null (gbacw_game_decision (game));   /* 12.86 */
  apply_expect (game, declare (game, "u-2", "0403", FALSE), NULL);
  g_assert_null (gbacw_game_decision (game));   /* 12.87 */
}

static void
test_12_84_mounted_cavalry (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  add_unit (f, "c-cav", "confederate", GBACW_UNIT_CAVALRY, 3, 3, "C", "0303", GBACW_FORMATION_STATE_MOUNTED, "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  {
    const GArray *path = g_ptr_array_index (d->paths, 0);
    apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
  }
  /* no withdrawal fire, no morale check (12.84, 16.1): only the advance is asked */
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_ADVANCE);
  g_assert_cmpuint (gbacw_dice_n_rolled (game->dice), ==, 0);
  apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0302"));
}

/* ------------------------------------------------------------------ restrictions */

static void
test_12_2_restrictions (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  INF (f, "u-rear", "union", 3, 3, "0302", "n");          /* 0303 behind it */
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0202", GBACW_FORMATION_STATE_COLUMN, "se");
  p = INF (f, "u-rout", "union", 3, 3, "0402", "sw");
  p->status = GBACW_STATUS_ROUTED;
  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0304", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  INF (f, "u-far", "union", 3, 3, "0306", "n");
  INF (f, "u-ooc", "union", 3, 3, "0204", "ne");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = start_game (f);
  apply_expect (game, declare (game, "u-far", "0303", FALSE), "12.8");   /* not in phase E */
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  apply_expect (game, declare (game, "u-rear", "0303", FALSE), "12.21");
  apply_expect (game, declare (game, "u-col", "0303", FALSE), "12.24");
  apply_expect (game, declare (game, "u-rout", "0303", FALSE), "13.32");
  apply_expect (game, declare (game, "u-bat", "0303", FALSE), "12.25");
  apply_expect (game, declare (game, "u-far", "0303", FALSE), "12.21");
  unit_of (game, "u-ooc")->out_of_command = TRUE;
  apply_expect (game, declare (game, "u-ooc", "0303", FALSE), "17.11");
  apply_expect (game, melee_action (game, "u-ooc", "0303"), "12.0");   /* not in phase E */
}

static void
test_12_22_fired_at_another (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  INF (f, "c-2", "confederate", 3, 3, "0402", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, fire1 (game, "0402", "u-1", 2), NULL);
  end_phase (game);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), "12.22");
  apply_expect (game, declare (game, "u-1", "0402", FALSE), NULL);
}

static void
test_12_8_announced_only (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "u-2", "union", 3, 3, "0202", "se");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  apply_expect (game, melee_action (game, "u-2", "0303"), "12.8");
}

static void
test_12_33_could_enter (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  add_hexside (f, "0302", "s", "river");   /* P for infantry */
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), "12.33");
}

/* ------------------------------------------------------------------ strengths */

static void
test_12_31_terrain (void)
{
  /* a town hex (the chart's melee column: -1 SP) and a stream hexside (-1 SP) */
  for (int variant = 0; variant < 4; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;
      GbacwMeleeOdds odds;
      gboolean old = variant & 1, stream = variant & 2;
      int expect[] = { 3 - 1, 3, 3 - 1, 3 - 1 };   /* new town, old town, new stream (worst: -1), old stream */

      INF (f, "u-1", "union", 3, 3, "0302", "s");
      INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      if (stream)
        add_hexside (f, "0302", "s", "stream");
      else
        set_terrain (f, "0303", "town");
      if (old)
        g_ptr_array_add (f->s->options, gbacw_param_new ("melee-terrain-12.31", "old"));
      game = melee_game (f);
      declare_and_stand (game, "u-1", "0303", FALSE);
      odds_of (game, "u-1", "0303", FALSE, &odds);
      g_assert_cmpint (odds.attack_base, ==, expect[variant]);
    }
}

static void
test_12_72_stacking_limit (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  /* clear: at most 12 Strength Points meleeing per side (the fixture's melee-max) */
  INF (f, "u-1", "union", 8, 3, "0302", "s");
  INF (f, "u-2", "union", 5, 3, "0202", "se");
  INF (f, "c-1", "confederate", 8, 3, "0303", "n");
  INF (f, "c-2", "confederate", 6, 3, "0303", "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1 u-2", "0303", FALSE), "12.72");
  declare_and_stand (game, "u-1", "0303", FALSE);
  odds_of (game, "u-1", "0303", FALSE, &odds);
  g_assert_cmpint (odds.defend_base, ==, 12);   /* 14 SP: the 2 over the limit do not count */
}

static void
test_12_51_routed_half (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;
  GbacwMeleeOdds odds;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  p = INF (f, "c-1", "confederate", 5, 3, "0303", "n");
  p->status = GBACW_STATUS_ROUTED;
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  g_assert_null (gbacw_game_decision (game));   /* 12.87: routed, no retreat before melee */
  end_phase (game);
  odds_of (game, "u-1", "0303", FALSE, &odds);
  g_assert_cmpint (odds.defend_base, ==, 2);
}

/* ------------------------------------------------------------------ cavalry */

static void
test_16_24_charge (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0302", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-cav", "0303", TRUE), NULL);
  g_assert_null (gbacw_game_decision (game));   /* 16.26: infantry charged may not retreat before melee */
  end_phase (game);
  odds_of (game, "u-cav", "0303", TRUE, &odds);
  g_assert_cmpint (odds.attack_base, ==, 6);    /* 16.24: twice its strength */
  g_assert_cmpint (odds.differential, ==, 3);
  /* die 4 at +3: defender C1R2 (a path; morale 1); 16.25: the chargers rout after it */
  gbacw_dice_force_list (game->dice, 4, 1, 0);
  apply_expect (game, melee_action (game, "u-cav", "0303"), NULL);
  first_paths (game);
  g_assert_true (unit_of (game, "u-cav")->status & GBACW_STATUS_ROUTED);
  g_assert_true (log_has (game, "16.25", NULL));
}

static void
test_16_23_four_hexes (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 10);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0308", GBACW_FORMATION_STATE_MOUNTED, "n");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-cav", "0307 0306 0305 0304"), NULL);
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  apply_expect (game, declare (game, "u-cav", "0303", TRUE), "16.23");
  apply_expect (game, declare (game, "u-cav", "0303", FALSE), NULL);
}

static void
test_16_22_no_charge_terrain (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0302", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  set_terrain (f, "0303", "woods");   /* charge: no */
  game = melee_game (f);
  apply_expect (game, declare (game, "u-cav", "0303", TRUE), "16.22");
}

static void
test_16_32_16_33_mounted_defender (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0202", GBACW_FORMATION_STATE_MOUNTED, "se");
  add_unit (f, "c-cav", "confederate", GBACW_UNIT_CAVALRY, 3, 3, "C", "0303", GBACW_FORMATION_STATE_MOUNTED, "n");
  game = melee_game (f);
  /* 16.32: meleed by infantry only, it defends at twice its strength */
  odds_of (game, "u-1", "0303", FALSE, &odds);
  g_assert_cmpint (odds.defend_base, ==, 6);
  /* 16.33: cavalry charging cavalry: neither doubles */
  odds_of (game, "u-cav", "0303", TRUE, &odds);
  g_assert_cmpint (odds.attack_base, ==, 3);
  g_assert_cmpint (odds.defend_base, ==, 3);
}

/* ------------------------------------------------------------------ results */

static void
test_12_98_unknown_cell (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  GbacwChart *chart;
  guint64 rolled;

  INF (f, "u-1", "union", 6, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  chart = gbacw_scenario_find_chart (f->s, "melee-crt");
  gbacw_cell_parse (&((GbacwChartRow *) g_ptr_array_index (chart->rows, gbacw_chart_find_row (chart, "5d")))
                       ->cells[gbacw_chart_find_column (chart, "+3")], "?");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  rolled = gbacw_dice_n_rolled (game->dice);
  {
    g_autoptr (GbacwAction) a = melee_action (game, "u-1", "0303");
    g_assert_false (gbacw_game_apply_action (game, a, &error));
  }
  g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_CHART);
  g_assert_true (g_str_has_prefix (error->message, "[12.98]"));
  g_assert_nonnull (strstr (error->message, "“5d”"));
  g_assert_nonnull (strstr (error->message, "“+3”"));
  g_assert_cmpuint (gbacw_dice_n_rolled (game->dice), ==, rolled);   /* refused before any die */
}

static void
test_12_94_engaged (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  INF (f, "c-far", "confederate", 3, 3, "0107", "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  /* 0, die 3: Eng both */
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  keep_facing (game);
  g_assert_true (unit_of (game, "u-1")->status & GBACW_STATUS_ENGAGED);
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0303"));
  /* engaged: no ZOC; not fired into (12.6) */
  g_assert_false (gbacw_movement_exerts_zoc (game, unit_index (game, "c-1"), hex_of (f->s, "0302")));
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
  apply_expect (game, fire1 (game, "0303", "c-far", 0), "12.6");
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
  apply_expect (game, declare (game, "c-1", "0303", FALSE), "12.94");
  end_phase (game);
  /* the former defender's Melee Phase: retreat (option 3) or fight on */
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_ENGAGED_RETREAT);
  g_assert_cmpint (d->side, ==, 1);
  apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
  /* a melee with the same units needs no announcement; 0, die 1: A —, D C1R2 */
  gbacw_dice_force_list (game->dice, 1, 0);
  apply_expect (game, melee_action (game, "c-1", "0303"), NULL);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ENGAGED);
}

static void
test_12_94_option_3 (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  keep_facing (game);
  goto_phase (game, GBACW_PHASE_MELEE, 1);
  /* option 3: two hexes, morale at the end (die 1); not combined with another melee */
  gbacw_dice_force_list (game->dice, 1, 0);
  apply_expect (game, gbacw_action_new_answer_units ((int[]) { unit_index (game, "c-1") }, 1), NULL);
  first_paths (game);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ENGAGED);
  g_assert_cmpint (gbacw_hex_grid_distance (&f->s->map->grid, gbacw_hex_grid_hex_at (&f->s->map->grid, unit_of (game, "c-1")->hex),
                                            gbacw_hex_grid_hex_at (&f->s->map->grid, hex_of (f->s, "0303"))), ==, 2);
}

static void
test_12_95_repulse (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  /* 0, die 4: Rpls: the defender checks morale at once (1), the attacker retreats two
   * hexes from the melee hex and then checks (1) */
  gbacw_dice_force_list (game->dice, 4, 1, 1, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  first_paths (game);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, hex_of (f->s, "0303"));
  g_assert_cmpint (gbacw_hex_grid_distance (&f->s->map->grid, gbacw_hex_grid_hex_at (&f->s->map->grid, unit_of (game, "u-1")->hex),
                                            gbacw_hex_grid_hex_at (&f->s->map->grid, hex_of (f->s, "0303"))), ==, 2);
  g_assert_true (log_has (game, "13.21", "Morale check for c-1"));
}

static void
test_12_93_12_92_artillery (void)
{
  for (int variant = 0; variant < 2; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;

      /* 3 against the full crew's 1: +2. Die 1: C1R3 (12.93: all guns and men captured);
       * die 2 at +1 (a leader with the battery): R2 (12.92: it cannot retreat, captured) */
      INF (f, "u-1", "union", 3, 3, "0302", "s");
      add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "n");
      if (variant == 1)
        LEADER (f, "c-ldr", "confederate", "0303");
      game = melee_game (f);
      apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
      end_phase (game);
      gbacw_dice_force_list (game->dice, variant == 0 ? 1 : 2, 0);
      apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
      g_assert_cmpint (unit_of (game, "c-bat")->presence, ==, GBACW_PRESENCE_CAPTURED);
      g_assert_cmpint (unit_of (game, "c-bat")->captured, ==, 4);
      g_assert_true (log_has (game, variant == 0 ? "12.93" : "12.92", NULL));
      if (variant == 1)   /* 17.73: the leader left alone with the enemy */
        g_assert_cmpint (unit_of (game, "c-ldr")->presence, ==, GBACW_PRESENCE_CAPTURED);
    }
}

static void
test_12_74_loss_order (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  /* 6 against 3 + 3 = 6: 0; die 2: attacker K (u-1 alone: no choice), defender C1R2:
   * the owner chooses which of his two regiments */
  INF (f, "u-1", "union", 6, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  INF (f, "c-2", "confederate", 3, 3, "0303", "n");
  add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  {
    GbacwMeleeOdds odds;
    odds_of (game, "u-1", "0303", FALSE, &odds);
    g_assert_cmpint (odds.differential, ==, -1);   /* the crew adds 1 */
  }
  /* -1, die 1: attacker K, defender C1R2 */
  gbacw_dice_force_list (game->dice, 1, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 5);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_MELEE_LOSS);
  g_assert_cmpint (d->side, ==, 1);
  g_assert_cmpuint (d->units->len, ==, 2);   /* not the battery: infantry first */
  apply_expect (game, gbacw_action_new_answer_unit (unit_index (game, "c-bat")), "12.74");
  apply_expect (game, gbacw_action_new_answer_unit (unit_index (game, "c-2")), NULL);
  g_assert_cmpint (unit_of (game, "c-2")->strength, ==, 2);
  g_assert_cmpint (unit_of (game, "c-2")->captured, ==, 1);
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 3);
}

static void
test_12_97_both_eliminated (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  /* 1 against 1 + leader 1 = -1; die 1: attacker K, defender C1R2: both would be wiped out */
  INF (f, "u-1", "union", 1, 3, "0302", "s");
  INF (f, "c-1", "confederate", 1, 3, "0303", "n");
  LEADER (f, "c-ldr", "confederate", "0303");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  gbacw_dice_force_list (game->dice, 1, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  g_assert_true (log_has (game, "12.97", NULL));
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 1);
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
}

static void
test_13_14_green_in_melee (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, GBACW_MORALE_GREEN, "0303", "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  /* involved in melee: it sees the elephant (two dice 6 + 5 = 11: Morale 5), then the
   * melee: 12.52 now counts (5 >= 3 + 2): the defender +1: -1; die 2: Eng */
  gbacw_dice_force_list (game->dice, 6, 5, 2, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  g_assert_cmpint (unit_of (game, "c-1")->morale, ==, 5);
  g_assert_true (log_has (game, "13.14", NULL));
  g_assert_true (log_has (game, "12.0", "differential -1"));
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
}

static void
test_melee_replay (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwGame) again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = NULL;

  INF (f, "u-1", "union", 5, 3, "0302", "s");
  INF (f, "c-1", "confederate", 2, 3, "0303", "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  for (int guard = 0; guard < 20 && gbacw_game_decision (game); guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d->kind == GBACW_DECISION_RETREAT_PATH)
        first_paths (game);
      else if (d->kind == GBACW_DECISION_MELEE_LOSS)
        apply_expect (game, gbacw_action_new_answer_unit (g_array_index (d->units, int, 0)), NULL);
      else
        apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
    }
  xml = gbacw_game_to_xml (game, "t.xml");
  g_assert_nonnull (strstr (xml, "<declare-melee"));
  g_assert_nonnull (strstr (xml, "<melee"));
  again = gbacw_game_replay (f->s, xml, strlen (xml), &error);
  g_assert_no_error (error);
  {
    g_autofree char *a = gbacw_game_format_log (game);
    g_autofree char *b = gbacw_game_format_log (again);
    g_assert_cmpstr (a, ==, b);
  }
}

/* 8.0: stacking limits are checked at the end of the Combat Phase too (the end of the
 * Melee Phase): a hex over the limits after the retreats and advances of fire and melee
 * is brought within them as at the end of the Movement Phase (the 8.0 reading): the
 * excess, from the top of the stack, is displaced one hex (14.3, with the morale check);
 * here the non-phasing player's hex, four units where three are allowed. */
static void
test_8_0_stacking_after_combat (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  const char *ids[] = { "c-1", "c-2", "c-3", "c-4" };
  int hex = hex_of (f->s, "0205");

  INF (f, "u-1", "union", 2, 3, "0201", "s");
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    INF (f, ids[i], "confederate", 2, 3, "0205", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MELEE, 0);
  g_assert_false (gbacw_movement_check_stacking_side (game, hex, 1, NULL));
  gbacw_dice_force_list (game->dice, 1, 1, 1, 0);   /* the morale check (14.3) passes */
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
  for (int guard = 0; guard < 4 && gbacw_game_decision (game); guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      const GArray *path;
      g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
      g_assert_cmpint (d->side, ==, 1);
      path = g_ptr_array_index (d->paths, 0);
      g_assert_cmpuint (path->len, ==, 1);
      apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
    }
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (game->phase, !=, GBACW_PHASE_MELEE);
  g_assert_true (log_has (game, "8.0", "end of the Combat Phase"));
  g_assert_cmpuint (gbacw_game_stack (game, hex)->len, ==, 3);
  g_assert_true (gbacw_movement_check_stacking (game, hex, NULL));
  g_assert_cmpint (unit_of (game, "c-1")->hex, !=, hex);   /* the top of the stack */
}

/* 11.19, 12.92: a wagon whose crew must retreat after a melee is left to the enemy: an
 * infantry attacker in the hex captures it (it changes side, uncrewed). */
static void
test_11_19_wagon_left_to_the_enemy (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwGameUnit *w;

  /* 3 against the crew's 1: +2; die 1: C1R3 */
  INF (f, "u-1", "union", 3, 3, "0302", "s");
  add_unit (f, "c-w", "confederate", GBACW_UNIT_WAGON, 2, 3, "R", "0303", GBACW_FORMATION_STATE_UNSET, "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  gbacw_dice_force_list (game->dice, 1, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  w = unit_of (game, "c-w");
  g_assert_cmpint (w->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_cmpint (w->side, ==, 0);
  g_assert_cmpint (w->strength, ==, 0);
  g_assert_cmpint (w->hex, ==, hex_of (game->scenario, "0303"));
  g_assert_true (log_has (game, "11.19", "captured"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/melee/12.4-example", test_12_4_example);
  g_test_add_func ("/engine/melee/12.52-example", test_12_52_example);
  g_test_add_func ("/engine/melee/12.8-retreat-before-melee", test_12_8_retreat_before_melee);
  g_test_add_func ("/engine/melee/12.88-pinned-stands", test_12_88_pinned_stands);
  g_test_add_func ("/engine/melee/12.86-12.87-no-retreat", test_12_86_12_87_no_retreat);
  g_test_add_func ("/engine/melee/12.84-mounted-cavalry", test_12_84_mounted_cavalry);
  g_test_add_func ("/engine/melee/12.2-restrictions", test_12_2_restrictions);
  g_test_add_func ("/engine/melee/12.22-fired-at-another", test_12_22_fired_at_another);
  g_test_add_func ("/engine/melee/12.8-announced-only", test_12_8_announced_only);
  g_test_add_func ("/engine/melee/12.33-could-enter", test_12_33_could_enter);
  g_test_add_func ("/engine/melee/12.31-terrain", test_12_31_terrain);
  g_test_add_func ("/engine/melee/12.72-stacking-limit", test_12_72_stacking_limit);
  g_test_add_func ("/engine/melee/12.51-routed-half", test_12_51_routed_half);
  g_test_add_func ("/engine/melee/16.24-charge", test_16_24_charge);
  g_test_add_func ("/engine/melee/16.23-four-hexes", test_16_23_four_hexes);
  g_test_add_func ("/engine/melee/16.22-no-charge-terrain", test_16_22_no_charge_terrain);
  g_test_add_func ("/engine/melee/16.32-16.33-mounted-defender", test_16_32_16_33_mounted_defender);
  g_test_add_func ("/engine/melee/12.98-unknown-cell", test_12_98_unknown_cell);
  g_test_add_func ("/engine/melee/12.94-engaged", test_12_94_engaged);
  g_test_add_func ("/engine/melee/12.94-option-3", test_12_94_option_3);
  g_test_add_func ("/engine/melee/12.95-repulse", test_12_95_repulse);
  g_test_add_func ("/engine/melee/12.93-12.92-artillery", test_12_93_12_92_artillery);
  g_test_add_func ("/engine/melee/12.74-loss-order", test_12_74_loss_order);
  g_test_add_func ("/engine/melee/12.97-both-eliminated", test_12_97_both_eliminated);
  g_test_add_func ("/engine/melee/13.14-green-in-melee", test_13_14_green_in_melee);
  g_test_add_func ("/engine/melee/replay", test_melee_replay);
  g_test_add_func ("/engine/combat/8.0-stacking-after-combat", test_8_0_stacking_after_combat);
  g_test_add_func ("/engine/melee/11.19-wagon-left-to-the-enemy", test_11_19_wagon_left_to_the_enemy);
  return g_test_run ();
}
