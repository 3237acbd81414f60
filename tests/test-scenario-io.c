/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario-io.c: loading and saving scenario files.
 *
 * The data directory (for the schema) comes from GBACW_DATADIR, else ../data beside
 * this file; the test files in tests/io from
 * G_TEST_SRCDIR, else TEST_SRCDIR (a compile-time define), else the directory of this file.
 */
#define G_LOG_DOMAIN "test-scenario-io"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-file-read.h"
#include "gbacw-scenario-io.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

static char *test_srcdir;

/* ==================================================================== helpers */

static char *
io_path (const char *first, ...)
{
  va_list args;
  GPtrArray *parts = g_ptr_array_new ();
  char *path;

  g_ptr_array_add (parts, test_srcdir);
  g_ptr_array_add (parts, "io");
  g_ptr_array_add (parts, (gpointer) first);
  va_start (args, first);
  for (const char *p = va_arg (args, const char *); p; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) p);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  path = g_build_filenamev ((char **) parts->pdata);
  g_ptr_array_unref (parts);
  return path;
}

static int
hex_index (const GbacwHexGrid *grid, const char *label)
{
  GbacwHex hex;
  g_assert_true (gbacw_hex_grid_parse_label (grid, label, &hex, NULL));
  return gbacw_hex_grid_index (grid, hex);
}

static GbacwHexsideId
side_id (const GbacwHexGrid *grid, const char *label, const char *dir)
{
  GbacwHex hex;
  int d = gbacw_hex_direction_parse (grid->orientation, dir);
  g_assert_true (gbacw_hex_grid_parse_label (grid, label, &hex, NULL));
  g_assert_cmpint (d, >=, 0);
  return gbacw_hex_grid_hexside (grid, hex, d);
}

static int
type_bit (const GbacwScenario *s, const char *hexside_type)
{
  int i = gbacw_catalogue_find_hexside_type (&s->catalogue, hexside_type);
  g_assert_cmpint (i, >=, 0);
  return i;
}

static void
add_features (GbacwScenario *s, const char *label, const char *dir, const char *const *types)
{
  GbacwHexsideId id = side_id (&s->map->grid, label, dir);
  for (guint i = 0; types[i]; i++)
    s->map->hexside_features[id] |= 1u << type_bit (s, types[i]);
}

/* Sets the inside of all inside-mode features of the hexside to the hex on the far side (b). */
static void
set_inside_far (GbacwScenario *s, const char *label, const char *dir)
{
  GbacwHexsideId id = side_id (&s->map->grid, label, dir);
  for (guint i = 0; i < s->catalogue.hexside_types->len; i++)
    {
      GbacwHexsideType *t = g_ptr_array_index (s->catalogue.hexside_types, i);
      if (t->side == GBACW_SIDE_MODE_INSIDE && (s->map->hexside_features[id] & (1u << i)))
        s->map->hexside_inside[id] |= 1u << i;
    }
}

static void
add_line (GbacwScenario *s, const char *type, const char *const *labels)
{
  const GbacwHexGrid *grid = &s->map->grid;
  int t = gbacw_catalogue_find_line_type (&s->catalogue, type);
  g_assert_cmpint (t, >=, 0);
  for (guint i = 1; labels[i]; i++)
    {
      GbacwHex a, b;
      int d;
      g_assert_true (gbacw_hex_grid_parse_label (grid, labels[i - 1], &a, NULL));
      g_assert_true (gbacw_hex_grid_parse_label (grid, labels[i], &b, NULL));
      d = gbacw_hex_grid_direction_to (grid, a, b);
      g_assert_cmpint (d, >=, 0);
      s->map->hexside_lines[gbacw_hex_grid_hexside (grid, a, d)] |= 1u << t;
    }
}

static GbacwHexTerrain *
hex_terrain (const char *id, const char *code, const char *name, const char *fill, const char *pattern,
             int height, const char *rule_case)
{
  GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);
  t->id = g_strdup (id);
  t->code = g_strdup (code);
  t->name = g_strdup (name);
  t->fill = g_strdup (fill);
  t->pattern = g_strdup (pattern);
  t->height = height;
  t->rule_case = g_strdup (rule_case);
  return t;
}

static GbacwHexsideType *
hexside_type (const char *id, const char *name, const char *style, GbacwSideMode side, const char *requires,
              const char *rule_case)
{
  GbacwHexsideType *t = g_new0 (GbacwHexsideType, 1);
  t->id = g_strdup (id);
  t->name = g_strdup (name);
  t->style = g_strdup (style);
  t->side = side;
  t->requires = requires ? g_strsplit (requires, " ", -1) : NULL;
  t->rule_case = g_strdup (rule_case);
  return t;
}

static GbacwLineType *
line_type (const char *id, const char *name, const char *colour, double width, const char *style)
{
  GbacwLineType *t = g_new0 (GbacwLineType, 1);
  t->id = g_strdup (id);
  t->name = g_strdup (name);
  t->colour = g_strdup (colour);
  t->width = width;
  t->style = g_strdup (style);
  return t;
}

static void
set_row (GbacwChart *chart, const char *id, const char *name, const char *const *cells)
{
  GbacwChartRow *row = gbacw_chart_add_row (chart, id, name);
  for (guint i = 0; cells[i]; i++)
    gbacw_cell_parse (&row->cells[i], cells[i]);
}

static GbacwFormation *
add_formation (GbacwScenario *s, const char *id, const char *side, const char *parent, GbacwFormationKind kind,
               const char *name, const char *commander)
{
  GbacwFormation *f = gbacw_formation_new (id, side, kind);
  f->parent = g_strdup (parent);
  f->name = g_strdup (name);
  f->commander = g_strdup (commander);
  g_ptr_array_add (s->oob.formations, f);
  return f;
}

static GbacwUnit *
add_unit (GbacwScenario *s, const char *id, const char *side, const char *formation, GbacwUnitType type,
          const char *designation)
{
  GbacwUnit *u = gbacw_unit_new (id, side, type);
  u->formation = g_strdup (formation);
  u->designation = g_strdup (designation);
  g_ptr_array_add (s->oob.units, u);
  return u;
}

static GbacwPlacement *
add_placement (GbacwScenario *s, const char *unit, const char *label, GbacwFormationState state, const char *facing,
               int strength, guint status)
{
  const GbacwHexGrid *grid = &s->map->grid;
  GbacwPlacement *p = gbacw_placement_new (unit, hex_index (grid, label));
  p->formation = state;
  p->facing = facing ? gbacw_hex_direction_parse (grid->orientation, facing) : -1;
  p->strength = strength;
  p->status = status;
  g_ptr_array_add (s->deployment, p);
  return p;
}

static GbacwArea *
add_area (GbacwScenario *s, const char *id, GbacwAreaKind kind, const char *name, const char *side, int vp,
          const char *description, const char *const *labels)
{
  GbacwArea *area = gbacw_area_new (id, kind, name);
  area->side = g_strdup (side);
  area->vp = vp;
  area->description = g_strdup (description);
  for (guint i = 0; labels && labels[i]; i++)
    {
      int h = hex_index (&s->map->grid, labels[i]);
      g_array_append_val (area->hexes, h);
    }
  gbacw_area_sort (area);
  g_ptr_array_add (s->map->areas, area);
  return area;
}

static GbacwVpAward *
add_award (GbacwScenario *s, const char *id, const char *side, GbacwVpEvent event, const char *area, int vp,
           gboolean each_turn, const char *text)
{
  GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
  a->id = g_strdup (id);
  a->side = g_strdup (side);
  a->event = event;
  a->area = g_strdup (area);
  a->vp = vp;
  a->each_turn = each_turn;
  a->text = g_strdup (text);
  g_ptr_array_add (s->vp_awards, a);
  return a;
}

#define STRV(...) ((const char *const[]) { __VA_ARGS__, NULL })

/* ==================================================================== the full scenario */

/* A scenario that uses every element, attribute and enumerated value of the format. */
static GbacwScenario *
build_full_scenario (void)
{
  GbacwHexGrid grid;
  GbacwScenario *s;
  GbacwMap *map;
  GbacwChart *chart;
  GbacwFormation *f;
  GbacwUnit *u;
  GbacwReinforcement *r;
  GbacwLabel *label;
  GbacwVictoryLevel *level;
  GbacwVpAward *award;
  GbacwAutomaticVictory *automatic;
  GbacwExclusiveRule *rule;
  GbacwTurn *turn;
  static const char *const patterns[] = { "none", "trees", "town", "swamp", "orchard", "marsh", "fields", "dots" };
  static const char *const codes[] = { ".", "w", "t", "s", "o", "m", "f", "d" };

  gbacw_hex_grid_init_default (&grid, 12, 10);
  s = gbacw_scenario_new (&grid);
  map = s->map;

  s->info.title = g_strdup ("Mill Creek & <Cross Keys> \"1862\"");
  s->info.game = g_strdup ("Stonewall in the Valley — Frémont’s advance");
  s->info.description = g_strdup ("  Line one.\nLine two,\tafter a tab.\r\nA CRLF above; 'quotes' \"too\" & ]]> end.  ");

  /* catalogue: every pattern, every hexside style and side mode, every line style */
  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autofree char *id = g_strdup_printf ("terrain-%s", patterns[i]);
      g_autofree char *name = g_strdup_printf ("Terrain <%s> & co", patterns[i]);
      g_ptr_array_add (s->catalogue.hex_terrains,
                       hex_terrain (id, codes[i], i == 3 ? NULL : name, i == 4 ? NULL : "#a0b0c0", patterns[i],
                                    i == 5 ? GBACW_UNSET : (int) i * 10, i == 6 ? NULL : "9.72"));
    }
  g_ptr_array_add (s->catalogue.hex_terrains, hex_terrain ("rough", "r~", NULL, NULL, NULL, GBACW_UNSET, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("crest", "Crest", "crest", GBACW_SIDE_MODE_ELEVATION, NULL, "9.52"));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("steep", "Steep crest", "steep-crest", GBACW_SIDE_MODE_ELEVATION, NULL, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("river", "River", "river", GBACW_SIDE_MODE_NONE, NULL, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("stream", "Stream", "stream", GBACW_SIDE_MODE_NONE, NULL, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("ford", "Ford", "ford", GBACW_SIDE_MODE_NONE, "river stream", "22.5"));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("bridge", "Bridge", "bridge", GBACW_SIDE_MODE_NONE, "river", NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("wagon-bridge", "Wagon bridge", "wagon-bridge", GBACW_SIDE_MODE_NONE, "stream", NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("fence", "Fence", "fence", GBACW_SIDE_MODE_NONE, NULL, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("works", "Outer works", "works", GBACW_SIDE_MODE_INSIDE, NULL, "23.1"));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("redan", "Redan", "redan", GBACW_SIDE_MODE_INSIDE, NULL, "23.2"));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("generic", NULL, "generic", GBACW_SIDE_MODE_NONE, NULL, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("cliff", "Cliff", "impassable", GBACW_SIDE_MODE_NONE, NULL, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("unstyled", NULL, NULL, GBACW_SIDE_MODE_NONE, NULL, NULL));
  g_ptr_array_add (s->catalogue.line_types, line_type ("road", "Road", "#8a5a2b", 0.12, "solid"));
  g_ptr_array_add (s->catalogue.line_types, line_type ("pike", "Pike", "#8a5a2b", 0.15, "double"));
  g_ptr_array_add (s->catalogue.line_types, line_type ("trail", "Trail", NULL, 0.08, "dashed"));
  g_ptr_array_add (s->catalogue.line_types, line_type ("railroad", NULL, "#000000", 0, "railroad"));
  ((GbacwLineType *) g_ptr_array_index (s->catalogue.line_types, 0))->rule_case = g_strdup ("9.54");

  /* charts: every cell status, notes, cell notes, an empty chart */
  chart = gbacw_chart_new ("fire-crt", "Fire Combat Results Table");
  chart->rule_case = g_strdup ("9.16");
  chart->source = g_strdup ("P l.520-540");
  g_ptr_array_add (chart->notes, g_strdup ("Die roll 1 row also calls for an ammunition depletion check (11.21)."));
  g_ptr_array_add (chart->notes, g_strdup ("A second note with <markup> & \"quotes\"."));
  for (guint i = 0; i < 4; i++)
    g_ptr_array_add (chart->columns, g_strdup_printf ("%u", i + 1));
  set_row (chart, "grapeshot", "Grapeshot", STRV ("0-3", "4-8", "9-11", "12+"));
  set_row (chart, "1", "1 (ammo check)", STRV ("—", "?", "[P/R]", "{1*}"));
  set_row (chart, "2", NULL, STRV ("-1 SP", "C1R2", "Eng", "1/2"));
  g_ptr_array_add (s->charts, chart);
  {
    GbacwCellNote *note = g_new0 (GbacwCellNote, 1);
    note->row = g_strdup ("1");
    note->col = g_strdup ("3");
    note->text = g_strdup ("Breaks the diagonal pattern; as printed.");
    g_ptr_array_add (chart->cell_notes, note);
  }
  chart = gbacw_chart_new ("density", NULL);
  g_ptr_array_add (chart->columns, g_strdup ("shift"));
  set_row (chart, "1-2", NULL, STRV ("—"));
  set_row (chart, "10+", NULL, STRV ("1L"));
  g_ptr_array_add (s->charts, chart);
  g_ptr_array_add (s->charts, gbacw_chart_new ("empty", "An empty chart"));

  /* map */
  {
    int levels[] = { 0, 20, GBACW_UNSET, 60 };
    g_array_append_vals (map->levels, levels, G_N_ELEMENTS (levels));
  }
  for (int i = 0; i < gbacw_hex_grid_n_hexes (&grid); i++)
    {
      map->terrain[i] = (i % 7 == 3) ? 0 : (G_GUINT64_CONSTANT (1) << (i % 9));
      if (i % 5 == 0)
        map->terrain[i] |= G_GUINT64_CONSTANT (1) << 1;
      map->elevation[i] = (gint16) ((i / 3) % 4);
    }
  add_features (s, "0305", "ne", STRV ("stream", "ford"));
  add_features (s, "0305", "s", STRV ("river", "bridge"));
  add_features (s, "0710", "n", STRV ("crest"));
  add_features (s, "0406", "se", STRV ("works"));
  add_features (s, "0406", "sw", STRV ("redan", "fence"));
  set_inside_far (s, "0406", "sw");
  add_features (s, "0808", "nw", STRV ("steep", "generic", "cliff", "unstyled", "wagon-bridge"));
  add_features (s, "0101", "n", STRV ("river"));     /* on the map edge */
  add_features (s, "1210", "se", STRV ("stream"));   /* on the map edge */
  g_hash_table_insert (map->hexside_names, GUINT_TO_POINTER (side_id (&grid, "0406", "sw")), g_strdup ("Robinett"));
  g_hash_table_insert (map->hexside_names, GUINT_TO_POINTER (side_id (&grid, "0406", "se")), g_strdup ("Fort <A> & \"B\""));
  g_hash_table_insert (map->hexside_names, GUINT_TO_POINTER (side_id (&grid, "0909", "s")), g_strdup ("Name only"));
  add_line (s, "road", STRV ("0101", "0102", "0103", "0104"));
  add_line (s, "road", STRV ("0102", "0202", "0302", "0303"));
  add_line (s, "road", STRV ("0505", "0506", "0605", "0505"));   /* a loop */
  add_line (s, "pike", STRV ("1001", "1002", "1103", "1203", "1204"));
  add_line (s, "railroad", STRV ("0110", "0210", "0310"));
  add_line (s, "trail", STRV ("0707", "0708"));
  add_area (s, "port-republic", GBACW_AREA_TOWN, "Port Republic", NULL, GBACW_UNSET, NULL, STRV ("0810", "0809", "0910"));
  add_area (s, "u-setup", GBACW_AREA_SETUP, "Union set-up", "union", GBACW_UNSET, "within 5 hexes of 1010",
            STRV ("1010", "1009"));
  add_area (s, "assault", GBACW_AREA_ASSAULT, NULL, "confederate", GBACW_UNSET, NULL, STRV ("0405"));
  add_area (s, "entry", GBACW_AREA_ENTRY, "Entry", "union", GBACW_UNSET, NULL, STRV ("0101", "0102"));
  add_area (s, "obj-church", GBACW_AREA_OBJECTIVE, "Mill Creek Church", "union", 5, NULL, STRV ("0607"));
  add_area (s, "exit", GBACW_AREA_EXIT, "Exit", NULL, -2, NULL, STRV ("1201"));
  add_area (s, "other", GBACW_AREA_OTHER, NULL, NULL, GBACW_UNSET, "no hexes yet", NULL);
  label = g_new0 (GbacwLabel, 1);
  label->hex = hex_index (&grid, "0304");
  label->dx = 0.25;
  label->dy = -0.3;
  label->size = 1.5;
  label->angle = 30;
  label->text = g_strdup ("Mill Creek");
  g_ptr_array_add (map->labels, label);
  label = g_new0 (GbacwLabel, 1);
  label->hex = hex_index (&grid, "1210");
  label->dx = 1.0 / 3.0;   /* needs all 17 digits */
  label->size = 0.8;
  label->angle = -90;
  label->text = g_strdup ("");
  g_ptr_array_add (map->labels, label);
  map->background.file = g_strdup ("scans/map & key.jpg");
  map->background.opacity = 0.35;
  map->background.rotation = -1.3;
  {
    double t[6] = { 41.5, 0.25, -0.125, 41.5, 1234.5678901234, -17 };
    memcpy (map->background.transform, t, sizeof t);
  }

  /* order of battle, in the order the file lists it: per side its own units, then its
   * formations depth first, each formation's units before its sub-formations */
  g_ptr_array_add (s->oob.sides, gbacw_side_new ("union", "Union"));
  ((GbacwSide *) g_ptr_array_index (s->oob.sides, 0))->colour = g_strdup ("#2c4a8c");
  g_ptr_array_add (s->oob.sides, gbacw_side_new ("confederate", "Confederate"));
  g_ptr_array_add (s->oob.sides, gbacw_side_new ("empty", NULL));

  u = add_unit (s, "u-indep", "union", NULL, GBACW_UNIT_INFANTRY, "Independent \"Zouaves\"");
  u->flags = GBACW_UNIT_FLAG_INDEPENDENT;
  u->strength = 3;
  u->morale = 5;
  u->vp = 2;
  f = add_formation (s, "u-army", "union", NULL, GBACW_FORMATION_ARMY, "Army of the Mountain Department", "u-fremont");
  f->momentum = 4;
  u = add_unit (s, "u-fremont", "union", "u-army", GBACW_UNIT_LEADER, "Frémont");
  u->rank = g_strdup ("major-general");
  u->role = GBACW_LEADER_ARMY;
  u->er = 5;
  u->rally = 1;
  u->dir = 8;
  u->cp = 3;
  u->vp = 10;
  f = add_formation (s, "u-corps", "union", "u-army", GBACW_FORMATION_CORPS, "I Corps", "u-corps-leader");
  u = add_unit (s, "u-corps-leader", "union", "u-corps", GBACW_UNIT_LEADER, "Corps leader");
  u->role = GBACW_LEADER_CORPS;
  f = add_formation (s, "u-div-1", "union", "u-corps", GBACW_FORMATION_DIVISION, "Blenker", "u-blenker");
  f->independent = TRUE;
  f->bce[1] = 3;
  u = add_unit (s, "u-blenker", "union", "u-div-1", GBACW_UNIT_LEADER, "Blenker");
  u->role = GBACW_LEADER_DIVISION;
  u->flags = GBACW_UNIT_FLAG_INDEPENDENT;
  f = add_formation (s, "u-brig-1", "union", "u-div-1", GBACW_FORMATION_BRIGADE, "Stahel", "u-stahel");
  f->bce[0] = 6;
  f->bce[1] = 4;
  f->bce_vp = 2;
  u = add_unit (s, "u-stahel", "union", "u-brig-1", GBACW_UNIT_LEADER, "Stahel");
  u->role = GBACW_LEADER_BRIGADE;
  u = add_unit (s, "u-8ny", "union", "u-brig-1", GBACW_UNIT_INFANTRY, "8 NY");
  u->strength = 5;
  u->morale = 3;
  u->weapon = g_strdup ("R");
  u->flags = GBACW_UNIT_FLAG_SHARPSHOOTER;
  u = add_unit (s, "u-9ny", "union", "u-brig-1", GBACW_UNIT_INFANTRY, "9 NY");
  u->strength = 0;
  u->morale = GBACW_MORALE_GREEN;
  u = add_unit (s, "u-bat-a", "union", "u-brig-1", GBACW_UNIT_ARTILLERY, "Dilger");
  u->guns = 6;
  u->weapon = g_strdup ("N");
  u->rounds = 12;
  u->crew = GBACW_CREW_FULL;
  u->flags = GBACW_UNIT_FLAG_HORSE_ARTILLERY | GBACW_UNIT_FLAG_SECTION | GBACW_UNIT_FLAG_DOUBLE_SHOT;
  u = add_unit (s, "u-bat-b", "union", "u-brig-1", GBACW_UNIT_ARTILLERY, "Half battery");
  u->guns = 2;
  u->crew = GBACW_CREW_HALF;
  u->morale = 1;
  u = add_unit (s, "u-wagon-1", "union", "u-brig-1", GBACW_UNIT_WAGON, "Supply");
  u->small_arms_boxes = 4;
  u->artillery_boxes = 4;
  u->crew_strength = 1;
  u->morale = 2;
  u->weapon = g_strdup ("R");
  u = add_unit (s, "u-1cav", "union", "u-brig-1", GBACW_UNIT_CAVALRY, "1 NJ Cav");
  u->strength = 3;
  u->morale = 3;
  u->dismounted_morale = GBACW_MORALE_GREEN;
  u->weapon = g_strdup ("C");
  f = add_formation (s, "u-brig-2", "union", "u-div-1", GBACW_FORMATION_BRIGADE, NULL, NULL);
  u = add_unit (s, "u-10ny", "union", "u-brig-2", GBACW_UNIT_INFANTRY, NULL);
  u = add_unit (s, "u-11ny", "union", "u-brig-2", GBACW_UNIT_CAVALRY, "11 NY Cav");
  u->dismounted_morale = 4;
  f = add_formation (s, "c-group", "confederate", NULL, GBACW_FORMATION_GROUP, "Reserve", NULL);
  u = add_unit (s, "c-repl", "confederate", "c-group", GBACW_UNIT_LEADER, NULL);
  u->role = GBACW_LEADER_REPLACEMENT;
  f = add_formation (s, "c-empty", "confederate", "c-group", GBACW_FORMATION_BRIGADE, "Empty brigade", NULL);
  (void) f;
  gbacw_oob_reindex (&s->oob);

  /* turns */
  s->turns.first = 1;
  s->turns.last = 5;
  s->turns.first_player = g_strdup ("confederate");
  for (int n = 1; n <= 5; n++)
    {
      turn = g_new0 (GbacwTurn, 1);
      turn->n = n;
      turn->time = n == 5 ? NULL : g_strdup_printf ("%02d:%02d", 7 + n, n % 2 ? 0 : 30);
      turn->night = n == 4;
      turn->first_player = n == 3 ? g_strdup ("union") : NULL;
      g_ptr_array_add (s->turns.turns, turn);
    }

  /* deployment: every formation state, facing and status */
  add_placement (s, "u-8ny", "0101", GBACW_FORMATION_STATE_LINE, "n", 5, GBACW_STATUS_ROUTED);
  add_placement (s, "u-9ny", "0101", GBACW_FORMATION_STATE_COLUMN, "ne", GBACW_UNSET, GBACW_STATUS_PINNED | GBACW_STATUS_ENGAGED);
  add_placement (s, "u-1cav", "0202", GBACW_FORMATION_STATE_MOUNTED, "se", 2, GBACW_STATUS_AMMO_DEPLETED);
  add_placement (s, "u-11ny", "0203", GBACW_FORMATION_STATE_DISMOUNTED, "s", GBACW_UNSET, 0);
  add_placement (s, "u-bat-a", "0304", GBACW_FORMATION_STATE_LIMBERED, "sw", GBACW_UNSET, GBACW_STATUS_HALF_CREW);
  add_placement (s, "u-bat-b", "0304", GBACW_FORMATION_STATE_UNLIMBERED, "nw", GBACW_UNSET, GBACW_STATUS_ABANDONED);
  add_placement (s, "u-fremont", "1210", GBACW_FORMATION_STATE_UNSET, NULL, GBACW_UNSET, 0);

  /* reinforcements */
  r = gbacw_reinforcement_new ("r1", 2);
  {
    int entry[] = { hex_index (&grid, "0101"), hex_index (&grid, "0102") };
    g_array_append_vals (r->entry_hexes, entry, 2);
  }
  r->formation = GBACW_FORMATION_STATE_COLUMN;
  g_ptr_array_add (r->units, g_strdup ("u-10ny"));
  g_ptr_array_add (r->formations, g_strdup ("u-brig-2"));
  g_ptr_array_add (r->formations, g_strdup ("c-group"));
  g_ptr_array_add (s->reinforcements, r);
  g_ptr_array_add (s->reinforcements, gbacw_reinforcement_new ("r2", 4));

  /* victory: every event */
  add_award (s, "v1", "union", GBACW_VP_OBJECTIVE, "obj-church", 5, FALSE, NULL);
  add_award (s, "v2", "both", GBACW_VP_ENEMY_SP_LOST, NULL, 1, FALSE, NULL);
  award = add_award (s, "v3", "confederate", GBACW_VP_LEADER_LOST, NULL, 3, FALSE, NULL);
  award->how = GBACW_VP_HOW_WOUNDED;   /* P 34.11: priced by the outcome and the leader's role */
  award->role = g_strdup ("division");
  add_award (s, "v4", "union", GBACW_VP_BCE_LOST, NULL, GBACW_UNSET, FALSE, NULL);
  add_award (s, "v5", "confederate", GBACW_VP_UNIT_EXITED, "exit", 2, TRUE, NULL);
  award = add_award (s, "v6", "confederate", GBACW_VP_UNIT_VP, NULL, 10, FALSE, NULL);
  award->how = GBACW_VP_HOW_CAPTURED;   /* P 34.11: a captured wagon 10 */
  award->unit_type = g_strdup ("wagon");
  add_award (s, NULL, NULL, GBACW_VP_CUSTOM, NULL, -1, TRUE, "Each turn the bridge stands: 1 VP & a <cheer>.");
  level = g_new0 (GbacwVictoryLevel, 1);
  level->name = g_strdup ("Union decisive victory");
  level->side = g_strdup ("union");
  level->min = 20;
  g_ptr_array_add (s->victory_levels, level);
  level = g_new0 (GbacwVictoryLevel, 1);
  level->name = g_strdup ("Draw");
  level->min = GBACW_UNSET;
  g_ptr_array_add (s->victory_levels, level);
  automatic = g_new0 (GbacwAutomaticVictory, 1);
  automatic->side = g_strdup ("confederate");
  automatic->area = g_strdup ("obj-church");
  automatic->turn = 10;
  automatic->text = g_strdup ("Confederates hold Mill Creek Church at the end of Game-Turn 10.");
  g_ptr_array_add (s->automatic_victories, automatic);
  automatic = g_new0 (GbacwAutomaticVictory, 1);
  automatic->side = g_strdup ("union");
  automatic->turn = GBACW_UNSET;
  g_ptr_array_add (s->automatic_victories, automatic);

  /* rules: every option */
  g_ptr_array_add (s->options, gbacw_param_new ("command-5.2", "new"));
  g_ptr_array_add (s->options, gbacw_param_new ("los-along-hexside", "adjacent-only"));
  g_ptr_array_add (s->options, gbacw_param_new ("melee-terrain-12.31", "old"));
  g_ptr_array_add (s->options, gbacw_param_new ("supply-11.23", "new"));
  rule = g_new0 (GbacwExclusiveRule, 1);
  rule->id = g_strdup ("night");
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (rule->params, gbacw_param_new ("turns", "16 17"));
  g_ptr_array_add (rule->params, gbacw_param_new ("note", "a \"quoted\" <value> & more"));
  g_ptr_array_add (s->exclusive_rules, rule);
  rule = g_new0 (GbacwExclusiveRule, 1);
  rule->id = g_strdup ("optional-cavalry");
  rule->enabled = FALSE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (s->exclusive_rules, rule);
  return s;
}

/* A pointy-topped map numbered from 0 with one digit: every pointy direction. */
static GbacwScenario *
build_pointy_scenario (void)
{
  static const char *const dirs[] = { "ne", "e", "se", "sw", "w", "nw" };
  GbacwHexGrid grid;
  GbacwScenario *s;

  gbacw_hex_grid_init_default (&grid, 8, 6);
  grid.orientation = GBACW_GRID_POINTY_ROWS;
  grid.shift = GBACW_SHIFT_EVEN;
  grid.first_number = 0;
  grid.digits = 1;
  s = gbacw_scenario_new (&grid);
  g_ptr_array_add (s->catalogue.hex_terrains, hex_terrain ("clear", ".", "Clear", NULL, NULL, GBACW_UNSET, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("works", "Works", "works", GBACW_SIDE_MODE_INSIDE, NULL, NULL));
  g_ptr_array_add (s->catalogue.line_types, line_type ("road", "Road", NULL, 0.1, "solid"));
  for (int i = 0; i < gbacw_hex_grid_n_hexes (&grid); i++)
    s->map->terrain[i] = 1;
  g_ptr_array_add (s->oob.sides, gbacw_side_new ("a", "A"));
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autofree char *id = g_strdup_printf ("u%u", d);
      add_unit (s, id, "a", NULL, GBACW_UNIT_INFANTRY, NULL);
      add_placement (s, id, "33", GBACW_FORMATION_STATE_LINE, dirs[d], GBACW_UNSET, 0);
      add_features (s, "33", dirs[d], STRV ("works"));
      if (d % 2)
        set_inside_far (s, "33", dirs[d]);
    }
  gbacw_oob_reindex (&s->oob);
  add_line (s, "road", STRV ("00", "10", "20", "21", "22"));
  add_line (s, "road", STRV ("21", "31"));
  return s;
}

/* ==================================================================== comparison */

static void
assert_strv_equal (char **a, char **b)
{
  guint na = a ? g_strv_length (a) : 0, nb = b ? g_strv_length (b) : 0;
  g_assert_cmpuint (na, ==, nb);
  for (guint i = 0; i < na; i++)
    g_assert_cmpstr (a[i], ==, b[i]);
}

static void
assert_int_array_equal (GArray *a, GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpint (g_array_index (a, int, i), ==, g_array_index (b, int, i));
}

static void
assert_string_array_equal (GPtrArray *a, GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    g_assert_cmpstr (g_ptr_array_index (a, i), ==, g_ptr_array_index (b, i));
}

static void
assert_params_equal (GPtrArray *a, GPtrArray *b)
{
  guint na = a ? a->len : 0, nb = b ? b->len : 0;
  g_assert_cmpuint (na, ==, nb);
  for (guint i = 0; i < na; i++)
    {
      GbacwParam *x = g_ptr_array_index (a, i), *y = g_ptr_array_index (b, i);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->value, ==, y->value);
    }
}

static void
assert_catalogue_equal (const GbacwCatalogue *a, const GbacwCatalogue *b)
{
  g_assert_cmpuint (a->hex_terrains->len, ==, b->hex_terrains->len);
  for (guint i = 0; i < a->hex_terrains->len; i++)
    {
      GbacwHexTerrain *x = g_ptr_array_index (a->hex_terrains, i), *y = g_ptr_array_index (b->hex_terrains, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->code, ==, y->code);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->fill, ==, y->fill);
      g_assert_cmpstr (x->pattern, ==, y->pattern);
      g_assert_cmpint (x->height, ==, y->height);
      g_assert_cmpstr (x->rule_case, ==, y->rule_case);
    }
  g_assert_cmpuint (a->hexside_types->len, ==, b->hexside_types->len);
  for (guint i = 0; i < a->hexside_types->len; i++)
    {
      GbacwHexsideType *x = g_ptr_array_index (a->hexside_types, i), *y = g_ptr_array_index (b->hexside_types, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->style, ==, y->style);
      g_assert_cmpint (x->side, ==, y->side);
      assert_strv_equal (x->requires, y->requires);
      g_assert_cmpstr (x->rule_case, ==, y->rule_case);
    }
  g_assert_cmpuint (a->line_types->len, ==, b->line_types->len);
  for (guint i = 0; i < a->line_types->len; i++)
    {
      GbacwLineType *x = g_ptr_array_index (a->line_types, i), *y = g_ptr_array_index (b->line_types, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->colour, ==, y->colour);
      g_assert_cmpfloat (x->width, ==, y->width);
      g_assert_cmpstr (x->style, ==, y->style);
      g_assert_cmpstr (x->rule_case, ==, y->rule_case);
    }
}

static void
assert_chart_equal (const GbacwChart *a, const GbacwChart *b)
{
  g_assert_cmpstr (a->id, ==, b->id);
  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->rule_case, ==, b->rule_case);
  g_assert_cmpstr (a->source, ==, b->source);
  assert_string_array_equal (a->notes, b->notes);
  assert_string_array_equal (a->columns, b->columns);
  g_assert_cmpuint (a->rows->len, ==, b->rows->len);
  for (guint i = 0; i < a->rows->len; i++)
    {
      GbacwChartRow *x = g_ptr_array_index (a->rows, i), *y = g_ptr_array_index (b->rows, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->name, ==, y->name);
      for (guint j = 0; j < a->columns->len; j++)
        {
          g_assert_cmpint (x->cells[j].status, ==, y->cells[j].status);
          g_assert_cmpstr (x->cells[j].value, ==, y->cells[j].value);
        }
    }
  g_assert_cmpuint (a->cell_notes->len, ==, b->cell_notes->len);
  for (guint i = 0; i < a->cell_notes->len; i++)
    {
      GbacwCellNote *x = g_ptr_array_index (a->cell_notes, i), *y = g_ptr_array_index (b->cell_notes, i);
      g_assert_cmpstr (x->row, ==, y->row);
      g_assert_cmpstr (x->col, ==, y->col);
      g_assert_cmpstr (x->text, ==, y->text);
    }
}

static void
assert_map_equal (const GbacwMap *a, const GbacwMap *b)
{
  int n = gbacw_hex_grid_n_hexes (&a->grid);
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (&a->grid);
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpint (a->grid.orientation, ==, b->grid.orientation);
  g_assert_cmpint (a->grid.shift, ==, b->grid.shift);
  g_assert_cmpint (a->grid.columns, ==, b->grid.columns);
  g_assert_cmpint (a->grid.rows, ==, b->grid.rows);
  g_assert_cmpint (a->grid.first_number, ==, b->grid.first_number);
  g_assert_cmpint (a->grid.digits, ==, b->grid.digits);
  assert_int_array_equal (a->levels, b->levels);
  g_assert_cmpmem (a->terrain, sizeof (guint64) * n, b->terrain, sizeof (guint64) * n);
  g_assert_cmpmem (a->elevation, sizeof (gint16) * n, b->elevation, sizeof (gint16) * n);
  g_assert_cmpmem (a->hexside_features, sizeof (guint32) * n_ids, b->hexside_features, sizeof (guint32) * n_ids);
  g_assert_cmpmem (a->hexside_inside, sizeof (guint32) * n_ids, b->hexside_inside, sizeof (guint32) * n_ids);
  g_assert_cmpmem (a->hexside_lines, sizeof (guint16) * n_ids, b->hexside_lines, sizeof (guint16) * n_ids);
  g_assert_cmpuint (g_hash_table_size (a->hexside_names), ==, g_hash_table_size (b->hexside_names));
  g_hash_table_iter_init (&iter, a->hexside_names);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (value, ==, g_hash_table_lookup (b->hexside_names, key));
  g_assert_cmpuint (a->areas->len, ==, b->areas->len);
  for (guint i = 0; i < a->areas->len; i++)
    {
      GbacwArea *x = g_ptr_array_index (a->areas, i), *y = g_ptr_array_index (b->areas, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpint (x->kind, ==, y->kind);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->side, ==, y->side);
      g_assert_cmpint (x->vp, ==, y->vp);
      g_assert_cmpstr (x->description, ==, y->description);
      assert_int_array_equal (x->hexes, y->hexes);
    }
  g_assert_cmpuint (a->labels->len, ==, b->labels->len);
  for (guint i = 0; i < a->labels->len; i++)
    {
      GbacwLabel *x = g_ptr_array_index (a->labels, i), *y = g_ptr_array_index (b->labels, i);
      g_assert_cmpint (x->hex, ==, y->hex);
      g_assert_cmpfloat (x->dx, ==, y->dx);
      g_assert_cmpfloat (x->dy, ==, y->dy);
      g_assert_cmpfloat (x->size, ==, y->size);
      g_assert_cmpfloat (x->angle, ==, y->angle);
      g_assert_cmpstr (x->text, ==, y->text);
    }
  g_assert_cmpstr (a->background.file, ==, b->background.file);
  g_assert_cmpfloat (a->background.opacity, ==, b->background.opacity);
  g_assert_cmpfloat (a->background.rotation, ==, b->background.rotation);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpfloat (a->background.transform[i], ==, b->background.transform[i]);
}

static void
assert_oob_equal (const GbacwOob *a, const GbacwOob *b)
{
  g_assert_cmpuint (a->sides->len, ==, b->sides->len);
  for (guint i = 0; i < a->sides->len; i++)
    {
      GbacwSide *x = g_ptr_array_index (a->sides, i), *y = g_ptr_array_index (b->sides, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->colour, ==, y->colour);
    }
  g_assert_cmpuint (a->formations->len, ==, b->formations->len);
  for (guint i = 0; i < a->formations->len; i++)
    {
      GbacwFormation *x = g_ptr_array_index (a->formations, i), *y = g_ptr_array_index (b->formations, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->side, ==, y->side);
      g_assert_cmpstr (x->parent, ==, y->parent);
      g_assert_cmpint (x->kind, ==, y->kind);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->commander, ==, y->commander);
      g_assert_cmpint (x->independent, ==, y->independent);
      g_assert_cmpint (x->bce[0], ==, y->bce[0]);
      g_assert_cmpint (x->bce[1], ==, y->bce[1]);
      g_assert_cmpint (x->bce_vp, ==, y->bce_vp);
      g_assert_cmpint (x->momentum, ==, y->momentum);
      g_assert_true (gbacw_oob_find_formation (b, x->id) == y);
    }
  g_assert_cmpuint (a->units->len, ==, b->units->len);
  for (guint i = 0; i < a->units->len; i++)
    {
      GbacwUnit *x = g_ptr_array_index (a->units, i), *y = g_ptr_array_index (b->units, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->side, ==, y->side);
      g_assert_cmpstr (x->formation, ==, y->formation);
      g_assert_cmpint (x->type, ==, y->type);
      g_assert_cmpstr (x->designation, ==, y->designation);
      g_assert_cmpuint (x->flags, ==, y->flags);
      g_assert_cmpint (x->strength, ==, y->strength);
      g_assert_cmpint (x->morale, ==, y->morale);
      g_assert_cmpint (x->dismounted_morale, ==, y->dismounted_morale);
      g_assert_cmpstr (x->weapon, ==, y->weapon);
      g_assert_cmpint (x->guns, ==, y->guns);
      g_assert_cmpint (x->rounds, ==, y->rounds);
      g_assert_cmpint (x->crew, ==, y->crew);
      g_assert_cmpint (x->small_arms_boxes, ==, y->small_arms_boxes);
      g_assert_cmpint (x->artillery_boxes, ==, y->artillery_boxes);
      g_assert_cmpint (x->crew_strength, ==, y->crew_strength);
      if (x->type == GBACW_UNIT_LEADER)
        g_assert_cmpint (x->role, ==, y->role);
      g_assert_cmpstr (x->rank, ==, y->rank);
      g_assert_cmpint (x->er, ==, y->er);
      g_assert_cmpint (x->rally, ==, y->rally);
      g_assert_cmpint (x->dir, ==, y->dir);
      g_assert_cmpint (x->cp, ==, y->cp);
      g_assert_cmpint (x->vp, ==, y->vp);
      g_assert_true (gbacw_oob_find_unit (b, x->id) == y);
    }
}

static void
assert_scenario_equal (const GbacwScenario *a, const GbacwScenario *b)
{
  g_assert_cmpstr (a->info.title, ==, b->info.title);
  g_assert_cmpstr (a->info.game, ==, b->info.game);
  g_assert_cmpstr (a->info.description, ==, b->info.description);
  assert_catalogue_equal (&a->catalogue, &b->catalogue);
  g_assert_cmpuint (a->charts->len, ==, b->charts->len);
  for (guint i = 0; i < a->charts->len; i++)
    assert_chart_equal (g_ptr_array_index (a->charts, i), g_ptr_array_index (b->charts, i));
  assert_map_equal (a->map, b->map);
  assert_oob_equal (&a->oob, &b->oob);

  g_assert_cmpint (a->turns.first, ==, b->turns.first);
  g_assert_cmpint (a->turns.last, ==, b->turns.last);
  g_assert_cmpstr (a->turns.first_player, ==, b->turns.first_player);
  g_assert_cmpuint (a->turns.turns->len, ==, b->turns.turns->len);
  for (guint i = 0; i < a->turns.turns->len; i++)
    {
      GbacwTurn *x = g_ptr_array_index (a->turns.turns, i), *y = g_ptr_array_index (b->turns.turns, i);
      g_assert_cmpint (x->n, ==, y->n);
      g_assert_cmpstr (x->time, ==, y->time);
      g_assert_cmpint (x->night, ==, y->night);
      g_assert_cmpstr (x->first_player, ==, y->first_player);
    }

  g_assert_cmpuint (a->deployment->len, ==, b->deployment->len);
  for (guint i = 0; i < a->deployment->len; i++)
    {
      GbacwPlacement *x = g_ptr_array_index (a->deployment, i), *y = g_ptr_array_index (b->deployment, i);
      g_assert_cmpstr (x->unit, ==, y->unit);
      g_assert_cmpint (x->hex, ==, y->hex);
      g_assert_cmpint (x->formation, ==, y->formation);
      g_assert_cmpint (x->facing, ==, y->facing);
      g_assert_cmpint (x->strength, ==, y->strength);
      g_assert_cmpuint (x->status, ==, y->status);
    }

  g_assert_cmpuint (a->reinforcements->len, ==, b->reinforcements->len);
  for (guint i = 0; i < a->reinforcements->len; i++)
    {
      GbacwReinforcement *x = g_ptr_array_index (a->reinforcements, i), *y = g_ptr_array_index (b->reinforcements, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpint (x->turn, ==, y->turn);
      assert_int_array_equal (x->entry_hexes, y->entry_hexes);
      g_assert_cmpint (x->formation, ==, y->formation);
      assert_string_array_equal (x->units, y->units);
      assert_string_array_equal (x->formations, y->formations);
    }

  g_assert_cmpuint (a->vp_awards->len, ==, b->vp_awards->len);
  for (guint i = 0; i < a->vp_awards->len; i++)
    {
      GbacwVpAward *x = g_ptr_array_index (a->vp_awards, i), *y = g_ptr_array_index (b->vp_awards, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpstr (x->side, ==, y->side);
      g_assert_cmpint (x->event, ==, y->event);
      g_assert_cmpstr (x->area, ==, y->area);
      g_assert_cmpint (x->vp, ==, y->vp);
      g_assert_cmpint (x->each_turn, ==, y->each_turn);
      g_assert_cmpstr (x->text, ==, y->text);
      g_assert_cmpint (x->how, ==, y->how);
      g_assert_cmpstr (x->unit_type, ==, y->unit_type);
      g_assert_cmpstr (x->role, ==, y->role);
    }
  g_assert_cmpuint (a->victory_levels->len, ==, b->victory_levels->len);
  for (guint i = 0; i < a->victory_levels->len; i++)
    {
      GbacwVictoryLevel *x = g_ptr_array_index (a->victory_levels, i), *y = g_ptr_array_index (b->victory_levels, i);
      g_assert_cmpstr (x->name, ==, y->name);
      g_assert_cmpstr (x->side, ==, y->side);
      g_assert_cmpint (x->min, ==, y->min);
    }
  g_assert_cmpuint (a->automatic_victories->len, ==, b->automatic_victories->len);
  for (guint i = 0; i < a->automatic_victories->len; i++)
    {
      GbacwAutomaticVictory *x = g_ptr_array_index (a->automatic_victories, i);
      GbacwAutomaticVictory *y = g_ptr_array_index (b->automatic_victories, i);
      g_assert_cmpstr (x->side, ==, y->side);
      g_assert_cmpstr (x->area, ==, y->area);
      g_assert_cmpint (x->turn, ==, y->turn);
      g_assert_cmpstr (x->text, ==, y->text);
    }

  assert_params_equal (a->options, b->options);
  g_assert_cmpuint (a->exclusive_rules->len, ==, b->exclusive_rules->len);
  for (guint i = 0; i < a->exclusive_rules->len; i++)
    {
      GbacwExclusiveRule *x = g_ptr_array_index (a->exclusive_rules, i), *y = g_ptr_array_index (b->exclusive_rules, i);
      g_assert_cmpstr (x->id, ==, y->id);
      g_assert_cmpint (x->enabled, ==, y->enabled);
      assert_params_equal (x->params, y->params);
    }
}

static void
assert_bytes_equal (GBytes *a, GBytes *b)
{
  gsize na, nb;
  const char *da = g_bytes_get_data (a, &na), *db = g_bytes_get_data (b, &nb);
  if (na != nb || memcmp (da, db, na) != 0)
    {
      gsize i = 0;
      while (i < na && i < nb && da[i] == db[i])
        i++;
      g_test_message ("first difference at byte %" G_GSIZE_FORMAT ": «%.60s» vs «%.60s»", i, da + i, db + i);
    }
  g_assert_cmpmem (da, na, db, nb);
}

static GbacwScenario *
load_bytes_or_fail (GBytes *bytes, const char *name)
{
  g_autoptr (GError) error = NULL;
  GbacwScenario *s = gbacw_scenario_load_bytes (bytes, name, &error);
  if (!s)
    {
      gsize n;
      const char *data = g_bytes_get_data (bytes, &n);
      g_test_message ("%.*s", (int) MIN (n, 20000), data);
    }
  g_assert_no_error (error);
  g_assert_nonnull (s);
  return s;
}

/* Save, load, compare to the original, save again: byte-identical. */
static void
check_round_trip (GbacwScenario *s)
{
  g_autoptr (GBytes) first = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GbacwScenario) loaded = load_bytes_or_fail (first, "first.xml");
  g_autoptr (GBytes) second = gbacw_scenario_save_to_bytes (loaded);

  assert_scenario_equal (s, loaded);
  assert_bytes_equal (first, second);
}

/* ==================================================================== tests */

static void
test_round_trip_full (void)
{
  g_autoptr (GbacwScenario) s = build_full_scenario ();
  check_round_trip (s);
}

static void
test_round_trip_pointy (void)
{
  g_autoptr (GbacwScenario) s = build_pointy_scenario ();
  check_round_trip (s);
}

static void
test_round_trip_empty (void)
{
  GbacwHexGrid grid;
  g_autoptr (GbacwScenario) s = NULL;

  gbacw_hex_grid_init_default (&grid, 1, 1);
  s = gbacw_scenario_new (&grid);
  check_round_trip (s);
}

/* A redan's name belongs to the work: written once (<work name hexsides>) over its
 * hexsides; files that name each hexside (name= on <hexside>) still load, to the same
 * scenario; a hexside in two works is refused. */
static void
test_works (void)
{
  g_autoptr (GbacwScenario) s = build_full_scenario ();
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GBytes) old_bytes = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GBytes) twice_bytes = NULL;
  g_autoptr (GbacwScenario) old = NULL;
  g_autoptr (GbacwScenario) twice = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = NULL;
  const char *work = "      <work name=\"Robinett\" hexsides=\"0307:n 0307:ne\"/>\n";

  g_hash_table_insert (s->map->hexside_names, GUINT_TO_POINTER (side_id (&s->map->grid, "0307", "n")),
                       g_strdup ("Robinett"));
  bytes = gbacw_scenario_save_to_bytes (s);
  text = g_string_new_len (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes));
  g_assert_nonnull (strstr (text->str, work));
  g_assert_null (strstr (text->str, "name=\"Robinett\"/>"));
  check_round_trip (s);

  /* the same scenario as files before <work> wrote it */
  g_assert_cmpuint (g_string_replace (text, work, "", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (text, "features=\"fence redan\" inside=\"0406\"/>",
                                      "features=\"fence redan\" inside=\"0406\" name=\"Robinett\"/>\n"
                                      "      <hexside hex=\"0307\" dir=\"n\" name=\"Robinett\"/>", 1), ==, 1);
  old_bytes = g_bytes_new (text->str, text->len);
  old = load_bytes_or_fail (old_bytes, "old.xml");
  again = gbacw_scenario_save_to_bytes (old);
  assert_bytes_equal (bytes, again);

  /* one hexside, two works */
  g_assert_cmpuint (g_string_replace (text, "</hexsides>",
                                      "  <work name=\"Fort Williams\" hexsides=\"0307:n\"/>\n    </hexsides>", 1), ==, 1);
  twice_bytes = g_bytes_new (text->str, text->len);
  twice = gbacw_scenario_load_bytes (twice_bytes, "twice.xml", &error);
  g_assert_null (twice);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "hexside 0307:n is in two works"));
}

/* The canonical form as the format doc shows it. */
static void
test_canonical_form (void)
{
  g_autoptr (GbacwScenario) s = build_full_scenario ();
  g_autoptr (GBytes) bytes = gbacw_scenario_save_to_bytes (s);
  g_autofree char *text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));

  g_assert_true (g_str_has_prefix (text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                         "<scenario xmlns=\"urn:gbacw:scenario\" version=\"1\">\n  <info>\n"));
  g_assert_true (g_str_has_suffix (text, "  </rules>\n</scenario>\n"));
  g_assert_nonnull (strstr (text, "\n    <hex-terrain id=\"terrain-trees\" code=\"w\" name=\"Terrain &lt;trees&gt; &amp; co\" "
                                  "fill=\"#a0b0c0\" pattern=\"trees\" height=\"10\" case=\"9.72\"/>\n"));
  g_assert_nonnull (strstr (text, "\n    <hexside-type id=\"ford\" name=\"Ford\" style=\"ford\" requires=\"river stream\" "
                                  "case=\"22.5\"/>\n"));
  g_assert_nonnull (strstr (text, "\n    <line-type id=\"railroad\" colour=\"#000000\" style=\"railroad\"/>\n"));
  g_assert_nonnull (strstr (text, "\n      <row id=\"1\" name=\"1 (ammo check)\">— | ? | [P/R] | {1*}</row>\n"));
  g_assert_nonnull (strstr (text, "\n  <map columns=\"12\" rows=\"10\" orientation=\"flat\" shift=\"odd\" first=\"1\" "
                                  "digits=\"2\">\n    <levels>0 20 ? 60</levels>\n    <terrain>\n      <row n=\"01\">"));
  g_assert_nonnull (strstr (text, "\n      <hexside hex=\"0305\" dir=\"ne\" features=\"stream ford\"/>\n"));
  g_assert_nonnull (strstr (text, "<hexside hex=\"0307\" dir=\"ne\" features=\"fence redan\" inside=\"0406\"/>\n"));
  g_assert_nonnull (strstr (text, "\n      <work name=\"Robinett\" hexsides=\"0307:ne\"/>\n"));
  /* the road network: a T junction at 0102 is written as two paths, each from the lowest-index
   * hex of odd degree, turning into the lowest direction (se before s); then a loop */
  g_assert_nonnull (strstr (text, "\n    <lines>\n"
                                  "      <line type=\"road\">0101 0102 0202 0302 0303</line>\n"
                                  "      <line type=\"road\">0102 0103 0104</line>\n"
                                  "      <line type=\"road\">0505 0605 0506 0505</line>\n"
                                  "      <line type=\"pike\">1001 1002 1103 1203 1204</line>\n"));
  g_assert_nonnull (strstr (text, "\n      <area id=\"port-republic\" kind=\"town\" name=\"Port Republic\">0809 0810 0910</area>\n"));
  g_assert_nonnull (strstr (text, "<label hex=\"0304\" dx=\"0.25\" dy=\"-0.3\" size=\"1.5\" angle=\"30\">Mill Creek</label>"));
  g_assert_nonnull (strstr (text, "<background file=\"scans/map &amp; key.jpg\" opacity=\"0.35\" rotation=\"-1.3\" "
                                  "transform=\"41.5 0.25 -0.125 41.5 1234.5678901234 -17\"/>"));
  g_assert_nonnull (strstr (text, "<unit id=\"u-bat-a\" type=\"artillery\" designation=\"Dilger\" guns=\"6\" "
                                  "weapon=\"N\" rounds=\"12\" crew=\"full\" horse-artillery=\"yes\" section=\"yes\" "
                                  "double-shot=\"yes\"/>\n"));
  g_assert_nonnull (strstr (text, "<unit id=\"u-wagon-1\" type=\"wagon\" designation=\"Supply\" small-arms=\"4\" "
                                  "artillery-ammo=\"4\" crew=\"1\" morale=\"2\" weapon=\"R\"/>\n"));
  g_assert_nonnull (strstr (text, "<formation id=\"u-div-1\" kind=\"division\" name=\"Blenker\" commander=\"u-blenker\" "
                                  "independent=\"yes\" bce=\"? 3\">"));
  g_assert_nonnull (strstr (text, "\n    <place unit=\"u-9ny\" hex=\"0101\" formation=\"column\" facing=\"ne\" "
                                  "status=\"pinned engaged\"/>\n"));
  g_assert_nonnull (strstr (text, "\n  <turns first=\"1\" last=\"5\" first-player=\"confederate\">\n"));
  g_assert_nonnull (strstr (text, "\n    <award id=\"v2\" side=\"both\" event=\"enemy-sp-lost\" vp=\"1\" when=\"end\"/>\n"));
  g_assert_nonnull (strstr (text, "\n    <award id=\"v6\" side=\"confederate\" event=\"unit-vp\" vp=\"10\" when=\"end\" "
                                  "how=\"captured\" unit-type=\"wagon\"/>\n"));
  g_assert_nonnull (strstr (text, "\n    <option id=\"los-along-hexside\" value=\"adjacent-only\"/>\n"));
  g_assert_nonnull (strstr (text, "<title>Mill Creek &amp; &lt;Cross Keys&gt; \"1862\"</title>"));
  g_assert_nonnull (strstr (text, "Line two,\tafter a tab.&#13;\nA CRLF above; 'quotes' \"too\" &amp; ]]&gt; end.  </description>"));
  g_assert_nonnull (strstr (text, "name=\"Fort &lt;A&gt; &amp; &quot;B&quot;\""));
}

/* A file the program wrote loads and saves byte-identically; so does the hand-written
 * valid.xml, which is in canonical form. */
static void
test_valid_file (void)
{
  g_autofree char *path = io_path ("valid.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GBytes) saved = NULL;
  gsize length;

  s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (s);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  saved = gbacw_scenario_save_to_bytes (s);
  g_assert_cmpmem (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved), contents, length);
  g_assert_cmpuint (s->oob.units->len, ==, 4);
  g_assert_cmpstr (gbacw_oob_find_unit (&s->oob, "u-9ny")->formation, ==, "u-brig");
}

/* Characters XML cannot hold are dropped, invalid UTF-8 repaired: the file still loads. */
static void
test_unrepresentable_text (void)
{
  GbacwHexGrid grid;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwScenario) loaded = NULL;
  g_autoptr (GBytes) bytes = NULL;

  gbacw_hex_grid_init_default (&grid, 2, 2);
  s = gbacw_scenario_new (&grid);
  s->info.title = g_strdup ("bell\a and \x01 escape\x1b, bad \xff utf-8, \xef\xbf\xbe nonchar");
  bytes = gbacw_scenario_save_to_bytes (s);
  loaded = load_bytes_or_fail (bytes, "text.xml");
  g_assert_nonnull (strstr (loaded->info.title, "bell and  escape, bad "));
  g_assert_true (g_utf8_validate (loaded->info.title, -1, NULL));
}

typedef struct {
  const char *file;
  GbacwIoError code;
  int line;
  const char *text;   /* in the message, after FILE:LINE: (NULL: not checked) */
} BrokenCase;

static const BrokenCase broken_cases[] = {
  { "truncated", GBACW_IO_ERROR_PARSE, 40 },
  { "malformed", GBACW_IO_ERROR_PARSE, 4 },
  { "empty", GBACW_IO_ERROR_PARSE, 1 },
  { "unknown-element", GBACW_IO_ERROR_SCHEMA, 25 },
  { "unknown-attribute", GBACW_IO_ERROR_SCHEMA, 53, "<unit id=\"u-8ny\">: unknown attribute “strenght”: remove it" },
  { "not-a-number", GBACW_IO_ERROR_SCHEMA, 53 },
  { "missing-attribute", GBACW_IO_ERROR_SCHEMA, 58, "<unit id=\"c-1va\">: a required attribute is missing: type" },
  { "bad-bce", GBACW_IO_ERROR_SCHEMA, 51,
    "<formation id=\"u-brig\">: bce=\"6 4 2\" is not allowed here: it may be a list, separated by spaces, of “?” or a "
    "whole number" },
  { "bad-option", GBACW_IO_ERROR_SCHEMA, 78,
    "<option id=\"los-along-hexside\">: value=\"old\" is not allowed here: it may be “both-block” or “adjacent-only”" },
  /* libxml2's words ("Type nonNegativeInteger doesn't allow value '-101'", "use
   * XML_PARSE_HUGE option", "indicate encoding !", "Document is empty") in plain words */
  { "hex-negative", GBACW_IO_ERROR_SCHEMA, 36, "<hexside>: hex=\"-101\" is not allowed here: it may be a whole number 0 or more" },
  { "too-deep", GBACW_IO_ERROR_PARSE, 3, "the elements are nested more than 256 deep, more than gbacw reads" },
  { "long-name", GBACW_IO_ERROR_PARSE, 3, "a name on this line is longer than 50,000 characters, more than gbacw reads" },
  { "utf-32", GBACW_IO_ERROR_PARSE, 1, "the file is not UTF-8 text (it looks like UTF-16 or UTF-32): save it as UTF-8" },
  { "utf-16-no-bom", GBACW_IO_ERROR_PARSE, 1, "the file is not UTF-8 text (it looks like UTF-16 or UTF-32): save it as UTF-8" },
  { "not-utf8", GBACW_IO_ERROR_PARSE, 4, "the file is not UTF-8 text: this line has bytes that are not a UTF-8 character" },
  { "nul-byte", GBACW_IO_ERROR_PARSE, 4, "the file has a NUL (zero) byte on this line" },
  { "stray-text", GBACW_IO_ERROR_SCHEMA, 7, "<scenario>: text is not allowed here" },
  { "duplicate-attribute", GBACW_IO_ERROR_PARSE, 2, "an attribute is given twice in one element" },
  { "missing-map", GBACW_IO_ERROR_SCHEMA, 2 },
  { "wrong-namespace", GBACW_IO_ERROR_SCHEMA, 2 },
  { "chart-library", GBACW_IO_ERROR_SCHEMA, 2 },
  { "morale-out-of-range", GBACW_IO_ERROR_INVALID, 53 },
  { "negative-strength", GBACW_IO_ERROR_INVALID, 53 },
  { "duplicate-unit-id", GBACW_IO_ERROR_INVALID, 54 },
  { "duplicate-terrain-id", GBACW_IO_ERROR_INVALID, 9 },
  { "duplicate-terrain-code", GBACW_IO_ERROR_INVALID, 9 },
  { "too-many-terrains", GBACW_IO_ERROR_INVALID, 72 },
  { "bad-requires", GBACW_IO_ERROR_INVALID, 11 },
  { "dangling-commander", GBACW_IO_ERROR_INVALID, 51 },
  { "commander-not-leader", GBACW_IO_ERROR_INVALID, 51 },
  { "dangling-placement", GBACW_IO_ERROR_INVALID, 66 },
  { "dangling-reinforcement", GBACW_IO_ERROR_INVALID, 70 },
  { "dangling-area-side", GBACW_IO_ERROR_INVALID, 43 },
  { "dangling-award-area", GBACW_IO_ERROR_INVALID, 74 },
  { "dangling-first-player", GBACW_IO_ERROR_INVALID, 61 },
  { "wrong-row-length", GBACW_IO_ERROR_INVALID, 28 },
  { "wrong-row-count", GBACW_IO_ERROR_INVALID, 30 },
  { "row-out-of-order", GBACW_IO_ERROR_INVALID, 28 },
  { "unknown-terrain-code", GBACW_IO_ERROR_INVALID, 28 },
  { "elevation-level", GBACW_IO_ERROR_INVALID, 32 },
  { "unknown-hexside-feature", GBACW_IO_ERROR_INVALID, 36 },
  { "hexside-twice", GBACW_IO_ERROR_INVALID, 37 },
  { "inside-not-adjacent", GBACW_IO_ERROR_INVALID, 37 },
  { "inside-missing", GBACW_IO_ERROR_INVALID, 37 },
  { "wrong-direction", GBACW_IO_ERROR_INVALID, 36 },
  { "line-not-adjacent", GBACW_IO_ERROR_INVALID, 40 },
  { "unknown-line-type", GBACW_IO_ERROR_INVALID, 40 },
  { "area-off-map", GBACW_IO_ERROR_INVALID, 43 },
  { "bad-label", GBACW_IO_ERROR_INVALID, 66 },
  { "bad-hex-sign", GBACW_IO_ERROR_INVALID, 66 },
  { "bad-id-syntax", GBACW_IO_ERROR_INVALID, 54 },
  { "bad-grid", GBACW_IO_ERROR_INVALID, 23 },
  { "chart-row-cells", GBACW_IO_ERROR_INVALID, 19 },
  { "chart-empty-cell", GBACW_IO_ERROR_INVALID, 18 },
  { "turn-twice", GBACW_IO_ERROR_INVALID, 63 },
  { "turn-out-of-range", GBACW_IO_ERROR_INVALID, 63 },
  { "version-2", GBACW_IO_ERROR_VERSION, 2 },
  { "dtd", GBACW_IO_ERROR_FORBIDDEN, 2 },
  { "billion-laughs", GBACW_IO_ERROR_FORBIDDEN, 2 },
  { "external-entity", GBACW_IO_ERROR_FORBIDDEN, 2 },
  { "external-dtd", GBACW_IO_ERROR_FORBIDDEN, 2 },
  { "undefined-entity", GBACW_IO_ERROR_FORBIDDEN, 4 },
};

static void
test_broken (gconstpointer data)
{
  const BrokenCase *c = data;
  g_autofree char *name = g_strconcat (c->file, ".xml", NULL);
  g_autofree char *path = io_path ("broken", name, NULL);
  g_autofree char *where = g_strdup_printf ("%s:%d: ", name, c->line);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  s = gbacw_scenario_load_file (path, &error);
  g_assert_null (s);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (error->domain == GBACW_IO_ERROR);
  g_assert_cmpint (error->code, ==, c->code);
  g_assert_nonnull (strstr (error->message, where));
  if (c->text && strstr (error->message, c->text) == NULL)
    g_error ("%s: “%s” is not in the message: %s", c->file, c->text, error->message);
  /* no libxml2 jargon */
  g_assert_null (strstr (error->message, "XML_PARSE_HUGE"));
  g_assert_null (strstr (error->message, "indicate encoding"));
  g_assert_null (strstr (error->message, "Document is empty"));
  g_assert_null (strstr (error->message, "doesn't allow value"));
  /* the message starts with the file name as given */
  g_assert_true (g_str_has_prefix (error->message, path));
  /* nothing of /etc/passwd, nor any of the entity's expansion */
  g_assert_null (strstr (error->message, "root:"));
  g_assert_null (strstr (error->message, "lollol"));

  /* the same from memory, with a display name */
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  {
    g_autoptr (GBytes) bytes = g_bytes_new_take (g_steal_pointer (&contents), length);
    g_autoptr (GError) error2 = NULL;
    g_autoptr (GbacwScenario) s2 = gbacw_scenario_load_bytes (bytes, name, &error2);
    g_assert_null (s2);
    g_assert_error (error2, GBACW_IO_ERROR, (int) c->code);
    g_assert_true (g_str_has_prefix (error2->message, where));
  }
}

static void
test_missing_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_scenario_load_file ("/nonexistent/dir/none.xml", &error);
  g_assert_null (s);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

/* A file over 256 MiB is refused without being read (a sparse file: nothing is allocated). */
static void
test_too_large (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gbacw-io-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  int fd;

  g_assert_nonnull (dir);
  fd = g_open (path, O_CREAT | O_WRONLY, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) GBACW_MAX_FILE_SIZE + 1), ==, 0);
  close (fd);
  s = gbacw_scenario_load_file (path, &error);
  g_assert_null (s);
  g_assert_error (error, GBACW_FILE_READ_ERROR, GBACW_FILE_READ_ERROR_TOO_LARGE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, " is 257 MiB; a scenario may be at most 256 MiB"));
  g_unlink (path);
  g_rmdir (dir);
}

static char *
read_text (const char *path)
{
  char *contents = NULL;
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static void
test_atomic_save (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gbacw-io-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "scenario.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *first_text = NULL;
  g_autofree char *second_text = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GbacwScenario) s = build_full_scenario ();
  g_autoptr (GbacwScenario) loaded = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (dir);
  g_assert_true (gbacw_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  first_text = read_text (path);
  loaded = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  assert_scenario_equal (s, loaded);

  /* saving over it keeps the old content as FILE~ */
  g_free (s->info.title);
  s->info.title = g_strdup ("Second version");
  g_assert_true (gbacw_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  second_text = read_text (path);
  g_assert_nonnull (strstr (second_text, "<title>Second version</title>"));
  g_assert_true (g_file_test (backup, G_FILE_TEST_IS_REGULAR));
  text = read_text (backup);
  g_assert_cmpstr (text, ==, first_text);
  g_clear_pointer (&text, g_free);

  /* a directory in the way, or a missing parent: an error, nothing changed */
  {
    g_autofree char *subdir = g_build_filename (dir, "dir.xml", NULL);
    g_autofree char *orphan = g_build_filename (dir, "no", "such", "dir", "x.xml", NULL);
    g_assert_cmpint (g_mkdir (subdir, 0755), ==, 0);
    g_assert_false (gbacw_scenario_save_file (s, subdir, &error));
    g_assert_error (error, GBACW_IO_ERROR, GBACW_IO_ERROR_WRITE);
    g_test_message ("%s", error->message);
    g_assert_true (g_file_test (subdir, G_FILE_TEST_IS_DIR));
    g_clear_error (&error);
    g_assert_false (gbacw_scenario_save_file (s, orphan, &error));
    g_assert_error (error, GBACW_IO_ERROR, GBACW_IO_ERROR_WRITE);
    g_test_message ("%s", error->message);
    g_clear_error (&error);
    g_rmdir (subdir);
  }

  /* a read-only directory: permissions do not apply to root */
  if (geteuid () != 0)
    {
      g_free (s->info.title);
      s->info.title = g_strdup ("Third version");
      g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
      g_assert_false (gbacw_scenario_save_file (s, path, &error));
      g_assert_error (error, GBACW_IO_ERROR, GBACW_IO_ERROR_WRITE);
      g_test_message ("%s", error->message);
      g_clear_error (&error);
      g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
      text = read_text (path);
      g_assert_cmpstr (text, ==, second_text);
      g_clear_pointer (&text, g_free);
    }
  else
    g_test_message ("running as root: the read-only directory case is skipped");

  g_unlink (backup);
  g_unlink (path);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static const char chart_library[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<charts xmlns=\"urn:gbacw:scenario\" version=\"1\">\n"
  "  <terrain-catalogue>\n"
  "    <hex-terrain id=\"terrain-trees\" code=\"W\" name=\"Heavy woods\" pattern=\"trees\"/>\n"
  "    <hex-terrain id=\"slope\" code=\"^\" name=\"Slope\"/>\n"
  "    <hexside-type id=\"abatis\" name=\"Abatis\" style=\"generic\" requires=\"works\"/>\n"
  "  </terrain-catalogue>\n"
  "  <chart id=\"density\" name=\"Density (library)\">\n"
  "    <columns>shift</columns>\n"
  "    <row id=\"1-2\">—</row>\n"
  "  </chart>\n"
  "  <chart id=\"range-effects\" name=\"Range effects\" case=\"9.25\">\n"
  "    <columns>max | 1 | 2</columns>\n"
  "    <row id=\"R\">8 | 0 | -1</row>\n"
  "  </chart>\n"
  "</charts>\n";

static char *
write_temp (const char *dir, const char *name, const char *contents)
{
  char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  return path;
}

static void
test_chart_library (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gbacw-io-XXXXXX", NULL);
  g_autofree char *good = write_temp (dir, "good.xml", chart_library);
  g_autoptr (GbacwScenario) s = build_full_scenario ();
  g_autoptr (GError) error = NULL;
  guint n_terrains = s->catalogue.hex_terrains->len;
  guint n_charts = s->charts->len;
  GbacwHexTerrain *t;
  GbacwChart *chart;

  g_assert_true (gbacw_charts_load_file (good, &s->catalogue, s->charts, &error));
  g_assert_no_error (error);
  /* replaced in place, others appended */
  g_assert_cmpuint (s->catalogue.hex_terrains->len, ==, n_terrains + 1);
  t = g_ptr_array_index (s->catalogue.hex_terrains, 1);
  g_assert_cmpstr (t->id, ==, "terrain-trees");
  g_assert_cmpstr (t->name, ==, "Heavy woods");
  g_assert_cmpstr (t->code, ==, "W");
  t = g_ptr_array_index (s->catalogue.hex_terrains, n_terrains);
  g_assert_cmpstr (t->id, ==, "slope");
  g_assert_cmpint (gbacw_catalogue_find_hexside_type (&s->catalogue, "abatis"), ==,
                   (int) s->catalogue.hexside_types->len - 1);
  g_assert_cmpuint (s->charts->len, ==, n_charts + 1);
  chart = g_ptr_array_index (s->charts, 1);
  g_assert_cmpstr (chart->id, ==, "density");
  g_assert_cmpstr (chart->name, ==, "Density (library)");
  chart = gbacw_scenario_find_chart (s, "range-effects");
  g_assert_nonnull (chart);
  g_assert_cmpstr (gbacw_chart_lookup (chart, "R", "2")->value, ==, "-1");

  /* errors: nothing changes */
  {
    static const char *const bad[] = {
      /* a code that clashes with an existing terrain */
      "<charts xmlns=\"urn:gbacw:scenario\" version=\"1\">\n  <terrain-catalogue>\n"
      "    <hex-terrain id=\"new\" code=\".\"/>\n  </terrain-catalogue>\n</charts>\n",
      /* requires something unknown */
      "<charts xmlns=\"urn:gbacw:scenario\" version=\"1\">\n  <terrain-catalogue>\n"
      "    <hexside-type id=\"x\" requires=\"nothing\"/>\n  </terrain-catalogue>\n</charts>\n",
      /* a bad chart after a good catalogue */
      "<charts xmlns=\"urn:gbacw:scenario\" version=\"1\">\n  <terrain-catalogue>\n"
      "    <hex-terrain id=\"new\" code=\"N\"/>\n  </terrain-catalogue>\n"
      "  <chart id=\"c\">\n    <columns>a | b</columns>\n    <row id=\"r\">1</row>\n  </chart>\n</charts>\n",
      /* a scenario is not a library */
      "<scenario xmlns=\"urn:gbacw:scenario\" version=\"1\">\n  <map columns=\"1\" rows=\"1\"/>\n</scenario>\n",
    };
    static const int lines[] = { 3, 3, 7, 1 };
    static const GbacwIoError codes[] = { GBACW_IO_ERROR_INVALID, GBACW_IO_ERROR_INVALID, GBACW_IO_ERROR_INVALID,
                                          GBACW_IO_ERROR_SCHEMA };
    guint terrains = s->catalogue.hex_terrains->len, hexsides = s->catalogue.hexside_types->len;
    guint charts = s->charts->len;
    gpointer first_terrain = g_ptr_array_index (s->catalogue.hex_terrains, 0);

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *name = g_strdup_printf ("bad%u.xml", i);
        g_autofree char *path = write_temp (dir, name, bad[i]);
        g_autofree char *where = g_strdup_printf ("%s:%d: ", name, lines[i]);
        g_assert_false (gbacw_charts_load_file (path, &s->catalogue, s->charts, &error));
        g_assert_error (error, GBACW_IO_ERROR, (int) codes[i]);
        g_test_message ("%s", error->message);
        g_assert_nonnull (strstr (error->message, where));
        g_clear_error (&error);
        g_assert_cmpuint (s->catalogue.hex_terrains->len, ==, terrains);
        g_assert_cmpuint (s->catalogue.hexside_types->len, ==, hexsides);
        g_assert_cmpuint (s->charts->len, ==, charts);
        g_assert_true (g_ptr_array_index (s->catalogue.hex_terrains, 0) == first_terrain);
        g_unlink (path);
      }
  }
  g_unlink (good);
  g_rmdir (dir);
}

/* 200 x 200 hexes, 5000 units: load and save must be fast. */
static GbacwScenario *
build_large_scenario (void)
{
  GbacwHexGrid grid;
  GbacwScenario *s;
  GRand *rand = g_rand_new_with_seed (42);
  static const char *const codes[] = { ".", "w", "t", "s", "o", "m" };

  gbacw_hex_grid_init_default (&grid, 200, 200);
  grid.digits = 3;
  s = gbacw_scenario_new (&grid);
  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      g_autofree char *id = g_strdup_printf ("t%u", i);
      g_ptr_array_add (s->catalogue.hex_terrains, hex_terrain (id, codes[i], id, "#808080", "none", 0, NULL));
    }
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("river", "River", "river", GBACW_SIDE_MODE_NONE, NULL, NULL));
  g_ptr_array_add (s->catalogue.hexside_types, hexside_type ("crest", "Crest", "crest", GBACW_SIDE_MODE_ELEVATION, NULL, NULL));
  g_ptr_array_add (s->catalogue.line_types, line_type ("road", "Road", "#8a5a2b", 0.12, "solid"));
  for (int i = 0; i < 40000; i++)
    {
      s->map->terrain[i] = G_GUINT64_CONSTANT (1) << g_rand_int_range (rand, 0, 6);
      if (g_rand_int_range (rand, 0, 10) == 0)
        s->map->terrain[i] |= 2;
      s->map->elevation[i] = (gint16) g_rand_int_range (rand, 0, 8);
    }
  for (guint32 id = 0; id < gbacw_hex_grid_n_hexside_ids (&grid); id++)
    if (gbacw_hex_grid_hexside_on_map (&grid, id))
      {
        if (g_rand_int_range (rand, 0, 20) == 0)
          s->map->hexside_features[id] = 1u << g_rand_int_range (rand, 0, 2);
        if (g_rand_int_range (rand, 0, 30) == 0)
          {
            GbacwHex a, b;
            gbacw_hex_grid_hexside_hexes (&grid, id, &a, NULL, &b);
            if (gbacw_hex_grid_contains (&grid, a) && gbacw_hex_grid_contains (&grid, b))
              s->map->hexside_lines[id] = 1;
          }
      }
  g_ptr_array_add (s->oob.sides, gbacw_side_new ("union", "Union"));
  g_ptr_array_add (s->oob.sides, gbacw_side_new ("confederate", "Confederate"));
  for (int b = 0; b < 500; b++)
    {
      const char *side = b < 250 ? "union" : "confederate";
      g_autofree char *fid = g_strdup_printf ("brigade-%d", b);
      add_formation (s, fid, side, NULL, GBACW_FORMATION_BRIGADE, fid, NULL);
      for (int k = 0; k < 10; k++)
        {
          g_autofree char *uid = g_strdup_printf ("unit-%d-%d", b, k);
          g_autofree char *label = g_strdup_printf ("%03d%03d", 1 + (b * 10 + k) % 200, 1 + (b * 10 + k) / 200);
          GbacwUnit *u = add_unit (s, uid, side, fid, GBACW_UNIT_INFANTRY, uid);
          u->strength = 1 + k;
          u->morale = 1 + k % 5;
          u->weapon = g_strdup ("R");
          add_placement (s, uid, label, GBACW_FORMATION_STATE_LINE, "n", GBACW_UNSET, 0);
        }
    }
  gbacw_oob_reindex (&s->oob);
  g_rand_free (rand);
  return s;
}

static void
test_large (void)
{
  g_autoptr (GbacwScenario) s = build_large_scenario ();
  g_autoptr (GbacwScenario) loaded = NULL;
  g_autoptr (GBytes) first = NULL;
  g_autoptr (GBytes) second = NULL;
  gint64 t0, t1, t2, t3;

  /* the schema is parsed on first use: not part of the timing */
  {
    g_autoptr (GbacwScenario) warm = build_pointy_scenario ();
    g_autoptr (GBytes) b = gbacw_scenario_save_to_bytes (warm);
    g_autoptr (GbacwScenario) w2 = load_bytes_or_fail (b, "warm.xml");
  }
  t0 = g_get_monotonic_time ();
  first = gbacw_scenario_save_to_bytes (s);
  t1 = g_get_monotonic_time ();
  loaded = load_bytes_or_fail (first, "large.xml");
  t2 = g_get_monotonic_time ();
  second = gbacw_scenario_save_to_bytes (loaded);
  t3 = g_get_monotonic_time ();
  g_test_message ("200x200 hexes, 5000 units, %" G_GSIZE_FORMAT " bytes: save %.1f ms, load %.1f ms, save again %.1f ms",
                  g_bytes_get_size (first), (t1 - t0) / 1000.0, (t2 - t1) / 1000.0, (t3 - t2) / 1000.0);
  if (g_getenv ("GBACW_IO_TIMING"))
    g_printerr ("save %.1f ms, load %.1f ms, save again %.1f ms (%" G_GSIZE_FORMAT " bytes)\n",
                (t1 - t0) / 1000.0, (t2 - t1) / 1000.0, (t3 - t2) / 1000.0, g_bytes_get_size (first));
  assert_scenario_equal (s, loaded);
  assert_bytes_equal (first, second);
  /* generous bounds: sanitizers and slow CI machines; the real budget is 150 ms */
  g_assert_cmpint (t1 - t0, <, 3 * G_USEC_PER_SEC);
  g_assert_cmpint (t2 - t1, <, 5 * G_USEC_PER_SEC);
}

/* ==================================================================== main */

int
main (int argc, char **argv)
{
  const char *srcdir = g_getenv ("G_TEST_SRCDIR");
  const char *datadir = g_getenv ("GBACW_DATADIR");
  g_autofree char *own_dir = g_path_get_dirname (__FILE__);
  g_autofree char *fallback_datadir = NULL;
  g_autofree char *schema = NULL;

  g_test_init (&argc, &argv, NULL);

  if (srcdir && *srcdir)
    test_srcdir = g_strdup (srcdir);
  else
#ifdef TEST_SRCDIR
    test_srcdir = g_strdup (TEST_SRCDIR);
#else
    test_srcdir = g_strdup (own_dir);
#endif
  if (!datadir || !*datadir)
    {
      fallback_datadir = g_build_filename (test_srcdir, "..", "data", NULL);
      datadir = fallback_datadir;
    }
  schema = g_build_filename (datadir, "gbacw-scenario.rng", NULL);
  gbacw_scenario_io_set_schema_path (schema);

  g_test_add_func ("/io/round-trip/full", test_round_trip_full);
  g_test_add_func ("/io/round-trip/pointy", test_round_trip_pointy);
  g_test_add_func ("/io/round-trip/empty", test_round_trip_empty);
  g_test_add_func ("/io/works", test_works);
  g_test_add_func ("/io/canonical-form", test_canonical_form);
  g_test_add_func ("/io/valid-file", test_valid_file);
  g_test_add_func ("/io/unrepresentable-text", test_unrepresentable_text);
  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/io/broken/%s", broken_cases[i].file);
      g_test_add_data_func (name, &broken_cases[i], test_broken);
    }
  g_test_add_func ("/io/missing-file", test_missing_file);
  g_test_add_func ("/io/too-large", test_too_large);
  g_test_add_func ("/io/atomic-save", test_atomic_save);
  g_test_add_func ("/io/chart-library", test_chart_library);
  g_test_add_func ("/io/large", test_large);
  return g_test_run ();
}
