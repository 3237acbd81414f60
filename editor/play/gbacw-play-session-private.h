/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-session-private.h: what the session gave the engine, for the tests. */
#pragma once

#include "gbacw-play-session.h"

G_BEGIN_DECLS

/* The level the engine's computer player for side plays at (gbacw_ai_get_level ()), or
 * -1 when the computer has not played that side yet. */
int gbacw_play_session_get_engine_ai_level (GbacwPlaySession *self, int side);

G_END_DECLS
