/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-panel.h: the order of battle as a tree, one branch per side.
 *
 * Army, corps, division and brigade, with their regiments, batteries, leaders and
 * wagons; units without a formation at a side's top level. Entries are added,
 * duplicated, deleted and moved (by drag and drop, or Alt+Up / Alt+Down) through the
 * document's undoable commands (gbacw-oob-edit.h). The search entry shows only the
 * entries matching its text, with the formations around them. Rows are also drag
 * sources for the map (deployment) and the reinforcement schedule: the content is the
 * row's GbacwOobItem.
 *
 * "entry-added" (GbacwOobItem *item) tells that an entry was added or duplicated (and
 * is selected). Actions (group "oob"): add-unit (s: unit type token), add-formation (s: formation
 * kind token), duplicate (Ctrl+D), delete (Delete), move-up (Alt+Up), move-down
 * (Alt+Down), search (Ctrl+F), move-to-side and copy-to-side (s: a side id; the entry
 * with everything under it, gbacw_oob_move_to_side () and gbacw_oob_copy_to_side ()),
 * context-menu (Menu, Shift+F10, or the secondary button on a row: those of the entry).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-oob-item.h"

G_BEGIN_DECLS

#define GBACW_TYPE_OOB_PANEL (gbacw_oob_panel_get_type ())
G_DECLARE_FINAL_TYPE (GbacwOobPanel, gbacw_oob_panel, GBACW, OOB_PANEL, GtkBox)

GtkWidget     *gbacw_oob_panel_new (void);

GbacwDocument *gbacw_oob_panel_get_document (GbacwOobPanel *self);
void           gbacw_oob_panel_set_document (GbacwOobPanel *self, GbacwDocument *document);

/* The selected entry (property "selected-item"), or NULL. */
GbacwOobItem  *gbacw_oob_panel_get_selected_item (GbacwOobPanel *self);
/* Selects the entry, expanding the formations above it, and scrolls to it. FALSE when
 * there is no such entry (or the search hides it). */
gboolean       gbacw_oob_panel_select (GbacwOobPanel *self, GbacwOobItemKind kind, const char *id);
/* The item of an entry, NULL if none (transfer none). */
GbacwOobItem  *gbacw_oob_panel_lookup (GbacwOobPanel *self, GbacwOobItemKind kind, const char *id);

/* Moves dragged onto target as a drop does: position -1 before target, 0 into it
 * (formations and sides), 1 after it. One undoable step; FALSE and error when the
 * order of battle cannot take it (the panel shows the message too). */
gboolean       gbacw_oob_panel_drop (GbacwOobPanel *self, GbacwOobItem *dragged, GbacwOobItem *target, int position,
                                     GError **error);

/* The menu of the selected entry: "Move to" and "Copy to" each other side, Duplicate,
 * Delete (empty when no unit or formation is selected). */
GMenuModel    *gbacw_oob_panel_create_entry_menu (GbacwOobPanel *self);

/* The search: the same as typing text into the search entry, applied at once. */
void           gbacw_oob_panel_set_search (GbacwOobPanel *self, const char *text);
/* The rows shown (GtkTreeListRow in the tree, GbacwOobItem while searching). */
GListModel    *gbacw_oob_panel_get_model (GbacwOobPanel *self);
/* How long the last search took to apply, in milliseconds. */
double         gbacw_oob_panel_get_search_time (GbacwOobPanel *self);

G_END_DECLS
