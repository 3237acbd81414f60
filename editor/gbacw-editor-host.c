/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-editor-host.c: what an editor window offers the controllers and dialogs it owns. */
#define G_LOG_DOMAIN "gbacw-editor-host"

#include "config.h"

#include "gbacw-editor-host.h"

G_DEFINE_INTERFACE (GbacwEditorHost, gbacw_editor_host, GTK_TYPE_WINDOW)

static void
gbacw_editor_host_default_init (GbacwEditorHostInterface *iface)
{
  g_object_interface_install_property (iface,
                                       g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                                                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                                                            | G_PARAM_STATIC_STRINGS));
}

GbacwDocument *
gbacw_editor_host_get_document (GbacwEditorHost *self)
{
  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (self), NULL);
  return GBACW_EDITOR_HOST_GET_IFACE (self)->get_document (self);
}

GbacwMapCanvas *
gbacw_editor_host_get_canvas (GbacwEditorHost *self)
{
  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (self), NULL);
  return GBACW_EDITOR_HOST_GET_IFACE (self)->get_canvas (self);
}

GbacwFindingsPanel *
gbacw_editor_host_get_findings_panel (GbacwEditorHost *self)
{
  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (self), NULL);
  return GBACW_EDITOR_HOST_GET_IFACE (self)->get_findings_panel (self);
}

void
gbacw_editor_host_show_error (GbacwEditorHost *self,
                              const char      *message)
{
  g_return_if_fail (GBACW_IS_EDITOR_HOST (self));
  GBACW_EDITOR_HOST_GET_IFACE (self)->show_error (self, message);
}

void
gbacw_editor_host_show_status (GbacwEditorHost *self,
                               const char      *text)
{
  g_return_if_fail (GBACW_IS_EDITOR_HOST (self));
  GBACW_EDITOR_HOST_GET_IFACE (self)->show_status (self, text);
}

/* Ctrl+Z in a field of a form: the document's undo, not the field's own (which would
 * take back the value the form put there, emptying the field, and store that). */
static gboolean
history_shortcut (GtkWidget *widget,
                  GVariant  *args,
                  gpointer   user_data)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));
  GtkWidget *target = widget;

  /* what is typed into a search field is the field's own */
  if (focus != NULL && gtk_widget_get_ancestor (focus, GTK_TYPE_SEARCH_ENTRY) != NULL)
    return FALSE;
  if (!GBACW_IS_EDITOR_HOST (target))
    target = GTK_WIDGET (gtk_window_get_transient_for (GTK_WINDOW (widget)));
  if (target == NULL || !GBACW_IS_EDITOR_HOST (target))
    return FALSE;
  return gtk_widget_activate_action (target, user_data, NULL);
}

void
gbacw_editor_host_add_history_shortcuts (GtkWindow *window)
{
  static const struct { const char *trigger, *action; } shortcuts[] = {
    { "<Control>z", "win.undo" },
    { "<Control><Shift>z", "win.redo" },
    { "<Control>y", "win.redo" },
  };
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_WINDOW (window));

  controller = gtk_shortcut_controller_new ();
  /* before the focused field sees the key */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (shortcuts); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (shortcuts[i].trigger),
                                                            gtk_callback_action_new (history_shortcut,
                                                                                     (gpointer) shortcuts[i].action,
                                                                                     NULL)));
  gtk_widget_add_controller (GTK_WIDGET (window), controller);
}
