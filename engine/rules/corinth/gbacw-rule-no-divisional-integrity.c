/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-no-divisional-integrity.c: no Divisional Integrity at Corinth (C 21.2, 28.2,
 * 28.21-28.22).
 *
 * "Divisional Integrity (17.21) does not apply in Corinth ... all brigades in the game are
 * classified as independent" (21.2; the kits mark every brigade independent, so 17.21 never
 * puts a brigade commander out of command); "Division commanders have no Divisional
 * Integrity Radius" (28.2); "Division commanders have only one value on their counter,
 * representing a number of Command Points which may be used to increase the Effectiveness
 * Radius of brigade commanders of their division ... they may only have their Effectiveness
 * Radii increased by their army or division commander (not by a division commander of
 * another division)" (28.21). Read: a division commander spends his Command Points (17.22)
 * on a brigade commander of a brigade of his division (the order of battle's, 17.6 having
 * no use when all are independent) wherever he is, no radius being given; never on another
 * division's. 28.22 (otherwise a normal leader) is the Standard Rules'.
 */
#define G_LOG_DOMAIN "gbacw-rule-no-divisional-integrity"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-game.h"

static gboolean
ndi_command_points (const GbacwGame *game, gpointer data, int leader, int brigade_leader, gboolean *allowed,
                    GError **error)
{
  const GPtrArray *formations = game->scenario->oob.formations;
  int division = game->leader_formation[leader], brigade = game->leader_formation[brigade_leader];
  const GbacwFormation *d, *b;

  (void) data;
  if (division < 0 || brigade < 0)
    return FALSE;
  d = g_ptr_array_index (formations, division);
  b = g_ptr_array_index (formations, brigade);
  if (d->kind != GBACW_FORMATION_DIVISION || b->kind != GBACW_FORMATION_BRIGADE)
    return FALSE;
  *allowed = game->formation_original_parent[brigade] == division;
  if (!*allowed)
    {
      g_autofree char *label = gbacw_game_unit_label (game, leader);
      g_autofree char *brigade_label = gbacw_game_unit_label (game, brigade_leader);
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[C 28.21] %s spends Command Points only on the brigade commanders of his own division, not on %s"),
                   label, brigade_label);
    }
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_no_divisional_integrity = {
  .id = "corinth.no-divisional-integrity",
  .stateless = TRUE,   /* no data */
  .command_points_allowed = ndi_command_points,
};
