/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-sharpshooters.c: sharpshooter fire (C 21.3).
 *
 * "When a sharpshooter unit is the only unit firing at an enemy or when all the units
 * firing are sharpshooters, the player adds a 1 to his die-roll on the Fire Combat Results
 * Table. Modified die-rolls of greater than 6 are treated as 6. If a sharpshooter unit(s)
 * rolls a 1 during Fire Combat (before the modification is made), it must still make an
 * ammo depletion check": a FIRE-DRM for a fire whose every firer is a sharpshooter unit
 * (the order of battle's sharpshooter="yes"); the engine keeps the modified die within
 * 1-6 and makes the ammunition checks on the die as rolled (11.21), so a natural 1 still
 * calls for them.
 *
 * Parameters (<exclusive id="corinth.sharpshooters">):
 *   drm     what is added to the die (default +1)
 */
#define G_LOG_DOMAIN "gbacw-rule-sharpshooters"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game.h"

static gpointer
sharpshooters_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  int *drm = g_new (int, 1);

  (void) game;
  *drm = gbacw_exclusive_rule_get_int (rule, "drm", 1);
  return drm;
}

static int
sharpshooters_drm (const GbacwGame *game, gpointer data, const GbacwFireResolution *resolution)
{
  if (resolution->contributions->len == 0)
    return 0;
  for (guint c = 0; c < resolution->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (resolution->contributions, GbacwFireContribution, c);
      const GbacwGameUnit *u = gbacw_game_unit (game, fc->unit);
      if (u->oob == NULL || !(u->oob->flags & GBACW_UNIT_FLAG_SHARPSHOOTER))
        return 0;
    }
  return *(const int *) data;
}

const GbacwRuleHooks gbacw_rule_corinth_sharpshooters = {
  .id = "corinth.sharpshooters",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = sharpshooters_init,
  .finalize = g_free,
  .fire_drm = sharpshooters_drm,
};
