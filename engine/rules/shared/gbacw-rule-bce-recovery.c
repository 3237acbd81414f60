/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-bce-recovery.c: the BCE Recovery Interphase after the night (P 22.4, C 26.3;
 * rules matrix §2.D). Jackson at the Crossroads has none: its brigades regain BCE only by
 * straggler recovery erasing boxes (J 35.43-35.44).
 *
 * In the Game-Turn Record Interphase of the Game-Turn it is played in, each brigade with
 * a BCE limit gets its limit for the second day:
 * - "formula" (P 22.41): the original limit plus the original limit divided by the
 *   boxes marked then (after straggler recovery), rounded up: 18 and 3 give 24. A
 *   brigade over its limit cannot get back under it (P 22.42: 10 and 12 give 11, still
 *   lost). No box marked leaves the formula dividing by zero (rules matrix §7 #8);
 *   "no-casualties" decides: "double" (the default) reads it as the largest the formula
 *   ever gives, one casualty's (the limit doubles), so a brigade that lost nothing is never
 *   worse off than one that lost one SP; "keep" leaves the limit as it is.
 * - "second-row" (C 26.31-26.32): a brigade that has BCE then (never lost, or regained by
 *   stragglers) adds its second-row boxes: its limit becomes the order of battle's
 *   bce-day2 (Cabell: 9 of 16, then 11 of 16). A brigade that has lost BCE keeps its
 *   limit and the effects of BCE loss for the rest of the game (C 26.34); brigades with
 *   one level only (no bce-day2, or listed in single-level: Lovell's division and the
 *   Confederate cavalry, C 26.33) never change.
 * A brigade that gets back under its limit regains BCE, and the enemy's "bce-lost"
 * Victory Points go with it until it reaches the limit again (P 22.44: the Victory Points
 * are counted from the brigade's state).
 *
 * Parameters (<exclusive id="bce-recovery">):
 *   method          "formula" (P 22.41) or "second-row" (C 26.32); required
 *   turn            the Game-Turn at whose end it is played (P 22.4: the last night
 *                   Game-Turn, 22; C 21.1: 20); when absent, the end of every night
 *                   Game-Turn followed by a day Game-Turn (or the last)
 *   no-casualties   "double" or "keep" (formula only; see above)
 *   single-level    formations (ids, separated by spaces) whose brigades have one BCE level
 *                   (C 26.33); a division stands for every brigade under it
 *   case            the case the log cites ("P 22.41"); 18.0 if absent
 * Put it after straggler-recovery in the scenario's rules: the interphases run in the
 * rules' order, and the recovery counts the boxes after the stragglers (P 22.41).
 */
#define G_LOG_DOMAIN "gbacw-rule-bce-recovery"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

enum { METHOD_FORMULA, METHOD_SECOND_ROW };

typedef struct {
  int method;
  int turn;                 /* GBACW_UNSET: after each night */
  gboolean keep_without_casualties;
  gboolean *single_level;   /* per formation */
  char *rule_case;
} Recovery;

static const char *const methods[] = { "formula", "second-row", NULL };
static const char *const no_casualties[] = { "double", "keep", NULL };

static void
warn_bad (const char *name, const char *why)
{
  /* the validator refuses a malformed value before a game starts (scenario.rules) */
  g_warning ("bce-recovery: %s: %s", name, why);
}

/* Whether formation f is named in ids, or is under a formation named there. */
static gboolean
named (const GbacwScenario *scenario, int f, GStrv ids)
{
  const GPtrArray *formations = scenario->oob.formations;
  const GbacwFormation *formation = g_ptr_array_index (formations, f);

  for (int depth = 0; formation != NULL && depth < 8; depth++)
    {
      if (g_strv_contains ((const char *const *) ids, formation->id))
        return TRUE;
      formation = formation->parent ? gbacw_oob_find_formation ((GbacwOob *) &scenario->oob, formation->parent) : NULL;
    }
  return FALSE;
}

static gpointer
recovery_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Recovery *r = g_new0 (Recovery, 1);
  const GPtrArray *formations = game->scenario->oob.formations;
  const char *text;
  g_autofree char *why = NULL;

  r->method = METHOD_FORMULA;
  if ((text = gbacw_exclusive_rule_get_param (rule, "method")) != NULL
      && !gbacw_exclusive_parse_choice (text, methods, &r->method, &why))
    warn_bad ("method", why);
  g_clear_pointer (&why, g_free);
  r->turn = GBACW_UNSET;
  if ((text = gbacw_exclusive_rule_get_param (rule, "turn")) != NULL
      && !gbacw_exclusive_parse_int (text, G_MININT, G_MAXINT, &r->turn, &why))
    warn_bad ("turn", why);
  g_clear_pointer (&why, g_free);
  if ((text = gbacw_exclusive_rule_get_param (rule, "no-casualties")) != NULL)
    {
      int choice = 0;
      if (!gbacw_exclusive_parse_choice (text, no_casualties, &choice, &why))
        warn_bad ("no-casualties", why);
      r->keep_without_casualties = choice == 1;
    }
  r->single_level = g_new0 (gboolean, MAX (formations->len, 1));
  if ((text = gbacw_exclusive_rule_get_param (rule, "single-level")) != NULL)
    {
      g_auto (GStrv) ids = g_strsplit_set (text, " \t\n,", -1);
      for (guint f = 0; f < formations->len; f++)
        r->single_level[f] = named (game->scenario, (int) f, ids);
    }
  text = gbacw_exclusive_rule_get_param (rule, "case");
  r->rule_case = g_strdup (text != NULL ? text : "18.0");
  return r;
}

static void
recovery_finalize (gpointer data)
{
  Recovery *r = data;

  g_free (r->single_level);
  g_free (r->rule_case);
  g_free (r);
}

/* P 22.41: original + ⌈original ÷ casualties⌉. */
static int
formula_limit (const Recovery *r, int original, int marks)
{
  if (marks <= 0)
    return r->keep_without_casualties ? original : 2 * original;
  return original + (original + marks - 1) / marks;
}

static void
recovery_interphase (GbacwGame *game, gpointer data)
{
  Recovery *r = data;
  const GPtrArray *formations = game->scenario->oob.formations;

  if (r->turn != GBACW_UNSET ? game->turn != r->turn
                             : !game->night || (game->turn < game->last_turn && gbacw_game_is_night (game, game->turn + 1)))
    return;
  gbacw_game_log (game, r->rule_case, _("BCE Recovery Interphase"));
  for (guint f = 0; f < formations->len; f++)
    {
      const GbacwFormation *formation = g_ptr_array_index (formations, f);
      const char *name = formation->name ? formation->name : formation->id;
      int original = formation->bce[0], limit = gbacw_bce_limit (game, (int) f), marks;

      if (limit == GBACW_UNSET || original == GBACW_UNSET || original <= 0)
        continue;
      marks = gbacw_bce_marks (game, (int) f);
      if (r->method == METHOD_FORMULA)
        {
          int added = formula_limit (r, original, marks);
          if (marks <= 0)
            gbacw_game_log (game, r->rule_case,
                            r->keep_without_casualties ? _("%s has no casualties: its BCE limit stays %d")
                                                       : _("%s has no casualties: its BCE limit is doubled to %d"),
                            name, added);
          else
            gbacw_game_log (game, r->rule_case, _("%s: %d + %d ÷ %d (rounded up) = %d"), name, original, original, marks,
                            added);
          gbacw_bce_set_limit (game, (int) f, added, r->rule_case);
          if (marks >= added)
            gbacw_game_log (game, r->rule_case,
                            g_dngettext (GETTEXT_PACKAGE, "%s has %d casualty against %d: no BCE recovery",
                                         "%s has %d casualties against %d: no BCE recovery", (gulong) marks),
                            name, marks, added);
        }
      else if (formation->bce[1] == GBACW_UNSET || formation->bce[1] <= limit || r->single_level[f])
        gbacw_game_log (game, r->rule_case, _("%s has one BCE level: its limit stays %d"), name, limit);
      else if (gbacw_bce_lost (game, (int) f))
        gbacw_game_log (game, r->rule_case,
                        g_dngettext (GETTEXT_PACKAGE,
                                     "%s has not regained BCE (%d of %d box marked): its limit is not extended and it "
                                     "stays without BCE",
                                     "%s has not regained BCE (%d of %d boxes marked): its limit is not extended and it "
                                     "stays without BCE", (gulong) limit),
                        name, marks, limit);
      else
        gbacw_bce_set_limit (game, (int) f, formation->bce[1], r->rule_case);
    }
}

const GbacwRuleHooks gbacw_rule_bce_recovery = {
  .id = "bce-recovery",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = recovery_init,
  .finalize = recovery_finalize,
  .interphase = recovery_interphase,
};
