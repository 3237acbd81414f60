/* gbacw-cmd-moves.c: "gbacw moves FILE UNIT" — the hexes a unit can reach in a
 * Movement Phase, with their costs (5.0-5.2, 6.11, 8.16, 8.17).
 *
 * Exit status: 0 success, 1 bad input, 2 usage error.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <stdlib.h>

#include "gbacw-game.h"
#include "gbacw-movement.h"
#include "gbacw-scenario-io.h"

int gbacw_cmd_moves (int argc, char **argv);

typedef struct {
  int hex;
  int cost;
} Entry;

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  const Entry *x = a, *y = b;
  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  return x->hex < y->hex ? -1 : x->hex > y->hex;
}

int
gbacw_cmd_moves (int argc, char **argv)
{
  gboolean show_paths = FALSE;
  GOptionEntry entries[] = {
    { "paths", 0, 0, G_OPTION_ARG_NONE, &show_paths, N_("Print the cheapest path to each hex"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE UNIT — the hexes a unit can reach this Movement Phase"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwMoveRange) range = NULL;
  g_autoptr (GArray) list = NULL;
  g_autofree char *label = NULL, *start = NULL;
  GbacwGameUnit *unit;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 2;
    }
  if (argc != 3)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("gbacw: %s\n\n%s", argc < 3 ? _("Missing arguments") : _("Too many arguments"), help);
      return 2;
    }

  s = gbacw_scenario_load_file (argv[1], &error);
  if (s == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  game = gbacw_game_new (s, 1, &error);
  if (game == NULL)
    {
      g_printerr ("gbacw: %s: %s\n", argv[1], error->message);
      return 1;
    }
  unit = gbacw_game_find_unit (game, argv[2]);
  if (unit == NULL)
    {
      g_printerr (_("gbacw: %s: no unit “%s” in the order of battle\n"), argv[1], argv[2]);
      return 1;
    }
  label = gbacw_game_unit_label (game, unit->index);
  range = gbacw_movement_range (game, unit->index, &error);
  if (range == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }

  start = gbacw_game_hex_label (game, range->start);
  g_print (_("%s at %s%s%s: Movement Allowance %g (spent %g)%s\n"), label, start,
           unit->formation != GBACW_FORMATION_STATE_UNSET ? ", " : "",
           unit->formation != GBACW_FORMATION_STATE_UNSET ? gbacw_formation_state_to_string (unit->formation) : "",
           range->allowance / 2.0, range->spent / 2.0,
           range->one_hex ? _("; routed or out of command: one hex (5.2)") : "");

  list = g_array_new (FALSE, FALSE, sizeof (Entry));
  for (guint i = 0; i < range->hexes->len; i++)
    {
      Entry e = { g_array_index (range->hexes, int, i), 0 };
      e.cost = range->cost[e.hex] - range->spent;
      g_array_append_val (list, e);
    }
  g_array_sort (list, compare_entries);
  g_print (_("%u hexes reachable (hex, Movement Points):\n"), list->len);
  for (guint i = 0; i < list->len; i++)
    {
      const Entry *e = &g_array_index (list, Entry, i);
      g_autofree char *hex = gbacw_game_hex_label (game, e->hex);
      g_print ("%s %g", hex, e->cost / 2.0);
      if (show_paths)
        {
          g_autoptr (GArray) path = gbacw_move_range_path (range, e->hex);
          g_print ("  %s", start);
          for (guint k = 0; path && k < path->len; k++)
            {
              g_autofree char *step = gbacw_game_hex_label (game, g_array_index (path, int, k));
              g_print (" %s", step);
            }
        }
      g_print ("\n");
    }
  return 0;
}
