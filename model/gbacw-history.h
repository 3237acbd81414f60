/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-history.h: the undo stack of a document.
 *
 * The history holds applied commands up to the current index and undone ones
 * after it (the redo stack). "modified" is derived from the clean point, the
 * index at which the document was last saved or loaded.
 */
#pragma once

#include "gbacw-command.h"

G_BEGIN_DECLS

#define GBACW_TYPE_HISTORY (gbacw_history_get_type ())
G_DECLARE_FINAL_TYPE (GbacwHistory, gbacw_history, GBACW, HISTORY, GObject)

/* A new history is empty and clean. */
GbacwHistory *gbacw_history_new (void);

/* command has already been applied; the history takes a reference. It discards the
 * redo stack, then merges command into the top command if they merge and the top is
 * not the clean point (a save in the middle of a stroke starts a new undo step).
 * TRUE if it merged. */
gboolean      gbacw_history_push (GbacwHistory *self, GbacwCommand *command);
/* Revert / apply one command on scenario, adding what changed to change (may be
 * NULL). FALSE if there was nothing to undo / redo. */
gboolean      gbacw_history_undo (GbacwHistory *self, GbacwScenario *scenario, GbacwChange *change);
gboolean      gbacw_history_redo (GbacwHistory *self, GbacwScenario *scenario, GbacwChange *change);
/* Marks the current state as saved. */
void          gbacw_history_set_clean (GbacwHistory *self);
/* Drops every command; the document stays modified if it was. */
void          gbacw_history_clear (GbacwHistory *self);
/* Marks the current state as unsaved (a document recovered from a copy): modified until
 * the next save, whatever is undone. */
void          gbacw_history_set_unsaved (GbacwHistory *self);

gboolean      gbacw_history_can_undo (GbacwHistory *self);
gboolean      gbacw_history_can_redo (GbacwHistory *self);
/* TRUE unless the current state is the clean point. Once the clean point has been
 * discarded (undo past a save, then a new edit) it stays TRUE until the next save. */
gboolean      gbacw_history_is_modified (GbacwHistory *self);
/* Labels of the command undo / redo would revert / apply, or NULL. */
const char   *gbacw_history_get_undo_label (GbacwHistory *self);
const char   *gbacw_history_get_redo_label (GbacwHistory *self);
/* Number of applied commands, and of all commands held. */
guint         gbacw_history_get_index (GbacwHistory *self);
guint         gbacw_history_get_n_commands (GbacwHistory *self);
GbacwCommand *gbacw_history_get_command (GbacwHistory *self, guint index);

G_END_DECLS
