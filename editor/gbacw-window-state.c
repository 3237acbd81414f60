/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-window-state.c: what the editor remembers between runs. */
#define G_LOG_DOMAIN "gbacw-window-state"

#include "config.h"

#include "gbacw-map-renderer.h"
#include "gbacw-window-state.h"

struct _GbacwWindowState
{
  GObject parent_instance;

  GbacwEditorHost *window;   /* not owned: the window owns the state */
  GSettings *settings;
  gboolean restoring;
};

G_DEFINE_FINAL_TYPE (GbacwWindowState, gbacw_window_state, G_TYPE_OBJECT)

#define DATA_KEY "gbacw-window-state"

GSettings *
gbacw_window_state_get_settings (void)
{
  static gsize initialised = 0;
  static GSettings *settings = NULL;

  if (g_once_init_enter (&initialised))
    {
      GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
      g_autoptr(GSettingsSchema) schema = NULL;

      if (source != NULL)
        schema = g_settings_schema_source_lookup (source, GBACW_SETTINGS_SCHEMA_ID, TRUE);
#ifdef BUILD_SCHEMA_DIR
      if (schema == NULL && g_file_test (BUILD_SCHEMA_DIR "/gschemas.compiled", G_FILE_TEST_EXISTS))
        {
          g_autoptr(GSettingsSchemaSource) build = g_settings_schema_source_new_from_directory (BUILD_SCHEMA_DIR, source,
                                                                                               FALSE, NULL);
          if (build != NULL)
            schema = g_settings_schema_source_lookup (build, GBACW_SETTINGS_SCHEMA_ID, FALSE);
        }
#endif
      if (schema != NULL)
        settings = g_settings_new_full (schema, NULL, NULL);
      g_once_init_leave (&initialised, 1);
    }
  return settings;
}

/* ---------------------------------------------------------------- layers */

static void
save_layers (GbacwWindowState *self)
{
  guint layers = gbacw_map_canvas_get_layers (gbacw_editor_host_get_canvas (self->window));
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  if (self->restoring)
    return;
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    if (layers & (1u << i))
      g_strv_builder_add (builder, gbacw_layer_bit_to_string (1u << i));
  names = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "visible-layers", (const char * const *) names);
}

static void
restore_layers (GbacwWindowState *self)
{
  g_auto(GStrv) names = g_settings_get_strv (self->settings, "visible-layers");
  GbacwMapCanvas *canvas = gbacw_editor_host_get_canvas (self->window);
  guint layers = 0;

  for (guint i = 0; names[i] != NULL; i++)
    layers |= gbacw_layer_bit_from_string (names[i]);

  self->restoring = TRUE;
  /* The window's win.layer-NAME actions, in the Layers menu, follow the canvas. */
  gbacw_map_canvas_set_layers (canvas, layers);
  self->restoring = FALSE;
}

/* ---------------------------------------------------------------- size */

static gboolean
on_close_request (GbacwWindowState *self,
                  GtkWindow        *window)
{
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  return FALSE;
}

GbacwWindowState *
gbacw_window_state_attach (GbacwEditorHost *window)
{
  GSettings *settings = gbacw_window_state_get_settings ();
  GbacwWindowState *self;

  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (window), NULL);

  self = g_object_new (GBACW_TYPE_WINDOW_STATE, NULL);
  self->window = window;
  g_object_set_data_full (G_OBJECT (window), DATA_KEY, self, g_object_unref);
  if (settings == NULL)
    return self;
  self->settings = g_object_ref (settings);

  gtk_window_set_default_size (GTK_WINDOW (window), g_settings_get_int (settings, "window-width"),
                               g_settings_get_int (settings, "window-height"));
  if (g_settings_get_boolean (settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (window));
  restore_layers (self);

  g_signal_connect_object (window, "close-request", G_CALLBACK (on_close_request), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gbacw_editor_host_get_canvas (window), "notify::layers", G_CALLBACK (save_layers), self,
                           G_CONNECT_SWAPPED);
  g_settings_bind (settings, "scan-over-terrain", gbacw_editor_host_get_canvas (window), "scan-over-terrain",
                   G_SETTINGS_BIND_DEFAULT);
  return self;
}

static void
gbacw_window_state_dispose (GObject *object)
{
  GbacwWindowState *self = GBACW_WINDOW_STATE (object);

  g_clear_object (&self->settings);
  self->window = NULL;

  G_OBJECT_CLASS (gbacw_window_state_parent_class)->dispose (object);
}

static void
gbacw_window_state_class_init (GbacwWindowStateClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = gbacw_window_state_dispose;
}

static void
gbacw_window_state_init (GbacwWindowState *self)
{
}
