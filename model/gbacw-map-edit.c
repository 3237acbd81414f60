/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-edit.c: undoable changes to the map's per-hex and per-hexside layers,
 * hexside names and named areas. */
#define G_LOG_DOMAIN "gbacw-map-edit"

#include "gbacw-map-edit.h"

#include <glib/gi18n-lib.h>

#include "gbacw-collection-edit.h"
#include "gbacw-oob-edit.h"

typedef struct
{
  GbacwMapLayer layer;
  guint index;
  guint64 old_value;
  guint64 new_value;
  gboolean have_old;
} Cell;

typedef struct
{
  GbacwHexsideId hexside;
  char *old_name;
  char *new_name;
  gboolean have_old;
} NameCell;

struct _GbacwMapEdit
{
  GbacwCommand parent_instance;

  guint merge_key;
  GArray *cells;         /* Cell */
  GHashTable *positions; /* cell_key () -> position in cells + 1 */
  GArray *names;         /* NameCell; few, searched linearly */
};

G_DEFINE_FINAL_TYPE (GbacwMapEdit, gbacw_map_edit, GBACW_TYPE_COMMAND)

/* Map sizes stay far below 2^29 cells, so layer and index fit one guint. */
#define MAX_CELL_INDEX (G_MAXUINT >> 3)

static gpointer
cell_key (GbacwMapLayer layer, guint index)
{
  return GUINT_TO_POINTER ((index << 3) | (guint) layer);
}

static void
name_cell_clear (gpointer data)
{
  NameCell *n = data;
  g_free (n->old_name);
  g_free (n->new_name);
}

static gboolean
layer_is_per_hex (GbacwMapLayer layer)
{
  return layer == GBACW_LAYER_TERRAIN || layer == GBACW_LAYER_ELEVATION || layer == GBACW_LAYER_TERRAIN_STAND_IN;
}

static gboolean
cell_in_range (const GbacwMap *map, GbacwMapLayer layer, guint index)
{
  if (layer_is_per_hex (layer))
    return index < (guint) gbacw_hex_grid_n_hexes (&map->grid);
  return index < gbacw_hex_grid_n_hexside_ids (&map->grid);
}

static guint64
read_cell (const GbacwMap *map, GbacwMapLayer layer, guint index)
{
  switch (layer)
    {
    case GBACW_LAYER_TERRAIN:
      return map->terrain[index];
    case GBACW_LAYER_ELEVATION:
      return (guint64) (gint64) map->elevation[index];
    case GBACW_LAYER_HEXSIDE_FEATURES:
      return map->hexside_features[index];
    case GBACW_LAYER_HEXSIDE_INSIDE:
      return map->hexside_inside[index];
    case GBACW_LAYER_HEXSIDE_LINES:
      return map->hexside_lines[index];
    case GBACW_LAYER_TERRAIN_STAND_IN:
      return map->terrain_stand_in[index];
    default:
      g_return_val_if_reached (0);
    }
}

static void
write_cell (GbacwMap *map, GbacwMapLayer layer, guint index, guint64 value, GbacwChange *change)
{
  switch (layer)
    {
    case GBACW_LAYER_TERRAIN:
      map->terrain[index] = value;
      change->flags |= GBACW_CHANGE_TERRAIN;
      gbacw_change_add_hex (change, (int) index);
      break;
    case GBACW_LAYER_ELEVATION:
      map->elevation[index] = (gint16) (gint64) value;
      change->flags |= GBACW_CHANGE_ELEVATION;
      gbacw_change_add_hex (change, (int) index);
      break;
    case GBACW_LAYER_HEXSIDE_FEATURES:
      map->hexside_features[index] = (guint32) value;
      change->flags |= GBACW_CHANGE_HEXSIDES;
      gbacw_change_add_hexside (change, index);
      break;
    case GBACW_LAYER_HEXSIDE_INSIDE:
      map->hexside_inside[index] = (guint32) value;
      change->flags |= GBACW_CHANGE_HEXSIDES;
      gbacw_change_add_hexside (change, index);
      break;
    case GBACW_LAYER_HEXSIDE_LINES:
      map->hexside_lines[index] = (guint16) value;
      change->flags |= GBACW_CHANGE_LINES;
      gbacw_change_add_hexside (change, index);
      break;
    case GBACW_LAYER_TERRAIN_STAND_IN:
      map->terrain_stand_in[index] = value != 0;
      change->flags |= GBACW_CHANGE_TERRAIN;
      gbacw_change_add_hex (change, (int) index);
      break;
    default:
      g_return_if_reached ();
    }
}

static void
write_name (GbacwMap *map, GbacwHexsideId hexside, const char *name, GbacwChange *change)
{
  if (name != NULL)
    g_hash_table_replace (map->hexside_names, GUINT_TO_POINTER (hexside), g_strdup (name));
  else
    g_hash_table_remove (map->hexside_names, GUINT_TO_POINTER (hexside));
  change->flags |= GBACW_CHANGE_HEXSIDES;
  gbacw_change_add_hexside (change, hexside);
}

/* Terrain set on a hex whose terrain was a stand-in is the user's: its mark goes, in the same
 * edit (read when the edit is first applied, as the old values are). */
static void
take_off_stand_in_marks (GbacwMapEdit *self, const GbacwMap *map)
{
  guint n = self->cells->len;

  for (guint i = 0; i < n; i++)
    {
      const Cell *c = &g_array_index (self->cells, Cell, i);
      guint index = c->index;
      if (c->layer == GBACW_LAYER_TERRAIN && !c->have_old && cell_in_range (map, c->layer, index)
          && map->terrain_stand_in[index]
          && !g_hash_table_contains (self->positions, cell_key (GBACW_LAYER_TERRAIN_STAND_IN, index)))
        gbacw_map_edit_set (self, GBACW_LAYER_TERRAIN_STAND_IN, index, 0);
    }
}

static void
gbacw_map_edit_apply (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwMapEdit *self = GBACW_MAP_EDIT (command);
  GbacwMap *map = scenario->map;

  take_off_stand_in_marks (self, map);
  for (guint i = 0; i < self->cells->len; i++)
    {
      Cell *c = &g_array_index (self->cells, Cell, i);
      if (!cell_in_range (map, c->layer, c->index))
        {
          g_critical ("Map edit: cell %u of layer %d is off the map", c->index, (int) c->layer);
          continue;
        }
      if (!c->have_old)
        {
          c->old_value = read_cell (map, c->layer, c->index);
          c->have_old = TRUE;
        }
      write_cell (map, c->layer, c->index, c->new_value, change);
    }
  for (guint i = 0; i < self->names->len; i++)
    {
      NameCell *n = &g_array_index (self->names, NameCell, i);
      if (!n->have_old)
        {
          n->old_name = g_strdup (g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (n->hexside)));
          n->have_old = TRUE;
        }
      write_name (map, n->hexside, n->new_name, change);
    }
}

static void
gbacw_map_edit_revert (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwMapEdit *self = GBACW_MAP_EDIT (command);
  GbacwMap *map = scenario->map;

  for (guint i = self->names->len; i-- > 0;)
    {
      NameCell *n = &g_array_index (self->names, NameCell, i);
      if (n->have_old)
        write_name (map, n->hexside, n->old_name, change);
    }
  for (guint i = self->cells->len; i-- > 0;)
    {
      Cell *c = &g_array_index (self->cells, Cell, i);
      if (c->have_old && cell_in_range (map, c->layer, c->index))
        write_cell (map, c->layer, c->index, c->old_value, change);
    }
}

static NameCell *
find_name (GbacwMapEdit *self, GbacwHexsideId hexside)
{
  for (guint i = 0; i < self->names->len; i++)
    {
      NameCell *n = &g_array_index (self->names, NameCell, i);
      if (n->hexside == hexside)
        return n;
    }
  return NULL;
}

/* Keeps the earliest old value and takes the latest new value of every cell. */
static gboolean
gbacw_map_edit_merge (GbacwCommand *command, GbacwCommand *next_command)
{
  GbacwMapEdit *self = GBACW_MAP_EDIT (command);
  GbacwMapEdit *next;

  if (!GBACW_IS_MAP_EDIT (next_command))
    return FALSE;
  next = GBACW_MAP_EDIT (next_command);
  if (self->merge_key == 0 || self->merge_key != next->merge_key)
    return FALSE;

  for (guint i = 0; i < next->cells->len; i++)
    {
      const Cell *c = &g_array_index (next->cells, Cell, i);
      guint pos = GPOINTER_TO_UINT (g_hash_table_lookup (self->positions, cell_key (c->layer, c->index)));
      if (pos != 0)
        g_array_index (self->cells, Cell, pos - 1).new_value = c->new_value;
      else
        {
          g_array_append_val (self->cells, *c);
          g_hash_table_insert (self->positions, cell_key (c->layer, c->index),
                               GUINT_TO_POINTER (self->cells->len));
        }
    }
  for (guint i = 0; i < next->names->len; i++)
    {
      NameCell *n = &g_array_index (next->names, NameCell, i);
      NameCell *mine = find_name (self, n->hexside);
      if (mine != NULL)
        {
          g_free (mine->new_name);
          mine->new_name = g_steal_pointer (&n->new_name);
        }
      else
        {
          g_array_append_val (self->names, *n);
          /* the strings now belong to self */
          n->old_name = NULL;
          n->new_name = NULL;
        }
    }
  return TRUE;
}

static void
gbacw_map_edit_finalize (GObject *object)
{
  GbacwMapEdit *self = GBACW_MAP_EDIT (object);

  g_array_unref (self->cells);
  g_hash_table_unref (self->positions);
  g_array_unref (self->names);
  G_OBJECT_CLASS (gbacw_map_edit_parent_class)->finalize (object);
}

static void
gbacw_map_edit_class_init (GbacwMapEditClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GbacwCommandClass *command_class = GBACW_COMMAND_CLASS (klass);

  object_class->finalize = gbacw_map_edit_finalize;
  command_class->apply = gbacw_map_edit_apply;
  command_class->revert = gbacw_map_edit_revert;
  command_class->merge = gbacw_map_edit_merge;
}

static void
gbacw_map_edit_init (GbacwMapEdit *self)
{
  self->cells = g_array_new (FALSE, FALSE, sizeof (Cell));
  self->positions = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->names = g_array_new (FALSE, FALSE, sizeof (NameCell));
  g_array_set_clear_func (self->names, name_cell_clear);
}

GbacwMapEdit *
gbacw_map_edit_new (const char *label, guint merge_key)
{
  GbacwMapEdit *self = g_object_new (GBACW_TYPE_MAP_EDIT, "label", label, NULL);
  self->merge_key = merge_key;
  return self;
}

void
gbacw_map_edit_set (GbacwMapEdit *self, GbacwMapLayer layer, guint index, guint64 new_value)
{
  guint pos;

  g_return_if_fail (GBACW_IS_MAP_EDIT (self));
  g_return_if_fail (layer <= GBACW_LAYER_TERRAIN_STAND_IN);
  g_return_if_fail (index <= MAX_CELL_INDEX);

  switch (layer)
    {
    case GBACW_LAYER_ELEVATION:
      new_value = (guint64) (gint64) (gint16) (gint64) new_value;
      break;
    case GBACW_LAYER_HEXSIDE_FEATURES:
    case GBACW_LAYER_HEXSIDE_INSIDE:
      new_value = (guint32) new_value;
      break;
    case GBACW_LAYER_HEXSIDE_LINES:
      new_value = (guint16) new_value;
      break;
    case GBACW_LAYER_TERRAIN_STAND_IN:
      new_value = new_value != 0;
      break;
    case GBACW_LAYER_TERRAIN:
    default:
      break;
    }

  pos = GPOINTER_TO_UINT (g_hash_table_lookup (self->positions, cell_key (layer, index)));
  if (pos != 0)
    g_array_index (self->cells, Cell, pos - 1).new_value = new_value;
  else
    {
      Cell c = { layer, index, 0, new_value, FALSE };
      g_array_append_val (self->cells, c);
      g_hash_table_insert (self->positions, cell_key (layer, index), GUINT_TO_POINTER (self->cells->len));
    }
}

void
gbacw_map_edit_set_hexside_name (GbacwMapEdit *self, GbacwHexsideId hexside, const char *name)
{
  NameCell *n;

  g_return_if_fail (GBACW_IS_MAP_EDIT (self));

  n = find_name (self, hexside);
  if (n != NULL)
    {
      g_free (n->new_name);
      n->new_name = g_strdup (name);
    }
  else
    {
      NameCell c = { hexside, NULL, g_strdup (name), FALSE };
      g_array_append_val (self->names, c);
    }
}

guint
gbacw_map_edit_get_merge_key (GbacwMapEdit *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_EDIT (self), 0);
  return self->merge_key;
}

guint
gbacw_map_edit_get_n_changes (GbacwMapEdit *self)
{
  g_return_val_if_fail (GBACW_IS_MAP_EDIT (self), 0);
  return self->cells->len + self->names->len;
}

/* ---------------------------------------------------------------- convenience constructors */

static gboolean
hex_index_valid (const GbacwMap *map, int hex)
{
  return hex >= 0 && hex < gbacw_hex_grid_n_hexes (&map->grid);
}

GbacwMapEdit *
gbacw_map_edit_paint_terrain (const GbacwScenario *scenario, GArray *hexes, guint64 mask,
                              gboolean add, guint merge_key)
{
  GbacwMapEdit *self;
  const GbacwMap *map;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (hexes != NULL, NULL);

  map = scenario->map;
  self = gbacw_map_edit_new (!add && mask == 0 ? _("Erase terrain") : _("Paint terrain"), merge_key);
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      if (hex_index_valid (map, hex))
        gbacw_map_edit_set (self, GBACW_LAYER_TERRAIN, (guint) hex,
                            add && !map->terrain_stand_in[hex] ? map->terrain[hex] | mask : mask);
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_set_elevation (const GbacwScenario *scenario, GArray *hexes, int level, guint merge_key)
{
  GbacwMapEdit *self;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (hexes != NULL, NULL);
  g_return_val_if_fail (level >= G_MININT16 && level <= G_MAXINT16, NULL);

  self = gbacw_map_edit_new (_("Set elevation"), merge_key);
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      if (hex_index_valid (scenario->map, hex))
        gbacw_map_edit_set (self, GBACW_LAYER_ELEVATION, (guint) hex, (guint64) (gint64) level);
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_set_hexside_feature (const GbacwScenario *scenario, GbacwHexsideId hexside,
                                    int type_index, gboolean on, int inside_hex, guint merge_key)
{
  const GbacwMap *map;
  const GbacwHexsideType *type;
  GbacwMapEdit *self;
  guint32 bit, features, inside;

  g_return_val_if_fail (scenario != NULL, NULL);
  map = scenario->map;
  g_return_val_if_fail (hexside < gbacw_hex_grid_n_hexside_ids (&map->grid), NULL);
  g_return_val_if_fail (type_index >= 0 && (guint) type_index < scenario->catalogue.hexside_types->len, NULL);
  g_return_val_if_fail (type_index < GBACW_MAX_HEXSIDE_TYPES, NULL);

  type = g_ptr_array_index (scenario->catalogue.hexside_types, type_index);
  bit = 1u << type_index;
  features = map->hexside_features[hexside];
  inside = map->hexside_inside[hexside];

  if (on)
    {
      features |= bit;
      if (type->side == GBACW_SIDE_MODE_INSIDE && inside_hex >= 0)
        {
          GbacwHex a, b;
          gbacw_hex_grid_hexside_hexes (&map->grid, hexside, &a, NULL, &b);
          if (inside_hex == gbacw_hex_grid_index (&map->grid, b))
            inside |= bit;
          else if (inside_hex == gbacw_hex_grid_index (&map->grid, a))
            inside &= ~bit;
          else
            g_return_val_if_reached (NULL);
        }
    }
  else
    {
      features &= ~bit;
      inside &= ~bit;
    }

  self = gbacw_map_edit_new (on ? _("Add hexside feature") : _("Remove hexside feature"), merge_key);
  gbacw_map_edit_set (self, GBACW_LAYER_HEXSIDE_FEATURES, hexside, features);
  gbacw_map_edit_set (self, GBACW_LAYER_HEXSIDE_INSIDE, hexside, inside);
  if (features == 0 && g_hash_table_contains (map->hexside_names, GUINT_TO_POINTER (hexside)))
    gbacw_map_edit_set_hexside_name (self, hexside, NULL);
  if (on && type->side == GBACW_SIDE_MODE_INSIDE && !g_hash_table_contains (map->hexside_names, GUINT_TO_POINTER (hexside)))
    {
      GbacwHexsideId beside[4];
      guint n = gbacw_hex_grid_hexside_neighbours (&map->grid, hexside, beside);

      for (guint i = 0; i < n; i++)
        if (map->hexside_features[beside[i]] & bit)
          {
            const char *name = g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (beside[i]));

            if (name != NULL)
              {
                gbacw_map_edit_set_hexside_name (self, hexside, name);
                break;
              }
          }
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_set_line (const GbacwScenario *scenario, GbacwHex a, GbacwHex b, int line_type,
                         gboolean on, guint merge_key)
{
  const GbacwMap *map;
  GbacwMapEdit *self;
  GbacwHexsideId hexside;
  guint16 lines;
  int direction;

  g_return_val_if_fail (scenario != NULL, NULL);
  map = scenario->map;
  g_return_val_if_fail (line_type >= 0 && line_type < GBACW_MAX_LINE_TYPES, NULL);
  g_return_val_if_fail ((guint) line_type < scenario->catalogue.line_types->len, NULL);
  g_return_val_if_fail (gbacw_hex_grid_contains (&map->grid, a), NULL);
  g_return_val_if_fail (gbacw_hex_grid_contains (&map->grid, b), NULL);

  direction = gbacw_hex_grid_direction_to (&map->grid, a, b);
  g_return_val_if_fail (direction >= 0, NULL);
  hexside = gbacw_hex_grid_hexside (&map->grid, a, direction);
  g_return_val_if_fail (hexside != GBACW_HEXSIDE_NONE, NULL);

  lines = map->hexside_lines[hexside];
  if (on)
    lines |= (guint16) (1u << line_type);
  else
    lines &= (guint16) ~(1u << line_type);

  self = gbacw_map_edit_new (on ? _("Draw line") : _("Erase line"), merge_key);
  gbacw_map_edit_set (self, GBACW_LAYER_HEXSIDE_LINES, hexside, lines);
  return self;
}

/* Sets or clears bit on the line layer of the hexside between hex indices a and b, when
 * they are neighbours and it is not so already. */
static void
set_line_bit (GbacwMapEdit *self, const GbacwMap *map, int a, int b, guint16 bit, gboolean on)
{
  GbacwHex ha = gbacw_hex_grid_hex_at (&map->grid, a);
  int direction = gbacw_hex_grid_direction_to (&map->grid, ha, gbacw_hex_grid_hex_at (&map->grid, b));
  GbacwHexsideId id;
  guint16 lines;

  if (direction < 0 || (id = gbacw_hex_grid_hexside (&map->grid, ha, direction)) == GBACW_HEXSIDE_NONE)
    return;
  lines = map->hexside_lines[id];
  if (((lines & bit) != 0) != on)
    gbacw_map_edit_set (self, GBACW_LAYER_HEXSIDE_LINES, id, on ? lines | bit : lines & (guint16) ~bit);
}

GbacwMapEdit *
gbacw_map_edit_draw_line (const GbacwScenario *scenario, GArray *path, int line_type, gboolean on, guint merge_key)
{
  GbacwMapEdit *self;

  g_return_val_if_fail (scenario != NULL && path != NULL, NULL);
  g_return_val_if_fail (line_type >= 0 && line_type < GBACW_MAX_LINE_TYPES, NULL);
  g_return_val_if_fail ((guint) line_type < scenario->catalogue.line_types->len, NULL);

  self = gbacw_map_edit_new (on ? _("Draw line") : _("Erase line"), merge_key);
  for (guint i = 1; i < path->len; i++)
    {
      int a = g_array_index (path, int, i - 1), b = g_array_index (path, int, i);

      if (hex_index_valid (scenario->map, a) && hex_index_valid (scenario->map, b))
        set_line_bit (self, scenario->map, a, b, (guint16) (1u << line_type), on);
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_clear_lines_at (const GbacwScenario *scenario, int hex, int line_type, guint merge_key)
{
  const GbacwHexGrid *grid;
  GbacwMapEdit *self;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (line_type >= 0 && line_type < GBACW_MAX_LINE_TYPES, NULL);
  g_return_val_if_fail ((guint) line_type < scenario->catalogue.line_types->len, NULL);

  grid = &scenario->map->grid;
  self = gbacw_map_edit_new (_("Erase line"), merge_key);
  if (!hex_index_valid (scenario->map, hex))
    return self;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      int n = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, gbacw_hex_grid_hex_at (grid, hex), d));

      if (n >= 0)
        set_line_bit (self, scenario->map, hex, n, (guint16) (1u << line_type), FALSE);
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_step_elevation (const GbacwScenario *scenario, GArray *hexes, int step, guint merge_key)
{
  GbacwMapEdit *self;

  g_return_val_if_fail (scenario != NULL && hexes != NULL, NULL);

  self = gbacw_map_edit_new (step > 0 ? _("Raise elevation") : _("Lower elevation"), merge_key);
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      int old, value;

      if (!hex_index_valid (scenario->map, hex))
        continue;
      old = scenario->map->elevation[hex];
      value = CLAMP (old + step, 0, GBACW_MAX_ELEVATION_LEVEL);
      if (value != old)
        gbacw_map_edit_set (self, GBACW_LAYER_ELEVATION, (guint) hex, (guint64) (gint64) value);
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_erase (const GbacwScenario *scenario, GArray *hexes, GbacwEraseFlags what, guint merge_key)
{
  const GbacwMap *map;
  GbacwMapEdit *self;

  g_return_val_if_fail (scenario != NULL && hexes != NULL, NULL);

  map = scenario->map;
  self = gbacw_map_edit_new (_("Erase"), merge_key);
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);
      GbacwHex h;

      if (!hex_index_valid (map, hex))
        continue;
      h = gbacw_hex_grid_hex_at (&map->grid, hex);
      if ((what & GBACW_ERASE_TERRAIN) && map->terrain[hex] != 0)
        gbacw_map_edit_set (self, GBACW_LAYER_TERRAIN, (guint) hex, 0);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          GbacwHexsideId id = gbacw_hex_grid_hexside (&map->grid, h, d);

          if (id == GBACW_HEXSIDE_NONE)
            continue;
          if ((what & GBACW_ERASE_HEXSIDES) && map->hexside_features[id] != 0)
            {
              gbacw_map_edit_set (self, GBACW_LAYER_HEXSIDE_FEATURES, id, 0);
              if (map->hexside_inside[id] != 0)
                gbacw_map_edit_set (self, GBACW_LAYER_HEXSIDE_INSIDE, id, 0);
              if (g_hash_table_contains (map->hexside_names, GUINT_TO_POINTER (id)))
                gbacw_map_edit_set_hexside_name (self, id, NULL);
            }
          if ((what & GBACW_ERASE_LINES) && map->hexside_lines[id] != 0)
            gbacw_map_edit_set (self, GBACW_LAYER_HEXSIDE_LINES, id, 0);
        }
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_flood_fill (const GbacwScenario *scenario, int start_hex, guint64 mask)
{
  const GbacwMap *map;
  GbacwMapEdit *self;
  guint64 target;
  g_autofree guint8 *seen = NULL;
  g_autoptr (GArray) queue = NULL;
  int n;

  g_return_val_if_fail (scenario != NULL, NULL);
  map = scenario->map;
  g_return_val_if_fail (hex_index_valid (map, start_hex), NULL);

  self = gbacw_map_edit_new (_("Fill terrain"), 0);
  target = map->terrain[start_hex];
  if (target == mask)
    return self;

  n = gbacw_hex_grid_n_hexes (&map->grid);
  seen = g_new0 (guint8, n);
  queue = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (queue, start_hex);
  seen[start_hex] = 1;
  for (guint head = 0; head < queue->len; head++)
    {
      int hex = g_array_index (queue, int, head);
      GbacwHex h = gbacw_hex_grid_hex_at (&map->grid, hex);

      gbacw_map_edit_set (self, GBACW_LAYER_TERRAIN, (guint) hex, mask);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          int next = gbacw_hex_grid_index (&map->grid, gbacw_hex_grid_neighbour (&map->grid, h, d));
          if (next < 0 || seen[next] || map->terrain[next] != target)
            continue;
          seen[next] = 1;
          g_array_append_val (queue, next);
        }
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_auto_crest (const GbacwScenario *scenario, int crest_type_index)
{
  const GbacwMap *map;
  GbacwMapEdit *self;
  guint32 bit, n_ids;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (crest_type_index >= 0 && crest_type_index < GBACW_MAX_HEXSIDE_TYPES, NULL);
  g_return_val_if_fail ((guint) crest_type_index < scenario->catalogue.hexside_types->len, NULL);

  map = scenario->map;
  bit = 1u << crest_type_index;
  n_ids = gbacw_hex_grid_n_hexside_ids (&map->grid);
  self = gbacw_map_edit_new (_("Mark crests"), 0);
  for (guint32 id = 0; id < n_ids; id++)
    {
      GbacwHex a, b;
      int ia, ib;

      if (map->hexside_features[id] & bit)
        continue;
      if (!gbacw_hex_grid_hexside_hexes (&map->grid, id, &a, NULL, &b))
        continue;
      ia = gbacw_hex_grid_index (&map->grid, a);
      ib = gbacw_hex_grid_index (&map->grid, b);
      if (ia < 0 || ib < 0 || map->elevation[ia] == map->elevation[ib])
        continue;
      gbacw_map_edit_set (self, GBACW_LAYER_HEXSIDE_FEATURES, id, map->hexside_features[id] | bit);
    }
  return self;
}

GbacwMapEdit *
gbacw_map_edit_name_hexside (const GbacwScenario *scenario, GbacwHexsideId hexside, const char *name)
{
  const GbacwMap *map;
  g_autofree char *stripped = NULL;
  const char *old_name;
  GbacwMapEdit *self;

  g_return_val_if_fail (scenario != NULL, NULL);
  map = scenario->map;
  g_return_val_if_fail (hexside < gbacw_hex_grid_n_hexside_ids (&map->grid), NULL);
  g_return_val_if_fail (name == NULL || g_utf8_validate (name, -1, NULL), NULL);

  stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (stripped[0] == '\0')
    g_clear_pointer (&stripped, g_free);
  old_name = g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (hexside));

  self = gbacw_map_edit_new (stripped != NULL ? _("Name hexside") : _("Remove hexside name"), 0);
  if (g_strcmp0 (old_name, stripped) != 0)
    gbacw_map_edit_set_hexside_name (self, hexside, stripped);
  return self;
}

static int
compare_hexside (gconstpointer a, gconstpointer b)
{
  GbacwHexsideId x = *(const GbacwHexsideId *) a, y = *(const GbacwHexsideId *) b;
  return (x > y) - (x < y);
}

GArray *
gbacw_map_work_hexsides (const GbacwScenario *scenario, GbacwHexsideId hexside)
{
  const GbacwMap *map;
  GArray *work;
  const char *name;

  g_return_val_if_fail (scenario != NULL, NULL);
  map = scenario->map;
  g_return_val_if_fail (hexside < gbacw_hex_grid_n_hexside_ids (&map->grid), NULL);

  work = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideId));
  name = g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (hexside));
  if (name != NULL)
    {
      GHashTableIter iter;
      gpointer key, value;

      g_hash_table_iter_init (&iter, map->hexside_names);
      while (g_hash_table_iter_next (&iter, &key, &value))
        if (g_strcmp0 (value, name) == 0)
          {
            GbacwHexsideId id = GPOINTER_TO_UINT (key);
            g_array_append_val (work, id);
          }
    }
  else
    {
      guint32 inside = 0;
      g_autoptr(GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);

      for (guint i = 0; i < scenario->catalogue.hexside_types->len && i < GBACW_MAX_HEXSIDE_TYPES; i++)
        if (((const GbacwHexsideType *) g_ptr_array_index (scenario->catalogue.hexside_types, i))->side
            == GBACW_SIDE_MODE_INSIDE)
          inside |= 1u << i;
      inside &= map->hexside_features[hexside];
      g_array_append_val (work, hexside);
      g_hash_table_add (seen, GUINT_TO_POINTER (hexside + 1));
      /* the array is the queue too */
      for (guint i = 0; inside != 0 && i < work->len; i++)
        {
          GbacwHexsideId beside[4];
          guint n = gbacw_hex_grid_hexside_neighbours (&map->grid, g_array_index (work, GbacwHexsideId, i), beside);

          for (guint k = 0; k < n; k++)
            if ((map->hexside_features[beside[k]] & inside)
                && !g_hash_table_contains (map->hexside_names, GUINT_TO_POINTER (beside[k]))
                && g_hash_table_add (seen, GUINT_TO_POINTER (beside[k] + 1)))
              g_array_append_val (work, beside[k]);
        }
    }
  g_array_sort (work, compare_hexside);
  return work;
}

GbacwMapEdit *
gbacw_map_edit_name_work (const GbacwScenario *scenario, GbacwHexsideId hexside, const char *name)
{
  g_autoptr(GArray) work = NULL;
  g_autofree char *stripped = NULL;
  GbacwMapEdit *self;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (hexside < gbacw_hex_grid_n_hexside_ids (&scenario->map->grid), NULL);
  g_return_val_if_fail (name == NULL || g_utf8_validate (name, -1, NULL), NULL);

  stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (stripped[0] == '\0')
    g_clear_pointer (&stripped, g_free);
  work = gbacw_map_work_hexsides (scenario, hexside);
  self = gbacw_map_edit_new (stripped != NULL ? _("Name work") : _("Remove work name"), 0);
  for (guint i = 0; i < work->len; i++)
    {
      GbacwHexsideId id = g_array_index (work, GbacwHexsideId, i);

      if (g_strcmp0 (g_hash_table_lookup (scenario->map->hexside_names, GUINT_TO_POINTER (id)), stripped) != 0)
        gbacw_map_edit_set_hexside_name (self, id, stripped);
    }
  return self;
}

/* ---------------------------------------------------------------- named areas */

static int
area_index (const GbacwScenario *scenario, const char *id, GError **error)
{
  for (guint i = 0; id != NULL && i < scenario->map->areas->len; i++)
    if (g_strcmp0 (((const GbacwArea *) g_ptr_array_index (scenario->map->areas, i))->id, id) == 0)
      return (int) i;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("there is no area “%s” on the map"),
               id != NULL ? id : "");
  return -1;
}

GbacwCommand *
gbacw_map_edit_rename_area (const GbacwScenario *scenario, const char *id, const char *name, GError **error)
{
  g_autofree char *stripped = NULL;
  const GbacwArea *area;
  GbacwArea *copy;
  GbacwCollectionEdit *edit;
  int index;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((index = area_index (scenario, id, error)) < 0)
    return NULL;
  stripped = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (stripped[0] == '\0')
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID, _("An area needs a name"));
      return NULL;
    }
  if (!g_utf8_validate (stripped, -1, NULL))
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID, _("the text is not valid UTF-8"));
      return NULL;
    }
  for (const unsigned char *p = (const unsigned char *) stripped; *p != '\0'; p++)
    if (*p < 0x20 || *p == 0x7f)
      {
        g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID,
                     _("the text contains a control character"));
        return NULL;
      }

  edit = gbacw_collection_edit_new (_("Rename area"), 0);
  area = g_ptr_array_index (scenario->map->areas, index);
  if (g_strcmp0 (area->name, stripped) != 0)
    {
      copy = gbacw_area_copy (area);
      g_free (copy->name);
      copy->name = g_steal_pointer (&stripped);
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_AREAS, (guint) index, copy);
    }
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_map_edit_remove_area (const GbacwScenario *scenario, const char *id, GError **error)
{
  const GbacwArea *area;
  const char *award_id = NULL;
  guint n_awards = 0, n_automatic = 0;
  GbacwCollectionEdit *edit;
  int index;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((index = area_index (scenario, id, error)) < 0)
    return NULL;
  area = g_ptr_array_index (scenario->map->areas, index);

  for (guint i = 0; i < scenario->vp_awards->len; i++)
    {
      const GbacwVpAward *award = g_ptr_array_index (scenario->vp_awards, i);
      if (g_strcmp0 (award->area, id) == 0)
        {
          if (award_id == NULL)
            award_id = award->id;
          n_awards++;
        }
    }
  for (guint i = 0; i < scenario->automatic_victories->len; i++)
    if (g_strcmp0 (((const GbacwAutomaticVictory *) g_ptr_array_index (scenario->automatic_victories, i))->area,
                   id) == 0)
      n_automatic++;

  if (n_awards > 0 || n_automatic > 0)
    {
      const char *name = area->name != NULL && area->name[0] != '\0' ? area->name : area->id;

      if (n_awards > 0 && n_automatic > 0)
        /* TRANSLATORS: %s is an area's name */
        g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                     _("“%s” cannot be deleted: VP awards and an automatic victory condition refer to it. "
                       "Change them in Scenario Settings, Victory, first."), name);
      else if (n_awards > 0)
        /* TRANSLATORS: the first %s is an area's name, the second a VP award's id */
        g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "“%s” cannot be deleted: the VP award “%s” refers to it. "
                                  "Change it in Scenario Settings, Victory, first.",
                                  "“%s” cannot be deleted: VP awards (“%s” and others) refer to it. "
                                  "Change them in Scenario Settings, Victory, first.", n_awards),
                     name, award_id != NULL ? award_id : "");
      else
        /* TRANSLATORS: %s is an area's name */
        g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                     g_dngettext (GETTEXT_PACKAGE,
                                  "“%s” cannot be deleted: an automatic victory condition refers to it. "
                                  "Change it in Scenario Settings, Victory, first.",
                                  "“%s” cannot be deleted: automatic victory conditions refer to it. "
                                  "Change them in Scenario Settings, Victory, first.", n_automatic),
                     name);
      return NULL;
    }

  edit = gbacw_collection_edit_new (_("Delete area"), 0);
  gbacw_collection_edit_remove (edit, GBACW_COLLECTION_AREAS, (guint) index);
  return GBACW_COMMAND (edit);
}
