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

/* Draws the tiles of the picture (tile pixels square, from its top left corner) that mask
 * marks (one byte a tile, row by row; NULL: every tile of a picture just made, still
 * clear). Each tile is drawn on a surface of its own, new and clear, then copied into the
 * picture: its pixels are the same whether the picture is drawn whole or only that tile
 * again (cairo composites the first drawing on a clear surface otherwise than on one
 * cleared, a level apart now and then). One tile over the whole picture is drawn on it. */
static void
render_tiles (GbacwLayerPicture           *self,
              const ViewKey               *key,
              int                          tile,
              const guint8                *mask,
              const GbacwCanvasLayerView  *view,
              GbacwLayerPictureRenderFunc  render,
              gpointer                     user_data)
{
  int sw = cairo_image_surface_get_width (self->surface), sh = cairo_image_surface_get_height (self->surface);
  int nx = (sw + tile - 1) / tile, ny = (sh + tile - 1) / tile;
  cairo_t *pcr = cairo_create (self->surface);

  if (tile >= sw && tile >= sh && mask == NULL)
    {
      cairo_scale (pcr, key->scale_factor, key->scale_factor);
      cairo_transform (pcr, &key->matrix);
      render (user_data, pcr, view, key->scale_factor);
      cairo_destroy (pcr);
      cairo_surface_flush (self->surface);
      return;
    }
  cairo_set_operator (pcr, CAIRO_OPERATOR_SOURCE);
  for (int ty = 0; ty < ny; ty++)
    for (int tx = 0; tx < nx; tx++)
      {
        int w = MIN (tile, sw - tx * tile), h = MIN (tile, sh - ty * tile);
        cairo_surface_t *piece;
        cairo_t *tcr;

        if (mask != NULL && !mask[ty * nx + tx])
          continue;
        piece = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
        tcr = cairo_create (piece);
        cairo_rectangle (tcr, 0, 0, w, h);
        cairo_clip (tcr);
        cairo_translate (tcr, -tx * tile, -ty * tile);
        cairo_scale (tcr, key->scale_factor, key->scale_factor);
        cairo_transform (tcr, &key->matrix);
        render (user_data, tcr, view, key->scale_factor);
        cairo_destroy (tcr);
        cairo_surface_flush (piece);
        cairo_set_source_surface (pcr, piece, tx * tile, ty * tile);
        cairo_rectangle (pcr, tx * tile, ty * tile, w, h);
        cairo_fill (pcr);
        cairo_surface_destroy (piece);
      }
  cairo_destroy (pcr);
  cairo_surface_flush (self->surface);
}

/* Marks in mask (nx tiles a row) the tiles of the picture that box (map units) meets, through
 * to_surface; whether it meets any. */
static gboolean
mark_tiles (const cairo_rectangle_t *box,
            const cairo_matrix_t    *to_surface,
            int                      tile,
            int                      width,
            int                      height,
            guint8                  *mask)
{
  double x0 = box->x, y0 = box->y, x1 = box->x + box->width, y1 = box->y + box->height;
  double corners[4][2] = { { x0, y0 }, { x1, y0 }, { x0, y1 }, { x1, y1 } };
  double b[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  int nx = (width + tile - 1) / tile, ny = (height + tile - 1) / tile;
  int tx0, ty0, tx1, ty1;

  if (box->width <= 0 || box->height <= 0)
    return FALSE;
  for (int i = 0; i < 4; i++)
    {
      cairo_matrix_transform_point (to_surface, &corners[i][0], &corners[i][1]);
      b[0] = MIN (b[0], corners[i][0]), b[2] = MAX (b[2], corners[i][0]);
      b[1] = MIN (b[1], corners[i][1]), b[3] = MAX (b[3], corners[i][1]);
    }
  if (b[2] <= 0 || b[3] <= 0 || b[0] >= width || b[1] >= height)
    return FALSE;
  tx0 = MAX ((int) floor (b[0] / tile), 0), ty0 = MAX ((int) floor (b[1] / tile), 0);
  tx1 = MIN ((int) ceil (b[2] / tile), nx), ty1 = MIN ((int) ceil (b[3] / tile), ny);
  for (int ty = ty0; ty < ty1; ty++)
    memset (mask + ty * nx + tx0, 1, (gsize) MAX (tx1 - tx0, 0));
  return tx1 > tx0 && ty1 > ty0;
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
                                  guint                        n_damage,
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
      gbacw_layer_picture_clear (self);
      self->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, key.width * key.scale_factor,
                                                  key.height * key.scale_factor);
      render_tiles (self, &key, tile, NULL, view, render, user_data);
      self->view = key;
      self->content_key = g_bytes_new (content_key, content_key_size);
      result = GBACW_LAYER_PICTURE_DRAWN;
    }
  else if (n_damage > 0)
    {
      int width = cairo_image_surface_get_width (self->surface), height = cairo_image_surface_get_height (self->surface);
      g_autofree guint8 *mask = g_new0 (guint8, (gsize) ((width + tile - 1) / tile) * ((height + tile - 1) / tile));
      cairo_matrix_t to_surface;
      gboolean any = FALSE;

      /* the boxes' tiles in the picture's pixels */
      cairo_matrix_init_scale (&to_surface, key.scale_factor, key.scale_factor);
      cairo_matrix_multiply (&to_surface, &key.matrix, &to_surface);
      for (guint i = 0; i < n_damage; i++)
        any |= mark_tiles (&damage[i], &to_surface, tile, width, height, mask);
      if (any)
        {
          render_tiles (self, &key, tile, mask, view, render, user_data);
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
                                           0, render, user_data) == GBACW_LAYER_PICTURE_DRAWN;
}
