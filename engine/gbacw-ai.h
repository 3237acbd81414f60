/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-ai.h: a computer player for either side.
 *
 * It plays through the public action and decision API only (gbacw-game.h): each call
 * of gbacw_ai_choose () proposes one action for its side, which the caller applies
 * with gbacw_game_apply_action () (or gbacw_ai_step () does both). What it does:
 * - Initial Command Phase: a division commander's Command Points go to the brigade
 *   commander whose units are farthest beyond his Effectiveness Radius (17.22).
 * - Movement Phase: each brigade (the units of a commander) goes for an objective of
 *   the scenario (the areas of kind objective and their VP awards; the nearest enemy
 *   when there is none), keeping to it from turn to turn, its units staying within
 *   reach of one another so that their leader can keep them within his Effectiveness
 *   Radius; distances are Movement Points over the terrain (rivers, bridges, roads);
 *   infantry marches in column when far from the enemy (or where only a column may go,
 *   a bridge) and deploys into line near it, cavalry mounts and dismounts, batteries
 *   limber to move and unlimber within range; units prefer cover, avoid leaving enemy
 *   zones of control (withdrawal fire) and ending beside the enemy except on an
 *   objective or where they are the stronger (to melee); routed, spent and
 *   out-of-ammunition units fall back towards their commanders and wagons; reinforcements
 *   enter at the best entry hex and march on; leaders end with the units of their
 *   command and within their superiors' Divisional Integrity Radius (17.21, 17.52);
 *   every stack faces the nearest enemy; stacking is kept (8.1), also against a unit
 *   pinned by withdrawal fire on its way (10.15). Before it ends the phase it asks the
 *   engine what blocks the end (gbacw_game_phase_blockers (), gbacw-legal.h) and puts
 *   each condition right: a unit out of a hex over the stacking limits (8.1), a lone
 *   leader to a combat unit or five hexes from the enemy, or a unit to him (17.52). When the scenario awards "unit-exited"
 *   Victory Points for an exit area of its side, an exit counts as an objective worth
 *   its VP for every unit of the group: a group bound for it leaves the map there
 *   (GBACW_ACTION_EXIT), as do routed and spent units standing on it (never wagons, nor
 *   the last unit on an objective worth more), and a leader with none of his units left
 *   on the map. An uncrewed wagon with ammunition and no armed enemy within two hexes,
 *   ours or the enemy's (captured by entering, 11.19), gets the nearest infantry or
 *   dismounted cavalry unit with a Strength Point to spare (11.18). A stack near the
 *   enemy is restacked so that the fittest unit is on top (8.41, 8.21: infantry and
 *   cavalry first, the steady before the routed, pinned or out of ammunition, then by
 *   morale and strength; leaders at the bottom), and again after a Fire Phase in which
 *   its top unit ran out of ammunition.
 * - Fire Phases: the fires of the best expected value (the resolution's CRT column
 *   from gbacw_fire_compute (), averaged over the die), small arms and artillery apart,
 *   dropping the firers a fire does not need so that they fire elsewhere.
 * - Retreat Before Melee and Melee Phases: announces the melee of the best expected
 *   result (gbacw_melee_odds () and the Melee CRT, averaged over the die) when it is good
 *   enough, then fights every melee announced and every engaged hex of its own.
 * - Ammunition Resupply Phase: units out of ammunition and batteries short of rounds
 *   from the nearest wagon (11.23); a battery down to a third of its rounds that no wagon
 *   can resupply takes half the difference from a battery of the same weapon beside it
 *   with plenty, not within two hexes of the enemy (11.33); such a giver holds its fire
 *   for the Game-Turn while the other has none left. Rally Phase: brigade commanders
 *   spend their Rally Points on their routed units (13.52): of the rallies
 *   gbacw_game_legal_actions () lists for a routed unit, its commander's. Final Command
 *   Phase: an uncrewed wagon of its side with ammunition is recrewed by the strongest unit
 *   on it that keeps two Strength Points (11.18, 11.19).
 * - Decisions for its side: withdrawal, limber and retreat fire (fire when it can),
 *   retreat paths (away from the enemy, towards friends, through no friendly stack when
 *   it can: 14.3), leader placement, retreat before melee or stand (by the odds), melee
 *   losses (the strongest unit), advance after melee (within the stacking limits),
 *   promotion (the best rated), engaged units retreating (when the melee goes badly).
 * - Phases it has nothing to do in are ended.
 * It is deterministic: the same game (scenario, seed, actions) gives the same choices;
 * the only variation it adds comes from the game's seed. It never rolls the game's
 * dice. An action the rules refuse is not proposed again in that phase; when nothing
 * else is left it ends the phase, and if even that is refused (or the rules ask the
 * same question over and over whatever it answers) gbacw_ai_step () fails with
 * GBACW_AI_ERROR_STUCK instead of looping.
 */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

#define GBACW_AI_ERROR (gbacw_ai_error_quark ())

typedef enum {
  GBACW_AI_ERROR_STUCK,       /* every action it could think of was refused, ending the phase too */
  GBACW_AI_ERROR_NOT_ITS_TURN,/* the decision is the other side's */
  GBACW_AI_ERROR_LIMIT,       /* gbacw_ai_play (): too many actions without the game ending */
} GbacwAiError;

GQuark gbacw_ai_error_quark (void);

typedef struct _GbacwAi GbacwAi;

/* How strongly it plays (gbacw_ai_set_level ()):
 * - EASY: the player as it was first written: objectives valued by their awards' VP alone
 *   (an automatic victory's area at ten VP more for the whole game), columns deployed
 *   within five hexes of the enemy, batteries fired at any range;
 * - NORMAL (the default): it plays for the scenario's victory: at the start of each of its
 *   Movement Phases it assesses its VP margin (gbacw_outcome_victory () of an outcome it
 *   follows) against the least victory level of its side plus two, and the turns left; an
 *   objective of its own is worth as much as the enemy within eight hexes threatens it, one
 *   to take (or retake) more as the clock runs against it and three times as much when no
 *   enemy is within two hexes of it, an automatic victory only while its Game-Turn has not
 *   passed; a brigade short of victory (or near a weak or routed enemy stack) goes for an
 *   enemy stack instead, by the losses it can inflict against the strength around the
 *   target. Tactics: infantry deploys within eight hexes of the enemy (a move and a rifle's
 *   range) and stays in line on an objective, batteries prefer a range where their guns
 *   fire at full strength and infantry beside them, and hold a fire whose batteries are
 *   all at ×0.5 unless the target is within three hexes of ours, and any that would be
 *   resolved on the first column of the Fire Combat Results Table when none of them is
 *   within three hexes of the target (11.31: rounds saved); leaving an enemy ZOC, at the
 *   start or on the way (entering one and going on), costs about four hexes of progress,
 *   half that for an objective (10.1); a brigade's units keep within their commander's
 *   radius of its first unit (17.11); it declares melee from a lower expected result and
 *   more readily on an objective;
 * - HARD: as NORMAL, and each hex within four of the enemy it may end a move in is scored
 *   down by the fire the enemy can bring on it (each enemy unit's strength times its range
 *   multiplier, less the cover). */
typedef enum {
  GBACW_AI_LEVEL_EASY,
  GBACW_AI_LEVEL_NORMAL,
  GBACW_AI_LEVEL_HARD,
} GbacwAiLevel;

#define GBACW_AI_N_LEVELS 3

/* "easy", "normal", "hard" (not translated: names for the command line and files). */
const char  *gbacw_ai_level_to_string (GbacwAiLevel level);
/* FALSE when text names no level. */
gboolean     gbacw_ai_level_from_string (const char *text, GbacwAiLevel *level);
/* "LEVEL" for both sides or "LEVEL,LEVEL" for the first and the second (NULL: normal for
 * both); FALSE when a part names no level. */
gboolean     gbacw_ai_levels_from_string (const char *text, GbacwAiLevel levels[2]);

GbacwAi     *gbacw_ai_new (const GbacwGame *game, int side);
void         gbacw_ai_free (GbacwAi *ai);
int          gbacw_ai_get_side (const GbacwAi *ai);
void         gbacw_ai_set_level (GbacwAi *ai, GbacwAiLevel level);
GbacwAiLevel gbacw_ai_get_level (const GbacwAi *ai);

/* The next action of the AI's side: an answer while a decision is open, else an action
 * of the phase or its end. NULL when the game is over or it is the other side's turn.
 * The action has passed gbacw_game_check_action (), except an END_PHASE proposed when
 * nothing else is left. */
GbacwAction *gbacw_ai_choose (GbacwAi *ai, GbacwGame *game);
/* The rules refused action: it is not proposed again in this phase. */
void         gbacw_ai_refused (GbacwAi *ai, const GbacwGame *game, const GbacwAction *action);
/* Chooses and applies one action; *applied (may be NULL) gets a copy of it. */
gboolean     gbacw_ai_step (GbacwAi *ai, GbacwGame *game, GbacwAction **applied, GError **error);

typedef enum {
  GBACW_AI_PLAY_OVER,         /* the game is over */
  GBACW_AI_PLAY_TURN_LIMIT,   /* the Game-Turn after last_turn has begun */
  GBACW_AI_PLAY_WAITING,      /* a side the computer does not play must act (gbacw_game_decider ()) */
  GBACW_AI_PLAY_STOPPED,      /* the observer asked to stop */
  GBACW_AI_PLAY_ERROR,
} GbacwAiPlayResult;

/* Called after every action applied; return FALSE to stop. */
typedef gboolean (*GbacwAiObserver) (GbacwGame *game, const GbacwAction *action, gpointer user_data);

/* Plays the sides in sides (bit 1 << side) until the game is over, the other side must
 * act, or Game-Turn last_turn is over (last_turn <= 0: no limit). */
GbacwAiPlayResult gbacw_ai_play (GbacwGame *game, guint sides, int last_turn, GbacwAiObserver observer,
                                 gpointer user_data, GError **error);
/* The same, each side at its level (levels[side]). */
GbacwAiPlayResult gbacw_ai_play_levels (GbacwGame *game, guint sides, const GbacwAiLevel levels[2], int last_turn,
                                        GbacwAiObserver observer, gpointer user_data, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwAi, gbacw_ai_free)

G_END_DECLS
