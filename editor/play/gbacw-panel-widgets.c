/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-panel-widgets.c: the small widgets the play panels share. */
#define G_LOG_DOMAIN "gbacw-panel-widgets"

#include "config.h"

#include "gbacw-panel-widgets.h"

void
gbacw_panel_clear (GtkWidget *container)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_BOX (container) || GTK_IS_FLOW_BOX (container));

  while ((child = gtk_widget_get_first_child (container)) != NULL)
    {
      if (GTK_IS_FLOW_BOX (container))
        gtk_flow_box_remove (GTK_FLOW_BOX (container), child);
      else
        gtk_box_remove (GTK_BOX (container), child);
    }
}

GtkWidget *
gbacw_panel_add_label (GtkBox     *box,
                       const char *text,
                       const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  g_return_val_if_fail (GTK_IS_BOX (box), NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* the side panel keeps its width: the text wraps */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
  return label;
}
