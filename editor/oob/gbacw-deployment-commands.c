/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-commands.c: the commands on the selected units (turn them, set their
 * formation, take them off the map; restack the selected unit), as the actions of the
 * group "deploy" and the counter's menu; each is one undoable command of the document,
 * for one unit or for all those selected. */
#define G_LOG_DOMAIN "gbacw-deployment-commands"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-deployment-controller-private.h"
#include "gbacw-oob-edit.h"

/* ---------------------------------------------------------------- editing the selected unit */

/* error: where the constructor of command put its error (passed by address: C does not
 * say in which order a call's arguments are evaluated). */
void
gbacw_deployment_run (GbacwDeploymentController *self,
                      GbacwCommand              *command,
                      GError                   **error)
{
  if (command == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Not changed: %s"), *error ? (*error)->message : "");
      gbacw_deployment_controller_show_message (self, message);
      return;
    }
  gbacw_document_execute (self->document, command);
}

const GbacwPlacement *
gbacw_deployment_selected_placement (GbacwDeploymentController *self,
                                     guint                     *position)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  const GbacwPlacement *p;
  guint n = 0;

  if (scenario == NULL || self->selected_unit == NULL)
    return NULL;
  p = gbacw_scenario_find_placement (scenario, self->selected_unit, NULL);
  if (p == NULL)
    return NULL;
  for (guint i = 0; position != NULL && i < scenario->deployment->len; i++)
    {
      const GbacwPlacement *q = g_ptr_array_index (scenario->deployment, i);
      if (q == p)
        {
          *position = n;
          break;
        }
      if (q->hex == p->hex)
        n++;
    }
  return p;
}

/* The facing of the selected unit, remembered for the next drop. */
static void
remember_facing (GbacwDeploymentController *self)
{
  const GbacwPlacement *p = gbacw_deployment_selected_placement (self, NULL);

  if (p != NULL && p->facing >= 0)
    self->last_facing = p->facing;
}

/* Turns the selected units on the map: to facing (0-5), or by delta hexsides when facing
 * is -1. One unit alone merges its turns into one step (gbacw_deploy_set_facing ()). */
static void
turn (GbacwDeploymentController *self,
      int                        facing,
      int                        delta)
{
  g_autoptr(GPtrArray) placed = gbacw_deployment_placed_selection (self);
  g_autoptr(GError) error = NULL;
  GbacwScenario *scenario = gbacw_deployment_get_scenario (self);

  if (placed->len == 0)
    return;
  if (placed->len == 1)
    {
      const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, g_ptr_array_index (placed, 0), NULL);
      if (facing < 0)
        facing = p->facing < 0 ? (delta > 0 ? 0 : 5) : (p->facing + delta + 6) % 6;
      gbacw_deployment_run (self, gbacw_deploy_set_facing (scenario, p->unit, facing, &error), &error);
    }
  else
    gbacw_deployment_run (self, gbacw_deploy_turn_units (scenario, (const char *const *) placed->pdata, facing, delta,
                                                         &error),
                          &error);
  remember_facing (self);
}

void
gbacw_deployment_set_facing (GbacwDeploymentController *self,
                             int                        facing)
{
  turn (self, facing, 0);
}

void
gbacw_deployment_rotate (GbacwDeploymentController *self,
                         int                        delta)
{
  turn (self, -1, delta);
}

void
gbacw_deployment_set_formation (GbacwDeploymentController *self,
                                GbacwFormationState        state)
{
  g_autoptr(GPtrArray) placed = gbacw_deployment_placed_selection (self);
  g_autoptr(GError) error = NULL;
  GbacwScenario *scenario = gbacw_deployment_get_scenario (self);

  if (placed->len == 1)
    gbacw_deployment_run (self, gbacw_deploy_set_formation (scenario, g_ptr_array_index (placed, 0), state, &error),
                          &error);
  else if (placed->len > 1)
    gbacw_deployment_run (self, gbacw_deploy_set_formation_units (scenario, (const char *const *) placed->pdata, state,
                                                                  &error),
                          &error);
}

int
gbacw_deployment_drop_facing (GbacwDeploymentController *self,
                              const GbacwUnit           *unit,
                              int                        hex)
{
  int facing;

  if (!gbacw_deploy_has_facing (unit->type))
    return -1;
  facing = gbacw_deploy_facing_toward_enemy (gbacw_deployment_get_scenario (self), unit->side, hex);
  if (facing < 0)
    facing = self->last_facing >= 0 ? self->last_facing : 0;
  return facing;
}

void
gbacw_deployment_restack (GbacwDeploymentController *self,
                          int                        delta)
{
  g_autoptr(GError) error = NULL;
  guint position = 0;

  if (gbacw_deployment_selected_placement (self, &position) == NULL || ((int) position + delta) < 0)
    return;
  gbacw_deployment_run (self, gbacw_deploy_restack (gbacw_deployment_get_scenario (self), self->selected_unit,
                                                    position + delta, &error),
                        &error);
}

void
gbacw_deployment_remove_selected (GbacwDeploymentController *self)
{
  g_autoptr(GPtrArray) placed = gbacw_deployment_placed_selection (self);
  g_autoptr(GError) error = NULL;
  GbacwScenario *scenario = gbacw_deployment_get_scenario (self);

  if (placed->len == 1)
    gbacw_deployment_run (self, gbacw_deploy_remove (scenario, g_ptr_array_index (placed, 0), &error), &error);
  else if (placed->len > 1)
    gbacw_deployment_run (self, gbacw_deploy_remove_units (scenario, (const char *const *) placed->pdata, &error),
                          &error);
}

static void
remove_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  gbacw_deployment_remove_selected (data);
}

static void
rotate_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  gbacw_deployment_rotate (data, g_variant_get_int32 (parameter));
}

static void
facing_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  gbacw_deployment_set_facing (data, g_variant_get_int32 (parameter));
}

static void
formation_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  int state = gbacw_formation_state_from_string (g_variant_get_string (parameter, NULL));

  if (state >= 0)
    gbacw_deployment_set_formation (data, state);
}

static void
raise_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  gbacw_deployment_restack (data, -1);
}

static void
lower_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  gbacw_deployment_restack (data, 1);
}

/* The whole stack of the selected unit. */
static void
select_stack_activated (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       data)
{
  GbacwDeploymentController *self = data;
  const GbacwPlacement *p = gbacw_deployment_selected_placement (self, NULL);
  g_autoptr(GPtrArray) stack = NULL;
  g_autoptr(GPtrArray) units = g_ptr_array_new_null_terminated (0, NULL, TRUE);

  if (p == NULL)
    return;
  stack = gbacw_deployment_stack_at (gbacw_deployment_get_scenario (self), p->hex);
  /* bottom first: the selected unit stays the one last selected */
  for (guint i = stack->len; i-- > 0;)
    if (!g_str_equal (((GbacwPlacement *) g_ptr_array_index (stack, i))->unit, p->unit))
      g_ptr_array_add (units, ((GbacwPlacement *) g_ptr_array_index (stack, i))->unit);
  g_ptr_array_add (units, p->unit);
  gbacw_deployment_controller_select_units (self, (const char *const *) units->pdata, FALSE);
}

/* Every unit of the selected unit's formation (its brigade), and of the formations under it. */
static void
select_formation_activated (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       data)
{
  GbacwDeploymentController *self = data;
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  const GbacwUnit *unit = self->selected_unit ? gbacw_oob_find_unit (&scenario->oob, self->selected_unit) : NULL;
  g_autofree char *keep = g_strdup (self->selected_unit);
  const char *units[] = { keep, NULL };

  if (unit == NULL || unit->formation == NULL)
    return;
  gbacw_deployment_controller_select_formation (self, unit->formation);
  /* the unit the menu was for stays the selected one */
  gbacw_deployment_controller_select_units (self, units, TRUE);
}

/* Escape: ends a pick, or lets go of the selection. */
static void
escape_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  GbacwDeploymentController *self = data;

  if (self->pick_func != NULL)
    gbacw_deployment_controller_finish_pick (self, -1);
  else
    gbacw_deployment_controller_select_unit (self, NULL);
}

void
gbacw_deployment_menu_activated (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       data)
{
  GbacwDeploymentController *self = data;
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  const GbacwPlacement *p = gbacw_deployment_selected_placement (self, NULL);
  double cx, cy, x, y;

  if (p == NULL)
    return;
  gbacw_deployment_hex_centre (scenario, p->hex, &cx, &cy);
  gbacw_viewport_map_to_view (gbacw_map_canvas_get_viewport (self->canvas), cx, cy, &x, &y);
  gbacw_deployment_open_menu (self, x, y);
}

static const char *
state_title (GbacwFormationState state)
{
  switch (state)
    {
    case GBACW_FORMATION_STATE_LINE: return _("_Line");
    case GBACW_FORMATION_STATE_COLUMN: return _("_Column");
    case GBACW_FORMATION_STATE_MOUNTED: return _("_Mounted");
    case GBACW_FORMATION_STATE_DISMOUNTED: return _("_Dismounted");
    case GBACW_FORMATION_STATE_LIMBERED: return _("Lim_bered");
    case GBACW_FORMATION_STATE_UNLIMBERED: return _("_Unlimbered");
    case GBACW_FORMATION_STATE_UNSET:
    default: return _("_No Formation");
    }
}

/* The formations a unit type can take (gbacw_move_class_for () knows). */
static gboolean
state_fits (GbacwUnitType       type,
            GbacwFormationState state)
{
  if (state == GBACW_FORMATION_STATE_UNSET)
    return TRUE;
  return gbacw_move_class_for (type, state) >= 0;
}

void
gbacw_deployment_open_menu (GbacwDeploymentController *self,
                            double                     x,
                            double                     y)
{
  const GbacwScenario *scenario = gbacw_deployment_get_scenario (self);
  const GbacwPlacement *p = gbacw_deployment_selected_placement (self, NULL);
  const GbacwUnit *unit;
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) states = g_menu_new ();
  g_autoptr(GMenu) facings = g_menu_new ();
  g_autoptr(GMenu) stack = g_menu_new ();
  g_autoptr(GMenu) select = g_menu_new ();
  GtkPopover *popover;

  if (p == NULL || self->menu_button == NULL)
    return;
  unit = gbacw_oob_find_unit (&scenario->oob, p->unit);
  for (int s = GBACW_FORMATION_STATE_UNSET; s <= GBACW_FORMATION_STATE_UNLIMBERED; s++)
    if (unit != NULL && state_fits (unit->type, s))
      {
        g_autofree char *target = g_strdup_printf ("deploy.formation::%s", gbacw_formation_state_to_string (s));
        g_menu_append (states, state_title (s), target);
      }
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = g_ascii_strup (gbacw_hex_direction_name (scenario->map->grid.orientation, d), -1);
      /* TRANSLATORS: turn a counter towards a hexside, e.g. "Face NE" */
      g_autofree char *title = g_strdup_printf (_("Face %s"), label);
      item = g_menu_item_new (title, NULL);
      g_menu_item_set_action_and_target_value (item, "deploy.facing", g_variant_new_int32 (d));
      g_menu_append_item (facings, item);
    }
  g_menu_append (select, _("Select the Whole _Stack"), "deploy.select-stack");
  g_menu_append (select, _("Select the _Brigade"), "deploy.select-formation");
  g_menu_append (stack, _("Move _Up the Stack"), "deploy.raise");
  g_menu_append (stack, _("Move _Down the Stack"), "deploy.lower");
  g_menu_append (stack, _("_Remove from the Map"), "deploy.remove");
  g_menu_append_section (menu, _("Formation"), G_MENU_MODEL (states));
  g_menu_append_submenu (menu, _("_Facing"), G_MENU_MODEL (facings));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (select));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (stack));

  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->menu_button), G_MENU_MODEL (menu));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->menu_button));
  gtk_popover_set_pointing_to (popover, &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_menu_button_popup (GTK_MENU_BUTTON (self->menu_button));
}


void
gbacw_deployment_add_actions (GbacwDeploymentController *self)
{
  static const GActionEntry entries[] = {
    { "remove", remove_activated },
    { "rotate", rotate_activated, "i" },
    { "facing", facing_activated, "i" },
    { "formation", formation_activated, "s" },
    { "raise", raise_activated },
    { "lower", lower_activated },
    { "menu", gbacw_deployment_menu_activated },
    { "select-stack", select_stack_activated },
    { "select-formation", select_formation_activated },
    { "escape", escape_activated },
  };

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
}
