/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-text.h: the game in words for test play's panels (formations, presence,
 * status, a fire and its line of sight worked out, melee odds, Victory Points by kind of
 * award), and the small questions the panels share: whether the phase is a fire or melee
 * phase, which side a human plays now. Translated text; rule cases cited. */
#pragma once

#include <glib.h>

#include "gbacw-fire.h"
#include "gbacw-game.h"
#include "gbacw-melee.h"
#include "gbacw-play-session.h"
#include "gbacw-query.h"

G_BEGIN_DECLS

const char *gbacw_play_formation_name (GbacwFormationState formation);
/* "on the map", "left the map"… */
const char *gbacw_play_presence_name (GbacwPresence presence);
/* Appends the status flags set in status, "routed, pinned" (nothing when none). */
void        gbacw_play_append_status (GString *s, guint status);
/* Appends the units' short names, comma-separated. */
void        gbacw_play_append_unit_names (GString *s, const GbacwGame *game, const int *units, guint n_units);
/* A hexside's direction as the editor shows it ("NE"); "—" for none. */
char       *gbacw_play_direction_name (const GbacwGame *game, int direction);

/* A fire worked out, each firer's part, the shifts and the CRT column (with its results),
 * and when rolled the dice and their results. */
char       *gbacw_play_describe_fire (const GbacwGame *game, const GbacwFireResolution *res, gboolean rolled);
/* The line of sight from one hex to another, clear or where and by what it is blocked. */
char       *gbacw_play_describe_los (const GbacwGame *game, int from, int to);
/* A melee's attack and defence, their parts and the CRT column. */
char       *gbacw_play_describe_odds (const GbacwGame *game, const GbacwMeleeOdds *odds);

/* A side's Victory Points by kind of award. */
char       *gbacw_play_describe_vp_parts (const GbacwVictory *v, int side);
/* The awards the engine leaves to the players (custom), or NULL when there are none. */
char       *gbacw_play_describe_not_computed (const GbacwVictory *v);
/* The level, each side's VP by kind of award, the awards not counted: one per line. */
char       *gbacw_play_describe_victory (const GbacwGame *game, const GbacwVictory *v);

/* When the scenario has no victory award the engine counts (none, or custom ones only):
 * that every game will end 0–0 whatever the units' and leaders' VP values, and where to add
 * awards; else NULL. */
const char *gbacw_play_describe_uncounted_awards (const GbacwScenario *scenario);

gboolean    gbacw_play_is_fire_phase (const GbacwGame *game);
/* E and F: melees are declared (12.8) and resolved (12.0). */
gboolean    gbacw_play_is_melee_phase (const GbacwGame *game);
/* The side that acts now, if a human plays it; -1 when the computer does, the game is
 * over or replaying, or there is no game. */
int         gbacw_play_human_side (GbacwPlaySession *session);
/* The combat units among units, each firing all it has by the line of fire (9.45, 9.3)
 * (GbacwFirer). */
GArray     *gbacw_play_combat_firers (const GbacwGame *game, const GArray *units);
/* Marks double shot (J 21.4) on the firers (GbacwFirer) the game's rules allow it to at
 * target; returns how many. */
guint       gbacw_play_mark_double_shot (const GbacwGame *game, GArray *firers, int target);
/* Marks rapid fire (C 24.1) on the firers (GbacwFirer) the game's rules let rapid-fire at
 * target now, each asked of the engine (gbacw_fire_rapid_allowed ()); returns how many. */
guint       gbacw_play_mark_rapid (GbacwGame *game, GArray *firers, int target);
/* The hexes units (int indices) are in, each once (int hexes). */
GArray     *gbacw_play_unit_hexes (const GbacwGame *game, const GArray *units);

G_END_DECLS
