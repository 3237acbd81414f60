/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-controller.c: units on the map of a canvas: the controller's core.
 *
 * The document and the canvas it follows, the geometry its parts share, the line shown
 * over the map, picking a hex for others, and the object itself. Its other parts are
 * in the files gbacw-deployment-controller-private.h lists.
 *
 * Everything the controller shows is drawn over the canvas's cached tiles by its
 * "deployment" layer (the fanned stack, the selected counter, the hexes a dragged unit
 * may take, entry hexes); the counters themselves are in the tiles, drawn by the map
 * renderer, and a change redraws only the tiles of the hexes it touched.
 */
#define G_LOG_DOMAIN "gbacw-deployment-controller"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-counter.h"
#include "gbacw-deployment-controller-private.h"
#include "gbacw-map-renderer.h"
#include "gbacw-oob-edit.h"

G_DEFINE_FINAL_TYPE (GbacwDeploymentController, gbacw_deployment_controller, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SELECTED_UNIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
gbacw_deployment_notify_selected_unit (GbacwDeploymentController *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_UNIT]);
}

GbacwScenario *
gbacw_deployment_get_scenario (GbacwDeploymentController *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

void
gbacw_deployment_queue_overlay (GbacwDeploymentController *self)
{
  if (self->canvas != NULL)
    gbacw_map_canvas_queue_overlay (self->canvas);
}

gboolean
gbacw_deployment_units_shown (GbacwDeploymentController *self)
{
  return self->canvas != NULL && (gbacw_map_canvas_get_layers (self->canvas) & GBACW_LAYER_BIT_UNITS) != 0;
}

/* ---------------------------------------------------------------- geometry */

int
gbacw_deployment_hex_at_map (GbacwDeploymentController *self,
                             double                     mx,
                             double                     my)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);

  if (scenario == NULL)
    return -1;
  return gbacw_hex_grid_index (&scenario->map->grid, gbacw_hex_grid_hex_at_point (&scenario->map->grid, mx, my));
}

int
gbacw_deployment_hex_at_widget (GbacwDeploymentController *self,
                                double                     x,
                                double                     y)
{
  double mx, my;

  if (self->canvas == NULL)
    return -1;
  gbacw_map_canvas_widget_to_map (self->canvas, x, y, &mx, &my);
  return gbacw_deployment_hex_at_map (self, mx, my);
}

void
gbacw_deployment_hex_centre (const GbacwScenario *scenario,
                             int                  hex,
                             double              *x,
                             double              *y)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), x, y);
}

char *
gbacw_deployment_hex_label (const GbacwScenario *scenario,
                            int                  hex)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, hex));
}

/* One widget pixel in map units. */
double
gbacw_deployment_pixel (GbacwDeploymentController *self)
{
  return 1.0 / MAX (gbacw_viewport_get_scale (gbacw_map_canvas_get_viewport (self->canvas)), 1e-6);
}

double
gbacw_deployment_fan_size (GbacwDeploymentController *self)
{
  return MAX (GBACW_COUNTER_SIZE, FAN_COUNTER_PX * gbacw_deployment_pixel (self));
}

/* The direction (0-5) from hex towards the map point. */
int
gbacw_deployment_direction_towards (const GbacwScenario *scenario,
                                    int                  hex,
                                    double               mx,
                                    double               my)
{
  const GbacwHexGrid *grid = &scenario->map->grid;

  return gbacw_deploy_direction_towards (grid, gbacw_hex_grid_hex_at (grid, hex), mx, my);
}

GPtrArray *
gbacw_deployment_stack_at (const GbacwScenario *scenario,
                           int                  hex)
{
  GPtrArray *stack = g_ptr_array_new ();

  if (scenario != NULL && hex >= 0)
    gbacw_counter_stack_at (scenario, hex, stack);
  return stack;
}

/* ---------------------------------------------------------------- status line */

static void
update_status_label (GbacwDeploymentController *self)
{
  const char *text = self->status ? self->status : self->message;

  if (self->status_label == NULL)
    return;
  gtk_label_set_text (GTK_LABEL (self->status_label), text ? text : "");
  gtk_widget_set_visible (self->status_label, text != NULL && text[0] != '\0');
}

void
gbacw_deployment_set_status (GbacwDeploymentController *self,
                             const char                *status)
{
  if (g_strcmp0 (self->status, status) == 0)
    return;
  g_free (self->status);
  self->status = g_strdup (status);
  update_status_label (self);
}

static gboolean
message_timeout (gpointer data)
{
  GbacwDeploymentController *self = data;

  self->message_timeout = 0;
  g_clear_pointer (&self->message, g_free);
  update_status_label (self);
  return G_SOURCE_REMOVE;
}

void
gbacw_deployment_controller_show_message (GbacwDeploymentController *self,
                                          const char                *message)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  g_free (self->message);
  self->message = g_strdup (message);
  g_clear_handle_id (&self->message_timeout, g_source_remove);
  if (message != NULL)
    self->message_timeout = g_timeout_add_seconds (5, message_timeout, self);
  update_status_label (self);
}

const char *
gbacw_deployment_controller_get_status (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), NULL);
  if (self->status != NULL)
    return self->status;
  return self->message ? self->message : "";
}

void
gbacw_deployment_ensure_rules (GbacwDeploymentController *self)
{
  if (self->rules == NULL && gbacw_deployment_get_scenario (self) != NULL)
    self->rules = gbacw_rules_data_new (gbacw_deployment_get_scenario (self));
}
/* ---------------------------------------------------------------- picking hexes */

void
gbacw_deployment_controller_pick_hex (GbacwDeploymentController *self,
                                      const char                *prompt,
                                      GbacwHexPickedFunc         func,
                                      gpointer                   user_data,
                                      GDestroyNotify             destroy)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));
  g_return_if_fail (func != NULL);

  if (self->pick_func != NULL)
    gbacw_deployment_controller_finish_pick (self, -1);
  self->pick_func = func;
  self->pick_data = user_data;
  self->pick_destroy = destroy;
  g_free (self->pick_prompt);
  self->pick_prompt = g_strdup_printf (_("%s (Esc cancels)"), prompt);
  gbacw_deployment_update_actions (self);  /* Escape */
  gbacw_deployment_set_status (self, self->pick_prompt);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas), "cell");
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  gbacw_deployment_queue_overlay (self);
}

gboolean
gbacw_deployment_controller_is_picking (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);
  return self->pick_func != NULL;
}

void
gbacw_deployment_controller_finish_pick (GbacwDeploymentController *self,
                                         int                        hex)
{
  GbacwHexPickedFunc func;
  gpointer data;
  GDestroyNotify destroy;

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  func = self->pick_func;
  data = self->pick_data;
  destroy = self->pick_destroy;
  if (func == NULL)
    return;
  self->pick_func = NULL;
  self->pick_data = NULL;
  self->pick_destroy = NULL;
  g_clear_pointer (&self->pick_prompt, g_free);
  gbacw_deployment_update_actions (self);
  gbacw_deployment_set_status (self, NULL);
  if (self->canvas != NULL)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self->canvas),
                                     gbacw_map_canvas_get_tool (self->canvas) ? "crosshair" : NULL);
  func (hex, data);
  if (destroy != NULL)
    destroy (data);
  gbacw_deployment_queue_overlay (self);
}

void
gbacw_deployment_controller_set_show_entries (GbacwDeploymentController *self,
                                              gboolean                   show)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  if (self->show_entries == show)
    return;
  self->show_entries = show;
  gbacw_deployment_queue_overlay (self);
}

/* ---------------------------------------------------------------- document */

static void
on_document_changed (GbacwDeploymentController *self,
                     const GbacwChange         *change,
                     GbacwDocument             *document)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);

  if (change == NULL || (change->flags & (GBACW_CHANGE_CHARTS | GBACW_CHANGE_CATALOGUE | GBACW_CHANGE_TERRAIN)))
    g_clear_pointer (&self->rules, gbacw_rules_data_free);
  /* units deleted from the order of battle leave the selection */
  for (guint i = 0; i < self->selection->len; i++)
    if (gbacw_oob_find_unit (&scenario->oob, g_ptr_array_index (self->selection, i)) == NULL)
      {
        g_autoptr(GPtrArray) kept = g_ptr_array_new_null_terminated (0, NULL, TRUE);
        for (guint k = 0; k < self->selection->len; k++)
          if (gbacw_oob_find_unit (&scenario->oob, g_ptr_array_index (self->selection, k)) != NULL)
            g_ptr_array_add (kept, g_strdup (g_ptr_array_index (self->selection, k)));
        g_ptr_array_set_free_func (kept, g_free);
        gbacw_deployment_controller_select_units (self, (const char *const *) kept->pdata, FALSE);
        break;
      }
  gbacw_deployment_update_actions (self);
  self->fan_drawn = FALSE;
  gbacw_deployment_update_fan (self);
  gbacw_deployment_queue_overlay (self);
}

static void
set_document (GbacwDeploymentController *self,
              GbacwDocument             *document)
{
  if (self->document == document)
    return;
  if (self->pick_func != NULL)
    gbacw_deployment_controller_finish_pick (self, -1);
  gbacw_deployment_end_drag_feedback (self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  g_clear_pointer (&self->rules, gbacw_rules_data_free);
  g_clear_pointer (&self->selected_unit, g_free);
  g_ptr_array_set_size (self->selection, 0);
  self->fan_hex = -1;
  gbacw_deployment_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_UNIT]);
}

static void
on_canvas_document (GbacwDeploymentController *self,
                    GParamSpec                *pspec,
                    GbacwMapCanvas            *canvas)
{
  set_document (self, gbacw_map_canvas_get_document (canvas));
}

static void
on_canvas_changed (GbacwDeploymentController *self,
                   GParamSpec                *pspec,
                   GbacwMapCanvas            *canvas)
{
  gbacw_deployment_update_fan (self);
  gbacw_deployment_queue_overlay (self);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_deployment_controller_dispose (GObject *object)
{
  GbacwDeploymentController *self = GBACW_DEPLOYMENT_CONTROLLER (object);

  g_clear_handle_id (&self->message_timeout, g_source_remove);
  g_clear_handle_id (&self->allowed_idle, g_source_remove);
  if (self->pick_destroy != NULL)
    self->pick_destroy (self->pick_data);
  self->pick_func = NULL;
  self->pick_destroy = NULL;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  g_clear_object (&self->drag_item);
  g_clear_pointer (&self->rules, gbacw_rules_data_free);
  if (self->canvas != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->canvas), (gpointer *) &self->canvas);
  self->canvas = NULL;
  gbacw_deployment_set_key_scope_internal (self, NULL);
  g_clear_object (&self->actions);

  G_OBJECT_CLASS (gbacw_deployment_controller_parent_class)->dispose (object);
}

static void
gbacw_deployment_controller_finalize (GObject *object)
{
  GbacwDeploymentController *self = GBACW_DEPLOYMENT_CONTROLLER (object);

  g_free (self->status);
  g_free (self->message);
  g_free (self->selected_unit);
  g_ptr_array_unref (self->selection);
  g_free (self->press_unit);
  g_free (self->pick_prompt);
  g_hash_table_unref (self->allowed);
  g_array_unref (self->pending);

  G_OBJECT_CLASS (gbacw_deployment_controller_parent_class)->finalize (object);
}

static void
gbacw_deployment_controller_get_property (GObject    *object,
                                          guint       prop_id,
                                          GValue     *value,
                                          GParamSpec *pspec)
{
  GbacwDeploymentController *self = GBACW_DEPLOYMENT_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_SELECTED_UNIT:
      g_value_set_string (value, self->selected_unit);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_deployment_controller_class_init (GbacwDeploymentControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_deployment_controller_dispose;
  object_class->finalize = gbacw_deployment_controller_finalize;
  object_class->get_property = gbacw_deployment_controller_get_property;

  properties[PROP_SELECTED_UNIT] =
    g_param_spec_string ("selected-unit", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_deployment_controller_init (GbacwDeploymentController *self)
{
  self->fan_hex = -1;
  self->drag_hex = -1;
  self->move_hex = -1;
  self->last_facing = -1;
  self->selection = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  self->allowed = g_hash_table_new (NULL, NULL);
  self->pending = g_array_new (FALSE, FALSE, sizeof (int));
}

/* The status line and the menu's anchor, over the map when the canvas is in an overlay. */
static void
add_overlay_widgets (GbacwDeploymentController *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self->canvas));

  if (!GTK_IS_OVERLAY (parent))
    return;
  self->status_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->status_label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (self->status_label), 70);
  gtk_label_set_xalign (GTK_LABEL (self->status_label), 0);
  gtk_widget_set_halign (self->status_label, GTK_ALIGN_START);
  gtk_widget_set_valign (self->status_label, GTK_ALIGN_END);
  gtk_widget_set_margin_start (self->status_label, 12);
  gtk_widget_set_margin_end (self->status_label, 12);
  gtk_widget_set_margin_bottom (self->status_label, 12);
  gtk_widget_set_can_target (self->status_label, FALSE);
  gtk_widget_set_visible (self->status_label, FALSE);
  gtk_widget_add_css_class (self->status_label, "deployment-status");
  gtk_overlay_add_overlay (GTK_OVERLAY (parent), self->status_label);

  self->menu_button = gtk_menu_button_new ();
  /* Unseen, it only anchors the menu of the counters under the pointer. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->menu_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Counter Menu"), -1);
  gtk_widget_set_halign (self->menu_button, GTK_ALIGN_START);
  gtk_widget_set_valign (self->menu_button, GTK_ALIGN_START);
  gtk_widget_set_opacity (self->menu_button, 0);
  gtk_widget_set_can_target (self->menu_button, FALSE);
  gtk_widget_set_can_focus (self->menu_button, FALSE);
  gtk_widget_set_size_request (self->menu_button, 1, 1);
  gtk_overlay_add_overlay (GTK_OVERLAY (parent), self->menu_button);
}

static void
draw_layer (gpointer        owner,
            cairo_t        *cr,
            double          px,
            GbacwMapCanvas *canvas)
{
  gbacw_deployment_draw (owner, cr, px);
}

GbacwDeploymentController *
gbacw_deployment_controller_new (GbacwMapCanvas *canvas)
{
  GbacwDeploymentController *self;

  g_return_val_if_fail (GBACW_IS_MAP_CANVAS (canvas), NULL);

  self = g_object_new (GBACW_TYPE_DEPLOYMENT_CONTROLLER, NULL);
  self->canvas = canvas;
  g_object_add_weak_pointer (G_OBJECT (canvas), (gpointer *) &self->canvas);
  g_object_set_data_full (G_OBJECT (canvas), GBACW_DEPLOYMENT_CONTROLLER_DATA_KEY, self, g_object_unref);

  gbacw_deployment_add_actions (self);
  gbacw_deployment_add_drop_target (self);
  gbacw_deployment_add_input (self);

  {
    g_autoptr(GbacwCanvasLayer) layer = gbacw_canvas_layer_new_for_object ("deployment", self, draw_layer);
    gbacw_map_canvas_add_layer (canvas, layer);
  }
  g_signal_connect_object (canvas, "notify::document", G_CALLBACK (on_canvas_document), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (canvas, "notify::tool", G_CALLBACK (on_canvas_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (canvas, "notify::layers", G_CALLBACK (on_canvas_changed), self, G_CONNECT_SWAPPED);

  add_overlay_widgets (self);
  set_document (self, gbacw_map_canvas_get_document (canvas));
  return self;
}

GbacwMapCanvas *
gbacw_deployment_controller_get_canvas (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), NULL);
  return self->canvas;
}
