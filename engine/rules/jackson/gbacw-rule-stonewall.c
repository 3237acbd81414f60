/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-stonewall.c: Jackson and the Stonewall Brigade (J 26.0).
 *
 * "Whenever Jackson is stacked with Winder, every regiment within Winder's Effectiveness
 * Radius has its Morale Rating increased from its printed value of 3 to a value of 5":
 * while the leader (Jackson) and the brigade's order-of-battle commander (Winder) are on
 * the map in one hex, each infantry unit of the brigade within the commander's
 * Effectiveness Radius now (gbacw_leadership_er (), traced as 10.4 traces it) checks with
 * its rating raised by morale (+2: 3 becomes 5; a rating lowered by another rule, J 27.1,
 * is raised as much). Winder replaced or off the map, Jackson elsewhere, or a regiment
 * outside the radius: the rating as it stands. J 28.15 (morale 5 for Victory Points) is
 * the victory rules' (jackson.victory), not this module's.
 *
 * Parameters (<exclusive id="jackson.stonewall">):
 *   leader   the leader who must be stacked with the brigade's commander (Jackson)
 *   brigade  the brigade (a formation id: Winder's)
 *   morale   the change of the rating (default +2)
 *   case     the case cited (default "J 26.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-stonewall"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"

typedef struct {
  int leader;      /* unit index, -1 */
  int commander;   /* the brigade's order-of-battle commander, unit index, -1 */
  int brigade;     /* formation index, -1 */
  int change;
} Stonewall;

static gpointer
stonewall_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Stonewall *s = g_new0 (Stonewall, 1);
  const char *leader = gbacw_exclusive_rule_get_param (rule, "leader");
  const char *brigade = gbacw_exclusive_rule_get_param (rule, "brigade");
  GbacwGameUnit *u = leader ? gbacw_game_find_unit (game, leader) : NULL;

  s->leader = u ? u->index : -1;
  s->commander = -1;
  s->change = gbacw_exclusive_rule_get_int (rule, "morale", 2);
  s->brigade = gbacw_leadership_formation_index (game, brigade);
  if (s->brigade >= 0)
    {
      const GbacwFormation *formation = g_ptr_array_index (game->scenario->oob.formations, s->brigade);
      GbacwGameUnit *c = formation->commander ? gbacw_game_find_unit (game, formation->commander) : NULL;
      s->commander = c ? c->index : -1;
    }
  return s;
}

static int
stonewall_rating (const GbacwGame *game, gpointer data, int unit, int rating)
{
  const Stonewall *s = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwGameUnit *jackson, *winder;

  if (s->leader < 0 || s->commander < 0 || s->brigade < 0)
    return rating;
  if (u->type != GBACW_UNIT_INFANTRY || u->hex < 0 || game->unit_formation[unit] != s->brigade)
    return rating;
  jackson = gbacw_game_unit (game, s->leader);
  winder = gbacw_game_unit (game, s->commander);
  if (jackson->hex < 0 || winder->hex != jackson->hex)
    return rating;
  if (!gbacw_leadership_in_radius (game, s->commander, u->hex, gbacw_leadership_er (game, s->commander)))
    return rating;
  return rating + s->change;
}

const GbacwRuleHooks gbacw_rule_jackson_stonewall = {
  .id = "jackson.stonewall",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = stonewall_init,
  .finalize = g_free,
  .morale_rating = stonewall_rating,
};
