/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-ai-private.h: what the computer player's files share. */
#pragma once

#include "gbacw-ai.h"
#include "gbacw-query.h"

G_BEGIN_DECLS

typedef struct {
  int hex;
  int area;               /* index in the map's areas */
  double weight;          /* VP it is worth to hold: ours to gain plus the enemy's to deny; an exit:
                             the VP each of our combat units leaving the map there brings */
  gboolean exit;          /* a hex of an exit area our units may leave by for "unit-exited" VP */
  double automatic;       /* of weight: what an automatic victory naming the area adds */
  int automatic_turn;     /* the last Game-Turn that automatic victory can be won in (G_MAXINT: any) */
} AiObjective;

/* How the game stands for the side, assessed at the start of each of its Movement Phases
 * (GBACW_AI_LEVEL_NORMAL and above). */
typedef struct {
  int margin;             /* its VP less the enemy's, as if the game ended now */
  int needed;             /* the least margin of a victory level of its side */
  int target;             /* the margin it plays for: needed + 2 (1 when its side has no level) */
  int turns_left;         /* Game-Turns after this one */
  double pressure;        /* 0..1: how far short of its victory it is, the more the fewer turns are left */
  int *control;           /* per area of the map: the side controlling it, -1 */
  int to_take;            /* the VP of the objectives not ours that would count for us */
  int enemy_units;        /* the enemy's combat units on the map (wagons left out) */
  int enemy_still;        /* of them, those found in the same hex at our last three Movement Phases */
  gboolean hold;          /* the plan of the turn is AI_PLAN_HOLD */
} AiStanding;

/* What the side plays for in a Player-Turn (GBACW_AI_LEVEL_HARD chooses by looking ahead,
 * gbacw_ai_look_ahead ()): */
typedef enum {
  AI_PLAN_ADVANCE,        /* normal's: objectives, attacks where the margin needs them */
  AI_PLAN_HOLD,           /* hold its ground out of the enemy's reach and riposte: he pays for coming on */
  AI_N_PLANS
} AiPlan;

/* The units that move together: a commander's, or one independent unit. */
typedef struct {
  int leader;             /* -1 */
  int radius;             /* the leader's Effectiveness Radius (17.1), 3 when unknown */
  int goal;               /* hex */
  int anchor;             /* where its first unit ended its move, -1 */
  int anchor_unit;        /* that unit */
  int rear;               /* the hex of its unit farthest from the goal when the phase began */
  gboolean attacking;     /* its goal is an enemy stack (attack_goal ()), not an objective */
  int spread;             /* hexes between its units nearest to and farthest from the goal when the phase began */
  GArray *members;        /* int: combat units, nearest to the goal first */
} AiGroup;

struct _GbacwAi {
  int side;
  GbacwAiLevel level;
  AiPlan plan;            /* of this Player-Turn */
  GbacwGame *model;       /* GBACW_AI_LEVEL_HARD: the model it looks ahead on (gbacw-ai-look.c), NULL */
  guint32 seed;
  GArray *objectives;     /* AiObjective */
  guint n_exits;          /* of them exits */
  int *cover;             /* per hex: the fire shift the terrain gives a defender, as a positive number */

  /* the game the fields below (and fields) are of; the distances from the enemy (AiView),
     kept while no enemy unit changes hex */
  const GbacwGame *fields_game;
  int *enemy_hexes;       /* per unit: its hex when they were computed (for the enemy's units) */
  int *enemy_dist, *enemy_near, *enemy_any;

  GbacwOutcome *outcome;  /* followed at each call: the VP and who controls each area */
  AiStanding standing;
  GHashTable *goals;      /* group key -> its goal in the last Movement Phase (kept from phase to phase) */
  int *seen_hex;          /* per unit: the enemy unit's hex when our last Movement Phase began (-2: not seen yet) */
  int *still;             /* per unit: how many of our Movement Phases in a row found the enemy unit where it was */
  gboolean enemy_fired;   /* the enemy has fired at us (a fire resolved, 9.0, in his Offensive Fire Phase or
                             in our Player-Turn's Defensive Fire Phase) */
  guint events_seen;      /* of the game's events, those looked at for his fire */

  /* what it remembers of the phase it is in */
  int mem_turn, mem_player_turn, mem_phase, mem_extra;
  GHashTable *stage;      /* unit -> the step it has reached in this Movement Phase, + 1 */
  GHashTable *tried;      /* keys of actions refused or given up in this phase */
  GPtrArray *groups;      /* AiGroup*, in this Movement Phase */
  int *group_of;          /* per unit: index in groups, -1 */
  GHashTable *pair;       /* fire: shooter * n_hexes + target -> 1 + direction, or -1 when it cannot */
  GHashTable *fields;     /* movement: goal * 8 + move class -> int[n_hexes] (gbacw_query_move_field ()),
                             kept from phase to phase (they depend on the map alone) */
  guint n_actions;        /* proposed in this phase */
  guint last_decision;    /* the signature of the last decision answered, and how often in a row */
  guint repeats;
  int end_refused;
  gpointer exclusive;     /* gbacw-ai-exclusive.c's, NULL */
};

/* Per call: the state seen by the AI. */
typedef struct {
  GbacwAi *ai;
  GbacwGame *game;
  int side;
  const int *enemy_dist; /* per hex */
  const int *enemy_near; /* per hex: the hex of the nearest enemy combat unit */
  const int *enemy_any;  /* per hex: distance to the nearest enemy unit, leaders too (17.52) */
  GPtrArray *entry_hexes; /* per unit: its ways in (GArray of int hexes), NULL until asked */
} AiView;

void         gbacw_ai_view_init (AiView *view, GbacwAi *ai, GbacwGame *game);
/* Assesses ai->standing from the game as it is. */
void         gbacw_ai_assess (GbacwAi *ai, const GbacwGame *game);
void         gbacw_ai_view_clear (AiView *view);
/* The hexes by which unit may enter the map now (gbacw_movement_entry_hexes ()), kept for
 * the rest of the call. */
const GArray *gbacw_ai_view_entry_hexes (AiView *view, int unit);

/* gbacw-ai-look.c */
/* GBACW_AI_LEVEL_HARD, at the start of its Movement Phase: plays each plan out on a model of
 * the game to the start of its next Movement Phase (the enemy played by the computer at
 * normal, dice of the model's own) and sets ai->plan to the one that did best. */
void         gbacw_ai_look_ahead (GbacwAi *ai, const GbacwGame *game);

/* gbacw-ai-exclusive.c: play for the games' Exclusive Rules */
void         gbacw_ai_exclusive_free (GbacwAi *ai);
/* What announcing group's melee against target is worth (gbacw_query_melee_value ()) when the
 * melee is made, over each attacking stack's chance past the melee-initiation gates (J 21.6,
 * P 27.1, C 22.0); -G_MAXDOUBLE when none can get past them. */
double       gbacw_ai_exclusive_melee_value (AiView *view, const GArray *group, int target);
/* What leader standing in hex at the end of the Movement Phase adds to the melees a gate
 * holds back (a leader stacked with the stack, or beside it), in leader_turn ()'s points. */
double       gbacw_ai_exclusive_leader_score (AiView *view, int leader, int hex);
/* J 24.2: the strategic retreat of u, routed or spent and endangered, where a module lets it
 * leave the map; NULL when it stays. */
GbacwAction *gbacw_ai_exclusive_exit (AiView *view, const GbacwGameUnit *u);
/* C 29.27 with 27.3: whether u, a reinforcement not arrived, stays off the map this Movement
 * Phase, a way back for the units of ours retreating off the map where it would enter. */
gboolean     gbacw_ai_exclusive_hold_back (AiView *view, const GbacwGameUnit *u);
/* J 35.21, 35.22 (gbacw_game_keep_distance ()): a unit still nearer the enemy than a rule asks,
 * for which no hex of its range is far enough, goes as far as it can (the distance the end of
 * the phase needs may be less than the greatest a module asks: J 30.34's withdrawal, whose
 * units rout when they end nearer, asks 4 where the night asks 3); NULL when none can. */
GbacwAction *gbacw_ai_exclusive_keep_away (AiView *view);
/* The look ahead under exclusive rules: whether game's position can be modelled, and the
 * model (the game's record replayed, every module's state with it) with dice of seed; NULL
 * when the record does not give the game's position (units placed outside its actions). */
gboolean     gbacw_ai_exclusive_can_model (const GbacwGame *game);
GbacwGame   *gbacw_ai_exclusive_model (const GbacwGame *game, guint32 seed);
/* gbacw-ai-look.c: sets m (a game of game's scenario, the same modules attached) to game's
 * position, the core state and every module's (GbacwRuleHooks.copy_state), with dice of seed:
 * FALSE when a module can be neither copied nor is stateless, or the position is not one it
 * copies (something pending, announced or entered), m then to be set again before use. */
gboolean     gbacw_ai_look_set_model (GbacwGame *m, const GbacwGame *game, guint32 seed);

/* gbacw-ai-move.c */
GbacwAction *gbacw_ai_choose_movement (AiView *view);
/* A move that puts right one of the conditions blocking the end of the phase
 * (gbacw_game_phase_blockers (): 8.1 stacking, 17.52 lone leaders), NULL when none can. */
GbacwAction *gbacw_ai_fix_blockers (AiView *view);

/* gbacw-ai.c */
/* 8.41: the stacking order that puts the fittest unit on top of each of our stacks near the
 * enemy (window_only: only the hexes the end of a Fire Phase lets be restacked). */
GbacwAction *gbacw_ai_choose_restack (AiView *view, gboolean window_only);
gboolean     gbacw_ai_try (AiView *view, GbacwAction *action);   /* checks; frees it when refused */
gboolean     gbacw_ai_was_tried (const GbacwAi *ai, guint64 key);
void         gbacw_ai_mark_tried (GbacwAi *ai, guint64 key);
double       gbacw_ai_jitter (const GbacwAi *ai, guint a, guint b);  /* 0..1, from the seed */

#define AI_KEY(kind, a, b) (((guint64) (kind) << 56) | ((guint64) (guint32) (a) << 24) | (guint64) (guint32) (b))

G_END_DECLS
