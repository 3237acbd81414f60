/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-legal.c: what blocks the end of a phase, the legal actions of the moment, and a
 * refusal's stable code and case (gbacw-legal.h). */
#define G_LOG_DOMAIN "gbacw-legal"

#include "gbacw-legal.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-melee.h"
#include "gbacw-movement.h"

/* ------------------------------------------------------------------ refusals */

const char *
gbacw_game_error_code_name (int code)
{
  switch (code)
    {
    case GBACW_GAME_ERROR_ILLEGAL: return "illegal";
    case GBACW_GAME_ERROR_INVALID: return "invalid";
    case GBACW_GAME_ERROR_CHART: return "chart";
    case GBACW_GAME_ERROR_SCENARIO: return "scenario";
    case GBACW_GAME_ERROR_FILE: return "file";
    default: return "other";
    }
}

/* The case a message begins with, "[17.52] …" or "[P 22.21] …", into buf ("" when none). */
static void
message_case (const char *message, char *buf, gsize size)
{
  const char *end;

  buf[0] = '\0';
  if (message == NULL || message[0] != '[' || (end = strchr (message, ']')) == NULL
      || (gsize) (end - message - 1) >= size || end == message + 1)
    return;
  /* a case is a number, maybe after a game letter and a space: nothing else in brackets */
  for (const char *c = message + 1; c < end; c++)
    if (!g_ascii_isdigit (*c) && *c != '.' && !(c == message + 1 && g_ascii_isupper (*c))
        && !(c == message + 2 && *c == ' '))
      return;
  memcpy (buf, message + 1, (gsize) (end - message - 1));
  buf[end - message - 1] = '\0';
}

gboolean
gbacw_game_refusal (const GError *error, GbacwRefusal *refusal)
{
  g_return_val_if_fail (refusal != NULL, FALSE);

  memset (refusal, 0, sizeof *refusal);
  refusal->code = "other";
  if (error == NULL)
    return FALSE;
  if (error->domain == GBACW_GAME_ERROR)
    refusal->code = gbacw_game_error_code_name (error->code);
  message_case (error->message, refusal->rule_case, sizeof refusal->rule_case);
  return TRUE;
}

/* ------------------------------------------------------------------ phase end */

void
gbacw_blocker_free (GbacwBlocker *blocker)
{
  if (blocker == NULL)
    return;
  g_free (blocker->rule_case);
  g_free (blocker->rule_id);
  g_free (blocker->message);
  g_free (blocker);
}

gpointer
gbacw_blocker_new (int kind, const char *rule_id, int unit, int hex, const GError *refusal)
{
  GbacwBlocker *b = g_new0 (GbacwBlocker, 1);
  GbacwRefusal r;

  gbacw_game_refusal (refusal, &r);
  b->kind = (GbacwBlockerKind) kind;
  b->rule_case = g_strdup (r.rule_case);
  b->rule_id = g_strdup (rule_id);
  b->unit = unit;
  b->hex = hex;
  b->message = g_strdup (refusal ? refusal->message : "");
  return b;
}

GPtrArray *
gbacw_game_phase_blockers (GbacwGame *game)
{
  GPtrArray *blockers = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_blocker_free);
  g_autoptr (GbacwAction) end = gbacw_action_new_end_phase ();
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (game != NULL, blockers);

  if (gbacw_game_is_over (game))
    {
      error = g_error_new_literal (GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[4.0] The game is over"));
      g_ptr_array_add (blockers, gbacw_blocker_new (GBACW_BLOCKER_GAME_OVER, NULL, -1, -1, error));
      return blockers;
    }
  if (game->decision)
    {
      /* the refusal an END_PHASE gets, with the question's case */
      gbacw_game_check_action (game, end, &error);
      g_ptr_array_add (blockers, gbacw_blocker_new (GBACW_BLOCKER_DECISION, NULL, -1, game->decision->hex, error));
      return blockers;
    }
  /* exclusive rules that refuse any END_PHASE now (the action_legal hooks), before the
   * engine's own checks, as gbacw_game_check_action () asks them */
  for (guint i = 0; i < game->hooks->len; i++)
    {
      const GbacwRuleHooks *hooks = g_ptr_array_index (game->hooks, i);
      g_autoptr (GError) local = NULL;
      if (hooks->action_legal && !hooks->action_legal (game, g_ptr_array_index (game->hook_data, i), end, &local))
        g_ptr_array_add (blockers, gbacw_blocker_new (GBACW_BLOCKER_EXCLUSIVE, hooks->id, -1, -1, local));
    }
  if (game->phase == GBACW_PHASE_MOVEMENT)
    gbacw_movement_end_blockers (game, blockers, NULL);
  return blockers;
}

/* ------------------------------------------------------------------ legal actions */

/* Takes action: kept in out when the rules accept it now. */
static void
keep_if_legal (GbacwGame *game, GPtrArray *out, GbacwAction *action)
{
  if (gbacw_game_check_action (game, action, NULL))
    g_ptr_array_add (out, action);
  else
    gbacw_action_free (action);
}

static gboolean
ours (const GbacwGameUnit *u, int side, int only)
{
  return u->side == side && (only < 0 || u->index == only);
}

static int
compare_ints (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

static void
legal_moves (GbacwGame *game, GPtrArray *out, guint mask, int side, int only)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int index = u->index;

      if (!ours (u, side, only))
        continue;
      if (u->hex < 0)
        {
          const GbacwReinforcement *r;
          /* 26.0: a reinforcement enters by a one-hex move onto an entry hex */
          if (!(mask & GBACW_LEGAL_ENTRIES) || u->presence != GBACW_PRESENCE_NOT_ARRIVED || u->reinforcement < 0
              || (guint) u->reinforcement >= game->scenario->reinforcements->len)
            continue;
          r = g_ptr_array_index (game->scenario->reinforcements, u->reinforcement);
          for (guint k = 0; r->entry_hexes && k < r->entry_hexes->len; k++)
            {
              int hex = g_array_index (r->entry_hexes, int, k);
              gboolean known = FALSE;
              for (guint j = 0; j < k; j++)
                known |= g_array_index (r->entry_hexes, int, j) == hex;
              if (!known && hex >= 0 && hex < game->n_hexes)
                keep_if_legal (game, out, gbacw_action_new_move (&index, 1, &hex, 1, -1));
            }
          continue;
        }
      if (mask & GBACW_LEGAL_MOVES)
        {
          g_autoptr (GbacwMoveRange) range = gbacw_movement_range (game, index, NULL);
          g_autoptr (GArray) hexes = range ? g_array_copy (range->hexes) : NULL;

          if (hexes)
            g_array_sort (hexes, compare_ints);
          for (guint k = 0; hexes && k < hexes->len; k++)
            {
              int hex = g_array_index (hexes, int, k);
              g_autoptr (GArray) path = hex != u->hex ? gbacw_move_range_path (range, hex) : NULL;
              if (path && path->len > 0)
                keep_if_legal (game, out, gbacw_action_new_move (&index, 1, (const int *) path->data, path->len, -1));
            }
        }
      if (mask & GBACW_LEGAL_FORMATIONS)
        for (int f = GBACW_FORMATION_STATE_LINE; f <= GBACW_FORMATION_STATE_UNLIMBERED; f++)
          if (f != (int) u->formation)
            keep_if_legal (game, out, gbacw_action_new_change_formation (&index, 1, (GbacwFormationState) f));
      if (mask & GBACW_LEGAL_EXITS)
        keep_if_legal (game, out, gbacw_action_new_exit (&index, 1));
    }
}

/* The hexes of the other side's combat units within distance of hex, in hex order. */
static GArray *
enemy_hexes_near (const GbacwGame *game, int side, int hex, int distance)
{
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (int));

  for (int h = 0; h < game->n_hexes; h++)
    if (gbacw_game_hex_has_side (game, h, 1 - side, TRUE) && gbacw_game_distance (game, hex, h) <= distance)
      g_array_append_val (hexes, h);
  return hexes;
}

/* The longest range anything fires at (the Range Effects Chart's last column, or a
 * generous bound when it cannot be read). */
#define LEGAL_FIRE_REACH 20

static void
legal_fires (GbacwGame *game, GPtrArray *out, int side, int only)
{
  gboolean rapid = gbacw_fire_rapid_played (game);

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      g_autoptr (GArray) targets = NULL;

      if (!ours (u, side, only) || u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON)
        continue;
      targets = enemy_hexes_near (game, side, u->hex, LEGAL_FIRE_REACH);
      for (guint k = 0; k < targets->len; k++)
        {
          int target = g_array_index (targets, int, k);
          GbacwFirer firer = { u->index, 0, -1 };
          keep_if_legal (game, out, gbacw_action_new_fire (target, &firer, 1));
          /* the same fire with a battery's option, where a rule of the scenario plays it
           * (C 24.1 rapid fire, J 21.4 double shot): its module accepts or refuses it */
          if (u->type != GBACW_UNIT_ARTILLERY)
            continue;
          if (rapid)
            {
              GbacwFirer f = firer;
              f.rapid = TRUE;
              keep_if_legal (game, out, gbacw_action_new_fire (target, &f, 1));
            }
          if (gbacw_fire_double_shot_allowed (game, u->index, gbacw_game_distance (game, u->hex, target), FALSE))
            {
              GbacwFirer f = firer;
              f.double_shot = TRUE;
              keep_if_legal (game, out, gbacw_action_new_fire (target, &f, 1));
            }
        }
    }
}

static void
legal_melees (GbacwGame *game, GPtrArray *out, int side, int only)
{
  if (game->phase == GBACW_PHASE_MELEE)
    {
      for (guint i = 0; i < game->melees->len; i++)
        {
          const GbacwMeleeDeclaration *d = g_ptr_array_index (game->melees, i);
          gboolean has = only < 0;
          for (int k = 0; k < d->n_units; k++)
            has |= d->units[k] == only;
          if (!d->resolved && d->n_units > 0 && has)
            keep_if_legal (game, out, gbacw_action_new_melee (d->units, (guint) d->n_units, d->target));
        }
      return;
    }
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
      const GArray *stack;

      if (!gbacw_game_hex_has_side (game, hex, 1 - side, TRUE))
        continue;
      for (int d = 0; d < 6; d++)
        {
          int next = gbacw_game_neighbour_index (game, hex, d);
          for (guint k = 0; next >= 0 && (stack = gbacw_game_stack (game, next)) && k < stack->len; k++)
            {
              const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, k));
              GbacwAction *one;
              if (u->side != side || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON)
                continue;
              one = gbacw_action_new_declare_melee (&u->index, 1, hex, FALSE);
              if (!gbacw_game_check_action (game, one, NULL))
                {
                  gbacw_action_free (one);
                  continue;
                }
              g_array_append_val (all, u->index);
              if (only < 0 || u->index == only)
                g_ptr_array_add (out, one);
              else
                gbacw_action_free (one);
            }
        }
      if (all->len > 1 && (only < 0 || gbacw_int_array_has (all, only)))
        keep_if_legal (game, out, gbacw_action_new_declare_melee ((const int *) all->data, all->len, hex, FALSE));
    }
}

static void
legal_rallies (GbacwGame *game, GPtrArray *out, int side, int only)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *l = g_ptr_array_index (game->units, i);
      if (l->side != side || l->hex < 0 || l->type != GBACW_UNIT_LEADER || l->rally_points <= 0)
        continue;
      for (guint k = 0; k < game->units->len; k++)
        {
          const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
          if (ours (u, side, only) && u->hex >= 0 && (u->status & GBACW_STATUS_ROUTED))
            keep_if_legal (game, out, gbacw_action_new_rally (l->index, u->index));
        }
    }
}

static void
legal_resupplies (GbacwGame *game, GPtrArray *out, int side, int only)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (!ours (u, side, only) || u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON)
        continue;
      for (guint k = 0; k < game->units->len; k++)
        {
          const GbacwGameUnit *w = g_ptr_array_index (game->units, k);
          if (w->side == side && w->type == GBACW_UNIT_WAGON && w->hex >= 0)
            keep_if_legal (game, out, gbacw_action_new_resupply (u->index, w->index));
        }
    }
}

static void
legal_command_points (GbacwGame *game, GPtrArray *out, int side, int only)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *d = g_ptr_array_index (game->units, i);
      if (d->side != side || d->hex < 0 || d->type != GBACW_UNIT_LEADER || d->cp_left <= 0)
        continue;
      for (guint k = 0; k < game->units->len; k++)
        {
          const GbacwGameUnit *b = g_ptr_array_index (game->units, k);
          if (b != d && b->side == side && b->hex >= 0 && b->type == GBACW_UNIT_LEADER
              && (only < 0 || only == d->index || only == b->index))
            keep_if_legal (game, out, gbacw_action_new_command_points (d->index, b->index, 1));
        }
    }
}

GPtrArray *
gbacw_game_legal_actions (GbacwGame *game, guint mask, int unit)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_action_free);
  int side;

  g_return_val_if_fail (game != NULL, out);

  if (gbacw_game_is_over (game) || game->decision != NULL)
    return out;
  side = gbacw_game_decider (game);
  switch (game->phase)
    {
    case GBACW_PHASE_MOVEMENT:
      legal_moves (game, out, mask, side, unit);
      break;
    case GBACW_PHASE_DEFENSIVE_FIRE:
    case GBACW_PHASE_OFFENSIVE_FIRE:
      if (mask & GBACW_LEGAL_FIRES)
        legal_fires (game, out, side, unit);
      break;
    case GBACW_PHASE_RETREAT_BEFORE_MELEE:
    case GBACW_PHASE_MELEE:
      if (mask & GBACW_LEGAL_MELEES)
        legal_melees (game, out, side, unit);
      break;
    case GBACW_PHASE_RALLY:
      if (mask & GBACW_LEGAL_RALLIES)
        legal_rallies (game, out, side, unit);
      break;
    case GBACW_PHASE_AMMUNITION_RESUPPLY:
      if (mask & GBACW_LEGAL_RESUPPLIES)
        legal_resupplies (game, out, side, unit);
      break;
    case GBACW_PHASE_INITIAL_COMMAND:
      if (mask & GBACW_LEGAL_COMMAND_POINTS)
        legal_command_points (game, out, side, unit);
      break;
    case GBACW_PHASE_FINAL_COMMAND:
    case GBACW_PHASE_INTERPHASE:
    case GBACW_PHASE_EXCLUSIVE:
    case GBACW_PHASE_GAME_OVER:
    default:
      break;
    }
  if (mask & GBACW_LEGAL_END_PHASE)
    keep_if_legal (game, out, gbacw_action_new_end_phase ());
  return out;
}
