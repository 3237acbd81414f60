/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-commands.c: every command type applies, reverts exactly and re-applies;
 * strokes merge; change notifications name what changed; and long random edit
 * sequences undo back to the original file byte for byte. */
#define G_LOG_DOMAIN "test-commands"

#include <glib.h>
#include <string.h>

#include "gbacw-chart-edit.h"
#include "gbacw-collection-edit.h"
#include "gbacw-document.h"
#include "gbacw-map-edit.h"
#include "gbacw-map-region.h"
#include "gbacw-oob-edit.h"
#include "gbacw-scenario-io.h"
#include "gbacw-settings-edit.h"

#define COLS 10
#define ROWS 8

enum { T_CLEAR, T_WOODS, T_TOWN, T_SWAMP, T_ORCHARD };
enum { H_CREST, H_RIVER, H_STREAM, H_FORD, H_WORKS, H_REDAN };
enum { L_ROAD, L_PIKE, L_RAILROAD };

/* ---------------------------------------------------------------- a small scenario */

static void
add_terrain (GbacwScenario *s, const char *id, const char *code, const char *fill, const char *pattern, int height)
{
  GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);
  t->id = g_strdup (id);
  t->code = g_strdup (code);
  t->name = g_strdup_printf ("Terrain %s", id);
  t->fill = g_strdup (fill);
  t->pattern = g_strdup (pattern);
  t->height = height;
  t->rule_case = g_strdup ("9.72");
  g_ptr_array_add (s->catalogue.hex_terrains, t);
}

static void
add_hexside_type (GbacwScenario *s, const char *id, const char *style, GbacwSideMode side, const char *requires)
{
  GbacwHexsideType *t = g_new0 (GbacwHexsideType, 1);
  t->id = g_strdup (id);
  t->name = g_strdup_printf ("Hexside %s", id);
  t->style = g_strdup (style);
  t->side = side;
  t->requires = requires ? g_strsplit (requires, " ", -1) : NULL;
  g_ptr_array_add (s->catalogue.hexside_types, t);
}

static void
add_line_type (GbacwScenario *s, const char *id, const char *colour, const char *style)
{
  GbacwLineType *t = g_new0 (GbacwLineType, 1);
  t->id = g_strdup (id);
  t->name = g_strdup_printf ("Line %s", id);
  t->colour = g_strdup (colour);
  t->width = 0.125;
  t->style = g_strdup (style);
  g_ptr_array_add (s->catalogue.line_types, t);
}

static int
hex_at (const GbacwScenario *s, int col, int row)
{
  GbacwHex h = { col, row };
  int i = gbacw_hex_grid_index (&s->map->grid, h);
  g_assert_cmpint (i, >=, 0);
  return i;
}

static GbacwHexsideId
hexside_at (const GbacwScenario *s, int col, int row, int dir)
{
  GbacwHex h = { col, row };
  GbacwHexsideId id = gbacw_hex_grid_hexside (&s->map->grid, h, dir);
  g_assert_cmpuint (id, !=, GBACW_HEXSIDE_NONE);
  return id;
}

static GbacwHexsideId
hexside_between (const GbacwScenario *s, int c1, int r1, int c2, int r2)
{
  GbacwHex a = { c1, r1 }, b = { c2, r2 };
  int dir = gbacw_hex_grid_direction_to (&s->map->grid, a, b);
  g_assert_cmpint (dir, >=, 0);
  return hexside_at (s, c1, r1, dir);
}

static GbacwChart *
make_terrain_chart (const GbacwScenario *s)
{
  GbacwChart *chart = gbacw_chart_new ("terrain-combat", "Terrain Effects on Combat");
  const char *cols[] = { "charge", "blocks-los", "fire-shift", "melee" };

  chart->rule_case = g_strdup ("9.56");
  chart->source = g_strdup ("test");
  g_ptr_array_add (chart->notes, g_strdup ("Made up for the tests."));
  for (guint i = 0; i < G_N_ELEMENTS (cols); i++)
    g_ptr_array_add (chart->columns, g_strdup (cols[i]));
  for (guint i = 0; i < s->catalogue.hex_terrains->len; i++)
    {
      const GbacwHexTerrain *t = g_ptr_array_index (s->catalogue.hex_terrains, i);
      GbacwChartRow *row = gbacw_chart_add_row (chart, t->id, t->name);
      gbacw_cell_parse (&row->cells[0], i % 2 ? "P" : "yes");
      gbacw_cell_parse (&row->cells[1], i % 2 ? "yes" : "no");
      gbacw_cell_parse (&row->cells[2], i == 1 ? "[1L]" : "—");
      gbacw_cell_parse (&row->cells[3], i == 2 ? "{-1 SP}" : "?");
    }
  return chart;
}

static GbacwChart *
make_density_chart (void)
{
  GbacwChart *chart = gbacw_chart_new ("density", "Density");
  const char *rows[] = { "1-2", "3-6", "7-9", "10+" };
  const char *values[] = { "1L", "—", "1R", "2R" };

  chart->rule_case = g_strdup ("8.35");
  g_ptr_array_add (chart->columns, g_strdup ("shift"));
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    gbacw_cell_parse (&gbacw_chart_add_row (chart, rows[i], NULL)->cells[0], values[i]);
  return chart;
}

static GbacwUnit *
add_unit (GbacwScenario *s, const char *id, const char *side, const char *formation, GbacwUnitType type,
          const char *designation)
{
  GbacwUnit *u = gbacw_unit_new (id, side, type);
  u->formation = g_strdup (formation);
  u->designation = g_strdup (designation);
  switch (type)
    {
    case GBACW_UNIT_INFANTRY:
      u->strength = 5;
      u->morale = 3;
      u->weapon = g_strdup ("R");
      break;
    case GBACW_UNIT_CAVALRY:
      u->strength = 3;
      u->morale = 3;
      u->dismounted_morale = 2;
      u->weapon = g_strdup ("C");
      break;
    case GBACW_UNIT_ARTILLERY:
      u->guns = 6;
      u->rounds = 12;
      u->crew = GBACW_CREW_FULL;
      u->weapon = g_strdup ("N");
      break;
    case GBACW_UNIT_WAGON:
      u->small_arms_boxes = 4;
      u->artillery_boxes = 4;
      u->crew_strength = 1;
      break;
    case GBACW_UNIT_LEADER:
      u->role = GBACW_LEADER_BRIGADE;
      u->rank = g_strdup ("brigadier-general");
      u->er = 2;
      u->rally = 1;
      u->dir = 3;
      u->cp = 1;
      break;
    default:
      break;
    }
  g_ptr_array_add (s->oob.units, u);
  return u;
}

static GbacwFormation *
add_formation (GbacwScenario *s, const char *id, const char *side, const char *parent, GbacwFormationKind kind,
               const char *commander)
{
  GbacwFormation *f = gbacw_formation_new (id, side, kind);
  f->parent = g_strdup (parent);
  f->name = g_strdup_printf ("Formation %s", id);
  f->commander = g_strdup (commander);
  g_ptr_array_add (s->oob.formations, f);
  return f;
}

static void
add_placement (GbacwScenario *s, const char *unit, int hex, GbacwFormationState state, int facing)
{
  GbacwPlacement *p = gbacw_placement_new (unit, hex);
  p->formation = state;
  p->facing = facing;
  g_ptr_array_add (s->deployment, p);
}

/* 10 x 8 hexes: clear with a column of woods at col 4, a town, three elevation
 * levels, a river with a ford, works, a road; two sides with a few units. */
static GbacwScenario *
build_scenario (void)
{
  GbacwHexGrid grid;
  GbacwScenario *s;
  GbacwMap *map;

  gbacw_hex_grid_init_default (&grid, COLS, ROWS);
  s = gbacw_scenario_new (&grid);
  map = s->map;

  s->info.title = g_strdup ("Test battle");
  s->info.game = g_strdup ("Tests");
  s->info.description = g_strdup ("A small scenario built by test-commands.");

  add_terrain (s, "clear", ".", "#e9e3c4", "none", 0);
  add_terrain (s, "woods", "w", "#7da05a", "trees", 20);
  add_terrain (s, "town", "t", "#c0a080", "town", 10);
  add_terrain (s, "swamp", "s", "#a0c0b0", "swamp", GBACW_UNSET);
  add_terrain (s, "orchard", "o", "#b0d080", "orchard", 10);
  add_hexside_type (s, "crest", "crest", GBACW_SIDE_MODE_ELEVATION, NULL);
  add_hexside_type (s, "river", "river", GBACW_SIDE_MODE_NONE, NULL);
  add_hexside_type (s, "stream", "stream", GBACW_SIDE_MODE_NONE, NULL);
  add_hexside_type (s, "ford", "ford", GBACW_SIDE_MODE_NONE, "river stream");
  add_hexside_type (s, "works", "works", GBACW_SIDE_MODE_INSIDE, NULL);
  add_hexside_type (s, "redan", "redan", GBACW_SIDE_MODE_INSIDE, NULL);
  add_line_type (s, "road", "#8a5a2b", "solid");
  add_line_type (s, "pike", "#6a3a1b", "double");
  add_line_type (s, "railroad", "#303030", "railroad");

  g_ptr_array_add (s->charts, make_terrain_chart (s));
  g_ptr_array_add (s->charts, make_density_chart ());

  for (int v = 0; v <= 40; v += 20)
    g_array_append_val (map->levels, v);
  for (int row = 0; row < ROWS; row++)
    for (int col = 0; col < COLS; col++)
      {
        int h = hex_at (s, col, row);
        map->terrain[h] = col == 4 ? 1u << T_WOODS : 1u << T_CLEAR;
        map->elevation[h] = col < 4 ? 0 : col < 7 ? 1 : 2;
      }
  map->terrain[hex_at (s, 2, 2)] = (1u << T_CLEAR) | (1u << T_TOWN);
  map->terrain[hex_at (s, 3, 2)] = 1u << T_TOWN;
  map->terrain[hex_at (s, 8, 6)] = (1u << T_SWAMP) | (1u << T_ORCHARD);
  map->terrain[hex_at (s, 9, 7)] = 0;  /* not painted yet */

  for (int row = 0; row < 4; row++)
    map->hexside_features[hexside_at (s, 1, row, 2)] |= 1u << H_RIVER;
  map->hexside_features[hexside_at (s, 1, 2, 2)] |= 1u << H_FORD;
  {
    GbacwHexsideId works = hexside_at (s, 5, 5, 0);
    map->hexside_features[works] = 1u << H_WORKS;
    map->hexside_inside[works] = 1u << H_WORKS;
    g_hash_table_insert (map->hexside_names, GUINT_TO_POINTER (works), g_strdup ("Fort Robinett"));
  }
  for (int col = 0; col + 1 < COLS; col++)
    map->hexside_lines[hexside_between (s, col, 3, col + 1, 3)] |= 1u << L_ROAD;

  {
    GbacwArea *town = gbacw_area_new ("town", GBACW_AREA_TOWN, "Smalltown");
    int h1 = hex_at (s, 2, 2), h2 = hex_at (s, 3, 2);
    g_array_append_val (town->hexes, h1);
    g_array_append_val (town->hexes, h2);
    gbacw_area_sort (town);
    g_ptr_array_add (map->areas, town);

    GbacwArea *obj = gbacw_area_new ("obj", GBACW_AREA_OBJECTIVE, "Smalltown church");
    obj->side = g_strdup ("union");
    obj->vp = 5;
    g_array_append_val (obj->hexes, h2);
    g_ptr_array_add (map->areas, obj);

    GbacwLabel *label = g_new0 (GbacwLabel, 1);
    label->hex = hex_at (s, 4, 4);
    label->dy = 0.25;
    label->size = 1.0;
    label->text = g_strdup ("Mill Creek");
    g_ptr_array_add (map->labels, label);
  }
  map->background.file = g_strdup ("scan.png");
  map->background.opacity = 0.25;
  map->background.transform[0] = 2.0;
  map->background.transform[3] = 2.0;
  map->background.transform[4] = 10.0;

  GbacwSide *union_side = gbacw_side_new ("union", "Union");
  union_side->colour = g_strdup ("#2c4a8c");
  g_ptr_array_add (s->oob.sides, union_side);
  GbacwSide *conf_side = gbacw_side_new ("confederate", "Confederate");
  conf_side->colour = g_strdup ("#8c8c8c");
  g_ptr_array_add (s->oob.sides, conf_side);

  add_formation (s, "u-div", "union", NULL, GBACW_FORMATION_DIVISION, "u-lead");
  GbacwFormation *ub = add_formation (s, "u-brig", "union", "u-div", GBACW_FORMATION_BRIGADE, NULL);
  ub->bce[0] = 6;
  ub->bce[1] = 4;
  ub->bce_vp = 2;
  add_formation (s, "c-brig", "confederate", NULL, GBACW_FORMATION_BRIGADE, "c-lead");

  add_unit (s, "u-lead", "union", "u-div", GBACW_UNIT_LEADER, "Sigel");
  add_unit (s, "u-8ny", "union", "u-brig", GBACW_UNIT_INFANTRY, "8 NY");
  add_unit (s, "u-9ny", "union", "u-brig", GBACW_UNIT_INFANTRY, "9 NY");
  add_unit (s, "u-bat", "union", "u-brig", GBACW_UNIT_ARTILLERY, "Dilger");
  add_unit (s, "u-cav", "union", "u-brig", GBACW_UNIT_CAVALRY, "1 NJ Cav");
  add_unit (s, "c-lead", "confederate", "c-brig", GBACW_UNIT_LEADER, "Taylor");
  add_unit (s, "c-6la", "confederate", "c-brig", GBACW_UNIT_INFANTRY, "6 LA");
  add_unit (s, "c-7la", "confederate", "c-brig", GBACW_UNIT_INFANTRY, "7 LA");
  add_unit (s, "c-wag", "confederate", "c-brig", GBACW_UNIT_WAGON, "Supply");
  gbacw_oob_reindex (&s->oob);

  s->turns.first = 1;
  s->turns.last = 6;
  s->turns.first_player = g_strdup ("confederate");
  for (int n = 1; n <= 6; n++)
    {
      GbacwTurn *t = g_new0 (GbacwTurn, 1);
      t->n = n;
      t->time = g_strdup_printf ("%02d:%02d", 7 + n / 2, n % 2 ? 30 : 0);
      t->night = n == 6;
      t->first_player = n == 5 ? g_strdup ("union") : NULL;
      g_ptr_array_add (s->turns.turns, t);
    }

  add_placement (s, "u-lead", hex_at (s, 1, 1), GBACW_FORMATION_STATE_UNSET, -1);
  add_placement (s, "u-8ny", hex_at (s, 1, 1), GBACW_FORMATION_STATE_LINE, 0);
  add_placement (s, "u-bat", hex_at (s, 2, 1), GBACW_FORMATION_STATE_UNLIMBERED, 1);
  add_placement (s, "c-lead", hex_at (s, 7, 5), GBACW_FORMATION_STATE_UNSET, -1);
  add_placement (s, "c-6la", hex_at (s, 7, 6), GBACW_FORMATION_STATE_COLUMN, 3);

  GbacwReinforcement *r = gbacw_reinforcement_new ("r1", 3);
  int entry = hex_at (s, 9, 0);
  g_array_append_val (r->entry_hexes, entry);
  r->formation = GBACW_FORMATION_STATE_COLUMN;
  g_ptr_array_add (r->units, g_strdup ("c-7la"));
  g_ptr_array_add (r->units, g_strdup ("c-wag"));
  g_ptr_array_add (s->reinforcements, r);

  GbacwVpAward *award = g_new0 (GbacwVpAward, 1);
  award->id = g_strdup ("v1");
  award->side = g_strdup ("union");
  award->event = GBACW_VP_OBJECTIVE;
  award->area = g_strdup ("obj");
  award->vp = 5;
  g_ptr_array_add (s->vp_awards, award);
  award = g_new0 (GbacwVpAward, 1);
  award->id = g_strdup ("v2");
  award->side = g_strdup ("both");
  award->event = GBACW_VP_ENEMY_SP_LOST;
  award->vp = 1;
  g_ptr_array_add (s->vp_awards, award);

  GbacwVictoryLevel *level = g_new0 (GbacwVictoryLevel, 1);
  level->name = g_strdup ("Union victory");
  level->side = g_strdup ("union");
  level->min = 10;
  g_ptr_array_add (s->victory_levels, level);

  GbacwAutomaticVictory *automatic = g_new0 (GbacwAutomaticVictory, 1);
  automatic->side = g_strdup ("confederate");
  automatic->area = g_strdup ("obj");
  automatic->turn = 4;
  automatic->text = g_strdup ("Confederates hold the church.");
  g_ptr_array_add (s->automatic_victories, automatic);

  g_ptr_array_add (s->options, gbacw_param_new ("los-along-hexside", "both-block"));
  g_ptr_array_add (s->options, gbacw_param_new ("command-5.2", "new"));
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  rule->id = g_strdup ("night");
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (rule->params, gbacw_param_new ("turns", "6"));
  g_ptr_array_add (s->exclusive_rules, rule);

  return s;
}

/* ---------------------------------------------------------------- helpers */

static char *
scenario_text (const GbacwScenario *s)
{
  g_autoptr (GBytes) bytes = gbacw_scenario_save_to_bytes (s);
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  return g_strndup (data, len);
}

#define assert_text(s, expected) G_STMT_START {               \
    g_autofree char *text_ = scenario_text (s);               \
    g_assert_cmpstr (text_, ==, (expected));                  \
  } G_STMT_END

#define assert_text_differs(s, other) G_STMT_START {          \
    g_autofree char *text_ = scenario_text (s);               \
    g_assert_cmpstr (text_, !=, (other));                     \
  } G_STMT_END

static gboolean
array_has_int (GArray *a, int v)
{
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, int, i) == v)
      return TRUE;
  return FALSE;
}

static gboolean
array_has_u32 (GArray *a, guint32 v)
{
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, guint32, i) == v)
      return TRUE;
  return FALSE;
}

static GArray *
hex_list (int first, ...)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (int));
  va_list ap;

  va_start (ap, first);
  for (int h = first; h >= 0; h = va_arg (ap, int))
    g_array_append_val (a, h);
  va_end (ap);
  return a;
}

/* Ids of the terrains of a hex, "clear+town": what the mask means, whatever the bit order. */
static char *
terrain_names (const GbacwScenario *s, int hex)
{
  GString *str = g_string_new (NULL);
  for (guint i = 0; i < s->catalogue.hex_terrains->len; i++)
    if (s->map->terrain[hex] & (G_GUINT64_CONSTANT (1) << i))
      {
        if (str->len)
          g_string_append_c (str, '+');
        g_string_append (str, ((GbacwHexTerrain *) g_ptr_array_index (s->catalogue.hex_terrains, i))->id);
      }
  return g_string_free (str, FALSE);
}

static char *
hexside_names_of (const GbacwScenario *s, GbacwHexsideId id)
{
  GString *str = g_string_new (NULL);
  for (guint i = 0; i < s->catalogue.hexside_types->len; i++)
    if (s->map->hexside_features[id] & (1u << i))
      g_string_append_printf (str, "%s%s%s ",
                              ((GbacwHexsideType *) g_ptr_array_index (s->catalogue.hexside_types, i))->id,
                              s->map->hexside_inside[id] & (1u << i) ? ":b" : "",
                              "");
  g_string_append (str, "/ ");
  for (guint i = 0; i < s->catalogue.line_types->len; i++)
    if (s->map->hexside_lines[id] & (1u << i))
      g_string_append_printf (str, "%s ", ((GbacwLineType *) g_ptr_array_index (s->catalogue.line_types, i))->id);
  return g_string_free (str, FALSE);
}

/* The whole map as terrain / hexside names, independent of catalogue order. */
static char *
map_meaning (const GbacwScenario *s)
{
  GString *str = g_string_new (NULL);
  int n = gbacw_hex_grid_n_hexes (&s->map->grid);
  guint n_ids = gbacw_hex_grid_n_hexside_ids (&s->map->grid);

  for (int h = 0; h < n; h++)
    {
      g_autofree char *t = terrain_names (s, h);
      g_string_append_printf (str, "%d:%s\n", h, t);
    }
  for (guint id = 0; id < n_ids; id++)
    if (s->map->hexside_features[id] || s->map->hexside_lines[id] || s->map->hexside_inside[id])
      {
        g_autofree char *t = hexside_names_of (s, id);
        g_string_append_printf (str, "side %u:%s\n", id, t);
      }
  return g_string_free (str, FALSE);
}

static void
on_changed_copy (GbacwDocument *doc, GbacwChange *change, GbacwChange **out)
{
  g_clear_pointer (out, gbacw_change_free);
  *out = gbacw_change_copy (change);
}

/* ---------------------------------------------------------------- change */

static void
test_change (void)
{
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  g_autoptr (GbacwChange) other = gbacw_change_new ();

  g_assert_true (gbacw_change_is_empty (change));
  change->flags |= GBACW_CHANGE_TERRAIN;
  gbacw_change_add_hex (change, 3);
  gbacw_change_add_hex (change, 3);
  gbacw_change_add_hexside (change, 17);
  gbacw_change_add_unit (change, "u-8ny");
  other->flags = GBACW_CHANGE_OOB;
  gbacw_change_add_unit (other, "c-6la");
  gbacw_change_merge (change, other);

  g_autoptr (GbacwChange) copy = g_boxed_copy (GBACW_TYPE_CHANGE, change);
  g_assert_cmpuint (copy->flags, ==, GBACW_CHANGE_TERRAIN | GBACW_CHANGE_OOB);
  g_assert_cmpuint (copy->hexes->len, ==, 2);
  g_assert_true (array_has_u32 (copy->hexsides, 17));
  g_assert_true (gbacw_change_has_unit (copy, "u-8ny"));
  g_assert_true (gbacw_change_has_unit (copy, "c-6la"));
  g_assert_false (gbacw_change_is_empty (copy));
}

/* ---------------------------------------------------------------- map edits */

static void
test_map_edit_cells (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  g_autoptr (GbacwMapEdit) edit = gbacw_map_edit_new ("Test", 0);
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  int a = hex_at (s, 0, 0), b = hex_at (s, 5, 5);
  GbacwHexsideId hs = hexside_at (s, 3, 3, 1), hs2 = hexside_at (s, 6, 1, 3);

  gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, a, 1u << T_WOODS);
  gbacw_map_edit_set (edit, GBACW_LAYER_ELEVATION, b, 2);
  gbacw_map_edit_set (edit, GBACW_LAYER_HEXSIDE_FEATURES, hs, 1u << H_STREAM);
  gbacw_map_edit_set (edit, GBACW_LAYER_HEXSIDE_LINES, hs2, 1u << L_RAILROAD);
  gbacw_map_edit_set_hexside_name (edit, hs, "Mill run");
  /* setting a cell twice keeps the last value */
  gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, a, 1u << T_ORCHARD);
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (edit), ==, 5);
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (edit)), ==, "Test");

  gbacw_command_apply (GBACW_COMMAND (edit), s, change);
  g_assert_cmpuint (s->map->terrain[a], ==, 1u << T_ORCHARD);
  g_assert_cmpint (s->map->elevation[b], ==, 2);
  g_assert_cmpuint (s->map->hexside_features[hs], ==, 1u << H_STREAM);
  g_assert_cmpuint (s->map->hexside_lines[hs2], ==, (1u << L_RAILROAD));
  g_assert_cmpstr (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (hs)), ==, "Mill run");
  g_assert_cmpuint (change->flags, ==,
                    GBACW_CHANGE_TERRAIN | GBACW_CHANGE_ELEVATION | GBACW_CHANGE_HEXSIDES | GBACW_CHANGE_LINES);
  g_assert_true (array_has_int (change->hexes, a));
  g_assert_true (array_has_int (change->hexes, b));
  g_assert_cmpuint (change->hexes->len, ==, 2);
  g_assert_true (array_has_u32 (change->hexsides, hs));
  g_assert_true (array_has_u32 (change->hexsides, hs2));
  g_autofree char *after = scenario_text (s);
  g_assert_cmpstr (after, !=, before);

  g_clear_pointer (&change, gbacw_change_free);
  change = gbacw_change_new ();
  gbacw_command_revert (GBACW_COMMAND (edit), s, change);
  g_assert_cmpuint (s->map->terrain[a], ==, 1u << T_CLEAR);
  g_assert_cmpint (s->map->elevation[b], ==, 1);
  g_assert_cmpuint (s->map->hexside_features[hs], ==, 0);
  g_assert_null (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (hs)));
  g_assert_true (array_has_int (change->hexes, a));
  g_assert_true (array_has_u32 (change->hexsides, hs2));
  assert_text (s, before);

  gbacw_command_apply (GBACW_COMMAND (edit), s, NULL);
  assert_text (s, after);
  gbacw_command_revert (GBACW_COMMAND (edit), s, NULL);
  assert_text (s, before);
}

/* 100 paint steps of one stroke are one undo step; another stroke is another. */
static void
test_map_edit_stroke_merge (void)
{
  g_autoptr (GbacwDocument) doc = gbacw_document_new (build_scenario ());
  GbacwScenario *s = gbacw_document_get_scenario (doc);
  GbacwHistory *history = gbacw_document_get_history (doc);
  g_autofree char *before = scenario_text (s);
  GbacwChange *last = NULL;
  guint key = 4711;

  g_signal_connect (doc, "changed", G_CALLBACK (on_changed_copy), &last);
  for (int i = 0; i < 100; i++)
    {
      g_autoptr (GArray) hexes = hex_list (i % (COLS * ROWS), (i * 7) % (COLS * ROWS), -1);
      gbacw_document_execute (doc, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, hexes, 1u << T_SWAMP, TRUE, key)));
      g_assert_nonnull (last);
      g_assert_true (array_has_int (last->hexes, i % (COLS * ROWS)));
      g_assert_cmpuint (last->flags, ==, GBACW_CHANGE_TERRAIN);
    }
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_cmpstr (gbacw_history_get_undo_label (history), ==, "Paint terrain");
  for (int h = 0; h < COLS * ROWS; h++)
    g_assert_true (s->map->terrain[h] & (1u << T_SWAMP));
  g_autofree char *after = scenario_text (s);

  /* a second stroke is a second step */
  g_autoptr (GArray) one = hex_list (0, -1);
  gbacw_document_execute (doc, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, one, 0, FALSE, key + 1)));
  gbacw_document_execute (doc, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, one, 1u << T_TOWN, FALSE, key + 1)));
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 2);
  g_assert_cmpuint (s->map->terrain[0], ==, 1u << T_TOWN);
  /* merge key 0 never merges */
  gbacw_document_execute (doc, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, one, 1u << T_CLEAR, TRUE, 0)));
  gbacw_document_execute (doc, GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, one, 1u << T_WOODS, TRUE, 0)));
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 4);

  g_assert_true (gbacw_document_undo (doc));
  g_assert_true (gbacw_document_undo (doc));
  g_assert_true (gbacw_document_undo (doc));
  assert_text (s, after);
  g_assert_true (gbacw_document_undo (doc));
  assert_text (s, before);
  /* the undo names every hex of the stroke */
  for (int h = 0; h < COLS * ROWS; h++)
    g_assert_true (array_has_int (last->hexes, h));
  g_assert_false (gbacw_document_undo (doc));

  g_assert_true (gbacw_document_redo (doc));
  assert_text (s, after);
  g_clear_pointer (&last, gbacw_change_free);
}

static void
test_map_edit_paint_terrain (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  int woods = hex_at (s, 4, 1), clear = hex_at (s, 0, 1);
  g_autoptr (GArray) hexes = hex_list (woods, clear, -1);

  g_autoptr (GbacwMapEdit) add = gbacw_map_edit_paint_terrain (s, hexes, 1u << T_TOWN, TRUE, 0);
  gbacw_command_apply (GBACW_COMMAND (add), s, NULL);
  g_assert_cmpuint (s->map->terrain[woods], ==, (1u << T_WOODS) | (1u << T_TOWN));
  g_assert_cmpuint (s->map->terrain[clear], ==, (1u << T_CLEAR) | (1u << T_TOWN));
  gbacw_command_revert (GBACW_COMMAND (add), s, NULL);
  assert_text (s, before);

  g_autoptr (GbacwMapEdit) replace = gbacw_map_edit_paint_terrain (s, hexes, 1u << T_SWAMP, FALSE, 0);
  gbacw_command_apply (GBACW_COMMAND (replace), s, NULL);
  g_assert_cmpuint (s->map->terrain[woods], ==, 1u << T_SWAMP);
  g_assert_cmpuint (s->map->terrain[clear], ==, 1u << T_SWAMP);
  gbacw_command_revert (GBACW_COMMAND (replace), s, NULL);
  assert_text (s, before);

  g_autoptr (GbacwMapEdit) erase = gbacw_map_edit_paint_terrain (s, hexes, 0, FALSE, 0);
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (erase)), ==, "Erase terrain");
  gbacw_command_apply (GBACW_COMMAND (erase), s, NULL);
  g_assert_cmpuint (s->map->terrain[woods], ==, 0);
  gbacw_command_revert (GBACW_COMMAND (erase), s, NULL);
  assert_text (s, before);
  gbacw_command_apply (GBACW_COMMAND (erase), s, NULL);
  g_assert_cmpuint (s->map->terrain[clear], ==, 0);
}

static void
test_map_edit_set_elevation (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  int h1 = hex_at (s, 0, 0), h2 = hex_at (s, 8, 7);
  g_autoptr (GArray) hexes = hex_list (h1, h2, -1);
  g_autoptr (GbacwMapEdit) edit = gbacw_map_edit_set_elevation (s, hexes, 3, 0);
  g_autoptr (GbacwChange) change = gbacw_change_new ();

  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (edit)), ==, "Set elevation");
  gbacw_command_apply (GBACW_COMMAND (edit), s, change);
  g_assert_cmpint (s->map->elevation[h1], ==, 3);
  g_assert_cmpint (s->map->elevation[h2], ==, 3);
  g_assert_cmpuint (change->flags, ==, GBACW_CHANGE_ELEVATION);
  g_assert_true (array_has_int (change->hexes, h1));
  g_assert_true (array_has_int (change->hexes, h2));
  gbacw_command_revert (GBACW_COMMAND (edit), s, NULL);
  g_assert_cmpint (s->map->elevation[h1], ==, 0);
  g_assert_cmpint (s->map->elevation[h2], ==, 2);
  assert_text (s, before);
  gbacw_command_apply (GBACW_COMMAND (edit), s, NULL);
  g_assert_cmpint (s->map->elevation[h2], ==, 3);
}

static void
test_map_edit_hexside_feature (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  GbacwHexsideId river = hexside_at (s, 1, 0, 2);
  GbacwHexsideId works = hexside_at (s, 5, 5, 0);
  GbacwHexsideId empty = hexside_at (s, 6, 2, 1);
  GbacwHex a, b;

  /* a plain feature on top of what is there */
  g_autoptr (GbacwMapEdit) on = gbacw_map_edit_set_hexside_feature (s, river, H_STREAM, TRUE, -1, 0);
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  gbacw_command_apply (GBACW_COMMAND (on), s, change);
  g_assert_cmpuint (s->map->hexside_features[river], ==, (1u << H_RIVER) | (1u << H_STREAM));
  g_assert_cmpuint (change->flags, ==, GBACW_CHANGE_HEXSIDES);
  g_assert_true (array_has_u32 (change->hexsides, river));
  gbacw_command_revert (GBACW_COMMAND (on), s, NULL);
  assert_text (s, before);

  /* an inside feature records the inside hex */
  gbacw_hex_grid_hexside_hexes (&s->map->grid, empty, &a, NULL, &b);
  g_autoptr (GbacwMapEdit) redan_b = gbacw_map_edit_set_hexside_feature (s, empty, H_REDAN, TRUE,
                                                                          gbacw_hex_grid_index (&s->map->grid, b), 0);
  gbacw_command_apply (GBACW_COMMAND (redan_b), s, NULL);
  g_assert_cmpuint (s->map->hexside_features[empty], ==, 1u << H_REDAN);
  g_assert_cmpuint (s->map->hexside_inside[empty], ==, 1u << H_REDAN);
  g_autoptr (GbacwMapEdit) redan_a = gbacw_map_edit_set_hexside_feature (s, empty, H_REDAN, TRUE,
                                                                          gbacw_hex_grid_index (&s->map->grid, a), 0);
  gbacw_command_apply (GBACW_COMMAND (redan_a), s, NULL);
  g_assert_cmpuint (s->map->hexside_inside[empty], ==, 0);
  gbacw_command_revert (GBACW_COMMAND (redan_a), s, NULL);
  g_assert_cmpuint (s->map->hexside_inside[empty], ==, 1u << H_REDAN);
  gbacw_command_revert (GBACW_COMMAND (redan_b), s, NULL);
  assert_text (s, before);

  /* removing the last feature drops the inside bit and the name too */
  g_autoptr (GbacwMapEdit) off = gbacw_map_edit_set_hexside_feature (s, works, H_WORKS, FALSE, -1, 0);
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (off)), ==, "Remove hexside feature");
  gbacw_command_apply (GBACW_COMMAND (off), s, NULL);
  g_assert_cmpuint (s->map->hexside_features[works], ==, 0);
  g_assert_cmpuint (s->map->hexside_inside[works], ==, 0);
  g_assert_false (g_hash_table_contains (s->map->hexside_names, GUINT_TO_POINTER (works)));
  gbacw_command_revert (GBACW_COMMAND (off), s, NULL);
  g_assert_cmpstr (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (works)), ==, "Fort Robinett");
  assert_text (s, before);
  gbacw_command_apply (GBACW_COMMAND (off), s, NULL);
  g_assert_cmpuint (s->map->hexside_features[works], ==, 0);
}

/* Naming a hexside: apply, revert to the same bytes, apply again. */
static void
test_map_edit_name_hexside (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  g_autofree char *named = NULL;
  GbacwHexsideId works = hexside_at (s, 5, 5, 0);
  GbacwHexsideId plain = hexside_at (s, 6, 2, 1);
  g_autoptr (GbacwChange) change = gbacw_change_new ();

  /* a new name on a hexside without a feature; blanks around it go */
  g_autoptr (GbacwMapEdit) name = gbacw_map_edit_name_hexside (s, plain, "  Sunken lane ");
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (name)), ==, "Name hexside");
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (name), ==, 1);
  gbacw_command_apply (GBACW_COMMAND (name), s, change);
  g_assert_cmpstr (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (plain)), ==, "Sunken lane");
  g_assert_cmpuint (change->flags, ==, GBACW_CHANGE_HEXSIDES);
  g_assert_true (array_has_u32 (change->hexsides, plain));
  named = scenario_text (s);
  g_assert_nonnull (strstr (named, "Sunken lane"));
  gbacw_command_revert (GBACW_COMMAND (name), s, NULL);
  assert_text (s, before);
  gbacw_command_apply (GBACW_COMMAND (name), s, NULL);
  assert_text (s, named);
  gbacw_command_revert (GBACW_COMMAND (name), s, NULL);

  /* renaming, and removing with "" or blanks */
  g_autoptr (GbacwMapEdit) rename = gbacw_map_edit_name_hexside (s, works, "Battery Robinett");
  gbacw_command_apply (GBACW_COMMAND (rename), s, NULL);
  g_assert_cmpstr (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (works)), ==, "Battery Robinett");
  gbacw_command_revert (GBACW_COMMAND (rename), s, NULL);
  assert_text (s, before);
  g_autoptr (GbacwMapEdit) unname = gbacw_map_edit_name_hexside (s, works, " ");
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (unname)), ==, "Remove hexside name");
  gbacw_command_apply (GBACW_COMMAND (unname), s, NULL);
  g_assert_false (g_hash_table_contains (s->map->hexside_names, GUINT_TO_POINTER (works)));
  g_assert_cmpuint (s->map->hexside_features[works], ==, 1u << H_WORKS);
  gbacw_command_revert (GBACW_COMMAND (unname), s, NULL);
  assert_text (s, before);

  /* the name it has already, or no name where there is none: no change */
  g_autoptr (GbacwMapEdit) same = gbacw_map_edit_name_hexside (s, works, "Fort Robinett");
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (same), ==, 0);
  g_autoptr (GbacwMapEdit) none = gbacw_map_edit_name_hexside (s, plain, NULL);
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (none), ==, 0);
}

/* Renaming and removing named areas; an area the victory conditions name stays. */
static void
test_map_edit_areas (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  g_autofree char *renamed = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  GbacwCommand *command;

  command = gbacw_map_edit_rename_area (s, "town", " Bigtown ", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (gbacw_command_get_label (command), ==, "Rename area");
  gbacw_command_apply (command, s, change);
  g_assert_cmpstr (gbacw_map_find_area (s->map, "town")->name, ==, "Bigtown");
  g_assert_cmpuint (gbacw_map_find_area (s->map, "town")->hexes->len, ==, 2);
  g_assert_true (change->flags & GBACW_CHANGE_AREAS);
  renamed = scenario_text (s);
  gbacw_command_revert (command, s, NULL);
  assert_text (s, before);
  gbacw_command_apply (command, s, NULL);
  assert_text (s, renamed);
  gbacw_command_revert (command, s, NULL);
  g_object_unref (command);

  g_assert_null (gbacw_map_edit_rename_area (s, "town", "", &error));
  g_assert_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (gbacw_map_edit_rename_area (s, "town", "Big\001town", &error));
  g_assert_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (gbacw_map_edit_rename_area (s, "nowhere", "X", &error));
  g_assert_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* "obj" is counted by the award v1 and an automatic victory */
  g_assert_null (gbacw_map_edit_remove_area (s, "obj", &error));
  g_assert_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  g_assert_nonnull (strstr (error->message, "Smalltown church"));
  g_clear_error (&error);
  /* with the automatic victory gone, the award alone: named in the message */
  g_ptr_array_remove_index (s->automatic_victories, 0);
  g_assert_null (gbacw_map_edit_remove_area (s, "obj", &error));
  g_assert_nonnull (strstr (error->message, "“v1”"));
  g_clear_error (&error);

  /* the town goes, and comes back as it was */
  g_free (before);
  before = scenario_text (s);
  command = gbacw_map_edit_remove_area (s, "town", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (gbacw_command_get_label (command), ==, "Delete area");
  gbacw_command_apply (command, s, NULL);
  g_assert_null (gbacw_map_find_area (s->map, "town"));
  g_assert_cmpuint (s->map->areas->len, ==, 1);
  gbacw_command_revert (command, s, NULL);
  assert_text (s, before);
  gbacw_command_apply (command, s, NULL);
  g_assert_null (gbacw_map_find_area (s->map, "town"));
  g_object_unref (command);
}

static void
test_map_edit_set_line (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  GbacwHex a = { 2, 5 }, b = { 2, 6 }, c = { 3, 3 }, d = { 4, 3 };
  GbacwHexsideId ab = hexside_between (s, 2, 5, 2, 6), cd = hexside_between (s, 3, 3, 4, 3);
  g_autoptr (GbacwChange) change = gbacw_change_new ();

  g_autoptr (GbacwMapEdit) on = gbacw_map_edit_set_line (s, a, b, L_PIKE, TRUE, 0);
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (on)), ==, "Draw line");
  gbacw_command_apply (GBACW_COMMAND (on), s, change);
  g_assert_cmpuint (s->map->hexside_lines[ab], ==, 1u << L_PIKE);
  g_assert_cmpuint (change->flags, ==, GBACW_CHANGE_LINES);
  g_assert_true (array_has_u32 (change->hexsides, ab));
  gbacw_command_revert (GBACW_COMMAND (on), s, NULL);
  assert_text (s, before);

  /* from either end */
  g_autoptr (GbacwMapEdit) off = gbacw_map_edit_set_line (s, d, c, L_ROAD, FALSE, 0);
  gbacw_command_apply (GBACW_COMMAND (off), s, NULL);
  g_assert_cmpuint (s->map->hexside_lines[cd], ==, 0);
  gbacw_command_revert (GBACW_COMMAND (off), s, NULL);
  g_assert_cmpuint (s->map->hexside_lines[cd], ==, 1u << L_ROAD);
  assert_text (s, before);
}

/* A drag of the line tool: one edit along a path of neighbours, only what changes. */
static void
test_map_edit_draw_line (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  g_autoptr (GArray) path = hex_list (hex_at (s, 2, 5), hex_at (s, 2, 6), hex_at (s, 3, 6), -1);
  g_autoptr (GArray) laid = hex_list (hex_at (s, 3, 3), hex_at (s, 4, 3), -1);
  g_autoptr (GArray) jump = hex_list (hex_at (s, 2, 5), hex_at (s, 6, 5), -1);
  g_autoptr (GArray) road = hex_list (hex_at (s, 3, 3), hex_at (s, 4, 3), hex_at (s, 5, 3), -1);
  GbacwHexsideId first = hexside_between (s, 2, 5, 2, 6), second = hexside_between (s, 2, 6, 3, 6);
  g_autoptr (GbacwMapEdit) on = gbacw_map_edit_draw_line (s, path, L_PIKE, TRUE, 7);
  g_autoptr (GbacwMapEdit) again = gbacw_map_edit_draw_line (s, laid, L_ROAD, TRUE, 0);
  g_autoptr (GbacwMapEdit) skipped = gbacw_map_edit_draw_line (s, jump, L_PIKE, TRUE, 0);
  g_autoptr (GbacwMapEdit) off = gbacw_map_edit_draw_line (s, road, L_ROAD, FALSE, 0);
  g_autoptr (GbacwChange) change = gbacw_change_new ();

  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (on)), ==, "Draw line");
  g_assert_cmpuint (gbacw_map_edit_get_merge_key (on), ==, 7);
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (on), ==, 2);
  gbacw_command_apply (GBACW_COMMAND (on), s, change);
  g_assert_cmpuint (s->map->hexside_lines[first], ==, 1u << L_PIKE);
  g_assert_cmpuint (s->map->hexside_lines[second], ==, 1u << L_PIKE);
  g_assert_true (array_has_u32 (change->hexsides, first));
  g_assert_true (array_has_u32 (change->hexsides, second));
  gbacw_command_revert (GBACW_COMMAND (on), s, NULL);
  assert_text (s, before);

  /* a road where there is one, and two hexes that are not neighbours: nothing */
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (again), ==, 0);
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (skipped), ==, 0);

  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (off)), ==, "Erase line");
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (off), ==, 2);
  gbacw_command_apply (GBACW_COMMAND (off), s, NULL);
  g_assert_cmpuint (s->map->hexside_lines[hexside_between (s, 3, 3, 4, 3)], ==, 0);
  g_assert_cmpuint (s->map->hexside_lines[hexside_between (s, 4, 3, 5, 3)], ==, 0);
  g_assert_cmpuint (s->map->hexside_lines[hexside_between (s, 5, 3, 6, 3)], ==, 1u << L_ROAD);
  gbacw_command_revert (GBACW_COMMAND (off), s, NULL);
  assert_text (s, before);
}

/* A click of the line tool in erase mode: that type's segments at a hex, not the others. */
static void
test_map_edit_clear_lines_at (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  GbacwHexsideId west = hexside_between (s, 3, 3, 4, 3), east = hexside_between (s, 4, 3, 5, 3);
  g_autoptr (GbacwMapEdit) clear = NULL;
  g_autofree char *before = NULL;

  s->map->hexside_lines[east] |= 1u << L_PIKE;
  before = scenario_text (s);
  clear = gbacw_map_edit_clear_lines_at (s, hex_at (s, 4, 3), L_ROAD, 0);
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (clear)), ==, "Erase line");
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (clear), ==, 2);
  gbacw_command_apply (GBACW_COMMAND (clear), s, NULL);
  g_assert_cmpuint (s->map->hexside_lines[west], ==, 0);
  g_assert_cmpuint (s->map->hexside_lines[east], ==, 1u << L_PIKE);
  g_assert_cmpuint (s->map->hexside_lines[hexside_between (s, 2, 3, 3, 3)], ==, 1u << L_ROAD);
  gbacw_command_revert (GBACW_COMMAND (clear), s, NULL);
  assert_text (s, before);
}

static void
test_map_edit_step_elevation (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  int low = hex_at (s, 0, 0), high = hex_at (s, 8, 7), top = hex_at (s, 5, 0);
  g_autoptr (GArray) hexes = hex_list (low, high, -1);
  g_autoptr (GArray) tops = hex_list (top, -1);
  g_autoptr (GbacwMapEdit) down = gbacw_map_edit_step_elevation (s, hexes, -1, 0);
  g_autoptr (GbacwMapEdit) up = gbacw_map_edit_step_elevation (s, hexes, 1, 0);
  g_autoptr (GbacwMapEdit) over = NULL;

  /* level 0 cannot go lower: left out */
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (down)), ==, "Lower elevation");
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (down), ==, 1);
  gbacw_command_apply (GBACW_COMMAND (down), s, NULL);
  g_assert_cmpint (s->map->elevation[low], ==, 0);
  g_assert_cmpint (s->map->elevation[high], ==, 1);
  gbacw_command_revert (GBACW_COMMAND (down), s, NULL);
  assert_text (s, before);

  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (up)), ==, "Raise elevation");
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (up), ==, 2);
  gbacw_command_apply (GBACW_COMMAND (up), s, NULL);
  g_assert_cmpint (s->map->elevation[low], ==, 1);
  g_assert_cmpint (s->map->elevation[high], ==, 3);
  gbacw_command_revert (GBACW_COMMAND (up), s, NULL);
  assert_text (s, before);

  s->map->elevation[top] = GBACW_MAX_ELEVATION_LEVEL;
  over = gbacw_map_edit_step_elevation (s, tops, 1, 0);
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (over), ==, 0);
}

/* The eraser: what it is asked to clear of the hexes and their hexsides, names too. */
static void
test_map_edit_erase (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  int fort = hex_at (s, 5, 5), crossing = hex_at (s, 4, 3);
  GbacwHexsideId works = hexside_at (s, 5, 5, 0);
  g_autoptr (GArray) fort_hexes = hex_list (fort, -1);
  g_autoptr (GArray) crossing_hexes = hex_list (crossing, -1);
  g_autoptr (GbacwMapEdit) sides = gbacw_map_edit_erase (s, fort_hexes, GBACW_ERASE_HEXSIDES, 0);
  g_autoptr (GbacwMapEdit) rest = gbacw_map_edit_erase (s, crossing_hexes, GBACW_ERASE_TERRAIN | GBACW_ERASE_LINES, 0);
  guint64 fort_terrain = s->map->terrain[fort];

  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (sides)), ==, "Erase");
  gbacw_command_apply (GBACW_COMMAND (sides), s, NULL);
  g_assert_cmpuint (s->map->hexside_features[works], ==, 0);
  g_assert_cmpuint (s->map->hexside_inside[works], ==, 0);
  g_assert_false (g_hash_table_contains (s->map->hexside_names, GUINT_TO_POINTER (works)));
  g_assert_cmpuint (s->map->terrain[fort], ==, fort_terrain);
  gbacw_command_revert (GBACW_COMMAND (sides), s, NULL);
  assert_text (s, before);

  gbacw_command_apply (GBACW_COMMAND (rest), s, NULL);
  g_assert_cmpuint (s->map->terrain[crossing], ==, 0);
  g_assert_cmpuint (s->map->hexside_lines[hexside_between (s, 3, 3, 4, 3)], ==, 0);
  g_assert_cmpuint (s->map->hexside_lines[hexside_between (s, 4, 3, 5, 3)], ==, 0);
  g_assert_cmpuint (s->map->hexside_lines[hexside_between (s, 5, 3, 6, 3)], ==, 1u << L_ROAD);
  gbacw_command_revert (GBACW_COMMAND (rest), s, NULL);
  assert_text (s, before);
}

/* A redan or works is one named work over its hexsides: a hexside drawn beside a named one
 * joins it, and one name names them all (an unnamed work: the hexsides joined corner to
 * corner). */
static void
test_map_edit_works (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  GbacwHexsideId fort = hexside_at (s, 5, 5, 0), beside = hexside_at (s, 5, 5, 1);
  GbacwHexsideId r1 = hexside_at (s, 2, 5, 0), r2 = hexside_at (s, 2, 5, 1), apart = hexside_at (s, 2, 5, 3);
  g_autoptr (GbacwMapEdit) join = NULL;
  g_autoptr (GbacwMapEdit) rename = NULL;
  g_autoptr (GbacwMapEdit) redans = NULL;
  g_autoptr (GbacwMapEdit) named = NULL;
  g_autoptr (GArray) work = NULL;
  g_autoptr (GArray) unnamed = NULL;

  join = gbacw_map_edit_set_hexside_feature (s, beside, H_WORKS, TRUE, hex_at (s, 5, 5), 0);
  gbacw_command_apply (GBACW_COMMAND (join), s, NULL);
  g_assert_cmpstr (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (beside)), ==, "Fort Robinett");
  work = gbacw_map_work_hexsides (s, fort);
  g_assert_cmpuint (work->len, ==, 2);

  rename = gbacw_map_edit_name_work (s, beside, " Fort Pryor ");
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (rename)), ==, "Name work");
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (rename), ==, 2);
  gbacw_command_apply (GBACW_COMMAND (rename), s, NULL);
  g_assert_cmpstr (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (fort)), ==, "Fort Pryor");
  g_assert_cmpstr (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (beside)), ==, "Fort Pryor");

  /* two redan hexsides with a corner in common, a third apart */
  redans = gbacw_map_edit_new ("redans", 0);
  gbacw_map_edit_set (redans, GBACW_LAYER_HEXSIDE_FEATURES, r1, 1u << H_REDAN);
  gbacw_map_edit_set (redans, GBACW_LAYER_HEXSIDE_FEATURES, r2, 1u << H_REDAN);
  gbacw_map_edit_set (redans, GBACW_LAYER_HEXSIDE_FEATURES, apart, 1u << H_REDAN);
  gbacw_command_apply (GBACW_COMMAND (redans), s, NULL);
  unnamed = gbacw_map_work_hexsides (s, r2);
  g_assert_cmpuint (unnamed->len, ==, 2);
  named = gbacw_map_edit_name_work (s, r1, "Battery Williams");
  gbacw_command_apply (GBACW_COMMAND (named), s, NULL);
  g_assert_cmpstr (g_hash_table_lookup (s->map->hexside_names, GUINT_TO_POINTER (r2)), ==, "Battery Williams");
  g_assert_false (g_hash_table_contains (s->map->hexside_names, GUINT_TO_POINTER (apart)));

  gbacw_command_revert (GBACW_COMMAND (named), s, NULL);
  gbacw_command_revert (GBACW_COMMAND (redans), s, NULL);
  gbacw_command_revert (GBACW_COMMAND (rename), s, NULL);
  gbacw_command_revert (GBACW_COMMAND (join), s, NULL);
  assert_text (s, before);
}

/* ---------------------------------------------------------------- map regions */

/* Whether hex is inside the inside-feature bit of hexside id. */
static gboolean
is_inside (const GbacwScenario *s, GbacwHexsideId id, guint32 bit, GbacwHex hex)
{
  GbacwHex a, b;

  gbacw_hex_grid_hexside_hexes (&s->map->grid, id, &a, NULL, &b);
  return gbacw_hex_equal ((s->map->hexside_inside[id] & bit) ? b : a, hex);
}

/* A region pasted with its anchor at anchor: each hex where the step from the anchor puts
 * it, the same neighbours in the same directions, with its terrain, elevation, inner
 * lines, hexside features and which side is inside; not the names, which are the works'. */
static void
check_paste (GbacwHex anchor)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autoptr (GbacwScenario) source = NULL;
  const GbacwHexGrid *grid = &s->map->grid;
  const GbacwHex shape[] = { { 4, 3 }, { 5, 3 }, { 4, 4 }, { 5, 4 }, { 5, 5 }, { 6, 4 } };
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GbacwMapRegion) region = NULL;
  g_autoptr (GbacwMapEdit) paste = NULL;
  g_autoptr (GArray) placed = NULL;
  g_autofree char *before = NULL;
  GbacwHex target[G_N_ELEMENTS (shape)];

  /* something on every layer: elevation, a redan between two region hexes (inside the
   * southern one), a river on the border, the road along row 3 */
  s->map->elevation[hex_at (s, 5, 4)] = 2;
  s->map->terrain[hex_at (s, 6, 4)] = (1u << T_TOWN) | (1u << T_CLEAR);
  {
    GbacwHexsideId redan = hexside_between (s, 5, 4, 5, 5), river = hexside_at (s, 6, 4, 2);
    GbacwHex a, b;

    s->map->hexside_features[redan] = 1u << H_REDAN;
    gbacw_hex_grid_hexside_hexes (grid, redan, &a, NULL, &b);
    s->map->hexside_inside[redan] = gbacw_hex_equal (b, (GbacwHex) { 5, 5 }) ? 1u << H_REDAN : 0;
    g_hash_table_insert (s->map->hexside_names, GUINT_TO_POINTER (redan), g_strdup ("Battery Williams"));
    s->map->hexside_features[river] |= 1u << H_RIVER;
  }
  for (guint i = 0; i < G_N_ELEMENTS (shape); i++)
    {
      int h = hex_at (s, shape[i].col, shape[i].row);
      g_array_append_val (hexes, h);
    }
  source = gbacw_scenario_copy (s);
  before = scenario_text (s);
  region = gbacw_map_region_copy (s, hexes);
  g_assert_nonnull (region);
  g_assert_cmpuint (gbacw_map_region_get_n_hexes (region), ==, G_N_ELEMENTS (shape));

  /* the anchor is the copied hex of lowest index: 0504 */
  for (guint i = 0; i < G_N_ELEMENTS (shape); i++)
    {
      int dq, dr;
      gbacw_hex_grid_step_between (grid, (GbacwHex) { 4, 3 }, shape[i], &dq, &dr);
      target[i] = gbacw_hex_grid_step (grid, anchor, dq, dr);
      g_assert_true (gbacw_hex_grid_contains (grid, target[i]));
    }
  placed = gbacw_map_region_place (region, grid, anchor);
  g_assert_cmpuint (placed->len, ==, G_N_ELEMENTS (shape));
  for (guint i = 0; i < G_N_ELEMENTS (shape); i++)
    g_assert_true (array_has_int (placed, gbacw_hex_grid_index (grid, target[i])));

  paste = gbacw_map_region_paste (region, s, anchor, 0);
  g_assert_cmpstr (gbacw_command_get_label (GBACW_COMMAND (paste)), ==, "Paste");
  gbacw_command_apply (GBACW_COMMAND (paste), s, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (shape); i++)
    {
      int from = hex_at (source, shape[i].col, shape[i].row), to = gbacw_hex_grid_index (grid, target[i]);

      g_assert_cmpuint (s->map->terrain[to], ==, source->map->terrain[from]);
      g_assert_cmpint (s->map->elevation[to], ==, source->map->elevation[from]);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          GbacwHex n = gbacw_hex_grid_neighbour (grid, shape[i], d);
          GbacwHexsideId id_from = gbacw_hex_grid_hexside (grid, shape[i], d);
          GbacwHexsideId id_to = gbacw_hex_grid_hexside (grid, target[i], d);
          gboolean inner = FALSE;

          for (guint j = 0; j < G_N_ELEMENTS (shape); j++)
            if (gbacw_hex_equal (n, shape[j]))
              {
                /* the shape kept: the same neighbour the same way */
                g_assert_true (gbacw_hex_equal (gbacw_hex_grid_neighbour (grid, target[i], d), target[j]));
                inner = TRUE;
              }
          if (inner)
            g_assert_cmpuint (s->map->hexside_lines[id_to], ==, source->map->hexside_lines[id_from]);
          if (inner || source->map->hexside_features[id_from] != 0)
            {
              g_assert_cmpuint (s->map->hexside_features[id_to], ==, source->map->hexside_features[id_from]);
              g_assert_false (g_hash_table_contains (s->map->hexside_names, GUINT_TO_POINTER (id_to)));
            }
          if (source->map->hexside_features[id_from] & (1u << H_REDAN))
            g_assert_cmpint (is_inside (s, id_to, 1u << H_REDAN, target[i]), ==,
                             is_inside (source, id_from, 1u << H_REDAN, shape[i]));
        }
    }
  /* the redan came along as a new work, without Battery Williams's name; and the road along row 3 */
  g_assert_cmpuint (g_hash_table_size (s->map->hexside_names), ==, g_hash_table_size (source->map->hexside_names));
  g_assert_cmpuint (s->map->hexside_lines[gbacw_hex_grid_hexside (grid, target[0],
                                          gbacw_hex_grid_direction_to (grid, target[0], target[1]))],
                    ==, 1u << L_ROAD);
  gbacw_command_revert (GBACW_COMMAND (paste), s, NULL);
  assert_text (s, before);
}

/* Pasted two columns over (the same shift) and one (the other): hex grids shift every
 * other column half a hex, and the shape must not shear. */
static void
test_map_region_paste (void)
{
  check_paste ((GbacwHex) { 1, 1 });
  check_paste ((GbacwHex) { 2, 1 });
  check_paste ((GbacwHex) { 7, 0 });
}

/* A hexside on a pasted region's border keeps what is there unless the region has a
 * feature on it; what falls off the map is left out. */
static void
test_map_region_border (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autoptr (GArray) one = hex_list (hex_at (s, 8, 1), -1);
  g_autoptr (GArray) block = hex_list (hex_at (s, 7, 1), hex_at (s, 8, 1), hex_at (s, 7, 2), hex_at (s, 8, 2), -1);
  g_autoptr (GbacwMapRegion) region = gbacw_map_region_copy (s, one);
  g_autoptr (GbacwMapRegion) wide = gbacw_map_region_copy (s, block);
  g_autoptr (GbacwMapRegion) stamp = NULL;
  g_autoptr (GbacwMapEdit) paste = NULL;
  g_autoptr (GArray) placed = NULL;
  g_autoptr (GArray) nothing = hex_list (-1);

  g_assert_null (gbacw_map_region_copy (s, nothing));
  /* onto 0202, beside the river on 0201's south-east */
  paste = gbacw_map_region_paste (region, s, (GbacwHex) { 1, 1 }, 0);
  gbacw_command_apply (GBACW_COMMAND (paste), s, NULL);
  for (int row = 0; row < 4; row++)
    g_assert_true (s->map->hexside_features[hexside_at (s, 1, row, 2)] & (1u << H_RIVER));
  g_assert_cmpuint (s->map->terrain[hex_at (s, 1, 1)], ==, s->map->terrain[hex_at (s, 8, 1)]);

  /* at the map's corner only one of four lands */
  placed = gbacw_map_region_place (wide, &s->map->grid, (GbacwHex) { COLS - 1, ROWS - 1 });
  g_assert_cmpuint (placed->len, ==, 1);
  g_assert_cmpint (g_array_index (placed, int, 0), ==, hex_at (s, COLS - 1, ROWS - 1));

  /* onto a map with fewer terrains and levels: what it cannot hold is left out */
  {
    g_autoptr (GbacwScenario) other = build_scenario ();
    g_autoptr (GArray) swamp = hex_list (hex_at (s, 8, 6), -1);
    g_autoptr (GbacwMapRegion) piece = gbacw_map_region_copy (s, swamp);
    g_autoptr (GbacwMapEdit) there = NULL;

    g_assert_cmpint (s->map->elevation[hex_at (s, 8, 6)], ==, 2);
    g_ptr_array_set_size (other->catalogue.hex_terrains, T_ORCHARD);
    g_array_set_size (other->map->levels, 2);
    there = gbacw_map_region_paste (piece, other, (GbacwHex) { 0, 0 }, 0);
    gbacw_command_apply (GBACW_COMMAND (there), other, NULL);
    g_assert_cmpuint (other->map->terrain[hex_at (other, 0, 0)], ==, 1u << T_SWAMP);
    g_assert_cmpint (other->map->elevation[hex_at (other, 0, 0)], ==, 1);
  }

  /* a stamp is a named copy */
  stamp = gbacw_map_region_dup (wide);
  gbacw_map_region_set_name (stamp, "Farm");
  g_assert_cmpstr (gbacw_map_region_get_name (stamp), ==, "Farm");
  g_assert_null (gbacw_map_region_get_name (wide));
  g_assert_cmpuint (gbacw_map_region_get_n_hexes (stamp), ==, 4);
}

static void
test_map_edit_flood_fill (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  g_autoptr (GbacwMapEdit) fill = NULL;
  g_autoptr (GbacwMapEdit) nothing = NULL;
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  int n = 0;

  /* clear west of the woods column is one region: the town hexes are not clear only */
  fill = gbacw_map_edit_flood_fill (s, hex_at (s, 0, 0), 1u << T_SWAMP);
  gbacw_command_apply (GBACW_COMMAND (fill), s, change);
  for (int row = 0; row < ROWS; row++)
    for (int col = 0; col < COLS; col++)
      {
        int h = hex_at (s, col, row);
        gboolean west = col < 4 && !(col == 2 && row == 2) && !(col == 3 && row == 2);
        if (west)
          {
            g_assert_cmpuint (s->map->terrain[h], ==, 1u << T_SWAMP);
            g_assert_true (array_has_int (change->hexes, h));
            n++;
          }
        else
          g_assert_cmpuint (s->map->terrain[h] & (1u << T_SWAMP), ==,
                            (col == 8 && row == 6) ? (1u << T_SWAMP) : 0);
      }
  g_assert_cmpuint (change->hexes->len, ==, (guint) n);
  gbacw_command_revert (GBACW_COMMAND (fill), s, NULL);
  assert_text (s, before);

  /* filling with the same terrain changes nothing */
  nothing = gbacw_map_edit_flood_fill (s, hex_at (s, 4, 0), 1u << T_WOODS);
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (nothing), ==, 0);
  /* the woods column is its own region */
  g_autoptr (GbacwMapEdit) woods = gbacw_map_edit_flood_fill (s, hex_at (s, 4, 0), 1u << T_ORCHARD);
  g_assert_cmpuint (gbacw_map_edit_get_n_changes (woods), ==, ROWS);
}

static void
test_map_edit_auto_crest (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  g_autoptr (GbacwMapEdit) crest = gbacw_map_edit_auto_crest (s, H_CREST);
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  guint n_ids = gbacw_hex_grid_n_hexside_ids (&s->map->grid);
  g_autofree guint32 *old_features = g_memdup2 (s->map->hexside_features, n_ids * sizeof (guint32));
  guint n_crests = 0;

  gbacw_command_apply (GBACW_COMMAND (crest), s, change);
  for (guint id = 0; id < n_ids; id++)
    {
      GbacwHex a, b;
      int ia, ib;
      gboolean expect;

      gbacw_hex_grid_hexside_hexes (&s->map->grid, id, &a, NULL, &b);
      ia = gbacw_hex_grid_index (&s->map->grid, a);
      ib = gbacw_hex_grid_index (&s->map->grid, b);
      expect = ia >= 0 && ib >= 0 && s->map->elevation[ia] != s->map->elevation[ib];
      g_assert_cmpuint (s->map->hexside_features[id], ==, old_features[id] | (expect ? 1u << H_CREST : 0));
      if (expect)
        {
          g_assert_true (array_has_u32 (change->hexsides, id));
          n_crests++;
        }
    }
  /* the ridges at columns 3|4 and 6|7 cross the whole map */
  g_assert_cmpuint (n_crests, >=, 2 * ROWS);
  g_assert_cmpuint (change->hexsides->len, ==, n_crests);
  g_assert_cmpuint (change->flags, ==, GBACW_CHANGE_HEXSIDES);
  gbacw_command_revert (GBACW_COMMAND (crest), s, NULL);
  assert_text (s, before);
  gbacw_command_apply (GBACW_COMMAND (crest), s, NULL);
  g_assert_cmpuint (s->map->hexside_features[hexside_between (s, 3, 0, 4, 0)], ==, 1u << H_CREST);
}

/* ---------------------------------------------------------------- collection edits */

static void
test_collection_units (void)
{
  g_autoptr (GbacwDocument) doc = gbacw_document_new (build_scenario ());
  GbacwScenario *s = gbacw_document_get_scenario (doc);
  g_autofree char *before = scenario_text (s);
  GbacwChange *last = NULL;
  GbacwUnit *original = g_ptr_array_index (s->oob.units, 1);
  GbacwCollectionEdit *edit;
  GbacwUnit *u;

  g_signal_connect (doc, "changed", G_CALLBACK (on_changed_copy), &last);

  /* insert */
  u = gbacw_unit_new ("u-10ny", "union", GBACW_UNIT_INFANTRY);
  u->formation = g_strdup ("u-brig");
  u->strength = 4;
  edit = gbacw_collection_edit_new ("Add unit", 0);
  gbacw_collection_edit_insert (edit, GBACW_COLLECTION_UNITS, 2, u);
  gbacw_document_execute (doc, GBACW_COMMAND (edit));
  g_assert_cmpuint (s->oob.units->len, ==, 10);
  g_assert_true (g_ptr_array_index (s->oob.units, 2) == u);
  g_assert_true (gbacw_oob_find_unit (&s->oob, "u-10ny") == u);
  g_assert_cmpuint (last->flags, ==, GBACW_CHANGE_OOB);
  g_assert_true (gbacw_change_has_unit (last, "u-10ny"));

  /* replace */
  u = gbacw_collection_item_copy (GBACW_COLLECTION_UNITS, original);
  u->strength = 9;
  edit = gbacw_collection_edit_new ("Edit unit", 0);
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, 1, u);
  gbacw_document_execute (doc, GBACW_COMMAND (edit));
  g_assert_cmpint (gbacw_oob_find_unit (&s->oob, "u-8ny")->strength, ==, 9);
  g_assert_true (gbacw_change_has_unit (last, "u-8ny"));

  /* move and remove */
  edit = gbacw_collection_edit_new ("Reorder", 0);
  gbacw_collection_edit_move (edit, GBACW_COLLECTION_UNITS, 0, 9);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_UNITS, 0);
  gbacw_document_execute (doc, GBACW_COMMAND (edit));
  g_assert_cmpuint (s->oob.units->len, ==, 9);
  g_assert_cmpstr (((GbacwUnit *) g_ptr_array_index (s->oob.units, 8))->id, ==, "u-lead");
  g_assert_cmpstr (((GbacwUnit *) g_ptr_array_index (s->oob.units, 0))->id, ==, "u-10ny");
  g_assert_null (gbacw_oob_find_unit (&s->oob, "u-8ny"));
  g_assert_true (gbacw_change_has_unit (last, "u-lead"));
  g_assert_true (gbacw_change_has_unit (last, "u-8ny"));
  g_autofree char *after = scenario_text (s);

  /* undo restores exactly, the very same items */
  g_assert_true (gbacw_document_undo (doc));
  g_assert_true (gbacw_oob_find_unit (&s->oob, "u-8ny") != NULL);
  g_assert_true (gbacw_document_undo (doc));
  g_assert_true (g_ptr_array_index (s->oob.units, 1) == original);
  g_assert_cmpint (original->strength, ==, 5);
  g_assert_true (gbacw_change_has_unit (last, "u-8ny"));
  g_assert_true (gbacw_document_undo (doc));
  g_assert_null (gbacw_oob_find_unit (&s->oob, "u-10ny"));
  assert_text (s, before);

  for (int i = 0; i < 3; i++)
    g_assert_true (gbacw_document_redo (doc));
  assert_text (s, after);
  g_clear_pointer (&last, gbacw_change_free);
}

static void
test_collection_placements (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  GbacwPlacement *p = gbacw_collection_item_copy (GBACW_COLLECTION_PLACEMENTS, g_ptr_array_index (s->deployment, 2));
  int old_hex = p->hex, new_hex = hex_at (s, 5, 6);
  g_autoptr (GbacwCollectionEdit) edit = gbacw_collection_edit_new ("Move unit", 0);
  g_autoptr (GbacwChange) change = gbacw_change_new ();

  p->hex = new_hex;
  p->status = GBACW_STATUS_PINNED;
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, 2, p);
  gbacw_collection_edit_insert (edit, GBACW_COLLECTION_PLACEMENTS, 0, gbacw_placement_new ("c-7la", hex_at (s, 6, 6)));
  gbacw_command_apply (GBACW_COMMAND (edit), s, change);
  g_assert_cmpuint (change->flags, ==, GBACW_CHANGE_DEPLOYMENT);
  g_assert_true (array_has_int (change->hexes, old_hex));
  g_assert_true (array_has_int (change->hexes, new_hex));
  g_assert_true (array_has_int (change->hexes, hex_at (s, 6, 6)));
  g_assert_true (gbacw_change_has_unit (change, "u-bat"));
  g_assert_true (gbacw_change_has_unit (change, "c-7la"));
  g_assert_cmpint (gbacw_scenario_find_placement (s, "u-bat", NULL)->hex, ==, new_hex);
  g_assert_cmpstr (((GbacwPlacement *) g_ptr_array_index (s->deployment, 0))->unit, ==, "c-7la");

  gbacw_command_revert (GBACW_COMMAND (edit), s, NULL);
  assert_text (s, before);
  gbacw_command_apply (GBACW_COMMAND (edit), s, NULL);
  g_assert_cmpuint (s->deployment->len, ==, 6);
}

static void
test_collection_other (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  g_autoptr (GbacwCollectionEdit) edit = gbacw_collection_edit_new ("Many", 0);
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  GbacwArea *area = gbacw_collection_item_copy (GBACW_COLLECTION_AREAS, g_ptr_array_index (s->map->areas, 0));
  GbacwLabel *label = gbacw_collection_item_copy (GBACW_COLLECTION_LABELS, g_ptr_array_index (s->map->labels, 0));
  GbacwParam *option = gbacw_param_new ("supply-11.23", "old");
  GbacwTurn *turn = gbacw_collection_item_copy (GBACW_COLLECTION_TURNS, g_ptr_array_index (s->turns.turns, 0));
  int extra = hex_at (s, 2, 3);

  g_array_append_val (area->hexes, extra);
  gbacw_area_sort (area);
  label->hex = hex_at (s, 6, 6);
  g_free (turn->time);
  turn->time = g_strdup ("06:00");

  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_AREAS, 0, area);
  gbacw_collection_edit_insert (edit, GBACW_COLLECTION_LABELS, 1, label);
  gbacw_collection_edit_insert (edit, GBACW_COLLECTION_OPTIONS, 2, option);
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_TURNS, 0, turn);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_VP_AWARDS, 1);
  gbacw_collection_edit_move (edit, GBACW_COLLECTION_CHARTS, 1, 0);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_VICTORY_LEVELS, 0);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_AUTOMATIC_VICTORIES, 0);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_EXCLUSIVE_RULES, 0);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_REINFORCEMENTS, 0);
  gbacw_collection_edit_insert (edit, GBACW_COLLECTION_SIDES, 2, gbacw_side_new ("neutral", "Neutral"));
  gbacw_collection_edit_insert (edit, GBACW_COLLECTION_FORMATIONS, 3,
                                gbacw_formation_new ("n-brig", "neutral", GBACW_FORMATION_BRIGADE));
  g_assert_cmpuint (gbacw_collection_edit_get_n_operations (edit), ==, 12);

  gbacw_command_apply (GBACW_COMMAND (edit), s, change);
  g_assert_cmpuint (change->flags, ==,
                    GBACW_CHANGE_AREAS | GBACW_CHANGE_LABELS | GBACW_CHANGE_RULES | GBACW_CHANGE_SETTINGS
                      | GBACW_CHANGE_VICTORY | GBACW_CHANGE_CHARTS | GBACW_CHANGE_REINFORCEMENTS
                      | GBACW_CHANGE_OOB);
  g_assert_true (array_has_int (change->hexes, extra));
  g_assert_true (array_has_int (change->hexes, hex_at (s, 6, 6)));
  g_assert_true (gbacw_area_contains (g_ptr_array_index (s->map->areas, 0), extra));
  g_assert_cmpuint (s->map->labels->len, ==, 2);
  g_assert_cmpstr (gbacw_scenario_get_option (s, "supply-11.23"), ==, "old");
  g_assert_cmpstr (((GbacwTurn *) g_ptr_array_index (s->turns.turns, 0))->time, ==, "06:00");
  g_assert_cmpuint (s->vp_awards->len, ==, 1);
  g_assert_cmpstr (((GbacwChart *) g_ptr_array_index (s->charts, 0))->id, ==, "density");
  g_assert_cmpuint (s->victory_levels->len, ==, 0);
  g_assert_cmpuint (s->automatic_victories->len, ==, 0);
  g_assert_cmpuint (s->exclusive_rules->len, ==, 0);
  g_assert_cmpuint (s->reinforcements->len, ==, 0);
  g_assert_nonnull (gbacw_oob_find_side (&s->oob, "neutral"));
  g_assert_nonnull (gbacw_oob_find_formation (&s->oob, "n-brig"));
  g_autofree char *after = scenario_text (s);

  gbacw_command_revert (GBACW_COMMAND (edit), s, NULL);
  assert_text (s, before);
  g_assert_null (gbacw_oob_find_side (&s->oob, "neutral"));
  gbacw_command_apply (GBACW_COMMAND (edit), s, NULL);
  assert_text (s, after);
}

/* Typing into a field: single replaces of the same item with one key are one step. */
static void
test_collection_merge (void)
{
  g_autoptr (GbacwDocument) doc = gbacw_document_new (build_scenario ());
  GbacwScenario *s = gbacw_document_get_scenario (doc);
  GbacwHistory *history = gbacw_document_get_history (doc);
  g_autofree char *before = scenario_text (s);
  const char *typed[] = { "8", "8 N", "8 NY", "8 NY V", "8 NY Vol" };

  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      GbacwUnit *u = gbacw_collection_item_copy (GBACW_COLLECTION_UNITS, g_ptr_array_index (s->oob.units, 1));
      GbacwCollectionEdit *edit = gbacw_collection_edit_new ("Rename unit", 99);
      g_free (u->designation);
      u->designation = g_strdup (typed[i]);
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, 1, u);
      gbacw_document_execute (doc, GBACW_COMMAND (edit));
    }
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "u-8ny")->designation, ==, "8 NY Vol");

  /* another item, another key, or more than one operation: no merge */
  {
    GbacwCollectionEdit *edit = gbacw_collection_edit_new ("Rename unit", 99);
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, 2,
                                   gbacw_collection_item_copy (GBACW_COLLECTION_UNITS, g_ptr_array_index (s->oob.units, 2)));
    gbacw_document_execute (doc, GBACW_COMMAND (edit));
    edit = gbacw_collection_edit_new ("Rename unit", 100);
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, 2,
                                   gbacw_collection_item_copy (GBACW_COLLECTION_UNITS, g_ptr_array_index (s->oob.units, 2)));
    gbacw_document_execute (doc, GBACW_COMMAND (edit));
    edit = gbacw_collection_edit_new ("Two", 100);
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, 2,
                                   gbacw_collection_item_copy (GBACW_COLLECTION_UNITS, g_ptr_array_index (s->oob.units, 2)));
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, 3,
                                   gbacw_collection_item_copy (GBACW_COLLECTION_UNITS, g_ptr_array_index (s->oob.units, 3)));
    gbacw_document_execute (doc, GBACW_COMMAND (edit));
  }
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 4);

  while (gbacw_document_undo (doc))
    ;
  assert_text (s, before);
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "u-8ny")->designation, ==, "8 NY");
  g_assert_true (gbacw_document_redo (doc));
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "u-8ny")->designation, ==, "8 NY Vol");
}

/* Inserting, moving and removing catalogue entries renumbers the map's masks so
 * that the map keeps showing the same terrain. */
static void
test_collection_catalogue (void)
{
  g_autoptr (GbacwScenario) s = build_scenario ();
  g_autofree char *before = scenario_text (s);
  g_autofree char *meaning = map_meaning (s);
  g_autoptr (GbacwCollectionEdit) insert = gbacw_collection_edit_new ("Add terrain", 0);
  g_autoptr (GbacwCollectionEdit) move = gbacw_collection_edit_new ("Move", 0);
  g_autoptr (GbacwChange) change = gbacw_change_new ();
  GbacwHexTerrain *t = gbacw_hex_terrain_copy (g_ptr_array_index (s->catalogue.hex_terrains, T_TOWN));
  GbacwHexsideType *ht = gbacw_hexside_type_copy (g_ptr_array_index (s->catalogue.hexside_types, H_STREAM));
  GbacwLineType *lt = gbacw_line_type_copy (g_ptr_array_index (s->catalogue.line_types, L_PIKE));

  g_free (t->id);
  t->id = g_strdup ("fields");
  g_free (t->code);
  t->code = g_strdup ("f");
  g_free (ht->id);
  ht->id = g_strdup ("fence");
  g_free (lt->id);
  lt->id = g_strdup ("trail");

  g_assert_true (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_HEX_TERRAINS, T_WOODS));
  g_assert_true (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_HEXSIDE_TYPES, H_WORKS));
  g_assert_false (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_HEXSIDE_TYPES, H_CREST));
  g_assert_true (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_LINE_TYPES, L_ROAD));
  g_assert_false (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_LINE_TYPES, L_PIKE));
  g_assert_false (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_UNITS, 0));

  gbacw_collection_edit_insert (insert, GBACW_COLLECTION_HEX_TERRAINS, 0, t);
  gbacw_collection_edit_insert (insert, GBACW_COLLECTION_HEXSIDE_TYPES, 1, ht);
  gbacw_collection_edit_insert (insert, GBACW_COLLECTION_LINE_TYPES, 0, lt);
  gbacw_command_apply (GBACW_COMMAND (insert), s, change);
  g_assert_true (change->flags & GBACW_CHANGE_CATALOGUE);
  g_assert_cmpuint (s->map->terrain[hex_at (s, 0, 0)], ==, 1u << (T_CLEAR + 1));
  g_assert_false (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_HEX_TERRAINS, 0));
  g_assert_false (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_HEXSIDE_TYPES, 1));
  g_assert_false (gbacw_catalogue_entry_in_use (s, GBACW_COLLECTION_LINE_TYPES, 0));
  {
    g_autofree char *now = map_meaning (s);
    g_assert_cmpstr (now, ==, meaning);
  }
  g_autofree char *inserted = scenario_text (s);

  /* moves: woods to the end, river to the front, road after railroad */
  gbacw_collection_edit_move (move, GBACW_COLLECTION_HEX_TERRAINS, T_WOODS + 1, 5);
  gbacw_collection_edit_move (move, GBACW_COLLECTION_HEXSIDE_TYPES, H_RIVER + 1, 0);
  gbacw_collection_edit_move (move, GBACW_COLLECTION_LINE_TYPES, L_ROAD + 1, 3);
  gbacw_command_apply (GBACW_COMMAND (move), s, NULL);
  g_assert_cmpuint (s->map->terrain[hex_at (s, 4, 0)], ==, 1u << 5);
  {
    g_autofree char *now = map_meaning (s);
    g_assert_cmpstr (now, ==, meaning);
  }
  gbacw_command_revert (GBACW_COMMAND (move), s, NULL);
  assert_text (s, inserted);

  /* removing the unused new entries is the exact inverse */
  g_autoptr (GbacwCollectionEdit) remove = gbacw_collection_edit_new ("Remove", 0);
  gbacw_collection_edit_remove (remove, GBACW_COLLECTION_HEX_TERRAINS, 0);
  gbacw_collection_edit_remove (remove, GBACW_COLLECTION_HEXSIDE_TYPES, 1);
  gbacw_collection_edit_remove (remove, GBACW_COLLECTION_LINE_TYPES, 0);
  gbacw_command_apply (GBACW_COMMAND (remove), s, NULL);
  assert_text (s, before);
  gbacw_command_revert (GBACW_COMMAND (remove), s, NULL);
  assert_text (s, inserted);

  gbacw_command_revert (GBACW_COMMAND (insert), s, NULL);
  assert_text (s, before);
  gbacw_command_apply (GBACW_COMMAND (insert), s, NULL);
  assert_text (s, inserted);
}

static void
test_collection_catalogue_in_use (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (GbacwScenario) s = build_scenario ();
      g_autoptr (GbacwCollectionEdit) edit = gbacw_collection_edit_new ("Remove woods", 0);
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_HEX_TERRAINS, T_WOODS);
      gbacw_command_apply (GBACW_COMMAND (edit), s, NULL);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*invalid*");
}

/* ---------------------------------------------------------------- settings, charts, groups */

static void
test_settings_edit (void)
{
  g_autoptr (GbacwDocument) doc = gbacw_document_new (build_scenario ());
  GbacwScenario *s = gbacw_document_get_scenario (doc);
  GbacwHistory *history = gbacw_document_get_history (doc);
  g_autofree char *before = scenario_text (s);
  GbacwChange *last = NULL;
  GbacwScenarioInfo info = { "New title", "Tests", NULL };
  GbacwTurnTrack turns = { 0 };
  GbacwBackground background = { "other.jpg", 0.75, { 1, 0, 0, 1, 5, 5 } };
  g_autoptr (GArray) levels = g_array_new (FALSE, FALSE, sizeof (int));
  GbacwSettingsEdit *edit;

  g_signal_connect (doc, "changed", G_CALLBACK (on_changed_copy), &last);
  gbacw_turn_track_copy (&turns, &s->turns);
  turns.last = 5;
  g_ptr_array_set_size (turns.turns, 5);
  for (int v = 0; v <= 30; v += 10)
    g_array_append_val (levels, v);

  edit = gbacw_settings_edit_new ("Settings", 0);
  gbacw_settings_edit_set_info (edit, &info);
  gbacw_settings_edit_set_turns (edit, &turns);
  gbacw_settings_edit_set_levels (edit, levels);
  gbacw_settings_edit_set_background (edit, &background);
  gbacw_turn_track_clear (&turns);
  gbacw_document_execute (doc, GBACW_COMMAND (edit));
  g_assert_cmpuint (last->flags, ==, GBACW_CHANGE_SETTINGS | GBACW_CHANGE_BACKGROUND);
  g_assert_cmpstr (s->info.title, ==, "New title");
  g_assert_null (s->info.description);
  g_assert_cmpint (s->turns.last, ==, 5);
  g_assert_cmpuint (s->turns.turns->len, ==, 5);
  g_assert_cmpuint (s->map->levels->len, ==, 4);
  g_assert_cmpint (gbacw_map_level_height (s->map, 3), ==, 30);
  g_assert_cmpstr (s->map->background.file, ==, "other.jpg");
  g_assert_cmpfloat (s->map->background.opacity, ==, 0.75);
  g_autofree char *after = scenario_text (s);

  g_assert_true (gbacw_document_undo (doc));
  assert_text (s, before);
  g_assert_cmpstr (s->info.title, ==, "Test battle");
  g_assert_true (gbacw_document_redo (doc));
  assert_text (s, after);
  g_assert_true (gbacw_document_undo (doc));

  /* typing a title: one step, and parts of later edits join in */
  const char *typed[] = { "D", "Da", "Day" };
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      GbacwScenarioInfo typed_info = { (char *) typed[i], s->info.game, s->info.description };
      edit = gbacw_settings_edit_new ("Edit title", 7);
      gbacw_settings_edit_set_info (edit, &typed_info);
      if (i == 2)
        gbacw_settings_edit_set_levels (edit, levels);
      gbacw_document_execute (doc, GBACW_COMMAND (edit));
    }
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_cmpstr (s->info.title, ==, "Day");
  g_assert_cmpuint (s->map->levels->len, ==, 4);
  g_assert_true (gbacw_document_undo (doc));
  assert_text (s, before);
  g_assert_true (gbacw_document_redo (doc));
  g_assert_cmpstr (s->info.title, ==, "Day");
  g_clear_pointer (&last, gbacw_change_free);
}

static void
test_chart_edit (void)
{
  g_autoptr (GbacwDocument) doc = gbacw_document_new (build_scenario ());
  GbacwScenario *s = gbacw_document_get_scenario (doc);
  GbacwHistory *history = gbacw_document_get_history (doc);
  g_autofree char *before = scenario_text (s);
  GbacwChart *chart = gbacw_scenario_find_chart (s, "terrain-combat");
  GbacwChange *last = NULL;
  GbacwCell cell = { (char *) "2R", GBACW_CELL_INFERRED };
  GbacwChartEdit *edit;

  g_signal_connect (doc, "changed", G_CALLBACK (on_changed_copy), &last);
  edit = gbacw_chart_edit_new ("Edit cell", 0);
  gbacw_chart_edit_set_cell (edit, "terrain-combat", "woods", "fire-shift", &cell);
  gbacw_chart_edit_set_cell (edit, "density", "10+", "shift", &cell);
  gbacw_document_execute (doc, GBACW_COMMAND (edit));
  g_assert_cmpuint (last->flags, ==, GBACW_CHANGE_CHARTS);
  g_assert_cmpstr (gbacw_chart_lookup (chart, "woods", "fire-shift")->value, ==, "2R");
  g_assert_cmpint (gbacw_chart_lookup (chart, "woods", "fire-shift")->status, ==, GBACW_CELL_INFERRED);
  g_assert_true (gbacw_document_undo (doc));
  assert_text (s, before);
  g_assert_cmpstr (gbacw_chart_lookup (chart, "woods", "fire-shift")->value, ==, "1L");
  g_assert_true (gbacw_document_redo (doc));
  g_assert_cmpstr (gbacw_chart_lookup (gbacw_scenario_find_chart (s, "density"), "10+", "shift")->value, ==, "2R");
  g_assert_true (gbacw_document_undo (doc));

  /* typing into one cell: one step; another cell with the same key joins it */
  const char *typed[] = { "1", "1/", "1/2" };
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      GbacwCell c = { (char *) typed[i], GBACW_CELL_KNOWN };
      edit = gbacw_chart_edit_new ("Edit cell", 3);
      gbacw_chart_edit_set_cell (edit, "terrain-combat", "clear", "melee", &c);
      if (i == 1)
        gbacw_chart_edit_set_cell (edit, "terrain-combat", "town", "melee", &c);
      gbacw_document_execute (doc, GBACW_COMMAND (edit));
    }
  g_assert_cmpuint (gbacw_history_get_n_commands (history), ==, 1);
  g_assert_cmpstr (gbacw_chart_lookup (chart, "clear", "melee")->value, ==, "1/2");
  g_assert_cmpstr (gbacw_chart_lookup (chart, "town", "melee")->value, ==, "1/");
  g_assert_true (gbacw_document_undo (doc));
  assert_text (s, before);
  g_assert_true (gbacw_document_redo (doc));
  g_assert_cmpstr (gbacw_chart_lookup (chart, "clear", "melee")->value, ==, "1/2");
  g_clear_pointer (&last, gbacw_change_free);
}

static void
test_command_group (void)
{
  g_autoptr (GbacwDocument) doc = gbacw_document_new (build_scenario ());
  GbacwScenario *s = gbacw_document_get_scenario (doc);
  g_autofree char *before = scenario_text (s);
  GbacwCommandGroup *group = gbacw_command_group_new ("Delete unit");
  GbacwCollectionEdit *remove_placement = gbacw_collection_edit_new (NULL, 0);
  GbacwCollectionEdit *remove_unit = gbacw_collection_edit_new (NULL, 0);
  GbacwCollectionEdit *rename = gbacw_collection_edit_new (NULL, 0);
  GbacwChange *last = NULL;
  guint index;
  GbacwUnit *u;

  g_signal_connect (doc, "changed", G_CALLBACK (on_changed_copy), &last);
  /* later children see what earlier ones did: after removing unit 1, unit 1 is u-9ny */
  g_assert_nonnull (gbacw_scenario_find_placement (s, "u-8ny", &index));
  gbacw_collection_edit_remove (remove_placement, GBACW_COLLECTION_PLACEMENTS, index);
  gbacw_collection_edit_remove (remove_unit, GBACW_COLLECTION_UNITS, 1);
  u = gbacw_collection_item_copy (GBACW_COLLECTION_UNITS, g_ptr_array_index (s->oob.units, 2));
  g_free (u->designation);
  u->designation = g_strdup ("9 NY Vol");
  gbacw_collection_edit_replace (rename, GBACW_COLLECTION_UNITS, 1, u);
  gbacw_command_group_add (group, GBACW_COMMAND (remove_placement));
  gbacw_command_group_add (group, GBACW_COMMAND (remove_unit));
  gbacw_command_group_add (group, GBACW_COMMAND (rename));
  g_assert_cmpuint (gbacw_command_group_get_n_commands (group), ==, 3);
  gbacw_command_group_add (group, GBACW_COMMAND (gbacw_map_edit_auto_crest (s, H_CREST)));

  gbacw_document_execute (doc, GBACW_COMMAND (group));
  g_assert_null (gbacw_scenario_find_placement (s, "u-8ny", NULL));
  g_assert_null (gbacw_oob_find_unit (&s->oob, "u-8ny"));
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "u-9ny")->designation, ==, "9 NY Vol");
  g_assert_cmpuint (last->flags, ==, GBACW_CHANGE_DEPLOYMENT | GBACW_CHANGE_OOB | GBACW_CHANGE_HEXSIDES);
  g_assert_true (gbacw_change_has_unit (last, "u-8ny"));
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (doc)), ==, "Delete unit");
  g_autofree char *after = scenario_text (s);

  g_assert_true (gbacw_document_undo (doc));
  assert_text (s, before);
  g_assert_true (gbacw_document_redo (doc));
  assert_text (s, after);
  g_clear_pointer (&last, gbacw_change_free);
}

/* ---------------------------------------------------------------- random edit sequences */

typedef struct
{
  GbacwDocument *doc;
  GbacwScenario *s;
  GRand *rand;
  guint serial;         /* for new ids */
  guint stroke_key;     /* merge key of the stroke in progress, 0 if none */
  guint typing_key;
  int typing_index;
  int cursor;           /* the brush: strokes wander from hex to neighbouring hex */
  int last_group, last_sub;
} Fuzz;

static int
random_hex (Fuzz *f)
{
  return g_rand_int_range (f->rand, 0, gbacw_hex_grid_n_hexes (&f->s->map->grid));
}

static guint
stroke_key (Fuzz *f)
{
  /* half of the time the user goes on with the same stroke */
  if (f->stroke_key == 0 || g_rand_int_range (f->rand, 0, 4) == 0)
    f->stroke_key = ++f->serial;
  return f->stroke_key;
}

static guint64
random_terrain_mask (Fuzz *f)
{
  guint n = f->s->catalogue.hex_terrains->len;
  guint64 mask = G_GUINT64_CONSTANT (1) << g_rand_int_range (f->rand, 0, (gint32) n);
  if (g_rand_int_range (f->rand, 0, 4) == 0)
    mask |= G_GUINT64_CONSTANT (1) << g_rand_int_range (f->rand, 0, (gint32) n);
  return mask;
}

static GbacwHexsideId
random_hexside (Fuzz *f)
{
  GbacwHex h = gbacw_hex_grid_hex_at (&f->s->map->grid, random_hex (f));
  return gbacw_hex_grid_hexside (&f->s->map->grid, h, g_rand_int_range (f->rand, 0, 6));
}

/* The brush hex and a neighbour of it, then the brush moves on to that neighbour. */
static GArray *
brush_hexes (Fuzz *f)
{
  const GbacwHexGrid *grid = &f->s->map->grid;
  GbacwHex h = gbacw_hex_grid_hex_at (grid, f->cursor);
  int next = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, h, g_rand_int_range (f->rand, 0, 6)));
  GArray *hexes;

  if (next < 0 || g_rand_int_range (f->rand, 0, 10) == 0)
    next = random_hex (f);
  hexes = hex_list (f->cursor, next, -1);
  f->cursor = next;
  return hexes;
}

static GbacwCommand *
fuzz_map (Fuzz *f, int sub)
{
  GbacwScenario *s = f->s;
  const GbacwHexGrid *grid = &s->map->grid;

  switch (sub)
    {
    case 0:
    case 1:
      {
        g_autoptr (GArray) hexes = brush_hexes (f);
        return GBACW_COMMAND (gbacw_map_edit_paint_terrain (s, hexes, random_terrain_mask (f),
                                                            g_rand_boolean (f->rand), stroke_key (f)));
      }
    case 2:
      {
        g_autoptr (GArray) hexes = brush_hexes (f);
        return GBACW_COMMAND (gbacw_map_edit_set_elevation (s, hexes, g_rand_int_range (f->rand, 0, 4),
                                                            stroke_key (f)));
      }
    case 3:
      {
        GbacwHexsideId id = random_hexside (f);
        int type = g_rand_int_range (f->rand, 0, (gint32) s->catalogue.hexside_types->len);
        GbacwHex a, b;
        int inside;
        gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
        inside = gbacw_hex_grid_index (grid, g_rand_boolean (f->rand) ? a : b);
        return GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (s, id, type, g_rand_int_range (f->rand, 0, 3) != 0,
                                                                  inside, stroke_key (f)));
      }
    case 4:
      {
        GbacwHex a = gbacw_hex_grid_hex_at (grid, random_hex (f));
        GbacwHex b = gbacw_hex_grid_neighbour (grid, a, g_rand_int_range (f->rand, 0, 6));
        if (!gbacw_hex_grid_contains (grid, b))
          return NULL;
        return GBACW_COMMAND (gbacw_map_edit_set_line (s, a, b,
                                                       g_rand_int_range (f->rand, 0, (gint32) s->catalogue.line_types->len),
                                                       g_rand_int_range (f->rand, 0, 3) != 0, stroke_key (f)));
      }
    case 5:
      {
        /* name a hexside that has a feature (the file keeps only those) */
        guint n_ids = gbacw_hex_grid_n_hexside_ids (grid);
        guint start = (guint) g_rand_int_range (f->rand, 0, (gint32) n_ids);
        for (guint k = 0; k < n_ids; k++)
          {
            guint id = (start + k) % n_ids;
            if (s->map->hexside_features[id] && gbacw_hex_grid_hexside_on_map (grid, id))
              {
                GbacwMapEdit *edit = gbacw_map_edit_new ("Name hexside", 0);
                g_autofree char *name = g_strdup_printf ("Work %u", ++f->serial);
                gbacw_map_edit_set_hexside_name (edit, id, g_rand_boolean (f->rand) ? name : NULL);
                return GBACW_COMMAND (edit);
              }
          }
        return NULL;
      }
    case 6:
      return GBACW_COMMAND (gbacw_map_edit_flood_fill (s, random_hex (f),
                                                       g_rand_int_range (f->rand, 0, 5) ? random_terrain_mask (f) : 0));
    case 7:
    default:
      {
        int crest = gbacw_catalogue_find_hexside_type (&s->catalogue, "crest");
        return crest >= 0 ? GBACW_COMMAND (gbacw_map_edit_auto_crest (s, crest)) : NULL;
      }
    }
}

static gboolean
unit_is_referenced (GbacwScenario *s, const char *id)
{
  if (gbacw_scenario_find_placement (s, id, NULL))
    return TRUE;
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      for (guint j = 0; j < r->units->len; j++)
        if (g_str_equal (g_ptr_array_index (r->units, j), id))
          return TRUE;
    }
  for (guint i = 0; i < s->oob.formations->len; i++)
    if (g_strcmp0 (((GbacwFormation *) g_ptr_array_index (s->oob.formations, i))->commander, id) == 0)
      return TRUE;
  return FALSE;
}

static GbacwCommand *
fuzz_oob (Fuzz *f, int sub)
{
  GbacwScenario *s = f->s;
  GPtrArray *units = s->oob.units;
  GbacwCollectionEdit *edit;

  switch (sub)
    {
    case 0:
    case 1:
      {
        /* typing into a unit's field */
        int index = f->typing_key && g_rand_boolean (f->rand) ? f->typing_index
                    : g_rand_int_range (f->rand, 0, (gint32) units->len);
        GbacwUnit *u;
        if (index >= (int) units->len)
          return NULL;
        u = gbacw_collection_item_copy (GBACW_COLLECTION_UNITS, g_ptr_array_index (units, index));
        if (f->typing_key == 0 || f->typing_index != index || g_rand_int_range (f->rand, 0, 3) == 0)
          {
            f->typing_key = ++f->serial;
            f->typing_index = index;
          }
        u->strength = g_rand_int_range (f->rand, 1, 10);
        g_free (u->designation);
        u->designation = g_strdup_printf ("Unit %u", g_rand_int_range (f->rand, 0, 1000));
        edit = gbacw_collection_edit_new ("Edit unit", f->typing_key);
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, index, u);
        return GBACW_COMMAND (edit);
      }
    case 2:
      {
        GbacwFormation *form = g_ptr_array_index (s->oob.formations,
                                                  g_rand_int_range (f->rand, 0, (gint32) s->oob.formations->len));
        g_autofree char *id = g_strdup_printf ("x-%u", ++f->serial);
        GbacwUnit *u = gbacw_unit_new (id, form->side, GBACW_UNIT_INFANTRY);
        u->formation = g_strdup (form->id);
        u->designation = g_strdup (id);
        u->strength = g_rand_int_range (f->rand, 1, 10);
        u->morale = g_rand_int_range (f->rand, 0, 6);
        u->weapon = g_strdup ("R");
        edit = gbacw_collection_edit_new ("Add unit", 0);
        gbacw_collection_edit_insert (edit, GBACW_COLLECTION_UNITS,
                                      (guint) g_rand_int_range (f->rand, 0, (gint32) units->len + 1), u);
        return GBACW_COMMAND (edit);
      }
    case 3:
      {
        int index = g_rand_int_range (f->rand, 0, (gint32) units->len);
        GbacwUnit *u = g_ptr_array_index (units, index);
        if (unit_is_referenced (s, u->id) || units->len < 4)
          return NULL;
        edit = gbacw_collection_edit_new ("Remove unit", 0);
        gbacw_collection_edit_remove (edit, GBACW_COLLECTION_UNITS, (guint) index);
        return GBACW_COMMAND (edit);
      }
    case 4:
      edit = gbacw_collection_edit_new ("Move unit", 0);
      gbacw_collection_edit_move (edit, GBACW_COLLECTION_UNITS,
                                  (guint) g_rand_int_range (f->rand, 0, (gint32) units->len),
                                  (guint) g_rand_int_range (f->rand, 0, (gint32) units->len));
      return GBACW_COMMAND (edit);
    case 5:
      {
        /* deploy an undeployed unit, or move a deployed one */
        GbacwUnit *u = g_ptr_array_index (units, g_rand_int_range (f->rand, 0, (gint32) units->len));
        guint index;
        GbacwPlacement *p = gbacw_scenario_find_placement (s, u->id, &index);
        edit = gbacw_collection_edit_new ("Place unit", 0);
        if (p == NULL)
          {
            p = gbacw_placement_new (u->id, random_hex (f));
            p->formation = GBACW_FORMATION_STATE_LINE;
            p->facing = g_rand_int_range (f->rand, 0, 6);
            gbacw_collection_edit_insert (edit, GBACW_COLLECTION_PLACEMENTS,
                                          (guint) g_rand_int_range (f->rand, 0, (gint32) s->deployment->len + 1), p);
          }
        else if (g_rand_int_range (f->rand, 0, 4) == 0)
          gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, index);
        else
          {
            p = gbacw_collection_item_copy (GBACW_COLLECTION_PLACEMENTS, p);
            p->hex = random_hex (f);
            p->status = (guint) g_rand_int_range (f->rand, 0, 4);
            gbacw_collection_edit_replace (edit, GBACW_COLLECTION_PLACEMENTS, index, p);
          }
        return GBACW_COMMAND (edit);
      }
    case 6:
    default:
      {
        /* undeploy and delete a unit in one step */
        GbacwCommandGroup *group;
        GbacwCollectionEdit *first, *second;
        guint pindex, uindex;
        GbacwPlacement *p;

        if (s->deployment->len == 0)
          return NULL;
        pindex = (guint) g_rand_int_range (f->rand, 0, (gint32) s->deployment->len);
        p = g_ptr_array_index (s->deployment, pindex);
        if (!gbacw_oob_find_unit (&s->oob, p->unit) || g_str_has_suffix (p->unit, "lead"))
          return NULL;
        for (uindex = 0; uindex < units->len; uindex++)
          if (g_str_equal (((GbacwUnit *) g_ptr_array_index (units, uindex))->id, p->unit))
            break;
        group = gbacw_command_group_new ("Delete unit");
        first = gbacw_collection_edit_new (NULL, 0);
        gbacw_collection_edit_remove (first, GBACW_COLLECTION_PLACEMENTS, pindex);
        second = gbacw_collection_edit_new (NULL, 0);
        gbacw_collection_edit_remove (second, GBACW_COLLECTION_UNITS, uindex);
        gbacw_command_group_add (group, GBACW_COMMAND (first));
        gbacw_command_group_add (group, GBACW_COMMAND (second));
        return GBACW_COMMAND (group);
      }
    }
}

static GbacwCollection
random_catalogue (Fuzz *f)
{
  static const GbacwCollection c[] = {
    GBACW_COLLECTION_HEX_TERRAINS, GBACW_COLLECTION_HEXSIDE_TYPES, GBACW_COLLECTION_LINE_TYPES,
  };
  return c[g_rand_int_range (f->rand, 0, 3)];
}

/* Sets the id (and for a hex terrain a matching code) or the name of a catalogue entry. */
static void
set_catalogue_strings (GbacwCollection c, gpointer item, const char *id, const char *name)
{
  char **id_field, **name_field;

  switch (c)
    {
    case GBACW_COLLECTION_HEX_TERRAINS:
      {
        GbacwHexTerrain *t = item;
        id_field = &t->id;
        name_field = &t->name;
        if (id)
          {
            g_free (t->code);
            t->code = g_strdup_printf ("n%s", id + 3);
          }
      }
      break;
    case GBACW_COLLECTION_HEXSIDE_TYPES:
      id_field = &((GbacwHexsideType *) item)->id;
      name_field = &((GbacwHexsideType *) item)->name;
      break;
    case GBACW_COLLECTION_LINE_TYPES:
    default:
      id_field = &((GbacwLineType *) item)->id;
      name_field = &((GbacwLineType *) item)->name;
      break;
    }
  if (id)
    {
      g_free (*id_field);
      *id_field = g_strdup (id);
    }
  if (name)
    {
      g_free (*name_field);
      *name_field = g_strdup (name);
    }
}

static GbacwCommand *
fuzz_catalogue (Fuzz *f, int sub)
{
  GbacwScenario *s = f->s;
  GbacwCollection c = random_catalogue (f);
  GPtrArray *array = gbacw_collection_get_array (s, c);
  GbacwCollectionEdit *edit;
  gpointer item;
  char *id;

  switch (sub)
    {
    case 0:
      {
        guint max = c == GBACW_COLLECTION_HEX_TERRAINS ? GBACW_MAX_HEX_TERRAINS
                    : c == GBACW_COLLECTION_HEXSIDE_TYPES ? GBACW_MAX_HEXSIDE_TYPES : GBACW_MAX_LINE_TYPES;
        if (array->len >= max)
          return NULL;
        item = gbacw_collection_item_copy (c, g_ptr_array_index (array, g_rand_int_range (f->rand, 0, (gint32) array->len)));
        id = g_strdup_printf ("new%u", ++f->serial);
        set_catalogue_strings (c, item, id, NULL);
        g_free (id);
        edit = gbacw_collection_edit_new ("Add catalogue entry", 0);
        gbacw_collection_edit_insert (edit, c, (guint) g_rand_int_range (f->rand, 0, (gint32) array->len + 1), item);
        return GBACW_COMMAND (edit);
      }
    case 1:
      {
        guint index = (guint) g_rand_int_range (f->rand, 0, (gint32) array->len);
        if (array->len < 3 || gbacw_catalogue_entry_in_use (s, c, index))
          return NULL;
        edit = gbacw_collection_edit_new ("Remove catalogue entry", 0);
        gbacw_collection_edit_remove (edit, c, index);
        return GBACW_COMMAND (edit);
      }
    case 2:
      edit = gbacw_collection_edit_new ("Move catalogue entry", 0);
      gbacw_collection_edit_move (edit, c, (guint) g_rand_int_range (f->rand, 0, (gint32) array->len),
                                  (guint) g_rand_int_range (f->rand, 0, (gint32) array->len));
      return GBACW_COMMAND (edit);
    case 3:
    default:
      {
        guint index = (guint) g_rand_int_range (f->rand, 0, (gint32) array->len);
        item = gbacw_collection_item_copy (c, g_ptr_array_index (array, index));
        id = g_strdup_printf ("Renamed %u", ++f->serial);
        set_catalogue_strings (c, item, NULL, id);
        g_free (id);
        edit = gbacw_collection_edit_new ("Rename catalogue entry", 0);
        gbacw_collection_edit_replace (edit, c, index, item);
        return GBACW_COMMAND (edit);
      }
    }
}

static GbacwCommand *
fuzz_other (Fuzz *f, int sub)
{
  GbacwScenario *s = f->s;
  GbacwCollectionEdit *edit;

  switch (sub)
    {
    case 0:
      {
        GbacwSettingsEdit *settings = gbacw_settings_edit_new ("Edit title", stroke_key (f));
        g_autofree char *title = g_strdup_printf ("Title %u", g_rand_int_range (f->rand, 0, 100));
        GbacwScenarioInfo info = { title, s->info.game, g_rand_boolean (f->rand) ? NULL : (char *) "Desc" };
        gbacw_settings_edit_set_info (settings, &info);
        return GBACW_COMMAND (settings);
      }
    case 1:
      {
        GbacwSettingsEdit *settings = gbacw_settings_edit_new ("Edit map settings", 0);
        g_autoptr (GArray) levels = g_array_new (FALSE, FALSE, sizeof (int));
        GbacwBackground background = s->map->background;
        for (int i = g_rand_int_range (f->rand, 1, 5); i > 0; i--)
          {
            int v = g_rand_int_range (f->rand, 0, 100);
            g_array_append_val (levels, v);
          }
        gbacw_settings_edit_set_levels (settings, levels);
        background.opacity = g_rand_int_range (f->rand, 0, 9) / 8.0;
        background.file = g_rand_boolean (f->rand) ? (char *) "map.png" : NULL;
        gbacw_settings_edit_set_background (settings, &background);
        return GBACW_COMMAND (settings);
      }
    case 2:
      {
        GbacwSettingsEdit *settings = gbacw_settings_edit_new ("Edit turns", 0);
        GbacwTurnTrack turns = { 0 };
        gbacw_turn_track_copy (&turns, &s->turns);
        turns.last = g_rand_int_range (f->rand, 1, 10);
        g_free (turns.first_player);
        turns.first_player = g_strdup (g_rand_boolean (f->rand) ? "union" : "confederate");
        gbacw_settings_edit_set_turns (settings, &turns);
        gbacw_turn_track_clear (&turns);
        return GBACW_COMMAND (settings);
      }
    case 3:
      {
        GbacwChart *chart = g_ptr_array_index (s->charts, g_rand_int_range (f->rand, 0, (gint32) s->charts->len));
        GbacwChartRow *row = g_ptr_array_index (chart->rows, g_rand_int_range (f->rand, 0, (gint32) chart->rows->len));
        const char *col = g_ptr_array_index (chart->columns, g_rand_int_range (f->rand, 0, (gint32) chart->columns->len));
        g_autofree char *value = g_strdup_printf ("%d", g_rand_int_range (f->rand, -3, 10));
        GbacwCell cell = { value, (GbacwCellStatus) g_rand_int_range (f->rand, 0, 4) };
        GbacwChartEdit *chart_edit = gbacw_chart_edit_new ("Edit cell", stroke_key (f));
        if (cell.status == GBACW_CELL_UNKNOWN)
          cell.value = NULL;
        gbacw_chart_edit_set_cell (chart_edit, chart->id, row->id, col, &cell);
        return GBACW_COMMAND (chart_edit);
      }
    case 4:
      {
        /* grow or shrink an area */
        guint index = (guint) g_rand_int_range (f->rand, 0, (gint32) s->map->areas->len);
        GbacwArea *area = gbacw_collection_item_copy (GBACW_COLLECTION_AREAS, g_ptr_array_index (s->map->areas, index));
        int h = random_hex (f);
        if (area->hexes->len > 1 && g_rand_boolean (f->rand))
          g_array_remove_index (area->hexes, 0);
        else
          g_array_append_val (area->hexes, h);
        gbacw_area_sort (area);
        edit = gbacw_collection_edit_new ("Edit area", 0);
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_AREAS, index, area);
        return GBACW_COMMAND (edit);
      }
    case 5:
      {
        edit = gbacw_collection_edit_new ("Label", 0);
        if (s->map->labels->len > 0 && g_rand_boolean (f->rand))
          gbacw_collection_edit_remove (edit, GBACW_COLLECTION_LABELS,
                                        (guint) g_rand_int_range (f->rand, 0, (gint32) s->map->labels->len));
        else
          {
            GbacwLabel *label = g_new0 (GbacwLabel, 1);
            label->hex = random_hex (f);
            label->size = 1.0;
            label->angle = g_rand_int_range (f->rand, 0, 4) * 90;
            label->text = g_strdup_printf ("Label %u", ++f->serial);
            gbacw_collection_edit_insert (edit, GBACW_COLLECTION_LABELS,
                                          (guint) g_rand_int_range (f->rand, 0, (gint32) s->map->labels->len + 1), label);
          }
        return GBACW_COMMAND (edit);
      }
    case 6:
      {
        GbacwVpAward *award;
        if (s->vp_awards->len == 0)
          return NULL;
        award = gbacw_collection_item_copy (GBACW_COLLECTION_VP_AWARDS, g_ptr_array_index (s->vp_awards, 0));
        award->vp = g_rand_int_range (f->rand, 0, 20);
        award->each_turn = g_rand_boolean (f->rand);
        edit = gbacw_collection_edit_new ("Edit award", 0);
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_VP_AWARDS, 0, award);
        if (g_rand_boolean (f->rand) && s->victory_levels->len > 0)
          {
            GbacwVictoryLevel *level = gbacw_collection_item_copy (GBACW_COLLECTION_VICTORY_LEVELS,
                                                                   g_ptr_array_index (s->victory_levels, 0));
            level->min = g_rand_int_range (f->rand, 0, 30);
            gbacw_collection_edit_insert (edit, GBACW_COLLECTION_VICTORY_LEVELS, 0, level);
          }
        return GBACW_COMMAND (edit);
      }
    case 7:
      {
        GbacwExclusiveRule *rule;
        if (s->exclusive_rules->len == 0)
          return NULL;
        rule = gbacw_collection_item_copy (GBACW_COLLECTION_EXCLUSIVE_RULES, g_ptr_array_index (s->exclusive_rules, 0));
        rule->enabled = !rule->enabled;
        edit = gbacw_collection_edit_new ("Toggle rule", 0);
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_EXCLUSIVE_RULES, 0, rule);
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_OPTIONS, 0,
                                       gbacw_param_new ("los-along-hexside",
                                                        g_rand_boolean (f->rand) ? "both-block" : "adjacent-only"));
        return GBACW_COMMAND (edit);
      }
    case 8:
    default:
      {
        GbacwTurn *turn;
        guint index = (guint) g_rand_int_range (f->rand, 0, (gint32) s->turns.turns->len);
        turn = gbacw_collection_item_copy (GBACW_COLLECTION_TURNS, g_ptr_array_index (s->turns.turns, index));
        turn->night = !turn->night;
        edit = gbacw_collection_edit_new ("Edit turn", 0);
        gbacw_collection_edit_replace (edit, GBACW_COLLECTION_TURNS, index, turn);
        return GBACW_COMMAND (edit);
      }
    }
}

static GbacwCommand *
fuzz_command (Fuzz *f)
{
  static const int n_subs[] = { 8, 7, 4, 9 };
  GbacwCommand *cmd = NULL;

  while (cmd == NULL)
    {
      /* users repeat themselves: half of the time the same kind of edit again, so
       * that strokes and typing (same merge key) really merge */
      if (f->last_group < 0 || g_rand_boolean (f->rand))
        {
          int r = g_rand_int_range (f->rand, 0, 10);
          f->last_group = r < 4 ? 0 : r < 6 ? 1 : r < 7 ? 2 : 3;
          f->last_sub = g_rand_int_range (f->rand, 0, n_subs[f->last_group]);
        }
      switch (f->last_group)
        {
        case 0: cmd = fuzz_map (f, f->last_sub); break;
        case 1: cmd = fuzz_oob (f, f->last_sub); break;
        case 2: cmd = fuzz_catalogue (f, f->last_sub); break;
        default: cmd = fuzz_other (f, f->last_sub); break;
        }
      if (cmd == NULL)
        f->last_group = -1;
    }
  return cmd;
}

/* The texts of the states the history can reach: states[i] is the text at index i. */
static void
check_state (GPtrArray *states, Fuzz *f)
{
  GbacwHistory *history = gbacw_document_get_history (f->doc);
  guint index = gbacw_history_get_index (history);
  g_autofree char *text = scenario_text (f->s);

  g_assert_cmpuint (index, <, states->len);
  g_assert_cmpstr (text, ==, g_ptr_array_index (states, index));
}

/* A boolean property whose every change must come with exactly one notify. */
typedef struct
{
  const char *name;
  gboolean value;
  guint n_notify;
} Watch;

static void
on_watch_notify (GObject *object, GParamSpec *pspec, Watch *watch)
{
  gboolean value;
  g_object_get (object, watch->name, &value, NULL);
  g_assert_true (value != watch->value);
  watch->value = value;
  watch->n_notify++;
}

static void
watch_init (Watch *watch, GObject *object, const char *name)
{
  g_autofree char *signal = g_strdup_printf ("notify::%s", name);
  watch->name = name;
  g_object_get (object, name, &watch->value, NULL);
  g_signal_connect (object, signal, G_CALLBACK (on_watch_notify), watch);
}

static void
watch_check (Watch *watch, GObject *object)
{
  gboolean value;
  g_object_get (object, watch->name, &value, NULL);
  g_assert_true (value == watch->value);
}

static void
count_changed (guint *n)
{
  (*n)++;
}

static void
run_random (guint32 seed, guint n_steps)
{
  Fuzz f = { 0 };
  g_autoptr (GbacwDocument) doc = gbacw_document_new (build_scenario ());
  g_autoptr (GPtrArray) states = g_ptr_array_new_with_free_func (g_free);
  /* the commands below the clean point when it was set, kept alive so that their
   * addresses identify them: the clean state is reachable while they are still the
   * bottom of the history */
  g_autoptr (GPtrArray) clean_commands = g_ptr_array_new_with_free_func (g_object_unref);
  GbacwHistory *history = gbacw_document_get_history (doc);
  g_autofree char *original = NULL;
  g_autofree char *forward = NULL;
  g_autofree char *clean_text = NULL;
  Watch can_undo, can_redo, modified;
  guint n_commands = 0, n_saves = 0, n_clean = 0, n_merged = 0, n_changed = 0;

  f.doc = doc;
  f.s = gbacw_document_get_scenario (doc);
  f.rand = g_rand_new_with_seed (seed);
  f.last_group = -1;
  original = scenario_text (f.s);
  clean_text = g_strdup (original);
  g_ptr_array_add (states, g_strdup (original));
  g_signal_connect_swapped (doc, "changed", G_CALLBACK (count_changed), &n_changed);
  watch_init (&can_undo, G_OBJECT (history), "can-undo");
  watch_init (&can_redo, G_OBJECT (history), "can-redo");
  watch_init (&modified, G_OBJECT (history), "modified");
  g_assert_false (modified.value);

  for (guint step = 0; step < n_steps; step++)
    {
      int r = g_rand_int_range (f.rand, 0, 100);
      guint index;
      gboolean at_clean;

      if (r < 12)
        {
          gbacw_document_undo (doc);
          f.stroke_key = f.typing_key = 0;
          check_state (states, &f);
        }
      else if (r < 20)
        {
          gbacw_document_redo (doc);
          f.stroke_key = f.typing_key = 0;
          check_state (states, &f);
        }
      else if (r < 23)
        {
          /* what a save does to the history */
          gbacw_history_set_clean (history);
          g_free (clean_text);
          clean_text = scenario_text (f.s);
          g_ptr_array_set_size (clean_commands, 0);
          for (guint i = 0; i < gbacw_history_get_index (history); i++)
            g_ptr_array_add (clean_commands, g_object_ref (gbacw_history_get_command (history, i)));
          n_saves++;
        }
      else
        {
          guint before = gbacw_history_get_index (history);
          guint n_changed_before = n_changed;
          gbacw_document_execute (doc, fuzz_command (&f));
          n_commands++;
          if (n_changed == n_changed_before)
            {
              /* a command that changed nothing is dropped: the redo stack stays */
              check_state (states, &f);
            }
          else
            {
              if (gbacw_history_get_index (history) == before)
                n_merged++;
              /* the new (or merged) top state; anything after it is gone */
              g_ptr_array_set_size (states, gbacw_history_get_index (history) + 1);
              g_free (g_ptr_array_index (states, states->len - 1));
              g_ptr_array_index (states, states->len - 1) = scenario_text (f.s);
            }
        }

      watch_check (&can_undo, G_OBJECT (history));
      watch_check (&can_redo, G_OBJECT (history));
      watch_check (&modified, G_OBJECT (history));
      index = gbacw_history_get_index (history);
      g_assert_true (can_undo.value == (index > 0));
      g_assert_true (can_redo.value == (index < gbacw_history_get_n_commands (history)));

      /* unmodified exactly at the clean point */
      at_clean = index == clean_commands->len;
      for (guint i = 0; at_clean && i < clean_commands->len; i++)
        at_clean = gbacw_history_get_command (history, i) == g_ptr_array_index (clean_commands, i);
      g_assert_true (modified.value == !at_clean);
      if (at_clean)
        {
          g_autofree char *text = scenario_text (f.s);
          g_assert_cmpstr (text, ==, clean_text);
          n_clean++;
        }
    }
  g_test_message ("seed %u: %u commands, %u merged, %u in the history, %u saves, %u times clean",
                  seed, n_commands, n_merged, gbacw_history_get_n_commands (history), n_saves, n_clean);
  g_assert_cmpuint (n_commands, >, n_steps / 2);
  g_assert_cmpuint (n_saves, >, 0);
  g_assert_cmpuint (n_merged, >, n_steps / 20);
  g_assert_cmpuint (n_clean, >, n_saves);
  g_assert_cmpuint (gbacw_history_get_n_commands (history), >, 10);
  g_assert_cmpuint (can_undo.n_notify, >, 0);
  g_assert_cmpuint (can_redo.n_notify, >, 0);
  g_assert_cmpuint (modified.n_notify, >, 1);

  while (gbacw_document_redo (doc))
    ;
  forward = scenario_text (f.s);
  g_assert_cmpstr (forward, ==, g_ptr_array_index (states, states->len - 1));

  while (gbacw_document_undo (doc))
    ;
  {
    g_autofree char *text = scenario_text (f.s);
    g_assert_cmpstr (text, ==, original);
  }
  while (gbacw_document_redo (doc))
    ;
  {
    g_autofree char *text = scenario_text (f.s);
    g_assert_cmpstr (text, ==, forward);
  }
  g_signal_handlers_disconnect_by_data (history, &can_undo);
  g_signal_handlers_disconnect_by_data (history, &can_redo);
  g_signal_handlers_disconnect_by_data (history, &modified);
  g_rand_free (f.rand);
}

static void
test_random (void)
{
  run_random (20240611, 500);
  run_random (7, 500);
  if (g_test_slow ())
    for (guint32 seed = 100; seed < 120; seed++)
      run_random (seed, 500);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/commands/change", test_change);
  g_test_add_func ("/commands/map-edit/cells", test_map_edit_cells);
  g_test_add_func ("/commands/map-edit/stroke-merge", test_map_edit_stroke_merge);
  g_test_add_func ("/commands/map-edit/paint-terrain", test_map_edit_paint_terrain);
  g_test_add_func ("/commands/map-edit/set-elevation", test_map_edit_set_elevation);
  g_test_add_func ("/commands/map-edit/hexside-feature", test_map_edit_hexside_feature);
  g_test_add_func ("/commands/map-edit/set-line", test_map_edit_set_line);
  g_test_add_func ("/commands/map-edit/draw-line", test_map_edit_draw_line);
  g_test_add_func ("/commands/map-edit/clear-lines-at", test_map_edit_clear_lines_at);
  g_test_add_func ("/commands/map-edit/step-elevation", test_map_edit_step_elevation);
  g_test_add_func ("/commands/map-edit/erase", test_map_edit_erase);
  g_test_add_func ("/commands/map-edit/works", test_map_edit_works);
  g_test_add_func ("/commands/map-region/paste", test_map_region_paste);
  g_test_add_func ("/commands/map-region/border", test_map_region_border);
  g_test_add_func ("/commands/map-edit/name-hexside", test_map_edit_name_hexside);
  g_test_add_func ("/commands/map-edit/areas", test_map_edit_areas);
  g_test_add_func ("/commands/map-edit/flood-fill", test_map_edit_flood_fill);
  g_test_add_func ("/commands/map-edit/auto-crest", test_map_edit_auto_crest);
  g_test_add_func ("/commands/collection-edit/units", test_collection_units);
  g_test_add_func ("/commands/collection-edit/placements", test_collection_placements);
  g_test_add_func ("/commands/collection-edit/other", test_collection_other);
  g_test_add_func ("/commands/collection-edit/merge", test_collection_merge);
  g_test_add_func ("/commands/collection-edit/catalogue", test_collection_catalogue);
  g_test_add_func ("/commands/collection-edit/catalogue-in-use", test_collection_catalogue_in_use);
  g_test_add_func ("/commands/settings-edit", test_settings_edit);
  g_test_add_func ("/commands/chart-edit", test_chart_edit);
  g_test_add_func ("/commands/group", test_command_group);
  g_test_add_func ("/commands/random", test_random);

  return g_test_run ();
}
