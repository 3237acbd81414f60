/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-new-dialog.h: a new scenario: a blank map (title, size and layout, whose
 * terrain catalogue and charts, a fill terrain), or a game kit opened as a new,
 * untitled document. */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"

G_BEGIN_DECLS

#define GBACW_TYPE_NEW_DIALOG (gbacw_new_dialog_get_type ())
G_DECLARE_FINAL_TYPE (GbacwNewDialog, gbacw_new_dialog, GBACW, NEW_DIALOG, GtkWindow)

/* Modal over parent (may be NULL). On Create it emits "document-created" with the new
 * document and closes. */
GbacwNewDialog *gbacw_new_dialog_new (GtkWindow *parent);

void            gbacw_new_dialog_get_grid (GbacwNewDialog *self, GbacwHexGrid *grid);
void            gbacw_new_dialog_set_grid (GbacwNewDialog *self, const GbacwHexGrid *grid);
/* The game kits listed under "From a Game" (DATADIR/games/), by title. */
guint           gbacw_new_dialog_get_n_games (GbacwNewDialog *self);
const char     *gbacw_new_dialog_get_game_title (GbacwNewDialog *self, guint index);
/* As the user does: shows "From a Game" with the kit at index chosen. */
void            gbacw_new_dialog_choose_game (GbacwNewDialog *self, guint index);
/* As the user does: shows "Blank Map" with title typed, the catalogue of the game kit
 * at index catalogue chosen (-1: the demo's) and the map to be filled with the hex
 * terrain fill_terrain (an id; NULL or one the catalogue lacks: unpainted). */
void            gbacw_new_dialog_set_blank (GbacwNewDialog *self, const char *title, int catalogue,
                                            const char *fill_terrain);
/* What the Create button does. FALSE (and the reason shown in the dialog) on failure. */
gboolean        gbacw_new_dialog_create (GbacwNewDialog *self);

/* A new, unsaved document with an unpainted map of grid and the terrain catalogue and
 * charts of the demo scenario (data/scenarios/demo.xml), or NULL and error. */
GbacwDocument  *gbacw_new_dialog_create_document (const GbacwHexGrid *grid, GError **error);

G_END_DECLS
