/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-zip-writer.h: writes a ZIP archive (a VASSAL module is one) through the safe writer.
 *
 * Entries are added whole, from memory: each is deflated with zlib, or stored when
 * deflating would not make it smaller (PNG images), and its CRC-32 and sizes go into
 * the local header, so that no data descriptors are needed and any unzip reads it.
 * No ZIP64: an archive, and every entry, stays under 4 GiB and 65535 entries.
 * Nothing is visible at the target path until gbacw_zip_writer_commit () succeeds
 * (gbacw-safe-write.h).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _GbacwZipWriter GbacwZipWriter;

GbacwZipWriter *gbacw_zip_writer_open   (const char      *path,
                                         GError         **error);
/* name: the entry's path inside the archive, '/' separated. FALSE (error set) when the
 * data cannot be compressed or written, or the archive would outgrow the format; the
 * writer is then failed and only abort is left to do. */
gboolean        gbacw_zip_writer_add    (GbacwZipWriter  *writer,
                                         const char      *name,
                                         const void      *data,
                                         gsize            length,
                                         GError         **error);
/* Writes the central directory and replaces the target; frees writer either way. */
gboolean        gbacw_zip_writer_commit (GbacwZipWriter  *writer,
                                         GError         **error);
/* Leaves the target untouched; frees writer. NULL is allowed. */
void            gbacw_zip_writer_abort  (GbacwZipWriter  *writer);

G_END_DECLS
