/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-draw.c: what the deployment controller draws over the map: the
 * reinforcements' entry hexes, the hexes a dragged entry may take, the selected counter,
 * the fanned stack, the counter being moved, the rubber band and the hex being picked. */
#define G_LOG_DOMAIN "gbacw-deployment-draw"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-counter.h"
#include "gbacw-deployment-controller-private.h"
#include "gbacw-hex-path.h"

/* ---------------------------------------------------------------- drawing */

static void
draw_entries (GbacwDeploymentController *self,
              cairo_t                   *cr,
              double                     px)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (self->document);

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  for (guint i = 0; i < scenario->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);

      for (guint k = 0; k < r->entry_hexes->len; k++)
        {
          int hex = g_array_index (r->entry_hexes, int, k);
          double cx, cy, radius = MAX (0.42, 9 * px);
          char label[24];
          cairo_text_extents_t ext;

          if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid))
            continue;
          gbacw_deployment_hex_centre (scenario, hex, &cx, &cy);
          /* Several reinforcements at one hex step aside. */
          cx += (i % 3) * 0.25;
          cairo_new_path (cr);
          cairo_arc (cr, cx, cy - 0.35, radius, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 0.95, 0.7, 0.1, k == 0 ? 0.95 : 0.55);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, 0.2, 0.1, 0);
          cairo_set_line_width (cr, 1.5 * px);
          if (k > 0)
            cairo_set_dash (cr, (double[]) { 3 * px, 2 * px }, 2, 0);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          g_snprintf (label, sizeof label, "R%d", r->turn);
          cairo_set_font_size (cr, radius * 0.9);
          cairo_text_extents (cr, label, &ext);
          cairo_move_to (cr, cx - ext.x_bearing - ext.width / 2, cy - 0.35 - ext.y_bearing - ext.height / 2);
          cairo_show_text (cr, label);
        }
    }
  cairo_restore (cr);
}

static void
draw_drag (GbacwDeploymentController *self,
           cairo_t                   *cr,
           double                     px)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  GHashTableIter iter;
  gpointer key, value;

  cairo_save (cr);
  g_hash_table_iter_init (&iter, self->allowed);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (GPOINTER_TO_INT (value) == ALLOWED)
      gbacw_render_hex_path (cr, &scenario->map->grid, GPOINTER_TO_INT (key), 1);
  cairo_set_source_rgba (cr, 0.2, 0.8, 0.3, 0.28);
  cairo_fill (cr);
  if (self->drag_hex >= 0)
    {
      gbacw_render_hex_path (cr, &scenario->map->grid, self->drag_hex, 1);
      if (self->drag_ok)
        cairo_set_source_rgba (cr, 0.1, 0.6, 0.2, 0.95);
      else
        cairo_set_source_rgba (cr, 0.85, 0.1, 0.1, 0.95);
      cairo_set_line_width (cr, 3 * px);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_selection (GbacwDeploymentController *self,
                cairo_t                   *cr,
                double                     px)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  g_autoptr(GHashTable) hexes = g_hash_table_new (NULL, NULL);

  /* Each stack holding a selected unit, the selected unit (or the first selected) on top,
   * highlighted. */
  for (guint k = 0; k < self->selection->len; k++)
    {
      const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, g_ptr_array_index (self->selection, k), NULL);
      g_autoptr(GPtrArray) stack = NULL;
      const char *top = NULL;
      double cx, cy;

      if (p == NULL || p->hex == self->fan_hex || g_hash_table_contains (hexes, GINT_TO_POINTER (p->hex)))
        continue;
      g_hash_table_add (hexes, GINT_TO_POINTER (p->hex));
      stack = gbacw_deployment_stack_at (scenario, p->hex);
      for (guint i = 0; i < stack->len && top == NULL; i++)
        if (g_strcmp0 (((GbacwPlacement *) g_ptr_array_index (stack, i))->unit, self->selected_unit) == 0)
          top = self->selected_unit;
      if (top == NULL)
        top = p->unit;
      for (guint i = 0; i < stack->len; i++)
        if (g_strcmp0 (((GbacwPlacement *) g_ptr_array_index (stack, i))->unit, top) == 0)
          {
            gpointer q = g_ptr_array_steal_index (stack, i);
            g_ptr_array_insert (stack, 0, q);
            break;
          }
      gbacw_deployment_hex_centre (scenario, p->hex, &cx, &cy);
      gbacw_counter_draw_stack (cr, scenario, (const GbacwPlacement *const *) stack->pdata, stack->len, cx, cy,
                                GBACW_COUNTER_SIZE, GBACW_COUNTER_DEFAULT | GBACW_COUNTER_SELECTED);
    }
}

/* The rubber band, from the press to the pointer. */
static void
draw_band (GbacwDeploymentController *self,
           cairo_t                   *cr,
           double                     px)
{
  cairo_save (cr);
  cairo_rectangle (cr, MIN (self->press_mx, self->band_mx), MIN (self->press_my, self->band_my),
                   fabs (self->band_mx - self->press_mx), fabs (self->band_my - self->press_my));
  cairo_set_source_rgba (cr, 0.2, 0.45, 0.9, 0.15);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.1, 0.3, 0.8, 0.9);
  cairo_set_line_width (cr, 1.5 * px);
  cairo_set_dash (cr, (double[]) { 4 * px, 3 * px }, 2, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_fan (GbacwDeploymentController *self,
          cairo_t                   *cr,
          double                     px)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  g_autoptr(GPtrArray) stack = gbacw_deployment_stack_at (scenario, self->fan_hex);
  double cx, cy, size = gbacw_deployment_fan_size (self);

  if (stack->len == 0)
    {
      self->fan_drawn = FALSE;
      return;
    }
  gbacw_deployment_hex_centre (scenario, self->fan_hex, &cx, &cy);
  gbacw_counter_draw_fan (cr, scenario, (const GbacwPlacement *const *) stack->pdata, stack->len, cx, cy, size,
                          GBACW_COUNTER_DEFAULT, &self->fan_extent);
  self->fan_drawn = TRUE;
  for (guint i = 0; i < stack->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (stack, i);
      if (gbacw_deployment_is_selected (self, p->unit))
        {
          double x, y;
          gbacw_counter_fan_position (stack->len, cx, cy, size, i, &x, &y);
          gbacw_counter_draw (cr, scenario, gbacw_oob_find_unit (&scenario->oob, p->unit), p, x, y, size,
                              GBACW_COUNTER_DEFAULT | GBACW_COUNTER_SELECTED | GBACW_COUNTER_UPRIGHT);
        }
    }
}

static void
draw_move (GbacwDeploymentController *self,
           cairo_t                   *cr,
           double                     px)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, self->press_unit);
  const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, self->press_unit, NULL);

  if (self->move_hex >= 0)
    {
      gbacw_render_hex_path (cr, &scenario->map->grid, self->move_hex, 1);
      cairo_set_source_rgba (cr, 0.1, 0.4, 0.9, 0.9);
      cairo_set_line_width (cr, 3 * px);
      cairo_stroke (cr);
    }
  if (unit != NULL)
    {
      cairo_push_group (cr);
      gbacw_counter_draw (cr, scenario, unit, p, self->pointer_mx, self->pointer_my, GBACW_COUNTER_SIZE,
                          GBACW_COUNTER_DEFAULT);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.75);
    }
}

void
gbacw_deployment_draw (GbacwDeploymentController *self,
                       cairo_t                   *cr,
                       double                     px)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);

  if (scenario == NULL)
    return;
  if (self->show_entries)
    draw_entries (self, cr, px);
  if (self->drag_item != NULL)
    draw_drag (self, cr, px);
  if (gbacw_deployment_units_shown (self))
    {
      draw_selection (self, cr, px);
      if (self->moving && self->press_unit != NULL)
        draw_move (self, cr, px);
      else if (self->fan_hex >= 0)
        draw_fan (self, cr, px);
      if (self->band)
        draw_band (self, cr, px);
    }
  if (self->pick_func != NULL && self->has_pointer)
    {
      int hex = gbacw_deployment_hex_at_map (self, self->pointer_mx, self->pointer_my);
      if (hex >= 0)
        {
          gbacw_render_hex_path (cr, &scenario->map->grid, hex, 1);
          cairo_set_source_rgba (cr, 0.95, 0.6, 0.05, 0.35);
          cairo_fill_preserve (cr);
          cairo_set_source_rgba (cr, 0.6, 0.3, 0, 0.95);
          cairo_set_line_width (cr, 3 * px);
          cairo_stroke (cr);
        }
    }
}

