/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-town.c: the town of Corinth (C 23.3, 23.31-23.34).
 *
 * "Artillery, wagons and mounted cavalry may only enter a town through a hexside crossed by
 * a road. Thus, an artillery unit would be able to enter 2834 from 2833 but not from 2934"
 * (23.31): a MOVE-LEGAL for a step into a hex of the town terrain by a battery, a supply
 * wagon or mounted cavalry, allowed only across a hexside a road line crosses. The rest of
 * 23.3 is chart data, which the engine reads as it is: the Movement Point costs (23.31, the
 * Terrain Effects on Movement Chart), no melee effect (23.32, the "melee" cell —), 25 feet
 * high for LOS and blocking (23.33: the terrain's height, "blocks-los" yes; adjacent hexes
 * always see each other, 9.24) and two columns to the left for a defender (23.34,
 * "fire-shift" 2L).
 *
 * Parameters (<exclusive id="corinth.town">):
 *   terrain   the town's hex terrain id (default "town")
 *   roads     the line type ids that are roads (default "road")
 */
#define G_LOG_DOMAIN "gbacw-rule-town"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "corinth/gbacw-corinth-terrain.h"
#include "gbacw-game.h"

typedef struct {
  guint64 town;     /* hex terrain mask */
  guint16 roads;    /* line type mask */
} Town;

static gpointer
town_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Town *t = g_new0 (Town, 1);

  t->town = gbacw_corinth_terrain_mask (game->scenario, gbacw_exclusive_rule_get_param (rule, "terrain"), "town");
  t->roads = gbacw_corinth_line_mask (game->scenario, gbacw_exclusive_rule_get_param (rule, "roads"), "road");
  return t;
}

static gboolean
town_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const Town *t = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (!(u->type == GBACW_UNIT_ARTILLERY || u->type == GBACW_UNIT_WAGON || gbacw_game_unit_is_mounted (u)))
    return TRUE;
  if (!(game->scenario->map->terrain[to] & t->town) || gbacw_corinth_step_along (game, from, to, t->roads))
    return TRUE;
  {
    g_autofree char *label = gbacw_game_unit_label (game, unit);
    g_autofree char *to_label = gbacw_game_hex_label (game, to);
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[C 23.31] %s may enter the town hex %s only through a hexside crossed by a road"), label, to_label);
  }
  return FALSE;
}

const GbacwRuleHooks gbacw_rule_corinth_town = {
  .id = "corinth.town",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = town_init,
  .finalize = g_free,
  .move_legal = town_move_legal,
};
