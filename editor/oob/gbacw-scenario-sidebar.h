/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-sidebar.h: the window's scenario pages beside the map.
 *
 * "Order of Battle": the tree (GbacwOobPanel) over the form of the selected entry
 * (GbacwOobInspector). "Reinforcements": the schedule and its Game-Turn track
 * (GbacwReinforcementPanel).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-oob-inspector.h"
#include "gbacw-oob-panel.h"
#include "gbacw-reinforcement-panel.h"

G_BEGIN_DECLS

#define GBACW_TYPE_SCENARIO_SIDEBAR (gbacw_scenario_sidebar_get_type ())
G_DECLARE_FINAL_TYPE (GbacwScenarioSidebar, gbacw_scenario_sidebar, GBACW, SCENARIO_SIDEBAR, GtkBox)

GtkWidget               *gbacw_scenario_sidebar_new (void);

GbacwDocument           *gbacw_scenario_sidebar_get_document (GbacwScenarioSidebar *self);
void                     gbacw_scenario_sidebar_set_document (GbacwScenarioSidebar *self, GbacwDocument *document);
GbacwOobPanel           *gbacw_scenario_sidebar_get_oob_panel (GbacwScenarioSidebar *self);
GbacwOobInspector       *gbacw_scenario_sidebar_get_inspector (GbacwScenarioSidebar *self);
GbacwReinforcementPanel *gbacw_scenario_sidebar_get_reinforcement_panel (GbacwScenarioSidebar *self);
/* "oob" or "reinforcements" (the property "page", notified when it changes). */
void                     gbacw_scenario_sidebar_show_page (GbacwScenarioSidebar *self, const char *name);
const char              *gbacw_scenario_sidebar_get_page (GbacwScenarioSidebar *self);

G_END_DECLS
