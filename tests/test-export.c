/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-export.c: background images (mipmap, placement, calibration), the PNG writer
 * and the PNG, SVG and tiled PDF export. */
#define G_LOG_DOMAIN "test-export"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#ifdef HAVE_GDK_PIXBUF
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif

#include "gbacw-background-image.h"
#include "gbacw-map-export.h"
#include "gbacw-map-renderer.h"
#include "gbacw-png-writer.h"
#include "gbacw-roster-csv.h"
#include "gbacw-roster-print.h"
#include "gbacw-scenario-io.h"

#define RED  0xffff0000u
#define BLUE 0xff0000ffu

static guint32
pixel (cairo_surface_t *s, int x, int y)
{
  cairo_surface_flush (s);
  return ((guint32 *) (cairo_image_surface_get_data (s) + (gsize) y * cairo_image_surface_get_stride (s)))[x];
}

/* w x h: the left half red, the right half blue. */
static cairo_surface_t *
two_colour_surface (int w, int h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (s);

  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_rectangle (cr, 0, 0, w / 2.0, h);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 1);
  cairo_rectangle (cr, w / 2.0, 0, w / 2.0, h);
  cairo_fill (cr);
  cairo_destroy (cr);
  return s;
}

static GbacwScenario *
small_scenario (int columns, int rows)
{
  GbacwHexGrid grid;

  gbacw_hex_grid_init_default (&grid, columns, rows);
  return gbacw_scenario_new (&grid);
}

static GbacwScenario *
load_demo (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autoptr(GError) error = NULL;
  GbacwScenario *s = gbacw_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return s;
}

/* ---------------------------------------------------------------- background image */

static void
test_mipmap (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 101);
  g_autoptr(GbacwBackgroundImage) image = NULL;
  cairo_surface_t *level;
  guint32 *data;
  int stride;

  /* A checkerboard of opaque white and transparent pixels: half-grey, half-transparent below. */
  data = (guint32 *) cairo_image_surface_get_data (s);
  stride = cairo_image_surface_get_stride (s) / 4;
  for (int y = 0; y < 101; y++)
    for (int x = 0; x < 300; x++)
      data[y * stride + x] = ((x + y) % 2) ? 0xffffffffu : 0;
  cairo_surface_mark_dirty (s);

  image = gbacw_background_image_new (s);
  cairo_surface_destroy (s);
  g_assert_cmpint (gbacw_background_image_get_width (image), ==, 300);
  g_assert_cmpint (gbacw_background_image_get_height (image), ==, 101);
  /* 300x101, 150x51, 75x26, 38x13: the last one no side above 64. */
  g_assert_cmpuint (gbacw_background_image_get_n_levels (image), ==, 4);
  level = gbacw_background_image_get_level (image, 1);
  g_assert_cmpint (cairo_image_surface_get_width (level), ==, 150);
  g_assert_cmpint (cairo_image_surface_get_height (level), ==, 51);
  /* Premultiplied mean of two white and two clear pixels: 50% white at 50% alpha. */
  g_assert_cmphex (pixel (level, 10, 10), ==, 0x80808080u);
  level = gbacw_background_image_get_level (image, 3);
  g_assert_cmpint (cairo_image_surface_get_width (level), ==, 38);
  g_assert_cmpint (cairo_image_surface_get_height (level), ==, 13);
}

static void
test_level_choice (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 5100, 3300);
  g_autoptr(GbacwBackgroundImage) image = gbacw_background_image_new (s);

  cairo_surface_destroy (s);
  g_assert_cmpuint (gbacw_background_image_get_n_levels (image), ==, 8);
  g_assert_cmpuint (gbacw_background_image_level_for (image, 4.0), ==, 0);
  g_assert_cmpuint (gbacw_background_image_level_for (image, 1.0), ==, 0);
  g_assert_cmpuint (gbacw_background_image_level_for (image, 0.6), ==, 0);
  g_assert_cmpuint (gbacw_background_image_level_for (image, 0.5), ==, 1);
  g_assert_cmpuint (gbacw_background_image_level_for (image, 0.3), ==, 1);
  g_assert_cmpuint (gbacw_background_image_level_for (image, 0.2), ==, 2);
  /* Never past the last level. */
  g_assert_cmpuint (gbacw_background_image_level_for (image, 1e-6), ==, 7);
}

/* The image lies where the transform puts it, at its opacity, under the other layers. */
static void
test_draw_placement (void)
{
  g_autoptr(GbacwScenario) scenario = small_scenario (8, 6);
  cairo_surface_t *source = two_colour_surface (400, 200);
  g_autoptr(GbacwBackgroundImage) image = gbacw_background_image_new (source);
  cairo_surface_t *target;
  double w, h, scale = 10;
  int tw, th;
  cairo_t *cr;

  cairo_surface_destroy (source);
  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  tw = (int) ceil (w * scale);
  th = (int) ceil (h * scale);

  /* Stretched over the map: red on the left half of the map, blue on the right. */
  gbacw_background_fit_transform (w, h, 400, 200, scenario->map->background.transform);
  scenario->map->background.opacity = 1.0;
  target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, tw, th);
  cr = cairo_create (target);
  gbacw_map_render_with_background (cr, scenario, image, GBACW_LAYER_BIT_BACKGROUND, scale, NULL);
  cairo_destroy (cr);
  g_assert_cmphex (pixel (target, tw / 4, th / 2), ==, RED);
  g_assert_cmphex (pixel (target, 3 * tw / 4, th / 2), ==, BLUE);

  /* Half opacity: half red over the paper colour. */
  scenario->map->background.opacity = 0.5;
  cr = cairo_create (target);
  gbacw_map_render_with_background (cr, scenario, image, GBACW_LAYER_BIT_BACKGROUND, scale, NULL);
  cairo_destroy (cr);
  {
    guint32 p = pixel (target, tw / 4, th / 2);
    g_assert_cmpint ((p >> 16) & 0xff, >, 230);          /* red and paper */
    g_assert_cmpint ((p >> 8) & 0xff, >, 100);           /* paper's green, halved */
    g_assert_cmpint ((p >> 8) & 0xff, <, 140);
  }

  /* Shifted by half the image: its blue half now on the map's left half, nothing right. */
  scenario->map->background.opacity = 1.0;
  scenario->map->background.transform[4] = 200;
  cr = cairo_create (target);
  gbacw_map_render_with_background (cr, scenario, image, GBACW_LAYER_BIT_BACKGROUND, scale, NULL);
  cairo_destroy (cr);
  g_assert_cmphex (pixel (target, tw / 4, th / 2), ==, BLUE);
  g_assert_cmphex (pixel (target, 3 * tw / 4, th / 2) & 0xff0000ffu, ==, 0xff000000u | (0xd6 & 0xff));  /* paper */

  /* Without the background layer, no image. */
  cr = cairo_create (target);
  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_destroy (cr);
  cr = cairo_create (target);
  gbacw_map_render_with_background (cr, scenario, image, GBACW_LAYER_BIT_GRID, scale, NULL);
  cairo_destroy (cr);
  g_assert_cmphex (pixel (target, tw / 4, th / 2), !=, BLUE);
  cairo_surface_destroy (target);
}

/* Drawn zoomed out, the sampled level is a small one, and the colours are still right. */
static void
test_draw_zoomed_out (void)
{
  g_autoptr(GbacwScenario) scenario = small_scenario (8, 6);
  cairo_surface_t *source = two_colour_surface (4000, 2000);
  g_autoptr(GbacwBackgroundImage) image = gbacw_background_image_new (source);
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 40);
  double w, h;
  cairo_t *cr;

  cairo_surface_destroy (source);
  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  gbacw_background_fit_transform (w, h, 4000, 2000, scenario->map->background.transform);
  scenario->map->background.opacity = 1.0;
  cr = cairo_create (target);
  gbacw_map_render_with_background (cr, scenario, image, GBACW_LAYER_BIT_BACKGROUND, 3, NULL);
  cairo_destroy (cr);
  g_assert_cmphex (pixel (target, 3, 10), ==, RED);
  g_assert_cmphex (pixel (target, (int) (w * 3) - 3, 10), ==, BLUE);
  cairo_surface_destroy (target);
}

/* An image associated with the scenario is drawn by the plain entry points, only while
 * the scenario still names its file. */
static void
test_association (void)
{
  g_autoptr(GbacwScenario) scenario = small_scenario (8, 6);
  cairo_surface_t *source = two_colour_surface (400, 200);
  g_autoptr(GbacwBackgroundImage) image = gbacw_background_image_new (source);
  cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 60, 60);
  double w, h;
  cairo_t *cr;

  cairo_surface_destroy (source);
  gbacw_hex_grid_extent (&scenario->map->grid, &w, &h);
  gbacw_background_fit_transform (w, h, 400, 200, scenario->map->background.transform);
  scenario->map->background.opacity = 1.0;
  scenario->map->background.file = g_strdup ("scan.png");

  gbacw_map_renderer_set_background_image (scenario, "scan.png", image);
  g_assert_true (gbacw_map_renderer_get_background_image (scenario) == image);
  cr = cairo_create (target);
  gbacw_map_render (cr, scenario, GBACW_LAYER_BIT_BACKGROUND, 2, NULL);
  cairo_destroy (cr);
  g_assert_cmphex (pixel (target, 5, 5), ==, RED);

  /* The scenario now names another file: the old image is not drawn. */
  g_free (scenario->map->background.file);
  scenario->map->background.file = g_strdup ("other.png");
  g_assert_null (gbacw_map_renderer_get_background_image (scenario));
  cr = cairo_create (target);
  gbacw_map_render (cr, scenario, GBACW_LAYER_BIT_BACKGROUND, 2, NULL);
  cairo_destroy (cr);
  g_assert_cmphex (pixel (target, 5, 5), !=, RED);

  gbacw_map_renderer_set_background_image (scenario, NULL, NULL);
  cairo_surface_destroy (target);
}

static void
test_calibrate (void)
{
  /* A rotated, sheared, scaled and shifted map. */
  const double t[6] = { 30.5, 2.25, -1.5, 29.0, 120.0, 80.0 };
  const double map[3][2] = { { 1.5, 0.866 }, { 19.5, 5.2 }, { 4.5, 22.5 } };
  double image[3][2], out[6];
  const double line[3][2] = { { 0, 0 }, { 1, 1 }, { 2, 2.000001 } };

  for (int i = 0; i < 3; i++)
    {
      image[i][0] = t[0] * map[i][0] + t[2] * map[i][1] + t[4];
      image[i][1] = t[1] * map[i][0] + t[3] * map[i][1] + t[5];
    }
  g_assert_true (gbacw_background_calibrate (map, image, out));
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat_with_epsilon (out[i], t[i], 1e-9);

  /* Three hexes in a row give no transform. */
  g_assert_false (gbacw_background_calibrate (line, image, out));
}

static void
test_resolve_path (void)
{
  g_autofree char *a = gbacw_background_image_resolve_path ("/maps/jackson/scenario.xml", "scan.jpg");
  g_autofree char *b = gbacw_background_image_resolve_path ("/maps/jackson/scenario.xml", "/scans/j.png");
  g_autofree char *c = gbacw_background_image_resolve_path (NULL, "scan.jpg");

  g_assert_cmpstr (a, ==, "/maps/jackson/scan.jpg");
  g_assert_cmpstr (b, ==, "/scans/j.png");
  g_assert_cmpstr (c, ==, "scan.jpg");
}

static void
test_load_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gbacw-export-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "scan.png", NULL);
  g_autofree char *bogus = g_build_filename (dir, "scan.jpg", NULL);
  g_autofree char *missing = g_build_filename (dir, "none.png", NULL);
  cairo_surface_t *s = two_colour_surface (120, 80);
  g_autoptr(GbacwBackgroundImage) image = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (cairo_surface_write_to_png (s, png), ==, CAIRO_STATUS_SUCCESS);
  image = gbacw_background_image_new_from_file (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gbacw_background_image_get_width (image), ==, 120);
  g_assert_cmpint (gbacw_background_image_get_height (image), ==, 80);
  g_assert_cmphex (pixel (gbacw_background_image_get_level (image, 0), 10, 10) | 0xff000000u, ==, RED);
  g_clear_object (&image);

#ifdef HAVE_GDK_PIXBUF
  {
    g_autofree char *jpeg = g_build_filename (dir, "scan-real.jpg", NULL);
    g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new (GDK_COLORSPACE_RGB, FALSE, 8, 90, 60);

    gdk_pixbuf_fill (pixbuf, 0x0000ffff);   /* blue */
    g_assert_true (gdk_pixbuf_save (pixbuf, jpeg, "jpeg", &error, "quality", "95", NULL));
    g_assert_no_error (error);
    image = gbacw_background_image_new_from_file (jpeg, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gbacw_background_image_get_width (image), ==, 90);
    {
      guint32 p = pixel (gbacw_background_image_get_level (image, 0), 40, 30);
      g_assert_cmpint (p & 0xff, >, 240);
      g_assert_cmpint ((p >> 16) & 0xff, <, 16);
    }
    g_clear_object (&image);
    g_unlink (jpeg);
  }
#endif

  /* Not an image, and no file at all: errors that name the file. */
  g_assert_true (g_file_set_contents (bogus, "not a picture", -1, NULL));
  image = gbacw_background_image_new_from_file (bogus, &error);
  g_assert_null (image);
  g_assert_true (error->domain == GBACW_BACKGROUND_IMAGE_ERROR);
  g_assert_nonnull (strstr (error->message, "scan.jpg"));
  g_clear_error (&error);
  image = gbacw_background_image_new_from_file (missing, &error);
  g_assert_null (image);
  g_assert_error (error, GBACW_BACKGROUND_IMAGE_ERROR, GBACW_BACKGROUND_IMAGE_ERROR_LOAD);
  g_assert_nonnull (strstr (error->message, "none.png"));

  cairo_surface_destroy (s);
  g_unlink (png);
  g_unlink (bogus);
  g_rmdir (dir);
}

/* ---------------------------------------------------------------- PNG writer */

static void
test_png_writer (void)
{
  g_autofree char *dir = g_dir_make_tmp ("gbacw-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "out.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "no-such-folder", "out.png", NULL);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 37, 23);
  cairo_surface_t *back;
  g_autoptr(GError) error = NULL;
  cairo_t *cr = cairo_create (s);

  /* Opaque, translucent and clear pixels, with gradients for every filter byte. */
  for (int x = 0; x < 37; x++)
    {
      cairo_set_source_rgba (cr, x / 36.0, 1 - x / 36.0, 0.5, x < 12 ? 1.0 : x < 30 ? 0.5 : 0.0);
      cairo_rectangle (cr, x, 0, 1, 23);
      cairo_fill (cr);
    }
  cairo_destroy (cr);

  g_assert_true (gbacw_png_write (s, path, 1, &error));
  g_assert_no_error (error);
  back = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (back), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (back), ==, 37);
  g_assert_cmpint (cairo_image_surface_get_height (back), ==, 23);
  for (int y = 0; y < 23; y += 11)
    for (int x = 0; x < 37; x++)
      {
        guint32 a = pixel (s, x, y), b = pixel (back, x, y);
        for (int shift = 0; shift < 32; shift += 8)
          g_assert_cmpint (ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)), <=, 1);
      }
  cairo_surface_destroy (back);

  g_assert_false (gbacw_png_write (s, bad, 1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  cairo_surface_destroy (s);
  g_unlink (path);
  g_rmdir (dir);
}

/* ---------------------------------------------------------------- export */

static void
test_formats (void)
{
  GbacwExportFormat f;
  GbacwPaper paper;
  double w, h;

  g_assert_true (gbacw_export_format_from_path ("map.png", &f) && f == GBACW_EXPORT_PNG);
  g_assert_true (gbacw_export_format_from_path ("MAP.SVG", &f) && f == GBACW_EXPORT_SVG);
  g_assert_true (gbacw_export_format_from_path ("dir.d/map.pdf", &f) && f == GBACW_EXPORT_PDF);
  g_assert_false (gbacw_export_format_from_path ("map.jpg", &f));
  g_assert_false (gbacw_export_format_from_path ("png", &f));
  g_assert_true (gbacw_paper_from_string ("A4", &paper) && paper == GBACW_PAPER_A4);
  g_assert_true (gbacw_paper_from_string ("letter", &paper) && paper == GBACW_PAPER_LETTER);
  g_assert_true (gbacw_paper_from_string ("a3", &paper) && paper == GBACW_PAPER_A3);
  g_assert_true (gbacw_paper_from_string ("Tabloid", &paper) && paper == GBACW_PAPER_TABLOID);
  g_assert_false (gbacw_paper_from_string ("b7", &paper));
  gbacw_paper_get_size_mm (GBACW_PAPER_LETTER, &w, &h);
  g_assert_cmpfloat_with_epsilon (w, 215.9, 1e-9);
  g_assert_cmpfloat_with_epsilon (h, 279.4, 1e-9);
  gbacw_paper_get_size_mm (GBACW_PAPER_LEGAL, &w, &h);
  g_assert_cmpfloat_with_epsilon (h, 355.6, 1e-9);
  /* A print dialog's paper, either way round, is a named paper within 2 mm, else custom. */
  g_assert_cmpint (gbacw_paper_for_size_mm (420, 297), ==, GBACW_PAPER_A3);
  g_assert_cmpint (gbacw_paper_for_size_mm (279.4, 431.8), ==, GBACW_PAPER_TABLOID);
  g_assert_cmpint (gbacw_paper_for_size_mm (500, 700), ==, GBACW_PAPER_CUSTOM);
  for (guint i = 0; i < GBACW_N_NAMED_PAPERS; i++)
    {
      g_assert_true (gbacw_paper_from_string (gbacw_paper_to_string ((GbacwPaper) i), &paper));
      g_assert_cmpint (paper, ==, i);
    }
}

static void
test_image_size (void)
{
  g_autoptr(GbacwScenario) s = small_scenario (200, 200);
  GbacwExportOptions o;
  double w, h;
  int iw, ih;

  gbacw_hex_grid_extent (&s->map->grid, &w, &h);
  gbacw_export_options_init (&o);

  /* --size: the longest side exactly (a flat-topped map is taller than wide). */
  o.size = 4000;
  gbacw_map_export_get_image_size (s, &o, &iw, &ih);
  g_assert_cmpint (ih, ==, 4000);
  g_assert_cmpint (iw, <, 4000);
  g_assert_cmpint (iw, ==, (int) ceil (w * 4000 / h - 1e-6));

  /* --zoom wins over --size. */
  o.zoom = 2;
  gbacw_map_export_get_image_size (s, &o, &iw, &ih);
  g_assert_cmpint (iw, ==, (int) ceil (w * 2));
  g_assert_cmpint (ih, ==, (int) ceil (h * 2));

  /* Neither: the default zoom. */
  o.zoom = 0;
  o.size = 0;
  g_assert_cmpfloat (gbacw_map_export_get_scale (s, &o), ==, GBACW_EXPORT_DEFAULT_ZOOM);
}

static void
test_export_png_svg (void)
{
  g_autoptr(GbacwScenario) s = load_demo ();
  g_autofree char *dir = g_dir_make_tmp ("gbacw-export-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "demo.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "demo.svg", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *back;
  GbacwExportOptions o;

  gbacw_export_options_init (&o);
  o.size = 300;
  g_assert_true (gbacw_map_export (s, &o, png, &error));
  g_assert_no_error (error);
  back = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (back), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (MAX (cairo_image_surface_get_width (back), cairo_image_surface_get_height (back)), ==, 300);
  /* Every pixel of the map is drawn: opaque. */
  g_assert_cmphex (pixel (back, 150, 150) >> 24, ==, 0xff);
  cairo_surface_destroy (back);

  /* Only the grid: transparent between the lines. */
  o.layers = GBACW_LAYER_BIT_GRID;
  g_assert_true (gbacw_map_export (s, &o, png, &error));
  back = cairo_image_surface_create_from_png (png);
  {
    double cx, cy, scale = gbacw_map_export_get_scale (s, &o);
    gbacw_hex_grid_centre (&s->map->grid, (GbacwHex) { 3, 3 }, &cx, &cy);
    g_assert_cmphex (pixel (back, (int) (cx * scale), (int) (cy * scale)), ==, 0);
  }
  cairo_surface_destroy (back);

  o.format = GBACW_EXPORT_SVG;
  o.layers = GBACW_LAYER_BIT_ALL;
  g_assert_true (gbacw_map_export (s, &o, svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));

  /* Too large, and unwritable. */
  o.format = GBACW_EXPORT_PNG;
  o.size = 0;
  o.zoom = 5000;
  g_assert_false (gbacw_map_export (s, &o, png, &error));
  g_assert_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_TOO_LARGE);
  g_clear_error (&error);
  {
    g_autofree char *bad = g_build_filename (dir, "missing", "x.svg", NULL);
    o.zoom = 10;
    o.format = GBACW_EXPORT_SVG;
    g_assert_false (gbacw_map_export (s, &o, bad, &error));
    g_assert_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_WRITE);
    g_assert_nonnull (strstr (error->message, "x.svg"));
  }

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

static void
test_page_layout (void)
{
  g_autoptr(GbacwScenario) spi = small_scenario (39, 48);
  g_autoptr(GbacwScenario) tiny = small_scenario (5, 5);
  g_autoptr(GError) error = NULL;
  GbacwExportOptions o;
  GbacwPageLayout l;
  double mw, mh, printable_w, printable_h;
  const double mm = 72 / 25.4;

  gbacw_export_options_init (&o);
  o.format = GBACW_EXPORT_PDF;

  /* The SPI map at 16 mm hexes: about 541 x 776 mm, a 22 x 34 inch sheet's map. */
  g_assert_true (gbacw_map_export_get_page_layout (spi, &o, &l, &error));
  g_assert_no_error (error);
  gbacw_hex_grid_extent (&spi->map->grid, &mw, &mh);
  g_assert_cmpfloat_with_epsilon (l.scale, 16.0 / sqrt (3.0) * mm, 1e-9);
  g_assert_cmpfloat_with_epsilon (l.map_width / mm, mw * 16.0 / sqrt (3.0), 1e-6);
  g_assert_cmpfloat (l.map_width / mm, >, 500);
  g_assert_cmpfloat (l.map_width / mm, <, 22 * 25.4);
  g_assert_cmpfloat (l.map_height / mm, <, 34 * 25.4);
  /* Sheets cover the map: n steps plus the last sheet's width reach its far edge. */
  printable_w = l.paper_width - 2 * o.margin_mm * mm;
  printable_h = l.paper_height - 2 * o.margin_mm * mm;
  g_assert_cmpfloat ((l.columns - 1) * l.step_x + l.sheet_width, >=, l.map_width - 1e-6);
  g_assert_cmpfloat ((l.rows - 1) * l.step_y + l.sheet_height, >=, l.map_height - 1e-6);
  g_assert_cmpfloat ((l.columns - 2) * (printable_w - o.overlap_mm * mm) + printable_w, <, l.map_width);
  g_assert_cmpfloat (l.sheet_width, <=, printable_w + 1e-6);
  g_assert_cmpfloat (l.sheet_height, <=, printable_h + 1e-6);
  g_assert_cmpfloat_with_epsilon (l.sheet_width - l.step_x, o.overlap_mm * mm, 1e-9);
  g_assert_cmpint (l.columns * l.rows, <=, 24);
  g_assert_cmpint (gbacw_map_export_get_n_pages (spi, &o), ==, l.columns * l.rows + 1);

  /* Letter paper is wider and shorter. */
  o.paper = GBACW_PAPER_LETTER;
  g_assert_true (gbacw_map_export_get_page_layout (spi, &o, &l, &error));
  g_assert_cmpfloat_with_epsilon (MIN (l.paper_width, l.paper_height), 612, 1e-6);

  /* A3 is twice A4: the same map on about half the sheets, each 842 x 1191 points. */
  {
    int a4_sheets, a3_sheets;

    o.paper = GBACW_PAPER_A4;
    g_assert_true (gbacw_map_export_get_page_layout (spi, &o, &l, &error));
    a4_sheets = l.columns * l.rows;
    o.paper = GBACW_PAPER_A3;
    g_assert_true (gbacw_map_export_get_page_layout (spi, &o, &l, &error));
    a3_sheets = l.columns * l.rows;
    g_assert_cmpfloat_with_epsilon (MIN (l.paper_width, l.paper_height), 297 * mm, 1e-6);
    g_assert_cmpfloat_with_epsilon (MAX (l.paper_width, l.paper_height), 420 * mm, 1e-6);
    g_assert_cmpint (a3_sheets, <, a4_sheets);
    g_assert_cmpfloat ((l.columns - 1) * l.step_x + l.sheet_width, >=, l.map_width - 1e-6);
    g_assert_cmpfloat (l.sheet_width, <=, MAX (l.paper_width, l.paper_height) - 2 * o.margin_mm * mm + 1e-6);

    /* A custom paper (as a print dialog may choose), given either way round: the map is
     * tiled over it, at the same true scale. */
    o.paper = GBACW_PAPER_CUSTOM;
    o.paper_width_mm = 700;
    o.paper_height_mm = 500;
    g_assert_true (gbacw_map_export_get_page_layout (spi, &o, &l, &error));
    g_assert_cmpfloat_with_epsilon (MIN (l.paper_width, l.paper_height), 500 * mm, 1e-6);
    g_assert_cmpfloat_with_epsilon (MAX (l.paper_width, l.paper_height), 700 * mm, 1e-6);
    g_assert_cmpfloat_with_epsilon (l.scale, 16.0 / sqrt (3.0) * mm, 1e-9);
    g_assert_cmpint (l.columns * l.rows, <=, a3_sheets);
    o.paper_width_mm = 20;
    g_assert_false (gbacw_map_export_get_page_layout (spi, &o, &l, &error));
    g_assert_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID);
    g_clear_error (&error);
  }

  /* A small map fits one sheet. */
  o.paper = GBACW_PAPER_A4;
  g_assert_true (gbacw_map_export_get_page_layout (tiny, &o, &l, &error));
  g_assert_cmpint (l.columns, ==, 1);
  g_assert_cmpint (l.rows, ==, 1);
  o.index_page = FALSE;
  g_assert_cmpint (gbacw_map_export_get_n_pages (tiny, &o), ==, 1);

  /* Sizes out of range. */
  o.hex_mm = 0.5;
  g_assert_false (gbacw_map_export_get_page_layout (tiny, &o, &l, &error));
  g_assert_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID);
  g_clear_error (&error);
  o.hex_mm = 16;
  o.overlap_mm = 150;
  g_assert_false (gbacw_map_export_get_page_layout (tiny, &o, &l, &error));
  g_assert_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID);
}

static void
test_export_pdf (void)
{
  g_autoptr(GbacwScenario) s = load_demo ();
  g_autofree char *dir = g_dir_make_tmp ("gbacw-export-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "demo.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *count = NULL;
  g_autoptr(GError) error = NULL;
  GbacwExportOptions o;
  int n;
  gsize len;

  gbacw_export_options_init (&o);
  o.format = GBACW_EXPORT_PDF;
  o.hex_mm = 20;     /* more sheets than at 16 mm */
  n = gbacw_map_export_get_n_pages (s, &o);
  g_assert_cmpint (n, >, 2);
  g_assert_true (gbacw_map_export (s, &o, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &contents, &len, NULL));
  g_assert_true (len > 1000 && memcmp (contents, "%PDF-", 5) == 0);
  /* cairo's page tree names the number of pages. */
  count = g_strdup_printf ("/Count %d", n);
  {
    /* The file holds binary streams: no string functions. */
    gsize k = strlen (count), i;
    for (i = 0; i + k <= len && memcmp (contents + i, count, k) != 0; i++)
      ;
    g_assert_cmpuint (i + k, <=, len);
  }
  g_unlink (pdf);
  g_rmdir (dir);
}

/* The sheets of every column (row) show the same width (height) of map, not full sheets and
 * a sliver of two hex columns; and the labels of every sheet fit without overlapping, on
 * the paper. The 40 x 48 map on A4 had a last column about 2 hexes wide, where the title,
 * "↑ A4" and "page 9 of 13" printed over each other. */
/* The printed order of battle: the roster export's entries, its columns with a value but
 * side and parent, upright on A4 when they fit, smaller or in bands on narrow paper. */
static void
test_roster_pages (void)
{
  g_autoptr(GbacwScenario) demo = load_demo ();
  g_autoptr(GbacwScenario) empty = small_scenario (5, 5);
  g_autoptr(GPtrArray) rows = gbacw_roster_export_rows (demo, NULL, NULL);
  g_autoptr(GbacwRosterPages) a4 = NULL;
  g_autoptr(GbacwRosterPages) a5 = NULL;
  g_autoptr(GbacwRosterPages) strip = NULL;
  g_autoptr(GError) error = NULL;
  const double mm = 72 / 25.4;
  const char *const *columns;
  double w, h;
  int lines;

  g_assert_nonnull (rows);
  g_assert_cmpuint (rows->len, >, 5);
  a4 = gbacw_roster_pages_new (demo, 210 * mm, 297 * mm, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (gbacw_roster_pages_get_n_entries (a4), ==, rows->len - 1);
  columns = gbacw_roster_pages_get_columns (a4);
  g_assert_cmpstr (columns[0], ==, "id");
  g_assert_true (g_strv_contains (columns, "name"));
  g_assert_true (g_strv_contains (columns, "strength"));
  g_assert_false (g_strv_contains (columns, "side"));
  g_assert_false (g_strv_contains (columns, "parent"));
  /* A column is printed when some entry has a value in it. */
  for (const char *const *c = gbacw_roster_columns (); *c != NULL; c++)
    {
      guint index = (guint) (c - gbacw_roster_columns ());
      gboolean used = FALSE;

      for (guint r = 1; r < rows->len; r++)
        used |= ((char **) g_ptr_array_index (rows, r))[index][0] != '\0';
      if (g_str_equal (*c, "side") || g_str_equal (*c, "parent"))
        continue;
      g_assert_true (g_strv_contains (columns, *c) == (used || g_str_equal (*c, "kind")));
    }
  gbacw_roster_pages_get_page_size (a4, &w, &h);
  g_assert_cmpfloat_with_epsilon (MIN (w, h), 210 * mm, 1e-6);
  g_assert_cmpfloat_with_epsilon (MAX (w, h), 297 * mm, 1e-6);
  g_assert_true (gbacw_roster_pages_get_landscape (a4) == (w > h));
  g_assert_cmpint (gbacw_roster_pages_get_n_pages (a4), >=, 1);

  /* A5 is narrower: smaller type or more bands, never larger type than A4's. */
  a5 = gbacw_roster_pages_new (demo, 148 * mm, 210 * mm, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (gbacw_roster_pages_get_font_size (a5), <=, gbacw_roster_pages_get_font_size (a4));
  g_assert_cmpfloat (gbacw_roster_pages_get_font_size (a5), >=, GBACW_ROSTER_MIN_FONT);
  g_assert_cmpint (gbacw_roster_pages_get_n_pages (a5), >=, gbacw_roster_pages_get_n_pages (a4));

  /* A small card: the smallest type, bands of columns, each band on its own pages. */
  strip = gbacw_roster_pages_new (demo, 60 * mm, 62 * mm, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (gbacw_roster_pages_get_font_size (strip), GBACW_ROSTER_MIN_FONT, 1e-9);
  g_assert_cmpint (gbacw_roster_pages_get_n_bands (strip), >, 1);
  g_assert_cmpint (gbacw_roster_pages_get_n_pages (strip) % gbacw_roster_pages_get_n_bands (strip), ==, 0);

  /* A name longer than the page is wide: shortened in its cell, the table on the paper. */
  {
    g_autoptr(GbacwScenario) longer = load_demo ();
    g_autoptr(GbacwRosterPages) pages = NULL;
    GbacwUnit *unit = g_ptr_array_index (longer->oob.units, 0);
    GString *name = g_string_new (NULL);

    for (int i = 0; i < 60; i++)
      g_string_append (name, "Very Long Name ");
    g_free (unit->designation);
    unit->designation = g_string_free (name, FALSE);
    pages = gbacw_roster_pages_new (longer, 148 * mm, 210 * mm, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gbacw_roster_pages_get_n_pages (pages), >=, 1);
    for (int page = 0; page < gbacw_roster_pages_get_n_pages (pages); page++)
      {
        cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
        cairo_t *cr = cairo_create (surface);
        double ink_x, ink_y, ink_w, ink_h, pw, ph;

        gbacw_roster_pages_draw_page (pages, cr, page);
        cairo_destroy (cr);
        cairo_recording_surface_ink_extents (surface, &ink_x, &ink_y, &ink_w, &ink_h);
        gbacw_roster_pages_get_page_size (pages, &pw, &ph);
        g_assert_cmpfloat (ink_x + ink_w, <=, pw + 1e-6);
        g_assert_cmpfloat (ink_y + ink_h, <=, ph + 1e-6);
        cairo_surface_destroy (surface);
      }
  }

  /* Every page draws without a cairo error. */
  lines = gbacw_roster_pages_get_n_pages (a5);
  for (int page = 0; page < lines; page++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 420, 595);
      cairo_t *cr = cairo_create (surface);

      gbacw_roster_pages_draw_page (a5, cr, page);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }

  /* Nothing to print, or no room, is an error in words. */
  g_assert_null (gbacw_roster_pages_new (empty, 210 * mm, 297 * mm, &error));
  g_assert_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (gbacw_roster_pages_new (demo, 30 * mm, 297 * mm, &error));
  g_assert_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_INVALID);
}

static void
test_page_sheets_balanced (void)
{
  const int sizes[][2] = { { 40, 48 }, { 39, 48 }, { 21, 16 }, { 64, 30 }, { 12, 70 } };
  const double hex_sizes[] = { 16, 12.7, 19 };
  const double mm = 72 / 25.4;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint h = 0; h < G_N_ELEMENTS (hex_sizes); h++)
      for (int paper = 0; paper < 2; paper++)
        {
          g_autoptr(GbacwScenario) scenario = small_scenario (sizes[s][0], sizes[s][1]);
          GbacwExportOptions o;
          GbacwPageLayout l;
          double printable_w, printable_h, margin;
          int page = 2;

          gbacw_export_options_init (&o);
          o.format = GBACW_EXPORT_PDF;
          o.hex_mm = hex_sizes[h];
          o.paper = paper == 0 ? GBACW_PAPER_A4 : GBACW_PAPER_LETTER;
          g_assert_true (gbacw_map_export_get_page_layout (scenario, &o, &l, NULL));
          margin = o.margin_mm * mm;
          printable_w = l.paper_width - 2 * margin;
          printable_h = l.paper_height - 2 * margin;

          for (int row = 0; row < l.rows; row++)
            for (int col = 0; col < l.columns; col++)
              {
                double x0 = col * l.step_x, y0 = row * l.step_y;
                double w = MIN (l.sheet_width, l.map_width - x0), ht = MIN (l.sheet_height, l.map_height - y0);
                g_autoptr(GArray) labels = gbacw_map_export_get_sheet_labels (scenario, &o, &l, col, row, page++,
                                                                              l.columns * l.rows + 1);
                gboolean up = FALSE, down = FALSE, page_number = FALSE, note = FALSE, bar = FALSE;

                /* within a point of every other sheet, and more than half the printable
                 * width whenever the map needs more than one sheet across */
                g_assert_cmpfloat (fabs (w - l.sheet_width), <, 1);
                g_assert_cmpfloat (fabs (ht - l.sheet_height), <, 1);
                if (l.columns > 1)
                  g_assert_cmpfloat (w, >, printable_w / 2);
                if (l.rows > 1)
                  g_assert_cmpfloat (ht, >, printable_h / 2);

                for (guint i = 0; i < labels->len; i++)
                  {
                    const GbacwSheetLabel *a = &g_array_index (labels, GbacwSheetLabel, i);

                    g_assert_cmpfloat (a->box_width, >, 0);
                    g_assert_cmpfloat (a->box_x, >=, -margin);
                    g_assert_cmpfloat (a->box_x + a->box_width, <=, w + margin);
                    g_assert_cmpfloat (a->box_y, >=, -margin);
                    g_assert_cmpfloat (a->box_y + a->box_height, <=, ht + margin);
                    up |= g_str_has_prefix (a->text, "↑ ");
                    down |= g_str_has_prefix (a->text, "↓ ");
                    page_number |= g_str_has_prefix (a->text, "page ");
                    note |= g_str_has_prefix (a->text, "Print at actual size");
                    bar |= a->kind == GBACW_SHEET_LABEL_SCALE_BAR;
                    for (guint j = i + 1; j < labels->len; j++)
                      {
                        const GbacwSheetLabel *b = &g_array_index (labels, GbacwSheetLabel, j);
                        gboolean apart = a->box_x + a->box_width <= b->box_x || b->box_x + b->box_width <= a->box_x ||
                                         a->box_y + a->box_height <= b->box_y || b->box_y + b->box_height <= a->box_y;
                        if (!apart)
                          g_error ("%dx%d, %g mm, sheet %d,%d: “%s” overlaps “%s”", sizes[s][0], sizes[s][1],
                                   hex_sizes[h], col, row, a->text, b->text);
                      }
                  }
                g_assert_true (page_number);
                /* the notes and the scale bar fit a sheet of any width at this margin */
                g_assert_true (note);
                g_assert_true (bar);
                g_assert_true (up == (row > 0));
                g_assert_true (down == (row + 1 < l.rows));
              }
        }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/background/mipmap", test_mipmap);
  g_test_add_func ("/background/level-choice", test_level_choice);
  g_test_add_func ("/background/draw-placement", test_draw_placement);
  g_test_add_func ("/background/draw-zoomed-out", test_draw_zoomed_out);
  g_test_add_func ("/background/association", test_association);
  g_test_add_func ("/background/calibrate", test_calibrate);
  g_test_add_func ("/background/resolve-path", test_resolve_path);
  g_test_add_func ("/background/load-files", test_load_files);
  g_test_add_func ("/export/png-writer", test_png_writer);
  g_test_add_func ("/export/formats", test_formats);
  g_test_add_func ("/export/roster-pages", test_roster_pages);
  g_test_add_func ("/export/image-size", test_image_size);
  g_test_add_func ("/export/png-svg", test_export_png_svg);
  g_test_add_func ("/export/page-layout", test_page_layout);
  g_test_add_func ("/export/page-sheets-balanced", test_page_sheets_balanced);
  g_test_add_func ("/export/pdf", test_export_pdf);

  return g_test_run ();
}
