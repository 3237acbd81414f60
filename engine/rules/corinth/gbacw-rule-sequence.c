/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-sequence.c: Corinth's Sequence of Play (C 21.1, the Abbreviated Sequence of
 * Play): the Confederate player is the first player of every Game-Turn (the turn track
 * says so); the Straggler Recovery Phase K follows the Final Command Phase of each
 * Player-Turn of the night Game-Turns; the Victory Determination Interphase follows the
 * Union Player-Turn of Game-Turn 16; the BCE Recovery and the Pre-Dawn Barrage Interphases
 * follow both Player-Turns of Game-Turn 20.
 *
 * The work of each phase is its own module's: straggler-recovery (timing player-turn) plays
 * Phase K, corinth.victory the Victory Determination, bce-recovery the BCE Recovery and
 * corinth.pre-dawn-barrage the barrage, in the scenario's order of rules, which puts this
 * module first: its interphase opens each of them in the log, in the order of 21.1, so that
 * what the other modules log there stands under its name. An interphase whose module the
 * scenario does not have is logged as not played.
 *
 * Parameters (<exclusive id="corinth.sequence">):
 *   victory-turn     the Game-Turn after which the Victory Determination Interphase comes (16)
 *   recovery-turn    the Game-Turn after which the BCE Recovery and Pre-Dawn Barrage
 *                    Interphases come (20)
 */
#define G_LOG_DOMAIN "gbacw-rule-sequence"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  int victory_turn, recovery_turn;
  gboolean has_victory, has_recovery, has_barrage, has_stragglers;
} Sequence;

static gboolean
rule_enabled (const GbacwGame *game, const char *id)
{
  for (guint i = 0; i < game->scenario->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (game->scenario->exclusive_rules, i);
      if (rule->enabled && g_strcmp0 (rule->id, id) == 0)
        return TRUE;
    }
  return FALSE;
}

static gpointer
sequence_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Sequence *s = g_new0 (Sequence, 1);

  s->victory_turn = gbacw_exclusive_rule_get_int (rule, "victory-turn", 16);
  s->recovery_turn = gbacw_exclusive_rule_get_int (rule, "recovery-turn", 20);
  s->has_victory = rule_enabled (game, "corinth.victory");
  s->has_recovery = rule_enabled (game, "bce-recovery");
  s->has_barrage = rule_enabled (game, "corinth.pre-dawn-barrage");
  s->has_stragglers = rule_enabled (game, "straggler-recovery");
  return s;
}

static void
open_interphase (GbacwGame *game, const char *name, gboolean played, const char *module)
{
  if (played)
    gbacw_game_log (game, "C 21.1", _("%s after Game-Turn %d"), name, game->turn);
  else
    gbacw_game_log (game, "C 21.1", _("%s after Game-Turn %d: not played (the scenario has no rule “%s”)"), name,
                    game->turn, module);
}

static void
sequence_interphase (GbacwGame *game, gpointer data)
{
  const Sequence *s = data;

  if (game->decided)
    return;
  if (game->turn == s->victory_turn)
    open_interphase (game, _("Victory Determination Interphase"), s->has_victory, "corinth.victory");
  if (game->turn == s->recovery_turn)
    {
      open_interphase (game, _("BCE Recovery Interphase"), s->has_recovery, "bce-recovery");
      open_interphase (game, _("Pre-Dawn Barrage Interphase"), s->has_barrage, "corinth.pre-dawn-barrage");
    }
}

/* C 21.1: Phase K is played on night Game-Turns only: the log says so when a night
 * Game-Turn begins without it. */
static void
sequence_phase_begin (GbacwGame *game, gpointer data)
{
  const Sequence *s = data;

  if (game->phase == GBACW_PHASE_INITIAL_COMMAND && game->player_turn == 0 && game->night && !s->has_stragglers)
    gbacw_game_log (game, "C 21.1",
                    _("Night Game-Turn: the Straggler Recovery Phase is not played (the scenario has no rule "
                      "“straggler-recovery”)"));
}

/* STATUS: the next interphase of 21.1 to come. */
static void
sequence_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Sequence *s = data;

  if (game->turn <= s->victory_turn)
    g_ptr_array_add (items, gbacw_rule_status_new ("C 21.1", _("Victory Determination Interphase after Game-Turn %d"),
                                                   s->victory_turn));
  else if (game->turn <= s->recovery_turn)
    g_ptr_array_add (items, gbacw_rule_status_new ("C 21.1",
                                                   _("Straggler Recovery Phase K in each Player-Turn of the night; "
                                                     "BCE Recovery and Pre-Dawn Barrage Interphases after Game-Turn "
                                                     "%d"), s->recovery_turn));
}

const GbacwRuleHooks gbacw_rule_corinth_sequence = {
  .id = "corinth.sequence",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = sequence_init,
  .finalize = g_free,
  .interphase = sequence_interphase,
  .phase_begin = sequence_phase_begin,
  .status = sequence_status,
};
