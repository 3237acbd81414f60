/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-mode.h: entering and leaving test play in an editor window.
 *
 * Carries out the window's action win.test-play (a toggle; F5, the header bar's Test Play
 * button): entering saves the scenario to XML (the document's own file when it is saved
 * and unmodified, else a temporary copy; the document itself is never saved or touched),
 * reads that file back, runs the validator on it (errors are listed in the window and
 * play does not start), makes a game of it (GbacwPlaySession) and shows the window's
 * "play" page (GbacwPlayView) in place of the editor, its header bar in place of the
 * editor's. Meanwhile the window disables its editing actions (the property "active"). Leaving shows the editor
 * exactly as it was left: the same view of the map, the same tool, the document
 * unchanged.
 *
 * Also win.balance: "Run Many Games" for the scenario as saved, from the editor
 * (gbacw_play_mode_run_balance ()).
 */
#pragma once

#include "gbacw-background-controller.h"
#include "gbacw-editor-host.h"
#include "gbacw-play-view.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_MODE (gbacw_play_mode_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayMode, gbacw_play_mode, GBACW, PLAY_MODE, GObject)

/* Test play in window, with the scan under its map that background (may be NULL) draws;
 * stack holds the window's pages, the editor's ("editor") and the play page ("play",
 * added when first entered). */
GbacwPlayMode *gbacw_play_mode_new (GbacwEditorHost *window, GbacwBackgroundController *background,
                                    GtkStack *stack);

/* Enters play mode with a new game from seed; FALSE (and the reason shown in the window)
 * when there is no document, it cannot be saved or read back, or the validator finds
 * errors. */
gboolean       gbacw_play_mode_enter (GbacwPlayMode *self, guint32 seed, GError **error);
/* What win.test-play does: when the scenario has values not entered yet, first asks (a modal
 * question) whether to fill stand-ins (model/gbacw-stand-ins.h; one undo step) and play, play
 * anyway, or cancel; else enters at once. */
void           gbacw_play_mode_start (GbacwPlayMode *self, guint32 seed);
/* The question of gbacw_play_mode_start () while it is shown, else NULL. */
GtkWindow     *gbacw_play_mode_get_stand_ins_offer (GbacwPlayMode *self);
void           gbacw_play_mode_leave (GbacwPlayMode *self);
gboolean       gbacw_play_mode_is_active (GbacwPlayMode *self);
/* The balance dialog for the window's scenario as saved; errors shown in the window. */
void           gbacw_play_mode_run_balance (GbacwPlayMode *self);

/* The play page (made when first asked for). */
GbacwPlayView *gbacw_play_mode_get_view (GbacwPlayMode *self);
/* The XML file the game was made from (NULL when not playing). */
const char    *gbacw_play_mode_get_scenario_path (GbacwPlayMode *self);

G_END_DECLS
