/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-region.c: a piece of the map copied to be pasted elsewhere. */
#define G_LOG_DOMAIN "gbacw-map-region"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "gbacw"
#endif

#include "gbacw-map-region.h"

#include <glib/gi18n-lib.h>

typedef struct {
  int dq, dr;          /* the step from the anchor */
  guint64 terrain;
  int elevation;
} RegionHex;

/* A hexside of a region hex h, seen from h: so that which side is inside survives a paste
 * onto a hex that owns the hexside's id the other way round. */
typedef struct {
  int dq, dr;          /* h, as a step from the anchor */
  int direction;       /* from h */
  guint32 features;
  guint32 inside_h;    /* bits of "inside" features whose inside is h */
  guint16 lines;
  gboolean inner;      /* between two hexes of the region: its lines are the region's too */
} RegionHexside;

struct _GbacwMapRegion
{
  char *name;
  GArray *hexes;       /* RegionHex */
  GArray *hexsides;    /* RegionHexside */
};

static GbacwMapRegion *
region_new (void)
{
  GbacwMapRegion *region = g_new0 (GbacwMapRegion, 1);

  region->hexes = g_array_new (FALSE, FALSE, sizeof (RegionHex));
  region->hexsides = g_array_new (FALSE, FALSE, sizeof (RegionHexside));
  return region;
}

/* The hexside types whose features record which hex is inside (works, redans). */
static guint32
inside_types (const GbacwScenario *scenario)
{
  guint32 mask = 0;

  for (guint i = 0; i < scenario->catalogue.hexside_types->len && i < GBACW_MAX_HEXSIDE_TYPES; i++)
    if (((const GbacwHexsideType *) g_ptr_array_index (scenario->catalogue.hexside_types, i))->side
        == GBACW_SIDE_MODE_INSIDE)
      mask |= 1u << i;
  return mask;
}

GbacwMapRegion *
gbacw_map_region_copy (const GbacwScenario *scenario, GArray *hexes)
{
  const GbacwMap *map;
  const GbacwHexGrid *grid;
  g_autoptr(GbacwMapRegion) region = NULL;
  g_autoptr(GHashTable) members = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GHashTable) hexsides = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GArray) sorted = NULL;
  guint32 inside_mask;
  GbacwHex anchor;

  g_return_val_if_fail (scenario != NULL && hexes != NULL, NULL);

  map = scenario->map;
  grid = &map->grid;
  sorted = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < hexes->len; i++)
    {
      int hex = g_array_index (hexes, int, i);

      if (hex >= 0 && hex < gbacw_hex_grid_n_hexes (grid) && g_hash_table_add (members, GINT_TO_POINTER (hex + 1)))
        g_array_append_val (sorted, hex);
    }
  if (sorted->len == 0)
    return NULL;

  region = region_new ();
  anchor = gbacw_hex_grid_hex_at (grid, g_array_index (sorted, int, 0));
  for (guint i = 1; i < sorted->len; i++)
    if (g_array_index (sorted, int, i) < gbacw_hex_grid_index (grid, anchor))
      anchor = gbacw_hex_grid_hex_at (grid, g_array_index (sorted, int, i));

  inside_mask = inside_types (scenario);
  for (guint i = 0; i < sorted->len; i++)
    {
      int index = g_array_index (sorted, int, i);
      GbacwHex h = gbacw_hex_grid_hex_at (grid, index);
      RegionHex rh = { 0, 0, map->terrain[index], map->elevation[index] };

      gbacw_hex_grid_step_between (grid, anchor, h, &rh.dq, &rh.dr);
      g_array_append_val (region->hexes, rh);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          GbacwHexsideId id = gbacw_hex_grid_hexside (grid, h, d);
          int other = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, h, d));
          RegionHexside rs = { rh.dq, rh.dr, d, 0, 0, 0, FALSE };
          GbacwHex b;

          if (id == GBACW_HEXSIDE_NONE || !g_hash_table_add (hexsides, GUINT_TO_POINTER (id + 1)))
            continue;
          gbacw_hex_grid_hexside_hexes (grid, id, NULL, NULL, &b);
          rs.features = map->hexside_features[id];
          rs.inside_h = (gbacw_hex_equal (b, h) ? map->hexside_inside[id] : ~map->hexside_inside[id])
                        & rs.features & inside_mask;
          rs.inner = other >= 0 && g_hash_table_contains (members, GINT_TO_POINTER (other + 1));
          rs.lines = rs.inner ? map->hexside_lines[id] : 0;
          if (rs.inner || rs.features != 0)
            g_array_append_val (region->hexsides, rs);
        }
    }
  return g_steal_pointer (&region);
}

void
gbacw_map_region_free (GbacwMapRegion *region)
{
  if (region == NULL)
    return;
  g_free (region->name);
  g_array_unref (region->hexes);
  g_array_unref (region->hexsides);
  g_free (region);
}

GbacwMapRegion *
gbacw_map_region_dup (const GbacwMapRegion *region)
{
  GbacwMapRegion *copy;

  g_return_val_if_fail (region != NULL, NULL);

  copy = region_new ();
  copy->name = g_strdup (region->name);
  g_array_append_vals (copy->hexes, region->hexes->data, region->hexes->len);
  g_array_append_vals (copy->hexsides, region->hexsides->data, region->hexsides->len);
  return copy;
}

guint
gbacw_map_region_get_n_hexes (const GbacwMapRegion *region)
{
  g_return_val_if_fail (region != NULL, 0);
  return region->hexes->len;
}

const char *
gbacw_map_region_get_name (const GbacwMapRegion *region)
{
  g_return_val_if_fail (region != NULL, NULL);
  return region->name;
}

void
gbacw_map_region_set_name (GbacwMapRegion *region, const char *name)
{
  g_return_if_fail (region != NULL);
  g_free (region->name);
  region->name = g_strdup (name);
}

GArray *
gbacw_map_region_place (const GbacwMapRegion *region, const GbacwHexGrid *grid, GbacwHex anchor)
{
  GArray *out;

  g_return_val_if_fail (region != NULL && grid != NULL, NULL);

  out = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < region->hexes->len; i++)
    {
      const RegionHex *rh = &g_array_index (region->hexes, RegionHex, i);
      int index = gbacw_hex_grid_index (grid, gbacw_hex_grid_step (grid, anchor, rh->dq, rh->dr));

      if (index >= 0)
        g_array_append_val (out, index);
    }
  return out;
}

GbacwMapEdit *
gbacw_map_region_paste (const GbacwMapRegion *region, const GbacwScenario *scenario, GbacwHex anchor,
                        guint merge_key)
{
  const GbacwHexGrid *grid;
  GbacwMapEdit *edit;
  guint32 known_features, inside_mask;
  guint16 known_lines;
  guint64 known_terrains;
  int top_level;

  g_return_val_if_fail (region != NULL && scenario != NULL, NULL);

  grid = &scenario->map->grid;
  known_features = scenario->catalogue.hexside_types->len >= GBACW_MAX_HEXSIDE_TYPES
                     ? G_MAXUINT32 : (1u << scenario->catalogue.hexside_types->len) - 1;
  known_lines = (guint16) (scenario->catalogue.line_types->len >= GBACW_MAX_LINE_TYPES
                             ? G_MAXUINT16 : (1u << scenario->catalogue.line_types->len) - 1);
  known_terrains = scenario->catalogue.hex_terrains->len >= 64
                     ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << scenario->catalogue.hex_terrains->len) - 1;
  /* the file keeps levels that <levels> lists (another map may have fewer) */
  top_level = scenario->map->levels->len > 0 ? (int) scenario->map->levels->len - 1 : G_MAXINT16;
  inside_mask = inside_types (scenario);
  edit = gbacw_map_edit_new (_("Paste"), merge_key);
  for (guint i = 0; i < region->hexes->len; i++)
    {
      const RegionHex *rh = &g_array_index (region->hexes, RegionHex, i);
      int index = gbacw_hex_grid_index (grid, gbacw_hex_grid_step (grid, anchor, rh->dq, rh->dr));

      if (index < 0)
        continue;
      gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) index, rh->terrain & known_terrains);
      gbacw_map_edit_set (edit, GBACW_LAYER_ELEVATION, (guint) index, (guint64) (gint64) MIN (rh->elevation, top_level));
    }
  for (guint i = 0; i < region->hexsides->len; i++)
    {
      const RegionHexside *rs = &g_array_index (region->hexsides, RegionHexside, i);
      GbacwHex h = gbacw_hex_grid_step (grid, anchor, rs->dq, rs->dr);
      GbacwHexsideId id;
      guint32 features, inside;
      GbacwHex b;

      if (!gbacw_hex_grid_contains (grid, h) || (id = gbacw_hex_grid_hexside (grid, h, rs->direction)) == GBACW_HEXSIDE_NONE)
        continue;
      gbacw_hex_grid_hexside_hexes (grid, id, NULL, NULL, &b);
      features = rs->features & known_features;
      inside = (gbacw_hex_equal (b, h) ? rs->inside_h : ~rs->inside_h) & features & inside_mask;
      gbacw_map_edit_set (edit, GBACW_LAYER_HEXSIDE_FEATURES, id, features);
      gbacw_map_edit_set (edit, GBACW_LAYER_HEXSIDE_INSIDE, id, inside);
      /* a name is a work's (gbacw_map_work_hexsides ()): the copy of a redan is a new work */
      gbacw_map_edit_set_hexside_name (edit, id, NULL);
      /* a line reaches across a hexside from a hex on the map to another */
      if (rs->inner && gbacw_hex_grid_contains (grid, gbacw_hex_grid_neighbour (grid, h, rs->direction)))
        gbacw_map_edit_set (edit, GBACW_LAYER_HEXSIDE_LINES, id, rs->lines & known_lines);
    }
  return edit;
}
