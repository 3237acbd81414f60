/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-crew-capture.c: batteries whose crew has routed away on its Crew marker, taken by the
 * enemy in Pea Ridge (P 20.21) and Corinth (C 24.21) (engine/rules/shared/
 * gbacw-rule-crew-markers.c), and fire at such a battery (9.0), each on a small position
 * built in code with fixed dice, named after its game and case. */
#define G_LOG_DOMAIN "test-crew-capture"

#include "test-engine-fixture.c"

#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-melee.h"

/* A Union battery (4 guns) unlimbered on 0305 facing south; a Confederate regiment of sp SP
 * (morale 4) on 0308 facing north and a Confederate battery (HA) on 0309; crew markers with
 * game (P or C). The battery's crew routs away in the Union Initial Command Phase of
 * Game-Turn 1; the game goes on to the Confederate Movement Phase. */
static GbacwGame *
crewless_game (Fixture **out, const char *game_letter, int sp)
{
  Fixture *f = fixture_new (6, 12);
  GbacwGame *game;

  add_unit (f, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "N", "0305", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", sp, 4, "0308", "n");
  add_unit (f, "c-art", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "HA", "0309", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  add_exclusive (f, "crew-markers", "game", game_letter, NULL);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_INITIAL_COMMAND, 0);
  rout (game, "u-bat");
  first_paths (game);
  g_assert_true (unit_of (game, "u-bat")->status & GBACW_STATUS_ABANDONED);
  g_assert_cmpint (unit_of (game, "u-bat-crew")->hex, >=, 0);
  g_assert_cmpint (unit_of (game, "u-bat-crew")->hex, !=, unit_of (game, "u-bat")->hex);
  g_assert_true (gbacw_game_guns_unmanned (game, unit_of (game, "u-bat")));
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 1);
  *out = f;
  return game;
}

static const char *
case_of (const char *game_letter)
{
  return game_letter[0] == 'C' ? "C 24.21" : "P 20.21";
}

/* c-1 moves beside the guns (0306, facing them), announces its melee of them and the
 * Melee Phase begins. */
static void
to_the_melee (GbacwGame *game)
{
  apply_expect (game, move_action (game, "c-1", "0307 0306"), NULL);
  hold_fire (game);
  advance_to_phase (game, 1, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
  apply_expect (game, declare (game, "c-1", "0305", FALSE), NULL);
  stand_all (game);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);
}

/* P 20.21, C 24.21: the battery is still on the map, an enemy unit: no unit moves into its
 * hex (5.12; the Jackson rule that lets units move onto abandoned guns, J 21.23, is not
 * theirs). */
static void
test_no_entry (gconstpointer data)
{
  const char *letter = data;
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = crewless_game (&f, letter, 1);

  apply_expect (game, move_action (game, "c-1", "0307 0306 0305"), "5.12");
  g_assert_cmpint (unit_of (game, "u-bat")->presence, ==, GBACW_PRESENCE_ON_MAP);
  fixture_free (f);
}

/* P 20.21, C 24.21: guns whose crew is away have nobody to hold them: a melee at +1 (1 SP
 * against nobody) with a die of 4 gives Eng to both sides (12.94), which left the attacker
 * engaged with the guns; now the attacker stays in the hex, not engaged, and the guns are
 * captured, their 4 guns counted captured. */
static void
test_melee_captures (gconstpointer data)
{
  const char *letter = data;
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = crewless_game (&f, letter, 1);
  GbacwGameUnit *bat = unit_of (game, "u-bat");
  GbacwMeleeOdds odds;

  to_the_melee (game);
  odds_of (game, "c-1", "0305", FALSE, &odds);
  g_assert_cmpint (odds.defend, ==, 0);
  g_assert_cmpint (odds.defend_morale, ==, 0);   /* 12.52: nobody's Morale there */
  g_assert_cmpint (odds.differential, ==, 1);
  gbacw_dice_force_list (game->dice, 4, 0);
  apply_expect (game, melee_action (game, "c-1", "0305"), NULL);
  g_assert_cmpint (gbacw_dice_n_forced (game->dice), ==, 0);
  g_assert_true (log_has (game, "12.0", "die 4: attacker Eng, defender Eng"));
  g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_cmpint (bat->captured, ==, 4);
  g_assert_cmpint (bat->guns, ==, 0);
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, hex_of (f->s, "0305"));
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
  g_assert_true (log_has (game, case_of (letter), "guns are captured"));
  g_assert_false (log_has (game, "12.94", NULL));
  fixture_free (f);
}

/* P 20.21, C 24.21: a melee that throws the attacker back (die 5 at +1: Rpls, 12.95) leaves
 * the guns where they are. */
static void
test_repulsed_leaves_guns (gconstpointer data)
{
  const char *letter = data;
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = crewless_game (&f, letter, 1);
  GbacwGameUnit *bat = unit_of (game, "u-bat");

  to_the_melee (game);
  gbacw_dice_force_list (game->dice, 5, 0);
  apply_expect (game, melee_action (game, "c-1", "0305"), NULL);
  first_paths (game);
  g_assert_true (log_has (game, "12.0", "die 5: attacker Rpls"));
  g_assert_cmpint (bat->presence, ==, GBACW_PRESENCE_ON_MAP);
  g_assert_cmpint (bat->guns, ==, 4);
  g_assert_cmpint (unit_of (game, "c-1")->hex, !=, hex_of (f->s, "0305"));
  g_assert_false (log_has (game, case_of (letter), "guns are captured"));
  fixture_free (f);
}

/* 12.98 against guns without their crew: only the attacker's cells of the Melee CRT decide
 * (the defender's fall on nobody): with the defender's cell at +4, die 5 unknown, a 4 SP
 * regiment may melee the crewless battery, and may not melee a crewed one. */
static void
test_unknown_defender_cell (gconstpointer data)
{
  const char *letter = data;
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = NULL;
  GbacwChart *crt;
  GbacwCell *cell;
  GbacwMeleeOdds odds;
  g_autoptr (GArray) units = NULL;
  g_autoptr (GError) error = NULL;

  game = crewless_game (&f, letter, 4);
  crt = gbacw_scenario_find_chart (game->scenario, "melee-crt");
  cell = &((GbacwChartRow *) g_ptr_array_index (crt->rows, gbacw_chart_find_row (crt, "5d")))
            ->cells[gbacw_chart_find_column (crt, "+4")];
  g_clear_pointer (&cell->value, g_free);
  cell->status = GBACW_CELL_UNKNOWN;
  to_the_melee (game);
  units = units_of (game, "c-1");
  g_assert_true (gbacw_melee_odds (game, units, hex_of (f->s, "0305"), FALSE, &odds, &error));
  g_assert_no_error (error);
  g_assert_cmpint (odds.differential, ==, 4);
  gbacw_dice_force_list (game->dice, 5, 0);
  apply_expect (game, melee_action (game, "c-1", "0305"), NULL);
  g_assert_cmpint (unit_of (game, "u-bat")->presence, ==, GBACW_PRESENCE_CAPTURED);
  /* crewed: the defender's cell counts */
  {
    Fixture *g = fixture_new (6, 12);
    g_autoptr (GbacwGame) crewed = NULL;
    GbacwChart *crt2;
    GbacwCell *cell2;

    add_unit (g, "u-bat", "union", GBACW_UNIT_ARTILLERY, 4, 4, "N", "0305", GBACW_FORMATION_STATE_UNLIMBERED, "s");
    INF (g, "c-1", "confederate", 5, 4, "0306", "n");
    add_exclusive (g, "crew-markers", "game", letter, NULL);
    crt2 = gbacw_scenario_find_chart (g->s, "melee-crt");
    cell2 = &((GbacwChartRow *) g_ptr_array_index (crt2->rows, gbacw_chart_find_row (crt2, "5d")))
               ->cells[gbacw_chart_find_column (crt2, "+4")];
    g_clear_pointer (&cell2->value, g_free);
    cell2->status = GBACW_CELL_UNKNOWN;
    crewed = start_game (g);
    advance_to_phase (crewed, 1, GBACW_PHASE_RETREAT_BEFORE_MELEE, 1);
    declare_and_stand (crewed, "c-1", "0305", FALSE);
    apply_expect (crewed, melee_action (crewed, "c-1", "0305"), "12.98");
    fixture_free (g);
  }
  fixture_free (f);
}

/* 9.0 with a lone crewless battery: the hex holds no unit of the firing side, so the
 * Confederate battery may fire at it (15.11: artillery fire destroys guns); a Confederate
 * regiment beside the guns in that hex makes it no target. */
static void
test_fire_at_lone_crewless_battery (gconstpointer data)
{
  const char *letter = data;
  Fixture *f = NULL;
  g_autoptr (GbacwGame) game = crewless_game (&f, letter, 1);
  g_autoptr (GbacwFireResolution) res = NULL;
  g_autoptr (GbacwFireResolution) refused = NULL;
  g_autoptr (GError) error = NULL;
  GbacwFirer firer;

  advance_to_phase (game, 1, GBACW_PHASE_OFFENSIVE_FIRE, 1);
  firer = (GbacwFirer) { .unit = unit_index (game, "c-art"), .strength = 0, .direction = -1 };
  res = gbacw_fire_compute (game, hex_of (f->s, "0305"), &firer, 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (res);
  gbacw_game_place_unit (game, unit_index (game, "c-1"), hex_of (f->s, "0305"), FALSE);
  refused = gbacw_fire_compute (game, hex_of (f->s, "0305"), &firer, 1, &error);
  g_assert_null (refused);
  g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "[9.0]"));
  fixture_free (f);
}

int
main (int argc, char **argv)
{
  static const char *const games[] = { "P", "C" };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      const char *c = games[i][0] == 'C' ? "C-24.21" : "P-20.21";
      g_autofree char *a = g_strdup_printf ("/engine/exclusive/crew-markers/%s-no-entry-into-the-guns-hex", c);
      g_autofree char *b = g_strdup_printf ("/engine/exclusive/crew-markers/%s-melee-captures-crewless-guns", c);
      g_autofree char *d = g_strdup_printf ("/engine/exclusive/crew-markers/%s-repulsed-attacker-leaves-the-guns", c);
      g_autofree char *e = g_strdup_printf ("/engine/exclusive/crew-markers/%s-12.98-defender-cells-fall-on-nobody", c);
      g_autofree char *g = g_strdup_printf ("/engine/exclusive/crew-markers/%s-9.0-fire-at-a-lone-crewless-battery", c);
      g_test_add_data_func (a, games[i], test_no_entry);
      g_test_add_data_func (b, games[i], test_melee_captures);
      g_test_add_data_func (d, games[i], test_repulsed_leaves_guns);
      g_test_add_data_func (e, games[i], test_unknown_defender_cell);
      g_test_add_data_func (g, games[i], test_fire_at_lone_crewless_battery);
    }
  return g_test_run ();
}
