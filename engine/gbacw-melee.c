/* gbacw-melee.c: melee (12.0-12.98) and cavalry charges (16.2). */
#include "gbacw-melee.h"

#include <glib/gi18n-lib.h>

#include "gbacw-game-private.h"

gboolean
gbacw_melee_check_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[12.0] Melee is not played yet"));
  return FALSE;
}

void
gbacw_melee_apply_action (GbacwGame *game, const GbacwAction *action)
{
}

void
gbacw_melee_phase_begin (GbacwGame *game)
{
}

void
gbacw_melee_phase_end (GbacwGame *game)
{
}

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
