/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-ammunition-depletion.c: the ammunition depletion roll of a game or
 * scenario in place of 11.21's "1 or 2" (rules matrix §2.D).
 *
 * When a Fire Combat Results Table die of 1 calls for an ammunition check (11.21),
 * the re-roll depletes on a range that the Exclusive Rules set per side and per
 * Game-Turn: P 21.51-21.52 (Confederate 1 on GT1-6, 1-2 on GT7-12, 1-3 on GT13-30;
 * Union never, 1, 1-2), J 29.41-29.42, 33.51-33.52 and 36.61-36.62. In Jackson at the
 * Crossroads artillery counts no rounds and depletes as small arms do (J 21.3), on
 * ranges of its own.
 *
 * Parameters (<exclusive id="ammunition-depletion">):
 *   small-arms        the range for every side: "1-2", or per Game-Turns
 *                     "1-15:1 18-25:1-2"; "none" never depletes (P 21.52's "–")
 *   small-arms.SIDE   the same for the side with id SIDE; it comes before small-arms
 *   artillery, artillery.SIDE
 *                     the same for batteries, which then check after a die of 1 as small
 *                     arms do (J 21.3); without them batteries count rounds (11.31)
 *   case              the case the log cites, with its game ("P 21.52"); 11.21 if absent
 * A Game-Turn that no entry covers keeps the Standard Rules: 1-2 for small arms (11.21),
 * no check for batteries.
 */
#define G_LOG_DOMAIN "gbacw-rule-ammunition-depletion"

#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

/* The ranges of one kind of fire: small arms or artillery. */
typedef struct {
  GArray *all;         /* GbacwTurnDice, from KIND, or NULL */
  GPtrArray *by_side;  /* per side index: GArray of GbacwTurnDice from KIND.SIDE, or NULL */
} Schedule;

typedef struct {
  Schedule small_arms;
  Schedule artillery;
  char *rule_case;
} Depletion;

static GArray *
read_table (const GbacwExclusiveRule *rule, const char *name)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  GArray *table;

  if (value == NULL)
    return NULL;
  table = gbacw_exclusive_parse_turn_dice (value, &why);
  /* the validator refuses a malformed value before a game starts (scenario.rules) */
  if (table == NULL)
    g_warning ("ammunition-depletion: %s: %s", name, why);
  return table;
}

static void
free_table (gpointer table)
{
  if (table != NULL)
    g_array_unref (table);
}

static void
read_schedule (Schedule *schedule, const GbacwExclusiveRule *rule, const GPtrArray *sides, const char *kind)
{
  schedule->all = read_table (rule, kind);
  schedule->by_side = g_ptr_array_new_with_free_func (free_table);
  for (guint i = 0; i < sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (sides, i);
      g_autofree char *name = g_strconcat (kind, ".", side->id, NULL);
      g_ptr_array_add (schedule->by_side, read_table (rule, name));
    }
}

static void
clear_schedule (Schedule *schedule)
{
  free_table (schedule->all);
  g_ptr_array_unref (schedule->by_side);
}

/* The top of the range for side on turn: the side's own entry, else every side's; -1
 * when neither covers the turn. */
static int
schedule_lookup (const Schedule *schedule, int side, int turn)
{
  int top = -1;

  if (side >= 0 && (guint) side < schedule->by_side->len)
    top = gbacw_turn_dice_lookup (g_ptr_array_index (schedule->by_side, side), turn);
  if (top < 0)
    top = gbacw_turn_dice_lookup (schedule->all, turn);
  return top;
}

static gpointer
depletion_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Depletion *d = g_new0 (Depletion, 1);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  read_schedule (&d->small_arms, rule, game->scenario->oob.sides, "small-arms");
  read_schedule (&d->artillery, rule, game->scenario->oob.sides, "artillery");
  d->rule_case = g_strdup (rule_case != NULL ? rule_case : "11.21");
  return d;
}

static void
depletion_finalize (gpointer data)
{
  Depletion *d = data;

  clear_schedule (&d->small_arms);
  clear_schedule (&d->artillery);
  g_free (d->rule_case);
  g_free (d);
}

static const char *
depletion_threshold (const GbacwGame *game, gpointer data, int unit, int *threshold)
{
  const Depletion *d = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const Schedule *schedule = u->type == GBACW_UNIT_ARTILLERY ? &d->artillery : &d->small_arms;
  int top = schedule_lookup (schedule, u->side, game->turn);

  if (top < 0)
    return NULL;
  *threshold = top;
  return d->rule_case;
}

const GbacwRuleHooks gbacw_rule_ammunition_depletion = {
  .id = "ammunition-depletion",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = depletion_init,
  .finalize = depletion_finalize,
  .ammo_depletion = depletion_threshold,
};
