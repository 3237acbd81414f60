/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-los.c: "gbacw los FILE FROM TO" — the line of sight between two hexes
 * (9.7-9.73): clear or blocked, the blocking hex or hexside and the 9.73 numbers.
 *
 * Exit status: 0 success, 1 bad input, 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-los"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>

#include "gbacw-los.h"
#include "gbacw-scenario-io.h"
#include "gbacw-scenario.h"

int gbacw_cmd_los (int argc, char **argv);

/* 9.72: the height of the tallest unit deployed in each hex. */
static void
place_units (GbacwLos *los, const GbacwScenario *s)
{
  int n = gbacw_hex_grid_n_hexes (&s->map->grid);

  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      int feet;

      if (u == NULL || p->hex < 0 || p->hex >= n || u->type == GBACW_UNIT_LEADER)
        continue;
      feet = (u->type == GBACW_UNIT_WAGON
              || (u->type == GBACW_UNIT_CAVALRY && p->formation != GBACW_FORMATION_STATE_DISMOUNTED))
               ? GBACW_LOS_MOUNTED_HEIGHT : GBACW_LOS_MAN_HEIGHT;
      gbacw_los_set_unit_height (los, p->hex, MAX (feet, gbacw_los_get_unit_height (los, p->hex)));
    }
}

static int
parse_hex (const GbacwScenario *s, const char *label, int *out)
{
  g_autoptr (GError) error = NULL;
  GbacwHex hex;

  if (!gbacw_hex_grid_parse_label (&s->map->grid, label, &hex, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  *out = gbacw_hex_grid_index (&s->map->grid, hex);
  return 0;
}

static char *
hex_label (const GbacwScenario *s, int hex)
{
  if (hex < 0)
    return g_strdup (_("off the map"));
  return gbacw_hex_grid_format_label (&s->map->grid, gbacw_hex_grid_hex_at (&s->map->grid, hex));
}

int
gbacw_cmd_los (int argc, char **argv)
{
  int from_unit = 0, to_unit = 0;
  GOptionEntry entries[] = {
    { "from-height", 0, 0, G_OPTION_ARG_INT, &from_unit,
      N_("Height in feet of the firer above the ground (default: the unit there, else 5)"), N_("FEET") },
    { "to-height", 0, 0, G_OPTION_ARG_INT, &to_unit,
      N_("Height in feet of the target above the ground (default: the unit there, else 5)"), N_("FEET") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE FROM TO — the line of sight between two hexes (9.7)"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwLos) los = NULL;
  g_autofree char *from_label = NULL, *to_label = NULL, *obstacle = NULL, *other = NULL;
  GbacwLosResult r;
  int from = -1, to = -1;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 2;
    }
  if (argc != 4)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("gbacw: %s\n\n%s", argc < 4 ? _("Missing arguments") : _("Too many arguments"), help);
      return 2;
    }
  if (from_unit < 0 || to_unit < 0)
    {
      g_printerr ("gbacw: %s\n", _("Heights must not be negative"));
      return 2;
    }

  s = gbacw_scenario_load_file (argv[1], &error);
  if (s == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  if (parse_hex (s, argv[2], &from) != 0 || parse_hex (s, argv[3], &to) != 0)
    return 1;

  los = gbacw_los_new (s);
  place_units (los, s);
  if (from_unit == 0)
    from_unit = MAX (GBACW_LOS_MAN_HEIGHT, gbacw_los_get_unit_height (los, from));
  if (to_unit == 0)
    to_unit = MAX (GBACW_LOS_MAN_HEIGHT, gbacw_los_get_unit_height (los, to));
  gbacw_los_check (los, from, to, from_unit, to_unit, &r);

  from_label = hex_label (s, from);
  to_label = hex_label (s, to);
  if (r.clear)
    g_print (_("LOS %s → %s: clear%s\n"), from_label, to_label,
             r.adjacent ? _(" (adjacent hexes, 9.24)") : from == to ? _(" (the same hex)") : "");
  else
    {
      obstacle = hex_label (s, r.hex);
      other = hex_label (s, r.other_hex);
      switch (r.kind)
        {
        case GBACW_LOS_OBSTACLE_HEXSIDE:
          g_print (_("LOS %s → %s: blocked by the hexside %s/%s\n"), from_label, to_label, obstacle, other);
          break;
        case GBACW_LOS_OBSTACLE_ALONG:
          g_print (_("LOS %s → %s: blocked along the hexside between %s and %s (9.7)\n"), from_label, to_label, obstacle,
                   other);
          break;
        case GBACW_LOS_OBSTACLE_HEX:
        case GBACW_LOS_OBSTACLE_NONE:
        default:
          g_print (r.obstacle_is_unit ? _("LOS %s → %s: blocked by the units in hex %s (9.71)\n")
                                      : _("LOS %s → %s: blocked by hex %s\n"),
                   from_label, to_label, obstacle);
          break;
        }
    }
  g_print (_("Heights: %s %d ft, %s %d ft (ground and unit, 9.72)\n"), from_label, r.from_height, to_label, r.to_height);
  if (r.clear)
    g_print (_("9.73: H = %d, D = %d\n"), r.H, r.D);
  else if (r.obstacle_top >= GBACW_LOS_INFINITE)
    g_print (_("9.73: H = %d, D = %d; the obstacle blocks whatever the heights (no height entered)\n"), r.H, r.D);
  else
    g_print (_("9.73: H = %d, D = %d, hp = %d, dp = %g: H/D = %.3f < (hp − 5)/dp = %.3f\n"), r.H, r.D, r.hp, r.dp,
             (double) r.H / r.D, (r.hp - 5) / r.dp);
  return 0;
}
