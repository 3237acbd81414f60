/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tile-cache.h: the map rendered in square tiles at one scale, kept up to date.
 *
 * The map canvas draws the map from these tiles, so that panning and pointer motion
 * never render the map. When a command changes the map, gbacw_tile_cache_update ()
 * redraws, in the cached tiles only, the hexes the change names (with their neighbours,
 * which hexside features, contours and lines spill into) and the text (labels, area
 * names) that moved; only changes that may alter the whole map drop the tiles.
 *
 * Tile (tx, ty) covers device pixels [tx * GBACW_TILE_SIZE, (tx + 1) * GBACW_TILE_SIZE)
 * of the map drawn at `scale` device pixels per map unit.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-change.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_TILE_SIZE 512

#define GBACW_TYPE_TILE_CACHE (gbacw_tile_cache_get_type ())
G_DECLARE_FINAL_TYPE (GbacwTileCache, gbacw_tile_cache, GBACW, TILE_CACHE, GObject)

GbacwTileCache  *gbacw_tile_cache_new (void);

/* What the tiles show; a difference drops every tile. The scenario is not owned: the
 * caller configures NULL (or clears) before freeing it. */
void             gbacw_tile_cache_configure (GbacwTileCache *self, const GbacwScenario *scenario, guint layers,
                                             double scale);
void             gbacw_tile_cache_clear (GbacwTileCache *self);
/* How the tiles are drawn (GbacwRenderFlags); a difference drops every tile. */
void             gbacw_tile_cache_set_flags (GbacwTileCache *self, guint flags);
guint            gbacw_tile_cache_get_flags (GbacwTileCache *self);
guint            gbacw_tile_cache_get_n_tiles (GbacwTileCache *self);
gboolean         gbacw_tile_cache_has_tile (GbacwTileCache *self, int tx, int ty);

/* The tile, rendered now if it is not cached (transfer none; valid until the next update,
 * clear or eviction). Pixels are cairo ARGB32, premultiplied. */
cairo_surface_t *gbacw_tile_cache_get_surface (GbacwTileCache *self, int tx, int ty);
GdkTexture      *gbacw_tile_cache_get_texture (GbacwTileCache *self, int tx, int ty);

/* Brings the cached tiles up to date with what change says changed in the configured
 * scenario. Returns the number of tiles redrawn (0 also when everything was dropped). */
guint            gbacw_tile_cache_update (GbacwTileCache *self, const GbacwChange *change);

/* Keeps at most the tiles in the range and spare others: beyond that, drops every tile
 * outside the range grown by one tile. */
void             gbacw_tile_cache_evict (GbacwTileCache *self, int tx0, int ty0, int tx1, int ty1, guint spare);

G_END_DECLS
