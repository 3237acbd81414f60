/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-exclusive-entry.c: the shared exclusive mechanism of reinforcement entry
 * (J 32, P 26, C 29.31, 29.47, 30.13: engine/rules/shared/gbacw-rule-reinforcement-entry.c),
 * each variant on a small built position, named after its game and case. */
#define G_LOG_DOMAIN "test-engine-exclusive-entry"

#include "test-engine-fixture.c"

#include <string.h>

#include "gbacw-game-private.h"
#include "gbacw-movement.h"
#include "gbacw-rules-hooks.h"

static int
compare_labels (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

/* The unit's entry hexes now, as labels separated by spaces, sorted. */
static char *
entry_labels (GbacwGame *game, const char *unit, const char **rule_case)
{
  g_autoptr (GArray) hexes = gbacw_movement_entry_hexes (game, unit_index (game, unit), rule_case);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < hexes->len; i++)
    g_ptr_array_add (labels, gbacw_game_hex_label (game, g_array_index (hexes, int, i)));
  g_ptr_array_sort (labels, compare_labels);
  g_ptr_array_add (labels, NULL);
  return g_strjoinv (" ", (char **) labels->pdata);
}

static GbacwAction *
enter_together (GbacwGame *game, const char *ids, const char *hex)
{
  g_auto (GStrv) names = g_strsplit (ids, " ", -1);
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  int entry = hex_of (game->scenario, hex);

  for (guint i = 0; names[i]; i++)
    {
      int u = unit_index (game, names[i]);
      g_array_append_val (units, u);
    }
  return gbacw_action_new_move ((int *) units->data, units->len, &entry, 1, -1);
}

/* ------------------------------------------------------------------ J 32 */

/* A Union column due on Game-Turn 1 at 0401 (the north edge); a Confederate regiment in
 * 0402 facing north puts 0401 in its ZOC. */
static Fixture *
jackson_fixture (int due)
{
  Fixture *f = fixture_new (8, 10);

  INF (f, "c-1", "confederate", 4, 4, "0402", "n");
  INF (f, "u-1", "union", 4, 4, "0101", "s");
  INF (f, "u-2", "union", 4, 4, "0101", "s");
  reinforce (f, "u-1 u-2", due, "0401", GBACW_FORMATION_STATE_COLUMN);
  add_exclusive (f, "reinforcement-entry", "game", "J", "blocked", "enemy-zoc", "blocked-on", "due-turn",
                 "alternative", "nearest-unblocked", "alternative-edge", "same", NULL);
  return f;
}

/* J 32.2: the entry hex in an enemy ZOC when the group is due: no entry that Game-Turn;
 * the next, at the nearest hex of the same map edge that is not blocked. */
static void
test_j_32_2_blocked_by_zoc (void)
{
  g_autoptr (Fixture) f = jackson_fixture (1);
  g_autoptr (GbacwGame) game = start_game (f);
  g_autofree char *now = NULL;
  g_autofree char *next = NULL;
  const char *rule_case = NULL;

  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0401"), 0, FALSE));
  g_assert_true (log_has (game, "J 32.2", "0401 is blocked"));
  now = entry_labels (game, "u-1", &rule_case);
  g_assert_cmpstr (now, ==, "");
  g_assert_cmpstr (rule_case, ==, "J 32.2");
  /* in a ZOC, not occupied: the Standard Rules alone would let it in */
  apply_expect (game, move_action (game, "u-1", "0401"), "J 32.2");

  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  next = entry_labels (game, "u-1", NULL);
  /* 0301 and 0501 are next to 0402, in front of c-1 (its ZOC) or not: the nearest hexes of
   * the north edge out of every enemy ZOC */
  for (int h = 0; h < game->n_hexes; h++)
    {
      g_autofree char *label = gbacw_game_hex_label (game, h);
      if (strstr (next, label))
        {
          g_assert_false (gbacw_movement_in_enemy_zoc (game, h, 0, FALSE));
          g_assert_cmpint (gbacw_hex_grid_hex_at (&f->s->map->grid, h).row, ==, 0);
        }
    }
  g_assert_cmpstr (next, !=, "");
  g_assert_null (strstr (next, "0401"));
  {
    g_auto (GStrv) first = g_strsplit (next, " ", 2);
    int d = gbacw_game_distance (game, hex_of (f->s, "0401"), hex_of (f->s, first[0]));
    /* nothing nearer on that edge is free */
    for (int col = 0; col < 8; col++)
      {
        GbacwHex hex = { col, 0 };
        int h = gbacw_hex_grid_index (&f->s->map->grid, hex);
        if (gbacw_game_distance (game, hex_of (f->s, "0401"), h) < d)
          g_assert_true (h == hex_of (f->s, "0401") || gbacw_movement_in_enemy_zoc (game, h, 0, FALSE));
      }
    apply_expect (game, move_action (game, "u-1", first[0]), NULL);
    g_assert_true (log_has (game, "J 32.0", "unit 1 of its column"));
  }
  apply_expect (game, move_action (game, "u-2", "0401"), "J 32.2");
  assert_replays (f, game);
}

/* J 32.2 "in which the reinforcements were due to arrive": withheld units (32.1) find the
 * hex in a ZOC a Game-Turn later: no delay, they may enter there. */
static void
test_j_32_2_only_when_due (void)
{
  g_autoptr (Fixture) f = jackson_fixture (1);
  g_autoptr (GbacwGame) game = NULL;

  /* the enemy comes only after the group's Game-Turn */
  gbacw_scenario_find_placement (f->s, "c-1", NULL)->hex = hex_of (f->s, "0808");
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  g_assert_false (log_has (game, "J 32.2", NULL));
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 1);
  gbacw_game_place_unit (game, unit_index (game, "c-1"), hex_of (f->s, "0402"), TRUE);
  unit_of (game, "c-1")->facing = direction_of (f->s, "n");
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0401"), 0, FALSE));
  g_assert_false (log_has (game, "J 32.2", NULL));
  apply_expect (game, move_action (game, "u-1", "0401"), NULL);
}

/* J 32.0: "one regiment or three sections at a time": three sections entering together
 * pay for the first place, the regiment after them for the second. */
static void
test_j_32_0_three_sections_one_place (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  const char *sections[] = { "u-a", "u-b", "u-c" };

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      add_unit (f, sections[i], "union", GBACW_UNIT_ARTILLERY, 2, 4, "N", "0101", GBACW_FORMATION_STATE_LIMBERED, "s");
      gbacw_oob_find_unit (&f->s->oob, sections[i])->flags |= GBACW_UNIT_FLAG_SECTION;
    }
  INF (f, "u-1", "union", 4, 4, "0101", "s");
  reinforce (f, "u-a u-b u-c u-1", 1, "0301", GBACW_FORMATION_STATE_COLUMN);
  add_exclusive (f, "reinforcement-entry", "game", "J", "sections-per-step", "3", NULL);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, enter_together (game, "u-a u-b u-c", "0301"), NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    g_assert_cmpint (unit_of (game, sections[i])->mp_spent, ==, unit_of (game, "u-a")->mp_spent);
  g_assert_cmpint (unit_of (game, "u-a")->mp_spent, >, 0);
  apply_expect (game, move_action (game, "u-1", "0301"), NULL);
  g_assert_cmpint (unit_of (game, "u-1")->mp_spent, ==, 2 * 2);   /* the second place: 2 x 1 MP */
  g_assert_true (log_has (game, "J 32.0", "unit 2 of its column"));
}

/* Without the module every section takes a place of its own (26.0). */
static void
test_j_32_0_sections_without_module (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_unit (f, "u-a", "union", GBACW_UNIT_ARTILLERY, 2, 4, "N", "0101", GBACW_FORMATION_STATE_LIMBERED, "s");
  add_unit (f, "u-b", "union", GBACW_UNIT_ARTILLERY, 2, 4, "N", "0101", GBACW_FORMATION_STATE_LIMBERED, "s");
  gbacw_oob_find_unit (&f->s->oob, "u-a")->flags |= GBACW_UNIT_FLAG_SECTION;
  gbacw_oob_find_unit (&f->s->oob, "u-b")->flags |= GBACW_UNIT_FLAG_SECTION;
  reinforce (f, "u-a u-b", 1, "0301", GBACW_FORMATION_STATE_COLUMN);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, enter_together (game, "u-a u-b", "0301"), NULL);
  g_assert_cmpint (unit_of (game, "u-b")->mp_spent, ==, 2 * unit_of (game, "u-a")->mp_spent);
}

/* ------------------------------------------------------------------ P 26 */

static Fixture *
pea_ridge_fixture (const char *enemy_hex)
{
  Fixture *f = fixture_new (8, 24);

  INF (f, "c-1", "confederate", 4, 4, enemy_hex, "s");
  INF (f, "u-1", "union", 4, 4, "0808", "s");
  reinforce (f, "u-1", 1, "0401", GBACW_FORMATION_STATE_COLUMN);
  add_exclusive (f, "reinforcement-entry", "game", "P", "blocked", "enemy", NULL);
  return f;
}

/* P 26.14: the entry hex occupied by an enemy unit: a Game-Turn later the units may enter at
 * the scheduled hex or the next hexes closest to it (0301 and 0501 are equidistant: the
 * owner's choice). */
static void
test_p_26_14_enemy_on_entry_hex (void)
{
  g_autoptr (Fixture) f = pea_ridge_fixture ("0401");
  g_autoptr (GbacwGame) game = start_game (f);
  g_autofree char *now = NULL;
  g_autofree char *next = NULL;
  const char *rule_case = NULL;

  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  now = entry_labels (game, "u-1", &rule_case);
  g_assert_cmpstr (now, ==, "");
  g_assert_cmpstr (rule_case, ==, "P 26.14");
  apply_expect (game, move_action (game, "u-1", "0301"), "P 26.14");
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  next = entry_labels (game, "u-1", &rule_case);
  g_assert_cmpstr (next, ==, "0301 0401 0501");
  g_assert_cmpstr (rule_case, ==, "P 26.14");
  apply_expect (game, move_action (game, "u-1", "0401"), "5.12");   /* still occupied */
  apply_expect (game, move_action (game, "u-1", "0601"), "P 26.14");   /* not the closest */
  apply_expect (game, move_action (game, "u-1", "0501"), NULL);
  g_assert_true (log_has (game, "P 26.0", "enters at 0501"));
  assert_replays (f, game);
}

/* P 26.14 reported (test play's Turns page): the blocked hex, from when and where its
 * reinforcement enters; nothing once it has entered. */
static void
test_p_26_14_status (void)
{
  g_autoptr (Fixture) f = pea_ridge_fixture ("0401");
  g_autoptr (GbacwGame) game = start_game (f);
  g_autoptr (GPtrArray) before = NULL;
  g_autoptr (GPtrArray) blocked = NULL;
  g_autoptr (GPtrArray) entered = NULL;

  before = gbacw_game_rules_status (game);
  g_assert_cmpuint (before->len, ==, 0);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  blocked = gbacw_game_rules_status (game);
  g_assert_cmpuint (blocked->len, ==, 1);
  g_assert_cmpstr (((GbacwRuleStatus *) g_ptr_array_index (blocked, 0))->rule_case, ==, "P 26.14");
  g_assert_cmpstr (((GbacwRuleStatus *) g_ptr_array_index (blocked, 0))->text, ==,
                   "The entry hex 0401 was blocked on Game-Turn 1: 1 reinforcement waits to enter from Game-Turn 2, "
                   "there or at the nearest hex");
  advance_to_phase (game, 2, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0501"), NULL);
  entered = gbacw_game_rules_status (game);
  g_assert_cmpuint (entered->len, ==, 0);
}

/* P 26.14 reads only enemy units: an enemy ZOC over the entry hex does not block it. */
static void
test_p_26_14_zoc_does_not_block (void)
{
  g_autoptr (Fixture) f = pea_ridge_fixture ("0402");
  g_autoptr (GbacwGame) game = NULL;

  gbacw_scenario_find_placement (f->s, "c-1", NULL)->facing = direction_of (f->s, "n");
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (gbacw_movement_in_enemy_zoc (game, hex_of (f->s, "0401"), 0, FALSE));
  apply_expect (game, move_action (game, "u-1", "0401"), NULL);
}

/* P 26.22: units due at 0123 may delay a Game-Turn and enter at 0115 (Bowen's Battery, due
 * at 0123 on Game-Turn 7, enters at 0115 on Game-Turn 8). */
static void
test_p_26_22_other_hex_a_turn_late (void)
{
  g_autoptr (Fixture) f = fixture_new (4, 24);
  g_autoptr (GbacwGame) game = NULL;
  const char *rule_case = NULL;
  g_autofree char *now = NULL;
  g_autofree char *later = NULL;

  add_unit (f, "c-bowen", "confederate", GBACW_UNIT_ARTILLERY, 4, 4, "N", "0101", GBACW_FORMATION_STATE_LIMBERED, "s");
  INF (f, "u-1", "union", 4, 4, "0410", "s");
  set_turns (f, 6, 9);
  reinforce (f, "c-bowen", 7, "0123", GBACW_FORMATION_STATE_COLUMN);
  add_exclusive (f, "reinforcement-entry", "game", "P", "blocked", "enemy", "swap", "0115 0123", NULL);
  game = start_game (f);
  advance_to_phase (game, 7, GBACW_PHASE_MOVEMENT, 1);
  now = entry_labels (game, "c-bowen", &rule_case);
  g_assert_cmpstr (now, ==, "0123");
  apply_expect (game, move_action (game, "c-bowen", "0115"), "26.0");
  advance_to_phase (game, 8, GBACW_PHASE_MOVEMENT, 1);
  later = entry_labels (game, "c-bowen", &rule_case);
  g_assert_cmpstr (later, ==, "0115 0123");
  g_assert_cmpstr (rule_case, ==, "P 26.22");
  apply_expect (game, move_action (game, "c-bowen", "0115"), NULL);
}

/* ------------------------------------------------------------------ C 29-30 */

/* C 30.13: Oliver's brigade "enter singly, one after the other in a column. The first unit
 * expends 1/2 Movement Point to enter the map, the second 1, the third 1 1/2"; C 29.47 the
 * others pay the cost of the first hex they enter (woods: 2 each, no column). */
static void
test_c_30_13_half_point_column_and_29_47_first_hex (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  const char *oliver[] = { "u-o1", "u-o2", "u-o3" };

  add_formation (f, "oliver", "union", GBACW_FORMATION_BRIGADE, NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (oliver); i++)
    INF (f, oliver[i], "union", 4, 4, "0101", "s");
  set_formation (f, "u-o1 u-o2 u-o3", "oliver");
  INF (f, "u-18mo", "union", 4, 4, "0101", "s");
  INF (f, "u-5ia", "union", 4, 4, "0101", "s");
  set_terrain (f, "0601", "woods");
  reinforce (f, "u-o1 u-o2 u-o3", 1, "0101", GBACW_FORMATION_STATE_COLUMN);
  reinforce (f, "u-18mo u-5ia", 1, "0601", GBACW_FORMATION_STATE_COLUMN);
  add_exclusive (f, "reinforcement-entry", "game", "C", "column-cost", "first-hex", "column-cost.oliver", "1/2", NULL);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  for (guint i = 0; i < G_N_ELEMENTS (oliver); i++)
    {
      apply_expect (game, move_action (game, oliver[i], "0101"), NULL);
      g_assert_cmpint (unit_of (game, oliver[i])->mp_spent, ==, (int) i + 1);   /* halves: 1/2, 1, 1 1/2 */
    }
  g_assert_true (log_has (game, "C 30.13", "unit 3 of its column"));
  apply_expect (game, move_action (game, "u-18mo", "0601"), NULL);
  apply_expect (game, move_action (game, "u-5ia", "0601"), NULL);
  g_assert_cmpint (unit_of (game, "u-18mo")->mp_spent, ==, unit_of (game, "u-5ia")->mp_spent);
  g_assert_cmpint (unit_of (game, "u-5ia")->mp_spent, >, 2);   /* woods, more than clear's 1 MP */
  g_assert_true (log_has (game, "C 29.31", "enters at 0601"));
}

/* C 29.47: reinforcements "must stay in column until they come within the Effectiveness
 * Radii of their brigade commanders". */
static void
test_c_29_47_stays_in_column (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 10);
  g_autoptr (GbacwGame) game = NULL;
  int u;

  add_formation (f, "davies", "union", GBACW_FORMATION_BRIGADE, NULL, "u-davies");
  LEADER (f, "u-davies", "union", "0609");
  set_leader (f, "u-davies", GBACW_LEADER_BRIGADE, 2, 1, GBACW_UNSET, GBACW_UNSET);
  INF (f, "u-bd", "union", 4, 4, "0101", "s");
  set_formation (f, "u-bd", "davies");
  INF (f, "c-1", "confederate", 4, 4, "0110", "n");
  reinforce (f, "u-bd", 1, "0101", GBACW_FORMATION_STATE_COLUMN);
  add_exclusive (f, "reinforcement-entry", "game", "C", "column-cost", "first-hex", "stay-in-column", "yes", NULL);
  game = start_game (f);
  advance_to_phase (game, 1, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-bd", "0101"), NULL);
  u = unit_index (game, "u-bd");
  apply_expect (game, gbacw_action_new_change_formation (&u, 1, GBACW_FORMATION_STATE_LINE), "C 29.47");
  /* its brigade commander comes within 2 hexes */
  gbacw_game_place_unit (game, unit_index (game, "u-davies"), hex_of (f->s, "0302"), TRUE);
  apply_expect (game, gbacw_action_new_change_formation (&u, 1, GBACW_FORMATION_STATE_LINE), NULL);
  g_assert_cmpint (unit_of (game, "u-bd")->formation, ==, GBACW_FORMATION_STATE_LINE);
}

static void
test_module_registered (void)
{
  g_assert_nonnull (gbacw_rules_hooks_lookup ("reinforcement-entry"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/J-32.2-blocked-by-zoc", test_j_32_2_blocked_by_zoc);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/J-32.2-only-when-due", test_j_32_2_only_when_due);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/J-32.0-three-sections-one-place",
                   test_j_32_0_three_sections_one_place);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/J-32.0-sections-without-module",
                   test_j_32_0_sections_without_module);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/P-26.14-enemy-on-entry-hex", test_p_26_14_enemy_on_entry_hex);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/P-26.14-zoc-does-not-block", test_p_26_14_zoc_does_not_block);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/P-26.14-status", test_p_26_14_status);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/P-26.22-other-hex-a-turn-late",
                   test_p_26_22_other_hex_a_turn_late);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/C-30.13-half-point-column-and-29.47-first-hex",
                   test_c_30_13_half_point_column_and_29_47_first_hex);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/C-29.47-stays-in-column", test_c_29_47_stays_in_column);
  g_test_add_func ("/engine/exclusive/reinforcement-entry/registered", test_module_registered);
  return g_test_run ();
}
