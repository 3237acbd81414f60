/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-collection-edit.c: undoable list operations on the scenario. */
#define G_LOG_DOMAIN "gbacw-collection-edit"

#include "gbacw-collection-edit.h"

/* ---------------------------------------------------------------- per-collection table */

typedef gpointer (*ItemCopyFunc) (gconstpointer item);

/* Every item type has "T *copy (const T *)" and "void free (T *)"; the casts go
 * through a generic function type as GLib's own (GDestroyNotify) casts do. */
#define COPY_FUNC(f) ((ItemCopyFunc) (void (*) (void)) (f))
#define FREE_FUNC(f) ((GDestroyNotify) (void (*) (void)) (f))

typedef struct
{
  ItemCopyFunc copy;
  GDestroyNotify free;
  guint flags;
} CollectionInfo;

static const CollectionInfo collection_info[GBACW_N_COLLECTIONS] = {
  [GBACW_COLLECTION_SIDES] = { COPY_FUNC (gbacw_side_copy), FREE_FUNC (gbacw_side_free), GBACW_CHANGE_OOB },
  [GBACW_COLLECTION_FORMATIONS] = { COPY_FUNC (gbacw_formation_copy), FREE_FUNC (gbacw_formation_free),
                                    GBACW_CHANGE_OOB },
  [GBACW_COLLECTION_UNITS] = { COPY_FUNC (gbacw_unit_copy), FREE_FUNC (gbacw_unit_free), GBACW_CHANGE_OOB },
  [GBACW_COLLECTION_PLACEMENTS] = { COPY_FUNC (gbacw_placement_copy), FREE_FUNC (gbacw_placement_free),
                                    GBACW_CHANGE_DEPLOYMENT },
  [GBACW_COLLECTION_REINFORCEMENTS] = { COPY_FUNC (gbacw_reinforcement_copy), FREE_FUNC (gbacw_reinforcement_free),
                                        GBACW_CHANGE_REINFORCEMENTS },
  [GBACW_COLLECTION_AREAS] = { COPY_FUNC (gbacw_area_copy), FREE_FUNC (gbacw_area_free), GBACW_CHANGE_AREAS },
  [GBACW_COLLECTION_LABELS] = { COPY_FUNC (gbacw_label_copy), FREE_FUNC (gbacw_label_free), GBACW_CHANGE_LABELS },
  [GBACW_COLLECTION_VP_AWARDS] = { COPY_FUNC (gbacw_vp_award_copy), FREE_FUNC (gbacw_vp_award_free),
                                   GBACW_CHANGE_VICTORY },
  [GBACW_COLLECTION_VICTORY_LEVELS] = { COPY_FUNC (gbacw_victory_level_copy), FREE_FUNC (gbacw_victory_level_free),
                                        GBACW_CHANGE_VICTORY },
  [GBACW_COLLECTION_AUTOMATIC_VICTORIES] = { COPY_FUNC (gbacw_automatic_victory_copy),
                                             FREE_FUNC (gbacw_automatic_victory_free), GBACW_CHANGE_VICTORY },
  [GBACW_COLLECTION_OPTIONS] = { COPY_FUNC (gbacw_param_copy), FREE_FUNC (gbacw_param_free), GBACW_CHANGE_RULES },
  [GBACW_COLLECTION_EXCLUSIVE_RULES] = { COPY_FUNC (gbacw_exclusive_rule_copy), FREE_FUNC (gbacw_exclusive_rule_free),
                                         GBACW_CHANGE_RULES },
  [GBACW_COLLECTION_CHARTS] = { COPY_FUNC (gbacw_chart_copy), FREE_FUNC (gbacw_chart_free), GBACW_CHANGE_CHARTS },
  [GBACW_COLLECTION_TURNS] = { COPY_FUNC (gbacw_turn_copy), FREE_FUNC (gbacw_turn_free), GBACW_CHANGE_SETTINGS },
  [GBACW_COLLECTION_HEX_TERRAINS] = { COPY_FUNC (gbacw_hex_terrain_copy), FREE_FUNC (gbacw_hex_terrain_free),
                                      GBACW_CHANGE_CATALOGUE },
  [GBACW_COLLECTION_HEXSIDE_TYPES] = { COPY_FUNC (gbacw_hexside_type_copy), FREE_FUNC (gbacw_hexside_type_free),
                                       GBACW_CHANGE_CATALOGUE },
  [GBACW_COLLECTION_LINE_TYPES] = { COPY_FUNC (gbacw_line_type_copy), FREE_FUNC (gbacw_line_type_free),
                                    GBACW_CHANGE_CATALOGUE },
};

GPtrArray *
gbacw_collection_get_array (GbacwScenario *scenario, GbacwCollection collection)
{
  g_return_val_if_fail (scenario != NULL, NULL);

  switch (collection)
    {
    case GBACW_COLLECTION_SIDES: return scenario->oob.sides;
    case GBACW_COLLECTION_FORMATIONS: return scenario->oob.formations;
    case GBACW_COLLECTION_UNITS: return scenario->oob.units;
    case GBACW_COLLECTION_PLACEMENTS: return scenario->deployment;
    case GBACW_COLLECTION_REINFORCEMENTS: return scenario->reinforcements;
    case GBACW_COLLECTION_AREAS: return scenario->map->areas;
    case GBACW_COLLECTION_LABELS: return scenario->map->labels;
    case GBACW_COLLECTION_VP_AWARDS: return scenario->vp_awards;
    case GBACW_COLLECTION_VICTORY_LEVELS: return scenario->victory_levels;
    case GBACW_COLLECTION_AUTOMATIC_VICTORIES: return scenario->automatic_victories;
    case GBACW_COLLECTION_OPTIONS: return scenario->options;
    case GBACW_COLLECTION_EXCLUSIVE_RULES: return scenario->exclusive_rules;
    case GBACW_COLLECTION_CHARTS: return scenario->charts;
    case GBACW_COLLECTION_TURNS: return scenario->turns.turns;
    case GBACW_COLLECTION_HEX_TERRAINS: return scenario->catalogue.hex_terrains;
    case GBACW_COLLECTION_HEXSIDE_TYPES: return scenario->catalogue.hexside_types;
    case GBACW_COLLECTION_LINE_TYPES: return scenario->catalogue.line_types;
    case GBACW_N_COLLECTIONS:
    default:
      g_return_val_if_reached (NULL);
    }
}

gpointer
gbacw_collection_item_copy (GbacwCollection collection, gconstpointer item)
{
  g_return_val_if_fail (collection < GBACW_N_COLLECTIONS, NULL);
  return item ? collection_info[collection].copy (item) : NULL;
}

void
gbacw_collection_item_free (GbacwCollection collection, gpointer item)
{
  g_return_if_fail (collection < GBACW_N_COLLECTIONS);
  if (item != NULL)
    collection_info[collection].free (item);
}

guint
gbacw_collection_change_flags (GbacwCollection collection)
{
  g_return_val_if_fail (collection < GBACW_N_COLLECTIONS, 0);
  return collection_info[collection].flags;
}

/* ---------------------------------------------------------------- catalogue masks */

static gboolean
is_catalogue (GbacwCollection collection)
{
  return collection == GBACW_COLLECTION_HEX_TERRAINS || collection == GBACW_COLLECTION_HEXSIDE_TYPES
         || collection == GBACW_COLLECTION_LINE_TYPES;
}

static guint
catalogue_max (GbacwCollection collection)
{
  switch (collection)
    {
    case GBACW_COLLECTION_HEX_TERRAINS: return GBACW_MAX_HEX_TERRAINS;
    case GBACW_COLLECTION_HEXSIDE_TYPES: return GBACW_MAX_HEXSIDE_TYPES;
    case GBACW_COLLECTION_LINE_TYPES: return GBACW_MAX_LINE_TYPES;
    default: return G_MAXUINT;
    }
}

gboolean
gbacw_catalogue_entry_in_use (const GbacwScenario *scenario, GbacwCollection collection, guint index)
{
  const GbacwMap *map;
  guint n;

  g_return_val_if_fail (scenario != NULL, FALSE);
  if (!is_catalogue (collection) || index >= catalogue_max (collection))
    return FALSE;

  map = scenario->map;
  if (collection == GBACW_COLLECTION_HEX_TERRAINS)
    {
      guint64 bit = G_GUINT64_CONSTANT (1) << index;
      n = (guint) gbacw_hex_grid_n_hexes (&map->grid);
      for (guint i = 0; i < n; i++)
        if (map->terrain[i] & bit)
          return TRUE;
      return FALSE;
    }

  n = gbacw_hex_grid_n_hexside_ids (&map->grid);
  if (collection == GBACW_COLLECTION_HEXSIDE_TYPES)
    {
      guint32 bit = 1u << index;
      for (guint i = 0; i < n; i++)
        if ((map->hexside_features[i] | map->hexside_inside[i]) & bit)
          return TRUE;
      return FALSE;
    }

  for (guint i = 0; i < n; i++)
    if (map->hexside_lines[i] & (1u << index))
      return TRUE;
  return FALSE;
}

/* perm[old bit] = new bit, or -1 for a dropped bit (only ever an unused one). */
static guint64
remap_mask (guint64 mask, const int *perm)
{
  guint64 result = 0;
  while (mask != 0)
    {
      int bit = __builtin_ctzll (mask);
      mask &= mask - 1;
      if (perm[bit] >= 0)
        result |= G_GUINT64_CONSTANT (1) << perm[bit];
    }
  return result;
}

typedef enum {
  OP_INSERT,
  OP_REMOVE,
  OP_REPLACE,
  OP_MOVE,
} OpKind;

/* Renumbers the map's masks for an insert/remove at a, or a move from a to b, of a
 * catalogue list that had n entries before it. */
static void
remap_catalogue (GbacwScenario *scenario, GbacwCollection collection, OpKind kind, guint a, guint b, guint n,
                 GbacwChange *change)
{
  GbacwMap *map = scenario->map;
  int perm[64];
  guint n_bits = catalogue_max (collection);
  /* masks with no bit at or above this one keep their value */
  guint lowest = kind == OP_MOVE ? MIN (a, b) : a;
  gboolean identity = TRUE;

  for (guint i = 0; i < 64; i++)
    perm[i] = (int) i;
  switch (kind)
    {
    case OP_INSERT:
      for (guint i = a; i < n_bits; i++)
        perm[i] = i + 1 < n_bits ? (int) i + 1 : -1;
      break;
    case OP_REMOVE:
      perm[a] = -1;
      for (guint i = a + 1; i < n_bits; i++)
        perm[i] = (int) i - 1;
      break;
    case OP_MOVE:
      perm[a] = (int) b;
      if (a < b)
        for (guint i = a + 1; i <= b; i++)
          perm[i] = (int) i - 1;
      else
        for (guint i = b; i < a; i++)
          perm[i] = (int) i + 1;
      break;
    case OP_REPLACE:
    default:
      return;
    }
  for (guint i = 0; i < n_bits; i++)
    if (perm[i] != (int) i)
      identity = FALSE;
  if (identity || a >= n)
    return;

  if (collection == GBACW_COLLECTION_HEX_TERRAINS)
    {
      guint n_hexes = (guint) gbacw_hex_grid_n_hexes (&map->grid);
      for (guint i = 0; i < n_hexes; i++)
        if (map->terrain[i] >> lowest)
          map->terrain[i] = remap_mask (map->terrain[i], perm);
      change->flags |= GBACW_CHANGE_TERRAIN;
    }
  else
    {
      guint n_ids = gbacw_hex_grid_n_hexside_ids (&map->grid);
      for (guint i = 0; i < n_ids; i++)
        {
          if (collection == GBACW_COLLECTION_HEXSIDE_TYPES)
            {
              if (map->hexside_features[i] >> lowest)
                map->hexside_features[i] = (guint32) remap_mask (map->hexside_features[i], perm);
              if (map->hexside_inside[i] >> lowest)
                map->hexside_inside[i] = (guint32) remap_mask (map->hexside_inside[i], perm);
            }
          else if (map->hexside_lines[i] >> lowest)
            map->hexside_lines[i] = (guint16) remap_mask (map->hexside_lines[i], perm);
        }
      change->flags |= collection == GBACW_COLLECTION_HEXSIDE_TYPES ? GBACW_CHANGE_HEXSIDES : GBACW_CHANGE_LINES;
    }
}

/* ---------------------------------------------------------------- the command */

typedef struct
{
  OpKind kind;
  GbacwCollection collection;
  guint index;
  guint to;            /* OP_MOVE */
  gpointer item;       /* owned while it is not in the scenario */
  gboolean refused;    /* invalid when last applied: skipped by revert too */
} Op;

struct _GbacwCollectionEdit
{
  GbacwCommand parent_instance;

  guint merge_key;
  GArray *ops;  /* Op */
};

G_DEFINE_FINAL_TYPE (GbacwCollectionEdit, gbacw_collection_edit, GBACW_TYPE_COMMAND)

static void
op_clear (gpointer data)
{
  Op *op = data;
  gbacw_collection_item_free (op->collection, g_steal_pointer (&op->item));
}

/* What views need to know about one item that was added, dropped or changed. */
static void
note_item (GbacwCollection collection, gconstpointer item, GbacwChange *change)
{
  change->flags |= collection_info[collection].flags;
  if (item == NULL)
    return;
  switch (collection)
    {
    case GBACW_COLLECTION_UNITS:
      gbacw_change_add_unit (change, ((const GbacwUnit *) item)->id);
      break;
    case GBACW_COLLECTION_PLACEMENTS:
      {
        const GbacwPlacement *p = item;
        gbacw_change_add_unit (change, p->unit);
        gbacw_change_add_hex (change, p->hex);
      }
      break;
    case GBACW_COLLECTION_AREAS:
      {
        const GbacwArea *area = item;
        g_array_append_vals (change->hexes, area->hexes->data, area->hexes->len);
      }
      break;
    case GBACW_COLLECTION_LABELS:
      gbacw_change_add_hex (change, ((const GbacwLabel *) item)->hex);
      break;
    default:
      break;
    }
}

static gboolean
is_oob (GbacwCollection collection)
{
  return collection == GBACW_COLLECTION_SIDES || collection == GBACW_COLLECTION_FORMATIONS
         || collection == GBACW_COLLECTION_UNITS;
}

/* forward TRUE applies op, FALSE undoes it. Returns FALSE when op is invalid here. */
static gboolean
run_op (Op *op, GbacwScenario *scenario, gboolean forward, GbacwChange *change)
{
  GPtrArray *array = gbacw_collection_get_array (scenario, op->collection);
  guint n = array->len;
  gboolean catalogue = is_catalogue (op->collection);
  gpointer item;

  switch (op->kind)
    {
    case OP_REPLACE:
      if (op->index >= n)
        return FALSE;
      note_item (op->collection, g_ptr_array_index (array, op->index), change);
      item = g_ptr_array_index (array, op->index);
      array->pdata[op->index] = op->item;
      op->item = item;
      note_item (op->collection, g_ptr_array_index (array, op->index), change);
      return TRUE;

    case OP_MOVE:
      {
        guint from = forward ? op->index : op->to;
        guint to = forward ? op->to : op->index;
        if (from >= n || to >= n)
          return FALSE;
        item = g_ptr_array_steal_index (array, from);
        g_ptr_array_insert (array, (int) to, item);
        if (catalogue)
          remap_catalogue (scenario, op->collection, OP_MOVE, from, to, n, change);
        note_item (op->collection, item, change);
        return TRUE;
      }

    case OP_INSERT:
    case OP_REMOVE:
      if ((op->kind == OP_INSERT) == forward)
        {
          /* put op->item in at op->index */
          if (op->index > n || op->item == NULL || (catalogue && n >= catalogue_max (op->collection)))
            return FALSE;
          if (catalogue)
            remap_catalogue (scenario, op->collection, OP_INSERT, op->index, 0, n, change);
          g_ptr_array_insert (array, (int) op->index, op->item);
          note_item (op->collection, g_steal_pointer (&op->item), change);
        }
      else
        {
          /* take the item at op->index out */
          if (op->index >= n)
            return FALSE;
          if (catalogue && gbacw_catalogue_entry_in_use (scenario, op->collection, op->index))
            return FALSE;
          op->item = g_ptr_array_steal_index (array, op->index);
          if (catalogue)
            remap_catalogue (scenario, op->collection, OP_REMOVE, op->index, 0, n, change);
          note_item (op->collection, op->item, change);
        }
      return TRUE;

    default:
      g_return_val_if_reached (FALSE);
    }
}

static void
gbacw_collection_edit_apply (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwCollectionEdit *self = GBACW_COLLECTION_EDIT (command);
  gboolean reindex = FALSE;

  for (guint i = 0; i < self->ops->len; i++)
    {
      Op *op = &g_array_index (self->ops, Op, i);
      op->refused = !run_op (op, scenario, TRUE, change);
      if (op->refused)
        g_critical ("%s: operation %u on collection %d at %u is invalid (bad index, full catalogue "
                    "or catalogue entry in use); skipped", gbacw_command_get_label (command), i,
                    (int) op->collection, op->index);
      else
        reindex |= is_oob (op->collection);
    }
  if (reindex)
    gbacw_oob_reindex (&scenario->oob);
}

static void
gbacw_collection_edit_revert (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwCollectionEdit *self = GBACW_COLLECTION_EDIT (command);
  gboolean reindex = FALSE;

  for (guint i = self->ops->len; i-- > 0;)
    {
      Op *op = &g_array_index (self->ops, Op, i);
      if (op->refused)
        continue;
      if (!run_op (op, scenario, FALSE, change))
        g_critical ("%s: operation %u cannot be undone: the scenario is not as the edit left it",
                    gbacw_command_get_label (command), i);
      reindex |= is_oob (op->collection);
    }
  if (reindex)
    gbacw_oob_reindex (&scenario->oob);
}

static gboolean
gbacw_collection_edit_merge (GbacwCommand *command, GbacwCommand *next_command)
{
  GbacwCollectionEdit *self = GBACW_COLLECTION_EDIT (command);
  GbacwCollectionEdit *next;
  Op *mine, *theirs;

  if (!GBACW_IS_COLLECTION_EDIT (next_command))
    return FALSE;
  next = GBACW_COLLECTION_EDIT (next_command);
  if (self->merge_key == 0 || self->merge_key != next->merge_key)
    return FALSE;
  if (next->ops->len != 1)
    return FALSE;
  theirs = &g_array_index (next->ops, Op, 0);
  if (theirs->kind != OP_REPLACE || theirs->refused)
    return FALSE;
  /* next replaces the item self's last operation on that list put there: a single replace,
   * or in an edit of several lists a replace or an insert (a new area and the parameter
   * that names it, then the hexes drawn into the area) */
  mine = NULL;
  for (guint i = self->ops->len; i-- > 0 && mine == NULL;)
    if (g_array_index (self->ops, Op, i).collection == theirs->collection)
      mine = &g_array_index (self->ops, Op, i);
  if (mine == NULL || mine->refused || mine->index != theirs->index
      || !(mine->kind == OP_REPLACE || (mine->kind == OP_INSERT && self->ops->len > 1)))
    return FALSE;

  /* self keeps the original item; next holds self's intermediate one, no longer needed */
  op_clear (theirs);
  return TRUE;
}

static void
gbacw_collection_edit_finalize (GObject *object)
{
  GbacwCollectionEdit *self = GBACW_COLLECTION_EDIT (object);

  g_array_unref (self->ops);
  G_OBJECT_CLASS (gbacw_collection_edit_parent_class)->finalize (object);
}

static void
gbacw_collection_edit_class_init (GbacwCollectionEditClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GbacwCommandClass *command_class = GBACW_COMMAND_CLASS (klass);

  object_class->finalize = gbacw_collection_edit_finalize;
  command_class->apply = gbacw_collection_edit_apply;
  command_class->revert = gbacw_collection_edit_revert;
  command_class->merge = gbacw_collection_edit_merge;
}

static void
gbacw_collection_edit_init (GbacwCollectionEdit *self)
{
  self->ops = g_array_new (FALSE, TRUE, sizeof (Op));
  g_array_set_clear_func (self->ops, op_clear);
}

GbacwCollectionEdit *
gbacw_collection_edit_new (const char *label, guint merge_key)
{
  GbacwCollectionEdit *self = g_object_new (GBACW_TYPE_COLLECTION_EDIT, "label", label, NULL);
  self->merge_key = merge_key;
  return self;
}

static void
add_op (GbacwCollectionEdit *self, OpKind kind, GbacwCollection collection, guint index, guint to, gpointer item)
{
  Op op = { kind, collection, index, to, item, FALSE };
  g_array_append_val (self->ops, op);
}

void
gbacw_collection_edit_insert (GbacwCollectionEdit *self, GbacwCollection collection, guint index, gpointer item)
{
  g_return_if_fail (GBACW_IS_COLLECTION_EDIT (self));
  g_return_if_fail (collection < GBACW_N_COLLECTIONS);
  g_return_if_fail (item != NULL);
  add_op (self, OP_INSERT, collection, index, 0, item);
}

void
gbacw_collection_edit_remove (GbacwCollectionEdit *self, GbacwCollection collection, guint index)
{
  g_return_if_fail (GBACW_IS_COLLECTION_EDIT (self));
  g_return_if_fail (collection < GBACW_N_COLLECTIONS);
  add_op (self, OP_REMOVE, collection, index, 0, NULL);
}

void
gbacw_collection_edit_replace (GbacwCollectionEdit *self, GbacwCollection collection, guint index, gpointer item)
{
  g_return_if_fail (GBACW_IS_COLLECTION_EDIT (self));
  g_return_if_fail (collection < GBACW_N_COLLECTIONS);
  g_return_if_fail (item != NULL);
  add_op (self, OP_REPLACE, collection, index, 0, item);
}

void
gbacw_collection_edit_move (GbacwCollectionEdit *self, GbacwCollection collection, guint from, guint to)
{
  g_return_if_fail (GBACW_IS_COLLECTION_EDIT (self));
  g_return_if_fail (collection < GBACW_N_COLLECTIONS);
  add_op (self, OP_MOVE, collection, from, to, NULL);
}

guint
gbacw_collection_edit_get_n_operations (GbacwCollectionEdit *self)
{
  g_return_val_if_fail (GBACW_IS_COLLECTION_EDIT (self), 0);
  return self->ops->len;
}
