/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-attachment.c: detachment and attachment of brigades (J 25.3).
 *
 * J 25.31: the Confederate player "may freely detach and attach as many brigades as he
 * wishes so long as no division commander has more than 4 or less than 2 brigades under
 * his command": for the sides in `free`, 17.63's one-brigade limits are lifted and an
 * ATTACH or DETACH is refused when the division it takes a brigade from would keep fewer
 * than `min` brigades, or the one it gives a brigade to would have more than `max`; the
 * rest of 17.6 holds (the Initial Command Phase, the DIR of 17.62 and 17.64, 17.67's BCE).
 * J 25.32: the sides in `never` (the Union) may never detach nor attach a brigade.
 * J 36.3: "the Confederate player may not detach any brigades from Jackson's division
 * until after the offensive has been declared": no brigade of a division of `locked` is
 * detached, nor attached to another division, while the Confederate offensive
 * (`jackson.confederate-offensive`) is not declared.
 *
 * Parameters (<exclusive id="jackson.attachment">):
 *   free   the sides that attach and detach freely within min-max (J 25.31)
 *   min    the fewest brigades a division keeps (default 2)
 *   max    the most brigades a division has (default 4)
 *   never  the sides that never attach or detach (J 25.32)
 *   locked the divisions no brigade leaves before the offensive is declared (J 36.3)
 *   case   the case cited (default "J 25.3")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-attachment"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-rule-confederate-offensive.h"

typedef struct {
  gboolean free[2], never[2];
  int min, max;
  char *rule_case;
  GArray *locked;   /* formation indices (J 36.3) */
} Attachment;

static void
read_sides (GbacwGame *game, const char *value, gboolean out[2])
{
  g_auto (GStrv) ids = g_strsplit_set (value ? value : "", " \t,", -1);

  for (guint i = 0; ids[i]; i++)
    {
      int side = *ids[i] ? gbacw_game_side_index (game, ids[i]) : -1;
      if (side == 0 || side == 1)
        out[side] = TRUE;
    }
}

static gpointer
attachment_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Attachment *a = g_new0 (Attachment, 1);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  read_sides (game, gbacw_exclusive_rule_get_param (rule, "free"), a->free);
  read_sides (game, gbacw_exclusive_rule_get_param (rule, "never"), a->never);
  a->min = gbacw_exclusive_rule_get_int (rule, "min", 2);
  a->max = gbacw_exclusive_rule_get_int (rule, "max", 4);
  a->rule_case = g_strdup (rule_case ? rule_case : "J 25.3");
  a->locked = g_array_new (FALSE, FALSE, sizeof (int));
  {
    const char *locked = gbacw_exclusive_rule_get_param (rule, "locked");
    g_auto (GStrv) ids = g_strsplit_set (locked ? locked : "", " \t,", -1);
    for (guint i = 0; ids[i]; i++)
      for (int f = 0; *ids[i] && f < (int) game->scenario->oob.formations->len; f++)
        if (g_str_equal (((const GbacwFormation *) g_ptr_array_index (game->scenario->oob.formations, f))->id, ids[i]))
          g_array_append_val (a->locked, f);
  }
  return a;
}

static void
attachment_finalize (gpointer data)
{
  Attachment *a = data;
  g_free (a->rule_case);
  g_array_unref (a->locked);
  g_free (a);
}

static gboolean
attachment_unlimited (const GbacwGame *game, gpointer data, int side)
{
  const Attachment *a = data;
  (void) game;
  return side >= 0 && side < 2 && a->free[side];
}

/* The formation leader commands now, -1. */
static int
commanded (const GbacwGame *game, int leader)
{
  for (int f = 0; f < (int) game->scenario->oob.formations->len; f++)
    if (game->formation_commander[f] == leader)
      return f;
  return -1;
}

static int
brigades_of (const GbacwGame *game, int division)
{
  int n = 0;

  for (int f = 0; f < (int) game->scenario->oob.formations->len; f++)
    if (game->formation_parent[f] == division
        && ((const GbacwFormation *) g_ptr_array_index (game->scenario->oob.formations, f))->kind == GBACW_FORMATION_BRIGADE)
      n++;
  return n;
}

static gboolean
attachment_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Attachment *a = data;
  const GbacwGameUnit *l;
  int brigade, division, side;

  if (action->kind != GBACW_ACTION_ATTACH && action->kind != GBACW_ACTION_DETACH)
    return TRUE;
  if (action->command.leader < 0 || action->command.leader >= (int) game->units->len)
    return TRUE;   /* the Standard Rules refuse it */
  l = gbacw_game_unit (game, action->command.leader);
  side = l->side;
  if (side >= 0 && side < 2 && a->never[side])
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[%s] This side may never detach or attach brigades"), a->rule_case);
      return FALSE;
    }
  if (side < 0 || side > 1 || !a->free[side])
    return TRUE;
  brigade = commanded (game, l->index);
  if (brigade < 0)
    return TRUE;
  /* J 36.3: from a locked division, before the offensive */
  for (guint i = 0; i < a->locked->len && !gbacw_confederate_offensive_declared (game); i++)
    if (game->formation_parent[brigade] == g_array_index (a->locked, int, i)
        && (action->kind == GBACW_ACTION_DETACH || action->command.other < 0
            || commanded (game, action->command.other) != game->formation_parent[brigade]))
      {
        g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                     _("[J 36.3] No brigade may leave this division before the Confederate offensive is declared"));
        return FALSE;
      }
  if (action->kind == GBACW_ACTION_DETACH)
    {
      division = game->formation_parent[brigade];
      if (division >= 0 && brigades_of (game, division) - 1 < a->min)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       g_dngettext (GETTEXT_PACKAGE, "[%s] A division commander may not have fewer than %d brigade",
                                    "[%s] A division commander may not have fewer than %d brigades", (gulong) a->min),
                       a->rule_case, a->min);
          return FALSE;
        }
      return TRUE;
    }
  if (action->command.other < 0 || action->command.other >= (int) game->units->len)
    return TRUE;
  division = commanded (game, action->command.other);
  if (division >= 0 && game->formation_parent[brigade] != division && brigades_of (game, division) + 1 > a->max)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "[%s] A division commander may not have more than %d brigade",
                                "[%s] A division commander may not have more than %d brigades", (gulong) a->max),
                   a->rule_case, a->max);
      return FALSE;
    }
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_attachment = {
  .id = "jackson.attachment",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = attachment_init,
  .finalize = attachment_finalize,
  .attachment_unlimited = attachment_unlimited,
  .action_legal = attachment_action_legal,
};
