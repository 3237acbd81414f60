/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tile-cache.c: the map rendered in square tiles at one scale, kept up to date. */
#define G_LOG_DOMAIN "gbacw-tile-cache"

#include "config.h"

#include <math.h>
#include <string.h>

#include "gbacw-map-renderer.h"
#include "gbacw-tile-cache.h"

/* Beyond this many hexes to redraw, rendering the tiles anew is as cheap. */
#define MAX_DIRTY_HEXES 6000

typedef struct
{
  cairo_surface_t *surface;
  /* Shares the surface's pixels: once it exists the surface is never drawn on again
   * (GDK may have uploaded it); an update draws on a copy. */
  GdkTexture *texture;
} Tile;

typedef struct
{
  double x0, y0, x1, y1;
} Box;

struct _GbacwTileCache
{
  GObject parent_instance;

  const GbacwScenario *scenario;
  guint layers;
  guint flags;    /* GbacwRenderFlags */
  double scale;

  GHashTable *tiles;    /* gint64 key -> Tile */
  GArray *text_boxes;   /* Box: where labels and area names are drawn, as last rendered */
  cairo_surface_t *patch; /* a tile's worth of scratch pixels for updates */
};

G_DEFINE_FINAL_TYPE (GbacwTileCache, gbacw_tile_cache, G_TYPE_OBJECT)

static inline gint64
tile_key (int tx, int ty)
{
  return ((gint64) tx << 32) | (guint32) ty;
}

static inline void
key_tile (gint64 key, int *tx, int *ty)
{
  *tx = (int) (key >> 32);
  *ty = (int) (gint32) (key & 0xffffffff);
}

static void
tile_free (gpointer data)
{
  Tile *tile = data;

  g_clear_object (&tile->texture);
  cairo_surface_destroy (tile->surface);
  g_free (tile);
}

/* ---------------------------------------------------------------- text boxes */

/* Generous boxes around the text the renderer draws for labels and area names: the
 * renderer's own reach estimate for labels, and the same for names (0.22 hex radii high,
 * drawn below the centre of the area's first hex). */
static void
compute_text_boxes (const GbacwScenario *scenario,
                    GArray              *out)
{
  const GbacwMap *map = scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  int n_hexes = gbacw_hex_grid_n_hexes (grid);

  g_array_set_size (out, 0);
  for (guint i = 0; i < map->labels->len; i++)
    {
      const GbacwLabel *label = g_ptr_array_index (map->labels, i);
      double size = 0.36 * (label->size > 0 ? label->size : 1.0);
      double cx, cy, x, y, reach;
      Box box;

      if (label->text == NULL || label->hex < 0 || label->hex >= n_hexes)
        continue;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, label->hex), &cx, &cy);
      x = cx + label->dx;
      y = cy + label->dy;
      reach = size * 0.7 * strlen (label->text) + size + 0.1;
      box = (Box) { x - reach, y - reach, x + reach, y + reach };
      g_array_append_val (out, box);
    }
  for (guint i = 0; i < map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (map->areas, i);
      double cx, cy, reach;
      int first;
      Box box;

      if (area->name == NULL || area->name[0] == '\0' || area->hexes == NULL || area->hexes->len == 0)
        continue;
      first = g_array_index (area->hexes, int, 0);
      if (first < 0 || first >= n_hexes)
        continue;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, first), &cx, &cy);
      reach = 0.22 * 0.7 * strlen (area->name) + 0.4;
      box = (Box) { cx - reach, cy + 0.1, cx + reach, cy + 0.95 };
      g_array_append_val (out, box);
    }
}

static gboolean
has_box (GArray *boxes, const Box *box)
{
  for (guint i = 0; i < boxes->len; i++)
    if (memcmp (&g_array_index (boxes, Box, i), box, sizeof *box) == 0)
      return TRUE;
  return FALSE;
}

/* ---------------------------------------------------------------- tiles */

static cairo_surface_t *
render_tile (GbacwTileCache *self,
             int             tx,
             int             ty)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, GBACW_TILE_SIZE, GBACW_TILE_SIZE);
  double size = GBACW_TILE_SIZE / self->scale;
  cairo_rectangle_t visible = { tx * size, ty * size, size, size };
  cairo_t *cr = cairo_create (surface);

  cairo_translate (cr, -tx * (double) GBACW_TILE_SIZE, -ty * (double) GBACW_TILE_SIZE);
  gbacw_map_render_with_flags (cr, self->scenario, NULL, self->layers, self->flags, self->scale, &visible);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static Tile *
ensure_tile (GbacwTileCache *self,
             int             tx,
             int             ty)
{
  gint64 key = tile_key (tx, ty);
  Tile *tile = g_hash_table_lookup (self->tiles, &key);

  if (tile == NULL)
    {
      tile = g_new0 (Tile, 1);
      tile->surface = render_tile (self, tx, ty);
      g_hash_table_insert (self->tiles, g_memdup2 (&key, sizeof key), tile);
    }
  return tile;
}

/* A surface of the tile that may be drawn on. */
static cairo_surface_t *
writable_surface (Tile *tile)
{
  cairo_surface_t *copy;

  if (tile->texture == NULL)
    return tile->surface;

  copy = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, GBACW_TILE_SIZE, GBACW_TILE_SIZE);
  cairo_surface_flush (copy);
  g_assert (cairo_image_surface_get_stride (copy) == cairo_image_surface_get_stride (tile->surface));
  memcpy (cairo_image_surface_get_data (copy), cairo_image_surface_get_data (tile->surface),
          (gsize) cairo_image_surface_get_stride (copy) * GBACW_TILE_SIZE);
  cairo_surface_mark_dirty (copy);
  g_clear_object (&tile->texture);
  cairo_surface_destroy (tile->surface);
  tile->surface = copy;
  return copy;
}

cairo_surface_t *
gbacw_tile_cache_get_surface (GbacwTileCache *self,
                              int             tx,
                              int             ty)
{
  g_return_val_if_fail (GBACW_IS_TILE_CACHE (self), NULL);
  g_return_val_if_fail (self->scenario != NULL, NULL);

  return ensure_tile (self, tx, ty)->surface;
}

GdkTexture *
gbacw_tile_cache_get_texture (GbacwTileCache *self,
                              int             tx,
                              int             ty)
{
  Tile *tile;

  g_return_val_if_fail (GBACW_IS_TILE_CACHE (self), NULL);
  g_return_val_if_fail (self->scenario != NULL, NULL);

  tile = ensure_tile (self, tx, ty);
  if (tile->texture == NULL)
    {
      int stride = cairo_image_surface_get_stride (tile->surface);
      g_autoptr(GBytes) bytes = NULL;

      /* Cairo's ARGB32 is GDK_MEMORY_DEFAULT: the texture shares the pixels. */
      bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (tile->surface),
                                          (gsize) stride * GBACW_TILE_SIZE,
                                          (GDestroyNotify) cairo_surface_destroy,
                                          cairo_surface_reference (tile->surface));
      tile->texture = gdk_memory_texture_new (GBACW_TILE_SIZE, GBACW_TILE_SIZE, GDK_MEMORY_DEFAULT, bytes, stride);
    }
  return tile->texture;
}

gboolean
gbacw_tile_cache_has_tile (GbacwTileCache *self,
                           int             tx,
                           int             ty)
{
  gint64 key = tile_key (tx, ty);

  g_return_val_if_fail (GBACW_IS_TILE_CACHE (self), FALSE);
  return g_hash_table_contains (self->tiles, &key);
}

guint
gbacw_tile_cache_get_n_tiles (GbacwTileCache *self)
{
  g_return_val_if_fail (GBACW_IS_TILE_CACHE (self), 0);
  return g_hash_table_size (self->tiles);
}

void
gbacw_tile_cache_clear (GbacwTileCache *self)
{
  g_return_if_fail (GBACW_IS_TILE_CACHE (self));

  g_hash_table_remove_all (self->tiles);
  if (self->scenario != NULL)
    compute_text_boxes (self->scenario, self->text_boxes);
  else
    g_array_set_size (self->text_boxes, 0);
}

void
gbacw_tile_cache_configure (GbacwTileCache      *self,
                            const GbacwScenario *scenario,
                            guint                layers,
                            double               scale)
{
  g_return_if_fail (GBACW_IS_TILE_CACHE (self));

  if (self->scenario == scenario && self->layers == layers && self->scale == scale)
    return;
  self->scenario = scenario;
  self->layers = layers;
  self->scale = scale;
  gbacw_tile_cache_clear (self);
}

void
gbacw_tile_cache_set_flags (GbacwTileCache *self,
                            guint           flags)
{
  g_return_if_fail (GBACW_IS_TILE_CACHE (self));

  if (self->flags == flags)
    return;
  self->flags = flags;
  gbacw_tile_cache_clear (self);
}

guint
gbacw_tile_cache_get_flags (GbacwTileCache *self)
{
  g_return_val_if_fail (GBACW_IS_TILE_CACHE (self), 0);
  return self->flags;
}

void
gbacw_tile_cache_evict (GbacwTileCache *self,
                        int             tx0,
                        int             ty0,
                        int             tx1,
                        int             ty1,
                        guint           spare)
{
  GHashTableIter iter;
  gpointer key;
  guint in_view;

  g_return_if_fail (GBACW_IS_TILE_CACHE (self));

  in_view = (guint) (MAX (tx1 - tx0 + 1, 0) * MAX (ty1 - ty0 + 1, 0));
  if (g_hash_table_size (self->tiles) <= in_view + spare)
    return;

  g_hash_table_iter_init (&iter, self->tiles);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      int tx, ty;
      key_tile (*(gint64 *) key, &tx, &ty);
      if (tx < tx0 - 1 || tx > tx1 + 1 || ty < ty0 - 1 || ty > ty1 + 1)
        g_hash_table_iter_remove (&iter);
    }
}

/* ---------------------------------------------------------------- updates */

typedef struct
{
  guint8 *marked;     /* per hex */
  GArray *hexes;      /* int, each once */
  int n_hexes;
} DirtySet;

static void
mark (DirtySet *set,
      int       hex)
{
  if (hex < 0 || hex >= set->n_hexes || set->marked[hex])
    return;
  set->marked[hex] = 1;
  g_array_append_val (set->hexes, hex);
}

/* A hex and its neighbours: what is drawn along its hexsides (features, contours,
 * lines, area outlines, grid) lies half in the hex next door. */
static void
mark_with_neighbours (DirtySet           *set,
                      const GbacwHexGrid *grid,
                      GbacwHex            hex)
{
  mark (set, gbacw_hex_grid_index (grid, hex));
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    mark (set, gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, hex, d)));
}

/* Appends box (map units), in whole device pixels, clipped to the tile, if it is in it. */
static void
add_rect (GArray                      *rects,
          const Box                   *box,
          double                       scale,
          const cairo_rectangle_int_t *tile)
{
  int x0 = MAX ((int) floor (box->x0 * scale), tile->x);
  int y0 = MAX ((int) floor (box->y0 * scale), tile->y);
  int x1 = MIN ((int) ceil (box->x1 * scale), tile->x + tile->width);
  int y1 = MIN ((int) ceil (box->y1 * scale), tile->y + tile->height);
  cairo_rectangle_int_t r = { x0, y0, x1 - x0, y1 - y0 };

  if (x1 > x0 && y1 > y0)
    g_array_append_val (rects, r);
}

guint
gbacw_tile_cache_update (GbacwTileCache    *self,
                         const GbacwChange *change)
{
  /* What may look different everywhere: the background, the units' colours, the levels'
   * heights and the grid, the catalogue's colours and patterns. */
  const guint global = GBACW_CHANGE_BACKGROUND | GBACW_CHANGE_OOB | GBACW_CHANGE_SETTINGS |
                       GBACW_CHANGE_CATALOGUE;
  const guint drawn = GBACW_CHANGE_TERRAIN | GBACW_CHANGE_ELEVATION | GBACW_CHANGE_HEXSIDES |
                      GBACW_CHANGE_LINES | GBACW_CHANGE_AREAS | GBACW_CHANGE_LABELS |
                      GBACW_CHANGE_DEPLOYMENT;
  const GbacwHexGrid *grid;
  g_autoptr(GArray) new_boxes = NULL;
  g_autoptr(GArray) dirty_boxes = NULL;
  g_autofree guint8 *marked = NULL;
  g_autoptr(GArray) rects = NULL;
  g_autoptr(GArray) hex_list = NULL;
  GHashTableIter iter;
  gpointer key, value;
  DirtySet set;
  guint n_redrawn = 0;

  g_return_val_if_fail (GBACW_IS_TILE_CACHE (self), 0);
  g_return_val_if_fail (change != NULL, 0);

  if (self->scenario == NULL || (change->flags & drawn & ~global) == 0)
    {
      if (change->flags & global)
        gbacw_tile_cache_clear (self);
      return 0;
    }
  if ((change->flags & global) != 0 || (change->hexes->len == 0 && change->hexsides->len == 0))
    {
      gbacw_tile_cache_clear (self);
      return 0;
    }

  grid = &self->scenario->map->grid;
  set.n_hexes = gbacw_hex_grid_n_hexes (grid);
  set.marked = marked = g_new0 (guint8, set.n_hexes);
  set.hexes = hex_list = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < change->hexes->len && hex_list->len <= MAX_DIRTY_HEXES; i++)
    {
      int hex = g_array_index (change->hexes, int, i);
      if (hex >= 0 && hex < set.n_hexes)
        mark_with_neighbours (&set, grid, gbacw_hex_grid_hex_at (grid, hex));
    }
  for (guint i = 0; i < change->hexsides->len && hex_list->len <= MAX_DIRTY_HEXES; i++)
    {
      GbacwHex a, b;
      if (!gbacw_hex_grid_hexside_hexes (grid, g_array_index (change->hexsides, guint32, i), &a, NULL, &b))
        continue;
      mark_with_neighbours (&set, grid, a);
      mark_with_neighbours (&set, grid, b);
    }
  if (hex_list->len > MAX_DIRTY_HEXES)
    {
      gbacw_tile_cache_clear (self);
      return 0;
    }

  /* Text that appeared, went or moved, where it was and where it is. */
  dirty_boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  if (change->flags & (GBACW_CHANGE_LABELS | GBACW_CHANGE_AREAS))
    {
      new_boxes = g_array_new (FALSE, FALSE, sizeof (Box));
      compute_text_boxes (self->scenario, new_boxes);
      for (guint i = 0; i < self->text_boxes->len; i++)
        if (!has_box (new_boxes, &g_array_index (self->text_boxes, Box, i)))
          g_array_append_val (dirty_boxes, g_array_index (self->text_boxes, Box, i));
      for (guint i = 0; i < new_boxes->len; i++)
        if (!has_box (self->text_boxes, &g_array_index (new_boxes, Box, i)))
          g_array_append_val (dirty_boxes, g_array_index (new_boxes, Box, i));
      g_array_set_size (self->text_boxes, 0);
      g_array_append_vals (self->text_boxes, new_boxes->data, new_boxes->len);
    }

  /* In each tile, the pixels of the boxes of the dirty hexes and text, in whole pixels (so
   * that no edge is blended with what was there), are drawn again in one pass: within
   * them the tile is then as a full render would make it. */
  rects = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_int_t));
  g_hash_table_iter_init (&iter, self->tiles);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Tile *tile = value;
      cairo_rectangle_int_t tile_px, bounds;
      cairo_rectangle_t visible;
      cairo_t *cr;
      int tx, ty;

      key_tile (*(gint64 *) key, &tx, &ty);
      tile_px = (cairo_rectangle_int_t) { tx * GBACW_TILE_SIZE, ty * GBACW_TILE_SIZE, GBACW_TILE_SIZE, GBACW_TILE_SIZE };

      g_array_set_size (rects, 0);
      for (guint i = 0; i < hex_list->len; i++)
        {
          double cx, cy;
          Box box;

          gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, g_array_index (hex_list, int, i)), &cx, &cy);
          box = (Box) { cx - 1, cy - 1, cx + 1, cy + 1 };
          add_rect (rects, &box, self->scale, &tile_px);
        }
      for (guint i = 0; i < dirty_boxes->len; i++)
        add_rect (rects, &g_array_index (dirty_boxes, Box, i), self->scale, &tile_px);
      if (rects->len == 0)
        continue;

      bounds = g_array_index (rects, cairo_rectangle_int_t, 0);
      for (guint i = 1; i < rects->len; i++)
        {
          const cairo_rectangle_int_t *r = &g_array_index (rects, cairo_rectangle_int_t, i);
          int x1 = MAX (bounds.x + bounds.width, r->x + r->width);
          int y1 = MAX (bounds.y + bounds.height, r->y + r->height);

          bounds.x = MIN (bounds.x, r->x);
          bounds.y = MIN (bounds.y, r->y);
          bounds.width = x1 - bounds.x;
          bounds.height = y1 - bounds.y;
        }

      /* Rendered without a clip (cairo antialiases edges a little differently under one)
       * and with the very transformation of a full render of the tile (a different
       * translation moves edges that fall on pixel centres by a rounding error), then
       * copied in. A little more than the boxes is rendered, so that nothing trimmed to
       * the visible part ends inside them. */
      if (self->patch == NULL)
        self->patch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, GBACW_TILE_SIZE, GBACW_TILE_SIZE);
      cr = cairo_create (self->patch);
      cairo_rectangle (cr, bounds.x - tile_px.x, bounds.y - tile_px.y, bounds.width, bounds.height);
      cairo_clip (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_paint (cr);
      cairo_reset_clip (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
      cairo_translate (cr, -tile_px.x, -tile_px.y);
      visible = (cairo_rectangle_t) { (bounds.x - 2) / self->scale, (bounds.y - 2) / self->scale,
                                      (bounds.width + 4) / self->scale, (bounds.height + 4) / self->scale };
      gbacw_map_render_with_flags (cr, self->scenario, NULL, self->layers, self->flags, self->scale, &visible);
      cairo_destroy (cr);
      cairo_surface_flush (self->patch);

      cr = cairo_create (writable_surface (tile));
      cairo_translate (cr, -tile_px.x, -tile_px.y);
      for (guint i = 0; i < rects->len; i++)
        {
          const cairo_rectangle_int_t *r = &g_array_index (rects, cairo_rectangle_int_t, i);
          cairo_rectangle (cr, r->x, r->y, r->width, r->height);
        }
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_set_source_surface (cr, self->patch, tile_px.x, tile_px.y);
      cairo_fill (cr);
      cairo_destroy (cr);
      cairo_surface_flush (tile->surface);
      n_redrawn++;
    }
  return n_redrawn;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_tile_cache_finalize (GObject *object)
{
  GbacwTileCache *self = GBACW_TILE_CACHE (object);

  g_hash_table_unref (self->tiles);
  g_array_unref (self->text_boxes);
  g_clear_pointer (&self->patch, cairo_surface_destroy);

  G_OBJECT_CLASS (gbacw_tile_cache_parent_class)->finalize (object);
}

static void
gbacw_tile_cache_class_init (GbacwTileCacheClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_tile_cache_finalize;
}

static void
gbacw_tile_cache_init (GbacwTileCache *self)
{
  self->tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, tile_free);
  self->text_boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  self->scale = 1;
}

GbacwTileCache *
gbacw_tile_cache_new (void)
{
  return g_object_new (GBACW_TYPE_TILE_CACHE, NULL);
}
