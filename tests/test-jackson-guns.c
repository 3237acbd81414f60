/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson-guns.c: Jackson at the Crossroads' abandoned guns taken by melee (J 21.27),
 * stacks under opportunity fire (J 21.54), the town's chart cells (J 22.8) and abandoned
 * guns at night (J 35.27), each case on a small position built in code with fixed dice,
 * named after the case it plays. */
#define G_LOG_DOMAIN "test-jackson-guns"

#include "test-engine-fixture.c"

#include "gbacw-ai.h"
#include "gbacw-data.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-melee.h"
#include "gbacw-query.h"
#include "gbacw-scenario-io.h"

/* ------------------------------------------------------------------ J 21.27 */

/* A Union battery (4 guns) unlimbered on 0305 facing south, a Confederate regiment of 4 SP on
 * 0308 facing north and, with rifle, a Union regiment on 0303 facing south; crew markers as
 * the kits have them (J 21.21) and, with module, abandoned guns (J 21.23, 21.27). The
 * battery's crew routs away in the Union Initial Command Phase of Game-Turn 1; the game
 * goes on to the Confederate Movement Phase. */
static GbacwGame *
guns_game (Fixture **out, gboolean module, gboolean rifle)
{
  Fixture *f = fixture_new (6, 12);
  GbacwGame *game;

  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0305", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 4, 4, "0308", "n");
  if (rifle)
    INF (f, "u-2", "union", 4, 4, "0303", "s");
  add_exclusive (f, "crew-markers", "game", "J", "return", "final-command", NULL);
  if (module)
    add_exclusive (f, "jackson.abandoned-guns", "case", "J 21.27", NULL);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  rout (game, "u-bat");
  first_paths (game);
  g_assert_true (unit_of (game, "u-bat")->status & GBACW_STATUS_ABANDONED);
  g_assert_cmpint (unit_of (game, "u-bat-crew")->hex, >=, 0);
  g_assert_cmpint (unit_of (game, "u-bat-crew")->hex, !=, unit_of (game, "u-bat")->hex);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 1);
  *out = f;
  return game;
}

/* c-1 moves beside the guns (0306, facing them) and melees them: announced in the Retreat
 * Before Melee Phase, made in the Melee Phase with dice forced (die 4) ready. */
static void
melee_the_guns (GbacwGame *game)
{
  apply_expect (game, move_action (game, "c-1", "0307 0306"), NULL);
  hold_fire (game);
  advance_to_phase (game, 1, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
  apply_expect (game, declare (game, "c-1", "0305", FALSE), NULL);
  stand_all (game);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);
  gbacw_dice_force_list (game->dice, 4, 0);
  apply_expect (game, melee_action (game, "c-1", "0305"), NULL);
}

/* J 21.27: "Abandoned guns stacked alone in a hex may be meleed by the enemy player during
 * his Melee Phase (no die roll is necessary to resolve the combat; the meleeing unit
 * automatically moves into the hex and the guns are captured)": the die forced is left
 * unrolled, c-1 stands in 0305 and the battery is captured, its 4 guns counted captured;
 * without the rule the melee is rolled on the Melee CRT. */
static void
test_21_27_melee_without_die_roll (void)
{
  for (int module = 0; module <= 1; module++)
    {
      Fixture *f = NULL;
      g_autoptr (GbacwGame) game = guns_game (&f, module, FALSE);
      GbacwGameUnit *bat = unit_of (game, "u-bat");

      melee_the_guns (game);
      if (module)
        {
          g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 1);   /* no die rolled */
          g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_CAPTURED);
          g_assert_cmpint (bat->captured, ==, 4);
          g_assert_cmpint (bat->guns, ==, 0);
          g_assert_cmpint (unit_of (game, "c-1")->hex, ==, hex_of (f->s, "0305"));
          g_assert_cmpint (unit_of (game, "c-1")->strength, ==, 4);
          g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
          g_assert_true (log_has (game, "J 21.27", "no die roll"));
          g_assert_false (log_has (game, "12.0", "Melee at"));
        }
      else
        {
          g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 0);   /* the Melee CRT's die */
          g_assert_true (log_has (game, "12.0", "Melee at 0305"));
          g_assert_false (log_has (game, "J 21.27", NULL));
        }
      fixture_free (f);
    }
}

/* J 21.27 for the computer player: in its Retreat Before Melee Phase, beside guns whose crew
 * has routed away, it announces their melee (taken with no die roll, at no risk) and makes
 * it in the Melee Phase; the battery is captured. */
static void
test_21_27_computer_takes_the_guns (void)
{
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = guns_game (&f, TRUE, FALSE);
  g_autoptr (GbacwAi) confederate = gbacw_ai_new (game, 1);
  g_autoptr (GbacwAction) declared = NULL;
  g_autoptr (GArray) attacker = g_array_new (FALSE, FALSE, sizeof (int));
  int c1 = unit_index (game, "c-1");

  g_array_append_val (attacker, c1);
  apply_expect (game, move_action (game, "c-1", "0307 0306"), NULL);
  hold_fire (game);
  advance_to_phase (game, 1, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
  g_assert_true (gbacw_melee_without_roll_case (game, attacker, hex_of (f->s, "0305")));
  declared = gbacw_ai_choose (confederate, game);
  g_assert_nonnull (declared);
  g_assert_cmpint (declared->kind, ==, GBACW_ACTION_DECLARE_MELEE);
  g_assert_cmpint (declared->melee.target, ==, hex_of (f->s, "0305"));
  apply_expect (game, g_steal_pointer (&declared), NULL);
  /* the rest of the turn as the computer plays it */
  while (game->turn == 1 && game->player_turn == 1 && !gbacw_game_is_over (game))
    {
      g_autoptr (GError) error = NULL;
      if (!gbacw_ai_step (confederate, game, NULL, &error))
        g_error ("%s", error ? error->message : "the computer player did nothing");
    }
  g_assert_cmpint (unit_of (game, "u-bat")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_true (log_has (game, "J 21.27", "no die roll"));
  fixture_free (f);
}

/* J 21.27's melee is a melee (12.8): it is announced in the Retreat Before Melee Phase, and
 * made only by a unit announced; the guns are not taken by a melee of their hex from two
 * hexes away (12.21). */
static void
test_21_27_melee_announced (void)
{
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = guns_game (&f, TRUE, FALSE);

  apply_expect (game, move_action (game, "c-1", "0307"), NULL);
  hold_fire (game);
  advance_to_phase (game, 1, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
  apply_expect (game, declare (game, "c-1", "0305", FALSE), "12.21");
  end_phase (game);
  apply_expect (game, melee_action (game, "c-1", "0305"), "12.8");
  g_assert_cmpint (unit_of (game, "u-bat")->presence, ==, GBACW_PRESENCE_ON_MAP);
  fixture_free (f);
}

/* J 21.27 with 9.0: "The unit may also capture the guns if it has moved normally onto the
 * guns during its Movement Phase, and survived enemy defensive fire": the Union may fire at
 * c-1 on its own abandoned guns (they are no unit of the firing side that the fire would
 * fall on, J 21.23), the guns untouched; a hex with a Union unit that counts is refused. */
static void
test_21_27_defensive_fire_at_the_unit_on_the_guns (void)
{
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = guns_game (&f, TRUE, TRUE);
  GbacwGameUnit *bat = unit_of (game, "u-bat");
  g_autoptr (GbacwFireResolution) res = NULL;
  g_autoptr (GError) error = NULL;
  GbacwFirer firer;

  apply_expect (game, move_action (game, "c-1", "0307 0306 0305"), NULL);
  hold_fire (game);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_DEFENSIVE_FIRE);
  firer = (GbacwFirer) { .unit = unit_index (game, "u-2"), .strength = 0, .direction = -1 };
  res = gbacw_fire_compute (game, hex_of (f->s, "0305"), &firer, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (res);
  gbacw_dice_force_list (game->dice, 1, 0);   /* 4 × 2 at 2 hexes = 8: column 7-10, die 1: no effect */
  apply_expect (game, fire1 (game, "0305", "u-2", 0), NULL);
  first_paths (game);
  g_assert_cmpint (bat->guns, ==, 4);
  g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_ON_MAP);
  end_phase (game);
  g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_true (log_has (game, "J 21.27", "survived the Defensive Fire"));

  /* the crew counter of the Union beside c-1 in 0305 is a unit the fire would fall on */
  {
    Fixture *g = NULL;
    g_autoptr (GbacwGame) other = guns_game (&g, TRUE, TRUE);
    g_autoptr (GbacwFireResolution) refused = NULL;
    g_autoptr (GError) why = NULL;

    apply_expect (other, move_action (other, "c-1", "0307 0306 0305"), NULL);
    hold_fire (other);
    end_phase (other);
    gbacw_game_place_unit (other, unit_index (other, "u-bat-crew"), hex_of (g->s, "0305"), FALSE);
    firer = (GbacwFirer) { .unit = unit_index (other, "u-2"), .strength = 0, .direction = -1 };
    refused = gbacw_fire_compute (other, hex_of (g->s, "0305"), &firer, 1, &why);
    g_assert_null (refused);
    g_assert_error (why, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL);
    g_assert_nonnull (strstr (why->message, "[9.0]"));
    fixture_free (g);
  }
  fixture_free (f);
}

/* J 21.27 with a manned unit beside the guns: the melee is fought on the Melee CRT against
 * it (the guns are "alone" no more). */
static void
test_21_27_guns_not_alone (void)
{
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = guns_game (&f, TRUE, TRUE);

  gbacw_game_place_unit (game, unit_index (game, "u-2"), hex_of (f->s, "0305"), FALSE);
  unit_of (game, "u-2")->facing = unit_of (game, "u-bat")->facing;
  melee_the_guns (game);
  g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "12.0", "Melee at 0305"));
  g_assert_false (log_has (game, "J 21.27", "no die roll"));
  fixture_free (f);
}

/* J 21.23, 21.27 in a hex where a manned Union battery stands with the abandoned guns: the
 * melee is fought on the CRT (die 1 at +4: defender C2R3); its losses fall on the manned
 * battery only (the abandoned guns "have no game significance": no choice of loss is asked),
 * which is captured with its crew (12.93); the guns left alone with c-1 are not engaged with
 * it and are captured when the Confederate Melee Phase ends. */
static void
test_21_23_no_loss_on_abandoned_guns (void)
{
  Fixture *f = fixture_new (6, 12);
  g_autoptr (GbacwGame) game = NULL;
  GbacwGameUnit *bat, *bat2;

  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0305", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  add_unit (f, "u-bat2", "union", GBACW_UNIT_ARTILLERY, 2, 4, "L", "0305", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 5, 4, "0306", "n");
  add_exclusive (f, "crew-markers", "game", "J", "return", "final-command", NULL);
  add_exclusive (f, "jackson.abandoned-guns", "case", "J 21.27", NULL);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  rout (game, "u-bat");
  first_paths (game);
  bat = unit_of (game, "u-bat");
  bat2 = unit_of (game, "u-bat2");
  g_assert_true (bat->status & GBACW_STATUS_ABANDONED);
  g_assert_false (bat2->status & GBACW_STATUS_ABANDONED);
  advance_to_phase (game, 1, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
  apply_expect (game, declare (game, "c-1", "0305", FALSE), NULL);
  stand_all (game);
  end_phase (game);
  gbacw_dice_force_list (game->dice, 1, 0);
  apply_expect (game, melee_action (game, "c-1", "0305"), NULL);
  g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "12.0", "differential +4"));
  g_assert_null (gbacw_game_decision (game));   /* no loss to choose, no facing for the guns (7.32) */
  g_assert_cmpint (bat2->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_cmpint (bat->guns, ==, 4);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
  end_phase (game);
  g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_true (log_has (game, "J 21.27", "end of the Melee Phase"));
  fixture_free (f);
}

/* ------------------------------------------------------------------ J 21.54 */

/* A Confederate battery (4 guns, HA) unlimbered on 0303 facing south; two Union regiments of
 * 4 SP stacked on 0308 facing north; opportunity fire on or off; the Union Movement Phase. */
static GbacwGame *
stack_game (Fixture **out, gboolean module)
{
  Fixture *f = fixture_new (6, 12);

  add_unit (f, "c-art", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "HA", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "u-1", "union", 4, 4, "0308", "n");
  INF (f, "u-2", "union", 4, 4, "0308", "n");
  if (module)
    add_exclusive (f, "jackson.opportunity-fire", "case", "J 21.5", NULL);
  *out = f;
  return movement_game (f);
}

static GbacwAction *
move_both (GbacwGame *game, const char *path)
{
  g_autoptr (GArray) units = units_of (game, "u-1 u-2");
  g_autoptr (GbacwAction) one = move_action (game, "u-1", path);

  return gbacw_action_new_move ((int *) units->data, units->len, (int *) one->move.path->data, one->move.path->len,
                                -1);
}

/* J 21.54 "Units which begin and end their movement stacked together must be moved as a
 * stack": u-1 moved to 0307 alone, u-2 may not join it there by a move of its own, nor u-1
 * come back to u-2 on 0308; moved together they may, and may then split and stay apart.
 * Without the optional rule each may move on its own. */
static void
test_21_54_stack_moves_together (void)
{
  for (int module = 0; module <= 1; module++)
    {
      Fixture *f = NULL;
      g_autoptr (GbacwGame) game = stack_game (&f, module);

      apply_expect (game, move_action (game, "u-1", "0307"), NULL);
      hold_fire (game);
      apply_expect (game, move_action (game, "u-2", "0307"), module ? "J 21.54" : NULL);
      hold_fire (game);
      if (module)
        {
          apply_expect (game, move_action (game, "u-1", "0308"), "J 21.54");
          apply_expect (game, move_action (game, "u-2", "0309"), NULL);   /* apart: free */
          hold_fire (game);
          g_assert_cmpint (unit_of (game, "u-2")->hex, ==, hex_of (f->s, "0309"));
        }
      else
        g_assert_cmpint (unit_of (game, "u-2")->hex, ==, hex_of (f->s, "0307"));
      fixture_free (f);
    }
  {
    Fixture *f = NULL;
    g_autoptr (GbacwGame) game = stack_game (&f, TRUE);

    apply_expect (game, move_both (game, "0307"), NULL);
    hold_fire (game);
    g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (f->s, "0307"));
    g_assert_cmpint (unit_of (game, "u-2")->hex, ==, hex_of (f->s, "0307"));
    apply_expect (game, move_action (game, "u-1", "0306"), NULL);   /* split: they end apart */
    hold_fire (game);
    apply_expect (game, move_action (game, "u-2", "0306"), "J 21.54");
    assert_replays (f, game);
    fixture_free (f);
  }
}

/* J 21.54 binds units that began the phase together only: a unit that began elsewhere may
 * join a stack. */
static void
test_21_54_others_may_join (void)
{
  Fixture *f = fixture_new (6, 12);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "c-art", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "HA", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "u-1", "union", 4, 4, "0308", "n");
  INF (f, "u-3", "union", 4, 4, "0309", "n");
  add_exclusive (f, "jackson.opportunity-fire", "case", "J 21.5", NULL);
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-3", "0308"), NULL);
  hold_fire (game);
  g_assert_cmpint (unit_of (game, "u-3")->hex, ==, hex_of (f->s, "0308"));
  fixture_free (f);
}

/* ------------------------------------------------------------------ J 22.8 */

/* The Port Republic kit's chart (the game's own cells, never the tests'). */
static GbacwChart *
kit_chart (GbacwScenario *kit, const char *id)
{
  for (guint i = 0; i < kit->charts->len; i++)
    {
      GbacwChart *chart = g_ptr_array_index (kit->charts, i);
      if (g_strcmp0 (chart->id, id) == 0)
        return g_ptr_array_steal_index (kit->charts, i);
    }
  g_error ("the kit has no chart %s", id);
  return NULL;
}

static GbacwScenario *
load_kit (void)
{
  g_autofree char *path = gbacw_data_find ("games/jackson/port-republic.xml");
  g_autoptr (GError) error = NULL;
  GbacwScenario *kit;

  g_assert_nonnull (path);
  kit = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return kit;
}

/* The fixture with the kit's Terrain Effects on Combat and Stacking Restrictions charts and
 * its town's height, a Union regiment on 0302 facing south, Confederate regiments on 0305
 * and 0306 (town or clear). */
static Fixture *
town_fixture (gboolean town)
{
  Fixture *f = fixture_new (6, 10);
  GbacwScenario *kit = load_kit ();
  const char *ids[] = { "terrain-combat", "stacking" };
  const GbacwHexTerrain *kit_town = g_ptr_array_index (kit->catalogue.hex_terrains,
                                                       gbacw_catalogue_find_hex_terrain (&kit->catalogue, "town"));
  GbacwHexTerrain *our_town = g_ptr_array_index (f->s->catalogue.hex_terrains,
                                                 gbacw_catalogue_find_hex_terrain (&f->s->catalogue, "town"));

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_ptr_array_remove (f->s->charts, gbacw_scenario_find_chart (f->s, ids[i]));
      g_ptr_array_add (f->s->charts, kit_chart (kit, ids[i]));
    }
  g_assert_cmpint (kit_town->height, ==, 20);   /* J 22.8: "20 feet above level 1" */
  our_town->height = kit_town->height;
  gbacw_scenario_free (kit);
  if (town)
    {
      set_terrain (f, "0305", "town");
      set_terrain (f, "0306", "town");
    }
  INF (f, "u-1", "union", 4, 4, "0302", "s");
  INF (f, "c-1", "confederate", 2, 4, "0305", "n");
  INF (f, "c-2", "confederate", 2, 4, "0305", "n");
  INF (f, "c-3", "confederate", 2, 4, "0306", "n");
  INF (f, "c-4", "confederate", 2, 4, "0308", "n");
  return f;
}

/* J 22.8 "Units occupying town hexes receive a one column shift to the left on the Combat
 * Results Table when fired upon, and must observe the special stacking limits specified in
 * the Stacking Restrictions Chart (8.18)"; "considered to extend 20 feet above level 1 for
 * purposes of blocking Line of Sight": with the kit's cells, fire into town shifts one column
 * left of the same fire into clear; a town hex takes two regiments (the chart's 2 units),
 * clear three; the town hexes block the line of sight over them at one level. */
static void
test_22_8_town_cells (void)
{
  int shift[2], columns[2];
  gboolean third[2], sight[2];

  for (int town = 0; town <= 1; town++)
    {
      g_autoptr (Fixture) f = town_fixture (town);
      g_autoptr (GbacwGame) game = start_game (f);
      g_autoptr (GbacwFireResolution) res = NULL;
      g_autoptr (GError) error = NULL;
      GbacwLosResult los;
      GbacwFirer firer = { unit_index (game, "u-1"), 0, -1, FALSE };
      int c3 = unit_index (game, "c-3");

      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
      res = gbacw_fire_compute (game, hex_of (f->s, "0305"), &firer, 1, &error);
      g_assert_no_error (error);
      shift[town] = res->terrain_shift;
      columns[town] = res->n_columns;
      third[town] = gbacw_query_stacking_allows (game, hex_of (f->s, "0305"), &c3, 1, GBACW_FORMATION_STATE_UNSET);
      sight[town] = gbacw_fire_los (game, hex_of (f->s, "0302"), hex_of (f->s, "0308"), &los);
    }
  g_assert_cmpint (shift[1], ==, shift[0] - 1);
  (void) columns;
  g_assert_true (third[0]);
  g_assert_false (third[1]);
  g_assert_true (sight[0]);
  g_assert_false (sight[1]);
}

/* ------------------------------------------------------------------ J 35.27 */

/* Game-Turn 2 is the first night Game-Turn (J 35.2 as the kits configure it). A Union
 * battery (4 guns) on 0305 facing south, whose crew routs away in the Union Initial Command
 * Phase of Game-Turn 1; a second Union battery on 0307 facing north; a Confederate regiment
 * between them on 0306; crew markers and, with module, abandoned guns (J 21.23). */
static GbacwGame *
night_game (Fixture **out, gboolean module)
{
  Fixture *f = fixture_new (6, 14);
  GbacwGame *game;

  set_turns (f, 1, 3);
  ((GbacwTurn *) g_ptr_array_index (f->s->turns.turns, 1))->night = TRUE;
  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0305", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  add_unit (f, "u-bat2", "union", GBACW_UNIT_ARTILLERY, 4, 4, "L", "0307", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  INF (f, "c-1", "confederate", 4, 4, "0306", "n");
  add_exclusive (f, "crew-markers", "game", "J", "return", "final-command", NULL);
  if (module)
    add_exclusive (f, "jackson.abandoned-guns", "case", "J 21.27", NULL);
  add_exclusive (f, "night", "turns", "2", "road-factor", "0.5", "proximity", "jackson", "zoc", "enter-one", "fire",
                 "none", "engaged", "jackson", "pins-removed", "yes", NULL);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  rout (game, "u-bat");
  first_paths (game);
  g_assert_true (unit_of (game, "u-bat")->status & GBACW_STATUS_ABANDONED);
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (game->night);
  *out = f;
  return game;
}

/* J 35.27 "Abandoned guns are not subject to the requirements of 35.21 and 35.22. Their
 * crews, however, are subject to all of the rules of night movement": at the end of the
 * Union Movement Phase of the first night Game-Turn the abandoned guns beside c-1 stay (the
 * battery with its crew that cannot move away is captured, 35.21); their crew counter is
 * held to 35.21 like any unit. With J 21.23 ("no game significance") c-1 need not keep away
 * from the abandoned guns in its own Movement Phase (35.22); without that rule they are an
 * enemy unit it must leave. */
static void
test_35_27_abandoned_guns_at_night (void)
{
  for (int module = 0; module <= 1; module++)
    {
      Fixture *f = NULL;
      g_autoptr (GbacwGame) game = night_game (&f, module);
      GbacwGameUnit *bat = unit_of (game, "u-bat"), *bat2 = unit_of (game, "u-bat2");
      GbacwGameUnit *crew = unit_of (game, "u-bat-crew");

      g_assert_cmpint (gbacw_game_keep_distance (game, bat->index), ==, 0);
      g_assert_cmpint (gbacw_game_keep_distance (game, crew->index), ==, 2);
      g_assert_cmpint (gbacw_game_distance (game, crew->hex, unit_of (game, "c-1")->hex), >=, 2);
      end_phase (game);
      g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_ON_MAP);
      g_assert_cmpint (bat2->presence, ==, GBACW_PRESENCE_CAPTURED);
      g_assert_true (log_has (game, "J 35.21", "u-bat2"));
      g_assert_false (log_has (game, "J 35.21", "u-bat is"));
      advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 1);
      apply_expect (game, gbacw_action_new_end_phase (), module ? NULL : "J 35.22");
      if (module)
        {
          g_assert_cmpint (unit_of (game, "c-1")->presence, ==, GBACW_PRESENCE_ON_MAP);
          g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_ON_MAP);
        }
      fixture_free (f);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/jackson/J-21.27/melee-without-die-roll", test_21_27_melee_without_die_roll);
  g_test_add_func ("/jackson/J-21.27/melee-announced-and-adjacent", test_21_27_melee_announced);
  g_test_add_func ("/jackson/J-21.27/computer-takes-the-guns", test_21_27_computer_takes_the_guns);
  g_test_add_func ("/jackson/J-21.27/defensive-fire-at-the-unit-on-the-guns",
                   test_21_27_defensive_fire_at_the_unit_on_the_guns);
  g_test_add_func ("/jackson/J-21.27/guns-not-alone-on-the-crt", test_21_27_guns_not_alone);
  g_test_add_func ("/jackson/J-21.23/no-melee-loss-on-abandoned-guns", test_21_23_no_loss_on_abandoned_guns);
  g_test_add_func ("/jackson/J-21.54/stack-moves-together", test_21_54_stack_moves_together);
  g_test_add_func ("/jackson/J-21.54/others-may-join", test_21_54_others_may_join);
  g_test_add_func ("/jackson/J-22.8/town-chart-cells", test_22_8_town_cells);
  g_test_add_func ("/jackson/J-35.27/abandoned-guns-at-night", test_35_27_abandoned_guns_at_night);
  return g_test_run ();
}
