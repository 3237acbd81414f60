/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game.h: a game in play under the Standard Rules (sections 4-18).
 *
 * A game is a scenario, a seed and a list of actions. gbacw_game_new() copies the
 * scenario and builds the state the rules need from it (positions, formations,
 * facing, strength, status); actions are checked and applied one by one, and the
 * same scenario, seed and actions always reach the same state (dice come from the
 * seeded GbacwDice). Every roll and result goes to the event log with its case.
 *
 * The state machine follows the Sequence of Play (4.0): Game-Turns of two
 * Player-Turns, each with phases A-J, then the Game-Turn Record Interphase. The
 * first player of each turn comes from the scenario's turn track. Where the rules
 * leave a choice to a player the engine waits for that player's action; it never
 * chooses for a human.
 *
 * The structures are public so that the other engine modules, the exclusive rule
 * modules (gbacw-rules-hooks.h) and tests can read them; change them only through
 * the functions here.
 */
#pragma once

#include <glib.h>

#include "gbacw-dice.h"
#include "gbacw-los.h"
#include "gbacw-rules-data.h"
#include "gbacw-rules-hooks.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_GAME_ERROR (gbacw_game_error_quark ())

typedef enum {
  GBACW_GAME_ERROR_ILLEGAL,    /* the rules forbid it; the message starts with the case, "[5.12] …" */
  GBACW_GAME_ERROR_INVALID,    /* malformed: unknown unit, hex off the map, wrong side's unit */
  GBACW_GAME_ERROR_CHART,      /* a chart value it needs is missing or unknown */
  GBACW_GAME_ERROR_SCENARIO,   /* the scenario cannot be played (sides, turns) */
  GBACW_GAME_ERROR_FILE,       /* a saved game cannot be read */
} GbacwGameError;

GQuark gbacw_game_error_quark (void);

/* 4.0: the phases of a Player-Turn (there is no phase I), then the interphase. */
typedef enum {
  GBACW_PHASE_INITIAL_COMMAND,      /* A */
  GBACW_PHASE_MOVEMENT,             /* B */
  GBACW_PHASE_DEFENSIVE_FIRE,       /* C */
  GBACW_PHASE_OFFENSIVE_FIRE,       /* D */
  GBACW_PHASE_RETREAT_BEFORE_MELEE, /* E */
  GBACW_PHASE_MELEE,                /* F */
  GBACW_PHASE_AMMUNITION_RESUPPLY,  /* G */
  GBACW_PHASE_RALLY,                /* H */
  GBACW_PHASE_FINAL_COMMAND,        /* J */
  GBACW_PHASE_INTERPHASE,           /* Game-Turn Record Interphase */
  GBACW_PHASE_GAME_OVER,
  GBACW_PHASE_EXCLUSIVE,            /* a phase an exclusive rule adds (game->extra_phase_name) */
} GbacwPhase;

#define GBACW_N_PHASES GBACW_PHASE_GAME_OVER

const char *gbacw_phase_name (GbacwPhase phase);     /* translated */
const char *gbacw_phase_letter (GbacwPhase phase);   /* "A" … "J", "" */

typedef enum {
  GBACW_PRESENCE_ON_MAP,
  GBACW_PRESENCE_NOT_ARRIVED,   /* a reinforcement, or not deployed */
  GBACW_PRESENCE_ELIMINATED,
  GBACW_PRESENCE_CAPTURED,
  GBACW_PRESENCE_KILLED,        /* leaders (17.73) */
  GBACW_PRESENCE_WOUNDED,
  GBACW_PRESENCE_EXITED,        /* left the map through an exit area (GBACW_ACTION_EXIT) */
} GbacwPresence;

/* Fire received this Fire Phase (9.44). */
#define GBACW_FIRED_SMALL_ARMS (1u << 0)
#define GBACW_FIRED_ARTILLERY  (1u << 1)

typedef struct _GbacwBce GbacwBce;   /* gbacw-bce.c */

typedef struct {
  const GbacwUnit *oob;         /* in game->scenario (a wagon's crew counter: in game->crew_oob) */
  const char *id;
  int index;                    /* in game->units */
  int side;                     /* index in the order of battle's sides */
  GbacwUnitType type;
  GbacwPresence presence;
  int hex;                      /* -1 when not on the map */
  GbacwFormationState formation;
  int facing;                   /* 0-5 (gbacw-hex-grid.h directions) */
  int strength;                 /* current SP: infantry, cavalry; wagons: crew */
  int initial_strength;
  int guns;                     /* artillery */
  int rounds;                   /* artillery ammunition (11.31), GBACW_UNSET when not counted */
  GbacwCrew crew;               /* artillery: full or half (15.12) */
  int morale;                   /* current rating; GBACW_MORALE_GREEN until it has seen the elephant (13.14) */
  guint status;                 /* GbacwUnitStatus */
  /* per Player-Turn and phase */
  gboolean out_of_command;      /* 17.11: set in the Initial Command Phase */
  gboolean moved;               /* moved this Player-Turn (15.0, 11.25) */
  int mp_spent;                 /* halves, this Movement Phase */
  int hexes_moved;              /* this Movement Phase (5.2) */
  gboolean formation_changed;   /* this Movement Phase */
  gboolean movement_done;       /* cavalry mounted or dismounted: the end of its movement (6.22) */
  double fire_used;             /* strength committed this Fire Phase (9.45) */
  guint fired_upon;             /* GBACW_FIRED_* this Fire Phase (9.44) */
  int rout_hexes_due;           /* rout retreat owed (13.31), for the retreat rules */
  /* strength accounting: initial = current + killed + captured - recovered (SP; guns for batteries) */
  int killed;                   /* SP (guns) lost as casualties */
  int captured;                 /* SP (guns) captured by the enemy (12.93, 13.31, 14.1) */
  /* fire this Player-Turn's Offensive Fire Phase, for melee (12.22, 12.26) */
  int fired_at[8];              /* hexes fired at */
  int n_fired_at;
  /* melee (12.0, 16.2) */
  int start_hex;                /* 16.23: where it began this Player-Turn's Movement Phase, -1 */
  gboolean advanced;            /* 12.85: advanced after a retreat before melee, may not melee this Game-Turn */
  gboolean crew_may_melee;      /* 12.25, 12.96: engaged, so it may melee next Melee Phase */
  /* leaders (17.0) */
  int er_bonus;                 /* 17.22: Command Points spent on him this Player-Turn */
  int augmented_by;             /* 17.22: the division commander who spent them, -1 */
  int rally_points;             /* 17.13: Rally Points left in this Rally Phase */
  gboolean in_dir;              /* 17.21: brigade commander within his division commander's DIR (or need not be) */
  int commanded_by;             /* 17.23: the division commander he is stacked with in the Initial Command Phase, -1 */
  int cp_left;                  /* 17.22: Command Points left this Initial Command Phase */
  gboolean promoted;            /* 17.83, 17.85: a brigade commander promoted to division command (no CP) */
  int times_lost;               /* 17.73, 17.82: times killed, wounded or captured (for Victory Points) */
  /* 17.73: the same losses by outcome, and those suffered while promoted to division command
     (17.83; P 34.11 prices a promoted brigade commander as a division commander) */
  int times_wounded;
  int times_killed;
  int times_captured;
  int times_wounded_promoted;
  int times_killed_promoted;
  int times_captured_promoted;
  int reinforcement;            /* its group in scenario->reinforcements, -1 */
  /* supply wagons (11.1): ammunition boxes left */
  int small_arms_boxes;
  int artillery_boxes;
  /* 11.33: the last Game-Turn it fired (a battery; any unit giving a free shot, 10.17:
     P 22.31), and the Game-Turn it gave or took rounds (it may not fire in it), -1 */
  int fired_turn;
  int transfer_turn;
  /* 11.18: SP returned to it (a wagon recrewed: +1) less those it gave up (the unit
     recrewing it: -1); part of the strength accounting above */
  int recovered;
  /* 11.19: the Game-Turn an enemy infantry or cavalry unit captured the wagon (it is now of
     that side), and the Game-Turn it was last recrewed (11.18), -1 */
  int capture_turn;
  int recrew_turn;
  int original_side;            /* the side of the order of battle (a captured wagon changes side) */
  /* GBACW_ACTION_EXIT: the Game-Turn it left the map and the exit area (index in the map's areas), -1 */
  int exit_turn;
  int exit_area;
  /* 7.32: took part in a melee this Melee Phase, so its owner may rearrange its facing
     (GBACW_ACTION_CHANGE_FACING) until the phase ends */
  gboolean meleed;
  /* 11.1, 11.11: a supply wagon's crew counter (created with the game, off the map until the
     crew routs away from its wagon) has crew_of = the wagon; a wagon has crew_counter = its
     crew counter; -1 otherwise */
  int crew_of;
  int crew_counter;
  /* a battery eliminated with its crew (15.12: its second crew loss; P 20.22, C 24.22: its
     crew lost away from the guns): the guns it had then, counted killed; 0 otherwise */
  int crew_lost_guns;
  /* 11.19: SP removed from play with the wagon's capture (its former crew), counted killed
     but never Victory Points */
  int removed_without_vp;
} GbacwGameUnit;

typedef struct {
  int turn;
  GbacwPhase phase;
  int phasing_side;
  char *rule_case;              /* "9.83", or NULL */
  char *text;                   /* translated, readable */
} GbacwEvent;

/* Something the rules make happen that is resolved as soon as nothing comes before it:
 * automatically when the rules leave no choice, else by asking a player (a
 * GbacwDecision). The queue (game->pending) is worked front first; an item may put
 * others before itself (a retreat waits for the retreat fire it draws, 10.2). */
typedef enum {
  GBACW_PENDING_WITHDRAWAL_FIRE,   /* 10.1, 6.24: a unit leaves an enemy ZOC or changes formation in one */
  GBACW_PENDING_LIMBER_FIRE,       /* 6.23: a battery limbers or unlimbers in range and LOS of enemy small arms */
  GBACW_PENDING_ROUT_RETREAT,      /* 13.31: the unit must retreat value hexes */
  GBACW_PENDING_LEADER_PLACEMENT,  /* 17.53: the leader's stack was eliminated */
  GBACW_PENDING_STACKING,          /* 8.1: (not used: stacking is checked when the phase ends) */
  GBACW_PENDING_RETREAT_FIRE,      /* 10.2: a retreating unit enters an enemy ZOC */
  GBACW_PENDING_RETREAT,           /* 12.92, 12.94, 12.95: units retreat value hexes (then a morale check) */
  GBACW_PENDING_DISPLACEMENT,      /* 14.3: friendly units in the way are displaced one hex */
  GBACW_PENDING_RETREAT_MOVE,      /* a retreat under way along its chosen path */
  GBACW_PENDING_MOVE,              /* the rest of a move, after the withdrawal fire it drew */
  GBACW_PENDING_FORMATION,         /* a formation change, after the fire it drew (6.23, 6.24) */
  GBACW_PENDING_RETREAT_BEFORE_MELEE, /* 12.8: the defender retreats or stands */
  GBACW_PENDING_MELEE,             /* 12.0: a melee being resolved (losses chosen by the owner, 12.74) */
  GBACW_PENDING_ADVANCE,           /* 12.85: the attacker may advance into a hex vacated before melee */
  GBACW_PENDING_CAPTURE_CHECK,     /* 17.53, 17.73: leaders left alone are captured if surrounded */
  GBACW_PENDING_PROMOTION,         /* 17.83 (value: the division), 17.81 (value -1: replacements) */
  GBACW_PENDING_ENGAGED,           /* 12.94: the phasing player's engaged units may retreat (option 3) */
  GBACW_PENDING_MELEE_FACING,      /* 7.32: a melee concluded: the defender may rearrange his units' facing */
  GBACW_PENDING_EXCLUSIVE,         /* an exclusive rule's own item (value: the index of its module in game->hooks),
                                      resolved and answered by its exclusive_resolve / exclusive_answer hooks */
} GbacwPendingKind;

/* GbacwPending.flags */
#define GBACW_PENDING_NO_EZOC        (1u << 0)   /* may not enter an enemy ZOC (12.82, 12.92) */
#define GBACW_PENDING_MORALE_AFTER   (1u << 1)   /* a morale check at the end of the retreat (12.92, 12.94) */
#define GBACW_PENDING_PIN_AFTER_STEP (1u << 2)   /* 10.15: pinned by withdrawal fire: one more hex, then pinned */
#define GBACW_PENDING_STARTED        (1u << 3)   /* the item has begun (a rout retreat no longer merges) */
#define GBACW_PENDING_DISPLACED      (1u << 4)   /* RETREAT_MOVE: the units in the next hex have been displaced */
#define GBACW_PENDING_NO_MORALE      (1u << 5)   /* 12.84, 16.1: mounted cavalry retreating before melee */
#define GBACW_PENDING_CHARGE         (1u << 6)   /* 16.26: a charge the cavalry retreats from */
#define GBACW_PENDING_BEFORE_MELEE   (1u << 7)   /* 12.8: a retreat before melee (12.88; into friendly hexes freely) */
#define GBACW_PENDING_NO_DISPLACE    (1u << 11)  /* a retreat through friendly units displaces none (C 26.15) */
/* a retreat whose units leaving an enemy ZOC draw withdrawal fire (10.1); pinned by it, they go one more
   hex and check morale (P 24.34, C 25.23: a brigade retreat) */
#define GBACW_PENDING_WITHDRAWAL_OUT (1u << 13)

typedef struct _GbacwPending {
  GbacwPendingKind kind;
  int side;                     /* the player who decides */
  int unit;                     /* -1 for a whole hex or stack (see units) */
  int hex;
  int other_hex;                /* withdrawal: the hex entered */
  int value;                    /* retreats: hexes */
  const char *rule_case;
  guint flags;                  /* GBACW_PENDING_* */
  int facing;                   /* MOVE: the facing asked for at the end, -1 */
  GArray *units;                /* int: the units concerned (a stack moving or retreating, fire targets); may be NULL */
  GArray *path;                 /* int: hexes still to enter (MOVE, RETREAT_MOVE); may be NULL */
  GArray *excluded;             /* int: enemy units that may not fire at it (10.2: the cause, those that fired) */
  GArray *firers;               /* int: the units that may fire (fire items) */
  gpointer data;                /* the module's own state (melee), freed with free_data; not copied */
  GDestroyNotify free_data;
  GArray *chain;                /* int: DISPLACEMENT, RETREAT_MOVE: the hexes of the displacement chain (14.3) it may
                                   not enter (the retreats waiting for it); may be NULL */
} GbacwPending;

/* What a player is asked. The legal answers are listed; an ANSWER action gives one. */
typedef enum {
  GBACW_DECISION_FIRE,                 /* withdrawal (10.1, 6.24), limber (6.23) or retreat fire (10.2): which of
                                          the eligible units fire (none: hold fire) */
  GBACW_DECISION_RETREAT_PATH,         /* a retreat (13.31, 12.92, 12.95, 12.94) or displacement (14.3): the path */
  GBACW_DECISION_PLACE_LEADER,         /* 17.53, 17.8: the hex a leader goes to */
  GBACW_DECISION_RETREAT_BEFORE_MELEE, /* 12.8: a path of one or two hexes, or stand (no path) */
  GBACW_DECISION_MELEE_LOSS,           /* 12.74: which unit takes a loss (one of units) */
  GBACW_DECISION_ADVANCE,              /* 12.85: which attackers advance into the vacated hex (none: stay) */
  GBACW_DECISION_PROMOTE,              /* 17.83: which brigade commander (one of units) is promoted */
  GBACW_DECISION_ENGAGED_RETREAT,      /* 12.94: which engaged units (of firers) retreat two hexes (none: stay) */
  GBACW_DECISION_MELEE_FACING,         /* 7.32: new facings for the defender's units that took part in a melee
                                          (units; their hexes in hexes); none: they keep their facing */
  GBACW_DECISION_ROUT_LEADERS,         /* 13.43: which leaders (of firers) stacked with routed units (units) go with
                                          them along their path (paths: the one); none: they stay with the units
                                          remaining in the hex */
  GBACW_DECISION_EXCLUSIVE_UNITS,      /* an exclusive rule asks which of firers (at most length of them, each once;
                                          none when may_decline) it applies to (C 30.34: the reserves that try to
                                          commit); answered with gbacw_action_new_answer_units () */
  GBACW_DECISION_EXCLUSIVE_CHOICE,     /* an exclusive rule asks which one of choices (C 29.2: the Assault Area
                                          and the Game-Turn of a division's entry); answered with
                                          gbacw_action_new_answer_unit () naming the choice's index */
} GbacwDecisionKind;

typedef struct _GbacwDecision {
  GbacwDecisionKind kind;
  int side;                     /* who decides */
  const char *rule_case;
  char *question;               /* translated, readable */
  GArray *units;                /* int: the units concerned (the targets, the retreating units, the leader) */
  int hex;                      /* FIRE: the target hex; retreats: where it starts */
  int length;                   /* retreats: hexes */
  GArray *firers;               /* FIRE, ADVANCE: the units that may take part; ROUT_LEADERS: the leaders who may
                                   go (int) */
  GPtrArray *paths;             /* RETREAT_PATH, RETREAT_BEFORE_MELEE: the legal paths (GArray* of int hexes,
                                   the start excluded), cheapest first; ROUT_LEADERS: the rout's path */
  GArray *hexes;                /* PLACE_LEADER: the legal hexes; MELEE_FACING: the hexes of units */
  gboolean may_decline;         /* FIRE: hold fire; RETREAT_BEFORE_MELEE: stand; ADVANCE, ROUT_LEADERS: stay */
  GPtrArray *choices;           /* EXCLUSIVE_CHOICE: the answers (char*, translated), the likeliest first; else NULL */
} GbacwDecision;

typedef enum {
  GBACW_ACTION_END_PHASE,
  GBACW_ACTION_MOVE,             /* a unit or stack along a path (5.0) */
  GBACW_ACTION_CHANGE_FORMATION, /* 6.2 */
  GBACW_ACTION_CHANGE_FACING,    /* 7.1: a hex's units; 7.32: in the Melee Phase, those that meleed in it */
  GBACW_ACTION_FIRE,             /* 9.0 */
  GBACW_ACTION_ANSWER,           /* answers the open GbacwDecision */
  GBACW_ACTION_ATTACH,           /* 17.64: attach the brigade of leader to the division of other */
  GBACW_ACTION_DETACH,           /* 17.61: detach the brigade of leader from its division */
  GBACW_ACTION_COMMAND_POINTS,   /* 17.22: division commander leader spends points on brigade commander other */
  GBACW_ACTION_RALLY,            /* 13.52, 17.13: brigade commander leader spends a Rally Point on unit other */
  GBACW_ACTION_DECLARE_MELEE,    /* 12.8: announce a melee of units against hex (16.2: a charge) */
  GBACW_ACTION_MELEE,            /* 12.0: units melee into hex */
  GBACW_ACTION_RESUPPLY,         /* 11.23: unit (command.leader) is resupplied from wagon (command.other) */
  GBACW_ACTION_TRANSFER_ROUNDS,  /* 11.33: battery command.leader gives command.points rounds to battery command.other */
  GBACW_ACTION_RECREW,           /* 11.18, 11.19: unit command.leader gives one SP to recrew wagon command.other */
  GBACW_ACTION_RESTACK,          /* 8.41: the stacking order of a hex's units of one side (restack.units, top first) */
  GBACW_ACTION_EXIT,             /* move.units (one hex, no path) leave the map through the scenario's exit area */
} GbacwActionKind;

typedef struct {
  int unit;
  double strength;   /* SP (guns) committed, before range (9.45); <= 0: all it has left */
  int direction;     /* the firer's hexside the fire goes through (9.3), -1: by the line of fire */
  gboolean rapid;    /* a battery's rapid fire (C 24.1), which an exclusive rule must play */
  gboolean double_shot;  /* the player's choice of double shot (J 21.4), which a FIRE hook must allow */
} GbacwFirer;

typedef struct _GbacwAction {
  GbacwActionKind kind;
  union {
    struct {
      GArray *units;      /* int unit indices moving together */
      GArray *path;       /* int hex indices entered, in order */
      int facing;         /* facing at the end (7.12), -1: as entered */
    } move;
    struct {
      GArray *units;
      GbacwFormationState formation;
    } formation;
    struct {
      int hex;
      int facing;
    } facing;
    struct {
      int target;         /* hex index */
      GArray *firers;     /* GbacwFirer */
    } fire;
    struct {
      int leader;
      int other;          /* a leader (ATTACH, COMMAND_POINTS) or a unit (RALLY) */
      int points;         /* COMMAND_POINTS */
    } command;
    struct {
      GArray *units;      /* int: the attackers */
      int target;         /* hex index */
      gboolean charge;    /* 16.2 */
    } melee;
    struct {
      GArray *firers;     /* FIRE: GbacwFirer (empty: hold fire); ADVANCE, ENGAGED_RETREAT, ROUT_LEADERS: the units;
                             MELEE_FACING: a unit of each hex faced anew, direction its new facing */
      GArray *path;       /* RETREAT_PATH, RETREAT_BEFORE_MELEE: int hexes (empty: stand) */
      int hex;            /* PLACE_LEADER: the hex; MELEE_LOSS, PROMOTE: the unit */
      gboolean names_unit;  /* set when applied: hex holds a unit (MELEE_LOSS, PROMOTE); records write its id */
      gboolean names_choice;  /* set when applied: hex holds a choice's index (EXCLUSIVE_CHOICE); records write it */
    } answer;
    struct {
      int hex;
      GArray *units;      /* int: every unit of one side in hex, in the new order, top first */
    } restack;
  };
} GbacwAction;

GbacwAction *gbacw_action_new_end_phase (void);
GbacwAction *gbacw_action_new_move (const int *units, guint n_units, const int *path, guint n_path, int facing);
GbacwAction *gbacw_action_new_change_formation (const int *units, guint n_units, GbacwFormationState formation);
GbacwAction *gbacw_action_new_change_facing (int hex, int facing);
GbacwAction *gbacw_action_new_fire (int target_hex, const GbacwFirer *firers, guint n_firers);
/* Answers to the open decision (gbacw_game_decision ()). */
GbacwAction *gbacw_action_new_answer_fire (const GbacwFirer *firers, guint n_firers);   /* 0: hold fire */
GbacwAction *gbacw_action_new_answer_path (const int *path, guint n_path);             /* 0: stand (12.8) */
GbacwAction *gbacw_action_new_answer_hex (int hex);
GbacwAction *gbacw_action_new_answer_unit (int unit);                                   /* 12.74 */
GbacwAction *gbacw_action_new_answer_units (const int *units, guint n_units);           /* 12.85, 12.94, 13.43 */
/* 7.32: the units named (one per hex) and their hexes' new facings; 0: keep them. */
GbacwAction *gbacw_action_new_answer_facings (const int *units, const int *facings, guint n_units);
GbacwAction *gbacw_action_new_attach (int brigade_leader, int division_leader);
GbacwAction *gbacw_action_new_detach (int brigade_leader);
GbacwAction *gbacw_action_new_command_points (int division_leader, int brigade_leader, int points);
GbacwAction *gbacw_action_new_rally (int brigade_leader, int unit);
GbacwAction *gbacw_action_new_resupply (int unit, int wagon);
GbacwAction *gbacw_action_new_transfer_rounds (int from_battery, int to_battery, int rounds);   /* 11.33 */
GbacwAction *gbacw_action_new_recrew (int unit, int wagon);                                     /* 11.18, 11.19 */
/* 8.41: units: all the units (leaders too) of one side in hex, in the new order, top first. */
GbacwAction *gbacw_action_new_restack (int hex, const int *units, guint n_units);
/* Units of one hex of an area of kind exit (of their side, or of no side) leave the map in
 * their Movement Phase (counted for "unit-exited" Victory Points). */
GbacwAction *gbacw_action_new_exit (const int *units, guint n_units);
GbacwAction *gbacw_action_new_declare_melee (const int *units, guint n_units, int target_hex, gboolean charge);
GbacwAction *gbacw_action_new_melee (const int *units, guint n_units, int target_hex);
GbacwAction *gbacw_action_copy (const GbacwAction *action);
void         gbacw_action_free (GbacwAction *action);

struct _GbacwGame {
  GbacwScenario *scenario;      /* the game's own copy */
  GbacwRulesData *rules;
  GbacwLos *los;
  GbacwDice *dice;
  GPtrArray *units;             /* GbacwGameUnit*, in order-of-battle order */
  GHashTable *unit_by_id;       /* id -> GbacwGameUnit* */
  GArray **stacks;              /* per hex: int unit indices, top first; NULL when empty */
  int n_hexes;
  int n_sides;                  /* 2 */
  int first_turn, last_turn;
  int turn;
  int player_turn;              /* 0: first Player-Turn, 1: second */
  int phasing_side;
  GbacwPhase phase;
  gboolean night;               /* the turn track marks this Game-Turn night */
  /* GBACW_PHASE_EXCLUSIVE: which module added it, after which phase, and its name */
  const char *extra_phase_name;
  GbacwPhase resume_phase;
  guint extra_hook;
  /* rule options (rules matrix §1.B) */
  gboolean option_command_new;  /* command-5.2 = new (P, the baseline) */
  GPtrArray *events;            /* GbacwEvent* */
  GPtrArray *pending;           /* GbacwPending*, worked front first */
  GbacwDecision *decision;      /* the question for the front pending item, or NULL */
  gboolean ending_phase;        /* the phase ends once the pending items are resolved */
  GArray *causes;               /* int: the enemy units whose fire or melee is being resolved (10.2), or NULL */
  /* command (17.6, 17.8): per formation of the order of battle (same index) */
  int *formation_parent;        /* the formation it is under now (17.6: attached, detached = -1) */
  int *formation_commander;     /* the leader commanding it now (17.8: replacements, promotions), -1 */
  int *formation_original_parent;  /* the order of battle's formation_parent */
  /* per unit, the same index as units: its formation in the order of battle, -1; for a
     leader, the first formation he commands now (from formation_commander), -1 */
  int *unit_formation;
  int *leader_formation;
  GPtrArray *melees;            /* GbacwMeleeDeclaration*: announced this Player-Turn (12.8) */
  GHashTable *entries;          /* this Movement Phase: GINT_TO_POINTER (entry hex) -> units entered there (26.0) */
  GPtrArray *actions;           /* GbacwAction*: every action applied, for saving */
  GPtrArray *fire_results;      /* GbacwFireResolution*: resolved this Fire Phase, applied at its end (9.42) */
  GHashTable *hexside_fire;     /* this Fire Phase: GINT_TO_POINTER (hex * 6 + direction) -> small-arms SP through it (9.3) */
  GPtrArray *hooks;             /* const GbacwRuleHooks* attached */
  GPtrArray *hook_data;         /* their data, same order */
  /* 8.41: the units that ran out of ammunition this Fire Phase; when it ends, the hexes
     (hex * 2 + side) whose top unit did, which their owner may restack until another action */
  GArray *depleted;
  GArray *restack_hexes;
  /* 10.5: per hex, the directions (bit d) of its impassable hexsides: the map edge, a
     hexside type of style "impassable", or features the Terrain Effects on Movement Chart
     prohibits to every unit both ways (gbacw_game_hexside_impassable ()) */
  guint8 *impassable;
  /* per hex: its axial coordinates q, r (two ints a hex) from hex 0, so that a distance
     (9.23, gbacw_query_distance ()) is a few subtractions; the computer player asks millions */
  int *hex_axial;
  /* per hex: the hex index beside it in each direction (six ints a hex), -1 off the map */
  int *hex_neighbours;
  /* GbacwUnit*: the order-of-battle entries of the wagons' crew counters (11.11), the
     game's own (game->scenario stays the scenario's copy) */
  GPtrArray *crew_oob;
  /* 18.0: the formations' BCE limits now and what marks their boxes (gbacw-bce.h) */
  GbacwBce *bce;
  /* an exclusive rule's victory check decided the game (P 34, C 31): it ends when this
     Game-Turn's interphase does, or the Final Command Phase it was decided in (J 33.62) */
  gboolean decided;
};

/* Copies scenario; fails if it has not two sides or no turns. */
GbacwGame     *gbacw_game_new (const GbacwScenario *scenario, guint32 seed, GError **error);
void           gbacw_game_free (GbacwGame *game);

GbacwGameUnit *gbacw_game_unit (const GbacwGame *game, int index);
GbacwGameUnit *gbacw_game_find_unit (const GbacwGame *game, const char *id);
int            gbacw_game_side_index (const GbacwGame *game, const char *side_id);
const char    *gbacw_game_side_name (const GbacwGame *game, int side);
/* The units in a hex, top first (a borrowed array, NULL when empty). */
const GArray  *gbacw_game_stack (const GbacwGame *game, int hex);
/* Whether side has any unit (combat unit or leader) in hex. */
gboolean       gbacw_game_hex_has_side (const GbacwGame *game, int hex, int side, gboolean combat_only);
gboolean       gbacw_game_is_leader (const GbacwGameUnit *unit);
/* Combat units: infantry, cavalry, artillery, wagons (not leaders). */
gboolean       gbacw_game_is_combat_unit (const GbacwGameUnit *unit);
/* 11.11: a supply wagon's crew counter (an infantry unit of its own once on the map). */
gboolean       gbacw_game_is_wagon_crew (const GbacwGameUnit *unit);
/* A battery's crew counter (an exclusive rule's: J 21.21, P 20.21, C 24.21), which is also a
 * crew counter for gbacw_game_is_wagon_crew (): no ZOC, no Victory Points, no BCE. */
gboolean       gbacw_game_is_gun_crew (const GbacwGame *game, const GbacwGameUnit *unit);

/* 10.5, 14.1, 17.53: whether the hexside of hex in direction is impassable: off the map, a
 * hexside type of style "impassable", or hexside features the Terrain Effects on Movement
 * Chart prohibits to every movement class both ways (a river crossed only at fords and
 * bridges; where a ford or bridge supersedes it for some class, it is passable). */
gboolean       gbacw_game_hexside_impassable (const GbacwGame *game, int hex, int direction);

/* Hex geometry between hex indices of the game's map (inline: the rules ask it in their
 * inner loops). */
static inline int
gbacw_game_distance (const GbacwGame *game, int a, int b)
{
  int dq, dr;

  g_return_val_if_fail (a >= 0 && a < game->n_hexes && b >= 0 && b < game->n_hexes, 0);
  /* 9.23 in axial coordinates: the steps between the hexes */
  dq = game->hex_axial[2 * b] - game->hex_axial[2 * a];
  dr = game->hex_axial[2 * b + 1] - game->hex_axial[2 * a + 1];
  return (ABS (dq) + ABS (dr) + ABS (dq + dr)) / 2;
}

/* The direction (0-5) from hex from to the adjacent hex to. */
static inline int
gbacw_game_direction_between (const GbacwGame *game, int from, int to)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  return gbacw_hex_grid_direction_to (grid, gbacw_hex_grid_hex_at (grid, from), gbacw_hex_grid_hex_at (grid, to));
}

/* The hex index beside hex in direction, -1 off the map. */
static inline int
gbacw_game_neighbour_index (const GbacwGame *game, int hex, int direction)
{
  g_return_val_if_fail (hex >= 0 && hex < game->n_hexes && direction >= 0 && direction < GBACW_HEX_DIRECTIONS, -1);
  return game->hex_neighbours[hex * GBACW_HEX_DIRECTIONS + direction];
}

/* Cavalry not dismounted (6.22). */
static inline gboolean
gbacw_game_unit_is_mounted (const GbacwGameUnit *unit)
{
  return unit->type == GBACW_UNIT_CAVALRY && unit->formation != GBACW_FORMATION_STATE_DISMOUNTED;
}

/* Whose decision it is now: the player an open decision asks, else the phasing player,
 * or the non-phasing player in the Defensive Fire Phase (4.0 C). */
int            gbacw_game_decider (const GbacwGame *game);
/* The first player of a Game-Turn, from the turn track. */
int            gbacw_game_first_player (const GbacwGame *game, int turn);
gboolean       gbacw_game_is_night (const GbacwGame *game, int turn);
/* How far (hexes) from every enemy combat unit the unit must end this Movement Phase, the
 * largest any exclusive rule asks (J 35.21, 35.22: night), 0 when none does. */
int            gbacw_game_keep_distance (const GbacwGame *game, int unit);
gboolean       gbacw_game_is_over (const GbacwGame *game);

/* FALSE with an error citing the case that forbids it. */
gboolean       gbacw_game_check_action (GbacwGame *game, const GbacwAction *action, GError **error);
/* Checks, then applies (rolling any dice) and records the action. */
gboolean       gbacw_game_apply_action (GbacwGame *game, const GbacwAction *action, GError **error);

/* The event log. */
void           gbacw_game_log (GbacwGame *game, const char *rule_case, const char *format, ...) G_GNUC_PRINTF (3, 4);
char          *gbacw_game_format_log (const GbacwGame *game);

/* The open decision, or NULL: while one is open, only an ANSWER action is legal. */
const GbacwDecision *gbacw_game_decision (const GbacwGame *game);

/* Queues a copy of pending at the back (the arrays in it are copied). */
void           gbacw_game_add_pending (GbacwGame *game, const GbacwPending *pending);

/* Used by the engine modules: place/remove a unit on the map (stack top or bottom),
 * keeping the stacks and LOS heights right. */
void           gbacw_game_place_unit (GbacwGame *game, int unit, int hex, gboolean on_top);
void           gbacw_game_remove_unit (GbacwGame *game, int unit, GbacwPresence presence);
/* The unit's label for messages: "8 NY (u-8ny)". */
char          *gbacw_game_unit_label (const GbacwGame *game, int unit);
char          *gbacw_game_hex_label (const GbacwGame *game, int hex);
/* Hex index from a label like "0508"; -1 with an error. */
int            gbacw_game_parse_hex (const GbacwGame *game, const char *label, GError **error);

/* Saving and replaying: the scenario file, the seed and the actions (XML). */
char          *gbacw_game_to_xml (const GbacwGame *game, const char *scenario_path);
/* Saving and writing the log are atomic (gbacw-safe-write.h, no backup); a failed write is
 * a G_FILE_ERROR whose message names path. */
gboolean       gbacw_game_save (const GbacwGame *game, const char *scenario_path, const char *path, GError **error);
gboolean       gbacw_game_save_log (const GbacwGame *game, const char *path, GError **error);
/* Loads the scenario named in the file (relative to the file) and replays every action.
 * The record is read by gbacw_file_read () (at most 256 MiB, only a regular file) and
 * checked against data/gbacw-game-record.rng; every error starts "RECORD:LINE: ". */
GbacwGame     *gbacw_game_load (const char *path, GError **error);
/* The path of the scenario the record at path plays (as gbacw_game_load () finds it). */
char          *gbacw_game_record_scenario (const char *path, GError **error);
/* Replays text (as written by gbacw_game_to_xml ()) on a new game of scenario. */
GbacwGame     *gbacw_game_replay (const GbacwScenario *scenario, const char *xml, gsize length, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwGame, gbacw_game_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwAction, gbacw_action_free)

G_END_DECLS
