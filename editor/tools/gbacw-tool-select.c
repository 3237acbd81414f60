/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-select.c: selects hexes, copies them, pastes them and keeps stamps.
 *
 * As Tiled's rectangular select, copy, paste and stamp brush: a drag selects the
 * rectangle of columns and rows between two hexes; Shift adds hexes one by one (a
 * Shift+click on a selected hex takes it out). What is copied is a GbacwMapRegion
 * (gbacw-map-region.h); pasting shows it at the pointer, and a click puts it there in one
 * undo step. A stamp is a copy kept under a name for the session; with one chosen, every
 * hex clicked or dragged over gets it, one undo step per stroke.
 */
#define G_LOG_DOMAIN "gbacw-tool-select"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-hex-path.h"
#include "gbacw-tool-options.h"
#include "gbacw-tool-select.h"

struct _GbacwToolSelect
{
  GbacwMapTool parent_instance;

  GArray *selection;          /* int, in index order */
  GbacwMapRegion *clipboard;  /* what was copied, or NULL */
  GPtrArray *stamps;          /* GbacwMapRegion*, named */
  const GbacwMapRegion *placing;   /* the clipboard or a stamp, following the pointer, or NULL */
  gboolean stamping;          /* placing a stamp: it stays after a paste */

  /* stroke */
  int start_hex;
  int last_hex;
  gboolean adding;            /* Shift held: hex by hex */
};

static void gbacw_tool_select_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolSelect, gbacw_tool_select, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_select_tool_init))

enum {
  PROP_0,
  PROP_N_SELECTED,
  PROP_PLACING,
  PROP_N_STAMPS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static int
compare_int (gconstpointer a,
             gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

static int
find_selected (GbacwToolSelect *self,
               int              hex)
{
  for (guint i = 0; i < self->selection->len; i++)
    if (g_array_index (self->selection, int, i) == hex)
      return (int) i;
  return -1;
}

static void
selection_changed (GbacwToolSelect *self)
{
  g_array_sort (self->selection, compare_int);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SELECTED]);
}

/* The hexes of the rectangle of columns and rows between hexes a and b (indices). */
static void
select_rectangle (GbacwToolSelect *self,
                  int              a,
                  int              b)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (GBACW_MAP_TOOL (self));
  const GbacwHexGrid *grid = &scenario->map->grid;
  GbacwHex ha = gbacw_hex_grid_hex_at (grid, a), hb = gbacw_hex_grid_hex_at (grid, b);

  g_array_set_size (self->selection, 0);
  for (int row = MIN (ha.row, hb.row); row <= MAX (ha.row, hb.row); row++)
    for (int col = MIN (ha.col, hb.col); col <= MAX (ha.col, hb.col); col++)
      {
        int index = gbacw_hex_grid_index (grid, (GbacwHex) { col, row });
        g_array_append_val (self->selection, index);
      }
  selection_changed (self);
}

static void
set_placing (GbacwToolSelect      *self,
             const GbacwMapRegion *region,
             gboolean              stamping)
{
  self->stamping = stamping && region != NULL;
  if (self->placing == region)
    return;
  self->placing = region;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLACING]);
}

/* Pastes what is placed with its anchor at hex (an index). */
static void
place_at (GbacwToolSelect *self,
          int              hex)
{
  GbacwMapTool *tool = GBACW_MAP_TOOL (self);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  GbacwHex anchor;

  if (scenario == NULL || hex < 0 || self->placing == NULL)
    return;
  anchor = gbacw_hex_grid_hex_at (&scenario->map->grid, hex);
  gbacw_map_tool_execute (tool, GBACW_COMMAND (gbacw_map_region_paste (self->placing, scenario, anchor,
                                                                       gbacw_map_tool_get_stroke (tool))));
}

/* Records the pointer; the on-map hex under it, -1 (also without a document). */
static int
pointer_hex (GbacwMapTool   *tool,
             GbacwMapCanvas *canvas,
             double          x,
             double          y)
{
  gbacw_map_tool_set_pointer (tool, canvas, x, y);
  return gbacw_map_tool_get_scenario (tool) != NULL ? gbacw_map_tool_hex_at (tool, x, y) : -1;
}

static void
gbacw_tool_select_pressed (GbacwTool       *tool,
                           GbacwMapCanvas  *canvas,
                           double           x,
                           double           y,
                           GdkModifierType  state)
{
  GbacwToolSelect *self = GBACW_TOOL_SELECT (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  int hex = pointer_hex (map_tool, canvas, x, y);

  if (hex < 0)
    return;
  gbacw_map_tool_begin_stroke (map_tool);
  self->start_hex = self->last_hex = hex;
  if (self->placing != NULL)
    {
      place_at (self, hex);
      if (!self->stamping)
        {
          /* a paste is one click: the tool selects again */
          gbacw_map_tool_end_stroke (map_tool);
          set_placing (self, NULL, FALSE);
        }
      return;
    }
  self->adding = (state & GDK_SHIFT_MASK) != 0;
  if (self->adding)
    {
      int at = find_selected (self, hex);

      if (at >= 0)
        g_array_remove_index (self->selection, (guint) at);
      else
        g_array_append_val (self->selection, hex);
      selection_changed (self);
    }
  else
    select_rectangle (self, hex, hex);
}

static void
gbacw_tool_select_dragged (GbacwTool       *tool,
                           GbacwMapCanvas  *canvas,
                           double           x,
                           double           y,
                           GdkModifierType  state)
{
  GbacwToolSelect *self = GBACW_TOOL_SELECT (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  int hex = pointer_hex (map_tool, canvas, x, y);

  if (gbacw_map_tool_get_stroke (map_tool) == 0 || hex < 0 || hex == self->last_hex)
    return;
  self->last_hex = hex;
  if (self->placing != NULL)
    place_at (self, hex);
  else if (self->adding)
    {
      if (find_selected (self, hex) < 0)
        {
          g_array_append_val (self->selection, hex);
          selection_changed (self);
        }
    }
  else
    select_rectangle (self, self->start_hex, hex);
}

static void
gbacw_tool_select_released (GbacwTool       *tool,
                            GbacwMapCanvas  *canvas,
                            double           x,
                            double           y,
                            GdkModifierType  state)
{
  gbacw_tool_select_dragged (tool, canvas, x, y, state);
  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (tool));
}

static gboolean
gbacw_tool_select_key_pressed (GbacwTool       *tool,
                               GbacwMapCanvas  *canvas,
                               guint            keyval,
                               GdkModifierType  state)
{
  GbacwToolSelect *self = GBACW_TOOL_SELECT (tool);

  if (keyval != GDK_KEY_Escape || (self->placing == NULL && self->selection->len == 0))
    return FALSE;
  if (self->placing != NULL)
    gbacw_tool_select_cancel (self);
  else
    gbacw_tool_select_clear (self);
  gbacw_map_tool_queue_overlay (canvas);
  return TRUE;
}

static void
gbacw_tool_select_deactivate (GbacwTool      *tool,
                              GbacwMapCanvas *canvas)
{
  gbacw_tool_select_cancel (GBACW_TOOL_SELECT (tool));
  gbacw_map_tool_deactivate (tool, canvas);
}

/* The selection tinted and outlined; what is placed, at the pointer, with its name. */
static void
gbacw_tool_select_draw_overlay (GbacwTool      *tool,
                                GbacwMapCanvas *canvas,
                                cairo_t        *cr)
{
  GbacwToolSelect *self = GBACW_TOOL_SELECT (tool);
  GbacwMapTool *map_tool = GBACW_MAP_TOOL (tool);
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (map_tool);
  const GbacwHexGrid *grid;
  int hex;

  if (scenario == NULL)
    return;
  grid = &scenario->map->grid;
  if (self->selection->len > 0)
    {
      for (guint i = 0; i < self->selection->len; i++)
        gbacw_render_hex_path (cr, grid, g_array_index (self->selection, int, i), 1);
      cairo_set_source_rgba (cr, 0.2, 0.45, 0.9, 0.25);
      cairo_fill (cr);
      gbacw_map_tool_outline_path (cr, grid, self->selection);
      gbacw_map_tool_stroke_highlight (cr, 1.5);
    }
  if (self->placing == NULL)
    {
      gbacw_map_tool_draw_pointer_hex (map_tool, cr, NULL, NULL);
      return;
    }
  if ((hex = gbacw_map_tool_get_pointer_hex (map_tool, NULL, NULL)) >= 0)
    {
      g_autoptr(GArray) placed = gbacw_map_region_place (self->placing, grid, gbacw_hex_grid_hex_at (grid, hex));
      const char *name = gbacw_map_region_get_name (self->placing);
      guint n = gbacw_map_region_get_n_hexes (self->placing);
      g_autofree char *badge = NULL;

      for (guint i = 0; i < placed->len; i++)
        gbacw_render_hex_path (cr, grid, g_array_index (placed, int, i), 1);
      cairo_set_source_rgba (cr, 1.0, 0.85, 0.2, 0.35);
      cairo_fill (cr);
      gbacw_map_tool_outline_path (cr, grid, placed);
      gbacw_map_tool_stroke_highlight (cr, 2.0);
      /* TRANSLATORS: the badge by the pointer while pasting: the stamp's name (or "Paste") and its hexes */
      badge = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u hex", "%s: %u hexes", n),
                               name != NULL ? name : _("Paste"), n);
      gbacw_map_tool_draw_badge (map_tool, cr, badge, FALSE);
    }
}

static void
gbacw_tool_select_tool_init (GbacwToolInterface *iface)
{
  iface->deactivate = gbacw_tool_select_deactivate;
  iface->pressed = gbacw_tool_select_pressed;
  iface->dragged = gbacw_tool_select_dragged;
  iface->released = gbacw_tool_select_released;
  iface->motion = gbacw_map_tool_motion;
  iface->key_pressed = gbacw_tool_select_key_pressed;
  iface->draw_overlay = gbacw_tool_select_draw_overlay;
}

/* ---------------------------------------------------------------- selection, copy and paste */

GArray *
gbacw_tool_select_get_selection (GbacwToolSelect *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_SELECT (self), NULL);
  return self->selection;
}

void
gbacw_tool_select_clear (GbacwToolSelect *self)
{
  g_return_if_fail (GBACW_IS_TOOL_SELECT (self));

  if (self->selection->len == 0)
    return;
  g_array_set_size (self->selection, 0);
  selection_changed (self);
}

gboolean
gbacw_tool_select_copy (GbacwToolSelect *self)
{
  GbacwMapTool *tool;
  const GbacwScenario *scenario;
  GbacwMapRegion *region;
  g_autofree char *text = NULL;
  guint n;

  g_return_val_if_fail (GBACW_IS_TOOL_SELECT (self), FALSE);

  tool = GBACW_MAP_TOOL (self);
  scenario = gbacw_map_tool_get_scenario (tool);
  region = scenario != NULL ? gbacw_map_region_copy (scenario, self->selection) : NULL;
  if (region == NULL)
    {
      gbacw_map_tool_show_status (tool, _("Nothing to copy: select hexes with the Select tool first"));
      return FALSE;
    }
  gbacw_tool_select_cancel (self);
  g_clear_pointer (&self->clipboard, gbacw_map_region_free);
  self->clipboard = region;
  n = gbacw_map_region_get_n_hexes (region);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Copied %u hex: Ctrl+V pastes it", "Copied %u hexes: Ctrl+V pastes them",
                                       n), n);
  gbacw_map_tool_show_status (tool, text);
  return TRUE;
}

gboolean
gbacw_tool_select_paste (GbacwToolSelect *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_SELECT (self), FALSE);

  if (self->clipboard == NULL)
    {
      gbacw_map_tool_show_status (GBACW_MAP_TOOL (self), _("Nothing to paste: copy hexes first (Ctrl+C)"));
      return FALSE;
    }
  set_placing (self, self->clipboard, FALSE);
  gbacw_map_tool_show_status (GBACW_MAP_TOOL (self), _("Click where to paste; Escape gives up"));
  return TRUE;
}

const GbacwMapRegion *
gbacw_tool_select_get_placing (GbacwToolSelect *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_SELECT (self), NULL);
  return self->placing;
}

void
gbacw_tool_select_cancel (GbacwToolSelect *self)
{
  g_return_if_fail (GBACW_IS_TOOL_SELECT (self));

  gbacw_map_tool_end_stroke (GBACW_MAP_TOOL (self));
  set_placing (self, NULL, FALSE);
}

gboolean
gbacw_tool_select_keep_stamp (GbacwToolSelect *self,
                              const char      *name)
{
  g_autofree char *stripped = NULL;
  GbacwMapRegion *stamp;

  g_return_val_if_fail (GBACW_IS_TOOL_SELECT (self), FALSE);

  stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (self->clipboard == NULL)
    {
      gbacw_map_tool_show_status (GBACW_MAP_TOOL (self), _("Nothing to keep: copy hexes first (Ctrl+C)"));
      return FALSE;
    }
  stamp = gbacw_map_region_dup (self->clipboard);
  if (stripped[0] == '\0')
    {
      g_free (stripped);
      /* TRANSLATORS: the name of a stamp the user did not name, "Stamp 3" */
      stripped = g_strdup_printf (_("Stamp %u"), self->stamps->len + 1);
    }
  gbacw_map_region_set_name (stamp, stripped);
  g_ptr_array_add (self->stamps, stamp);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_STAMPS]);
  return TRUE;
}

guint
gbacw_tool_select_get_n_stamps (GbacwToolSelect *self)
{
  g_return_val_if_fail (GBACW_IS_TOOL_SELECT (self), 0);
  return self->stamps->len;
}

const GbacwMapRegion *
gbacw_tool_select_get_stamp (GbacwToolSelect *self,
                             guint            index)
{
  g_return_val_if_fail (GBACW_IS_TOOL_SELECT (self), NULL);
  g_return_val_if_fail (index < self->stamps->len, NULL);
  return g_ptr_array_index (self->stamps, index);
}

void
gbacw_tool_select_use_stamp (GbacwToolSelect *self,
                             guint            index)
{
  g_return_if_fail (GBACW_IS_TOOL_SELECT (self));
  g_return_if_fail (index < self->stamps->len);

  set_placing (self, g_ptr_array_index (self->stamps, index), TRUE);
}

/* ---------------------------------------------------------------- options */

typedef struct
{
  GbacwToolSelect *tool;
  GtkLabel *count;
  GtkEntry *name;
  GtkListBox *stamps;
  gboolean syncing;
} Options;

static void
sync_count (gpointer data)
{
  Options *o = data;
  guint n = o->tool->selection->len;
  g_autofree char *text = NULL;

  if (n == 0)
    text = g_strdup (_("No hexes selected"));
  else
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hex selected", "%u hexes selected", n), n);
  gtk_label_set_text (o->count, text);
}

/* The stamps listed again; the row of the stamp placed selected. */
static void
sync_stamps (gpointer data)
{
  Options *o = data;
  GtkWidget *child;
  int placed = -1;

  o->syncing = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (o->stamps))) != NULL)
    gtk_list_box_remove (o->stamps, child);
  o->syncing = FALSE;
  for (guint i = 0; i < o->tool->stamps->len; i++)
    {
      const GbacwMapRegion *stamp = g_ptr_array_index (o->tool->stamps, i);
      guint n = gbacw_map_region_get_n_hexes (stamp);
      /* TRANSLATORS: a stamp in the list: its name and size, "Farm (7 hexes)" */
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u hex)", "%s (%u hexes)", n),
                                               gbacw_map_region_get_name (stamp), n);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_list_box_append (o->stamps, label);
      if (o->tool->placing == stamp)
        placed = (int) i;
    }
  gbacw_tool_options_select_row (o->stamps, placed, &o->syncing);
}

static void
on_stamp_activated (Options       *o,
                    GtkListBoxRow *row,
                    GtkListBox    *list)
{
  int index = row != NULL ? gtk_list_box_row_get_index (row) : -1;

  if (o->syncing)
    return;
  if (index >= 0 && (guint) index < o->tool->stamps->len)
    gbacw_tool_select_use_stamp (o->tool, (guint) index);
  else
    gbacw_tool_select_cancel (o->tool);
}

static void
on_keep (Options *o)
{
  if (gbacw_tool_select_keep_stamp (o->tool, gtk_editable_get_text (GTK_EDITABLE (o->name))))
    gtk_editable_set_text (GTK_EDITABLE (o->name), "");
}

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWidget *options = gbacw_tool_options_load ("gbacw-tool-select.ui", &builder);
  Options *o = gbacw_tool_options_new_state (options, tool, sizeof (Options));

  o->count = GTK_LABEL (gtk_builder_get_object (builder, "select_count"));
  o->name = GTK_ENTRY (gtk_builder_get_object (builder, "stamp_name"));
  o->stamps = GTK_LIST_BOX (gtk_builder_get_object (builder, "stamp_list"));
  g_signal_connect_swapped (gtk_builder_get_object (builder, "stamp_keep"), "clicked", G_CALLBACK (on_keep), o);
  g_signal_connect_swapped (o->name, "activate", G_CALLBACK (on_keep), o);
  g_signal_connect_swapped (o->stamps, "row-selected", G_CALLBACK (on_stamp_activated), o);
  g_signal_connect_swapped (tool, "notify::n-selected", G_CALLBACK (sync_count), o);
  g_signal_connect_swapped (tool, "notify::n-stamps", G_CALLBACK (sync_stamps), o);
  g_signal_connect_swapped (tool, "notify::placing", G_CALLBACK (sync_stamps), o);
  /* another document: the selection is of the map that was shown */
  gbacw_tool_options_follow_document (options, tool, 0, sync_count, o);
  sync_stamps (o);
  return options;
}

/* ---------------------------------------------------------------- GObject */

static void
on_document (GbacwToolSelect *self)
{
  gbacw_tool_select_cancel (self);
  gbacw_tool_select_clear (self);
}

static void
gbacw_tool_select_finalize (GObject *object)
{
  GbacwToolSelect *self = GBACW_TOOL_SELECT (object);

  g_array_unref (self->selection);
  g_clear_pointer (&self->clipboard, gbacw_map_region_free);
  g_ptr_array_unref (self->stamps);

  G_OBJECT_CLASS (gbacw_tool_select_parent_class)->finalize (object);
}

static void
gbacw_tool_select_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  GbacwToolSelect *self = GBACW_TOOL_SELECT (object);

  switch (prop_id)
    {
    case PROP_N_SELECTED:
      g_value_set_uint (value, self->selection->len);
      break;
    case PROP_PLACING:
      g_value_set_boolean (value, self->placing != NULL);
      break;
    case PROP_N_STAMPS:
      g_value_set_uint (value, self->stamps->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_tool_select_class_init (GbacwToolSelectClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gbacw_tool_select_finalize;
  object_class->get_property = gbacw_tool_select_get_property;

  properties[PROP_N_SELECTED] =
    g_param_spec_uint ("n-selected", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Something (what was copied, or a stamp) follows the pointer to be pasted. */
  properties[PROP_PLACING] =
    g_param_spec_boolean ("placing", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_STAMPS] =
    g_param_spec_uint ("n-stamps", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "select", N_("Select, Copy and Paste"),
                                        "gbacw-tool-select-symbolic", GDK_KEY_g);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_select_init (GbacwToolSelect *self)
{
  self->selection = g_array_new (FALSE, FALSE, sizeof (int));
  self->stamps = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_map_region_free);
  self->start_hex = self->last_hex = -1;
  g_signal_connect (self, "notify::document", G_CALLBACK (on_document), NULL);
}

GbacwToolSelect *
gbacw_tool_select_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_SELECT, NULL);
}
