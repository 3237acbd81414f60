/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-grid.c: geometry of a hex-and-counter map.
 *
 * Offset coordinates (column, row) are what the map prints, but their neighbours
 * depend on the parity of the column (row), so everything is computed in axial
 * coordinates (q, r), with the third cube coordinate s = -q - r implied.
 * See https://www.redblobgames.com/grids/hexagons/ for the conversions.
 */
#define G_LOG_DOMAIN "gbacw-hex-grid"

#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "gbacw"
#endif

#include "gbacw-hex-grid.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (gbacw-grid-error-quark, gbacw_grid_error)

#define SQRT3   1.73205080756887729353
#define SQRT3_2 0.86602540378443864676

/* Number of directions a hex owns in the hexside id space: the other three belong
 * to the neighbour on that side. */
#define OWNED_DIRECTIONS 3

typedef struct { int q, r; } Axial;

/* Axial steps for each direction, clockwise from the first direction. */
static const Axial flat_steps[GBACW_HEX_DIRECTIONS] = {
  { 0, -1 },  /* n */
  { 1, -1 },  /* ne */
  { 1, 0 },   /* se */
  { 0, 1 },   /* s */
  { -1, 1 },  /* sw */
  { -1, 0 },  /* nw */
};

static const Axial pointy_steps[GBACW_HEX_DIRECTIONS] = {
  { 1, -1 },  /* ne */
  { 1, 0 },   /* e */
  { 0, 1 },   /* se */
  { -1, 1 },  /* sw */
  { -1, 0 },  /* w */
  { 0, -1 },  /* nw */
};

/* Unit vectors from a hex centre towards the middle of each hexside (y down). */
static const double flat_side_vectors[GBACW_HEX_DIRECTIONS][2] = {
  { 0.0, -1.0 }, { SQRT3_2, -0.5 }, { SQRT3_2, 0.5 },
  { 0.0, 1.0 }, { -SQRT3_2, 0.5 }, { -SQRT3_2, -0.5 },
};

static const double pointy_side_vectors[GBACW_HEX_DIRECTIONS][2] = {
  { 0.5, -SQRT3_2 }, { 1.0, 0.0 }, { 0.5, SQRT3_2 },
  { -0.5, SQRT3_2 }, { -1.0, 0.0 }, { -0.5, -SQRT3_2 },
};

/* Vertices: corner i sits 30 degrees anticlockwise of direction i, where hexside i starts
 * when going round the hex clockwise. */
static const double flat_corner_vectors[GBACW_HEX_DIRECTIONS][2] = {
  { -0.5, -SQRT3_2 }, { 0.5, -SQRT3_2 }, { 1.0, 0.0 },
  { 0.5, SQRT3_2 }, { -0.5, SQRT3_2 }, { -1.0, 0.0 },
};

static const double pointy_corner_vectors[GBACW_HEX_DIRECTIONS][2] = {
  { 0.0, -1.0 }, { SQRT3_2, -0.5 }, { SQRT3_2, 0.5 },
  { 0.0, 1.0 }, { -SQRT3_2, 0.5 }, { -SQRT3_2, -0.5 },
};

static const char *const flat_direction_names[GBACW_HEX_DIRECTIONS] = {
  "n", "ne", "se", "s", "sw", "nw",
};

static const char *const pointy_direction_names[GBACW_HEX_DIRECTIONS] = {
  "ne", "e", "se", "sw", "w", "nw",
};

static inline const Axial *
steps_for (const GbacwHexGrid *grid)
{
  return grid->orientation == GBACW_GRID_POINTY_ROWS ? pointy_steps : flat_steps;
}

/* Whether a column (flat) or row (pointy) is the one drawn half a hex down (right). */
static inline gboolean
line_is_shifted (const GbacwHexGrid *grid, int line)
{
  gboolean odd = (line & 1) != 0;   /* two's complement: also right for negative lines */
  return grid->shift == GBACW_SHIFT_ODD ? odd : !odd;
}

/* Offset <-> axial. Offset (0,0) is axial (0,0) in every layout. The subtracted terms
 * are always even, so the division is exact even for negative (off-map) coordinates. */
static inline Axial
offset_to_axial (const GbacwHexGrid *grid, GbacwHex hex)
{
  Axial axial;

  if (grid->orientation == GBACW_GRID_POINTY_ROWS)
    {
      int half = grid->shift == GBACW_SHIFT_ODD ? (hex.row - (hex.row & 1)) / 2
                                                : (hex.row + (hex.row & 1)) / 2;
      axial.q = hex.col - half;
      axial.r = hex.row;
    }
  else
    {
      int half = grid->shift == GBACW_SHIFT_ODD ? (hex.col - (hex.col & 1)) / 2
                                                : (hex.col + (hex.col & 1)) / 2;
      axial.q = hex.col;
      axial.r = hex.row - half;
    }
  return axial;
}

static inline GbacwHex
axial_to_offset (const GbacwHexGrid *grid, Axial axial)
{
  GbacwHex hex;

  if (grid->orientation == GBACW_GRID_POINTY_ROWS)
    {
      int half = grid->shift == GBACW_SHIFT_ODD ? (axial.r - (axial.r & 1)) / 2
                                                : (axial.r + (axial.r & 1)) / 2;
      hex.col = axial.q + half;
      hex.row = axial.r;
    }
  else
    {
      int half = grid->shift == GBACW_SHIFT_ODD ? (axial.q - (axial.q & 1)) / 2
                                                : (axial.q + (axial.q & 1)) / 2;
      hex.col = axial.q;
      hex.row = axial.r + half;
    }
  return hex;
}

static inline int
axial_distance (Axial a, Axial b)
{
  int dq = b.q - a.q;
  int dr = b.r - a.r;
  return (abs (dq) + abs (dr) + abs (dq + dr)) / 2;
}

static inline int
axial_direction (const GbacwHexGrid *grid, Axial from, Axial to)
{
  const Axial *steps = steps_for (grid);
  int dq = to.q - from.q;
  int dr = to.r - from.r;

  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    if (steps[d].q == dq && steps[d].r == dr)
      return d;
  return -1;
}

/* Round fractional cube coordinates to the hex containing the point: round each
 * coordinate, then recompute the one that moved most so that they sum to zero again. */
static inline Axial
cube_round (double x, double y, double z)
{
  double rx = floor (x + 0.5);
  double ry = floor (y + 0.5);
  double rz = floor (z + 0.5);
  double dx = fabs (rx - x);
  double dy = fabs (ry - y);
  double dz = fabs (rz - z);

  if (dx > dy && dx > dz)
    rx = -ry - rz;
  else if (dy <= dz)
    rz = -rx - ry;
  /* else y was the worst; it is implied, nothing to fix */

  return (Axial) { (int) rx, (int) rz };
}

/* ------------------------------------------------------------------ basics */

void
gbacw_hex_grid_init_default (GbacwHexGrid *grid, int columns, int rows)
{
  g_return_if_fail (grid != NULL);

  grid->orientation = GBACW_GRID_FLAT_COLUMNS;
  grid->shift = GBACW_SHIFT_ODD;
  grid->columns = columns;
  grid->rows = rows;
  grid->first_number = 1;
  grid->digits = 2;
}

gboolean
gbacw_hex_grid_validate (const GbacwHexGrid *grid, GError **error)
{
  int largest_label;
  int limit = 1;

  g_return_val_if_fail (grid != NULL, FALSE);

  if (grid->orientation != GBACW_GRID_FLAT_COLUMNS && grid->orientation != GBACW_GRID_POINTY_ROWS)
    {
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   _("Unknown grid orientation %d"), (int) grid->orientation);
      return FALSE;
    }
  if (grid->shift != GBACW_SHIFT_ODD && grid->shift != GBACW_SHIFT_EVEN)
    {
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   _("Unknown grid shift %d"), (int) grid->shift);
      return FALSE;
    }
  if (grid->columns < 1 || grid->columns > GBACW_GRID_MAX_SIZE
      || grid->rows < 1 || grid->rows > GBACW_GRID_MAX_SIZE)
    {
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   _("Map size %d × %d is out of range: columns and rows must be 1 to %d"),
                   grid->columns, grid->rows, GBACW_GRID_MAX_SIZE);
      return FALSE;
    }
  if (grid->first_number != 0 && grid->first_number != 1)
    {
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   _("The first column and row number is %d; it must be 0 or 1"),
                   grid->first_number);
      return FALSE;
    }
  if (grid->digits < 1 || grid->digits > 3)
    {
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "Labels have %d digit per coordinate; it must be 1 to 3",
                                "Labels have %d digits per coordinate; it must be 1 to 3", grid->digits),
                   grid->digits);
      return FALSE;
    }

  for (int i = 0; i < grid->digits; i++)
    limit *= 10;
  largest_label = grid->first_number + MAX (grid->columns, grid->rows) - 1;
  if (largest_label >= limit)
    {
      g_autofree char *columns = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d column", "%d columns", grid->columns),
                                                  grid->columns);
      g_autofree char *rows = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d row", "%d rows", grid->rows), grid->rows);
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   /* TRANSLATORS: the digits, "N columns", "N rows", the largest number */
                   g_dngettext (GETTEXT_PACKAGE, "Labels with %d digit per coordinate cannot number %s and %s "
                                "(the largest number would be %d)",
                                "Labels with %d digits per coordinate cannot number %s and %s "
                                "(the largest number would be %d)", grid->digits),
                   grid->digits, columns, rows, largest_label);
      return FALSE;
    }
  return TRUE;
}

gboolean
gbacw_hex_grid_contains (const GbacwHexGrid *grid, GbacwHex hex)
{
  return hex.col >= 0 && hex.col < grid->columns && hex.row >= 0 && hex.row < grid->rows;
}

int
gbacw_hex_grid_n_hexes (const GbacwHexGrid *grid)
{
  return grid->columns * grid->rows;
}

int
gbacw_hex_grid_index (const GbacwHexGrid *grid, GbacwHex hex)
{
  if (!gbacw_hex_grid_contains (grid, hex))
    return -1;
  return hex.row * grid->columns + hex.col;
}

GbacwHex
gbacw_hex_grid_hex_at (const GbacwHexGrid *grid, int index)
{
  GbacwHex hex = { 0, 0 };

  g_return_val_if_fail (index >= 0 && index < gbacw_hex_grid_n_hexes (grid), hex);

  hex.col = index % grid->columns;
  hex.row = index / grid->columns;
  return hex;
}

/* ------------------------------------------------------------------ labels */

char *
gbacw_hex_grid_format_label (const GbacwHexGrid *grid, GbacwHex hex)
{
  return g_strdup_printf ("%0*d%0*d",
                          grid->digits, hex.col + grid->first_number,
                          grid->digits, hex.row + grid->first_number);
}

gboolean
gbacw_hex_grid_parse_label (const GbacwHexGrid *grid, const char *label, GbacwHex *out, GError **error)
{
  int numbers[2] = { 0, 0 };   /* column, row as printed */
  size_t length;

  g_return_val_if_fail (grid != NULL, FALSE);

  if (label == NULL)
    label = "";
  length = strlen (label);

  if (length != (size_t) (2 * grid->digits))
    {
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE, "Hex label “%s” must have %d digit: %d for the column, then %d for the row",
                                "Hex label “%s” must have %d digits: %d for the column, then %d for the row",
                                2 * grid->digits),
                   label, 2 * grid->digits, grid->digits, grid->digits);
      return FALSE;
    }

  for (size_t i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (label[i]))
        {
          g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                       _("Hex label “%s” must have only digits"), label);
          return FALSE;
        }
      numbers[i / (size_t) grid->digits] = numbers[i / (size_t) grid->digits] * 10 + (label[i] - '0');
    }

  if (numbers[0] < grid->first_number || numbers[0] >= grid->first_number + grid->columns)
    {
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   _("Hex label “%s” is off the map: columns are numbered %d to %d"),
                   label, grid->first_number, grid->first_number + grid->columns - 1);
      return FALSE;
    }
  if (numbers[1] < grid->first_number || numbers[1] >= grid->first_number + grid->rows)
    {
      g_set_error (error, GBACW_GRID_ERROR, GBACW_GRID_ERROR_INVALID,
                   _("Hex label “%s” is off the map: rows are numbered %d to %d"),
                   label, grid->first_number, grid->first_number + grid->rows - 1);
      return FALSE;
    }

  if (out != NULL)
    {
      out->col = numbers[0] - grid->first_number;
      out->row = numbers[1] - grid->first_number;
    }
  return TRUE;
}

/* -------------------------------------------------------------- directions */

GbacwHex
gbacw_hex_grid_neighbour (const GbacwHexGrid *grid, GbacwHex hex, int direction)
{
  Axial axial;
  const Axial *step;

  g_return_val_if_fail (direction >= 0 && direction < GBACW_HEX_DIRECTIONS, hex);

  axial = offset_to_axial (grid, hex);
  step = &steps_for (grid)[direction];
  axial.q += step->q;
  axial.r += step->r;
  return axial_to_offset (grid, axial);
}

int
gbacw_hex_grid_direction_to (const GbacwHexGrid *grid, GbacwHex from, GbacwHex to)
{
  return axial_direction (grid, offset_to_axial (grid, from), offset_to_axial (grid, to));
}

const char *
gbacw_hex_direction_name (GbacwGridOrientation orientation, int direction)
{
  if (direction < 0 || direction >= GBACW_HEX_DIRECTIONS)
    return NULL;
  return orientation == GBACW_GRID_POINTY_ROWS ? pointy_direction_names[direction]
                                               : flat_direction_names[direction];
}

int
gbacw_hex_direction_parse (GbacwGridOrientation orientation, const char *name)
{
  if (name == NULL)
    return -1;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    if (g_ascii_strcasecmp (name, gbacw_hex_direction_name (orientation, d)) == 0)
      return d;
  return -1;
}

/* 9.23: the range counts the target hex but not the firing hex, which is exactly the
 * number of steps from one hex to the other. */
void
gbacw_hex_grid_step_between (const GbacwHexGrid *grid, GbacwHex from, GbacwHex to, int *dq, int *dr)
{
  Axial a = offset_to_axial (grid, from), b = offset_to_axial (grid, to);

  *dq = b.q - a.q;
  *dr = b.r - a.r;
}

GbacwHex
gbacw_hex_grid_step (const GbacwHexGrid *grid, GbacwHex from, int dq, int dr)
{
  Axial a = offset_to_axial (grid, from);

  return axial_to_offset (grid, (Axial) { a.q + dq, a.r + dr });
}

int
gbacw_hex_grid_distance (const GbacwHexGrid *grid, GbacwHex a, GbacwHex b)
{
  return axial_distance (offset_to_axial (grid, a), offset_to_axial (grid, b));
}

void
gbacw_hex_grid_within (const GbacwHexGrid *grid, GbacwHex centre, int radius, GArray *out_hexes)
{
  Axial centre_axial;
  int first_row, last_row, first_col, last_col;

  g_return_if_fail (out_hexes != NULL);
  g_return_if_fail (g_array_get_element_size (out_hexes) == sizeof (GbacwHex));

  if (radius < 0)
    return;

  /* One step changes the column and the row by at most one each, so the hexes
   * within the radius lie in this offset box; walking it row by row gives index order. */
  centre_axial = offset_to_axial (grid, centre);
  first_row = MAX (0, centre.row - radius);
  last_row = MIN (grid->rows - 1, centre.row + radius);
  first_col = MAX (0, centre.col - radius);
  last_col = MIN (grid->columns - 1, centre.col + radius);

  for (int row = first_row; row <= last_row; row++)
    for (int col = first_col; col <= last_col; col++)
      {
        GbacwHex hex = { col, row };

        if (axial_distance (centre_axial, offset_to_axial (grid, hex)) <= radius)
          g_array_append_val (out_hexes, hex);
      }
}

/* ---------------------------------------------------------------- hexsides */

guint32
gbacw_hex_grid_n_hexside_ids (const GbacwHexGrid *grid)
{
  return (guint32) (grid->columns + 2) * (guint32) (grid->rows + 2) * OWNED_DIRECTIONS;
}

/* The id of a hexside given by the hex that owns it (direction 0..2 from it). */
static inline GbacwHexsideId
owned_hexside_id (const GbacwHexGrid *grid, GbacwHex owner, int owned_direction)
{
  int extended_col = owner.col + 1;
  int extended_row = owner.row + 1;
  int extended_columns = grid->columns + 2;

  if (extended_col < 0 || extended_col >= extended_columns
      || extended_row < 0 || extended_row >= grid->rows + 2)
    return GBACW_HEXSIDE_NONE;

  return ((guint32) extended_row * (guint32) extended_columns + (guint32) extended_col)
         * OWNED_DIRECTIONS + (guint32) owned_direction;
}

/* Same as gbacw_hex_grid_hexside() but from axial coordinates, for the line. */
static inline GbacwHexsideId
axial_hexside (const GbacwHexGrid *grid, Axial hex, int direction)
{
  if (direction < OWNED_DIRECTIONS)
    return owned_hexside_id (grid, axial_to_offset (grid, hex), direction);

  /* The other three sides belong to the neighbour, as its opposite direction. */
  hex.q += steps_for (grid)[direction].q;
  hex.r += steps_for (grid)[direction].r;
  return owned_hexside_id (grid, axial_to_offset (grid, hex), direction - OWNED_DIRECTIONS);
}

GbacwHexsideId
gbacw_hex_grid_hexside (const GbacwHexGrid *grid, GbacwHex hex, int direction)
{
  g_return_val_if_fail (direction >= 0 && direction < GBACW_HEX_DIRECTIONS, GBACW_HEXSIDE_NONE);

  if (direction < OWNED_DIRECTIONS)
    return owned_hexside_id (grid, hex, direction);
  return owned_hexside_id (grid, gbacw_hex_grid_neighbour (grid, hex, direction),
                           direction - OWNED_DIRECTIONS);
}

gboolean
gbacw_hex_grid_hexside_hexes (const GbacwHexGrid *grid, GbacwHexsideId id, GbacwHex *a, int *direction_from_a, GbacwHex *b)
{
  guint32 extended_index;
  int direction;
  GbacwHex owner;

  if (id >= gbacw_hex_grid_n_hexside_ids (grid))
    return FALSE;

  extended_index = id / OWNED_DIRECTIONS;
  direction = (int) (id % OWNED_DIRECTIONS);
  owner.col = (int) (extended_index % (guint32) (grid->columns + 2)) - 1;
  owner.row = (int) (extended_index / (guint32) (grid->columns + 2)) - 1;

  if (a != NULL)
    *a = owner;
  if (direction_from_a != NULL)
    *direction_from_a = direction;
  if (b != NULL)
    *b = gbacw_hex_grid_neighbour (grid, owner, direction);
  return TRUE;
}

gboolean
gbacw_hex_grid_hexside_on_map (const GbacwHexGrid *grid, GbacwHexsideId id)
{
  GbacwHex a, b;

  if (!gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b))
    return FALSE;
  return gbacw_hex_grid_contains (grid, a) || gbacw_hex_grid_contains (grid, b);
}

/* ------------------------------------------------------------------- pixels */

guint
gbacw_hex_grid_hexside_neighbours (const GbacwHexGrid *grid, GbacwHexsideId id, GbacwHexsideId out[4])
{
  GbacwHex a, b;
  int d;
  guint n = 0;

  if (!gbacw_hex_grid_hexside_hexes (grid, id, &a, &d, &b))
    return 0;
  /* at each end of it one hexside of each of its two hexes: corner d of a is shared with
   * a's hexside d - 1 and b's hexside opposite (d) + 1, corner d + 1 with the others */
  for (int k = 0; k < 4; k++)
    {
      GbacwHex hex = k < 2 ? a : b;
      int base = k < 2 ? d : gbacw_hex_direction_opposite (d);
      int dir = (base + (k % 2 == 0 ? GBACW_HEX_DIRECTIONS - 1 : 1)) % GBACW_HEX_DIRECTIONS;
      GbacwHexsideId other = gbacw_hex_grid_hexside (grid, hex, dir);

      if (other != GBACW_HEXSIDE_NONE && gbacw_hex_grid_hexside_on_map (grid, other))
        out[n++] = other;
    }
  return n;
}

void
gbacw_hex_grid_centre (const GbacwHexGrid *grid, GbacwHex hex, double *x, double *y)
{
  double cx, cy;

  if (grid->orientation == GBACW_GRID_POINTY_ROWS)
    {
      cx = SQRT3_2 * (1 + 2 * hex.col + (line_is_shifted (grid, hex.row) ? 1 : 0));
      cy = 1.0 + 1.5 * hex.row;
    }
  else
    {
      cx = 1.0 + 1.5 * hex.col;
      cy = SQRT3_2 * (1 + 2 * hex.row + (line_is_shifted (grid, hex.col) ? 1 : 0));
    }
  if (x != NULL)
    *x = cx;
  if (y != NULL)
    *y = cy;
}

void
gbacw_hex_grid_corner (const GbacwHexGrid *grid, GbacwHex hex, int corner, double *x, double *y)
{
  const double (*vectors)[2];
  double cx, cy;

  g_return_if_fail (corner >= 0 && corner < GBACW_HEX_DIRECTIONS);

  vectors = grid->orientation == GBACW_GRID_POINTY_ROWS ? pointy_corner_vectors : flat_corner_vectors;
  gbacw_hex_grid_centre (grid, hex, &cx, &cy);
  if (x != NULL)
    *x = cx + vectors[corner][0];
  if (y != NULL)
    *y = cy + vectors[corner][1];
}

GbacwHex
gbacw_hex_grid_hex_at_point (const GbacwHexGrid *grid, double x, double y)
{
  GbacwHex origin_hex = { 0, 0 };
  double origin_x, origin_y, q, r;

  /* Axial (0,0) is offset (0,0); measure from its centre. */
  gbacw_hex_grid_centre (grid, origin_hex, &origin_x, &origin_y);
  x -= origin_x;
  y -= origin_y;

  if (grid->orientation == GBACW_GRID_POINTY_ROWS)
    {
      r = y / 1.5;
      q = x / SQRT3 - r / 2;
    }
  else
    {
      q = x / 1.5;
      r = y / SQRT3 - q / 2;
    }
  return axial_to_offset (grid, cube_round (q, -q - r, r));
}

GbacwHexsideId
gbacw_hex_grid_hexside_at_point (const GbacwHexGrid *grid, double x, double y, GbacwHex *hex_out, int *direction_out)
{
  const double (*vectors)[2];
  GbacwHex hex = gbacw_hex_grid_hex_at_point (grid, x, y);
  double cx, cy;
  double best_dot = -G_MAXDOUBLE;
  int best = 0;

  /* Inside a regular hexagon the nearest side is the one whose outward normal points
   * most nearly towards the point. */
  vectors = grid->orientation == GBACW_GRID_POINTY_ROWS ? pointy_side_vectors : flat_side_vectors;
  gbacw_hex_grid_centre (grid, hex, &cx, &cy);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      double dot = (x - cx) * vectors[d][0] + (y - cy) * vectors[d][1];
      if (dot > best_dot)
        {
          best_dot = dot;
          best = d;
        }
    }

  if (hex_out != NULL)
    *hex_out = hex;
  if (direction_out != NULL)
    *direction_out = best;
  return gbacw_hex_grid_hexside (grid, hex, best);
}

void
gbacw_hex_grid_nearest_corner (const GbacwHexGrid *grid, double x, double y, double *vx, double *vy)
{
  GbacwHex hex = gbacw_hex_grid_hex_at_point (grid, x, y);
  double best = G_MAXDOUBLE;

  *vx = x;
  *vy = y;
  for (int i = 0; i < GBACW_HEX_DIRECTIONS; i++)
    {
      double cx, cy, d;

      gbacw_hex_grid_corner (grid, hex, i, &cx, &cy);
      d = hypot (cx - x, cy - y);
      if (d < best)
        {
          best = d;
          *vx = cx;
          *vy = cy;
        }
    }
}

/* ------------------------------------------------------------ hexside paths */

/* Vertices are found by position: they are at least one hex radius apart, so an eighth of
 * a radius tells them apart, and every coordinate of an extended grid of up to 999 hexes a
 * side fits 16 bits at that resolution. */
static guint32
vertex_key (double x, double y)
{
  guint32 kx = (guint32) (lround (x * 8) + 32768) & 0xffff;
  guint32 ky = (guint32) (lround (y * 8) + 32768) & 0xffff;

  return kx << 16 | ky;
}

typedef struct {
  double x, y;
  int parent;            /* index of the node reached from, -1 for a start */
  GbacwHexsideId via;    /* the hexside walked from the parent */
} PathNode;

/* The three edges at vertex (x, y): the corners they lead to and their hexsides
 * (GBACW_HEXSIDE_NONE where the edge has no id). FALSE if (x, y) is no vertex. */
static gboolean
vertex_edges (const GbacwHexGrid *grid, double x, double y, double next[3][2], GbacwHexsideId via[3])
{
  GbacwHex around = gbacw_hex_grid_hex_at_point (grid, x, y);

  /* The vertex is a corner of the hex found at it or of one of that hex's neighbours. */
  for (int n = -1; n < GBACW_HEX_DIRECTIONS; n++)
    {
      GbacwHex hex = n < 0 ? around : gbacw_hex_grid_neighbour (grid, around, n);

      for (int i = 0; i < GBACW_HEX_DIRECTIONS; i++)
        {
          int before = (i + GBACW_HEX_DIRECTIONS - 1) % GBACW_HEX_DIRECTIONS;
          GbacwHex a, b;
          double cx, cy;

          gbacw_hex_grid_corner (grid, hex, i, &cx, &cy);
          if (fabs (cx - x) > 1e-6 || fabs (cy - y) > 1e-6)
            continue;
          /* Corner i starts hexside i and ends hexside i - 1; the third edge runs between
           * the hexes across those two, straight away from this hex's centre. */
          gbacw_hex_grid_corner (grid, hex, (i + 1) % GBACW_HEX_DIRECTIONS, &next[0][0], &next[0][1]);
          via[0] = gbacw_hex_grid_hexside (grid, hex, i);
          gbacw_hex_grid_corner (grid, hex, before, &next[1][0], &next[1][1]);
          via[1] = gbacw_hex_grid_hexside (grid, hex, before);
          gbacw_hex_grid_centre (grid, hex, &cx, &cy);
          next[2][0] = 2 * x - cx;
          next[2][1] = 2 * y - cy;
          a = gbacw_hex_grid_neighbour (grid, hex, before);
          b = gbacw_hex_grid_neighbour (grid, hex, i);
          via[2] = gbacw_hex_grid_hexside (grid, a, gbacw_hex_grid_direction_to (grid, a, b));
          return TRUE;
        }
    }
  return FALSE;
}

/* Breadth-first over the map's hexsides from the start vertices to the first of the goal
 * vertices reached; appends the steps walked. */
static gboolean
vertex_path (const GbacwHexGrid *grid, const double (*starts)[2], int n_starts, const double (*goals)[2],
             int n_goals, double *goal_x, double *goal_y, GArray *out_steps)
{
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (PathNode));
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) goal_keys = g_hash_table_new (NULL, NULL);
  guint head = 0;
  int found = -1;

  for (int g = 0; g < n_goals; g++)
    g_hash_table_add (goal_keys, GUINT_TO_POINTER (vertex_key (goals[g][0], goals[g][1])));
  for (int s = 0; s < n_starts; s++)
    {
      PathNode node = { starts[s][0], starts[s][1], -1, GBACW_HEXSIDE_NONE };
      guint32 key = vertex_key (node.x, node.y);

      if (!g_hash_table_add (seen, GUINT_TO_POINTER (key)))
        continue;
      g_array_append_val (nodes, node);
      if (found < 0 && g_hash_table_contains (goal_keys, GUINT_TO_POINTER (key)))
        found = (int) nodes->len - 1;
    }

  while (found < 0 && head < nodes->len)
    {
      PathNode here = g_array_index (nodes, PathNode, head);
      double next[3][2];
      GbacwHexsideId via[3];

      if (vertex_edges (grid, here.x, here.y, next, via))
        for (int e = 0; e < 3 && found < 0; e++)
          {
            PathNode node = { next[e][0], next[e][1], (int) head, via[e] };
            guint32 key = vertex_key (node.x, node.y);

            if (via[e] == GBACW_HEXSIDE_NONE || !gbacw_hex_grid_hexside_on_map (grid, via[e]) ||
                !g_hash_table_add (seen, GUINT_TO_POINTER (key)))
              continue;
            g_array_append_val (nodes, node);
            if (g_hash_table_contains (goal_keys, GUINT_TO_POINTER (key)))
              found = (int) nodes->len - 1;
          }
      head++;
    }
  if (found < 0)
    return FALSE;

  *goal_x = g_array_index (nodes, PathNode, found).x;
  *goal_y = g_array_index (nodes, PathNode, found).y;
  {
    guint first = out_steps->len;
    guint n = 0;

    for (int i = found; g_array_index (nodes, PathNode, i).parent >= 0; i = g_array_index (nodes, PathNode, i).parent)
      n++;
    g_array_set_size (out_steps, first + n);
    for (int i = found; g_array_index (nodes, PathNode, i).parent >= 0; i = g_array_index (nodes, PathNode, i).parent)
      {
        const PathNode *node = &g_array_index (nodes, PathNode, i);
        const PathNode *parent = &g_array_index (nodes, PathNode, node->parent);
        GbacwHexsideStep *step = &g_array_index (out_steps, GbacwHexsideStep, first + --n);

        step->hexside = node->via;
        step->x0 = parent->x;
        step->y0 = parent->y;
        step->x1 = node->x;
        step->y1 = node->y;
      }
  }
  return TRUE;
}

gboolean
gbacw_hex_grid_corner_path (const GbacwHexGrid *grid, double x0, double y0, double x1, double y1, GArray *out_steps)
{
  double start[1][2], goal[1][2], gx, gy;

  g_return_val_if_fail (out_steps != NULL, FALSE);

  gbacw_hex_grid_nearest_corner (grid, x0, y0, &start[0][0], &start[0][1]);
  gbacw_hex_grid_nearest_corner (grid, x1, y1, &goal[0][0], &goal[0][1]);
  return vertex_path (grid, start, 1, goal, 1, &gx, &gy, out_steps);
}

/* The corners of hexside id, in clockwise order around its owning hex. */
static gboolean
hexside_corners (const GbacwHexGrid *grid, GbacwHexsideId id, double corners[2][2])
{
  GbacwHex a;
  int direction;

  if (!gbacw_hex_grid_hexside_on_map (grid, id) || !gbacw_hex_grid_hexside_hexes (grid, id, &a, &direction, NULL))
    return FALSE;
  gbacw_hex_grid_corner (grid, a, direction, &corners[0][0], &corners[0][1]);
  gbacw_hex_grid_corner (grid, a, (direction + 1) % GBACW_HEX_DIRECTIONS, &corners[1][0], &corners[1][1]);
  return TRUE;
}

gboolean
gbacw_hex_grid_hexside_path (const GbacwHexGrid *grid, GbacwHexsideId from, GbacwHexsideId to, GArray *out_steps)
{
  double from_corners[2][2], to_corners[2][2], gx, gy;
  GbacwHexsideStep last;

  g_return_val_if_fail (out_steps != NULL, FALSE);

  if (!hexside_corners (grid, from, from_corners) || !hexside_corners (grid, to, to_corners))
    return FALSE;
  if (from == to)
    return TRUE;
  if (!vertex_path (grid, (const double (*)[2]) from_corners, 2, (const double (*)[2]) to_corners, 2, &gx, &gy,
                    out_steps))
    return FALSE;
  /* The walk ends at one end of to; to itself runs on to the other. */
  last.hexside = to;
  last.x0 = gx;
  last.y0 = gy;
  if (vertex_key (gx, gy) == vertex_key (to_corners[0][0], to_corners[0][1]))
    {
      last.x1 = to_corners[1][0];
      last.y1 = to_corners[1][1];
    }
  else
    {
      last.x1 = to_corners[0][0];
      last.y1 = to_corners[0][1];
    }
  g_array_append_val (out_steps, last);
  return TRUE;
}

void
gbacw_hex_grid_extent (const GbacwHexGrid *grid, double *width, double *height)
{
  double w, h;
  /* The lowest (rightmost) hexes are those of a shifted column (row), if there is one. */
  gboolean any_shifted;

  if (grid->orientation == GBACW_GRID_POINTY_ROWS)
    {
      any_shifted = grid->shift == GBACW_SHIFT_EVEN ? grid->rows >= 1 : grid->rows >= 2;
      w = SQRT3 * grid->columns + (any_shifted ? SQRT3_2 : 0.0);
      h = 1.5 * grid->rows + 0.5;
    }
  else
    {
      any_shifted = grid->shift == GBACW_SHIFT_EVEN ? grid->columns >= 1 : grid->columns >= 2;
      w = 1.5 * grid->columns + 0.5;
      h = SQRT3 * grid->rows + (any_shifted ? SQRT3_2 : 0.0);
    }
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
}

/* --------------------------------------------------------------------- line */

/* The line is walked hex by hex with exact integer arithmetic, so that lines running
 * along hexsides or through vertices are recognised exactly and no hex the line
 * passes through is missed (sampling the line at each unit of distance misses the
 * hexes whose corner it cuts).
 *
 * In cube coordinates (x, y, z) = (q, -q - r, r), take the pair differences
 * u0 = x - y, u1 = y - z, u2 = z - x. A point is in hex h when |u_k - u_k(h)| <= 1 for
 * each k: the hexsides lie on the lines u_k = u_k(h) +- 1. Along the line
 * P(t) = A + t D (0 <= t <= 1) each u_k is linear in t, so the time at which the line
 * leaves h through each family of hexsides is a fraction that can be compared exactly. */

typedef struct { gint64 x, y, z; } Cube;

static inline Cube
axial_to_cube (Axial axial)
{
  return (Cube) { axial.q, -(gint64) axial.q - axial.r, axial.r };
}

static inline Axial
cube_to_axial (Cube cube)
{
  return (Axial) { (int) cube.x, (int) cube.z };
}

static inline gint64
cube_pair (Cube cube, int k)
{
  switch (k)
    {
    case 0: return cube.x - cube.y;
    case 1: return cube.y - cube.z;
    default: return cube.z - cube.x;
    }
}

/* The neighbour across the hexside u_k = u_k(h) + sign: the unit step that changes
 * u_k by 2 * sign. */
static inline Cube
cube_across (Cube hex, int k, int sign)
{
  static const int raise[3][3] = { { 1, -1, 0 }, { 0, 1, -1 }, { -1, 0, 1 } };

  hex.x += sign * raise[k][0];
  hex.y += sign * raise[k][1];
  hex.z += sign * raise[k][2];
  return hex;
}

static inline gboolean
cube_equal (Cube a, Cube b)
{
  return a.x == b.x && a.y == b.y && a.z == b.z;
}

typedef struct {
  const GbacwHexGrid *grid;
  GArray *out;
  Axial previous;            /* the last normal step */
  gboolean previous_along;   /* an along step came after it */
} LineBuilder;

static inline void
line_add_normal (LineBuilder *builder, Cube cube)
{
  Axial hex = cube_to_axial (cube);
  GbacwLineStep step;

  step.hex = axial_to_offset (builder->grid, hex);
  step.other = step.hex;
  step.along_hexside = FALSE;
  if (builder->previous_along)
    step.hexside = GBACW_HEXSIDE_NONE;   /* the line came out of a vertex, not through a hexside */
  else
    step.hexside = axial_hexside (builder->grid, builder->previous,
                                  axial_direction (builder->grid, builder->previous, hex));
  g_array_append_val (builder->out, step);

  builder->previous = hex;
  builder->previous_along = FALSE;
}

static inline void
line_add_along (LineBuilder *builder, Cube hex_cube, Cube other_cube)
{
  Axial hex = cube_to_axial (hex_cube);
  Axial other = cube_to_axial (other_cube);
  GbacwLineStep step;

  step.hex = axial_to_offset (builder->grid, hex);
  step.other = axial_to_offset (builder->grid, other);
  step.along_hexside = TRUE;
  step.hexside = axial_hexside (builder->grid, hex, axial_direction (builder->grid, hex, other));
  g_array_append_val (builder->out, step);

  builder->previous_along = TRUE;
}

void
gbacw_hex_grid_line (const GbacwHexGrid *grid, GbacwHex a, GbacwHex b, GArray *out_steps)
{
  LineBuilder builder;
  GbacwLineStep first;
  Cube start, end, delta, hex;
  gint64 start_pair[3], delta_pair[3];
  gint64 max_steps, n_steps = 0;

  g_return_if_fail (out_steps != NULL);
  g_return_if_fail (g_array_get_element_size (out_steps) == sizeof (GbacwLineStep));

  first.hex = a;
  first.other = a;
  first.along_hexside = FALSE;
  first.hexside = GBACW_HEXSIDE_NONE;
  g_array_append_val (out_steps, first);

  start = axial_to_cube (offset_to_axial (grid, a));
  end = axial_to_cube (offset_to_axial (grid, b));
  delta = (Cube) { end.x - start.x, end.y - start.y, end.z - start.z };
  for (int k = 0; k < 3; k++)
    {
      start_pair[k] = cube_pair (start, k);
      delta_pair[k] = cube_pair (delta, k);
    }

  builder.grid = grid;
  builder.out = out_steps;
  builder.previous = cube_to_axial (start);
  builder.previous_along = FALSE;

  /* Every hex entered is one step nearer the end in one coordinate or is a sideways
   * step that the next one cannot undo; this bound only guards against a bug. */
  max_steps = 2 * (gint64) gbacw_hex_grid_distance (grid, a, b) + 2;

  hex = start;
  while (!cube_equal (hex, end) && n_steps++ < max_steps)
    {
      /* The earliest exit time num/den over the hexside families, and which families
       * reach it: one is a hexside, two at once a vertex (three cannot meet). */
      gint64 best_num = 0, best_den = 1;
      int active[2] = { -1, -1 }, active_sign[2] = { 0, 0 };
      int n_active = 0;

      for (int k = 0; k < 3; k++)
        {
          gint64 num, den, order;
          int sign;

          if (delta_pair[k] == 0)
            continue;   /* parallel to these hexsides: never leaves through them */
          sign = delta_pair[k] > 0 ? 1 : -1;
          num = 1 + sign * (cube_pair (hex, k) - start_pair[k]);
          den = sign * delta_pair[k];

          order = n_active == 0 ? -1 : num * best_den - best_num * den;
          if (order < 0)
            {
              best_num = num;
              best_den = den;
              active[0] = k;
              active_sign[0] = sign;
              n_active = 1;
            }
          else if (order == 0 && n_active < 2)
            {
              active[1] = k;
              active_sign[1] = sign;
              n_active = 2;
            }
        }

      if (n_active == 0)
        break;   /* not reachable: delta is non-zero while hex != end */

      if (n_active == 1)
        {
          hex = cube_across (hex, active[0], active_sign[0]);
          line_add_normal (&builder, hex);
        }
      else
        {
          /* Through a vertex shared with two neighbours, which share a hexside that
           * starts at this vertex and leads away from hex. */
          Cube first_neighbour = cube_across (hex, active[0], active_sign[0]);
          Cube second_neighbour = cube_across (hex, active[1], active_sign[1]);
          gint64 towards_second = delta.x * (second_neighbour.x - first_neighbour.x)
                                  + delta.y * (second_neighbour.y - first_neighbour.y)
                                  + delta.z * (second_neighbour.z - first_neighbour.z);

          if (towards_second == 0)
            {
              /* 9.7: the line runs exactly along that hexside, touching both hexes and
               * passing through neither; at its far vertex it enters the hex opposite. */
              line_add_along (&builder, first_neighbour, second_neighbour);
              hex = (Cube) { first_neighbour.x + second_neighbour.x - hex.x,
                             first_neighbour.y + second_neighbour.y - hex.y,
                             first_neighbour.z + second_neighbour.z - hex.z };
            }
          else
            {
              /* Across the vertex into one of them; the other is only touched at a point. */
              hex = towards_second > 0 ? second_neighbour : first_neighbour;
            }
          line_add_normal (&builder, hex);
        }
    }

  g_warn_if_fail (cube_equal (hex, end));
}
