/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-commands.c: the commands on the selected unit (turn it, set its
 * formation, restack it, take it off the map), as the actions of the group "deploy" and the
 * counter's menu; each is one undoable command of the document. */
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

void
gbacw_deployment_set_facing (GbacwDeploymentController *self,
                             int                        facing)
{
  g_autoptr(GError) error = NULL;

  if (gbacw_deployment_selected_placement (self, NULL) == NULL)
    return;
  gbacw_deployment_run (self, gbacw_deploy_set_facing (gbacw_deployment_get_scenario (self), self->selected_unit, facing, &error), &error);
}

void
gbacw_deployment_rotate (GbacwDeploymentController *self,
                         int                        delta)
{
  const GbacwPlacement *p = gbacw_deployment_selected_placement (self, NULL);

  if (p == NULL)
    return;
  gbacw_deployment_set_facing (self, p->facing < 0 ? (delta > 0 ? 0 : 5) : (p->facing + delta + 6) % 6);
}

void
gbacw_deployment_set_formation (GbacwDeploymentController *self,
                                GbacwFormationState        state)
{
  g_autoptr(GError) error = NULL;

  if (gbacw_deployment_selected_placement (self, NULL) == NULL)
    return;
  gbacw_deployment_run (self, gbacw_deploy_set_formation (gbacw_deployment_get_scenario (self), self->selected_unit, state, &error), &error);
}

void
gbacw_deployment_restack (GbacwDeploymentController *self,
                          int                        delta)
{
  g_autoptr(GError) error = NULL;
  guint position = 0;

  if (gbacw_deployment_selected_placement (self, &position) == NULL || ((int) position + delta) < 0)
    return;
  gbacw_deployment_run (self, gbacw_deploy_restack (gbacw_deployment_get_scenario (self), self->selected_unit, position + delta, &error), &error);
}

void
gbacw_deployment_remove_selected (GbacwDeploymentController *self)
{
  g_autoptr(GError) error = NULL;

  if (gbacw_deployment_selected_placement (self, NULL) == NULL)
    return;
  gbacw_deployment_run (self, gbacw_deploy_remove (gbacw_deployment_get_scenario (self), self->selected_unit, &error), &error);
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
  g_menu_append (stack, _("Move _Up the Stack"), "deploy.raise");
  g_menu_append (stack, _("Move _Down the Stack"), "deploy.lower");
  g_menu_append (stack, _("_Remove from the Map"), "deploy.remove");
  g_menu_append_section (menu, _("Formation"), G_MENU_MODEL (states));
  g_menu_append_submenu (menu, _("_Facing"), G_MENU_MODEL (facings));
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
  };
  GtkWidget *canvas = GTK_WIDGET (self->canvas);

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), entries, G_N_ELEMENTS (entries), self);
  /* On the overlay around the canvas when there is one, so that the counter's menu (an
   * overlay child) reaches the actions too. */
  gtk_widget_insert_action_group (GTK_IS_OVERLAY (gtk_widget_get_parent (canvas)) ? gtk_widget_get_parent (canvas)
                                                                                 : canvas,
                                  "deploy", G_ACTION_GROUP (self->actions));
}
