/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-extra-kill.c: the addition to the Leader Casualty Table (P 28.3).
 *
 * "When the Confederate Player rolls on the Leader Casualty Table, there is an
 * additional chance of the leader dying on a roll result of 11": a leader of the sides
 * given is killed on the totals given, whatever the row (small arms: 2, 12 or 11).
 *
 * Parameters (<exclusive id="pearidge.extra-kill">):
 *   sides   the side ids (default: every side)
 *   killed  two-dice totals that kill as well (default "11")
 *   case    the case cited (default "P 28.3")
 */
#define G_LOG_DOMAIN "gbacw-rule-extra-kill"

#include "gbacw-rule-modules.h"

#include "gbacw-combat-charts.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  char *sides;          /* the parameter's words, or NULL: every side */
  guint32 killed;       /* bit per two-dice total */
  char *rule_case;
} ExtraKill;

static gpointer
extra_kill_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  ExtraKill *k = g_new0 (ExtraKill, 1);
  const char *killed = gbacw_exclusive_rule_get_param (rule, "killed");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  g_auto (GStrv) totals = g_strsplit_set (killed ? killed : "11", " ,", -1);

  (void) game;
  k->sides = g_strdup (gbacw_exclusive_rule_get_param (rule, "sides"));
  for (guint i = 0; totals[i]; i++)
    {
      g_autofree char *why = NULL;
      int n;

      if (gbacw_exclusive_parse_int (totals[i], 2, 12, &n, &why))
        k->killed |= 1u << n;
    }
  k->rule_case = g_strdup (rule_case ? rule_case : "P 28.3");
  return k;
}

static void
extra_kill_finalize (gpointer data)
{
  ExtraKill *k = data;
  g_free (k->sides);
  g_free (k->rule_case);
  g_free (k);
}

static gboolean
side_listed (const GbacwGame *game, const char *sides, int side)
{
  g_auto (GStrv) ids = NULL;

  if (sides == NULL)
    return TRUE;
  ids = g_strsplit_set (sides, " ,", -1);
  for (guint i = 0; ids[i]; i++)
    if (*ids[i] && gbacw_game_side_index (game, ids[i]) == side)
      return TRUE;
  return FALSE;
}

static const char *
extra_kill_casualty (const GbacwGame *game, gpointer data, int leader, const char *row, int roll, int *fate)
{
  const ExtraKill *k = data;

  (void) row;
  if (roll < 2 || roll > 12 || !(k->killed & (1u << roll)) || *fate == GBACW_LEADER_FATE_KILLED
      || !side_listed (game, k->sides, gbacw_game_unit (game, leader)->side))
    return NULL;
  *fate = GBACW_LEADER_FATE_KILLED;
  return k->rule_case;
}

const GbacwRuleHooks gbacw_rule_pearidge_extra_kill = {
  .id = "pearidge.extra-kill",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = extra_kill_init,
  .finalize = extra_kill_finalize,
  .leader_casualty = extra_kill_casualty,
};
