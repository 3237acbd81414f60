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
  gboolean drawn = FALSE;
  ViewKey key;

  g_return_val_if_fail (self != NULL && cr != NULL && view != NULL && render != NULL, FALSE);

  memset (&key, 0, sizeof key);
  cairo_get_matrix (cr, &key.matrix);
  key.width = canvas ? gtk_widget_get_width (GTK_WIDGET (canvas)) : (int) ceil (view->visible.width / view->px);
  key.height = canvas ? gtk_widget_get_height (GTK_WIDGET (canvas)) : (int) ceil (view->visible.height / view->px);
  key.scale_factor = canvas ? gtk_widget_get_scale_factor (GTK_WIDGET (canvas)) : 1;
  if (key.width <= 0 || key.height <= 0 || key.scale_factor <= 0)
    return FALSE;

  if (self->surface == NULL || memcmp (&key, &self->view, sizeof key) != 0 || self->content_key == NULL ||
      g_bytes_get_size (self->content_key) != content_key_size ||
      memcmp (g_bytes_get_data (self->content_key, NULL), content_key, content_key_size) != 0)
    {
      cairo_t *pcr;

      gbacw_layer_picture_clear (self);
      self->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, key.width * key.scale_factor,
                                                  key.height * key.scale_factor);
      pcr = cairo_create (self->surface);
      cairo_scale (pcr, key.scale_factor, key.scale_factor);
      cairo_transform (pcr, &key.matrix);
      render (user_data, pcr, view, key.scale_factor);
      cairo_destroy (pcr);
      cairo_surface_flush (self->surface);
      self->view = key;
      self->content_key = g_bytes_new (content_key, content_key_size);
      drawn = TRUE;
    }

  /* the picture in the widget's pixels */
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_scale (cr, 1.0 / key.scale_factor, 1.0 / key.scale_factor);
  cairo_set_source_surface (cr, self->surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
  return drawn;
}
