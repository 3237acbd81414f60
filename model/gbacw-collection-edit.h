/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-collection-edit.h: inserting, removing, replacing and moving items of the
 * scenario's lists (sides, units, placements, areas, charts, catalogue entries…).
 *
 * Items are handed over, never copied behind the caller's back: the edit owns each
 * item while it is not in the scenario (a removed or replaced one), so undo puts
 * back exactly what was there. To change one field of an item, copy it with
 * gbacw_collection_item_copy (), change the copy and replace the item with it.
 */
#pragma once

#include "gbacw-command.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_COLLECTION_SIDES,               /* GbacwSide*          oob.sides */
  GBACW_COLLECTION_FORMATIONS,          /* GbacwFormation*     oob.formations */
  GBACW_COLLECTION_UNITS,               /* GbacwUnit*          oob.units */
  GBACW_COLLECTION_PLACEMENTS,          /* GbacwPlacement*     deployment */
  GBACW_COLLECTION_REINFORCEMENTS,      /* GbacwReinforcement* reinforcements */
  GBACW_COLLECTION_AREAS,               /* GbacwArea*          map->areas */
  GBACW_COLLECTION_LABELS,              /* GbacwLabel*         map->labels */
  GBACW_COLLECTION_VP_AWARDS,           /* GbacwVpAward*       vp_awards */
  GBACW_COLLECTION_VICTORY_LEVELS,      /* GbacwVictoryLevel*  victory_levels */
  GBACW_COLLECTION_AUTOMATIC_VICTORIES, /* GbacwAutomaticVictory* automatic_victories */
  GBACW_COLLECTION_OPTIONS,             /* GbacwParam*         options */
  GBACW_COLLECTION_EXCLUSIVE_RULES,     /* GbacwExclusiveRule* exclusive_rules */
  GBACW_COLLECTION_CHARTS,              /* GbacwChart*         charts */
  GBACW_COLLECTION_TURNS,               /* GbacwTurn*          turns.turns */
  GBACW_COLLECTION_HEX_TERRAINS,        /* GbacwHexTerrain*    catalogue.hex_terrains */
  GBACW_COLLECTION_HEXSIDE_TYPES,       /* GbacwHexsideType*   catalogue.hexside_types */
  GBACW_COLLECTION_LINE_TYPES,          /* GbacwLineType*      catalogue.line_types */
  GBACW_N_COLLECTIONS
} GbacwCollection;

GPtrArray *gbacw_collection_get_array (GbacwScenario *scenario, GbacwCollection collection);
gpointer   gbacw_collection_item_copy (GbacwCollection collection, gconstpointer item);
void       gbacw_collection_item_free (GbacwCollection collection, gpointer item);
/* The GbacwChangeFlags an edit of collection sets. */
guint      gbacw_collection_change_flags (GbacwCollection collection);

/* Whether catalogue entry index of collection (HEX_TERRAINS, HEXSIDE_TYPES or
 * LINE_TYPES) is painted anywhere on the map. Callers must not remove an entry in
 * use: the map's masks could not keep their meaning (the edit refuses it with a
 * critical warning). FALSE for any other collection. */
gboolean   gbacw_catalogue_entry_in_use (const GbacwScenario *scenario, GbacwCollection collection, guint index);

#define GBACW_TYPE_COLLECTION_EDIT (gbacw_collection_edit_get_type ())
G_DECLARE_FINAL_TYPE (GbacwCollectionEdit, gbacw_collection_edit, GBACW, COLLECTION_EDIT, GbacwCommand)

/* merge_key: an edit that is a single replace of an item merges into the edit before it
 * with the same non-zero key when that one put the item there (replaced it, or inserted it
 * among changes to other lists), so that typing into a field, or drawing an area made for
 * a parameter, is one undo step. */
GbacwCollectionEdit *gbacw_collection_edit_new (const char *label, guint merge_key);

/* Operations run in the order they are added, each on the lists as the ones before
 * left them; indices are checked when the edit is applied. Inserting, removing or
 * moving a catalogue entry renumbers the map's masks so that the map keeps showing
 * the same terrain. */
void  gbacw_collection_edit_insert (GbacwCollectionEdit *self, GbacwCollection collection, guint index,
                                    gpointer item /* transfer full */);
void  gbacw_collection_edit_remove (GbacwCollectionEdit *self, GbacwCollection collection, guint index);
void  gbacw_collection_edit_replace (GbacwCollectionEdit *self, GbacwCollection collection, guint index,
                                     gpointer item /* transfer full */);
/* Takes the item at from out and inserts it so that it ends up at index to. */
void  gbacw_collection_edit_move (GbacwCollectionEdit *self, GbacwCollection collection, guint from, guint to);
guint gbacw_collection_edit_get_n_operations (GbacwCollectionEdit *self);

G_END_DECLS
