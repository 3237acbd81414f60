/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-inspector.h: every value of the selected order-of-battle entry, as a form.
 *
 * The fields are the ones the rules use for the kind of entry (gbacw-oob-edit.h's
 * GbacwOobField): each is checked as it is typed, the reason for a refusal shown
 * beside it, and a good value is applied at once as one undoable step per field
 * (typing into a field merges). Values not entered yet are marked as such. Brigades
 * show their total Strength Points and guns beside their BCE limit; units where they
 * stand on the map.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-oob-item.h"

G_BEGIN_DECLS

#define GBACW_TYPE_OOB_INSPECTOR (gbacw_oob_inspector_get_type ())
G_DECLARE_FINAL_TYPE (GbacwOobInspector, gbacw_oob_inspector, GBACW, OOB_INSPECTOR, GtkBox)

GtkWidget     *gbacw_oob_inspector_new (void);

GbacwDocument *gbacw_oob_inspector_get_document (GbacwOobInspector *self);
void           gbacw_oob_inspector_set_document (GbacwOobInspector *self, GbacwDocument *document);
/* The entry shown (a formation or unit; a side or NULL shows nothing). */
GbacwOobItem  *gbacw_oob_inspector_get_item (GbacwOobInspector *self);
void           gbacw_oob_inspector_set_item (GbacwOobInspector *self, GbacwOobItem *item);

/* The field's widget (a GtkEditable, GtkCheckButton or GtkDropDown), NULL when the
 * entry has no such field shown. */
GtkWidget     *gbacw_oob_inspector_get_field_widget (GbacwOobInspector *self, GbacwOobField field);
/* Sets a field as a user would: types text into its entry, picks the dropdown item
 * whose value is text, or checks the box for "yes". */
void           gbacw_oob_inspector_set_field_text (GbacwOobInspector *self, GbacwOobField field, const char *text);
/* Moves the keyboard focus to the field (e.g. the name of a new entry). */
void           gbacw_oob_inspector_focus_field (GbacwOobInspector *self, GbacwOobField field);
/* The message shown beside the field ("" when its value is good). */
const char    *gbacw_oob_inspector_get_message (GbacwOobInspector *self, GbacwOobField field);
/* The totals line of a brigade ("" otherwise). */
const char    *gbacw_oob_inspector_get_totals (GbacwOobInspector *self);
/* Where a unit is: on the map (hex, formation, facing), arriving, or not yet deployed. */
const char    *gbacw_oob_inspector_get_placement (GbacwOobInspector *self);

G_END_DECLS
