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

/* A heading label ("heading"); markup: a label of Pango markup. */
GtkWidget *gbacw_panel_add_heading (GtkBox     *box,
                                    const char *text);
GtkWidget *gbacw_panel_add_markup  (GtkBox     *box,
                                    const char *markup);

/* A button for an action (target: floating, may be NULL), its label with a mnemonic,
 * appended to a GtkBox or GtkFlowBox. */
GtkWidget *gbacw_panel_add_action_button (GtkWidget  *container,
                                          const char *label,
                                          const char *action,
                                          GVariant   *target);

G_END_DECLS
