/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-pea-ridge-games.c: the Pea Ridge kit, its map unpainted and the test stand-ins of
 * test-pea-ridge-stand-ins.c for the values it does not enter, played computer against
 * computer to the end (30 Game-Turns, or a victory check or P 32.0 ending it earlier):
 * every invariant of test-engine-soak.c after every action, each record replayed to the
 * same state and log, and the log citing the Pea Ridge cases the games used. 50 seeds
 * ("-m slow", or GBACW_AI_GAMES=n; 6 otherwise). */
#define G_LOG_DOMAIN "test-pea-ridge-games"

#include "test-engine-fixture.c"
#include "test-engine-soak.c"
#include "test-pea-ridge-stand-ins.c"

/* The cases of P 19-34 the log cites across the games. */
static void
count_cases (const GbacwGame *game, GHashTable *cases)
{
  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if (e->rule_case && g_str_has_prefix (e->rule_case, "P "))
        g_hash_table_add (cases, g_strdup (e->rule_case));
    }
}

static void
test_kit_games (void)
{
  g_autoptr (GbacwScenario) s = pea_ridge_with_stand_ins ();
  g_autoptr (GHashTable) cases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GString) cited = g_string_new (NULL);
  guint n = n_games (6, 50);
  Totals t = { 0 };

  g_assert_nonnull (s);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = gbacw_game_new (s, 1 + i, &error);
      g_assert_no_error (error);
      play_checked (s, 1 + i, "pea-ridge", &t);
      /* the same game again for its log (play_checked frees its own) */
      g_assert_cmpint (gbacw_ai_play (game, 3, 0, NULL, NULL, &error), ==, GBACW_AI_PLAY_OVER);
      count_cases (game, cases);
    }
  report ("pea-ridge", &t);
  {
    g_autoptr (GList) keys = g_list_sort (g_hash_table_get_keys (cases), (GCompareFunc) g_strcmp0);
    for (GList *l = keys; l; l = l->next)
      g_string_append_printf (cited, "%s%s", l == keys ? "" : ", ", (const char *) l->data);
  }
  g_test_message ("pea-ridge: the log cites %s", cited->str);
  g_assert_cmpuint (t.games, ==, n);
  g_assert_cmpuint (t.moves, >, n * 50);
  g_assert_cmpuint (t.fires, >, n);
  /* the kit's exclusive rules are played: the ones every game meets */
  g_assert_true (g_hash_table_contains (cases, "P 33.0"));
  g_assert_true (g_hash_table_contains (cases, "P 27.1") || g_hash_table_contains (cases, "P 21.52"));
}

/* P 32.0 on (the kit has the optional rule off), his company lost on the 9th Texas's first
 * loss and his death on 1-3 (the rule's 6 and 1-2 made likelier): the games that end with no
 * victor end cleanly, under the same invariants, and replay. */
static void
test_kit_games_gideon_smith (void)
{
  g_autoptr (GbacwScenario) s = pea_ridge_with_stand_ins ();
  guint n = n_games (4, 12), no_victor = 0;
  Totals t = { 0 };

  g_assert_nonnull (s);
  for (guint i = 0; i < s->exclusive_rules->len; i++)
    {
      GbacwExclusiveRule *rule = g_ptr_array_index (s->exclusive_rules, i);
      if (!g_str_equal (rule->id, "pearidge.gideon-smith"))
        continue;
      rule->enabled = TRUE;
      for (guint k = 0; k < rule->params->len; k++)
        {
          GbacwParam *param = g_ptr_array_index (rule->params, k);
          const char *value = g_str_equal (param->name, "roll") ? "1" : g_str_equal (param->name, "death") ? "1-3" : NULL;
          if (value)
            {
              g_free (param->value);
              param->value = g_strdup (value);
            }
        }
    }
  for (guint i = 0; i < n; i++)
    play_checked (s, 100 + i, "pea-ridge with P 32.0", &t);
  report ("pea-ridge with P 32.0", &t);
  no_victor = (guint) t.wins[0];
  g_test_message ("pea-ridge with P 32.0: %u of %u games without a victor", no_victor, n);
  g_assert_cmpuint (t.games, ==, n);
  g_assert_cmpuint (no_victor, >, 0);
}

/* P 34.11, 11.19: Carr's supply wagon, uncrewed, captured by a Confederate regiment entering
 * its hex scores the Confederate player its VP, 5, through the kit's unit-vp award
 * (v-wagons); the Union player nothing ("Confederate only"); the 5 more of a capture's 10
 * stay the custom award v-wagons-captured. */
static void
test_kit_captured_wagon (void)
{
  g_autoptr (GbacwScenario) s = pea_ridge_with_stand_ins ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (s, 1, &error);
  GbacwOutcome *outcome;
  GbacwVictory before = { 0 }, after = { 0 };
  GbacwGameUnit *wagon, *regiment = NULL;
  int confederate, union_side, hex;

  g_assert_no_error (error);
  confederate = gbacw_game_side_index (game, "confederate");
  union_side = gbacw_game_side_index (game, "union");
  wagon = gbacw_game_find_unit (game, "u-carr-s-wagon");
  g_assert_nonnull (wagon);
  g_assert_cmpint (wagon->oob->vp, ==, 5);
  for (guint i = 0; i < game->units->len && regiment == NULL; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == confederate && u->type == GBACW_UNIT_INFANTRY && !gbacw_game_is_wagon_crew (u))
        regiment = u;
    }
  g_assert_nonnull (regiment);
  outcome = gbacw_outcome_new (game);
  gbacw_outcome_victory (outcome, game, &before);
  hex = hex_of (s, "2020");
  gbacw_game_place_unit (game, wagon->index, hex, FALSE);
  wagon->strength = 0;   /* its crew gone */
  gbacw_game_place_unit (game, regiment->index, hex, TRUE);
  gbacw_supply_capture_wagons (game, hex, confederate);
  g_assert_cmpint (wagon->side, ==, confederate);
  g_assert_true (log_has (game, "11.19", "captured"));
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &after);
  g_assert_cmpint (after.units[confederate] - before.units[confederate], ==, 5);
  g_assert_cmpint (after.vp[confederate] - before.vp[confederate], ==, 5);
  g_assert_cmpint (after.units[union_side], ==, before.units[union_side]);
  g_assert_cmpint (after.vp[union_side], ==, before.vp[union_side]);
  gbacw_victory_clear (&before);
  gbacw_victory_clear (&after);
  gbacw_outcome_free (outcome);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pea-ridge/games/computer-against-computer", test_kit_games);
  g_test_add_func ("/pea-ridge/games/32.0-no-victor", test_kit_games_gideon_smith);
  g_test_add_func ("/pea-ridge/34.11/captured-wagon-scores-its-vp", test_kit_captured_wagon);
  return g_test_run ();
}
