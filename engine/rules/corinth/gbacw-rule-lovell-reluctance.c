/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-lovell-reluctance.c: Lovell's reluctance (C 30.4, the Historical Scenario).
 *
 * Lovell's division has a divisional limit of ten casualties: when the boxes marked of all
 * its brigades (their infantry and cavalry SP killed and captured, gbacw_bce_marks ()) add
 * up to limit or more, every brigade of the division is treated as having lost its BCE
 * (25.0: the bce-loss rule's effects, gbacw_bce_effects ()), for as long as they do (a
 * straggler recovered erases a box, 26.24). The Confederate player loses no Victory Points
 * for it: each brigade that reaches its own limit costs its roster VP as usual.
 *
 * Parameters (<exclusive id="corinth.lovell-reluctance">):
 *   division   the division (a formation id: "c-lovell-div"; required)
 *   limit      the divisional limit (default 10)
 */
#define G_LOG_DOMAIN "gbacw-rule-lovell-reluctance"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"

typedef struct {
  int division;   /* formation index, -1 */
  int limit;
  gboolean *member;   /* per formation: a brigade of the division */
  int n_formations;
  gboolean reached;   /* at the last check */
} Reluctance;

static gpointer
reluctance_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Reluctance *r = g_new0 (Reluctance, 1);
  const GPtrArray *formations = game->scenario->oob.formations;

  r->division = gbacw_leadership_formation_index (game, gbacw_exclusive_rule_get_param (rule, "division"));
  r->limit = gbacw_exclusive_rule_get_int (rule, "limit", 10);
  r->n_formations = (int) formations->len;
  r->member = g_new0 (gboolean, MAX (r->n_formations, 1));
  for (int f = 0; r->division >= 0 && f < r->n_formations; f++)
    {
      /* the brigades anywhere under the division in the order of battle */
      for (int up = game->formation_original_parent[f], guard = 0; up >= 0 && guard < 64;
           up = game->formation_original_parent[up], guard++)
        if (up == r->division)
          r->member[f] = ((const GbacwFormation *) g_ptr_array_index (formations, f))->kind
                         == GBACW_FORMATION_BRIGADE;
    }
  return r;
}

static void
reluctance_finalize (gpointer data)
{
  Reluctance *r = data;

  g_free (r->member);
  g_free (r);
}

static int
division_marks (const GbacwGame *game, const Reluctance *r)
{
  int marks = 0;

  for (int f = 0; f < r->n_formations; f++)
    if (r->member[f])
      marks += gbacw_bce_marks (game, f);
  return marks;
}

static gboolean
reluctance_bce_effects (const GbacwGame *game, gpointer data, int formation)
{
  const Reluctance *r = data;

  return formation >= 0 && formation < r->n_formations && r->member[formation]
         && division_marks (game, r) >= r->limit;
}

static const char *
division_name (const GbacwGame *game, const Reluctance *r)
{
  const GbacwFormation *f = g_ptr_array_index (game->scenario->oob.formations, r->division);
  return f->name && *f->name ? f->name : f->id;
}

/* The log when the division reaches its limit, or falls below it again. */
static void
reluctance_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Reluctance *r = data;
  int marks;
  gboolean reached;

  (void) action;
  if (r->division < 0)
    return;
  marks = division_marks (game, r);
  reached = marks >= r->limit;
  if (reached == r->reached)
    return;
  r->reached = reached;
  if (reached)
    gbacw_game_log (game, "C 30.4",
                    _("%s: casualties %d, its divisional limit %d reached: all its brigades are treated as having lost "
                      "Brigade Combat Effectiveness (no Victory Points for it)"),
                    division_name (game, r), marks, r->limit);
  else
    gbacw_game_log (game, "C 30.4", _("%s is below its divisional limit again (casualties: %d of %d)"),
                    division_name (game, r), marks, r->limit);
}

/* STATUS: the division's casualties against its limit. */
static void
reluctance_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Reluctance *r = data;

  if (r->division < 0)
    return;
  g_ptr_array_add (items, gbacw_rule_status_new ("C 30.4", _("%s: casualties %d of its divisional limit %d"),
                                                 division_name (game, r), division_marks (game, r), r->limit));
}

static gboolean
reluctance_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                       gconstpointer from_data)
{
  Reluctance *t = to_data;
  const Reluctance *f = from_data;

  (void) to;
  (void) from;
  t->reached = f->reached;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_lovell_reluctance = {
  .id = "corinth.lovell-reluctance",
  .init = reluctance_init,
  .finalize = reluctance_finalize,
  .copy_state = reluctance_copy_state,
  .bce_effects = reluctance_bce_effects,
  .action_done = reluctance_action_done,
  .status = reluctance_status,
};
