/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-orders.h: the orders the rules allow for the selection in test play.
 *
 * A panel of the play view's Unit page. For the units selected on the map it offers
 * only what the engine accepts now (each order is checked with gbacw_game_check_action ()
 * before it is shown), and gives it to the game through the session, so that it is in the
 * game's record and replays:
 *
 * - Initial Command Phase (17.0): a division commander spends Command Points on a brigade
 *   commander of his division (17.22; the points in a spin button), brigades are detached
 *   (17.61) and attached (17.64);
 * - Rally Phase: a brigade commander spends a Rally Point on a routed unit (13.52, 17.13),
 *   from the unit ("Rally (Webb, 2 Rally Points left)") or from the leader (his routed units
 *   as buttons, or a click on their hex: gbacw_play_orders_click_hex ());
 * - Ammunition Resupply Phase: a unit resupplied from a wagon (11.23), rounds given from one
 *   battery to another (11.33; the rounds in a spin button);
 * - Final Command Phase: a unit recrews an uncrewed wagon (11.18, 11.19);
 * - the stack (top first), each unit a button that selects it; in its owner's Movement
 *   Phase, or after a Fire Phase in which its top unit ran out of ammunition, "Move to top",
 *   up and down (8.41);
 * - Movement Phase: the units leave the map from an exit area (5.17, the scenario's exit
 *   areas);
 * - Movement Phase, whatever is selected: each reinforcement whose Game-Turn has come
 *   enters at each hex it may enter at now (26.0; P 26.14, 26.22 a delayed one's other
 *   hexes), one at a time, so that the order of the clicks is the order of the column.
 *
 * Where the obvious order is refused, the engine's reason is shown with its rule case. An
 * order refused when given (a click on a hex, an action activated by hand) emits
 * "refused" with the engine's message.
 *
 * Its actions (prefix "orders."): command-points (s: the brigade commander; the points
 * from the spin button), detach (s: the brigade commander), attach ((ss): brigade commander,
 * division commander), rally ((ss): leader, unit), resupply ((ss): unit, wagon),
 * transfer-rounds ((ss): from, to; the rounds from the spin button), recrew ((ss): unit,
 * wagon), restack ((si): unit, its new place from the top), exit (the units that move),
 * enter ((si): the reinforcement, the hex index it enters at).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-play-session.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_ORDERS (gbacw_play_orders_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayOrders, gbacw_play_orders, GBACW, PLAY_ORDERS, GtkWidget)

GtkWidget *gbacw_play_orders_new (void);

/* The game the orders are given in (NULL: none). */
void       gbacw_play_orders_set_session (GbacwPlayOrders *self, GbacwPlaySession *session);
/* The units selected (the first is the one shown), and those that would move together
 * (the selection, or with "whole stack" the stack); the panel is built again from the
 * game. Call it after every change of the game too. */
void       gbacw_play_orders_set_selection (GbacwPlayOrders *self, const GArray *selection, const GArray *moving);
/* A click on hex in the Rally Phase with a leader selected rallies his routed unit there
 * (or says why not); FALSE when the click means something else. */
gboolean   gbacw_play_orders_click_hex (GbacwPlayOrders *self, int hex);
/* The Command Points and rounds the spin buttons give (for the keyboard and tests). */
void       gbacw_play_orders_set_points (GbacwPlayOrders *self, int points);
void       gbacw_play_orders_set_rounds (GbacwPlayOrders *self, int rounds);

G_END_DECLS
