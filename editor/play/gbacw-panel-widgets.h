/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-panel-widgets.h: the small widgets the play panels build their contents from. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Removes every child of a GtkBox or GtkFlowBox. */
void       gbacw_panel_clear     (GtkWidget  *container);

/* A left-aligned label that wraps within the side panel's width, appended to box;
 * css_class may be NULL. */
GtkWidget *gbacw_panel_add_label (GtkBox     *box,
                                  const char *text,
                                  const char *css_class);

G_END_DECLS
