/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-check.c: the rules validator and the chart interpretation it shares
 * with the engine.
 *
 * - gbacw-rules-data: cell vocabulary, movement costs (5.15, 5.19, 6.11, 6.12,
 *   22.1, 22.4-22.6, 23.0), Movement Allowances, stacking limits and points (8.1x);
 * - golden cases: every folder of tests/rules-check holds a scenario.xml and the
 *   exact `gbacw check` text output for it, expected.txt (file name "scenario.xml");
 *   set GBACW_UPDATE_GOLDEN=1 to rewrite the expected files instead (then review
 *   them); every check has a case, and each case shows its own check;
 * - the shipped scenarios have no errors;
 * - incremental re-checks after real editing commands equal a full check.
 */
#define G_LOG_DOMAIN "test-rules-check"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "gbacw-checker.h"
#include "gbacw-collection-edit.h"
#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-map-edit.h"
#include "gbacw-report.h"
#include "gbacw-rules-data.h"
#include "gbacw-scenario-io.h"
#include "gbacw-stand-ins.h"

#ifndef TEST_SRCDIR
#define TEST_SRCDIR "tests"
#endif

static char *
case_path (const char *name, const char *file)
{
  return g_build_filename (TEST_SRCDIR, "rules-check", name, file, NULL);
}

static GbacwScenario *
load_case (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = case_path (name, "scenario.xml");
  GbacwScenario *s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

static int
hex_at (const GbacwScenario *s, const char *label)
{
  GbacwHex h;
  g_autoptr (GError) error = NULL;
  g_assert_true (gbacw_hex_grid_parse_label (&s->map->grid, label, &h, &error));
  return gbacw_hex_grid_index (&s->map->grid, h);
}

static int
dir_of (const GbacwScenario *s, const char *name)
{
  int d = gbacw_hex_direction_parse (s->map->grid.orientation, name);
  g_assert_cmpint (d, >=, 0);
  return d;
}

static GbacwHexsideId
hexside_of (const GbacwScenario *s, const char *label, const char *dir)
{
  return gbacw_hex_grid_hexside (&s->map->grid, gbacw_hex_grid_hex_at (&s->map->grid, hex_at (s, label)),
                                 dir_of (s, dir));
}

static guint32
side_bit (const GbacwScenario *s, const char *id)
{
  int k = gbacw_catalogue_find_hexside_type (&s->catalogue, id);
  g_assert_cmpint (k, >=, 0);
  return 1u << k;
}

static guint64
terrain_bit (const GbacwScenario *s, const char *id)
{
  int t = gbacw_catalogue_find_hex_terrain (&s->catalogue, id);
  g_assert_cmpint (t, >=, 0);
  return G_GUINT64_CONSTANT (1) << t;
}

/* ==================================================================== cell vocabulary */

static void
test_value_parse (void)
{
  static const struct {
    const char *text;
    GbacwValueKind kind;
    int num, den;
  } cases[] = {
    { "3", GBACW_VALUE_NUMBER, 3, 1 },
    { " 12 ", GBACW_VALUE_NUMBER, 12, 1 },
    { "-2", GBACW_VALUE_NUMBER, -2, 1 },
    { "1/2", GBACW_VALUE_NUMBER, 1, 2 },
    { "1 1/2", GBACW_VALUE_NUMBER, 3, 2 },
    { "1½", GBACW_VALUE_NUMBER, 3, 2 },
    { "½", GBACW_VALUE_NUMBER, 1, 2 },
    { "8/9", GBACW_VALUE_NUMBER, 8, 9 },
    { "+1", GBACW_VALUE_ADD, 1, 1 },
    { "+1/2", GBACW_VALUE_ADD, 1, 2 },
    { "P", GBACW_VALUE_PROHIBITED, 0, 1 },
    { "p", GBACW_VALUE_PROHIBITED, 0, 1 },
    { "all", GBACW_VALUE_ALL, 0, 1 },
    { "All", GBACW_VALUE_ALL, 0, 1 },
    { "—", GBACW_VALUE_NONE, 0, 1 },
    { "-", GBACW_VALUE_NONE, 0, 1 },
    { "other", GBACW_VALUE_OTHER, 0, 1 },
    { "1L", GBACW_VALUE_SHIFT, -1, 1 },
    { "2R", GBACW_VALUE_SHIFT, 2, 1 },
    { "yes", GBACW_VALUE_YES, 0, 1 },
    { "No", GBACW_VALUE_NO, 0, 1 },
    { "-1 SP", GBACW_VALUE_SP, -1, 1 },
    { "-2 SP", GBACW_VALUE_SP, -2, 1 },
    { "?", GBACW_VALUE_UNKNOWN, 0, 1 },
    { "P/R", GBACW_VALUE_TEXT, 0, 1 },
    { "2*", GBACW_VALUE_TEXT, 0, 1 },
    { "C1R2", GBACW_VALUE_TEXT, 0, 1 },
    { "Rpls", GBACW_VALUE_TEXT, 0, 1 },
    { "4-8", GBACW_VALUE_TEXT, 0, 1 },
    { "63+", GBACW_VALUE_TEXT, 0, 1 },
    { "2,12", GBACW_VALUE_TEXT, 0, 1 },
    { "4/E", GBACW_VALUE_TEXT, 0, 1 },
    { "WE", GBACW_VALUE_TEXT, 0, 1 },
    { "lots", GBACW_VALUE_INVALID, 0, 1 },
    { "1Q", GBACW_VALUE_INVALID, 0, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GbacwValue v;
      gboolean ok = gbacw_value_parse (cases[i].text, &v);
      g_assert_cmpint (v.kind, ==, cases[i].kind);
      g_assert_cmpint (ok, ==, cases[i].kind != GBACW_VALUE_INVALID);
      if (v.kind == GBACW_VALUE_NUMBER || v.kind == GBACW_VALUE_ADD || v.kind == GBACW_VALUE_SHIFT
          || v.kind == GBACW_VALUE_SP)
        {
          g_assert_cmpint (v.num, ==, cases[i].num);
          g_assert_cmpint (v.den, ==, cases[i].den);
        }
    }

  {
    GbacwValue v;
    GbacwCell cell = { 0 };
    gbacw_value_parse ("1/2", &v);
    g_assert_cmpint (gbacw_value_halves (&v), ==, 1);
    g_assert_cmpfloat (gbacw_value_to_double (&v), ==, 0.5);
    gbacw_value_parse ("1/3", &v);
    g_assert_cmpint (gbacw_value_halves (&v), ==, 1);  /* rounded up */
    gbacw_cell_parse (&cell, "{1/2}");
    gbacw_value_from_cell (&cell, &v);
    g_assert_cmpint (v.kind, ==, GBACW_VALUE_NUMBER);
    gbacw_cell_parse (&cell, "?");
    gbacw_value_from_cell (&cell, &v);
    g_assert_cmpint (v.kind, ==, GBACW_VALUE_UNKNOWN);
    gbacw_value_from_cell (NULL, &v);
    g_assert_cmpint (v.kind, ==, GBACW_VALUE_UNKNOWN);
    gbacw_cell_clear (&cell);
  }

  g_assert_true (gbacw_value_is_fire_result ("P/R"));
  g_assert_true (gbacw_value_is_fire_result ("3*"));
  g_assert_false (gbacw_value_is_fire_result ("K"));
  g_assert_true (gbacw_value_is_melee_result ("C2R3"));
  g_assert_true (gbacw_value_is_melee_result ("Eng"));
  g_assert_false (gbacw_value_is_melee_result ("P/R"));
  g_assert_true (gbacw_value_is_range ("0-3"));
  g_assert_true (gbacw_value_is_range ("51+"));
  g_assert_false (gbacw_value_is_range ("R"));
}

static void
test_move_classes (void)
{
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_INFANTRY, GBACW_FORMATION_STATE_UNSET), ==,
                   GBACW_MOVE_INFANTRY_LINE);  /* 6.12 */
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_INFANTRY, GBACW_FORMATION_STATE_COLUMN), ==,
                   GBACW_MOVE_INFANTRY_COLUMN);
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_INFANTRY, GBACW_FORMATION_STATE_MOUNTED), ==, -1);
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_CAVALRY, GBACW_FORMATION_STATE_DISMOUNTED), ==,
                   GBACW_MOVE_CAVALRY_DISMOUNTED);
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_CAVALRY, GBACW_FORMATION_STATE_COLUMN), ==, -1);  /* 6.14 */
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_ARTILLERY, GBACW_FORMATION_STATE_UNLIMBERED), ==,
                   GBACW_MOVE_ARTILLERY_UNLIMBERED);
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_WAGON, GBACW_FORMATION_STATE_UNSET), ==, GBACW_MOVE_WAGON);
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_WAGON, GBACW_FORMATION_STATE_LINE), ==, -1);
  g_assert_cmpint (gbacw_move_class_for (GBACW_UNIT_LEADER, GBACW_FORMATION_STATE_UNSET), ==, GBACW_MOVE_LEADER);
  g_assert_cmpstr (gbacw_move_class_to_row (GBACW_MOVE_CAVALRY_MOUNTED), ==, "cavalry-mounted");
  g_assert_cmpstr (gbacw_move_class_to_row (GBACW_MOVE_ARTILLERY_UNLIMBERED), ==, "artillery-unlimbered");
  g_assert_true (gbacw_move_class_uses_roads (GBACW_MOVE_INFANTRY_COLUMN));
  g_assert_true (gbacw_move_class_uses_roads (GBACW_MOVE_WAGON));
  g_assert_false (gbacw_move_class_uses_roads (GBACW_MOVE_INFANTRY_LINE));  /* 6.12 */
  g_assert_false (gbacw_move_class_uses_roads (GBACW_MOVE_CAVALRY_DISMOUNTED));  /* 6.14 */
}

/* ==================================================================== movement costs */

typedef struct {
  GbacwScenario *s;
  GbacwRulesData *rd;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->s = load_case ("clean");
  f->rd = gbacw_rules_data_new (f->s);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gbacw_rules_data_free (f->rd);
  gbacw_scenario_free (f->s);
}

static void
rebuild (Fixture *f)
{
  gbacw_rules_data_free (f->rd);
  f->rd = gbacw_rules_data_new (f->s);
}

/* The cost of moving from label across dir, as "P", "all", "?column" or the MP as halves. */
static char *
cost_str (Fixture *f, GbacwMoveClass c, const char *label, const char *dir)
{
  GbacwMoveCost cost;
  gbacw_rules_data_move_cost (f->rd, f->s->map, c, hex_at (f->s, label), dir_of (f->s, dir), &cost);
  switch (cost.kind)
    {
    case GBACW_COST_PROHIBITED:
      return g_strdup ("P");
    case GBACW_COST_ALL:
      return g_strdup ("all");
    case GBACW_COST_UNKNOWN:
      return g_strdup_printf ("?%s", cost.column ? cost.column : "");
    case GBACW_COST_MP:
    default:
      return g_strdup_printf ("%d", cost.halves);
    }
}

#define assert_cost(f, c, label, dir, expected) \
  G_STMT_START { g_autofree char *got_ = cost_str ((f), (c), (label), (dir)); \
                 g_assert_cmpstr (got_, ==, (expected)); } G_STMT_END

static void
test_cost_terrain (Fixture *f, gconstpointer data)
{
  GbacwMap *map = f->s->map;
  int h0403 = hex_at (f->s, "0403");

  /* 0402 -> 0403 is direction s; the road runs along row 03, not across this hexside */
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "2");        /* clear 1 */
  map->terrain[h0403] = terrain_bit (f->s, "woods");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "4");        /* woods 2 */
  assert_cost (f, GBACW_MOVE_ARTILLERY_LIMBERED, "0402", "s", "8");   /* {4} */
  map->terrain[h0403] = terrain_bit (f->s, "woods") | terrain_bit (f->s, "clear");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "4");        /* 5.15: the most expensive */
  map->terrain[h0403] = terrain_bit (f->s, "swamp");
  assert_cost (f, GBACW_MOVE_CAVALRY_MOUNTED, "0402", "s", "P");      /* C 23.5 */
  assert_cost (f, GBACW_MOVE_WAGON, "0402", "s", "P");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "6");        /* {3} */
  map->terrain[h0403] = 0;
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "?");        /* no terrain */
  /* off the map (5.17) */
  assert_cost (f, GBACW_MOVE_LEADER, "0101", "n", "P");
  assert_cost (f, GBACW_MOVE_LEADER, "0101", "nw", "P");
}

static void
test_cost_roads (Fixture *f, gconstpointer data)
{
  GbacwMap *map = f->s->map;

  /* 0303 -> 0403 is along the road (direction se from 0303) */
  map->terrain[hex_at (f->s, "0403")] = terrain_bit (f->s, "woods");
  assert_cost (f, GBACW_MOVE_INFANTRY_COLUMN, "0303", "se", "1");     /* {1/2}: road instead of woods */
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0303", "se", "4");       /* 6.12: woods 2 */
  assert_cost (f, GBACW_MOVE_CAVALRY_DISMOUNTED, "0303", "se", "4");  /* 6.14 */
  assert_cost (f, GBACW_MOVE_ARTILLERY_LIMBERED, "0303", "se", "1");
  /* a road user leaving the road pays the terrain */
  assert_cost (f, GBACW_MOVE_INFANTRY_COLUMN, "0402", "s", "4");
  /* swamp on the road: the road replaces the terrain (C 23.31 style entry along a road) */
  map->terrain[hex_at (f->s, "0403")] = terrain_bit (f->s, "swamp");
  assert_cost (f, GBACW_MOVE_WAGON, "0303", "se", "1");
  assert_cost (f, GBACW_MOVE_WAGON, "0402", "s", "P");
}

static void
test_cost_hexsides (Fixture *f, gconstpointer data)
{
  GbacwMap *map = f->s->map;
  GbacwHexsideId id = hexside_of (f->s, "0402", "s");
  GbacwHexsideId road = hexside_of (f->s, "0303", "se");

  /* crests by elevation (22.1): up +1, down — for Line infantry */
  map->hexside_features[id] = side_bit (f->s, "crest");
  map->elevation[hex_at (f->s, "0403")] = 1;
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "4");        /* 1 + 1 */
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0403", "n", "2");        /* 1 + — */
  assert_cost (f, GBACW_MOVE_CAVALRY_MOUNTED, "0403", "n", "4");      /* {1} + {+1} */
  map->hexside_features[id] = side_bit (f->s, "steep-crest");
  assert_cost (f, GBACW_MOVE_ARTILLERY_LIMBERED, "0402", "s", "P");   /* {P} */
  map->elevation[hex_at (f->s, "0403")] = 0;
  assert_cost (f, GBACW_MOVE_ARTILLERY_LIMBERED, "0402", "s", "2");   /* no crest between equal levels */

  /* streams add, rivers prohibit (22.4) */
  map->hexside_features[id] = side_bit (f->s, "stream");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "4");        /* 1 + 1 */
  map->hexside_features[id] = side_bit (f->s, "river");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "P");
  /* a ford supersedes the river (22.5): the whole MA; a leader pays 5 (J 22.51) */
  map->hexside_features[id] = side_bit (f->s, "river") | side_bit (f->s, "ford");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "all");
  assert_cost (f, GBACW_MOVE_LEADER, "0402", "s", "12");              /* {1} + 5 */
  /* a bridge: Line infantry disregards it (6.12), a column crosses at no extra cost (J 22.6) */
  map->hexside_features[id] = side_bit (f->s, "river") | side_bit (f->s, "bridge");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "P");
  assert_cost (f, GBACW_MOVE_INFANTRY_COLUMN, "0402", "s", "2");
  /* a wagon bridge over a ford (J 23.0, 23.11): artillery may not use it and fords instead */
  map->hexside_features[id] = side_bit (f->s, "river") | side_bit (f->s, "ford") | side_bit (f->s, "wagon-bridge");
  assert_cost (f, GBACW_MOVE_ARTILLERY_LIMBERED, "0402", "s", "all");
  assert_cost (f, GBACW_MOVE_CAVALRY_DISMOUNTED, "0402", "s", "2");   /* {—}: over the bridge */
  assert_cost (f, GBACW_MOVE_INFANTRY_COLUMN, "0402", "s", "2");
  /* a redan hexside +3 (C 23.23), prohibited to artillery */
  map->hexside_features[id] = side_bit (f->s, "redan");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "8");
  assert_cost (f, GBACW_MOVE_ARTILLERY_LIMBERED, "0402", "s", "P");
  /* a road across a stream still pays the stream */
  map->hexside_features[road] = side_bit (f->s, "stream");
  assert_cost (f, GBACW_MOVE_INFANTRY_COLUMN, "0303", "se", "3");     /* 1/2 + 1 */
}

static void
test_cost_unknown (Fixture *f, gconstpointer data)
{
  GbacwChart *chart = gbacw_scenario_find_chart (f->s, "terrain-movement");
  int row = gbacw_chart_find_row (chart, "infantry-line");
  int col = gbacw_chart_find_column (chart, "stream");
  GbacwHexsideId id = hexside_of (f->s, "0402", "s");
  int ma = 0;

  gbacw_cell_parse (&((GbacwChartRow *) g_ptr_array_index (chart->rows, row))->cells[col], "?");
  rebuild (f);
  f->s->map->hexside_features[id] = side_bit (f->s, "stream");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "?stream");
  /* a prohibited part wins over an unknown one */
  f->s->map->hexside_features[id] = side_bit (f->s, "stream") | side_bit (f->s, "river");
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "P");

  /* Movement Allowances; "8/9" gives one per side (J note A) */
  g_assert_true (gbacw_rules_data_movement_allowance (f->rd, GBACW_MOVE_INFANTRY_LINE, 0, &ma));
  g_assert_cmpint (ma, ==, 12);
  g_assert_true (gbacw_rules_data_movement_allowance (f->rd, GBACW_MOVE_CAVALRY_MOUNTED, 0, &ma));
  g_assert_cmpint (ma, ==, 24);
  col = gbacw_chart_find_column (chart, "ma");
  gbacw_cell_parse (&((GbacwChartRow *) g_ptr_array_index (chart->rows, row))->cells[col], "8/9");
  rebuild (f);
  g_assert_true (gbacw_rules_data_movement_allowance (f->rd, GBACW_MOVE_INFANTRY_LINE, 0, &ma));
  g_assert_cmpint (ma, ==, 16);
  g_assert_true (gbacw_rules_data_movement_allowance (f->rd, GBACW_MOVE_INFANTRY_LINE, 1, &ma));
  g_assert_cmpint (ma, ==, 18);
  gbacw_cell_parse (&((GbacwChartRow *) g_ptr_array_index (chart->rows, row))->cells[col], "?");
  rebuild (f);
  g_assert_false (gbacw_rules_data_movement_allowance (f->rd, GBACW_MOVE_INFANTRY_LINE, 0, &ma));

  /* no chart at all: everything unknown */
  for (guint i = 0; i < f->s->charts->len; i++)
    if (g_strcmp0 (((GbacwChart *) g_ptr_array_index (f->s->charts, i))->id, "terrain-movement") == 0)
      {
        gbacw_chart_free (g_ptr_array_steal_index (f->s->charts, i));
        break;
      }
  rebuild (f);
  f->s->map->hexside_features[id] = 0;
  assert_cost (f, GBACW_MOVE_INFANTRY_LINE, "0402", "s", "?clear");
}

static void
test_stacking (Fixture *f, gconstpointer data)
{
  GbacwStackingLimits l;
  GbacwMap *map = f->s->map;
  int h = hex_at (f->s, "0403");
  GbacwUnit *inf = gbacw_oob_find_unit (&f->s->oob, "u-inf1");
  GbacwUnit *bty = gbacw_oob_find_unit (&f->s->oob, "u-bty");
  GbacwUnit *wagon = gbacw_oob_find_unit (&f->s->oob, "u-wagon");
  GbacwUnit *leader = gbacw_oob_find_unit (&f->s->oob, "u-brig-ldr");
  GbacwPlacement *p = gbacw_placement_new ("u-inf1", h);

  gbacw_rules_data_stacking_limits (f->rd, map, h, FALSE, &l);
  g_assert_cmpint (l.units, ==, 3);      /* J 8.18 clear: 3 / 12 + 6 sections */
  g_assert_cmpint (l.sp, ==, 12);
  g_assert_cmpint (l.sections, ==, 6);
  g_assert_cmpint (l.fire_per_hexside, ==, 4);
  g_assert_cmpint (l.melee_max, ==, 12);
  gbacw_rules_data_stacking_limits (f->rd, map, h, TRUE, &l);
  g_assert_cmpint (l.units, ==, 1);      /* the "column" row (8.16) */
  map->terrain[h] = terrain_bit (f->s, "woods") | terrain_bit (f->s, "clear");
  gbacw_rules_data_stacking_limits (f->rd, map, h, FALSE, &l);
  g_assert_cmpint (l.units, ==, 2);      /* the most restrictive */
  g_assert_cmpint (l.sp, ==, 8);
  /* inside a redan (C 23.27); the hex on the other side is not */
  map->terrain[h] = terrain_bit (f->s, "clear");
  {
    GbacwHexsideId id = hexside_of (f->s, "0403", "n");
    int k = gbacw_catalogue_find_hexside_type (&f->s->catalogue, "redan");
    GbacwHex owner;
    map->hexside_features[id] = 1u << k;
    gbacw_hex_grid_hexside_hexes (&map->grid, id, &owner, NULL, NULL);
    if (gbacw_hex_grid_index (&map->grid, owner) != h)
      map->hexside_inside[id] |= 1u << k;
    gbacw_rules_data_stacking_limits (f->rd, map, h, FALSE, &l);
    g_assert_cmpint (l.units, ==, 2);
    g_assert_cmpint (l.sp, ==, 4);
    g_assert_cmpint (l.sections, ==, 2);
    gbacw_rules_data_stacking_limits (f->rd, map, hex_at (f->s, "0402"), FALSE, &l);
    g_assert_cmpint (l.sp, ==, 12);
  }

  /* stacking points (8.12-8.14) */
  g_assert_cmpint (gbacw_unit_stacking_points (inf, NULL), ==, 4);
  p->strength = 2;
  g_assert_cmpint (gbacw_unit_stacking_points (inf, p), ==, 2);
  g_assert_cmpint (gbacw_unit_stacking_points (bty, NULL), ==, 1);
  bty->flags |= GBACW_UNIT_FLAG_SECTION;
  g_assert_cmpint (gbacw_unit_stacking_points (bty, NULL), ==, 0);
  g_assert_cmpint (gbacw_unit_stacking_points (wagon, NULL), ==, 4);
  g_assert_cmpint (gbacw_unit_stacking_points (leader, NULL), ==, 0);
  gbacw_placement_free (p);
}

/* ==================================================================== golden cases */

static GPtrArray *
case_names (void)
{
  g_autofree char *dir = g_build_filename (TEST_SRCDIR, "rules-check", NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *scenario = case_path (name, "scenario.xml");
      if (g_file_test (scenario, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  return names;
}

/* A unified-diff-like listing of the lines that differ. */
static void
print_diff (const char *expected, const char *got)
{
  g_auto (GStrv) a = g_strsplit (expected, "\n", -1);
  g_auto (GStrv) b = g_strsplit (got, "\n", -1);
  g_autoptr (GHashTable) in_a = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) in_b = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; a[i]; i++)
    g_hash_table_add (in_a, a[i]);
  for (guint i = 0; b[i]; i++)
    g_hash_table_add (in_b, b[i]);
  g_printerr ("--- expected.txt\n+++ gbacw check\n");
  for (guint i = 0; a[i]; i++)
    if (*a[i] && !g_hash_table_contains (in_b, a[i]))
      g_printerr ("-%s\n", a[i]);
  for (guint i = 0; b[i]; i++)
    if (*b[i] && !g_hash_table_contains (in_a, b[i]))
      g_printerr ("+%s\n", b[i]);
  if (g_strv_length (a) == g_strv_length (b))
    g_printerr ("(same lines in another order)\n");
}

static void
test_golden (gconstpointer data)
{
  const char *name = data;
  g_autoptr (GbacwScenario) s = load_case (name);
  g_autoptr (GPtrArray) findings = gbacw_check_scenario (s);
  g_autofree char *got = gbacw_report_text (findings, &s->map->grid, "scenario.xml");
  g_autofree char *expected_path = case_path (name, "expected.txt");
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *check_id = g_strdup (name);
  const GbacwCheckInfo *own = NULL;
  guint n_checks;
  const GbacwCheckInfo *checks = gbacw_checker_list_checks (&n_checks);

  if (g_getenv ("GBACW_UPDATE_GOLDEN"))
    {
      g_assert_true (g_file_set_contents (expected_path, got, -1, &error));
      g_assert_no_error (error);
      return;
    }
  g_file_get_contents (expected_path, &expected, NULL, &error);
  g_assert_no_error (error);
  if (g_strcmp0 (expected, got) != 0)
    {
      g_printerr ("rules-check/%s: the findings differ from expected.txt\n", name);
      print_diff (expected, got);
      g_test_fail ();
      return;
    }

  /* the case named after a check ("map-crest" for "map.crest") shows that check */
  if (strchr (check_id, '-'))
    *strchr (check_id, '-') = '.';
  for (guint i = 0; i < n_checks; i++)
    if (g_str_has_prefix (check_id, checks[i].id) && (own == NULL || strlen (checks[i].id) > strlen (own->id)))
      own = &checks[i];
  if (own)
    {
      gboolean shown = FALSE;
      for (guint i = 0; i < findings->len && !shown; i++)
        shown = g_strcmp0 (((GbacwFinding *) g_ptr_array_index (findings, i))->check, own->id) == 0;
      if (!shown)
        {
          g_printerr ("rules-check/%s: no finding of the check %s\n", name, own->id);
          g_test_fail ();
        }
    }
  else
    g_assert_cmpstr (name, ==, "clean");
}

static void
test_golden_covers_every_check (void)
{
  g_autoptr (GPtrArray) names = case_names ();
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_checks;
  const GbacwCheckInfo *checks = gbacw_checker_list_checks (&n_checks);

  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr (GbacwScenario) s = load_case (g_ptr_array_index (names, i));
      g_autoptr (GPtrArray) findings = gbacw_check_scenario (s);
      for (guint k = 0; k < findings->len; k++)
        g_hash_table_add (seen, g_strdup (((GbacwFinding *) g_ptr_array_index (findings, k))->check));
      if (g_str_equal (g_ptr_array_index (names, i), "clean"))
        g_assert_cmpuint (findings->len, ==, 0);
    }
  for (guint i = 0; i < n_checks; i++)
    {
      if (!g_hash_table_contains (seen, checks[i].id))
        g_printerr ("no golden case shows the check %s\n", checks[i].id);
      g_assert_true (g_hash_table_contains (seen, checks[i].id));
      g_assert_nonnull (gbacw_checker_get_check_info (checks[i].id));
    }
}

static void
test_shipped_scenarios (void)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autofree char *dir = NULL;
  g_autoptr (GDir) d = NULL;
  const char *name;
  guint n = 0;

  if (demo == NULL)
    {
      g_test_skip ("no data directory (set GBACW_DATADIR)");
      return;
    }
  dir = g_path_get_dirname (demo);
  d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwScenario) s = NULL;
      g_autoptr (GPtrArray) findings = NULL;
      if (!g_str_has_suffix (name, ".xml"))
        continue;
      s = gbacw_scenario_load_file (path, &error);
      g_assert_no_error (error);
      findings = gbacw_check_scenario (s);
      for (guint i = 0; i < findings->len; i++)
        {
          const GbacwFinding *f = g_ptr_array_index (findings, i);
          g_autofree char *location = gbacw_finding_format_location (f, &s->map->grid);
          if (f->severity == GBACW_SEVERITY_ERROR)
            g_printerr ("%s:%s: error: [%s] %s\n", name, location, f->rule_case, f->message);
          g_assert_cmpint (f->severity, !=, GBACW_SEVERITY_ERROR);
        }
      n++;
    }
  g_assert_cmpuint (n, >, 0);
}

/* ==================================================================== findings, report */

static void
test_report (void)
{
  GbacwHexGrid grid;
  g_autoptr (GPtrArray) findings = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_finding_free);
  GbacwFinding *f;
  g_autofree char *text = NULL;
  g_autofree char *json = NULL;

  gbacw_hex_grid_init_default (&grid, 10, 10);
  f = gbacw_finding_new (GBACW_SEVERITY_WARNING, "map.road-end", "6.11", g_strdup ("A \"quoted\"\tmessage\\"));
  gbacw_finding_set_hex (f, &grid, gbacw_hex_grid_index (&grid, (GbacwHex) { 4, 7 }));
  g_ptr_array_add (findings, f);
  f = gbacw_finding_new (GBACW_SEVERITY_ERROR, "map.crest", "22.1", g_strdup ("Crest"));
  gbacw_finding_set_hexside (f, &grid, gbacw_hex_grid_hexside (&grid, (GbacwHex) { 4, 7 }, 1));
  g_ptr_array_add (findings, f);
  f = gbacw_finding_new (GBACW_SEVERITY_INFO, "charts.unknown-cell", "12.98", g_strdup ("Unknown"));
  gbacw_finding_set_chart (f, "melee-crt", "6a", "-4");
  g_ptr_array_add (findings, f);
  f = gbacw_finding_new (GBACW_SEVERITY_ERROR, "charts.missing", "5.19", g_strdup ("No column"));
  gbacw_finding_set_chart (f, "terrain-movement", NULL, "woods");
  g_ptr_array_add (findings, f);
  f = gbacw_finding_new (GBACW_SEVERITY_ERROR, "oob.bce", "18.0", g_strdup ("BCE"));
  gbacw_finding_set_id (f, GBACW_LOCATION_FORMATION, "u-brig");
  g_ptr_array_add (findings, f);
  f = gbacw_finding_new (GBACW_SEVERITY_ERROR, "scenario.turns", "4.0", g_strdup ("Turns"));
  gbacw_finding_set_id (f, GBACW_LOCATION_SETTING, "turns");
  g_ptr_array_add (findings, f);
  g_ptr_array_sort (findings, gbacw_finding_compare);

  text = gbacw_report_text (findings, &grid, "f.xml");
  g_assert_cmpstr (text, ==,
                   "f.xml:setting:turns: error: [4.0] Turns\n"
                   "f.xml:chart:melee-crt/6a/-4: info: [12.98] Unknown\n"
                   "f.xml:chart:terrain-movement/*/woods: error: [5.19] No column\n"
                   "f.xml:0508: warning: [6.11] A \"quoted\"\tmessage\\\n"
                   "f.xml:0508/ne: error: [22.1] Crest\n"
                   "f.xml:formation:u-brig: error: [18.0] BCE\n");
  json = gbacw_report_json (findings, &grid, "f.xml");
  g_assert_nonnull (strstr (json, "\"message\": \"A \\\"quoted\\\"\\tmessage\\\\\""));
  g_assert_nonnull (strstr (json, "\"kind\": \"hexside\", \"hex\": \"0508\", \"direction\": \"ne\""));
  g_assert_nonnull (strstr (json, "\"kind\": \"chart\", \"chart\": \"terrain-movement\", \"column\": \"woods\""));
  g_assert_true (g_str_has_prefix (json, "[\n  {\"file\": \"f.xml\", \"location\": \"setting:turns\""));
  g_assert_true (g_str_has_suffix (json, "}\n]\n"));
  {
    g_autoptr (GPtrArray) none = g_ptr_array_new ();
    g_autofree char *empty = gbacw_report_json (none, &grid, "f.xml");
    g_assert_cmpstr (empty, ==, "[]\n");
  }
}

/* ==================================================================== incremental re-checks */

static void
assert_same_as_full (GbacwChecker *checker, const GbacwScenario *s)
{
  g_autoptr (GPtrArray) full = gbacw_check_scenario (s);
  GPtrArray *got = gbacw_checker_get_findings (checker);
  gboolean same = full->len == got->len;

  for (guint i = 0; same && i < got->len; i++)
    same = gbacw_finding_equal (g_ptr_array_index (full, i), g_ptr_array_index (got, i));
  if (!same)
    {
      g_autofree char *a = gbacw_report_text (full, &s->map->grid, "full");
      g_autofree char *b = gbacw_report_text (got, &s->map->grid, "incremental");
      g_printerr ("%s\n%s\n", a, b);
    }
  g_assert_true (same);
}

/* Applies command, updates the checker with its change, and compares with a full check. */
static void
apply_and_check (GbacwChecker *checker, GbacwScenario *s, GbacwCommand *command)
{
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  gbacw_command_apply (command, s, change);
  gbacw_checker_update (checker, s, change);
  assert_same_as_full (checker, s);
  g_object_unref (command);
}

static guint
count_check (GbacwChecker *checker, const char *check)
{
  GPtrArray *findings = gbacw_checker_get_findings (checker);
  guint n = 0;
  for (guint i = 0; i < findings->len; i++)
    n += g_strcmp0 (((GbacwFinding *) g_ptr_array_index (findings, i))->check, check) == 0;
  return n;
}

static void
on_changed (GbacwChecker *checker, gpointer data)
{
  (*(guint *) data)++;
}

static void
test_incremental_map (void)
{
  g_autoptr (GbacwScenario) s = load_case ("clean");
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  guint changed = 0;
  int h;

  g_signal_connect (checker, "changed", G_CALLBACK (on_changed), &changed);
  gbacw_checker_run (checker, s);
  g_assert_cmpuint (gbacw_checker_get_findings (checker)->len, ==, 0);
  g_assert_cmpuint (changed, ==, 1);

  /* swamp under the mounted cavalry (23.5) */
  h = hex_at (s, "0502");
  g_array_append_val (hexes, h);
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, hexes, terrain_bit (s, "swamp"), FALSE, 0)));
  g_assert_cmpuint (count_check (checker, "deploy.terrain"), ==, 1);
  g_assert_cmpuint (count_check (checker, "charts.missing"), ==, 0);
  /* back to clear */
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, hexes, terrain_bit (s, "clear"), FALSE, 0)));
  g_assert_cmpuint (gbacw_checker_get_findings (checker)->len, ==, 0);
  /* erase a hex */
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, hexes, 0, FALSE, 0)));
  g_assert_cmpuint (count_check (checker, "map.no-terrain"), ==, 1);
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, hexes, terrain_bit (s, "clear"), FALSE, 0)));

  /* a crest, then an elevation change that makes it right (22.1) */
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                 s, hexside_of (s, "0402", "s"), gbacw_catalogue_find_hexside_type (&s->catalogue, "crest"),
                                 TRUE, -1, 0)));
  g_assert_cmpuint (count_check (checker, "map.crest"), ==, 1);
  g_array_set_size (hexes, 0);
  h = hex_at (s, "0403");
  g_array_append_val (hexes, h);
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_elevation (s, hexes, 1, 0)));
  g_assert_cmpuint (count_check (checker, "map.crest"), ==, 0);

  /* rivers round the objective: unreachable, then a ford makes it reachable */
  for (int d = 0; d < 6; d++)
    apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                   s, gbacw_hex_grid_hexside (&s->map->grid, gbacw_hex_grid_hex_at (&s->map->grid, hex_at (s, "0303")), d),
                                   gbacw_catalogue_find_hexside_type (&s->catalogue, "river"), TRUE, -1, 0)));
  g_assert_cmpuint (count_check (checker, "reach.objective"), ==, 2);
  g_assert_cmpuint (count_check (checker, "map.road-water"), ==, 2);
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                 s, hexside_of (s, "0303", "n"), gbacw_catalogue_find_hexside_type (&s->catalogue, "ford"),
                                 TRUE, -1, 0)));
  g_assert_cmpuint (count_check (checker, "reach.objective"), ==, 0);

  /* a road taken away: its end is now inside the map */
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_line (
                                 s, gbacw_hex_grid_hex_at (&s->map->grid, hex_at (s, "0503")),
                                 gbacw_hex_grid_hex_at (&s->map->grid, hex_at (s, "0603")),
                                 gbacw_catalogue_find_line_type (&s->catalogue, "road"), FALSE, 0)));
  g_assert_cmpuint (count_check (checker, "map.road-end"), ==, 1);
  g_assert_cmpuint (changed, >, 10);
}

/* An unnamed redan drawn over three hexsides is one note (23.2), not three: its name is the
 * work's; taking out the middle hexside makes two works, naming one leaves the other. */
static void
test_incremental_redan_work (void)
{
  g_autoptr (GbacwScenario) s = load_case ("clean");
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  int redan = gbacw_catalogue_find_hexside_type (&s->catalogue, "redan");
  int inside = hex_at (s, "0404");
  const char *dirs[] = { "n", "ne", "se" };

  gbacw_checker_run (checker, s);
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                     s, hexside_of (s, "0404", dirs[i]), redan, TRUE, inside, 0)));
      g_assert_cmpuint (count_check (checker, "map.inside"), ==, 1);
    }
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                 s, hexside_of (s, "0404", "ne"), redan, FALSE, -1, 0)));
  g_assert_cmpuint (count_check (checker, "map.inside"), ==, 2);
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_name_work (s, hexside_of (s, "0404", "n"), "Battery D")));
  g_assert_cmpuint (count_check (checker, "map.inside"), ==, 1);
  /* drawn again beside the named one: it joins Battery D, and the other part too */
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                 s, hexside_of (s, "0404", "ne"), redan, TRUE, inside, 0)));
  g_assert_cmpuint (count_check (checker, "map.inside"), ==, 1);
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_name_work (s, hexside_of (s, "0404", "se"), "Battery D")));
  g_assert_cmpuint (count_check (checker, "map.inside"), ==, 0);
}

static void
test_incremental_units (void)
{
  g_autoptr (GbacwScenario) s = load_case ("clean");
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  guint index = 0;
  GbacwPlacement *p;
  GbacwCollectionEdit *edit;

  gbacw_checker_run (checker, s);

  /* move the division commander away from his regiment (17.52) */
  p = gbacw_scenario_find_placement (s, "u-div-ldr", &index);
  p = gbacw_placement_copy (p);
  p->hex = hex_at (s, "0201");
  edit = gbacw_collection_edit_new ("move", 0);
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, index, p);
  apply_and_check (checker, s, GBACW_COMMAND (edit));
  g_assert_cmpuint (count_check (checker, "deploy.leader"), ==, 1);

  /* an enemy unit moves next to him: still wrong; then far away again */
  p = gbacw_placement_copy (gbacw_scenario_find_placement (s, "c-cav", &index));
  p->hex = hex_at (s, "0301");
  edit = gbacw_collection_edit_new ("move", 0);
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, index, p);
  apply_and_check (checker, s, GBACW_COMMAND (edit));
  g_assert_cmpuint (count_check (checker, "deploy.setup-area"), ==, 1);

  /* a stronger regiment: stacking (8.18) and the BCE total */
  {
    guint u = 0;
    GbacwUnit *unit = NULL;
    for (u = 0; u < s->oob.units->len; u++)
      if (g_str_equal (((GbacwUnit *) g_ptr_array_index (s->oob.units, u))->id, "u-inf1"))
        break;
    unit = gbacw_unit_copy (g_ptr_array_index (s->oob.units, u));
    unit->strength = 13;
    edit = gbacw_collection_edit_new ("strength", 0);
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, u, unit);
    apply_and_check (checker, s, GBACW_COMMAND (edit));
    g_assert_cmpuint (count_check (checker, "deploy.stacking"), ==, 1);
  }

  /* the placement removed: the unit is now neither deployed nor arriving */
  gbacw_scenario_find_placement (s, "u-wagon", &index);
  edit = gbacw_collection_edit_new ("remove", 0);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, index);
  apply_and_check (checker, s, GBACW_COMMAND (edit));
  g_assert_cmpuint (count_check (checker, "deploy.unplaced"), ==, 1);

  /* an area edit: the set-up area grows to take in 0301 */
  {
    guint a;
    GbacwArea *area = NULL;
    int hex = hex_at (s, "0301");
    for (a = 0; a < s->map->areas->len; a++)
      if (g_str_equal (((GbacwArea *) g_ptr_array_index (s->map->areas, a))->id, "confederate-setup"))
        break;
    area = gbacw_area_copy (g_ptr_array_index (s->map->areas, a));
    g_array_append_val (area->hexes, hex);
    gbacw_area_sort (area);
    edit = gbacw_collection_edit_new ("area", 0);
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_AREAS, a, area);
    apply_and_check (checker, s, GBACW_COMMAND (edit));
    g_assert_cmpuint (count_check (checker, "deploy.setup-area"), ==, 0);
  }
}

/* Random one-hex and one-hexside edits on a generated map, each compared with a full check. */
static void
test_incremental_generated (void)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) tpl = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  guint n_terrains, n_types;

  if (demo == NULL)
    {
      g_test_skip ("no data directory (set GBACW_DATADIR)");
      return;
    }
  tpl = gbacw_scenario_load_file (demo, &error);
  g_assert_no_error (error);
  s = gbacw_generate_scenario (tpl, 40, 30, 300, 3, &error);
  g_assert_no_error (error);
  n_terrains = s->catalogue.hex_terrains->len;
  n_types = s->catalogue.hexside_types->len;
  gbacw_checker_run (checker, s);
  for (int i = 0; i < 60; i++)
    {
      GbacwHex h = { g_rand_int_range (rand, 0, 40), g_rand_int_range (rand, 0, 30) };
      g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
      int hex = gbacw_hex_grid_index (&s->map->grid, h);
      g_array_append_val (hexes, hex);
      switch (i % 3)
        {
        case 0:
          apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_paint_terrain (
                                         s, hexes, G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, (int) n_terrains),
                                         FALSE, 0)));
          break;
        case 1:
          apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_elevation (s, hexes, g_rand_int_range (rand, 0, 4), 0)));
          break;
        default:
          apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                         s, gbacw_hex_grid_hexside (&s->map->grid, h, g_rand_int_range (rand, 0, 6)),
                                         g_rand_int_range (rand, 0, (int) n_types), g_rand_boolean (rand), hex, 0)));
          break;
        }
    }
}

/* One side fenced in by rivers: the objectives fail for it, and edits far away, near
 * the fence, and of the fence itself must all keep the findings right. */
static void
test_incremental_unreachable (void)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) tpl = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  GbacwHex home = { 30, 15 };
  int river, woods, home_hex;
  GbacwPlacement *p = NULL;

  if (demo == NULL)
    {
      g_test_skip ("no data directory (set GBACW_DATADIR)");
      return;
    }
  tpl = gbacw_scenario_load_file (demo, &error);
  g_assert_no_error (error);
  s = gbacw_generate_scenario (tpl, 40, 30, 300, 5, &error);
  g_assert_no_error (error);
  river = gbacw_catalogue_find_hexside_type (&s->catalogue, "river");
  woods = gbacw_catalogue_find_hex_terrain (&s->catalogue, "woods");
  home_hex = gbacw_hex_grid_index (&s->map->grid, home);
  g_ptr_array_set_size (s->reinforcements, 0);
  for (guint i = s->deployment->len; i-- > 0;)
    {
      GbacwPlacement *q = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, q->unit);
      if (g_strcmp0 (u->side, "confederate") != 0)
        continue;
      if (p == NULL && u->type == GBACW_UNIT_INFANTRY)
        {
          p = q;
          p->hex = home_hex;
        }
      else
        gbacw_placement_free (g_ptr_array_steal_index (s->deployment, i));
    }
  g_assert_nonnull (p);
  s->map->terrain[home_hex] = G_GUINT64_CONSTANT (1) << gbacw_catalogue_find_hex_terrain (&s->catalogue, "clear");
  for (int d = 0; d < 6; d++)
    s->map->hexside_features[gbacw_hex_grid_hexside (&s->map->grid, home, d)] = 1u << river;

  gbacw_checker_run (checker, s);
  g_assert_cmpuint (count_check (checker, "reach.objective"), ==, 5);
  for (int i = 0; i < 40; i++)
    {
      g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
      GbacwHex h = { g_rand_int_range (rand, 0, 40), g_rand_int_range (rand, 0, 30) };
      int hex;
      if (i % 4 == 3)
        h = gbacw_hex_grid_neighbour (&s->map->grid, home, g_rand_int_range (rand, 0, 6));
      hex = gbacw_hex_grid_index (&s->map->grid, h);
      g_array_append_val (hexes, hex);
      apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_paint_terrain (
                                     s, hexes, G_GUINT64_CONSTANT (1) << woods, g_rand_boolean (rand), 0)));
    }
  /* a ford through the fence: every objective can be reached again */
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                 s, gbacw_hex_grid_hexside (&s->map->grid, home, 1),
                                 gbacw_catalogue_find_hexside_type (&s->catalogue, "ford"), TRUE, -1, 0)));
  g_assert_cmpuint (count_check (checker, "reach.objective"), ==, 0);
  /* and closed again */
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (
                                 s, gbacw_hex_grid_hexside (&s->map->grid, home, 1),
                                 gbacw_catalogue_find_hexside_type (&s->catalogue, "ford"), FALSE, -1, 0)));
  g_assert_cmpuint (count_check (checker, "reach.objective"), ==, 5);
}

/* Stand-in terrain (Fill Stand-ins) on hexes not painted: a warning for each, as the full check
 * finds; painting one takes its warning away; Clear Stand-ins gives back the hex not painted. */
static void
test_incremental_stand_in_terrain (void)
{
  g_autoptr (GbacwScenario) s = load_case ("clean");
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  int a = hex_at (s, "0505"), b = hex_at (s, "0605");

  gbacw_checker_run (checker, s);
  g_array_append_val (hexes, a);
  g_array_append_val (hexes, b);
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, hexes, 0, FALSE, 0)));
  g_assert_cmpuint (count_check (checker, "map.no-terrain"), ==, 2);
  apply_and_check (checker, s, gbacw_stand_ins_fill (s, NULL));
  g_assert_cmpuint (count_check (checker, "map.no-terrain"), ==, 0);
  g_assert_cmpuint (count_check (checker, "map.stand-in-terrain"), ==, 2);
  g_assert_cmpuint (s->map->terrain[a], ==, terrain_bit (s, "clear"));
  g_array_set_size (hexes, 1);
  apply_and_check (checker, s, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, hexes, terrain_bit (s, "clear"), FALSE, 0)));
  g_assert_cmpuint (count_check (checker, "map.stand-in-terrain"), ==, 1);
  apply_and_check (checker, s, gbacw_stand_ins_clear (s, NULL));
  g_assert_cmpuint (count_check (checker, "map.stand-in-terrain"), ==, 0);
  g_assert_cmpuint (count_check (checker, "map.no-terrain"), ==, 1);
  g_assert_cmpuint (s->map->terrain[a], ==, terrain_bit (s, "clear"));
  g_assert_cmpuint (s->map->terrain[b], ==, 0);
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) names = NULL;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules-data/value-parse", test_value_parse);
  g_test_add_func ("/rules-data/move-classes", test_move_classes);
  g_test_add ("/rules-data/cost-terrain", Fixture, NULL, fixture_set_up, test_cost_terrain, fixture_tear_down);
  g_test_add ("/rules-data/cost-roads", Fixture, NULL, fixture_set_up, test_cost_roads, fixture_tear_down);
  g_test_add ("/rules-data/cost-hexsides", Fixture, NULL, fixture_set_up, test_cost_hexsides, fixture_tear_down);
  g_test_add ("/rules-data/cost-unknown", Fixture, NULL, fixture_set_up, test_cost_unknown, fixture_tear_down);
  g_test_add ("/rules-data/stacking", Fixture, NULL, fixture_set_up, test_stacking, fixture_tear_down);

  g_test_add_func ("/rules-check/report", test_report);
  names = case_names ();
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules-check/golden/%s", (char *) g_ptr_array_index (names, i));
      g_test_add_data_func (path, g_ptr_array_index (names, i), test_golden);
    }
  g_test_add_func ("/rules-check/golden-covers-every-check", test_golden_covers_every_check);
  g_test_add_func ("/rules-check/shipped-scenarios", test_shipped_scenarios);
  g_test_add_func ("/rules-check/incremental/map", test_incremental_map);
  g_test_add_func ("/rules-check/incremental/units", test_incremental_units);
  g_test_add_func ("/rules-check/incremental/redan-work", test_incremental_redan_work);
  g_test_add_func ("/rules-check/incremental/generated", test_incremental_generated);
  g_test_add_func ("/rules-check/incremental/unreachable", test_incremental_unreachable);
  g_test_add_func ("/rules-check/incremental/stand-in-terrain", test_incremental_stand_in_terrain);
  return g_test_run ();
}
