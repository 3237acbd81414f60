/* gbacw-tool-panel.c: the options of the current tool, in the side panel.
 *
 * One page per tool in a stack. Plain options (radius, modes, text) are bound to the
 * tools' properties; the choosers (terrain, hexside feature, line type, area, side) are
 * lists built from the document and kept in step with the tools by hand, as they map
 * rows to catalogue indices and ids. The fields that edit the map (the area's name, the
 * selected label, the selected hexside's name) go through the tools, which make the
 * undoable commands, and follow the document's changes.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-tool-area.h"
#include "gbacw-tool-brush.h"
#include "gbacw-tool-elevation.h"
#include "gbacw-tool-eraser.h"
#include "gbacw-tool-fill.h"
#include "gbacw-tool-hexside.h"
#include "gbacw-tool-label.h"
#include "gbacw-tool-line.h"
#include "gbacw-tool-panel.h"

typedef enum {
  CHOOSER_TERRAIN,
  CHOOSER_HEXSIDE,
  CHOOSER_LINE,
} ChooserKind;

struct _GbacwToolPanel
{
  GtkBox parent_instance;

  /* template */
  GtkLabel *title_label;
  GtkStack *stack;
  GtkListBox *brush_list;
  GtkLabel *brush_mask_label;
  GtkSpinButton *brush_radius;
  GtkCheckButton *brush_add;
  GtkListBox *fill_list;
  GtkToggleButton *elevation_set;
  GtkToggleButton *elevation_raise;
  GtkToggleButton *elevation_lower;
  GtkSpinButton *elevation_level;
  GtkLabel *elevation_height;
  GtkSpinButton *elevation_radius;
  GtkListBox *hexside_list;
  GtkLabel *hexside_name_place;
  GtkEntry *hexside_name;
  GtkListBox *line_list;
  GtkCheckButton *line_erase;
  GtkDropDown *area_dropdown;
  GtkCheckButton *area_erase;
  GtkEntry *area_name;
  GtkDropDown *area_kind;
  GtkDropDown *area_side;
  GtkButton *area_create;
  GtkEntry *area_rename;
  GtkButton *area_delete;
  GtkLabel *area_message;
  GtkEntry *label_text;
  GtkSpinButton *label_size;
  GtkCheckButton *label_erase;
  GtkWidget *label_selected_box;
  GtkEntry *label_selected_text;
  GtkSpinButton *label_angle;
  GtkButton *label_delete;
  GtkLabel *label_selected_hint;
  GtkCheckButton *eraser_terrain;
  GtkCheckButton *eraser_hexsides;
  GtkCheckButton *eraser_lines;
  GtkSpinButton *eraser_radius;

  GbacwDocument *document;
  GbacwToolBrush *brush;
  GbacwToolFill *fill;
  GbacwToolElevation *elevation;
  GbacwToolHexside *hexside;
  GbacwToolLine *line;
  GbacwToolArea *area;
  GbacwToolLabel *label;
  GbacwToolEraser *eraser;

  GPtrArray *area_ids;   /* char*, the area dropdown's rows */
  GPtrArray *side_ids;   /* char*, the side dropdown's rows after "No side" */
  gboolean syncing;      /* a chooser is being set from a tool: do not set the tool back */
  gboolean editing_label; /* the selected label's fields are being applied: leave them as typed */
};

G_DEFINE_FINAL_TYPE (GbacwToolPanel, gbacw_tool_panel, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const GbacwScenario *
get_scenario (GbacwToolPanel *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

/* ---------------------------------------------------------------- swatches */

static gboolean
parse_colour (const char *text, GdkRGBA *rgba)
{
  return text != NULL && gdk_rgba_parse (rgba, text);
}

static void
hexside_colour (const char *style, GdkRGBA *c)
{
  if (g_strcmp0 (style, "river") == 0 || g_strcmp0 (style, "stream") == 0 || g_strcmp0 (style, "ford") == 0)
    *c = (GdkRGBA) { 0.235, 0.478, 0.757, 1 };
  else if (g_strcmp0 (style, "crest") == 0 || g_strcmp0 (style, "steep-crest") == 0)
    *c = (GdkRGBA) { 0.545, 0.353, 0.169, 1 };
  else if (g_strcmp0 (style, "works") == 0 || g_strcmp0 (style, "redan") == 0)
    *c = (GdkRGBA) { 0.45, 0.12, 0.10, 1 };
  else if (g_strcmp0 (style, "fence") == 0)
    *c = (GdkRGBA) { 0.40, 0.30, 0.20, 1 };
  else
    *c = (GdkRGBA) { 0.25, 0.25, 0.25, 1 };
}

/* A small sample of the terrain, hexside feature or line type of a chooser row. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  GbacwToolPanel *self = GBACW_TOOL_PANEL (user_data);
  const GbacwScenario *scenario = get_scenario (self);
  ChooserKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "kind"));
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (area), "index"));
  GdkRGBA c = { 0.5, 0.5, 0.5, 1 };

  if (scenario == NULL)
    return;

  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_set_source_rgb (cr, 0.949, 0.925, 0.839);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  switch (kind)
    {
    case CHOOSER_TERRAIN:
      if (index < scenario->catalogue.hex_terrains->len)
        {
          const GbacwHexTerrain *t = g_ptr_array_index (scenario->catalogue.hex_terrains, index);
          parse_colour (t->fill, &c);
        }
      cairo_rectangle (cr, 1, 1, width - 2, height - 2);
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_fill (cr);
      break;
    case CHOOSER_HEXSIDE:
      if (index < scenario->catalogue.hexside_types->len)
        {
          const GbacwHexsideType *t = g_ptr_array_index (scenario->catalogue.hexside_types, index);
          hexside_colour (t->style, &c);
        }
      cairo_move_to (cr, 3, height / 2.0);
      cairo_line_to (cr, width - 3, height / 2.0);
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_set_line_width (cr, 3);
      cairo_stroke (cr);
      break;
    case CHOOSER_LINE:
    default:
      if (index < scenario->catalogue.line_types->len)
        {
          const GbacwLineType *t = g_ptr_array_index (scenario->catalogue.line_types, index);
          parse_colour (t->colour, &c);
          if (g_strcmp0 (t->style, "dashed") == 0)
            cairo_set_dash (cr, (double[]) { 4, 3 }, 2, 0);
        }
      cairo_move_to (cr, 3, height / 2.0);
      cairo_line_to (cr, width - 3, height / 2.0);
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_set_line_width (cr, 3);
      cairo_stroke (cr);
      break;
    }
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
fill_chooser (GbacwToolPanel *self,
              GtkListBox     *list,
              ChooserKind     kind)
{
  const GbacwScenario *scenario = get_scenario (self);
  GPtrArray *entries;

  clear_list (list);
  if (scenario == NULL)
    return;
  entries = kind == CHOOSER_TERRAIN ? scenario->catalogue.hex_terrains
          : kind == CHOOSER_HEXSIDE ? scenario->catalogue.hexside_types
          : scenario->catalogue.line_types;

  for (guint i = 0; i < entries->len; i++)
    {
      const char *id, *name;
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label;

      if (kind == CHOOSER_TERRAIN)
        {
          const GbacwHexTerrain *t = g_ptr_array_index (entries, i);
          id = t->id;
          name = t->name;
        }
      else if (kind == CHOOSER_HEXSIDE)
        {
          const GbacwHexsideType *t = g_ptr_array_index (entries, i);
          id = t->id;
          name = t->name;
        }
      else
        {
          const GbacwLineType *t = g_ptr_array_index (entries, i);
          id = t->id;
          name = t->name;
        }

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 28);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 16);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (swatch), "kind", GINT_TO_POINTER (kind));
      g_object_set_data (G_OBJECT (swatch), "index", GUINT_TO_POINTER (i));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, self, NULL);
      label = gtk_label_new (name != NULL && name[0] != '\0' ? name : id);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_box_append (GTK_BOX (box), swatch);
      gtk_box_append (GTK_BOX (box), label);
      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_end (box, 6);
      gtk_widget_set_margin_top (box, 4);
      gtk_widget_set_margin_bottom (box, 4);
      gtk_list_box_append (list, box);
    }
}

/* Selects row index of list, or none (index < 0). */
static void
select_row (GbacwToolPanel *self,
            GtkListBox     *list,
            int             index)
{
  GtkListBoxRow *row = index >= 0 ? gtk_list_box_get_row_at_index (list, index) : NULL;

  self->syncing = TRUE;
  if (row != NULL)
    gtk_list_box_select_row (list, row);
  else
    gtk_list_box_unselect_all (list);
  self->syncing = FALSE;
}

static int
single_bit (guint64 mask)
{
  if (mask == 0 || (mask & (mask - 1)) != 0)
    return -1;
  return __builtin_ctzll (mask);
}

static char *
describe_mask (const GbacwScenario *scenario,
               guint64              mask)
{
  GString *text = g_string_new (NULL);

  if (mask == 0)
    return g_string_free (text, FALSE);
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

/* ---------------------------------------------------------------- syncing choosers from tools */

static void
sync_brush (GbacwToolPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  guint64 mask;

  if (self->brush == NULL)
    return;
  mask = gbacw_tool_brush_get_mask (self->brush);
  select_row (self, self->brush_list, single_bit (mask));
  if (scenario != NULL && single_bit (mask) < 0)
    {
      g_autofree char *names = describe_mask (scenario, mask);
      g_autofree char *text = mask == 0 ? g_strdup (_("Erasing the terrain"))
                                        /* TRANSLATORS: terrains painted together, e.g. "Light woods + Swamp" */
                                        : g_strdup_printf (_("Painting %s"), names);
      gtk_label_set_text (self->brush_mask_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->brush_mask_label), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->brush_mask_label), FALSE);
}

static void
sync_fill (GbacwToolPanel *self)
{
  if (self->fill != NULL)
    select_row (self, self->fill_list, single_bit (gbacw_tool_fill_get_mask (self->fill)));
}

static void
sync_hexside (GbacwToolPanel *self)
{
  if (self->hexside != NULL)
    select_row (self, self->hexside_list, gbacw_tool_hexside_get_feature (self->hexside));
}

static void
sync_line (GbacwToolPanel *self)
{
  if (self->line != NULL)
    select_row (self, self->line_list, gbacw_tool_line_get_line_type (self->line));
}

static void
sync_elevation (GbacwToolPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  GbacwElevationMode mode;
  int feet = GBACW_UNSET;

  if (self->elevation == NULL)
    return;
  mode = gbacw_tool_elevation_get_mode (self->elevation);
  self->syncing = TRUE;
  gtk_toggle_button_set_active (mode == GBACW_ELEVATION_RAISE ? self->elevation_raise
                                : mode == GBACW_ELEVATION_LOWER ? self->elevation_lower
                                : self->elevation_set, TRUE);
  self->syncing = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->elevation_level), mode == GBACW_ELEVATION_SET);

  if (scenario != NULL)
    feet = gbacw_map_level_height (scenario->map, gbacw_tool_elevation_get_level (self->elevation));
  if (feet != GBACW_UNSET)
    {
      /* TRANSLATORS: the height of an elevation level */
      g_autofree char *text = g_strdup_printf (_("%d ft"), feet);
      gtk_label_set_text (self->elevation_height, text);
    }
  else
    gtk_label_set_text (self->elevation_height, "");
}

static void
sync_area (GbacwToolPanel *self)
{
  const char *id;
  guint position = GTK_INVALID_LIST_POSITION;

  if (self->area == NULL)
    return;
  id = gbacw_tool_area_get_area (self->area);
  for (guint i = 0; id != NULL && i < self->area_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->area_ids, i), id) == 0)
      position = i;
  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->area_dropdown, position);
  self->syncing = FALSE;

  {
    const GbacwScenario *scenario = get_scenario (self);
    const GbacwArea *area = scenario != NULL && id != NULL ? gbacw_map_find_area (scenario->map, id) : NULL;

    gtk_editable_set_text (GTK_EDITABLE (self->area_rename), area != NULL && area->name != NULL ? area->name : "");
    gtk_widget_set_sensitive (GTK_WIDGET (self->area_rename), area != NULL);
    gtk_widget_set_sensitive (GTK_WIDGET (self->area_delete), area != NULL);
  }
}

static void
show_area_message (GbacwToolPanel *self,
                   const char     *message)
{
  gtk_label_set_text (self->area_message, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->area_message), message != NULL);
}

/* The place of the selected hexside, as the panel names it. */
static char *
describe_hexside (const GbacwScenario *scenario,
                  GbacwHexsideId       id)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  g_autofree char *label_a = NULL;
  g_autofree char *label_b = NULL;
  GbacwHex a, b;

  if (!gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b))
    return g_strdup ("");
  if (gbacw_hex_grid_contains (grid, a))
    label_a = gbacw_hex_grid_format_label (grid, a);
  if (gbacw_hex_grid_contains (grid, b))
    label_b = gbacw_hex_grid_format_label (grid, b);
  if (label_a != NULL && label_b != NULL)
    /* TRANSLATORS: the hexside named, e.g. "Between 0707 and 0708" */
    return g_strdup_printf (_("Between %s and %s"), label_a, label_b);
  /* TRANSLATORS: a hexside on the edge of the map, e.g. "Map edge of 0101" */
  return g_strdup_printf (_("Map edge of %s"), label_a != NULL ? label_a : label_b);
}

static void
sync_hexside_name (GbacwToolPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  GbacwHexsideId id = self->hexside != NULL ? gbacw_tool_hexside_get_selected (self->hexside) : GBACW_HEXSIDE_NONE;
  const char *name;

  if (scenario == NULL || id == GBACW_HEXSIDE_NONE)
    {
      gtk_label_set_text (self->hexside_name_place, _("Click a hexside, or press N over one, to name it."));
      gtk_editable_set_text (GTK_EDITABLE (self->hexside_name), "");
      gtk_widget_set_sensitive (GTK_WIDGET (self->hexside_name), FALSE);
      return;
    }
  {
    g_autofree char *place = describe_hexside (scenario, id);
    gtk_label_set_text (self->hexside_name_place, place);
  }
  name = gbacw_tool_hexside_get_selected_name (self->hexside);
  gtk_editable_set_text (GTK_EDITABLE (self->hexside_name), name != NULL ? name : "");
  gtk_widget_set_sensitive (GTK_WIDGET (self->hexside_name), TRUE);
}

static void
sync_label_selection (GbacwToolPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  int index = self->label != NULL ? gbacw_tool_label_get_selected (self->label) : -1;
  const GbacwLabel *label = scenario != NULL && index >= 0 ? g_ptr_array_index (scenario->map->labels, index) : NULL;

  gtk_widget_set_sensitive (self->label_selected_box, label != NULL);
  gtk_label_set_text (self->label_selected_hint,
                      label != NULL ? _("Drag a label to move it; drag its round handle, or Shift+drag it, to turn it.")
                                    : _("No label selected: click one on the map."));
  if (self->editing_label)
    return;
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->label_selected_text), label != NULL ? label->text : "");
  gtk_spin_button_set_value (self->label_angle, label != NULL ? label->angle : 0);
  self->syncing = FALSE;
}

/* ---------------------------------------------------------------- lists from the document */

static const char *
area_kind_name (GbacwAreaKind kind)
{
  switch (kind)
    {
    case GBACW_AREA_TOWN:
      return _("town");
    case GBACW_AREA_SETUP:
      return _("set-up");
    case GBACW_AREA_ASSAULT:
      return _("assault");
    case GBACW_AREA_ENTRY:
      return _("entry");
    case GBACW_AREA_OBJECTIVE:
      return _("objective");
    case GBACW_AREA_EXIT:
      return _("exit");
    case GBACW_AREA_OTHER:
    default:
      return _("other");
    }
}

static void
rebuild_areas (GbacwToolPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_ptr_array_set_size (self->area_ids, 0);
  for (guint i = 0; scenario != NULL && i < scenario->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (scenario->map->areas, i);
      /* TRANSLATORS: an area in the area chooser: its name and kind, e.g. "Millersburg (town)" */
      g_autofree char *text = g_strdup_printf (_("%s (%s)"), area->name ? area->name : area->id,
                                               area_kind_name (area->kind));
      gtk_string_list_append (names, text);
      g_ptr_array_add (self->area_ids, g_strdup (area->id));
    }
  self->syncing = TRUE;
  gtk_drop_down_set_model (self->area_dropdown, G_LIST_MODEL (names));
  self->syncing = FALSE;
  sync_area (self);
}

static void
rebuild_sides (GbacwToolPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_ptr_array_set_size (self->side_ids, 0);
  gtk_string_list_append (names, _("No side"));
  for (guint i = 0; scenario != NULL && i < scenario->oob.sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (scenario->oob.sides, i);
      gtk_string_list_append (names, side->name ? side->name : side->id);
      g_ptr_array_add (self->side_ids, g_strdup (side->id));
    }
  gtk_drop_down_set_model (self->area_side, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->area_side, 0);
}

static void
rebuild_choosers (GbacwToolPanel *self)
{
  fill_chooser (self, self->brush_list, CHOOSER_TERRAIN);
  fill_chooser (self, self->fill_list, CHOOSER_TERRAIN);
  fill_chooser (self, self->hexside_list, CHOOSER_HEXSIDE);
  fill_chooser (self, self->line_list, CHOOSER_LINE);
  sync_brush (self);
  sync_fill (self);
  sync_hexside (self);
  sync_line (self);
}

static void
on_document_changed (GbacwToolPanel    *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  if (change->flags & GBACW_CHANGE_CATALOGUE)
    rebuild_choosers (self);
  if (change->flags & GBACW_CHANGE_AREAS)
    rebuild_areas (self);
  if (change->flags & GBACW_CHANGE_LABELS)
    sync_label_selection (self);
  if (change->flags & GBACW_CHANGE_HEXSIDES)
    sync_hexside_name (self);
  if (change->flags & GBACW_CHANGE_OOB)
    rebuild_sides (self);
  if (change->flags & GBACW_CHANGE_SETTINGS)
    sync_elevation (self);
}

GbacwDocument *
gbacw_tool_panel_get_document (GbacwToolPanel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_PANEL (self), NULL);
  return self->document;
}

void
gbacw_tool_panel_set_document (GbacwToolPanel *self,
                               GbacwDocument  *document)
{
  g_return_if_fail (GBACW_IS_TOOL_PANEL (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);

  rebuild_choosers (self);
  rebuild_areas (self);
  rebuild_sides (self);
  sync_elevation (self);
  sync_label_selection (self);
  sync_hexside_name (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/* ---------------------------------------------------------------- choosers to tools */

static void
on_brush_row_selected (GbacwToolPanel *self,
                       GtkListBoxRow  *row,
                       GtkListBox     *list)
{
  if (self->syncing || row == NULL || self->brush == NULL)
    return;
  gbacw_tool_brush_set_mask (self->brush, G_GUINT64_CONSTANT (1) << gtk_list_box_row_get_index (row));
}

static void
on_fill_row_selected (GbacwToolPanel *self,
                      GtkListBoxRow  *row,
                      GtkListBox     *list)
{
  if (self->syncing || row == NULL || self->fill == NULL)
    return;
  gbacw_tool_fill_set_mask (self->fill, G_GUINT64_CONSTANT (1) << gtk_list_box_row_get_index (row));
}

static void
on_hexside_row_selected (GbacwToolPanel *self,
                         GtkListBoxRow  *row,
                         GtkListBox     *list)
{
  if (self->syncing || row == NULL || self->hexside == NULL)
    return;
  gbacw_tool_hexside_set_feature (self->hexside, gtk_list_box_row_get_index (row));
}

static void
on_line_row_selected (GbacwToolPanel *self,
                      GtkListBoxRow  *row,
                      GtkListBox     *list)
{
  if (self->syncing || row == NULL || self->line == NULL)
    return;
  gbacw_tool_line_set_line_type (self->line, gtk_list_box_row_get_index (row));
}

static void
on_elevation_mode_toggled (GbacwToolPanel  *self,
                           GtkToggleButton *button)
{
  if (self->syncing || self->elevation == NULL || !gtk_toggle_button_get_active (button))
    return;
  gbacw_tool_elevation_set_mode (self->elevation,
                                 button == self->elevation_raise ? GBACW_ELEVATION_RAISE
                                 : button == self->elevation_lower ? GBACW_ELEVATION_LOWER
                                 : GBACW_ELEVATION_SET);
}

static void
on_area_selected (GbacwToolPanel *self,
                  GParamSpec     *pspec,
                  GtkDropDown    *dropdown)
{
  guint position = gtk_drop_down_get_selected (dropdown);

  if (self->syncing || self->area == NULL || position >= self->area_ids->len)
    return;
  show_area_message (self, NULL);
  gbacw_tool_area_set_area (self->area, g_ptr_array_index (self->area_ids, position));
}

static void
on_area_rename (GbacwToolPanel *self,
                GtkEntry       *entry)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (self->area == NULL || gbacw_tool_area_get_area (self->area) == NULL)
    return;
  id = g_strdup (gbacw_tool_area_get_area (self->area));
  if (gbacw_tool_area_rename_area (self->area, id, gtk_editable_get_text (GTK_EDITABLE (entry)), &error))
    show_area_message (self, NULL);
  else if (error != NULL)
    show_area_message (self, error->message);
}

static void
on_area_delete (GbacwToolPanel *self,
                GtkButton      *button)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (self->area == NULL || gbacw_tool_area_get_area (self->area) == NULL)
    return;
  id = g_strdup (gbacw_tool_area_get_area (self->area));
  if (gbacw_tool_area_delete_area (self->area, id, &error))
    show_area_message (self, NULL);
  else if (error != NULL)
    show_area_message (self, error->message);
}

/* ---------------------------------------------------------------- the selected label and hexside */

static void
on_label_text_changed (GbacwToolPanel *self,
                       GtkEditable    *editable)
{
  if (self->syncing || self->label == NULL)
    return;
  self->editing_label = TRUE;
  gbacw_tool_label_set_selected_text (self->label, gtk_editable_get_text (editable));
  self->editing_label = FALSE;
}

static void
on_label_angle_changed (GbacwToolPanel *self,
                        GtkSpinButton  *spin)
{
  if (self->syncing || self->label == NULL)
    return;
  self->editing_label = TRUE;
  gbacw_tool_label_set_selected_angle (self->label, gtk_spin_button_get_value (spin));
  self->editing_label = FALSE;
}

static void
on_label_delete (GbacwToolPanel *self,
                 GtkButton      *button)
{
  if (self->label != NULL)
    gbacw_tool_label_delete_selected (self->label);
}

/* Gives entry the keyboard, its text selected to be typed over, once the event being
 * handled is over: the press of a double-click gives the map the keyboard after the
 * double-click itself is seen. */
static gboolean
focus_entry_now (gpointer data)
{
  GtkWidget *entry = data;

  if (gtk_widget_get_root (entry) != NULL && gtk_widget_is_sensitive (entry))
    {
      gtk_widget_grab_focus (entry);
      gtk_editable_select_region (GTK_EDITABLE (entry), 0, -1);
    }
  return G_SOURCE_REMOVE;
}

static void
focus_entry (GtkEntry *entry)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, focus_entry_now, g_object_ref (entry), g_object_unref);
}

/* A double-click on a label: its text, ready to be typed over. */
static void
on_label_edit_requested (GbacwToolPanel *self)
{
  focus_entry (self->label_selected_text);
}

static void
on_hexside_name_activate (GbacwToolPanel *self,
                          GtkEntry       *entry)
{
  if (self->hexside != NULL)
    gbacw_tool_hexside_set_selected_name (self->hexside, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_hexside_name_requested (GbacwToolPanel *self)
{
  focus_entry (self->hexside_name);
}

static void
on_area_create (GbacwToolPanel *self,
                GtkButton      *button)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->area_name));
  guint kind = gtk_drop_down_get_selected (self->area_kind);
  guint side = gtk_drop_down_get_selected (self->area_side);
  g_autofree char *id = NULL;

  if (self->area == NULL || name == NULL || name[0] == '\0')
    return;
  if (kind > GBACW_AREA_OTHER)
    kind = GBACW_AREA_OTHER;
  id = gbacw_tool_area_new_area (self->area, name, (GbacwAreaKind) kind,
                                 side >= 1 && side <= self->side_ids->len ? g_ptr_array_index (self->side_ids, side - 1)
                                                                          : NULL);
  if (id != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->area_name), "");
}

static void
on_area_name_changed (GbacwToolPanel *self,
                      GtkEditable    *editable)
{
  const char *text = gtk_editable_get_text (editable);
  gtk_widget_set_sensitive (GTK_WIDGET (self->area_create), text != NULL && text[0] != '\0');
}

/* ---------------------------------------------------------------- tools */

static void
bind (gpointer    source,
      const char *source_property,
      gpointer    target,
      const char *target_property)
{
  g_object_bind_property (source, source_property, target, target_property,
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

void
gbacw_tool_panel_set_tool (GbacwToolPanel *self,
                           const char     *name,
                           GbacwTool      *tool)
{
  g_return_if_fail (GBACW_IS_TOOL_PANEL (self));
  g_return_if_fail (name != NULL);
  g_return_if_fail (GBACW_IS_TOOL (tool));

  if (g_str_equal (name, "brush") && GBACW_IS_TOOL_BRUSH (tool))
    {
      g_set_object (&self->brush, GBACW_TOOL_BRUSH (tool));
      bind (tool, "radius", self->brush_radius, "value");
      bind (tool, "add", self->brush_add, "active");
      g_signal_connect_object (tool, "notify::mask", G_CALLBACK (sync_brush), self, G_CONNECT_SWAPPED);
      sync_brush (self);
    }
  else if (g_str_equal (name, "fill") && GBACW_IS_TOOL_FILL (tool))
    {
      g_set_object (&self->fill, GBACW_TOOL_FILL (tool));
      g_signal_connect_object (tool, "notify::mask", G_CALLBACK (sync_fill), self, G_CONNECT_SWAPPED);
      sync_fill (self);
    }
  else if (g_str_equal (name, "elevation") && GBACW_IS_TOOL_ELEVATION (tool))
    {
      g_set_object (&self->elevation, GBACW_TOOL_ELEVATION (tool));
      bind (tool, "level", self->elevation_level, "value");
      bind (tool, "radius", self->elevation_radius, "value");
      g_signal_connect_object (tool, "notify::mode", G_CALLBACK (sync_elevation), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (tool, "notify::level", G_CALLBACK (sync_elevation), self, G_CONNECT_SWAPPED);
      sync_elevation (self);
    }
  else if (g_str_equal (name, "hexside") && GBACW_IS_TOOL_HEXSIDE (tool))
    {
      g_set_object (&self->hexside, GBACW_TOOL_HEXSIDE (tool));
      g_signal_connect_object (tool, "notify::feature", G_CALLBACK (sync_hexside), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (tool, "notify::selected", G_CALLBACK (sync_hexside_name), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (tool, "name-requested", G_CALLBACK (on_hexside_name_requested), self,
                               G_CONNECT_SWAPPED);
      sync_hexside (self);
      sync_hexside_name (self);
    }
  else if (g_str_equal (name, "line") && GBACW_IS_TOOL_LINE (tool))
    {
      g_set_object (&self->line, GBACW_TOOL_LINE (tool));
      bind (tool, "erase", self->line_erase, "active");
      g_signal_connect_object (tool, "notify::line-type", G_CALLBACK (sync_line), self, G_CONNECT_SWAPPED);
      sync_line (self);
    }
  else if (g_str_equal (name, "area") && GBACW_IS_TOOL_AREA (tool))
    {
      g_set_object (&self->area, GBACW_TOOL_AREA (tool));
      bind (tool, "erase", self->area_erase, "active");
      g_signal_connect_object (tool, "notify::area", G_CALLBACK (sync_area), self, G_CONNECT_SWAPPED);
      sync_area (self);
    }
  else if (g_str_equal (name, "label") && GBACW_IS_TOOL_LABEL (tool))
    {
      g_set_object (&self->label, GBACW_TOOL_LABEL (tool));
      bind (tool, "text", self->label_text, "text");
      bind (tool, "size", self->label_size, "value");
      bind (tool, "erase", self->label_erase, "active");
      g_signal_connect_object (tool, "notify::selected", G_CALLBACK (sync_label_selection), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (tool, "edit-requested", G_CALLBACK (on_label_edit_requested), self,
                               G_CONNECT_SWAPPED);
      sync_label_selection (self);
    }
  else if (g_str_equal (name, "eraser") && GBACW_IS_TOOL_ERASER (tool))
    {
      g_set_object (&self->eraser, GBACW_TOOL_ERASER (tool));
      bind (tool, "terrain", self->eraser_terrain, "active");
      bind (tool, "hexsides", self->eraser_hexsides, "active");
      bind (tool, "lines", self->eraser_lines, "active");
      bind (tool, "radius", self->eraser_radius, "value");
    }
}

void
gbacw_tool_panel_show_tool (GbacwToolPanel *self,
                            const char     *name,
                            const char     *title)
{
  g_return_if_fail (GBACW_IS_TOOL_PANEL (self));
  g_return_if_fail (name != NULL);

  if (gtk_stack_get_child_by_name (self->stack, name) == NULL)
    name = "navigate";
  gtk_stack_set_visible_child_name (self->stack, name);
  gtk_label_set_text (self->title_label, title ? title : "");
}

const char *
gbacw_tool_panel_get_visible_tool (GbacwToolPanel *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_PANEL (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_tool_panel_dispose (GObject *object)
{
  GbacwToolPanel *self = GBACW_TOOL_PANEL (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  g_clear_object (&self->brush);
  g_clear_object (&self->fill);
  g_clear_object (&self->elevation);
  g_clear_object (&self->hexside);
  g_clear_object (&self->line);
  g_clear_object (&self->area);
  g_clear_object (&self->label);
  g_clear_object (&self->eraser);

  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_TOOL_PANEL);

  G_OBJECT_CLASS (gbacw_tool_panel_parent_class)->dispose (object);
}

static void
gbacw_tool_panel_finalize (GObject *object)
{
  GbacwToolPanel *self = GBACW_TOOL_PANEL (object);

  g_ptr_array_unref (self->area_ids);
  g_ptr_array_unref (self->side_ids);

  G_OBJECT_CLASS (gbacw_tool_panel_parent_class)->finalize (object);
}

static void
gbacw_tool_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GbacwToolPanel *self = GBACW_TOOL_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_panel_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GbacwToolPanel *self = GBACW_TOOL_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_tool_panel_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_panel_class_init (GbacwToolPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_tool_panel_dispose;
  object_class->finalize = gbacw_tool_panel_finalize;
  object_class->get_property = gbacw_tool_panel_get_property;
  object_class->set_property = gbacw_tool_panel_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-tool-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, brush_list);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, brush_mask_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, brush_radius);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, brush_add);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, fill_list);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, elevation_set);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, elevation_raise);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, elevation_lower);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, elevation_level);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, elevation_height);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, elevation_radius);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, hexside_list);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, hexside_name_place);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, hexside_name);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, line_list);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, line_erase);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_erase);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_name);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_kind);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_side);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_create);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_rename);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_delete);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, area_message);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, label_text);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, label_size);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, label_erase);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, label_selected_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, label_selected_text);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, label_angle);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, label_delete);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, label_selected_hint);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, eraser_terrain);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, eraser_hexsides);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, eraser_lines);
  gtk_widget_class_bind_template_child (widget_class, GbacwToolPanel, eraser_radius);
}

static void
gbacw_tool_panel_init (GbacwToolPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->area_ids = g_ptr_array_new_with_free_func (g_free);
  self->side_ids = g_ptr_array_new_with_free_func (g_free);

  g_signal_connect_swapped (self->brush_list, "row-selected", G_CALLBACK (on_brush_row_selected), self);
  g_signal_connect_swapped (self->fill_list, "row-selected", G_CALLBACK (on_fill_row_selected), self);
  g_signal_connect_swapped (self->hexside_list, "row-selected", G_CALLBACK (on_hexside_row_selected), self);
  g_signal_connect_swapped (self->line_list, "row-selected", G_CALLBACK (on_line_row_selected), self);
  g_signal_connect_swapped (self->elevation_set, "toggled", G_CALLBACK (on_elevation_mode_toggled), self);
  g_signal_connect_swapped (self->elevation_raise, "toggled", G_CALLBACK (on_elevation_mode_toggled), self);
  g_signal_connect_swapped (self->elevation_lower, "toggled", G_CALLBACK (on_elevation_mode_toggled), self);
  g_signal_connect_swapped (self->area_dropdown, "notify::selected", G_CALLBACK (on_area_selected), self);
  g_signal_connect_swapped (self->area_create, "clicked", G_CALLBACK (on_area_create), self);
  g_signal_connect_swapped (self->area_name, "changed", G_CALLBACK (on_area_name_changed), self);
  g_signal_connect_swapped (self->area_name, "activate", G_CALLBACK (on_area_create), self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->area_create), FALSE);
  g_signal_connect_swapped (self->area_rename, "activate", G_CALLBACK (on_area_rename), self);
  g_signal_connect_swapped (self->area_delete, "clicked", G_CALLBACK (on_area_delete), self);
  g_signal_connect_swapped (self->label_selected_text, "changed", G_CALLBACK (on_label_text_changed), self);
  g_signal_connect_swapped (self->label_angle, "value-changed", G_CALLBACK (on_label_angle_changed), self);
  g_signal_connect_swapped (self->label_delete, "clicked", G_CALLBACK (on_label_delete), self);
  g_signal_connect_swapped (self->hexside_name, "activate", G_CALLBACK (on_hexside_name_activate), self);

  rebuild_areas (self);
  rebuild_sides (self);
  sync_label_selection (self);
  sync_hexside_name (self);
}

GtkWidget *
gbacw_tool_panel_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_PANEL, NULL);
}
