/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-new-dialog.h: asks the size and layout of the map of a new scenario. */
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
/* What the Create button does. FALSE (and the reason shown in the dialog) on failure. */
gboolean        gbacw_new_dialog_create (GbacwNewDialog *self);

/* A new, unsaved document with an unpainted map of grid and the terrain catalogue and
 * charts of the demo scenario (data/scenarios/demo.xml), or NULL and error. */
GbacwDocument  *gbacw_new_dialog_create_document (const GbacwHexGrid *grid, GError **error);

G_END_DECLS
