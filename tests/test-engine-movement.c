/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-movement.c: movement, formations, facing and stacking (5.0-8.1, 10.1). */
#define G_LOG_DOMAIN "test-engine-movement"

#include "test-engine-fixture.c"

static void
test_5_11_allowance (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "u-2", "union", 3, 3, "0301", "s");
  game = movement_game (f);
  /* Line infantry: MA 6, clear 1 */
  apply_expect (game, move_action (game, "u-1", "0102 0103 0104 0105 0106 0107"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->mp_spent, ==, 12);
  apply_expect (game, move_action (game, "u-1", "0108"), "5.11");
  apply_expect (game, move_action (game, "u-2", "0302 0303 0304 0305 0306 0307 0308"), "5.11");
  g_assert_cmpint (unit_of (game, "u-2")->hex, ==, hex_of (f->s, "0301"));
}

static void
test_5_12_enemy_hex (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0103", "n");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-1", "0102 0103"), "5.12");
  /* a move is checked whole: nothing happened */
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0101"));
}

static void
test_5_15_most_expensive_terrain (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  set_terrain (f, "0102", "clear");
  set_terrain (f, "0102", "+woods");
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-1", "0102"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->mp_spent, ==, 4);   /* woods 2, not clear 1 */
}

static void
test_hexside_cumulative (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* the J chart's worked example: Line infantry into woods across a stream = 2 + 1 */
  set_terrain (f, "0102", "woods");
  add_hexside (f, "0101", "s", "stream");
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-1", "0102"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->mp_spent, ==, 6);
}

static void
test_6_12_roads_only_in_column (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 16);
  g_autoptr (GbacwGame) game = NULL;

  for (int row = 1; row < 15; row++)
    {
      g_autofree char *label = g_strdup_printf ("01%02d", row);
      add_road (f, label, "s");
    }
  INF (f, "u-line", "union", 3, 3, "0101", "s");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0102", GBACW_FORMATION_STATE_COLUMN, "s");
  game = movement_game (f);
  /* 6.11: the column pays 1/2 a hex on the road: 12 hexes with 6 MP */
  apply_expect (game, move_action (game, "u-col", "0103 0104 0105 0106 0107 0108 0109 0110 0111 0112 0113 0114"), NULL);
  g_assert_cmpint (unit_of (game, "u-col")->mp_spent, ==, 12);
  /* 6.12: a Line pays the clear terrain, 1 a hex */
  apply_expect (game, move_action (game, "u-line", "0102 0103 0104"), NULL);
  g_assert_cmpint (unit_of (game, "u-line")->mp_spent, ==, 6);
}

static void
test_6_11_friendly_road_hex (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;

  for (int row = 1; row < 7; row++)
    {
      g_autofree char *label = g_strdup_printf ("01%02d", row);
      add_road (f, label, "s");
    }
  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0101", GBACW_FORMATION_STATE_LIMBERED, "s");
  add_unit (f, "u-bat2", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0301", GBACW_FORMATION_STATE_LIMBERED, "s");
  INF (f, "u-inf", "union", 3, 3, "0103", "s");
  game = movement_game (f);
  /* road 1/2 + the friendly-occupied road hex at its clear cost 1 + road 1/2 */
  apply_expect (game, move_action (game, "u-bat", "0102 0103 0104"), NULL);
  g_assert_cmpint (unit_of (game, "u-bat")->mp_spent, ==, 4);
}

static void
test_5_2_routed (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  p = INF (f, "u-1", "union", 3, 3, "0102", "s");
  p->status = GBACW_STATUS_ROUTED;
  p = INF (f, "u-2", "union", 3, 3, "0106", "s");
  p->status = GBACW_STATUS_ROUTED;
  p = INF (f, "u-3", "union", 3, 3, "0104", "s");
  p->status = GBACW_STATUS_ROUTED;
  INF (f, "c-1", "confederate", 3, 3, "0107", "n");
  set_terrain (f, "0101", "woods");
  game = movement_game (f);
  /* one hex whatever the terrain, and no more */
  apply_expect (game, move_action (game, "u-1", "0101"), NULL);
  apply_expect (game, move_action (game, "u-1", "0102"), "5.2");
  /* not into an enemy ZOC (0107 faces north: 0106 and 0206) */
  apply_expect (game, move_action (game, "u-3", "0105 0106"), "5.2");
  apply_expect (game, move_action (game, "u-3", "0105"), NULL);
  /* out of one only to a hex not adjacent to an enemy unit */
  apply_expect (game, move_action (game, "u-2", "0206"), "5.2");
  apply_expect (game, move_action (game, "u-2", "0205"), NULL);
}

static void
test_8_16_column (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0101", GBACW_FORMATION_STATE_COLUMN, "s");
  INF (f, "u-2", "union", 3, 3, "0102", "s");
  LEADER (f, "u-ldr", "union", "0201");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-col", "0102"), "8.16");
  /* a leader is not a combat unit (8.14) */
  apply_expect (game, move_action (game, "u-col", "0201"), NULL);
}

static void
test_8_17_mounted_cavalry (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0101", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "u-inf", "union", 3, 3, "0102", "s");
  add_unit (f, "u-cav2", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0201", GBACW_FORMATION_STATE_MOUNTED, "s");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-cav", "0102"), "8.17");
  apply_expect (game, move_action (game, "u-cav", "0201"), NULL);
}

static void
test_10_1_withdrawal_pending (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0105", "s");
  INF (f, "c-1", "confederate", 3, 3, "0107", "n");
  game = movement_game (f);
  /* 5.14: entering an enemy ZOC is free */
  apply_expect (game, move_action (game, "u-1", "0106"), NULL);
  g_assert_cmpuint (game->pending->len, ==, 0);
  /* leaving it draws withdrawal fire */
  apply_expect (game, move_action (game, "u-1", "0205"), NULL);
  g_assert_true (log_has (game, "10.1", NULL));
}

static void
test_6_22_formation_change_cost (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  int u1, u2;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "u-2", "union", 3, 3, "0301", "s");
  game = movement_game (f);
  u1 = unit_index (game, "u-1");
  u2 = unit_index (game, "u-2");
  apply_expect (game, gbacw_action_new_change_formation (&u1, 1, GBACW_FORMATION_STATE_COLUMN), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  g_assert_cmpint (unit_of (game, "u-1")->mp_spent, ==, 4);   /* chg 2 */
  /* then it moves as a column with what is left: 4 MP */
  apply_expect (game, move_action (game, "u-1", "0102 0103 0104 0105"), NULL);
  apply_expect (game, move_action (game, "u-2", "0302 0303 0304 0305 0306"), NULL);
  apply_expect (game, gbacw_action_new_change_formation (&u2, 1, GBACW_FORMATION_STATE_COLUMN), "6.22");
  /* 6.0: infantry has no mounted formation */
  apply_expect (game, gbacw_action_new_change_formation (&u2, 1, GBACW_FORMATION_STATE_MOUNTED), "6.0");
}

static void
test_6_22_cavalry_at_end (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  int cav;

  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0101", GBACW_FORMATION_STATE_MOUNTED, "s");
  game = movement_game (f);
  cav = unit_index (game, "u-cav");
  apply_expect (game, move_action (game, "u-cav", "0102 0103"), NULL);
  apply_expect (game, gbacw_action_new_change_formation (&cav, 1, GBACW_FORMATION_STATE_DISMOUNTED), NULL);
  /* dismounting ends its movement */
  apply_expect (game, move_action (game, "u-cav", "0104"), "6.22");
}

static void
test_6_21_out_of_command (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  int u;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  game = movement_game (f);
  u = unit_index (game, "u-1");
  unit_of (game, "u-1")->out_of_command = TRUE;   /* as the Initial Command Phase found it (17.11) */
  apply_expect (game, gbacw_action_new_change_formation (&u, 1, GBACW_FORMATION_STATE_COLUMN), "6.21");
  apply_expect (game, move_action (game, "u-1", "0102 0103"), "5.2");
  apply_expect (game, move_action (game, "u-1", "0102"), NULL);
}

static void
test_6_13_unlimbered (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  int bat;

  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0101", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-bat", "0102"), "6.13");
  bat = unit_index (game, "u-bat");
  /* limbering costs its chg (2) out of the limbered allowance (8): 6 MP are left */
  apply_expect (game, gbacw_action_new_change_formation (&bat, 1, GBACW_FORMATION_STATE_LIMBERED), NULL);
  apply_expect (game, move_action (game, "u-bat", "0102 0103 0104 0105 0106 0107"), NULL);
  apply_expect (game, move_action (game, "u-bat", "0108"), "5.11");
}

static void
test_7_facing (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "n");
  INF (f, "u-2", "union", 3, 3, "0105", "n");
  INF (f, "u-3", "union", 3, 3, "0107", "nw");
  game = movement_game (f);
  /* 7.11: a unit faces the hex it enters */
  apply_expect (game, move_action (game, "u-1", "0102"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->facing, ==, direction_of (f->s, "s"));
  /* 7.0: entering an occupied hex it takes the facing of the units there */
  apply_expect (game, move_action (game, "u-2", "0106 0107"), NULL);
  g_assert_cmpint (unit_of (game, "u-2")->facing, ==, direction_of (f->s, "nw"));
  /* 7.12: free facing changes for the whole hex */
  apply_expect (game, gbacw_action_new_change_facing (hex_of (f->s, "0107"), direction_of (f->s, "se")), NULL);
  g_assert_cmpint (unit_of (game, "u-2")->facing, ==, direction_of (f->s, "se"));
  g_assert_cmpint (unit_of (game, "u-3")->facing, ==, direction_of (f->s, "se"));
  /* 7.13: only in the Movement Phase */
  end_phase (game);
  apply_expect (game, gbacw_action_new_change_facing (hex_of (f->s, "0107"), direction_of (f->s, "n")), "7.13");
}

static void
test_8_1_stacking_at_end (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 2, 3, "0105", "s");
  INF (f, "u-2", "union", 2, 3, "0105", "s");
  INF (f, "u-3", "union", 2, 3, "0105", "s");
  INF (f, "u-4", "union", 2, 3, "0101", "s");
  game = movement_game (f);
  /* moving through a full hex is allowed (8.0) */
  apply_expect (game, move_action (game, "u-4", "0102 0103 0104 0105 0106"), NULL);
  apply_expect (game, move_action (game, "u-4", "0105"), NULL);
  /* ending with four units where the chart allows three is not */
  apply_expect (game, gbacw_action_new_end_phase (), "8.11");
  apply_expect (game, move_action (game, "u-4", "0106"), "5.11");
  {
    int u = unit_index (game, "u-1");
    int path = hex_of (f->s, "0205");
    apply_expect (game, gbacw_action_new_move (&u, 1, &path, 1, -1), NULL);
  }
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
}

/* 8.1: stacking limits concern each player's own units: an engaged hex (12.94) holding
 * two units of each side is within the limit of three for both. */
static void
test_8_1_own_units_only (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;

  INF (f, "u-1", "union", 2, 3, "0105", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "u-2", "union", 2, 3, "0105", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-1", "confederate", 2, 3, "0105", "n")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-2", "confederate", 2, 3, "0105", "n")->status = GBACW_STATUS_ENGAGED;
  game = movement_game (f);
  g_assert_true (gbacw_movement_check_stacking (game, hex_of (f->s, "0105"), NULL));
  g_assert_true (gbacw_movement_check_stacking_side (game, hex_of (f->s, "0105"), 0, NULL));
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
  g_assert_cmpint (game->phase, !=, GBACW_PHASE_MOVEMENT);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0105"));
}

/* 8.0 (rule reading): four units in a clear hex (three allowed) that cannot move out
 * (pinned: 10.15 leaves a unit pinned one hex on) do not stop the end of the Movement
 * Phase: the excess, from the top of the stack, is displaced one hex as 14.3 displaces
 * units (with its morale check). While a unit there can move to a hex with room, the
 * owner must do it. */
static void
test_8_0_over_stacked_cannot_move (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  const char *ids[] = { "u-1", "u-2", "u-3", "u-4" };
  int hex = hex_of (f->s, "0205");

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    INF (f, ids[i], "union", 2, 3, "0205", "s")->status = GBACW_STATUS_PINNED;
  INF (f, "c-1", "confederate", 2, 3, "0210", "n");
  game = movement_game (f);
  gbacw_dice_force_list (game->dice, 1, 1, 1, 0);   /* the morale check (14.3) passes */
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
  for (int guard = 0; guard < 4 && gbacw_game_decision (game); guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      const GArray *path;
      g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
      g_assert_cmpuint (d->units->len, ==, 1);
      g_assert_cmpint (g_array_index (d->units, int, 0), ==, g_array_index (gbacw_game_stack (game, hex), int, 0));
      path = g_ptr_array_index (d->paths, 0);
      g_assert_cmpuint (path->len, ==, 1);
      apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
    }
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (game->phase, !=, GBACW_PHASE_MOVEMENT);
  g_assert_cmpuint (gbacw_game_stack (game, hex)->len, ==, 3);
  g_assert_true (gbacw_movement_check_stacking (game, hex, NULL));
  g_assert_true (log_has (game, "8.0", NULL));
  g_assert_true (log_has (game, "14.3", "retreat into"));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0204"));   /* away from the enemy (14.4) */
}

/* 8.0: one unit of the over-stacked hex can still move out to a hex with room: the owner
 * must move it; the end of the phase is refused. */
static void
test_8_0_over_stacked_can_move (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  const char *ids[] = { "u-1", "u-2", "u-3" };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    INF (f, ids[i], "union", 2, 3, "0205", "s")->status = GBACW_STATUS_PINNED;
  INF (f, "u-4", "union", 2, 3, "0205", "s");
  game = movement_game (f);
  apply_expect (game, gbacw_action_new_end_phase (), "8.11");
  apply_expect (game, move_action (game, "u-4", "0206"), NULL);
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
}

static void
test_8_12_stacking_points (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;

  /* woods: 2 units, 8 SP */
  set_terrain (f, "0102", "woods");
  INF (f, "u-1", "union", 5, 3, "0102", "s");
  INF (f, "u-2", "union", 4, 3, "0101", "s");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-2", "0102"), NULL);
  apply_expect (game, gbacw_action_new_end_phase (), "8.12");
}

static void
test_9_84_pinned (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  p = INF (f, "u-1", "union", 3, 3, "0101", "s");
  p->status = GBACW_STATUS_PINNED;
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-1", "0102"), "9.84");
  /* 9.84: pinned units may change facing */
  apply_expect (game, gbacw_action_new_change_facing (hex_of (f->s, "0101"), direction_of (f->s, "n")), NULL);
}

static void
test_17_75_lone_leader_captured (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  LEADER (f, "c-ldr", "confederate", "0102");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-1", "0102"), NULL);
  g_assert_cmpint (unit_of (game, "c-ldr")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_true (log_has (game, "17.75", NULL));
}

static void
test_17_52_leader_alone (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  LEADER (f, "u-ldr", "union", "0101");
  INF (f, "c-1", "confederate", 3, 3, "0107", "n");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-ldr", "0102 0103"), NULL);
  /* four hexes from the enemy: it must end with a combat unit */
  apply_expect (game, gbacw_action_new_end_phase (), "17.52");
  /* five or more: it may stay alone */
  apply_expect (game, move_action (game, "u-ldr", "0102"), NULL);
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
}

static void
test_17_52_leader_cannot_comply (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  /* a pinned leader alone near the enemy cannot move: the phase may still end */
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  p = LEADER (f, "u-ldr", "union", "0105");
  p->status = GBACW_STATUS_PINNED;
  INF (f, "c-1", "confederate", 3, 3, "0107", "n");
  game = movement_game (f);
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
}

/* 17.52, 5.2: a leader out of command moves one hex only: alone four hexes from the
 * enemy, with no friendly combat unit and no hex five from the enemy within one hex, he
 * cannot comply and does not stop the end of the phase; one hex from a safe hex, he must. */
static void
test_17_52_leader_out_of_command (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  LEADER (f, "u-ldr", "union", "0206");
  INF (f, "c-1", "confederate", 3, 3, "0210", "n");
  game = movement_game (f);
  unit_of (game, "u-ldr")->out_of_command = TRUE;
  /* 0205 is five hexes from c-1: one hex away, he must go there */
  apply_expect (game, gbacw_action_new_end_phase (), "17.52");
  apply_expect (game, move_action (game, "u-ldr", "0207"), NULL);
  /* now three hexes from c-1, every hex within one is nearer than five: no requirement */
  apply_expect (game, gbacw_action_new_end_phase (), NULL);
}

static void
test_range (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwMoveRange) range = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) path = NULL;

  set_terrain (f, "0302", "woods");
  INF (f, "u-1", "union", 3, 3, "0301", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = movement_game (f);
  range = gbacw_movement_range (game, unit_index (game, "u-1"), &error);
  g_assert_no_error (error);
  g_assert_cmpint (range->allowance, ==, 12);
  g_assert_cmpint (range->cost[hex_of (f->s, "0302")], ==, 4);    /* woods: 2 MP */
  g_assert_cmpint (range->cost[hex_of (f->s, "0303")], ==, -1);   /* 5.12 */
  g_assert_cmpint (range->cost[hex_of (f->s, "0306")], >, 0);
  /* every hex of the range is reached by a legal move of that cost */
  path = gbacw_move_range_path (range, hex_of (f->s, "0306"));
  g_assert_nonnull (path);
  {
    int u = unit_index (game, "u-1");
    int cost = range->cost[hex_of (f->s, "0306")];
    apply_expect (game, gbacw_action_new_move (&u, 1, (int *) path->data, path->len, -1), NULL);
    hold_fire (game);   /* the path may leave c-1's ZOC (10.1) */
    g_assert_cmpint (unit_of (game, "u-1")->mp_spent, ==, cost);
  }
}

static void
test_range_speed_shape (void)
{
  /* 5.2: a routed unit's range is its neighbours, whatever they cost */
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwMoveRange) range = NULL;
  GbacwPlacement *p;

  set_terrain (f, "0302", "woods");
  p = INF (f, "u-1", "union", 3, 3, "0303", "s");
  p->status = GBACW_STATUS_ROUTED;
  game = movement_game (f);
  range = gbacw_movement_range (game, unit_index (game, "u-1"), NULL);
  g_assert_nonnull (range);
  g_assert_true (range->one_hex);
  g_assert_cmpuint (range->hexes->len, ==, 6);
}

/* The Terrain Effects on Movement Chart of the fixture with tall woods prohibited to
 * mounted cavalry (P, like a swamp in C 23.5). */
static void
prohibit_tall_woods_to_mounted (Fixture *f)
{
  GbacwChart *tem = gbacw_scenario_find_chart (f->s, "terrain-movement");
  int row = gbacw_chart_find_row (tem, "cavalry-mounted");
  int col = gbacw_chart_find_column (tem, "tall-woods");
  GbacwChartRow *r;

  g_assert_cmpint (row, >=, 0);
  g_assert_cmpint (col, >=, 0);
  r = g_ptr_array_index (tem->rows, row);
  gbacw_cell_clear (&r->cells[col]);
  gbacw_cell_parse (&r->cells[col], "P");
}

/* 5.19: no change into a formation the chart prohibits in the hex (mounting in a swamp). */
static void
test_5_19_formation_prohibited (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  int cav;

  prohibit_tall_woods_to_mounted (f);
  set_terrain (f, "0105", "tall-woods");
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 2, 3, "C", "0105", GBACW_FORMATION_STATE_DISMOUNTED, "s");
  add_unit (f, "u-cav2", "union", GBACW_UNIT_CAVALRY, 2, 3, "C", "0205", GBACW_FORMATION_STATE_DISMOUNTED, "s");
  game = movement_game (f);
  cav = unit_index (game, "u-cav");
  apply_expect (game, gbacw_action_new_change_formation (&cav, 1, GBACW_FORMATION_STATE_MOUNTED), "5.19");
  g_assert_cmpint (unit_of (game, "u-cav")->formation, ==, GBACW_FORMATION_STATE_DISMOUNTED);
  /* in clear it may */
  cav = unit_index (game, "u-cav2");
  apply_expect (game, gbacw_action_new_change_formation (&cav, 1, GBACW_FORMATION_STATE_MOUNTED), NULL);
  g_assert_cmpint (unit_of (game, "u-cav2")->formation, ==, GBACW_FORMATION_STATE_MOUNTED);
}

/* 5.19: reinforcements do not enter at a hex whose terrain is prohibited to them. */
static void
test_5_19_reinforcement_prohibited (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;

  prohibit_tall_woods_to_mounted (f);
  set_terrain (f, "0101", "tall-woods");
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 2, 3, "C", "0101", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "u-inf", "union", 3, 3, "0101", "s");
  reinforce (f, "u-cav", 1, "0101 0301", GBACW_FORMATION_STATE_MOUNTED);
  reinforce (f, "u-inf", 1, "0101", GBACW_FORMATION_STATE_LINE);
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-cav", "0101"), "5.19");
  apply_expect (game, move_action (game, "u-cav", "0101 0102"), "5.19");
  apply_expect (game, move_action (game, "u-inf", "0101"), NULL);   /* infantry may */
  apply_expect (game, move_action (game, "u-cav", "0301"), NULL);   /* the other entry hex is clear */
}

static void
test_26_0_reinforcements (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  int both[2];

  INF (f, "u-0", "union", 3, 3, "0305", "s");
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "u-2", "union", 3, 3, "0101", "s");
  INF (f, "u-3", "union", 3, 3, "0101", "s");
  INF (f, "u-late", "union", 3, 3, "0101", "s");
  reinforce (f, "u-1 u-2 u-3", 1, "0101 0301", GBACW_FORMATION_STATE_COLUMN);
  reinforce (f, "u-late", 2, "0101", GBACW_FORMATION_STATE_COLUMN);
  game = movement_game (f);
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
  g_assert_cmpint (unit_of (game, "u-1")->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  apply_expect (game, move_action (game, "u-late", "0101"), "26.0");   /* Game-Turn 2 */
  apply_expect (game, move_action (game, "u-1", "0201"), "26.0");      /* not an entry hex */
  /* a column from off the map: the first pays 1 MP to enter, the second 2, the third 3 */
  apply_expect (game, move_action (game, "u-1", "0101 0102 0103"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->mp_spent, ==, 2 * 3);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0103"));
  both[0] = unit_index (game, "u-2");
  both[1] = unit_index (game, "u-3");
  {
    int entry = hex_of (f->s, "0101");
    apply_expect (game, gbacw_action_new_move (both, 2, &entry, 1, -1), NULL);
  }
  g_assert_cmpint (unit_of (game, "u-2")->mp_spent, ==, 2 * 2);
  g_assert_cmpint (unit_of (game, "u-3")->mp_spent, ==, 2 * 3);
  g_assert_false (unit_of (game, "u-2")->out_of_command);   /* 26.13 */
  g_assert_true (log_has (game, "26.0", "unit 3 of its column"));
  assert_replays (f, game);
}

static GbacwAction *
restack (GbacwGame *game, const char *hex, const char *ids)
{
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; names[i]; i++)
    {
      int u = unit_index (game, names[i]);
      g_array_append_val (units, u);
    }
  return gbacw_action_new_restack (hex_of (game->scenario, hex), (int *) units->data, units->len);
}

static int
stack_top (GbacwGame *game, const char *hex)
{
  return g_array_index (gbacw_game_stack (game, hex_of (game->scenario, hex)), int, 0);
}

/* 8.41: the stacking order changes only in the owner's Movement Phase, or at the end of a
 * Fire Phase in which the top unit ran out of ammunition; it is saved and replayed. */
static void
test_8_41_stacking_order (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwAction) partial = NULL;
  g_autofree char *xml = NULL;

  INF (f, "u-1", "union", 1, 3, "0101", "s");
  INF (f, "u-2", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0103", "n");
  INF (f, "c-2", "confederate", 3, 3, "0103", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  apply_expect (game, restack (game, "0101", "u-2 u-1"), "8.41");   /* not the Movement Phase */
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, restack (game, "0103", "c-2 c-1"), "8.41");   /* the enemy's Movement Phase */
  partial = restack (game, "0101", "u-2");
  g_assert_false (gbacw_game_apply_action (game, partial, &error));   /* every unit of the side in the hex */
  g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID);
  apply_expect (game, restack (game, "0101", "u-2 u-1"), NULL);
  g_assert_cmpint (stack_top (game, "0101"), ==, unit_index (game, "u-2"));
  apply_expect (game, restack (game, "0101", "u-1 u-2"), NULL);
  g_assert_true (log_has (game, "8.41", NULL));
  assert_replays (f, game);   /* (with the seed's dice: before any forced die) */
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  apply_expect (game, restack (game, "0101", "u-2 u-1"), "8.41");
  /* the top unit fires and runs out of ammunition (die 1: a check; 2: depleted) */
  gbacw_dice_force_list (game->dice, 1, 2, 0);
  apply_expect (game, fire1 (game, "0103", "u-1", 0), NULL);
  g_assert_true (unit_of (game, "u-1")->status & GBACW_STATUS_AMMO_DEPLETED);
  apply_expect (game, restack (game, "0101", "u-2 u-1"), "8.41");   /* at the end of the phase, not during it */
  end_phase (game);
  while (gbacw_game_decision (game))
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      const GArray *path = d->paths && d->paths->len ? g_ptr_array_index (d->paths, 0) : NULL;
      apply_expect (game, path ? gbacw_action_new_answer_path ((const int *) path->data, path->len)
                               : gbacw_action_new_answer_fire (NULL, 0), NULL);
    }
  g_assert_cmpint (game->phase, !=, GBACW_PHASE_OFFENSIVE_FIRE);
  apply_expect (game, restack (game, "0103", "c-2 c-1"), "8.41");   /* only the hex whose top unit ran out */
  apply_expect (game, restack (game, "0101", "u-2 u-1"), NULL);
  g_assert_cmpint (stack_top (game, "0101"), ==, unit_index (game, "u-2"));
  end_phase (game);   /* any other action closes the window */
  apply_expect (game, restack (game, "0101", "u-1 u-2"), "8.41");
  xml = gbacw_game_to_xml (game, "test.xml");
  g_assert_nonnull (strstr (xml, "<restack hex=\"0101\" units=\"u-2 u-1\"/>"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/movement/5.11-allowance", test_5_11_allowance);
  g_test_add_func ("/engine/movement/5.12-enemy-occupied", test_5_12_enemy_hex);
  g_test_add_func ("/engine/movement/5.15-most-expensive-terrain", test_5_15_most_expensive_terrain);
  g_test_add_func ("/engine/movement/5.19-hexside-costs-cumulative", test_hexside_cumulative);
  g_test_add_func ("/engine/movement/6.12-roads-only-in-column", test_6_12_roads_only_in_column);
  g_test_add_func ("/engine/movement/6.11-friendly-road-hex", test_6_11_friendly_road_hex);
  g_test_add_func ("/engine/movement/5.2-routed-one-hex", test_5_2_routed);
  g_test_add_func ("/engine/movement/5.2-out-of-command", test_6_21_out_of_command);
  g_test_add_func ("/engine/movement/8.16-column-into-occupied-hex", test_8_16_column);
  g_test_add_func ("/engine/movement/8.17-mounted-cavalry", test_8_17_mounted_cavalry);
  g_test_add_func ("/engine/movement/10.1-withdrawal-fire-pending", test_10_1_withdrawal_pending);
  g_test_add_func ("/engine/movement/6.22-formation-change-cost", test_6_22_formation_change_cost);
  g_test_add_func ("/engine/movement/6.22-cavalry-at-end", test_6_22_cavalry_at_end);
  g_test_add_func ("/engine/movement/6.13-unlimbered-artillery", test_6_13_unlimbered);
  g_test_add_func ("/engine/movement/7.11-7.12-facing", test_7_facing);
  g_test_add_func ("/engine/movement/8.11-stacking-at-end-of-phase", test_8_1_stacking_at_end);
  g_test_add_func ("/engine/movement/8.12-stacking-points", test_8_12_stacking_points);
  g_test_add_func ("/engine/movement/8.1-stacking-own-units-only", test_8_1_own_units_only);
  g_test_add_func ("/engine/movement/8.0-over-stacked-units-cannot-move", test_8_0_over_stacked_cannot_move);
  g_test_add_func ("/engine/movement/8.0-over-stacked-unit-can-move", test_8_0_over_stacked_can_move);
  g_test_add_func ("/engine/movement/9.84-pinned", test_9_84_pinned);
  g_test_add_func ("/engine/movement/17.75-lone-leader-captured", test_17_75_lone_leader_captured);
  g_test_add_func ("/engine/movement/17.52-leader-alone", test_17_52_leader_alone);
  g_test_add_func ("/engine/movement/17.52-leader-cannot-comply", test_17_52_leader_cannot_comply);
  g_test_add_func ("/engine/movement/17.52-leader-out-of-command", test_17_52_leader_out_of_command);
  g_test_add_func ("/engine/movement/range", test_range);
  g_test_add_func ("/engine/movement/26.0-reinforcements", test_26_0_reinforcements);
  g_test_add_func ("/engine/movement/5.19-formation-prohibited-terrain", test_5_19_formation_prohibited);
  g_test_add_func ("/engine/movement/5.19-reinforcement-prohibited-terrain", test_5_19_reinforcement_prohibited);
  g_test_add_func ("/engine/movement/5.2-routed-range", test_range_speed_shape);
  g_test_add_func ("/engine/movement/8.41-stacking-order", test_8_41_stacking_order);
  return g_test_run ();
}
