/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-panel.c: the options of the current tool, in the side panel.
 *
 * A stack of the tools' own options widgets (gbacw_map_tool_create_options ()), one page
 * per tool, under the current tool's title.
 */
#define G_LOG_DOMAIN "gbacw-tool-panel"

#include "config.h"

#include "gbacw-tool-panel.h"

struct _GbacwToolPanel
{
  GtkBox parent_instance;

  /* template */
  GtkLabel *title_label;
  GtkStack *stack;
};

G_DEFINE_FINAL_TYPE (GbacwToolPanel, gbacw_tool_panel, GTK_TYPE_BOX)

void
gbacw_tool_panel_add_options (GbacwToolPanel *self,
                              const char     *name,
                              GtkWidget      *options)
{
  g_return_if_fail (GBACW_IS_TOOL_PANEL (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (GTK_IS_WIDGET (options));

  gtk_stack_add_named (self->stack, options, name);
}

void
gbacw_tool_panel_show_tool (GbacwToolPanel *self,
                            const char     *name,
                            const char     *title)
{
  g_return_if_fail (GBACW_IS_TOOL_PANEL (self));
  g_return_if_fail (name != NULL);

  if (gtk_stack_get_child_by_name (self->stack, name) == NULL)
    name = "navigate";
  gtk_stack_set_visible_child_name (self->stack, name);
  gtk_label_set_text (self->title_label, title ? title : "");
}

const char *
gbacw_tool_panel_get_visible_tool (GbacwToolPanel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_PANEL (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

static void
gbacw_tool_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), GBACW_TYPE_TOOL_PANEL);

  G_OBJECT_CLASS (gbacw_tool_panel_parent_class)->dispose (object);
}

static void
gbacw_tool_panel_class_init (GbacwToolPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = gbacw_tool_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-tool-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, stack);
}

static void
gbacw_tool_panel_init (GbacwToolPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
gbacw_tool_panel_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_PANEL, NULL);
}
