/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-cases-command.c: the command cases (10.5, 11.13, 17.66, 17.68, 17.82) that
 * test-engine-command.c leaves out (engine/CASES.md), each on a small built position. */
#define G_LOG_DOMAIN "test-engine-cases-command"

#include "test-engine-fixture.c"

#include "gbacw-leadership.h"

/* A Union division: u-div-ldr (DIR 4, CP 2) with brigade u-brig (u-brig-ldr, ER 2). */
static void
union_division (Fixture *f, const char *div_hex, const char *brig_hex)
{
  LEADER (f, "u-div-ldr", "union", div_hex);
  LEADER (f, "u-brig-ldr", "union", brig_hex);
  set_leader (f, "u-div-ldr", GBACW_LEADER_DIVISION, 4, 2, 4, 2);
  set_leader (f, "u-brig-ldr", GBACW_LEADER_BRIGADE, 2, 1, 3, GBACW_UNSET);
  add_formation (f, "u-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-div-ldr");
  add_formation (f, "u-brig", "union", GBACW_FORMATION_BRIGADE, "u-div", "u-brig-ldr");
  set_formation (f, "u-div-ldr", "u-div");
  set_formation (f, "u-brig-ldr", "u-brig");
}

/* 10.5: no Zone of Control across an impassable hexside (data/charts/standard.xml's
 * "impassable" style): c-1 faces it, c-2 the same way across open ground. */
static void
test_10_5_impassable_hexside (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 4);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  INF (f, "c-2", "confederate", 3, 3, "0302", "n");
  add_hexside_type (f->s, "impassable", "impassable", GBACW_SIDE_MODE_NONE);
  add_hexside (f, "0102", "n", "impassable");
  game = start_game (f);
  g_assert_false (gbacw_movement_exerts_zoc (game, unit_index (game, "c-1"), hex_of (f->s, "0101")));
  g_assert_true (gbacw_movement_exerts_zoc (game, unit_index (game, "c-2"), hex_of (f->s, "0301")));
  g_assert_false (gbacw_movement_in_enemy_path_zoc (game, hex_of (f->s, "0101"), 0));
  g_assert_true (gbacw_movement_in_enemy_path_zoc (game, hex_of (f->s, "0301"), 0));
}

/* 10.5: a hexside whose features the Terrain Effects on Movement Chart prohibits to every
 * unit both ways (a river, the fixture's "P" in every row) is impassable: no ZOC across it
 * (so no withdrawal fire leaving it), as no movement; a bridge some units may cross (a
 * column, 6.12) makes it passable, as a hexside with an "impassable" style never is. */
static void
test_10_5_prohibited_hexside (void)
{
  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (4, 6);
      g_autoptr (GbacwGame) game = NULL;
      gboolean open = variant == 0 || variant == 2;
      int from, d;

      INF (f, "c-1", "confederate", 3, 3, "0203", "n");
      INF (f, "u-1", "union", 3, 3, "0202", "n");
      if (variant >= 1)
        add_hexside (f, "0203", "n", "river");
      if (variant == 2)
        add_hexside (f, "0203", "n", "bridge");
      game = start_game (f);
      from = hex_of (f->s, "0203");
      d = direction_of (f->s, "n");
      g_assert_cmpint (gbacw_game_hexside_impassable (game, from, d), ==, !open);
      g_assert_cmpint (gbacw_game_hexside_impassable (game, hex_of (f->s, "0202"), direction_of (f->s, "s")), ==, !open);
      g_assert_cmpint (gbacw_movement_exerts_zoc (game, unit_index (game, "c-1"), hex_of (f->s, "0202")), ==, open);
      g_assert_cmpint (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0202"), 0, FALSE), ==, open);
      g_assert_cmpint (gbacw_movement_in_enemy_path_zoc (game, hex_of (f->s, "0202"), 0), ==, open);
      /* u-1 leaves: withdrawal fire only when c-1's ZOC reaches it */
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      apply_expect (game, move_action (game, "u-1", "0201"), NULL);
      g_assert_cmpint (gbacw_game_decision (game) != NULL, ==, open);
    }
}

/* 11.13: supply wagons are always independent, even listed in a brigade; out of the
 * brigade commander's radius the wagon stays in command, an infantry unit does not. */
static void
test_11_13_wagons_independent (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  union_division (f, "0101", "0101");
  add_unit (f, "u-wagon", "union", GBACW_UNIT_WAGON, 2, 3, "R", "0110", GBACW_FORMATION_STATE_UNSET, "s");
  INF (f, "u-1", "union", 3, 3, "0210", "s");
  set_formation (f, "u-wagon u-1", "u-brig");
  game = start_game (f);
  g_assert_true (gbacw_leadership_independent (game, unit_index (game, "u-wagon")));
  g_assert_false (gbacw_leadership_independent (game, unit_index (game, "u-1")));
  end_phase (game);
  g_assert_false (unit_of (game, "u-wagon")->out_of_command);
  g_assert_true (unit_of (game, "u-1")->out_of_command);
}

/* An independent brigade u-ind (u-ind-ldr, ER 2, with u-2) at hex, under parent or none. */
static void
independent_brigade (Fixture *f, const char *hex, const char *parent)
{
  GbacwFormation *ind;

  LEADER (f, "u-ind-ldr", "union", hex);
  set_leader (f, "u-ind-ldr", GBACW_LEADER_BRIGADE, 2, 1, 3, GBACW_UNSET);
  ind = add_formation (f, "u-ind", "union", GBACW_FORMATION_BRIGADE, parent, "u-ind-ldr");
  ind->independent = TRUE;
  set_formation (f, "u-ind-ldr", "u-ind");
  INF (f, "u-2", "union", 3, 3, hex, "s");
  set_formation (f, "u-2", "u-ind");
}

/* 17.66: an independent brigade may be attached to a division (within its DIR, 17.64),
 * and its commander functions normally without a division commander: attached, far
 * outside the DIR, he is not out of command (17.21) while an ordinary brigade's commander is. */
static void
test_17_66_independent_brigade (void)
{
  {
    g_autoptr (Fixture) f = fixture_new (4, 14);
    g_autoptr (GbacwGame) game = NULL;

    union_division (f, "0101", "0102");
    independent_brigade (f, "0303", NULL);
    game = start_game (f);
    apply_expect (game, gbacw_action_new_attach (unit_index (game, "u-ind-ldr"), unit_index (game, "u-div-ldr")), NULL);
    g_assert_cmpint (game->formation_parent[2], ==, 0);
  }
  {
    g_autoptr (Fixture) f = fixture_new (4, 14);
    g_autoptr (GbacwGame) game = NULL;

    union_division (f, "0101", "0112");
    INF (f, "u-1", "union", 3, 3, "0112", "s");
    set_formation (f, "u-1", "u-brig");
    independent_brigade (f, "0312", "u-div");   /* attached, eleven hexes from the division commander */
    game = start_game (f);
    g_assert_cmpint (game->formation_parent[2], ==, 0);
    end_phase (game);
    g_assert_false (unit_of (game, "u-ind-ldr")->out_of_command);   /* 17.21 does not apply */
    g_assert_true (unit_of (game, "u-brig-ldr")->out_of_command);
    g_assert_false (unit_of (game, "u-2")->out_of_command);
  }
}

/* 17.68: the units of a detached brigade stay subordinate to their brigade commander. */
static void
test_17_68_detached_subordinate (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 14);
  g_autoptr (GbacwGame) game = NULL;
  int brig, u1;

  union_division (f, "0101", "0102");
  INF (f, "u-1", "union", 3, 3, "0102", "s");
  INF (f, "u-far", "union", 3, 3, "0108", "s");
  set_formation (f, "u-1 u-far", "u-brig");
  game = start_game (f);
  brig = unit_index (game, "u-brig-ldr");
  u1 = unit_index (game, "u-1");
  apply_expect (game, gbacw_action_new_detach (brig), NULL);
  g_assert_cmpint (game->formation_parent[1], ==, -1);
  g_assert_false (gbacw_leadership_independent (game, u1));
  g_assert_cmpint (gbacw_leadership_commander (game, u1), ==, brig);
  g_assert_true (gbacw_leader_commands (game, brig, u1));
  end_phase (game);
  g_assert_false (unit_of (game, "u-1")->out_of_command);
  g_assert_true (unit_of (game, "u-far")->out_of_command);   /* still bound to the brigade's ER */
}

/* 17.82: a replacement brigade commander lost in turn is redeployed again (no limit). */
static void
test_17_82_replacement_lost (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  union_division (f, "0101", "0102");
  INF (f, "u-1", "union", 3, 3, "0102", "s");
  INF (f, "u-2", "union", 3, 3, "0106", "s");
  set_formation (f, "u-1 u-2", "u-brig");
  game = start_game (f);
  for (int time = 1; time <= 2; time++)
    {
      gbacw_leadership_leader_lost (game, unit_index (game, "u-brig-ldr"), GBACW_PRESENCE_KILLED);
      goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
      end_phase (game);
      d = gbacw_game_decision (game);
      g_assert_nonnull (d);
      g_assert_cmpint (d->kind, ==, GBACW_DECISION_PLACE_LEADER);
      apply_expect (game, gbacw_action_new_answer_hex (hex_of (f->s, time == 1 ? "0106" : "0102")), NULL);
      g_assert_cmpint (unit_of (game, "u-brig-ldr")->hex, ==, hex_of (f->s, time == 1 ? "0106" : "0102"));
      g_assert_cmpint (unit_of (game, "u-brig-ldr")->times_lost, ==, time);
      g_assert_cmpint (unit_of (game, "u-brig-ldr")->presence, ==, GBACW_PRESENCE_ON_MAP);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/command/10.5-impassable-hexside", test_10_5_impassable_hexside);
  g_test_add_func ("/engine/command/10.5-prohibited-hexside", test_10_5_prohibited_hexside);
  g_test_add_func ("/engine/command/11.13-wagons-independent", test_11_13_wagons_independent);
  g_test_add_func ("/engine/command/17.66-independent-brigade", test_17_66_independent_brigade);
  g_test_add_func ("/engine/command/17.68-detached-subordinate", test_17_68_detached_subordinate);
  g_test_add_func ("/engine/command/17.82-replacement-lost", test_17_82_replacement_lost);
  return g_test_run ();
}
