/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-query.c: questions about a game in play (see gbacw-query.h). */
#define G_LOG_DOMAIN "gbacw-query"

#include "gbacw-query.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gbacw-bce.h"
#include "gbacw-combat-charts.h"
#include "gbacw-game-private.h"
#include "gbacw-melee.h"

/* ------------------------------------------------------------------ geometry */

static const GbacwHexGrid *
grid_of (const GbacwGame *game)
{
  return &game->scenario->map->grid;
}

int
gbacw_query_distance (const GbacwGame *game, int a, int b)
{
  return gbacw_game_distance (game, a, b);
}

int
gbacw_query_direction_toward (const GbacwGame *game, int from, int to)
{
  const GbacwHexGrid *grid = grid_of (game);
  GbacwHex a = gbacw_hex_grid_hex_at (grid, from), b = gbacw_hex_grid_hex_at (grid, to);
  double ax, ay, bx, by, length, best = -G_MAXDOUBLE;
  int direction = -1;

  if (from == to)
    return -1;
  gbacw_hex_grid_centre (grid, a, &ax, &ay);
  gbacw_hex_grid_centre (grid, b, &bx, &by);
  length = hypot (bx - ax, by - ay);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      double nx, ny, cosine;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_neighbour (grid, a, d), &nx, &ny);
      cosine = ((nx - ax) * (bx - ax) + (ny - ay) * (by - ay)) / (hypot (nx - ax, ny - ay) * length);
      if (cosine > best + 1e-9)
        {
          best = cosine;
          direction = d;
        }
    }
  return direction;
}

guint
gbacw_query_frontal_mask (const GbacwGameUnit *u)
{
  int f = u->facing;

  if (f < 0 || f >= GBACW_HEX_DIRECTIONS)
    return 0x3f;
  if (u->type == GBACW_UNIT_CAVALRY && u->formation != GBACW_FORMATION_STATE_DISMOUNTED)
    return 1u << f;   /* 6.34 */
  if (u->formation == GBACW_FORMATION_STATE_LINE || u->formation == GBACW_FORMATION_STATE_DISMOUNTED
      || u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
    return (1u << f) | (1u << ((f + 1) % 6)) | (1u << ((f + 5) % 6));
  return 0x3f;
}

guint
gbacw_game_frontal_mask (const GbacwGame *game, int unit)
{
  guint mask = gbacw_query_frontal_mask (gbacw_game_unit (game, unit));

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->frontal)
      mask = hooks->frontal (game, data, unit, mask);
  return mask;
}

static void enemy_distance (const GbacwGame *game, int side, gboolean combat_only, int *distance, int *nearest);

void
gbacw_query_enemy_distance (const GbacwGame *game, int side, int *distance, int *nearest)
{
  enemy_distance (game, side, TRUE, distance, nearest);
}

void
gbacw_query_enemy_unit_distance (const GbacwGame *game, int side, int *distance)
{
  enemy_distance (game, side, FALSE, distance, NULL);
}

static void
enemy_distance (const GbacwGame *game, int side, gboolean combat_only, int *distance, int *nearest)
{
  g_autofree int *queue = g_new (int, game->n_hexes);
  int head = 0, tail = 0;

  for (int h = 0; h < game->n_hexes; h++)
    {
      distance[h] = G_MAXINT;
      if (nearest)
        nearest[h] = -1;
    }
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == side || u->hex < 0 || (combat_only && !gbacw_game_is_combat_unit (u)) || distance[u->hex] == 0)
        continue;
      distance[u->hex] = 0;
      if (nearest)
        nearest[u->hex] = u->hex;
      queue[tail++] = u->hex;
    }
  while (head < tail)
    {
      int h = queue[head++];
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int n = gbacw_game_neighbour_index (game, h, d);
          if (n < 0 || distance[n] != G_MAXINT)
            continue;
          distance[n] = distance[h] + 1;
          if (nearest)
            nearest[n] = nearest[h];
          queue[tail++] = n;
        }
    }
}

/* A binary heap of (cost, hex) for the field. */
typedef struct {
  int cost, hex;
} HeapItem;

static void
heap_push (GArray *heap, int cost, int hex)
{
  HeapItem item = { cost, hex };
  guint i;

  g_array_append_val (heap, item);
  for (i = heap->len - 1; i > 0;)
    {
      guint parent = (i - 1) / 2;
      HeapItem *a = &g_array_index (heap, HeapItem, parent), *b = &g_array_index (heap, HeapItem, i);
      if (a->cost < b->cost || (a->cost == b->cost && a->hex <= b->hex))
        break;
      item = *a;
      *a = *b;
      *b = item;
      i = parent;
    }
}

static HeapItem
heap_pop (GArray *heap)
{
  HeapItem top = g_array_index (heap, HeapItem, 0);
  guint i = 0;

  g_array_index (heap, HeapItem, 0) = g_array_index (heap, HeapItem, heap->len - 1);
  g_array_set_size (heap, heap->len - 1);
  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      HeapItem t;
      if (l < heap->len && (g_array_index (heap, HeapItem, l).cost < g_array_index (heap, HeapItem, m).cost
                            || (g_array_index (heap, HeapItem, l).cost == g_array_index (heap, HeapItem, m).cost
                                && g_array_index (heap, HeapItem, l).hex < g_array_index (heap, HeapItem, m).hex)))
        m = l;
      if (r < heap->len && (g_array_index (heap, HeapItem, r).cost < g_array_index (heap, HeapItem, m).cost
                            || (g_array_index (heap, HeapItem, r).cost == g_array_index (heap, HeapItem, m).cost
                                && g_array_index (heap, HeapItem, r).hex < g_array_index (heap, HeapItem, m).hex)))
        m = r;
      if (m == i)
        break;
      t = g_array_index (heap, HeapItem, m);
      g_array_index (heap, HeapItem, m) = g_array_index (heap, HeapItem, i);
      g_array_index (heap, HeapItem, i) = t;
      i = m;
    }
  return top;
}

struct _GbacwStepCosts {
  int n_hexes;
  /* per hex * 6 + direction: the hex beside it there (-1 off the map), and the halves a
     step from that hex into this one costs (-1: prohibited) */
  int *neighbour;
  int *into;
};

GbacwStepCosts *
gbacw_query_step_costs_new (const GbacwGame *game, int move_class, int all_halves)
{
  const GbacwHexGrid *grid = grid_of (game);
  int n = MAX (game->n_hexes, 0);
  gsize cells = (gsize) MAX (1, n * GBACW_HEX_DIRECTIONS);
  /* one block (gbacw_query_step_costs_free () is g_free ()) */
  GbacwStepCosts *steps = g_malloc (sizeof (GbacwStepCosts) + 2 * cells * sizeof (int));

  steps->n_hexes = n;
  steps->neighbour = (int *) (steps + 1);
  steps->into = steps->neighbour + cells;
  for (int h = 0; h < n; h++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (grid, h);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int k = h * GBACW_HEX_DIRECTIONS + d;
          int nb = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, hex, d));
          GbacwMoveCost cost;
          steps->neighbour[k] = nb;
          steps->into[k] = -1;
          if (nb < 0)
            continue;
          /* the step from nb into this hex */
          gbacw_rules_data_move_cost (game->rules, game->scenario->map, move_class, nb, gbacw_hex_direction_opposite (d),
                                      &cost);
          if (cost.kind != GBACW_COST_PROHIBITED)
            steps->into[k] = cost.kind == GBACW_COST_MP ? MAX (cost.halves, 1) : all_halves;
        }
    }
  return steps;
}

void
gbacw_query_step_costs_free (GbacwStepCosts *steps)
{
  g_free (steps);
}

void
gbacw_query_move_field_steps (const GbacwStepCosts *steps, int goal, int *out)
{
  g_autoptr (GArray) heap = g_array_new (FALSE, FALSE, sizeof (HeapItem));

  for (int h = 0; h < steps->n_hexes; h++)
    out[h] = -1;
  if (goal < 0 || goal >= steps->n_hexes)
    return;
  out[goal] = 0;
  heap_push (heap, 0, goal);
  while (heap->len > 0)
    {
      HeapItem item = heap_pop (heap);
      if (item.cost > out[item.hex])
        continue;
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int k = item.hex * GBACW_HEX_DIRECTIONS + d, n = steps->neighbour[k], c = steps->into[k];
          if (n < 0 || c < 0)
            continue;
          if (out[n] < 0 || item.cost + c < out[n])
            {
              out[n] = item.cost + c;
              heap_push (heap, out[n], n);
            }
        }
    }
}

void
gbacw_query_move_field (const GbacwGame *game, int move_class, int goal, int all_halves, int *out)
{
  GbacwStepCosts *steps;

  if (goal < 0 || goal >= game->n_hexes)
    {
      for (int h = 0; h < game->n_hexes; h++)
        out[h] = -1;
      return;
    }
  steps = gbacw_query_step_costs_new (game, move_class, all_halves);
  gbacw_query_move_field_steps (steps, goal, out);
  gbacw_query_step_costs_free (steps);
}

static gboolean
hex_has_enemy_combat (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side != side && gbacw_game_is_combat_unit (u))
        return TRUE;
    }
  return FALSE;
}

gboolean
gbacw_query_adjacent_enemy (const GbacwGame *game, int hex, int side)
{
  if (hex_has_enemy_combat (game, hex, side))
    return TRUE;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_game_neighbour_index (game, hex, d);
      if (n >= 0 && hex_has_enemy_combat (game, n, side))
        return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------------ units */

int
gbacw_query_unit_value (const GbacwGameUnit *u)
{
  switch (u->type)
    {
    case GBACW_UNIT_ARTILLERY:
      return u->guns;
    case GBACW_UNIT_LEADER:
      return 0;
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
    case GBACW_UNIT_WAGON:
    default:
      return u->strength;
    }
}

int
gbacw_query_commander (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const char *id = u->oob->formation;

  for (int guard = 0; id && guard < 32; guard++)
    {
      const GbacwFormation *f = gbacw_oob_find_formation (&game->scenario->oob, id);
      const GbacwGameUnit *leader;
      if (f == NULL)
        return -1;
      leader = gbacw_game_find_unit (game, f->commander);
      if (leader && leader->index != unit && leader->hex >= 0)
        return leader->index;
      id = f->parent;
    }
  return -1;
}

gboolean
gbacw_query_in_formation (const GbacwGame *game, int unit, const GbacwFormation *formation)
{
  const char *id = gbacw_game_unit (game, unit)->oob->formation;

  for (int guard = 0; id && guard < 32; guard++)
    {
      const GbacwFormation *f = gbacw_oob_find_formation (&game->scenario->oob, id);
      if (f == NULL)
        return FALSE;
      if (f == formation || g_strcmp0 (f->id, formation->id) == 0)
        return TRUE;
      id = f->parent;
    }
  return FALSE;
}

static int
stacking_points (const GbacwGameUnit *u)
{
  GbacwPlacement placement = { 0 };
  placement.strength = u->type == GBACW_UNIT_ARTILLERY ? u->guns : u->strength;
  placement.hex = u->hex;
  return gbacw_unit_stacking_points (u->oob, &placement);
}

gboolean
gbacw_query_stacking_allows (const GbacwGame *game, int hex, const int *units, guint n_units,
                             GbacwFormationState formation)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  GbacwStackingLimits limits;
  gboolean column = FALSE;
  int n = 0, sp = 0, batteries = 0;
  int side = n_units > 0 ? gbacw_game_unit (game, units[0])->side : -1;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      gboolean added = FALSE;
      for (guint k = 0; k < n_units; k++)
        added |= units[k] == u->index;
      if (added || !gbacw_game_is_combat_unit (u) || (side >= 0 && u->side != side) || gbacw_game_unit_ignored (game, u))
        continue;   /* 8.1: own units; J 21.23: not abandoned guns */
      column |= u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN;
      if (u->type == GBACW_UNIT_ARTILLERY)
        batteries++;
      else
        n++;
      sp += stacking_points (u);
    }
  for (guint k = 0; k < n_units; k++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, units[k]);
      GbacwFormationState f = formation != GBACW_FORMATION_STATE_UNSET ? formation : u->formation;
      if (!gbacw_game_is_combat_unit (u))
        continue;
      column |= u->type == GBACW_UNIT_INFANTRY && f == GBACW_FORMATION_STATE_COLUMN;
      if (u->type == GBACW_UNIT_ARTILLERY)
        batteries++;
      else
        n++;
      sp += stacking_points (u);
    }
  gbacw_rules_data_stacking_limits (game->rules, game->scenario->map, hex, column, &limits);
  return (limits.units == GBACW_UNSET || n <= limits.units) && (limits.sp == GBACW_UNSET || sp <= limits.sp)
         && (limits.sections == GBACW_UNSET || batteries <= limits.sections)
         && (side < 0 || gbacw_movement_stacking_hooks (game, hex, side, stack, NULL, units, n_units, NULL));
}

/* ------------------------------------------------------------------ fire */

/* The chance that a die (1-6, plus drm) comes out above rating. */
static double
above (int rating, int drm)
{
  int n = 0;
  for (int die = 1; die <= 6; die++)
    n += die + drm > rating;
  return n / 6.0;
}

double
gbacw_query_fire_value (const GbacwGame *game, const GbacwFireResolution *res, double *losses)
{
  double value = 0.0, lost = 0.0;

  for (guint r = 0; res && r < res->rolls->len; r++)
    {
      const GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, r);
      const GbacwGameUnit *t = gbacw_game_unit (game, roll->unit);
      int rating = t->morale > 0 ? t->morale : 3;   /* a green unit: about average (13.15) */
      int drm = (roll->enfiladed ? 1 : 0);
      double p = above (rating, drm);
      double worth = t->type == GBACW_UNIT_ARTILLERY ? 1.5 : t->type == GBACW_UNIT_WAGON ? 0.5 : 1.0;
      int size = MAX (1, gbacw_query_unit_value (t));

      for (int die = 1; die <= 6; die++)
        {
          GbacwCrtResult result;
          if (!gbacw_fire_crt_result (game->scenario, roll->column, die, &result, NULL))
            continue;
          switch (result.kind)
            {
            case GBACW_CRT_PIN:
              value += 0.3 * p / 6.0;
              break;
            case GBACW_CRT_ROUT:
              value += 1.2 * p / 6.0;
              break;
            case GBACW_CRT_PIN_ROUT:
              value += (0.3 * (1.0 - p) + 1.2 * p) / 6.0;
              break;
            case GBACW_CRT_LOSS:
              {
                int n = MIN (result.losses, size);
                lost += n / 6.0;
                value += (n * 1.5 * worth + (n >= size ? 2.0 : 1.2 * p)) / 6.0;
                if (result.star)
                  value += 0.3 * (1.0 - p) * p / 6.0;
              }
              break;
            case GBACW_CRT_NONE:
            default:
              break;
            }
        }
    }
  if (losses)
    *losses = lost;
  return value;
}

double
gbacw_query_melee_value (GbacwGame *game, const GArray *attackers, int hex, int *differential)
{
  GbacwMeleeOdds odds;
  double value = 0;

  if (attackers == NULL || attackers->len == 0 || !gbacw_melee_odds (game, attackers, hex, FALSE, &odds, NULL))
    return -G_MAXDOUBLE;
  if (differential)
    *differential = odds.differential;
  for (int die = 1; die <= 6; die++)
    {
      GbacwMeleeResult a, d;
      if (!gbacw_melee_crt_result (game->scenario, odds.differential, die, TRUE, &a, NULL)
          || !gbacw_melee_crt_result (game->scenario, odds.differential, die, FALSE, &d, NULL))
        continue;
      value += 1.5 * (d.killed + d.captured) + 0.6 * d.retreat - 1.5 * (a.killed + a.captured) - 0.6 * a.retreat
               - (a.repulsed ? 0.8 : 0.0) + (d.repulsed ? 0.3 : 0.0);
    }
  return value / 6.0;
}

/* ------------------------------------------------------------------ BCE */

static int
formation_index (const GbacwGame *game, const GbacwFormation *brigade)
{
  const GPtrArray *formations = game->scenario->oob.formations;

  for (guint i = 0; i < formations->len; i++)
    if (g_ptr_array_index (formations, i) == brigade)
      return (int) i;
  return -1;
}

int
gbacw_query_bce_marks (const GbacwGame *game, const GbacwFormation *brigade)
{
  int f = formation_index (game, brigade);

  return f >= 0 ? gbacw_bce_marks (game, f) : 0;
}

int
gbacw_query_brigade_strength (const GbacwGame *game, const GbacwFormation *brigade)
{
  int f = formation_index (game, brigade);
  int sp = 0;

  for (guint i = 0; f >= 0 && i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (gbacw_bce_formation_of (game, (int) i) == f && gbacw_bce_counts (game, (int) i))
        sp += u->strength + u->killed + u->captured - u->recovered;
    }
  return sp;
}

int
gbacw_query_bce_limit (const GbacwGame *game, const GbacwFormation *brigade)
{
  int f = formation_index (game, brigade);

  return f >= 0 ? gbacw_bce_limit (game, f) : GBACW_UNSET;
}

gboolean
gbacw_query_bce_lost (const GbacwGame *game, const GbacwFormation *brigade)
{
  int f = formation_index (game, brigade);

  return f >= 0 && gbacw_bce_lost (game, f);
}

/* ------------------------------------------------------------------ victory */

typedef struct {
  int side;               /* an automatic victory's side, -1 */
  int turn;
  char *text;
} Automatic;

struct _GbacwOutcome {
  int n_areas;
  int *control;           /* per area of the map: the side controlling it, -1 */
  GPtrArray *areas;       /* char*: their ids */
  int each_turn[2];       /* awards made at the end of each Game-Turn */
  int turn;               /* the Game-Turn the outcome last saw */
  gboolean over;
  Automatic automatic;
  int *start_value;       /* per unit: gbacw_query_unit_value () when the outcome began */
  guint n_units;
  /* the areas of each hex (hex_areas[hex_first[h]] up to hex_first[h + 1]), of the map
     indexed_map, whose areas have the lengths area_lengths */
  const GbacwMap *indexed_map;
  int indexed_hexes;
  int *area_lengths;
  int *hex_first;
  int *hex_areas;
  guint8 *present;        /* per area and side: update_control ()'s scratch */
};

static gboolean
award_for (const GbacwGame *game, const GbacwVpAward *award, int side)
{
  const GbacwSide *s = g_ptr_array_index (game->scenario->oob.sides, side);
  return g_strcmp0 (award->side, "both") == 0 || award->side == NULL || g_strcmp0 (award->side, s->id) == 0;
}

/* Whether the index of areas by hex is of this game's map (a game may be a copy of the
 * one the outcome began with: the same areas, checked once per map). */
static gboolean
areas_indexed (GbacwOutcome *o, const GbacwGame *game)
{
  const GPtrArray *areas = game->scenario->map->areas;

  if (o->hex_first == NULL || o->indexed_hexes != game->n_hexes || (int) areas->len < o->n_areas)
    return FALSE;
  for (int i = 0; i < o->n_areas; i++)
    if ((int) ((const GbacwArea *) g_ptr_array_index (areas, i))->hexes->len != o->area_lengths[i])
      return FALSE;
  if (o->indexed_map == game->scenario->map)
    return TRUE;
  for (int i = 0; i < o->n_areas; i++)
    {
      const GArray *hexes = ((const GbacwArea *) g_ptr_array_index (areas, i))->hexes;
      for (guint k = 0; k < hexes->len; k++)
        {
          int hex = g_array_index (hexes, int, k), j;
          if (hex < 0 || hex >= game->n_hexes)
            continue;
          for (j = o->hex_first[hex]; j < o->hex_first[hex + 1] && o->hex_areas[j] != i; j++)
            ;
          if (j == o->hex_first[hex + 1])
            return FALSE;
        }
    }
  o->indexed_map = game->scenario->map;
  return TRUE;
}

/* Indexes the areas of the game's map by hex. */
static void
index_areas (GbacwOutcome *o, const GbacwGame *game)
{
  const GPtrArray *areas = game->scenario->map->areas;
  int n = game->n_hexes;
  g_autofree int *fill = g_new0 (int, MAX (1, n));

  g_free (o->area_lengths);
  g_free (o->hex_first);
  g_free (o->hex_areas);
  o->indexed_map = game->scenario->map;
  o->indexed_hexes = n;
  o->area_lengths = g_new (int, MAX (1, o->n_areas));
  o->hex_first = g_new0 (int, n + 1);
  for (int i = 0; i < o->n_areas && i < (int) areas->len; i++)
    {
      const GArray *hexes = ((const GbacwArea *) g_ptr_array_index (areas, i))->hexes;
      o->area_lengths[i] = (int) hexes->len;
      for (guint k = 0; k < hexes->len; k++)
        if (g_array_index (hexes, int, k) >= 0 && g_array_index (hexes, int, k) < n)
          o->hex_first[g_array_index (hexes, int, k) + 1]++;
    }
  for (int h = 0; h < n; h++)
    o->hex_first[h + 1] += o->hex_first[h];
  o->hex_areas = g_new (int, MAX (1, o->hex_first[n]));
  for (int i = 0; i < o->n_areas && i < (int) areas->len; i++)
    {
      const GArray *hexes = ((const GbacwArea *) g_ptr_array_index (areas, i))->hexes;
      for (guint k = 0; k < hexes->len; k++)
        {
          int hex = g_array_index (hexes, int, k);
          if (hex >= 0 && hex < n)
            o->hex_areas[o->hex_first[hex] + fill[hex]++] = i;
        }
    }
}

/* Each area held by the combat units of one side only is that side's (an area with both
 * sides' units, or with none, keeps its controller): from the units, not the hexes of
 * the areas, which may be the whole map. */
static void
update_control (GbacwOutcome *o, const GbacwGame *game)
{
  if (!areas_indexed (o, game))
    index_areas (o, game);
  if (o->present == NULL)
    o->present = g_new (guint8, MAX (1, 2 * o->n_areas));
  memset (o->present, 0, MAX (1, 2 * o->n_areas));
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->hex < 0 || u->hex >= game->n_hexes || (u->side != 0 && u->side != 1) || !gbacw_game_is_combat_unit (u))
        continue;
      for (int j = o->hex_first[u->hex]; j < o->hex_first[u->hex + 1]; j++)
        o->present[2 * o->hex_areas[j] + u->side] = 1;
    }
  for (int i = 0; i < o->n_areas; i++)
    if (o->present[2 * i] != o->present[2 * i + 1])
      o->control[i] = o->present[2 * i] ? 0 : 1;
  /* a module's own reading (J 33.61: last to pass through); only the modules set up so far
     (an outcome made in a module's init, P 34's victory checks, sees the ones before it) */
  GBACW_FOREACH_HOOK (game, hooks, data)
    for (int i = 0; hooks->area_control && i < o->n_areas; i++)
      {
        int side;
        if (hooks->area_control (game, data, i, &side))
          o->control[i] = side;
      }
}

static const GbacwArea *
find_area (const GbacwGame *game, const char *id, int *index)
{
  const GPtrArray *areas = game->scenario->map->areas;

  for (guint i = 0; i < areas->len; i++)
    {
      const GbacwArea *a = g_ptr_array_index (areas, i);
      if (g_strcmp0 (a->id, id) == 0)
        {
          *index = (int) i;
          return a;
        }
    }
  *index = -1;
  return NULL;
}

/* The end of Game-Turn turn: each-turn awards and automatic victories. */
static void
end_of_turn (GbacwOutcome *o, const GbacwGame *game, int turn)
{
  const GbacwScenario *s = game->scenario;

  for (guint i = 0; i < s->vp_awards->len; i++)
    {
      const GbacwVpAward *award = g_ptr_array_index (s->vp_awards, i);
      int index;
      const GbacwArea *area;
      int vp;
      if (!award->each_turn || award->event != GBACW_VP_OBJECTIVE
          || (area = find_area (game, award->area, &index)) == NULL || index >= o->n_areas)
        continue;
      vp = award->vp != GBACW_UNSET ? award->vp : area->vp;
      if (vp == GBACW_UNSET)
        continue;
      for (int side = 0; side < 2; side++)
        if (o->control[index] == side && award_for (game, award, side))
          o->each_turn[side] += vp;
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->automatic_played && hooks->automatic_played (game, data))
      return;   /* the module's own (J 33.62-36.83) */
  for (guint i = 0; i < s->automatic_victories->len && o->automatic.side < 0; i++)
    {
      const GbacwAutomaticVictory *a = g_ptr_array_index (s->automatic_victories, i);
      int side = gbacw_game_side_index (game, a->side), index;
      const GbacwArea *area = find_area (game, a->area, &index);
      if (side < 0 || area == NULL || (a->turn != GBACW_UNSET && a->turn != turn))
        continue;
      if (o->control[index] == side)
        {
          o->automatic.side = side;
          o->automatic.turn = turn;
          o->automatic.text = g_strdup (a->text && *a->text ? a->text : area->name ? area->name : area->id);
        }
    }
}

GbacwOutcome *
gbacw_outcome_new (const GbacwGame *game)
{
  GbacwOutcome *o = g_new0 (GbacwOutcome, 1);

  o->n_areas = (int) game->scenario->map->areas->len;
  o->control = g_new (int, MAX (1, o->n_areas));
  o->areas = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < o->n_areas; i++)
    {
      o->control[i] = -1;
      g_ptr_array_add (o->areas, g_strdup (((GbacwArea *) g_ptr_array_index (game->scenario->map->areas, i))->id));
    }
  o->turn = game->turn;
  o->automatic.side = -1;
  o->n_units = game->units->len;
  o->start_value = g_new0 (int, MAX (1u, o->n_units));
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      o->start_value[i] = gbacw_query_unit_value (u) + u->killed + u->captured - u->recovered;
    }
  update_control (o, game);
  return o;
}

void
gbacw_outcome_copy_state (GbacwOutcome *to, const GbacwOutcome *from)
{
  g_return_if_fail (to->n_areas == from->n_areas && to->n_units == from->n_units);
  if (from->n_areas > 0)
    memcpy (to->control, from->control, (gsize) from->n_areas * sizeof (int));
  if (from->n_units > 0)
    memcpy (to->start_value, from->start_value, (gsize) from->n_units * sizeof (int));
  to->each_turn[0] = from->each_turn[0];
  to->each_turn[1] = from->each_turn[1];
  to->turn = from->turn;
  to->over = from->over;
  g_free (to->automatic.text);
  to->automatic = from->automatic;
  to->automatic.text = g_strdup (from->automatic.text);
}

void
gbacw_outcome_free (GbacwOutcome *outcome)
{
  if (outcome == NULL)
    return;
  g_free (outcome->control);
  g_clear_pointer (&outcome->areas, g_ptr_array_unref);
  g_free (outcome->start_value);
  g_free (outcome->area_lengths);
  g_free (outcome->hex_first);
  g_free (outcome->hex_areas);
  g_free (outcome->present);
  g_free (outcome->automatic.text);
  g_free (outcome);
}

void
gbacw_outcome_update (GbacwOutcome *o, const GbacwGame *game)
{
  gboolean over = gbacw_game_is_over (game);

  if (o->over)
    return;
  /* positions are those at the end of the Game-Turn until the next one's first action */
  if (game->turn != o->turn || over)
    {
      for (int t = o->turn; t < game->turn || (over && t == game->turn); t++)
        end_of_turn (o, game, t);
      o->turn = game->turn;
      o->over = over;
    }
  update_control (o, game);
}

void
gbacw_outcome_end_turn (GbacwOutcome *o, const GbacwGame *game)
{
  if (o->over || o->turn != game->turn)
    return;
  update_control (o, game);
  end_of_turn (o, game, game->turn);
  o->turn = game->turn + 1;
}

int
gbacw_outcome_area_control (const GbacwOutcome *outcome, const GbacwArea *area)
{
  /* areas are looked up by id: the outcome may follow a game with its own copy */
  for (int i = 0; i < outcome->n_areas; i++)
    if (outcome->areas && g_strcmp0 (g_ptr_array_index (outcome->areas, i), area->id) == 0)
      return outcome->control[i];
  return -1;
}

void
gbacw_victory_clear (GbacwVictory *victory)
{
  g_clear_pointer (&victory->level, g_free);
  g_clear_pointer (&victory->not_computed, g_free);
  g_clear_pointer (&victory->level_id, g_free);
}

char *
gbacw_victory_level_id (const GbacwVictoryLevel *level)
{
  return g_strdup_printf ("level:%s:%d", level->side ? level->side : "", level->min);
}

static char *
side_id (const GbacwGame *game, int side)
{
  const GPtrArray *sides = game->scenario->oob.sides;
  return g_strdup (side >= 0 && (guint) side < sides->len ? ((const GbacwSide *) g_ptr_array_index (sides, side))->id
                                                          : "draw");
}

/* "unit-exited": the combat units that left the map through the award's area (any exit
 * area when it names none) and count for side. */
static int
exited_units (const GbacwGame *game, const GbacwVpAward *award, int side)
{
  const GPtrArray *areas = game->scenario->map->areas;
  int n = 0;

  for (guint k = 0; k < game->units->len; k++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
      const GbacwArea *area;
      int owner;
      if (u->presence != GBACW_PRESENCE_EXITED || u->exit_area < 0 || (guint) u->exit_area >= areas->len
          || !gbacw_game_is_combat_unit (u))
        continue;
      area = g_ptr_array_index (areas, u->exit_area);
      if (award->area && *award->area && g_strcmp0 (award->area, area->id) != 0)
        continue;
      owner = area->side && *area->side ? gbacw_game_side_index (game, area->side) : side;
      if (u->side == owner)
        n++;
    }
  return n;
}

/* "enemy-sp-lost": whether the unit's losses count. Without a unit type the combat units'
 * (never wagons, their crews, nor gun crews: P 34.11 "Artillery Crew eliminated — No VP's");
 * with "wagon" the wagons' guards, on the wagon or routed off it as its crew counter (P 34.11
 * "Supply Wagon Guard eliminated"); with another type the combat units of that type. */
static gboolean
sp_counts (const GbacwGame *game, const GbacwGameUnit *u, const GbacwVpAward *award)
{
  if (u->type == GBACW_UNIT_LEADER)
    return FALSE;
  if (g_strcmp0 (award->unit_type, "wagon") == 0)
    return u->type == GBACW_UNIT_WAGON
           || (gbacw_game_is_wagon_crew (u) && !gbacw_game_is_gun_crew (game, u));
  if (u->type == GBACW_UNIT_WAGON || gbacw_game_is_wagon_crew (u))
    return FALSE;
  return award->unit_type == NULL || g_strcmp0 (award->unit_type, gbacw_unit_type_to_string (u->type)) == 0;
}

/* "enemy-sp-lost": the unit's Strength Points (guns) lost the award's way; "eliminated"
 * (or "killed") the casualties, "captured" those captured (P 34.11 prices them apart); a
 * former crew removed with its captured wagon never counts (11.19). */
static int
sp_lost (const GbacwGameUnit *u, GbacwVpHow how)
{
  int killed = MAX (0, u->killed - u->removed_without_vp);

  switch (how)
    {
    case GBACW_VP_HOW_ANY:
      return killed + u->captured;
    case GBACW_VP_HOW_ELIMINATED:
    case GBACW_VP_HOW_KILLED:
      return killed;
    case GBACW_VP_HOW_CAPTURED:
      return u->captured;
    case GBACW_VP_HOW_WOUNDED:
    default:
      return 0;
    }
}

/* "unit-vp": whether the unit (not a leader) was lost the award's way and is of its unit
 * type; a wagon that changed side was captured (11.19) even if later eliminated. */
static gboolean
unit_lost (const GbacwGameUnit *u, const GbacwVpAward *award)
{
  gboolean captured = u->presence == GBACW_PRESENCE_CAPTURED || u->side != u->original_side;
  gboolean eliminated = !captured && u->presence == GBACW_PRESENCE_ELIMINATED;

  if (award->unit_type && g_strcmp0 (award->unit_type, gbacw_unit_type_to_string (u->type)) != 0)
    return FALSE;
  switch (award->how)
    {
    case GBACW_VP_HOW_ANY:
      return captured || eliminated;
    case GBACW_VP_HOW_ELIMINATED:
    case GBACW_VP_HOW_KILLED:
      return eliminated;
    case GBACW_VP_HOW_CAPTURED:
      return captured;
    case GBACW_VP_HOW_WOUNDED:
    default:
      return FALSE;
    }
}

/* "leader-lost": the times the leader was lost the award's way (17.73: wounded, killed or
 * captured; "eliminated" is killed) in the award's role; a replacement leader commands a
 * brigade (17.82), and a brigade commander promoted to division command is a division
 * commander for the losses he suffered then (17.83, as P 34.11's note says). */
static int
leader_losses (const GbacwGameUnit *u, const GbacwVpAward *award)
{
  gboolean plain = award->role == NULL || g_strcmp0 (award->role, gbacw_leader_role_to_string (u->oob->role)) == 0
                   || (g_strcmp0 (award->role, "brigade") == 0 && u->oob->role == GBACW_LEADER_REPLACEMENT);
  gboolean promoted = award->role == NULL || g_strcmp0 (award->role, "division") == 0;
  int wounded = (plain ? u->times_wounded : 0) + (promoted ? u->times_wounded_promoted : 0);
  int killed = (plain ? u->times_killed : 0) + (promoted ? u->times_killed_promoted : 0);
  int captured = (plain ? u->times_captured : 0) + (promoted ? u->times_captured_promoted : 0);

  switch (award->how)
    {
    case GBACW_VP_HOW_ANY:
      return wounded + killed + captured;
    case GBACW_VP_HOW_WOUNDED:
      return wounded;
    case GBACW_VP_HOW_ELIMINATED:
    case GBACW_VP_HOW_KILLED:
      return killed;
    case GBACW_VP_HOW_CAPTURED:
      return captured;
    default:
      return 0;
    }
}

void
gbacw_outcome_victory (const GbacwOutcome *o, const GbacwGame *game, GbacwVictory *v)
{
  const GbacwScenario *s = game->scenario;
  const GbacwVictoryLevel *best = NULL;
  int best_side = -1;

  memset (v, 0, sizeof *v);
  v->winner = -1;
  for (int side = 0; side < 2; side++)
    v->vp[side] = o->each_turn[side];
  GString *custom = g_string_new (NULL);

  /* strength accounting */
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      /* a captured wagon (11.19): its start and losses stay with its first side, its new crew
       * is the captor's */
      int side = u->original_side;
      if (side < 0 || side > 1 || u->side < 0 || u->side > 1 || u->type == GBACW_UNIT_LEADER)
        continue;
      v->sp_start[side] += i < o->n_units ? o->start_value[i] : gbacw_query_unit_value (u);
      v->sp_now[u->side] += gbacw_query_unit_value (u);
      v->killed[side] += u->killed;
      v->captured[side] += u->captured;
    }

  for (guint i = 0; i < s->vp_awards->len; i++)
    {
      const GbacwVpAward *award = g_ptr_array_index (s->vp_awards, i);
      for (int side = 0; side < 2; side++)
        {
          int enemy = 1 - side, index;
          if (!award_for (game, award, side))
            continue;
          switch (award->event)
            {
            case GBACW_VP_OBJECTIVE:
              {
                const GbacwArea *area = find_area (game, award->area, &index);
                int vp = award->vp != GBACW_UNSET ? award->vp : area ? area->vp : GBACW_UNSET;
                if (!award->each_turn && vp != GBACW_UNSET && area && index < o->n_areas && o->control[index] == side)
                  v->objectives[side] += vp;
              }
              break;
            case GBACW_VP_ENEMY_SP_LOST:
              for (guint k = 0; k < game->units->len; k++)
                {
                  const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
                  /* a captured wagon's guard losses stay its first side's (11.19) */
                  if (u->original_side == enemy && sp_counts (game, u, award))
                    v->enemy_sp[side] += sp_lost (u, award->how) * (award->vp != GBACW_UNSET ? award->vp : 1);
                }
              break;
            case GBACW_VP_LEADER_LOST:
              for (guint k = 0; k < game->units->len; k++)
                {
                  const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
                  if (u->side == enemy && u->type == GBACW_UNIT_LEADER)
                    v->leaders[side] += leader_losses (u, award) * (u->oob->vp != GBACW_UNSET ? u->oob->vp
                                                                    : award->vp != GBACW_UNSET ? award->vp : 0);
                }
              break;
            case GBACW_VP_BCE_LOST:
              for (guint k = 0; k < s->oob.formations->len; k++)
                {
                  const GbacwFormation *f = g_ptr_array_index (s->oob.formations, k);
                  if (gbacw_game_side_index (game, f->side) == enemy && gbacw_query_bce_lost (game, f))
                    v->bce[side] += f->bce_vp != GBACW_UNSET ? f->bce_vp : award->vp != GBACW_UNSET ? award->vp : 0;
                }
              break;
            case GBACW_VP_UNIT_EXITED:
              v->exited[side] += exited_units (game, award, side) * (award->vp != GBACW_UNSET ? award->vp : 1);
              break;
            case GBACW_VP_UNIT_VP:
              /* P 34.11 (J 28.11): Victory Points for each enemy unit eliminated or captured,
               * priced per unit (an eliminated Confederate wagon 5): the unit's own vp */
              for (guint k = 0; k < game->units->len; k++)
                {
                  const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
                  if (u->original_side == enemy && u->type != GBACW_UNIT_LEADER && unit_lost (u, award))
                    v->units[side] += u->oob->vp != GBACW_UNSET ? u->oob->vp : award->vp != GBACW_UNSET ? award->vp : 0;
                }
              break;
            case GBACW_VP_CUSTOM:
              if (side == 0 || !award_for (game, award, 0))
                {
                  const char *text = award->text && *award->text ? award->text : award->id ? award->id : "?";
                  if (custom->len)
                    g_string_append (custom, "; ");
                  g_string_append (custom, text);
                }
              break;
            default:
              break;
            }
        }
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->victory_points)
      for (int side = 0; side < 2; side++)
        v->exclusive[side] += hooks->victory_points (game, data, side);
  for (int side = 0; side < 2; side++)
    v->vp[side] += v->objectives[side] + v->enemy_sp[side] + v->leaders[side] + v->bce[side] + v->exited[side]
                   + v->units[side] + v->exclusive[side];
  v->not_computed = g_string_free (custom, FALSE);

  /* a game decided by an exclusive rule's victory check (P 34, C 31) */
  GBACW_FOREACH_HOOK (game, hooks, data)
    {
      int winner = -1;
      char *level = NULL;
      if (hooks->victory && hooks->victory (game, data, &winner, &level))
        {
          v->winner = winner;
          /* the module that plays the scenario's automatic victories won one (J 33.62) */
          v->automatic = hooks->automatic_played && hooks->automatic_played (game, data);
          v->margin = winner >= 0 ? v->vp[winner] - v->vp[1 - winner] : v->vp[0] - v->vp[1];
          v->level = level ? level : g_strdup (_("Draw"));
          {
            g_autofree char *winner_id = side_id (game, winner);
            v->level_id = g_strdup_printf ("exclusive:%s:%s", hooks->id, winner_id);
          }
          return;
        }
    }

  if (o->automatic.side >= 0)
    {
      v->automatic = TRUE;
      v->winner = o->automatic.side;
      v->margin = v->vp[v->winner] - v->vp[1 - v->winner];
      v->level = g_strdup_printf (_("Automatic victory for %s (Game-Turn %d): %s"),
                                  gbacw_game_side_name (game, v->winner), o->automatic.turn, o->automatic.text);
      {
        g_autofree char *winner_id = side_id (game, v->winner);
        v->level_id = g_strdup_printf ("automatic:%s", winner_id);
      }
      return;
    }
  for (guint i = 0; i < s->victory_levels->len; i++)
    {
      const GbacwVictoryLevel *level = g_ptr_array_index (s->victory_levels, i);
      int side = gbacw_game_side_index (game, level->side);
      if (side < 0 || side > 1 || v->vp[side] - v->vp[1 - side] < level->min)
        continue;
      if (best == NULL || level->min > best->min)
        {
          best = level;
          best_side = side;
        }
    }
  if (best)
    {
      v->winner = best_side;
      v->margin = v->vp[best_side] - v->vp[1 - best_side];
      v->level = g_strdup (best->name ? best->name : "");
      v->level_id = gbacw_victory_level_id (best);
    }
  else
    {
      v->margin = v->vp[0] - v->vp[1];
      v->level = g_strdup (_("Draw"));
      v->level_id = g_strdup ("draw");
    }
}

GbacwGame *
gbacw_outcome_replay (const GbacwScenario *scenario, guint32 seed, const GPtrArray *actions, GbacwOutcome **outcome,
                      GError **error)
{
  g_autoptr (GbacwGame) game = gbacw_game_new (scenario, seed, error);
  g_autoptr (GbacwOutcome) o = NULL;

  if (game == NULL)
    return NULL;
  o = gbacw_outcome_new (game);
  for (guint i = 0; actions && i < actions->len; i++)
    {
      g_autoptr (GError) local = NULL;
      if (!gbacw_game_apply_action (game, g_ptr_array_index (actions, i), &local))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Action %u cannot be replayed: %s"), i + 1,
                       local->message);
          return NULL;
        }
      gbacw_outcome_update (o, game);
    }
  if (outcome)
    *outcome = g_steal_pointer (&o);
  return g_steal_pointer (&game);
}

/* ------------------------------------------------------------------ state */

char *
gbacw_query_state_dump (const GbacwGame *game)
{
  GString *s = g_string_new (NULL);
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, "turn %d player-turn %d phasing %d phase %d over %d dice %" G_GUINT64_FORMAT
                             " actions %u events %u pending %u\n",
                          game->turn, game->player_turn, game->phasing_side, (int) game->phase,
                          gbacw_game_is_over (game), gbacw_dice_n_rolled (game->dice), game->actions->len,
                          game->events->len, game->pending->len);
  if (game->decision)
    g_string_append_printf (s, "decision %d side %d hex %d\n", (int) game->decision->kind, game->decision->side,
                            game->decision->hex);
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      /* a wagon's crew counter that never came on the map (11.11): as if it did not exist */
      if (gbacw_game_is_wagon_crew (u) && u->presence == GBACW_PRESENCE_NOT_ARRIVED && u->recovered == 0)
        continue;
      g_string_append_printf (s,
                              "%s presence %d hex %d formation %d facing %d strength %d guns %d rounds %d crew %d "
                              "morale %d status %u killed %d captured %d recovered %d fire-used %s fired-upon %u "
                              "moved %d mp %d ooc %d\n",
                              u->id, (int) u->presence, u->hex, (int) u->formation, u->facing, u->strength, u->guns,
                              u->rounds, (int) u->crew, u->morale, u->status, u->killed, u->captured,
                              u->recovered, g_ascii_dtostr (number, sizeof number, u->fire_used), u->fired_upon, u->moved,
                              u->mp_spent, u->out_of_command);
      /* (only when they happened, so that the dumps of games without them do not change) */
      if (u->side != u->original_side || u->capture_turn >= 0 || u->recrew_turn >= 0)
        g_string_append_printf (s, "%s side %d captured-turn %d recrewed-turn %d\n", u->id, u->side, u->capture_turn,
                                u->recrew_turn);
      if (u->exit_turn >= 0)
        g_string_append_printf (s, "%s exited %d area %d\n", u->id, u->exit_turn, u->exit_area);
    }
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      const GArray *stack = gbacw_game_stack (game, hex);
      if (stack == NULL)
        continue;
      g_string_append_printf (s, "stack %d:", hex);
      for (guint i = 0; i < stack->len; i++)
        g_string_append_printf (s, " %d", g_array_index (stack, int, i));
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* ------------------------------------------------------------------ phases */

gboolean
gbacw_query_play_to_phase (GbacwGame *game, GbacwPhase phase, int phasing_side, GError **error)
{
  /* two Player-Turns and the interphase make a Game-Turn */
  for (int guard = 0; guard < 4 * (GBACW_N_PHASES + 1); guard++)
    {
      g_autoptr (GbacwAction) end = NULL;
      if (game->phase == phase && game->phasing_side == phasing_side)
        return TRUE;
      if (game->phase == GBACW_PHASE_GAME_OVER)
        break;
      end = gbacw_action_new_end_phase ();
      if (!gbacw_game_apply_action (game, end, error))
        return FALSE;
    }
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[4.0] The game ends before the %s of %s"),
               gbacw_phase_name (phase), gbacw_game_side_name (game, phasing_side));
  return FALSE;
}
