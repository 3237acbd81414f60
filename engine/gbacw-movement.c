/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-movement.c: movement, formations, facing, ZOC and stacking (5.0-8.1, 10.0). */
#define G_LOG_DOMAIN "gbacw-movement"

#include "gbacw-movement.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-combat-charts.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-legal.h"
#include "gbacw-morale.h"
#include "gbacw-query.h"
#include "gbacw-retreat.h"

#define HALVES(h) ((h) / 2.0)

static const GbacwMap *
game_map (const GbacwGame *game)
{
  return game->scenario->map;
}

static const GbacwHexGrid *
game_grid (const GbacwGame *game)
{
  return &game->scenario->map->grid;
}

static int
move_class (const GbacwGameUnit *u)
{
  GbacwFormationState formation = u->formation;
  if (u->type == GBACW_UNIT_WAGON || u->type == GBACW_UNIT_LEADER)
    formation = GBACW_FORMATION_STATE_UNSET;
  return gbacw_move_class_for (u->type, formation);
}

static gboolean
is_column (const GbacwGameUnit *u)
{
  return u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN;
}

/* ------------------------------------------------------------------ ZOC */

gboolean
gbacw_movement_exerts_zoc (const GbacwGame *game, int unit, int hex)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int d;

  if (u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON || gbacw_game_is_wagon_crew (u)
      || gbacw_game_unit_ignored (game, u))
    return FALSE;   /* 10.0: wagons and leaders have none; 11.16: nor supply crews; J 21.23 */
  if (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_ENGAGED | GBACW_STATUS_AMMO_DEPLETED))
    return FALSE;   /* 13.32, 12.94, 11.22 */
  d = gbacw_game_direction_between (game, u->hex, hex);
  if (d < 0 || gbacw_game_hexside_impassable (game, u->hex, d))
    return FALSE;   /* 10.5 */
  if (gbacw_game_unit_is_mounted (u))
    return TRUE;    /* 10.0: all six hexes */
  if (!(u->formation == GBACW_FORMATION_STATE_LINE || u->formation == GBACW_FORMATION_STATE_DISMOUNTED
        || u->formation == GBACW_FORMATION_STATE_UNLIMBERED))
    return FALSE;   /* columns and limbered batteries have none */
  /* the three frontal hexsides (C 23.21: the FACING hooks) */
  return (gbacw_game_frontal_mask (game, unit) >> d) & 1;
}

gboolean
gbacw_movement_in_enemy_path_zoc (const GbacwGame *game, int hex, int side)
{
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_game_neighbour_index (game, hex, d);
      const GArray *stack = gbacw_game_stack (game, n);
      for (guint i = 0; stack && i < stack->len; i++)
        {
          const GbacwGameUnit *e = gbacw_game_unit (game, g_array_index (stack, int, i));
          int back;
          if (e->side == side || e->hex < 0 || !gbacw_game_is_combat_unit (e) || e->type == GBACW_UNIT_WAGON
              || gbacw_game_is_wagon_crew (e) || (e->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_ENGAGED))
              || gbacw_game_unit_ignored (game, e))
            continue;   /* 10.0, 11.16, 13.32, 12.94, J 21.23; 11.22: an ammunition-depleted unit keeps this ZOC */
          back = gbacw_game_direction_between (game, e->hex, hex);
          if (back < 0 || gbacw_game_hexside_impassable (game, e->hex, back))
            continue;   /* 10.5 */
          if (gbacw_game_unit_is_mounted (e))
            return TRUE;   /* 16.31: all six hexes */
          if (!(e->formation == GBACW_FORMATION_STATE_LINE || e->formation == GBACW_FORMATION_STATE_DISMOUNTED
                || e->formation == GBACW_FORMATION_STATE_UNLIMBERED))
            continue;
          if ((gbacw_game_frontal_mask (game, e->index) >> back) & 1)
            return TRUE;
        }
    }
  return FALSE;
}

gboolean
gbacw_movement_in_enemy_zoc (const GbacwGame *game, int hex, int side, gboolean mounted_cavalry)
{
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_game_neighbour_index (game, hex, d);
      const GArray *stack = gbacw_game_stack (game, n);
      for (guint i = 0; stack && i < stack->len; i++)
        {
          const GbacwGameUnit *e = gbacw_game_unit (game, g_array_index (stack, int, i));
          if (e->side == side || !gbacw_movement_exerts_zoc (game, e->index, hex))
            continue;
          /* 10.0: a mounted cavalry ZOC affects only mounted cavalry */
          if (gbacw_game_unit_is_mounted (e) && !mounted_cavalry)
            continue;
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
adjacent_to_enemy (const GbacwGame *game, int hex, int side)
{
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    if (gbacw_game_hex_has_side (game, gbacw_game_neighbour_index (game, hex, d), 1 - side, TRUE))
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ costs */

gboolean
gbacw_movement_allowance (const GbacwGame *game, int unit, int *halves, GError **error)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int c = move_class (u);

  if (c < 0 || !gbacw_rules_data_movement_allowance (game->rules, c, u->side, halves))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_CHART,
                   _("[5.19] The Terrain Effects on Movement Chart gives no Movement Allowance for row “%s”"),
                   c >= 0 ? gbacw_move_class_to_row (c) : "?");
      return FALSE;
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->movement_allowance)
      *halves = hooks->movement_allowance (game, data, unit, *halves);
  return TRUE;
}

/* The cheapest road, pike, trail or railroad cell of the class for the lines crossing a
 * hexside; -1 when none is usable. */
static int
line_halves (const GbacwGame *game, int move_class_row, guint16 lines)
{
  const GbacwCatalogue *cat = &game->scenario->catalogue;
  const GbacwChart *chart = gbacw_scenario_find_chart (game->scenario, "terrain-movement");
  const char *row = gbacw_move_class_to_row (move_class_row);
  int best = -1;

  for (guint l = 0; chart && lines && l < cat->line_types->len; l++)
    {
      GbacwValue v;
      if (!(lines & (1u << l)))
        continue;
      gbacw_value_from_cell (gbacw_chart_lookup (chart, row, ((GbacwLineType *) g_ptr_array_index (cat->line_types, l))->id), &v);
      if (v.kind == GBACW_VALUE_NUMBER || v.kind == GBACW_VALUE_ADD)
        {
          int h = MAX (0, gbacw_value_halves (&v));
          if (best < 0 || h < best)
            best = h;
        }
    }
  return best;
}

void
gbacw_movement_step_cost (const GbacwGame *game, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwMap *map = game_map (game);
  int c = move_class (u);

  if (c < 0)
    {
      *cost = (GbacwMoveCost) { GBACW_COST_PROHIBITED, 0, NULL };
      return;
    }
  gbacw_rules_data_move_cost (game->rules, map, c, from, direction, cost);

  /* 6.11: a column, limbered battery or mounted cavalry passing through a road hex
   * occupied by a friendly unit pays the cost of the other terrain in it */
  if (cost->kind == GBACW_COST_MP && (c == GBACW_MOVE_INFANTRY_COLUMN || c == GBACW_MOVE_ARTILLERY_LIMBERED
                                      || c == GBACW_MOVE_CAVALRY_MOUNTED))
    {
      const GbacwHexGrid *grid = &map->grid;
      GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, from), direction);
      int to = gbacw_game_neighbour_index (game, from, direction);
      int road = id != GBACW_HEXSIDE_NONE ? line_halves (game, c, map->hexside_lines[id]) : -1;

      if (road >= 0 && to >= 0 && gbacw_game_hex_has_side (game, to, u->side, TRUE))
        {
          GbacwMoveCost terrain;
          gbacw_rules_data_hex_cost (game->rules, map, c, to, &terrain);
          if (terrain.kind == GBACW_COST_MP)
            cost->halves = cost->halves - road + terrain.halves;
          else
            *cost = terrain;
        }
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->move_cost)
      hooks->move_cost (game, data, unit, from, direction, cost);
}

/* ------------------------------------------------------------------ legality */

/* Why the unit cannot move at all, if it cannot. */
static gboolean
unit_can_move (const GbacwGame *game, const GbacwGameUnit *u, GError **error)
{
  g_autofree char *label = gbacw_game_unit_label (game, u->index);

  if (u->hex < 0 || u->presence != GBACW_PRESENCE_ON_MAP)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("%s is not on the map"), label);
      return FALSE;
    }
  if (u->status & GBACW_STATUS_PINNED)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[9.84] %s is pinned and may not move"), label);
      return FALSE;
    }
  if (u->status & GBACW_STATUS_ENGAGED)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[12.94] %s is engaged and may not move"), label);
      return FALSE;
    }
  if (u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[6.13] %s is unlimbered and may not move"), label);
      return FALSE;
    }
  if (u->movement_done)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[6.22] %s changed formation at the end of its movement and may not move again"), label);
      return FALSE;
    }
  if (u->type == GBACW_UNIT_WAGON && u->strength <= 0)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[11.1] %s has no crew and may not move"), label);
      return FALSE;
    }
  return TRUE;
}

/* STACK hooks (P 21.11): whether unit may share a hex with a friendly column, n_before such
 * units being there already. */
static gboolean
column_companion (const GbacwGame *game, int unit, int n_before)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->column_companion && hooks->column_companion (game, data, unit, n_before))
      return TRUE;
  return FALSE;
}

static gboolean
one_hex_only (const GbacwGameUnit *u)
{
  /* 5.2, 13.32, 17.11, 17.21 */
  return (u->status & GBACW_STATUS_ROUTED) || u->out_of_command;
}

/* One step of a unit: from -> to; *spent and *hexes are updated. */
static gboolean
check_step (const GbacwGame *game, const GbacwGameUnit *u, int from, int to, int allowance, int *spent, int *hexes,
            GError **error)
{
  g_autofree char *label = NULL;
  g_autofree char *to_label = NULL;
  const GArray *stack;
  GbacwMoveCost cost;
  int d = to >= 0 ? gbacw_game_direction_between (game, from, to) : -1;
  gboolean enemy_combat = FALSE, enemy_leader = FALSE;
  int companions = 0;

  /* the names for the refusal, only when it is asked for (a movement range tries every
   * step from every hex it reaches) */
#define LABELS() G_STMT_START { if (!label && error) { label = gbacw_game_unit_label (game, u->index); \
                                                       to_label = gbacw_game_hex_label (game, to); } } G_STMT_END
  if (to < 0)
    {
      LABELS ();
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[5.17] %s may not move off the map"), label);
      return FALSE;
    }
  if (d < 0)
    {
      LABELS ();
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[5.16] %s may not skip hexes: %s is not adjacent"), label, to_label);
      return FALSE;
    }

  stack = gbacw_game_stack (game, to);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->index == u->index || gbacw_game_unit_ignored (game, o))
        continue;   /* J 21.23: abandoned guns, moved through and into */
      /* 11.19: an uncrewed enemy wagon is captured by infantry or cavalry entering (a column
       * may not enter it, 8.16; mounted cavalry may, 11.19 naming cavalry over 8.17; a wagon
       * crew counter is no infantry unit here) */
      if (o->side != u->side
          && !(o->type == GBACW_UNIT_WAGON && o->strength <= 0
               && (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY) && !gbacw_game_is_wagon_crew (u)))
        {
          if (gbacw_game_is_combat_unit (o))
            enemy_combat = TRUE;
          else
            enemy_leader = TRUE;
          continue;
        }
      /* 8.16: a column never moves into a hex with another combat unit (P 21.11: but one
       * limbered battery, STACK hooks) */
      if (is_column (u) && gbacw_game_is_combat_unit (o) && column_companion (game, o->index, companions))
        {
          companions++;
          continue;
        }
      if (is_column (u) && gbacw_game_is_combat_unit (o))
        {
          LABELS ();
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[8.16] %s is in column and may not enter %s, which holds another combat unit"), label,
                       to_label);
          return FALSE;
        }
      /* 8.17: mounted cavalry only with mounted cavalry and leaders */
      if (gbacw_game_unit_is_mounted (u) && gbacw_game_is_combat_unit (o) && !gbacw_game_unit_is_mounted (o) && o->side == u->side)
        {
          LABELS ();
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[8.17] %s is mounted cavalry and may not enter %s, which holds a friendly unit that is not "
                         "mounted cavalry"), label, to_label);
          return FALSE;
        }
    }
  /* 5.12; 17.75: an enemy leader alone is captured by a combat unit entering */
  if (enemy_combat || (enemy_leader && !gbacw_game_is_combat_unit (u)))
    {
      LABELS ();
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[5.12] %s may not enter the enemy-occupied hex %s"), label, to_label);
      return FALSE;
    }

  gbacw_movement_step_cost (game, u->index, from, d, &cost);
  if (cost.kind == GBACW_COST_PROHIBITED)
    {
      LABELS ();
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[5.19] %s may not enter %s (prohibited terrain)"), label, to_label);
      return FALSE;
    }
  if (cost.kind == GBACW_COST_UNKNOWN)
    {
      LABELS ();
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_CHART,
                   _("[5.19] The Terrain Effects on Movement Chart does not give the cost for %s to enter %s (column “%s”)"),
                   label, to_label, cost.column ? cost.column : "?");
      return FALSE;
    }

  if (one_hex_only (u))
    {
      /* 5.2: one hex regardless of terrain costs; never into an enemy ZOC; out of one
       * only to a hex not adjacent to an enemy unit */
      if (*hexes >= 1)
        {
          LABELS ();
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.2] %s is routed or out of command and may move only one hex"), label);
          return FALSE;
        }
      /* (17.21: a brigade commander out of his DIR moves one hex, nothing more) */
      if (gbacw_game_is_combat_unit (u) && gbacw_movement_in_enemy_zoc (game, to, u->side, gbacw_game_unit_is_mounted (u)))
        {
          LABELS ();
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.2] %s is routed or out of command and may not enter an enemy zone of control (%s)"), label,
                       to_label);
          return FALSE;
        }
      if (gbacw_game_is_combat_unit (u) && gbacw_movement_in_enemy_zoc (game, from, u->side, gbacw_game_unit_is_mounted (u))
          && adjacent_to_enemy (game, to, u->side))
        {
          LABELS ();
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.2] %s may leave an enemy zone of control only for a hex not adjacent to an enemy unit"),
                       label);
          return FALSE;
        }
      *spent = MAX (*spent, MIN (allowance, *spent + (cost.kind == GBACW_COST_MP ? cost.halves : allowance)));
    }
  else if (cost.kind == GBACW_COST_ALL)
    {
      if (*spent > 0)
        {
          LABELS ();
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.11] Entering %s costs %s its whole Movement Allowance, and it has already moved"), to_label,
                       label);
          return FALSE;
        }
      *spent = allowance;
    }
  else
    {
      if (*spent + cost.halves > allowance)
        {
          LABELS ();
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.11] %s needs %g Movement Points to enter %s and has %g left"), label, HALVES (cost.halves),
                       to_label, HALVES (allowance - *spent));
          return FALSE;
        }
      *spent += cost.halves;
    }
  (*hexes)++;

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->move_legal && !hooks->move_legal (game, data, u->index, from, to, error))
      return FALSE;
  return TRUE;
#undef LABELS
}

/* ------------------------------------------------------------------ range */

void
gbacw_move_range_free (GbacwMoveRange *range)
{
  if (range == NULL)
    return;
  g_free (range->cost);
  g_free (range->previous);
  if (range->hexes)
    g_array_unref (range->hexes);
  g_free (range);
}

GbacwMoveRange *
gbacw_movement_range (GbacwGame *game, int unit, GError **error)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autoptr (GbacwMoveRange) range = g_new0 (GbacwMoveRange, 1);
  g_autoptr (GPtrArray) buckets = NULL;
  int *hexes_at;

  if (!unit_can_move (game, u, error) || !gbacw_movement_allowance (game, unit, &range->allowance, error))
    return NULL;
  range->unit = unit;
  range->start = u->hex;
  range->spent = u->mp_spent;
  range->one_hex = one_hex_only (u);
  range->cost = g_new (int, game->n_hexes);
  range->previous = g_new (int, game->n_hexes);
  range->hexes = g_array_new (FALSE, FALSE, sizeof (int));
  memset (range->cost, 0xff, sizeof (int) * game->n_hexes);
  memset (range->previous, 0xff, sizeof (int) * game->n_hexes);
  hexes_at = g_new0 (int, game->n_hexes);

  /* Dijkstra with a bucket per half point (costs are small integers) */
  buckets = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (int c = 0; c <= range->allowance; c++)
    g_ptr_array_add (buckets, g_array_new (FALSE, FALSE, sizeof (int)));
  range->cost[range->start] = range->spent;
  hexes_at[range->start] = u->hexes_moved;
  if (range->spent <= range->allowance)
    g_array_append_val ((GArray *) g_ptr_array_index (buckets, range->spent), range->start);

  for (int c = range->spent; c <= range->allowance; c++)
    {
      GArray *bucket = g_ptr_array_index (buckets, c);
      for (guint i = 0; i < bucket->len; i++)
        {
          int hex = g_array_index (bucket, int, i);
          if (range->cost[hex] != c)
            continue;   /* a stale entry */
          if (hex != range->start)
            g_array_append_val (range->hexes, hex);
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            {
              int to = gbacw_game_neighbour_index (game, hex, d);
              int spent = c, moved = hexes_at[hex];
              if (to < 0 || to == range->start || (range->cost[to] >= 0 && range->cost[to] <= c))
                continue;
              if (!check_step (game, u, hex, to, range->allowance, &spent, &moved, NULL))
                continue;
              if (range->cost[to] < 0 || spent < range->cost[to])
                {
                  range->cost[to] = spent;
                  range->previous[to] = hex;
                  hexes_at[to] = moved;
                  g_array_append_val ((GArray *) g_ptr_array_index (buckets, spent), to);
                }
            }
        }
    }
  g_free (hexes_at);
  return g_steal_pointer (&range);
}

GArray *
gbacw_move_range_path (const GbacwMoveRange *range, int hex)
{
  GArray *path;

  if (hex < 0 || range->cost[hex] < 0 || hex == range->start)
    return NULL;
  path = g_array_new (FALSE, FALSE, sizeof (int));
  for (int h = hex; h != range->start && h >= 0; h = range->previous[h])
    g_array_prepend_val (path, h);
  return path;
}

/* ------------------------------------------------------------------ stacking */

static int
stacking_points (const GbacwGameUnit *u)
{
  GbacwPlacement placement = { 0 };
  placement.strength = u->type == GBACW_UNIT_ARTILLERY ? u->guns : u->strength;
  placement.hex = u->hex;
  return gbacw_unit_stacking_points (u->oob, &placement);
}

/* 8.11-8.13: units, Stacking Points and batteries within limits. */
static gboolean
within_limits (const GbacwGame *game, int hex, const GbacwStackingLimits *limits, int units, int sp,
               int batteries, GError **error)
{
  g_autofree char *label = NULL;

  if (limits->units != GBACW_UNSET && units > limits->units)
    {
      label = gbacw_game_hex_label (game, hex);
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "[8.11] %s holds %d unit; the Stacking Restrictions Chart allows %d there",
                                "[8.11] %s holds %d units; the Stacking Restrictions Chart allows %d there", units), label, units,
                   limits->units);
      return FALSE;
    }
  if (limits->sp != GBACW_UNSET && sp > limits->sp)
    {
      label = gbacw_game_hex_label (game, hex);
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[8.12] %s holds %d Stacking Points; the Stacking Restrictions Chart allows %d there"), label, sp,
                   limits->sp);
      return FALSE;
    }
  if (limits->sections != GBACW_UNSET && batteries > limits->sections)
    {
      label = gbacw_game_hex_label (game, hex);
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "[8.13] %s holds %d battery; the Stacking Restrictions Chart allows %d there",
                                "[8.13] %s holds %d batteries; the Stacking Restrictions Chart allows %d there", batteries),
                   label, batteries,
                   limits->sections);
      return FALSE;
    }
  return TRUE;
}

/* 8.1: the units of side in hex, but those in without, within the limits. */
static gboolean
stacking_within (const GbacwGame *game, int hex, int side, const GArray *without, GError **error)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  GbacwStackingLimits limits;
  gboolean column = FALSE;
  int units = 0, sp = 0, batteries = 0, companions = 0;
  int c_units = 0, c_sp = 0, c_batteries = 0;   /* P 21.11: the column's companions */

  if (stack == NULL)
    return TRUE;
  for (guint i = 0; i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (!gbacw_game_is_combat_unit (u) || u->side != side || gbacw_game_unit_ignored (game, u))
        continue;   /* 8.14; 8.1: a player's own units (engaged enemies in the hex do not count, 12.94); J 21.23 */
      if (without && gbacw_int_array_has (without, u->index))
        continue;
      column |= is_column (u);
      if (u->type == GBACW_UNIT_ARTILLERY)
        batteries++;
      else
        units++;
      sp += stacking_points (u);
      if (!is_column (u) && column_companion (game, u->index, companions))
        {
          companions++;
          c_batteries += u->type == GBACW_UNIT_ARTILLERY;
          c_units += u->type != GBACW_UNIT_ARTILLERY;
          c_sp += stacking_points (u);
        }
    }
  if (column && companions > 0)
    {
      /* the terrain's limits count every unit; the column's not its companions */
      gbacw_rules_data_stacking_limits (game->rules, game_map (game), hex, FALSE, &limits);
      if (!within_limits (game, hex, &limits, units, sp, batteries, error))
        return FALSE;
      units -= c_units;
      sp -= c_sp;
      batteries -= c_batteries;
    }
  gbacw_rules_data_stacking_limits (game->rules, game_map (game), hex, column, &limits);
  if (!within_limits (game, hex, &limits, units, sp, batteries, error))
    return FALSE;
  return gbacw_movement_stacking_hooks (game, hex, side, stack, without, NULL, 0, error);
}

static gboolean
int_list_has (const int *list, guint n, int value)
{
  for (guint i = 0; i < n; i++)
    if (list[i] == value)
      return TRUE;
  return FALSE;
}

/* The STACK hooks (C 23.27) on the units of side in stack, but those in without, and units
 * (n_units) added. */
gboolean
gbacw_movement_stacking_hooks (const GbacwGame *game, int hex, int side, const GArray *stack, const GArray *without,
                               const int *units, guint n_units, GError **error)
{
  g_autoptr (GArray) present = NULL;

  GBACW_FOREACH_HOOK (game, hooks, data)
    {
      if (!hooks->stacking)
        continue;
      if (present == NULL)
        {
          present = g_array_new (FALSE, FALSE, sizeof (int));
          for (guint i = 0; stack && i < stack->len; i++)
            {
              const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
              if (gbacw_game_is_combat_unit (u) && u->side == side && !(without && gbacw_int_array_has (without, u->index))
                  && !int_list_has (units, n_units, u->index))
                g_array_append_val (present, u->index);
            }
          for (guint k = 0; k < n_units; k++)
            if (gbacw_game_is_combat_unit (gbacw_game_unit (game, units[k])))
              g_array_append_val (present, units[k]);
        }
      if (!hooks->stacking (game, data, hex, present, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
gbacw_movement_check_stacking_side (const GbacwGame *game, int hex, int side, GError **error)
{
  return stacking_within (game, hex, side, NULL, error);
}

gboolean
gbacw_movement_check_stacking (const GbacwGame *game, int hex, GError **error)
{
  for (int side = 0; side < game->n_sides; side++)
    if (!stacking_within (game, hex, side, NULL, error))
      return FALSE;
  return TRUE;
}

/* 8.0: whether the phasing player can still bring hex within the limits: one of his
 * combat units there can move out this phase to a hex with room for it. */
static gboolean
stacking_can_be_fixed (GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      g_autoptr (GbacwMoveRange) range = NULL;
      if (u->side != side || !gbacw_game_is_combat_unit (u))
        continue;
      range = gbacw_movement_range (game, u->index, NULL);
      for (guint k = 0; range && k < range->hexes->len; k++)
        if (gbacw_query_stacking_allows (game, g_array_index (range->hexes, int, k), &u->index, 1,
                                         GBACW_FORMATION_STATE_UNSET))
          return TRUE;
    }
  return FALSE;
}

/* The units displaced from hex to bring it within the limits (8.0, 14.3 reading): from the
 * top of the stack (the last to come in), until the rest are within them. */
static GArray *
stacking_excess (GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  GArray *excess = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; stack && i < stack->len && !stacking_within (game, hex, side, excess, NULL); i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && gbacw_game_is_combat_unit (u))
        g_array_append_val (excess, u->index);
    }
  return excess;
}

/* 8.0: the hexes of side over the limits are brought within them: the excess, from the
 * top of the stack, is displaced one hex as a unit forced into a friendly hex displaces
 * its units (8.15, 14.3), with the morale check. At the end of the Movement Phase only the
 * hexes none of whose units can still move out (may_fix); at the end of the Combat Phase
 * every one (no unit moves then). */
static void
displace_over_stacked (GbacwGame *game, int side, gboolean may_fix)
{
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      g_autoptr (GArray) excess = NULL;
      g_autofree char *hex_label = NULL;
      if (!game->stacks[hex] || !game->stacks[hex]->len || stacking_within (game, hex, side, NULL, NULL)
          || (may_fix && stacking_can_be_fixed (game, hex, side)))
        continue;
      excess = stacking_excess (game, hex, side);
      if (excess->len == 0)
        continue;
      hex_label = gbacw_game_hex_label (game, hex);
      for (guint i = 0; i < excess->len; i++)
        {
          g_autoptr (GArray) one = g_array_new (FALSE, FALSE, sizeof (int));
          g_autofree char *label = gbacw_game_unit_label (game, g_array_index (excess, int, i));
          g_array_append_val (one, g_array_index (excess, int, i));
          if (may_fix)
            gbacw_game_log (game, "8.0",
                            _("%s is over the stacking limits at the end of the Movement Phase and none of its units "
                              "can move: %s is displaced one hex (14.3)"), hex_label, label);
          else
            gbacw_game_log (game, "8.0",
                            _("%s is over the stacking limits at the end of the Combat Phase: %s is displaced one hex "
                              "(14.3)"), hex_label, label);
          gbacw_retreat_queue (game, GBACW_PENDING_DISPLACEMENT, one, 1, 0, NULL, "14.3", NULL);
        }
    }
}

void
gbacw_movement_phase_end (GbacwGame *game)
{
  /* 8.0: a hex over the limits whose units cannot move out (pinned one hex on after
   * withdrawal fire, 10.15; unlimbered, engaged) */
  displace_over_stacked (game, game->phasing_side, TRUE);
}

void
gbacw_movement_combat_end (GbacwGame *game)
{
  /* 8.0: "at the end of the Movement Phase and the Combat Phase": after the retreats and
   * advances of fire and melee, each player's hexes over the limits, the phasing player's
   * first */
  for (int k = 0; k < game->n_sides; k++)
    displace_over_stacked (game, (game->phasing_side + k) % game->n_sides, FALSE);
}

/* Whether the rules take the leader's move to hex along range's cheapest way (an exclusive
 * rule may hold him where he is: C 30.32, a division in reserve). */
static gboolean
leader_may_go (GbacwGame *game, const GbacwGameUnit *leader, const GbacwMoveRange *range, int hex)
{
  g_autoptr (GArray) path = gbacw_move_range_path (range, hex);
  g_autoptr (GbacwAction) move = NULL;

  if (path == NULL || path->len == 0)
    return FALSE;
  move = gbacw_action_new_move (&leader->index, 1, (const int *) (gpointer) path->data, path->len, -1);
  return gbacw_game_check_action (game, move, NULL);
}

/* 17.52: whether a leader alone near the enemy could still end the phase with a combat
 * unit or five hexes from the nearest enemy unit (pinned, engaged or spent, he may not; nor
 * when no move of his is allowed, C 30.32). */
static gboolean
leader_can_comply (GbacwGame *game, const GbacwGameUnit *leader)
{
  g_autoptr (GbacwMoveRange) range = gbacw_movement_range (game, leader->index, NULL);

  for (guint k = 0; range && k < range->hexes->len; k++)
    {
      int hex = g_array_index (range->hexes, int, k);
      gboolean safe = TRUE;
      if (gbacw_game_hex_has_side (game, hex, leader->side, TRUE))
        {
          if (leader_may_go (game, leader, range, hex))
            return TRUE;
          continue;
        }
      for (guint j = 0; j < game->units->len && safe; j++)
        {
          const GbacwGameUnit *e = g_ptr_array_index (game->units, j);
          if (e->side != leader->side && e->hex >= 0
              && gbacw_query_distance (game, e->hex, hex) < 5)
            safe = FALSE;
        }
      if (safe && leader_may_go (game, leader, range, hex))
        return TRUE;
    }
  return FALSE;
}

/* Each condition that blocks the end of the Movement Phase goes to blockers (GbacwBlocker *);
 * with blockers NULL the first sets error and FALSE is returned. */
gboolean
gbacw_movement_end_blockers (GbacwGame *game, GPtrArray *blockers, GError **error)
{
  gboolean ok = TRUE;

  /* 8.0, 8.1: stacking limits apply at the end of the Movement Phase */
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      g_autoptr (GError) local = NULL;
      if (game->stacks[hex] && game->stacks[hex]->len
          && !stacking_within (game, hex, game->phasing_side, NULL, &local)
          && stacking_can_be_fixed (game, hex, game->phasing_side))
        {
          /* else it cannot be fixed: the excess is displaced when the phase ends */
          if (blockers == NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
          g_ptr_array_add (blockers, gbacw_blocker_new (GBACW_BLOCKER_STACKING, NULL, -1, hex, local));
          ok = FALSE;
        }
    }

  /* 17.52: a leader ends the Movement Phase with a combat unit, or five or more hexes
   * from the nearest enemy unit */
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *leader = g_ptr_array_index (game->units, i);
      gboolean near = FALSE;

      if (leader->type != GBACW_UNIT_LEADER || leader->side != game->phasing_side || leader->hex < 0
          || gbacw_game_hex_has_side (game, leader->hex, leader->side, TRUE))
        continue;
      for (guint j = 0; j < game->units->len && !near; j++)
        {
          const GbacwGameUnit *e = g_ptr_array_index (game->units, j);
          if (e->side != leader->side && e->hex >= 0
              && gbacw_query_distance (game, e->hex, leader->hex) < 5)
            near = TRUE;
        }
      if (near && !leader_can_comply (game, leader))
        near = FALSE;   /* he cannot reach a combat unit or a safe hex this phase: no requirement */
      if (near)
        {
          g_autofree char *label = gbacw_game_unit_label (game, leader->index);
          g_autoptr (GError) local =
            g_error_new (GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                         _("[17.52] %s must end the Movement Phase with a combat unit (an enemy unit is within four hexes)"),
                         label);
          if (blockers == NULL)
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
          g_ptr_array_add (blockers, gbacw_blocker_new (GBACW_BLOCKER_LONE_LEADER, NULL, leader->index, leader->hex, local));
          ok = FALSE;
        }
    }
  for (guint i = 0; i < game->hooks->len; i++)
    {
      const GbacwRuleHooks *hooks = g_ptr_array_index (game->hooks, i);
      g_autoptr (GError) local = NULL;
      if (hooks->movement_end_legal == NULL
          || hooks->movement_end_legal (game, g_ptr_array_index (game->hook_data, i), &local))
        continue;
      if (blockers == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      g_ptr_array_add (blockers, gbacw_blocker_new (GBACW_BLOCKER_EXCLUSIVE, hooks->id, -1, -1, local));
      ok = FALSE;
    }
  return ok;
}

gboolean
gbacw_movement_check_end (GbacwGame *game, GError **error)
{
  return gbacw_movement_end_blockers (game, NULL, error);
}

/* ------------------------------------------------------------------ formation */

static gboolean
formation_valid (GbacwUnitType type, GbacwFormationState formation)
{
  switch (type)
    {
    case GBACW_UNIT_INFANTRY:
      return formation == GBACW_FORMATION_STATE_LINE || formation == GBACW_FORMATION_STATE_COLUMN;
    case GBACW_UNIT_CAVALRY:
      return formation == GBACW_FORMATION_STATE_MOUNTED || formation == GBACW_FORMATION_STATE_DISMOUNTED;
    case GBACW_UNIT_ARTILLERY:
      return formation == GBACW_FORMATION_STATE_LIMBERED || formation == GBACW_FORMATION_STATE_UNLIMBERED;
    case GBACW_UNIT_WAGON:
    case GBACW_UNIT_LEADER:
    default:
      return FALSE;   /* 6.0: wagons and leaders have no formation */
    }
}

gboolean
gbacw_movement_formation_cost (const GbacwGame *game, int unit, int *halves, GError **error)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwChart *chart = gbacw_scenario_find_chart (game->scenario, "terrain-movement");
  int c = move_class (u);
  GbacwValue v;

  gbacw_value_from_cell (c >= 0 && chart ? gbacw_chart_lookup (chart, gbacw_move_class_to_row (c), "chg") : NULL, &v);
  if (v.kind != GBACW_VALUE_NUMBER && v.kind != GBACW_VALUE_ADD)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_CHART,
                   _("[6.22] The Terrain Effects on Movement Chart gives no formation change cost for row “%s”"),
                   c >= 0 ? gbacw_move_class_to_row (c) : "?");
      return FALSE;
    }
  *halves = MAX (0, gbacw_value_halves (&v));
  return TRUE;
}

/* The allowance a formation change is paid from: a battery unlimbered has none of its
 * own (6.13), so the larger of the two formations' allowances. */
static gboolean
formation_allowance (const GbacwGame *game, const GbacwGameUnit *u, GbacwFormationState to, int *halves, GError **error)
{
  int now = 0, after = 0, c = gbacw_move_class_for (u->type, to);

  if (!gbacw_movement_allowance (game, u->index, &now, error))
    return FALSE;
  if (c >= 0)
    gbacw_rules_data_movement_allowance (game->rules, c, u->side, &after);
  *halves = MAX (now, after);
  return TRUE;
}

static gboolean
check_formation (GbacwGame *game, const GbacwAction *action, GError **error)
{
  for (guint i = 0; i < action->formation.units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (action->formation.units, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      GbacwFormationState to = action->formation.formation;
      int cost, allowance;

      if (u->hex < 0)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("%s is not on the map"), label);
          return FALSE;
        }
      if (!formation_valid (u->type, to))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[6.0] %s cannot take the formation “%s”"), label, gbacw_formation_state_to_string (to));
          return FALSE;
        }
      if (u->formation == to)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[6.2] %s is already in that formation"), label);
          return FALSE;
        }
      if (u->status & GBACW_STATUS_ROUTED)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.2] %s is routed and may not change formation"), label);
          return FALSE;
        }
      if (u->out_of_command)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[6.21] %s is out of command and may not change formation"), label);
          return FALSE;
        }
      if (u->status & GBACW_STATUS_PINNED)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[9.84] %s is pinned and may not change formation"), label);
          return FALSE;
        }
      if (u->status & GBACW_STATUS_ENGAGED)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[12.94] %s is engaged and may not change formation"), label);
          return FALSE;
        }
      if (u->movement_done)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[6.22] %s has already mounted or dismounted this phase"), label);
          return FALSE;
        }
      /* 5.19: not into a formation whose row of the Terrain Effects on Movement Chart
       * prohibits the hex (mounted cavalry in a swamp, C 23.5); a battery stands as
       * limbered (its unlimbered row is "cannot move", 6.13) */
      if (u->type != GBACW_UNIT_ARTILLERY)
        {
          int c = gbacw_move_class_for (u->type, to);
          GbacwMoveCost hex_cost;
          if (c >= 0)
            {
              gbacw_rules_data_hex_cost (game->rules, game_map (game), c, u->hex, &hex_cost);
              if (hex_cost.kind == GBACW_COST_PROHIBITED)
                {
                  g_autofree char *hex_label = gbacw_game_hex_label (game, u->hex);
                  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                               _("[5.19] %s may not change to %s in %s: the Terrain Effects on Movement Chart "
                                 "prohibits that terrain to it"),
                               label, gbacw_formation_state_to_string (to), hex_label);
                  return FALSE;
                }
            }
        }
      if (!gbacw_movement_formation_cost (game, u->index, &cost, error)
          || !formation_allowance (game, u, to, &allowance, error))
        return FALSE;
      if (u->mp_spent + cost > allowance)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[6.22] %s needs %g Movement Points to change formation and has %g left"), label,
                       HALVES (cost), HALVES (MAX (0, allowance - u->mp_spent)));
          return FALSE;
        }
    }
  return TRUE;
}

static void
apply_formation (GbacwGame *game, const GbacwAction *action)
{
  for (guint i = 0; i < action->formation.units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (action->formation.units, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      g_autoptr (GArray) firers = NULL;
      GbacwPending *change;
      const char *rule_case = "6.24";
      int cost = 0;

      gbacw_movement_formation_cost (game, u->index, &cost, NULL);
      u->mp_spent += cost;
      /* 6.24: a formation change in an enemy ZOC draws withdrawal fire */
      firers = gbacw_fire_zoc_firers (game, u->hex, u->side, gbacw_game_unit_is_mounted (u));
      /* 6.23: a battery limbering or unlimbering in range and LOS of enemy small arms */
      if (u->type == GBACW_UNIT_ARTILLERY)
        {
          g_autoptr (GArray) limber = gbacw_fire_limber_firers (game, u->index);
          for (guint k = 0; k < limber->len; k++)
            if (!gbacw_int_array_has (firers, g_array_index (limber, int, k)))
              g_array_append_val (firers, g_array_index (limber, int, k));
          if (limber->len)
            rule_case = "6.23";
        }
      if (firers->len)
        {
          GbacwPending *fire = gbacw_pending_new (g_str_equal (rule_case, "6.23") ? GBACW_PENDING_LIMBER_FIRE
                                                                                 : GBACW_PENDING_WITHDRAWAL_FIRE,
                                                  1 - u->side, u->index, u->hex, rule_case);
          fire->units = g_array_new (FALSE, FALSE, sizeof (int));
          g_array_append_val (fire->units, u->index);
          fire->firers = g_steal_pointer (&firers);
          gbacw_game_queue_pending (game, fire, NULL);
          gbacw_game_log (game, rule_case,
                          g_str_equal (rule_case, "6.23")
                            ? _("%s changes formation within range and LOS of enemy small arms: they may fire first")
                            : _("%s changes formation in an enemy zone of control: withdrawal fire is due"),
                          label);
        }
      /* the change itself, once the fire is resolved */
      change = gbacw_pending_new (GBACW_PENDING_FORMATION, u->side, u->index, u->hex, rule_case);
      change->value = action->formation.formation;
      change->other_hex = u->type == GBACW_UNIT_ARTILLERY ? (int) u->crew * 1000 + u->guns : u->strength;
      change->facing = cost;
      gbacw_game_queue_pending (game, change, NULL);
    }
}

/* A formation change after the fire it drew: 6.23, a battery whose crew was pinned or
 * took a casualty does not complete it; a unit routed or eliminated does not either. */
static GbacwResolve
finish_formation (GbacwGame *game, GbacwPending *p)
{
  GbacwGameUnit *u = gbacw_game_unit (game, p->unit);
  g_autofree char *label = gbacw_game_unit_label (game, p->unit);
  int now = u->type == GBACW_UNIT_ARTILLERY ? (int) u->crew * 1000 + u->guns : u->strength;

  if (u->hex != p->hex || (u->status & GBACW_STATUS_ROUTED))
    return GBACW_RESOLVE_DONE;
  if (u->type == GBACW_UNIT_ARTILLERY && g_str_equal (p->rule_case, "6.23")
      && ((u->status & GBACW_STATUS_PINNED) || now != p->other_hex))
    {
      gbacw_game_log (game, "6.23", _("%s's crew was hit or pinned: it does not change formation"), label);
      return GBACW_RESOLVE_DONE;
    }
  u->formation = p->value;
  u->formation_changed = TRUE;
  if (u->type == GBACW_UNIT_CAVALRY)
    u->movement_done = TRUE;   /* 6.22: at the end of its movement */
  gbacw_game_refresh_hex (game, u->hex);
  gbacw_game_log (game, "6.2", _("%s changes to %s (%g Movement Points)"), label,
                  gbacw_formation_state_to_string (u->formation), HALVES (p->facing));
  if (u->status & GBACW_STATUS_PINNED)
    gbacw_morale_pin_hex (game, u->hex, "9.84");
  return GBACW_RESOLVE_DONE;
}

/* ------------------------------------------------------------------ actions */

/* ------------------------------------------------------------------ reinforcements */

static const GbacwReinforcement *
reinforcement_of (const GbacwGame *game, const GbacwGameUnit *u)
{
  return u->reinforcement >= 0 ? g_ptr_array_index (game->scenario->reinforcements, u->reinforcement) : NULL;
}

/* 26.0: what entering the entry hex costs the first unit of the column (its terrain, or
 * the cheapest road through it for a unit that may use roads). */
static int
entry_cost (const GbacwGame *game, const GbacwGameUnit *u, int hex)
{
  int c = move_class (u), best = -1;
  GbacwMoveCost cost;

  if (c < 0)
    return 2;
  gbacw_rules_data_hex_cost (game->rules, game_map (game), c, hex, &cost);
  if (gbacw_move_class_uses_roads (c))
    for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
      {
        const GbacwHexGrid *grid = game_grid (game);
        GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex), d);
        int road = id != GBACW_HEXSIDE_NONE ? line_halves (game, c, game_map (game)->hexside_lines[id]) : -1;
        if (road >= 0 && (best < 0 || road < best))
          best = road;
      }
  if (best >= 0)
    return MAX (1, best);
  return cost.kind == GBACW_COST_MP ? MAX (1, cost.halves) : 2;
}

/* 5.19: whether the unit may enter the entry hex: its terrain is not prohibited to it,
 * or a road through it lets it in (6.11). */
static gboolean
entry_allowed (const GbacwGame *game, const GbacwGameUnit *u, int hex)
{
  int c = move_class (u);
  GbacwMoveCost cost;

  if (c < 0)
    return TRUE;
  gbacw_rules_data_hex_cost (game->rules, game_map (game), c, hex, &cost);
  if (cost.kind != GBACW_COST_PROHIBITED)
    return TRUE;
  if (gbacw_move_class_uses_roads (c))
    for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
      {
        const GbacwHexGrid *grid = game_grid (game);
        GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex), d);
        if (id != GBACW_HEXSIDE_NONE && line_halves (game, c, game_map (game)->hexside_lines[id]) >= 0)
          return TRUE;
      }
  return FALSE;
}

GArray *
gbacw_movement_entry_hexes (const GbacwGame *game, int unit, const char **rule_case)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwReinforcement *r = reinforcement_of (game, u);
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (int));
  const char *changed = NULL;

  if (rule_case)
    *rule_case = "26.0";
  if (r == NULL || u->presence != GBACW_PRESENCE_NOT_ARRIVED || r->turn > game->turn || r->entry_hexes == NULL)
    return hexes;
  g_array_append_vals (hexes, r->entry_hexes->data, r->entry_hexes->len);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->entry_hexes)
      {
        const char *c = hooks->entry_hexes (game, data, unit, hexes);
        changed = changed ? changed : c;
      }
  if (rule_case && changed)
    *rule_case = changed;
  return hexes;
}

/* 26.0: what unit i of units entering together at entry pays, before the column places
 * taken there this phase: place times the entry cost, or what an exclusive rule says
 * (J 32.0 three sections as one, C 29.31 the hex's cost alone, C 30.13 half a point more
 * each); *place its place in the column. */
static int
column_cost (const GbacwGame *game, const GArray *units, guint i, int entry, int before, int *place,
             const char **rule_case)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
  int halves = entry_cost (game, u, entry);

  *place = before + (int) i + 1;
  *rule_case = "26.0";
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->entry_cost)
      {
        int p = *place, c = hooks->entry_cost (game, data, units, i, entry, before, halves, &p, rule_case);
        if (c >= 0)
          {
            *place = p;
            return c;
          }
        *rule_case = "26.0";
      }
  return *place * halves;
}

/* The column places taken at entry after units entered together. */
static int
column_after (const GbacwGame *game, const GArray *units, int entry, int before)
{
  int after = before;

  for (guint i = 0; i < units->len; i++)
    {
      int place;
      const char *rule_case;
      column_cost (game, units, i, entry, before, &place, &rule_case);
      after = MAX (after, place);
    }
  return after;
}

/* 26.0, 26.11: reinforcements enter at one of their entry hexes during the Movement Phase,
 * the n-th unit there paying n times the entry cost; 26.13: not subject to leadership on
 * the turn they enter. */
static gboolean
check_entry (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GArray *units = action->move.units, *path = action->move.path;
  int entry = g_array_index (path, int, 0);
  int before = GPOINTER_TO_INT (g_hash_table_lookup (game->entries, GINT_TO_POINTER (entry)));
  g_autofree char *entry_label = gbacw_game_hex_label (game, entry);

  for (guint i = 0; i < units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      const GbacwReinforcement *r = reinforcement_of (game, u);
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      int allowance, spent, hexes = 1, from = entry, out_of_command = u->out_of_command, n;
      const char *entry_case = "26.0";
      g_autoptr (GArray) allowed = NULL;
      gboolean ok;

      if (u->presence != GBACW_PRESENCE_NOT_ARRIVED || r == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("%s is not on the map"), label);
          return FALSE;
        }
      if (r->turn > game->turn)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[26.0] %s arrives on Game-Turn %d"), label,
                       r->turn);
          return FALSE;
        }
      allowed = gbacw_movement_entry_hexes (game, u->index, &entry_case);
      if (!gbacw_int_array_has (allowed, entry))
        {
          g_autoptr (GString) list = g_string_new (NULL);
          for (guint k = 0; k < allowed->len; k++)
            {
              g_autofree char *hex = gbacw_game_hex_label (game, g_array_index (allowed, int, k));
              g_string_append_printf (list, "%s%s", k > 0 ? ", " : "", hex);
            }
          if (allowed->len == 0)
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                         _("[%s] %s may not enter at %s, nor anywhere else this Game-Turn"), entry_case, label,
                         entry_label);
          else
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                         _("[%s] %s does not enter at %s; it may enter at %s"), entry_case, label, entry_label,
                         list->str);
          return FALSE;
        }
      if (gbacw_game_hex_has_side (game, entry, 1 - u->side, FALSE))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[5.12] %s may not enter the enemy-occupied hex %s"),
                       label, entry_label);
          return FALSE;
        }
      if (!entry_allowed (game, u, entry))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.19] %s may not enter at %s (prohibited terrain)"), label, entry_label);
          return FALSE;
        }
      if (!gbacw_movement_allowance (game, u->index, &allowance, error))
        return FALSE;
      spent = column_cost (game, units, i, entry, before, &n, &entry_case);
      if (spent > allowance)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[%s] %s would be unit %d of the column at %s and pay %g Movement Points to enter; it has %g"),
                       entry_case, label, n, entry_label, HALVES (spent), HALVES (allowance));
          return FALSE;
        }
      u->out_of_command = FALSE;   /* 26.13 */
      ok = TRUE;
      for (guint k = 1; ok && k < path->len; k++)
        {
          int to = g_array_index (path, int, k);
          ok = check_step (game, u, from, to, allowance, &spent, &hexes, error);
          from = to;
        }
      u->out_of_command = out_of_command;
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static void
apply_entry (GbacwGame *game, const GbacwAction *action)
{
  const GArray *units = action->move.units;
  int entry = g_array_index (action->move.path, int, 0);
  int before = GPOINTER_TO_INT (g_hash_table_lookup (game->entries, GINT_TO_POINTER (entry)));
  int after = column_after (game, units, entry, before);
  g_autofree char *entry_label = gbacw_game_hex_label (game, entry);
  int facing = 0;

  /* facing the map: away from an off-map neighbour */
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    if (gbacw_game_neighbour_index (game, entry, d) < 0)
      {
        facing = gbacw_hex_direction_opposite (d);
        break;
      }
  if (action->move.path->len > 1)
    facing = gbacw_game_direction_between (game, entry, g_array_index (action->move.path, int, 1));
  for (guint i = units->len; i-- > 0;)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      gbacw_game_place_unit (game, u->index, entry, TRUE);
      u->facing = facing;
    }
  for (guint i = 0; i < units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      const char *rule_case;
      int n;
      u->mp_spent = column_cost (game, units, i, entry, before, &n, &rule_case);
      u->hexes_moved = 1;
      u->moved = TRUE;
      u->start_hex = entry;
      u->out_of_command = FALSE;   /* 26.13 */
      gbacw_game_log (game, rule_case, _("%s enters at %s, unit %d of its column (%g Movement Points)"), label, entry_label, n,
                      HALVES (u->mp_spent));
    }
  g_hash_table_insert (game->entries, GINT_TO_POINTER (entry), GINT_TO_POINTER (after));
}

static gboolean
check_move (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GArray *units = action->move.units, *path = action->move.path;
  int start = -1;

  if (path == NULL || path->len == 0)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("The move has no path"));
      return FALSE;
    }
  if (action->move.facing < -1 || action->move.facing >= GBACW_HEX_DIRECTIONS)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No such facing"));
      return FALSE;
    }
  for (guint k = 0; k < path->len; k++)
    if (g_array_index (path, int, k) < 0 || g_array_index (path, int, k) >= game->n_hexes)
      {
        g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("The path leaves the map"));
        return FALSE;
      }
  if (gbacw_game_unit (game, g_array_index (units, int, 0))->presence == GBACW_PRESENCE_NOT_ARRIVED)
    return check_entry (game, action, error);
  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      int allowance, spent, hexes, from;

      if (!unit_can_move (game, u, error))
        return FALSE;
      if (start < 0)
        start = u->hex;
      else if (u->hex != start)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.0] Units moving together as a stack must start in the same hex"));
          return FALSE;
        }
      if (!gbacw_movement_allowance (game, u->index, &allowance, error))
        return FALSE;
      spent = u->mp_spent;
      hexes = u->hexes_moved;
      from = u->hex;
      for (guint k = 0; k < path->len; k++)
        {
          int to = g_array_index (path, int, k);
          if (!check_step (game, u, from, to, allowance, &spent, &hexes, error))
            return FALSE;
          from = to;
        }
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->move_path_legal && !hooks->move_path_legal (game, data, units, path, error))
      return FALSE;
  return TRUE;
}

static void
apply_move (GbacwGame *game, const GbacwAction *action)
{
  const GArray *units = action->move.units;
  const GbacwGameUnit *first = gbacw_game_unit (game, g_array_index (units, int, 0));
  gboolean entering = first->presence == GBACW_PRESENCE_NOT_ARRIVED;
  GbacwPending *p;

  if (entering)
    {
      apply_entry (game, action);
      if (action->move.path->len == 1)
        return;
    }
  p = gbacw_pending_new (GBACW_PENDING_MOVE, first->side, -1, first->hex, "5.11");
  p->units = g_array_copy ((GArray *) units);
  p->path = g_array_copy (action->move.path);
  if (entering)
    g_array_remove_index (p->path, 0);
  p->facing = action->move.facing;
  p->excluded = g_array_new (FALSE, FALSE, sizeof (int));   /* the units routed already (5.2) */
  for (guint i = 0; i < units->len; i++)
    if (gbacw_game_unit (game, g_array_index (units, int, i))->status & GBACW_STATUS_ROUTED)
      g_array_append_val (p->excluded, g_array_index (units, int, i));
  gbacw_game_queue_pending (game, p, NULL);
}

static char *
units_label (const GbacwGame *game, const GArray *units)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (units, int, i));
      g_string_append_printf (s, "%s%s", i ? ", " : "", label);
    }
  return g_string_free (s, FALSE);
}

static void
log_route (GbacwGame *game, const GArray *units, const GString *route)
{
  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      int allowance = 0;
      gbacw_movement_allowance (game, u->index, &allowance, NULL);
      gbacw_game_log (game, one_hex_only (u) ? "5.2" : "5.11", _("%s moves %s (%g of %g Movement Points)"), label,
                      route->str, HALVES (u->mp_spent), HALVES (allowance));
    }
}

/* MOVE hooks after a hex is entered: TRUE when one queued items before the move (J 21.5). */
static gboolean
entered_interrupt (GbacwGame *game, GbacwPending *p, const GArray *units, int hex, int direction)
{
  gboolean interrupt = FALSE;

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->move_entered)
      interrupt |= hooks->move_entered (game, data, p, units, hex, direction);
  return interrupt;
}

static gboolean
enter_allowed (GbacwGame *game, const GArray *units, int from, int to)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->move_enter && !hooks->move_enter (game, data, units, from, to))
      return FALSE;
  return TRUE;
}

/* A move hex by hex (5.16). Leaving an enemy ZOC (10.1) stops it for the withdrawal fire
 * it draws: at the units leaving when the whole stack leaves (10.13), else at the units
 * staying (10.14); it then goes on. A unit routed or eliminated by the fire stops; one
 * pinned moves one more hex and is then pinned (10.15). */
static GbacwResolve
continue_move (GbacwGame *game, GbacwPending *p)
{
  g_autoptr (GString) route = g_string_new (NULL);
  GArray *units = p->units;
  int from = p->hex;

  /* the units still moving: on the map where the move left them, not routed by the fire */
  for (guint i = 0; i < units->len;)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (u->hex != from || ((u->status & GBACW_STATUS_ROUTED) && !gbacw_int_array_has (p->excluded, u->index)))
        g_array_remove_index (units, i);
      else
        i++;
    }
  if (units->len == 0)
    return GBACW_RESOLVE_DONE;
  {
    g_autofree char *label = gbacw_game_hex_label (game, from);
    g_string_append (route, label);
  }

  while (p->path->len > 0)
    {
      int to = g_array_index (p->path, int, 0);
      int d = gbacw_game_direction_between (game, from, to);
      g_autofree char *to_label = gbacw_game_hex_label (game, to);
      g_autoptr (GArray) pinned = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr (GError) error = NULL;
      const GArray *stack;
      gboolean combat = FALSE, mounted = TRUE, friends_there;

      /* 10.1: leaving an enemy ZOC (leaders do not draw it, 10.18) */
      for (guint i = 0; i < units->len; i++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
          if (gbacw_game_is_combat_unit (u))
            {
              combat = TRUE;
              mounted &= gbacw_game_unit_is_mounted (u);
            }
          if (u->status & GBACW_STATUS_PINNED)
            g_array_append_val (pinned, u->index);
        }
      if (combat && !(p->flags & GBACW_PENDING_STARTED))
        {
          g_autoptr (GArray) stayers = g_array_new (FALSE, FALSE, sizeof (int));
          g_autoptr (GArray) movers = g_array_new (FALSE, FALSE, sizeof (int));
          g_autoptr (GArray) firers = NULL;
          const GArray *here = gbacw_game_stack (game, from);

          for (guint i = 0; here && i < here->len; i++)
            {
              const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (here, int, i));
              if (o->side != p->side || !gbacw_game_is_combat_unit (o))
                continue;
              g_array_append_val (gbacw_int_array_has (units, o->index) ? movers : stayers, o->index);
            }
          firers = gbacw_fire_zoc_firers (game, from, p->side, mounted);
          /* the fire is at the units moving, or at those staying (10.14) */
          if (firers->len && stayers->len)
            {
              g_array_unref (firers);
              firers = gbacw_fire_zoc_firers (game, from, p->side, FALSE);
            }
          p->flags |= GBACW_PENDING_STARTED;
          if (firers->len > 0)
            {
              GbacwPending *fire = gbacw_pending_new (GBACW_PENDING_WITHDRAWAL_FIRE, 1 - p->side, -1, from, "10.1");
              g_autofree char *from_label = gbacw_game_hex_label (game, from);
              g_autofree char *label = units_label (game, movers);
              fire->units = g_array_copy (stayers->len ? stayers : movers);
              fire->other_hex = stayers->len ? -1 : to;
              fire->rule_case = stayers->len ? "10.14" : movers->len > 1 ? "10.13" : "10.1";
              fire->firers = g_steal_pointer (&firers);
              gbacw_game_queue_pending (game, fire, p);
              gbacw_game_log (game, fire->rule_case,
                              stayers->len ? _("%s leave the enemy zone of control at %s: the units staying draw the withdrawal fire")
                                           : _("%s leave the enemy zone of control at %s: withdrawal fire is due"),
                              label, from_label);
              if (strchr (route->str, ' '))
                log_route (game, units, route);
              return GBACW_RESOLVE_AGAIN;
            }
        }

      /* MOVE-LEGAL hooks on entering (J 27.2: a morale check before an enemy ZOC) */
      if (!enter_allowed (game, units, from, to))
        {
          p->path->len = 0;
          break;
        }

      /* the step itself, checked again now (the fire may have changed the units) */
      for (guint i = 0; i < units->len; i++)
        {
          GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
          int allowance = 0, spent = u->mp_spent, hexes = u->hexes_moved;
          guint status = u->status;

          u->status &= ~GBACW_STATUS_PINNED;   /* 10.15: it may still move this hex */
          gbacw_movement_allowance (game, u->index, &allowance, NULL);
          if (!check_step (game, u, from, to, allowance, &spent, &hexes, &error))
            {
              u->status = status;
              gbacw_game_log (game, "5.0", _("The move stops at %s: %s"), route->str, error->message);
              p->path->len = 0;
              break;
            }
          u->status = status;
        }
      if (p->path->len == 0)
        break;
      friends_there = gbacw_game_hex_has_side (game, to, p->side, FALSE);
      for (guint i = units->len; i-- > 0;)
        {
          GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
          int allowance = 0, hexes = u->hexes_moved;
          gbacw_movement_allowance (game, u->index, &allowance, NULL);
          check_step (game, u, from, to, allowance, &u->mp_spent, &hexes, NULL);
          u->hexes_moved = hexes;
          u->moved = TRUE;
          u->facing = d;   /* 7.11: faces the hex it enters */
          gbacw_game_place_unit (game, u->index, to, TRUE);   /* 8.41: on top, in the given order */
        }
      gbacw_supply_capture_wagons (game, to, p->side);   /* 11.19 */
      /* 17.75: an enemy leader alone in the hex is captured */
      stack = gbacw_game_stack (game, to);
      for (guint i = 0; stack && i < stack->len;)
        {
          GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
          if (o->side != p->side && o->type == GBACW_UNIT_LEADER)
            {
              g_autofree char *label = gbacw_game_unit_label (game, o->index);
              gbacw_leadership_leader_lost (game, o->index, GBACW_PRESENCE_CAPTURED);
              gbacw_game_log (game, "17.75", _("%s, alone in %s, is captured"), label, to_label);
              stack = gbacw_game_stack (game, to);
              continue;
            }
          i++;
        }
      g_string_append_printf (route, " → %s", to_label);
      g_array_remove_index (p->path, 0);
      p->flags &= ~GBACW_PENDING_STARTED;
      p->hex = from = to;

      /* 7.0, 8.42: a unit ending its move in a hex takes the facing of the units there;
       * 7.12: the facing asked for */
      if (p->path->len == 0 || pinned->len)
        {
          int end_facing = d;
          const GArray *end = gbacw_game_stack (game, to);
          if (friends_there)
            for (guint i = 0; end && i < end->len; i++)
              {
                const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (end, int, i));
                if (o->side == p->side && !gbacw_int_array_has (units, o->index))
                  {
                    end_facing = o->facing;
                    break;
                  }
              }
          if (p->facing >= 0)
            end_facing = p->facing;
          for (guint i = 0; end && i < end->len; i++)
            {
              GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (end, int, i));
              if (o->side == p->side)
                o->facing = end_facing;
            }
        }
      /* 10.15: pinned by the withdrawal fire: one hex, then pinned */
      if (pinned->len)
        {
          log_route (game, units, route);
          gbacw_morale_pin_hex (game, to, "10.15");
          return GBACW_RESOLVE_DONE;
        }
      /* MOVE hooks may stop the move in the hex entered for what they queued (J 21.5) */
      if (entered_interrupt (game, p, units, to, d))
        {
          log_route (game, units, route);
          return GBACW_RESOLVE_AGAIN;
        }
    }
  if (strchr (route->str, ' '))
    log_route (game, units, route);
  return GBACW_RESOLVE_DONE;
}

static gboolean
check_facing (GbacwGame *game, const GbacwAction *action, GError **error)
{
  if (action->facing.hex < 0 || action->facing.hex >= game->n_hexes || action->facing.facing < 0
      || action->facing.facing >= GBACW_HEX_DIRECTIONS)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No such hex or facing"));
      return FALSE;
    }
  if (!gbacw_game_hex_has_side (game, action->facing.hex, game->phasing_side, FALSE))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("The phasing player has no unit in that hex"));
      return FALSE;
    }
  return TRUE;
}

/* 7.32: in the Melee Phase, the phasing player's units in the hex that took part in a melee
 * in it may be faced anew; the others keep their facing. */
static gboolean
melee_facing_unit (const GbacwGame *game, const GbacwGameUnit *u)
{
  return u->side == game->phasing_side && (game->phase != GBACW_PHASE_MELEE || u->meleed);
}

static gboolean
check_melee_facing (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GArray *stack;

  if (!check_facing (game, action, error))
    return FALSE;
  stack = gbacw_game_stack (game, action->facing.hex);
  for (guint i = 0; stack && i < stack->len; i++)
    if (melee_facing_unit (game, gbacw_game_unit (game, g_array_index (stack, int, i))))
      return TRUE;
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
               _("[7.13] Facing changes only in the owner's Movement Phase, or (7.32) for units that took part in a "
                 "melee in this Melee Phase"));
  return FALSE;
}

static void
apply_facing (GbacwGame *game, const GbacwAction *action)
{
  const GArray *stack = gbacw_game_stack (game, action->facing.hex);
  g_autofree char *label = gbacw_game_hex_label (game, action->facing.hex);
  gboolean melee = game->phase == GBACW_PHASE_MELEE;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (melee_facing_unit (game, u))
        u->facing = action->facing.facing;
    }
  gbacw_game_log (game, melee ? "7.32" : "7.12",
                  melee ? _("The units that meleed in %s face %s") : _("The units in %s face %s"), label,
                  gbacw_hex_direction_name (game_grid (game)->orientation, action->facing.facing));
}

/* The exit area (of kind exit, of side or of no side) holding hex, -1. */
static int
exit_area (const GbacwGame *game, int hex, int side)
{
  const GPtrArray *areas = game->scenario->map->areas;
  const GbacwSide *s = g_ptr_array_index (game->scenario->oob.sides, side);

  for (guint i = 0; i < areas->len; i++)
    {
      const GbacwArea *a = g_ptr_array_index (areas, i);
      if (a->kind != GBACW_AREA_EXIT || (a->side && *a->side && g_strcmp0 (a->side, s->id) != 0))
        continue;
      for (guint k = 0; k < a->hexes->len; k++)
        if (g_array_index (a->hexes, int, k) == hex)
          return (int) i;
    }
  return -1;
}

/* Whether an exclusive rule lets unit leave the map from its hex where no exit area does
 * (J 24.2: strategic retreat); *rule_case the case it cites. A refusal sets error. */
static gboolean
module_exit (const GbacwGame *game, int unit, const char **rule_case, GError **error)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->exit_allowed)
      {
        const char *why = NULL;
        if (hooks->exit_allowed (game, data, unit, &why, error))
          {
            if (rule_case)
              *rule_case = why;
            return TRUE;
          }
        if (error && *error)
          return FALSE;
      }
  return FALSE;
}

/* Leaving the map (the scenario's exit areas; 5.17 otherwise forbids it): units that may
 * still move, from a hex of an exit area of their side (or of none), not in an enemy ZOC
 * (the rules give no withdrawal fire off the map); a routed or out-of-command unit only
 * if it has not moved (5.2: one hex). No Movement Points are spent. */
static gboolean
check_exit (GbacwGame *game, const GbacwAction *action, GError **error, int *area)
{
  const GArray *units = action->move.units;
  int hex = -1, a;

  if (units == NULL || units->len == 0)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No units leave the map"));
      return FALSE;
    }
  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      if (!unit_can_move (game, u, error))
        return FALSE;
      if (hex >= 0 && u->hex != hex)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.0] Units moving together as a stack must start in the same hex"));
          return FALSE;
        }
      hex = u->hex;
      if (exit_area (game, hex, u->side) < 0 && !module_exit (game, u->index, NULL, error))
        {
          if (error && *error)
            return FALSE;
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.17] %s may not move off the map: its hex is in no exit area of its side"), label);
          return FALSE;
        }
      if (one_hex_only (u) && u->hexes_moved > 0)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[5.2] %s is routed or out of command and may move only one hex"), label);
          return FALSE;
        }
      if (gbacw_game_is_combat_unit (u) && gbacw_movement_in_enemy_zoc (game, hex, u->side, gbacw_game_unit_is_mounted (u)))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[10.1] %s is in an enemy zone of control and may not leave the map from it"), label);
          return FALSE;
        }
    }
  a = exit_area (game, hex, gbacw_game_unit (game, g_array_index (units, int, 0))->side);
  if (area)
    *area = a;
  return TRUE;
}

static void
apply_exit (GbacwGame *game, const GbacwAction *action)
{
  const GArray *units = action->move.units;
  int area = -1;
  const GbacwArea *a;

  check_exit (game, action, NULL, &area);
  a = area >= 0 ? g_ptr_array_index (game->scenario->map->areas, area) : NULL;
  for (guint i = 0; i < units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      g_autofree char *hex = gbacw_game_hex_label (game, u->hex);
      const char *rule_case = "5.17";
      if (a == NULL)
        module_exit (game, u->index, &rule_case, NULL);
      u->exit_turn = game->turn;
      u->exit_area = area;
      u->moved = TRUE;
      gbacw_game_remove_unit (game, u->index, GBACW_PRESENCE_EXITED);
      if (a)
        gbacw_game_log (game, "5.17", _("%s leaves the map through %s"), label, a->name && *a->name ? a->name : a->id);
      else
        gbacw_game_log (game, rule_case, _("%s leaves the map from %s"), label, hex);
    }
}

gboolean
gbacw_movement_check_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GArray *units = action->kind == GBACW_ACTION_MOVE || action->kind == GBACW_ACTION_EXIT ? action->move.units
                        : action->kind == GBACW_ACTION_CHANGE_FORMATION ? action->formation.units : NULL;

  if (game->phase == GBACW_PHASE_MELEE && action->kind == GBACW_ACTION_CHANGE_FACING)
    return check_melee_facing (game, action, error);   /* 7.32 */
  if (game->phase != GBACW_PHASE_MOVEMENT)
    {
      /* 5.0, 6.22, 7.13 */
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   action->kind == GBACW_ACTION_CHANGE_FACING ? _("[7.13] Facing changes only in the owner's Movement Phase")
                   : action->kind == GBACW_ACTION_CHANGE_FORMATION ? _("[6.22] Formation changes only in the owner's Movement Phase")
                                                                    : _("[5.0] Units move only in their own Movement Phase"));
      return FALSE;
    }
  for (guint i = 0; units && i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (u->side != game->phasing_side)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[4.0] %s belongs to the non-phasing player, who may not move it in this phase"), label);
          return FALSE;
        }
    }
  switch (action->kind)
    {
    case GBACW_ACTION_MOVE:
      return check_move (game, action, error);
    case GBACW_ACTION_EXIT:
      return check_exit (game, action, error, NULL);
    case GBACW_ACTION_CHANGE_FORMATION:
      return check_formation (game, action, error);
    case GBACW_ACTION_CHANGE_FACING:
      return check_facing (game, action, error);
    case GBACW_ACTION_END_PHASE:
    case GBACW_ACTION_FIRE:
    default:
      return FALSE;
    }
}

void
gbacw_movement_apply_action (GbacwGame *game, const GbacwAction *action)
{
  switch (action->kind)
    {
    case GBACW_ACTION_MOVE:
      apply_move (game, action);
      break;
    case GBACW_ACTION_EXIT:
      apply_exit (game, action);
      break;
    case GBACW_ACTION_CHANGE_FORMATION:
      apply_formation (game, action);
      break;
    case GBACW_ACTION_CHANGE_FACING:
      apply_facing (game, action);
      break;
    case GBACW_ACTION_END_PHASE:
    case GBACW_ACTION_FIRE:
    default:
      break;
    }
}

/* ------------------------------------------------------------------ pending */

GbacwResolve
gbacw_movement_pending_resolve (GbacwGame *game, GbacwPending *pending, GbacwDecision **decision)
{
  switch (pending->kind)
    {
    case GBACW_PENDING_MOVE:
      return continue_move (game, pending);
    case GBACW_PENDING_FORMATION:
      return finish_formation (game, pending);
    default:
      return GBACW_RESOLVE_DONE;
    }
}
