/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-command.c: base class of the undoable commands. */
#define G_LOG_DOMAIN "gbacw-command"

#include "gbacw-command.h"

typedef struct
{
  char *label;
} GbacwCommandPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (GbacwCommand, gbacw_command, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gbacw_command_finalize (GObject *object)
{
  GbacwCommandPrivate *priv = gbacw_command_get_instance_private (GBACW_COMMAND (object));

  g_free (priv->label);
  G_OBJECT_CLASS (gbacw_command_parent_class)->finalize (object);
}

static void
gbacw_command_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  GbacwCommand *self = GBACW_COMMAND (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, gbacw_command_get_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_command_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  GbacwCommand *self = GBACW_COMMAND (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      gbacw_command_set_label (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_command_real_noop (GbacwCommand *self, GbacwScenario *scenario, GbacwChange *change)
{
}

static gboolean
gbacw_command_real_merge (GbacwCommand *self, GbacwCommand *next)
{
  return FALSE;
}

static void
gbacw_command_class_init (GbacwCommandClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_command_finalize;
  object_class->get_property = gbacw_command_get_property;
  object_class->set_property = gbacw_command_set_property;

  klass->apply = gbacw_command_real_noop;
  klass->revert = gbacw_command_real_noop;
  klass->merge = gbacw_command_real_merge;

  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_command_init (GbacwCommand *self)
{
}

void
gbacw_command_apply (GbacwCommand *self, GbacwScenario *scenario, GbacwChange *change)
{
  g_autoptr (GbacwChange) scratch = NULL;

  g_return_if_fail (GBACW_IS_COMMAND (self));
  g_return_if_fail (scenario != NULL);

  if (change == NULL)
    change = scratch = gbacw_change_new ();
  GBACW_COMMAND_GET_CLASS (self)->apply (self, scenario, change);
}

void
gbacw_command_revert (GbacwCommand *self, GbacwScenario *scenario, GbacwChange *change)
{
  g_autoptr (GbacwChange) scratch = NULL;

  g_return_if_fail (GBACW_IS_COMMAND (self));
  g_return_if_fail (scenario != NULL);

  if (change == NULL)
    change = scratch = gbacw_change_new ();
  GBACW_COMMAND_GET_CLASS (self)->revert (self, scenario, change);
}

gboolean
gbacw_command_merge (GbacwCommand *self, GbacwCommand *next)
{
  g_return_val_if_fail (GBACW_IS_COMMAND (self), FALSE);
  g_return_val_if_fail (GBACW_IS_COMMAND (next), FALSE);

  if (self == next)
    return FALSE;
  return GBACW_COMMAND_GET_CLASS (self)->merge (self, next);
}

const char *
gbacw_command_get_label (GbacwCommand *self)
{
  GbacwCommandPrivate *priv;

  g_return_val_if_fail (GBACW_IS_COMMAND (self), NULL);
  priv = gbacw_command_get_instance_private (self);
  return priv->label;
}

void
gbacw_command_set_label (GbacwCommand *self, const char *label)
{
  GbacwCommandPrivate *priv;

  g_return_if_fail (GBACW_IS_COMMAND (self));
  priv = gbacw_command_get_instance_private (self);
  if (g_strcmp0 (priv->label, label) == 0)
    return;
  g_free (priv->label);
  priv->label = g_strdup (label);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

/* ---------------------------------------------------------------- group */

struct _GbacwCommandGroup
{
  GbacwCommand parent_instance;

  GPtrArray *commands;  /* GbacwCommand*, owned */
};

G_DEFINE_FINAL_TYPE (GbacwCommandGroup, gbacw_command_group, GBACW_TYPE_COMMAND)

static void
gbacw_command_group_finalize (GObject *object)
{
  GbacwCommandGroup *self = GBACW_COMMAND_GROUP (object);

  g_ptr_array_unref (self->commands);
  G_OBJECT_CLASS (gbacw_command_group_parent_class)->finalize (object);
}

static void
gbacw_command_group_apply (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwCommandGroup *self = GBACW_COMMAND_GROUP (command);

  for (guint i = 0; i < self->commands->len; i++)
    gbacw_command_apply (g_ptr_array_index (self->commands, i), scenario, change);
}

static void
gbacw_command_group_revert (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwCommandGroup *self = GBACW_COMMAND_GROUP (command);

  for (guint i = self->commands->len; i-- > 0;)
    gbacw_command_revert (g_ptr_array_index (self->commands, i), scenario, change);
}

static void
gbacw_command_group_class_init (GbacwCommandGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GbacwCommandClass *command_class = GBACW_COMMAND_CLASS (klass);

  object_class->finalize = gbacw_command_group_finalize;
  command_class->apply = gbacw_command_group_apply;
  command_class->revert = gbacw_command_group_revert;
}

static void
gbacw_command_group_init (GbacwCommandGroup *self)
{
  self->commands = g_ptr_array_new_with_free_func (g_object_unref);
}

GbacwCommandGroup *
gbacw_command_group_new (const char *label)
{
  return g_object_new (GBACW_TYPE_COMMAND_GROUP, "label", label, NULL);
}

void
gbacw_command_group_add (GbacwCommandGroup *self, GbacwCommand *command)
{
  g_return_if_fail (GBACW_IS_COMMAND_GROUP (self));
  g_return_if_fail (GBACW_IS_COMMAND (command));
  g_return_if_fail ((gpointer) command != (gpointer) self);

  g_ptr_array_add (self->commands, command);
}

guint
gbacw_command_group_get_n_commands (GbacwCommandGroup *self)
{
  g_return_val_if_fail (GBACW_IS_COMMAND_GROUP (self), 0);
  return self->commands->len;
}

GbacwCommand *
gbacw_command_group_get_command (GbacwCommandGroup *self, guint index)
{
  g_return_val_if_fail (GBACW_IS_COMMAND_GROUP (self), NULL);
  g_return_val_if_fail (index < self->commands->len, NULL);
  return g_ptr_array_index (self->commands, index);
}
