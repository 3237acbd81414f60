/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-map.h: what the Jackson at the Crossroads modules share about the map's
 * hexsides: the types of a style, hexsides named by pairs of hexes, the 2 Strength Points a
 * stack loses meleeing across a bridge (J 22.61, 23.13), a question queued for the phasing
 * player, and the wagon bridge (J 23.0) as the other modules see it (J 36.42: destroyed by
 * the bridge-burning rule; J 36.52: a ford under it is not limited), kept by
 * jackson.wagon-bridge (without it, a wagon bridge is what the map draws). */
#pragma once

#include "gbacw-game-private.h"

G_BEGIN_DECLS

/* The bits of the catalogue's hexside types of style ("ford", "bridge", …). */
guint32  gbacw_jackson_style_bits (const GbacwCatalogue *catalogue, const char *style);
/* The hexside between hexes a and b, GBACW_HEXSIDE_NONE when they are not adjacent. */
GbacwHexsideId gbacw_jackson_hexside_between (const GbacwGame *game, int a, int b);
/* The hexsides (GbacwHexsideId) of a hexsides parameter ("1042 0942 1040 0941",
 * gbacw_exclusive_parse_hexsides ()); none when it is not valid. */
GArray  *gbacw_jackson_hexside_pairs (const GbacwGame *game, const char *value);
gboolean gbacw_jackson_has_hexside (const GArray *hexsides, GbacwHexsideId id);
/* J 22.61, 23.13: points off the attackers' total for each stack (attacking hex) that
 * crosses a hexside for which crosses () is TRUE, in place of the chart's per-unit cell of
 * the hexside type of style (12.31). odds is a GbacwMeleeOdds. */
void     gbacw_jackson_melee_per_stack (const GbacwGame *game, const GArray *attackers, int hex,
                                        gboolean (*crosses) (const GbacwGame *game, gconstpointer data, int from, int to),
                                        gconstpointer data, const char *style, int points, gpointer odds);
/* Queues a GBACW_PENDING_EXCLUSIVE item of the module whose data is data, for the phasing
 * player, citing rule_case. */
void     gbacw_jackson_queue_question (GbacwGame *game, gconstpointer data, const char *rule_case);

/* Whether a wagon bridge stands now on the hexside of hex in direction. */
gboolean gbacw_jackson_wagon_bridge_at (const GbacwGame *game, int hex, int direction);
/* Destroys the wagon bridge on that hexside for good (J 36.42: a ford again); FALSE when
 * none stands there or jackson.wagon-bridge is not played. */
gboolean gbacw_jackson_wagon_bridge_destroy (GbacwGame *game, int hex, int direction);

G_END_DECLS
