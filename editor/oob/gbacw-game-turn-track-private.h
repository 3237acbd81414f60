/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game-turn-track-private.h: what the Game-Turn track draws, for the tests. */
#pragma once

#include "gbacw-game-turn-track.h"

G_BEGIN_DECLS

/* The number of reinforcement markers drawn at turn */
guint          gbacw_game_turn_track_count_markers (GbacwGameTurnTrack *self, int turn);

G_END_DECLS
