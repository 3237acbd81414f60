/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-rapid-fire.c: rapid fire and fouled guns (C 24.1, 24.11-24.13).
 *
 * "Only batteries with L, N, HA, HB, or HC gun types may use rapid-fire. To do so the player
 * expends three rounds of ammo for that attack and the strength of the battery is doubled
 * (before any range or half-crew modifications ...). After the fire results are applied, the
 * owning player must check for fouling. The player rolls a die; on a result of 6 the
 * battery's guns have fouled. Fouled guns may not fire. To be unfouled, the owning player
 * rolls a die during either or both the friendly Offensive or Defensive Fire Phase; on a
 * result of 1-3 the battery is unfouled. The battery may fire in the same phase it is
 * unfouled." The player asks for it per firer (GbacwFirer.rapid, `<firer rapid="yes">`):
 * - 24.1: a battery of the weapons listed with at least three rounds; its strength doubled
 *   (a factor, so the same before or after range and half-crew); three rounds spent.
 * - 24.11: against a hex within three hexes; 24.12: holding an enemy infantry or cavalry
 *   unit (not a lone crew), the results falling on it whatever the stacking order (the
 *   engine's GbacwFireResolution.rapid; never 8.22's each unit in turn).
 * - The fouling roll is made when the fire is made (its results are applied at the end of
 *   the phase, 9.42: the roll is independent of them); a fouled battery may not fire, free
 *   shots included; each friendly Fire Phase (the owner's Offensive, the other player's
 *   Defensive) begins with an unfouling roll for each of his fouled batteries (the attempt
 *   costs nothing, so it is always made).
 * - 24.13 (optional, `consecutive`): one more on the fouling die for each consecutive Fire
 *   Phase (offensive and defensive) the battery has rapid-fired in: its side's Fire Phases,
 *   the ones it may fire in, one after the other.
 * 26.44 (no rapid fire in the Pre-Dawn Barrage) is the barrage's.
 *
 * Parameters (<exclusive id="corinth.rapid-fire">):
 *   weapons       the gun types that may rapid-fire (default "L N HA HB HC")
 *   range         the greatest range in hexes (default 3, 24.11)
 *   rounds        rounds spent (default 3)
 *   factor        the strength multiplier (default 2)
 *   foul          the fouling die rolls (default "6")
 *   unfoul        the unfouling die rolls (default "1-3")
 *   consecutive   yes: the optional 24.13 (default no)
 */
#define G_LOG_DOMAIN "gbacw-rule-rapid-fire"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-dice.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game.h"

typedef struct {
  GHashTable *weapons;
  int range, rounds, factor;
  int foul_from;        /* the lowest fouling die */
  int unfoul_to;        /* the highest unfouling die */
  gboolean consecutive;
  guint n_units;        /* per unit of the game's start: */
  gboolean *fouled;
  int *last_phase;      /* its side's Fire Phase (fire_phase) it last rapid-fired in, 0: never */
  int *streak;          /* consecutive Fire Phases of rapid fire up to last_phase */
  int fire_phase[2];    /* each side's friendly Fire Phases begun so far */
} Rapid;

/* The first and last die of a range "a" or "a-b" (the fallbacks when not given or not one). */
static void
die_range (const char *text, int fallback_low, int fallback_high, int *low, int *high)
{
  g_autofree char *why = NULL;

  if (text == NULL || !gbacw_exclusive_parse_die_range (text, low, high, &why) || *low < 1)
    {
      *low = fallback_low;
      *high = fallback_high;
    }
}

static gpointer
rapid_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Rapid *r = g_new0 (Rapid, 1);
  g_auto (GStrv) weapons = g_strsplit_set (gbacw_exclusive_rule_get_param (rule, "weapons") ?: "L N HA HB HC", " ,", -1);
  int low, high;

  r->weapons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; weapons[i]; i++)
    if (*weapons[i])
      g_hash_table_add (r->weapons, g_strdup (weapons[i]));
  r->range = gbacw_exclusive_rule_get_int (rule, "range", 3);
  r->rounds = gbacw_exclusive_rule_get_int (rule, "rounds", 3);
  r->factor = gbacw_exclusive_rule_get_int (rule, "factor", 2);
  die_range (gbacw_exclusive_rule_get_param (rule, "foul"), 6, 6, &low, &high);
  r->foul_from = high < low ? 7 : low;   /* "none": never */
  die_range (gbacw_exclusive_rule_get_param (rule, "unfoul"), 1, 3, &low, &high);
  r->unfoul_to = high;
  r->consecutive = g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "consecutive"), "yes") == 0;
  r->n_units = game->units->len;
  r->fouled = g_new0 (gboolean, MAX (r->n_units, 1));
  r->last_phase = g_new0 (int, MAX (r->n_units, 1));
  r->streak = g_new0 (int, MAX (r->n_units, 1));
  return r;
}

static void
rapid_finalize (gpointer data)
{
  Rapid *r = data;
  g_hash_table_unref (r->weapons);
  g_free (r->fouled);
  g_free (r->last_phase);
  g_free (r->streak);
  g_free (r);
}

static gboolean
has_foot_target (const GbacwGame *game, int hex, int firing_side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if ((u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY) && u->crew_of < 0 && u->side != firing_side)
        return TRUE;
    }
  return FALSE;
}

static gboolean
rapid_fire (const GbacwGame *game, gpointer data, const GbacwFireResolution *res, gpointer contribution,
            gboolean *played, GError **error)
{
  const Rapid *r = data;
  GbacwFireContribution *fc = contribution;
  const GbacwGameUnit *u = gbacw_game_unit (game, fc->unit);
  g_autofree char *label = gbacw_game_unit_label (game, fc->unit);

  *played = TRUE;
  if (u->type != GBACW_UNIT_ARTILLERY || u->oob == NULL || u->oob->weapon == NULL
      || !g_hash_table_contains (r->weapons, u->oob->weapon))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[C 24.1] %s may not rapid-fire: only batteries of L, N, HA, HB or HC guns do"), label);
      return FALSE;
    }
  if (u->rounds != GBACW_UNSET && u->rounds < r->rounds)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "[C 24.1] %s has fewer than %d round left for rapid fire",
                                "[C 24.1] %s has fewer than %d rounds left for rapid fire", r->rounds),
                   label, r->rounds);
      return FALSE;
    }
  if (fc->range > r->range)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "[C 24.11] %s rapid-fires only at a target within %d hex",
                                "[C 24.11] %s rapid-fires only at a target within %d hexes", r->range),
                   label, r->range);
      return FALSE;
    }
  if (!has_foot_target (game, res->target_hex, res->firing_side))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[C 24.12] %s rapid-fires only at infantry or cavalry, never at leaders, batteries, wagons or lone crews"),
                   label);
      return FALSE;
    }
  fc->strength *= r->factor;
  return TRUE;
}

static const GArray *
firers_of (const GbacwAction *action)
{
  if (action->kind == GBACW_ACTION_FIRE)
    return action->fire.firers;
  if (action->kind == GBACW_ACTION_ANSWER)
    return action->answer.firers;
  return NULL;
}

static gboolean
rapid_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Rapid *r = data;
  const GArray *firers = firers_of (action);

  for (guint i = 0; firers && i < firers->len; i++)
    {
      int unit = g_array_index (firers, GbacwFirer, i).unit;
      if (unit >= 0 && (guint) unit < r->n_units && r->fouled[unit])
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[C 24.1] %s's guns are fouled and may not fire"),
                       label);
          return FALSE;
        }
    }
  return TRUE;
}

static void
rapid_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Rapid *r = data;
  const GArray *firers = firers_of (action);

  for (guint i = 0; firers && i < firers->len; i++)
    {
      const GbacwFirer *f = &g_array_index (firers, GbacwFirer, i);
      GbacwGameUnit *u;
      g_autofree char *label = NULL;
      int die, drm = 0, phase;
      if (!f->rapid || f->unit < 0 || (guint) f->unit >= r->n_units)
        continue;
      u = gbacw_game_unit (game, f->unit);
      label = gbacw_game_unit_label (game, f->unit);
      if (u->rounds != GBACW_UNSET)
        u->rounds = MAX (0, u->rounds - (r->rounds - 1));   /* the engine spent one (11.31) */
      phase = r->fire_phase[u->side & 1];
      if (r->last_phase[f->unit] != phase)
        r->streak[f->unit] = r->last_phase[f->unit] == phase - 1 && r->last_phase[f->unit] > 0 ? r->streak[f->unit] + 1 : 1;
      r->last_phase[f->unit] = phase;
      if (r->consecutive)
        drm = r->streak[f->unit] - 1;   /* 24.13 */
      die = gbacw_dice_roll (game->dice);
      r->fouled[f->unit] = die + drm >= r->foul_from;
      if (drm > 0)
        gbacw_game_log (game, "C 24.13",
                        g_dngettext (GETTEXT_PACKAGE, "%s rapid-fires (%d round left): fouling die %d%+d, %s",
                                     "%s rapid-fires (%d rounds left): fouling die %d%+d, %s", MAX (u->rounds, 0)),
                        label, u->rounds, die, drm, r->fouled[f->unit] ? _("its guns are fouled") : _("not fouled"));
      else
        gbacw_game_log (game, "C 24.1",
                        g_dngettext (GETTEXT_PACKAGE, "%s rapid-fires (%d round left): fouling die %d, %s",
                                     "%s rapid-fires (%d rounds left): fouling die %d, %s", MAX (u->rounds, 0)),
                        label, u->rounds, die, r->fouled[f->unit] ? _("its guns are fouled") : _("not fouled"));
    }
}

static void
rapid_phase_begin (GbacwGame *game, gpointer data)
{
  Rapid *r = data;
  int side;

  if (game->phase != GBACW_PHASE_OFFENSIVE_FIRE && game->phase != GBACW_PHASE_DEFENSIVE_FIRE)
    return;
  side = game->phase == GBACW_PHASE_OFFENSIVE_FIRE ? game->phasing_side : 1 - game->phasing_side;
  r->fire_phase[side & 1]++;
  for (guint i = 0; i < r->n_units; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, (int) i);
      g_autofree char *label = NULL;
      int die;
      if (!r->fouled[i] || u->side != side || u->hex < 0)
        continue;
      label = gbacw_game_unit_label (game, (int) i);
      die = gbacw_dice_roll (game->dice);
      r->fouled[i] = die > r->unfoul_to;
      gbacw_game_log (game, "C 24.1", _("%s tries to unfoul its guns: die %d, %s"), label, die,
                      r->fouled[i] ? _("still fouled") : _("unfouled"));
    }
}

static void
rapid_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Rapid *r = data;

  for (guint i = 0; i < r->n_units; i++)
    if (r->fouled[i] && gbacw_game_unit (game, (int) i)->hex >= 0)
      {
        g_autofree char *label = gbacw_game_unit_label (game, (int) i);
        g_ptr_array_add (items, gbacw_rule_status_new ("C 24.1", _("%s: guns fouled"), label));
      }
}

static gboolean
rapid_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Rapid *t = to_data;
  const Rapid *f = from_data;
  guint n = MIN (t->n_units, f->n_units);

  (void) to;
  (void) from;
  GBACW_COPY_ARRAY (t->fouled, f->fouled, n);
  GBACW_COPY_ARRAY (t->last_phase, f->last_phase, n);
  GBACW_COPY_ARRAY (t->streak, f->streak, n);
  t->fire_phase[0] = f->fire_phase[0];
  t->fire_phase[1] = f->fire_phase[1];
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_rapid_fire = {
  .id = "corinth.rapid-fire",
  .init = rapid_init,
  .finalize = rapid_finalize,
  .copy_state = rapid_copy_state,
  .rapid_fire = rapid_fire,
  .action_legal = rapid_action_legal,
  .action_done = rapid_action_done,
  .phase_begin = rapid_phase_begin,
  .status = rapid_status,
};
