/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-redans.c: Battery Redans (C 23.2, 23.21-23.28).
 *
 * A redan is a named work over hexsides of a hexside type of style "redan" and side
 * "inside" (primary and secondary redans are two types, 23.2); the map records which hex
 * is its inside, the redan hex. What the charts already give is left to them: +3 Movement
 * Points to cross and no artillery or supply wagons across at all (23.23, the Terrain
 * Effects on Movement Chart's cells: +3, P), the column to the
 * left for the unit inside fired on through the redan (23.24, "fire-shift"), the points
 * taken off a unit crossing to melee (23.26, "melee": -1 secondary, -2 primary), and the
 * redan hex's Stacking Points and batteries (23.27, the stacking chart's row of the redan
 * type). The module adds:
 * - 23.21-23.22: a unit in a redan hex with a facing (line, dismounted, unlimbered) has as
 *   frontal hexsides the redan's outer side (its ZOC, its fire), and its rear hexsides are
 *   enfiladed; a unit facing one of the redan's rear hexsides has declared a rear facing
 *   and the redan's rear is its front ("the above diagram is reversed"). A redan without a
 *   unit that has a ZOC has none (10.0 already says so of leaders).
 * - 23.24: the column to the left for a unit in a redan fired on through its rear too.
 * - 23.25: at most 4 Strength Points count meleeing into a redan hex, before the points
 *   the crossing takes off (23.26).
 * - 23.26: no points taken off for crossing into a hex where the units are engaged (12.94).
 * - 23.27: a redan hex holds one battery (two sections) and one infantry Strength Point,
 *   or four infantry Strength Points and no guns.
 * - 23.28: the redan is 10 feet high for LOS, a unit inside it 10 feet higher; a LOS into
 *   it from an adjacent hex is clear (9.24 already).
 *
 * Parameters (<exclusive id="corinth.redans">):
 *   melee-max       Strength Points that count meleeing into a redan hex (default 4, 23.25)
 *   with-battery    infantry Strength Points a redan hex holds with a battery (default 1, 23.27)
 *   without-guns    infantry Strength Points it holds without guns (default 4, 23.27)
 *   height          LOS height of the redan, feet (default 10, 23.28)
 *   raise           feet a unit inside is raised for LOS (default 10, 23.28)
 */
#define G_LOG_DOMAIN "gbacw-rule-redans"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "corinth/gbacw-corinth-works.h"
#include "gbacw-combat-charts.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game.h"
#include "gbacw-melee.h"

typedef struct {
  guint32 types;   /* the redan hexside types */
  guint8 *outer;   /* per hex: the directions of its redan's outer side, 0: no redan hex */
  int n_hexes;
  int melee_max;
  int with_battery;
  int without_guns;
  int height;
  int raise;
} Redans;

static gpointer
redans_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Redans *r = g_new0 (Redans, 1);

  r->types = gbacw_corinth_style_mask (game->scenario, "redan");
  r->melee_max = gbacw_exclusive_rule_get_int (rule, "melee-max", 4);
  r->with_battery = gbacw_exclusive_rule_get_int (rule, "with-battery", 1);
  r->without_guns = gbacw_exclusive_rule_get_int (rule, "without-guns", 4);
  r->height = gbacw_exclusive_rule_get_int (rule, "height", 10);
  r->raise = gbacw_exclusive_rule_get_int (rule, "raise", 10);
  r->n_hexes = game->n_hexes;
  r->outer = g_new0 (guint8, MAX (r->n_hexes, 1));
  for (int h = 0; r->types && h < r->n_hexes; h++)
    r->outer[h] = (guint8) gbacw_corinth_inner_directions (game->scenario, h, r->types);
  return r;
}

static void
redans_finalize (gpointer data)
{
  Redans *r = data;
  g_free (r->outer);
  g_free (r);
}

/* The redan's outer side seen from hex (directions), 0 when hex is no redan hex. */
static guint
outer_side (const GbacwGame *game, const Redans *r, int hex)
{
  (void) game;
  return hex >= 0 && hex < r->n_hexes ? r->outer[hex] : 0;
}

static guint
redans_frontal (const GbacwGame *game, gpointer data, int unit, guint mask)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  guint outer;

  if (u->hex < 0 || u->facing < 0 || u->facing >= GBACW_HEX_DIRECTIONS
      || !(u->formation == GBACW_FORMATION_STATE_LINE || u->formation == GBACW_FORMATION_STATE_DISMOUNTED
           || u->formation == GBACW_FORMATION_STATE_UNLIMBERED))
    return mask;
  outer = outer_side (game, data, u->hex);
  if (outer == 0)
    return mask;
  /* 23.21: facing the outer side, or declared facing the rear (the diagram reversed) */
  return (outer & (1u << u->facing)) ? outer : (~outer & 0x3fu);
}

/* 23.24: the redan's column shift for its occupant fired on through its rear hexsides (the
 * Terrain Effects on Combat Chart gives it through the redan's own). */
static int
redans_fire_shift (const GbacwGame *game, gpointer data, const GbacwFireResolution *res)
{
  const Redans *r = data;
  const GbacwCatalogue *cat = &game->scenario->catalogue;
  guint outer = outer_side (game, r, res->target_hex);
  guint32 present = 0;
  int best = 0;

  if (outer == 0)
    return 0;
  for (guint c = 0; c < res->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
      for (int k = 0; k < 2; k++)
        if (fc->entry[k] >= 0 && (outer & (1u << fc->entry[k])))
          return 0;   /* through the redan: the chart's shift was counted (9.5) */
    }
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      guint32 inner;
      gbacw_corinth_hexside_sides (game->scenario, res->target_hex, d, r->types, &inner, NULL);
      present |= inner;
    }
  for (guint32 k = present; k; k &= k - 1)
    {
      const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, g_bit_nth_lsf (k, -1));
      int shift;
      if (gbacw_terrain_fire_shift (game->scenario, type->id, &shift))
        best = MIN (best, shift);
    }
  return best;
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

static void
redans_odds (const GbacwGame *game, gpointer data, const GArray *attackers, int hex, gpointer odds)
{
  const Redans *r = data;
  GbacwMeleeOdds *o = odds;
  int raw, base, change;

  if (outer_side (game, r, hex) == 0)
    return;
  if (hex_engaged (game, hex))
    for (guint i = 0; i < attackers->len; i++)
      {
        /* 23.26: "does not apply to additional melees caused by an engaged melee result" */
        int unit = g_array_index (attackers, int, i);
        const GbacwGameUnit *u = gbacw_game_unit (game, unit);
        int s, with, without, back;
        if (u->hex == hex)
          continue;   /* 12.32: already in the hex */
        s = gbacw_melee_unit_strength (game, unit, TRUE, FALSE, FALSE, FALSE);
        with = MIN (s, -gbacw_melee_terrain_points (game, unit, hex, NULL));
        without = MIN (s, -gbacw_melee_terrain_points (game, unit, hex, "redan"));
        back = with - without;
        o->attack_base += back;
        o->terrain -= back;
        o->attack += back;
      }
  /* 23.25: at most melee-max Strength Points count, the crossing's points taken off them */
  raw = o->attack_base + o->terrain;
  if (raw <= r->melee_max)
    return;
  base = MAX (0, r->melee_max - o->terrain);
  change = base - o->attack_base;
  o->attack_base += change;
  o->attack += change;
  o->exclusive += change;
}

static int
unit_sp (const GbacwGameUnit *u)
{
  GbacwPlacement placement = { 0 };
  placement.strength = u->strength;
  placement.hex = u->hex;
  return gbacw_unit_stacking_points (u->oob, &placement);
}

static gboolean
redans_stacking (const GbacwGame *game, gpointer data, int hex, const GArray *units, GError **error)
{
  const Redans *r = data;
  int batteries = 0, sections = 0, sp = 0, limit;

  if (outer_side (game, r, hex) == 0)
    return TRUE;
  for (guint i = 0; i < units->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if (u->type == GBACW_UNIT_ARTILLERY)
        {
          if (u->oob && (u->oob->flags & GBACW_UNIT_FLAG_SECTION))
            sections++;
          else
            batteries++;
        }
      else
        sp += unit_sp (u);
    }
  /* two sections stacked together count as one battery */
  batteries += (sections + 1) / 2;
  limit = batteries > 0 ? r->with_battery : r->without_guns;
  if (batteries <= 1 && sp <= limit)
    return TRUE;
  {
    g_autofree char *label = gbacw_game_hex_label (game, hex);
    if (batteries > 1)
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[C 23.27] The redan at %s holds one battery (or two sections) at most"), label);
    else
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "[C 23.27] The redan at %s holds %d infantry Strength Point at most",
                                "[C 23.27] The redan at %s holds %d infantry Strength Points at most", limit),
                   label, limit);
  }
  return FALSE;
}

static void
redans_los_prepare (GbacwLos *los, const GbacwScenario *scenario, gpointer data)
{
  const Redans *r = data;
  gbacw_corinth_works_los_prepare (los, scenario, r->types, r->height);
}

static void
redans_los_adjust (const GbacwGame *game, gpointer data, int from, int to, GbacwLosResult *result)
{
  const Redans *r = data;
  gbacw_corinth_works_los_adjust (game, from, to, r->types, r->raise, result);
}

const GbacwRuleHooks gbacw_rule_corinth_redans = {
  .id = "corinth.redans",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = redans_init,
  .finalize = redans_finalize,
  .frontal = redans_frontal,
  .fire_shift = redans_fire_shift,
  .melee_odds = redans_odds,
  .stacking = redans_stacking,
  .los_prepare = redans_los_prepare,
  .los_adjust = redans_los_adjust,
};
