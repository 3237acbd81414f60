/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-ai.c: the computer player: its memory, the Fire Phases, the answers to
 * decisions, and playing a game (see gbacw-ai.h). The Movement Phase is in
 * gbacw-ai-move.c. */
#define G_LOG_DOMAIN "gbacw-ai"

#include "gbacw-ai.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gbacw-ai-private.h"
#include "gbacw-combat-charts.h"
#include "gbacw-fire.h"
#include "gbacw-leadership.h"
#include "gbacw-legal.h"
#include "gbacw-melee.h"
#include "gbacw-movement.h"

G_DEFINE_QUARK (gbacw-ai-error-quark, gbacw_ai_error)

/* ------------------------------------------------------------------ memory */

static void
group_free (gpointer data)
{
  AiGroup *g = data;
  g_clear_pointer (&g->members, g_array_unref);
  g_free (g);
}

static guint32
mix (guint32 x)
{
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

double
gbacw_ai_jitter (const GbacwAi *ai, guint a, guint b)
{
  guint32 h = mix (ai->seed ^ mix (a * 0x9e3779b9U + b + (guint32) ai->side * 0x85ebca6bU));
  return (h & 0xffffff) / (double) 0x1000000;
}

static void
find_objectives (GbacwAi *ai, const GbacwGame *game)
{
  const GbacwScenario *s = game->scenario;
  const GPtrArray *areas = s->map->areas;
  const GbacwSide *mine = g_ptr_array_index (s->oob.sides, ai->side);

  for (guint i = 0; i < areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (areas, i);
      double weight = 0, automatic = 0;
      int last = G_MAXINT;

      if (area->kind != GBACW_AREA_OBJECTIVE && !(area->kind == GBACW_AREA_TOWN && area->vp != GBACW_UNSET))
        continue;
      /* the awards that name it: ours to gain, theirs to deny */
      for (guint k = 0; k < s->vp_awards->len; k++)
        {
          const GbacwVpAward *award = g_ptr_array_index (s->vp_awards, k);
          if (award->event != GBACW_VP_OBJECTIVE || g_strcmp0 (award->area, area->id) != 0 || award->vp == GBACW_UNSET)
            continue;
          if (g_strcmp0 (award->side, "both") == 0 || award->side == NULL)
            weight += 2.0 * award->vp;
          else
            weight += award->vp * (award->each_turn ? 3.0 : 1.0);
        }
      for (guint k = 0; k < s->automatic_victories->len; k++)
        {
          const GbacwAutomaticVictory *a = g_ptr_array_index (s->automatic_victories, k);
          if (g_strcmp0 (a->area, area->id) == 0)
            {
              weight += 10.0;
              automatic += 10.0;
              last = a->turn == GBACW_UNSET ? G_MAXINT : MAX (last == G_MAXINT ? a->turn : last, a->turn);
            }
        }
      if (weight == 0 && area->vp != GBACW_UNSET)
        weight = area->vp;
      if (weight <= 0)
        continue;
      (void) mine;
      for (guint h = 0; h < area->hexes->len; h++)
        {
          AiObjective o = { g_array_index (area->hexes, int, h), (int) i, weight / area->hexes->len, FALSE,
                            automatic / area->hexes->len, last };
          g_array_append_val (ai->objectives, o);
        }
    }
}

static void
find_cover (GbacwAi *ai, const GbacwGame *game)
{
  const GbacwScenario *s = game->scenario;
  const GbacwCatalogue *cat = &s->catalogue;

  ai->cover = g_new0 (int, MAX (1, game->n_hexes));
  for (int h = 0; h < game->n_hexes; h++)
    {
      guint64 mask = s->map->terrain[h];
      int best = 0;
      for (guint t = 0; mask && t < cat->hex_terrains->len && t < 64; t++)
        {
          int shift = 0;
          if ((mask & (G_GUINT64_CONSTANT (1) << t))
              && gbacw_terrain_fire_shift (s, ((GbacwHexTerrain *) g_ptr_array_index (cat->hex_terrains, t))->id, &shift))
            best = MAX (best, -shift);
        }
      ai->cover[h] = best;
    }
}

/* Whether a VP award counts for side ("both", no side, or side's own). */
static gboolean
award_is_for (const GbacwGame *game, const GbacwVpAward *award, int side)
{
  const GbacwSide *s = g_ptr_array_index (game->scenario->oob.sides, side);
  return award->side == NULL || g_strcmp0 (award->side, "both") == 0 || g_strcmp0 (award->side, s->id) == 0;
}

/* "unit-exited" awards (gbacw-query.h): the exit areas our units may leave by (of our side
 * or of none, 5.17) and the VP each of our combat units leaving there brings, less what it
 * would bring the enemy; each hex of such an area is an exit objective. */
static void
find_exits (GbacwAi *ai, const GbacwGame *game)
{
  const GbacwScenario *s = game->scenario;
  const GPtrArray *areas = s->map->areas;
  const GbacwSide *mine = g_ptr_array_index (s->oob.sides, ai->side);

  for (guint i = 0; i < areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (areas, i);
      double vp = 0;

      if (area->kind != GBACW_AREA_EXIT || (area->side && *area->side && g_strcmp0 (area->side, mine->id) != 0))
        continue;
      for (guint k = 0; k < s->vp_awards->len; k++)
        {
          const GbacwVpAward *award = g_ptr_array_index (s->vp_awards, k);
          int each = award->vp != GBACW_UNSET ? award->vp : 1;
          if (award->event != GBACW_VP_UNIT_EXITED || (award->area && *award->area && g_strcmp0 (award->area, area->id) != 0))
            continue;
          /* an area of no side counts the awarded side's own units: ours for our awards */
          for (int side = 0; side < 2; side++)
            if (award_is_for (game, award, side) && ((area->side && *area->side) || side == ai->side))
              vp += side == ai->side ? each : -each;
        }
      if (vp <= 0)
        continue;
      /* any one hex of the area will do: each is worth the whole */
      for (guint h = 0; h < area->hexes->len; h++)
        {
          AiObjective o = { g_array_index (area->hexes, int, h), (int) i, vp, TRUE, 0, G_MAXINT };
          g_array_append_val (ai->objectives, o);
          ai->n_exits++;
        }
    }
}

GbacwAi *
gbacw_ai_new (const GbacwGame *game, int side)
{
  GbacwAi *ai = g_new0 (GbacwAi, 1);

  g_return_val_if_fail (side == 0 || side == 1, NULL);
  ai->side = side;
  ai->level = GBACW_AI_LEVEL_NORMAL;
  ai->seed = gbacw_dice_get_seed (game->dice);
  ai->objectives = g_array_new (FALSE, FALSE, sizeof (AiObjective));
  ai->stage = g_hash_table_new (g_direct_hash, g_direct_equal);
  ai->tried = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  ai->pair = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  ai->fields = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  ai->goals = g_hash_table_new (g_direct_hash, g_direct_equal);
  ai->groups = g_ptr_array_new_with_free_func (group_free);
  ai->group_of = g_new (int, MAX (1u, game->units->len));
  ai->seen_hex = g_new (int, MAX (1u, game->units->len));
  ai->still = g_new0 (int, MAX (1u, game->units->len));
  for (guint i = 0; i < game->units->len; i++)
    {
      ai->group_of[i] = -1;
      ai->seen_hex[i] = -2;
    }
  ai->mem_turn = -1;
  ai->outcome = gbacw_outcome_new (game);
  ai->standing.control = g_new0 (int, MAX (1u, game->scenario->map->areas->len));
  find_objectives (ai, game);
  find_exits (ai, game);
  find_cover (ai, game);
  return ai;
}

void
gbacw_ai_free (GbacwAi *ai)
{
  if (ai == NULL)
    return;
  g_clear_pointer (&ai->objectives, g_array_unref);
  g_clear_pointer (&ai->outcome, gbacw_outcome_free);
  g_free (ai->standing.control);
  g_clear_pointer (&ai->stage, g_hash_table_unref);
  g_clear_pointer (&ai->tried, g_hash_table_unref);
  g_clear_pointer (&ai->pair, g_hash_table_unref);
  g_clear_pointer (&ai->fields, g_hash_table_unref);
  g_clear_pointer (&ai->goals, g_hash_table_unref);
  g_clear_pointer (&ai->groups, g_ptr_array_unref);
  g_free (ai->group_of);
  g_clear_pointer (&ai->model, gbacw_game_free);
  g_free (ai->seen_hex);
  g_free (ai->still);
  g_free (ai->cover);
  g_free (ai->enemy_hexes);
  g_free (ai->enemy_dist);
  g_free (ai->enemy_near);
  g_free (ai->enemy_any);
  gbacw_ai_exclusive_free (ai);
  g_free (ai);
}

int
gbacw_ai_get_side (const GbacwAi *ai)
{
  return ai->side;
}

static const char *const level_names[GBACW_AI_N_LEVELS] = { "easy", "normal", "hard" };

const char *
gbacw_ai_level_to_string (GbacwAiLevel level)
{
  return (guint) level < GBACW_AI_N_LEVELS ? level_names[level] : "normal";
}

gboolean
gbacw_ai_level_from_string (const char *text, GbacwAiLevel *level)
{
  for (guint i = 0; text && i < GBACW_AI_N_LEVELS; i++)
    if (g_ascii_strcasecmp (text, level_names[i]) == 0)
      {
        *level = (GbacwAiLevel) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
gbacw_ai_levels_from_string (const char *text, GbacwAiLevel levels[2])
{
  g_auto (GStrv) parts = NULL;

  levels[0] = levels[1] = GBACW_AI_LEVEL_NORMAL;
  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  if (g_strv_length (parts) == 1)
    {
      if (!gbacw_ai_level_from_string (g_strstrip (parts[0]), &levels[0]))
        return FALSE;
      levels[1] = levels[0];
      return TRUE;
    }
  return g_strv_length (parts) == 2 && gbacw_ai_level_from_string (g_strstrip (parts[0]), &levels[0])
         && gbacw_ai_level_from_string (g_strstrip (parts[1]), &levels[1]);
}

void
gbacw_ai_set_level (GbacwAi *ai, GbacwAiLevel level)
{
  g_return_if_fail ((guint) level < GBACW_AI_N_LEVELS);
  ai->level = level;
}

GbacwAiLevel
gbacw_ai_get_level (const GbacwAi *ai)
{
  return ai->level;
}

gboolean
gbacw_ai_was_tried (const GbacwAi *ai, guint64 key)
{
  return g_hash_table_contains (ai->tried, &key);
}

void
gbacw_ai_mark_tried (GbacwAi *ai, guint64 key)
{
  guint64 *k = g_new (guint64, 1);
  *k = key;
  g_hash_table_add (ai->tried, k);
}

void
gbacw_ai_assess (GbacwAi *ai, const GbacwGame *game)
{
  const GbacwScenario *s = game->scenario;
  const GbacwSide *mine = g_ptr_array_index (s->oob.sides, ai->side);
  AiStanding *st = &ai->standing;
  GbacwVictory v;
  int total = MAX (1, game->last_turn - game->first_turn + 1);
  double short_of;

  gbacw_outcome_victory (ai->outcome, game, &v);
  st->margin = v.vp[ai->side] - v.vp[1 - ai->side];
  gbacw_victory_clear (&v);
  st->needed = G_MAXINT;
  for (guint i = 0; i < s->victory_levels->len; i++)
    {
      const GbacwVictoryLevel *level = g_ptr_array_index (s->victory_levels, i);
      if (g_strcmp0 (level->side, mine->id) == 0 && level->min > 0)
        st->needed = MIN (st->needed, level->min);
    }
  /* the margin it plays for: two VP above its least level (none: any lead) */
  st->target = st->needed == G_MAXINT ? 1 : st->needed + 2;
  if (st->needed == G_MAXINT)
    st->needed = 1;
  st->turns_left = MAX (0, game->last_turn - game->turn);
  /* short of the victory (with two VP to spare: a margin just at the level is lost by one
     Strength Point) by a fraction of what it needs, weighed by the part of the game played:
     early on there is time, late every turn counts */
  short_of = CLAMP ((st->needed + 2 - st->margin) / (double) (st->needed + 2), 0.0, 1.0);
  st->pressure = short_of * (0.25 + 0.75 * (1.0 - (double) st->turns_left / total));
  for (guint i = 0; i < s->map->areas->len; i++)
    st->control[i] = gbacw_outcome_area_control (ai->outcome, g_ptr_array_index (s->map->areas, i));
  /* the VP the objectives not ours would bring (each_turn awards once: the turns are not
     all left) */
  st->to_take = 0;
  for (guint k = 0; k < s->vp_awards->len; k++)
    {
      const GbacwVpAward *award = g_ptr_array_index (s->vp_awards, k);
      const GbacwArea *area;
      if (award->event != GBACW_VP_OBJECTIVE || award->vp == GBACW_UNSET || award->vp <= 0
          || !award_is_for (game, award, ai->side) || award->area == NULL
          || (area = gbacw_map_find_area (s->map, award->area)) == NULL)
        continue;
      if (gbacw_outcome_area_control (ai->outcome, area) != ai->side)
        st->to_take += award->vp;
    }
  /* which enemy units hold where they are (an enemy that stays threatens less, and has to
     be gone for when the victory lacks what he holds back) */
  st->enemy_still = st->enemy_units = 0;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == ai->side)
        continue;
      ai->still[i] = u->hex >= 0 && u->hex == ai->seen_hex[i] ? ai->still[i] + 1 : 0;
      ai->seen_hex[i] = u->hex;
      if (u->hex >= 0 && gbacw_game_is_combat_unit (u) && u->type != GBACW_UNIT_WAGON)
        {
          st->enemy_units++;
          st->enemy_still += ai->still[i] >= 2;
        }
    }
  st->hold = ai->plan == AI_PLAN_HOLD;
}

/* Forgets the last phase when the game is in another one. */
static void
remember_phase (GbacwAi *ai, const GbacwGame *game)
{
  int extra = game->phase == GBACW_PHASE_EXCLUSIVE ? (int) game->extra_hook : -1;

  if (ai->mem_turn == game->turn && ai->mem_player_turn == game->player_turn && ai->mem_phase == (int) game->phase
      && ai->mem_extra == extra)
    return;
  ai->mem_turn = game->turn;
  ai->mem_player_turn = game->player_turn;
  ai->mem_phase = (int) game->phase;
  ai->mem_extra = extra;
  g_hash_table_remove_all (ai->stage);
  g_hash_table_remove_all (ai->tried);
  g_hash_table_remove_all (ai->pair);
  /* the movement fields depend on the map alone: kept from phase to phase, within a bound
     on their memory (about 64 MiB) */
  if (g_hash_table_size (ai->fields) > (guint) MAX (16, (16 << 20) / MAX (1, game->n_hexes)))
    g_hash_table_remove_all (ai->fields);
  g_ptr_array_set_size (ai->groups, 0);
  for (guint i = 0; i < game->units->len; i++)
    ai->group_of[i] = -1;
  ai->n_actions = 0;
  ai->end_refused = 0;
  ai->repeats = 0;
  ai->last_decision = 0;
}

/* Whether an enemy unit is in another hex than when the distances from the enemy were
 * computed (or none were). */
static gboolean
enemy_moved (const GbacwAi *ai, const GbacwGame *game)
{
  if (ai->fields_game != game)
    return TRUE;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side != ai->side && u->hex != ai->enemy_hexes[i])
        return TRUE;
    }
  return FALSE;
}

void
gbacw_ai_view_init (AiView *view, GbacwAi *ai, GbacwGame *game)
{
  if (enemy_moved (ai, game))
    {
      int n = MAX (1, game->n_hexes);
      if (ai->fields_game != game)
        {
          g_hash_table_remove_all (ai->fields);
          g_free (ai->enemy_hexes);
          g_free (ai->enemy_dist);
          g_free (ai->enemy_near);
          g_free (ai->enemy_any);
          ai->enemy_hexes = g_new (int, MAX (1u, game->units->len));
          ai->enemy_dist = g_new (int, n);
          ai->enemy_near = g_new (int, n);
          ai->enemy_any = g_new (int, n);
          ai->fields_game = game;
        }
      for (guint i = 0; i < game->units->len; i++)
        ai->enemy_hexes[i] = ((const GbacwGameUnit *) g_ptr_array_index (game->units, i))->hex;
      gbacw_query_enemy_distance (game, ai->side, ai->enemy_dist, ai->enemy_near);
      gbacw_query_enemy_unit_distance (game, ai->side, ai->enemy_any);
    }
  view->ai = ai;
  view->game = game;
  view->side = ai->side;
  view->enemy_dist = ai->enemy_dist;
  view->enemy_near = ai->enemy_near;
  view->enemy_any = ai->enemy_any;
  view->entry_hexes = NULL;
}

void
gbacw_ai_view_clear (AiView *view)
{
  view->enemy_dist = view->enemy_near = view->enemy_any = NULL;
  g_clear_pointer (&view->entry_hexes, g_ptr_array_unref);
}

static void
entry_hexes_free (gpointer hexes)
{
  if (hexes != NULL)
    g_array_unref (hexes);
}

const GArray *
gbacw_ai_view_entry_hexes (AiView *view, int unit)
{
  GbacwGame *game = view->game;

  if (view->entry_hexes == NULL)
    {
      view->entry_hexes = g_ptr_array_new_with_free_func (entry_hexes_free);
      g_ptr_array_set_size (view->entry_hexes, (int) game->units->len);
    }
  if (g_ptr_array_index (view->entry_hexes, unit) == NULL)
    g_ptr_array_index (view->entry_hexes, unit) = gbacw_movement_entry_hexes (game, unit, NULL);
  return g_ptr_array_index (view->entry_hexes, unit);
}

gboolean
gbacw_ai_try (AiView *view, GbacwAction *action)
{
  if (gbacw_game_check_action (view->game, action, NULL))
    return TRUE;
  gbacw_action_free (action);
  return FALSE;
}

/* ------------------------------------------------------------------ fire */

typedef struct {
  int unit;
  double left;           /* strength it has left to fire this phase */
  int max_range;
  gboolean artillery;
} Shooter;

static int
per_hexside (const GbacwGame *game, int hex)
{
  GbacwStackingLimits limits;
  gbacw_rules_data_stacking_limits (game->rules, game->scenario->map, hex, FALSE, &limits);
  return limits.fire_per_hexside != GBACW_UNSET ? limits.fire_per_hexside : 4;
}

static int
hexside_used (const GbacwGame *game, int hex, int direction)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (game->hexside_fire, GINT_TO_POINTER (hex * 6 + direction)));
}

/* Whether the unit could fire at all in this Fire Phase (the rules' own check is
 * gbacw_fire_compute (); this only saves it work). */
static gboolean
may_fire (const GbacwGame *game, const GbacwGameUnit *u)
{
  if (u->hex < 0 || !gbacw_game_is_combat_unit (u) || u->oob->weapon == NULL)
    return FALSE;
  if (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_ENGAGED | GBACW_STATUS_AMMO_DEPLETED
                   | GBACW_STATUS_ABANDONED))
    return FALSE;
  switch (u->type)
    {
    case GBACW_UNIT_INFANTRY:
      return u->formation != GBACW_FORMATION_STATE_COLUMN;
    case GBACW_UNIT_ARTILLERY:
      return u->formation == GBACW_FORMATION_STATE_UNLIMBERED && !u->moved
             && (u->rounds == GBACW_UNSET || u->rounds > 0);
    case GBACW_UNIT_WAGON:
      return game->phase == GBACW_PHASE_DEFENSIVE_FIRE && u->strength > 0;
    case GBACW_UNIT_CAVALRY:
    case GBACW_UNIT_LEADER:
    default:
      return TRUE;
    }
}

static double
multiplier (const GbacwGame *game, const GbacwGameUnit *u, int range)
{
  double m = 0;
  if (!gbacw_range_multiplier (game->scenario, u->oob->weapon, range, &m, NULL))
    return 0;
  return m;
}

/* A firer for a fire at target: the frontal hexside the line leaves through with the
 * most room left (9.3, 9.33), and the strength that room allows; FALSE if none. used:
 * the small-arms SP already planned through each hexside (key hex * 6 + direction). */
static gboolean
make_firer (const GbacwGame *game, const Shooter *s, int target, GHashTable *used, GbacwFirer *out)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, s->unit);
  int exit[2], entry[2];
  guint frontal = gbacw_game_frontal_mask (game, s->unit);
  int best_dir = -1;
  double best = 0;

  gbacw_fire_line_hexsides (game, u->hex, target, exit, entry);
  for (int k = 0; k < 2; k++)
    {
      int d = exit[k];
      double room;
      if (d < 0 || !(frontal & (1u << d)))
        continue;
      if (s->artillery)
        room = s->left;
      else
        {
          int key = u->hex * 6 + d;
          room = per_hexside (game, u->hex) - hexside_used (game, u->hex, d)
                 - (used ? GPOINTER_TO_INT (g_hash_table_lookup (used, GINT_TO_POINTER (key))) : 0);
          room = MIN (floor (s->left + 1e-9), room);
        }
      if (room > best + 1e-9)
        {
          best = room;
          best_dir = d;
        }
    }
  if (best_dir < 0 || best < 1.0 - 1e-9)
    return FALSE;
  out->unit = s->unit;
  out->rapid = FALSE;   /* C 24.1: asked for by plan_target () when it pays */
  out->direction = best_dir;
  /* all it has left, or the room through the hexside */
  out->strength = s->artillery || fabs (best - s->left) < 1e-9 ? 0.0 : best;
  /* double shot wherever the rules allow it (J 21.4) */
  out->double_shot = s->artillery && gbacw_fire_double_shot_allowed (game, s->unit, gbacw_game_distance (game, u->hex, target),
                                                                      FALSE);
  return TRUE;
}

static void
note_use (const GbacwGame *game, GHashTable *used, const GbacwFirer *f, double left)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, f->unit);
  int key = u->hex * 6 + f->direction;
  int sp = (int) ceil ((f->strength > 0 ? f->strength : left) - 1e-9);

  if (u->type == GBACW_UNIT_ARTILLERY)
    return;
  g_hash_table_insert (used, GINT_TO_POINTER (key),
                       GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (used, GINT_TO_POINTER (key))) + sp));
}

static double
evaluate (GbacwGame *game, int target, const GArray *firers)
{
  g_autoptr (GbacwFireResolution) res = NULL;

  if (firers->len == 0)
    return -1;
  res = gbacw_fire_compute (game, target, (const GbacwFirer *) firers->data, firers->len, NULL);
  return res ? gbacw_query_fire_value (game, res, NULL) : -1;
}

/* Whether the shooter can fire at target at all (range, LOS, frontal hexsides): one
 * check per pair and phase. */
static gboolean
pair_ok (AiView *view, const Shooter *s, int target)
{
  GbacwGame *game = view->game;
  guint64 key = (guint64) s->unit * (guint64) game->n_hexes + (guint64) target;
  gpointer found = g_hash_table_lookup (view->ai->pair, &key);
  GbacwFirer f;
  g_autoptr (GbacwFireResolution) res = NULL;
  guint64 *k;
  int ok;

  if (found)
    return GPOINTER_TO_INT (found) > 0;
  ok = make_firer (game, s, target, NULL, &f)
       && (res = gbacw_fire_compute (game, target, &f, 1, NULL)) != NULL;
  k = g_new (guint64, 1);
  *k = key;
  g_hash_table_insert (view->ai->pair, k, GINT_TO_POINTER (ok ? 1 : -1));
  return ok;
}

typedef struct {
  int target;
  gboolean artillery;
  double value;
  GArray *firers;      /* GbacwFirer */
} FirePlan;

/* The group of shooters of one kind that fires best at target. */
static gboolean
plan_target (AiView *view, const GArray *shooters, int target, gboolean artillery, FirePlan *plan)
{
  GbacwGame *game = view->game;
  g_autoptr (GArray) firers = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
  g_autoptr (GHashTable) used = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  const GArray *stack = gbacw_game_stack (game, target);
  double value;

  for (guint i = 0; stack && i < stack->len; i++)
    if (gbacw_game_unit (game, g_array_index (stack, int, i))->fired_upon
        & (artillery ? GBACW_FIRED_ARTILLERY : GBACW_FIRED_SMALL_ARMS))
      return FALSE;   /* 9.44 */
  for (guint i = 0; i < shooters->len; i++)
    {
      const Shooter *s = &g_array_index (shooters, Shooter, i);
      int range = gbacw_game_distance (game, gbacw_game_unit (game, s->unit)->hex, target);
      if (s->artillery == artillery && range >= 1 && range <= s->max_range && pair_ok (view, s, target))
        g_array_append_val (order, i);
    }
  if (order->len == 0)
    return FALSE;
  /* the strongest first */
  for (guint i = 1; i < order->len; i++)
    for (guint j = i; j > 0; j--)
      {
        const Shooter *a = &g_array_index (shooters, Shooter, g_array_index (order, int, j - 1));
        const Shooter *b = &g_array_index (shooters, Shooter, g_array_index (order, int, j));
        const GbacwGameUnit *ua = gbacw_game_unit (game, a->unit), *ub = gbacw_game_unit (game, b->unit);
        double va = a->left * multiplier (game, ua, gbacw_game_distance (game, ua->hex, target));
        double vb = b->left * multiplier (game, ub, gbacw_game_distance (game, ub->hex, target));
        if (vb > va + 1e-9)
          {
            int t = g_array_index (order, int, j - 1);
            g_array_index (order, int, j - 1) = g_array_index (order, int, j);
            g_array_index (order, int, j) = t;
          }
        else
          break;
      }
  /* everyone at once; when the rules refuse the whole, one by one */
  for (guint i = 0; i < order->len; i++)
    {
      const Shooter *s = &g_array_index (shooters, Shooter, g_array_index (order, int, i));
      GbacwFirer f;
      if (make_firer (game, s, target, used, &f))
        {
          g_array_append_val (firers, f);
          note_use (game, used, &f, s->left);
        }
    }
  value = evaluate (game, target, firers);
  if (value < 0)
    {
      g_array_set_size (firers, 0);
      g_hash_table_remove_all (used);
      for (guint i = 0; i < order->len; i++)
        {
          const Shooter *s = &g_array_index (shooters, Shooter, g_array_index (order, int, i));
          GbacwFirer f;
          double v;
          if (!make_firer (game, s, target, used, &f))
            continue;
          g_array_append_val (firers, f);
          v = evaluate (game, target, firers);
          if (v < 0)
            g_array_set_size (firers, firers->len - 1);
          else
            {
              note_use (game, used, &f, s->left);
              value = v;
            }
        }
    }
  /* C 24.1: a battery rapid-fires when an exclusive rule lets it and the fire gains by it */
  for (guint i = 0; artillery && value > 0 && i < firers->len && gbacw_fire_rapid_played (game); i++)
    {
      GbacwFirer *f = &g_array_index (firers, GbacwFirer, i);
      double v;
      f->rapid = TRUE;
      v = evaluate (game, target, firers);
      if (v > value)
        value = v;
      else
        f->rapid = FALSE;
    }
  if (value <= 0 || firers->len == 0)
    return FALSE;
  plan->target = target;
  plan->artillery = artillery;
  plan->value = value;
  plan->firers = g_steal_pointer (&firers);
  return TRUE;
}

/* Drops the firers the fire does not need (the value stays), weakest first. */
static void
prune_plan (AiView *view, FirePlan *plan)
{
  for (guint i = plan->firers->len; i-- > 0 && plan->firers->len > 1;)
    {
      GbacwFirer f = g_array_index (plan->firers, GbacwFirer, i);
      double v;
      g_array_remove_index (plan->firers, i);
      v = evaluate (view->game, plan->target, plan->firers);
      if (v >= plan->value - 0.02)
        plan->value = MAX (v, plan->value);
      else
        g_array_insert_val (plan->firers, i, f);
    }
}

static gboolean keeps_fire_for_transfer (AiView *view, const GbacwGameUnit *u);

/* Whether every battery of an artillery fire is at a range of ×0.5 or less. */
static gboolean
all_at_half (const GbacwGame *game, const FirePlan *plan)
{
  for (guint i = 0; i < plan->firers->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (plan->firers, GbacwFirer, i).unit);
      if (multiplier (game, u, gbacw_game_distance (game, u->hex, plan->target)) > 0.5 + 1e-9)
        return FALSE;
    }
  return TRUE;
}

/* The distance from hex to the nearest combat unit of ours. */
static int
own_distance (const AiView *view, int hex)
{
  int best = G_MAXINT;

  for (guint i = 0; i < view->game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (view->game->units, i);
      if (u->side == view->side && u->hex >= 0 && gbacw_game_is_combat_unit (u) && u->type != GBACW_UNIT_WAGON)
        best = MIN (best, gbacw_game_distance (view->game, u->hex, hex));
    }
  return best;
}

/* The range of the plan's firer nearest its target. */
static int
nearest_firer (const GbacwGame *game, const FirePlan *plan)
{
  int best = G_MAXINT;

  for (guint i = 0; i < plan->firers->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (plan->firers, GbacwFirer, i).unit);
      best = MIN (best, gbacw_game_distance (game, u->hex, plan->target));
    }
  return best;
}

/* The Fire Combat Results Table column (0: the first) the plan's fire is resolved on,
 * its first roll's; -1 when it cannot be worked out. */
static int
plan_column (GbacwGame *game, const FirePlan *plan)
{
  g_autoptr (GbacwFireResolution) res = gbacw_fire_compute (game, plan->target, (const GbacwFirer *) plan->firers->data,
                                                            plan->firers->len, NULL);
  return res && res->rolls->len > 0 ? g_array_index (res->rolls, GbacwFireRoll, 0).column : -1;
}

static GbacwAction *
choose_fire (AiView *view)
{
  GbacwGame *game = view->game;
  GbacwAi *ai = view->ai;
  g_autoptr (GArray) shooters = g_array_new (FALSE, FALSE, sizeof (Shooter));
  g_autoptr (GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree guint8 *is_target = g_new0 (guint8, MAX (1, game->n_hexes));
  FirePlan best = { -1, FALSE, 0, NULL };
  int reach = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      Shooter s = { (int) i, 0, 0, u->type == GBACW_UNIT_ARTILLERY };
      if (u->side != view->side || !may_fire (game, u) || keeps_fire_for_transfer (view, u))
        continue;
      s.left = gbacw_fire_available (game, u->index) - u->fire_used;
      s.max_range = gbacw_range_max (game->scenario, u->oob->weapon, NULL);
      if (s.left < 1.0 - 1e-9 || s.max_range < 1 || view->enemy_dist[u->hex] > s.max_range)
        continue;
      if (s.artillery && gbacw_ai_was_tried (ai, AI_KEY (1, u->index, 0)))
        continue;
      g_array_append_val (shooters, s);
      reach = MAX (reach, s.max_range);
    }
  if (shooters->len == 0)
    return NULL;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == view->side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || is_target[u->hex])
        continue;
      is_target[u->hex] = 1;
      g_array_append_val (targets, u->hex);
    }
  for (guint t = 0; t < targets->len; t++)
    for (int artillery = 0; artillery < 2; artillery++)
      {
        int target = g_array_index (targets, int, t);
        FirePlan plan = { -1, FALSE, 0, NULL };
        if (gbacw_ai_was_tried (ai, AI_KEY (2, target, artillery)))
          continue;
        if (!plan_target (view, shooters, target, artillery, &plan))
          continue;
        /* a battery spends a round (11.31): only for a fire worth it; from normal up a
           fire whose batteries are all at ×0.5 or less waits for a better target (the
           batteries close in) unless the target is next to be on top of ours */
        if (artillery)
          plan.value *= ai->level >= GBACW_AI_LEVEL_NORMAL && all_at_half (game, &plan) && own_distance (view, target) > 3
                          ? 0.25 : 0.8;
        /* 11.31, 11.33: from normal up batteries save their rounds rather than fire on the
           table's first column (at long range, ×0.5), but at a target within three hexes
           of one of them (about to be on top of them) */
        if (artillery && ai->level >= GBACW_AI_LEVEL_NORMAL && nearest_firer (game, &plan) > 3
            && plan_column (game, &plan) == 0)
          plan.value *= 0.2;
        if (plan.value > best.value + 1e-9)
          {
            g_clear_pointer (&best.firers, g_array_unref);
            best = plan;
          }
        else
          g_array_unref (plan.firers);
      }
  if (best.firers == NULL || best.value < (best.artillery ? 0.12 : 0.06))
    {
      g_clear_pointer (&best.firers, g_array_unref);
      return NULL;
    }
  prune_plan (view, &best);
  {
    GbacwAction *action = gbacw_action_new_fire (best.target, (const GbacwFirer *) best.firers->data, best.firers->len);
    g_array_unref (best.firers);
    if (gbacw_ai_try (view, action))
      return action;
    gbacw_ai_mark_tried (ai, AI_KEY (2, best.target, best.artillery));
    return NULL;
  }
}

/* ------------------------------------------------------------------ command, rally */

/* 17.22: how far each leader's combat units on the map are beyond his Effectiveness
 * Radius, at most (per unit index; 0 for a unit that is no one's commander). */
static int *
command_needs (const GbacwGame *game)
{
  int *need = g_new0 (int, MAX (1u, game->units->len));

  for (guint m = 0; m < game->units->len; m++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, m);
      const GbacwGameUnit *b;
      int commander;
      if (u->hex < 0 || !gbacw_game_is_combat_unit (u) || (commander = gbacw_leadership_commander (game, u->index)) < 0)
        continue;
      b = gbacw_game_unit (game, commander);
      if (b->hex >= 0)
        need[commander] = MAX (need[commander], gbacw_game_distance (game, b->hex, u->hex) - gbacw_leadership_er (game, commander));
    }
  return need;
}

/* 17.22: a division commander's Command Points go to the brigade commander whose units
 * are farthest beyond his Effectiveness Radius. */
static GbacwAction *
choose_command (AiView *view)
{
  GbacwGame *game = view->game;
  g_autofree int *need = NULL;
  g_autoptr (GArray) leaders = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *l = g_ptr_array_index (game->units, i);
      if (l->side == view->side && l->type == GBACW_UNIT_LEADER && l->hex >= 0)
        g_array_append_val (leaders, l->index);
    }
  for (guint i = 0; i < leaders->len; i++)
    {
      const GbacwGameUnit *d = gbacw_game_unit (game, g_array_index (leaders, int, i));
      int best = -1, best_need = 0;

      if (d->cp_left <= 0)
        continue;
      if (need == NULL)
        need = command_needs (game);
      for (guint k = 0; k < leaders->len; k++)
        {
          int b = g_array_index (leaders, int, k);
          if (b == d->index || !gbacw_leader_commands (game, d->index, b)
              || gbacw_ai_was_tried (view->ai, AI_KEY (7, d->index, b)))
            continue;
          if (need[b] > best_need)
            {
              best_need = need[b];
              best = b;
            }
        }
      if (best >= 0)
        {
          GbacwAction *action = gbacw_action_new_command_points (d->index, best, MIN (best_need, d->cp_left));
          gbacw_ai_mark_tried (view->ai, AI_KEY (7, d->index, best));
          if (gbacw_ai_try (view, action))
            return action;
          return choose_command (view);
        }
    }
  return NULL;
}

/* 13.52: brigade commanders rally the routed units of their brigades: of the rallies the
 * engine lists as legal for the unit (gbacw_game_legal_actions ()), its commander's. */
static GbacwAction *
choose_rally (AiView *view)
{
  GbacwGame *game = view->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      g_autoptr (GPtrArray) rallies = NULL;
      int leader;

      if (u->side != view->side || u->hex < 0 || !(u->status & GBACW_STATUS_ROUTED)
          || gbacw_ai_was_tried (view->ai, AI_KEY (6, u->index, 0)))
        continue;
      gbacw_ai_mark_tried (view->ai, AI_KEY (6, u->index, 0));
      leader = gbacw_leadership_commander (game, u->index);
      rallies = gbacw_game_legal_actions (game, GBACW_LEGAL_RALLIES, u->index);
      for (guint k = 0; k < rallies->len; k++)
        {
          GbacwAction *rally = g_ptr_array_index (rallies, k);
          if (rally->command.leader == leader)
            return g_ptr_array_steal_index (rallies, k);
        }
    }
  return NULL;
}

/* 11.23: units out of ammunition, and batteries short of rounds, from the nearest wagon
 * that can supply them. */
static GbacwAction *
choose_resupply (AiView *view)
{
  GbacwGame *game = view->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      gboolean short_of_rounds = u->type == GBACW_UNIT_ARTILLERY && u->rounds != GBACW_UNSET
                                 && u->oob->rounds != GBACW_UNSET && u->rounds * 2 <= u->oob->rounds;

      if (u->side != view->side || u->hex < 0 || u->moved || gbacw_ai_was_tried (view->ai, AI_KEY (11, u->index, 0))
          || !((u->status & GBACW_STATUS_AMMO_DEPLETED) || short_of_rounds))
        continue;
      gbacw_ai_mark_tried (view->ai, AI_KEY (11, u->index, 0));
      for (int pass = 0; pass < 2; pass++)
        for (guint k = 0; k < game->units->len; k++)
          {
            const GbacwGameUnit *w = g_ptr_array_index (game->units, k);
            GbacwAction *action;
            int d;
            if (w->side != view->side || w->type != GBACW_UNIT_WAGON || w->hex < 0 || w->strength <= 0)
              continue;
            /* the near ones first */
            d = gbacw_game_distance (game, u->hex, w->hex);
            if ((pass == 0) != (d <= 6))
              continue;
            action = gbacw_action_new_resupply (u->index, w->index);
            if (gbacw_ai_try (view, action))
              return action;
          }
    }
  return NULL;
}

/* ------------------------------------------------------------------ rounds, wagons, stacking order */

/* Whether a wagon of ours can resupply the unit now (11.23, 11.32). */
static gboolean
wagon_can_resupply (AiView *view, const GbacwGameUnit *u)
{
  GbacwGame *game = view->game;

  for (guint k = 0; k < game->units->len; k++)
    {
      const GbacwGameUnit *w = g_ptr_array_index (game->units, k);
      g_autoptr (GbacwAction) probe = NULL;
      if (w->side != view->side || w->type != GBACW_UNIT_WAGON || w->hex < 0 || w->strength <= 0)
        continue;
      probe = gbacw_action_new_resupply (u->index, w->index);
      if (gbacw_game_check_action (game, probe, NULL))
        return TRUE;
    }
  return FALSE;
}

/* 11.33: the battery of ours that would give low rounds: of the same weapon, in its hex
 * or beside it, with at least half of its own and four more than low, the most; not one
 * within two hexes of the enemy (both may not fire for the rest of the Game-Turn, and
 * there every fire counts). NULL when none. */
static const GbacwGameUnit *
transfer_giver (AiView *view, const GbacwGameUnit *low)
{
  GbacwGame *game = view->game;
  const GbacwGameUnit *giver = NULL;

  if (low->side != view->side || low->hex < 0 || low->type != GBACW_UNIT_ARTILLERY || low->rounds == GBACW_UNSET
      || low->oob->rounds == GBACW_UNSET || low->rounds * 3 > low->oob->rounds || (low->status & GBACW_STATUS_ABANDONED))
    return NULL;
  for (guint k = 0; k < game->units->len; k++)
    {
      const GbacwGameUnit *b = g_ptr_array_index (game->units, k);
      if (b->side != view->side || b->index == low->index || b->hex < 0 || b->type != GBACW_UNIT_ARTILLERY
          || b->rounds == GBACW_UNSET || b->oob->rounds == GBACW_UNSET || g_strcmp0 (b->oob->weapon, low->oob->weapon) != 0
          || gbacw_game_distance (game, b->hex, low->hex) > 1 || b->rounds * 2 < b->oob->rounds
          || b->rounds < low->rounds + 4 || view->enemy_dist[b->hex] <= 2 || (b->status & GBACW_STATUS_ABANDONED))
        continue;
      if (giver == NULL || b->rounds > giver->rounds)
        giver = b;
    }
  return giver;
}

/* 11.33: a battery down to a third of its rounds or less that no wagon can resupply takes
 * half the difference from its giver (transfer_giver ()), so that both have about as
 * many. */
static GbacwAction *
choose_transfer (AiView *view)
{
  GbacwGame *game = view->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *low = g_ptr_array_index (game->units, i);
      const GbacwGameUnit *giver;
      GbacwAction *action;
      int n;

      if (low->side != view->side || low->type != GBACW_UNIT_ARTILLERY
          || gbacw_ai_was_tried (view->ai, AI_KEY (21, low->index, 0)))
        continue;
      gbacw_ai_mark_tried (view->ai, AI_KEY (21, low->index, 0));
      if ((giver = transfer_giver (view, low)) == NULL || wagon_can_resupply (view, low))
        continue;
      n = MIN ((giver->rounds - low->rounds) / 2, low->oob->rounds - low->rounds);
      if (n < 1)
        continue;
      action = gbacw_action_new_transfer_rounds (giver->index, low->index, n);
      if (gbacw_ai_try (view, action))
        return action;
    }
  return NULL;
}

/* 11.33: a battery that would give rounds to one beside it that has none left, which no
 * wagon of ours within six hexes can refill, holds its fire this Game-Turn while neither
 * has fired in it, so that it may give them in the Ammunition Resupply Phase (the rules
 * ask a whole Game-Turn without firing of both). */
static gboolean
keeps_fire_for_transfer (AiView *view, const GbacwGameUnit *u)
{
  GbacwGame *game = view->game;

  if (u->type != GBACW_UNIT_ARTILLERY || u->side != view->side || u->fired_turn == game->turn || u->moved)
    return FALSE;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *low = g_ptr_array_index (game->units, i);
      gboolean wagon = FALSE;
      if (low->type != GBACW_UNIT_ARTILLERY || low->side != u->side || low->rounds != 0 || low->hex < 0
          || low->fired_turn == game->turn || low->moved || transfer_giver (view, low) != u)
        continue;
      for (guint k = 0; k < game->units->len && !wagon; k++)
        {
          const GbacwGameUnit *w = g_ptr_array_index (game->units, k);
          wagon = w->side == u->side && w->type == GBACW_UNIT_WAGON && w->hex >= 0 && w->strength > 0
                  && w->artillery_boxes > 0 && gbacw_game_distance (game, w->hex, low->hex) <= 6;
        }
      if (!wagon)
        return TRUE;
    }
  return FALSE;
}

/* The unit of ours in the wagon's hex fittest to give it a crew (11.18): infantry or
 * dismounted cavalry, not routed or engaged, that keeps two Strength Points after giving
 * one; the strongest, then the steadiest. -1 when none can spare one. */
static int
recrew_donor (const GbacwGame *game, const GbacwGameUnit *w)
{
  const GArray *stack = gbacw_game_stack (game, w->hex);
  int best = -1, best_score = 0;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      int score;
      if (u->side != w->side || (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_ENGAGED)) || u->strength < 3
          || !(u->type == GBACW_UNIT_INFANTRY
               || (u->type == GBACW_UNIT_CAVALRY && u->formation == GBACW_FORMATION_STATE_DISMOUNTED)))
        continue;
      score = u->strength * 8 + u->morale;
      if (score > best_score)
        {
          best_score = score;
          best = u->index;
        }
    }
  return best;
}

/* 11.18, 11.19: in the Final Command Phase, each uncrewed wagon of ours (our own, or one
 * captured from the enemy) that still carries ammunition is recrewed by a unit on it that
 * can spare the Strength Point. */
static GbacwAction *
choose_recrew (AiView *view)
{
  GbacwGame *game = view->game;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *w = g_ptr_array_index (game->units, i);
      int donor;
      GbacwAction *action;

      if (w->side != view->side || w->type != GBACW_UNIT_WAGON || w->hex < 0 || w->strength > 0 || w->recrew_turn >= 0
          || w->small_arms_boxes + w->artillery_boxes <= 0 || gbacw_ai_was_tried (view->ai, AI_KEY (22, w->index, 0)))
        continue;
      gbacw_ai_mark_tried (view->ai, AI_KEY (22, w->index, 0));
      donor = recrew_donor (game, w);
      if (donor < 0)
        continue;
      action = gbacw_action_new_recrew (donor, w->index);
      if (gbacw_ai_try (view, action))
        return action;
    }
  return NULL;
}

/* 8.21, 8.22: how fit a unit is to be on top of its stack, where fire falls first (and
 * whose rout makes the others check, 13.42): infantry and cavalry first (batteries take
 * losses only when there is none, wagons only from artillery, 11.12), then batteries,
 * wagons, and leaders last; among them the steady (not routed, pinned or out of
 * ammunition) before the others, then by morale (the top unit's check decides whether
 * the stack routs) and strength (a weak unit is destroyed where a strong one loses a
 * point). A green unit counts as of middling morale. */
static double
top_fitness (const GbacwGameUnit *u)
{
  int morale = u->morale == GBACW_MORALE_GREEN || u->morale == GBACW_UNSET ? 3 : u->morale;
  double score = 3.0 * morale + 2.0 * MIN (u->strength, 6);

  if (u->status & GBACW_STATUS_ROUTED)
    score -= 100.0;
  if (u->status & GBACW_STATUS_AMMO_DEPLETED)
    score -= 40.0;
  if (u->status & GBACW_STATUS_PINNED)
    score -= 20.0;
  switch (u->type)
    {
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
      return score;
    case GBACW_UNIT_ARTILLERY:
      return score - 1000.0;
    case GBACW_UNIT_WAGON:
      return score - 2000.0;
    case GBACW_UNIT_LEADER:
    default:
      return -10000.0;
    }
}

/* Whether a unit is one of those fire losses fall on in turn (8.21): the infantry and
 * cavalry when the stack has any, else every combat unit. */
static gboolean
takes_losses (const GbacwGameUnit *u, gboolean small_arms_targets)
{
  return small_arms_targets ? u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY
                            : gbacw_game_is_combat_unit (u);
}

/* Whether the two orders of the same units put the losses on the same units in turn (the
 * place of leaders, and of batteries under infantry, changes nothing in play). */
static gboolean
same_loss_order (const GbacwGame *game, const GArray *a, const GArray *b)
{
  gboolean small_arms_targets = FALSE;
  guint i = 0, j = 0;

  for (guint k = 0; k < a->len; k++)
    small_arms_targets |= takes_losses (gbacw_game_unit (game, g_array_index (a, int, k)), TRUE);
  for (;;)
    {
      while (i < a->len && !takes_losses (gbacw_game_unit (game, g_array_index (a, int, i)), small_arms_targets))
        i++;
      while (j < b->len && !takes_losses (gbacw_game_unit (game, g_array_index (b, int, j)), small_arms_targets))
        j++;
      if (i >= a->len || j >= b->len)
        return i >= a->len && j >= b->len;
      if (g_array_index (a, int, i++) != g_array_index (b, int, j++))
        return FALSE;
    }
}

/* The restack of our units in hex that puts the fittest on top, or NULL when the losses
 * would fall on the same units in the same turn already (the order kept between equals). */
static GbacwAction *
restack_hex (AiView *view, int hex)
{
  GbacwGame *game = view->game;
  const GArray *stack = gbacw_game_stack (game, hex);
  g_autoptr (GArray) now = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) order = NULL;
  GbacwAction *action;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      int unit = g_array_index (stack, int, i);
      if (gbacw_game_unit (game, unit)->side == view->side)
        g_array_append_val (now, unit);
    }
  if (now->len < 2)
    return NULL;
  order = g_array_copy (now);
  /* insertion sort, fittest first: stable, and stacks are short */
  for (guint i = 1; i < order->len; i++)
    for (guint j = i; j > 0; j--)
      {
        int a = g_array_index (order, int, j - 1), b = g_array_index (order, int, j);
        if (top_fitness (gbacw_game_unit (game, b)) <= top_fitness (gbacw_game_unit (game, a)) + 1e-9)
          break;
        g_array_index (order, int, j - 1) = b;
        g_array_index (order, int, j) = a;
      }
  if (same_loss_order (game, now, order))
    return NULL;
  action = gbacw_action_new_restack (hex, (const int *) order->data, order->len);
  return gbacw_ai_try (view, action) ? action : NULL;
}

/* 8.41: in our Movement Phase, each stack of ours within reach of the enemy's fire and
 * melee; at the end of a Fire Phase, the hexes it lets be restacked (the top unit ran out
 * of ammunition), before any other action closes the window. */
GbacwAction *
gbacw_ai_choose_restack (AiView *view, gboolean window_only)
{
  GbacwGame *game = view->game;

  if (window_only)
    {
      for (guint k = 0; k < game->restack_hexes->len; k++)
        {
          int key = g_array_index (game->restack_hexes, int, k), hex = key / 2;
          GbacwAction *action;
          if (key % 2 != view->side || gbacw_ai_was_tried (view->ai, AI_KEY (20, hex, 0)))
            continue;
          gbacw_ai_mark_tried (view->ai, AI_KEY (20, hex, 0));
          if ((action = restack_hex (view, hex)))
            return action;
        }
      return NULL;
    }
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      GbacwAction *action;
      /* within the enemy's small-arms range and a move of his (9.0, 12.0) */
      if (u->side != view->side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || view->enemy_dist[u->hex] > 6
          || gbacw_ai_was_tried (view->ai, AI_KEY (20, u->hex, 0)))
        continue;
      gbacw_ai_mark_tried (view->ai, AI_KEY (20, u->hex, 0));
      if ((action = restack_hex (view, u->hex)))
        return action;
    }
  return NULL;
}

/* ------------------------------------------------------------------ melee */

static gboolean
has_int (const GArray *array, int value)
{
  for (guint i = 0; array && i < array->len; i++)
    if (g_array_index (array, int, i) == value)
      return TRUE;
  return FALSE;
}

static const GbacwMeleeDeclaration *
declaration_at (const GbacwGame *game, int hex)
{
  for (guint i = 0; game->melees && i < game->melees->len; i++)
    {
      const GbacwMeleeDeclaration *d = g_ptr_array_index (game->melees, i);
      if (d->target == hex)
        return d;
    }
  return NULL;
}

static gboolean
objective_hex (const GbacwAi *ai, int hex)
{
  for (guint i = 0; i < ai->objectives->len; i++)
    if (g_array_index (ai->objectives, AiObjective, i).hex == hex && !g_array_index (ai->objectives, AiObjective, i).exit)
      return TRUE;
  return FALSE;
}

/* 12.8: in the Retreat Before Melee Phase, the melee with the best prospects among the
 * enemy hexes beside ours, when they are good enough. */
static GbacwAction *
choose_declare (AiView *view)
{
  GbacwGame *game = view->game;
  g_autofree guint8 *seen = g_new0 (guint8, MAX (1, game->n_hexes));
  double best = 0;
  int best_hex = -1;
  g_autoptr (GArray) best_units = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      g_autoptr (GArray) group = NULL;
      double value;
      int target = e->hex;

      if (e->side == view->side || target < 0 || !gbacw_game_is_combat_unit (e) || seen[target]
          || gbacw_ai_was_tried (view->ai, AI_KEY (8, target, 0)) || declaration_at (game, target))
        continue;
      seen[target] = 1;
      group = g_array_new (FALSE, FALSE, sizeof (int));
      /* the units beside it that may melee it, strongest first, within the limit (12.72) */
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int n = gbacw_game_neighbour_index (game, target, d);
          const GArray *stack = gbacw_game_stack (game, n);
          for (guint k = 0; stack && k < stack->len; k++)
            {
              int unit = g_array_index (stack, int, k);
              const GbacwGameUnit *u = gbacw_game_unit (game, unit);
              GbacwAction *probe;
              gboolean ok;
              if (u->side != view->side || !gbacw_game_is_combat_unit (u) || u->type == GBACW_UNIT_WAGON
                  || u->type == GBACW_UNIT_ARTILLERY || (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED)))
                continue;
              g_array_append_val (group, unit);
              probe = gbacw_action_new_declare_melee ((const int *) group->data, group->len, target, FALSE);
              ok = gbacw_game_check_action (game, probe, NULL);
              gbacw_action_free (probe);
              if (!ok)
                g_array_set_size (group, group->len - 1);
            }
        }
      if (group->len == 0)
        continue;
      value = gbacw_ai_exclusive_melee_value (view, group, target);   /* J 21.6, P 27.1, C 22.0 */
      if (value == -G_MAXDOUBLE)
        continue;
      if (objective_hex (view->ai, target))
        value += view->ai->level >= GBACW_AI_LEVEL_NORMAL ? 0.8 : 0.5;
      if (value > best + 1e-9)
        {
          best = value;
          best_hex = target;
          g_array_set_size (best_units, 0);
          g_array_append_vals (best_units, group->data, group->len);
        }
    }
  /* from normal up it assaults at somewhat lower odds (the objective bonus above then
     counts for more) */
  if (best_hex < 0 || best < (view->ai->level >= GBACW_AI_LEVEL_NORMAL ? 0.45 : 0.6))
    return NULL;
  gbacw_ai_mark_tried (view->ai, AI_KEY (8, best_hex, 0));
  {
    GbacwAction *action = gbacw_action_new_declare_melee ((const int *) best_units->data, best_units->len, best_hex,
                                                          FALSE);
    return gbacw_ai_try (view, action) ? action : NULL;
  }
}

/* 12.0: in the Melee Phase, each melee announced, and the fighting where ours are
 * engaged (12.94), with the units that still may. */
static GbacwAction *
choose_melee (AiView *view)
{
  GbacwGame *game = view->game;

  for (int target = 0; target < game->n_hexes; target++)
    {
      const GbacwMeleeDeclaration *d;
      g_autoptr (GArray) units = NULL;
      const GArray *stack;
      gboolean engaged = FALSE;

      if (!gbacw_game_hex_has_side (game, target, 1 - view->side, TRUE)
          || gbacw_ai_was_tried (view->ai, AI_KEY (10, target, 0)))
        continue;
      d = declaration_at (game, target);
      stack = gbacw_game_stack (game, target);
      for (guint k = 0; stack && k < stack->len; k++)
        engaged |= (gbacw_game_unit (game, g_array_index (stack, int, k))->status & GBACW_STATUS_ENGAGED) != 0;
      if ((d == NULL || d->resolved) && !engaged)
        continue;
      gbacw_ai_mark_tried (view->ai, AI_KEY (10, target, 0));
      units = g_array_new (FALSE, FALSE, sizeof (int));
      for (int k = 0; d && k < d->n_units; k++)
        if (d->units[k] >= 0)
          g_array_append_val (units, d->units[k]);
      /* ours engaged in the hex, and beside it */
      for (int dir = -1; engaged && dir < GBACW_HEX_DIRECTIONS; dir++)
        {
          int n = dir < 0 ? target
                          : gbacw_game_neighbour_index (game, target, dir);
          const GArray *s = gbacw_game_stack (game, n);
          for (guint k = 0; s && k < s->len; k++)
            {
              int unit = g_array_index (s, int, k);
              const GbacwGameUnit *u = gbacw_game_unit (game, unit);
              if (u->side == view->side && gbacw_game_is_combat_unit (u) && !has_int (units, unit)
                  && (n == target || d != NULL))
                g_array_append_val (units, unit);
            }
        }
      /* all of them, else as many as the rules let melee */
      for (guint drop = 0; units->len > 0 && drop <= units->len; drop++)
        {
          GbacwAction *action = gbacw_action_new_melee ((const int *) units->data, units->len, target);
          g_autoptr (GError) error = NULL;
          if (gbacw_game_check_action (game, action, &error))
            return action;
          gbacw_action_free (action);
          /* drop the unit named in the refusal, else the last */
          {
            gboolean dropped = FALSE;
            for (guint k = 0; k < units->len && !dropped; k++)
              {
                g_autofree char *label = gbacw_game_unit_label (game, g_array_index (units, int, k));
                if (strstr (error->message, label))
                  {
                    g_array_remove_index (units, k);
                    dropped = TRUE;
                  }
              }
            if (!dropped)
              g_array_set_size (units, units->len - 1);
          }
        }
    }
  return NULL;
}

/* ------------------------------------------------------------------ decisions */

static int
stack_strength (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  int sp = 0;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && gbacw_game_is_combat_unit (u) && !(u->status & GBACW_STATUS_ROUTED))
        sp += u->type == GBACW_UNIT_ARTILLERY ? u->guns : u->strength;
    }
  return sp;
}

static int
nearest_leader_distance (const GbacwGame *game, int side, int hex)
{
  int best = G_MAXINT;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side == side && u->type == GBACW_UNIT_LEADER && u->hex >= 0)
        best = MIN (best, gbacw_game_distance (game, u->hex, hex));
    }
  return best == G_MAXINT ? 0 : best;
}

/* The best of the legal paths: ending away from the enemy, near a leader, off friendly
 * stacks; the first of equals (the engine lists the cheapest first). */
static int
best_path (AiView *view, const GbacwDecision *d)
{
  GbacwGame *game = view->game;
  double best = -G_MAXDOUBLE;
  int index = -1;

  for (guint i = 0; i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      int end;
      double score;
      if (path->len == 0)
        continue;
      end = g_array_index (path, int, path->len - 1);
      score = 10.0 * MIN (view->enemy_dist[end], 6) - 0.5 * nearest_leader_distance (game, d->side, end)
              + view->ai->cover[end];
      /* 14.3: through friends they are displaced, and may displace others back: a vacant
       * hex first, and never the same displacement twice in a phase */
      for (guint k = 0; k < path->len; k++)
        if (gbacw_game_hex_has_side (game, g_array_index (path, int, k), d->side, TRUE))
          score -= 25.0;
      if (gbacw_ai_was_tried (view->ai, AI_KEY (13, d->hex, end)))
        score -= 200.0;
      for (guint k = 0; k < path->len; k++)
        score -= gbacw_query_adjacent_enemy (game, g_array_index (path, int, k), d->side) ? 2.0 : 0.0;
      if (score > best + 1e-9)
        {
          best = score;
          index = (int) i;
        }
    }
  return index;
}

static GbacwAction *
path_answer (const GbacwDecision *d, int index)
{
  const GArray *path = g_ptr_array_index (d->paths, index);
  return gbacw_action_new_answer_path ((const int *) path->data, path->len);
}

/* Remembers a retreat chosen (best_path () avoids choosing it again in this phase). */
static GbacwAction *
chosen_path (AiView *view, const GbacwDecision *d, int index)
{
  const GArray *path = g_ptr_array_index (d->paths, index);
  if (path->len > 0)
    gbacw_ai_mark_tried (view->ai, AI_KEY (13, d->hex, g_array_index (path, int, path->len - 1)));
  return path_answer (d, index);
}

static GbacwAction *
answer_fire (AiView *view, const GbacwDecision *d)
{
  GbacwGame *game = view->game;
  g_autoptr (GArray) firers = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
  GbacwAction *action;

  for (guint i = 0; i < d->firers->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (d->firers, int, i));
      GbacwFirer f = { u->index, 0.0, -1 };
      if (u->type == GBACW_UNIT_ARTILLERY && u->rounds != GBACW_UNSET && u->rounds <= 2)
        continue;   /* keeps its last rounds for the Fire Phases */
      if (keeps_fire_for_transfer (view, u))
        continue;
      g_array_append_val (firers, f);
    }
  action = gbacw_action_new_answer_fire ((const GbacwFirer *) firers->data, firers->len);
  if (firers->len == 0 || gbacw_ai_try (view, action))
    return action;
  /* one by one, each with the hexside it fires through named if need be */
  {
    g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
    for (guint i = 0; i < firers->len; i++)
      {
        GbacwFirer f = g_array_index (firers, GbacwFirer, i);
        const GbacwGameUnit *u = gbacw_game_unit (game, f.unit);
        int exit[2], entry[2];
        gboolean ok = FALSE;
        gbacw_fire_line_hexsides (game, u->hex, d->hex, exit, entry);
        for (int k = -1; k < 2 && !ok; k++)
          {
            GbacwAction *a;
            if (k >= 0 && exit[k] < 0)
              continue;
            f.direction = k < 0 ? -1 : exit[k];
            g_array_append_val (kept, f);
            a = gbacw_action_new_answer_fire ((const GbacwFirer *) kept->data, kept->len);
            ok = gbacw_ai_try (view, a);
            if (ok)
              gbacw_action_free (a);
            else
              g_array_set_size (kept, kept->len - 1);
          }
      }
    return gbacw_action_new_answer_fire ((const GbacwFirer *) kept->data, kept->len);
  }
}

static GbacwAction *
answer_retreat_before_melee (AiView *view, const GbacwDecision *d)
{
  GbacwGame *game = view->game;
  const GbacwMeleeDeclaration *m = declaration_at (game, d->hex);
  double value = 0;
  int index;

  /* the melee as the attacker would fight it: stand unless it looks bad */
  if (m)
    {
      g_autoptr (GArray) attackers = g_array_new (FALSE, FALSE, sizeof (int));
      for (int k = 0; k < m->n_units; k++)
        if (m->units[k] >= 0)
          g_array_append_val (attackers, m->units[k]);
      value = gbacw_query_melee_value (game, attackers, d->hex, NULL);
      if (value == -G_MAXDOUBLE)
        value = 0;
    }
  if (objective_hex (view->ai, d->hex))
    value -= 0.5;
  if (d->may_decline && value < 1.0)
    return gbacw_action_new_answer_path (NULL, 0);
  index = best_path (view, d);
  if (index < 0)
    return gbacw_action_new_answer_path (NULL, 0);
  return chosen_path (view, d, index);
}

static GbacwAction *
answer_advance (AiView *view, const GbacwDecision *d)
{
  GbacwGame *game = view->game;
  g_autoptr (GArray) chosen = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < d->firers->len; i++)
    {
      int unit = g_array_index (d->firers, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      if (u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED))
        continue;
      g_array_append_val (chosen, unit);
      if (!gbacw_query_stacking_allows (game, d->hex, (const int *) chosen->data, chosen->len,
                                        GBACW_FORMATION_STATE_UNSET))
        g_array_set_size (chosen, chosen->len - 1);
    }
  return gbacw_action_new_answer_units ((const int *) chosen->data, chosen->len);
}

static GbacwAction *
answer_place_leader (AiView *view, const GbacwDecision *d)
{
  double best = -G_MAXDOUBLE;
  int hex = -1;

  for (guint i = 0; i < d->hexes->len; i++)
    {
      int h = g_array_index (d->hexes, int, i);
      double score = stack_strength (view->game, h, d->side) + 2.0 * MIN (view->enemy_dist[h], 4);
      if (score > best + 1e-9)
        {
          best = score;
          hex = h;
        }
    }
  return gbacw_action_new_answer_hex (hex);
}

static GbacwAction *
answer_melee_loss (AiView *view, const GbacwDecision *d)
{
  int best = -1, unit = -1;

  for (guint i = 0; i < d->units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (view->game, g_array_index (d->units, int, i));
      int value = gbacw_query_unit_value (u);
      if (value > best)
        {
          best = value;
          unit = u->index;
        }
    }
  return gbacw_action_new_answer_unit (unit);
}

/* 17.83: the brigade commander with the best ratings. */
static GbacwAction *
answer_promote (AiView *view, const GbacwDecision *d)
{
  int best = -G_MAXINT, unit = -1;

  for (guint i = 0; i < d->units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (view->game, g_array_index (d->units, int, i));
      int value = (u->oob->er != GBACW_UNSET ? u->oob->er : 0) + (u->oob->rally != GBACW_UNSET ? u->oob->rally : 0);
      if (value > best)
        {
          best = value;
          unit = u->index;
        }
    }
  return gbacw_action_new_answer_unit (unit);
}

/* 12.94: the engaged units fight on unless the melee goes badly for them. */
static GbacwAction *
answer_engaged (AiView *view, const GbacwDecision *d)
{
  GbacwGame *game = view->game;
  const GArray *stack = gbacw_game_stack (game, d->hex);
  g_autoptr (GArray) ours = g_array_new (FALSE, FALSE, sizeof (int));
  double value;

  for (guint k = 0; stack && k < stack->len; k++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, k));
      if (u->side == d->side && gbacw_game_is_combat_unit (u))
        g_array_append_val (ours, u->index);
    }
  value = gbacw_query_melee_value (game, ours, d->hex, NULL);
  if (value != -G_MAXDOUBLE && value < -0.8)
    return gbacw_action_new_answer_units ((const int *) d->firers->data, d->firers->len);
  return gbacw_action_new_answer_units (NULL, 0);
}

/* 7.32: after a melee, each hex of our units that took part faces the nearest enemy
 * combat unit (an engaged hex, holding the enemy, keeps its facing). */
static GbacwAction *
answer_melee_facing (AiView *view, const GbacwDecision *d)
{
  GbacwGame *game = view->game;
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) facings = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < d->hexes->len; i++)
    {
      int hex = g_array_index (d->hexes, int, i), near = view->enemy_near[hex], want;
      if (near < 0 || near == hex || (want = gbacw_query_direction_toward (game, hex, near)) < 0)
        continue;
      for (guint k = 0; k < d->units->len; k++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (d->units, int, k));
          if (u->hex != hex || u->facing == want)
            continue;
          g_array_append_val (units, u->index);
          g_array_append_val (facings, want);
          break;
        }
    }
  return gbacw_action_new_answer_facings ((const int *) (gpointer) units->data, (const int *) (gpointer) facings->data,
                                          units->len);
}

/* 13.43: a leader stays with the units still fighting (not routed) of his command in the
 * hex; he goes with the rout only when none of them stays and a routed unit is his, and
 * never along a rout that ends next to an enemy combat unit (if it is lost there he is
 * left alone by the enemy and captured, 17.54, 17.75). */
static GbacwAction *
answer_rout_leaders (AiView *view, const GbacwDecision *d)
{
  GbacwGame *game = view->game;
  const GArray *path = d->paths->len > 0 ? g_ptr_array_index (d->paths, 0) : NULL;
  int last = path != NULL && path->len > 0 ? g_array_index (path, int, path->len - 1) : d->hex;
  const GArray *stack = gbacw_game_stack (game, d->hex);
  g_autoptr (GArray) going = g_array_new (FALSE, FALSE, sizeof (int));

  if (last < 0 || view->enemy_dist[last] <= 1)
    return gbacw_action_new_answer_units (NULL, 0);
  for (guint i = 0; i < d->firers->len; i++)
    {
      int leader = g_array_index (d->firers, int, i);
      gboolean routed_is_his = FALSE, his_still_fighting = FALSE;

      for (guint k = 0; k < d->units->len; k++)
        routed_is_his |= gbacw_leader_commands (game, leader, g_array_index (d->units, int, k));
      for (guint k = 0; stack != NULL && k < stack->len; k++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, k));
          /* the routing units are routed too, so this leaves them out */
          if (u->side == d->side && gbacw_game_is_combat_unit (u) && !(u->status & GBACW_STATUS_ROUTED)
              && gbacw_leader_commands (game, leader, u->index))
            his_still_fighting = TRUE;
        }
      if (routed_is_his && !his_still_fighting)
        g_array_append_val (going, leader);
    }
  return gbacw_action_new_answer_units ((const int *) (gpointer) going->data, going->len);
}

/* An exclusive rule's choice of units (C 30.34: the reserves that try to commit): as many as
 * it allows, in the order it lists them (the module puts the likeliest first), so that the
 * reserves come into the battle as soon as the rules let them. */
static GbacwAction *
answer_exclusive_units (const GbacwDecision *d)
{
  guint n = MIN (d->firers->len, (guint) MAX (d->length, 0));

  return gbacw_action_new_answer_units ((const int *) (gpointer) d->firers->data, n);
}

/* Something legal whatever the question. */
static GbacwAction *
fallback_answer (const GbacwDecision *d)
{
  if (d->may_decline)
    return d->kind == GBACW_DECISION_FIRE ? gbacw_action_new_answer_fire (NULL, 0)
           : d->kind == GBACW_DECISION_ADVANCE || d->kind == GBACW_DECISION_ENGAGED_RETREAT
               || d->kind == GBACW_DECISION_ROUT_LEADERS || d->kind == GBACW_DECISION_EXCLUSIVE_UNITS
             ? gbacw_action_new_answer_units (NULL, 0)
             : gbacw_action_new_answer_path (NULL, 0);
  if (d->paths && d->paths->len > 0)
    return path_answer (d, 0);
  if (d->hexes && d->hexes->len > 0)
    return gbacw_action_new_answer_hex (g_array_index (d->hexes, int, 0));
  if (d->units && d->units->len > 0)
    return gbacw_action_new_answer_unit (g_array_index (d->units, int, 0));
  return gbacw_action_new_answer_path (NULL, 0);
}

/* The answer the exclusive rule that asked suggests (its exclusive_default hook: P 22.11,
 * J 35.5, J 36.4), or NULL. */
static GbacwAction *
module_answer (AiView *view, const GbacwDecision *d)
{
  GbacwGame *game = view->game;
  const GbacwPending *p = game->pending->len ? g_ptr_array_index (game->pending, 0) : NULL;
  const GbacwRuleHooks *hooks;

  if (p == NULL || p->kind != GBACW_PENDING_EXCLUSIVE || p->value < 0 || (guint) p->value >= game->hooks->len)
    return NULL;
  hooks = g_ptr_array_index (game->hooks, p->value);
  return hooks->exclusive_default ? hooks->exclusive_default (game, g_ptr_array_index (game->hook_data, p->value), p, d)
                                  : NULL;
}

static GbacwAction *
choose_answer (AiView *view, const GbacwDecision *d)
{
  GbacwAction *action = module_answer (view, d);
  gboolean module_answered = action != NULL;

  if (action && gbacw_ai_try (view, action))
    return action;
  action = NULL;   /* gbacw_ai_try freed the module's answer it refused */
  switch (d->kind)
    {
    case GBACW_DECISION_FIRE:
      action = answer_fire (view, d);
      break;
    case GBACW_DECISION_RETREAT_PATH:
      {
        int index = best_path (view, d);
        action = index >= 0 ? chosen_path (view, d, index) : NULL;
      }
      break;
    case GBACW_DECISION_PLACE_LEADER:
      action = answer_place_leader (view, d);
      break;
    case GBACW_DECISION_RETREAT_BEFORE_MELEE:
      action = answer_retreat_before_melee (view, d);
      break;
    case GBACW_DECISION_MELEE_LOSS:
      action = answer_melee_loss (view, d);
      break;
    case GBACW_DECISION_ADVANCE:
      action = answer_advance (view, d);
      break;
    case GBACW_DECISION_PROMOTE:
      action = answer_promote (view, d);
      break;
    case GBACW_DECISION_ENGAGED_RETREAT:
      action = answer_engaged (view, d);
      break;
    case GBACW_DECISION_MELEE_FACING:
      action = answer_melee_facing (view, d);
      break;
    case GBACW_DECISION_ROUT_LEADERS:
      action = answer_rout_leaders (view, d);
      break;
    case GBACW_DECISION_EXCLUSIVE_UNITS:
      /* a module that answers its own question (J 30.33) was asked above */
      action = module_answered ? NULL : answer_exclusive_units (d);
      break;
    case GBACW_DECISION_EXCLUSIVE_CHOICE:
      action = gbacw_action_new_answer_unit (0);   /* the module offers the likeliest first */
      break;
    default:
      break;
    }
  if (action && gbacw_ai_try (view, action))
    return action;
  action = fallback_answer (d);
  if (gbacw_ai_try (view, action))
    return action;
  /* nothing the AI knows is accepted: an empty answer (refused: gbacw_ai_step fails) */
  return gbacw_action_new_answer_path (NULL, 0);
}

/* ------------------------------------------------------------------ choosing */

#define MAX_REPEATS 64

static guint
decision_signature (const GbacwDecision *d)
{
  guint h = (guint) d->kind * 31u + (guint) d->side * 7u + (guint) d->hex * 131u + (guint) d->length;

  for (guint i = 0; d->units && i < d->units->len; i++)
    h = h * 33u + (guint) g_array_index (d->units, int, i);
  for (guint i = 0; d->paths && i < d->paths->len; i++)
    h = h * 17u + ((GArray *) g_ptr_array_index (d->paths, i))->len;
  return h;
}

/* Whether the enemy has fired at us: a fire resolved (9.0) in his Offensive Fire Phase or in
 * the Defensive Fire Phase of our Player-Turn, among the events since the last call. */
static void
note_enemy_fire (GbacwAi *ai, const GbacwGame *game)
{
  if (ai->events_seen > game->events->len)
    ai->events_seen = 0;   /* another game's */
  for (; !ai->enemy_fired && ai->events_seen < game->events->len; ai->events_seen++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, ai->events_seen);
      if (g_strcmp0 (e->rule_case, "9.0") == 0
          && ((e->phase == GBACW_PHASE_OFFENSIVE_FIRE && e->phasing_side != ai->side)
              || (e->phase == GBACW_PHASE_DEFENSIVE_FIRE && e->phasing_side == ai->side)))
        ai->enemy_fired = TRUE;
    }
  if (ai->enemy_fired)
    ai->events_seen = game->events->len;
}

GbacwAction *
gbacw_ai_choose (GbacwAi *ai, GbacwGame *game)
{
  const GbacwDecision *d;
  GbacwAction *action = NULL;
  AiView view;
  guint limit;

  if (gbacw_game_is_over (game) || gbacw_game_decider (game) != ai->side)
    return NULL;
  gbacw_outcome_update (ai->outcome, game);
  note_enemy_fire (ai, game);
  gbacw_ai_view_init (&view, ai, game);
  d = gbacw_game_decision (game);
  remember_phase (ai, game);
  if (d != NULL)
    {
      /* the same question over and over in one phase: the rules are going round in a
       * circle (gbacw_ai_step () stops) */
      guint signature = decision_signature (d);
      if (signature == ai->last_decision)
        ai->repeats++;
      else
        ai->repeats = 0;
      ai->last_decision = signature;
      action = choose_answer (&view, d);
      gbacw_ai_view_clear (&view);
      return action;
    }
  /* a phase never takes more actions than this: then it ends */
  limit = 8 * game->units->len + 64;
  /* 8.41: first, while the end of a Fire Phase lets some of our stacks be restacked */
  if (ai->n_actions < limit && ai->end_refused == 0 && game->restack_hexes->len > 0)
    action = gbacw_ai_choose_restack (&view, TRUE);
  if (action == NULL && ai->n_actions < limit && ai->end_refused == 0)
    switch (game->phase)
      {
      case GBACW_PHASE_MOVEMENT:
        action = gbacw_ai_choose_movement (&view);
        break;
      case GBACW_PHASE_DEFENSIVE_FIRE:
      case GBACW_PHASE_OFFENSIVE_FIRE:
        action = choose_fire (&view);
        break;
      case GBACW_PHASE_INITIAL_COMMAND:
        action = choose_command (&view);
        break;
      case GBACW_PHASE_RALLY:
        action = choose_rally (&view);
        break;
      case GBACW_PHASE_RETREAT_BEFORE_MELEE:
        action = choose_declare (&view);
        break;
      case GBACW_PHASE_MELEE:
        action = choose_melee (&view);
        break;
      case GBACW_PHASE_AMMUNITION_RESUPPLY:
        action = choose_resupply (&view);
        if (action == NULL)
          action = choose_transfer (&view);
        break;
      case GBACW_PHASE_FINAL_COMMAND:
        action = choose_recrew (&view);
        break;
      case GBACW_PHASE_EXCLUSIVE:
      case GBACW_PHASE_INTERPHASE:
      case GBACW_PHASE_GAME_OVER:
      default:
        break;
      }
  else if (action == NULL && game->phase == GBACW_PHASE_MOVEMENT && ai->end_refused > 0 && ai->end_refused < 3)
    /* the end was refused (stacking, 17.52): what can still be put right */
    action = gbacw_ai_choose_movement (&view);
  if (action == NULL)
    action = gbacw_action_new_end_phase ();
  ai->n_actions++;
  gbacw_ai_view_clear (&view);
  return action;
}

void
gbacw_ai_refused (GbacwAi *ai, const GbacwGame *game, const GbacwAction *action)
{
  remember_phase (ai, game);
  switch (action->kind)
    {
    case GBACW_ACTION_END_PHASE:
      ai->end_refused++;
      break;
    case GBACW_ACTION_MOVE:
      for (guint i = 0; i < action->move.units->len; i++)
        g_hash_table_insert (ai->stage, GINT_TO_POINTER (g_array_index (action->move.units, int, i)),
                             GINT_TO_POINTER (100));
      break;
    case GBACW_ACTION_CHANGE_FORMATION:
      for (guint i = 0; i < action->formation.units->len; i++)
        g_hash_table_insert (ai->stage, GINT_TO_POINTER (g_array_index (action->formation.units, int, i)),
                             GINT_TO_POINTER (100));
      break;
    case GBACW_ACTION_CHANGE_FACING:
      gbacw_ai_mark_tried (ai, AI_KEY (3, action->facing.hex, 0));
      break;
    case GBACW_ACTION_FIRE:
      gbacw_ai_mark_tried (ai, AI_KEY (2, action->fire.target,
                                       action->fire.firers->len > 0
                                         && gbacw_game_unit (game, g_array_index (action->fire.firers, GbacwFirer, 0).unit)->type
                                              == GBACW_UNIT_ARTILLERY));
      break;
    case GBACW_ACTION_ANSWER:
    default:
      break;
    }
}

gboolean
gbacw_ai_step (GbacwAi *ai, GbacwGame *game, GbacwAction **applied, GError **error)
{
  g_autoptr (GbacwAction) action = NULL;
  g_autoptr (GError) local = NULL;

  for (int attempt = 0; attempt < 4; attempt++)
    {
      action = gbacw_ai_choose (ai, game);
      if (action == NULL)
        {
          g_set_error (error, GBACW_AI_ERROR, GBACW_AI_ERROR_NOT_ITS_TURN,
                       gbacw_game_is_over (game) ? _("The game is over") : _("It is not %s's turn"),
                       gbacw_game_side_name (game, ai->side));
          return FALSE;
        }
      if (ai->repeats > MAX_REPEATS && gbacw_game_decision (game))
        {
          const GbacwDecision *d = gbacw_game_decision (game);
          g_set_error (error, GBACW_AI_ERROR, GBACW_AI_ERROR_STUCK,
                       _("[%s] %s is asked the same question again and again, whatever it answers: %s"), d->rule_case,
                       gbacw_game_side_name (game, ai->side), d->question);
          return FALSE;
        }
      if (gbacw_game_apply_action (game, action, &local))
        {
          if (applied)
            *applied = g_steal_pointer (&action);
          return TRUE;
        }
      gbacw_ai_refused (ai, game, action);
      if (action->kind == GBACW_ACTION_END_PHASE && ai->end_refused >= 3)
        break;
      g_clear_error (&local);
      g_clear_pointer (&action, gbacw_action_free);
    }
  g_set_error (error, GBACW_AI_ERROR, GBACW_AI_ERROR_STUCK, _("%s can do nothing the rules allow in the %s: %s"),
               gbacw_game_side_name (game, ai->side), gbacw_phase_name (game->phase),
               local ? local->message : _("every action was refused"));
  return FALSE;
}

GbacwAiPlayResult
gbacw_ai_play (GbacwGame *game, guint sides, int last_turn, GbacwAiObserver observer, gpointer user_data,
               GError **error)
{
  const GbacwAiLevel levels[2] = { GBACW_AI_LEVEL_NORMAL, GBACW_AI_LEVEL_NORMAL };
  return gbacw_ai_play_levels (game, sides, levels, last_turn, observer, user_data, error);
}

GbacwAiPlayResult
gbacw_ai_play_levels (GbacwGame *game, guint sides, const GbacwAiLevel levels[2], int last_turn,
                      GbacwAiObserver observer, gpointer user_data, GError **error)
{
  g_autoptr (GbacwAi) ai0 = (sides & 1) ? gbacw_ai_new (game, 0) : NULL;
  g_autoptr (GbacwAi) ai1 = (sides & 2) ? gbacw_ai_new (game, 1) : NULL;
  /* a generous bound: no game of the scenario's length takes this many actions */
  guint64 limit = (guint64) (game->last_turn - game->turn + 1) * 2 * (40 * game->units->len + 200) + 1000;

  if (ai0)
    gbacw_ai_set_level (ai0, levels[0]);
  if (ai1)
    gbacw_ai_set_level (ai1, levels[1]);

  for (guint64 n = 0;; n++)
    {
      g_autoptr (GbacwAction) applied = NULL;
      GbacwAi *ai;
      int side;

      if (gbacw_game_is_over (game))
        return GBACW_AI_PLAY_OVER;
      if (last_turn > 0 && game->turn > last_turn)
        return GBACW_AI_PLAY_TURN_LIMIT;
      side = gbacw_game_decider (game);
      ai = side == 0 ? ai0 : side == 1 ? ai1 : NULL;
      if (ai == NULL)
        return GBACW_AI_PLAY_WAITING;
      if (n >= limit)
        {
          /* the count formatted first: a format macro inside _() would cut the msgid */
          g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, n);
          g_set_error (error, GBACW_AI_ERROR, GBACW_AI_ERROR_LIMIT,
                       g_dngettext (GETTEXT_PACKAGE, "The game did not end after %s action",
                                    "The game did not end after %s actions", (gulong) MIN (n, G_MAXULONG)),
                       count);
          return GBACW_AI_PLAY_ERROR;
        }
      if (!gbacw_ai_step (ai, game, &applied, error))
        return GBACW_AI_PLAY_ERROR;
      if (observer && !observer (game, applied, user_data))
        return GBACW_AI_PLAY_STOPPED;
    }
}
