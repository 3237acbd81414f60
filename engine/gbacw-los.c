/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-los.c: line of sight (9.7-9.73).
 *
 * gbacw_los_check() follows the model's straight line (gbacw_hex_grid_line(), which
 * names every hex and hexside the line touches). gbacw_los_visible_from() walks the
 * same lines with the same exact integer arithmetic but without building them, and
 * stops at the first obstacle that blocks, or where a bound computed once for the
 * observer shows that no obstacle left can block (see "Fans" below); the tests check
 * that both agree.
 */
#define G_LOG_DOMAIN "gbacw-los"

#include "gbacw-los.h"

#include <stdlib.h>
#include <string.h>

#include "gbacw-combat-charts.h"

typedef struct { int x, y, z; } Cube;

struct _GbacwLos {
  const GbacwScenario *scenario;
  GbacwHexGrid grid;
  int n_hexes;
  guint32 n_sides;
  int *ground;          /* per hex, feet */
  int min_ground;       /* the lowest ground of the map: no line's lower end is below it */
  int *terrain_top;     /* per hex, absolute feet of blocking terrain, or NONE/INFINITE */
  int *unit_height;     /* per hex, feet above the ground of the tallest unit; 0 none */
  int *side_top;        /* per hexside id */
  int *hex_side_top;    /* per hex and direction (hex * 6 + d): copy of side_top for the walker */
  int dir_of[3][2];     /* direction of the cube step of family k, sign -/+ */
  Cube dir_step[GBACW_HEX_DIRECTIONS];   /* and the other way: the cube step of each direction */
  gboolean both_block;
  /* the walker's copy, by axial coordinates with a margin (see build_padded ()) */
  int q0, r0, stride;
  gint16 *ptop;         /* obstacle top of each hex: terrain and units */
  gint16 *pside;        /* per hex and direction */
  gint16 *highest;      /* per hex (index): the highest of ptop and pside, for fans_build () */
  int pstep[3][2];      /* index step of each family and sign */
};

static void build_padded (GbacwLos *los);
static inline int padded_index (const GbacwLos *los, Cube c);
static void refresh_padded_hex (GbacwLos *los, int index);
static void refresh_highest (GbacwLos *los, int index);

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

/* los-unknown-cell: TRUE = standard (the baseline), FALSE = clear. */
static gboolean
unknown_cells_standard (const GbacwScenario *scenario)
{
  return g_strcmp0 (gbacw_scenario_get_option (scenario, "los-unknown-cell"), "clear") != 0;
}

gboolean
gbacw_los_hex_terrain_blocks (const GbacwScenario *scenario, const GbacwHexTerrain *terrain)
{
  switch (gbacw_terrain_blocks_los (scenario, terrain->id))
    {
    case GBACW_TEC_YES:
      return TRUE;
    case GBACW_TEC_ABSENT:
      /* 9.72: a terrain with a height above the ground (trees 20 feet, "other heights
       * … indicated on the map") is blocking terrain */
      return unknown_cells_standard (scenario) && terrain->height != GBACW_UNSET && terrain->height > 0;
    case GBACW_TEC_NO:
    case GBACW_TEC_OTHER:
    default:
      return FALSE;
    }
}

gboolean
gbacw_los_hexside_type_blocks (const GbacwScenario *scenario, const GbacwHexsideType *type)
{
  switch (gbacw_terrain_blocks_los (scenario, type->id))
    {
    case GBACW_TEC_YES:
      return TRUE;
    case GBACW_TEC_ABSENT:
      /* 9.56 note 2 (J), 9.73: "crest hexsides may block the LOS between units on
       * different levels"; J 22.2: steep crests function as crests */
      return unknown_cells_standard (scenario) && type->side == GBACW_SIDE_MODE_ELEVATION;
    case GBACW_TEC_NO:
    case GBACW_TEC_OTHER:
    default:
      return FALSE;
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

  /* 9.71, 9.72: blocking terrain from the chart (an unknown cell read as the
   * los-unknown-cell option says), heights from the catalogue */
  for (guint t = 0; t < cat->hex_terrains->len && t < GBACW_MAX_HEX_TERRAINS; t++)
    {
      const GbacwHexTerrain *terrain = g_ptr_array_index (cat->hex_terrains, t);
      terrain_blocks[t] = gbacw_los_hex_terrain_blocks (scenario, terrain);
      terrain_height[t] = terrain->height;
    }
  for (guint t = 0; t < cat->hexside_types->len && t < GBACW_MAX_HEXSIDE_TYPES; t++)
    {
      const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, t);
      gboolean blocks = gbacw_los_hexside_type_blocks (scenario, type);
      side_crest[t] = blocks && type->side == GBACW_SIDE_MODE_ELEVATION;
      side_blocks[t] = blocks && !side_crest[t];
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
              {
                los->dir_of[k][s] = d;
                los->dir_step[d] = (Cube) { n.x - o.x, n.y - o.y, n.z - o.z };
              }
        }
  }
  los->min_ground = G_MAXINT;
  for (int i = 0; i < los->n_hexes; i++)
    los->min_ground = MIN (los->min_ground, los->ground[i]);
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
  g_free (los->highest);
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
      if (gbacw_hex_grid_contains (&los->grid, a))
        refresh_highest (los, gbacw_hex_grid_index (&los->grid, a));
      if (gbacw_hex_grid_contains (&los->grid, b))
        refresh_highest (los, gbacw_hex_grid_index (&los->grid, b));
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
  Obstacle found = { GBACW_LOS_OBSTACLE_NONE, { 0, 0, 0 }, { 0, 0, 0 }, 0, 0, FALSE };
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
  refresh_highest (los, index);
}

static void
refresh_highest (GbacwLos *los, int index)
{
  int p = padded_index (los, index_cube (los, index));
  gint16 highest = los->ptop[p];

  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    highest = MAX (highest, los->pside[p * 6 + d]);
  los->highest[index] = highest;
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
  g_assert (los->stride < 4096 && rmax - rmin + 5 < 4096);   /* see obstacle_code () */
  n = (gsize) los->stride * (gsize) (rmax - rmin + 5);
  los->ptop = g_new (gint16, n);
  los->pside = g_new (gint16, n * 6);
  los->highest = g_new (gint16, los->n_hexes);
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
  for (int i = 0; i < los->n_hexes; i++)
    refresh_highest (los, i);
  for (int k = 0; k < 3; k++)
    for (int sgn = 0; sgn < 2; sgn++)
      {
        Cube o = { 0, 0, 0 };
        Cube c = cube_across (o, k, sgn ? 1 : -1);
        los->pstep[k][sgn] = c.x + c.z * los->stride;
      }
}

/* The cube coordinates of a padded index. */
static inline Cube
padded_cube (const GbacwLos *los, int p)
{
  int x = p % los->stride + los->q0, z = p / los->stride + los->r0;
  return (Cube) { x, -x - z, z };
}

/* A blocker remembered for the next targets: a hex (direction -1) or one of its hexsides,
 * packed from its padded coordinates (below 4096: maps have at most 999 columns and rows). */
static inline int
obstacle_code (const GbacwLos *los, Cube hex, int direction)
{
  return ((direction + 1) << 24) | ((hex.z - los->r0) << 12) | (hex.x - los->q0);
}

typedef struct {
  Query q;
  Cube start, end;     /* the line is walked from start to end (the obstacles are the same both ways) */
  int n[3];            /* exit time numerators of the three hexside families */
  int den[3];          /* their denominators (0: the line is parallel to that family) */
  int sign[3];
  int clear_within;    /* no obstacle within this distance of end can block: the walk stops there */
} Walk;

static inline void
walk_init (Walk *w, Cube start, Cube end, int clear_within)
{
  Cube delta = { end.x - start.x, end.y - start.y, end.z - start.z };

  w->start = start;
  w->end = end;
  w->clear_within = clear_within;
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
 * that blocks, with *blocker set to its code (see obstacle_code ()), -1 for a line
 * along a hexside. FALSE on reaching end or a hex within w->clear_within of it: the
 * hexes and hexsides still ahead are no farther from end than that hex. The walk keeps
 * only the padded index of its hex; the cube coordinates are worked out for the rare
 * obstacles. */
static gboolean
walk_blocked (const GbacwLos *los, Walk *w, int *blocker)
{
  const Query *q = &w->q;
  int p = padded_index (los, w->start);
  int guard = 2 * q->D + 2;
  int n0 = w->n[0], n1 = w->n[1], n2 = w->n[2];
  const int d0 = w->den[0], d1 = w->den[1], d2 = w->den[2];
  const gboolean all3 = d0 != 0 && d1 != 0 && d2 != 0;
  const gboolean lower_is_end = cube_equal (q->lower, w->end);
  /* 9.73: an obstacle no higher than this blocks nothing (hp - 5 <= 0) */
  const int never_blocks = MIN (q->lower_pos + 5, GBACW_LOS_INFINITE - 1);
  /* inc[a][k]: the change of n[k] when the line crosses a hexside of family a */
  int inc[3][3];
  /* The distance to end, and how much a step across each family shortens it: the line
   * stays between its ends in every cube coordinate, so that is the same all along. */
  int remaining = q->D, nearer[3];
  /* the padded index step and the direction of a step across each family */
  int step[3], dir_of[3];

  for (int i = 0; i < 3; i++)
    for (int k = 0; k < 3; k++)
      inc[i][k] = i == k ? 2 : -w->sign[k] * w->sign[i];
  for (int k = 0; k < 3; k++)
    {
      nearer[k] = q->D - cube_distance (cube_across (w->start, k, w->sign[k]), w->end);
      step[k] = los->pstep[k][w->sign[k] > 0];
      dir_of[k] = los->dir_of[k][w->sign[k] > 0];
    }

  while (guard-- > 0)
    {
      int a = -1, b = -1;
      int pnext, dir = -1;

      if (remaining <= w->clear_within)
        return FALSE;

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
          pnext = p + step[a];
          dir = dir_of[a];
          n0 += inc[a][0];
          n1 += inc[a][1];
          n2 += inc[a][2];
          remaining -= nearer[a];
        }
      else
        {
          Cube hex = padded_cube (los, p);
          Cube first = cube_across (hex, a, w->sign[a]);
          Cube second = cube_across (hex, b, w->sign[b]);
          Cube delta = { w->end.x - w->start.x, w->end.y - w->start.y, w->end.z - w->start.z };
          gint64 towards_second = (gint64) delta.x * (second.x - first.x) + (gint64) delta.y * (second.y - first.y)
                                  + (gint64) delta.z * (second.z - first.z);
          if (towards_second == 0)
            {
              int pa = p + step[a], pb = p + step[b];
              if ((los->ptop[pa] != GBACW_LOS_NONE || los->ptop[pb] != GBACW_LOS_NONE)
                  && check_along (los, q, first, cube_index (los, first), second, cube_index (los, second), NULL))
                {
                  *blocker = -1;
                  return TRUE;
                }
              pnext = pa + pb - p;
              n0 += inc[a][0] + inc[b][0];
              n1 += inc[a][1] + inc[b][1];
              n2 += inc[a][2] + inc[b][2];
              remaining = cube_distance ((Cube) { first.x + second.x - hex.x, first.y + second.y - hex.y,
                                                  first.z + second.z - hex.z },
                                         w->end);
            }
          else
            {
              int c = towards_second < 0 ? a : b;
              pnext = p + step[c];
              dir = dir_of[c];
              n0 += inc[c][0];
              n1 += inc[c][1];
              n2 += inc[c][2];
              remaining -= nearer[c];
            }
        }

      if (dir >= 0)
        {
          int top = los->pside[p * 6 + dir];
          if (G_UNLIKELY (top > never_blocks))
            {
              Cube hex = padded_cube (los, p);
              if (check_side (los, q, hex, padded_cube (los, pnext), top, NULL))
                {
                  *blocker = obstacle_code (los, hex, dir);
                  return TRUE;
                }
            }
        }
      p = pnext;
      if (remaining == 0)
        return FALSE;   /* at end */
      /* the hex's distance from the lower end: the line's hexes are all as far from
       * one end as D less their distance from the other */
      if (los->ptop[p] > never_blocks
          && blocks (q, los->ptop[p], 2 * (lower_is_end ? remaining : q->D - remaining)))
        {
          *blocker = obstacle_code (los, padded_cube (los, p), -1);
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

/* A blocker found for a neighbouring target (see obstacle_code ()): whether it blocks
 * this line too. */
static inline gboolean
candidate_blocks (const GbacwLos *los, const Query *q, int code)
{
  int px = code & 0xfff, pz = (code >> 12) & 0xfff, direction = (code >> 24) - 1;
  int p = px + pz * los->stride;
  Cube a = { px + los->q0, 0, pz + los->r0 };

  a.y = -a.x - a.z;
  if (direction < 0)   /* 9.7: an intervening hex, never the firer's or the target's */
    return !cube_equal (a, q->to) && !cube_equal (a, q->from) && on_line (q, a)
           && blocks (q, los->ptop[p], 2 * cube_distance (a, q->lower));

  Cube step = los->dir_step[direction];
  Cube b = { a.x + step.x, a.y + step.y, a.z + step.z };
  return crosses_side (q, a, b) && check_side (los, q, a, b, los->pside[p * 6 + direction], NULL);
}

/* ------------------------------------------------------------------ fans */

/* Fans: a bound computed once per observer that lets most walks stop early.
 *
 * 9.73 blocks when H dp2 < (top - 5 - lower_pos) 2D. Write rise for the target's
 * position less the observer's, c for an obstacle's top less 5 ft less the observer's
 * position and e2 for twice its distance from the observer (a hexside: the sum of its
 * two hexes' distances). With the observer at the lower end (rise >= 0) dp2 = e2 and
 * the test is exactly rise e2 < 2c D; with the target lower, dp2 >= 2D - e2 (triangle
 * inequality) and rise e2 < 2c D is still necessary. So an obstacle can block only a
 * line less steep, seen from the observer, than the obstacle itself (2c / e2).
 *
 * The directions round the observer are cut into FAN_SECTORS sectors. Each obstacle is
 * listed in every sector in which some point of it lies, and each sector keeps, by
 * distance, only the obstacles steeper than all nearer ones. The first of them steeper
 * than a line is the nearest obstacle that could block it: the walk from the target
 * stops short of it, and is not needed when there is none. Every hex and hexside a
 * line touches has a point in the line's direction, so the answers stay exact. A line
 * along a hexside (9.7) is tested against the two hexes it touches, each listed as a
 * hex; with both-block, at the lower top and their mean distance, which passes the
 * test above only if one of the two hexes does. */

#define FAN_SECTORS 4096   /* a power of two; finer sectors list fewer obstacles that a line misses */

typedef struct {
  int e2;   /* twice the distance from the observer */
  int c2;   /* twice (top - 5 - the observer's position) */
} FanEntry;

typedef struct {
  Cube observer;
  int observer_pos;
  int *start;          /* each sector's entries: start[s] .. start[s] + len[s] */
  int *len;
  FanEntry *entries;
} Fans;

typedef struct {
  FanEntry entry;
  int first, last;   /* its sectors: first .. last, modulo FAN_SECTORS */
} FanObstacle;

/* An increasing function of the direction's angle, counter-clockwise, in [0, 4) (the
 * opposite direction is 2 more, modulo 4): cheaper than atan2 and as good for cutting
 * the directions into sectors. */
static inline double
pseudo_angle (double u, double v)
{
  double r = v / ((u < 0 ? -u : u) + (v < 0 ? -v : v));
  return (u >= 0 ? r : 2 - r) + 1;
}

/* The direction from the centre of o to a point given in thirds of a hex from the
 * centre of c, in a plane where the cube axes are 120 degrees apart (any linear map
 * would do; this one keeps the sectors about equally wide). */
static inline double
fan_angle (Cube o, Cube c, int x3, int z3)
{
  double dx = 3.0 * (c.x - o.x) + x3, dz = 3.0 * (c.z - o.z) + z3;
  return pseudo_angle (dx + dz / 2, dz * 0.8660254037844386);
}

static inline int
fan_sector (double angle)
{
  return CLAMP ((int) (angle * (FAN_SECTORS / 4)), 0, FAN_SECTORS - 1);
}

/* The corners of a hex, in thirds of a hex in cube (x, z) from its centre. */
static const int hex_corners[6][2] = { { 2, -1 }, { 1, -2 }, { -1, -1 }, { -2, 1 }, { -1, 2 }, { 1, 1 } };

/* Lists an obstacle in the sectors of the convex polygon with these corners (thirds of
 * a hex from the centre of c), with a sector to spare each side against rounding. The
 * polygon does not hold o, so it is seen within half a turn: a spread of more than 2
 * means that it straddles angle 0. */
static void
fan_add (GArray *obstacles, Cube o, Cube c, const int (*corners)[2], int n_corners, int e2, int top,
         int observer_pos)
{
  FanObstacle ob;
  double angle[6], lo = 4, hi = 0;

  for (int i = 0; i < n_corners; i++)
    {
      angle[i] = fan_angle (o, c, corners[i][0], corners[i][1]);
      lo = MIN (lo, angle[i]);
      hi = MAX (hi, angle[i]);
    }
  if (hi - lo > 2)
    {
      lo = 4;
      hi = 0;
      for (int i = 0; i < n_corners; i++)
        {
          double a = angle[i] < 2 ? angle[i] + 4 : angle[i];
          lo = MIN (lo, a);
          hi = MAX (hi, a);
        }
    }
  ob.first = (int) (lo * (FAN_SECTORS / 4)) - 1 + FAN_SECTORS;
  ob.last = (int) (hi * (FAN_SECTORS / 4)) + 1 + FAN_SECTORS;
  ob.entry.e2 = e2;
  /* an unlimited obstacle is steeper than any line: rise e2 < c2 D whatever the numbers */
  ob.entry.c2 = top >= GBACW_LOS_INFINITE ? 1 << 28 : 2 * (top - 5 - observer_pos);
  g_array_append_val (obstacles, ob);
}

static void
fans_build (const GbacwLos *los, Fans *fans, int from_hex, int from_unit, int to_unit)
{
  Cube o = index_cube (los, from_hex);
  int from_pos = los->ground[from_hex] + from_unit;
  /* No line's lower end is below lowest_end: an obstacle whose top less 5 ft is no
   * higher blocks nothing (9.73: hp - 5 <= 0). */
  int lowest_end = MIN (from_pos, los->min_ground + to_unit);
  g_autoptr (GArray) obstacles = g_array_new (FALSE, FALSE, sizeof (FanObstacle));
  g_autofree FanObstacle *sorted = NULL;
  g_autofree int *by_e2 = NULL;
  int max_e2 = 0, total = 0;

  fans->observer = o;
  fans->observer_pos = from_pos;
  for (int row = 0, i = 0; row < los->grid.rows; row++)
    for (int col = 0; col < los->grid.columns; col++, i++)
      {
        Cube c;
        const gint16 *side;
        int p, top, e;

        if (los->highest[i] - 5 <= lowest_end)
          continue;
        if (i == from_hex)
          continue;   /* 9.7: never the firer's hex, nor its hexsides */
        c = offset_to_cube (&los->grid, col, row);
        p = padded_index (los, c);
        side = los->pside + p * 6;
        top = los->ptop[p];
        e = cube_distance (c, o);
        if (top - 5 > lowest_end)
          fan_add (obstacles, o, c, hex_corners, 6, 2 * e, top, from_pos);
        for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
          {
            Cube u = los->dir_step[d];
            Cube n = { c.x + u.x, c.y + u.y, c.z + u.z };
            int ni, en, ends[2][2], m = 0;

            if (side[d] - 5 <= lowest_end)
              continue;
            ni = cube_index (los, n);
            if (ni >= 0 && ni < i)
              continue;   /* listed from the other hex */
            en = cube_distance (n, o);
            if (en == 0 || (e == 1 && en == 1))
              continue;   /* 9.7: common with or adjacent to the firer's hex */
            /* its ends: the corners of c shared with n, (u + w) / 3 for the two unit
             * steps w next to u */
            for (int k = 0; k < GBACW_HEX_DIRECTIONS && m < 2; k++)
              {
                Cube w = los->dir_step[k];
                if (u.x * w.x + u.y * w.y + u.z * w.z == 1)
                  {
                    ends[m][0] = u.x + w.x;
                    ends[m][1] = u.z + w.z;
                    m++;
                  }
              }
            fan_add (obstacles, o, c, (const int (*)[2]) ends, 2, e + en, side[d], from_pos);
            max_e2 = MAX (max_e2, e + en);
          }
        max_e2 = MAX (max_e2, 2 * e);
      }

  /* sorted by distance (a counting sort), and each sector's room counted */
  by_e2 = g_new0 (int, max_e2 + 2);
  sorted = g_new (FanObstacle, MAX (obstacles->len, 1));
  fans->start = g_new (int, FAN_SECTORS + 1);
  fans->len = g_new0 (int, FAN_SECTORS);
  for (guint i = 0; i < obstacles->len; i++)
    {
      const FanObstacle *ob = &g_array_index (obstacles, FanObstacle, i);
      by_e2[ob->entry.e2 + 1]++;
      for (int s = ob->first; s <= ob->last; s++)
        fans->len[s & (FAN_SECTORS - 1)]++;
    }
  for (int e2 = 0; e2 <= max_e2; e2++)
    by_e2[e2 + 1] += by_e2[e2];
  for (guint i = 0; i < obstacles->len; i++)
    {
      const FanObstacle *ob = &g_array_index (obstacles, FanObstacle, i);
      sorted[by_e2[ob->entry.e2]++] = *ob;
    }
  for (int s = 0; s < FAN_SECTORS; s++)
    {
      fans->start[s] = total;
      total += fans->len[s];
      fans->len[s] = 0;
    }
  fans->start[FAN_SECTORS] = total;

  /* each sector keeps the obstacles steeper than all nearer ones: c2 / e2 increases */
  fans->entries = g_new (FanEntry, MAX (total, 1));
  for (guint i = 0; i < obstacles->len; i++)
    {
      const FanEntry entry = sorted[i].entry;
      for (int s = sorted[i].first; s <= sorted[i].last; s++)
        {
          int sector = s & (FAN_SECTORS - 1);
          FanEntry *list = fans->entries + fans->start[sector];
          int n = fans->len[sector];
          if (n > 0 && (gint64) entry.c2 * list[n - 1].e2 <= (gint64) list[n - 1].c2 * entry.e2)
            continue;
          list[n] = entry;
          fans->len[sector] = n + 1;
        }
    }
}

static void
fans_free (Fans *fans)
{
  g_free (fans->start);
  g_free (fans->len);
  g_free (fans->entries);
}

/* The distance from the observer within which no obstacle can block the line to
 * target: the nearest one that could is farther (G_MAXINT / 2 when there is none). */
static inline int
fans_clear_within (const Fans *fans, Cube target, int to_pos, int D)
{
  int sector = fan_sector (fan_angle (fans->observer, target, 0, 0));
  const FanEntry *entry = fans->entries + fans->start[sector];
  int n = fans->len[sector];
  gint64 rise = to_pos - fans->observer_pos;

  /* the first entry steeper than the line (rise e2 < c2 D), by a binary search
   * without branches; the steepest is last */
  if (n == 0 || rise * entry[n - 1].e2 >= (gint64) entry[n - 1].c2 * D)
    return G_MAXINT / 2;
  while (n > 1)
    {
      int half = n / 2;
      entry = rise * entry[half - 1].e2 < (gint64) entry[half - 1].c2 * D ? entry : entry + half;
      n -= half;
    }
  return (entry->e2 - 1) / 2;
}
/* The targets are done row by row, outward from the observer's row, and in each row
 * outward from the observer's column: shadows spread outward, so the hexes next to a
 * target on the observer's side, already done, were mostly blocked by what blocks it.
 *
 * The rows are taken from ranges, each gone through outward by one thread: at first
 * two, the observer's row and those above it, and the rows below. On large maps two
 * threads start with one each; a thread with nothing left takes a range nobody has
 * started, else the outer half of what the other has left (only the first row of that
 * half lacks the row before it), so that both keep busy to the end. */
#define MAX_ROW_RANGES 64

typedef struct {
  int next, end, step;   /* rows next, next + step, ... up to end (excluded) */
  int thread;            /* the one going through it, -1 none yet */
} RowRange;

typedef struct {
  const GbacwLos *los;
  int from_hex, from_unit, to_unit;
  guint8 *visible;
  int *blocker;                /* per target, the code of what blocked it, -1 none */
  int *done_by;                /* per row, the thread that has done it, -1 none */
  const Fans *fans;            /* published once built (atomically); NULL: walk all the way */
  GMutex lock;                 /* for the ranges */
  RowRange ranges[MAX_ROW_RANGES];
  int n_ranges;
} VisibleShared;

typedef struct {
  VisibleShared *shared;
  int thread;                  /* 0 or 1 */
  guint n_visible;
} VisibleJob;

/* One row; prev_row (-1: none) is the row next to it on the observer's side, done by
 * this thread. Returns the number of hexes visible in it (counted here rather than in
 * the job, which shares a cache line with the other thread's). */
static guint
visible_row (const VisibleShared *sh, const Fans *fans, int row, int prev_row)
{
  const GbacwLos *los = sh->los;
  const GbacwHexGrid *grid = &los->grid;
  Cube from = index_cube (los, sh->from_hex);
  int from_pos = los->ground[sh->from_hex] + sh->from_unit;
  int observer_col = sh->from_hex % grid->columns;
  int *blocker = sh->blocker;
  guint n_visible = 0;

  for (int half = 0; half < 2; half++)
    {
      /* the observer's column and leftward, then rightward */
      int first = half == 0 ? observer_col : observer_col + 1;
      int end = half == 0 ? -1 : grid->columns;
      int inward = half == 0 ? 1 : -1;   /* the column done just before, in this row */

      for (int col = first; col != end; col -= inward)
        {
          int index = row * grid->columns + col;
          int prev = prev_row * grid->columns + col;
          int to_pos = los->ground[index] + sh->to_unit;
          gboolean blocked = FALSE;
          Walk w;
          Query *q = &w.q;

          blocker[index] = -1;
          q->from = from;
          q->to = offset_to_cube (grid, col, row);
          q->from_index = sh->from_hex;
          q->to_index = index;
          q->D = cube_distance (q->from, q->to);
          if (q->D <= 1)
            {
              sh->visible[index] = 1;   /* 9.24 */
              n_visible++;
              continue;
            }
          q->H = abs (from_pos - to_pos);
          q->lower = from_pos <= to_pos ? q->from : q->to;
          q->lower_pos = MIN (from_pos, to_pos);

          /* Obstacles cast shadows: first try what blocked the targets next to this
           * one that are done. */
          int candidates[4] = { col != observer_col ? blocker[index + inward] : -1,
                                prev_row >= 0 ? blocker[prev] : -1,
                                prev_row >= 0 && col > 0 ? blocker[prev - 1] : -1,
                                prev_row >= 0 && col + 1 < grid->columns ? blocker[prev + 1] : -1 };
          for (int c = 0; c < 4 && !blocked; c++)
            {
              int o = candidates[c];
              if (o < 0 || (c > 0 && o == candidates[0]) || (c > 1 && o == candidates[1])
                  || (c > 2 && o == candidates[2]))
                continue;
              if (candidate_blocks (los, q, o))
                {
                  blocker[index] = o;
                  blocked = TRUE;
                }
            }
          if (!blocked)
            {
              /* Then the walk from the target, as far as an obstacle could block (see
               * Fans): a hex near the target that blocks (woods round it) is found at
               * once; the shadows of those near the firer are caught above. */
              int clear_within = fans ? fans_clear_within (fans, q->to, to_pos, q->D) : -1;
              if (clear_within < q->D)
                {
                  walk_init (&w, q->to, q->from, clear_within);
                  blocked = walk_blocked (los, &w, &blocker[index]);
                }
            }
          sh->visible[index] = !blocked;
          n_visible += !blocked;
        }
    }
  return n_visible;
}

static inline int
range_rows (const RowRange *range)
{
  return (range->end - range->next) * range->step;
}

/* Takes the next row for this thread (-1 when none are left). *prev_row is the row
 * before it in its range if this thread has done that row, else -1. */
static int
take_row (VisibleShared *sh, int thread, int *prev_row)
{
  RowRange *range = NULL;
  int row;

  g_mutex_lock (&sh->lock);
  for (int i = 0; i < sh->n_ranges && range == NULL; i++)
    if (sh->ranges[i].thread == thread && range_rows (&sh->ranges[i]) > 0)
      range = &sh->ranges[i];
  for (int i = 0; i < sh->n_ranges && range == NULL; i++)
    if (sh->ranges[i].thread < 0 && range_rows (&sh->ranges[i]) > 0)
      {
        range = &sh->ranges[i];
        range->thread = thread;
      }
  for (int i = 0; i < sh->n_ranges && range == NULL && sh->n_ranges < MAX_ROW_RANGES; i++)
    {
      RowRange *other = &sh->ranges[i];
      int rows = range_rows (other);
      if (rows >= 2)
        {
          int middle = other->next + (rows + 1) / 2 * other->step;
          range = &sh->ranges[sh->n_ranges++];
          *range = (RowRange) { middle, other->end, other->step, thread };
          other->end = middle;
        }
    }
  if (range == NULL)
    {
      g_mutex_unlock (&sh->lock);
      return -1;
    }
  row = range->next;
  range->next += range->step;
  g_mutex_unlock (&sh->lock);

  *prev_row = row - range->step;
  if (*prev_row < 0 || *prev_row >= sh->los->grid.rows || g_atomic_int_get (&sh->done_by[*prev_row]) != thread)
    *prev_row = -1;
  return row;
}

static gpointer
visible_rows (gpointer data)
{
  VisibleJob *job = data;
  VisibleShared *sh = job->shared;
  int row, prev_row;

  while ((row = take_row (sh, job->thread, &prev_row)) >= 0)
    {
      job->n_visible += visible_row (sh, g_atomic_pointer_get (&sh->fans), row, prev_row);
      g_atomic_int_set (&sh->done_by[row], job->thread);
    }
  return NULL;
}

guint
gbacw_los_visible_from (const GbacwLos *los, int from_hex, int from_unit, int to_unit, guint8 *visible)
{
  g_autofree int *blocker = NULL;
  g_autofree int *done_by = NULL;
  VisibleShared shared = { 0 };
  VisibleJob jobs[2];
  Fans fans;
  GThread *helper = NULL;
  gboolean two = los->n_hexes >= 4096 && g_get_num_processors () > 1;
  int observer_row;
  guint n_visible;

  g_return_val_if_fail (from_hex >= 0 && from_hex < los->n_hexes, 0);
  blocker = g_new (int, los->n_hexes);
  done_by = g_new (int, los->grid.rows);
  for (int row = 0; row < los->grid.rows; row++)
    done_by[row] = -1;
  observer_row = from_hex / los->grid.columns;
  shared = (VisibleShared) { los, from_hex, from_unit, to_unit, visible, blocker, done_by, NULL };
  g_mutex_init (&shared.lock);
  shared.ranges[0] = (RowRange) { observer_row, -1, -1, 0 };
  shared.ranges[1] = (RowRange) { observer_row + 1, los->grid.rows, 1, two ? 1 : -1 };
  shared.n_ranges = 2;
  for (int j = 0; j < 2; j++)
    jobs[j] = (VisibleJob) { &shared, j, 0 };

  /* Large maps: a second thread starts on its rows at once, walking without the fans
   * until this one has built them (the same answers either way). */
  if (two)
    helper = g_thread_new ("gbacw-los", visible_rows, &jobs[1]);
  fans_build (los, &fans, from_hex, from_unit, to_unit);
  g_atomic_pointer_set (&shared.fans, &fans);
  visible_rows (&jobs[0]);
  n_visible = jobs[0].n_visible;
  if (helper)
    {
      g_thread_join (helper);
      n_visible += jobs[1].n_visible;
    }
  g_mutex_clear (&shared.lock);
  fans_free (&fans);
  return n_visible;
}
