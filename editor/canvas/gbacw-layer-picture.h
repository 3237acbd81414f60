/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-layer-picture.h: a canvas layer's drawing kept as a picture of the view.
 *
 * The layers are drawn again at every move of the pointer (the hover light); a layer
 * whose drawing covers the whole map (the unpainted hatch, the trace proposals) takes
 * several frames to draw. It draws once into a picture of the view instead, and the
 * picture is copied until the view (the transformation, the widget's size and scale) or
 * what the layer shows (its content key, compared byte for byte) changes.
 */
#pragma once

#include "gbacw-canvas-layer.h"

G_BEGIN_DECLS

/* Draws the layer's content on cr (in map units, as the canvas hands it); scale_factor is
 * the widget's, so one widget pixel is view->px map units and one picture pixel
 * view->px / scale_factor. */
typedef void (*GbacwLayerPictureRenderFunc) (gpointer                    user_data,
                                             cairo_t                    *cr,
                                             const GbacwCanvasLayerView *view,
                                             int                         scale_factor);

typedef struct _GbacwLayerPicture GbacwLayerPicture;

GbacwLayerPicture *gbacw_layer_picture_new (void);
void               gbacw_layer_picture_free (GbacwLayerPicture *self);
/* Paints the picture on cr (the canvas's, in map units), drawing it anew with render when
 * the view or content_key (content_key_size bytes, zeroed padding included) has changed.
 * canvas may be NULL (a benchmark): the size is then the view's at one widget pixel per
 * view->px. TRUE when the picture was drawn anew. */
gboolean           gbacw_layer_picture_draw (GbacwLayerPicture           *self,
                                             GbacwMapCanvas              *canvas,
                                             cairo_t                     *cr,
                                             const GbacwCanvasLayerView  *view,
                                             gconstpointer                content_key,
                                             gsize                        content_key_size,
                                             GbacwLayerPictureRenderFunc  render,
                                             gpointer                     user_data);
/* Forgets the picture (it is drawn anew next time). */
void               gbacw_layer_picture_clear (GbacwLayerPicture *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwLayerPicture, gbacw_layer_picture_free)

G_END_DECLS
