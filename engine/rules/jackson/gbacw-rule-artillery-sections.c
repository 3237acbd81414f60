/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-artillery-sections.c: Jackson's artillery sections (J 21.2, 21.24-21.26).
 *
 * J 21.2: every battery is broken down into sections (units flagged section="yes"), fully
 * independent, stacking freely with other batteries' sections; the Stacking Restrictions
 * Chart counts them apart ("+ 6 Sec.", 8.18), which the model's stacking limits read
 * already (a section is 0 stacking points and counts against the chart's sections column).
 * This module plays the rest:
 * - J 21.24 "When an artillery section takes a loss from enemy small-arms fire, the entire
 *   crew is considered killed and the section is removed from play. No Half-crew marker is
 *   ever used": a small-arms loss on a section's crew removes it, its guns counted
 *   eliminated as 15.12's second loss counts them.
 * - J 21.25 "When a stack of artillery sections is attacked by enemy artillery from a range
 *   greater than 3 hexes, only the top unit in the stack is affected (exception to 8.22). If
 *   the top unit is eliminated, any excess losses must be taken from the sections beneath
 *   it. Every section in the stack must check for rout if the top unit routs": when every
 *   combat unit fired at in the hex is a section and every firer is farther than `beyond`
 *   hexes, one roll for the top section (8.21's top unit), the excess down the stack, and a
 *   rout of the top section makes the others check (13.42). At exactly 3 hexes 8.22 holds.
 * - J 21.26 "Each increment of 4 guns stacked in a hex counts as one Strength Point for
 *   purposes of both density and Melee Strength (this rule supercedes 8.33 ...). Three or
 *   fewer guns in a hex have no Melee Strength and do not count towards density": the guns
 *   of the artillery fired at (sections and batteries; not abandoned guns, J 21.23) give
 *   guns / `guns-per-sp` density points, rounded down, in place of 8.33's one per battery;
 *   in melee the guns of a side's crewed artillery in a hex give that many points, all on
 *   the top one (the others 0), halved when it is routed (12.51). A crew on its counter
 *   melees as the engine has it (12.12).
 *
 * Parameters (<exclusive id="jackson.artillery-sections">):
 *   guns-per-sp  guns for one Strength Point of density and melee (default 4, J 21.26)
 *   beyond       the range in hexes beyond which fire at a stack of sections hits only the
 *                top one (default 3, J 21.25)
 */
#define G_LOG_DOMAIN "gbacw-rule-artillery-sections"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"

typedef struct {
  int guns_per_sp;
  int beyond;
} Sections;

static gpointer
sections_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Sections *s = g_new0 (Sections, 1);

  s->guns_per_sp = MAX (1, gbacw_exclusive_rule_get_int (rule, "guns-per-sp", 4));
  s->beyond = MAX (0, gbacw_exclusive_rule_get_int (rule, "beyond", 3));
  return s;
}

static gboolean
is_section (const GbacwGameUnit *u)
{
  return u->type == GBACW_UNIT_ARTILLERY && (u->oob->flags & GBACW_UNIT_FLAG_SECTION);
}

static gboolean
fired_at (const GbacwFireResolution *res, int unit)
{
  return res->targets == NULL || gbacw_int_array_has (res->targets, unit);
}

/* J 21.26: 8.33's one point per battery replaced by one per full guns_per_sp guns. */
static int
sections_density (const GbacwGame *game, gpointer data, const GbacwFireResolution *res, int density_sp)
{
  const Sections *s = data;
  const GArray *stack = gbacw_game_stack (game, res->target_hex);
  int guns = 0, batteries = 0;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      GbacwPlacement placement = { 0 };

      if (u->type != GBACW_UNIT_ARTILLERY || !fired_at (res, u->index) || !gbacw_game_is_combat_unit (u))
        continue;
      placement.strength = u->guns;
      batteries += gbacw_unit_stacking_points (u->oob, &placement);
      if (!(u->status & GBACW_STATUS_ABANDONED))
        guns += u->guns;
    }
  return density_sp - batteries + guns / s->guns_per_sp;
}

static gboolean
crewed_artillery (const GbacwGameUnit *u)
{
  return u->type == GBACW_UNIT_ARTILLERY && u->guns > 0 && !(u->status & GBACW_STATUS_ABANDONED);
}

/* J 21.26: the guns of the side's crewed artillery in the hex, on its top unit. */
static int
sections_melee_strength (const GbacwGame *game, gpointer data, int unit, int target_hex, int strength)
{
  const Sections *s = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack;
  int guns = 0, first = -1, points;

  if (!crewed_artillery (u) || u->hex < 0)
    return strength;
  stack = gbacw_game_stack (game, u->hex);
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->side != u->side || !crewed_artillery (o))
        continue;
      if (first < 0)
        first = o->index;
      guns += o->guns;
    }
  if (first != unit)
    return 0;
  points = guns / s->guns_per_sp;
  return (u->status & GBACW_STATUS_ROUTED) ? points / 2 : points;
}

/* J 21.25: a stack of sections only, every firer beyond s->beyond hexes. */
static const char *
sections_top_only (const GbacwGame *game, gpointer data, const GbacwFireResolution *res)
{
  const Sections *s = data;
  const GArray *stack = gbacw_game_stack (game, res->target_hex);

  if (!res->artillery || res->min_range <= s->beyond)
    return NULL;
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (gbacw_game_is_combat_unit (u) && fired_at (res, u->index) && !is_section (u))
        return NULL;
    }
  return "J 21.25";
}

/* J 21.24: no half crews for sections. */
static const char *
sections_crew_killed (const GbacwGame *game, gpointer data, int unit)
{
  return is_section (gbacw_game_unit (game, unit)) ? "J 21.24" : NULL;
}

const GbacwRuleHooks gbacw_rule_jackson_artillery_sections = {
  .id = "jackson.artillery-sections",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = sections_init,
  .finalize = g_free,
  .melee_strength = sections_melee_strength,
  .density_sp = sections_density,
  .fire_top_only = sections_top_only,
  .crew_killed = sections_crew_killed,
};
