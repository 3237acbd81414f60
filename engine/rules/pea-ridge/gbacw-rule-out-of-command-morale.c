/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-out-of-command-morale.c: out-of-command units (P 21.6).
 *
 * "A unit which is out of command is subject to the restrictions of 17.1. In addition, a
 * unit which is out of command has its Morale Rating temporarily reduced by one (see
 * 25.0 ... for procedure and effect on green units)": the rating used for every check
 * while the unit is out of command (the engine's out_of_command, set when the Initial
 * Command Phase ends, 17.11), one lower; a green unit's rating is determined first and
 * then lowered (P 25.1); a rating of 1 becomes 0 (P 25.3: it always fails).
 *
 * Parameters (<exclusive id="pearidge.out-of-command-morale">):
 *   morale  the change of the rating (default -1)
 *   case    the case cited (default "P 21.6")
 */
#define G_LOG_DOMAIN "gbacw-rule-out-of-command-morale"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

static gpointer
out_of_command_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  int *change = g_new (int, 1);

  (void) game;
  *change = gbacw_exclusive_rule_get_int (rule, "morale", -1);
  return change;
}

static int
out_of_command_rating (const GbacwGame *game, gpointer data, int unit, int rating)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (!u->out_of_command || !gbacw_game_is_combat_unit (u))
    return rating;
  return MAX (0, rating + *(const int *) data);
}

const GbacwRuleHooks gbacw_rule_pearidge_out_of_command_morale = {
  .id = "pearidge.out-of-command-morale",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = out_of_command_init,
  .finalize = g_free,
  .morale_rating = out_of_command_rating,
};
