/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-assault-impetus.c: the Confederate assault impetus (C 29.6, 30.6).
 *
 * C 29.61: during Game-Turns 1 through 5 a routed Union unit rallies only by a die roll
 * (25.13's procedure): where a leader would rally it without a roll (13.52 stacked with
 * him, 13.53 his Rally Point) it rolls a die, one less when a friendly commander (of a
 * brigade or division) is stacked with it, and rallies at or under its Morale Rating; a
 * unit stacked with a friendly army commander rallies as usual, without a roll. C 29.62's
 * melee-initiation and retreat-before-melee modifiers of Game-Turns 1-8 are the
 * melee-initiation rule's (initiation-drm, before-melee-drm by Game-Turns).
 *
 * Parameters (<exclusive id="corinth.assault-impetus">):
 *   side    the side whose routed units rally only by a die (default "union")
 *   turns   the Game-Turns (default "1-5")
 */
#define G_LOG_DOMAIN "gbacw-rule-assault-impetus"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"
#include "gbacw-leadership.h"

typedef struct {
  int side;
  GArray *turns;   /* int */
} Impetus;

static gpointer
impetus_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Impetus *m = g_new0 (Impetus, 1);
  const char *side = gbacw_exclusive_rule_get_param (rule, "side");
  const char *turns = gbacw_exclusive_rule_get_param (rule, "turns");
  g_autofree char *why = NULL;

  m->side = gbacw_game_side_index (game, side ? side : "union");
  m->turns = gbacw_exclusive_parse_turns (turns ? turns : "1-5", &why);
  if (m->turns == NULL)
    g_warning ("corinth.assault-impetus: turns: %s", why);   /* the validator refuses it first */
  return m;
}

static void
impetus_finalize (gpointer data)
{
  Impetus *m = data;

  g_clear_pointer (&m->turns, g_array_unref);
  g_free (m);
}

static gboolean
impetus_rally_by_die (const GbacwGame *game, gpointer data, int unit, int *drm, const char **rule_case)
{
  const Impetus *m = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack;
  gboolean commander = FALSE;

  if (u->side != m->side || m->turns == NULL || !gbacw_int_array_has (m->turns, game->turn))
    return FALSE;
  stack = gbacw_game_stack (game, u->hex);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *l = gbacw_game_unit (game, g_array_index (stack, int, i));
      const GbacwFormation *f = l->type == GBACW_UNIT_LEADER && l->side == u->side
                                  ? gbacw_leader_formation (game, l->index) : NULL;
      if (f == NULL)
        continue;
      if (f->kind == GBACW_FORMATION_ARMY || f->kind == GBACW_FORMATION_CORPS)
        return FALSE;   /* 29.61: "units stacked with army commanders automatically rally" */
      commander = TRUE;
    }
  *drm = commander ? -1 : 0;
  *rule_case = "C 29.61";
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_assault_impetus = {
  .id = "corinth.assault-impetus",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = impetus_init,
  .finalize = impetus_finalize,
  .rally_by_die = impetus_rally_by_die,
};
