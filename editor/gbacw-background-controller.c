/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-background-controller.c: the scanned map under a window's canvas. */
#define G_LOG_DOMAIN "gbacw-background-controller"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-background-controller.h"
#include "gbacw-map-renderer.h"
#include "gbacw-settings-edit.h"

struct _GbacwBackgroundController
{
  GObject parent_instance;

  GbacwEditorHost *window;          /* not owned: the window owns the controller */
  GbacwDocument *document;
  const GbacwScenario *registered;  /* the scenario the renderer draws our image for */
  GbacwBackgroundImage *image;
  char *loaded_path;
  char *error;
};

G_DEFINE_FINAL_TYPE (GbacwBackgroundController, gbacw_background_controller, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_IMAGE,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
unregister (GbacwBackgroundController *self)
{
  if (self->registered != NULL)
    gbacw_map_renderer_set_background_image (self->registered, NULL, NULL);
  self->registered = NULL;
}

static void
set_error (GbacwBackgroundController *self,
           const char                *error)
{
  if (g_strcmp0 (self->error, error) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (error);
  if (error != NULL && self->window != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The background image is not shown: %s"), error);
      gbacw_editor_host_show_error (self->window, message);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
set_image (GbacwBackgroundController *self,
           GbacwBackgroundImage      *image,
           const char                *path)
{
  if (self->image == image)
    return;
  g_set_object (&self->image, image);
  g_free (self->loaded_path);
  self->loaded_path = g_strdup (path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IMAGE]);
}

/* Brings the image in line with the document's background file. */
static void
sync_background (GbacwBackgroundController *self)
{
  const GbacwScenario *scenario = self->document ? gbacw_document_get_scenario (self->document) : NULL;
  const char *file = scenario ? scenario->map->background.file : NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwBackgroundImage) image = NULL;
  GbacwMapCanvas *canvas = self->window ? gbacw_editor_host_get_canvas (self->window) : NULL;

  if (file == NULL || file[0] == '\0')
    {
      unregister (self);
      set_image (self, NULL, NULL);
      set_error (self, NULL);
      return;
    }

  path = gbacw_background_image_resolve_path (gbacw_document_get_path (self->document), file);
  if (self->image != NULL && g_strcmp0 (path, self->loaded_path) == 0)
    {
      /* Same image; the file as written in the scenario may have changed (saved elsewhere). */
      gbacw_map_renderer_set_background_image (scenario, file, self->image);
      self->registered = scenario;
      return;
    }

  image = gbacw_background_image_new_from_file (path, &error);
  unregister (self);
  if (image == NULL)
    {
      set_image (self, NULL, NULL);
      set_error (self, error->message);
    }
  else
    {
      gbacw_map_renderer_set_background_image (scenario, file, image);
      self->registered = scenario;
      set_image (self, image, path);
      set_error (self, NULL);
    }
  if (canvas != NULL)
    gbacw_map_canvas_invalidate (canvas);
}

static void
on_document_changed (GbacwBackgroundController *self,
                     const GbacwChange         *change,
                     GbacwDocument             *document)
{
  if (change == NULL || (change->flags & GBACW_CHANGE_BACKGROUND) != 0)
    sync_background (self);
}

static void
set_document (GbacwBackgroundController *self,
              GbacwDocument             *document)
{
  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  unregister (self);
  set_image (self, NULL, NULL);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  sync_background (self);
}

static void
on_window_document (GbacwBackgroundController *self,
                    GParamSpec                *pspec,
                    GbacwEditorHost           *window)
{
  set_document (self, gbacw_editor_host_get_document (window));
}

/* ---------------------------------------------------------------- editing */

static void
execute_background (GbacwBackgroundController *self,
                    const GbacwBackground     *background,
                    const char                *label,
                    guint                      merge_key)
{
  GbacwSettingsEdit *edit = gbacw_settings_edit_new (label, merge_key);

  gbacw_settings_edit_set_background (edit, background);
  gbacw_document_execute (self->document, GBACW_COMMAND (edit));
}

/* The file as the scenario stores it: relative to the scenario's folder when it is in
 * it or below, else absolute. */
static char *
stored_name (GbacwDocument *document,
             const char    *path)
{
  return gbacw_background_file_for (NULL, path, gbacw_document_get_path (document));
}

gboolean
gbacw_background_controller_set_file (GbacwBackgroundController  *self,
                                      const char                 *path,
                                      gboolean                    keep_transform,
                                      GError                    **error)
{
  const GbacwScenario *scenario;
  g_autoptr(GbacwBackgroundImage) image = NULL;
  g_autofree char *stored = NULL;
  GbacwBackground background;
  double w, h;

  g_return_val_if_fail (GBACW_IS_BACKGROUND_CONTROLLER (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (self->document == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No scenario is open."));
      return FALSE;
    }
  /* Read it before it goes in the scenario, so that a bad file changes nothing. */
  image = gbacw_background_image_new_from_file (path, error);
  if (image == NULL)
    return FALSE;

  scenario = gbacw_document_get_scenario (self->document);
  stored = stored_name (self->document, path);
  background = scenario->map->background;
  background.file = stored;
  if (!keep_transform || scenario->map->background.file == NULL)
    {
      gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
      gbacw_background_fit_transform (w, h, gbacw_background_image_get_width (image),
                                      gbacw_background_image_get_height (image), background.transform);
    }
  if (background.opacity <= 0.05)
    background.opacity = 0.5;

  /* Hand over the image already read, so that sync_background () does not read it again. */
  unregister (self);
  {
    g_autofree char *resolved = gbacw_background_image_resolve_path (gbacw_document_get_path (self->document), stored);
    set_image (self, image, resolved);
  }
  gbacw_map_renderer_set_background_image (scenario, stored, image);
  self->registered = scenario;
  execute_background (self, &background, _("Load background image"), 0);
  return TRUE;
}

void
gbacw_background_controller_set_opacity (GbacwBackgroundController *self,
                                         double                     opacity,
                                         guint                      merge_key)
{
  GbacwBackground background;

  g_return_if_fail (GBACW_IS_BACKGROUND_CONTROLLER (self));

  if (self->document == NULL)
    return;
  background = gbacw_document_get_scenario (self->document)->map->background;
  if (background.opacity == opacity)
    return;
  background.opacity = CLAMP (opacity, 0.0, 1.0);
  execute_background (self, &background, _("Background opacity"), merge_key);
}

void
gbacw_background_controller_remove (GbacwBackgroundController *self)
{
  GbacwBackground background;

  g_return_if_fail (GBACW_IS_BACKGROUND_CONTROLLER (self));

  if (self->document == NULL)
    return;
  background = gbacw_document_get_scenario (self->document)->map->background;
  if (background.file == NULL)
    return;
  background.file = NULL;
  execute_background (self, &background, _("Remove background image"), 0);
}

GbacwBackgroundImage *
gbacw_background_controller_get_image (GbacwBackgroundController *self)
{
  g_return_val_if_fail (GBACW_IS_BACKGROUND_CONTROLLER (self), NULL);
  return self->image;
}

const char *
gbacw_background_controller_get_error (GbacwBackgroundController *self)
{
  g_return_val_if_fail (GBACW_IS_BACKGROUND_CONTROLLER (self), NULL);
  return self->error;
}

/* ---------------------------------------------------------------- the window */

GbacwBackgroundController *
gbacw_background_controller_new (GbacwEditorHost *window)
{
  GbacwBackgroundController *self;

  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (window), NULL);

  self = g_object_new (GBACW_TYPE_BACKGROUND_CONTROLLER, NULL);
  self->window = window;
  g_signal_connect_object (window, "notify::document", G_CALLBACK (on_window_document), self, G_CONNECT_SWAPPED);
  set_document (self, gbacw_editor_host_get_document (window));
  return self;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_background_controller_dispose (GObject *object)
{
  GbacwBackgroundController *self = GBACW_BACKGROUND_CONTROLLER (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  unregister (self);
  g_clear_object (&self->document);
  g_clear_object (&self->image);
  self->window = NULL;

  G_OBJECT_CLASS (gbacw_background_controller_parent_class)->dispose (object);
}

static void
gbacw_background_controller_finalize (GObject *object)
{
  GbacwBackgroundController *self = GBACW_BACKGROUND_CONTROLLER (object);

  g_free (self->loaded_path);
  g_free (self->error);

  G_OBJECT_CLASS (gbacw_background_controller_parent_class)->finalize (object);
}

static void
gbacw_background_controller_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  GbacwBackgroundController *self = GBACW_BACKGROUND_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_IMAGE:
      g_value_set_object (value, self->image);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_background_controller_class_init (GbacwBackgroundControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_background_controller_dispose;
  object_class->finalize = gbacw_background_controller_finalize;
  object_class->get_property = gbacw_background_controller_get_property;

  properties[PROP_IMAGE] =
    g_param_spec_object ("image", NULL, NULL, GBACW_TYPE_BACKGROUND_IMAGE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_background_controller_init (GbacwBackgroundController *self)
{
}
