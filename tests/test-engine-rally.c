/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-rally.c: morale and rally (13.3, 13.5, 17.13): what routed units may not
 * do, routing again, and rallying in the Rally Phase: with a leader, with a brigade
 * commander's Rally Points within his Effectiveness Radius, or by a die for independent
 * units and gun crews. */
#define G_LOG_DOMAIN "test-engine-rally"

#include "test-engine-fixture.c"

#include "gbacw-game-private.h"
#include "gbacw-leadership.h"

static void
brigade (Fixture *f, const char *leader_hex, int er, int rally)
{
  LEADER (f, "u-ldr", "union", leader_hex);
  set_leader (f, "u-ldr", GBACW_LEADER_BRIGADE, er, rally, 3, GBACW_UNSET);
  add_formation (f, "u-brig", "union", GBACW_FORMATION_BRIGADE, NULL, "u-ldr");
  set_formation (f, "u-ldr", "u-brig");
}

static GbacwPlacement *
routed (Fixture *f, const char *id, const char *hex, int morale)
{
  GbacwPlacement *p = INF (f, id, "union", 3, morale, hex, "s");
  p->status = GBACW_STATUS_ROUTED;
  return p;
}

static void
test_13_52_stacked_with_leader (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;

  brigade (f, "0101", 2, 1);
  routed (f, "u-1", "0101", 3);
  routed (f, "u-2", "0109", 3);
  set_formation (f, "u-1 u-2", "u-brig");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_RALLY, 0);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ROUTED);
  g_assert_true (log_has (game, "13.52", "stacked with a leader"));
  g_assert_true (unit_of (game, "u-2")->status & GBACW_STATUS_ROUTED);   /* no die for it */
  g_assert_cmpuint (gbacw_dice_n_rolled (game->dice), ==, 0);
}

static void
test_13_52_rally_points (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  int ldr;

  brigade (f, "0101", 2, 1);
  routed (f, "u-1", "0103", 3);
  routed (f, "u-2", "0202", 3);
  routed (f, "u-far", "0108", 3);
  routed (f, "u-other", "0102", 3);   /* of no brigade: independent */
  set_formation (f, "u-1 u-2 u-far", "u-brig");
  game = start_game (f);
  ldr = unit_index (game, "u-ldr");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, gbacw_action_new_rally (ldr, unit_index (game, "u-1")), "13.51");
  /* u-other is independent: it rolls in the Rally Phase (13.54): die 6 > 3 */
  gbacw_dice_force_list (game->dice, 6, 0);
  goto_phase (game, GBACW_PHASE_RALLY, 0);
  g_assert_true (unit_of (game, "u-other")->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (unit_of (game, "u-ldr")->rally_points, ==, 1);
  apply_expect (game, gbacw_action_new_rally (ldr, unit_index (game, "u-far")), "13.53");     /* seven hexes */
  apply_expect (game, gbacw_action_new_rally (ldr, unit_index (game, "u-other")), "13.54");
  apply_expect (game, gbacw_action_new_rally (ldr, unit_index (game, "u-1")), NULL);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (unit_of (game, "u-ldr")->rally_points, ==, 0);
  apply_expect (game, gbacw_action_new_rally (ldr, unit_index (game, "u-1")), "13.51");      /* no longer routed */
  apply_expect (game, gbacw_action_new_rally (ldr, unit_index (game, "u-2")), "17.13");      /* no points left */
}

static void
test_13_54_independent_and_crews (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  p = routed (f, "u-ind", "0101", 4);
  gbacw_oob_find_unit (&f->s->oob, "u-ind")->flags |= GBACW_UNIT_FLAG_INDEPENDENT;
  p = add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 3, "L", "0105", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  p->status = GBACW_STATUS_ROUTED | GBACW_STATUS_ABANDONED;
  game = start_game (f);
  /* "an independent unit with a Morale Rating of 4 would be rallied on a roll of 4 or
   * less"; the crew: die 4 > 3 stays routed */
  gbacw_dice_force_list (game->dice, 4, 4, 0);
  goto_phase (game, GBACW_PHASE_RALLY, 0);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_false (unit_of (game, "u-ind")->status & GBACW_STATUS_ROUTED);
  g_assert_true (unit_of (game, "u-bat")->status & GBACW_STATUS_ROUTED);
  g_assert_true (unit_of (game, "u-bat")->status & GBACW_STATUS_ABANDONED);
  /* the next Rally Phase: die 3: the crew rallies and returns to its guns */
  gbacw_dice_force_list (game->dice, 3, 0);
  goto_phase (game, GBACW_PHASE_RALLY, 1);
  goto_phase (game, GBACW_PHASE_RALLY, 0);
  g_assert_false (unit_of (game, "u-bat")->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_ABANDONED));
}

static void
test_13_32_rout_effects (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;

  routed (f, "u-1", "0105", 3);
  INF (f, "c-1", "confederate", 3, 3, "0106", "n");
  game = start_game (f);
  /* no ZOC (13.32) */
  g_assert_false (gbacw_movement_exerts_zoc (game, unit_index (game, "u-1"), hex_of (f->s, "0106")));
  /* no fire */
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  apply_expect (game, fire1 (game, "0106", "u-1", 0), "13.32");
}

static void
test_13_33_routs_again (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 12);
  g_autoptr (GbacwGame) game = NULL;

  /* a routed unit that takes casualties routs again: three more hexes (13.33) */
  INF (f, "c-1", "confederate", 3, 3, "0101", "s");
  INF (f, "u-1", "union", 3, 3, "0102", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 1);
  unit_of (game, "u-1")->status |= GBACW_STATUS_ROUTED;   /* (an independent unit would roll to rally before) */
  /* 6; routed: enfiladed (6.35): 1R: die 6: 1*: u-1 2 SP; routs again, no morale die */
  gbacw_dice_force_list (game->dice, 6, 0);
  apply_expect (game, fire1 (game, "0102", "c-1", 0), NULL);
  end_phase (game);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "13.33", NULL));
  g_assert_cmpint (unit_of (game, "u-1")->strength, ==, 2);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0105"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/rally/13.52-stacked-with-leader", test_13_52_stacked_with_leader);
  g_test_add_func ("/engine/rally/13.52-rally-points", test_13_52_rally_points);
  g_test_add_func ("/engine/rally/13.54-independent-and-crews", test_13_54_independent_and_crews);
  g_test_add_func ("/engine/rally/13.32-rout-effects", test_13_32_rout_effects);
  g_test_add_func ("/engine/rally/13.33-routs-again", test_13_33_routs_again);
  return g_test_run ();
}
