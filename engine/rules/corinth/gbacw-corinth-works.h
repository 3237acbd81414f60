/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-corinth-works.h: what the Corinth works modules (outer works C 23.1, redans C 23.2)
 * share: which side of a hexside feature of side="inside" a hex is on (the map's `inside`),
 * and their line of sight (a feature 10 feet high, a unit on its inside 10 feet higher). */
#pragma once

#include "gbacw-game.h"
#include "gbacw-los.h"

G_BEGIN_DECLS

/* The hexside types of the catalogue of style (e.g. "works", "redan") whose side is
 * "inside", as a mask of type indices. */
guint32  gbacw_corinth_style_mask (const GbacwScenario *scenario, const char *style);
/* Of the features in types on the hexside of hex in direction: those whose inside is hex
 * (inner), and those whose inside is the other hex (outer); either may be NULL. */
void     gbacw_corinth_hexside_sides (const GbacwScenario *scenario, int hex, int direction, guint32 types,
                                      guint32 *inner, guint32 *outer);
/* The directions (a mask) out of hex across a feature of types of which hex is the inside. */
guint    gbacw_corinth_inner_directions (const GbacwScenario *scenario, int hex, guint32 types);
/* LOS (C 23.1, 23.28): every hexside with a feature of types is an obstacle height feet above
 * the higher of its two hexes. */
void     gbacw_corinth_works_los_prepare (GbacwLos *los, const GbacwScenario *scenario, guint32 types, int height);
/* LOS (C 23.1, 23.28): the line from from to to worked out again with the unit at an end
 * that is on the inside of a feature of types raised by raise feet; TRUE when that changed
 * the answer. */
gboolean gbacw_corinth_works_los_adjust (const GbacwGame *game, int from, int to, guint32 types, int raise,
                                         GbacwLosResult *result);

G_END_DECLS
