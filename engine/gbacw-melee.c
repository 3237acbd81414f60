/* gbacw-melee.c: melee (12.0-12.98) and cavalry charges (16.2). */
#include "gbacw-game.h"

#include "gbacw-game-private.h"

GbacwResolve
gbacw_melee_pending_resolve (GbacwGame *game, GbacwPending *pending, GbacwDecision **decision)
{
  return GBACW_RESOLVE_DONE;
}

GbacwResolve
gbacw_melee_pending_answer (GbacwGame *game, GbacwPending *pending, const GbacwAction *action)
{
  return GBACW_RESOLVE_DONE;
}
