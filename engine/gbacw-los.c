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
  /* the walker's copy, by axial coordinates with a margin (see build_padded ()) */
  int q0, r0, stride;
  gint16 *ptop;         /* obstacle top of each hex: terrain and units */
  gint16 *pside;        /* per hex and direction */
  int pstep[3][2];      /* index step of each family and sign */
};

typedef struct { int x, y, z; } Cube;

static void build_padded (GbacwLos *los);
static inline int padded_index (const GbacwLos *los, Cube c);
static void refresh_padded_hex (GbacwLos *los, int index);

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
  build_padded (los);
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
  g_free (los->ptop);
  g_free (los->pside);
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
  refresh_padded_hex (los, hex);
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
  refresh_padded_hex (los, hex);
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
  if (gbacw_hex_grid_hexside_on_map (&los->grid, hexside))
    {
      gint16 t = (gint16) CLAMP (top, GBACW_LOS_NONE, GBACW_LOS_INFINITE);
      los->pside[padded_index (los, hex_cube (los, a)) * 6 + d] = t;
      los->pside[padded_index (los, hex_cube (los, b)) * 6 + gbacw_hex_direction_opposite (d)] = t;
    }
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

/* The walker works on a copy of the obstacle tops laid out by axial coordinates with a
 * margin of off-map hexes, so that a step is an addition to an index. */

static inline int
padded_index (const GbacwLos *los, Cube c)
{
  return (c.x - los->q0) + (c.z - los->r0) * los->stride;
}

static void
refresh_padded_hex (GbacwLos *los, int index)
{
  Cube c = index_cube (los, index);
  int p = padded_index (los, c);
  int top = hex_top (los, index, NULL);

  los->ptop[p] = (gint16) CLAMP (top, GBACW_LOS_NONE, GBACW_LOS_INFINITE);
}

static void
build_padded (GbacwLos *los)
{
  int qmin = G_MAXINT, qmax = G_MININT, rmin = G_MAXINT, rmax = G_MININT;
  gsize n;

  for (int i = 0; i < los->n_hexes; i++)
    {
      Cube c = index_cube (los, i);
      qmin = MIN (qmin, c.x);
      qmax = MAX (qmax, c.x);
      rmin = MIN (rmin, c.z);
      rmax = MAX (rmax, c.z);
    }
  los->q0 = qmin - 2;
  los->r0 = rmin - 2;
  los->stride = qmax - qmin + 5;
  n = (gsize) los->stride * (gsize) (rmax - rmin + 5);
  los->ptop = g_new (gint16, n);
  los->pside = g_new (gint16, n * 6);
  for (gsize i = 0; i < n; i++)
    los->ptop[i] = GBACW_LOS_NONE;
  for (gsize i = 0; i < n * 6; i++)
    los->pside[i] = GBACW_LOS_NONE;
  for (int i = 0; i < los->n_hexes; i++)
    {
      Cube c = index_cube (los, i);
      int p = padded_index (los, c);

      refresh_padded_hex (los, i);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int top = los->hex_side_top[i * 6 + d];
          GbacwHex nb = gbacw_hex_grid_neighbour (&los->grid, gbacw_hex_grid_hex_at (&los->grid, i), d);
          los->pside[p * 6 + d] = (gint16) CLAMP (top, GBACW_LOS_NONE, GBACW_LOS_INFINITE);
          if (!gbacw_hex_grid_contains (&los->grid, nb))
            los->pside[padded_index (los, hex_cube (los, nb)) * 6 + (d + 3) % 6] = los->pside[p * 6 + d];
        }
    }
  for (int k = 0; k < 3; k++)
    for (int sgn = 0; sgn < 2; sgn++)
      {
        Cube o = { 0, 0, 0 };
        Cube c = cube_across (o, k, sgn ? 1 : -1);
        los->pstep[k][sgn] = c.x + c.z * los->stride;
      }
}

typedef struct {
  Query q;
  Cube start, end;     /* the line is walked from start to end (the obstacles are the same both ways) */
  int n[3];            /* exit time numerators of the three hexside families */
  int den[3];          /* their denominators (0: the line is parallel to that family) */
  int sign[3];
} Walk;

static inline void
walk_init (Walk *w, Cube start, Cube end)
{
  Cube delta = { end.x - start.x, end.y - start.y, end.z - start.z };

  w->start = start;
  w->end = end;
  for (int k = 0; k < 3; k++)
    {
      int d = cube_pair (delta, k);
      w->sign[k] = d > 0 ? 1 : d < 0 ? -1 : 0;
      w->den[k] = abs (d);
      w->n[k] = 1;
    }
}

/* The same line as gbacw_hex_grid_line(), walked without storing it, keeping each
 * family's exit time n[k]/den[k] up to date by additions; TRUE at the first obstacle
 * that blocks, with *blocker set to it (see candidate_blocks ()). */
static gboolean
walk_blocked (const GbacwLos *los, Walk *w, int *blocker)
{
  const Query *q = &w->q;
  Cube hex = w->start;
  int p = padded_index (los, hex);
  int guard = 2 * q->D + 2;
  Cube delta = { w->end.x - w->start.x, w->end.y - w->start.y, w->end.z - w->start.z };
  int n0 = w->n[0], n1 = w->n[1], n2 = w->n[2];
  const int d0 = w->den[0], d1 = w->den[1], d2 = w->den[2];
  const gboolean all3 = d0 != 0 && d1 != 0 && d2 != 0;
  /* inc[a][k]: the change of n[k] when the line crosses a hexside of family a */
  int inc[3][3];

  for (int i = 0; i < 3; i++)
    for (int k = 0; k < 3; k++)
      inc[i][k] = i == k ? 2 : -w->sign[k] * w->sign[i];

  while (guard-- > 0)
    {
      int a = -1, b = -1;
      Cube next;
      int pnext, dir = -1;

      /* the earliest exit; a tie is a vertex */
      if (all3)
        {
          int c01 = n0 * d1 - n1 * d0;
          if (c01 < 0)
            {
              int c02 = n0 * d2 - n2 * d0;
              a = c02 <= 0 ? 0 : 2;
              if (c02 == 0)
                b = 2;
            }
          else if (c01 > 0)
            {
              int c12 = n1 * d2 - n2 * d1;
              a = c12 <= 0 ? 1 : 2;
              if (c12 == 0)
                b = 2;
            }
          else
            {
              int c02 = n0 * d2 - n2 * d0;
              a = c02 <= 0 ? 0 : 2;
              if (c02 < 0)
                b = 1;
            }
        }
      else
        {
          const int n[3] = { n0, n1, n2 }, d[3] = { d0, d1, d2 };
          for (int k = 0; k < 3; k++)
            {
              if (d[k] == 0)
                continue;
              if (a < 0)
                a = k;
              else
                {
                  int order = n[k] * d[a] - n[a] * d[k];
                  if (order < 0)
                    {
                      a = k;
                      b = -1;
                    }
                  else if (order == 0)
                    b = k;
                }
            }
          if (a < 0)
            return FALSE;
        }

      if (G_LIKELY (b < 0))
        {
          int sa = w->sign[a] > 0;
          next = cube_across (hex, a, w->sign[a]);
          pnext = p + los->pstep[a][sa];
          dir = los->dir_of[a][sa];
          n0 += inc[a][0];
          n1 += inc[a][1];
          n2 += inc[a][2];
        }
      else
        {
          int sa = w->sign[a], sb = w->sign[b];
          Cube first = cube_across (hex, a, sa);
          Cube second = cube_across (hex, b, sb);
          gint64 towards_second = (gint64) delta.x * (second.x - first.x) + (gint64) delta.y * (second.y - first.y)
                                  + (gint64) delta.z * (second.z - first.z);
          if (towards_second == 0)
            {
              int pa = p + los->pstep[a][sa > 0], pb = p + los->pstep[b][sb > 0];
              if ((los->ptop[pa] != GBACW_LOS_NONE || los->ptop[pb] != GBACW_LOS_NONE)
                  && check_along (los, q, first, cube_index (los, first), second, cube_index (los, second), NULL))
                {
                  *blocker = -1;
                  return TRUE;
                }
              next = (Cube) { first.x + second.x - hex.x, first.y + second.y - hex.y, first.z + second.z - hex.z };
              pnext = pa + pb - p;
              n0 += inc[a][0] + inc[b][0];
              n1 += inc[a][1] + inc[b][1];
              n2 += inc[a][2] + inc[b][2];
            }
          else
            {
              int c = towards_second < 0 ? a : b;
              int sc = w->sign[c];
              next = cube_across (hex, c, sc);
              pnext = p + los->pstep[c][sc > 0];
              dir = los->dir_of[c][sc > 0];
              n0 += inc[c][0];
              n1 += inc[c][1];
              n2 += inc[c][2];
            }
        }

      if (dir >= 0)
        {
          int top = los->pside[p * 6 + dir];
          if (G_UNLIKELY (top != GBACW_LOS_NONE) && check_side (los, q, hex, next, top, NULL))
            {
              int ia = cube_index (los, hex), ib = cube_index (los, next);
              *blocker = ia >= 0 ? los->n_hexes + ia * 6 + dir
                         : ib >= 0 ? los->n_hexes + ib * 6 + (dir + 3) % 6 : -1;
              return TRUE;
            }
        }
      hex = next;
      p = pnext;
      if (cube_equal (hex, w->end))
        return FALSE;
      if (los->ptop[p] != GBACW_LOS_NONE && blocks (q, los->ptop[p], 2 * cube_distance (hex, q->lower)))
        {
          *blocker = cube_index (los, hex);
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
      gint64 lo, hi;

      if (d == 0)
        {
          if (c != 0)
            return FALSE;
          continue;
        }
      /* -1 < c + t d < 1 */
      if (d > 0)
        {
          lo = -1 - c;
          hi = 1 - c;
        }
      else
        {
          lo = c - 1;
          hi = c + 1;
          d = -d;
        }
      if (lo * lo_den > lo_num * d)
        {
          lo_num = lo;
          lo_den = d;
        }
      if (hi * hi_den < hi_num * d)
        {
          hi_num = hi;
          hi_den = d;
        }
    }
  return lo_num * hi_den < hi_num * lo_den;
}

/* 2D cross product of (b - a) and (c - a) in the (x, z) plane of cube coordinates. */
static inline gint64
orient (Cube a, Cube b, Cube c)
{
  return (gint64) (b.x - a.x) * (c.z - a.z) - (gint64) (b.z - a.z) * (c.x - a.x);
}

/* Whether the line crosses the hexside between a and its neighbour b properly (through
 * the open hexside, not at a vertex): then a and b are consecutive steps of the line
 * and the hexside is the one crossed. Passing through a vertex gives FALSE, which only
 * means the caller walks the line. */
static inline gboolean
crosses_side (const Query *q, Cube a, Cube b)
{
  static const Cube units[6] = { { 1, -1, 0 }, { 1, 0, -1 }, { 0, 1, -1 }, { -1, 1, 0 }, { -1, 0, 1 }, { 0, -1, 1 } };
  Cube e = { b.x - a.x, b.y - a.y, b.z - a.z };
  Cube v[2];
  int n = 0;
  Cube o3 = { 3 * q->from.x, 3 * q->from.y, 3 * q->from.z };
  Cube t3 = { 3 * q->to.x, 3 * q->to.y, 3 * q->to.z };

  /* the hexside's ends are the centroids of a, b and each of their two common neighbours */
  for (int i = 0; i < 6 && n < 2; i++)
    if (units[i].x * e.x + units[i].y * e.y + units[i].z * e.z == 1)
      v[n++] = (Cube) { a.x + b.x + a.x + units[i].x, a.y + b.y + a.y + units[i].y, a.z + b.z + a.z + units[i].z };
  if (n != 2)
    return FALSE;

  gint64 s1 = orient (o3, t3, v[0]), s2 = orient (o3, t3, v[1]);
  if (s1 == 0 || s2 == 0 || (s1 > 0) == (s2 > 0))
    return FALSE;
  gint64 s3 = orient (v[0], v[1], o3), s4 = orient (v[0], v[1], t3);
  return s3 != 0 && s4 != 0 && (s3 > 0) != (s4 > 0);
}

/* A blocker found for a neighbouring target: a hex (index < n_hexes) or a hexside
 * (n_hexes + hex * 6 + direction). Whether it blocks this line too. */
static inline gboolean
candidate_blocks (const GbacwLos *los, const Query *q, int o)
{
  if (o < los->n_hexes)
    {
      Cube oc = index_cube (los, o);
      return o != q->to_index && on_line (q, oc)
             && blocks (q, hex_top (los, o, NULL), 2 * cube_distance (oc, q->lower));
    }
  else
    {
      int hex = (o - los->n_hexes) / 6, dir = (o - los->n_hexes) % 6;
      Cube a = index_cube (los, hex);
      Cube b = hex_cube (los, gbacw_hex_grid_neighbour (&los->grid, gbacw_hex_grid_hex_at (&los->grid, hex), dir));
      return crosses_side (q, a, b) && check_side (los, q, a, b, los->hex_side_top[o - los->n_hexes], NULL);
    }
}

/* Rows are done in bands, shared between threads. */
#define BAND 50

typedef struct {
  const GbacwLos *los;
  int from_hex, from_unit, to_unit;
  int part, n_parts;           /* this job does the bands of rows with band % n_parts == part */
  guint8 *visible;
  int *blocker;
  guint n_visible;
} VisibleJob;

static gpointer
visible_rows (gpointer data)
{
  VisibleJob *job = data;
  const GbacwLos *los = job->los;
  const GbacwHexGrid *grid = &los->grid;
  Cube from = index_cube (los, job->from_hex);
  int from_pos = los->ground[job->from_hex] + job->from_unit;
  int *blocker = job->blocker;

  for (int row = 0; row < grid->rows; row++)
    for (int col = 0, index = row * grid->columns; col < grid->columns && (row / BAND) % job->n_parts == job->part;
         col++, index++)
      {
        Walk w;
        Query *q = &w.q;
        int to_pos = los->ground[index] + job->to_unit;
        gboolean blocked = FALSE;
        gboolean above = row > 0 && (row % BAND != 0 || job->n_parts == 1);

        blocker[index] = -1;
        q->from = from;
        q->to = offset_to_cube (grid, col, row);
        q->from_index = job->from_hex;
        q->to_index = index;
        q->D = cube_distance (q->from, q->to);
        if (q->D <= 1)
          {
            job->visible[index] = 1;   /* 9.24 */
            job->n_visible++;
            continue;
          }
        q->H = abs (from_pos - to_pos);
        q->lower = from_pos <= to_pos ? q->from : q->to;
        q->lower_pos = MIN (from_pos, to_pos);

        /* Obstacles cast shadows: first try the hexes that blocked the neighbouring
         * targets already done. */
        int candidates[4] = { col > 0 ? blocker[index - 1] : -1,
                              above ? blocker[index - grid->columns] : -1,
                              above && col > 0 ? blocker[index - grid->columns - 1] : -1,
                              above && col + 1 < grid->columns ? blocker[index - grid->columns + 1] : -1 };
        for (int c = 0; c < 4 && !blocked; c++)
          {
            int o = candidates[c];
            if (o < 0 || (c > 0 && o == candidates[c - 1]))
              continue;
            if (candidate_blocks (los, q, o))
              {
                blocker[index] = o;
                blocked = TRUE;
              }
          }
        if (!blocked)
          {
            /* from the target: a hex near it that blocks (woods round the target) is
             * found at once; the shadows of those near the firer are caught above */
            walk_init (&w, q->to, q->from);
            blocked = walk_blocked (los, &w, &blocker[index]);
          }
        job->visible[index] = !blocked;
        job->n_visible += !blocked;
      }
  return NULL;
}

guint
gbacw_los_visible_from (const GbacwLos *los, int from_hex, int from_unit, int to_unit, guint8 *visible)
{
  g_autofree int *blocker = NULL;
  VisibleJob jobs[2];
  GThread *helper = NULL;
  gboolean two = los->n_hexes >= 4096 && g_get_num_processors () > 1;

  g_return_val_if_fail (from_hex >= 0 && from_hex < los->n_hexes, 0);
  blocker = g_new (int, los->n_hexes);
  for (int j = 0; j < 2; j++)
    jobs[j] = (VisibleJob) { los, from_hex, from_unit, to_unit, j, two ? 2 : 1, visible, blocker, 0 };

  /* Large maps: the bands of rows are shared with a second thread (same answers either way). */
  if (two)
    helper = g_thread_new ("gbacw-los", visible_rows, &jobs[1]);
  visible_rows (&jobs[0]);
  if (helper)
    {
      g_thread_join (helper);
      return jobs[0].n_visible + jobs[1].n_visible;
    }
  return jobs[0].n_visible;
}
