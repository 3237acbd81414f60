/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-png-writer.c: writes a cairo image surface as a PNG file, fast, through the safe writer. */
#define G_LOG_DOMAIN "gbacw-png-writer"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-png-writer.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>
#include <zlib.h>

#define CHUNK_OUT (256 * 1024)

static gboolean
write_chunk (cairo_write_func_t write, void *closure, const char *type, const guint8 *data, guint32 length)
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
  return write (closure, head, 8) == CAIRO_STATUS_SUCCESS &&
         (length == 0 || write (closure, data, length) == CAIRO_STATUS_SUCCESS) &&
         write (closure, tail, 4) == CAIRO_STATUS_SUCCESS;
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

cairo_status_t
gbacw_cairo_write_to_safe_writer (void                *closure,
                                  const unsigned char *data,
                                  unsigned int         length)
{
  return gbacw_safe_writer_write (closure, data, length) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

cairo_status_t
gbacw_png_write_to_stream (cairo_surface_t    *surface,
                           int                 level,
                           cairo_write_func_t  write,
                           void               *closure)
{
  int width, height, stride;
  gboolean has_alpha, ok = TRUE;
  cairo_status_t status = CAIRO_STATUS_SUCCESS;
  const guint8 *data;
  g_autofree guint8 *prev = NULL;
  g_autofree guint8 *row = NULL;
  g_autofree guint8 *out = NULL;
  guint8 ihdr[13];
  z_stream z;

  g_return_val_if_fail (surface != NULL && write != NULL, CAIRO_STATUS_NULL_POINTER);
  g_return_val_if_fail (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE, CAIRO_STATUS_SURFACE_TYPE_MISMATCH);
  g_return_val_if_fail (cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32 ||
                        cairo_image_surface_get_format (surface) == CAIRO_FORMAT_RGB24, CAIRO_STATUS_INVALID_FORMAT);

  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  data = cairo_image_surface_get_data (surface);
  has_alpha = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32;

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
  ok = write (closure, (const unsigned char *) "\x89PNG\r\n\x1a\n", 8) == CAIRO_STATUS_SUCCESS &&
       write_chunk (write, closure, "IHDR", ihdr, sizeof ihdr);
  if (!ok)
    return CAIRO_STATUS_WRITE_ERROR;

  memset (&z, 0, sizeof z);
  if (deflateInit (&z, CLAMP (level, 1, 9)) != Z_OK)
    return CAIRO_STATUS_NO_MEMORY;
  prev = g_malloc0 ((gsize) width * 4);
  row = g_malloc ((gsize) width * 4 + 1);
  out = g_malloc (CHUNK_OUT);
  z.next_out = out;
  z.avail_out = CHUNK_OUT;
  for (int y = 0; status == CAIRO_STATUS_SUCCESS && y <= height; y++)
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
          int result = deflate (&z, flush);
          if (result == Z_STREAM_ERROR)
            {
              status = CAIRO_STATUS_NO_MEMORY;
              break;
            }
          if (z.avail_out == 0 || (flush == Z_FINISH && result == Z_STREAM_END))
            {
              if (!write_chunk (write, closure, "IDAT", out, CHUNK_OUT - z.avail_out))
                status = CAIRO_STATUS_WRITE_ERROR;
              z.next_out = out;
              z.avail_out = CHUNK_OUT;
            }
          if (status != CAIRO_STATUS_SUCCESS || (flush == Z_FINISH ? result == Z_STREAM_END : z.avail_in == 0))
            break;
        }
    }
  deflateEnd (&z);
  if (status == CAIRO_STATUS_SUCCESS && !write_chunk (write, closure, "IEND", NULL, 0))
    status = CAIRO_STATUS_WRITE_ERROR;
  return status;
}

gboolean
gbacw_png_write (cairo_surface_t *surface,
                 const char      *path,
                 int              level,
                 GError         **error)
{
  GbacwSafeWriter *out;
  cairo_status_t status;

  g_return_val_if_fail (surface != NULL && path != NULL, FALSE);

  out = gbacw_safe_writer_open (path, GBACW_SAFE_WRITE_NONE, error);
  if (out == NULL)
    return FALSE;
  status = gbacw_png_write_to_stream (surface, level, gbacw_cairo_write_to_safe_writer, out);
  /* a failed write is the writer's to report, with the file's name and what to do */
  if (status != CAIRO_STATUS_SUCCESS && !gbacw_safe_writer_has_failed (out))
    {
      g_autofree char *display = g_filename_display_name (path);
      gbacw_safe_writer_abort (out);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s: could not encode the image: %s"), display,
                   cairo_status_to_string (status));
      return FALSE;
    }
  return gbacw_safe_writer_commit (out, error);
}
