/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tile-cache.c: the map canvas's tiles, updated in place after each edit (only the
 * hexes and text a command changed are drawn again), look like tiles rendered from
 * scratch, to a level or two of antialiasing; and an edit redraws only the tiles that
 * show what it changed. */
#define G_LOG_DOMAIN "test-tile-cache"

#include "config.h"

#include <string.h>

#include "gbacw-data.h"
#include "gbacw-document.h"
#include "gbacw-map-renderer.h"
#include "gbacw-tile-cache.h"
#include "gbacw-tool-area.h"
#include "gbacw-tool-brush.h"
#include "gbacw-tool-elevation.h"
#include "gbacw-tool-eraser.h"
#include "gbacw-tool-hexside.h"
#include "gbacw-tool-label.h"
#include "gbacw-tool-line.h"

typedef struct
{
  GbacwDocument *document;
  GbacwScenario *scenario;
  GbacwTileCache *cache;
  double scale;
  int n_tx, n_ty;
  guint last_redrawn;
} Fixture;

static void
on_changed (GbacwDocument *document, const GbacwChange *change, Fixture *f)
{
  f->last_redrawn = gbacw_tile_cache_update (f->cache, change);
}

static void
fill_cache (Fixture *f)
{
  for (int ty = 0; ty < f->n_ty; ty++)
    for (int tx = 0; tx < f->n_tx; tx++)
      gbacw_tile_cache_get_surface (f->cache, tx, ty);
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GError) error = NULL;
  double w, h;

  f->document = gbacw_document_load (path, &error);
  g_assert_no_error (error);
  f->scenario = gbacw_document_get_scenario (f->document);
  f->scale = *(const double *) data;
  f->cache = gbacw_tile_cache_new ();
  gbacw_tile_cache_configure (f->cache, f->scenario, GBACW_LAYER_BIT_ALL, f->scale);
  gbacw_hex_grid_extent (&f->scenario->map->grid, &w, &h);
  f->n_tx = (int) (w * f->scale / GBACW_TILE_SIZE) + 1;
  f->n_ty = (int) (h * f->scale / GBACW_TILE_SIZE) + 1;
  fill_cache (f);
  g_signal_connect (f->document, "changed", G_CALLBACK (on_changed), f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->cache);
  g_clear_object (&f->document);
}

/* Which pixels of tile (tx, ty) lie wholly inside the map's hexes. Outside them, in the
 * notches along the map's edges, the renderer paints the terrain most common in the part
 * it draws, so that a partial redraw may colour them differently from a full one. */
static cairo_surface_t *
map_mask (Fixture *f, int tx, int ty)
{
  const GbacwHexGrid *grid = &f->scenario->map->grid;
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, GBACW_TILE_SIZE, GBACW_TILE_SIZE);
  cairo_t *cr = cairo_create (mask);

  cairo_translate (cr, -tx * (double) GBACW_TILE_SIZE, -ty * (double) GBACW_TILE_SIZE);
  cairo_scale (cr, f->scale, f->scale);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      GbacwHex h = gbacw_hex_grid_hex_at (grid, i);
      for (int k = 0; k < 6; k++)
        {
          double x, y;
          gbacw_hex_grid_corner (grid, h, k, &x, &y);
          if (k == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      cairo_close_path (cr);
    }
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (mask);
  return mask;
}

/* Every cached tile against a fresh render of it, within the map's hexes. */
static void
assert_tiles_fresh (Fixture *f, const char *what)
{
  g_autoptr(GbacwTileCache) fresh = gbacw_tile_cache_new ();

  gbacw_tile_cache_configure (fresh, f->scenario, GBACW_LAYER_BIT_ALL, f->scale);
  g_assert_cmpuint (gbacw_tile_cache_get_n_tiles (f->cache), ==, (guint) (f->n_tx * f->n_ty));
  for (int ty = 0; ty < f->n_ty; ty++)
    for (int tx = 0; tx < f->n_tx; tx++)
      {
        cairo_surface_t *a = gbacw_tile_cache_get_surface (f->cache, tx, ty);
        cairo_surface_t *b = gbacw_tile_cache_get_surface (fresh, tx, ty);
        int stride = cairo_image_surface_get_stride (a);
        const guint8 *pa = cairo_image_surface_get_data (a);
        const guint8 *pb = cairo_image_surface_get_data (b);
        cairo_surface_t *mask = map_mask (f, tx, ty);
        const guint8 *pm = cairo_image_surface_get_data (mask);
        int mask_stride = cairo_image_surface_get_stride (mask);
        guint n_diff = 0, n_big = 0, max_diff = 0;

        for (int i = 0; i < stride * GBACW_TILE_SIZE; i++)
          {
            int x = (i % stride) / 4, y = i / stride;
            guint d;

            if (pm[y * mask_stride + x] != 255)
              continue;
            d = (guint) ABS ((int) pa[i] - (int) pb[i]);
            if (d > 0)
              n_diff++;
            if (d > 4)
              n_big++;
            max_diff = MAX (max_diff, d);
          }
        if (n_diff > 0)
          g_test_message ("%s: tile %d,%d at scale %g: %u bytes differ, %u by more than 4, by up to %u", what, tx,
                          ty, f->scale, n_diff, n_big, max_diff);
        /* Antialiased edges between terrains may differ a little: the renderer paints the
         * terrain most common in the part it draws as one rectangle and the others over it,
         * so an edge pixel is blended in another order. A hex drawn wrong would differ in
         * thousands of pixels and by far more. */
        g_assert_cmpuint (max_diff, <=, 48);
        g_assert_cmpuint (n_big, <=, GBACW_TILE_SIZE * GBACW_TILE_SIZE / 200);
        cairo_surface_destroy (mask);
      }
}

static void
centre (Fixture *f, int col, int row, double *x, double *y)
{
  GbacwHex h = { col, row };
  gbacw_hex_grid_centre (&f->scenario->map->grid, h, x, y);
}

static void
stroke_hexes (gpointer tool, Fixture *f, const int *hexes, guint n, GdkModifierType state)
{
  double x, y;

  centre (f, hexes[0], hexes[1], &x, &y);
  gbacw_tool_pressed (tool, NULL, x, y, state);
  for (guint i = 1; i < n; i++)
    {
      centre (f, hexes[2 * i], hexes[2 * i + 1], &x, &y);
      gbacw_tool_dragged (tool, NULL, x, y, state);
    }
  gbacw_tool_released (tool, NULL, x, y, state);
}

static void
test_edits (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolBrush) brush = gbacw_tool_brush_new ();
  g_autoptr(GbacwToolElevation) elevation = gbacw_tool_elevation_new ();
  g_autoptr(GbacwToolHexside) hexsides = gbacw_tool_hexside_new ();
  g_autoptr(GbacwToolLine) line = gbacw_tool_line_new ();
  g_autoptr(GbacwToolArea) area = gbacw_tool_area_new ();
  g_autoptr(GbacwToolLabel) label = gbacw_tool_label_new ();
  g_autoptr(GbacwToolEraser) eraser = gbacw_tool_eraser_new ();
  gpointer tools[] = { brush, elevation, hexsides, line, area, label, eraser };
  double x, y;

  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    gbacw_map_tool_set_document (tools[i], f->document);

  gbacw_tool_brush_set_mask (brush, 1u << 1);
  gbacw_tool_brush_set_radius (brush, 1);
  stroke_hexes (brush, f, (const int[]) { 2, 2, 3, 3, 4, 3, 5, 4 }, 4, 0);
  assert_tiles_fresh (f, "brush");

  gbacw_tool_elevation_set_level (elevation, 3);
  stroke_hexes (elevation, f, (const int[]) { 9, 9, 10, 9 }, 2, 0);
  assert_tiles_fresh (f, "elevation");
  g_assert_cmpuint (gbacw_tool_elevation_auto_crest (elevation), >, 0);
  assert_tiles_fresh (f, "auto-crest");

  /* a redan on 1110 N, clicked from inside */
  gbacw_tool_hexside_set_feature (hexsides, 9);
  centre (f, 10, 9, &x, &y);
  gbacw_tool_pressed (GBACW_TOOL (hexsides), NULL, x, y - 0.7, 0);
  gbacw_tool_released (GBACW_TOOL (hexsides), NULL, x, y - 0.7, 0);
  assert_tiles_fresh (f, "hexside");

  gbacw_tool_line_set_line_type (line, 3);
  stroke_hexes (line, f, (const int[]) { 1, 14, 6, 12 }, 2, 0);
  assert_tiles_fresh (f, "line");

  gbacw_tool_area_set_area (area, "millersburg");
  stroke_hexes (area, f, (const int[]) { 8, 8, 8, 9 }, 2, 0);
  assert_tiles_fresh (f, "area");
  /* the name of an area moves with its first hex */
  stroke_hexes (area, f, (const int[]) { 7, 4 }, 1, 0);
  assert_tiles_fresh (f, "area name");
  stroke_hexes (area, f, (const int[]) { 7, 4 }, 1, GDK_SHIFT_MASK);
  assert_tiles_fresh (f, "area name back");

  gbacw_tool_label_set_text (label, "Tolliver's Crossroads");
  centre (f, 16, 7, &x, &y);
  gbacw_tool_pressed (GBACW_TOOL (label), NULL, x, y, 0);
  assert_tiles_fresh (f, "label");
  gbacw_tool_pressed (GBACW_TOOL (label), NULL, x, y, GDK_SHIFT_MASK);
  assert_tiles_fresh (f, "label removed");

  stroke_hexes (eraser, f, (const int[]) { 9, 7, 9, 8 }, 2, 0);
  assert_tiles_fresh (f, "eraser");

  while (gbacw_document_undo (f->document))
    assert_tiles_fresh (f, "undo");
  while (gbacw_document_redo (f->document))
    assert_tiles_fresh (f, "redo");
}

/* A one-hex edit far from most tiles redraws only the tile (or the few tiles) showing it. */
static void
test_only_affected_tiles (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwToolBrush) brush = gbacw_tool_brush_new ();
  guint n_tiles = gbacw_tile_cache_get_n_tiles (f->cache);

  if (n_tiles < 4)
    {
      g_test_skip ("the map is only a few tiles at this scale");
      return;
    }
  gbacw_map_tool_set_document (GBACW_MAP_TOOL (brush), f->document);
  gbacw_tool_brush_set_mask (brush, 1u << 3);
  stroke_hexes (brush, f, (const int[]) { 1, 1 }, 1, 0);
  g_assert_cmpuint (f->last_redrawn, >=, 1);
  g_assert_cmpuint (f->last_redrawn, <=, 2);
  g_assert_cmpuint (gbacw_tile_cache_get_n_tiles (f->cache), ==, n_tiles);
  assert_tiles_fresh (f, "one hex");
}

/* A change of catalogue or settings drops the tiles. */
static void
test_global_change (Fixture *f, gconstpointer data)
{
  g_autoptr(GbacwChange) change = gbacw_change_new ();

  change->flags = GBACW_CHANGE_CATALOGUE | GBACW_CHANGE_TERRAIN;
  gbacw_tile_cache_update (f->cache, change);
  g_assert_cmpuint (gbacw_tile_cache_get_n_tiles (f->cache), ==, 0);
  fill_cache (f);
  change->flags = GBACW_CHANGE_CHARTS;
  gbacw_tile_cache_update (f->cache, change);
  g_assert_cmpuint (gbacw_tile_cache_get_n_tiles (f->cache), ==, (guint) (f->n_tx * f->n_ty));
}

int
main (int argc, char **argv)
{
  /* brick-tiled terrain, the editor's default zoom, close up */
  static const double scales[] = { 7.0, 24.0, 61.5 };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      g_autofree char *edits = g_strdup_printf ("/tile-cache/edits/scale-%g", scales[i]);
      g_autofree char *affected = g_strdup_printf ("/tile-cache/only-affected-tiles/scale-%g", scales[i]);
      g_autofree char *global = g_strdup_printf ("/tile-cache/global-change/scale-%g", scales[i]);

      g_test_add (edits, Fixture, &scales[i], fixture_set_up, test_edits, fixture_tear_down);
      g_test_add (affected, Fixture, &scales[i], fixture_set_up, test_only_affected_tiles, fixture_tear_down);
      g_test_add (global, Fixture, &scales[i], fixture_set_up, test_global_change, fixture_tear_down);
    }
  return g_test_run ();
}
