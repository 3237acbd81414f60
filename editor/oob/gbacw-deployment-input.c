/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-input.c: the pointer and keys for units on the map.
 *
 * With the deploy tool (gbacw-tool-deploy.c, which calls the tool functions here), a
 * click on a counter selects it and Shift+click adds it to the selection or takes it
 * out; a drag on empty map draws a rubber band that selects the counters in it; dragging
 * a counter moves it, or the whole selection when it is one of several selected, and
 * Shift+dragging turns it toward the pointer; Alt+scroll turns the selection. With any
 * tool, the secondary button opens a counter's menu and a click picks a hex while one is
 * asked for. The keys of the selected units are shortcuts of the actions "deploy.*" on the
 * key scope, a widget holding both the map and the order of battle, so that they act
 * whichever of the two has the focus.
 */
#define G_LOG_DOMAIN "gbacw-deployment-input"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-deployment-controller-private.h"
#include "gbacw-oob-edit.h"

/* ---------------------------------------------------------------- the deploy tool */

GbacwDeploymentController *
gbacw_deployment_controller_get_for_canvas (GbacwMapCanvas *canvas)
{
  g_return_val_if_fail (canvas == NULL || GBACW_IS_MAP_CANVAS (canvas), NULL);
  return canvas ? g_object_get_data (G_OBJECT (canvas), GBACW_DEPLOYMENT_CONTROLLER_DATA_KEY) : NULL;
}

static void
end_press (GbacwDeploymentController *self)
{
  g_clear_pointer (&self->press_unit, g_free);
  self->moving = self->turning = self->band = FALSE;
  self->move_hex = -1;
  gbacw_deployment_set_status (self, NULL);
  gbacw_deployment_update_fan (self);
  gbacw_deployment_queue_overlay (self);
}

void
gbacw_deployment_controller_set_tool_active (GbacwDeploymentController *self,
                                             gboolean                   active)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  if (self->tool_active == !!active)
    return;
  self->tool_active = !!active;
  end_press (self);
}

void
gbacw_deployment_controller_tool_pressed (GbacwDeploymentController *self,
                                          double                     mx,
                                          double                     my,
                                          GdkModifierType            state)
{
  const char *unit;
  int hex;

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  end_press (self);
  if (self->document == NULL || !gbacw_deployment_units_shown (self))
    return;
  self->press_mx = self->band_mx = self->pointer_mx = mx;
  self->press_my = self->band_my = self->pointer_my = my;
  self->press_shift = (state & GDK_SHIFT_MASK) != 0;
  unit = gbacw_deployment_unit_at (self, mx, my, &hex);
  if (unit == NULL)
    {
      /* beside the counters: a rubber band (a click lets go of the selection) */
      self->band = !gbacw_deployment_in_fan (self, mx, my);
      self->band_add = self->press_shift;
      return;
    }
  self->press_unit = g_strdup (unit);
  self->press_hex = hex;
  /* A press on one of several selected counters keeps the selection: it may be dragged
   * as a group. */
  if (!self->press_shift && !gbacw_deployment_is_selected (self, unit))
    gbacw_deployment_controller_select_unit (self, unit);
}

void
gbacw_deployment_controller_tool_dragged (GbacwDeploymentController *self,
                                          double                     mx,
                                          double                     my,
                                          GdkModifierType            state)
{
  const GbacwScenario *scenario;
  int hex;

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  scenario = gbacw_deployment_get_scenario (self);
  self->pointer_mx = mx;
  self->pointer_my = my;
  if (self->band)
    {
      self->band_mx = mx;
      self->band_my = my;
      gbacw_deployment_queue_overlay (self);
      return;
    }
  if (self->press_unit == NULL || scenario == NULL)
    return;
  if (!self->moving && !self->turning
      && hypot (mx - self->press_mx, my - self->press_my) < DRAG_THRESHOLD * gbacw_deployment_pixel (self))
    return;
  if (self->press_shift)
    {
      /* Turn towards the pointer. */
      const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, self->press_unit, NULL);
      g_autoptr(GError) error = NULL;
      int facing;

      self->turning = TRUE;
      if (p == NULL || gbacw_deployment_hex_at_map (self, mx, my) == p->hex)
        return;
      facing = gbacw_deployment_direction_towards (scenario, p->hex, mx, my);
      if (facing != p->facing)
        {
          gbacw_deployment_run (self, gbacw_deploy_set_facing (gbacw_deployment_get_scenario (self), self->press_unit,
                                                               facing, &error),
                                &error);
          self->last_facing = facing;
        }
      return;
    }
  if (!self->moving)
    {
      self->moving = TRUE;
      self->fan_hex = -1;
    }
  hex = gbacw_deployment_hex_at_map (self, mx, my);
  if (hex != self->move_hex)
    {
      const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, self->press_unit);
      const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, self->press_unit, NULL);
      g_autofree char *status = NULL;
      gboolean ok = FALSE;

      self->move_hex = hex;
      if (hex >= 0 && unit != NULL)
        status = gbacw_deployment_describe_hex_for_unit (self, unit, p ? p->formation : GBACW_FORMATION_STATE_UNSET,
                                                         hex, &ok);
      gbacw_deployment_set_status (self, status);
    }
  gbacw_deployment_queue_overlay (self);
}

void
gbacw_deployment_controller_tool_released (GbacwDeploymentController *self,
                                           double                     mx,
                                           double                     my,
                                           GdkModifierType            state)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  if (self->band)
    {
      if (hypot (mx - self->press_mx, my - self->press_my) < DRAG_THRESHOLD * gbacw_deployment_pixel (self))
        {
          if (!self->band_add)
            gbacw_deployment_controller_select_unit (self, NULL);
        }
      else
        gbacw_deployment_select_in_rectangle (self, self->press_mx, self->press_my, mx, my, self->band_add);
    }
  else if (self->press_unit != NULL && self->moving)
    {
      g_autoptr(GPtrArray) placed = gbacw_deployment_placed_selection (self);
      GbacwScenario *scenario = gbacw_deployment_get_scenario (self);

      if (self->move_hex < 0 || self->move_hex == self->press_hex)
        ;
      else if (placed->len > 1 && gbacw_deployment_is_selected (self, self->press_unit))
        gbacw_deployment_run (self, gbacw_deploy_move_units (scenario, (const char *const *) placed->pdata,
                                                             self->press_hex, self->move_hex, &error),
                              &error);
      else
        gbacw_deployment_run (self, gbacw_deploy_move (scenario, self->press_unit, self->move_hex, &error), &error);
    }
  else if (self->press_unit != NULL && !self->turning)
    {
      /* a click: Shift adds or takes out; otherwise this counter alone */
      if (self->press_shift)
        gbacw_deployment_controller_toggle_unit (self, self->press_unit);
      else
        gbacw_deployment_controller_select_unit (self, self->press_unit);
    }
  end_press (self);
}

gboolean
gbacw_deployment_controller_tool_scrolled (GbacwDeploymentController *self,
                                           double                     steps,
                                           GdkModifierType            state)
{
  g_autoptr(GPtrArray) placed = NULL;

  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);

  if (!(state & GDK_ALT_MASK) || steps == 0)
    return FALSE;
  placed = gbacw_deployment_placed_selection (self);
  if (placed->len == 0)
    return FALSE;
  gbacw_deployment_rotate (self, steps > 0 ? 1 : -1);
  return TRUE;
}

/* ---------------------------------------------------------------- any tool */

/* A press while a hex is asked for picks it, whatever the tool. */
static void
on_pick_begin (GbacwDeploymentController *self,
               double                     x,
               double                     y,
               GtkGestureDrag            *gesture)
{
  if (self->pick_func == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->pick_x = x;
  self->pick_y = y;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_pick_end (GbacwDeploymentController *self,
             double                     dx,
             double                     dy,
             GtkGestureDrag            *gesture)
{
  if (self->pick_func != NULL)
    gbacw_deployment_controller_finish_pick (self, gbacw_deployment_hex_at_widget (self, self->pick_x + dx,
                                                                                    self->pick_y + dy));
}

static void
on_secondary_pressed (GbacwDeploymentController *self,
                      int                        n_press,
                      double                     x,
                      double                     y,
                      GtkGestureClick           *gesture)
{
  const char *unit;
  double mx, my;
  int hex;

  if (self->document == NULL || !gbacw_deployment_units_shown (self))
    return;
  gbacw_map_canvas_widget_to_map (self->canvas, x, y, &mx, &my);
  unit = gbacw_deployment_unit_at (self, mx, my, &hex);
  if (unit == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  /* the menu of one of several selected counters is for all of them */
  if (!gbacw_deployment_is_selected (self, unit))
    gbacw_deployment_controller_select_unit (self, unit);
  gbacw_deployment_open_menu (self, x, y);
}

static void
on_motion (GbacwDeploymentController *self,
           double                     x,
           double                     y,
           GtkEventControllerMotion  *controller)
{
  self->has_pointer = TRUE;
  gbacw_map_canvas_widget_to_map (self->canvas, x, y, &self->pointer_mx, &self->pointer_my);
  if (self->pick_func != NULL)
    gbacw_deployment_queue_overlay (self);
  gbacw_deployment_update_fan (self);
}

static void
on_leave (GbacwDeploymentController *self,
          GtkEventControllerMotion  *controller)
{
  self->has_pointer = FALSE;
  gbacw_deployment_update_fan (self);
}

/* ---------------------------------------------------------------- keys */

static GtkEventController *
create_keys (void)
{
  static const struct { guint keyval; GdkModifierType mods; const char *action; const char *target; } keys[] = {
    { GDK_KEY_Delete, 0, "deploy.remove", NULL },
    { GDK_KEY_KP_Delete, 0, "deploy.remove", NULL },
    { GDK_KEY_BackSpace, 0, "deploy.remove", NULL },
    { GDK_KEY_comma, 0, "deploy.rotate", "-1" },
    { GDK_KEY_less, GDK_SHIFT_MASK, "deploy.rotate", "-1" },
    { GDK_KEY_period, 0, "deploy.rotate", "1" },
    { GDK_KEY_greater, GDK_SHIFT_MASK, "deploy.rotate", "1" },
    { GDK_KEY_l, 0, "deploy.formation", "'line'" },
    { GDK_KEY_c, 0, "deploy.formation", "'column'" },
    { GDK_KEY_m, 0, "deploy.formation", "'mounted'" },
    { GDK_KEY_d, 0, "deploy.formation", "'dismounted'" },
    { GDK_KEY_k, 0, "deploy.formation", "'limbered'" },
    { GDK_KEY_u, 0, "deploy.formation", "'unlimbered'" },
    { GDK_KEY_Menu, 0, "deploy.menu", NULL },
    { GDK_KEY_Return, 0, "deploy.menu", NULL },
    { GDK_KEY_Escape, 0, "deploy.escape", NULL },
    { GDK_KEY_Up, GDK_CONTROL_MASK, "deploy.raise", NULL },
    { GDK_KEY_Down, GDK_CONTROL_MASK, "deploy.lower", NULL },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  /* A named action does nothing while its action is disabled, and the key goes on: the
   * keys act only when a unit on the map is selected (Escape also while picking). */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, keys[i].mods),
                                                gtk_named_action_new (keys[i].action));
      if (keys[i].target != NULL)
        gtk_shortcut_set_arguments (shortcut, g_variant_new_parsed (keys[i].target));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  return controller;
}

void
gbacw_deployment_set_key_scope_internal (GbacwDeploymentController *self,
                                         GtkWidget                 *scope)
{
  if (self->key_scope != NULL)
    {
      gtk_widget_insert_action_group (self->key_scope, "deploy", NULL);
      if (self->keys != NULL)
        gtk_widget_remove_controller (self->key_scope, self->keys);
      g_object_remove_weak_pointer (G_OBJECT (self->key_scope), (gpointer *) &self->key_scope);
    }
  self->keys = NULL;
  self->key_scope = scope;
  if (scope == NULL)
    return;
  g_object_add_weak_pointer (G_OBJECT (scope), (gpointer *) &self->key_scope);
  gtk_widget_insert_action_group (scope, "deploy", G_ACTION_GROUP (self->actions));
  self->keys = create_keys ();
  gtk_widget_add_controller (scope, self->keys);
}

void
gbacw_deployment_controller_set_key_scope (GbacwDeploymentController *self,
                                           GtkWidget                 *scope)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));
  g_return_if_fail (GTK_IS_WIDGET (scope));
  g_return_if_fail (self->canvas == NULL || gtk_widget_is_ancestor (GTK_WIDGET (self->canvas), scope));

  gbacw_deployment_set_key_scope_internal (self, scope);
}

void
gbacw_deployment_add_input (GbacwDeploymentController *self)
{
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  GtkWidget *parent = gtk_widget_get_parent (canvas);
  GtkEventController *controller;
  GtkGesture *gesture;

  /* Before the canvas's own gestures (and its tool): a hex being picked. */
  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_object (gesture, "drag-begin", G_CALLBACK (on_pick_begin), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-end", G_CALLBACK (on_pick_end), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (gesture));
  self->pick_press = gesture;

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (on_secondary_pressed), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "motion", G_CALLBACK (on_motion), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "leave", G_CALLBACK (on_leave), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (canvas, controller);

  /* Until someone gives a wider scope: the overlay around the canvas when there is one,
   * so that the counter's menu (an overlay child) reaches the actions too. */
  gbacw_deployment_set_key_scope_internal (self, GTK_IS_OVERLAY (parent) ? parent : canvas);
}
