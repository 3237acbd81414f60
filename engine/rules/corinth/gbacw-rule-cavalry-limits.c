/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-cavalry-limits.c: the limitations on cavalry at Corinth (C 21.4, 21.41-21.44).
 *
 * The dismounted Morale Rating of 2 (21.4) is the `dismounted-morale` module's; cavalry
 * with infantry silhouettes on both sides are infantry units of the order of battle (21.43
 * note). The module plays:
 * - 21.41 "Dismounted cavalry may initiate melee only against enemy artillery, supply
 *   wagons, or dismounted cavalry": refused when the hex holds an enemy infantry unit (not
 *   a lone crew counter) or mounted cavalry.
 * - 21.43 "Cavalry units may only mount or dismount if they are in the Effectiveness Radius
 *   of their brigade commander at the moment the formation change is made. Out of command
 *   cavalry units may not change formation": a CHANGE_FORMATION of a cavalry unit between
 *   mounted and dismounted is refused unless its commander (the commander of its formation)
 *   is on the map and it is within his Effectiveness Radius now (17.1, traced as 10.4) and
 *   it is not out of command; an independent cavalry unit (5.3) needs none.
 * - 21.44 "A mounted cavalry unit is free to move even if it is out of its brigade
 *   commander's Effectiveness Radius ... in effect, independent as long as they are
 *   mounted": after the Initial Command Phase a mounted cavalry unit out of command only for
 *   its commander's radius (17.11) is in command.
 * - 21.42 "An unpinned/unrouted dismounted cavalry unit which is not stacked with a
 *   friendly artillery or infantry unit and which is meleed by enemy infantry must retreat in
 *   the Retreat Before Melee Phase (no Morale Check is necessary)": asked to retreat before
 *   melee, it may not stand when an infantry unit is among the attackers announced (with
 *   dismounted cavalry alone against it, it may stand); when no path is open it stands (12.8).
 */
#define G_LOG_DOMAIN "gbacw-rule-cavalry-limits"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-game.h"
#include "gbacw-leadership.h"

static gboolean
cavalry_melee_initiation (GbacwGame *game, gpointer data, int unit, int target_hex, GError **error)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack;

  (void) data;
  if (u->type != GBACW_UNIT_CAVALRY || u->formation != GBACW_FORMATION_STATE_DISMOUNTED)
    return TRUE;
  stack = gbacw_game_stack (game, target_hex);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *d = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (d->side == u->side || d->hex < 0)
        continue;
      if ((d->type == GBACW_UNIT_INFANTRY && d->crew_of < 0) || gbacw_game_unit_is_mounted (d))
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[C 21.41] %s is dismounted cavalry and may melee only artillery, supply wagons or dismounted "
                         "cavalry"),
                       label);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
cavalry_before_melee_forced (const GbacwGame *game, gpointer data, int unit, const GArray *attackers,
                             const char **rule_case)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack;
  gboolean infantry = FALSE;

  (void) data;
  if (u->type != GBACW_UNIT_CAVALRY || u->formation != GBACW_FORMATION_STATE_DISMOUNTED
      || (u->status & (GBACW_STATUS_PINNED | GBACW_STATUS_ROUTED)))
    return FALSE;
  stack = gbacw_game_stack (game, u->hex);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side == u->side && o->index != unit
          && (o->type == GBACW_UNIT_ARTILLERY || (o->type == GBACW_UNIT_INFANTRY && o->crew_of < 0)))
        return FALSE;
    }
  for (guint i = 0; i < attackers->len; i++)
    {
      const GbacwGameUnit *a = gbacw_game_unit (game, g_array_index (attackers, int, i));
      infantry |= a->type == GBACW_UNIT_INFANTRY && a->crew_of < 0;
    }
  *rule_case = "C 21.42";
  return infantry;
}

static gboolean
is_mount_change (const GbacwGameUnit *u, GbacwFormationState to)
{
  gboolean mounted_now = u->formation != GBACW_FORMATION_STATE_DISMOUNTED;
  gboolean mounted_after = to != GBACW_FORMATION_STATE_DISMOUNTED;
  return u->type == GBACW_UNIT_CAVALRY && mounted_now != mounted_after;
}

static gboolean
cavalry_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  (void) data;
  if (action->kind != GBACW_ACTION_CHANGE_FORMATION)
    return TRUE;
  for (guint i = 0; i < action->formation.units->len; i++)
    {
      int unit = g_array_index (action->formation.units, int, i);
      const GbacwGameUnit *u, *l;
      int leader;
      if (unit < 0 || (guint) unit >= game->units->len)
        continue;   /* the Standard Rules' check names it */
      u = gbacw_game_unit (game, unit);
      if (!is_mount_change (u, action->formation.formation) || u->hex < 0 || gbacw_leadership_independent (game, unit))
        continue;
      leader = gbacw_leadership_commander (game, unit);
      l = leader >= 0 ? gbacw_game_unit (game, leader) : NULL;
      if (u->out_of_command || l == NULL || l->hex < 0
          || !gbacw_leadership_in_radius (game, leader, u->hex, gbacw_leadership_er (game, leader)))
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[C 21.43] %s mounts or dismounts only within its brigade commander's Effectiveness Radius"),
                       label);
          return FALSE;
        }
    }
  return TRUE;
}

static void
cavalry_command (GbacwGame *game, gpointer data)
{
  (void) data;
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      g_autofree char *label = NULL;
      if (u->side != game->phasing_side || u->hex < 0 || !u->out_of_command || !gbacw_game_unit_is_mounted (u))
        continue;
      u->out_of_command = FALSE;
      label = gbacw_game_unit_label (game, u->index);
      gbacw_game_log (game, "C 21.44", _("%s is mounted cavalry and moves freely outside its commander's radius"), label);
    }
}

const GbacwRuleHooks gbacw_rule_corinth_cavalry_limits = {
  .id = "corinth.cavalry-limits",
  .stateless = TRUE,   /* no data */
  .melee_initiation = cavalry_melee_initiation,
  .before_melee_forced = cavalry_before_melee_forced,
  .action_legal = cavalry_action_legal,
  .command = cavalry_command,
};
