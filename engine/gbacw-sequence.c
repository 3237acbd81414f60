/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-sequence.c: the Sequence of Play (4.0): phases, their beginning and end, the turn
 * advancing, interphases and exclusive-rule phases, and the actions checked and applied
 * in them. */
#define G_LOG_DOMAIN "gbacw-sequence"

#include "gbacw-game.h"

#include <glib/gi18n-lib.h>

#include "gbacw-bce.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-melee.h"
#include "gbacw-movement.h"

/* ------------------------------------------------------------------ phases */

const char *
gbacw_phase_name (GbacwPhase phase)
{
  switch (phase)
    {
    case GBACW_PHASE_INITIAL_COMMAND: return _("Initial Command Phase");
    case GBACW_PHASE_MOVEMENT: return _("Movement Phase");
    case GBACW_PHASE_DEFENSIVE_FIRE: return _("Defensive Fire Phase");
    case GBACW_PHASE_OFFENSIVE_FIRE: return _("Offensive Fire Phase");
    case GBACW_PHASE_RETREAT_BEFORE_MELEE: return _("Retreat Before Melee Phase");
    case GBACW_PHASE_MELEE: return _("Melee Phase");
    case GBACW_PHASE_AMMUNITION_RESUPPLY: return _("Ammunition Resupply Phase");
    case GBACW_PHASE_RALLY: return _("Rally Phase");
    case GBACW_PHASE_FINAL_COMMAND: return _("Final Command Phase");
    case GBACW_PHASE_INTERPHASE: return _("Game-Turn Record Interphase");
    case GBACW_PHASE_GAME_OVER: return _("Game over");
    case GBACW_PHASE_EXCLUSIVE: return _("Exclusive-rule phase");
    default: return "";
    }
}

const char *
gbacw_phase_letter (GbacwPhase phase)
{
  static const char *const letters[] = { "A", "B", "C", "D", "E", "F", "G", "H", "J" };
  return (guint) phase < G_N_ELEMENTS (letters) ? letters[phase] : "";
}

/* ------------------------------------------------------------------ turns */

static const GbacwTurn *
find_turn (const GbacwGame *game, int turn)
{
  const GPtrArray *turns = game->scenario->turns.turns;
  for (guint i = 0; i < turns->len; i++)
    {
      const GbacwTurn *t = g_ptr_array_index (turns, i);
      if (t->n == turn)
        return t;
    }
  return NULL;
}

int
gbacw_game_first_player (const GbacwGame *game, int turn)
{
  const GbacwTurnTrack *track = &game->scenario->turns;
  const char *first = track->first_player;
  int side;

  /* the turn track: the first player "from this turn on" */
  for (guint i = 0; i < track->turns->len; i++)
    {
      const GbacwTurn *t = g_ptr_array_index (track->turns, i);
      if (t->n <= turn && t->first_player)
        first = t->first_player;
    }
  side = gbacw_game_side_index (game, first);
  if (game->hooks)
    GBACW_FOREACH_HOOK (game, hooks, data)
      if (hooks->first_player)
        {
          int module_side = hooks->first_player (game, data, turn);
          if (module_side == 0 || module_side == 1)
            side = module_side;
        }
  return side >= 0 ? side : 0;
}

gboolean
gbacw_game_is_night (const GbacwGame *game, int turn)
{
  const GbacwTurn *t = find_turn (game, turn);
  return t != NULL && t->night;
}

gboolean
gbacw_game_is_over (const GbacwGame *game)
{
  return game->phase == GBACW_PHASE_GAME_OVER;
}

int
gbacw_game_decider (const GbacwGame *game)
{
  if (game->decision)
    return game->decision->side;
  if (game->phase == GBACW_PHASE_DEFENSIVE_FIRE)
    return 1 - game->phasing_side;
  return game->phasing_side;
}

/* Whether a phase is played: night turns have no fire or melee phases (every game's
 * night rules allow only withdrawal fire: rules matrix §2.D); hooks may decide. */
gboolean
gbacw_game_phase_skipped (const GbacwGame *game, GbacwPhase phase)
{
  gboolean skip = game->night && (phase == GBACW_PHASE_DEFENSIVE_FIRE || phase == GBACW_PHASE_OFFENSIVE_FIRE
                                  || phase == GBACW_PHASE_RETREAT_BEFORE_MELEE || phase == GBACW_PHASE_MELEE);

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->skip_phase)
      {
        gboolean s = skip;
        if (hooks->skip_phase (game, data, phase, &s))
          skip = s;
      }
  return skip;
}

void
gbacw_game_begin_phase (GbacwGame *game)
{
  switch (game->phase)
    {
    case GBACW_PHASE_INITIAL_COMMAND:
      /* a new Player-Turn: per-turn flags of the phasing player's units */
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          if (u->side == game->phasing_side)
            {
              u->moved = FALSE;
              u->n_fired_at = 0;
              u->start_hex = -1;
            }
          if (game->player_turn == 0)
            u->advanced = FALSE;   /* 12.85: for the rest of that Game-Turn */
        }
      g_ptr_array_set_size (game->melees, 0);
      break;
    case GBACW_PHASE_MOVEMENT:
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          u->start_hex = u->hex;   /* 16.23 */
          g_hash_table_remove_all (game->entries);
          u->mp_spent = 0;
          u->hexes_moved = 0;
          u->formation_changed = FALSE;
          u->movement_done = FALSE;
        }
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (hooks->reinforcements)
          hooks->reinforcements (game, data);
      break;
    case GBACW_PHASE_DEFENSIVE_FIRE:
    case GBACW_PHASE_OFFENSIVE_FIRE:
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          u->fire_used = 0;
          u->fired_upon = 0;
          if (game->phase == GBACW_PHASE_OFFENSIVE_FIRE)
            u->n_fired_at = 0;   /* 12.22 */
        }
      g_hash_table_remove_all (game->hexside_fire);
      g_array_set_size (game->depleted, 0);
      break;
    case GBACW_PHASE_RALLY:
      /* 9.85: Pin markers of the phasing player are removed before rallying */
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          if (u->side == game->phasing_side && (u->status & GBACW_STATUS_PINNED))
            {
              u->status &= ~GBACW_STATUS_PINNED;
              if (u->hex >= 0 && gbacw_game_is_combat_unit (u))
                {
                  g_autofree char *label = gbacw_game_unit_label (game, u->index);
                  gbacw_game_log (game, "9.85", _("%s is no longer pinned"), label);
                }
            }
        }
      break;
    case GBACW_PHASE_INTERPHASE:
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (hooks->interphase)
          hooks->interphase (game, data);
      break;
    case GBACW_PHASE_RETREAT_BEFORE_MELEE:
    case GBACW_PHASE_MELEE:
    case GBACW_PHASE_AMMUNITION_RESUPPLY:
    case GBACW_PHASE_FINAL_COMMAND:
    case GBACW_PHASE_GAME_OVER:
    default:
      break;
    }
  if (game->phase == GBACW_PHASE_GAME_OVER)
    return;
  gbacw_leadership_phase_begin (game);   /* A, H, J (17.0, 13.5, 17.8) */
  gbacw_melee_phase_begin (game);        /* E, F (12.0) */
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->phase_begin)
      hooks->phase_begin (game, data);
}

static void
end_phase (GbacwGame *game)
{
  switch (game->phase)
    {
    case GBACW_PHASE_DEFENSIVE_FIRE:
    case GBACW_PHASE_OFFENSIVE_FIRE:
      gbacw_fire_phase_end (game);   /* 9.42: results applied at the end */
      break;
    case GBACW_PHASE_MOVEMENT:
      gbacw_movement_phase_end (game);   /* 8.0: stacking limits that cannot be kept */
      break;
    case GBACW_PHASE_MELEE:
      gbacw_movement_combat_end (game);   /* 8.0: the end of the Combat Phase */
      break;
    case GBACW_PHASE_INITIAL_COMMAND:
    case GBACW_PHASE_RETREAT_BEFORE_MELEE:
    case GBACW_PHASE_AMMUNITION_RESUPPLY:
    case GBACW_PHASE_RALLY:
    case GBACW_PHASE_FINAL_COMMAND:
    case GBACW_PHASE_INTERPHASE:
    case GBACW_PHASE_GAME_OVER:
    default:
      break;
    }
  gbacw_leadership_phase_end (game);   /* A: the command check (17.11); J: promotions (17.84) */
  gbacw_melee_phase_end (game);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->phase_end)
      hooks->phase_end (game, data);
}

void
gbacw_game_start_turn (GbacwGame *game, int turn)
{
  game->turn = turn;
  game->player_turn = 0;
  game->night = gbacw_game_is_night (game, turn);
  game->phasing_side = gbacw_game_first_player (game, turn);
  game->phase = GBACW_PHASE_INITIAL_COMMAND;
  gbacw_game_log (game, "4.0", game->night ? _("Game-Turn %d (night) begins; %s is the first player")
                                           : _("Game-Turn %d begins; %s is the first player"),
                  turn, gbacw_game_side_name (game, game->phasing_side));
}

/* An exclusive rule's phase after phase "after", asking the modules from first_hook on. */
static gboolean
enter_extra_phase (GbacwGame *game, GbacwPhase after, guint first_hook)
{
  for (guint i = first_hook; i < game->hooks->len; i++)
    {
      const GbacwRuleHooks *hooks = g_ptr_array_index (game->hooks, i);
      const char *name;

      if (hooks->extra_phase == NULL
          || (name = hooks->extra_phase (game, g_ptr_array_index (game->hook_data, i), after)) == NULL)
        continue;
      game->resume_phase = after;
      game->extra_hook = i;
      game->extra_phase_name = name;
      game->phase = GBACW_PHASE_EXCLUSIVE;
      gbacw_game_log (game, NULL, _("%s (exclusive rule “%s”)"), name, hooks->id);
      gbacw_game_begin_phase (game);
      return TRUE;
    }
  return FALSE;
}

/* Moves to the next phase that is played, running the phases' own work; when the end of
 * the phase leaves something pending (rout retreats after fire), the phase ends once it
 * is resolved (gbacw_game_run_pending ()). */
void
gbacw_game_advance (GbacwGame *game)
{
  end_phase (game);
  if (game->pending->len > 0)
    {
      game->ending_phase = TRUE;
      gbacw_game_run_pending (game);
      return;
    }
  gbacw_game_finish_phase (game);
}

/* 8.41: the hexes whose top unit (of its side) ran out of ammunition in the Fire Phase
 * that ends: their owner may change their order until the next other action. */
static int
top_unit (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && gbacw_game_is_combat_unit (u))
        return u->index;
    }
  return -1;
}

static void
restack_window (GbacwGame *game)
{
  g_array_set_size (game->restack_hexes, 0);
  for (guint i = 0; i < game->depleted->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (game->depleted, int, i));
      int key = u->hex * 2 + u->side;
      gboolean known = FALSE;
      if (u->hex < 0 || !(u->status & GBACW_STATUS_AMMO_DEPLETED) || top_unit (game, u->hex, u->side) != u->index)
        continue;
      for (guint k = 0; k < game->restack_hexes->len; k++)
        known |= g_array_index (game->restack_hexes, int, k) == key;
      if (!known)
        g_array_append_val (game->restack_hexes, key);
    }
  g_array_set_size (game->depleted, 0);
}

/* 8.41: units: every unit of one side in the hex, each once, in the new order. */
static gboolean
check_restack (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GArray *units = action->restack.units;
  const GArray *stack;
  int hex = action->restack.hex, side = -1, n_side = 0;
  gboolean window = FALSE;

  if (hex < 0 || hex >= game->n_hexes || units == NULL || units->len == 0)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No such hex or no units to restack"));
      return FALSE;
    }
  stack = gbacw_game_stack (game, hex);
  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      const GbacwGameUnit *u;
      if (unit < 0 || (guint) unit >= game->units->len || (u = gbacw_game_unit (game, unit))->hex != hex)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("A unit restacked is not in the hex"));
          return FALSE;
        }
      if (side >= 0 && u->side != side)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("The units restacked are not of one side"));
          return FALSE;
        }
      side = u->side;
      for (guint k = 0; k < i; k++)
        if (g_array_index (units, int, k) == unit)
          {
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("A unit is named twice"));
            return FALSE;
          }
    }
  for (guint i = 0; stack && i < stack->len; i++)
    n_side += gbacw_game_unit (game, g_array_index (stack, int, i))->side == side;
  if ((guint) n_side != units->len)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("Every unit of the side in the hex must be named"));
      return FALSE;
    }
  for (guint k = 0; k < game->restack_hexes->len; k++)
    window |= g_array_index (game->restack_hexes, int, k) == hex * 2 + side;
  if (!window && !(game->phase == GBACW_PHASE_MOVEMENT && game->phasing_side == side))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[8.41] The stacking order changes only in its owner's Movement Phase, or at the end of a Fire "
                     "Phase in which the top unit ran out of ammunition"));
      return FALSE;
    }
  return TRUE;
}

/* The side's units take the places of the side's units in the stack, in the new order
 * (an engaged hex keeps the other side's units where they are). */
static void
apply_restack (GbacwGame *game, const GbacwAction *action)
{
  GArray *stack = game->stacks[action->restack.hex];
  const GArray *units = action->restack.units;
  int side = gbacw_game_unit (game, g_array_index (units, int, 0))->side;
  guint next = 0;
  GString *order = g_string_new (NULL);

  for (guint i = 0; i < stack->len; i++)
    if (gbacw_game_unit (game, g_array_index (stack, int, i))->side == side)
      g_array_index (stack, int, i) = g_array_index (units, int, next++);
  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (units, int, i));
      g_string_append_printf (order, "%s%s", i ? ", " : "", label);
    }
  {
    g_autofree char *hex = gbacw_game_hex_label (game, action->restack.hex);
    gbacw_game_log (game, "8.41", _("New stacking order in %s, top first: %s"), hex, order->str);
  }
  g_string_free (order, TRUE);
  gbacw_game_refresh_hex (game, action->restack.hex);
}

void
gbacw_game_finish_phase (GbacwGame *game)
{
  GbacwPhase from = game->phase;
  guint next_hook = 0;

  game->ending_phase = FALSE;
  if (from == GBACW_PHASE_DEFENSIVE_FIRE || from == GBACW_PHASE_OFFENSIVE_FIRE)
    restack_window (game);
  if (from == GBACW_PHASE_EXCLUSIVE)
    {
      from = game->resume_phase;
      next_hook = game->extra_hook + 1;
      game->phase = from;
      game->extra_phase_name = NULL;
    }
  if (enter_extra_phase (game, from, next_hook))
    return;
  for (;;)
    {
      if (game->phase == GBACW_PHASE_INTERPHASE)
        {
          if (game->turn >= game->last_turn || game->decided)
            {
              game->phase = GBACW_PHASE_GAME_OVER;
              gbacw_game_log (game, "4.0", game->decided ? _("The game is decided") : _("The last Game-Turn is over"));
              return;
            }
          gbacw_game_start_turn (game, game->turn + 1);
        }
      else if (game->phase == GBACW_PHASE_FINAL_COMMAND)
        {
          if (game->decided)
            {
              /* won at the end of a Player-Turn (J 29.52, 33.62): the game ends there */
              game->phase = GBACW_PHASE_GAME_OVER;
              gbacw_game_log (game, "4.0", _("The game is decided"));
              return;
            }
          if (game->player_turn == 0)
            {
              game->player_turn = 1;
              game->phasing_side = 1 - game->phasing_side;
              game->phase = GBACW_PHASE_INITIAL_COMMAND;
              gbacw_game_log (game, "4.0", _("Second Player-Turn: %s"),
                              gbacw_game_side_name (game, game->phasing_side));
            }
          else
            game->phase = GBACW_PHASE_INTERPHASE;
        }
      else
        game->phase++;

      if (game->phase == GBACW_PHASE_INTERPHASE)
        {
          gbacw_game_begin_phase (game);   /* automatic: nobody acts in it */
          end_phase (game);
          continue;
        }
      if (!gbacw_game_phase_skipped (game, game->phase))
        break;
    }
  gbacw_game_begin_phase (game);
}

/* ------------------------------------------------------------------ actions */

static gboolean
check_units_valid (GbacwGame *game, const GArray *units, GError **error)
{
  if (units == NULL || units->len == 0)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("The action names no unit"));
      return FALSE;
    }
  for (guint i = 0; i < units->len; i++)
    {
      int index = g_array_index (units, int, i);
      if (index < 0 || (guint) index >= game->units->len)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No unit number %d"), index);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_array_index (units, int, j) == index)
          {
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("A unit is named twice"));
            return FALSE;
          }
    }
  return TRUE;
}

gboolean
gbacw_game_check_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  g_return_val_if_fail (action != NULL, FALSE);

  if (game->phase == GBACW_PHASE_GAME_OVER)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[4.0] The game is over"));
      return FALSE;
    }
  if (game->decision && action->kind != GBACW_ACTION_ANSWER)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[%s] %s must first answer: %s"),
                   game->decision->rule_case, gbacw_game_side_name (game, game->decision->side),
                   game->decision->question);
      return FALSE;
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->action_legal && !hooks->action_legal (game, data, action, error))
      return FALSE;
  switch (action->kind)
    {
    case GBACW_ACTION_ANSWER:
      if (game->decision == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("There is no question to answer"));
          return FALSE;
        }
      return gbacw_pending_check_answer (game, action, error);
    case GBACW_ACTION_END_PHASE:
      if (game->phase == GBACW_PHASE_MOVEMENT)
        return gbacw_movement_check_end (game, error);
      return TRUE;
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
      return check_units_valid (game, action->move.units, error)
             && gbacw_movement_check_action (game, action, error);
    case GBACW_ACTION_CHANGE_FORMATION:
      return check_units_valid (game, action->formation.units, error)
             && gbacw_movement_check_action (game, action, error);
    case GBACW_ACTION_CHANGE_FACING:
      return gbacw_movement_check_action (game, action, error);
    case GBACW_ACTION_FIRE:
      return gbacw_fire_check_action (game, action, error);
    case GBACW_ACTION_ATTACH:
    case GBACW_ACTION_DETACH:
    case GBACW_ACTION_COMMAND_POINTS:
    case GBACW_ACTION_RALLY:
      return gbacw_leadership_check_action (game, action, error);
    case GBACW_ACTION_DECLARE_MELEE:
    case GBACW_ACTION_MELEE:
      return check_units_valid (game, action->melee.units, error) && gbacw_melee_check_action (game, action, error);
    case GBACW_ACTION_RESUPPLY:
    case GBACW_ACTION_TRANSFER_ROUNDS:
    case GBACW_ACTION_RECREW:
      return gbacw_supply_check_action (game, action, error);
    case GBACW_ACTION_RESTACK:
      return check_restack (game, action, error);
    default:
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("Unknown action"));
      return FALSE;
    }
}

gboolean
gbacw_game_apply_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  GbacwAction *recorded;
  /* whether an answer's hex field holds a unit: the question it answers says so */
  gboolean names_unit = action->kind == GBACW_ACTION_ANSWER && game->decision != NULL
                        && (game->decision->kind == GBACW_DECISION_MELEE_LOSS
                            || game->decision->kind == GBACW_DECISION_PROMOTE);
  gboolean names_choice = action->kind == GBACW_ACTION_ANSWER && game->decision != NULL
                          && game->decision->kind == GBACW_DECISION_EXCLUSIVE_CHOICE;

  if (!gbacw_game_check_action (game, action, error))
    return FALSE;
  if (action->kind != GBACW_ACTION_RESTACK)
    g_array_set_size (game->restack_hexes, 0);   /* 8.41: the window after a Fire Phase closes */
  switch (action->kind)
    {
    case GBACW_ACTION_RESTACK:
      apply_restack (game, action);
      break;
    case GBACW_ACTION_END_PHASE:
      gbacw_game_log (game, "4.0", _("%s ends the %s"), gbacw_game_side_name (game, gbacw_game_decider (game)),
                      game->phase == GBACW_PHASE_EXCLUSIVE && game->extra_phase_name ? game->extra_phase_name
                                                                                      : gbacw_phase_name (game->phase));
      gbacw_game_advance (game);
      break;
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
    case GBACW_ACTION_CHANGE_FORMATION:
    case GBACW_ACTION_CHANGE_FACING:
      gbacw_movement_apply_action (game, action);
      break;
    case GBACW_ACTION_FIRE:
      if (!gbacw_fire_apply_action (game, action, error))
        return FALSE;
      break;
    case GBACW_ACTION_ANSWER:
      gbacw_pending_apply_answer (game, action);
      break;
    case GBACW_ACTION_ATTACH:
    case GBACW_ACTION_DETACH:
    case GBACW_ACTION_COMMAND_POINTS:
    case GBACW_ACTION_RALLY:
      gbacw_leadership_apply_action (game, action);
      break;
    case GBACW_ACTION_DECLARE_MELEE:
    case GBACW_ACTION_MELEE:
      gbacw_melee_apply_action (game, action);
      break;
    case GBACW_ACTION_RESUPPLY:
    case GBACW_ACTION_TRANSFER_ROUNDS:
    case GBACW_ACTION_RECREW:
      gbacw_supply_apply_action (game, action);
      break;
    default:
      break;
    }
  recorded = gbacw_action_copy (action);
  if (recorded->kind == GBACW_ACTION_ANSWER)
    {
      recorded->answer.names_unit = names_unit;
      recorded->answer.names_choice = names_choice;
    }
  g_ptr_array_add (game->actions, recorded);
  /* whatever the action left pending (withdrawal fire, retreats) */
  gbacw_game_run_pending (game);
  gbacw_bce_refresh (game);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->action_done)
      hooks->action_done (game, data, action);
  return TRUE;
}
