/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-corinth-terrain.h: what the Corinth terrain modules (town C 23.3,
 * siege guns C 24.3) share: terrain and line types named by a parameter, and whether a
 * step follows a line. */
#pragma once

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

G_BEGIN_DECLS

/* The hex terrains whose ids are listed in ids (space-separated; fallback when ids is
 * NULL), as a mask of the map's terrain bits. */
guint64  gbacw_corinth_terrain_mask (const GbacwScenario *scenario, const char *ids, const char *fallback);
/* The same for line types (a hexside's line mask). */
guint16  gbacw_corinth_line_mask (const GbacwScenario *scenario, const char *ids, const char *fallback);
/* Whether a line of lines crosses the hexside between the adjacent hexes from and to. */
gboolean gbacw_corinth_step_along (const GbacwGame *game, int from, int to, guint16 lines);

G_END_DECLS
