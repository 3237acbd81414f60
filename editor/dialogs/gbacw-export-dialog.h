/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-export-dialog.h: exports the map of a window's document.
 *
 * PNG or SVG at a chosen hex width in pixels, or a PDF to print: the map at its true
 * size (hex width across the flats in mm) over A4 or Letter sheets with overlaps and
 * marks; with the layers chosen. The same code as `gbacw render` (gbacw-map-export).
 * Or, for the community's tools, the whole scenario as a Tiled map (TMX, with its tileset
 * images beside it) or a VASSAL module (VMOD), as `gbacw export` writes them.
 */
#pragma once

#include "gbacw-editor-host.h"
#include "gbacw-map-export.h"

G_BEGIN_DECLS

#define GBACW_TYPE_EXPORT_DIALOG (gbacw_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (GbacwExportDialog, gbacw_export_dialog, GBACW, EXPORT_DIALOG, GtkWindow)

/* image: the scan drawn in the background layer, or NULL. */
GbacwExportDialog *gbacw_export_dialog_new (GbacwEditorHost *window, GbacwBackgroundImage *image);

/* The dialog's formats: the map export's, then Tiled's and VASSAL's. */
typedef enum {
  GBACW_EXPORT_DIALOG_PNG = GBACW_EXPORT_PNG,
  GBACW_EXPORT_DIALOG_SVG = GBACW_EXPORT_SVG,
  GBACW_EXPORT_DIALOG_PDF = GBACW_EXPORT_PDF,
  GBACW_EXPORT_DIALOG_TMX,
  GBACW_EXPORT_DIALOG_VMOD,
} GbacwExportDialogFormat;

void               gbacw_export_dialog_set_format (GbacwExportDialog *self, GbacwExportFormat format);
/* Any of the dialog's formats, as chosen in its Format list. */
void               gbacw_export_dialog_select (GbacwExportDialog *self, GbacwExportDialogFormat format);
GbacwExportDialogFormat gbacw_export_dialog_get_selected (GbacwExportDialog *self);
/* The options as the dialog shows them (options->background included). */
void               gbacw_export_dialog_get_options (GbacwExportDialog *self, GbacwExportOptions *options);
/* Exports with the options shown, as the Export button does after asking for a file.
 * The layers are the map export's; a TMX or VMOD holds the whole scenario. */
gboolean           gbacw_export_dialog_export_to (GbacwExportDialog *self, const char *path, GError **error);

G_END_DECLS
