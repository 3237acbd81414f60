/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding-group.h: the findings of one group of checks ("map", "oob", …), a header
 * row of the findings panel whose children are its findings.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-finding-item.h"

G_BEGIN_DECLS

#define GBACW_TYPE_FINDING_GROUP (gbacw_finding_group_get_type ())
G_DECLARE_FINAL_TYPE (GbacwFindingGroup, gbacw_finding_group, GBACW, FINDING_GROUP, GObject)

/* id as GbacwCheckInfo's group; title already translated; filter (may be NULL) picks
 * which findings are shown. */
GbacwFindingGroup *gbacw_finding_group_new (const char *id, const char *title, GtkFilter *filter);

const char        *gbacw_finding_group_get_id (GbacwFindingGroup *self);
const char        *gbacw_finding_group_get_title (GbacwFindingGroup *self);
/* Every finding of the group: GbacwFindingItem, in report order. */
GListModel        *gbacw_finding_group_get_items (GbacwFindingGroup *self);
/* The same as an array (owned by the group, valid until its next update). */
GbacwFindingItem *const *gbacw_finding_group_peek_items (GbacwFindingGroup *self, guint *n_items);
/* The rows the filter shows: GbacwFindingItem, or GbacwFindingCluster for findings
 * alike (three or more); the "n-shown" property counts the findings in them. */
GListModel        *gbacw_finding_group_get_shown (GbacwFindingGroup *self);
guint              gbacw_finding_group_get_n_shown (GbacwFindingGroup *self);

/* Makes the items those of findings (GbacwFinding*, in report order): keeps the
 * items before and after the part that differs, so that an edit changes only the
 * rows of what it touched. replace_all drops every item first (the grid changed,
 * and with it the location texts). */
void               gbacw_finding_group_update (GbacwFindingGroup  *self,
                                               GPtrArray          *findings,
                                               const GbacwHexGrid *grid,
                                               gboolean            replace_all);

G_END_DECLS
