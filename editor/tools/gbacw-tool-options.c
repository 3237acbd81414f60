/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-options.c: what the tools' option widgets share. */
#define G_LOG_DOMAIN "gbacw-tool-options"

#include "config.h"

#include "gbacw-tool-options.h"
#include "gbacw-tools-resources.h"

GtkWidget *
gbacw_tool_options_load (const char  *name,
                         GtkBuilder **builder)
{
  g_autofree char *path = g_strconcat ("/org/gbacw/Editor/", name, NULL);
  g_autoptr(GtkBuilder) local = NULL;
  GtkWidget *options;

  /* the tools' GResource linked in, so registered */
  g_return_val_if_fail (gbacw_tools_get_resource () != NULL, NULL);
  local = gtk_builder_new_from_resource (path);
  options = GTK_WIDGET (gtk_builder_get_object (local, "options"));

  g_return_val_if_fail (options != NULL, NULL);
  g_object_ref_sink (options);
  if (builder != NULL)
    *builder = g_steal_pointer (&local);
  return options;
}

GtkWidget *
gbacw_tool_options_new_hint (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  return g_object_ref_sink (label);
}

/* ---------------------------------------------------------------- state */

static void
state_free (gpointer state)
{
  GbacwMapTool *tool = *(GbacwMapTool **) state;

  g_signal_handlers_disconnect_by_data (tool, state);
  g_object_unref (tool);
  g_free (state);
}

gpointer
gbacw_tool_options_new_state (GtkWidget    *options,
                              GbacwMapTool *tool,
                              gsize         size)
{
  gpointer state;

  g_return_val_if_fail (GTK_IS_WIDGET (options), NULL);
  g_return_val_if_fail (GBACW_IS_MAP_TOOL (tool), NULL);
  g_return_val_if_fail (size >= sizeof (GbacwMapTool *), NULL);

  state = g_malloc0 (size);
  *(GbacwMapTool **) state = g_object_ref (tool);
  g_object_set_data_full (G_OBJECT (options), "gbacw-tool-options-state", state, state_free);
  return state;
}

/* ---------------------------------------------------------------- following the document */

typedef struct
{
  GbacwMapTool *tool;     /* not owned: the options hold a reference to it elsewhere */
  gulong notify_id;
  GSignalGroup *document_signals;
  guint flags;
  void (*sync) (gpointer data);
  gpointer data;
} Follower;

static void
follower_free (gpointer  data,
               GObject  *options)
{
  Follower *follower = data;

  if (follower->tool != NULL)
    {
      g_clear_signal_handler (&follower->notify_id, follower->tool);
      g_object_remove_weak_pointer (G_OBJECT (follower->tool), (gpointer *) &follower->tool);
    }
  g_object_unref (follower->document_signals);
  g_free (follower);
}

static void
on_tool_document (Follower *follower)
{
  g_signal_group_set_target (follower->document_signals, gbacw_map_tool_get_document (follower->tool));
  follower->sync (follower->data);
}

static void
on_document_changed (Follower          *follower,
                     const GbacwChange *change)
{
  if (change == NULL || (change->flags & follower->flags) != 0)
    follower->sync (follower->data);
}

void
gbacw_tool_options_follow_document (GtkWidget         *options,
                                    GbacwMapTool      *tool,
                                    GbacwChangeFlags   flags,
                                    void             (*sync) (gpointer data),
                                    gpointer           data)
{
  Follower *follower;

  g_return_if_fail (GTK_IS_WIDGET (options));
  g_return_if_fail (GBACW_IS_MAP_TOOL (tool));

  follower = g_new0 (Follower, 1);
  follower->tool = tool;
  g_object_add_weak_pointer (G_OBJECT (tool), (gpointer *) &follower->tool);
  follower->flags = flags;
  follower->sync = sync;
  follower->data = data;
  follower->document_signals = g_signal_group_new (GBACW_TYPE_DOCUMENT);
  if (flags != 0)
    g_signal_group_connect_swapped (follower->document_signals, "changed", G_CALLBACK (on_document_changed),
                                    follower);
  follower->notify_id = g_signal_connect_swapped (tool, "notify::document", G_CALLBACK (on_tool_document), follower);
  g_object_weak_ref (G_OBJECT (options), follower_free, follower);
  on_tool_document (follower);
}

/* ---------------------------------------------------------------- choosers */

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
  GbacwMapTool *tool = g_object_get_data (G_OBJECT (area), "tool");
  const GbacwScenario *scenario = tool != NULL ? gbacw_map_tool_get_scenario (tool) : NULL;
  GbacwChooserKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "kind"));
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
    case GBACW_CHOOSER_TERRAIN:
      if (index < scenario->catalogue.hex_terrains->len)
        {
          const GbacwHexTerrain *t = g_ptr_array_index (scenario->catalogue.hex_terrains, index);
          parse_colour (t->fill, &c);
        }
      cairo_rectangle (cr, 1, 1, width - 2, height - 2);
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_fill (cr);
      break;
    case GBACW_CHOOSER_HEXSIDE:
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
    case GBACW_CHOOSER_LINE:
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

void
gbacw_tool_options_fill_chooser (GtkListBox       *list,
                                 GbacwMapTool     *tool,
                                 GbacwChooserKind  kind)
{
  const GbacwScenario *scenario = gbacw_map_tool_get_scenario (tool);
  GtkWidget *child;
  GPtrArray *entries;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
  if (scenario == NULL)
    return;
  entries = kind == GBACW_CHOOSER_TERRAIN ? scenario->catalogue.hex_terrains
          : kind == GBACW_CHOOSER_HEXSIDE ? scenario->catalogue.hexside_types
          : scenario->catalogue.line_types;

  for (guint i = 0; i < entries->len; i++)
    {
      const char *id, *name;
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *label;

      if (kind == GBACW_CHOOSER_TERRAIN)
        {
          const GbacwHexTerrain *t = g_ptr_array_index (entries, i);
          id = t->id;
          name = t->name;
        }
      else if (kind == GBACW_CHOOSER_HEXSIDE)
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
      g_object_set_data (G_OBJECT (swatch), "tool", tool);
      g_object_set_data (G_OBJECT (swatch), "kind", GINT_TO_POINTER (kind));
      g_object_set_data (G_OBJECT (swatch), "index", GUINT_TO_POINTER (i));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, NULL, NULL);
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

void
gbacw_tool_options_select_row (GtkListBox *list,
                               int         index,
                               gboolean   *syncing)
{
  GtkListBoxRow *row = index >= 0 ? gtk_list_box_get_row_at_index (list, index) : NULL;

  *syncing = TRUE;
  if (row != NULL)
    gtk_list_box_select_row (list, row);
  else
    gtk_list_box_unselect_all (list);
  *syncing = FALSE;
}

typedef struct
{
  GbacwMapTool *tool;     /* a reference */
  GtkListBox *list;
  GbacwChooserKind kind;
  const char *property;
  gboolean syncing;
} Chooser;

static void
chooser_sync (gpointer data)
{
  Chooser *chooser = data;
  int row;

  if (chooser->kind == GBACW_CHOOSER_TERRAIN)
    {
      guint64 mask = 0;

      g_object_get (chooser->tool, chooser->property, &mask, NULL);
      row = gbacw_tool_options_single_bit (mask);
    }
  else
    g_object_get (chooser->tool, chooser->property, &row, NULL);
  gbacw_tool_options_select_row (chooser->list, row, &chooser->syncing);
}

static void
chooser_rebuild (gpointer data)
{
  Chooser *chooser = data;

  gbacw_tool_options_fill_chooser (chooser->list, chooser->tool, chooser->kind);
  chooser_sync (chooser);
}

static void
chooser_row_selected (Chooser       *chooser,
                      GtkListBoxRow *row)
{
  int index;

  if (chooser->syncing || row == NULL)
    return;
  index = gtk_list_box_row_get_index (row);
  if (chooser->kind == GBACW_CHOOSER_TERRAIN)
    g_object_set (chooser->tool, chooser->property, G_GUINT64_CONSTANT (1) << index, NULL);
  else
    g_object_set (chooser->tool, chooser->property, index, NULL);
}

static void
chooser_free (gpointer  data,
              GObject  *options)
{
  Chooser *chooser = data;

  g_signal_handlers_disconnect_by_data (chooser->tool, chooser);
  g_object_unref (chooser->tool);
  g_free (chooser);
}

void
gbacw_tool_options_bind_chooser (GtkWidget        *options,
                                 GbacwMapTool     *tool,
                                 GtkListBox       *list,
                                 GbacwChooserKind  kind,
                                 const char       *property)
{
  g_autofree char *notify = g_strconcat ("notify::", property, NULL);
  Chooser *chooser;

  g_return_if_fail (GTK_IS_WIDGET (options));
  g_return_if_fail (GBACW_IS_MAP_TOOL (tool));
  g_return_if_fail (GTK_IS_LIST_BOX (list));

  chooser = g_new0 (Chooser, 1);
  chooser->tool = g_object_ref (tool);
  chooser->list = list;
  chooser->kind = kind;
  chooser->property = g_intern_string (property);
  g_object_weak_ref (G_OBJECT (options), chooser_free, chooser);
  g_signal_connect_swapped (list, "row-selected", G_CALLBACK (chooser_row_selected), chooser);
  g_signal_connect_swapped (tool, notify, G_CALLBACK (chooser_sync), chooser);
  gbacw_tool_options_follow_document (options, tool, GBACW_CHANGE_CATALOGUE, chooser_rebuild, chooser);
}

void
gbacw_tool_options_bind (gpointer    source,
                         const char *source_property,
                         gpointer    target,
                         const char *target_property)
{
  g_object_bind_property (source, source_property, target, target_property,
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
}

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

void
gbacw_tool_options_focus_entry (GtkEntry *entry)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, focus_entry_now, g_object_ref (entry), g_object_unref);
}

int
gbacw_tool_options_single_bit (guint64 mask)
{
  if (mask == 0 || (mask & (mask - 1)) != 0)
    return -1;
  return __builtin_ctzll (mask);
}
