/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tmx-export.c: the scenario as a hexagonal Tiled map with generated tilesets.
 *
 * Every tile is drawn by the map renderer from a scratch scenario of one or two hexes that
 * holds just what the tile shows, so that Tiled (and tmxrasterizer) show the map as
 * `gbacw render` draws it: a terrain tile is one hex of that terrain and level, a hexside
 * tile the features of one hexside between two hexes of the right relative elevation.
 * The map writes a redan's name once for all the hexsides that carry it, which no tile
 * of one hexside can: hexside names are left out.
 */
#define G_LOG_DOMAIN "gbacw-tmx-export"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-tmx-export.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-counter.h"
#include "gbacw-export-private.h"
#include "gbacw-map-export.h"
#include "gbacw-map-renderer.h"
#include "gbacw-png-writer.h"

#define R GBACW_TMX_HEX_RADIUS
#define SQRT3 1.73205080756887729353
/* Terrain tiles reach this far (pixels) over their neighbours, so that no seam of the
 * background shows where two antialiased hex edges meet. */
#define TERRAIN_OVERLAP 0.6
/* How far hexside features and contours reach out of their hex (they straddle the hexside). */
#define HEXSIDE_PAD (R / 3)
#define INK "#1a1714"

/* A hexside as a tile draws it, seen from the hex whose cell holds the tile. */
typedef struct {
  int direction;
  guint32 features;
  guint32 inside_here;   /* bit set: that (inside-mode) feature's inside is this hex */
  int relation;          /* this hex's elevation against the neighbour's: -1, 0, 1; OFF_MAP */
} SideSpec;

#define OFF_MAP 2
#define MAX_SPECS 3

typedef struct {
  guint64 terrain;
  int level;
  SideSpec sides[MAX_SPECS];
  guint n_sides;
  const GbacwPlacement *placement;
  GPtrArray *properties;      /* GbacwParam* */
} Tile;

typedef struct {
  const char *name;
  const char *suffix;         /* of the image file */
  int width, height;          /* of a tile's image */
  int pad;                    /* the image's margin around the hex cell */
  GArray *tiles;              /* Tile */
  GHashTable *by_key;         /* char* -> tile id + 1 */
  guint firstgid;
  int columns;
  char *image_path;
} Tileset;

typedef struct {
  const GbacwScenario *scenario;
  const GbacwHexGrid *grid;
  gboolean pointy;
  int tile_w, tile_h, side;   /* Tiled's tilewidth, tileheight, hexsidelength */
  guint32 inside_types;       /* hexside types whose occurrences record an inside hex */
  Tileset terrain, hexsides, counters;
  guint next_object;
  guint next_layer;
} Tmx;

static void
tile_clear (gpointer data)
{
  Tile *tile = data;
  g_clear_pointer (&tile->properties, g_ptr_array_unref);
}

static void
tileset_init (Tileset *set, const char *name, const char *suffix, int width, int height, int pad)
{
  set->name = name;
  set->suffix = suffix;
  set->width = width;
  set->height = height;
  set->pad = pad;
  set->tiles = g_array_new (FALSE, TRUE, sizeof (Tile));
  g_array_set_clear_func (set->tiles, tile_clear);
  set->by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
tileset_clear (Tileset *set)
{
  g_clear_pointer (&set->tiles, g_array_unref);
  g_clear_pointer (&set->by_key, g_hash_table_unref);
  g_clear_pointer (&set->image_path, g_free);
}

/* The tile's gid, adding tile (which the set then owns) under key if it is new. */
static guint
tileset_intern (Tileset *set, char *key, Tile *tile)
{
  gpointer id = g_hash_table_lookup (set->by_key, key);

  if (id != NULL)
    {
      g_free (key);
      tile_clear (tile);
      return GPOINTER_TO_UINT (id);
    }
  g_array_append_val (set->tiles, *tile);
  g_hash_table_insert (set->by_key, key, GUINT_TO_POINTER (set->tiles->len));
  return set->tiles->len;
}

/* ---------------------------------------------------------------- geometry */

static gboolean
staggered (const Tmx *t, int line)
{
  gboolean odd = (line & 1) != 0;
  return t->grid->shift == GBACW_SHIFT_ODD ? odd : !odd;
}

/* Where Tiled puts the centre of a hex's cell (it works in whole pixels: the stagger is
 * half the cell, rounded down). */
static void
tiled_centre (const Tmx *t, int col, int row, double *x, double *y)
{
  if (t->pointy)
    {
      *x = col * t->tile_w + (staggered (t, row) ? t->tile_w / 2 : 0) + t->tile_w / 2.0;
      *y = row * ((t->tile_h + t->side) / 2) + t->tile_h / 2.0;
    }
  else
    {
      *x = col * ((t->tile_w + t->side) / 2) + t->tile_w / 2.0;
      *y = row * t->tile_h + (staggered (t, col) ? t->tile_h / 2 : 0) + t->tile_h / 2.0;
    }
}

/* ---------------------------------------------------------------- scratch scenarios */

static GbacwScenario *
scratch_new (const Tmx *t, int columns, int rows, GbacwGridShift shift)
{
  GbacwHexGrid grid = *t->grid;
  GbacwScenario *scratch;

  grid.columns = columns;
  grid.rows = rows;
  grid.shift = shift;
  scratch = gbacw_scenario_new (&grid);
  gbacw_catalogue_clear (&scratch->catalogue);
  gbacw_catalogue_copy (&scratch->catalogue, &t->scenario->catalogue);
  return scratch;
}

/* Draws scratch with its hex `hex` centred at (x, y) pixels of cr. */
static void
scratch_render (cairo_t *cr, const GbacwScenario *scratch, GbacwHex hex, guint layers, double x, double y)
{
  double cx, cy;

  gbacw_hex_grid_centre (&scratch->map->grid, hex, &cx, &cy);
  cairo_save (cr);
  cairo_translate (cr, x - R * cx, y - R * cy);
  gbacw_map_render (cr, scratch, layers, R, NULL);
  cairo_restore (cr);
}

static void
draw_terrain_tile (const Tmx *t, cairo_t *cr, const Tile *tile, double x, double y)
{
  g_autoptr (GbacwScenario) scratch = scratch_new (t, 1, 1, t->grid->shift);
  GbacwHex hex = { 0, 0 };
  double cx, cy, grow = 1.0 + TERRAIN_OVERLAP / R;

  scratch->map->terrain[0] = tile->terrain;
  scratch->map->elevation[0] = (gint16) tile->level;
  /* The renderer fills a map whose hexes all have terrain with one rectangle first: keep
   * the hex, a little larger. */
  gbacw_hex_grid_centre (&scratch->map->grid, hex, &cx, &cy);
  cairo_save (cr);
  for (int i = 0; i < GBACW_HEX_DIRECTIONS; i++)
    {
      double px, py;
      gbacw_hex_grid_corner (&scratch->map->grid, hex, i, &px, &py);
      cairo_line_to (cr, x + (px - cx) * R * grow, y + (py - cy) * R * grow);
    }
  cairo_close_path (cr);
  cairo_clip (cr);
  scratch_render (cr, scratch, hex, GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_ELEVATION, x, y);
  cairo_restore (cr);
}

/* A grid of one or two hexes in which hex *out has its neighbour in direction (or none,
 * off the map, for OFF_MAP). */
static GbacwScenario *
scratch_for_side (const Tmx *t, const SideSpec *spec, GbacwHex *out)
{
  static const int shapes[2][2] = { { 1, 2 }, { 2, 1 } };

  *out = (GbacwHex) { 0, 0 };
  if (spec->relation == OFF_MAP)
    return scratch_new (t, 1, 1, t->grid->shift);
  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    for (int shift = GBACW_SHIFT_ODD; shift <= GBACW_SHIFT_EVEN; shift++)
      {
        GbacwHexGrid grid = *t->grid;
        grid.columns = shapes[s][0];
        grid.rows = shapes[s][1];
        grid.shift = shift;
        for (int i = 0; i < 2; i++)
          {
            GbacwHex hex = gbacw_hex_grid_hex_at (&grid, i);
            if (gbacw_hex_grid_contains (&grid, gbacw_hex_grid_neighbour (&grid, hex, spec->direction)))
              {
                *out = hex;
                return scratch_new (t, grid.columns, grid.rows, shift);
              }
          }
      }
  /* Every direction has a neighbour in one of the four two-hex grids. */
  g_warn_if_reached ();
  return scratch_new (t, 1, 1, t->grid->shift);
}

static void
draw_side (const Tmx *t, cairo_t *cr, const SideSpec *spec, double x, double y)
{
  GbacwHex hex, other;
  g_autoptr (GbacwScenario) scratch = scratch_for_side (t, spec, &hex);
  GbacwMap *map = scratch->map;
  const GbacwHexGrid *grid = &map->grid;
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, hex, spec->direction);
  GbacwHex owner;

  gbacw_hex_grid_hexside_hexes (grid, id, &owner, NULL, NULL);
  map->hexside_features[id] = spec->features;
  /* The inside bit names the hex across from the hexside's owner. */
  map->hexside_inside[id] = gbacw_hex_equal (owner, hex) ? spec->features & ~spec->inside_here & t->inside_types
                                                         : spec->inside_here;
  if (spec->relation != OFF_MAP)
    {
      /* Negative levels draw no elevation tint, only the contour and the crests' facing. */
      other = gbacw_hex_grid_neighbour (grid, hex, spec->direction);
      map->elevation[gbacw_hex_grid_index (grid, hex)] = spec->relation > 0 ? -1 : spec->relation < 0 ? -2 : -1;
      map->elevation[gbacw_hex_grid_index (grid, other)] = spec->relation > 0 ? -2 : -1;
    }
  scratch_render (cr, scratch, hex, GBACW_LAYER_BIT_HEXSIDES | GBACW_LAYER_BIT_ELEVATION, x, y);
}

static void
draw_counter_tile (const Tmx *t, cairo_t *cr, const Tile *tile, double x, double y)
{
  const GbacwUnit *unit = gbacw_oob_find_unit (&t->scenario->oob, tile->placement->unit);
  double size = GBACW_COUNTER_SIZE * R;

  cairo_save (cr);
  cairo_translate (cr, x - ceil (size) / 2, y - ceil (size) / 2);
  gbacw_export_draw_counter (cr, t->scenario, unit, tile->placement, size);
  cairo_restore (cr);
}

/* Draws the set's tiles into its image and writes it. */
static gboolean
tileset_write (const Tmx *t, Tileset *set, const char *tmx_path, GError **error)
{
  guint n = set->tiles->len;
  int rows;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean ok;

  if (n == 0)
    return TRUE;
  set->columns = (int) MIN (ceil (sqrt (n)), GBACW_EXPORT_MAX_PIXELS / set->width);
  rows = (int) ((n + set->columns - 1) / set->columns);
  surface = gbacw_export_surface_new (set->columns * set->width, rows * set->height, set->name, error);
  if (surface == NULL)
    return FALSE;
  cr = cairo_create (surface);
  for (guint i = 0; i < n; i++)
    {
      const Tile *tile = &g_array_index (set->tiles, Tile, i);
      double x = (i % set->columns) * set->width + set->width / 2.0;
      double y = (i / set->columns) * set->height + set->height / 2.0;

      cairo_save (cr);
      cairo_rectangle (cr, x - set->width / 2.0, y - set->height / 2.0, set->width, set->height);
      cairo_clip (cr);
      if (set == &t->terrain)
        draw_terrain_tile (t, cr, tile, x, y);
      else if (set == &t->hexsides)
        for (guint k = 0; k < tile->n_sides; k++)
          draw_side (t, cr, &tile->sides[k], x, y);
      else
        draw_counter_tile (t, cr, tile, x, y);
      cairo_restore (cr);
    }
  cairo_destroy (cr);
  set->image_path = gbacw_export_sibling_path (tmx_path, ".tmx", set->suffix);
  ok = gbacw_png_write (surface, set->image_path, 6, error);
  cairo_surface_destroy (surface);
  return ok;
}

/* ---------------------------------------------------------------- collecting tiles */

static void
add_property (GPtrArray *properties, const char *name, const char *value)
{
  g_ptr_array_add (properties, gbacw_param_new (name, value));
}

static char *
terrain_ids (const GbacwScenario *s, guint64 mask)
{
  g_autoptr (GString) ids = g_string_new (NULL);

  for (guint i = 0; i < s->catalogue.hex_terrains->len; i++)
    if (mask & (G_GUINT64_CONSTANT (1) << i))
      {
        const GbacwHexTerrain *terrain = g_ptr_array_index (s->catalogue.hex_terrains, i);
        g_string_append_printf (ids, "%s%s", ids->len ? " " : "", terrain->id);
      }
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

static guint
terrain_gid (Tmx *t, guint64 mask, int level)
{
  Tile tile = { .terrain = mask, .level = level };
  g_autofree char *ids = NULL;
  char text[16];

  if (mask == 0 && level <= 0)
    return 0;
  ids = terrain_ids (t->scenario, mask);
  tile.properties = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  add_property (tile.properties, "terrain", ids);
  g_snprintf (text, sizeof text, "%d", level);
  add_property (tile.properties, "level", text);
  return tileset_intern (&t->terrain, g_strdup_printf ("%" G_GINT64_MODIFIER "x/%d", mask, level), &tile);
}

static char *
feature_ids (const GbacwScenario *s, guint32 mask)
{
  g_autoptr (GString) ids = g_string_new (NULL);

  for (guint i = 0; i < s->catalogue.hexside_types->len; i++)
    if (mask & (1u << i))
      {
        const GbacwHexsideType *type = g_ptr_array_index (s->catalogue.hexside_types, i);
        g_string_append_printf (ids, "%s%s", ids->len ? " " : "", type->id);
      }
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

/* What the hexside of hex in direction shows, seen from hex; FALSE when nothing. */
static gboolean
side_spec (const Tmx *t, GbacwHex hex, int direction, SideSpec *spec)
{
  const GbacwMap *map = t->scenario->map;
  GbacwHexsideId id = gbacw_hex_grid_hexside (t->grid, hex, direction);
  GbacwHex neighbour = gbacw_hex_grid_neighbour (t->grid, hex, direction), owner;
  int a = gbacw_hex_grid_index (t->grid, hex), b = gbacw_hex_grid_index (t->grid, neighbour);
  guint32 inside;

  if (id == GBACW_HEXSIDE_NONE)
    return FALSE;
  spec->direction = direction;
  spec->features = map->hexside_features[id];
  spec->relation = b < 0 ? OFF_MAP : (map->elevation[a] > map->elevation[b]) - (map->elevation[a] < map->elevation[b]);
  if (spec->features == 0 && (spec->relation == 0 || spec->relation == OFF_MAP))
    return FALSE;
  gbacw_hex_grid_hexside_hexes (t->grid, id, &owner, NULL, NULL);
  inside = map->hexside_inside[id] & spec->features & t->inside_types;
  spec->inside_here = (gbacw_hex_equal (owner, hex) ? ~inside : inside) & spec->features & t->inside_types;
  return TRUE;
}

static guint
hexside_gid (Tmx *t, const SideSpec *specs, guint n)
{
  g_autoptr (GString) key = g_string_new (NULL);
  g_autoptr (GString) directions = g_string_new (NULL);
  g_autoptr (GString) features = g_string_new (NULL);
  gboolean contour = FALSE;
  Tile tile = { 0 };

  if (n == 0)
    return 0;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *ids = feature_ids (t->scenario, specs[i].features);
      g_string_append_printf (key, "%d:%x:%x:%d;", specs[i].direction, specs[i].features, specs[i].inside_here,
                              specs[i].relation);
      g_string_append_printf (directions, "%s%s", i ? " " : "",
                              gbacw_hex_direction_name (t->grid->orientation, specs[i].direction));
      if (ids[0] != '\0')
        g_string_append_printf (features, "%s%s", features->len ? " " : "", ids);
      contour |= specs[i].relation == 1 || specs[i].relation == -1;
      tile.sides[i] = specs[i];
    }
  tile.n_sides = n;
  tile.properties = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  add_property (tile.properties, "direction", directions->str);
  add_property (tile.properties, "features", features->str);
  add_property (tile.properties, "contour", contour ? "true" : "false");
  return tileset_intern (&t->hexsides, g_string_free (g_steal_pointer (&key), FALSE), &tile);
}

/* ---------------------------------------------------------------- XML */

static void
append_properties (GString *out, const char *indent, GPtrArray *properties)
{
  if (properties == NULL || properties->len == 0)
    return;
  g_string_append_printf (out, "%s<properties>\n", indent);
  for (guint i = 0; i < properties->len; i++)
    {
      const GbacwParam *p = g_ptr_array_index (properties, i);
      g_autofree char *line = g_markup_printf_escaped ("%s <property name=\"%s\" value=\"%s\"/>\n", indent, p->name,
                                                        p->value ? p->value : "");
      g_string_append (out, line);
    }
  g_string_append_printf (out, "%s</properties>\n", indent);
}

static void
append_tileset (GString *out, Tileset *set)
{
  g_autofree char *base = NULL;
  g_autofree char *head = NULL;
  guint n = set->tiles->len;

  if (n == 0)
    return;
  base = g_path_get_basename (set->image_path);
  head = g_markup_printf_escaped (
    " <tileset firstgid=\"%u\" name=\"%s\" tilewidth=\"%d\" tileheight=\"%d\" tilecount=\"%u\" columns=\"%d\">\n"
    "  <tileoffset x=\"%d\" y=\"%d\"/>\n"
    "  <image source=\"%s\" width=\"%d\" height=\"%d\"/>\n",
    set->firstgid, set->name, set->width, set->height, n, set->columns, -set->pad, set->pad, base,
    set->columns * set->width, (int) ((n + set->columns - 1) / set->columns) * set->height);
  g_string_append (out, head);
  for (guint i = 0; i < n; i++)
    {
      Tile *tile = &g_array_index (set->tiles, Tile, i);
      if (tile->properties == NULL || tile->properties->len == 0)
        continue;
      g_string_append_printf (out, "  <tile id=\"%u\">\n", i);
      append_properties (out, "   ", tile->properties);
      g_string_append (out, "  </tile>\n");
    }
  g_string_append (out, " </tileset>\n");
}

static void
append_tile_layer (Tmx *t, GString *out, const char *name, const guint *gids, guint firstgid)
{
  int columns = t->grid->columns, rows = t->grid->rows;
  g_autofree char *head = g_markup_printf_escaped (" <layer id=\"%u\" name=\"%s\" width=\"%d\" height=\"%d\">\n"
                                                   "  <data encoding=\"csv\">\n", t->next_layer++, name, columns, rows);

  g_string_append (out, head);
  for (int row = 0; row < rows; row++)
    {
      for (int col = 0; col < columns; col++)
        {
          guint gid = gids[row * columns + col];
          g_string_append_printf (out, "%u%s", gid ? gid + firstgid - 1 : 0,
                                  col + 1 < columns ? "," : row + 1 < rows ? ",\n" : "\n");
        }
    }
  g_string_append (out, "  </data>\n </layer>\n");
}

/* Lines: the segments of a line type (hex centre to hex centre) joined into polylines. */
typedef struct {
  int a, b;         /* nodes: hexes of the grid extended by one ring */
} Segment;

static int
node_of (const Tmx *t, GbacwHex hex)
{
  return (hex.row + 1) * (t->grid->columns + 2) + hex.col + 1;
}

static GbacwHex
hex_of_node (const Tmx *t, int node)
{
  return (GbacwHex) { node % (t->grid->columns + 2) - 1, node / (t->grid->columns + 2) - 1 };
}

static void
append_polyline (Tmx *t, GString *out, GArray *nodes, const char *name)
{
  GbacwHex first = hex_of_node (t, g_array_index (nodes, int, 0));
  double x0, y0;
  g_autofree char *head = NULL;

  char nx[GBACW_EXPORT_NUMBER_SIZE], ny[GBACW_EXPORT_NUMBER_SIZE];

  tiled_centre (t, first.col, first.row, &x0, &y0);
  head = g_markup_printf_escaped ("  <object id=\"%u\" name=\"%s\" x=\"%s\" y=\"%s\">\n   <polyline points=\"",
                                  t->next_object++, name, gbacw_export_number (nx, x0, 2),
                                  gbacw_export_number (ny, y0, 2));
  g_string_append (out, head);
  for (guint i = 0; i < nodes->len; i++)
    {
      GbacwHex hex = hex_of_node (t, g_array_index (nodes, int, i));
      double x, y;
      tiled_centre (t, hex.col, hex.row, &x, &y);
      g_string_append_printf (out, "%s%s,%s", i ? " " : "", gbacw_export_number (nx, x - x0, 2),
                              gbacw_export_number (ny, y - y0, 2));
    }
  g_string_append (out, "\"/>\n  </object>\n");
}

static guint
append_lines (Tmx *t, GString *out, guint type_index)
{
  const GbacwMap *map = t->scenario->map;
  const GbacwLineType *type = g_ptr_array_index (t->scenario->catalogue.line_types, type_index);
  g_autoptr (GArray) segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_autoptr (GHashTable) at = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_array_unref);
  g_autofree gboolean *used = NULL;
  g_autofree char *head = NULL;
  guint n_sides = gbacw_hex_grid_n_hexside_ids (t->grid), n_lines = 0;

  for (GbacwHexsideId id = 0; id < n_sides; id++)
    {
      GbacwHex a, b;
      if (!(map->hexside_lines[id] & (1u << type_index)) || !gbacw_hex_grid_hexside_on_map (t->grid, id)
          || !gbacw_hex_grid_hexside_hexes (t->grid, id, &a, NULL, &b))
        continue;
      Segment s = { node_of (t, a), node_of (t, b) };
      g_array_append_val (segments, s);
      for (int end = 0; end < 2; end++)
        {
          int node = end ? s.b : s.a;
          GArray *list = g_hash_table_lookup (at, GINT_TO_POINTER (node));
          guint index = segments->len - 1;
          if (list == NULL)
            {
              list = g_array_new (FALSE, FALSE, sizeof (guint));
              g_hash_table_insert (at, GINT_TO_POINTER (node), list);
            }
          g_array_append_val (list, index);
        }
    }
  if (segments->len == 0)
    return 0;

  head = g_markup_printf_escaped (" <objectgroup id=\"%u\" name=\"lines: %s\" color=\"%s\">\n", t->next_layer++,
                                  type->name ? type->name : type->id, type->colour ? type->colour : INK);
  g_string_append (out, head);
  {
    g_autoptr (GPtrArray) props = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
    char width[32];
    add_property (props, "line-type", type->id);
    if (type->style)
      add_property (props, "style", type->style);
    g_ascii_formatd (width, sizeof width, "%g", type->width * R);
    add_property (props, "width", width);
    append_properties (out, "  ", props);
  }

  /* Walk from the ends of lines (nodes of any degree but two) first, then round loops. */
  used = g_new0 (gboolean, segments->len);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < segments->len; i++)
      {
        const Segment *seg = &g_array_index (segments, Segment, i);
        int start = seg->a;
        GArray *list_a = g_hash_table_lookup (at, GINT_TO_POINTER (seg->a));
        GArray *list_b = g_hash_table_lookup (at, GINT_TO_POINTER (seg->b));
        g_autoptr (GArray) nodes = NULL;
        int node;

        if (used[i])
          continue;
        if (pass == 0)
          {
            if (list_a->len != 2)
              start = seg->a;
            else if (list_b->len != 2)
              start = seg->b;
            else
              continue;
          }
        nodes = g_array_new (FALSE, FALSE, sizeof (int));
        g_array_append_val (nodes, start);
        node = start;
        for (;;)
          {
            GArray *list = g_hash_table_lookup (at, GINT_TO_POINTER (node));
            gboolean moved = FALSE;
            for (guint k = 0; k < list->len && !moved; k++)
              {
                guint index = g_array_index (list, guint, k);
                const Segment *next = &g_array_index (segments, Segment, index);
                if (used[index])
                  continue;
                used[index] = TRUE;
                node = next->a == node ? next->b : next->a;
                g_array_append_val (nodes, node);
                moved = TRUE;
              }
            if (!moved)
              break;
          }
        append_polyline (t, out, nodes, type->name ? type->name : type->id);
        n_lines++;
      }
  g_string_append (out, " </objectgroup>\n");
  return n_lines;
}

static void
append_labels (Tmx *t, GString *out)
{
  const GPtrArray *labels = t->scenario->map->labels;
  int n_hexes = gbacw_hex_grid_n_hexes (t->grid);
  g_autofree char *head = NULL;

  if (labels->len == 0)
    return;
  head = g_strdup_printf (" <objectgroup id=\"%u\" name=\"labels\">\n", t->next_layer++);
  g_string_append (out, head);
  for (guint i = 0; i < labels->len; i++)
    {
      const GbacwLabel *label = g_ptr_array_index (labels, i);
      double size = 0.36 * (label->size > 0 ? label->size : 1.0) * R;
      double a = label->angle * G_PI / 180.0, cx, cy, w, h, x, y;
      char nx[GBACW_EXPORT_NUMBER_SIZE], ny[GBACW_EXPORT_NUMBER_SIZE], nw[GBACW_EXPORT_NUMBER_SIZE];
      char nh[GBACW_EXPORT_NUMBER_SIZE], na[GBACW_EXPORT_NUMBER_SIZE];
      GbacwHex hex;
      g_autofree char *object = NULL;

      if (label->text == NULL || label->hex < 0 || label->hex >= n_hexes)
        continue;
      hex = gbacw_hex_grid_hex_at (t->grid, label->hex);
      tiled_centre (t, hex.col, hex.row, &cx, &cy);
      cx += label->dx * R;
      cy += label->dy * R;
      /* A box comfortably wider than the text, centred on the label's point: Tiled centres
       * the text in it and turns it about the box's top left corner. */
      w = ceil (size * (0.75 * g_utf8_strlen (label->text, -1) + 1));
      h = ceil (size * 1.5);
      x = cx - (w / 2 * cos (a) - h / 2 * sin (a));
      y = cy - (w / 2 * sin (a) + h / 2 * cos (a));
      object = g_markup_printf_escaped ("  <object id=\"%u\" name=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\""
                                        " rotation=\"%s\">\n"
                                        "   <text fontfamily=\"Sans\" pixelsize=\"%d\" color=\"" INK "\""
                                        " halign=\"center\" valign=\"center\">%s</text>\n  </object>\n",
                                        t->next_object++, label->text, gbacw_export_number (nx, x, 2),
                                        gbacw_export_number (ny, y, 2), gbacw_export_number (nw, w, 0),
                                        gbacw_export_number (nh, h, 0), gbacw_export_number (na, label->angle, 3),
                                        (int) lround (size), label->text);
      g_string_append (out, object);
    }
  g_string_append (out, " </objectgroup>\n");
}

static void
append_counters (Tmx *t, GString *out)
{
  const GbacwScenario *s = t->scenario;
  const GbacwHexGrid *grid = t->grid;
  int n_hexes = gbacw_hex_grid_n_hexes (grid);
  double size = GBACW_COUNTER_SIZE * R, c = ceil (size);
  g_autoptr (GHashTable) done = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autofree char *head = NULL;

  if (t->counters.tiles->len == 0)
    return;
  head = g_strdup_printf (" <objectgroup id=\"%u\" name=\"counters\" draworder=\"index\">\n", t->next_layer++);
  g_string_append (out, head);
  /* Stacks in the order of their top counters, as the map draws them; in a stack the lowest
   * first, each counter below the top a little down and right (gbacw_counter_draw_stack ()). */
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *first = g_ptr_array_index (s->deployment, i);
      g_autoptr (GPtrArray) stack = g_ptr_array_new ();
      GbacwHex hex;
      double hx, hy;

      if (first->hex < 0 || first->hex >= n_hexes || g_hash_table_contains (done, GINT_TO_POINTER (first->hex)))
        continue;
      g_hash_table_add (done, GINT_TO_POINTER (first->hex));
      gbacw_counter_stack_at (s, first->hex, stack);
      hex = gbacw_hex_grid_hex_at (grid, first->hex);
      tiled_centre (t, hex.col, hex.row, &hx, &hy);
      for (guint k = stack->len; k-- > 0;)
        {
          const GbacwPlacement *p = g_ptr_array_index (stack, k);
          const GbacwUnit *unit = gbacw_oob_find_unit (&s->oob, p->unit);
          guint gid = GPOINTER_TO_UINT (g_hash_table_lookup (t->counters.by_key, p->unit));
          double a = gbacw_counter_facing_angle (grid, p->facing);
          double step = MIN (k, 2) * 0.07 * size;
          double cx = hx + step, cy = hy + step;
          double x = cx - c / 2 * (cos (a) + sin (a)), y = cy - c / 2 * (sin (a) - cos (a));
          char nx[GBACW_EXPORT_NUMBER_SIZE], ny[GBACW_EXPORT_NUMBER_SIZE], na[GBACW_EXPORT_NUMBER_SIZE];
          g_autoptr (GPtrArray) values = NULL;
          g_autofree char *object = NULL;

          if (unit == NULL || gid == 0)
            continue;
          values = gbacw_export_unit_values (s, unit, p);
          object = g_markup_printf_escaped ("  <object id=\"%u\" gid=\"%u\" name=\"%s\" type=\"%s\" x=\"%s\" y=\"%s\""
                                            " width=\"%d\" height=\"%d\" rotation=\"%s\">\n",
                                            t->next_object++, gid + t->counters.firstgid - 1,
                                            unit->designation ? unit->designation : unit->id,
                                            gbacw_unit_type_to_string (unit->type), gbacw_export_number (nx, x, 2),
                                            gbacw_export_number (ny, y, 2), (int) c, (int) c,
                                            gbacw_export_number (na, a * 180.0 / G_PI, 3));
          g_string_append (out, object);
          append_properties (out, "   ", values);
          g_string_append (out, "  </object>\n");
        }
    }
  g_string_append (out, " </objectgroup>\n");
}

/* ---------------------------------------------------------------- entry point */

gboolean
gbacw_export_tmx (const GbacwScenario *scenario, const char *path, GError **error)
{
  Tmx t = { 0 };
  const GbacwMap *map;
  int n, columns, rows;
  g_autofree guint *terrain = NULL;
  guint *sides[4] = { NULL };
  g_autoptr (GString) body = g_string_new (NULL);
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *head = NULL;
  g_autofree char *title = NULL;
  const char *side_layer_names[4];
  double counter_px = ceil (GBACW_COUNTER_SIZE * R);
  gboolean ok = FALSE;

  g_return_val_if_fail (scenario != NULL && path != NULL, FALSE);

  map = scenario->map;
  t.scenario = scenario;
  t.grid = &map->grid;
  t.pointy = t.grid->orientation == GBACW_GRID_POINTY_ROWS;
  t.side = R;
  /* Tiled's hexagonal renderer rounds tile sizes down to even numbers. */
  t.tile_w = t.pointy ? 2 * (int) lround (SQRT3 * R / 2) : 2 * R;
  t.tile_h = t.pointy ? 2 * R : 2 * (int) lround (SQRT3 * R / 2);
  t.next_object = 1;
  t.next_layer = 1;
  for (guint i = 0; i < scenario->catalogue.hexside_types->len; i++)
    if (((GbacwHexsideType *) g_ptr_array_index (scenario->catalogue.hexside_types, i))->side == GBACW_SIDE_MODE_INSIDE)
      t.inside_types |= 1u << i;
  tileset_init (&t.terrain, "terrain", "-terrain.png", t.tile_w + 2, t.tile_h + 2, 1);
  tileset_init (&t.hexsides, "hexsides", "-hexsides.png", t.tile_w + 2 * HEXSIDE_PAD, t.tile_h + 2 * HEXSIDE_PAD,
                HEXSIDE_PAD);
  tileset_init (&t.counters, "counters", "-counters.png", (int) counter_px, (int) counter_px, 0);

  columns = t.grid->columns;
  rows = t.grid->rows;
  n = columns * rows;

  /* Tiles: every terrain of the catalogue, then what the map uses. */
  for (guint i = 0; i < scenario->catalogue.hex_terrains->len; i++)
    terrain_gid (&t, G_GUINT64_CONSTANT (1) << i, 0);
  terrain = g_new0 (guint, n);
  for (int i = 0; i < n; i++)
    terrain[i] = terrain_gid (&t, map->terrain[i], MAX (map->elevation[i], 0));

  for (int k = 0; k < 4; k++)
    sides[k] = g_new0 (guint, n);
  for (int i = 0; i < n; i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (t.grid, i);
      SideSpec edge[MAX_SPECS];
      guint n_edge = 0;

      for (int d = 0; d < 3; d++)
        {
          SideSpec spec;
          if (side_spec (&t, hex, d, &spec))
            sides[d][i] = hexside_gid (&t, &spec, 1);
        }
      for (int d = 3; d < GBACW_HEX_DIRECTIONS; d++)
        if (!gbacw_hex_grid_contains (t.grid, gbacw_hex_grid_neighbour (t.grid, hex, d))
            && side_spec (&t, hex, d, &edge[n_edge]))
          n_edge++;
      sides[3][i] = hexside_gid (&t, edge, n_edge);
    }
  for (int d = 0; d < 3; d++)
    side_layer_names[d] = gbacw_hex_direction_name (t.grid->orientation, d);
  side_layer_names[3] = NULL;

  for (guint i = 0; i < scenario->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
      Tile tile = { .placement = p };
      if (gbacw_oob_find_unit (&scenario->oob, p->unit) == NULL || p->hex < 0 || p->hex >= n)
        continue;
      tileset_intern (&t.counters, g_strdup (p->unit), &tile);
    }

  /* Images first: the TMX names them. */
  if (!tileset_write (&t, &t.terrain, path, error) || !tileset_write (&t, &t.hexsides, path, error)
      || !tileset_write (&t, &t.counters, path, error))
    goto out;
  t.terrain.firstgid = 1;
  t.hexsides.firstgid = t.terrain.firstgid + t.terrain.tiles->len;
  t.counters.firstgid = t.hexsides.firstgid + t.hexsides.tiles->len;

  append_tile_layer (&t, body, "terrain", terrain, t.terrain.firstgid);
  for (int d = 0; d < 4; d++)
    {
      g_autofree char *name = side_layer_names[d] ? g_strdup_printf ("hexsides %s", side_layer_names[d])
                                                  : g_strdup ("hexsides (map edge)");
      gboolean any = FALSE;
      for (int i = 0; i < n && !any; i++)
        any = sides[d][i] != 0;
      if (any)
        append_tile_layer (&t, body, name, sides[d], t.hexsides.firstgid);
    }
  for (guint i = 0; i < scenario->catalogue.line_types->len; i++)
    append_lines (&t, body, i);
  append_labels (&t, body);
  append_counters (&t, body);

  title = g_strdup (scenario->info.title ? scenario->info.title : "");
  head = g_markup_printf_escaped (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"hexagonal\" renderorder=\"right-down\""
    " width=\"%d\" height=\"%d\" tilewidth=\"%d\" tileheight=\"%d\" hexsidelength=\"%d\""
    " staggeraxis=\"%s\" staggerindex=\"%s\" backgroundcolor=\"#f2ecd6\" infinite=\"0\""
    " nextlayerid=\"%u\" nextobjectid=\"%u\">\n"
    " <properties>\n"
    "  <property name=\"title\" value=\"%s\"/>\n"
    "  <property name=\"game\" value=\"%s\"/>\n"
    "  <property name=\"first-number\" type=\"int\" value=\"%d\"/>\n"
    "  <property name=\"digits\" type=\"int\" value=\"%d\"/>\n"
    " </properties>\n",
    columns, rows, t.tile_w, t.tile_h, t.side, t.pointy ? "y" : "x",
    t.grid->shift == GBACW_SHIFT_ODD ? "odd" : "even", t.next_layer, t.next_object, title,
    scenario->info.game ? scenario->info.game : "", t.grid->first_number, t.grid->digits);
  g_string_append (out, head);
  append_tileset (out, &t.terrain);
  append_tileset (out, &t.hexsides);
  append_tileset (out, &t.counters);
  g_string_append (out, body->str);
  g_string_append (out, "</map>\n");
  ok = gbacw_safe_write_file (path, out->str, out->len, GBACW_SAFE_WRITE_NONE, error);

out:
  for (int d = 0; d < 4; d++)
    g_free (sides[d]);
  tileset_clear (&t.terrain);
  tileset_clear (&t.hexsides);
  tileset_clear (&t.counters);
  return ok;
}
