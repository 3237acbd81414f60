/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-print.h: printing the map or the order of battle (File ▸ Print, Ctrl+P).
 *
 * A GtkPrintOperation whose "Map and Roster" tab chooses what to print. The map: the sheets
 * the PDF export makes, the map at true scale (hexes a chosen size across the flats) tiled
 * with overlaps over sheets of the paper chosen in the dialog's page setup (A4, Letter, A3,
 * Legal, Tabloid or any other), with registration and crop marks, labels and the scale bar,
 * after an index page, all drawn by gbacw_map_export_draw_page (). The order of battle: the
 * roster export's rows as a table over pages of that paper (gbacw-roster-print.h).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-background-image.h"
#include "gbacw-editor-host.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_PRINT_MAP,     /* the map's true-scale sheets */
  GBACW_PRINT_ROSTER,  /* the order of battle's pages */
} GbacwPrintContent;

/* Prints the host's document: content (the dialog's tab may change it), the map with the
 * layers its canvas shows and background (may be NULL) in the background layer, on the
 * paper of page_setup (NULL: the last print's, at first the locale's). action
 * GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG shows the print dialog (with a "Map and Roster"
 * tab for what to print, the hex size and the index page) and waits for it;
 * GTK_PRINT_OPERATION_ACTION_EXPORT writes export_path as a PDF file without a dialog;
 * GTK_PRINT_OPERATION_ACTION_PREVIEW (and the dialog's Preview) opens a window named
 * "gbacw-print-preview" that shows the pages one by one. The settings chosen are kept for
 * the next print. */
GtkPrintOperationResult gbacw_print (GbacwEditorHost         *host,
                                     GbacwBackgroundImage    *background,
                                     GbacwPrintContent        content,
                                     GtkPageSetup            *page_setup,
                                     GtkPrintOperationAction  action,
                                     const char              *export_path,
                                     GError                 **error);
/* gbacw_print () of what the last print chose, on its paper (File ▸ Print). */
GtkPrintOperationResult gbacw_print_map (GbacwEditorHost         *host,
                                         GbacwBackgroundImage    *background,
                                         GtkPrintOperationAction  action,
                                         const char              *export_path,
                                         GError                 **error);

G_END_DECLS
