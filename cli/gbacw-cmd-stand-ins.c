/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-stand-ins.c: `gbacw stand-ins FILE -o OUT [--clear]`: every value of the order of
 * battle not entered yet gets a stand-in (model/gbacw-stand-ins.h), marked as such, so that
 * an unfinished scenario can be played; --clear takes them all back.
 *
 * Exit status: 0 success, 1 bad input (the file cannot be read or written), 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-stand-ins"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>

#include "gbacw-scenario-io.h"
#include "gbacw-stand-ins.h"

int gbacw_cmd_stand_ins (int argc, char **argv);

int
gbacw_cmd_stand_ins (int argc, char **argv)
{
  g_autofree char *output = NULL;
  gboolean clear = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Save the scenario with its stand-ins here (required)"),
      N_("OUT.xml") },
    { "clear", 0, 0, G_OPTION_ARG_NONE, &clear, N_("Take every stand-in back instead"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
    g_option_context_new (_("FILE -o OUT — stand-ins for the values not entered yet, so that the scenario can be played"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autoptr (GbacwScenario) check = NULL;
  g_autoptr (GbacwCommand) command = NULL;
  g_autoptr (GBytes) saved = NULL;
  guint n = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || output == NULL)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      g_printerr ("gbacw: %s\n\n%s", error ? error->message : argc != 2 ? _("Give one scenario file") : _("Give -o OUT"),
                  help);
      return 2;
    }
  scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  command = clear ? gbacw_stand_ins_clear (scenario, &n) : gbacw_stand_ins_fill (scenario, &n);
  gbacw_command_apply (command, scenario, NULL);
  /* what is written must load again: checked before the file is touched */
  saved = gbacw_scenario_save_to_bytes (scenario);
  check = gbacw_scenario_load_bytes (saved, output, &error);
  if (check == NULL || !gbacw_scenario_save_file (scenario, output, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  if (clear)
    g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %u stand-in taken back\n", "%s: %u stand-ins taken back\n", n), output,
             n);
  else
    g_print (g_dngettext (GETTEXT_PACKAGE, "%s: %u value not entered yet has a stand-in (gbacw check warns about each)\n",
                          "%s: %u values not entered yet have stand-ins (gbacw check warns about each)\n", n),
             output, n);
  return 0;
}
