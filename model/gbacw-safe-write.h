/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-safe-write.h: writing a user's file so that a failed write never costs the old one.
 *
 * Every file the program writes for the user (scenario, chart library, roster, game
 * record, log, image, PDF) goes through here:
 *
 * 1. A symbolic link is followed to the real file: the real file is replaced and the link
 *    stays a link. Anything there that is not a regular file (a folder, a device, a pipe) is
 *    refused.
 * 2. The data go to a new temporary file in the real file's folder (created exclusively,
 *    with the old file's mode, or 0666 less the umask for a new file), are flushed and
 *    synced to the disk, and the file is closed; every one of these steps is checked.
 * 3. With GBACW_SAFE_WRITE_BACKUP, the old file is kept as FILE~ beside the real file: a
 *    hard link to the old file (a copy where the file system has no hard links) made only
 *    now, under a temporary name, and renamed over FILE~ once the target has been replaced.
 *    FILE~ is therefore never empty or partial, and it keeps the original's mode.
 * 4. The temporary file is renamed over the target and the folder is synced.
 *
 * The target is replaced, not rewritten in place: other hard links to the old file keep the
 * old content, as they would after any editor's safe save.
 *
 * On any error the temporary files are removed, the target and FILE~ are byte-identical to
 * what they were, and the error (G_FILE_ERROR, the code from errno) names the user's file
 * as it was given, says what went wrong in plain words and what to do, e.g. "T.xml: could
 * not save: the disk is full; free some space or save elsewhere. The file was not changed."
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  GBACW_SAFE_WRITE_NONE = 0,
  GBACW_SAFE_WRITE_BACKUP = 1 << 0,  /* keep the old file as FILE~ */
} GbacwSafeWriteFlags;

/* Writes length bytes of data as the file path. */
gboolean gbacw_safe_write_file (const char           *path,
                                const void           *data,
                                gsize                 length,
                                GbacwSafeWriteFlags   flags,
                                GError              **error);

/* For writers that produce their data piece by piece: open, write any number of times,
 * then commit (which replaces the target) or abort (which leaves it alone). */
typedef struct _GbacwSafeWriter GbacwSafeWriter;

/* Fails (nothing created) when the temporary file cannot be made. */
GbacwSafeWriter *gbacw_safe_writer_open       (const char           *path,
                                               GbacwSafeWriteFlags   flags,
                                               GError              **error);
/* FALSE once a write has failed; later writes do nothing, and commit reports the failure. */
gboolean         gbacw_safe_writer_write      (GbacwSafeWriter      *writer,
                                               const void           *data,
                                               gsize                 length);
gboolean         gbacw_safe_writer_has_failed (GbacwSafeWriter      *writer);
/* Syncs, keeps the backup and renames; frees writer, whatever the outcome. */
gboolean         gbacw_safe_writer_commit     (GbacwSafeWriter      *writer,
                                               GError              **error);
/* Removes the temporary file; the target is untouched. Frees writer; NULL is allowed. */
void             gbacw_safe_writer_abort      (GbacwSafeWriter      *writer);

G_END_DECLS
