/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-line.c: lays and erases roads, pikes, trails and railroads.
 *
 * Lines run from hex centre to hex centre. Dragging from hex to hex lays the chosen line
 * type between each hex and the next; each step goes to a neighbour, and a drag that
 * jumps over hexes fills the gap with the straight hex line between them. The whole
 * drag is one undo step. In erase mode (or with shift held) the same drag erases the
 * segments, and a click without a drag erases every segment of the type at the hex.
 */
#define G_LOG_DOMAIN "gbacw-tool-line"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-map-edit.h"
#include "gbacw-tool-line.h"
#include "gbacw-tool-options.h"

struct _GbacwToolLine
{
  GbacwMapTool parent_instance;

  int line_type;
  gboolean erase;

  /* stroke */
  gboolean erasing;
  int start_hex;
  int last_hex;
  gboolean moved;
  GArray *trail;    /* hexes of the stroke, for the overlay */
};

static void gbacw_tool_line_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolLine, gbacw_tool_line, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_line_tool_init))

enum {
  PROP_0,
  PROP_LINE_TYPE,
  PROP_ERASE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
type_valid (GbacwToolLine       *self,
            const GbacwScenario *scenario)
{
  return self->line_type >= 0 && self->line_type < GBACW_MAX_LINE_TYPES &&
         (guint) self->line_type < scenario->catalogue.line_types->len;
}

static void
execute (GbacwToolLine *self,
         GbacwMapEdit  *edit /* transfer full */)
{
  g_autoptr(GbacwMapEdit) owned = edit;

  if (gbacw_map_edit_get_n_changes (edit) > 0)
    gbacw_map_tool_execute (GBACW_MAP_TOOL (self), GBACW_COMMAND (g_steal_pointer (&owned)));
}

static void
draw_to (GbacwToolLine  *self,
         GbacwMapCanvas *canvas,
         double          x,
         double          y)
{
  GbacwMapTool *tool = GBACW_MAP_TOOL (self);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  g_autoptr(GArray) path = NULL;
  int hex;

  if (scenario == NULL || !type_valid (self, scenario))
    return;
  hex = gbacw_map_tool_hex_at (tool, x, y);
  if (hex < 0 || hex == self->last_hex)
    return;
  if (self->last_hex < 0)
    {
      self->last_hex = hex;
      g_array_append_val (self->trail, hex);
      return;
    }

  path = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (path, self->last_hex);
  gbacw_map_tool_hex_line (tool, self->last_hex, hex, path);
  g_array_append_vals (self->trail, &g_array_index (path, int, 1), path->len - 1);
  self->last_hex = hex;
  self->moved = TRUE;
  gbacw_map_tool_queue_overlay (canvas);
  execute (self, gbacw_map_edit_draw_line (scenario, path, self->line_type, !self->erasing,
                                           gbacw_map_tool_get_stroke (tool)));
}

static void
gbacw_tool_line_pressed (GbacwTool       *tool,
                         GbacwMapCanvas  *canvas,
                         double           x,
                         double           y,
                         GdkModifierType  state)
{
  GbacwToolLine *self = GBACW_TOOL_LINE (tool);

  gbacw_map_tool_begin_stroke (GBACW_MAP_TOOL (self));
  self->erasing = self->erase != ((state & GDK_SHIFT_MASK) != 0);
  self->start_hex = gbacw_map_tool_hex_at (GBACW_MAP_TOOL (self), x, y);
  self->last_hex = -1;
  self->moved = FALSE;
  g_array_set_size (self->trail, 0);
  gbacw_map_tool_set_pointer (GBACW_MAP_TOOL (self), canvas, x, y);
  draw_to (self, canvas, x, y);
}

static void
gbacw_tool_line_dragged (GbacwTool       *tool,
                         GbacwMapCanvas  *canvas,
                         double           x,
                         double           y,
                         GdkModifierType  state)
{
  GbacwToolLine *self = GBACW_TOOL_LINE (tool);

  gbacw_map_tool_set_pointer (GBACW_MAP_TOOL (self), canvas, x, y);
  if (gbacw_map_tool_get_stroke (GBACW_MAP_TOOL (self)) != 0)
    draw_to (self, canvas, x, y);
}

static void
gbacw_tool_line_released (GbacwTool       *tool,
                          GbacwMapCanvas  *canvas,
                          double           x,
                          double           y,
                          GdkModifierType  state)
{
  GbacwToolLine *self = GBACW_TOOL_LINE (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));

  if (gbacw_map_tool_get_stroke (GBACW_MAP_TOOL (self)) == 0)
    return;
  draw_to (self, canvas, x, y);

  /* A click in erase mode clears the hex of the line type. */
  if (!self->moved && self->erasing && self->start_hex >= 0 && scenario != NULL && type_valid (self, scenario))
    execute (self, gbacw_map_edit_clear_lines_at (scenario, self->start_hex, self->line_type,
                                                  gbacw_map_tool_get_stroke (GBACW_MAP_TOOL (self))));

  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (self));
  self->last_hex = -1;
  g_array_set_size (self->trail, 0);
  gbacw_map_tool_queue_overlay (canvas);
}

static void
gbacw_tool_line_deactivate (GbacwTool      *tool,
                            GbacwMapCanvas *canvas)
{
  g_array_set_size (GBACW_TOOL_LINE (tool)->trail, 0);
  gbacw_map_tool_deactivate (tool, canvas);
}

static void
gbacw_tool_line_draw_overlay (GbacwTool      *tool,
                              GbacwMapCanvas *canvas,
                              cairo_t        *cr)
{
  GbacwToolLine *self = GBACW_TOOL_LINE (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  const GbacwHexGrid *grid;
  double cx, cy;
  int hex;

  if (scenario == NULL)
    return;
  grid = &scenario->map->grid;

  /* The stroke so far, centre to centre. */
  for (guint i = 0; i < self->trail->len; i++)
    {
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, g_array_index (self->trail, int, i)), &cx, &cy);
      if (i == 0)
        cairo_move_to (cr, cx, cy);
      else
        cairo_line_to (cr, cx, cy);
    }
  if (self->trail->len > 1)
    gbacw_map_tool_stroke_highlight (cr, 3.0);
  cairo_new_path (cr);

  if ((hex = gbacw_map_tool_get_pointer_hex (map_tool, NULL, NULL)) < 0)
    return;
  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), &cx, &cy);
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, 6 * gbacw_map_tool_pixel_size (cr), 0, 2 * G_PI);
  gbacw_map_tool_stroke_highlight (cr, 2.0);
}

static void
gbacw_tool_line_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_tool_line_deactivate;
  iface->pressed = gbacw_tool_line_pressed;
  iface->edits_on_press = TRUE;
  iface->dragged = gbacw_tool_line_dragged;
  iface->released = gbacw_tool_line_released;
  iface->motion = gbacw_map_tool_motion;
  iface->draw_overlay = gbacw_tool_line_draw_overlay;
}

/* ---------------------------------------------------------------- properties */

int
gbacw_tool_line_get_line_type (GbacwToolLine *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LINE (self), -1);
  return self->line_type;
}

void
gbacw_tool_line_set_line_type (GbacwToolLine *self,
                               int            line_type)
{
  g_return_if_fail (GBACW_IS_TOOL_LINE (self));

  gbacw_map_tool_update_int (GBACW_MAP_TOOL (self), &self->line_type,
                             CLAMP (line_type, -1, GBACW_MAX_LINE_TYPES - 1), properties[PROP_LINE_TYPE]);
}

gboolean
gbacw_tool_line_get_erase (GbacwToolLine *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LINE (self), FALSE);
  return self->erase;
}

void
gbacw_tool_line_set_erase (GbacwToolLine *self,
                           gboolean       erase)
{
  g_return_if_fail (GBACW_IS_TOOL_LINE (self));

  gbacw_map_tool_update_boolean (GBACW_MAP_TOOL (self), &self->erase, erase, properties[PROP_ERASE]);
}

static void
gbacw_tool_line_finalize (GObject *object)
{
  GbacwToolLine *self = GBACW_TOOL_LINE (object);

  g_array_unref (self->trail);

  G_OBJECT_CLASS (gbacw_tool_line_parent_class)->finalize (object);
}

static void
gbacw_tool_line_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GbacwToolLine *self = GBACW_TOOL_LINE (object);

  switch (prop_id)
    {
    case PROP_LINE_TYPE:
      g_value_set_int (value, self->line_type);
      break;
    case PROP_ERASE:
      g_value_set_boolean (value, self->erase);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_line_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GbacwToolLine *self = GBACW_TOOL_LINE (object);

  switch (prop_id)
    {
    case PROP_LINE_TYPE:
      gbacw_tool_line_set_line_type (self, g_value_get_int (value));
      break;
    case PROP_ERASE:
      gbacw_tool_line_set_erase (self, g_value_get_boolean (value));
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
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-line.ui", &builder);

  gbacw_tool_options_bind_chooser (options, tool, GTK_LIST_BOX (gtk_builder_get_object (builder, "line_list")),
                                   GBACW_CHOOSER_LINE, "line-type");
  gbacw_tool_options_bind (tool, "erase", gtk_builder_get_object (builder, "line_erase"), "active");
  return options;
}

static void
gbacw_tool_line_class_init (GbacwToolLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_tool_line_finalize;
  object_class->get_property = gbacw_tool_line_get_property;
  object_class->set_property = gbacw_tool_line_set_property;

  properties[PROP_LINE_TYPE] =
    g_param_spec_int ("line-type", NULL, NULL, -1, GBACW_MAX_LINE_TYPES - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERASE] =
    g_param_spec_boolean ("erase", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "line", N_("Roads and Railroads"),
                                        "gbacw-tool-line-symbolic", GDK_KEY_r);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_line_init (GbacwToolLine *self)
{
  self->start_hex = -1;
  self->last_hex = -1;
  self->trail = g_array_new (FALSE, FALSE, sizeof (int));
}

GbacwToolLine *
gbacw_tool_line_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_LINE, NULL);
}
