/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-region.h: a piece of the map copied to be pasted elsewhere (copy, paste and
 * stamps, as in Tiled).
 *
 * A region holds, for a set of hexes, their terrain and elevation, the features (with
 * which side is inside) of every hexside of those hexes, and the lines across the
 * hexsides between two of them. Names stay with their works (gbacw_map_work_hexsides ()):
 * a pasted redan is a new work, without a name. Each hex is kept as a step from the region's anchor,
 * the hex of lowest index copied (gbacw_hex_grid_step_between ()), so that a paste keeps
 * the shape wherever it lands, odd column or even. Pasting replaces what the region's
 * hexes and their inner hexsides hold; a hexside on its border is pasted only where the
 * region has a feature on it, so that a paste does not wipe out a river beside it.
 * GTK-free; copying and placing change nothing, a paste is an undoable edit.
 */
#pragma once

#include "gbacw-map-edit.h"

G_BEGIN_DECLS

typedef struct _GbacwMapRegion GbacwMapRegion;

/* The hexes (int indices; off-map ones and repeats left out) of scenario's map with what
 * they hold; NULL when none is on the map. */
GbacwMapRegion *gbacw_map_region_copy (const GbacwScenario *scenario, GArray *hexes);
void            gbacw_map_region_free (GbacwMapRegion *region);
GbacwMapRegion *gbacw_map_region_dup (const GbacwMapRegion *region);

guint           gbacw_map_region_get_n_hexes (const GbacwMapRegion *region);
/* The name it is kept under as a stamp, or NULL. */
const char     *gbacw_map_region_get_name (const GbacwMapRegion *region);
void            gbacw_map_region_set_name (GbacwMapRegion *region, const char *name);

/* The on-map hexes (int indices, in the region's order) the region covers pasted with its
 * anchor at hex anchor (which may be off-map): for a preview. */
GArray         *gbacw_map_region_place (const GbacwMapRegion *region, const GbacwHexGrid *grid, GbacwHex anchor);
/* The paste with the anchor at anchor as one edit ("Paste"); what falls off the map, and
 * terrains, hexside types or line types the catalogue does not have, are left out, and
 * levels above the map's highest are its highest (a region copied from another map). */
GbacwMapEdit   *gbacw_map_region_paste (const GbacwMapRegion *region, const GbacwScenario *scenario,
                                        GbacwHex anchor, guint merge_key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwMapRegion, gbacw_map_region_free)

G_END_DECLS
