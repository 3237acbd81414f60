/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-layer.c: the map canvas's layer that shows the terrain traced from the scan. */
#define G_LOG_DOMAIN "gbacw-trace-layer"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "gbacw-hex-path.h"
#include "gbacw-trace-layer.h"

#define SURE_ALPHA 0.6
#define DOUBTFUL_ALPHA 0.35

struct _GbacwTraceLayer
{
  GbacwCanvasLayer parent_instance;

  GbacwTraceProposal *proposals;
  int n_hexes;
  double threshold;
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
gbacw_trace_layer_draw (GbacwCanvasLayer           *layer,
                        GbacwMapCanvas             *canvas,
                        cairo_t                    *cr,
                        const GbacwCanvasLayerView *view)
{
  GbacwTraceLayer *self = GBACW_TRACE_LAYER (layer);
  const GPtrArray *terrains = view->scenario->catalogue.hex_terrains;
  double dash[2] = { 4 * view->px, 3 * view->px };
  gboolean any_doubtful = FALSE;

  /* the tints, one fill per hex (a hex's fill is its own colour) */
  for (int i = 0; i < self->n_hexes; i++)
    {
      const GbacwHexTerrain *terrain;
      guint r = 0xc0, g = 0xc0, b = 0xc0;
      gboolean doubtful;

      if (!gbacw_trace_layer_shows (self, view->scenario, i) || !hex_in_view (view->grid, i, &view->visible))
        continue;
      terrain = g_ptr_array_index (terrains, self->proposals[i].terrain);
      if (terrain->fill != NULL && strlen (terrain->fill) == 7)
        sscanf (terrain->fill, "#%02x%02x%02x", &r, &g, &b);
      doubtful = self->proposals[i].confidence < self->threshold;
      any_doubtful |= doubtful;
      gbacw_render_hex_path (cr, view->grid, i, 0.92);
      cairo_set_source_rgba (cr, r / 255.0, g / 255.0, b / 255.0, doubtful ? DOUBTFUL_ALPHA : SURE_ALPHA);
      cairo_fill (cr);
    }
  if (!any_doubtful)
    return;

  /* the doubtful ones outlined, in one path */
  for (int i = 0; i < self->n_hexes; i++)
    if (gbacw_trace_layer_shows (self, view->scenario, i) && self->proposals[i].confidence < self->threshold &&
        hex_in_view (view->grid, i, &view->visible))
      gbacw_render_hex_path (cr, view->grid, i, 0.8);
  cairo_set_line_width (cr, 2 * view->px);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_source_rgb (cr, 0.93, 0.45, 0.05);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

static void
gbacw_trace_layer_finalize (GObject *object)
{
  GbacwTraceLayer *self = GBACW_TRACE_LAYER (object);

  g_clear_pointer (&self->proposals, g_free);

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
