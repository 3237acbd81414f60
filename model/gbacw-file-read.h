/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-file-read.h: reading a user's file whole, bounded.
 *
 * Every reader of a user's file (scenario, chart library, game record, roster, background
 * image) reads through gbacw_file_read (): the file is opened without blocking (a named
 * pipe never stops the program at open), the open descriptor is checked (so what is
 * checked is what is read) and refused unless it is a regular file, a file over the
 * kind's limit is refused before a byte is read, and at most limit + 1 bytes are read, so
 * that a file that grows while it is read is refused too. The limits are documented in
 * docs/file-format.md, docs/game-record.md and the README.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define GBACW_FILE_READ_ERROR (gbacw_file_read_error_quark ())

typedef enum {
  GBACW_FILE_READ_ERROR_NOT_A_FILE,  /* a folder, a named pipe, a device, a socket */
  GBACW_FILE_READ_ERROR_TOO_LARGE,   /* over the limit of its kind */
} GbacwFileReadError;

GQuark gbacw_file_read_error_quark (void);

/* What a file is read as: each kind has its size limit and its words in messages. */
typedef enum {
  GBACW_FILE_KIND_SCENARIO,
  GBACW_FILE_KIND_CHART_LIBRARY,
  GBACW_FILE_KIND_GAME_RECORD,
  GBACW_FILE_KIND_ROSTER,
  GBACW_FILE_KIND_IMAGE,
  GBACW_FILE_KIND_BALANCE_RESULTS,   /* gbacw balance --format json */
  GBACW_FILE_KIND_TRACE_SAMPLES,
} GbacwFileKind;

/* The largest file of that kind that is read, in bytes. */
guint64  gbacw_file_kind_limit (GbacwFileKind kind);

/* The whole file. Errors name the file (g_filename_display_name ()): G_FILE_ERROR when it
 * cannot be opened or read, GBACW_FILE_READ_ERROR when it is not a regular file or is too
 * large. */
GBytes  *gbacw_file_read (const char *path, GbacwFileKind kind, GError **error);

/* gbacw_file_read () with the limit given instead of a kind's (for tests); the messages
 * are those of kind. */
GBytes  *gbacw_file_read_limited (const char *path, GbacwFileKind kind, guint64 limit, GError **error);

G_END_DECLS
