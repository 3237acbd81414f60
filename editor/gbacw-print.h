/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-print.h: printing the map (File ▸ Print, Ctrl+P).
 *
 * A GtkPrintOperation that prints the sheets the PDF export makes: the map at true scale
 * (hexes a chosen size across the flats), tiled over A4 or Letter pages with overlaps,
 * registration and crop marks, labels and the scale bar, after an index page, all drawn by
 * gbacw_map_export_draw_page ().
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-background-image.h"
#include "gbacw-editor-host.h"

G_BEGIN_DECLS

/* Prints the host's document with the layers its canvas shows and background (may be NULL)
 * in the background layer. action GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG shows the print
 * dialog (with a "Map" tab for the hex size and the index page) and waits for it;
 * GTK_PRINT_OPERATION_ACTION_EXPORT writes export_path as a PDF file without a dialog;
 * GTK_PRINT_OPERATION_ACTION_PREVIEW (and the dialog's Preview) opens a window named
 * "gbacw-print-preview" that shows the pages one by one. The settings chosen are kept for
 * the next print. */
GtkPrintOperationResult gbacw_print_map (GbacwEditorHost         *host,
                                         GbacwBackgroundImage    *background,
                                         GtkPrintOperationAction  action,
                                         const char              *export_path,
                                         GError                 **error);

G_END_DECLS
