/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson.c: Jackson at the Crossroads' own exclusive rules (engine/rules/jackson/),
 * each on a small position built in code, named after the case it plays (J 25.4 Blenker's
 * restraint, J 26.0 Jackson and the Stonewall Brigade). */
#define G_LOG_DOMAIN "test-jackson"

#include "test-engine-fixture.c"

#include "gbacw-morale.h"

/* ------------------------------------------------------------------ J 25.4 Blenker */

/* Fremont (DIR 3) on 0101; Blenker (DIR 4) on blenker_hex with his brigade commander Stahel
 * and Stahel's regiment next to him (column 02, so within Blenker's DIR). */
static Fixture *
blenker_fixture (gboolean module, const char *blenker_hex, const char *stahel_hex)
{
  Fixture *f = fixture_new (6, 10);

  add_formation (f, "u-fremont-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-fremont");
  add_formation (f, "u-blenker-div", "union", GBACW_FORMATION_DIVISION, NULL, "u-blenker");
  add_formation (f, "u-stahel-bde", "union", GBACW_FORMATION_BRIGADE, "u-blenker-div", "u-stahel");
  LEADER (f, "u-fremont", "union", "0101");
  LEADER (f, "u-blenker", "union", blenker_hex);
  LEADER (f, "u-stahel", "union", stahel_hex);
  set_leader (f, "u-fremont", GBACW_LEADER_DIVISION, 1, 1, 3, 2);
  set_leader (f, "u-blenker", GBACW_LEADER_DIVISION, 1, 1, 4, 2);
  set_leader (f, "u-stahel", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  INF (f, "u-stahel-1", "union", 4, 3, stahel_hex, "s");
  set_formation (f, "u-fremont", "u-fremont-div");
  set_formation (f, "u-blenker", "u-blenker-div");
  set_formation (f, "u-stahel u-stahel-1", "u-stahel-bde");
  INF (f, "c-1", "confederate", 4, 3, "0610", "n");
  if (module)
    add_exclusive (f, "jackson.blenker-restraint", "division", "u-blenker-div", "superior", "u-fremont-div", "case",
                   "J 25.4", NULL);
  return f;
}

/* J 25.4: Blenker 4 hexes from Fremont (DIR 3) has no DIR when the Union Initial Command
 * Phase ends: Stahel, 1 hex from Blenker, is outside it (17.21); 2 hexes from Fremont he
 * keeps it; without the module Stahel is within Blenker's DIR either way. */
static void
test_blenker_outside_fremont (void)
{
  struct { gboolean module; const char *blenker, *stahel; gboolean in_dir; } cases[] = {
    { TRUE, "0105", "0205", FALSE },
    { TRUE, "0103", "0203", TRUE },
    { FALSE, "0105", "0205", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Fixture) f = blenker_fixture (cases[i].module, cases[i].blenker, cases[i].stahel);
      GbacwGame *game = start_game (f);

      g_assert_cmpint (unit_of (game, "u-stahel")->side, ==, 0);
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      g_assert_cmpint (unit_of (game, "u-stahel")->in_dir, ==, cases[i].in_dir);
      g_assert_cmpint (unit_of (game, "u-stahel")->out_of_command, ==, !cases[i].in_dir);
      g_assert_cmpint (log_has (game, "J 25.4", NULL), ==, !cases[i].in_dir);
      gbacw_game_free (game);
    }
}

/* J 25.4 with 17.22: outside Fremont's DIR Blenker may spend no Command Points on Stahel
 * in the Initial Command Phase; within it he may. */
static void
test_blenker_no_command_points (void)
{
  for (int within = 0; within <= 1; within++)
    {
      g_autoptr (Fixture) f = blenker_fixture (TRUE, within ? "0103" : "0105", within ? "0203" : "0205");
      GbacwGame *game = start_game (f);
      g_autoptr (GbacwAction) a = NULL;
      g_autoptr (GError) error = NULL;

      goto_phase (game, GBACW_PHASE_INITIAL_COMMAND, 0);
      a = gbacw_action_new_command_points (unit_index (game, "u-blenker"), unit_index (game, "u-stahel"), 1);
      g_assert_cmpint (gbacw_game_apply_action (game, a, &error), ==, within);
      if (!within)
        {
          g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL);
          g_assert_nonnull (strstr (error->message, "[J 25.4]"));
        }
      gbacw_game_free (game);
    }
}

/* ------------------------------------------------------------------ J 26.0 Stonewall */

/* Jackson's division: Jackson and Winder (ER 2) on 0202; Winder's regiments (printed 3) on
 * 0203 (1 hex from Winder) and 0206 (4 hexes); Taliaferro's regiment (3) on 0302, inside
 * Winder's radius but not his. */
static Fixture *
stonewall_fixture (gboolean module)
{
  Fixture *f = fixture_new (6, 8);

  add_formation (f, "c-jackson-div", "confederate", GBACW_FORMATION_DIVISION, NULL, "c-jackson");
  add_formation (f, "c-winder-bde", "confederate", GBACW_FORMATION_BRIGADE, "c-jackson-div", "c-winder");
  add_formation (f, "c-taliaferro-bde", "confederate", GBACW_FORMATION_BRIGADE, "c-jackson-div", "c-taliaferro");
  LEADER (f, "c-jackson", "confederate", "0202");
  LEADER (f, "c-winder", "confederate", "0202");
  LEADER (f, "c-taliaferro", "confederate", "0402");
  set_leader (f, "c-jackson", GBACW_LEADER_DIVISION, 1, 1, 6, 0);
  set_leader (f, "c-winder", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  set_leader (f, "c-taliaferro", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, 0);
  INF (f, "c-winder-near", "confederate", 4, 3, "0203", "s");
  INF (f, "c-winder-far", "confederate", 4, 3, "0206", "s");
  INF (f, "c-taliaferro-1", "confederate", 4, 3, "0302", "s");
  set_formation (f, "c-jackson", "c-jackson-div");
  set_formation (f, "c-winder c-winder-near c-winder-far", "c-winder-bde");
  set_formation (f, "c-taliaferro c-taliaferro-1", "c-taliaferro-bde");
  INF (f, "u-1", "union", 4, 3, "0608", "n");
  if (module)
    add_exclusive (f, "jackson.stonewall", "leader", "c-jackson", "brigade", "c-winder-bde", "morale", "+2",
                   "case", "J 26.0", NULL);
  return f;
}

static int
rating_of (GbacwGame *game, const char *id)
{
  return gbacw_morale_rating (game, unit_index (game, id));
}

/* J 26.0: Jackson stacked with Winder, Winder's regiment within his ER has 5 for its
 * printed 3; the one 4 hexes away (outside ER 2) and Taliaferro's (not Winder's) keep 3. */
static void
test_stonewall_stacked (void)
{
  g_autoptr (Fixture) f = stonewall_fixture (TRUE);
  GbacwGame *game = start_game (f);

  g_assert_cmpint (rating_of (game, "c-winder-near"), ==, 5);
  g_assert_cmpint (rating_of (game, "c-winder-far"), ==, 3);
  g_assert_cmpint (rating_of (game, "c-taliaferro-1"), ==, 3);
  /* with Command Points the radius grows (17.22): the far regiment is inside ER 4 */
  unit_of (game, "c-winder")->er_bonus = 2;
  g_assert_cmpint (rating_of (game, "c-winder-far"), ==, 5);
  gbacw_game_free (game);
}

/* J 26.0: only "whenever Jackson is stacked with Winder": Jackson in the next hex, or
 * Winder off the map, and the regiment checks at its printed 3; without the module, 3. */
static void
test_stonewall_not_stacked (void)
{
  {
    g_autoptr (Fixture) f = stonewall_fixture (TRUE);
    GbacwGame *game = start_game (f);

    unit_of (game, "c-jackson")->hex = hex_of (game->scenario, "0203");
    g_assert_cmpint (rating_of (game, "c-winder-near"), ==, 3);
    unit_of (game, "c-jackson")->hex = hex_of (game->scenario, "0202");
    g_assert_cmpint (rating_of (game, "c-winder-near"), ==, 5);
    gbacw_game_free (game);
  }
  {
    g_autoptr (Fixture) f = stonewall_fixture (FALSE);
    GbacwGame *game = start_game (f);

    g_assert_cmpint (rating_of (game, "c-winder-near"), ==, 3);   /* the Standard Rules */
    gbacw_game_free (game);
  }
}

/* J 26.0 in a morale check (13.21): a die of 4 (no modifier: no leader in the hex, not
 * enfiladed) passes at 5 with Jackson stacked with Winder, and routs the regiment at 3
 * without the rule. */
static void
test_stonewall_morale_check (void)
{
  for (int module = 0; module <= 1; module++)
    {
      g_autoptr (Fixture) f = stonewall_fixture (module);
      GbacwGame *game = start_game (f);
      int unit = unit_index (game, "c-winder-near");

      g_assert_cmpint (gbacw_morale_drm (game, unit, FALSE, GBACW_MORALE_CAUSE_FIRE), ==, 0);
      gbacw_dice_force_list (game->dice, 4, 0);
      g_assert_cmpint (gbacw_morale_check (game, unit, FALSE, GBACW_MORALE_CAUSE_FIRE, "9.81"), ==, !module);
      g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 0);
      gbacw_game_free (game);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/jackson/J-25.4/blenker-outside-fremont-dir-has-none", test_blenker_outside_fremont);
  g_test_add_func ("/jackson/J-25.4/no-command-points-outside-fremont-dir", test_blenker_no_command_points);
  g_test_add_func ("/jackson/J-26.0/stacked-winder-regiments-in-radius-morale-5", test_stonewall_stacked);
  g_test_add_func ("/jackson/J-26.0/not-stacked-printed-morale", test_stonewall_not_stacked);
  g_test_add_func ("/jackson/J-26.0/morale-check-passes-at-5", test_stonewall_morale_check);
  return g_test_run ();
}
