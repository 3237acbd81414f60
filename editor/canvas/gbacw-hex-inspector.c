/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-inspector.c: everything about the hex under the pointer, in the side panel.
 *
 * Its label, terrains, elevation (level and height in feet), the features of its six
 * hexsides with the inside of works and redans, the lines leaving it, the areas and
 * labels it is in, and the units deployed there. Redrawn whenever the document changes.
 */
#define G_LOG_DOMAIN "gbacw-hex-inspector"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-hex-inspector-private.h"

struct _GbacwHexInspector
{
  GtkBox parent_instance;

  /* template */
  GtkLabel *title_label;
  GtkWidget *grid;
  GtkLabel *terrain_label;
  GtkLabel *elevation_label;
  GtkLabel *hexsides_label;
  GtkLabel *lines_label;
  GtkLabel *areas_label;
  GtkLabel *labels_label;
  GtkLabel *units_label;

  GbacwDocument *document;
  int hex;
};

G_DEFINE_FINAL_TYPE (GbacwHexInspector, gbacw_hex_inspector, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_HEX,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_text (GtkLabel   *label,
          GString    *text)
{
  /* TRANSLATORS: the inspector's way of saying "nothing" */
  gtk_label_set_text (label, text->len > 0 ? text->str : _("—"));
}

static char *
direction_label (GbacwGridOrientation orientation,
                 int                  direction)
{
  return g_ascii_strup (gbacw_hex_direction_name (orientation, direction), -1);
}

static void
update (GbacwHexInspector *self)
{
  const GbacwScenario *scenario;
  const GbacwMap *map;
  const GbacwHexGrid *grid;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *label = NULL;
  g_autofree char *title = NULL;
  GbacwHex hex;
  int level, feet;

  if (self->document == NULL || self->hex < 0 ||
      self->hex >= gbacw_hex_grid_n_hexes (&gbacw_document_get_scenario (self->document)->map->grid))
    {
      gtk_label_set_text (self->title_label, _("Point at a hex to see what is there"));
      gtk_widget_set_visible (self->grid, FALSE);
      return;
    }
  scenario = gbacw_document_get_scenario (self->document);
  map = scenario->map;
  grid = &map->grid;
  hex = gbacw_hex_grid_hex_at (grid, self->hex);

  label = gbacw_hex_grid_format_label (grid, hex);
  /* TRANSLATORS: the inspector's title, e.g. "Hex 0907" */
  title = g_strdup_printf (_("Hex %s"), label);
  gtk_label_set_text (self->title_label, title);
  gtk_widget_set_visible (self->grid, TRUE);

  /* terrain */
  if (map->terrain[self->hex] == 0)
    g_string_append (text, _("not painted"));
  for (guint t = 0; t < scenario->catalogue.hex_terrains->len && t < 64; t++)
    if (map->terrain[self->hex] & (G_GUINT64_CONSTANT (1) << t))
      {
        const GbacwHexTerrain *terrain = g_ptr_array_index (scenario->catalogue.hex_terrains, t);
        if (text->len > 0)
          g_string_append (text, ", ");
        g_string_append (text, terrain->name ? terrain->name : terrain->id);
      }
  gtk_label_set_text (self->terrain_label, text->str);

  /* elevation */
  g_string_truncate (text, 0);
  level = map->elevation[self->hex];
  feet = gbacw_map_level_height (map, level);
  if (feet != GBACW_UNSET)
    g_string_append_printf (text, _("Level %d, %d ft"), level, feet);
  else
    g_string_append_printf (text, _("Level %d (height not entered)"), level);
  gtk_label_set_text (self->elevation_label, text->str);

  /* hexsides, one line each */
  g_string_truncate (text, 0);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (grid, hex, d);
      g_autofree char *dir = direction_label (grid->orientation, d);
      guint32 features = id != GBACW_HEXSIDE_NONE ? map->hexside_features[id] : 0;
      const char *name = id != GBACW_HEXSIDE_NONE ? g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (id)) : NULL;
      GbacwHex a, b;
      gboolean first = TRUE;

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, "%s: ", dir);
      if (features == 0)
        {
          g_string_append (text, _("—"));
          continue;
        }
      gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
      for (guint t = 0; t < scenario->catalogue.hexside_types->len && t < GBACW_MAX_HEXSIDE_TYPES; t++)
        {
          const GbacwHexsideType *type = g_ptr_array_index (scenario->catalogue.hexside_types, t);

          if (!(features & (1u << t)))
            continue;
          if (!first)
            g_string_append (text, ", ");
          first = FALSE;
          g_string_append (text, type->name ? type->name : type->id);
          if (type->side == GBACW_SIDE_MODE_INSIDE)
            {
              GbacwHex inside = (map->hexside_inside[id] & (1u << t)) ? b : a;
              if (gbacw_hex_equal (inside, hex))
                g_string_append (text, _(" (inside: this hex)"));
              else
                {
                  g_autofree char *other = gbacw_hex_grid_format_label (grid, inside);
                  /* TRANSLATORS: the inside of works or a redan is the hex across the hexside */
                  g_string_append_printf (text, _(" (inside: %s)"), other);
                }
            }
        }
      if (name != NULL)
        g_string_append_printf (text, " “%s”", name);
    }
  gtk_label_set_text (self->hexsides_label, text->str);

  /* lines: each type with the directions it leaves in */
  g_string_truncate (text, 0);
  for (guint t = 0; t < scenario->catalogue.line_types->len && t < GBACW_MAX_LINE_TYPES; t++)
    {
      const GbacwLineType *type = g_ptr_array_index (scenario->catalogue.line_types, t);
      g_autoptr(GString) dirs = g_string_new (NULL);

      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          GbacwHexsideId id = gbacw_hex_grid_hexside (grid, hex, d);
          if (id != GBACW_HEXSIDE_NONE && (map->hexside_lines[id] & (1u << t)))
            {
              g_autofree char *dir = direction_label (grid->orientation, d);
              if (dirs->len > 0)
                g_string_append (dirs, ", ");
              g_string_append (dirs, dir);
            }
        }
      if (dirs->len == 0)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, "%s: %s", type->name ? type->name : type->id, dirs->str);
    }
  set_text (self->lines_label, text);

  /* areas */
  g_string_truncate (text, 0);
  for (guint i = 0; i < map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (map->areas, i);
      if (!gbacw_area_contains (area, self->hex))
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, area->name ? area->name : area->id);
    }
  set_text (self->areas_label, text);

  /* labels */
  g_string_truncate (text, 0);
  for (guint i = 0; i < map->labels->len; i++)
    {
      const GbacwLabel *l = g_ptr_array_index (map->labels, i);
      if (l->hex != self->hex || l->text == NULL)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, l->text);
    }
  set_text (self->labels_label, text);

  /* units, top of the stack first */
  g_string_truncate (text, 0);
  for (guint i = 0; i < scenario->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
      const GbacwUnit *unit;
      const GbacwSide *side;

      if (p->hex != self->hex)
        continue;
      unit = gbacw_oob_find_unit (&scenario->oob, p->unit);
      side = unit ? gbacw_oob_find_side (&scenario->oob, unit->side) : NULL;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, unit && unit->designation ? unit->designation : p->unit);
      if (side != NULL)
        g_string_append_printf (text, " (%s)", side->name ? side->name : side->id);
    }
  set_text (self->units_label, text);
}

static void
on_document_changed (GbacwHexInspector *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  update (self);
}

GbacwDocument *
gbacw_hex_inspector_get_document (GbacwHexInspector *self)
{
  g_return_val_if_fail (GBACW_IS_HEX_INSPECTOR (self), NULL);
  return self->document;
}

void
gbacw_hex_inspector_set_document (GbacwHexInspector *self,
                                  GbacwDocument     *document)
{
  g_return_if_fail (GBACW_IS_HEX_INSPECTOR (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  self->hex = -1;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

int
gbacw_hex_inspector_get_hex (GbacwHexInspector *self)
{
  g_return_val_if_fail (GBACW_IS_HEX_INSPECTOR (self), -1);
  return self->hex;
}

void
gbacw_hex_inspector_set_hex (GbacwHexInspector *self,
                             int                hex)
{
  g_return_if_fail (GBACW_IS_HEX_INSPECTOR (self));

  if (hex < 0)
    hex = -1;
  if (self->hex == hex)
    return;
  self->hex = hex;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEX]);
}

const char *
gbacw_hex_inspector_get_text (GbacwHexInspector *self,
                              const char        *part)
{
  g_return_val_if_fail (GBACW_IS_HEX_INSPECTOR (self), NULL);
  g_return_val_if_fail (part != NULL, NULL);

  if (g_str_equal (part, "title"))
    return gtk_label_get_text (self->title_label);
  if (g_str_equal (part, "terrain"))
    return gtk_label_get_text (self->terrain_label);
  if (g_str_equal (part, "elevation"))
    return gtk_label_get_text (self->elevation_label);
  if (g_str_equal (part, "hexsides"))
    return gtk_label_get_text (self->hexsides_label);
  if (g_str_equal (part, "lines"))
    return gtk_label_get_text (self->lines_label);
  if (g_str_equal (part, "areas"))
    return gtk_label_get_text (self->areas_label);
  if (g_str_equal (part, "labels"))
    return gtk_label_get_text (self->labels_label);
  if (g_str_equal (part, "units"))
    return gtk_label_get_text (self->units_label);
  g_return_val_if_reached (NULL);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_hex_inspector_dispose (GObject *object)
{
  GbacwHexInspector *self = GBACW_HEX_INSPECTOR (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);

  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_HEX_INSPECTOR);

  G_OBJECT_CLASS (gbacw_hex_inspector_parent_class)->dispose (object);
}

static void
gbacw_hex_inspector_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  GbacwHexInspector *self = GBACW_HEX_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_HEX:
      g_value_set_int (value, self->hex);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_hex_inspector_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  GbacwHexInspector *self = GBACW_HEX_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_hex_inspector_set_document (self, g_value_get_object (value));
      break;
    case PROP_HEX:
      gbacw_hex_inspector_set_hex (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_hex_inspector_class_init (GbacwHexInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_hex_inspector_dispose;
  object_class->get_property = gbacw_hex_inspector_get_property;
  object_class->set_property = gbacw_hex_inspector_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HEX] =
    g_param_spec_int ("hex", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-hex-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, title_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, grid);
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, terrain_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, elevation_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, hexsides_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, lines_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, areas_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, labels_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwHexInspector, units_label);
}

static void
gbacw_hex_inspector_init (GbacwHexInspector *self)
{
  self->hex = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  update (self);
}

GtkWidget *
gbacw_hex_inspector_new (void)
{
  return g_object_new (GBACW_TYPE_HEX_INSPECTOR, NULL);
}
