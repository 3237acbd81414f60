/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace.c: terrain proposed from a scan (render/gbacw-trace.h), on scans drawn here.
 *
 * Each scan is drawn with cairo over a scenario's grid through a known calibration (turned
 * 1.5 degrees, scaled, shifted): each hex filled with its terrain's colour and texture
 * (woods speckled with trees, towns with dark blocks, swamp with blue dashes), the grid
 * lines and the printed hex numbers over it, then uneven lighting, a colour cast and
 * per-pixel noise. Tracing with three sample hexes per terrain must get at least 95% of
 * the other hexes right, and the wrong ones must have the lower confidence.
 */
#define G_LOG_DOMAIN "test-trace"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gbacw-scenario-io.h"
#include "gbacw-trace.h"

enum { CLEAR, WOODS, TOWN, SWAMP, N_TERRAINS };
static const char *const terrain_ids[N_TERRAINS] = { "clear", "woods", "town", "swamp" };
static const char *const terrain_fills[N_TERRAINS] = { "#e6ddb8", "#8a9e62", "#c2a595", "#9fb3a4" };

static void
add_terrain (GbacwScenario *s, const char *id, const char *fill)
{
  GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);
  t->id = g_strdup (id);
  t->code = g_strndup (id, 1);
  t->name = g_strdup (id);
  t->fill = g_strdup (fill);
  t->pattern = g_strdup ("none");
  t->height = GBACW_UNSET;
  g_ptr_array_add (s->catalogue.hex_terrains, t);
}

/* A columns × rows map with the four terrains, and the terrain each hex really has (in
 * patches, as on a real map: each hex takes its neighbour's terrain half the time). */
static GbacwScenario *
make_scenario (int columns, int rows, GRand *rand, int **truth)
{
  GbacwHexGrid grid;
  GbacwScenario *s;
  int n;

  gbacw_hex_grid_init_default (&grid, columns, rows);
  s = gbacw_scenario_new (&grid);
  for (int t = 0; t < N_TERRAINS; t++)
    add_terrain (s, terrain_ids[t], terrain_fills[t]);
  n = gbacw_hex_grid_n_hexes (&grid);
  *truth = g_new (int, n);
  for (int i = 0; i < n; i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (&grid, i);
      if (hex.col > 0 && g_rand_boolean (rand))
        (*truth)[i] = (*truth)[i - 1];
      else if (hex.row > 0 && g_rand_boolean (rand))
        (*truth)[i] = (*truth)[i - columns];
      else
        (*truth)[i] = g_rand_int_range (rand, 0, N_TERRAINS);
    }
  return s;
}

/* The calibration the scan is drawn with: px pixels a hex radius, turned 1.5 degrees. */
static void
make_transform (double px, double transform[6])
{
  double a = 1.5 * G_PI / 180;
  transform[0] = px * cos (a);
  transform[1] = px * sin (a);
  transform[2] = -px * sin (a);
  transform[3] = px * cos (a);
  transform[4] = 30;
  transform[5] = 12;
}

static void
hex_path (cairo_t *cr, const GbacwHexGrid *grid, GbacwHex hex)
{
  for (int c = 0; c < 6; c++)
    {
      double x, y;
      gbacw_hex_grid_corner (grid, hex, c, &x, &y);
      if (c == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

static void
set_hex_colour (cairo_t *cr, const char *fill)
{
  guint r, g, b;
  g_assert_cmpint (sscanf (fill + 1, "%02x%02x%02x", &r, &g, &b), ==, 3);
  cairo_set_source_rgb (cr, r / 255.0, g / 255.0, b / 255.0);
}

/* noise: the amplitude of the per-pixel noise (0-255); blur: passes of a 3×3 box blur. */
static cairo_surface_t *
draw_scan (const GbacwScenario *s, const int *truth, const double transform[6], double noise, int blur, GRand *rand)
{
  const GbacwHexGrid *grid = &s->map->grid;
  double w, h;
  int width, height;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_matrix_t m;
  guint8 *data;
  int stride;

  gbacw_hex_grid_extent (grid, &w, &h);
  width = (int) ceil (transform[0] * w + 60);
  height = (int) ceil (transform[3] * h + transform[1] * w + 40);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.95, 0.93, 0.88);  /* the paper around the map */
  cairo_paint (cr);
  cairo_matrix_init (&m, transform[0], transform[1], transform[2], transform[3], transform[4], transform[5]);
  cairo_set_matrix (cr, &m);

  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (grid, i);
      double cx, cy;

      gbacw_hex_grid_centre (grid, hex, &cx, &cy);
      hex_path (cr, grid, hex);
      set_hex_colour (cr, terrain_fills[truth[i]]);
      cairo_fill_preserve (cr);
      cairo_save (cr);
      cairo_clip (cr);
      switch (truth[i])
        {
        case WOODS:
          /* tree crowns, dark green, scattered */
          cairo_set_source_rgb (cr, 0.25, 0.38, 0.18);
          for (int k = 0; k < 40; k++)
            {
              cairo_arc (cr, cx + g_rand_double_range (rand, -1, 1), cy + g_rand_double_range (rand, -0.9, 0.9),
                         g_rand_double_range (rand, 0.04, 0.09), 0, 2 * G_PI);
              cairo_fill (cr);
            }
          break;
        case TOWN:
          /* buildings: dark blocks */
          cairo_set_source_rgb (cr, 0.2, 0.15, 0.15);
          for (int k = 0; k < 5; k++)
            {
              cairo_rectangle (cr, cx + g_rand_double_range (rand, -0.6, 0.4), cy + g_rand_double_range (rand, -0.4, 0.5),
                               g_rand_double_range (rand, 0.12, 0.25), g_rand_double_range (rand, 0.1, 0.2));
              cairo_fill (cr);
            }
          break;
        case SWAMP:
          /* marsh tufts: short blue dashes */
          cairo_set_source_rgb (cr, 0.3, 0.45, 0.7);
          cairo_set_line_width (cr, 0.03);
          for (int k = 0; k < 14; k++)
            {
              double x = cx + g_rand_double_range (rand, -0.8, 0.6), y = cy + g_rand_double_range (rand, -0.7, 0.7);
              cairo_move_to (cr, x, y);
              cairo_line_to (cr, x + 0.2, y);
              cairo_stroke (cr);
            }
          break;
        default:
          break;
        }
      cairo_restore (cr);
    }
  /* the printed grid and the hex numbers over the terrain */
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_set_line_width (cr, 0.05);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      hex_path (cr, grid, gbacw_hex_grid_hex_at (grid, i));
      cairo_stroke (cr);
    }
  cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 0.28);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (grid, i);
      g_autofree char *label = gbacw_hex_grid_format_label (grid, hex);
      cairo_text_extents_t ext;
      double cx, cy;

      gbacw_hex_grid_centre (grid, hex, &cx, &cy);
      cairo_text_extents (cr, label, &ext);
      cairo_move_to (cr, cx - ext.width / 2, cy - 0.866 + 0.05 + ext.height);
      cairo_show_text (cr, label);
    }
  cairo_destroy (cr);

  /* the scan: blurred, lit unevenly (darker toward one corner), a warm cast, noise */
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int pass = 0; pass < blur; pass++)
    {
      g_autofree guint32 *copy = g_memdup2 (data, (gsize) stride * height);
      for (int y = 1; y + 1 < height; y++)
        for (int x = 1; x + 1 < width; x++)
          {
            guint sum[3] = { 0, 0, 0 };
            for (int dy = -1; dy <= 1; dy++)
              for (int dx = -1; dx <= 1; dx++)
                {
                  guint32 p = copy[(y + dy) * (stride / 4) + x + dx];
                  sum[0] += (p >> 16) & 0xff;
                  sum[1] += (p >> 8) & 0xff;
                  sum[2] += p & 0xff;
                }
            ((guint32 *) (gpointer) data)[y * (stride / 4) + x] = ((sum[0] / 9) << 16) | ((sum[1] / 9) << 8) | (sum[2] / 9);
          }
    }
  for (int y = 0; y < height; y++)
    {
      guint32 *row = (guint32 *) (gpointer) (data + (gsize) y * stride);
      for (int x = 0; x < width; x++)
        {
          double light = 1.04 - 0.12 * ((double) x / width + (double) y / height) / 2;
          double cast[3] = { 1.03, 1.0, 0.94 };
          guint32 out = 0;
          for (int c = 0; c < 3; c++)
            {
              double v = ((row[x] >> (16 - 8 * c)) & 0xff) * light * cast[c] +
                         g_rand_double_range (rand, -noise, noise);
              out |= (guint32) CLAMP ((int) lround (v), 0, 255) << (16 - 8 * c);
            }
          row[x] = out;
        }
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}

/* Three sample hexes of each terrain: the first, the middle and the last of it on the map. */
static GPtrArray *
make_samples (const GbacwScenario *s, const int *truth)
{
  GPtrArray *samples = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_trace_sample_free);
  int n = gbacw_hex_grid_n_hexes (&s->map->grid);

  for (int t = 0; t < N_TERRAINS; t++)
    {
      g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
      GbacwTraceSample *sample = g_new0 (GbacwTraceSample, 1);
      int pick[3];

      for (int i = 0; i < n; i++)
        if (truth[i] == t)
          g_array_append_val (all, i);
      g_assert_cmpuint (all->len, >=, 3);
      pick[0] = g_array_index (all, int, 0);
      pick[1] = g_array_index (all, int, all->len / 2);
      pick[2] = g_array_index (all, int, all->len - 1);
      sample->terrain = t;
      sample->hexes = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_vals (sample->hexes, pick, 3);
      g_ptr_array_add (samples, sample);
    }
  return samples;
}

typedef struct {
  int n, right;
  double confidence_right, confidence_wrong;
  int confusion[N_TERRAINS][N_TERRAINS];   /* [truth][proposed] */
} Score;

static void
score_proposals (const GbacwScenario *s, const int *truth, const GbacwTraceProposal *p, Score *score)
{
  g_autoptr (GString) matrix = g_string_new ("confusion (rows: truth, columns: proposed)\n");

  memset (score, 0, sizeof *score);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (&s->map->grid); i++)
    {
      if (p[i].status != GBACW_TRACE_PROPOSED)
        continue;
      g_assert_cmpint (p[i].terrain, >=, 0);
      g_assert_cmpfloat (p[i].confidence, >=, 0);
      g_assert_cmpfloat (p[i].confidence, <=, 1);
      score->n++;
      score->confusion[truth[i]][p[i].terrain]++;
      if (p[i].terrain == truth[i])
        {
          score->right++;
          score->confidence_right += p[i].confidence;
        }
      else
        score->confidence_wrong += p[i].confidence;
    }
  if (score->right > 0)
    score->confidence_right /= score->right;
  if (score->n > score->right)
    score->confidence_wrong /= score->n - score->right;
  for (int t = 0; t < N_TERRAINS; t++)
    {
      g_string_append_printf (matrix, "%-6s", terrain_ids[t]);
      for (int u = 0; u < N_TERRAINS; u++)
        g_string_append_printf (matrix, " %5d", score->confusion[t][u]);
      g_string_append_c (matrix, '\n');
    }
  g_test_message ("%d of %d right (%.1f%%), mean confidence %.2f right, %.2f wrong\n%s", score->right, score->n,
                  100.0 * score->right / MAX (score->n, 1), score->confidence_right, score->confidence_wrong,
                  matrix->str);
}

/* A scan of the default degradation: at least 95% right with three samples a terrain. */
static void
test_accuracy (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20);
  g_autofree int *truth = NULL;
  g_autoptr (GbacwScenario) s = make_scenario (20, 16, rand, &truth);
  double transform[6];
  cairo_surface_t *surface;
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GPtrArray) samples = make_samples (s, truth);
  g_autofree GbacwTraceProposal *p = NULL;
  g_autoptr (GError) error = NULL;
  Score score;

  make_transform (22, transform);
  surface = draw_scan (s, truth, transform, 14, 1, rand);
  image = gbacw_background_image_new (surface);
  cairo_surface_destroy (surface);
  g_assert_true (gbacw_trace_terrain (s, image, transform, samples, 0, &p, &error));
  g_assert_no_error (error);
  score_proposals (s, truth, p, &score);
  g_assert_cmpint (score.n, ==, gbacw_hex_grid_n_hexes (&s->map->grid) - 4 * 3);
  g_assert_cmpfloat ((double) score.right / score.n, >=, 0.95);
  /* the samples themselves are proposed as given */
  for (guint i = 0; i < samples->len; i++)
    {
      const GbacwTraceSample *sample = g_ptr_array_index (samples, i);
      int hex = g_array_index (sample->hexes, int, 0);
      g_assert_cmpint (p[hex].status, ==, GBACW_TRACE_SAMPLE);
      g_assert_cmpint (p[hex].terrain, ==, sample->terrain);
    }
}

/* A much worse scan (heavy noise and blur, hexes of 7 pixels): about one in ten is wrong,
 * and the wrong ones are the doubtful proposals. */
static void
test_confidence (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autofree int *truth = NULL;
  g_autoptr (GbacwScenario) s = make_scenario (30, 24, rand, &truth);
  double transform[6];
  cairo_surface_t *surface;
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GPtrArray) samples = make_samples (s, truth);
  g_autofree GbacwTraceProposal *p = NULL;
  g_autoptr (GError) error = NULL;
  Score score;

  make_transform (7, transform);
  surface = draw_scan (s, truth, transform, 120, 2, rand);
  image = gbacw_background_image_new (surface);
  cairo_surface_destroy (surface);
  g_assert_true (gbacw_trace_terrain (s, image, transform, samples, 0, &p, &error));
  g_assert_no_error (error);
  score_proposals (s, truth, p, &score);
  g_assert_cmpint (score.n - score.right, >=, 10);
  g_assert_cmpfloat (score.confidence_wrong, <, score.confidence_right);
}

/* Painted hexes are left alone with GBACW_TRACE_UNPAINTED_ONLY; hexes off the scan get no
 * proposal; without samples the catalogue's colours are the classes. */
static void
test_flags (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autofree int *truth = NULL;
  g_autoptr (GbacwScenario) s = make_scenario (12, 10, rand, &truth);
  double transform[6];
  cairo_surface_t *surface;
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GPtrArray) samples = make_samples (s, truth);
  g_autoptr (GPtrArray) none = g_ptr_array_new ();
  g_autofree GbacwTraceProposal *p = NULL;
  g_autofree GbacwTraceProposal *q = NULL;
  g_autoptr (GError) error = NULL;
  int n = gbacw_hex_grid_n_hexes (&s->map->grid), clear_right = 0, clear_n = 0;

  make_transform (20, transform);
  surface = draw_scan (s, truth, transform, 6, 0, rand);
  image = gbacw_background_image_new (surface);
  cairo_surface_destroy (surface);
  s->map->terrain[5] = 1u << WOODS;
  g_assert_true (gbacw_trace_terrain (s, image, transform, samples, GBACW_TRACE_UNPAINTED_ONLY, &p, &error));
  g_assert_no_error (error);
  g_assert_cmpint (p[5].status, ==, GBACW_TRACE_SKIPPED);
  g_assert_cmpint (p[5].terrain, ==, -1);
  g_assert_cmpint (p[6].status, !=, GBACW_TRACE_SKIPPED);
  g_clear_pointer (&p, g_free);

  /* the scan moved off to the right: the map's left columns are not on it */
  transform[4] -= 20 * 6;
  g_assert_true (gbacw_trace_terrain (s, image, transform, none, GBACW_TRACE_CATALOGUE_COLOURS, &p, &error));
  g_assert_cmpint (p[0].status, ==, GBACW_TRACE_OFF_SCAN);
  g_assert_cmpint (p[0].terrain, ==, -1);
  transform[4] += 20 * 6;

  /* no samples: the catalogue's fill colours find the plain clear hexes */
  g_assert_true (gbacw_trace_terrain (s, image, transform, none, GBACW_TRACE_CATALOGUE_COLOURS, &q, &error));
  for (int i = 0; i < n; i++)
    if (truth[i] == CLEAR)
      {
        clear_n++;
        clear_right += q[i].terrain == CLEAR;
      }
  g_assert_cmpint (clear_right, >=, clear_n * 9 / 10);

  /* nothing to compare with */
  g_clear_pointer (&q, g_free);
  g_assert_false (gbacw_trace_terrain (s, image, transform, none, 0, &q, &error));
  g_assert_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_NO_CLASSES);
  g_assert_null (q);
}

static void
expect_samples_error (const GbacwScenario *s, const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) samples = gbacw_trace_samples_parse (s, text, strlen (text), "samples.txt", &error);

  g_assert_null (samples);
  g_assert_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES);
  if (strstr (error->message, message) == NULL)
    g_error ("“%s” does not say “%s”", error->message, message);
}

static void
test_samples_file (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  g_autofree int *truth = NULL;
  g_autoptr (GbacwScenario) s = make_scenario (12, 10, rand, &truth);
  const char *text = "# samples\n\nwoods 0304 1110 0907  # three\nclear 0101,0102\nwoods 0305 0304\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) samples = gbacw_trace_samples_parse (s, text, strlen (text), "samples.txt", &error);
  const GbacwTraceSample *woods, *clear;

  g_assert_no_error (error);
  g_assert_cmpuint (samples->len, ==, 2);
  woods = g_ptr_array_index (samples, 0);
  clear = g_ptr_array_index (samples, 1);
  g_assert_cmpint (woods->terrain, ==, WOODS);
  g_assert_cmpint (woods->line, ==, 3);
  g_assert_cmpuint (woods->hexes->len, ==, 4);   /* 0304 given twice counts once */
  g_assert_cmpint (g_array_index (woods->hexes, int, 0), ==, 3 * 12 + 2);
  g_assert_cmpint (clear->terrain, ==, CLEAR);
  g_assert_cmpuint (clear->hexes->len, ==, 2);

  expect_samples_error (s, "woods 0101\nforest 0102\n", "samples.txt:2: the scenario's catalogue has no hex terrain “forest” (its terrains: clear, woods, town, swamp)");
  expect_samples_error (s, "woods 0101 1311\n", "samples.txt:1: ");
  expect_samples_error (s, "woods 0101 1311\n", "1311");
  expect_samples_error (s, "woods 0101 x\n", "samples.txt:1: ");
  expect_samples_error (s, "\n\ntown\n", "samples.txt:3: “town” has no sample hexes");
  expect_samples_error (s, "woods 0101\ntown 0102 0101\n", "samples.txt:2: hex 0101 is a sample of woods already");
  expect_samples_error (s, "woods \xff\n", "samples.txt: not a text file");
}

/* The scenario's background before tracing: none, not calibrated, an image that does not read. */
static void
test_load_background (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  g_autofree int *truth = NULL;
  g_autoptr (GbacwScenario) s = make_scenario (4, 4, rand, &truth);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-trace-XXXXXX", NULL);
  g_autofree char *scenario_path = g_build_filename (dir, "s.xml", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.png", NULL);
  g_autofree char *good = g_build_filename (dir, "good.png", NULL);
  cairo_surface_t *surface;

  g_assert_null (gbacw_trace_load_background (s, scenario_path, &error));
  g_assert_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_NO_BACKGROUND);
  g_assert_nonnull (strstr (error->message, "s.xml: the scenario has no background scan"));
  g_clear_error (&error);

  s->map->background.file = g_strdup ("bad.png");
  g_assert_null (gbacw_trace_load_background (s, scenario_path, &error));
  g_assert_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_UNCALIBRATED);
  g_assert_nonnull (strstr (error->message, "not calibrated"));
  g_clear_error (&error);

  s->map->background.transform[0] = 20;
  s->map->background.transform[3] = 20;
  g_assert_true (g_file_set_contents (bad, "\x89PNG\r\n\x1a\nnot really", -1, NULL));
  g_assert_null (gbacw_trace_load_background (s, scenario_path, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "bad.png"));
  g_clear_error (&error);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 40, 30);
  g_assert_cmpint (cairo_surface_write_to_png (surface, good), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_free (s->map->background.file);
  s->map->background.file = g_strdup ("good.png");
  image = gbacw_trace_load_background (s, scenario_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gbacw_background_image_get_width (image), ==, 40);

  g_unlink (bad);
  g_unlink (good);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/accuracy", test_accuracy);
  g_test_add_func ("/trace/confidence", test_confidence);
  g_test_add_func ("/trace/flags", test_flags);
  g_test_add_func ("/trace/samples-file", test_samples_file);
  g_test_add_func ("/trace/load-background", test_load_background);
  return g_test_run ();
}
