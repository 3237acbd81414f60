/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-row.h: a row of the order-of-battle panel.
 *
 * An expander (in the tree) or an indent (in the search results), the entry's counter
 * (gbacw_counter_draw; a formation shows its commander's), its name and a summary of
 * its values; brigades add their total Strength Points and guns beside the BCE limit,
 * and entries with values not entered yet say how many (the tooltip names them).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-oob-item.h"

G_BEGIN_DECLS

#define GBACW_TYPE_OOB_ROW (gbacw_oob_row_get_type ())
G_DECLARE_FINAL_TYPE (GbacwOobRow, gbacw_oob_row, GBACW, OOB_ROW, GtkWidget)

GtkWidget    *gbacw_oob_row_new (void);

/* row: the tree's row (NULL in a flat list, where the item's depth indents it). */
void          gbacw_oob_row_bind (GbacwOobRow *self, GbacwDocument *document, GbacwOobItem *item,
                                  GtkTreeListRow *row);
void          gbacw_oob_row_unbind (GbacwOobRow *self);
GbacwOobItem *gbacw_oob_row_get_item (GbacwOobRow *self);
/* Shows the entry's values (as kept on the item, see below). */
void          gbacw_oob_row_refresh (GbacwOobRow *self);
/* Forgets what rows show of item, after its entry (or anything it shows) changed. */
void          gbacw_oob_row_forget_texts (GbacwOobItem *item);

/* Where a drop at height y of the row goes: -1 before it, 0 into it, 1 after it. */
void          gbacw_oob_row_set_drop_mark (GbacwOobRow *self, int position, gboolean shown);

/* The texts shown, for the tests: "name", "detail", "totals", "missing". */
const char   *gbacw_oob_row_get_text (GbacwOobRow *self, const char *part);

/* The values of the entry a user still has to enter (translated field names, ", "
 * separated into names when not NULL); their number. */
guint         gbacw_oob_count_missing (const GbacwScenario *scenario, GbacwOobItem *item, GString *names);

/* The counter of a unit, or of a formation's commander, drawn size pixels wide
 * (upright); a formation without a commander gets its size marks (X, XX…). */
void          gbacw_oob_draw_entry_counter (cairo_t *cr, const GbacwScenario *scenario, GbacwOobItem *item,
                                            double x, double y, double size);

G_END_DECLS
