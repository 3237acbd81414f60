/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw.c: the gbacw command: scenario files from the command line.
 *
 * Exit status: 0 success, 1 bad input (the message names the file and line),
 * 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-scenario-io.h"
#include "gbacw-scenario.h"

enum {
  EXIT_OK = 0,
  EXIT_BAD_INPUT = 1,
  EXIT_USAGE = 2,
};

typedef struct {
  const char *name;
  const char *args;
  const char *summary;
  int (*run) (int argc, char **argv);
} Command;

/* Also the sub-commands' in their own files: the message, then the command's help. */
int gbacw_usage_error (GOptionContext *context, const char *message);

int
gbacw_usage_error (GOptionContext *context, const char *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
  g_printerr ("gbacw: %s\n\n%s", message, help);
  return EXIT_USAGE;
}

static int
report (GError *error)
{
  g_printerr ("gbacw: %s\n", error->message);
  return EXIT_BAD_INPUT;
}

/* Parses the options of a subcommand; argv[0] is the subcommand. Returns
 * EXIT_OK, or the exit status of a usage error already reported. */
static int
parse_options (GOptionContext *context, int *argc, char ***argv, int n_args)
{
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, argc, argv, &error))
    return gbacw_usage_error (context, error->message);
  if (*argc - 1 != n_args)
    return gbacw_usage_error (context, *argc - 1 < n_args ? _("Missing arguments") : _("Too many arguments"));
  return EXIT_OK;
}

/* ---------------------------------------------------------------- convert */

static int
run_convert (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("IN OUT — load a scenario and save it in the current format"));
  g_autoptr (GError) error = NULL;
  int status = parse_options (context, &argc, &argv, 2);
  if (status != EXIT_OK)
    return status;

  g_autoptr (GbacwScenario) scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return report (error);
  if (!gbacw_scenario_save_file (scenario, argv[2], &error))
    return report (error);
  return EXIT_OK;
}

/* ---------------------------------------------------------------- info */

static void
print_counts (const char *heading, GPtrArray *names, const guint *counts)
{
  gboolean any = FALSE;
  g_print ("%s:", heading);
  for (guint i = 0; i < names->len; i++)
    if (counts[i])
      {
        g_print ("%s %s %u", any ? "," : "", (const char *) g_ptr_array_index (names, i), counts[i]);
        any = TRUE;
      }
  g_print ("%s\n", any ? "" : _(" none"));
}

static int
run_info (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE — describe a scenario"));
  g_autoptr (GError) error = NULL;
  int status = parse_options (context, &argc, &argv, 1);
  if (status != EXIT_OK)
    return status;

  g_autoptr (GbacwScenario) s = gbacw_scenario_load_file (argv[1], &error);
  if (s == NULL)
    return report (error);

  const GbacwMap *map = s->map;
  const GbacwHexGrid *grid = &map->grid;
  int n_hexes = gbacw_hex_grid_n_hexes (grid);
  GbacwHex first = { 0, 0 }, last = { grid->columns - 1, grid->rows - 1 };
  g_autofree char *first_label = gbacw_hex_grid_format_label (grid, first);
  g_autofree char *last_label = gbacw_hex_grid_format_label (grid, last);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  guint counts[64] = { 0 };
  int min_level = G_MAXINT, max_level = G_MININT;

  g_print (_("Title: %s\n"), s->info.title ? s->info.title : "");
  g_print (_("Game: %s\n"), s->info.game ? s->info.game : "");
  g_print (g_dngettext (GETTEXT_PACKAGE, "Map: %d × %d hex (%s), hexes %s–%s\n", "Map: %d × %d hexes (%s), hexes %s–%s\n",
                        (gulong) n_hexes), grid->columns, grid->rows,
           grid->orientation == GBACW_GRID_FLAT_COLUMNS ? _("flat-topped, in columns") : _("pointy-topped, in rows"),
           first_label, last_label);

  for (guint t = 0; t < s->catalogue.hex_terrains->len; t++)
    g_ptr_array_add (names, ((GbacwHexTerrain *) g_ptr_array_index (s->catalogue.hex_terrains, t))->id);
  guint unpainted = 0;
  for (int i = 0; i < n_hexes; i++)
    {
      guint64 mask = map->terrain[i];
      if (mask == 0)
        unpainted++;
      for (guint t = 0; t < names->len; t++)
        if (mask & (G_GUINT64_CONSTANT (1) << t))
          counts[t]++;
      min_level = MIN (min_level, map->elevation[i]);
      max_level = MAX (max_level, map->elevation[i]);
    }
  print_counts (_("Terrain (hexes)"), names, counts);
  if (unpainted)
    g_print (_("Hexes without terrain: %u\n"), unpainted);
  g_print (_("Elevation levels: %d to %d\n"), min_level, max_level);

  g_ptr_array_set_size (names, 0);
  memset (counts, 0, sizeof counts);
  for (guint t = 0; t < s->catalogue.hexside_types->len; t++)
    g_ptr_array_add (names, ((GbacwHexsideType *) g_ptr_array_index (s->catalogue.hexside_types, t))->id);
  guint n_sides = gbacw_hex_grid_n_hexside_ids (grid), featured = 0;
  for (guint id = 0; id < n_sides; id++)
    {
      guint32 mask = map->hexside_features[id];
      if (mask)
        featured++;
      for (guint t = 0; t < names->len; t++)
        if (mask & (1u << t))
          counts[t]++;
    }
  print_counts (_("Hexside features"), names, counts);
  g_print (_("Hexsides with features: %u\n"), featured);

  g_ptr_array_set_size (names, 0);
  memset (counts, 0, sizeof counts);
  for (guint t = 0; t < s->catalogue.line_types->len; t++)
    g_ptr_array_add (names, ((GbacwLineType *) g_ptr_array_index (s->catalogue.line_types, t))->id);
  for (int i = 0; i < n_hexes; i++)
    {
      guint16 mask = 0;
      GbacwHex h = gbacw_hex_grid_hex_at (grid, i);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        mask |= map->hexside_lines[gbacw_hex_grid_hexside (grid, h, d)];
      for (guint t = 0; t < names->len; t++)
        if (mask & (1u << t))
          counts[t]++;
    }
  print_counts (_("Lines (hexes)"), names, counts);
  g_print (_("Areas: %u; labels: %u\n"), map->areas->len, map->labels->len);

  for (guint i = 0; i < s->oob.sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (s->oob.sides, i);
      guint n_units = 0, n_leaders = 0, n_formations = 0;
      for (guint u = 0; u < s->oob.units->len; u++)
        {
          const GbacwUnit *unit = g_ptr_array_index (s->oob.units, u);
          if (g_strcmp0 (unit->side, side->id) == 0)
            {
              if (unit->type == GBACW_UNIT_LEADER)
                n_leaders++;
              else
                n_units++;
            }
        }
      for (guint f = 0; f < s->oob.formations->len; f++)
        if (g_strcmp0 (((GbacwFormation *) g_ptr_array_index (s->oob.formations, f))->side, side->id) == 0)
          n_formations++;
      g_autofree char *units = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit", "%u units", n_units), n_units);
      g_autofree char *leaders = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u leader", "%u leaders", n_leaders), n_leaders);
      g_autofree char *formations =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u formation", "%u formations", n_formations), n_formations);
      /* TRANSLATORS: a side: its units, leaders and formations (each "N units" etc.) */
      g_print (_("%s: %s, %s, %s\n"), side->name ? side->name : side->id, units, leaders, formations);
    }
  g_print (_("Deployed: %u; reinforcement groups: %u\n"), s->deployment->len, s->reinforcements->len);
  g_print (_("Game-Turns: %d to %d\n"), s->turns.first, s->turns.last);

  guint by_status[4] = { 0 };
  for (guint c = 0; c < s->charts->len; c++)
    {
      const GbacwChart *chart = g_ptr_array_index (s->charts, c);
      for (guint r = 0; r < chart->rows->len; r++)
        for (guint k = 0; k < chart->columns->len; k++)
          by_status[((GbacwChartRow *) g_ptr_array_index (chart->rows, r))->cells[k].status]++;
    }
  g_print (_("Charts: %u (cells: %u from the rulebooks, %u inferred, %u invented, %u unknown)\n"), s->charts->len,
           by_status[GBACW_CELL_KNOWN], by_status[GBACW_CELL_INFERRED], by_status[GBACW_CELL_INVENTED],
           by_status[GBACW_CELL_UNKNOWN]);
  return EXIT_OK;
}

/* ---------------------------------------------------------------- generate */

static int
run_generate (int argc, char **argv)
{
  g_autofree char *size = NULL;
  g_autofree char *template_path = NULL;
  int n_units = 5000;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "size", 0, 0, G_OPTION_ARG_STRING, &size, N_("Map size in hexes, e.g. 200x200"), N_("COLSxROWS") },
    { "units", 0, 0, G_OPTION_ARG_INT, &n_units, N_("Order-of-battle entries, leaders included"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Random seed"), N_("N") },
    { "template", 0, 0, G_OPTION_ARG_FILENAME, &template_path,
      N_("Scenario whose terrain catalogue and charts are used (default: the demo)"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("OUT — write a large, valid, deterministic scenario"));
  g_autoptr (GError) error = NULL;
  int columns = 200, rows = 200;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  int status = parse_options (context, &argc, &argv, 1);
  if (status != EXIT_OK)
    return status;
  if (size)
    {
      char *end = NULL;
      gint64 c = g_ascii_strtoll (size, &end, 10);
      gint64 r = (end && (*end == 'x' || *end == 'X')) ? g_ascii_strtoll (end + 1, &end, 10) : -1;
      if (end == NULL || *end != '\0' || c < 1 || r < 1 || c > GBACW_GRID_MAX_SIZE || r > GBACW_GRID_MAX_SIZE)
        return gbacw_usage_error (context, _("--size must be COLSxROWS, each from 1 to 999"));
      columns = (int) c;
      rows = (int) r;
    }
  if (n_units < 0)
    return gbacw_usage_error (context, _("--units must not be negative"));
  if (seed < 0 || seed > G_MAXUINT32)
    return gbacw_usage_error (context, _("--seed must be from 0 to 4294967295"));
  if (template_path == NULL)
    template_path = gbacw_data_find ("scenarios/demo.xml");
  if (template_path == NULL)
    {
      g_printerr (_("gbacw: cannot find the demo scenario; name a template with --template\n"));
      return EXIT_BAD_INPUT;
    }

  g_autoptr (GbacwScenario) tpl = gbacw_scenario_load_file (template_path, &error);
  if (tpl == NULL)
    return report (error);
  g_autoptr (GbacwScenario) s = gbacw_generate_scenario (tpl, columns, rows, n_units, (guint32) seed, &error);
  if (s == NULL)
    return report (error);
  if (!gbacw_scenario_save_file (s, argv[1], &error))
    return report (error);
  return EXIT_OK;
}

/* ---------------------------------------------------------------- main */

int gbacw_cmd_render (int argc, char **argv);  /* gbacw-cmd-render.c */
#include "gbacw-cmd-check.h"
int gbacw_cmd_los (int argc, char **argv);     /* gbacw-cmd-los.c */
int gbacw_cmd_moves (int argc, char **argv);   /* gbacw-cmd-moves.c */
int gbacw_cmd_play (int argc, char **argv);    /* gbacw-cmd-play.c */
int gbacw_cmd_replay (int argc, char **argv);  /* gbacw-cmd-play.c */
int gbacw_cmd_roster (int argc, char **argv);  /* gbacw-cmd-roster.c */
int gbacw_cmd_balance (int argc, char **argv); /* gbacw-cmd-balance.c */
int gbacw_cmd_fire (int argc, char **argv);    /* gbacw-cmd-combat.c */
int gbacw_cmd_melee (int argc, char **argv);   /* gbacw-cmd-combat.c */
int gbacw_cmd_export (int argc, char **argv);  /* gbacw-cmd-export.c */
int gbacw_cmd_stand_ins (int argc, char **argv); /* gbacw-cmd-stand-ins.c */
int gbacw_cmd_trace (int argc, char **argv);   /* gbacw-cmd-trace.c */

static const Command commands[] = {
  { "convert", N_("IN OUT"), N_("Load a scenario and save it (checks it, writes the current format)"), run_convert },
  { "info", N_("FILE"), N_("Map size, terrain counts, units per side, turns"), run_info },
  { "generate", N_("[--size CxR] [--units N] [--seed N] OUT"), N_("Write a large, valid, deterministic scenario"), run_generate },
  { "check", N_("FILE [--format text|json]"), N_("Check a scenario against the rules (exit 1 on errors)"), gbacw_cmd_check },
  { "los", N_("FILE FROM TO"), N_("Line of sight between two hexes, with the 9.73 numbers"), gbacw_cmd_los },
  { "moves", N_("FILE UNIT [--in-command]"), N_("A unit's command status and the hexes it can reach in its Movement Phase"), gbacw_cmd_moves },
  { "fire", N_("FILE --from HEX[,HEX…] --at HEX [--units ID,…] [--status HEX=pinned,…] [--format text|json]"), N_("A fire worked out: range, multipliers, shifts, the CRT column and each die's result"), gbacw_cmd_fire },
  { "melee", N_("FILE --attackers HEX,… --defender HEX [--charge] [--format text|json]"), N_("A melee worked out: strengths, modifiers, the differential and each die's result"), gbacw_cmd_melee },
  { "play", N_("FILE [--seed N] [--ai union|confederate|both] [--turns N] [--record OUT.xml] [--log OUT.txt] [--force]"), N_("Play a game headless, the computer playing (exit 3: waiting for a human side)"), gbacw_cmd_play },
  { "replay", N_("RECORD.xml [--force]"), N_("Replay a saved game and print its final state"), gbacw_cmd_replay },
  { "render", N_("FILE -o OUT.png|svg|pdf [--size N] [--layers L]"), N_("Draw the map as an image or printable PDF"), gbacw_cmd_render },
  { "export", N_("--format tmx|vmod FILE -o OUT"), N_("The scenario as a Tiled map (.tmx) or a VASSAL module (.vmod)"), gbacw_cmd_export },
  { "roster", N_("export FILE [--side S] [--delimiter D] [--encoding E] [-o OUT.csv] | import FILE CSV [-o OUT]"), N_("The order of battle as a CSV spreadsheet"), gbacw_cmd_roster },
  { "balance", N_("FILE --games N [--jobs J] [--shard K/N] [--format text|json] [--force] | merge FILE.json…"), N_("The computer plays both sides N times: the distribution of outcomes"), gbacw_cmd_balance },
  { "stand-ins", N_("FILE -o OUT [--clear]"), N_("Stand-ins for the values not entered yet (marked, so that gbacw check warns of each)"), gbacw_cmd_stand_ins },
  { "trace", N_("SCENARIO --samples FILE -o OUT [--report] [--min-confidence X]"), N_("Terrain proposed for the unpainted hexes from the calibrated scan, by example"), gbacw_cmd_trace },
};

/* To standard output when asked for (--help), to standard error after a mistake. */
static void
print_usage (FILE *out)
{
  fprintf (out, "%s", _("Usage: gbacw COMMAND [OPTIONS] ARGS\n"
                        "       gbacw --help | --version\n\nCommands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %-40s %s\n", commands[i].name, _(commands[i].args), _(commands[i].summary));
  fprintf (out, "%s", _("\nRun “gbacw COMMAND --help” for a command's options.\n"));
  fflush (out);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_autofree char *localedir = gbacw_data_locale_dir ();
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return EXIT_USAGE;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
    {
      print_usage (stdout);
      return EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("gbacw %s\n", PACKAGE_VERSION);
      return EXIT_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        /* The sub-command's usage line (GOptionContext) reads "gbacw COMMAND [OPTION…]". */
        g_autofree char *prgname = g_strdup_printf ("gbacw %s", commands[i].name);
        g_set_prgname (prgname);
        return commands[i].run (argc - 1, argv + 1);
      }

  g_printerr (_("gbacw: unknown command “%s”\n\n"), argv[1]);
  print_usage (stderr);
  return EXIT_USAGE;
}
