/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-layer-picture.c: a canvas layer's drawing kept as a picture of the view. */
#define G_LOG_DOMAIN "gbacw-layer-picture"

#include "config.h"

#include <math.h>
#include <string.h>

#include "gbacw-layer-picture.h"

/* The view a picture shows: the transformation from map units to the widget, the widget's
 * size and scale. */
typedef struct
{
  cairo_matrix_t matrix;
  int width, height, scale_factor;
} ViewKey;

struct _GbacwLayerPicture
{
  cairo_surface_t *surface;   /* NULL until drawn */
  ViewKey view;
  GBytes *content_key;
};

GbacwLayerPicture *
gbacw_layer_picture_new (void)
{
  return g_new0 (GbacwLayerPicture, 1);
}

void
gbacw_layer_picture_clear (GbacwLayerPicture *self)
{
  g_return_if_fail (self != NULL);
  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_clear_pointer (&self->content_key, g_bytes_unref);
}

void
gbacw_layer_picture_free (GbacwLayerPicture *self)
{
  if (self == NULL)
    return;
  gbacw_layer_picture_clear (self);
  g_free (self);
}

/* Draws the tiles of the picture (tile pixels square, from its top left corner) that meet
 * the box x0, y0, x1, y1 of its pixels, each clipped to itself: cleared when clear, then
 * render called. */
static void
render_tiles (GbacwLayerPicture           *self,
              const ViewKey               *key,
              int                          tile,
              const double                 box[4],
              gboolean                     clear,
              const GbacwCanvasLayerView  *view,
              GbacwLayerPictureRenderFunc  render,
              gpointer                     user_data)
{
  int sw = cairo_image_surface_get_width (self->surface), sh = cairo_image_surface_get_height (self->surface);
  int tx0 = MAX ((int) floor (box[0] / tile), 0), ty0 = MAX ((int) floor (box[1] / tile), 0);
  int tx1 = MIN ((int) ceil (box[2] / tile), (sw + tile - 1) / tile);
  int ty1 = MIN ((int) ceil (box[3] / tile), (sh + tile - 1) / tile);
  cairo_t *pcr = cairo_create (self->surface);

  for (int ty = ty0; ty < ty1; ty++)
    for (int tx = tx0; tx < tx1; tx++)
      {
        cairo_save (pcr);
        /* one tile over the whole picture: no clip */
        if (tile < sw || tile < sh)
          {
            cairo_rectangle (pcr, tx * tile, ty * tile, MIN (tile, sw - tx * tile), MIN (tile, sh - ty * tile));
            cairo_clip (pcr);
          }
        if (clear)
          {
            cairo_set_operator (pcr, CAIRO_OPERATOR_CLEAR);
            cairo_paint (pcr);
            cairo_set_operator (pcr, CAIRO_OPERATOR_OVER);
          }
        cairo_scale (pcr, key->scale_factor, key->scale_factor);
        cairo_transform (pcr, &key->matrix);
        render (user_data, pcr, view, key->scale_factor);
        cairo_restore (pcr);
      }
  cairo_destroy (pcr);
  cairo_surface_flush (self->surface);
}

GbacwLayerPictureResult
gbacw_layer_picture_draw_damaged (GbacwLayerPicture           *self,
                                  GbacwMapCanvas              *canvas,
                                  cairo_t                     *cr,
                                  const GbacwCanvasLayerView  *view,
                                  gconstpointer                content_key,
                                  gsize                        content_key_size,
                                  int                          tile,
                                  const cairo_rectangle_t     *damage,
                                  GbacwLayerPictureRenderFunc  render,
                                  gpointer                     user_data)
{
  GbacwLayerPictureResult result = GBACW_LAYER_PICTURE_KEPT;
  ViewKey key;

  g_return_val_if_fail (self != NULL && cr != NULL && view != NULL && render != NULL && tile > 0,
                        GBACW_LAYER_PICTURE_NONE);

  memset (&key, 0, sizeof key);
  cairo_get_matrix (cr, &key.matrix);
  key.width = canvas ? gtk_widget_get_width (GTK_WIDGET (canvas)) : (int) ceil (view->visible.width / view->px);
  key.height = canvas ? gtk_widget_get_height (GTK_WIDGET (canvas)) : (int) ceil (view->visible.height / view->px);
  key.scale_factor = canvas ? gtk_widget_get_scale_factor (GTK_WIDGET (canvas)) : 1;
  if (key.width <= 0 || key.height <= 0 || key.scale_factor <= 0)
    return GBACW_LAYER_PICTURE_NONE;

  if (self->surface == NULL || memcmp (&key, &self->view, sizeof key) != 0 || self->content_key == NULL ||
      g_bytes_get_size (self->content_key) != content_key_size ||
      memcmp (g_bytes_get_data (self->content_key, NULL), content_key, content_key_size) != 0)
    {
      double all[4] = { 0, 0, key.width * key.scale_factor, key.height * key.scale_factor };

      gbacw_layer_picture_clear (self);
      self->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, key.width * key.scale_factor,
                                                  key.height * key.scale_factor);
      render_tiles (self, &key, tile, all, FALSE, view, render, user_data);
      self->view = key;
      self->content_key = g_bytes_new (content_key, content_key_size);
      result = GBACW_LAYER_PICTURE_DRAWN;
    }
  else if (damage != NULL && damage->width > 0 && damage->height > 0)
    {
      cairo_matrix_t to_surface;
      double x0 = damage->x, y0 = damage->y, x1 = damage->x + damage->width, y1 = damage->y + damage->height;
      double corners[4][2] = { { x0, y0 }, { x1, y0 }, { x0, y1 }, { x1, y1 } };
      double box[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };

      /* the box in the picture's pixels */
      cairo_matrix_init_scale (&to_surface, key.scale_factor, key.scale_factor);
      cairo_matrix_multiply (&to_surface, &key.matrix, &to_surface);
      for (int i = 0; i < 4; i++)
        {
          cairo_matrix_transform_point (&to_surface, &corners[i][0], &corners[i][1]);
          box[0] = MIN (box[0], corners[i][0]), box[2] = MAX (box[2], corners[i][0]);
          box[1] = MIN (box[1], corners[i][1]), box[3] = MAX (box[3], corners[i][1]);
        }
      if (box[2] > 0 && box[3] > 0 && box[0] < cairo_image_surface_get_width (self->surface) &&
          box[1] < cairo_image_surface_get_height (self->surface))
        {
          render_tiles (self, &key, tile, box, TRUE, view, render, user_data);
          result = GBACW_LAYER_PICTURE_BOX_DRAWN;
        }
    }

  /* the picture in the widget's pixels */
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_scale (cr, 1.0 / key.scale_factor, 1.0 / key.scale_factor);
  cairo_set_source_surface (cr, self->surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
  return result;
}

gboolean
gbacw_layer_picture_draw (GbacwLayerPicture           *self,
                          GbacwMapCanvas              *canvas,
                          cairo_t                     *cr,
                          const GbacwCanvasLayerView  *view,
                          gconstpointer                content_key,
                          gsize                        content_key_size,
                          GbacwLayerPictureRenderFunc  render,
                          gpointer                     user_data)
{
  return gbacw_layer_picture_draw_damaged (self, canvas, cr, view, content_key, content_key_size, G_MAXINT / 2, NULL,
                                           render, user_data) == GBACW_LAYER_PICTURE_DRAWN;
}
