/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson-games.c: each scenario of the Jackson at the Crossroads kit
 * (data/games/jackson/), its map unpainted and `gbacw stand-ins` applied
 * (test-jackson-stand-ins.c), played computer against computer to the end under every
 * exclusive rule its file turns on: every invariant of test-engine-soak.c after every
 * action, each record replayed to the same state and log, and the logs citing the J cases
 * the games used (those seed 1 alone cites asserted). SLOW_GAMES (50) seeds a scenario with
 * "-m slow" or GBACW_AI_GAMES=n; QUICK_GAMES (20) otherwise, the five scenarios' 50 taking
 * about 80 s of processor time. */
#define G_LOG_DOMAIN "test-jackson-games"

#include "test-engine-fixture.c"
#include "test-engine-soak.c"
#include "test-jackson-stand-ins.c"
#include "rules/jackson/gbacw-rule-encampment.h"

#define QUICK_GAMES 20
#define SLOW_GAMES 50

typedef struct {
  const char *file;
  const char *const *cites;   /* J cases every run of the scenario's games cites */
} KitGames;

static const char *const port_republic_cites[] = { "J 29.14", "J 29.4", "J 21.4", "J 21.24", NULL };
static const char *const cross_keys_cites[] = {
  "J 25.5", "J 30.3", "J 30.4", "J 32.0", "J 33.3", "J 33.4", "J 33.5", NULL,
};
static const char *const cross_keys_free_cites[] = { "J 32.0", "J 33.3", "J 33.4", "J 33.5", NULL };
static const char *const crossroads_cites[] = {
  "J 30.3", "J 34.1", "J 34.2", "J 35.1", "J 35.22", "J 35.41", "J 36.3", "J 36.6", NULL,
};
static const char *const crossroads_free_cites[] = {
  "J 32.0", "J 34.2", "J 34.13", "J 35.41", "J 36.3", "J 36.6", NULL,
};

static const KitGames kit_games[] = {
  { "port-republic", port_republic_cites },
  { "cross-keys", cross_keys_cites },
  { "cross-keys-free-play", cross_keys_free_cites },
  { "the-crossroads", crossroads_cites },
  { "the-crossroads-free-play", crossroads_free_cites },
};

static void
test_kit_games (gconstpointer data)
{
  const KitGames *kit = data;
  g_autoptr (GbacwScenario) s = jackson_with_stand_ins (kit->file);
  g_autoptr (GHashTable) cases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GString) cited = g_string_new (NULL);
  guint n = n_games (QUICK_GAMES, SLOW_GAMES);
  Totals t = { 0 };

  g_assert_nonnull (s);
  t.cases = cases;
  for (guint i = 0; i < n; i++)
    play_checked (s, 1 + i, kit->file, &t);
  report (kit->file, &t);
  {
    g_autoptr (GList) keys = g_list_sort (g_hash_table_get_keys (cases), (GCompareFunc) g_strcmp0);
    for (GList *l = keys; l; l = l->next)
      if (g_str_has_prefix (l->data, "J "))
        g_string_append_printf (cited, "%s%s", cited->len ? ", " : "", (const char *) l->data);
  }
  g_test_message ("%s: the logs cite %s", kit->file, cited->str);
  g_assert_cmpuint (t.games, ==, n);
  g_assert_cmpuint (t.moves, >, n * 20);
  g_assert_cmpuint (t.fires, >, 0);
  for (guint i = 0; kit->cites[i]; i++)
    if (!g_hash_table_contains (cases, kit->cites[i]))
      g_error ("%s: no log cites %s (the logs cite %s)", kit->file, kit->cites[i], cited->str);
}

/* J 34.1 (the module's reading): Patton's regiment, encamped on 1430 in The Crossroads,
 * driven off its hex (as a rout or retreat does; here placed on 1232) is encamped no more
 * once the action ends, and says so, citing J 34.1; one left on its hex stays encamped. A
 * routed unit cannot change formation to leave encampment (5.2, J 34.13): without this, it
 * could never move again, and on the first night (J 35.21) the game could not go on (the
 * free-play games' seed 6). */
static void
test_driven_out_of_encampment (void)
{
  g_autoptr (GbacwScenario) s = jackson_with_stand_ins ("the-crossroads");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAction) end = gbacw_action_new_end_phase ();
  GbacwGameUnit *patton, *taylor;

  g_assert_nonnull (s);
  game = gbacw_game_new (s, 1, &error);
  g_assert_no_error (error);
  patton = gbacw_game_find_unit (game, "c-patton-1430");
  taylor = gbacw_game_find_unit (game, "c-taylor-1427");
  g_assert_nonnull (patton);
  g_assert_nonnull (taylor);
  g_assert_true (gbacw_encampment_encamped (game, patton->index));
  g_assert_true (gbacw_encampment_encamped (game, taylor->index));
  gbacw_game_place_unit (game, patton->index, hex_of (s, "1232"), FALSE);
  g_assert_true (gbacw_game_apply_action (game, end, &error));
  g_assert_no_error (error);
  g_assert_false (gbacw_encampment_encamped (game, patton->index));
  g_assert_true (gbacw_encampment_encamped (game, taylor->index));
  g_assert_true (log_has (game, "J 34.1", "encamped no more"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (kit_games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/jackson/games/%s", kit_games[i].file);
      g_test_add_data_func (path, &kit_games[i], test_kit_games);
    }
  g_test_add_func ("/jackson/34.1/driven-out-of-encampment-encamped-no-more", test_driven_out_of_encampment);
  return g_test_run ();
}
