/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-company-breakdown.c: the 1st West Virginia Cavalry's companies (J 20.2).
 *
 * "During any Union Initial Command Phase, the 1st West Virginia Cavalry Regiment may be
 * broken down and replaced by the two Company counters provided in the countermix. During
 * any Union Final Command Phase in which the two companies are stacked together, they may
 * be recombined and replaced with the original regiment. Breakdown and recombination may
 * not occur if a Strength Point of the 1st West Virginia has been eliminated."
 *
 * The regiment and its two companies are units of the order of battle (the companies not
 * deployed). The companies start the game with no Strength Points of their own (so the
 * strength accounting counts the regiment's once): breaking down moves the regiment's
 * points onto them (each its order-of-battle strength; `recovered` records the move, as a
 * wagon's crew counter's does), recombining moves them back. When its side's Initial
 * Command Phase begins with the regiment on the map and none of its points lost (killed or
 * captured), the owner is asked whether it breaks down (GBACW_DECISION_EXCLUSIVE_UNITS:
 * the regiment, or none); when its Final Command Phase begins with both companies on the
 * map in one hex and all their points, whether they recombine. The units replacing the
 * others take their hex, formation, facing and state (pinned, routed, ammunition: the worse
 * of the two companies' when they recombine). The computer player keeps the regiment
 * whole (exclusive_default) and recombines companies it is offered.
 * Without `regiment` (a scenario without the 1st West Virginia: Cross Keys) the module does
 * nothing.
 *
 * Parameters (<exclusive id="jackson.company-breakdown">):
 *   regiment   the regiment (a unit id: the 1st West Virginia Cavalry)
 *   companies  its two companies (unit ids)
 *   case       the case cited (default "J 20.2")
 */
#define G_LOG_DOMAIN "gbacw-rule-company-breakdown"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"

typedef struct {
  int regiment;        /* unit index, -1 */
  int companies[2];    /* unit indices, -1 */
  char *rule_case;
} Breakdown;

static gpointer
breakdown_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Breakdown *b = g_new0 (Breakdown, 1);
  const char *regiment = gbacw_exclusive_rule_get_param (rule, "regiment");
  const char *companies = gbacw_exclusive_rule_get_param (rule, "companies");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  g_auto (GStrv) ids = NULL;
  g_autofree char *why = NULL;
  GbacwGameUnit *r = regiment ? gbacw_game_find_unit (game, regiment) : NULL;

  b->rule_case = g_strdup (rule_case ? rule_case : "J 20.2");
  b->regiment = b->companies[0] = b->companies[1] = -1;
  ids = companies ? gbacw_exclusive_parse_ids (companies, &why) : NULL;
  if (r == NULL || ids == NULL || g_strv_length (ids) != 2)
    return b;
  for (int k = 0; k < 2; k++)
    {
      GbacwGameUnit *c = gbacw_game_find_unit (game, ids[k]);
      if (c == NULL || c->side != r->side || c->type != r->type || c->presence != GBACW_PRESENCE_NOT_ARRIVED
          || c->reinforcement >= 0)
        return b;
    }
  b->regiment = r->index;
  for (int k = 0; k < 2; k++)
    {
      GbacwGameUnit *c = gbacw_game_find_unit (game, ids[k]);
      b->companies[k] = c->index;
      c->strength = 0;   /* the regiment's points are theirs only when it breaks down */
    }
  return b;
}

static void
breakdown_free (gpointer data)
{
  Breakdown *b = data;

  g_free (b->rule_case);
  g_free (b);
}

static gboolean
points_lost (const GbacwGameUnit *u)
{
  return u->killed > 0 || u->captured > 0;
}

static gboolean
may_break_down (const GbacwGame *game, const Breakdown *b)
{
  const GbacwGameUnit *r;
  int a, c;

  if (b->regiment < 0)
    return FALSE;
  r = gbacw_game_unit (game, b->regiment);
  a = gbacw_game_unit (game, b->companies[0])->oob->strength;
  c = gbacw_game_unit (game, b->companies[1])->oob->strength;
  /* the companies' strengths entered, and the regiment's points all there for them */
  return r->presence == GBACW_PRESENCE_ON_MAP && r->side == game->phasing_side && !points_lost (r) && a != GBACW_UNSET
         && c != GBACW_UNSET && a > 0 && c > 0 && r->strength == a + c;
}

static gboolean
may_recombine (const GbacwGame *game, const Breakdown *b)
{
  const GbacwGameUnit *c0, *c1;

  if (b->regiment < 0)
    return FALSE;
  c0 = gbacw_game_unit (game, b->companies[0]);
  c1 = gbacw_game_unit (game, b->companies[1]);
  return c0->presence == GBACW_PRESENCE_ON_MAP && c1->presence == GBACW_PRESENCE_ON_MAP && c0->hex == c1->hex
         && c0->side == game->phasing_side && !points_lost (c0) && !points_lost (c1)
         && c0->strength == c0->oob->strength && c1->strength == c1->oob->strength;
}

/* The question about unit: the regiment (break down?) or the first company (recombine?). */
static void
ask (GbacwGame *game, Breakdown *b, int unit)
{
  gbacw_game_queue_pending (game, gbacw_pending_new_exclusive (game, b, game->phasing_side, unit, -1, b->rule_case),
                            NULL);
}

static void
breakdown_phase_begin (GbacwGame *game, gpointer data)
{
  Breakdown *b = data;

  if (game->phase == GBACW_PHASE_INITIAL_COMMAND && may_break_down (game, b))
    ask (game, b, b->regiment);
  else if (game->phase == GBACW_PHASE_FINAL_COMMAND && may_recombine (game, b))
    ask (game, b, b->companies[0]);
}

static int
breakdown_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  Breakdown *b = data;
  gboolean breakdown = pending->unit == b->regiment;
  int unit = pending->unit;
  g_autofree char *label = NULL;
  GbacwDecision *d;

  if (breakdown ? !may_break_down (game, b) : !may_recombine (game, b))
    return GBACW_RESOLVE_DONE;
  label = gbacw_game_unit_label (game, unit);
  d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, game->phasing_side, b->rule_case);
  g_array_append_val (d->firers, unit);
  d->length = 1;
  d->may_decline = TRUE;
  d->question = breakdown ? g_strdup_printf (_("Does %s break down into its two companies?"), label)
                          : g_strdup_printf (_("Do the two companies of %s recombine into the regiment?"), label);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

/* to takes from's hex, formation, facing and state. */
static void
take_place (GbacwGame *game, GbacwGameUnit *to, const GbacwGameUnit *from, guint status)
{
  to->formation = from->formation;
  to->facing = from->facing;
  to->status = status;
  to->morale = to->oob->morale != GBACW_UNSET ? to->oob->morale : from->morale;
  to->moved = from->moved;
  to->out_of_command = from->out_of_command;
  gbacw_game_place_unit (game, to->index, from->hex, FALSE);
}

static int
breakdown_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  Breakdown *b = data;
  GbacwGameUnit *r = gbacw_game_unit (game, b->regiment);
  GbacwGameUnit *c[2] = { gbacw_game_unit (game, b->companies[0]), gbacw_game_unit (game, b->companies[1]) };
  g_autofree char *label = gbacw_game_unit_label (game, b->regiment);

  if (action->answer.firers->len == 0)
    return GBACW_RESOLVE_DONE;
  if (pending->unit == b->regiment)
    {
      for (int k = 0; k < 2; k++)
        {
          take_place (game, c[k], r, r->status);
          c[k]->strength = c[k]->oob->strength;
          c[k]->recovered += c[k]->strength;
          r->recovered -= c[k]->strength;
          r->strength -= c[k]->strength;
        }
      gbacw_game_remove_unit (game, r->index, GBACW_PRESENCE_NOT_ARRIVED);
      gbacw_game_log (game, b->rule_case, _("%s breaks down into its two companies"), label);
    }
  else
    {
      take_place (game, r, c[0], c[0]->status | c[1]->status);
      for (int k = 0; k < 2; k++)
        {
          r->strength += c[k]->strength;
          r->recovered += c[k]->strength;
          c[k]->recovered -= c[k]->strength;
          c[k]->strength = 0;
          gbacw_game_remove_unit (game, c[k]->index, GBACW_PRESENCE_NOT_ARRIVED);
        }
      gbacw_game_log (game, b->rule_case, _("The two companies of %s recombine into the regiment"), label);
    }
  return GBACW_RESOLVE_DONE;
}

/* The computer player keeps the regiment whole, and recombines companies. */
static GbacwAction *
breakdown_default (GbacwGame *game, gpointer data, const GbacwPending *pending, const GbacwDecision *decision)
{
  const Breakdown *b = data;

  return pending->unit == b->regiment ? gbacw_action_new_answer_units (NULL, 0)
                                      : gbacw_action_new_answer_units ((const int *) (gpointer) decision->firers->data, 1);
}

const GbacwRuleHooks gbacw_rule_jackson_company_breakdown = {
  .id = "jackson.company-breakdown",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = breakdown_init,
  .finalize = breakdown_free,
  .phase_begin = breakdown_phase_begin,
  .exclusive_resolve = breakdown_resolve,
  .exclusive_answer = breakdown_answer,
  .exclusive_default = breakdown_default,
};
