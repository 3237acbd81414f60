/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-controller.h: a window's order of battle, deployment, reinforcements,
 * scenario settings, charts and rosters.
 *
 * Drives the window's scenario sidebar (GbacwScenarioSidebar, in a paned beside the map),
 * adds the deployment controller to the canvas, keeps the selection of the tree and the map
 * in step, and carries out the window's actions win.settings (the Scenario Settings
 * dialog), win.charts (the chart tables), win.roster-export and win.roster-import (the
 * order of battle as CSV).
 */
#pragma once

#include "gbacw-deployment-controller.h"
#include "gbacw-editor-host.h"
#include "gbacw-roster-csv.h"
#include "gbacw-scenario-sidebar.h"

G_BEGIN_DECLS

#define GBACW_TYPE_SCENARIO_CONTROLLER (gbacw_scenario_controller_get_type ())
G_DECLARE_FINAL_TYPE (GbacwScenarioController, gbacw_scenario_controller, GBACW, SCENARIO_CONTROLLER, GObject)

/* The controller of window's sidebar, which is the start child of paned, for the window to
 * own. */
GbacwScenarioController   *gbacw_scenario_controller_new (GbacwEditorHost *window, GbacwScenarioSidebar *sidebar,
                                                          GtkPaned *paned);

GbacwScenarioSidebar      *gbacw_scenario_controller_get_sidebar (GbacwScenarioController *self);
/* The paned holding the sidebar and the map's row. */
GtkPaned                  *gbacw_scenario_controller_get_paned (GbacwScenarioController *self);
GbacwDeploymentController *gbacw_scenario_controller_get_deployment (GbacwScenarioController *self);
/* The open Scenario Settings dialog and chart editor (created when first asked for). */
GtkWindow                 *gbacw_scenario_controller_get_settings_dialog (GbacwScenarioController *self);
GtkWindow                 *gbacw_scenario_controller_get_chart_editor (GbacwScenarioController *self);

/* Presents the Scenario Settings dialog, the chart editor (nothing without a document). */
void                       gbacw_scenario_controller_show_settings (GbacwScenarioController *self);
void                       gbacw_scenario_controller_show_charts (GbacwScenarioController *self);
/* Asks for a CSV file to export the roster to (and which side, which separator and which
 * encoding), or to import. */
void                       gbacw_scenario_controller_choose_roster_export (GbacwScenarioController *self);
void                       gbacw_scenario_controller_choose_roster_import (GbacwScenarioController *self);

/* The roster of side (NULL: every side) written to path, comma-separated UTF-8 or as
 * given; a failure is shown in the window. */
gboolean                   gbacw_scenario_controller_export_roster (GbacwScenarioController *self, const char *path,
                                                                    const char *side);
gboolean                   gbacw_scenario_controller_export_roster_as (GbacwScenarioController *self,
                                                                       const char *path, const char *side,
                                                                       GbacwRosterDelimiter delimiter,
                                                                       GbacwRosterEncoding encoding);
/* The CSV at path read into the order of battle as one undoable step; errors (with their
 * line and column) are shown in the window. */
gboolean                   gbacw_scenario_controller_import_roster (GbacwScenarioController *self, const char *path);
/* Scenario ▸ Fill Stand-ins (fill) / Clear Stand-ins: one undo step (model/gbacw-stand-ins.h);
 * the number of values filled or taken back (0: nothing to do, said in the window). */
guint                      gbacw_scenario_controller_stand_ins (GbacwScenarioController *self, gboolean fill);

G_END_DECLS
