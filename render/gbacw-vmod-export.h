/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-vmod-export.h: the scenario as a VASSAL module (.vmod).
 *
 * The module is a ZIP archive of buildFile.xml (the module's components), moduledata (its
 * name, version and date) and images/:
 *
 *   map.png              the map as the renderer draws it (terrain, hexsides, roads, areas,
 *                        labels, grid and hex numbers; no counters), GBACW_VMOD_HEX_RADIUS
 *                        pixels per hex radius
 *   counter-NNNN.png     one counter per unit, drawn upright as the map draws it
 *   reinforcements.png   a board of boxes, one per reinforcement group, labelled with its
 *                        Game-Turn and entry hexes
 *   chart-NNN.png        each of the scenario's charts as a table
 *
 * buildFile.xml holds a "Main Map" (VASSAL.build.module.Map) whose Board has a HexGrid with
 * the scenario's geometry (flat-topped columns: sideways false; pointy-topped rows:
 * sideways true; dx, dy the spacing of hex centres; x0, y0 the centre of the first hex,
 * which VASSAL swaps with the axes for a sideways grid) and a HexGridNumbering that names
 * every hex as the scenario labels it (column then row, first number and digits, stagger
 * for an even shift); the set-up as at-start stacks (SetupStack) at the deployed hexes by
 * hex label; a "Reinforcements" map, opened from the toolbar, with an at-start stack in each
 * group's box; a "Counters" piece palette, one list per side, of every unit; a "Charts"
 * ChartWindow. Each piece is a BasicPiece (the counter image, the designation as its name)
 * inside a Marker trait carrying the unit's values as properties (unit, side, type,
 * strength, morale, weapon, …). VASSAL's separators (; , / \ and tab) in names and values
 * become spaces or dashes.
 */
#pragma once

#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* Pixels per hex radius (centre to corner) of the board image. */
#define GBACW_VMOD_HEX_RADIUS 48

/* Writes the module to path through the safe writer. Errors: GBACW_EXPORT_ERROR,
 * G_FILE_ERROR or G_IO_ERROR, naming the file. */
gboolean gbacw_export_vmod (const GbacwScenario  *scenario,
                            const char           *path,
                            GError              **error);

G_END_DECLS
