/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-los.c: line of sight (9.7-9.73) on small built maps. */
#define G_LOG_DOMAIN "test-engine-los"

#include "test-engine-fixture.c"

#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-scenario-io.h"

static gboolean
los (Fixture *f, const char *from, const char *to, GbacwLosResult *r)
{
  g_autoptr (GbacwLos) l = gbacw_los_new (f->s);
  for (guint i = 0; i < f->s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (f->s->deployment, i);
      gbacw_los_set_unit_height (l, p->hex, GBACW_LOS_MAN_HEIGHT);
    }
  return gbacw_los_check (l, hex_of (f->s, from), hex_of (f->s, to), GBACW_LOS_MAN_HEIGHT, GBACW_LOS_MAN_HEIGHT, r);
}

static void
test_adjacent (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  GbacwLosResult r;

  /* 9.24: both hexes in woods, the firer low and the target high */
  set_terrain (f, "0202", "woods");
  set_terrain (f, "0203", "woods");
  set_level (f, "0203", 3);
  g_assert_true (los (f, "0202", "0203", &r));
  g_assert_true (r.adjacent);
  g_assert_cmpint (r.D, ==, 1);
}

static void
test_woods_block (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  GbacwLosResult r;

  g_assert_true (los (f, "0101", "0105", NULL));
  set_terrain (f, "0103", "woods");
  g_assert_false (los (f, "0101", "0105", &r));
  g_assert_cmpint (r.kind, ==, GBACW_LOS_OBSTACLE_HEX);
  g_assert_cmpint (r.hex, ==, hex_of (f->s, "0103"));
  /* 9.73 numbers: both positions 5 ft (a man, 9.72); woods 20 ft */
  g_assert_cmpint (r.H, ==, 0);
  g_assert_cmpint (r.D, ==, 4);
  g_assert_cmpint (r.hp, ==, 15);
  g_assert_cmpfloat (r.dp, ==, 2.0);
}

static void
test_firer_and_target_hexes (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);

  /* 9.7: clear out of the firer's blocking hex and into the target's */
  set_terrain (f, "0101", "woods");
  set_terrain (f, "0105", "woods");
  g_assert_true (los (f, "0101", "0105", NULL));
  g_assert_true (los (f, "0105", "0101", NULL));
}

static void
test_units_block (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  GbacwLosResult r;

  /* 9.71: a unit is blocking terrain, 5 ft above its level (9.72): on a 20-ft rise
   * between two men on level 0 it blocks; the bare rise does not */
  set_level (f, "0103", 1);
  g_assert_true (los (f, "0101", "0105", NULL));
  INF (f, "u-1", "union", 3, 3, "0103", "n");
  g_assert_false (los (f, "0101", "0105", &r));
  g_assert_true (r.obstacle_is_unit);
  g_assert_cmpint (r.hp, ==, 20);
}

static void
test_heights (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  GbacwLosResult r;

  /* firer on level 2 (40 + 5 ft), target on level 0 (5 ft): H = 40, D = 6 */
  set_level (f, "0101", 2);
  set_terrain (f, "0105", "woods");   /* dp 2: (15 - 5)/2 = 5 <= 40/6 */
  g_assert_true (los (f, "0101", "0107", &r));
  g_assert_cmpint (r.H, ==, 40);
  g_assert_cmpint (r.D, ==, 6);
  set_terrain (f, "0106", "woods");   /* dp 1: (15 - 5)/1 = 10 > 40/6 */
  g_assert_false (los (f, "0101", "0107", &r));
  g_assert_cmpint (r.hex, ==, hex_of (f->s, "0106"));
  g_assert_cmpfloat (r.dp, ==, 1.0);
}

static void
test_equality_is_clear (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  GbacwLosResult r;

  /* H/D = 20/4 = 5; woods 2 hexes from the lower end: (20 - 5 - 5)/2 = 5: equal, clear */
  set_level (f, "0101", 1);
  set_terrain (f, "0103", "woods");
  g_assert_true (los (f, "0101", "0105", &r));
  /* a foot taller: (21 - 5 - 5)/2 = 5.5 > 5 */
  set_terrain (f, "0103", "tall-woods");
  g_assert_false (los (f, "0101", "0105", &r));
  g_assert_cmpint (r.hp, ==, 16);
}

static void
test_crest_hexside (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  GbacwLosResult r;

  /* a ridge: 0104 on level 1 with crests on both sides */
  set_level (f, "0104", 1);
  g_assert_true (los (f, "0101", "0107", NULL));   /* no crest hexsides: the ground alone does not block */
  add_hexside (f, "0104", "n", "crest");
  add_hexside (f, "0104", "s", "crest");
  g_assert_false (los (f, "0101", "0107", &r));
  g_assert_cmpint (r.kind, ==, GBACW_LOS_OBSTACLE_HEXSIDE);
  g_assert_cmpint (r.hp, ==, 15);
  g_assert_cmpfloat (r.dp, ==, 2.5);   /* half-way between hexes 2 and 3 from the firer */
}

/* Sets the Terrain Effects on Combat Chart's "blocks-los" cell of row (as the file
 * would hold it: "yes", "no", "{no}", "?"). */
static void
set_blocks_los (Fixture *f, const char *row, const char *value)
{
  GbacwChart *chart = gbacw_scenario_find_chart (f->s, "terrain-combat");
  int r = gbacw_chart_find_row (chart, row);
  int c = gbacw_chart_find_column (chart, "blocks-los");
  GbacwCell *cell;

  g_assert_cmpint (r, >=, 0);
  g_assert_cmpint (c, >=, 0);
  cell = &((GbacwChartRow *) g_ptr_array_index (chart->rows, r))->cells[c];
  g_clear_pointer (&cell->value, g_free);
  gbacw_cell_parse (cell, value);
}

static Fixture *
crest_ridge (void)
{
  Fixture *f = fixture_new (3, 8);

  /* a ridge: 0104 on level 1 with crests on both sides; 0101 -> 0107 crosses them */
  set_level (f, "0104", 1);
  add_hexside (f, "0104", "n", "crest");
  add_hexside (f, "0104", "s", "crest");
  return f;
}

static void
test_crest_cell_yes_blocks (void)
{
  g_autoptr (Fixture) f = crest_ridge ();
  GbacwLosResult r;

  /* 9.71, J chart note 2: the cell says yes: the crest blocks between the levels */
  set_blocks_los (f, "crest", "yes");
  g_assert_false (los (f, "0101", "0107", &r));
  g_assert_cmpint (r.kind, ==, GBACW_LOS_OBSTACLE_HEXSIDE);
  g_assert_cmpint (r.obstacle_top, ==, 20);
}

static void
test_crest_cell_no_clear (void)
{
  g_autoptr (Fixture) f = crest_ridge ();

  /* the same ridge with the cell "no" (and the demo's invented "{no}"): the crest is
   * not blocking terrain and the bare ground does not block */
  set_blocks_los (f, "crest", "no");
  g_assert_true (los (f, "0101", "0107", NULL));
  set_blocks_los (f, "crest", "{no}");
  g_assert_true (los (f, "0101", "0107", NULL));
}

static void
test_crest_cell_unknown_option (void)
{
  g_autoptr (Fixture) f = crest_ridge ();

  /* "?": los-unknown-cell = standard (the default) reads a crest as blocking (J chart
   * note 2, 9.73); = clear does not */
  set_blocks_los (f, "crest", "?");
  g_assert_false (los (f, "0101", "0107", NULL));
  g_ptr_array_add (f->s->options, gbacw_param_new ("los-unknown-cell", "standard"));
  g_assert_false (los (f, "0101", "0107", NULL));
  g_ptr_array_set_size (f->s->options, 0);
  g_ptr_array_add (f->s->options, gbacw_param_new ("los-unknown-cell", "clear"));
  g_assert_true (los (f, "0101", "0107", NULL));
}

static void
test_hex_terrain_cell (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);

  /* woods (20 ft) between two men: blocked with "yes", clear with "no"; unknown: blocking
   * under los-unknown-cell = standard (9.72: it has a height), clear under = clear */
  set_terrain (f, "0103", "woods");
  set_blocks_los (f, "woods", "yes");
  g_assert_false (los (f, "0101", "0105", NULL));
  set_blocks_los (f, "woods", "no");
  g_assert_true (los (f, "0101", "0105", NULL));
  set_blocks_los (f, "woods", "?");
  g_assert_false (los (f, "0101", "0105", NULL));
  g_ptr_array_add (f->s->options, gbacw_param_new ("los-unknown-cell", "clear"));
  g_assert_true (los (f, "0101", "0105", NULL));
}

static void
test_hexside_cell (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);

  /* a stream between hexes of one level: "yes" makes it block whatever the heights,
   * "no" does not; unknown: a non-crest hexside does not block (los-unknown-cell = standard) */
  add_hexside (f, "0103", "s", "stream");
  set_blocks_los (f, "stream", "yes");
  g_assert_false (los (f, "0101", "0106", NULL));
  set_blocks_los (f, "stream", "no");
  g_assert_true (los (f, "0101", "0106", NULL));
  set_blocks_los (f, "stream", "?");
  g_assert_true (los (f, "0101", "0106", NULL));
}

static void
test_crest_cell_demo (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GbacwScenario) s = NULL;
  const GbacwCatalogue *cat;
  int k;

  /* the demo's chart gives crests "yes" (J chart note 2): the engine reads them so */
  g_assert_nonnull (path);
  s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  cat = &s->catalogue;
  k = gbacw_catalogue_find_hexside_type (cat, "crest");
  g_assert_cmpint (k, >=, 0);
  g_assert_true (gbacw_los_hexside_type_blocks (s, g_ptr_array_index (cat->hexside_types, k)));
  k = gbacw_catalogue_find_hexside_type (cat, "fence");
  g_assert_false (gbacw_los_hexside_type_blocks (s, g_ptr_array_index (cat->hexside_types, k)));
}

static void
test_hexside_common_with_target (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  GbacwLosResult r;

  set_level (f, "0104", 1);
  add_hexside (f, "0104", "n", "crest");
  add_hexside (f, "0104", "s", "crest");
  /* 9.7: a hexside common with the target's (or firer's) hex does not block */
  g_assert_true (los (f, "0101", "0104", &r));
  g_assert_cmpint (r.H, ==, 20);
  g_assert_cmpint (r.D, ==, 3);
  g_assert_true (los (f, "0104", "0107", NULL));
}

static void
test_hexside_adjacent_to_firer (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  GbacwLosResult r;

  /* 0201 and 0202 are both adjacent to 0102: the crest between them touches 0102 and
   * does not block (9.7: "not common with or adjacent to" the firer's hex). A line from
   * a hex centre meets such a hexside only by running along it, as 0102 -> 0302 does. */
  set_level (f, "0202", 4);
  add_hexside (f, "0201", "s", "crest");
  g_assert_true (los (f, "0102", "0302", &r));
  g_assert_true (los (f, "0302", "0102", &r));
}

static gboolean
line_runs_along (Fixture *f, const char *from, const char *to)
{
  const GbacwHexGrid *grid = &f->s->map->grid;
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwLineStep));
  gbacw_hex_grid_line (grid, gbacw_hex_grid_hex_at (grid, hex_of (f->s, from)), gbacw_hex_grid_hex_at (grid, hex_of (f->s, to)),
                       steps);
  for (guint i = 0; i < steps->len; i++)
    if (g_array_index (steps, GbacwLineStep, i).along_hexside)
      return TRUE;
  return FALSE;
}

static void
test_along_hexside (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  GbacwLosResult r;

  /* 0102 -> 0302 runs along the hexside between 0201 and 0202 */
  g_assert_true (line_runs_along (f, "0102", "0302"));
  set_terrain (f, "0201", "woods");

  /* P (the baseline, adjacent-only): one blocking hex blocks */
  g_assert_false (los (f, "0102", "0302", &r));
  g_assert_cmpint (r.kind, ==, GBACW_LOS_OBSTACLE_ALONG);

  /* J, C 9.7 (both-block): blocked only if both hexes are blocking terrain */
  g_ptr_array_add (f->s->options, gbacw_param_new ("los-along-hexside", "both-block"));
  g_assert_true (los (f, "0102", "0302", NULL));
  set_terrain (f, "0202", "woods");
  g_assert_false (los (f, "0102", "0302", &r));
  g_assert_cmpint (r.kind, ==, GBACW_LOS_OBSTACLE_ALONG);
}

static void
test_game_los_uses_unit_heights (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 8);
  g_autoptr (GbacwGame) game = NULL;
  GbacwLosResult r;

  /* 9.72: mounted cavalry stands 10 ft; in the game the units' own heights count */
  set_level (f, "0103", 1);
  add_unit (f, "c-1", "confederate", GBACW_UNIT_CAVALRY, 3, 3, "C", "0101", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "u-1", "union", 3, 3, "0105", "n");
  game = start_game (f);
  g_assert_true (gbacw_fire_los (game, hex_of (f->s, "0101"), hex_of (f->s, "0105"), &r));
  g_assert_cmpint (r.from_height, ==, 10);
  g_assert_cmpint (r.to_height, ==, 5);
}

/* gbacw_los_visible_from () gives the answers of gbacw_los_check () for every hex
 * (9.7-9.73; 9.24 for the adjacent ones). */
static void
check_visible_matches (GbacwLos *l, int from, int from_unit, int to_unit)
{
  int n = gbacw_hex_grid_n_hexes (&gbacw_los_get_scenario (l)->map->grid);
  g_autofree guint8 *visible = g_new (guint8, n);
  guint count = gbacw_los_visible_from (l, from, from_unit, to_unit, visible);
  guint expected = 0;

  for (int t = 0; t < n; t++)
    {
      gboolean clear = gbacw_los_check (l, from, t, from_unit, to_unit, NULL);
      if (clear != visible[t])
        g_error ("visible_from %d -> %d (units %d, %d ft; along %s): %d, check: %d", from, t, from_unit, to_unit,
                 gbacw_los_get_along_both_block (l) ? "both-block" : "adjacent-only", visible[t], clear);
      expected += clear;
    }
  g_assert_cmpuint (count, ==, expected);
}

/* The first hex on the highest ground: an observer that sees far, whose lines the
 * walk of gbacw_los_visible_from () cuts shortest. */
static int
highest_hex (GbacwLos *l)
{
  int n = gbacw_hex_grid_n_hexes (&gbacw_los_get_scenario (l)->map->grid), best = 0;

  for (int i = 1; i < n; i++)
    if (gbacw_los_ground (l, i) > gbacw_los_ground (l, best))
      best = i;
  return best;
}

static int
lowest_hex (GbacwLos *l)
{
  int n = gbacw_hex_grid_n_hexes (&gbacw_los_get_scenario (l)->map->grid), best = 0;

  for (int i = 1; i < n; i++)
    if (gbacw_los_ground (l, i) < gbacw_los_ground (l, best))
      best = i;
  return best;
}

static GbacwLos *
los_with_deployment (const GbacwScenario *s)
{
  GbacwLos *l = gbacw_los_new (s);

  for (guint i = 0; i < s->deployment->len; i++)
    gbacw_los_set_unit_height (l, ((GbacwPlacement *) g_ptr_array_index (s->deployment, i))->hex, GBACW_LOS_MAN_HEIGHT);
  return l;
}

/* The highest and lowest hexes and some at random, men and mounted (9.72) at either end. */
static void
check_observers (GbacwLos *l, GRand *rand, int n_random)
{
  int n = gbacw_hex_grid_n_hexes (&gbacw_los_get_scenario (l)->map->grid);

  check_visible_matches (l, highest_hex (l), GBACW_LOS_MAN_HEIGHT, GBACW_LOS_MAN_HEIGHT);
  check_visible_matches (l, highest_hex (l), GBACW_LOS_MOUNTED_HEIGHT, GBACW_LOS_MAN_HEIGHT);
  check_visible_matches (l, lowest_hex (l), GBACW_LOS_MAN_HEIGHT, GBACW_LOS_MOUNTED_HEIGHT);
  for (int k = 0; k < n_random; k++)
    {
      int from_unit = k % 3 == 2 ? GBACW_LOS_MOUNTED_HEIGHT : GBACW_LOS_MAN_HEIGHT;
      int to_unit = k % 3 == 1 ? GBACW_LOS_MOUNTED_HEIGHT : GBACW_LOS_MAN_HEIGHT;
      check_visible_matches (l, g_rand_int_range (rand, 0, n), from_unit, to_unit);
    }
}

/* A generated map with relief (crests between levels), woods and 600 units, large
 * enough for gbacw_los_visible_from () to use two threads where there are two cores. */
static void
test_visible_from_matches_check (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_generate_scenario (f->s, 70, 70, 600, 7, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);

  g_assert_no_error (error);
  for (int pass = 0; pass < 2; pass++)
    {
      g_autoptr (GbacwLos) l = NULL;
      if (pass == 1)
        g_ptr_array_add (s->options, gbacw_param_new ("los-along-hexside", "both-block"));
      l = los_with_deployment (s);
      g_assert_cmpint (gbacw_los_get_along_both_block (l), ==, pass == 1);
      g_assert_cmpint (gbacw_los_ground (l, highest_hex (l)), >, gbacw_los_ground (l, lowest_hex (l)));
      check_observers (l, rand, 6);
    }
}

/* The demo scenario with its deployment, every hex as the observer, both readings of
 * los-along-hexside. */
static void
test_visible_from_matches_check_demo (void)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwLos) l = NULL;
  int n;

  g_assert_nonnull (path);
  s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  l = los_with_deployment (s);
  n = gbacw_hex_grid_n_hexes (&s->map->grid);
  for (int both = 0; both < 2; both++)
    {
      gbacw_los_set_along_both_block (l, both);
      for (int from = 0; from < n; from++)
        check_visible_matches (l, from, GBACW_LOS_MAN_HEIGHT, GBACW_LOS_MAN_HEIGHT);
    }
}

/* Obstacles set through the exclusive-rule overrides, anywhere and of any height:
 * hexes and hexsides that block whatever the heights (GBACW_LOS_INFINITE), tops
 * below the ground, units on a rugged map; on flat-topped hexes in columns and on
 * pointy-topped hexes in rows with the other shift. */
static void
test_visible_from_matches_check_set_tops (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 5);
  g_autoptr (GRand) rand = g_rand_new_with_seed (23);

  for (int layout = 0; layout < 2; layout++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwScenario) s = gbacw_generate_scenario (f->s, 64, 66, 300, 3 + layout, &error);
      g_autoptr (GbacwLos) l = NULL;
      int n;
      guint32 n_sides;

      g_assert_no_error (error);
      if (layout == 1)
        {
          /* the hexside ids do not depend on the layout: the features stay valid */
          s->map->grid.orientation = GBACW_GRID_POINTY_ROWS;
          s->map->grid.shift = s->map->grid.shift == GBACW_SHIFT_ODD ? GBACW_SHIFT_EVEN : GBACW_SHIFT_ODD;
        }
      n = gbacw_hex_grid_n_hexes (&s->map->grid);
      n_sides = gbacw_hex_grid_n_hexside_ids (&s->map->grid);
      for (int i = 0; i < n; i++)
        if (g_rand_int_range (rand, 0, 100) < 30)
          s->map->elevation[i] = g_rand_int_range (rand, 0, 5);
      l = los_with_deployment (s);
      for (int i = 0; i < n; i++)
        {
          int r = g_rand_int_range (rand, 0, 1000);
          if (r < 5)
            gbacw_los_set_hex_top (l, i, GBACW_LOS_INFINITE);
          else if (r < 100)
            gbacw_los_set_hex_top (l, i, gbacw_los_ground (l, i) + g_rand_int_range (rand, -5, 45));
          else if (r < 150)
            gbacw_los_set_unit_height (l, i, g_rand_int_range (rand, 0, 3) * 5);
        }
      for (guint32 id = 0; id < n_sides; id++)
        {
          int r = g_rand_int_range (rand, 0, 1000);
          if (r < 3)
            gbacw_los_set_hexside_top (l, id, GBACW_LOS_INFINITE);
          else if (r < 60)
            gbacw_los_set_hexside_top (l, id, g_rand_int_range (rand, 0, 100));
        }
      for (int both = 0; both < 2; both++)
        {
          gbacw_los_set_along_both_block (l, both);
          check_observers (l, rand, 4);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/los/9.24-adjacent-always-clear", test_adjacent);
  g_test_add_func ("/engine/los/9.7-woods-block", test_woods_block);
  g_test_add_func ("/engine/los/9.7-out-of-firer-and-into-target-hex", test_firer_and_target_hexes);
  g_test_add_func ("/engine/los/9.71-units-block", test_units_block);
  g_test_add_func ("/engine/los/9.72-heights", test_heights);
  g_test_add_func ("/engine/los/9.73-equality-is-clear", test_equality_is_clear);
  g_test_add_func ("/engine/los/9.73-crest-hexside", test_crest_hexside);
  g_test_add_func ("/engine/los/9.71-crest-cell-yes-blocks", test_crest_cell_yes_blocks);
  g_test_add_func ("/engine/los/9.71-crest-cell-no-clear", test_crest_cell_no_clear);
  g_test_add_func ("/engine/los/9.71-crest-cell-unknown-option", test_crest_cell_unknown_option);
  g_test_add_func ("/engine/los/9.71-hex-terrain-cell", test_hex_terrain_cell);
  g_test_add_func ("/engine/los/9.71-hexside-cell", test_hexside_cell);
  g_test_add_func ("/engine/los/9.71-crest-cell-demo", test_crest_cell_demo);
  g_test_add_func ("/engine/los/9.7-hexside-common-with-target", test_hexside_common_with_target);
  g_test_add_func ("/engine/los/9.7-along-hexside-option", test_along_hexside);
  g_test_add_func ("/engine/los/9.7-hexside-adjacent-to-firer", test_hexside_adjacent_to_firer);
  g_test_add_func ("/engine/los/9.72-unit-heights-in-game", test_game_los_uses_unit_heights);
  g_test_add_func ("/engine/los/visible-from-matches-check", test_visible_from_matches_check);
  g_test_add_func ("/engine/los/visible-from-matches-check-demo", test_visible_from_matches_check_demo);
  g_test_add_func ("/engine/los/visible-from-matches-check-set-tops", test_visible_from_matches_check_set_tops);
  return g_test_run ();
}
