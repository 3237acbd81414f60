/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rules-data.h: what the scenario's charts mean.
 *
 * The charts of a scenario are generic tables of text cells (gbacw-scenario.h);
 * this is the one place that reads them as rules: chart cell vocabulary, the
 * Terrain Effects on Movement Chart (5.19) as movement costs, the Stacking
 * Restrictions Chart (8.18) as limits, stacking points (8.12-8.14). The
 * validator (rules-check/) and the game engine share it, so that both agree on
 * what a scenario allows. GTK-free; nothing here changes the scenario.
 *
 * Movement costs are kept in half Movement Points ("halves"), because the
 * charts print costs such as 1/2 (a column on a road).
 */
#pragma once

#include <glib.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* ---------------------------------------------------------------- chart cells */

typedef enum {
  GBACW_VALUE_UNKNOWN,     /* "?": not entered / not given by the rulebooks; also a missing row or column */
  GBACW_VALUE_INVALID,     /* not in the chart vocabulary */
  GBACW_VALUE_NONE,        /* "—" (also "-", "–"): no effect, not applicable */
  GBACW_VALUE_NUMBER,      /* "3", "-2", "1/2", "1 1/2": num / den */
  GBACW_VALUE_ADD,         /* "+1": num / den added to the hex cost (hexsides) */
  GBACW_VALUE_PROHIBITED,  /* "P" */
  GBACW_VALUE_ALL,         /* "all": the whole Movement Allowance (J 22.5) */
  GBACW_VALUE_OTHER,       /* "other": as the other terrain in the hex (9.54) */
  GBACW_VALUE_SHIFT,       /* "1L" (num -1), "2R" (num 2): Fire CRT column shifts */
  GBACW_VALUE_YES,         /* "yes" */
  GBACW_VALUE_NO,          /* "no" */
  GBACW_VALUE_SP,          /* "-1 SP": num Strength Points added to melee strength (negative) */
  GBACW_VALUE_TEXT,        /* anything else that is well-formed for some chart: CRT results, ranges ("P/R", "C1R2", "4-8") */
} GbacwValueKind;

typedef struct {
  GbacwValueKind kind;
  int num;                 /* NUMBER, ADD, SHIFT, SP */
  int den;                 /* NUMBER, ADD: denominator, 1 for whole numbers */
} GbacwValue;

/* Reads one cell value (without its [ ] or { } marks, see gbacw_cell_parse ()).
 * NULL gives GBACW_VALUE_UNKNOWN. A fraction "a/b" is kept as written (num a, den b);
 * "1 1/2" and "1½" give 3/2. Words are case-insensitive. Returns FALSE for INVALID. */
gboolean gbacw_value_parse (const char *text, GbacwValue *out);
/* The same for a chart cell: unknown cells give GBACW_VALUE_UNKNOWN, a NULL cell too. */
gboolean gbacw_value_from_cell (const GbacwCell *cell, GbacwValue *out);
/* NUMBER or ADD in half points, rounded up (a 1/3 costs one half). */
int      gbacw_value_halves (const GbacwValue *value);
double   gbacw_value_to_double (const GbacwValue *value);
/* Whether a cell of the Fire CRT (9.16: "P", "R", "P/R", "n", "n*", "—") or Melee CRT
 * (12.98: "K", "Cn", "Rn", "CnRm", "Eng", "Rpls", "—") result vocabulary. */
gboolean gbacw_value_is_fire_result (const char *text);
gboolean gbacw_value_is_melee_result (const char *text);
/* "a-b", "n+", "n" or "n or less" ranges of the Fire CRT header rows (9.16). */
gboolean gbacw_value_is_range (const char *text);

/* ---------------------------------------------------------------- movement classes */

/* The rows of the Terrain Effects on Movement Chart (5.19). */
typedef enum {
  GBACW_MOVE_INFANTRY_LINE,
  GBACW_MOVE_INFANTRY_COLUMN,
  GBACW_MOVE_CAVALRY_MOUNTED,
  GBACW_MOVE_CAVALRY_DISMOUNTED,
  GBACW_MOVE_ARTILLERY_LIMBERED,
  GBACW_MOVE_ARTILLERY_UNLIMBERED,
  GBACW_MOVE_WAGON,
  GBACW_MOVE_LEADER,
} GbacwMoveClass;

#define GBACW_N_MOVE_CLASSES 8

/* "infantry-line", … "leader". */
const char *gbacw_move_class_to_row (GbacwMoveClass move_class);
/* The row for a unit type in a formation (6.0). GBACW_FORMATION_STATE_UNSET gives the
 * formation a unit is in "unless otherwise designated": Line (6.12), mounted, limbered.
 * -1 when the unit type cannot take that formation (e.g. a wagon in column). */
int         gbacw_move_class_for (GbacwUnitType type, GbacwFormationState formation);
/* Whether the class may use roads, pikes, trails, railroads and bridges: infantry only
 * in column (6.11, 6.12; dismounted cavalry is Line infantry, 6.14), limbered
 * artillery, mounted cavalry, wagons and leaders. */
gboolean    gbacw_move_class_uses_roads (GbacwMoveClass move_class);

/* ---------------------------------------------------------------- interpretation */

typedef struct _GbacwRulesData GbacwRulesData;

/* Reads the catalogue and charts of scenario (which it does not keep: build a new
 * one after the catalogue or the charts change). Never fails: missing charts, rows
 * and columns read as unknown cells. */
GbacwRulesData *gbacw_rules_data_new (const GbacwScenario *scenario);
void            gbacw_rules_data_free (GbacwRulesData *data);

typedef enum {
  GBACW_COST_MP,           /* halves Movement Points */
  GBACW_COST_ALL,          /* the whole Movement Allowance (fords, J 22.5) */
  GBACW_COST_PROHIBITED,   /* may not enter: "P", an impassable hexside (10.5), off the map (5.17) */
  GBACW_COST_UNKNOWN,      /* a cell the cost depends on is unknown, or the hex has no terrain */
} GbacwCostKind;

typedef struct {
  GbacwCostKind kind;
  int halves;              /* GBACW_COST_MP: Movement Points × 2 */
  const char *column;      /* GBACW_COST_UNKNOWN: the chart column of an unknown cell (owned by the
                              rules data), or NULL when the hex has no terrain */
} GbacwMoveCost;

/* The cost for a unit of move_class to enter the hex beside hex index from, across
 * its hexside in direction:
 * - the hex: the most expensive of its terrains (5.15), or, when a road, pike, trail or
 *   railroad crosses that hexside and the class may use it, the cheapest such line
 *   instead (6.11, 6.12; J chart legend);
 * - plus the hexside's features, cumulative (J chart legend): crest-like types
 *   (side="elevation") read the columns "ID.up" / "ID.down" by the two hexes'
 *   elevations (22.1); a crossing (a type with requires=, such as a ford or bridge)
 *   supersedes the features it requires, unless its cell is P or it is a bridge and the
 *   class may not use bridges (6.12), in which case the crossing is disregarded;
 * - precedence: prohibited, then whole MA, then unknown, then the sum. */
void gbacw_rules_data_move_cost (const GbacwRulesData *data, const GbacwMap *map, GbacwMoveClass move_class,
                                 int from, int direction, GbacwMoveCost *out);
/* The same as if the hex beside from held the terrains terrain (bits of the catalogue's hex
 * terrains) and the hexside the features features (J 22.3: a bank hex costs its land; J 22.6,
 * 23.0: a bridge or wagon bridge the rules add to, or take from, the map). */
void gbacw_rules_data_move_cost_as (const GbacwRulesData *data, const GbacwMap *map, GbacwMoveClass move_class,
                                    int from, int direction, guint64 terrain, guint32 features, GbacwMoveCost *out);
/* The cost of the line (road, pike, trail, railroad) the class moves along from the hex
 * index from in direction: the cheapest it may use of those crossing that hexside (6.11,
 * 6.12), in halves; FALSE when none is usable or its cost is unknown. */
gboolean gbacw_rules_data_line_cost (const GbacwRulesData *data, const GbacwMap *map, GbacwMoveClass move_class,
                                     int from, int direction, int *halves);
/* The terrain part only: what the hex's terrain costs (5.15), ignoring hexsides and lines. */
void gbacw_rules_data_hex_cost (const GbacwRulesData *data, const GbacwMap *map, GbacwMoveClass move_class,
                                int hex, GbacwMoveCost *out);
/* The Movement Allowance ("ma" column) in halves; FALSE when unknown. A cell "a/b" holds
 * two allowances (J note A: Union / Confederate): side_position 0 reads a, 1 reads b. */
gboolean gbacw_rules_data_movement_allowance (const GbacwRulesData *data, GbacwMoveClass move_class,
                                              int side_position, int *halves);

/* Limits of the Stacking Restrictions Chart (8.18); GBACW_UNSET where the chart does not
 * say (no row, unknown cell). */
typedef struct {
  int units;               /* combat units other than artillery */
  int sp;                  /* stacking points (gbacw_unit_stacking_points ()) */
  int sections;            /* artillery units (8.13; J 21.2 sections) */
  int fire_per_hexside;    /* small-arms SP per frontal hexside (9.3) */
  int melee_max;           /* maximum melee strength (12.7) */
} GbacwStackingLimits;

/* The limits for hex: the most restrictive of the rows of its terrains, of the row of
 * each side="inside" hexside type (e.g. redan, C 23.27) whose inside is the hex, and of
 * the "column" row when column is TRUE (a hex holding infantry in column). */
void gbacw_rules_data_stacking_limits (const GbacwRulesData *data, const GbacwMap *map, int hex,
                                       gboolean column, GbacwStackingLimits *out);

/* Stacking points (8.12-8.14): infantry and cavalry their current strength (the
 * placement's, else the unit's; 0 when not entered), a battery 1, an artillery section 0
 * (it counts against the sections limit only, J 8.18 "+ 6 Sec."), a wagon 4, a leader 0.
 * placement may be NULL. */
int gbacw_unit_stacking_points (const GbacwUnit *unit, const GbacwPlacement *placement);

G_END_DECLS
