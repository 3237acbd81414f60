/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-victory-checks.c: victory determined before the last Game-Turn (rules matrix
 * §2.D "Victory interphases"), in the interphase of the Game-Turns named, from the Victory
 * Points as the scenario awards them (gbacw-query.h, GbacwOutcome); a check that decides
 * ends the game when that interphase does.
 *
 *  - ratio (P 34.21, after Game-Turn 18): the side with more VP wins if it has at least
 *    ratio-minimum (100) and more than the other's total plus half of it rounded up
 *    (170 against 112: 112 + 56 = 168 < 170, a win).
 *  - lead (P 34.31, after each even Game-Turn from 24): a lead of more than lead (50) wins;
 *    "50 greater" is read with the next sentence ("less than or equal to 50 greater ...
 *    continues") as more than 50.
 *  - most (P 34.32, 34.34, after Game-Turn 30): the side with more VP wins, a tie is tie's.
 *  - threshold (C 31.2, after Game-Turn 16): threshold-side's total, its VP less the
 *    other's (C awards the Confederate player's losses as the Union's VP), at least win-at
 *    (20) wins; at most lose-at (4) is the other side's win; between them play goes on.
 *    Without lose-at only the first side can win then (C 31.0 and 26.0's reading).
 * A game that no check decided ends at the last Game-Turn with the scenario's levels (C
 * 31.3's schedules).
 *
 * Parameters (<exclusive id="victory-checks">):
 *   ratio-turns, ratio-minimum, ratio-case
 *   lead-turns, lead, lead-case
 *   most-turns, tie, most-case
 *   threshold-turns, threshold-side, win-at, lose-at, threshold-case
 *   case    the case cited where a check names none ("P 34.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-victory-checks"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"
#include "gbacw-query.h"

typedef struct {
  GbacwOutcome *outcome;    /* the game's Victory Points as the scenario awards them */
  GArray *ratio_turns, *lead_turns, *most_turns, *threshold_turns;   /* int, or NULL */
  int ratio_minimum, lead, tie, threshold_side, win_at, lose_at;
  gboolean has_lose_at;
  char *ratio_case, *lead_case, *most_case, *threshold_case;
  gboolean decided;
  int winner;
  char *level;
} Checks;

static GArray *
turns_param (const GbacwExclusiveRule *rule, const char *name)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  GArray *turns;

  if (value == NULL)
    return NULL;
  if ((turns = gbacw_exclusive_parse_turns (value, &why)) == NULL)
    g_warning ("victory-checks: %s: %s", name, why);   /* the validator refuses it first */
  return turns;
}

static int
int_param (const GbacwExclusiveRule *rule, const char *name, int fallback, gboolean *present)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int n;

  if (present)
    *present = FALSE;
  if (value == NULL)
    return fallback;
  if (!gbacw_exclusive_parse_int (value, -9999, 9999, &n, &why))
    {
      g_warning ("victory-checks: %s: %s", name, why);
      return fallback;
    }
  if (present)
    *present = TRUE;
  return n;
}

static int
side_param (GbacwGame *game, const GbacwExclusiveRule *rule, const char *name)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  return value ? gbacw_game_side_index (game, value) : -1;
}

static char *
case_param (const GbacwExclusiveRule *rule, const char *name)
{
  const char *value = gbacw_exclusive_rule_get_param (rule, name);
  if (value == NULL)
    value = gbacw_exclusive_rule_get_param (rule, "case");
  return g_strdup (value ? value : "VICTORY");
}

static gpointer
checks_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Checks *c = g_new0 (Checks, 1);

  c->outcome = gbacw_outcome_new (game);
  c->ratio_turns = turns_param (rule, "ratio-turns");
  c->lead_turns = turns_param (rule, "lead-turns");
  c->most_turns = turns_param (rule, "most-turns");
  c->threshold_turns = turns_param (rule, "threshold-turns");
  c->ratio_minimum = int_param (rule, "ratio-minimum", 0, NULL);
  c->lead = int_param (rule, "lead", 0, NULL);
  c->tie = side_param (game, rule, "tie");
  c->threshold_side = side_param (game, rule, "threshold-side");
  c->win_at = int_param (rule, "win-at", 0, NULL);
  c->lose_at = int_param (rule, "lose-at", 0, &c->has_lose_at);
  c->ratio_case = case_param (rule, "ratio-case");
  c->lead_case = case_param (rule, "lead-case");
  c->most_case = case_param (rule, "most-case");
  c->threshold_case = case_param (rule, "threshold-case");
  c->winner = -1;
  return c;
}

static void
checks_finalize (gpointer data)
{
  Checks *c = data;

  gbacw_outcome_free (c->outcome);
  g_clear_pointer (&c->ratio_turns, g_array_unref);
  g_clear_pointer (&c->lead_turns, g_array_unref);
  g_clear_pointer (&c->most_turns, g_array_unref);
  g_clear_pointer (&c->threshold_turns, g_array_unref);
  g_free (c->ratio_case);
  g_free (c->lead_case);
  g_free (c->most_case);
  g_free (c->threshold_case);
  g_free (c->level);
  g_free (c);
}

static void
checks_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Checks *c = data;

  (void) action;
  gbacw_outcome_update (c->outcome, game);
}

static gboolean
ratio_wins (int high, int low, int minimum)
{
  return high >= minimum && high > low + (low + 1) / 2;   /* P 34.21: half of the lower, rounded up */
}

static void
decide (GbacwGame *game, Checks *c, int winner, const char *rule_case, const int *vp, const char *how)
{
  c->decided = TRUE;
  c->winner = winner;
  c->level = winner >= 0 ? g_strdup_printf (_("%s wins (%s %s)"), gbacw_game_side_name (game, winner), rule_case, how)
                         : g_strdup (_("Draw"));
  game->decided = TRUE;
  gbacw_game_log (game, rule_case, _("Victory determination after Game-Turn %d: %s %d VP, %s %d VP: %s"), game->turn,
                  gbacw_game_side_name (game, 0), vp[0], gbacw_game_side_name (game, 1), vp[1], c->level);
}

static void
continues (GbacwGame *game, const char *rule_case, const int *vp, const char *how)
{
  gbacw_game_log (game, rule_case,
                  _("Victory determination after Game-Turn %d: %s %d VP, %s %d VP: %s: the game goes on"), game->turn,
                  gbacw_game_side_name (game, 0), vp[0], gbacw_game_side_name (game, 1), vp[1], how);
}

static gboolean
turn_listed (const GArray *turns, int turn)
{
  for (guint i = 0; turns && i < turns->len; i++)
    if (g_array_index (turns, int, i) == turn)
      return TRUE;
  return FALSE;
}

static void
checks_interphase (GbacwGame *game, gpointer data)
{
  Checks *c = data;
  GbacwVictory v;
  int t = game->turn;

  if (c->decided)
    return;
  gbacw_outcome_update (c->outcome, game);
  gbacw_outcome_end_turn (c->outcome, game);   /* this Game-Turn's each-turn awards count */
  gbacw_outcome_victory (c->outcome, game, &v);
  if (turn_listed (c->threshold_turns, t) && c->threshold_side >= 0)
    {
      int s = c->threshold_side, total = v.vp[s] - v.vp[1 - s];
      g_autofree char *how = g_strdup_printf (_("a total of %d VP"), total);
      if (total >= c->win_at)
        decide (game, c, s, c->threshold_case, v.vp, how);
      else if (c->has_lose_at && total <= c->lose_at)
        decide (game, c, 1 - s, c->threshold_case, v.vp, how);
      else
        continues (game, c->threshold_case, v.vp, how);
    }
  if (!c->decided && turn_listed (c->ratio_turns, t))
    {
      int high = v.vp[0] >= v.vp[1] ? 0 : 1;
      g_autofree char *how = g_strdup_printf (_("%d VP against %d"), v.vp[high], v.vp[1 - high]);
      if (v.vp[0] != v.vp[1] && ratio_wins (v.vp[high], v.vp[1 - high], c->ratio_minimum))
        decide (game, c, high, c->ratio_case, v.vp, how);
      else
        continues (game, c->ratio_case, v.vp, how);
    }
  if (!c->decided && turn_listed (c->lead_turns, t))
    {
      int high = v.vp[0] >= v.vp[1] ? 0 : 1;
      g_autofree char *how = g_strdup_printf (_("a lead of %d VP"), v.vp[high] - v.vp[1 - high]);
      if (v.vp[high] - v.vp[1 - high] > c->lead)
        decide (game, c, high, c->lead_case, v.vp, how);
      else
        continues (game, c->lead_case, v.vp, how);
    }
  if (!c->decided && turn_listed (c->most_turns, t))
    {
      int winner = v.vp[0] > v.vp[1] ? 0 : v.vp[1] > v.vp[0] ? 1 : c->tie;
      g_autofree char *how = v.vp[0] == v.vp[1] ? g_strdup_printf (_("a tie at %d VP"), v.vp[0])
                                                : g_strdup_printf (_("%d VP against %d"), MAX (v.vp[0], v.vp[1]),
                                                                   MIN (v.vp[0], v.vp[1]));
      decide (game, c, winner, c->most_case, v.vp, how);
    }
  gbacw_victory_clear (&v);
}

static gboolean
checks_victory (const GbacwGame *game, gpointer data, int *winning_side, char **level)
{
  const Checks *c = data;

  (void) game;
  if (!c->decided)
    return FALSE;
  *winning_side = c->winner;
  *level = g_strdup (c->level);
  return TRUE;
}

/* The first of turns at or after turn (its interphase still to come), -1. */
static int
next_turn (const GArray *turns, int turn)
{
  int next = -1;

  for (guint i = 0; turns && i < turns->len; i++)
    if (g_array_index (turns, int, i) >= turn && (next < 0 || g_array_index (turns, int, i) < next))
      next = g_array_index (turns, int, i);
  return next;
}

/* STATUS: each side's Victory Points against the next checks to come: the day-1 margin
 * (P 34.21: at least the minimum and more than the other's total and half of it, rounded
 * up) and the day-2 lead (P 34.31). */
static void
checks_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Checks *c = data;
  GbacwVictory v;
  int ratio, lead;

  if (c->decided)
    return;
  gbacw_outcome_victory (c->outcome, game, &v);
  ratio = next_turn (c->ratio_turns, game->turn);
  lead = next_turn (c->lead_turns, game->turn);
  for (int side = 0; ratio >= 0 && side < 2; side++)
    {
      int mine = v.vp[side], other = v.vp[1 - side], half = (other + 1) / 2;
      if (ratio_wins (mine, other, c->ratio_minimum))
        g_ptr_array_add (items, gbacw_rule_status_new (c->ratio_case,
                                                       _("After Game-Turn %d: %s %d VP, at least %d and more than %d "
                                                         "(%d + %d): a win as things stand"),
                                                       ratio, gbacw_game_side_name (game, side), mine,
                                                       c->ratio_minimum, other + half, other, half));
      else
        g_ptr_array_add (items, gbacw_rule_status_new (c->ratio_case,
                                                       _("After Game-Turn %d: %s %d VP, needs at least %d and more "
                                                         "than %d (%d + %d)"),
                                                       ratio, gbacw_game_side_name (game, side), mine,
                                                       c->ratio_minimum, other + half, other, half));
    }
  if (lead >= 0)
    {
      int high = v.vp[0] >= v.vp[1] ? 0 : 1, by = v.vp[high] - v.vp[1 - high];
      if (by == 0)
        g_ptr_array_add (items, gbacw_rule_status_new (c->lead_case,
                                                       _("After Game-Turn %d: the sides are level at %d VP; a lead of "
                                                         "more than %d VP is a win"), lead, v.vp[0], c->lead));
      else if (by > c->lead)
        g_ptr_array_add (items, gbacw_rule_status_new (c->lead_case,
                                                       _("After Game-Turn %d: %s leads by %d VP, more than %d: a win as "
                                                         "things stand"), lead, gbacw_game_side_name (game, high), by,
                                                       c->lead));
      else
        g_ptr_array_add (items, gbacw_rule_status_new (c->lead_case,
                                                       _("After Game-Turn %d: %s leads by %d VP; a lead of more than %d "
                                                         "VP is a win"), lead, gbacw_game_side_name (game, high), by, c->lead));
    }
  gbacw_victory_clear (&v);
}

static gboolean
checks_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Checks *t = to_data;
  const Checks *f = from_data;

  (void) to;
  (void) from;
  gbacw_outcome_copy_state (t->outcome, f->outcome);
  t->decided = f->decided;
  t->winner = f->winner;
  gbacw_copy_string (&t->level, f->level);
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_victory_checks = {
  .id = "victory-checks",
  .init = checks_init,
  .finalize = checks_finalize,
  .copy_state = checks_copy_state,
  .interphase = checks_interphase,
  .victory = checks_victory,
  .action_done = checks_action_done,
  .status = checks_status,
};
