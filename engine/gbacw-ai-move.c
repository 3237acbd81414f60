/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-ai-move.c: the computer player's Movement Phase (see gbacw-ai.h).
 *
 * Each call proposes one action. The combat units go first, brigade by brigade (the
 * unit nearest its brigade's goal first, the others keeping within reach of it; from
 * normal up the batteries after all the infantry and cavalry, moves_late ()), each
 * in three steps: a formation change before moving (column to march, limbering, mounting),
 * the move, a formation change after it (line near the enemy, unlimbering,
 * dismounting). Then the wagons, then the leaders (brigade commanders first), then the
 * facing of every stack, then whatever the end of the phase needs (8.1, 17.52). */
#define G_LOG_DOMAIN "gbacw-ai-move"

#include "gbacw-ai-private.h"

#include <math.h>

#include "gbacw-fire.h"
#include "gbacw-leadership.h"
#include "gbacw-legal.h"
#include "gbacw-movement.h"

enum {
  STAGE_NONE,
  STAGE_BEFORE,   /* the formation change before moving is done (or not needed) */
  STAGE_MOVED,
  STAGE_DONE,
};

#define NEAR_ENEMY 5   /* within this many hexes of the enemy: deployed (line, unlimbered) */
#define FAR_ENEMY 7    /* this far from the enemy: marching (column) */
/* GBACW_AI_LEVEL_NORMAL and above: a column within the enemy's reach (a move of six hexes
 * and a rifle's three) deploys, and marches only beyond it */
#define REACH_ENEMY 8

static gboolean
normal (const AiView *v)
{
  return v->ai->level >= GBACW_AI_LEVEL_NORMAL;
}

static int
near_enemy (const AiView *v)
{
  return normal (v) ? REACH_ENEMY : NEAR_ENEMY;
}

static int
far_enemy (const AiView *v)
{
  return normal (v) ? REACH_ENEMY + 1 : FAR_ENEMY;
}

static int
get_stage (const GbacwAi *ai, int unit)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (ai->stage, GINT_TO_POINTER (unit)));
}

static void
set_stage (GbacwAi *ai, int unit, int stage)
{
  g_hash_table_insert (ai->stage, GINT_TO_POINTER (unit), GINT_TO_POINTER (stage));
}

static int
dist (const AiView *v, int a, int b)
{
  return gbacw_game_distance (v->game, a, b);
}

static int
enemy_dist (const AiView *v, int hex)
{
  return v->enemy_dist[hex] == G_MAXINT ? 99 : v->enemy_dist[hex];
}

static double
objective_weight (const AiView *v, int hex)
{
  double w = 0;
  for (guint i = 0; i < v->ai->objectives->len; i++)
    {
      const AiObjective *o = &g_array_index (v->ai->objectives, AiObjective, i);
      if (o->hex == hex && !o->exit)
        w += o->weight;
    }
  return w;
}

/* The VP one of our combat units brings by leaving the map from hex; 0: not an exit. */
static double
exit_weight (const AiView *v, int hex)
{
  double w = 0;
  for (guint i = 0; v->ai->n_exits > 0 && i < v->ai->objectives->len; i++)
    {
      const AiObjective *o = &g_array_index (v->ai->objectives, AiObjective, i);
      if (o->hex == hex && o->exit)
        w += o->weight;
    }
  return w;
}

static int
move_class_of (const GbacwGameUnit *u, GbacwFormationState formation)
{
  if (u->type == GBACW_UNIT_WAGON || u->type == GBACW_UNIT_LEADER)
    formation = GBACW_FORMATION_STATE_UNSET;
  return gbacw_move_class_for (u->type, formation);
}

/* The Movement Points from every hex to goal for a movement class, over the terrain. */
static const int *
field_for (AiView *v, int goal, int move_class)
{
  gpointer key = GINT_TO_POINTER (goal * 8 + move_class);
  int *field = g_hash_table_lookup (v->ai->fields, key);

  if (field == NULL)
    {
      /* the class's step costs, kept beside its fields (key -1 - class; freed with
         g_free (), gbacw-query.h) */
      gpointer steps_key = GINT_TO_POINTER (-1 - move_class);
      GbacwStepCosts *steps = g_hash_table_lookup (v->ai->fields, steps_key);
      if (steps == NULL)
        {
          steps = gbacw_query_step_costs_new (v->game, move_class, 12);
          g_hash_table_insert (v->ai->fields, steps_key, steps);
        }
      field = g_new (int, MAX (1, v->game->n_hexes));
      gbacw_query_move_field_steps (steps, goal, field);
      g_hash_table_insert (v->ai->fields, key, field);
    }
  return field;
}

/* How far (in Movement Points) hex is from goal for the unit in formation. */
static double
goal_cost (AiView *v, const GbacwGameUnit *u, GbacwFormationState formation, int goal, int hex)
{
  int c = move_class_of (u, formation);
  const int *field;

  if (c < 0 || goal < 0)
    return gbacw_game_distance (v->game, hex, MAX (goal, 0));
  field = field_for (v, goal, c);
  return field[hex] >= 0 ? field[hex] / 2.0 : 100.0 + gbacw_game_distance (v->game, hex, goal);
}

/* ------------------------------------------------------------------ groups */

static int
group_key (const AiGroup *g, int first_unit)
{
  return g->leader >= 0 ? g->leader : 100000 + first_unit;
}

static double strength_within (const AiView *v, int hex, int side, int radius, const AiGroup *except);
static double unit_strength (const GbacwGameUnit *u);

/* The enemy's strength within radius of hex, his units that have held their hexes for two
 * of his Movement Phases at a quarter (a line that holds threatens less than one coming on). */
static double
enemy_threat (const AiView *v, int hex, int radius)
{
  GbacwGame *game = v->game;
  double sp = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == v->side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON
          || dist (v, hex, u->hex) > radius)
        continue;
      sp += unit_strength (u) * (v->ai->still[i] >= 2 ? 0.25 : 1.0);
    }
  return sp;
}

/* GBACW_AI_LEVEL_NORMAL and above: what an objective is worth to group g now: its
 * automatic victory only while it can still be won; one of ours as much as the enemy
 * threatens it (his strength within eight hexes against ours within two, the group's own
 * left out); one to take (or retake) the more as the clock runs against a side short of its
 * victory, and three times as much when unguarded (no enemy within two hexes). */
static double
objective_value (const AiView *v, const AiGroup *g, const AiObjective *o)
{
  const AiStanding *st = &v->ai->standing;
  double w = o->weight;

  if (o->exit || v->ai->level < GBACW_AI_LEVEL_NORMAL)
    return w;
  if (o->automatic > 0 && v->game->turn > o->automatic_turn)
    w -= o->automatic;
  if (st->control[o->area] == v->side)
    {
      double threat = enemy_threat (v, o->hex, 8);
      double held = strength_within (v, o->hex, v->side, 2, g);
      w *= CLAMP (threat / (held + 1.0), 0.2, 1.0);
    }
  else if (st->hold && enemy_dist (v, o->hex) <= 3)
    w *= 0.1;   /* holding: not one to assault */
  else
    {
      w *= 1.0 + 2.0 * st->pressure;
      if (enemy_dist (v, o->hex) > 2)
        w *= 3.0;
    }
  return w;
}

static double
unit_strength (const GbacwGameUnit *u)
{
  return (u->type == GBACW_UNIT_ARTILLERY ? u->guns / 2.0 : u->strength) * (u->status & GBACW_STATUS_ROUTED ? 0.5 : 1.0);
}

/* The strength of side's combat units (half the guns for batteries, the routed at half)
 * within radius of hex, but for the members of group except. */
static double
strength_within (const AiView *v, int hex, int side, int radius, const AiGroup *except)
{
  GbacwGame *game = v->game;
  double sp = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side != side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON
          || dist (v, hex, u->hex) > radius
          || (except && v->ai->group_of[i] >= 0 && g_ptr_array_index (v->ai->groups, v->ai->group_of[i]) == except))
        continue;
      sp += unit_strength (u);
    }
  return sp;
}

/* The same in hex and beside it, from the stacks. */
static double
strength_around (const AiView *v, int hex, int side)
{
  double sp = 0;

  for (int d = -1; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = d < 0 ? hex : gbacw_game_neighbour_index (v->game, hex, d);
      const GArray *stack = n >= 0 ? gbacw_game_stack (v->game, n) : NULL;
      for (guint k = 0; stack && k < stack->len; k++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (v->game, g_array_index (stack, int, k));
          if (u->side == side && gbacw_game_is_combat_unit (u) && u->type != GBACW_UNIT_WAGON)
            sp += unit_strength (u);
        }
    }
  return sp;
}

/* GBACW_AI_LEVEL_NORMAL and above: an enemy stack to attack, for a side that is short of
 * its victory (the more the later) or against a weak one: worth what its losses would
 * bring (enemy-SP awards), for the group's strength against the enemy's around it. -1 and
 * no hex when none is worth it. */
static double
attack_goal (AiView *v, const AiGroup *g, int centre, int *hex)
{
  GbacwGame *game = v->game;
  const AiStanding *st = &v->ai->standing;
  /* what it lacks of the margin it plays for */
  double ours = 0, best = -1, short_of = MAX (0, st->target - st->margin);
  /* an enemy who holds his ground will not give the margin: it has to be taken from him */
  double holding = st->enemy_units > 0 ? (double) st->enemy_still / st->enemy_units : 0.0;
  /* of it, what the objectives still to take cannot bring */
  double beyond = MAX (0, short_of - st->to_take);

  *hex = -1;
  if (v->ai->level < GBACW_AI_LEVEL_NORMAL)
    return -1;
  for (guint k = 0; k < g->members->len; k++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (g->members, int, k));
      ours += unit_strength (u);
    }
  if (ours <= 0)
    return -1;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      double theirs, worth, score;
      if (e->side == v->side || e->hex < 0 || !gbacw_game_is_combat_unit (e) || e->type == GBACW_UNIT_WAGON)
        continue;
      theirs = strength_around (v, e->hex, e->side);
      /* a weak or routed stack is worth a riposte at any time; others while short of victory */
      /* the losses fire can inflict in the turns left, and what the victory still lacks */
      worth = MIN (st->turns_left + 1, 4) + 2.0 * MIN (8.0, short_of) * st->pressure
              + ((e->status & GBACW_STATUS_ROUTED) || theirs <= 2 ? 1.5 : 0.0)
              + holding * MIN (8.0, beyond);
      /* holding: only a riposte, near and at clear odds, or on the routed */
      if (st->hold && (dist (v, centre, e->hex) > 4 || (ours < 2.0 * theirs && !(e->status & GBACW_STATUS_ROUTED))))
        continue;
      score = worth * ours / (ours + theirs) / (1.0 + dist (v, centre, e->hex) / 5.0);
      if (score > best + 1e-9)
        {
          best = score;
          *hex = e->hex;
        }
    }
  return best;
}

static void
assign_goal (AiView *v, AiGroup *g, int *assigned)
{
  GbacwGame *game = v->game;
  int centre = g->leader >= 0 && gbacw_game_unit (game, g->leader)->hex >= 0
               ? gbacw_game_unit (game, g->leader)->hex
               : gbacw_game_unit (game, g_array_index (g->members, int, 0))->hex;
  double best = -1, attack;
  int best_area = -1, attack_hex;
  gpointer key = GINT_TO_POINTER (group_key (g, g_array_index (g->members, int, 0)));
  gpointer last = NULL;
  gboolean had = g_hash_table_lookup_extended (v->ai->goals, key, NULL, &last);

  g->goal = centre;
  for (guint i = 0; i < v->ai->objectives->len; i++)
    {
      const AiObjective *o = &g_array_index (v->ai->objectives, AiObjective, i);
      /* an exit is worth its VP for every unit of the group that leaves there */
      double weight = o->exit ? o->weight * g->members->len : objective_value (v, g, o);
      double score = weight * (0.85 + 0.3 * gbacw_ai_jitter (v->ai, (guint) group_key (g, g_array_index (g->members, int, 0)), (guint) o->area))
                     / (1.0 + dist (v, centre, o->hex) / 5.0) / (1.0 + (o->exit ? 0.0 : 0.8 * assigned[o->area]));
      /* one of ours with no enemy about needs fewer */
      if (!o->exit && gbacw_game_hex_has_side (game, o->hex, v->side, TRUE) && enemy_dist (v, o->hex) > FAR_ENEMY)
        score *= 0.4;
      /* it keeps to the goal it had, unless another is clearly better */
      if (had && GPOINTER_TO_INT (last) == o->hex)
        score *= 1.4;
      if (score > best + 1e-9)
        {
          best = score;
          g->goal = o->hex;
          best_area = o->area;
        }
    }
  attack = attack_goal (v, g, centre, &attack_hex);
  g->attacking = FALSE;
  if (attack_hex >= 0 && attack > best)
    {
      g->goal = attack_hex;
      g->attacking = TRUE;
      best_area = -1;
    }
  if (best_area >= 0)
    assigned[best_area]++;
  else if (attack_hex < 0 && v->enemy_near[centre] >= 0 && !v->ai->standing.hold)
    g->goal = v->enemy_near[centre];   /* no objective: the nearest enemy */
  g_hash_table_insert (v->ai->goals, key, GINT_TO_POINTER (g->goal));
}

static void
sort_members (AiView *v, AiGroup *g)
{
  GArray *m = g->members;

  for (guint i = 1; i < m->len; i++)
    for (guint j = i; j > 0; j--)
      {
        int a = g_array_index (m, int, j - 1), b = g_array_index (m, int, j);
        int da = dist (v, gbacw_game_unit (v->game, a)->hex, g->goal);
        int db = dist (v, gbacw_game_unit (v->game, b)->hex, g->goal);
        if (db < da)
          {
            g_array_index (m, int, j - 1) = b;
            g_array_index (m, int, j) = a;
          }
        else
          break;
      }
  g->rear = gbacw_game_unit (v->game, g_array_index (m, int, m->len - 1))->hex;
  g->spread = dist (v, gbacw_game_unit (v->game, g_array_index (m, int, 0))->hex, g->rear);
}

/* The group of a combat unit: its commander's (found or made), or its own; a new group
 * gets its goal. */
static int
group_for_unit (AiView *v, int unit, int *assigned)
{
  GbacwGame *game = v->game;
  GbacwAi *ai = v->ai;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int leader = gbacw_leadership_independent (game, unit) ? -1 : gbacw_leadership_commander (game, unit);
  AiGroup *g;
  int er;

  if (leader >= 0 && gbacw_game_unit (game, leader)->hex < 0)
    leader = -1;
  for (guint i = 0; leader >= 0 && i < ai->groups->len; i++)
    {
      g = g_ptr_array_index (ai->groups, i);
      if (g->leader == leader)
        {
          g_array_append_val (g->members, unit);
          ai->group_of[unit] = (int) i;
          return (int) i;
        }
    }
  er = leader >= 0 ? gbacw_leadership_er (game, leader) : 0;
  g = g_new0 (AiGroup, 1);
  g->leader = leader;
  g->radius = er > 0 ? er : 3;
  g->anchor = -1;
  g->anchor_unit = -1;
  g->members = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (g->members, unit);
  g->rear = u->hex;
  g_ptr_array_add (ai->groups, g);
  ai->group_of[unit] = (int) ai->groups->len - 1;
  if (assigned == NULL)
    {
      /* arrived since the phase began: a goal of its own */
      g_autofree int *own = g_new0 (int, MAX (1u, game->scenario->map->areas->len));
      assign_goal (v, g, own);
    }
  return ai->group_of[unit];
}

static void
build_groups (AiView *v)
{
  GbacwGame *game = v->game;
  GbacwAi *ai = v->ai;
  g_autofree int *assigned = g_new0 (int, MAX (1u, game->scenario->map->areas->len));

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side != v->side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON)
        continue;
      group_for_unit (v, u->index, assigned);
    }
  for (guint i = 0; i < ai->groups->len; i++)
    {
      AiGroup *g = g_ptr_array_index (ai->groups, i);
      assign_goal (v, g, assigned);
      sort_members (v, g);
    }
}

/* ------------------------------------------------------------------ helpers */

static GbacwAction *
formation_action (AiView *v, const GbacwGameUnit *u, GbacwFormationState formation)
{
  GbacwAction *action;

  if (u->formation == formation)
    return NULL;
  /* not into a formation that may not stand there (mounting in a swamp, C 23.5) */
  {
    GbacwMoveCost cost;
    int c = move_class_of (u, formation == GBACW_FORMATION_STATE_UNLIMBERED ? GBACW_FORMATION_STATE_LIMBERED : formation);
    if (c >= 0)
      {
        gbacw_rules_data_hex_cost (v->game->rules, v->game->scenario->map, c, u->hex, &cost);
        if (cost.kind == GBACW_COST_PROHIBITED)
          return NULL;
      }
  }
  if (formation == GBACW_FORMATION_STATE_COLUMN
      && !gbacw_query_stacking_allows (v->game, u->hex, &u->index, 1, GBACW_FORMATION_STATE_COLUMN))
    return NULL;
  action = gbacw_action_new_change_formation (&u->index, 1, formation);
  return gbacw_ai_try (v, action) ? action : NULL;
}

static gboolean covered_by_infantry (const AiView *v, const GbacwGameUnit *u, int hex);

/* Whether an enemy combat unit within range of hex can be seen from it. */
static gboolean
target_in_sight (const AiView *v, int hex, int range)
{
  GbacwGame *game = v->game;

  if (enemy_dist (v, hex) > range)
    return FALSE;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      if (e->side == v->side || e->hex < 0 || !gbacw_game_is_combat_unit (e) || dist (v, hex, e->hex) > range)
        continue;
      if (gbacw_fire_los (game, hex, e->hex, NULL))
        return TRUE;
    }
  return FALSE;
}

static int
weapon_range (const GbacwGame *game, const GbacwGameUnit *u)
{
  int r = u->oob->weapon ? gbacw_range_max (game->scenario, u->oob->weapon, NULL) : 0;
  return MAX (r, 0);
}

static double
multiplier_at (const GbacwGame *game, const GbacwGameUnit *u, int range)
{
  double m = 0;
  if (u->oob->weapon == NULL || !gbacw_range_multiplier (game->scenario, u->oob->weapon, range, &m, NULL))
    return 0;
  return m;
}

/* Whether hex is within radius of an objective (not an exit) of ours (AiStanding.control). */
static gboolean
guards_objective (const AiView *v, int hex, int radius)
{
  for (guint i = 0; i < v->ai->objectives->len; i++)
    {
      const AiObjective *o = &g_array_index (v->ai->objectives, AiObjective, i);
      if (!o->exit && v->ai->standing.control[o->area] == v->side && dist (v, hex, o->hex) <= radius)
        return TRUE;
    }
  return FALSE;
}

/* The greatest range at which u's weapon fires at full strength or more (9.25), 0. */
static int
full_range (const GbacwGame *game, const GbacwGameUnit *u)
{
  int max = weapon_range (game, u), full = 0;

  for (int r = 1; r <= max; r++)
    {
      double m = 0;
      if (gbacw_range_multiplier (game->scenario, u->oob->weapon, r, &m, NULL) && m >= 1.0 - 1e-9)
        full = r;
    }
  return full;
}

static int
nearest_own (const AiView *v, int hex, GbacwUnitType type)
{
  GbacwGame *game = v->game;
  int best = -1, best_d = G_MAXINT;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int d;
      if (u->side != v->side || u->hex < 0 || u->type != type || (type == GBACW_UNIT_WAGON && u->strength <= 0))
        continue;
      d = dist (v, hex, u->hex);
      if (d < best_d)
        {
          best_d = d;
          best = u->hex;
        }
    }
  return best;
}

/* The facing for a stack at hex: the nearest enemy, else toward goal. */
static int
facing_at (const AiView *v, int hex, int goal)
{
  if (v->enemy_near[hex] >= 0)
    return gbacw_query_direction_toward (v->game, hex, v->enemy_near[hex]);
  return goal >= 0 && goal != hex ? gbacw_query_direction_toward (v->game, hex, goal) : -1;
}

/* 10.15: a combat unit pinned by the withdrawal fire it draws leaving an enemy ZOC stops
 * one hex further on: each such hex of the path must have room for it (8.1). */
static gboolean
path_safe (AiView *v, const GbacwMoveRange *range, int unit, const GArray *path)
{
  GbacwGame *game = v->game;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int from = range->start;

  if (!gbacw_game_is_combat_unit (u))
    return TRUE;
  for (guint k = 0; k + 1 < path->len; k++)
    {
      int to = g_array_index (path, int, k);
      if (gbacw_movement_in_enemy_zoc (game, from, u->side, gbacw_game_unit_is_mounted (u))
          && !gbacw_query_stacking_allows (game, to, &unit, 1, GBACW_FORMATION_STATE_UNSET))
        return FALSE;
      from = to;
    }
  return TRUE;
}

static GbacwAction *
move_to (AiView *v, const GbacwMoveRange *range, int unit, int hex, int facing)
{
  g_autoptr (GArray) path = gbacw_move_range_path (range, hex);
  GbacwAction *action;

  if (path == NULL || path->len == 0 || !path_safe (v, range, unit, path))
    return NULL;
  action = gbacw_action_new_move (&unit, 1, (const int *) path->data, path->len, facing);
  return gbacw_ai_try (v, action) ? action : NULL;
}

/* ------------------------------------------------------------------ combat units */

typedef enum {
  ROLE_NORMAL,
  ROLE_ROUTED,
  ROLE_SPENT,
} Role;

static Role
role_of (const AiView *v, const GbacwGameUnit *u)
{
  if (u->status & GBACW_STATUS_ROUTED)
    return ROLE_ROUTED;
  if ((u->status & GBACW_STATUS_AMMO_DEPLETED)
      || (u->type != GBACW_UNIT_ARTILLERY && u->initial_strength > 0 && u->strength * 3 <= u->initial_strength
          && enemy_dist (v, u->hex) <= 3))
    return ROLE_SPENT;
  return ROLE_NORMAL;
}

/* Whether a unit that goes into column could then take the first step of the column's
 * way to goal: into a hex with no combat unit (8.16), paying for it after the change. */
static gboolean
column_can_start (AiView *v, const GbacwGameUnit *u, int goal)
{
  GbacwGame *game = v->game;
  int c = move_class_of (u, GBACW_FORMATION_STATE_COLUMN);
  const int *field;
  int allowance = 0, change = 0;

  if (c < 0 || !gbacw_rules_data_movement_allowance (game->rules, c, u->side, &allowance)
      || !gbacw_movement_formation_cost (game, u->index, &change, NULL))
    return FALSE;
  field = field_for (v, goal, c);
  if (field[u->hex] < 0)
    return FALSE;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_game_neighbour_index (game, u->hex, d);
      GbacwMoveCost cost;
      if (n < 0 || field[n] < 0 || field[n] >= field[u->hex] || gbacw_game_hex_has_side (game, n, u->side, TRUE)
          || enemy_dist (v, n) <= 1)
        continue;
      gbacw_rules_data_move_cost (game->rules, game->scenario->map, c, u->hex, d, &cost);
      if (cost.kind == GBACW_COST_MP && u->mp_spent + change + cost.halves <= allowance)
        return TRUE;
    }
  return FALSE;
}

/* J 35.21, 35.22: a hex nearer the enemy than a night rule lets the unit end its move in
 * weighs against it more than anything else. */
static double
night_penalty (const AiView *v, const GbacwGameUnit *u, int hex)
{
  int keep = gbacw_game_keep_distance (v->game, u->index);
  return keep > 0 && enemy_dist (v, hex) < keep ? 1000.0 : 0.0;
}

static GbacwAction *
before_move (AiView *v, const AiGroup *g, const GbacwGameUnit *u)
{
  int e = enemy_dist (v, u->hex);
  int gd = dist (v, u->hex, g->goal);

  if (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_ENGAGED) || u->out_of_command)
    return NULL;
  switch (u->type)
    {
    case GBACW_UNIT_INFANTRY:
      if (u->formation != GBACW_FORMATION_STATE_LINE)
        return NULL;
      if (e >= far_enemy (v) && gd >= 4 && !gbacw_movement_in_enemy_zoc (v->game, u->hex, u->side, FALSE))
        return formation_action (v, u, GBACW_FORMATION_STATE_COLUMN);
      /* one holding an objective stays in line */
      if (normal (v) && objective_weight (v, u->hex) > 0)
        return NULL;
      /* a way to the goal only a column can take (a bridge, 6.12), or much shorter, when
       * its first step is open */
      if (e >= 2 && gd >= 2
          && goal_cost (v, u, GBACW_FORMATION_STATE_LINE, g->goal, u->hex)
               > goal_cost (v, u, GBACW_FORMATION_STATE_COLUMN, g->goal, u->hex) + 6.0
          && column_can_start (v, u, g->goal))
        return formation_action (v, u, GBACW_FORMATION_STATE_COLUMN);
      return NULL;
    case GBACW_UNIT_CAVALRY:
      if (u->formation == GBACW_FORMATION_STATE_DISMOUNTED && e >= FAR_ENEMY && gd >= 4)
        return formation_action (v, u, GBACW_FORMATION_STATE_MOUNTED);   /* 6.22: its move for the phase */
      if (u->formation == GBACW_FORMATION_STATE_MOUNTED && e <= 2)
        return formation_action (v, u, GBACW_FORMATION_STATE_DISMOUNTED);
      return NULL;
    case GBACW_UNIT_ARTILLERY:
      {
        int range = weapon_range (v->game, u);
        if (u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
          {
            /* from normal up, a battery that guards no objective of ours, with nothing in
               sight at a range its guns hit at full strength (9.25) while the enemy keeps
               out of it, limbers to close in (6.13): it saves its rounds rather than fire at
               x0.5 on the first column (11.31), and would otherwise stand there all game */
            int full = full_range (v->game, u);
            if (normal (v) && full > 0 && full < range && e > full && !u->moved && !guards_objective (v, u->hex, 4)
                && !target_in_sight (v, u->hex, full) && !gbacw_movement_in_enemy_zoc (v->game, u->hex, u->side, FALSE))
              return formation_action (v, u, GBACW_FORMATION_STATE_LIMBERED);
            /* from normal up, a battery left within the enemy's small-arms reach (three
               hexes) with no infantry or cavalry of ours beside it once those have moved
               (moves_late ()), and not in his zone of control, limbers to go to cover or out
               of his reach (6.13): alone it is meleed at its crew's one point (12.12) and
               loses all its guns to a capture result (12.93); the limber fire it may draw
               (6.23) is the lesser risk */
            if (normal (v) && !u->moved && e >= 2 && e <= 3 && !covered_by_infantry (v, u, u->hex)
                && !gbacw_movement_in_enemy_zoc (v->game, u->hex, u->side, FALSE))
              return formation_action (v, u, GBACW_FORMATION_STATE_LIMBERED);
            return target_in_sight (v, u->hex, range) && night_penalty (v, u, u->hex) == 0
                     ? NULL : formation_action (v, u, GBACW_FORMATION_STATE_LIMBERED);
          }
        if (!u->moved && e >= 2 && target_in_sight (v, u->hex, MIN (range, 4)))
          return formation_action (v, u, GBACW_FORMATION_STATE_UNLIMBERED);
        return NULL;
      }
    case GBACW_UNIT_WAGON:
    case GBACW_UNIT_LEADER:
    default:
      return NULL;
    }
}

static GbacwAction *
after_move (AiView *v, const AiGroup *g, const GbacwGameUnit *u)
{
  int e = enemy_dist (v, u->hex);

  if (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_ENGAGED) || u->out_of_command)
    return NULL;
  switch (u->type)
    {
    case GBACW_UNIT_INFANTRY:
      if (u->formation == GBACW_FORMATION_STATE_COLUMN && (e <= near_enemy (v) || dist (v, u->hex, g->goal) <= 1))
        return formation_action (v, u, GBACW_FORMATION_STATE_LINE);
      return NULL;
    case GBACW_UNIT_CAVALRY:
      if (u->formation == GBACW_FORMATION_STATE_MOUNTED && e <= 3)
        return formation_action (v, u, GBACW_FORMATION_STATE_DISMOUNTED);
      return NULL;
    case GBACW_UNIT_ARTILLERY:
      if (u->formation == GBACW_FORMATION_STATE_LIMBERED && e >= 2 && e <= weapon_range (v->game, u) + 1)
        return formation_action (v, u, GBACW_FORMATION_STATE_UNLIMBERED);
      return NULL;
    case GBACW_UNIT_WAGON:
    case GBACW_UNIT_LEADER:
    default:
      return NULL;
    }
}

/* What a change of formation at the end of the move needs (halves), or 0. */
static int
reserve_for (AiView *v, const GbacwGameUnit *u, int hex)
{
  int e = enemy_dist (v, hex), cost = 0;
  gboolean wanted = (u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN && e <= near_enemy (v))
                    || (gbacw_game_unit_is_mounted (u) && e <= 3)
                    || (u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_LIMBERED
                        && e <= weapon_range (v->game, u) + 1);

  if (!wanted || !gbacw_movement_formation_cost (v->game, u->index, &cost, NULL))
    return 0;
  return cost;
}

/* Our strength within two hexes of hex (u there) against the enemy's. */
static double
local_ratio (AiView *v, const GbacwGameUnit *u, int hex)
{
  GbacwGame *game = v->game;
  double ours = 0, theirs = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *o = g_ptr_array_index (game->units, i);
      int at = o->index == u->index ? hex : o->hex;
      double sp;
      if (at < 0 || !gbacw_game_is_combat_unit (o) || o->type == GBACW_UNIT_WAGON
          || (o->status & GBACW_STATUS_ROUTED) || dist (v, at, hex) > 2)
        continue;
      sp = o->type == GBACW_UNIT_ARTILLERY ? o->guns / 2.0 : o->strength;
      if (o->side == u->side)
        ours += sp;
      else
        theirs += sp;
    }
  return theirs > 0 ? ours / theirs : 10.0;
}

/* Whether an infantry or cavalry unit of ours (not routed) is in hex or beside it, but u. */
static gboolean
covered_by_infantry (const AiView *v, const GbacwGameUnit *u, int hex)
{
  for (int d = -1; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = d < 0 ? hex : gbacw_game_neighbour_index (v->game, hex, d);
      const GArray *stack = n >= 0 ? gbacw_game_stack (v->game, n) : NULL;
      for (guint k = 0; stack && k < stack->len; k++)
        {
          const GbacwGameUnit *o = gbacw_game_unit (v->game, g_array_index (stack, int, k));
          if (o->side == u->side && o->index != u->index && !(o->status & GBACW_STATUS_ROUTED)
              && (o->type == GBACW_UNIT_INFANTRY || o->type == GBACW_UNIT_CAVALRY))
            return TRUE;
        }
    }
  return FALSE;
}

/* GBACW_AI_LEVEL_HARD: the fire the enemy can bring on hex in his next Fire Phase: the
 * strength of each of his units that may fire (not routed, a battery unlimbered or able to
 * be), times its range multiplier there, less the hex's cover (each column shift a third),
 * in Strength Points. */
static double
enemy_fire_at (const AiView *v, int hex)
{
  GbacwGame *game = v->game;
  double sp = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      double m = 0;
      int d;
      if (e->side == v->side || e->hex < 0 || !gbacw_game_is_combat_unit (e) || e->type == GBACW_UNIT_WAGON
          || e->oob->weapon == NULL || (e->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_AMMO_DEPLETED))
          || (d = dist (v, hex, e->hex)) > 8 || d < 1
          || !gbacw_range_multiplier (game->scenario, e->oob->weapon, d, &m, NULL))
        continue;
      sp += (e->type == GBACW_UNIT_ARTILLERY ? e->guns : e->strength) * m;
    }
  return sp / (1.0 + v->ai->cover[hex] / 3.0);
}

/* Whether hex is of an objective area of ours (which stays ours when we leave it) within
 * reach of the enemy while every enemy unit within eight hexes holds its ground: standing
 * there only draws his fire. */
static gboolean
held_under_idle_fire (const AiView *v, int hex)
{
  GbacwGame *game = v->game;

  if (!normal (v) || enemy_dist (v, hex) > 3)
    return FALSE;
  for (guint i = 0; i < v->ai->objectives->len; i++)
    {
      const AiObjective *o = &g_array_index (v->ai->objectives, AiObjective, i);
      if (o->hex == hex && !o->exit && v->ai->standing.control[o->area] != v->side)
        return FALSE;
    }
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side != v->side && u->hex >= 0 && gbacw_game_is_combat_unit (u) && u->type != GBACW_UNIT_WAGON
          && v->ai->still[i] < 2 && dist (v, hex, u->hex) <= 8)
        return FALSE;
    }
  return TRUE;
}

/* Against an enemy who holds his ground: the fire u could give from hex (its strength times
 * its range multiplier at the best enemy combat unit it reaches, 9.25) less the fire it
 * would take there, each enemy unit's fire on hex shared among the units of ours already
 * within his reach (he fires at one target a phase, 9.44): from a hex few of his units
 * reach, beside others of ours, the trade is ours. */
static double
fire_trade (const AiView *v, const GbacwGameUnit *u, int hex)
{
  GbacwGame *game = v->game;
  int reach = weapon_range (game, u);
  double give = 0, take = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      double m;
      int d, er, n;
      if (e->side == v->side || e->hex < 0 || !gbacw_game_is_combat_unit (e) || e->type == GBACW_UNIT_WAGON
          || (d = dist (v, hex, e->hex)) > 8 || d < 1)
        continue;
      if (d <= reach && (m = multiplier_at (game, u, d)) > 0)
        give = MAX (give, u->strength * m);
      if (e->oob->weapon == NULL || (e->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_AMMO_DEPLETED))
          || (m = multiplier_at (game, e, d)) <= 0)
        continue;
      er = weapon_range (game, e);
      n = 0;
      for (guint k = 0; k < game->units->len; k++)
        {
          const GbacwGameUnit *o = g_ptr_array_index (game->units, k);
          n += o->side == v->side && o->index != u->index && o->hex >= 0 && gbacw_game_is_combat_unit (o)
               && o->type != GBACW_UNIT_WAGON && dist (v, o->hex, e->hex) <= er;
        }
      take += (e->type == GBACW_UNIT_ARTILLERY ? e->guns : e->strength) * m / (1.0 + n);
    }
  /* a player who has not fired at us yet (gbacw_ai_choose ()) may never: his fire half */
  if (!v->ai->enemy_fired)
    take *= 0.5;
  return give - take / (1.0 + v->ai->cover[hex] / 3.0);
}

static double
score_hex (AiView *v, const AiGroup *g, const GbacwGameUnit *u, const GbacwMoveRange *range, Role role, int hex,
           gboolean leaving_zoc, int wagon, int leader)
{
  GbacwGame *game = v->game;
  int start = u->hex, e = enemy_dist (v, hex);
  double s = 0;

  if (hex != start && !gbacw_query_stacking_allows (game, hex, &u->index, 1, GBACW_FORMATION_STATE_UNSET))
    return -G_MAXDOUBLE;
  switch (role)
    {
    case ROLE_ROUTED:
      return 10.0 * MIN (e, 8) - (leader >= 0 ? dist (v, hex, leader) : 0) + (hex == start ? 0.5 : 0);
    case ROLE_SPENT:
      s = 10.0 * MIN (e, 5) - (wagon >= 0 ? dist (v, hex, wagon) : leader >= 0 ? dist (v, hex, leader) : 0);
      /* 10.1: withdrawal fire on a weak unit (from normal up weighed as a hex's safety) */
      return s - (leaving_zoc && hex != start ? (normal (v) ? 12.0 : 4.0) : 0.0) + (hex == start ? 0.5 : 0);
    case ROLE_NORMAL:
    default:
      break;
    }
  if (u->type == GBACW_UNIT_WAGON)
    {
      int d = leader >= 0 ? dist (v, hex, leader) : 0;
      return -2.0 * ABS (d - 3) - (e < 4 ? 40.0 : 0.0) - (e < 6 ? 8.0 : 0.0) + (hex == start ? 0.5 : 0);
    }

  s = -10.0 * goal_cost (v, u, u->formation, g->goal, hex);
  if (hex == start)
    s += 1.0;
  /* beside the enemy: only where ours are the stronger, to melee (12.21) */
  if (e <= 1 && objective_weight (v, hex) <= 0)
    {
      if (u->type == GBACW_UNIT_ARTILLERY || local_ratio (v, u, hex) < 1.5)
        s -= hex == start ? 4.0 : 14.0;
      else
        s += 2.0;
    }
  if (e <= 3)
    s += 3.0 * v->ai->cover[hex];
  /* holding: into the enemy's reach only to riposte, or onto an objective */
  if (v->ai->standing.hold && !g->attacking && e <= 3 && e < enemy_dist (v, start) && objective_weight (v, hex) <= 0)
    s -= 12.0;
  /* an attack goes in together: while the brigade is strung out, its first units wait out
     of the enemy's small-arms reach for the others (from normal up) */
  if (normal (v) && g->attacking && g->spread > 3 && e <= 3 && e < enemy_dist (v, start))
    s -= 16.0;
  /* 10.1: withdrawal fire (from normal up: worth about four hexes of progress, and half
     that for an objective) */
  if (leaving_zoc && hex != start)
    s -= !normal (v) ? 6.0 : objective_weight (v, hex) <= 0 ? 40.0 : 20.0;
  if (objective_weight (v, hex) > 0 && !held_under_idle_fire (v, hex))
    s += 8.0;
  /* from normal up, out of the fire of an enemy who mostly holds his ground, where
     nothing is gained by standing in it */
  else if (normal (v) && !g->attacking && e <= 3 && 2 * v->ai->standing.enemy_still >= v->ai->standing.enemy_units
           && v->ai->standing.enemy_still > 0)
    s -= 0.15 * enemy_fire_at (v, hex);
  /* from normal up, against an enemy who mostly holds his ground (he will not come to us,
     and his fire is where his units stand): infantry within its weapon's reach of him takes
     the hex where the fire it gives beats the fire it draws (fire_trade ()), weighed above
     the rest: three hexes of progress for a Strength Point of fire */
  if (normal (v) && u->type == GBACW_UNIT_INFANTRY && u->oob->weapon && e <= weapon_range (game, u)
      && 2 * v->ai->standing.enemy_still >= v->ai->standing.enemy_units && v->ai->standing.enemy_still > 0)
    s += 30.0 * fire_trade (v, u, hex);
  /* the brigade keeps together: within reach of its first unit (from normal up within
   * its commander's radius of it, where he can keep them all in command, 17.11), which
   * keeps within reach of the last */
  if (g->anchor >= 0 && g->anchor_unit != u->index)
    {
      int d = dist (v, hex, g->anchor), limit = normal (v) && g->leader >= 0 ? g->radius : MAX (1, 2 * g->radius - 1);
      if (d > limit)
        s -= 8.0 * (d - limit);
    }
  else if (g->members->len > 1)
    {
      int d = dist (v, hex, g->rear), limit = 2 * g->radius + 2;
      if (d > limit)
        s -= 8.0 * (d - limit);
    }
  if (u->type == GBACW_UNIT_ARTILLERY)
    {
      if (e <= 2)
        s -= 20.0;
      else if (normal (v))
        {
          /* at a range its guns hit at full strength (9.25) */
          double m = 0;
          if (gbacw_range_multiplier (game->scenario, u->oob->weapon, e, &m, NULL) && m >= 1.0 - 1e-9)
            s += 6.0;
          else if (e <= weapon_range (game, u))
            s += 1.0;
        }
      else if (e <= weapon_range (game, u))
        s += 4.0;
      /* from normal up, with infantry or cavalry of ours beside it within the enemy's reach:
         alone it is meleed at its crew's one point (12.12) and its guns captured (12.93);
         within his small-arms reach (three hexes) that weighs three hexes of progress (the
         battery moves after our infantry, moves_late (), so the cover is the one it keeps) */
      if (normal (v) && e <= 4 && !covered_by_infantry (v, u, hex))
        s -= e <= 3 ? 30.0 : 12.0;
    }
  if (v->ai->level >= GBACW_AI_LEVEL_HARD && e <= 4)
    s -= 0.2 * enemy_fire_at (v, hex);
  /* a column (or limbered battery, mounted cavalry) near the enemy needs the Movement
   * Points to deploy there */
  if (hex != start)
    {
      int reserve = reserve_for (v, u, hex);
      if (reserve > 0 && range->cost[hex] + reserve > range->allowance)
        s -= 20.0;
    }
  return s;
}

static gboolean
needs_ammunition (const GbacwGameUnit *u)
{
  return (u->status & GBACW_STATUS_AMMO_DEPLETED)
         || (u->type == GBACW_UNIT_ARTILLERY && u->rounds != GBACW_UNSET && u->oob->rounds != GBACW_UNSET
             && u->rounds * 2 <= u->oob->rounds);
}

/* 11.33: a battery down to a third of its rounds and one of the same weapon beside it with
 * plenty to give (choose_transfer () in gbacw-ai.c), neither having moved: they stay for
 * the transfer. */
static gboolean
transfer_partners (const AiView *v, const GbacwGameUnit *low, const GbacwGameUnit *giver)
{
  return low->type == GBACW_UNIT_ARTILLERY && giver->type == GBACW_UNIT_ARTILLERY && !low->moved && !giver->moved
         && low->rounds != GBACW_UNSET && giver->rounds != GBACW_UNSET && low->oob->rounds != GBACW_UNSET
         && giver->oob->rounds != GBACW_UNSET && low->rounds * 3 <= low->oob->rounds
         && giver->rounds * 2 >= giver->oob->rounds && giver->rounds >= low->rounds + 4
         && g_strcmp0 (low->oob->weapon, giver->oob->weapon) == 0 && dist (v, low->hex, giver->hex) <= 1;
}

static gboolean
needs_supply_here (AiView *v, const GbacwGameUnit *u)
{
  GbacwGame *game = v->game;

  if (enemy_dist (v, u->hex) <= 1 || (u->status & GBACW_STATUS_ROUTED))
    return FALSE;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *o = g_ptr_array_index (game->units, i);
      if (o->side != u->side || o->hex < 0 || o->index == u->index || dist (v, o->hex, u->hex) > 4)
        continue;
      if (needs_ammunition (u) && o->type == GBACW_UNIT_WAGON && o->strength > 0)
        return TRUE;
      if (transfer_partners (v, u, o) || transfer_partners (v, o, u))
        return TRUE;
      if (u->type == GBACW_UNIT_WAGON && u->strength > 0 && needs_ammunition (o) && !o->moved)
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  int hex;
  double score;
} Candidate;

/* Best first; then by hex, for a fixed order. */
static int
compare_candidates (gconstpointer a, gconstpointer b)
{
  const Candidate *x = a, *y = b;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return (x->hex > y->hex) - (x->hex < y->hex);
}

/* 10.1: whether the cheapest way to hex enters an enemy zone of control and leaves it
 * again (the start hex is weighed by score_hex ()): the unit would draw withdrawal fire
 * on its way. */
static gboolean
path_leaves_zoc (AiView *v, const GbacwMoveRange *range, const GbacwGameUnit *u, int hex)
{
  g_autoptr (GArray) path = NULL;

  /* a way of cost[hex] halves has at most that many hexes: none of them beside the enemy
     when he is farther from the start */
  if (range->cost[hex] < 0 || enemy_dist (v, range->start) > range->cost[hex] + 1)
    return FALSE;
  path = gbacw_move_range_path (range, hex);
  for (guint k = 0; path && k + 1 < path->len; k++)
    if (gbacw_movement_in_enemy_zoc (v->game, g_array_index (path, int, k), u->side, gbacw_game_unit_is_mounted (u)))
      return TRUE;
  return FALSE;
}

/* Whether u is the only combat unit of its side in its hex, with a leader there who
 * could not go with it. */
static gboolean
strands_leader (AiView *v, const GbacwGameUnit *u)
{
  GbacwGame *game = v->game;
  const GArray *stack = gbacw_game_stack (game, u->hex);
  gboolean leader = FALSE;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side != u->side || o->index == u->index)
        continue;
      if (gbacw_game_is_combat_unit (o))
        return FALSE;
      if (o->type == GBACW_UNIT_LEADER)
        {
          g_autoptr (GbacwMoveRange) range = gbacw_movement_range (game, o->index, NULL);
          if (range == NULL || range->one_hex)
            leader = TRUE;
        }
    }
  return leader;
}

static GbacwAction *
move_unit (AiView *v, AiGroup *g, const GbacwGameUnit *u)
{
  GbacwGame *game = v->game;
  g_autoptr (GbacwMoveRange) range = gbacw_movement_range (game, u->index, NULL);
  Role role;
  gboolean leaving_zoc;
  int wagon, leader;
  double stay;
  g_autoptr (GArray) candidates = NULL;
  GbacwAction *action;
  gboolean first, must_leave;

  role = role_of (v, u);
  first = g && g->anchor < 0 && role == ROLE_NORMAL && u->type != GBACW_UNIT_WAGON;
  if (range == NULL)
    {
      if (first)
        {
          g->anchor = u->hex;
          g->anchor_unit = u->index;
        }
      return NULL;
    }
  leaving_zoc = gbacw_movement_in_enemy_zoc (game, u->hex, u->side, gbacw_game_unit_is_mounted (u));
  wagon = nearest_own (v, u->hex, GBACW_UNIT_WAGON);
  /* its commander (to rally, 13.52), else the nearest leader */
  leader = gbacw_leadership_commander (game, u->index);
  leader = leader >= 0 && gbacw_game_unit (game, leader)->hex >= 0 ? gbacw_game_unit (game, leader)->hex
                                                                      : nearest_own (v, u->hex, GBACW_UNIT_LEADER);

  /* 17.52: the last combat unit with a leader who cannot follow it (out of command,
   * one hex) near the enemy stays with him (not when it may not stay, J 35.21) */
  must_leave = night_penalty (v, u, u->hex) > 0;
  if (!must_leave && gbacw_game_is_combat_unit (u) && v->enemy_any[u->hex] < 5 && strands_leader (v, u))
    {
      if (first)
        {
          g->anchor = u->hex;
          g->anchor_unit = u->index;
        }
      return NULL;
    }

  /* out of ammunition near a wagon, or a wagon near units out of it: they stay, to be
   * resupplied (a unit or wagon that moved is not, 11.25) */
  if (!must_leave && needs_supply_here (v, u))
    {
      if (first)
        {
          g->anchor = u->hex;
          g->anchor_unit = u->index;
        }
      return NULL;
    }

  /* an objective held: the strongest unit there stays */
  stay = score_hex (v, g, u, range, role, u->hex, leaving_zoc, wagon, leader) - night_penalty (v, u, u->hex);
  if (role == ROLE_NORMAL && objective_weight (v, u->hex) > 0)
    stay += 30.0;
  candidates = g_array_new (FALSE, FALSE, sizeof (Candidate));
  for (guint i = 0; i < range->hexes->len; i++)
    {
      Candidate c = { g_array_index (range->hexes, int, i), 0 };
      c.score = score_hex (v, g, u, range, role, c.hex, leaving_zoc, wagon, leader) - night_penalty (v, u, c.hex);
      if (c.score > stay + 1e-9)
        g_array_append_val (candidates, c);
    }
  g_array_sort (candidates, compare_candidates);
  /* 10.1: from normal up, the best few are weighed again by their way there: one through an
   * enemy zone of control costs as much as leaving one (and those no longer better than
   * staying drop out) */
  if (normal (v) && role == ROLE_NORMAL && gbacw_game_is_combat_unit (u))
    {
      guint n = MIN (candidates->len, 8);
      for (guint i = 0; i < n; i++)
        {
          Candidate *c = &g_array_index (candidates, Candidate, i);
          if (path_leaves_zoc (v, range, u, c->hex))
            c->score -= objective_weight (v, c->hex) <= 0 ? 40.0 : 20.0;
        }
      g_array_sort (candidates, compare_candidates);
      while (candidates->len > 0 && g_array_index (candidates, Candidate, candidates->len - 1).score <= stay + 1e-9)
        g_array_set_size (candidates, candidates->len - 1);
    }
  /* the best whose move the rules take (and is safe, path_safe ()) */
  for (guint i = 0; i < candidates->len && i < 6; i++)
    {
      const Candidate *c = &g_array_index (candidates, Candidate, i);
      if ((action = move_to (v, range, u->index, c->hex, facing_at (v, c->hex, g ? g->goal : -1))))
        {
          if (first)
            {
              g->anchor = c->hex;
              g->anchor_unit = u->index;
            }
          return action;
        }
    }
  if (first)
    {
      g->anchor = u->hex;
      g->anchor_unit = u->index;
    }
  return NULL;
}

/* Leaving the map for "unit-exited" VP (GBACW_ACTION_EXIT, 5.17): from a hex of an exit
 * area, a unit of a group whose goal is an exit (assign_goal () found that worth more than
 * the objectives), or a routed or spent one (of little use in the fight, and safe from
 * capture off the map); never a wagon (it supplies the others), nor the last of ours on an
 * objective worth more than the exit. */
static GbacwAction *
exit_map (AiView *v, const AiGroup *g, const GbacwGameUnit *u)
{
  GbacwAction *action;
  double value;

  if (v->ai->n_exits == 0 || u->hex < 0 || u->type == GBACW_UNIT_WAGON
      || gbacw_ai_was_tried (v->ai, AI_KEY (24, u->index, u->hex)) || (value = exit_weight (v, u->hex)) <= 0)
    return NULL;
  if ((g == NULL || exit_weight (v, g->goal) <= 0) && role_of (v, u) == ROLE_NORMAL)
    return NULL;
  if (objective_weight (v, u->hex) > value)
    {
      const GArray *stack = gbacw_game_stack (v->game, u->hex);
      gboolean others = FALSE;
      for (guint i = 0; stack && i < stack->len; i++)
        {
          const GbacwGameUnit *o = gbacw_game_unit (v->game, g_array_index (stack, int, i));
          others |= o->index != u->index && o->side == u->side && gbacw_game_is_combat_unit (o);
        }
      if (!others)
        return NULL;
    }
  gbacw_ai_mark_tried (v->ai, AI_KEY (24, u->index, u->hex));
  action = gbacw_action_new_exit (&u->index, 1);
  return gbacw_ai_try (v, action) ? action : NULL;
}

/* From normal up, a battery moves (and limbers or unlimbers, 6.13) after every infantry and
 * cavalry unit of ours has moved: the cover it is scored by (covered_by_infantry ()) is then
 * the cover it keeps until the enemy's Player-Turn, not that of units about to move on (a
 * battery alone within the enemy's reach is meleed at its crew's one point, 12.12, and its
 * guns are captured, 12.93; stacked with infantry, the infantry's losses come first, 12.74). */
static gboolean
moves_late (const AiView *v, const GbacwGameUnit *u)
{
  return normal (v) && u->type == GBACW_UNIT_ARTILLERY;
}

/* The steps of one combat unit; NULL when it has nothing (more) to do. */
static GbacwAction *
unit_turn (AiView *v, AiGroup *g, int unit)
{
  GbacwAi *ai = v->ai;
  const GbacwGameUnit *u = gbacw_game_unit (v->game, unit);
  int stage = get_stage (ai, unit);
  GbacwAction *action;

  if (u->hex < 0 || stage >= STAGE_DONE)
    return NULL;
  if ((action = exit_map (v, g, u)) || (action = gbacw_ai_exclusive_exit (v, u)))   /* J 24.2 */
    {
      set_stage (ai, unit, STAGE_DONE);
      return action;
    }
  if (stage < STAGE_BEFORE)
    {
      set_stage (ai, unit, STAGE_BEFORE);
      if (g && (action = before_move (v, g, u)))
        return action;
    }
  if (stage < STAGE_MOVED)
    {
      set_stage (ai, unit, STAGE_MOVED);
      if ((action = move_unit (v, g, u)))
        return action;
    }
  set_stage (ai, unit, STAGE_DONE);
  if ((action = exit_map (v, g, u)) || (action = gbacw_ai_exclusive_exit (v, u)))
    return action;
  if (g && u->hex >= 0 && (action = after_move (v, g, u)))
    return action;
  return NULL;
}

/* ------------------------------------------------------------------ wagons to recrew */

/* The distance from hex to the nearest enemy combat unit that can fight (an uncrewed
 * wagon cannot); 99 when there is none. */
static int
armed_enemy_distance (const AiView *v, int hex)
{
  GbacwGame *game = v->game;
  int best = 99;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      if (e->side == v->side || e->hex < 0 || !gbacw_game_is_combat_unit (e)
          || (e->type == GBACW_UNIT_WAGON && e->strength <= 0))
        continue;
      best = MIN (best, dist (v, hex, e->hex));
    }
  return best;
}

/* Whether u can go and recrew a wagon (11.18): infantry or dismounted cavalry, steady, with
 * a Strength Point to spare (it keeps two), free to move and not needed where it is. */
static gboolean
may_recrew (AiView *v, const GbacwGameUnit *u)
{
  return u->side == v->side && u->hex >= 0
         && (u->type == GBACW_UNIT_INFANTRY
             || (u->type == GBACW_UNIT_CAVALRY && u->formation == GBACW_FORMATION_STATE_DISMOUNTED))
         && u->strength >= 3 && role_of (v, u) == ROLE_NORMAL
         && !(u->status & (GBACW_STATUS_PINNED | GBACW_STATUS_ENGAGED | GBACW_STATUS_ROUTED));
}

typedef struct {
  const AiView *v;
  int hex;
} NearTo;

/* Units nearest to hex first; then the stronger (it has more to spare), then by index. */
static int
compare_nearest (gconstpointer a, gconstpointer b, gpointer data)
{
  const NearTo *to = data;
  const GbacwGameUnit *x = gbacw_game_unit (to->v->game, *(const int *) a);
  const GbacwGameUnit *y = gbacw_game_unit (to->v->game, *(const int *) b);
  int dx = dist (to->v, x->hex, to->hex), dy = dist (to->v, y->hex, to->hex);

  if (dx != dy)
    return dx - dy;
  if (x->strength != y->strength)
    return y->strength - x->strength;
  return x->index - y->index;
}

/* 11.18, 11.19: an uncrewed wagon that still carries ammunition, ours (never recrewed) or
 * the enemy's (captured by entering its hex), with no armed enemy within two hexes: a unit
 * of ours that can spare a Strength Point stays on it, or the nearest such unit goes onto
 * it, to recrew it in the Final Command Phase (choose_recrew () in gbacw-ai.c). */
static GbacwAction *
salvage_wagons (AiView *v)
{
  GbacwGame *game = v->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *w = g_ptr_array_index (game->units, i);
      g_autoptr (GArray) near = NULL;
      const GArray *stack;
      gboolean ours = w->side == v->side, kept = FALSE;

      if (w->type != GBACW_UNIT_WAGON || w->hex < 0 || w->strength > 0 || w->small_arms_boxes + w->artillery_boxes <= 0
          || (ours && w->recrew_turn >= 0) || gbacw_ai_was_tried (v->ai, AI_KEY (23, w->index, 0)))
        continue;
      gbacw_ai_mark_tried (v->ai, AI_KEY (23, w->index, 0));
      if (armed_enemy_distance (v, w->hex) <= 2)
        continue;
      /* one of ours on it already stays */
      stack = gbacw_game_stack (game, w->hex);
      for (guint k = 0; ours && stack && k < stack->len && !kept; k++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, k));
          if (may_recrew (v, u))
            {
              if (get_stage (v->ai, u->index) < STAGE_MOVED)
                set_stage (v->ai, u->index, STAGE_MOVED);
              kept = TRUE;
            }
        }
      if (kept)
        continue;
      /* else the nearest that can reach it, keeping the stacking limits with it (8.1) */
      near = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint k = 0; k < game->units->len; k++)
        {
          const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
          if (!may_recrew (v, u) || get_stage (v->ai, u->index) >= STAGE_MOVED || dist (v, u->hex, w->hex) > 6
              || objective_weight (v, u->hex) > 0 || gbacw_movement_in_enemy_zoc (game, u->hex, u->side, FALSE)
              || strands_leader (v, u))
            continue;
          g_array_append_val (near, u->index);
        }
      {
        NearTo to = { v, w->hex };
        g_array_sort_with_data (near, compare_nearest, &to);
      }
      for (guint k = 0; k < near->len && k < 3; k++)
        {
          int unit = g_array_index (near, int, k);
          int both[2] = { unit, w->index };
          g_autoptr (GbacwMoveRange) range = gbacw_movement_range (game, unit, NULL);
          GbacwAction *action;
          if (range == NULL || range->cost[w->hex] < 0
              || !gbacw_query_stacking_allows (game, w->hex, both, ours ? 1 : 2, GBACW_FORMATION_STATE_UNSET))
            continue;
          if ((action = move_to (v, range, unit, w->hex, facing_at (v, w->hex, -1))))
            {
              set_stage (v->ai, unit, STAGE_MOVED);
              return action;
            }
        }
    }
  return NULL;
}

/* J 21.21, P 20.21, C 24.21: a rallied gun crew on its counter walks back to its abandoned
 * guns (or as near as it gets this phase, not into an enemy ZOC), which it crews again. */
static GbacwAction *
crews_to_guns (AiView *v)
{
  GbacwGame *game = v->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *c = g_ptr_array_index (game->units, i);
      const GbacwGameUnit *b;
      g_autoptr (GbacwMoveRange) range = NULL;
      int best = -1;

      if (c->side != v->side || c->hex < 0 || !gbacw_game_is_gun_crew (game, c) || (c->status & GBACW_STATUS_ROUTED)
          || get_stage (v->ai, c->index) >= STAGE_MOVED || gbacw_ai_was_tried (v->ai, AI_KEY (41, c->index, 0)))
        continue;
      gbacw_ai_mark_tried (v->ai, AI_KEY (41, c->index, 0));
      b = gbacw_game_unit (game, c->crew_of);
      if (b->hex < 0 || b->side != c->side || !(b->status & GBACW_STATUS_ABANDONED) || b->hex == c->hex)
        continue;
      range = gbacw_movement_range (game, c->index, NULL);
      if (range == NULL)
        continue;
      if (range->cost[b->hex] >= 0)
        best = b->hex;
      else
        for (guint k = 0; k < range->hexes->len; k++)
          {
            int hex = g_array_index (range->hexes, int, k);
            if (dist (v, hex, b->hex) < dist (v, best >= 0 ? best : c->hex, b->hex)
                && !gbacw_movement_in_enemy_zoc (game, hex, c->side, FALSE))
              best = hex;
          }
      if (best >= 0)
        {
          GbacwAction *action = move_to (v, range, c->index, best, facing_at (v, best, -1));
          if (action)
            {
              set_stage (v->ai, c->index, STAGE_MOVED);
              return action;
            }
        }
    }
  return NULL;
}

/* ------------------------------------------------------------------ reinforcements */

/* 26.0: a reinforcement whose Game-Turn has come enters at the entry hex nearest the
 * objectives (with room for it there: the units before it will have moved on). */
static GbacwAction *
enter (AiView *v, const GbacwGameUnit *u)
{
  GbacwGame *game = v->game;
  const GbacwReinforcement *r;
  g_autoptr (GArray) entry_hexes = NULL;
  double best = G_MAXDOUBLE;
  int best_hex = -1;

  if (u->reinforcement < 0 || (guint) u->reinforcement >= game->scenario->reinforcements->len
      || gbacw_ai_was_tried (v->ai, AI_KEY (12, u->index, 0)) || gbacw_ai_exclusive_hold_back (v, u))   /* C 29.27 */
    return NULL;
  r = g_ptr_array_index (game->scenario->reinforcements, u->reinforcement);
  /* the group's entry hexes as the exclusive rules allow them now (J 32.2, P 26.14, 26.22) */
  entry_hexes = gbacw_movement_entry_hexes (game, u->index, NULL);
  for (guint k = 0; k < entry_hexes->len; k++)
    {
      int hex = g_array_index (entry_hexes, int, k);
      double score = k;   /* the first listed first */
      GbacwAction *probe;
      gboolean ok;
      if (hex < 0 || hex >= game->n_hexes || gbacw_game_hex_has_side (game, hex, 1 - v->side, FALSE))
        continue;
      /* not into terrain it may not stand in (a mounted unit into a swamp) */
      {
        GbacwMoveCost cost;
        int c = move_class_of (u, u->formation);
        if (c >= 0)
          {
            gbacw_rules_data_hex_cost (game->rules, game->scenario->map, c, hex, &cost);
            if (cost.kind == GBACW_COST_PROHIBITED)
              continue;
          }
      }
      if (gbacw_game_is_combat_unit (u)
          && (gbacw_game_hex_has_side (game, hex, v->side, TRUE)
              || !gbacw_query_stacking_allows (game, hex, &u->index, 1, r->formation)))
        continue;
      for (guint i = 0; i < v->ai->objectives->len; i++)
        score += 0.1 * dist (v, hex, g_array_index (v->ai->objectives, AiObjective, i).hex);
      score -= 2.0 * MIN (enemy_dist (v, hex), 6);
      if (score >= best)
        continue;
      probe = gbacw_action_new_move (&u->index, 1, &hex, 1, -1);
      ok = gbacw_game_check_action (game, probe, NULL);
      gbacw_action_free (probe);
      if (ok)
        {
          best = score;
          best_hex = hex;
        }
    }
  gbacw_ai_mark_tried (v->ai, AI_KEY (12, u->index, 0));
  if (best_hex < 0)
    return NULL;
  return gbacw_action_new_move (&u->index, 1, &best_hex, 1, -1);
}

/* ------------------------------------------------------------------ leaders */

static int
leader_rank (const GbacwGameUnit *l)
{
  switch (l->oob->role)
    {
    case GBACW_LEADER_BRIGADE: return 0;
    case GBACW_LEADER_REPLACEMENT: return 0;
    case GBACW_LEADER_DIVISION: return 1;
    case GBACW_LEADER_CORPS: return 2;
    case GBACW_LEADER_ARMY:
    default: return 3;
    }
}

/* Whether no combat unit he commands is on the map (they left it, GBACW_ACTION_EXIT). */
static gboolean
commands_nobody (const AiView *v, int leader)
{
  GbacwGame *game = v->game;

  for (guint k = 0; k < game->units->len; k++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
      if (u->side == v->side && u->hex >= 0 && gbacw_game_is_combat_unit (u) && gbacw_leader_commands (game, leader, u->index))
        return FALSE;
    }
  return TRUE;
}

static GbacwAction *
leader_turn (AiView *v, int leader)
{
  GbacwGame *game = v->game;
  const GbacwGameUnit *l = gbacw_game_unit (game, leader);
  g_autoptr (GbacwMoveRange) range = NULL;
  g_autoptr (GArray) commanded = NULL;   /* the units of ours on the map he commands */
  int er = gbacw_leadership_er (game, leader), dir = l->oob->dir != GBACW_UNSET ? l->oob->dir : er;
  int best_hex = l->hex;
  double best = -G_MAXDOUBLE;

  set_stage (v->ai, leader, STAGE_DONE);
  if (l->hex >= 0 && exit_weight (v, l->hex) > 0 && commands_nobody (v, leader))
    {
      /* none of his units is left on the map: he leaves it too rather than be lost (17.73) */
      GbacwAction *action = gbacw_action_new_exit (&leader, 1);
      if (gbacw_ai_try (v, action))
        return action;
    }
  if (l->hex < 0 || (range = gbacw_movement_range (game, leader, NULL)) == NULL)
    return NULL;
  if (er <= 0)
    er = l->oob->er != GBACW_UNSET ? MAX (l->oob->er, 1) : 3;
  commanded = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint k = 0; k < game->units->len; k++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
      if (u->side == v->side && u->hex >= 0 && u->index != leader && gbacw_leader_commands (game, leader, u->index))
        g_array_append_val (commanded, u->index);
    }
  for (int i = -1; i < (int) range->hexes->len; i++)
    {
      int hex = i < 0 ? l->hex : g_array_index (range->hexes, int, i);
      gboolean with_unit = gbacw_game_hex_has_side (game, hex, v->side, TRUE);
      int e = enemy_dist (v, hex), any = v->enemy_any[hex] == G_MAXINT ? 99 : v->enemy_any[hex];
      double s = 0;

      if (!with_unit && any < 5)
        s -= 1000.0;   /* 17.52: within four hexes of any enemy unit */
      else if (!with_unit && any < 10)
        s -= 30.0;     /* the enemy may come within four hexes before he can move again */
      for (guint k = 0; k < commanded->len; k++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (commanded, int, k));
          if (u->type == GBACW_UNIT_LEADER)
            s += dist (v, hex, u->hex) <= dir ? 25.0 : -1.0 * dist (v, hex, u->hex);   /* 17.21 */
          else
            s += dist (v, hex, u->hex) <= er ? 10.0 : -0.2 * dist (v, hex, u->hex);
        }
      if (with_unit)
        s += 2.0;
      if (e <= 1)
        s -= 6.0;
      s += gbacw_ai_exclusive_leader_score (v, leader, hex);   /* J 21.6, P 27.1, C 22.0 */
      s -= 0.3 * dist (v, hex, l->hex);
      if (s > best + 1e-9)
        {
          best = s;
          best_hex = hex;
        }
    }
  if (best_hex == l->hex)
    return NULL;
  return move_to (v, range, leader, best_hex, -1);
}

/* ------------------------------------------------------------------ the end */

static GbacwAction *
face_enemy (AiView *v)
{
  GbacwGame *game = v->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int want;
      GbacwAction *action;
      if (u->side != v->side || u->hex < 0 || !gbacw_game_is_combat_unit (u)
          || gbacw_ai_was_tried (v->ai, AI_KEY (3, u->hex, 0)) || enemy_dist (v, u->hex) > 8)
        continue;
      gbacw_ai_mark_tried (v->ai, AI_KEY (3, u->hex, 0));
      want = facing_at (v, u->hex, -1);
      if (want < 0 || want == u->facing)
        continue;
      action = gbacw_action_new_change_facing (u->hex, want);
      if (gbacw_ai_try (v, action))
        return action;
    }
  return NULL;
}

/* J 35.21, 35.22: a unit still nearer the enemy than a night rule lets it end the phase
 * goes to the cheapest hex of its range far enough, with room for it (a battery limbers
 * first); the phase may not end while one can. */
static GbacwAction *
fix_night_distance (AiView *v)
{
  GbacwGame *game = v->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      g_autoptr (GbacwMoveRange) range = NULL;

      if (u->side != v->side || u->hex < 0 || night_penalty (v, u, u->hex) == 0
          || gbacw_ai_was_tried (v->ai, AI_KEY (25, u->index, 0)))
        continue;
      if (u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
        {
          GbacwAction *action = formation_action (v, u, GBACW_FORMATION_STATE_LIMBERED);
          if (action)
            return action;   /* then it moves, at the next call */
        }
      gbacw_ai_mark_tried (v->ai, AI_KEY (25, u->index, 0));
      range = gbacw_movement_range (game, u->index, NULL);
      for (guint k = 0; range && k < range->hexes->len; k++)
        {
          int hex = g_array_index (range->hexes, int, k);
          GbacwAction *action;
          if (night_penalty (v, u, hex) > 0
              || !gbacw_query_stacking_allows (game, hex, &u->index, 1, GBACW_FORMATION_STATE_UNSET))
            continue;
          if ((action = move_to (v, range, u->index, hex, facing_at (v, hex, -1))))
            return action;
        }
    }
  return NULL;
}

/* How many times the computer tries to put one blocker right in a phase. */
#define FIX_ATTEMPTS 3

/* Whether another attempt at the blocker of kind on unit (or hex) is left in this phase;
 * it counts the attempt. */
static gboolean
fix_attempt (AiView *v, int kind, int what)
{
  for (int attempt = 0; attempt < FIX_ATTEMPTS; attempt++)
    if (!gbacw_ai_was_tried (v->ai, AI_KEY (kind, what, attempt)))
      {
        gbacw_ai_mark_tried (v->ai, AI_KEY (kind, what, attempt));
        return TRUE;
      }
  return FALSE;
}

/* 8.1 (GBACW_BLOCKER_STACKING): a unit of ours out of hex, over the limits, to the hex
 * with room for it nearest (and not nearer the enemy than three hexes if it can), from
 * the top of the stack; not the last combat unit of a leader who cannot go with it. */
static GbacwAction *
fix_stacking (AiView *v, int hex)
{
  GbacwGame *game = v->game;
  const GArray *stack = gbacw_game_stack (game, hex);
  g_autoptr (GArray) units = stack ? g_array_copy ((GArray *) stack) : NULL;

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; units && i < units->len; i++)
      {
        const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
        g_autoptr (GbacwMoveRange) range = NULL;
        int best_hex = -1;
        double best = -G_MAXDOUBLE;

        if (u->side != v->side || !gbacw_game_is_combat_unit (u) || (pass == 0 && strands_leader (v, u))
            || gbacw_ai_was_tried (v->ai, AI_KEY (4, u->index, pass)))
          continue;
        gbacw_ai_mark_tried (v->ai, AI_KEY (4, u->index, pass));
        range = gbacw_movement_range (game, u->index, NULL);
        for (guint k = 0; range && k < range->hexes->len; k++)
          {
            int to = g_array_index (range->hexes, int, k);
            double sc;
            if (to == hex || !gbacw_query_stacking_allows (game, to, &u->index, 1, GBACW_FORMATION_STATE_UNSET))
              continue;
            sc = MIN (enemy_dist (v, to), 3) * 5.0 - range->cost[to];
            if (sc > best)
              {
                best = sc;
                best_hex = to;
              }
          }
        if (best_hex >= 0)
          {
            GbacwAction *action = move_to (v, range, u->index, best_hex, facing_at (v, best_hex, -1));
            if (action)
              return action;
          }
      }
  return NULL;
}

/* 17.52 (GBACW_BLOCKER_LONE_LEADER): the leader alone within four hexes of the enemy joins
 * a combat unit of ours or goes five hexes from the enemy; when he cannot, a combat unit
 * comes to him. */
static GbacwAction *
fix_lone_leader (AiView *v, int leader)
{
  GbacwGame *game = v->game;
  const GbacwGameUnit *l = gbacw_game_unit (game, leader);
  g_autoptr (GbacwMoveRange) range = NULL;
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) scores = g_array_new (FALSE, FALSE, sizeof (double));

  if (l->hex < 0 || !fix_attempt (v, 5, l->index))
    return NULL;
  range = gbacw_movement_range (game, l->index, NULL);
  for (guint k = 0; range && k < range->hexes->len; k++)
    {
      int hex = g_array_index (range->hexes, int, k);
      double s;
      if (gbacw_game_hex_has_side (game, hex, v->side, TRUE))
        s = 100.0 - range->cost[hex];
      else if (v->enemy_any[hex] >= 5)
        s = 50.0 - range->cost[hex];
      else
        continue;
      g_array_append_val (hexes, hex);
      g_array_append_val (scores, s);
    }
  /* best first; a hex an exclusive rule refuses (or whose way is unsafe) gives way to the
   * next, for the phase cannot end until one is taken */
  for (guint tries = 0; tries < hexes->len; tries++)
    {
      guint best = 0;
      GbacwAction *action;
      for (guint k = 1; k < hexes->len; k++)
        if (g_array_index (scores, double, k) > g_array_index (scores, double, best))
          best = k;
      if (g_array_index (scores, double, best) == -G_MAXDOUBLE)
        break;
      if ((action = move_to (v, range, l->index, g_array_index (hexes, int, best), -1)))
        return action;
      g_array_index (scores, double, best) = -G_MAXDOUBLE;
    }
  /* he cannot go: a combat unit comes to him */
  for (guint k = 0; k < game->units->len; k++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
      g_autoptr (GbacwMoveRange) to_him = NULL;
      GbacwAction *action;
      if (u->side != v->side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON
          || dist (v, u->hex, l->hex) > 8 || strands_leader (v, u)
          || !gbacw_query_stacking_allows (game, l->hex, &u->index, 1, GBACW_FORMATION_STATE_UNSET))
        continue;
      to_him = gbacw_movement_range (game, u->index, NULL);
      if (to_him == NULL || to_him->cost[l->hex] < 0)
        continue;
      if ((action = move_to (v, to_him, u->index, l->hex, facing_at (v, l->hex, -1))))
        return action;
    }
  return NULL;
}

GbacwAction *
gbacw_ai_fix_blockers (AiView *v)
{
  g_autoptr (GPtrArray) blockers = gbacw_game_phase_blockers (v->game);

  for (guint i = 0; i < blockers->len; i++)
    {
      const GbacwBlocker *b = g_ptr_array_index (blockers, i);
      GbacwAction *action = NULL;

      switch (b->kind)
        {
        case GBACW_BLOCKER_STACKING:
          action = fix_stacking (v, b->hex);
          break;
        case GBACW_BLOCKER_LONE_LEADER:
          action = fix_lone_leader (v, b->unit);
          break;
        case GBACW_BLOCKER_GAME_OVER:
        case GBACW_BLOCKER_DECISION:
        case GBACW_BLOCKER_EXCLUSIVE:
        default:
          break;   /* nothing a move of ours puts right: the end is refused, and said so */
        }
      if (action)
        return action;
    }
  return NULL;
}

GbacwAction *
gbacw_ai_choose_movement (AiView *v)
{
  GbacwAi *ai = v->ai;
  GbacwGame *game = v->game;
  GbacwAction *action;

  if (!gbacw_ai_was_tried (ai, AI_KEY (9, 0, 0)))
    {
      gbacw_ai_mark_tried (ai, AI_KEY (9, 0, 0));
      if (ai->level >= GBACW_AI_LEVEL_HARD)
        gbacw_ai_look_ahead (ai, game);
      gbacw_ai_assess (ai, game);
      build_groups (v);
    }
  if (ai->end_refused == 0)
    {
      if ((action = salvage_wagons (v)))
        return action;
      if ((action = crews_to_guns (v)))
        return action;
      /* combat units, brigade by brigade; from normal up the batteries after all the
         infantry and cavalry (moves_late ()) */
      for (int pass = 0; pass < 2; pass++)
        for (guint i = 0; i < ai->groups->len; i++)
          {
            AiGroup *g = g_ptr_array_index (ai->groups, i);
            for (guint k = 0; k < g->members->len; k++)
              {
                int unit = g_array_index (g->members, int, k);
                if (moves_late (v, gbacw_game_unit (game, unit)) == (pass == 0))
                  continue;
                if ((action = unit_turn (v, g, unit)))
                  return action;
              }
          }
      /* wagons, reinforcements (26.0: each enters, then moves on) and anything else of
       * ours that came on the map since the phase began */
      for (guint i = 0; i < game->units->len; i++)
        {
          const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          AiGroup *g;
          if (u->side != v->side)
            continue;
          if (u->presence == GBACW_PRESENCE_NOT_ARRIVED)
            {
              if ((action = enter (v, u)))
                return action;
              continue;
            }
          if (u->hex < 0 || !gbacw_game_is_combat_unit (u) || get_stage (ai, u->index) >= STAGE_DONE)
            continue;
          if (ai->group_of[i] < 0 && u->type != GBACW_UNIT_WAGON)
            group_for_unit (v, u->index, NULL);
          g = ai->group_of[i] >= 0 ? g_ptr_array_index (ai->groups, ai->group_of[i]) : NULL;
          if ((action = unit_turn (v, g, u->index)))
            return action;
        }
      /* leaders, brigade commanders first */
      for (int rank = 0; rank <= 3; rank++)
        for (guint i = 0; i < game->units->len; i++)
          {
            const GbacwGameUnit *l = g_ptr_array_index (game->units, i);
            if (l->side == v->side && l->hex >= 0 && l->type == GBACW_UNIT_LEADER && leader_rank (l) == rank
                && get_stage (ai, l->index) < STAGE_DONE)
              if ((action = leader_turn (v, l->index)))
                return action;
          }
      if ((action = face_enemy (v)))
        return action;
      if ((action = gbacw_ai_choose_restack (v, FALSE)))
        return action;
    }
  if ((action = fix_night_distance (v)) || (action = gbacw_ai_exclusive_keep_away (v)))   /* J 35.21, 35.22 */
    return action;
  /* what the engine says keeps the phase from ending (8.1, 17.52), put right one by one */
  return gbacw_ai_fix_blockers (v);
}
