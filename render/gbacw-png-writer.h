/* gbacw-png-writer.h: writes a cairo image surface as a PNG file, fast.
 *
 * cairo_surface_write_to_png () compresses hard: on a 4000-pixel map it takes four
 * times as long as drawing the map. Maps are large areas of flat colour, which the
 * fastest zlib level with PNG's "up" filter compresses almost as well.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* surface: ARGB32 or RGB24. level: zlib level 1 (fastest) to 9. Errors are
 * G_FILE_ERROR for the file and G_IO_ERROR_FAILED for anything else. */
gboolean gbacw_png_write (cairo_surface_t *surface,
                          const char      *path,
                          int              level,
                          GError         **error);

G_END_DECLS
