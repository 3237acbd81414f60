/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-divisional-units.c: Union divisional units (J 25.5).
 *
 * "All Union cavalry and artillery units bearing the name of a divisional commander are
 * considered to be divisional units. These units are in command only if they are within
 * their respective commander's Divisional Integrity Radius during the Union Initial
 * Command Phase": the cavalry and artillery of the order of battle that belong to one of
 * `divisions` itself (not to one of its brigades) are, when their side's Initial Command
 * Phase ends, in command exactly when they are within the Divisional Integrity Radius of
 * the division's commander now (traced as 10.4 traces a radius; his replacement's after a
 * loss, 17.8) — in place of 17.11's reading of a division commander's Effectiveness
 * Radius, and whatever leader they are stacked with. J 30.7 (Fremont's Initiative Level 0)
 * is the Fremont commitment rules', not this module's.
 *
 * Parameters (<exclusive id="jackson.divisional-units">):
 *   divisions  the divisions whose own cavalry and artillery are divisional units (required)
 *   case       the case cited (default "J 25.5")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-divisional-units"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"

typedef struct {
  GArray *divisions;   /* formation indices */
  char *rule_case;
} DivisionalUnits;

static gpointer
divisional_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  DivisionalUnits *d = g_new0 (DivisionalUnits, 1);
  const char *divisions = gbacw_exclusive_rule_get_param (rule, "divisions");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  g_auto (GStrv) ids = g_strsplit_set (divisions ? divisions : "", " \t,", -1);

  d->divisions = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; ids[i]; i++)
    {
      int f = *ids[i] ? gbacw_leadership_formation_index (game, ids[i]) : -1;
      if (f >= 0)
        g_array_append_val (d->divisions, f);
    }
  d->rule_case = g_strdup (rule_case ? rule_case : "J 25.5");
  return d;
}

static void
divisional_finalize (gpointer data)
{
  DivisionalUnits *d = data;
  g_array_unref (d->divisions);
  g_free (d->rule_case);
  g_free (d);
}

static void
divisional_command (GbacwGame *game, gpointer data)
{
  const DivisionalUnits *d = data;

  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int f = game->unit_formation[i], commander;
      const GbacwGameUnit *c;
      gboolean in;

      if (u->side != game->phasing_side || u->hex < 0
          || (u->type != GBACW_UNIT_CAVALRY && u->type != GBACW_UNIT_ARTILLERY) || !gbacw_int_array_has (d->divisions, f))
        continue;
      commander = game->formation_commander[f];
      c = commander >= 0 ? gbacw_game_unit (game, commander) : NULL;
      in = c && c->hex >= 0 && c->oob->dir != GBACW_UNSET && gbacw_leadership_in_radius (game, commander, u->hex, c->oob->dir);
      if (in == !u->out_of_command)
        continue;
      u->out_of_command = !in;
      {
        g_autofree char *label = gbacw_game_unit_label (game, u->index);
        g_autofree char *leader = c ? gbacw_game_unit_label (game, commander) : g_strdup (_("its commander"));
        gbacw_game_log (game, d->rule_case,
                        in ? _("%s, a divisional unit, is within the Divisional Integrity Radius of %s: in command")
                           : _("%s, a divisional unit, is outside the Divisional Integrity Radius of %s: out of command"),
                        label, leader);
      }
    }
}

const GbacwRuleHooks gbacw_rule_jackson_divisional_units = {
  .id = "jackson.divisional-units",
  .stateless = TRUE,   /* its data: its parameters only */
  .init = divisional_init,
  .finalize = divisional_finalize,
  .command = divisional_command,
};
