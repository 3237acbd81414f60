/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-autosave.h: recovery copies of a window's unsaved document, and the offer to
 * restore them after a crash.
 *
 * While the window's document has unsaved changes, a recovery copy of it
 * (model/gbacw-recovery.h) is written autosave-interval seconds (GSettings, 60 by
 * default; 0 turns it off) after a change, never over the user's file. The copy is removed
 * when the document is saved (or undone to its saved state), replaced, or its window
 * closes: only a run that does not end cleanly leaves copies behind. At start-up the
 * application offers each left-over copy in a dialog (the document's name and the time of
 * the copy): Restore opens it with its original file name, modified; Discard removes it;
 * closing the dialog keeps it for the next start.
 */
#pragma once

#include "gbacw-window.h"

G_BEGIN_DECLS

#define GBACW_TYPE_AUTOSAVE (gbacw_autosave_get_type ())
G_DECLARE_FINAL_TYPE (GbacwAutosave, gbacw_autosave, GBACW, AUTOSAVE, GObject)

/* Autosaves the documents window shows from now on (window keeps it; transfer none). The
 * application attaches one to each of its windows as it is added. */
GbacwAutosave *gbacw_autosave_attach (GbacwWindow *window);
/* The window's autosave, or NULL. */
GbacwAutosave *gbacw_autosave_get (GbacwWindow *window);

/* The id of the document's recovery copy while there is one, else NULL. */
const char    *gbacw_autosave_get_copy_id (GbacwAutosave *self);
/* Writes the recovery copy now if the document has unsaved changes; a failure is shown in
 * the window (once, until a copy is written again). TRUE if a copy was written. */
gboolean       gbacw_autosave_save_now (GbacwAutosave *self);

/* Shows a Restore / Discard dialog for each copy left over from a run that did not end
 * cleanly, over window (or the application's active window). A restored copy opens in
 * window when it can be replaced without loss, else in a new window (always when window
 * is NULL). The number of dialogs shown. */
guint          gbacw_autosave_offer_recovery (GtkApplication *application, GbacwWindow *window);

G_END_DECLS
