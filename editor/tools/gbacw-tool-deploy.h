/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-deploy.h: the map tool that selects, moves and turns the counters of the
 * deployment.
 *
 * The tool passes the primary button, Alt+scroll and its being current on to the
 * canvas's GbacwDeploymentController, which holds the selection, edits the document and
 * draws. Units are placed from the order of battle by drag and drop whatever the tool.
 */
#pragma once

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOL_DEPLOY (gbacw_tool_deploy_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolDeploy, gbacw_tool_deploy, GBACW, TOOL_DEPLOY, GbacwMapTool)

GbacwToolDeploy *gbacw_tool_deploy_new (void);

G_END_DECLS
