/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-fences.c: fence hexsides (P 21.4).
 *
 * "If at least one unit crosses a fence hexside to engage in melee combat, the total
 * Friendly Melee Strength is reduced by one point": one point off the attacker's total,
 * however many units cross, in place of the Terrain Effects on Combat Chart's per-unit
 * reading (12.31) of the fence's "melee" cell. Fences have no other effect (no movement
 * cost, no LOS block, no bar to charges): the charts say so.
 *
 * Parameters (<exclusive id="pearidge.fences">):
 *   melee   the change of the total (default -1)
 *   case    the case the log cites (default "P 21.4")
 */
#define G_LOG_DOMAIN "gbacw-rule-fences"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"
#include "gbacw-melee.h"

typedef struct {
  int melee;
  char *rule_case;
} Fences;

static gpointer
fences_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Fences *f = g_new0 (Fences, 1);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  (void) game;
  f->melee = gbacw_exclusive_rule_get_int (rule, "melee", -1);
  f->rule_case = g_strdup (rule_case ? rule_case : "P 21.4");
  return f;
}

static void
fences_finalize (gpointer data)
{
  Fences *f = data;
  g_free (f->rule_case);
  g_free (f);
}

/* Whether the hexside between a and b (adjacent) has a fence-style feature. */
static gboolean
crosses_fence (const GbacwGame *game, int a, int b)
{
  const GbacwScenario *s = game->scenario;
  const GbacwHexGrid *grid = &s->map->grid;
  int d = gbacw_game_direction_between (game, a, b);
  GbacwHexsideId id;
  guint32 features;

  if (d < 0)
    return FALSE;
  id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, a), d);
  features = id != GBACW_HEXSIDE_NONE ? s->map->hexside_features[id] : 0;
  for (guint t = 0; features && t < s->catalogue.hexside_types->len; t++)
    if ((features & (1u << t))
        && g_strcmp0 (((const GbacwHexsideType *) g_ptr_array_index (s->catalogue.hexside_types, t))->style, "fence") == 0)
      return TRUE;
  return FALSE;
}

static void
fences_odds (const GbacwGame *game, gpointer data, const GArray *attackers, int hex, gpointer odds)
{
  const Fences *f = data;
  GbacwMeleeOdds *o = odds;
  gboolean any = FALSE;

  for (guint i = 0; i < attackers->len; i++)
    {
      int unit = g_array_index (attackers, int, i);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      int s, with_fence, without, give_back;
      if (u->hex == hex || !crosses_fence (game, u->hex, hex))
        continue;   /* 12.32: units already in the hex cross nothing */
      any = TRUE;
      /* what the chart's fence cell took from this unit (12.31 reads the worst of the
       * hexside and the hex), given back: P 21.4 counts the fence once for the side */
      s = gbacw_melee_unit_strength (game, unit, TRUE, FALSE, FALSE, FALSE);
      with_fence = MIN (s, -gbacw_melee_terrain_points (game, unit, hex, NULL));
      without = MIN (s, -gbacw_melee_terrain_points (game, unit, hex, "fence"));
      give_back = with_fence - without;
      o->attack_base += give_back;
      o->terrain -= give_back;
      o->attack += give_back;
    }
  if (any)
    {
      o->attack += f->melee;
      o->exclusive += f->melee;
    }
}

const GbacwRuleHooks gbacw_rule_pearidge_fences = {
  .id = "pearidge.fences",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = fences_init,
  .finalize = fences_finalize,
  .melee_odds = fences_odds,
};
