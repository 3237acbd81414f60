/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-corinth-kit.c: a scenario of the Corinth kit (data/games/corinth/) with the stand-ins
 * of `gbacw stand-ins` (model/gbacw-stand-ins.h) for every value it does not enter, its map
 * unpainted (every hex the stand-in clear), so that the computer can play it to the end
 * (included by test-corinth-games.c and bench-corinth.c). The stand-ins are not the game's
 * values: the kit leaves unentered what the rulebook does not print. */

#include <glib.h>

#include "gbacw-command.h"
#include "gbacw-data.h"
#include "gbacw-scenario-io.h"
#include "gbacw-scenario.h"
#include "gbacw-stand-ins.h"

/* The kit's file (a name in data/games/corinth/) with its stand-ins, or NULL with the reason
 * printed. */
G_GNUC_UNUSED static GbacwScenario *
corinth_kit_with_stand_ins (const char *file)
{
  g_autofree char *name = g_build_filename ("games", "corinth", file, NULL);
  g_autofree char *path = gbacw_data_find (name);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwCommand) fill = NULL;
  GbacwScenario *s;
  guint n = 0;

  if (path == NULL)
    {
      g_printerr ("cannot find %s (set GBACW_DATADIR)\n", name);
      return NULL;
    }
  if ((s = gbacw_scenario_load_file (path, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return NULL;
    }
  fill = gbacw_stand_ins_fill (s, &n);
  gbacw_command_apply (fill, s, NULL);
  if (n == 0)
    {
      g_printerr ("%s: no stand-in filled: is everything entered now?\n", path);
      gbacw_scenario_free (s);
      return NULL;
    }
  return s;
}
