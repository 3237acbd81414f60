/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rules-hooks.h: where each game's Exclusive Rules plug into the engine.
 *
 * An exclusive rule module is a table of optional function pointers registered
 * under the rule's id (the scenario's <exclusive id="…">, e.g. "pearidge.night";
 * rules matrix §2 lists them with their hook kinds). When a game starts, every
 * enabled exclusive rule of its scenario that has a registered module is attached:
 * init() may keep per-game data, which every other hook receives. Hooks run in the
 * scenario's order of exclusive rules; a NULL hook is skipped.
 *
 * The hook kinds follow the matrix's vocabulary: PHASE (extra phases, segments,
 * interphases), CMD, MOVE-COST / MOVE-LEGAL, LOS, FIRE-SHIFT / FIRE-DRM / FIRE-STR,
 * AMMO, MELEE-*, MORALE-*, RALLY, RETREAT-DIR, LDR-LOSS, REINF, VICTORY.
 */
#pragma once

#include <glib.h>

#include "gbacw-los.h"
#include "gbacw-rules-data.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

typedef struct _GbacwGame GbacwGame;
typedef struct _GbacwFireResolution GbacwFireResolution;
typedef struct _GbacwAction GbacwAction;
typedef struct _GbacwPending GbacwPending;
typedef struct _GbacwDecision GbacwDecision;

/* Why a morale check is made (13.0), for MORALE-DRM hooks. */
typedef enum {
  GBACW_MORALE_CAUSE_FIRE,           /* casualties or a P/R, R, #* result (9.81-9.88) */
  GBACW_MORALE_CAUSE_PIN_ROUT,       /* the P/R roll itself (9.83) */
  GBACW_MORALE_CAUSE_PIN,            /* a P or #* pin roll (9.87, 9.88) */
  GBACW_MORALE_CAUSE_MELEE,          /* melee R results (12.92) */
  GBACW_MORALE_CAUSE_RETREAT_BEFORE_MELEE, /* 12.83 */
  GBACW_MORALE_CAUSE_DISPLACED,      /* 8.15, 14.3 */
  GBACW_MORALE_CAUSE_STACK_ROUT,     /* another unit of the hex routed (8.22, 13.42) */
  GBACW_MORALE_CAUSE_EXCLUSIVE,      /* a check an exclusive rule calls for (J 27.2) */
} GbacwMoraleCause;

/* RETREAT-DIR: what entering (or standing in) a hex does to a retreat (retreat_end). */
typedef enum {
  GBACW_RETREAT_GO_ON,     /* nothing: the Standard Rules */
  GBACW_RETREAT_STOP,      /* the retreat ends there (J 24.1: a retreat hex) */
  GBACW_RETREAT_OFF_MAP,   /* the rest of the retreat goes off the map from there (C 27.3: an Assault Area) */
} GbacwRetreatEnd;

/* MELEE-INIT queries (melee_initiation_chance): where a friendly leader is assumed to stand
 * for the unit that would initiate a melee. */
typedef enum {
  GBACW_GATE_AS_IS,            /* the position as it stands */
  GBACW_GATE_NO_LEADER,        /* no friendly leader stacked with it nor beside it */
  GBACW_GATE_LEADER_ADJACENT,  /* a friendly leader beside it (P 27.11), none stacked */
  GBACW_GATE_LEADER_STACKED,   /* a friendly leader (one no rule restricts, P 27.2) stacked with it */
} GbacwGateLeader;

typedef struct {
  const char *id;   /* the exclusive rule id */
  /* UNIT-STATE: every battery gets a crew counter, as every wagon does (11.11), which comes
   * on the map when its crew routs away from unlimbered guns (J 21.21, P 20.21, C 24.21). */
  gboolean battery_crew_counters;
  /* UNIT-STATE: abandoned guns (GBACW_STATUS_ABANDONED) have no game significance (J 21.23):
   * units of both sides move, fire and end their move through and in their hex, they count
   * for no stacking limit nor density, exert no ZOC and are no target of fire
   * (gbacw_game_unit_ignored ()). */
  gboolean abandoned_guns_ignored;

  /* set-up */
  gpointer (*init) (GbacwGame *game, const GbacwExclusiveRule *rule);
  void     (*finalize) (gpointer data);
  /* COPY (the hard computer player's look ahead sets a model game to a position: set_position
   * () in gbacw-ai-look.c): stateless: the module's data hold only what init derives from its
   * parameters and the scenario, never changed during play (or it has none), so that a game's
   * is already a copy of any other game's of its scenario. copy_state: copies what play
   * changes in the data of from (a game of the same scenario, from_data) into to_data (made by
   * the module's own init for to), values not pointers: what points into a game points into
   * to; FALSE when the module's state at this position is not one it copies (an item of
   * its own under way), the model then replayed. A module with neither keeps every model a
   * replay of the game's record. */
  gboolean stateless;
  gboolean (*copy_state) (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                          gconstpointer from_data);

  /* PHASE: called after the engine's own work at the start / end of every phase
   * (game->phase says which); skip_phase may skip a phase (*skip set) or force one the
   * engine would skip (night); interphase runs in the Game-Turn Record Interphase. */
  void     (*phase_begin) (GbacwGame *game, gpointer data);
  void     (*phase_end) (GbacwGame *game, gpointer data);
  gboolean (*skip_phase) (const GbacwGame *game, gpointer data, int phase, gboolean *skip);
  void     (*interphase) (GbacwGame *game, gpointer data);
  /* PHASE: a phase of the module's own after the standard phase after_phase of this
   * Player-Turn (e.g. C 21.1's "K Straggler Recovery" after J): return its translated
   * name, or NULL. The game is then in GBACW_PHASE_EXCLUSIVE until the phasing player
   * ends it; phase_begin and phase_end run for it as for any phase. */
  const char *(*extra_phase) (GbacwGame *game, gpointer data, int after_phase);

  /* PHASE (turn order): the first player of Game-Turn turn (a side index), or -1 to leave
   * the turn record's (J 31.0: the Confederate from the Game-Turn after the offensive). */
  int      (*first_player) (const GbacwGame *game, gpointer data, int turn);

  /* CMD: after the standard Initial Command Phase has set each unit's out_of_command */
  void     (*command) (GbacwGame *game, gpointer data);
  /* CMD: whether leader, a friendly leader stacked with unit, counts for it: commands it when
   * stacked (17.0), rallies it (13.52), adds to its melee (12.4); FALSE: he does nothing for
   * it (C 28.14: Price and Lovell's division). */
  gboolean (*leader_affects) (const GbacwGame *game, gpointer data, int leader, int unit);
  /* CMD: whether leader may spend Command Points on brigade_leader (17.22), in place of the
   * Standard Rules' test (a division commander, on a brigade commander of his division
   * within his Divisional Integrity Radius): TRUE when the module decides, with *allowed
   * (FALSE: error set, citing its case); FALSE leaves it to 17.22 (C 28.11: an army
   * commander within three hexes; C 28.21: a division commander of the brigade's division). */
  gboolean (*command_points_allowed) (const GbacwGame *game, gpointer data, int leader, int brigade_leader,
                                      gboolean *allowed, GError **error);
  /* CMD: whether 17.63's limits on attaching and detaching (one brigade detached from a
   * division, one from another command attached to it) are lifted for side (J 25.31: any
   * number, the module's action_legal keeping what the rule asks in their place). */
  gboolean (*attachment_unlimited) (const GbacwGame *game, gpointer data, int side);

  /* MOVE-COST / MOVE-LEGAL: may change a unit's Movement Allowance (halves), the cost
   * of one step (from hex index, direction), or forbid a step with a GError citing
   * the exclusive case. */
  int      (*movement_allowance) (const GbacwGame *game, gpointer data, int unit, int halves);
  void     (*move_cost) (const GbacwGame *game, gpointer data, int unit, int from, int direction,
                         GbacwMoveCost *cost);
  gboolean (*move_legal) (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error);
  /* MOVE-LEGAL: a whole MOVE action (units moving together from their hex along path,
   * the start excluded), after its steps passed move_legal: what depends on the whole
   * way (J 35.21: one enemy ZOC entered; J 35.24: a leader only with a unit). */
  gboolean (*move_path_legal) (const GbacwGame *game, gpointer data, const GArray *units, const GArray *path,
                               GError **error);
  /* MOVE-LEGAL: whether the phasing player may end his Movement Phase (after 8.0 and
   * 17.52 have allowed it), FALSE with a GError citing the case (J 35.21: units that
   * can still get far enough from the enemy must). */
  gboolean (*movement_end_legal) (GbacwGame *game, gpointer data, GError **error);
  /* MOVE-LEGAL: how far (hexes) from every enemy combat unit the unit must be at the end
   * of this Movement Phase, 0 when no rule says (J 35.21, 35.22); the computer player
   * reads it through gbacw_game_keep_distance (). */
  int      (*keep_distance) (const GbacwGame *game, gpointer data, int unit);
  /* MOVE-LEGAL: whether unit may leave the map from its hex (GBACW_ACTION_EXIT) where no exit
   * area of its side lets it: TRUE with *rule_case the case the log cites (J 24.2: strategic
   * retreat from its retreat hex); FALSE, with a GError citing the case when the module
   * refuses it, else none (5.17 then refuses it). */
  gboolean (*exit_allowed) (const GbacwGame *game, gpointer data, int unit, const char **rule_case, GError **error);

  /* LOS: los_prepare may change obstacle tops once (gbacw_los_set_hex_top (), e.g. a
   * town 25 feet high, C 23.33); los_adjust may overrule one answer (P 21.22: through
   * one light woods hex). */
  void     (*los_prepare) (GbacwLos *los, const GbacwScenario *scenario, gpointer data);
  void     (*los_adjust) (const GbacwGame *game, gpointer data, int from, int to, GbacwLosResult *result);

  /* FIRE-STR / FIRE-SHIFT / FIRE-DRM / AMMO */
  double   (*fire_strength) (const GbacwGame *game, gpointer data, int unit, int target_hex, double strength);
  int      (*fire_shift) (const GbacwGame *game, gpointer data, const GbacwFireResolution *resolution);
  int      (*fire_drm) (const GbacwGame *game, gpointer data, const GbacwFireResolution *resolution);
  /* RAPID-FIRE: contribution (a GbacwFireContribution of gbacw-fire.h) is one whose firer asked
   * for rapid fire (GbacwFirer.rapid, C 24.1), its strength worked out (range, FIRE-STR
   * hooks): a module that plays it sets *played, changes its strength (C 24.1: doubled) and
   * returns FALSE with a GError citing its case when the rule forbids it (C 24.11, 24.12).
   * No module playing it: refused. */
  gboolean (*rapid_fire) (const GbacwGame *game, gpointer data, const GbacwFireResolution *res, gpointer contribution,
                          gboolean *played, GError **error);
  /* ammunition depletion after a Fire CRT die of 1, on a re-roll <= *threshold: asked for
   * each unit that fired, small arms (11.21: 2; 0: never) and batteries (no check: they
   * count rounds, 11.31). A module that sets *threshold returns the case it cites in the
   * log ("P 21.52"; a battery checks only when a module answers), else NULL. */
  const char *(*ammo_depletion) (const GbacwGame *game, gpointer data, int unit, int *threshold);
  /* FIRE-ALLOWED: whether a free shot (10.17) is given: pending_kind is the
   * GbacwPendingKind of the fire (GBACW_PENDING_WITHDRAWAL_FIRE, _LIMBER_FIRE,
   * _RETREAT_FIRE) at units in hex. A module that refuses it logs why, citing its case
   * (P 22.24: only withdrawal fire at night). */
  gboolean (*free_shot) (GbacwGame *game, gpointer data, int pending_kind, int hex);

  /* MELEE-STR */
  int      (*melee_strength) (const GbacwGame *game, gpointer data, int unit, int target_hex, int strength);
  /* MELEE-STR: the odds of attackers meleeing hex, totals worked out (12.1-12.5): may
   * change odds->attack_base, ->terrain and ->attack (recording its change of the total
   * in ->exclusive); the differential follows. The odds type is gbacw-melee.h's. */
  void     (*melee_odds) (const GbacwGame *game, gpointer data, const GArray *attackers, int hex, gpointer odds);
  /* MELEE-INIT: melee_initiation may forbid a unit to initiate a melee (GError citing the
   * case; asked when the melee is announced and when it is made, never for units that
   * fight on in an engaged hex, 12.94). melee_initiation_roll is made when a melee is
   * resolved in the Melee Phase (P 27, C 22): it removes from attackers the units that
   * fail it, saying so in the log; an empty attackers means no melee. before_melee_roll
   * decides whether a defender that chose to retreat before melee may do so (C 22.1):
   * FALSE, it stands; attackers are the units announced against its hex. */
  gboolean (*melee_initiation) (GbacwGame *game, gpointer data, int unit, int target_hex, GError **error);
  void     (*melee_initiation_roll) (GbacwGame *game, gpointer data, GArray *attackers, int target_hex);
  gboolean (*before_melee_roll) (GbacwGame *game, gpointer data, int unit, const GArray *attackers);
  /* MELEE-INIT: before_melee_companions: unit retreats before melee (12.8); a module may add to
   * units (int, unit first) the leaders that must go with it (C 22.33: the leader that spared it
   * its check). */
  void     (*before_melee_companions) (GbacwGame *game, gpointer data, int unit, GArray *units);
  /* MELEE-INIT: before_melee_forced: whether unit, announced against by attackers (12.8), must
   * retreat before melee (C 21.42): TRUE, it may not stand and makes no check for it
   * (before_melee_roll is not asked); *rule_case the case the log cites. */
  gboolean (*before_melee_forced) (const GbacwGame *game, gpointer data, int unit, const GArray *attackers,
                                   const char **rule_case);
  /* MELEE-INIT: melee_companions: attackers (the units that initiate, after the rolls) go into
   * target_hex; a module may add to leaders (int) the leaders that must go in with them (C 22.33:
   * a leader that spared a stack its initiation check). The engine adds its own (12.4) first. */
  void     (*melee_companions) (GbacwGame *game, gpointer data, const GArray *attackers, int target_hex,
                                GArray *leaders);

  /* MORALE-VAL / MORALE-DRM */
  int      (*morale_rating) (const GbacwGame *game, gpointer data, int unit, int rating);
  int      (*morale_drm) (const GbacwGame *game, gpointer data, int unit, GbacwMoraleCause cause);

  /* RALLY, RETREAT-DIR, REINF, VICTORY */
  gboolean (*rally) (GbacwGame *game, gpointer data, int unit, gboolean *rallied);
  gboolean (*retreat_allowed) (const GbacwGame *game, gpointer data, int unit, int from, int to);
  /* RETREAT-DIR: units (int) retreating together have just entered to from from (P 22.24:
   * the hexes the phasing player retreated through). */
  void     (*retreat_step) (GbacwGame *game, gpointer data, const GArray *units, int from, int to);
  /* RETREAT-DIR (forced retreats, never one the owner chooses freely, 12.81):
   * retreat_end: what entering hex does to a retreat of units, or standing in it when the
   * retreat begins (then STOP and OFF_MAP both send the units off the map: J 24.1 "already
   * occupies a retreat hex", C 27.3 "occupies ... an Assault Area hex").
   * retreat_preference: the direction preference of a path (GArray of hexes from from,
   * the start excluded): lower is better; G_MAXINT forbids it (P 23.1: never SE/SW). The
   * paths forbidden go first, then 14.3's and 14.4's preferences, then the lowest value,
   * then the cheapest.
   * retreat_off_map: the units leave the map from hex (an edge hex, or one retreat_end
   * named); TRUE when the module removed them (J 24.1 strategic retreat, C 27.1
   * eliminated, C 27.3 re-entry), logging its case; no module: captured (5.17, P 26.12).
   * A module with retreat_off_map also lets a retreat blocked by the map edge go off it. */
  GbacwRetreatEnd (*retreat_end) (const GbacwGame *game, gpointer data, const GArray *units, int hex);
  int      (*retreat_preference) (const GbacwGame *game, gpointer data, const GArray *units, int from,
                                  const GArray *path);
  gboolean (*retreat_off_map) (GbacwGame *game, gpointer data, const GArray *units, int hex);
  /* LDR-LOSS: leader_replacement: a leader is lost (killed, wounded or captured, 17.73),
   * before he leaves the map. replacement_due: whether the formation (an index) whose
   * commander is lost gets its promotion (17.83) or replacement (17.81, 17.82) at the end
   * of this Final Command Phase (P 28.26 delays it; C 28.31 never replaces an army's).
   * promotion: may narrow, reorder or add to the candidates to command a division (a
   * formation index) and returns the one promoted without a question, or -1 to let the
   * owner choose among the candidates (17.83). promoted: a leader has been promoted to
   * command a division; TRUE when the module has seen to the formation he commanded
   * (P 28.25: he keeps it; J 25.22: his own division's successor), else the Standard
   * Rules' replacement takes it (17.83). */
  void     (*leader_replacement) (GbacwGame *game, gpointer data, int leader);
  /* LDR-LOSS: the Leader Casualty Table (17.76) gave *fate (a GbacwLeaderFate) for the two
   * dice roll on row: a module that changes it returns the case the log cites (P 28.3: a
   * Confederate leader also killed on 11), else NULL. */
  const char *(*leader_casualty) (const GbacwGame *game, gpointer data, int leader, const char *row, int roll,
                                  int *fate);
  gboolean (*replacement_due) (GbacwGame *game, gpointer data, int formation);
  int      (*promotion) (GbacwGame *game, gpointer data, int division, GArray *candidates);
  gboolean (*promoted) (GbacwGame *game, gpointer data, int division, int leader);
  /* REINF: reinforcements: at the start of every Movement Phase. entry_hexes: the hexes
   * unit (a reinforcement not on the map yet, its Game-Turn come) may enter at now:
   * hexes holds its group's entry hexes, which the module may remove and add to (J 32.2,
   * P 26.14: a blocked hex, a Game-Turn later the nearest; P 26.22: the other hex); it
   * returns the case it cites when it changed them, else NULL. entry_cost: the Movement
   * Points (halves) unit i of units, entering together at hex, pays to enter, before the
   * column places taken there this phase, halves the hex's cost (26.0): *place its place
   * in the column, *rule_case the case the log cites; -1 leaves 26.0's (place before + i
   * + 1, paying place times halves). */
  void     (*reinforcements) (GbacwGame *game, gpointer data);
  const char *(*entry_hexes) (const GbacwGame *game, gpointer data, int unit, GArray *hexes);
  int      (*entry_cost) (const GbacwGame *game, gpointer data, const GArray *units, guint i, int hex, int before,
                          int halves, int *place, const char **rule_case);
  /* REINF: entry_refuge: whether unit, a reinforcement not on the map, would while it stays
   * off the map keep a way back for the units of its side that retreat off the map through
   * its entry hexes (C 27.3: a mounted cavalry unit held in an Assault Area, 29.27); the
   * case, else NULL. A query: read by the computer player, which holds such a unit back. */
  const char *(*entry_refuge) (const GbacwGame *game, gpointer data, int unit);
  /* VICTORY: victory: the game was decided by the module (P 34, C 31): TRUE with the
   * winning side (-1: nobody) and *level (newly allocated, translated), read by
   * gbacw_outcome_victory () in place of the scenario's levels; victory_points: the
   * Victory Points the module awards side (C 30.36; negative: lost), added to its total. */
  gboolean (*victory) (const GbacwGame *game, gpointer data, int *winning_side, char **level);
  int      (*victory_points) (const GbacwGame *game, gpointer data, int side);

  /* ACTION: action_legal: whether an action may be made, asked by gbacw_game_check_action ()
   * before the Standard Rules' checks (FALSE with a GError citing the case: C 30.32, a unit
   * in reserve may not move); action_done: after an action and everything it caused. */
  gboolean (*action_legal) (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error);
  void     (*action_done) (GbacwGame *game, gpointer data, const GbacwAction *action);
  /* PHASE: a GBACW_PENDING_EXCLUSIVE item the module queued (its value the module's index in
   * game->hooks): resolved as gbacw-pending.c resolves its own (GbacwResolve, a decision to
   * ask), and the ANSWER to the decision it asked. */
  int      (*exclusive_resolve) (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision);
  int      (*exclusive_answer) (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action);
  /* PHASE: the module's own default answer to the decision it asked for pending (newly
   * allocated; NULL: none), which the computer player may give in place of its generic one
   * (P 22.11: which McCulloch brigades withdraw). */
  GbacwAction *(*exclusive_default) (GbacwGame *game, gpointer data, const GbacwPending *pending,
                                     const GbacwDecision *decision);

  /* BCE (18.0): formation (an index of the order of battle) has lost (lost) or regained
   * Brigade Combat Effectiveness; called after the action in which it happened
   * (gbacw_bce_refresh ()). */
  void     (*bce_changed) (GbacwGame *game, gpointer data, int formation, gboolean lost);
  /* BCE: whether formation suffers the effects of BCE loss (25.0) though its own boxes have
   * not reached its limit (C 30.4: Lovell's divisional limit of ten); whether it has lost
   * BCE itself, for its Victory Points, is still its own limit's (gbacw_bce_lost ()). */
  gboolean (*bce_effects) (const GbacwGame *game, gpointer data, int formation);
  /* MOVE-LEGAL during a move: units moving together (normal movement, never a retreat)
   * are about to enter hex to from hex from; FALSE stops the move in from (the module
   * logs why and applies what the rule says there: J 27.2's morale check). */
  gboolean (*move_enter) (GbacwGame *game, gpointer data, const GArray *units, int from, int to);
  /* MORALE: unit has just routed (gbacw_morale_rout ()); rule_case is the case the rout
   * cites (P 24.31, C 25.2: a brigade retreat). */
  void     (*routed) (GbacwGame *game, gpointer data, int unit, const char *rule_case);
  /* RALLY: a routed unit that a leader would rally without a roll (13.52 stacked with
   * him, 13.53 a Rally Point): a module returning TRUE has it roll a die instead (C
   * 25.13), *drm added to the die (at or under its Morale Rating it rallies) and
   * *rule_case the case the log cites. */
  gboolean (*rally_by_die) (const GbacwGame *game, gpointer data, int unit, int *drm, const char **rule_case);
  /* STACK: whether unit (a combat unit) may share a hex with a friendly infantry unit in column,
   * n_before such units being there already (8.16 allows none; P 21.11: one limbered battery).
   * Such a unit does not count against the limits of a hex with a column (8.11), only
   * against the terrain's. */
  gboolean (*column_companion) (const GbacwGame *game, gpointer data, int unit, int n_before);
  /* UNIT-STATE: whether fire at unit always enfilades it, whatever its facing (J 34.1: an
   * encamped unit has none); asked by gbacw_fire_enfilades () before 7.0's own test. */
  gboolean (*always_enfiladed) (const GbacwGame *game, gpointer data, int unit);
  /* FACING: the frontal hexsides of unit (a mask of directions) in place of mask, the
   * Standard Rules' (7.0, 6.34); its ZOC (10.0), fire (7.22), enfilade (7.23) and melee
   * (12.21) follow it (C 23.21-23.22: a unit in a redan faces its outer side, or its rear). */
  guint    (*frontal) (const GbacwGame *game, gpointer data, int unit, guint mask);
  /* STACK: whether units (int: combat units of one side) may stand together in hex, after
   * the Stacking Restrictions Chart's limits allowed them (8.1); FALSE with a GError citing
   * the case (C 23.27: a redan holds one battery and one infantry SP, or four infantry SP). */
  gboolean (*stacking) (const GbacwGame *game, gpointer data, int hex, const GArray *units, GError **error);
  /* STATUS: what the module's rule stands at now, for a player to read (test play): appends
   * GbacwRuleStatus items (gbacw_rule_status_new ()) to items (P 22.13: the withdrawn
   * brigades and where they re-enter; P 28.26: the replacement delays running; P 34.21:
   * the Victory Points against the day-1 margin). */
  void     (*status) (const GbacwGame *game, gpointer data, GPtrArray *items);
  /* FIRE (artillery sections, J 21.24-21.26): density_sp: the density Strength Points of the
   * units fired at in res's target hex, as 8.33-8.34 count them (a battery 1, a section 0),
   * which a module may change (J 21.26: each full 4 guns one SP). fire_top_only: artillery
   * fire that 8.22 would roll for each unit of the stack falls on the top unit alone, its
   * excess losses on the units beneath (J 21.25): the case the log cites, else NULL.
   * crew_killed: a loss from small arms on unit's crew (15.12 turns it to its half crew): a
   * module returning its case has the whole crew killed and the unit removed (J 21.24). */
  int      (*density_sp) (const GbacwGame *game, gpointer data, const GbacwFireResolution *res, int density_sp);
  const char *(*fire_top_only) (const GbacwGame *game, gpointer data, const GbacwFireResolution *res);
  const char *(*crew_killed) (const GbacwGame *game, gpointer data, int unit);
  /* FIRE-STR: the firer unit asks to fire double shot at range hexes (GbacwFirer.double_shot;
   * free_shot: a withdrawal or retreat fire, 10.17): a module that allows it returns its case
   * (J 21.4: the Range Effects multiplier doubled, and a Fire CRT die of 2 calls for the
   * ammunition check as a 1 does), one that forbids it sets error citing the case; NULL
   * without an error: not its business. No module allows it: refused. */
  const char *(*double_shot) (const GbacwGame *game, gpointer data, int unit, int range, gboolean free_shot,
                              GError **error);
  /* MOVE (an interrupt): units moving together (a MOVE, never a retreat) have entered hex
   * through direction (the facing they entered with, before any change at the end of the
   * move, 7.12): a module that queued items before move (gbacw_game_queue_pending ())
   * returns TRUE, and the move goes on once they are resolved (J 21.5: opportunity fire). */
  gboolean (*move_entered) (GbacwGame *game, gpointer data, GbacwPending *move, const GArray *units, int hex,
                            int direction);
  /* MELEE: guns without their crew (gbacw_game_guns_unmanned (): J 21.21, P 20.21, C 24.21).
   * melee_without_roll: attackers melee hex, whose only enemy combat units are such guns: a
   * module that has them taken with no die roll (J 21.27) returns its case, and the engine
   * moves the attackers in and captures the guns; NULL: the Melee CRT. unmanned_guns_held: a
   * melee on the CRT left combat units of side in hex (neither retreating nor repulsed) with
   * no enemy there but such guns: a module that has them captured at once returns its case
   * (P 20.21, C 24.21); NULL: they stay, and nobody is engaged with them. */
  const char *(*melee_without_roll) (const GbacwGame *game, gpointer data, const GArray *attackers, int hex);
  const char *(*unmanned_guns_held) (const GbacwGame *game, gpointer data, int hex, int side);
  /* VICTORY: whether the module plays the scenario's automatic victories itself, when and
   * how its rules say, deciding the game through victory (J 33.62-36.83: at the end of a
   * Player-Turn, "occupies or was the last to pass through"): the end-of-Game-Turn check
   * of the <automatic> areas (gbacw_outcome_update ()) is then not made. */
  gboolean (*automatic_played) (const GbacwGame *game, gpointer data);
  /* VICTORY: who controls area (an index of the map's areas) for the scenario's awards, in
   * place of the engine's reading (the side whose combat units last stood alone in it after
   * an action): TRUE with *side (-1: nobody yet) when the module decides it (J 33.61
   * "occupying or being last to pass through": the hexes passed in the middle of a move). */
  gboolean (*area_control) (const GbacwGame *game, gpointer data, int area, int *side);
  /* MELEE-INIT (a query: no die is rolled, nothing changes): the chance (0..1) that unit, its
   * melee against target_hex announced, passes the module's initiation gate (melee_initiation,
   * melee_initiation_roll), with a friendly leader where leader says; 1 when the module does
   * not gate it (J 21.6: 0 or 1; P 27.1: the die's range out of six; C 22.2: the Morale Check
   * with its modifiers). Read through gbacw_melee_initiation_chance () by the computer player,
   * which moves a leader to a melee that needs one. */
  double   (*melee_initiation_chance) (const GbacwGame *game, gpointer data, int unit, int target_hex,
                                       GbacwGateLeader leader);
} GbacwRuleHooks;

/* One fact an exclusive rule reports (the STATUS hook). */
typedef struct {
  char *rule_case;   /* the case it follows, "P 22.13" */
  char *text;        /* translated, readable */
} GbacwRuleStatus;

GbacwRuleStatus *gbacw_rule_status_new (const char *rule_case, const char *format, ...) G_GNUC_PRINTF (2, 3);
void             gbacw_rule_status_free (GbacwRuleStatus *status);
/* What the game's exclusive rules stand at (GbacwRuleStatus*, freed with the array), in the
 * scenario's order of its rules; empty when none reports anything. */
GPtrArray       *gbacw_game_rules_status (const GbacwGame *game);

/* Registers a module (the table must live as long as the program); a later
 * registration of the same id replaces the earlier one. The engine's own modules
 * (engine/rules/) are registered before the first lookup. */
void                  gbacw_rules_hooks_register (const GbacwRuleHooks *hooks);
const GbacwRuleHooks *gbacw_rules_hooks_lookup (const char *id);
void                  gbacw_rules_hooks_unregister (const char *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwRuleStatus, gbacw_rule_status_free)

G_END_DECLS
