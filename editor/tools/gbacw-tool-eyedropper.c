/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-eyedropper.c: picks what is on the map into another tool's options.
 *
 * The eyedropper knows no tool type: it sets the options the target has by their
 * property names, so that the terrain brush gets the hex's terrain, the hexside tool the
 * feature of the hexside clicked, and so on.
 */
#define G_LOG_DOMAIN "gbacw-tool-eyedropper"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-tool-eyedropper.h"
#include "gbacw-tool-options.h"

struct _GbacwToolEyedropper
{
  GbacwMapTool parent_instance;

  GbacwTool *target;
};

static void gbacw_tool_eyedropper_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolEyedropper, gbacw_tool_eyedropper, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_eyedropper_tool_init))

enum {
  PROP_0,
  PROP_TARGET,
  N_PROPS
};

enum {
  SIGNAL_PICKED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gboolean
target_has (GbacwToolEyedropper *self,
            const char          *name,
            GType                type)
{
  GParamSpec *pspec;

  if (self->target == NULL)
    return FALSE;
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self->target), name);
  return pspec != NULL && (pspec->flags & G_PARAM_WRITABLE) != 0 && G_PARAM_SPEC_VALUE_TYPE (pspec) == type;
}

static int
lowest_bit (guint64 mask)
{
  for (int i = 0; i < 64; i++)
    if (mask & (G_GUINT64_CONSTANT (1) << i))
      return i;
  return -1;
}

/* The hexsides of hex, nearest (x, y) first. */
static void
sorted_hexsides (const GbacwHexGrid *grid,
                 GbacwHex            hex,
                 double              x,
                 double              y,
                 GbacwHexsideId      ids[GBACW_HEX_DIRECTIONS])
{
  double distance[GBACW_HEX_DIRECTIONS];

  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      double x0, y0, x1, y1;
      gbacw_hex_grid_corner (grid, hex, d, &x0, &y0);
      gbacw_hex_grid_corner (grid, hex, (d + 1) % GBACW_HEX_DIRECTIONS, &x1, &y1);
      ids[d] = gbacw_hex_grid_hexside (grid, hex, d);
      distance[d] = hypot ((x0 + x1) / 2 - x, (y0 + y1) / 2 - y);
    }
  /* insertion sort of six */
  for (int i = 1; i < GBACW_HEX_DIRECTIONS; i++)
    for (int j = i; j > 0 && distance[j] < distance[j - 1]; j--)
      {
        double td = distance[j];
        GbacwHexsideId ti = ids[j];
        distance[j] = distance[j - 1];
        ids[j] = ids[j - 1];
        distance[j - 1] = td;
        ids[j - 1] = ti;
      }
}

gboolean
gbacw_tool_eyedropper_pick (GbacwToolEyedropper *self,
                            double               x,
                            double               y)
{
  GbacwMapTool *tool;
  const GbacwScenario *scenario;
  const GbacwMap *map;
  const GbacwHexGrid *grid;
  GbacwHexsideId ids[GBACW_HEX_DIRECTIONS];
  GbacwHex h;
  gboolean picked = FALSE;
  int hex;

  g_return_val_if_fail (GBACW_IS_TOOL_EYEDROPPER (self), FALSE);

  tool = GBACW_MAP_TOOL (self);
  scenario = gbacw_map_tool_get_scenario (tool);
  hex = gbacw_map_tool_hex_at (tool, x, y);
  if (scenario == NULL || hex < 0 || self->target == NULL)
    return FALSE;
  map = scenario->map;
  grid = &map->grid;
  h = gbacw_hex_grid_hex_at (grid, hex);
  sorted_hexsides (grid, h, x, y, ids);

  if (target_has (self, "mask", G_TYPE_UINT64) && map->terrain[hex] != 0)
    {
      g_object_set (self->target, "mask", map->terrain[hex], NULL);
      picked = TRUE;
    }
  if (target_has (self, "level", G_TYPE_INT))
    {
      g_object_set (self->target, "level", (int) map->elevation[hex], NULL);
      picked = TRUE;
    }
  if (target_has (self, "feature", G_TYPE_INT))
    for (int i = 0; i < GBACW_HEX_DIRECTIONS; i++)
      if (ids[i] != GBACW_HEXSIDE_NONE && map->hexside_features[ids[i]] != 0)
        {
          g_object_set (self->target, "feature", lowest_bit (map->hexside_features[ids[i]]), NULL);
          picked = TRUE;
          break;
        }
  if (target_has (self, "line-type", G_TYPE_INT))
    for (int i = 0; i < GBACW_HEX_DIRECTIONS; i++)
      if (ids[i] != GBACW_HEXSIDE_NONE && map->hexside_lines[ids[i]] != 0)
        {
          g_object_set (self->target, "line-type", lowest_bit (map->hexside_lines[ids[i]]), NULL);
          picked = TRUE;
          break;
        }
  if (target_has (self, "area", G_TYPE_STRING))
    for (guint i = 0; i < map->areas->len; i++)
      {
        const GbacwArea *area = g_ptr_array_index (map->areas, i);
        if (gbacw_area_contains (area, hex))
          {
            g_object_set (self->target, "area", area->id, NULL);
            picked = TRUE;
            break;
          }
      }
  if (target_has (self, "text", G_TYPE_STRING))
    for (guint i = 0; i < map->labels->len; i++)
      {
        const GbacwLabel *label = g_ptr_array_index (map->labels, i);
        if (label->hex == hex)
          {
            g_object_set (self->target, "text", label->text, NULL);
            picked = TRUE;
            break;
          }
      }

  if (picked)
    g_signal_emit (self, signals[SIGNAL_PICKED], 0);
  return picked;
}

static void
gbacw_tool_eyedropper_pressed (GbacwTool       *tool,
                               GbacwMapCanvas  *canvas,
                               double           x,
                               double           y,
                               GdkModifierType  state)
{
  gbacw_tool_eyedropper_pick (GBACW_TOOL_EYEDROPPER (tool), x, y);
}

static void
gbacw_tool_eyedropper_draw_overlay (GbacwTool      *tool,
                                    GbacwMapCanvas *canvas,
                                    cairo_t        *cr)
{
  double x, y;

  if (gbacw_map_tool_draw_pointer_hex (GBACW_MAP_TOOL (tool), cr, &x, &y) < 0)
    return;
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, 5 * gbacw_map_tool_pixel_size (cr), 0, 2 * G_PI);
  gbacw_map_tool_stroke_highlight (cr, 1.5);
}

static void
gbacw_tool_eyedropper_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_map_tool_deactivate;
  iface->pressed = gbacw_tool_eyedropper_pressed;
  iface->motion = gbacw_map_tool_motion;
  iface->draw_overlay = gbacw_tool_eyedropper_draw_overlay;
}

GbacwTool *
gbacw_tool_eyedropper_get_target (GbacwToolEyedropper *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_EYEDROPPER (self), NULL);
  return self->target;
}

void
gbacw_tool_eyedropper_set_target (GbacwToolEyedropper *self,
                                  GbacwTool           *target)
{
  g_return_if_fail (GBACW_IS_TOOL_EYEDROPPER (self));
  g_return_if_fail (target == NULL || GBACW_IS_TOOL (target));

  if (target == GBACW_TOOL (self))
    return;
  if (g_set_object (&self->target, target))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TARGET]);
}

static void
gbacw_tool_eyedropper_dispose (GObject *object)
{
  GbacwToolEyedropper *self = GBACW_TOOL_EYEDROPPER (object);

  g_clear_object (&self->target);

  G_OBJECT_CLASS (gbacw_tool_eyedropper_parent_class)->dispose (object);
}

static void
gbacw_tool_eyedropper_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GbacwToolEyedropper *self = GBACW_TOOL_EYEDROPPER (object);

  switch (prop_id)
    {
    case PROP_TARGET:
      g_value_set_object (value, self->target);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_eyedropper_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  GbacwToolEyedropper *self = GBACW_TOOL_EYEDROPPER (object);

  switch (prop_id)
    {
    case PROP_TARGET:
      gbacw_tool_eyedropper_set_target (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---------------------------------------------------------------- options */

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  return gbacw_tool_options_new_hint (_("Click the map to pick what is there (terrain, elevation, hexside feature, "
                                        "line, area or label) into the tool you were using; that tool comes back "
                                        "after the pick."));
}

static void
gbacw_tool_eyedropper_class_init (GbacwToolEyedropperClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_tool_eyedropper_dispose;
  object_class->get_property = gbacw_tool_eyedropper_get_property;
  object_class->set_property = gbacw_tool_eyedropper_set_property;

  properties[PROP_TARGET] =
    g_param_spec_object ("target", NULL, NULL, GBACW_TYPE_TOOL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_PICKED] =
    g_signal_new ("picked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "eyedropper", N_("Eyedropper"),
                                        "gbacw-tool-eyedropper-symbolic", GDK_KEY_i);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_eyedropper_init (GbacwToolEyedropper *self)
{
}

GbacwToolEyedropper *
gbacw_tool_eyedropper_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_EYEDROPPER, NULL);
}
