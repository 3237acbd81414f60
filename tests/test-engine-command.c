/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-command.c: leadership and command (17.0-17.8, 5.2, 5.3, 10.4, 13.53):
 * the Initial Command Phase (Effectiveness Radius, DIR, Command Points, attachment and
 * detachment), what out-of-command units may not do, leader casualties and the Final
 * Command Phase's replacements and promotions. */
#define G_LOG_DOMAIN "test-engine-command"

#include "test-engine-fixture.c"

#include "gbacw-leadership.h"

/* A Union division: u-div-ldr (DIR 4, CP 2) with brigades u-brig (u-brig-ldr, ER 2:
 * u-1, u-2) and u-brig2 (u-b2-ldr, ER 2: u-3); unit positions are the test's. */
static void
union_division (Fixture *f, const char *div_hex, const char *brig_hex, const char *b2_hex)
{
  LEADER (f, "u-div-ldr", "union", div_hex);
  LEADER (f, "u-brig-ldr", "union", brig_hex);
  LEADER (f, "u-b2-ldr", "union", b2_hex);
  set_leader (f, "u-div-ldr", GBACW_LEADER_DIVISION, 4, 2, 4, 2);
  set_leader (f, "u-brig-ldr", GBACW_LEADER_BRIGADE, 2, 1, 3, GBACW_UNSET);
  set_leader (f, "u-b2-ldr", GBACW_LEADER_BRIGADE, 2, 1, 3, GBACW_UNSET);
  add_formation (f, "u-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-div-ldr");
  add_formation (f, "u-brig", "union", GBACW_FORMATION_BRIGADE, "u-div", "u-brig-ldr");
  add_formation (f, "u-brig2", "union", GBACW_FORMATION_BRIGADE, "u-div", "u-b2-ldr");
  set_formation (f, "u-div-ldr", "u-div");
  set_formation (f, "u-brig-ldr", "u-brig");
  set_formation (f, "u-b2-ldr", "u-brig2");
}

static GbacwGame *
command_phase_end (Fixture *f)
{
  GbacwGame *game = start_game (f);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  end_phase (game);
  return game;
}

static void
test_17_11_effectiveness_radius (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  int u2;

  union_division (f, "0301", "0101", "0112");
  INF (f, "u-1", "union", 3, 3, "0103", "s");
  INF (f, "u-2", "union", 3, 3, "0105", "s");
  INF (f, "u-3", "union", 3, 3, "0112", "s");
  INF (f, "c-1", "confederate", 3, 3, "0209", "n");
  set_formation (f, "u-1 u-2", "u-brig");
  set_formation (f, "u-3", "u-brig2");
  game = command_phase_end (f);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MOVEMENT);
  g_assert_false (unit_of (game, "u-1")->out_of_command);   /* two hexes from u-brig-ldr */
  g_assert_true (unit_of (game, "u-2")->out_of_command);    /* four */
  g_assert_true (log_has (game, "17.11", "out of command"));
  /* 17.11: one hex, no formation change; no Offensive Fire */
  apply_expect (game, move_action (game, "u-2", "0106 0107"), "5.2");
  u2 = unit_index (game, "u-2");
  apply_expect (game, gbacw_action_new_change_formation (&u2, 1, GBACW_FORMATION_STATE_COLUMN), "6.21");
  apply_expect (game, move_action (game, "u-2", "0106"), NULL);
  apply_expect (game, move_action (game, "u-1", "0104 0105 0106 0107"), NULL);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  apply_expect (game, fire1 (game, "0209", "u-2", 0), "17.11");
}

static void
test_17_22_command_points (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;
  int div, brig, b2;

  union_division (f, "0103", "0101", "0111");
  INF (f, "u-1", "union", 3, 3, "0201", "s");
  INF (f, "u-2", "union", 3, 3, "0105", "s");
  INF (f, "u-3", "union", 3, 3, "0112", "s");
  set_formation (f, "u-1 u-2", "u-brig");
  set_formation (f, "u-3", "u-brig2");
  game = start_game (f);
  div = unit_index (game, "u-div-ldr");
  brig = unit_index (game, "u-brig-ldr");
  b2 = unit_index (game, "u-b2-ldr");
  g_assert_cmpint (unit_of (game, "u-div-ldr")->cp_left, ==, 2);
  apply_expect (game, gbacw_action_new_command_points (div, brig, 3), "17.22");
  apply_expect (game, gbacw_action_new_command_points (brig, brig, 1), "17.22");   /* not a division commander */
  /* u-b2-ldr is eight hexes from his division commander: outside the DIR of 4 */
  apply_expect (game, gbacw_action_new_command_points (div, b2, 1), "17.22");
  apply_expect (game, gbacw_action_new_command_points (div, brig, 2), NULL);
  g_assert_cmpint (gbacw_leadership_er (game, brig), ==, 4);
  g_assert_cmpint (unit_of (game, "u-div-ldr")->cp_left, ==, 0);
  end_phase (game);
  g_assert_false (unit_of (game, "u-2")->out_of_command);   /* four hexes: in the augmented radius */
  /* only in the Initial Command Phase */
  apply_expect (game, gbacw_action_new_command_points (div, brig, 1), "17.22");
  /* 17.21: u-b2-ldr out of DIR moves one hex; his unit stays in command (5.2, new) */
  g_assert_true (unit_of (game, "u-b2-ldr")->out_of_command);
  g_assert_false (unit_of (game, "u-3")->out_of_command);
  apply_expect (game, move_action (game, "u-b2-ldr", "0110 0109"), "5.2");
  apply_expect (game, move_action (game, "u-b2-ldr", "0112"), NULL);
  /* the next Player-Turn of the Union: the points are spent again from the start */
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  g_assert_cmpint (unit_of (game, "u-div-ldr")->cp_left, ==, 2);
  g_assert_cmpint (gbacw_leadership_er (game, brig), ==, 2);
  assert_replays (f, game);
}

static void
test_5_2_old_option (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  /* rules matrix §1.B #3: under the old 5.2, the units of a brigade commander out of his DIR
   * are out of command too */
  union_division (f, "0101", "0111", "0103");
  INF (f, "u-1", "union", 3, 3, "0112", "s");
  INF (f, "u-3", "union", 3, 3, "0104", "s");
  set_formation (f, "u-1", "u-brig");
  set_formation (f, "u-3", "u-brig2");
  g_ptr_array_add (f->s->options, gbacw_param_new ("command-5.2", "old"));
  game = command_phase_end (f);
  g_assert_false (game->option_command_new);
  g_assert_true (unit_of (game, "u-brig-ldr")->out_of_command);
  g_assert_true (unit_of (game, "u-1")->out_of_command);
  g_assert_false (unit_of (game, "u-3")->out_of_command);
}

static void
test_10_4_radius_path (void)
{
  /* u-brig-ldr at 0201 (ER 2), u-1 at 0203: the only two-hex path runs through 0202 */
  for (int variant = 0; variant < 4; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (4, 6);
      g_autoptr (GbacwGame) game = NULL;
      gboolean expect_out[] = { FALSE, TRUE, FALSE, TRUE };

      union_division (f, "0201", "0201", "0201");
      INF (f, "u-1", "union", 3, 3, "0203", "s");
      set_formation (f, "u-1", "u-brig");
      /* the division commander and u-b2-ldr stand with u-brig-ldr: u-1 must be reached */
      switch (variant)
        {
        case 0:   /* clear */
          break;
        case 1:   /* 0202 in c-1's ZOC (c-1 faces sw) */
          INF (f, "c-1", "confederate", 3, 3, "0302", "sw");
          break;
        case 2:   /* 10.5: a friendly unit in 0202 negates it */
          INF (f, "c-1", "confederate", 3, 3, "0302", "sw");
          INF (f, "u-2", "union", 3, 3, "0202", "s");
          break;
        case 3:   /* 16.31: a mounted cavalry ZOC counts for leader paths, facing away */
          add_unit (f, "c-cav", "confederate", GBACW_UNIT_CAVALRY, 3, 3, "C", "0302", GBACW_FORMATION_STATE_MOUNTED, "ne");
          break;
        default:
          break;
        }
      game = command_phase_end (f);
      g_assert_cmpint (unit_of (game, "u-1")->out_of_command, ==, expect_out[variant]);
    }
}

static void
test_13_53_enemy_unit_blocks (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 6);
  g_autoptr (GbacwGame) game = NULL;

  union_division (f, "0101", "0101", "0101");
  INF (f, "u-1", "union", 3, 3, "0103", "s");
  set_formation (f, "u-1", "u-brig");
  /* a routed enemy has no ZOC, but its hex still blocks the radius */
  {
    GbacwPlacement *p = INF (f, "c-1", "confederate", 3, 3, "0102", "n");
    p->status = GBACW_STATUS_ROUTED;
  }
  game = command_phase_end (f);
  g_assert_true (unit_of (game, "u-1")->out_of_command);
}

static void
test_5_3_independent (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  union_division (f, "0101", "0101", "0101");
  INF (f, "u-ind", "union", 3, 3, "0112", "s");
  INF (f, "u-none", "union", 3, 3, "0312", "s");
  set_formation (f, "u-ind", "u-brig");
  gbacw_oob_find_unit (&f->s->oob, "u-ind")->flags |= GBACW_UNIT_FLAG_INDEPENDENT;
  game = command_phase_end (f);
  g_assert_false (unit_of (game, "u-ind")->out_of_command);    /* 5.3: "indpnt" */
  g_assert_false (unit_of (game, "u-none")->out_of_command);   /* no formation: independent */
}

static void
test_17_23_stacked_with_leader (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 12);
  g_autoptr (GbacwGame) game = NULL;

  union_division (f, "0110", "0101", "0101");
  INF (f, "u-1", "union", 3, 3, "0110", "s");
  set_formation (f, "u-1", "u-brig");
  game = command_phase_end (f);
  g_assert_false (unit_of (game, "u-1")->out_of_command);
  g_assert_cmpint (unit_of (game, "u-1")->commanded_by, ==, unit_index (game, "u-div-ldr"));
}

/* 17.14: a brigade commander whose subordinate units have all been eliminated still
 * commands the units stacked with him: u-3 of another brigade, far out of its own
 * commander's radius, is in command stacked with u-brig-ldr (u-1, his only unit, was
 * eliminated); u-4, alone, is out of command. */
static void
test_17_14_commander_without_units (void)
{
  for (int eliminated = 0; eliminated < 2; eliminated++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 12);
      g_autoptr (GbacwGame) game = NULL;
      GbacwGameUnit *u1;

      union_division (f, "0101", "0110", "0101");
      INF (f, "u-1", "union", 3, 3, "0310", "s");
      INF (f, "u-3", "union", 3, 3, "0110", "s");
      INF (f, "u-4", "union", 3, 3, "0112", "s");
      set_formation (f, "u-1", "u-brig");
      set_formation (f, "u-3 u-4", "u-brig2");
      game = start_game (f);
      u1 = unit_of (game, "u-1");
      if (eliminated)
        {
          u1->killed += u1->strength;
          u1->strength = 0;
          gbacw_game_remove_unit (game, u1->index, GBACW_PRESENCE_ELIMINATED);
        }
      end_phase (game);
      g_assert_cmpint (game->phase, ==, GBACW_PHASE_MOVEMENT);
      g_assert_false (unit_of (game, "u-3")->out_of_command);   /* stacked with a leader: 17.0, 17.14 */
      g_assert_true (unit_of (game, "u-4")->out_of_command);
      /* the reason is 17.14 only when his own units are gone */
      g_assert_cmpint (log_has (game, "17.14", "u-3"), ==, eliminated);
      /* and it acts as in command: more than one hex (5.2) */
      apply_expect (game, move_action (game, "u-3", "0109 0108"), NULL);
      apply_expect (game, move_action (game, "u-4", "0111 0110"), "5.2");
    }
}

static void
test_17_6_attach_detach (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 14);
  g_autoptr (GbacwGame) game = NULL;
  int brig, b2, div, div2;

  union_division (f, "0101", "0102", "0103");
  LEADER (f, "u-div2-ldr", "union", "0112");
  set_leader (f, "u-div2-ldr", GBACW_LEADER_DIVISION, 4, 2, 4, 1);
  add_formation (f, "u-div2", "union", GBACW_FORMATION_DIVISION, NULL, "u-div2-ldr");
  add_formation (f, "u-brig3", "union", GBACW_FORMATION_BRIGADE, "u-div2", NULL);
  set_formation (f, "u-div2-ldr", "u-div2");
  INF (f, "u-1", "union", 3, 3, "0102", "s");
  INF (f, "u-3", "union", 3, 3, "0103", "s");
  set_formation (f, "u-1", "u-brig");
  set_formation (f, "u-3", "u-brig2");
  game = start_game (f);
  brig = unit_index (game, "u-brig-ldr");
  b2 = unit_index (game, "u-b2-ldr");
  div = unit_index (game, "u-div-ldr");
  div2 = unit_index (game, "u-div2-ldr");
  /* 17.62: within DIR; 17.63: one original brigade detached at a time */
  apply_expect (game, gbacw_action_new_attach (brig, div2), "17.62");   /* not detached yet */
  apply_expect (game, gbacw_action_new_detach (brig), NULL);
  g_assert_cmpint (game->formation_parent[1], ==, -1);
  apply_expect (game, gbacw_action_new_detach (b2), "17.63");
  /* 17.64: attached only within the DIR of the other division commander (nine hexes away) */
  apply_expect (game, gbacw_action_new_attach (brig, div2), "17.64");
  end_phase (game);
  /* detached: moves independently, not out of command for the DIR */
  g_assert_false (unit_of (game, "u-brig-ldr")->out_of_command);
  apply_expect (game, move_action (game, "u-brig-ldr", "0103 0104 0105 0106 0107 0108"), NULL);
  apply_expect (game, move_action (game, "u-1", "0103 0104 0105 0106 0107"), NULL);
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  apply_expect (game, gbacw_action_new_detach (brig), "17.62");   /* already detached */
  apply_expect (game, gbacw_action_new_attach (brig, div2), NULL);
  g_assert_cmpint (game->formation_parent[1], ==, 3);
  g_assert_true (gbacw_leader_commands (game, div2, unit_index (game, "u-1")));
  g_assert_false (gbacw_leader_commands (game, div, unit_index (game, "u-1")));
  /* 17.61: only in the Initial Command Phase */
  end_phase (game);
  apply_expect (game, gbacw_action_new_detach (b2), "17.61");
  assert_replays (f, game);
}

static void
test_17_67_bce_limit (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;

  union_division (f, "0101", "0102", "0103");
  INF (f, "u-1", "union", 3, 3, "0102", "s");
  set_formation (f, "u-1", "u-brig");
  gbacw_oob_find_formation (&f->s->oob, "u-brig")->bce[0] = 2;
  game = start_game (f);
  unit_of (game, "u-1")->killed = 2;   /* two boxes marked (18.0) */
  unit_of (game, "u-1")->strength = 1;
  g_assert_true (gbacw_leadership_bce_lost (game, 1));
  apply_expect (game, gbacw_action_new_detach (unit_index (game, "u-brig-ldr")), "17.67");
}

static void
test_17_83_promotion (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  int brig;

  union_division (f, "0101", "0102", "0103");
  INF (f, "u-1", "union", 3, 3, "0102", "s");
  INF (f, "u-3", "union", 3, 3, "0103", "s");
  set_formation (f, "u-1", "u-brig");
  set_formation (f, "u-3", "u-brig2");
  game = start_game (f);
  brig = unit_index (game, "u-brig-ldr");
  gbacw_leadership_leader_lost (game, unit_index (game, "u-div-ldr"), GBACW_PRESENCE_KILLED);
  g_assert_cmpint (unit_of (game, "u-div-ldr")->times_lost, ==, 1);
  end_phase (game);
  /* 17.65: the brigades are not detached; out of DIR with no division commander */
  g_assert_true (unit_of (game, "u-brig-ldr")->out_of_command);
  /* 17.84: at the end of the Final Command Phase, the owner chooses whom to promote */
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_PROMOTE);
  g_assert_cmpuint (d->units->len, ==, 2);
  apply_expect (game, gbacw_action_new_answer_unit (unit_index (game, "u-1")), "17.83");
  apply_expect (game, gbacw_action_new_answer_unit (brig), NULL);
  g_assert_cmpint (game->formation_commander[0], ==, brig);
  g_assert_true (unit_of (game, "u-brig-ldr")->promoted);
  g_assert_cmpint (game->formation_commander[1], ==, -1);   /* no replacement counter in this order of battle */
  g_assert_true (log_has (game, "17.83", "no replacement leader"));
  /* 17.85: DIR but no Command Points */
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  g_assert_cmpint (unit_of (game, "u-brig-ldr")->cp_left, ==, 0);
  end_phase (game);
  g_assert_false (unit_of (game, "u-b2-ldr")->out_of_command);   /* within the new commander's DIR (3) */
}

static void
test_17_81_replacement (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  union_division (f, "0101", "0102", "0103");
  INF (f, "u-1", "union", 3, 3, "0102", "s");
  INF (f, "u-2", "union", 3, 3, "0106", "s");
  set_formation (f, "u-1 u-2", "u-brig");
  game = start_game (f);
  gbacw_leadership_leader_lost (game, unit_index (game, "u-brig-ldr"), GBACW_PRESENCE_WOUNDED);
  end_phase (game);
  g_assert_true (unit_of (game, "u-1")->out_of_command);   /* no brigade commander: out of command */
  goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
  end_phase (game);
  /* 17.81: the replacement (the counter turned over) joins any unit of the brigade */
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_PLACE_LEADER);
  g_assert_cmpstr (d->rule_case, ==, "17.8");
  g_assert_cmpuint (d->hexes->len, ==, 2);
  apply_expect (game, gbacw_action_new_answer_hex (hex_of (f->s, "0106")), NULL);
  g_assert_cmpint (unit_of (game, "u-brig-ldr")->hex, ==, hex_of (f->s, "0106"));
  g_assert_cmpint (unit_of (game, "u-brig-ldr")->times_lost, ==, 1);
  g_assert_cmpint (game->phasing_side, ==, 1);
}

static void
test_17_72_leader_casualty_table (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* 17.76 from the chart: small arms, two dice 5: wounded */
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  INF (f, "c-1", "confederate", 3, 3, "0102", "n");
  LEADER (f, "c-ldr", "confederate", "0102");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  /* 6 (4-6), die 6: 1; leader 2 + 3 = 5: wounded; morale 1 */
  gbacw_dice_force_list (game->dice, 6, 2, 3, 1, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-ldr")->presence, ==, GBACW_PRESENCE_WOUNDED);
  g_assert_cmpint (unit_of (game, "c-ldr")->times_lost, ==, 1);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/command/17.11-effectiveness-radius", test_17_11_effectiveness_radius);
  g_test_add_func ("/engine/command/17.22-command-points", test_17_22_command_points);
  g_test_add_func ("/engine/command/5.2-old-option", test_5_2_old_option);
  g_test_add_func ("/engine/command/10.4-radius-path", test_10_4_radius_path);
  g_test_add_func ("/engine/command/13.53-enemy-unit-blocks", test_13_53_enemy_unit_blocks);
  g_test_add_func ("/engine/command/5.3-independent", test_5_3_independent);
  g_test_add_func ("/engine/command/17.23-stacked-with-leader", test_17_23_stacked_with_leader);
  g_test_add_func ("/engine/command/17.14-commander-without-units", test_17_14_commander_without_units);
  g_test_add_func ("/engine/command/17.6-attach-detach", test_17_6_attach_detach);
  g_test_add_func ("/engine/command/17.67-bce-limit", test_17_67_bce_limit);
  g_test_add_func ("/engine/command/17.83-promotion", test_17_83_promotion);
  g_test_add_func ("/engine/command/17.81-replacement", test_17_81_replacement);
  g_test_add_func ("/engine/command/17.72-leader-casualty-table", test_17_72_leader_casualty_table);
  return g_test_run ();
}
