/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-roster.c: `gbacw roster export|import`: the order of battle as CSV.
 *
 *   gbacw roster export FILE [--side S] [--delimiter comma|semicolon|tab]
 *                            [--encoding utf-8|utf-16] [-o OUT.csv]   (standard output by default)
 *   gbacw roster export FILE -o OUT.pdf [--paper PAPER]   (the printed roster's pages)
 *   gbacw roster import FILE CSV [-o OUT.xml]          (FILE is saved in place, atomically)
 *
 * Exit status: 0 success, 1 bad input (every bad row is reported as
 * "CSV:LINE:COLUMN: message" and nothing is written), 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-roster"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-file-read.h"
#include "gbacw-map-export.h"
#include "gbacw-roster-csv.h"
#include "gbacw-roster-print.h"
#include "gbacw-scenario-io.h"

int gbacw_cmd_roster (int argc, char **argv);

static int
usage (GOptionContext *context, const char *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
  g_printerr ("gbacw: %s\n\n%s", message, help);
  return 2;
}

static int
fail (const GError *error)
{
  if (error->domain == GBACW_ROSTER_ERROR && error->code != GBACW_ROSTER_ERROR_SIDE)
    g_printerr ("%s\n", error->message);  /* every line already names the file, line and column */
  else
    g_printerr ("gbacw: %s\n", error->message);
  return 1;
}

/* The index of name in names (NULL-terminated), or -1. */
static int
choice (const char *name, const char *const *names)
{
  for (int i = 0; names[i]; i++)
    if (g_ascii_strcasecmp (name, names[i]) == 0)
      return i;
  return -1;
}

static int
run_export (int argc, char **argv)
{
  static const char *const delimiters[] = { "comma", "semicolon", "tab", NULL };   /* GbacwRosterDelimiter */
  static const char *const encodings[] = { "utf-8", "utf-16", NULL };             /* GbacwRosterEncoding */
  g_autofree char *side = NULL;
  g_autofree char *output = NULL;
  g_autofree char *delimiter_name = NULL;
  g_autofree char *encoding_name = NULL;
  g_autofree char *paper_name = NULL;
  int delimiter = GBACW_ROSTER_DELIMITER_COMMA, encoding = GBACW_ROSTER_ENCODING_UTF8;
  GOptionEntry entries[] = {
    { "side", 0, 0, G_OPTION_ARG_STRING, &side, N_("Only this side (a side id)"), N_("SIDE") },
    { "delimiter", 0, 0, G_OPTION_ARG_STRING, &delimiter_name,
      N_("The field separator: comma (default), semicolon or tab"), N_("DELIMITER") },
    { "encoding", 0, 0, G_OPTION_ARG_STRING, &encoding_name,
      N_("utf-8 (default), or utf-16 with a byte order mark"), N_("ENCODING") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the CSV here instead of to standard output; a name ending in .pdf writes the printed roster"),
      N_("OUT.csv") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper_name, N_("PDF: a4 (default), letter, a3, legal, tabloid or a5"),
      N_("PAPER") },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
    g_option_context_new (_("FILE — write the order of battle of a scenario as CSV"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autoptr (GBytes) csv = NULL;
  gconstpointer data;
  gsize len;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage (context, error->message);
  if (argc != 2)
    return usage (context, argc < 2 ? _("Missing arguments") : _("Too many arguments"));
  if (delimiter_name && (delimiter = choice (delimiter_name, delimiters)) < 0)
    return usage (context, _("--delimiter must be comma, semicolon or tab"));
  if (encoding_name && (encoding = choice (encoding_name, encodings)) < 0)
    return usage (context, _("--encoding must be utf-8 or utf-16"));

  if (output != NULL && g_str_has_suffix (output, ".pdf"))
    {
      GbacwPaper paper = GBACW_PAPER_A4;
      g_autoptr (GbacwRosterPages) pages = NULL;
      double w, h;

      if (side != NULL || delimiter_name != NULL || encoding_name != NULL)
        return usage (context, _("--side, --delimiter and --encoding are for CSV files, not PDF"));
      if (paper_name != NULL && !gbacw_paper_from_string (paper_name, &paper))
        return usage (context, _("--paper must be a4, letter, a3, legal, tabloid or a5"));
      scenario = gbacw_scenario_load_file (argv[1], &error);
      if (scenario == NULL)
        return fail (error);
      gbacw_paper_get_size_mm (paper, &w, &h);
      pages = gbacw_roster_pages_new (scenario, w * 72 / 25.4, h * 72 / 25.4, &error);
      if (pages == NULL || !gbacw_roster_pages_export_pdf (pages, output, &error))
        return fail (error);
      return 0;
    }
  if (paper_name != NULL)
    return usage (context, _("--paper is for PDF files: give -o OUT.pdf"));

  scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (error);
  if (output)
    return gbacw_roster_export_file_as (scenario, side, delimiter, encoding, output, &error) ? 0 : fail (error);
  csv = gbacw_roster_export_as (scenario, side, delimiter, encoding, &error);
  if (csv == NULL)
    return fail (error);
  data = g_bytes_get_data (csv, &len);
  if (fwrite (data, 1, len, stdout) != len || fflush (stdout) != 0)
    {
      g_printerr (_("gbacw: cannot write to standard output\n"));
      return 1;
    }
  return 0;
}

static int
run_import (int argc, char **argv)
{
  g_autofree char *output = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Save the scenario here instead of over FILE"),
      N_("OUT.xml") },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
    g_option_context_new (_("FILE CSV — read a CSV roster into the scenario's order of battle"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autoptr (GbacwScenario) check = NULL;
  g_autoptr (GbacwCommand) command = NULL;
  g_autoptr (GBytes) csv = NULL;
  g_autoptr (GBytes) saved = NULL;
  guint n;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage (context, error->message);
  if (argc != 3)
    return usage (context, argc < 3 ? _("Missing arguments") : _("Too many arguments"));

  scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    return fail (error);
  csv = gbacw_file_read (argv[2], GBACW_FILE_KIND_ROSTER, &error);
  if (csv == NULL)
    return fail (error);
  command = gbacw_roster_import_command (scenario, csv, argv[2], &error);
  if (command == NULL)
    return fail (error);
  gbacw_command_apply (command, scenario, NULL);

  /* what is written must load again: check before touching the file */
  saved = gbacw_scenario_save_to_bytes (scenario);
  check = gbacw_scenario_load_bytes (saved, output ? output : argv[1], &error);
  if (check == NULL)
    return fail (error);
  if (!gbacw_scenario_save_file (scenario, output ? output : argv[1], &error))
    return fail (error);
  n = gbacw_collection_edit_get_n_operations (GBACW_COLLECTION_EDIT (command));
  g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %u entry added or changed\n", "%s: %u entries added or changed\n", n),
           output ? output : argv[1], n);
  return 0;
}

#define ROSTER_USAGE N_("Usage:\n  gbacw roster export FILE [--side SIDE] [--delimiter comma|semicolon|tab]\n" \
                       "                          [--encoding utf-8|utf-16] [-o OUT.csv]\n" \
                       "  gbacw roster export FILE -o OUT.pdf [--paper PAPER]\n" \
                       "  gbacw roster import FILE CSV [-o OUT.xml]\n")

int
gbacw_cmd_roster (int argc, char **argv)
{
  int (*run) (int, char **) = NULL;

  if (argc >= 2 && strcmp (argv[1], "export") == 0)
    run = run_export;
  else if (argc >= 2 && strcmp (argv[1], "import") == 0)
    run = run_import;
  if (run != NULL)
    {
      /* the usage line of --help: "gbacw roster export [OPTION…] FILE" */
      g_autofree char *prgname = g_strdup_printf ("gbacw roster %s", argv[1]);
      g_set_prgname (prgname);
      return run (argc - 1, argv + 1);
    }
  if (argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0))
    {
      g_print ("%s\n%s", _(ROSTER_USAGE),
               _("The columns are described in the README, section “Rosters (CSV)”. Import reads comma-, "
                 "semicolon- and tab-separated files (the header row tells which) in UTF-8 or, after a byte "
                 "order mark, UTF-16.\n"));
      return 0;
    }
  g_printerr ("%s\n%s", _("gbacw: roster needs “export” or “import”"), _(ROSTER_USAGE));
  return 2;
}
