/* test-engine-cases-melee.c: the melee cases (7.32, 12.26, 12.32, 12.73, 12.75, 12.76,
 * 12.89, 12.96) that test-engine-melee.c leaves out (engine/CASES.md), each on a small built
 * position. The Union attacks from 0302 (facing south) into 0303 unless a test says
 * otherwise; 0202 (facing se) and 0402 (facing sw) are also adjacent to 0303. */
#include "test-engine-fixture.c"

#include "gbacw-melee.h"

static GbacwGame *
melee_game (Fixture *f)
{
  GbacwGame *game = start_game (f);
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  return game;
}

static GArray *
units_of (GbacwGame *game, const char *ids)
{
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);
  GArray *units = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; names[i]; i++)
    {
      int u = unit_index (game, names[i]);
      g_array_append_val (units, u);
    }
  return units;
}

static GbacwAction *
declare (GbacwGame *game, const char *ids, const char *hex)
{
  g_autoptr (GArray) units = units_of (game, ids);
  return gbacw_action_new_declare_melee ((int *) units->data, units->len, hex_of (game->scenario, hex), FALSE);
}

static GbacwAction *
melee_action (GbacwGame *game, const char *ids, const char *hex)
{
  g_autoptr (GArray) units = units_of (game, ids);
  return gbacw_action_new_melee ((int *) units->data, units->len, hex_of (game->scenario, hex));
}

/* The defender stands wherever asked (12.8). */
static void
stand_all (GbacwGame *game)
{
  for (int guard = 0; guard < 20; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d == NULL || d->kind != GBACW_DECISION_RETREAT_BEFORE_MELEE)
        return;
      apply_expect (game, gbacw_action_new_answer_path (NULL, 0), NULL);
    }
}

static void
odds_of (GbacwGame *game, const char *ids, const char *hex, GbacwMeleeOdds *odds)
{
  g_autoptr (GArray) units = units_of (game, ids);
  g_autoptr (GError) error = NULL;
  g_assert_true (gbacw_melee_odds (game, units, hex_of (game->scenario, hex), FALSE, odds, &error));
  g_assert_no_error (error);
}

/* Declares attackers into 0303, the defender stands, and at differential 0 die 3 gives
 * Eng to both (12.94): the attackers enter 0303. */
static void
engage (GbacwGame *game, const char *attackers)
{
  GbacwMeleeOdds odds;

  apply_expect (game, declare (game, attackers, "0303"), NULL);
  stand_all (game);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);
  odds_of (game, attackers, "0303", &odds);
  g_assert_cmpint (odds.differential, ==, 0);
  gbacw_dice_force_list (game->dice, 3, 0);
  apply_expect (game, melee_action (game, attackers, "0303"), NULL);
  g_assert_cmpuint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "12.94", NULL));
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
  apply_expect (game, declare (game, "u-1", "0303"), NULL);
  stand_all (game);
  apply_expect (game, declare (game, "u-1", "0402"), "12.26");
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
  apply_expect (game, declare (game, "u-1", "0303"), NULL);
  stand_all (game);
  apply_expect (game, declare (game, "u-2", "0303"), NULL);
  stand_all (game);
  end_phase (game);
  odds_of (game, "u-1 u-2", "0303", &odds);
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
  apply_expect (game, declare (game, "u-1 u-2", "0303"), NULL);
  stand_all (game);
  apply_expect (game, declare (game, "u-3", "0303"), "12.72");
  end_phase (game);
  odds_of (game, "u-1 u-2", "0303", &odds);
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
  apply_expect (game, declare (game, "u-1", "0303"), NULL);
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
  odds_of (game, "c-1", "0303", &odds);
  g_assert_cmpint (odds.terrain, ==, 0);
  g_assert_cmpint (odds.attack_base, ==, 2);
  odds_of (game, "c-1 c-2", "0303", &odds);
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
  apply_expect (game, declare (game, "u-1", "0303"), NULL);
  stand_all (game);
  apply_expect (game, declare (game, "u-2", "0403"), NULL);
  stand_all (game);
  end_phase (game);
  gbacw_dice_force_list (game->dice, 3, 3, 0);   /* 0, die 3: Eng both, twice */
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);
  apply_expect (game, melee_action (game, "u-2", "0403"), NULL);
  g_assert_true (unit_of (game, "u-2")->status & GBACW_STATUS_ENGAGED);
  g_assert_cmpint (unit_of (game, "u-2")->hex, ==, hex_of (f->s, "0403"));
  to_defender_melee (game);
  goto_phase (game, GBACW_PHASE_MELEE, 0);
  stay_engaged (game);
  apply_expect (game, melee_action (game, "u-2", "0303"), "12.76");
  apply_expect (game, melee_action (game, "u-1", "0303"), NULL);   /* fighting on in its own hex */
}

/* 7.32: after a melee the owner may rearrange the facing of the units in it. */
static void
test_7_32_facing_after_melee (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwAction) face = NULL;

  INF (f, "u-1", "union", 1, 4, "0302", "s");
  INF (f, "c-1", "confederate", 1, 4, "0303", "n");
  game = melee_game (f);
  engage (game, "u-1");
  g_assert_cmpint (unit_of (game, "u-1")->facing, ==, direction_of (f->s, "s"));   /* faces the hex entered */
  face = gbacw_action_new_change_facing (hex_of (f->s, "0303"), direction_of (f->s, "n"));
  if (!gbacw_game_apply_action (game, face, &error))
    {
      g_test_incomplete ("engine: no action rearranges facing when a melee is concluded (7.32); "
                         "change-facing is refused outside the Movement Phase");
      return;
    }
  g_assert_cmpint (unit_of (game, "u-1")->facing, ==, direction_of (f->s, "n"));
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
  return g_test_run ();
}
