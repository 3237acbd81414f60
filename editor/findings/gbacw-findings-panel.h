/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-findings-panel.h: what the validator found wrong in the document, live.
 *
 * Lists the findings of a GbacwChecker grouped by the check's group (charts, map,
 * order of battle, …), filtered by severity, each with its severity, rule case,
 * message and location. Activating a finding shows it on the map canvas (centres
 * the view on its hex or hexside, or a unit's hex, and outlines it) and emits
 * "finding-activated". The panel also puts a marker on the canvas at every hex and
 * hexside that has a finding shown.
 *
 * The panel does not run the checker: its owner runs it on the document and updates
 * it with every change; the panel follows the checker's "changed" signal, and
 * changes only the rows of the findings that changed.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-checker.h"
#include "gbacw-document.h"
#include "gbacw-finding-item.h"
#include "gbacw-map-canvas.h"

G_BEGIN_DECLS

#define GBACW_TYPE_FINDINGS_PANEL (gbacw_findings_panel_get_type ())
G_DECLARE_FINAL_TYPE (GbacwFindingsPanel, gbacw_findings_panel, GBACW, FINDINGS_PANEL, GtkWidget)

GtkWidget      *gbacw_findings_panel_new (void);

/* The checker whose findings are shown; NULL shows none. */
GbacwChecker   *gbacw_findings_panel_get_checker (GbacwFindingsPanel *self);
void            gbacw_findings_panel_set_checker (GbacwFindingsPanel *self, GbacwChecker *checker);
/* The document the checker checks. Setting it empties the panel until the checker
 * next reports (run it after setting the document). */
GbacwDocument  *gbacw_findings_panel_get_document (GbacwFindingsPanel *self);
void            gbacw_findings_panel_set_document (GbacwFindingsPanel *self, GbacwDocument *document);
/* The map that shows the markers and the activated finding; may be NULL. */
GbacwMapCanvas *gbacw_findings_panel_get_canvas (GbacwFindingsPanel *self);
void            gbacw_findings_panel_set_canvas (GbacwFindingsPanel *self, GbacwMapCanvas *canvas);

/* The rows as listed: GtkTreeListRow, whose items are GbacwFindingGroup (headers),
 * GbacwFindingCluster (findings alike, closed until opened) and GbacwFindingItem
 * (findings). */
GListModel     *gbacw_findings_panel_get_model (GbacwFindingsPanel *self);
/* Every finding of a severity, shown or not. */
guint           gbacw_findings_panel_get_count (GbacwFindingsPanel *self, GbacwSeverity severity);
gboolean        gbacw_findings_panel_get_show_severity (GbacwFindingsPanel *self, GbacwSeverity severity);
void            gbacw_findings_panel_set_show_severity (GbacwFindingsPanel *self, GbacwSeverity severity, gboolean show);
/* Whether the canvas shows markers at the findings shown (the "findings" layer). */
gboolean        gbacw_findings_panel_get_show_markers (GbacwFindingsPanel *self);
void            gbacw_findings_panel_set_show_markers (GbacwFindingsPanel *self, gboolean show);

/* As clicking the row at position: a header row opens or closes, a finding is shown. */
void            gbacw_findings_panel_activate_row (GbacwFindingsPanel *self, guint position);
/* Shows item's place on the canvas and emits "finding-activated". */
void            gbacw_findings_panel_show_finding (GbacwFindingsPanel *self, GbacwFindingItem *item);
/* A line for the status bar: where the finding is, in words, and what it says. */
char           *gbacw_findings_panel_describe (GbacwFindingsPanel *self, GbacwFindingItem *item);

G_END_DECLS
