/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-export-dialog.h: exports the map of a window's document.
 *
 * PNG or SVG at a chosen hex width in pixels, or a PDF to print: the map at its true
 * size (hex width across the flats in mm) over A4 or Letter sheets with overlaps and
 * marks; with the layers chosen. The same code as `gbacw render` (gbacw-map-export).
 */
#pragma once

#include "gbacw-editor-host.h"
#include "gbacw-map-export.h"

G_BEGIN_DECLS

#define GBACW_TYPE_EXPORT_DIALOG (gbacw_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (GbacwExportDialog, gbacw_export_dialog, GBACW, EXPORT_DIALOG, GtkWindow)

/* image: the scan drawn in the background layer, or NULL. */
GbacwExportDialog *gbacw_export_dialog_new (GbacwEditorHost *window, GbacwBackgroundImage *image);

void               gbacw_export_dialog_set_format (GbacwExportDialog *self, GbacwExportFormat format);
/* The options as the dialog shows them (options->background included). */
void               gbacw_export_dialog_get_options (GbacwExportDialog *self, GbacwExportOptions *options);
/* Exports with the options shown, as the Export button does after asking for a file. */
gboolean           gbacw_export_dialog_export_to (GbacwExportDialog *self, const char *path, GError **error);

G_END_DECLS
