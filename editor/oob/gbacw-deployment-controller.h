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
 * With the "Move the Map" tool, a click on a stack selects its top unit (a click on a
 * fanned-out stack picks any); dragging a counter moves it to another hex,
 * Shift+dragging turns it towards the pointer, Alt+scrolling turns it. Keys for the
 * selected unit: comma and period turn it, L, C, M, D, K and U set its formation
 * (line, column, mounted, dismounted, limbered, unlimbered), Ctrl+Up and Ctrl+Down
 * move it up and down its stack, Delete takes it off the map, Menu (or a right-click)
 * opens all of these in a menu. Hovering over or selecting a stack fans it out.
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

/* Whether the reinforcements' entry hexes are marked. */
void        gbacw_deployment_controller_set_show_entries (GbacwDeploymentController *self, gboolean show);

G_END_DECLS
