/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-corinth-works.c: the sides of Corinth's works and redans, and their line of sight
 * (C 23.1, 23.2, 23.28). */
#define G_LOG_DOMAIN "gbacw-corinth-works"

#include "gbacw-corinth-works.h"

#include "gbacw-fire.h"

guint32
gbacw_corinth_style_mask (const GbacwScenario *scenario, const char *style)
{
  const GbacwCatalogue *cat = &scenario->catalogue;
  guint32 mask = 0;

  for (guint t = 0; t < cat->hexside_types->len && t < 32; t++)
    {
      const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, t);
      if (type->side == GBACW_SIDE_MODE_INSIDE && g_strcmp0 (type->style, style) == 0)
        mask |= 1u << t;
    }
  return mask;
}

void
gbacw_corinth_hexside_sides (const GbacwScenario *scenario, int hex, int direction, guint32 types, guint32 *inner,
                             guint32 *outer)
{
  const GbacwMap *map = scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex), direction);
  guint32 features = id != GBACW_HEXSIDE_NONE ? map->hexside_features[id] & types : 0;
  guint32 in = 0, out = 0;

  if (features)
    {
      GbacwHex a;
      gboolean we_are_a;
      gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, NULL);
      we_are_a = gbacw_hex_grid_index (grid, a) == hex;
      for (guint32 k = features; k; k &= k - 1)
        {
          int t = g_bit_nth_lsf (k, -1);
          gboolean inside_is_b = (map->hexside_inside[id] >> t) & 1;
          if (we_are_a != inside_is_b)
            in |= 1u << t;
          else
            out |= 1u << t;
        }
    }
  if (inner)
    *inner = in;
  if (outer)
    *outer = out;
}

guint
gbacw_corinth_inner_directions (const GbacwScenario *scenario, int hex, guint32 types)
{
  guint mask = 0;

  if (types == 0 || hex < 0)
    return 0;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      guint32 inner;
      gbacw_corinth_hexside_sides (scenario, hex, d, types, &inner, NULL);
      if (inner)
        mask |= 1u << d;
    }
  return mask;
}

void
gbacw_corinth_works_los_prepare (GbacwLos *los, const GbacwScenario *scenario, guint32 types, int height)
{
  const GbacwMap *map = scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  guint32 n = gbacw_hex_grid_n_hexside_ids (grid);

  if (types == 0)
    return;
  for (guint32 id = 0; id < n; id++)
    {
      GbacwHex a, b;
      int ia, ib, top;
      if (!(map->hexside_features[id] & types) || !gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b))
        continue;
      ia = gbacw_hex_grid_index (grid, a);
      ib = gbacw_hex_grid_index (grid, b);
      if (ia < 0 && ib < 0)
        continue;
      top = MAX (ia >= 0 ? gbacw_los_ground (los, ia) : G_MININT, ib >= 0 ? gbacw_los_ground (los, ib) : G_MININT) + height;
      gbacw_los_set_hexside_top (los, id, MAX (top, gbacw_los_get_hexside_top (los, id)));
    }
}

gboolean
gbacw_corinth_works_los_adjust (const GbacwGame *game, int from, int to, guint32 types, int raise,
                                GbacwLosResult *result)
{
  const GbacwScenario *s = game->scenario;
  int up_from = gbacw_corinth_inner_directions (s, from, types) ? raise : 0;
  int up_to = gbacw_corinth_inner_directions (s, to, types) ? raise : 0;
  gboolean was;

  if ((up_from == 0 && up_to == 0) || result->adjacent)
    return FALSE;
  was = result->clear;
  gbacw_los_check (game->los, from, to, MAX (GBACW_LOS_MAN_HEIGHT, gbacw_los_get_unit_height (game->los, from)) + up_from,
                   MAX (GBACW_LOS_MAN_HEIGHT, gbacw_los_get_unit_height (game->los, to)) + up_to, result);
  return result->clear != was;
}
