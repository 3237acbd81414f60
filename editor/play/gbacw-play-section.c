/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-section.c: the base of the play view's panels (see gbacw-play-section.h). */
#define G_LOG_DOMAIN "gbacw-play-section"

#include "config.h"

#include "gbacw-play-section-private.h"

typedef struct
{
  GbacwPlaySession *session;
  gboolean dirty;       /* to update when mapped */
} GbacwPlaySectionPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GbacwPlaySection, gbacw_play_section, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_now (GbacwPlaySection *self)
{
  GbacwPlaySectionPrivate *priv = gbacw_play_section_get_instance_private (self);

  priv->dirty = FALSE;
  if (GBACW_PLAY_SECTION_GET_CLASS (self)->update != NULL)
    GBACW_PLAY_SECTION_GET_CLASS (self)->update (self);
}

void
gbacw_play_section_update (GbacwPlaySection *self)
{
  GbacwPlaySectionPrivate *priv = gbacw_play_section_get_instance_private (self);

  g_return_if_fail (GBACW_IS_PLAY_SECTION (self));

  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    update_now (self);
  else
    priv->dirty = TRUE;
}

GbacwPlaySession *
gbacw_play_section_get_session (GbacwPlaySection *self)
{
  GbacwPlaySectionPrivate *priv = gbacw_play_section_get_instance_private (self);

  g_return_val_if_fail (GBACW_IS_PLAY_SECTION (self), NULL);
  return priv->session;
}

GbacwGame *
gbacw_play_section_get_game (GbacwPlaySection *self)
{
  GbacwPlaySectionPrivate *priv = gbacw_play_section_get_instance_private (self);

  g_return_val_if_fail (GBACW_IS_PLAY_SECTION (self), NULL);
  return priv->session ? gbacw_play_session_get_game (priv->session) : NULL;
}

void
gbacw_play_section_set_session (GbacwPlaySection *self,
                                GbacwPlaySession *session)
{
  GbacwPlaySectionPrivate *priv = gbacw_play_section_get_instance_private (self);

  g_return_if_fail (GBACW_IS_PLAY_SECTION (self));
  g_return_if_fail (session == NULL || GBACW_IS_PLAY_SESSION (session));

  if (!g_set_object (&priv->session, session))
    return;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  gbacw_play_section_update (self);
}

static void
append_widget_text (GString   *s,
                    GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_visible (child))
        continue;
      if (GTK_IS_LABEL (child))
        {
          g_string_append (s, gtk_label_get_text (GTK_LABEL (child)));
          g_string_append_c (s, '\n');
        }
      else if (GTK_IS_BUTTON (child) && gtk_button_get_label (GTK_BUTTON (child)) != NULL)
        {
          g_string_append_printf (s, "[%s]\n", gtk_button_get_label (GTK_BUTTON (child)));
        }
      else
        append_widget_text (s, child);
    }
}

void
gbacw_play_section_ensure_updated (GbacwPlaySection *self)
{
  GbacwPlaySectionPrivate *priv = gbacw_play_section_get_instance_private (self);

  g_return_if_fail (GBACW_IS_PLAY_SECTION (self));

  if (priv->dirty)
    update_now (self);
}

char *
gbacw_play_section_get_text (GbacwPlaySection *self)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (GBACW_IS_PLAY_SECTION (self), NULL);

  gbacw_play_section_ensure_updated (self);
  append_widget_text (s, GTK_WIDGET (self));
  return g_string_free (s, FALSE);
}

static void
gbacw_play_section_map (GtkWidget *widget)
{
  GbacwPlaySection *self = GBACW_PLAY_SECTION (widget);
  GbacwPlaySectionPrivate *priv = gbacw_play_section_get_instance_private (self);

  /* built before its children are mapped */
  if (priv->dirty)
    update_now (self);
  GTK_WIDGET_CLASS (gbacw_play_section_parent_class)->map (widget);
}

static void
gbacw_play_section_dispose (GObject *object)
{
  GbacwPlaySection *self = GBACW_PLAY_SECTION (object);
  GbacwPlaySectionPrivate *priv = gbacw_play_section_get_instance_private (self);
  GtkWidget *child;

  g_clear_object (&priv->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), G_OBJECT_TYPE (self));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (gbacw_play_section_parent_class)->dispose (object);
}

static void
gbacw_play_section_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  GbacwPlaySection *self = GBACW_PLAY_SECTION (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, gbacw_play_section_get_session (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_play_section_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  GbacwPlaySection *self = GBACW_PLAY_SECTION (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      gbacw_play_section_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_play_section_class_init (GbacwPlaySectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_play_section_dispose;
  object_class->get_property = gbacw_play_section_get_property;
  object_class->set_property = gbacw_play_section_set_property;
  widget_class->map = gbacw_play_section_map;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, GBACW_TYPE_PLAY_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
gbacw_play_section_init (GbacwPlaySection *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
}
