/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-victory.c: Victory Points and the level of victory as the scenario defines
 * them (gbacw-query.h: GbacwOutcome): every award event, automatic victories, levels. */
#define G_LOG_DOMAIN "test-engine-victory"

#include "test-engine-fixture.c"

#include "gbacw-leadership.h"
#include "gbacw-query.h"

static GbacwVpAward *
add_award (Fixture *f, const char *side, GbacwVpEvent event, const char *area, int vp, gboolean each_turn,
           const char *text)
{
  GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
  a->id = g_strdup_printf ("v%u", f->s->vp_awards->len + 1);
  a->side = g_strdup (side);
  a->event = event;
  a->area = g_strdup (area);
  a->vp = vp;
  a->each_turn = each_turn;
  a->text = g_strdup (text);
  g_ptr_array_add (f->s->vp_awards, a);
  return a;
}

static void
victory (GbacwOutcome *outcome, GbacwGame *game, GbacwVictory *v)
{
  gbacw_victory_clear (v);
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, v);
}

/* "objective": the award's VP (else the area's) to the side controlling the area at the
 * end, or at the end of each Game-Turn (each-turn). */
static void
test_objective (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v = { 0 };

  INF (f, "u-1", "union", 3, 3, "0103", "s");
  INF (f, "c-1", "confederate", 3, 3, "0109", "n");
  add_area (f, "obj-a", GBACW_AREA_OBJECTIVE, NULL, "0104");
  add_area (f, "obj-b", GBACW_AREA_OBJECTIVE, NULL, "0103")->vp = 4;
  add_award (f, "union", GBACW_VP_OBJECTIVE, "obj-a", 5, FALSE, NULL);
  add_award (f, "union", GBACW_VP_OBJECTIVE, "obj-b", GBACW_UNSET, TRUE, NULL);   /* the area's 4, each turn */
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  victory (outcome, game, &v);
  g_assert_cmpint (v.vp[0], ==, 0);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0104"), NULL);
  victory (outcome, game, &v);
  g_assert_cmpint (v.objectives[0], ==, 5);
  /* the end of Game-Turn 1: u-1 holds obj-b still (last there with combat units) */
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  g_assert_cmpint (game->turn, ==, 2);
  victory (outcome, game, &v);
  g_assert_cmpint (v.vp[0], ==, 5 + 4);
  gbacw_victory_clear (&v);
}

/* "enemy-sp-lost", "leader-lost", "bce-lost", and the crew of a wagon never counts. */
static void
test_losses (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwFormation *brigade;
  GbacwVictory v = { 0 };
  GbacwGameUnit *c, *w, *l;

  INF (f, "u-1", "union", 3, 3, "0103", "s");
  INF (f, "c-1", "confederate", 6, 3, "0109", "n");
  add_unit (f, "c-w", "confederate", GBACW_UNIT_WAGON, 2, 2, "R", "0309", GBACW_FORMATION_STATE_UNSET, "n");
  LEADER (f, "c-ldr", "confederate", "0109");
  gbacw_oob_find_unit (&f->s->oob, "c-ldr")->vp = 3;
  brigade = add_formation (f, "c-brig", "confederate", GBACW_FORMATION_BRIGADE, NULL, "c-ldr");
  brigade->bce[0] = 2;
  brigade->bce_vp = 7;
  set_formation (f, "c-1", "c-brig");
  add_award (f, "union", GBACW_VP_ENEMY_SP_LOST, NULL, 2, FALSE, NULL);
  add_award (f, "union", GBACW_VP_LEADER_LOST, NULL, 1, FALSE, NULL);
  add_award (f, "union", GBACW_VP_BCE_LOST, NULL, GBACW_UNSET, FALSE, NULL);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  c = unit_of (game, "c-1");
  w = unit_of (game, "c-w");
  l = unit_of (game, "c-ldr");
  c->strength--;
  c->killed++;
  w->killed += w->strength;   /* 11.17, 11.19: the crew gives no VP */
  w->strength = 0;
  victory (outcome, game, &v);
  g_assert_cmpint (v.enemy_sp[0], ==, 2);
  g_assert_cmpint (v.bce[0], ==, 0);
  c->strength--;
  c->captured++;
  l->times_lost = 1;   /* his own VP value (3), not the award's */
  l->times_killed = 1;
  victory (outcome, game, &v);
  g_assert_cmpint (v.enemy_sp[0], ==, 4);
  g_assert_cmpint (v.leaders[0], ==, 3);
  g_assert_cmpint (v.bce[0], ==, 7);
  g_assert_cmpint (v.vp[0], ==, 14);
  g_assert_cmpint (v.vp[1], ==, 0);
  g_assert_cmpint (v.killed[1], ==, 3);
  g_assert_cmpint (v.captured[1], ==, 1);
  gbacw_victory_clear (&v);
}

/* P 34.11: "Enemy Supply Wagon eliminated (Confederate only) — 5 VP's each": a price per
 * unit, the unit's own vp, scored by a "unit-vp" award for each enemy unit eliminated or
 * captured (a wagon captured too, 11.19); a unit without a vp scores the award's vp, or
 * nothing. Without the award the units' vp counts nothing: the game stays 0-0. */
static void
test_unit_vp (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v = { 0 };
  GbacwGameUnit *wagon, *priced, *plain;

  INF (f, "u-1", "union", 3, 3, "0103", "s");
  gbacw_oob_find_unit (&f->s->oob, "u-1")->vp = 4;
  add_unit (f, "c-w", "confederate", GBACW_UNIT_WAGON, 2, 2, "R", "0309", GBACW_FORMATION_STATE_UNSET, "n");
  gbacw_oob_find_unit (&f->s->oob, "c-w")->vp = 5;
  INF (f, "c-1", "confederate", 4, 3, "0109", "n");
  gbacw_oob_find_unit (&f->s->oob, "c-1")->vp = 2;
  INF (f, "c-2", "confederate", 4, 3, "0209", "n");
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  wagon = unit_of (game, "c-w");

  /* No award: the units' VP count nothing. */
  wagon->presence = GBACW_PRESENCE_ELIMINATED;
  victory (outcome, game, &v);
  g_assert_cmpint (v.units[0], ==, 0);
  g_assert_cmpint (v.vp[0], ==, 0);
  gbacw_victory_clear (&v);

  /* With one: the wagon's 5, then c-1's 2 when captured; c-2 has no price. */
  add_award (f, "union", GBACW_VP_UNIT_VP, NULL, GBACW_UNSET, FALSE, NULL);
  g_clear_pointer (&outcome, gbacw_outcome_free);
  g_clear_pointer (&game, gbacw_game_free);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  wagon = unit_of (game, "c-w");
  priced = unit_of (game, "c-1");
  plain = unit_of (game, "c-2");
  victory (outcome, game, &v);
  g_assert_cmpint (v.units[0], ==, 0);
  gbacw_victory_clear (&v);
  wagon->presence = GBACW_PRESENCE_ELIMINATED;
  victory (outcome, game, &v);
  g_assert_cmpint (v.units[0], ==, 5);
  g_assert_cmpint (v.vp[0], ==, 5);
  gbacw_victory_clear (&v);
  priced->presence = GBACW_PRESENCE_CAPTURED;
  plain->presence = GBACW_PRESENCE_ELIMINATED;
  victory (outcome, game, &v);
  g_assert_cmpint (v.units[0], ==, 7);
  g_assert_cmpint (v.vp[0], ==, 7);
  /* the award is the Union's: the Confederates score nothing for u-1 */
  g_assert_cmpint (v.units[1], ==, 0);
  gbacw_victory_clear (&v);
}

/* test_qualifiers: the leader-lost awards priced 3 and 5 are a brigade commander's, the
 * one priced 8 a division commander's. */
static void
set_leader_award_roles (gpointer data, gpointer user_data)
{
  GbacwVpAward *a = data;
  (void) user_data;
  if (a->event == GBACW_VP_LEADER_LOST)
    a->role = g_strdup (a->vp == 8 ? "division" : "brigade");
}

/* P 34.11 prices losses by how they happened: the how qualifier counts the SP eliminated
 * (1 each here) apart from those captured (2 each), "wounded" no SP at all; the role and how
 * of leader-lost the brigade commander's wounds (3) apart from his death (5), and his death
 * while promoted to division command (17.83) as a division commander's (8); unit-type
 * limits unit-vp to the wagons. */
static void
test_qualifiers (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v = { 0 };
  GbacwGameUnit *c, *l, *w;

  INF (f, "c-1", "confederate", 4, 3, "0109", "n");
  LEADER (f, "c-ldr", "confederate", "0109");
  gbacw_oob_find_unit (&f->s->oob, "c-ldr")->role = GBACW_LEADER_BRIGADE;
  add_unit (f, "c-w", "confederate", GBACW_UNIT_WAGON, 2, 2, "R", "0309", GBACW_FORMATION_STATE_UNSET, "n");
  add_award (f, "union", GBACW_VP_ENEMY_SP_LOST, NULL, 1, FALSE, NULL)->how = GBACW_VP_HOW_ELIMINATED;
  add_award (f, "union", GBACW_VP_ENEMY_SP_LOST, NULL, 2, FALSE, NULL)->how = GBACW_VP_HOW_CAPTURED;
  add_award (f, "union", GBACW_VP_ENEMY_SP_LOST, NULL, 100, FALSE, NULL)->how = GBACW_VP_HOW_WOUNDED;
  add_award (f, "union", GBACW_VP_LEADER_LOST, NULL, 3, FALSE, NULL)->how = GBACW_VP_HOW_WOUNDED;
  add_award (f, "union", GBACW_VP_LEADER_LOST, NULL, 5, FALSE, NULL)->how = GBACW_VP_HOW_KILLED;
  add_award (f, "union", GBACW_VP_LEADER_LOST, NULL, 8, FALSE, NULL)->how = GBACW_VP_HOW_KILLED;
  g_ptr_array_foreach (f->s->vp_awards, (GFunc) set_leader_award_roles, NULL);
  add_award (f, "union", GBACW_VP_UNIT_VP, NULL, 10, FALSE, NULL)->unit_type = g_strdup ("wagon");
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  c = unit_of (game, "c-1");
  l = unit_of (game, "c-ldr");
  w = unit_of (game, "c-w");
  c->strength -= 3;
  c->killed += 1;
  c->captured += 2;
  victory (outcome, game, &v);
  g_assert_cmpint (v.enemy_sp[0], ==, 1 + 4);
  g_assert_cmpint (v.units[0], ==, 0);
  gbacw_leadership_leader_lost (game, l->index, GBACW_PRESENCE_WOUNDED);
  victory (outcome, game, &v);
  g_assert_cmpint (v.leaders[0], ==, 3);
  l->times_killed++;
  victory (outcome, game, &v);
  g_assert_cmpint (v.leaders[0], ==, 3 + 5);
  l->times_killed_promoted++;
  victory (outcome, game, &v);
  g_assert_cmpint (v.leaders[0], ==, 3 + 5 + 8);
  c->presence = GBACW_PRESENCE_ELIMINATED;   /* not a wagon: no unit-vp */
  w->presence = GBACW_PRESENCE_ELIMINATED;
  victory (outcome, game, &v);
  g_assert_cmpint (v.units[0], ==, 10);
  g_assert_cmpint (v.vp[0], ==, 5 + 16 + 10);
  g_assert_cmpint (v.vp[1], ==, 0);
  gbacw_victory_clear (&v);
}

/* "unit-exited": units leaving the map through an exit area, counted when they exit: the
 * units of the area's side (an area of the enemy: VP to the other side), else the awarded
 * side's own. Leaving the map anywhere else is refused (5.17). */
static void
test_unit_exited (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  g_autofree char *xml = NULL;
  GbacwVictory v = { 0 };
  int u1, u2, ldr, c1;

  INF (f, "u-1", "union", 3, 3, "0101", "n");
  INF (f, "u-2", "union", 3, 3, "0201", "n");
  LEADER (f, "u-ldr", "union", "0101");
  INF (f, "u-3", "union", 3, 3, "0105", "n");
  INF (f, "c-1", "confederate", 3, 3, "0110", "s");
  INF (f, "c-2", "confederate", 3, 3, "0308", "s");
  add_area (f, "exit-north", GBACW_AREA_EXIT, NULL, "0101 0201");
  add_area (f, "exit-south", GBACW_AREA_EXIT, "confederate", "0110");
  add_award (f, "union", GBACW_VP_UNIT_EXITED, "exit-north", 2, FALSE, NULL);
  add_award (f, "union", GBACW_VP_UNIT_EXITED, "exit-south", 5, FALSE, NULL);
  add_level (f, "Union victory", "union", 3);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  u1 = unit_index (game, "u-1");
  u2 = unit_index (game, "u-2");
  ldr = unit_index (game, "u-ldr");
  c1 = unit_index (game, "c-1");
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  apply_expect (game, gbacw_action_new_exit (&u1, 1), "5.0");   /* only in the Movement Phase */   /* only in the Movement Phase */
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  {
    int u3 = unit_index (game, "u-3");
    apply_expect (game, gbacw_action_new_exit (&u3, 1), "5.17");   /* not an exit hex */
  }
  {
    int both[] = { u1, ldr };
    apply_expect (game, gbacw_action_new_exit (both, 2), NULL);
  }
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_EXITED);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, -1);
  g_assert_cmpint (unit_of (game, "u-1")->exit_turn, ==, 1);
  victory (outcome, game, &v);
  g_assert_cmpint (v.exited[0], ==, 2);   /* the combat unit, not the leader */
  g_assert_cmpint (v.vp[0], ==, 2);
  g_assert_cmpint (v.winner, ==, -1);
  apply_expect (game, gbacw_action_new_exit (&u2, 1), NULL);
  victory (outcome, game, &v);
  g_assert_cmpint (v.exited[0], ==, 4);
  g_assert_cmpint (v.winner, ==, 0);
  g_assert_cmpstr (v.level, ==, "Union victory");
  /* a Confederate unit leaving through its own exit area: VP to the Union (5) */
  apply_expect (game, gbacw_action_new_exit (&c1, 1), "4.0");   /* not its Movement Phase */
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  {
    int c2 = unit_index (game, "c-2");
    apply_expect (game, gbacw_action_new_exit (&c2, 1), "5.17");
  }
  apply_expect (game, gbacw_action_new_exit (&c1, 1), NULL);
  victory (outcome, game, &v);
  g_assert_cmpint (v.exited[0], ==, 4 + 5);
  g_assert_cmpint (v.vp[1], ==, 0);
  xml = gbacw_game_to_xml (game, "test.xml");
  g_assert_nonnull (strstr (xml, "<exit units=\"u-1 u-ldr\"/>"));
  assert_replays (f, game);
  gbacw_victory_clear (&v);
}

/* "custom" awards have only a text: reported as not computed, never counted. */
static void
test_custom_not_computed (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v = { 0 };

  INF (f, "u-1", "union", 3, 3, "0103", "s");
  INF (f, "c-1", "confederate", 3, 3, "0109", "n");
  add_award (f, "both", GBACW_VP_CUSTOM, NULL, 10, FALSE, "Each side scores its momentum track.");
  add_award (f, "union", GBACW_VP_CUSTOM, NULL, GBACW_UNSET, FALSE, "Union: 1 VP per wagon exited.");
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  victory (outcome, game, &v);
  g_assert_cmpint (v.vp[0], ==, 0);
  g_assert_cmpint (v.vp[1], ==, 0);
  g_assert_cmpstr (v.not_computed, ==, "Each side scores its momentum track.; Union: 1 VP per wagon exited.");
  gbacw_victory_clear (&v);
  g_assert_null (v.not_computed);
}

/* Automatic victory: the side controls the area at the end of the Game-Turn named (or
 * of any); it ends the counting there. */
static void
test_automatic_victory (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwAutomaticVictory *a = g_new0 (GbacwAutomaticVictory, 1);
  GbacwVictory v = { 0 };

  INF (f, "u-1", "union", 3, 3, "0103", "s");
  INF (f, "c-1", "confederate", 3, 3, "0109", "n");
  add_area (f, "obj-town", GBACW_AREA_OBJECTIVE, NULL, "0108");
  a->side = g_strdup ("confederate");
  a->area = g_strdup ("obj-town");
  a->turn = 2;
  a->text = g_strdup ("The Confederates hold the town at the end of Game-Turn 2.");
  g_ptr_array_add (f->s->automatic_victories, a);
  add_award (f, "union", GBACW_VP_ENEMY_SP_LOST, NULL, 1, FALSE, NULL);
  add_level (f, "Union victory", "union", 1);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  unit_of (game, "c-1")->strength--;
  unit_of (game, "c-1")->killed++;
  goto_phase (game, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-1", "0108"), NULL);
  /* the end of Game-Turn 1: not the turn named */
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
  victory (outcome, game, &v);
  g_assert_false (v.automatic);
  g_assert_cmpint (v.winner, ==, 0);
  g_assert_cmpstr (v.level, ==, "Union victory");
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 1);
  end_phase (game);
  goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);   /* Game-Turn 3 */
  victory (outcome, game, &v);
  g_assert_true (v.automatic);
  g_assert_cmpint (v.winner, ==, 1);
  g_assert_nonnull (strstr (v.level, "The Confederates hold the town"));
  gbacw_victory_clear (&v);
}

/* Levels: the highest level whose minimum the side's lead reaches; none: a draw. */
static void
test_levels (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v = { 0 };
  GbacwGameUnit *u, *c;

  INF (f, "u-1", "union", 8, 3, "0103", "s");
  INF (f, "c-1", "confederate", 8, 3, "0109", "n");
  add_award (f, "both", GBACW_VP_ENEMY_SP_LOST, NULL, 1, FALSE, NULL);
  add_level (f, "Union marginal", "union", 2);
  add_level (f, "Union decisive", "union", 5);
  add_level (f, "Confederate marginal", "confederate", 1);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  u = unit_of (game, "u-1");
  c = unit_of (game, "c-1");
  c->strength -= 3;
  c->killed += 3;
  u->strength -= 2;
  u->killed += 2;
  victory (outcome, game, &v);   /* 3 to 2: lead 1 */
  g_assert_cmpint (v.winner, ==, -1);
  g_assert_cmpint (v.margin, ==, 1);
  c->strength -= 1;
  c->killed += 1;
  victory (outcome, game, &v);   /* 4 to 2 */
  g_assert_cmpint (v.winner, ==, 0);
  g_assert_cmpstr (v.level, ==, "Union marginal");
  c->strength -= 3;
  c->killed += 3;
  victory (outcome, game, &v);   /* 7 to 2 */
  g_assert_cmpstr (v.level, ==, "Union decisive");
  g_assert_cmpint (v.margin, ==, 5);
  u->strength -= 6;
  u->killed += 6;
  victory (outcome, game, &v);   /* 7 to 8 */
  g_assert_cmpint (v.winner, ==, 1);
  g_assert_cmpstr (v.level, ==, "Confederate marginal");
  gbacw_victory_clear (&v);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/victory/objective", test_objective);
  g_test_add_func ("/engine/victory/enemy-sp-leader-bce-lost", test_losses);
  g_test_add_func ("/engine/victory/unit-exited", test_unit_exited);
  g_test_add_func ("/engine/victory/34.11/unit-vp", test_unit_vp);
  g_test_add_func ("/engine/victory/34.11/how-unit-type-role", test_qualifiers);
  g_test_add_func ("/engine/victory/custom-not-computed", test_custom_not_computed);
  g_test_add_func ("/engine/victory/automatic-victory", test_automatic_victory);
  g_test_add_func ("/engine/victory/levels", test_levels);
  return g_test_run ();
}
