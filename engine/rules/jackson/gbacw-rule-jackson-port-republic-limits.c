/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-port-republic-limits.c: the Port Republic scenario's own limits
 * (J 29.2, 29.14).
 *
 * J 29.2: "No Confederate unit may ever cross the North River": the units of `side` may
 * not cross the hexsides named by `crossings` (pairs of adjacent hexes: the North River
 * Bridge 1040 0941, J 22.6, and the North River's fords, which only the mapsheet shows) —
 * not in their Movement Phase, not in a retreat or rout (a unit with no other way is
 * captured, 14.1), and not to melee. (Its 0129, never a Confederate retreat hex, is the
 * retreat-direction rule's retreat hexes.)
 * J 29.14: the Strength Points "missing from Steuart's and Elzey's brigades must be marked
 * off on the BCE tracks ... and do count for BCE limits. However, the Union player
 * receives no Victory Points for these casualties": each unit named in `pre-losses` (once
 * per Strength Point) starts the game that much weaker, the loss counted killed (so for
 * BCE, 18.0) and never for Victory Points.
 *
 * Parameters (<exclusive id="jackson.port-republic-limits">):
 *   side        the side that may not cross (the Confederates)
 *   crossings   pairs of adjacent hexes: the hexsides it may not cross
 *   pre-losses  units, once per Strength Point lost before play
 *   case        the case cited for 29.2 (default "J 29.2")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-port-republic-limits"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-rule-jackson-map.h"

typedef struct {
  int side;
  GArray *crossings;   /* GbacwHexsideId */
  char *rule_case;
} PortRepublicLimits;

static void
take_pre_losses (GbacwGame *game, const char *ids)
{
  g_auto (GStrv) words = g_strsplit_set (ids ? ids : "", " \t,", -1);

  for (guint i = 0; words[i]; i++)
    {
      GbacwGameUnit *u = *words[i] ? gbacw_game_find_unit (game, words[i]) : NULL;
      g_autofree char *label = NULL;
      if (u == NULL || u->type == GBACW_UNIT_LEADER || u->type == GBACW_UNIT_ARTILLERY || u->strength < 1)
        continue;   /* a strength not entered has nothing to take */
      u->strength--;
      u->killed++;
      u->removed_without_vp++;
      label = gbacw_game_unit_label (game, u->index);
      gbacw_game_log (game, "J 29.14",
                      _("%s starts one Strength Point down (counted for Brigade Combat Effectiveness, no Victory "
                        "Points)"), label);
    }
}

static gpointer
limits_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  PortRepublicLimits *l = g_new0 (PortRepublicLimits, 1);
  const char *side = gbacw_exclusive_rule_get_param (rule, "side");
  const char *crossings = gbacw_exclusive_rule_get_param (rule, "crossings");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  l->side = side ? gbacw_game_side_index (game, side) : -1;
  l->crossings = gbacw_jackson_hexside_pairs (game, crossings);
  l->rule_case = g_strdup (rule_case ? rule_case : "J 29.2");
  take_pre_losses (game, gbacw_exclusive_rule_get_param (rule, "pre-losses"));
  return l;
}

static void
limits_finalize (gpointer data)
{
  PortRepublicLimits *l = data;
  g_array_unref (l->crossings);
  g_free (l->rule_case);
  g_free (l);
}

static gboolean
barred (const GbacwGame *game, const PortRepublicLimits *l, int unit, int from, int to)
{
  return gbacw_game_unit (game, unit)->side == l->side
         && gbacw_jackson_has_hexside (l->crossings, gbacw_jackson_hexside_between (game, from, to));
}

static gboolean
refuse (const GbacwGame *game, const PortRepublicLimits *l, int unit, GError **error)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[%s] %s may never cross the North River"),
               l->rule_case, label);
  return FALSE;
}

static gboolean
limits_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const PortRepublicLimits *l = data;
  return !barred (game, l, unit, from, to) || refuse (game, l, unit, error);
}

static gboolean
limits_retreat_allowed (const GbacwGame *game, gpointer data, int unit, int from, int to)
{
  return !barred (game, data, unit, from, to);
}

static gboolean
limits_melee_initiation (GbacwGame *game, gpointer data, int unit, int target_hex, GError **error)
{
  const PortRepublicLimits *l = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  return u->hex < 0 || !barred (game, l, unit, u->hex, target_hex) || refuse (game, l, unit, error);
}

const GbacwRuleHooks gbacw_rule_jackson_port_republic_limits = {
  .id = "jackson.port-republic-limits",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = limits_init,
  .finalize = limits_finalize,
  .move_legal = limits_move_legal,
  .retreat_allowed = limits_retreat_allowed,
  .melee_initiation = limits_melee_initiation,
};
