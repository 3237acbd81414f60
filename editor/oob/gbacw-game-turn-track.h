/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game-turn-track.h: the scenario's Game-Turn track.
 *
 * One box per Game-Turn from the first to the last: its number and time, night turns
 * shaded, a bar in the first player's colour where the first player changes, and a
 * marker per reinforcement arriving that turn (in its side's colour, with the number
 * of units). Clicking a turn selects it ("selected-turn"); order-of-battle entries
 * dropped on a turn are handed on with "item-dropped".
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-oob-item.h"

G_BEGIN_DECLS

#define GBACW_TYPE_GAME_TURN_TRACK (gbacw_game_turn_track_get_type ())
G_DECLARE_FINAL_TYPE (GbacwGameTurnTrack, gbacw_game_turn_track, GBACW, GAME_TURN_TRACK, GtkWidget)

GtkWidget     *gbacw_game_turn_track_new (void);

GbacwDocument *gbacw_game_turn_track_get_document (GbacwGameTurnTrack *self);
void           gbacw_game_turn_track_set_document (GbacwGameTurnTrack *self, GbacwDocument *document);
/* A Game-Turn, or GBACW_UNSET for none. */
int            gbacw_game_turn_track_get_selected_turn (GbacwGameTurnTrack *self);
void           gbacw_game_turn_track_set_selected_turn (GbacwGameTurnTrack *self, int turn);
/* The turn at x (widget coordinates), GBACW_UNSET when none. */
int            gbacw_game_turn_track_turn_at (GbacwGameTurnTrack *self, double x);

G_END_DECLS
