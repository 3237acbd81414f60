/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-double-shot.c: double shot (J 21.4, the Range Effects Chart's "*").
 *
 * "Smoothbore artillery units (L, N, and HA) may use double shot to increase their fire
 * strength at close ranges. A section employing double shot doubles its normal Strength
 * Multiplier, but it must check for ammo depletion when a 1 or 2 is rolled on the Combat
 * Results Table, not just on a roll of 1. Double shot may not be used at a range beyond 2
 * hexes, nor when executing retreat or withdrawal fire."
 *
 * The player asks for it per firer (GbacwFirer.double_shot, `double-shot="yes"` in the game
 * record); the module allows it for artillery marked double-shot="yes" in the order of
 * battle or whose weapon is one of `weapons`, at `range` hexes or less, never in a free
 * shot (10.17: withdrawal and retreat fire, the only free shots artillery gives). The
 * engine then doubles the Range Effects multiplier and makes a Fire CRT die of 2 call for
 * the section's ammunition check as a 1 does; the check itself (its re-roll and threshold)
 * is the ammunition rules' (J 21.3: `ammunition-depletion`'s artillery thresholds; without
 * them the battery counts rounds, 11.31, and makes none).
 *
 * Parameters (<exclusive id="jackson.double-shot">):
 *   weapons  weapon letters allowed (default "L N HA")
 *   range    the longest range in hexes (default 2)
 */
#define G_LOG_DOMAIN "gbacw-rule-double-shot"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  GStrv weapons;
  int range;
} DoubleShot;

static gpointer
double_shot_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  DoubleShot *d = g_new0 (DoubleShot, 1);
  const char *weapons = gbacw_exclusive_rule_get_param (rule, "weapons");

  d->weapons = g_strsplit_set (weapons ? weapons : "L N HA", " ,", -1);
  d->range = gbacw_exclusive_rule_get_int (rule, "range", 2);
  return d;
}

static void
double_shot_free (gpointer data)
{
  DoubleShot *d = data;

  g_strfreev (d->weapons);
  g_free (d);
}

static const char *
double_shot_allowed (const GbacwGame *game, gpointer data, int unit, int range, gboolean free_shot, GError **error)
{
  const DoubleShot *d = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  gboolean smoothbore = (u->oob->flags & GBACW_UNIT_FLAG_DOUBLE_SHOT)
                        || (u->oob->weapon && g_strv_contains ((const char *const *) d->weapons, u->oob->weapon));

  if (u->type != GBACW_UNIT_ARTILLERY || !smoothbore)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 21.4] Only smoothbore artillery (L, N, HA) may fire double shot: %s may not"), label);
  else if (range > d->range)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 g_dngettext (GETTEXT_PACKAGE, "[J 21.4] Double shot may not be fired beyond %d hex: %s fires at %d",
                              "[J 21.4] Double shot may not be fired beyond %d hexes: %s fires at %d", d->range),
                 d->range, label, range);
  else if (free_shot)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 21.4] Double shot may not be used in retreat or withdrawal fire (%s)"), label);
  else
    return "J 21.4";
  return NULL;
}

const GbacwRuleHooks gbacw_rule_jackson_double_shot = {
  .id = "jackson.double-shot",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = double_shot_init,
  .finalize = double_shot_free,
  .double_shot = double_shot_allowed,
};
