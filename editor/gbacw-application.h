/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-application.h: the gbacw-editor application (org.gbacw.Editor). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define GBACW_TYPE_APPLICATION (gbacw_application_get_type ())
G_DECLARE_FINAL_TYPE (GbacwApplication, gbacw_application, GBACW, APPLICATION, GtkApplication)

GbacwApplication *gbacw_application_new (void);

/* The demo scenario shipped with the program, in the data directory (gbacw-data.h);
 * NULL if it is not there. */
char             *gbacw_application_find_demo (void);

G_END_DECLS
