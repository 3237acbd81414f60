/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth-games.c: the three scenarios of the Corinth kit, their maps unpainted and the
 * stand-ins of `gbacw stand-ins` for the values they do not enter (test-corinth-kit.c),
 * played computer against computer to the end (Game-Turn 32, or the first-day test of
 * C 31.2 after Game-Turn 16 ending it): every invariant of test-engine-soak.c after every
 * action, each record replayed to the same state and log, the log citing the Corinth cases
 * the games used. The solitaire scenario is played with the computer as the Union and the
 * Confederate entries rolled (C 29.5). 50 seeds per scenario ("-m slow", or
 * GBACW_AI_GAMES=n); 4 otherwise (about 35 s of processor time in all: 50 take some 400 s). */
#define G_LOG_DOMAIN "test-corinth-games"

#include "test-engine-fixture.c"
#include "test-engine-soak.c"
#include "test-corinth-kit.c"

typedef struct {
  GHashTable *cases;     /* the "C …" cases the logs cite */
  guint first_day_over;  /* games C 31.2 ended after Game-Turn 16 */
  guint went_on;         /* games that went on into the night and the second day */
  guint to_the_end;      /* games that reached the end of Game-Turn 32 */
  guint not_played;      /* "not played by this engine yet" lines */
  GString *first_day;    /* the C 31.2 determinations, one per game */
} KitTotals;

/* One game of s: every action checked (test-engine-soak.c's observer), the record replayed,
 * its log read for the cases and the first-day test. */
static void
play_kit_game (const GbacwScenario *s, guint32 seed, const char *label, Totals *totals, KitTotals *kit)
{
  static const GbacwAiLevel levels[2] = { GBACW_AI_LEVEL_NORMAL, GBACW_AI_LEVEL_NORMAL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (s, seed, &error);
  g_autofree char *name = g_strdup_printf ("%s, seed %u", label, seed);
  guint first_day_lines = 0;
  gboolean ended_first_day = FALSE;
  Checker c;

  g_assert_no_error (error);
  checker_init (&c, game, name);
  check_map (&c, game);
  if (gbacw_ai_play_levels (game, 3, levels, 0, observe, &c, &error) != GBACW_AI_PLAY_OVER)
    g_error ("%s: the game did not end: %s", name, error ? error->message : "");
  g_assert_true (gbacw_game_is_over (game));
  check_replay (s, game, name);

  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if (e->rule_case && g_str_has_prefix (e->rule_case, "C "))
        g_hash_table_add (kit->cases, g_strdup (e->rule_case));
      if (strstr (e->text, "not played by this engine yet"))
        kit->not_played++;
      if (g_strcmp0 (e->rule_case, "C 31.2") == 0 && strstr (e->text, "after Game-Turn 16"))
        {
          first_day_lines++;
          ended_first_day = strstr (e->text, "wins on the first day") != NULL;
          g_string_append_printf (kit->first_day, "\n  seed %u: %s", seed, e->text);
        }
    }
  /* C 31.2: the first-day test once, after Game-Turn 16, in every game; a game it does not
   * end goes on to the end of Game-Turn 32 (31.3) */
  g_assert_cmpuint (first_day_lines, ==, 1);
  if (ended_first_day)
    {
      g_assert_cmpint (game->turn, ==, 16);
      kit->first_day_over++;
    }
  else
    {
      kit->went_on++;
      g_assert_cmpint (game->turn, ==, 32);
      kit->to_the_end++;
    }

  {
    g_autoptr (GbacwOutcome) outcome = NULL;
    g_autoptr (GbacwGame) again = gbacw_outcome_replay (s, seed, game->actions, &outcome, &error);
    GbacwVictory v;
    g_assert_no_error (error);
    gbacw_outcome_victory (outcome, again, &v);
    totals->wins[v.winner + 1]++;
    gbacw_victory_clear (&v);
  }
  totals->games++;
  totals->actions += c.n_actions;
  totals->fires += c.n_fires;
  totals->moves += c.n_moves;
  totals->recovered += c.n_recovered;
  for (guint k = 0; k < G_N_ELEMENTS (c.n_decisions); k++)
    totals->decisions[k] += c.n_decisions[k];
  for (guint k = 0; k < G_N_ELEMENTS (c.n_kinds); k++)
    totals->kinds[k] += c.n_kinds[k];
  checker_clear (&c);
}

/* Plays n games of the kit's file and returns what their logs cite (free with
 * kit_totals_clear). */
static void
play_kit (const char *file, guint32 first_seed, KitTotals *kit, Totals *t)
{
  g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins (file);
  guint n = n_games (4, 50);
  g_autoptr (GString) cited = g_string_new (NULL);

  g_assert_nonnull (s);
  memset (kit, 0, sizeof *kit);
  memset (t, 0, sizeof *t);
  kit->cases = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  kit->first_day = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    play_kit_game (s, first_seed + i, file, t, kit);
  report (file, t);
  {
    g_autoptr (GList) keys = g_list_sort (g_hash_table_get_keys (kit->cases), (GCompareFunc) g_strcmp0);
    for (GList *l = keys; l; l = l->next)
      g_string_append_printf (cited, "%s%s", l == keys ? "" : ", ", (const char *) l->data);
  }
  g_test_message ("%s: the log cites %s", file, cited->str);
  g_test_message ("%s: C 31.2 after Game-Turn 16 ended %u of %u games, %u went on to Game-Turn 32:%s", file,
                  kit->first_day_over, n, kit->went_on, kit->first_day->str);
  g_assert_cmpuint (t->games, ==, n);
  g_assert_cmpuint (t->moves, >, n * 50);
  g_assert_cmpuint (t->fires, >, 0);
  g_assert_cmpuint (kit->first_day_over + kit->to_the_end, ==, n);
  /* every kit plays the sequence and the victory rules of C 21.1 and 31 */
  g_assert_true (g_hash_table_contains (kit->cases, "C 31.2"));
}

static void
kit_totals_clear (KitTotals *kit)
{
  g_hash_table_unref (kit->cases);
  g_string_free (kit->first_day, TRUE);
}

static void
test_free_setup (void)
{
  KitTotals kit;
  Totals t;

  play_kit ("corinth-free-setup.xml", 1, &kit, &t);
  /* C 29.23: the Confederate plot asked (the computer answers it); 29.31: the entry waves */
  g_assert_true (g_hash_table_contains (kit.cases, "C 29.23"));
  g_assert_true (g_hash_table_contains (kit.cases, "C 29.31"));
  kit_totals_clear (&kit);
}

/* C 29.5: the solitaire version, the computer the Union, the Confederate divisions' entries
 * rolled: the first on 29.51's die, the others on the Division Arrival Table (29.56) each
 * Movement Phase, and all by Game-Turn 6 (29.54). The tables' cells are stand-ins. */
static void
test_solitaire (void)
{
  KitTotals kit;
  Totals t;

  play_kit ("corinth-free-setup-solitaire.xml", 1, &kit, &t);
  g_assert_true (g_hash_table_contains (kit.cases, "C 29.51"));
  g_assert_true (g_hash_table_contains (kit.cases, "C 29.56"));
  g_assert_true (g_hash_table_contains (kit.cases, "C 29.57"));
  g_assert_true (g_hash_table_contains (kit.cases, "C 29.54") || g_hash_table_contains (kit.cases, "C 29.55"));
  kit_totals_clear (&kit);
}

/* The Historical scenario (C 30), from the Union Player-Turn of Game-Turn 2: the reserves
 * commit on their die (C 30.3). */
static void
test_historical (void)
{
  KitTotals kit;
  Totals t;

  play_kit ("corinth-historical.xml", 1, &kit, &t);
  g_assert_true (g_hash_table_contains (kit.cases, "C 30.3"));
  g_assert_true (g_hash_table_contains (kit.cases, "C 30.13"));
  kit_totals_clear (&kit);
}

/* ------------------------------------------------------------------ C 23.4, 23.5 */

/* The fixture's charts with a swamp terrain and a railroad line type added, the Terrain
 * Effects on Movement Chart given "swamp" and "railroad" columns (the tests' own values:
 * swamp 3 for foot and leaders 2, P for mounted cavalry, batteries and wagons as C 23.5
 * says; railroad 1 for the classes that move along lines, "—" for line infantry and
 * dismounted cavalry). */
static Fixture *
swamp_railroad_fixture (void)
{
  static const char *const tem[] = {
    "infantry-line      | 6    | 2    | 1    | 2 | {2} | {2} | +1   | —    | P | +1   | —    | {—}   | —    | 3 | —",
    "infantry-column    | 6    | {2}  | {1}  | 2 | {2} | {2} | {+1} | {—}  | P | {+1} | —    | {1/2} | {1}  | 3 | 1",
    "cavalry-mounted    | 12   | {2}  | {1}  | {3} | {3} | {2} | {+2} | {+1} | P | {+1} | —  | {1/2} | {1}  | P | 1",
    "cavalry-dismounted | {6}  | {2}  | {1}  | {2} | {2} | {2} | {+1} | {—}  | P | {+1} | {—} | {—}  | {—}  | 3 | —",
    "artillery-limbered | {8}  | {2}  | {1}  | {4} | {4} | {2} | {+2} | {+1} | P | {+2} | —  | {1/2} | {1}  | P | 1",
    "artillery-unlimbered | {0} | {2} | {P}  | {P} | {P} | {P} | {P}  | {P}  | P | {P}  | —    | {P}   | {P}  | P | P",
    "wagon              | {8}  | —    | {1}  | {4} | {4} | {2} | {+2} | {+1} | P | {+2} | —    | {1/2} | {1}  | P | 1",
    "leader             | {12} | —    | {1}  | {2} | {2} | {1} | {+1} | {—}  | P | {+1} | —    | {1/2} | {1}  | 2 | 1",
    NULL
  };
  Fixture *f = fixture_new (6, 6);
  GbacwChart *old = gbacw_scenario_find_chart (f->s, "terrain-movement");

  g_assert_nonnull (old);
  g_ptr_array_remove (f->s->charts, old);
  add_hex_terrain (f->s, "swamp", "s", 0);
  add_line_type (f->s, "railroad");
  add_chart (f->s, "terrain-movement",
             "ma | chg | clear | woods | tall-woods | town | crest.up | crest.down | river | stream | bridge | road | trail"
             " | swamp | railroad",
             tem);
  return f;
}

static void
add_line (Fixture *f, const char *type, const char *from, const char *dir)
{
  const GbacwHexGrid *grid = &f->s->map->grid;
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex_of (f->s, from)), direction_of (f->s, dir));
  int t = gbacw_catalogue_find_line_type (&f->s->catalogue, type);

  g_assert_cmpint (t, >=, 0);
  f->s->map->hexside_lines[id] |= 1u << t;
}

static gboolean
log_mentions (const GbacwGame *game, const char *text)
{
  for (guint i = 0; i < game->events->len; i++)
    if (strstr (((const GbacwEvent *) g_ptr_array_index (game->events, i))->text, text))
      return TRUE;
  return FALSE;
}

/* The label of the hex beside label in direction dir. */
static char *
beside (Fixture *f, const char *label, const char *dir)
{
  const GbacwHexGrid *grid = &f->s->map->grid;
  GbacwHex hex = gbacw_hex_grid_hex_at (grid, hex_of (f->s, label));
  return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_neighbour (grid, hex, direction_of (f->s, dir)));
}

/* C 23.5: "mounted cavalry, batteries and wagons may not enter such a hex at all": the chart's
 * P keeps them out of a swamp hex across an ordinary hexside (0303 to its se); along the road
 * from 0303 to its s the road would replace the swamp (6.11), and corinth.swamp refuses it all
 * the same. Infantry in column takes the road into it (1/2), infantry in line pays the
 * swamp's 3 either way (6.12: no road for it). */
static void
test_swamp_never_entered (void)
{
  for (int module = 0; module < 2; module++)
    for (int kind = 0; kind < 5; kind++)
      {
        g_autoptr (Fixture) f = swamp_railroad_fixture ();
        g_autoptr (GbacwGame) game = NULL;
        g_autoptr (GError) error = NULL;
        g_autoptr (GbacwAction) across = NULL;
        g_autofree char *by_road = beside (f, "0303", "s"), *no_road = beside (f, "0303", "se");
        const char *id = "u-mover";

        set_terrain (f, by_road, "swamp");
        set_terrain (f, no_road, "swamp");
        add_road (f, "0303", "s");
        if (kind == 0)
          add_unit (f, id, "union", GBACW_UNIT_WAGON, 2, 3, NULL, "0303", GBACW_FORMATION_STATE_UNSET, "n");
        else if (kind == 1)
          add_unit (f, id, "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0303", GBACW_FORMATION_STATE_LIMBERED, "n");
        else if (kind == 2)
          add_unit (f, id, "union", GBACW_UNIT_CAVALRY, 2, 3, "C", "0303", GBACW_FORMATION_STATE_MOUNTED, "n");
        else
          add_unit (f, id, "union", GBACW_UNIT_INFANTRY, 2, 3, "R", "0303",
                    kind == 3 ? GBACW_FORMATION_STATE_COLUMN : GBACW_FORMATION_STATE_LINE, "s");
        if (module)
          add_exclusive (f, "corinth.swamp", NULL);
        game = movement_game (f);
        if (kind < 3)
          {
            /* across no road: the chart's P, with or without the module */
            across = move_action (game, id, no_road);
            g_assert_false (gbacw_game_apply_action (game, across, &error));
            g_assert_nonnull (error);
            /* along the road: the module's "at all" */
            apply_expect (game, move_action (game, id, by_road), module ? "C 23.5" : NULL);
          }
        else
          {
            apply_expect (game, move_action (game, id, by_road), NULL);
            g_assert_cmpint (unit_of (game, id)->mp_spent, ==, kind == 3 ? 1 : 2 * 3);
          }
      }
}

/* C 23.4: "the railroad bed made movement somewhat easier for some types of units (see
 * Terrain Effects on Movement Chart)": the chart's railroad cells, which the engine plays as
 * they are. Into the woods hex 0304 along the railroad from 0303, infantry in column pays the
 * railroad's 1, not the woods' 2; infantry in line, whose railroad cell is "—", pays the
 * woods. corinth.railroad is known to be played by the charts: no "not played" line. */
static void
test_railroad_chart_cells (void)
{
  for (int line = 0; line < 2; line++)
    {
      g_autoptr (Fixture) f = swamp_railroad_fixture ();
      g_autoptr (GbacwGame) game = NULL;

      set_terrain (f, "0304", "woods");
      add_line (f, "railroad", "0303", "s");
      add_unit (f, "u-inf", "union", GBACW_UNIT_INFANTRY, 2, 3, "R", "0303",
                line ? GBACW_FORMATION_STATE_LINE : GBACW_FORMATION_STATE_COLUMN, "s");
      add_exclusive (f, "corinth.railroad", NULL);
      add_exclusive (f, "corinth.swamp", NULL);
      game = movement_game (f);
      g_assert_false (log_mentions (game, "not played by this engine yet"));
      apply_expect (game, move_action (game, "u-inf", "0304"), NULL);
      g_assert_cmpint (unit_of (game, "u-inf")->mp_spent, ==, line ? 2 * 2 : 2 * 1);
    }
}

/* C 23.6 in the kit: its crest hexes are the hex terrain crest-hex whose Terrain Effects on
 * Movement columns crest-hex.up and crest-hex.down corinth.crests reads (stand-ins here: the
 * kit does not enter them). 3031 a crest hex on level 1 (23.6's example), the hex north of
 * it on level 2: a regiment in line stepping up out of 3031 pays the hex's cost and the
 * crest-hex.up stand-in (+1); with corinth.crests off, the hex's cost alone. */
static void
test_kit_crest_hex (void)
{
  for (int module = 0; module < 2; module++)
    {
      g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins ("corinth-historical.xml");
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GError) error = NULL;
      GbacwMoveCost cost;
      int crest, hex, north, unit = -1;

      g_assert_nonnull (s);
      crest = gbacw_catalogue_find_hex_terrain (&s->catalogue, "crest-hex");
      g_assert_cmpint (crest, >=, 0);
      g_assert_nonnull (gbacw_scenario_find_chart (s, "terrain-movement"));
      g_assert_cmpint (gbacw_chart_find_column (gbacw_scenario_find_chart (s, "terrain-movement"), "crest-hex.up"), >=, 0);
      g_assert_cmpint (gbacw_chart_find_column (gbacw_scenario_find_chart (s, "terrain-movement"), "crest-hex.down"), >=, 0);
      for (guint i = 0; i < s->exclusive_rules->len; i++)
        {
          GbacwExclusiveRule *rule = g_ptr_array_index (s->exclusive_rules, i);
          if (g_str_equal (rule->id, "corinth.crests"))
            {
              g_assert_true (rule->enabled);
              rule->enabled = module;
            }
        }
      hex = hex_of (s, "3031");
      north = gbacw_hex_grid_index (&s->map->grid, gbacw_hex_grid_neighbour (&s->map->grid, gbacw_hex_grid_hex_at (&s->map->grid, hex),
                                                                          direction_of (s, "n")));
      g_assert_cmpint (north, >=, 0);
      s->map->terrain[hex] |= G_GUINT64_CONSTANT (1) << crest;
      s->map->terrain[hex] &= ~(G_GUINT64_CONSTANT (1) << gbacw_catalogue_find_hex_terrain (&s->catalogue, "clear"));
      s->map->elevation[hex] = 1;
      s->map->elevation[north] = 2;
      game = gbacw_game_new (s, 1, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < game->units->len && unit < 0; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          if (u->type == GBACW_UNIT_INFANTRY && u->hex < 0)
            unit = (int) i;
        }
      g_assert_cmpint (unit, >=, 0);
      gbacw_game_unit (game, unit)->formation = GBACW_FORMATION_STATE_LINE;
      gbacw_game_place_unit (game, unit, hex, FALSE);
      gbacw_movement_step_cost (game, unit, hex, direction_of (s, "n"), &cost);
      g_assert_cmpint (cost.kind, ==, GBACW_COST_MP);
      g_assert_cmpint (cost.halves, ==, 2 * 1 + (module ? 2 * 1 : 0));   /* the stand-in clear 1 (+1 up) */
    }
}

/* C 24.4: "Some batteries are subordinate to the brigade commander listed on their counter.
 * These units are subject to the Standard Rules of command. The game contains many
 * independent batteries which are free to move and fire as independent units." In the
 * Historical kit, Wade's Battery belongs to Gates's brigade (Hebert's division); Hoxton's
 * Battery is independent. Gates and Hebert stand together; Wade's and Hoxton's far from
 * them: Wade's is out of command (17.11, even within Hebert's Divisional Integrity Radius:
 * no P 21.3 here), Hoxton's in command (5.3); beside Gates, Wade's is in command. The kit's
 * corinth.artillery-subordination is known to be played: no "not played" line. */
static void
test_kit_artillery_subordination (void)
{
  g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins ("corinth-historical.xml");
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  GbacwCommandStatus status;
  const GbacwHexGrid *grid;
  int wade, hoxton, gates, hebert, centre, near, far;
  gboolean enabled = FALSE;

  g_assert_nonnull (s);
  for (guint i = 0; i < s->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (s->exclusive_rules, i);
      enabled |= g_str_equal (rule->id, "corinth.artillery-subordination") && rule->enabled;
    }
  g_assert_true (enabled);
  game = gbacw_game_new (s, 1, &error);
  g_assert_no_error (error);
  g_assert_false (log_mentions (game, "corinth.artillery-subordination"));
  grid = &s->map->grid;
  wade = gbacw_game_find_unit (game, "c-wades-battery")->index;
  hoxton = gbacw_game_find_unit (game, "c-hoxton-bty")->index;
  gates = gbacw_game_find_unit (game, "c-gates")->index;
  hebert = gbacw_game_find_unit (game, "c-hebert")->index;
  g_assert_cmpint (gbacw_leadership_commander (game, wade), ==, gates);
  g_assert_true (gbacw_leadership_independent (game, hoxton));
  g_assert_false (gbacw_leadership_independent (game, wade));

  centre = hex_of (s, "2020");
  near = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, gbacw_hex_grid_hex_at (grid, centre), direction_of (s, "n")));
  far = hex_of (s, "2025");   /* 5 hexes south: beyond any stand-in ER, within a DIR */
  for (guint i = 0; i < game->units->len; i++)
    if (gbacw_game_unit (game, i)->hex >= 0)
      gbacw_game_remove_unit (game, (int) i, GBACW_PRESENCE_NOT_ARRIVED);   /* nothing else near */
  gbacw_game_place_unit (game, gates, centre, FALSE);
  gbacw_game_place_unit (game, hebert, centre, FALSE);
  gbacw_game_place_unit (game, wade, far, FALSE);
  gbacw_game_place_unit (game, hoxton, far, FALSE);
  g_assert_cmpint (gbacw_leadership_er (game, gates), <, 5);

  g_assert_false (gbacw_leadership_command_status (game, wade, &status));
  g_assert_cmpint (status.reason, ==, GBACW_COMMAND_OUT_OF_RADIUS);
  g_assert_cmpint (status.leader, ==, gates);
  g_assert_true (gbacw_leadership_command_status (game, hoxton, &status));
  g_assert_cmpint (status.reason, ==, GBACW_COMMAND_INDEPENDENT);

  gbacw_game_place_unit (game, wade, near, FALSE);
  g_assert_true (gbacw_leadership_command_status (game, wade, &status));
  g_assert_cmpint (status.reason, ==, GBACW_COMMAND_IN_RADIUS);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/corinth/C-23.5/swamp-never-entered", test_swamp_never_entered);
  g_test_add_func ("/corinth/C-23.4/railroad-chart-cells", test_railroad_chart_cells);
  g_test_add_func ("/corinth/C-23.6/kit-crest-hex", test_kit_crest_hex);
  g_test_add_func ("/corinth/C-24.4/kit-artillery-subordination", test_kit_artillery_subordination);
  g_test_add_func ("/corinth/games/free-setup", test_free_setup);
  g_test_add_func ("/corinth/games/solitaire-computer-as-union", test_solitaire);
  g_test_add_func ("/corinth/games/historical", test_historical);
  return g_test_run ();
}
