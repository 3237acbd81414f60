/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-artillery-subordination.c: batteries that belong to a division (rules matrix
 * §2.D "Artillery subordination").
 *
 * P 21.3: "Confederate batteries are subordinate to the division commander listed on
 * their counter and are under his command if they are within his Divisional Integrity
 * Radius during the Initial Command Phase. In addition, they may also be commanded by any
 * brigade commander subordinate to the division commander listed on that battery if the
 * battery is in the Effectiveness Radius of that brigade commander." Union batteries (and
 * C 24.4's) belong to a brigade or are independent: the Standard Rules' command (17.11)
 * with the scenario's formations, no module needed.
 *
 * Parameters (<exclusive id="artillery-subordination">):
 *   division-batteries   the side ids whose batteries of a division follow P 21.3
 *   case                 the case the log cites ("P 21.3")
 */
#define G_LOG_DOMAIN "gbacw-rule-artillery-subordination"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"

typedef struct {
  gboolean *sides;   /* per side index */
  char *rule_case;
} Subordination;

static gpointer
subordination_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Subordination *s = g_new0 (Subordination, 1);
  const GPtrArray *sides = game->scenario->oob.sides;
  g_auto (GStrv) ids = g_strsplit_set (gbacw_exclusive_rule_get_param (rule, "division-batteries") ?: "", " \t\n", -1);
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  s->sides = g_new0 (gboolean, MAX (sides->len, 1));
  for (guint i = 0; i < sides->len; i++)
    s->sides[i] = g_strv_contains ((const char *const *) ids, ((GbacwSide *) g_ptr_array_index (sides, i))->id);
  s->rule_case = g_strdup (rule_case ? rule_case : "17.11");
  return s;
}

static void
subordination_finalize (gpointer data)
{
  Subordination *s = data;

  g_free (s->sides);
  g_free (s->rule_case);
  g_free (s);
}

static gboolean
radius_reaches (const GbacwGame *game, int leader, int hex, int radius)
{
  return leader >= 0 && gbacw_game_unit (game, leader)->hex >= 0 && radius > 0
         && gbacw_leadership_in_radius (game, leader, hex, radius);
}

/* In command by P 21.3: within the division commander's DIR, or within the ER of a
 * commander of a formation now under the division. */
static gboolean
division_battery_in_command (const GbacwGame *game, int division, int hex, int *by)
{
  const GPtrArray *formations = game->scenario->oob.formations;
  int commander = game->formation_commander[division];
  int dir = 0;

  if (commander >= 0)
    {
      const GbacwGameUnit *c = gbacw_game_unit (game, commander);
      /* an engaged leader has no radius (12.94) */
      dir = c->oob->dir == GBACW_UNSET || (c->status & GBACW_STATUS_ENGAGED) ? 0 : c->oob->dir;
    }
  if (radius_reaches (game, commander, hex, dir))
    {
      *by = commander;
      return TRUE;
    }
  for (guint f = 0; f < formations->len; f++)
    {
      int c = game->formation_parent[f] == division ? game->formation_commander[f] : -1;
      if (c >= 0 && radius_reaches (game, c, hex, gbacw_leadership_er (game, c)))
        {
          *by = c;
          return TRUE;
        }
    }
  return FALSE;
}

static void
subordination_command (GbacwGame *game, gpointer data)
{
  const Subordination *s = data;

  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const GbacwFormation *formation;
      int f, by = -1;
      gboolean in;

      if (u->side != game->phasing_side || u->type != GBACW_UNIT_ARTILLERY || u->hex < 0 || !s->sides[u->side]
          || !u->out_of_command)
        continue;   /* only batteries the Standard Rules left out of command can be brought in */
      f = gbacw_leadership_oob_formation (game, u->index);
      formation = f >= 0 ? g_ptr_array_index (game->scenario->oob.formations, f) : NULL;
      if (formation == NULL || formation->kind != GBACW_FORMATION_DIVISION)
        continue;
      in = division_battery_in_command (game, f, u->hex, &by);
      if (in)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_autofree char *leader = gbacw_game_unit_label (game, by);
          u->out_of_command = FALSE;
          gbacw_game_log (game, s->rule_case, _("%s is in command: within the radius of %s"), label, leader);
        }
    }
}

const GbacwRuleHooks gbacw_rule_artillery_subordination = {
  .id = "artillery-subordination",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = subordination_init,
  .finalize = subordination_finalize,
  .command = subordination_command,
};
