/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario.c: the plain-data scenario model: cells, areas, copies, lookups. */
#define G_LOG_DOMAIN "test-scenario"

#include <glib.h>

#include "gbacw-scenario.h"

static void
test_cell_parse_format (void)
{
  static const struct {
    const char *text;
    GbacwCellStatus status;
    const char *value;
    const char *formatted;
  } cases[] = {
    { "1", GBACW_CELL_KNOWN, "1", "1" },
    { "  P/R ", GBACW_CELL_KNOWN, "P/R", "P/R" },
    { "—", GBACW_CELL_KNOWN, "—", "—" },
    { "?", GBACW_CELL_UNKNOWN, NULL, "?" },
    { "", GBACW_CELL_UNKNOWN, NULL, "?" },
    { "[R2]", GBACW_CELL_INFERRED, "R2", "[R2]" },
    { "{3}", GBACW_CELL_INVENTED, "3", "{3}" },
    { "{ 1/2 }", GBACW_CELL_INVENTED, "1/2", "{1/2}" },
    { "[]", GBACW_CELL_UNKNOWN, NULL, "?" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GbacwCell cell = { 0 };
      gbacw_cell_parse (&cell, cases[i].text);
      g_assert_cmpint (cell.status, ==, cases[i].status);
      g_assert_cmpstr (cell.value, ==, cases[i].value);
      g_autofree char *formatted = gbacw_cell_format (&cell);
      g_assert_cmpstr (formatted, ==, cases[i].formatted);
      gbacw_cell_clear (&cell);
    }
}

static GbacwChart *
make_density_chart (void)
{
  /* 8.35: 1-2 SP one column left ... 10+ two right */
  GbacwChart *chart = gbacw_chart_new ("density", "Density Adjustment");
  const char *rows[] = { "1-2", "3-6", "7-9", "10+" };
  const char *values[] = { "1L", "—", "1R", "2R" };

  chart->rule_case = g_strdup ("8.35");
  g_ptr_array_add (chart->columns, g_strdup ("shift"));
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    gbacw_cell_parse (&gbacw_chart_add_row (chart, rows[i], NULL)->cells[0], values[i]);
  return chart;
}

static void
test_chart_lookup_copy (void)
{
  g_autoptr (GbacwChart) chart = make_density_chart ();
  const GbacwCell *cell = gbacw_chart_lookup (chart, "7-9", "shift");

  g_assert_nonnull (cell);
  g_assert_cmpstr (cell->value, ==, "1R");
  g_assert_null (gbacw_chart_lookup (chart, "11-12", "shift"));
  g_assert_null (gbacw_chart_lookup (chart, "7-9", "missing"));
  g_assert_cmpint (gbacw_chart_find_row (chart, "10+"), ==, 3);

  g_autoptr (GbacwChart) copy = gbacw_chart_copy (chart);
  /* a deep copy: changing the copy leaves the original alone */
  GbacwChartRow *row = g_ptr_array_index (copy->rows, 0);
  gbacw_cell_parse (&row->cells[0], "{2L}");
  g_assert_cmpstr (gbacw_chart_lookup (chart, "1-2", "shift")->value, ==, "1L");
  g_assert_cmpstr (gbacw_chart_lookup (copy, "1-2", "shift")->value, ==, "2L");
  g_assert_cmpint (gbacw_chart_lookup (copy, "1-2", "shift")->status, ==, GBACW_CELL_INVENTED);
  g_assert_cmpstr (copy->rule_case, ==, "8.35");
}

static void
test_area_sort_contains (void)
{
  GbacwArea *area = gbacw_area_new ("a", GBACW_AREA_SETUP, "Set-up");
  int hexes[] = { 40, 3, 17, 3, 99, 40, 0 };

  g_array_append_vals (area->hexes, hexes, G_N_ELEMENTS (hexes));
  gbacw_area_sort (area);
  g_assert_cmpuint (area->hexes->len, ==, 5);
  for (guint i = 1; i < area->hexes->len; i++)
    g_assert_cmpint (g_array_index (area->hexes, int, i - 1), <, g_array_index (area->hexes, int, i));
  g_assert_true (gbacw_area_contains (area, 0));
  g_assert_true (gbacw_area_contains (area, 17));
  g_assert_true (gbacw_area_contains (area, 99));
  g_assert_false (gbacw_area_contains (area, 18));
  g_assert_false (gbacw_area_contains (area, 100));
  g_assert_false (gbacw_area_contains (area, -1));
  gbacw_area_free (area);
}

static void
test_tokens (void)
{
  for (int k = GBACW_AREA_TOWN; k <= GBACW_AREA_OTHER; k++)
    g_assert_cmpint (gbacw_area_kind_from_string (gbacw_area_kind_to_string (k)), ==, k);
  for (int k = GBACW_UNIT_INFANTRY; k <= GBACW_UNIT_LEADER; k++)
    g_assert_cmpint (gbacw_unit_type_from_string (gbacw_unit_type_to_string (k)), ==, k);
  for (int k = GBACW_FORMATION_STATE_LINE; k <= GBACW_FORMATION_STATE_UNLIMBERED; k++)
    g_assert_cmpint (gbacw_formation_state_from_string (gbacw_formation_state_to_string (k)), ==, k);
  g_assert_cmpint (gbacw_unit_type_from_string ("dragoon"), ==, -1);
  g_assert_cmpint (gbacw_unit_type_from_string (NULL), ==, -1);
  g_assert_null (gbacw_unit_type_to_string (99));

  guint status = 0;
  g_assert_true (gbacw_status_from_string ("pinned  routed", &status));
  g_assert_cmpuint (status, ==, GBACW_STATUS_PINNED | GBACW_STATUS_ROUTED);
  g_autofree char *words = gbacw_status_to_string (status);
  g_assert_cmpstr (words, ==, "routed pinned");
  g_assert_false (gbacw_status_from_string ("pinned shaken", &status));
  g_assert_true (gbacw_status_from_string ("", &status));
  g_assert_cmpuint (status, ==, 0);
}

static GbacwScenario *
make_scenario (void)
{
  GbacwHexGrid grid;
  gbacw_hex_grid_init_default (&grid, 6, 5);
  GbacwScenario *s = gbacw_scenario_new (&grid);

  s->info.title = g_strdup ("Test");
  g_ptr_array_add (s->charts, make_density_chart ());
  g_ptr_array_add (s->oob.sides, gbacw_side_new ("union", "Union"));
  GbacwFormation *brigade = gbacw_formation_new ("b1", "union", GBACW_FORMATION_BRIGADE);
  brigade->commander = g_strdup ("l1");
  brigade->bce[0] = 6;
  g_ptr_array_add (s->oob.formations, brigade);
  GbacwUnit *leader = gbacw_unit_new ("l1", "union", GBACW_UNIT_LEADER);
  leader->formation = g_strdup ("b1");
  leader->er = 4;
  g_ptr_array_add (s->oob.units, leader);
  GbacwUnit *regiment = gbacw_unit_new ("u1", "union", GBACW_UNIT_INFANTRY);
  regiment->formation = g_strdup ("b1");
  regiment->strength = 5;
  regiment->morale = GBACW_MORALE_GREEN;
  regiment->weapon = g_strdup ("R");
  g_ptr_array_add (s->oob.units, regiment);
  gbacw_oob_reindex (&s->oob);
  g_ptr_array_add (s->deployment, gbacw_placement_new ("u1", 7));
  g_ptr_array_add (s->options, gbacw_param_new ("los-along-hexside", "both-block"));
  s->map->terrain[7] = 1;
  s->map->hexside_features[3] = 4;
  g_hash_table_insert (s->map->hexside_names, GUINT_TO_POINTER (3), g_strdup ("Robinett"));
  return s;
}

static void
test_scenario_copy_lookup (void)
{
  g_autoptr (GbacwScenario) s = make_scenario ();
  g_autoptr (GbacwScenario) c = gbacw_scenario_copy (s);
  guint index = 99;

  /* lookups work in the copy and point into the copy, not the original */
  GbacwUnit *u = gbacw_oob_find_unit (&c->oob, "u1");
  g_assert_nonnull (u);
  g_assert_true (u != gbacw_oob_find_unit (&s->oob, "u1"));
  g_assert_cmpint (u->strength, ==, 5);
  g_assert_cmpint (u->morale, ==, GBACW_MORALE_GREEN);
  g_assert_cmpint (u->dismounted_morale, ==, GBACW_UNSET);
  g_assert_cmpstr (gbacw_oob_find_formation (&c->oob, "b1")->commander, ==, "l1");
  g_assert_cmpint (gbacw_oob_find_formation (&c->oob, "b1")->bce[1], ==, GBACW_UNSET);
  g_assert_null (gbacw_oob_find_unit (&c->oob, "u2"));
  g_assert_nonnull (gbacw_scenario_find_placement (c, "u1", &index));
  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpstr (gbacw_scenario_get_option (c, "los-along-hexside"), ==, "both-block");
  g_assert_null (gbacw_scenario_get_option (c, "command-5.2"));
  g_assert_nonnull (gbacw_scenario_find_chart (c, "density"));
  g_assert_cmpuint (c->map->terrain[7], ==, 1);
  g_assert_cmpstr (g_hash_table_lookup (c->map->hexside_names, GUINT_TO_POINTER (3)), ==, "Robinett");

  /* changing the original leaves the copy alone */
  s->map->terrain[7] = 2;
  gbacw_oob_find_unit (&s->oob, "u1")->strength = 1;
  g_assert_cmpuint (c->map->terrain[7], ==, 1);
  g_assert_cmpint (u->strength, ==, 5);
}

static void
test_level_height (void)
{
  g_autoptr (GbacwScenario) s = make_scenario ();
  int feet[] = { 0, 30, GBACW_UNSET };
  g_array_append_vals (s->map->levels, feet, 3);
  g_assert_cmpint (gbacw_map_level_height (s->map, 1), ==, 30);
  g_assert_cmpint (gbacw_map_level_height (s->map, 2), ==, GBACW_UNSET);
  g_assert_cmpint (gbacw_map_level_height (s->map, 3), ==, GBACW_UNSET);
  g_assert_cmpint (gbacw_map_level_height (s->map, -1), ==, GBACW_UNSET);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scenario/cell-parse-format", test_cell_parse_format);
  g_test_add_func ("/scenario/chart-lookup-copy", test_chart_lookup_copy);
  g_test_add_func ("/scenario/area-sort-contains", test_area_sort_contains);
  g_test_add_func ("/scenario/tokens", test_tokens);
  g_test_add_func ("/scenario/copy-lookup", test_scenario_copy_lookup);
  g_test_add_func ("/scenario/level-height", test_level_height);
  return g_test_run ();
}
