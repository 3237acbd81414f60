/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-fire.c: fire combat (9.0-9.8, 7.2, 8.2, 8.3, 13.2-13.4, 17.72) with
 * fixed dice, and the rules' worked examples 7.21, 9.45, 9.46 and the 8.21 loss
 * example. The Union fires in its Offensive Fire Phase at Confederates. */
#define G_LOG_DOMAIN "test-engine-fire"

#include "test-engine-fixture.c"

static GbacwGame *
fire_game (Fixture *f)
{
  GbacwGame *game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  return game;
}

#define BATTERY(f, id, side, guns, weapon, hex, facing) \
  add_unit ((f), (id), (side), GBACW_UNIT_ARTILLERY, (guns), 4, (weapon), (hex), GBACW_FORMATION_STATE_UNLIMBERED, (facing))

static GbacwFireResolution *
compute1 (GbacwGame *game, const char *target, const char *unit, double strength)
{
  g_autoptr (GError) error = NULL;
  GbacwFirer firer = { unit_index (game, unit), strength, -1 };
  GbacwFireResolution *res = gbacw_fire_compute (game, hex_of (game->scenario, target), &firer, 1, &error);
  g_assert_no_error (error);
  return res;
}

static void
test_7_21_example (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;
  GbacwFirer two[2];

  /* 7.21: three regiments of 3 SP in a clear hex; frontal hexsides s, se, sw */
  INF (f, "u-1", "union", 3, 3, "0202", "s");
  INF (f, "u-2", "union", 3, 3, "0202", "s");
  INF (f, "u-3", "union", 3, 3, "0202", "s");
  BATTERY (f, "u-bat", "union", 4, "L", "0202", "s");
  INF (f, "c-s", "confederate", 3, 3, "0203", "n");
  INF (f, "c-se", "confederate", 3, 3, "0303", "n");
  INF (f, "c-sw", "confederate", 3, 3, "0103", "n");
  INF (f, "c-s2", "confederate", 3, 3, "0204", "n");
  game = fire_game (f);

  /* "Only four of these nine points may fire through any one hexside" */
  two[0] = (GbacwFirer) { unit_index (game, "u-1"), 3, -1 };
  two[1] = (GbacwFirer) { unit_index (game, "u-2"), 2, -1 };
  apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0203"), two, 2), "9.3");
  two[1].strength = 1;
  apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0203"), two, 2), NULL);
  /* "Four more points (out of the remaining five) through a different hexside" */
  two[0] = (GbacwFirer) { unit_index (game, "u-2"), 2, -1 };
  two[1] = (GbacwFirer) { unit_index (game, "u-3"), 2, -1 };
  apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0303"), two, 2), NULL);
  /* the s hexside is full: nothing more through it (0204 lies beyond 0203) */
  apply_expect (game, fire1 (game, "0204", "u-3", 1), "9.3");
  /* "while the last remaining point may fire through the remaining frontal hexside" */
  apply_expect (game, fire1 (game, "0103", "u-3", 1), NULL);
  /* 9.32: "four of the infantry points plus all of the guns" through the same hexside */
  apply_expect (game, fire1 (game, "0203", "u-bat", 0), NULL);
}

static void
test_9_45_split_fire_example (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 14);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) near = NULL, far = NULL;

  /* 9.45: six guns; four (HB) at an adjacent target, 4 × 10 = 40; two at ten hexes, 2 × 1/2 = 1 */
  BATTERY (f, "u-bat", "union", 6, "HB", "0101", "s");
  INF (f, "c-near", "confederate", 4, 3, "0102", "n");
  INF (f, "c-far", "confederate", 4, 3, "0111", "n");
  game = fire_game (f);
  near = compute1 (game, "0102", "u-bat", 4);
  g_assert_cmpfloat (near->total, ==, 40.0);
  g_assert_true (g_array_index (near->rolls, GbacwFireRoll, 0).grapeshot);   /* 9.14 */
  far = compute1 (game, "0111", "u-bat", 2);
  g_assert_cmpfloat (far->total, ==, 1.0);
  apply_expect (game, fire1 (game, "0102", "u-bat", 4), NULL);
  apply_expect (game, fire1 (game, "0111", "u-bat", 2), NULL);
  /* the Current Strength is divided: nothing is left */
  apply_expect (game, fire1 (game, "0111", "u-bat", 1), "9.45");
  /* 11.31: one round for the phase, though it split its fire */
  g_assert_cmpint (unit_of (game, "u-bat")->rounds, ==, 11);
}

static void
test_9_46_one_point_minimum (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 18);
  g_autoptr (GbacwGame) game = NULL;

  /* 9.46: a battery of six guns sixteen hexes away, × 1/2 */
  BATTERY (f, "u-bat", "union", 6, "HB", "0101", "s");
  BATTERY (f, "u-one", "union", 1, "HB", "0201", "s");
  INF (f, "c-1", "confederate", 2, 3, "0117", "n");
  INF (f, "c-2", "confederate", 2, 3, "0116", "n");
  INF (f, "c-3", "confederate", 2, 3, "0216", "n");
  game = fire_game (f);
  /* one gun per target would give 1/2: not allowed */
  apply_expect (game, fire1 (game, "0117", "u-bat", 1), "9.46");
  /* two guns give the one-point minimum */
  apply_expect (game, fire1 (game, "0117", "u-bat", 2), NULL);
  apply_expect (game, fire1 (game, "0116", "u-bat", 4), NULL);
  /* "a unit may always fire its whole Strength … at a single target": 1 × 1/2 */
  apply_expect (game, fire1 (game, "0216", "u-one", 0), NULL);
}

static void
test_9_41_never_combined (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;
  GbacwFirer two[2];

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  BATTERY (f, "u-bat", "union", 4, "L", "0201", "sw");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = fire_game (f);
  two[0] = (GbacwFirer) { unit_index (game, "u-1"), 0, -1 };
  two[1] = (GbacwFirer) { unit_index (game, "u-bat"), 0, -1 };
  apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0102"), two, 2), "9.41");
}

static void
test_9_44_once_per_phase (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 2, 3, "0101", "s");
  INF (f, "u-2", "union", 2, 3, "0201", "sw");
  BATTERY (f, "u-bat", "union", 4, "L", "0103", "n");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = fire_game (f);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  apply_expect (game, fire1 (game, "0102", "u-2", 0), "9.44");
  apply_expect (game, fire1 (game, "0102", "u-bat", 0), NULL);
}

static void
test_fire_prohibitions (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 10);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 2, 3, "0101", "s");
  INF (f, "u-back", "union", 2, 3, "0301", "n");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 2, 3, "R", "0501", GBACW_FORMATION_STATE_COLUMN, "s");
  add_unit (f, "u-limb", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0401", GBACW_FORMATION_STATE_LIMBERED, "s");
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 2, 3, "R", "0201", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "c-far", "confederate", 3, 3, "0105", "n");
  INF (f, "c-1", "confederate", 3, 3, "0302", "n");
  INF (f, "c-2", "confederate", 3, 3, "0502", "n");
  INF (f, "c-3", "confederate", 3, 3, "0402", "n");
  INF (f, "c-4", "confederate", 3, 3, "0202", "n");
  set_terrain (f, "0103", "woods");
  game = fire_game (f);
  /* 9.23: R reaches three hexes */
  apply_expect (game, fire1 (game, "0105", "u-1", 0), "9.23");
  set_terrain (f, "0103", "clear");
  /* 7.22: only through the frontal hexsides */
  apply_expect (game, fire1 (game, "0302", "u-back", 0), "7.22");
  /* 6.11, 6.32, 6.14 */
  apply_expect (game, fire1 (game, "0502", "u-col", 0), "6.11");
  apply_expect (game, fire1 (game, "0402", "u-limb", 0), "6.32");
  apply_expect (game, fire1 (game, "0202", "u-cav", 0), "6.14");
}

static void
test_9_7_no_los (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 2, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0103", "n");
  set_terrain (f, "0102", "woods");
  game = fire_game (f);
  apply_expect (game, fire1 (game, "0103", "u-1", 0), "9.7");
}

static void
test_9_16_crt_and_rout (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;
  const GbacwFireRoll *roll;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = fire_game (f);
  /* 3 SP × 2 at one hex = 6: the small-arms column 4-6 (9.15); density 3-6: no shift */
  res = compute1 (game, "0102", "u-1", 0);
  roll = &g_array_index (res->rolls, GbacwFireRoll, 0);
  g_assert_cmpfloat (res->total, ==, 6.0);
  g_assert_false (roll->grapeshot);
  g_assert_cmpint (roll->column, ==, 2);
  g_assert_cmpint (res->density_shift, ==, 0);
  /* die 4: R; at the end of the phase the R roll 5 is above Morale 3 (9.87) */
  gbacw_dice_force_list (game->dice, 4, 5, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ROUTED);   /* 9.42: not yet */
  end_phase (game);
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ROUTED);
  g_assert_true (log_has (game, "9.87", "routs"));
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  /* 13.31: a retreat of three hexes, the path chosen by its owner; the phase ends after it */
  {
    const GbacwDecision *d = gbacw_game_decision (game);
    const GArray *path;
    g_assert_nonnull (d);
    g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
    g_assert_cmpint (d->side, ==, 1);
    g_assert_cmpint (d->length, ==, 3);
    g_assert_cmpint (gbacw_game_decider (game), ==, 1);
    g_assert_cmpint (game->phase, ==, GBACW_PHASE_OFFENSIVE_FIRE);
    apply_expect (game, gbacw_action_new_end_phase (), "13.31");
    path = g_ptr_array_index (d->paths, 0);
    apply_expect (game, gbacw_action_new_answer_path ((int *) path->data, path->len), NULL);
    g_assert_null (gbacw_game_decision (game));
    g_assert_cmpint (gbacw_hex_grid_distance (&f->s->map->grid, gbacw_hex_grid_hex_at (&f->s->map->grid, unit_of (game, "c-1")->hex),
                                              gbacw_hex_grid_hex_at (&f->s->map->grid, hex_of (f->s, "0102"))), ==, 3);
    g_assert_cmpint (game->phase, ==, GBACW_PHASE_RETREAT_BEFORE_MELEE);
  }
}

static void
test_8_35_density (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 6, 3, "0102", "n");
  INF (f, "c-2", "confederate", 3, 3, "0102", "n");
  BATTERY (f, "c-bat", "confederate", 6, "L", "0102", "n");   /* 8.33: a battery counts 1 */
  game = fire_game (f);
  res = compute1 (game, "0102", "u-1", 0);
  g_assert_cmpint (res->density_sp, ==, 10);
  g_assert_cmpint (res->density_shift, ==, 2);
  g_assert_cmpint (g_array_index (res->rolls, GbacwFireRoll, 0).column, ==, 2 + 2);
}

static void
test_9_51_cap_and_9_52_crest (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) below = NULL;
  g_autoptr (GbacwFireResolution) level = NULL;

  /* woods 1L (9.53) + crest 1L against fire from below (9.52) + density 1-2 SP 1L = 3L: capped at 2L */
  set_terrain (f, "0102", "woods");
  set_level (f, "0102", 1);
  add_hexside (f, "0102", "n", "crest");
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 2, 3, "0102", "n");
  game = fire_game (f);
  below = compute1 (game, "0102", "u-1", 0);
  g_assert_cmpint (below->terrain_shift, ==, -2);
  g_assert_cmpint (below->density_shift, ==, -1);
  g_assert_cmpint (g_array_index (below->rolls, GbacwFireRoll, 0).column, ==, 2 - 2);   /* 6: column 4-6, 2L */

  /* the firer on the same level: no crest benefit */
  gbacw_game_unit (game, unit_index (game, "u-1"))->hex = -1;   /* (re-built below) */
  {
    g_autoptr (Fixture) g = fixture_new (3, 6);
    g_autoptr (GbacwGame) game2 = NULL;
    set_terrain (g, "0102", "woods");
    set_level (g, "0102", 1);
    set_level (g, "0101", 1);
    add_hexside (g, "0102", "n", "crest");
    INF (g, "u-1", "union", 3, 3, "0101", "s");
    INF (g, "c-1", "confederate", 2, 3, "0102", "n");
    game2 = fire_game (g);
    level = compute1 (game2, "0102", "u-1", 0);
    g_assert_cmpint (level->terrain_shift, ==, -1);
  }
}

static void
test_7_23_enfilade (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;
  GbacwFirer firer;
  g_autoptr (GError) error = NULL;

  /* 0102 -> 0302 runs along the hexside 0201/0202 and enters 0302 between its nw and sw hexsides */
  INF (f, "u-1", "union", 3, 3, "0102", "se");
  INF (f, "c-1", "confederate", 3, 3, "0302", "s");   /* frontal se, s, sw: sw frontal, nw rear */
  INF (f, "u-2", "union", 3, 3, "0104", "n");
  INF (f, "c-2", "confederate", 3, 3, "0103", "n");   /* fired on from behind */
  game = fire_game (f);
  /* 9.33: the line leaves 0102 between two frontal hexsides: the player names one */
  apply_expect (game, fire1 (game, "0302", "u-1", 0), "9.33");
  firer = (GbacwFirer) { unit_index (game, "u-1"), 0, direction_of (f->s, "se") };
  res = gbacw_fire_compute (game, hex_of (f->s, "0302"), &firer, 1, &error);
  g_assert_no_error (error);
  /* 7.23: a line of fire bisecting a frontal and an enfilade hexside is frontal */
  g_assert_false (g_array_index (res->rolls, GbacwFireRoll, 0).enfiladed);
  g_clear_pointer (&res, gbacw_fire_resolution_free);
  unit_of (game, "c-1")->facing = direction_of (f->s, "ne");   /* now both are rear hexsides */
  res = gbacw_fire_compute (game, hex_of (f->s, "0302"), &firer, 1, &error);
  g_assert_true (g_array_index (res->rolls, GbacwFireRoll, 0).enfiladed);
  g_clear_pointer (&res, gbacw_fire_resolution_free);
  res = compute1 (game, "0103", "u-2", 0);
  g_assert_true (g_array_index (res->rolls, GbacwFireRoll, 0).enfiladed);
  g_assert_cmpint (g_array_index (res->rolls, GbacwFireRoll, 0).enfilade_shift, ==, 1);
  g_assert_cmpint (g_array_index (res->rolls, GbacwFireRoll, 0).column, ==, 2 + 1);
}

static void
test_8_21_loss_example (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* 8.21: a 1-SP unit on top of a 3-SP unit takes a casualty result of 2: the top is
   * eliminated, the bottom loses one. HB at one hex: 5 × 10 = 50, grapeshot 44-52;
   * die 4: 2* */
  BATTERY (f, "u-bat", "union", 5, "HB", "0101", "s");
  INF (f, "c-top", "confederate", 1, 3, "0102", "n");
  INF (f, "c-bottom", "confederate", 3, 3, "0102", "n");
  game = fire_game (f);
  /* fire die 4; the bottom unit's morale check 1 (as if it were the top, 13.42), pin die 1 */
  gbacw_dice_force_list (game->dice, 4, 1, 1, 0);
  apply_expect (game, fire1 (game, "0102", "u-bat", 0), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-top")->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (unit_of (game, "c-bottom")->strength, ==, 2);
  g_assert_false (unit_of (game, "c-bottom")->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED));
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
}

static void
test_8_21_artillery_last (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* artillery takes losses only when no infantry or cavalry is in the hex */
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  BATTERY (f, "c-bat", "confederate", 4, "L", "0102", "n");
  INF (f, "c-inf", "confederate", 3, 3, "0102", "n");
  game = fire_game (f);
  g_assert_cmpint (gbacw_fire_top_unit (game, hex_of (f->s, "0102")), ==, unit_index (game, "c-inf"));
}

static void
test_8_22_artillery_per_unit (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;

  /* 8.22: artillery at three hexes or more rolls for each unit, top first; 8.23: the
   * density is the whole hex's. HB 6 guns at 3 hexes × 1 = 6: grapeshot 4-8 */
  BATTERY (f, "u-bat", "union", 6, "HB", "0101", "s");
  INF (f, "c-a", "confederate", 3, 3, "0104", "n");
  INF (f, "c-b", "confederate", 3, 3, "0104", "n");
  game = fire_game (f);
  res = compute1 (game, "0104", "u-bat", 0);
  g_assert_true (res->per_unit);
  g_assert_cmpuint (res->rolls->len, ==, 2);
  g_assert_cmpint (res->density_sp, ==, 6);
  /* dice 6 (c-a: 1) and 1 (c-b: —); 13.44: both check morale, 1 and 1 */
  gbacw_dice_force_list (game->dice, 6, 1, 1, 1, 0);
  apply_expect (game, fire1 (game, "0104", "u-bat", 0), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-a")->strength, ==, 2);
  g_assert_cmpint (unit_of (game, "c-b")->strength, ==, 3);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
}

static void
test_9_83_pin_rout (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* 6 on the small-arms row (4-6), one column right for enfilade (7.23: both targets are
   * fired on from behind): 7-10, die 4: P/R */
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "s");
  INF (f, "u-2", "union", 3, 3, "0301", "s");
  INF (f, "c-2", "confederate", 3, 3, "0302", "s");
  LEADER (f, "c-ldr", "confederate", "0302");
  game = fire_game (f);
  /* c-1: 3 + 1 (enfiladed) = 4 > 3: routed; c-2: 3 + 1 - 1 (leader) = 3: pinned */
  gbacw_dice_force_list (game->dice, 4, 4, 3, 3, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  apply_expect (game, fire1 (game, "0302", "u-2", 0), NULL);
  end_phase (game);
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ROUTED);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);
  g_assert_false (unit_of (game, "c-2")->status & GBACW_STATUS_ROUTED);
  g_assert_true (unit_of (game, "c-2")->status & GBACW_STATUS_PINNED);
  g_assert_true (unit_of (game, "c-ldr")->status & GBACW_STATUS_PINNED);   /* 9.84: the whole hex */
}

static void
test_9_87_pin (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* 1 SP × 2 = 2: column 1-3, die 4: P; a roll above Morale pins, else nothing */
  INF (f, "u-1", "union", 1, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  INF (f, "u-2", "union", 1, 3, "0301", "s");
  INF (f, "c-2", "confederate", 3, 3, "0302", "n");
  game = fire_game (f);
  gbacw_dice_force_list (game->dice, 4, 4, 4, 3, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  apply_expect (game, fire1 (game, "0302", "u-2", 0), NULL);
  end_phase (game);
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);
  g_assert_false (unit_of (game, "c-2")->status & GBACW_STATUS_PINNED);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ROUTED);
}

static void
test_9_88_star (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* HB 2 guns × 10 = 20: grapeshot 16-21, die 6: 1*; the morale check 2 passes, the second die 5 pins */
  BATTERY (f, "u-bat", "union", 2, "HB", "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = fire_game (f);
  gbacw_dice_force_list (game->dice, 6, 2, 5, 0);
  apply_expect (game, fire1 (game, "0102", "u-bat", 0), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 2);
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ROUTED);
}

static void
test_6_11_column_goes_into_line (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;

  INF (f, "u-1", "union", 1, 3, "0101", "s");
  add_unit (f, "c-col", "confederate", GBACW_UNIT_INFANTRY, 3, 3, "R", "0102", GBACW_FORMATION_STATE_COLUMN, "n");
  game = fire_game (f);
  res = compute1 (game, "0102", "u-1", 0);
  g_assert_true (g_array_index (res->rolls, GbacwFireRoll, 0).enfiladed);   /* 7.0: a column always is */
  gbacw_dice_force_list (game->dice, 1, 6, 0);   /* die 1: no effect (and an ammunition check, 6) */
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  g_assert_cmpint (unit_of (game, "c-col")->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-col")->formation, ==, GBACW_FORMATION_STATE_LINE);
}

static void
test_17_72_leader_casualty (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  BATTERY (f, "u-bat", "union", 2, "HB", "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  LEADER (f, "c-ldr", "confederate", "0102");
  game = fire_game (f);
  /* 1*; the leader rolls first (17.72): 1 + 1 = 2, killed on the artillery row; then
   * the unit's morale check 2 (no leader now) and the pin die 1 */
  gbacw_dice_force_list (game->dice, 6, 1, 1, 2, 1, 0);
  apply_expect (game, fire1 (game, "0102", "u-bat", 0), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-ldr")->presence, ==, GBACW_PRESENCE_KILLED);
  g_assert_true (log_has (game, "17.72", "killed"));
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
}

static void
test_17_53_leader_left_alone (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* HB 2 guns × 10 = 20, die 6: 1* on a 1-SP unit: eliminated; the leader survives (dice 3 + 3) */
  BATTERY (f, "u-bat", "union", 2, "HB", "0101", "s");
  INF (f, "c-1", "confederate", 1, 3, "0102", "n");
  LEADER (f, "c-ldr", "confederate", "0102");
  game = fire_game (f);
  gbacw_dice_force_list (game->dice, 6, 3, 3, 0);
  apply_expect (game, fire1 (game, "0102", "u-bat", 0), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-1")->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (unit_of (game, "c-ldr")->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_true (log_has (game, "17.53", NULL));
}

static void
test_9_42_results_after_all_fire (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;

  BATTERY (f, "u-bat", "union", 2, "HB", "0101", "s");
  INF (f, "u-inf", "union", 3, 3, "0103", "n");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = fire_game (f);
  gbacw_dice_force_list (game->dice, 6, 0);   /* 1* */
  apply_expect (game, fire1 (game, "0102", "u-bat", 0), NULL);
  /* the loss is not applied yet: the small-arms fire still sees 3 SP in the hex */
  res = compute1 (game, "0102", "u-inf", 0);
  g_assert_cmpint (res->density_sp, ==, 3);
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 3);
}

static void
test_13_morale_modifiers (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;
  int u;

  p = INF (f, "c-1", "confederate", 5, 3, "0102", "n");
  p->strength = 2;   /* 13.24: more than half of 5 lost */
  LEADER (f, "c-ldr", "confederate", "0102");
  game = start_game (f);
  u = unit_index (game, "c-1");
  g_assert_cmpint (gbacw_morale_drm (game, u, FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 1 - 1);   /* 13.24, 13.23 */
  g_assert_cmpint (gbacw_morale_drm (game, u, TRUE, GBACW_MORALE_CAUSE_FIRE), ==, 1);        /* 13.26 */
  unit_of (game, "c-1")->strength = 3;   /* exactly half is not more than half */
  g_assert_cmpint (gbacw_morale_drm (game, u, FALSE, GBACW_MORALE_CAUSE_FIRE), ==, -1);
  /* 13.21: above the rating routs, equal does not */
  gbacw_dice_force_list (game->dice, 4, 0);
  g_assert_false (gbacw_morale_check (game, u, FALSE, GBACW_MORALE_CAUSE_FIRE, "13.21"));   /* 4 - 1 = 3 */
  gbacw_dice_force_list (game->dice, 5, 0);
  g_assert_true (gbacw_morale_check (game, u, FALSE, GBACW_MORALE_CAUSE_FIRE, "13.21"));
}

static void
test_13_14_seeing_the_elephant (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "c-1", "confederate", 3, GBACW_MORALE_GREEN, "0102", "n");
  game = start_game (f);
  /* two dice 5 + 6 = 11: Morale 5, kept from then on */
  gbacw_dice_force_list (game->dice, 5, 6, 0);
  g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "c-1")), ==, 5);
  g_assert_cmpint (gbacw_morale_rating (game, unit_index (game, "c-1")), ==, 5);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
}

static void
test_11_21_ammunition (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 1, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = fire_game (f);
  gbacw_dice_force_list (game->dice, 1, 2, 0);   /* die 1: a check; 2: depleted */
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  g_assert_true (unit_of (game, "u-1")->status & GBACW_STATUS_AMMO_DEPLETED);
}

static void
test_9_82_small_arms_hit_crews (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* 3 SP × 2 = 6 on the small-arms row (9.15: a battery is counter-battery), die 6: 1 */
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  BATTERY (f, "c-bat", "confederate", 4, "L", "0102", "n");
  game = fire_game (f);
  gbacw_dice_force_list (game->dice, 6, 1, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-bat")->crew, ==, GBACW_CREW_HALF);
  g_assert_cmpint (unit_of (game, "c-bat")->guns, ==, 4);
  /* 15.13: half crew halves the fire strength, rounding up */
  g_assert_cmpfloat (gbacw_fire_available (game, unit_index (game, "c-bat")), ==, 2.0);
}

static void
test_13_42_stack_checks (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* 4 SP × 2 = 8: column 7-10, die 3: R; stack of two */
  INF (f, "u-1", "union", 4, 3, "0101", "s");
  INF (f, "c-top", "confederate", 3, 3, "0102", "n");
  INF (f, "c-under", "confederate", 3, 3, "0102", "n");
  INF (f, "u-2", "union", 4, 3, "0301", "s");
  INF (f, "c-top2", "confederate", 3, 3, "0302", "n");
  INF (f, "c-under2", "confederate", 3, 3, "0302", "n");
  game = fire_game (f);
  /* first hex: the top routs (6), the unit under it checks (6) and routs;
   * second hex: the top holds (1): the unit under it does not check */
  gbacw_dice_force_list (game->dice, 3, 3, 6, 6, 1, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  apply_expect (game, fire1 (game, "0302", "u-2", 0), NULL);
  end_phase (game);
  g_assert_true (unit_of (game, "c-top")->status & GBACW_STATUS_ROUTED);
  g_assert_true (unit_of (game, "c-under")->status & GBACW_STATUS_ROUTED);
  g_assert_false (unit_of (game, "c-top2")->status & GBACW_STATUS_ROUTED);
  g_assert_false (unit_of (game, "c-under2")->status & GBACW_STATUS_ROUTED);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
}

static void
test_wrong_phase (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), "9.0");
  end_phase (game);   /* Defensive Fire: the Confederates fire */
  apply_expect (game, fire1 (game, "0102", "u-1", 0), "4.0");
  apply_expect (game, fire1 (game, "0101", "c-1", 0), NULL);
}

/* 17.74, 17.53 (reading): a leader stacked only with a unit that routs goes with it
 * (he is not left alone in the hex it leaves); with units that stay, his owner chooses
 * (13.43, /engine/decisions/13.43-*). */
static void
test_17_74_leader_retreats_with_unit (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 1, "0102", "n");
  LEADER (f, "c-ldr", "confederate", "0102");
  game = fire_game (f);
  /* die 4: P/R; the morale check 4 - 1 (leader) = 3 > 1: routed */
  gbacw_dice_force_list (game->dice, 4, 4, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  end_phase (game);
  for (int guard = 0; guard < 4 && gbacw_game_decision (game); guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      const GArray *path;
      g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
      path = g_ptr_array_index (d->paths, 0);
      apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
    }
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (unit_of (game, "c-1")->hex, !=, hex_of (f->s, "0102"));
  g_assert_cmpint (unit_of (game, "c-ldr")->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_cmpint (unit_of (game, "c-ldr")->hex, ==, unit_of (game, "c-1")->hex);
  g_assert_true (log_has (game, "17.74", NULL));
}

/* A module with every fire hook (FIRE-STR ×2, FIRE-SHIFT one left, FIRE-DRM +1), to
 * check that a resolution records what each did, for explaining it. */
static double
hook_strength (const GbacwGame *game, gpointer data, int unit, int target_hex, double strength)
{
  return strength * 2;
}

static int
hook_shift (const GbacwGame *game, gpointer data, const GbacwFireResolution *resolution)
{
  return -1;
}

static int
hook_drm (const GbacwGame *game, gpointer data, const GbacwFireResolution *resolution)
{
  return 1;
}

static const GbacwRuleHooks fire_hooks = {
  .id = "test.fire",
  .fire_strength = hook_strength,
  .fire_shift = hook_shift,
  .fire_drm = hook_drm,
};

static void
test_exclusive_modifiers_recorded (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  const GbacwFireContribution *c;
  const GbacwFireModifier *m;

  rule->id = g_strdup ("test.fire");
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (f->s->exclusive_rules, rule);
  INF (f, "u-1", "union", 3, 3, "0202", "s");
  INF (f, "c-1", "confederate", 3, 3, "0203", "n");
  gbacw_rules_hooks_register (&fire_hooks);
  game = fire_game (f);
  res = compute1 (game, "0203", "u-1", 0);
  /* 3 SP of R at one hex: 3 × 2 = 6 (9.25), doubled by the module */
  c = &g_array_index (res->contributions, GbacwFireContribution, 0);
  g_assert_cmpfloat (c->base_strength, ==, 6);
  g_assert_cmpfloat (c->strength, ==, 12);
  g_assert_cmpfloat (res->total, ==, 12);
  g_assert_cmpint (res->hook_shift, ==, -1);
  g_assert_cmpint (res->drm, ==, 1);
  g_assert_cmpuint (res->modifiers->len, ==, 3);
  m = &g_array_index (res->modifiers, GbacwFireModifier, 0);
  g_assert_cmpstr (m->rule, ==, "test.fire");
  g_assert_cmpint (m->kind, ==, GBACW_FIRE_MODIFIER_STRENGTH);
  g_assert_cmpint (m->unit, ==, unit_index (game, "u-1"));
  g_assert_cmpfloat (m->before, ==, 6);
  g_assert_cmpfloat (m->after, ==, 12);
  m = &g_array_index (res->modifiers, GbacwFireModifier, 1);
  g_assert_cmpint (m->kind, ==, GBACW_FIRE_MODIFIER_SHIFT);
  g_assert_cmpint (m->value, ==, -1);
  m = &g_array_index (res->modifiers, GbacwFireModifier, 2);
  g_assert_cmpint (m->kind, ==, GBACW_FIRE_MODIFIER_DRM);
  g_assert_cmpint (m->value, ==, 1);
  /* the die: +1, never above 6 */
  g_assert_cmpint (gbacw_fire_modified_die (res, 1), ==, 2);
  g_assert_cmpint (gbacw_fire_modified_die (res, 6), ==, 6);
  /* a fire in play rolls with the same modifier: a forced 3 is read as 4 */
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, fire1 (game, "0203", "u-1", 0), NULL);
  g_assert_true (log_has (game, "9.0", "die 4"));
  gbacw_rules_hooks_unregister ("test.fire");
}

/* 9.0: a hex where a unit of the firing side stands beside enemy units (abandoned guns it
 * reached, C 24.2) is no target: the fire would fall on our own unit (found in the Corinth
 * kit games, where the Union fired on 7 Iowa standing on Guibor's guns). */
static void
test_no_fire_on_own_hex (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwFireResolution) res = NULL;
  GbacwFirer firer;

  INF (f, "u-1", "union", 3, 3, "0202", "s");
  INF (f, "u-2", "union", 3, 3, "0304", "n");
  INF (f, "c-1", "confederate", 3, 3, "0203", "n");
  game = fire_game (f);
  firer = (GbacwFirer) { .unit = unit_index (game, "u-1"), .strength = 0, .direction = -1 };
  res = gbacw_fire_compute (game, hex_of (game->scenario, "0203"), &firer, 1, &error);
  g_assert_no_error (error);
  g_clear_pointer (&res, gbacw_fire_resolution_free);
  gbacw_game_place_unit (game, unit_index (game, "u-2"), hex_of (game->scenario, "0203"), FALSE);
  res = gbacw_fire_compute (game, hex_of (game->scenario, "0203"), &firer, 1, &error);
  g_assert_null (res);
  g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "[9.0]"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/fire/7.21-example-per-hexside", test_7_21_example);
  g_test_add_func ("/engine/fire/9.45-split-fire-example", test_9_45_split_fire_example);
  g_test_add_func ("/engine/fire/9.46-one-point-minimum-example", test_9_46_one_point_minimum);
  g_test_add_func ("/engine/fire/9.41-never-combined", test_9_41_never_combined);
  g_test_add_func ("/engine/fire/exclusive-modifiers-recorded", test_exclusive_modifiers_recorded);
  g_test_add_func ("/engine/fire/9.44-once-per-phase", test_9_44_once_per_phase);
  g_test_add_func ("/engine/fire/9.23-7.22-6.32-prohibitions", test_fire_prohibitions);
  g_test_add_func ("/engine/fire/9.7-line-of-sight", test_9_7_no_los);
  g_test_add_func ("/engine/fire/9.16-crt-column-and-result", test_9_16_crt_and_rout);
  g_test_add_func ("/engine/fire/8.35-density", test_8_35_density);
  g_test_add_func ("/engine/fire/9.51-two-column-cap-9.52-crest", test_9_51_cap_and_9_52_crest);
  g_test_add_func ("/engine/fire/7.23-enfilade", test_7_23_enfilade);
  g_test_add_func ("/engine/fire/8.21-loss-example", test_8_21_loss_example);
  g_test_add_func ("/engine/fire/8.21-artillery-last", test_8_21_artillery_last);
  g_test_add_func ("/engine/fire/8.22-artillery-per-unit", test_8_22_artillery_per_unit);
  g_test_add_func ("/engine/fire/9.83-pin-rout", test_9_83_pin_rout);
  g_test_add_func ("/engine/fire/9.87-pin", test_9_87_pin);
  g_test_add_func ("/engine/fire/9.88-star", test_9_88_star);
  g_test_add_func ("/engine/fire/6.11-column-fired-upon-goes-into-line", test_6_11_column_goes_into_line);
  g_test_add_func ("/engine/fire/17.72-leader-casualty", test_17_72_leader_casualty);
  g_test_add_func ("/engine/fire/9.42-results-after-all-fire", test_9_42_results_after_all_fire);
  g_test_add_func ("/engine/fire/17.53-leader-left-alone", test_17_53_leader_left_alone);
  g_test_add_func ("/engine/fire/17.74-leader-retreats-with-unit", test_17_74_leader_retreats_with_unit);
  g_test_add_func ("/engine/fire/13.23-13.24-13.26-morale-modifiers", test_13_morale_modifiers);
  g_test_add_func ("/engine/fire/13.14-seeing-the-elephant", test_13_14_seeing_the_elephant);
  g_test_add_func ("/engine/fire/11.21-ammunition-depletion", test_11_21_ammunition);
  g_test_add_func ("/engine/fire/9.82-small-arms-hit-crews", test_9_82_small_arms_hit_crews);
  g_test_add_func ("/engine/fire/13.42-stack-checks", test_13_42_stack_checks);
  g_test_add_func ("/engine/fire/4.0-fire-phases", test_wrong_phase);
  g_test_add_func ("/engine/fire/9.0-not-at-a-hex-of-ours", test_no_fire_on_own_hex);
  return g_test_run ();
}
