/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-layer.c: the map canvas's layer that shows the terrain traced from the scan.
 *
 * The layers are drawn again at every move of the pointer (the hover light), and tinting a
 * whole map's proposals takes several frames: they are drawn once into a picture of the
 * view and the picture copied, until the view, the proposals, the threshold or the
 * unpainted hexes change (as the unpainted hatch does).
 */
#define G_LOG_DOMAIN "gbacw-trace-layer"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gbacw-hex-path.h"
#include "gbacw-trace-layer.h"

#define SURE_ALPHA 0.6
#define DOUBTFUL_ALPHA 0.35

/* What the picture shows: the transformation from map units to the widget, the widget's
 * size and scale, the threshold, the proposals (their serial) and which hexes were
 * unpainted. */
typedef struct
{
  cairo_matrix_t matrix;
  int width, height, scale_factor;
  double threshold;
  guint serial;
  guint32 unpainted_hash;
} PictureKey;

struct _GbacwTraceLayer
{
  GbacwCanvasLayer parent_instance;

  GbacwTraceProposal *proposals;
  int n_hexes;
  double threshold;
  guint serial;               /* counts the proposals set */
  cairo_surface_t *picture;   /* the proposals of the view, or NULL */
  PictureKey key;
};

G_DEFINE_FINAL_TYPE (GbacwTraceLayer, gbacw_trace_layer, GBACW_TYPE_CANVAS_LAYER)

GbacwCanvasLayer *
gbacw_trace_layer_new (void)
{
  return g_object_new (GBACW_TYPE_TRACE_LAYER, "name", "trace", NULL);
}

void
gbacw_trace_layer_set_proposals (GbacwTraceLayer          *self,
                                 const GbacwTraceProposal *proposals,
                                 int                       n_hexes)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));
  g_return_if_fail (n_hexes == 0 || proposals != NULL);

  g_clear_pointer (&self->proposals, g_free);
  self->n_hexes = MAX (n_hexes, 0);
  self->serial++;
  if (self->n_hexes > 0)
    self->proposals = g_memdup2 (proposals, sizeof *proposals * (gsize) self->n_hexes);
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

gboolean
gbacw_trace_layer_shows (GbacwTraceLayer     *self,
                         const GbacwScenario *scenario,
                         int                  hex)
{
  const GbacwTraceProposal *p;

  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), FALSE);

  if (scenario == NULL || scenario->map->terrain == NULL || hex < 0 || hex >= self->n_hexes ||
      hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid) || scenario->map->terrain[hex] != 0)
    return FALSE;
  p = &self->proposals[hex];
  return (p->status == GBACW_TRACE_PROPOSED || p->status == GBACW_TRACE_SAMPLE) && p->terrain >= 0 &&
         (guint) p->terrain < scenario->catalogue.hex_terrains->len;
}

double
gbacw_trace_layer_get_threshold (GbacwTraceLayer *self)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), 0);
  return self->threshold;
}

void
gbacw_trace_layer_set_threshold (GbacwTraceLayer *self,
                                 double           threshold)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));

  threshold = CLAMP (threshold, 0, 1);
  if (self->threshold == threshold)
    return;
  self->threshold = threshold;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

static gboolean
gbacw_trace_layer_has_content (GbacwCanvasLayer           *layer,
                               GbacwMapCanvas             *canvas,
                               const GbacwCanvasLayerView *view)
{
  GbacwTraceLayer *self = GBACW_TRACE_LAYER (layer);

  for (int i = 0; i < self->n_hexes; i++)
    if (gbacw_trace_layer_shows (self, view->scenario, i))
      return TRUE;
  return FALSE;
}

static gboolean
hex_in_view (const GbacwHexGrid      *grid,
             int                      hex,
             const cairo_rectangle_t *visible)
{
  double x, y;

  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), &x, &y);
  return x > visible->x - 1.2 && x < visible->x + visible->width + 1.2 &&
         y > visible->y - 1.2 && y < visible->y + visible->height + 1.2;
}

static void
render_proposals (GbacwTraceLayer            *self,
                  cairo_t                    *cr,
                  const GbacwCanvasLayerView *view)
{
  const GPtrArray *terrains = view->scenario->catalogue.hex_terrains;
  g_autofree guint8 *shown = g_new0 (guint8, self->n_hexes + 1);   /* 0 not, 1 sure, 2 doubtful */
  gboolean any_doubtful = FALSE;

  for (int i = 0; i < self->n_hexes; i++)
    if (gbacw_trace_layer_shows (self, view->scenario, i) && hex_in_view (view->grid, i, &view->visible))
      {
        shown[i] = self->proposals[i].confidence < self->threshold ? 2 : 1;
        any_doubtful |= shown[i] == 2;
      }

  /* the tints: one fill per terrain and doubt, of all its hexes (a fill per hex is many
   * times slower over a whole map) */
  for (guint t = 0; t < terrains->len; t++)
    for (guint8 kind = 1; kind <= 2; kind++)
      {
        const GbacwHexTerrain *terrain = g_ptr_array_index (terrains, t);
        guint r = 0xc0, g = 0xc0, b = 0xc0;
        gboolean any = FALSE;

        for (int i = 0; i < self->n_hexes; i++)
          if (shown[i] == kind && self->proposals[i].terrain == (int) t)
            {
              gbacw_render_hex_path (cr, view->grid, i, 0.92);
              any = TRUE;
            }
        if (!any)
          continue;
        if (terrain->fill != NULL && strlen (terrain->fill) == 7)
          sscanf (terrain->fill, "#%02x%02x%02x", &r, &g, &b);
        cairo_set_source_rgba (cr, r / 255.0, g / 255.0, b / 255.0, kind == 2 ? DOUBTFUL_ALPHA : SURE_ALPHA);
        cairo_fill (cr);
      }
  if (!any_doubtful)
    return;

  /* the doubtful ones outlined, in one path */
  for (int i = 0; i < self->n_hexes; i++)
    if (shown[i] == 2)
      gbacw_render_hex_path (cr, view->grid, i, 0.8);
  cairo_set_line_width (cr, 1.5 * view->px);
  cairo_set_source_rgba (cr, 0.93, 0.45, 0.05, 0.8);
  cairo_stroke (cr);
}

/* Which hexes are unpainted, as a hash of their indices. */
static guint32
hash_unpainted (const GbacwScenario *scenario)
{
  int n = gbacw_hex_grid_n_hexes (&scenario->map->grid);
  guint32 h = 2166136261u;

  for (int i = 0; i < n; i++)
    if (scenario->map->terrain[i] == 0)
      h = (h ^ (guint32) i) * 16777619u;
  return h;
}

static void
gbacw_trace_layer_draw (GbacwCanvasLayer           *layer,
                        GbacwMapCanvas             *canvas,
                        cairo_t                    *cr,
                        const GbacwCanvasLayerView *view)
{
  GbacwTraceLayer *self = GBACW_TRACE_LAYER (layer);
  PictureKey key;

  if (view->scenario->map->terrain == NULL)
    return;
  memset (&key, 0, sizeof key);
  cairo_get_matrix (cr, &key.matrix);
  key.width = canvas ? gtk_widget_get_width (GTK_WIDGET (canvas)) : (int) ceil (view->visible.width / view->px);
  key.height = canvas ? gtk_widget_get_height (GTK_WIDGET (canvas)) : (int) ceil (view->visible.height / view->px);
  key.scale_factor = canvas ? gtk_widget_get_scale_factor (GTK_WIDGET (canvas)) : 1;
  key.threshold = self->threshold;
  key.serial = self->serial;
  key.unpainted_hash = hash_unpainted (view->scenario);
  if (key.width <= 0 || key.height <= 0)
    return;

  if (self->picture == NULL || memcmp (&key, &self->key, sizeof key) != 0)
    {
      cairo_t *pcr;

      g_clear_pointer (&self->picture, cairo_surface_destroy);
      self->picture = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, key.width * key.scale_factor,
                                                  key.height * key.scale_factor);
      pcr = cairo_create (self->picture);
      cairo_scale (pcr, key.scale_factor, key.scale_factor);
      cairo_transform (pcr, &key.matrix);
      render_proposals (self, pcr, view);
      cairo_destroy (pcr);
      cairo_surface_flush (self->picture);
      self->key = key;
    }

  /* the picture in the widget's pixels */
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_scale (cr, 1.0 / key.scale_factor, 1.0 / key.scale_factor);
  cairo_set_source_surface (cr, self->picture, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

static void
gbacw_trace_layer_finalize (GObject *object)
{
  GbacwTraceLayer *self = GBACW_TRACE_LAYER (object);

  g_clear_pointer (&self->proposals, g_free);
  g_clear_pointer (&self->picture, cairo_surface_destroy);

  G_OBJECT_CLASS (gbacw_trace_layer_parent_class)->finalize (object);
}

static void
gbacw_trace_layer_class_init (GbacwTraceLayerClass *klass)
{
  GbacwCanvasLayerClass *layer_class = GBACW_CANVAS_LAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gbacw_trace_layer_finalize;
  layer_class->draw = gbacw_trace_layer_draw;
  layer_class->has_content = gbacw_trace_layer_has_content;
}

static void
gbacw_trace_layer_init (GbacwTraceLayer *self)
{
  self->threshold = 0.5;
}
