/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-item.c: one entry of the order-of-battle tree. */
#define G_LOG_DOMAIN "gbacw-oob-item"

#include "config.h"

#include "gbacw-oob-item.h"

struct _GbacwOobItem
{
  GObject parent_instance;

  GbacwOobItemKind kind;
  char *id;
  GListStore *children;
  GbacwOobItem *parent;
  guint depth;
  gboolean shown;
  char *search_text;
};

G_DEFINE_FINAL_TYPE (GbacwOobItem, gbacw_oob_item, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
gbacw_oob_item_finalize (GObject *object)
{
  GbacwOobItem *self = GBACW_OOB_ITEM (object);

  g_free (self->id);
  g_free (self->search_text);
  g_clear_object (&self->children);

  G_OBJECT_CLASS (gbacw_oob_item_parent_class)->finalize (object);
}

static void
gbacw_oob_item_class_init (GbacwOobItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gbacw_oob_item_finalize;

  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 0);
}

static void
gbacw_oob_item_init (GbacwOobItem *self)
{
  self->shown = TRUE;
}

GbacwOobItem *
gbacw_oob_item_new (GbacwOobItemKind kind,
                    const char      *id)
{
  GbacwOobItem *self;

  g_return_val_if_fail (id != NULL, NULL);

  self = g_object_new (GBACW_TYPE_OOB_ITEM, NULL);
  self->kind = kind;
  self->id = g_strdup (id);
  if (kind != GBACW_OOB_ITEM_UNIT)
    self->children = g_list_store_new (GBACW_TYPE_OOB_ITEM);
  return self;
}

GbacwOobItemKind
gbacw_oob_item_get_kind (GbacwOobItem *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (self), GBACW_OOB_ITEM_SIDE);
  return self->kind;
}

const char *
gbacw_oob_item_get_id (GbacwOobItem *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (self), NULL);
  return self->id;
}

gboolean
gbacw_oob_item_get_entry (GbacwOobItem  *self,
                          GbacwOobEntry *entry)
{
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (self), FALSE);

  if (self->kind == GBACW_OOB_ITEM_SIDE)
    return FALSE;
  if (entry != NULL)
    *entry = self->kind == GBACW_OOB_ITEM_UNIT ? GBACW_OOB_ENTRY_UNIT : GBACW_OOB_ENTRY_FORMATION;
  return TRUE;
}

GListStore *
gbacw_oob_item_get_children (GbacwOobItem *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (self), NULL);
  return self->children;
}

guint
gbacw_oob_item_get_depth (GbacwOobItem *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (self), 0);
  return self->depth;
}

void
gbacw_oob_item_set_depth (GbacwOobItem *self,
                          guint         depth)
{
  g_return_if_fail (GBACW_IS_OOB_ITEM (self));
  self->depth = depth;
}

GbacwOobItem *
gbacw_oob_item_get_parent (GbacwOobItem *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (self), NULL);
  return self->parent;
}

void
gbacw_oob_item_set_parent (GbacwOobItem *self,
                           GbacwOobItem *parent)
{
  g_return_if_fail (GBACW_IS_OOB_ITEM (self));
  /* Not a reference: the parent's store holds the child, the panel's index both. */
  self->parent = parent;
}

gboolean
gbacw_oob_item_get_shown (GbacwOobItem *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (self), FALSE);
  return self->shown;
}

void
gbacw_oob_item_set_shown (GbacwOobItem *self,
                          gboolean      shown)
{
  g_return_if_fail (GBACW_IS_OOB_ITEM (self));
  self->shown = shown;
}

const char *
gbacw_oob_item_get_search_text (GbacwOobItem *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (self), NULL);
  return self->search_text;
}

void
gbacw_oob_item_set_search_text (GbacwOobItem *self,
                                const char   *text)
{
  g_return_if_fail (GBACW_IS_OOB_ITEM (self));
  g_free (self->search_text);
  self->search_text = g_strdup (text);
}

char *
gbacw_oob_item_make_key (GbacwOobItemKind kind,
                         const char      *id)
{
  static const char prefix[] = { 's', 'f', 'u' };

  return g_strdup_printf ("%c:%s", prefix[kind], id);
}

void
gbacw_oob_item_changed (GbacwOobItem *self)
{
  g_return_if_fail (GBACW_IS_OOB_ITEM (self));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}
