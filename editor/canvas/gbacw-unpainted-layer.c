/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-unpainted-layer.c: the map canvas's layer that hatches the hexes with no terrain yet.
 *
 * The hatch of a new map covers the whole view, and the layers are drawn again at every
 * move of the pointer (the hover light): it is drawn once into a picture of the view
 * (gbacw-layer-picture.h) and the picture copied, until the view, the unpainted hexes or
 * the emphasis change.
 */
#define G_LOG_DOMAIN "gbacw-unpainted-layer"

#include "config.h"

#include <string.h>

#include "gbacw-hex-path.h"
#include "gbacw-layer-picture.h"
#include "gbacw-unpainted-layer-private.h"

#define QUIET_ALPHA 0.3
#define EMPHASIS_ALPHA 0.85

/* What the picture shows besides the view: the emphasis, and which hexes were unpainted. */
typedef struct
{
  gboolean emphasis;
  guint n_unpainted;
  guint32 unpainted_hash;
} PictureKey;

struct _GbacwUnpaintedLayer
{
  GbacwCanvasLayer parent_instance;

  gboolean emphasis;
  GbacwLayerPicture *picture;   /* the hatch of the view */
  guint n_renders;
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

guint
gbacw_unpainted_layer_get_n_renders (GbacwUnpaintedLayer *self)
{
  g_return_val_if_fail (GBACW_IS_UNPAINTED_LAYER (self), 0);
  return self->n_renders;
}

/* Which hexes are unpainted, as a count and a hash of their indices. */
static void
hash_unpainted (const GbacwScenario *scenario,
                PictureKey          *key)
{
  int n = gbacw_hex_grid_n_hexes (&scenario->map->grid);
  guint32 h = 2166136261u;

  key->n_unpainted = 0;
  for (int i = 0; i < n; i++)
    if (scenario->map->terrain[i] == 0)
      {
        h = (h ^ (guint32) i) * 16777619u;
        key->n_unpainted++;
      }
  key->unpainted_hash = h;
}

static gboolean
gbacw_unpainted_layer_has_content (GbacwCanvasLayer           *layer,
                                   GbacwMapCanvas             *canvas,
                                   const GbacwCanvasLayerView *view)
{
  const GbacwMap *map = view->scenario->map;
  int n = gbacw_hex_grid_n_hexes (&map->grid);

  if (map->terrain == NULL)
    return FALSE;
  for (int i = 0; i < n; i++)
    if (map->terrain[i] == 0)
      return TRUE;
  return FALSE;
}

static void
render_hatch (gpointer                    user_data,
              cairo_t                    *cr,
              const GbacwCanvasLayerView *view,
              int                         scale_factor)
{
  GbacwUnpaintedLayer *self = user_data;

  gbacw_render_unpainted_hatch (cr, view->scenario, &view->visible, view->px / scale_factor,
                                self->emphasis ? EMPHASIS_ALPHA : QUIET_ALPHA);
}

static void
gbacw_unpainted_layer_draw (GbacwCanvasLayer           *layer,
                            GbacwMapCanvas             *canvas,
                            cairo_t                    *cr,
                            const GbacwCanvasLayerView *view)
{
  GbacwUnpaintedLayer *self = GBACW_UNPAINTED_LAYER (layer);
  PictureKey key;

  if (view->scenario->map->terrain == NULL)
    return;
  memset (&key, 0, sizeof key);
  key.emphasis = self->emphasis;
  hash_unpainted (view->scenario, &key);
  if (key.n_unpainted == 0)
    return;
  if (gbacw_layer_picture_draw (self->picture, canvas, cr, view, &key, sizeof key, render_hatch, self))
    self->n_renders++;
}

static void
gbacw_unpainted_layer_finalize (GObject *object)
{
  GbacwUnpaintedLayer *self = GBACW_UNPAINTED_LAYER (object);

  g_clear_pointer (&self->picture, gbacw_layer_picture_free);

  G_OBJECT_CLASS (gbacw_unpainted_layer_parent_class)->finalize (object);
}

static void
gbacw_unpainted_layer_class_init (GbacwUnpaintedLayerClass *klass)
{
  GbacwCanvasLayerClass *layer_class = GBACW_CANVAS_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gbacw_unpainted_layer_finalize;
  layer_class->draw = gbacw_unpainted_layer_draw;
  layer_class->has_content = gbacw_unpainted_layer_has_content;
}

static void
gbacw_unpainted_layer_init (GbacwUnpaintedLayer *self)
{
  self->picture = gbacw_layer_picture_new ();
}
