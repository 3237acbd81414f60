/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tmx-export.h: the scenario as a Tiled map (TMX), for Tiled and its tmxrasterizer.
 *
 * OUT.tmx is a hexagonal map (orientation "hexagonal", stagger axis x for flat-topped hexes
 * in columns, y for pointy-topped hexes in rows, the stagger index the scenario's odd or
 * even shift, hexsidelength the hex's side) of the scenario's size, whose tilesets are
 * embedded in it and whose tileset images, drawn by the map renderer, are PNG files beside
 * it: OUT-terrain.png, OUT-hexsides.png and OUT-counters.png. Layers, bottom to top:
 *
 *   terrain         tile layer: a tile per terrain (the catalogue's, then each combination
 *                   and elevation level the map uses), its properties the terrain ids and level
 *   hexsides N, NE, SE (or NE, E, SE)  tile layers: the features and contour lines of each
 *                   hex's own three hexsides, a tile per combination used
 *   hexsides (map edge)  the other three hexsides of hexes on the map's edge
 *   lines: NAME     an object layer per line type (roads, railroads): polylines from hex
 *                   centre to hex centre, in the line type's colour
 *   labels          text objects
 *   counters        a tile object per deployed counter, turned to its facing, a stack's
 *                   lower counters first; its properties the unit's values and hex
 *
 * Map properties carry what Tiled has no field for: the title, first-number and digits of
 * the hex labels. Hexes are 164 pixels across the corners (82 a side); Tiled's hexagonal
 * sizes are even numbers of pixels, so the other dimension is sqrt(3) × 82 rounded to 142
 * (0.03 pixels a row more than a true hexagon), and the renderer draws the tiles at 82
 * pixels per hex radius. Names of hexsides (a redan's) are left out of the tiles.
 */
#pragma once

#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* Pixels per hex radius (centre to corner) of the tiles. */
#define GBACW_TMX_HEX_RADIUS 82

/* Writes path (the TMX) and its images beside it, each through the safe writer: the images
 * first, so that a TMX never names an image that is not there. Errors: GBACW_EXPORT_ERROR
 * or G_FILE_ERROR, naming the file. */
gboolean gbacw_export_tmx (const GbacwScenario  *scenario,
                           const char           *path,
                           GError              **error);

G_END_DECLS
