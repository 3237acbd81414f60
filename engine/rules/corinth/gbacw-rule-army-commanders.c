/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-army-commanders.c: the army commanders Rosecrans, Van Dorn and Price (C 28.1,
 * 28.11-28.14).
 *
 * "Army commander counters have only one value, representing the Command Points of that
 * commander. These points may be spent to increase the Effectiveness Radius of any brigade
 * commander on the same side ... which is within three hexes of the army commander during
 * the friendly Initial Command Phase (see 17.22)" (28.11): a leader named here spends his
 * Command Points on any brigade commander of his side within three hexes, whatever his
 * division. "Gen. Price ... cannot rally, aid, or in any way affect the units in Lovell's
 * division" (28.14): a leader's excluded formations' brigade commanders get none of his
 * points, and their units stacked with him are neither commanded (17.0), rallied (13.52)
 * nor helped in melee (12.4) by him (hook leader_affects, which the melee-initiation module
 * asks too: he spares them no C 22 check). 28.12 (the automatic rally of a BCE-lost brigade's unit) is the bce-loss module's
 * (C 25.13, an army commander stacked with it); 28.13 (otherwise a regular commander) the
 * Standard Rules'.
 *
 * Parameters (<exclusive id="corinth.army-commanders">):
 *   leaders   the army commanders' leader ids (required)
 *   range     hexes within which they spend Command Points (default 3)
 *   exclude   LEADER:FORMATION pairs, the formations (and all under them) a leader may not
 *             affect (C 28.14: c-price:c-lovell-div)
 */
#define G_LOG_DOMAIN "gbacw-rule-army-commanders"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"

typedef struct {
  gboolean *army;      /* per unit of the game's start */
  guint n_units;
  int range;
  GArray *excluded;    /* pairs of int: leader unit, formation index */
} Armies;

static int
formation_index (const GbacwGame *game, const char *id)
{
  const GPtrArray *formations = game->scenario->oob.formations;

  for (guint i = 0; i < formations->len; i++)
    if (g_strcmp0 (((const GbacwFormation *) g_ptr_array_index (formations, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static gpointer
armies_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Armies *a = g_new0 (Armies, 1);
  g_auto (GStrv) leaders = g_strsplit_set (gbacw_exclusive_rule_get_param (rule, "leaders") ?: "", " ,", -1);
  g_auto (GStrv) pairs = g_strsplit_set (gbacw_exclusive_rule_get_param (rule, "exclude") ?: "", " ,", -1);

  a->n_units = game->units->len;
  a->army = g_new0 (gboolean, MAX (a->n_units, 1));
  a->range = gbacw_exclusive_rule_get_int (rule, "range", 3);
  a->excluded = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; leaders[i]; i++)
    {
      const GbacwGameUnit *u = *leaders[i] ? gbacw_game_find_unit (game, leaders[i]) : NULL;
      if (u)
        a->army[u->index] = TRUE;
    }
  for (guint i = 0; pairs[i]; i++)
    {
      g_auto (GStrv) two = g_strsplit (pairs[i], ":", 2);
      const GbacwGameUnit *u = two[0] && two[1] ? gbacw_game_find_unit (game, two[0]) : NULL;
      int f = u ? formation_index (game, two[1]) : -1;
      if (f >= 0)
        {
          g_array_append_val (a->excluded, u->index);
          g_array_append_val (a->excluded, f);
        }
    }
  return a;
}

static void
armies_finalize (gpointer data)
{
  Armies *a = data;
  g_free (a->army);
  g_array_unref (a->excluded);
  g_free (a);
}

/* Whether formation is excluded or lies under one excluded for leader (C 28.14). */
static gboolean
excluded (const GbacwGame *game, const Armies *a, int leader, int formation)
{
  for (guint i = 0; i + 1 < a->excluded->len; i += 2)
    {
      if (g_array_index (a->excluded, int, i) != leader)
        continue;
      for (int f = formation, guard = 0; f >= 0 && guard < 64; f = game->formation_original_parent[f], guard++)
        if (f == g_array_index (a->excluded, int, i + 1))
          return TRUE;
    }
  return FALSE;
}

static gboolean
armies_command_points (const GbacwGame *game, gpointer data, int leader, int brigade_leader, gboolean *allowed,
                       GError **error)
{
  const Armies *a = data;
  const GbacwGameUnit *l = gbacw_game_unit (game, leader), *b = gbacw_game_unit (game, brigade_leader);
  int brigade = game->leader_formation[brigade_leader];
  g_autofree char *label = NULL;
  g_autofree char *brigade_label = NULL;

  if ((guint) leader >= a->n_units || !a->army[leader])
    return FALSE;
  label = gbacw_game_unit_label (game, leader);
  brigade_label = gbacw_game_unit_label (game, brigade_leader);
  *allowed = FALSE;
  if (brigade < 0 || ((const GbacwFormation *) g_ptr_array_index (game->scenario->oob.formations, brigade))->kind
                         != GBACW_FORMATION_BRIGADE
      || b->side != l->side)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[C 28.11] %s spends Command Points only on brigade commanders of his side, not on %s"), label,
                 brigade_label);
  else if (excluded (game, a, leader, brigade))
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[C 28.14] %s may not affect %s's brigade"),
                 label, brigade_label);
  else if (l->hex < 0 || b->hex < 0 || gbacw_game_distance (game, l->hex, b->hex) > a->range)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 g_dngettext (GETTEXT_PACKAGE, "[C 28.11] %s is not within %d hex of %s",
                              "[C 28.11] %s is not within %d hexes of %s", a->range),
                 brigade_label, a->range, label);
  else
    *allowed = TRUE;
  return TRUE;
}

static gboolean
armies_leader_affects (const GbacwGame *game, gpointer data, int leader, int unit)
{
  const Armies *a = data;
  int f;

  if ((guint) leader >= a->n_units || !a->army[leader] || unit < 0 || (guint) unit >= game->units->len)
    return TRUE;
  f = gbacw_game_unit (game, unit)->type == GBACW_UNIT_LEADER ? game->leader_formation[unit] : game->unit_formation[unit];
  return f < 0 || !excluded (game, a, leader, f);
}

const GbacwRuleHooks gbacw_rule_corinth_army_commanders = {
  .id = "corinth.army-commanders",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = armies_init,
  .finalize = armies_finalize,
  .command_points_allowed = armies_command_points,
  .leader_affects = armies_leader_affects,
};
