/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-gideon-smith.c: the designer's great-great-grandfather (P 32.0, optional).
 *
 * Whenever the 9th Texas Cavalry loses a Strength Point (killed or captured), a die is
 * rolled for each point lost: on 6, one added for each point it has lost before (its third
 * loss: 4-6), the point lost is Gideon Smith's company. The company lost, a second die: on
 * 1-2 Captain Smith has died, the designer was never born, and the game ends at once with
 * neither player the victor (the victory hook: no winner); on 3-6 play goes on and no more
 * rolls are made. The dice are rolled after the action in which the loss happens.
 *
 * Parameters (<exclusive id="pearidge.gideon-smith">):
 *   unit      the 9th Texas Cavalry's unit id (default "c-9-tex-c")
 *   roll      the company is lost at or above this die (default 6)
 *   per-loss  added to the die for each earlier loss (default +1)
 *   death     the die range of his death (default 1-2)
 *   case      the case cited (default "P 32.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-gideon-smith"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-dice.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"

typedef struct {
  int unit;            /* -1 */
  int roll, per_loss, death;
  char *rule_case;
  int seen;            /* SP killed and captured when last looked at */
  int losses;          /* SP losses suffered so far */
  gboolean company_lost;
  gboolean ended;
} Gideon;

static gpointer
gideon_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Gideon *g = g_new0 (Gideon, 1);
  const char *id = gbacw_exclusive_rule_get_param (rule, "unit");
  const char *death = gbacw_exclusive_rule_get_param (rule, "death");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  GbacwGameUnit *u = gbacw_game_find_unit (game, id ? id : "c-9-tex-c");
  g_autofree char *why = NULL;

  g->unit = u ? u->index : -1;
  g->roll = gbacw_exclusive_rule_get_int (rule, "roll", 6);
  g->per_loss = gbacw_exclusive_rule_get_int (rule, "per-loss", 1);
  if (death == NULL || !gbacw_exclusive_parse_die_top (death, &g->death, &why))
    g->death = 2;
  g->rule_case = g_strdup (rule_case ? rule_case : "P 32.0");
  return g;
}

static void
gideon_finalize (gpointer data)
{
  Gideon *g = data;
  g_free (g->rule_case);
  g_free (g);
}

static void
gideon_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Gideon *g = data;
  const GbacwGameUnit *u = g->unit >= 0 ? gbacw_game_unit (game, g->unit) : NULL;
  int now;

  (void) action;
  if (u == NULL || g->ended)
    return;
  now = u->killed + u->captured;
  for (; g->seen < now && !g->company_lost; g->seen++)
    {
      int die = gbacw_dice_roll (game->dice), modified = die + g->per_loss * g->losses;
      g_autofree char *label = gbacw_game_unit_label (game, g->unit);
      g->losses++;
      g->company_lost = modified >= g->roll;
      gbacw_game_log (game, g->rule_case, _("%s loses a Strength Point: die %d%+d = %d: %s"), label, die,
                      g->per_loss * (g->losses - 1), modified,
                      g->company_lost ? _("Gideon Smith's company is lost") : _("not Gideon Smith's company"));
      if (g->company_lost)
        {
          int fate = gbacw_dice_roll (game->dice);
          if (fate <= g->death)
            {
              gbacw_game_log (game, g->rule_case,
                              _("Die %d: Captain Gideon Smith has died gloriously leading his troops; the designer was "
                                "never born and the game ends with neither player the victor"), fate);
              g->ended = TRUE;
              game->decided = TRUE;
              g_ptr_array_set_size (game->pending, 0);
              g_clear_pointer (&game->decision, gbacw_decision_free);
              game->phase = GBACW_PHASE_GAME_OVER;
              return;
            }
          gbacw_game_log (game, g->rule_case, _("Die %d: Captain Gideon Smith survives"), fate);
        }
    }
  g->seen = now;   /* also after stragglers recovered (P 22.33): later losses are new ones */
}

static gboolean
gideon_victory (const GbacwGame *game, gpointer data, int *winning_side, char **level)
{
  const Gideon *g = data;

  (void) game;
  if (!g->ended)
    return FALSE;
  *winning_side = -1;
  *level = g_strdup_printf (_("No victor (%s)"), g->rule_case);
  return TRUE;
}

static gboolean
gideon_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Gideon *t = to_data;
  const Gideon *f = from_data;

  (void) to;
  (void) from;
  t->seen = f->seen;
  t->losses = f->losses;
  t->company_lost = f->company_lost;
  t->ended = f->ended;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_pearidge_gideon_smith = {
  .id = "pearidge.gideon-smith",
  .init = gideon_init,
  .finalize = gideon_finalize,
  .copy_state = gideon_copy_state,
  .action_done = gideon_action_done,
  .victory = gideon_victory,
};
