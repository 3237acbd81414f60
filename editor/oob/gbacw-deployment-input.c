/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-input.c: the pointer and keys on the map: a press on a counter
 * selects it, a drag moves it (Shift+drag turns it), Alt+scroll turns it, the keys of the
 * selected unit, the secondary button's menu. */
#define G_LOG_DOMAIN "gbacw-deployment-input"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-deployment-controller-private.h"
#include "gbacw-oob-edit.h"

/* ---------------------------------------------------------------- input */

static void
on_press_begin (GbacwDeploymentController *self,
                double                     x,
                double                     y,
                GtkGestureDrag            *gesture)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  const char *unit;
  double mx, my;
  int hex;

  self->press_x = x;
  self->press_y = y;
  if (self->pick_func != NULL)
    {
      self->picking_press = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }
  if (self->document == NULL || gbacw_map_canvas_get_tool (self->canvas) != NULL || !gbacw_deployment_units_shown (self))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gbacw_map_canvas_widget_to_map (self->canvas, x, y, &mx, &my);
  unit = gbacw_deployment_unit_at (self, mx, my, &hex);
  if (unit == NULL)
    {
      /* The map pans as before; a click beside the counters lets go of the selection. */
      if (!gbacw_deployment_in_fan (self, mx, my))
        gbacw_deployment_controller_select_unit (self, NULL);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  g_free (self->press_unit);
  self->press_unit = g_strdup (unit);
  self->press_hex = hex;
  self->press_shift = (state & GDK_SHIFT_MASK) != 0;
  self->moving = self->turning = FALSE;
  self->move_hex = -1;
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
  gbacw_deployment_controller_select_unit (self, unit);
}

static void
on_press_update (GbacwDeploymentController *self,
                 double                     dx,
                 double                     dy,
                 GtkGestureDrag            *gesture)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  double mx, my;

  if (self->picking_press || self->press_unit == NULL || scenario == NULL)
    return;
  if (!self->moving && !self->turning && hypot (dx, dy) < DRAG_THRESHOLD)
    return;
  gbacw_map_canvas_widget_to_map (self->canvas, self->press_x + dx, self->press_y + dy, &mx, &my);
  self->pointer_mx = mx;
  self->pointer_my = my;
  if (self->press_shift)
    {
      /* Turn towards the pointer. */
      const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, self->press_unit, NULL);
      int facing;

      self->turning = TRUE;
      if (p == NULL || gbacw_deployment_hex_at_map (self, mx, my) == p->hex)
        return;
      facing = gbacw_deployment_direction_towards (scenario, p->hex, mx, my);
      if (facing != p->facing)
        gbacw_deployment_set_facing (self, facing);
      return;
    }
  if (!self->moving)
    {
      self->moving = TRUE;
      self->fan_hex = -1;
    }
  {
    int hex = gbacw_deployment_hex_at_map (self, mx, my);
    if (hex != self->move_hex)
      {
        const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, self->press_unit);
        const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, self->press_unit, NULL);
        g_autofree char *status = NULL;
        gboolean ok = FALSE;

        self->move_hex = hex;
        if (hex >= 0 && unit != NULL)
          status = gbacw_deployment_describe_hex_for_unit (self, unit, p ? p->formation : GBACW_FORMATION_STATE_UNSET, hex, &ok);
        gbacw_deployment_set_status (self, status);
      }
  }
  gbacw_deployment_queue_overlay (self);
}

static void
on_press_end (GbacwDeploymentController *self,
              double                     dx,
              double                     dy,
              GtkGestureDrag            *gesture)
{
  if (self->picking_press)
    {
      self->picking_press = FALSE;
      gbacw_deployment_controller_finish_pick (self, gbacw_deployment_hex_at_widget (self, self->press_x + dx, self->press_y + dy));
      return;
    }
  if (self->moving && self->press_unit != NULL && self->move_hex >= 0 && self->move_hex != self->press_hex)
    {
      g_autoptr(GError) error = NULL;
      gbacw_deployment_run (self, gbacw_deploy_move (gbacw_deployment_get_scenario (self), self->press_unit, self->move_hex, &error), &error);
    }
  g_clear_pointer (&self->press_unit, g_free);
  self->moving = self->turning = FALSE;
  self->move_hex = -1;
  gbacw_deployment_set_status (self, NULL);
  gbacw_deployment_update_fan (self);
  gbacw_deployment_queue_overlay (self);
}

static void
on_press_cancel (GbacwDeploymentController *self,
                 GdkEventSequence          *sequence,
                 GtkGesture                *gesture)
{
  self->picking_press = FALSE;
  g_clear_pointer (&self->press_unit, g_free);
  self->moving = self->turning = FALSE;
  gbacw_deployment_set_status (self, NULL);
  gbacw_deployment_queue_overlay (self);
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
  gbacw_deployment_controller_select_unit (self, unit);
  gbacw_deployment_open_menu (self, x, y);
}

static gboolean
on_scroll (GbacwDeploymentController *self,
           double                     dx,
           double                     dy,
           GtkEventControllerScroll  *controller)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));

  if (!(state & GDK_ALT_MASK) || gbacw_deployment_selected_placement (self, NULL) == NULL || dy == 0)
    return FALSE;
  gbacw_deployment_rotate (self, dy > 0 ? 1 : -1);
  return TRUE;
}

static gboolean
handle_key (GbacwDeploymentController *self,
            guint                      keyval,
            GdkModifierType            state)
{
  GdkModifierType mods = state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK);

  if (keyval == GDK_KEY_Escape && self->pick_func != NULL)
    {
      gbacw_deployment_controller_finish_pick (self, -1);
      return TRUE;
    }
  if (gbacw_deployment_selected_placement (self, NULL) == NULL)
    return FALSE;
  if (mods == GDK_CONTROL_MASK && (keyval == GDK_KEY_Up || keyval == GDK_KEY_Down))
    {
      gbacw_deployment_restack (self, keyval == GDK_KEY_Up ? -1 : 1);
      return TRUE;
    }
  if ((mods & ~GDK_SHIFT_MASK) != 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Delete:
    case GDK_KEY_KP_Delete:
    case GDK_KEY_BackSpace:
      gbacw_deployment_remove_selected (self);
      return TRUE;
    case GDK_KEY_comma:
    case GDK_KEY_less:
      gbacw_deployment_rotate (self, -1);
      return TRUE;
    case GDK_KEY_period:
    case GDK_KEY_greater:
      gbacw_deployment_rotate (self, 1);
      return TRUE;
    case GDK_KEY_l:
      gbacw_deployment_set_formation (self, GBACW_FORMATION_STATE_LINE);
      return TRUE;
    case GDK_KEY_c:
      gbacw_deployment_set_formation (self, GBACW_FORMATION_STATE_COLUMN);
      return TRUE;
    case GDK_KEY_m:
      gbacw_deployment_set_formation (self, GBACW_FORMATION_STATE_MOUNTED);
      return TRUE;
    case GDK_KEY_d:
      gbacw_deployment_set_formation (self, GBACW_FORMATION_STATE_DISMOUNTED);
      return TRUE;
    case GDK_KEY_k:
      gbacw_deployment_set_formation (self, GBACW_FORMATION_STATE_LIMBERED);
      return TRUE;
    case GDK_KEY_u:
      gbacw_deployment_set_formation (self, GBACW_FORMATION_STATE_UNLIMBERED);
      return TRUE;
    case GDK_KEY_Menu:
    case GDK_KEY_Return:
      gbacw_deployment_menu_activated (NULL, NULL, self);
      return TRUE;
    case GDK_KEY_Escape:
      gbacw_deployment_controller_select_unit (self, NULL);
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
on_shortcut (GtkWidget *widget,
             GVariant  *args,
             gpointer   data)
{
  guint keyval, mods;

  g_variant_get (args, "(uu)", &keyval, &mods);
  return handle_key (data, keyval, mods);
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


void
gbacw_deployment_add_input (GbacwDeploymentController *self)
{
  static const struct { guint keyval; GdkModifierType mods; } keys[] = {
    { GDK_KEY_Delete, 0 }, { GDK_KEY_KP_Delete, 0 }, { GDK_KEY_BackSpace, 0 },
    { GDK_KEY_comma, 0 }, { GDK_KEY_less, GDK_SHIFT_MASK }, { GDK_KEY_period, 0 }, { GDK_KEY_greater, GDK_SHIFT_MASK },
    { GDK_KEY_l, 0 }, { GDK_KEY_c, 0 }, { GDK_KEY_m, 0 }, { GDK_KEY_d, 0 }, { GDK_KEY_k, 0 }, { GDK_KEY_u, 0 },
    { GDK_KEY_Menu, 0 }, { GDK_KEY_Return, 0 }, { GDK_KEY_Escape, 0 },
    { GDK_KEY_Up, GDK_CONTROL_MASK }, { GDK_KEY_Down, GDK_CONTROL_MASK },
  };
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  GtkEventController *controller;
  GtkGesture *gesture;

  /* Before the canvas's own gestures: a press on a counter is ours, elsewhere the map pans. */
  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_object (gesture, "drag-begin", G_CALLBACK (on_press_begin), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-update", G_CALLBACK (on_press_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "drag-end", G_CALLBACK (on_press_end), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gesture, "cancel", G_CALLBACK (on_press_cancel), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (gesture));
  self->press = gesture;

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (on_secondary_pressed), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (canvas, GTK_EVENT_CONTROLLER (gesture));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL
                                                | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect_object (controller, "scroll", G_CALLBACK (on_scroll), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (canvas, controller);

  /* Keys for the selected unit: shortcuts that pass on when no unit is selected. */
  controller = gtk_shortcut_controller_new ();
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, keys[i].mods),
                                                gtk_callback_action_new (on_shortcut, self, NULL));
      gtk_shortcut_set_arguments (shortcut, g_variant_new ("(uu)", keys[i].keyval, (guint) keys[i].mods));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }
  gtk_widget_add_controller (canvas, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "motion", G_CALLBACK (on_motion), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "leave", G_CALLBACK (on_leave), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (canvas, controller);
}
