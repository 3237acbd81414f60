/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-unpainted-layer.c: the map canvas's layer that hatches the hexes with no terrain yet. */
#define G_LOG_DOMAIN "gbacw-unpainted-layer"

#include "config.h"

#include "gbacw-hex-path.h"
#include "gbacw-unpainted-layer.h"

#define QUIET_ALPHA 0.3
#define EMPHASIS_ALPHA 0.85

struct _GbacwUnpaintedLayer
{
  GbacwCanvasLayer parent_instance;

  gboolean emphasis;
};

G_DEFINE_FINAL_TYPE (GbacwUnpaintedLayer, gbacw_unpainted_layer, GBACW_TYPE_CANVAS_LAYER)

GbacwCanvasLayer *
gbacw_unpainted_layer_new (void)
{
  return g_object_new (GBACW_TYPE_UNPAINTED_LAYER, "name", "unpainted", NULL);
}

gboolean
gbacw_unpainted_layer_get_emphasis (GbacwUnpaintedLayer *self)
{
  g_return_val_if_fail (GBACW_IS_UNPAINTED_LAYER (self), FALSE);
  return self->emphasis;
}

void
gbacw_unpainted_layer_set_emphasis (GbacwUnpaintedLayer *self,
                                    gboolean             emphasis)
{
  g_return_if_fail (GBACW_IS_UNPAINTED_LAYER (self));

  emphasis = !!emphasis;
  if (self->emphasis == emphasis)
    return;
  self->emphasis = emphasis;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

static void
gbacw_unpainted_layer_draw (GbacwCanvasLayer           *layer,
                            GbacwMapCanvas          *canvas,
                            cairo_t                 *cr,
                            const GbacwCanvasLayerView *view)
{
  GbacwUnpaintedLayer *self = GBACW_UNPAINTED_LAYER (layer);

  gbacw_render_unpainted_hatch (cr, view->scenario, &view->visible, view->px,
                                self->emphasis ? EMPHASIS_ALPHA : QUIET_ALPHA);
}

static void
gbacw_unpainted_layer_class_init (GbacwUnpaintedLayerClass *klass)
{
  GBACW_CANVAS_LAYER_CLASS (klass)->draw = gbacw_unpainted_layer_draw;
}

static void
gbacw_unpainted_layer_init (GbacwUnpaintedLayer *self)
{
}
