/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-combat-charts.h: reading the combat charts of a scenario.
 *
 * The engine takes every chart value from the scenario (docs/file-format.md,
 * "Charts"): the Range Effects Chart (9.25), the Fire Combat Results Table
 * (9.16), the Density Adjustment Chart (8.35), the Terrain Effects on Combat
 * Chart (9.56), the Leader Casualty Table (17.76) and the Seeing the Elephant
 * Table (13.15). Movement charts are read through model/gbacw-rules-data.h.
 *
 * A cell written "?" (unknown) cannot be played: the functions fail with
 * GBACW_CHART_ERROR_UNKNOWN_CELL and a message naming the chart, row and column.
 * Inferred "[v]" and invented "{v}" cells are used like printed ones.
 */
#pragma once

#include <glib.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_CHART_ERROR (gbacw_chart_error_quark ())

typedef enum {
  GBACW_CHART_ERROR_MISSING,       /* no such chart, row or column */
  GBACW_CHART_ERROR_UNKNOWN_CELL,  /* the cell is "?" */
  GBACW_CHART_ERROR_BAD_CELL,      /* the cell cannot be read as what the engine needs */
  GBACW_CHART_ERROR_NOT_ALLOWED,   /* the cell forbids it ("—" range, beyond maximum range) */
} GbacwChartError;

GQuark gbacw_chart_error_quark (void);

/* "—", "–", "-", "" and "n/a": no effect / not applicable. */
gboolean gbacw_cell_is_dash (const char *value);
/* "2", "+1", "-1", "1/2", "1 1/2", "1.5". */
gboolean gbacw_cell_parse_number (const char *value, double *out);
/* Column shifts: "1L" = -1, "2R" = +2, "+1", "-1", "0", dash = 0. */
gboolean gbacw_cell_parse_shift (const char *value, int *out);
/* Whether n lies in a range label: "3", "4-5", "16+", "0" (0 or less when first). */
gboolean gbacw_range_label_contains (const char *label, double n, gboolean first);
/* Lower bound of a range label ("4-5" -> 4, "63+" -> 63, "0" -> 0); FALSE if not a range. */
gboolean gbacw_range_label_lower (const char *label, double *lower);

/* The value of a cell, or NULL with an error (missing chart/row/column, unknown cell). */
const char *gbacw_chart_value (const GbacwScenario *scenario, const char *chart_id, const char *row,
                               const char *col, GError **error);

/* 9.23, 9.25: the multiplier of weapon at range (hexes, counting the target hex).
 * Fails with GBACW_CHART_ERROR_NOT_ALLOWED beyond the weapon's maximum range or where the
 * chart says "—". */
gboolean gbacw_range_multiplier (const GbacwScenario *scenario, const char *weapon, int range,
                                 double *multiplier, GError **error);
/* The "max" column; -1 with an error. */
int      gbacw_range_max (const GbacwScenario *scenario, const char *weapon, GError **error);

/* 9.16: the CRT column (0-based) for a total fire strength on the grapeshot or the
 * small-arms and counter-battery row; the highest column whose lower bound the total
 * reaches (fractional totals are not rounded; rules matrix §7.4). */
int      gbacw_fire_crt_column (const GbacwScenario *scenario, gboolean grapeshot, double total,
                                int *n_columns, GError **error);

typedef enum {
  GBACW_CRT_NONE,      /* — */
  GBACW_CRT_PIN,       /* P: roll > morale ⇒ pinned (9.87) */
  GBACW_CRT_ROUT,      /* R: roll > morale ⇒ routed (9.87) */
  GBACW_CRT_PIN_ROUT,  /* P/R: roll ≤ morale ⇒ pinned, else routed (9.83) */
  GBACW_CRT_LOSS,      /* n or n*: losses, morale check (9.81); star: pin check (9.88) */
} GbacwCrtKind;

typedef struct {
  GbacwCrtKind kind;
  int losses;
  gboolean star;
} GbacwCrtResult;

gboolean gbacw_crt_parse (const char *value, GbacwCrtResult *out);
/* The result at (column, die 1..6). */
gboolean gbacw_fire_crt_result (const GbacwScenario *scenario, int column, int die, GbacwCrtResult *out,
                                GError **error);
char    *gbacw_crt_result_to_string (const GbacwCrtResult *result);

/* 8.35: the column shift for the Strength Points in the target hex. */
gboolean gbacw_density_shift (const GbacwScenario *scenario, int sp, int *shift, GError **error);

typedef enum {
  GBACW_TEC_NO,
  GBACW_TEC_YES,
  GBACW_TEC_OTHER,     /* "other": as the other terrain in the hex (roads, 9.54) */
  GBACW_TEC_ABSENT,    /* no row for this terrain, or the cell is "?" */
} GbacwTecAnswer;

/* 9.56 "blocks-los" for a hex terrain, hexside type or line type id. */
GbacwTecAnswer gbacw_terrain_blocks_los (const GbacwScenario *scenario, const char *terrain_id);
/* 9.56 "fire-shift": FALSE when absent/unknown/"other"; shift is negative to the left. */
gboolean gbacw_terrain_fire_shift (const GbacwScenario *scenario, const char *terrain_id, int *shift);

typedef enum {
  GBACW_LEADER_FATE_NONE,
  GBACW_LEADER_FATE_WOUNDED,
  GBACW_LEADER_FATE_KILLED,
  GBACW_LEADER_FATE_CAPTURED,
} GbacwLeaderFate;

/* 17.76: row "small-arms", "artillery", "melee-k", "melee-c", "melee-rpls"; roll 2..12. */
gboolean gbacw_leader_casualty (const GbacwScenario *scenario, const char *row, int roll,
                                GbacwLeaderFate *fate, GError **error);
/* 12.98: the Melee CRT's differential columns ("-4" … "+6"): the lowest and highest
 * (differentials beyond them use them); FALSE with an error when the chart is missing. */
gboolean gbacw_melee_crt_limits (const GbacwScenario *scenario, int *lowest, int *highest, GError **error);
/* The chart's column id for a differential (clamped), or NULL. */
const char *gbacw_melee_crt_column (const GbacwScenario *scenario, int differential);

typedef struct {
  int killed;          /* K: Strength Points lost (12.91) */
  int captured;        /* Cn (12.93) */
  int retreat;         /* Rn: hexes (12.92) */
  gboolean engaged;    /* Eng (12.94) */
  gboolean repulsed;   /* Rpls (12.95) */
} GbacwMeleeResult;

/* "—", "K", "Cn", "Rn", "CnRm", "Eng", "Rpls". */
gboolean gbacw_melee_result_parse (const char *value, GbacwMeleeResult *out);
/* The result for the attacker (attacker TRUE, row "<die>a") or the defender ("<die>d") at a
 * differential (clamped) and die 1..6; FALSE with an error naming the cell when it is unknown. */
gboolean gbacw_melee_crt_result (const GbacwScenario *scenario, int differential, int die, gboolean attacker,
                                 GbacwMeleeResult *out, GError **error);

/* 9.56 "melee" ("-1 SP"): the change to a unit's melee strength for a terrain, hexside or
 * line id; FALSE when the chart gives none. */
gboolean gbacw_terrain_melee (const GbacwScenario *scenario, const char *terrain_id, int *points);
/* 16.22: 9.56 "charge" = "no": cavalry may not charge into, through or across it. */
gboolean gbacw_terrain_no_charge (const GbacwScenario *scenario, const char *terrain_id);

/* 13.15: roll 2..12 gives a green unit's morale. */
gboolean gbacw_seeing_the_elephant (const GbacwScenario *scenario, int roll, int *morale, GError **error);

G_END_DECLS
