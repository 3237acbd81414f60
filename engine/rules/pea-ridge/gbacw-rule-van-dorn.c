/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-van-dorn.c: Van Dorn's ill health (P 31.0).
 *
 * Van Dorn himself (not his replacement) has a Movement Allowance of 10 and pays the
 * supply wagons' terrain costs; he never adds his point to a melee (an exception to 12.4
 * and 17.4), attacking or defending: the point counts only when another friendly leader
 * stands with the units. His 27.2 limit on melee initiation (1-2 when he is the only
 * leader stacked with them) is the melee-initiation module's restricted-leaders; his
 * casualties and capture are a leader's like any other.
 *
 * Parameters (<exclusive id="pearidge.van-dorn">):
 *   leader       his unit id (default "c-van-dorn")
 *   ma           his Movement Allowance (default 10)
 *   costs        wagon (default): the wagons' row of the Terrain Effects on Movement Chart; leader: his own
 *   melee-bonus  no (default): he never adds the point; yes: 12.4 as for any leader
 *   case         the case cited (default "P 31.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-van-dorn"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"
#include "gbacw-melee.h"

typedef struct {
  int leader;          /* unit index, -1 */
  int ma;              /* halves */
  gboolean wagon_costs;
  gboolean no_bonus;
} VanDorn;

static gpointer
van_dorn_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  VanDorn *v = g_new0 (VanDorn, 1);
  const char *id = gbacw_exclusive_rule_get_param (rule, "leader");
  const char *costs = gbacw_exclusive_rule_get_param (rule, "costs");
  const char *bonus = gbacw_exclusive_rule_get_param (rule, "melee-bonus");
  GbacwGameUnit *u = gbacw_game_find_unit (game, id ? id : "c-van-dorn");

  v->leader = u && u->type == GBACW_UNIT_LEADER ? u->index : -1;
  v->ma = gbacw_exclusive_rule_get_int (rule, "ma", 10) * 2;
  v->wagon_costs = costs == NULL || g_strcmp0 (costs, "wagon") == 0;
  v->no_bonus = bonus == NULL || g_strcmp0 (bonus, "no") == 0;
  return v;
}

static int
van_dorn_allowance (const GbacwGame *game, gpointer data, int unit, int halves)
{
  const VanDorn *v = data;

  (void) game;
  return unit == v->leader && v->ma > 0 ? v->ma : halves;
}

static void
van_dorn_move_cost (const GbacwGame *game, gpointer data, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const VanDorn *v = data;

  if (unit != v->leader || !v->wagon_costs)
    return;
  gbacw_rules_data_move_cost (game->rules, game->scenario->map, GBACW_MOVE_WAGON, from, direction, cost);
}

/* Whether a leader of side other than Van Dorn stands in hex. */
static gboolean
other_leader_in (const GbacwGame *game, const VanDorn *v, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->type == GBACW_UNIT_LEADER && o->side == side && o->index != v->leader)
        return TRUE;
    }
  return FALSE;
}

/* P 31.0: his point (12.4) taken back where he is the only leader that gave it. */
static void
van_dorn_melee_odds (const GbacwGame *game, gpointer data, const GArray *attackers, int hex, gpointer odds_data)
{
  const VanDorn *v = data;
  GbacwMeleeOdds *odds = odds_data;
  const GbacwGameUnit *vd = v->leader >= 0 ? gbacw_game_unit (game, v->leader) : NULL;
  int side;

  if (!v->no_bonus || vd == NULL || vd->hex < 0 || attackers->len == 0)
    return;
  side = gbacw_game_unit (game, g_array_index (attackers, int, 0))->side;
  if (vd->side == side && odds->attack_leader > 0)
    {
      gboolean with_him = FALSE, other = FALSE;
      for (guint i = 0; i < attackers->len; i++)
        {
          int from = gbacw_game_unit (game, g_array_index (attackers, int, i))->hex;
          with_him |= from == vd->hex;
          other |= other_leader_in (game, v, from, side);
        }
      if (with_him && !other)
        {
          odds->attack_leader = 0;
          odds->attack -= 1;
          odds->exclusive -= 1;
        }
    }
  else if (vd->side != side && vd->hex == hex && odds->defend_leader > 0 && !other_leader_in (game, v, hex, vd->side))
    {
      odds->defend_leader = 0;
      odds->defend -= 1;
    }
}

const GbacwRuleHooks gbacw_rule_pearidge_van_dorn = {
  .id = "pearidge.van-dorn",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = van_dorn_init,
  .finalize = g_free,
  .movement_allowance = van_dorn_allowance,
  .move_cost = van_dorn_move_cost,
  .melee_odds = van_dorn_melee_odds,
};
