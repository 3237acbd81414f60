/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-layer.c: the map canvas's layer that shows what was traced from the scan.
 *
 * The layers are drawn again at every move of the pointer (the hover light), and tinting a
 * whole map's proposals takes several frames: they are drawn once into a picture of the
 * view (gbacw-layer-picture.h) and the picture copied, until the view or the proposals
 * change. The hexside and line proposals have two pictures of their own, their casings
 * (white when sure, orange when doubtful) and over them their dashes (by type), so that a
 * step of the chains' threshold draws only casings again; the proposed levels have one
 * too. An acceptance (a chain's links, a hex's terrain or level painted, a
 * chain rejected, a level 0 confirmed, or any of them undone) or a threshold's change
 * changes some of a picture's items (painted, or sure and doubtful): the layer keeps each
 * item's state as its picture shows it and draws again, over the kept picture, only the
 * boxes of the items whose state changed (the picture's tiles they meet, each as a whole
 * redraw draws it: the same pixels), with only the items that reach into them, found
 * through a grid of cells over the items' boxes built once for each set of proposals. The chain under review is drawn over the pictures
 * at each draw: moving through the chains keeps them.
 */
#define G_LOG_DOMAIN "gbacw-trace-layer"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gbacw-hex-path.h"
#include "gbacw-layer-picture.h"
#include "gbacw-trace-layer-private.h"

#define SURE_ALPHA 0.6
#define DOUBTFUL_ALPHA 0.35
/* of a hexside left out at each corner, of a segment at each centre: a proposal is shorter
 * than what the map draws once it is painted */
#define HEXSIDE_INSET 0.12
#define SEGMENT_INSET 0.16

/* What a picture shows besides the view and its items' states (TracePicture): its
 * proposals (their serial), whose change draws it anew. A threshold says which items are
 * doubtful: their states, which draw again only the items that changed. */
typedef struct
{
  guint serial;
} PictureKey;

/* Where the items of a picture (hexes or links) are drawn, in map units, and a grid of
 * cells over them, each listing the items that reach into it: a damaged box of the picture
 * finds the items to draw again in it without going through them all. */
typedef struct
{
  guint n;
  double (*boxes)[4];         /* n: x0, y0, x1, y1 of what item i draws, before the view's margin */
  double x0, y0;
  int columns, rows;
  guint32 *cell_start;        /* columns * rows + 1: cell c's items start at cell_start[c] */
  guint32 *cell_items;
  guint32 *seen;              /* n: the query that last found item i */
  guint32 query;
} BoxIndex;

/* One of the layer's pictures of the view (the terrain's, the links' two, the levels'), and
 * what it shows: each item's state (0 not drawn, 1 sure, 2 doubtful) in the picture and
 * now. After an acceptance or a threshold's change only the items whose state changed are
 * drawn again, in their boxes, over the kept picture. */
typedef struct
{
  GbacwLayerPicture *picture;
  guint n;
  guint8 *now;                /* n + 1 */
  guint8 *drawn;              /* n + 1; NULL until the picture is drawn */
  BoxIndex index;
  guint index_serial;         /* of the proposals the index was built for */
  GbacwHexGrid index_grid;    /* and of the grid */
  GArray *items;              /* guint32: those the render draws, in index order */
  GArray *damage;             /* cairo_rectangle_t: the boxes of the items changed, at a draw */
} TracePicture;

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
  guint links_serial;         /* counts the links set */
  int selected_chain;

  GbacwTraceElevation *levels;
  int n_level_hexes;
  guint8 *confirmed;          /* n_level_hexes: 1 when level 0 was accepted */
  double level_threshold;
  guint levels_serial;        /* counts the levels set */

  TracePicture picture;          /* the terrain's tints */
  TracePicture levels_picture;   /* the proposed levels */
  TracePicture links_picture;    /* the hexside and line proposals' casings (sure or doubtful) */
  TracePicture dashes_picture;   /* their dashes by type, over the casings: a threshold's step
                                    leaves them as they are */
  double (*ends)[4];             /* n_links: where each link is drawn (link_ends ()) */
  guint ends_serial;             /* of the links and */
  GbacwHexGrid ends_grid;        /* of the grid ends was computed for */
  guint n_drawn, n_box_drawn;    /* the pictures drawn anew, and boxes of them again */
  int tile;                      /* PICTURE_TILE, or a test's */
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

/* ---------------------------------------------------------------- the pictures' items */

/* The side of the pictures' tiles, in picture pixels: an acceptance draws again the tiles
 * its boxes meet (gbacw_layer_picture_draw_damaged ()). */
#define PICTURE_TILE 128

/* The side of an index's cells, in map units (a hex's radius is 1). */
#define INDEX_CELL 2.0

static void
box_index_clear (BoxIndex *index)
{
  g_free (index->boxes);
  g_free (index->cell_start);
  g_free (index->cell_items);
  g_free (index->seen);
  memset (index, 0, sizeof *index);
}

/* The cells a box (x0, y0, x1, y1) meets, those beyond the index's edges in its edge cells. */
static void
box_index_cells (const BoxIndex *index,
                 const double    box[4],
                 int             cells[4])
{
  cells[0] = (int) CLAMP (floor ((box[0] - index->x0) / INDEX_CELL), 0, index->columns - 1);
  cells[1] = (int) CLAMP (floor ((box[1] - index->y0) / INDEX_CELL), 0, index->rows - 1);
  cells[2] = (int) CLAMP (floor ((box[2] - index->x0) / INDEX_CELL), 0, index->columns - 1);
  cells[3] = (int) CLAMP (floor ((box[3] - index->y0) / INDEX_CELL), 0, index->rows - 1);
}

/* The index of n items' boxes (g_new'd, taken). */
static void
box_index_build (BoxIndex *index,
                 double  (*boxes)[4],
                 guint     n)
{
  double x1 = 0, y1 = 0;
  g_autofree guint32 *fill = NULL;
  guint n_cells;

  box_index_clear (index);
  index->n = n;
  index->boxes = boxes;
  for (guint i = 0; i < n; i++)
    {
      index->x0 = i == 0 ? boxes[i][0] : MIN (index->x0, boxes[i][0]);
      index->y0 = i == 0 ? boxes[i][1] : MIN (index->y0, boxes[i][1]);
      x1 = i == 0 ? boxes[i][2] : MAX (x1, boxes[i][2]);
      y1 = i == 0 ? boxes[i][3] : MAX (y1, boxes[i][3]);
    }
  index->columns = (int) CLAMP (ceil ((x1 - index->x0) / INDEX_CELL), 1, 4096);
  index->rows = (int) CLAMP (ceil ((y1 - index->y0) / INDEX_CELL), 1, 4096);
  n_cells = (guint) index->columns * (guint) index->rows;
  index->cell_start = g_new0 (guint32, n_cells + 1);
  for (guint i = 0; i < n; i++)
    {
      int cells[4];

      box_index_cells (index, boxes[i], cells);
      for (int r = cells[1]; r <= cells[3]; r++)
        for (int c = cells[0]; c <= cells[2]; c++)
          index->cell_start[r * index->columns + c + 1]++;
    }
  for (guint c = 0; c < n_cells; c++)
    index->cell_start[c + 1] += index->cell_start[c];
  index->cell_items = g_new (guint32, index->cell_start[n_cells] + 1);
  fill = g_memdup2 (index->cell_start, sizeof (guint32) * n_cells);
  for (guint i = 0; i < n; i++)
    {
      int cells[4];

      box_index_cells (index, boxes[i], cells);
      for (int r = cells[1]; r <= cells[3]; r++)
        for (int c = cells[0]; c <= cells[2]; c++)
          index->cell_items[fill[r * index->columns + c]++] = i;
    }
  index->seen = g_new0 (guint32, n + 1);
  index->query = 0;
}

static int
compare_guint32 (gconstpointer a,
                 gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/* Appends to out the items whose box grown by margin meets box (x0, y0, x1, y1), in index
 * order. */
static void
box_index_query (BoxIndex     *index,
                 const double  box[4],
                 double        margin,
                 GArray       *out)
{
  double grown[4] = { box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin };
  int cells[4];
  guint first = out->len;

  if (index->n == 0)
    return;
  if (++index->query == 0)
    {
      memset (index->seen, 0, sizeof (guint32) * index->n);
      index->query = 1;
    }
  box_index_cells (index, grown, cells);
  for (int r = cells[1]; r <= cells[3]; r++)
    for (int c = cells[0]; c <= cells[2]; c++)
      for (guint32 k = index->cell_start[r * index->columns + c];
           k < index->cell_start[r * index->columns + c + 1]; k++)
        {
          guint32 i = index->cell_items[k];
          const double *b = index->boxes[i];

          if (index->seen[i] == index->query)
            continue;
          index->seen[i] = index->query;
          if (b[0] <= grown[2] && b[2] >= grown[0] && b[1] <= grown[3] && b[3] >= grown[1])
            g_array_append_val (out, i);
        }
  /* (none or one found: out->data may still be NULL, which qsort () must not be given) */
  if (out->len - first > 1)
    qsort ((guint32 *) (gpointer) out->data + first, out->len - first, sizeof (guint32), compare_guint32);
}

static void
trace_picture_init (TracePicture *tp)
{
  memset (tp, 0, sizeof *tp);
  tp->picture = gbacw_layer_picture_new ();
  tp->now = g_new0 (guint8, 1);
  tp->items = g_array_new (FALSE, FALSE, sizeof (guint32));
  tp->damage = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
}

static void
trace_picture_clear (TracePicture *tp)
{
  g_clear_pointer (&tp->picture, gbacw_layer_picture_free);
  g_clear_pointer (&tp->now, g_free);
  g_clear_pointer (&tp->drawn, g_free);
  g_clear_pointer (&tp->items, g_array_unref);
  g_clear_pointer (&tp->damage, g_array_unref);
  box_index_clear (&tp->index);
}

/* Makes room for n items' states now (zeroed); the picture, of other items, is drawn anew. */
static guint8 *
trace_picture_states (TracePicture *tp,
                      guint         n)
{
  if (tp->n != n)
    {
      g_free (tp->now);
      tp->now = g_new0 (guint8, n + 1);
      g_clear_pointer (&tp->drawn, g_free);
      tp->n = n;
    }
  else
    memset (tp->now, 0, n + 1);
  return tp->now;
}

/* Where item i is drawn, in map units, without the margin that depends on the view. */
typedef void (*ItemBoxFunc) (GbacwTraceLayer *self, const GbacwHexGrid *grid, guint i,
                             double box[4]);

/* A hex's box: its tint, its outline, its level's disc and number. */
static void
hex_box (GbacwTraceLayer    *self,
         const GbacwHexGrid *grid,
         guint               i,
         double              box[4])
{
  double x, y;

  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, (int) i), &x, &y);
  box[0] = x - 1, box[1] = y - 1, box[2] = x + 1, box[3] = y + 1;
}

/* Draws tp's picture on cr: anew, or, when only some items' states changed (an
 * acceptance, a rejection, an undo, a threshold), their boxes of it over the kept picture.
 * tp->now says the items' states; margin (map units) is how far past its box an item's
 * drawing reaches in this view. */
static void
trace_picture_draw (GbacwTraceLayer             *self,
                    TracePicture                *tp,
                    GbacwMapCanvas              *canvas,
                    cairo_t                     *cr,
                    const GbacwCanvasLayerView  *view,
                    guint                        serial,
                    ItemBoxFunc                  item_box,
                    double                       margin,
                    GbacwLayerPictureRenderFunc  render)
{
  GbacwLayerPictureResult result;
  PictureKey key;

  if (tp->index.n != tp->n || tp->index_serial != serial ||
      memcmp (&tp->index_grid, view->grid, sizeof *view->grid) != 0)
    {
      double (*boxes)[4] = (double (*)[4]) g_new (double, 4 * ((gsize) tp->n + 1));

      for (guint i = 0; i < tp->n; i++)
        item_box (self, view->grid, i, boxes[i]);
      box_index_build (&tp->index, boxes, tp->n);
      tp->index_serial = serial;
      tp->index_grid = *view->grid;
    }

  /* the boxes of the items whose state changed since the picture was drawn: the tiles they
     meet are drawn again (all of them, when the changes are all over the view) */
  g_array_set_size (tp->damage, 0);
  if (tp->drawn == NULL)
    gbacw_layer_picture_clear (tp->picture);
  else
    for (guint i = 0; i < tp->n; i++)
      if (tp->now[i] != tp->drawn[i])
        {
          const double *b = tp->index.boxes[i];
          cairo_rectangle_t box = { b[0] - margin, b[1] - margin, b[2] - b[0] + 2 * margin, b[3] - b[1] + 2 * margin };

          g_array_append_val (tp->damage, box);
        }

  memset (&key, 0, sizeof key);
  key.serial = serial;
  result = gbacw_layer_picture_draw_damaged (tp->picture, canvas, cr, view, &key, sizeof key, self->tile,
                                             (const cairo_rectangle_t *) (gconstpointer) tp->damage->data,
                                             tp->damage->len, render, self);
  if (result == GBACW_LAYER_PICTURE_NONE)
    return;
  self->n_drawn += result == GBACW_LAYER_PICTURE_DRAWN;
  self->n_box_drawn += result == GBACW_LAYER_PICTURE_BOX_DRAWN;
  if (tp->drawn == NULL)
    tp->drawn = g_new0 (guint8, tp->n + 1);
  memcpy (tp->drawn, tp->now, tp->n);
}

/* Sets tp->items to the items shown (tp->now) that the render on cr draws: those that reach
 * into its tile (cr's clip). */
static void
trace_picture_items (TracePicture *tp,
                     cairo_t      *cr,
                     double        margin)
{
  double box[4];

  g_array_set_size (tp->items, 0);
  cairo_clip_extents (cr, &box[0], &box[1], &box[2], &box[3]);
  box_index_query (&tp->index, box, margin, tp->items);
  {
    guint32 *item = (guint32 *) (gpointer) tp->items->data;
    guint kept = 0;

    for (guint k = 0; k < tp->items->len; k++)
      if (tp->now[item[k]] != 0)
        item[kept++] = item[k];
    g_array_set_size (tp->items, kept);
  }
}

void
gbacw_trace_layer_get_n_draws (GbacwTraceLayer *self,
                               guint           *n_drawn,
                               guint           *n_box_drawn)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));
  if (n_drawn != NULL)
    *n_drawn = self->n_drawn;
  if (n_box_drawn != NULL)
    *n_box_drawn = self->n_box_drawn;
}

void
gbacw_trace_layer_set_tile (GbacwTraceLayer *self,
                            int              tile)
{
  g_return_if_fail (GBACW_IS_TRACE_LAYER (self));
  g_return_if_fail (tile > 0);
  self->tile = tile;
  /* drawn anew: a box's tiles must be the whole picture's */
  g_clear_pointer (&self->picture.drawn, g_free);
  g_clear_pointer (&self->links_picture.drawn, g_free);
  g_clear_pointer (&self->dashes_picture.drawn, g_free);
  g_clear_pointer (&self->levels_picture.drawn, g_free);
}

/* How far past a hex's box its tint's outline and antialiasing reach, and its level's disc. */
static double
hex_margin (const GbacwCanvasLayerView *view)
{
  return 3 * view->px;
}

/* The hexes shown, in view: tp->now of the terrain's picture. FALSE when none is. */
static gboolean
hexes_shown (GbacwTraceLayer            *self,
             const GbacwCanvasLayerView *view)
{
  guint8 *shown = trace_picture_states (&self->picture, (guint) self->n_hexes);
  gboolean any = FALSE;

  for (int i = 0; i < self->n_hexes; i++)
    if (gbacw_trace_layer_shows (self, view->scenario, i) && hex_in_view (view->grid, i, &view->visible))
      {
        shown[i] = self->proposals[i].confidence < self->threshold ? 2 : 1;
        any = TRUE;
      }
  return any;
}

/* The tints of the hexes in items (shown says sure or doubtful): one fill per terrain and
 * doubt, then the doubtful ones' outlines. */
static void
render_proposals (GbacwTraceLayer            *self,
                  cairo_t                    *cr,
                  const GbacwCanvasLayerView *view,
                  const guint8               *shown,
                  const GArray               *items)
{
  const GPtrArray *terrains = view->scenario->catalogue.hex_terrains;
  const guint32 *item = (const guint32 *) (gconstpointer) items->data;
  gboolean any_doubtful = FALSE;

  /* the tints: one fill per terrain and doubt, of all its hexes (a fill per hex is many
   * times slower over a whole map) */
  for (guint t = 0; t < terrains->len; t++)
    for (guint8 kind = 1; kind <= 2; kind++)
      {
        const GbacwHexTerrain *terrain = g_ptr_array_index (terrains, t);
        guint r = 0xc0, g = 0xc0, b = 0xc0;
        gboolean any = FALSE;

        for (guint k = 0; k < items->len; k++)
          if (shown[item[k]] == kind && self->proposals[item[k]].terrain == (int) t)
            {
              gbacw_render_hex_path (cr, view->grid, (int) item[k], 0.92);
              any = TRUE;
            }
        if (!any)
          continue;
        any_doubtful |= kind == 2;
        if (terrain->fill != NULL && strlen (terrain->fill) == 7)
          sscanf (terrain->fill, "#%02x%02x%02x", &r, &g, &b);
        cairo_set_source_rgba (cr, r / 255.0, g / 255.0, b / 255.0, kind == 2 ? DOUBTFUL_ALPHA : SURE_ALPHA);
        cairo_fill (cr);
      }
  if (!any_doubtful)
    return;

  /* the doubtful ones outlined, in one path */
  for (guint k = 0; k < items->len; k++)
    if (shown[item[k]] == 2)
      gbacw_render_hex_path (cr, view->grid, (int) item[k], 0.8);
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

/* A link's box: from end to end. */
static void
link_box (GbacwTraceLayer    *self,
          const GbacwHexGrid *grid,
          guint               i,
          double              box[4])
{
  const double *p = self->ends[i];

  box[0] = MIN (p[0], p[2]), box[1] = MIN (p[1], p[3]);
  box[2] = MAX (p[0], p[2]), box[3] = MAX (p[1], p[3]);
}

/* Where each link is drawn (self->ends), computed once for each set of links and grid. */
static void
update_link_ends (GbacwTraceLayer    *self,
                  const GbacwHexGrid *grid)
{
  if (self->ends != NULL && self->ends_serial == self->links_serial &&
      memcmp (&self->ends_grid, grid, sizeof *grid) == 0)
    return;
  g_free (self->ends);
  self->ends = (double (*)[4]) g_new (double, 4 * ((gsize) self->n_links + 1));
  for (guint i = 0; i < self->n_links; i++)
    link_ends (grid, &self->links[i], self->ends[i]);
  self->ends_serial = self->links_serial;
  self->ends_grid = *grid;
}

/* How far past its box a link's drawing reaches: half its casing, and the antialiasing. */
static double
link_margin (const GbacwCanvasLayerView *view)
{
  return (link_width (view) + 3 * view->px) / 2 + 2 * view->px;
}

/* What render_links () draws of the links. */
typedef enum
{
  LINK_CASINGS = 1 << 0,
  LINK_DASHES = 1 << 1,
} LinkParts;

/* The links in items (shown says sure or doubtful, 0 not shown): the casings, then the
 * dashes by type, each in one path; parts says which of the two. */
static void
render_links (GbacwTraceLayer            *self,
              cairo_t                    *cr,
              const GbacwCanvasLayerView *view,
              const guint8               *shown,
              const GArray               *items,
              LinkParts                   parts)
{
  static const double dashes[] = { 0.16, 0.1 };
  const guint32 *item = (const guint32 *) (gconstpointer) items->data;
  double width = link_width (view);
  guint32 hexside_types = 0, line_types = 0;

  for (guint k = 0; k < items->len; k++)
    if (shown[item[k]] != 0)
      {
        const GbacwTraceLink *l = &self->links[item[k]];

        /* a link shown has a type of the catalogue (link_on_map ()) */
        if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
          hexside_types |= 1u << l->type;
        else
          line_types |= 1u << l->type;
      }
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint8 kind = 1; kind <= 2 && (parts & LINK_CASINGS); kind++)
    {
      gboolean any = FALSE;

      for (guint k = 0; k < items->len; k++)
        if (shown[item[k]] == kind)
          {
            const double *p = self->ends[item[k]];

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

  if (!(parts & LINK_DASHES))
    {
      cairo_restore (cr);
      return;
    }
  /* the dashes, one path per type drawn */
  cairo_set_line_width (cr, width);
  cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
  for (int kind = GBACW_TRACE_LINK_HEXSIDE; kind <= GBACW_TRACE_LINK_LINE; kind++)
    for (int t = 0; t < MAX (GBACW_MAX_HEXSIDE_TYPES, GBACW_MAX_LINE_TYPES); t++)
      {
        const GbacwTraceLink *first = NULL;

        if (!(((kind == GBACW_TRACE_LINK_HEXSIDE ? hexside_types : line_types) >> t) & 1))
          continue;
        for (guint k = 0; k < items->len; k++)
          if (shown[item[k]] != 0 && (int) self->links[item[k]].kind == kind && self->links[item[k]].type == t)
            {
              const double *p = self->ends[item[k]];

              cairo_move_to (cr, p[0], p[1]);
              cairo_line_to (cr, p[2], p[3]);
              first = first ? first : &self->links[item[k]];
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

/* Which links are drawn (0 not, 1 sure, 2 doubtful), in shown: those shown, in view, of
 * chain (all when -1). FALSE when none is. */
static gboolean
links_shown (GbacwTraceLayer            *self,
             const GbacwCanvasLayerView *view,
             int                         chain,
             guint8                     *shown)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->n_links; i++)
    {
      const double *p = self->ends[i];

      shown[i] = 0;
      if ((chain >= 0 && (int) chain_of (self, i) != chain) || !gbacw_trace_layer_shows_link (self, view->scenario, i))
        continue;
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
  GbacwTraceLayer *self = user_data;

  trace_picture_items (&self->picture, cr, hex_margin (view));
  render_proposals (self, cr, view, self->picture.now, self->picture.items);
}

static void
render_links_picture (gpointer                    user_data,
                      cairo_t                    *cr,
                      const GbacwCanvasLayerView *view,
                      int                         scale_factor)
{
  GbacwTraceLayer *self = user_data;

  trace_picture_items (&self->links_picture, cr, link_margin (view));
  render_links (self, cr, view, self->links_picture.now, self->links_picture.items, LINK_CASINGS);
}

static void
render_dashes_picture (gpointer                    user_data,
                       cairo_t                    *cr,
                       const GbacwCanvasLayerView *view,
                       int                         scale_factor)
{
  GbacwTraceLayer *self = user_data;

  trace_picture_items (&self->dashes_picture, cr, link_margin (view));
  render_links (self, cr, view, self->dashes_picture.now, self->dashes_picture.items, LINK_DASHES);
}

/* Where a hex's level is drawn: at the foot of the hex, clear of the hex number at its top
 * and of most of the terrain's symbol at its centre. */
#define LEVEL_DISC_DY 0.5
#define LEVEL_DISC_RADIUS 0.24

/* The levels shown, in view: tp->now of the levels' picture. FALSE when none is. */
static gboolean
levels_shown (GbacwTraceLayer            *self,
              const GbacwCanvasLayerView *view)
{
  guint8 *shown = trace_picture_states (&self->levels_picture, (guint) self->n_level_hexes);
  gboolean any = FALSE;

  for (int i = 0; i < self->n_level_hexes; i++)
    if (gbacw_trace_layer_shows_level (self, view->scenario, i) &&
        hex_in_view (view->grid, i, &view->visible))
      {
        shown[i] = self->levels[i].confidence < self->level_threshold ? 2 : 1;
        any = TRUE;
      }
  return any;
}

/* The proposed levels of the hexes in items (shown says sure or doubtful): discs (white for
 * the sure, orange for the doubtful, each kind in one path), then their numbers. */
static void
render_levels (GbacwTraceLayer            *self,
               cairo_t                    *cr,
               const GbacwCanvasLayerView *view,
               const guint8               *shown,
               const GArray               *items)
{
  const guint32 *item = (const guint32 *) (gconstpointer) items->data;
  const GbacwHexGrid *grid = view->grid;
  /* the numbers: too small to read when zoomed far out, where the discs alone say "proposed" */
  gboolean numbers = LEVEL_DISC_RADIUS / view->px >= 5;

  cairo_save (cr);
  cairo_set_line_width (cr, 1.2 * view->px);
  for (guint8 kind = 1; kind <= 2; kind++)
    {
      gboolean any = FALSE;

      for (guint k = 0; k < items->len; k++)
        if (shown[item[k]] == kind)
          {
            double x, y;

            gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, (int) item[k]), &x, &y);
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
      for (guint k = 0; k < items->len; k++)
        {
          guint32 i = item[k];
          char text[16];
          cairo_text_extents_t extents;
          double x, y;

          g_snprintf (text, sizeof text, shown[i] == 2 ? "%d?" : "%d", self->levels[i].level);
          cairo_set_font_size (cr, shown[i] == 2 && self->levels[i].level >= 10 ? 0.2 : 0.3);
          cairo_text_extents (cr, text, &extents);
          gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, (int) i), &x, &y);
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
  GbacwTraceLayer *self = user_data;

  trace_picture_items (&self->levels_picture, cr, hex_margin (view));
  render_levels (self, cr, view, self->levels_picture.now, self->levels_picture.items);
}

static void
gbacw_trace_layer_draw (GbacwCanvasLayer           *layer,
                        GbacwMapCanvas             *canvas,
                        cairo_t                    *cr,
                        const GbacwCanvasLayerView *view)
{
  GbacwTraceLayer *self = GBACW_TRACE_LAYER (layer);

  if (view->scenario->map->terrain == NULL)
    return;
  update_link_ends (self, view->grid);
  /* each picture only while it shows something in view: a copy of the view costs a
   * millisecond or so */
  if (hexes_shown (self, view))
    trace_picture_draw (self, &self->picture, canvas, cr, view, self->serial, hex_box, hex_margin (view),
                        render_picture);
  if (links_shown (self, view, -1, trace_picture_states (&self->links_picture, self->n_links)))
    {
      guint8 *dashed = trace_picture_states (&self->dashes_picture, self->n_links);

      for (guint i = 0; i < self->n_links; i++)
        dashed[i] = self->links_picture.now[i] != 0;
      trace_picture_draw (self, &self->links_picture, canvas, cr, view, self->links_serial, link_box,
                          link_margin (view), render_links_picture);
      trace_picture_draw (self, &self->dashes_picture, canvas, cr, view, self->links_serial, link_box,
                          link_margin (view), render_dashes_picture);
    }
  if (view->scenario->map->elevation != NULL && levels_shown (self, view))
    trace_picture_draw (self, &self->levels_picture, canvas, cr, view, self->levels_serial, hex_box, hex_margin (view),
                        render_levels_picture);

  /* the chain under review, lit, its proposals drawn again over the light */
  if (self->selected_chain >= 0)
    {
      g_autofree guint8 *shown = g_new (guint8, self->n_links + 1);
      g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (guint32));

      if (links_shown (self, view, self->selected_chain, shown))
        {
          cairo_save (cr);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
          for (guint32 i = 0; i < self->n_links; i++)
            if (shown[i] != 0)
              {
                const double *p = self->ends[i];

                cairo_move_to (cr, p[0], p[1]);
                cairo_line_to (cr, p[2], p[3]);
                g_array_append_val (items, i);
              }
          cairo_set_line_width (cr, link_width (view) + 9 * view->px);
          cairo_set_source_rgba (cr, 1.0, 0.85, 0.0, 0.75);
          cairo_stroke (cr);
          cairo_restore (cr);
          render_links (self, cr, view, shown, items, LINK_CASINGS | LINK_DASHES);
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
  g_clear_pointer (&self->ends, g_free);
  trace_picture_clear (&self->picture);
  trace_picture_clear (&self->links_picture);
  trace_picture_clear (&self->dashes_picture);
  g_clear_pointer (&self->levels, g_free);
  g_clear_pointer (&self->confirmed, g_free);
  trace_picture_clear (&self->levels_picture);

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
  self->tile = PICTURE_TILE;
  trace_picture_init (&self->picture);
  trace_picture_init (&self->links_picture);
  trace_picture_init (&self->dashes_picture);
  trace_picture_init (&self->levels_picture);
  self->level_threshold = 0.5;
  self->confirmed = g_new0 (guint8, 1);
  self->rejected = g_new0 (guint8, 1);
  self->rejections = g_array_new (FALSE, FALSE, sizeof (int));
  self->chain_confidence = g_new0 (double, 1);
}
