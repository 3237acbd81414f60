/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-findings-button.c: the header bar's count of errors and warnings. */
#define G_LOG_DOMAIN "gbacw-findings-button"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-findings-button.h"

struct _GbacwFindingsButton
{
  GtkToggleButton parent_instance;

  GtkWidget *ok_image;
  GtkWidget *error_image;
  GtkWidget *error_label;
  GtkWidget *warning_image;
  GtkWidget *warning_label;
  char *text;

  GbacwFindingsPanel *panel;
  GBinding *visible_binding;
};

G_DEFINE_FINAL_TYPE (GbacwFindingsButton, gbacw_findings_button, GTK_TYPE_TOGGLE_BUTTON)

enum {
  PROP_0,
  PROP_PANEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update (GbacwFindingsButton *self)
{
  guint errors = 0, warnings = 0;
  g_autofree char *summary = NULL;
  g_autofree char *tooltip = NULL;
  char text[16];

  if (self->panel != NULL)
    {
      errors = gbacw_findings_panel_get_count (self->panel, GBACW_SEVERITY_ERROR);
      warnings = gbacw_findings_panel_get_count (self->panel, GBACW_SEVERITY_WARNING);
      g_object_get (self->panel, "summary", &summary, NULL);
    }

  gtk_widget_set_visible (self->ok_image, errors == 0 && warnings == 0);
  gtk_widget_set_visible (self->error_image, errors > 0);
  gtk_widget_set_visible (self->error_label, errors > 0);
  gtk_widget_set_visible (self->warning_image, warnings > 0);
  gtk_widget_set_visible (self->warning_label, warnings > 0);
  g_snprintf (text, sizeof text, "%u", errors);
  gtk_label_set_text (GTK_LABEL (self->error_label), text);
  g_snprintf (text, sizeof text, "%u", warnings);
  gtk_label_set_text (GTK_LABEL (self->warning_label), text);

  g_free (self->text);
  if (errors > 0 && warnings > 0)
    self->text = g_strdup_printf ("%u · %u", errors, warnings);
  else if (errors > 0 || warnings > 0)
    self->text = g_strdup_printf ("%u", errors + warnings);
  else
    self->text = g_strdup ("");

  /* TRANSLATORS: tooltip of the header bar's findings button: the summary, e.g. "2 errors, 1 warning" */
  tooltip = g_strdup_printf (_("%s — Show or Hide the Findings"), summary ? summary : _("No problems found"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
}

static void
on_panel_notify (GbacwFindingsButton *self,
                 GParamSpec          *pspec,
                 GbacwFindingsPanel  *panel)
{
  update (self);
}

GbacwFindingsPanel *
gbacw_findings_button_get_panel (GbacwFindingsButton *self)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_BUTTON (self), NULL);
  return self->panel;
}

void
gbacw_findings_button_set_panel (GbacwFindingsButton *self,
                                 GbacwFindingsPanel  *panel)
{
  g_return_if_fail (GBACW_IS_FINDINGS_BUTTON (self));
  g_return_if_fail (panel == NULL || GBACW_IS_FINDINGS_PANEL (panel));

  if (self->panel == panel)
    return;
  if (self->panel != NULL)
    g_signal_handlers_disconnect_by_func (self->panel, on_panel_notify, self);
  g_clear_pointer (&self->visible_binding, g_binding_unbind);
  g_set_object (&self->panel, panel);
  if (panel != NULL)
    {
      g_signal_connect_object (panel, "notify::summary", G_CALLBACK (on_panel_notify), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (panel, "notify::n-errors", G_CALLBACK (on_panel_notify), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (panel, "notify::n-warnings", G_CALLBACK (on_panel_notify), self, G_CONNECT_SWAPPED);
      self->visible_binding = g_object_bind_property (panel, "visible", self, "active",
                                                      G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
    }
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PANEL]);
}

const char *
gbacw_findings_button_get_text (GbacwFindingsButton *self)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_BUTTON (self), NULL);
  return self->text;
}

static void
gbacw_findings_button_dispose (GObject *object)
{
  GbacwFindingsButton *self = GBACW_FINDINGS_BUTTON (object);

  if (self->panel != NULL)
    g_signal_handlers_disconnect_by_func (self->panel, on_panel_notify, self);
  g_clear_pointer (&self->visible_binding, g_binding_unbind);
  g_clear_object (&self->panel);

  G_OBJECT_CLASS (gbacw_findings_button_parent_class)->dispose (object);
}

static void
gbacw_findings_button_finalize (GObject *object)
{
  GbacwFindingsButton *self = GBACW_FINDINGS_BUTTON (object);

  g_free (self->text);

  G_OBJECT_CLASS (gbacw_findings_button_parent_class)->finalize (object);
}

static void
gbacw_findings_button_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GbacwFindingsButton *self = GBACW_FINDINGS_BUTTON (object);

  switch (prop_id)
    {
    case PROP_PANEL:
      g_value_set_object (value, self->panel);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_findings_button_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GbacwFindingsButton *self = GBACW_FINDINGS_BUTTON (object);

  switch (prop_id)
    {
    case PROP_PANEL:
      gbacw_findings_button_set_panel (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_findings_button_class_init (GbacwFindingsButtonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_findings_button_dispose;
  object_class->finalize = gbacw_findings_button_finalize;
  object_class->get_property = gbacw_findings_button_get_property;
  object_class->set_property = gbacw_findings_button_set_property;

  properties[PROP_PANEL] =
    g_param_spec_object ("panel", NULL, NULL, GBACW_TYPE_FINDINGS_PANEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_findings_button_init (GbacwFindingsButton *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);

  self->ok_image = gtk_image_new_from_icon_name ("emblem-ok-symbolic");
  self->error_image = gtk_image_new_from_icon_name ("dialog-error-symbolic");
  gtk_widget_add_css_class (self->error_image, "severity-error");
  self->error_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->error_label, "numeric");
  self->warning_image = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  gtk_widget_add_css_class (self->warning_image, "severity-warning");
  gtk_widget_set_margin_start (self->warning_image, 4);
  self->warning_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->warning_label, "numeric");

  gtk_box_append (GTK_BOX (box), self->ok_image);
  gtk_box_append (GTK_BOX (box), self->error_image);
  gtk_box_append (GTK_BOX (box), self->error_label);
  gtk_box_append (GTK_BOX (box), self->warning_image);
  gtk_box_append (GTK_BOX (box), self->warning_label);
  gtk_button_set_child (GTK_BUTTON (self), box);
  gtk_widget_add_css_class (GTK_WIDGET (self), "findings-button");

  update (self);
}

GtkWidget *
gbacw_findings_button_new (void)
{
  return g_object_new (GBACW_TYPE_FINDINGS_BUTTON, NULL);
}
