/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-legal.h: what a player may do at this moment of a game, asked of the engine:
 *
 * - what blocks the end of the phase (gbacw_game_phase_blockers ()): the conditions the
 *   engine checks before an END_PHASE, each with its case and the unit or hex concerned,
 *   so that a player (the computer player first) can put each right instead of reading
 *   an error's text;
 * - the legal actions of the moment (gbacw_game_legal_actions ()): every action of the
 *   kinds asked for that gbacw_game_check_action () accepts now;
 * - a refusal's stable code and case (gbacw_game_refusal ()), beside its translated text.
 *
 * Nothing here changes the game, but the checks need a GbacwGame that is not const (the
 * movement ranges are cached in it).
 */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------ phase end */

typedef enum {
  GBACW_BLOCKER_GAME_OVER,    /* 4.0: there is no phase to end */
  GBACW_BLOCKER_DECISION,     /* a question is open (gbacw_game_decision ()): it is answered first */
  GBACW_BLOCKER_STACKING,     /* 8.1 (8.11-8.13): hex over the stacking limits, and one of its units can
                                 still move out this phase (else the excess is displaced: 8.0) */
  GBACW_BLOCKER_LONE_LEADER,  /* 17.52: unit, a leader with no combat unit within four hexes of the enemy,
                                 who can still reach a combat unit or a safe hex */
  GBACW_BLOCKER_EXCLUSIVE,    /* an exclusive rule refuses the end (its module's id in rule_id) */
} GbacwBlockerKind;

typedef struct {
  GbacwBlockerKind kind;
  char *rule_case;            /* "8.11", "17.52", "P 22.21", or "" when the refusal names none */
  char *rule_id;              /* GBACW_BLOCKER_EXCLUSIVE: the module's id; NULL otherwise */
  int unit;                   /* the unit to move (a lone leader), -1 */
  int hex;                    /* the hex to put right (stacking), -1 */
  char *message;              /* translated, as gbacw_game_check_action () would say it */
} GbacwBlocker;

void gbacw_blocker_free (GbacwBlocker *blocker);

/* Everything that keeps the side to act from ending the phase now: an empty array when
 * an END_PHASE would be accepted (GbacwBlocker *, freed with the array). The first one is
 * the refusal gbacw_game_check_action () gives an END_PHASE. */
GPtrArray *gbacw_game_phase_blockers (GbacwGame *game);

/* ------------------------------------------------------------------ legal actions */

/* The kinds of action gbacw_game_legal_actions () lists (a mask). */
typedef enum {
  GBACW_LEGAL_MOVES          = 1u << 0,   /* MOVE to each hex of the unit's range (the cheapest path, 5.0) */
  GBACW_LEGAL_FORMATIONS     = 1u << 1,   /* CHANGE_FORMATION to each other formation (6.2) */
  GBACW_LEGAL_ENTRIES        = 1u << 2,   /* a reinforcement's MOVE onto each entry hex (26.0) */
  GBACW_LEGAL_EXITS          = 1u << 3,   /* EXIT */
  GBACW_LEGAL_FIRES          = 1u << 4,   /* FIRE by one unit at full strength at each target in range (9.0);
                                             a battery's also with rapid fire (C 24.1) and with double shot
                                             (J 21.4), each where the scenario's rule allows it */
  GBACW_LEGAL_MELEES         = 1u << 5,   /* DECLARE_MELEE by one adjacent unit, and by all of them, at each
                                             enemy hex (12.1); MELEE of each declared melee (12.0) */
  GBACW_LEGAL_RALLIES        = 1u << 6,   /* RALLY of each routed unit by each brigade commander (13.5) */
  GBACW_LEGAL_RESUPPLIES     = 1u << 7,   /* RESUPPLY of each unit from each wagon (11.2) */
  GBACW_LEGAL_COMMAND_POINTS = 1u << 8,   /* one COMMAND_POINTS from each division commander to each leader (17.22) */
  GBACW_LEGAL_END_PHASE      = 1u << 9,   /* END_PHASE, when nothing blocks it */
  GBACW_LEGAL_ALL            = (1u << 10) - 1,
} GbacwLegalKinds;

/* The legal actions of the side to act (gbacw_game_decider ()) in this phase, of the kinds
 * in mask; unit >= 0: only the actions of that unit (its moves, its fires, …). Every one
 * has passed gbacw_game_check_action (). While a question is open the list is empty (the
 * decision, gbacw_game_decision (), says what may be answered). The order is stable: by
 * kind in the order above, then by unit, then by hex. (GbacwAction *, freed with it.) */
GPtrArray *gbacw_game_legal_actions (GbacwGame *game, guint mask, int unit);

/* ------------------------------------------------------------------ refusals */

/* What a refusal of gbacw_game_check_action () or gbacw_game_apply_action () is, apart
 * from its translated text: the error code's stable name ("illegal", "invalid", "chart",
 * "scenario", "file"; "other" for another domain) and the rule case it cites (the
 * "[17.52]" every refusal of the rules begins with: translations keep it), "" when none. */
typedef struct {
  const char *code;
  char rule_case[24];
} GbacwRefusal;

/* FALSE when error is NULL. */
gboolean    gbacw_game_refusal (const GError *error, GbacwRefusal *refusal);
/* "illegal", "invalid", … (GbacwGameError), "other" */
const char *gbacw_game_error_code_name (int code);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwBlocker, gbacw_blocker_free)

G_END_DECLS
