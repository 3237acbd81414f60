/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-ai-look.c: the hard computer player's look ahead. At the start of its Movement Phase
 * it plays each of its plans for the turn (AiPlan) out on a model of the game: a new game of
 * the scenario set to the position (units, stacks, command, the turn and phase) with dice
 * of its own, so that it never sees the game's own rolls; under exclusive rules each module's
 * state copied too (GbacwRuleHooks.copy_state), or the game's record replayed. Both sides of
 * the model are played by the computer at normal, the side's own with the plan, to the start
 * of the side's next Movement Phase (its turn and the enemy's reply); the plan whose Victory
 * Point margin gained most is played. */
#define G_LOG_DOMAIN "gbacw-ai-look"

#include "gbacw-ai-private.h"
#include "gbacw-bce.h"
#include "gbacw-dice.h"
#include "gbacw-game-private.h"

/* Rollouts per plan (common dice: rollout r of every plan has the same seed). One: two won
 * as many games against normal on the demo, from both seats and two hundred seeds, at 1.5-1.9
 * times the time (BENCHMARKS.md). */
#define LOOK_ROLLOUTS 1

static guint32
mix_seed (guint32 a, guint32 b, guint32 c)
{
  guint32 x = a * 0x9e3779b1u ^ (b + 0x7f4a7c15u) * 0x85ebca6bu ^ (c + 1) * 0xc2b2ae35u;
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  return x ? x : 1;
}

/* Whether game's position is one set_position () copies: a Movement Phase with nothing
 * pending, being resolved, announced or entered. */
static gboolean
can_set (const GbacwGame *game)
{
  return game->pending->len == 0 && game->decision == NULL && game->melees->len == 0
         && game->fire_results->len == 0 && g_hash_table_size (game->entries) == 0
         && game->phase == GBACW_PHASE_MOVEMENT;
}

/* Whether game's position is one a model can be set to: the start of a Movement Phase with
 * nothing pending or being resolved (under exclusive rules, the model is set by
 * set_position () and the modules' copy_state when every module can be copied,
 * gbacw_ai_look_set_model (), else the game's record replayed, gbacw_ai_exclusive_model ()). */
static gboolean
can_model (const GbacwGame *game)
{
  if (game->hooks->len > 0)
    return gbacw_ai_exclusive_can_model (game);
  return can_set (game);
}

/* Sets model m (a game of game's scenario) to game's position, with dice of seed. */
static void
set_position (GbacwGame *m, const GbacwGame *game, guint32 seed)
{
  guint n_formations = game->scenario->oob.formations->len;

  for (guint i = 0; i < m->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (m->units, i);
      if (u->hex >= 0)
        gbacw_game_remove_unit (m, (int) i, GBACW_PRESENCE_NOT_ARRIVED);
    }
  g_ptr_array_set_size (m->pending, 0);
  g_clear_pointer (&m->decision, gbacw_decision_free);
  g_ptr_array_set_size (m->melees, 0);
  g_ptr_array_set_size (m->fire_results, 0);
  g_ptr_array_set_size (m->events, 0);
  g_ptr_array_set_size (m->actions, 0);
  g_hash_table_remove_all (m->entries);
  g_hash_table_remove_all (m->hexside_fire);
  g_array_set_size (m->depleted, 0);
  g_array_set_size (m->restack_hexes, 0);
  g_clear_pointer (&m->causes, g_array_unref);
  gbacw_dice_free (m->dice);
  m->dice = gbacw_dice_new (seed);
  for (guint i = 0; i < m->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (m->units, i);
      const GbacwUnit *oob = u->oob;
      const char *id = u->id;
      *u = *(const GbacwGameUnit *) g_ptr_array_index (game->units, i);
      u->oob = oob;
      u->id = id;
      u->hex = -1;
    }
  for (int hex = 0; hex < game->n_hexes; hex++)
    for (guint k = 0; game->stacks[hex] && k < game->stacks[hex]->len; k++)
      gbacw_game_place_unit (m, g_array_index (game->stacks[hex], int, k), hex, FALSE);
  memcpy (m->formation_parent, game->formation_parent, MAX (n_formations, 1u) * sizeof (int));
  memcpy (m->formation_commander, game->formation_commander, MAX (n_formations, 1u) * sizeof (int));
  memcpy (m->unit_formation, game->unit_formation, MAX (game->units->len, 1u) * sizeof (int));
  memcpy (m->leader_formation, game->leader_formation, MAX (game->units->len, 1u) * sizeof (int));
  m->turn = game->turn;
  m->player_turn = game->player_turn;
  m->phasing_side = game->phasing_side;
  m->phase = game->phase;
  m->night = game->night;
  m->ending_phase = FALSE;
  m->decided = game->decided;
  if (game->hooks->len > 0)
    {
      /* what the modules change in the core state besides the units: the BCE limits (P 22.41,
         C 26.32), an extra phase's return (C 21.1), 8.41's restacking hexes */
      gbacw_bce_copy (m, game);
      m->extra_phase_name = game->extra_phase_name;
      m->resume_phase = game->resume_phase;
      m->extra_hook = game->extra_hook;
      g_array_append_vals (m->depleted, game->depleted->data, game->depleted->len);
      g_array_append_vals (m->restack_hexes, game->restack_hexes->data, game->restack_hexes->len);
    }
  gbacw_bce_refresh (m);
}

gboolean
gbacw_ai_look_set_model (GbacwGame *m, const GbacwGame *game, guint32 seed)
{
  if (!can_set (game) || m->units->len != game->units->len || m->hooks->len != game->hooks->len
      || !gbacw_game_rules_copyable (game))
    return FALSE;
  for (guint i = 0; i < game->hooks->len; i++)
    if (g_ptr_array_index (m->hooks, i) != g_ptr_array_index (game->hooks, i))
      return FALSE;
  set_position (m, game, seed);
  return gbacw_game_copy_rules_state (m, game);
}

/* The side's VP margin in the model as it stands. */
static int
margin_of (const GbacwOutcome *outcome, const GbacwGame *m, int side)
{
  GbacwVictory v;
  int margin;

  gbacw_outcome_victory (outcome, m, &v);
  margin = v.vp[side] - v.vp[1 - side];
  gbacw_victory_clear (&v);
  return margin;
}

/* What plan gains, in VP of margin, played out on model m set to game's position with dice
 * of seed. */
static double
play_out (GbacwAi *ai, const GbacwGame *game, GbacwGame *m, AiPlan plan, guint32 seed)
{
  g_autoptr (GbacwOutcome) outcome = NULL;
  g_autoptr (GbacwAi) mine = NULL;
  g_autoptr (GbacwAi) theirs = NULL;
  guint64 limit = 2 * (40 * (guint64) m->units->len + 200);
  g_autoptr (GbacwGame) replayed = NULL;
  int before;

  if (game->hooks->len == 0)
    set_position (m, game, seed);
  else if (!gbacw_ai_look_set_model (m, game, seed)
           && (m = replayed = gbacw_ai_exclusive_model (game, seed)) == NULL)
    return 0;
  outcome = gbacw_outcome_new (m);
  mine = gbacw_ai_new (m, ai->side);
  theirs = gbacw_ai_new (m, 1 - ai->side);
  /* what the side knows of the enemy's holding; the movement fields depend on the map alone */
  memcpy (mine->seen_hex, ai->seen_hex, MAX (game->units->len, 1u) * sizeof (int));
  memcpy (mine->still, ai->still, MAX (game->units->len, 1u) * sizeof (int));
  mine->enemy_fired = ai->enemy_fired;
  g_hash_table_unref (mine->fields);
  mine->fields = g_hash_table_ref (ai->fields);
  g_hash_table_unref (theirs->fields);
  theirs->fields = g_hash_table_ref (ai->fields);
  mine->plan = plan;
  before = margin_of (outcome, m, ai->side);
  for (guint64 n = 0; n < limit && !gbacw_game_is_over (m); n++)
    {
      int side = gbacw_game_decider (m);
      if (n > 0 && m->phase == GBACW_PHASE_MOVEMENT && m->phasing_side == ai->side && m->turn != game->turn)
        break;
      if (!gbacw_ai_step (side == ai->side ? mine : theirs, m, NULL, NULL))
        break;
      gbacw_outcome_update (outcome, m);
    }
  return margin_of (outcome, m, ai->side) - before;
}

void
gbacw_ai_look_ahead (GbacwAi *ai, const GbacwGame *game)
{
  const AiStanding *st = &ai->standing;
  GbacwGame *m;
  double best, total[AI_N_PLANS] = { 0 };
  AiPlan chosen = AI_PLAN_ADVANCE;

  ai->plan = AI_PLAN_ADVANCE;
  /* an enemy who mostly held his ground at its last look will not come on as the model's
     does: holding would only wait for him while the victory lacks what it must take */
  if (!can_model (game)
      || (st->enemy_units > 0 && 2 * st->enemy_still >= st->enemy_units && st->margin < st->target))
    return;
  if (ai->model == NULL && (ai->model = gbacw_game_new (game->scenario, 1, NULL)) == NULL)
    return;
  m = ai->model;
  if (m->units->len != game->units->len || (m->hooks->len > 0) != (game->hooks->len > 0))
    return;
  /* rollout r of every plan has the same dice (common random numbers) */
  for (int p = 0; p < AI_N_PLANS; p++)
    for (guint r = 0; r < LOOK_ROLLOUTS; r++)
      total[p] += play_out (ai, game, m, (AiPlan) p, mix_seed (ai->seed, (guint32) game->turn * 2 + (guint32) ai->side, r));
  /* the plan normal plays keeps ties */
  best = total[AI_PLAN_ADVANCE];
  for (int p = 1; p < AI_N_PLANS; p++)
    if (total[p] > best + 1e-9)
      {
        best = total[p];
        chosen = (AiPlan) p;
      }
  ai->plan = chosen;
}
