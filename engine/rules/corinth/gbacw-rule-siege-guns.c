/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-siege-guns.c: the siege guns of Batteries Phillips and Williams (C 24.3).
 *
 * "The guns of these batteries (the HC's and PC's) may only move one hex per turn. They
 * may not enter a woods hex except along a road or track. Their crews are free to move if
 * routed": the batteries named move one hex in a Movement Phase (a unit moves in its own
 * only, so one a Game-Turn), a step into woods only across a hexside a road or track
 * crosses. Their crew counters (24.21, the crew-markers module) are units of their own and
 * move freely.
 *
 * Parameters (<exclusive id="corinth.siege-guns">):
 *   units     the batteries' unit ids (required; the kits: u-bty-phillips u-bty-williams)
 *   terrain   the woods' hex terrain ids (default "woods")
 *   along     the line type ids a siege gun may enter woods along (default "road track")
 */
#define G_LOG_DOMAIN "gbacw-rule-siege-guns"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "corinth/gbacw-corinth-terrain.h"
#include "gbacw-game.h"

typedef struct {
  GHashTable *units;   /* unit ids */
  guint64 woods;
  guint16 along;
} Siege;

static gpointer
siege_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Siege *s = g_new0 (Siege, 1);
  g_auto (GStrv) ids = g_strsplit_set (gbacw_exclusive_rule_get_param (rule, "units") ?: "", " ,", -1);

  s->units = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; ids[i]; i++)
    if (*ids[i])
      g_hash_table_add (s->units, g_strdup (ids[i]));
  s->woods = gbacw_corinth_terrain_mask (game->scenario, gbacw_exclusive_rule_get_param (rule, "terrain"), "woods");
  s->along = gbacw_corinth_line_mask (game->scenario, gbacw_exclusive_rule_get_param (rule, "along"), "road track");
  return s;
}

static void
siege_finalize (gpointer data)
{
  Siege *s = data;
  g_hash_table_unref (s->units);
  g_free (s);
}

static gboolean
siege_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const Siege *s = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = NULL;

  if (u->type != GBACW_UNIT_ARTILLERY || u->oob == NULL || !g_hash_table_contains (s->units, u->oob->id))
    return TRUE;
  label = gbacw_game_unit_label (game, unit);
  /* a later step of the path starts elsewhere than the unit (or it has moved already) */
  if (from != u->hex || u->hexes_moved > 0)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[C 24.3] %s has siege guns and moves only one hex a Game-Turn"), label);
      return FALSE;
    }
  if ((game->scenario->map->terrain[to] & s->woods) && !gbacw_corinth_step_along (game, from, to, s->along))
    {
      g_autofree char *to_label = gbacw_game_hex_label (game, to);
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[C 24.3] %s has siege guns and may enter the woods hex %s only along a road or track"), label,
                   to_label);
      return FALSE;
    }
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_siege_guns = {
  .id = "corinth.siege-guns",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = siege_init,
  .finalize = siege_finalize,
  .move_legal = siege_move_legal,
};
