/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-los.h: line of sight (9.7-9.73).
 *
 * A GbacwLos holds, per hex, the ground height (the map's elevation level in feet,
 * map->levels), the top of any blocking terrain in it (Terrain Effects on Combat
 * chart "blocks-los" = yes, height from the terrain catalogue, 9.71-9.72) and the
 * top of the units in it (9.71: any unit, friendly or enemy, blocks); and per
 * hexside, the top of a blocking hexside. The chart's "blocks-los" cell decides for
 * every hex terrain and hexside type: "yes" blocks, "no" (and "other") does not. A
 * crest-style hexside type (side="elevation") that blocks is an obstacle as high as
 * the higher of its two hexes, and only between hexes of different levels (9.52,
 * 9.73, J chart note 2 "crest hexsides may block the LOS between units on different
 * levels"); any other hexside type that blocks does so whatever the heights. An
 * unknown cell ("?", or no row) is read as the rule option los-unknown-cell says:
 * standard (the baseline) as the Standard Rules read it, a crest-style hexside
 * blocking (J chart note 2, J 22.2) and a hex terrain blocking when the catalogue
 * gives it a height above the ground (9.72); clear: it does not block.
 *
 * The LOS between two hexes (9.73, the Basic Algorithm) is clear if, for every
 * obstacle, H/D >= (hp - 5)/dp, where H is the height of the higher position minus
 * that of the lower, D the hexes between them, hp the obstacle's top minus the lower
 * position, dp the hexes from the obstacle to the lower position (a hexside lies
 * half-way between its two hexes, so dp may end in .5). Equality is clear. A position
 * is its hex's ground plus the height of the unit there (5 feet for a man, 10 for
 * mounted cavalry and wagons, 9.72; rules matrix §1.A [inferred]).
 *
 * Only intervening obstacles count (9.7): never the firer's or the target's hex, nor
 * a hexside common with or adjacent to (touching) either of them. Adjacent hexes
 * always see each other (9.24). A line running exactly along a hexside touches the two
 * hexes that share it: with the rule option los-along-hexside = both-block (J, C 9.7)
 * it is blocked only if both are blocking, at the lower of their tops; with
 * adjacent-only (P, the baseline) either blocking hex blocks it.
 *
 * Exclusive rules change obstacles through gbacw_los_set_hex_top() and friends
 * (see gbacw-rules-hooks.h).
 */
#pragma once

#include <glib.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* Heights of units for LOS, feet above the ground (9.72). */
#define GBACW_LOS_MAN_HEIGHT       5
#define GBACW_LOS_MOUNTED_HEIGHT   10
/* An obstacle top that blocks whatever the heights (a blocking terrain whose height is not entered). */
#define GBACW_LOS_INFINITE         G_MAXINT16
/* No obstacle. */
#define GBACW_LOS_NONE             G_MININT16

typedef struct _GbacwLos GbacwLos;

typedef enum {
  GBACW_LOS_OBSTACLE_NONE,
  GBACW_LOS_OBSTACLE_HEX,          /* a blocking hex (terrain or units) */
  GBACW_LOS_OBSTACLE_HEXSIDE,      /* a blocking hexside crossed by the line */
  GBACW_LOS_OBSTACLE_ALONG,        /* the line runs along the hexside between hex and other_hex */
} GbacwLosObstacleKind;

typedef struct {
  gboolean clear;
  gboolean adjacent;               /* 9.24: always clear */
  GbacwLosObstacleKind kind;       /* the first blocking obstacle from the firer, when blocked */
  int hex;                         /* HEX, ALONG: hex index; HEXSIDE: one hex of the hexside */
  int other_hex;                   /* HEXSIDE, ALONG: the other hex (may be -1 when off-map) */
  guint32 hexside;                 /* HEXSIDE, ALONG: the hexside id */
  gboolean obstacle_is_unit;       /* HEX: the top of the obstacle is the units in it */
  /* 9.73 numbers (feet, hexes); H and D always, hp and dp for the obstacle */
  int from_height, to_height;      /* ground + unit */
  int H, D;
  int obstacle_top;                /* feet, absolute; GBACW_LOS_INFINITE for an unlimited one */
  int hp;
  double dp;
} GbacwLosResult;

/* Whether a hex terrain / hexside type is blocking terrain (9.71): the chart's
 * "blocks-los" cell, an unknown one read as the los-unknown-cell option says. */
gboolean  gbacw_los_hex_terrain_blocks (const GbacwScenario *scenario, const GbacwHexTerrain *terrain);
gboolean  gbacw_los_hexside_type_blocks (const GbacwScenario *scenario, const GbacwHexsideType *type);

/* Precomputes the heights; the scenario must outlive the GbacwLos. Units of the
 * scenario's deployment are not placed: call gbacw_los_set_unit_height() (the game does). */
GbacwLos *gbacw_los_new (const GbacwScenario *scenario);
void      gbacw_los_free (GbacwLos *los);

const GbacwScenario *gbacw_los_get_scenario (const GbacwLos *los);

/* Ground height of a hex in feet (its level's height; 0 when the level's height is not entered). */
int       gbacw_los_ground (const GbacwLos *los, int hex);
/* The height in feet above the ground of the tallest unit in hex; 0 = no unit. */
void      gbacw_los_set_unit_height (GbacwLos *los, int hex, int feet);
int       gbacw_los_get_unit_height (const GbacwLos *los, int hex);
/* Overrides for exclusive rules: absolute top of the terrain obstacle of a hex or of a
 * hexside (GBACW_LOS_NONE, GBACW_LOS_INFINITE or feet). */
void      gbacw_los_set_hex_top (GbacwLos *los, int hex, int top);
int       gbacw_los_get_hex_top (const GbacwLos *los, int hex);
void      gbacw_los_set_hexside_top (GbacwLos *los, guint32 hexside, int top);
int       gbacw_los_get_hexside_top (const GbacwLos *los, guint32 hexside);
/* los-along-hexside: TRUE = both-block, FALSE = adjacent-only. */
void      gbacw_los_set_along_both_block (GbacwLos *los, gboolean both_block);
gboolean  gbacw_los_get_along_both_block (const GbacwLos *los);

/* The LOS from one hex to another; from_unit and to_unit are the heights of the units
 * in feet above the ground (GBACW_LOS_MAN_HEIGHT for infantry). Returns result->clear;
 * result may be NULL. */
gboolean  gbacw_los_check (const GbacwLos *los, int from_hex, int to_hex, int from_unit, int to_unit,
                           GbacwLosResult *result);

/* Every hex visible from from_hex: visible[i] = 1 or 0, for all n_hexes (from_hex itself
 * is 1). Same answers as gbacw_los_check(), much faster. Returns the number visible. */
guint     gbacw_los_visible_from (const GbacwLos *los, int from_hex, int from_unit, int to_unit,
                                  guint8 *visible);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwLos, gbacw_los_free)

G_END_DECLS
