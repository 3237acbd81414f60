/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-brush.c: paints hex terrain with a round brush.
 *
 * A press starts a stroke; every hex the brush passes over, including the ones a fast
 * drag jumps over, is painted; the whole stroke is one undo step. Only hexes whose
 * terrain actually changes are named in the edit.
 */
#define G_LOG_DOMAIN "gbacw-tool-brush"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-map-edit.h"
#include "gbacw-tool-brush.h"
#include "gbacw-tool-options.h"

struct _GbacwToolBrush
{
  GbacwMapTool parent_instance;

  guint64 mask;
  int radius;
  gboolean add;
};

static void gbacw_tool_brush_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolBrush, gbacw_tool_brush, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_brush_tool_init))

enum {
  PROP_0,
  PROP_MASK,
  PROP_RADIUS,
  PROP_ADD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Paints the brush at every hex of path (int indices). */
static void
paint (GbacwMapTool *tool,
       GArray       *path)
{
  GbacwToolBrush *self = GBACW_TOOL_BRUSH (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GArray) changed = NULL;
  g_autoptr(GbacwMapEdit) edit = NULL;

  if (scenario == NULL)
    return;

  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  changed = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < path->len; i++)
    gbacw_map_tool_hexes_within (tool, g_array_index (path, int, i), self->radius, hexes);
  /* Only the hexes whose terrain the brush changes: brushing over what is there already
   * is no undo step. */
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      guint64 old = scenario->map->terrain[hex];

      if (self->add ? (old & self->mask) != self->mask : old != self->mask)
        g_array_append_val (changed, hex);
    }
  if (changed->len == 0)
    return;
  edit = gbacw_map_edit_paint_terrain (scenario, changed, self->mask, self->add, gbacw_map_tool_get_stroke (tool));
  gbacw_map_tool_execute (tool, GBACW_COMMAND (g_steal_pointer (&edit)));
}

static void
gbacw_tool_brush_draw_overlay (GbacwTool      *tool,
                               GbacwMapCanvas *canvas,
                               cairo_t        *cr)
{
  gbacw_map_tool_draw_brush (GBACW_MAP_TOOL (tool), cr, GBACW_TOOL_BRUSH (tool)->radius, 0);
}

static void
gbacw_tool_brush_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_map_tool_deactivate;
  iface->pressed = gbacw_map_tool_brush_pressed;
  iface->edits_on_press = TRUE;
  iface->dragged = gbacw_map_tool_brush_dragged;
  iface->released = gbacw_map_tool_brush_released;
  iface->motion = gbacw_map_tool_motion;
  iface->draw_overlay = gbacw_tool_brush_draw_overlay;
}

/* ---------------------------------------------------------------- properties */

guint64
gbacw_tool_brush_get_mask (GbacwToolBrush *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_BRUSH (self), 0);
  return self->mask;
}

void
gbacw_tool_brush_set_mask (GbacwToolBrush *self,
                           guint64         mask)
{
  g_return_if_fail (GBACW_IS_TOOL_BRUSH (self));

  if (self->mask == mask)
    return;
  self->mask = mask;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MASK]);
}

int
gbacw_tool_brush_get_radius (GbacwToolBrush *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_BRUSH (self), 0);
  return self->radius;
}

void
gbacw_tool_brush_set_radius (GbacwToolBrush *self,
                             int             radius)
{
  g_return_if_fail (GBACW_IS_TOOL_BRUSH (self));

  gbacw_map_tool_update_int (GBACW_MAP_TOOL (self), &self->radius,
                             CLAMP (radius, 0, GBACW_MAX_BRUSH_RADIUS), properties[PROP_RADIUS]);
}

gboolean
gbacw_tool_brush_get_add (GbacwToolBrush *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_BRUSH (self), FALSE);
  return self->add;
}

void
gbacw_tool_brush_set_add (GbacwToolBrush *self,
                          gboolean        add)
{
  g_return_if_fail (GBACW_IS_TOOL_BRUSH (self));

  gbacw_map_tool_update_boolean (GBACW_MAP_TOOL (self), &self->add, add, properties[PROP_ADD]);
}

static void
gbacw_tool_brush_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GbacwToolBrush *self = GBACW_TOOL_BRUSH (object);

  switch (prop_id)
    {
    case PROP_MASK:
      g_value_set_uint64 (value, self->mask);
      break;
    case PROP_RADIUS:
      g_value_set_int (value, self->radius);
      break;
    case PROP_ADD:
      g_value_set_boolean (value, self->add);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_brush_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GbacwToolBrush *self = GBACW_TOOL_BRUSH (object);

  switch (prop_id)
    {
    case PROP_MASK:
      gbacw_tool_brush_set_mask (self, g_value_get_uint64 (value));
      break;
    case PROP_RADIUS:
      gbacw_tool_brush_set_radius (self, g_value_get_int (value));
      break;
    case PROP_ADD:
      gbacw_tool_brush_set_add (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---------------------------------------------------------------- options */

typedef struct
{
  GbacwToolBrush *tool;
  GtkLabel *mask_label;
} Options;

static char *
describe_mask (const GbacwScenario *scenario,
               guint64              mask)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < scenario->catalogue.hex_terrains->len && i < 64; i++)
    if (mask & (G_GUINT64_CONSTANT (1) << i))
      {
        const GbacwHexTerrain *t = g_ptr_array_index (scenario->catalogue.hex_terrains, i);
        if (text->len > 0)
          g_string_append (text, " + ");
        g_string_append (text, t->name ? t->name : t->id);
      }
  return g_string_free (text, FALSE);
}

/* Terrains painted together, which the chooser cannot show, are named under it. */
static void
sync_mask_label (gpointer data)
{
  Options *o = data;
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (o->tool));

  if (scenario != NULL && gbacw_tool_options_single_bit (o->tool->mask) < 0)
    {
      g_autofree char *names = describe_mask (scenario, o->tool->mask);
      g_autofree char *text = o->tool->mask == 0 ? g_strdup (_("Erasing the terrain"))
                                                 /* TRANSLATORS: terrains painted together, e.g. "Light woods + Swamp" */
                                                 : g_strdup_printf (_("Painting %s"), names);
      gtk_label_set_text (o->mask_label, text);
      gtk_widget_set_visible (GTK_WIDGET (o->mask_label), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (o->mask_label), FALSE);
}

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-brush.ui", &builder);
  Options *o = gbacw_tool_options_new_state (options, tool, sizeof (Options));

  o->mask_label = GTK_LABEL (gtk_builder_get_object (builder, "brush_mask_label"));
  gbacw_tool_options_bind_chooser (options, tool, GTK_LIST_BOX (gtk_builder_get_object (builder, "brush_list")),
                                   GBACW_CHOOSER_TERRAIN, "mask");
  gbacw_tool_options_bind (tool, "radius", gtk_builder_get_object (builder, "brush_radius"), "value");
  gbacw_tool_options_bind (tool, "add", gtk_builder_get_object (builder, "brush_add"), "active");
  g_signal_connect_swapped (tool, "notify::mask", G_CALLBACK (sync_mask_label), o);
  gbacw_tool_options_follow_document (options, tool, GBACW_CHANGE_CATALOGUE, sync_mask_label, o);
  return options;
}

static void
gbacw_tool_brush_class_init (GbacwToolBrushClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gbacw_tool_brush_get_property;
  object_class->set_property = gbacw_tool_brush_set_property;
  GBACW_MAP_TOOL_CLASS (klass)->paint = paint;

  properties[PROP_MASK] =
    g_param_spec_uint64 ("mask", NULL, NULL, 0, G_MAXUINT64, 1,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RADIUS] =
    g_param_spec_int ("radius", NULL, NULL, 0, GBACW_MAX_BRUSH_RADIUS, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ADD] =
    g_param_spec_boolean ("add", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "brush", N_("Terrain Brush"),
                                        "gbacw-tool-brush-symbolic", GDK_KEY_b);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_brush_init (GbacwToolBrush *self)
{
  self->mask = 1;
}

GbacwToolBrush *
gbacw_tool_brush_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_BRUSH, NULL);
}
