/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-file-chooser.c: shared file chooser set-up. */
#define G_LOG_DOMAIN "gbacw-file-chooser"

#include "config.h"

#include "gbacw-file-chooser.h"

#include <glib/gi18n.h>

void
gbacw_file_chooser_add_filters (GtkFileChooser     *chooser,
                                const char         *name,
                                const char * const *mime_types,
                                const char * const *suffixes)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; mime_types != NULL && mime_types[i] != NULL; i++)
    gtk_file_filter_add_mime_type (filter, mime_types[i]);
  for (guint i = 0; suffixes != NULL && suffixes[i] != NULL; i++)
    gtk_file_filter_add_suffix (filter, suffixes[i]);
  gtk_file_chooser_add_filter (chooser, filter);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}

void
gbacw_file_chooser_set_folder_of (GtkFileChooser *chooser,
                                  const char     *path)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) folder = NULL;

  g_return_if_fail (GTK_IS_FILE_CHOOSER (chooser));

  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  folder = g_file_get_parent (file);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (chooser, folder, NULL);
}
