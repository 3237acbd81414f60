/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-formation-exceptions.c: Pea Ridge's formation restrictions (P 21.11-21.13).
 *
 *  - P 21.11: one limbered battery may end its Movement Phase stacked with an infantry unit
 *    in column (an exception to 8.16; it counts against the terrain's stacking limits, not
 *    the column's). Reinforcements may enter so stacked (P 26.16): the same check.
 *  - P 21.12: a limbered battery moves through other units on road or pike hexes at the
 *    road or pike rate (6.11 makes it pay the other terrain).
 *  - P 21.13: horse artillery (units marked horse-artillery in the order of battle; the
 *    rulebook does not say which they are) has a Movement Allowance of 12 and pays
 *    mounted cavalry's terrain costs.
 *
 * Parameters (<exclusive id="pearidge.formation-exceptions">):
 *   limbered-with-column  how many limbered batteries may share a column's hex (default 1; 0: none)
 *   road-pass-through     yes (default) or no: P 21.12
 *   horse-artillery-ma    the horse artillery's Movement Allowance (default 12; 0: none)
 *   case                  the case cited (default "P 21.1")
 */
#define G_LOG_DOMAIN "gbacw-rule-formation-exceptions"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  int with_column;
  gboolean pass_through;
  int horse_ma;        /* halves, 0: no horse artillery rule */
} Exceptions;

static gpointer
exceptions_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Exceptions *e = g_new0 (Exceptions, 1);
  const char *pass = gbacw_exclusive_rule_get_param (rule, "road-pass-through");

  (void) game;
  e->with_column = MAX (0, gbacw_exclusive_rule_get_int (rule, "limbered-with-column", 1));
  e->pass_through = pass == NULL || g_strcmp0 (pass, "yes") == 0;
  e->horse_ma = MAX (0, gbacw_exclusive_rule_get_int (rule, "horse-artillery-ma", 12)) * 2;
  return e;
}

static gboolean
is_limbered (const GbacwGameUnit *u)
{
  return u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_LIMBERED;
}

static gboolean
is_horse_artillery (const Exceptions *e, const GbacwGameUnit *u)
{
  return e->horse_ma > 0 && is_limbered (u) && u->oob && (u->oob->flags & GBACW_UNIT_FLAG_HORSE_ARTILLERY);
}

/* P 21.11 */
static gboolean
exceptions_column_companion (const GbacwGame *game, gpointer data, int unit, int n_before)
{
  const Exceptions *e = data;

  return n_before < e->with_column && is_limbered (gbacw_game_unit (game, unit));
}

/* P 21.13 */
static int
exceptions_allowance (const GbacwGame *game, gpointer data, int unit, int halves)
{
  const Exceptions *e = data;

  return is_horse_artillery (e, gbacw_game_unit (game, unit)) ? e->horse_ma : halves;
}

/* P 21.12, 21.13: the cost read anew for the battery's class (horse artillery: mounted
 * cavalry's), the road kept through friendly units (21.12) or given up as 6.11 says. */
static void
exceptions_move_cost (const GbacwGame *game, gpointer data, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const Exceptions *e = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwMap *map = game->scenario->map;
  gboolean horse = is_horse_artillery (e, u);
  GbacwMoveClass c = horse ? GBACW_MOVE_CAVALRY_MOUNTED : GBACW_MOVE_ARTILLERY_LIMBERED;
  int to = gbacw_game_neighbour_index (game, from, direction), road;
  GbacwMoveCost own;

  if (!is_limbered (u) || (!horse && !e->pass_through) || to < 0)
    return;
  gbacw_rules_data_move_cost (game->rules, map, c, from, direction, &own);
  if (!e->pass_through && own.kind == GBACW_COST_MP && gbacw_game_hex_has_side (game, to, u->side, TRUE)
      && gbacw_rules_data_line_cost (game->rules, map, c, from, direction, &road))
    {
      GbacwMoveCost terrain;   /* 6.11 for horse artillery without P 21.12 */
      gbacw_rules_data_hex_cost (game->rules, map, c, to, &terrain);
      if (terrain.kind == GBACW_COST_MP)
        own.halves = own.halves - road + terrain.halves;
      else
        own = terrain;
    }
  *cost = own;
}

const GbacwRuleHooks gbacw_rule_pearidge_formation_exceptions = {
  .id = "pearidge.formation-exceptions",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = exceptions_init,
  .finalize = g_free,
  .movement_allowance = exceptions_allowance,
  .move_cost = exceptions_move_cost,
  .column_companion = exceptions_column_companion,
};
