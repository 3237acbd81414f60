/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-export.c: `gbacw export --format tmx|vmod FILE -o OUT`.
 *
 * Writes the scenario for the community's tools: a Tiled map (gbacw-tmx-export.h) or a
 * VASSAL module (gbacw-vmod-export.h). The format is --format, or else the output's
 * extension (.tmx, .vmod).
 * Exit status: 0 success, 1 bad input or a file that cannot be written, 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-export"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>

#include "gbacw-scenario-io.h"
#include "gbacw-tmx-export.h"
#include "gbacw-vmod-export.h"

int gbacw_cmd_export (int argc, char **argv);

typedef gboolean (*ExportFunc) (const GbacwScenario *scenario, const char *path, GError **error);

static const struct {
  const char *name;
  const char *extension;
  ExportFunc export;
} formats[] = {
  { "tmx", ".tmx", gbacw_export_tmx },
  { "vmod", ".vmod", gbacw_export_vmod },
};

int gbacw_usage_error (GOptionContext *context, const char *message);  /* gbacw.c */

int
gbacw_cmd_export (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *format = NULL;
  GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("tmx (a Tiled map) or vmod (a VASSAL module); default: from OUT's extension"), N_("FORMAT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The file to write: OUT.tmx or OUT.vmod"), N_("OUT") },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
    g_option_context_new (_("FILE -o OUT — write the scenario as a Tiled map or a VASSAL module"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autofree char *lower = NULL;
  ExportFunc export = NULL;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return gbacw_usage_error (context, error->message);
  if (argc != 2)
    return gbacw_usage_error (context, argc < 2 ? _("Missing arguments") : _("Too many arguments"));
  if (output == NULL)
    return gbacw_usage_error (context, _("Name the file to write with -o OUT"));

  lower = g_ascii_strdown (output, -1);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (format != NULL ? g_ascii_strcasecmp (format, formats[i].name) == 0
                       : g_str_has_suffix (lower, formats[i].extension))
      export = formats[i].export;
  if (export == NULL)
    return gbacw_usage_error (context, format != NULL ? _("--format must be tmx or vmod")
                                                 : _("Give --format tmx or vmod, or an output ending in .tmx or .vmod"));

  scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL || !export (scenario, output, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  return 0;
}
