/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-renderer.h: draws a scenario's map with cairo, like a printed SPI map.
 *
 * Cairo only (no GTK), so that the editor and the command line share it. The cairo
 * context's user space is in pixels: map point (x, y), in hex radii, is drawn at
 * (x * scale, y * scale). To show a part of the map, translate the context and
 * pass that part as `visible`; only what intersects it is drawn.
 */
#pragma once

#include <cairo.h>

#include "gbacw-background-image.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_LAYER_BIT_BACKGROUND  = 1 << 0,
  GBACW_LAYER_BIT_TERRAIN     = 1 << 1,
  GBACW_LAYER_BIT_ELEVATION   = 1 << 2,
  GBACW_LAYER_BIT_HEXSIDES    = 1 << 3,
  GBACW_LAYER_BIT_ROADS       = 1 << 4,
  GBACW_LAYER_BIT_AREAS       = 1 << 5,
  GBACW_LAYER_BIT_LABELS      = 1 << 6,
  GBACW_LAYER_BIT_GRID        = 1 << 7,
  GBACW_LAYER_BIT_HEX_NUMBERS = 1 << 8,
  GBACW_LAYER_BIT_UNITS       = 1 << 9,
  GBACW_LAYER_BIT_ALL         = 0x3ff,
} GbacwLayerBits;

#define GBACW_N_LAYERS 10

/* "background", "terrain", … "units": the layer's name for actions and the command line;
 * NULL if bit is not a single layer bit. */
const char *gbacw_layer_bit_to_string (guint bit);
/* 0 if unknown. */
guint       gbacw_layer_bit_from_string (const char *name);

/* Draws the layers of the map that intersect visible (map units; NULL = the whole map). */
void gbacw_map_render (cairo_t                 *cr,
                       const GbacwScenario     *scenario,
                       guint                    layers,
                       double                   scale,
                       const cairo_rectangle_t *visible);

/* Associates the background image (the scan of the paper map) with a scenario: later
 * calls that draw its background layer and pass no image draw this one, placed by
 * scenario->map->background. The association holds only while background.file is
 * the file given here, so that it never draws the wrong scan; NULL image or file
 * removes it. The editor sets it once per loaded scan, for whatever draws the map. */
void gbacw_map_renderer_set_background_image (const GbacwScenario  *scenario,
                                              const char           *file,
                                              GbacwBackgroundImage *image);
/* The image set for the scenario and its current background file, or NULL. */
GbacwBackgroundImage *gbacw_map_renderer_get_background_image (const GbacwScenario *scenario);

/* As gbacw_map_render (), with this background image (NULL: the one associated with the
 * scenario, if any; else paper only) drawn in the background layer over the terrain
 * colours and under all lines and text, at its opacity (a fade from map to scan),
 * placed by scenario->map->background (transform, opacity). */
void gbacw_map_render_with_background (cairo_t                 *cr,
                                       const GbacwScenario     *scenario,
                                       GbacwBackgroundImage    *background,
                                       guint                    layers,
                                       double                   scale,
                                       const cairo_rectangle_t *visible);

/* How the map is drawn besides which layers. */
typedef enum {
  /* The scan under the terrain colours (it shows where no terrain is painted) instead of
   * over them at its opacity. */
  GBACW_RENDER_SCAN_UNDER_TERRAIN = 1 << 0,
} GbacwRenderFlags;

/* As gbacw_map_render_with_background (), drawn as flags (GbacwRenderFlags) say. */
void gbacw_map_render_with_flags (cairo_t                 *cr,
                                  const GbacwScenario     *scenario,
                                  GbacwBackgroundImage    *background,
                                  guint                    layers,
                                  guint                    flags,
                                  double                   scale,
                                  const cairo_rectangle_t *visible);

/* Redraws only these hexes (hex indices), clipped to them: their area is cleared to
 * transparent and drawn again, hexside features and lines included; pixels outside the
 * hexes are not touched. */
void gbacw_map_render_hexes (cairo_t             *cr,
                             const GbacwScenario *scenario,
                             guint                layers,
                             double               scale,
                             const int           *hexes,
                             guint                n_hexes);

/* As gbacw_map_render_hexes (), with the background image (NULL: as above). */
void gbacw_map_render_hexes_with_background (cairo_t              *cr,
                                             const GbacwScenario  *scenario,
                                             GbacwBackgroundImage *background,
                                             guint                 layers,
                                             double                scale,
                                             const int            *hexes,
                                             guint                 n_hexes);

/* As gbacw_map_render_hexes_with_background (), drawn as flags (GbacwRenderFlags) say. */
void gbacw_map_render_hexes_with_flags (cairo_t              *cr,
                                        const GbacwScenario  *scenario,
                                        GbacwBackgroundImage *background,
                                        guint                 layers,
                                        guint                 flags,
                                        double                scale,
                                        const int            *hexes,
                                        guint                 n_hexes);

/* The rectangle (map units) a hex's drawing can touch: its bounding box. */
void gbacw_map_render_hex_bounds (const GbacwScenario *scenario,
                                  int                  hex,
                                  cairo_rectangle_t   *bounds);

/* Whether hex numbers are drawn at this scale (hexes at least ~28 pixels across). */
gboolean gbacw_map_render_shows_hex_numbers (const GbacwScenario *scenario,
                                             double               scale);

G_END_DECLS
