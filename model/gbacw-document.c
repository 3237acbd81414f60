/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-document.c: scenario + history + file path, the editor's unit of work. */
#define G_LOG_DOMAIN "gbacw-document"

#include "gbacw-document.h"

#include <glib/gi18n-lib.h>

#include "gbacw-scenario-io.h"

struct _GbacwDocument
{
  GObject parent_instance;

  GbacwScenario *scenario;
  GbacwHistory *history;
  char *path;
  char *title;
  char *template_path;
};

G_DEFINE_FINAL_TYPE (GbacwDocument, gbacw_document, G_TYPE_OBJECT)

G_DEFINE_QUARK (gbacw-document-error-quark, gbacw_document_error)

enum {
  PROP_0,
  PROP_PATH,
  PROP_TITLE,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_path (GbacwDocument *self, const char *path)
{
  if (self->title != NULL && g_strcmp0 (self->path, path) == 0)
    return;

  g_free (self->path);
  self->path = g_strdup (path);
  g_free (self->title);
  self->title = path ? g_path_get_basename (path) : g_strdup (_("Untitled"));

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
gbacw_document_finalize (GObject *object)
{
  GbacwDocument *self = GBACW_DOCUMENT (object);

  /* commands may hold items taken out of the scenario: drop them first */
  g_clear_object (&self->history);
  g_clear_pointer (&self->scenario, gbacw_scenario_free);
  g_free (self->path);
  g_free (self->title);
  g_free (self->template_path);
  G_OBJECT_CLASS (gbacw_document_parent_class)->finalize (object);
}

static void
gbacw_document_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  GbacwDocument *self = GBACW_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_TITLE:
      g_value_set_string (value, gbacw_document_get_title (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_document_class_init (GbacwDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_document_finalize;
  object_class->get_property = gbacw_document_get_property;

  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The GbacwChange is only valid during emission: copy it to keep it. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, GBACW_TYPE_CHANGE | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
gbacw_document_init (GbacwDocument *self)
{
  self->history = gbacw_history_new ();
}

GbacwDocument *
gbacw_document_new (GbacwScenario *scenario)
{
  GbacwDocument *self;

  g_return_val_if_fail (scenario != NULL, NULL);

  self = g_object_new (GBACW_TYPE_DOCUMENT, NULL);
  self->scenario = scenario;
  self->title = g_strdup (_("Untitled"));
  return self;
}

GbacwDocument *
gbacw_document_load (const char *path, GError **error)
{
  GbacwScenario *scenario;
  GbacwDocument *self;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scenario = gbacw_scenario_load_file (path, error);
  if (scenario == NULL)
    return NULL;
  self = gbacw_document_new (scenario);
  set_path (self, path);
  return self;
}

GbacwDocument *
gbacw_document_new_from_template (const char *path, GError **error)
{
  GbacwScenario *scenario;
  GbacwDocument *self;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scenario = gbacw_scenario_load_file (path, error);
  if (scenario == NULL)
    return NULL;
  self = gbacw_document_new (scenario);
  self->template_path = g_strdup (path);
  return self;
}

GbacwDocument *
gbacw_document_new_recovered (GbacwScenario *scenario, const char *path)
{
  GbacwDocument *self;

  g_return_val_if_fail (scenario != NULL, NULL);

  self = gbacw_document_new (scenario);
  if (path != NULL)
    set_path (self, path);
  gbacw_history_set_unsaved (self->history);
  return self;
}

gboolean
gbacw_document_save (GbacwDocument *self, const char *path, GError **error)
{
  g_autofree char *target = NULL;
  g_autofree char *rebased = NULL;
  g_autofree char *old_file = NULL;
  GbacwBackground *bg;

  g_return_val_if_fail (GBACW_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* copied: path may be self->path, which set_path () frees */
  target = g_strdup (path ? path : self->path);
  if (target == NULL)
    {
      g_set_error_literal (error, GBACW_DOCUMENT_ERROR, GBACW_DOCUMENT_ERROR_NO_PATH,
                           _("The document has no file name yet"));
      return FALSE;
    }
  /* The scan as the file at target names it: relative to its folder when it is in it or
   * below, else absolute (a Save As elsewhere keeps the same image). */
  bg = &self->scenario->map->background;
  if (bg->file != NULL && bg->file[0] != '\0')
    {
      rebased = gbacw_background_file_for (self->path ? self->path : self->template_path, bg->file, target);
      if (g_strcmp0 (rebased, bg->file) != 0)
        {
          old_file = bg->file;
          bg->file = g_steal_pointer (&rebased);
        }
    }
  if (!gbacw_scenario_save_file (self->scenario, target, error))
    {
      if (old_file != NULL)
        {
          g_free (bg->file);
          bg->file = g_steal_pointer (&old_file);
        }
      return FALSE;
    }
  gbacw_history_set_clean (self->history);
  set_path (self, target);
  if (old_file != NULL)
    {
      g_autoptr (GbacwChange) change = gbacw_change_new ();

      change->flags |= GBACW_CHANGE_BACKGROUND;
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0, change);
    }
  return TRUE;
}

GbacwScenario *
gbacw_document_get_scenario (GbacwDocument *self)
{
  g_return_val_if_fail (GBACW_IS_DOCUMENT (self), NULL);
  return self->scenario;
}

GbacwHistory *
gbacw_document_get_history (GbacwDocument *self)
{
  g_return_val_if_fail (GBACW_IS_DOCUMENT (self), NULL);
  return self->history;
}

const char *
gbacw_document_get_path (GbacwDocument *self)
{
  g_return_val_if_fail (GBACW_IS_DOCUMENT (self), NULL);
  return self->path;
}

const char *
gbacw_document_get_title (GbacwDocument *self)
{
  g_return_val_if_fail (GBACW_IS_DOCUMENT (self), NULL);
  return self->title;
}

const char *
gbacw_document_get_template (GbacwDocument *self)
{
  g_return_val_if_fail (GBACW_IS_DOCUMENT (self), NULL);
  return self->template_path;
}

void
gbacw_document_execute (GbacwDocument *self, GbacwCommand *command)
{
  g_autoptr (GbacwCommand) owned = command;
  g_autoptr (GbacwChange) change = NULL;

  g_return_if_fail (GBACW_IS_DOCUMENT (self));
  g_return_if_fail (GBACW_IS_COMMAND (command));

  change = gbacw_change_new ();
  gbacw_command_apply (command, self->scenario, change);
  if (gbacw_change_is_empty (change))
    return;
  gbacw_history_push (self->history, command);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, change);
}

gboolean
gbacw_document_undo (GbacwDocument *self)
{
  g_autoptr (GbacwChange) change = NULL;

  g_return_val_if_fail (GBACW_IS_DOCUMENT (self), FALSE);

  change = gbacw_change_new ();
  if (!gbacw_history_undo (self->history, self->scenario, change))
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, change);
  return TRUE;
}

gboolean
gbacw_document_redo (GbacwDocument *self)
{
  g_autoptr (GbacwChange) change = NULL;

  g_return_val_if_fail (GBACW_IS_DOCUMENT (self), FALSE);

  change = gbacw_change_new ();
  if (!gbacw_history_redo (self->history, self->scenario, change))
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0, change);
  return TRUE;
}
