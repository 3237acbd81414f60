/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-sidebar.c: the window's scenario pages beside the map. */
#define G_LOG_DOMAIN "gbacw-scenario-sidebar"

#include "config.h"

#include "gbacw-scenario-sidebar.h"
#include "gbacw-window-state.h"

/* The tree's height above the divider without GSettings; the schema's default of
 * oob-tree-height. */
#define OOB_TREE_DEFAULT_HEIGHT 330

struct _GbacwScenarioSidebar
{
  GtkBox parent_instance;

  /* template */
  GtkStackSwitcher *switcher;
  GtkStack *stack;
  GtkPaned *oob_paned;
  GbacwOobPanel *oob_panel;
  GbacwOobInspector *inspector;
  GbacwReinforcementPanel *reinforcement_panel;

  GbacwDocument *document;
};

G_DEFINE_FINAL_TYPE (GbacwScenarioSidebar, gbacw_scenario_sidebar, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_PAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

GbacwDocument *
gbacw_scenario_sidebar_get_document (GbacwScenarioSidebar *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_SIDEBAR (self), NULL);
  return self->document;
}

void
gbacw_scenario_sidebar_set_document (GbacwScenarioSidebar *self,
                                     GbacwDocument        *document)
{
  g_return_if_fail (GBACW_IS_SCENARIO_SIDEBAR (self));

  if (!g_set_object (&self->document, document))
    return;
  gbacw_oob_inspector_set_document (self->inspector, document);
  gbacw_oob_panel_set_document (self->oob_panel, document);
  gbacw_reinforcement_panel_set_document (self->reinforcement_panel, document);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

GbacwOobPanel *
gbacw_scenario_sidebar_get_oob_panel (GbacwScenarioSidebar *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_SIDEBAR (self), NULL);
  return self->oob_panel;
}

GbacwOobInspector *
gbacw_scenario_sidebar_get_inspector (GbacwScenarioSidebar *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_SIDEBAR (self), NULL);
  return self->inspector;
}

GbacwReinforcementPanel *
gbacw_scenario_sidebar_get_reinforcement_panel (GbacwScenarioSidebar *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_SIDEBAR (self), NULL);
  return self->reinforcement_panel;
}

void
gbacw_scenario_sidebar_show_page (GbacwScenarioSidebar *self,
                                  const char           *name)
{
  g_return_if_fail (GBACW_IS_SCENARIO_SIDEBAR (self));
  gtk_stack_set_visible_child_name (self->stack, name);
}

const char *
gbacw_scenario_sidebar_get_page (GbacwScenarioSidebar *self)
{
  g_return_val_if_fail (GBACW_IS_SCENARIO_SIDEBAR (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

/* The form follows the tree's selection. */
static void
on_selected_item (GbacwScenarioSidebar *self,
                  GParamSpec           *pspec,
                  GbacwOobPanel        *panel)
{
  gbacw_oob_inspector_set_item (self->inspector, gbacw_oob_panel_get_selected_item (panel));
}

/* A new entry: its name is typed next. */
static void
on_entry_added (GbacwScenarioSidebar *self,
                GbacwOobItem         *item,
                GbacwOobPanel        *panel)
{
  gbacw_oob_inspector_set_item (self->inspector, item);
  gbacw_oob_inspector_focus_field (self->inspector, GBACW_OOB_FIELD_NAME);
}

/* Ctrl+D duplicates the selected entry wherever the focus is on the page: in the tree
 * (whose own binding takes it first) or in the form, where a copy puts the focus. */
static gboolean
duplicate_shortcut (GtkWidget *widget,
                    GVariant  *args,
                    gpointer   user_data)
{
  GbacwScenarioSidebar *self = GBACW_SCENARIO_SIDEBAR (widget);

  if (g_strcmp0 (gbacw_scenario_sidebar_get_page (self), "oob") != 0)
    return FALSE;
  return gtk_widget_activate_action (GTK_WIDGET (self->oob_panel), "oob.duplicate", NULL);
}

/* The divider stays where the user put it, in this run and the next. */
static void
on_divider_moved (GbacwScenarioSidebar *self,
                  GParamSpec           *pspec,
                  GtkPaned             *paned)
{
  GSettings *settings = gbacw_window_state_get_settings ();

  if (settings != NULL && gtk_widget_get_mapped (GTK_WIDGET (paned)) && gtk_paned_get_position (paned) > 0)
    g_settings_set_int (settings, "oob-tree-height", gtk_paned_get_position (paned));
}

static void
on_page (GbacwScenarioSidebar *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
}

static void
gbacw_scenario_sidebar_dispose (GObject *object)
{
  GbacwScenarioSidebar *self = GBACW_SCENARIO_SIDEBAR (object);

  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_SCENARIO_SIDEBAR);

  G_OBJECT_CLASS (gbacw_scenario_sidebar_parent_class)->dispose (object);
}

static void
gbacw_scenario_sidebar_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  GbacwScenarioSidebar *self = GBACW_SCENARIO_SIDEBAR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_PAGE:
      g_value_set_string (value, gbacw_scenario_sidebar_get_page (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_scenario_sidebar_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  GbacwScenarioSidebar *self = GBACW_SCENARIO_SIDEBAR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_scenario_sidebar_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_scenario_sidebar_class_init (GbacwScenarioSidebarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_scenario_sidebar_dispose;
  object_class->get_property = gbacw_scenario_sidebar_get_property;
  object_class->set_property = gbacw_scenario_sidebar_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The page shown, as gbacw_scenario_sidebar_get_page (). */
  properties[PROP_PAGE] =
    g_param_spec_string ("page", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (GBACW_TYPE_OOB_PANEL);
  g_type_ensure (GBACW_TYPE_OOB_INSPECTOR);
  g_type_ensure (GBACW_TYPE_REINFORCEMENT_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-scenario-sidebar.ui");
  gtk_widget_class_add_binding (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, duplicate_shortcut, NULL);
  gtk_widget_class_bind_template_child (widget_class, GbacwScenarioSidebar, switcher);
  gtk_widget_class_bind_template_child (widget_class, GbacwScenarioSidebar, stack);
  gtk_widget_class_bind_template_child (widget_class, GbacwScenarioSidebar, oob_paned);
  gtk_widget_class_bind_template_child (widget_class, GbacwScenarioSidebar, oob_panel);
  gtk_widget_class_bind_template_child (widget_class, GbacwScenarioSidebar, inspector);
  gtk_widget_class_bind_template_child (widget_class, GbacwScenarioSidebar, reinforcement_panel);
}

static void
gbacw_scenario_sidebar_init (GbacwScenarioSidebar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The page titles are shortened ("Order of Ba…") rather than keep the sidebar wide:
   * the user may narrow it to give the map room. */
  for (GtkWidget *button = gtk_widget_get_first_child (GTK_WIDGET (self->switcher)); button != NULL;
       button = gtk_widget_get_next_sibling (button))
    if (GTK_IS_BUTTON (button) && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (button))))
      gtk_label_set_ellipsize (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), PANGO_ELLIPSIZE_END);

  {
    GSettings *settings = gbacw_window_state_get_settings ();

    gtk_paned_set_position (self->oob_paned, settings ? g_settings_get_int (settings, "oob-tree-height")
                                                      : OOB_TREE_DEFAULT_HEIGHT);
    g_signal_connect_object (self->oob_paned, "notify::position", G_CALLBACK (on_divider_moved), self,
                             G_CONNECT_SWAPPED);
  }
  g_signal_connect_object (self->oob_panel, "notify::selected-item", G_CALLBACK (on_selected_item), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->oob_panel, "entry-added", G_CALLBACK (on_entry_added), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->stack, "notify::visible-child", G_CALLBACK (on_page), self, G_CONNECT_SWAPPED);
}

GtkWidget *
gbacw_scenario_sidebar_new (void)
{
  return g_object_new (GBACW_TYPE_SCENARIO_SIDEBAR, NULL);
}
