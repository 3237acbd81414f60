/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-item.h: one entry of the order-of-battle tree (a side, a formation or a
 * unit), as the order-of-battle panel's list models hold it.
 *
 * An item names its entry by id and holds no copy of its values: rows read them from
 * the scenario when they are bound, so that an item stays valid across edits. Sides
 * and formations keep their children (formations, then units, as in the roster CSV)
 * in a GListStore that the panel updates in place.
 */
#pragma once

#include <gio/gio.h>

#include "gbacw-oob-edit.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_OOB_ITEM_SIDE,
  GBACW_OOB_ITEM_FORMATION,
  GBACW_OOB_ITEM_UNIT,
} GbacwOobItemKind;

#define GBACW_TYPE_OOB_ITEM (gbacw_oob_item_get_type ())
G_DECLARE_FINAL_TYPE (GbacwOobItem, gbacw_oob_item, GBACW, OOB_ITEM, GObject)

GbacwOobItem     *gbacw_oob_item_new (GbacwOobItemKind kind, const char *id);

GbacwOobItemKind  gbacw_oob_item_get_kind (GbacwOobItem *self);
const char       *gbacw_oob_item_get_id (GbacwOobItem *self);
/* The model entry kind of a formation or unit item (a side is neither: FALSE). */
gboolean          gbacw_oob_item_get_entry (GbacwOobItem *self, GbacwOobEntry *entry);
/* Sides and formations: the children (GbacwOobItem); units: NULL. */
GListStore       *gbacw_oob_item_get_children (GbacwOobItem *self);
/* 0 for sides. */
guint             gbacw_oob_item_get_depth (GbacwOobItem *self);
void              gbacw_oob_item_set_depth (GbacwOobItem *self, guint depth);
/* The side or formation the item is listed under (not owned), NULL for sides. */
GbacwOobItem     *gbacw_oob_item_get_parent (GbacwOobItem *self);
void              gbacw_oob_item_set_parent (GbacwOobItem *self, GbacwOobItem *parent);

/* Whether the search filter shows the item (the panel sets it). */
gboolean          gbacw_oob_item_get_shown (GbacwOobItem *self);
void              gbacw_oob_item_set_shown (GbacwOobItem *self, gboolean shown);

/* The casefolded text the search matches (the panel fills it in; NULL when stale). */
const char       *gbacw_oob_item_get_search_text (GbacwOobItem *self);
void              gbacw_oob_item_set_search_text (GbacwOobItem *self, const char *text);

/* A key in one namespace for every kind: "s:ID", "f:ID", "u:ID" (newly allocated). */
char             *gbacw_oob_item_make_key (GbacwOobItemKind kind, const char *id);

/* Tells the rows showing the item that its entry's values changed ("changed"). */
void              gbacw_oob_item_changed (GbacwOobItem *self);

G_END_DECLS
