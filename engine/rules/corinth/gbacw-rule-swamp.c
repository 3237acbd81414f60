/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-swamp.c: the swamp (C 23.5).
 *
 * "Swamp hexes slow the movement of units; mounted cavalry, batteries and wagons may not
 * enter such a hex at all. Swamp hexes have no effect on combat." The charts play most of it:
 * the Terrain Effects on Movement Chart's swamp column gives the costs and its "P" for
 * mounted cavalry, batteries and wagons; the Terrain Effects on Combat Chart's swamp row
 * gives no effect (blocks-los no, no fire shift, no melee effect). What a chart cannot say is
 * "at all": a road or a railroad across the hexside replaces the other terrain of the hex
 * (6.11), so a wagon on a road into a swamp hex would pay the road. This module is a
 * MOVE-LEGAL refusing a step into a hex of the swamp terrain by a battery, a supply wagon or
 * mounted cavalry, whatever line crosses the hexside.
 *
 * Parameters (<exclusive id="corinth.swamp">):
 *   terrain   the swamp's hex terrain id (default "swamp")
 */
#define G_LOG_DOMAIN "gbacw-rule-swamp"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "corinth/gbacw-corinth-terrain.h"
#include "gbacw-game.h"

static gpointer
swamp_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  guint64 *swamp = g_new0 (guint64, 1);

  *swamp = gbacw_corinth_terrain_mask (game->scenario, gbacw_exclusive_rule_get_param (rule, "terrain"), "swamp");
  return swamp;
}

static gboolean
swamp_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const guint64 *swamp = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  (void) from;
  if (!(u->type == GBACW_UNIT_ARTILLERY || u->type == GBACW_UNIT_WAGON || gbacw_game_unit_is_mounted (u)))
    return TRUE;
  if (!(game->scenario->map->terrain[to] & *swamp))
    return TRUE;
  {
    g_autofree char *label = gbacw_game_unit_label (game, unit);
    g_autofree char *to_label = gbacw_game_hex_label (game, to);
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[C 23.5] %s may not enter the swamp hex %s at all, not even by a road"), label, to_label);
  }
  return FALSE;
}

const GbacwRuleHooks gbacw_rule_corinth_swamp = {
  .id = "corinth.swamp",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = swamp_init,
  .finalize = g_free,
  .move_legal = swamp_move_legal,
};
