/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace.c: terrain proposed from a scan (render/gbacw-trace.h), on scans drawn here.
 *
 * Each scan is drawn with cairo over a scenario's grid through a known calibration (turned
 * 1.5 degrees, scaled, shifted): each hex filled with its terrain's colour and texture
 * (woods speckled with trees, towns with dark blocks, swamp with blue dashes), the grid
 * lines and the printed hex numbers over it, then uneven lighting, a colour cast and
 * per-pixel noise. Tracing with three sample hexes per terrain must get at least 95% of
 * the other hexes right, and the wrong ones must have the lower confidence. The demo drawn
 * by the program's own renderer, degraded and saved as a JPEG, must be traced as well.
 * Hexside features and lines (gbacw_trace_links ()): the demo and a generated 40x48 map
 * drawn by the renderer with their rivers, streams, crests and roads, degraded mildly and
 * as the scans; precision and recall against the scenario that drew them.
 * Elevation (gbacw_trace_elevation ()): the demo and a 40x48 map of five levels drawn with
 * the renderer's shaded levels, degraded, a few hexes marked with their level; the share of
 * the other hexes' levels right against the scenario that drew them, and the samples
 * file's elevation lines.
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

#include "gbacw-generate.h"
#include "gbacw-map-renderer.h"
#include "gbacw-scenario-io.h"
#include "gbacw-trace.h"

#ifdef HAVE_GDK_PIXBUF
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif

#include "trace-scan.h"

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

/* A columns × rows map traced from its scan drawn at px pixels a hex radius with that noise
 * and blur, three samples a terrain, and the proposals scored. */
typedef struct {
  GbacwScenario *scenario;
  int *truth;
  GPtrArray *samples;
  GbacwTraceProposal *proposals;
  Score score;
} Traced;

static void
traced_run (Traced *t, int columns, int rows, guint32 seed, double px, double noise, int blur)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GError) error = NULL;
  double transform[6];

  t->scenario = make_scenario (columns, rows, rand, &t->truth);
  t->samples = make_samples (t->scenario, t->truth);
  image = drawn_image (t->scenario, t->truth, px, noise, blur, rand, transform);
  g_assert_true (gbacw_trace_terrain (t->scenario, image, transform, t->samples, 0, &t->proposals, &error));
  g_assert_no_error (error);
  score_proposals (t->scenario, t->truth, t->proposals, &t->score);
}

static void
traced_clear (Traced *t)
{
  g_clear_pointer (&t->scenario, gbacw_scenario_free);
  g_clear_pointer (&t->truth, g_free);
  g_clear_pointer (&t->samples, g_ptr_array_unref);
  g_clear_pointer (&t->proposals, g_free);
}

/* A scan of the default degradation: at least 95% right with three samples a terrain. */
static void
test_accuracy (void)
{
  Traced t = { 0 };

  traced_run (&t, 20, 16, 20, 22, 14, 1);
  g_assert_cmpint (t.score.n, ==, gbacw_hex_grid_n_hexes (&t.scenario->map->grid) - 4 * 3);
  g_assert_cmpfloat ((double) t.score.right / t.score.n, >=, 0.95);
  /* the samples themselves are proposed as given */
  for (guint i = 0; i < t.samples->len; i++)
    {
      const GbacwTraceSample *sample = g_ptr_array_index (t.samples, i);
      int hex = g_array_index (sample->hexes, int, 0);
      g_assert_cmpint (t.proposals[hex].status, ==, GBACW_TRACE_SAMPLE);
      g_assert_cmpint (t.proposals[hex].terrain, ==, sample->terrain);
    }
  traced_clear (&t);
}

/* A much worse scan (heavy noise and blur, hexes of 7 pixels): about one in ten is wrong,
 * and the wrong ones are the doubtful proposals. */
static void
test_confidence (void)
{
  Traced t = { 0 };

  traced_run (&t, 30, 24, 7, 7, 120, 2);
  g_assert_cmpint (t.score.n - t.score.right, >=, 10);
  g_assert_cmpfloat (t.score.confidence_wrong, <, t.score.confidence_right);
  traced_clear (&t);
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
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GPtrArray) samples = make_samples (s, truth);
  g_autoptr (GPtrArray) none = g_ptr_array_new ();
  g_autofree GbacwTraceProposal *p = NULL;
  g_autofree GbacwTraceProposal *q = NULL;
  g_autoptr (GError) error = NULL;
  int n = gbacw_hex_grid_n_hexes (&s->map->grid), clear_right = 0, clear_n = 0;

  image = drawn_image (s, truth, 20, 6, 0, rand, transform);
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
expect_marks_error (const GbacwScenario *s, const char *text, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) marks = gbacw_trace_elevation_marks_parse (s, text, strlen (text), "samples.txt", &error);

  g_assert_null (marks);
  g_assert_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES);
  if (strstr (error->message, message) == NULL)
    g_error ("“%s” does not say “%s”", error->message, message);
}

/* The samples file's elevation lines: `elevation LEVEL HEX…`, read by
 * gbacw_trace_elevation_marks_parse () and passed over by gbacw_trace_samples_parse ();
 * their mistakes with the file and the line. */
static void
test_elevation_marks_file (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  g_autofree int *truth = NULL;
  g_autoptr (GbacwScenario) s = make_scenario (12, 10, rand, &truth);
  const char *text = "woods 0304\nelevation 2 0101 0202  # a hill\n\nelevation 0 0505,0606\nelevation 2 0101\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) samples = gbacw_trace_samples_parse (s, text, strlen (text), "samples.txt", &error);
  g_autoptr (GArray) marks = NULL;
  const GbacwTraceElevationMark *m;

  g_assert_no_error (error);
  g_assert_cmpuint (samples->len, ==, 1);
  marks = gbacw_trace_elevation_marks_parse (s, text, strlen (text), "samples.txt", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (marks->len, ==, 4);   /* 0101 given twice at one level counts once */
  m = &g_array_index (marks, GbacwTraceElevationMark, 0);
  g_assert_cmpint (m->hex, ==, 0);
  g_assert_cmpint (m->level, ==, 2);
  g_assert_cmpint (m->line, ==, 2);
  m = &g_array_index (marks, GbacwTraceElevationMark, 3);
  g_assert_cmpint (m->hex, ==, 5 * 12 + 5);
  g_assert_cmpint (m->level, ==, 0);
  g_assert_cmpint (m->line, ==, 4);

  /* no levels in the scenario: 0-15, the renderer's */
  expect_marks_error (s, "elevation 16 0101\n", "samples.txt:1: “16” is not a level of this map: give a whole number from 0 to 15");
  expect_marks_error (s, "woods 0101\nelevation x 0101\n", "samples.txt:2: “x” is not a level");
  expect_marks_error (s, "elevation -1 0101\n", "“-1” is not a level");
  expect_marks_error (s, "elevation\n", "samples.txt:1: “” is not a level");
  expect_marks_error (s, "elevation 3\n", "samples.txt:1: level 3 has no hexes");
  expect_marks_error (s, "elevation 1 1311\n", "1311");
  expect_marks_error (s, "elevation 1 0101\nelevation 2 0101\n", "samples.txt:2: hex 0101 is marked level 1 already");
  {
    int feet[] = { 0, 20, 40 };
    g_array_append_vals (s->map->levels, feet, 3);
    expect_marks_error (s, "elevation 3 0101\n", "give a whole number from 0 to 2");
  }
}

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

#ifdef HAVE_GDK_PIXBUF
/* The surface (RGB24) as a JPEG of that quality, read back as a scan is. */
static GbacwBackgroundImage *
through_jpeg (cairo_surface_t *surface, int quality)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  g_autoptr (GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, w, h);
  guint8 *pixels = gdk_pixbuf_get_pixels (pixbuf);
  int rowstride = gdk_pixbuf_get_rowstride (pixbuf);
  g_autofree char *buffer = NULL;
  g_autofree char *quality_text = g_strdup_printf ("%d", quality);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  GbacwBackgroundImage *image;
  gsize size;

  cairo_surface_flush (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = ((const guint32 *) (gconstpointer) (data + (gsize) y * stride))[x];
        guint8 *q = pixels + (gsize) y * rowstride + 3 * x;
        q[0] = (p >> 16) & 0xff;
        q[1] = (p >> 8) & 0xff;
        q[2] = p & 0xff;
      }
  g_assert_true (gdk_pixbuf_save_to_buffer (pixbuf, &buffer, &size, "jpeg", &error, "quality", quality_text, NULL));
  bytes = g_bytes_new_take (g_steal_pointer (&buffer), size);
  image = gbacw_background_image_new_from_bytes (bytes, "scan.jpg", &error);
  g_assert_no_error (error);
  return image;
}

/* The scenario drawn by the program's own renderer (the layers given) turned 1.5 degrees at
 * scale pixels a hex radius, degraded (blur, uneven light, a colour cast, paper noise of
 * that amplitude), saved as a JPEG of that quality and calibrated into calibrated from three hex centres
 * clicked a pixel off, as a user would. */
static GbacwBackgroundImage *
rendered_scan (const GbacwScenario *scenario, guint layers, double scale, double noise, int quality, GRand *rand,
               double calibrated[6])
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  GbacwBackgroundImage *image;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_matrix_t m;
  double w, h, transform[6], map_points[3][2], image_points[3][2];

  gbacw_hex_grid_extent (grid, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (w * scale) + 40, (int) (h * scale) + 40);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.95, 0.93, 0.88);
  cairo_paint (cr);
  cairo_translate (cr, 25, 8);
  cairo_rotate (cr, 1.5 * G_PI / 180);
  gbacw_map_render (cr, scenario, layers, scale, NULL);
  cairo_get_matrix (cr, &m);
  cairo_destroy (cr);
  transform[0] = m.xx * scale;
  transform[1] = m.yx * scale;
  transform[2] = m.xy * scale;
  transform[3] = m.yy * scale;
  transform[4] = m.x0;
  transform[5] = m.y0;
  degrade_scan (surface, noise, 1, rand);
  image = through_jpeg (surface, quality);
  cairo_surface_destroy (surface);

  /* three hex centres far apart, each clicked up to a pixel off */
  for (int k = 0; k < 3; k++)
    {
      GbacwHex hex = { k == 1 ? grid->columns - 1 : 0, k == 2 ? grid->rows - 1 : 0 };
      gbacw_hex_grid_centre (grid, hex, &map_points[k][0], &map_points[k][1]);
      for (int c = 0; c < 2; c++)
        image_points[k][c] = transform[c] * map_points[k][0] + transform[2 + c] * map_points[k][1] + transform[4 + c] +
                             g_rand_double_range (rand, -1, 1);
    }
  g_assert_true (gbacw_background_calibrate (map_points, image_points, calibrated));
  return image;
}

/* The test map: the demo scenario drawn by the program's own renderer (terrain,
 * grid, hex numbers) turned 1.5 degrees at 22 pixels a hex radius, degraded (blur, uneven
 * light, a colour cast, paper noise), saved as a JPEG at quality 60 and calibrated from
 * three hex centres clicked a pixel off, as a user would. Three samples a terrain; at
 * least 95% of the other hexes right. */
static void
test_rendered_demo (void)
{
  /* GBACW_DATADIR: set by meson test (tests/meson.build), as the other tests read it */
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) demo = gbacw_scenario_load_file (path, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (60);
  const GbacwHexGrid *grid;
  g_autoptr (GPtrArray) samples = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_trace_sample_free);
  g_autofree int *truth = NULL;
  g_autofree GbacwTraceProposal *p = NULL;
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GString) matrix = g_string_new (NULL);
  guint n_terrains;
  g_autofree int *confusion = NULL;
  double calibrated[6];
  int n_hexes, n = 0, right = 0;

  g_assert_no_error (error);
  grid = &demo->map->grid;
  n_hexes = gbacw_hex_grid_n_hexes (grid);
  n_terrains = demo->catalogue.hex_terrains->len;
  image = rendered_scan (demo, GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_GRID | GBACW_LAYER_BIT_HEX_NUMBERS, 22, 14, 60,
                         rand, calibrated);

  /* the truth: the hexes of one terrain; samples: three of each terrain that has three */
  truth = g_new (int, n_hexes);
  for (int i = 0; i < n_hexes; i++)
    {
      guint64 mask = demo->map->terrain[i];
      truth[i] = mask != 0 && (mask & (mask - 1)) == 0 ? g_bit_nth_lsf (mask, -1) : -1;
    }
  for (guint t = 0; t < n_terrains; t++)
    {
      g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
      GbacwTraceSample *sample;
      for (int i = 0; i < n_hexes; i++)
        if (truth[i] == (int) t)
          g_array_append_val (all, i);
      if (all->len < 3)
        continue;
      sample = g_new0 (GbacwTraceSample, 1);
      sample->terrain = (int) t;
      sample->hexes = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_val (sample->hexes, g_array_index (all, int, 0));
      g_array_append_val (sample->hexes, g_array_index (all, int, all->len / 2));
      g_array_append_val (sample->hexes, g_array_index (all, int, all->len - 1));
      g_ptr_array_add (samples, sample);
    }
  g_assert_cmpuint (samples->len, >=, 4);

  g_assert_true (gbacw_trace_terrain (demo, image, calibrated, samples, 0, &p, &error));
  g_assert_no_error (error);
  confusion = g_new0 (int, n_terrains * n_terrains);
  for (int i = 0; i < n_hexes; i++)
    {
      gboolean sampled = FALSE;
      if (p[i].status != GBACW_TRACE_PROPOSED || truth[i] < 0)
        continue;
      for (guint k = 0; k < samples->len; k++)
        sampled |= ((GbacwTraceSample *) g_ptr_array_index (samples, k))->terrain == truth[i];
      if (!sampled)
        continue;
      n++;
      right += p[i].terrain == truth[i];
      confusion[truth[i] * n_terrains + p[i].terrain]++;
    }
  for (guint t = 0; t < n_terrains; t++)
    {
      g_string_append_printf (matrix, "%-12s", ((GbacwHexTerrain *) g_ptr_array_index (demo->catalogue.hex_terrains, t))->id);
      for (guint u = 0; u < n_terrains; u++)
        g_string_append_printf (matrix, " %4d", confusion[t * n_terrains + u]);
      g_string_append_c (matrix, '\n');
    }
  g_test_message ("the demo rendered, degraded, JPEG 60: %d of %d right (%.1f%%)\n%s", right, n,
                  100.0 * right / MAX (n, 1), matrix->str);
  g_assert_cmpint (n, >, 250);
  g_assert_cmpfloat ((double) right / n, >=, 0.95);
}
/* Precision and recall of one kind of link against the scenario that drew the scan: only
 * the types in mask count, on either side, and only the proposals `gbacw trace` paints by
 * default (confidence 0.2 or more). */
#define MIN_CONFIDENCE 0.2
typedef struct {
  int truth, proposed, right;
} LinkScore;

static LinkScore
score_links (const GbacwScenario *s, const GArray *links, GbacwTraceLinkKind kind, guint32 mask)
{
  const GbacwHexGrid *grid = &s->map->grid;
  LinkScore score = { 0, 0, 0 };

  for (GbacwHexsideId id = 0; id < gbacw_hex_grid_n_hexside_ids (grid); id++)
    {
      GbacwHex a, b;
      guint32 truth;

      if (!gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b) || !gbacw_hex_grid_hexside_on_map (grid, id))
        continue;
      if (kind == GBACW_TRACE_LINK_LINE && (!gbacw_hex_grid_contains (grid, a) || !gbacw_hex_grid_contains (grid, b)))
        continue;
      truth = (kind == GBACW_TRACE_LINK_HEXSIDE ? s->map->hexside_features[id] : s->map->hexside_lines[id]) & mask;
      score.truth += __builtin_popcount (truth);
    }
  for (guint i = 0; i < links->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
      guint32 truth;

      if (l->kind != kind || (mask & (1u << l->type)) == 0 || l->confidence < MIN_CONFIDENCE)
        continue;
      truth = kind == GBACW_TRACE_LINK_HEXSIDE ? s->map->hexside_features[l->hexside] : s->map->hexside_lines[l->hexside];
      score.proposed++;
      score.right += (truth & (1u << l->type)) != 0;
    }
  return score;
}

/* The types of the catalogue's hexside types (lines FALSE) or line types drawn in one of styles. */
static guint32
style_mask (const GbacwScenario *s, gboolean lines, const char *const *styles)
{
  const GPtrArray *types = lines ? s->catalogue.line_types : s->catalogue.hexside_types;
  guint32 mask = 0;

  for (guint t = 0; t < types->len; t++)
    {
      const char *style = lines ? ((GbacwLineType *) g_ptr_array_index (types, t))->style
                                : ((GbacwHexsideType *) g_ptr_array_index (types, t))->style;
      if (g_strv_contains (styles, style))
        mask |= 1u << t;
    }
  return mask;
}

static void
report_links (const char *what, LinkScore score, double min_precision, double min_recall)
{
  double precision = (double) score.right / MAX (score.proposed, 1), recall = (double) score.right / MAX (score.truth, 1);

  g_test_message ("%s: %d drawn, %d proposed, %d right: precision %.1f%%, recall %.1f%%", what, score.truth,
                  score.proposed, score.right, 100 * precision, 100 * recall);
  g_assert_cmpint (score.truth, >, 0);
  g_assert_cmpfloat (precision, >=, min_precision);
  g_assert_cmpfloat (recall, >=, min_recall);
}

/* The measure of roads: the hexes a line of the types in mask passes through, and
 * of them those that a proposal (confidence MIN_CONFIDENCE or more) of any of those types
 * passes through (found), and of the same types as drawn (type right). */
static void
report_line_hexes (const GbacwScenario *s, const GArray *links, guint32 mask, double min_found, double min_right)
{
  const GbacwHexGrid *grid = &s->map->grid;
  int n_hexes = gbacw_hex_grid_n_hexes (grid), n = 0, found = 0, right = 0;
  g_autofree guint32 *drawn = g_new0 (guint32, n_hexes);
  g_autofree guint32 *proposed = g_new0 (guint32, n_hexes);

  for (GbacwHexsideId id = 0; id < gbacw_hex_grid_n_hexside_ids (grid); id++)
    {
      GbacwHex a, b;
      if (!gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b) || !gbacw_hex_grid_contains (grid, a) ||
          !gbacw_hex_grid_contains (grid, b))
        continue;
      drawn[gbacw_hex_grid_index (grid, a)] |= s->map->hexside_lines[id] & mask;
      drawn[gbacw_hex_grid_index (grid, b)] |= s->map->hexside_lines[id] & mask;
    }
  for (guint i = 0; i < links->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
      GbacwHex a, b;

      if (l->kind != GBACW_TRACE_LINK_LINE || (mask & (1u << l->type)) == 0 || l->confidence < MIN_CONFIDENCE)
        continue;
      gbacw_hex_grid_hexside_hexes (grid, l->hexside, &a, NULL, &b);
      proposed[gbacw_hex_grid_index (grid, a)] |= 1u << l->type;
      proposed[gbacw_hex_grid_index (grid, b)] |= 1u << l->type;
    }
  for (int i = 0; i < n_hexes; i++)
    if (drawn[i] != 0)
      {
        n++;
        found += proposed[i] != 0;
        right += (proposed[i] & drawn[i]) == drawn[i];
      }
  g_test_message ("hexes of roads, pikes and railroads: %d drawn, %d found (%.1f%%), %d with every type right (%.1f%%)", n,
                  found, 100.0 * found / MAX (n, 1), right, 100.0 * right / MAX (n, 1));
  g_assert_cmpint (n, >, 40);
  g_assert_cmpfloat ((double) found / n, >=, min_found);
  g_assert_cmpfloat ((double) right / n, >=, min_right);
}

/* Hexside features and lines of scenario s, drawn by the renderer at scale pixels a hex
 * radius and degraded (rendered_scan ()): mildly (noise 8, JPEG quality 85) rivers and
 * streams (type right) at least 90% found with at most 5% false; the centre-to-centre links
 * of roads, pikes and railroads (type right) at least 85% right and 80% found, mildly and
 * as the scans, and the hexes they pass through (the measure) at least 90%
 * found and 90% with the type right (a road in a town of dark blocks still reads as a pike;
 * a railroad over a pike is found by its ties); crests at least 85% right and 80% found; as the scans (noise 14, JPEG 60)
 * the other figures with lower floors. */
static void
check_links (const GbacwScenario *s, double scale, gboolean mild, guint32 seed)
{
  static const char *const water[] = { "river", "stream", NULL };
  static const char *const crest[] = { "crest", NULL };
  static const char *const solid[] = { "solid", "double", "railroad", NULL };
  static const char *const dashed[] = { "dashed", NULL };
  static const char *const crossings[] = { "ford", "bridge", "wagon-bridge", NULL };
  static const char *const fences[] = { "fence", NULL };
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GArray) links = NULL;
  g_autoptr (GError) error = NULL;
  double calibrated[6], floor = mild ? 0.9 : 0.75;
  int longest_water = 0;

  image = rendered_scan (s, GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_HEXSIDES | GBACW_LAYER_BIT_ROADS |
                              GBACW_LAYER_BIT_GRID | GBACW_LAYER_BIT_HEX_NUMBERS, scale, mild ? 8 : 14, mild ? 85 : 60,
                         rand, calibrated);
  links = gbacw_trace_links (s, image, calibrated, 0, &error);
  g_assert_no_error (error);
  g_assert_nonnull (links);
  for (guint i = 0; i < links->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
      const GbacwTraceLink *first = &g_array_index (links, GbacwTraceLink, l->chain);

      g_assert_cmpfloat (l->confidence, >=, 0);
      g_assert_cmpfloat (l->confidence, <=, 1);
      /* a chain is one kind and type, named by its first proposal */
      g_assert_cmpint (l->chain, <=, (int) i);
      g_assert_cmpint (first->kind, ==, l->kind);
      g_assert_cmpint (first->type, ==, l->type);
      g_assert_cmpint (first->chain, ==, l->chain);
      if (l->kind == GBACW_TRACE_LINK_HEXSIDE && (style_mask (s, FALSE, water) & (1u << l->type)))
        longest_water = MAX (longest_water, l->chain_length);
    }
  g_test_message (mild ? "mildly degraded (noise 8, JPEG 85):" : "degraded as the issue's scans (noise 14, JPEG 60):");
  g_assert_cmpint (longest_water, >=, 5);
  report_links ("rivers and streams", score_links (s, links, GBACW_TRACE_LINK_HEXSIDE, style_mask (s, FALSE, water)),
                mild ? 0.95 : 0.9, floor);
  report_links ("crests", score_links (s, links, GBACW_TRACE_LINK_HEXSIDE, style_mask (s, FALSE, crest)), 0.85 * floor / 0.9,
                0.8 * floor / 0.9);
  report_links ("roads, pikes and railroads", score_links (s, links, GBACW_TRACE_LINK_LINE, style_mask (s, TRUE, solid)),
                0.85, 0.8);
  report_line_hexes (s, links, style_mask (s, TRUE, solid), 0.9, 0.9);
  /* fences (type right): the generated map's, one hexside in 60, held to a share; the
   * demo's thirteen reported (a crest or works faintly printed reads as a fence there) */
  {
    LinkScore fence = score_links (s, links, GBACW_TRACE_LINK_HEXSIDE, style_mask (s, FALSE, fences));
    if (fence.truth >= 20)
      report_links ("fences", fence, 0.9, 0.7);
    else
      g_test_message ("fences: %d drawn, %d proposed, %d right", fence.truth, fence.proposed, fence.right);
  }
  /* fords, bridges and wagon bridges (type right): the demo has five, too few to hold to a
   * share; the generated map twenty in each kind */
  {
    LinkScore crossing = score_links (s, links, GBACW_TRACE_LINK_HEXSIDE, style_mask (s, FALSE, crossings));
    if (crossing.truth >= 20)
      report_links ("fords and bridges", crossing, 0.9, mild ? 0.9 : 0.75);
    else
      g_test_message ("fords and bridges: %d drawn, %d proposed, %d right", crossing.truth, crossing.proposed,
                      crossing.right);
  }
  /* trails, dashed and as thin as a stream, are told from woods' and towns' symbols less well */
  report_links ("trails", score_links (s, links, GBACW_TRACE_LINK_LINE, style_mask (s, TRUE, dashed)), 0.0, 0.0);
}

static void
test_links_demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) demo = gbacw_scenario_load_file (path, &error);

  g_assert_no_error (error);
  check_links (demo, 22, TRUE, 61);
  check_links (demo, 22, FALSE, 63);
}

/* GBACW_TRACE_UNPAINTED_ONLY: no feature proposed on a hexside that has one, no line where
 * one crosses; a degenerate transform is an error. */
static void
test_links_flags (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) demo = gbacw_scenario_load_file (path, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (65);
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GArray) all = NULL, unpainted = NULL;
  static const double flat[6] = { 1, 2, 2, 4, 0, 0 };
  double calibrated[6];

  g_assert_no_error (error);
  image = rendered_scan (demo, GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_HEXSIDES | GBACW_LAYER_BIT_ROADS |
                                 GBACW_LAYER_BIT_GRID | GBACW_LAYER_BIT_HEX_NUMBERS, 22, 8, 85, rand, calibrated);
  all = gbacw_trace_links (demo, image, calibrated, 0, &error);
  g_assert_no_error (error);
  unpainted = gbacw_trace_links (demo, image, calibrated, GBACW_TRACE_UNPAINTED_ONLY, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (unpainted->len, <, all->len);
  for (guint i = 0; i < unpainted->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (unpainted, GbacwTraceLink, i);
      if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
        g_assert_cmpuint (demo->map->hexside_features[l->hexside], ==, 0);
      else
        g_assert_cmpuint (demo->map->hexside_lines[l->hexside], ==, 0);
    }
  g_assert_null (gbacw_trace_links (demo, image, flat, 0, &error));
  g_assert_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_UNCALIBRATED);
}

/* A generated 40x48 map (more rivers, streams and roads than the demo has), with fords,
 * bridges and wagon bridges on one water hexside in five each and fences on one hexside in
 * sixty of those with nothing else. */
static void
test_links_generated (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) demo = gbacw_scenario_load_file (path, &error);
  g_autoptr (GbacwScenario) s = NULL;

  g_assert_no_error (error);
  s = gbacw_generate_scenario (demo, 40, 48, 10, 7, &error);
  g_assert_no_error (error);
  /* crossings on its water, one hexside in five of each: a ford, a bridge, a ford with a
   * wagon bridge (J 23.0 requires the ford) */
  {
    const GPtrArray *types = s->catalogue.hexside_types;
    int water = 0, n = 0;
    int ford = gbacw_catalogue_find_hexside_type (&s->catalogue, "ford");
    int bridge = gbacw_catalogue_find_hexside_type (&s->catalogue, "bridge");
    int wagon = gbacw_catalogue_find_hexside_type (&s->catalogue, "wagon-bridge");

    g_assert_cmpint (ford, >=, 0);
    g_assert_cmpint (bridge, >=, 0);
    g_assert_cmpint (wagon, >=, 0);
    for (guint t = 0; t < types->len; t++)
      {
        const char *style = ((GbacwHexsideType *) g_ptr_array_index (types, t))->style;
        if (g_strcmp0 (style, "river") == 0 || g_strcmp0 (style, "stream") == 0)
          water |= 1 << t;
      }
    for (GbacwHexsideId id = 0; id < gbacw_hex_grid_n_hexside_ids (&s->map->grid); id++)
      if ((s->map->hexside_features[id] & water) && (s->map->hexside_features[id] & (1u << bridge)) == 0)
        switch (n++ % 5)
          {
          case 0: s->map->hexside_features[id] |= 1u << ford; break;
          case 2: s->map->hexside_features[id] |= 1u << bridge; break;
          case 4: s->map->hexside_features[id] |= (1u << ford) | (1u << wagon); break;
          default: break;
          }
    /* fences: one hexside in 60 of those with nothing on them, as fields' edges */
    {
      int fence = gbacw_catalogue_find_hexside_type (&s->catalogue, "fence");
      g_assert_cmpint (fence, >=, 0);
      for (GbacwHexsideId id = 0; id < gbacw_hex_grid_n_hexside_ids (&s->map->grid); id++)
        if (id % 60 == 7 && s->map->hexside_features[id] == 0 && s->map->hexside_lines[id] == 0)
          s->map->hexside_features[id] |= 1u << fence;
    }
  }
  check_links (s, 22, TRUE, 62);
  check_links (s, 22, FALSE, 64);
}

/* Marks as a user would give them: for each level, per_level hexes of each terrain that
 * has at least six hexes at that level (the first and the middle of them); not
 * by_terrain, per_level hexes of each level whatever their terrain. */
static GArray *
make_elevation_marks (const GbacwScenario *s, const gint16 *truth, int per_level, gboolean by_terrain)
{
  int n_hexes = gbacw_hex_grid_n_hexes (&s->map->grid);
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (GbacwTraceElevationMark));

  for (int level = 0; level < 16; level++)
    for (guint t = 0; t < (by_terrain ? s->catalogue.hex_terrains->len : 1); t++)
      {
        g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (int));
        for (int i = 0; i < n_hexes; i++)
          if (truth[i] == level && (!by_terrain || s->map->terrain[i] == G_GUINT64_CONSTANT (1) << t))
            g_array_append_val (all, i);
        for (int k = 0; k < per_level && all->len >= (by_terrain ? 6u : (guint) per_level); k++)
          {
            GbacwTraceElevationMark mark = { g_array_index (all, int, (gsize) k * all->len / per_level), level, 0 };
            g_array_append_val (marks, mark);
          }
      }
  return marks;
}

/* Elevation traced on a map that shades its levels and prints contours (the renderer's
 * elevation layer, over the terrain, hexsides, roads, grid and hex numbers), degraded as
 * the scans, a few hexes marked per level: the share of the other hexes whose
 * level is right, and the wrong ones less sure. */
static double
check_elevation (GbacwScenario *s, double noise, int quality, int per_level, gboolean by_terrain, guint32 seed,
                 double min_right)
{
  const GbacwHexGrid *grid = &s->map->grid;
  int n_hexes = gbacw_hex_grid_n_hexes (grid);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autofree gint16 *truth = g_memdup2 (s->map->elevation, sizeof (gint16) * n_hexes);
  g_autoptr (GArray) marks = make_elevation_marks (s, truth, per_level, by_terrain);
  g_autofree GbacwTraceElevation *p = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) matrix = g_string_new (NULL);
  int confusion[5][5] = { { 0 } };
  double calibrated[6], sure_right = 0, sure_wrong = 0;
  int n = 0, right = 0, off_by_more = 0, max_level = 0;

  for (int i = 0; i < n_hexes; i++)
    max_level = MAX (max_level, truth[i]);
  g_assert_cmpint (max_level, >=, 1);
  image = rendered_scan (s, GBACW_LAYER_BIT_TERRAIN | GBACW_LAYER_BIT_ELEVATION | GBACW_LAYER_BIT_HEXSIDES |
                              GBACW_LAYER_BIT_ROADS | GBACW_LAYER_BIT_GRID | GBACW_LAYER_BIT_HEX_NUMBERS,
                         22, noise, quality, rand, calibrated);
  /* the tracer must not read the answer */
  memset (s->map->elevation, 0, sizeof (gint16) * n_hexes);
  g_assert_true (gbacw_trace_elevation (s, image, calibrated, marks, NULL, &p, &error));
  g_assert_no_error (error);
  memcpy (s->map->elevation, truth, sizeof (gint16) * n_hexes);
  for (int i = 0; i < n_hexes; i++)
    {
      if (p[i].status == GBACW_TRACE_SAMPLE)
        {
          g_assert_cmpint (p[i].level, ==, truth[i]);
          continue;
        }
      g_assert_cmpint (p[i].status, ==, GBACW_TRACE_PROPOSED);
      g_assert_cmpfloat (p[i].confidence, >=, 0);
      g_assert_cmpfloat (p[i].confidence, <=, 1);
      n++;
      right += p[i].level == truth[i];
      off_by_more += ABS (p[i].level - truth[i]) > 1;
      if (p[i].level == truth[i])
        sure_right += p[i].confidence;
      else
        sure_wrong += p[i].confidence;
      if (truth[i] < 5 && p[i].level >= 0 && p[i].level < 5)
        confusion[truth[i]][p[i].level]++;
    }
  for (int t = 0; t <= MIN (max_level, 4); t++)
    {
      g_string_append_printf (matrix, "level %d:", t);
      for (int u = 0; u <= MIN (max_level, 4); u++)
        g_string_append_printf (matrix, " %4d", confusion[t][u]);
      g_string_append_c (matrix, '\n');
    }
  g_test_message ("elevation, noise %.0f, JPEG %d, %u marks (%s): %d of %d hexes' level right (%.1f%%), %d off by more "
                  "than one; mean confidence right %.2f, wrong %.2f\n%s",
                  noise, quality, marks->len, by_terrain ? "each level in each terrain" : "each level", right, n, 100.0 * right / MAX (n, 1), off_by_more, sure_right / MAX (right, 1),
                  sure_wrong / MAX (n - right, 1), matrix->str);
  g_assert_cmpint (n, >, n_hexes / 2);
  g_assert_cmpfloat ((double) right / n, >=, min_right);
  if (n - right >= 5)
    g_assert_cmpfloat (sure_wrong / (n - right), <, sure_right / right);
  return (double) right / n;
}

static void
test_elevation_generated (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) demo = gbacw_scenario_load_file (path, &error);
  g_autoptr (GbacwScenario) s = NULL;

  g_assert_no_error (error);
  s = gbacw_generate_scenario (demo, 40, 48, 10, 7, &error);
  g_assert_no_error (error);
  /* the generator's relief gives this map two levels: hills of five levels instead, as
   * a GBACW map's ridges have */
  {
    const GbacwHexGrid *grid = &s->map->grid;
    int n_levels = (int) s->map->levels->len;

    g_assert_cmpint (n_levels, >=, 2);
    for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
      {
        double x, y;
        gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, i), &x, &y);
        s->map->elevation[i] = (gint16) CLAMP ((int) floor (2.2 + 1.6 * sin (x / 9.0) + 1.3 * cos (y / 11.0 + x / 23.0)), 0,
                                               MIN (n_levels - 1, 4));
      }
  }
  check_elevation (s, 8, 85, 2, TRUE, 70, 0.95);
  check_elevation (s, 14, 60, 2, TRUE, 71, 0.95);
  check_elevation (s, 14, 60, 3, FALSE, 73, 0.85);
}

static void
test_elevation_demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) demo = gbacw_scenario_load_file (path, &error);

  g_assert_no_error (error);
  check_elevation (demo, 8, 85, 2, TRUE, 74, 0.9);
  check_elevation (demo, 14, 60, 2, TRUE, 72, 0.9);
  check_elevation (demo, 14, 60, 3, FALSE, 75, 0.85);
}
#endif

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trace/accuracy", test_accuracy);
  g_test_add_func ("/trace/confidence", test_confidence);
  g_test_add_func ("/trace/flags", test_flags);
  g_test_add_func ("/trace/samples-file", test_samples_file);
  g_test_add_func ("/trace/load-background", test_load_background);
  g_test_add_func ("/trace/elevation-marks-file", test_elevation_marks_file);
#ifdef HAVE_GDK_PIXBUF
  g_test_add_func ("/trace/rendered-demo", test_rendered_demo);
  g_test_add_func ("/trace/links-demo", test_links_demo);
  g_test_add_func ("/trace/links-generated", test_links_generated);
  g_test_add_func ("/trace/links-flags", test_links_flags);
  g_test_add_func ("/trace/elevation-generated", test_elevation_generated);
  g_test_add_func ("/trace/elevation-demo", test_elevation_demo);
#endif
  return g_test_run ();
}
