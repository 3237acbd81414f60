/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-terrain.c: the terrain of Jackson at the Crossroads (J 22.1-22.9).
 *
 * What the catalogue and charts already say is the Standard Rules' engine: crest costs by
 * the hexes' levels (J 22.1, the chart's crest.up / crest.down columns), the river's "P"
 * (J 22.4), the ford's "all" (J 22.5: only with nothing spent yet this phase, then nothing
 * left, so the unit began the phase beside the ford and stops in the bank hex), the bridge
 * usable only by the classes that use roads (6.12, J 22.6), woods and town heights, shifts
 * and stacking (J 22.7, 22.8). This module plays what the rules print and the charts lost
 * or cannot say:
 * - J 22.3: a bank hex costs what its land part costs: its other terrains, or clear.
 * - J 22.4: Zones of Control extend across river hexsides (10.5 would stop them at a
 *   hexside no unit may cross); Command Radii do not (the leader's "P", 13.53), except
 *   across fords and the bridge (J 22.53, 22.63: their cells are not "P").
 * - J 22.51: a leader pays 5 Movement Points to cross a ford and may go on.
 * - J 22.6: crossing by the North River Bridge costs nothing extra; in the Movement Phase
 *   infantry must be in column (Line infantry and dismounted cavalry may not); J 22.62:
 *   every unit may retreat or rout across it, and Line infantry that retreats across it is
 *   routed where its retreat ends, with no rout movement.
 * - J 22.61: Line infantry may melee across the Bridge, each stack 2 Strength Points off
 *   its total (in place of the chart's bridge cell, if it has one).
 * - J 22.2: a unit fired on through a steep crest hexside by a firer at a lower level is
 *   one column to the left, when the Terrain Effects on Combat Chart gives no steep crest
 *   shift (the chart's own cell applies through 9.52 otherwise).
 * J 22.9 (historical sites) has no effect: nothing to play.
 *
 * Parameters (<exclusive id="jackson.terrain">):
 *   bank          the hex terrain ids of bank hexes (default "bank")
 *   clear         the terrain a bank hex with no other terrain costs as (default "clear")
 *   leader-ford   Movement Points a leader pays to cross a ford (default 5, J 22.51)
 *   bridge-melee  Strength Points each stack meleeing across the bridge loses (default 2, J 22.61)
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-terrain"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-combat-charts.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-melee.h"
#include "gbacw-rule-jackson-map.h"

typedef struct {
  guint64 bank;           /* hex terrain bits */
  guint64 clear;
  guint32 river, ford, bridge, steep_crest;   /* hexside type bits, by style */
  int leader_ford;        /* halves */
  int bridge_melee;       /* SP */
  GArray *routed_after;   /* int: Line infantry that retreated across the bridge (J 22.62) */
} JacksonTerrain;

static guint64
terrain_bits (const GbacwCatalogue *cat, const char *ids)
{
  g_auto (GStrv) words = g_strsplit_set (ids, " \t,", -1);
  guint64 bits = 0;

  for (guint i = 0; words[i]; i++)
    {
      int t = *words[i] ? gbacw_catalogue_find_hex_terrain (cat, words[i]) : -1;
      if (t >= 0 && t < 64)
        bits |= G_GUINT64_CONSTANT (1) << t;
    }
  return bits;
}

static gpointer
terrain_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  JacksonTerrain *t = g_new0 (JacksonTerrain, 1);
  const GbacwCatalogue *cat = &game->scenario->catalogue;
  const GbacwMap *map = game->scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  const char *bank = gbacw_exclusive_rule_get_param (rule, "bank");
  const char *clear = gbacw_exclusive_rule_get_param (rule, "clear");

  t->bank = terrain_bits (cat, bank ? bank : "bank");
  t->clear = terrain_bits (cat, clear ? clear : "clear");
  t->river = gbacw_jackson_style_bits (cat, "river");
  t->ford = gbacw_jackson_style_bits (cat, "ford");
  t->bridge = gbacw_jackson_style_bits (cat, "bridge");
  t->steep_crest = gbacw_jackson_style_bits (cat, "steep-crest");
  t->leader_ford = 2 * gbacw_exclusive_rule_get_int (rule, "leader-ford", 5);
  t->bridge_melee = gbacw_exclusive_rule_get_int (rule, "bridge-melee", 2);
  t->routed_after = g_array_new (FALSE, FALSE, sizeof (int));

  /* J 22.4: ZOCs extend across river hexsides, which 10.5 would count as impassable */
  if (t->river)
    for (int hex = 0; hex < game->n_hexes; hex++)
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex), d);
          if (id != GBACW_HEXSIDE_NONE && (map->hexside_features[id] & t->river)
              && gbacw_game_neighbour_index (game, hex, d) >= 0)
            game->impassable[hex] &= (guint8) ~(1u << d);
        }
  return t;
}

static void
terrain_finalize (gpointer data)
{
  JacksonTerrain *t = data;
  g_array_unref (t->routed_after);
  g_free (t);
}

static guint32
hexside_features (const GbacwGame *game, int from, int direction)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, from), direction);
  return id != GBACW_HEXSIDE_NONE ? game->scenario->map->hexside_features[id] : 0;
}

static gboolean
crosses_bridge (const GbacwGame *game, gconstpointer data, int from, int to)
{
  const JacksonTerrain *t = data;
  int d = gbacw_game_direction_between (game, from, to);
  return t->bridge && d >= 0 && (hexside_features (game, from, d) & t->bridge);
}

static void
terrain_move_cost (const GbacwGame *game, gpointer data, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const JacksonTerrain *t = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwMap *map = game->scenario->map;
  int c = gbacw_move_class_for (u->type, u->formation);
  int to = gbacw_game_neighbour_index (game, from, direction);
  guint32 features, plain_features;
  guint64 terrain, plain_terrain;
  int extra = 0;
  GbacwMoveCost plain, mine;

  if (c < 0 || to < 0)
    return;
  features = plain_features = hexside_features (game, from, direction);
  terrain = plain_terrain = map->terrain[to];
  if (t->bank && (terrain & t->bank))
    {
      /* J 22.3: the land part of the hex */
      terrain &= ~t->bank;
      if (terrain == 0)
        terrain = t->clear ? t->clear : plain_terrain;
    }
  if (t->bridge && (features & t->bridge))
    features &= ~(t->bridge | t->river);   /* J 22.6: no extra cost (22.62: every unit in a retreat) */
  else if (u->type == GBACW_UNIT_LEADER && t->ford && (features & t->ford))
    {
      features &= ~(t->ford | t->river);   /* J 22.51: 5 Movement Points, and he may go on */
      extra = t->leader_ford;
    }
  if (features == plain_features && terrain == plain_terrain)
    return;
  gbacw_rules_data_move_cost_as (game->rules, map, c, from, direction, plain_terrain, plain_features, &plain);
  if (cost->kind == GBACW_COST_PROHIBITED && plain.kind != GBACW_COST_PROHIBITED)
    return;   /* closed by a rule before this one (J 36.41, 36.51) */
  gbacw_rules_data_move_cost_as (game->rules, map, c, from, direction, terrain, features, &mine);
  if (mine.kind == GBACW_COST_MP)
    mine.halves += extra;
  if (cost->kind == GBACW_COST_MP && plain.kind == GBACW_COST_MP && mine.kind == GBACW_COST_MP)
    cost->halves += mine.halves - plain.halves;   /* keeps what 6.11 and other rules did to it */
  else
    *cost = mine;
}

static gboolean
terrain_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const JacksonTerrain *t = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int c = gbacw_move_class_for (u->type, u->formation);

  if (c < 0 || gbacw_move_class_uses_roads (c) || !crosses_bridge (game, t, from, to))
    return TRUE;
  {
    g_autofree char *label = gbacw_game_unit_label (game, unit);
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 22.6] %s must be in column to cross the North River Bridge"), label);
  }
  return FALSE;
}

static gboolean
is_line_infantry (const GbacwGameUnit *u)
{
  return u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_LINE;
}

static void
terrain_retreat_step (GbacwGame *game, gpointer data, const GArray *units, int from, int to)
{
  JacksonTerrain *t = data;

  if (!crosses_bridge (game, t, from, to))
    return;
  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      if (is_line_infantry (u) && !(u->status & GBACW_STATUS_ROUTED) && !gbacw_int_array_has (t->routed_after, unit))
        g_array_append_val (t->routed_after, unit);
    }
}

/* J 22.62: flipped to the routed side once the retreat is over, with no rout movement. */
static void
terrain_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  JacksonTerrain *t = data;

  (void) action;
  for (guint i = 0; i < t->routed_after->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (t->routed_after, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      if (u->hex < 0 || (u->status & GBACW_STATUS_ROUTED))
        continue;
      u->status |= GBACW_STATUS_ROUTED;
      u->status &= ~GBACW_STATUS_PINNED;
      gbacw_game_log (game, "J 22.62",
                      _("%s retreated across the North River Bridge in line and is routed (no rout movement)"), label);
    }
  g_array_set_size (t->routed_after, 0);
}

static void
terrain_melee_odds (const GbacwGame *game, gpointer data, const GArray *attackers, int hex, gpointer odds)
{
  const JacksonTerrain *t = data;
  gbacw_jackson_melee_per_stack (game, attackers, hex, crosses_bridge, t, "bridge", t->bridge_melee, odds);   /* J 22.61 */
}

static int
terrain_fire_shift (const GbacwGame *game, gpointer data, const GbacwFireResolution *res)
{
  const JacksonTerrain *t = data;
  const GbacwScenario *s = game->scenario;
  const GbacwMap *map = s->map;

  if (!t->steep_crest)
    return 0;
  for (guint ti = 0; ti < s->catalogue.hexside_types->len && ti < 32; ti++)
    {
      int shift;
      if ((t->steep_crest & (1u << ti))
          && gbacw_terrain_fire_shift (s, ((const GbacwHexsideType *) g_ptr_array_index (s->catalogue.hexside_types, ti))->id,
                                       &shift))
        return 0;   /* the chart gives it (9.52 applies it) */
    }
  for (guint i = 0; i < res->contributions->len; i++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, i);
      if (map->elevation[fc->hex] >= map->elevation[res->target_hex])
        continue;   /* only from a lower level */
      for (int k = 0; k < 2; k++)
        if (fc->entry[k] >= 0 && (hexside_features (game, res->target_hex, fc->entry[k]) & t->steep_crest))
          return -1;   /* J 22.2: one enemy unit firing through it from below is enough */
    }
  return 0;
}

static gboolean
terrain_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  JacksonTerrain *t = to_data;
  const JacksonTerrain *f = from_data;

  (void) to;
  (void) from;
  gbacw_copy_garray (t->routed_after, f->routed_after);
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_terrain = {
  .id = "jackson.terrain",
  .init = terrain_init,
  .finalize = terrain_finalize,
  .copy_state = terrain_copy_state,
  .move_cost = terrain_move_cost,
  .move_legal = terrain_move_legal,
  .retreat_step = terrain_retreat_step,
  .action_done = terrain_action_done,
  .melee_odds = terrain_melee_odds,
  .fire_shift = terrain_fire_shift,
};
