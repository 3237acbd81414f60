/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-pending.c: the queue of things the rules make happen, and the decisions they
 * ask of the players.
 *
 * An action (a move, the end of a Fire Phase, a melee) may leave items pending: the
 * withdrawal fire a move draws (10.1), the retreat a rout owes (13.31), the leader who
 * must be placed (17.53). gbacw_game_run_pending () works them front first: each is
 * resolved at once when the rules leave no choice, or it asks its player a
 * GbacwDecision and the game waits for the ANSWER action. An item may put others
 * before itself and wait for them (a retreat draws retreat fire at a hex, 10.2, and
 * goes on after it). */
#define G_LOG_DOMAIN "gbacw-pending"

#include "gbacw-game.h"

#include <glib/gi18n-lib.h>

#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"

static GArray *
int_array_copy (const GArray *array)
{
  GArray *copy;

  if (array == NULL)
    return NULL;
  copy = g_array_sized_new (FALSE, FALSE, sizeof (int), array->len);
  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

gboolean
gbacw_int_array_has (const GArray *array, int value)
{
  for (guint i = 0; array && i < array->len; i++)
    if (g_array_index (array, int, i) == value)
      return TRUE;
  return FALSE;
}

GbacwPending *
gbacw_pending_new (GbacwPendingKind kind, int side, int unit, int hex, const char *rule_case)
{
  GbacwPending *p = g_new0 (GbacwPending, 1);

  p->kind = kind;
  p->side = side;
  p->unit = unit;
  p->hex = hex;
  p->other_hex = -1;
  p->facing = -1;
  p->rule_case = rule_case;
  return p;
}

GbacwPending *
gbacw_pending_new_exclusive (const GbacwGame *game, gconstpointer data, int side, int unit, int hex,
                             const char *rule_case)
{
  GbacwPending *p = gbacw_pending_new (GBACW_PENDING_EXCLUSIVE, side, unit, hex, rule_case);

  for (guint h = 0; h < game->hooks->len; h++)
    if (g_ptr_array_index (game->hook_data, h) == data)
      p->value = (int) h;
  return p;
}

GbacwPending *
gbacw_pending_copy (const GbacwPending *pending)
{
  GbacwPending *p = g_new0 (GbacwPending, 1);

  *p = *pending;
  p->units = int_array_copy (pending->units);
  p->path = int_array_copy (pending->path);
  p->excluded = int_array_copy (pending->excluded);
  p->firers = int_array_copy (pending->firers);
  p->chain = int_array_copy (pending->chain);
  p->data = NULL;
  p->free_data = NULL;
  return p;
}

void
gbacw_pending_free (GbacwPending *pending)
{
  if (pending == NULL)
    return;
  g_clear_pointer (&pending->units, g_array_unref);
  g_clear_pointer (&pending->path, g_array_unref);
  g_clear_pointer (&pending->excluded, g_array_unref);
  g_clear_pointer (&pending->firers, g_array_unref);
  g_clear_pointer (&pending->chain, g_array_unref);
  if (pending->data && pending->free_data)
    pending->free_data (pending->data);
  g_free (pending);
}

void
gbacw_game_queue_pending (GbacwGame *game, GbacwPending *pending, const GbacwPending *before)
{
  guint index;

  if (before && g_ptr_array_find (game->pending, before, &index))
    g_ptr_array_insert (game->pending, (int) index, pending);
  else
    g_ptr_array_add (game->pending, pending);
}

void
gbacw_game_queue_pending_after (GbacwGame *game, GbacwPending *pending, const GbacwPending *after)
{
  guint index;

  if (after && g_ptr_array_find (game->pending, after, &index))
    g_ptr_array_insert (game->pending, (int) index + 1, pending);
  else
    g_ptr_array_add (game->pending, pending);
}

GbacwDecision *
gbacw_decision_new (GbacwDecisionKind kind, int side, const char *rule_case)
{
  GbacwDecision *d = g_new0 (GbacwDecision, 1);

  d->kind = kind;
  d->side = side;
  d->rule_case = rule_case;
  d->hex = -1;
  d->units = g_array_new (FALSE, FALSE, sizeof (int));
  d->firers = g_array_new (FALSE, FALSE, sizeof (int));
  d->paths = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  d->hexes = g_array_new (FALSE, FALSE, sizeof (int));
  return d;
}

void
gbacw_decision_free (GbacwDecision *decision)
{
  if (decision == NULL)
    return;
  g_free (decision->question);
  g_clear_pointer (&decision->units, g_array_unref);
  g_clear_pointer (&decision->firers, g_array_unref);
  g_clear_pointer (&decision->paths, g_ptr_array_unref);
  g_clear_pointer (&decision->hexes, g_array_unref);
  g_clear_pointer (&decision->choices, g_ptr_array_unref);
  g_free (decision);
}

/* The module that queued a GBACW_PENDING_EXCLUSIVE item, or NULL. */
static const GbacwRuleHooks *
exclusive_hooks (const GbacwGame *game, const GbacwPending *p)
{
  return p->value >= 0 && (guint) p->value < game->hooks->len ? g_ptr_array_index (game->hooks, p->value) : NULL;
}

static GbacwResolve
resolve (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  switch (p->kind)
    {
    case GBACW_PENDING_WITHDRAWAL_FIRE:
    case GBACW_PENDING_LIMBER_FIRE:
    case GBACW_PENDING_RETREAT_FIRE:
      return gbacw_fire_pending_resolve (game, p, decision);
    case GBACW_PENDING_ROUT_RETREAT:
    case GBACW_PENDING_RETREAT:
    case GBACW_PENDING_DISPLACEMENT:
    case GBACW_PENDING_RETREAT_MOVE:
    case GBACW_PENDING_LEADER_PLACEMENT:
    case GBACW_PENDING_CAPTURE_CHECK:
      return gbacw_retreat_resolve (game, p, decision);
    case GBACW_PENDING_MOVE:
    case GBACW_PENDING_FORMATION:
      return gbacw_movement_pending_resolve (game, p, decision);
    case GBACW_PENDING_RETREAT_BEFORE_MELEE:
    case GBACW_PENDING_MELEE:
    case GBACW_PENDING_ADVANCE:
    case GBACW_PENDING_ENGAGED:
    case GBACW_PENDING_MELEE_FACING:
      return gbacw_melee_pending_resolve (game, p, decision);
    case GBACW_PENDING_PROMOTION:
      return gbacw_leadership_resolve_promotion (game, p, decision);
    case GBACW_PENDING_EXCLUSIVE:
      {
        const GbacwRuleHooks *hooks = exclusive_hooks (game, p);
        if (hooks && hooks->exclusive_resolve)
          return (GbacwResolve) hooks->exclusive_resolve (game, g_ptr_array_index (game->hook_data, p->value), p,
                                                          decision);
        return GBACW_RESOLVE_DONE;
      }
    case GBACW_PENDING_STACKING:
    default:
      return GBACW_RESOLVE_DONE;
    }
}

void
gbacw_game_run_pending (GbacwGame *game)
{
  for (int guard = 0;; guard++)
    {
      g_clear_pointer (&game->decision, gbacw_decision_free);
      while (game->pending->len > 0)
        {
          GbacwPending *p = g_ptr_array_index (game->pending, 0);
          GbacwDecision *d = NULL;
          GbacwResolve r = resolve (game, p, &d);

          if (r == GBACW_RESOLVE_WAIT && d != NULL)
            {
              game->decision = d;
              return;
            }
          gbacw_decision_free (d);
          if (r != GBACW_RESOLVE_AGAIN)
            g_ptr_array_remove (game->pending, p);
        }
      if (!game->ending_phase || game->phase == GBACW_PHASE_GAME_OVER)
        return;
      g_assert (guard < 1000);
      gbacw_game_finish_phase (game);
    }
}

/* ------------------------------------------------------------------ answers */

static gboolean
path_equal (const GArray *a, const GArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, int, i) != g_array_index (b, int, i))
      return FALSE;
  return TRUE;
}

gboolean
gbacw_pending_check_answer (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GbacwDecision *d = game->decision;
  const GbacwPending *p = g_ptr_array_index (game->pending, 0);
  const GArray *firers = action->answer.firers, *path = action->answer.path;

  switch (d->kind)
    {
    case GBACW_DECISION_FIRE:
      for (guint i = 0; i < firers->len; i++)
        if (!gbacw_int_array_has (d->firers, g_array_index (firers, GbacwFirer, i).unit))
          {
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[%s] That unit may not fire now"),
                         d->rule_case);
            return FALSE;
          }
      return firers->len == 0 || gbacw_fire_pending_check (game, p, action, error);
    case GBACW_DECISION_ADVANCE:
    case GBACW_DECISION_ENGAGED_RETREAT:
      for (guint i = 0; i < firers->len; i++)
        if (!gbacw_int_array_has (d->firers, g_array_index (firers, GbacwFirer, i).unit))
          {
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                         d->kind == GBACW_DECISION_ADVANCE ? _("[%s] That unit may not advance")
                                                           : _("[%s] That unit may not retreat from the melee"),
                         d->rule_case);
            return FALSE;
          }
      return d->kind != GBACW_DECISION_ADVANCE || gbacw_melee_check_advance (game, p, action, error);
    case GBACW_DECISION_RETREAT_PATH:
    case GBACW_DECISION_RETREAT_BEFORE_MELEE:
      if (path->len == 0 && d->may_decline)
        return TRUE;
      for (guint i = 0; i < d->paths->len; i++)
        if (path_equal (g_ptr_array_index (d->paths, i), path))
          return TRUE;
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   d->kind == GBACW_DECISION_RETREAT_BEFORE_MELEE
                     ? _("[12.81] Not a legal retreat before melee (one or two hexes, not into an enemy ZOC)")
                     : g_dngettext (GETTEXT_PACKAGE, "[14.4] Not a legal path of retreat: it must end exactly %d hex away, by the "
                                    "cheapest terrain, away from the enemy, not entering a hex twice",
                                    "[14.4] Not a legal path of retreat: it must end exactly %d hexes away, by the "
                                    "cheapest terrain, away from the enemy, not entering a hex twice", d->length),
                   d->length);
      return FALSE;
    case GBACW_DECISION_PLACE_LEADER:
      if (gbacw_int_array_has (d->hexes, action->answer.hex))
        return TRUE;
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[%s] The leader goes to the nearest combat unit of his command"), d->rule_case);
      return FALSE;
    case GBACW_DECISION_PROMOTE:
      if (gbacw_int_array_has (d->units, action->answer.hex))
        return TRUE;
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[17.83] Only a brigade commander of the division on the map may be promoted"));
      return FALSE;
    case GBACW_DECISION_MELEE_FACING:
      return gbacw_melee_check_facing (game, p, action, error);
    case GBACW_DECISION_ROUT_LEADERS:
      for (guint i = 0; i < firers->len; i++)
        {
          int leader = g_array_index (firers, GbacwFirer, i).unit;
          gboolean repeated = FALSE;
          for (guint k = 0; k < i; k++)
            repeated |= g_array_index (firers, GbacwFirer, k).unit == leader;
          if (repeated || !gbacw_int_array_has (d->firers, leader))
            {
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                           _("[13.43] Only the leaders stacked with the routed units may go with them, each once"));
              return FALSE;
            }
        }
      return TRUE;
    case GBACW_DECISION_EXCLUSIVE_UNITS:
      for (guint i = 0; i < firers->len; i++)
        {
          int unit = g_array_index (firers, GbacwFirer, i).unit;
          gboolean repeated = FALSE;
          for (guint k = 0; k < i; k++)
            repeated |= g_array_index (firers, GbacwFirer, k).unit == unit;
          if (repeated || !gbacw_int_array_has (d->firers, unit))
            {
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                           _("[%s] Choose among the units named, each once"), d->rule_case);
              return FALSE;
            }
        }
      if ((int) firers->len > d->length || (firers->len == 0 && !d->may_decline))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[%s] Choose at most %d of the units named"),
                       d->rule_case, d->length);
          return FALSE;
        }
      return TRUE;
    case GBACW_DECISION_EXCLUSIVE_CHOICE:
      if (d->choices && action->answer.hex >= 0 && (guint) action->answer.hex < d->choices->len)
        return TRUE;
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[%s] Choose one of the answers offered"),
                   d->rule_case);
      return FALSE;
    case GBACW_DECISION_MELEE_LOSS:
      if (gbacw_int_array_has (d->units, action->answer.hex))
        return TRUE;
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[12.74] Infantry and cavalry take melee losses before gun crews; choose one of the units named"));
      return FALSE;
    default:
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("Unknown question"));
      return FALSE;
    }
}

void
gbacw_pending_apply_answer (GbacwGame *game, const GbacwAction *action)
{
  GbacwPending *p = g_ptr_array_index (game->pending, 0);
  GbacwResolve r;

  g_clear_pointer (&game->decision, gbacw_decision_free);
  switch (p->kind)
    {
    case GBACW_PENDING_WITHDRAWAL_FIRE:
    case GBACW_PENDING_LIMBER_FIRE:
    case GBACW_PENDING_RETREAT_FIRE:
      r = gbacw_fire_pending_answer (game, p, action);
      break;
    case GBACW_PENDING_RETREAT_BEFORE_MELEE:
    case GBACW_PENDING_MELEE:
    case GBACW_PENDING_ADVANCE:
    case GBACW_PENDING_ENGAGED:
    case GBACW_PENDING_MELEE_FACING:
      r = gbacw_melee_pending_answer (game, p, action);
      break;
    case GBACW_PENDING_PROMOTION:
      gbacw_leadership_promote (game, p->value, action->answer.hex);
      r = GBACW_RESOLVE_DONE;
      break;
    case GBACW_PENDING_EXCLUSIVE:
      {
        const GbacwRuleHooks *hooks = exclusive_hooks (game, p);
        r = hooks && hooks->exclusive_answer
              ? (GbacwResolve) hooks->exclusive_answer (game, g_ptr_array_index (game->hook_data, p->value), p, action)
              : GBACW_RESOLVE_DONE;
      }
      break;
    case GBACW_PENDING_ROUT_RETREAT:
    case GBACW_PENDING_RETREAT:
    case GBACW_PENDING_DISPLACEMENT:
    case GBACW_PENDING_RETREAT_MOVE:
    case GBACW_PENDING_LEADER_PLACEMENT:
    case GBACW_PENDING_CAPTURE_CHECK:
    default:
      r = gbacw_retreat_answer (game, p, action);
      break;
    }
  if (r == GBACW_RESOLVE_DONE)
    g_ptr_array_remove (game->pending, p);
}
