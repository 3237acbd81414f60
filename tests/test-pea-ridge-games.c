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
#include "gbacw-leadership.h"
#include "gbacw-retreat.h"

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
  guint n = n_games (8, 12), no_victor = 0;
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

/* The kit with its stand-ins, a game of it and the Victory Points before a loss. */
typedef struct {
  GbacwScenario *s;
  GbacwGame *game;
  GbacwOutcome *outcome;
  GbacwVictory before;
  int confederate;
  int union_side;
} KitVictory;

static void
kit_victory_begin (KitVictory *k)
{
  g_autoptr (GError) error = NULL;

  k->s = pea_ridge_with_stand_ins ();
  g_assert_nonnull (k->s);
  k->game = gbacw_game_new (k->s, 1, &error);
  g_assert_no_error (error);
  k->confederate = gbacw_game_side_index (k->game, "confederate");
  k->union_side = gbacw_game_side_index (k->game, "union");
  k->outcome = gbacw_outcome_new (k->game);
  memset (&k->before, 0, sizeof k->before);
  gbacw_outcome_victory (k->outcome, k->game, &k->before);
}

/* The Victory Points the loss since kit_victory_begin () earned each side. */
static void
kit_victory_end (KitVictory *k, GbacwVictory *after)
{
  memset (after, 0, sizeof *after);
  gbacw_outcome_update (k->outcome, k->game);
  gbacw_outcome_victory (k->outcome, k->game, after);
  g_assert_cmpstr (after->not_computed, ==, "");   /* P 34.11 has no custom award left */
}

static void
kit_victory_free (KitVictory *k)
{
  gbacw_victory_clear (&k->before);
  gbacw_outcome_free (k->outcome);
  gbacw_game_free (k->game);
  gbacw_scenario_free (k->s);
}

static GbacwGameUnit *
first_confederate_regiment (GbacwGame *game, int confederate)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == confederate && u->type == GBACW_UNIT_INFANTRY && !gbacw_game_is_wagon_crew (u))
        return u;
    }
  g_assert_not_reached ();
}

/* P 34.11, 11.19: "Enemy Supply Wagon captured (Confederate only) — 10 VP's each": Carr's
 * supply wagon, uncrewed, captured by a Confederate regiment entering its hex scores the
 * Confederate player 10 (v-wagons-captured), the Union player nothing. */
static void
test_kit_captured_wagon (void)
{
  KitVictory k;
  GbacwVictory after;
  GbacwGameUnit *wagon, *regiment;
  int hex;

  kit_victory_begin (&k);
  wagon = gbacw_game_find_unit (k.game, "u-carr-s-wagon");
  g_assert_nonnull (wagon);
  regiment = first_confederate_regiment (k.game, k.confederate);
  hex = hex_of (k.s, "2020");
  gbacw_game_place_unit (k.game, wagon->index, hex, FALSE);
  wagon->strength = 0;   /* its crew gone */
  gbacw_game_place_unit (k.game, regiment->index, hex, TRUE);
  gbacw_supply_capture_wagons (k.game, hex, k.confederate);
  g_assert_cmpint (wagon->side, ==, k.confederate);
  g_assert_true (log_has (k.game, "11.19", "captured"));
  kit_victory_end (&k, &after);
  g_assert_cmpint (after.units[k.confederate] - k.before.units[k.confederate], ==, 10);
  g_assert_cmpint (after.vp[k.confederate] - k.before.vp[k.confederate], ==, 10);
  g_assert_cmpint (after.vp[k.union_side], ==, k.before.vp[k.union_side]);
  gbacw_victory_clear (&after);
  kit_victory_free (&k);
}

/* P 34.11: "Enemy Supply Wagon eliminated (Confederate only) — 5 VP's each" and "Enemy
 * Supply Wagon Guard eliminated — 1 VP each": Davis' wagon eliminated with its guard (the
 * 11.34 WE result) scores the Confederate player 5 for the wagon (v-wagons-eliminated) and
 * 1 per guard Strength Point (v-wagon-guards), not the 10 of a capture. */
static void
test_kit_eliminated_wagon (void)
{
  KitVictory k;
  GbacwVictory after;
  GbacwGameUnit *wagon;
  int guard;

  kit_victory_begin (&k);
  wagon = gbacw_game_find_unit (k.game, "u-davis-wagon");
  g_assert_nonnull (wagon);
  gbacw_game_place_unit (k.game, wagon->index, hex_of (k.s, "2020"), FALSE);
  guard = wagon->strength;
  g_assert_cmpint (guard, >, 0);
  wagon->killed += wagon->strength;
  wagon->strength = 0;
  gbacw_game_remove_unit (k.game, wagon->index, GBACW_PRESENCE_ELIMINATED);
  kit_victory_end (&k, &after);
  g_assert_cmpint (after.units[k.confederate] - k.before.units[k.confederate], ==, 5);
  g_assert_cmpint (after.enemy_sp[k.confederate] - k.before.enemy_sp[k.confederate], ==, guard);
  g_assert_cmpint (after.vp[k.confederate] - k.before.vp[k.confederate], ==, 5 + guard);
  g_assert_cmpint (after.vp[k.union_side], ==, k.before.vp[k.union_side]);
  gbacw_victory_clear (&after);
  kit_victory_free (&k);
}

/* P 34.11: "Enemy Infantry or Cavalry Strength Point eliminated — 1 VP each, captured — 2
 * VP's each; Enemy Gun eliminated — 1 VP each, captured — 2 VP's each": the 24th Missouri
 * loses 1 SP killed then is captured with its other 3 (14.1), Bowen's battery loses a gun
 * killed and then its 3 others captured: 1 + 6 + 1 + 6 = 14 to the Confederate player. */
static void
test_kit_captured_sp_and_guns (void)
{
  KitVictory k;
  GbacwVictory after;
  GbacwGameUnit *regiment, *battery;

  kit_victory_begin (&k);
  regiment = gbacw_game_find_unit (k.game, "u-24-mo");
  battery = gbacw_game_find_unit (k.game, "u-bowen");
  g_assert_nonnull (regiment);
  g_assert_nonnull (battery);
  g_assert_cmpint (regiment->strength, ==, 4);
  gbacw_game_place_unit (k.game, battery->index, hex_of (k.s, "2020"), FALSE);
  g_assert_cmpint (battery->guns, ==, 4);
  regiment->strength--;
  regiment->killed++;
  battery->guns--;
  battery->killed++;
  gbacw_retreat_capture (k.game, regiment->index, "14.1");
  gbacw_retreat_capture (k.game, battery->index, "14.1");
  g_assert_cmpint (regiment->captured, ==, 3);
  g_assert_cmpint (battery->captured, ==, 3);
  kit_victory_end (&k, &after);
  g_assert_cmpint (after.enemy_sp[k.confederate] - k.before.enemy_sp[k.confederate], ==, 1 + 6 + 1 + 6);
  g_assert_cmpint (after.vp[k.union_side], ==, k.before.vp[k.union_side]);
  gbacw_victory_clear (&after);
  kit_victory_free (&k);
}

/* P 34.11's leaders: a brigade commander (Dodge) wounded 3, killed 5, captured 8; a
 * division commander (Carr) wounded 5, killed 8, captured 10; and "if a brigade commander
 * has been promoted, he is considered a division commander": Dodge promoted (17.83) and
 * then killed 8. Each on a game of its own, lost through the 17.73 outcome. */
static void
test_kit_leaders (void)
{
  static const struct {
    const char *leader;
    GbacwPresence how;
    gboolean promoted;
    int vp;
  } cases[] = {
    { "u-dodge", GBACW_PRESENCE_WOUNDED, FALSE, 3 },
    { "u-dodge", GBACW_PRESENCE_KILLED, FALSE, 5 },
    { "u-dodge", GBACW_PRESENCE_CAPTURED, FALSE, 8 },
    { "u-carr", GBACW_PRESENCE_WOUNDED, FALSE, 5 },
    { "u-carr", GBACW_PRESENCE_KILLED, FALSE, 8 },
    { "u-carr", GBACW_PRESENCE_CAPTURED, FALSE, 10 },
    { "u-dodge", GBACW_PRESENCE_KILLED, TRUE, 8 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KitVictory k;
      GbacwVictory after;
      GbacwGameUnit *leader;

      kit_victory_begin (&k);
      leader = gbacw_game_find_unit (k.game, cases[i].leader);
      g_assert_nonnull (leader);
      gbacw_game_place_unit (k.game, leader->index, hex_of (k.s, "2020"), FALSE);
      leader->promoted = cases[i].promoted;
      gbacw_leadership_leader_lost (k.game, leader->index, cases[i].how);
      kit_victory_end (&k, &after);
      g_assert_cmpint (after.leaders[k.confederate] - k.before.leaders[k.confederate], ==, cases[i].vp);
      g_assert_cmpint (after.vp[k.confederate] - k.before.vp[k.confederate], ==, cases[i].vp);
      g_assert_cmpint (after.leaders[k.union_side], ==, k.before.leaders[k.union_side]);
      gbacw_victory_clear (&after);
      kit_victory_free (&k);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pea-ridge/games/computer-against-computer", test_kit_games);
  g_test_add_func ("/pea-ridge/games/32.0-no-victor", test_kit_games_gideon_smith);
  g_test_add_func ("/pea-ridge/34.11/captured-wagon-scores-10", test_kit_captured_wagon);
  g_test_add_func ("/pea-ridge/34.11/eliminated-wagon-scores-5-and-its-guard-1", test_kit_eliminated_wagon);
  g_test_add_func ("/pea-ridge/34.11/sp-and-guns-eliminated-1-captured-2", test_kit_captured_sp_and_guns);
  g_test_add_func ("/pea-ridge/34.11/leaders-wounded-killed-captured", test_kit_leaders);
  return g_test_run ();
}
