/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding-group.c: the findings of one group of checks. */
#define G_LOG_DOMAIN "gbacw-finding-group"

#include "config.h"

#include "gbacw-finding-cluster.h"
#include "gbacw-finding-group.h"

/* This many findings alike (gbacw_finding_cluster_same ()) are listed as one row. */
#define MIN_CLUSTER 3

struct _GbacwFindingGroup
{
  GObject parent_instance;

  char *id;
  char *title;
  GListStore *items;            /* GbacwFindingItem: every finding */
  GPtrArray *all;               /* items' items (unowned), read without the store's lookups */
  GListStore *rows;             /* GbacwFindingItem or GbacwFindingCluster */
  GPtrArray *row_mirror;        /* rows' items (unowned) */
  GHashTable *clusters;         /* GbacwFindingItem (the first's, as key) -> GbacwFindingCluster */
  GtkFilterListModel *shown;    /* the rows the filter shows */
  guint n_shown;                /* findings in them */
};

G_DEFINE_FINAL_TYPE (GbacwFindingGroup, gbacw_finding_group, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Counts the findings of the rows shown (a cluster's rows count each of its findings). */
static void
count_shown (GbacwFindingGroup *self)
{
  GListModel *shown = G_LIST_MODEL (self->shown);
  guint n_rows = g_list_model_get_n_items (shown), n = 0;

  for (guint i = 0; i < n_rows; i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (shown, i);
      n += GBACW_IS_FINDING_CLUSTER (row) ? gbacw_finding_cluster_get_n_items (GBACW_FINDING_CLUSTER (row)) : 1;
    }
  if (n != self->n_shown)
    {
      self->n_shown = n;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SHOWN]);
    }
}

static void
on_shown_changed (GbacwFindingGroup *self,
                  guint              position,
                  guint              removed,
                  guint              added,
                  GListModel        *model)
{
  count_shown (self);
}

static void
gbacw_finding_group_dispose (GObject *object)
{
  GbacwFindingGroup *self = GBACW_FINDING_GROUP (object);

  if (self->shown != NULL)
    g_signal_handlers_disconnect_by_func (self->shown, on_shown_changed, self);
  g_clear_object (&self->shown);
  g_clear_pointer (&self->clusters, g_hash_table_unref);
  g_clear_object (&self->rows);
  g_clear_pointer (&self->row_mirror, g_ptr_array_unref);
  g_clear_object (&self->items);
  g_clear_pointer (&self->all, g_ptr_array_unref);

  G_OBJECT_CLASS (gbacw_finding_group_parent_class)->dispose (object);
}

static void
gbacw_finding_group_finalize (GObject *object)
{
  GbacwFindingGroup *self = GBACW_FINDING_GROUP (object);

  g_free (self->id);
  g_free (self->title);

  G_OBJECT_CLASS (gbacw_finding_group_parent_class)->finalize (object);
}

static void
gbacw_finding_group_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  GbacwFindingGroup *self = GBACW_FINDING_GROUP (object);

  switch (prop_id)
    {
    case PROP_N_SHOWN:
      g_value_set_uint (value, gbacw_finding_group_get_n_shown (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_finding_group_class_init (GbacwFindingGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_finding_group_dispose;
  object_class->finalize = gbacw_finding_group_finalize;
  object_class->get_property = gbacw_finding_group_get_property;

  properties[PROP_N_SHOWN] =
    g_param_spec_uint ("n-shown", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_finding_group_init (GbacwFindingGroup *self)
{
  self->items = g_list_store_new (GBACW_TYPE_FINDING_ITEM);
  self->rows = g_list_store_new (G_TYPE_OBJECT);
  self->all = g_ptr_array_new ();
  self->row_mirror = g_ptr_array_new ();
  self->clusters = g_hash_table_new_full (gbacw_finding_cluster_hash, gbacw_finding_cluster_same, g_object_unref,
                                          g_object_unref);
}

GbacwFindingGroup *
gbacw_finding_group_new (const char *id,
                         const char *title,
                         GtkFilter  *filter)
{
  GbacwFindingGroup *self;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (filter == NULL || GTK_IS_FILTER (filter), NULL);

  self = g_object_new (GBACW_TYPE_FINDING_GROUP, NULL);
  self->id = g_strdup (id);
  self->title = g_strdup (title ? title : id);
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->rows)),
                                           filter ? g_object_ref (filter) : NULL);
  g_signal_connect_swapped (self->shown, "items-changed", G_CALLBACK (on_shown_changed), self);
  return self;
}

const char *
gbacw_finding_group_get_id (GbacwFindingGroup *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_GROUP (self), NULL);
  return self->id;
}

const char *
gbacw_finding_group_get_title (GbacwFindingGroup *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_GROUP (self), NULL);
  return self->title;
}

GListModel *
gbacw_finding_group_get_items (GbacwFindingGroup *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_GROUP (self), NULL);
  return G_LIST_MODEL (self->items);
}

GbacwFindingItem *const *
gbacw_finding_group_peek_items (GbacwFindingGroup *self,
                                guint             *n_items)
{
  g_return_val_if_fail (GBACW_IS_FINDING_GROUP (self), NULL);
  *n_items = self->all->len;
  return (GbacwFindingItem *const *) self->all->pdata;
}

GListModel *
gbacw_finding_group_get_shown (GbacwFindingGroup *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_GROUP (self), NULL);
  return G_LIST_MODEL (self->shown);
}

guint
gbacw_finding_group_get_n_shown (GbacwFindingGroup *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_GROUP (self), 0);
  return self->n_shown;
}

static gboolean
item_matches (GbacwFindingGroup  *self,
              guint               position,
              const GbacwFinding *finding)
{
  return gbacw_finding_item_matches (g_ptr_array_index (self->all, position), finding);
}

/* The rows: each finding, except that MIN_CLUSTER or more alike are one cluster, at the
 * place of the first of them. Clusters that stay keep their object (and so their row's
 * expanded state); rows before and after what changed are kept. */
typedef struct {
  guint count;
  GbacwFindingItem *first;
  GbacwFindingCluster *cluster;
  GPtrArray *members;   /* GbacwFindingItem*, unowned */
} Kind;

static void
kind_clear (gpointer data)
{
  Kind *kind = data;

  g_clear_pointer (&kind->members, g_ptr_array_unref);
}

static void
update_rows (GbacwFindingGroup *self)
{
  GPtrArray *all = self->all;
  guint n = all->len;
  /* one look-up a finding: which kind it is (findings alike are one kind) */
  g_autoptr(GHashTable) kind_of = g_hash_table_new (gbacw_finding_cluster_hash, gbacw_finding_cluster_same);
  g_autoptr(GArray) kinds = g_array_new (FALSE, TRUE, sizeof (Kind));
  g_autofree guint *item_kind = g_new (guint, n + 1);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GHashTable) wanted = g_hash_table_new (g_direct_hash, g_direct_equal);
  GHashTableIter iter;
  gpointer key, value;

  g_array_set_clear_func (kinds, kind_clear);
  for (guint i = 0; i < n; i++)
    {
      GbacwFindingItem *item = g_ptr_array_index (all, i);
      gpointer found;

      /* runs of one kind are common (report order): no look-up for those */
      if (i > 0 && gbacw_finding_cluster_same (item, g_ptr_array_index (all, i - 1)))
        item_kind[i] = item_kind[i - 1];
      else if (g_hash_table_lookup_extended (kind_of, item, NULL, &found))
        item_kind[i] = GPOINTER_TO_UINT (found);
      else
        {
          Kind kind = { 0, item, NULL, NULL };

          item_kind[i] = kinds->len;
          g_array_append_val (kinds, kind);
          g_hash_table_insert (kind_of, item, GUINT_TO_POINTER (item_kind[i]));
        }
      g_array_index (kinds, Kind, item_kind[i]).count++;
    }

  for (guint i = 0; i < n; i++)
    {
      Kind *kind = &g_array_index (kinds, Kind, item_kind[i]);
      GbacwFindingItem *item = g_ptr_array_index (all, i);

      if (kind->count < MIN_CLUSTER)
        {
          g_ptr_array_add (rows, item);
          continue;
        }
      if (kind->cluster == NULL)
        {
          kind->cluster = g_hash_table_lookup (self->clusters, kind->first);
          if (kind->cluster == NULL)
            {
              kind->cluster = gbacw_finding_cluster_new (kind->first);
              g_hash_table_insert (self->clusters, g_object_ref (kind->first), kind->cluster);
            }
          kind->members = g_ptr_array_sized_new (kind->count);
          g_hash_table_add (wanted, kind->cluster);
          g_ptr_array_add (rows, kind->cluster);
        }
      g_ptr_array_add (kind->members, item);
    }

  /* Clusters no longer wanted go; the others get their findings. */
  g_hash_table_iter_init (&iter, self->clusters);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (wanted, value))
      g_hash_table_iter_remove (&iter);
  for (guint k = 0; k < kinds->len; k++)
    {
      Kind *kind = &g_array_index (kinds, Kind, k);
      if (kind->cluster != NULL)
        gbacw_finding_cluster_set_items (kind->cluster, kind->members);
    }

  gbacw_finding_splice_changed (self->rows, self->row_mirror, rows);
  /* A cluster's count may change with the same rows. */
  count_shown (self);
}

void
gbacw_finding_group_update (GbacwFindingGroup  *self,
                            GPtrArray          *findings,
                            const GbacwHexGrid *grid,
                            gboolean            replace_all)
{
  guint n_old, n_new, prefix = 0, suffix = 0;
  g_autoptr(GPtrArray) added = NULL;
  g_autoptr(GPtrArray) next = NULL;

  g_return_if_fail (GBACW_IS_FINDING_GROUP (self));
  g_return_if_fail (findings != NULL && grid != NULL);

  n_old = self->all->len;
  n_new = findings->len;
  if (!replace_all)
    {
      while (prefix < n_old && prefix < n_new && item_matches (self, prefix, g_ptr_array_index (findings, prefix)))
        prefix++;
      while (suffix < n_old - prefix && suffix < n_new - prefix
             && item_matches (self, n_old - 1 - suffix, g_ptr_array_index (findings, n_new - 1 - suffix)))
        suffix++;
    }
  if (prefix == n_old && prefix == n_new)
    return;

  added = g_ptr_array_new_full (n_new - prefix - suffix, g_object_unref);
  for (guint i = prefix; i < n_new - suffix; i++)
    g_ptr_array_add (added, gbacw_finding_item_new (g_ptr_array_index (findings, i), grid));
  next = g_ptr_array_sized_new (n_new);
  for (guint i = 0; i < prefix; i++)
    g_ptr_array_add (next, self->all->pdata[i]);
  for (guint i = 0; i < added->len; i++)
    g_ptr_array_add (next, added->pdata[i]);
  for (guint i = n_old - suffix; i < n_old; i++)
    g_ptr_array_add (next, self->all->pdata[i]);
  gbacw_finding_splice_changed (self->items, self->all, next);
  update_rows (self);
}
