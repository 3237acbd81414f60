/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-viewport.h: which part of the map a view shows, and how large.
 *
 * Pan and zoom only, no drawing: the centre of the view in map units (hex radius
 * 1) and the scale in pixels per map unit, clamped between the whole map in view
 * and a single hex filling the view. The centre stays on the map (the view may show
 * past the map's edge up to its middle); all the way out, the whole map is centred.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define GBACW_TYPE_VIEWPORT (gbacw_viewport_get_type ())
G_DECLARE_FINAL_TYPE (GbacwViewport, gbacw_viewport, GBACW, VIEWPORT, GObject)

GbacwViewport *gbacw_viewport_new (void);

/* The size of the view in pixels and of the map in map units; both re-clamp the view. */
void    gbacw_viewport_set_view_size (GbacwViewport *self, double width, double height);
void    gbacw_viewport_set_map_size (GbacwViewport *self, double width, double height);
double  gbacw_viewport_get_view_width (GbacwViewport *self);
double  gbacw_viewport_get_view_height (GbacwViewport *self);

double  gbacw_viewport_get_centre_x (GbacwViewport *self);
double  gbacw_viewport_get_centre_y (GbacwViewport *self);
void    gbacw_viewport_set_centre (GbacwViewport *self, double x, double y);
double  gbacw_viewport_get_scale (GbacwViewport *self);
void    gbacw_viewport_set_scale (GbacwViewport *self, double scale);
double  gbacw_viewport_get_min_scale (GbacwViewport *self);
double  gbacw_viewport_get_max_scale (GbacwViewport *self);

/* Zooms by factor keeping the map point under view pixel (x, y) where it is. */
void    gbacw_viewport_zoom_at (GbacwViewport *self, double factor, double x, double y);
/* Moves the map by (dx, dy) view pixels. */
void    gbacw_viewport_pan_by (GbacwViewport *self, double dx, double dy);
/* The whole map, centred. */
void    gbacw_viewport_fit (GbacwViewport *self);

void    gbacw_viewport_view_to_map (GbacwViewport *self, double x, double y, double *map_x, double *map_y);
void    gbacw_viewport_map_to_view (GbacwViewport *self, double map_x, double map_y, double *x, double *y);

G_END_DECLS
