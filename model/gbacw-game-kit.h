/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game-kit.h: the game kits shipped in the data directory, and new scenarios
 * started from a game's (or the demo's) terrain catalogue and charts.
 *
 * A game kit is a scenario file in a folder of its own under DATADIR/games/
 * (games/pea-ridge/pea-ridge.xml): the game's map, catalogue, charts, order of battle
 * and rules. The editor offers each as "From a game" and opens it as a new, untitled
 * document (gbacw_document_new_from_template ()).
 */
#pragma once

#include "gbacw-scenario.h"

G_BEGIN_DECLS

typedef struct {
  char *path;   /* the kit's scenario file */
  char *title;  /* its <info><title>, or the folder's name when it has none */
  char *game;   /* its <info><game>, or NULL */
} GbacwGameKit;

void       gbacw_game_kit_free (GbacwGameKit *kit);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwGameKit, gbacw_game_kit_free)

/* Every kit of DATADIR/games/ (each folder's .xml files that read as scenarios), by
 * title; GbacwGameKit*, never NULL. A file that does not read is left out with a
 * warning naming it and why. */
GPtrArray *gbacw_game_kits_find (void);

/* A new scenario with a map of grid and the terrain catalogue, charts and sides of
 * source (without units, deployment or victory rules): title as its title (NULL or
 * empty: "New scenario"), every hex painted with the hex terrain fill_terrain (an id of
 * the catalogue) or, when that is NULL, left unpainted. NULL and error for a grid that
 * is not valid or a fill terrain the catalogue lacks. */
GbacwScenario *gbacw_scenario_new_from (const GbacwScenario *source, const GbacwHexGrid *grid, const char *title,
                                        const char *fill_terrain, GError **error);

G_END_DECLS
