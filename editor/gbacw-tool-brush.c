/* gbacw-tool-brush.c: paints hex terrain with a round brush.
 *
 * A press starts a stroke; every hex the brush passes over, including the ones a fast
 * drag jumps over, is painted; the whole stroke is one undo step. Only hexes whose
 * terrain actually changes are named in the edit.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-map-edit.h"
#include "gbacw-tool-brush.h"

struct _GbacwToolBrush
{
  GbacwMapTool parent_instance;

  guint64 mask;
  int radius;
  gboolean add;

  int last_hex;   /* the hex the stroke last painted, -1 */
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
paint (GbacwToolBrush *self,
       GArray         *path)
{
  GbacwMapTool *tool = GBACW_MAP_TOOL (self);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GbacwMapEdit) edit = NULL;

  if (scenario == NULL)
    return;

  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < path->len; i++)
    gbacw_map_tool_hexes_within (tool, g_array_index (path, int, i), self->radius, hexes);

  edit = gbacw_map_edit_new (!self->add && self->mask == 0 ? _("Erase terrain") : _("Paint terrain"),
                             gbacw_map_tool_get_stroke (tool));
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      guint64 old = scenario->map->terrain[hex];
      guint64 value = self->add ? old | self->mask : self->mask;

      if (value != old)
        gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) hex, value);
    }
  if (gbacw_map_edit_get_n_changes (edit) > 0)
    gbacw_map_tool_execute (tool, GBACW_COMMAND (g_steal_pointer (&edit)));
}

static void
paint_to (GbacwToolBrush *self,
          double          x,
          double          y)
{
  GbacwMapTool *tool = GBACW_MAP_TOOL (self);
  int hex = gbacw_map_tool_hex_at (tool, x, y);
  g_autoptr(GArray) path = NULL;

  if (hex < 0 || hex == self->last_hex)
    return;
  path = g_array_new (FALSE, FALSE, sizeof (int));
  if (self->last_hex >= 0)
    gbacw_map_tool_hex_line (tool, self->last_hex, hex, path);
  else
    g_array_append_val (path, hex);
  self->last_hex = hex;
  paint (self, path);
}

static void
gbacw_tool_brush_pressed (GbacwTool       *tool,
                          GbacwMapCanvas  *canvas,
                          double           x,
                          double           y,
                          GdkModifierType  state)
{
  GbacwToolBrush *self = GBACW_TOOL_BRUSH (tool);

  gbacw_map_tool_begin_stroke (GBACW_MAP_TOOL (self));
  self->last_hex = -1;
  gbacw_map_tool_set_pointer (GBACW_MAP_TOOL (self), canvas, x, y);
  paint_to (self, x, y);
}

static void
gbacw_tool_brush_dragged (GbacwTool       *tool,
                          GbacwMapCanvas  *canvas,
                          double           x,
                          double           y,
                          GdkModifierType  state)
{
  GbacwToolBrush *self = GBACW_TOOL_BRUSH (tool);

  gbacw_map_tool_set_pointer (GBACW_MAP_TOOL (self), canvas, x, y);
  if (gbacw_map_tool_get_stroke (GBACW_MAP_TOOL (self)) != 0)
    paint_to (self, x, y);
}

static void
gbacw_tool_brush_released (GbacwTool       *tool,
                           GbacwMapCanvas  *canvas,
                           double           x,
                           double           y,
                           GdkModifierType  state)
{
  GbacwToolBrush *self = GBACW_TOOL_BRUSH (tool);

  if (gbacw_map_tool_get_stroke (GBACW_MAP_TOOL (self)) != 0)
    paint_to (self, x, y);
  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (self));
  self->last_hex = -1;
}

static void
gbacw_tool_brush_motion (GbacwTool       *tool,
                         GbacwMapCanvas  *canvas,
                         double           x,
                         double           y,
                         GdkModifierType  state)
{
  gbacw_map_tool_set_pointer (GBACW_MAP_TOOL (tool), canvas, x, y);
}

static void
gbacw_tool_brush_deactivate (GbacwTool      *tool,
                             GbacwMapCanvas *canvas)
{
  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (tool));
  gbacw_map_tool_clear_pointer (GBACW_MAP_TOOL (tool), canvas);
}

static void
gbacw_tool_brush_draw_overlay (GbacwTool      *tool,
                               GbacwMapCanvas *canvas,
                               cairo_t        *cr)
{
  GbacwToolBrush *self = GBACW_TOOL_BRUSH (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  g_autoptr(GArray) hexes = NULL;
  double x, y;
  int hex;

  if (scenario == NULL || !gbacw_map_tool_get_pointer (map_tool, &x, &y))
    return;
  hex = gbacw_map_tool_hex_at (map_tool, x, y);
  if (hex < 0)
    return;
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  gbacw_map_tool_hexes_within (map_tool, hex, self->radius, hexes);
  gbacw_map_tool_outline_path (cr, &scenario->map->grid, hexes);
  gbacw_map_tool_stroke_highlight (cr, 2.0);
}

static void
gbacw_tool_brush_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_tool_brush_deactivate;
  iface->pressed = gbacw_tool_brush_pressed;
  iface->dragged = gbacw_tool_brush_dragged;
  iface->released = gbacw_tool_brush_released;
  iface->motion = gbacw_tool_brush_motion;
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

  radius = CLAMP (radius, 0, GBACW_MAX_BRUSH_RADIUS);
  if (self->radius == radius)
    return;
  self->radius = radius;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RADIUS]);
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

  add = !!add;
  if (self->add == add)
    return;
  self->add = add;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ADD]);
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

static void
gbacw_tool_brush_class_init (GbacwToolBrushClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = gbacw_tool_brush_get_property;
  object_class->set_property = gbacw_tool_brush_set_property;

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
}

static void
gbacw_tool_brush_init (GbacwToolBrush *self)
{
  self->mask = 1;
  self->last_hex = -1;
}

GbacwToolBrush *
gbacw_tool_brush_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_BRUSH, NULL);
}
