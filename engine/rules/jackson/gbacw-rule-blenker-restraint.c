/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-blenker-restraint.c: Blenker's restraint (J 25.4).
 *
 * "Blenker loses his Divisional Integrity Radius every Union Initial Command Phase in which
 * he is not within Fremont's Divisional Integrity Radius. Should Blenker replace Fremont,
 * Blenker's replacement loses his Divisional Integrity Radius if he is not within
 * Blenker's": the commander now of division (Blenker's) against the commander now of
 * superior (Fremont's; after a promotion, Blenker himself), both read from the formations
 * so that the replacement clause follows. When the Initial Command Phase of their side
 * ends (after 17.21 has been checked, the CMD hook), a division commander on the map
 * outside the superior's DIR (the superior off the map: outside it) has none: each
 * brigade commander of his division is outside his DIR (17.21), and with the rule option
 * command-5.2 = old their units are out of command. During that phase he may spend no
 * Command Points (17.22 asks for the brigade commander within his DIR) while he stands
 * outside the superior's DIR.
 *
 * Parameters (<exclusive id="jackson.blenker-restraint">):
 *   division  the restrained division (a formation id: Blenker's)
 *   superior  the division whose commander's DIR holds it (a formation id: Fremont's)
 *   case      the case cited (default "J 25.4")
 */
#define G_LOG_DOMAIN "gbacw-rule-blenker-restraint"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"
#include "gbacw-leadership.h"

typedef struct {
  int division;    /* formation index, -1 */
  int superior;    /* formation index, -1 */
  char *rule_case;
} Restraint;

static gpointer
restraint_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Restraint *r = g_new0 (Restraint, 1);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  r->division = gbacw_leadership_formation_index (game, gbacw_exclusive_rule_get_param (rule, "division"));
  r->superior = gbacw_leadership_formation_index (game, gbacw_exclusive_rule_get_param (rule, "superior"));
  r->rule_case = g_strdup (rule_case ? rule_case : "J 25.4");
  return r;
}

static void
restraint_free (gpointer data)
{
  Restraint *r = data;
  g_free (r->rule_case);
  g_free (r);
}

/* The restrained division's commander now when he is on the map outside the superior's
 * DIR, else -1. */
static int
restrained_leader (const GbacwGame *game, const Restraint *r)
{
  int leader, superior;
  const GbacwGameUnit *l, *s;

  if (r->division < 0 || r->superior < 0)
    return -1;
  leader = game->formation_commander[r->division];
  superior = game->formation_commander[r->superior];
  if (leader < 0 || leader == superior)
    return -1;
  l = gbacw_game_unit (game, leader);
  if (l->hex < 0)
    return -1;
  if (superior < 0)
    return leader;
  s = gbacw_game_unit (game, superior);
  if (s->hex >= 0
      && gbacw_leadership_in_radius (game, superior, l->hex, s->oob->dir == GBACW_UNSET ? 0 : s->oob->dir))
    return -1;
  return leader;
}

static void
restraint_command (GbacwGame *game, gpointer data)
{
  const Restraint *r = data;
  int leader = restrained_leader (game, r);
  g_autofree char *label = NULL;

  if (leader < 0 || gbacw_game_unit (game, leader)->side != game->phasing_side)
    return;
  label = gbacw_game_unit_label (game, leader);
  gbacw_game_log (game, r->rule_case, _("%s is not within his superior's Divisional Integrity Radius: he has none"),
                  label);
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int f = u->type == GBACW_UNIT_LEADER ? game->leader_formation[u->index] : -1;

      if (f < 0 || f == r->division || game->formation_parent[f] != r->division || u->hex < 0 || !u->in_dir)
        continue;
      u->in_dir = FALSE;
      u->out_of_command = TRUE;
    }
  if (!game->option_command_new)
    for (guint i = 0; i < game->units->len; i++)
      {
        GbacwGameUnit *u = g_ptr_array_index (game->units, i);
        GbacwCommandStatus status;
        if (u->side == game->phasing_side && u->hex >= 0 && gbacw_game_is_combat_unit (u))
          u->out_of_command = !gbacw_leadership_command_status (game, u->index, &status);
      }
}

static gboolean
restraint_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Restraint *r = data;
  g_autofree char *label = NULL;

  if (action->kind != GBACW_ACTION_COMMAND_POINTS || action->command.leader != restrained_leader (game, r))
    return TRUE;
  label = gbacw_game_unit_label (game, action->command.leader);
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
               _("[%s] %s is not within his superior's Divisional Integrity Radius: he has none and may spend no "
                 "Command Points"), r->rule_case, label);
  return FALSE;
}

const GbacwRuleHooks gbacw_rule_jackson_blenker_restraint = {
  .id = "jackson.blenker-restraint",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = restraint_init,
  .finalize = restraint_free,
  .command = restraint_command,
  .action_legal = restraint_action_legal,
};
