/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-train-park.c: the Train Park (J 34.3, 34.31-34.33, 21.13).
 *
 *  - J 34.3: when a Union unit entering a hex of Port Republic alerts the Confederate player
 *    (the encampment module's alert, read after the move), every unit in the Train Park
 *    (area) routs off the map at once, but the steady units (Carrington's three sections):
 *    each makes a morale check (a die at or under its Morale Rating passes) and stays
 *    encamped if it passes. J 34.31: wagons and batteries go whole, crews with them.
 *  - J 21.13, 34.32: in each Confederate Initial Command Phase after the rout, a die for
 *    each unit still off the map: a 1 (first-roll), then a 1-3 (second-roll), recovers it;
 *    it comes back on the entry hex (0139) at the start of that player's next Movement
 *    Phase. Read: it is placed there in column (limbered, mounted) as a reinforcement
 *    entering first would be, unless the hex is occupied by the enemy or in an enemy ZOC
 *    (J 32.2), when it waits for the next Movement Phase.
 *  - J 34.33: no strategic retreat: the units off the map are not eliminated, so they give
 *    the Union no Victory Points.
 *
 * Parameters (<exclusive id="jackson.train-park">):
 *   area         the Train Park's hexes (labels, area ids)
 *   steady       the units that check morale instead of routing
 *   entry        the hex recovered units come back on (default 0139)
 *   first-roll   the first die (default 1)
 *   second-roll  the second die (default 1-3)
 */
#define G_LOG_DOMAIN "gbacw-rule-train-park"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"
#include "gbacw-morale.h"
#include "gbacw-movement.h"
#include "gbacw-rule-encampment.h"

typedef enum { PARK_HERE, PARK_OFF_MAP, PARK_RECOVERED, PARK_BACK } ParkState;

typedef struct {
  int n_units;
  gboolean *in_park;     /* per unit: set up in the Train Park */
  gboolean *steady;      /* per unit */
  ParkState *state;      /* per unit */
  int entry;             /* hex, -1 */
  int first_top, second_top;
  gboolean routed;
  int rolled_turn;       /* -1 */
} TrainPark;

static gpointer
park_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  TrainPark *t = g_new0 (TrainPark, 1);
  const char *value = gbacw_exclusive_rule_get_param (rule, "area");
  g_autofree char *why = NULL;
  g_autoptr (GArray) hexes = value ? gbacw_exclusive_parse_hexes (game->scenario->map, value, &why) : NULL;
  g_auto (GStrv) steady = NULL;

  t->n_units = (int) game->units->len;
  t->in_park = g_new0 (gboolean, MAX (t->n_units, 1));
  t->steady = g_new0 (gboolean, MAX (t->n_units, 1));
  t->state = g_new0 (ParkState, MAX (t->n_units, 1));
  for (int i = 0; hexes && i < t->n_units; i++)
    t->in_park[i] = gbacw_game_unit (game, i)->hex >= 0 && gbacw_int_array_has (hexes, gbacw_game_unit (game, i)->hex);
  g_clear_pointer (&why, g_free);
  value = gbacw_exclusive_rule_get_param (rule, "steady");
  steady = value ? gbacw_exclusive_parse_ids (value, &why) : NULL;
  for (guint i = 0; steady && steady[i]; i++)
    {
      GbacwGameUnit *u = gbacw_game_find_unit (game, steady[i]);
      if (u)
        t->steady[u->index] = TRUE;
    }
  value = gbacw_exclusive_rule_get_param (rule, "entry");
  t->entry = gbacw_game_parse_hex (game, value ? value : "0139", NULL);
  g_clear_pointer (&why, g_free);
  if (!gbacw_exclusive_parse_die_top (gbacw_exclusive_rule_get_param (rule, "first-roll") ?: "1", &t->first_top, &why))
    t->first_top = 1;
  g_clear_pointer (&why, g_free);
  if (!gbacw_exclusive_parse_die_top (gbacw_exclusive_rule_get_param (rule, "second-roll") ?: "1-3", &t->second_top,
                                      &why))
    t->second_top = 3;
  t->rolled_turn = -1;
  return t;
}

static void
park_finalize (gpointer data)
{
  TrainPark *t = data;

  g_free (t->in_park);
  g_free (t->steady);
  g_free (t->state);
  g_free (t);
}

static void
rout_off (GbacwGame *game, TrainPark *t, int unit, const char *why)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);

  gbacw_game_log (game, "J 34.3", _("%s routs off the map with the Train Park%s"), label, why);
  gbacw_game_remove_unit (game, unit, GBACW_PRESENCE_NOT_ARRIVED);
  gbacw_encampment_leave (game, unit);
  t->state[unit] = PARK_OFF_MAP;
}

/* J 34.3: the alert by a Union unit in Port Republic. */
static void
park_rout (GbacwGame *game, TrainPark *t)
{
  for (int i = 0; i < t->n_units; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, i);
      int die, rating;
      if (!t->in_park[i] || u->hex < 0 || t->state[i] != PARK_HERE)
        continue;
      if (!t->steady[i])
        {
          rout_off (game, t, i, "");
          continue;
        }
      die = gbacw_dice_roll (game->dice);
      rating = gbacw_morale_rating (game, i);
      if (die <= rating)
        {
          g_autofree char *label = gbacw_game_unit_label (game, i);
          gbacw_game_log (game, "J 34.3", _("%s passes its morale check (a die of %d, morale %d) and stays encamped"),
                          label, die, rating);
        }
      else
        {
          g_autofree char *why = g_strdup_printf (_(": it failed its morale check (a die of %d, morale %d)"), die, rating);
          rout_off (game, t, i, why);
        }
    }
}

static void
park_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  TrainPark *t = data;
  gboolean by_town = FALSE;

  (void) action;
  if (t->routed || gbacw_encampment_alert_turn (game, &by_town) < 0 || !by_town)
    return;
  t->routed = TRUE;
  park_rout (game, t);
}

static int
park_side (const GbacwGame *game, const TrainPark *t)
{
  for (int i = 0; i < t->n_units; i++)
    if (t->in_park[i])
      return gbacw_game_unit (game, i)->side;
  return -1;
}

/* J 21.13, 34.32: the recovery rolls; J 34.32: the recovered come back. */
static void
park_phase_begin (GbacwGame *game, gpointer data)
{
  TrainPark *t = data;

  if (!t->routed || game->phasing_side != park_side (game, t))
    return;
  if (game->phase == GBACW_PHASE_INITIAL_COMMAND && t->rolled_turn != game->turn)
    {
      t->rolled_turn = game->turn;
      for (int i = 0; i < t->n_units; i++)
        {
          g_autofree char *label = NULL;
          int first, second;
          if (t->state[i] != PARK_OFF_MAP)
            continue;
          label = gbacw_game_unit_label (game, i);
          first = gbacw_dice_roll (game->dice);
          if (first > t->first_top)
            {
              gbacw_game_log (game, "J 34.32", _("%s is not recovered: a die of %d"), label, first);
              continue;
            }
          second = gbacw_dice_roll (game->dice);
          if (second <= t->second_top)
            {
              t->state[i] = PARK_RECOVERED;
              gbacw_game_log (game, "J 34.32", _("%s is recovered (dice %d and %d): it comes back in the Movement Phase"),
                              label, first, second);
            }
          else
            gbacw_game_log (game, "J 34.32", _("%s is not recovered: dice %d and %d"), label, first, second);
        }
    }
  else if (game->phase == GBACW_PHASE_MOVEMENT && t->entry >= 0)
    for (int i = 0; i < t->n_units; i++)
      {
        GbacwGameUnit *u = gbacw_game_unit (game, i);
        g_autofree char *label = NULL;
        g_autofree char *hex = NULL;
        gboolean blocked = FALSE;
        const GArray *stack;
        if (t->state[i] != PARK_RECOVERED)
          continue;
        stack = gbacw_game_stack (game, t->entry);
        for (guint k = 0; stack && k < stack->len; k++)
          blocked |= gbacw_game_unit (game, g_array_index (stack, int, k))->side != u->side;
        blocked |= gbacw_movement_in_enemy_zoc (game, t->entry, u->side, FALSE);
        label = gbacw_game_unit_label (game, i);
        hex = gbacw_game_hex_label (game, t->entry);
        if (blocked)
          {
            gbacw_game_log (game, "J 32.2", _("%s waits: %s is blocked by the enemy"), label, hex);
            continue;
          }
        if (u->type == GBACW_UNIT_ARTILLERY)
          u->formation = GBACW_FORMATION_STATE_LIMBERED;
        else if (u->type == GBACW_UNIT_CAVALRY)
          u->formation = GBACW_FORMATION_STATE_MOUNTED;
        else if (u->type == GBACW_UNIT_INFANTRY)
          u->formation = GBACW_FORMATION_STATE_COLUMN;
        u->status &= ~GBACW_STATUS_ROUTED;
        gbacw_game_place_unit (game, i, t->entry, FALSE);
        t->state[i] = PARK_BACK;
        gbacw_game_log (game, "J 34.32", _("%s comes back on %s"), label, hex);
      }
}

static void
park_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const TrainPark *t = data;
  guint off = 0;

  (void) game;
  for (int i = 0; i < t->n_units; i++)
    off += t->state[i] == PARK_OFF_MAP || t->state[i] == PARK_RECOVERED;
  if (t->routed)
    g_ptr_array_add (items, gbacw_rule_status_new ("J 34.32",
                                                   g_dngettext (GETTEXT_PACKAGE,
                                                                "The Train Park routed: %u unit still off the map",
                                                                "The Train Park routed: %u units still off the map", off),
                                                   off));
}

static gboolean
park_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  TrainPark *t = to_data;
  const TrainPark *f = from_data;

  (void) to;
  (void) from;
  GBACW_COPY_ARRAY (t->state, f->state, MIN (t->n_units, f->n_units));
  t->routed = f->routed;
  t->rolled_turn = f->rolled_turn;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_train_park = {
  .id = "jackson.train-park",
  .init = park_init,
  .finalize = park_finalize,
  .copy_state = park_copy_state,
  .phase_begin = park_phase_begin,
  .action_done = park_action_done,
  .status = park_status,
};
