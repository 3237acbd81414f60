/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-morale.c: morale checks, rout, pins and leader casualties. */
#define G_LOG_DOMAIN "gbacw-morale"

#include "gbacw-morale.h"

#include <glib/gi18n-lib.h>

#include "gbacw-combat-charts.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"

int
gbacw_morale_rating (GbacwGame *game, int unit)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int rating;

  if (u->morale == GBACW_MORALE_GREEN && gbacw_game_is_combat_unit (u))
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      int roll = gbacw_dice_roll_2d6 (game->dice);
      int morale = 0;

      if (gbacw_seeing_the_elephant (game->scenario, roll, &morale, &error))
        {
          u->morale = morale;
          gbacw_game_log (game, "13.14", _("%s sees the elephant: two dice %d give Morale Rating %d"), label, roll,
                          morale);
        }
      else
        {
          /* an unknown table cannot decide: the worst rating, and say why */
          u->morale = 1;
          gbacw_game_log (game, "13.15", _("%s sees the elephant (two dice %d) but %s; Morale Rating 1 is used"), label,
                          roll, error->message);
        }
    }
  rating = u->morale;
  /* 6.14: cavalry counters are printed on both sides; dismounted, the dismounted side's
   * rating counts where the scenario gives it */
  if (u->type == GBACW_UNIT_CAVALRY && u->formation == GBACW_FORMATION_STATE_DISMOUNTED
      && u->oob->dismounted_morale != GBACW_UNSET && u->oob->dismounted_morale != GBACW_MORALE_GREEN
      && u->oob->morale != GBACW_MORALE_GREEN)
    rating = u->oob->dismounted_morale;
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->morale_rating)
      rating = hooks->morale_rating (game, data, unit, rating);
  return rating;
}

gboolean
gbacw_morale_with_leader (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack = gbacw_game_stack (game, u->hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->type == GBACW_UNIT_LEADER && o->side == u->side)
        return TRUE;
    }
  return FALSE;
}

int
gbacw_morale_drm (const GbacwGame *game, int unit, gboolean enfiladed, GbacwMoraleCause cause)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  /* a wagon's crew counter (11.11) is measured against the crew it left the wagon with */
  int initial = gbacw_game_is_wagon_crew (u) ? gbacw_game_unit (game, u->crew_of)->initial_strength : u->initial_strength;
  int drm = 0;

  if (gbacw_morale_with_leader (game, unit))
    drm -= 1;   /* 13.23; 17.51: one leader's, however many are stacked */
  if (initial > 0 && u->type != GBACW_UNIT_ARTILLERY && 2 * (initial - u->strength) > initial)
    drm += 1;   /* 13.24 */
  if (enfiladed)
    drm += 1;   /* 13.26 */
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->morale_drm)
      drm += hooks->morale_drm (game, data, unit, cause);
  return drm;
}

void
gbacw_morale_owe_rout (GbacwGame *game, int unit, int hexes)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);

  u->rout_hexes_due += hexes;

  for (guint i = 0; i < game->pending->len; i++)
    {
      GbacwPending *p = g_ptr_array_index (game->pending, i);
      if (p->kind == GBACW_PENDING_ROUT_RETREAT && p->unit == unit && !(p->flags & GBACW_PENDING_STARTED))
        {
          p->value = u->rout_hexes_due;
          return;
        }
    }
  {
    GbacwPending *p = gbacw_pending_new (GBACW_PENDING_ROUT_RETREAT, u->side, unit, u->hex, "13.31");
    p->value = u->rout_hexes_due;
    if (game->causes)
      p->excluded = g_array_copy (game->causes);   /* no retreat fire from them (10.2) */
    gbacw_game_queue_pending (game, p, NULL);
  }
}

void
gbacw_morale_rout (GbacwGame *game, int unit, const char *rule_case)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = gbacw_game_unit_label (game, unit);

  if (u->type == GBACW_UNIT_LEADER)
    return;   /* 13.34 */
  if (u->status & GBACW_STATUS_ROUTED)
    gbacw_game_log (game, "13.33", _("%s, already routed, routs again and owes three more hexes of retreat"), label);
  else
    gbacw_game_log (game, rule_case, _("%s routs"), label);
  u->status |= GBACW_STATUS_ROUTED;
  u->status &= ~GBACW_STATUS_PINNED;   /* 13.33 */
  if (u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
    u->status |= GBACW_STATUS_ABANDONED;   /* 13.25, 15.16: the crew leaves the guns */
  gbacw_morale_owe_rout (game, unit, 3);   /* 13.31 */
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->routed)
      hooks->routed (game, data, unit, rule_case);
}

gboolean
gbacw_morale_check (GbacwGame *game, int unit, gboolean enfiladed, GbacwMoraleCause cause, const char *rule_case)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  int rating, die, drm;

  if (u->type == GBACW_UNIT_LEADER)
    return FALSE;   /* 13.34 */
  rating = gbacw_morale_rating (game, unit);
  drm = gbacw_morale_drm (game, unit, enfiladed, cause);
  die = gbacw_dice_roll (game->dice);
  if (die + drm > rating)
    {
      gbacw_game_log (game, "13.21", _("Morale check for %s: die %d%+d = %d against Morale %d: fails"), label, die, drm,
                      die + drm, rating);
      gbacw_morale_rout (game, unit, rule_case);
      return TRUE;
    }
  gbacw_game_log (game, "13.21", _("Morale check for %s: die %d%+d = %d against Morale %d: passes"), label, die, drm,
                  die + drm, rating);
  return FALSE;
}

void
gbacw_morale_pin_hex (GbacwGame *game, int hex, const char *rule_case)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  g_autofree char *label = gbacw_game_hex_label (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    gbacw_game_unit (game, g_array_index (stack, int, i))->status |= GBACW_STATUS_PINNED;
  gbacw_game_log (game, rule_case, _("The units in %s are pinned"), label);
}

void
gbacw_morale_leader_casualties (GbacwGame *game, int hex, int side, const char *row)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  g_autoptr (GArray) leaders = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->type == GBACW_UNIT_LEADER && o->side == side)
        g_array_append_val (leaders, o->index);
    }
  for (guint i = 0; i < leaders->len; i++)
    {
      int leader = g_array_index (leaders, int, i);
      g_autofree char *label = gbacw_game_unit_label (game, leader);
      g_autoptr (GError) error = NULL;
      GbacwLeaderFate fate;
      const char *module_case = NULL;
      int roll = gbacw_dice_roll_2d6 (game->dice);

      if (!gbacw_leader_casualty (game->scenario, row, roll, &fate, &error))
        {
          gbacw_game_log (game, "17.76", _("Leader casualty roll for %s: two dice %d, but %s"), label, roll,
                          error->message);
          continue;
        }
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (hooks->leader_casualty && module_case == NULL)
          {
            int changed = (int) fate;
            if ((module_case = hooks->leader_casualty (game, data, leader, row, roll, &changed)) != NULL)
              fate = (GbacwLeaderFate) changed;
          }
      switch (fate)
        {
        case GBACW_LEADER_FATE_KILLED:
          gbacw_game_log (game, module_case ? module_case : "17.72", _("Leader casualty roll for %s: two dice %d: killed"),
                          label, roll);
          gbacw_leadership_leader_lost (game, leader, GBACW_PRESENCE_KILLED);
          break;
        case GBACW_LEADER_FATE_WOUNDED:
          gbacw_game_log (game, "17.72", _("Leader casualty roll for %s: two dice %d: wounded"), label, roll);
          gbacw_leadership_leader_lost (game, leader, GBACW_PRESENCE_WOUNDED);
          break;
        case GBACW_LEADER_FATE_CAPTURED:
          gbacw_game_log (game, "17.72", _("Leader casualty roll for %s: two dice %d: captured"), label, roll);
          gbacw_leadership_leader_lost (game, leader, GBACW_PRESENCE_CAPTURED);
          break;
        case GBACW_LEADER_FATE_NONE:
        default:
          gbacw_game_log (game, "17.72", _("Leader casualty roll for %s: two dice %d: unharmed"), label, roll);
          break;
        }
    }
}
