/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checker-private.h: what the checks share inside the validator. */
#pragma once

#include <glib/gi18n-lib.h>

#include "gbacw-checker.h"
#include "gbacw-rules-data.h"

G_BEGIN_DECLS

#define GBACW_CHECK_MAX_SIDES 8

/* Movement groups for reachability: the classes a unit can move in, changing
 * formation on the way (6.2). */
typedef enum {
  GROUP_INFANTRY,   /* line, column */
  GROUP_CAVALRY,    /* mounted, dismounted */
  GROUP_ARTILLERY,  /* limbered (unlimbered artillery may not move, 6.13) */
  GROUP_WAGON,
  GROUP_LEADER,
  N_GROUPS
} MoveGroup;

/* What every check reads: the scenario and indices derived from it. The indices are
 * rebuilt by the checker when the parts they come from change. */
typedef struct {
  const GbacwScenario *s;
  const GbacwMap *map;
  const GbacwHexGrid *grid;
  int n_hexes;
  guint n_hexside_ids;

  /* catalogue (rebuilt with the rules data) */
  GbacwRulesData *rules;
  guint64 town_terrains;        /* pattern "town" */
  guint32 elevation_types;      /* side="elevation": crests */
  guint32 crossing_types;       /* style ford, bridge, wagon-bridge, or requires= */
  guint32 river_types, stream_types;
  guint32 inside_types;         /* side="inside": works, redans */
  guint32 redan_types;
  guint64 valid_terrains;       /* bits of the catalogue's entries: masks are and-ed with these */
  guint32 valid_sides;
  guint16 valid_lines;

  /* what the map uses, counted per catalogue index */
  guint terrain_count[GBACW_MAX_HEX_TERRAINS];
  guint side_count[GBACW_MAX_HEXSIDE_TYPES];
  guint line_count[GBACW_MAX_LINE_TYPES];

  /* order of battle */
  GHashTable *formation_units;  /* formation id -> GPtrArray of GbacwUnit* directly in it (borrowed ids) */
  GHashTable *formation_children; /* formation id -> GPtrArray of GbacwFormation* */
  GHashTable *arriving;         /* unit id -> GbacwReinforcement* (the first that brings it) */

  /* deployment: placements per hex in stack order */
  int *hex_first;               /* n_hexes; placement index or -1 */
  int *place_next;              /* per placement index: the next one in the same hex, or -1 */
  guint n_place;
} CheckContext;

/* A new finding appended to out; set its location next. */
GbacwFinding *gbacw_emit (GPtrArray *out, GbacwSeverity severity, const char *check, const char *rule_case,
                          const char *format, ...) G_GNUC_PRINTF (5, 6);

/* Names for messages. */
const char *gbacw_unit_name (const GbacwUnit *unit);
const char *gbacw_side_name (const GbacwScenario *s, const char *side_id);
char       *gbacw_hex_label (const CheckContext *ctx, int hex);
int         gbacw_side_index (const GbacwScenario *s, const char *side_id);
/* The movement group of a unit type. */
MoveGroup   gbacw_unit_group (GbacwUnitType type);
/* Every unit of a formation and its sub-formations, appended to out (GbacwUnit*). */
void        gbacw_formation_collect_units (const CheckContext *ctx, const char *formation_id, GPtrArray *out);
gboolean    gbacw_hex_on_edge (const CheckContext *ctx, int hex);

/* Check families (gbacw-checks-*.c; helpers they share in gbacw-checks-private.h). Each appends its findings to out. */
void gbacw_check_charts (CheckContext *ctx, GPtrArray *out);
void gbacw_check_areas (CheckContext *ctx, GPtrArray *out);
void gbacw_check_oob (CheckContext *ctx, GPtrArray *out);
/* A warning for each stand-in value of the order of battle (gbacw-checks-stand-ins.c). */
void gbacw_check_stand_ins (CheckContext *ctx, GPtrArray *out);
void gbacw_check_chart_stand_ins (CheckContext *ctx, GPtrArray *out);
void gbacw_check_settings (CheckContext *ctx, GPtrArray *out);
void gbacw_check_arrivals (CheckContext *ctx, GPtrArray *out);
void gbacw_check_map_hex (CheckContext *ctx, int hex, GPtrArray *out);
/* FALSE when the hexside has nothing to check (no features, no lines). */
gboolean gbacw_check_map_hexside (CheckContext *ctx, GbacwHexsideId hexside, GPtrArray *out);
/* The hexsides (GbacwHexsideId) of the unnamed redan hexside is part of, joined corner to
 * corner: its note is on the first; empty when hexside is no unnamed redan. */
GArray  *gbacw_check_unnamed_redan (CheckContext *ctx, GbacwHexsideId hexside);
void gbacw_check_deploy_hex (CheckContext *ctx, int hex, GPtrArray *out);
void gbacw_check_deploy_unit (CheckContext *ctx, guint placement_index, GPtrArray *out);

/* Reachability (gbacw-reach.c). */
typedef struct _Reach Reach;
Reach *gbacw_reach_new (void);
void   gbacw_reach_free (Reach *reach);
/* Drops everything cached: the next update recomputes all. */
void   gbacw_reach_reset (Reach *reach, CheckContext *ctx);
/* touched: hex indices whose terrain, elevation or hexsides changed (NULL after reset). */
void   gbacw_reach_update (Reach *reach, CheckContext *ctx, GArray *touched);
/* The current findings, appended to out (borrowed). */
void   gbacw_reach_collect (Reach *reach, GPtrArray *out);
/* A hex's terrain or hexsides changed: drop cached per-hex data. */
void   gbacw_reach_invalidate_hex (Reach *reach, int hex);

G_END_DECLS
