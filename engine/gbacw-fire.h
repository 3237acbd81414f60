/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-fire.h: fire combat (9.0-9.8, with 6.3, 7.2, 8.2, 8.3).
 *
 * A fire action names the target hex and the firing units with the strength each
 * commits (9.45: split fire). gbacw_fire_compute() checks it and works out the CRT
 * column: each firer's committed strength times its Range Effects multiplier (9.25),
 * added up (9.41: artillery and small arms never together), on the grapeshot or the
 * small-arms and counter-battery row (9.14-9.15), shifted for density (8.35),
 * terrain (9.5, 9.52) and enfilade (7.23), the net shift at most two columns either
 * way (9.51). In a Fire Phase the die is rolled at once but the results are applied
 * to each target hex at the end of the phase (9.42): losses on the top infantry or
 * cavalry unit and down the stack (8.21) or per unit for artillery at three hexes or
 * more (8.22), leader casualty rolls (17.72), then morale checks, pins and routs
 * (9.81-9.88, 13.4), and a column fired upon goes into Line (6.11).
 */
#pragma once

#include <glib.h>

#include "gbacw-combat-charts.h"
#include "gbacw-game.h"

G_BEGIN_DECLS

typedef struct {
  int unit;
  int hex;
  double committed;     /* SP or guns before range (9.31, 9.45) */
  gboolean whole;       /* the unit's whole strength at one target (9.46) */
  int range;            /* hexes (9.23) */
  double multiplier;    /* Range Effects Chart (9.25) */
  double base_strength; /* committed × multiplier */
  double strength;      /* base_strength after FIRE-STR hooks */
  int direction;        /* the firer's hexside the fire leaves through (9.3) */
  int entry[2];         /* the target hex's hexside(s) the fire enters through; [1] = -1 unless through a vertex */
  gboolean rapid;       /* rapid fire (GbacwFirer.rapid, C 24.1): the RAPID-FIRE hook played it */
  const char *double_shot_case;  /* the firer's double shot (J 21.4): the multiplier doubled; NULL */
} GbacwFireContribution;

typedef struct {
  int unit;             /* the target unit: the top unit (8.21) or each unit in turn (8.22) */
  gboolean grapeshot;   /* 9.14 */
  gboolean enfiladed;   /* 7.23 */
  int enfilade_shift;
  int column;           /* 0-based, after the net shift */
  int die;              /* 0 until rolled */
  GbacwCrtResult result;
} GbacwFireRoll;

/* What one exclusive rule module's hook did to a fire (FIRE-STR, FIRE-SHIFT, FIRE-DRM),
 * for explaining it: rule is the exclusive rule id (the scenario's <exclusive id>). */
typedef enum {
  GBACW_FIRE_MODIFIER_STRENGTH,   /* unit's strength from before to after */
  GBACW_FIRE_MODIFIER_SHIFT,      /* value columns */
  GBACW_FIRE_MODIFIER_DRM,        /* value added to the die */
} GbacwFireModifierKind;

typedef struct {
  const char *rule;
  GbacwFireModifierKind kind;
  int unit;                 /* STRENGTH: the firer; else -1 */
  double before, after;     /* STRENGTH */
  int value;                /* SHIFT, DRM */
} GbacwFireModifier;

struct _GbacwFireResolution {
  int target_hex;
  int firing_side;
  gboolean artillery;       /* artillery fire (else small arms) */
  GArray *contributions;    /* GbacwFireContribution */
  double total;
  int min_range;
  int density_sp;           /* 8.33, 8.34 */
  int density_shift;        /* 8.35 */
  int terrain_shift;        /* 9.5: hex terrain and hexsides, cumulative */
  int hook_shift;           /* FIRE-SHIFT hooks */
  int drm;                  /* FIRE-DRM hooks: added to the die, the result between 1 and 6 */
  GArray *modifiers;        /* GbacwFireModifier: each hook's contribution that changed something */
  gboolean per_unit;        /* 8.22 */
  int n_columns;
  GArray *rolls;            /* GbacwFireRoll: one, or one per unit (8.22) */
  /* a free shot (withdrawal 10.1, limber 6.23, retreat fire 10.2; 10.17): outside any Fire Phase */
  gboolean free_shot;
  GArray *targets;          /* int: the units fired at (the others in the hex are not), or NULL: the hex */
  gboolean no_rout_again;   /* 10.2: retreat fire: a routed unit hit does not rout again */
  gboolean rapid;           /* a firer rapid-fires: the results fall on the top infantry or cavalry unit (C 24.12) */
  const char *top_only_case; /* a FIRE hook's case (J 21.25): the top unit only, in place of 8.22 */
};

/* The die a roll of die becomes with the resolution's DRM (1 to 6). */
int                  gbacw_fire_modified_die (const GbacwFireResolution *resolution, int die);

/* Checks the fire and works out everything but the dice; NULL with an error citing
 * the case that forbids it. */
GbacwFireResolution *gbacw_fire_compute (GbacwGame *game, int target_hex, const GbacwFirer *firers, guint n_firers,
                                         GError **error);
void                 gbacw_fire_resolution_free (GbacwFireResolution *resolution);

/* The strength a unit fires with (9.12, 9.13; 15.13: a half crew halves it, rounding up). */
double               gbacw_fire_available (const GbacwGame *game, int unit);
/* Whether an exclusive rule lets unit fire double shot (GbacwFirer.double_shot, J 21.4) at
 * range hexes, in a free shot (10.17) or not. */
gboolean             gbacw_fire_double_shot_allowed (const GbacwGame *game, int unit, int range, gboolean free_shot);
/* The unit that takes the losses of fire at hex (8.21): the top infantry or cavalry
 * unit, else the top battery or wagon; -1. */
int                  gbacw_fire_top_unit (const GbacwGame *game, int hex);
/* The hexsides through which the line of fire leaves from (exit) and enters to (entry):
 * one direction each, or two when the line passes through a vertex; unused slots -1. */
void                 gbacw_fire_line_hexsides (const GbacwGame *game, int from, int to, int exit[2], int entry[2]);
/* 7.0, 7.23: whether fire entering the unit's hex through entry (one or two hexsides)
 * enfilades it. */
/* Whether an exclusive rule of the game plays rapid fire (GbacwFirer.rapid, C 24.1). */
gboolean             gbacw_fire_rapid_played (const GbacwGame *game);
/* Whether unit, firing all it has at target_hex alone, may rapid-fire now (C 24.1): the
 * FIRE action that asks for it passes gbacw_game_check_action (), the rule's module saying
 * why not in error (range, target, weapon, rounds, fouled guns). */
gboolean             gbacw_fire_rapid_allowed (GbacwGame *game, int unit, int target_hex, GError **error);
gboolean             gbacw_fire_enfilades (const GbacwGame *game, int unit, const int entry[2]);
/* LOS as the game sees it: the units' heights, and the LOS hooks. */
gboolean             gbacw_fire_los (const GbacwGame *game, int from_hex, int to_hex, GbacwLosResult *result);

/* Resolves the results of these resolutions (all on one hex) now (9.42). */
void                 gbacw_fire_apply_results (GbacwGame *game, GPtrArray *resolutions);

/* A free shot (10.17) by firing_side at the units targets in target_hex (withdrawal fire
 * 10.1, limber fire 6.23, retreat fire 10.2): not part of a Fire Phase (no 9.44, 9.45
 * bookkeeping; pinned and out-of-command units may fire, 9.84, 17.11; wagon crews may
 * not, 11.16). target_facing (-1: as they are) is the facing the targets present
 * (10.16: a unit withdrawing faces the hex it enters). */
GbacwFireResolution *gbacw_fire_compute_free (GbacwGame *game, int firing_side, int target_hex, const GArray *targets,
                                              int target_facing, const GbacwFirer *firers, guint n_firers,
                                              GError **error);
/* Rolls and applies a free shot at once (the ammunition check on a 1, 11.21; rounds, 11.31). */
void                 gbacw_fire_resolve_free (GbacwGame *game, GbacwFireResolution *resolution, const char *rule_case);
/* The enemy units of target_side that exert a ZOC into hex and could fire a free shot
 * into it (10.1, 10.2; a mounted cavalry ZOC only against mounted cavalry, 10.0). */
GArray              *gbacw_fire_zoc_firers (GbacwGame *game, int hex, int target_side, gboolean mounted_target);
/* 6.23: the enemy small-arms units within range and LOS of the battery that could fire at it. */
GArray              *gbacw_fire_limber_firers (GbacwGame *game, int battery);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwFireResolution, gbacw_fire_resolution_free)

G_END_DECLS
