/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game-private.h: what the engine modules share and nothing else needs. */
#pragma once

#include "gbacw-game.h"

G_BEGIN_DECLS

/* Runs each attached exclusive rule's hook: for (i …) { hooks, data }. Only the modules
 * set up so far: while a module's init runs, hooks holds it and hook_data does not yet. */
#define GBACW_FOREACH_HOOK(game, hook_var, data_var) \
  for (guint hook_i_ = 0; hook_i_ < (game)->hooks->len && hook_i_ < (game)->hook_data->len; hook_i_++) \
    for (const GbacwRuleHooks *hook_var = g_ptr_array_index ((game)->hooks, hook_i_); hook_var; hook_var = NULL) \
      for (G_GNUC_UNUSED gpointer data_var = g_ptr_array_index ((game)->hook_data, hook_i_); hook_var; hook_var = NULL)

/* Whether unit is abandoned guns that an exclusive rule gives no game significance (J 21.23:
 * GbacwRuleHooks.abandoned_guns_ignored): not in the way of movement, stacking, ZOC or fire. */
gboolean gbacw_game_unit_ignored (const GbacwGame *game, const GbacwGameUnit *unit);
/* Whether unit is guns without their crew: abandoned (GBACW_STATUS_ABANDONED) with the crew
 * away on its counter (J 21.21, P 20.21, C 24.21), or ignored (J 21.23). Nobody there fights,
 * is fired on by small arms, or holds the hex. */
gboolean gbacw_game_guns_unmanned (const GbacwGame *game, const GbacwGameUnit *unit);
/* Whether hex holds combat units of side and all of them are guns without their crew. */
gboolean gbacw_game_hex_only_unmanned_guns (const GbacwGame *game, int hex, int side);

/* gbacw-rules-hooks.c: copying the modules' per-game state (GbacwRuleHooks.copy_state) */
/* Whether the module is stateless or has copy_state. */
gboolean gbacw_rules_hooks_copyable (const GbacwRuleHooks *hooks);
/* Whether every module attached to game is. */
gboolean gbacw_game_rules_copyable (const GbacwGame *game);
/* Copies every module's state of from into to (a game of the same scenario, the same modules
 * attached): FALSE when their modules differ, one cannot be copied (nothing copied then), or
 * one's copy_state refused the position (to's modules then partly copied: set it again). */
gboolean gbacw_game_copy_rules_state (GbacwGame *to, const GbacwGame *from);

/* gbacw-movement.c */
gboolean gbacw_movement_check_action (GbacwGame *game, const GbacwAction *action, GError **error);
void     gbacw_movement_apply_action (GbacwGame *game, const GbacwAction *action);
gboolean gbacw_movement_check_end (GbacwGame *game, GError **error);
/* What blocks the end of the Movement Phase, into blockers (GbacwBlocker *, gbacw-legal.h);
 * blockers NULL: the first only, as error. */
gboolean gbacw_movement_end_blockers (GbacwGame *game, GPtrArray *blockers, GError **error);
/* 8.0: hexes over the limits that cannot be brought within them: the excess is displaced. */
void     gbacw_movement_phase_end (GbacwGame *game);
/* 8.0: at the end of the Combat Phase (the Melee Phase), every hex over the limits. */
void     gbacw_movement_combat_end (GbacwGame *game);
/* The STACK hooks (C 23.27) on the combat units of side in stack (but those in without)
 * with units (n_units) added, after the chart's limits (8.1) allowed them. */
gboolean gbacw_movement_stacking_hooks (const GbacwGame *game, int hex, int side, const GArray *stack,
                                        const GArray *without, const int *units, guint n_units, GError **error);

/* gbacw-leadership.c: whether a friendly leader counts for unit (the CMD hooks leader_affects: C 28.14) */
gboolean gbacw_leadership_leader_affects (const GbacwGame *game, int leader, int unit);

/* gbacw-legal.c: a GbacwBlocker (gbacw-legal.h) from the refusal it is (rule_case from its "[case]") */
gpointer gbacw_blocker_new (int kind, const char *rule_id, int unit, int hex, const GError *refusal);

/* gbacw-fire.c */
gboolean gbacw_fire_check_action (GbacwGame *game, const GbacwAction *action, GError **error);
gboolean gbacw_fire_apply_action (GbacwGame *game, const GbacwAction *action, GError **error);
void     gbacw_fire_phase_end (GbacwGame *game);
void     gbacw_fire_resolution_free_ptr (gpointer resolution);

/* gbacw-pending.c: the queue of pending items and the decisions they ask for */
typedef enum {
  GBACW_RESOLVE_DONE,    /* the item is finished: it is removed */
  GBACW_RESOLVE_WAIT,    /* a decision is needed: *decision is set */
  GBACW_RESOLVE_AGAIN,   /* the item stays (others were put before it): work the queue again */
} GbacwResolve;

GbacwPending  *gbacw_pending_new (GbacwPendingKind kind, int side, int unit, int hex, const char *rule_case);
/* A GBACW_PENDING_EXCLUSIVE item of the module whose per-game data is data (its value the
 * module's index in game->hooks). */
GbacwPending  *gbacw_pending_new_exclusive (const GbacwGame *game, gconstpointer data, int side, int unit, int hex,
                                            const char *rule_case);
GbacwPending  *gbacw_pending_copy (const GbacwPending *pending);
void           gbacw_pending_free (GbacwPending *pending);
/* Takes ownership; before: put it just before that item (NULL: at the back). */
void           gbacw_game_queue_pending (GbacwGame *game, GbacwPending *pending, const GbacwPending *before);
/* Takes ownership; just after that item (NULL: at the back). */
void           gbacw_game_queue_pending_after (GbacwGame *game, GbacwPending *pending, const GbacwPending *after);
/* Works the queue until a decision is needed or it is empty; then ends the phase if asked. */
void           gbacw_game_run_pending (GbacwGame *game);
/* The rest of gbacw_game_advance (): leaves the phase for the next one played. */
void           gbacw_game_finish_phase (GbacwGame *game);
GbacwDecision *gbacw_decision_new (GbacwDecisionKind kind, int side, const char *rule_case);
void           gbacw_decision_free (GbacwDecision *decision);
gboolean       gbacw_pending_check_answer (GbacwGame *game, const GbacwAction *action, GError **error);
void           gbacw_pending_apply_answer (GbacwGame *game, const GbacwAction *action);
/* Whether the array of ints holds value. */
gboolean       gbacw_int_array_has (const GArray *array, int value);

/* gbacw-retreat.c: ROUT_RETREAT, RETREAT, DISPLACEMENT, RETREAT_MOVE, LEADER_PLACEMENT, CAPTURE_CHECK */
GbacwResolve   gbacw_retreat_resolve (GbacwGame *game, GbacwPending *pending, GbacwDecision **decision);
GbacwResolve   gbacw_retreat_answer (GbacwGame *game, GbacwPending *pending, const GbacwAction *action);

/* gbacw-fire.c: WITHDRAWAL_FIRE, LIMBER_FIRE, RETREAT_FIRE */
GbacwResolve   gbacw_fire_pending_resolve (GbacwGame *game, GbacwPending *pending, GbacwDecision **decision);
gboolean       gbacw_fire_pending_check (GbacwGame *game, const GbacwPending *pending, const GbacwAction *action,
                                         GError **error);
GbacwResolve   gbacw_fire_pending_answer (GbacwGame *game, GbacwPending *pending, const GbacwAction *action);

/* gbacw-movement.c: MOVE, FORMATION */
GbacwResolve   gbacw_movement_pending_resolve (GbacwGame *game, GbacwPending *pending, GbacwDecision **decision);

/* gbacw-leadership.c */
void           gbacw_leadership_init (GbacwGame *game);
/* The index of the formation unit belongs to in the order of battle (a leader's too, not
 * the one he commands), -1: looked up once by gbacw_leadership_init (). */
int            gbacw_leadership_oob_formation (const GbacwGame *game, int unit);
/* The index of the formation of that id in the order of battle, -1 (id may be NULL). */
int            gbacw_leadership_formation_index (const GbacwGame *game, const char *id);
gboolean       gbacw_leadership_check_action (GbacwGame *game, const GbacwAction *action, GError **error);
void           gbacw_leadership_apply_action (GbacwGame *game, const GbacwAction *action);
void           gbacw_leadership_phase_begin (GbacwGame *game);
void           gbacw_leadership_phase_end (GbacwGame *game);
GbacwResolve   gbacw_leadership_resolve_promotion (GbacwGame *game, GbacwPending *pending, GbacwDecision **decision);

/* gbacw-supply.c */
gboolean       gbacw_supply_check_action (GbacwGame *game, const GbacwAction *action, GError **error);
void           gbacw_supply_apply_action (GbacwGame *game, const GbacwAction *action);
/* 11.19: the uncrewed wagons of side's enemy in hex are captured when an infantry or
 * cavalry unit of side is there: they change side (the old crew out of play). */
void           gbacw_supply_capture_wagons (GbacwGame *game, int hex, int side);
/* 11.19: a wagon of former_side was captured: its crew counter (11.11), if on the map and
 * still of that side, is removed from play (counted killed, never Victory Points). */
void           gbacw_supply_remove_former_crew (GbacwGame *game, int wagon, int former_side);
/* 11.34: an artillery fire result n on a wagon */
void           gbacw_supply_ammunition_loss (GbacwGame *game, int wagon, int result);
/* 15.2: a battery lost guns to artillery fire */
void           gbacw_supply_caissons (GbacwGame *game, int battery);

/* gbacw-melee.c */
gboolean       gbacw_melee_check_action (GbacwGame *game, const GbacwAction *action, GError **error);
void           gbacw_melee_apply_action (GbacwGame *game, const GbacwAction *action);
void           gbacw_melee_phase_begin (GbacwGame *game);
void           gbacw_melee_phase_end (GbacwGame *game);
/* 12.94: units whose enemy has left the hex are no longer engaged. */
void           gbacw_melee_refresh_engaged (GbacwGame *game);
gboolean       gbacw_melee_check_advance (GbacwGame *game, const GbacwPending *pending, const GbacwAction *action,
                                          GError **error);
/* 7.32: an answer to the defender's MELEE_FACING decision */
gboolean       gbacw_melee_check_facing (GbacwGame *game, const GbacwPending *pending, const GbacwAction *action,
                                         GError **error);
/* RETREAT_BEFORE_MELEE, MELEE, ADVANCE, ENGAGED, MELEE_FACING */
GbacwResolve   gbacw_melee_pending_resolve (GbacwGame *game, GbacwPending *pending, GbacwDecision **decision);
GbacwResolve   gbacw_melee_pending_answer (GbacwGame *game, GbacwPending *pending, const GbacwAction *action);

/* Sets the LOS height of the units of hex (9.72). */
void     gbacw_game_refresh_hex (GbacwGame *game, int hex);

/* gbacw-game.c: actions the game record builds while reading */
/* An answer with no firers, no path and no hex yet. */
GbacwAction *gbacw_action_new_empty_answer (void);
/* A leadership or supply action: kind with its leader (or unit), other unit and points. */
GbacwAction *gbacw_action_new_command (GbacwActionKind kind, int leader, int other, int points);

/* gbacw-sequence.c: the Sequence of Play (4.0), used by gbacw_game_new () */
/* Whether a phase is played (night turns, exclusive rules' hooks). */
gboolean gbacw_game_phase_skipped (const GbacwGame *game, GbacwPhase phase);
/* The work done as the current phase begins (per-turn flags, hooks). */
void     gbacw_game_begin_phase (GbacwGame *game);
/* The first phase of Game-Turn turn, its first player phasing. */
void     gbacw_game_start_turn (GbacwGame *game, int turn);
/* Ends the current phase and moves to the next one played. */
void     gbacw_game_advance (GbacwGame *game);

G_END_DECLS
