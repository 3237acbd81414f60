/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-indians.c: the Confederate Indians (P 30.0).
 *
 * Watie's and Drew's regiments are infantry like any other, but when fired upon by
 * artillery they make a morale check, whatever the fire's result and wherever they are in
 * their stack; one check however many batteries fired at them. The check is made when the
 * Fire Phase's results have been applied (9.42), for each of the units named that artillery
 * fired on in that phase and that is still on the map and not routed by the fire (a
 * routed unit has no morale left to test); after a free shot (10.17: withdrawal, limber or
 * retreat fire) by artillery, when the answer to that FIRE decision has been applied.
 *
 * Parameters (<exclusive id="pearidge.indians">):
 *   units   the unit ids (default "c-watie c-drew")
 *   case    the case cited (default "P 30.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-indians"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"
#include "gbacw-morale.h"

typedef struct {
  GArray *units;       /* int unit indices */
  char *rule_case;
  GArray *fired_at;    /* int: the targets of the FIRE decision being answered (a free shot) */
} Indians;

static gpointer
indians_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Indians *n = g_new0 (Indians, 1);
  const char *units = gbacw_exclusive_rule_get_param (rule, "units");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  g_auto (GStrv) ids = g_strsplit_set (units ? units : "c-watie c-drew", " ,", -1);

  n->units = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; ids[i]; i++)
    {
      GbacwGameUnit *u = *ids[i] ? gbacw_game_find_unit (game, ids[i]) : NULL;
      if (u && gbacw_game_is_combat_unit (u))
        g_array_append_val (n->units, u->index);
    }
  n->rule_case = g_strdup (rule_case ? rule_case : "P 30.0");
  n->fired_at = g_array_new (FALSE, FALSE, sizeof (int));
  return n;
}

static void
indians_finalize (gpointer data)
{
  Indians *n = data;
  g_array_unref (n->units);
  g_array_unref (n->fired_at);
  g_free (n->rule_case);
  g_free (n);
}

/* The check of each unit named that was fired at: among targets (a free shot), or with
 * targets NULL by artillery in this Fire Phase. */
static void
check_units (GbacwGame *game, Indians *n, const GArray *targets)
{
  for (guint i = 0; i < n->units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (n->units, int, i));
      if (u->hex < 0 || (u->status & GBACW_STATUS_ROUTED) || (targets && !gbacw_int_array_has (targets, u->index))
          || (targets == NULL && !(u->fired_upon & GBACW_FIRED_ARTILLERY)))
        continue;
      {
        g_autofree char *label = gbacw_game_unit_label (game, u->index);
        gbacw_game_log (game, n->rule_case, _("%s was fired upon by artillery: it checks its morale"), label);
      }
      gbacw_morale_check (game, u->index, FALSE, GBACW_MORALE_CAUSE_EXCLUSIVE, n->rule_case);   /* routs on a fail */
    }
}

static void
indians_phase_end (GbacwGame *game, gpointer data)
{
  if (game->phase == GBACW_PHASE_DEFENSIVE_FIRE || game->phase == GBACW_PHASE_OFFENSIVE_FIRE)
    check_units (game, data, NULL);
}

/* A free shot: the targets of the FIRE decision an answer is checked against (the answer
 * then applied is one of those checked). */
static gboolean
indians_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  Indians *n = data;

  (void) error;
  if (action->kind == GBACW_ACTION_ANSWER && game->decision && game->decision->kind == GBACW_DECISION_FIRE)
    {
      g_array_set_size (n->fired_at, 0);
      g_array_append_vals (n->fired_at, game->decision->units->data, game->decision->units->len);
    }
  return TRUE;
}

static void
indians_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Indians *n = data;
  gboolean artillery = FALSE;

  if (action->kind == GBACW_ACTION_ANSWER && n->fired_at->len > 0 && action->answer.firers)
    for (guint i = 0; i < action->answer.firers->len; i++)
      artillery |= gbacw_game_unit (game, g_array_index (action->answer.firers, GbacwFirer, i).unit)->type
                   == GBACW_UNIT_ARTILLERY;
  if (artillery)
    check_units (game, n, n->fired_at);
  g_array_set_size (n->fired_at, 0);
}

static gboolean
indians_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Indians *t = to_data;
  const Indians *f = from_data;

  (void) to;
  (void) from;
  gbacw_copy_garray (t->fired_at, f->fired_at);
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_pearidge_indians = {
  .id = "pearidge.indians",
  .init = indians_init,
  .finalize = indians_finalize,
  .copy_state = indians_copy_state,
  .phase_end = indians_phase_end,
  .action_legal = indians_action_legal,
  .action_done = indians_action_done,
};
