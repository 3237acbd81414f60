/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-markers.h: marks on the map at the hexes and hexsides that have findings.
 *
 * The map canvas keeps a list of markers (gbacw_map_canvas_set_markers ()) and draws
 * them over its cached tiles with these functions; the findings panel makes the list.
 * Cairo only: everything is drawn in map units (hex radius 1).
 */
#pragma once

#include <cairo.h>

#include "gbacw-hex-grid.h"

G_BEGIN_DECLS

/* The colour of a mark, in increasing order of concern. */
typedef enum {
  GBACW_MAP_MARKER_INFO,
  GBACW_MAP_MARKER_WARNING,
  GBACW_MAP_MARKER_ERROR,
} GbacwMapMarkerLevel;

typedef struct {
  int hex;                    /* hex index: the hex marked, or the hex a hexside is named from */
  int direction;              /* the marked hexside's direction from hex; -1 marks the hex itself */
  GbacwMapMarkerLevel level;
} GbacwMapMarker;

/* Draws the markers whose hex lies within visible (map units), and skips those off the
 * grid. px is one widget pixel in map units: marks keep a legible size at every zoom. */
void gbacw_map_markers_draw (cairo_t                 *cr,
                             const GbacwHexGrid      *grid,
                             const GbacwMapMarker    *markers,
                             guint                    n_markers,
                             const cairo_rectangle_t *visible,
                             double                   px);

/* Outlines the selected hex (direction -1) or hexside. */
void gbacw_map_markers_draw_highlight (cairo_t            *cr,
                                       const GbacwHexGrid *grid,
                                       int                 hex,
                                       int                 direction,
                                       double              px);

G_END_DECLS
