/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-chart-editor.h: the scenario's charts as tables.
 *
 * Each chart (Terrain Effects, Range Effects, Fire and Melee CRTs, stacking…) is shown
 * as a grid of cells, one row per chart row and one column per chart column. Cells
 * the rulebooks do not give show "?" greyed; inferred ("[v]") and invented ("{v}")
 * cells are marked in colours of their own. A cell is edited by typing its value (in
 * the same notation) and pressing Enter or leaving it: one undoable step
 * (gbacw_chart_edit).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"

G_BEGIN_DECLS

#define GBACW_TYPE_CHART_EDITOR (gbacw_chart_editor_get_type ())
G_DECLARE_FINAL_TYPE (GbacwChartEditor, gbacw_chart_editor, GBACW, CHART_EDITOR, GtkWindow)

GbacwChartEditor *gbacw_chart_editor_new (GtkWindow *parent, GbacwDocument *document);

/* Shows chart id; FALSE when there is no such chart. */
gboolean          gbacw_chart_editor_show_chart (GbacwChartEditor *self, const char *id);
const char       *gbacw_chart_editor_get_chart (GbacwChartEditor *self);
/* The entry of a cell of the chart shown, NULL if none. */
GtkEditable      *gbacw_chart_editor_get_cell_entry (GbacwChartEditor *self, const char *row, const char *col);
/* Types text into the cell and commits it, as Enter does. FALSE when nothing changed. */
gboolean          gbacw_chart_editor_set_cell_text (GbacwChartEditor *self, const char *row, const char *col,
                                                    const char *text);

G_END_DECLS
