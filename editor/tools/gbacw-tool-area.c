/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-area.c: paints hexes into and out of a named area (a town, a set-up area…).
 *
 * Each step of a drag replaces the area with a copy holding the hexes added or taken
 * out; the replacements of one stroke share a merge key and are one undo step. Shift
 * inverts the erase option for one stroke. The area painted is always the one the user
 * chose (or made), named in a badge by the pointer and at the top of the options: with
 * none chosen a click paints nothing and the status line says why.
 */
#define G_LOG_DOMAIN "gbacw-tool-area"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-collection-edit.h"
#include "gbacw-hex-path.h"
#include "gbacw-map-edit.h"
#include "gbacw-tool-area.h"
#include "gbacw-tool-options.h"

struct _GbacwToolArea
{
  GbacwMapTool parent_instance;

  char *area;
  gboolean erase;

  gboolean erasing;
};

static void gbacw_tool_area_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolArea, gbacw_tool_area, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_area_tool_init))

enum {
  PROP_0,
  PROP_AREA,
  PROP_ERASE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static int
find_area (const GbacwScenario *scenario,
           const char          *id)
{
  if (id == NULL)
    return -1;
  for (guint i = 0; i < scenario->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (scenario->map->areas, i);
      if (g_strcmp0 (area->id, id) == 0)
        return (int) i;
    }
  return -1;
}

static void
paint (GbacwMapTool *tool,
       GArray       *path)
{
  GbacwToolArea *self = GBACW_TOOL_AREA (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  g_autoptr(GbacwCollectionEdit) edit = NULL;
  const GbacwArea *area;
  GbacwArea *copy;
  gboolean changed = FALSE;
  int index;

  if (scenario == NULL || (index = find_area (scenario, self->area)) < 0)
    return;
  area = g_ptr_array_index (scenario->map->areas, index);
  copy = gbacw_area_copy (area);
  for (guint i = 0; i < path->len; i++)
    {
      int hex = g_array_index (path, int, i);
      gboolean member = gbacw_area_contains (copy, hex);

      if (self->erasing && member)
        {
          for (guint k = 0; k < copy->hexes->len; k++)
            if (g_array_index (copy->hexes, int, k) == hex)
              {
                g_array_remove_index (copy->hexes, k);
                break;
              }
          changed = TRUE;
        }
      else if (!self->erasing && !member)
        {
          g_array_append_val (copy->hexes, hex);
          gbacw_area_sort (copy);
          changed = TRUE;
        }
    }
  if (!changed)
    {
      gbacw_area_free (copy);
      return;
    }

  edit = gbacw_collection_edit_new (self->erasing ? _("Erase from area") : _("Paint area"),
                                    gbacw_map_tool_get_stroke (tool));
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_AREAS, (guint) index, copy);
  gbacw_map_tool_execute (tool, GBACW_COMMAND (g_steal_pointer (&edit)));
}

char *
gbacw_tool_area_describe_target (GbacwToolArea *self)
{
  const GbacwScenario *scenario;
  const GbacwArea *area;

  g_return_val_if_fail (GBACW_IS_TOOL_AREA (self), NULL);

  scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));
  area = scenario != NULL && self->area != NULL ? gbacw_map_find_area (scenario->map, self->area) : NULL;
  if (area == NULL)
    return NULL;
  /* TRANSLATORS: the area tool's target: the area's name and kind, "Paint into: Millersburg (town)" */
  return g_strdup_printf (self->erase ? _("Erase from: %s (%s)") : _("Paint into: %s (%s)"),
                          area->name ? area->name : area->id, gbacw_area_kind_name (area->kind));
}

static void
gbacw_tool_area_pressed (GbacwTool       *tool,
                         GbacwMapCanvas  *canvas,
                         double           x,
                         double           y,
                         GdkModifierType  state)
{
  GbacwToolArea *self = GBACW_TOOL_AREA (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (tool));

  gbacw_map_tool_set_pointer (GBACW_MAP_TOOL (tool), canvas, x, y);
  if (scenario != NULL && find_area (scenario, self->area) < 0)
    {
      gbacw_map_tool_show_status (GBACW_MAP_TOOL (tool),
                                  _("No area chosen to paint into: choose one in the tool’s options, or make a new one"));
      return;
    }
  self->erasing = self->erase != ((state & GDK_SHIFT_MASK) != 0);
  gbacw_map_tool_brush_pressed (tool, canvas, x, y, state);
}

/* The area's hexes tinted, and the hex under the pointer outlined. */
static void
gbacw_tool_area_draw_overlay (GbacwTool      *tool,
                              GbacwMapCanvas *canvas,
                              cairo_t        *cr)
{
  GbacwToolArea *self = GBACW_TOOL_AREA (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  const GbacwHexGrid *grid;
  int index;

  if (scenario == NULL)
    return;
  grid = &scenario->map->grid;

  index = find_area (scenario, self->area);
  if (index >= 0)
    {
      const GbacwArea *area = g_ptr_array_index (scenario->map->areas, index);

      for (guint i = 0; i < area->hexes->len; i++)
        gbacw_render_hex_path (cr, grid, g_array_index (area->hexes, int, i), 1);
      cairo_set_source_rgba (cr, 1.0, 0.85, 0.2, 0.3);
      cairo_fill (cr);
      gbacw_map_tool_outline_path (cr, grid, area->hexes);
      gbacw_map_tool_stroke_highlight (cr, 1.5);
    }

  gbacw_map_tool_draw_pointer_hex (map_tool, cr, NULL, NULL);
  {
    g_autofree char *target = gbacw_tool_area_describe_target (self);

    gbacw_map_tool_draw_badge (map_tool, cr, target != NULL ? target : _("No area chosen"), target == NULL);
  }
}

static void
gbacw_tool_area_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_map_tool_deactivate;
  iface->pressed = gbacw_tool_area_pressed;
  iface->edits_on_press = TRUE;
  iface->dragged = gbacw_map_tool_brush_dragged;
  iface->released = gbacw_map_tool_brush_released;
  iface->motion = gbacw_map_tool_motion;
  iface->draw_overlay = gbacw_tool_area_draw_overlay;
}

/* ---------------------------------------------------------------- new areas */

/* "Miller's Mill" -> "miller-s-mill" */
static char *
make_id (const char *name)
{
  GString *id = g_string_new (NULL);

  for (const char *p = name ? name : ""; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (id, g_ascii_tolower (*p));
      else if (id->len > 0 && id->str[id->len - 1] != '-')
        g_string_append_c (id, '-');
    }
  while (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  if (id->len == 0 || !g_ascii_isalpha (id->str[0]))
    g_string_prepend (id, "area-");
  if (id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  return g_string_free (id, FALSE);
}

char *
gbacw_tool_area_new_area (GbacwToolArea *self,
                          const char    *name,
                          GbacwAreaKind  kind,
                          const char    *side)
{
  GbacwMapTool *tool;
  const GbacwScenario *scenario;
  g_autoptr(GbacwCollectionEdit) edit = NULL;
  g_autofree char *base = NULL;
  g_autofree char *id = NULL;
  GbacwArea *area;

  g_return_val_if_fail (GBACW_IS_TOOL_AREA (self), NULL);
  g_return_val_if_fail (kind <= GBACW_AREA_OTHER, NULL);

  tool = GBACW_MAP_TOOL (self);
  scenario = gbacw_map_tool_get_scenario (tool);
  if (scenario == NULL)
    return NULL;

  base = make_id (name);
  id = g_strdup (base);
  for (int n = 2; gbacw_map_find_area (scenario->map, id) != NULL; n++)
    {
      g_free (id);
      id = g_strdup_printf ("%s-%d", base, n);
    }

  area = gbacw_area_new (id, kind, name != NULL && name[0] != '\0' ? name : id);
  area->side = g_strdup (side != NULL && side[0] != '\0' ? side : NULL);
  edit = gbacw_collection_edit_new (_("New area"), 0);
  gbacw_collection_edit_insert (edit, GBACW_COLLECTION_AREAS, scenario->map->areas->len, area);
  gbacw_map_tool_execute (tool, GBACW_COMMAND (g_steal_pointer (&edit)));

  gbacw_tool_area_set_area (self, id);
  return g_steal_pointer (&id);
}

/* ---------------------------------------------------------------- renaming and deleting */

gboolean
gbacw_tool_area_rename_area (GbacwToolArea *self,
                             const char    *area_id,
                             const char    *name,
                             GError       **error)
{
  GbacwMapTool *tool;
  const GbacwScenario *scenario;
  GbacwCommand *command;

  g_return_val_if_fail (GBACW_IS_TOOL_AREA (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  tool = GBACW_MAP_TOOL (self);
  if ((scenario = gbacw_map_tool_get_scenario (tool)) == NULL)
    return FALSE;
  if ((command = gbacw_map_edit_rename_area (scenario, area_id, name, error)) == NULL)
    return FALSE;
  gbacw_map_tool_execute (tool, command);
  return TRUE;
}

gboolean
gbacw_tool_area_delete_area (GbacwToolArea *self,
                             const char    *area_id,
                             GError       **error)
{
  GbacwMapTool *tool;
  const GbacwScenario *scenario;
  GbacwCommand *command;

  g_return_val_if_fail (GBACW_IS_TOOL_AREA (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  tool = GBACW_MAP_TOOL (self);
  if ((scenario = gbacw_map_tool_get_scenario (tool)) == NULL)
    return FALSE;
  if ((command = gbacw_map_edit_remove_area (scenario, area_id, error)) == NULL)
    return FALSE;
  gbacw_map_tool_execute (tool, command);
  /* Its area gone, the tool paints none; undo brings the area back, not the choice
   * (undo changes the document, never the tools). */
  if (g_strcmp0 (self->area, area_id) == 0)
    gbacw_tool_area_set_area (self, NULL);
  return TRUE;
}

/* ---------------------------------------------------------------- properties */

const char *
gbacw_tool_area_get_area (GbacwToolArea *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_AREA (self), NULL);
  return self->area;
}

void
gbacw_tool_area_set_area (GbacwToolArea *self,
                          const char    *area_id)
{
  g_return_if_fail (GBACW_IS_TOOL_AREA (self));

  if (g_strcmp0 (self->area, area_id) == 0)
    return;
  g_free (self->area);
  self->area = g_strdup (area_id);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AREA]);
}

gboolean
gbacw_tool_area_get_erase (GbacwToolArea *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_AREA (self), FALSE);
  return self->erase;
}

void
gbacw_tool_area_set_erase (GbacwToolArea *self,
                           gboolean       erase)
{
  g_return_if_fail (GBACW_IS_TOOL_AREA (self));

  gbacw_map_tool_update_boolean (GBACW_MAP_TOOL (self), &self->erase, erase, properties[PROP_ERASE]);
}

static void
gbacw_tool_area_finalize (GObject *object)
{
  GbacwToolArea *self = GBACW_TOOL_AREA (object);

  g_free (self->area);

  G_OBJECT_CLASS (gbacw_tool_area_parent_class)->finalize (object);
}

static void
gbacw_tool_area_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GbacwToolArea *self = GBACW_TOOL_AREA (object);

  switch (prop_id)
    {
    case PROP_AREA:
      g_value_set_string (value, self->area);
      break;
    case PROP_ERASE:
      g_value_set_boolean (value, self->erase);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_area_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GbacwToolArea *self = GBACW_TOOL_AREA (object);

  switch (prop_id)
    {
    case PROP_AREA:
      gbacw_tool_area_set_area (self, g_value_get_string (value));
      break;
    case PROP_ERASE:
      gbacw_tool_area_set_erase (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* ---------------------------------------------------------------- options */

typedef struct
{
  GbacwToolArea *tool;
  GtkDropDown *dropdown;
  GtkEntry *name;
  GtkDropDown *kind;
  GtkDropDown *side;
  GtkButton *create;
  GtkEntry *rename;
  GtkButton *delete;
  GtkLabel *message;
  GtkLabel *target;
  GPtrArray *area_ids;   /* char*, the area dropdown's rows */
  GPtrArray *side_ids;   /* char*, the side dropdown's rows after "No side" */
  gboolean syncing;
} Options;

static void
sync_area (gpointer data)
{
  Options *o = data;
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (o->tool));
  const char *id = gbacw_tool_area_get_area (o->tool);
  const GbacwArea *area = scenario != NULL && id != NULL ? gbacw_map_find_area (scenario->map, id) : NULL;
  guint position = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; id != NULL && i < o->area_ids->len; i++)
    if (g_strcmp0 (g_ptr_array_index (o->area_ids, i), id) == 0)
      position = i;
  o->syncing = TRUE;
  gtk_drop_down_set_selected (o->dropdown, position);
  o->syncing = FALSE;

  {
    g_autofree char *target = gbacw_tool_area_describe_target (o->tool);

    gtk_label_set_text (o->target, target != NULL ? target : _("No area chosen: choose one below, or make a new one"));
    if (target != NULL)
      gtk_widget_remove_css_class (GTK_WIDGET (o->target), "warning");
    else
      gtk_widget_add_css_class (GTK_WIDGET (o->target), "warning");
  }
  gtk_editable_set_text (GTK_EDITABLE (o->rename), area != NULL && area->name != NULL ? area->name : "");
  gtk_widget_set_sensitive (GTK_WIDGET (o->rename), area != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (o->delete), area != NULL);
}

static void
show_message (Options    *o,
              const char *message)
{
  gtk_label_set_text (o->message, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (o->message), message != NULL);
}

static void
rebuild_areas (gpointer data)
{
  Options *o = data;
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (o->tool));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_ptr_array_set_size (o->area_ids, 0);
  for (guint i = 0; scenario != NULL && i < scenario->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (scenario->map->areas, i);
      /* TRANSLATORS: an area in the area chooser: its name and kind, e.g. "Millersburg (town)" */
      g_autofree char *text = g_strdup_printf (_("%s (%s)"), area->name ? area->name : area->id,
                                               gbacw_area_kind_name (area->kind));
      gtk_string_list_append (names, text);
      g_ptr_array_add (o->area_ids, g_strdup (area->id));
    }
  o->syncing = TRUE;
  gtk_drop_down_set_model (o->dropdown, G_LIST_MODEL (names));
  o->syncing = FALSE;
  sync_area (o);
}

static void
rebuild_sides (gpointer data)
{
  Options *o = data;
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (o->tool));
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_ptr_array_set_size (o->side_ids, 0);
  gtk_string_list_append (names, _("No side"));
  for (guint i = 0; scenario != NULL && i < scenario->oob.sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (scenario->oob.sides, i);
      gtk_string_list_append (names, side->name ? side->name : side->id);
      g_ptr_array_add (o->side_ids, g_strdup (side->id));
    }
  gtk_drop_down_set_model (o->side, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (o->side, 0);
}

static void
on_area_selected (Options *o)
{
  guint position = gtk_drop_down_get_selected (o->dropdown);

  if (o->syncing || position >= o->area_ids->len)
    return;
  show_message (o, NULL);
  gbacw_tool_area_set_area (o->tool, g_ptr_array_index (o->area_ids, position));
}

static void
on_rename (Options  *o,
           GtkEntry *entry)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (gbacw_tool_area_get_area (o->tool) == NULL)
    return;
  id = g_strdup (gbacw_tool_area_get_area (o->tool));
  if (gbacw_tool_area_rename_area (o->tool, id, gtk_editable_get_text (GTK_EDITABLE (entry)), &error))
    show_message (o, NULL);
  else if (error != NULL)
    show_message (o, error->message);
}

static void
on_delete (Options *o)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  if (gbacw_tool_area_get_area (o->tool) == NULL)
    return;
  id = g_strdup (gbacw_tool_area_get_area (o->tool));
  if (gbacw_tool_area_delete_area (o->tool, id, &error))
    show_message (o, NULL);
  else if (error != NULL)
    show_message (o, error->message);
}

static void
on_create (Options *o)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (o->name));
  guint kind = gtk_drop_down_get_selected (o->kind);
  guint side = gtk_drop_down_get_selected (o->side);
  g_autofree char *id = NULL;

  if (name == NULL || name[0] == '\0')
    return;
  if (kind > GBACW_AREA_OTHER)
    kind = GBACW_AREA_OTHER;
  id = gbacw_tool_area_new_area (o->tool, name, (GbacwAreaKind) kind,
                                 side >= 1 && side <= o->side_ids->len ? g_ptr_array_index (o->side_ids, side - 1)
                                                                       : NULL);
  if (id != NULL)
    gtk_editable_set_text (GTK_EDITABLE (o->name), "");
}

static void
on_name_changed (Options     *o,
                 GtkEditable *editable)
{
  const char *text = gtk_editable_get_text (editable);

  gtk_widget_set_sensitive (GTK_WIDGET (o->create), text != NULL && text[0] != '\0');
}

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-area.ui", &builder);
  Options *o = gbacw_tool_options_new_state (options, tool, sizeof (Options));

  o->dropdown = GTK_DROP_DOWN (gtk_builder_get_object (builder, "area_dropdown"));
  o->name = GTK_ENTRY (gtk_builder_get_object (builder, "area_name"));
  o->kind = GTK_DROP_DOWN (gtk_builder_get_object (builder, "area_kind"));
  o->side = GTK_DROP_DOWN (gtk_builder_get_object (builder, "area_side"));
  o->create = GTK_BUTTON (gtk_builder_get_object (builder, "area_create"));
  o->rename = GTK_ENTRY (gtk_builder_get_object (builder, "area_rename"));
  o->delete = GTK_BUTTON (gtk_builder_get_object (builder, "area_delete"));
  o->message = GTK_LABEL (gtk_builder_get_object (builder, "area_message"));
  o->target = GTK_LABEL (gtk_builder_get_object (builder, "area_target"));
  o->area_ids = g_ptr_array_new_with_free_func (g_free);
  o->side_ids = g_ptr_array_new_with_free_func (g_free);
  g_object_set_data_full (G_OBJECT (options), "gbacw-area-ids", o->area_ids, (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data_full (G_OBJECT (options), "gbacw-side-ids", o->side_ids, (GDestroyNotify) g_ptr_array_unref);

  gbacw_tool_options_bind (tool, "erase", gtk_builder_get_object (builder, "area_erase"), "active");
  g_signal_connect_swapped (o->dropdown, "notify::selected", G_CALLBACK (on_area_selected), o);
  g_signal_connect_swapped (o->create, "clicked", G_CALLBACK (on_create), o);
  g_signal_connect_swapped (o->name, "changed", G_CALLBACK (on_name_changed), o);
  g_signal_connect_swapped (o->name, "activate", G_CALLBACK (on_create), o);
  gtk_widget_set_sensitive (GTK_WIDGET (o->create), FALSE);
  g_signal_connect_swapped (o->rename, "activate", G_CALLBACK (on_rename), o);
  g_signal_connect_swapped (o->delete, "clicked", G_CALLBACK (on_delete), o);
  g_signal_connect_swapped (tool, "notify::area", G_CALLBACK (sync_area), o);
  g_signal_connect_swapped (tool, "notify::erase", G_CALLBACK (sync_area), o);
  gbacw_tool_options_follow_document (options, tool, GBACW_CHANGE_AREAS, rebuild_areas, o);
  gbacw_tool_options_follow_document (options, tool, GBACW_CHANGE_OOB, rebuild_sides, o);
  return options;
}

static void
gbacw_tool_area_class_init (GbacwToolAreaClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_tool_area_finalize;
  object_class->get_property = gbacw_tool_area_get_property;
  object_class->set_property = gbacw_tool_area_set_property;
  GBACW_MAP_TOOL_CLASS (klass)->paint = paint;

  properties[PROP_AREA] =
    g_param_spec_string ("area", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERASE] =
    g_param_spec_boolean ("erase", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "area", N_("Areas"),
                                        "gbacw-tool-area-symbolic", GDK_KEY_a);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_area_init (GbacwToolArea *self)
{
}

GbacwToolArea *
gbacw_tool_area_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_AREA, NULL);
}
