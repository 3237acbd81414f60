/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-layer-picture.h: a canvas layer's drawing kept as a picture of the view.
 *
 * The layers are drawn again at every move of the pointer (the hover light); a layer
 * whose drawing covers the whole map (the unpainted hatch, the trace proposals) takes
 * several frames to draw. It draws once into a picture of the view instead, and the
 * picture is copied until the view (the transformation, the widget's size and scale) or
 * what the layer shows (its content key, compared byte for byte) changes. A change of a
 * few things in a corner of the view can draw anew only their box of the picture
 * (gbacw_layer_picture_draw_damaged ()).
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
/* As gbacw_layer_picture_draw (), in square tiles of tile picture pixels (from its top
 * left corner), each clipped to itself, render called once for each (cairo_clip_extents ()
 * says the tile in map units: render should draw only what reaches into it); and when the
 * picture shows the view and content_key already, draws again only the tiles that the
 * n_damage boxes of damage (map units) meet, over the kept picture: each cleared, then
 * drawn as a whole redraw draws it, the rest of the picture kept. The pixels of a tile
 * depend only on what render draws in it: a box drawn again is, pixel for pixel, what a
 * whole redraw draws there (cairo's antialiasing of a row of pixels depends on the other
 * edges in the row, which a clip to the damaged box alone would change). Says whether the
 * picture was only copied, drawn in part or drawn anew. */
typedef enum
{
  GBACW_LAYER_PICTURE_KEPT,
  GBACW_LAYER_PICTURE_BOX_DRAWN,
  GBACW_LAYER_PICTURE_DRAWN,
  GBACW_LAYER_PICTURE_NONE,    /* no view to draw (a widget of no size) */
} GbacwLayerPictureResult;

GbacwLayerPictureResult gbacw_layer_picture_draw_damaged (GbacwLayerPicture           *self,
                                                          GbacwMapCanvas              *canvas,
                                                          cairo_t                     *cr,
                                                          const GbacwCanvasLayerView  *view,
                                                          gconstpointer                content_key,
                                                          gsize                        content_key_size,
                                                          int                          tile,
                                                          const cairo_rectangle_t     *damage,
                                                          guint                        n_damage,
                                                          GbacwLayerPictureRenderFunc  render,
                                                          gpointer                     user_data);
/* Forgets the picture (it is drawn anew next time). */
void               gbacw_layer_picture_clear (GbacwLayerPicture *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwLayerPicture, gbacw_layer_picture_free)

G_END_DECLS
