/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-check.c: `gbacw check FILE [--format text|json]`.
 *
 * Prints every finding of the rules validator, one per line
 * ("FILE:LOCATION: severity: [case] message") or as a JSON array.
 * Exit status: 1 when there is an error finding or the file cannot be loaded,
 * 2 for a usage error, 0 otherwise.
 */
#define G_LOG_DOMAIN "gbacw-cmd-check"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "gbacw-checker.h"
#include "gbacw-report.h"
#include "gbacw-scenario-io.h"

#include "gbacw-cmd-check.h"

int
gbacw_cmd_check (int argc, char **argv)
{
  g_autofree char *format = NULL;
  GOptionEntry entries[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("Output format: text (default) or json"), N_("FORMAT") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE — check a scenario against the rules"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autoptr (GbacwChecker) checker = NULL;
  g_autofree char *report = NULL;
  GPtrArray *findings;
  gboolean json;
  const char *message = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    message = error->message;
  else if (format && !g_str_equal (format, "text") && !g_str_equal (format, "json"))
    message = _("--format must be text or json");
  else if (argc != 2)
    message = argc < 2 ? _("Missing arguments") : _("Too many arguments");
  if (message)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("gbacw: %s\n\n%s", message, help);
      return 2;
    }
  json = format && g_str_equal (format, "json");

  scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  checker = gbacw_checker_new ();
  gbacw_checker_run (checker, scenario);
  findings = gbacw_checker_get_findings (checker);
  if (json)
    report = gbacw_report_json (findings, &scenario->map->grid, argv[1]);
  else
    report = gbacw_report_text (findings, &scenario->map->grid, argv[1]);
  fputs (report, stdout);  /* UTF-8 as it is, whatever the locale */
  return gbacw_checker_count (checker, GBACW_SEVERITY_ERROR) > 0 ? 1 : 0;
}

gboolean
gbacw_cli_scenario_playable (const GbacwScenario *scenario, const char *file_name, gboolean force)
{
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  g_autoptr (GPtrArray) errors = g_ptr_array_new ();
  g_autofree char *report = NULL;
  GPtrArray *findings;
  guint n;

  gbacw_checker_run (checker, scenario);
  n = gbacw_checker_count (checker, GBACW_SEVERITY_ERROR);
  if (n == 0)
    return TRUE;
  findings = gbacw_checker_get_findings (checker);
  for (guint i = 0; i < findings->len; i++)
    if (((GbacwFinding *) g_ptr_array_index (findings, i))->severity == GBACW_SEVERITY_ERROR)
      g_ptr_array_add (errors, g_ptr_array_index (findings, i));
  report = gbacw_report_text (errors, &scenario->map->grid, file_name);
  fputs (report, stderr);
  if (force)
    {
      g_printerr (g_dngettext (GETTEXT_PACKAGE, "gbacw: %s: played despite %u error (--force)\n",
                               "gbacw: %s: played despite %u errors (--force)\n", n),
                  file_name, n);
      return TRUE;
    }
  g_printerr (g_dngettext (GETTEXT_PACKAGE,
                           "gbacw: %s: the scenario has %u error (above), so it is not played: fix it "
                           "(gbacw check lists it), or give --force to play it anyway\n",
                           "gbacw: %s: the scenario has %u errors (above), so it is not played: fix them "
                           "(gbacw check lists them), or give --force to play it anyway\n", n),
              file_name, n);
  return FALSE;
}
