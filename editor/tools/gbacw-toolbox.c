/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-toolbox.c: a window's map tools, the palette that picks them and the current one. */
#define G_LOG_DOMAIN "gbacw-toolbox"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-tool-list.h"
#include "gbacw-toolbox.h"
#include "gbacw-tools-resources.h"

struct _GbacwToolbox
{
  GObject parent_instance;

  GbacwMapCanvas *canvas;    /* not owned: the window owns both */
  GbacwToolPanel *panel;     /* not owned */
  GHashTable *tools;         /* name -> GbacwMapTool */
  const char *current;       /* a name of the tool infos */
  guint64 terrain;           /* what every tool with a "mask" paints */
  int line_type;             /* what every tool with a "line-type" lays */
};

G_DEFINE_FINAL_TYPE (GbacwToolbox, gbacw_toolbox, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CURRENT,
  PROP_TERRAIN,
  PROP_LINE_TYPE,
  N_PROPS
};

/* The options the tools share, as in the Wesnoth editor: a tool's property bound both
 * ways to the toolbox's, so that the brush, the fill and the eyedropper's picks are one
 * current terrain, whichever tool set it. */
static const struct {
  const char *tool_property;
  const char *toolbox_property;
} shared_options[] = {
  { "mask", "terrain" },
  { "line-type", "line-type" },
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_STATUS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Every tool, in palette order: each describes itself (gbacw_map_tool_class_set_description ()),
 * and the palette, the keys, the options panel and the shortcuts window follow this list,
 * editor/tools/meson.build's map_tools (gbacw-tool-list.h). */
static GType (* const tool_types[]) (void) = {
  GBACW_TOOL_TYPES
};

const GbacwToolInfo *
gbacw_toolbox_get_tool_infos (guint *n_tools)
{
  static GbacwToolInfo infos[G_N_ELEMENTS (tool_types)];
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      /* the tools' GResource (their icons and the panel) linked in, so registered */
      g_assert (gbacw_tools_get_resource () != NULL);
      for (guint i = 0; i < G_N_ELEMENTS (tool_types); i++)
        {
          /* the classes stay: the descriptions point into them */
          GbacwMapToolClass *klass = g_type_class_ref (tool_types[i] ());

          infos[i] = (GbacwToolInfo) { klass->name, klass->title, klass->icon_name, klass->key };
        }
      g_once_init_leave (&initialised, 1);
    }
  if (n_tools != NULL)
    *n_tools = G_N_ELEMENTS (infos);
  return infos;
}

static const GbacwToolInfo *
find_info (const char *name)
{
  guint n_tools;
  const GbacwToolInfo *infos = gbacw_toolbox_get_tool_infos (&n_tools);

  for (guint i = 0; name != NULL && i < n_tools; i++)
    if (g_str_equal (infos[i].name, name))
      return &infos[i];
  return NULL;
}

GbacwTool *
gbacw_toolbox_get_tool (GbacwToolbox *self,
                        const char   *name)
{
  GObject *tool;

  g_return_val_if_fail (GBACW_IS_TOOLBOX (self), NULL);
  tool = name ? g_hash_table_lookup (self->tools, name) : NULL;
  /* "Move the Map" is no GbacwTool: the canvas pans without one */
  return GBACW_IS_TOOL (tool) ? GBACW_TOOL (tool) : NULL;
}

const char *
gbacw_toolbox_get_current (GbacwToolbox *self)
{
  g_return_val_if_fail (GBACW_IS_TOOLBOX (self), NULL);
  return self->current;
}

static const char *
name_of (GbacwToolbox *self,
         GbacwTool    *tool)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->tools);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (value == (gpointer) tool)
      {
        const GbacwToolInfo *info = find_info (key);
        return info ? info->name : NULL;
      }
  return NULL;
}

void
gbacw_toolbox_set_current (GbacwToolbox *self,
                           const char   *name)
{
  const GbacwToolInfo *info;
  GbacwTool *tool;

  g_return_if_fail (GBACW_IS_TOOLBOX (self));

  info = find_info (name);
  if (info == NULL || g_strcmp0 (self->current, info->name) == 0)
    return;

  tool = gbacw_toolbox_get_tool (self, info->name);
  if (GBACW_IS_TOOL_EYEDROPPER (tool))
    {
      GbacwTool *target = gbacw_toolbox_get_tool (self, self->current);
      if (target == NULL)
        target = gbacw_toolbox_get_tool (self, "brush");
      gbacw_tool_eyedropper_set_target (GBACW_TOOL_EYEDROPPER (tool), target);
    }

  self->current = info->name;
  gbacw_map_canvas_set_tool (self->canvas, tool);
  if (self->panel != NULL)
    gbacw_tool_panel_show_tool (self->panel, info->name, _(info->title));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
}

static void
on_tool_status (GbacwToolbox *self,
                const char   *text,
                GbacwMapTool *tool)
{
  g_signal_emit (self, signals[SIGNAL_STATUS], 0, text);
}

/* After a pick, back to the tool picked into. */
static void
on_picked (GbacwToolbox        *self,
           GbacwToolEyedropper *eyedropper)
{
  const char *name = name_of (self, gbacw_tool_eyedropper_get_target (eyedropper));

  if (name != NULL)
    gbacw_toolbox_set_current (self, name);
}

void
gbacw_toolbox_fill_palette (GbacwToolbox *self,
                            GtkBox       *palette)
{
  guint n_tools;
  const GbacwToolInfo *infos = gbacw_toolbox_get_tool_infos (&n_tools);

  g_return_if_fail (GBACW_IS_TOOLBOX (self));
  g_return_if_fail (GTK_IS_BOX (palette));

  for (guint i = 0; i < n_tools; i++)
    {
      const GbacwToolInfo *info = &infos[i];
      GtkWidget *button = gtk_toggle_button_new ();
      g_autofree char *key = gtk_accelerator_get_label (info->key, 0);
      /* TRANSLATORS: a tool's tooltip: its name and its key, e.g. "Terrain Brush (B)" */
      g_autofree char *tooltip = g_strdup_printf (_("%s (%s)"), _(info->title), key);

      gtk_button_set_icon_name (GTK_BUTTON (button), info->icon_name);
      gtk_widget_set_tooltip_text (button, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, _(info->title), -1);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.tool");
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_string (info->name));
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_name (button, info->name);
      gtk_box_append (palette, button);
    }
}

gboolean
gbacw_toolbox_copy (GbacwToolbox *self)
{
  g_return_val_if_fail (GBACW_IS_TOOLBOX (self), FALSE);
  return gbacw_tool_select_copy (GBACW_TOOL_SELECT (gbacw_toolbox_get_tool (self, "select")));
}

gboolean
gbacw_toolbox_paste (GbacwToolbox *self)
{
  GbacwToolSelect *select;

  g_return_val_if_fail (GBACW_IS_TOOLBOX (self), FALSE);

  select = GBACW_TOOL_SELECT (gbacw_toolbox_get_tool (self, "select"));
  gbacw_toolbox_set_current (self, "select");
  return gbacw_tool_select_paste (select);
}

void
gbacw_toolbox_change_radius (GbacwToolbox *self,
                             int           delta)
{
  GbacwTool *tool;
  int radius;

  g_return_if_fail (GBACW_IS_TOOLBOX (self));

  tool = gbacw_toolbox_get_tool (self, self->current);
  if (tool == NULL || g_object_class_find_property (G_OBJECT_GET_CLASS (tool), "radius") == NULL)
    return;
  g_object_get (tool, "radius", &radius, NULL);
  g_object_set (tool, "radius", CLAMP (radius + delta, 0, GBACW_MAX_BRUSH_RADIUS), NULL);
}

void
gbacw_toolbox_change_level (GbacwToolbox *self,
                            int           delta)
{
  GbacwToolElevation *elevation;

  g_return_if_fail (GBACW_IS_TOOLBOX (self));

  elevation = GBACW_TOOL_ELEVATION (gbacw_toolbox_get_tool (self, "elevation"));
  gbacw_tool_elevation_set_level (elevation, gbacw_tool_elevation_get_level (elevation) + delta);
}

/* ---------------------------------------------------------------- GObject */

GbacwToolbox *
gbacw_toolbox_new (GbacwMapCanvas *canvas,
                   GbacwToolPanel *panel)
{
  GbacwToolbox *self;

  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (canvas), NULL);
  g_return_val_if_fail (panel == NULL || GBACW_IS_TOOL_PANEL (panel), NULL);

  self = g_object_new (GBACW_TYPE_TOOLBOX, NULL);
  self->canvas = canvas;
  self->panel = panel;

  for (guint i = 0; i < G_N_ELEMENTS (tool_types); i++)
    {
      GbacwMapTool *tool = g_object_new (tool_types[i] (), NULL);
      const char *name = GBACW_MAP_TOOL_GET_CLASS (tool)->name;

      g_hash_table_insert (self->tools, (gpointer) name, tool);
      /* The tools edit the document the canvas shows. */
      g_object_bind_property (self->canvas, "document", tool, "document", G_BINDING_SYNC_CREATE);
      if (self->panel != NULL)
        {
          g_autoptr(GtkWidget) options = gbacw_map_tool_create_options (tool);
          gbacw_tool_panel_add_options (self->panel, name, options);
        }
      if (GBACW_IS_TOOL_EYEDROPPER (tool))
        g_signal_connect_object (tool, "picked", G_CALLBACK (on_picked), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (tool, "status", G_CALLBACK (on_tool_status), self, G_CONNECT_SWAPPED);
      for (guint k = 0; k < G_N_ELEMENTS (shared_options); k++)
        if (g_object_class_find_property (G_OBJECT_GET_CLASS (tool), shared_options[k].tool_property) != NULL)
          g_object_bind_property (self, shared_options[k].toolbox_property, tool, shared_options[k].tool_property,
                                  G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
    }

  self->current = NULL;
  gbacw_toolbox_set_current (self, "navigate");
  return self;
}

static void
gbacw_toolbox_dispose (GObject *object)
{
  GbacwToolbox *self = GBACW_TOOLBOX (object);

  /* The eyedropper holds a reference to its target: break it before the tools go. */
  if (self->tools != NULL)
    {
      GObject *eyedropper = g_hash_table_lookup (self->tools, "eyedropper");
      if (GBACW_IS_TOOL_EYEDROPPER (eyedropper))
        gbacw_tool_eyedropper_set_target (GBACW_TOOL_EYEDROPPER (eyedropper), NULL);
    }
  g_clear_pointer (&self->tools, g_hash_table_unref);

  G_OBJECT_CLASS (gbacw_toolbox_parent_class)->dispose (object);
}

static void
gbacw_toolbox_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  GbacwToolbox *self = GBACW_TOOLBOX (object);

  switch (prop_id)
    {
    case PROP_CURRENT:
      g_value_set_string (value, self->current);
      break;
    case PROP_TERRAIN:
      g_value_set_uint64 (value, self->terrain);
      break;
    case PROP_LINE_TYPE:
      g_value_set_int (value, self->line_type);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_toolbox_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  GbacwToolbox *self = GBACW_TOOLBOX (object);

  switch (prop_id)
    {
    case PROP_CURRENT:
      gbacw_toolbox_set_current (self, g_value_get_string (value));
      break;
    case PROP_TERRAIN:
      if (self->terrain != g_value_get_uint64 (value))
        {
          self->terrain = g_value_get_uint64 (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_LINE_TYPE:
      if (self->line_type != g_value_get_int (value))
        {
          self->line_type = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_toolbox_class_init (GbacwToolboxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_toolbox_dispose;
  object_class->get_property = gbacw_toolbox_get_property;
  object_class->set_property = gbacw_toolbox_set_property;

  properties[PROP_CURRENT] =
    g_param_spec_string ("current", NULL, NULL, "navigate",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The current terrain (a mask of hex terrain indices) of the brush, the fill and the
   * eyedropper's picks. */
  properties[PROP_TERRAIN] =
    g_param_spec_uint64 ("terrain", NULL, NULL, 0, G_MAXUINT64, 1,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The current line type (an index of the catalogue's, -1 none) of the line tool. */
  properties[PROP_LINE_TYPE] =
    g_param_spec_int ("line-type", NULL, NULL, -1, GBACW_MAX_LINE_TYPES - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* "status" (text): a tool's message for the status line. */
  signals[SIGNAL_STATUS] =
    g_signal_new ("status", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
gbacw_toolbox_init (GbacwToolbox *self)
{
  self->tools = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  self->terrain = 1;
}
