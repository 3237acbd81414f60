/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-cases-melee.c: the melee cases (7.32, 9.54, 12.14, 12.24, 12.26, 12.32, 12.73, 12.75,
 * 12.76, 12.89, 12.96, 16.27, 17.4) that test-engine-melee.c leaves out (engine/CASES.md), each on a small built
 * position. The Union attacks from 0302 (facing south) into 0303 unless a test says
 * otherwise; 0202 (facing se) and 0402 (facing sw) are also adjacent to 0303. */
#define G_LOG_DOMAIN "test-engine-cases-melee"

#include "test-engine-fixture.c"

#include "gbacw-ai.h"
#include "gbacw-melee.h"
#include "gbacw-query.h"

/* Declares attackers into 0303, the defender stands, and at differential 0 die 3 gives
 * Eng to both (12.94): the attackers enter 0303. */
static void
engage (GbacwGame *game, const char *attackers)
{
  GbacwMeleeOdds odds;

  declare_and_stand (game, attackers, "0303", FALSE);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);
  odds_of (game, attackers, "0303", FALSE, &odds);
  g_assert_cmpint (odds.differential, ==, 0);
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, melee_action (game, attackers, "0303"), NULL);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "12.94", NULL));
  keep_facing (game);
}

/* Every engaged unit of the phasing player stays in its melee (12.94). */
static void
stay_engaged (GbacwGame *game)
{
  for (int guard = 0; guard < 20; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d == NULL || d->kind != GBACW_DECISION_ENGAGED_RETREAT)
        break;
      apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
    }
  g_assert_null (gbacw_game_decision (game));
}

/* To the former defender's Melee Phase; its engaged units stay (12.94). */
static void
to_defender_melee (GbacwGame *game)
{

  goto_phase (game, GBACW_PHASE_MELEE, 1);
  stay_engaged (game);
}

/* 12.26: a unit melees units in only one hex. */
static void
test_12_26_one_hex (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  INF (f, "c-2", "confederate", 3, 3, "0402", "nw");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  stand_all (game);
  apply_expect (game, declare (game, "u-1", "0402", FALSE), "12.26");
}

/* 12.75: friendly units in different hexes, announced separately, melee one hex together. */
static void
test_12_75_from_two_hexes (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "u-2", "union", 2, 3, "0202", "se");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  stand_all (game);
  declare_and_stand (game, "u-2", "0303", FALSE);
  odds_of (game, "u-1 u-2", "0303", FALSE, &odds);
  g_assert_cmpint (odds.attack, ==, 5);
  g_assert_cmpint (odds.defend, ==, 3);
  gbacw_dice_force_list (game->dice, 1, 0);   /* 1a at +2: —; 1d at +2: C1R3 */
  apply_expect (game, melee_action (game, "u-1 u-2", "0303"), NULL);
  g_assert_true (log_has (game, "12.0", "differential +2"));
  g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 2);
}

/* 12.73: the melee stacking limit (clear: 12 SP) applies to each side separately:
 * 12 SP may attack 12 SP; a 13th attacking SP is refused. */
static void
test_12_73_per_side (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  INF (f, "u-1", "union", 6, 3, "0302", "s");
  INF (f, "u-2", "union", 6, 3, "0202", "se");
  INF (f, "u-3", "union", 1, 3, "0402", "sw");
  INF (f, "c-1", "confederate", 6, 3, "0303", "n");
  INF (f, "c-2", "confederate", 6, 3, "0303", "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1 u-2", "0303", FALSE), NULL);
  stand_all (game);
  apply_expect (game, declare (game, "u-3", "0303", FALSE), "12.72");
  end_phase (game);
  odds_of (game, "u-1 u-2", "0303", FALSE, &odds);
  g_assert_cmpint (odds.attack_base, ==, 12);
  g_assert_cmpint (odds.defend_base, ==, 12);
  g_assert_cmpint (odds.differential, ==, 0);
}

/* 12.89: a unit out of command may still retreat before melee. */
static void
test_12_89_out_of_command (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  unit_of (game, "c-1")->out_of_command = TRUE;
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_BEFORE_MELEE);
  g_assert_cmpint (d->side, ==, 1);
  g_assert_cmpuint (d->paths->len, >, 0);
}

/* 12.32: in an engaged melee the hex's terrain (town: -1 SP) counts only against units
 * joining it, not against those already engaged in the hex. */
static void
test_12_32_engaged_terrain (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  set_terrain (f, "0303", "town");
  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 2, 3, "0303", "n");
  INF (f, "c-2", "confederate", 2, 3, "0304", "n");
  game = melee_game (f);
  engage (game, "u-1");   /* 3 - 1 (town) vs 2 */
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0303"));
  to_defender_melee (game);
  odds_of (game, "c-1", "0303", FALSE, &odds);
  g_assert_cmpint (odds.terrain, ==, 0);
  g_assert_cmpint (odds.attack_base, ==, 2);
  odds_of (game, "c-1 c-2", "0303", FALSE, &odds);
  g_assert_cmpint (odds.terrain, ==, 1);   /* c-2 joins from 0304 */
  g_assert_cmpint (odds.attack_base, ==, 3);
}

/* 12.96: artillery engaged in melee may melee in its own Melee Phase (12.25 otherwise
 * forbids crews to initiate melee). */
static void
test_12_96_engaged_crew_melees (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 1, 4, "0302", "s");
  add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  add_unit (f, "c-bat2", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0402", GBACW_FORMATION_STATE_UNLIMBERED, "sw");
  game = melee_game (f);
  engage (game, "u-1");   /* 1 vs the full crew's 1 */
  g_assert_true (unit_of (game, "c-bat")->status & GBACW_STATUS_ENGAGED);
  to_defender_melee (game);
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, melee_action (game, "c-bat", "0303"), NULL);
  g_assert_true (log_has (game, "12.0", NULL));
}

/* 12.76: units may not move through a hex engaged in melee: units engaged in 0403 may not
 * leave it to join the melee engaged in 0303. */
static void
test_12_76_engaged_hex (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "u-2", "union", 3, 3, "0404", "n");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  INF (f, "c-2", "confederate", 3, 3, "0403", "s");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  stand_all (game);
  declare_and_stand (game, "u-2", "0403", FALSE);
  gbacw_dice_force_list (game->dice, 3, 3, 0);   /* 0, die 3: Eng both, twice */
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  keep_facing (game);
  apply_expect (game, melee_action (game, "u-2", "0403"), NULL);
  keep_facing (game);
  g_assert_true (unit_of (game, "u-2")->status & GBACW_STATUS_ENGAGED);
  g_assert_cmpint (unit_of (game, "u-2")->hex, ==, hex_of (f->s, "0403"));
  to_defender_melee (game);
  goto_phase (game, GBACW_PHASE_MELEE, 0);
  stay_engaged (game);
  apply_expect (game, melee_action (game, "u-2", "0303"), "12.76");
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);   /* fighting on in its own hex */
}

/* 7.32: after a melee the owner may rearrange the facing of the units in it (a change-facing
 * action in the Melee Phase); units that did not melee keep theirs (7.13). */
static void
test_7_32_facing_after_melee (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 1, 4, "0302", "s");
  INF (f, "u-2", "union", 1, 4, "0102", "s");
  INF (f, "c-1", "confederate", 1, 4, "0303", "n");
  game = melee_game (f);
  engage (game, "u-1");
  g_assert_cmpint (unit_of (game, "u-1")->facing, ==, direction_of (f->s, "s"));   /* faces the hex entered */
  /* u-2 took no part in a melee: refused */
  apply_expect (game, gbacw_action_new_change_facing (hex_of (f->s, "0102"), direction_of (f->s, "n")), "7.13");
  g_assert_cmpint (unit_of (game, "u-2")->facing, ==, direction_of (f->s, "s"));
  apply_expect (game, gbacw_action_new_change_facing (hex_of (f->s, "0303"), direction_of (f->s, "ne")), NULL);
  g_assert_true (log_has (game, "7.32", NULL));
  g_assert_cmpint (unit_of (game, "u-1")->facing, ==, direction_of (f->s, "ne"));
  g_assert_cmpint (unit_of (game, "c-1")->facing, ==, direction_of (f->s, "n"));   /* not the phasing player's */
  /* saved and replayed like any action */
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *xml = gbacw_game_to_xml (game, "scenario.xml");
    g_autoptr (GbacwGame) again = gbacw_game_replay (f->s, xml, strlen (xml), &error);
    g_assert_no_error (error);
    g_assert_cmpint (unit_of (again, "u-1")->facing, ==, direction_of (f->s, "ne"));
  }
  /* the next Melee Phase starts afresh */
  goto_phase (game, GBACW_PHASE_MELEE, 1);
  stay_engaged (game);
  goto_phase (game, GBACW_PHASE_MELEE, 0);
  stay_engaged (game);
  apply_expect (game, gbacw_action_new_change_facing (hex_of (f->s, "0303"), direction_of (f->s, "s")), "7.13");
}

/* 12.14: a wagon crew melees with a strength of one, whatever its SP (no half crew). */
static void
test_12_14_wagon_crew_strength (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  add_unit (f, "c-wagon", "confederate", GBACW_UNIT_WAGON, 3, 3, "R", "0303", GBACW_FORMATION_STATE_UNSET, "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  odds_of (game, "u-1", "0303", FALSE, &odds);
  g_assert_cmpint (odds.attack_base, ==, 3);
  g_assert_cmpint (odds.defend_base, ==, 1);   /* not the crew's 3 SP */
  g_assert_cmpint (gbacw_melee_unit_strength (game, unit_index (game, "c-wagon"), FALSE, FALSE, TRUE, FALSE), ==, 1);
  unit_of (game, "c-wagon")->strength = 1;
  g_assert_cmpint (gbacw_melee_unit_strength (game, unit_index (game, "c-wagon"), FALSE, FALSE, TRUE, FALSE), ==, 1);
}

/* 12.24: infantry in Column that is meleed goes into Line as soon as the melee is resolved. */
static void
test_12_24_column_meleed_into_line (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 1, 4, "0302", "s");
  add_unit (f, "c-1", "confederate", GBACW_UNIT_INFANTRY, 1, 4, "R", "0303", GBACW_FORMATION_STATE_COLUMN, "n");
  game = melee_game (f);
  g_assert_cmpint (unit_of (game, "c-1")->formation, ==, GBACW_FORMATION_STATE_COLUMN);
  engage (game, "u-1");
  g_assert_cmpint (unit_of (game, "c-1")->formation, ==, GBACW_FORMATION_STATE_LINE);
  g_assert_true (log_has (game, "12.24", NULL));
}

/* 16.27: charging cavalry that gets an Engaged result still routs after the melee. */
static void
test_16_27_chargers_rout_on_eng (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GArray) units = NULL;
  GbacwMeleeOdds odds;

  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0302", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "c-1", "confederate", 6, 3, "0303", "n");
  game = melee_game (f);
  units = units_of (game, "u-cav");
  apply_expect (game, gbacw_action_new_declare_melee ((int *) units->data, units->len, hex_of (f->s, "0303"), TRUE),
                NULL);
  stand_all (game);
  end_phase (game);
  g_assert_true (gbacw_melee_odds (game, units, hex_of (f->s, "0303"), TRUE, &odds, NULL));
  g_assert_cmpint (odds.attack_base, ==, 6);   /* 16.24 */
  g_assert_cmpint (odds.differential, ==, 0);
  gbacw_dice_force_list (game->dice, 3, 0);   /* 0, die 3: Eng both */
  apply_expect (game, melee_action (game, "u-cav", "0303"), NULL);
  g_assert_true (log_has (game, "12.94", NULL));
  g_assert_true (unit_of (game, "u-cav")->status & GBACW_STATUS_ROUTED);
  g_assert_true (log_has (game, "16.25", NULL));
}

/* 17.4: two leaders stacked with the units give +1 in melee, not +2, on either side. */
static void
test_17_4_two_leaders_once (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwMeleeOdds odds;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  LEADER (f, "u-ldr1", "union", "0302");
  LEADER (f, "u-ldr2", "union", "0302");
  INF (f, "c-1", "confederate", 2, 3, "0303", "n");
  LEADER (f, "c-ldr1", "confederate", "0303");
  LEADER (f, "c-ldr2", "confederate", "0303");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  odds_of (game, "u-1", "0303", FALSE, &odds);
  g_assert_cmpint (odds.attack_leader, ==, 1);
  g_assert_cmpint (odds.defend_leader, ==, 1);
  g_assert_cmpint (odds.differential, ==, 1);   /* 3 + 1 against 2 + 1 */
}

/* 7.32: when a melee is concluded the defender too may rearrange the facing of his units
 * that took part in it: he is asked (never decided for him); a unit that did not melee may
 * not be faced; a stack has one facing (8.42). */
static void
test_7_32_defender_rearranges_facing (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  const GbacwDecision *d;
  int c1, c2, se, ne;
  g_autofree char *xml = NULL;

  INF (f, "u-1", "union", 1, 4, "0302", "s");
  INF (f, "c-1", "confederate", 1, 4, "0303", "n");
  INF (f, "c-2", "confederate", 1, 4, "0105", "n");
  game = melee_game (f);
  c1 = unit_index (game, "c-1");
  c2 = unit_index (game, "c-2");
  se = direction_of (f->s, "se");
  ne = direction_of (f->s, "ne");
  declare_and_stand (game, "u-1", "0303", FALSE);
  gbacw_dice_force_list (game->dice, 3, 0);   /* 0, die 3: Eng both */
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_MELEE_FACING);
  g_assert_cmpint (d->side, ==, 1);
  g_assert_cmpstr (d->rule_case, ==, "7.32");
  g_assert_true (d->may_decline);
  g_assert_cmpuint (d->units->len, ==, 1);
  g_assert_cmpint (g_array_index (d->units, int, 0), ==, c1);
  g_assert_cmpuint (d->hexes->len, ==, 1);
  g_assert_cmpint (g_array_index (d->hexes, int, 0), ==, hex_of (f->s, "0303"));
  g_assert_cmpint (gbacw_game_decider (game), ==, 1);
  /* nothing else until it is answered; c-2 took no part */
  apply_expect (game, gbacw_action_new_end_phase (), "7.32");
  apply_expect (game, gbacw_action_new_answer_facings (&c2, &se, 1), "7.32");
  apply_expect (game, gbacw_action_new_answer_facings ((int[]) { c1, c1 }, (int[]) { se, ne }, 2), "8.42");
  apply_expect (game, gbacw_action_new_answer_facings (&c1, &se, 1), NULL);
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (unit_of (game, "c-1")->facing, ==, se);
  g_assert_cmpint (unit_of (game, "c-2")->facing, ==, direction_of (f->s, "n"));
  g_assert_cmpint (unit_of (game, "u-1")->facing, ==, direction_of (f->s, "s"));   /* the attacker's are his own */
  g_assert_true (log_has (game, "7.32", "face se"));
  /* the answer is saved with the game */
  xml = gbacw_game_to_xml (game, "scenario.xml");
  g_assert_nonnull (strstr (xml, "<firer unit=\"c-1\" strength=\"0\" hexside=\"se\"/>"));
  /* the attacker's own rearrangement (7.32, CHANGE_FACING) is unchanged */
  apply_expect (game, gbacw_action_new_change_facing (hex_of (f->s, "0303"), ne), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->facing, ==, ne);
  g_assert_cmpint (unit_of (game, "c-1")->facing, ==, se);
}

/* 7.32: the computer player answers the defender's question: after a retreat (12.92) its
 * unit faces the enemy again; the answer is legal and ends the question. */
static void
test_7_32_computer_defender_faces (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAi) ai = NULL;
  g_autoptr (GbacwAction) action = NULL;
  const GbacwDecision *d;
  const GbacwGameUnit *c;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  declare_and_stand (game, "u-1", "0303", FALSE);
  /* 0, die 1: attacker —, defender C1R2; the morale check at the end: die 1 */
  gbacw_dice_force_list (game->dice, 1, 1, 0);
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  ai = gbacw_ai_new (game, 1);
  for (int guard = 0; guard < 5 && (d = gbacw_game_decision (game)) && d->kind == GBACW_DECISION_RETREAT_PATH; guard++)
    {
      const GArray *path = g_ptr_array_index (d->paths, 0);
      apply_expect (game, gbacw_action_new_answer_path ((const int *) path->data, path->len), NULL);
    }
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_MELEE_FACING);
  c = unit_of (game, "c-1");
  g_assert_cmpint (gbacw_hex_grid_distance (&f->s->map->grid, gbacw_hex_grid_hex_at (&f->s->map->grid, c->hex),
                                            gbacw_hex_grid_hex_at (&f->s->map->grid, hex_of (f->s, "0303"))), ==, 2);
  action = gbacw_ai_choose (ai, game);
  g_assert_nonnull (action);
  g_assert_cmpint (action->kind, ==, GBACW_ACTION_ANSWER);
  apply_expect (game, g_steal_pointer (&action), NULL);
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (c->facing, ==, gbacw_query_direction_toward (game, c->hex, hex_of (f->s, "0303")));
}

/* 12.96: a supply wagon engaged in melee may melee in its next Friendly Melee Phase
 * (12.25 otherwise forbids its crew to initiate one); a wagon not engaged may not. */
static void
test_12_96_engaged_wagon_melees (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;

  INF (f, "u-1", "union", 1, 4, "0302", "s");
  add_unit (f, "c-w", "confederate", GBACW_UNIT_WAGON, 2, 4, "R", "0303", GBACW_FORMATION_STATE_UNSET, "n");
  add_unit (f, "c-w2", "confederate", GBACW_UNIT_WAGON, 2, 4, "R", "0402", GBACW_FORMATION_STATE_UNSET, "sw");
  game = melee_game (f);
  engage (game, "u-1");   /* 1 against the crew's 1 (12.14) */
  g_assert_true (unit_of (game, "c-w")->status & GBACW_STATUS_ENGAGED);
  g_assert_true (unit_of (game, "c-w")->crew_may_melee);
  to_defender_melee (game);
  apply_expect (game, melee_action (game, "c-w2", "0303"), "12.25");
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, melee_action (game, "c-w", "0303"), NULL);
  g_assert_true (log_has (game, "12.0", "Melee at 0303 by c-w"));
}

/* 12.96, 9.84, 9.85: a pinned unit meleed (and so unpinned) with an engaged result may melee
 * in its next Friendly Melee Phase; a pinned unit not in a melee may not initiate one. */
static void
test_12_96_engaged_pinned_unit_melees (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwPlacement *p;

  INF (f, "u-1", "union", 1, 4, "0302", "s");
  p = INF (f, "c-1", "confederate", 1, 4, "0303", "n");
  p->status = GBACW_STATUS_PINNED;
  p = INF (f, "c-2", "confederate", 1, 4, "0402", "sw");
  p->status = GBACW_STATUS_PINNED;
  game = melee_game (f);
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);
  engage (game, "u-1");
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);   /* 9.85 */
  to_defender_melee (game);
  g_assert_true (unit_of (game, "c-2")->status & GBACW_STATUS_PINNED);    /* its pin lasts to its Rally Phase */
  apply_expect (game, melee_action (game, "c-2", "0303"), "9.84");
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, melee_action (game, "c-1", "0303"), NULL);
  g_assert_true (log_has (game, "12.0", "Melee at 0303 by c-1"));
}

/* 9.54: roads have no effect on melee: into a town (1 point off, 12.31) or clear hex, a road
 * across the hexside changes nothing. */
static void
test_9_54_roads_no_effect_on_melee (void)
{
  for (int variant = 0; variant < 4; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (5, 8);
      g_autoptr (GbacwGame) game = NULL;
      gboolean town = variant >= 2, road = variant % 2 == 1;
      GbacwMeleeOdds odds;

      INF (f, "u-1", "union", 3, 3, "0302", "s");
      INF (f, "c-1", "confederate", 3, 3, "0303", "n");
      if (town)
        set_terrain (f, "0303", "town");
      if (road)
        add_road (f, "0302", "s");
      game = melee_game (f);
      odds_of (game, "u-1", "0303", FALSE, &odds);
      g_assert_cmpint (odds.terrain, ==, town ? 1 : 0);
      g_assert_cmpint (odds.attack, ==, town ? 2 : 3);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/melee/12.26-one-hex", test_12_26_one_hex);
  g_test_add_func ("/engine/melee/12.75-from-two-hexes", test_12_75_from_two_hexes);
  g_test_add_func ("/engine/melee/12.73-limit-per-side", test_12_73_per_side);
  g_test_add_func ("/engine/melee/12.89-out-of-command-retreats", test_12_89_out_of_command);
  g_test_add_func ("/engine/melee/12.32-engaged-terrain", test_12_32_engaged_terrain);
  g_test_add_func ("/engine/melee/12.96-engaged-crew-melees", test_12_96_engaged_crew_melees);
  g_test_add_func ("/engine/melee/12.76-engaged-hex", test_12_76_engaged_hex);
  g_test_add_func ("/engine/melee/7.32-facing-after-melee", test_7_32_facing_after_melee);
  g_test_add_func ("/engine/melee/7.32-defender-rearranges-facing", test_7_32_defender_rearranges_facing);
  g_test_add_func ("/engine/melee/7.32-computer-defender-faces", test_7_32_computer_defender_faces);
  g_test_add_func ("/engine/melee/12.96-engaged-wagon-melees", test_12_96_engaged_wagon_melees);
  g_test_add_func ("/engine/melee/12.96-engaged-pinned-unit-melees", test_12_96_engaged_pinned_unit_melees);
  g_test_add_func ("/engine/melee/9.54-roads-no-effect", test_9_54_roads_no_effect_on_melee);
  g_test_add_func ("/engine/melee/12.14-wagon-crew-strength", test_12_14_wagon_crew_strength);
  g_test_add_func ("/engine/melee/12.24-column-meleed-into-line", test_12_24_column_meleed_into_line);
  g_test_add_func ("/engine/melee/16.27-chargers-rout-on-eng", test_16_27_chargers_rout_on_eng);
  g_test_add_func ("/engine/melee/17.4-two-leaders-once", test_17_4_two_leaders_once);
  return g_test_run ();
}
