/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-detachment-morale.c: the morale of a detached brigade (P 25.0-25.3).
 *
 * The infantry and cavalry of a brigade detached from its division (17.6: the engine's
 * formation_parent is -1 while the order of battle puts it under one) have their Morale
 * Rating reduced by one until it attaches to a division again (P 25.0 procedure; a
 * brigade attached to another division is not detached). Green units determine their
 * rating normally, then it is reduced (P 25.1); brigades marked independent ("Indpnt")
 * are never affected (P 25.2); a rating of 1 becomes 0, so the unit always fails (P 25.3).
 *
 * Parameters (<exclusive id="pearidge.detachment-morale">):
 *   morale  the change of the rating (default -1)
 *   case    the case cited (default "P 25.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-detachment-morale"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

static gpointer
detachment_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  int *change = g_new (int, 1);

  (void) game;
  *change = gbacw_exclusive_rule_get_int (rule, "morale", -1);
  return change;
}

/* The detached brigade the unit's formation is or lies in, -1. */
static int
detached_brigade (const GbacwGame *game, int unit)
{
  for (int f = game->unit_formation[unit]; f >= 0; f = game->formation_parent[f])
    {
      const GbacwFormation *formation = g_ptr_array_index (game->scenario->oob.formations, f);
      if (formation->kind != GBACW_FORMATION_BRIGADE)
        continue;
      if (formation->independent)
        return -1;   /* P 25.2 */
      return game->formation_parent[f] < 0 && game->formation_original_parent[f] >= 0 ? f : -1;
    }
  return -1;
}

static int
detachment_rating (const GbacwGame *game, gpointer data, int unit, int rating)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if ((u->type != GBACW_UNIT_INFANTRY && u->type != GBACW_UNIT_CAVALRY) || gbacw_game_is_wagon_crew (u)
      || detached_brigade (game, unit) < 0)
    return rating;
  return MAX (0, rating + *(const int *) data);   /* P 25.3: 1 becomes 0 */
}

const GbacwRuleHooks gbacw_rule_pearidge_detachment_morale = {
  .id = "pearidge.detachment-morale",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = detachment_init,
  .finalize = g_free,
  .morale_rating = detachment_rating,
};
