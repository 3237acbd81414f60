/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-drop.c: entries of the order of battle dropped on the map.
 *
 * While an entry is dragged over the map, the hexes where it may be placed are shaded and
 * the hovered hex's stacking shown in the line over the map. Where a dragged unit may go
 * is worked out hex by hex for the hexes in view, a few milliseconds at a time in idle
 * callbacks, so that a large map never stalls the drag. A unit dropped takes its set-up
 * formation and faces the enemy (gbacw_deploy_setup_formation (),
 * gbacw_deploy_facing_toward_enemy ()), or the facing last given when there is no enemy
 * set-up area; a formation dropped is placed around the hex so. */
#define G_LOG_DOMAIN "gbacw-deployment-drop"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-deployment-controller-private.h"
#include "gbacw-oob-edit.h"

static void
append_limit (GString    *text,
              int         now,
              int         adding,
              int         limit,
              const char *what)
{
  if (adding > 0)
    g_string_append_printf (text, "%d + %d", now, adding);
  else
    g_string_append_printf (text, "%d", now);
  if (limit != GBACW_UNSET)
    /* TRANSLATORS: stacking in a hex, e.g. "9 + 6 of 12 SP" */
    g_string_append_printf (text, _(" of %d %s"), limit, what);
  else
    g_string_append_printf (text, _(" %s (limit not known)"), what);
}

char *
gbacw_deployment_describe_hex_for_unit (GbacwDeploymentController *self,
                                        const GbacwUnit           *unit,
                                        GbacwFormationState        state,
                                        int                        hex,
                                        gboolean                  *ok)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (self->document);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *label = gbacw_deployment_hex_label (scenario, hex);
  const GbacwPlacement *placement = gbacw_scenario_find_placement (scenario, unit->id, NULL);
  GbacwStackUsage usage;
  GbacwStackingLimits limits;
  gboolean column;

  gbacw_deployment_ensure_rules (self);
  gbacw_deploy_stack_usage (scenario, hex, unit->id, &usage);
  column = usage.column || (unit->type == GBACW_UNIT_INFANTRY && state == GBACW_FORMATION_STATE_COLUMN);
  gbacw_rules_data_stacking_limits (self->rules, scenario->map, hex, column, &limits);

  /* TRANSLATORS: the hex a unit is dragged over */
  g_string_append_printf (text, _("Hex %s"), label);
  for (guint i = 0; i < scenario->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (scenario->map->areas, i);
      if (area->kind == GBACW_AREA_SETUP && gbacw_area_contains (area, hex))
        g_string_append_printf (text, " (%s)", area->name ? area->name : area->id);
    }
  g_string_append (text, ": ");
  append_limit (text, usage.sp, gbacw_unit_stacking_points (unit, placement), limits.sp, _("SP"));
  if (unit->type == GBACW_UNIT_INFANTRY || unit->type == GBACW_UNIT_CAVALRY)
    {
      g_string_append (text, ", ");
      append_limit (text, usage.units, 1, limits.units, _("units"));
    }
  else if (unit->type == GBACW_UNIT_ARTILLERY)
    {
      g_string_append (text, ", ");
      append_limit (text, usage.sections, 1, limits.sections, _("artillery units"));
    }
  g_string_append (text, " (8.18)");

  *ok = TRUE;
  if (!gbacw_deploy_in_setup_area (scenario, unit->side, hex))
    {
      const GbacwSide *side = gbacw_oob_find_side (&scenario->oob, unit->side);
      g_string_append_printf (text, _(" — outside the set-up areas of %s"), side && side->name ? side->name
                                                                                                : unit->side);
      *ok = FALSE;
    }
  else if (!gbacw_deploy_hex_allows (scenario, unit->id, state, hex, &error))
    {
      g_string_append_printf (text, " — %s", error->message);
      *ok = FALSE;
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_hex_for_formation (GbacwDeploymentController *self,
                            const GbacwFormation      *formation,
                            int                        hex,
                            gboolean                  *ok)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (self->document);
  g_autofree char *label = gbacw_deployment_hex_label (scenario, hex);
  g_autofree char *n_guns = NULL;
  int sp = 0, guns = 0;

  gbacw_oob_formation_totals (scenario, formation->id, &sp, &guns, NULL);
  *ok = gbacw_deploy_in_setup_area (scenario, formation->side, hex);
  /* TRANSLATORS: a brigade's guns, in "Place %s (%d SP, %s) around hex %s%s" */
  n_guns = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d gun", "%d guns", guns), guns);
  /* TRANSLATORS: dropping a whole brigade: its name, its strength, its guns ("3 guns"), the hex */
  return g_strdup_printf (_("Place %s (%d SP, %s) around hex %s%s"), formation->name ? formation->name : formation->id,
                          sp, n_guns, label, *ok ? "" : _(" — outside its side’s set-up areas"));
}

/* ---------------------------------------------------------------- dragging from the tree */

/* The formation a unit dropped on the map takes: the one it has there, else its set-up
 * formation (gbacw_deploy_setup_formation ()). */
static GbacwFormationState
drop_state (const GbacwScenario *scenario,
            const GbacwUnit     *unit)
{
  const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, unit->id, NULL);

  return p != NULL ? p->formation : gbacw_deploy_setup_formation (unit->type);
}

static gboolean
check_pending (gpointer data)
{
  GbacwDeploymentController *self = data;
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  gint64 start = g_get_monotonic_time ();
  const GbacwUnit *unit;

  if (scenario == NULL || self->drag_item == NULL)
    {
      self->allowed_idle = 0;
      return G_SOURCE_REMOVE;
    }
  unit = gbacw_oob_find_unit (&scenario->oob, gbacw_oob_item_get_id (self->drag_item));
  while (self->pending->len > 0 && g_get_monotonic_time () - start < IDLE_BUDGET_US)
    {
      int hex = g_array_index (self->pending, int, self->pending->len - 1);
      gboolean ok;

      g_array_set_size (self->pending, self->pending->len - 1);
      ok = unit != NULL && gbacw_deploy_in_setup_area (scenario, unit->side, hex)
           && gbacw_deploy_hex_allows (scenario, unit->id, drop_state (scenario, unit), hex, NULL);
      g_hash_table_insert (self->allowed, GINT_TO_POINTER (hex), GINT_TO_POINTER (ok ? ALLOWED : REFUSED));
      self->n_allowed += ok;
    }
  gbacw_deployment_queue_overlay (self);
  if (self->pending->len > 0)
    return G_SOURCE_CONTINUE;
  self->allowed_idle = 0;
  return G_SOURCE_REMOVE;
}

/* The hexes in view, nearest the hovered hex last (checked first). */
static void
collect_visible_hexes (GbacwDeploymentController *self,
                       GArray                    *out)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (self->document);
  const GbacwHexGrid *grid = &scenario->map->grid;
  double x0, y0, x1, y1, w, h;
  GbacwHex a, b;

  gbacw_map_canvas_widget_to_map (self->canvas, 0, 0, &x0, &y0);
  gbacw_map_canvas_widget_to_map (self->canvas, gtk_widget_get_width (GTK_WIDGET (self->canvas)),
                                  gtk_widget_get_height (GTK_WIDGET (self->canvas)), &x1, &y1);
  gbacw_hex_grid_extent (grid, &w, &h);
  a = gbacw_hex_grid_hex_at_point (grid, CLAMP (x0, 0, w), CLAMP (y0, 0, h));
  b = gbacw_hex_grid_hex_at_point (grid, CLAMP (x1, 0, w), CLAMP (y1, 0, h));
  for (int row = MAX (MIN (a.row, b.row) - 1, 0); row <= MIN (MAX (a.row, b.row) + 1, grid->rows - 1); row++)
    for (int col = MAX (MIN (a.col, b.col) - 1, 0); col <= MIN (MAX (a.col, b.col) + 1, grid->columns - 1); col++)
      {
        int index = gbacw_hex_grid_index (grid, (GbacwHex) { col, row });
        if (index >= 0)
          g_array_append_val (out, index);
        if (out->len >= MAX_CHECKED_HEXES)
          return;
      }
}

static void
begin_drag_feedback (GbacwDeploymentController *self,
                     GbacwOobItem              *item)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  g_autoptr(GArray) hexes = NULL;

  gbacw_deployment_end_drag_feedback (self);
  if (scenario == NULL || item == NULL)
    return;
  self->drag_item = g_object_ref (item);
  g_clear_pointer (&self->rules, gbacw_rules_data_free);
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  collect_visible_hexes (self, hexes);

  if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_FORMATION)
    {
      /* A formation: its side's set-up areas. */
      const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, gbacw_oob_item_get_id (item));
      for (guint i = 0; f != NULL && i < hexes->len; i++)
        {
          int hex = g_array_index (hexes, int, i);
          gboolean ok = gbacw_deploy_in_setup_area (scenario, f->side, hex);
          g_hash_table_insert (self->allowed, GINT_TO_POINTER (hex), GINT_TO_POINTER (ok ? ALLOWED : REFUSED));
          self->n_allowed += ok;
        }
    }
  else
    {
      g_array_append_vals (self->pending, hexes->data, hexes->len);
      self->allowed_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, check_pending, self, NULL);
    }
  gbacw_deployment_update_fan (self);
  gbacw_deployment_queue_overlay (self);
}

void
gbacw_deployment_end_drag_feedback (GbacwDeploymentController *self)
{
  g_clear_handle_id (&self->allowed_idle, g_source_remove);
  g_clear_object (&self->drag_item);
  g_hash_table_remove_all (self->allowed);
  g_array_set_size (self->pending, 0);
  self->n_allowed = 0;
  self->drag_hex = -1;
  gbacw_deployment_set_status (self, NULL);
  gbacw_deployment_update_fan (self);
  gbacw_deployment_queue_overlay (self);
}

guint
gbacw_deployment_controller_count_allowed (GbacwDeploymentController *self)
{
  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), 0);
  return self->n_allowed;
}

/* The reinforcement that brings the unit (listed itself, or a formation it is in), or
 * NULL: such a unit is not on the map at the start. */
static const GbacwReinforcement *
arriving_with (const GbacwScenario *scenario,
               const GbacwUnit     *unit)
{
  for (guint i = 0; i < scenario->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);

      for (guint k = 0; k < r->units->len; k++)
        if (g_strcmp0 (g_ptr_array_index (r->units, k), unit->id) == 0)
          return r;
      for (guint k = 0; k < r->formations->len; k++)
        {
          const char *id = g_ptr_array_index (r->formations, k);
          const GbacwFormation *f = unit->formation ? gbacw_oob_find_formation (&scenario->oob, unit->formation) : NULL;
          for (int depth = 0; f != NULL && depth < 64; depth++)
            {
              if (g_strcmp0 (f->id, id) == 0)
                return r;
              f = f->parent ? gbacw_oob_find_formation (&scenario->oob, f->parent) : NULL;
            }
        }
    }
  return NULL;
}

/* Refuses to deploy the entry (a unit, or a formation with such a unit) when it arrives
 * as a reinforcement instead: error says so. */
static gboolean
check_not_arriving (const GbacwScenario *scenario,
                    GbacwOobItem        *item,
                    GError             **error)
{
  const char *id = gbacw_oob_item_get_id (item);

  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      const GbacwReinforcement *r;
      gboolean member = FALSE;

      if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_UNIT)
        member = g_strcmp0 (u->id, id) == 0;
      else
        {
          const GbacwFormation *f = u->formation ? gbacw_oob_find_formation (&scenario->oob, u->formation) : NULL;
          for (int depth = 0; f != NULL && depth < 64 && !member; depth++)
            {
              member = g_strcmp0 (f->id, id) == 0;
              f = f->parent ? gbacw_oob_find_formation (&scenario->oob, f->parent) : NULL;
            }
        }
      if (member && (r = arriving_with (scenario, u)) != NULL)
        {
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                       /* TRANSLATORS: a unit, the Game-Turn its reinforcement arrives */
                       _("%s arrives as a reinforcement on Game-Turn %d: take it out of the reinforcement first"),
                       u->designation ? u->designation : u->id, r->turn);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
gbacw_deployment_controller_hover_drag (GbacwDeploymentController *self,
                                        GbacwOobItem              *item,
                                        double                     x,
                                        double                     y)
{
  const GbacwScenario *scenario;
  g_autofree char *status = NULL;
  int hex;

  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);

  scenario = gbacw_deployment_get_scenario (self);
  if (item == NULL || scenario == NULL || !gbacw_oob_item_get_entry (item, NULL))
    {
      gbacw_deployment_end_drag_feedback (self);
      return FALSE;
    }
  if (item != self->drag_item)
    begin_drag_feedback (self, item);

  hex = gbacw_deployment_hex_at_widget (self, x, y);
  if (hex == self->drag_hex)
    return self->drag_ok;
  self->drag_hex = hex;
  self->drag_ok = FALSE;
  if (hex >= 0)
    {
      g_autoptr(GError) error = NULL;
      const char *id = gbacw_oob_item_get_id (item);

      if (!check_not_arriving (scenario, item, &error))
        {
          gbacw_deployment_set_status (self, error->message);
          gbacw_deployment_queue_overlay (self);
          return FALSE;
        }
      if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_FORMATION)
        {
          const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
          if (f != NULL)
            status = describe_hex_for_formation (self, f, hex, &self->drag_ok);
        }
      else
        {
          const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, id);
          if (u != NULL)
            status = gbacw_deployment_describe_hex_for_unit (self, u, drop_state (scenario, u), hex, &self->drag_ok);
        }
    }
  gbacw_deployment_set_status (self, status);
  gbacw_deployment_queue_overlay (self);
  return self->drag_ok;
}

gboolean
gbacw_deployment_controller_place (GbacwDeploymentController *self,
                                   GbacwOobItem              *item,
                                   int                        hex,
                                   GError                   **error)
{
  GbacwScenario *scenario;
  const char *id;
  GbacwCommand *command = NULL;

  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (item), FALSE);

  scenario = gbacw_deployment_get_scenario (self);
  if (scenario == NULL)
    return FALSE;
  id = gbacw_oob_item_get_id (item);
  if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid))
    {
      g_set_error_literal (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                           _("That is not a hex of the map"));
      return FALSE;
    }
  if (!check_not_arriving (scenario, item, error))
    return FALSE;

  switch (gbacw_oob_item_get_kind (item))
    {
    case GBACW_OOB_ITEM_UNIT:
      {
        const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, id);
        if (unit == NULL)
          return FALSE;
        if (!gbacw_deploy_in_setup_area (scenario, unit->side, hex))
          {
            g_autofree char *label = gbacw_deployment_hex_label (scenario, hex);
            g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                         _("Hex %s is outside the set-up areas of the unit’s side"), label);
            return FALSE;
          }
        if (gbacw_scenario_find_placement (scenario, id, NULL) != NULL)
          command = gbacw_deploy_move (scenario, id, hex, error);
        else
          command = gbacw_deploy_place (scenario, id, hex, drop_state (scenario, unit),
                                        gbacw_deployment_drop_facing (self, unit, hex), error);
        break;
      }
    case GBACW_OOB_ITEM_FORMATION:
      {
        const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
        if (f == NULL)
          return FALSE;
        if (!gbacw_deploy_in_setup_area (scenario, f->side, hex))
          {
            g_autofree char *label = gbacw_deployment_hex_label (scenario, hex);
            g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                         _("Hex %s is outside the set-up areas of the formation’s side"), label);
            return FALSE;
          }
        command = gbacw_deploy_place_formation_for_setup (scenario, id, hex,
                                                          self->last_facing >= 0 ? self->last_facing : 0, 0, error);
        break;
      }
    case GBACW_OOB_ITEM_SIDE:
    default:
      return FALSE;
    }
  if (command == NULL)
    return FALSE;
  gbacw_document_execute (self->document, command);
  if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_UNIT)
    gbacw_deployment_controller_select_unit (self, id);
  return TRUE;
}

gboolean
gbacw_deployment_controller_drop (GbacwDeploymentController *self,
                                  GbacwOobItem              *item,
                                  double                     x,
                                  double                     y)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_return_val_if_fail (GBACW_IS_DEPLOYMENT_CONTROLLER (self), FALSE);
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (item), FALSE);

  ok = gbacw_deployment_controller_place (self, item, gbacw_deployment_hex_at_widget (self, x, y), &error);
  gbacw_deployment_end_drag_feedback (self);
  if (!ok)
    {
      g_autofree char *message = g_strdup_printf (_("Not placed: %s"), error ? error->message : _("no such entry"));
      gbacw_deployment_controller_show_message (self, message);
    }
  return ok;
}

static GdkDragAction
on_drop_motion (GbacwDeploymentController *self,
                double                     x,
                double                     y,
                GtkDropTarget             *target)
{
  const GValue *value = gtk_drop_target_get_value (target);
  GbacwOobItem *item = value && G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM) ? g_value_get_object (value) : NULL;

  if (item == NULL)
    return GDK_ACTION_COPY;  /* not loaded yet */
  return gbacw_deployment_controller_hover_drag (self, item, x, y) ? GDK_ACTION_COPY : 0;
}

static void
on_drop_leave (GbacwDeploymentController *self,
               GtkDropTarget             *target)
{
  gbacw_deployment_end_drag_feedback (self);
}

static gboolean
on_drop (GbacwDeploymentController *self,
         const GValue              *value,
         double                     x,
         double                     y,
         GtkDropTarget             *target)
{
  if (!G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM))
    return FALSE;
  return gbacw_deployment_controller_drop (self, g_value_get_object (value), x, y);
}

void
gbacw_deployment_add_drop_target (GbacwDeploymentController *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GBACW_TYPE_OOB_ITEM, GDK_ACTION_COPY | GDK_ACTION_MOVE);

  gtk_drop_target_set_preload (target, TRUE);
  g_signal_connect_object (target, "enter", G_CALLBACK (on_drop_motion), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "motion", G_CALLBACK (on_drop_motion), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "leave", G_CALLBACK (on_drop_leave), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (target, "drop", G_CALLBACK (on_drop), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), GTK_EVENT_CONTROLLER (target));
}
