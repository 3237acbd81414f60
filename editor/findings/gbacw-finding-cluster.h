/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding-cluster.h: findings that say the same thing of different places (one
 * check, one severity, one message format), listed as one row of the findings panel
 * ("1,920 hexes have no terrain yet") whose children are the findings.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-finding-item.h"

G_BEGIN_DECLS

#define GBACW_TYPE_FINDING_CLUSTER (gbacw_finding_cluster_get_type ())
G_DECLARE_FINAL_TYPE (GbacwFindingCluster, gbacw_finding_cluster, GBACW, FINDING_CLUSTER, GObject)

/* A cluster of the findings that gbacw_finding_cluster_same () finds like first's. */
GbacwFindingCluster *gbacw_finding_cluster_new (GbacwFindingItem *first);

/* The findings: GbacwFindingItem, in report order (the "n-items" property counts them). */
GListModel          *gbacw_finding_cluster_get_items (GbacwFindingCluster *self);
guint                gbacw_finding_cluster_get_n_items (GbacwFindingCluster *self);
/* The first finding: its check, severity, rule case and location kind are those of all. */
const GbacwFinding  *gbacw_finding_cluster_get_finding (GbacwFindingCluster *self);
GbacwSeverity        gbacw_finding_cluster_get_severity (GbacwFindingCluster *self);
/* "1,920 hexes have no terrain yet", "3 units: The strength of … is not entered yet" */
char                *gbacw_finding_cluster_get_title (GbacwFindingCluster *self);

/* Makes the items those of items (GbacwFindingItem*), keeping the items before and
 * after the part that differs. */
void                 gbacw_finding_cluster_set_items (GbacwFindingCluster *self, GPtrArray *items);

/* Whether two findings belong to one cluster, and a hash that agrees (for GHashTable
 * on GbacwFindingItem*). */
gboolean             gbacw_finding_cluster_same (gconstpointer a, gconstpointer b);
guint                gbacw_finding_cluster_hash (gconstpointer item);

/* Makes store's items those of items (GObject*, compared by identity), replacing only
 * the part between what is equal at both ends, so that only changed rows are redone.
 * mirror holds store's items (unowned) and is kept in step. */
void                 gbacw_finding_splice_changed (GListStore *store, GPtrArray *mirror, GPtrArray *items);

G_END_DECLS
