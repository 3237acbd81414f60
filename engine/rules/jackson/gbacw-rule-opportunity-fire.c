/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-opportunity-fire.c: artillery opportunity fire (J 21.5, optional).
 *
 * "Friendly artillery units may use opportunity fire against enemy units during the enemy
 * player's Movement Phase. A friendly artillery unit may fire only once per enemy Movement
 * Phase, and in doing so gives up its ability to fire during the ensuing Defensive Fire
 * Phase. Only actual movement from hex to hex can trigger opportunity fire": each time the
 * units of a MOVE (never a retreat) enter a hex, the move stops there (the MOVE hook
 * move_entered) and the non-phasing player is asked which of his artillery that could fire
 * at them there fire (a FIRE decision of a GBACW_PENDING_EXCLUSIVE item; none: hold fire).
 * - "non-moving enemy units in the hex of attack are never attacked and never affect
 *   density", J 21.56: the fire is a free shot (10.17) at the moving combat units only,
 *   whose density alone counts; "All normal combat rules apply" otherwise.
 * - J 21.51 "attacked once for every hex it enters, but ... never more than once in any
 *   given hex"; J 21.52 "before any change of facing or formation": the targets present
 *   the facing they entered with, even in the hex where the move ends with another.
 * - J 21.53: a change of formation or facing is no move: nothing is asked.
 * - J 21.55 "must use all its guns": a free shot fires all a unit has.
 * - "if the moving unit has been neither pinned nor routed, it may continue its movement":
 *   a routed unit leaves the move (the engine's), a pinned one stops it where it stands (the
 *   units moving with it stop too: they move together, J 21.54).
 * - The sections that fired are refused in the Defensive Fire Phase of that Player-Turn.
 * - None at night (J 35.0: no combat), and never double shot (a free shot, J 21.4's hook).
 * - J 21.54 "Units which begin and end their movement stacked together must be moved as a
 *   stack, thus realistically maintaining their true density": combat units on the map when
 *   the Movement Phase begins keep the list of the MOVEs they made in it; a MOVE that would
 *   bring a unit into a hex holding a combat unit it began the phase stacked with, that did
 *   not make the same MOVEs (it stayed, or moved apart), is refused: they would begin and
 *   end together without having moved as one stack. Units that split and stay apart are
 *   free; reinforcements entering (off the map when the phase began) and the night's moves
 *   (no opportunity fire, J 35.0) are not bound.
 *
 * Parameters (<exclusive id="jackson.opportunity-fire">): case (default "J 21.5")
 */
#define G_LOG_DOMAIN "gbacw-rule-opportunity-fire"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"

typedef struct {
  char *rule_case;
  guint n;                /* units when the game began */
  int *fired;             /* per unit: the Player-Turn key it fired opportunity fire in, -1 */
  int *pinned;            /* per unit: the Player-Turn key opportunity fire pinned it in, -1 */
  GHashTable *attacked;   /* unit * n_hexes + hex attacked in this Player-Turn's Movement Phase */
  int attacked_key;
  int *start;             /* J 21.54: per unit, its hex when this Movement Phase began (-1: off the map) */
  guint64 *moves;         /* J 21.54: per unit, a digest of the MOVEs it made in this Movement Phase */
} Opportunity;

static int
turn_key (const GbacwGame *game)
{
  return game->turn * 2 + game->player_turn;
}

static gpointer
opportunity_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Opportunity *o = g_new0 (Opportunity, 1);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  guint n = MAX (game->units->len, 1);

  o->rule_case = g_strdup (rule_case ? rule_case : "J 21.5");
  o->n = n;
  o->fired = g_new (int, n);
  o->pinned = g_new (int, n);
  for (guint i = 0; i < n; i++)
    o->fired[i] = o->pinned[i] = -1;
  o->attacked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  o->attacked_key = -1;
  o->start = g_new (int, n);
  o->moves = g_new0 (guint64, n);
  for (guint i = 0; i < n; i++)
    o->start[i] = -1;
  return o;
}

static void
opportunity_free (gpointer data)
{
  Opportunity *o = data;

  g_free (o->rule_case);
  g_free (o->fired);
  g_free (o->pinned);
  g_free (o->start);
  g_free (o->moves);
  g_hash_table_destroy (o->attacked);
  g_free (o);
}

static gint64 *
attack_key (const GbacwGame *game, int unit, int hex)
{
  gint64 *key = g_new (gint64, 1);

  *key = (gint64) unit * game->n_hexes + hex;
  return key;
}

static gboolean
was_attacked (Opportunity *o, const GbacwGame *game, int unit, int hex)
{
  gint64 key = (gint64) unit * game->n_hexes + hex;

  if (o->attacked_key != turn_key (game))
    {
      g_hash_table_remove_all (o->attacked);
      o->attacked_key = turn_key (game);
    }
  return g_hash_table_contains (o->attacked, &key);
}

/* The moving combat units in hex not attacked there yet (J 21.51). */
static GArray *
targets_in (Opportunity *o, const GbacwGame *game, const GArray *units, int hex)
{
  GArray *targets = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (u->hex == hex && gbacw_game_is_combat_unit (u) && !(u->status & GBACW_STATUS_ROUTED)
          && !was_attacked (o, game, u->index, hex))
        g_array_append_val (targets, u->index);
    }
  return targets;
}

/* The enemy artillery that could fire at targets in hex now (whole, a free shot). */
static GArray *
eligible_firers (const Opportunity *o, GbacwGame *game, int side, const GArray *targets, int hex, int facing)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < game->units->len && targets->len > 0; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      GbacwFirer firer = { u->index, 0, -1, FALSE };
      g_autoptr (GbacwFireResolution) res = NULL;

      if (i >= o->n || u->side != side || u->type != GBACW_UNIT_ARTILLERY || u->hex < 0 || o->fired[i] == turn_key (game)
          || (u->status & GBACW_STATUS_ROUTED) || gbacw_game_unit_ignored (game, u))
        continue;
      res = gbacw_fire_compute_free (game, side, hex, targets, facing, &firer, 1, NULL);
      if (res != NULL)
        g_array_append_val (out, u->index);
    }
  return out;
}

static gboolean
opportunity_entered (GbacwGame *game, gpointer data, GbacwPending *move, const GArray *units, int hex, int direction)
{
  Opportunity *o = data;
  g_autoptr (GArray) targets = NULL;
  g_autoptr (GArray) firers = NULL;
  GbacwPending *p;

  if (game->phase != GBACW_PHASE_MOVEMENT || game->night)
    return FALSE;   /* J 35.0: no combat at night */
  targets = targets_in (o, game, units, hex);
  firers = eligible_firers (o, game, 1 - move->side, targets, hex, direction);
  if (firers->len == 0)
    return FALSE;
  p = gbacw_pending_new_exclusive (game, o, 1 - move->side, -1, hex, o->rule_case);
  p->facing = direction;
  p->units = g_steal_pointer (&targets);
  gbacw_game_queue_pending (game, p, move);
  return TRUE;
}

static int
opportunity_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  Opportunity *o = data;
  g_autoptr (GArray) targets = targets_in (o, game, pending->units, pending->hex);
  g_autoptr (GArray) firers = eligible_firers (o, game, pending->side, targets, pending->hex, pending->facing);
  g_autoptr (GString) names = g_string_new (NULL);
  g_autofree char *hex = NULL;
  GbacwDecision *d;

  if (firers->len == 0)
    return GBACW_RESOLVE_DONE;
  g_array_set_size (pending->units, 0);
  g_array_append_vals (pending->units, targets->data, targets->len);
  for (guint i = 0; i < targets->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (targets, int, i));
      g_string_append_printf (names, "%s%s", i ? ", " : "", label);
    }
  hex = gbacw_game_hex_label (game, pending->hex);
  d = gbacw_decision_new (GBACW_DECISION_FIRE, pending->side, o->rule_case);
  d->hex = pending->hex;
  d->may_decline = TRUE;
  g_array_append_vals (d->units, targets->data, targets->len);
  g_array_append_vals (d->firers, firers->data, firers->len);
  d->question = g_strdup_printf (_("Which artillery fires opportunity fire at %s entering %s (%s)?"), names->str, hex,
                                 o->rule_case);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
opportunity_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  Opportunity *o = data;
  const GArray *chosen = action->answer.firers;
  g_autoptr (GArray) firers = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
  g_autoptr (GError) error = NULL;
  g_autofree char *hex = gbacw_game_hex_label (game, pending->hex);
  GbacwFireResolution *res;

  for (guint i = 0; i < pending->units->len; i++)
    g_hash_table_add (o->attacked, attack_key (game, g_array_index (pending->units, int, i), pending->hex));
  if (chosen->len == 0)
    {
      gbacw_game_log (game, o->rule_case, _("%s holds its opportunity fire at %s"),
                      gbacw_game_side_name (game, pending->side), hex);
      return GBACW_RESOLVE_DONE;
    }
  for (guint i = 0; i < chosen->len; i++)
    {
      GbacwFirer f = g_array_index (chosen, GbacwFirer, i);
      f.strength = 0;   /* J 21.55: all its guns */
      f.double_shot = FALSE;
      g_array_append_val (firers, f);
    }
  res = gbacw_fire_compute_free (game, pending->side, pending->hex, pending->units, pending->facing,
                                 (const GbacwFirer *) (gpointer) firers->data, firers->len, &error);
  if (res == NULL)
    {
      gbacw_game_log (game, o->rule_case, _("No opportunity fire at %s: %s"), hex, error->message);
      return GBACW_RESOLVE_DONE;
    }
  for (guint i = 0; i < firers->len; i++)
    o->fired[g_array_index (firers, GbacwFirer, i).unit] = turn_key (game);   /* eligible_firers (): < o->n */
  gbacw_game_log (game, o->rule_case, _("Opportunity fire at %s: the units that fire may not fire in the Defensive Fire "
                                        "Phase"), hex);
  gbacw_fire_resolve_free (game, res, o->rule_case);
  for (guint i = 0; i < pending->units->len; i++)
    {
      int unit = g_array_index (pending->units, int, i);
      if ((guint) unit < o->n && (gbacw_game_unit (game, unit)->status & GBACW_STATUS_PINNED))
        o->pinned[unit] = turn_key (game);
    }
  return GBACW_RESOLVE_DONE;
}

/* Pinned by opportunity fire: the move stops. */
static gboolean
opportunity_move_enter (GbacwGame *game, gpointer data, const GArray *units, int from, int to)
{
  const Opportunity *o = data;

  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      if ((guint) unit < o->n && o->pinned[unit] == turn_key (game) && (gbacw_game_unit (game, unit)->status & GBACW_STATUS_PINNED))
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          gbacw_game_log (game, o->rule_case, _("%s was pinned by opportunity fire: the move stops"), label);
          return FALSE;
        }
    }
  return TRUE;
}

/* J 21.54: where each unit began this Movement Phase; nothing moved yet. */
static void
opportunity_phase_begin (GbacwGame *game, gpointer data)
{
  Opportunity *o = data;

  if (game->phase != GBACW_PHASE_MOVEMENT)
    return;
  for (guint i = 0; i < o->n && i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      o->start[i] = u->presence == GBACW_PRESENCE_ON_MAP && gbacw_game_is_combat_unit (u) ? u->hex : -1;
      o->moves[i] = 0;
    }
}

/* J 21.54: a digest of the MOVEs made, with the one numbered serial added. */
static guint64
moves_with (guint64 moves, guint serial)
{
  return moves * G_GUINT64_CONSTANT (1000003) + serial + 1;
}

static gboolean
is_mover (const GArray *units, int unit)
{
  for (guint i = 0; i < units->len; i++)
    if (g_array_index (units, int, i) == unit)
      return TRUE;
  return FALSE;
}

/* J 21.54: the MOVE may not bring a unit to a hex holding a unit it began the phase stacked
 * with that did not move with it all along. */
static gboolean
stack_kept (const Opportunity *o, GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GArray *units = action->move.units;
  int to;
  const GArray *stack;

  if (game->phase != GBACW_PHASE_MOVEMENT || game->night || units == NULL || action->move.path == NULL
      || action->move.path->len == 0)
    return TRUE;
  to = g_array_index (action->move.path, int, action->move.path->len - 1);
  stack = gbacw_game_stack (game, to);
  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      guint64 after;
      if (unit < 0 || (guint) unit >= o->n || o->start[unit] < 0)
        continue;
      after = moves_with (o->moves[unit], game->actions->len);
      for (guint k = 0; stack && k < stack->len; k++)
        {
          int other = g_array_index (stack, int, k);
          if ((guint) other >= o->n || other == unit || is_mover (units, other) || o->start[other] != o->start[unit]
              || o->moves[other] == after)
            continue;
          {
            g_autofree char *label = gbacw_game_unit_label (game, unit);
            g_autofree char *other_label = gbacw_game_unit_label (game, other);
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                         _("[J 21.54] %s and %s began the Movement Phase stacked together and would end it so: they "
                           "must move as a stack"),
                         label, other_label);
            return FALSE;
          }
        }
    }
  return TRUE;
}

/* J 21.54: the units of a MOVE made record it. */
static void
opportunity_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Opportunity *o = data;

  if (action->kind != GBACW_ACTION_MOVE || game->phase != GBACW_PHASE_MOVEMENT || action->move.units == NULL)
    return;
  for (guint i = 0; i < action->move.units->len; i++)
    {
      int unit = g_array_index (action->move.units, int, i);
      if (unit >= 0 && (guint) unit < o->n)
        o->moves[unit] = moves_with (o->moves[unit], game->actions->len - 1);
    }
}

/* The artillery that fired opportunity fire may not fire in the ensuing Defensive Fire Phase;
 * J 21.54 for a MOVE. */
static gboolean
opportunity_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Opportunity *o = data;

  if (action->kind == GBACW_ACTION_MOVE)
    return stack_kept (o, game, action, error);
  if (action->kind != GBACW_ACTION_FIRE || game->phase != GBACW_PHASE_DEFENSIVE_FIRE)
    return TRUE;
  for (guint i = 0; i < action->fire.firers->len; i++)
    {
      int unit = g_array_index (action->fire.firers, GbacwFirer, i).unit;
      if (unit >= 0 && (guint) unit < o->n && o->fired[unit] == turn_key (game))
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[%s] %s fired opportunity fire in the Movement Phase and may not fire in this Defensive Fire "
                         "Phase"), o->rule_case, label);
          return FALSE;
        }
    }
  return TRUE;
}

/* The digests of moves (J 21.54) are compared with each other only: copied as they are,
 * though the model's record starts empty. */
static gboolean
opportunity_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                        gconstpointer from_data)
{
  Opportunity *t = to_data;
  const Opportunity *f = from_data;
  guint n = MIN (t->n, f->n);
  GHashTableIter iter;
  gpointer key;

  (void) to;
  (void) from;
  GBACW_COPY_ARRAY (t->fired, f->fired, n);
  GBACW_COPY_ARRAY (t->pinned, f->pinned, n);
  GBACW_COPY_ARRAY (t->start, f->start, n);
  GBACW_COPY_ARRAY (t->moves, f->moves, n);
  t->attacked_key = f->attacked_key;
  g_hash_table_remove_all (t->attacked);
  g_hash_table_iter_init (&iter, f->attacked);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (t->attacked, g_memdup2 (key, sizeof (gint64)));
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_opportunity_fire = {
  .id = "jackson.opportunity-fire",
  .init = opportunity_init,
  .finalize = opportunity_free,
  .copy_state = opportunity_copy_state,
  .move_entered = opportunity_entered,
  .move_enter = opportunity_move_enter,
  .exclusive_resolve = opportunity_resolve,
  .exclusive_answer = opportunity_answer,
  .action_legal = opportunity_action_legal,
  .action_done = opportunity_action_done,
  .phase_begin = opportunity_phase_begin,
};
