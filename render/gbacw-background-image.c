/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-background-image.c: a scanned paper map drawn under the hex map. */
#define G_LOG_DOMAIN "gbacw-background-image"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-background-image.h"

#include "gbacw-file-read.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#ifdef HAVE_GDK_PIXBUF
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#endif

/* The largest image read: cairo's limit a side, and 5100×3300 (a 34×22 inch map at 150
 * dpi) about 20 times over. */
#define MAX_IMAGE_SIDE 32767u
#define MAX_IMAGE_PIXELS 400000000u

/* The smallest level kept: below this, one more level saves nothing. */
#define MIN_LEVEL_SIZE 64

struct _GbacwBackgroundImage
{
  GObject parent_instance;

  GPtrArray *levels;   /* cairo_surface_t*, level 0 first */
};

G_DEFINE_QUARK (gbacw-background-image-error-quark, gbacw_background_image_error)

G_DEFINE_FINAL_TYPE (GbacwBackgroundImage, gbacw_background_image, G_TYPE_OBJECT)

static void
gbacw_background_image_finalize (GObject *object)
{
  GbacwBackgroundImage *self = GBACW_BACKGROUND_IMAGE (object);

  g_clear_pointer (&self->levels, g_ptr_array_unref);

  G_OBJECT_CLASS (gbacw_background_image_parent_class)->finalize (object);
}

static void
gbacw_background_image_class_init (GbacwBackgroundImageClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gbacw_background_image_finalize;
}

static void
gbacw_background_image_init (GbacwBackgroundImage *self)
{
  self->levels = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
}

/* Half the size, each pixel the mean of four (premultiplied, so alpha is right). */
static cairo_surface_t *
half_size (cairo_surface_t *src)
{
  int sw = cairo_image_surface_get_width (src);
  int sh = cairo_image_surface_get_height (src);
  int dw = (sw + 1) / 2, dh = (sh + 1) / 2;
  cairo_format_t format = cairo_image_surface_get_format (src);
  cairo_surface_t *dst = cairo_image_surface_create (format, dw, dh);
  const guint8 *sdata;
  guint8 *ddata;
  int sstride, dstride;

  cairo_surface_flush (src);
  sdata = cairo_image_surface_get_data (src);
  sstride = cairo_image_surface_get_stride (src);
  ddata = cairo_image_surface_get_data (dst);
  dstride = cairo_image_surface_get_stride (dst);

  for (int y = 0; y < dh; y++)
    {
      const guint32 *r0 = (const guint32 *) (sdata + (gsize) (2 * y) * sstride);
      const guint32 *r1 = (const guint32 *) (sdata + (gsize) MIN (2 * y + 1, sh - 1) * sstride);
      guint32 *out = (guint32 *) (ddata + (gsize) y * dstride);

      for (int x = 0; x < dw; x++)
        {
          int x0 = 2 * x, x1 = MIN (2 * x + 1, sw - 1);
          guint32 a = r0[x0], b = r0[x1], c = r1[x0], d = r1[x1];
          /* Two channels at a time: 0x00ff00ff lanes have room for the sum of four. */
          guint32 lo = ((a & 0x00ff00ffu) + (b & 0x00ff00ffu) + (c & 0x00ff00ffu) + (d & 0x00ff00ffu) + 0x00020002u) >> 2;
          guint32 hi = (((a >> 8) & 0x00ff00ffu) + ((b >> 8) & 0x00ff00ffu) + ((c >> 8) & 0x00ff00ffu) +
                        ((d >> 8) & 0x00ff00ffu) + 0x00020002u) >> 2;
          out[x] = (lo & 0x00ff00ffu) | ((hi & 0x00ff00ffu) << 8);
        }
    }
  cairo_surface_mark_dirty (dst);
  return dst;
}

/* An RGB24 image as ARGB32, over the same pixels (their unused byte set opaque): pixman
 * samples ARGB32 bilinearly through an opacity on a fast path, RGB24 only on its general
 * one, at three to four times the cost (a scan under the whole window at 40-pixel hexes:
 * 180 M instructions a frame against 45 M). The new surface keeps the old one, whose
 * pixels it uses. */
static cairo_surface_t *
as_argb32 (cairo_surface_t *surface)
{
  static const cairo_user_data_key_t pixels_key;
  int w = cairo_image_surface_get_width (surface);
  int h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint8 *data;
  cairo_surface_t *argb;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < h; y++)
    {
      guint32 *row = (guint32 *) (gpointer) (data + (gsize) y * stride);
      for (int x = 0; x < w; x++)
        row[x] |= 0xff000000u;
    }
  cairo_surface_mark_dirty (surface);
  argb = cairo_image_surface_create_for_data (data, CAIRO_FORMAT_ARGB32, w, h, stride);
  cairo_surface_set_user_data (argb, &pixels_key, cairo_surface_reference (surface),
                               (cairo_destroy_func_t) cairo_surface_destroy);
  return argb;
}

GbacwBackgroundImage *
gbacw_background_image_new (cairo_surface_t *surface)
{
  GbacwBackgroundImage *self;
  cairo_surface_t *level;

  g_return_val_if_fail (surface != NULL, NULL);
  g_return_val_if_fail (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE, NULL);
  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32 ||
                        cairo_image_surface_get_format (surface) == CAIRO_FORMAT_RGB24, NULL);

  self = g_object_new (GBACW_TYPE_BACKGROUND_IMAGE, NULL);
  level = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_RGB24 ? as_argb32 (surface)
                                                                          : cairo_surface_reference (surface);
  g_ptr_array_add (self->levels, level);
  while (cairo_image_surface_get_width (level) > MIN_LEVEL_SIZE || cairo_image_surface_get_height (level) > MIN_LEVEL_SIZE)
    {
      level = half_size (level);
      g_ptr_array_add (self->levels, level);
    }
  return self;
}

#ifdef HAVE_GDK_PIXBUF
static cairo_surface_t *
surface_from_pixbuf (GdkPixbuf *pixbuf)
{
  int w = gdk_pixbuf_get_width (pixbuf), h = gdk_pixbuf_get_height (pixbuf);
  int n = gdk_pixbuf_get_n_channels (pixbuf);
  gboolean alpha = gdk_pixbuf_get_has_alpha (pixbuf);
  int sstride = gdk_pixbuf_get_rowstride (pixbuf);
  const guint8 *src = gdk_pixbuf_read_pixels (pixbuf);
  cairo_surface_t *surface = cairo_image_surface_create (alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, w, h);
  guint8 *dst = cairo_image_surface_get_data (surface);
  int dstride = cairo_image_surface_get_stride (surface);

  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    return surface;
  for (int y = 0; y < h; y++)
    {
      const guint8 *p = src + (gsize) y * sstride;
      guint32 *q = (guint32 *) (dst + (gsize) y * dstride);
      for (int x = 0; x < w; x++, p += n)
        {
          guint32 a = alpha ? p[3] : 0xff;
          guint32 r = p[0], g = p[1], b = p[2];
          if (a != 0xff)
            {
              r = (r * a + 127) / 255;
              g = (g * a + 127) / 255;
              b = (b * a + 127) / 255;
            }
          q[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
  cairo_surface_mark_dirty (surface);
  return surface;
}
#endif

static gboolean
is_png (GBytes *bytes)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  gsize length;
  const guint8 *data = g_bytes_get_data (bytes, &length);

  return length >= sizeof signature && memcmp (data, signature, sizeof signature) == 0;
}

typedef struct {
  const guint8 *data;
  gsize length, offset;
} PngReader;

static cairo_status_t
read_png_bytes (void *closure, unsigned char *out, unsigned int length)
{
  PngReader *r = closure;

  if (length > r->length - r->offset)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (out, r->data + r->offset, length);
  r->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

/* The image in bytes, as an ARGB32 or RGB24 surface; NULL with an error naming display. */
static cairo_surface_t *
decode_image (GBytes *bytes, const char *display, GError **error)
{
  cairo_surface_t *surface = NULL;

  if (is_png (bytes))
    {
      PngReader reader = { NULL, 0, 0 };
      gsize length;
      const guint8 *data = g_bytes_get_data (bytes, &length);

      /* the size in the header (IHDR) first: a few bytes could ask for gigabytes */
      if (length >= 24)
        {
          guint64 w = ((guint64) data[16] << 24) | (data[17] << 16) | (data[18] << 8) | data[19];
          guint64 h = ((guint64) data[20] << 24) | (data[21] << 16) | (data[22] << 8) | data[23];
          if (w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE || w * h > MAX_IMAGE_PIXELS)
            {
              g_autofree char *size = g_strdup_printf ("%" G_GUINT64_FORMAT "×%" G_GUINT64_FORMAT, w, h);
              g_set_error (error, GBACW_BACKGROUND_IMAGE_ERROR, GBACW_BACKGROUND_IMAGE_ERROR_LOAD,
                           g_dngettext (GETTEXT_PACKAGE,
                                        "%s: the image is %s pixels; gbacw reads images of at most %u pixel a side "
                                        "and %u million pixels",
                                        "%s: the image is %s pixels; gbacw reads images of at most %u pixels a side "
                                        "and %u million pixels", (gulong) MAX_IMAGE_SIDE),
                           display, size, MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS / 1000000);
              return NULL;
            }
        }
      reader.data = g_bytes_get_data (bytes, &reader.length);
      surface = cairo_image_surface_create_from_png_stream (read_png_bytes, &reader);
      if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
        {
          g_set_error (error, GBACW_BACKGROUND_IMAGE_ERROR, GBACW_BACKGROUND_IMAGE_ERROR_LOAD,
                       _("%s: cannot read the PNG image (%s)"), display,
                       cairo_status_to_string (cairo_surface_status (surface)));
          cairo_surface_destroy (surface);
          return NULL;
        }
      /* cairo reads grey and palette PNGs into other formats: make them RGB. */
      if (cairo_image_surface_get_format (surface) != CAIRO_FORMAT_ARGB32 &&
          cairo_image_surface_get_format (surface) != CAIRO_FORMAT_RGB24)
        {
          cairo_surface_t *rgb = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width (surface),
                                                             cairo_image_surface_get_height (surface));
          cairo_t *cr = cairo_create (rgb);
          cairo_set_source_surface (cr, surface, 0, 0);
          cairo_paint (cr);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
          surface = rgb;
        }
      return surface;
    }
#ifdef HAVE_GDK_PIXBUF
  {
    g_autoptr(GError) local = NULL;
    g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_bytes (bytes);
    g_autoptr(GdkPixbuf) pixbuf = gdk_pixbuf_new_from_stream (stream, NULL, &local);

    if (pixbuf == NULL)
      {
        g_set_error (error, GBACW_BACKGROUND_IMAGE_ERROR, GBACW_BACKGROUND_IMAGE_ERROR_LOAD,
                     _("%s: cannot read the image (%s)"), display, local->message);
        return NULL;
      }
    surface = surface_from_pixbuf (pixbuf);
    if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
      {
        g_set_error (error, GBACW_BACKGROUND_IMAGE_ERROR, GBACW_BACKGROUND_IMAGE_ERROR_LOAD,
                     _("%s: the image is too large (%s)"), display,
                     cairo_status_to_string (cairo_surface_status (surface)));
        cairo_surface_destroy (surface);
        return NULL;
      }
    return surface;
  }
#else
  g_set_error (error, GBACW_BACKGROUND_IMAGE_ERROR, GBACW_BACKGROUND_IMAGE_ERROR_UNSUPPORTED,
               _("%s: only PNG images can be read by this build (no gdk-pixbuf)"), display);
  return NULL;
#endif
}

GbacwBackgroundImage *
gbacw_background_image_new_from_bytes (GBytes      *bytes,
                                       const char  *display_name,
                                       GError     **error)
{
  cairo_surface_t *surface;
  GbacwBackgroundImage *self;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  surface = decode_image (bytes, display_name ? display_name : "(memory)", error);
  if (surface == NULL)
    return NULL;
  self = gbacw_background_image_new (surface);
  cairo_surface_destroy (surface);
  return self;
}

GbacwBackgroundImage *
gbacw_background_image_new_from_file (const char  *path,
                                      GError     **error)
{
  g_autofree char *display = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  display = g_filename_display_name (path);
  /* read whole and bounded (a named pipe or /dev/zero is refused), then decoded from memory */
  bytes = gbacw_file_read (path, GBACW_FILE_KIND_IMAGE, &local);
  if (bytes == NULL)
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        g_set_error (error, GBACW_BACKGROUND_IMAGE_ERROR, GBACW_BACKGROUND_IMAGE_ERROR_LOAD,
                     _("%s: no such image file"), display);
      else
        g_set_error_literal (error, GBACW_BACKGROUND_IMAGE_ERROR, GBACW_BACKGROUND_IMAGE_ERROR_LOAD, local->message);
      return NULL;
    }
  return gbacw_background_image_new_from_bytes (bytes, display, error);
}

int
gbacw_background_image_get_width (GbacwBackgroundImage *self)
{
  g_return_val_if_fail (GBACW_IS_BACKGROUND_IMAGE (self), 0);
  return cairo_image_surface_get_width (g_ptr_array_index (self->levels, 0));
}

int
gbacw_background_image_get_height (GbacwBackgroundImage *self)
{
  g_return_val_if_fail (GBACW_IS_BACKGROUND_IMAGE (self), 0);
  return cairo_image_surface_get_height (g_ptr_array_index (self->levels, 0));
}

guint
gbacw_background_image_get_n_levels (GbacwBackgroundImage *self)
{
  g_return_val_if_fail (GBACW_IS_BACKGROUND_IMAGE (self), 0);
  return self->levels->len;
}

cairo_surface_t *
gbacw_background_image_get_level (GbacwBackgroundImage *self,
                                  guint                 level)
{
  g_return_val_if_fail (GBACW_IS_BACKGROUND_IMAGE (self), NULL);
  g_return_val_if_fail (level < self->levels->len, NULL);
  return g_ptr_array_index (self->levels, level);
}

guint
gbacw_background_image_level_for (GbacwBackgroundImage *self,
                                  double                device_per_image)
{
  double image_per_device;
  guint level = 0;

  g_return_val_if_fail (GBACW_IS_BACKGROUND_IMAGE (self), 0);

  if (!(device_per_image > 0))
    return 0;
  /* The smallest level that still has at least one pixel per device pixel: sampled
   * bilinearly it shrinks by less than two, which bilinear filtering does well. */
  image_per_device = 1.0 / device_per_image;
  while (level + 1 < self->levels->len && image_per_device >= 2.0)
    {
      image_per_device /= 2.0;
      level++;
    }
  return level;
}

void
gbacw_background_image_draw (GbacwBackgroundImage    *self,
                             cairo_t                 *cr,
                             const double             transform[6],
                             double                   opacity,
                             const cairo_rectangle_t *clip)
{
  cairo_matrix_t t, inverse, ctm, m;
  cairo_pattern_t *pattern;
  cairo_surface_t *surface;
  double det_t, det_d, x0, y0, x1, y1;
  int w, h, lw, lh;
  guint level = 0;
  gboolean raster;

  g_return_if_fail (GBACW_IS_BACKGROUND_IMAGE (self));
  g_return_if_fail (cr != NULL);

  if (opacity <= 0)
    return;
  cairo_matrix_init (&t, transform[0], transform[1], transform[2], transform[3], transform[4], transform[5]);
  inverse = t;
  if (cairo_matrix_invert (&inverse) != CAIRO_STATUS_SUCCESS)
    return;

  w = gbacw_background_image_get_width (self);
  h = gbacw_background_image_get_height (self);

  /* Where the image lies on the map, to draw no transparent pixels around it. */
  x0 = y0 = G_MAXDOUBLE;
  x1 = y1 = -G_MAXDOUBLE;
  for (int i = 0; i < 4; i++)
    {
      double x = (i & 1) ? w : 0, y = (i & 2) ? h : 0;
      cairo_matrix_transform_point (&inverse, &x, &y);
      x0 = MIN (x0, x);
      y0 = MIN (y0, y);
      x1 = MAX (x1, x);
      y1 = MAX (y1, y);
    }
  if (clip != NULL)
    {
      x0 = MAX (x0, clip->x);
      y0 = MAX (y0, clip->y);
      x1 = MIN (x1, clip->x + clip->width);
      y1 = MIN (y1, clip->y + clip->height);
    }
  if (x1 <= x0 || y1 <= y0)
    return;

  raster = cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE;
  if (raster)
    {
      cairo_get_matrix (cr, &ctm);
      det_d = fabs (ctm.xx * ctm.yy - ctm.xy * ctm.yx);
      det_t = fabs (t.xx * t.yy - t.xy * t.yx);
      if (det_t > 0)
        level = gbacw_background_image_level_for (self, sqrt (det_d / det_t));
    }

  surface = g_ptr_array_index (self->levels, level);
  lw = cairo_image_surface_get_width (surface);
  lh = cairo_image_surface_get_height (surface);
  /* map units -> image pixels -> level pixels */
  cairo_matrix_init_scale (&m, (double) lw / w, (double) lh / h);
  cairo_matrix_multiply (&m, &t, &m);

  pattern = cairo_pattern_create_for_surface (surface);
  cairo_pattern_set_matrix (pattern, &m);
  cairo_pattern_set_filter (pattern, raster ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_NONE);

  cairo_save (cr);
  cairo_new_path (cr);
  if (raster && ctm.xy == 0 && ctm.yx == 0)
    {
      /* On an image, a clip on whole device pixels: cairo then composites the scan as one
       * box, where the fractional edges of a clip in map units make it composite row by
       * row through a mask, which cost as much again as sampling the scan. */
      double dx0 = x0, dy0 = y0, dx1 = x1, dy1 = y1;

      cairo_user_to_device (cr, &dx0, &dy0);
      cairo_user_to_device (cr, &dx1, &dy1);
      cairo_identity_matrix (cr);
      dx0 = round (dx0);
      dy0 = round (dy0);
      dx1 = round (dx1);
      dy1 = round (dy1);
      cairo_rectangle (cr, MIN (dx0, dx1), MIN (dy0, dy1), fabs (dx1 - dx0), fabs (dy1 - dy0));
      cairo_clip (cr);
      cairo_set_matrix (cr, &ctm);
    }
  else
    {
      cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
      cairo_clip (cr);
    }
  cairo_set_source (cr, pattern);
  if (opacity >= 1.0)
    cairo_paint (cr);
  else
    cairo_paint_with_alpha (cr, opacity);
  cairo_restore (cr);
  cairo_pattern_destroy (pattern);
}

char *
gbacw_background_image_resolve_path (const char *scenario_path,
                                     const char *file)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (file != NULL, NULL);

  if (g_path_is_absolute (file) || scenario_path == NULL)
    return g_strdup (file);
  dir = g_path_get_dirname (scenario_path);
  return g_build_filename (dir, file, NULL);
}

static double
det3 (double a, double b, double c,
      double d, double e, double f,
      double g, double h, double i)
{
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

gboolean
gbacw_background_calibrate (const double map_points[3][2],
                            const double image_points[3][2],
                            double       transform[6])
{
  const double (*p)[2] = map_points;
  double det, span = 0;

  g_return_val_if_fail (map_points != NULL && image_points != NULL && transform != NULL, FALSE);

  /* Solve, for each image coordinate, u = a mx + b my + c at the three points. */
  det = det3 (p[0][0], p[0][1], 1, p[1][0], p[1][1], 1, p[2][0], p[2][1], 1);
  for (int i = 1; i < 3; i++)
    span = MAX (span, hypot (p[i][0] - p[0][0], p[i][1] - p[0][1]));
  /* det is twice the triangle's area: reject slivers, not just exact lines. */
  if (span == 0 || fabs (det) < 1e-3 * span * span)
    return FALSE;

  for (int k = 0; k < 2; k++)
    {
      double u0 = image_points[0][k], u1 = image_points[1][k], u2 = image_points[2][k];
      double a = det3 (u0, p[0][1], 1, u1, p[1][1], 1, u2, p[2][1], 1) / det;
      double b = det3 (p[0][0], u0, 1, p[1][0], u1, 1, p[2][0], u2, 1) / det;
      double c = det3 (p[0][0], p[0][1], u0, p[1][0], p[1][1], u1, p[2][0], p[2][1], u2) / det;

      /* cairo order: xx yx xy yy x0 y0; x' = xx x + xy y + x0, y' = yx x + yy y + y0 */
      if (k == 0)
        {
          transform[0] = a;
          transform[2] = b;
          transform[4] = c;
        }
      else
        {
          transform[1] = a;
          transform[3] = b;
          transform[5] = c;
        }
    }
  return TRUE;
}

void
gbacw_background_fit_transform (double map_width,
                                double map_height,
                                int    image_width,
                                int    image_height,
                                double transform[6])
{
  g_return_if_fail (transform != NULL);

  transform[0] = map_width > 0 ? image_width / map_width : 1.0;
  transform[1] = 0;
  transform[2] = 0;
  transform[3] = map_height > 0 ? image_height / map_height : 1.0;
  transform[4] = 0;
  transform[5] = 0;
}
