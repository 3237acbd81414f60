/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-map.c: the map helpers the Jackson at the Crossroads modules share
 * (gbacw-rule-jackson-map.h). */
#define G_LOG_DOMAIN "gbacw-rule-jackson-map"

#include "gbacw-rule-jackson-map.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-melee.h"

guint32
gbacw_jackson_style_bits (const GbacwCatalogue *catalogue, const char *style)
{
  guint32 bits = 0;

  for (guint t = 0; t < catalogue->hexside_types->len && t < 32; t++)
    if (g_strcmp0 (((const GbacwHexsideType *) g_ptr_array_index (catalogue->hexside_types, t))->style, style) == 0)
      bits |= 1u << t;
  return bits;
}

GbacwHexsideId
gbacw_jackson_hexside_between (const GbacwGame *game, int a, int b)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  int d = gbacw_game_direction_between (game, a, b);
  return d >= 0 ? gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, a), d) : GBACW_HEXSIDE_NONE;
}

GArray *
gbacw_jackson_hexside_pairs (const GbacwGame *game, const char *value)
{
  g_autofree char *why = NULL;
  GArray *ids = value ? gbacw_exclusive_parse_hexsides (game->scenario->map, value, &why) : NULL;

  return ids ? ids : g_array_new (FALSE, FALSE, sizeof (GbacwHexsideId));   /* the validator reports why */
}

gboolean
gbacw_jackson_has_hexside (const GArray *hexsides, GbacwHexsideId id)
{
  for (guint i = 0; hexsides && i < hexsides->len; i++)
    if (g_array_index (hexsides, GbacwHexsideId, i) == id)
      return TRUE;
  return FALSE;
}

void
gbacw_jackson_melee_per_stack (const GbacwGame *game, const GArray *attackers, int hex,
                               gboolean (*crosses) (const GbacwGame *game, gconstpointer data, int from, int to),
                               gconstpointer data, const char *style, int points, gpointer odds_data)
{
  GbacwMeleeOdds *odds = odds_data;
  g_autoptr (GArray) stacks = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < attackers->len; i++)
    {
      int unit = g_array_index (attackers, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      int s, with_it, without;
      if (u->hex == hex || !crosses (game, data, u->hex, hex))
        continue;
      /* the chart's cell for the hexside (12.31, per unit), given back: counted per stack */
      s = gbacw_melee_unit_strength (game, unit, TRUE, FALSE, FALSE, FALSE);
      with_it = MIN (s, -gbacw_melee_terrain_points (game, unit, hex, NULL));
      without = MIN (s, -gbacw_melee_terrain_points (game, unit, hex, style));
      odds->attack_base += with_it - without;
      odds->terrain -= with_it - without;
      odds->attack += with_it - without;
      if (!gbacw_int_array_has (stacks, u->hex))
        g_array_append_val (stacks, u->hex);
    }
  odds->attack -= points * (int) stacks->len;
  odds->exclusive -= points * (int) stacks->len;
  if (odds->attack < 0)
    {
      odds->exclusive -= odds->attack;
      odds->attack = 0;
    }
}

void
gbacw_jackson_queue_question (GbacwGame *game, gconstpointer data, const char *rule_case)
{
  GbacwPending *p = gbacw_pending_new_exclusive (game, data, game->phasing_side, -1, -1, rule_case);

  gbacw_game_queue_pending (game, p, NULL);
}
