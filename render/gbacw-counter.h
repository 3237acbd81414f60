/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-counter.h: unit and leader counters drawn with cairo, in the manner of the
 * printed SPI counters.
 *
 * A counter is a square in its side's colour (leaders lighter): the designation
 * at the top, a NATO-style type symbol (infantry cross, cavalry diagonal,
 * artillery dot, wagon wheels; leaders a star per command level or the army flag)
 * with the weapon type beside it, strength and morale ("?" for green) at the
 * bottom (wagons: their ammunition boxes); leaders show their ratings (ER and rally, DIR and command points).
 * The top edge, drawn heavier, is the front: with a facing the counter is turned
 * so that its top points at that hexside. Markers (column, limbered, mounted or
 * dismounted, routed, pinned, ammunition depleted, engaged, half crew,
 * abandoned) are small chips along its right edge.
 *
 * GTK-free (cairo and the model only): the map view, the order-of-battle panel
 * and `gbacw render` share it. Coordinates are the cairo context's user space;
 * on the map that is map units (hex radius 1), see gbacw_counter_render_deployment ().
 */
#pragma once

#include <cairo.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_COUNTER_TEXT     = 1 << 0,  /* designation, values and symbol details (leave out when too small to read) */
  GBACW_COUNTER_MARKERS  = 1 << 1,  /* formation and status markers of the placement */
  GBACW_COUNTER_SELECTED = 1 << 2,  /* a highlight around the counter (or the stack) */
  GBACW_COUNTER_UPRIGHT  = 1 << 3,  /* not turned to the facing (panel, fanned stacks) */
  GBACW_COUNTER_DEFAULT  = GBACW_COUNTER_TEXT | GBACW_COUNTER_MARKERS,
} GbacwCounterFlags;

/* The side of a unit counter on the map, in hex radii (it fits inside a hex at any facing). */
#define GBACW_COUNTER_SIZE 1.1

/* The angle, in radians clockwise from straight up, that turns a counter's top
 * towards the hexside in direction facing (0-5) on grid; 0 for -1 (no facing). */
double gbacw_counter_facing_angle (const GbacwHexGrid *grid, int facing);

/* Draws one counter centred at (x, y), size wide. placement (may be NULL: a
 * counter in the roster) gives the facing, current strength, formation and
 * status. */
void gbacw_counter_draw (cairo_t               *cr,
                         const GbacwScenario   *scenario,
                         const GbacwUnit       *unit,
                         const GbacwPlacement  *placement,
                         double                 x,
                         double                 y,
                         double                 size,
                         guint                  flags);

/* Appends the placements at hex to out (GbacwPlacement*, not owned), top first. */
void gbacw_counter_stack_at (const GbacwScenario *scenario, int hex, GPtrArray *out);

/* A stack (placements top first): the top counter, the edges of up to two below it,
 * and a "+N" badge at the top right counting the counters under the top one. */
void gbacw_counter_draw_stack (cairo_t                      *cr,
                               const GbacwScenario          *scenario,
                               const GbacwPlacement *const  *stack,
                               guint                         n,
                               double                        x,
                               double                        y,
                               double                        size,
                               guint                         flags);

/* The stack fanned out for hover or selection: every counter upright, side by side
 * (rows of four, top of the stack first) on a pale backdrop centred on (x, y), each
 * with an arrow towards its facing. extent (may be NULL) receives the backdrop. */
void gbacw_counter_draw_fan (cairo_t                      *cr,
                             const GbacwScenario          *scenario,
                             const GbacwPlacement *const  *stack,
                             guint                         n,
                             double                        x,
                             double                        y,
                             double                        size,
                             guint                         flags,
                             cairo_rectangle_t            *extent);
/* Centre of counter index of a fan of n. */
void gbacw_counter_fan_position (guint n, double x, double y, double size, guint index, double *cx, double *cy);
/* The index of the fanned counter under (px, py), or -1. */
int  gbacw_counter_fan_hit (guint n, double x, double y, double size, double px, double py);

/* Draws every stack of the deployment whose hex intersects visible (map units;
 * NULL = all) in map units (hex radius 1), for a context scaled by scale pixels per
 * map unit: text only when counters are at least 24 pixels wide. The stack at
 * fanned_hex (-1: none) is drawn fanned, over everything else; the stack holding
 * selected_unit (NULL: none) is highlighted. */
void gbacw_counter_render_deployment (cairo_t                 *cr,
                                      const GbacwScenario     *scenario,
                                      double                   scale,
                                      const cairo_rectangle_t *visible,
                                      int                      fanned_hex,
                                      const char              *selected_unit);

G_END_DECLS
