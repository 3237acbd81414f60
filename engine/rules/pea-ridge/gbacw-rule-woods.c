/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-woods.c: light and heavy woods (P 21.21-21.23).
 *
 *  - 21.21: heavy woods block the Line of Sight unless the two units are adjacent (9.24).
 *  - 21.22: a Line of Sight may be traced through one light woods hex into a hex of any
 *    terrain (0832 sees 0834, not 0835): through light-through light woods hexes, no more.
 *  - 21.21, 21.22: the occupant of a woods hex gets a favourable shift (the Terrain
 *    Effects on Combat Chart's fire-shift cell, which the engine reads for every hex
 *    terrain); a unit fired on through light woods gets the light woods shift too, once
 *    (21.23: at most one light-woods shift, occupying and fired through alike).
 * The trees are no obstacle of the 9.72-9.73 kind here: these rules replace the height
 * test for woods hexes (other obstacles, crests and hills, still count).
 *
 * Parameters (<exclusive id="pearidge.woods">):
 *   heavy          the hex terrain ids of heavy woods (default "heavy-woods")
 *   light          the hex terrain ids of light woods (default "light-woods")
 *   light-through  light woods hexes a Line of Sight may pass through (default 1)
 *   case           the case cited (default "P 21.2")
 */
#define G_LOG_DOMAIN "gbacw-rule-woods"

#include "gbacw-rule-modules.h"

#include <string.h>

#include "gbacw-combat-charts.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game.h"

typedef struct {
  guint64 heavy, light;   /* hex terrain bits */
  char *light_id;         /* the first light woods terrain, for its chart shift */
  int light_through;
} Woods;

static guint64
terrain_bits (const GbacwScenario *s, const char *ids, char **first)
{
  g_auto (GStrv) words = g_strsplit_set (ids, " ,", -1);
  guint64 bits = 0;

  for (guint i = 0; words[i]; i++)
    for (guint t = 0; *words[i] && t < s->catalogue.hex_terrains->len && t < 64; t++)
      if (g_strcmp0 (((const GbacwHexTerrain *) g_ptr_array_index (s->catalogue.hex_terrains, t))->id, words[i]) == 0)
        {
          bits |= G_GUINT64_CONSTANT (1) << t;
          if (first && *first == NULL)
            *first = g_strdup (words[i]);
        }
  return bits;
}

static gpointer
woods_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Woods *w = g_new0 (Woods, 1);
  const char *heavy = gbacw_exclusive_rule_get_param (rule, "heavy");
  const char *light = gbacw_exclusive_rule_get_param (rule, "light");

  w->heavy = terrain_bits (game->scenario, heavy ? heavy : "heavy-woods", NULL);
  w->light = terrain_bits (game->scenario, light ? light : "light-woods", &w->light_id);
  w->light_through = gbacw_exclusive_rule_get_int (rule, "light-through", 1);
  return w;
}

static void
woods_finalize (gpointer data)
{
  Woods *w = data;
  g_free (w->light_id);
  g_free (w);
}

/* The trees of woods hexes are no 9.72 obstacle: 21.21-21.22 decide instead. */
static void
woods_los_prepare (GbacwLos *los, const GbacwScenario *scenario, gpointer data)
{
  const Woods *w = data;
  int n = gbacw_hex_grid_n_hexes (&scenario->map->grid);

  for (int hex = 0; hex < n; hex++)
    if (scenario->map->terrain[hex] & (w->heavy | w->light))
      gbacw_los_set_hex_top (los, hex, gbacw_los_ground (los, hex));
}

/* The woods hexes the line from -> to passes through (neither end): *light counted,
 * the first heavy woods hex and the (light_through + 1)th light one in *heavy_hex and
 * *over_hex, -1. A line along a hexside passes through woods when either hex has them. */
static void
woods_on_line (const GbacwGame *game, const Woods *w, int from, int to, int *light, int *heavy_hex, int *over_hex)
{
  const GbacwMap *map = game->scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwLineStep));

  *light = 0;
  *heavy_hex = *over_hex = -1;
  gbacw_hex_grid_line (grid, gbacw_hex_grid_hex_at (grid, from), gbacw_hex_grid_hex_at (grid, to), steps);
  for (guint i = 0; i < steps->len; i++)
    {
      const GbacwLineStep *step = &g_array_index (steps, GbacwLineStep, i);
      int a = gbacw_hex_grid_index (grid, step->hex);
      int b = step->along_hexside ? gbacw_hex_grid_index (grid, step->other) : -1;
      guint64 terrain = 0;
      int where = a;
      if (a == from || a == to)
        continue;
      if (a >= 0)
        terrain |= map->terrain[a];
      if (b >= 0)
        {
          terrain |= map->terrain[b];
          if (a < 0 || !(map->terrain[a] & (w->heavy | w->light)))
            where = b;
        }
      if ((terrain & w->heavy) && *heavy_hex < 0)
        *heavy_hex = where;
      else if (terrain & w->light)
        {
          if (++*light > w->light_through && *over_hex < 0)
            *over_hex = where;
        }
    }
}

static void
woods_los_adjust (const GbacwGame *game, gpointer data, int from, int to, GbacwLosResult *result)
{
  const Woods *w = data;
  int light, heavy_hex, over_hex, blocker;

  if (result->adjacent || !result->clear)
    return;   /* 9.24, P 21.21: adjacent units always see each other */
  woods_on_line (game, w, from, to, &light, &heavy_hex, &over_hex);
  blocker = heavy_hex >= 0 ? heavy_hex : over_hex;
  if (blocker < 0)
    return;
  result->clear = FALSE;
  result->kind = GBACW_LOS_OBSTACLE_HEX;
  result->hex = blocker;
  result->other_hex = -1;
  result->obstacle_is_unit = FALSE;
  result->obstacle_top = GBACW_LOS_INFINITE;
}

/* P 21.22-21.23: fired on through light woods, the light woods shift, unless the target
 * occupies light woods (the engine's terrain shift then gives it). */
static int
woods_fire_shift (const GbacwGame *game, gpointer data, const GbacwFireResolution *res)
{
  const Woods *w = data;
  int shift = 0;

  if (w->light_id == NULL || (game->scenario->map->terrain[res->target_hex] & w->light)
      || !gbacw_terrain_fire_shift (game->scenario, w->light_id, &shift))
    return 0;
  for (guint c = 0; c < res->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
      int light, heavy_hex, over_hex;
      woods_on_line (game, w, fc->hex, res->target_hex, &light, &heavy_hex, &over_hex);
      if (light > 0)
        return shift;
    }
  return 0;
}

const GbacwRuleHooks gbacw_rule_pearidge_woods = {
  .id = "pearidge.woods",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = woods_init,
  .finalize = woods_finalize,
  .los_prepare = woods_los_prepare,
  .los_adjust = woods_los_adjust,
  .fire_shift = woods_fire_shift,
};
