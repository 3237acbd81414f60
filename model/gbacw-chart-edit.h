/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-chart-edit.h: setting cells of rule charts. */
#pragma once

#include "gbacw-command.h"

G_BEGIN_DECLS

#define GBACW_TYPE_CHART_EDIT (gbacw_chart_edit_get_type ())
G_DECLARE_FINAL_TYPE (GbacwChartEdit, gbacw_chart_edit, GBACW, CHART_EDIT, GbacwCommand)

/* Edits with the same non-zero merge_key merge; for a cell set by both, the merged
 * edit keeps the oldest value for undo and the newest value. */
GbacwChartEdit *gbacw_chart_edit_new (const char *label, guint merge_key);
/* Sets the cell at (chart id, row id, column id) to a copy of cell. Cells are
 * located when the edit is applied; one that does not exist is skipped with a
 * critical warning. */
void            gbacw_chart_edit_set_cell (GbacwChartEdit *self, const char *chart, const char *row,
                                           const char *col, const GbacwCell *cell);
guint           gbacw_chart_edit_get_n_cells (GbacwChartEdit *self);

G_END_DECLS
