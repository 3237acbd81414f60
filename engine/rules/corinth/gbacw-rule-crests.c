/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-crests.c: crest hexes (C 23.6).
 *
 * "Where two elevation levels meet in a hex, a crest is formed. Units in a crest hex are
 * always considered in the lower of the two elevation levels. Thus a unit in hex 3031 is on
 * elevation level 1. All units which change elevation by moving up through a crest hex
 * expend extra Movement Points. Some units pay extra Movement Point costs when moving down
 * crest." A crest is a hex terrain here (not a hexside): the map gives a crest hex the lower
 * level (so LOS, 9.52 and 12.31 read it there), and the module adds the Terrain Effects on
 * Movement Chart's cells "TERRAIN.up" to a step out of a crest hex into a higher hex (the
 * unit goes up through it) and "TERRAIN.down" to a step from a higher hex into a crest hex;
 * "—" adds nothing, "P" prohibits, an unknown cell leaves the step's cost unknown.
 *
 * Parameters (<exclusive id="corinth.crests">):
 *   terrain   the crest hex terrain id (default "crest-hex": "crest" names the J-style crest
 *             hexside type, whose columns are "crest.up" and "crest.down")
 */
#define G_LOG_DOMAIN "gbacw-rule-crests"

#include "gbacw-rule-modules.h"

#include "corinth/gbacw-corinth-terrain.h"
#include "gbacw-game.h"
#include "gbacw-rules-data.h"

typedef struct {
  guint64 crest;                              /* hex terrain mask */
  GbacwValue up[GBACW_N_MOVE_CLASSES], down[GBACW_N_MOVE_CLASSES];
  char *up_column, *down_column;
} Crests;

static void
read_cells (const GbacwScenario *scenario, const char *column, GbacwValue *out)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "terrain-movement");
  int col = chart ? gbacw_chart_find_column (chart, column) : -1;

  for (int c = 0; c < GBACW_N_MOVE_CLASSES; c++)
    {
      int row = chart ? gbacw_chart_find_row (chart, gbacw_move_class_to_row (c)) : -1;
      const GbacwCell *cell = row >= 0 && col >= 0 ? &((const GbacwChartRow *) g_ptr_array_index (chart->rows, row))->cells[col]
                                                   : NULL;
      if (!gbacw_value_from_cell (cell, &out[c]))
        out[c].kind = GBACW_VALUE_UNKNOWN;
    }
}

static gpointer
crests_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Crests *c = g_new0 (Crests, 1);
  const char *terrain = gbacw_exclusive_rule_get_param (rule, "terrain");

  if (terrain == NULL)
    terrain = "crest-hex";
  c->crest = gbacw_corinth_terrain_mask (game->scenario, terrain, terrain);
  c->up_column = g_strconcat (terrain, ".up", NULL);
  c->down_column = g_strconcat (terrain, ".down", NULL);
  read_cells (game->scenario, c->up_column, c->up);
  read_cells (game->scenario, c->down_column, c->down);
  return c;
}

static void
crests_finalize (gpointer data)
{
  Crests *c = data;
  g_free (c->up_column);
  g_free (c->down_column);
  g_free (c);
}

static void
add_cell (const GbacwValue *value, const char *column, GbacwMoveCost *cost)
{
  if (cost->kind == GBACW_COST_PROHIBITED || value->kind == GBACW_VALUE_NONE)
    return;
  if (value->kind == GBACW_VALUE_PROHIBITED)
    {
      cost->kind = GBACW_COST_PROHIBITED;
      return;
    }
  if (cost->kind != GBACW_COST_MP)
    return;
  if (value->kind == GBACW_VALUE_ADD || value->kind == GBACW_VALUE_NUMBER)
    cost->halves += gbacw_value_halves (value);
  else
    {
      cost->kind = GBACW_COST_UNKNOWN;
      cost->column = column;
    }
}

static void
crests_move_cost (const GbacwGame *game, gpointer data, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const Crests *c = data;
  const GbacwMap *map = game->scenario->map;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int to = gbacw_game_neighbour_index (game, from, direction), mc;

  if (c->crest == 0 || to < 0 || from < 0)
    return;
  mc = gbacw_move_class_for (u->type, u->formation);
  if (mc < 0)
    return;
  if ((map->terrain[from] & c->crest) && map->elevation[to] > map->elevation[from])
    add_cell (&c->up[mc], c->up_column, cost);          /* up through the crest hex */
  else if ((map->terrain[to] & c->crest) && map->elevation[from] > map->elevation[to])
    add_cell (&c->down[mc], c->down_column, cost);      /* down into it */
}

const GbacwRuleHooks gbacw_rule_corinth_crests = {
  .id = "corinth.crests",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = crests_init,
  .finalize = crests_finalize,
  .move_cost = crests_move_cost,
};
