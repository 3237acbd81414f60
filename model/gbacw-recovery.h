/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-recovery.h: recovery copies of unsaved documents, for a restart after a crash.
 *
 * The editor's autosave (editor/gbacw-autosave.h) writes each modified document as a
 * recovery copy in the user's state folder, $XDG_STATE_HOME/gbacw/recovery
 * (~/.local/state/gbacw/recovery), never over the user's file. A copy is two files named
 * PID-N: PID-N.xml, the scenario (its scan's path made absolute), and PID-N.ini, what it
 * is a copy of (the document's file, title, the time and the writing process's id). Both
 * go through the safe writer, the scenario first, so that an index never names a
 * scenario that is not whole; removing takes the index first.
 *
 * A copy is left over from a run that did not end cleanly when no process with its PID
 * is alive, or the one alive is another (the index records the boot and the writer's
 * start time, as Linux's /proc tells them): a clean close removes its copies.
 */
#pragma once

#include "gbacw-document.h"

G_BEGIN_DECLS

typedef struct {
  char *id;              /* PID-N: the copy's files are id.xml and id.ini */
  char *original_path;   /* the document's file, NULL if it had never been saved */
  char *title;           /* the document's title when the copy was written */
  GDateTime *saved;      /* when the copy was written (local time) */
  gint64 pid;            /* the process that wrote it */
  char *process;         /* which process that was (its boot and start time), or NULL */
} GbacwRecoveryCopy;

void  gbacw_recovery_copy_free (GbacwRecoveryCopy *copy);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwRecoveryCopy, gbacw_recovery_copy_free)

/* The folder of the copies (not created). */
char *gbacw_recovery_get_folder (void);

/* A new id for this process's next document: PID-N. */
char *gbacw_recovery_new_id (void);

/* Writes document as the copy id (replacing an older copy of the same id), creating the
 * folder if need be. Errors name the file and what to do. */
gboolean gbacw_recovery_write (GbacwDocument *document, const char *id, GError **error);

/* Removes the copy's files; a copy that is not there is no error. */
void  gbacw_recovery_remove (const char *id);

/* The copies whose writer is no longer running, oldest first (GbacwRecoveryCopy). Index
 * files that cannot be read or make no sense are left alone and not listed. */
GPtrArray *gbacw_recovery_list_orphans (void);

/* The copy as a document: its original path, modified. NULL and error when the copy
 * cannot be read (bounded, as any scenario) or parsed; error names the copy's file. */
GbacwDocument *gbacw_recovery_load (const GbacwRecoveryCopy *copy, GError **error);

G_END_DECLS
