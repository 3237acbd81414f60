/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-ai-exclusive.c: the computer player's play for the games' Exclusive Rules.
 *
 * - Melee-initiation gates (J 21.6, P 27.1, C 22.0): a melee is weighed by what it is worth
 *   when it is made, over the chances the engine gives each attacking stack of getting past
 *   the gates (gbacw_melee_initiation_chance ()), never by a copy of the rules here; a
 *   leader in the Movement Phase goes where his being stacked with (or beside, P 27.11) a
 *   stack of ours that can melee a worthwhile target raises its chance the most.
 * - Strategic retreat (J 24.2): a routed unit, or a spent one, that the enemy is about to
 *   catch leaves the map where a module lets it (GbacwRuleHooks.exit_allowed): the Victory
 *   Points the enemy gets for it (J 24.21: one or two per Strength Point) are fewer than he
 *   gets for eliminating or capturing it (J 28.11: one or two times its Morale Rating per
 *   Strength Point).
 * - Held off the map (C 29.27 with 27.3): a mounted cavalry unit whose staying off the map
 *   keeps a way back for the units retreating off it there (GbacwRuleHooks.entry_refuge)
 *   stays out, one a way in, while a unit of ours could be driven back there and two
 *   Game-Turns or more are left.
 * - The hard level's look ahead under exclusive rules: the model is set by copying the game's
 *   state and every module's (gbacw_ai_look_set_model ()); where a module can be neither
 *   copied nor is stateless, it is the game's own record replayed (every module's state as
 *   in the game, since play is deterministic from the seed and the actions), its dice then
 *   replaced by the model's own. */
#define G_LOG_DOMAIN "gbacw-ai-exclusive"

#include "gbacw-ai-private.h"

#include "gbacw-dice.h"
#include "gbacw-game-private.h"
#include "gbacw-melee.h"
#include "gbacw-movement.h"

/* A stack of ours beside the enemy that could melee, and what a leader would do for it. */
typedef struct {
  int hex;
  double value;        /* gbacw_query_melee_value () of its units against its best target */
  double p_none, p_adjacent, p_stacked;   /* its chance past the gates (GbacwGateLeader) */
} GateStack;

/* Kept in GbacwAi.exclusive: the gated stacks, for the game position they were found in. */
typedef struct {
  const GbacwGame *game;
  guint n_actions;     /* game->actions->len when found */
  int side;
  GArray *stacks;      /* GateStack */
} ExclusiveCache;

/* A gated melee's value below this is not worth a leader's move. */
#define GATE_WORTH 0.3
/* A leader's score (gbacw-ai-move.c leader_turn ()) per unit of melee value made possible. */
#define GATE_LEADER_WEIGHT 40.0
/* Stacks whose subsets of initiators are weighed one by one; more: the whole at its chance. */
#define GATE_MAX_STACKS 5

void
gbacw_ai_exclusive_free (GbacwAi *ai)
{
  ExclusiveCache *c = ai->exclusive;

  if (c == NULL)
    return;
  g_clear_pointer (&c->stacks, g_array_unref);
  g_free (c);
  ai->exclusive = NULL;
}

/* Whether a rule of the game gates melee initiation (some module answers the query). */
static gboolean
gated (const GbacwGame *game)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->melee_initiation_chance)
      return TRUE;
  return FALSE;
}

/* ------------------------------------------------------------------ declaring melee */

/* What a melee of target by units is worth once initiated: guns without their crew alone in
 * their hex are taken with no die roll (J 21.27), each gun as a Strength Point captured in
 * gbacw_query_melee_value ()'s terms (1.5), at no risk; any other by the Melee CRT. */
static double
outcome_value (GbacwGame *game, const GArray *units, int target)
{
  const GArray *stack;
  double guns = 0;

  if (units->len == 0 || gbacw_melee_without_roll_case (game, units, target) == NULL)
    return gbacw_query_melee_value (game, units, target, NULL);
  stack = gbacw_game_stack (game, target);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (gbacw_game_guns_unmanned (game, u))
        guns += u->guns;
    }
  return 1.5 * guns;
}

double
gbacw_ai_exclusive_melee_value (AiView *view, const GArray *group, int target)
{
  GbacwGame *game = view->game;
  g_autoptr (GArray) hexes = NULL;
  double p[GBACW_HEX_DIRECTIONS + 1], p_any = 1.0, p_none = 1.0, total = 0;
  gboolean all_sure = TRUE;
  guint n;

  if (!gated (game) || group->len == 0)
    return outcome_value (game, group, target);
  /* one chance per attacking stack (P 27.14; C 22.0 step 6: its top attacker's), the group
     being in stacking order */
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < group->len; i++)
    {
      int unit = g_array_index (group, int, i), hex = gbacw_game_unit (game, unit)->hex;
      gboolean seen = FALSE;
      for (guint k = 0; k < hexes->len; k++)
        seen |= g_array_index (hexes, int, k) == hex;
      if (seen || hexes->len > GBACW_HEX_DIRECTIONS)
        continue;
      p[hexes->len] = gbacw_melee_initiation_chance (game, unit, target, GBACW_GATE_AS_IS);
      all_sure &= p[hexes->len] >= 1.0 - 1e-9;
      p_none *= 1.0 - p[hexes->len];
      g_array_append_val (hexes, hex);
    }
  if (all_sure)
    return outcome_value (game, group, target);
  p_any = 1.0 - p_none;
  if (p_any <= 1e-9)
    return -G_MAXDOUBLE;   /* no stack can get past the gates (J 21.6 without a leader) */
  n = hexes->len;
  if (n > GATE_MAX_STACKS)
    return outcome_value (game, group, target);
  /* what the melee is worth when it is made: every set of stacks that may initiate, by its
     chance, the others not; a failed initiation costs nothing (P 27.0: the announcement
     stands, the units stay) */
  for (guint mask = 1; mask < (1u << n); mask++)
    {
      g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
      double chance = 1.0, value;
      for (guint k = 0; k < n; k++)
        chance *= (mask & (1u << k)) ? p[k] : 1.0 - p[k];
      if (chance <= 1e-9)
        continue;
      for (guint i = 0; i < group->len; i++)
        {
          int unit = g_array_index (group, int, i), hex = gbacw_game_unit (game, unit)->hex;
          for (guint k = 0; k < n; k++)
            if ((mask & (1u << k)) && g_array_index (hexes, int, k) == hex)
              g_array_append_val (units, unit);
        }
      value = outcome_value (game, units, target);
      if (value == -G_MAXDOUBLE)
        return -G_MAXDOUBLE;
      total += chance * value;
    }
  return total / p_any;
}

/* ------------------------------------------------------------------ leaders for the gates */

/* Whether unit could initiate a melee from where it stands, as far as its state goes
 * (12.24 column, 12.25 guns and wagons, 13.32 routed, 9.84 pinned, 17.11 out of command). */
static gboolean
may_initiate (const GbacwGameUnit *u)
{
  if (!gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_ARTILLERY || u->type == GBACW_UNIT_WAGON
      || gbacw_game_is_wagon_crew (u) || u->out_of_command || u->advanced
      || (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_ENGAGED)))
    return FALSE;
  return !(u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN);
}

static void
find_gate_stacks (AiView *view, GArray *out)
{
  GbacwGame *game = view->game;

  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      const GArray *stack = game->stacks[hex];
      g_autoptr (GArray) units = NULL;
      GateStack s = { hex, -G_MAXDOUBLE, 0, 0, 0 };
      int best_target = -1;

      if (stack == NULL || stack->len == 0 || view->enemy_dist[hex] != 1)
        continue;
      units = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint k = 0; k < stack->len; k++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, k));
          if (u->side == view->side && may_initiate (u))
            g_array_append_val (units, u->index);
        }
      if (units->len == 0)
        continue;
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int n = gbacw_game_neighbour_index (game, hex, d);
          double value;
          if (n < 0 || !gbacw_game_hex_has_side (game, n, 1 - view->side, TRUE))
            continue;
          value = outcome_value (game, units, n);
          if (value > s.value)
            {
              s.value = value;
              best_target = n;
            }
        }
      if (best_target < 0 || s.value < GATE_WORTH)
        continue;
      {
        int top = g_array_index (units, int, 0);
        s.p_none = gbacw_melee_initiation_chance (game, top, best_target, GBACW_GATE_NO_LEADER);
        s.p_adjacent = gbacw_melee_initiation_chance (game, top, best_target, GBACW_GATE_LEADER_ADJACENT);
        s.p_stacked = gbacw_melee_initiation_chance (game, top, best_target, GBACW_GATE_LEADER_STACKED);
      }
      if (s.p_stacked > s.p_none + 1e-9 || s.p_adjacent > s.p_none + 1e-9)
        g_array_append_val (out, s);
    }
}

static const GArray *
gate_stacks (AiView *view)
{
  GbacwAi *ai = view->ai;
  ExclusiveCache *c = ai->exclusive;

  if (c == NULL)
    c = ai->exclusive = g_new0 (ExclusiveCache, 1);
  if (c->stacks == NULL || c->game != view->game || c->n_actions != view->game->actions->len || c->side != view->side)
    {
      if (c->stacks == NULL)
        c->stacks = g_array_new (FALSE, FALSE, sizeof (GateStack));
      g_array_set_size (c->stacks, 0);
      c->game = view->game;
      c->n_actions = view->game->actions->len;
      c->side = view->side;
      find_gate_stacks (view, c->stacks);
    }
  return c->stacks;
}

/* Whether a friendly leader other than leader is in hex. */
static gboolean
other_leader_in (const GbacwGame *game, int hex, int side, int leader)
{
  const GArray *stack = hex >= 0 ? game->stacks[hex] : NULL;

  for (guint k = 0; stack && k < stack->len; k++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, k));
      if (o->type == GBACW_UNIT_LEADER && o->side == side && o->index != leader)
        return TRUE;
    }
  return FALSE;
}

static gboolean
other_leader_beside (const GbacwGame *game, int hex, int side, int leader)
{
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    if (other_leader_in (game, gbacw_game_neighbour_index (game, hex, d), side, leader))
      return TRUE;
  return FALSE;
}

double
gbacw_ai_exclusive_leader_score (AiView *view, int leader, int hex)
{
  GbacwGame *game = view->game;
  const GArray *stacks;
  double gain = 0;

  if (view->ai->level < GBACW_AI_LEVEL_NORMAL || !gated (game))
    return 0;
  stacks = gate_stacks (view);
  for (guint i = 0; i < stacks->len; i++)
    {
      const GateStack *s = &g_array_index (stacks, GateStack, i);
      int d = s->hex == hex ? 0 : gbacw_game_direction_between (game, s->hex, hex) >= 0 ? 1 : 2;
      double base, with;
      if (d > 1)
        continue;
      /* what the other leaders already give it */
      base = other_leader_in (game, s->hex, view->side, leader) ? s->p_stacked
             : other_leader_beside (game, s->hex, view->side, leader) ? s->p_adjacent : s->p_none;
      with = d == 0 ? s->p_stacked : s->p_adjacent;
      if (with > base)
        gain += s->value * (with - base);
    }
  return GATE_LEADER_WEIGHT * gain;
}

/* ------------------------------------------------------------------ held off the map */

/* How near (hexes) a unit of ours must be to a refuge's entry hexes for the refuge to be
 * worth its unit's absence: one that near can be driven off the map there. */
#define REFUGE_REACH 10

/* The case under which unit, off the map, is a way back for the units retreating off it
 * (GbacwRuleHooks.entry_refuge: C 27.3), else NULL. */
static const char *
refuge_case (const GbacwGame *game, int unit)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->entry_refuge)
      {
        const char *rule_case = hooks->entry_refuge (game, data, unit);
        if (rule_case)
          return rule_case;
      }
  return NULL;
}

static gboolean
shares_hex (const GArray *a, const GArray *b)
{
  for (guint i = 0; i < a->len; i++)
    for (guint k = 0; k < b->len; k++)
      if (g_array_index (a, int, i) == g_array_index (b, int, k))
        return TRUE;
  return FALSE;
}

gboolean
gbacw_ai_exclusive_hold_back (AiView *view, const GbacwGameUnit *u)
{
  GbacwGame *game = view->game;
  const GArray *entries;

  if (u->presence != GBACW_PRESENCE_NOT_ARRIVED || view->ai->standing.turns_left < 2
      || refuge_case (game, u->index) == NULL)
    return FALSE;
  /* the ways in are kept with the view: each unit's are asked once a call, not once for
     each unit considered */
  entries = gbacw_ai_view_entry_hexes (view, u->index);
  if (entries->len == 0)
    return FALSE;
  /* one refuge a way in is enough: the first unit that is one there stays */
  for (int i = 0; i < u->index; i++)
    {
      if (gbacw_game_unit (game, i)->side != u->side || refuge_case (game, i) == NULL)
        continue;
      if (shares_hex (entries, gbacw_ai_view_entry_hexes (view, i)))
        return FALSE;
    }
  /* worth it while a unit of ours could be driven back there: one on the map near its way
     in, or one still to enter by it */
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *o = g_ptr_array_index (game->units, i);
      if (o == u || o->side != u->side || !gbacw_game_is_combat_unit (o) || gbacw_game_is_wagon_crew (o))
        continue;
      if (o->hex >= 0)
        {
          for (guint k = 0; k < entries->len; k++)
            if (gbacw_game_distance (game, o->hex, g_array_index (entries, int, k)) <= REFUGE_REACH)
              return TRUE;
        }
      else if (o->presence == GBACW_PRESENCE_NOT_ARRIVED && o->reinforcement >= 0 && refuge_case (game, o->index) == NULL)
        {
          if (shares_hex (entries, gbacw_ai_view_entry_hexes (view, o->index)))
            return TRUE;
        }
    }
  return FALSE;
}

/* ------------------------------------------------------------------ strategic retreat */

/* Whether a rule of the game lets units leave the map where no exit area does. */
static gboolean
exits_by_rule (const GbacwGame *game)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->exit_allowed)
      return TRUE;
  return FALSE;
}

/* The distance from hex to the nearest friendly leader of side (99: none). */
static int
leader_distance (const GbacwGame *game, int side, int hex)
{
  int best = 99;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *l = g_ptr_array_index (game->units, i);
      if (l->type == GBACW_UNIT_LEADER && l->side == side && l->hex >= 0)
        best = MIN (best, gbacw_game_distance (game, hex, l->hex));
    }
  return best;
}

GbacwAction *
gbacw_ai_exclusive_exit (AiView *view, const GbacwGameUnit *u)
{
  GbacwGame *game = view->game;
  gboolean routed, spent;
  int e;
  GbacwAction *action;

  if (u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON || gbacw_game_is_wagon_crew (u)
      || !exits_by_rule (game) || gbacw_ai_was_tried (view->ai, AI_KEY (77, u->index, u->hex)))
    return NULL;
  routed = (u->status & GBACW_STATUS_ROUTED) != 0;
  spent = u->type != GBACW_UNIT_ARTILLERY && u->initial_strength > 0 && u->strength * 3 <= u->initial_strength
          && (u->status & GBACW_STATUS_AMMO_DEPLETED);
  if (!routed && !spent)
    return NULL;
  e = view->enemy_dist[u->hex];
  /* J 24.2 "endangered units": the enemy can reach it (melee, fire at short range) before
     it rallies; a routed unit with a leader beside it and the enemy not yet beside it may
     be rallied in this Player-Turn's Rally Phase (13.52) and stays */
  if (e > 2 || (routed && e > 1 && leader_distance (game, u->side, u->hex) <= 1))
    return NULL;
  gbacw_ai_mark_tried (view->ai, AI_KEY (77, u->index, u->hex));
  action = gbacw_action_new_exit (&u->index, 1);
  return gbacw_ai_try (view, action) ? action : NULL;
}

/* ------------------------------------------------------------------ keeping away */

typedef struct {
  int hex;
  int distance;
} AwayHex;

static int
compare_away (gconstpointer a, gconstpointer b)
{
  const AwayHex *x = a, *y = b;
  if (x->distance != y->distance)
    return y->distance - x->distance;
  return x->hex - y->hex;
}

GbacwAction *
gbacw_ai_exclusive_keep_away (AiView *view)
{
  GbacwGame *game = view->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      g_autoptr (GbacwMoveRange) range = NULL;
      g_autoptr (GArray) away = NULL;
      int keep, here;

      if (u->side != view->side || u->hex < 0 || !gbacw_game_is_combat_unit (u)
          || (keep = gbacw_game_keep_distance (game, u->index)) <= 0 || (here = view->enemy_dist[u->hex]) >= keep
          || gbacw_ai_was_tried (view->ai, AI_KEY (78, u->index, u->hex)))
        continue;
      gbacw_ai_mark_tried (view->ai, AI_KEY (78, u->index, u->hex));
      if ((range = gbacw_movement_range (game, u->index, NULL)) == NULL)
        continue;
      away = g_array_new (FALSE, FALSE, sizeof (AwayHex));
      for (guint k = 0; k < range->hexes->len; k++)
        {
          AwayHex a = { g_array_index (range->hexes, int, k), 0 };
          a.distance = view->enemy_dist[a.hex];
          if (a.distance > here && gbacw_query_stacking_allows (game, a.hex, &u->index, 1, GBACW_FORMATION_STATE_UNSET))
            g_array_append_val (away, a);
        }
      g_array_sort (away, compare_away);
      for (guint k = 0; k < away->len; k++)
        {
          g_autoptr (GArray) path = gbacw_move_range_path (range, g_array_index (away, AwayHex, k).hex);
          GbacwAction *action;
          if (path == NULL || path->len == 0)
            continue;
          action = gbacw_action_new_move (&u->index, 1, (const int *) (gpointer) path->data, path->len, -1);
          if (gbacw_ai_try (view, action))
            return action;
        }
    }
  return NULL;
}

/* ------------------------------------------------------------------ the look ahead's model */

gboolean
gbacw_ai_exclusive_can_model (const GbacwGame *game)
{
  return game->phase == GBACW_PHASE_MOVEMENT && game->decision == NULL && game->pending->len == 0;
}

GbacwGame *
gbacw_ai_exclusive_model (const GbacwGame *game, guint32 seed)
{
  g_autoptr (GError) error = NULL;
  GbacwGame *m = gbacw_game_new (game->scenario, gbacw_dice_get_seed (game->dice), &error);

  for (guint i = 0; m && i < game->actions->len; i++)
    if (!gbacw_game_apply_action (m, g_ptr_array_index (game->actions, i), &error))
      g_clear_pointer (&m, gbacw_game_free);
  if (m == NULL)
    {
      g_debug ("the look ahead's model: %s", error ? error->message : "");
      return NULL;
    }
  /* a position set up outside its actions (a test's units placed by hand) is not its
     record's: no model then */
  {
    g_autofree char *want = gbacw_query_state_dump (game);
    g_autofree char *got = gbacw_query_state_dump (m);
    if (g_strcmp0 (want, got) != 0)
      {
        g_debug ("the look ahead's model: the record does not give the game's position");
        gbacw_game_free (m);
        return NULL;
      }
  }
  /* the model never sees the game's own rolls */
  gbacw_dice_free (m->dice);
  m->dice = gbacw_dice_new (seed);
  return m;
}
