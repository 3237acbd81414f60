/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-pre-dawn-barrage.c: the Pre-Dawn Barrage Interphase of Corinth (C 26.4).
 *
 * In the interphase of the last night Game-Turn (20), after the BCE Recovery (the kit lists
 * bce-recovery first), the Confederate player may undertake a barrage (26.41): he is asked
 * which of his batteries fire (none: no barrage, and then the Union batteries may not fire
 * either). Each battery chosen is asked its target, one enemy hex within max-range (8: "no
 * battery may fire at a Union unit at 9 hexes or greater", 26.42) that it could fire at,
 * and fires alone; only batteries fire. The die has one subtracted besides the fire's own
 * modifiers; an adjusted roll of 0 or less has no effect (26.42). When all his fire is
 * rolled its results are applied, hex by hex (9.42), then the Union player is asked the
 * same (26.43). Results calling for gun or Strength Point losses are a Pin on the unit that
 * would take them (26.45: "place a Pin marker", no morale check); the others are applied as
 * in regular fire. Rapid fire is never used (26.44): a barrage shot is a plain free shot.
 * As nobody acts in an interphase, the questions are pending items of the module resolved
 * at the start of the next Game-Turn, before anyone acts (as P 22.1's withdrawal). The
 * computer player's default: every battery fires, at the nearest target (the first
 * offered).
 *
 * Readings: each battery fires on its own (26.42 "no battery may fire"); a battery spends a
 * round (11.31) and no ammunition check is made (batteries count rounds).
 *
 * Parameters (<exclusive id="corinth.pre-dawn-barrage">):
 *   turn        the Game-Turn whose interphase it is (default 20)
 *   side        the side that may begin it (default "confederate")
 *   max-range   the farthest target in hexes (default 8)
 *   drm         added to the die (default -1)
 */
#define G_LOG_DOMAIN "gbacw-rule-pre-dawn-barrage"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-combat-charts.h"
#include "gbacw-dice.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"
#include "gbacw-query.h"

/* The module's pending items (GbacwPending.unit holds the stage, .value the hook index). */
enum { STAGE_DECLARE, STAGE_TARGET, STAGE_APPLY };

typedef struct {
  int turn, side, max_range, drm;
  gboolean declared;            /* 26.41: the barrage was undertaken */
  GPtrArray *rolled;            /* GbacwFireResolution*: rolled, results not applied yet */
  GArray *pins;                 /* int: units to be pinned (26.45) with the results */
} Barrage;

static gpointer
barrage_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Barrage *b = g_new0 (Barrage, 1);
  const char *side = gbacw_exclusive_rule_get_param (rule, "side");

  b->turn = gbacw_exclusive_rule_get_int (rule, "turn", 20);
  b->side = gbacw_game_side_index (game, side ? side : "confederate");
  if (b->side < 0 || b->side > 1)
    b->side = 1;
  b->max_range = gbacw_exclusive_rule_get_int (rule, "max-range", 8);
  b->drm = gbacw_exclusive_rule_get_int (rule, "drm", -1);
  b->rolled = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_fire_resolution_free);
  b->pins = g_array_new (FALSE, FALSE, sizeof (int));
  return b;
}

static void
barrage_finalize (gpointer data)
{
  Barrage *b = data;

  g_ptr_array_unref (b->rolled);
  g_array_unref (b->pins);
  g_free (b);
}

static void
queue (GbacwGame *game, const Barrage *b, int stage, int side, int battery)
{
  GbacwPending *p = gbacw_pending_new_exclusive (game, b, side, stage, -1, "C 26.4");

  if (battery >= 0)
    {
      p->units = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_val (p->units, battery);
    }
  gbacw_game_queue_pending (game, p, NULL);
}

/* The battery's fire at hex as a free shot, NULL when it may not fire there (range, LOS,
 * formation, rounds: gbacw_fire_compute_free ()'s checks; a line through a vertex tries
 * both hexsides, 9.33). */
static GbacwFireResolution *
battery_fire (GbacwGame *game, int battery, int hex)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, battery);
  GbacwFirer firer = { battery, 0.0, -1 };
  int exit[2], entry[2];

  gbacw_fire_line_hexsides (game, u->hex, hex, exit, entry);
  for (int k = 0; k < 2; k++)
    {
      GbacwFireResolution *res;
      if (k == 1 && exit[1] < 0)
        break;
      firer.direction = exit[k];
      if ((res = gbacw_fire_compute_free (game, u->side, hex, NULL, -1, &firer, 1, NULL)) != NULL)
        return res;
    }
  return NULL;
}

/* The top enemy combat unit of each hex the battery may fire at within max_range, nearest
 * first; none when the battery is not on the map (it may have left it since it was chosen:
 * /engine/ai/model-copy-exact/corinth-historical met one). */
static GArray *
targets_of (GbacwGame *game, const Barrage *b, int battery)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, battery);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));

  if (u->hex < 0)
    return out;
  for (int range = 1; range <= b->max_range; range++)
    for (guint i = 0; i < game->units->len; i++)
      {
        const GbacwGameUnit *t = g_ptr_array_index (game->units, i);
        g_autoptr (GbacwFireResolution) res = NULL;
        if (t->hex < 0 || t->side == u->side || !gbacw_game_is_combat_unit (t)
            || gbacw_int_array_has (hexes, t->hex) || gbacw_query_distance (game, u->hex, t->hex) != range)
          continue;
        g_array_append_val (hexes, t->hex);
        if ((res = battery_fire (game, battery, t->hex)) == NULL)
          continue;
        {
          int top = gbacw_fire_top_unit (game, t->hex);
          top = top >= 0 ? top : t->index;
          g_array_append_val (out, top);
        }
      }
  return out;
}

/* The side's batteries on the map that have a target. */
static GArray *
batteries_of (GbacwGame *game, const Barrage *b, int side)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      g_autoptr (GArray) targets = NULL;
      if (u->hex < 0 || u->side != side || u->type != GBACW_UNIT_ARTILLERY || !gbacw_game_is_combat_unit (u))
        continue;
      targets = targets_of (game, b, u->index);
      if (targets->len > 0)
        g_array_append_val (out, u->index);
    }
  return out;
}

static void
barrage_interphase (GbacwGame *game, gpointer data)
{
  Barrage *b = data;

  if (game->turn != b->turn || game->decided)
    return;
  queue (game, b, STAGE_DECLARE, b->side, -1);
}

static int
resolve_declare (GbacwGame *game, Barrage *b, GbacwPending *p, GbacwDecision **decision)
{
  g_autoptr (GArray) batteries = batteries_of (game, b, p->side);
  GbacwDecision *d;

  if (batteries->len == 0)
    {
      gbacw_game_log (game, p->side == b->side ? "C 26.41" : "C 26.43",
                      _("%s has no battery that could fire a pre-dawn barrage"),
                      gbacw_game_side_name (game, p->side));
      if (p->side == b->side)
        gbacw_game_log (game, "C 26.41", _("No pre-dawn barrage: the %s batteries may not fire either"),
                        gbacw_game_side_name (game, 1 - b->side));
      return GBACW_RESOLVE_DONE;
    }
  d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, p->side, p->side == b->side ? "C 26.41" : "C 26.43");
  g_array_append_vals (d->firers, batteries->data, batteries->len);
  d->length = (int) batteries->len;
  d->may_decline = TRUE;
  d->question = p->side == b->side
                  ? g_strdup (_("Pre-Dawn Barrage (C 26.41): which of your batteries fire? None: no barrage, and the "
                                "enemy batteries may not fire either"))
                  : g_strdup (_("Pre-Dawn Barrage (C 26.43): which of your batteries fire?"));
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
resolve_target (GbacwGame *game, Barrage *b, GbacwPending *p, GbacwDecision **decision)
{
  int battery = g_array_index (p->units, int, 0);
  g_autoptr (GArray) targets = targets_of (game, b, battery);
  g_autofree char *label = gbacw_game_unit_label (game, battery);
  GbacwDecision *d;

  if (gbacw_game_unit (game, battery)->hex < 0 || targets->len == 0)
    {
      gbacw_game_log (game, "C 26.42",
                      g_dngettext (GETTEXT_PACKAGE, "%s has no target within %d hex", "%s has no target within %d hexes",
                                   (gulong) b->max_range),
                      label, b->max_range);
      return GBACW_RESOLVE_DONE;
    }
  d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, p->side, "C 26.42");
  g_array_append_vals (d->firers, targets->data, targets->len);
  g_array_append_val (d->units, battery);
  d->length = 1;
  d->may_decline = TRUE;
  d->question = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Pre-Dawn Barrage (C 26.42): at which unit's hex does %s fire (within %d "
                                             "hex)?",
                                             "Pre-Dawn Barrage (C 26.42): at which unit's hex does %s fire (within %d "
                                             "hexes)?", (gulong) b->max_range),
                                 label, b->max_range);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

/* 26.42, 26.45: rolls the battery's fire; its results wait for the side's last shot. */
static void
fire_battery (GbacwGame *game, Barrage *b, int battery, int hex)
{
  GbacwFireResolution *res = battery_fire (game, battery, hex);
  g_autofree char *label = gbacw_game_unit_label (game, battery);
  g_autofree char *target = gbacw_game_hex_label (game, hex);
  GbacwGameUnit *u = gbacw_game_unit (game, battery);

  if (res == NULL)
    {
      gbacw_game_log (game, "C 26.42", _("%s may not fire at %s"), label, target);
      return;
    }
  for (guint r = 0; r < res->rolls->len; r++)
    {
      GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, r);
      int die = gbacw_dice_roll (game->dice), adjusted = MIN (die + res->drm + b->drm, 6);
      g_autofree char *victim = roll->unit >= 0 ? gbacw_game_unit_label (game, roll->unit) : g_strdup (target);
      g_autofree char *result = NULL;
      g_autoptr (GError) chart_error = NULL;

      memset (&roll->result, 0, sizeof roll->result);
      roll->die = MAX (adjusted, 1);
      if (adjusted <= 0)
        {
          gbacw_game_log (game, "C 26.42", _("%s fires at %s, column %d; die %d adjusted to %d: no effect"), label,
                          victim, roll->column + 1, die, adjusted);
          continue;
        }
      if (!gbacw_fire_crt_result (game->scenario, roll->column, adjusted, &roll->result, &chart_error))
        {
          gbacw_game_log (game, "9.16", "%s", chart_error->message);
          memset (&roll->result, 0, sizeof roll->result);
          continue;
        }
      result = gbacw_crt_result_to_string (&roll->result);
      if (roll->result.kind == GBACW_CRT_LOSS)
        {
          int unit = roll->unit >= 0 ? roll->unit : gbacw_fire_top_unit (game, hex);
          gbacw_game_log (game, "C 26.45", _("%s fires at %s, column %d; die %d adjusted to %d: %s, a Pin instead"),
                          label, victim, roll->column + 1, die, adjusted, result);
          memset (&roll->result, 0, sizeof roll->result);
          if (unit >= 0)
            g_array_append_val (b->pins, unit);
        }
      else
        gbacw_game_log (game, "C 26.42", _("%s fires at %s, column %d; die %d adjusted to %d: %s"), label, victim,
                        roll->column + 1, die, adjusted, result);
    }
  u->fired_turn = game->turn;
  if (u->rounds != GBACW_UNSET)
    u->rounds--;   /* 11.31 */
  g_ptr_array_add (b->rolled, res);
}

/* 26.43: the side's results, hex by hex (9.42), and the pins of 26.45. */
static void
apply_results (GbacwGame *game, Barrage *b)
{
  while (b->rolled->len > 0)
    {
      int hex = ((GbacwFireResolution *) g_ptr_array_index (b->rolled, 0))->target_hex;
      g_autoptr (GPtrArray) batch = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_fire_resolution_free);
      for (guint i = 0; i < b->rolled->len;)
        if (((GbacwFireResolution *) g_ptr_array_index (b->rolled, i))->target_hex == hex)
          g_ptr_array_add (batch, g_ptr_array_steal_index (b->rolled, i));
        else
          i++;
      gbacw_fire_apply_results (game, batch);
    }
  for (guint i = 0; i < b->pins->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (b->pins, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      if (u->hex < 0 || (u->status & GBACW_STATUS_PINNED))
        continue;
      u->status |= GBACW_STATUS_PINNED;
      gbacw_game_log (game, "C 26.45", _("%s is pinned"), label);
    }
  g_array_set_size (b->pins, 0);
}

static int
barrage_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  Barrage *b = data;

  switch (pending->unit)
    {
    case STAGE_DECLARE:
      return resolve_declare (game, b, pending, decision);
    case STAGE_TARGET:
      return resolve_target (game, b, pending, decision);
    case STAGE_APPLY:
    default:
      apply_results (game, b);
      if (pending->side == b->side && b->declared)
        queue (game, b, STAGE_DECLARE, 1 - b->side, -1);
      return GBACW_RESOLVE_DONE;
    }
}

static int
barrage_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  Barrage *b = data;
  const GArray *chosen = action->answer.firers;

  if (pending->unit == STAGE_DECLARE)
    {
      if (chosen->len == 0)
        {
          if (pending->side == b->side)
            gbacw_game_log (game, "C 26.41", _("%s undertakes no pre-dawn barrage: the %s batteries may not fire"),
                            gbacw_game_side_name (game, b->side), gbacw_game_side_name (game, 1 - b->side));
          else
            gbacw_game_log (game, "C 26.43", _("%s fires no battery in the pre-dawn barrage"),
                            gbacw_game_side_name (game, pending->side));
          return GBACW_RESOLVE_DONE;
        }
      if (pending->side == b->side)
        {
          b->declared = TRUE;
          gbacw_game_log (game, "C 26.41", _("%s announces a pre-dawn barrage"), gbacw_game_side_name (game, b->side));
        }
      for (guint i = 0; i < chosen->len; i++)
        queue (game, b, STAGE_TARGET, pending->side, g_array_index (chosen, GbacwFirer, i).unit);
      queue (game, b, STAGE_APPLY, pending->side, -1);
      return GBACW_RESOLVE_DONE;
    }
  if (pending->unit == STAGE_TARGET)
    {
      int battery = g_array_index (pending->units, int, 0);
      if (chosen->len == 0)
        {
          g_autofree char *label = gbacw_game_unit_label (game, battery);
          gbacw_game_log (game, "C 26.42", _("%s holds fire"), label);
        }
      else
        fire_battery (game, b, battery, gbacw_game_unit (game, g_array_index (chosen, GbacwFirer, 0).unit)->hex);
    }
  return GBACW_RESOLVE_DONE;
}

/* The computer player: every battery fires, each at the first (nearest) target offered. */
static GbacwAction *
barrage_default (GbacwGame *game, gpointer data, const GbacwPending *pending, const GbacwDecision *decision)
{
  (void) game;
  (void) data;
  if (pending->unit == STAGE_TARGET)
    return gbacw_action_new_answer_units ((const int *) (gpointer) decision->firers->data,
                                          MIN (decision->firers->len, 1));
  return gbacw_action_new_answer_units ((const int *) (gpointer) decision->firers->data, decision->firers->len);
}

/* The fire rolled and not applied yet (C 26.44) is not copied: such a position is replayed. */
static gboolean
barrage_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Barrage *t = to_data;
  const Barrage *f = from_data;

  (void) to;
  (void) from;
  if (f->rolled->len > 0)
    return FALSE;
  g_ptr_array_set_size (t->rolled, 0);
  t->declared = f->declared;
  gbacw_copy_garray (t->pins, f->pins);
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_pre_dawn_barrage = {
  .id = "corinth.pre-dawn-barrage",
  .init = barrage_init,
  .finalize = barrage_finalize,
  .copy_state = barrage_copy_state,
  .interphase = barrage_interphase,
  .exclusive_resolve = barrage_resolve,
  .exclusive_answer = barrage_answer,
  .exclusive_default = barrage_default,
};
