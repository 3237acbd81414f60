/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-session.h: a game being test-played in the editor.
 *
 * Holds the engine's game (made from the scenario as saved, never the editor's objects),
 * follows its outcome (Victory Points, control of areas, gbacw-query.h) after every
 * action, and plays the sides given to the computer (gbacw-ai.h) in slices of time, so
 * that the window stays responsive: gbacw_play_session_run_computer () plays until a
 * human must act, the game is over or the time is up. "Jump to Game-Turn N" has the
 * computer play both sides until that Game-Turn begins.
 *
 * It keeps the game's record (the actions applied) so that a game can be saved, loaded
 * and replayed step by step: while replaying, the game shown is the record's first
 * position actions; a human action there cuts the record and play goes on from it.
 *
 * GTK-free (GObject): the play view and the tests drive it. "changed" is emitted after
 * every change of the game (once per slice of computer play).
 */
#pragma once

#include <glib-object.h>

#include "gbacw-ai.h"
#include "gbacw-game.h"
#include "gbacw-query.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_SESSION (gbacw_play_session_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlaySession, gbacw_play_session, GBACW, PLAY_SESSION, GObject)

/* An answer to the open decision: a label for a button and the ANSWER action. */
typedef struct {
  char *label;            /* translated: "Stand", "Retreat: 1205 → 1305", "Fire with all" */
  GbacwAction *action;
  GArray *path;           /* int hexes of a retreat path (start excluded), or NULL */
  int hex;                /* a leader's placement hex, or the hex a facing answer (7.32) faces; -1 */
} GbacwPlayAnswer;

void gbacw_play_answer_free (GbacwPlayAnswer *answer);

/* A new game of scenario (copied) with seed. scenario_path: the file it was read from, for
 * saving games (temporary: a copy made for this session, written beside a saved game). */
GbacwPlaySession *gbacw_play_session_new (const GbacwScenario *scenario, const char *scenario_path,
                                          gboolean temporary, guint32 seed, GError **error);
/* A saved game (gbacw_game_save ()), its scenario read from the file it names. */
GbacwPlaySession *gbacw_play_session_load (const char *path, GError **error);
/* Writes the game's record; the scenario it names is written beside it when temporary. */
gboolean          gbacw_play_session_save (GbacwPlaySession *self, const char *path, GError **error);

GbacwGame        *gbacw_play_session_get_game (GbacwPlaySession *self);
GbacwOutcome     *gbacw_play_session_get_outcome (GbacwPlaySession *self);
const GbacwScenario *gbacw_play_session_get_scenario (GbacwPlaySession *self);
const char       *gbacw_play_session_get_scenario_path (GbacwPlaySession *self);
/* Whether the scenario file is a temporary copy (written beside a saved game). */
gboolean          gbacw_play_session_is_temporary (GbacwPlaySession *self);
guint32           gbacw_play_session_get_seed (GbacwPlaySession *self);

/* Which sides the computer plays (property "computer", bit 1 << side). */
void              gbacw_play_session_set_computer (GbacwPlaySession *self, guint sides);
guint             gbacw_play_session_get_computer (GbacwPlaySession *self);
/* How strongly the computer plays both sides (gbacw_ai_set_level (); normal unless set). */
void              gbacw_play_session_set_ai_level (GbacwPlaySession *self, GbacwAiLevel level);
GbacwAiLevel      gbacw_play_session_get_ai_level (GbacwPlaySession *self);
/* Whether the player who must act now (gbacw_game_decider ()) is the computer, or a
 * jump is under way; FALSE when the game is over or replaying, or when the computer
 * failed (until an action of a human, or the players or the jump change). */
gboolean          gbacw_play_session_computer_to_act (GbacwPlaySession *self);

/* Checks and applies a human's action; "changed" on success. While replaying, the
 * record after the position shown is dropped first. */
gboolean          gbacw_play_session_apply (GbacwPlaySession *self, const GbacwAction *action, GError **error);
/* Plays the computer's actions for about budget_us microseconds (0: until a human must
 * act). TRUE while the computer still has to act; FALSE when done or on an error (set,
 * and the jump ended). */
gboolean          gbacw_play_session_run_computer (GbacwPlaySession *self, gint64 budget_us, GError **error);
/* The computer plays both sides until Game-Turn turn begins (0: no jump). */
void              gbacw_play_session_set_jump (GbacwPlaySession *self, int turn);
int               gbacw_play_session_get_jump (GbacwPlaySession *self);

/* The answers to the open decision (GbacwPlayAnswer*), empty when there is none. */
GPtrArray        *gbacw_play_session_list_answers (GbacwPlaySession *self);
/* "Union: Does 8 NY retreat before melee (one or two hexes) or stand?", or NULL. */
char             *gbacw_play_session_describe_decision (GbacwPlaySession *self);

/* The Victory Points of each side at the end of Game-Turn turn (as the outcome had them
 * when the next turn began); FALSE when that turn has not ended. */
gboolean          gbacw_play_session_get_turn_vp (GbacwPlaySession *self, int turn, int vp[2]);

/* Replay: the record is kept; the game shows its first position actions. */
guint             gbacw_play_session_get_record_length (GbacwPlaySession *self);
gboolean          gbacw_play_session_is_replaying (GbacwPlaySession *self);
void              gbacw_play_session_start_replay (GbacwPlaySession *self);
gboolean          gbacw_play_session_replay_seek (GbacwPlaySession *self, guint position, GError **error);
guint             gbacw_play_session_get_replay_position (GbacwPlaySession *self);
/* Ends the replay at the position shown: the record after it is dropped. */
void              gbacw_play_session_stop_replay (GbacwPlaySession *self);

/* A short name for a unit: its designation (leaders: the name). */
const char       *gbacw_play_unit_name (const GbacwGame *game, int unit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwPlayAnswer, gbacw_play_answer_free)

G_END_DECLS
