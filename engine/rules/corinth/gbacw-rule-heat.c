/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-heat.c: the heat of October 1862 (C 30.5, optional; in the Free Set-Up
 * Scenario too if both players agree).
 *
 * At the beginning of each Game-Turn of turns (8-16 and 25-31: from Game-Turn 8, none at
 * night, from Game-Turn 25 on the second day, none on the last Game-Turn) both players roll
 * a die; the same number: both sides sit down for a breather and the whole Game-Turn is
 * skipped (every phase of both Player-Turns; its interphase is still held, so a skipped
 * Game-Turn 16 still has its Victory Determination). After a skipped Game-Turn there is no
 * heat roll for the next rest (2) Game-Turns; the third is rolled for again.
 *
 * The dice are rolled in the interphase of the Game-Turn before ("at the beginning of the
 * turn": nobody acts between the two), Union first then Confederate (the sides' order).
 *
 * Parameters (<exclusive id="corinth.heat">):
 *   turns   the Game-Turns rolled for (default "8-16 25-31")
 *   rest    the Game-Turns without a roll after a skipped one (default 2)
 */
#define G_LOG_DOMAIN "gbacw-rule-heat"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-dice.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  GArray *turns;        /* int */
  int rest;
  int skipped;          /* the Game-Turn skipped last, -1 */
} Heat;

static gpointer
heat_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Heat *h = g_new0 (Heat, 1);
  const char *turns = gbacw_exclusive_rule_get_param (rule, "turns");
  g_autofree char *why = NULL;

  (void) game;
  h->turns = gbacw_exclusive_parse_turns (turns ? turns : "8-16 25-31", &why);
  if (h->turns == NULL)
    {
      g_warning ("corinth.heat: turns: %s", why);   /* the validator refuses it first */
      h->turns = gbacw_exclusive_parse_turns ("8-16 25-31", &why);
    }
  h->rest = gbacw_exclusive_rule_get_int (rule, "rest", 2);
  h->skipped = -1;
  return h;
}

static void
heat_finalize (gpointer data)
{
  Heat *h = data;

  g_clear_pointer (&h->turns, g_array_unref);
  g_free (h);
}

/* Whether the heat is rolled for at the beginning of Game-Turn turn. */
static gboolean
rolled_for (const GbacwGame *game, const Heat *h, int turn)
{
  gboolean listed = FALSE;

  for (guint i = 0; h->turns && i < h->turns->len; i++)
    listed |= g_array_index (h->turns, int, i) == turn;
  return listed && turn < game->last_turn && !gbacw_game_is_night (game, turn)
         && !(h->skipped >= 0 && turn > h->skipped && turn <= h->skipped + h->rest);
}

static void
heat_interphase (GbacwGame *game, gpointer data)
{
  Heat *h = data;
  int next = game->turn + 1, dice[2];

  if (game->decided || next > game->last_turn || !rolled_for (game, h, next))
    return;
  dice[0] = gbacw_dice_roll (game->dice);
  dice[1] = gbacw_dice_roll (game->dice);
  if (dice[0] != dice[1])
    {
      gbacw_game_log (game, "C 30.5", _("Heat before Game-Turn %d: %s rolls %d, %s rolls %d: play goes on"), next,
                      gbacw_game_side_name (game, 0), dice[0], gbacw_game_side_name (game, 1), dice[1]);
      return;
    }
  h->skipped = next;
  gbacw_game_log (game, "C 30.5",
                  _("Heat before Game-Turn %d: both roll %d: both sides sit down for a breather; Game-Turn %d is "
                    "skipped and the heat is not rolled for the next %d"),
                  next, dice[0], next, h->rest);
}

static gboolean
heat_skip_phase (const GbacwGame *game, gpointer data, int phase, gboolean *skip)
{
  const Heat *h = data;

  if (game->turn != h->skipped || phase == GBACW_PHASE_INTERPHASE || phase == GBACW_PHASE_GAME_OVER)
    return FALSE;
  *skip = TRUE;
  return TRUE;
}

/* STATUS: a Game-Turn skipped now, or the next heat roll. */
static void
heat_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Heat *h = data;

  if (game->turn == h->skipped)
    {
      g_ptr_array_add (items, gbacw_rule_status_new ("C 30.5", _("Game-Turn %d is skipped for the heat"), h->skipped));
      return;
    }
  for (int t = game->turn + 1; t <= game->last_turn; t++)
    if (rolled_for (game, h, t))
      {
        g_ptr_array_add (items, gbacw_rule_status_new ("C 30.5", _("The next heat roll is before Game-Turn %d"), t));
        return;
      }
}

static gboolean
heat_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Heat *t = to_data;
  const Heat *f = from_data;

  (void) to;
  (void) from;
  t->skipped = f->skipped;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_heat = {
  .id = "corinth.heat",
  .init = heat_init,
  .finalize = heat_finalize,
  .copy_state = heat_copy_state,
  .interphase = heat_interphase,
  .skip_phase = heat_skip_phase,
  .status = heat_status,
};
