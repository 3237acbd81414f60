/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-deployment-controller.h: units on the map of a canvas.
 *
 * Order-of-battle entries dragged from the panel (GbacwOobItem) drop onto hexes of
 * the canvas: a unit or leader is placed on top of the stack there, a formation is
 * placed whole around the hex (gbacw_deploy_place_formation ()). While dragging, the
 * hexes where the unit may be placed (its side's set-up areas, stacking, terrain) are
 * shaded, and the hovered hex's stacking points against its limit (8.18) are shown in
 * a line over the map.
 *
 * With the deploy tool (GbacwToolDeploy, which calls the tool functions below), a click
 * on a stack selects its top unit (a click on a fanned-out stack picks any), Shift+click
 * adds a unit to the selection or takes it out, and a drag on empty map selects the
 * counters in its rubber band; dragging a counter moves it (one of several selected:
 * all of them, as a group), Shift+dragging turns it towards the pointer, Alt+scrolling
 * turns the selection. Keys for the selected units, wherever the focus is in the key
 * scope (gbacw_deployment_controller_set_key_scope ()): comma and period turn them, L,
 * C, M, D, K and U set their formation (line, column, mounted, dismounted, limbered,
 * unlimbered; those that cannot take it keep theirs), Ctrl+Up and Ctrl+Down move the
 * selected unit up and down its stack, Delete takes them off the map, Escape lets go of
 * them, Menu (or a right-click, with any tool) opens all of these in a menu, with
 * "Select the Whole Stack" and "Select the Brigade". Hovering over or selecting a stack
 * fans it out. A dropped unit takes its set-up formation and faces the enemy.
 *
 * It also lets the user pick a hex on the map for others (reinforcement entry hexes,
 * objectives), and marks the reinforcements' entry hexes. Every change is an undoable
 * command of the document.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-map-canvas.h"
#include "gbacw-oob-item.h"

G_BEGIN_DECLS

#define GBACW_TYPE_DEPLOYMENT_CONTROLLER (gbacw_deployment_controller_get_type ())
G_DECLARE_FINAL_TYPE (GbacwDeploymentController, gbacw_deployment_controller, GBACW, DEPLOYMENT_CONTROLLER, GObject)

/* Called with the hex picked (an index), or -1 when the pick was cancelled. */
typedef void (*GbacwHexPickedFunc) (int hex, gpointer user_data);

/* Works on canvas (and its document) until the canvas goes; the canvas keeps it. */
GbacwDeploymentController *gbacw_deployment_controller_new (GbacwMapCanvas *canvas);
GbacwMapCanvas            *gbacw_deployment_controller_get_canvas (GbacwDeploymentController *self);

/* What a drop of item at (x, y) (canvas coordinates) does: one undoable step. FALSE
 * (and a message over the map) when it cannot be placed there. */
gboolean    gbacw_deployment_controller_drop (GbacwDeploymentController *self, GbacwOobItem *item, double x, double y);
/* The same at hex (an index). */
gboolean    gbacw_deployment_controller_place (GbacwDeploymentController *self, GbacwOobItem *item, int hex,
                                               GError **error);
/* The drag feedback for item over (x, y), as while dragging it over the canvas (item
 * NULL ends it); TRUE if it may be dropped there. */
gboolean    gbacw_deployment_controller_hover_drag (GbacwDeploymentController *self, GbacwOobItem *item, double x,
                                                    double y);
/* The number of hexes shaded as allowed for the current drag (computed so far). */
guint       gbacw_deployment_controller_count_allowed (GbacwDeploymentController *self);

/* The unit selected on the map (property "selected-unit"), or NULL. */
const char *gbacw_deployment_controller_get_selected_unit (GbacwDeploymentController *self);
void        gbacw_deployment_controller_select_unit (GbacwDeploymentController *self, const char *unit);
/* Every selected unit (NULL-terminated, in the order selected: the selected unit last). */
const char *const *gbacw_deployment_controller_get_selection (GbacwDeploymentController *self);
/* The units (NULL-terminated) selected, or added to the selection when add. */
void        gbacw_deployment_controller_select_units (GbacwDeploymentController *self, const char *const *units,
                                                      gboolean add);
/* Adds unit to the selection (as the selected unit), or takes it out. */
void        gbacw_deployment_controller_toggle_unit (GbacwDeploymentController *self, const char *unit);
/* Every unit of formation and of the formations under it. */
void        gbacw_deployment_controller_select_formation (GbacwDeploymentController *self, const char *formation);
/* The hex whose stack is fanned out, -1 for none. */
int         gbacw_deployment_controller_get_fanned_hex (GbacwDeploymentController *self);

/* The line shown over the map ("" when hidden). */
const char *gbacw_deployment_controller_get_status (GbacwDeploymentController *self);
/* Shows message over the map for a few seconds. */
void        gbacw_deployment_controller_show_message (GbacwDeploymentController *self, const char *message);

/* The next click on the map picks a hex (prompt shown meanwhile); Escape cancels. */
void        gbacw_deployment_controller_pick_hex (GbacwDeploymentController *self, const char *prompt,
                                                  GbacwHexPickedFunc func, gpointer user_data,
                                                  GDestroyNotify destroy);
gboolean    gbacw_deployment_controller_is_picking (GbacwDeploymentController *self);
/* Ends a pick as a click on hex would (-1 cancels it). */
void        gbacw_deployment_controller_finish_pick (GbacwDeploymentController *self, int hex);

/* The actions "deploy.*" and their keys go on scope, an ancestor of the canvas (until
 * then: the canvas's overlay), so that they act wherever the focus is inside it. */
void        gbacw_deployment_controller_set_key_scope (GbacwDeploymentController *self, GtkWidget *scope);

/* The controller working on canvas, or NULL. */
GbacwDeploymentController *gbacw_deployment_controller_get_for_canvas (GbacwMapCanvas *canvas);
/* The deploy tool: whether it is the canvas's tool (counters answer the primary button
 * and hovering only then), and what it passes on, x and y in map units. */
void        gbacw_deployment_controller_set_tool_active (GbacwDeploymentController *self, gboolean active);
void        gbacw_deployment_controller_tool_pressed (GbacwDeploymentController *self, double x, double y,
                                                      GdkModifierType state);
void        gbacw_deployment_controller_tool_dragged (GbacwDeploymentController *self, double x, double y,
                                                      GdkModifierType state);
void        gbacw_deployment_controller_tool_released (GbacwDeploymentController *self, double x, double y,
                                                       GdkModifierType state);
/* TRUE if it used the scroll (Alt held, units selected). */
gboolean    gbacw_deployment_controller_tool_scrolled (GbacwDeploymentController *self, double steps,
                                                       GdkModifierType state);

/* Whether the reinforcements' entry hexes are marked. */
void        gbacw_deployment_controller_set_show_entries (GbacwDeploymentController *self, gboolean show);

G_END_DECLS
