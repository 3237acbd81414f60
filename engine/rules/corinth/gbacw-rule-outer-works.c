/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-outer-works.c: the Outer Works (C 23.1).
 *
 * Outer works are hexsides of a hexside type of style "works" and side "inside": the map
 * records, for each, which of its two hexes is the inside (the side without the "teeth").
 * The movement cost across them is the Terrain Effects on Movement Chart's (roads cross
 * them at the road's cost, 6.11); C 22.1's -1 to the retreat-before-melee check when all
 * the attackers cross works is the melee-initiation module's. The module plays:
 * - "A unit which crosses an outer works hexside from outside to inside during melee has
 *   its melee strength reduced by one point": the chart's "melee" cell of the works (12.31)
 *   counts only for a unit crossing from the outside; a unit crossing from the inside gets
 *   back what it took.
 * - "A unit which is defending behind an outer works hexside and is attacked by fire combat
 *   solely across outer works hexsides has 1 subtracted from the attacker's die-roll ...
 *   Rolls of less than one are treated as one. In addition, the attacking unit checks for
 *   ammo depletion only if its unmodified die-roll is one": a FIRE-DRM when the target hex
 *   is the inside of the works and every firer's line enters it through one of them (the
 *   engine keeps the die within 1-6 and makes the checks on the die as rolled).
 * - "For LOS purposes the works are considered to be 10 feet high. A unit which is on the
 *   inside of the works is considered to occupy an elevation 10 feet higher than the hex it
 *   actually occupies."
 *
 * Parameters (<exclusive id="corinth.outer-works">):
 *   drm      added to the firer's die (default -1)
 *   height   LOS height of the works, feet (default 10)
 *   raise    feet a unit on the inside is raised for LOS (default 10)
 */
#define G_LOG_DOMAIN "gbacw-rule-outer-works"

#include "gbacw-rule-modules.h"

#include "corinth/gbacw-corinth-works.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game.h"
#include "gbacw-melee.h"

typedef struct {
  guint32 types;   /* the works hexside types */
  int drm;
  int height;
  int raise;
} Works;

static gpointer
works_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Works *w = g_new0 (Works, 1);

  w->types = gbacw_corinth_style_mask (game->scenario, "works");
  w->drm = gbacw_exclusive_rule_get_int (rule, "drm", -1);
  w->height = gbacw_exclusive_rule_get_int (rule, "height", 10);
  w->raise = gbacw_exclusive_rule_get_int (rule, "raise", 10);
  return w;
}

static void
works_odds (const GbacwGame *game, gpointer data, const GArray *attackers, int hex, gpointer odds)
{
  const Works *w = data;
  GbacwMeleeOdds *o = odds;

  for (guint i = 0; i < attackers->len; i++)
    {
      int unit = g_array_index (attackers, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      int d, s, with, without, back;
      guint32 inner;
      if (u->hex == hex)
        continue;   /* 12.32: already in the hex */
      d = gbacw_game_direction_between (game, u->hex, hex);
      if (d < 0)
        continue;
      gbacw_corinth_hexside_sides (game->scenario, u->hex, d, w->types, &inner, NULL);
      if (inner == 0)
        continue;   /* from the outside, or no works: the chart's reading stands */
      s = gbacw_melee_unit_strength (game, unit, TRUE, FALSE, FALSE, FALSE);
      with = MIN (s, -gbacw_melee_terrain_points (game, unit, hex, NULL));
      without = MIN (s, -gbacw_melee_terrain_points (game, unit, hex, "works"));
      back = with - without;
      o->attack_base += back;
      o->terrain -= back;
      o->attack += back;
    }
}

static int
works_drm (const GbacwGame *game, gpointer data, const GbacwFireResolution *res)
{
  const Works *w = data;
  guint inner = gbacw_corinth_inner_directions (game->scenario, res->target_hex, w->types);

  if (inner == 0 || res->contributions->len == 0)
    return 0;
  for (guint c = 0; c < res->contributions->len; c++)
    {
      const GbacwFireContribution *fc = &g_array_index (res->contributions, GbacwFireContribution, c);
      gboolean across = FALSE;
      for (int k = 0; k < 2; k++)
        across |= fc->entry[k] >= 0 && (inner & (1u << fc->entry[k]));
      if (!across)
        return 0;
    }
  return w->drm;
}

static void
works_los_prepare (GbacwLos *los, const GbacwScenario *scenario, gpointer data)
{
  const Works *w = data;
  gbacw_corinth_works_los_prepare (los, scenario, w->types, w->height);
}

static void
works_los_adjust (const GbacwGame *game, gpointer data, int from, int to, GbacwLosResult *result)
{
  const Works *w = data;
  gbacw_corinth_works_los_adjust (game, from, to, w->types, w->raise, result);
}

const GbacwRuleHooks gbacw_rule_corinth_outer_works = {
  .id = "corinth.outer-works",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = works_init,
  .finalize = g_free,
  .melee_odds = works_odds,
  .fire_drm = works_drm,
  .los_prepare = works_los_prepare,
  .los_adjust = works_los_adjust,
};
