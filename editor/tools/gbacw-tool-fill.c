/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-fill.c: flood-fills an area of like terrain.
 *
 * A click replaces the terrain of the clicked hex and of every hex connected to it that
 * has the same terrain, in one undo step.
 */
#define G_LOG_DOMAIN "gbacw-tool-fill"

#include "config.h"

#include <glib/gi18n.h>
#include "gbacw-map-edit.h"
#include "gbacw-tool-fill.h"
#include "gbacw-tool-options.h"

struct _GbacwToolFill
{
  GbacwMapTool parent_instance;

  guint64 mask;
};

static void gbacw_tool_fill_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolFill, gbacw_tool_fill, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_fill_tool_init))

enum {
  PROP_0,
  PROP_MASK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
gbacw_tool_fill_pressed (GbacwTool       *tool,
                         GbacwMapCanvas  *canvas,
                         double           x,
                         double           y,
                         GdkModifierType  state)
{
  GbacwToolFill *self = GBACW_TOOL_FILL (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  int hex = gbacw_map_tool_hex_at (map_tool, x, y);

  if (scenario == NULL || hex < 0 || scenario->map->terrain[hex] == self->mask)
    return;
  gbacw_map_tool_execute (map_tool, GBACW_COMMAND (gbacw_map_edit_flood_fill (scenario, hex, self->mask)));
}

static void
gbacw_tool_fill_draw_overlay (GbacwTool      *tool,
                              GbacwMapCanvas *canvas,
                              cairo_t        *cr)
{
  gbacw_map_tool_draw_pointer_hex (GBACW_MAP_TOOL (tool), cr, NULL, NULL);
}

static void
gbacw_tool_fill_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_map_tool_deactivate;
  iface->pressed = gbacw_tool_fill_pressed;
  iface->edits_on_press = TRUE;
  iface->motion = gbacw_map_tool_motion;
  iface->draw_overlay = gbacw_tool_fill_draw_overlay;
}

guint64
gbacw_tool_fill_get_mask (GbacwToolFill *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_FILL (self), 0);
  return self->mask;
}

void
gbacw_tool_fill_set_mask (GbacwToolFill *self,
                          guint64        mask)
{
  g_return_if_fail (GBACW_IS_TOOL_FILL (self));

  if (self->mask == mask)
    return;
  self->mask = mask;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MASK]);
}

static void
gbacw_tool_fill_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GbacwToolFill *self = GBACW_TOOL_FILL (object);

  switch (prop_id)
    {
    case PROP_MASK:
      g_value_set_uint64 (value, self->mask);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_fill_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GbacwToolFill *self = GBACW_TOOL_FILL (object);

  switch (prop_id)
    {
    case PROP_MASK:
      gbacw_tool_fill_set_mask (self, g_value_get_uint64 (value));
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
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-fill.ui", &builder);

  gbacw_tool_options_bind_chooser (options, tool, GTK_LIST_BOX (gtk_builder_get_object (builder, "fill_list")),
                                   GBACW_CHOOSER_TERRAIN, "mask");
  return options;
}

static void
gbacw_tool_fill_class_init (GbacwToolFillClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gbacw_tool_fill_get_property;
  object_class->set_property = gbacw_tool_fill_set_property;

  properties[PROP_MASK] =
    g_param_spec_uint64 ("mask", NULL, NULL, 0, G_MAXUINT64, 1,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "fill", N_("Flood Fill"),
                                        "gbacw-tool-fill-symbolic", GDK_KEY_f);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_fill_init (GbacwToolFill *self)
{
  self->mask = 1;
}

GbacwToolFill *
gbacw_tool_fill_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_FILL, NULL);
}
