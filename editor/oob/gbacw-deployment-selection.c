/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-selection.c: the units selected on the map (one or several: the unit
 * last selected is "the selected unit"), and the stack fanned out under the pointer or
 * around the selected unit, with what a point of the map hits. */
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

const char *const *
gbacw_deployment_controller_get_selection (GbacwDeploymentController *self)
{
  static const char *const none[] = { NULL };

  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), NULL);
  /* an empty array may have no storage yet */
  return self->selection->pdata ? (const char *const *) self->selection->pdata : none;
}

gboolean
gbacw_deployment_is_selected (GbacwDeploymentController *self,
                              const char                *unit)
{
  for (guint i = 0; unit != NULL && i < self->selection->len; i++)
    if (g_str_equal (g_ptr_array_index (self->selection, i), unit))
      return TRUE;
  return FALSE;
}

GPtrArray *
gbacw_deployment_placed_selection (GbacwDeploymentController *self)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  GPtrArray *placed = g_ptr_array_new_null_terminated (self->selection->len, NULL, TRUE);

  for (guint i = 0; scenario != NULL && i < self->selection->len; i++)
    if (gbacw_scenario_find_placement (scenario, g_ptr_array_index (self->selection, i), NULL) != NULL)
      g_ptr_array_add (placed, g_ptr_array_index (self->selection, i));
  return placed;
}

void
gbacw_deployment_update_actions (GbacwDeploymentController *self)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  g_autoptr(GPtrArray) placed = gbacw_deployment_placed_selection (self);
  gboolean primary = scenario != NULL && self->selected_unit != NULL
                     && gbacw_scenario_find_placement (scenario, self->selected_unit, NULL) != NULL;
  static const char *const any[] = { "remove", "rotate", "facing", "formation", "menu", "select-stack",
                                     "select-formation" };
  static const char *const one[] = { "raise", "lower" };

  for (guint i = 0; i < G_N_ELEMENTS (any); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions), any[i])),
                                 placed->len > 0);
  for (guint i = 0; i < G_N_ELEMENTS (one); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions), one[i])),
                                 primary);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self->actions), "escape")),
                               self->selection->len > 0 || self->pick_func != NULL);
}

/* After any change of the selection: the selected unit is the last one added. */
static void
selection_changed (GbacwDeploymentController *self)
{
  const char *last = self->selection->len > 0 ? g_ptr_array_index (self->selection, self->selection->len - 1) : NULL;

  g_free (self->selected_unit);
  self->selected_unit = g_strdup (last);
  gbacw_deployment_update_actions (self);
  gbacw_deployment_update_fan (self);
  gbacw_deployment_queue_overlay (self);
  gbacw_deployment_notify_selected_unit (self);
}

void
gbacw_deployment_controller_select_units (GbacwDeploymentController *self,
                                          const char *const         *units,
                                          gboolean                   add)
{
  g_auto(GStrv) copy = g_strdupv ((char **) units);  /* units may be ids of the selection */

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  units = (const char *const *) copy;
  if (!add)
    g_ptr_array_set_size (self->selection, 0);
  for (guint i = 0; units != NULL && units[i] != NULL; i++)
    {
      for (guint k = 0; k < self->selection->len; k++)
        if (g_str_equal (g_ptr_array_index (self->selection, k), units[i]))
          {
            g_ptr_array_remove_index (self->selection, k);
            break;
          }
      g_ptr_array_add (self->selection, g_strdup (units[i]));
    }
  selection_changed (self);
}

void
gbacw_deployment_controller_select_unit (GbacwDeploymentController *self,
                                         const char                *unit)
{
  const char *units[] = { unit, NULL };

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  if (g_strcmp0 (self->selected_unit, unit) == 0 && self->selection->len <= 1)
    return;
  gbacw_deployment_controller_select_units (self, units, FALSE);
}

void
gbacw_deployment_controller_toggle_unit (GbacwDeploymentController *self,
                                         const char                *unit)
{
  const char *units[] = { unit, NULL };

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));
  g_return_if_fail (unit != NULL);

  for (guint k = 0; k < self->selection->len; k++)
    if (g_str_equal (g_ptr_array_index (self->selection, k), unit))
      {
        g_ptr_array_remove_index (self->selection, k);
        selection_changed (self);
        return;
      }
  gbacw_deployment_controller_select_units (self, units, TRUE);
}

void
gbacw_deployment_controller_select_formation (GbacwDeploymentController *self,
                                              const char                *formation)
{
  const GbacwScenario *scenario;
  g_autoptr(GPtrArray) units = g_ptr_array_new_null_terminated (0, NULL, TRUE);

  g_return_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self));

  scenario = gbacw_deployment_get_scenario (self);
  for (guint i = 0; scenario != NULL && formation != NULL && i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      const GbacwFormation *f = u->formation ? gbacw_oob_find_formation (&scenario->oob, u->formation) : NULL;
      for (int depth = 0; f != NULL && depth < 64; depth++)
        {
          if (g_str_equal (f->id, formation))
            {
              g_ptr_array_add (units, u->id);
              break;
            }
          f = f->parent ? gbacw_oob_find_formation (&scenario->oob, f->parent) : NULL;
        }
    }
  gbacw_deployment_controller_select_units (self, (const char *const *) units->pdata, FALSE);
}

/* Every unit in the rectangle of map points (x0, y0)-(x1, y1) (their hex centres), added to
 * the selection when add. */
void
gbacw_deployment_select_in_rectangle (GbacwDeploymentController *self,
                                      double                     x0,
                                      double                     y0,
                                      double                     x1,
                                      double                     y1,
                                      gboolean                   add)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  g_autoptr(GPtrArray) units = g_ptr_array_new_null_terminated (0, NULL, TRUE);

  for (guint i = 0; scenario != NULL && i < scenario->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
      double cx, cy;

      gbacw_deployment_hex_centre (scenario, p->hex, &cx, &cy);
      if (cx >= MIN (x0, x1) && cx <= MAX (x0, x1) && cy >= MIN (y0, y1) && cy <= MAX (y0, y1))
        g_ptr_array_add (units, p->unit);
    }
  gbacw_deployment_controller_select_units (self, (const char *const *) units->pdata, add);
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

  if (scenario != NULL && gbacw_deployment_units_shown (self) && self->tool_active
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

/* The unit under the map point: a fanned counter, else the first selected unit or the
 * top of the stack in the hex. */
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
    if (gbacw_deployment_is_selected (self, ((GbacwPlacement *) g_ptr_array_index (stack, i))->unit))
      return ((GbacwPlacement *) g_ptr_array_index (stack, i))->unit;
  return ((GbacwPlacement *) g_ptr_array_index (stack, 0))->unit;
}

