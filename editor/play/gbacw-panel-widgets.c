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

GtkWidget *
gbacw_panel_add_heading (GtkBox     *box,
                         const char *text)
{
  return gbacw_panel_add_label (box, text, "heading");
}

GtkWidget *
gbacw_panel_add_markup (GtkBox     *box,
                        const char *markup)
{
  GtkWidget *label = gbacw_panel_add_label (box, NULL, NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  return label;
}

GtkWidget *
gbacw_panel_add_action_button (GtkWidget  *container,
                               const char *label,
                               const char *action,
                               GVariant   *target)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  if (target != NULL)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (GTK_IS_FLOW_BOX (container))
    gtk_flow_box_append (GTK_FLOW_BOX (container), button);
  else
    gtk_box_append (GTK_BOX (container), button);
  return button;
}
