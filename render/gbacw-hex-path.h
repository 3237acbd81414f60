/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-path.h: hex outlines and the unpainted-hex hatch as cairo paths.
 *
 * Cairo only, in map units (hex radius 1): the editor's overlays (hover, markers,
 * deployment, test play, tools) outline hexes with these, so that every outline is the
 * same shape.
 */
#pragma once

#include <cairo.h>

#include "gbacw-hex-grid.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* Adds the outline of hex (a hex index) to the current path as a closed subpath, its
 * corners moved towards the centre by shrink (1: the hex itself, 0.9: a tenth smaller).
 * Does nothing for an index off the grid. */
void gbacw_render_hex_path (cairo_t            *cr,
                            const GbacwHexGrid *grid,
                            int                 hex,
                            double              shrink);

/* Light diagonal lines over the hexes that have no terrain yet (what is left to paint),
 * within visible (map units); px is one device pixel in map units, alpha the lines'
 * opacity. Runs of unpainted hexes along a column (flat grids) or a row (pointy grids)
 * become one shape; hexes under 12 pixels across are filled as bricks, which tile like
 * hexes and cost a rectangle a run. Returns the number of unpainted hexes drawn. */
guint gbacw_render_unpainted_hatch (cairo_t                 *cr,
                                    const GbacwScenario     *scenario,
                                    const cairo_rectangle_t *visible,
                                    double                   px,
                                    double                   alpha);

G_END_DECLS
