/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-corinth-terrain.c: terrain and line types named by the Corinth modules'
 * parameters (C 23.31, 24.3). */
#define G_LOG_DOMAIN "gbacw-corinth-terrain"

#include "gbacw-corinth-terrain.h"

guint64
gbacw_corinth_terrain_mask (const GbacwScenario *scenario, const char *ids, const char *fallback)
{
  g_auto (GStrv) names = g_strsplit_set (ids ? ids : fallback, " ,", -1);
  guint64 mask = 0;

  for (guint i = 0; names[i]; i++)
    {
      int t = *names[i] ? gbacw_catalogue_find_hex_terrain (&scenario->catalogue, names[i]) : -1;
      if (t >= 0 && t < 64)
        mask |= G_GUINT64_CONSTANT (1) << t;
    }
  return mask;
}

guint16
gbacw_corinth_line_mask (const GbacwScenario *scenario, const char *ids, const char *fallback)
{
  g_auto (GStrv) names = g_strsplit_set (ids ? ids : fallback, " ,", -1);
  guint16 mask = 0;

  for (guint i = 0; names[i]; i++)
    {
      int t = *names[i] ? gbacw_catalogue_find_line_type (&scenario->catalogue, names[i]) : -1;
      if (t >= 0 && t < 16)
        mask |= (guint16) (1u << t);
    }
  return mask;
}

gboolean
gbacw_corinth_step_along (const GbacwGame *game, int from, int to, guint16 lines)
{
  const GbacwMap *map = game->scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  int d = gbacw_game_direction_between (game, from, to);
  GbacwHexsideId id;

  if (d < 0 || lines == 0)
    return FALSE;
  id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, from), d);
  return id != GBACW_HEXSIDE_NONE && (map->hexside_lines[id] & lines) != 0;
}
