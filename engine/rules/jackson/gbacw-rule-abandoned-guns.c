/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-abandoned-guns.c: abandoned guns (J 21.23, 21.27).
 *
 * The guns a crew has routed away from (GBACW_STATUS_ABANDONED: J 21.21, the crew on its
 * counter with `crew-markers`, or 15.16's crew by its guns) are reactivated by
 * `crew-markers` (J 21.15, 21.21). Until then:
 * - J 21.23 "Abandoned guns have no game significance until reactivated. Units of both
 *   sides may freely move and fire through hexes occupied solely by abandoned guns, and
 *   may end their movement stacked in such a hex. Abandoned guns do not count towards
 *   stacking limits": the engine's gbacw_game_unit_ignored () (the hook table's
 *   abandoned_guns_ignored) leaves them out of movement into a hex (either side), the
 *   stacking limits, ZOC, the choice of the units fired at and density. Units never block
 *   a line of sight in this engine, so "fire through" needs nothing more.
 * - J 21.27 "Abandoned guns are captured and removed from play only if an enemy unit
 *   successfully occupies that hex alone (it may not be engaged) at the end of an enemy
 *   Melee Phase ... The unit may also capture the guns if it has moved normally onto the
 *   guns during its Movement Phase, and survived enemy defensive fire": when the Melee Phase
 *   of the guns' enemy ends, and when the Defensive Fire Phase of the guns' own side ends
 *   in the enemy's Player-Turn (the fire the mover had to survive), abandoned guns whose hex
 *   holds an enemy combat unit that is neither engaged nor routed, and no combat unit of
 *   their own side, are captured (their guns counted captured, 12.93's accounting).
 *   "Abandoned guns stacked alone in a hex may be meleed by the enemy player during his
 *   Melee Phase (no die roll is necessary to resolve the combat; the meleeing unit
 *   automatically moves into the hex and the guns are captured)": a melee announced and
 *   made as any other (12.8, the melee restrictions, J 21.6) into a hex whose only enemy
 *   combat units are abandoned guns (hook melee_without_roll) rolls no die: the attackers
 *   enter and the guns are captured at once. With manned units there too the melee is
 *   fought on the CRT against those; the guns left alone with the attackers are taken when
 *   the Melee Phase ends.
 * J 35.27 (abandoned guns exempt from the night distance rules) is `night`'s, read from
 * the same status.
 *
 * Parameters (<exclusive id="jackson.abandoned-guns">): case (default "J 21.27")
 */
#define G_LOG_DOMAIN "gbacw-rule-abandoned-guns"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-retreat.h"

typedef struct {
  char *rule_case;
} Abandoned;

static gpointer
abandoned_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Abandoned *a = g_new0 (Abandoned, 1);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  a->rule_case = g_strdup (rule_case ? rule_case : "J 21.27");
  return a;
}

static void
abandoned_free (gpointer data)
{
  Abandoned *a = data;

  g_free (a->rule_case);
  g_free (a);
}

/* The enemy combat unit (neither engaged nor routed) that holds the guns' hex alone, or -1. */
static int
captor (const GbacwGame *game, const GbacwGameUnit *guns)
{
  const GArray *stack = gbacw_game_stack (game, guns->hex);
  int found = -1;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (!gbacw_game_is_combat_unit (o) || gbacw_game_unit_ignored (game, o))
        continue;
      if (o->side == guns->side)
        return -1;
      if (found < 0 && !(o->status & (GBACW_STATUS_ENGAGED | GBACW_STATUS_ROUTED)))
        found = o->index;
    }
  return found;
}

static void
abandoned_phase_end (GbacwGame *game, gpointer data)
{
  const Abandoned *a = data;
  /* the guns of the side that is not phasing: taken at the end of the phasing player's Melee
   * Phase, or at the end of their own side's Defensive Fire Phase, which the mover survived */
  int owner = 1 - game->phasing_side;

  if (game->phase != GBACW_PHASE_MELEE && game->phase != GBACW_PHASE_DEFENSIVE_FIRE)
    return;
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int by;
      g_autofree char *label = NULL;
      g_autofree char *by_label = NULL;
      g_autofree char *text = NULL;

      if (u->side != owner || u->presence != GBACW_PRESENCE_ON_MAP || !gbacw_game_unit_ignored (game, u))
        continue;
      by = captor (game, u);
      if (by < 0)
        continue;
      label = gbacw_game_unit_label (game, u->index);
      by_label = gbacw_game_unit_label (game, by);
      text = game->phase == GBACW_PHASE_MELEE
               ? g_strdup_printf (_("%s holds the hex of the abandoned guns of %s at the end of the Melee Phase: they "
                                    "are captured"), by_label, label)
               : g_strdup_printf (_("%s moved onto the abandoned guns of %s and survived the Defensive Fire: they are "
                                    "captured"), by_label, label);
      u->status &= ~GBACW_STATUS_ABANDONED;
      gbacw_retreat_capture_logged (game, u->index, a->rule_case, text);
    }
}

/* J 21.27: guns alone in their hex are meleed with no die roll. */
static const char *
abandoned_melee_without_roll (const GbacwGame *game, gpointer data, const GArray *attackers, int hex)
{
  const Abandoned *a = data;

  (void) game;
  (void) attackers;
  (void) hex;
  return a->rule_case;
}

const GbacwRuleHooks gbacw_rule_jackson_abandoned_guns = {
  .id = "jackson.abandoned-guns",
  .abandoned_guns_ignored = TRUE,
  .stateless = TRUE,   /* its data: its parameters only */
  .init = abandoned_init,
  .finalize = abandoned_free,
  .phase_end = abandoned_phase_end,
  .melee_without_roll = abandoned_melee_without_roll,
};
