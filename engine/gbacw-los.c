/* gbacw-los.c: line of sight (9.7-9.73).
 *
 * gbacw_los_check() follows the model's straight line (gbacw_hex_grid_line(), which
 * names every hex and hexside the line touches). gbacw_los_visible_from() walks the
 * same lines with the same exact integer arithmetic but without building them, and
 * stops at the first obstacle that blocks; the tests check that both agree.
 */
#include "gbacw-los.h"

#include <stdlib.h>
#include <string.h>

#include "gbacw-combat-charts.h"

struct _GbacwLos {
  const GbacwScenario *scenario;
  GbacwHexGrid grid;
  int n_hexes;
  guint32 n_sides;
  int *ground;          /* per hex, feet */
  int *terrain_top;     /* per hex, absolute feet of blocking terrain, or NONE/INFINITE */
  int *unit_height;     /* per hex, feet above the ground of the tallest unit; 0 none */
  int *side_top;        /* per hexside id */
  int *hex_side_top;    /* per hex and direction (hex * 6 + d): copy of side_top for the walker */
  int dir_of[3][2];     /* direction of the cube step of family k, sign -/+ */
  gboolean both_block;
};

typedef struct { int x, y, z; } Cube;

/* ------------------------------------------------------------ coordinates */

static inline Cube
offset_to_cube (const GbacwHexGrid *grid, int col, int row)
{
  int q, r;

  if (grid->orientation == GBACW_GRID_POINTY_ROWS)
    {
      int half = grid->shift == GBACW_SHIFT_ODD ? (row - (row & 1)) / 2 : (row + (row & 1)) / 2;
      q = col - half;
      r = row;
    }
  else
    {
      int half = grid->shift == GBACW_SHIFT_ODD ? (col - (col & 1)) / 2 : (col + (col & 1)) / 2;
      q = col;
      r = row - half;
    }
  return (Cube) { q, -q - r, r };
}

static inline int
cube_index (const GbacwLos *los, Cube c)
{
  const GbacwHexGrid *grid = &los->grid;
  int col, row;

  if (grid->orientation == GBACW_GRID_POINTY_ROWS)
    {
      int half = grid->shift == GBACW_SHIFT_ODD ? (c.z - (c.z & 1)) / 2 : (c.z + (c.z & 1)) / 2;
      col = c.x + half;
      row = c.z;
    }
  else
    {
      int half = grid->shift == GBACW_SHIFT_ODD ? (c.x - (c.x & 1)) / 2 : (c.x + (c.x & 1)) / 2;
      col = c.x;
      row = c.z + half;
    }
  if (col < 0 || row < 0 || col >= grid->columns || row >= grid->rows)
    return -1;
  return row * grid->columns + col;
}

static inline Cube
hex_cube (const GbacwLos *los, GbacwHex hex)
{
  return offset_to_cube (&los->grid, hex.col, hex.row);
}

static inline Cube
index_cube (const GbacwLos *los, int index)
{
  return offset_to_cube (&los->grid, index % los->grid.columns, index / los->grid.columns);
}

static inline int
cube_distance (Cube a, Cube b)
{
  return (abs (a.x - b.x) + abs (a.y - b.y) + abs (a.z - b.z)) / 2;
}

static inline gboolean
cube_equal (Cube a, Cube b)
{
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

static inline int
cube_pair (Cube c, int k)
{
  switch (k)
    {
    case 0: return c.x - c.y;
    case 1: return c.y - c.z;
    default: return c.z - c.x;
    }
}

static inline Cube
cube_across (Cube c, int k, int sign)
{
  static const int raise[3][3] = { { 1, -1, 0 }, { 0, 1, -1 }, { -1, 0, 1 } };
  return (Cube) { c.x + sign * raise[k][0], c.y + sign * raise[k][1], c.z + sign * raise[k][2] };
}

/* ---------------------------------------------------------------- set-up */

static int
level_feet (const GbacwMap *map, int level)
{
  int feet = gbacw_map_level_height (map, level);
  return feet == GBACW_UNSET ? 0 : feet;
}

static void
fill_hex_side_tops (GbacwLos *los)
{
  for (int i = 0; i < los->n_hexes; i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (&los->grid, i);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          GbacwHexsideId id = gbacw_hex_grid_hexside (&los->grid, hex, d);
          los->hex_side_top[i * 6 + d] = id == GBACW_HEXSIDE_NONE ? GBACW_LOS_NONE : los->side_top[id];
        }
    }
}

GbacwLos *
gbacw_los_new (const GbacwScenario *scenario)
{
  const GbacwMap *map = scenario->map;
  const GbacwCatalogue *cat = &scenario->catalogue;
  GbacwLos *los = g_new0 (GbacwLos, 1);
  int terrain_height[GBACW_MAX_HEX_TERRAINS];
  gboolean terrain_blocks[GBACW_MAX_HEX_TERRAINS] = { FALSE };
  gboolean side_blocks[GBACW_MAX_HEXSIDE_TYPES] = { FALSE };
  gboolean side_crest[GBACW_MAX_HEXSIDE_TYPES] = { FALSE };
  const char *option;

  los->scenario = scenario;
  los->grid = map->grid;
  los->n_hexes = gbacw_hex_grid_n_hexes (&los->grid);
  los->n_sides = gbacw_hex_grid_n_hexside_ids (&los->grid);
  los->ground = g_new (int, los->n_hexes);
  los->terrain_top = g_new (int, los->n_hexes);
  los->unit_height = g_new0 (int, los->n_hexes);
  los->side_top = g_new (int, los->n_sides);
  los->hex_side_top = g_new (int, (gsize) los->n_hexes * 6);

  /* los-along-hexside: the P text (adjacent-only) is the baseline (rules matrix §1.B #9). */
  option = gbacw_scenario_get_option (scenario, "los-along-hexside");
  los->both_block = g_strcmp0 (option, "both-block") == 0;

  /* 9.71, 9.72: blocking terrain from the chart, heights from the catalogue */
  for (guint t = 0; t < cat->hex_terrains->len && t < GBACW_MAX_HEX_TERRAINS; t++)
    {
      const GbacwHexTerrain *terrain = g_ptr_array_index (cat->hex_terrains, t);
      terrain_blocks[t] = gbacw_terrain_blocks_los (scenario, terrain->id) == GBACW_TEC_YES;
      terrain_height[t] = terrain->height;
    }
  for (guint t = 0; t < cat->hexside_types->len && t < GBACW_MAX_HEXSIDE_TYPES; t++)
    {
      const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, t);
      side_blocks[t] = gbacw_terrain_blocks_los (scenario, type->id) == GBACW_TEC_YES;
      side_crest[t] = type->side == GBACW_SIDE_MODE_ELEVATION;
    }

  for (int i = 0; i < los->n_hexes; i++)
    {
      guint64 mask = map->terrain[i];
      int top = GBACW_LOS_NONE;

      los->ground[i] = level_feet (map, map->elevation[i]);
      for (guint t = 0; mask && t < GBACW_MAX_HEX_TERRAINS; t++)
        if ((mask & (G_GUINT64_CONSTANT (1) << t)) && terrain_blocks[t])
          top = MAX (top, terrain_height[t] == GBACW_UNSET ? GBACW_LOS_INFINITE
                                                          : los->ground[i] + terrain_height[t]);
      los->terrain_top[i] = top;
    }

  for (guint32 id = 0; id < los->n_sides; id++)
    {
      guint32 mask = map->hexside_features[id];
      int top = GBACW_LOS_NONE;
      GbacwHex a, b;
      int ia, ib;

      los->side_top[id] = GBACW_LOS_NONE;
      if (mask == 0 || !gbacw_hex_grid_hexside_hexes (&los->grid, id, &a, NULL, &b))
        continue;
      ia = gbacw_hex_grid_index (&los->grid, a);
      ib = gbacw_hex_grid_index (&los->grid, b);
      for (guint t = 0; t < GBACW_MAX_HEXSIDE_TYPES; t++)
        {
          if (!(mask & (1u << t)))
            continue;
          if (side_blocks[t])
            top = GBACW_LOS_INFINITE;
          else if (side_crest[t] && ia >= 0 && ib >= 0 && map->elevation[ia] != map->elevation[ib])
            top = MAX (top, MAX (los->ground[ia], los->ground[ib]));
        }
      los->side_top[id] = top;
    }

  /* the walker's direction table: the cube step of each family and sign */
  {
    GbacwHex origin = { 0, 0 };
    Cube o = hex_cube (los, origin);
    for (int k = 0; k < 3; k++)
      for (int s = 0; s < 2; s++)
        {
          Cube n = cube_across (o, k, s ? 1 : -1);
          los->dir_of[k][s] = -1;
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            if (cube_equal (hex_cube (los, gbacw_hex_grid_neighbour (&los->grid, origin, d)), n))
              los->dir_of[k][s] = d;
        }
  }
  fill_hex_side_tops (los);
  return los;
}

void
gbacw_los_free (GbacwLos *los)
{
  if (los == NULL)
    return;
  g_free (los->ground);
  g_free (los->terrain_top);
  g_free (los->unit_height);
  g_free (los->side_top);
  g_free (los->hex_side_top);
  g_free (los);
}

const GbacwScenario *
gbacw_los_get_scenario (const GbacwLos *los)
{
  return los->scenario;
}

int
gbacw_los_ground (const GbacwLos *los, int hex)
{
  g_return_val_if_fail (hex >= 0 && hex < los->n_hexes, 0);
  return los->ground[hex];
}

void
gbacw_los_set_unit_height (GbacwLos *los, int hex, int feet)
{
  g_return_if_fail (hex >= 0 && hex < los->n_hexes);
  los->unit_height[hex] = MAX (0, feet);
}

int
gbacw_los_get_unit_height (const GbacwLos *los, int hex)
{
  g_return_val_if_fail (hex >= 0 && hex < los->n_hexes, 0);
  return los->unit_height[hex];
}

void
gbacw_los_set_hex_top (GbacwLos *los, int hex, int top)
{
  g_return_if_fail (hex >= 0 && hex < los->n_hexes);
  los->terrain_top[hex] = top;
}

int
gbacw_los_get_hex_top (const GbacwLos *los, int hex)
{
  g_return_val_if_fail (hex >= 0 && hex < los->n_hexes, GBACW_LOS_NONE);
  return los->terrain_top[hex];
}

void
gbacw_los_set_hexside_top (GbacwLos *los, guint32 hexside, int top)
{
  GbacwHex a, b;
  int d;

  g_return_if_fail (hexside < los->n_sides);
  los->side_top[hexside] = top;
  gbacw_hex_grid_hexside_hexes (&los->grid, hexside, &a, &d, &b);
  if (gbacw_hex_grid_contains (&los->grid, a))
    los->hex_side_top[gbacw_hex_grid_index (&los->grid, a) * 6 + d] = top;
  if (gbacw_hex_grid_contains (&los->grid, b))
    los->hex_side_top[gbacw_hex_grid_index (&los->grid, b) * 6 + gbacw_hex_direction_opposite (d)] = top;
}

int
gbacw_los_get_hexside_top (const GbacwLos *los, guint32 hexside)
{
  g_return_val_if_fail (hexside < los->n_sides, GBACW_LOS_NONE);
  return los->side_top[hexside];
}

void
gbacw_los_set_along_both_block (GbacwLos *los, gboolean both_block)
{
  los->both_block = both_block;
}

gboolean
gbacw_los_get_along_both_block (const GbacwLos *los)
{
  return los->both_block;
}

/* -------------------------------------------------------------- obstacles */

typedef struct {
  Cube from, to, lower;
  int from_index, to_index;
  int lower_pos;      /* feet */
  int H, D;
} Query;

/* The obstacle's own top: the higher of its blocking terrain and its units. */
static inline int
hex_top (const GbacwLos *los, int index, gboolean *is_unit)
{
  int top, unit;

  if (index < 0)
    return GBACW_LOS_NONE;
  top = los->terrain_top[index];
  unit = los->unit_height[index] > 0 ? los->ground[index] + los->unit_height[index] : GBACW_LOS_NONE;
  if (is_unit)
    *is_unit = unit > top;
  return MAX (top, unit);
}

/* 9.73: blocked iff H/D < (hp - 5)/dp, with dp2 = 2 dp. */
static inline gboolean
blocks (const Query *q, int top, int dp2)
{
  if (top == GBACW_LOS_NONE)
    return FALSE;
  if (top >= GBACW_LOS_INFINITE)
    return TRUE;
  return (gint64) q->H * dp2 < (gint64) (top - q->lower_pos - 5) * 2 * q->D;
}

/* 9.7: a hexside common with or adjacent to (touching) the firer's or target's hex does not block. */
static inline gboolean
side_excluded (const Query *q, Cube a, Cube b)
{
  if (cube_equal (a, q->from) || cube_equal (b, q->from) || cube_equal (a, q->to) || cube_equal (b, q->to))
    return TRUE;
  if (cube_distance (a, q->from) == 1 && cube_distance (b, q->from) == 1)
    return TRUE;
  return cube_distance (a, q->to) == 1 && cube_distance (b, q->to) == 1;
}

typedef struct {
  GbacwLosObstacleKind kind;
  Cube a, b;
  int top;
  int dp2;
  gboolean is_unit;
} Obstacle;

static inline gboolean
check_side (const GbacwLos *los, const Query *q, Cube a, Cube b, int top, Obstacle *found)
{
  int dp2;

  if (top == GBACW_LOS_NONE || side_excluded (q, a, b))
    return FALSE;
  dp2 = cube_distance (a, q->lower) + cube_distance (b, q->lower);
  if (!blocks (q, top, dp2))
    return FALSE;
  if (found)
    *found = (Obstacle) { GBACW_LOS_OBSTACLE_HEXSIDE, a, b, top, dp2, FALSE };
  return TRUE;
}

static inline gboolean
check_hex (const GbacwLos *los, const Query *q, Cube h, int index, Obstacle *found)
{
  gboolean is_unit = FALSE;
  int top = hex_top (los, index, &is_unit);
  int dp2;

  if (top == GBACW_LOS_NONE || index == q->from_index || index == q->to_index)
    return FALSE;
  dp2 = 2 * cube_distance (h, q->lower);
  if (!blocks (q, top, dp2))
    return FALSE;
  if (found)
    *found = (Obstacle) { GBACW_LOS_OBSTACLE_HEX, h, h, top, dp2, is_unit };
  return TRUE;
}

/* 9.7 and the los-along-hexside option: the line runs along the hexside between a and b. */
static inline gboolean
check_along (const GbacwLos *los, const Query *q, Cube a, int ia, Cube b, int ib, Obstacle *found)
{
  gboolean unit_a = FALSE, unit_b = FALSE;
  int top_a = hex_top (los, ia, &unit_a);
  int top_b = hex_top (los, ib, &unit_b);

  if (top_a == GBACW_LOS_NONE && top_b == GBACW_LOS_NONE)
    return FALSE;
  if (los->both_block)
    {
      int dp2 = cube_distance (a, q->lower) + cube_distance (b, q->lower);
      int top = MIN (top_a, top_b);
      if (top_a == GBACW_LOS_NONE || top_b == GBACW_LOS_NONE || !blocks (q, top, dp2))
        return FALSE;
      if (found)
        *found = (Obstacle) { GBACW_LOS_OBSTACLE_ALONG, a, b, top, dp2, top_a < top_b ? unit_a : unit_b };
      return TRUE;
    }
  if (blocks (q, top_a, 2 * cube_distance (a, q->lower)))
    {
      if (found)
        *found = (Obstacle) { GBACW_LOS_OBSTACLE_ALONG, a, b, top_a, 2 * cube_distance (a, q->lower), unit_a };
      return TRUE;
    }
  if (blocks (q, top_b, 2 * cube_distance (b, q->lower)))
    {
      if (found)
        *found = (Obstacle) { GBACW_LOS_OBSTACLE_ALONG, b, a, top_b, 2 * cube_distance (b, q->lower), unit_b };
      return TRUE;
    }
  return FALSE;
}

static void
query_init (const GbacwLos *los, Query *q, int from_hex, int to_hex, int from_unit, int to_unit,
            int *from_pos, int *to_pos)
{
  *from_pos = los->ground[from_hex] + from_unit;
  *to_pos = los->ground[to_hex] + to_unit;
  q->from = index_cube (los, from_hex);
  q->to = index_cube (los, to_hex);
  q->from_index = from_hex;
  q->to_index = to_hex;
  q->D = cube_distance (q->from, q->to);
  q->H = abs (*from_pos - *to_pos);
  if (*from_pos <= *to_pos)
    {
      q->lower = q->from;
      q->lower_pos = *from_pos;
    }
  else
    {
      q->lower = q->to;
      q->lower_pos = *to_pos;
    }
}

/* ------------------------------------------------------------------ check */

gboolean
gbacw_los_check (const GbacwLos *los, int from_hex, int to_hex, int from_unit, int to_unit, GbacwLosResult *result)
{
  GbacwLosResult local;
  g_autoptr (GArray) steps = NULL;
  Query q;
  Obstacle found;
  gboolean blocked = FALSE;

  g_return_val_if_fail (from_hex >= 0 && from_hex < los->n_hexes, FALSE);
  g_return_val_if_fail (to_hex >= 0 && to_hex < los->n_hexes, FALSE);

  if (result == NULL)
    result = &local;
  memset (result, 0, sizeof *result);
  result->hex = result->other_hex = -1;
  result->hexside = GBACW_HEXSIDE_NONE;
  query_init (los, &q, from_hex, to_hex, from_unit, to_unit, &result->from_height, &result->to_height);
  result->H = q.H;
  result->D = q.D;

  /* 9.24: adjacent (or the same) hexes always see each other */
  if (q.D <= 1)
    {
      result->adjacent = q.D == 1;
      result->clear = TRUE;
      return TRUE;
    }

  steps = g_array_sized_new (FALSE, FALSE, sizeof (GbacwLineStep), q.D * 2 + 2);
  gbacw_hex_grid_line (&los->grid, gbacw_hex_grid_hex_at (&los->grid, from_hex),
                       gbacw_hex_grid_hex_at (&los->grid, to_hex), steps);
  for (guint i = 1; i < steps->len && !blocked; i++)
    {
      const GbacwLineStep *step = &g_array_index (steps, GbacwLineStep, i);
      Cube h = hex_cube (los, step->hex);

      if (step->along_hexside)
        {
          Cube o = hex_cube (los, step->other);
          blocked = check_along (los, &q, h, gbacw_hex_grid_index (&los->grid, step->hex),
                                 o, gbacw_hex_grid_index (&los->grid, step->other), &found);
          continue;
        }
      if (step->hexside != GBACW_HEXSIDE_NONE && step->hexside < los->n_sides)
        {
          GbacwHex a, b;
          gbacw_hex_grid_hexside_hexes (&los->grid, step->hexside, &a, NULL, &b);
          blocked = check_side (los, &q, hex_cube (los, a), hex_cube (los, b), los->side_top[step->hexside], &found);
          if (blocked)
            {
              found.a = hex_cube (los, a);
              found.b = hex_cube (los, b);
              result->hexside = step->hexside;
              break;
            }
        }
      blocked = check_hex (los, &q, h, gbacw_hex_grid_index (&los->grid, step->hex), &found);
    }

  result->clear = !blocked;
  if (blocked)
    {
      result->kind = found.kind;
      result->hex = cube_index (los, found.a);
      result->other_hex = found.kind == GBACW_LOS_OBSTACLE_HEX ? -1 : cube_index (los, found.b);
      if (found.kind == GBACW_LOS_OBSTACLE_ALONG)
        {
          GbacwHex ha = gbacw_hex_grid_hex_at (&los->grid, MAX (result->hex, 0));
          int d = result->other_hex >= 0 && result->hex >= 0
                    ? gbacw_hex_grid_direction_to (&los->grid, ha, gbacw_hex_grid_hex_at (&los->grid, result->other_hex))
                    : -1;
          result->hexside = d >= 0 ? gbacw_hex_grid_hexside (&los->grid, ha, d) : GBACW_HEXSIDE_NONE;
        }
      result->obstacle_is_unit = found.is_unit;
      result->obstacle_top = found.top;
      result->hp = found.top >= GBACW_LOS_INFINITE ? GBACW_LOS_INFINITE : found.top - q.lower_pos;
      result->dp = found.dp2 / 2.0;
    }
  return result->clear;
}

/* ---------------------------------------------------------- visible from */

/* The same line as gbacw_hex_grid_line(), walked without storing it; TRUE at the
 * first obstacle that blocks. */
static gboolean
walk_blocked (const GbacwLos *los, const Query *q, int *blocker)
{
  Cube hex = q->from;
  int start_pair[3], delta_pair[3];
  Cube delta = { q->to.x - q->from.x, q->to.y - q->from.y, q->to.z - q->from.z };
  int guard = 2 * q->D + 2;

  for (int k = 0; k < 3; k++)
    {
      start_pair[k] = cube_pair (q->from, k);
      delta_pair[k] = cube_pair (delta, k);
    }

  while (!cube_equal (hex, q->to) && guard-- > 0)
    {
      gint64 best_num = 0, best_den = 1;
      int active[2] = { -1, -1 }, active_sign[2] = { 0, 0 };
      int n_active = 0;
      Cube next;
      int dir = -1;
      gboolean crossed = TRUE;

      for (int k = 0; k < 3; k++)
        {
          gint64 num, den, order;
          int sign;

          if (delta_pair[k] == 0)
            continue;
          sign = delta_pair[k] > 0 ? 1 : -1;
          num = 1 + sign * (cube_pair (hex, k) - start_pair[k]);
          den = sign * delta_pair[k];
          order = n_active == 0 ? -1 : num * best_den - best_num * den;
          if (order < 0)
            {
              best_num = num;
              best_den = den;
              active[0] = k;
              active_sign[0] = sign;
              n_active = 1;
            }
          else if (order == 0 && n_active < 2)
            {
              active[1] = k;
              active_sign[1] = sign;
              n_active = 2;
            }
        }
      if (n_active == 0)
        break;

      if (n_active == 1)
        {
          next = cube_across (hex, active[0], active_sign[0]);
          dir = los->dir_of[active[0]][active_sign[0] > 0];
        }
      else
        {
          Cube first = cube_across (hex, active[0], active_sign[0]);
          Cube second = cube_across (hex, active[1], active_sign[1]);
          gint64 towards_second = (gint64) delta.x * (second.x - first.x) + (gint64) delta.y * (second.y - first.y)
                                  + (gint64) delta.z * (second.z - first.z);
          if (towards_second == 0)
            {
              if (check_along (los, q, first, cube_index (los, first), second, cube_index (los, second), NULL))
                return TRUE;
              next = (Cube) { first.x + second.x - hex.x, first.y + second.y - hex.y, first.z + second.z - hex.z };
              crossed = FALSE;
            }
          else if (towards_second > 0)
            {
              next = second;
              dir = los->dir_of[active[1]][active_sign[1] > 0];
            }
          else
            {
              next = first;
              dir = los->dir_of[active[0]][active_sign[0] > 0];
            }
        }

      int index = cube_index (los, next);
      if (crossed && dir >= 0)
        {
          int from_index = cube_index (los, hex);
          int top = from_index >= 0 ? los->hex_side_top[from_index * 6 + dir]
                    : index >= 0 ? los->hex_side_top[index * 6 + (dir + 3) % 6]
                    : GBACW_LOS_NONE;
          if (top != GBACW_LOS_NONE && check_side (los, q, hex, next, top, NULL))
            return TRUE;
        }
      hex = next;
      if (index >= 0 && index != q->to_index && check_hex (los, q, hex, index, NULL))
        {
          *blocker = index;
          return TRUE;
        }
    }
  return FALSE;
}

/* Whether the open segment between the centres of q->from and q->to passes through the
 * interior of hex h, i.e. whether h is a normal step of the line (a hex whose corner
 * the line cuts is; one it touches at a vertex or along a side is not). In the pair
 * coordinates u_k the hex is |u_k - u_k(h)| < 1. */
static inline gboolean
on_line (const Query *q, Cube h)
{
  /* the interval of t in (0, 1) as fractions lo_num/lo_den < t < hi_num/hi_den */
  gint64 lo_num = 0, lo_den = 1, hi_num = 1, hi_den = 1;
  Cube delta = { q->to.x - q->from.x, q->to.y - q->from.y, q->to.z - q->from.z };

  for (int k = 0; k < 3; k++)
    {
      gint64 c = cube_pair (q->from, k) - cube_pair (h, k);
      gint64 d = cube_pair (delta, k);
      gint64 a, b;

      if (d == 0)
        {
          if (c != 0)
            return FALSE;
          continue;
        }
      /* -1 < c + t d < 1 */
      if (d > 0)
        {
          a = -1 - c;
          b = 1 - c;
        }
      else
        {
          a = c - 1;
          b = c + 1;
          d = -d;
        }
      if (a * lo_den > lo_num * d)
        {
          lo_num = a;
          lo_den = d;
        }
      if (b * hi_den < hi_num * d)
        {
          hi_num = b;
          hi_den = d;
        }
    }
  return lo_num * hi_den < hi_num * lo_den;
}

guint
gbacw_los_visible_from (const GbacwLos *los, int from_hex, int from_unit, int to_unit, guint8 *visible)
{
  const GbacwHexGrid *grid = &los->grid;
  guint n_visible = 0, n_hits = 0;
  Cube from;

  g_return_val_if_fail (from_hex >= 0 && from_hex < los->n_hexes, 0);
  from = index_cube (los, from_hex);
  g_autofree int *blocker = g_new (int, los->n_hexes);
  memset (blocker, 0xff, sizeof (int) * los->n_hexes);

  for (int row = 0, index = 0; row < grid->rows; row++)
    for (int col = 0; col < grid->columns; col++, index++)
      {
        Query q;
        int from_pos = los->ground[from_hex] + from_unit;
        int to_pos = los->ground[index] + to_unit;

        q.from = from;
        q.to = offset_to_cube (grid, col, row);
        q.from_index = from_hex;
        q.to_index = index;
        q.D = cube_distance (q.from, q.to);
        q.H = abs (from_pos - to_pos);
        if (from_pos <= to_pos)
          {
            q.lower = q.from;
            q.lower_pos = from_pos;
          }
        else
          {
            q.lower = q.to;
            q.lower_pos = to_pos;
          }
        if (q.D <= 1)
          visible[index] = 1;
        else
          {
            /* Obstacles cast shadows: try the hexes that blocked the neighbouring
             * targets already done before walking the line. */
            int candidates[4] = { col > 0 ? blocker[index - 1] : -1,
                                  row > 0 ? blocker[index - grid->columns] : -1,
                                  row > 0 && col > 0 ? blocker[index - grid->columns - 1] : -1,
                                  row > 0 && col + 1 < grid->columns ? blocker[index - grid->columns + 1] : -1 };
            gboolean blocked = FALSE;

            for (int c = 0; c < 4 && !blocked; c++)
              {
                int o = candidates[c];
                if (o < 0 || o == index || (c > 0 && o == candidates[c - 1]))
                  continue;
                Cube oc = index_cube (los, o);
                if (on_line (&q, oc) && blocks (&q, hex_top (los, o, NULL), 2 * cube_distance (oc, q.lower)))
                  {
                    blocker[index] = o;
                    blocked = TRUE;
                    n_hits++;
                  }
              }
            if (!blocked)
              blocked = walk_blocked (los, &q, &blocker[index]);
            visible[index] = !blocked;
          }
        n_visible += visible[index];
      }
  g_printerr ("hits %u\n", n_hits);
  return n_visible;
}
