/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-melee.h: melee (12.0-12.98) and cavalry charges (16.1-16.3). */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

/* A melee announced in the Retreat Before Melee Phase (12.8). */
typedef struct {
  int target;          /* hex */
  int units[16];       /* the attackers that have not meleed yet (12.0): each leaves the list when it
                          melees, so every entry is a unit's index (never -1) */
  int n_units;
  gboolean charge;     /* 16.2 */
  gboolean resolved;   /* meleed, or the hex was vacated */
  gboolean retreated;  /* 12.94 option 3: the phasing player's engaged units retreated from it */
} GbacwMeleeDeclaration;

/* What a melee would be, before the die (12.0-12.5, 16.2-16.3). */
typedef struct {
  int attack;          /* the attacker's total Melee Strength */
  int defend;
  int attack_base;     /* the units' strengths, terrain included (12.31) */
  int defend_base;     /* after the stacking limit (12.72) */
  int terrain;         /* 12.31: points taken off the attackers */
  int attack_leader;   /* 12.4 */
  int defend_leader;
  int attack_morale;   /* 12.52 */
  int defend_morale;
  int exclusive;       /* the attacker's total changed by exclusive rules (MELEE-STR hooks: P 21.4) */
  int differential;    /* attack - defend */
  gboolean green;      /* a green unit's rating is not known yet: 12.52 may still change by one */
} GbacwMeleeOdds;

/* The odds of units meleeing hex now (charge: 16.2); FALSE with an error citing the case
 * that forbids it, or naming an unknown Melee CRT cell that the melee could need (12.98). */
gboolean gbacw_melee_odds (GbacwGame *game, const GArray *attackers, int hex, gboolean charge, GbacwMeleeOdds *odds,
                           GError **error);
/* 12.31: the points a unit entering hex from its own hex loses for terrain, leaving out
 * the hexside types of style skip_style (NULL: none). */
int      gbacw_melee_terrain_points (const GbacwGame *game, int unit, int hex, const char *skip_style);
/* A unit's Melee Strength (12.1, 12.51, 16.24, 16.32, 16.33), before terrain. */
int      gbacw_melee_unit_strength (const GbacwGame *game, int unit, gboolean attacking, gboolean charge,
                                    gboolean against_foot_only, gboolean against_mounted);

/* The chance (0..1) that unit, its melee against target_hex announced, gets past every
 * exclusive rule's melee-initiation gate (J 21.6, P 27.1, C 22.0) with a friendly leader where
 * leader says (GBACW_GATE_AS_IS: as the units stand); 1 when no rule gates it. A query for the
 * computer player and outside tools: no die is rolled. Whether the melee is legal at all is
 * gbacw_game_check_action ()'s. */
double   gbacw_melee_initiation_chance (const GbacwGame *game, int unit, int target_hex, GbacwGateLeader leader);
/* The case of the rule under which attackers' melee of hex takes the enemy's guns with no
 * die roll (J 21.27: guns without their crew alone in their hex), or NULL: the Melee CRT
 * resolves it. A query: nothing is changed. */
const char *gbacw_melee_without_roll_case (const GbacwGame *game, const GArray *attackers, int hex);

G_END_DECLS
