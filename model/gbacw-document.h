/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-document.h: a scenario being edited, with its undo history and file.
 *
 * Every change goes through gbacw_document_execute () (or undo / redo), which
 * emits "changed" with a GbacwChange naming what changed, so that views redraw
 * only that. Whether the document is modified is the history's "modified".
 */
#pragma once

#include <gio/gio.h>

#include "gbacw-command.h"
#include "gbacw-history.h"

G_BEGIN_DECLS

#define GBACW_DOCUMENT_ERROR (gbacw_document_error_quark ())

typedef enum {
  GBACW_DOCUMENT_ERROR_NO_PATH,  /* saving a document that has never been saved, without a path */
} GbacwDocumentError;

GQuark gbacw_document_error_quark (void);

#define GBACW_TYPE_DOCUMENT (gbacw_document_get_type ())
G_DECLARE_FINAL_TYPE (GbacwDocument, gbacw_document, GBACW, DOCUMENT, GObject)

/* Takes ownership of scenario. The new document is unmodified and has no path. */
GbacwDocument *gbacw_document_new (GbacwScenario *scenario);
/* A new document for the file, or NULL and error (nothing is created). */
GbacwDocument *gbacw_document_load (const char *path, GError **error);
/* A new document made from the file, which it does not keep as its own: no path (its
 * first save asks where), titled "Untitled"; the file is its template. */
GbacwDocument *gbacw_document_new_from_template (const char *path, GError **error);
/* A document restored from a recovery copy (gbacw-recovery.h): takes ownership of scenario,
 * whose path is path (NULL for a document never saved), modified until it is saved. */
GbacwDocument *gbacw_document_new_recovered (GbacwScenario *scenario, const char *path);
/* Saves to path, or to the document's path when path is NULL. On success the
 * current state becomes the clean point and path the document's path; on failure
 * nothing changes (the document stays modified). */
gboolean       gbacw_document_save (GbacwDocument *self, const char *path, GError **error);

GbacwScenario *gbacw_document_get_scenario (GbacwDocument *self);
GbacwHistory  *gbacw_document_get_history (GbacwDocument *self);
/* NULL until loaded from or saved to a file. */
const char    *gbacw_document_get_path (GbacwDocument *self);
/* The file's basename, or "Untitled" (translated). */
const char    *gbacw_document_get_title (GbacwDocument *self);
/* The file a document was made from with gbacw_document_new_from_template (), else NULL. */
const char    *gbacw_document_get_template (GbacwDocument *self);

/* Applies command (transfer full), pushes it on the history and emits "changed".
 * A command whose change names nothing at all (e.g. a fill that found nothing to
 * fill) is dropped instead, so that it leaves no empty undo step. */
void           gbacw_document_execute (GbacwDocument *self, GbacwCommand *command);
/* FALSE if there was nothing to undo / redo; "changed" is emitted otherwise. */
gboolean       gbacw_document_undo (GbacwDocument *self);
gboolean       gbacw_document_redo (GbacwDocument *self);

G_END_DECLS
