/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-map.c: the map: hexes, hexsides and areas. */
#define G_LOG_DOMAIN "gbacw-checks-map"

#include "gbacw-checks-private.h"

/* ==================================================================== map: hexes */

static gboolean
in_town_area (CheckContext *ctx, int hex)
{
  for (guint i = 0; i < ctx->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (ctx->map->areas, i);
      if (area->kind == GBACW_AREA_TOWN && gbacw_area_contains (area, hex))
        return TRUE;
    }
  return FALSE;
}

void
gbacw_check_map_hex (CheckContext *ctx, int hex, GPtrArray *out)
{
  const GbacwMap *map = ctx->map;
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
  guint16 at[GBACW_HEX_DIRECTIONS];
  guint16 any = 0;

  if (map->terrain[hex] == 0)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_INFO, "map.no-terrain", "5.15",
                                       _("This hex has no terrain yet")),
                           ctx->grid, hex);
  else if (map->terrain_stand_in[hex])
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.stand-in-terrain", "5.15",
                                       _("This hex's terrain is a stand-in, not the map's: paint the hex as "
                                         "the game's map shows it (Scenario ▸ Clear Stand-ins takes every "
                                         "stand-in back)")),
                           ctx->grid, hex);

  /* roads do not dead-end inside the map except at a town or another road */
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
      at[d] = id == GBACW_HEXSIDE_NONE ? 0 : map->hexside_lines[id] & ctx->valid_lines;
      any |= at[d];
    }
  if (any == 0 || gbacw_hex_on_edge (ctx, hex) || (map->terrain[hex] & ctx->town_terrains)
      || (any & (any - 1)) != 0 || in_town_area (ctx, hex))
    return;
  {
    guint l = (guint) __builtin_ctz (any);
    int count = 0;
    for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
      if (at[d] & (1u << l))
        count++;
    if (count == 1)
      {
        const GbacwLineType *type = line_type_at (ctx, l);
        gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.road-end", "6.11",
                                           _("The %s ends here, inside the map, away from a town or another road"),
                                           name_or_id (type->name, type->id)),
                               ctx->grid, hex);
      }
  }
}

/* ==================================================================== map: hexsides */

/* The types a crossing needs under it: its requires= list, or by style. */
static guint32
crossing_needs (CheckContext *ctx, guint k)
{
  const GbacwHexsideType *type = side_type_at (ctx, k);
  const GbacwCatalogue *cat = &ctx->s->catalogue;
  guint32 needs = 0;

  if (type->requires)
    for (guint i = 0; type->requires[i]; i++)
      {
        int r = gbacw_catalogue_find_hexside_type (cat, type->requires[i]);
        if (r >= 0 && (guint) r != k)
          needs |= 1u << r;
      }
  if (needs)
    return needs;
  if (g_strcmp0 (type->style, "wagon-bridge") == 0)
    for (guint i = 0; i < cat->hexside_types->len; i++)
      if (g_strcmp0 (side_type_at (ctx, i)->style, "ford") == 0)
        needs |= 1u << i;
  return needs ? needs : (ctx->river_types | ctx->stream_types);
}

static const char *
crossing_case (const GbacwHexsideType *type)
{
  if (g_strcmp0 (type->style, "ford") == 0)
    return "22.5";
  if (g_strcmp0 (type->style, "bridge") == 0)
    return "22.6";
  if (g_strcmp0 (type->style, "wagon-bridge") == 0)
    return "23.0";
  return type->rule_case ? type->rule_case : "22.4";
}

static char *
type_names (CheckContext *ctx, guint32 mask, const char *separator)
{
  GString *s = g_string_new (NULL);
  for (guint32 m = mask & ctx->valid_sides; m; m &= m - 1)
    {
      const GbacwHexsideType *type = side_type_at (ctx, (guint) __builtin_ctz (m));
      if (s->len)
        g_string_append (s, separator);
      g_string_append (s, name_or_id (type->name, type->id));
    }
  return g_string_free (s, FALSE);
}

/* Whether a river or stream on hexside id of hex a ends at a's corner c in mid-map: none
 * of the three hexes there is off the map, and neither other hexside there carries water. */
static gboolean
water_ends_at (CheckContext *ctx, GbacwHex a, int c, GbacwHexsideId id, guint32 water)
{
  const GbacwHexGrid *grid = ctx->grid;
  int before = (c + GBACW_HEX_DIRECTIONS - 1) % GBACW_HEX_DIRECTIONS;
  GbacwHex p = gbacw_hex_grid_neighbour (grid, a, before), q = gbacw_hex_grid_neighbour (grid, a, c);
  GbacwHexsideId sides[3];

  if (!gbacw_hex_grid_contains (grid, a) || !gbacw_hex_grid_contains (grid, p) || !gbacw_hex_grid_contains (grid, q))
    return FALSE;
  /* corner c starts a's hexside c and ends its hexside c - 1; the third runs between p and q */
  sides[0] = gbacw_hex_grid_hexside (grid, a, c);
  sides[1] = gbacw_hex_grid_hexside (grid, a, before);
  sides[2] = gbacw_hex_grid_hexside (grid, p, gbacw_hex_grid_direction_to (grid, p, q));
  for (int i = 0; i < 3; i++)
    if (sides[i] != id && sides[i] != GBACW_HEXSIDE_NONE && (ctx->map->hexside_features[sides[i]] & water))
      return FALSE;
  return TRUE;
}

static gboolean
unnamed_redan (CheckContext *ctx, GbacwHexsideId id)
{
  return (ctx->map->hexside_features[id] & ctx->valid_sides & ctx->redan_types) != 0
         && !g_hash_table_contains (ctx->map->hexside_names, GUINT_TO_POINTER (id));
}

GArray *
gbacw_check_unnamed_redan (CheckContext *ctx, GbacwHexsideId id)
{
  GArray *work = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideId));
  g_autoptr (GHashTable) seen = NULL;

  if (!unnamed_redan (ctx, id))
    return work;
  seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_array_append_val (work, id);
  g_hash_table_add (seen, GUINT_TO_POINTER (id + 1));
  for (guint i = 0; i < work->len; i++)
    {
      GbacwHexsideId beside[4];
      guint n = gbacw_hex_grid_hexside_neighbours (ctx->grid, g_array_index (work, GbacwHexsideId, i), beside);

      for (guint k = 0; k < n; k++)
        if (unnamed_redan (ctx, beside[k]) && g_hash_table_add (seen, GUINT_TO_POINTER (beside[k] + 1)))
          g_array_append_val (work, beside[k]);
    }
  return work;
}

/* Whether id is the first (lowest id) hexside of its unnamed redan: the one the work's
 * note is about. */
static gboolean
first_of_unnamed_redan (CheckContext *ctx, GbacwHexsideId id)
{
  g_autoptr (GArray) work = gbacw_check_unnamed_redan (ctx, id);

  for (guint i = 0; i < work->len; i++)
    if (g_array_index (work, GbacwHexsideId, i) < id)
      return FALSE;
  return work->len > 0;
}

gboolean
gbacw_check_map_hexside (CheckContext *ctx, GbacwHexsideId id, GPtrArray *out)
{
  const GbacwMap *map = ctx->map;
  const GbacwHexGrid *grid = ctx->grid;
  guint32 features = map->hexside_features[id] & ctx->valid_sides;
  guint16 lines = map->hexside_lines[id] & ctx->valid_lines;
  GbacwHex a, b;
  int ia, ib;

  if ((features == 0 && lines == 0) || !gbacw_hex_grid_hexside_on_map (grid, id))
    return FALSE;
  gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
  ia = gbacw_hex_grid_index (grid, a);
  ib = gbacw_hex_grid_index (grid, b);

  /* 22.1: crests lie between different elevations and face the higher hex */
  for (guint32 m = features & ctx->elevation_types; m && ia >= 0 && ib >= 0; m &= m - 1)
    {
      const GbacwHexsideType *type = side_type_at (ctx, (guint) __builtin_ctz (m));
      if (map->elevation[ia] == map->elevation[ib])
        gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_ERROR, "map.crest", "22.1",
                                               _("%s between two hexes of the same elevation (level %d): a crest "
                                                 "lies between different elevations and faces the higher hex"),
                                               name_or_id (type->name, type->id), map->elevation[ia]),
                                   grid, id);
    }

  /* 22.4-22.6, 23.0: fords, bridges and wagon bridges only where they have something to cross */
  for (guint32 m = features & ctx->crossing_types; m; m &= m - 1)
    {
      guint k = (guint) __builtin_ctz (m);
      const GbacwHexsideType *type = side_type_at (ctx, k);
      guint32 needs = crossing_needs (ctx, k);
      if (!(features & needs))
        {
          g_autofree char *names = type_names (ctx, needs, _(" or "));
          gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_ERROR, "map.crossing", crossing_case (type),
                                                 _("%s on a hexside without %s: it has nothing to cross"),
                                                 name_or_id (type->name, type->id), *names ? names : _("water")),
                                     grid, id);
        }
    }

  /* a road across a river or stream needs a bridge or ford (22.4, 22.6) */
  if (lines && (features & (ctx->river_types | ctx->stream_types)) && !(features & ctx->crossing_types))
    {
      guint l = (guint) __builtin_ctz (lines);
      const GbacwLineType *line = line_type_at (ctx, l);
      gboolean river = (features & ctx->river_types) != 0;
      g_autofree char *water = type_names (ctx, features & (ctx->river_types | ctx->stream_types), _(" and "));
      gbacw_finding_set_hexside (gbacw_emit (out, river ? GBACW_SEVERITY_ERROR : GBACW_SEVERITY_WARNING,
                                             "map.road-water", river ? "22.4" : "22.6",
                                             _("The %s crosses the %s here without a bridge or ford"),
                                             name_or_id (line->name, line->id), water),
                                 grid, id);
    }

  /* a river or stream runs on to another river or stream or off the map edge, never
   * stopping in mid-map (22.4): a gap left while tracing it would let units cross there */
  if (features & (ctx->river_types | ctx->stream_types))
    {
      guint32 water = ctx->river_types | ctx->stream_types;
      const GbacwHexsideType *type = side_type_at (ctx, (guint) __builtin_ctz (features & water));
      int direction;

      gbacw_hex_grid_hexside_hexes (grid, id, &a, &direction, NULL);
      if (water_ends_at (ctx, a, direction, id, water) ||
          water_ends_at (ctx, a, (direction + 1) % GBACW_HEX_DIRECTIONS, id, water))
        gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.water-end",
                                               type->rule_case ? type->rule_case : "22.4",
                                               _("The %s ends here, in mid-map, away from another river or stream "
                                                 "and the map edge: join it up or run it off the map"),
                                               name_or_id (type->name, type->id)),
                                   grid, id);
    }

  /* works and redans have an inside on the map (C 23.1, 23.2) */
  for (guint32 m = features & ctx->inside_types; m; m &= m - 1)
    {
      guint k = (guint) __builtin_ctz (m);
      const GbacwHexsideType *type = side_type_at (ctx, k);
      int inside = ((map->hexside_inside[id] >> k) & 1) ? ib : ia;
      const char *rule_case = (ctx->redan_types & (1u << k)) ? "23.2" : "23.1";
      if (inside < 0)
        gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_ERROR, "map.inside", rule_case,
                                               _("The inside of this %s is off the map: say which hex is inside"),
                                               name_or_id (type->name, type->id)),
                                   grid, id);
      /* once a redan, on its first hexside: the name is the work's (over its hexsides joined
       * corner to corner), given once */
      if ((ctx->redan_types & (1u << k)) && (guint) __builtin_ctz (features & ctx->redan_types) == k
          && first_of_unnamed_redan (ctx, id))
        gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_INFO, "map.inside", "23.2",
                                               _("This %s has no name yet (redans are named for set-up and victory)"),
                                               name_or_id (type->name, type->id)),
                                   grid, id);
    }
  return TRUE;
}

/* ==================================================================== map: areas */

static guint
area_pieces (CheckContext *ctx, const GbacwArea *area)
{
  guint n = area->hexes->len, pieces = 0;
  g_autofree guint8 *seen = g_new0 (guint8, n);
  g_autofree int *queue = g_new (int, n);

  for (guint start = 0; start < n; start++)
    {
      guint head = 0, tail = 0;
      if (seen[start])
        continue;
      pieces++;
      seen[start] = 1;
      queue[tail++] = (int) start;
      while (head < tail)
        {
          int i = queue[head++];
          GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, g_array_index (area->hexes, int, i));
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            {
              int j = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
              guint lo = 0, hi = n;
              if (j < 0)
                continue;
              while (lo < hi)
                {
                  guint mid = (lo + hi) / 2;
                  int v = g_array_index (area->hexes, int, mid);
                  if (v < j)
                    lo = mid + 1;
                  else if (v > j)
                    hi = mid;
                  else
                    {
                      if (!seen[mid])
                        {
                          seen[mid] = 1;
                          queue[tail++] = (int) mid;
                        }
                      break;
                    }
                }
            }
        }
    }
  return pieces;
}

void
gbacw_check_areas (CheckContext *ctx, GPtrArray *out)
{
  for (guint i = 0; i < ctx->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (ctx->map->areas, i);
      const char *name = name_or_id (area->name, area->id);
      if (area->hexes->len == 0)
        {
          gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.area", "scenario",
                                            _("The %s “%s” has no hexes"), gbacw_area_kind_name (area->kind), name),
                                GBACW_LOCATION_AREA, area->id);
          continue;
        }
      /* a town (J 22.8, C 23.3) and an assault area (C 29.1) are one place each */
      if (area->kind == GBACW_AREA_TOWN || area->kind == GBACW_AREA_ASSAULT)
        {
          guint pieces = area_pieces (ctx, area);
          if (pieces > 1)
            gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.area",
                                              area->kind == GBACW_AREA_TOWN ? "22.8" : "29.1",
                                              _("The %s “%s” is in %u separate pieces; it should be one group of "
                                                "adjacent hexes"),
                                              gbacw_area_kind_name (area->kind), name, pieces),
                                  GBACW_LOCATION_AREA, area->id);
        }
    }
}
