/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-exclusive-crews.c: the shared exclusive mechanism of battery crew markers
 * (J 21.21, P 20.2, C 24.2: engine/rules/shared/gbacw-rule-crew-markers.c), each variant on
 * a small built position, named after its game and case. */
#define G_LOG_DOMAIN "test-engine-exclusive-crews"

#include "test-engine-fixture.c"

#include "gbacw-game-private.h"
#include "gbacw-melee.h"
#include "gbacw-morale.h"
#include "gbacw-query.h"

/* A Union battery unlimbered in 0305 facing south, a Confederate regiment three hexes away
 * (0308); the rule with its parameters (name, value, …, NULL), or none. */
static Fixture *
battery_fixture (const char *first, ...)
{
  Fixture *f = fixture_new (6, 12);
  GbacwExclusiveRule *rule;
  const char *name;
  va_list ap;

  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "N", "0305", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 4, 4, "0308", "n");
  if (first == NULL)
    return f;
  add_exclusive (f, "crew-markers", NULL);
  rule = g_ptr_array_index (f->s->exclusive_rules, f->s->exclusive_rules->len - 1);
  va_start (ap, first);
  for (name = first; name; name = va_arg (ap, const char *))
    g_ptr_array_add (rule->params, gbacw_param_new (name, va_arg (ap, const char *)));
  va_end (ap);
  return f;
}

/* The crew routs from its guns: the counter's rout retreat taken. */
static GbacwGameUnit *
rout_crew (GbacwGame *game)
{
  GbacwGameUnit *crew;

  rout (game, "u-bat");
  first_paths (game);
  crew = unit_of (game, "u-bat-crew");
  return crew;
}

/* The crew counter, rallied, moves back onto its guns by the shortest way. */
static void
walk_back (GbacwGame *game, GbacwGameUnit *crew)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwMoveRange) range = NULL;
  g_autoptr (GArray) path = NULL;
  int bat = unit_of (game, "u-bat")->hex;

  crew->status &= ~GBACW_STATUS_ROUTED;   /* as a rally (13.54) leaves it */
  range = gbacw_movement_range (game, crew->index, &error);
  g_assert_no_error (error);
  path = gbacw_move_range_path (range, bat);
  g_assert_nonnull (path);
  apply_expect (game, gbacw_action_new_move (&crew->index, 1, (int *) path->data, path->len, -1), NULL);
}

/* P 20.21: the crew routs away on its counter, three hexes (13.31); the guns stay,
 * abandoned, and may not fire; the rallied crew back on its battery removes the counter
 * and crews the guns again. */
static void
test_p_20_21_crew_routs_and_returns (void)
{
  g_autoptr (Fixture) f = battery_fixture ("game", "P", NULL);
  g_autoptr (GbacwGame) game = start_game (f);
  GbacwGameUnit *bat, *crew;

  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  crew = rout_crew (game);
  bat = unit_of (game, "u-bat");
  g_assert_cmpint (bat->hex, ==, hex_of (f->s, "0305"));
  g_assert_true (bat->status & GBACW_STATUS_ABANDONED);
  g_assert_false (bat->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (crew->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_true (crew->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (crew->strength, ==, 2);
  g_assert_cmpint (gbacw_game_distance (game, crew->hex, bat->hex), ==, 3);
  g_assert_true (log_has (game, "15.16", "routs away from its guns"));
  /* the counter is no ZOC and never fires (11.16, 15.1) */
  g_assert_true (gbacw_game_is_wagon_crew (crew));
  g_assert_true (gbacw_game_is_gun_crew (game, crew));

  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  walk_back (game, crew);
  g_assert_cmpint (crew->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
  g_assert_cmpint (crew->hex, ==, -1);
  g_assert_false (bat->status & GBACW_STATUS_ABANDONED);
  g_assert_cmpint (bat->crew, ==, GBACW_CREW_FULL);
  g_assert_true (log_has (game, "P 20.21", "returns to"));
  /* initial = current + killed + captured - recovered, the counter too */
  g_assert_cmpint (crew->strength + crew->killed + crew->captured - crew->recovered, ==, 0);
}

/* J 21.21: reactivated "during any friendly Final Command Phase in which it is stacked with
 * its crew and that crew has been rallied", not when it arrives. */
static void
test_j_21_21_reactivated_in_final_command (void)
{
  g_autoptr (Fixture) f = battery_fixture ("game", "J", "return", "final-command", NULL);
  g_autoptr (GbacwGame) game = start_game (f);
  GbacwGameUnit *bat, *crew;

  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  crew = rout_crew (game);
  bat = unit_of (game, "u-bat");
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  walk_back (game, crew);
  g_assert_cmpint (crew->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_true (bat->status & GBACW_STATUS_ABANDONED);
  advance_to_phase (game, 1, GBACW_PHASE_FINAL_COMMAND, 0);
  g_assert_cmpint (crew->presence, ==, GBACW_PRESENCE_NOT_ARRIVED);
  g_assert_false (bat->status & GBACW_STATUS_ABANDONED);
  g_assert_true (log_has (game, "J 21.21", "returns to"));
}

/* A half crew routs on the counter's reverse (P 20.23): one step, and comes back half. */
static void
test_p_20_23_half_crew (void)
{
  g_autoptr (Fixture) f = battery_fixture ("game", "P", NULL);
  g_autoptr (GbacwGame) game = NULL;
  GbacwGameUnit *crew;

  gbacw_oob_find_unit (&f->s->oob, "u-bat")->crew = GBACW_CREW_HALF;
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  crew = rout_crew (game);
  g_assert_cmpint (crew->strength, ==, 1);
  g_assert_cmpint (gbacw_melee_unit_strength (game, crew->index, FALSE, FALSE, FALSE, FALSE), ==, 0);   /* 12.12 */
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  walk_back (game, crew);
  g_assert_cmpint (unit_of (game, "u-bat")->crew, ==, GBACW_CREW_HALF);
  g_assert_true (log_has (game, "P 20.21", "with a half crew"));
}

/* The crew lost away from its guns (here eliminated on its counter): P 20.22 removes the
 * battery and its guns count as eliminated for Victory Points; C 24.22 counts them only
 * when captured or destroyed by battery fire. */
static int
union_guns_vp_after_crew_lost (const char *game_letter, const char *guns_vp)
{
  g_autoptr (Fixture) f = battery_fixture ("game", game_letter, "guns-vp", guns_vp, NULL);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwGameUnit *crew, *bat;
  GbacwVictory v = { 0 };
  GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
  int vp;

  a->id = g_strdup ("v1");
  a->side = g_strdup ("confederate");
  a->event = GBACW_VP_ENEMY_SP_LOST;
  a->vp = 1;
  g_ptr_array_add (f->s->vp_awards, a);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  crew = rout_crew (game);
  /* the crew's two steps lost to fire (9.82) */
  crew->killed += crew->strength;
  crew->strength = 0;
  gbacw_game_remove_unit (game, crew->index, GBACW_PRESENCE_ELIMINATED);
  end_phase (game);
  gbacw_outcome_update (outcome, game);
  bat = unit_of (game, "u-bat");
  g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (bat->killed, ==, 4);
  g_assert_cmpint (bat->guns + bat->killed + bat->captured - bat->recovered, ==, 4);
  gbacw_outcome_victory (outcome, game, &v);
  vp = v.vp[1];
  gbacw_victory_clear (&v);
  return vp;
}

static void
test_p_20_22_guns_eliminated (void)
{
  g_assert_cmpint (union_guns_vp_after_crew_lost ("P", "eliminated"), ==, 4);
}

static void
test_c_24_22_guns_not_lost_for_vp (void)
{
  g_assert_cmpint (union_guns_vp_after_crew_lost ("C", "captured-or-battery-fire"), ==, 0);
}

/* C 24.22: so are guns eliminated with their crew at the guns (15.12: a half crew's
 * small-arms loss), where P 20.22's reading (the Standard Rules') counts them. */
static int
union_vp_for_second_crew_loss (const char *guns_vp)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
  GbacwVictory v = { 0 };
  int vp;

  INF (f, "u-1", "union", 3, 3, "0101", "s");
  add_unit (f, "c-bat", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0102", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  gbacw_oob_find_unit (&f->s->oob, "c-bat")->crew = GBACW_CREW_HALF;
  a->id = g_strdup ("v1");
  a->side = g_strdup ("union");
  a->event = GBACW_VP_ENEMY_SP_LOST;
  a->vp = 1;
  g_ptr_array_add (f->s->vp_awards, a);
  add_exclusive (f, "crew-markers", "game", "C", "guns-vp", guns_vp, NULL);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  /* 3 SP x 2 = 6 on the small-arms row, die 6: 1 (as /engine/fire/9.82-small-arms-hit-crews) */
  gbacw_dice_force_list (game->dice, 6, 1, 0);
  apply_expect (game, fire1 (game, "0102", "u-1", 0), NULL);
  end_phase (game);
  gbacw_outcome_update (outcome, game);
  g_assert_cmpint (unit_of (game, "c-bat")->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_cmpint (unit_of (game, "c-bat")->crew_lost_guns, ==, 4);
  gbacw_outcome_victory (outcome, game, &v);
  vp = v.vp[0];
  gbacw_victory_clear (&v);
  return vp;
}

static void
test_c_24_22_second_crew_loss_at_the_guns (void)
{
  g_assert_cmpint (union_vp_for_second_crew_loss ("captured-or-battery-fire"), ==, 0);
  g_assert_cmpint (union_vp_for_second_crew_loss ("eliminated"), ==, 4);
}

/* C 24.24 (optional): the crews of the batteries named melee 0, full or half; others 1. */
static void
test_c_24_24_melee_zero (void)
{
  g_autoptr (Fixture) f = battery_fixture ("game", "C", "melee-zero", "u-robinett", NULL);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-robinett", "union", GBACW_UNIT_ARTILLERY, 4, 4, "N", "0105", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  game = start_game (f);
  g_assert_cmpint (gbacw_melee_unit_strength (game, unit_index (game, "u-robinett"), FALSE, FALSE, FALSE, FALSE), ==, 0);
  g_assert_cmpint (gbacw_melee_unit_strength (game, unit_index (game, "u-bat"), FALSE, FALSE, FALSE, FALSE), ==, 1);
}

/* Only the original crew (J 21.21, P 20.22, C 24.22): another battery's crew on these guns
 * does not crew them. */
static void
test_p_20_22_only_the_original_crew (void)
{
  g_autoptr (Fixture) f = battery_fixture ("game", "P", NULL);
  g_autoptr (GbacwGame) game = NULL;
  GbacwGameUnit *crew, *other;

  add_unit (f, "u-bat2", "union", GBACW_UNIT_ARTILLERY, 4, 4, "N", "0105", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  rout (game, "u-bat2");
  first_paths (game);
  other = unit_of (game, "u-bat2-crew");
  crew = rout_crew (game);
  other->status &= ~GBACW_STATUS_ROUTED;
  /* bat2's crew stands on u-bat's guns: nothing after an action */
  gbacw_game_place_unit (game, other->index, unit_of (game, "u-bat")->hex, TRUE);
  end_phase (game);
  g_assert_true (unit_of (game, "u-bat")->status & GBACW_STATUS_ABANDONED);
  g_assert_cmpint (other->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_cmpint (crew->presence, ==, GBACW_PRESENCE_ON_MAP);
}

/* Without the module a battery has no crew counter: the crew stays by its guns (15.16). */
static void
test_15_16_without_module (void)
{
  g_autoptr (Fixture) f = battery_fixture (NULL);
  g_autoptr (GbacwGame) game = start_game (f);

  g_assert_null (gbacw_game_find_unit (game, "u-bat-crew"));
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  rout (game, "u-bat");
  first_paths (game);
  g_assert_cmpint (unit_of (game, "u-bat")->hex, ==, hex_of (f->s, "0305"));
  g_assert_true (unit_of (game, "u-bat")->status & GBACW_STATUS_ABANDONED);
  g_assert_true (log_has (game, "15.16", "retreats from its guns"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/exclusive/crew-markers/P-20.21-crew-routs-and-returns", test_p_20_21_crew_routs_and_returns);
  g_test_add_func ("/engine/exclusive/crew-markers/J-21.21-reactivated-in-final-command",
                   test_j_21_21_reactivated_in_final_command);
  g_test_add_func ("/engine/exclusive/crew-markers/P-20.23-half-crew", test_p_20_23_half_crew);
  g_test_add_func ("/engine/exclusive/crew-markers/P-20.22-guns-eliminated", test_p_20_22_guns_eliminated);
  g_test_add_func ("/engine/exclusive/crew-markers/C-24.22-guns-not-lost-for-vp", test_c_24_22_guns_not_lost_for_vp);
  g_test_add_func ("/engine/exclusive/crew-markers/C-24.22-second-crew-loss-at-the-guns",
                   test_c_24_22_second_crew_loss_at_the_guns);
  g_test_add_func ("/engine/exclusive/crew-markers/C-24.24-melee-zero", test_c_24_24_melee_zero);
  g_test_add_func ("/engine/exclusive/crew-markers/P-20.22-only-the-original-crew", test_p_20_22_only_the_original_crew);
  g_test_add_func ("/engine/exclusive/crew-markers/15.16-without-module", test_15_16_without_module);
  return g_test_run ();
}
