/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-png-writer.h: writes a cairo image surface as a PNG file, fast.
 *
 * cairo_surface_write_to_png () compresses hard: on a 4000-pixel map it takes four
 * times as long as drawing the map. Maps are large areas of flat colour, which the
 * fastest zlib level with PNG's "up" filter compresses almost as well.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "gbacw-safe-write.h"

G_BEGIN_DECLS

/* surface: ARGB32 or RGB24. level: zlib level 1 (fastest) to 9. The file is written
 * atomically (gbacw-safe-write.h): a failure leaves an old file as it was. Errors are
 * G_FILE_ERROR for the file and G_IO_ERROR_FAILED for anything else. */
gboolean gbacw_png_write (cairo_surface_t *surface,
                          const char      *path,
                          int              level,
                          GError         **error);

/* The same to a stream, as cairo_surface_write_to_png_stream (): CAIRO_STATUS_WRITE_ERROR
 * when write failed, CAIRO_STATUS_NO_MEMORY when zlib did. */
cairo_status_t gbacw_png_write_to_stream (cairo_surface_t    *surface,
                                          int                 level,
                                          cairo_write_func_t  write,
                                          void               *closure);

/* A cairo_write_func_t whose closure is a GbacwSafeWriter. */
cairo_status_t gbacw_cairo_write_to_safe_writer (void                *closure,
                                                 const unsigned char *data,
                                                 unsigned int         length);

G_END_DECLS
