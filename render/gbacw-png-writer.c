/* gbacw-png-writer.c: writes a cairo image surface as a PNG file, fast. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-png-writer.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#define CHUNK_OUT (256 * 1024)

static gboolean
write_chunk (FILE *f, const char *type, const guint8 *data, guint32 length)
{
  guint8 head[8];
  guint8 tail[4];
  guint32 crc;

  head[0] = length >> 24;
  head[1] = length >> 16;
  head[2] = length >> 8;
  head[3] = length;
  memcpy (head + 4, type, 4);
  crc = crc32 (0, head + 4, 4);
  if (length > 0)
    crc = crc32 (crc, data, length);
  tail[0] = crc >> 24;
  tail[1] = crc >> 16;
  tail[2] = crc >> 8;
  tail[3] = crc;
  return fwrite (head, 1, 8, f) == 8 && (length == 0 || fwrite (data, 1, length, f) == length) &&
         fwrite (tail, 1, 4, f) == 4;
}

/* One row of premultiplied native-endian ARGB as straight RGBA bytes. */
static void
unpremultiply_row (const guint32 *in, guint8 *out, int width, gboolean has_alpha)
{
  for (int x = 0; x < width; x++)
    {
      guint32 p = in[x];
      guint32 a = has_alpha ? p >> 24 : 0xff;
      guint32 r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

      if (a == 0)
        r = g = b = 0;
      else if (a != 0xff)
        {
          r = (r * 255 + a / 2) / a;
          g = (g * 255 + a / 2) / a;
          b = (b * 255 + a / 2) / a;
        }
      out[4 * x] = r;
      out[4 * x + 1] = g;
      out[4 * x + 2] = b;
      out[4 * x + 3] = a;
    }
}

gboolean
gbacw_png_write (cairo_surface_t *surface,
                 const char      *path,
                 int              level,
                 GError         **error)
{
  int width, height, stride, saved_errno;
  gboolean has_alpha, ok = TRUE;
  const guint8 *data;
  g_autofree guint8 *prev = NULL;
  g_autofree guint8 *row = NULL;
  g_autofree guint8 *out = NULL;
  guint8 ihdr[13];
  z_stream z;
  FILE *f;

  g_return_val_if_fail (surface != NULL && path != NULL, FALSE);
  g_return_val_if_fail (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE, FALSE);
  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32 ||
                        cairo_image_surface_get_format (surface) == CAIRO_FORMAT_RGB24, FALSE);

  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  data = cairo_image_surface_get_data (surface);
  has_alpha = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32;

  f = g_fopen (path, "wb");
  if (f == NULL)
    {
      saved_errno = errno;
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), "%s: %s", display,
                   g_strerror (saved_errno));
      return FALSE;
    }

  ihdr[0] = width >> 24;
  ihdr[1] = width >> 16;
  ihdr[2] = width >> 8;
  ihdr[3] = width;
  ihdr[4] = height >> 24;
  ihdr[5] = height >> 16;
  ihdr[6] = height >> 8;
  ihdr[7] = height;
  ihdr[8] = 8;   /* bits per channel */
  ihdr[9] = 6;   /* RGBA */
  ihdr[10] = ihdr[11] = ihdr[12] = 0;
  ok = fwrite ("\x89PNG\r\n\x1a\n", 1, 8, f) == 8 && write_chunk (f, "IHDR", ihdr, sizeof ihdr);

  memset (&z, 0, sizeof z);
  if (ok && deflateInit (&z, CLAMP (level, 1, 9)) != Z_OK)
    ok = FALSE;
  prev = g_malloc0 ((gsize) width * 4);
  row = g_malloc ((gsize) width * 4 + 1);
  out = g_malloc (CHUNK_OUT);
  z.next_out = out;
  z.avail_out = CHUNK_OUT;
  for (int y = 0; ok && y <= height; y++)
    {
      int flush = y == height ? Z_FINISH : Z_NO_FLUSH;

      if (y < height)
        {
          /* Filter "up": the difference from the row above, zero over flat colour. */
          guint8 *cur = row + 1;
          unpremultiply_row ((const guint32 *) (data + (gsize) y * stride), cur, width, has_alpha);
          row[0] = 2;
          for (int i = 0; i < width * 4; i++)
            {
              guint8 v = cur[i];
              cur[i] = (guint8) (v - prev[i]);
              prev[i] = v;
            }
          z.next_in = row;
          z.avail_in = (uInt) width * 4 + 1;
        }
      else
        {
          z.next_in = NULL;
          z.avail_in = 0;
        }
      for (;;)
        {
          int status = deflate (&z, flush);
          if (status == Z_STREAM_ERROR)
            {
              ok = FALSE;
              break;
            }
          if (z.avail_out == 0 || (flush == Z_FINISH && status == Z_STREAM_END))
            {
              ok = write_chunk (f, "IDAT", out, CHUNK_OUT - z.avail_out);
              z.next_out = out;
              z.avail_out = CHUNK_OUT;
            }
          if (!ok || (flush == Z_FINISH ? status == Z_STREAM_END : z.avail_in == 0))
            break;
        }
    }
  deflateEnd (&z);
  ok = ok && write_chunk (f, "IEND", NULL, 0);
  saved_errno = errno;
  if (fclose (f) != 0 && ok)
    {
      ok = FALSE;
      saved_errno = errno;
    }
  if (!ok)
    {
      g_autofree char *display = g_filename_display_name (path);
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno ? saved_errno : EIO), "%s: %s", display,
                   g_strerror (saved_errno ? saved_errno : EIO));
      g_unlink (path);
    }
  return ok;
}
