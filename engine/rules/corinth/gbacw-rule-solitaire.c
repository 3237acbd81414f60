/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-solitaire.c: the Free Set-Up's solitaire version (C 29.5-29.57).
 *
 * "When playing the game solitaire, a player may use the following system to determine the
 * entry of the Confederate units": the first division by a die (29.51), the Division Arrival
 * Table (29.56) each Confederate Movement Phase (29.53), all in on Game-Turn 6 (29.54), the
 * Area Determination Table (29.57) for each, a die for each unit of 29.26 (29.55). All of it
 * is corinth.assault-areas' with plan = dice, reading the two tables as the scenario's charts
 * (division-arrival, area-determination) and nothing else: this module has no hooks of its
 * own. When the game begins it says (C 29.5) whether the scenario's corinth.assault-areas
 * rolls the entries, so that a scenario enabling the solitaire version without the dice is
 * told why the entries are not rolled. */
#define G_LOG_DOMAIN "gbacw-rule-solitaire"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

static gpointer
solitaire_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  const GPtrArray *rules = game->scenario->exclusive_rules;

  for (guint i = 0; i < rules->len; i++)
    {
      const GbacwExclusiveRule *r = g_ptr_array_index (rules, i);
      if (r->enabled && g_strcmp0 (r->id, "corinth.assault-areas") == 0
          && g_strcmp0 (gbacw_exclusive_rule_get_param (r, "plan"), "dice") == 0)
        {
          gbacw_game_log (game, "C 29.5",
                          _("Solitaire: the Confederate entries are rolled on the Division Arrival (29.56) and Area "
                            "Determination (29.57) Tables"));
          return NULL;
        }
    }
  gbacw_game_log (game, "C 29.5",
                  _("Solitaire: corinth.assault-areas does not roll the Confederate entries (its plan is not "
                    "“dice”): they are not rolled"));
  return NULL;
}

const GbacwRuleHooks gbacw_rule_corinth_solitaire = {
  .id = "corinth.solitaire",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = solitaire_init,
};
