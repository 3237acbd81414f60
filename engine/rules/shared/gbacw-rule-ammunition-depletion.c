/* gbacw-rule-ammunition-depletion.c: the small-arms ammunition depletion roll of a
 * game or scenario in place of 11.21's "1 or 2" (rules matrix §2.D).
 *
 * When a Fire Combat Results Table die of 1 calls for an ammunition check (11.21),
 * the re-roll depletes on a range that the Exclusive Rules set per side and per
 * Game-Turn: P 21.51-21.52 (Confederate 1 on GT1-6, 1-2 on GT7-12, 1-3 on GT13-30;
 * Union never, 1, 1-2), J 29.41-29.42, 33.51 and 36.61-36.62.
 *
 * Parameters (<exclusive id="ammunition-depletion">):
 *   small-arms        the range for every side: "1-2", or per Game-Turns
 *                     "1-15:1 18-25:1-2"; "none" never depletes (P 21.52's "–")
 *   small-arms.SIDE   the same for the side with id SIDE; it comes before small-arms
 *   case              the case the log cites, with its game ("P 21.52"); 11.21 if absent
 * A Game-Turn that no entry covers keeps the Standard Rules' 1-2 (11.21).
 */
#include "gbacw-rule-modules.h"

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  GArray *all;         /* GbacwTurnDice, from small-arms, or NULL */
  GPtrArray *by_side;  /* per side index: GArray of GbacwTurnDice, or NULL */
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

static gpointer
depletion_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Depletion *d = g_new0 (Depletion, 1);
  const GPtrArray *sides = game->scenario->oob.sides;
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  d->all = read_table (rule, "small-arms");
  d->by_side = g_ptr_array_new_with_free_func (free_table);
  for (guint i = 0; i < sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (sides, i);
      g_autofree char *name = g_strconcat ("small-arms.", side->id, NULL);
      g_ptr_array_add (d->by_side, read_table (rule, name));
    }
  d->rule_case = g_strdup (rule_case != NULL ? rule_case : "11.21");
  return d;
}

static void
depletion_finalize (gpointer data)
{
  Depletion *d = data;

  free_table (d->all);
  g_ptr_array_unref (d->by_side);
  g_free (d->rule_case);
  g_free (d);
}

static const char *
depletion_threshold (const GbacwGame *game, gpointer data, int unit, int *threshold)
{
  const Depletion *d = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *side_table = NULL;
  int top = -1;

  if (u->side >= 0 && (guint) u->side < d->by_side->len)
    side_table = g_ptr_array_index (d->by_side, u->side);
  if (side_table != NULL)
    top = gbacw_turn_dice_lookup (side_table, game->turn);
  if (top < 0)
    top = gbacw_turn_dice_lookup (d->all, game->turn);
  if (top < 0)
    return NULL;
  *threshold = top;
  return d->rule_case;
}

const GbacwRuleHooks gbacw_rule_ammunition_depletion = {
  .id = "ammunition-depletion",
  .init = depletion_init,
  .finalize = depletion_finalize,
  .ammo_depletion = depletion_threshold,
};
