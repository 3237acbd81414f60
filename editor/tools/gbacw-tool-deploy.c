/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-deploy.c: the map tool for the counters of the deployment. */
#define G_LOG_DOMAIN "gbacw-tool-deploy"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-deployment-controller.h"
#include "gbacw-tool-deploy.h"
#include "gbacw-tool-options.h"

struct _GbacwToolDeploy
{
  GbacwMapTool parent_instance;
};

static void gbacw_tool_deploy_tool_init (GbacwToolInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GbacwToolDeploy, gbacw_tool_deploy, GBACW_TYPE_MAP_TOOL,
                               G_IMPLEMENT_INTERFACE (GBACW_TYPE_TOOL, gbacw_tool_deploy_tool_init))

static void
deploy_activate (GbacwTool      *tool,
                 GbacwMapCanvas *canvas)
{
  GbacwDeploymentController *controller = gbacw_deployment_controller_get_for_canvas (canvas);

  if (controller != NULL)
    gbacw_deployment_controller_set_tool_active (controller, TRUE);
}

static void
deploy_deactivate (GbacwTool      *tool,
                   GbacwMapCanvas *canvas)
{
  GbacwDeploymentController *controller = gbacw_deployment_controller_get_for_canvas (canvas);

  if (controller != NULL)
    gbacw_deployment_controller_set_tool_active (controller, FALSE);
  gbacw_map_tool_deactivate (tool, canvas);
}

typedef void (*PointerHandler) (GbacwDeploymentController *controller,
                                double                     x,
                                double                     y,
                                GdkModifierType            state);

/* The pointer's press, drag or release handed to the canvas's deployment controller. */
static void
forward_pointer (GbacwMapCanvas  *canvas,
                 PointerHandler   handler,
                 double           x,
                 double           y,
                 GdkModifierType  state)
{
  GbacwDeploymentController *controller = gbacw_deployment_controller_get_for_canvas (canvas);

  if (controller != NULL)
    handler (controller, x, y, state);
}

static void
deploy_pressed (GbacwTool       *tool,
                GbacwMapCanvas  *canvas,
                double           x,
                double           y,
                GdkModifierType  state)
{
  forward_pointer (canvas, gbacw_deployment_controller_tool_pressed, x, y, state);
}

static void
deploy_dragged (GbacwTool       *tool,
                GbacwMapCanvas  *canvas,
                double           x,
                double           y,
                GdkModifierType  state)
{
  forward_pointer (canvas, gbacw_deployment_controller_tool_dragged, x, y, state);
}

static void
deploy_released (GbacwTool       *tool,
                 GbacwMapCanvas  *canvas,
                 double           x,
                 double           y,
                 GdkModifierType  state)
{
  forward_pointer (canvas, gbacw_deployment_controller_tool_released, x, y, state);
}

static gboolean
deploy_scrolled (GbacwTool       *tool,
                 GbacwMapCanvas  *canvas,
                 double           x,
                 double           y,
                 double           steps,
                 GdkModifierType  state)
{
  GbacwDeploymentController *controller = gbacw_deployment_controller_get_for_canvas (canvas);

  return controller != NULL && gbacw_deployment_controller_tool_scrolled (controller, steps, state);
}

static GtkWidget *
create_options (GbacwMapTool *tool)
{
  return gbacw_tool_options_new_hint (_("Click a counter to select it, Shift+click to add it to the selection; drag "
                                        "across the map to select the counters in a rectangle. Drag counters to move "
                                        "them, Shift+drag to turn one. Comma and period turn the selection, L, C, M, "
                                        "D, K and U set its formation, Delete takes it off the map. Drag units from "
                                        "the order of battle to place them."));
}

static void
gbacw_tool_deploy_tool_init (GbacwToolInterface *iface)
{
  iface->activate = deploy_activate;
  iface->deactivate = deploy_deactivate;
  iface->pressed = deploy_pressed;
  iface->dragged = deploy_dragged;
  iface->released = deploy_released;
  iface->motion = gbacw_map_tool_motion;
  iface->scrolled = deploy_scrolled;
}

static void
gbacw_tool_deploy_class_init (GbacwToolDeployClass *klass)
{
  gbacw_map_tool_class_set_description (GBACW_MAP_TOOL_CLASS (klass), "deploy", N_("Deploy Units"),
                                        "mark-location-symbolic", GDK_KEY_v);
  GBACW_MAP_TOOL_CLASS (klass)->create_options = create_options;
}

static void
gbacw_tool_deploy_init (GbacwToolDeploy *self)
{
}

GbacwToolDeploy *
gbacw_tool_deploy_new (void)
{
  return g_object_new (GBACW_TYPE_TOOL_DEPLOY, NULL);
}
