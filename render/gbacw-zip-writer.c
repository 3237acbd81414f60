/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-zip-writer.c: a ZIP archive written in one pass (APPNOTE.TXT 4.3, no ZIP64). */
#define G_LOG_DOMAIN "gbacw-zip-writer"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-zip-writer.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <string.h>
#include <zlib.h>

#include "gbacw-safe-write.h"

#define ZIP_METHOD_STORED   0
#define ZIP_METHOD_DEFLATED 8
#define ZIP_VERSION         20       /* 2.0: deflate */
#define ZIP_FLAG_UTF8       (1 << 11)
#define ZIP_MAX_ENTRIES     0xffff
#define ZIP_MAX_OFFSET      G_GUINT64_CONSTANT (0xffffffff)

struct _GbacwZipWriter {
  GbacwSafeWriter *out;
  char *path;
  GByteArray *directory;   /* central directory records, written at the end */
  guint n_entries;
  guint64 offset;          /* bytes written so far */
  guint16 dos_time, dos_date;
  gboolean failed;
};

static void
put16 (GByteArray *b, guint v)
{
  guint8 d[2] = { v & 0xff, (v >> 8) & 0xff };
  g_byte_array_append (b, d, 2);
}

static void
put32 (GByteArray *b, guint32 v)
{
  guint8 d[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff };
  g_byte_array_append (b, d, 4);
}

static gboolean
fail (GbacwZipWriter *writer, GError **error, const char *why)
{
  g_autofree char *display = g_filename_display_name (writer->path);

  writer->failed = TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("%s: could not write the archive: %s"), display, why);
  return FALSE;
}

GbacwZipWriter *
gbacw_zip_writer_open (const char *path, GError **error)
{
  GbacwSafeWriter *out = gbacw_safe_writer_open (path, GBACW_SAFE_WRITE_NONE, error);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  GbacwZipWriter *writer;

  if (out == NULL)
    return NULL;
  writer = g_new0 (GbacwZipWriter, 1);
  writer->out = out;
  writer->path = g_strdup (path);
  writer->directory = g_byte_array_new ();
  /* MS-DOS time: two-second steps, years from 1980. */
  writer->dos_time = (guint16) ((g_date_time_get_hour (now) << 11) | (g_date_time_get_minute (now) << 5)
                                | (g_date_time_get_second (now) / 2));
  writer->dos_date = (guint16) (((MAX (g_date_time_get_year (now), 1980) - 1980) << 9)
                                | (g_date_time_get_month (now) << 5) | g_date_time_get_day_of_month (now));
  return writer;
}

/* Raw deflate (no zlib header) of data; NULL when zlib fails. */
static GByteArray *
deflate_raw (const void *data, gsize length)
{
  z_stream z = { 0 };
  GByteArray *out;
  int status;

  if (deflateInit2 (&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return NULL;
  out = g_byte_array_new ();
  g_byte_array_set_size (out, (guint) MIN (deflateBound (&z, (uLong) length), G_MAXUINT32));
  z.next_in = (Bytef *) data;
  z.avail_in = (uInt) length;
  z.next_out = out->data;
  z.avail_out = out->len;
  status = deflate (&z, Z_FINISH);
  deflateEnd (&z);
  if (status != Z_STREAM_END)
    {
      g_byte_array_unref (out);
      return NULL;
    }
  g_byte_array_set_size (out, (guint) z.total_out);
  return out;
}

gboolean
gbacw_zip_writer_add (GbacwZipWriter *writer, const char *name, const void *data, gsize length, GError **error)
{
  g_autoptr (GByteArray) header = g_byte_array_new ();
  g_autoptr (GByteArray) packed = NULL;
  gsize name_len = strlen (name);
  const void *body = data;
  gsize body_len = length;
  guint method = ZIP_METHOD_STORED;
  guint32 crc;

  g_return_val_if_fail (writer != NULL && name != NULL && (data != NULL || length == 0), FALSE);

  if (writer->failed)
    return fail (writer, error, _("an earlier entry failed"));
  if (writer->n_entries >= ZIP_MAX_ENTRIES || name_len > 0xffff || length > ZIP_MAX_OFFSET)
    return fail (writer, error, _("too many or too large files for a ZIP archive"));

  crc = (guint32) crc32 (crc32 (0L, Z_NULL, 0), data, (uInt) length);
  if (length > 0)
    {
      packed = deflate_raw (data, length);
      if (packed == NULL)
        return fail (writer, error, _("compression failed"));
      if (packed->len < length)
        {
          method = ZIP_METHOD_DEFLATED;
          body = packed->data;
          body_len = packed->len;
        }
    }
  if (writer->offset + 30 + name_len + body_len > ZIP_MAX_OFFSET)
    return fail (writer, error, _("the archive would be larger than 4 GiB"));

  /* local file header */
  put32 (header, 0x04034b50);
  put16 (header, ZIP_VERSION);
  put16 (header, ZIP_FLAG_UTF8);
  put16 (header, method);
  put16 (header, writer->dos_time);
  put16 (header, writer->dos_date);
  put32 (header, crc);
  put32 (header, (guint32) body_len);
  put32 (header, (guint32) length);
  put16 (header, (guint) name_len);
  put16 (header, 0);
  g_byte_array_append (header, (const guint8 *) name, (guint) name_len);

  /* its central directory record */
  put32 (writer->directory, 0x02014b50);
  put16 (writer->directory, (3 << 8) | ZIP_VERSION);   /* made by: Unix */
  put16 (writer->directory, ZIP_VERSION);
  put16 (writer->directory, ZIP_FLAG_UTF8);
  put16 (writer->directory, method);
  put16 (writer->directory, writer->dos_time);
  put16 (writer->directory, writer->dos_date);
  put32 (writer->directory, crc);
  put32 (writer->directory, (guint32) body_len);
  put32 (writer->directory, (guint32) length);
  put16 (writer->directory, (guint) name_len);
  put16 (writer->directory, 0);   /* extra */
  put16 (writer->directory, 0);   /* comment */
  put16 (writer->directory, 0);   /* disk */
  put16 (writer->directory, 0);   /* internal attributes */
  put32 (writer->directory, (guint32) 0100644 << 16);  /* external: a regular file, rw-r--r-- */
  put32 (writer->directory, (guint32) writer->offset);
  g_byte_array_append (writer->directory, (const guint8 *) name, (guint) name_len);

  if (!gbacw_safe_writer_write (writer->out, header->data, header->len)
      || !gbacw_safe_writer_write (writer->out, body, body_len))
    {
      writer->failed = TRUE;
      /* Committing a failed writer replaces nothing and reports the write's failure in the
       * safe writer's words: the file, the cause and what to do. */
      gbacw_safe_writer_commit (g_steal_pointer (&writer->out), error);
      return FALSE;
    }
  writer->offset += header->len + body_len;
  writer->n_entries++;
  return TRUE;
}

gboolean
gbacw_zip_writer_commit (GbacwZipWriter *writer, GError **error)
{
  g_autoptr (GByteArray) end = g_byte_array_new ();
  gboolean ok;

  g_return_val_if_fail (writer != NULL, FALSE);

  if (writer->failed || writer->offset + writer->directory->len > ZIP_MAX_OFFSET)
    {
      fail (writer, error, writer->failed ? _("an earlier entry failed") : _("the archive would be larger than 4 GiB"));
      gbacw_zip_writer_abort (writer);
      return FALSE;
    }
  put32 (end, 0x06054b50);
  put16 (end, 0);
  put16 (end, 0);
  put16 (end, writer->n_entries);
  put16 (end, writer->n_entries);
  put32 (end, writer->directory->len);
  put32 (end, (guint32) writer->offset);
  put16 (end, 0);
  gbacw_safe_writer_write (writer->out, writer->directory->data, writer->directory->len);
  gbacw_safe_writer_write (writer->out, end->data, end->len);
  ok = gbacw_safe_writer_commit (g_steal_pointer (&writer->out), error);
  gbacw_zip_writer_abort (writer);
  return ok;
}

void
gbacw_zip_writer_abort (GbacwZipWriter *writer)
{
  if (writer == NULL)
    return;
  gbacw_safe_writer_abort (writer->out);
  g_byte_array_unref (writer->directory);
  g_free (writer->path);
  g_free (writer);
}
