/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding-cluster.c: findings that say the same thing of different places. */
#define G_LOG_DOMAIN "gbacw-finding-cluster"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gbacw-finding-cluster.h"

struct _GbacwFindingCluster
{
  GObject parent_instance;

  GbacwFindingItem *first;  /* the first finding when made: check, severity, format */
  GListStore *items;
  GPtrArray *mirror;        /* items' items, for reading without the store's lookups */
};

G_DEFINE_FINAL_TYPE (GbacwFindingCluster, gbacw_finding_cluster, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
on_items_changed (GbacwFindingCluster *self,
                  guint                position,
                  guint                removed,
                  guint                added,
                  GListModel          *model)
{
  if (removed != added)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

static void
gbacw_finding_cluster_dispose (GObject *object)
{
  GbacwFindingCluster *self = GBACW_FINDING_CLUSTER (object);

  if (self->items != NULL)
    g_signal_handlers_disconnect_by_func (self->items, on_items_changed, self);
  g_clear_object (&self->items);
  g_clear_pointer (&self->mirror, g_ptr_array_unref);
  g_clear_object (&self->first);

  G_OBJECT_CLASS (gbacw_finding_cluster_parent_class)->dispose (object);
}

static void
gbacw_finding_cluster_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  GbacwFindingCluster *self = GBACW_FINDING_CLUSTER (object);

  switch (prop_id)
    {
    case PROP_N_ITEMS:
      g_value_set_uint (value, gbacw_finding_cluster_get_n_items (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_finding_cluster_class_init (GbacwFindingClusterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_finding_cluster_dispose;
  object_class->get_property = gbacw_finding_cluster_get_property;

  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_finding_cluster_init (GbacwFindingCluster *self)
{
  self->items = g_list_store_new (GBACW_TYPE_FINDING_ITEM);
  self->mirror = g_ptr_array_new ();
  g_signal_connect_swapped (self->items, "items-changed", G_CALLBACK (on_items_changed), self);
}

GbacwFindingCluster *
gbacw_finding_cluster_new (GbacwFindingItem *first)
{
  GbacwFindingCluster *self;

  g_return_val_if_fail (GBACW_IS_FINDING_ITEM (first), NULL);

  self = g_object_new (GBACW_TYPE_FINDING_CLUSTER, NULL);
  self->first = g_object_ref (first);
  return self;
}

GListModel *
gbacw_finding_cluster_get_items (GbacwFindingCluster *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_CLUSTER (self), NULL);
  return G_LIST_MODEL (self->items);
}

guint
gbacw_finding_cluster_get_n_items (GbacwFindingCluster *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_CLUSTER (self), 0);
  return self->mirror->len;
}

const GbacwFinding *
gbacw_finding_cluster_get_finding (GbacwFindingCluster *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_CLUSTER (self), NULL);
  return gbacw_finding_item_get_finding (self->first);
}

GbacwSeverity
gbacw_finding_cluster_get_severity (GbacwFindingCluster *self)
{
  g_return_val_if_fail (GBACW_IS_FINDING_CLUSTER (self), GBACW_SEVERITY_INFO);
  return gbacw_finding_item_get_severity (self->first);
}

/* The message format with each conversion ("%s", "%d", …) shown as "…". */
static char *
format_as_text (const char *format)
{
  GString *text = g_string_new (NULL);

  for (const char *p = format; *p != '\0'; p++)
    {
      if (*p != '%')
        {
          g_string_append_c (text, *p);
          continue;
        }
      if (p[1] == '%')
        {
          g_string_append_c (text, '%');
          p++;
          continue;
        }
      p++;
      while (*p != '\0' && strchr ("0123456789$#-+ '.hlLqjzt", *p) != NULL)
        p++;
      g_string_append (text, "…");
      if (*p == '\0')
        break;
    }
  return g_string_free (text, FALSE);
}

/* Whether every finding says the very same words (then the title repeats them). */
static gboolean
same_message (GbacwFindingCluster *self)
{
  const char *message = gbacw_finding_item_get_finding (self->first)->message;

  for (guint i = 0; i < self->mirror->len; i++)
    {
      GbacwFindingItem *item = g_ptr_array_index (self->mirror, i);
      if (g_strcmp0 (gbacw_finding_item_get_finding (item)->message, message) != 0)
        return FALSE;
    }
  return TRUE;
}

char *
gbacw_finding_cluster_get_title (GbacwFindingCluster *self)
{
  const GbacwFinding *f;
  g_autofree char *count = NULL;
  g_autofree char *message = NULL;
  guint n;

  g_return_val_if_fail (GBACW_IS_FINDING_CLUSTER (self), NULL);

  f = gbacw_finding_item_get_finding (self->first);
  n = gbacw_finding_cluster_get_n_items (self);
  /* The count with the locale's thousands separator: "1,920". */
  count = g_strdup_printf ("%'u", n);

  if (g_strcmp0 (f->check, "map.no-terrain") == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s hex has no terrain yet",
                                         "%s hexes have no terrain yet", n), count);
  if (g_strcmp0 (f->check, "map.stand-in-terrain") == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s hex has a stand-in terrain, not the map's",
                                         "%s hexes have a stand-in terrain, not the map's", n), count);

  message = same_message (self) || f->message_format == NULL ? g_strdup (f->message)
                                                              : format_as_text (f->message_format);
  switch (f->location)
    {
    case GBACW_LOCATION_HEX:
      /* TRANSLATORS: a row of repeated findings: the count, the message */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s hex: %s", "%s hexes: %s", n), count, message);
    case GBACW_LOCATION_HEXSIDE:
      /* TRANSLATORS: a row of repeated findings: the count, the message */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s hexside: %s", "%s hexsides: %s", n), count,
                              message);
    case GBACW_LOCATION_UNIT:
      /* TRANSLATORS: a row of repeated findings: the count, the message */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s unit: %s", "%s units: %s", n), count, message);
    case GBACW_LOCATION_FORMATION:
      /* TRANSLATORS: a row of repeated findings: the count, the message */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s formation: %s", "%s formations: %s", n), count,
                              message);
    default:
      /* TRANSLATORS: a row of repeated findings: the count, the message */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s finding: %s", "%s findings: %s", n), count,
                              message);
    }
}

void
gbacw_finding_splice_changed (GListStore *store,
                              GPtrArray  *mirror,
                              GPtrArray  *items)
{
  guint n_old = mirror->len, n_new = items->len, prefix = 0, suffix = 0;

  while (prefix < n_old && prefix < n_new && mirror->pdata[prefix] == items->pdata[prefix])
    prefix++;
  while (suffix < n_old - prefix && suffix < n_new - prefix
         && mirror->pdata[n_old - 1 - suffix] == items->pdata[n_new - 1 - suffix])
    suffix++;
  if (prefix == n_old && prefix == n_new)
    return;
  /* The mirror first: what the store's "items-changed" calls reads it. */
  g_ptr_array_set_size (mirror, n_new);
  if (n_new > prefix)   /* an empty array's pdata may be NULL */
    memcpy (mirror->pdata + prefix, items->pdata + prefix, (n_new - prefix) * sizeof (gpointer));
  g_list_store_splice (store, prefix, n_old - prefix - suffix, items->pdata + prefix, n_new - prefix - suffix);
}

void
gbacw_finding_cluster_set_items (GbacwFindingCluster *self,
                                 GPtrArray           *items)
{
  g_return_if_fail (GBACW_IS_FINDING_CLUSTER (self));
  g_return_if_fail (items != NULL);

  gbacw_finding_splice_changed (self->items, self->mirror, items);
  if (items->len > 0)
    g_set_object (&self->first, g_ptr_array_index (items, 0));
}

gboolean
gbacw_finding_cluster_same (gconstpointer a,
                            gconstpointer b)
{
  return gbacw_finding_item_alike ((GbacwFindingItem *) a, (GbacwFindingItem *) b);
}

guint
gbacw_finding_cluster_hash (gconstpointer item)
{
  return gbacw_finding_item_get_alike_hash ((GbacwFindingItem *) item);
}
