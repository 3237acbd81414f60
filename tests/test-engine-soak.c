/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-soak.c: computer-vs-computer games checked after every action (included by
 * the tests that play them: test-engine-ai.c, test-pea-ridge-games.c; it needs
 * test-engine-fixture.c first):
 * - no unit off the map or on terrain its movement class may not enter (5.17, 5.19; by
 *   road, 6.11, it may), the stacks and the units' hexes agreeing;
 * - stacking within the limits at the end of each Movement Phase (8.1);
 * - strength accounting, per unit and per side: initial = current + killed + captured
 *   - recovered (11.18: a wagon recrewed +1, the unit recrewing it -1);
 * - BCE (18.0): the boxes marked are the brigade's losses, never more than its strength,
 *   never fewer than before, and the engine's BCE agrees;
 * - each unit fired on at most once by small arms and once by artillery in a Fire Phase
 *   (9.44), no firer committing more than it has (9.45); artillery rounds never negative;
 * - every game ends (the turn limit), and replaying its record reaches the same state and
 *   the same event log. */

#include <glib.h>
#include <string.h>

#include "gbacw-ai.h"
#include "gbacw-fire.h"
#include "gbacw-leadership.h"
#include "gbacw-movement.h"
#include "gbacw-query.h"
#include "gbacw-rules-hooks.h"

/* ------------------------------------------------------------------ invariants */

typedef struct {
  const char *label;
  int *start;             /* per unit: value + killed + captured at the start */
  int *bce;               /* per formation: marks seen last */
  guint8 *fired;          /* per unit: GBACW_FIRED_* recorded in this Fire Phase */
  int phase_key;
  GbacwPhase last_phase;
  int last_phasing;
  guint64 n_actions;
  guint n_fires;
  guint n_decisions[GBACW_DECISION_EXCLUSIVE_UNITS + 1];
  guint n_moves;
  guint n_kinds[GBACW_ACTION_EXIT + 1];   /* actions applied, by kind */
  guint n_events;         /* log events seen */
  guint n_recovered;      /* straggler recoveries logged (their boxes are erased) */
} Checker;

static void
checker_init (Checker *c, const GbacwGame *game, const char *label)
{
  memset (c, 0, sizeof *c);
  c->label = label;
  c->start = g_new0 (int, game->units->len);
  c->fired = g_new0 (guint8, game->units->len);
  c->bce = g_new0 (int, game->scenario->oob.formations->len + 1);
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      c->start[i] = gbacw_query_unit_value (u) + u->killed + u->captured - u->recovered;
    }
  c->phase_key = -1;
  c->last_phase = game->phase;
  c->last_phasing = game->phasing_side;
}

static void
checker_clear (Checker *c)
{
  g_free (c->start);
  g_free (c->fired);
  g_free (c->bce);
}

#define FAIL(c, game, ...) \
  G_STMT_START { \
    g_autofree char *what_ = g_strdup_printf (__VA_ARGS__); \
    g_error ("%s: action %" G_GUINT64_FORMAT " (Game-Turn %d, %s, phasing %d): %s", (c)->label, (c)->n_actions, \
             (game)->turn, gbacw_phase_name ((game)->phase), (game)->phasing_side, what_); \
  } G_STMT_END

static void
check_map (Checker *c, const GbacwGame *game)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const GArray *stack;
      int found = 0, move_class;
      GbacwMoveCost cost;

      if ((u->presence == GBACW_PRESENCE_ON_MAP) != (u->hex >= 0))
        FAIL (c, game, "%s: presence %d but hex %d", u->id, u->presence, u->hex);
      if (u->hex < 0)
        continue;
      if (u->hex >= game->n_hexes)
        FAIL (c, game, "%s is off the map (hex %d)", u->id, u->hex);
      stack = gbacw_game_stack (game, u->hex);
      for (guint k = 0; stack && k < stack->len; k++)
        found += g_array_index (stack, int, k) == u->index;
      if (found != 1)
        FAIL (c, game, "%s is %d times in the stack of its hex", u->id, found);
      /* 5.19: the terrain its class may stand in (an unlimbered battery as limbered) */
      move_class = gbacw_move_class_for (u->type, u->type == GBACW_UNIT_ARTILLERY ? GBACW_FORMATION_STATE_LIMBERED
                                                  : u->type == GBACW_UNIT_WAGON || u->type == GBACW_UNIT_LEADER
                                                    ? GBACW_FORMATION_STATE_UNSET : u->formation);
      if (move_class >= 0)
        {
          /* prohibited unless a road lets it in (6.11): some step into the hex is allowed */
          const GbacwHexGrid *grid = &game->scenario->map->grid;
          gboolean enterable = FALSE;
          for (int d = 0; d < GBACW_HEX_DIRECTIONS && !enterable; d++)
            {
              int from = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, gbacw_hex_grid_hex_at (grid, u->hex), d));
              if (from < 0)
                continue;
              gbacw_rules_data_move_cost (game->rules, game->scenario->map, move_class, from,
                                          gbacw_hex_direction_opposite (d), &cost);
              enterable = cost.kind != GBACW_COST_PROHIBITED;
            }
          gbacw_rules_data_hex_cost (game->rules, game->scenario->map, move_class, u->hex, &cost);
          if (!enterable && cost.kind == GBACW_COST_PROHIBITED)
            FAIL (c, game, "%s stands on terrain prohibited to it (hex %d)", u->id, u->hex);
        }
    }
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      const GArray *stack = gbacw_game_stack (game, hex);
      for (guint k = 0; stack && k < stack->len; k++)
        if (gbacw_game_unit (game, g_array_index (stack, int, k))->hex != hex)
          FAIL (c, game, "the stack of hex %d holds a unit that is elsewhere", hex);
    }
}

static void
check_strength (Checker *c, const GbacwGame *game)
{
  int start[2] = { 0, 0 }, now[2] = { 0, 0 };

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int value = gbacw_query_unit_value (u);
      if (value < 0 || u->killed < 0 || u->captured < 0)
        FAIL (c, game, "%s: negative strength %d, killed %d or captured %d", u->id, value, u->killed, u->captured);
      if (c->start[i] != value + u->killed + u->captured - u->recovered)
        FAIL (c, game, "%s: initial %d != current %d + killed %d + captured %d - recovered %d", u->id, c->start[i], value,
              u->killed, u->captured, u->recovered);
      if (u->rounds != GBACW_UNSET && u->rounds < 0)
        FAIL (c, game, "%s has %d rounds", u->id, u->rounds);
      if (u->side == 0 || u->side == 1)
        {
          start[u->side] += c->start[i];
          now[u->side] += value + u->killed + u->captured - u->recovered;
        }
    }
  for (int s = 0; s < 2; s++)
    if (start[s] != now[s])
      FAIL (c, game, "side %d: initial %d != current + killed + captured - recovered %d", s, start[s], now[s]);
}

/* Whether an exclusive rule treats the brigade as without BCE though its boxes do not say so
 * (GbacwRuleHooks.bce_effects). */
static gboolean
module_bce_effects (const GbacwGame *game, int formation)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->bce_effects && hooks->bce_effects (game, data, formation))
      return TRUE;
  return FALSE;
}

static void
check_bce (Checker *c, const GbacwGame *game)
{
  const GPtrArray *formations = game->scenario->oob.formations;
  guint recovered = 0;

  for (; c->n_events < game->events->len; c->n_events++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, c->n_events);
      if (strstr (e->text, "Straggler recovery") && strstr (e->text, "recovers one Strength Point"))
        recovered++;
    }
  c->n_recovered += recovered;

  for (guint i = 0; i < formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (formations, i);
      int marks = gbacw_query_bce_marks (game, f);
      /* boxes are erased only for the SP straggler recovery brings back (J 35.42, P 22.33) */
      if (marks < c->bce[i] - (int) recovered)
        FAIL (c, game, "brigade %s: %d BCE boxes marked, %d before (%u SP recovered)", f->id, marks, c->bce[i],
              recovered);
      if (marks > gbacw_query_brigade_strength (game, f))
        FAIL (c, game, "brigade %s: %d BCE boxes marked for %d SP", f->id, marks,
              gbacw_query_brigade_strength (game, f));
      /* the boxes' count, or an exclusive rule's bce_effects (C 30.4: Lovell's brigades all
       * treated as without BCE), is the engine's BCE */
      if (gbacw_leadership_bce_lost (game, (int) i) != (gbacw_query_bce_lost (game, f) || module_bce_effects (game, (int) i)))
        FAIL (c, game, "brigade %s: the engine's BCE (%d) differs from the count (%d of %d)", f->id,
              gbacw_leadership_bce_lost (game, (int) i), marks, gbacw_query_bce_limit (game, f));
      c->bce[i] = marks;
    }
}

static void
check_stacking (Checker *c, const GbacwGame *game, int side)
{
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      g_autoptr (GError) error = NULL;
      if (!gbacw_movement_check_stacking_side (game, hex, side, &error))
        FAIL (c, game, "the Movement Phase ended over the stacking limits: %s", error->message);
    }
}

/* 9.44, 9.45: after a fire, and the Fire Phase's bookkeeping. */
static void
check_fire (Checker *c, const GbacwGame *game, const GbacwAction *action)
{
  int key = (game->turn * 2 + game->player_turn) * 32 + (int) game->phase;

  if (key != c->phase_key)
    {
      memset (c->fired, 0, game->units->len);
      c->phase_key = key;
    }
  if (action && action->kind == GBACW_ACTION_FIRE)
    {
      gboolean artillery = FALSE;
      guint8 kind;
      const GArray *stack = gbacw_game_stack (game, action->fire.target);

      c->n_fires++;
      for (guint i = 0; i < action->fire.firers->len; i++)
        artillery |= gbacw_game_unit (game, g_array_index (action->fire.firers, GbacwFirer, i).unit)->type
                     == GBACW_UNIT_ARTILLERY;
      kind = artillery ? GBACW_FIRED_ARTILLERY : GBACW_FIRED_SMALL_ARMS;
      for (guint i = 0; stack && i < stack->len; i++)
        {
          int unit = g_array_index (stack, int, i);
          if (c->fired[unit] & kind)
            FAIL (c, game, "%s is fired on twice by %s in one Fire Phase", gbacw_game_unit (game, unit)->id,
                  artillery ? "artillery" : "small arms");
          c->fired[unit] |= kind;
        }
    }
  if (game->phase == GBACW_PHASE_DEFENSIVE_FIRE || game->phase == GBACW_PHASE_OFFENSIVE_FIRE)
    for (guint i = 0; i < game->units->len; i++)
      {
        const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
        if (u->hex >= 0 && u->fire_used > gbacw_fire_available (game, u->index) + 1e-9 && u->fire_used > 0)
          FAIL (c, game, "%s fired %g of its %g", u->id, u->fire_used, gbacw_fire_available (game, u->index));
        if ((c->fired[i] & u->fired_upon) != c->fired[i] && u->hex >= 0)
          FAIL (c, game, "%s was fired on but is not marked so (9.44)", u->id);
      }
}

static gboolean
observe (GbacwGame *game, const GbacwAction *action, gpointer data)
{
  Checker *c = data;

  c->n_actions++;
  if (action->kind == GBACW_ACTION_MOVE)
    c->n_moves++;
  if ((guint) action->kind < G_N_ELEMENTS (c->n_kinds))
    c->n_kinds[action->kind]++;
  check_map (c, game);
  check_strength (c, game);
  check_bce (c, game);
  check_fire (c, game, action);
  /* 8.1: at the end of the Movement Phase */
  if (c->last_phase == GBACW_PHASE_MOVEMENT && (game->phase != GBACW_PHASE_MOVEMENT || game->phasing_side != c->last_phasing))
    check_stacking (c, game, c->last_phasing);
  c->last_phase = game->phase;
  c->last_phasing = game->phasing_side;
  if (game->decision && (guint) game->decision->kind < G_N_ELEMENTS (c->n_decisions))
    c->n_decisions[game->decision->kind]++;
  return TRUE;
}

/* ------------------------------------------------------------------ games */

typedef struct {
  guint games;
  guint64 actions;
  guint recovered;   /* straggler recoveries */
  guint fires;
  guint moves;
  guint decisions[GBACW_DECISION_EXCLUSIVE_UNITS + 1];
  guint kinds[GBACW_ACTION_EXIT + 1];
  int wins[3];
  GHashTable *cases;   /* when set: every case the games' logs cite (owned by the caller) */
} Totals;

/* The record of game replays to the same state and the same event log. */
static void
check_replay (const GbacwScenario *s, const GbacwGame *game, const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = gbacw_game_to_xml (game, "scenario.xml");
  g_autoptr (GbacwGame) replay = gbacw_game_replay (s, xml, strlen (xml), &error);
  g_autofree char *dump = NULL, *dump2 = NULL, *log = NULL, *log2 = NULL;

  if (replay == NULL)
    g_error ("%s: the record does not replay: %s", name, error->message);
  dump = gbacw_query_state_dump (game);
  dump2 = gbacw_query_state_dump (replay);
  g_assert_cmpstr (dump, ==, dump2);
  log = gbacw_game_format_log (game);
  log2 = gbacw_game_format_log (replay);
  g_assert_cmpstr (log, ==, log2);
}

/* Plays one computer-vs-computer game, each side at its level, checking every action, then
 * replays its record. */
G_GNUC_UNUSED static void
play_checked_levels (const GbacwScenario *s, guint32 seed, const char *label, GbacwAiLevel level0,
                     GbacwAiLevel level1, Totals *totals)
{
  const GbacwAiLevel levels[2] = { level0, level1 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (s, seed, &error);
  g_autofree char *name = g_strdup_printf ("%s, seed %u", label, seed);
  GbacwAiPlayResult result;
  Checker c;

  g_assert_no_error (error);
  checker_init (&c, game, name);
  check_map (&c, game);
  result = gbacw_ai_play_levels (game, 3, levels, 0, observe, &c, &error);
  /* every game finishes cleanly: the engine never leaves a player without a legal way on
   * (8.0 over-stacked hexes whose units cannot move, 14.3 displacement chains, 17.52) */
  if (result != GBACW_AI_PLAY_OVER)
    g_error ("%s: the game did not end (%d): %s", name, result, error ? error->message : "");
  else
    g_assert_true (gbacw_game_is_over (game));

  check_replay (s, game, name);

  if (totals)
    {
      g_autoptr (GbacwOutcome) outcome = NULL;
      g_autoptr (GbacwGame) again = gbacw_outcome_replay (s, seed, game->actions, &outcome, &error);
      GbacwVictory v;
      g_assert_no_error (error);
      gbacw_outcome_victory (outcome, again, &v);
      totals->wins[v.winner + 1]++;
      gbacw_victory_clear (&v);
      totals->games++;
      for (guint k = 0; totals->cases && k < game->events->len; k++)
        {
          const GbacwEvent *e = g_ptr_array_index (game->events, k);
          if (e->rule_case && !g_hash_table_contains (totals->cases, e->rule_case))
            g_hash_table_add (totals->cases, g_strdup (e->rule_case));
        }
      totals->actions += c.n_actions;
      totals->fires += c.n_fires;
      totals->moves += c.n_moves;
      totals->recovered += c.n_recovered;
      for (guint k = 0; k < G_N_ELEMENTS (c.n_decisions); k++)
        totals->decisions[k] += c.n_decisions[k];
      for (guint k = 0; k < G_N_ELEMENTS (c.n_kinds); k++)
        totals->kinds[k] += c.n_kinds[k];
    }
  checker_clear (&c);
}

G_GNUC_UNUSED static void
play_checked (const GbacwScenario *s, guint32 seed, const char *label, Totals *totals)
{
  play_checked_levels (s, seed, label, GBACW_AI_LEVEL_NORMAL, GBACW_AI_LEVEL_NORMAL, totals);
}

G_GNUC_UNUSED static void
report (const char *what, const Totals *t)
{
  g_test_message ("%s: %u games, %" G_GUINT64_FORMAT " actions, %u moves, %u fires; decisions: fire %u, retreat %u, "
                  "leader %u, retreat before melee %u, melee loss %u, advance %u, defender's facing %u, leaders "
                  "with a rout %u; won: union %d, confederate %d, drawn %d",
                  what, t->games, t->actions, t->moves, t->fires, t->decisions[GBACW_DECISION_FIRE],
                  t->decisions[GBACW_DECISION_RETREAT_PATH], t->decisions[GBACW_DECISION_PLACE_LEADER],
                  t->decisions[GBACW_DECISION_RETREAT_BEFORE_MELEE], t->decisions[GBACW_DECISION_MELEE_LOSS],
                  t->decisions[GBACW_DECISION_ADVANCE], t->decisions[GBACW_DECISION_MELEE_FACING],
                  t->decisions[GBACW_DECISION_ROUT_LEADERS], t->wins[1], t->wins[2], t->wins[0]);
  g_test_message ("%s: resupplies %u, rounds transferred %u, wagons recrewed %u, restacks %u, units exited %u", what,
                  t->kinds[GBACW_ACTION_RESUPPLY], t->kinds[GBACW_ACTION_TRANSFER_ROUNDS], t->kinds[GBACW_ACTION_RECREW],
                  t->kinds[GBACW_ACTION_RESTACK], t->kinds[GBACW_ACTION_EXIT]);
}

G_GNUC_UNUSED static guint
n_games (guint quick, guint slow)
{
  const char *env = g_getenv ("GBACW_AI_GAMES");
  if (env && *env)
    return (guint) g_ascii_strtoull (env, NULL, 10);
  return g_test_slow () ? slow : quick;
}

