/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-counter.c: counters draw real pixels: the side's colour, a front edge that
 * turns with the facing, markers, the "+N" of a stack, a fan, and the deployment. */
#define G_LOG_DOMAIN "test-counter"

#include "config.h"

#include <math.h>
#include <string.h>

#include "gbacw-counter.h"

#define W 240
#define SIZE 120.0
#define CX 120.0
#define CY 120.0

/* side colour #2040c0; the front edge is that mixed 60% with black */
static const int BLUE[3] = { 0x20, 0x40, 0xc0 };
static const int FRONT[3] = { 13, 26, 77 };
static const int PAPER[3] = { 230, 220, 190 };

static GbacwScenario *
make_scenario (GbacwGridOrientation orientation)
{
  GbacwHexGrid grid;
  GbacwScenario *s;
  GbacwSide *side;
  GbacwUnit *u;
  const char *ids[] = { "b-1", "b-2", "b-3" };

  gbacw_hex_grid_init_default (&grid, 6, 6);
  grid.orientation = orientation;
  s = gbacw_scenario_new (&grid);
  side = gbacw_side_new ("blue", "Blue");
  side->colour = g_strdup ("#2040c0");
  g_ptr_array_add (s->oob.sides, side);
  side = gbacw_side_new ("red", "Red");
  side->colour = g_strdup ("#c02020");
  g_ptr_array_add (s->oob.sides, side);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      u = gbacw_unit_new (ids[i], "blue", i == 2 ? GBACW_UNIT_ARTILLERY : GBACW_UNIT_INFANTRY);
      u->designation = g_strdup_printf ("%u NY", i + 1);
      u->strength = 5;
      u->morale = i == 1 ? GBACW_MORALE_GREEN : 3;
      u->weapon = g_strdup ("R");
      u->guns = 4;
      g_ptr_array_add (s->oob.units, u);
      g_ptr_array_add (s->deployment, gbacw_placement_new (ids[i], 14));
    }
  u = gbacw_unit_new ("b-ldr", "blue", GBACW_UNIT_LEADER);
  u->designation = g_strdup ("Sickles");
  u->role = GBACW_LEADER_DIVISION;
  u->er = 3;
  u->rally = 2;
  g_ptr_array_add (s->oob.units, u);
  u = gbacw_unit_new ("r-1", "red", GBACW_UNIT_CAVALRY);
  u->designation = g_strdup ("1 Va Cav");
  g_ptr_array_add (s->oob.units, u);
  g_ptr_array_add (s->deployment, gbacw_placement_new ("r-1", 23));
  gbacw_oob_reindex (&s->oob);
  return s;
}

static cairo_surface_t *
paper (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, W, W);
  cairo_t *cr = cairo_create (surface);
  cairo_set_source_rgb (cr, PAPER[0] / 255.0, PAPER[1] / 255.0, PAPER[2] / 255.0);
  cairo_paint (cr);
  cairo_destroy (cr);
  return surface;
}

static void
pixel (cairo_surface_t *surface, double x, double y, int rgb[3])
{
  const unsigned char *data;
  guint32 v;
  int ix = (int) floor (x), iy = (int) floor (y);

  cairo_surface_flush (surface);
  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  data = cairo_image_surface_get_data (surface);
  v = *(const guint32 *) (data + iy * cairo_image_surface_get_stride (surface) + ix * 4);
  rgb[0] = (v >> 16) & 0xff;
  rgb[1] = (v >> 8) & 0xff;
  rgb[2] = v & 0xff;
}

static gboolean
near (cairo_surface_t *surface, double x, double y, const int want[3])
{
  int rgb[3];
  pixel (surface, x, y, rgb);
  return abs (rgb[0] - want[0]) <= 6 && abs (rgb[1] - want[1]) <= 6 && abs (rgb[2] - want[2]) <= 6;
}

/* How many pixels in the box are within 6 of want. */
static int
count (cairo_surface_t *surface, double x0, double y0, double x1, double y1, const int want[3])
{
  int n = 0;
  for (int y = (int) y0; y < (int) y1; y++)
    for (int x = (int) x0; x < (int) x1; x++)
      n += near (surface, x, y, want);
  return n;
}

/* Where a point of the counter's own frame (units of its size) lands for a facing. */
static void
local_to_surface (const GbacwScenario *s, int facing, double lx, double ly, double *x, double *y)
{
  double a = gbacw_counter_facing_angle (&s->map->grid, facing);
  *x = CX + SIZE * (lx * cos (a) - ly * sin (a));
  *y = CY + SIZE * (lx * sin (a) + ly * cos (a));
}

static cairo_surface_t *
draw_one (const GbacwScenario *s, const char *unit, int facing, guint status, guint flags)
{
  cairo_surface_t *surface = paper ();
  cairo_t *cr = cairo_create (surface);
  GbacwPlacement *p = gbacw_placement_new (unit, 14);

  p->facing = facing;
  p->status = status;
  gbacw_counter_draw (cr, s, gbacw_oob_find_unit (&s->oob, unit), p, CX, CY, SIZE, flags);
  gbacw_placement_free (p);
  cairo_destroy (cr);
  return surface;
}

static void
test_side_colour (void)
{
  g_autoptr (GbacwScenario) s = make_scenario (GBACW_GRID_FLAT_COLUMNS);
  cairo_surface_t *surface = draw_one (s, "b-1", 0, 0, GBACW_COUNTER_DEFAULT);
  int rgb[3];

  /* most of the counter is the side's colour, nothing outside it is */
  g_assert_cmpint (count (surface, CX - 55, CY - 40, CX + 55, CY + 55, BLUE), >, 110 * 95 / 2);
  g_assert_cmpint (count (surface, 0, 0, W, 50, BLUE), ==, 0);
  g_assert_true (near (surface, 5, 5, PAPER));
  /* white text and symbol on the dark blue */
  g_assert_cmpint (count (surface, CX - 60, CY - 60, CX + 60, CY + 60, (int[3]) { 255, 255, 255 }), >, 200);
  cairo_surface_destroy (surface);

  /* a leader is lighter, a unit without a known side grey */
  surface = draw_one (s, "b-ldr", 0, 0, GBACW_COUNTER_DEFAULT);
  pixel (surface, CX - 35, CY + 10, rgb);
  g_assert_cmpint (rgb[2], >, 200);
  g_assert_cmpint (rgb[0], >, 120);
  cairo_surface_destroy (surface);
}

/* The front edge is at the top with facing 0 and turns with the facing. */
static void
check_facing (GbacwGridOrientation orientation)
{
  g_autoptr (GbacwScenario) s = make_scenario (orientation);

  for (int facing = 0; facing < GBACW_HEX_DIRECTIONS; facing++)
    {
      cairo_surface_t *surface = draw_one (s, "b-1", facing, 0, GBACW_COUNTER_DEFAULT);
      double fx, fy, bx, by;
      local_to_surface (s, facing, 0.0, -0.465, &fx, &fy);
      local_to_surface (s, facing, 0.0, 0.465, &bx, &by);
      if (!near (surface, fx, fy, FRONT))
        g_error ("facing %d: no front edge at (%.0f, %.0f)", facing, fx, fy);
      g_assert_false (near (surface, bx, by, FRONT));
      g_assert_true (near (surface, bx, by, BLUE));
      cairo_surface_destroy (surface);
    }
  /* facing 0 vs 3: the top moves to the bottom */
  {
    cairo_surface_t *up = draw_one (s, "b-1", 0, 0, GBACW_COUNTER_DEFAULT);
    cairo_surface_t *down = draw_one (s, "b-1", 3, 0, GBACW_COUNTER_DEFAULT);
    int top_up = count (up, CX - 40, CY - 60, CX + 40, CY - 45, FRONT);
    int top_down = count (down, CX - 40, CY - 60, CX + 40, CY - 45, FRONT);
    int bottom_down = count (down, CX - 40, CY + 45, CX + 40, CY + 60, FRONT);
    if (orientation == GBACW_GRID_FLAT_COLUMNS)
      {
        g_assert_cmpint (top_up, >, 300);
        g_assert_cmpint (top_down, ==, 0);
        g_assert_cmpint (bottom_down, >, 300);
      }
    else
      g_assert_cmpint (top_up, !=, top_down);
    cairo_surface_destroy (up);
    cairo_surface_destroy (down);
  }
}

static void
test_facing_flat (void)
{
  check_facing (GBACW_GRID_FLAT_COLUMNS);
}

static void
test_facing_pointy (void)
{
  check_facing (GBACW_GRID_POINTY_ROWS);
}

/* The angle points from a hex centre to the centre of the neighbour in that direction. */
static void
test_facing_geometry (void)
{
  for (int o = 0; o < 2; o++)
    {
      GbacwHexGrid grid;
      GbacwHex h = { 2, 2 };
      double x0, y0;
      gbacw_hex_grid_init_default (&grid, 6, 6);
      grid.orientation = o ? GBACW_GRID_POINTY_ROWS : GBACW_GRID_FLAT_COLUMNS;
      gbacw_hex_grid_centre (&grid, h, &x0, &y0);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          double x1, y1, a = gbacw_counter_facing_angle (&grid, d);
          gbacw_hex_grid_centre (&grid, gbacw_hex_grid_neighbour (&grid, h, d), &x1, &y1);
          g_assert_cmpfloat_with_epsilon (sin (a), (x1 - x0) / hypot (x1 - x0, y1 - y0), 1e-9);
          g_assert_cmpfloat_with_epsilon (-cos (a), (y1 - y0) / hypot (x1 - x0, y1 - y0), 1e-9);
        }
      g_assert_cmpfloat (gbacw_counter_facing_angle (&grid, -1), ==, 0.0);
    }
}

static void
test_markers (void)
{
  g_autoptr (GbacwScenario) s = make_scenario (GBACW_GRID_FLAT_COLUMNS);
  static const int RED[3] = { 204, 26, 26 }, ORANGE[3] = { 237, 140, 13 };
  cairo_surface_t *plain = draw_one (s, "b-1", 0, 0, GBACW_COUNTER_DEFAULT);
  cairo_surface_t *marked = draw_one (s, "b-1", 0, GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED, GBACW_COUNTER_DEFAULT);
  cairo_surface_t *no_markers = draw_one (s, "b-1", 0, GBACW_STATUS_ROUTED, GBACW_COUNTER_TEXT);

  g_assert_cmpint (count (plain, 0, 0, W, W, RED), ==, 0);
  g_assert_cmpint (count (marked, CX + 40, CY - 60, CX + 80, CY, RED), >, 100);
  g_assert_cmpint (count (marked, CX + 40, CY - 40, CX + 80, CY + 20, ORANGE), >, 100);
  g_assert_cmpint (count (no_markers, 0, 0, W, W, RED), ==, 0);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (marked);
  cairo_surface_destroy (no_markers);
}

static int
dark_pixels (cairo_surface_t *surface, double x, double y, double r)
{
  int n = 0;
  for (int yy = (int) (y - r); yy <= (int) (y + r); yy++)
    for (int xx = (int) (x - r); xx <= (int) (x + r); xx++)
      {
        int rgb[3];
        if (hypot (xx - x, yy - y) > r)
          continue;
        pixel (surface, xx, yy, rgb);
        n += rgb[0] < 60 && rgb[1] < 60 && rgb[2] < 60;
      }
  return n;
}

static void
test_stack (void)
{
  g_autoptr (GbacwScenario) s = make_scenario (GBACW_GRID_FLAT_COLUMNS);
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  static const int WHITE[3] = { 255, 255, 255 };
  double bx = CX + 0.5 * SIZE, by = CY - 0.5 * SIZE;
  cairo_surface_t *one, *three;
  cairo_t *cr;

  gbacw_counter_stack_at (s, 14, stack);
  g_assert_cmpuint (stack->len, ==, 3);
  g_assert_cmpstr (((GbacwPlacement *) g_ptr_array_index (stack, 0))->unit, ==, "b-1");

  one = paper ();
  cr = cairo_create (one);
  gbacw_counter_draw_stack (cr, s, (const GbacwPlacement *const *) stack->pdata, 1, CX, CY, SIZE,
                            GBACW_COUNTER_DEFAULT);
  cairo_destroy (cr);
  three = paper ();
  cr = cairo_create (three);
  gbacw_counter_draw_stack (cr, s, (const GbacwPlacement *const *) stack->pdata, 3, CX, CY, SIZE,
                            GBACW_COUNTER_DEFAULT);
  cairo_destroy (cr);

  /* the badge: a white disc with "+2" in it, only on the stack */
  g_assert_cmpint (count (three, bx - 20, by - 20, bx + 20, by + 20, WHITE), >, 300);
  g_assert_cmpint (dark_pixels (three, bx, by, 0.12 * SIZE), >, 40);
  g_assert_cmpint (count (one, bx - 20, by - 20, bx + 20, by + 20, WHITE), <, 20);
  /* the counters below peek out at the bottom right */
  g_assert_true (near (one, CX + 0.5 * SIZE + 4, CY + 0.5 * SIZE + 4, PAPER));
  g_assert_false (near (three, CX + 0.5 * SIZE + 4, CY + 0.5 * SIZE + 4, PAPER));
  cairo_surface_destroy (one);
  cairo_surface_destroy (three);
}

static void
test_fan (void)
{
  g_autoptr (GbacwScenario) s = make_scenario (GBACW_GRID_FLAT_COLUMNS);
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 300);
  cairo_rectangle_t extent;
  cairo_t *cr = cairo_create (surface);
  double size = 100.0;

  gbacw_counter_stack_at (s, 14, stack);
  ((GbacwPlacement *) g_ptr_array_index (stack, 1))->facing = 2;
  cairo_set_source_rgb (cr, PAPER[0] / 255.0, PAPER[1] / 255.0, PAPER[2] / 255.0);
  cairo_paint (cr);
  gbacw_counter_draw_fan (cr, s, (const GbacwPlacement *const *) stack->pdata, stack->len, 300, 150, size,
                          GBACW_COUNTER_DEFAULT, &extent);
  cairo_destroy (cr);
  g_assert_cmpfloat (extent.width, >, 3 * size);
  for (guint i = 0; i < stack->len; i++)
    {
      double cx, cy;
      gbacw_counter_fan_position (stack->len, 300, 150, size, i, &cx, &cy);
      g_assert_true (near (surface, cx - 0.3 * size, cy + 0.1 * size, BLUE));
      g_assert_cmpint (gbacw_counter_fan_hit (stack->len, 300, 150, size, cx, cy), ==, (int) i);
    }
  g_assert_cmpint (gbacw_counter_fan_hit (stack->len, 300, 150, size, 5, 5), ==, -1);
  cairo_surface_destroy (surface);
}

static void
test_deployment (void)
{
  g_autoptr (GbacwScenario) s = make_scenario (GBACW_GRID_FLAT_COLUMNS);
  static const int RED_SIDE[3] = { 0xc0, 0x20, 0x20 };
  double scale = 40.0, x14, y14, x20, y20;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 500, 500);
  cairo_rectangle_t left = { 0, 0, 4.5, 20 };
  cairo_t *cr;

  gbacw_hex_grid_centre (&s->map->grid, gbacw_hex_grid_hex_at (&s->map->grid, 14), &x14, &y14);
  gbacw_hex_grid_centre (&s->map->grid, gbacw_hex_grid_hex_at (&s->map->grid, 23), &x20, &y20);
  g_assert_cmpfloat (x20, >, 7.0);

  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, PAPER[0] / 255.0, PAPER[1] / 255.0, PAPER[2] / 255.0);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  gbacw_counter_render_deployment (cr, s, scale, NULL, -1, "b-2");
  cairo_destroy (cr);
  g_assert_true (near (surface, (x14 - 0.45) * scale, (y14 + 0.1) * scale, BLUE));
  g_assert_true (near (surface, (x20 - 0.45) * scale, (y20 + 0.1) * scale, RED_SIDE));
  /* the selected unit's stack is outlined */
  g_assert_cmpint (count (surface, (x14 - 0.7) * scale, (y14 - 0.7) * scale, (x14 + 0.7) * scale, (y14 + 0.7) * scale,
                          (int[3]) { 255, 209, 0 }), >, 50);
  cairo_surface_destroy (surface);

  /* only what is visible */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 500, 500);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, PAPER[0] / 255.0, PAPER[1] / 255.0, PAPER[2] / 255.0);
  cairo_paint (cr);
  cairo_scale (cr, scale, scale);
  gbacw_counter_render_deployment (cr, s, scale, &left, -1, NULL);
  cairo_destroy (cr);
  g_assert_true (near (surface, (x14 - 0.45) * scale, (y14 + 0.1) * scale, BLUE));
  g_assert_true (near (surface, (x20 - 0.45) * scale, (y20 + 0.1) * scale, PAPER));
  cairo_surface_destroy (surface);

  /* fanned: all three counters of hex 14 are visible side by side */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 500, 500);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  gbacw_counter_render_deployment (cr, s, scale, NULL, 14, NULL);
  cairo_destroy (cr);
  for (guint i = 0; i < 3; i++)
    {
      double cx, cy;
      gbacw_counter_fan_position (3, x14, y14, GBACW_COUNTER_SIZE, i, &cx, &cy);
      g_assert_true (near (surface, (cx - 0.45) * scale, (cy + 0.1) * scale, BLUE));
    }
  cairo_surface_destroy (surface);
}

/* The deployment drawn at scale onto an image, moved by (dx, dy) device pixels: directly,
 * or (through_recording) recorded first, as onto a printer or a PDF, and then played
 * onto the image. */
static cairo_surface_t *
deployment_image (const GbacwScenario *s, double scale, double dx, double dy, gboolean through_recording)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  cairo_surface_t *target = through_recording ? cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL)
                                              : cairo_surface_reference (surface);
  cairo_t *cr = cairo_create (target);

  cairo_translate (cr, dx, dy);
  cairo_scale (cr, scale, scale);
  gbacw_counter_render_deployment (cr, s, scale, NULL, -1, "r-1");
  cairo_destroy (cr);
  if (through_recording)
    {
      cr = cairo_create (surface);
      cairo_set_source_surface (cr, target, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  cairo_surface_destroy (target);
  cairo_surface_flush (surface);
  return surface;
}

/* Counters too small for text are copied onto an image from pictures drawn once (at an
 * eighth of a pixel's offset); they look as when drawn shape by shape: at every size
 * without text, at any offset within a pixel, with markers, stacks and a selection. */
static void
test_deployment_pictures (void)
{
  g_autoptr (GbacwScenario) s = make_scenario (GBACW_GRID_FLAT_COLUMNS);
  double scales[] = { 3, 5.5, 12, 20 };
  double offsets[][2] = { { 0, 0 }, { 0.3, 0.7 }, { 0.55, 0.1 }, { 17.25, 3.9 } };

  ((GbacwPlacement *) g_ptr_array_index (s->deployment, 0))->status = GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED;
  ((GbacwPlacement *) g_ptr_array_index (s->deployment, 0))->facing = 2;
  ((GbacwPlacement *) g_ptr_array_index (s->deployment, 3))->facing = 5;
  ((GbacwPlacement *) g_ptr_array_index (s->deployment, 3))->formation = GBACW_FORMATION_STATE_DISMOUNTED;
  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    for (guint k = 0; k < G_N_ELEMENTS (offsets); k++)
      for (int again = 0; again < 2; again++)
        {
          cairo_surface_t *shapes = deployment_image (s, scales[i], offsets[k][0], offsets[k][1], TRUE);
          cairo_surface_t *pictures = deployment_image (s, scales[i], offsets[k][0], offsets[k][1], FALSE);
          const guint8 *a = cairo_image_surface_get_data (shapes), *b = cairo_image_surface_get_data (pictures);
          int stride = cairo_image_surface_get_stride (shapes);
          guint n_inked = 0, max_diff = 0;

          for (int y = 0; y < 200; y++)
            for (int x = 0; x < 200 * 4; x++)
              {
                guint d = (guint) abs ((int) a[y * stride + x] - (int) b[y * stride + x]);
                n_inked += a[y * stride + x] != 0;
                max_diff = MAX (max_diff, d);
              }
          g_test_message ("scale %g, offset %g,%g: %u bytes inked, differing by up to %u", scales[i], offsets[k][0],
                          offsets[k][1], n_inked, max_diff);
          /* something was drawn; a centre moved by a sixteenth of a pixel changes an edge
           * pixel by as much of the contrast, and a picture's edges are blended twice
           * (28 at most here); a counter drawn wrong or misplaced differs by far more */
          g_assert_cmpuint (n_inked, >, 100);
          g_assert_cmpuint (max_diff, <=, 48);
          cairo_surface_destroy (shapes);
          cairo_surface_destroy (pictures);
        }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/counter/side-colour", test_side_colour);
  g_test_add_func ("/counter/facing-flat", test_facing_flat);
  g_test_add_func ("/counter/facing-pointy", test_facing_pointy);
  g_test_add_func ("/counter/facing-geometry", test_facing_geometry);
  g_test_add_func ("/counter/markers", test_markers);
  g_test_add_func ("/counter/stack", test_stack);
  g_test_add_func ("/counter/fan", test_fan);
  g_test_add_func ("/counter/deployment", test_deployment);
  g_test_add_func ("/counter/deployment-pictures", test_deployment_pictures);
  return g_test_run ();
}
