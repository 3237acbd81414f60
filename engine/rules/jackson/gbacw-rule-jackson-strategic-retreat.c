/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-strategic-retreat.c: strategic retreat (J 24.2, 24.22).
 *
 * "A unit executes strategic retreat by being moved off the map from an appropriate
 * retreat hex during a friendly Movement Phase and paying the additional Movement Point
 * cost for entering an imaginary off-map road hex": a GBACW_ACTION_EXIT is allowed from a
 * retreat hex of the unit (`hexes.FORMATION` or `hexes.SIDE`, the formation's, else the
 * nearest above it, else the side's: J 24.11-24.13) when the unit still has the Movement
 * Points of a road hex (its class's road cell; the clear cell for a class that may not use
 * roads, 6.12; a routed or out-of-command unit only before it moved, 5.2). J 24.22: when
 * every retreat hex of the unit is enemy-occupied or in an enemy ZOC, from any hex of the
 * map edges they lie on. The unit is out of play for good; its Victory Points are
 * jackson.victory's (J 24.21, 28.2). Leaders go as units do.
 *
 * Parameters (<exclusive id="jackson.strategic-retreat">):
 *   hexes.FORMATION, hexes.SIDE  the retreat hexes
 *   case                         the case cited (default "J 24.2")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-strategic-retreat"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-movement.h"

typedef struct {
  const GbacwExclusiveRule *rule;
  char *rule_case;
} StrategicRetreat;

static gpointer
strategic_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  StrategicRetreat *r = g_new0 (StrategicRetreat, 1);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  (void) game;
  r->rule = rule;
  r->rule_case = g_strdup (rule_case ? rule_case : "J 24.2");
  return r;
}

static void
strategic_finalize (gpointer data)
{
  StrategicRetreat *r = data;
  g_free (r->rule_case);
  g_free (r);
}

/* The unit's retreat hexes (hex indices), or NULL. */
static GArray *
retreat_hexes (const GbacwGame *game, const StrategicRetreat *r, const GbacwGameUnit *u)
{
  const GbacwSide *side = g_ptr_array_index (game->scenario->oob.sides, u->side);
  const char *value = gbacw_exclusive_rule_get_scoped (r->rule, &game->scenario->oob, "hexes", u->oob->formation,
                                                       side->id);
  g_autofree char *why = NULL;

  return value ? gbacw_exclusive_parse_hexes (game->scenario->map, value, &why) : NULL;
}

static gboolean
blocked (const GbacwGame *game, int hex, int side)
{
  return gbacw_game_hex_has_side (game, hex, 1 - side, FALSE) || gbacw_movement_in_enemy_zoc (game, hex, side, FALSE);
}

/* Bits of the map edges hex lies on: 1 first column, 2 last, 4 first row, 8 last. */
static guint
edges_of (const GbacwGame *game, int hex)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  GbacwHex h = gbacw_hex_grid_hex_at (grid, hex);

  return (h.col == 0 ? 1u : 0) | (h.col == grid->columns - 1 ? 2u : 0) | (h.row == 0 ? 4u : 0)
         | (h.row == grid->rows - 1 ? 8u : 0);
}

/* The Movement Points (halves) of the imaginary off-map road hex for the unit, -1 unknown. */
static int
road_hex_cost (const GbacwGame *game, const GbacwGameUnit *u)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (game->scenario, "terrain-movement");
  int c = gbacw_move_class_for (u->type, u->formation);
  const char *row = c >= 0 ? gbacw_move_class_to_row (c) : NULL;
  GbacwValue v;

  if (chart == NULL || row == NULL)
    return -1;
  if (gbacw_move_class_uses_roads (c) && gbacw_value_from_cell (gbacw_chart_lookup (chart, row, "road"), &v)
      && v.kind == GBACW_VALUE_NUMBER)
    return gbacw_value_halves (&v);
  if (gbacw_value_from_cell (gbacw_chart_lookup (chart, row, "clear"), &v) && v.kind == GBACW_VALUE_NUMBER)
    return gbacw_value_halves (&v);
  return -1;
}

static gboolean
strategic_exit_allowed (const GbacwGame *game, gpointer data, int unit, const char **rule_case, GError **error)
{
  const StrategicRetreat *r = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autoptr (GArray) hexes = retreat_hexes (game, r, u);
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  gboolean from_retreat_hex = FALSE, all_blocked = TRUE;
  guint edges = 0;
  int allowance = 0, cost;

  if (hexes == NULL || hexes->len == 0 || u->hex < 0)
    return FALSE;
  for (guint i = 0; i < hexes->len; i++)
    {
      int h = g_array_index (hexes, int, i);
      from_retreat_hex |= h == u->hex;
      if (!blocked (game, h, u->side))
        all_blocked = FALSE;
      edges |= edges_of (game, h);
    }
  if (!from_retreat_hex && !(all_blocked && (edges_of (game, u->hex) & edges)))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[%s] %s may leave the map only from its retreat hex (or, when that is enemy-occupied or in an "
                     "enemy ZOC, from its map edge)"),
                   r->rule_case, label);
      return FALSE;
    }
  if (u->type != GBACW_UNIT_LEADER)
    {
      cost = road_hex_cost (game, u);
      if (cost < 0 || !gbacw_movement_allowance (game, unit, &allowance, NULL))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_CHART,
                       _("[%s] The Terrain Effects on Movement Chart does not give what the off-map road hex costs %s"),
                       r->rule_case, label);
          return FALSE;
        }
      if (u->mp_spent + cost > allowance)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[%s] %s needs %g Movement Points to enter the off-map road hex and has %g left"), r->rule_case,
                       label, cost / 2.0, (allowance - u->mp_spent) / 2.0);
          return FALSE;
        }
    }
  *rule_case = r->rule_case;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_strategic_retreat = {
  .id = "jackson.strategic-retreat",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = strategic_init,
  .finalize = strategic_finalize,
  .exit_allowed = strategic_exit_allowed,
};
