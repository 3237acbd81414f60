/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-roster-csv.h: the order of battle as a spreadsheet (CSV, RFC 4180).
 *
 * One row per order-of-battle entry (formations, leaders and units), in the order
 * of the file (each side's units without formation, then its formations depth
 * first: the formation, its units and leaders, its sub-formations). The columns
 * are gbacw_roster_columns (); README.md "Rosters (CSV)" documents them. An empty
 * cell is a value not entered yet.
 *
 * Import checks every row before anything changes and reports every bad cell as
 * "FILE:LINE:COLUMN: message" (one per line of the error message; LINE is the
 * line the row starts on, COLUMN the field number, both from 1). Rows update the
 * entries with their id and add the others; entries not in the file are kept (a
 * roster of one side leaves the other alone). Siblings take the order of the rows.
 * Export, import, export gives the same bytes.
 */
#pragma once

#include "gbacw-command.h"

G_BEGIN_DECLS

#define GBACW_ROSTER_ERROR (gbacw_roster_error_quark ())

typedef enum {
  GBACW_ROSTER_ERROR_PARSE,    /* not CSV: a stray quote, an unterminated field, not UTF-8 */
  GBACW_ROSTER_ERROR_INVALID,  /* CSV, but some rows are wrong (the message lists each) */
  GBACW_ROSTER_ERROR_SIDE,     /* export: no such side */
} GbacwRosterError;

GQuark gbacw_roster_error_quark (void);

/* The field separator of a roster file. Import finds it from the header row. */
typedef enum {
  GBACW_ROSTER_DELIMITER_COMMA,
  GBACW_ROSTER_DELIMITER_SEMICOLON,  /* what spreadsheets write where the decimal point is a comma */
  GBACW_ROSTER_DELIMITER_TAB,
} GbacwRosterDelimiter;

/* The encoding of a roster file. Import reads UTF-8 (with or without a byte order mark)
 * and UTF-16 of either byte order after a byte order mark. */
typedef enum {
  GBACW_ROSTER_ENCODING_UTF8,   /* no byte order mark */
  GBACW_ROSTER_ENCODING_UTF16,  /* little-endian, after a byte order mark */
} GbacwRosterEncoding;

/* The column names in export order, NULL-terminated (static). */
const char *const *gbacw_roster_columns (void);

/* The rows the export writes, in its order, each a NULL-terminated array of the cells of
 * gbacw_roster_columns () ("" where no value is entered); the first row is the column
 * names. NULL and GBACW_ROSTER_ERROR_SIDE if side is no side. Free with g_ptr_array_unref. */
GPtrArray *gbacw_roster_export_rows (const GbacwScenario *scenario, const char *side, GError **error);
/* The roster of side (a side id, NULL for every side), CRLF line ends: comma-separated
 * UTF-8, or as given. */
GBytes *gbacw_roster_export (const GbacwScenario *scenario, const char *side, GError **error);
GBytes *gbacw_roster_export_as (const GbacwScenario *scenario, const char *side, GbacwRosterDelimiter delimiter,
                                GbacwRosterEncoding encoding, GError **error);
/* The same written as the file path, atomically (gbacw-safe-write.h, no backup); a failed
 * write is a G_FILE_ERROR whose message names path. */
gboolean gbacw_roster_export_file (const GbacwScenario *scenario, const char *side, const char *path,
                                   GError **error);
gboolean gbacw_roster_export_file_as (const GbacwScenario *scenario, const char *side,
                                      GbacwRosterDelimiter delimiter, GbacwRosterEncoding encoding,
                                      const char *path, GError **error);

/* One undoable command (label "Import roster") that makes the scenario's order of
 * battle what csv says, or NULL and an error naming every bad row. display_name is
 * the file name used in messages (NULL: "roster.csv"). The command is built for the
 * scenario as it is now; apply it before anything else changes it. */
GbacwCommand *gbacw_roster_import_command (GbacwScenario *scenario, GBytes *csv, const char *display_name,
                                           GError **error);

G_END_DECLS
