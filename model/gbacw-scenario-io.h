/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-io.h: reading and writing scenario files (docs/file-format.md).
 *
 * Loading parses the XML without DTDs, entities or network access, checks the
 * format version, validates against the RELAX NG schema (data/gbacw-scenario.rng)
 * and then checks what the schema cannot (unique ids, references, ranges, row
 * sizes). Every error message starts with "FILE:LINE: ". A failed load returns
 * NULL and leaves nothing behind.
 *
 * Saving writes a canonical form (two-space indentation, fixed element and
 * attribute order, one line per map row): load then save of a file the program
 * wrote is byte-identical. Saving a file goes through gbacw-safe-write.h: a failed
 * save leaves the file and its backup as they were, and a scenario's old file is kept as
 * FILE~.
 */
#pragma once

#include <glib.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_IO_ERROR (gbacw_io_error_quark ())

typedef enum {
  GBACW_IO_ERROR_PARSE,      /* not well-formed XML */
  GBACW_IO_ERROR_SCHEMA,     /* does not match the schema: unknown element or attribute, bad token */
  GBACW_IO_ERROR_INVALID,    /* matches the schema but the content is wrong: duplicate id, dangling reference, range */
  GBACW_IO_ERROR_VERSION,    /* written by a newer gbacw */
  GBACW_IO_ERROR_TOO_LARGE,  /* over 256 MiB */
  GBACW_IO_ERROR_FORBIDDEN,  /* a DTD, an entity declaration or reference */
  GBACW_IO_ERROR_WRITE,      /* saving failed */
} GbacwIoError;

GQuark gbacw_io_error_quark (void);

#define GBACW_FORMAT_VERSION 1
#define GBACW_NAMESPACE "urn:gbacw:scenario"
#define GBACW_GAME_RECORD_NAMESPACE "urn:gbacw:game"
/* Text larger than this is refused (files are refused before they are read by
 * gbacw_file_read (), gbacw-file-read.h, at the same limit). */
#define GBACW_MAX_FILE_SIZE (256u * 1024u * 1024u)

/* Errors reading the file itself come as G_FILE_ERROR (missing, unreadable) or
 * GBACW_FILE_READ_ERROR (not a regular file, over 256 MiB). */
GbacwScenario *gbacw_scenario_load_file (const char *path, GError **error);
/* display_name is used in error messages ("FILE:LINE: "); NULL gives "(memory)". */
GbacwScenario *gbacw_scenario_load_bytes (GBytes *bytes, const char *display_name, GError **error);

/* The canonical file text; never fails. */
GBytes        *gbacw_scenario_save_to_bytes (const GbacwScenario *scenario);
/* Atomic (gbacw-safe-write.h): the old file is kept as PATH~. Errors are GBACW_IO_ERROR_WRITE. */
gboolean       gbacw_scenario_save_file (const GbacwScenario *scenario, const char *path, GError **error);

/* Chart library files (root <charts>): the catalogue entries and charts are merged into
 * catalogue and charts (GbacwChart*), replacing entries with the same ids and appending the
 * others. On error neither is changed. */
gboolean       gbacw_charts_load_file (const char *path, GbacwCatalogue *catalogue, GPtrArray *charts,
                                       GError **error);

/* The canonical text of a chart library file. */
GBytes        *gbacw_charts_save_to_bytes (const GbacwCatalogue *catalogue, const GPtrArray *charts);
/* Atomic as gbacw_scenario_save_file (), without a backup. */
gboolean       gbacw_charts_save_file (const GbacwCatalogue *catalogue, const GPtrArray *charts, const char *path,
                                       GError **error);

/* A game record's text (docs/game-record.md) checked as scenario files are: UTF-8 XML
 * without DTD or entities, the root <game> in GBACW_GAME_RECORD_NAMESPACE, a version this
 * gbacw reads, valid against data/gbacw-game-record.rng. Errors are GBACW_IO_ERROR,
 * "NAME:LINE: …". On success *scenario is the scenario attribute, *scenario_line its
 * line, and *action_lines (int) the line of each action, the children of <game>. */
gboolean       gbacw_game_record_check (GBytes *bytes, const char *display_name, char **scenario,
                                        int *scenario_line, GArray **action_lines, GError **error);

/* The scenario schema file. By default it is gbacw-scenario.rng in the data directory
 * (gbacw-data.h). NULL restores the default. */
void           gbacw_scenario_io_set_schema_path (const char *path);

G_END_DECLS
