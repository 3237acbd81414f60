/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-renderer.c: draws a scenario's map with cairo, like a printed SPI map.
 *
 * Speed matters more than anything else here: a 200x200 map must redraw in a few
 * milliseconds. So every layer collects its geometry for the visible hexes first and
 * then draws it with one fill or stroke per colour, and fine detail (patterns, the
 * grid, hex numbers, counter text) is left out when it would be too small to see.
 */
#define G_LOG_DOMAIN "gbacw-map-renderer"

#include "gbacw-map-renderer.h"
#include "gbacw-colour-private.h"
#include "gbacw-counter.h"

#include <math.h>
#include <string.h>

#define SQRT3   1.73205080756887729353
#define SQRT3_2 0.86602540378443864676

#define MAX_LEVELS 16

/* Level-of-detail thresholds, in pixels across a hex's flats. */
#define LOD_HEX_SHAPES   11.0  /* below: terrain as a brick tiling (same area, far cheaper) */
#define LOD_GRID         10.0
#define LOD_CONTOURS      8.0
#define LOD_PATTERNS     16.0
#define LOD_HEX_NUMBERS  28.0
#define LOD_COUNTER_TEXT 40.0
#define LOD_SMOOTH_GRID  40.0  /* below: grid lines one whole pixel and patterns not antialiased (4x cheaper) */
#define MIN_TEXT_PX       3.0


typedef enum {
  PATTERN_NONE,
  PATTERN_TREES,
  PATTERN_TOWN,
  PATTERN_SWAMP,
  PATTERN_ORCHARD,
  PATTERN_MARSH,
  PATTERN_FIELDS,
  PATTERN_DOTS,
} Pattern;

typedef enum {
  STYLE_FENCE,
  STYLE_CREST,
  STYLE_STEEP_CREST,
  STYLE_RIVER,
  STYLE_STREAM,
  STYLE_FORD,
  STYLE_BRIDGE,
  STYLE_WAGON_BRIDGE,
  STYLE_WORKS,
  STYLE_REDAN,
  STYLE_GENERIC,
  STYLE_IMPASSABLE,
  N_STYLES
} SideStyle;

/* Drawing order of hexside styles: water over crests, crossings over water. */
static const char *const side_style_names[N_STYLES] = {
  "fence", "crest", "steep-crest", "river", "stream", "ford", "bridge", "wagon-bridge",
  "works", "redan", "generic", "impassable",
};

static const char *const layer_names[GBACW_N_LAYERS] = {
  "background", "terrain", "elevation", "hexsides", "roads", "areas", "labels", "grid",
  "hex-numbers", "units",
};

static const Rgb paper = { 0.949, 0.925, 0.839 };
static const Rgb crest_brown = { 0.545, 0.353, 0.169 };
static const Rgb contour_brown = { 0.62, 0.45, 0.26 };
static const Rgb water_blue = { 0.235, 0.478, 0.757 };
static const Rgb elevation_tint = { 0.44, 0.30, 0.16 };
static const Rgb ink = { 0.10, 0.09, 0.08 };

/* A hexside that has something to draw. */
typedef struct {
  GbacwHexsideId id;
  int a_index, b_index;        /* hex indices, -1 off the map */
  double ax, ay, bx, by;       /* hex centres */
  double x0, y0, x1, y1;       /* the hexside, clockwise around a */
  double mx, my;               /* its midpoint */
  double nx, ny;               /* unit normal from a towards b */
  double tx, ty;               /* unit tangent from (x0, y0) to (x1, y1) */
  guint32 features;
  guint32 inside;
  guint16 lines;
  gboolean contour;
} Side;

typedef struct {
  cairo_t *cr;
  const GbacwScenario *scenario;
  const GbacwMap *map;
  const GbacwHexGrid *grid;
  guint layers;
  guint flags;                 /* GbacwRenderFlags */
  double scale;
  double px;                   /* one pixel in map units */
  double hex_px;               /* pixels across a hex's flats */
  int c0, c1, r0, r1;          /* visible hexes, inclusive, on the map */
  double vx0, vy0, vx1, vy1;   /* visible rectangle, map units */
  double corner[6][2];         /* corner offsets from a hex centre */
  GbacwHex step[2][6];         /* to the neighbours, by the parity of the column or row: see neighbour_index () */
  guint n_terrains;
  Rgb terrain_rgb[GBACW_MAX_HEX_TERRAINS];
  Pattern terrain_pattern[GBACW_MAX_HEX_TERRAINS];
  GArray *sides;               /* Side */
  GbacwBackgroundImage *image; /* the scan under the map, or NULL */
} Render;

/* ---------------------------------------------------------------- background images */

typedef struct {
  char *file;
  GbacwBackgroundImage *image;
} Association;

static GMutex associations_lock;
static GHashTable *associations;   /* const GbacwScenario* -> Association* */

static void
association_free (gpointer data)
{
  Association *a = data;

  g_free (a->file);
  g_clear_object (&a->image);
  g_free (a);
}

void
gbacw_map_renderer_set_background_image (const GbacwScenario  *scenario,
                                         const char           *file,
                                         GbacwBackgroundImage *image)
{
  g_return_if_fail (scenario != NULL);
  g_return_if_fail (image == NULL || GBACW_IS_BACKGROUND_IMAGE (image));

  g_mutex_lock (&associations_lock);
  if (associations == NULL)
    associations = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, association_free);
  if (image == NULL || file == NULL)
    g_hash_table_remove (associations, scenario);
  else
    {
      Association *a = g_new0 (Association, 1);
      a->file = g_strdup (file);
      a->image = g_object_ref (image);
      g_hash_table_replace (associations, (gpointer) scenario, a);
    }
  g_mutex_unlock (&associations_lock);
}

GbacwBackgroundImage *
gbacw_map_renderer_get_background_image (const GbacwScenario *scenario)
{
  GbacwBackgroundImage *image = NULL;
  Association *a;

  if (scenario == NULL || scenario->map == NULL || scenario->map->background.file == NULL)
    return NULL;
  g_mutex_lock (&associations_lock);
  a = associations ? g_hash_table_lookup (associations, scenario) : NULL;
  if (a != NULL && g_strcmp0 (a->file, scenario->map->background.file) == 0)
    image = a->image;
  g_mutex_unlock (&associations_lock);
  return image;
}

/* ---------------------------------------------------------------- helpers */

const char *
gbacw_layer_bit_to_string (guint bit)
{
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    if (bit == (1u << i))
      return layer_names[i];
  return NULL;
}

guint
gbacw_layer_bit_from_string (const char *name)
{
  for (guint i = 0; i < GBACW_N_LAYERS; i++)
    if (g_strcmp0 (name, layer_names[i]) == 0)
      return 1u << i;
  return 0;
}

static Rgb
shade (Rgb c, double f)
{
  return (Rgb) { c.r * f, c.g * f, c.b * f };
}

static Pattern
parse_pattern (const char *s)
{
  static const char *const names[] = { "none", "trees", "town", "swamp", "orchard", "marsh", "fields", "dots" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (s, names[i]) == 0)
      return (Pattern) i;
  return PATTERN_NONE;
}

static int
parse_side_style (const char *s)
{
  for (int i = 0; i < N_STYLES; i++)
    if (g_strcmp0 (s, side_style_names[i]) == 0)
      return i;
  return STYLE_GENERIC;
}

static inline guint32
hash_index (int index)
{
  guint32 h = (guint32) index * 2654435761u;
  return h ^ (h >> 15);
}

/* Line width in map units: w map units, but never thinner than min_px pixels. */
static inline double
width_at_least (Render *r, double w, double min_px)
{
  return MAX (w, min_px * r->px);
}

static inline void
hex_centre (Render *r, int col, int row, double *x, double *y)
{
  gbacw_hex_grid_centre (r->grid, (GbacwHex) { col, row }, x, y);
}

static void
hexagon (Render *r, double cx, double cy, double f)
{
  cairo_t *cr = r->cr;

  cairo_move_to (cr, cx + r->corner[0][0] * f, cy + r->corner[0][1] * f);
  for (int i = 1; i < 6; i++)
    cairo_line_to (cr, cx + r->corner[i][0] * f, cy + r->corner[i][1] * f);
  cairo_close_path (cr);
}

static void
select_font (cairo_t *cr, gboolean bold, gboolean italic)
{
  cairo_select_font_face (cr, "Sans",
                          italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
}

/* Text with a halo of paper around it, so that it stays legible over any terrain. */
static void
show_text_halo (cairo_t    *cr,
                const char *text,
                double      x,
                double      y,
                double      angle_deg,
                Rgb         colour,
                double      halo)
{
  cairo_text_extents_t ext;

  cairo_text_extents (cr, text, &ext);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  if (angle_deg != 0.0)
    cairo_rotate (cr, angle_deg * G_PI / 180.0);
  cairo_move_to (cr, -ext.x_bearing - ext.width / 2, -ext.y_bearing - ext.height / 2);
  cairo_text_path (cr, text);
  cairo_set_source_rgba (cr, paper.r, paper.g, paper.b, 0.85);
  cairo_set_line_width (cr, halo);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke_preserve (cr);
  set_rgb (cr, colour);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* ---------------------------------------------------------------- setup */

static void
compute_range (Render *r, const cairo_rectangle_t *visible)
{
  double w, h;
  GbacwHex a, b;

  gbacw_hex_grid_extent (r->grid, &w, &h);
  if (visible != NULL)
    {
      r->vx0 = visible->x;
      r->vy0 = visible->y;
      r->vx1 = visible->x + visible->width;
      r->vy1 = visible->y + visible->height;
    }
  else
    {
      r->vx0 = 0;
      r->vy0 = 0;
      r->vx1 = w;
      r->vy1 = h;
    }

  a = gbacw_hex_grid_hex_at_point (r->grid, CLAMP (r->vx0, -2, w + 2), CLAMP (r->vy0, -2, h + 2));
  b = gbacw_hex_grid_hex_at_point (r->grid, CLAMP (r->vx1, -2, w + 2), CLAMP (r->vy1, -2, h + 2));
  /* One more hex each way: hex_at_point near a boundary may name either neighbour. */
  r->c0 = MAX (MIN (a.col, b.col) - 1, 0);
  r->c1 = MIN (MAX (a.col, b.col) + 1, r->grid->columns - 1);
  r->r0 = MAX (MIN (a.row, b.row) - 1, 0);
  r->r1 = MIN (MAX (a.row, b.row) + 1, r->grid->rows - 1);
}

static gboolean
render_init (Render                  *r,
             cairo_t                 *cr,
             const GbacwScenario     *scenario,
             guint                    layers,
             double                   scale,
             const cairo_rectangle_t *visible)
{
  GbacwHex origin = { 0, 0 };
  double ox, oy;

  memset (r, 0, sizeof *r);
  if (scenario == NULL || scenario->map == NULL || scale <= 0 || layers == 0)
    return FALSE;

  r->cr = cr;
  r->scenario = scenario;
  r->map = scenario->map;
  r->grid = &scenario->map->grid;
  r->layers = layers;
  r->scale = scale;
  r->px = 1.0 / scale;
  r->hex_px = scale * SQRT3;

  compute_range (r, visible);
  if (r->c0 > r->c1 || r->r0 > r->r1)
    return FALSE;

  for (int parity = 0; parity < 2; parity++)
    {
      GbacwHex sample = r->grid->orientation == GBACW_GRID_POINTY_ROWS ? (GbacwHex) { 2, 2 + parity }
                                                                       : (GbacwHex) { 2 + parity, 2 };
      for (int d = 0; d < 6; d++)
        {
          GbacwHex n = gbacw_hex_grid_neighbour (r->grid, sample, d);
          r->step[parity][d] = (GbacwHex) { n.col - sample.col, n.row - sample.row };
        }
    }

  gbacw_hex_grid_centre (r->grid, origin, &ox, &oy);
  for (int i = 0; i < 6; i++)
    {
      double x, y;
      gbacw_hex_grid_corner (r->grid, origin, i, &x, &y);
      r->corner[i][0] = x - ox;
      r->corner[i][1] = y - oy;
    }

  if (scenario->catalogue.hex_terrains != NULL)
    r->n_terrains = MIN (scenario->catalogue.hex_terrains->len, GBACW_MAX_HEX_TERRAINS);
  for (guint i = 0; i < r->n_terrains; i++)
    {
      const GbacwHexTerrain *t = g_ptr_array_index (scenario->catalogue.hex_terrains, i);
      if (!parse_colour (t->fill, &r->terrain_rgb[i]))
        r->terrain_rgb[i] = (Rgb) { 0.8, 0.8, 0.8 };
      r->terrain_pattern[i] = parse_pattern (t->pattern);
    }
  return TRUE;
}

static void
render_clear (Render *r)
{
  g_clear_pointer (&r->sides, g_array_unref);
}

/* The index of hex (col, row)'s neighbour in direction d, or -1 off the map. The step
 * to a neighbour depends only on the parity of the hex's column (flat-topped hexes) or
 * row, so render_init () asks the grid once per parity instead of once per hexside. */
static inline int
neighbour_index (Render *r, int col, int row, int d)
{
  const GbacwHex *step = &r->step[(r->grid->orientation == GBACW_GRID_POINTY_ROWS ? row : col) & 1][d];
  int c = col + step->col, w = row + step->row;

  if (c < 0 || w < 0 || c >= r->grid->columns || w >= r->grid->rows)
    return -1;
  return w * r->grid->columns + c;
}

static inline int
level_of (Render *r, int index)
{
  return CLAMP (r->map->elevation[index], 0, MAX_LEVELS - 1);
}

/* Collects the hexsides in view that carry features, lines or a change of level. */
static void
collect_sides (Render *r)
{
  const GbacwHexGrid *grid = r->grid;
  gboolean want_features = (r->layers & GBACW_LAYER_BIT_HEXSIDES) != 0;
  gboolean want_lines = (r->layers & GBACW_LAYER_BIT_ROADS) != 0;
  gboolean want_contours = (r->layers & GBACW_LAYER_BIT_ELEVATION) != 0 && r->hex_px >= LOD_CONTOURS;

  r->sides = g_array_new (FALSE, FALSE, sizeof (Side));
  if (!want_features && !want_lines && !want_contours)
    return;

  /* Each hex of the grid extended by one ring owns its directions 0..2. */
  for (int row = r->r0 - 1; row <= r->r1 + 1; row++)
    for (int col = r->c0 - 1; col <= r->c1 + 1; col++)
      {
        GbacwHex a = { col, row };
        int a_index = gbacw_hex_grid_index (grid, a);

        for (int d = 0; d < 3; d++)
          {
            GbacwHexsideId id = gbacw_hex_grid_hexside (grid, a, d);
            guint32 features;
            guint16 lines;
            gboolean contour = FALSE;
            GbacwHex b;
            int b_index;
            Side s;

            if (id == GBACW_HEXSIDE_NONE)
              continue;
            features = want_features ? r->map->hexside_features[id] : 0;
            lines = want_lines ? r->map->hexside_lines[id] : 0;
            b_index = neighbour_index (r, col, row, d);
            if (want_contours && a_index >= 0 && b_index >= 0)
              contour = r->map->elevation[a_index] != r->map->elevation[b_index];
            if (features == 0 && lines == 0 && !contour)
              continue;

            s.id = id;
            s.a_index = a_index;
            s.b_index = b_index;
            s.features = features;
            s.inside = r->map->hexside_inside[id];
            s.lines = lines;
            s.contour = contour;
            b = gbacw_hex_grid_neighbour (grid, a, d);
            gbacw_hex_grid_centre (grid, a, &s.ax, &s.ay);
            gbacw_hex_grid_centre (grid, b, &s.bx, &s.by);
            s.x0 = s.ax + r->corner[d][0];
            s.y0 = s.ay + r->corner[d][1];
            s.x1 = s.ax + r->corner[(d + 1) % 6][0];
            s.y1 = s.ay + r->corner[(d + 1) % 6][1];
            s.mx = (s.x0 + s.x1) / 2;
            s.my = (s.y0 + s.y1) / 2;
            s.nx = (s.bx - s.ax) / SQRT3;
            s.ny = (s.by - s.ay) / SQRT3;
            s.tx = s.x1 - s.x0;   /* hexsides are one unit long */
            s.ty = s.y1 - s.y0;
            g_array_append_val (r->sides, s);
          }
      }
}

/* ---------------------------------------------------------------- background */

static void
draw_background (Render *r)
{
  double w, h;

  gbacw_hex_grid_extent (r->grid, &w, &h);
  set_rgb (r->cr, paper);
  cairo_rectangle (r->cr, MAX (r->vx0, 0), MAX (r->vy0, 0),
                   MIN (r->vx1, w) - MAX (r->vx0, 0), MIN (r->vy1, h) - MAX (r->vy0, 0));
  cairo_fill (r->cr);
}

/* The scan of the paper map, over the terrain colours and under every line and text, at
 * its opacity: sliding the opacity fades from the painted map to the scan, so that what
 * was traced can be checked against it. */
static void
draw_scan (Render *r)
{
  const GbacwBackground *bg = &r->map->background;
  double w, h;
  cairo_rectangle_t clip;

  gbacw_hex_grid_extent (r->grid, &w, &h);
  clip = (cairo_rectangle_t) { MAX (r->vx0, 0), MAX (r->vy0, 0),
                               MIN (r->vx1, w) - MAX (r->vx0, 0), MIN (r->vy1, h) - MAX (r->vy0, 0) };
  gbacw_background_image_draw (r->image, r->cr, bg->transform, CLAMP (bg->opacity, 0.0, 1.0), &clip);
}

/* ---------------------------------------------------------------- terrain and elevation */

/* The base fill of every hex: its first terrain, tinted by its level. Hexes are sorted
 * into buckets (terrain x level) so that each bucket is one fill; the commonest bucket is
 * one rectangle under everything, and runs of hexes along a column (flat grids) or row
 * (pointy grids) become one polygon. */
static Rgb
bucket_colour (Render *r, int base, int level, double *alpha)
{
  *alpha = 1.0;
  if (base == 0)
    {
      *alpha = MIN (0.09 * level, 0.6);
      return elevation_tint;
    }
  if (level == 0)
    return r->terrain_rgb[base - 1];
  return mix (r->terrain_rgb[base - 1], elevation_tint, MIN (0.09 * level, 0.6));
}

/* A run of hexes from pos a to pos b of one line, as one polygon (or rectangle). */
static void
hex_run_path (Render *r, int line, int a, int b, gboolean bricks)
{
  gboolean pointy = r->grid->orientation == GBACW_GRID_POINTY_ROWS;
  cairo_t *cr = r->cr;
  double (*c)[2] = r->corner;
  double ax, ay, bx, by, x, y;

#define CENTRE(pos, X, Y) \
  (pointy ? hex_centre (r, r->c0 + (pos), r->r0 + line, &X, &Y) : hex_centre (r, r->c0 + line, r->r0 + (pos), &X, &Y))

  CENTRE (a, ax, ay);
  CENTRE (b, bx, by);
  if (bricks)
    {
      /* Bricks tile the plane like hexes and are far cheaper to fill. */
      if (pointy)
        cairo_rectangle (cr, ax - SQRT3_2, ay - 0.75, bx - ax + SQRT3, 1.5);
      else
        cairo_rectangle (cr, ax - 0.75, ay - SQRT3_2, 1.5, by - ay + SQRT3);
      return;
    }

  if (pointy)
    {
      /* Along the top from the left, back along the bottom. */
      cairo_move_to (cr, ax + c[4][0], ay + c[4][1]);
      cairo_line_to (cr, ax + c[5][0], ay + c[5][1]);
      for (int i = a; i <= b; i++)
        {
          CENTRE (i, x, y);
          cairo_line_to (cr, x + c[0][0], y + c[0][1]);
          cairo_line_to (cr, x + c[1][0], y + c[1][1]);
        }
      cairo_line_to (cr, bx + c[2][0], by + c[2][1]);
      for (int i = b; i >= a; i--)
        {
          CENTRE (i, x, y);
          cairo_line_to (cr, x + c[3][0], y + c[3][1]);
          if (i > a)
            cairo_line_to (cr, x + c[4][0], y + c[4][1]);
        }
    }
  else
    {
      /* Down the right side from the top, back up the left side. */
      cairo_move_to (cr, ax + c[0][0], ay + c[0][1]);
      cairo_line_to (cr, ax + c[1][0], ay + c[1][1]);
      for (int i = a; i <= b; i++)
        {
          CENTRE (i, x, y);
          cairo_line_to (cr, x + c[2][0], y + c[2][1]);
          cairo_line_to (cr, x + c[3][0], y + c[3][1]);
        }
      cairo_line_to (cr, bx + c[4][0], by + c[4][1]);
      for (int i = b; i >= a; i--)
        {
          CENTRE (i, x, y);
          cairo_line_to (cr, x + c[5][0], y + c[5][1]);
          if (i > a)
            cairo_line_to (cr, x + c[0][0], y + c[0][1]);
        }
    }
  cairo_close_path (cr);
#undef CENTRE
}

static void
draw_terrain_fills (Render *r)
{
  gboolean terrain = (r->layers & GBACW_LAYER_BIT_TERRAIN) != 0;
  gboolean elevation = (r->layers & GBACW_LAYER_BIT_ELEVATION) != 0;
  gboolean pointy = r->grid->orientation == GBACW_GRID_POINTY_ROWS;
  guint n_buckets = (r->n_terrains + 1) * MAX_LEVELS;
  int n_cols = r->c1 - r->c0 + 1;
  int n_rows = r->r1 - r->r0 + 1;
  int line_len = pointy ? n_cols : n_rows;
  int n = n_cols * n_rows;
  g_autofree guint16 *bucket_of = g_new (guint16, n);
  g_autofree int *count = g_new0 (int, n_buckets + 1);
  g_autofree int *order = g_new (int, n);
  gboolean bricks = r->hex_px < LOD_HEX_SHAPES;
  guint dominant = 0;
  int dominant_count = 0;
  cairo_t *cr = r->cr;

  /* k runs along lines: columns of a flat grid, rows of a pointy one. */
  for (int k = 0; k < n; k++)
    {
      int line = k / line_len, pos = k % line_len;
      int col = r->c0 + (pointy ? pos : line);
      int row = r->r0 + (pointy ? line : pos);
      int index = row * r->grid->columns + col;
      guint64 mask = r->map->terrain[index];
      int base = 0;   /* 0 = no base fill */
      int level = 0;

      if (terrain && mask != 0)
        {
          int t = __builtin_ctzll (mask);
          if ((guint) t < r->n_terrains)
            base = t + 1;
        }
      if (elevation)
        level = level_of (r, index);
      bucket_of[k] = (guint16) (base * MAX_LEVELS + level);
      count[bucket_of[k] + 1]++;
    }

  /* The rectangle under everything only when every hex has a base fill: a hex without
   * one (not painted yet) shows the paper, which the rectangle would cover. */
  for (guint b = 0; b < n_buckets; b++)
    if (b < MAX_LEVELS && count[b + 1] > 0)
      {
        dominant_count = 0;
        break;
      }
    else if (count[b + 1] > dominant_count)
      {
        dominant = b;
        dominant_count = count[b + 1];
      }

  /* Counting sort by bucket, stable: within a bucket k ascends, so runs are adjacent. */
  for (guint b = 1; b <= n_buckets; b++)
    count[b] += count[b - 1];
  for (int k = 0; k < n; k++)
    order[count[bucket_of[k]]++] = k;
  /* count[b] is now the end of bucket b. */

  if (dominant_count > 0)
    {
      double w, h, alpha;
      Rgb c = bucket_colour (r, (int) dominant / MAX_LEVELS, (int) dominant % MAX_LEVELS, &alpha);

      gbacw_hex_grid_extent (r->grid, &w, &h);
      set_rgb (cr, c);
      cairo_rectangle (cr, MAX (r->vx0, 0), MAX (r->vy0, 0),
                       MIN (r->vx1, w) - MAX (r->vx0, 0), MIN (r->vy1, h) - MAX (r->vy0, 0));
      cairo_fill (cr);
    }

  for (int i = 0; i < n;)
    {
      guint b = bucket_of[order[i]];
      int end = count[b];
      int base = (int) b / MAX_LEVELS;
      int level = (int) b % MAX_LEVELS;
      double alpha;
      Rgb c;

      if ((base == 0 && level == 0) || (dominant_count > 0 && b == dominant))
        {
          i = end;
          continue;
        }

      while (i < end)
        {
          int k = order[i];
          int j = i;

          /* Extend the run while the next hex of the bucket follows on the same line. */
          while (j + 1 < end && order[j + 1] == order[j] + 1 && order[j + 1] % line_len != 0)
            j++;
          hex_run_path (r, k / line_len, k % line_len, order[j] % line_len, bricks);
          i = j + 1;
        }

      c = bucket_colour (r, base, level, &alpha);
      if (alpha < 1.0)
        cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
      else
        set_rgb (cr, c);
      cairo_fill (cr);
    }
}

/* A small disc: an octagon while it is only a few pixels wide (cairo_arc () flattens
 * Bézier curves, far slower for thousands of tree crowns). */
static void
dot_path (Render *r, double x, double y, double radius)
{
  static const double octagon[8][2] = {
    { 1, 0 }, { 0.7071, 0.7071 }, { 0, 1 }, { -0.7071, 0.7071 },
    { -1, 0 }, { -0.7071, -0.7071 }, { 0, -1 }, { 0.7071, -0.7071 },
  };
  cairo_t *cr = r->cr;

  if (radius * r->scale >= 4.0)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      return;
    }
  cairo_move_to (cr, x + radius, y);
  for (int i = 1; i < 8; i++)
    cairo_line_to (cr, x + octagon[i][0] * radius, y + octagon[i][1] * radius);
  cairo_close_path (cr);
}

/* Pattern symbols of one hex, appended to the current path; ids vary the layout a little
 * from hex to hex so that woods do not look like wallpaper. */
static void
pattern_path (Render *r, Pattern pattern, double cx, double cy, guint32 h)
{
  cairo_t *cr = r->cr;
  double jx = ((h & 0xff) / 255.0 - 0.5) * 0.12;
  double jy = (((h >> 8) & 0xff) / 255.0 - 0.5) * 0.12;

  switch (pattern)
    {
    case PATTERN_TREES:
      {
        /* Tree crowns in a loose ring around the centre. */
        static const double trees[][3] = {
          { 0.0, 0.0, 0.17 }, { 0.42, -0.22, 0.14 }, { -0.42, -0.22, 0.15 },
          { 0.0, -0.5, 0.14 }, { 0.42, 0.26, 0.15 }, { -0.4, 0.27, 0.14 }, { 0.02, 0.5, 0.15 },
        };
        for (guint i = 0; i < G_N_ELEMENTS (trees); i++)
          {
            double x = cx + trees[i][0] + (i % 2 ? jx : -jy);
            double y = cy + trees[i][1] + (i % 2 ? jy : jx);
            dot_path (r, x, y, trees[i][2]);
          }
      }
      break;

    case PATTERN_TOWN:
      {
        /* Building blocks along two crossing streets. */
        static const double blocks[][4] = {
          { -0.45, -0.42, 0.3, 0.24 }, { -0.08, -0.48, 0.22, 0.3 }, { 0.24, -0.4, 0.26, 0.22 },
          { -0.5, -0.08, 0.26, 0.28 }, { 0.26, -0.06, 0.3, 0.24 },
          { -0.42, 0.28, 0.24, 0.22 }, { -0.06, 0.22, 0.28, 0.26 }, { 0.3, 0.26, 0.2, 0.2 },
        };
        for (guint i = 0; i < G_N_ELEMENTS (blocks); i++)
          {
            if ((h >> (16 + i)) & 1 && i % 3 == 1)
              continue;
            cairo_rectangle (cr, cx + blocks[i][0], cy + blocks[i][1], blocks[i][2], blocks[i][3]);
          }
      }
      break;

    case PATTERN_SWAMP:
    case PATTERN_MARSH:
      {
        static const double tufts[][2] = {
          { -0.35, -0.35 }, { 0.25, -0.4 }, { -0.05, -0.05 }, { -0.5, 0.15 },
          { 0.45, 0.05 }, { -0.25, 0.45 }, { 0.25, 0.4 },
        };
        for (guint i = 0; i < G_N_ELEMENTS (tufts); i++)
          {
            double x = cx + tufts[i][0] + jx, y = cy + tufts[i][1] + jy;
            cairo_move_to (cr, x - 0.16, y);
            cairo_line_to (cr, x + 0.16, y);
            if (pattern == PATTERN_SWAMP)
              {
                cairo_move_to (cr, x, y);
                cairo_line_to (cr, x, y - 0.12);
                cairo_move_to (cr, x - 0.08, y);
                cairo_line_to (cr, x - 0.11, y - 0.08);
                cairo_move_to (cr, x + 0.08, y);
                cairo_line_to (cr, x + 0.11, y - 0.08);
              }
          }
      }
      break;

    case PATTERN_ORCHARD:
      for (int i = -2; i <= 2; i++)
        for (int j = -2; j <= 2; j++)
          {
            double x = i * 0.26 + (j % 2 ? 0.13 : 0), y = j * 0.26;
            if (x * x + y * y > 0.62)
              continue;
            dot_path (r, cx + x, cy + y, 0.055);
          }
      break;

    case PATTERN_FIELDS:
      for (int i = -3; i <= 3; i++)
        {
          double off = i * 0.18;
          double half = sqrt (MAX (0.0, 0.64 - off * off));
          cairo_move_to (cr, cx - half * 0.7071 + off * 0.7071, cy + half * 0.7071 + off * 0.7071);
          cairo_line_to (cr, cx + half * 0.7071 + off * 0.7071, cy - half * 0.7071 + off * 0.7071);
        }
      break;

    case PATTERN_DOTS:
      for (int i = 0; i < 9; i++)
        {
          guint32 g = hash_index ((int) h + i * 7919);
          double a = (g & 0xffff) / 65535.0 * 2 * G_PI;
          double d = sqrt (((g >> 16) & 0xffff) / 65535.0) * 0.68;
          dot_path (r, cx + cos (a) * d, cy + sin (a) * d, 0.045);
        }
      break;

    case PATTERN_NONE:
    default:
      break;
    }
}

static gboolean
pattern_is_stroked (Pattern p)
{
  return p == PATTERN_SWAMP || p == PATTERN_MARSH || p == PATTERN_FIELDS;
}

/* Patterns: the first terrain's own pattern, then every further terrain of a hex drawn
 * over it (5.15), each terrain one path. */
static void
draw_terrain_patterns (Render *r)
{
  cairo_t *cr = r->cr;

  if (r->hex_px < LOD_PATTERNS)
    return;

  for (guint t = 0; t < r->n_terrains; t++)
    {
      Pattern pattern = r->terrain_pattern[t];
      guint64 bit = G_GUINT64_CONSTANT (1) << t;
      gboolean any_overlay_fill = FALSE;
      gboolean any = FALSE;

      for (int row = r->r0; row <= r->r1; row++)
        for (int col = r->c0; col <= r->c1; col++)
          {
            int index = row * r->grid->columns + col;
            guint64 mask = r->map->terrain[index];
            gboolean first;
            double cx, cy;

            if ((mask & bit) == 0)
              continue;
            first = (mask & (bit - 1)) == 0;
            hex_centre (r, col, row, &cx, &cy);
            if (!first && pattern == PATTERN_NONE)
              {
                /* A further terrain without symbols: its colour as an inner hex. */
                hexagon (r, cx, cy, 0.55);
                any_overlay_fill = TRUE;
              }
            else if (pattern != PATTERN_NONE)
              {
                pattern_path (r, pattern, cx, cy, hash_index (index));
                any = TRUE;
              }
          }

      if (any_overlay_fill)
        {
          set_rgb (cr, r->terrain_rgb[t]);
          cairo_fill (cr);
        }
      if (any)
        {
          Rgb c = shade (r->terrain_rgb[t], pattern == PATTERN_TOWN ? 0.35 : 0.62);
          if (pattern == PATTERN_SWAMP || pattern == PATTERN_MARSH)
            c = mix (c, water_blue, 0.45);
          set_rgb (cr, c);
          if (pattern_is_stroked (pattern))
            {
              cairo_set_line_width (cr, width_at_least (r, 0.035, 0.8));
              cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
              cairo_stroke (cr);
            }
          else
            cairo_fill (cr);
        }
      cairo_new_path (cr);
    }
}

/* A straight line of half width hw as a filled quadrilateral. With mitre, both ends reach
 * out by hw tan 30°, so that chains of hexsides, which turn by 60°, meet in clean mitres.
 * Thousands of these in one fill cost a fraction of cairo_stroke (), which builds caps and
 * joins for every subpath. All quads wind the same way, so overlaps merge. */
static void
quad_path (cairo_t *cr, double x0, double y0, double x1, double y1, double hw, gboolean mitre)
{
  double dx = x1 - x0, dy = y1 - y0;
  double len = sqrt (dx * dx + dy * dy);
  double ux, uy;

  if (len == 0)
    return;
  ux = dx / len;
  uy = dy / len;
  if (mitre)
    {
      double e = hw * 0.57735;
      x0 -= ux * e;
      y0 -= uy * e;
      x1 += ux * e;
      y1 += uy * e;
    }
  cairo_move_to (cr, x0 - uy * hw, y0 + ux * hw);
  cairo_line_to (cr, x1 - uy * hw, y1 + ux * hw);
  cairo_line_to (cr, x1 + uy * hw, y1 - ux * hw);
  cairo_line_to (cr, x0 + uy * hw, y0 - ux * hw);
  cairo_close_path (cr);
}

static inline void
side_quad (cairo_t *cr, const Side *s, double hw)
{
  quad_path (cr, s->x0, s->y0, s->x1, s->y1, hw, TRUE);
}

static void
draw_contours (Render *r)
{
  cairo_t *cr = r->cr;
  double hw = width_at_least (r, 0.035, 0.8) / 2;
  gboolean any = FALSE;

  for (guint i = 0; i < r->sides->len; i++)
    {
      const Side *s = &g_array_index (r->sides, Side, i);
      if (!s->contour)
        continue;
      side_quad (cr, s, hw);
      any = TRUE;
    }
  if (!any)
    return;
  set_rgb (cr, contour_brown);
  cairo_fill (cr);
}

/* ---------------------------------------------------------------- grid */

static void
draw_grid (Render *r)
{
  const GbacwHexGrid *grid = r->grid;
  cairo_t *cr = r->cr;
  gboolean smooth;
  double hw;

  if (r->hex_px < LOD_GRID)
    return;

  /* Thousands of thin antialiased lines are the costliest thing on the map; while hexes
   * are small, crisp one-pixel lines look as good. */
  smooth = r->hex_px >= LOD_SMOOTH_GRID;
  hw = smooth ? width_at_least (r, 0.02, 0.7) / 2 : r->px / 2;
  for (int row = r->r0; row <= r->r1; row++)
    for (int col = r->c0; col <= r->c1; col++)
      {
        gboolean edge = col == 0 || row == 0 || col == grid->columns - 1 || row == grid->rows - 1;
        double cx, cy;

        hex_centre (r, col, row, &cx, &cy);
        /* Sides 0..2 belong to this hex; 3..5 only at the map's edge. */
        for (int d = 0; d < 6; d++)
          {
            if (d >= 3)
              {
                GbacwHex n;
                if (!edge)
                  break;
                n = gbacw_hex_grid_neighbour (grid, (GbacwHex) { col, row }, d);
                if (gbacw_hex_grid_contains (grid, n))
                  continue;
              }
            quad_path (cr, cx + r->corner[d][0], cy + r->corner[d][1],
                       cx + r->corner[(d + 1) % 6][0], cy + r->corner[(d + 1) % 6][1], hw, TRUE);
          }
      }
  /* One fill: where lines overlap at the corners they do not darken. */
  cairo_save (cr);
  if (!smooth)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  /* Opaque when aliased: blending is most of the cost of a pixel-wide line. */
  if (smooth)
    cairo_set_source_rgba (cr, 0.15, 0.13, 0.1, 0.55);
  else
    cairo_set_source_rgb (cr, 0.50, 0.47, 0.40);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* ---------------------------------------------------------------- hexside features */

static void
teeth_path (cairo_t *cr, const Side *s, double sign, int n, double base, double height)
{
  /* sign: +1 teeth towards b, -1 towards a. */
  for (int i = 0; i < n; i++)
    {
      double t = (i + 0.5) / n;
      double x = s->x0 + s->tx * t, y = s->y0 + s->ty * t;
      cairo_move_to (cr, x - s->tx * base / 2, y - s->ty * base / 2);
      cairo_line_to (cr, x + s->nx * height * sign, y + s->ny * height * sign);
      cairo_line_to (cr, x + s->tx * base / 2, y + s->ty * base / 2);
      cairo_close_path (cr);
    }
}

static double
elevation_sign (Render *r, const Side *s)
{
  /* +1 when b is the lower hex (or as low as a). */
  int ea, eb;

  if (s->a_index < 0)
    return -1;
  if (s->b_index < 0)
    return 1;
  ea = r->map->elevation[s->a_index];
  eb = r->map->elevation[s->b_index];
  return eb <= ea ? 1 : -1;
}

static void
draw_side_type (Render *r, guint type_index, const GbacwHexsideType *type, int style)
{
  cairo_t *cr = r->cr;
  guint32 bit = 1u << type_index;
  gboolean fine = r->hex_px >= LOD_PATTERNS;
  gboolean any = FALSE;
  double hw;
  Rgb colour;

  for (guint i = 0; i < r->sides->len; i++)
    if (g_array_index (r->sides, Side, i).features & bit)
      {
        any = TRUE;
        break;
      }
  if (!any)
    return;

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

#define FOR_EACH_SIDE(s)                                           \
  for (guint i_ = 0; i_ < r->sides->len; i_++)                     \
    for (const Side *s = &g_array_index (r->sides, Side, i_);      \
         s != NULL && (s->features & bit) != 0; s = NULL)

  switch (style)
    {
    case STYLE_FENCE:
      FOR_EACH_SIDE (s)
        {
          cairo_move_to (cr, s->x0, s->y0);
          for (int k = 1; k <= 8 && fine; k++)
            {
              double t = k / 8.0, o = k == 8 ? 0 : (k % 2 ? 0.06 : -0.06);
              cairo_line_to (cr, s->x0 + s->tx * t + s->nx * o, s->y0 + s->ty * t + s->ny * o);
            }
          if (!fine)
            cairo_line_to (cr, s->x1, s->y1);
        }
      cairo_set_source_rgb (cr, 0.36, 0.25, 0.14);
      cairo_set_line_width (cr, width_at_least (r, 0.035, 0.8));
      cairo_stroke (cr);
      break;

    case STYLE_CREST:
    case STYLE_RIVER:
    case STYLE_STREAM:
    case STYLE_GENERIC:
    case STYLE_IMPASSABLE:
      switch (style)
        {
        case STYLE_CREST:  hw = width_at_least (r, 0.09, 1.2); colour = crest_brown; break;
        case STYLE_RIVER:  hw = width_at_least (r, 0.24, 2.0); colour = water_blue; break;
        case STYLE_STREAM: hw = width_at_least (r, 0.09, 1.0); colour = water_blue; break;
        case STYLE_IMPASSABLE: hw = width_at_least (r, 0.14, 1.5); colour = ink; break;
        default:           hw = width_at_least (r, 0.1, 1.5); colour = ink; break;
        }
      FOR_EACH_SIDE (s)
        side_quad (cr, s, hw / 2);
      set_rgb (cr, colour);
      cairo_fill (cr);
      break;

    case STYLE_STEEP_CREST:
      hw = width_at_least (r, 0.07, 1.2) / 2;
      FOR_EACH_SIDE (s)
        {
          side_quad (cr, s, hw);
          if (fine)
            {
              /* Hatching down the slope. */
              double sign = elevation_sign (r, s);
              for (int k = 0; k < 6; k++)
                {
                  double t = (k + 0.5) / 6;
                  double x = s->x0 + s->tx * t, y = s->y0 + s->ty * t;
                  quad_path (cr, x, y, x + s->nx * 0.18 * sign, y + s->ny * 0.18 * sign, 0.014, FALSE);
                }
            }
        }
      set_rgb (cr, shade (crest_brown, 0.8));
      cairo_fill (cr);
      break;

    case STYLE_FORD:
      FOR_EACH_SIDE (s)
        {
          cairo_move_to (cr, s->mx - s->nx * 0.2, s->my - s->ny * 0.2);
          cairo_line_to (cr, s->mx + s->nx * 0.2, s->my + s->ny * 0.2);
        }
      /* Break the band, then mark the crossing. */
      set_rgb (cr, paper);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_width (cr, width_at_least (r, 0.2, 2.0));
      cairo_stroke_preserve (cr);
      set_rgb (cr, crest_brown);
      cairo_set_line_width (cr, width_at_least (r, 0.06, 1.0));
      cairo_stroke (cr);
      break;

    case STYLE_BRIDGE:
    case STYLE_WAGON_BRIDGE:
      FOR_EACH_SIDE (s)
        for (int k = -1; k <= 1; k += 2)
          {
            double x = s->mx + s->tx * 0.14 * k, y = s->my + s->ty * 0.14 * k;
            cairo_move_to (cr, x - s->nx * 0.22, y - s->ny * 0.22);
            cairo_line_to (cr, x + s->nx * 0.22, y + s->ny * 0.22);
          }
      set_rgb (cr, ink);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_width (cr, width_at_least (r, 0.05, 1.0));
      if (style == STYLE_WAGON_BRIDGE)
        {
          double dash[] = { 0.07, 0.05 };
          cairo_set_dash (cr, dash, 2, 0);
        }
      cairo_stroke (cr);
      break;

    case STYLE_WORKS:
    case STYLE_REDAN:
    default:
      {
        gboolean redan = style == STYLE_REDAN;
        Rgb c = redan ? (Rgb) { 0.35, 0.12, 0.08 } : (Rgb) { 0.29, 0.21, 0.13 };

        hw = width_at_least (r, redan ? 0.1 : 0.06, 1.0) / 2;
        FOR_EACH_SIDE (s)
          {
            side_quad (cr, s, hw);
            if (fine)
              {
                /* Teeth point away from the inside hex. */
                double sign = 1;
                if (type->side == GBACW_SIDE_MODE_INSIDE && (s->inside & bit))
                  sign = -1;
                teeth_path (cr, s, sign, redan ? 3 : 4, redan ? 0.22 : 0.14, redan ? 0.2 : 0.12);
              }
          }
        set_rgb (cr, c);
        cairo_fill (cr);

        if (redan && fine)
          {
            /* A named redan usually spans several hexsides: its name once, at their middle. */
            g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
            GHashTableIter iter;
            const char *name;
            double *acc;

            FOR_EACH_SIDE (s)
              {
                double sign = (s->inside & bit) ? 1 : -1;   /* towards the inside hex */

                name = g_hash_table_lookup (r->map->hexside_names, GUINT_TO_POINTER (s->id));
                if (name == NULL)
                  continue;
                acc = g_hash_table_lookup (names, name);
                if (acc == NULL)
                  g_hash_table_insert (names, (char *) name, (acc = g_new0 (double, 3)));
                acc[0] += s->mx + s->nx * 0.34 * sign;
                acc[1] += s->my + s->ny * 0.34 * sign;
                acc[2] += 1;
              }

            select_font (cr, TRUE, TRUE);
            cairo_set_font_size (cr, MAX (0.2, 7 * r->px));
            g_hash_table_iter_init (&iter, names);
            while (g_hash_table_iter_next (&iter, (gpointer *) &name, (gpointer *) &acc))
              show_text_halo (cr, name, acc[0] / acc[2], acc[1] / acc[2], 0, c, 3 * r->px);
          }
      }
      break;
    }
#undef FOR_EACH_SIDE

  cairo_new_path (cr);
  cairo_restore (cr);
}

static void
draw_hexsides (Render *r)
{
  const GPtrArray *types = r->scenario->catalogue.hexside_types;
  int styles[GBACW_MAX_HEXSIDE_TYPES];
  guint n;

  if (types == NULL || r->sides->len == 0)
    return;
  n = MIN (types->len, GBACW_MAX_HEXSIDE_TYPES);
  for (guint t = 0; t < n; t++)
    styles[t] = parse_side_style (((GbacwHexsideType *) g_ptr_array_index (types, t))->style);

  for (int style = 0; style < N_STYLES; style++)
    for (guint t = 0; t < n; t++)
      if (styles[t] == style)
        draw_side_type (r, t, g_ptr_array_index (types, t), style);
}

/* ---------------------------------------------------------------- roads */

static void
draw_lines (Render *r)
{
  const GPtrArray *types = r->scenario->catalogue.line_types;
  cairo_t *cr = r->cr;

  if (types == NULL || r->sides->len == 0)
    return;

  cairo_save (cr);
  for (guint t = 0; t < MIN (types->len, GBACW_MAX_LINE_TYPES); t++)
    {
      const GbacwLineType *type = g_ptr_array_index (types, t);
      guint16 bit = (guint16) (1u << t);
      double w = type->width > 0 ? type->width : 0.1;
      gboolean any = FALSE;
      Rgb c;

      if (!parse_colour (type->colour, &c))
        c = (Rgb) { 0.45, 0.3, 0.15 };

      for (guint i = 0; i < r->sides->len; i++)
        {
          const Side *s = &g_array_index (r->sides, Side, i);
          if ((s->lines & bit) == 0)
            continue;
          cairo_move_to (cr, s->ax, s->ay);
          cairo_line_to (cr, s->bx, s->by);
          any = TRUE;
        }
      if (!any)
        continue;

      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_dash (cr, NULL, 0, 0);
      set_rgb (cr, c);

      if (g_strcmp0 (type->style, "double") == 0)
        {
          cairo_set_line_width (cr, width_at_least (r, w * 1.3, 1.5));
          cairo_stroke_preserve (cr);
          if (r->hex_px >= LOD_GRID)
            {
              set_rgb (cr, mix (c, (Rgb) { 1, 1, 1 }, 0.7));
              cairo_set_line_width (cr, w * 0.5);
              cairo_stroke_preserve (cr);
            }
        }
      else if (g_strcmp0 (type->style, "dashed") == 0)
        {
          double dash[] = { 0.22, 0.14 };
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          cairo_set_line_width (cr, width_at_least (r, w, 1.0));
          if (r->hex_px >= LOD_GRID)
            cairo_set_dash (cr, dash, 2, 0);
          cairo_stroke_preserve (cr);
        }
      else if (g_strcmp0 (type->style, "railroad") == 0)
        {
          cairo_set_line_width (cr, width_at_least (r, w * 0.6, 1.0));
          cairo_stroke_preserve (cr);
          if (r->hex_px >= LOD_PATTERNS)
            {
              /* Cross ties along each segment. */
              cairo_new_path (cr);
              for (guint i = 0; i < r->sides->len; i++)
                {
                  const Side *s = &g_array_index (r->sides, Side, i);
                  if ((s->lines & bit) == 0)
                    continue;
                  for (int k = 1; k < 9; k++)
                    {
                      double f = k / 9.0;
                      double x = s->ax + (s->bx - s->ax) * f, y = s->ay + (s->by - s->ay) * f;
                      cairo_move_to (cr, x - s->tx * w * 1.6, y - s->ty * w * 1.6);
                      cairo_line_to (cr, x + s->tx * w * 1.6, y + s->ty * w * 1.6);
                    }
                }
              cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
              cairo_set_line_width (cr, width_at_least (r, w * 0.3, 0.8));
              cairo_stroke_preserve (cr);
            }
        }
      else
        {
          cairo_set_line_width (cr, width_at_least (r, w, 1.0));
          cairo_stroke_preserve (cr);
        }
      cairo_new_path (cr);
    }
  cairo_restore (cr);
}

/* ---------------------------------------------------------------- areas */

static Rgb
area_colour (Render *r, const GbacwArea *area)
{
  Rgb c;

  switch (area->kind)
    {
    case GBACW_AREA_TOWN:      return (Rgb) { 0.45, 0.16, 0.10 };
    case GBACW_AREA_ASSAULT:   return (Rgb) { 0.85, 0.42, 0.0 };
    case GBACW_AREA_ENTRY:     return (Rgb) { 0.10, 0.54, 0.23 };
    case GBACW_AREA_OBJECTIVE: return (Rgb) { 0.78, 0.08, 0.10 };
    case GBACW_AREA_EXIT:      return (Rgb) { 0.48, 0.25, 0.63 };
    case GBACW_AREA_SETUP:
      {
        const GbacwSide *side = r->scenario->oob.side_index ? gbacw_oob_find_side (&r->scenario->oob, area->side) : NULL;
        if (side != NULL && parse_colour (side->colour, &c))
          return c;
        return (Rgb) { 0.18, 0.44, 0.69 };
      }
    case GBACW_AREA_OTHER:
    default:
      return (Rgb) { 0.35, 0.35, 0.35 };
    }
}

static gboolean
hex_in_view (Render *r, int index)
{
  int col, row;

  if (index < 0 || index >= r->grid->columns * r->grid->rows)
    return FALSE;
  col = index % r->grid->columns;
  row = index / r->grid->columns;
  return col >= r->c0 && col <= r->c1 && row >= r->r0 && row <= r->r1;
}

static void
star_path (cairo_t *cr, double cx, double cy, double radius)
{
  for (int i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + i * G_PI / 5;
      double rr = i % 2 ? radius * 0.42 : radius;
      if (i == 0)
        cairo_move_to (cr, cx + cos (a) * rr, cy + sin (a) * rr);
      else
        cairo_line_to (cr, cx + cos (a) * rr, cy + sin (a) * rr);
    }
  cairo_close_path (cr);
}

static void
arrow_path (Render *r, GbacwHex hex, double cx, double cy)
{
  cairo_t *cr = r->cr;
  double ux = 0, uy = 1;   /* direction the arrow points */
  double w, h;

  /* Point into the map, away from the first off-map neighbour. */
  gbacw_hex_grid_extent (r->grid, &w, &h);
  ux = w / 2 - cx;
  uy = h / 2 - cy;
  for (int d = 0; d < 6; d++)
    {
      GbacwHex n = gbacw_hex_grid_neighbour (r->grid, hex, d);
      if (!gbacw_hex_grid_contains (r->grid, n))
        {
          double nx, ny;
          gbacw_hex_grid_centre (r->grid, n, &nx, &ny);
          ux = cx - nx;
          uy = cy - ny;
          break;
        }
    }
  {
    double len = hypot (ux, uy);
    double vx, vy;
    if (len == 0)
      len = 1, uy = 1;
    ux /= len;
    uy /= len;
    vx = -uy;
    vy = ux;
    /* Shaft from behind the centre, head past it. */
    cairo_move_to (cr, cx - ux * 0.45 + vx * 0.07, cy - uy * 0.45 + vy * 0.07);
    cairo_line_to (cr, cx + ux * 0.1 + vx * 0.07, cy + uy * 0.1 + vy * 0.07);
    cairo_line_to (cr, cx + ux * 0.1 + vx * 0.2, cy + uy * 0.1 + vy * 0.2);
    cairo_line_to (cr, cx + ux * 0.45, cy + uy * 0.45);
    cairo_line_to (cr, cx + ux * 0.1 - vx * 0.2, cy + uy * 0.1 - vy * 0.2);
    cairo_line_to (cr, cx + ux * 0.1 - vx * 0.07, cy + uy * 0.1 - vy * 0.07);
    cairo_line_to (cr, cx - ux * 0.45 - vx * 0.07, cy - uy * 0.45 - vy * 0.07);
    cairo_close_path (cr);
  }
}

static void
draw_areas (Render *r)
{
  const GPtrArray *areas = r->map->areas;
  int n_hexes = r->grid->columns * r->grid->rows;
  g_autofree guint8 *member = NULL;
  cairo_t *cr = r->cr;

  if (areas == NULL || areas->len == 0)
    return;

  member = g_new0 (guint8, n_hexes);
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  for (guint a = 0; a < areas->len; a++)
    {
      const GbacwArea *area = g_ptr_array_index (areas, a);
      Rgb c = area_colour (r, area);
      gboolean any = FALSE, dashed;
      double inset = 0.1, hw;

      if (area->hexes == NULL || area->hexes->len == 0)
        continue;

      for (guint i = 0; i < area->hexes->len; i++)
        {
          int h = g_array_index (area->hexes, int, i);
          if (h >= 0 && h < n_hexes)
            member[h] = 1;
        }

      /* Outline: the hexsides between member and other map hexes, just inside the area;
       * dashed for the kinds that are instructions rather than places. */
      dashed = area->kind == GBACW_AREA_SETUP || area->kind == GBACW_AREA_OTHER ||
               area->kind == GBACW_AREA_ASSAULT;
      hw = width_at_least (r, 0.07, 1.2) / 2;
      for (guint i = 0; i < area->hexes->len; i++)
        {
          int index = g_array_index (area->hexes, int, i);
          GbacwHex hex;
          double cx, cy;

          if (!hex_in_view (r, index))
            continue;
          hex = gbacw_hex_grid_hex_at (r->grid, index);
          gbacw_hex_grid_centre (r->grid, hex, &cx, &cy);
          for (int d = 0; d < 6; d++)
            {
              int n = neighbour_index (r, hex.col, hex.row, d);
              double f = 1.0 - inset;
              double x0 = cx + r->corner[d][0] * f, y0 = cy + r->corner[d][1] * f;
              double x1 = cx + r->corner[(d + 1) % 6][0] * f, y1 = cy + r->corner[(d + 1) % 6][1] * f;

              /* The map's edge needs no outline. */
              if (n < 0 || member[n])
                continue;
              if (dashed)
                {
                  double dx = x1 - x0, dy = y1 - y0;
                  quad_path (cr, x0 + dx * 0.06, y0 + dy * 0.06, x0 + dx * 0.40, y0 + dy * 0.40, hw, FALSE);
                  quad_path (cr, x0 + dx * 0.60, y0 + dy * 0.60, x0 + dx * 0.94, y0 + dy * 0.94, hw, FALSE);
                }
              else
                quad_path (cr, x0, y0, x1, y1, hw, TRUE);
              any = TRUE;
            }
        }

      for (guint i = 0; i < area->hexes->len; i++)
        {
          int h = g_array_index (area->hexes, int, i);
          if (h >= 0 && h < n_hexes)
            member[h] = 0;
        }

      if (any)
        {
          set_rgb (cr, c);
          cairo_fill (cr);
        }

      /* Markers. */
      if (area->kind == GBACW_AREA_OBJECTIVE || area->kind == GBACW_AREA_ENTRY)
        {
          gboolean marked = FALSE;
          for (guint i = 0; i < area->hexes->len; i++)
            {
              int index = g_array_index (area->hexes, int, i);
              GbacwHex hex;
              double cx, cy;
              if (!hex_in_view (r, index))
                continue;
              hex = gbacw_hex_grid_hex_at (r->grid, index);
              gbacw_hex_grid_centre (r->grid, hex, &cx, &cy);
              if (area->kind == GBACW_AREA_OBJECTIVE)
                star_path (cr, cx, cy, MAX (0.32, 3 * r->px));
              else
                arrow_path (r, hex, cx, cy);
              marked = TRUE;
            }
          if (marked)
            {
              set_rgb (cr, c);
              cairo_fill_preserve (cr);
              cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
              cairo_set_line_width (cr, width_at_least (r, 0.03, 0.6));
              cairo_stroke (cr);
            }
        }

      /* Name at the first hex. */
      if (area->name != NULL && area->name[0] != '\0' && 0.22 * r->scale >= 6.0)
        {
          int index = g_array_index (area->hexes, int, 0);
          if (index >= 0 && index < n_hexes)
            {
              double cx, cy, y;
              gbacw_hex_grid_centre (r->grid, gbacw_hex_grid_hex_at (r->grid, index), &cx, &cy);
              y = area->kind == GBACW_AREA_OBJECTIVE || area->kind == GBACW_AREA_ENTRY ? cy + 0.55 : cy + 0.5;
              if (cx > r->vx0 - 6 && cx < r->vx1 + 6 && cy > r->vy0 - 2 && cy < r->vy1 + 2)
                {
                  select_font (cr, TRUE, FALSE);
                  cairo_set_font_size (cr, 0.22);
                  show_text_halo (cr, area->name, cx, y, 0, shade (c, 0.85), 0.06);
                }
            }
        }
    }
  cairo_restore (cr);
}

/* ---------------------------------------------------------------- labels */

static void
draw_labels (Render *r)
{
  const GPtrArray *labels = r->map->labels;
  int n_hexes = r->grid->columns * r->grid->rows;
  cairo_t *cr = r->cr;

  if (labels == NULL || labels->len == 0)
    return;

  cairo_save (cr);
  select_font (cr, FALSE, FALSE);
  for (guint i = 0; i < labels->len; i++)
    {
      const GbacwLabel *label = g_ptr_array_index (labels, i);
      double size = 0.36 * (label->size > 0 ? label->size : 1.0);
      double cx, cy, x, y, reach;

      if (label->text == NULL || label->hex < 0 || label->hex >= n_hexes)
        continue;
      if (size * r->scale < MIN_TEXT_PX)
        continue;
      gbacw_hex_grid_centre (r->grid, gbacw_hex_grid_hex_at (r->grid, label->hex), &cx, &cy);
      x = cx + label->dx;
      y = cy + label->dy;
      /* A generous guess at the text's reach, to skip labels far out of view. */
      reach = size * 0.7 * strlen (label->text) + size;
      if (x + reach < r->vx0 || x - reach > r->vx1 || y + reach < r->vy0 || y - reach > r->vy1)
        continue;
      cairo_set_font_size (cr, size);
      show_text_halo (cr, label->text, x, y, label->angle, ink, MAX (0.07, 2 * r->px));
    }
  cairo_restore (cr);
}

/* ---------------------------------------------------------------- hex numbers */

static void
format_number (char *out, int value, int digits)
{
  for (int i = digits - 1; i >= 0; i--)
    {
      out[i] = (char) ('0' + value % 10);
      value /= 10;
    }
}

/* All numbers as one run of glyphs: one cairo_show_glyphs for the whole view. */
static void
draw_hex_numbers (Render *r)
{
  const GbacwHexGrid *grid = r->grid;
  cairo_t *cr = r->cr;
  cairo_scaled_font_t *font;
  cairo_glyph_t *digit_glyphs = NULL;
  int n_digit_glyphs = 0;
  double advance[10];
  double size, top;
  int digits = CLAMP (grid->digits, 1, 3);
  int n_chars = 2 * digits;
  int n = (r->c1 - r->c0 + 1) * (r->r1 - r->r0 + 1);
  g_autofree cairo_glyph_t *glyphs = NULL;
  int k = 0;
  cairo_font_extents_t fext;

  if (r->hex_px < LOD_HEX_NUMBERS)
    return;

  cairo_save (cr);
  select_font (cr, FALSE, FALSE);
  size = MIN (MAX (0.2, 7.5 * r->px), 0.3);
  cairo_set_font_size (cr, size);
  cairo_font_extents (cr, &fext);
  font = cairo_get_scaled_font (cr);
  if (cairo_scaled_font_text_to_glyphs (font, 0, 0, "0123456789", 10, &digit_glyphs, &n_digit_glyphs,
                                        NULL, NULL, NULL) != CAIRO_STATUS_SUCCESS || n_digit_glyphs != 10)
    {
      cairo_glyph_free (digit_glyphs);
      cairo_restore (cr);
      return;
    }
  for (int i = 0; i < 10; i++)
    {
      cairo_text_extents_t ext;
      cairo_scaled_font_glyph_extents (font, &digit_glyphs[i], 1, &ext);
      advance[i] = ext.x_advance;
    }

  /* Just below the top edge (flat) or the top vertex's shoulders (pointy). */
  top = grid->orientation == GBACW_GRID_POINTY_ROWS ? -0.5 : -SQRT3_2;
  glyphs = g_new (cairo_glyph_t, (gsize) n * n_chars);
  for (int row = r->r0; row <= r->r1; row++)
    for (int col = r->c0; col <= r->c1; col++)
      {
        char text[6];
        double cx, cy, w = 0, x;

        format_number (text, col + grid->first_number, digits);
        format_number (text + digits, row + grid->first_number, digits);
        for (int i = 0; i < n_chars; i++)
          w += advance[text[i] - '0'];
        hex_centre (r, col, row, &cx, &cy);
        x = cx - w / 2;
        for (int i = 0; i < n_chars; i++)
          {
            glyphs[k].index = digit_glyphs[text[i] - '0'].index;
            glyphs[k].x = x;
            glyphs[k].y = cy + top + 0.04 + fext.ascent;
            x += advance[text[i] - '0'];
            k++;
          }
      }
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.8);
  cairo_show_glyphs (cr, glyphs, k);
  cairo_glyph_free (digit_glyphs);
  cairo_restore (cr);
}

/* ---------------------------------------------------------------- units */

/* The counters of the deployment, as in the order-of-battle panel and the editor
 * (gbacw-counter.h). */
static void
draw_units (Render *r)
{
  gbacw_counter_render_deployment (r->cr, r->scenario, r->scale,
                                   &(cairo_rectangle_t) { r->vx0, r->vy0, r->vx1 - r->vx0, r->vy1 - r->vy0 }, -1,
                                   NULL);
}

/* ---------------------------------------------------------------- entry points */

static void
render_layers (Render *r)
{
  cairo_t *cr = r->cr;

  cairo_save (cr);
  cairo_scale (cr, r->scale, r->scale);
  cairo_new_path (cr);

  if (r->layers & GBACW_LAYER_BIT_BACKGROUND)
    draw_background (r);
  if (r->image != NULL && (r->flags & GBACW_RENDER_SCAN_UNDER_TERRAIN))
    draw_scan (r);

  collect_sides (r);

  if (r->layers & (GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_ELEVATION))
    draw_terrain_fills (r);
  if (r->layers & GBACW_LAYER_BIT_TERRAIN)
    {
      /* Thousands of symbols a few pixels wide: antialiasing would cost more than the
       * rest of the map and show nothing. */
      cairo_save (cr);
      if (r->hex_px < LOD_SMOOTH_GRID)
        cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
      draw_terrain_patterns (r);
      cairo_restore (cr);
    }
  if (r->image != NULL && !(r->flags & GBACW_RENDER_SCAN_UNDER_TERRAIN))
    draw_scan (r);
  if (r->layers & GBACW_LAYER_BIT_ELEVATION)
    draw_contours (r);
  if (r->layers & GBACW_LAYER_BIT_GRID)
    draw_grid (r);
  if (r->layers & GBACW_LAYER_BIT_HEXSIDES)
    draw_hexsides (r);
  if (r->layers & GBACW_LAYER_BIT_ROADS)
    draw_lines (r);
  if (r->layers & GBACW_LAYER_BIT_AREAS)
    draw_areas (r);
  /* Place names over the hex numbers, as printed. */
  if (r->layers & GBACW_LAYER_BIT_HEX_NUMBERS)
    draw_hex_numbers (r);
  if (r->layers & GBACW_LAYER_BIT_LABELS)
    draw_labels (r);
  if (r->layers & GBACW_LAYER_BIT_UNITS)
    draw_units (r);

  cairo_restore (cr);
}

void
gbacw_map_render (cairo_t                 *cr,
                  const GbacwScenario     *scenario,
                  guint                    layers,
                  double                   scale,
                  const cairo_rectangle_t *visible)
{
  gbacw_map_render_with_background (cr, scenario, NULL, layers, scale, visible);
}

void
gbacw_map_render_with_background (cairo_t                 *cr,
                                  const GbacwScenario     *scenario,
                                  GbacwBackgroundImage    *background,
                                  guint                    layers,
                                  double                   scale,
                                  const cairo_rectangle_t *visible)
{
  gbacw_map_render_with_flags (cr, scenario, background, layers, 0, scale, visible);
}

void
gbacw_map_render_with_flags (cairo_t                 *cr,
                             const GbacwScenario     *scenario,
                             GbacwBackgroundImage    *background,
                             guint                    layers,
                             guint                    flags,
                             double                   scale,
                             const cairo_rectangle_t *visible)
{
  Render r;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (background == NULL || GBACW_IS_BACKGROUND_IMAGE (background));

  if (!render_init (&r, cr, scenario, layers, scale, visible))
    return;
  r.flags = flags;
  if (layers & GBACW_LAYER_BIT_BACKGROUND)
    r.image = background ? background : gbacw_map_renderer_get_background_image (scenario);
  render_layers (&r);
  render_clear (&r);
}

void
gbacw_map_render_hexes (cairo_t             *cr,
                        const GbacwScenario *scenario,
                        guint                layers,
                        double               scale,
                        const int           *hexes,
                        guint                n_hexes)
{
  gbacw_map_render_hexes_with_background (cr, scenario, NULL, layers, scale, hexes, n_hexes);
}

void
gbacw_map_render_hexes_with_background (cairo_t              *cr,
                                        const GbacwScenario  *scenario,
                                        GbacwBackgroundImage *background,
                                        guint                 layers,
                                        double                scale,
                                        const int            *hexes,
                                        guint                 n_hexes)
{
  gbacw_map_render_hexes_with_flags (cr, scenario, background, layers, 0, scale, hexes, n_hexes);
}

void
gbacw_map_render_hexes_with_flags (cairo_t              *cr,
                                   const GbacwScenario  *scenario,
                                   GbacwBackgroundImage *background,
                                   guint                 layers,
                                   guint                 flags,
                                   double                scale,
                                   const int            *hexes,
                                   guint                 n_hexes)
{
  const GbacwHexGrid *grid;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  cairo_rectangle_t visible;
  GbacwHex origin = { 0, 0 };
  double corner[6][2], ox, oy;
  gboolean any = FALSE;
  Render r;

  g_return_if_fail (cr != NULL);

  if (scenario == NULL || scenario->map == NULL || scale <= 0 || n_hexes == 0)
    return;
  grid = &scenario->map->grid;

  gbacw_hex_grid_centre (grid, origin, &ox, &oy);
  for (int i = 0; i < 6; i++)
    {
      gbacw_hex_grid_corner (grid, origin, i, &corner[i][0], &corner[i][1]);
      corner[i][0] -= ox;
      corner[i][1] -= oy;
    }

  cairo_save (cr);
  cairo_new_path (cr);
  for (guint i = 0; i < n_hexes; i++)
    {
      double cx, cy;
      if (hexes[i] < 0 || hexes[i] >= gbacw_hex_grid_n_hexes (grid))
        continue;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hexes[i]), &cx, &cy);
      /* Pixel coordinates, so that the clip is exact whatever the caller's transform. */
      cairo_move_to (cr, (cx + corner[0][0]) * scale, (cy + corner[0][1]) * scale);
      for (int k = 1; k < 6; k++)
        cairo_line_to (cr, (cx + corner[k][0]) * scale, (cy + corner[k][1]) * scale);
      cairo_close_path (cr);
      x0 = MIN (x0, cx - 1);
      y0 = MIN (y0, cy - 1);
      x1 = MAX (x1, cx + 1);
      y1 = MAX (y1, cy + 1);
      any = TRUE;
    }
  if (!any)
    {
      cairo_new_path (cr);
      cairo_restore (cr);
      return;
    }
  cairo_clip (cr);

  cairo_save (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_restore (cr);

  visible = (cairo_rectangle_t) { x0, y0, x1 - x0, y1 - y0 };
  if (render_init (&r, cr, scenario, layers, scale, &visible))
    {
      r.flags = flags;
      if (layers & GBACW_LAYER_BIT_BACKGROUND)
        r.image = background ? background : gbacw_map_renderer_get_background_image (scenario);
      render_layers (&r);
      render_clear (&r);
    }
  cairo_restore (cr);
}

void
gbacw_map_render_hex_bounds (const GbacwScenario *scenario,
                             int                  hex,
                             cairo_rectangle_t   *bounds)
{
  const GbacwHexGrid *grid;
  double cx, cy;

  g_return_if_fail (scenario != NULL && scenario->map != NULL && bounds != NULL);

  grid = &scenario->map->grid;
  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), &cx, &cy);
  *bounds = (cairo_rectangle_t) { cx - 1, cy - 1, 2, 2 };
}

gboolean
gbacw_map_render_shows_hex_numbers (const GbacwScenario *scenario,
                                    double               scale)
{
  return scale * SQRT3 >= LOD_HEX_NUMBERS;
}
