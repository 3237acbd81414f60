/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-supply.c: ammunition (11.1-11.34) and exploding caissons (15.2).
 *
 * In the Ammunition Resupply Phase the phasing player resupplies a unit from a crewed,
 * unpinned friendly supply wagon (RESUPPLY), when neither has moved this Player-Turn
 * (11.25) and a supply path runs from the unit to the wagon within the Movement
 * Allowance of an infantry column, at its terrain costs, not into enemy-occupied hexes or
 * through an enemy ZOC without a friendly unit (11.23, 10.3). A small-arms unit out of
 * ammunition gets it back for one of the wagon's small-arms boxes (11.24); a battery its
 * missing rounds from the wagon's artillery boxes (11.32), and a battery that counts no
 * rounds but ran out of ammunition (J 21.3) one box, unless the rule option
 * supply-11.23 = old, whose text resupplies small-arms units only. */
#define G_LOG_DOMAIN "gbacw-supply"

#include "gbacw-game.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-combat-charts.h"
#include "gbacw-game-private.h"
#include "gbacw-movement.h"
#include "gbacw-retreat.h"

static gboolean
fail (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError **error, const char *format, ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  *error = g_error_new_valist (GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, format, args);
  va_end (args);
  return FALSE;
}

/* 11.23: the cheapest supply path from hex from to hex to, in halves; -1 if none within
 * the allowance. */
static int
supply_path (const GbacwGame *game, int side, int from, int to, int allowance)
{
  g_autofree int *cost = g_new (int, game->n_hexes);
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (int));

  memset (cost, 0xff, sizeof (int) * game->n_hexes);
  cost[from] = 0;
  g_array_append_val (queue, from);
  /* small costs, small radius: relax until nothing changes */
  for (guint q = 0; q < queue->len; q++)
    {
      int hex = g_array_index (queue, int, q);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int n = gbacw_game_neighbour_index (game, hex, d);
          GbacwMoveCost c;
          int total;
          if (n < 0)
            continue;
          gbacw_rules_data_move_cost (game->rules, game->scenario->map, GBACW_MOVE_INFANTRY_COLUMN, hex, d, &c);
          if (c.kind == GBACW_COST_PROHIBITED || c.kind == GBACW_COST_UNKNOWN)
            continue;
          total = cost[hex] + (c.kind == GBACW_COST_MP ? c.halves : allowance);
          if (total > allowance || (cost[n] >= 0 && cost[n] <= total))
            continue;
          if (gbacw_game_hex_has_side (game, n, 1 - side, TRUE))
            continue;   /* not into an enemy-occupied hex */
          if (n != to && !gbacw_game_hex_has_side (game, n, side, FALSE) && gbacw_movement_in_enemy_path_zoc (game, n, side))
            continue;   /* 10.3: not through an enemy ZOC unless a friendly unit is there */
          cost[n] = total;
          g_array_append_val (queue, n);
        }
    }
  return cost[to];
}

static gboolean check_transfer (GbacwGame *game, const GbacwAction *action, GError **error);
static gboolean check_recrew (GbacwGame *game, const GbacwAction *action, GError **error);

gboolean
gbacw_supply_check_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GbacwGameUnit *u, *w;
  g_autofree char *label = NULL;
  g_autofree char *wagon_label = NULL;
  int allowance = 0;

  if (action->command.leader < 0 || (guint) action->command.leader >= game->units->len || action->command.other < 0
      || (guint) action->command.other >= game->units->len)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No such unit"));
      return FALSE;
    }
  if (action->kind == GBACW_ACTION_TRANSFER_ROUNDS)
    return check_transfer (game, action, error);
  if (action->kind == GBACW_ACTION_RECREW)
    return check_recrew (game, action, error);
  u = gbacw_game_unit (game, action->command.leader);
  w = gbacw_game_unit (game, action->command.other);
  label = gbacw_game_unit_label (game, u->index);
  wagon_label = gbacw_game_unit_label (game, w->index);
  if (game->phase != GBACW_PHASE_AMMUNITION_RESUPPLY)
    return fail (error, _("[11.23] Units are resupplied in their own Ammunition Resupply Phase"));
  if (u->side != game->phasing_side || w->side != game->phasing_side)
    return fail (error, _("[11.23] Only the phasing player resupplies, from his own wagons"));
  if (u->hex < 0 || w->hex < 0 || w->type != GBACW_UNIT_WAGON)
    return fail (error, _("[11.23] %s is not a supply wagon on the map"), wagon_label);
  if (w->strength <= 0)
    return fail (error, _("[11.1] %s is uncrewed and may not resupply units"), wagon_label);
  if (w->status & GBACW_STATUS_PINNED)
    return fail (error, _("[11.12] %s is pinned and may not resupply units"), wagon_label);
  if (w->capture_turn >= 0 && (w->recrew_turn < 0 || game->turn <= w->recrew_turn))
    return fail (error, _("[11.19] %s was captured: it resupplies from the Game-Turn after it was recrewed"),
                 wagon_label);
  if (u->moved || w->moved)
    return fail (error, _("[11.25] Neither the wagon nor the unit resupplied may have moved this Player-Turn"));
  if (u->type == GBACW_UNIT_ARTILLERY)
    {
      if (g_strcmp0 (gbacw_scenario_get_option (game->scenario, "supply-11.23"), "old") == 0)
        return fail (error, _("[11.23] Under this scenario's supply rule (the old 11.23) only small-arms units are resupplied"));
      if (u->rounds == GBACW_UNSET && !(u->status & GBACW_STATUS_AMMO_DEPLETED))
        return fail (error, _("[11.32] %s is not out of ammunition"), label);
      if (u->rounds != GBACW_UNSET && (u->oob->rounds == GBACW_UNSET || u->rounds >= u->oob->rounds))
        return fail (error, _("[11.32] %s has all its rounds"), label);
      if (w->artillery_boxes <= 0)
        return fail (error, _("[11.32] %s has no artillery ammunition left"), wagon_label);
    }
  else
    {
      if (!(u->status & GBACW_STATUS_AMMO_DEPLETED))
        return fail (error, _("[11.23] %s is not out of ammunition"), label);
      if (w->small_arms_boxes <= 0)
        return fail (error, _("[11.24] %s has no small-arms ammunition left"), wagon_label);
    }
  gbacw_rules_data_movement_allowance (game->rules, GBACW_MOVE_INFANTRY_COLUMN, u->side, &allowance);
  if (supply_path (game, u->side, u->hex, w->hex, allowance) < 0)
    return fail (error, _("[11.23] %s cannot trace a supply path to %s"), label, wagon_label);
  return TRUE;
}

/* 11.33: rounds from one battery to another of the same weapon type, in their owner's
 * Ammunition Resupply Phase, in the same or adjacent hexes, neither having fired this
 * Game-Turn nor moved this Player-Turn; both then spend the rest of the Game-Turn
 * without firing (the "entire Game-Turn without firing"). */
static gboolean
check_transfer (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GbacwGameUnit *a = gbacw_game_unit (game, action->command.leader);
  const GbacwGameUnit *b = gbacw_game_unit (game, action->command.other);
  g_autofree char *a_label = gbacw_game_unit_label (game, a->index);
  g_autofree char *b_label = gbacw_game_unit_label (game, b->index);
  int n = action->command.points;

  if (game->phase != GBACW_PHASE_AMMUNITION_RESUPPLY)
    return fail (error, _("[11.33] Rounds are transferred in their owner's Ammunition Resupply Phase"));
  if (a->index == b->index || a->type != GBACW_UNIT_ARTILLERY || b->type != GBACW_UNIT_ARTILLERY || a->hex < 0
      || b->hex < 0)
    return fail (error, _("[11.33] Rounds are transferred between two batteries on the map"));
  if (a->side != game->phasing_side || b->side != game->phasing_side)
    return fail (error, _("[11.33] Only the phasing player transfers rounds, between his own batteries"));
  if (g_strcmp0 (a->oob->weapon, b->oob->weapon) != 0)
    return fail (error, _("[11.33] %s and %s are not of the same weapon type"), a_label, b_label);
  if (a->rounds == GBACW_UNSET || b->rounds == GBACW_UNSET || b->oob->rounds == GBACW_UNSET)
    return fail (error, _("[11.33] %s and %s do not count rounds"), a_label, b_label);
  if ((a->status | b->status) & GBACW_STATUS_ABANDONED)
    return fail (error, _("[11.33] A battery whose crew has left its guns transfers no rounds"));
  if (a->hex != b->hex
      && gbacw_game_distance (game, a->hex, b->hex) > 1)
    return fail (error, _("[11.33] %s and %s are not in the same or adjacent hexes"), a_label, b_label);
  if (a->fired_turn == game->turn || b->fired_turn == game->turn)
    return fail (error, _("[11.33] Both batteries must spend the Game-Turn without firing"));
  if (a->moved || b->moved)
    return fail (error, _("[11.33] Both batteries must spend the Game-Turn in the same or adjacent hexes (neither may "
                          "have moved)"));
  if (n <= 0 || n > a->rounds)
    return fail (error, g_dngettext (GETTEXT_PACKAGE, "[11.33] %s has %d round to give", "[11.33] %s has %d rounds to give", a->rounds),
                 a_label, a->rounds);
  if (b->rounds + n > b->oob->rounds)
    return fail (error, g_dngettext (GETTEXT_PACKAGE, "[11.33] %s has room for %d more round", "[11.33] %s has room for %d more rounds",
                                       b->oob->rounds - b->rounds), b_label, b->oob->rounds - b->rounds);
  return TRUE;
}

/* 11.18: an uncrewed friendly wagon in the hex of an infantry or dismounted cavalry unit,
 * in the owner's Final Command Phase: the unit gives one Strength Point, the wagon's new
 * crew (its morale); only one SP ever (a wagon once recrewed is not again). */
static gboolean
check_recrew (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, action->command.leader);
  const GbacwGameUnit *w = gbacw_game_unit (game, action->command.other);
  g_autofree char *label = gbacw_game_unit_label (game, u->index);
  g_autofree char *wagon_label = gbacw_game_unit_label (game, w->index);

  if (game->phase != GBACW_PHASE_FINAL_COMMAND)
    return fail (error, _("[11.18] Wagons are recrewed in their owner's Final Command Phase"));
  if (w->type != GBACW_UNIT_WAGON || w->hex < 0)
    return fail (error, _("[11.18] %s is not a supply wagon on the map"), wagon_label);
  if (u->side != game->phasing_side || w->side != game->phasing_side)
    return fail (error, _("[11.18] Only the phasing player recrews his own wagons"));
  if (w->strength > 0)
    return fail (error, _("[11.18] %s has its crew"), wagon_label);
  if (w->recrew_turn >= 0)
    return fail (error, _("[11.18] Only one Strength Point may ever be assigned to %s"), wagon_label);
  if (!(u->type == GBACW_UNIT_INFANTRY
        || (u->type == GBACW_UNIT_CAVALRY && u->formation == GBACW_FORMATION_STATE_DISMOUNTED))
      || gbacw_game_is_wagon_crew (u))
    return fail (error, _("[11.18] Only an infantry or dismounted cavalry unit recrews a wagon"));
  if (u->hex != w->hex)
    return fail (error, _("[11.18] %s is not on %s"), label, wagon_label);
  if (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_ENGAGED))
    return fail (error, _("[11.18] %s is routed or engaged"), label);
  if (u->strength < 2)
    return fail (error, _("[11.18] %s has no Strength Point to spare"), label);
  return TRUE;
}

void
gbacw_supply_apply_action (GbacwGame *game, const GbacwAction *action)
{
  GbacwGameUnit *u = gbacw_game_unit (game, action->command.leader);
  GbacwGameUnit *w = gbacw_game_unit (game, action->command.other);
  g_autofree char *label = gbacw_game_unit_label (game, u->index);
  g_autofree char *wagon_label = gbacw_game_unit_label (game, w->index);

  if (action->kind == GBACW_ACTION_TRANSFER_ROUNDS)
    {
      u->rounds -= action->command.points;
      w->rounds += action->command.points;
      u->transfer_turn = w->transfer_turn = game->turn;
      gbacw_game_log (game, "11.33", g_dngettext (GETTEXT_PACKAGE, "%s gives %d round to %s (%d and %d left)", "%s gives %d rounds to %s (%d and %d left)",
                                                   action->command.points), label, action->command.points,
                      wagon_label, u->rounds, w->rounds);
      return;
    }
  if (action->kind == GBACW_ACTION_RECREW)
    {
      u->strength--;
      u->recovered--;
      w->strength = 1;
      w->recovered++;
      w->morale = u->morale;
      w->status &= ~(GBACW_STATUS_PINNED | GBACW_STATUS_ROUTED);
      w->recrew_turn = game->turn;
      gbacw_game_log (game, w->capture_turn >= 0 ? "11.19" : "11.18", _("%s gives a Strength Point to recrew %s"), label,
                      wagon_label);
      return;
    }
  if (u->type == GBACW_UNIT_ARTILLERY && u->rounds == GBACW_UNSET)
    {
      /* a battery that counts no rounds and ran out (J 21.3): one box resupplies it */
      u->status &= ~GBACW_STATUS_AMMO_DEPLETED;
      w->artillery_boxes--;
      gbacw_game_log (game, "11.32", _("%s is resupplied by %s with one artillery box"), label, wagon_label);
    }
  else if (u->type == GBACW_UNIT_ARTILLERY)
    {
      int n = MIN (u->oob->rounds - u->rounds, w->artillery_boxes);
      u->rounds += n;
      w->artillery_boxes -= n;
      gbacw_game_log (game, "11.32", g_dngettext (GETTEXT_PACKAGE, "%s takes %d round from %s", "%s takes %d rounds from %s", n), label, n, wagon_label);
    }
  else
    {
      u->status &= ~GBACW_STATUS_AMMO_DEPLETED;
      w->small_arms_boxes--;
      gbacw_game_log (game, "11.24", _("%s is resupplied by %s"), label, wagon_label);
    }
}

void
gbacw_supply_remove_former_crew (GbacwGame *game, int wagon, int former_side)
{
  const GbacwGameUnit *w = gbacw_game_unit (game, wagon);
  GbacwGameUnit *c = w->crew_counter >= 0 ? gbacw_game_unit (game, w->crew_counter) : NULL;
  g_autofree char *label = NULL;
  g_autofree char *wagon_label = NULL;
  int hex;

  if (c == NULL || c->hex < 0 || c->side != former_side)
    return;
  label = gbacw_game_unit_label (game, c->index);
  wagon_label = gbacw_game_unit_label (game, wagon);
  hex = c->hex;
  c->killed += c->strength;   /* out of play; never Victory Points (gbacw-query.c) */
  c->removed_without_vp += c->strength;
  c->strength = 0;
  gbacw_game_remove_unit (game, c->index, GBACW_PRESENCE_ELIMINATED);
  gbacw_game_log (game, "11.19", _("%s, the former crew of %s, is removed from play"), label, wagon_label);
  gbacw_melee_refresh_engaged (game);
  gbacw_retreat_check_lone_leaders (game, hex, former_side);
}

void
gbacw_supply_capture_wagons (GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  gboolean captor = FALSE;
  int facing = -1;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY)
          && !gbacw_game_is_wagon_crew (u))
        {
          captor = TRUE;
          if (facing < 0)
            facing = u->facing;
        }
    }
  if (!captor)
    return;
  for (guint i = 0; stack && i < stack->len; i++)
    {
      GbacwGameUnit *w = gbacw_game_unit (game, g_array_index (stack, int, i));
      g_autofree char *label = NULL;
      g_autofree char *hex_label = NULL;
      int former_side = w->side;
      if (w->side == side || w->type != GBACW_UNIT_WAGON || w->strength > 0)
        continue;
      label = gbacw_game_unit_label (game, w->index);
      hex_label = gbacw_game_hex_label (game, hex);
      w->side = side;
      w->capture_turn = game->turn;
      w->recrew_turn = -1;   /* the new owner may recrew it (11.18 once more) */
      w->status = 0;
      w->facing = facing;    /* 8.42 */
      gbacw_game_log (game, "11.19", _("%s, uncrewed in %s, is captured by %s"), label, hex_label,
                      gbacw_game_side_name (game, side));
      /* the former crew leaves play wherever it is: a crew that left the wagon otherwise
       * is out of play already (11.17, counted killed); no Victory Points either way */
      gbacw_supply_remove_former_crew (game, w->index, former_side);
      stack = gbacw_game_stack (game, hex);
    }
}

/* 11.34 */
void
gbacw_supply_ammunition_loss (GbacwGame *game, int wagon, int result)
{
  GbacwGameUnit *w = gbacw_game_unit (game, wagon);
  g_autofree char *label = gbacw_game_unit_label (game, wagon);
  g_autofree char *col = g_strdup_printf ("%d", CLAMP (result, 1, 3));   /* results above 3: column 3 */
  g_autofree char *row = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) parts = NULL;
  const char *value;
  int die = gbacw_dice_roll (game->dice);

  row = g_strdup_printf ("%d", die);
  value = gbacw_chart_value (game->scenario, "ammunition-loss", row, col, &error);
  if (value == NULL)
    {
      gbacw_game_log (game, "11.34", _("Ammunition Loss Table for %s: die %d, but %s"), label, die, error->message);
      return;
    }
  if (g_ascii_strcasecmp (value, "WE") == 0)
    {
      w->killed += w->strength;
      w->strength = 0;
      gbacw_game_log (game, "11.34", _("Ammunition Loss Table for %s: die %d, column %s: WE, the wagon is eliminated"), label,
                      die, col);
      gbacw_game_remove_unit (game, wagon, GBACW_PRESENCE_ELIMINATED);
      return;
    }
  parts = g_strsplit (value, "/", 2);
  if (parts[0] && parts[1])
    {
      int small = (int) g_ascii_strtoll (parts[0], NULL, 10);
      int artillery = g_ascii_strcasecmp (g_strstrip (parts[1]), "E") == 0 ? w->artillery_boxes
                                                                              : (int) g_ascii_strtoll (parts[1], NULL, 10);
      w->small_arms_boxes = MAX (0, w->small_arms_boxes - small);
      w->artillery_boxes = MAX (0, w->artillery_boxes - artillery);
      gbacw_game_log (game, "11.34",
                      g_dngettext (GETTEXT_PACKAGE, "Ammunition Loss Table for %s: die %d, column %s: %s: %d small-arms and %d artillery box left",
                                   "Ammunition Loss Table for %s: die %d, column %s: %s: %d small-arms and %d artillery boxes left",
                                   w->artillery_boxes),
                      label, die, col, value, w->small_arms_boxes, w->artillery_boxes);
    }
  else
    gbacw_game_log (game, "11.34", _("Ammunition Loss Table for %s: die %d: “%s” is not a result"), label, die, value);
}

/* 15.2 */
void
gbacw_supply_caissons (GbacwGame *game, int battery)
{
  GbacwGameUnit *u = gbacw_game_unit (game, battery);
  g_autofree char *label = gbacw_game_unit_label (game, battery);
  int die = gbacw_dice_roll (game->dice);

  if (die != 1)
    {
      gbacw_game_log (game, "15.2", _("Caisson check for %s: die %d: no caisson hit"), label, die);
      return;
    }
  die = gbacw_dice_roll (game->dice);
  if (u->rounds != GBACW_UNSET)
    u->rounds = MAX (0, u->rounds - die);
  gbacw_game_log (game, "15.2", g_dngettext (GETTEXT_PACKAGE, "Caisson check for %s: a caisson explodes: %d round lost",
                                               "Caisson check for %s: a caisson explodes: %d rounds lost", die), label, die);
}
