/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hex-grid.c: worked examples and property tests for gbacw-hex-grid.
 *
 * The geometry checks do not trust the library's own tables: directions, side
 * normals and hex membership are recomputed here from angles and Euclidean
 * distances between pixel centres.
 */
#define G_LOG_DOMAIN "test-hex-grid"

#include <glib.h>
#include <math.h>
#include <string.h>

#include "gbacw-hex-grid.h"

#define SQRT3 1.73205080756887729353
#define APOTHEM (SQRT3 / 2)   /* centre to the middle of a hexside */

typedef struct {
  GbacwGridOrientation orientation;
  GbacwGridShift shift;
  const char *name;
} Layout;

static const Layout layouts[] = {
  { GBACW_GRID_FLAT_COLUMNS, GBACW_SHIFT_ODD, "flat-odd" },
  { GBACW_GRID_FLAT_COLUMNS, GBACW_SHIFT_EVEN, "flat-even" },
  { GBACW_GRID_POINTY_ROWS, GBACW_SHIFT_ODD, "pointy-odd" },
  { GBACW_GRID_POINTY_ROWS, GBACW_SHIFT_EVEN, "pointy-even" },
};
#define N_LAYOUTS G_N_ELEMENTS (layouts)

static GbacwHexGrid
make_grid (const Layout *layout, int columns, int rows, int first_number, int digits)
{
  GbacwHexGrid grid = {
    .orientation = layout->orientation,
    .shift = layout->shift,
    .columns = columns,
    .rows = rows,
    .first_number = first_number,
    .digits = digits,
  };
  return grid;
}

static GbacwHexGrid
spi_grid (void)
{
  GbacwHexGrid grid;
  gbacw_hex_grid_init_default (&grid, 39, 48);
  return grid;
}

static GbacwHex
hex_from_label (const GbacwHexGrid *grid, const char *label)
{
  g_autoptr (GError) error = NULL;
  GbacwHex hex = { -100, -100 };

  if (!gbacw_hex_grid_parse_label (grid, label, &hex, &error))
    g_error ("parsing %s: %s", label, error->message);
  return hex;
}

static char *
label_of (const GbacwHexGrid *grid, GbacwHex hex)
{
  if (!gbacw_hex_grid_contains (grid, hex))
    return g_strdup_printf ("off-map(%d,%d)", hex.col, hex.row);
  return gbacw_hex_grid_format_label (grid, hex);
}

#define assert_hex_label(grid, hex, expected) \
  G_STMT_START { \
    g_autofree char *assert_label_ = label_of ((grid), (hex)); \
    g_assert_cmpstr (assert_label_, ==, (expected)); \
  } G_STMT_END

#define assert_hex_eq(a, b) \
  G_STMT_START { \
    GbacwHex assert_a_ = (a), assert_b_ = (b); \
    if (!gbacw_hex_equal (assert_a_, assert_b_)) \
      g_error ("hex (%d,%d) != (%d,%d)", assert_a_.col, assert_a_.row, assert_b_.col, assert_b_.row); \
  } G_STMT_END

/* Outward unit vector of direction d, from first principles: flat-topped N is straight
 * up, pointy-topped NE is 30 degrees right of up, then clockwise in steps of 60 (y down). */
static void
direction_vector (GbacwGridOrientation orientation, int direction, double *dx, double *dy)
{
  double degrees = (orientation == GBACW_GRID_FLAT_COLUMNS ? -90.0 : -60.0) + 60.0 * direction;
  *dx = cos (degrees * G_PI / 180.0);
  *dy = sin (degrees * G_PI / 180.0);
}

static double
hex_centre_distance (const GbacwHexGrid *grid, GbacwHex hex, double x, double y)
{
  double cx, cy;
  gbacw_hex_grid_centre (grid, hex, &cx, &cy);
  return hypot (x - cx, y - cy);
}

/* ---------------------------------------------------------------- basics */

static void
test_validate (void)
{
  GbacwHexGrid grid = spi_grid ();
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (grid.orientation, ==, GBACW_GRID_FLAT_COLUMNS);
  g_assert_cmpint (grid.shift, ==, GBACW_SHIFT_ODD);
  g_assert_cmpint (grid.first_number, ==, 1);
  g_assert_cmpint (grid.digits, ==, 2);
  g_assert_true (gbacw_hex_grid_validate (&grid, &error));
  g_assert_no_error (error);

  grid.columns = 0;
  g_assert_false (gbacw_hex_grid_validate (&grid, &error));
  g_assert_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID);
  g_clear_error (&error);

  grid = spi_grid ();
  grid.rows = 1000;
  g_assert_false (gbacw_hex_grid_validate (&grid, NULL));

  /* 99 columns numbered from 1 fit in two digits; 100 do not, unless numbered from 0. */
  gbacw_hex_grid_init_default (&grid, 99, 10);
  g_assert_true (gbacw_hex_grid_validate (&grid, NULL));
  grid.columns = 100;
  g_assert_false (gbacw_hex_grid_validate (&grid, &error));
  g_assert_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID);
  g_clear_error (&error);
  grid.first_number = 0;
  g_assert_true (gbacw_hex_grid_validate (&grid, NULL));
  grid.first_number = 2;
  g_assert_false (gbacw_hex_grid_validate (&grid, NULL));

  gbacw_hex_grid_init_default (&grid, 999, 999);
  grid.digits = 3;
  g_assert_true (gbacw_hex_grid_validate (&grid, NULL));
  grid.first_number = 0;
  g_assert_true (gbacw_hex_grid_validate (&grid, NULL));
  grid.digits = 4;
  g_assert_false (gbacw_hex_grid_validate (&grid, NULL));
  grid.digits = 0;
  g_assert_false (gbacw_hex_grid_validate (&grid, NULL));

  gbacw_hex_grid_init_default (&grid, 5, 5);
  grid.orientation = (GbacwGridOrientation) 7;
  g_assert_false (gbacw_hex_grid_validate (&grid, NULL));
  gbacw_hex_grid_init_default (&grid, 5, 5);
  grid.shift = (GbacwGridShift) 7;
  g_assert_false (gbacw_hex_grid_validate (&grid, NULL));
}

static void
test_index (void)
{
  GbacwHexGrid grid = spi_grid ();
  GbacwHex off_map[] = { { -1, 0 }, { 0, -1 }, { 39, 0 }, { 0, 48 }, { -5, -5 } };

  g_assert_cmpint (gbacw_hex_grid_n_hexes (&grid), ==, 39 * 48);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (&grid); i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (&grid, i);
      g_assert_true (gbacw_hex_grid_contains (&grid, hex));
      g_assert_cmpint (gbacw_hex_grid_index (&grid, hex), ==, i);
      g_assert_cmpint (i, ==, hex.row * 39 + hex.col);
    }
  for (guint i = 0; i < G_N_ELEMENTS (off_map); i++)
    {
      g_assert_false (gbacw_hex_grid_contains (&grid, off_map[i]));
      g_assert_cmpint (gbacw_hex_grid_index (&grid, off_map[i]), ==, -1);
    }
}

/* ---------------------------------------------------------------- labels */

static void
check_label_round_trip (const GbacwHexGrid *grid)
{
  g_assert_true (gbacw_hex_grid_validate (grid, NULL));
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      g_autoptr (GError) error = NULL;
      GbacwHex hex = gbacw_hex_grid_hex_at (grid, i);
      g_autofree char *label = gbacw_hex_grid_format_label (grid, hex);
      g_autofree char *expected = g_strdup_printf ("%0*d%0*d", grid->digits, hex.col + grid->first_number,
                                                   grid->digits, hex.row + grid->first_number);
      GbacwHex parsed = { -1, -1 };

      g_assert_cmpstr (label, ==, expected);
      g_assert_cmpuint (strlen (label), ==, 2 * (guint) grid->digits);
      g_assert_true (gbacw_hex_grid_parse_label (grid, label, &parsed, &error));
      g_assert_no_error (error);
      assert_hex_eq (parsed, hex);
    }
}

static void
test_labels_round_trip (void)
{
  for (guint l = 0; l < N_LAYOUTS; l++)
    for (int first = 0; first <= 1; first++)
      {
        GbacwHexGrid small = make_grid (&layouts[l], 39, 48, first, 2);
        GbacwHexGrid large = make_grid (&layouts[l], 200, 200, first, 3);
        check_label_round_trip (&small);
        check_label_round_trip (&large);
      }
}

static void
test_labels_examples (void)
{
  GbacwHexGrid grid = spi_grid ();
  GbacwHex origin = { 0, 0 }, corner = { 38, 47 }, big_corner = { 199, 199 };
  g_autofree char *first = gbacw_hex_grid_format_label (&grid, origin);
  g_autofree char *last = gbacw_hex_grid_format_label (&grid, corner);
  g_autofree char *zero = NULL;
  g_autofree char *big = NULL;

  g_assert_cmpstr (first, ==, "0101");
  g_assert_cmpstr (last, ==, "3948");
  assert_hex_eq (hex_from_label (&grid, "0907"), ((GbacwHex) { 8, 6 }));

  grid.first_number = 0;
  zero = gbacw_hex_grid_format_label (&grid, origin);
  g_assert_cmpstr (zero, ==, "0000");

  gbacw_hex_grid_init_default (&grid, 200, 200);
  grid.digits = 3;
  big = gbacw_hex_grid_format_label (&grid, big_corner);
  g_assert_cmpstr (big, ==, "200200");
  assert_hex_eq (hex_from_label (&grid, "001200"), ((GbacwHex) { 0, 199 }));
}

static void
test_labels_bad (void)
{
  GbacwHexGrid grid = spi_grid ();
  const char *bad[] = { "01", "abcd", "0100", "0001", "4001", "0149", "", "01010", "01a1", " 101", "+101", "-101" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      GbacwHex out = { 77, 77 };

      g_assert_false (gbacw_hex_grid_parse_label (&grid, bad[i], &out, &error));
      g_assert_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID);
      if (*bad[i] != '\0')
        g_assert_nonnull (strstr (error->message, bad[i]));
      assert_hex_eq (out, ((GbacwHex) { 77, 77 }));   /* untouched on failure */
    }

  /* "0100" is fine when numbering starts at 0, and "3948" is off-map then. */
  grid.first_number = 0;
  assert_hex_eq (hex_from_label (&grid, "0100"), ((GbacwHex) { 1, 0 }));
  g_assert_false (gbacw_hex_grid_parse_label (&grid, "3948", NULL, NULL));
  g_assert_true (gbacw_hex_grid_parse_label (&grid, "3847", NULL, NULL));
}

/* ------------------------------------------------------------- neighbours */

static void
test_neighbours_spi (void)
{
  GbacwHexGrid grid = spi_grid ();
  /* Zero-based odd columns (labelled 02, 04, ...) sit half a hex lower. */
  struct { const char *from; const char *direction; const char *to; } cases[] = {
    { "0101", "s", "0102" },
    { "0101", "se", "0201" },
    { "0101", "ne", NULL },
    { "0101", "n", NULL },
    { "0101", "nw", NULL },
    { "0101", "sw", NULL },
    { "0201", "n", NULL },
    { "0201", "nw", "0101" },
    { "0201", "sw", "0102" },
    { "0201", "ne", "0301" },
    { "0201", "se", "0302" },
    { "0202", "n", "0201" },
    { "0202", "ne", "0302" },
    { "0202", "se", "0303" },
    { "0202", "s", "0203" },
    { "0202", "sw", "0103" },
    { "0202", "nw", "0102" },
    { "0303", "n", "0302" },
    { "0303", "ne", "0402" },
    { "0303", "se", "0403" },
    { "0303", "s", "0304" },
    { "0303", "sw", "0203" },
    { "0303", "nw", "0202" },
    { "3948", "s", NULL },
    { "3948", "se", NULL },
    { "3948", "nw", "3847" },
    { "3948", "sw", "3848" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GbacwHex from = hex_from_label (&grid, cases[i].from);
      int direction = gbacw_hex_direction_parse (grid.orientation, cases[i].direction);
      GbacwHex to = gbacw_hex_grid_neighbour (&grid, from, direction);

      g_assert_cmpint (direction, >=, 0);
      if (cases[i].to == NULL)
        g_assert_false (gbacw_hex_grid_contains (&grid, to));
      else
        {
          assert_hex_label (&grid, to, cases[i].to);
          g_assert_cmpint (gbacw_hex_grid_direction_to (&grid, from, to), ==, direction);
        }
    }

  g_assert_cmpint (gbacw_hex_grid_direction_to (&grid, hex_from_label (&grid, "0202"), hex_from_label (&grid, "0202")), ==, -1);
  g_assert_cmpint (gbacw_hex_grid_direction_to (&grid, hex_from_label (&grid, "0202"), hex_from_label (&grid, "0204")), ==, -1);
  g_assert_cmpint (gbacw_hex_grid_direction_to (&grid, hex_from_label (&grid, "0202"), hex_from_label (&grid, "0101")), ==, -1);
}

/* Neighbours, checked against the pixel layout: the neighbour in direction d has its
 * centre exactly sqrt(3) away in the direction d is named for. */
static void
test_neighbours_geometry (void)
{
  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 9, 8, 1, 2);

      for (int col = -3; col < 12; col++)
        for (int row = -3; row < 11; row++)
          {
            GbacwHex hex = { col, row };
            double cx, cy;

            gbacw_hex_grid_centre (&grid, hex, &cx, &cy);
            for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
              {
                GbacwHex neighbour = gbacw_hex_grid_neighbour (&grid, hex, d);
                double nx, ny, ux, uy;

                gbacw_hex_grid_centre (&grid, neighbour, &nx, &ny);
                direction_vector (grid.orientation, d, &ux, &uy);
                g_assert_cmpfloat_with_epsilon (nx, cx + SQRT3 * ux, 1e-9);
                g_assert_cmpfloat_with_epsilon (ny, cy + SQRT3 * uy, 1e-9);

                g_assert_cmpint (gbacw_hex_grid_direction_to (&grid, hex, neighbour), ==, d);
                assert_hex_eq (gbacw_hex_grid_neighbour (&grid, neighbour, gbacw_hex_direction_opposite (d)), hex);
                g_assert_cmpint (gbacw_hex_grid_distance (&grid, hex, neighbour), ==, 1);
                g_assert_cmpint (abs (neighbour.col - col), <=, 1);
                g_assert_cmpint (abs (neighbour.row - row), <=, 1);
              }
          }
    }
}

static void
test_direction_names (void)
{
  const char *flat[] = { "n", "ne", "se", "s", "sw", "nw" };
  const char *pointy[] = { "ne", "e", "se", "sw", "w", "nw" };

  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      g_assert_cmpstr (gbacw_hex_direction_name (GBACW_GRID_FLAT_COLUMNS, d), ==, flat[d]);
      g_assert_cmpstr (gbacw_hex_direction_name (GBACW_GRID_POINTY_ROWS, d), ==, pointy[d]);
      g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_FLAT_COLUMNS, flat[d]), ==, d);
      g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_POINTY_ROWS, pointy[d]), ==, d);
      g_assert_cmpint (gbacw_hex_direction_opposite (d), ==, (d + 3) % 6);
    }
  g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_FLAT_COLUMNS, "NE"), ==, 1);
  g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_FLAT_COLUMNS, "e"), ==, -1);
  g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_POINTY_ROWS, "n"), ==, -1);
  g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_POINTY_ROWS, "s"), ==, -1);
  g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_FLAT_COLUMNS, "north"), ==, -1);
  g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_FLAT_COLUMNS, ""), ==, -1);
  g_assert_cmpint (gbacw_hex_direction_parse (GBACW_GRID_FLAT_COLUMNS, NULL), ==, -1);
  g_assert_null (gbacw_hex_direction_name (GBACW_GRID_FLAT_COLUMNS, 6));
  g_assert_null (gbacw_hex_direction_name (GBACW_GRID_FLAT_COLUMNS, -1));
}

/* --------------------------------------------------------------- distance */

static void
test_distance_examples (void)
{
  GbacwHexGrid grid = spi_grid ();
  /* 9.23: count the target hex, not the firing hex. */
  struct { const char *a, *b; int distance; } cases[] = {
    { "0101", "0101", 0 },
    { "0101", "0102", 1 },
    { "0101", "0201", 1 },
    { "0101", "0202", 2 },
    { "0101", "0301", 2 },
    { "0101", "0501", 4 },
    { "0101", "0105", 4 },
    { "0101", "0110", 9 },
    { "0101", "0505", 6 },
    { "0101", "1001", 9 },
    { "0202", "0204", 2 },
    { "0202", "0402", 2 },
    { "0202", "0301", 2 },
    { "0311", "1008", 7 },
    { "0101", "3948", 66 },   /* 38 columns across, rising 19 rows on the way, then 28 more */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GbacwHex a = hex_from_label (&grid, cases[i].a);
      GbacwHex b = hex_from_label (&grid, cases[i].b);
      g_assert_cmpint (gbacw_hex_grid_distance (&grid, a, b), ==, cases[i].distance);
      g_assert_cmpint (gbacw_hex_grid_distance (&grid, b, a), ==, cases[i].distance);
    }
}

static inline guint64
hex_key (GbacwHex hex)
{
  return ((guint64) (guint32) hex.col << 32) | (guint32) hex.row;
}

/* Breadth-first search over neighbour() gives the step distance independently. */
static void
test_distance_bfs (void)
{
  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 20, 20, 1, 2);
      GbacwHex starts[] = { { 0, 0 }, { 5, 6 }, { 6, 5 }, { -3, 2 }, { 19, 19 } };

      for (guint s = 0; s < G_N_ELEMENTS (starts); s++)
        {
          const int max_depth = 12;
          g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
          g_autoptr (GArray) frontier = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
          g_autoptr (GArray) next = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
          guint64 *key = g_new (guint64, 1);

          *key = hex_key (starts[s]);
          g_hash_table_add (seen, key);
          g_array_append_val (frontier, starts[s]);
          for (int depth = 0; depth <= max_depth; depth++)
            {
              /* a ring of radius r > 0 has 6r hexes */
              g_assert_cmpuint (frontier->len, ==, depth == 0 ? 1 : 6 * (guint) depth);
              g_array_set_size (next, 0);
              for (guint i = 0; i < frontier->len; i++)
                {
                  GbacwHex hex = g_array_index (frontier, GbacwHex, i);
                  g_assert_cmpint (gbacw_hex_grid_distance (&grid, starts[s], hex), ==, depth);
                  g_assert_cmpint (gbacw_hex_grid_distance (&grid, hex, starts[s]), ==, depth);
                  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
                    {
                      GbacwHex neighbour = gbacw_hex_grid_neighbour (&grid, hex, d);
                      guint64 k = hex_key (neighbour);
                      if (!g_hash_table_contains (seen, &k))
                        {
                          g_hash_table_add (seen, g_memdup2 (&k, sizeof k));
                          g_array_append_val (next, neighbour);
                        }
                    }
                }
              g_array_set_size (frontier, 0);
              g_array_append_vals (frontier, next->data, next->len);
            }
        }
    }
}

static GbacwHex
random_hex (GRand *rand, const GbacwHexGrid *grid, int margin)
{
  GbacwHex hex;
  hex.col = g_rand_int_range (rand, -margin, grid->columns + margin);
  hex.row = g_rand_int_range (rand, -margin, grid->rows + margin);
  return hex;
}

static void
test_distance_properties (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240923);

  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 39, 48, 1, 2);

      for (int i = 0; i < 3000; i++)
        {
          GbacwHex a = random_hex (rand, &grid, 4);
          GbacwHex b = random_hex (rand, &grid, 4);
          GbacwHex c = random_hex (rand, &grid, 4);
          int ab = gbacw_hex_grid_distance (&grid, a, b);
          int bc = gbacw_hex_grid_distance (&grid, b, c);
          int ac = gbacw_hex_grid_distance (&grid, a, c);
          double ax, ay, bx, by;

          g_assert_cmpint (ab, ==, gbacw_hex_grid_distance (&grid, b, a));
          g_assert_cmpint (ac, <=, ab + bc);
          g_assert_cmpint (ab == 0, ==, gbacw_hex_equal (a, b));
          g_assert_cmpint (gbacw_hex_grid_distance (&grid, a, a), ==, 0);

          /* Each step moves a centre by sqrt(3), so the Euclidean distance bounds the
           * step count from below; offset coordinates move by at most one per step. */
          gbacw_hex_grid_centre (&grid, a, &ax, &ay);
          gbacw_hex_grid_centre (&grid, b, &bx, &by);
          g_assert_cmpfloat (hypot (bx - ax, by - ay), <=, SQRT3 * ab + 1e-9);
          g_assert_cmpint (ab, >=, MAX (abs (a.col - b.col), abs (a.row - b.row)));
        }
    }
}

static void
test_within (void)
{
  GbacwHexGrid grid = spi_grid ();
  g_autoptr (GArray) hexes = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  struct { const char *centre; int radius; guint count; } cases[] = {
    { "1010", 0, 1 },
    { "1010", 1, 7 },
    { "1010", 2, 19 },
    { "1110", 3, 37 },
    { "0101", 1, 3 },    /* 0101's S and SE neighbours only */
    { "3948", 2, 8 },    /* the far corner: 3948, 3847 3848 3947; 3746 3747 3748 3946 */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GbacwHex centre = hex_from_label (&grid, cases[i].centre);
      g_array_set_size (hexes, 0);
      gbacw_hex_grid_within (&grid, centre, cases[i].radius, hexes);
      g_assert_cmpuint (hexes->len, ==, cases[i].count);
    }

  /* 0201 (a lower column) has every neighbour on the map except its N one. */
  g_array_set_size (hexes, 0);
  gbacw_hex_grid_within (&grid, hex_from_label (&grid, "0201"), 1, hexes);
  g_assert_cmpuint (hexes->len, ==, 6);
  {
    const char *expected[] = { "0101", "0201", "0301", "0102", "0202", "0302" };   /* index order */
    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      assert_hex_label (&grid, g_array_index (hexes, GbacwHex, i), expected[i]);
  }

  g_array_set_size (hexes, 0);
  gbacw_hex_grid_within (&grid, hex_from_label (&grid, "1010"), -1, hexes);
  g_assert_cmpuint (hexes->len, ==, 0);

  /* Against brute force, for random centres (some off-map) and radii. */
  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid layout_grid = make_grid (&layouts[l], 15, 12, 1, 2);

      for (int i = 0; i < 200; i++)
        {
          GbacwHex centre = random_hex (rand, &layout_grid, 3);
          int radius = g_rand_int_range (rand, 0, 7);
          guint expected = 0;
          int last_index = -1;

          g_array_set_size (hexes, 0);
          gbacw_hex_grid_within (&layout_grid, centre, radius, hexes);
          for (int h = 0; h < gbacw_hex_grid_n_hexes (&layout_grid); h++)
            if (gbacw_hex_grid_distance (&layout_grid, centre, gbacw_hex_grid_hex_at (&layout_grid, h)) <= radius)
              expected++;
          g_assert_cmpuint (hexes->len, ==, expected);
          for (guint h = 0; h < hexes->len; h++)
            {
              GbacwHex hex = g_array_index (hexes, GbacwHex, h);
              int index = gbacw_hex_grid_index (&layout_grid, hex);
              g_assert_cmpint (index, >, last_index);
              g_assert_cmpint (gbacw_hex_grid_distance (&layout_grid, centre, hex), <=, radius);
              last_index = index;
            }
        }
    }
}

/* ---------------------------------------------------------------- hexsides */

static void
check_hexsides (const GbacwHexGrid *grid)
{
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (grid);
  g_autofree gboolean *seen_on_map = g_new0 (gboolean, n_ids);
  guint n_distinct_on_map = 0, n_ids_on_map = 0, n_adjacent_pairs = 0;

  g_assert_cmpuint (n_ids, ==, (guint32) ((grid->columns + 2) * (grid->rows + 2) * 3));

  /* Symmetry for every hex in and around the extended grid. */
  for (int col = -3; col < grid->columns + 3; col++)
    for (int row = -3; row < grid->rows + 3; row++)
      {
        GbacwHex hex = { col, row };
        gboolean in_extended = col >= -1 && col <= grid->columns && row >= -1 && row <= grid->rows;

        for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
          {
            GbacwHex neighbour = gbacw_hex_grid_neighbour (grid, hex, d);
            GbacwHexsideId id = gbacw_hex_grid_hexside (grid, hex, d);
            GbacwHex a, b;
            int direction = -1;

            g_assert_cmpuint (id, ==, gbacw_hex_grid_hexside (grid, neighbour, gbacw_hex_direction_opposite (d)));
            if (in_extended && d < 3)
              g_assert_cmpuint (id, !=, GBACW_HEXSIDE_NONE);
            if (col < -2 || row < -2 || col > grid->columns + 1 || row > grid->rows + 1)
              g_assert_cmpuint (id, ==, GBACW_HEXSIDE_NONE);
            if (id == GBACW_HEXSIDE_NONE)
              continue;

            g_assert_cmpuint (id, <, n_ids);
            g_assert_true (gbacw_hex_grid_hexside_hexes (grid, id, &a, &direction, &b));
            g_assert_cmpint (direction, >=, 0);
            g_assert_cmpint (direction, <, 3);
            assert_hex_eq (gbacw_hex_grid_neighbour (grid, a, direction), b);
            g_assert_true ((gbacw_hex_equal (a, hex) && gbacw_hex_equal (b, neighbour))
                           || (gbacw_hex_equal (a, neighbour) && gbacw_hex_equal (b, hex)));
            g_assert_cmpint (gbacw_hex_grid_hexside_on_map (grid, id), ==,
                             gbacw_hex_grid_contains (grid, hex) || gbacw_hex_grid_contains (grid, neighbour));
          }
      }

  /* The six sides of an on-map hex: all have ids (edge ones too), distinct, on the map. */
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      GbacwHex hex = gbacw_hex_grid_hex_at (grid, i);
      GbacwHexsideId ids[GBACW_HEX_DIRECTIONS];

      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          ids[d] = gbacw_hex_grid_hexside (grid, hex, d);
          g_assert_cmpuint (ids[d], <, n_ids);
          g_assert_true (gbacw_hex_grid_hexside_on_map (grid, ids[d]));
          for (int e = 0; e < d; e++)
            g_assert_cmpuint (ids[e], !=, ids[d]);
          if (!seen_on_map[ids[d]])
            {
              seen_on_map[ids[d]] = TRUE;
              n_distinct_on_map++;
            }
          if (gbacw_hex_grid_contains (grid, gbacw_hex_grid_neighbour (grid, hex, d)))
            n_adjacent_pairs++;
        }
    }
  /* Each shared hexside was counted from both of its hexes. */
  g_assert_cmpuint (n_distinct_on_map, ==, 6 * (guint) gbacw_hex_grid_n_hexes (grid) - n_adjacent_pairs / 2);

  /* hexside_hexes inverts hexside for every id; on_map exactly for the sides of map hexes. */
  for (guint32 id = 0; id < n_ids; id++)
    {
      GbacwHex a, b;
      int direction;

      g_assert_true (gbacw_hex_grid_hexside_hexes (grid, id, &a, &direction, &b));
      g_assert_cmpuint (gbacw_hex_grid_hexside (grid, a, direction), ==, id);
      g_assert_cmpuint (gbacw_hex_grid_hexside (grid, b, gbacw_hex_direction_opposite (direction)), ==, id);
      g_assert_cmpint (gbacw_hex_grid_hexside_on_map (grid, id), ==, seen_on_map[id]);
      if (gbacw_hex_grid_hexside_on_map (grid, id))
        n_ids_on_map++;
    }
  g_assert_cmpuint (n_ids_on_map, ==, n_distinct_on_map);

  g_assert_false (gbacw_hex_grid_hexside_hexes (grid, n_ids, NULL, NULL, NULL));
  g_assert_false (gbacw_hex_grid_hexside_hexes (grid, GBACW_HEXSIDE_NONE, NULL, NULL, NULL));
  g_assert_false (gbacw_hex_grid_hexside_on_map (grid, n_ids));
  g_assert_false (gbacw_hex_grid_hexside_on_map (grid, GBACW_HEXSIDE_NONE));
}

static void
test_hexsides (void)
{
  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grids[] = {
        make_grid (&layouts[l], 7, 5, 1, 2),
        make_grid (&layouts[l], 1, 1, 1, 2),
        make_grid (&layouts[l], 2, 9, 1, 2),
        make_grid (&layouts[l], 39, 48, 1, 2),
      };
      for (guint g = 0; g < G_N_ELEMENTS (grids); g++)
        check_hexsides (&grids[g]);
    }
}

/* The two corners of hexside id. */
static void
hexside_corners (const GbacwHexGrid *grid, GbacwHexsideId id, double corners[2][2])
{
  GbacwHex a;
  int d;

  g_assert_true (gbacw_hex_grid_hexside_hexes (grid, id, &a, &d, NULL));
  gbacw_hex_grid_corner (grid, a, d, &corners[0][0], &corners[0][1]);
  gbacw_hex_grid_corner (grid, a, (d + 1) % GBACW_HEX_DIRECTIONS, &corners[1][0], &corners[1][1]);
}

/* The hexsides sharing a corner: every one on the map, each sharing exactly one corner,
 * two at each end inside the map, and the relation symmetric. */
static void
test_hexside_neighbours (void)
{
  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 7, 5, 1, 2);

      for (GbacwHexsideId id = 0; id < gbacw_hex_grid_n_hexside_ids (&grid); id++)
        {
          GbacwHexsideId out[4];
          double mine[2][2];
          guint n;

          if (!gbacw_hex_grid_hexside_on_map (&grid, id))
            continue;
          n = gbacw_hex_grid_hexside_neighbours (&grid, id, out);
          hexside_corners (&grid, id, mine);
          g_assert_cmpuint (n, <=, 4);
          for (guint i = 0; i < n; i++)
            {
              GbacwHexsideId back[4];
              double theirs[2][2];
              guint shared = 0, m;
              gboolean found = FALSE;

              g_assert_true (gbacw_hex_grid_hexside_on_map (&grid, out[i]));
              g_assert_cmpuint (out[i], !=, id);
              hexside_corners (&grid, out[i], theirs);
              for (int p = 0; p < 2; p++)
                for (int q = 0; q < 2; q++)
                  shared += fabs (mine[p][0] - theirs[q][0]) < 1e-9 && fabs (mine[p][1] - theirs[q][1]) < 1e-9;
              g_assert_cmpuint (shared, ==, 1);
              m = gbacw_hex_grid_hexside_neighbours (&grid, out[i], back);
              for (guint k = 0; k < m; k++)
                found |= back[k] == id;
              g_assert_true (found);
            }
          /* a hexside between two hexes of the map's inside has all four */
          {
            GbacwHex a, b;
            gbacw_hex_grid_hexside_hexes (&grid, id, &a, NULL, &b);
            if (a.col > 0 && a.row > 0 && a.col < 6 && a.row < 4 && b.col > 0 && b.row > 0 && b.col < 6 && b.row < 4)
              g_assert_cmpuint (n, ==, 4);
          }
        }
    }
}

static void
test_hexsides_examples (void)
{
  GbacwHexGrid grid = spi_grid ();
  GbacwHex hex_0101 = hex_from_label (&grid, "0101");
  GbacwHex a, b;
  int direction;
  GbacwHexsideId north = gbacw_hex_grid_hexside (&grid, hex_0101, 0);
  GbacwHexsideId south = gbacw_hex_grid_hexside (&grid, hex_0101, 3);

  /* 0101's N side is on the map edge and owned by 0101. */
  g_assert_true (gbacw_hex_grid_hexside_hexes (&grid, north, &a, &direction, &b));
  assert_hex_eq (a, hex_0101);
  g_assert_cmpint (direction, ==, 0);
  assert_hex_eq (b, ((GbacwHex) { 0, -1 }));
  g_assert_true (gbacw_hex_grid_hexside_on_map (&grid, north));

  /* Its S side is owned by 0102 as that hex's N side. */
  g_assert_cmpuint (south, ==, gbacw_hex_grid_hexside (&grid, hex_from_label (&grid, "0102"), 0));
  g_assert_true (gbacw_hex_grid_hexside_hexes (&grid, south, &a, &direction, &b));
  assert_hex_label (&grid, a, "0102");
  g_assert_cmpint (direction, ==, 0);
  assert_hex_eq (b, hex_0101);

  /* The extended grid's corner hex owns sides that touch no map hex. */
  g_assert_false (gbacw_hex_grid_hexside_on_map (&grid, gbacw_hex_grid_hexside (&grid, (GbacwHex) { -1, -1 }, 0)));
  g_assert_cmpuint (gbacw_hex_grid_hexside (&grid, (GbacwHex) { -1, -1 }, 0), ==, 0);
  g_assert_cmpuint (gbacw_hex_grid_hexside (&grid, (GbacwHex) { -5, 3 }, 1), ==, GBACW_HEXSIDE_NONE);
}

/* ------------------------------------------------------------------ pixels */

static void
test_pixels_origin (void)
{
  GbacwHexGrid grid = spi_grid ();
  GbacwHex origin = { 0, 0 };
  double x, y;

  gbacw_hex_grid_centre (&grid, origin, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (y, SQRT3 / 2, 1e-12);
  /* 0201 is half a hex lower */
  gbacw_hex_grid_centre (&grid, (GbacwHex) { 1, 0 }, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 2.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (y, SQRT3, 1e-12);

  grid.orientation = GBACW_GRID_POINTY_ROWS;
  gbacw_hex_grid_centre (&grid, origin, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, SQRT3 / 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (y, 1.0, 1e-12);
  gbacw_hex_grid_centre (&grid, (GbacwHex) { 0, 1 }, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, SQRT3, 1e-12);
  g_assert_cmpfloat_with_epsilon (y, 2.5, 1e-12);

  /* With even shift, hex (0,0) is the shifted one. */
  grid.orientation = GBACW_GRID_FLAT_COLUMNS;
  grid.shift = GBACW_SHIFT_EVEN;
  gbacw_hex_grid_centre (&grid, origin, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (y, SQRT3, 1e-12);
  gbacw_hex_grid_centre (&grid, (GbacwHex) { 1, 0 }, &x, &y);
  g_assert_cmpfloat_with_epsilon (y, SQRT3 / 2, 1e-12);
}

static void
test_pixels_round_trip (void)
{
  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 39, 48, 1, 2);

      for (int col = -2; col < grid.columns + 2; col++)
        for (int row = -2; row < grid.rows + 2; row++)
          {
            GbacwHex hex = { col, row };
            double cx, cy;

            gbacw_hex_grid_centre (&grid, hex, &cx, &cy);
            assert_hex_eq (gbacw_hex_grid_hex_at_point (&grid, cx, cy), hex);
            for (int c = 0; c < GBACW_HEX_DIRECTIONS; c++)
              {
                double vx, vy;
                gbacw_hex_grid_corner (&grid, hex, c, &vx, &vy);
                /* just inside each corner */
                assert_hex_eq (gbacw_hex_grid_hex_at_point (&grid, cx + 0.97 * (vx - cx), cy + 0.97 * (vy - cy)), hex);
              }
          }
    }
}

/* Random points against the nearest centre found by brute force. */
static void
test_pixels_random_points (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);

  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 12, 10, 1, 2);
      double width, height;

      gbacw_hex_grid_extent (&grid, &width, &height);
      for (int i = 0; i < 5000; i++)
        {
          double x = g_rand_double_range (rand, -2.0, width + 2.0);
          double y = g_rand_double_range (rand, -2.0, height + 2.0);
          GbacwHex found = gbacw_hex_grid_hex_at_point (&grid, x, y);
          double found_distance = hex_centre_distance (&grid, found, x, y);

          for (int col = -4; col < grid.columns + 4; col++)
            for (int row = -4; row < grid.rows + 4; row++)
              g_assert_cmpfloat (found_distance, <=, hex_centre_distance (&grid, (GbacwHex) { col, row }, x, y) + 1e-9);
        }
    }
}

static void
test_pixels_corners (void)
{
  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 6, 5, 1, 2);

      for (int col = -1; col <= grid.columns; col++)
        for (int row = -1; row <= grid.rows; row++)
          {
            GbacwHex hex = { col, row };
            double cx, cy;

            gbacw_hex_grid_centre (&grid, hex, &cx, &cy);
            for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
              {
                GbacwHex neighbour = gbacw_hex_grid_neighbour (&grid, hex, d);
                double x0, y0, x1, y1, nx, ny, n0x, n0y, n1x, n1y;

                gbacw_hex_grid_corner (&grid, hex, d, &x0, &y0);
                gbacw_hex_grid_corner (&grid, hex, (d + 1) % 6, &x1, &y1);
                gbacw_hex_grid_centre (&grid, neighbour, &nx, &ny);

                g_assert_cmpfloat_with_epsilon (hypot (x0 - cx, y0 - cy), 1.0, 1e-12);
                g_assert_cmpfloat_with_epsilon (hypot (x1 - x0, y1 - y0), 1.0, 1e-12);
                /* hexside d lies between this hex and its neighbour in direction d */
                g_assert_cmpfloat_with_epsilon ((x0 + x1) / 2, (cx + nx) / 2, 1e-12);
                g_assert_cmpfloat_with_epsilon ((y0 + y1) / 2, (cy + ny) / 2, 1e-12);
                /* clockwise (y down): corner d comes before corner d+1 */
                g_assert_cmpfloat ((x0 - cx) * (y1 - cy) - (y0 - cy) * (x1 - cx), >, 0.0);
                /* the neighbour goes round the same side the other way */
                gbacw_hex_grid_corner (&grid, neighbour, (d + 3) % 6, &n0x, &n0y);
                gbacw_hex_grid_corner (&grid, neighbour, (d + 4) % 6, &n1x, &n1y);
                g_assert_cmpfloat_with_epsilon (n0x, x1, 1e-12);
                g_assert_cmpfloat_with_epsilon (n0y, y1, 1e-12);
                g_assert_cmpfloat_with_epsilon (n1x, x0, 1e-12);
                g_assert_cmpfloat_with_epsilon (n1y, y0, 1e-12);
              }
          }
    }
}

static void
test_pixels_hexside_at_point (void)
{
  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 9, 7, 1, 2);

      for (int col = -1; col <= grid.columns; col++)
        for (int row = -1; row <= grid.rows; row++)
          {
            GbacwHex hex = { col, row };
            double cx, cy;

            gbacw_hex_grid_centre (&grid, hex, &cx, &cy);
            for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
              {
                GbacwHexsideId id = gbacw_hex_grid_hexside (&grid, hex, d);
                GbacwHex neighbour = gbacw_hex_grid_neighbour (&grid, hex, d);
                double x0, y0, x1, y1, mx, my, px, py;
                GbacwHex hex_out;
                int direction_out;

                gbacw_hex_grid_corner (&grid, hex, d, &x0, &y0);
                gbacw_hex_grid_corner (&grid, hex, (d + 1) % 6, &x1, &y1);
                mx = (x0 + x1) / 2;
                my = (y0 + y1) / 2;

                /* just inside, near the middle of the side */
                g_assert_cmpuint (gbacw_hex_grid_hexside_at_point (&grid, cx + 0.9 * (mx - cx), cy + 0.9 * (my - cy),
                                                                 &hex_out, &direction_out), ==, id);
                assert_hex_eq (hex_out, hex);
                g_assert_cmpint (direction_out, ==, d);

                /* just outside: the same hexside, seen from the neighbour */
                g_assert_cmpuint (gbacw_hex_grid_hexside_at_point (&grid, cx + 1.1 * (mx - cx), cy + 1.1 * (my - cy),
                                                                 &hex_out, &direction_out), ==, id);
                assert_hex_eq (hex_out, neighbour);
                g_assert_cmpint (direction_out, ==, gbacw_hex_direction_opposite (d));

                /* off-centre along the side, nearer corner d */
                px = cx + 0.85 * (0.7 * x0 + 0.3 * x1 - cx);
                py = cy + 0.85 * (0.7 * y0 + 0.3 * y1 - cy);
                g_assert_cmpuint (gbacw_hex_grid_hexside_at_point (&grid, px, py, NULL, NULL), ==, id);
              }
          }
    }
}

static void
test_pixels_extent (void)
{
  int sizes[][2] = { { 1, 1 }, { 1, 5 }, { 5, 1 }, { 2, 2 }, { 39, 48 } };

  for (guint l = 0; l < N_LAYOUTS; l++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        GbacwHexGrid grid = make_grid (&layouts[l], sizes[s][0], sizes[s][1], 1, 2);
        double width, height;
        double min_x = G_MAXDOUBLE, min_y = G_MAXDOUBLE, max_x = -G_MAXDOUBLE, max_y = -G_MAXDOUBLE;

        gbacw_hex_grid_extent (&grid, &width, &height);
        for (int i = 0; i < gbacw_hex_grid_n_hexes (&grid); i++)
          for (int c = 0; c < GBACW_HEX_DIRECTIONS; c++)
            {
              double x, y;
              gbacw_hex_grid_corner (&grid, gbacw_hex_grid_hex_at (&grid, i), c, &x, &y);
              min_x = MIN (min_x, x);
              min_y = MIN (min_y, y);
              max_x = MAX (max_x, x);
              max_y = MAX (max_y, y);
            }
        g_assert_cmpfloat_with_epsilon (max_x, width, 1e-9);
        g_assert_cmpfloat_with_epsilon (max_y, height, 1e-9);
        g_assert_cmpfloat (min_x, >=, -1e-9);
        g_assert_cmpfloat (min_y, >=, -1e-9);
        if (layouts[l].shift == GBACW_SHIFT_ODD)
          {
            g_assert_cmpfloat_with_epsilon (min_x, 0.0, 1e-9);
            g_assert_cmpfloat_with_epsilon (min_y, 0.0, 1e-9);
          }
      }
}

/* -------------------------------------------------------------------- line */

/* The parameter interval [t0, t1] of the segment p -> q inside the hexagon of hex,
 * grown (tolerance > 0) or shrunk (< 0) by tolerance; its length in hex radii, or 0. */
static double
segment_in_hex (const GbacwHexGrid *grid, GbacwHex hex, double px, double py, double qx, double qy,
                double tolerance, double *t0_out, double *t1_out)
{
  double cx, cy, t0 = 0.0, t1 = 1.0;

  gbacw_hex_grid_centre (grid, hex, &cx, &cy);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      double nx, ny, limit, start, rate;

      direction_vector (grid->orientation, d, &nx, &ny);
      limit = APOTHEM + tolerance;
      start = (px - cx) * nx + (py - cy) * ny;
      rate = (qx - px) * nx + (qy - py) * ny;
      if (fabs (rate) < 1e-12)
        {
          if (start > limit)
            return 0.0;
          continue;
        }
      if (rate > 0)
        t1 = MIN (t1, (limit - start) / rate);
      else
        t0 = MAX (t0, (limit - start) / rate);
    }
  if (t0_out != NULL)
    *t0_out = t0;
  if (t1_out != NULL)
    *t1_out = t1;
  if (t1 <= t0)
    return 0.0;
  return (t1 - t0) * hypot (qx - px, qy - py);
}

/* Whether the segment between two centres runs in a hex direction or exactly between two. */
static gboolean
line_is_special (const GbacwHexGrid *grid, GbacwHex a, GbacwHex b, gboolean *between)
{
  double ax, ay, bx, by, length;

  gbacw_hex_grid_centre (grid, a, &ax, &ay);
  gbacw_hex_grid_centre (grid, b, &bx, &by);
  length = hypot (bx - ax, by - ay);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      double ux, uy, vx, vy;
      direction_vector (grid->orientation, d, &ux, &uy);
      /* between d and d+1 */
      vx = ux * cos (G_PI / 6) - uy * sin (G_PI / 6);
      vy = ux * sin (G_PI / 6) + uy * cos (G_PI / 6);
      if (fabs ((bx - ax) * vy - (by - ay) * vx) < 1e-9 * length)
        {
          *between = TRUE;
          return TRUE;
        }
      if (fabs ((bx - ax) * uy - (by - ay) * ux) < 1e-9 * length)
        {
          *between = FALSE;
          return TRUE;
        }
    }
  return FALSE;
}

static void
check_line (const GbacwHexGrid *grid, GbacwHex a, GbacwHex b, GArray *steps)
{
  int distance = gbacw_hex_grid_distance (grid, a, b);
  double ax, ay, bx, by, last_t = -1.0;
  gboolean between = FALSE, special;
  guint n_along = 0, n_normal = 0, n_expected_normal = 0;
  g_autoptr (GHashTable) on_line = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  int min_col, max_col, min_row, max_row;

  g_array_set_size (steps, 0);
  gbacw_hex_grid_line (grid, a, b, steps);
  gbacw_hex_grid_centre (grid, a, &ax, &ay);
  gbacw_hex_grid_centre (grid, b, &bx, &by);
  special = line_is_special (grid, a, b, &between);

  g_assert_cmpuint (steps->len, >=, 1);
  {
    GbacwLineStep *first = &g_array_index (steps, GbacwLineStep, 0);
    GbacwLineStep *last = &g_array_index (steps, GbacwLineStep, steps->len - 1);
    g_assert_false (first->along_hexside);
    g_assert_false (last->along_hexside);
    assert_hex_eq (first->hex, a);
    assert_hex_eq (last->hex, b);
    g_assert_cmpuint (first->hexside, ==, GBACW_HEXSIDE_NONE);
    if (distance == 0)
      {
        g_assert_cmpuint (steps->len, ==, 1);
        return;
      }
  }

  for (guint i = 0; i < steps->len; i++)
    {
      GbacwLineStep *step = &g_array_index (steps, GbacwLineStep, i);
      guint64 key = hex_key (step->hex);

      if (step->along_hexside)
        {
          GbacwLineStep *before = &g_array_index (steps, GbacwLineStep, i - 1);
          GbacwLineStep *after = &g_array_index (steps, GbacwLineStep, i + 1);
          int direction = gbacw_hex_grid_direction_to (grid, step->hex, step->other);
          double t0, t1, u0, u1;

          n_along++;
          g_assert_true (between);
          g_assert_cmpint (direction, >=, 0);
          g_assert_cmpuint (step->hexside, ==, gbacw_hex_grid_hexside (grid, step->hex, direction));
          g_assert_false (before->along_hexside);
          g_assert_false (after->along_hexside);
          g_assert_cmpint (gbacw_hex_grid_distance (grid, before->hex, step->hex), ==, 1);
          g_assert_cmpint (gbacw_hex_grid_distance (grid, before->hex, step->other), ==, 1);
          g_assert_cmpint (gbacw_hex_grid_distance (grid, after->hex, step->hex), ==, 1);
          g_assert_cmpint (gbacw_hex_grid_distance (grid, after->hex, step->other), ==, 1);
          g_assert_cmpuint (after->hexside, ==, GBACW_HEXSIDE_NONE);
          /* the segment runs along a whole side of both hexes and enters neither */
          g_assert_cmpfloat (segment_in_hex (grid, step->hex, ax, ay, bx, by, 1e-9, &t0, &t1), >, 0.999);
          g_assert_cmpfloat (segment_in_hex (grid, step->other, ax, ay, bx, by, 1e-9, &u0, &u1), >, 0.999);
          g_assert_cmpfloat (segment_in_hex (grid, step->hex, ax, ay, bx, by, -1e-9, NULL, NULL), <, 1e-6);
          g_assert_cmpfloat (segment_in_hex (grid, step->other, ax, ay, bx, by, -1e-9, NULL, NULL), <, 1e-6);
          g_assert_cmpfloat_with_epsilon (t0, u0, 1e-9);
          g_assert_cmpfloat (t0, >, last_t);
          last_t = t0;
          key = hex_key (step->other);
          g_hash_table_add (on_line, g_memdup2 (&key, sizeof key));
          key = hex_key (step->hex);
        }
      else
        {
          double t0, t1;

          n_normal++;
          if (i > 0)
            {
              GbacwLineStep *before = &g_array_index (steps, GbacwLineStep, i - 1);
              if (!before->along_hexside)
                {
                  int direction = gbacw_hex_grid_direction_to (grid, before->hex, step->hex);
                  g_assert_cmpint (direction, >=, 0);
                  g_assert_cmpuint (step->hexside, ==, gbacw_hex_grid_hexside (grid, before->hex, direction));
                }
            }
          /* the segment really passes through this hex, after the previous steps */
          g_assert_cmpfloat (segment_in_hex (grid, step->hex, ax, ay, bx, by, 1e-9, &t0, &t1), >, 1e-6);
          g_assert_cmpfloat ((t0 + t1) / 2, >, last_t);
          last_t = (t0 + t1) / 2;
          g_assert_false (g_hash_table_contains (on_line, &key));
        }
      g_hash_table_add (on_line, g_memdup2 (&key, sizeof key));
    }

  /* 9.23 / 9.7: a line in a hex direction or between two visits distance+1 hexes or
   * hexside pairs; another line may cut corners and visit more, never fewer. */
  if (special)
    g_assert_cmpuint (n_normal + n_along, ==, (guint) distance + 1);
  else
    {
      g_assert_cmpuint (n_normal + n_along, >=, (guint) distance + 1);
      g_assert_cmpuint (n_along, ==, 0);
    }
  if (special && !between)
    g_assert_cmpuint (n_along, ==, 0);
  if (between && distance > 0)
    g_assert_cmpuint (n_along, ==, (guint) distance / 2);

  /* Exactly the hexes the segment passes through are normal steps. */
  min_col = MIN (a.col, b.col) - 2;
  max_col = MAX (a.col, b.col) + 2;
  min_row = MIN (a.row, b.row) - 2;
  max_row = MAX (a.row, b.row) + 2;
  for (int col = min_col; col <= max_col; col++)
    for (int row = min_row; row <= max_row; row++)
      if (segment_in_hex (grid, (GbacwHex) { col, row }, ax, ay, bx, by, -1e-9, NULL, NULL) > 1e-6)
        {
          guint64 key = hex_key ((GbacwHex) { col, row });
          n_expected_normal++;
          g_assert_true (g_hash_table_contains (on_line, &key));
        }
  g_assert_cmpuint (n_normal, ==, n_expected_normal);

  /* Brute force: every point of the segment is in one of the line's hexes. */
  for (int i = 0; i <= 2000; i++)
    {
      double t = i / 2000.0;
      double x = ax + t * (bx - ax), y = ay + t * (by - ay);
      GbacwHex containing = gbacw_hex_grid_hex_at_point (grid, x, y);
      guint64 key = hex_key (containing);

      if (!g_hash_table_contains (on_line, &key))
        {
          /* only acceptable on a boundary with a hex of the line */
          double nearest = hex_centre_distance (grid, containing, x, y);
          gboolean tie = FALSE;
          for (guint s = 0; s < steps->len && !tie; s++)
            tie = fabs (hex_centre_distance (grid, g_array_index (steps, GbacwLineStep, s).hex, x, y) - nearest) < 1e-9;
          if (!tie)
            g_error ("point %g,%g of the line (%d,%d)-(%d,%d) is in (%d,%d), not on the line",
                     x, y, a.col, a.row, b.col, b.row, containing.col, containing.row);
        }
    }
}

typedef struct {
  const char *label;
  const char *other;    /* along steps */
} ExpectedStep;

static void
assert_line (const GbacwHexGrid *grid, const char *from, const char *to, const ExpectedStep *expected, guint n_expected)
{
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwLineStep));
  GbacwHex a = hex_from_label (grid, from);
  GbacwHex b = hex_from_label (grid, to);

  check_line (grid, a, b, steps);
  g_assert_cmpuint (steps->len, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    {
      GbacwLineStep *step = &g_array_index (steps, GbacwLineStep, i);
      g_autofree char *hex_label = gbacw_hex_grid_format_label (grid, step->hex);

      g_assert_cmpint (step->along_hexside, ==, expected[i].other != NULL);
      if (step->along_hexside)
        {
          g_autofree char *other_label = gbacw_hex_grid_format_label (grid, step->other);
          g_assert_true ((g_str_equal (hex_label, expected[i].label) && g_str_equal (other_label, expected[i].other))
                         || (g_str_equal (hex_label, expected[i].other) && g_str_equal (other_label, expected[i].label)));
          g_assert_cmpuint (step->hexside, ==, gbacw_hex_grid_hexside (grid, hex_from_label (grid, expected[i].label),
                                                                    gbacw_hex_grid_direction_to (grid, hex_from_label (grid, expected[i].label),
                                                                                                 hex_from_label (grid, expected[i].other))));
        }
      else
        g_assert_cmpstr (hex_label, ==, expected[i].label);
    }
}

static void
test_line_examples (void)
{
  GbacwHexGrid grid = spi_grid ();
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwLineStep));

  /* Same hex */
  {
    ExpectedStep expected[] = { { "0505", NULL } };
    assert_line (&grid, "0505", "0505", expected, G_N_ELEMENTS (expected));
  }
  /* Straight down a column, crossing the S hexsides */
  {
    ExpectedStep expected[] = { { "0101", NULL }, { "0102", NULL }, { "0103", NULL }, { "0104", NULL } };
    GbacwHex hex_0103 = hex_from_label (&grid, "0103");
    assert_line (&grid, "0101", "0104", expected, G_N_ELEMENTS (expected));
    gbacw_hex_grid_line (&grid, hex_from_label (&grid, "0101"), hex_from_label (&grid, "0104"), steps);
    g_assert_cmpuint (g_array_index (steps, GbacwLineStep, 3).hexside, ==, gbacw_hex_grid_hexside (&grid, hex_0103, 3));
    g_array_set_size (steps, 0);
  }
  /* Straight SE, zig-zagging through the shifted columns */
  {
    ExpectedStep expected[] = { { "0101", NULL }, { "0201", NULL }, { "0302", NULL }, { "0402", NULL }, { "0503", NULL } };
    assert_line (&grid, "0101", "0503", expected, G_N_ELEMENTS (expected));
  }
  /* 9.7: due east, exactly between NE and SE: the line runs along the hexside between
   * 0302 and 0303, through the vertices at its ends. */
  {
    ExpectedStep expected[] = { { "0202", NULL }, { "0302", "0303" }, { "0402", NULL } };
    assert_line (&grid, "0202", "0402", expected, G_N_ELEMENTS (expected));
  }
  {
    ExpectedStep expected[] = {
      { "0202", NULL }, { "0302", "0303" }, { "0402", NULL }, { "0502", "0503" }, { "0602", NULL },
    };
    assert_line (&grid, "0202", "0602", expected, G_N_ELEMENTS (expected));
  }
  /* 9.7: between N and NE, along the hexside between 0201 and 0302 */
  {
    ExpectedStep expected[] = { { "0202", NULL }, { "0201", "0302" }, { "0301", NULL } };
    assert_line (&grid, "0202", "0301", expected, G_N_ELEMENTS (expected));
  }
  /* The line crosses the hexside between 0506 and 0505 at its midpoint: both are
   * passed through, so 6 hexes at distance 4. */
  {
    ExpectedStep expected[] = {
      { "0306", NULL }, { "0405", NULL }, { "0506", NULL }, { "0505", NULL }, { "0605", NULL }, { "0705", NULL },
    };
    assert_line (&grid, "0306", "0705", expected, G_N_ELEMENTS (expected));
    gbacw_hex_grid_line (&grid, hex_from_label (&grid, "0306"), hex_from_label (&grid, "0705"), steps);
    g_assert_cmpuint (g_array_index (steps, GbacwLineStep, 3).hexside, ==,
                      gbacw_hex_grid_hexside (&grid, hex_from_label (&grid, "0505"), 3));
    g_array_set_size (steps, 0);
  }
  /* The line cuts the corners of 0610 and 0709 (a quarter of a hex radius each): 10 hexes
   * at distance 7. Sampling the line once per hex of distance would miss both. */
  {
    ExpectedStep expected[] = {
      { "0311", NULL }, { "0410", NULL }, { "0510", NULL }, { "0610", NULL }, { "0609", NULL },
      { "0710", NULL }, { "0709", NULL }, { "0809", NULL }, { "0909", NULL }, { "1008", NULL },
    };
    assert_line (&grid, "0311", "1008", expected, G_N_ELEMENTS (expected));
  }

  /* Pointy rows: straight down two rows is between SW and SE. */
  {
    GbacwHexGrid pointy = make_grid (&layouts[2], 10, 10, 1, 2);
    ExpectedStep expected[] = { { "0201", NULL }, { "0202", "0102" }, { "0203", NULL } };
    assert_line (&pointy, "0201", "0203", expected, G_N_ELEMENTS (expected));
  }

  /* Off-map lines work too, and along steps may have no hexside id far away. */
  {
    GbacwHex far_a = { -20, -20 }, far_b = { -16, -20 };
    check_line (&grid, far_a, far_b, steps);
    g_assert_cmpuint (steps->len, ==, 5);
    g_assert_true (g_array_index (steps, GbacwLineStep, 1).along_hexside);
    g_assert_cmpuint (g_array_index (steps, GbacwLineStep, 1).hexside, ==, GBACW_HEXSIDE_NONE);
  }

  /* Appends, keeping what was there */
  g_array_set_size (steps, 0);
  gbacw_hex_grid_line (&grid, hex_from_label (&grid, "0101"), hex_from_label (&grid, "0102"), steps);
  gbacw_hex_grid_line (&grid, hex_from_label (&grid, "0101"), hex_from_label (&grid, "0102"), steps);
  g_assert_cmpuint (steps->len, ==, 4);
  assert_hex_label (&grid, g_array_index (steps, GbacwLineStep, 2).hex, "0101");
}

static void
test_line_properties (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (1863);
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwLineStep));
  g_autoptr (GArray) reversed = g_array_new (FALSE, FALSE, sizeof (GbacwLineStep));

  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 39, 48, 1, 2);
      guint n_special = 0;

      for (int i = 0; i < 1000; i++)
        {
          GbacwHex a = random_hex (rand, &grid, 3);
          GbacwHex b;
          gboolean between;

          /* A third of the pairs at short range, where corner cases are common. */
          if (i % 3 == 0)
            {
              b.col = a.col + g_rand_int_range (rand, -6, 7);
              b.row = a.row + g_rand_int_range (rand, -6, 7);
            }
          else
            b = random_hex (rand, &grid, 3);
          check_line (&grid, a, b, steps);
          if (line_is_special (&grid, a, b, &between))
            n_special++;

          /* The same hexes come out the other way round. */
          check_line (&grid, b, a, reversed);
          g_assert_cmpuint (reversed->len, ==, steps->len);
          for (guint s = 0; s < steps->len; s++)
            {
              GbacwLineStep *forward = &g_array_index (steps, GbacwLineStep, s);
              GbacwLineStep *backward = &g_array_index (reversed, GbacwLineStep, steps->len - 1 - s);
              g_assert_cmpint (forward->along_hexside, ==, backward->along_hexside);
              if (forward->along_hexside)
                g_assert_cmpuint (forward->hexside, ==, backward->hexside);
              else
                assert_hex_eq (forward->hex, backward->hex);
            }
        }

      /* Every line from a hex to every hex within 8 of it, in all layouts. */
      for (int col = 10; col <= 11; col++)
        for (int dc = -8; dc <= 8; dc++)
          for (int dr = -8; dr <= 8; dr++)
            {
              GbacwHex a = { col, 20 }, b = { col + dc, 20 + dr };
              gboolean between;
              check_line (&grid, a, b, steps);
              if (line_is_special (&grid, a, b, &between))
                n_special++;
            }
      g_assert_cmpuint (n_special, >, 50);   /* the special cases were exercised */
    }
}

static void
test_line_perf (void)
{
  GbacwHexGrid grid;
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  g_autoptr (GArray) steps = g_array_sized_new (FALSE, FALSE, sizeof (GbacwLineStep), 1024);
  const int n_lines = 200000;
  g_autofree GbacwHex *ends = g_new (GbacwHex, 2 * n_lines);
  guint64 total_steps = 0;
  double seconds, microseconds;

  gbacw_hex_grid_init_default (&grid, 200, 200);
  grid.digits = 3;
  for (int i = 0; i < 2 * n_lines; i++)
    ends[i] = random_hex (rand, &grid, 0);

  g_test_timer_start ();
  for (int i = 0; i < n_lines; i++)
    {
      g_array_set_size (steps, 0);
      gbacw_hex_grid_line (&grid, ends[2 * i], ends[2 * i + 1], steps);
      total_steps += steps->len;
    }
  seconds = g_test_timer_elapsed ();
  microseconds = seconds * 1e6 / n_lines;
  g_test_minimized_result (microseconds, "%.2f µs per line on a 200x200 map (%.1f steps on average)",
                           microseconds, (double) total_steps / n_lines);
  g_assert_cmpfloat (microseconds, <, 20.0);
}

/* ------------------------------------------------------------ hexside paths */

/* The hexsides sharing a corner with id, worked out from the hexes it separates: the
 * sides before and after it around each of them. */
static void
touching_hexsides (const GbacwHexGrid *grid, GbacwHexsideId id, GbacwHexsideId out[4])
{
  GbacwHex a, b;
  int d;

  g_assert_true (gbacw_hex_grid_hexside_hexes (grid, id, &a, &d, &b));
  out[0] = gbacw_hex_grid_hexside (grid, a, (d + 1) % 6);
  out[1] = gbacw_hex_grid_hexside (grid, a, (d + 5) % 6);
  out[2] = gbacw_hex_grid_hexside (grid, b, (d + 4) % 6);
  out[3] = gbacw_hex_grid_hexside (grid, b, (d + 2) % 6);
}

/* Fewest hexsides in a chain from `from` (not counted) to `to` (counted), by a
 * breadth-first search over hexsides that touch, on the map's hexsides only. */
static guint
chain_length (const GbacwHexGrid *grid, GbacwHexsideId from, GbacwHexsideId to)
{
  guint32 n = gbacw_hex_grid_n_hexside_ids (grid);
  g_autofree guint *dist = g_new (guint, n);
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideId));

  for (guint32 i = 0; i < n; i++)
    dist[i] = G_MAXUINT;
  dist[from] = 0;
  g_array_append_val (queue, from);
  for (guint head = 0; head < queue->len; head++)
    {
      GbacwHexsideId id = g_array_index (queue, GbacwHexsideId, head), next[4];

      touching_hexsides (grid, id, next);
      for (int i = 0; i < 4; i++)
        if (next[i] != GBACW_HEXSIDE_NONE && gbacw_hex_grid_hexside_on_map (grid, next[i]) && dist[next[i]] == G_MAXUINT)
          {
            dist[next[i]] = dist[id] + 1;
            g_array_append_val (queue, next[i]);
          }
    }
  return dist[to];
}

static gboolean
same_point (double x0, double y0, double x1, double y1)
{
  return fabs (x0 - x1) < 1e-6 && fabs (y0 - y1) < 1e-6;
}

/* The steps are a chain: each a hexside of the map one radius long running from its own
 * corner to its other corner, each starting where the one before ended. */
static void
assert_chain (const GbacwHexGrid *grid, GArray *steps)
{
  for (guint i = 0; i < steps->len; i++)
    {
      const GbacwHexsideStep *step = &g_array_index (steps, GbacwHexsideStep, i);
      GbacwHex a;
      int d;
      double cx0, cy0, cx1, cy1;

      g_assert_true (gbacw_hex_grid_hexside_on_map (grid, step->hexside));
      g_assert_true (gbacw_hex_grid_hexside_hexes (grid, step->hexside, &a, &d, NULL));
      gbacw_hex_grid_corner (grid, a, d, &cx0, &cy0);
      gbacw_hex_grid_corner (grid, a, (d + 1) % 6, &cx1, &cy1);
      g_assert_true ((same_point (step->x0, step->y0, cx0, cy0) && same_point (step->x1, step->y1, cx1, cy1)) ||
                     (same_point (step->x0, step->y0, cx1, cy1) && same_point (step->x1, step->y1, cx0, cy0)));
      if (i > 0)
        {
          const GbacwHexsideStep *before = &g_array_index (steps, GbacwHexsideStep, i - 1);
          g_assert_true (same_point (before->x1, before->y1, step->x0, step->y0));
        }
    }
}

static void
test_hexside_path_examples (void)
{
  GbacwHexGrid grid = spi_grid ();
  GbacwHex h = hex_from_label (&grid, "0505");
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideStep));
  double x0, y0, x1, y1;

  /* The same hexside: nothing to add. */
  g_assert_true (gbacw_hex_grid_hexside_path (&grid, gbacw_hex_grid_hexside (&grid, h, 0),
                                              gbacw_hex_grid_hexside (&grid, h, 0), steps));
  g_assert_cmpuint (steps->len, ==, 0);

  /* Sides that meet at a corner: just the new one. */
  g_assert_true (gbacw_hex_grid_hexside_path (&grid, gbacw_hex_grid_hexside (&grid, h, 0),
                                              gbacw_hex_grid_hexside (&grid, h, 1), steps));
  g_assert_cmpuint (steps->len, ==, 1);
  g_assert_cmpuint (g_array_index (steps, GbacwHexsideStep, 0).hexside, ==, gbacw_hex_grid_hexside (&grid, h, 1));
  g_array_set_size (steps, 0);

  /* Opposite sides of a hex (a river traced from the N side through the centre to the S
   * side): around half the hex, two sides and then the S side. */
  g_assert_true (gbacw_hex_grid_hexside_path (&grid, gbacw_hex_grid_hexside (&grid, h, 0),
                                              gbacw_hex_grid_hexside (&grid, h, 3), steps));
  g_assert_cmpuint (steps->len, ==, 3);
  assert_chain (&grid, steps);
  g_assert_cmpuint (g_array_index (steps, GbacwHexsideStep, 2).hexside, ==, gbacw_hex_grid_hexside (&grid, h, 3));
  for (guint i = 0; i < 2; i++)
    {
      GbacwHexsideId id = g_array_index (steps, GbacwHexsideStep, i).hexside;
      g_assert_true (id == gbacw_hex_grid_hexside (&grid, h, 1 + i) || id == gbacw_hex_grid_hexside (&grid, h, 5 - i));
    }
  g_array_set_size (steps, 0);

  /* Corner to corner: the opposite corners of a hex are three sides apart. */
  gbacw_hex_grid_corner (&grid, h, 0, &x0, &y0);
  gbacw_hex_grid_corner (&grid, h, 3, &x1, &y1);
  g_assert_true (gbacw_hex_grid_corner_path (&grid, x0 + 0.1, y0, x1, y1 - 0.1, steps));
  g_assert_cmpuint (steps->len, ==, 3);
  assert_chain (&grid, steps);
  g_assert_true (same_point (g_array_index (steps, GbacwHexsideStep, 0).x0, g_array_index (steps, GbacwHexsideStep, 0).y0,
                             x0, y0));
  g_assert_true (same_point (g_array_index (steps, GbacwHexsideStep, 2).x1, g_array_index (steps, GbacwHexsideStep, 2).y1,
                             x1, y1));
  g_array_set_size (steps, 0);
  g_assert_true (gbacw_hex_grid_corner_path (&grid, x0, y0, x0 + 0.05, y0, steps));
  g_assert_cmpuint (steps->len, ==, 0);

  /* Not hexsides of the map. */
  g_assert_false (gbacw_hex_grid_hexside_path (&grid, gbacw_hex_grid_n_hexside_ids (&grid),
                                               gbacw_hex_grid_hexside (&grid, h, 0), steps));
  g_assert_false (gbacw_hex_grid_hexside_path (&grid, GBACW_HEXSIDE_NONE, gbacw_hex_grid_hexside (&grid, h, 0), steps));
  g_assert_cmpuint (steps->len, ==, 0);
}

/* Every layout, random pairs of the map's hexsides: a chain from an end of `from` ending
 * with `to`, as short as a search over touching hexsides finds, the same length both ways. */
static void
test_hexside_path_properties (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideStep));
  g_autoptr (GArray) back = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideStep));

  for (guint l = 0; l < N_LAYOUTS; l++)
    {
      GbacwHexGrid grid = make_grid (&layouts[l], 9, 7, 1, 2);
      guint32 n = gbacw_hex_grid_n_hexside_ids (&grid);

      for (int trial = 0; trial < 200; trial++)
        {
          GbacwHexsideId from, to;
          GbacwHex a;
          int d;
          double fx0, fy0, fx1, fy1;
          const GbacwHexsideStep *first;

          do
            from = g_rand_int_range (rand, 0, (gint32) n);
          while (!gbacw_hex_grid_hexside_on_map (&grid, from));
          do
            to = g_rand_int_range (rand, 0, (gint32) n);
          while (!gbacw_hex_grid_hexside_on_map (&grid, to) || to == from);

          g_array_set_size (steps, 0);
          g_array_set_size (back, 0);
          g_assert_true (gbacw_hex_grid_hexside_path (&grid, from, to, steps));
          g_assert_true (gbacw_hex_grid_hexside_path (&grid, to, from, back));
          g_assert_cmpuint (steps->len, ==, chain_length (&grid, from, to));
          g_assert_cmpuint (back->len, ==, steps->len);
          assert_chain (&grid, steps);
          g_assert_cmpuint (g_array_index (steps, GbacwHexsideStep, steps->len - 1).hexside, ==, to);
          for (guint i = 0; i < steps->len; i++)
            g_assert_cmpuint (g_array_index (steps, GbacwHexsideStep, i).hexside, !=, from);

          gbacw_hex_grid_hexside_hexes (&grid, from, &a, &d, NULL);
          gbacw_hex_grid_corner (&grid, a, d, &fx0, &fy0);
          gbacw_hex_grid_corner (&grid, a, (d + 1) % 6, &fx1, &fy1);
          first = &g_array_index (steps, GbacwHexsideStep, 0);
          g_assert_true (same_point (first->x0, first->y0, fx0, fy0) || same_point (first->x0, first->y0, fx1, fy1));
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hex-grid/validate", test_validate);
  g_test_add_func ("/hex-grid/index", test_index);
  g_test_add_func ("/hex-grid/labels/round-trip", test_labels_round_trip);
  g_test_add_func ("/hex-grid/labels/examples", test_labels_examples);
  g_test_add_func ("/hex-grid/labels/bad", test_labels_bad);
  g_test_add_func ("/hex-grid/neighbours/spi", test_neighbours_spi);
  g_test_add_func ("/hex-grid/neighbours/geometry", test_neighbours_geometry);
  g_test_add_func ("/hex-grid/directions/names", test_direction_names);
  g_test_add_func ("/hex-grid/distance/examples", test_distance_examples);
  g_test_add_func ("/hex-grid/distance/bfs", test_distance_bfs);
  g_test_add_func ("/hex-grid/distance/properties", test_distance_properties);
  g_test_add_func ("/hex-grid/within", test_within);
  g_test_add_func ("/hex-grid/hexsides/properties", test_hexsides);
  g_test_add_func ("/hex-grid/hexsides/examples", test_hexsides_examples);
  g_test_add_func ("/hex-grid/hexsides/neighbours", test_hexside_neighbours);
  g_test_add_func ("/hex-grid/pixels/origin", test_pixels_origin);
  g_test_add_func ("/hex-grid/pixels/round-trip", test_pixels_round_trip);
  g_test_add_func ("/hex-grid/pixels/random-points", test_pixels_random_points);
  g_test_add_func ("/hex-grid/pixels/corners", test_pixels_corners);
  g_test_add_func ("/hex-grid/pixels/hexside-at-point", test_pixels_hexside_at_point);
  g_test_add_func ("/hex-grid/pixels/extent", test_pixels_extent);
  g_test_add_func ("/hex-grid/hexside-path/examples", test_hexside_path_examples);
  g_test_add_func ("/hex-grid/hexside-path/properties", test_hexside_path_properties);
  g_test_add_func ("/hex-grid/line/examples", test_line_examples);
  g_test_add_func ("/hex-grid/line/properties", test_line_properties);
  /* Timing means nothing under sanitizers: run with -m perf on an optimised build. */
  if (g_test_perf ())
    g_test_add_func ("/hex-grid/line/perf", test_line_perf);

  return g_test_run ();
}
