/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-jackson-stand-ins.c: a scenario of the Jackson at the Crossroads kit made playable
 * for the computer-vs-computer games of the tests and benchmarks (included by
 * test-jackson-games.c and bench-jackson.c): `gbacw stand-ins` applied to it
 * (model/gbacw-stand-ins.h: every value not entered yet a stand-in, every unpainted hex the
 * catalogue's clear terrain), saved and loaded again as the command does. The kit's
 * printed values are never changed. */

#include <glib.h>

#include "gbacw-command.h"
#include "gbacw-data.h"
#include "gbacw-scenario-io.h"
#include "gbacw-scenario.h"
#include "gbacw-stand-ins.h"

/* The kit's scenario NAME (a file of data/games/jackson/, without ".xml") with its
 * stand-ins, or NULL with the reason printed. */
G_GNUC_UNUSED static GbacwScenario *
jackson_with_stand_ins (const char *name)
{
  g_autofree char *file = g_strdup_printf ("games/jackson/%s.xml", name);
  g_autofree char *path = gbacw_data_find (file);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwCommand) command = NULL;
  g_autoptr (GBytes) saved = NULL;
  GbacwScenario *filled;
  guint n = 0;

  if (path == NULL)
    {
      g_printerr ("cannot find %s (set GBACW_DATADIR)\n", file);
      return NULL;
    }
  if ((s = gbacw_scenario_load_file (path, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  command = gbacw_stand_ins_fill (s, &n);
  gbacw_command_apply (command, s, NULL);
  saved = gbacw_scenario_save_to_bytes (s);
  if ((filled = gbacw_scenario_load_bytes (saved, path, &error)) == NULL)
    g_printerr ("%s with its %u stand-ins: %s\n", file, n, error->message);
  return filled;
}
