/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-file-chooser.h: what every file chooser of the editor sets up the same way. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A filter named name for the given MIME types and file name suffixes (NULL-terminated,
 * either may be NULL), then "All Files". */
void gbacw_file_chooser_add_filters (GtkFileChooser     *chooser,
                                     const char         *name,
                                     const char * const *mime_types,
                                     const char * const *suffixes);

/* Opens the chooser in the folder of path (the document's file); NULL: leaves it alone. */
void gbacw_file_chooser_set_folder_of (GtkFileChooser *chooser,
                                       const char     *path);

G_END_DECLS
