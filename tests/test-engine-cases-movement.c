/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-cases-movement.c: the movement and stacking cases (5.1, 8.1, 8.42, 11.1, 11.22)
 * that the other movement tests leave out (engine/CASES.md), each on a small built
 * position. */
#define G_LOG_DOMAIN "test-engine-cases-movement"

#include "test-engine-fixture.c"

#define BATTERY(f, id, guns, hex) \
  add_unit ((f), (id), "union", GBACW_UNIT_ARTILLERY, (guns), 4, "L", (hex), GBACW_FORMATION_STATE_LIMBERED, "s")

/* 5.16: "Movement from hex to hex must be consecutive; units may not skip hexes." */
static void
test_5_16_consecutive (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-1", "0102 0104"), "5.16");
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0101"));
  apply_expect (game, move_action (game, "u-1", "0102 0103 0104"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0104"));
}

/* 11.1 (P; J addenda): an uncrewed supply wagon may not move. */
static void
test_11_1_uncrewed_wagon (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-wagon", "union", GBACW_UNIT_WAGON, 2, 3, "R", "0101", GBACW_FORMATION_STATE_UNSET, "s");
  add_unit (f, "u-empty", "union", GBACW_UNIT_WAGON, 0, 3, "R", "0201", GBACW_FORMATION_STATE_UNSET, "s");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-empty", "0202"), "11.1");
  apply_expect (game, move_action (game, "u-wagon", "0102"), NULL);
}

/* 11.22: "A unit out of ammunition may move … normally." */
static void
test_11_22_depleted_moves (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  game = movement_game (f);
  unit_of (game, "u-1")->status |= GBACW_STATUS_AMMO_DEPLETED;
  apply_expect (game, move_action (game, "u-1", "0102 0103 0104 0105 0106 0107"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0107"));
}

/* 8.13: the number of batteries in a hex (Stacking Restrictions Chart: woods 4), at the end of the phase (8.0). */
static void
test_8_13_batteries (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  set_terrain (f, "0103", "woods");
  BATTERY (f, "u-b1", 1, "0103");
  BATTERY (f, "u-b2", 1, "0103");
  BATTERY (f, "u-b3", 1, "0103");
  BATTERY (f, "u-b4", 1, "0103");
  BATTERY (f, "u-b5", 1, "0102");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-b5", "0103"), NULL);
  apply_expect (game, gbacw_action_new_end_phase (), "8.13");
  apply_expect (game, move_action (game, "u-b5", "0203"), NULL);
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
}

/* 8.42: units stacked in a hex share one facing: a unit moving in takes the facing of
 * the unit there, not the direction it entered from (7.11). */
static void
test_8_42_adopt_facing (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "u-2", "union", 3, 3, "0103", "n");
  INF (f, "u-3", "union", 3, 3, "0201", "s");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-1", "0102 0103"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->facing, ==, direction_of (f->s, "n"));
  g_assert_cmpint (unit_of (game, "u-2")->facing, ==, direction_of (f->s, "n"));
  apply_expect (game, move_action (game, "u-3", "0202 0203"), NULL);   /* alone: faces the way it went */
  g_assert_cmpint (unit_of (game, "u-3")->facing, ==, direction_of (f->s, "s"));
}

/* 5.18: a retreat costs no Movement Points and is not movement: a routed unit's three
 * hexes of rout retreat (fire 3 SP × 2 = 6, die 6: 1; morale die 6 > 3) leave it unmoved. */
static void
test_5_18_retreat_not_movement (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwGameUnit *c;
  const GbacwHexGrid *grid;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  game = start_game (f);
  grid = &f->s->map->grid;
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 6, 6, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  end_phase (game);
  for (int guard = 0; guard < 10 && gbacw_game_decision (game); guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      const GArray *path;
      g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
      path = g_ptr_array_index (d->paths, d->paths->len - 1);
      apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
    }
  c = unit_of (game, "c-1");
  g_assert_true (c->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (gbacw_hex_grid_distance (grid, gbacw_hex_grid_hex_at (grid, c->hex),
                                            gbacw_hex_grid_hex_at (grid, hex_of (f->s, "0102"))), ==, 3);
  g_assert_false (c->moved);
  g_assert_cmpint (c->mp_spent, ==, 0);
  g_assert_cmpint (c->hexes_moved, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/movement/5.16-consecutive-hexes", test_5_16_consecutive);
  g_test_add_func ("/engine/movement/11.1-uncrewed-wagon-may-not-move", test_11_1_uncrewed_wagon);
  g_test_add_func ("/engine/movement/11.22-out-of-ammunition-moves", test_11_22_depleted_moves);
  g_test_add_func ("/engine/movement/8.13-batteries-per-hex", test_8_13_batteries);
  g_test_add_func ("/engine/movement/8.42-adopt-stack-facing", test_8_42_adopt_facing);
  g_test_add_func ("/engine/movement/5.18-retreat-not-movement", test_5_18_retreat_not_movement);
  return g_test_run ();
}
