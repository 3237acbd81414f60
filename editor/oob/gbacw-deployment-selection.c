/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-selection.c: the unit selected on the map, and the stack fanned out
 * under the pointer or around the selection, with what a point of the map hits. */
#define G_LOG_DOMAIN "gbacw-deployment-selection"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-counter.h"
#include "gbacw-deployment-controller-private.h"

/* ---------------------------------------------------------------- selection */

const char *
gbacw_deployment_controller_get_selected_unit (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), NULL);
  return self->selected_unit;
}

void
gbacw_deployment_update_actions (GbacwDeploymentController *self)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  gboolean placed = scenario != NULL && self->selected_unit != NULL
                    && gbacw_scenario_find_placement (scenario, self->selected_unit, NULL) != NULL;
  const char *names[] = { "remove", "rotate", "facing", "formation", "raise", "lower", "menu" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions),
                                                                              names[i])),
                                 placed);
}

void
gbacw_deployment_controller_select_unit (GbacwDeploymentController *self,
                                         const char                *unit)
{
  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  if (g_strcmp0 (self->selected_unit, unit) == 0)
    return;
  g_free (self->selected_unit);
  self->selected_unit = g_strdup (unit);
  gbacw_deployment_update_actions (self);
  gbacw_deployment_update_fan (self);
  gbacw_deployment_queue_overlay (self);
  gbacw_deployment_notify_selected_unit (self);
}

int
gbacw_deployment_controller_get_fanned_hex (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), -1);
  return self->fan_hex;
}

int
gbacw_deployment_selected_hex (GbacwDeploymentController *self)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  const GbacwPlacement *p;

  if (scenario == NULL || self->selected_unit == NULL)
    return -1;
  p = gbacw_scenario_find_placement (scenario, self->selected_unit, NULL);
  return p ? p->hex : -1;
}

gboolean
gbacw_deployment_in_fan (GbacwDeploymentController *self,
                         double                     mx,
                         double                     my)
{
  const cairo_rectangle_t *e = &self->fan_extent;

  return self->fan_hex >= 0 && self->fan_drawn && mx >= e->x && mx <= e->x + e->width && my >= e->y
         && my <= e->y + e->height;
}

void
gbacw_deployment_update_fan (GbacwDeploymentController *self)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  int hex = -1;

  if (scenario != NULL && gbacw_deployment_units_shown (self) && gbacw_map_canvas_get_tool (self->canvas) == NULL
      && self->drag_item == NULL && !self->moving)
    {
      if (self->has_pointer && gbacw_deployment_in_fan (self, self->pointer_mx, self->pointer_my))
        hex = self->fan_hex;
      else if (self->has_pointer)
        {
          int h = gbacw_deployment_hex_at_map (self, self->pointer_mx, self->pointer_my);
          g_autoptr(GPtrArray) stack = gbacw_deployment_stack_at (scenario, h);
          if (stack->len >= 2)
            hex = h;
        }
      if (hex < 0)
        {
          int h = gbacw_deployment_selected_hex (self);
          g_autoptr(GPtrArray) stack = gbacw_deployment_stack_at (scenario, h);
          if (stack->len >= 2)
            hex = h;
        }
    }
  if (hex == self->fan_hex)
    return;
  self->fan_hex = hex;
  self->fan_drawn = FALSE;
  gbacw_deployment_queue_overlay (self);
}

/* The unit under the map point: a fanned counter, else the selected unit or the top
 * of the stack in the hex. */
const char *
gbacw_deployment_unit_at (GbacwDeploymentController *self,
                          double                     mx,
                          double                     my,
                          int                       *hex_out)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  g_autoptr(GPtrArray) stack = NULL;
  int hex;

  *hex_out = -1;
  if (scenario == NULL)
    return NULL;
  if (self->fan_hex >= 0)
    {
      double cx, cy;
      int index;

      stack = gbacw_deployment_stack_at (scenario, self->fan_hex);
      gbacw_deployment_hex_centre (scenario, self->fan_hex, &cx, &cy);
      index = gbacw_counter_fan_hit (stack->len, cx, cy, gbacw_deployment_fan_size (self), mx, my);
      if (index >= 0)
        {
          *hex_out = self->fan_hex;
          return ((GbacwPlacement *) g_ptr_array_index (stack, index))->unit;
        }
      if (gbacw_deployment_in_fan (self, mx, my))
        return NULL;
      g_clear_pointer (&stack, g_ptr_array_unref);
    }
  hex = gbacw_deployment_hex_at_map (self, mx, my);
  stack = gbacw_deployment_stack_at (scenario, hex);
  if (stack->len == 0)
    return NULL;
  *hex_out = hex;
  for (guint i = 0; i < stack->len; i++)
    if (g_strcmp0 (((GbacwPlacement *) g_ptr_array_index (stack, i))->unit, self->selected_unit) == 0)
      return self->selected_unit;
  return ((GbacwPlacement *) g_ptr_array_index (stack, 0))->unit;
}

