/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-export-private.h: what the Tiled and VASSAL exporters share. */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* The image's PNG bytes; NULL and an error when cairo or zlib fails. */
GBytes          *gbacw_export_png_bytes (cairo_surface_t *surface,
                                         GError         **error);

/* An ARGB32 surface of width x height, cleared; NULL and an error (GBACW_EXPORT_ERROR_TOO_LARGE)
 * when it is larger than cairo allows or memory runs out. what names the image in the error. */
cairo_surface_t *gbacw_export_surface_new (int          width,
                                           int          height,
                                           const char  *what,
                                           GError     **error);

/* One counter drawn upright (its facing left to whoever shows it) in the middle of a square
 * ceil (size) pixels wide, size pixels across, as the map draws it. placement may be NULL. */
void             gbacw_export_draw_counter (cairo_t              *cr,
                                            const GbacwScenario  *scenario,
                                            const GbacwUnit      *unit,
                                            const GbacwPlacement *placement,
                                            double                size);

/* value with at most decimals digits after the point, trailing zeros left out, in the C
 * locale whatever the user's (XML files are read everywhere); returns buffer. */
#define GBACW_EXPORT_NUMBER_SIZE 40
char            *gbacw_export_number (char   buffer[GBACW_EXPORT_NUMBER_SIZE],
                                      double value,
                                      int    decimals);

/* "OUT.tmx" and "-terrain.png" give "OUT-terrain.png" beside it. */
char            *gbacw_export_sibling_path (const char *path,
                                            const char *extension,
                                            const char *suffix);

/* The unit's values as name/value pairs (a GPtrArray of GbacwParam*), the unset ones left out:
 * id, side, type, designation, formation, strength, morale, weapon, … as on the counter. */
GPtrArray       *gbacw_export_unit_values (const GbacwScenario  *scenario,
                                           const GbacwUnit      *unit,
                                           const GbacwPlacement *placement);

G_END_DECLS
