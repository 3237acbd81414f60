/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-bridge-burning.c: burning the bridges (J 36.4-36.42, optional).
 *
 * At the start of his Final Command Phase a player whose unpinned, unrouted infantry or
 * cavalry unit spent the whole Player-Turn in a bank hex of the North River Bridge
 * (`bridge`) without moving (facing and formation changes allowed: it is where it began
 * the Movement Phase, and made no move), with no enemy unit but abandoned guns in the
 * opposite bank hex, is asked which of those units try: one die, on `roll` (1-3) the
 * bridge burns, once each Player-Turn (J 36.4); burned, it is a river hexside no unit ever
 * crosses (J 36.41: its step costs "P"; Zones of Control still cross it, J 22.4). A unit so
 * placed beside the wagon bridge destroys it without a roll (J 36.42: a ford again, never
 * rebuilt; jackson.wagon-bridge keeps it). The computer player burns nothing.
 *
 * Parameters (<exclusive id="jackson.bridge-burning">):
 *   bridge  the two hexes the North River Bridge joins (J 22.6: 1040 0941)
 *   roll    the die that burns it (default 1-3)
 *   case    the case cited (default "J 36.4")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-bridge-burning"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-dice.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-rule-jackson-map.h"

typedef struct {
  int a, b;              /* the bridge's hexes, -1 */
  int roll;              /* burns on 1-roll */
  gboolean burned;
  int asked_key;         /* the Player-Turn asked in, -1 */
  char *rule_case;
} BridgeBurning;

static gpointer
burning_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  BridgeBurning *b = g_new0 (BridgeBurning, 1);
  const char *bridge = gbacw_exclusive_rule_get_param (rule, "bridge");
  const char *roll = gbacw_exclusive_rule_get_param (rule, "roll");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  g_autofree char *why = NULL;
  g_autoptr (GArray) hexes = bridge ? gbacw_exclusive_parse_hexes (game->scenario->map, bridge, &why) : NULL;

  b->a = b->b = -1;
  if (hexes && hexes->len == 2 && gbacw_game_distance (game, g_array_index (hexes, int, 0), g_array_index (hexes, int, 1)) == 1)
    {
      b->a = g_array_index (hexes, int, 0);
      b->b = g_array_index (hexes, int, 1);
    }
  g_clear_pointer (&why, g_free);
  if (!roll || !gbacw_exclusive_parse_die_top (roll, &b->roll, &why))
    b->roll = 3;
  b->asked_key = -1;
  b->rule_case = g_strdup (rule_case ? rule_case : "J 36.4");
  return b;
}

static void
burning_finalize (gpointer data)
{
  BridgeBurning *b = data;
  g_free (b->rule_case);
  g_free (b);
}

static void
burning_move_cost (const GbacwGame *game, gpointer data, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const BridgeBurning *b = data;
  int to = gbacw_game_neighbour_index (game, from, direction);

  (void) unit;
  if (b->burned && ((from == b->a && to == b->b) || (from == b->b && to == b->a)))
    *cost = (GbacwMoveCost) { GBACW_COST_PROHIBITED, 0, NULL };   /* J 36.41 */
}

/* Whether hex holds an enemy of side other than abandoned guns. */
static gboolean
enemy_there (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side != side && !(o->type == GBACW_UNIT_ARTILLERY && (o->status & GBACW_STATUS_ABANDONED)))
        return TRUE;
    }
  return FALSE;
}

/* The direction of the bridge (1) or wagon bridge (2) hexside unit may burn or destroy from
 * its hex, and which, or -1. */
static int
target_of (const GbacwGame *game, const BridgeBurning *b, const GbacwGameUnit *u, int *which)
{
  if (u->hex < 0 || u->side != game->phasing_side || (u->type != GBACW_UNIT_INFANTRY && u->type != GBACW_UNIT_CAVALRY)
      || gbacw_game_is_wagon_crew (u) || (u->status & (GBACW_STATUS_PINNED | GBACW_STATUS_ROUTED)) || u->moved
      || u->start_hex != u->hex)
    return -1;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int other = gbacw_game_neighbour_index (game, u->hex, d);
      if (other < 0 || enemy_there (game, other, u->side))
        continue;
      if (!b->burned && ((u->hex == b->a && other == b->b) || (u->hex == b->b && other == b->a)))
        {
          *which = 1;
          return d;
        }
      if (gbacw_jackson_wagon_bridge_at (game, u->hex, d))
        {
          *which = 2;
          return d;
        }
    }
  return -1;
}

static void
burning_phase_begin (GbacwGame *game, gpointer data)
{
  BridgeBurning *b = data;
  int key = game->turn * 2 + game->player_turn, which;

  if (game->phase != GBACW_PHASE_FINAL_COMMAND || b->asked_key == key)
    return;
  for (guint i = 0; i < game->units->len; i++)
    if (target_of (game, b, g_ptr_array_index (game->units, i), &which) >= 0)
      {
        b->asked_key = key;
        gbacw_jackson_queue_question (game, b, b->rule_case);
        return;
      }
}

static int
burning_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  BridgeBurning *b = data;
  GbacwDecision *d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, game->phasing_side, b->rule_case);
  int which;

  (void) pending;
  for (guint i = 0; i < game->units->len; i++)
    if (target_of (game, b, g_ptr_array_index (game->units, i), &which) >= 0)
      {
        int unit = (int) i;
        g_array_append_val (d->firers, unit);
      }
  if (d->firers->len == 0)
    {
      gbacw_decision_free (d);
      return GBACW_RESOLVE_DONE;
    }
  d->length = 2;   /* one try at the bridge, one destruction of the wagon bridge */
  d->may_decline = TRUE;
  d->question = g_strdup_printf (_("Which units try to burn the North River Bridge (a die of 1-%d) or destroy the wagon "
                                   "bridge beside them (none: nothing burns)?"),
                                 b->roll);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
burning_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  BridgeBurning *b = data;
  const GArray *chosen = action->answer.firers;
  gboolean tried = FALSE;

  (void) pending;
  for (guint i = 0; chosen && i < chosen->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (chosen, GbacwFirer, i).unit);
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      int which = 0, d = target_of (game, b, u, &which);
      if (d < 0)
        continue;
      if (which == 2)
        {
          if (gbacw_jackson_wagon_bridge_destroy (game, u->hex, d))
            gbacw_game_log (game, "J 36.42", _("%s destroys the wagon bridge: the hexside is a ford again"), label);
        }
      else if (!tried)
        {
          int die = gbacw_dice_roll (game->dice);
          tried = TRUE;
          b->burned = die <= b->roll;
          gbacw_game_log (game, b->rule_case,
                          b->burned ? _("%s burns the North River Bridge (die %d): a river hexside for good")
                                    : _("%s fails to burn the North River Bridge (die %d)"),
                          label, die);
        }
    }
  return GBACW_RESOLVE_DONE;
}

static GbacwAction *
burning_default (GbacwGame *game, gpointer data, const GbacwPending *pending, const GbacwDecision *decision)
{
  (void) game;
  (void) data;
  (void) pending;
  (void) decision;
  return gbacw_action_new_answer_units (NULL, 0);
}

static void
burning_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const BridgeBurning *b = data;

  (void) game;
  if (b->burned)
    g_ptr_array_add (items, gbacw_rule_status_new ("J 36.41", _("The North River Bridge is burned")));
}

static gboolean
burning_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  BridgeBurning *t = to_data;
  const BridgeBurning *f = from_data;

  (void) to;
  (void) from;
  t->burned = f->burned;
  t->asked_key = f->asked_key;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_bridge_burning = {
  .id = "jackson.bridge-burning",
  .init = burning_init,
  .finalize = burning_finalize,
  .copy_state = burning_copy_state,
  .move_cost = burning_move_cost,
  .phase_begin = burning_phase_begin,
  .exclusive_resolve = burning_resolve,
  .exclusive_answer = burning_answer,
  .exclusive_default = burning_default,
  .status = burning_status,
};
