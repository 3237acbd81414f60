/* gbacw-tool-label.c: places and removes place-name labels.
 *
 * A click places a label with the tool's text, centred where the click was (the label is
 * kept as an offset from the centre of the hex clicked). In erase mode, or with shift
 * held, a click removes the labels of the hex instead.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-collection-edit.h"
#include "gbacw-tool-label.h"

struct _GbacwToolLabel
{
  GbacwMapTool parent_instance;

  char *text;
  double size;
  gboolean erase;
};

static void gbacw_tool_label_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolLabel, gbacw_tool_label, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_label_tool_init))

enum {
  PROP_0,
  PROP_TEXT,
  PROP_SIZE,
  PROP_ERASE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Offsets are kept to a twentieth of a hex radius: enough, and tidy in the file. */
static double
round_offset (double v)
{
  return round (v * 20) / 20;
}

static void
gbacw_tool_label_pressed (GbacwTool       *tool,
                          GbacwMapCanvas  *canvas,
                          double           x,
                          double           y,
                          GdkModifierType  state)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  g_autoptr(GbacwCollectionEdit) edit = NULL;
  gboolean erasing = self->erase != ((state & GDK_SHIFT_MASK) != 0);
  int hex = gbacw_map_tool_hex_at (map_tool, x, y);

  if (scenario == NULL || hex < 0)
    return;

  if (erasing)
    {
      const GPtrArray *labels = scenario->map->labels;

      edit = gbacw_collection_edit_new (_("Remove label"), 0);
      /* From the end, so that the indices of the ones still to remove stay right. */
      for (guint i = labels->len; i-- > 0;)
        if (((const GbacwLabel *) g_ptr_array_index (labels, i))->hex == hex)
          gbacw_collection_edit_remove (edit, GBACW_COLLECTION_LABELS, i);
    }
  else if (self->text != NULL && self->text[0] != '\0')
    {
      GbacwLabel *label = g_new0 (GbacwLabel, 1);
      double cx, cy;

      gbacw_hex_grid_centre (&scenario->map->grid, gbacw_hex_grid_hex_at (&scenario->map->grid, hex), &cx, &cy);
      label->hex = hex;
      label->dx = round_offset (x - cx);
      label->dy = round_offset (y - cy);
      label->size = self->size;
      label->angle = 0;
      label->text = g_strdup (self->text);
      edit = gbacw_collection_edit_new (_("Add label"), 0);
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_LABELS, scenario->map->labels->len, label);
    }

  if (edit != NULL && gbacw_collection_edit_get_n_operations (edit) > 0)
    gbacw_map_tool_execute (map_tool, GBACW_COMMAND (g_steal_pointer (&edit)));
}

/* The hex the label would belong to, and a preview of the text where it would go. */
static void
gbacw_tool_label_draw_overlay (GbacwTool      *tool,
                               GbacwMapCanvas *canvas,
                               cairo_t        *cr)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (tool);
  cairo_text_extents_t extents;
  double x, y;

  if (gbacw_map_tool_draw_pointer_hex (GBACW_MAP_TOOL (tool), cr, &x, &y) < 0)
    return;

  if (self->erase || self->text == NULL || self->text[0] == '\0')
    return;
  cairo_save (cr);
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 0.36 * self->size);
  cairo_text_extents (cr, self->text, &extents);
  cairo_move_to (cr, x - extents.width / 2 - extents.x_bearing, y - extents.height / 2 - extents.y_bearing);
  cairo_text_path (cr, self->text);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_set_line_width (cr, 3 * gbacw_map_tool_pixel_size (cr));
  cairo_stroke_preserve (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.6);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
gbacw_tool_label_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_map_tool_deactivate;
  iface->pressed = gbacw_tool_label_pressed;
  iface->motion = gbacw_map_tool_motion;
  iface->draw_overlay = gbacw_tool_label_draw_overlay;
}

/* ---------------------------------------------------------------- properties */

const char *
gbacw_tool_label_get_text (GbacwToolLabel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), NULL);
  return self->text;
}

void
gbacw_tool_label_set_text (GbacwToolLabel *self,
                           const char     *text)
{
  g_return_if_fail (GBACW_IS_TOOL_LABEL (self));

  if (text == NULL)
    text = "";
  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

double
gbacw_tool_label_get_size (GbacwToolLabel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), 1.0);
  return self->size;
}

void
gbacw_tool_label_set_size (GbacwToolLabel *self,
                           double          size)
{
  g_return_if_fail (GBACW_IS_TOOL_LABEL (self));

  size = CLAMP (size, 0.25, 4.0);
  if (self->size == size)
    return;
  self->size = size;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIZE]);
}

gboolean
gbacw_tool_label_get_erase (GbacwToolLabel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_LABEL (self), FALSE);
  return self->erase;
}

void
gbacw_tool_label_set_erase (GbacwToolLabel *self,
                            gboolean        erase)
{
  g_return_if_fail (GBACW_IS_TOOL_LABEL (self));

  gbacw_map_tool_update_boolean (GBACW_MAP_TOOL (self), &self->erase, erase, properties[PROP_ERASE]);
}

static void
gbacw_tool_label_finalize (GObject *object)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (object);

  g_free (self->text);

  G_OBJECT_CLASS (gbacw_tool_label_parent_class)->finalize (object);
}

static void
gbacw_tool_label_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    case PROP_SIZE:
      g_value_set_double (value, self->size);
      break;
    case PROP_ERASE:
      g_value_set_boolean (value, self->erase);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_label_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GbacwToolLabel *self = GBACW_TOOL_LABEL (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      gbacw_tool_label_set_text (self, g_value_get_string (value));
      break;
    case PROP_SIZE:
      gbacw_tool_label_set_size (self, g_value_get_double (value));
      break;
    case PROP_ERASE:
      gbacw_tool_label_set_erase (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_label_class_init (GbacwToolLabelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_tool_label_finalize;
  object_class->get_property = gbacw_tool_label_get_property;
  object_class->set_property = gbacw_tool_label_set_property;

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SIZE] =
    g_param_spec_double ("size", NULL, NULL, 0.25, 4.0, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERASE] =
    g_param_spec_boolean ("erase", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_tool_label_init (GbacwToolLabel *self)
{
  self->text = g_strdup ("");
  self->size = 1.0;
}

GbacwToolLabel *
gbacw_tool_label_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_LABEL, NULL);
}
