/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-render.c: the map renderer draws real pixels where it should, and only there. */
#define G_LOG_DOMAIN "test-render"

#include "config.h"

#include <math.h>

#include "gbacw-generate.h"
#include "gbacw-map-renderer.h"
#include "gbacw-scenario-io.h"

#define SCALE 40.0

typedef struct {
  GbacwScenario *scenario;
  int woods_hex;
  GbacwHex woods;
  GbacwHexsideId river;
  GbacwHex river_hex;
  int river_dir;
} Fixture;

static GbacwHexTerrain *
terrain_new (const char *id, const char *code, const char *fill, const char *pattern)
{
  GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);

  t->id = g_strdup (id);
  t->code = g_strdup (code);
  t->name = g_strdup (id);
  t->fill = g_strdup (fill);
  t->pattern = g_strdup (pattern);
  t->height = 0;
  return t;
}

static GbacwHexsideType *
hexside_type_new (const char *id, const char *style)
{
  GbacwHexsideType *t = g_new0 (GbacwHexsideType, 1);

  t->id = g_strdup (id);
  t->name = g_strdup (id);
  t->style = g_strdup (style);
  return t;
}

static GbacwLineType *
line_type_new (const char *id, const char *colour, const char *style)
{
  GbacwLineType *t = g_new0 (GbacwLineType, 1);

  t->id = g_strdup (id);
  t->name = g_strdup (id);
  t->colour = g_strdup (colour);
  t->style = g_strdup (style);
  t->width = 0.12;
  return t;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  GbacwHexGrid grid;
  GbacwMap *map;
  int n;

  gbacw_hex_grid_init_default (&grid, 8, 6);
  f->scenario = gbacw_scenario_new (&grid);
  g_ptr_array_add (f->scenario->catalogue.hex_terrains, terrain_new ("clear", ".", "#e6ddb8", "none"));
  g_ptr_array_add (f->scenario->catalogue.hex_terrains, terrain_new ("woods", "w", "#2e8b2e", "trees"));
  g_ptr_array_add (f->scenario->catalogue.hex_terrains, terrain_new ("town", "t", "#c8a080", "town"));
  g_ptr_array_add (f->scenario->catalogue.hexside_types, hexside_type_new ("river", "river"));
  g_ptr_array_add (f->scenario->catalogue.hexside_types, hexside_type_new ("crest", "crest"));
  g_ptr_array_add (f->scenario->catalogue.line_types, line_type_new ("road", "#7a4e2d", "solid"));

  map = f->scenario->map;
  n = gbacw_hex_grid_n_hexes (&grid);
  for (int i = 0; i < n; i++)
    map->terrain[i] = 1 << 0;

  f->woods = (GbacwHex) { 2, 2 };
  f->woods_hex = gbacw_hex_grid_index (&grid, f->woods);
  map->terrain[f->woods_hex] = 1 << 1;

  /* A river along the south-east side of 0504, away from the woods. */
  f->river_hex = (GbacwHex) { 4, 3 };
  f->river_dir = 2;
  f->river = gbacw_hex_grid_hexside (&grid, f->river_hex, f->river_dir);
  map->hexside_features[f->river] = 1 << 0;

  /* Some relief and a road elsewhere, so that every layer has something to draw. */
  map->elevation[gbacw_hex_grid_index (&grid, (GbacwHex) { 6, 1 })] = 2;
  map->hexside_lines[gbacw_hex_grid_hexside (&grid, (GbacwHex) { 0, 4 }, 1)] = 1;
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gbacw_scenario_free (f->scenario);
}

static cairo_surface_t *
render_whole (const GbacwScenario *scenario, guint layers, double scale)
{
  double w, h;
  cairo_surface_t *surface;
  cairo_t *cr;

  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * scale), (int) ceil (h * scale));
  cr = cairo_create (surface);
  gbacw_map_render (cr, scenario, layers, scale, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel_at (cairo_surface_t *surface, int x, int y)
{
  guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  return *(guint32 *) (data + y * stride + x * 4);
}

static void
pixel_rgb (guint32 p, double *r, double *g, double *b)
{
  /* Opaque pixels here, so premultiplication does not matter. */
  *r = ((p >> 16) & 0xff) / 255.0;
  *g = ((p >> 8) & 0xff) / 255.0;
  *b = (p & 0xff) / 255.0;
}

static double
hue_of (double r, double g, double b)
{
  double max = MAX (r, MAX (g, b)), min = MIN (r, MIN (g, b)), d = max - min, h;

  if (d == 0)
    return 0;
  if (max == r)
    h = fmod ((g - b) / d, 6);
  else if (max == g)
    h = (b - r) / d + 2;
  else
    h = (r - g) / d + 4;
  h *= 60;
  return h < 0 ? h + 360 : h;
}

static void
test_woods_hue (Fixture *f, gconstpointer data)
{
  cairo_surface_t *surface = render_whole (f->scenario, GBACW_LAYER_BIT_ALL, SCALE);
  double cx, cy, r, g, b;
  guint32 p;

  gbacw_hex_grid_centre (&f->scenario->map->grid, f->woods, &cx, &cy);
  p = pixel_at (surface, (int) (cx * SCALE), (int) (cy * SCALE));
  g_assert_cmpuint (p >> 24, ==, 0xff);
  pixel_rgb (p, &r, &g, &b);
  /* #2e8b2e is pure green (120°); a tree symbol is a darker shade of the same hue. */
  g_assert_cmpfloat (fabs (hue_of (r, g, b) - 120.0), <, 15.0);
  g_assert_cmpfloat (g, >, r + 0.1);

  /* A clear hex stays the clear colour's warm beige. */
  gbacw_hex_grid_centre (&f->scenario->map->grid, (GbacwHex) { 0, 0 }, &cx, &cy);
  pixel_rgb (pixel_at (surface, (int) (cx * SCALE), (int) (cy * SCALE)), &r, &g, &b);
  g_assert_cmpfloat (r, >, b);
  cairo_surface_destroy (surface);
}

/* A map painted only in places (a new one, or one being traced): the hexes not painted
 * yet show the paper, not the colour of the commonest painted terrain. */
static void
test_unpainted_paper (Fixture *f, gconstpointer data)
{
  const GbacwHexGrid *grid = &f->scenario->map->grid;
  int n = gbacw_hex_grid_n_hexes (grid);
  cairo_surface_t *surface;
  double cx, cy, r, g, b;

  for (int i = 0; i < n; i++)
    f->scenario->map->terrain[i] = 0;
  f->scenario->map->terrain[f->woods_hex] = 1 << 1;
  surface = render_whole (f->scenario, GBACW_LAYER_BIT_BACKGROUND | GBACW_LAYER_BIT_TERRAIN, SCALE);

  gbacw_hex_grid_centre (grid, (GbacwHex) { f->woods.col + 1, f->woods.row }, &cx, &cy);
  pixel_rgb (pixel_at (surface, (int) (cx * SCALE), (int) (cy * SCALE)), &r, &g, &b);
  /* the paper, #f2ecd6: warm and light, not the woods' green */
  g_assert_cmpfloat (r, >, 0.9);
  g_assert_cmpfloat (r, >, b);
  g_assert_cmpfloat (g, <, r);

  gbacw_hex_grid_centre (grid, f->woods, &cx, &cy);
  pixel_rgb (pixel_at (surface, (int) (cx * SCALE), (int) (cy * SCALE)), &r, &g, &b);
  g_assert_cmpfloat (g, >, r + 0.1);
  cairo_surface_destroy (surface);
}

static void
test_river_blue (Fixture *f, gconstpointer data)
{
  const GbacwHexGrid *grid = &f->scenario->map->grid;
  cairo_surface_t *surface = render_whole (f->scenario, GBACW_LAYER_BIT_ALL, SCALE);
  double x0, y0, x1, y1, r, g, b;

  gbacw_hex_grid_corner (grid, f->river_hex, f->river_dir, &x0, &y0);
  gbacw_hex_grid_corner (grid, f->river_hex, (f->river_dir + 1) % 6, &x1, &y1);
  pixel_rgb (pixel_at (surface, (int) ((x0 + x1) / 2 * SCALE), (int) ((y0 + y1) / 2 * SCALE)), &r, &g, &b);
  g_assert_cmpfloat (b, >, r + 0.2);
  g_assert_cmpfloat (b, >, g + 0.1);

  /* Without the hexsides layer the midpoint is not blue. */
  cairo_surface_destroy (surface);
  surface = render_whole (f->scenario, GBACW_LAYER_BIT_ALL & ~GBACW_LAYER_BIT_HEXSIDES, SCALE);
  pixel_rgb (pixel_at (surface, (int) ((x0 + x1) / 2 * SCALE), (int) ((y0 + y1) / 2 * SCALE)), &r, &g, &b);
  g_assert_cmpfloat (b, <, r);
  cairo_surface_destroy (surface);
}

static void
test_empty_layers (Fixture *f, gconstpointer data)
{
  cairo_surface_t *surface = render_whole (f->scenario, 0, SCALE);
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      g_assert_cmpuint (pixel_at (surface, x, y), ==, 0);
  cairo_surface_destroy (surface);
}

static gboolean
near_any_hex (const GbacwHexGrid *grid, double px, double py, const int *hexes, guint n, double margin)
{
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      {
        GbacwHex h = gbacw_hex_grid_hex_at_point (grid, (px + dx * margin) / SCALE, (py + dy * margin) / SCALE);
        int index = gbacw_hex_grid_index (grid, h);
        for (guint i = 0; i < n; i++)
          if (index == hexes[i])
            return TRUE;
      }
  return FALSE;
}

static void
test_render_hexes_clipped (Fixture *f, gconstpointer data)
{
  const GbacwHexGrid *grid = &f->scenario->map->grid;
  const guint32 sentinel = 0xffff00ff;
  int hexes[2];
  double w, h;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint changed = 0;

  /* The woods hex and the hex on the river's near side. */
  hexes[0] = f->woods_hex;
  hexes[1] = gbacw_hex_grid_index (grid, f->river_hex);

  gbacw_hex_grid_extent (grid, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (w * SCALE), (int) ceil (h * SCALE));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  gbacw_map_render_hexes (cr, f->scenario, GBACW_LAYER_BIT_ALL, SCALE, hexes, G_N_ELEMENTS (hexes));
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 p = pixel_at (surface, x, y);
        /* Pixels more than ~1.5 pixels away from the hexes are untouched. */
        if (!near_any_hex (grid, x + 0.5, y + 0.5, hexes, G_N_ELEMENTS (hexes), 1.5))
          g_assert_cmphex (p, ==, sentinel);
        else if (p != sentinel)
          changed++;
      }
  g_assert_cmpuint (changed, >, 1000);

  /* And the redrawn hexes look as in a full render. */
  {
    double cx, cy, r, g, b;
    gbacw_hex_grid_centre (grid, f->woods, &cx, &cy);
    pixel_rgb (pixel_at (surface, (int) (cx * SCALE), (int) (cy * SCALE)), &r, &g, &b);
    g_assert_cmpfloat (fabs (hue_of (r, g, b) - 120.0), <, 15.0);
  }
  cairo_surface_destroy (surface);
}

static void
test_visible_rectangle (Fixture *f, gconstpointer data)
{
  /* A view of part of the map, translated as the editor does: the woods hex lands where expected. */
  const GbacwHexGrid *grid = &f->scenario->map->grid;
  cairo_rectangle_t visible;
  cairo_surface_t *surface;
  cairo_t *cr;
  double cx, cy, r, g, b;

  gbacw_hex_grid_centre (grid, f->woods, &cx, &cy);
  visible = (cairo_rectangle_t) { cx - 1.5, cy - 1.5, 3, 3 };
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (3 * SCALE), (int) (3 * SCALE));
  cr = cairo_create (surface);
  cairo_translate (cr, -visible.x * SCALE, -visible.y * SCALE);
  gbacw_map_render (cr, f->scenario, GBACW_LAYER_BIT_ALL, SCALE, &visible);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  pixel_rgb (pixel_at (surface, (int) (1.5 * SCALE), (int) (1.5 * SCALE)), &r, &g, &b);
  g_assert_cmpfloat (fabs (hue_of (r, g, b) - 120.0), <, 15.0);
  cairo_surface_destroy (surface);
}

/* Every level of detail and both grid orientations put the woods colour at the woods hex. */
static void
test_orientations_and_scales (Fixture *f, gconstpointer data)
{
  static const double scales[] = { 4.0, 9.0, 20.0, 60.0 };

  for (int pointy = 0; pointy <= 1; pointy++)
    {
      GbacwHexGrid grid = f->scenario->map->grid;
      g_autoptr(GbacwScenario) scenario = NULL;
      int woods;

      grid.orientation = pointy ? GBACW_GRID_POINTY_ROWS : GBACW_GRID_FLAT_COLUMNS;
      scenario = gbacw_scenario_new (&grid);
      gbacw_catalogue_copy (&scenario->catalogue, &f->scenario->catalogue);
      for (int i = 0; i < gbacw_hex_grid_n_hexes (&grid); i++)
        scenario->map->terrain[i] = 1 << 0;
      /* A column (flat) / row (pointy) run of woods, and a lone woods hex. */
      for (int i = 1; i <= 3; i++)
        scenario->map->terrain[gbacw_hex_grid_index (&grid, pointy ? (GbacwHex) { i, 1 } : (GbacwHex) { 1, i })] = 1 << 1;
      woods = gbacw_hex_grid_index (&grid, (GbacwHex) { 5, 4 });
      scenario->map->terrain[woods] = 1 << 1;

      for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
        {
          cairo_surface_t *surface = render_whole (scenario, GBACW_LAYER_BIT_ALL, scales[i]);
          GbacwHex checks[] = { { 5, 4 }, { 2, 2 } };

          for (guint c = 0; c < G_N_ELEMENTS (checks); c++)
            {
              GbacwHex hex = checks[c];
              double cx, cy, r, g, b;

              if (c == 1)
                hex = pointy ? (GbacwHex) { 2, 1 } : (GbacwHex) { 1, 2 };
              gbacw_hex_grid_centre (&grid, hex, &cx, &cy);
              pixel_rgb (pixel_at (surface, (int) (cx * scales[i]), (int) (cy * scales[i])), &r, &g, &b);
              g_assert_cmpfloat (fabs (hue_of (r, g, b) - 120.0), <, 15.0);
            }
          cairo_surface_destroy (surface);
        }
    }
}

static void
test_layer_names (void)
{
  g_assert_cmpstr (gbacw_layer_bit_to_string (GBACW_LAYER_BIT_HEX_NUMBERS), ==, "hex-numbers");
  g_assert_cmpuint (gbacw_layer_bit_from_string ("units"), ==, GBACW_LAYER_BIT_UNITS);
  g_assert_null (gbacw_layer_bit_to_string (GBACW_LAYER_BIT_ALL));
  g_assert_cmpuint (gbacw_layer_bit_from_string ("nonsense"), ==, 0);
}

static GbacwScenario *
load_demo (void)
{
  const char *datadir = g_getenv ("GBACW_DATADIR");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  GbacwScenario *scenario;

  if (datadir == NULL)
    return NULL;
  path = g_build_filename (datadir, "scenarios", "demo.xml", NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return NULL;
  scenario = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return scenario;
}

static void
test_demo (void)
{
  g_autoptr(GbacwScenario) scenario = load_demo ();
  static const double scales[] = { 2.0, 12.0, 30.0, 80.0 };

  if (scenario == NULL)
    {
      g_test_skip ("data/scenarios/demo.xml not found (GBACW_DATADIR)");
      return;
    }

  /* Every zoom level draws an opaque map with all layers. */
  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
      cairo_rectangle_t visible = { 0, 0, 400 / scales[i], 300 / scales[i] };
      cairo_t *cr = cairo_create (surface);

      gbacw_map_render (cr, scenario, GBACW_LAYER_BIT_ALL, scales[i], &visible);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      g_assert_cmpuint (pixel_at (surface, 30, 30) >> 24, ==, 0xff);
      cairo_surface_destroy (surface);
    }
}

/* Frames per second of whole-screen renders; run with -m perf. */
static void
test_perf (void)
{
  g_autoptr(GbacwScenario) demo = load_demo ();
  static const int sizes[][2] = { { 40, 48 }, { 200, 200 } };

  if (!g_test_perf ())
    {
      g_test_skip ("only with -m perf");
      return;
    }
  if (demo == NULL)
    {
      g_test_skip ("data/scenarios/demo.xml not found (GBACW_DATADIR)");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GbacwScenario) scenario = gbacw_generate_scenario (demo, sizes[i][0], sizes[i][1], 400, 1, &error);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);
      double w, h, scale;
      int frames = 0;
      gint64 start;
      double seconds;

      g_assert_no_error (error);
      gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
      scale = MIN (1920 / w, 1080 / h);
      start = g_get_monotonic_time ();
      do
        {
          cairo_t *cr = cairo_create (surface);
          cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
          cairo_paint (cr);
          cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
          gbacw_map_render (cr, scenario, GBACW_LAYER_BIT_ALL, scale, NULL);
          cairo_destroy (cr);
          frames++;
        }
      while (g_get_monotonic_time () - start < G_USEC_PER_SEC);
      seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
      g_test_minimized_result (seconds / frames, "%dx%d map, whole map in 1920x1080: %.1f fps",
                               sizes[i][0], sizes[i][1], frames / seconds);
      cairo_surface_destroy (surface);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/render/woods-hue", Fixture, NULL, fixture_set_up, test_woods_hue, fixture_tear_down);
  g_test_add ("/render/unpainted-paper", Fixture, NULL, fixture_set_up, test_unpainted_paper, fixture_tear_down);
  g_test_add ("/render/river-blue", Fixture, NULL, fixture_set_up, test_river_blue, fixture_tear_down);
  g_test_add ("/render/empty-layers", Fixture, NULL, fixture_set_up, test_empty_layers, fixture_tear_down);
  g_test_add ("/render/hexes-clipped", Fixture, NULL, fixture_set_up, test_render_hexes_clipped, fixture_tear_down);
  g_test_add ("/render/visible-rectangle", Fixture, NULL, fixture_set_up, test_visible_rectangle, fixture_tear_down);
  g_test_add ("/render/orientations-and-scales", Fixture, NULL, fixture_set_up, test_orientations_and_scales, fixture_tear_down);
  g_test_add_func ("/render/layer-names", test_layer_names);
  g_test_add_func ("/render/demo", test_demo);
  g_test_add_func ("/render/perf", test_perf);

  return g_test_run ();
}
