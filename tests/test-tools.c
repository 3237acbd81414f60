/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tools.c: every editor tool on the model, driven as the canvas drives it (press,
 * drags, release in map units) but without a canvas or a window: what each edit does,
 * undo and redo, a stroke or a drag being one undo step, and undoing everything giving
 * back the file byte for byte. */
#define G_LOG_DOMAIN "test-tools"

#include "config.h"

#include <math.h>
#include <string.h>

#include "gbacw-data.h"
#include "gbacw-document.h"
#include "gbacw-oob-edit.h"
#include "gbacw-scenario-io.h"
#include "gbacw-tool-area.h"
#include "gbacw-tool-brush.h"
#include "gbacw-tool-elevation.h"
#include "gbacw-tool-eraser.h"
#include "gbacw-tool-eyedropper.h"
#include "gbacw-tool-fill.h"
#include "gbacw-tool-hexside.h"
#include "gbacw-tool-label.h"
#include "gbacw-tool-line.h"

typedef struct
{
  GbacwDocument *document;
  GbacwScenario *scenario;   /* the document's */
  GbacwMap *map;
  GBytes *original;          /* the demo as saved before any edit */
  guint n_changed;           /* "changed" emissions */
} Fixture;

static void
on_changed (GbacwDocument *document, const GbacwChange *change, Fixture *f)
{
  f->n_changed++;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (path);
  f->document = gbacw_document_load (path, &error);
  g_assert_no_error (error);
  f->scenario = gbacw_document_get_scenario (f->document);
  f->map = f->scenario->map;
  f->original = gbacw_scenario_save_to_bytes (f->scenario);
  g_signal_connect (f->document, "changed", G_CALLBACK (on_changed), f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->document);
  g_clear_pointer (&f->original, g_bytes_unref);
}

/* ---------------------------------------------------------------- helpers */

static guint
n_steps (Fixture *f)
{
  return gbacw_history_get_index (gbacw_document_get_history (f->document));
}

static void
assert_original (Fixture *f)
{
  g_autoptr(GBytes) now = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (g_bytes_equal (now, f->original));
}

static void
undo_all (Fixture *f)
{
  while (gbacw_document_undo (f->document))
    ;
  assert_original (f);
}

static int
hex_index (Fixture *f, int col, int row)
{
  GbacwHex h = { col, row };
  int index = gbacw_hex_grid_index (&f->map->grid, h);
  g_assert_cmpint (index, >=, 0);
  return index;
}

static void
centre (Fixture *f, int col, int row, double *x, double *y)
{
  GbacwHex h = { col, row };
  gbacw_hex_grid_centre (&f->map->grid, h, x, y);
}

static void
corner (Fixture *f, int col, int row, int i, double *x, double *y)
{
  GbacwHex h = { col, row };
  gbacw_hex_grid_corner (&f->map->grid, h, i % 6, x, y);
}

/* A point on hexside dir of (col, row), at fraction t from its start, `inset` hex radii
 * inside the hex (negative: outside). */
static void
hexside_point (Fixture *f, int col, int row, int dir, double t, double inset, double *x, double *y)
{
  double x0, y0, x1, y1, cx, cy, mx, my, len;

  corner (f, col, row, dir, &x0, &y0);
  corner (f, col, row, dir + 1, &x1, &y1);
  centre (f, col, row, &cx, &cy);
  mx = x0 + (x1 - x0) * t;
  my = y0 + (y1 - y0) * t;
  len = hypot (cx - mx, cy - my);
  *x = mx + (cx - mx) / len * inset;
  *y = my + (cy - my) / len * inset;
}

static GbacwHexsideId
hexside (Fixture *f, int col, int row, int dir)
{
  GbacwHex h = { col, row };
  GbacwHexsideId id = gbacw_hex_grid_hexside (&f->map->grid, h, dir);
  g_assert_cmpuint (id, !=, GBACW_HEXSIDE_NONE);
  return id;
}

static int
terrain_index (Fixture *f, const char *id)
{
  int i = gbacw_catalogue_find_hex_terrain (&f->scenario->catalogue, id);
  g_assert_cmpint (i, >=, 0);
  return i;
}

static int
hexside_type_index (Fixture *f, const char *id)
{
  int i = gbacw_catalogue_find_hexside_type (&f->scenario->catalogue, id);
  g_assert_cmpint (i, >=, 0);
  return i;
}

static int
line_type_index (Fixture *f, const char *id)
{
  int i = gbacw_catalogue_find_line_type (&f->scenario->catalogue, id);
  g_assert_cmpint (i, >=, 0);
  return i;
}

static void
set_document (gpointer tool, Fixture *f)
{
  gbacw_map_tool_set_document (GBACW_MAP_TOOL (tool), f->document);
}

/* Press at the first point, drag through the others, release at the last: one stroke. */
static void
stroke (gpointer tool, const double *points, guint n_points, GdkModifierType state)
{
  g_assert_cmpuint (n_points, >=, 1);
  gbacw_tool_pressed (GBACW_TOOL (tool), NULL, points[0], points[1], state);
  for (guint i = 1; i < n_points; i++)
    gbacw_tool_dragged (GBACW_TOOL (tool), NULL, points[2 * i], points[2 * i + 1], state);
  gbacw_tool_released (GBACW_TOOL (tool), NULL, points[2 * (n_points - 1)], points[2 * (n_points - 1) + 1], state);
}

static void
click (gpointer tool, double x, double y, GdkModifierType state)
{
  double p[2] = { x, y };
  stroke (tool, p, 1, state);
}

static void
click_hex (gpointer tool, Fixture *f, int col, int row, GdkModifierType state)
{
  double x, y;
  centre (f, col, row, &x, &y);
  click (tool, x, y, state);
}

/* A stroke through the centres of the hexes listed as col, row pairs. */
static void
stroke_hexes (gpointer tool, Fixture *f, const int *hexes, guint n, GdkModifierType state)
{
  g_autofree double *points = g_new (double, 2 * n);

  for (guint i = 0; i < n; i++)
    centre (f, hexes[2 * i], hexes[2 * i + 1], &points[2 * i], &points[2 * i + 1]);
  stroke (tool, points, n, state);
}

static gboolean
has_line (Fixture *f, int c1, int r1, int c2, int r2, int type)
{
  GbacwHex a = { c1, r1 }, b = { c2, r2 };
  int dir = gbacw_hex_grid_direction_to (&f->map->grid, a, b);
  g_assert_cmpint (dir, >=, 0);
  return (f->map->hexside_lines[hexside (f, c1, r1, dir)] & (1u << type)) != 0;
}

static gboolean
has_feature (Fixture *f, GbacwHexsideId id, int type)
{
  return (f->map->hexside_features[id] & (1u << type)) != 0;
}

/* The hex recorded as inside feature type on hexside id. */
static int
inside_hex (Fixture *f, GbacwHexsideId id, int type)
{
  GbacwHex a, b;
  g_assert_true (gbacw_hex_grid_hexside_hexes (&f->map->grid, id, &a, NULL, &b));
  return gbacw_hex_grid_index (&f->map->grid, (f->map->hexside_inside[id] & (1u << type)) ? b : a);
}

/* ---------------------------------------------------------------- terrain brush */

static void
test_brush_paint (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolBrush) brush = gbacw_tool_brush_new ();
  guint64 woods = G_GUINT64_CONSTANT (1) << terrain_index (f, "woods");
  guint64 town = G_GUINT64_CONSTANT (1) << terrain_index (f, "town");
  int hex = hex_index (f, 5, 8);
  guint64 before = f->map->terrain[hex];

  set_document (brush, f);
  gbacw_tool_brush_set_mask (brush, woods);
  click_hex (brush, f, 5, 8, 0);
  g_assert_cmpuint (f->map->terrain[hex], ==, woods);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Paint terrain");

  /* Painting what is there already is no undo step. */
  click_hex (brush, f, 5, 8, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);

  /* Add mode keeps what was there. */
  gbacw_tool_brush_set_add (brush, TRUE);
  gbacw_tool_brush_set_mask (brush, town);
  click_hex (brush, f, 5, 8, 0);
  g_assert_cmpuint (f->map->terrain[hex], ==, woods | town);
  g_assert_cmpuint (n_steps (f), ==, 2);

  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpuint (f->map->terrain[hex], ==, woods);
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpuint (f->map->terrain[hex], ==, before);
  g_assert_true (gbacw_document_redo (f->document));
  g_assert_cmpuint (f->map->terrain[hex], ==, woods);
  undo_all (f);
}

static void
test_brush_stroke_one_step (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolBrush) brush = gbacw_tool_brush_new ();
  guint64 swamp = G_GUINT64_CONSTANT (1) << terrain_index (f, "swamp");
  /* A wiggly stroke down column 2, then along row 12. */
  const int path[] = { 2, 1, 2, 2, 3, 2, 3, 3, 2, 4, 2, 5, 2, 6, 2, 7, 2, 8, 2, 9, 2, 10, 2, 11, 3, 12, 4, 12, 5, 12 };
  guint n_changed;

  set_document (brush, f);
  gbacw_tool_brush_set_mask (brush, swamp);
  n_changed = f->n_changed;
  stroke_hexes (brush, f, path, G_N_ELEMENTS (path) / 2, 0);
  for (guint i = 0; i < G_N_ELEMENTS (path) / 2; i++)
    g_assert_cmpuint (f->map->terrain[hex_index (f, path[2 * i], path[2 * i + 1])], ==, swamp);
  /* Every step of the stroke was applied and announced, and the stroke is one undo step. */
  g_assert_cmpuint (f->n_changed - n_changed, >, 5);
  g_assert_cmpuint (n_steps (f), ==, 1);

  g_assert_true (gbacw_document_undo (f->document));
  assert_original (f);
  g_assert_false (gbacw_history_can_undo (gbacw_document_get_history (f->document)));
  g_assert_true (gbacw_document_redo (f->document));
  for (guint i = 0; i < G_N_ELEMENTS (path) / 2; i++)
    g_assert_cmpuint (f->map->terrain[hex_index (f, path[2 * i], path[2 * i + 1])], ==, swamp);

  /* A second stroke is a second step. */
  stroke_hexes (brush, f, (const int[]) { 10, 14, 11, 14 }, 2, 0);
  g_assert_cmpuint (n_steps (f), ==, 2);
  undo_all (f);
}

static void
test_brush_radius_and_gaps (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolBrush) brush = gbacw_tool_brush_new ();
  g_autoptr(GArray) within = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
  guint64 town = G_GUINT64_CONSTANT (1) << terrain_index (f, "town");
  GbacwHex centre_hex = { 6, 6 };

  set_document (brush, f);
  gbacw_tool_brush_set_mask (brush, town);

  /* Radius 2: the 19 hexes within two of the centre, nothing else. */
  gbacw_tool_brush_set_radius (brush, 2);
  click_hex (brush, f, 6, 6, 0);
  gbacw_hex_grid_within (&f->map->grid, centre_hex, 2, within);
  g_assert_cmpuint (within->len, ==, 19);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (&f->map->grid); i++)
    {
      GbacwHex h = gbacw_hex_grid_hex_at (&f->map->grid, i);
      gboolean in = gbacw_hex_grid_distance (&f->map->grid, h, centre_hex) <= 2;
      if (in)
        g_assert_cmpuint (f->map->terrain[i], ==, town);
    }
  g_assert_true (gbacw_document_undo (f->document));
  assert_original (f);

  /* Radius is clamped to 0..3. */
  gbacw_tool_brush_set_radius (brush, 9);
  g_assert_cmpint (gbacw_tool_brush_get_radius (brush), ==, 3);

  /* A fast drag that jumps from hex 0110 to 0910 paints the hexes in between. */
  gbacw_tool_brush_set_radius (brush, 0);
  stroke_hexes (brush, f, (const int[]) { 0, 9, 8, 9 }, 2, 0);
  for (int col = 0; col <= 8; col++)
    {
      gboolean found = FALSE;
      /* The hex line between two hexes of one row zigzags between rows 9 and 10 (or 8). */
      for (int row = 8; row <= 10; row++)
        if (f->map->terrain[hex_index (f, col, row)] == town)
          found = TRUE;
      g_assert_true (found);
    }
  g_assert_cmpuint (n_steps (f), ==, 1);
  undo_all (f);
}

/* ---------------------------------------------------------------- flood fill */

static void
test_fill (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolFill) fill = gbacw_tool_fill_new ();
  guint64 clear = G_GUINT64_CONSTANT (1) << terrain_index (f, "clear");
  guint64 swamp = G_GUINT64_CONSTANT (1) << terrain_index (f, "swamp");
  guint64 town = G_GUINT64_CONSTANT (1) << terrain_index (f, "town");
  int n = gbacw_hex_grid_n_hexes (&f->map->grid);
  g_autofree guint64 *before = g_memdup2 (f->map->terrain, sizeof (guint64) * n);
  int town_hex = hex_index (f, 8, 6);   /* 0907: town, a block of four */
  guint n_town = 0;

  set_document (fill, f);
  g_assert_cmpuint (f->map->terrain[town_hex], ==, town);
  gbacw_tool_fill_set_mask (fill, swamp);
  click_hex (fill, f, 8, 6, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);
  for (int i = 0; i < n; i++)
    {
      if (before[i] == town)
        {
          /* The demo's only town is one connected block: all of it, and only it. */
          g_assert_cmpuint (f->map->terrain[i], ==, swamp);
          n_town++;
        }
      else
        g_assert_cmpuint (f->map->terrain[i], ==, before[i]);
    }
  g_assert_cmpuint (n_town, ==, 4);

  /* Filling with what is there does nothing. */
  click_hex (fill, f, 8, 6, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);

  /* Clear is one big connected region: filled at once. */
  gbacw_tool_fill_set_mask (fill, town);
  g_assert_cmpuint (f->map->terrain[hex_index (f, 0, 0)], ==, clear);
  click_hex (fill, f, 0, 0, 0);
  g_assert_cmpuint (n_steps (f), ==, 2);
  for (int i = 0; i < n; i++)
    if (before[i] == clear)
      g_assert_cmpuint (f->map->terrain[i], !=, clear);
  undo_all (f);
}

/* ---------------------------------------------------------------- elevation */

static void
test_elevation (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolElevation) tool = gbacw_tool_elevation_new ();
  int a = hex_index (f, 9, 4), b = hex_index (f, 9, 5), c = hex_index (f, 10, 5);
  /* back and forth over 1005 and 1006 */
  const int path[] = { 9, 4, 9, 5, 9, 4, 9, 5, 10, 5 };

  set_document (tool, f);
  g_assert_cmpint (f->map->elevation[a], ==, 0);
  g_assert_cmpint (f->map->elevation[b], ==, 0);

  gbacw_tool_elevation_set_level (tool, 2);
  stroke_hexes (tool, f, path, G_N_ELEMENTS (path) / 2, 0);
  g_assert_cmpint (f->map->elevation[a], ==, 2);
  g_assert_cmpint (f->map->elevation[b], ==, 2);
  g_assert_cmpint (f->map->elevation[c], ==, 2);
  g_assert_cmpuint (n_steps (f), ==, 1);

  /* Raising changes each hex once per stroke, however often the brush passes. */
  gbacw_tool_elevation_set_mode (tool, GBACW_ELEVATION_RAISE);
  stroke_hexes (tool, f, path, G_N_ELEMENTS (path) / 2, 0);
  g_assert_cmpint (f->map->elevation[a], ==, 3);
  g_assert_cmpint (f->map->elevation[b], ==, 3);
  g_assert_cmpint (f->map->elevation[c], ==, 3);
  g_assert_cmpuint (n_steps (f), ==, 2);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Raise elevation");

  /* Shift lowers instead; lowering stops at 0. */
  stroke_hexes (tool, f, path, G_N_ELEMENTS (path) / 2, GDK_SHIFT_MASK);
  g_assert_cmpint (f->map->elevation[a], ==, 2);
  gbacw_tool_elevation_set_mode (tool, GBACW_ELEVATION_LOWER);
  for (int i = 0; i < 4; i++)
    click_hex (tool, f, 9, 4, 0);
  g_assert_cmpint (f->map->elevation[a], ==, 0);
  g_assert_cmpuint (n_steps (f), ==, 5);   /* the fourth click changed nothing */

  /* Radius 1 with mode set. */
  gbacw_tool_elevation_set_mode (tool, GBACW_ELEVATION_SET);
  gbacw_tool_elevation_set_radius (tool, 1);
  gbacw_tool_elevation_set_level (tool, 3);
  click_hex (tool, f, 15, 10, 0);
  for (int d = 0; d < 6; d++)
    {
      GbacwHex h = { 15, 10 };
      int n = gbacw_hex_grid_index (&f->map->grid, gbacw_hex_grid_neighbour (&f->map->grid, h, d));
      g_assert_cmpint (f->map->elevation[n], ==, 3);
    }

  g_assert_true (gbacw_document_undo (f->document));
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpint (f->map->elevation[a], ==, 1);
  undo_all (f);
}

static void
test_auto_crest (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolElevation) tool = gbacw_tool_elevation_new ();
  int crest = hexside_type_index (f, "crest");
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (&f->map->grid);
  guint n;

  set_document (tool, f);
  /* A hill in the river valley, where there are no crests yet. */
  gbacw_tool_elevation_set_level (tool, 2);
  click_hex (tool, f, 9, 7, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);

  n = gbacw_tool_elevation_auto_crest (tool);
  g_assert_cmpuint (n, >=, 6);
  g_assert_cmpuint (n_steps (f), ==, 2);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Mark crests");
  for (int d = 0; d < 6; d++)
    g_assert_true (has_feature (f, hexside (f, 9, 7, d), crest));
  /* Every hexside between two levels is a crest now, and no other gained one. */
  for (guint32 id = 0; id < n_ids; id++)
    {
      GbacwHex a, b;
      int ia, ib;
      if (!gbacw_hex_grid_hexside_hexes (&f->map->grid, id, &a, NULL, &b))
        continue;
      ia = gbacw_hex_grid_index (&f->map->grid, a);
      ib = gbacw_hex_grid_index (&f->map->grid, b);
      if (ia >= 0 && ib >= 0 && f->map->elevation[ia] != f->map->elevation[ib])
        g_assert_true (has_feature (f, id, crest));
    }

  /* Nothing left to mark: no step. */
  g_assert_cmpuint (gbacw_tool_elevation_auto_crest (tool), ==, 0);
  g_assert_cmpuint (n_steps (f), ==, 2);

  g_assert_true (gbacw_document_undo (f->document));
  for (int d = 0; d < 6; d++)
    g_assert_false (has_feature (f, hexside (f, 9, 7, d), crest));
  undo_all (f);
}

/* ---------------------------------------------------------------- hexsides */

static void
test_hexside_click (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolHexside) tool = gbacw_tool_hexside_new ();
  int fence = hexside_type_index (f, "fence");
  GbacwHexsideId id = hexside (f, 3, 12, 1);   /* 0413 NE */
  double x, y;

  set_document (tool, f);
  gbacw_tool_hexside_set_feature (tool, fence);
  g_assert_cmpuint (f->map->hexside_features[id], ==, 0);

  /* The hexside nearest the pointer lights up. */
  hexside_point (f, 3, 12, 1, 0.5, 0.15, &x, &y);
  gbacw_tool_motion (GBACW_TOOL (tool), NULL, x, y, 0);
  g_assert_cmpuint (gbacw_tool_hexside_get_hover (tool), ==, id);

  /* A click sets it, a second click clears it. */
  click (tool, x, y, 0);
  g_assert_true (has_feature (f, id, fence));
  g_assert_cmpuint (n_steps (f), ==, 1);
  hexside_point (f, 3, 12, 1, 0.4, -0.1, &x, &y);  /* from the other side */
  click (tool, x, y, 0);
  g_assert_false (has_feature (f, id, fence));
  g_assert_cmpuint (n_steps (f), ==, 2);

  g_assert_true (gbacw_document_undo (f->document));
  g_assert_true (has_feature (f, id, fence));
  g_assert_true (gbacw_document_redo (f->document));
  g_assert_false (has_feature (f, id, fence));
  undo_all (f);
}

static void
on_name_requested (GbacwToolHexside *tool, int *n)
{
  (*n)++;
}

/* The hexside pressed on is the selected one, which the options name: one step a name. */
static void
test_hexside_name (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolHexside) tool = gbacw_tool_hexside_new ();
  int redan = hexside_type_index (f, "redan");
  GbacwHexsideId id = hexside (f, 15, 7, 3);     /* 1608 S */
  GbacwHexsideId other = hexside (f, 3, 12, 1);  /* 0413 NE: no feature */
  int n_requests = 0;
  double x, y;

  set_document (tool, f);
  g_signal_connect (tool, "name-requested", G_CALLBACK (on_name_requested), &n_requests);
  gbacw_tool_hexside_set_feature (tool, redan);
  g_assert_cmpuint (gbacw_tool_hexside_get_selected (tool), ==, GBACW_HEXSIDE_NONE);
  g_assert_false (gbacw_tool_hexside_set_selected_name (tool, "Nowhere"));

  /* Click: the redan is drawn and the hexside selected; the name is another step. */
  hexside_point (f, 15, 7, 3, 0.5, 0.2, &x, &y);
  click (tool, x, y, 0);
  g_assert_true (has_feature (f, id, redan));
  g_assert_cmpuint (gbacw_tool_hexside_get_selected (tool), ==, id);
  g_assert_null (gbacw_tool_hexside_get_selected_name (tool));
  g_assert_true (gbacw_tool_hexside_set_selected_name (tool, " Fort Pryor "));
  g_assert_cmpstr (g_hash_table_lookup (f->map->hexside_names, GUINT_TO_POINTER (id)), ==, "Fort Pryor");
  g_assert_cmpstr (gbacw_tool_hexside_get_selected_name (tool), ==, "Fort Pryor");
  g_assert_cmpuint (n_steps (f), ==, 2);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Name work");
  /* the same name again: no step */
  g_assert_true (gbacw_tool_hexside_set_selected_name (tool, "Fort Pryor"));
  g_assert_cmpuint (n_steps (f), ==, 2);

  /* N over another hexside selects it and asks for its name; a hexside without a
   * feature can be named too. */
  hexside_point (f, 3, 12, 1, 0.5, 0.15, &x, &y);
  gbacw_tool_motion (GBACW_TOOL (tool), NULL, x, y, 0);
  g_assert_true (gbacw_tool_key_pressed (GBACW_TOOL (tool), NULL, GDK_KEY_n, 0));
  g_assert_cmpuint (gbacw_tool_hexside_get_selected (tool), ==, other);
  g_assert_cmpint (n_requests, ==, 1);
  g_assert_false (gbacw_tool_key_pressed (GBACW_TOOL (tool), NULL, GDK_KEY_n, GDK_CONTROL_MASK));
  g_assert_false (gbacw_tool_key_pressed (GBACW_TOOL (tool), NULL, GDK_KEY_m, 0));
  g_assert_true (gbacw_tool_hexside_set_selected_name (tool, "Sunken lane"));
  g_assert_cmpstr (g_hash_table_lookup (f->map->hexside_names, GUINT_TO_POINTER (other)), ==, "Sunken lane");
  g_assert_cmpuint (n_steps (f), ==, 3);

  /* An empty name removes it. */
  g_assert_true (gbacw_tool_hexside_set_selected_name (tool, ""));
  g_assert_false (g_hash_table_contains (f->map->hexside_names, GUINT_TO_POINTER (other)));
  g_assert_cmpuint (n_steps (f), ==, 4);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==,
                   "Remove work name");

  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpstr (g_hash_table_lookup (f->map->hexside_names, GUINT_TO_POINTER (other)), ==, "Sunken lane");
  g_assert_true (gbacw_document_redo (f->document));
  g_assert_false (g_hash_table_contains (f->map->hexside_names, GUINT_TO_POINTER (other)));
  undo_all (f);
}

static void
test_hexside_inside (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolHexside) tool = gbacw_tool_hexside_new ();
  int works = hexside_type_index (f, "outer-works");
  int redan = hexside_type_index (f, "redan");
  GbacwHexsideId id = hexside (f, 15, 7, 3);   /* 1608 S, between 1608 and 1609 */
  GbacwHex below = gbacw_hex_grid_neighbour (&f->map->grid, (GbacwHex) { 15, 7 }, 3);
  double x, y;

  set_document (tool, f);
  g_assert_cmpuint (f->map->hexside_features[id], ==, 0);

  /* Clicked from 1504's side: 1504 is inside. */
  gbacw_tool_hexside_set_feature (tool, works);
  hexside_point (f, 15, 7, 3, 0.5, 0.2, &x, &y);
  click (tool, x, y, 0);
  g_assert_true (has_feature (f, id, works));
  g_assert_cmpint (inside_hex (f, id, works), ==, hex_index (f, 15, 7));

  /* A redan on the same hexside clicked from the other side: the other hex inside. */
  gbacw_tool_hexside_set_feature (tool, redan);
  hexside_point (f, 15, 7, 3, 0.5, -0.2, &x, &y);
  g_assert_cmpint (gbacw_hex_grid_index (&f->map->grid, gbacw_hex_grid_hex_at_point (&f->map->grid, x, y)), ==,
                   gbacw_hex_grid_index (&f->map->grid, below));
  click (tool, x, y, 0);
  g_assert_true (has_feature (f, id, redan));
  g_assert_cmpint (inside_hex (f, id, redan), ==, gbacw_hex_grid_index (&f->map->grid, below));
  g_assert_cmpint (inside_hex (f, id, works), ==, hex_index (f, 15, 7));
  g_assert_cmpuint (n_steps (f), ==, 2);

  /* Clearing drops the inside bit too. */
  click (tool, x, y, 0);
  g_assert_false (has_feature (f, id, redan));
  g_assert_cmpuint (f->map->hexside_inside[id] & (1u << redan), ==, 0);
  undo_all (f);
}

/* Dragging along hexsides 0, 1 and 2 of a hex (corners 0 to 3) draws those three, and
 * none of the hexsides that end at the corners passed. */
static void
trace_three_sides (Fixture *f, GbacwToolHexside *tool, int col, int row, double inset)
{
  double points[2 * 13];
  guint n = 0;

  /* start on hexside 0, then along it and the next two, a little inside the hex */
  for (int side = 0; side < 3; side++)
    for (int k = 0; k < 4; k++)
      {
        hexside_point (f, col, row, side, side == 0 ? 0.5 + k * 0.5 / 4 : k / 4.0, inset, &points[2 * n],
                       &points[2 * n + 1]);
        n++;
      }
  corner (f, col, row, 3, &points[2 * n], &points[2 * n + 1]);
  n++;
  stroke (tool, points, n, 0);
}

static void
test_hexside_drag_chain (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolHexside) tool = gbacw_tool_hexside_new ();
  int stream = hexside_type_index (f, "stream");
  int works = hexside_type_index (f, "outer-works");
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (&f->map->grid);
  g_autofree guint32 *before = g_memdup2 (f->map->hexside_features, sizeof (guint32) * n_ids);
  GbacwHexsideId sides[3];

  set_document (tool, f);
  for (int d = 0; d < 3; d++)
    {
      sides[d] = hexside (f, 16, 12, d);   /* 1713 */
      g_assert_cmpuint (f->map->hexside_features[sides[d]], ==, 0);
    }

  gbacw_tool_hexside_set_feature (tool, stream);
  trace_three_sides (f, tool, 16, 12, 0.05);
  g_assert_cmpuint (n_steps (f), ==, 1);
  for (guint32 id = 0; id < n_ids; id++)
    {
      gboolean expected = id == sides[0] || id == sides[1] || id == sides[2];
      g_assert_cmpuint (f->map->hexside_features[id], ==, expected ? before[id] | (1u << stream) : before[id]);
    }

  /* Starting on a hexside that has it, the drag clears along the chain. */
  trace_three_sides (f, tool, 16, 12, -0.05);
  g_assert_cmpuint (n_steps (f), ==, 2);
  g_assert_cmpmem (f->map->hexside_features, sizeof (guint32) * n_ids, before, sizeof (guint32) * n_ids);

  /* Works drawn from inside the hex have it inside all along the chain. */
  gbacw_tool_hexside_set_feature (tool, works);
  trace_three_sides (f, tool, 16, 12, 0.1);
  for (int d = 0; d < 3; d++)
    {
      g_assert_true (has_feature (f, sides[d], works));
      g_assert_cmpint (inside_hex (f, sides[d], works), ==, hex_index (f, 16, 12));
    }
  g_assert_cmpuint (n_steps (f), ==, 3);
  /* …and from outside it, the other way round. */
  g_assert_true (gbacw_document_undo (f->document));
  trace_three_sides (f, tool, 16, 12, -0.1);
  for (int d = 0; d < 3; d++)
    {
      g_assert_true (has_feature (f, sides[d], works));
      g_assert_cmpint (inside_hex (f, sides[d], works), !=, hex_index (f, 16, 12));
    }
  undo_all (f);
}

/* The hexsides of ids form one connected chain: each shares a corner with another, and
 * all hang together. */
static gboolean
hexsides_connected (Fixture *f, GArray *ids)
{
  g_autofree double *ends = g_new (double, 4 * MAX (ids->len, 1));
  g_autofree gboolean *reached = g_new0 (gboolean, MAX (ids->len, 1));
  guint n_reached = 0;
  gboolean grew = TRUE;

  for (guint i = 0; i < ids->len; i++)
    {
      GbacwHex a;
      int d;
      g_assert_true (gbacw_hex_grid_hexside_hexes (&f->map->grid, g_array_index (ids, GbacwHexsideId, i), &a, &d, NULL));
      gbacw_hex_grid_corner (&f->map->grid, a, d, &ends[4 * i], &ends[4 * i + 1]);
      gbacw_hex_grid_corner (&f->map->grid, a, (d + 1) % 6, &ends[4 * i + 2], &ends[4 * i + 3]);
    }
  if (ids->len == 0)
    return TRUE;
  reached[0] = TRUE;
  n_reached = 1;
  while (grew)
    {
      grew = FALSE;
      for (guint i = 0; i < ids->len; i++)
        for (guint j = 0; j < ids->len && !reached[i]; j++)
          if (reached[j])
            for (int ei = 0; ei < 2; ei++)
              for (int ej = 0; ej < 2; ej++)
                if (!reached[i] && hypot (ends[4 * i + 2 * ei] - ends[4 * j + 2 * ej],
                                          ends[4 * i + 2 * ei + 1] - ends[4 * j + 2 * ej + 1]) < 1e-6)
                  {
                    reached[i] = TRUE;
                    n_reached++;
                    grew = TRUE;
                  }
    }
  return n_reached == ids->len;
}

/* The hexsides that gained feature type since before. */
static GArray *
gained_feature (Fixture *f, const guint32 *before, int type)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideId));
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (&f->map->grid);

  for (guint32 id = 0; id < n_ids; id++)
    if ((f->map->hexside_features[id] & (1u << type)) && !(before[id] & (1u << type)))
      g_array_append_val (ids, id);
  return ids;
}

/* A river traced through hex centres (not along the hexsides) comes out as one connected
 * chain along hex edges, from the first hex to the last, in one step. */
static void
test_hexside_drag_through_centres (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolHexside) tool = gbacw_tool_hexside_new ();
  int stream = hexside_type_index (f, "stream");
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (&f->map->grid);
  g_autofree guint32 *before = g_memdup2 (f->map->hexside_features, sizeof (guint32) * n_ids);
  /* a curving course: 1713 1714 1814 1914 2013 2012 */
  const int course[] = { 16, 12, 16, 13, 17, 13, 18, 13, 19, 12, 19, 11 };
  g_autoptr(GArray) ids = NULL;
  double x0, y0, x1, y1;
  gboolean near_start = FALSE, near_end = FALSE;

  set_document (tool, f);
  gbacw_tool_hexside_set_feature (tool, stream);
  stroke_hexes (tool, f, course, G_N_ELEMENTS (course) / 2, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);

  ids = gained_feature (f, before, stream);
  /* five hexes apart: at least a hexside a hex, and no rings around the hexes passed */
  g_assert_cmpuint (ids->len, >=, 5);
  g_assert_cmpuint (ids->len, <=, 2 * G_N_ELEMENTS (course) / 2);
  g_assert_true (hexsides_connected (f, ids));
  /* it runs from a corner of the first hex to a corner of the last (one radius from their
   * centres) */
  centre (f, course[0], course[1], &x0, &y0);
  centre (f, course[G_N_ELEMENTS (course) - 2], course[G_N_ELEMENTS (course) - 1], &x1, &y1);
  for (guint i = 0; i < ids->len; i++)
    {
      GbacwHex a;
      int d;
      gbacw_hex_grid_hexside_hexes (&f->map->grid, g_array_index (ids, GbacwHexsideId, i), &a, &d, NULL);
      for (int k = 0; k < 2; k++)
        {
          double cx, cy;
          gbacw_hex_grid_corner (&f->map->grid, a, (d + k) % 6, &cx, &cy);
          near_start |= fabs (hypot (cx - x0, cy - y0) - 1.0) < 1e-6;
          near_end |= fabs (hypot (cx - x1, cy - y1) - 1.0) < 1e-6;
        }
    }
  g_assert_true (near_start);
  g_assert_true (near_end);
  undo_all (f);
  g_assert_cmpmem (f->map->hexside_features, sizeof (guint32) * n_ids, before, sizeof (guint32) * n_ids);
}

/* Click, then Shift+click: the shortest chain of hexsides between the two, as one step;
 * Shift+click on from there carries the chain on. */
static void
test_hexside_click_to_click (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolHexside) tool = gbacw_tool_hexside_new ();
  int stream = hexside_type_index (f, "stream");
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (&f->map->grid);
  g_autofree guint32 *before = g_memdup2 (f->map->hexside_features, sizeof (guint32) * n_ids);
  GbacwHexsideId first = hexside (f, 16, 12, 0);   /* 1713 N */
  GbacwHexsideId second = hexside (f, 13, 4, 3);   /* 1405 S */
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideStep));
  g_autoptr(GArray) ids = NULL;
  guint n_new = 0;
  double x, y;

  set_document (tool, f);
  gbacw_tool_hexside_set_feature (tool, stream);
  hexside_point (f, 16, 12, 0, 0.5, 0.2, &x, &y);
  click (tool, x, y, 0);
  g_assert_true (has_feature (f, first, stream));
  g_assert_cmpuint (n_steps (f), ==, 1);

  g_assert_true (gbacw_hex_grid_hexside_path (&f->map->grid, first, second, expected));
  hexside_point (f, 13, 4, 3, 0.5, 0.2, &x, &y);
  click (tool, x, y, GDK_SHIFT_MASK);
  g_assert_cmpuint (n_steps (f), ==, 2);
  ids = gained_feature (f, before, stream);
  /* the first hexside and the shortest chain (some of it may have been a stream already),
   * nothing else */
  for (guint i = 0; i < expected->len; i++)
    {
      GbacwHexsideId id = g_array_index (expected, GbacwHexsideStep, i).hexside;
      g_assert_true (has_feature (f, id, stream));
      n_new += !(before[id] & (1u << stream));
    }
  g_assert_cmpuint (n_new, >, 0);
  g_assert_cmpuint (ids->len, ==, 1 + n_new);
  g_array_append_val (ids, first);
  for (guint i = 0; i < expected->len; i++)
    g_array_append_val (ids, g_array_index (expected, GbacwHexsideStep, i).hexside);
  g_assert_true (hexsides_connected (f, ids));

  /* One undo takes the whole chain back, leaving the first click's hexside. */
  g_assert_true (gbacw_document_undo (f->document));
  g_clear_pointer (&ids, g_array_unref);
  ids = gained_feature (f, before, stream);
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpuint (g_array_index (ids, GbacwHexsideId, 0), ==, first);
  undo_all (f);
}

/* ---------------------------------------------------------------- lines */

static void
test_line_draw (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolLine) tool = gbacw_tool_line_new ();
  int railroad = line_type_index (f, "railroad");
  /* 0305 -> 0405 -> 0505 -> 0506: neighbours each */
  const int path[] = { 2, 4, 3, 4, 4, 4, 4, 5 };

  set_document (tool, f);
  gbacw_tool_line_set_line_type (tool, railroad);
  g_assert_false (has_line (f, 2, 4, 3, 4, railroad));

  stroke_hexes (tool, f, path, G_N_ELEMENTS (path) / 2, 0);
  g_assert_true (has_line (f, 2, 4, 3, 4, railroad));
  g_assert_true (has_line (f, 3, 4, 4, 4, railroad));
  g_assert_true (has_line (f, 4, 4, 4, 5, railroad));
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Draw line");

  g_assert_true (gbacw_document_undo (f->document));
  g_assert_false (has_line (f, 2, 4, 3, 4, railroad));
  g_assert_false (has_line (f, 4, 4, 4, 5, railroad));
  g_assert_true (gbacw_document_redo (f->document));
  g_assert_true (has_line (f, 3, 4, 4, 4, railroad));

  /* Erase mode: the same drag takes the segments out; shift does it too. */
  gbacw_tool_line_set_erase (tool, TRUE);
  stroke_hexes (tool, f, (const int[]) { 2, 4, 3, 4 }, 2, 0);
  g_assert_false (has_line (f, 2, 4, 3, 4, railroad));
  g_assert_true (has_line (f, 3, 4, 4, 4, railroad));
  gbacw_tool_line_set_erase (tool, FALSE);
  stroke_hexes (tool, f, (const int[]) { 3, 4, 4, 4 }, 2, GDK_SHIFT_MASK);
  g_assert_false (has_line (f, 3, 4, 4, 4, railroad));
  g_assert_cmpuint (n_steps (f), ==, 3);

  /* A click in erase mode clears the hex. */
  g_assert_true (has_line (f, 4, 4, 4, 5, railroad));
  gbacw_tool_line_set_erase (tool, TRUE);
  click_hex (tool, f, 4, 5, 0);
  g_assert_false (has_line (f, 4, 4, 4, 5, railroad));
  g_assert_cmpuint (n_steps (f), ==, 4);
  undo_all (f);
}

static void
test_line_gap (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolLine) tool = gbacw_tool_line_new ();
  int trail = line_type_index (f, "trail");
  GbacwHex from = { 13, 1 }, to = { 17, 5 };
  GbacwHex cur = from;
  int steps = 0;

  set_document (tool, f);
  gbacw_tool_line_set_line_type (tool, trail);

  /* One drag event from 1402 straight to 1806: the gap is filled hex by hex. */
  stroke_hexes (tool, f, (const int[]) { from.col, from.row, to.col, to.row }, 2, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);

  /* Follow the trail from one end: it must reach the other end, neighbour by neighbour,
   * in as many steps as the hexes are apart. */
  while (!gbacw_hex_equal (cur, to) && steps < 20)
    {
      GbacwHex next = cur;
      int n_ways = 0;
      for (int d = 0; d < 6; d++)
        {
          GbacwHex n = gbacw_hex_grid_neighbour (&f->map->grid, cur, d);
          GbacwHexsideId id = gbacw_hex_grid_hexside (&f->map->grid, cur, d);
          if (gbacw_hex_grid_contains (&f->map->grid, n) && (f->map->hexside_lines[id] & (1u << trail)) &&
              gbacw_hex_grid_distance (&f->map->grid, n, to) < gbacw_hex_grid_distance (&f->map->grid, cur, to))
            {
              next = n;
              n_ways++;
            }
        }
      g_assert_cmpint (n_ways, ==, 1);
      cur = next;
      steps++;
    }
  g_assert_true (gbacw_hex_equal (cur, to));
  g_assert_cmpint (steps, ==, gbacw_hex_grid_distance (&f->map->grid, from, to));
  undo_all (f);
}

/* ---------------------------------------------------------------- areas */

static void
test_area (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolArea) tool = gbacw_tool_area_new ();
  g_autofree char *id = NULL;
  g_autofree char *id2 = NULL;
  const GbacwArea *area;
  guint n_areas = f->map->areas->len;

  set_document (tool, f);
  id = gbacw_tool_area_new_area (tool, "Pryor's Knob", GBACW_AREA_OBJECTIVE, "confederate");
  g_assert_cmpstr (id, ==, "pryor-s-knob");
  g_assert_cmpstr (gbacw_tool_area_get_area (tool), ==, id);
  g_assert_cmpuint (f->map->areas->len, ==, n_areas + 1);
  g_assert_cmpuint (n_steps (f), ==, 1);
  area = gbacw_map_find_area (f->map, id);
  g_assert_nonnull (area);
  g_assert_cmpint (area->kind, ==, GBACW_AREA_OBJECTIVE);
  g_assert_cmpstr (area->side, ==, "confederate");
  g_assert_cmpstr (area->name, ==, "Pryor's Knob");

  /* The same name again gets its own id. */
  id2 = gbacw_tool_area_new_area (tool, "Pryor's Knob", GBACW_AREA_OTHER, NULL);
  g_assert_cmpstr (id2, ==, "pryor-s-knob-2");
  g_assert_true (gbacw_document_undo (f->document));
  gbacw_tool_area_set_area (tool, id);

  /* Painting a stroke adds its hexes, as one step. */
  stroke_hexes (tool, f, (const int[]) { 15, 3, 15, 4, 16, 4, 15, 3 }, 4, 0);
  area = gbacw_map_find_area (f->map, id);
  g_assert_cmpuint (area->hexes->len, ==, 3);
  g_assert_true (gbacw_area_contains (area, hex_index (f, 15, 3)));
  g_assert_true (gbacw_area_contains (area, hex_index (f, 15, 4)));
  g_assert_true (gbacw_area_contains (area, hex_index (f, 16, 4)));
  g_assert_cmpuint (n_steps (f), ==, 2);

  /* Erasing takes one out (shift inverts the mode for a stroke). */
  click_hex (tool, f, 15, 4, GDK_SHIFT_MASK);
  area = gbacw_map_find_area (f->map, id);
  g_assert_cmpuint (area->hexes->len, ==, 2);
  g_assert_false (gbacw_area_contains (area, hex_index (f, 15, 4)));
  g_assert_cmpuint (n_steps (f), ==, 3);

  g_assert_true (gbacw_document_undo (f->document));
  area = gbacw_map_find_area (f->map, id);
  g_assert_cmpuint (area->hexes->len, ==, 3);
  g_assert_true (gbacw_document_undo (f->document));
  area = gbacw_map_find_area (f->map, id);
  g_assert_cmpuint (area->hexes->len, ==, 0);
  undo_all (f);
}

/* Renaming and deleting areas through the tool: one step each; an area the victory
 * conditions refer to is not deleted, and the message says why. */
static void
test_area_rename_delete (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolArea) tool = gbacw_tool_area_new ();
  g_autoptr(GError) error = NULL;
  guint n_areas = f->map->areas->len;
  const GbacwArea *area;

  set_document (tool, f);
  g_assert_true (gbacw_tool_area_rename_area (tool, "obj-mill", "  Miller's Old Mill ", &error));
  g_assert_no_error (error);
  area = gbacw_map_find_area (f->map, "obj-mill");
  g_assert_cmpstr (area->name, ==, "Miller's Old Mill");
  g_assert_cmpint (area->kind, ==, GBACW_AREA_OBJECTIVE);
  g_assert_cmpint (area->vp, ==, 3);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Rename area");
  /* the same name again changes nothing */
  g_assert_true (gbacw_tool_area_rename_area (tool, "obj-mill", "Miller's Old Mill", NULL));
  g_assert_cmpuint (n_steps (f), ==, 1);
  /* no name, no area */
  g_assert_false (gbacw_tool_area_rename_area (tool, "obj-mill", " ", &error));
  g_assert_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (gbacw_tool_area_rename_area (tool, "no-such-area", "X", &error));
  g_assert_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* The VP award v-mill counts obj-mill: it stays. */
  g_assert_false (gbacw_tool_area_delete_area (tool, "obj-mill", &error));
  g_assert_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED);
  g_assert_nonnull (strstr (error->message, "Miller's Old Mill"));
  g_assert_nonnull (strstr (error->message, "v-mill"));
  g_clear_error (&error);
  g_assert_nonnull (gbacw_map_find_area (f->map, "obj-mill"));
  g_assert_cmpuint (n_steps (f), ==, 1);

  /* The bridge approaches, the tool's area, go; the tool then paints none. */
  gbacw_tool_area_set_area (tool, "bridge-approaches");
  g_assert_true (gbacw_tool_area_delete_area (tool, "bridge-approaches", &error));
  g_assert_no_error (error);
  g_assert_null (gbacw_map_find_area (f->map, "bridge-approaches"));
  g_assert_cmpuint (f->map->areas->len, ==, n_areas - 1);
  g_assert_null (gbacw_tool_area_get_area (tool));
  g_assert_cmpuint (n_steps (f), ==, 2);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Delete area");
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_nonnull (gbacw_map_find_area (f->map, "bridge-approaches"));
  g_assert_true (gbacw_document_redo (f->document));
  g_assert_null (gbacw_map_find_area (f->map, "bridge-approaches"));
  undo_all (f);
}

/* ---------------------------------------------------------------- labels */

/* Where label index is drawn: the centre of its text. */
static void
label_point (Fixture *f, int index, double *x, double *y)
{
  const GbacwLabel *label = g_ptr_array_index (f->map->labels, index);
  double cx, cy;

  gbacw_hex_grid_centre (&f->map->grid, gbacw_hex_grid_hex_at (&f->map->grid, label->hex), &cx, &cy);
  *x = cx + label->dx;
  *y = cy + label->dy;
}

static const GbacwLabel *
label_at_index (Fixture *f, int index)
{
  return g_ptr_array_index (f->map->labels, index);
}

static void
test_label (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolLabel) tool = gbacw_tool_label_new ();
  guint n_labels = f->map->labels->len;
  const GbacwLabel *label;
  double x, y;

  set_document (tool, f);

  /* No text: no label. */
  click_hex (tool, f, 3, 3, 0);
  g_assert_cmpuint (n_steps (f), ==, 0);

  gbacw_tool_label_set_text (tool, "Harlan's Farm");
  centre (f, 3, 3, &x, &y);
  click (tool, x + 0.3, y - 0.42, 0);
  g_assert_cmpuint (f->map->labels->len, ==, n_labels + 1);
  label = g_ptr_array_index (f->map->labels, n_labels);
  g_assert_cmpstr (label->text, ==, "Harlan's Farm");
  g_assert_cmpint (label->hex, ==, hex_index (f, 3, 3));
  g_assert_cmpfloat_with_epsilon (label->dx, 0.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (label->dy, -0.4, 1e-9);
  g_assert_cmpfloat (label->size, ==, 1.0);
  g_assert_cmpuint (n_steps (f), ==, 1);

  /* The label placed is the selected one. */
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, (int) n_labels);

  /* Shift+click off any label removes every label of the hex clicked. */
  click_hex (tool, f, 3, 3, GDK_SHIFT_MASK);
  g_assert_cmpuint (f->map->labels->len, ==, n_labels);
  g_assert_cmpuint (n_steps (f), ==, 2);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, -1);
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpuint (f->map->labels->len, ==, n_labels + 1);

  /* In erase mode a click on a label removes that label only. */
  gbacw_tool_label_set_erase (tool, TRUE);
  label = g_ptr_array_index (f->map->labels, 1);
  g_assert_cmpstr (label->text, ==, "Millersburg");
  label_point (f, 1, &x, &y);
  click (tool, x, y, 0);
  g_assert_cmpuint (f->map->labels->len, ==, n_labels);
  g_assert_cmpstr (((GbacwLabel *) g_ptr_array_index (f->map->labels, 1))->text, ==, "Harlan's Ridge");
  g_assert_cmpstr (((GbacwLabel *) g_ptr_array_index (f->map->labels, n_labels - 1))->text, ==, "Harlan's Farm");
  undo_all (f);
}

/* Pressing on a label selects it and a drag moves it, as one step, into the hex it ends in. */
static void
test_label_move (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolLabel) tool = gbacw_tool_label_new ();
  g_autoptr(GBytes) moved = NULL;
  guint n_labels = f->map->labels->len;
  double x0, y0, x, y;
  int millersburg = 1;

  set_document (tool, f);
  gbacw_tool_label_set_text (tool, "Not placed");
  label_point (f, millersburg, &x0, &y0);
  g_assert_cmpint (gbacw_tool_label_label_at (tool, x0, y0), ==, millersburg);
  g_assert_cmpint (gbacw_tool_label_label_at (tool, x0, y0 + 0.5), ==, -1);

  /* A press without a drag only selects: nothing placed, nothing changed. */
  click (tool, x0 + 0.1, y0, 0);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, millersburg);
  g_assert_cmpuint (f->map->labels->len, ==, n_labels);
  g_assert_cmpuint (n_steps (f), ==, 0);

  /* Grabbed right of its centre, dragged 2.5 hex radii right and 1 down in steps. */
  stroke (tool, (const double[]) { x0 + 0.3, y0, x0 + 1.0, y0 + 0.2, x0 + 2.0, y0 + 0.7, x0 + 2.8, y0 + 1.0 }, 4, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Move label");
  g_assert_cmpuint (f->map->labels->len, ==, n_labels);
  g_assert_cmpstr (label_at_index (f, millersburg)->text, ==, "Millersburg");
  label_point (f, millersburg, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, x0 + 2.5, 0.026);
  g_assert_cmpfloat_with_epsilon (y, y0 + 1.0, 0.026);
  /* kept as an offset from the hex it now sits in */
  g_assert_cmpint (label_at_index (f, millersburg)->hex, ==, gbacw_map_tool_hex_at (GBACW_MAP_TOOL (tool), x, y));
  g_assert_cmpint (label_at_index (f, millersburg)->hex, !=, hex_index (f, 8, 6));
  g_assert_cmpfloat (fabs (label_at_index (f, millersburg)->dx), <=, 1.0);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, millersburg);

  moved = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (gbacw_document_undo (f->document));
  assert_original (f);
  g_assert_true (gbacw_document_redo (f->document));
  {
    g_autoptr(GBytes) now = gbacw_scenario_save_to_bytes (f->scenario);
    g_assert_true (g_bytes_equal (now, moved));
  }
  undo_all (f);
}

/* Rotating: Shift+drag and the handle turn freely, one step a drag; Shift+scroll turns
 * 15° a notch, one step a run of scrolls. */
static void
test_label_rotate (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolLabel) tool = gbacw_tool_label_new ();
  int millersburg = 1;
  double x0, y0, hx, hy;

  set_document (tool, f);
  label_point (f, millersburg, &x0, &y0);
  g_assert_cmpfloat (label_at_index (f, millersburg)->angle, ==, 0);

  /* Shift+drag from right of the centre round to below it: a quarter turn clockwise. */
  stroke (tool, (const double[]) { x0 + 0.6, y0, x0 + 0.5, y0 + 0.3, x0 + 0.3, y0 + 0.5, x0, y0 + 0.6 }, 4,
          GDK_SHIFT_MASK);
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, 90, 1e-9);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Rotate label");
  /* it turned about its centre, which stays */
  {
    double x, y;
    label_point (f, millersburg, &x, &y);
    g_assert_cmpfloat_with_epsilon (x, x0, 1e-9);
    g_assert_cmpfloat_with_epsilon (y, y0, 1e-9);
  }
  g_assert_true (gbacw_document_undo (f->document));
  assert_original (f);

  /* The handle of the selected label, above its text (the text is about 0.26 tall, the
   * handle 0.3 above its box): off any label, a press there without a selection does
   * nothing (no text to place); with the label selected, dragging it from there round to
   * the left of the centre turns the label a quarter anticlockwise. */
  hx = x0;
  hy = y0 - 0.5;
  g_assert_cmpint (gbacw_tool_label_label_at (tool, hx, hy), ==, -1);
  gbacw_tool_label_set_selected (tool, -1);
  click (tool, hx, hy, 0);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, -1);
  gbacw_tool_label_set_selected (tool, millersburg);
  stroke (tool, (const double[]) { hx, hy, x0 - 0.4, y0 - 0.4, x0 - 0.6, y0 }, 3, 0);
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, -90, 1e-9);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_true (gbacw_document_undo (f->document));
  assert_original (f);

  /* Scrolling without Shift, or off any label, is the map's. */
  g_assert_false (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0, 1, 0));
  g_assert_false (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0 + 0.5, 1, GDK_SHIFT_MASK));
  g_assert_cmpuint (n_steps (f), ==, 0);

  /* Three notches down, half a notch of smooth scrolling back, then two more halves
   * back: 45°, 45°, 30°; one step in all. */
  gbacw_tool_motion (GBACW_TOOL (tool), NULL, x0, y0, 0);
  for (int i = 0; i < 3; i++)
    g_assert_true (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0, 1, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, 45, 1e-9);
  g_assert_true (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0, -0.5, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, 45, 1e-9);
  g_assert_true (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0, -0.5, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, 30, 1e-9);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, millersburg);

  /* A new run after the pointer left the label: a new step. From an angle between two
   * steps, a notch goes to the next step round. */
  gbacw_tool_motion (GBACW_TOOL (tool), NULL, x0, y0 + 2, 0);
  g_assert_true (gbacw_tool_label_set_selected_angle (tool, -10));
  gbacw_tool_motion (GBACW_TOOL (tool), NULL, x0, y0, 0);
  g_assert_true (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0, 1, GDK_SHIFT_MASK));
  g_assert_cmpfloat (label_at_index (f, millersburg)->angle, ==, 0);
  g_assert_true (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0, -1, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, -15, 1e-9);
  g_assert_cmpuint (n_steps (f), ==, 3);
  /* round past 180 */
  g_assert_true (gbacw_tool_label_set_selected_angle (tool, 175));
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, 175, 1e-9);
  gbacw_tool_motion (GBACW_TOOL (tool), NULL, x0, y0 + 2, 0);
  gbacw_tool_motion (GBACW_TOOL (tool), NULL, x0, y0, 0);
  g_assert_true (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0, 1, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, 180, 1e-9);
  g_assert_true (gbacw_tool_scrolled (GBACW_TOOL (tool), NULL, x0, y0, 1, GDK_SHIFT_MASK));
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, -165, 1e-9);
  undo_all (f);
}

static void
on_edit_requested (GbacwToolLabel *tool, int *n)
{
  (*n)++;
}

/* The selected label's text and angle from the options, the double-click, and the keys. */
static void
test_label_edit (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolLabel) tool = gbacw_tool_label_new ();
  guint n_labels = f->map->labels->len;
  int millersburg = 1, n_requests = 0;
  double x0, y0;

  set_document (tool, f);
  g_signal_connect (tool, "edit-requested", G_CALLBACK (on_edit_requested), &n_requests);
  label_point (f, millersburg, &x0, &y0);

  /* Nothing selected: nothing to edit. */
  g_assert_false (gbacw_tool_label_set_selected_text (tool, "Nowhere"));
  g_assert_false (gbacw_tool_label_set_selected_angle (tool, 10));
  g_assert_false (gbacw_tool_label_delete_selected (tool));
  g_assert_false (gbacw_tool_key_pressed (GBACW_TOOL (tool), NULL, GDK_KEY_Delete, 0));

  /* A double-click on the label selects it and asks for its text. */
  click (tool, x0, y0, 0);
  gbacw_tool_activated (GBACW_TOOL (tool), NULL, x0, y0, 0);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, millersburg);
  g_assert_cmpint (n_requests, ==, 1);
  /* off a label, it asks nothing */
  gbacw_tool_activated (GBACW_TOOL (tool), NULL, x0, y0 + 0.6, 0);
  g_assert_cmpint (n_requests, ==, 1);
  g_assert_true (gbacw_tool_key_pressed (GBACW_TOOL (tool), NULL, GDK_KEY_F2, 0));
  g_assert_cmpint (n_requests, ==, 2);

  /* Typing the text, key by key, is one step; blanks around it are dropped. */
  g_assert_true (gbacw_tool_label_set_selected_text (tool, "Millersburg T"));
  g_assert_true (gbacw_tool_label_set_selected_text (tool, "Millersburg To"));
  g_assert_true (gbacw_tool_label_set_selected_text (tool, "Millersburg Town "));
  g_assert_cmpstr (label_at_index (f, millersburg)->text, ==, "Millersburg Town");
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpstr (gbacw_history_get_undo_label (gbacw_document_get_history (f->document)), ==, "Edit label");
  /* empty text is refused: Delete removes a label */
  g_assert_false (gbacw_tool_label_set_selected_text (tool, "  "));
  g_assert_cmpstr (label_at_index (f, millersburg)->text, ==, "Millersburg Town");

  /* The angle, another field: another step, itself merged. */
  g_assert_true (gbacw_tool_label_set_selected_angle (tool, 15));
  g_assert_true (gbacw_tool_label_set_selected_angle (tool, -200));
  g_assert_cmpfloat_with_epsilon (label_at_index (f, millersburg)->angle, 160, 1e-9);
  g_assert_cmpuint (n_steps (f), ==, 2);

  /* Escape lets go; Delete then does nothing. */
  g_assert_true (gbacw_tool_key_pressed (GBACW_TOOL (tool), NULL, GDK_KEY_Escape, 0));
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, -1);
  g_assert_false (gbacw_tool_key_pressed (GBACW_TOOL (tool), NULL, GDK_KEY_Delete, 0));

  /* Delete removes the selected label: one step. */
  click (tool, x0, y0, 0);
  g_assert_true (gbacw_tool_key_pressed (GBACW_TOOL (tool), NULL, GDK_KEY_Delete, 0));
  g_assert_cmpuint (f->map->labels->len, ==, n_labels - 1);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, -1);
  g_assert_cmpuint (n_steps (f), ==, 3);
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpstr (label_at_index (f, millersburg)->text, ==, "Millersburg Town");

  /* Undo taking the selected label away unselects it. */
  gbacw_tool_label_set_text (tool, "Depot");
  click (tool, x0 + 3, y0 + 3, 0);
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, (int) n_labels);
  g_assert_true (gbacw_document_undo (f->document));
  g_assert_cmpint (gbacw_tool_label_get_selected (tool), ==, -1);
  undo_all (f);
}

/* ---------------------------------------------------------------- eyedropper */

static void
on_picked (GbacwToolEyedropper *tool, int *n)
{
  (*n)++;
}

static void
test_eyedropper (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolEyedropper) dropper = gbacw_tool_eyedropper_new ();
  g_autoptr(GbacwToolBrush) brush = gbacw_tool_brush_new ();
  g_autoptr(GbacwToolElevation) elevation = gbacw_tool_elevation_new ();
  g_autoptr(GbacwToolHexside) hexsides = gbacw_tool_hexside_new ();
  g_autoptr(GbacwToolLine) line = gbacw_tool_line_new ();
  g_autoptr(GbacwToolArea) area = gbacw_tool_area_new ();
  int n_picked = 0;
  double x, y;
  int river = hexside_type_index (f, "river");
  GbacwHexsideId id = hexside (f, 8, 1, 2);   /* 0902 SE: river */

  set_document (dropper, f);
  g_signal_connect (dropper, "picked", G_CALLBACK (on_picked), &n_picked);

  /* Terrain into the brush: 1413 is light woods and swamp. */
  gbacw_tool_eyedropper_set_target (dropper, GBACW_TOOL (brush));
  click_hex (dropper, f, 13, 11, 0);
  g_assert_cmpuint (gbacw_tool_brush_get_mask (brush), ==, f->map->terrain[hex_index (f, 13, 11)]);
  g_assert_cmpuint (gbacw_tool_brush_get_mask (brush), ==,
                    (G_GUINT64_CONSTANT (1) << terrain_index (f, "light-woods")) |
                    (G_GUINT64_CONSTANT (1) << terrain_index (f, "swamp")));
  g_assert_cmpint (n_picked, ==, 1);

  /* Elevation. */
  gbacw_tool_eyedropper_set_target (dropper, GBACW_TOOL (elevation));
  click_hex (dropper, f, 3, 3, 0);
  g_assert_cmpint (gbacw_tool_elevation_get_level (elevation), ==, 3);

  /* The feature of the hexside nearest the click. */
  gbacw_tool_eyedropper_set_target (dropper, GBACW_TOOL (hexsides));
  g_assert_true (has_feature (f, id, river));
  hexside_point (f, 8, 1, 2, 0.5, 0.2, &x, &y);
  click (dropper, x, y, 0);
  g_assert_cmpint (gbacw_tool_hexside_get_feature (hexsides), ==, river);

  /* A line type through the hex: the pike runs through 0814. */
  gbacw_tool_eyedropper_set_target (dropper, GBACW_TOOL (line));
  click_hex (dropper, f, 7, 13, 0);
  g_assert_cmpint (gbacw_tool_line_get_line_type (line), ==, line_type_index (f, "pike"));

  /* The area holding the hex. */
  gbacw_tool_eyedropper_set_target (dropper, GBACW_TOOL (area));
  click_hex (dropper, f, 11, 10, 0);
  g_assert_cmpstr (gbacw_tool_area_get_area (area), ==, "obj-mill");

  /* Off the map: nothing picked. */
  n_picked = 0;
  click (dropper, -5, -5, 0);
  g_assert_cmpint (n_picked, ==, 0);
  g_assert_false (gbacw_tool_eyedropper_pick (dropper, -5, -5));

  /* The eyedropper edits nothing. */
  g_assert_cmpuint (n_steps (f), ==, 0);
}

/* ---------------------------------------------------------------- eraser */

static void
test_eraser (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolEraser) eraser = gbacw_tool_eraser_new ();
  GbacwHex bridge_hex = { 9, 7 };    /* 1008: town, the bridge, the road */
  int hex = hex_index (f, 9, 7);
  gboolean had_lines = FALSE, had_features = FALSE;

  set_document (eraser, f);
  g_assert_cmpuint (f->map->terrain[hex], !=, 0);
  for (int d = 0; d < 6; d++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (&f->map->grid, bridge_hex, d);
      had_lines |= f->map->hexside_lines[id] != 0;
      had_features |= f->map->hexside_features[id] != 0;
    }
  g_assert_true (had_lines);
  g_assert_true (had_features);

  /* Only the lines first. */
  gbacw_tool_eraser_set_terrain (eraser, FALSE);
  gbacw_tool_eraser_set_hexsides (eraser, FALSE);
  click_hex (eraser, f, 9, 7, 0);
  for (int d = 0; d < 6; d++)
    g_assert_cmpuint (f->map->hexside_lines[gbacw_hex_grid_hexside (&f->map->grid, bridge_hex, d)], ==, 0);
  g_assert_cmpuint (f->map->terrain[hex], !=, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_true (gbacw_document_undo (f->document));
  assert_original (f);

  /* Everything, in a stroke over three hexes: one step. */
  gbacw_tool_eraser_set_terrain (eraser, TRUE);
  gbacw_tool_eraser_set_hexsides (eraser, TRUE);
  stroke_hexes (eraser, f, (const int[]) { 9, 7, 9, 8, 10, 8 }, 3, 0);
  g_assert_cmpuint (n_steps (f), ==, 1);
  g_assert_cmpuint (f->map->terrain[hex], ==, 0);
  g_assert_cmpuint (f->map->terrain[hex_index (f, 10, 8)], ==, 0);
  for (int d = 0; d < 6; d++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (&f->map->grid, bridge_hex, d);
      g_assert_cmpuint (f->map->hexside_features[id], ==, 0);
      g_assert_cmpuint (f->map->hexside_inside[id], ==, 0);
      g_assert_cmpuint (f->map->hexside_lines[id], ==, 0);
    }
  /* Elevation stays. */
  g_assert_cmpint (f->map->elevation[hex], ==, 0);
  g_assert_cmpint (f->map->elevation[hex_index (f, 10, 8)], ==, 0);

  g_assert_true (gbacw_document_undo (f->document));
  assert_original (f);
  g_assert_true (gbacw_document_redo (f->document));
  g_assert_cmpuint (f->map->terrain[hex], ==, 0);
  undo_all (f);
}

/* ---------------------------------------------------------------- everything */

/* Random strokes with every tool, then undo all the way: byte-identical; redo all the
 * way: the same as before the undo. */
static void
test_random_strokes (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolBrush) brush = gbacw_tool_brush_new ();
  g_autoptr(GbacwToolFill) fill = gbacw_tool_fill_new ();
  g_autoptr(GbacwToolElevation) elevation = gbacw_tool_elevation_new ();
  g_autoptr(GbacwToolHexside) hexsides = gbacw_tool_hexside_new ();
  g_autoptr(GbacwToolLine) line = gbacw_tool_line_new ();
  g_autoptr(GbacwToolArea) area = gbacw_tool_area_new ();
  g_autoptr(GbacwToolLabel) label = gbacw_tool_label_new ();
  g_autoptr(GbacwToolEraser) eraser = gbacw_tool_eraser_new ();
  gpointer tools[] = { brush, fill, elevation, hexsides, line, area, label, eraser };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260601);
  g_autoptr(GBytes) edited = NULL;
  g_autoptr(GBytes) redone = NULL;
  double w, h;

  gbacw_hex_grid_extent (&f->map->grid, &w, &h);
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    set_document (tools[i], f);
  gbacw_tool_area_set_area (area, "union-setup");
  gbacw_tool_label_set_text (label, "Random");

  for (int i = 0; i < 120; i++)
    {
      gpointer tool = tools[g_rand_int_range (rand, 0, G_N_ELEMENTS (tools))];
      double points[2 * 6];
      guint n = (guint) g_rand_int_range (rand, 1, 7);

      if (tool == brush)
        {
          gbacw_tool_brush_set_mask (brush, (guint64) g_rand_int_range (rand, 0, 32));
          gbacw_tool_brush_set_radius (brush, g_rand_int_range (rand, 0, 4));
          gbacw_tool_brush_set_add (brush, g_rand_boolean (rand));
        }
      else if (tool == fill)
        gbacw_tool_fill_set_mask (fill, (guint64) g_rand_int_range (rand, 1, 32));
      else if (tool == elevation)
        {
          gbacw_tool_elevation_set_mode (elevation, g_rand_int_range (rand, 0, 3));
          gbacw_tool_elevation_set_level (elevation, g_rand_int_range (rand, 0, 4));
        }
      else if (tool == hexsides)
        gbacw_tool_hexside_set_feature (hexsides, g_rand_int_range (rand, 0, 10));
      else if (tool == line)
        gbacw_tool_line_set_line_type (line, g_rand_int_range (rand, 0, 4));

      for (guint k = 0; k < n; k++)
        {
          points[2 * k] = g_rand_double_range (rand, -0.5, w + 0.5);
          points[2 * k + 1] = g_rand_double_range (rand, -0.5, h + 0.5);
        }
      stroke (tool, points, n, g_rand_boolean (rand) ? GDK_SHIFT_MASK : 0);
      if (i % 17 == 0)
        gbacw_tool_elevation_auto_crest (elevation);
    }
  g_assert_cmpuint (n_steps (f), >, 60);

  edited = gbacw_scenario_save_to_bytes (f->scenario);
  undo_all (f);
  while (gbacw_document_redo (f->document))
    ;
  redone = gbacw_scenario_save_to_bytes (f->scenario);
  g_assert_true (g_bytes_equal (edited, redone));
}

/* Without a document, tools do nothing and do not crash. */
static void
test_no_document (void)
{
  gpointer tools[] = { gbacw_tool_brush_new (), gbacw_tool_fill_new (), gbacw_tool_elevation_new (),
                       gbacw_tool_hexside_new (), gbacw_tool_line_new (), gbacw_tool_area_new (),
                       gbacw_tool_label_new (), gbacw_tool_eyedropper_new (), gbacw_tool_eraser_new () };

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      double points[] = { 1, 1, 3, 3 };
      stroke (tools[i], points, 2, 0);
      gbacw_tool_motion (tools[i], NULL, 2, 2, 0);
      g_object_unref (tools[i]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/tools/brush/paint", test_brush_paint);
  ADD ("/tools/brush/stroke-is-one-step", test_brush_stroke_one_step);
  ADD ("/tools/brush/radius-and-gaps", test_brush_radius_and_gaps);
  ADD ("/tools/fill", test_fill);
  ADD ("/tools/elevation", test_elevation);
  ADD ("/tools/auto-crest", test_auto_crest);
  ADD ("/tools/hexside/click", test_hexside_click);
  ADD ("/tools/hexside/inside", test_hexside_inside);
  ADD ("/tools/hexside/name", test_hexside_name);
  ADD ("/tools/hexside/drag-chain", test_hexside_drag_chain);
  ADD ("/tools/hexside/drag-through-centres", test_hexside_drag_through_centres);
  ADD ("/tools/hexside/click-to-click", test_hexside_click_to_click);
  ADD ("/tools/line/draw-and-erase", test_line_draw);
  ADD ("/tools/line/gap", test_line_gap);
  ADD ("/tools/area", test_area);
  ADD ("/tools/area/rename-delete", test_area_rename_delete);
  ADD ("/tools/label", test_label);
  ADD ("/tools/label/move", test_label_move);
  ADD ("/tools/label/rotate", test_label_rotate);
  ADD ("/tools/label/edit", test_label_edit);
  ADD ("/tools/eyedropper", test_eyedropper);
  ADD ("/tools/eraser", test_eraser);
  ADD ("/tools/random-strokes", test_random_strokes);
#undef ADD
  g_test_add_func ("/tools/no-document", test_no_document);

  return g_test_run ();
}
