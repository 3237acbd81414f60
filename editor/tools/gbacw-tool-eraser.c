/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-eraser.c: clears the terrain, hexside features and lines of hexes.
 *
 * A brush like the terrain brush: every hex it passes over loses its terrain (it becomes
 * unpainted), the features of its six hexsides (with their inside sides and names) and
 * the line segments leaving it, as the options say. Elevation, areas and labels stay.
 * A stroke is one undo step.
 */
#define G_LOG_DOMAIN "gbacw-tool-eraser"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-map-edit.h"
#include "gbacw-tool-eraser.h"
#include "gbacw-tool-options.h"

struct _GbacwToolEraser
{
  GbacwMapTool parent_instance;

  int radius;
  gboolean terrain;
  gboolean hexsides;
  gboolean lines;
};

static void gbacw_tool_eraser_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolEraser, gbacw_tool_eraser, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_eraser_tool_init))

enum {
  PROP_0,
  PROP_RADIUS,
  PROP_TERRAIN,
  PROP_HEXSIDES,
  PROP_LINES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
erase (GbacwMapTool *tool,
       GArray       *path)
{
  GbacwToolEraser *self = GBACW_TOOL_ERASER (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GbacwMapEdit) edit = NULL;

  if (scenario == NULL)
    return;

  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < path->len; i++)
    gbacw_map_tool_hexes_within (tool, g_array_index (path, int, i), self->radius, hexes);

  edit = gbacw_map_edit_erase (scenario, hexes,
                               (self->terrain ? GBACW_ERASE_TERRAIN : 0) | (self->hexsides ? GBACW_ERASE_HEXSIDES : 0)
                               | (self->lines ? GBACW_ERASE_LINES : 0),
                               gbacw_map_tool_get_stroke (tool));
  if (gbacw_map_edit_get_n_changes (edit) > 0)
    gbacw_map_tool_execute (tool, GBACW_COMMAND (g_steal_pointer (&edit)));
}

static void
gbacw_tool_eraser_draw_overlay (GbacwTool      *tool,
                                GbacwMapCanvas *canvas,
                                cairo_t        *cr)
{
  gbacw_map_tool_draw_brush (GBACW_MAP_TOOL (tool), cr, GBACW_TOOL_ERASER (tool)->radius, 0.35);
}

static void
gbacw_tool_eraser_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_map_tool_deactivate;
  iface->pressed = gbacw_map_tool_brush_pressed;
  iface->edits_on_press = TRUE;
  iface->dragged = gbacw_map_tool_brush_dragged;
  iface->released = gbacw_map_tool_brush_released;
  iface->motion = gbacw_map_tool_motion;
  iface->draw_overlay = gbacw_tool_eraser_draw_overlay;
}

/* ---------------------------------------------------------------- properties */

int
gbacw_tool_eraser_get_radius (GbacwToolEraser *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_ERASER (self), 0);
  return self->radius;
}

void
gbacw_tool_eraser_set_radius (GbacwToolEraser *self,
                              int              radius)
{
  g_return_if_fail (GBACW_IS_TOOL_ERASER (self));

  gbacw_map_tool_update_int (GBACW_MAP_TOOL (self), &self->radius,
                             CLAMP (radius, 0, GBACW_MAX_BRUSH_RADIUS), properties[PROP_RADIUS]);
}

gboolean
gbacw_tool_eraser_get_terrain (GbacwToolEraser *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_ERASER (self), FALSE);
  return self->terrain;
}

void
gbacw_tool_eraser_set_terrain (GbacwToolEraser *self,
                               gboolean         terrain)
{
  g_return_if_fail (GBACW_IS_TOOL_ERASER (self));
  gbacw_map_tool_update_boolean (GBACW_MAP_TOOL (self), &self->terrain, terrain, properties[PROP_TERRAIN]);
}

gboolean
gbacw_tool_eraser_get_hexsides (GbacwToolEraser *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_ERASER (self), FALSE);
  return self->hexsides;
}

void
gbacw_tool_eraser_set_hexsides (GbacwToolEraser *self,
                                gboolean         hexsides)
{
  g_return_if_fail (GBACW_IS_TOOL_ERASER (self));
  gbacw_map_tool_update_boolean (GBACW_MAP_TOOL (self), &self->hexsides, hexsides, properties[PROP_HEXSIDES]);
}

gboolean
gbacw_tool_eraser_get_lines (GbacwToolEraser *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_ERASER (self), FALSE);
  return self->lines;
}

void
gbacw_tool_eraser_set_lines (GbacwToolEraser *self,
                             gboolean         lines)
{
  g_return_if_fail (GBACW_IS_TOOL_ERASER (self));
  gbacw_map_tool_update_boolean (GBACW_MAP_TOOL (self), &self->lines, lines, properties[PROP_LINES]);
}

static void
gbacw_tool_eraser_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  GbacwToolEraser *self = GBACW_TOOL_ERASER (object);

  switch (prop_id)
    {
    case PROP_RADIUS:
      g_value_set_int (value, self->radius);
      break;
    case PROP_TERRAIN:
      g_value_set_boolean (value, self->terrain);
      break;
    case PROP_HEXSIDES:
      g_value_set_boolean (value, self->hexsides);
      break;
    case PROP_LINES:
      g_value_set_boolean (value, self->lines);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_eraser_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  GbacwToolEraser *self = GBACW_TOOL_ERASER (object);

  switch (prop_id)
    {
    case PROP_RADIUS:
      gbacw_tool_eraser_set_radius (self, g_value_get_int (value));
      break;
    case PROP_TERRAIN:
      gbacw_tool_eraser_set_terrain (self, g_value_get_boolean (value));
      break;
    case PROP_HEXSIDES:
      gbacw_tool_eraser_set_hexsides (self, g_value_get_boolean (value));
      break;
    case PROP_LINES:
      gbacw_tool_eraser_set_lines (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---------------------------------------------------------------- options */

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-eraser.ui", &builder);

  gbacw_tool_options_bind (tool, "terrain", gtk_builder_get_object (builder, "eraser_terrain"), "active");
  gbacw_tool_options_bind (tool, "hexsides", gtk_builder_get_object (builder, "eraser_hexsides"), "active");
  gbacw_tool_options_bind (tool, "lines", gtk_builder_get_object (builder, "eraser_lines"), "active");
  gbacw_tool_options_bind (tool, "radius", gtk_builder_get_object (builder, "eraser_radius"), "value");
  return options;
}

static void
gbacw_tool_eraser_class_init (GbacwToolEraserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gbacw_tool_eraser_get_property;
  object_class->set_property = gbacw_tool_eraser_set_property;
  GBACW_MAP_TOOL_CLASS (klass)->paint = erase;

  properties[PROP_RADIUS] =
    g_param_spec_int ("radius", NULL, NULL, 0, GBACW_MAX_BRUSH_RADIUS, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TERRAIN] =
    g_param_spec_boolean ("terrain", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HEXSIDES] =
    g_param_spec_boolean ("hexsides", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LINES] =
    g_param_spec_boolean ("lines", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "eraser", N_("Eraser"),
                                        "gbacw-tool-eraser-symbolic", GDK_KEY_x);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_eraser_init (GbacwToolEraser *self)
{
  self->terrain = TRUE;
  self->hexsides = TRUE;
  self->lines = TRUE;
}

GbacwToolEraser *
gbacw_tool_eraser_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_ERASER, NULL);
}
