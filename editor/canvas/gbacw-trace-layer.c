/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-layer.c: the map canvas's layer that shows what was traced from the scan.
 *
 * The layers are drawn again at every move of the pointer (the hover light), and tinting a
 * whole map's proposals takes several frames: they are drawn once into a picture of the
 * view (gbacw-layer-picture.h) and the picture copied, until the view, the proposals, the
 * threshold or the unpainted hexes change. The hexside and line proposals have a picture
 * of their own, so that accepting or rejecting a chain draws only them again (a few
 * milliseconds against the tints' tens). The chain under review is drawn over the pictures
 * at each draw: moving through the chains keeps them. The proposed levels have a picture of
 * their own too.
 */
#define G_LOG_DOMAIN "gbacw-trace-layer"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gbacw-hex-path.h"
#include "gbacw-layer-picture.h"
#include "gbacw-trace-layer.h"

#define SURE_ALPHA 0.6
#define DOUBTFUL_ALPHA 0.35
/* of a hexside left out at each corner, of a segment at each centre: a proposal is shorter
 * than what the map draws once it is painted */
#define HEXSIDE_INSET 0.12
#define SEGMENT_INSET 0.16

/* What the terrain's picture shows besides the view: the threshold, the proposals (their
 * serial) and which hexes were unpainted. */
typedef struct
{
  double threshold;
  guint serial;
  guint32 unpainted_hash;
} PictureKey;

/* What the links' picture shows besides the view: the threshold, the links (their serial,
 * counting rejections) and which of them were on the map. */
typedef struct
{
  double chain_threshold;
  guint links_serial;
  guint32 links_hash;
} LinksPictureKey;

/* What the levels' picture shows besides the view: the threshold, the levels (their serial,
 * counting confirmations) and which hexes were at level 0. */
typedef struct
{
  double level_threshold;
  guint levels_serial;
  guint32 level_zero_hash;
} LevelsPictureKey;

struct _GbacwTraceLayer
{
  GbacwCanvasLayer parent_instance;

  GbacwTraceProposal *proposals;
  int n_hexes;
  double threshold;
  guint serial;               /* counts the proposals set */

  GbacwTraceLink *links;
  guint n_links;
  guint8 *rejected;           /* n_links: 1 when its chain was rejected */
  GArray *rejections;         /* int: the chains rejected, the last one last, to restore */
  double *chain_confidence;   /* n_links: of the chain whose first link it is */
  double chain_threshold;
  guint links_serial;         /* counts the links set and the chains rejected */
  int selected_chain;

  GbacwTraceElevation *levels;
  int n_level_hexes;
  guint8 *confirmed;          /* n_level_hexes: 1 when level 0 was accepted */
  double level_threshold;
  guint levels_serial;        /* counts the levels set and the confirmations */

  GbacwLayerPicture *picture;         /* the terrain's tints */
  GbacwLayerPicture *levels_picture;  /* the proposed levels */
  GbacwLayerPicture *links_picture;   /* the hexside and line proposals */
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

/* ---------------------------------------------------------------- links */

/* The chain of link i: its first link's index, or i itself when the tracer's is out of range. */
static guint
chain_of (GbacwTraceLayer *self,
          guint            i)
{
  int chain = self->links[i].chain;

  return chain >= 0 && (guint) chain < self->n_links ? (guint) chain : i;
}

void
gbacw_trace_layer_set_links (GbacwTraceLayer *self,
                             const GArray    *links)
{
  g_autofree int *counts = NULL;

  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));
  g_return_if_fail (links == NULL || g_array_get_element_size ((GArray *) links) == sizeof (GbacwTraceLink));

  g_clear_pointer (&self->links, g_free);
  g_clear_pointer (&self->rejected, g_free);
  g_clear_pointer (&self->chain_confidence, g_free);
  g_array_set_size (self->rejections, 0);
  self->n_links = links ? links->len : 0;
  self->links_serial++;
  self->selected_chain = -1;
  if (self->n_links > 0)
    self->links = g_memdup2 (links->data, sizeof (GbacwTraceLink) * self->n_links);
  self->rejected = g_new0 (guint8, self->n_links + 1);
  self->chain_confidence = g_new0 (double, self->n_links + 1);
  counts = g_new0 (int, self->n_links + 1);
  for (guint i = 0; i < self->n_links; i++)
    {
      self->chain_confidence[chain_of (self, i)] += self->links[i].confidence;
      counts[chain_of (self, i)]++;
    }
  for (guint i = 0; i < self->n_links; i++)
    if (counts[i] > 0)
      self->chain_confidence[i] /= counts[i];
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

guint
gbacw_trace_layer_get_n_links (GbacwTraceLayer *self)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), 0);
  return self->n_links;
}

const GbacwTraceLink *
gbacw_trace_layer_get_link (GbacwTraceLayer *self,
                            guint            i)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), NULL);
  g_return_val_if_fail (i < self->n_links, NULL);
  return &self->links[i];
}

int
gbacw_trace_layer_get_link_chain (GbacwTraceLayer *self,
                                  guint            i)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), -1);
  g_return_val_if_fail (i < self->n_links, -1);
  return (int) chain_of (self, i);
}

/* Whether the map has link l's type on its hexside already; also TRUE for a link that does
 * not fit the map or the catalogue (it is not shown). */
static gboolean
link_on_map (const GbacwScenario  *scenario,
             const GbacwTraceLink *l)
{
  const GbacwMap *map = scenario->map;

  if (l->hexside >= gbacw_hex_grid_n_hexside_ids (&map->grid) || l->type < 0)
    return TRUE;
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    return (guint) l->type >= scenario->catalogue.hexside_types->len || l->type >= GBACW_MAX_HEXSIDE_TYPES ||
           map->hexside_features == NULL || (map->hexside_features[l->hexside] & (1u << l->type)) != 0;
  return (guint) l->type >= scenario->catalogue.line_types->len || l->type >= GBACW_MAX_LINE_TYPES ||
         map->hexside_lines == NULL || (map->hexside_lines[l->hexside] & (1u << l->type)) != 0;
}

gboolean
gbacw_trace_layer_shows_link (GbacwTraceLayer     *self,
                              const GbacwScenario *scenario,
                              guint                i)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), FALSE);

  return scenario != NULL && i < self->n_links && !self->rejected[i] && !link_on_map (scenario, &self->links[i]);
}

double
gbacw_trace_layer_get_chain_confidence (GbacwTraceLayer *self,
                                        int              chain)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), 0);
  g_return_val_if_fail (chain >= 0 && (guint) chain < self->n_links, 0);
  return self->chain_confidence[chain_of (self, (guint) chain)];
}

double
gbacw_trace_layer_get_chain_threshold (GbacwTraceLayer *self)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), 0);
  return self->chain_threshold;
}

void
gbacw_trace_layer_set_chain_threshold (GbacwTraceLayer *self,
                                       double           threshold)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));

  threshold = CLAMP (threshold, 0, 1);
  if (self->chain_threshold == threshold)
    return;
  self->chain_threshold = threshold;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

/* Marks every link of chain (its first link's index) rejected or not. */
static void
set_chain_rejected (GbacwTraceLayer *self, int chain, guint8 rejected)
{
  for (guint i = 0; i < self->n_links; i++)
    if ((int) chain_of (self, i) == chain)
      self->rejected[i] = rejected;
}

void
gbacw_trace_layer_reject_chain (GbacwTraceLayer *self,
                                int              chain)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));
  g_return_if_fail (chain >= 0 && (guint) chain < self->n_links);

  chain = (int) chain_of (self, (guint) chain);
  if (self->rejected[chain])
    return;
  set_chain_rejected (self, chain, 1);
  g_array_append_val (self->rejections, chain);
  if (self->selected_chain == chain)
    self->selected_chain = -1;
  self->links_serial++;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

gboolean
gbacw_trace_layer_can_restore_chain (GbacwTraceLayer *self)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), FALSE);
  return self->rejections->len > 0;
}

int
gbacw_trace_layer_restore_chain (GbacwTraceLayer *self)
{
  int chain;

  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), -1);

  if (self->rejections->len == 0)
    return -1;
  chain = g_array_index (self->rejections, int, self->rejections->len - 1);
  g_array_set_size (self->rejections, self->rejections->len - 1);
  set_chain_rejected (self, chain, 0);
  /* lit again, as it was when rejected, so that the user sees what came back */
  self->selected_chain = chain;
  self->links_serial++;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
  return chain;
}

int
gbacw_trace_layer_get_selected_chain (GbacwTraceLayer *self)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), -1);
  return self->selected_chain;
}

void
gbacw_trace_layer_set_selected_chain (GbacwTraceLayer *self,
                                      int              chain)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));

  if (chain < 0 || (guint) chain >= self->n_links)
    chain = -1;
  else
    chain = (int) chain_of (self, (guint) chain);
  if (self->selected_chain == chain)
    return;
  self->selected_chain = chain;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

/* ---------------------------------------------------------------- levels */

void
gbacw_trace_layer_set_levels (GbacwTraceLayer           *self,
                              const GbacwTraceElevation *levels,
                              int                        n_hexes)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));
  g_return_if_fail (n_hexes == 0 || levels != NULL);

  g_clear_pointer (&self->levels, g_free);
  g_clear_pointer (&self->confirmed, g_free);
  self->n_level_hexes = MAX (n_hexes, 0);
  self->levels_serial++;
  if (self->n_level_hexes > 0)
    self->levels = g_memdup2 (levels, sizeof *levels * (gsize) self->n_level_hexes);
  self->confirmed = g_new0 (guint8, self->n_level_hexes + 1);
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

const GbacwTraceElevation *
gbacw_trace_layer_get_level (GbacwTraceLayer *self,
                             int              hex)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), NULL);
  if (self->levels == NULL || hex < 0 || hex >= self->n_level_hexes)
    return NULL;
  return &self->levels[hex];
}

gboolean
gbacw_trace_layer_shows_level (GbacwTraceLayer     *self,
                               const GbacwScenario *scenario,
                               int                  hex)
{
  const GbacwTraceElevation *e;

  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), FALSE);

  if (scenario == NULL || scenario->map->elevation == NULL || hex < 0 || hex >= self->n_level_hexes ||
      hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid) || scenario->map->elevation[hex] != 0 ||
      self->confirmed[hex])
    return FALSE;
  e = &self->levels[hex];
  /* a sure level 0 is what the map says already: nothing to review */
  return (e->status == GBACW_TRACE_PROPOSED || e->status == GBACW_TRACE_SAMPLE) && e->level >= 0 &&
         (e->level != 0 || e->confidence < self->level_threshold);
}

void
gbacw_trace_layer_confirm_level (GbacwTraceLayer *self,
                                 int              hex)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));

  if (hex < 0 || hex >= self->n_level_hexes || self->confirmed[hex])
    return;
  self->confirmed[hex] = 1;
  self->levels_serial++;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

double
gbacw_trace_layer_get_level_threshold (GbacwTraceLayer *self)
{
  g_return_val_if_fail (GBACW_IS_TRACE_LAYER (self), 0);
  return self->level_threshold;
}

void
gbacw_trace_layer_set_level_threshold (GbacwTraceLayer *self,
                                       double           threshold)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));

  threshold = CLAMP (threshold, 0, 1);
  if (self->level_threshold == threshold)
    return;
  self->level_threshold = threshold;
  gbacw_canvas_layer_queue_draw (GBACW_CANVAS_LAYER (self));
}

/* ---------------------------------------------------------------- drawing */

/* Whether any hex proposal is shown. */
static gboolean
any_hex_shown (GbacwTraceLayer     *self,
               const GbacwScenario *scenario)
{
  for (int i = 0; i < self->n_hexes; i++)
    if (gbacw_trace_layer_shows (self, scenario, i))
      return TRUE;
  return FALSE;
}

/* Whether any level proposal is shown. */
static gboolean
any_level_shown (GbacwTraceLayer     *self,
                 const GbacwScenario *scenario)
{
  for (int i = 0; i < self->n_level_hexes; i++)
    if (gbacw_trace_layer_shows_level (self, scenario, i))
      return TRUE;
  return FALSE;
}

/* Whether any link is shown. */
static gboolean
any_link_shown (GbacwTraceLayer     *self,
                const GbacwScenario *scenario)
{
  for (guint i = 0; i < self->n_links; i++)
    if (gbacw_trace_layer_shows_link (self, scenario, i))
      return TRUE;
  return FALSE;
}

static gboolean
gbacw_trace_layer_has_content (GbacwCanvasLayer           *layer,
                               GbacwMapCanvas             *canvas,
                               const GbacwCanvasLayerView *view)
{
  GbacwTraceLayer *self = GBACW_TRACE_LAYER (layer);

  return any_hex_shown (self, view->scenario) || any_link_shown (self, view->scenario) ||
         any_level_shown (self, view->scenario);
}

static gboolean
point_in_view (double                   x,
               double                   y,
               const cairo_rectangle_t *visible)
{
  return x > visible->x - 1.2 && x < visible->x + visible->width + 1.2 &&
         y > visible->y - 1.2 && y < visible->y + visible->height + 1.2;
}

static gboolean
hex_in_view (const GbacwHexGrid      *grid,
             int                      hex,
             const cairo_rectangle_t *visible)
{
  double x, y;

  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), &x, &y);
  return point_in_view (x, y, visible);
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

/* Where link l is drawn: along its hexside, or from centre to centre, inset at both ends. */
static void
link_ends (const GbacwHexGrid   *grid,
           const GbacwTraceLink *l,
           double                p[4])
{
  GbacwHex a, b;
  int direction;
  double inset;

  gbacw_hex_grid_hexside_hexes (grid, l->hexside, &a, &direction, &b);
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    {
      gbacw_hex_grid_corner (grid, a, direction, &p[0], &p[1]);
      gbacw_hex_grid_corner (grid, a, (direction + 1) % GBACW_HEX_DIRECTIONS, &p[2], &p[3]);
      inset = HEXSIDE_INSET;
    }
  else
    {
      gbacw_hex_grid_centre (grid, a, &p[0], &p[1]);
      gbacw_hex_grid_centre (grid, b, &p[2], &p[3]);
      inset = SEGMENT_INSET;
    }
  {
    double dx = p[2] - p[0], dy = p[3] - p[1];
    double len = hypot (dx, dy);
    double k = len > 0 ? inset / len : 0;

    p[0] += dx * k;
    p[1] += dy * k;
    p[2] -= dx * k;
    p[3] -= dy * k;
  }
}

/* The colour a proposal of link l's type is drawn in: the printed look's. */
static void
link_colour (const GbacwScenario  *scenario,
             const GbacwTraceLink *l,
             double                rgb[3])
{
  guint r, g, b;

  rgb[0] = 0.45, rgb[1] = 0.3, rgb[2] = 0.15;
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    {
      const GbacwHexsideType *type = g_ptr_array_index (scenario->catalogue.hexside_types, l->type);

      if (g_strcmp0 (type->style, "river") == 0 || g_strcmp0 (type->style, "stream") == 0)
        rgb[0] = 0.235, rgb[1] = 0.478, rgb[2] = 0.757;
      else if (g_strcmp0 (type->style, "crest") == 0 || g_strcmp0 (type->style, "steep-crest") == 0)
        rgb[0] = 0.545, rgb[1] = 0.353, rgb[2] = 0.169;
    }
  else
    {
      const GbacwLineType *type = g_ptr_array_index (scenario->catalogue.line_types, l->type);

      if (type->colour != NULL && strlen (type->colour) == 7 && sscanf (type->colour, "#%02x%02x%02x", &r, &g, &b) == 3)
        rgb[0] = r / 255.0, rgb[1] = g / 255.0, rgb[2] = b / 255.0;
    }
}

static double
link_width (const GbacwCanvasLayerView *view)
{
  return MAX (0.07, 2.5 * view->px);
}

/* The links marked in shown (1 sure, 2 doubtful, 3 both), chain being -1 (all) or one
 * chain: the casings, then the dashes by type, each in one path. */
static void
render_links (GbacwTraceLayer            *self,
              cairo_t                    *cr,
              const GbacwCanvasLayerView *view,
              const guint8               *shown)
{
  static const double dashes[] = { 0.16, 0.1 };
  double width = link_width (view);

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint8 kind = 1; kind <= 2; kind++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < self->n_links; i++)
        if (shown[i] == kind)
          {
            double p[4];

            link_ends (view->grid, &self->links[i], p);
            cairo_move_to (cr, p[0], p[1]);
            cairo_line_to (cr, p[2], p[3]);
            any = TRUE;
          }
      if (!any)
        continue;
      cairo_set_line_width (cr, width + 3 * view->px);
      if (kind == 1)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      else
        cairo_set_source_rgba (cr, 0.93, 0.45, 0.05, 0.9);
      cairo_stroke (cr);
    }

  cairo_set_line_width (cr, width);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  for (int kind = GBACW_TRACE_LINK_HEXSIDE; kind <= GBACW_TRACE_LINK_LINE; kind++)
    for (int t = 0; t < MAX (GBACW_MAX_HEXSIDE_TYPES, GBACW_MAX_LINE_TYPES); t++)
      {
        const GbacwTraceLink *first = NULL;

        for (guint i = 0; i < self->n_links; i++)
          if (shown[i] != 0 && (int) self->links[i].kind == kind && self->links[i].type == t)
            {
              double p[4];

              link_ends (view->grid, &self->links[i], p);
              cairo_move_to (cr, p[0], p[1]);
              cairo_line_to (cr, p[2], p[3]);
              first = first ? first : &self->links[i];
            }
        if (first != NULL)
          {
            double rgb[3];

            link_colour (view->scenario, first, rgb);
            cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
            cairo_stroke (cr);
          }
      }
  cairo_restore (cr);
}

/* Which links are drawn (0 not, 1 sure, 2 doubtful): those shown, in view, of chain (all
 * when -1). FALSE when none is. */
static gboolean
links_shown (GbacwTraceLayer            *self,
             const GbacwCanvasLayerView *view,
             int                         chain,
             guint8                     *shown)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->n_links; i++)
    {
      double p[4];

      shown[i] = 0;
      if ((chain >= 0 && (int) chain_of (self, i) != chain) || !gbacw_trace_layer_shows_link (self, view->scenario, i))
        continue;
      link_ends (view->grid, &self->links[i], p);
      if (!point_in_view (p[0], p[1], &view->visible) && !point_in_view (p[2], p[3], &view->visible))
        continue;
      shown[i] = self->chain_confidence[chain_of (self, i)] < self->chain_threshold ? 2 : 1;
      any = TRUE;
    }
  return any;
}

static void
render_picture (gpointer                    user_data,
                cairo_t                    *cr,
                const GbacwCanvasLayerView *view,
                int                         scale_factor)
{
  render_proposals (user_data, cr, view);
}

static void
render_links_picture (gpointer                    user_data,
                      cairo_t                    *cr,
                      const GbacwCanvasLayerView *view,
                      int                         scale_factor)
{
  GbacwTraceLayer *self = user_data;
  g_autofree guint8 *shown = g_new (guint8, self->n_links + 1);

  if (links_shown (self, view, -1, shown))
    render_links (self, cr, view, shown);
}

/* Where a hex's level is drawn: at the foot of the hex, clear of the hex number at its top
 * and of most of the terrain's symbol at its centre. */
#define LEVEL_DISC_DY 0.5
#define LEVEL_DISC_RADIUS 0.24

/* The proposed levels: discs (white for the sure, orange for the doubtful, each kind in one
 * path), then their numbers. */
static void
render_levels (GbacwTraceLayer            *self,
               cairo_t                    *cr,
               const GbacwCanvasLayerView *view)
{
  g_autofree guint8 *shown = g_new0 (guint8, self->n_level_hexes + 1);   /* 0 not, 1 sure, 2 doubtful */
  const GbacwHexGrid *grid = view->grid;
  /* the numbers: too small to read when zoomed far out, where the discs alone say "proposed" */
  gboolean numbers = LEVEL_DISC_RADIUS / view->px >= 5;

  for (int i = 0; i < self->n_level_hexes; i++)
    if (gbacw_trace_layer_shows_level (self, view->scenario, i) && hex_in_view (grid, i, &view->visible))
      shown[i] = self->levels[i].confidence < self->level_threshold ? 2 : 1;

  cairo_save (cr);
  cairo_set_line_width (cr, 1.2 * view->px);
  for (guint8 kind = 1; kind <= 2; kind++)
    {
      gboolean any = FALSE;

      for (int i = 0; i < self->n_level_hexes; i++)
        if (shown[i] == kind)
          {
            double x, y;

            gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, i), &x, &y);
            cairo_new_sub_path (cr);
            cairo_arc (cr, x, y + LEVEL_DISC_DY, LEVEL_DISC_RADIUS, 0, 2 * G_PI);
            any = TRUE;
          }
      if (!any)
        continue;
      if (kind == 1)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
      else
        cairo_set_source_rgba (cr, 1.0, 0.78, 0.45, 0.9);
      /* the outline only where the disc is big enough to show one: stroking a whole map's
       * small circles costs more than filling them */
      if (!numbers)
        {
          cairo_fill (cr);
          continue;
        }
      cairo_fill_preserve (cr);
      if (kind == 1)
        cairo_set_source_rgba (cr, 0.45, 0.3, 0.15, 0.9);
      else
        cairo_set_source_rgba (cr, 0.93, 0.45, 0.05, 0.95);
      cairo_stroke (cr);
    }

  if (numbers)
    {
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_source_rgb (cr, 0.3, 0.18, 0.06);
      for (int i = 0; i < self->n_level_hexes; i++)
        if (shown[i] != 0)
          {
            char text[16];
            cairo_text_extents_t extents;
            double x, y;

            g_snprintf (text, sizeof text, shown[i] == 2 ? "%d?" : "%d", self->levels[i].level);
            cairo_set_font_size (cr, shown[i] == 2 && self->levels[i].level >= 10 ? 0.2 : 0.3);
            cairo_text_extents (cr, text, &extents);
            gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, i), &x, &y);
            cairo_move_to (cr, x - extents.x_bearing - extents.width / 2,
                           y + LEVEL_DISC_DY - extents.y_bearing - extents.height / 2);
            cairo_show_text (cr, text);
          }
    }
  cairo_restore (cr);
}

static void
render_levels_picture (gpointer                    user_data,
                       cairo_t                    *cr,
                       const GbacwCanvasLayerView *view,
                       int                         scale_factor)
{
  render_levels (user_data, cr, view);
}

/* Which hexes are at level 0, as a hash of their indices. */
static guint32
hash_level_zero (const GbacwScenario *scenario)
{
  int n = gbacw_hex_grid_n_hexes (&scenario->map->grid);
  guint32 h = 2166136261u;

  for (int i = 0; i < n; i++)
    if (scenario->map->elevation[i] == 0)
      h = (h ^ (guint32) i) * 16777619u;
  return h;
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

/* Which links are on the map, as a hash of their indices. */
static guint32
hash_links (GbacwTraceLayer     *self,
            const GbacwScenario *scenario)
{
  guint32 h = 2166136261u;

  for (guint i = 0; i < self->n_links; i++)
    if (link_on_map (scenario, &self->links[i]))
      h = (h ^ i) * 16777619u;
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
  LinksPictureKey links_key;

  if (view->scenario->map->terrain == NULL)
    return;
  /* each picture only while it has something to show: a copy of the view costs a
   * millisecond or so */
  if (any_hex_shown (self, view->scenario))
    {
      memset (&key, 0, sizeof key);
      key.threshold = self->threshold;
      key.serial = self->serial;
      key.unpainted_hash = hash_unpainted (view->scenario);
      gbacw_layer_picture_draw (self->picture, canvas, cr, view, &key, sizeof key, render_picture, self);
    }
  if (any_link_shown (self, view->scenario))
    {
      memset (&links_key, 0, sizeof links_key);
      links_key.chain_threshold = self->chain_threshold;
      links_key.links_serial = self->links_serial;
      links_key.links_hash = hash_links (self, view->scenario);
      gbacw_layer_picture_draw (self->links_picture, canvas, cr, view, &links_key, sizeof links_key,
                                render_links_picture, self);
    }

  if (view->scenario->map->elevation != NULL && any_level_shown (self, view->scenario))
    {
      LevelsPictureKey levels_key;

      memset (&levels_key, 0, sizeof levels_key);
      levels_key.level_threshold = self->level_threshold;
      levels_key.levels_serial = self->levels_serial;
      levels_key.level_zero_hash = hash_level_zero (view->scenario);
      gbacw_layer_picture_draw (self->levels_picture, canvas, cr, view, &levels_key, sizeof levels_key,
                                render_levels_picture, self);
    }

  /* the chain under review, lit, its proposals drawn again over the light */
  if (self->selected_chain >= 0)
    {
      g_autofree guint8 *shown = g_new (guint8, self->n_links + 1);

      if (links_shown (self, view, self->selected_chain, shown))
        {
          cairo_save (cr);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          for (guint i = 0; i < self->n_links; i++)
            if (shown[i] != 0)
              {
                double p[4];

                link_ends (view->grid, &self->links[i], p);
                cairo_move_to (cr, p[0], p[1]);
                cairo_line_to (cr, p[2], p[3]);
              }
          cairo_set_line_width (cr, link_width (view) + 9 * view->px);
          cairo_set_source_rgba (cr, 1.0, 0.85, 0.0, 0.75);
          cairo_stroke (cr);
          cairo_restore (cr);
          render_links (self, cr, view, shown);
        }
    }
}

static void
gbacw_trace_layer_finalize (GObject *object)
{
  GbacwTraceLayer *self = GBACW_TRACE_LAYER (object);

  g_clear_pointer (&self->proposals, g_free);
  g_clear_pointer (&self->links, g_free);
  g_clear_pointer (&self->rejected, g_free);
  g_clear_pointer (&self->rejections, g_array_unref);
  g_clear_pointer (&self->chain_confidence, g_free);
  g_clear_pointer (&self->picture, gbacw_layer_picture_free);
  g_clear_pointer (&self->links_picture, gbacw_layer_picture_free);
  g_clear_pointer (&self->levels, g_free);
  g_clear_pointer (&self->confirmed, g_free);
  g_clear_pointer (&self->levels_picture, gbacw_layer_picture_free);

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
  self->chain_threshold = 0.5;
  self->selected_chain = -1;
  self->picture = gbacw_layer_picture_new ();
  self->links_picture = gbacw_layer_picture_new ();
  self->levels_picture = gbacw_layer_picture_new ();
  self->level_threshold = 0.5;
  self->confirmed = g_new0 (guint8, 1);
  self->rejected = g_new0 (guint8, 1);
  self->rejections = g_array_new (FALSE, FALSE, sizeof (int));
  self->chain_confidence = g_new0 (double, 1);
}
