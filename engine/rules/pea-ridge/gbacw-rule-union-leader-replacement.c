/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-union-leader-replacement.c: Union leader replacement (P 29.0-29.22).
 *
 * The Union's successors are the shared leader-replacement module's ordered lists (P 29.11
 * Carr: Dodge, Vandever; 29.12 Davis: White, Pattison; 29.13 a one-brigade division: its
 * brigade commander, 17.83), original brigade commanders before attached ones (29.21,
 * 29.22: original-first), with the Standard Rules' timing (17.8). A scenario holds one
 * exclusive rule per id, and Pea Ridge's "leader-replacement" is the Confederates' (P
 * 28.26-28.27 delays and tables), so this rule is the same mechanism under its own id,
 * with the same parameters (sides, successors.DIVISION, original-first, case; see
 * gbacw-rule-leader-replacement.c): each hook hands over to the shared module's.
 */
#define G_LOG_DOMAIN "gbacw-rule-union-leader-replacement"

#include "gbacw-rule-modules.h"

#define SHARED gbacw_rule_leader_replacement

static gpointer
union_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  return SHARED.init (game, rule);
}

static void
union_finalize (gpointer data)
{
  SHARED.finalize (data);
}

static void
union_phase_begin (GbacwGame *game, gpointer data)
{
  SHARED.phase_begin (game, data);
}

static void
union_lost (GbacwGame *game, gpointer data, int leader)
{
  SHARED.leader_replacement (game, data, leader);
}

static gboolean
union_due (GbacwGame *game, gpointer data, int formation)
{
  return SHARED.replacement_due (game, data, formation);
}

static int
union_promotion (GbacwGame *game, gpointer data, int division, GArray *candidates)
{
  return SHARED.promotion (game, data, division, candidates);
}

static gboolean
union_promoted (GbacwGame *game, gpointer data, int division, int leader)
{
  return SHARED.promoted (game, data, division, leader);
}

static gboolean
union_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  return SHARED.copy_state (to, to_data, from, from_data);
}

const GbacwRuleHooks gbacw_rule_pearidge_union_leader_replacement = {
  .id = "pearidge.union-leader-replacement",
  .init = union_init,
  .finalize = union_finalize,
  .copy_state = union_copy_state,
  .phase_begin = union_phase_begin,
  .leader_replacement = union_lost,
  .replacement_due = union_due,
  .promotion = union_promotion,
  .promoted = union_promoted,
};
