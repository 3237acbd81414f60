/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-encampment.c: encampment and alert (J 34.0-34.2, 21.12).
 *
 *  - J 34.0, 34.1: the units set up in the encampment areas (areas), and the units named
 *    (units: Jackson), begin encamped: they may not move, fire, change formation or
 *    facing, nor initiate melee; they have no facing, and fire at them always enfilades
 *    them (the always_enfiladed hook).
 *  - J 34.2: the Confederate player is alerted at once when a Union unit fires on an
 *    encamped unit (after the action, any encamped unit fired upon) or a Union unit enters
 *    a hex of town (Port Republic); else in his Initial Command Phase (J 21.12) a die
 *    within alert-roll for the Game-Turn alerts him (GT 2 1-2, GT 3 1-4; a range of 1-6,
 *    GT 4, is automatic, without a roll).
 *  - J 34.11, 34.12: from the Confederate Movement Phase of the alert Game-Turn the units
 *    of early (Jackson, the Train Park's area) may leave encampment, the others from the
 *    Game-Turn after. J 34.13: an infantry, cavalry or artillery unit leaves it by a change
 *    of formation, which pays the normal cost (then it may move on); leaders and wagons
 *    leave it by moving, at no cost. A unit a retreat or rout takes off its encampment hex
 *    (or off the map) is encamped no more (a reading: the rules do not say; routed, it
 *    could not change formation to leave, 5.2, and would never move again).
 *
 * Parameters (<exclusive id="jackson.encampment">):
 *   areas       the encampment areas (area ids)
 *   units       units encamped wherever they are set up
 *   early       areas and unit ids whose units may leave in the alert Game-Turn
 *   town        the hexes (labels, area ids) whose entry by a Union unit alerts
 *   alert-roll  the alert die per Game-Turn (default "2:1-2 3:1-4 4:1-6")
 *   side        the encamped side (default confederate)
 */
#define G_LOG_DOMAIN "gbacw-rule-encampment"

#include "gbacw-rule-modules.h"
#include "gbacw-rule-encampment.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"

typedef struct {
  int side;
  int n_units;
  gboolean *encamped;   /* per unit */
  int *home;            /* per unit: the hex it set up on */
  gboolean *early;      /* per unit */
  guint8 *town;         /* per hex, or NULL */
  GArray *alert_roll;   /* GbacwTurnDice */
  int alert_turn;       /* -1 */
  gboolean by_town;
  int rolled_turn;      /* -1 */
} Encampment;

/* The units named, or on a hex of the areas named, in value (ids separated by spaces). */
static void
mark_units (GbacwGame *game, const char *value, gboolean *marks)
{
  g_autofree guint8 *hexes = NULL;
  g_autofree char *why = NULL;
  g_auto (GStrv) ids = value ? gbacw_exclusive_parse_ids (value, &why) : NULL;
  GString *areas = g_string_new (NULL);

  for (guint i = 0; ids && ids[i]; i++)
    {
      GbacwGameUnit *u = gbacw_game_find_unit (game, ids[i]);
      if (u)
        marks[u->index] = TRUE;
      else if (gbacw_map_find_area (game->scenario->map, ids[i]))
        g_string_append_printf (areas, "%s ", ids[i]);
    }
  hexes = areas->len ? gbacw_exclusive_parse_hex_set (game->scenario->map, areas->str) : NULL;
  g_string_free (areas, TRUE);
  for (guint i = 0; hexes && i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->hex >= 0 && hexes[u->hex])
        marks[i] = TRUE;
    }
}

static gpointer
encampment_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Encampment *e = g_new0 (Encampment, 1);
  const char *side = gbacw_exclusive_rule_get_param (rule, "side");
  const char *roll = gbacw_exclusive_rule_get_param (rule, "alert-roll");
  g_autofree char *why = NULL;

  e->side = gbacw_game_side_index (game, side ? side : "confederate");
  e->n_units = (int) game->units->len;
  e->encamped = g_new0 (gboolean, MAX (e->n_units, 1));
  e->early = g_new0 (gboolean, MAX (e->n_units, 1));
  mark_units (game, gbacw_exclusive_rule_get_param (rule, "areas"), e->encamped);
  mark_units (game, gbacw_exclusive_rule_get_param (rule, "units"), e->encamped);
  mark_units (game, gbacw_exclusive_rule_get_param (rule, "early"), e->early);
  e->home = g_new0 (int, MAX (e->n_units, 1));
  for (int i = 0; i < e->n_units; i++)
    {
      e->encamped[i] = e->encamped[i] && gbacw_game_unit (game, i)->side == e->side && gbacw_game_unit (game, i)->hex >= 0;
      e->home[i] = gbacw_game_unit (game, i)->hex;
    }
  e->town = gbacw_exclusive_parse_hex_set (game->scenario->map, gbacw_exclusive_rule_get_param (rule, "town"));
  e->alert_roll = gbacw_exclusive_parse_turn_dice (roll ? roll : "2:1-2 3:1-4 4:1-6", &why);
  e->alert_turn = -1;
  e->rolled_turn = -1;
  return e;
}

static void
encampment_finalize (gpointer data)
{
  Encampment *e = data;

  g_free (e->encamped);
  g_free (e->home);
  g_free (e->early);
  g_free (e->town);
  if (e->alert_roll)
    g_array_unref (e->alert_roll);
  g_free (e);
}

static void
alert (GbacwGame *game, Encampment *e, gboolean by_town, const char *why)
{
  if (e->alert_turn >= 0)
    return;
  e->alert_turn = game->turn;
  e->by_town = by_town;
  gbacw_game_log (game, "J 34.2", _("%s is alerted: %s"), gbacw_game_side_name (game, e->side), why);
}

/* J 21.12, 34.2: the alert roll. */
static void
encampment_phase_begin (GbacwGame *game, gpointer data)
{
  Encampment *e = data;
  int top, die;

  if (e->alert_turn >= 0 || game->phase != GBACW_PHASE_INITIAL_COMMAND || game->phasing_side != e->side
      || e->rolled_turn == game->turn || e->alert_roll == NULL)
    return;
  e->rolled_turn = game->turn;
  top = gbacw_turn_dice_lookup (e->alert_roll, game->turn);
  if (top <= 0)
    return;
  if (top >= 6)
    {
      g_autofree char *why = g_strdup_printf (_("automatically on Game-Turn %d"), game->turn);
      alert (game, e, FALSE, why);
      return;
    }
  die = gbacw_dice_roll (game->dice);
  if (die <= top)
    {
      g_autofree char *why = g_strdup_printf (_("its pickets, on a die of %d (1-%d)"), die, top);
      alert (game, e, FALSE, why);
    }
  else
    gbacw_game_log (game, "J 21.12", _("No alert: a die of %d (1-%d needed)"), die, top);
}

static gboolean
may_leave (const GbacwGame *game, const Encampment *e, int unit)
{
  if (e->alert_turn < 0 || game->phase != GBACW_PHASE_MOVEMENT || game->phasing_side != e->side)
    return FALSE;
  return e->early[unit] ? game->turn >= e->alert_turn : game->turn > e->alert_turn;
}

static gboolean
encamped (const Encampment *e, int unit)
{
  return unit >= 0 && unit < e->n_units && e->encamped[unit];
}

static gboolean
refuse (const GbacwGame *game, const Encampment *e, int unit, GError **error)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);

  if (e->alert_turn < 0)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 34.1] %s is encamped: it may not move, fire or change formation until the alert"), label);
  else
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 34.12] %s is encamped: it may leave encampment in a Movement Phase from Game-Turn %d"), label,
                 e->early[unit] ? e->alert_turn : e->alert_turn + 1);
  return FALSE;
}

static gboolean
check_list (const GbacwGame *game, const Encampment *e, const GArray *units, gboolean firers, GError **error)
{
  for (guint i = 0; units && i < units->len; i++)
    {
      int unit = firers ? g_array_index (units, GbacwFirer, i).unit : g_array_index (units, int, i);
      if (encamped (e, unit))
        return refuse (game, e, unit, error);
    }
  return TRUE;
}

static gboolean
leaves_by_moving (const GbacwGameUnit *u)
{
  return u->type == GBACW_UNIT_LEADER || u->type == GBACW_UNIT_WAGON;
}

static gboolean
encampment_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  Encampment *e = data;

  switch (action->kind)
    {
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
      for (guint i = 0; action->move.units && i < action->move.units->len; i++)
        {
          int unit = g_array_index (action->move.units, int, i);
          if (!encamped (e, unit))
            continue;
          if (!may_leave (game, e, unit))
            return refuse (game, e, unit, error);
          if (!leaves_by_moving (gbacw_game_unit (game, unit)))
            {
              g_autofree char *label = gbacw_game_unit_label (game, unit);
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                           _("[J 34.13] %s is encamped: it leaves encampment by changing formation, then moves"), label);
              return FALSE;
            }
        }
      return TRUE;
    case GBACW_ACTION_CHANGE_FORMATION:
      for (guint i = 0; action->formation.units && i < action->formation.units->len; i++)
        {
          int unit = g_array_index (action->formation.units, int, i);
          if (encamped (e, unit) && !may_leave (game, e, unit))
            return refuse (game, e, unit, error);
        }
      return TRUE;
    case GBACW_ACTION_CHANGE_FACING:
      for (guint i = 0; i < game->units->len; i++)
        if (encamped (e, (int) i) && gbacw_game_unit (game, (int) i)->hex == action->facing.hex)
          return refuse (game, e, (int) i, error);
      return TRUE;
    case GBACW_ACTION_FIRE:
      return check_list (game, e, action->fire.firers, TRUE, error);
    case GBACW_ACTION_DECLARE_MELEE:
    case GBACW_ACTION_MELEE:
      return check_list (game, e, action->melee.units, FALSE, error);
    case GBACW_ACTION_ANSWER:
      if (game->decision && game->decision->kind == GBACW_DECISION_FIRE)
        return check_list (game, e, action->answer.firers, TRUE, error);
      return TRUE;
    default:
      return TRUE;
    }
}

/* J 34.13: who left encampment; J 34.2: fire on an encamped unit alerts. */
static void
encampment_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Encampment *e = data;
  const GArray *units = action->kind == GBACW_ACTION_MOVE ? action->move.units
                        : action->kind == GBACW_ACTION_CHANGE_FORMATION ? action->formation.units
                                                                          : NULL;

  for (guint i = 0; units && i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      if (encamped (e, unit))
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          e->encamped[unit] = FALSE;
          gbacw_game_log (game, "J 34.13", _("%s leaves encampment"), label);
        }
    }
  /* J 34.1 (a reading): a unit a retreat or rout took off its encampment hex, or that left
   * the map, is encamped no more; routed, it could never change formation to leave (34.13,
   * 5.2), and so never move again */
  for (int i = 0; i < e->n_units; i++)
    if (e->encamped[i] && gbacw_game_unit (game, i)->hex != e->home[i])
      {
        g_autofree char *label = gbacw_game_unit_label (game, i);
        e->encamped[i] = FALSE;
        gbacw_game_log (game, "J 34.1", _("%s was driven out of its encampment: it is encamped no more"), label);
      }
  for (int i = 0; e->alert_turn < 0 && i < e->n_units; i++)
    if (e->encamped[i] && gbacw_game_unit (game, i)->fired_upon != 0)
      {
        g_autofree char *label = gbacw_game_unit_label (game, i);
        g_autofree char *why = g_strdup_printf (_("a Union unit fired on the encamped %s"), label);
        alert (game, e, FALSE, why);
      }
}

static gboolean
encampment_move_enter (GbacwGame *game, gpointer data, const GArray *units, int from, int to)
{
  Encampment *e = data;

  (void) from;
  if (e->alert_turn < 0 && e->town && to >= 0 && to < game->n_hexes && e->town[to] && units->len > 0
      && gbacw_game_unit (game, g_array_index (units, int, 0))->side == 1 - e->side)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (units, int, 0));
      g_autofree char *hex = gbacw_game_hex_label (game, to);
      g_autofree char *why = g_strdup_printf (_("%s entered %s, a hex of Port Republic"), label, hex);
      alert (game, e, TRUE, why);
    }
  return TRUE;
}

/* J 34.1: no facing, always enfiladed. */
static gboolean
encampment_always_enfiladed (const GbacwGame *game, gpointer data, int unit)
{
  (void) game;
  return encamped (data, unit);
}

static void
encampment_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Encampment *e = data;
  guint n = 0;

  for (int i = 0; i < e->n_units; i++)
    n += e->encamped[i] && gbacw_game_unit (game, i)->hex >= 0;
  if (e->alert_turn < 0)
    g_ptr_array_add (items, gbacw_rule_status_new ("J 34.2", _("%s not alerted yet"), gbacw_game_side_name (game, e->side)));
  else
    g_ptr_array_add (items, gbacw_rule_status_new ("J 34.2",
                                                   _("%s alerted on Game-Turn %d: Jackson and the Train Park may "
                                                     "leave encampment from then, the others from Game-Turn %d"),
                                                   gbacw_game_side_name (game, e->side), e->alert_turn,
                                                   e->alert_turn + 1));
  if (n > 0)
    g_ptr_array_add (items, gbacw_rule_status_new ("J 34.1",
                                                   g_dngettext (GETTEXT_PACKAGE, "%u unit encamped", "%u units encamped",
                                                                n),
                                                   n));
}

static gboolean
encampment_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                       gconstpointer from_data)
{
  Encampment *t = to_data;
  const Encampment *f = from_data;

  (void) to;
  (void) from;
  GBACW_COPY_ARRAY (t->encamped, f->encamped, MIN (t->n_units, f->n_units));
  t->alert_turn = f->alert_turn;
  t->by_town = f->by_town;
  t->rolled_turn = f->rolled_turn;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_encampment = {
  .id = "jackson.encampment",
  .init = encampment_init,
  .finalize = encampment_finalize,
  .copy_state = encampment_copy_state,
  .phase_begin = encampment_phase_begin,
  .action_legal = encampment_action_legal,
  .action_done = encampment_action_done,
  .move_enter = encampment_move_enter,
  .always_enfiladed = encampment_always_enfiladed,
  .status = encampment_status,
};

/* ------------------------------------------------------------------ for other modules */

static Encampment *
find (const GbacwGame *game)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks == &gbacw_rule_jackson_encampment)
      return data;
  return NULL;
}

int
gbacw_encampment_alert_turn (const GbacwGame *game, gboolean *by_town)
{
  const Encampment *e = find (game);

  if (by_town)
    *by_town = e && e->by_town;
  return e ? e->alert_turn : -1;
}

gboolean
gbacw_encampment_encamped (const GbacwGame *game, int unit)
{
  const Encampment *e = find (game);
  return e && encamped (e, unit);
}

void
gbacw_encampment_leave (GbacwGame *game, int unit)
{
  Encampment *e = find (game);

  if (e && encamped (e, unit))
    e->encamped[unit] = FALSE;
}
