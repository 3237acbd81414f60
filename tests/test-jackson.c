/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson.c: Jackson at the Crossroads' own exclusive rules (engine/rules/jackson/),
 * each on a small position built in code, named after the case it plays (J 26.0 Jackson
 * and the Stonewall Brigade). */
#define G_LOG_DOMAIN "test-jackson"

#include "test-engine-fixture.c"

#include "gbacw-morale.h"

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
  g_test_add_func ("/jackson/J-26.0/stacked-winder-regiments-in-radius-morale-5", test_stonewall_stacked);
  g_test_add_func ("/jackson/J-26.0/not-stacked-printed-morale", test_stonewall_not_stacked);
  g_test_add_func ("/jackson/J-26.0/morale-check-passes-at-5", test_stonewall_morale_check);
  return g_test_run ();
}
