/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-grid.h: geometry of a hex-and-counter map.
 *
 * Hexes are addressed by zero-based offset coordinates (column, row) as printed on
 * the map; internally everything is done in axial/cube coordinates, where
 * neighbours, distances and straight lines are simple arithmetic.
 *
 * Nothing here allocates except the functions that return strings and the ones
 * that append to a caller's GArray: distance, neighbour and line are called in
 * the hot loops of line-of-sight and movement.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define GBACW_GRID_ERROR (gbacw_grid_error_quark ())

typedef enum {
  GBACW_GRID_ERROR_INVALID,
} GbacwGridError;

GQuark gbacw_grid_error_quark (void);

typedef enum {
  GBACW_GRID_FLAT_COLUMNS,   /* flat-topped hexes in vertical columns: SPI maps */
  GBACW_GRID_POINTY_ROWS,    /* pointy-topped hexes in horizontal rows */
} GbacwGridOrientation;

typedef enum {
  GBACW_SHIFT_ODD,   /* zero-based odd columns (flat) / rows (pointy) are shifted half a hex down (flat) / right (pointy) */
  GBACW_SHIFT_EVEN,  /* zero-based even ones are shifted */
} GbacwGridShift;

typedef struct {
  GbacwGridOrientation orientation;
  GbacwGridShift shift;
  int columns, rows;      /* map size in hexes, 1..999 */
  int first_number;       /* label of the first column/row: 0 or 1 */
  int digits;             /* digits per coordinate in labels: 2 gives "0101"; 1..3 */
} GbacwHexGrid;

#define GBACW_GRID_MAX_SIZE 999

typedef struct { int col, row; } GbacwHex;   /* zero-based offset coordinates; may be off-map */

#define GBACW_HEX_DIRECTIONS 6
/* Directions are 0..5 clockwise. Flat-topped: 0=N 1=NE 2=SE 3=S 4=SW 5=NW.
 * Pointy-topped: 0=NE 1=E 2=SE 3=SW 4=W 5=NW. The opposite of d is (d + 3) % 6. */
typedef guint32 GbacwHexsideId;
#define GBACW_HEXSIDE_NONE G_MAXUINT32

static inline gboolean
gbacw_hex_equal (GbacwHex a, GbacwHex b)
{
  return a.col == b.col && a.row == b.row;
}

static inline int
gbacw_hex_direction_opposite (int direction)
{
  return (direction + 3) % GBACW_HEX_DIRECTIONS;
}

/* Flat columns, GBACW_SHIFT_ODD, first_number 1, digits 2 (the SPI layout). */
void      gbacw_hex_grid_init_default (GbacwHexGrid *grid, int columns, int rows);
/* Size in range; digits big enough for the largest label; first_number 0/1. */
gboolean  gbacw_hex_grid_validate (const GbacwHexGrid *grid, GError **error);
gboolean  gbacw_hex_grid_contains (const GbacwHexGrid *grid, GbacwHex hex);
int       gbacw_hex_grid_n_hexes (const GbacwHexGrid *grid);
/* row * columns + col; -1 if off-map */
int       gbacw_hex_grid_index (const GbacwHexGrid *grid, GbacwHex hex);
/* Inverse of gbacw_hex_grid_index() for 0 <= index < n_hexes. */
GbacwHex  gbacw_hex_grid_hex_at (const GbacwHexGrid *grid, int index);

/* Column then row, zero-padded: col 0, row 0 with first_number 1 -> "0101".
 * Meant for on-map hexes; an off-map hex gets its (possibly negative) numbers printed as they are. */
char     *gbacw_hex_grid_format_label (const GbacwHexGrid *grid, GbacwHex hex);
/* Exactly 2*digits decimal digits; must be on the map; the error message names the label and why. */
gboolean  gbacw_hex_grid_parse_label (const GbacwHexGrid *grid, const char *label, GbacwHex *out, GError **error);

/* May be off-map. */
GbacwHex  gbacw_hex_grid_neighbour (const GbacwHexGrid *grid, GbacwHex hex, int direction);
/* 0..5 if adjacent, else -1 (also for from == to). */
int       gbacw_hex_grid_direction_to (const GbacwHexGrid *grid, GbacwHex from, GbacwHex to);
/* "n","ne","se","s","sw","nw" (flat) / "ne","e","se","sw","w","nw" (pointy); NULL if out of range. */
const char *gbacw_hex_direction_name (GbacwGridOrientation orientation, int direction);
/* Case-insensitive; -1 if unknown. */
int       gbacw_hex_direction_parse (GbacwGridOrientation orientation, const char *name);
/* The step from hex from to hex to as axial differences (*dq, *dr): the step taken from
 * another hex (gbacw_hex_grid_step ()) reaches the hex in the same place relative to it,
 * whether its column (row) is shifted or not, so that a group of hexes keeps its shape. */
void      gbacw_hex_grid_step_between (const GbacwHexGrid *grid, GbacwHex from, GbacwHex to, int *dq, int *dr);
/* The hex the step (dq, dr) of gbacw_hex_grid_step_between () reaches from hex from (may be off-map). */
GbacwHex  gbacw_hex_grid_step (const GbacwHexGrid *grid, GbacwHex from, int dq, int dr);
/* 9.23: counting the target hex but not the firing hex, i.e. the number of steps between the hexes. */
int       gbacw_hex_grid_distance (const GbacwHexGrid *grid, GbacwHex a, GbacwHex b);
/* Appends the on-map GbacwHex within radius (centre included) in index order. */
void      gbacw_hex_grid_within (const GbacwHexGrid *grid, GbacwHex centre, int radius, GArray *out_hexes);

/* Hexsides: each hexside has ONE canonical id shared by the two hexes it separates,
 * including the hexsides on the map edge (whose other hex is off-map). Ids are dense in
 * [0, gbacw_hex_grid_n_hexside_ids ()) so that callers can index arrays by them: the grid
 * is extended by one ring of off-map hexes, (columns+2)*(rows+2) hexes, each owning its
 * directions 0, 1 and 2. Not every id in range is a hexside of the map: one is if at least
 * one of its two hexes is on the map. */
guint32        gbacw_hex_grid_n_hexside_ids (const GbacwHexGrid *grid);
/* GBACW_HEXSIDE_NONE if the hexside has no id, i.e. the hex owning it is outside the extended
 * grid. That is always the case for a hex further off-map than the extended grid, except for
 * the sides it shares with a hex of the extended grid, so that the id of (hex, d) always
 * equals the id of (neighbour, opposite of d). */
GbacwHexsideId gbacw_hex_grid_hexside (const GbacwHexGrid *grid, GbacwHex hex, int direction);
/* a is the hex owning the id, b = neighbour (a, direction_from_a). Any out pointer may be NULL.
 * FALSE if id is out of range. */
gboolean       gbacw_hex_grid_hexside_hexes (const GbacwHexGrid *grid, GbacwHexsideId id, GbacwHex *a, int *direction_from_a, GbacwHex *b);
gboolean       gbacw_hex_grid_hexside_on_map (const GbacwHexGrid *grid, GbacwHexsideId id);
/* The hexsides of the map that share a corner with hexside id, two at each end: puts up to
 * four in out and returns how many (a redan or works drawn over several hexsides is joined
 * corner to corner). */
guint          gbacw_hex_grid_hexside_neighbours (const GbacwHexGrid *grid, GbacwHexsideId id, GbacwHexsideId out[4]);

/* Pixel geometry, in units where the hex's outer radius (centre to vertex) is 1.0, y down.
 * The map's bounding box starts at (0, 0): with GBACW_SHIFT_ODD hex (0,0) has its centre at
 * (1.0, sqrt(3)/2) (flat) or (sqrt(3)/2, 1.0) (pointy); with GBACW_SHIFT_EVEN hex (0,0) is the
 * shifted one, half a hex further down (flat) / right (pointy). */
void      gbacw_hex_grid_centre (const GbacwHexGrid *grid, GbacwHex hex, double *x, double *y);
/* Corner i is the clockwise-start vertex of the hexside in direction i, so hexside i runs
 * from corner i to corner (i + 1) % 6. */
void      gbacw_hex_grid_corner (const GbacwHexGrid *grid, GbacwHex hex, int corner, double *x, double *y);
/* The hex containing the point (may be off-map). */
GbacwHex  gbacw_hex_grid_hex_at_point (const GbacwHexGrid *grid, double x, double y);
/* The nearest hexside of the hex containing the point; hex_out/direction_out (may be NULL) say
 * which side of it the point is: the containing hex and the direction of the hexside from it. */
GbacwHexsideId gbacw_hex_grid_hexside_at_point (const GbacwHexGrid *grid, double x, double y, GbacwHex *hex_out, int *direction_out);
/* The hex vertex (corner) nearest the point: a corner of the hex containing it. */
void      gbacw_hex_grid_nearest_corner (const GbacwHexGrid *grid, double x, double y, double *vx, double *vy);

/* One hexside of a chain along hex edges, in the order walked: from corner (x0, y0) to
 * corner (x1, y1). */
typedef struct {
  GbacwHexsideId hexside;
  double x0, y0, x1, y1;
} GbacwHexsideStep;

/* The shortest chain of the map's hexsides (gbacw_hex_grid_hexside_on_map) from the hex
 * vertex nearest (x0, y0) to the one nearest (x1, y1), walking from corner to corner along
 * hex edges. Appends GbacwHexsideStep in walking order (none if both are the same vertex).
 * Among chains of the same length the one found first is taken, deterministically. FALSE,
 * appending nothing, if no chain over the map's hexsides joins them. */
gboolean  gbacw_hex_grid_corner_path (const GbacwHexGrid *grid, double x0, double y0, double x1, double y1,
                                      GArray *out_steps);
/* The shortest chain joining hexside from to hexside to: starts at whichever end of from
 * is nearer to to, and ends with to itself (from is not appended). Nothing is appended if
 * from == to; just to if they share a vertex. FALSE, appending nothing, if an id is not a
 * hexside of the map or no chain over the map's hexsides joins them. */
gboolean  gbacw_hex_grid_hexside_path (const GbacwHexGrid *grid, GbacwHexsideId from, GbacwHexsideId to,
                                       GArray *out_steps);
/* Bounding box of all hexes, from (0, 0). */
void      gbacw_hex_grid_extent (const GbacwHexGrid *grid, double *width, double *height);

/* The straight line between two hex centres (9.7), as a sequence of steps from a to b.
 *
 * A normal step is a hex the line passes through (every such hex, including those
 * whose corner it only cuts). Where the line runs exactly along a hexside (only possible
 * when its direction is exactly between two hex directions), the step has along_hexside
 * TRUE and names both hexes that share that hexside (hex and other, in no particular
 * order) and the hexside; the line passes through neither of them.
 *
 * A line in a hex direction or exactly between two has distance+1 steps (normal or along).
 * Other lines can have more: a line within 30 degrees of a hex direction may cut the
 * corner of a hex beside it, or cross a hexside "sideways"; every hex it enters is a step.
 * A line passing exactly through a vertex (not along a hexside) enters the hex across it;
 * the third hex at that vertex is only touched and is not a step. */
typedef struct {
  GbacwHex hex;
  GbacwHex other;            /* only when along_hexside */
  gboolean along_hexside;
  GbacwHexsideId hexside;    /* along_hexside: the hexside the line runs along; otherwise the hexside crossed from the
                                previous normal step into this hex (when the line passes through a vertex, the hexside
                                between the two hexes that ends there), or GBACW_HEXSIDE_NONE (first step, after an
                                along step where the line passes through a vertex, or a hexside with no id far off-map) */
} GbacwLineStep;

/* Appends GbacwLineStep; works for off-map hexes too. */
void      gbacw_hex_grid_line (const GbacwHexGrid *grid, GbacwHex a, GbacwHex b, GArray *out_steps);

G_END_DECLS
