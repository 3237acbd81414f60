/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-melee.c: melee (12.0-12.98), retreat before melee (12.8) and cavalry charges
 * (16.1-16.3).
 *
 * Phase E: the phasing player announces each melee (DECLARE_MELEE: the attackers and the
 * hex, or a charge); the defender at once retreats each unit that may one or two hexes
 * (12.81) or stands (a RETREAT_BEFORE_MELEE decision), the retreat drawing withdrawal fire
 * and a morale check (12.83); the attackers may then advance into a vacated hex (12.85).
 * Phase F: the phasing player melees with the units he announced (MELEE), or into a hex
 * where his units are engaged (12.94). The attackers enter the hex; the strengths with
 * terrain, leaders, morale and the stacking limit give the differential, one die the
 * results of both sides from the Melee CRT (the scenario's "melee-crt"): losses first,
 * the owner choosing who takes them (12.74), leader casualties (17.72, 12.95), then
 * retreats, engagement, captures and charges' routs. */
#define G_LOG_DOMAIN "gbacw-melee"

#include "gbacw-melee.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-combat-charts.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-morale.h"
#include "gbacw-movement.h"
#include "gbacw-query.h"
#include "gbacw-retreat.h"

static const GbacwHexGrid *
game_grid (const GbacwGame *game)
{
  return &game->scenario->map->grid;
}

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

static char *
units_label (const GbacwGame *game, const GArray *units)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (units, int, i));
      g_string_append_printf (s, "%s%s", i ? ", " : "", label);
    }
  return g_string_free (s, FALSE);
}

/* The units of side in hex (combat units, or all). */
static GArray *
side_units (const GbacwGame *game, int hex, int side, gboolean combat_only)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && (!combat_only || gbacw_game_is_combat_unit (u)))
        g_array_append_val (out, u->index);
    }
  return out;
}

static gboolean
hex_engaged (const GbacwGame *game, int hex)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    if (gbacw_game_unit (game, g_array_index (stack, int, i))->status & GBACW_STATUS_ENGAGED)
      return TRUE;
  return FALSE;
}

/* 12.94: engaged units whose enemy has left are no longer engaged. */
void
gbacw_melee_refresh_engaged (GbacwGame *game)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if ((u->status & GBACW_STATUS_ENGAGED) && (u->hex < 0 || !gbacw_game_hex_has_side (game, u->hex, 1 - u->side, TRUE)))
        {
          u->status &= ~GBACW_STATUS_ENGAGED;
          u->crew_may_melee = FALSE;
        }
    }
}

static GbacwMeleeDeclaration *
declaration_of (const GbacwGame *game, int unit)
{
  for (guint i = 0; i < game->melees->len; i++)
    {
      GbacwMeleeDeclaration *d = g_ptr_array_index (game->melees, i);
      for (int k = 0; !d->resolved && k < d->n_units; k++)
        if (d->units[k] == unit)
          return d;
    }
  return NULL;
}

static GbacwMeleeDeclaration *
declaration_at (const GbacwGame *game, int hex)
{
  for (guint i = 0; i < game->melees->len; i++)
    {
      GbacwMeleeDeclaration *d = g_ptr_array_index (game->melees, i);
      if (d->target == hex)
        return d;
    }
  return NULL;
}

const char *
gbacw_melee_without_roll_case (const GbacwGame *game, const GArray *attackers, int hex)
{
  int side;

  if (attackers->len == 0)
    return NULL;
  side = gbacw_game_unit (game, g_array_index (attackers, int, 0))->side;
  if (!gbacw_game_hex_only_unmanned_guns (game, hex, 1 - side))
    return NULL;
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->melee_without_roll)
      {
        const char *rule_case = hooks->melee_without_roll (game, data, attackers, hex);
        if (rule_case)
          return rule_case;
      }
  return NULL;
}

/* The guns without their crew of the enemy of side in hex are captured (12.93's accounting:
 * their guns counted captured): by a melee with no die roll (J 21.27) or after one. */
static void
capture_unmanned_guns (GbacwGame *game, int hex, int side, const char *rule_case, gboolean without_roll)
{
  g_autoptr (GArray) guns = g_array_new (FALSE, FALSE, sizeof (int));
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side != side && gbacw_game_guns_unmanned (game, u))
        g_array_append_val (guns, u->index);
    }
  for (guint i = 0; i < guns->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (guns, int, i));
      g_autofree char *label = gbacw_game_unit_label (game, u->index);
      g_autofree char *text = without_roll
                                ? g_strdup_printf (_("%s: the guns are captured"), label)
                                : g_strdup_printf (_("%s: its crew away, its guns are captured by the attackers left in "
                                                     "their hex"),
                                                   label);
      u->status &= ~GBACW_STATUS_ABANDONED;
      gbacw_retreat_capture_logged (game, u->index, rule_case, text);
    }
}

/* ------------------------------------------------------------------ strengths */

int
gbacw_melee_unit_strength (const GbacwGame *game, int unit, gboolean attacking, gboolean charge,
                           gboolean against_foot_only, gboolean against_mounted)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int s;

  switch (u->type)
    {
    case GBACW_UNIT_ARTILLERY:
      s = (u->status & GBACW_STATUS_ABANDONED) ? 0 : u->crew == GBACW_CREW_HALF ? 0 : 1;   /* 12.12, 15.14 */
      break;
    case GBACW_UNIT_WAGON:
      s = u->strength > 0 ? 1 : 0;   /* 12.14 */
      break;
    case GBACW_UNIT_CAVALRY:
      s = u->strength;
      if (gbacw_game_unit_is_mounted (u))
        {
          if (attacking && charge && !against_mounted)
            s *= 2;   /* 12.13, 16.24; 16.33: not against mounted cavalry */
          else if (!attacking && against_foot_only)
            s *= 2;   /* 16.32 */
        }
      break;
    case GBACW_UNIT_INFANTRY:
      if (gbacw_game_is_gun_crew (game, u))
        s = u->strength >= 2 ? 1 : 0;   /* 12.12, 15.14: a gun crew on its counter, full 1, half 0 */
      else if (gbacw_game_is_wagon_crew (u))
        s = u->strength > 0 ? 1 : 0;   /* 12.14: a wagon crew, on its counter too (11.11) */
      else
        s = u->strength;   /* 12.11 */
      break;
    case GBACW_UNIT_LEADER:
    default:
      return 0;
    }
  if (!attacking && (u->status & GBACW_STATUS_ROUTED))
    s /= 2;   /* 12.51, 13.32: half, rounded down */
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->melee_strength)
      s = hooks->melee_strength (game, data, unit, u->hex, s);
  return MAX (0, s);
}

/* 12.31: the points a unit entering hex from its own hex loses for terrain; hexside
 * types of style skip_style (NULL: none) left out. */
int
gbacw_melee_terrain_points (const GbacwGame *game, int unit, int hex, const char *skip_style)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwCatalogue *cat = &game->scenario->catalogue;
  const GbacwMap *map = game->scenario->map;
  const GbacwHexGrid *grid = game_grid (game);
  gboolean old = g_strcmp0 (gbacw_scenario_get_option (game->scenario, "melee-terrain-12.31"), "old") == 0;
  int d = gbacw_game_direction_between (game, u->hex, hex), worst = 0;
  GbacwHexsideId id;
  guint32 features;
  gboolean upward;

  if (d < 0)
    return 0;
  id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, u->hex), d);
  features = id != GBACW_HEXSIDE_NONE ? map->hexside_features[id] : 0;
  upward = map->elevation[hex] > map->elevation[u->hex];
  for (guint t = 0; features && t < cat->hexside_types->len; t++)
    {
      const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, t);
      int points;
      if (!(features & (1u << t)) || (skip_style && g_strcmp0 (type->style, skip_style) == 0))
        continue;
      if (type->side == GBACW_SIDE_MODE_ELEVATION && !upward)
        continue;   /* crests count moving up only */
      if (old)
        {
          /* the old 12.31: one point for crossing a stream or moving upcrest */
          if (g_strcmp0 (type->style, "stream") == 0 || type->side == GBACW_SIDE_MODE_ELEVATION)
            worst = MIN (worst, -1);
        }
      else if (gbacw_terrain_melee (game->scenario, type->id, &points))
        worst = MIN (worst, points);
    }
  if (!old)
    {
      guint64 mask = map->terrain[hex];
      for (guint t = 0; mask && t < cat->hex_terrains->len; t++)
        {
          int points;
          if ((mask & (G_GUINT64_CONSTANT (1) << t))
              && gbacw_terrain_melee (game->scenario, ((GbacwHexTerrain *) g_ptr_array_index (cat->hex_terrains, t))->id,
                                      &points))
            worst = MIN (worst, points);
        }
    }
  return worst;
}

/* 12.4: a leader of side in hex who counts for one of units (C 28.14: the CMD hooks). */
static gboolean
leader_with (const GbacwGame *game, int hex, int side, const int *units, guint n_units)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->type != GBACW_UNIT_LEADER || o->side != side)
        continue;
      for (guint k = 0; k < n_units; k++)
        if (gbacw_leadership_leader_affects (game, o->index, units[k]))
          return TRUE;
    }
  return FALSE;
}

/* The stacking points of a unit (8.12-8.14). */
static int
stacking_points (const GbacwGameUnit *u)
{
  GbacwPlacement placement = { 0 };
  placement.strength = u->type == GBACW_UNIT_ARTILLERY ? u->guns : u->strength;
  return gbacw_unit_stacking_points (u->oob, &placement);
}

static int
melee_max (const GbacwGame *game, int hex)
{
  GbacwStackingLimits limits;

  gbacw_rules_data_stacking_limits (game->rules, game->scenario->map, hex, FALSE, &limits);
  return limits.melee_max;
}

/* A rating for 12.52 without rolling for a green unit: -1 when not known yet. */
static int
known_rating (GbacwGame *game, int unit, gboolean resolve)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  if (u->morale == GBACW_MORALE_GREEN && !resolve)
    return -1;
  return gbacw_morale_rating (game, unit);
}

static gboolean
compute (GbacwGame *game, const GArray *attackers, int hex, gboolean charge, gboolean resolve, GbacwMeleeOdds *o)
{
  g_autoptr (GArray) defenders = NULL;
  int side = gbacw_game_unit (game, g_array_index (attackers, int, 0))->side;
  gboolean foot_only = TRUE, mounted_defender = FALSE, engaged = hex_engaged (game, hex);
  int a_min = G_MAXINT, a_max = G_MININT, d_min = G_MAXINT, d_max = G_MININT, limit;

  memset (o, 0, sizeof *o);
  defenders = side_units (game, hex, 1 - side, TRUE);
  for (guint i = 0; i < attackers->len; i++)
    if (gbacw_game_unit_is_mounted (gbacw_game_unit (game, g_array_index (attackers, int, i))))
      foot_only = FALSE;
  for (guint i = 0; i < defenders->len; i++)
    if (gbacw_game_unit_is_mounted (gbacw_game_unit (game, g_array_index (defenders, int, i))))
      mounted_defender = TRUE;

  for (guint i = 0; i < attackers->len; i++)
    {
      int unit = g_array_index (attackers, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      int s = gbacw_melee_unit_strength (game, unit, TRUE, charge, FALSE, mounted_defender);
      int t = u->hex == hex ? 0 : gbacw_melee_terrain_points (game, unit, hex, NULL);   /* 12.32 */
      int r = known_rating (game, unit, resolve);
      o->terrain += MIN (s, -t);
      o->attack_base += MAX (0, s + t);
      if (r < 0)
        o->green = TRUE;
      else
        {
          a_min = MIN (a_min, r);
          a_max = MAX (a_max, r);
        }
      if (!o->attack_leader && leader_with (game, u->hex, side, &unit, 1))
        o->attack_leader = 1;   /* 12.4 */
    }
  for (guint i = 0; i < defenders->len; i++)
    {
      int unit = g_array_index (defenders, int, i);
      int r;
      if (gbacw_game_guns_unmanned (game, gbacw_game_unit (game, unit)))
        continue;   /* J 21.21, P 20.21, C 24.21: nobody there fights (no strength, no Morale for 12.52) */
      r = known_rating (game, unit, resolve);
      o->defend_base += gbacw_melee_unit_strength (game, unit, FALSE, charge, foot_only, FALSE);
      if (r < 0)
        o->green = TRUE;
      else
        {
          d_min = MIN (d_min, r);
          d_max = MAX (d_max, r);
        }
    }
  limit = melee_max (game, hex);
  if (limit != GBACW_UNSET && o->defend_base > limit)
    o->defend_base = limit;   /* 12.72 */
  o->defend_leader = leader_with (game, hex, 1 - side, (const int *) (gpointer) defenders->data, defenders->len) ? 1 : 0;
  /* 12.52 */
  if (!o->green && a_max != G_MININT && d_max != G_MININT)
    {
      if (a_min >= d_max + 2)
        o->attack_morale = 1;
      if (d_min >= a_max + 2)
        o->defend_morale = 1;
    }
  o->attack = o->attack_base + o->attack_leader + o->attack_morale;
  o->defend = o->defend_base + o->defend_leader + o->defend_morale;
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->melee_odds)
      hooks->melee_odds (game, data, attackers, hex, o);
  o->attack = MAX (0, o->attack);
  o->differential = o->attack - o->defend;
  (void) engaged;
  return TRUE;
}

gboolean
gbacw_melee_odds (GbacwGame *game, const GArray *attackers, int hex, gboolean charge, GbacwMeleeOdds *odds,
                  GError **error)
{
  gboolean nobody = attackers->len > 0
                    && gbacw_game_hex_only_unmanned_guns (game, hex,
                                                          1 - gbacw_game_unit (game, g_array_index (attackers, int, 0))->side);

  compute (game, attackers, hex, charge, FALSE, odds);
  /* 12.98: every cell the die could reach must be known (a green unit may move it by one);
   * against guns without their crew only the attacker's (the defender's fall on nobody) */
  for (int d = odds->differential - (odds->green ? 1 : 0); d <= odds->differential + (odds->green ? 1 : 0); d++)
    for (int die = 1; die <= 6; die++)
      for (int a = 0; a < (nobody ? 1 : 2); a++)
        {
          GbacwMeleeResult r;
          g_autoptr (GError) chart_error = NULL;
          if (!gbacw_melee_crt_result (game->scenario, d, die, a == 0, &r, &chart_error))
            return fail (error, GBACW_GAME_ERROR_CHART, _("[12.98] This melee (differential %+d) cannot be played: %s"),
                         odds->differential, chart_error->message);
        }
  return TRUE;
}

/* ------------------------------------------------------------------ checks */

/* 7.31, 12.21: the hexes a unit may melee through; a charge only through its front (16.2). */
static gboolean
through_front (const GbacwGame *game, const GbacwGameUnit *u, int d, gboolean charge)
{
  int f = u->facing;

  if (charge)
    return d == f;
  if (gbacw_game_unit_is_mounted (u))
    return d == f || d == (f + 1) % 6 || d == (f + 5) % 6;
  return (gbacw_game_frontal_mask (game, u->index) >> d) & 1;   /* C 23.21: the FACING hooks */
}

static gboolean
attacker_ok (GbacwGame *game, int unit, int hex, gboolean charge, GError **error)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  g_autofree char *hex_label = gbacw_game_hex_label (game, hex);
  gboolean inside = u->hex == hex && (u->status & GBACW_STATUS_ENGAGED);
  int d;

  if (u->side != game->phasing_side)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.0] Only the phasing player's units initiate melee (%s)"), label);
  if (u->hex < 0 || !gbacw_game_is_combat_unit (u))
    return fail (error, GBACW_GAME_ERROR_INVALID, _("%s is not a combat unit on the map"), label);
  if (u->status & GBACW_STATUS_ROUTED)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[13.32] %s is routed and may not initiate melee"), label);
  if ((u->status & GBACW_STATUS_PINNED) && !inside)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[9.84] %s is pinned and may not initiate melee"), label);
  if (u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.24] %s is in column and may not initiate melee"), label);
  if ((u->type == GBACW_UNIT_ARTILLERY || u->type == GBACW_UNIT_WAGON || gbacw_game_is_wagon_crew (u))
      && !u->crew_may_melee)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.25] Gun and wagon crews may not initiate melee (%s)"), label);
  if (u->out_of_command && !(u->status & GBACW_STATUS_ENGAGED))
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[17.11] %s is out of command and may not initiate melee"), label);
  if (!inside && !(u->status & GBACW_STATUS_ENGAGED))
    GBACW_FOREACH_HOOK (game, hooks, data)
      if (hooks->melee_initiation && !hooks->melee_initiation (game, data, unit, hex, error))
        return FALSE;
  if (u->advanced)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                 _("[12.85] %s advanced after a retreat before melee and may not melee this Game-Turn"), label);
  if (charge && !gbacw_game_unit_is_mounted (u))
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[16.2] Only mounted cavalry charges (%s)"), label);
  if (inside)
    return TRUE;
  d = gbacw_game_direction_between (game, u->hex, hex);
  if (d < 0)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.21] %s must begin the Melee Phase adjacent to %s"), label,
                 hex_label);
  if (!through_front (game, u, d, charge))
    return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                 charge ? _("[16.2] %s charges only through its front hexside")
                        : _("[12.21] %s may melee only through a frontal hexside"),
                 label);
  {
    GbacwMoveCost cost;
    gbacw_movement_step_cost (game, unit, u->hex, d, &cost);
    if (cost.kind == GBACW_COST_PROHIBITED)
      return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.33] %s could not move into %s, so it may not melee into it"),
                   label, hex_label);
  }
  if (u->n_fired_at > 0)
    {
      gboolean fired = FALSE;
      for (int k = 0; k < u->n_fired_at; k++)
        fired |= u->fired_at[k] == hex;
      if (!fired)
        return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                     _("[12.22] %s fired at another hex in the Offensive Fire Phase and may melee only a unit it fired at"),
                     label);
    }
  if (charge)
    {
      const GbacwCatalogue *cat = &game->scenario->catalogue;
      const GbacwMap *map = game->scenario->map;
      const GbacwHexGrid *grid = game_grid (game);
      GbacwHexsideId id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, u->hex), d);
      guint32 features = id != GBACW_HEXSIDE_NONE ? map->hexside_features[id] : 0;
      guint64 mask = map->terrain[hex];
      int start = u->start_hex >= 0 ? u->start_hex : u->hex;

      if (gbacw_game_distance (game, start, hex) > 4)
        return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                     _("[16.23] %s began the Movement Phase more than four hexes from %s and may not charge it"), label,
                     hex_label);
      for (guint t = 0; mask && t < cat->hex_terrains->len; t++)
        if ((mask & (G_GUINT64_CONSTANT (1) << t))
            && gbacw_terrain_no_charge (game->scenario, ((GbacwHexTerrain *) g_ptr_array_index (cat->hex_terrains, t))->id))
          return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[16.22] Cavalry may not charge into %s (its terrain)"),
                       hex_label);
      for (guint t = 0; features && t < cat->hexside_types->len; t++)
        if ((features & (1u << t))
            && gbacw_terrain_no_charge (game->scenario, ((GbacwHexsideType *) g_ptr_array_index (cat->hexside_types, t))->id))
          return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[16.22] Cavalry may not charge across that hexside"));
    }
  return TRUE;
}

static gboolean
check_stacking (GbacwGame *game, const GArray *units, int hex, const GbacwMeleeDeclaration *also, GError **error)
{
  int limit = melee_max (game, hex), sp = 0;
  g_autoptr (GArray) all = g_array_copy ((GArray *) units);

  if (limit == GBACW_UNSET)
    return TRUE;
  for (int k = 0; also && k < also->n_units; k++)
    if (!gbacw_int_array_has (all, also->units[k]))
      g_array_append_val (all, also->units[k]);
  for (guint i = 0; i < all->len; i++)
    sp += stacking_points (gbacw_game_unit (game, g_array_index (all, int, i)));
  if (sp > limit)
    {
      g_autofree char *label = gbacw_game_hex_label (game, hex);
      return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "[12.72] %d Strength Point may not melee into %s: the Stacking Restrictions Chart allows %d",
                                "[12.72] %d Strength Points may not melee into %s: the Stacking Restrictions Chart allows %d",
                                sp), sp,
                   label, limit);
    }
  return TRUE;
}

gboolean
gbacw_melee_check_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GArray *units = action->melee.units;
  int hex = action->melee.target;
  gboolean charge = action->melee.charge;
  GbacwMeleeDeclaration *declared;

  if (hex < 0 || hex >= game->n_hexes)
    return fail (error, GBACW_GAME_ERROR_INVALID, _("No such hex"));
  if (!gbacw_game_hex_has_side (game, hex, 1 - game->phasing_side, TRUE))
    {
      g_autofree char *label = gbacw_game_hex_label (game, hex);
      return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.0] There is no enemy combat unit in %s"), label);
    }
  if (action->kind == GBACW_ACTION_DECLARE_MELEE)
    {
      if (game->phase != GBACW_PHASE_RETREAT_BEFORE_MELEE)
        return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.8] Melees are announced in the Retreat Before Melee Phase"));
      if (hex_engaged (game, hex))
        return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                     _("[12.94] Units engaged there fight on in the Melee Phase without an announcement"));
      for (guint i = 0; i < units->len; i++)
        {
          int unit = g_array_index (units, int, i);
          const GbacwMeleeDeclaration *other = declaration_of (game, unit);
          if (!attacker_ok (game, unit, hex, charge, error))
            return FALSE;
          if (other && other->target != hex)
            {
              g_autofree char *label = gbacw_game_unit_label (game, unit);
              return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.26] %s already melees another hex"), label);
            }
        }
      return check_stacking (game, units, hex, declaration_at (game, hex), error);
    }

  /* GBACW_ACTION_MELEE */
  if (game->phase != GBACW_PHASE_MELEE)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.0] Melee occurs only in the Melee Phase"));
  declared = declaration_at (game, hex);
  if (declared && declared->retreated)
    return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                 _("[12.94] The engaged units retreated from that melee; option 3 is not combined with another melee"));
  charge = FALSE;
  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      const GbacwMeleeDeclaration *d = declaration_of (game, unit);
      gboolean in_engaged = hex_engaged (game, hex);

      if (!in_engaged && (d == NULL || d->target != hex))
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                       _("[12.8] %s was not announced against that hex in the Retreat Before Melee Phase"), label);
        }
      charge |= d && d->charge;
      if (!attacker_ok (game, unit, hex, d && d->charge, error))
        return FALSE;
      if (in_engaged && u->hex != hex && u->side == game->phasing_side && hex_engaged (game, u->hex))
        return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.76] Units may not move through a hex engaged in melee"));
    }
  if (!check_stacking (game, units, hex, NULL, error))
    return FALSE;
  if (gbacw_melee_without_roll_case (game, units, hex))
    return TRUE;   /* J 21.27: no die roll, no odds */
  {
    GbacwMeleeOdds odds;
    return gbacw_melee_odds (game, units, hex, charge, &odds, error);
  }
}

/* ------------------------------------------------------------------ retreat before melee (12.8) */

static void
declare (GbacwGame *game, const GbacwAction *action)
{
  const GArray *units = action->melee.units;
  int hex = action->melee.target;
  GbacwMeleeDeclaration *d = declaration_at (game, hex);
  g_autofree char *label = units_label (game, units);
  g_autofree char *hex_label = gbacw_game_hex_label (game, hex);
  g_autoptr (GArray) defenders = side_units (game, hex, 1 - game->phasing_side, FALSE);
  gboolean new_declaration = d == NULL;
  GbacwPending *advance;

  if (d == NULL)
    {
      d = g_new0 (GbacwMeleeDeclaration, 1);
      d->target = hex;
      g_ptr_array_add (game->melees, d);
    }
  for (guint i = 0; i < units->len && d->n_units < (int) G_N_ELEMENTS (d->units); i++)
    {
      gboolean known = FALSE;
      for (int k = 0; k < d->n_units; k++)
        known |= d->units[k] == g_array_index (units, int, i);
      if (!known)
        d->units[d->n_units++] = g_array_index (units, int, i);
    }
  d->charge |= action->melee.charge;
  gbacw_game_log (game, action->melee.charge ? "16.2" : "12.8",
                  action->melee.charge ? _("%s will charge %s") : _("%s will melee %s"), label, hex_label);
  if (!new_declaration)
    return;
  /* 12.8: the defender retreats each unit that may, or stands */
  for (guint i = 0; i < defenders->len; i++)
    {
      int unit = g_array_index (defenders, int, i);
      GbacwPending *p;
      if (!gbacw_game_is_combat_unit (gbacw_game_unit (game, unit)))
        continue;
      p = gbacw_pending_new (GBACW_PENDING_RETREAT_BEFORE_MELEE, 1 - game->phasing_side, unit, hex, "12.8");
      if (action->melee.charge)
        p->flags |= GBACW_PENDING_CHARGE;
      gbacw_game_queue_pending (game, p, NULL);
    }
  /* 12.85: then the attackers may advance into the hex if it is empty */
  advance = gbacw_pending_new (GBACW_PENDING_ADVANCE, game->phasing_side, -1, hex, "12.85");
  gbacw_game_queue_pending (game, advance, NULL);
}

/* 12.81, 12.82: the paths of one or two hexes, not into an enemy ZOC. */
static GPtrArray *
before_melee_paths (GbacwGame *game, int unit)
{
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

  g_array_append_val (units, unit);
  for (int length = 1; length <= 2; length++)
    {
      g_autoptr (GPtrArray) paths = gbacw_retreat_paths (game, units, gbacw_game_unit (game, unit)->hex, length,
                                                         GBACW_PENDING_NO_EZOC | GBACW_RETREAT_ANY);
      for (guint i = 0; i < paths->len; i++)
        g_ptr_array_add (out, g_array_ref (g_ptr_array_index (paths, i)));
    }
  return out;
}

/* The attackers announced against hex (12.8). */
static GArray *
declared_attackers (GbacwGame *game, int hex)
{
  const GbacwMeleeDeclaration *d = declaration_at (game, hex);
  GArray *attackers = g_array_new (FALSE, FALSE, sizeof (int));

  for (int k = 0; d && k < d->n_units; k++)
    if (d->units[k] >= 0)
      g_array_append_val (attackers, d->units[k]);
  return attackers;
}

/* An exclusive rule that has unit retreat before melee (C 21.42): its case, else NULL. */
static const char *
before_melee_forced (GbacwGame *game, int unit, int hex)
{
  g_autoptr (GArray) attackers = NULL;
  const char *rule_case = NULL;

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->before_melee_forced)
      {
        if (attackers == NULL)
          attackers = declared_attackers (game, hex);
        if (hooks->before_melee_forced (game, data, unit, attackers, &rule_case))
          return rule_case ? rule_case : "12.8";
      }
  return NULL;
}

static GbacwResolve
resolve_before_melee (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, p->unit);
  g_autoptr (GPtrArray) paths = NULL;
  g_autofree char *label = NULL;

  if (u->hex != p->hex || (u->status & (GBACW_STATUS_PINNED | GBACW_STATUS_ROUTED)))
    return GBACW_RESOLVE_DONE;   /* 12.87 */
  if (u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
    return GBACW_RESOLVE_DONE;   /* 12.86 */
  if ((p->flags & GBACW_PENDING_CHARGE) && !gbacw_game_unit_is_mounted (u))
    return GBACW_RESOLVE_DONE;   /* 16.26 */
  paths = before_melee_paths (game, p->unit);
  if (paths->len == 0)
    return GBACW_RESOLVE_DONE;
  label = gbacw_game_unit_label (game, p->unit);
  *decision = gbacw_decision_new (GBACW_DECISION_RETREAT_BEFORE_MELEE, p->side, "12.8");
  g_array_append_val ((*decision)->units, p->unit);
  (*decision)->hex = p->hex;
  (*decision)->length = 2;
  (*decision)->may_decline = before_melee_forced (game, p->unit, p->hex) == NULL;
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add ((*decision)->paths, g_array_ref (g_ptr_array_index (paths, i)));
  (*decision)->question = (*decision)->may_decline
                            ? g_strdup_printf (_("Does %s retreat before melee (one or two hexes) or stand?"), label)
                            : g_strdup_printf (_("Where does %s retreat before melee (one or two hexes)? It may not stand"),
                                               label);
  return GBACW_RESOLVE_WAIT;
}

static GbacwResolve
answer_before_melee (GbacwGame *game, GbacwPending *p, const GbacwAction *action)
{
  GbacwGameUnit *u = gbacw_game_unit (game, p->unit);
  g_autofree char *label = gbacw_game_unit_label (game, p->unit);
  GbacwPending *move;
  gboolean mounted = gbacw_game_unit_is_mounted (u);
  const char *forced;

  if (action->answer.path->len == 0)
    {
      gbacw_game_log (game, "12.8", _("%s stands and accepts the melee"), label);
      return GBACW_RESOLVE_DONE;
    }
  forced = before_melee_forced (game, p->unit, p->hex);
  if (forced == NULL)
    {
      g_autoptr (GArray) attackers = declared_attackers (game, p->hex);
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (hooks->before_melee_roll && !hooks->before_melee_roll (game, data, p->unit, attackers))
          return GBACW_RESOLVE_DONE;   /* it stands: the module said why in the log */
    }
  gbacw_game_log (game, forced ? forced : mounted ? "12.84" : "12.8",
                  forced ? _("%s must retreat before melee, without a check") : _("%s retreats before melee"), label);
  /* the move, after the withdrawal fire (12.83; not for mounted cavalry, 12.84, 16.1) */
  move = gbacw_pending_new (GBACW_PENDING_RETREAT_MOVE, p->side, p->unit, p->hex, mounted ? "12.84" : "12.83");
  move->units = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (move->units, p->unit);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->before_melee_companions)
      hooks->before_melee_companions (game, data, p->unit, move->units);
  move->path = g_array_copy (action->answer.path);
  move->value = (int) move->path->len;
  move->flags = GBACW_PENDING_NO_EZOC | GBACW_PENDING_BEFORE_MELEE | (mounted ? 0 : GBACW_PENDING_MORALE_AFTER);
  gbacw_game_queue_pending_after (game, move, p);
  if (!mounted)
    {
      g_autoptr (GArray) firers = gbacw_fire_zoc_firers (game, p->hex, u->side, FALSE);
      if (firers->len)
        {
          GbacwPending *fire = gbacw_pending_new (GBACW_PENDING_WITHDRAWAL_FIRE, 1 - p->side, -1, p->hex, "12.83");
          fire->units = g_array_new (FALSE, FALSE, sizeof (int));
          g_array_append_val (fire->units, p->unit);
          fire->other_hex = g_array_index (action->answer.path, int, 0);
          fire->firers = g_steal_pointer (&firers);
          gbacw_game_queue_pending_after (game, fire, p);
        }
    }
  return GBACW_RESOLVE_DONE;
}

/* The declared attackers that may advance into the vacated hex (12.85). */
static GArray *
advancers (GbacwGame *game, int hex)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  const GbacwMeleeDeclaration *d = declaration_at (game, hex);

  for (int k = 0; d && k < d->n_units; k++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, d->units[k]);
      if (u->hex >= 0 && gbacw_game_distance (game, u->hex, hex) == 1 && !(u->status & (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED)))
        g_array_append_val (out, u->index);
    }
  return out;
}

static GbacwResolve
resolve_advance (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  GbacwMeleeDeclaration *d = declaration_at (game, p->hex);
  g_autoptr (GArray) units = NULL;
  g_autofree char *hex_label = gbacw_game_hex_label (game, p->hex);

  if (gbacw_game_hex_has_side (game, p->hex, 1 - p->side, TRUE))
    return GBACW_RESOLVE_DONE;   /* someone stood: the melee will be fought */
  if (d)
    d->resolved = TRUE;
  gbacw_game_log (game, "12.85", _("%s is vacated before the melee"), hex_label);
  units = advancers (game, p->hex);
  if (units->len == 0)
    return GBACW_RESOLVE_DONE;
  *decision = gbacw_decision_new (GBACW_DECISION_ADVANCE, p->side, "12.85");
  (*decision)->hex = p->hex;
  (*decision)->may_decline = TRUE;
  g_array_append_vals ((*decision)->firers, units->data, units->len);
  (*decision)->question = g_strdup_printf (_("Which units advance into %s (they may not melee this Game-Turn)?"), hex_label);
  return GBACW_RESOLVE_WAIT;
}

gboolean
gbacw_melee_check_advance (GbacwGame *game, const GbacwPending *p, const GbacwAction *action, GError **error)
{
  GbacwStackingLimits limits;
  int sp = 0, n = 0;
  const GArray *stack = gbacw_game_stack (game, p->hex);

  gbacw_rules_data_stacking_limits (game->rules, game->scenario->map, p->hex, FALSE, &limits);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (gbacw_game_is_combat_unit (u))
        {
          sp += stacking_points (u);
          n += u->type != GBACW_UNIT_ARTILLERY;
        }
    }
  for (guint i = 0; i < action->answer.firers->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (action->answer.firers, GbacwFirer, i).unit);
      sp += stacking_points (u);
      n += u->type != GBACW_UNIT_ARTILLERY;
    }
  if ((limits.sp != GBACW_UNSET && sp > limits.sp) || (limits.units != GBACW_UNSET && n > limits.units))
    return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[12.85] The units advancing are bound by the Stacking Restrictions Chart"));
  return TRUE;
}

static GbacwResolve
answer_advance (GbacwGame *game, GbacwPending *p, const GbacwAction *action)
{
  for (guint i = 0; i < action->answer.firers->len; i++)
    {
      int unit = g_array_index (action->answer.firers, GbacwFirer, i).unit;
      GbacwGameUnit *u = gbacw_game_unit (game, unit);
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      g_autofree char *hex_label = gbacw_game_hex_label (game, p->hex);
      u->facing = gbacw_game_direction_between (game, u->hex, p->hex);
      gbacw_game_place_unit (game, unit, p->hex, TRUE);
      u->advanced = TRUE;
      gbacw_game_log (game, "12.85", _("%s advances into %s"), label, hex_label);
    }
  if (action->answer.firers->len > 0)
    {
      /* 17.54, 17.75: an enemy leader left alone there is captured */
      int side = gbacw_game_unit (game, g_array_index (action->answer.firers, GbacwFirer, 0).unit)->side;
      gbacw_retreat_check_lone_leaders (game, p->hex, 1 - side);
    }
  return GBACW_RESOLVE_DONE;
}

/* ------------------------------------------------------------------ resolution */

typedef struct {
  int hex;
  int side;                  /* the attacker's */
  GArray *attackers;         /* the attacking combat units (and the leader going with them) */
  GArray *defenders;         /* the defending units in the hex, leaders too */
  gboolean charge;
  GbacwMeleeResult result[2];   /* 0: attacker, 1: defender */
  int killed_left[2];
  int captured_left[2];
  gboolean hit[2];           /* a unit of that side suffered a casualty (17.72) */
  gboolean killed[2], captured[2];
  int stage;
} Melee;

static void
melee_free (gpointer data)
{
  Melee *m = data;
  g_array_unref (m->attackers);
  g_array_unref (m->defenders);
  g_free (m);
}

/* The units of a side still on the map in the melee hex. */
static GArray *
present (const GbacwGame *game, const Melee *m, int which, gboolean combat_only)
{
  const GArray *units = which == 0 ? m->attackers : m->defenders;
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (u->hex == m->hex && (!combat_only || gbacw_game_is_combat_unit (u)))
        g_array_append_val (out, u->index);
    }
  return out;
}

/* 12.74: who may take the next loss: infantry and cavalry before gun (and wagon) crews. */
static GArray *
loss_candidates (const GbacwGame *game, const Melee *m, int which)
{
  g_autoptr (GArray) units = present (game, m, which, TRUE);
  GArray *foot = g_array_new (FALSE, FALSE, sizeof (int));
  GArray *crews = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (gbacw_game_unit_ignored (game, u))
        continue;   /* J 21.23: abandoned guns of no game significance take no loss */
      if ((u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY) && !gbacw_game_is_wagon_crew (u))
        g_array_append_val (foot, u->index);
      else if (u->type == GBACW_UNIT_ARTILLERY || (u->type == GBACW_UNIT_WAGON && u->strength > 0)
               || gbacw_game_is_wagon_crew (u))
        g_array_append_val (crews, u->index);
    }
  if (foot->len)
    {
      g_array_unref (crews);
      return foot;
    }
  g_array_unref (foot);
  return crews;
}

/* One Strength Point killed (12.91) or captured (12.93). */
static void
take_loss (GbacwGame *game, Melee *m, int which, int unit)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = gbacw_game_unit_label (game, unit);
  gboolean capture = m->killed_left[which] == 0;

  if (capture)
    m->captured_left[which]--;
  else
    m->killed_left[which]--;
  m->hit[which] = TRUE;
  if (capture)
    m->captured[which] = TRUE;
  else
    m->killed[which] = TRUE;
  switch (u->type)
    {
    case GBACW_UNIT_ARTILLERY:
      /* J 21.21, P 20.21, C 24.21: guns whose crew is away on its counter have no one to lose:
       * a loss takes them, as 12.93 takes unlimbered guns */
      if ((u->status & GBACW_STATUS_ABANDONED) && u->crew_counter >= 0
          && gbacw_game_unit (game, u->crew_counter)->hex >= 0)
        capture = TRUE;
      if (capture && u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
        {
          /* 12.93: all its guns and men */
          u->captured += u->guns;
          u->guns = 0;
          gbacw_game_log (game, "12.93", _("%s: all its guns and men are captured"), label);
          gbacw_game_remove_unit (game, unit, GBACW_PRESENCE_CAPTURED);
          return;
        }
      /* 12.91, 15.12: the crew; the second loss eliminates the battery */
      if (u->crew == GBACW_CREW_FULL)
        {
          u->crew = GBACW_CREW_HALF;
          u->status |= GBACW_STATUS_HALF_CREW;
          gbacw_game_log (game, "12.91", _("%s's crew is reduced to half"), label);
        }
      else
        {
          if (capture)
            u->captured += u->guns;
          else
            {
              u->killed += u->guns;
              u->crew_lost_guns = u->guns;
            }
          u->guns = 0;
          gbacw_game_log (game, "15.12", _("%s is eliminated"), label);
          gbacw_game_remove_unit (game, unit, capture ? GBACW_PRESENCE_CAPTURED : GBACW_PRESENCE_ELIMINATED);
        }
      return;
    case GBACW_UNIT_WAGON:
      if (capture)
        u->captured += u->strength;
      else
        u->killed += u->strength;
      u->strength = 0;
      gbacw_game_log (game, "12.14", _("%s's crew is lost; the wagon is uncrewed"), label);
      return;
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
    default:
      u->strength--;
      if (capture)
        u->captured++;
      else
        u->killed++;
      gbacw_game_log (game, capture ? "12.93" : "12.91",
                      capture ? _("%s loses one Strength Point, captured") : _("%s loses one Strength Point, killed"),
                      label);
      if (u->strength <= 0)
        {
          gbacw_game_log (game, "12.9", _("%s is eliminated"), label);
          gbacw_game_remove_unit (game, unit, capture ? GBACW_PRESENCE_CAPTURED : GBACW_PRESENCE_ELIMINATED);
        }
      return;
    }
}

/* The strength a side could lose in losses (12.97). */
static int
loss_capacity (const GbacwGame *game, const GArray *units)
{
  int n = 0;

  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (gbacw_game_unit_ignored (game, u))
        continue;   /* J 21.23 */
      if (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY)
        n += u->strength;
      else if (u->type == GBACW_UNIT_ARTILLERY)
        n += u->crew == GBACW_CREW_HALF ? 1 : 2;
      else if (u->type == GBACW_UNIT_WAGON)
        n += u->strength > 0;
    }
  return n;
}

/* After a melee on the CRT: the attackers stay in the hex (neither retreating nor repulsed)
 * and no enemy is left there but guns without their crew: a module takes them (P 20.21,
 * C 24.21), or they stay, and nobody is engaged with them (J 21.23). */
static void
held_unmanned_guns (GbacwGame *game, const Melee *m)
{
  g_autoptr (GArray) attack_combat = present (game, m, 0, TRUE);

  if (attack_combat->len == 0 || m->result[0].retreat > 0 || m->result[0].repulsed
      || !gbacw_game_hex_only_unmanned_guns (game, m->hex, 1 - m->side))
    return;
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->unmanned_guns_held)
      {
        const char *rule_case = hooks->unmanned_guns_held (game, data, m->hex, m->side);
        if (rule_case)
          {
            capture_unmanned_guns (game, m->hex, m->side, rule_case, FALSE);
            return;
          }
      }
}

/* The combat units of the defender still in the hex who fight (not guns without their crew). */
static GArray *
fighting_defenders (const GbacwGame *game, const Melee *m)
{
  GArray *out = present (game, m, 1, TRUE);

  for (guint i = 0; i < out->len;)
    if (gbacw_game_guns_unmanned (game, gbacw_game_unit (game, g_array_index (out, int, i))))
      g_array_remove_index (out, i);
    else
      i++;
  return out;
}

static void
melee_outcome (GbacwGame *game, Melee *m)
{
  g_autoptr (GArray) attackers = NULL;
  g_autoptr (GArray) defenders = NULL;
  g_autoptr (GArray) attack_combat = NULL;
  g_autoptr (GArray) defend_combat = NULL;
  g_autoptr (GArray) defend_fighting = NULL;
  const GbacwMeleeResult *a = &m->result[0], *d = &m->result[1];
  g_autofree char *hex_label = gbacw_game_hex_label (game, m->hex);
  gboolean engaged = a->engaged || d->engaged;
  gboolean attacker_leaves = a->retreat > 0 || a->repulsed;
  gboolean defender_leaves = d->retreat > 0;

  held_unmanned_guns (game, m);
  attackers = present (game, m, 0, FALSE);
  defenders = present (game, m, 1, FALSE);
  attack_combat = present (game, m, 0, TRUE);
  defend_combat = present (game, m, 1, TRUE);
  defend_fighting = fighting_defenders (game, m);

  /* 12.24: a column meleed goes into Line */
  for (guint i = 0; i < defend_combat->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (defend_combat, int, i));
      if (u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          u->formation = GBACW_FORMATION_STATE_LINE;
          gbacw_game_log (game, "12.24", _("%s was meleed in column and goes into Line"), label);
        }
    }
  /* both sides still there, nobody leaving: the fighting goes on (12.97; and any result
   * that would leave both sides in the hex) */
  if (!engaged && attack_combat->len && defend_fighting->len && !attacker_leaves && !defender_leaves)
    engaged = TRUE;
  if (engaged && attack_combat->len && defend_fighting->len)
    {
      const GArray *stack = gbacw_game_stack (game, m->hex);
      for (guint i = 0; stack && i < stack->len; i++)
        {
          GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
          u->status |= GBACW_STATUS_ENGAGED;
          if (u->type == GBACW_UNIT_ARTILLERY || u->type == GBACW_UNIT_WAGON || gbacw_game_is_wagon_crew (u)
              || (u->status & GBACW_STATUS_PINNED))
            u->crew_may_melee = TRUE;   /* 12.96 */
        }
      gbacw_game_log (game, "12.94", _("The units in %s are engaged"), hex_label);
    }
  else
    {
      g_autoptr (GArray) causes_a = g_array_copy (attack_combat);
      g_autoptr (GArray) causes_d = g_array_copy (defend_combat);
      if (attacker_leaves && attack_combat->len)
        gbacw_retreat_queue (game, GBACW_PENDING_RETREAT, attackers, a->repulsed ? 2 : a->retreat,
                             GBACW_PENDING_NO_EZOC | GBACW_PENDING_MORALE_AFTER, causes_d, a->repulsed ? "12.95" : "12.92",
                             NULL);
      if (defender_leaves && defenders->len)
        {
          g_autoptr (GArray) retreating = g_array_new (FALSE, FALSE, sizeof (int));
          for (guint i = 0; i < defenders->len; i++)
            {
              int unit = g_array_index (defenders, int, i);
              GbacwGameUnit *u = gbacw_game_unit (game, unit);
              g_autofree char *label = gbacw_game_unit_label (game, unit);
              if (gbacw_game_unit_ignored (game, u))
                continue;   /* J 21.23: abandoned guns are no part of it (J 21.27 takes them) */
              if (u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_UNLIMBERED)
                {
                  /* 12.92: unlimbered artillery that must retreat is captured with its crew */
                  u->captured += u->guns;
                  u->guns = 0;
                  gbacw_game_log (game, "12.92", _("%s cannot retreat: its guns and crew are captured"), label);
                  gbacw_game_remove_unit (game, unit, GBACW_PRESENCE_CAPTURED);
                }
              else if (u->type == GBACW_UNIT_WAGON)
                {
                  /* 11.17: the crew retreats, the wagon stays; 11.19: taken by the enemy, kept
                   * by him when an infantry or cavalry attacker is in the hex */
                  gboolean captor = FALSE;
                  const GArray *here = gbacw_game_stack (game, m->hex);
                  for (guint k = 0; here && k < here->len; k++)
                    {
                      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (here, int, k));
                      captor |= o->side == m->side && (o->type == GBACW_UNIT_INFANTRY || o->type == GBACW_UNIT_CAVALRY)
                                && !gbacw_game_is_wagon_crew (o);
                    }
                  u->killed += u->strength;
                  u->strength = 0;
                  gbacw_game_log (game, "11.19", _("%s is left to the enemy"), label);
                  if (captor)
                    gbacw_supply_capture_wagons (game, m->hex, m->side);
                  else
                    {
                      gbacw_game_remove_unit (game, unit, GBACW_PRESENCE_CAPTURED);
                      gbacw_supply_remove_former_crew (game, unit, u->side);
                    }
                }
              else
                g_array_append_val (retreating, unit);
            }
          gboolean combat = FALSE;
          for (guint i = 0; i < retreating->len; i++)
            combat |= gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (retreating, int, i)));
          if (combat)
            gbacw_retreat_queue (game, GBACW_PENDING_RETREAT, retreating, d->retreat,
                                 GBACW_PENDING_NO_EZOC | GBACW_PENDING_MORALE_AFTER, causes_a, "12.92", NULL);
        }
      /* 12.95: the non-phasing side does not retreat, but checks morale */
      if (a->repulsed || d->repulsed)
        for (guint i = 0; i < defend_combat->len; i++)
          {
            int unit = g_array_index (defend_combat, int, i);
            if (gbacw_game_unit (game, unit)->hex == m->hex)
              gbacw_morale_check (game, unit, FALSE, GBACW_MORALE_CAUSE_MELEE, "12.95");
          }
    }
  /* 16.25, 16.27: charging cavalry routs after the melee, even when engaged */
  if (m->charge)
    for (guint i = 0; i < m->attackers->len; i++)
      {
        const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (m->attackers, int, i));
        if (u->hex >= 0 && gbacw_game_is_combat_unit (u) && !(u->status & GBACW_STATUS_ROUTED))
          gbacw_morale_rout (game, u->index, "16.25");
      }
  /* 17.73: a leader left with no friendly combat unit after a melee is captured */
  for (int side = 0; side < 2; side++)
    gbacw_game_queue_pending (game, gbacw_pending_new (GBACW_PENDING_CAPTURE_CHECK, side, -1, m->hex, "17.73"), NULL);
}

/* 7.32: once the melee is concluded (its retreats, captures and checks worked first), the
 * defender may rearrange the facing of his units that took part in it; the attacker does it
 * by CHANGE_FACING in his Melee Phase (GbacwGameUnit.meleed). */
static void
queue_defender_facing (GbacwGame *game, const Melee *m)
{
  GbacwPending *p = gbacw_pending_new (GBACW_PENDING_MELEE_FACING, 1 - m->side, -1, m->hex, "7.32");

  p->units = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < m->defenders->len; i++)
    if (gbacw_game_is_combat_unit (gbacw_game_unit (game, g_array_index (m->defenders, int, i))))
      g_array_append_val (p->units, g_array_index (m->defenders, int, i));
  gbacw_game_queue_pending (game, p, NULL);
}

static GbacwResolve
resolve_defender_facing (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  g_autofree char *hex_label = gbacw_game_hex_label (game, p->hex);

  /* the defender's units still on the map (a wagon captured is no longer his) */
  for (guint i = 0; i < p->units->len;)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (p->units, int, i));
      if (u->hex < 0 || u->side != p->side || gbacw_game_unit_ignored (game, u))   /* J 21.23: nor abandoned guns */
        g_array_remove_index (p->units, i);
      else
        i++;
    }
  if (p->units->len == 0)
    return GBACW_RESOLVE_DONE;
  *decision = gbacw_decision_new (GBACW_DECISION_MELEE_FACING, p->side, "7.32");
  (*decision)->hex = p->hex;
  (*decision)->may_decline = TRUE;
  g_array_append_vals ((*decision)->units, p->units->data, p->units->len);
  for (guint i = 0; i < p->units->len; i++)
    {
      int hex = gbacw_game_unit (game, g_array_index (p->units, int, i))->hex;
      if (!gbacw_int_array_has ((*decision)->hexes, hex))
        g_array_append_val ((*decision)->hexes, hex);
    }
  (*decision)->question = g_strdup_printf (_("The melee in %s is over: how do the defending units that took part in it "
                                             "face now (none: as they are)?"),
                                           hex_label);
  return GBACW_RESOLVE_WAIT;
}

gboolean
gbacw_melee_check_facing (GbacwGame *game, const GbacwPending *p, const GbacwAction *action, GError **error)
{
  const GArray *firers = action->answer.firers;
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < firers->len; i++)
    {
      const GbacwFirer *f = &g_array_index (firers, GbacwFirer, i);
      int hex;
      if (!gbacw_int_array_has (p->units, f->unit))
        return fail (error, GBACW_GAME_ERROR_ILLEGAL,
                     _("[7.32] Only the units that took part in the melee may have their facing rearranged"));
      if (f->direction < 0 || f->direction >= GBACW_HEX_DIRECTIONS)
        return fail (error, GBACW_GAME_ERROR_INVALID, _("No such facing"));
      hex = gbacw_game_unit (game, f->unit)->hex;
      if (gbacw_int_array_has (hexes, hex))
        return fail (error, GBACW_GAME_ERROR_ILLEGAL, _("[8.42] A stack has one facing: name each hex once"));
      g_array_append_val (hexes, hex);
    }
  return TRUE;
}

static GbacwResolve
answer_defender_facing (GbacwGame *game, GbacwPending *p, const GbacwAction *action)
{
  const GbacwHexGrid *grid = game_grid (game);

  for (guint i = 0; i < action->answer.firers->len; i++)
    {
      const GbacwFirer *f = &g_array_index (action->answer.firers, GbacwFirer, i);
      int hex = gbacw_game_unit (game, f->unit)->hex;
      g_autofree char *hex_label = gbacw_game_hex_label (game, hex);
      /* 8.42: the units of the melee in that hex share the new facing */
      for (guint k = 0; k < p->units->len; k++)
        {
          GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (p->units, int, k));
          if (u->hex == hex)
            u->facing = f->direction;
        }
      gbacw_game_log (game, "7.32", _("The units that meleed in %s face %s"), hex_label,
                      gbacw_hex_direction_name (grid->orientation, f->direction));
    }
  return GBACW_RESOLVE_DONE;
}

static GbacwResolve
resolve_melee (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  Melee *m = p->data;

  for (;;)
    switch (m->stage)
      {
      case 0: /* attacker's losses */
      case 1: /* defender's losses (12.74: the owner chooses) */
        {
          int which = m->stage;
          g_autoptr (GArray) candidates = NULL;
          if (m->killed_left[which] + m->captured_left[which] <= 0)
            {
              m->stage++;
              break;
            }
          candidates = loss_candidates (game, m, which);
          if (candidates->len == 0)
            {
              m->killed_left[which] = m->captured_left[which] = 0;
              break;
            }
          if (candidates->len == 1)
            {
              take_loss (game, m, which, g_array_index (candidates, int, 0));
              break;
            }
          *decision = gbacw_decision_new (GBACW_DECISION_MELEE_LOSS, which == 0 ? m->side : 1 - m->side, "12.74");
          g_array_append_vals ((*decision)->units, candidates->data, candidates->len);
          (*decision)->hex = m->hex;
          (*decision)->question = g_strdup (m->killed_left[which] ? _("Which unit loses a Strength Point, killed?")
                                                                   : _("Which unit loses a Strength Point, captured?"));
          return GBACW_RESOLVE_WAIT;
        }
      case 2: /* 17.72, 12.95: leader casualties, before the morale checks */
        for (int which = 0; which < 2; which++)
          {
            int side = which == 0 ? m->side : 1 - m->side;
            if (m->killed[which])
              gbacw_morale_leader_casualties (game, m->hex, side, "melee-k");
            if (m->captured[which])
              gbacw_morale_leader_casualties (game, m->hex, side, "melee-c");
            if (m->result[0].repulsed || m->result[1].repulsed)
              gbacw_morale_leader_casualties (game, m->hex, side, "melee-rpls");
          }
        m->stage++;
        break;
      default:
        melee_outcome (game, m);
        gbacw_melee_refresh_engaged (game);
        queue_defender_facing (game, m);
        return GBACW_RESOLVE_DONE;
      }
}

static GbacwResolve
answer_melee_loss (GbacwGame *game, GbacwPending *p, const GbacwAction *action)
{
  Melee *m = p->data;
  take_loss (game, m, m->stage, action->answer.hex);
  return GBACW_RESOLVE_AGAIN;
}

static void
melee (GbacwGame *game, const GbacwAction *action)
{
  int hex = action->melee.target;
  GbacwMeleeDeclaration *declared = declaration_at (game, hex);
  g_autofree char *hex_label = gbacw_game_hex_label (game, hex);
  g_autoptr (GArray) units = g_array_copy (action->melee.units);
  g_autofree char *label = NULL;
  Melee *m;
  GbacwMeleeOdds odds = { 0 };
  GbacwPending *p;
  const char *without_roll;
  int die, leader = -1;
  g_autoptr (GError) error = NULL;

  /* the units that melee leave the declaration: those left are the attackers still to melee */
  for (guint i = 0; i < units->len; i++)
    if (declared)
      for (int k = 0; k < declared->n_units; k++)
        if (declared->units[k] == g_array_index (units, int, i))
          {
            memmove (declared->units + k, declared->units + k + 1, (gsize) (declared->n_units - k - 1) * sizeof (int));
            declared->n_units--;
            break;
          }
  /* MELEE-INIT rolls (P 27, C 22): not for a melee fought on in an engaged hex (12.94) */
  if (!hex_engaged (game, hex))
    GBACW_FOREACH_HOOK (game, hooks, data)
      if (hooks->melee_initiation_roll && units->len > 0)
        hooks->melee_initiation_roll (game, data, units, hex);
  if (units->len == 0)
    {
      gbacw_game_log (game, NULL, _("No unit initiates the melee at %s"), hex_label);
      return;
    }
  label = units_label (game, units);
  without_roll = gbacw_melee_without_roll_case (game, units, hex);
  m = g_new0 (Melee, 1);
  m->hex = hex;
  m->side = game->phasing_side;
  m->attackers = g_array_copy (units);
  m->charge = declared && declared->charge && !hex_engaged (game, hex);

  /* 13.14: every green unit in the melee sees the elephant; 12.52 with the ratings known
   * (none for guns taken with no die roll, J 21.27) */
  if (without_roll == NULL)
    {
      g_autoptr (GArray) everyone = side_units (game, hex, 1 - m->side, TRUE);
      g_array_append_vals (everyone, units->data, units->len);
      for (guint i = 0; i < everyone->len; i++)
        gbacw_morale_rating (game, g_array_index (everyone, int, i));
      compute (game, units, hex, m->charge, TRUE, &odds);
    }

  /* 12.4: one leader goes in with the attackers */
  for (guint i = 0; i < units->len && leader < 0; i++)
    {
      const GArray *stack = gbacw_game_stack (game, gbacw_game_unit (game, g_array_index (units, int, i))->hex);
      for (guint k = 0; stack && k < stack->len && leader < 0; k++)
        {
          const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, k));
          if (o->type == GBACW_UNIT_LEADER && o->side == m->side && o->hex != hex)
            leader = o->index;
        }
    }
  if (leader >= 0)
    g_array_append_val (m->attackers, leader);
  {
    g_autoptr (GArray) leaders = g_array_new (FALSE, FALSE, sizeof (int));
    GBACW_FOREACH_HOOK (game, hooks, data)
      if (hooks->melee_companions)
        hooks->melee_companions (game, data, units, hex, leaders);
    for (guint i = 0; i < leaders->len; i++)
      if (!gbacw_int_array_has (m->attackers, g_array_index (leaders, int, i)))
        g_array_append_val (m->attackers, g_array_index (leaders, int, i));
  }

  /* the attackers enter the hex (12.0); 9.85: the defenders are no longer pinned */
  m->defenders = side_units (game, hex, 1 - m->side, FALSE);
  /* 7.32: their facing may be rearranged when the melee is concluded */
  for (guint i = 0; i < m->attackers->len; i++)
    gbacw_game_unit (game, g_array_index (m->attackers, int, i))->meleed = TRUE;
  for (guint i = 0; i < m->defenders->len; i++)
    gbacw_game_unit (game, g_array_index (m->defenders, int, i))->meleed = TRUE;
  for (guint i = m->attackers->len; i-- > 0;)
    {
      int unit = g_array_index (m->attackers, int, i);
      GbacwGameUnit *u = gbacw_game_unit (game, unit);
      if (u->hex != hex)
        {
          u->facing = gbacw_game_direction_between (game, u->hex, hex);
          gbacw_game_place_unit (game, unit, hex, TRUE);
        }
    }
  {
    const GArray *stack = gbacw_game_stack (game, hex);
    for (guint i = 0; stack && i < stack->len; i++)
      {
        GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
        u->status &= ~GBACW_STATUS_ENGAGED;
        if (u->side != m->side)
          u->status &= ~GBACW_STATUS_PINNED;
      }
  }

  if (without_roll)
    {
      /* J 21.27: "no die roll is necessary to resolve the combat; the meleeing unit
       * automatically moves into the hex and the guns are captured" */
      gbacw_game_log (game, without_roll, _("Melee at %s by %s: only guns without their crew are there, taken with no die roll"),
                      hex_label, label);
      capture_unmanned_guns (game, hex, m->side, without_roll, TRUE);
      gbacw_retreat_check_lone_leaders (game, hex, 1 - m->side);   /* 17.54, 17.75 */
      melee_free (m);
      return;
    }

  die = gbacw_dice_roll (game->dice);
  gbacw_melee_crt_result (game->scenario, odds.differential, die, TRUE, &m->result[0], &error);
  g_clear_error (&error);
  gbacw_melee_crt_result (game->scenario, odds.differential, die, FALSE, &m->result[1], &error);
  {
    const char *col = gbacw_melee_crt_column (game->scenario, odds.differential);
    g_autofree char *ra = g_strdup_printf ("%da", die);
    g_autofree char *rd = g_strdup_printf ("%dd", die);
    const char *va = gbacw_chart_value (game->scenario, "melee-crt", ra, col, NULL);
    const char *vd = gbacw_chart_value (game->scenario, "melee-crt", rd, col, NULL);
    gbacw_game_log (game, m->charge ? "16.24" : "12.0",
                    _("Melee at %s by %s: attacker %d (units %d, terrain %+d, leader %+d, morale %+d) against defender %d "
                      "(units %d, leader %+d, morale %+d): differential %+d, column %s; die %d: attacker %s, defender %s"),
                    hex_label, label, odds.attack, odds.attack_base, -odds.terrain, odds.attack_leader, odds.attack_morale,
                    odds.defend, odds.defend_base, odds.defend_leader, odds.defend_morale, odds.differential,
                    col ? col : "?", die, va ? va : "?", vd ? vd : "?");
  }
  for (int which = 0; which < 2; which++)
    {
      m->killed_left[which] = m->result[which].killed;
      m->captured_left[which] = m->result[which].captured;
    }
  /* 12.97: both sides wiped out: engaged instead */
  {
    g_autoptr (GArray) a = present (game, m, 0, TRUE);
    g_autoptr (GArray) d = present (game, m, 1, TRUE);
    if (m->killed_left[0] + m->captured_left[0] >= loss_capacity (game, a)
        && m->killed_left[1] + m->captured_left[1] >= loss_capacity (game, d))
      {
        gbacw_game_log (game, "12.97", _("Both sides would be eliminated: the units are engaged instead"));
        memset (m->result, 0, sizeof m->result);
        m->result[0].engaged = m->result[1].engaged = TRUE;
        m->killed_left[0] = m->killed_left[1] = m->captured_left[0] = m->captured_left[1] = 0;
      }
  }
  p = gbacw_pending_new (GBACW_PENDING_MELEE, m->side, -1, hex, "12.0");
  p->data = m;
  p->free_data = melee_free;
  gbacw_game_queue_pending (game, p, NULL);
}

/* ------------------------------------------------------------------ engaged (12.94) */

static GbacwResolve
resolve_engaged (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  g_autoptr (GArray) units = side_units (game, p->hex, p->side, TRUE);
  g_autofree char *hex_label = gbacw_game_hex_label (game, p->hex);

  for (guint i = 0; i < units->len;)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (!(u->status & GBACW_STATUS_ENGAGED) || (u->type == GBACW_UNIT_ARTILLERY && u->formation == GBACW_FORMATION_STATE_UNLIMBERED))
        g_array_remove_index (units, i);
      else
        i++;
    }
  if (units->len == 0 || !hex_engaged (game, p->hex))
    return GBACW_RESOLVE_DONE;
  *decision = gbacw_decision_new (GBACW_DECISION_ENGAGED_RETREAT, p->side, "12.94");
  (*decision)->hex = p->hex;
  (*decision)->may_decline = TRUE;
  g_array_append_vals ((*decision)->firers, units->data, units->len);
  (*decision)->question = g_strdup_printf (_("Do any of the units engaged in %s retreat two hexes (option 3)?"), hex_label);
  return GBACW_RESOLVE_WAIT;
}

static GbacwResolve
answer_engaged (GbacwGame *game, GbacwPending *p, const GbacwAction *action)
{
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) enemies = side_units (game, p->hex, 1 - p->side, TRUE);
  GbacwMeleeDeclaration *d;

  for (guint i = 0; i < action->answer.firers->len; i++)
    g_array_append_val (units, g_array_index (action->answer.firers, GbacwFirer, i).unit);
  if (units->len == 0)
    return GBACW_RESOLVE_DONE;
  for (guint i = 0; i < units->len; i++)
    gbacw_game_unit (game, g_array_index (units, int, i))->status &= ~GBACW_STATUS_ENGAGED;
  /* 12.94: two hexes, a morale check at the end; no withdrawal fire from the engaged enemy */
  gbacw_retreat_queue (game, GBACW_PENDING_RETREAT, units, 2, GBACW_PENDING_MORALE_AFTER, enemies, "12.94", NULL);
  d = declaration_at (game, p->hex);
  if (d == NULL)
    {
      d = g_new0 (GbacwMeleeDeclaration, 1);
      d->target = p->hex;
      g_ptr_array_add (game->melees, d);
    }
  d->retreated = TRUE;
  return GBACW_RESOLVE_DONE;
}

/* ------------------------------------------------------------------ entry points */

void
gbacw_melee_apply_action (GbacwGame *game, const GbacwAction *action)
{
  if (action->kind == GBACW_ACTION_DECLARE_MELEE)
    declare (game, action);
  else
    melee (game, action);
}

void
gbacw_melee_phase_begin (GbacwGame *game)
{
  if (game->phase != GBACW_PHASE_MELEE)
    return;
  for (guint i = 0; i < game->units->len; i++)
    ((GbacwGameUnit *) g_ptr_array_index (game->units, i))->meleed = FALSE;   /* 7.32 */
  gbacw_melee_refresh_engaged (game);
  /* 12.94: the phasing player's engaged units may retreat instead of fighting on */
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      const GArray *stack = gbacw_game_stack (game, hex);
      gboolean mine = FALSE;
      for (guint i = 0; stack && i < stack->len; i++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
          mine |= u->side == game->phasing_side && (u->status & GBACW_STATUS_ENGAGED);
        }
      if (mine)
        gbacw_game_queue_pending (game, gbacw_pending_new (GBACW_PENDING_ENGAGED, game->phasing_side, -1, hex, "12.94"),
                                  NULL);
    }
}

void
gbacw_melee_phase_end (GbacwGame *game)
{
  if (game->phase == GBACW_PHASE_MELEE)
    gbacw_melee_refresh_engaged (game);
}

GbacwResolve
gbacw_melee_pending_resolve (GbacwGame *game, GbacwPending *pending, GbacwDecision **decision)
{
  switch (pending->kind)
    {
    case GBACW_PENDING_RETREAT_BEFORE_MELEE:
      return resolve_before_melee (game, pending, decision);
    case GBACW_PENDING_ADVANCE:
      return resolve_advance (game, pending, decision);
    case GBACW_PENDING_MELEE:
      return resolve_melee (game, pending, decision);
    case GBACW_PENDING_ENGAGED:
      return resolve_engaged (game, pending, decision);
    case GBACW_PENDING_MELEE_FACING:
      return resolve_defender_facing (game, pending, decision);
    default:
      return GBACW_RESOLVE_DONE;
    }
}

GbacwResolve
gbacw_melee_pending_answer (GbacwGame *game, GbacwPending *pending, const GbacwAction *action)
{
  switch (pending->kind)
    {
    case GBACW_PENDING_RETREAT_BEFORE_MELEE:
      return answer_before_melee (game, pending, action);
    case GBACW_PENDING_ADVANCE:
      return answer_advance (game, pending, action);
    case GBACW_PENDING_MELEE:
      return answer_melee_loss (game, pending, action);
    case GBACW_PENDING_ENGAGED:
      return answer_engaged (game, pending, action);
    case GBACW_PENDING_MELEE_FACING:
      return answer_defender_facing (game, pending, action);
    default:
      return GBACW_RESOLVE_DONE;
    }
}

double
gbacw_melee_initiation_chance (const GbacwGame *game, int unit, int target_hex, GbacwGateLeader leader)
{
  double chance = 1.0;

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->melee_initiation_chance)
      chance *= CLAMP (hooks->melee_initiation_chance (game, data, unit, target_hex, leader), 0.0, 1.0);
  return chance;
}
