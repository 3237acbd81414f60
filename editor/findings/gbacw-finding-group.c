/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding-group.c: the findings of one group of checks. */
#define G_LOG_DOMAIN "gbacw-finding-group"

#include "config.h"

#include "gbacw-finding-group.h"

struct _GbacwFindingGroup
{
  GObject parent_instance;

  char *id;
  char *title;
  GListStore *items;
  GtkFilterListModel *shown;
};

G_DEFINE_FINAL_TYPE (GbacwFindingGroup, gbacw_finding_group, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
on_shown_changed (GbacwFindingGroup *self,
                  guint              position,
                  guint              removed,
                  guint              added,
                  GListModel        *model)
{
  if (removed != added)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_SHOWN]);
}

static void
gbacw_finding_group_dispose (GObject *object)
{
  GbacwFindingGroup *self = GBACW_FINDING_GROUP (object);

  if (self->shown != NULL)
    g_signal_handlers_disconnect_by_func (self->shown, on_shown_changed, self);
  g_clear_object (&self->shown);
  g_clear_object (&self->items);

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
  self->shown = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->items)),
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
  return self->shown ? g_list_model_get_n_items (G_LIST_MODEL (self->shown)) : 0;
}

static gboolean
item_matches (GbacwFindingGroup  *self,
              guint               position,
              const GbacwFinding *finding)
{
  g_autoptr(GbacwFindingItem) item = g_list_model_get_item (G_LIST_MODEL (self->items), position);
  return gbacw_finding_item_matches (item, finding);
}

void
gbacw_finding_group_update (GbacwFindingGroup  *self,
                            GPtrArray          *findings,
                            const GbacwHexGrid *grid,
                            gboolean            replace_all)
{
  guint n_old, n_new, prefix = 0, suffix = 0;
  g_autoptr(GPtrArray) added = NULL;

  g_return_if_fail (GBACW_IS_FINDING_GROUP (self));
  g_return_if_fail (findings != NULL && grid != NULL);

  n_old = g_list_model_get_n_items (G_LIST_MODEL (self->items));
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
  g_list_store_splice (self->items, prefix, n_old - prefix - suffix, added->pdata, added->len);
}
