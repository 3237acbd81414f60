/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-background-image.h: a scanned paper map drawn under the hex map.
 *
 * Holds the image and a chain of half-size copies (a mipmap), so that drawing any
 * part of a large scan (a 34x22 inch map at 150 dpi is 5100x3300 pixels) at any
 * zoom costs about as much as the pixels drawn, never the whole image. Cairo only,
 * no GTK: the caller (or gbacw_background_image_new_from_file ()) loads the file.
 *
 * The scenario's GbacwBackground says where the image lies: transform maps map
 * units (hex radius 1) to image pixels.
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

G_BEGIN_DECLS

#define GBACW_BACKGROUND_IMAGE_ERROR (gbacw_background_image_error_quark ())

typedef enum {
  GBACW_BACKGROUND_IMAGE_ERROR_LOAD,         /* the file cannot be read or decoded */
  GBACW_BACKGROUND_IMAGE_ERROR_UNSUPPORTED,  /* a format this build cannot read */
} GbacwBackgroundImageError;

GQuark gbacw_background_image_error_quark (void);

#define GBACW_TYPE_BACKGROUND_IMAGE (gbacw_background_image_get_type ())
G_DECLARE_FINAL_TYPE (GbacwBackgroundImage, gbacw_background_image, GBACW, BACKGROUND_IMAGE, GObject)

/* surface: an image surface (ARGB32 or RGB24); a reference is taken. */
GbacwBackgroundImage *gbacw_background_image_new (cairo_surface_t *surface);
/* PNG (cairo) or, when built with gdk-pixbuf, JPEG and the other formats it reads. The
 * file is read with gbacw_file_read () (at most 256 MiB, only a regular file). */
GbacwBackgroundImage *gbacw_background_image_new_from_file (const char *path, GError **error);
/* The same from the file's bytes; display_name names it in messages (NULL: "(memory)"). */
GbacwBackgroundImage *gbacw_background_image_new_from_bytes (GBytes *bytes, const char *display_name, GError **error);

int              gbacw_background_image_get_width (GbacwBackgroundImage *self);
int              gbacw_background_image_get_height (GbacwBackgroundImage *self);
/* Level 0 is the image itself, each next level half the size; at least one level. */
guint            gbacw_background_image_get_n_levels (GbacwBackgroundImage *self);
cairo_surface_t *gbacw_background_image_get_level (GbacwBackgroundImage *self, guint level);

/* Draws the image on cr, whose user space is map units, with transform (map units ->
 * image pixels, cairo's xx yx xy yy x0 y0) at opacity, clipped to clip (map units;
 * NULL = no clip). On an image surface the mipmap level nearest above the device
 * resolution is sampled bilinearly; on vector surfaces (PDF, SVG) the full image. */
void gbacw_background_image_draw (GbacwBackgroundImage    *self,
                                  cairo_t                 *cr,
                                  const double             transform[6],
                                  double                   opacity,
                                  const cairo_rectangle_t *clip);

/* The level that drawing at device_per_image device pixels per image pixel samples. */
guint gbacw_background_image_level_for (GbacwBackgroundImage *self, double device_per_image);

/* The image file of a scenario: file as stored in the scenario (relative to it, or
 * absolute), scenario_path the scenario's file (NULL: relative to the current folder). */
char *gbacw_background_image_resolve_path (const char *scenario_path, const char *file);

/* The affine transform (map units -> image pixels) that takes each of three map points
 * to its image point. FALSE when the map points are (nearly) on a line. */
gboolean gbacw_background_calibrate (const double map_points[3][2],
                                     const double image_points[3][2],
                                     double       transform[6]);

/* A first guess before calibration: the image stretched over the map's extent
 * (map_width x map_height map units). */
void gbacw_background_fit_transform (double map_width,
                                     double map_height,
                                     int    image_width,
                                     int    image_height,
                                     double transform[6]);

G_END_DECLS
