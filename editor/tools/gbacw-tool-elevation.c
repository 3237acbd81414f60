/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-elevation.c: sets, raises or lowers the elevation of hexes; marks crests.
 *
 * Like the terrain brush, a stroke is one undo step. Raising and lowering change each
 * hex once per stroke however often the brush passes over it.
 */
#define G_LOG_DOMAIN "gbacw-tool-elevation"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-map-edit.h"
#include "gbacw-tool-elevation.h"
#include "gbacw-tool-options.h"

struct _GbacwToolElevation
{
  GbacwMapTool parent_instance;

  int level;
  GbacwElevationMode mode;
  int radius;

  gboolean invert;       /* shift held at the press: raise and lower swap */
  GHashTable *stroked;   /* hexes already raised or lowered in this stroke */
};

static void gbacw_tool_elevation_tool_init (GbacwToolInterface *iface);

G_DEFINE_ENUM_TYPE (GbacwElevationMode, gbacw_elevation_mode,
                    G_DEFINE_ENUM_VALUE (GBACW_ELEVATION_SET, "set"),
                    G_DEFINE_ENUM_VALUE (GBACW_ELEVATION_RAISE, "raise"),
                    G_DEFINE_ENUM_VALUE (GBACW_ELEVATION_LOWER, "lower"))

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolElevation, gbacw_tool_elevation, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_elevation_tool_init))

enum {
  PROP_0,
  PROP_LEVEL,
  PROP_MODE,
  PROP_RADIUS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
paint (GbacwMapTool *tool,
       GArray       *path)
{
  GbacwToolElevation *self = GBACW_TOOL_ELEVATION (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GbacwMapEdit) edit = NULL;
  int step = 0;

  if (scenario == NULL)
    return;

  if (self->mode == GBACW_ELEVATION_RAISE)
    step = self->invert ? -1 : 1;
  else if (self->mode == GBACW_ELEVATION_LOWER)
    step = self->invert ? 1 : -1;

  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < path->len; i++)
    gbacw_map_tool_hexes_within (tool, g_array_index (path, int, i), self->radius, hexes);

  if (step == 0)
    {
      /* Only the hexes not at the level already: setting what is there is no undo step. */
      g_autoptr(GArray) changed = g_array_new (FALSE, FALSE, sizeof (int));

      for (guint i = 0; i < hexes->len; i++)
        if (scenario->map->elevation[g_array_index (hexes, int, i)] != self->level)
          g_array_append_val (changed, g_array_index (hexes, int, i));
      if (changed->len > 0)
        gbacw_map_tool_execute (tool, GBACW_COMMAND (gbacw_map_edit_set_elevation (scenario, changed, self->level,
                                                                                   gbacw_map_tool_get_stroke (tool))));
      return;
    }

  /* Raising and lowering: each hex once a stroke, within the levels. */
  {
    g_autoptr(GArray) fresh = g_array_new (FALSE, FALSE, sizeof (int));

    for (guint i = 0; i < hexes->len; i++)
      if (g_hash_table_add (self->stroked, GINT_TO_POINTER (g_array_index (hexes, int, i))))
        g_array_append_val (fresh, g_array_index (hexes, int, i));
    edit = gbacw_map_edit_step_elevation (scenario, fresh, step, gbacw_map_tool_get_stroke (tool));
  }
  if (gbacw_map_edit_get_n_changes (edit) > 0)
    gbacw_map_tool_execute (tool, GBACW_COMMAND (g_steal_pointer (&edit)));
}

static void
gbacw_tool_elevation_pressed (GbacwTool       *tool,
                              GbacwMapCanvas  *canvas,
                              double           x,
                              double           y,
                              GdkModifierType  state)
{
  GbacwToolElevation *self = GBACW_TOOL_ELEVATION (tool);

  self->invert = (state & GDK_SHIFT_MASK) != 0;
  g_hash_table_remove_all (self->stroked);
  gbacw_map_tool_brush_pressed (tool, canvas, x, y, state);
}

static void
gbacw_tool_elevation_released (GbacwTool       *tool,
                               GbacwMapCanvas  *canvas,
                               double           x,
                               double           y,
                               GdkModifierType  state)
{
  gbacw_map_tool_brush_released (tool, canvas, x, y, state);
  g_hash_table_remove_all (GBACW_TOOL_ELEVATION (tool)->stroked);
}

static void
gbacw_tool_elevation_draw_overlay (GbacwTool      *tool,
                                   GbacwMapCanvas *canvas,
                                   cairo_t        *cr)
{
  gbacw_map_tool_draw_brush (GBACW_MAP_TOOL (tool), cr, GBACW_TOOL_ELEVATION (tool)->radius, 0);
}

static void
gbacw_tool_elevation_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_map_tool_deactivate;
  iface->pressed = gbacw_tool_elevation_pressed;
  iface->edits_on_press = TRUE;
  iface->dragged = gbacw_map_tool_brush_dragged;
  iface->released = gbacw_tool_elevation_released;
  iface->motion = gbacw_map_tool_motion;
  iface->draw_overlay = gbacw_tool_elevation_draw_overlay;
}

guint
gbacw_tool_elevation_auto_crest (GbacwToolElevation *self)
{
  GbacwMapTool *tool;
  const GbacwScenario *scenario;
  g_autoptr(GbacwMapEdit) edit = NULL;
  guint n;
  int crest = -1;

  g_return_val_if_fail (GBACW_IS_TOOL_ELEVATION (self), 0);

  tool = GBACW_MAP_TOOL (self);
  scenario = gbacw_map_tool_get_scenario (tool);
  if (scenario == NULL)
    return 0;
  for (guint i = 0; i < scenario->catalogue.hexside_types->len && i < GBACW_MAX_HEXSIDE_TYPES; i++)
    {
      const GbacwHexsideType *type = g_ptr_array_index (scenario->catalogue.hexside_types, i);
      if (g_strcmp0 (type->style, "crest") == 0)
        {
          crest = (int) i;
          break;
        }
    }
  if (crest < 0)
    return 0;

  edit = gbacw_map_edit_auto_crest (scenario, crest);
  n = gbacw_map_edit_get_n_changes (edit);
  if (n > 0)
    gbacw_map_tool_execute (tool, GBACW_COMMAND (g_steal_pointer (&edit)));
  return n;
}

/* ---------------------------------------------------------------- properties */

int
gbacw_tool_elevation_get_level (GbacwToolElevation *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_ELEVATION (self), 0);
  return self->level;
}

void
gbacw_tool_elevation_set_level (GbacwToolElevation *self,
                                int                 level)
{
  g_return_if_fail (GBACW_IS_TOOL_ELEVATION (self));

  gbacw_map_tool_update_int (GBACW_MAP_TOOL (self), &self->level,
                             CLAMP (level, 0, GBACW_MAX_ELEVATION_LEVEL), properties[PROP_LEVEL]);
}

GbacwElevationMode
gbacw_tool_elevation_get_mode (GbacwToolElevation *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_ELEVATION (self), GBACW_ELEVATION_SET);
  return self->mode;
}

void
gbacw_tool_elevation_set_mode (GbacwToolElevation *self,
                               GbacwElevationMode  mode)
{
  g_return_if_fail (GBACW_IS_TOOL_ELEVATION (self));
  g_return_if_fail (mode <= GBACW_ELEVATION_LOWER);

  if (self->mode == mode)
    return;
  self->mode = mode;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

int
gbacw_tool_elevation_get_radius (GbacwToolElevation *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_ELEVATION (self), 0);
  return self->radius;
}

void
gbacw_tool_elevation_set_radius (GbacwToolElevation *self,
                                 int                 radius)
{
  g_return_if_fail (GBACW_IS_TOOL_ELEVATION (self));

  gbacw_map_tool_update_int (GBACW_MAP_TOOL (self), &self->radius,
                             CLAMP (radius, 0, GBACW_MAX_BRUSH_RADIUS), properties[PROP_RADIUS]);
}

static void
gbacw_tool_elevation_finalize (GObject *object)
{
  GbacwToolElevation *self = GBACW_TOOL_ELEVATION (object);

  g_hash_table_unref (self->stroked);

  G_OBJECT_CLASS (gbacw_tool_elevation_parent_class)->finalize (object);
}

static void
gbacw_tool_elevation_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GbacwToolElevation *self = GBACW_TOOL_ELEVATION (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      g_value_set_int (value, self->level);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->mode);
      break;
    case PROP_RADIUS:
      g_value_set_int (value, self->radius);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_elevation_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GbacwToolElevation *self = GBACW_TOOL_ELEVATION (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      gbacw_tool_elevation_set_level (self, g_value_get_int (value));
      break;
    case PROP_MODE:
      gbacw_tool_elevation_set_mode (self, g_value_get_enum (value));
      break;
    case PROP_RADIUS:
      gbacw_tool_elevation_set_radius (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---------------------------------------------------------------- options */

typedef struct
{
  GbacwToolElevation *tool;
  GtkToggleButton *set, *raise, *lower;
  GtkSpinButton *level;
  GtkLabel *height;
  gboolean syncing;
} Options;

static void
sync_options (gpointer data)
{
  Options *o = data;
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (o->tool));
  GbacwElevationMode mode = gbacw_tool_elevation_get_mode (o->tool);
  int feet = GBACW_UNSET;

  o->syncing = TRUE;
  gtk_toggle_button_set_active (mode == GBACW_ELEVATION_RAISE ? o->raise
                                : mode == GBACW_ELEVATION_LOWER ? o->lower
                                : o->set, TRUE);
  o->syncing = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (o->level), mode == GBACW_ELEVATION_SET);

  if (scenario != NULL)
    feet = gbacw_map_level_height (scenario->map, gbacw_tool_elevation_get_level (o->tool));
  if (feet != GBACW_UNSET)
    {
      /* TRANSLATORS: the height of an elevation level */
      g_autofree char *text = g_strdup_printf (_("%d ft"), feet);
      gtk_label_set_text (o->height, text);
    }
  else
    gtk_label_set_text (o->height, "");
}

static void
on_mode_toggled (Options         *o,
                 GtkToggleButton *button)
{
  if (o->syncing || !gtk_toggle_button_get_active (button))
    return;
  gbacw_tool_elevation_set_mode (o->tool, button == o->raise ? GBACW_ELEVATION_RAISE
                                          : button == o->lower ? GBACW_ELEVATION_LOWER
                                          : GBACW_ELEVATION_SET);
}

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-elevation.ui", &builder);
  Options *o = gbacw_tool_options_new_state (options, tool, sizeof (Options));

  o->set = GTK_TOGGLE_BUTTON (gtk_builder_get_object (builder, "elevation_set"));
  o->raise = GTK_TOGGLE_BUTTON (gtk_builder_get_object (builder, "elevation_raise"));
  o->lower = GTK_TOGGLE_BUTTON (gtk_builder_get_object (builder, "elevation_lower"));
  o->level = GTK_SPIN_BUTTON (gtk_builder_get_object (builder, "elevation_level"));
  o->height = GTK_LABEL (gtk_builder_get_object (builder, "elevation_height"));
  gbacw_tool_options_bind (tool, "level", o->level, "value");
  gbacw_tool_options_bind (tool, "radius", gtk_builder_get_object (builder, "elevation_radius"), "value");
  g_signal_connect_swapped (o->set, "toggled", G_CALLBACK (on_mode_toggled), o);
  g_signal_connect_swapped (o->raise, "toggled", G_CALLBACK (on_mode_toggled), o);
  g_signal_connect_swapped (o->lower, "toggled", G_CALLBACK (on_mode_toggled), o);
  g_signal_connect_swapped (tool, "notify::mode", G_CALLBACK (sync_options), o);
  g_signal_connect_swapped (tool, "notify::level", G_CALLBACK (sync_options), o);
  gbacw_tool_options_follow_document (options, tool, GBACW_CHANGE_SETTINGS, sync_options, o);
  return options;
}

static void
gbacw_tool_elevation_class_init (GbacwToolElevationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_tool_elevation_finalize;
  object_class->get_property = gbacw_tool_elevation_get_property;
  object_class->set_property = gbacw_tool_elevation_set_property;
  GBACW_MAP_TOOL_CLASS (klass)->paint = paint;

  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, 0, GBACW_MAX_ELEVATION_LEVEL, 1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL, GBACW_TYPE_ELEVATION_MODE, GBACW_ELEVATION_SET,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RADIUS] =
    g_param_spec_int ("radius", NULL, NULL, 0, GBACW_MAX_BRUSH_RADIUS, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "elevation", N_("Elevation"),
                                        "gbacw-tool-elevation-symbolic", GDK_KEY_e);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_elevation_init (GbacwToolElevation *self)
{
  self->level = 1;
  self->mode = GBACW_ELEVATION_SET;
  self->stroked = g_hash_table_new (g_direct_hash, g_direct_equal);
}

GbacwToolElevation *
gbacw_tool_elevation_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_ELEVATION, NULL);
}
