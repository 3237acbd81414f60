/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace-layer.c: the Trace review layer's pictures after an acceptance.
 *
 * Accepting a chain of links, a hex's terrain or a hex's level (and rejecting a chain,
 * confirming a level 0, undoing an acceptance) draws again only the damaged box of the
 * layer's kept picture. The layer's drawing after each of those must be, pixel for pixel,
 * the drawing of a layer made afresh for the same state, which draws its pictures whole:
 * a box too small leaves what was accepted in the kept picture, or cuts a neighbour's
 * drawing. At a whole map's zoom and at an editing zoom (where the levels show numbers).
 * No display needed: the layer is drawn as the canvas hands it a view.
 */
#define G_LOG_DOMAIN "test-trace-layer"

#include "config.h"

#include <math.h>
#include <string.h>

#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-scenario-io.h"
#include "gbacw-trace-layer-private.h"

/* A test's view: its pixels a hex's radius, the layer's tiles. */
typedef struct
{
  double scale;
  int tile;
} Params;

typedef struct
{
  GbacwScenario *scenario;
  GbacwTraceProposal *proposals;
  GbacwTraceElevation *levels;
  GArray *links;
  int n_hexes;
  GbacwCanvasLayer *layer;        /* the one whose pictures are kept */
  GbacwCanvasLayerView view;
  double scale;
  int tile;
  int width, height;
} Fixture;

/* The layer with the fixture's proposals, links and levels, no chain under review. */
static GbacwCanvasLayer *
new_layer (Fixture *f)
{
  GbacwCanvasLayer *layer = gbacw_trace_layer_new ();
  GbacwTraceLayer *trace = GBACW_TRACE_LAYER (layer);

  gbacw_trace_layer_set_proposals (trace, f->proposals, f->n_hexes);
  gbacw_trace_layer_set_threshold (trace, 0.5);
  gbacw_trace_layer_set_links (trace, f->links);
  gbacw_trace_layer_set_chain_threshold (trace, 0.5);
  gbacw_trace_layer_set_levels (trace, f->levels, f->n_hexes);
  gbacw_trace_layer_set_level_threshold (trace, 0.5);
  return layer;
}

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwScenario) demo = NULL;
  int n_terrains, chain = -1, in_chain = 0, n_chains = 0;
  guint32 n_ids;
  double w, h;

  g_assert_nonnull (path);
  demo = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  f->scenario = gbacw_generate_scenario (demo, 20, 24, 0, 1, &error);
  g_assert_no_error (error);
  f->n_hexes = gbacw_hex_grid_n_hexes (&f->scenario->map->grid);
  n_terrains = (int) f->scenario->catalogue.hex_terrains->len;

  /* every hex unpainted and proposed, a third doubtful; a level for each (0-3, a third
   * doubtful, so that some sure 0s show nothing and some doubtful ones show) */
  memset (f->scenario->map->terrain, 0, sizeof *f->scenario->map->terrain * (gsize) f->n_hexes);
  memset (f->scenario->map->elevation, 0, sizeof *f->scenario->map->elevation * (gsize) f->n_hexes);
  f->proposals = g_new0 (GbacwTraceProposal, f->n_hexes);
  f->levels = g_new0 (GbacwTraceElevation, f->n_hexes);
  for (int i = 0; i < f->n_hexes; i++)
    {
      f->proposals[i].status = GBACW_TRACE_PROPOSED;
      f->proposals[i].terrain = i % n_terrains;
      f->proposals[i].runner_up = (i + 1) % n_terrains;
      f->proposals[i].confidence = (i % 3) == 0 ? 0.2 : 0.8;
      f->levels[i].status = GBACW_TRACE_PROPOSED;
      f->levels[i].level = (i / 2) % 4;
      f->levels[i].confidence = (i % 3) == 1 ? 0.2 : 0.8;
      f->levels[i].shade = f->levels[i].level;
    }

  /* every hexside of the map a river or a road proposal (the roads where both hexes are
   * on the map), in chains of 6 in hexside order, a third of the chains doubtful */
  f->links = g_array_new (FALSE, FALSE, sizeof (GbacwTraceLink));
  n_ids = gbacw_hex_grid_n_hexside_ids (&f->scenario->map->grid);
  for (guint32 id = 0; id < n_ids; id++)
    {
      GbacwTraceLink l = { 0 };
      GbacwHex a, b;

      if (!gbacw_hex_grid_hexside_on_map (&f->scenario->map->grid, id))
        continue;
      gbacw_hex_grid_hexside_hexes (&f->scenario->map->grid, id, &a, NULL, &b);
      l.kind = id % 2 && gbacw_hex_grid_contains (&f->scenario->map->grid, a) &&
               gbacw_hex_grid_contains (&f->scenario->map->grid, b) ? GBACW_TRACE_LINK_LINE : GBACW_TRACE_LINK_HEXSIDE;
      l.type = 0;
      if (l.kind == GBACW_TRACE_LINK_HEXSIDE)
        for (guint t = 0; t < f->scenario->catalogue.hexside_types->len; t++)
          if (g_strcmp0 (((GbacwHexsideType *) g_ptr_array_index (f->scenario->catalogue.hexside_types, t))->style,
                         "river") == 0)
            {
              l.type = (int) t;
              break;
            }
      if (chain < 0 || in_chain == 6)
        {
          chain = (int) f->links->len;
          in_chain = 0;
          n_chains++;
        }
      l.hexside = id;
      l.chain = chain;
      l.confidence = n_chains % 3 == 0 ? 0.2 : 0.8;
      g_array_append_val (f->links, l);
      in_chain++;
    }
  memset (f->scenario->map->hexside_features, 0, sizeof (guint32) * n_ids);
  memset (f->scenario->map->hexside_lines, 0, sizeof (guint16) * n_ids);

  /* the view: the whole map, or at an editing zoom a part of it off the map's corner */
  f->scale = ((const Params *) data)->scale;
  f->tile = ((const Params *) data)->tile;
  gbacw_hex_grid_extent (&f->scenario->map->grid, &w, &h);
  f->width = (int) MIN (ceil (w * f->scale), 900);
  f->height = (int) MIN (ceil (h * f->scale), 700);
  f->view.scenario = f->scenario;
  f->view.grid = &f->scenario->map->grid;
  f->view.px = 1 / f->scale;
  f->view.visible = (cairo_rectangle_t) { 0, 0, f->width / f->scale, f->height / f->scale };
  if (f->width < w * f->scale)
    f->view.visible.x = f->view.visible.y = 3.3;
  f->layer = new_layer (f);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->layer);
  g_clear_pointer (&f->links, g_array_unref);
  g_clear_pointer (&f->proposals, g_free);
  g_clear_pointer (&f->levels, g_free);
  g_clear_pointer (&f->scenario, gbacw_scenario_free);
}

/* layer drawn over the view as the canvas draws it, on a cleared picture of its own. */
static cairo_surface_t *
draw (Fixture *f, GbacwCanvasLayer *layer)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, f->width, f->height);
  cairo_t *cr = cairo_create (surface);

  cairo_scale (cr, f->scale, f->scale);
  cairo_translate (cr, -f->view.visible.x, -f->view.visible.y);
  GBACW_CANVAS_LAYER_GET_CLASS (layer)->draw (layer, NULL, cr, &f->view);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The pixels that differ between two drawings, and where the first is. */
static guint
n_different (cairo_surface_t *a, cairo_surface_t *b, int *x, int *y)
{
  int stride = cairo_image_surface_get_stride (a);
  guint n = 0;

  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (b));
  for (int row = 0; row < cairo_image_surface_get_height (a); row++)
    {
      const guint32 *pa = (const guint32 *) (gconstpointer) (cairo_image_surface_get_data (a) + (gsize) row * stride);
      const guint32 *pb = (const guint32 *) (gconstpointer) (cairo_image_surface_get_data (b) + (gsize) row * stride);

      for (int col = 0; col < cairo_image_surface_get_width (a); col++)
        if (pa[col] != pb[col] && n++ == 0)
          *x = col, *y = row;
    }
  return n;
}

/* n_boxes for a change whose boxes the test does not count: some of the four pictures
 * (terrain, links' casings, links' dashes, levels), or at most one of them. */
#define SOME_BOXES G_MAXUINT
#define ONE_BOX_AT_MOST (G_MAXUINT - 1)

/* The kept layer drawn after a change (what: said on failure) draws again only boxes of
 * its pictures (n_boxes of them, none anew), and its drawing is the drawing of fresh, a
 * layer made for the same state. */
static void
check_same (Fixture *f, GbacwCanvasLayer *fresh, guint n_boxes, const char *what)
{
  cairo_surface_t *kept, *whole;
  guint n_drawn, n_box_drawn, n_drawn_after, n_box_drawn_after, n;
  int x = -1, y = -1;

  gbacw_trace_layer_get_n_draws (GBACW_TRACE_LAYER (f->layer), &n_drawn, &n_box_drawn);
  kept = draw (f, f->layer);
  gbacw_trace_layer_get_n_draws (GBACW_TRACE_LAYER (f->layer), &n_drawn_after, &n_box_drawn_after);
  whole = draw (f, fresh);
  n = n_different (kept, whole, &x, &y);
  if (n != 0)
    g_test_message ("%s: %u pixels differ, the first at (%d, %d)", what, n, x, y);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (n_drawn_after, ==, n_drawn);
  if (n_boxes == SOME_BOXES)
    g_assert_cmpuint (n_box_drawn_after - n_box_drawn, <=, 4);
  else if (n_boxes == ONE_BOX_AT_MOST)
    g_assert_cmpuint (n_box_drawn_after - n_box_drawn, <=, 1);
  else
    g_assert_cmpuint (n_box_drawn_after, ==, n_box_drawn + n_boxes);
  cairo_surface_destroy (kept);
  cairo_surface_destroy (whole);
}

/* The first link of the run-th chain in view whose first link is shown, in the order of the
 * links. */
static int
chain_in_view (Fixture *f, int run)
{
  GbacwTraceLayer *trace = GBACW_TRACE_LAYER (f->layer);
  int seen = 0;

  for (guint i = 0; i < f->links->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (f->links, GbacwTraceLink, i);
      GbacwHex a, b;
      double x, y;

      if (l->chain != (int) i || !gbacw_trace_layer_shows_link (trace, f->scenario, i))
        continue;
      gbacw_hex_grid_hexside_hexes (&f->scenario->map->grid, l->hexside, &a, NULL, &b);
      gbacw_hex_grid_centre (&f->scenario->map->grid, a, &x, &y);
      if (x < f->view.visible.x + 2 || y < f->view.visible.y + 2 || x > f->view.visible.x + f->view.visible.width - 2 ||
          y > f->view.visible.y + f->view.visible.height - 2)
        continue;
      if (seen++ == run)
        return (int) i;
    }
  g_assert_not_reached ();
  return -1;
}

/* A hex in view, the run-th from the middle of the view. */
static int
hex_in_view (Fixture *f, int run)
{
  GbacwHex hex = gbacw_hex_grid_hex_at_point (&f->scenario->map->grid,
                                              f->view.visible.x + f->view.visible.width / 2 + 1.5 * run,
                                              f->view.visible.y + f->view.visible.height / 2);

  g_assert_true (gbacw_hex_grid_contains (&f->scenario->map->grid, hex));
  return gbacw_hex_grid_index (&f->scenario->map->grid, hex);
}

/* A hex in view near hex (not hex), its level shown: a level 0 (doubtful) or another. */
static int
level_in_view (Fixture *f, int hex, gboolean zero)
{
  const GbacwHexGrid *grid = &f->scenario->map->grid;

  for (int d = 1; d < f->n_hexes; d++)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        int i = hex + sign * d;
        double x, y;

        if (i < 0 || i >= f->n_hexes || (f->levels[i].level == 0) != zero ||
            !gbacw_trace_layer_shows_level (GBACW_TRACE_LAYER (f->layer), f->scenario, i))
          continue;
        gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, i), &x, &y);
        if (x > f->view.visible.x + 2 && y > f->view.visible.y + 2 &&
            x < f->view.visible.x + f->view.visible.width - 2 && y < f->view.visible.y + f->view.visible.height - 2)
          return i;
      }
  g_assert_not_reached ();
  return -1;
}

/* Puts chain's links on the map (accepted) or takes them off (undone). */
static void
set_chain_on_map (Fixture *f, int chain, gboolean on)
{
  GbacwMap *map = f->scenario->map;

  for (guint i = (guint) chain; i < f->links->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (f->links, GbacwTraceLink, i);

      if (l->chain != chain)
        continue;
      if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
        map->hexside_features[l->hexside] = on ? map->hexside_features[l->hexside] | 1u << l->type
                                               : map->hexside_features[l->hexside] & ~(1u << l->type);
      else
        map->hexside_lines[l->hexside] = (guint16) (on ? map->hexside_lines[l->hexside] | 1u << l->type
                                                       : map->hexside_lines[l->hexside] & ~(1u << l->type));
    }
}

/* A change checked against a fresh layer for the same state: chain_rejected rejected on
 * it, zero confirmed (each -1 for none). */
static void
check_change (Fixture *f, int chain_rejected, int zero, guint n_boxes, const char *what)
{
  g_autoptr(GbacwCanvasLayer) fresh = new_layer (f);
  GbacwTraceLayer *kept = GBACW_TRACE_LAYER (f->layer), *trace = GBACW_TRACE_LAYER (fresh);

  gbacw_trace_layer_set_tile (trace, f->tile);
  gbacw_trace_layer_set_threshold (trace, gbacw_trace_layer_get_threshold (kept));
  gbacw_trace_layer_set_chain_threshold (trace, gbacw_trace_layer_get_chain_threshold (kept));
  gbacw_trace_layer_set_level_threshold (trace, gbacw_trace_layer_get_level_threshold (kept));
  if (chain_rejected >= 0)
    gbacw_trace_layer_reject_chain (GBACW_TRACE_LAYER (fresh), chain_rejected);
  if (zero >= 0)
    gbacw_trace_layer_confirm_level (GBACW_TRACE_LAYER (fresh), zero);
  check_same (f, fresh, n_boxes, what);
}

static void
test_acceptances (Fixture *f, gconstpointer data)
{
  cairo_surface_t *first;
  guint n_drawn;

  gbacw_trace_layer_set_tile (GBACW_TRACE_LAYER (f->layer), f->tile);
  /* the pictures drawn whole once: what the box redraws keep */
  first = draw (f, f->layer);
  cairo_surface_destroy (first);
  gbacw_trace_layer_get_n_draws (GBACW_TRACE_LAYER (f->layer), &n_drawn, NULL);
  g_assert_cmpuint (n_drawn, ==, 4);

  /* in several places of the view, so that some boxes fall across the tiles' edges */
  for (int run = 0; run < 4; run++)
    {
      int chain = chain_in_view (f, 3 * run), other = chain_in_view (f, 3 * run + 1), hex = hex_in_view (f, run);
      int neighbour, zero;

      /* a chain accepted: its links' box of the links' two pictures (casings, dashes) */
      set_chain_on_map (f, chain, TRUE);
      check_change (f, -1, -1, 2, "a chain accepted");
      /* another, then the first one's acceptance undone */
      set_chain_on_map (f, other, TRUE);
      check_change (f, -1, -1, 2, "a second chain accepted");
      set_chain_on_map (f, chain, FALSE);
      check_change (f, -1, -1, 2, "a chain's acceptance undone");

      /* a chain rejected: the same box; restored (and lit, as a restored chain is) */
      gbacw_trace_layer_reject_chain (GBACW_TRACE_LAYER (f->layer), chain);
      check_change (f, chain, -1, 2, "a chain rejected");
      g_assert_cmpint (gbacw_trace_layer_restore_chain (GBACW_TRACE_LAYER (f->layer)), ==, chain);
      gbacw_trace_layer_set_selected_chain (GBACW_TRACE_LAYER (f->layer), -1);
      check_change (f, -1, -1, 2, "a rejected chain restored");

      /* a hex's terrain accepted (painted): its box of the terrain's picture */
      f->scenario->map->terrain[hex] = 1;
      check_change (f, -1, -1, 1, "a hex's terrain accepted");

      /* a neighbour's level accepted (entered): its box of the levels' picture */
      neighbour = level_in_view (f, hex, FALSE);
      f->scenario->map->elevation[neighbour] = (gint16) f->levels[neighbour].level;
      check_change (f, -1, -1, 1, "a hex's level accepted");

      /* a doubtful level 0 confirmed (nothing painted): its box */
      zero = level_in_view (f, hex, TRUE);
      gbacw_trace_layer_confirm_level (GBACW_TRACE_LAYER (f->layer), zero);
      check_change (f, -1, zero, 1, "a level 0 confirmed");

      /* the terrain and the level undone, a chain accepted with them: four boxes at once */
      f->scenario->map->terrain[hex] = 0;
      f->scenario->map->elevation[neighbour] = 0;
      set_chain_on_map (f, chain, TRUE);
      check_change (f, -1, zero, 4, "a terrain's and a level's acceptances undone, a chain accepted");

      /* nothing changed: the pictures copied */
      check_change (f, -1, zero, 0, "nothing changed");

      /* back as they were, but for the level 0 confirmed (the layer's till its levels are set
       * again): the next run's fresh layers confirm none */
      set_chain_on_map (f, chain, FALSE);
      set_chain_on_map (f, other, FALSE);
      f->scenario->map->elevation[zero] = 1;
      check_change (f, -1, -1, 2, "back as they were, the confirmed level entered");
      f->scenario->map->elevation[zero] = 0;
      gbacw_trace_layer_set_levels (GBACW_TRACE_LAYER (f->layer), f->levels, f->n_hexes);
      first = draw (f, f->layer);
      cairo_surface_destroy (first);
    }
}

/* A threshold's change turns some items sure or doubtful (and shows or hides a level 0):
 * they are drawn again in their boxes, small steps as a slider makes them and large ones,
 * never the whole picture anew. */
static void
test_thresholds (Fixture *f, gconstpointer data)
{
  static const double steps[] = { 0.52, 0.55, 0.62, 0.9, 0.05, 0.5 };
  GbacwTraceLayer *trace = GBACW_TRACE_LAYER (f->layer);
  cairo_surface_t *first;

  gbacw_trace_layer_set_tile (trace, f->tile);
  first = draw (f, f->layer);
  cairo_surface_destroy (first);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      gbacw_trace_layer_set_threshold (trace, steps[i]);
      check_change (f, -1, -1, SOME_BOXES, "the terrain's threshold changed");
      /* sure or doubtful is the casing's colour: the dashes' picture is kept */
      gbacw_trace_layer_set_chain_threshold (trace, steps[i]);
      check_change (f, -1, -1, ONE_BOX_AT_MOST, "the chains' threshold changed");
      gbacw_trace_layer_set_level_threshold (trace, steps[i]);
      check_change (f, -1, -1, SOME_BOXES, "the levels' threshold changed");
      gbacw_trace_layer_set_threshold (trace, 1.0 - steps[i]);
      gbacw_trace_layer_set_chain_threshold (trace, steps[i] / 2);
      gbacw_trace_layer_set_level_threshold (trace, 1.0 - steps[i] / 2);
      check_change (f, -1, -1, SOME_BOXES, "the three thresholds changed at once");
    }
  /* from everything doubtful to everything sure: every picture drawn again in part, but
     the links' dashes */
  gbacw_trace_layer_set_threshold (trace, 1.0);
  gbacw_trace_layer_set_chain_threshold (trace, 1.0);
  gbacw_trace_layer_set_level_threshold (trace, 1.0);
  check_change (f, -1, -1, SOME_BOXES, "every threshold at 1");
  gbacw_trace_layer_set_threshold (trace, 0.0);
  gbacw_trace_layer_set_chain_threshold (trace, 0.0);
  gbacw_trace_layer_set_level_threshold (trace, 0.0);
  check_change (f, -1, -1, 3, "every threshold at 0");
}

int
main (int argc, char **argv)
{
  /* the whole map in view (the levels' discs without numbers), an editing zoom (numbers);
   * the layer's tiles, and small ones, whose edges fall close to a box's */
  static const Params params[] = { { 14.0, 128 }, { 44.0, 128 }, { 14.0, 16 }, { 44.0, 16 } };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (params); i++)
    {
      g_autofree char *name = g_strdup_printf ("/trace-layer/acceptance-box/scale-%g/tile-%d", params[i].scale,
                                               params[i].tile);

      g_autofree char *thresholds = g_strdup_printf ("/trace-layer/threshold-boxes/scale-%g/tile-%d", params[i].scale,
                                                     params[i].tile);

      g_test_add (name, Fixture, &params[i], fixture_set_up, test_acceptances, fixture_tear_down);
      g_test_add (thresholds, Fixture, &params[i], fixture_set_up, test_thresholds, fixture_tear_down);
    }
  return g_test_run ();
}
