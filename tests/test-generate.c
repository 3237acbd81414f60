/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-generate.c: the generator makes large, valid, deterministic scenarios. */
#define G_LOG_DOMAIN "test-generate"

#include <glib.h>
#include <string.h>

#include "gbacw-generate.h"
#include "gbacw-scenario-io.h"

static void
add_terrain (GbacwScenario *s, const char *id, const char *code)
{
  GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);
  t->id = g_strdup (id);
  t->code = g_strdup (code);
  t->name = g_strdup (id);
  t->height = GBACW_UNSET;
  g_ptr_array_add (s->catalogue.hex_terrains, t);
}

static void
add_hexside_type (GbacwScenario *s, const char *id, const char *requires)
{
  GbacwHexsideType *t = g_new0 (GbacwHexsideType, 1);
  t->id = g_strdup (id);
  t->name = g_strdup (id);
  t->style = g_strdup (id);
  t->requires = requires ? g_strsplit (requires, " ", -1) : NULL;
  g_ptr_array_add (s->catalogue.hexside_types, t);
}

static void
add_line_type (GbacwScenario *s, const char *id)
{
  GbacwLineType *t = g_new0 (GbacwLineType, 1);
  t->id = g_strdup (id);
  t->name = g_strdup (id);
  t->width = 0.1;
  t->style = g_strdup ("solid");
  g_ptr_array_add (s->catalogue.line_types, t);
}

static GbacwScenario *
make_template (void)
{
  GbacwHexGrid grid;
  gbacw_hex_grid_init_default (&grid, 2, 2);
  GbacwScenario *s = gbacw_scenario_new (&grid);
  add_terrain (s, "clear", ".");
  add_terrain (s, "woods", "w");
  add_terrain (s, "light-woods", "lw");
  add_terrain (s, "town", "t");
  add_terrain (s, "swamp", "s");
  add_hexside_type (s, "crest", NULL);
  add_hexside_type (s, "steep-crest", NULL);
  add_hexside_type (s, "river", NULL);
  add_hexside_type (s, "stream", NULL);
  add_hexside_type (s, "bridge", "river stream");
  add_line_type (s, "road");
  add_line_type (s, "trail");
  GbacwChart *range = gbacw_chart_new ("range-effects", "Range Effects");
  g_ptr_array_add (range->columns, g_strdup ("max"));
  gbacw_chart_add_row (range, "R", NULL);
  gbacw_chart_add_row (range, "N", NULL);
  g_ptr_array_add (s->charts, range);
  return s;
}

static void
test_deterministic (void)
{
  g_autoptr (GbacwScenario) tpl = make_template ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) a = gbacw_generate_scenario (tpl, 40, 30, 300, 7, &error);
  g_assert_no_error (error);
  g_autoptr (GbacwScenario) b = gbacw_generate_scenario (tpl, 40, 30, 300, 7, &error);
  g_assert_no_error (error);
  g_autoptr (GbacwScenario) c = gbacw_generate_scenario (tpl, 40, 30, 300, 8, &error);
  g_assert_no_error (error);

  g_autoptr (GBytes) ba = gbacw_scenario_save_to_bytes (a);
  g_autoptr (GBytes) bb = gbacw_scenario_save_to_bytes (b);
  g_autoptr (GBytes) bc = gbacw_scenario_save_to_bytes (c);
  g_assert_true (g_bytes_equal (ba, bb));
  g_assert_false (g_bytes_equal (ba, bc));
}

static void
test_missing_template_entry (void)
{
  g_autoptr (GbacwScenario) tpl = make_template ();
  g_autoptr (GError) error = NULL;

  g_ptr_array_remove_index (tpl->catalogue.line_types, 0); /* no road */
  g_autoptr (GbacwScenario) s = gbacw_generate_scenario (tpl, 10, 10, 10, 1, &error);
  g_assert_null (s);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "road"));
}

static gboolean
unit_in_reinforcement (const GbacwScenario *s, const GbacwUnit *u)
{
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      for (guint k = 0; k < r->formations->len; k++)
        if (g_strcmp0 (u->formation, g_ptr_array_index (r->formations, k)) == 0)
          return TRUE;
      for (guint k = 0; k < r->units->len; k++)
        if (g_strcmp0 (u->id, g_ptr_array_index (r->units, k)) == 0)
          return TRUE;
    }
  return FALSE;
}

/* The benchmark input of the issue: 200x200, 5000 units. */
static void
test_large (void)
{
  g_autoptr (GbacwScenario) tpl = make_template ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_generate_scenario (tpl, 200, 200, 5000, 1, &error);
  g_assert_no_error (error);
  const GbacwMap *map = s->map;
  const GbacwHexGrid *grid = &map->grid;
  int n = gbacw_hex_grid_n_hexes (grid);
  int crest = gbacw_catalogue_find_hexside_type (&s->catalogue, "crest");
  int steep = gbacw_catalogue_find_hexside_type (&s->catalogue, "steep-crest");
  int river = gbacw_catalogue_find_hexside_type (&s->catalogue, "river");
  int stream = gbacw_catalogue_find_hexside_type (&s->catalogue, "stream");
  int bridge = gbacw_catalogue_find_hexside_type (&s->catalogue, "bridge");
  int road = gbacw_catalogue_find_line_type (&s->catalogue, "road");
  int swamp = gbacw_catalogue_find_hex_terrain (&s->catalogue, "swamp");
  gboolean level_seen[5] = { FALSE };

  g_assert_cmpint (grid->digits, ==, 3);
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpuint (map->terrain[i], !=, 0);
      g_assert_cmpint (map->elevation[i], >=, 0);
      g_assert_cmpint (map->elevation[i], <=, 4);
      level_seen[map->elevation[i]] = TRUE;
    }
  g_assert_true (level_seen[0] && level_seen[1] && level_seen[2]);

  guint featured = 0, road_hexes = 0;
  for (guint id = 0; id < gbacw_hex_grid_n_hexside_ids (grid); id++)
    {
      guint32 f = map->hexside_features[id];
      if (f == 0 && map->hexside_lines[id] == 0)
        continue;
      GbacwHex a, b;
      int d;
      g_assert_true (gbacw_hex_grid_hexside_hexes (grid, id, &a, &d, &b));
      g_assert_true (gbacw_hex_grid_hexside_on_map (grid, id));
      if (f)
        featured++;
      if (f & ((1u << crest) | (1u << steep)))
        {
          /* 22.1: a crest lies between different elevations */
          g_assert_true (gbacw_hex_grid_contains (grid, a) && gbacw_hex_grid_contains (grid, b));
          g_assert_cmpint (map->elevation[gbacw_hex_grid_index (grid, a)], !=,
                           map->elevation[gbacw_hex_grid_index (grid, b)]);
        }
      if (f & (1u << bridge))
        g_assert_true (f & ((1u << river) | (1u << stream)));
      if ((map->hexside_lines[id] & (1u << road)) && (f & ((1u << river) | (1u << stream))))
        g_assert_true (f & (1u << bridge));
    }
  g_test_message ("hexsides with features: %u", featured);
  g_assert_cmpuint (featured, >=, 1000);
  g_assert_cmpuint (featured, <=, 4000);

  for (int i = 0; i < n; i++)
    {
      GbacwHex h = gbacw_hex_grid_hex_at (grid, i);
      for (int d = 0; d < 6; d++)
        if (map->hexside_lines[gbacw_hex_grid_hexside (grid, h, d)] & (1u << road))
          {
            road_hexes++;
            break;
          }
    }
  g_test_message ("road hexes: %u", road_hexes);
  g_assert_cmpuint (road_hexes, >=, 300);
  g_assert_cmpuint (road_hexes, <=, 700);

  g_assert_cmpuint (s->oob.units->len, ==, 5000);
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      const GbacwPlacement *p = gbacw_scenario_find_placement (s, u->id, NULL);
      /* deployed or a reinforcement, never both */
      g_assert_true ((p != NULL) != unit_in_reinforcement (s, u));
      if (p)
        {
          g_assert_cmpint (p->hex, >=, 0);
          g_assert_cmpint (p->hex, <, n);
          g_assert_false (map->terrain[p->hex] & (G_GUINT64_CONSTANT (1) << swamp));
        }
      if (u->formation)
        g_assert_nonnull (gbacw_oob_find_formation (&s->oob, u->formation));
    }
  for (guint i = 0; i < s->oob.formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
      if (f->commander)
        g_assert_nonnull (gbacw_oob_find_unit (&s->oob, f->commander));
    }
}

int
main (int argc, char **argv)
{
  g_autofree char *schema = NULL;
  const char *datadir = g_getenv ("GBACW_DATADIR");

  g_test_init (&argc, &argv, NULL);
  if (datadir)
    {
      schema = g_build_filename (datadir, "gbacw-scenario.rng", NULL);
      gbacw_scenario_io_set_schema_path (schema);
    }
  g_test_add_func ("/generate/deterministic", test_deterministic);
  g_test_add_func ("/generate/missing-template-entry", test_missing_template_entry);
  g_test_add_func ("/generate/large", test_large);
  return g_test_run ();
}
