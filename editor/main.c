/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: gbacw-editor, the scenario editor. */
#define G_LOG_DOMAIN "gbacw-editor"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "gbacw-application.h"
#include "gbacw-data.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GbacwApplication) app = NULL;
  g_autofree char *localedir = NULL;

  setlocale (LC_ALL, "");
  localedir = gbacw_data_locale_dir ();
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = gbacw_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
