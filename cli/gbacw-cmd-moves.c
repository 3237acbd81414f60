/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-moves.c: "gbacw moves FILE UNIT" — the hexes a unit can reach in its
 * side's first Movement Phase, with their costs (5.0-5.2, 6.11, 8.16, 8.17).
 *
 * The game is played up to that phase with no orders, so the Initial Command Phase's
 * command check is made as in play (17.11, 17.21, 17.23, 5.3): a unit out of command
 * moves one hex (5.2). --in-command asks what the unit could do in command.
 *
 * Exit status: 0 success, 1 bad input, 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-moves"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <stdlib.h>

#include "gbacw-game.h"
#include "gbacw-leadership.h"
#include "gbacw-movement.h"
#include "gbacw-query.h"
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

/* The command status in words, with its case: "in command: within …'s Effectiveness Radius (3) [17.11]". */
static char *
describe_command (GbacwGame *game, const GbacwCommandStatus *st)
{
  g_autofree char *leader = st->leader >= 0 ? gbacw_game_unit_label (game, st->leader) : g_strdup ("?");
  const char *state = st->in_command ? _("in command") : _("out of command");
  g_autofree char *why = NULL;

  switch (st->reason)
    {
    case GBACW_COMMAND_INDEPENDENT:
      why = g_strdup (_("independent"));
      break;
    case GBACW_COMMAND_STACKED:
      why = g_strdup_printf (_("stacked with %s"), leader);
      break;
    case GBACW_COMMAND_STACKED_ELIMINATED:
      why = g_strdup_printf (_("stacked with %s, whose own units are all eliminated"), leader);
      break;
    case GBACW_COMMAND_IN_RADIUS:
      why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "within the Effectiveness Radius of %s (%d hex)",
                                          "within the Effectiveness Radius of %s (%d hexes)", st->radius), leader, st->radius);
      break;
    case GBACW_COMMAND_OUT_OF_RADIUS:
      why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "outside the Effectiveness Radius of %s (%d hex): it may be moved only one hex",
                                          "outside the Effectiveness Radius of %s (%d hexes): it may be moved only one hex",
                                          st->radius),
                             leader, st->radius);
      break;
    case GBACW_COMMAND_NO_COMMANDER:
      why = g_strdup (_("its commander is not on the map: it may be moved only one hex"));
      break;
    case GBACW_COMMAND_COMMANDER_OUT_OF_DIR:
      why = g_strdup_printf (_("its brigade commander %s is outside his Divisional Integrity Radius "
                               "(option command-5.2 = old): it may be moved only one hex"), leader);
      break;
    case GBACW_COMMAND_IN_DIR:
      why = st->leader >= 0 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "within the Divisional Integrity Radius of %s (%d hex), or need not be",
                                                          "within the Divisional Integrity Radius of %s (%d hexes), or need "
                                                          "not be", st->radius), leader, st->radius)
                            : g_strdup (_("no division commander above him"));
      break;
    case GBACW_COMMAND_OUT_OF_DIR:
      why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "outside the Divisional Integrity Radius of %s (%d hex): he may move one hex only",
                                          "outside the Divisional Integrity Radius of %s (%d hexes): he may move one hex only",
                                          st->radius),
                             leader, st->radius);
      break;
    case GBACW_COMMAND_OFF_MAP:
    default:
      why = g_strdup (_("not on the map"));
      break;
    }
  /* TRANSLATORS: "in command: stacked with Webb [17.1]" */
  return g_strdup_printf (_("%s: %s [%s]"), state, why, st->rule_case);
}

int
gbacw_cmd_moves (int argc, char **argv)
{
  gboolean show_paths = FALSE, in_command = FALSE;
  GOptionEntry entries[] = {
    { "paths", 0, 0, G_OPTION_ARG_NONE, &show_paths, N_("Print the cheapest path to each hex"), NULL },
    { "in-command", 0, 0, G_OPTION_ARG_NONE, &in_command,
      N_("What the unit could do if it were in command, whatever the command check says"), NULL },
    { NULL }
  };
  GbacwCommandStatus status;
  g_autofree char *command = NULL;
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
  if (!gbacw_query_play_to_phase (game, GBACW_PHASE_MOVEMENT, unit->side, &error))
    {
      g_printerr ("gbacw: %s: %s\n", argv[1], error->message);
      return 1;
    }
  /* the Initial Command Phase's check as it came out (17.11, 17.21) */
  gbacw_leadership_command_status (game, unit->index, &status);
  command = describe_command (game, &status);
  g_print (_("Game-Turn %d, %s Movement Phase\n"), game->turn, gbacw_game_side_name (game, unit->side));
  g_print (_("Command: %s\n"), command);
  if (in_command)
    {
      /* what if: the check's outcome set aside */
      unit->out_of_command = FALSE;
      if (unit->type == GBACW_UNIT_LEADER)
        unit->in_dir = TRUE;
      g_print ("%s\n", _("As if in command (--in-command)"));
    }
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
  g_print (g_dngettext (GETTEXT_PACKAGE, "%u hex reachable (hex, Movement Points):\n",
                        "%u hexes reachable (hex, Movement Points):\n", list->len), list->len);
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
