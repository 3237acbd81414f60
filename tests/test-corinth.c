/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth.c: The Battle of Corinth's own exclusive rules (engine/rules/corinth/), each
 * on a small position built in code, named after the case it plays (C 21.3 sharpshooters). */
#define G_LOG_DOMAIN "test-corinth"

#include "test-engine-fixture.c"

#include "gbacw-fire.h"

/* ------------------------------------------------------------------ C 21.3 sharpshooters */

/* Marks the unit id of the fixture's order of battle a sharpshooter unit. */
static void
set_sharpshooter (Fixture *f, const char *id)
{
  for (guint i = 0; i < f->s->oob.units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (f->s->oob.units, i);
      if (g_strcmp0 (u->id, id) == 0)
        {
          u->flags |= GBACW_UNIT_FLAG_SHARPSHOOTER;
          return;
        }
    }
  g_assert_not_reached ();
}

/* The Union sharpshooters u-ss (4 SP, 0203) and the regiment u-reg (2 SP, 0201) adjacent
 * to a Confederate regiment at 0202: 4 SP at range 1 (×2) is 8, the 7-10 column, and the
 * target's 4 SP give no density shift. */
static Fixture *
sharpshooter_fixture (gboolean module)
{
  Fixture *f = fixture_new (4, 5);

  INF (f, "c-reg", "confederate", 4, 3, "0202", "s");
  INF (f, "u-ss", "union", 4, 3, "0203", "n");
  INF (f, "u-reg", "union", 2, 3, "0201", "s");
  set_sharpshooter (f, "u-ss");
  if (module)
    add_exclusive (f, "corinth.sharpshooters", "drm", "+1", NULL);
  return f;
}

/* The die-roll modifier of a fire at 0202 by the units ids, worked out without dice. */
static int
fire_drm (GbacwGame *game, const char *ids)
{
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);
  g_autoptr (GArray) firers = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
  g_autoptr (GError) error = NULL;
  GbacwFireResolution *res;
  int drm;

  for (guint i = 0; names[i]; i++)
    {
      GbacwFirer firer = { unit_index (game, names[i]), 0, -1 };
      g_array_append_val (firers, firer);
    }
  res = gbacw_fire_compute (game, hex_of (game->scenario, "0202"), (const GbacwFirer *) firers->data, firers->len,
                            &error);
  g_assert_no_error (error);
  g_assert_nonnull (res);
  drm = res->drm;
  g_assert_cmpint (gbacw_fire_modified_die (res, 6), ==, 6);   /* C 21.3: above 6 is 6 */
  gbacw_fire_resolution_free (res);
  return drm;
}

/* C 21.3: sharpshooters firing alone add one to the die (a 2 is read as a 3: the 7-10
 * column's R in place of P); with another unit firing at the same target they add nothing;
 * without the module nothing either. */
static void
test_sharpshooters_alone_add_one (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (Fixture) f = sharpshooter_fixture (module);
      GbacwGame *game = start_game (f);
      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
      g_assert_cmpint (fire_drm (game, "u-ss"), ==, module);
      g_assert_cmpint (fire_drm (game, "u-ss u-reg"), ==, 0);
      g_assert_cmpint (fire_drm (game, "u-reg"), ==, 0);
      gbacw_dice_force_list (game->dice, 2, 0);
      apply_expect (game, fire1 (game, "0202", "u-ss", 4), NULL);
      g_assert_true (log_has (game, "9.0", module ? "column 4; die 3" : "column 4; die 2"));
      gbacw_game_free (game);
    }
}

/* C 21.3: two firers, one of them not a sharpshooter unit: the die as rolled. */
static void
test_sharpshooters_with_others_add_nothing (void)
{
  g_autoptr (Fixture) f = sharpshooter_fixture (TRUE);
  GbacwGame *game = start_game (f);
  const GbacwFirer firers[2] = { { unit_index (game, "u-ss"), 4, -1 }, { unit_index (game, "u-reg"), 2, -1 } };

  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 2, 0);
  apply_expect (game, gbacw_action_new_fire (hex_of (f->s, "0202"), firers, 2), NULL);
  g_assert_true (log_has (game, "9.0", "; die 2:"));
  g_assert_false (log_has (game, "9.0", "; die 3:"));
  gbacw_game_free (game);
}

/* C 21.3: a 1 rolled (a 2 once modified) still calls for the ammunition check (11.21),
 * which a die of 1 fails. */
static void
test_sharpshooters_ammo_check_on_one (void)
{
  g_autoptr (Fixture) f = sharpshooter_fixture (TRUE);
  GbacwGame *game = start_game (f);

  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  gbacw_dice_force_list (game->dice, 1, 1, 0);
  apply_expect (game, fire1 (game, "0202", "u-ss", 4), NULL);
  g_assert_true (log_has (game, "9.0", "column 4; die 2"));
  g_assert_true (log_has (game, "11.21", "die 1: out of ammunition"));
  g_assert_true (unit_of (game, "u-ss")->status & GBACW_STATUS_AMMO_DEPLETED);
  gbacw_game_free (game);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/corinth/C-21.3/sharpshooters-alone-add-one", test_sharpshooters_alone_add_one);
  g_test_add_func ("/corinth/C-21.3/sharpshooters-with-others-add-nothing", test_sharpshooters_with_others_add_nothing);
  g_test_add_func ("/corinth/C-21.3/ammunition-check-on-a-rolled-one", test_sharpshooters_ammo_check_on_one);
  return g_test_run ();
}
