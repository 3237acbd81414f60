/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-dismounted-morale.c: the Morale Rating of dismounted cavalry (rules matrix
 * §2.D "Dismounted-cavalry morale").
 *
 *  - J 20.3: the dismounted side of a cavalry counter is printed one lower than the
 *    mounted side. The scenario's dismounted-morale gives it (6.14 reads it for every
 *    game); offset (-1) stands in for a unit whose scenario does not give it.
 *  - C 21.4: every dismounted cavalry unit has a Morale Rating of 2 (rating).
 *
 * Parameters (<exclusive id="dismounted-morale">):
 *   rating   the rating of every dismounted cavalry unit (C 21.4: 2)
 *   offset   added to the mounted rating where the scenario gives no dismounted one (J 20.3: -1)
 *   case     the case the validator's findings cite ("C 21.4")
 */
#define G_LOG_DOMAIN "gbacw-rule-dismounted-morale"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  int rating;   /* GBACW_UNSET: none */
  int offset;
} DismountedMorale;

static gpointer
dismounted_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  DismountedMorale *d = g_new0 (DismountedMorale, 1);

  (void) game;
  d->rating = gbacw_exclusive_rule_get_int (rule, "rating", GBACW_UNSET);
  d->offset = gbacw_exclusive_rule_get_int (rule, "offset", 0);
  return d;
}

static int
dismounted_rating (const GbacwGame *game, gpointer data, int unit, int rating)
{
  const DismountedMorale *d = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (u->type != GBACW_UNIT_CAVALRY || u->formation != GBACW_FORMATION_STATE_DISMOUNTED)
    return rating;
  if (d->rating != GBACW_UNSET)
    return d->rating;
  if (u->oob->dismounted_morale == GBACW_UNSET && d->offset != 0)
    return MAX (1, rating + d->offset);
  return rating;
}

const GbacwRuleHooks gbacw_rule_dismounted_morale = {
  .id = "dismounted-morale",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = dismounted_init,
  .finalize = g_free,
  .morale_rating = dismounted_rating,
};
