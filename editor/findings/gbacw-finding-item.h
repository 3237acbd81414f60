/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding-item.h: one finding of the validator, as a row of the findings panel.
 *
 * Holds a copy of the finding (the checker's own are only valid until its next
 * update) and the location text shown beside the message.
 */
#pragma once

#include <glib-object.h>

#include "gbacw-finding.h"

G_BEGIN_DECLS

#define GBACW_TYPE_FINDING_ITEM (gbacw_finding_item_get_type ())
G_DECLARE_FINAL_TYPE (GbacwFindingItem, gbacw_finding_item, GBACW, FINDING_ITEM, GObject)

/* Copies finding; grid names its location. */
GbacwFindingItem   *gbacw_finding_item_new (const GbacwFinding *finding, const GbacwHexGrid *grid);

const GbacwFinding *gbacw_finding_item_get_finding (GbacwFindingItem *self);
GbacwSeverity       gbacw_finding_item_get_severity (GbacwFindingItem *self);
/* As `gbacw check` prints it: "0508", "0508/ne", "unit:ID", "chart:ID/ROW/COL", … */
const char         *gbacw_finding_item_get_location (GbacwFindingItem *self);
/* "[22.1]", or "" when the finding names no case. */
const char         *gbacw_finding_item_get_rule_case_label (GbacwFindingItem *self);
/* A hash of the check, severity, location kind and message format: equal for findings
 * alike (gbacw_finding_cluster_same ()). */
guint               gbacw_finding_item_get_alike_hash (GbacwFindingItem *self);
/* Whether two findings are alike: one check, severity, rule case, location kind and
 * message format (or, without a format, the same message). */
gboolean            gbacw_finding_item_alike (GbacwFindingItem *a, GbacwFindingItem *b);
/* Whether finding says the same thing at the same place as the item's. */
gboolean            gbacw_finding_item_matches (GbacwFindingItem *self, const GbacwFinding *finding);

G_END_DECLS
