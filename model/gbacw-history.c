/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-history.c: undo stack with merging and a clean point. */
#define G_LOG_DOMAIN "gbacw-history"

#include "gbacw-history.h"

struct _GbacwHistory
{
  GObject parent_instance;

  GPtrArray *commands;  /* GbacwCommand*, owned */
  guint index;          /* commands[0 .. index) are applied */
  int clean;            /* index of the saved state, -1 if it can no longer be reached */

  /* the values last notified, so that notify is emitted only on a real change */
  gboolean can_undo;
  gboolean can_redo;
  gboolean modified;
  char *undo_label;
  char *redo_label;
};

G_DEFINE_FINAL_TYPE (GbacwHistory, gbacw_history, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MODIFIED,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
label_at (GbacwHistory *self, guint i)
{
  return i < self->commands->len ? gbacw_command_get_label (g_ptr_array_index (self->commands, i)) : NULL;
}

static void
update_bool (GbacwHistory *self, gboolean *field, gboolean value, guint prop)
{
  if (*field != value)
    {
      *field = value;
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
    }
}

static void
update_string (GbacwHistory *self, char **field, const char *value, guint prop)
{
  if (g_strcmp0 (*field, value) != 0)
    {
      g_free (*field);
      *field = g_strdup (value);
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
    }
}

static void
update_state (GbacwHistory *self)
{
  g_object_freeze_notify (G_OBJECT (self));
  update_bool (self, &self->can_undo, self->index > 0, PROP_CAN_UNDO);
  update_bool (self, &self->can_redo, self->index < self->commands->len, PROP_CAN_REDO);
  update_bool (self, &self->modified, self->clean < 0 || (guint) self->clean != self->index, PROP_MODIFIED);
  update_string (self, &self->undo_label, self->index > 0 ? label_at (self, self->index - 1) : NULL,
                 PROP_UNDO_LABEL);
  update_string (self, &self->redo_label, label_at (self, self->index), PROP_REDO_LABEL);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
gbacw_history_finalize (GObject *object)
{
  GbacwHistory *self = GBACW_HISTORY (object);

  g_ptr_array_unref (self->commands);
  g_free (self->undo_label);
  g_free (self->redo_label);
  G_OBJECT_CLASS (gbacw_history_parent_class)->finalize (object);
}

static void
gbacw_history_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  GbacwHistory *self = GBACW_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, self->undo_label);
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, self->redo_label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_history_class_init (GbacwHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_history_finalize;
  object_class->get_property = gbacw_history_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNDO_LABEL] =
    g_param_spec_string ("undo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REDO_LABEL] =
    g_param_spec_string ("redo-label", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_history_init (GbacwHistory *self)
{
  self->commands = g_ptr_array_new_with_free_func (g_object_unref);
}

GbacwHistory *
gbacw_history_new (void)
{
  return g_object_new (GBACW_TYPE_HISTORY, NULL);
}

gboolean
gbacw_history_push (GbacwHistory *self, GbacwCommand *command)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (GBACW_IS_COMMAND (command), FALSE);

  if (self->index < self->commands->len)
    {
      g_ptr_array_set_size (self->commands, self->index);
      if (self->clean > (int) self->index)
        self->clean = -1;
    }

  if (self->index > 0 && self->clean != (int) self->index
      && gbacw_command_merge (g_ptr_array_index (self->commands, self->index - 1), command))
    {
      update_state (self);
      return TRUE;
    }

  g_ptr_array_add (self->commands, g_object_ref (command));
  self->index++;
  update_state (self);
  return FALSE;
}

gboolean
gbacw_history_undo (GbacwHistory *self, GbacwScenario *scenario, GbacwChange *change)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);

  if (self->index == 0)
    return FALSE;
  self->index--;
  gbacw_command_revert (g_ptr_array_index (self->commands, self->index), scenario, change);
  update_state (self);
  return TRUE;
}

gboolean
gbacw_history_redo (GbacwHistory *self, GbacwScenario *scenario, GbacwChange *change)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), FALSE);
  g_return_val_if_fail (scenario != NULL, FALSE);

  if (self->index >= self->commands->len)
    return FALSE;
  gbacw_command_apply (g_ptr_array_index (self->commands, self->index), scenario, change);
  self->index++;
  update_state (self);
  return TRUE;
}

void
gbacw_history_set_clean (GbacwHistory *self)
{
  g_return_if_fail (GBACW_IS_HISTORY (self));

  self->clean = (int) self->index;
  update_state (self);
}

void
gbacw_history_set_unsaved (GbacwHistory *self)
{
  g_return_if_fail (GBACW_IS_HISTORY (self));

  self->clean = -1;
  update_state (self);
}

void
gbacw_history_clear (GbacwHistory *self)
{
  g_return_if_fail (GBACW_IS_HISTORY (self));

  self->clean = gbacw_history_is_modified (self) ? -1 : 0;
  g_ptr_array_set_size (self->commands, 0);
  self->index = 0;
  update_state (self);
}

gboolean
gbacw_history_can_undo (GbacwHistory *self)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), FALSE);
  return self->index > 0;
}

gboolean
gbacw_history_can_redo (GbacwHistory *self)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), FALSE);
  return self->index < self->commands->len;
}

gboolean
gbacw_history_is_modified (GbacwHistory *self)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), FALSE);
  return self->clean < 0 || (guint) self->clean != self->index;
}

const char *
gbacw_history_get_undo_label (GbacwHistory *self)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), NULL);
  return self->index > 0 ? label_at (self, self->index - 1) : NULL;
}

const char *
gbacw_history_get_redo_label (GbacwHistory *self)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), NULL);
  return label_at (self, self->index);
}

guint
gbacw_history_get_index (GbacwHistory *self)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), 0);
  return self->index;
}

guint
gbacw_history_get_n_commands (GbacwHistory *self)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), 0);
  return self->commands->len;
}

GbacwCommand *
gbacw_history_get_command (GbacwHistory *self, guint index)
{
  g_return_val_if_fail (GBACW_IS_HISTORY (self), NULL);
  g_return_val_if_fail (index < self->commands->len, NULL);
  return g_ptr_array_index (self->commands, index);
}
