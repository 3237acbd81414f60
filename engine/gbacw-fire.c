/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-fire.c: fire combat (9.0-9.8). */
#define G_LOG_DOMAIN "gbacw-fire"

#include "gbacw-fire.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "gbacw-game-private.h"
#include "gbacw-morale.h"
#include "gbacw-movement.h"

static const GbacwHexGrid *
game_grid (const GbacwGame *game)
{
  return &game->scenario->map->grid;
}

static gboolean
is_small_arms_target (const GbacwGameUnit *u)
{
  return u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY;
}

/* ------------------------------------------------------------------ geometry */

void
gbacw_fire_line_hexsides (const GbacwGame *game, int from, int to, int exit[2], int entry[2])
{
  const GbacwHexGrid *grid = game_grid (game);
  g_autoptr (GArray) steps = NULL;
  const GbacwLineStep *first, *before;

  exit[0] = exit[1] = entry[0] = entry[1] = -1;
  if (from == to)
    return;
  if (gbacw_game_distance (game, from, to) == 1)
    {
      exit[0] = gbacw_game_direction_between (game, from, to);
      entry[0] = gbacw_game_direction_between (game, to, from);
      return;
    }
  steps = g_array_new (FALSE, FALSE, sizeof (GbacwLineStep));
  gbacw_hex_grid_line (grid, gbacw_hex_grid_hex_at (grid, from), gbacw_hex_grid_hex_at (grid, to), steps);
  if (steps->len < 3)
    return;
  first = &g_array_index (steps, GbacwLineStep, 1);
  before = &g_array_index (steps, GbacwLineStep, steps->len - 2);
  /* 9.33: a line leaving through a vertex (along a hexside) lies between two hexsides */
  exit[0] = gbacw_hex_grid_direction_to (grid, gbacw_hex_grid_hex_at (grid, from), first->hex);
  if (first->along_hexside)
    exit[1] = gbacw_hex_grid_direction_to (grid, gbacw_hex_grid_hex_at (grid, from), first->other);
  entry[0] = gbacw_hex_grid_direction_to (grid, gbacw_hex_grid_hex_at (grid, to), before->hex);
  if (before->along_hexside)
    entry[1] = gbacw_hex_grid_direction_to (grid, gbacw_hex_grid_hex_at (grid, to), before->other);
}

/* 7.0: the frontal hexsides of a unit, as a mask of directions; all six for units with
 * no facing. */
static guint
frontal_mask (const GbacwGame *game, const GbacwGameUnit *u)
{
  int f = u->facing;
  guint mask;

  if (u->type == GBACW_UNIT_CAVALRY && u->formation != GBACW_FORMATION_STATE_DISMOUNTED)
    mask = 1u << f;   /* 6.34: one frontal hexside for its own fire */
  else if (u->formation == GBACW_FORMATION_STATE_LINE || u->formation == GBACW_FORMATION_STATE_DISMOUNTED
           || u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
    mask = (1u << f) | (1u << ((f + 1) % 6)) | (1u << ((f + 5) % 6));
  else
    mask = 0x3f;
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->frontal)
      mask = hooks->frontal (game, data, u->index, mask);
  return mask;
}

gboolean
gbacw_fire_enfilades (const GbacwGame *game, int unit, const int entry[2])
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  guint frontal;

  if (u->status & GBACW_STATUS_ROUTED)
    return TRUE;   /* 6.35 */
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->always_enfiladed && hooks->always_enfiladed (game, data, unit))
      return TRUE;   /* J 34.1 */
  switch (u->type)
    {
    case GBACW_UNIT_WAGON:
      return TRUE;   /* 7.0 */
    case GBACW_UNIT_CAVALRY:
      if (u->formation != GBACW_FORMATION_STATE_DISMOUNTED)
        return TRUE;   /* 6.14, 7.0 */
      break;
    case GBACW_UNIT_INFANTRY:
      if (u->formation == GBACW_FORMATION_STATE_COLUMN)
        return TRUE;   /* 7.0 */
      break;
    case GBACW_UNIT_ARTILLERY:
      if (u->formation != GBACW_FORMATION_STATE_UNLIMBERED)
        return TRUE;   /* 7.0 */
      break;
    case GBACW_UNIT_LEADER:
    default:
      return FALSE;    /* no facing: always frontal */
    }
  frontal = frontal_mask (game, u);
  /* 7.23: through a rear hexside; a line along a frontal and a rear hexside is frontal */
  if (entry[0] < 0)
    return FALSE;
  if (frontal & (1u << entry[0]))
    return FALSE;
  return !(entry[1] >= 0 && (frontal & (1u << entry[1])));
}

gboolean
gbacw_fire_rapid_played (const GbacwGame *game)
{
  for (guint i = 0; i < game->hooks->len; i++)
    if (((const GbacwRuleHooks *) g_ptr_array_index (game->hooks, i))->rapid_fire)
      return TRUE;
  return FALSE;
}

gboolean
gbacw_fire_los (const GbacwGame *game, int from_hex, int to_hex, GbacwLosResult *result)
{
  GbacwLosResult local;

  if (result == NULL)
    result = &local;
  /* 9.72, 9.73: the positions are the ground plus the units standing there */
  gbacw_los_check (game->los, from_hex, to_hex, MAX (GBACW_LOS_MAN_HEIGHT, gbacw_los_get_unit_height (game->los, from_hex)),
                   MAX (GBACW_LOS_MAN_HEIGHT, gbacw_los_get_unit_height (game->los, to_hex)), result);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->los_adjust)
      hooks->los_adjust (game, data, from_hex, to_hex, result);
  return result->clear;
}

int
gbacw_fire_top_unit (const GbacwGame *game, int hex)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  int other = -1;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (is_small_arms_target (u))
        return u->index;   /* 8.21 */
      if (other < 0 && gbacw_game_is_combat_unit (u) && !gbacw_game_unit_ignored (game, u))
        other = u->index;   /* J 21.23: not abandoned guns */
    }
  return other;
}

double
gbacw_fire_available (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (u->type == GBACW_UNIT_ARTILLERY)
    return u->crew == GBACW_CREW_HALF ? (u->guns + 1) / 2 : u->guns;   /* 9.13, 15.13 */
  return u->strength;   /* 9.12; wagons fire as Line infantry with their crew (6.0, 11.1) */
}

/* 6.14: mounted cavalry fires only with pistols, Colt repeaters or carbines; the
 * Range Effects chart row's name says which weapon a letter is. */
static gboolean
mounted_fire_weapon (const GbacwGame *game, const char *weapon)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (game->scenario, "range-effects");
  int r = chart ? gbacw_chart_find_row (chart, weapon) : -1;
  g_autofree char *name = NULL;

  if (r < 0)
    return FALSE;
  name = g_utf8_strdown (((GbacwChartRow *) g_ptr_array_index (chart->rows, r))->name ?: "", -1);
  return strstr (name, "carbine") || strstr (name, "pistol") || strstr (name, "colt") || strstr (name, "repeater");
}

/* ------------------------------------------------------------------ checks */

static gboolean
fail (GError **error, GbacwGameError code, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError **error, GbacwGameError code, const char *format, ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  *error = g_error_new_valist (GBACW_GAME_ERROR, code, format, args);
  va_end (args);
  return FALSE;
}

/* Whether the unit may fire at all now. */
static gboolean
firer_ready (GbacwGame *game, const GbacwGameUnit *u, gboolean free_shot, GError **error)
{
  g_autofree char *label = gbacw_game_unit_label (game, u->index);

  if (u->hex < 0 || !gbacw_game_is_combat_unit (u))
    return fail (error, GBACW_GAME_ERROR_INVALID, _("%s is not a combat unit on the map"), label);
  if (u->oob->weapon == NULL)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.21] %s has no weapon type and may not fire"), label);
  if (u->status & GBACW_STATUS_ROUTED)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[13.32] %s is routed and may not fire"), label);
  if ((u->status & GBACW_STATUS_PINNED) && !free_shot)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.84] %s is pinned and may not fire in a Fire Phase"), label);
  if (u->status & GBACW_STATUS_ENGAGED)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.94] %s is engaged and may not fire"), label);
  if (u->status & GBACW_STATUS_AMMO_DEPLETED)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[11.22] %s is out of ammunition and may not fire"), label);
  if (u->status & GBACW_STATUS_ABANDONED)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[15.16] %s has no crew with its guns"), label);
  if (u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[6.11] %s is in column and may not fire"), label);
  if (u->type == GBACW_UNIT_ARTILLERY && u->formation != GBACW_FORMATION_STATE_UNLIMBERED)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[6.32] %s is limbered and may not fire"), label);
  if (u->type == GBACW_UNIT_CAVALRY && u->formation != GBACW_FORMATION_STATE_DISMOUNTED
      && !mounted_fire_weapon (game, u->oob->weapon))
    return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                 _("[6.14] %s is mounted and fires only with pistols, Colt repeaters or carbines"), label);
  if (u->type == GBACW_UNIT_ARTILLERY && u->moved)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[15.0] %s moved this Player-Turn and may not fire"), label);
  if (u->type == GBACW_UNIT_ARTILLERY && u->rounds != GBACW_UNSET && u->rounds <= 0)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[11.31] %s has no rounds left"), label);
  if (u->type == GBACW_UNIT_ARTILLERY && u->transfer_turn == game->turn)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                 _("[11.33] %s transferred rounds this Game-Turn and spends it without firing"), label);
  if ((u->type == GBACW_UNIT_WAGON || gbacw_game_is_wagon_crew (u))
      && (free_shot || game->phase != GBACW_PHASE_DEFENSIVE_FIRE || u->strength <= 0))
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[11.16] A wagon crew fires only in its side's Defensive Fire Phase"));
  if (u->out_of_command && game->phase == GBACW_PHASE_OFFENSIVE_FIRE && !free_shot)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                 _("[17.11] %s is out of command and may not fire in the Offensive Fire Phase"), label);
  return TRUE;
}

static int
fire_per_hexside (const GbacwGame *game, int hex)
{
  GbacwStackingLimits limits;

  gbacw_rules_data_stacking_limits (game->rules, game->scenario->map, hex, FALSE, &limits);
  /* 9.3 prints four when the chart does not say */
  return limits.fire_per_hexside != GBACW_UNSET ? limits.fire_per_hexside : 4;
}

static int
hexside_used (const GbacwGame *game, int hex, int direction)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (game->hexside_fire, GINT_TO_POINTER (hex * 6 + direction)));
}

/* 9.5: the hex's terrain (the most beneficial to the defender, 5.15) and the hexsides
 * the fire crosses into it, each counted once. */
static int
terrain_shift (GbacwGame *game, GbacwFireResolution *res)
{
  const GbacwCatalogue *cat = &game->scenario->catalogue;
  const GbacwMap *map = game->scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  int hex = res->target_hex, best = 0, sides = 0;
  guint32 counted = 0;
  guint64 mask = map->terrain[hex];

  for (guint t = 0; mask && t < cat->hex_terrains->len; t++)
    {
      int shift;
      if ((mask & (G_GUINT64_CONSTANT (1) << t))
          && gbacw_terrain_fire_shift (game->scenario, ((GbacwHexTerrain *) g_ptr_array_index (cat->hex_terrains, t))->id, &shift))
        best = MIN (best, shift);
    }
  for (guint c = 0; c < res->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
      for (int k = 0; k < 2; k++)
        {
          GbacwHexsideId id;
          guint32 features;
          if (fc->entry[k] < 0)
            continue;
          id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex), fc->entry[k]);
          features = id != GBACW_HEXSIDE_NONE ? map->hexside_features[id] : 0;
          for (guint t = 0; features && t < cat->hexside_types->len; t++)
            {
              const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, t);
              int shift;
              if (!(features & (1u << t)) || (counted & (1u << t)) || !gbacw_terrain_fire_shift (game->scenario, type->id, &shift)
                  || shift == 0)
                continue;
              if (type->side == GBACW_SIDE_MODE_ELEVATION && map->elevation[fc->hex] >= map->elevation[hex])
                continue;   /* 9.52: only against a firer at a lower elevation */
              if (type->side == GBACW_SIDE_MODE_INSIDE)
                {
                  GbacwHex a;
                  gboolean inside_is_b = (map->hexside_inside[id] >> t) & 1;
                  gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, NULL);
                  if ((gbacw_hex_grid_index (grid, a) == hex) == inside_is_b)
                    continue;   /* only for the unit inside (C 23.24) */
                }
              counted |= 1u << t;
              sides += shift;
            }
        }
    }
  return best + sides;
}

static void
fill_roll (GbacwGame *game, GbacwFireResolution *res, GbacwFireRoll *roll, int net_without_enfilade, GError **error)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, roll->unit);
  int base, net;

  roll->grapeshot = res->artillery && is_small_arms_target (u);   /* 9.14 */
  roll->enfiladed = FALSE;
  for (guint c = 0; c < res->contributions->len && !roll->enfiladed; c++)
    roll->enfiladed = gbacw_fire_enfilades (game, roll->unit,
                                            g_array_index (res->contributions, GbacwFireContribution, c).entry);
  roll->enfilade_shift = roll->enfiladed ? 1 : 0;   /* 7.23, 9.61 */
  base = gbacw_fire_crt_column (game->scenario, roll->grapeshot, res->total, &res->n_columns, error);
  net = CLAMP (net_without_enfilade + roll->enfilade_shift, -2, 2);   /* 9.51 */
  roll->column = base < 0 ? -1 : CLAMP (base + net, 0, res->n_columns - 1);
}

static const char *
double_shot_case (const GbacwGame *game, int unit, int range, gboolean free_shot, GError **error)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->double_shot)
      {
        g_autoptr (GError) refusal = NULL;
        const char *rule_case = hooks->double_shot (game, data, unit, range, free_shot, &refusal);
        if (refusal)
          {
            g_propagate_error (error, g_steal_pointer (&refusal));
            return NULL;
          }
        if (rule_case)
          return rule_case;
      }
  if (error != NULL)
    {
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.25] No rule of this game lets %s fire double shot"), label);
    }
  return NULL;
}

gboolean
gbacw_fire_rapid_allowed (GbacwGame *game, int unit, int target_hex, GError **error)
{
  GbacwFirer firer = { .unit = unit, .strength = 0, .direction = -1, .rapid = TRUE };
  g_autoptr (GbacwAction) action = NULL;

  if (!gbacw_fire_rapid_played (game))
    {
      fail (error, GBACW_GAME_ERROR_ILLEGAL, _("No exclusive rule of this scenario plays rapid fire"));
      return FALSE;
    }
  /* the module's own checks (C 24.1, 24.11, 24.12, fouled guns): nothing repeated here */
  action = gbacw_action_new_fire (target_hex, &firer, 1);
  return gbacw_game_check_action (game, action, error);
}

gboolean
gbacw_fire_double_shot_allowed (const GbacwGame *game, int unit, int range, gboolean free_shot)
{
  return double_shot_case (game, unit, range, free_shot, NULL) != NULL;
}

/* A firer's double shot (GbacwFirer.double_shot): allowed by a FIRE-STR hook (J 21.4), its
 * multiplier doubled; else refused. */
static gboolean
double_shot (GbacwGame *game, GbacwFireContribution *fc, gboolean free_shot, GError **error)
{
  fc->double_shot_case = double_shot_case (game, fc->unit, fc->range, free_shot, error);
  if (fc->double_shot_case == NULL)
    return FALSE;
  fc->multiplier *= 2;
  return TRUE;
}

static int
top_target (const GbacwGame *game, const GbacwFireResolution *res, int hex)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  int other = -1;

  if (res->targets == NULL && res->rapid)
    {
      /* C 24.12: rapid fire falls on the infantry or cavalry, whatever the stacking order */
      for (guint i = 0; stack && i < stack->len; i++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
          if (is_small_arms_target (u) && u->crew_of < 0 && u->side != res->firing_side)
            return u->index;
        }
      return -1;
    }
  if (res->targets == NULL)
    return gbacw_fire_top_unit (game, hex);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (!gbacw_int_array_has (res->targets, u->index))
        continue;
      if (is_small_arms_target (u))
        return u->index;
      if (other < 0 && gbacw_game_is_combat_unit (u) && !gbacw_game_unit_ignored (game, u))
        other = u->index;
    }
  return other;
}

static gboolean
is_target (const GbacwFireResolution *res, int unit)
{
  return res->targets == NULL || gbacw_int_array_has (res->targets, unit);
}

/* Whether hex holds a combat unit of side that fire there would fall on: any but abandoned
 * guns of no game significance (J 21.23, gbacw_game_unit_ignored ()). */
static gboolean
own_unit_in (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && gbacw_game_is_combat_unit (u) && !gbacw_game_unit_ignored (game, u))
        return TRUE;
    }
  return FALSE;
}

static GbacwFireResolution *
compute (GbacwGame *game, int firing_side, int target_hex, const GArray *targets, int target_facing,
         const GbacwFirer *firers, guint n_firers, GError **error)
{
  g_autoptr (GbacwFireResolution) res = g_new0 (GbacwFireResolution, 1);
  gboolean free_shot = firing_side >= 0;
  g_autoptr (GHashTable) side_use = g_hash_table_new (g_direct_hash, g_direct_equal);
  gboolean any_artillery = FALSE, any_small_arms = FALSE;
  int top;
  const GArray *stack;
  g_autofree char *target_label = NULL;
  int net;

  res->contributions = g_array_new (FALSE, FALSE, sizeof (GbacwFireContribution));
  res->rolls = g_array_new (FALSE, FALSE, sizeof (GbacwFireRoll));
  res->modifiers = g_array_new (FALSE, FALSE, sizeof (GbacwFireModifier));
  res->target_hex = target_hex;
  res->min_range = G_MAXINT;

  res->free_shot = free_shot;
  if (targets)
    res->targets = g_array_copy ((GArray *) targets);
  if (!free_shot && game->phase != GBACW_PHASE_DEFENSIVE_FIRE && game->phase != GBACW_PHASE_OFFENSIVE_FIRE)
    {
      fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.0] Units fire in the Defensive and Offensive Fire Phases"));
      return NULL;
    }
  if (!free_shot)
    firing_side = gbacw_game_decider (game);
  if (target_hex < 0 || target_hex >= game->n_hexes)
    {
      fail (error, GBACW_GAME_ERROR_INVALID, _("No such target hex"));
      return NULL;
    }
  target_label = gbacw_game_hex_label (game, target_hex);
  if (n_firers == 0)
    {
      fail (error, GBACW_GAME_ERROR_INVALID, _("No unit fires"));
      return NULL;
    }
  for (guint i = 0; i < n_firers; i++)
    if (firers[i].unit >= 0 && (guint) firers[i].unit < game->units->len
        && gbacw_game_unit (game, firers[i].unit)->side != firing_side)
      {
        g_autofree char *label = gbacw_game_unit_label (game, firers[i].unit);
        fail (error, GBACW_GAME_ERROR_ILLEGAL,
              game->phase == GBACW_PHASE_DEFENSIVE_FIRE ? _("[4.0] Only the non-phasing player fires in the Defensive Fire Phase (%s)")
                                                        : _("[4.0] Only the phasing player fires in the Offensive Fire Phase (%s)"),
              label);
        return NULL;
      }
  if (!gbacw_game_hex_has_side (game, target_hex, 1 - firing_side, TRUE))
    {
      fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.0] There is no enemy combat unit in %s"), target_label);
      return NULL;
    }
  stack = gbacw_game_stack (game, target_hex);
  for (guint i = 0; stack && i < stack->len; i++)
    if (gbacw_game_unit (game, g_array_index (stack, int, i))->status & GBACW_STATUS_ENGAGED)
      {
        fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.6] Units may not fire into the engaged hex %s"), target_label);
        return NULL;
      }
  /* 9.0: fire is at the enemy; a hex our own combat unit shares with enemy units (abandoned
   * guns it has reached, C 24.2, J 21.27) is not a target, or the fire would fall on it;
   * our own abandoned guns of no game significance there (J 21.23) are nobody it falls on
   * (J 21.27: the enemy on them must survive our Defensive Fire) */
  if (own_unit_in (game, target_hex, firing_side))
    {
      fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.0] %s holds a unit of the firing side: fire there would fall on it"),
            target_label);
      return NULL;
    }
  res->firing_side = firing_side;

  for (guint i = 0; i < n_firers; i++)
    {
      const GbacwFirer *f = &firers[i];
      GbacwFireContribution fc = { 0 };
      const GbacwGameUnit *u;
      g_autofree char *label = NULL;
      GbacwLosResult los;
      g_autoptr (GError) chart_error = NULL;
      int exit[2];
      guint frontal;
      double available, left;

      if (f->unit < 0 || (guint) f->unit >= game->units->len)
        {
          fail (error, GBACW_GAME_ERROR_INVALID, _("No unit number %d"), f->unit);
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (firers[j].unit == f->unit)
          {
            fail (error, GBACW_GAME_ERROR_INVALID, _("A unit is named twice in one fire"));
            return NULL;
          }
      u = gbacw_game_unit (game, f->unit);
      label = gbacw_game_unit_label (game, f->unit);
      if (u->side != firing_side)
        {
          fail (error, GBACW_GAME_ERROR_ILLEGAL,
                game->phase == GBACW_PHASE_DEFENSIVE_FIRE ? _("[4.0] Only the non-phasing player fires in the Defensive Fire Phase (%s)")
                                                          : _("[4.0] Only the phasing player fires in the Offensive Fire Phase (%s)"),
                label);
          return NULL;
        }
      if (!firer_ready (game, u, free_shot, error))
        return NULL;
      if (u->type == GBACW_UNIT_ARTILLERY)
        any_artillery = TRUE;
      else
        any_small_arms = TRUE;
      if (any_artillery && any_small_arms)
        {
          fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.41] Artillery and small arms never fire together"));
          return NULL;
        }

      fc.unit = f->unit;
      fc.hex = u->hex;
      fc.range = gbacw_game_distance (game, u->hex, target_hex);
      if (fc.range == 0)
        {
          fail (error, GBACW_GAME_ERROR_INVALID, _("%s cannot fire into its own hex"), label);
          return NULL;
        }
      if (!gbacw_range_multiplier (game->scenario, u->oob->weapon, fc.range, &fc.multiplier, &chart_error))
        {
          fail (error, chart_error->code == GBACW_CHART_ERROR_NOT_ALLOWED ? GBACW_GAME_ERROR_ILLEGAL : GBACW_GAME_ERROR_CHART,
                "%s", chart_error->message);
          return NULL;
        }
      if (!gbacw_fire_los (game, u->hex, target_hex, &los))
        {
          g_autofree char *obstacle = gbacw_game_hex_label (game, los.hex);
          fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.7] %s has no line of sight to %s (blocked at %s)"), label,
                target_label, obstacle);
          return NULL;
        }

      /* 7.22, 9.61: only through a frontal hexside; 9.33: which one */
      gbacw_fire_line_hexsides (game, u->hex, target_hex, exit, fc.entry);
      frontal = frontal_mask (game, u);
      if (f->direction >= 0)
        {
          if (f->direction != exit[0] && f->direction != exit[1])
            {
              fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.33] The line of fire from %s to %s does not cross that hexside"),
                    label, target_label);
              return NULL;
            }
          fc.direction = f->direction;
        }
      else
        {
          gboolean a = exit[0] >= 0 && (frontal & (1u << exit[0]));
          gboolean b = exit[1] >= 0 && (frontal & (1u << exit[1]));
          if (a && b && u->type != GBACW_UNIT_ARTILLERY)
            {
              fail (error, GBACW_GAME_ERROR_INVALID,
                    _("[9.33] The line of fire from %s to %s passes between two hexsides: name the hexside it fires through"),
                    label, target_label);
              return NULL;
            }
          fc.direction = a ? exit[0] : b ? exit[1] : exit[0];
        }
      if (fc.direction < 0 || !(frontal & (1u << fc.direction)))
        {
          fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[7.22] %s may fire only through its frontal hexsides"), label);
          return NULL;
        }

      /* 9.45, 9.46: split fire (a free shot is outside the Fire Phase's accounting, 10.17) */
      available = gbacw_fire_available (game, f->unit);
      left = free_shot ? available : available - u->fire_used;
      fc.committed = f->strength > 0 ? f->strength : left;
      if (free_shot && f->strength <= 0 && u->type != GBACW_UNIT_ARTILLERY)
        {
          /* as much as the hexside allows (9.3) */
          int key = u->hex * 6 + fc.direction;
          int in_action = GPOINTER_TO_INT (g_hash_table_lookup (side_use, GINT_TO_POINTER (key)));
          fc.committed = MIN (left, MAX (0, fire_per_hexside (game, u->hex) - in_action));
        }
      if (left <= 0 || fc.committed > left + 1e-9)
        {
          fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.45] %s has %g of its %g strength left to fire"), label, MAX (left, 0),
                available);
          return NULL;
        }
      fc.whole = (free_shot || u->fire_used == 0) && fabs (fc.committed - available) < 1e-9;
      if (f->double_shot && !double_shot (game, &fc, free_shot, error))
        return NULL;
      fc.base_strength = fc.strength = fc.committed * fc.multiplier;
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (hooks->fire_strength)
          {
            GbacwFireModifier m = { hooks->id, GBACW_FIRE_MODIFIER_STRENGTH, f->unit, fc.strength, 0, 0 };
            fc.strength = hooks->fire_strength (game, data, f->unit, target_hex, fc.strength);
            m.after = fc.strength;
            if (m.after != m.before)
              g_array_append_val (res->modifiers, m);
          }
      if (f->rapid)
        {
          gboolean played = FALSE;
          double before = fc.strength;
          fc.rapid = TRUE;
          GBACW_FOREACH_HOOK (game, hooks, data)
            if (hooks->rapid_fire && !played)
              {
                if (!hooks->rapid_fire (game, data, res, &fc, &played, error))
                  return NULL;
                if (played && fc.strength != before)
                  {
                    GbacwFireModifier m = { hooks->id, GBACW_FIRE_MODIFIER_STRENGTH, f->unit, before, fc.strength, 0 };
                    g_array_append_val (res->modifiers, m);
                  }
              }
          if (!played)
            {
              fail (error, GBACW_GAME_ERROR_ILLEGAL, _("%s may not rapid-fire: no exclusive rule of this scenario plays it"),
                    label);
              return NULL;
            }
          res->rapid = TRUE;
        }
      if (!fc.whole && fc.strength < 1.0 - 1e-9)
        {
          fail (error, GBACW_GAME_ERROR_ILLEGAL,
                _("[9.46] Split fire must give at least one point against each target: %s would fire %g at %s"), label,
                fc.strength, target_label);
          return NULL;
        }

      /* 9.3, 9.31, 9.32: four small-arms points (before range) per frontal hexside; artillery is not limited */
      if (u->type != GBACW_UNIT_ARTILLERY)
        {
          int key = u->hex * 6 + fc.direction;
          int in_action = GPOINTER_TO_INT (g_hash_table_lookup (side_use, GINT_TO_POINTER (key)));
          int used = (free_shot ? 0 : hexside_used (game, u->hex, fc.direction)) + in_action;
          int limit = fire_per_hexside (game, u->hex);
          int committed = (int) ceil (fc.committed - 1e-9);
          if (used + committed > limit)
            {
              g_autofree char *from_label = gbacw_game_hex_label (game, u->hex);
              fail (error, GBACW_GAME_ERROR_ILLEGAL,
                    g_dngettext (GETTEXT_PACKAGE, "[9.3] Only %d small-arms Strength Point may fire out of %s through one hexside; %d already do",
                                 "[9.3] Only %d small-arms Strength Points may fire out of %s through one hexside; %d already do",
                                 limit),
                    limit, from_label, used);
              return NULL;
            }
          g_hash_table_insert (side_use, GINT_TO_POINTER (key), GINT_TO_POINTER (in_action + committed));
        }
      res->min_range = MIN (res->min_range, fc.range);
      res->total += fc.strength;
      g_array_append_val (res->contributions, fc);
    }
  res->artillery = any_artillery;

  /* 9.44: once per Fire Phase by small arms, once by artillery */
  for (guint i = 0; stack && i < stack->len && !free_shot; i++)
    {
      const GbacwGameUnit *t = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (t->fired_upon & (res->artillery ? GBACW_FIRED_ARTILLERY : GBACW_FIRED_SMALL_ARMS))
        {
          g_autofree char *label = gbacw_game_unit_label (game, t->index);
          fail (error, GBACW_GAME_ERROR_ILLEGAL,
                res->artillery ? _("[9.44] %s has already been fired on by artillery in this phase")
                               : _("[9.44] %s has already been fired on by small arms in this phase"),
                label);
          return NULL;
        }
    }

  /* 8.32-8.35: density of the whole hex (8.23); of the units fired at by a free shot */
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *t = gbacw_game_unit (game, g_array_index (stack, int, i));
      GbacwPlacement placement = { 0 };
      if (!is_target (res, t->index) || gbacw_game_unit_ignored (game, t))
        continue;   /* J 21.23 */
      placement.strength = t->type == GBACW_UNIT_ARTILLERY ? t->guns : t->strength;
      res->density_sp += gbacw_game_is_combat_unit (t) ? gbacw_unit_stacking_points (t->oob, &placement) : 0;
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->density_sp)
      res->density_sp = hooks->density_sp (game, data, res, res->density_sp);
  {
    g_autoptr (GError) chart_error = NULL;
    if (!gbacw_density_shift (game->scenario, res->density_sp, &res->density_shift, &chart_error))
      {
        fail (error, GBACW_GAME_ERROR_CHART, "[8.35] %s", chart_error->message);
        return NULL;
      }
  }
  res->terrain_shift = terrain_shift (game, res);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->fire_shift)
      {
        GbacwFireModifier m = { hooks->id, GBACW_FIRE_MODIFIER_SHIFT, -1, 0, 0, hooks->fire_shift (game, data, res) };
        res->hook_shift += m.value;
        if (m.value != 0)
          g_array_append_val (res->modifiers, m);
      }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->fire_drm)
      {
        GbacwFireModifier m = { hooks->id, GBACW_FIRE_MODIFIER_DRM, -1, 0, 0, hooks->fire_drm (game, data, res) };
        res->drm += m.value;
        if (m.value != 0)
          g_array_append_val (res->modifiers, m);
      }
  net = res->density_shift + res->terrain_shift + res->hook_shift;

  /* 8.21 the top unit, or 8.22 each unit for artillery at three hexes or more */
  top = top_target (game, res, target_hex);
  if (top < 0)
    {
      fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.0] There is no enemy combat unit in %s"), target_label);
      return NULL;
    }
  res->per_unit = FALSE;
  if (res->artillery && res->min_range >= 3 && !res->rapid)
    {
      int n = 0;
      for (guint i = 0; stack && i < stack->len; i++)
        n += gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (stack, int, i)))
             && is_target (res, g_array_index (stack, int, i))
             && !gbacw_game_unit_ignored (game, gbacw_game_unit (game, g_array_index (stack, int, i)));
      res->per_unit = n > 1;
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (res->per_unit && hooks->fire_top_only && (res->top_only_case = hooks->fire_top_only (game, data, res)))
          res->per_unit = FALSE;
    }
  for (guint i = 0; stack && i < stack->len; i++)
    {
      int unit = g_array_index (stack, int, i);
      GbacwFireRoll roll = { 0 };
      g_autoptr (GError) chart_error = NULL;
      GbacwGameUnit *tu = gbacw_game_unit (game, unit);
      int facing = tu->facing;

      if (res->per_unit ? !gbacw_game_is_combat_unit (tu) || !is_target (res, unit) || gbacw_game_unit_ignored (game, tu)
                        : unit != top)
        continue;
      roll.unit = unit;
      if (target_facing >= 0)
        tu->facing = target_facing;   /* 10.16 */
      fill_roll (game, res, &roll, net, &chart_error);
      tu->facing = facing;
      if (roll.column < 0)
        {
          fail (error, GBACW_GAME_ERROR_CHART, "[9.16] %s", chart_error ? chart_error->message : "");
          return NULL;
        }
      g_array_append_val (res->rolls, roll);
    }
  return g_steal_pointer (&res);
}

GbacwFireResolution *
gbacw_fire_compute (GbacwGame *game, int target_hex, const GbacwFirer *firers, guint n_firers, GError **error)
{
  return compute (game, -1, target_hex, NULL, -1, firers, n_firers, error);
}

GbacwFireResolution *
gbacw_fire_compute_free (GbacwGame *game, int firing_side, int target_hex, const GArray *targets, int target_facing,
                         const GbacwFirer *firers, guint n_firers, GError **error)
{
  g_return_val_if_fail (firing_side >= 0, NULL);
  return compute (game, firing_side, target_hex, targets, target_facing, firers, n_firers, error);
}

void
gbacw_fire_resolution_free (GbacwFireResolution *resolution)
{
  if (resolution == NULL)
    return;
  g_clear_pointer (&resolution->targets, g_array_unref);
  g_clear_pointer (&resolution->contributions, g_array_unref);
  g_clear_pointer (&resolution->rolls, g_array_unref);
  g_clear_pointer (&resolution->modifiers, g_array_unref);
  g_free (resolution);
}

void
gbacw_fire_resolution_free_ptr (gpointer resolution)
{
  gbacw_fire_resolution_free (resolution);
}

/* ------------------------------------------------------------------ resolution */

gboolean
gbacw_fire_check_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  g_autoptr (GbacwFireResolution) res = NULL;

  if (action->fire.firers == NULL)
    return fail (error, GBACW_GAME_ERROR_INVALID, _("No unit fires"));
  res = gbacw_fire_compute (game, action->fire.target, (const GbacwFirer *) action->fire.firers->data,
                            action->fire.firers->len, error);
  return res != NULL;
}

static void
log_resolution (GbacwGame *game, const GbacwFireResolution *res, const GbacwFireRoll *roll, int net)
{
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *target = gbacw_game_hex_label (game, res->target_hex);
  g_autofree char *unit = gbacw_game_unit_label (game, roll->unit);
  g_autofree char *result = gbacw_crt_result_to_string (&roll->result);

  for (guint c = 0; c < res->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
      g_autofree char *label = gbacw_game_unit_label (game, fc->unit);
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%s%s %g × %g at %d hex = %g", "%s%s %g × %g at %d hexes = %g", fc->range),
                              c ? "; " : "", label, fc->committed, fc->multiplier,
                              fc->range, fc->strength);
    }
  gbacw_game_log (game, "9.0",
                  _("%s fire at %s (%s): %s; total %g on the %s row; shifts: density %+d, terrain %+d, enfilade %+d, "
                    "other %+d, net %+d (9.51); column %d; die %d: %s"),
                  res->artillery ? _("Artillery") : _("Small-arms"), target, unit, s->str, res->total,
                  roll->grapeshot ? _("grapeshot") : _("small-arms and counter-battery"), res->density_shift,
                  res->terrain_shift, roll->enfilade_shift, res->hook_shift, net, roll->column + 1, roll->die, result);
  if (res->top_only_case)
    gbacw_game_log (game, res->top_only_case, _("Artillery fire from beyond 3 hexes at a stack of sections: only %s is "
                                                "affected, any excess on the sections beneath"), unit);
}

int
gbacw_fire_modified_die (const GbacwFireResolution *resolution, int die)
{
  return CLAMP (die + resolution->drm, 1, 6);
}

/* Rolls the dice of a resolution (with the FIRE-DRM hooks' modifier), logs it, and makes
 * the ammunition checks of a die of 1 (11.21). */
static void
roll_resolution (GbacwGame *game, GbacwFireResolution *res)
{
  int first_die = 0;

  for (guint c = 0; c < res->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
      if (fc->double_shot_case)
        {
          g_autofree char *label = gbacw_game_unit_label (game, fc->unit);
          gbacw_game_log (game, fc->double_shot_case, _("%s fires double shot: its Range Effects multiplier is doubled"),
                          label);
        }
    }
  for (guint r = 0; r < res->rolls->len; r++)
    {
      GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, r);
      g_autoptr (GError) chart_error = NULL;
      int die = gbacw_dice_roll (game->dice);
      int net = CLAMP (res->density_shift + res->terrain_shift + res->hook_shift + roll->enfilade_shift, -2, 2);

      if (r == 0)
        first_die = die;
      roll->die = gbacw_fire_modified_die (res, die);
      if (!gbacw_fire_crt_result (game->scenario, roll->column, roll->die, &roll->result, &chart_error))
        {
          gbacw_game_log (game, "9.16", "%s", chart_error->message);
          memset (&roll->result, 0, sizeof roll->result);
        }
      log_resolution (game, res, roll, net);
    }

  /* 11.21: a die of 1 calls for an ammunition check by each small-arms unit that fired;
   * batteries count rounds instead (11.31) unless an exclusive rule has them check too
   * (J 21.3); a double shot's die of 2 too (J 21.4) */
  if (first_die == 1 || first_die == 2)
    for (guint c = 0; c < res->contributions->len; c++)
      {
        const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
        GbacwGameUnit *u = gbacw_game_unit (game, fc->unit);
        g_autofree char *label = NULL;
        int threshold = res->artillery ? 0 : 2;
        const char *rule_case = res->artillery ? NULL : "11.21";
        int die;

        if (first_die == 2 && !fc->double_shot_case)
          continue;
        GBACW_FOREACH_HOOK (game, hooks, data)
          if (hooks->ammo_depletion)
            {
              const char *module_case = hooks->ammo_depletion (game, data, fc->unit, &threshold);
              if (module_case != NULL)
                rule_case = module_case;
            }
        if (rule_case == NULL)
          continue;
        if (first_die == 2)
          rule_case = fc->double_shot_case;
        label = gbacw_game_unit_label (game, fc->unit);
        die = gbacw_dice_roll (game->dice);
        if (die <= threshold)
          {
            u->status |= GBACW_STATUS_AMMO_DEPLETED;
            if (game->phase == GBACW_PHASE_DEFENSIVE_FIRE || game->phase == GBACW_PHASE_OFFENSIVE_FIRE)
              g_array_append_val (game->depleted, fc->unit);   /* 8.41 */
            gbacw_game_log (game, rule_case, _("Ammunition check for %s: die %d: out of ammunition"), label, die);
          }
        else
          gbacw_game_log (game, rule_case, _("Ammunition check for %s: die %d: enough ammunition"), label, die);
      }
}

gboolean
gbacw_fire_apply_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  GbacwFireResolution *res = gbacw_fire_compute (game, action->fire.target, (const GbacwFirer *) action->fire.firers->data,
                                                 action->fire.firers->len, error);
  const GArray *stack;

  if (res == NULL)
    return FALSE;
  roll_resolution (game, res);

  /* what was spent */
  for (guint c = 0; c < res->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
      GbacwGameUnit *u = gbacw_game_unit (game, fc->unit);
      gboolean first_shot = u->fire_used == 0;
      u->fire_used += fc->committed;
      /* 12.22, 12.26: the hexes it fired at in the Offensive Fire Phase */
      if (game->phase == GBACW_PHASE_OFFENSIVE_FIRE && u->n_fired_at < (int) G_N_ELEMENTS (u->fired_at))
        {
          gboolean known = FALSE;
          for (int k = 0; k < u->n_fired_at; k++)
            known |= u->fired_at[k] == res->target_hex;
          if (!known)
            u->fired_at[u->n_fired_at++] = res->target_hex;
        }
      if (u->type == GBACW_UNIT_ARTILLERY)
        {
          u->fired_turn = game->turn;   /* 11.33 */
          if (u->rounds != GBACW_UNSET && first_shot)
            u->rounds--;   /* 11.31: one round a Fire Phase, even when it splits its fire */
        }
      else
        {
          int key = fc->hex * 6 + fc->direction;
          int used = GPOINTER_TO_INT (g_hash_table_lookup (game->hexside_fire, GINT_TO_POINTER (key)));
          g_hash_table_insert (game->hexside_fire, GINT_TO_POINTER (key),
                               GINT_TO_POINTER (used + (int) ceil (fc->committed - 1e-9)));
        }
    }
  stack = gbacw_game_stack (game, res->target_hex);
  for (guint i = 0; stack && i < stack->len; i++)
    gbacw_game_unit (game, g_array_index (stack, int, i))->fired_upon |= res->artillery ? GBACW_FIRED_ARTILLERY
                                                                                        : GBACW_FIRED_SMALL_ARMS;
  g_ptr_array_add (game->fire_results, res);
  return TRUE;
}

/* ------------------------------------------------------------------ results */

typedef struct {
  int unit;
  gboolean casualty;     /* suffered a loss in this batch */
  gboolean eliminated;
} Struck;

/* The case of a FIRE hook that has small arms kill a battery's whole crew (J 21.24), or NULL. */
static const char *
crew_killed_case (const GbacwGame *game, int unit)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->crew_killed)
      {
        const char *rule_case = hooks->crew_killed (game, data, unit);
        if (rule_case)
          return rule_case;
      }
  return NULL;
}

/* Losses on one unit (9.81, 9.82); returns the losses it could not take. */
static int
take_losses (GbacwGame *game, int unit, int losses, gboolean artillery_fire)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  const char *rule_case;
  int taken = 0, excess = 0;

  switch (u->type)
    {
    case GBACW_UNIT_ARTILLERY:
      if (artillery_fire)
        {
          /* 9.82, 15.11: artillery fire destroys guns */
          taken = MIN (losses, u->guns);
          excess = losses - taken;
          u->guns -= taken;
          u->killed += taken;
          gbacw_game_log (game, "9.82", g_dngettext (GETTEXT_PACKAGE, "%s loses %d gun", "%s loses %d guns", taken), label, taken);
          if (taken > 0 && u->guns > 0)
            gbacw_supply_caissons (game, unit);   /* 15.2 */
        }
      else if ((u->status & GBACW_STATUS_ABANDONED) && u->crew_counter >= 0
               && gbacw_game_unit (game, u->crew_counter)->hex >= 0)
        {
          /* J 21.21, P 20.21, C 24.21: the crew is away on its counter; small arms find no
           * crew with the guns */
          gbacw_game_log (game, "9.82", _("%s: its crew is not with its guns"), label);
          excess = losses;
        }
      else if ((rule_case = crew_killed_case (game, unit)) != NULL)
        {
          u->killed += u->guns;
          u->crew_lost_guns = u->guns;
          u->guns = 0;
          gbacw_game_log (game, rule_case, _("%s's whole crew is killed by small arms: the section is removed"), label);
        }
      else
        {
          /* 9.82, 15.12: small arms hit the crew: half crew, then eliminated */
          for (; losses > 0; losses--)
            {
              if (u->crew == GBACW_CREW_FULL)
                {
                  u->crew = GBACW_CREW_HALF;
                  u->status |= GBACW_STATUS_HALF_CREW;
                  gbacw_game_log (game, "15.12", _("%s's crew is reduced to half"), label);
                }
              else
                {
                  u->killed += u->guns;   /* 15.12: eliminated, not captured */
                  u->crew_lost_guns = u->guns;
                  u->guns = 0;
                  break;
                }
            }
        }
      if (u->guns <= 0)
        {
          gbacw_game_log (game, "15.12", _("%s is eliminated"), label);
          gbacw_game_remove_unit (game, unit, GBACW_PRESENCE_ELIMINATED);
        }
      return excess;
    case GBACW_UNIT_WAGON:
      /* 11.12: a number from small arms eliminates the crew; from artillery it is a
       * column of the Ammunition Loss Table (11.34, the supply rules) */
      if (!artillery_fire)
        {
          u->killed += u->strength;
          u->strength = 0;
          gbacw_game_log (game, "11.12", _("%s's crew is eliminated; the wagon is uncrewed"), label);
        }
      else
        {
          gbacw_game_log (game, "11.12", _("%s is hit: %d on the Ammunition Loss Table (11.34)"), label, losses);
          gbacw_supply_ammunition_loss (game, unit, losses);
        }
      return 0;
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
    default:
      taken = MIN (losses, u->strength);
      excess = losses - taken;
      u->strength -= taken;
      u->killed += taken;
      gbacw_game_log (game, "9.81", g_dngettext (GETTEXT_PACKAGE, "%s loses %d Strength Point", "%s loses %d Strength Points", taken),
                      label, taken);
      if (u->strength <= 0)
        {
          gbacw_game_log (game, "9.81", _("%s is eliminated"), label);
          gbacw_game_remove_unit (game, unit, GBACW_PRESENCE_ELIMINATED);
        }
      return excess;
    }
}

static gboolean
on_map_at (const GbacwGame *game, int unit, int hex)
{
  return gbacw_game_unit (game, unit)->hex == hex;
}

/* 9.84: a pinned unit pins its hex; a free shot pins only the units fired at (10.15: a
 * withdrawing unit moves one hex, then is pinned; the caller pins the hex it ends in). */
static void
pin (GbacwGame *game, const GbacwFireResolution *res, int unit)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (res->targets)
    {
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      u->status |= GBACW_STATUS_PINNED;
      gbacw_game_log (game, "9.84", _("%s is pinned"), label);
    }
  else
    gbacw_morale_pin_hex (game, u->hex, "9.84");
}

/* P/R (9.83): die +1 enfiladed, -1 with a leader; above the rating routs, else pinned. */
static void
pin_or_rout (GbacwGame *game, const GbacwFireResolution *res, int unit, gboolean enfiladed)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int rating = gbacw_morale_rating (game, unit);
  int drm = (enfiladed ? 1 : 0) - (gbacw_morale_with_leader (game, unit) ? 1 : 0);
  int die = gbacw_dice_roll (game->dice);

  if (die + drm > rating)
    {
      gbacw_game_log (game, "9.83", _("P/R for %s: die %d%+d = %d against Morale %d: routed"), label, die, drm, die + drm,
                      rating);
      gbacw_morale_rout (game, unit, "9.83");
    }
  else
    {
      gbacw_game_log (game, "9.83", _("P/R for %s: die %d%+d = %d against Morale %d: pinned"), label, die, drm, die + drm,
                      rating);
      pin (game, res, u->index);
    }
}

/* 9.88: after a passed check, a second die above the rating pins. */
static void
star_pin (GbacwGame *game, const GbacwFireResolution *res, int unit)
{
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  int rating = gbacw_morale_rating (game, unit);
  int die = gbacw_dice_roll (game->dice);

  if (die > rating)
    {
      gbacw_game_log (game, "9.88", _("Pin check for %s: die %d against Morale %d: pinned"), label, die, rating);
      pin (game, res, unit);
    }
  else
    gbacw_game_log (game, "9.88", _("Pin check for %s: die %d against Morale %d: not pinned"), label, die, rating);
}

/* 13.42, 8.22: after the top unit routs, every other unit in the hex checks, once. */
static void
check_rest_of_hex (GbacwGame *game, const GbacwFireResolution *res, int hex, int except, gboolean enfiladed,
                   GHashTable *checked)
{
  g_autoptr (GArray) units = NULL;
  const GArray *stack = gbacw_game_stack (game, hex);

  if (stack == NULL)
    return;
  units = g_array_copy ((GArray *) stack);
  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      GbacwGameUnit *u = gbacw_game_unit (game, unit);
      if (unit == except || !gbacw_game_is_combat_unit (u) || g_hash_table_contains (checked, GINT_TO_POINTER (unit))
          || !on_map_at (game, unit, hex) || !is_target (res, unit) || gbacw_game_unit_ignored (game, u))
        continue;   /* J 21.23: not abandoned guns */
      g_hash_table_add (checked, GINT_TO_POINTER (unit));
      if (u->status & GBACW_STATUS_ROUTED)
        continue;
      gbacw_morale_check (game, unit, enfiladed, GBACW_MORALE_CAUSE_STACK_ROUT, "13.42");
    }
}

void
gbacw_fire_apply_results (GbacwGame *game, GPtrArray *resolutions)
{
  g_autoptr (GHashTable) casualties = g_hash_table_new (g_direct_hash, g_direct_equal);   /* unit -> TRUE */
  g_autoptr (GHashTable) stack_checked = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GArray) fired_units = NULL;
  int hex;

  if (resolutions->len == 0)
    return;
  hex = ((GbacwFireResolution *) g_ptr_array_index (resolutions, 0))->target_hex;
  /* 10.2: the units whose fire causes a retreat do not fire retreat fire at it */
  g_clear_pointer (&game->causes, g_array_unref);
  game->causes = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint r = 0; r < resolutions->len; r++)
    {
      const GbacwFireResolution *res = g_ptr_array_index (resolutions, r);
      for (guint c = 0; c < res->contributions->len; c++)
        g_array_append_val (game->causes, g_array_index (res->contributions, GbacwFireContribution, c).unit);
    }
  fired_units = gbacw_game_stack (game, hex) ? g_array_copy ((GArray *) gbacw_game_stack (game, hex))
                                            : g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < fired_units->len;)
    if (!is_target (g_ptr_array_index (resolutions, 0), g_array_index (fired_units, int, i)))
      g_array_remove_index (fired_units, i);
    else
      i++;

  /* 9.42: first every casualty of every fire at the hex, then leaders, then morale */
  for (guint r = 0; r < resolutions->len; r++)
    {
      GbacwFireResolution *res = g_ptr_array_index (resolutions, r);
      gboolean any = FALSE;

      for (guint k = 0; k < res->rolls->len; k++)
        {
          GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, k);
          int losses = roll->result.kind == GBACW_CRT_LOSS ? roll->result.losses : 0;
          int unit = roll->unit;

          if (losses <= 0)
            continue;
          if (!on_map_at (game, unit, hex))
            unit = res->per_unit ? -1 : top_target (game, res, hex);
          while (unit >= 0 && losses > 0)
            {
              const GbacwGameUnit *u = gbacw_game_unit (game, unit);
              gboolean inf_cav = is_small_arms_target (u);
              g_hash_table_add (casualties, GINT_TO_POINTER (unit));
              any = TRUE;
              losses = take_losses (game, unit, losses, res->artillery);
              /* 8.21: the rest from the next infantry or cavalry unit; 8.22: per unit only;
               * J 21.25: the rest from the unit beneath, whatever it is */
              if (losses <= 0 || res->per_unit || (!inf_cav && !res->top_only_case))
                break;
              unit = top_target (game, res, hex);
              if (unit >= 0 && !is_small_arms_target (gbacw_game_unit (game, unit)) && !res->top_only_case)
                break;
              if (unit >= 0 && res->top_only_case)
                {
                  g_autofree char *label = gbacw_game_unit_label (game, unit);
                  gbacw_game_log (game, res->top_only_case, _("The excess losses fall on %s"), label);
                }
            }
        }
      /* 17.72: each leader in the hex rolls when a unit there suffers a casualty */
      if (any)
        gbacw_morale_leader_casualties (game, hex, 1 - res->firing_side, res->artillery ? "artillery" : "small-arms");
    }

  /* 17.53: a leader whose units were all eliminated goes to the nearest unit of his
   * command (the owner places him) */
  {
    int side = 1 - ((GbacwFireResolution *) g_ptr_array_index (resolutions, 0))->firing_side;
    const GArray *stack = gbacw_game_stack (game, hex);
    if (stack && !gbacw_game_hex_has_side (game, hex, side, TRUE))
      for (guint i = 0; i < stack->len; i++)
        {
          const GbacwGameUnit *leader = gbacw_game_unit (game, g_array_index (stack, int, i));
          if (leader->type == GBACW_UNIT_LEADER && leader->side == side)
            {
              g_autofree char *label = gbacw_game_unit_label (game, leader->index);
              GbacwPending p = { GBACW_PENDING_LEADER_PLACEMENT, side, leader->index, hex, -1, 0, "17.53" };
              gbacw_game_add_pending (game, &p);
              gbacw_game_log (game, "17.53", _("%s is left alone: he goes to the nearest unit of his command"), label);
            }
        }
  }

  for (guint r = 0; r < resolutions->len; r++)
    {
      GbacwFireResolution *res = g_ptr_array_index (resolutions, r);
      gboolean stack_wide = res->per_unit;   /* 8.22, 13.44 */

      for (guint k = 0; k < res->rolls->len; k++)
        {
          GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, k);
          int unit = roll->unit;
          gboolean routed = FALSE;

          if (roll->result.kind == GBACW_CRT_NONE)
            continue;
          if (!on_map_at (game, unit, hex))
            {
              if (res->per_unit)
                continue;
              unit = top_target (game, res, hex);   /* 13.42: the unit beneath checks as if it were the top */
              if (unit < 0)
                continue;
            }
          switch (roll->result.kind)
            {
            case GBACW_CRT_LOSS:
              if (!g_hash_table_contains (casualties, GINT_TO_POINTER (unit)) && res->per_unit)
                break;
              if ((gbacw_game_unit (game, unit)->status & GBACW_STATUS_ROUTED) && res->free_shot && res->targets
                  && res->no_rout_again)
                break;   /* 10.2: a routed unit hit by retreat fire does not rout again */
              if (gbacw_game_unit (game, unit)->status & GBACW_STATUS_ROUTED)
                {
                  gbacw_morale_rout (game, unit, "13.33");   /* routed and hit again */
                  routed = TRUE;
                }
              else
                routed = gbacw_morale_check (game, unit, roll->enfiladed, GBACW_MORALE_CAUSE_FIRE, "9.81");
              if (!routed && roll->result.star && on_map_at (game, unit, hex))
                star_pin (game, res, unit);
              break;
            case GBACW_CRT_PIN_ROUT:
              {
                gboolean was_routed = (gbacw_game_unit (game, unit)->status & GBACW_STATUS_ROUTED) != 0;
                pin_or_rout (game, res, unit, roll->enfiladed);
                routed = !was_routed && (gbacw_game_unit (game, unit)->status & GBACW_STATUS_ROUTED);
              }
              break;
            case GBACW_CRT_PIN:
              {
                g_autofree char *label = gbacw_game_unit_label (game, unit);
                int rating = gbacw_morale_rating (game, unit);
                int drm = gbacw_morale_drm (game, unit, roll->enfiladed, GBACW_MORALE_CAUSE_PIN);
                int die = gbacw_dice_roll (game->dice);
                gboolean pinned = die + drm > rating;
                gbacw_game_log (game, "9.87", _("P for %s: die %d%+d = %d against Morale %d: %s"), label, die, drm,
                                die + drm, rating, pinned ? _("pinned") : _("no effect"));
                if (pinned)
                  pin (game, res, unit);
              }
              break;
            case GBACW_CRT_ROUT:
              {
                g_autofree char *label = gbacw_game_unit_label (game, unit);
                int rating = gbacw_morale_rating (game, unit);
                int drm = gbacw_morale_drm (game, unit, roll->enfiladed, GBACW_MORALE_CAUSE_FIRE);
                int die = gbacw_dice_roll (game->dice);
                gboolean out = die + drm > rating;
                gbacw_game_log (game, "9.87", _("R for %s: die %d%+d = %d against Morale %d: %s"), label, die, drm,
                                die + drm, rating, out ? _("routed") : _("no effect"));
                if (out)
                  {
                    gbacw_morale_rout (game, unit, "9.87");
                    routed = TRUE;
                  }
              }
              break;
            case GBACW_CRT_NONE:
            default:
              break;
            }
          /* 13.42: the top unit routed, so every unit under it checks; 8.22: any unit
           * routed by artillery at three hexes or more, likewise; 13.44: casualties
           * from such fire make every unit check */
          g_hash_table_add (stack_checked, GINT_TO_POINTER (unit));
          if (routed || (stack_wide && roll->result.kind == GBACW_CRT_LOSS && g_hash_table_size (casualties) > 0))
            check_rest_of_hex (game, res, hex, unit, roll->enfiladed, stack_checked);
        }
    }

  g_clear_pointer (&game->causes, g_array_unref);

  /* 6.11: a column fired upon goes into Line after the fire is resolved */
  for (guint i = 0; i < fired_units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (fired_units, int, i));
      if (u->hex == hex && u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          u->formation = GBACW_FORMATION_STATE_LINE;
          gbacw_game_log (game, "6.11", _("%s was fired upon in column and goes into Line"), label);
        }
    }
}

void
gbacw_fire_phase_end (GbacwGame *game)
{
  /* 9.42: the results of every fire at a hex together, hex by hex in the order fired */
  while (game->fire_results->len > 0)
    {
      GbacwFireResolution *first = g_ptr_array_index (game->fire_results, 0);
      int hex = first->target_hex;
      g_autoptr (GPtrArray) batch = g_ptr_array_new_with_free_func (gbacw_fire_resolution_free_ptr);

      for (guint i = 0; i < game->fire_results->len;)
        {
          GbacwFireResolution *res = g_ptr_array_index (game->fire_results, i);
          if (res->target_hex == hex)
            {
              g_ptr_array_add (batch, g_ptr_array_steal_index (game->fire_results, i));
              continue;
            }
          i++;
        }
      gbacw_fire_apply_results (game, batch);
    }
}

/* ------------------------------------------------------------------ free shots */

void
gbacw_fire_resolve_free (GbacwGame *game, GbacwFireResolution *res, const char *rule_case)
{
  g_autoptr (GPtrArray) batch = g_ptr_array_new_with_free_func (gbacw_fire_resolution_free_ptr);
  g_autofree char *target = gbacw_game_hex_label (game, res->target_hex);

  gbacw_game_log (game, rule_case,
                  res->artillery ? _("Artillery fires a free shot at %s (not part of a Fire Phase, 10.17)")
                                 : _("Small arms fire a free shot at %s (not part of a Fire Phase, 10.17)"),
                  target);
  roll_resolution (game, res);
  for (guint c = 0; c < res->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
      GbacwGameUnit *u = gbacw_game_unit (game, fc->unit);
      u->fired_turn = game->turn;   /* 11.33; P 22.31, C 26.21: a free shot at night */
      if (u->type == GBACW_UNIT_ARTILLERY && u->rounds != GBACW_UNSET)
        u->rounds--;   /* 11.31: each time a battery fires */
    }
  g_ptr_array_add (batch, res);
  gbacw_fire_apply_results (game, batch);
}

/* Whether unit could fire a free shot at targets in hex (the whole unit, or as much as one
 * hexside allows). */
static gboolean
could_fire_free (GbacwGame *game, int unit, int hex, const GArray *targets)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  GbacwFirer firer = { unit, 0.0, -1 };
  g_autoptr (GbacwFireResolution) res = NULL;
  int exit[2], entry[2];

  /* a line of fire between two hexsides: try each (9.33) */
  gbacw_fire_line_hexsides (game, u->hex, hex, exit, entry);
  for (int k = 0; k < 2; k++)
    {
      if (k == 1 && exit[1] < 0)
        break;
      firer.direction = exit[k];
      res = gbacw_fire_compute_free (game, u->side, hex, targets, -1, &firer, 1, NULL);
      if (res)
        return TRUE;
    }
  return FALSE;
}

GArray *
gbacw_fire_zoc_firers (GbacwGame *game, int hex, int target_side, gboolean mounted_target)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    if (gbacw_game_unit (game, g_array_index (stack, int, i))->side == target_side)
      g_array_append_val (targets, g_array_index (stack, int, i));
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_game_neighbour_index (game, hex, d);
      const GArray *there = gbacw_game_stack (game, n);

      for (guint i = 0; there && i < there->len; i++)
        {
          int unit = g_array_index (there, int, i);
          const GbacwGameUnit *e = gbacw_game_unit (game, unit);
          if (e->side == target_side || !gbacw_movement_exerts_zoc (game, unit, hex))
            continue;
          /* 10.0: a mounted cavalry ZOC affects only mounted cavalry */
          if (e->type == GBACW_UNIT_CAVALRY && e->formation != GBACW_FORMATION_STATE_DISMOUNTED && !mounted_target)
            continue;
          if (targets->len && could_fire_free (game, unit, hex, targets))
            g_array_append_val (out, unit);
        }
    }
  return out;
}

GArray *
gbacw_fire_limber_firers (GbacwGame *game, int battery)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  const GbacwGameUnit *b = gbacw_game_unit (game, battery);
  g_autoptr (GArray) targets = g_array_new (FALSE, FALSE, sizeof (int));

  g_array_append_val (targets, battery);
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      int max;
      if (e->side == b->side || e->hex < 0 || !is_small_arms_target (e) || e->oob->weapon == NULL)
        continue;   /* small arms, not wagon crews (6.23) */
      max = gbacw_range_max (game->scenario, e->oob->weapon, NULL);
      if (max < 0 || gbacw_game_distance (game, e->hex, b->hex) > max)
        continue;
      if (could_fire_free (game, e->index, b->hex, targets))
        g_array_append_val (out, e->index);
    }
  return out;
}

/* The firers of a fire item still able to fire. */
static GArray *
still_eligible (GbacwGame *game, GbacwPending *p)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; p->firers && i < p->firers->len; i++)
    {
      int unit = g_array_index (p->firers, int, i);
      if (gbacw_game_unit (game, unit)->hex >= 0 && could_fire_free (game, unit, p->hex, p->units))
        g_array_append_val (out, unit);
    }
  return out;
}

static void
prune_targets (GbacwGame *game, GbacwPending *p)
{
  for (guint i = 0; p->units && i < p->units->len;)
    if (gbacw_game_unit (game, g_array_index (p->units, int, i))->hex != p->hex)
      g_array_remove_index (p->units, i);
    else
      i++;
}

/* 10.16: a unit withdrawing faces the hex it enters. */
static int
target_facing (const GbacwGame *game, const GbacwPending *p)
{
  return p->kind == GBACW_PENDING_WITHDRAWAL_FIRE && p->other_hex >= 0 ? gbacw_game_direction_between (game, p->hex, p->other_hex)
                                                                         : -1;
}

GbacwResolve
gbacw_fire_pending_resolve (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  g_autoptr (GArray) eligible = NULL;
  g_autoptr (GString) targets = g_string_new (NULL);
  g_autofree char *hex = gbacw_game_hex_label (game, p->hex);

  prune_targets (game, p);
  if (p->units == NULL || p->units->len == 0)
    return GBACW_RESOLVE_DONE;
  eligible = still_eligible (game, p);
  if (eligible->len == 0)
    return GBACW_RESOLVE_DONE;
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->free_shot && !hooks->free_shot (game, data, p->kind, p->hex))
      return GBACW_RESOLVE_DONE;   /* not given (the module logs why) */
  for (guint i = 0; i < p->units->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (p->units, int, i));
      g_string_append_printf (targets, "%s%s", i ? ", " : "", label);
    }
  *decision = gbacw_decision_new (GBACW_DECISION_FIRE, p->side, p->rule_case);
  (*decision)->hex = p->hex;
  (*decision)->may_decline = TRUE;
  g_array_append_vals ((*decision)->units, p->units->data, p->units->len);
  g_array_append_vals ((*decision)->firers, eligible->data, eligible->len);
  switch (p->kind)
    {
    case GBACW_PENDING_LIMBER_FIRE:
      (*decision)->question = g_strdup_printf (_("Which units fire at %s in %s before it changes formation (6.23)?"),
                                               targets->str, hex);
      break;
    case GBACW_PENDING_RETREAT_FIRE:
      (*decision)->question = g_strdup_printf (_("Which units fire retreat fire at %s entering %s (10.2)?"), targets->str,
                                               hex);
      break;
    case GBACW_PENDING_WITHDRAWAL_FIRE:
    default:
      /* TRANSLATORS: the last %s is the rule case: 10.1, or 12.83 before a melee */
      (*decision)->question = g_strdup_printf (_("Which units fire withdrawal fire at %s in %s (%s)?"), targets->str,
                                               hex, p->rule_case ? p->rule_case : "10.1");
      break;
    }
  return GBACW_RESOLVE_WAIT;
}

/* The answer's firers, small arms and artillery apart (9.41). */
static GArray *
answer_group (const GbacwGame *game, const GbacwAction *action, gboolean artillery)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));

  for (guint i = 0; i < action->answer.firers->len; i++)
    {
      const GbacwFirer *f = &g_array_index (action->answer.firers, GbacwFirer, i);
      if ((gbacw_game_unit (game, f->unit)->type == GBACW_UNIT_ARTILLERY) == artillery)
        g_array_append_val (out, *f);
    }
  return out;
}

gboolean
gbacw_fire_pending_check (GbacwGame *game, const GbacwPending *p, const GbacwAction *action, GError **error)
{
  for (int artillery = 0; artillery < 2; artillery++)
    {
      g_autoptr (GArray) group = answer_group (game, action, artillery);
      g_autoptr (GbacwFireResolution) res = NULL;
      if (group->len == 0)
        continue;
      res = gbacw_fire_compute_free (game, p->side, p->hex, p->units, target_facing (game, p),
                                     (const GbacwFirer *) group->data, group->len, error);
      if (res == NULL)
        return FALSE;
    }
  return TRUE;
}

GbacwResolve
gbacw_fire_pending_answer (GbacwGame *game, GbacwPending *p, const GbacwAction *action)
{
  g_autofree char *hex = gbacw_game_hex_label (game, p->hex);

  if (action->answer.firers->len == 0)
    {
      gbacw_game_log (game, p->rule_case, _("%s holds fire at %s"), gbacw_game_side_name (game, p->side), hex);
      return GBACW_RESOLVE_DONE;
    }
  for (int artillery = 0; artillery < 2; artillery++)
    {
      g_autoptr (GArray) group = answer_group (game, action, artillery);
      GbacwFireResolution *res;
      prune_targets (game, p);
      if (group->len == 0 || p->units->len == 0)
        continue;
      res = gbacw_fire_compute_free (game, p->side, p->hex, p->units, target_facing (game, p),
                                     (const GbacwFirer *) group->data, group->len, NULL);
      if (res == NULL)
        continue;   /* the first group's results left nothing to fire at */
      res->no_rout_again = p->kind == GBACW_PENDING_RETREAT_FIRE;
      gbacw_fire_resolve_free (game, res, p->rule_case);
    }
  return GBACW_RESOLVE_DONE;
}
