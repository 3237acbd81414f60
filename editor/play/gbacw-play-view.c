/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-view.c: the window's test-play mode (see gbacw-play-view.h): the selection and
 * what it can do, the counters and the overlay on the map, the bars, the computer's turn
 * in slices, the session and the sections bound to it. Its actions are in
 * gbacw-play-view-actions.c. */
#define G_LOG_DOMAIN "gbacw-play-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-counter.h"
#include "gbacw-hex-path.h"
#include "gbacw-map-renderer.h"
#include "gbacw-movement.h"
#include "gbacw-panel-widgets.h"
#include "gbacw-play-text.h"
#include "gbacw-play-tool.h"
#include "gbacw-play-view-private.h"

/* The computer plays in slices at a priority above redrawing, so that frames that take
 * long to draw (software OpenGL) cannot starve it, and pauses COMPUTER_PAUSE_MS between
 * slices, so that the window draws and handles input in between. A slice lasts
 * COMPUTER_SLICE_US, or as long as the last pause took (a slow frame) up to
 * COMPUTER_MAX_SLICE_US: the computer keeps at least half of the time whatever the
 * renderer. */
#define COMPUTER_SLICE_US 25000
#define COMPUTER_MAX_SLICE_US 250000
#define COMPUTER_PAUSE_MS 5

G_DEFINE_FINAL_TYPE (GbacwPlayView, gbacw_play_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_REPLAYING,
  PROP_WHOLE_STACK,
  PROP_CHARGE,
  PROP_DOUBLE_SHOT,
  PROP_RAPID_FIRE,
  PROP_COMPUTER,
  PROP_AI_LEVEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_LEAVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---------------------------------------------------------------- helpers */

static GbacwGame *
get_game (GbacwPlayView *self)
{
  return self->session ? gbacw_play_session_get_game (self->session) : NULL;
}

static const GbacwHexGrid *
get_grid (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  return game ? &game->scenario->map->grid : NULL;
}

static char *
hex_label (GbacwPlayView *self,
           int            hex)
{
  return gbacw_game_hex_label (get_game (self), hex);
}

void
gbacw_play_view_show_message (GbacwPlayView *self,
                              const char    *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  if (message != NULL)
    gtk_label_set_text (self->message_label, message);
  gtk_revealer_set_reveal_child (self->message_revealer, message != NULL);
  gbacw_play_view_update_actions (self);
}

/* ---------------------------------------------------------------- selection */

static int
selected_unit (GbacwPlayView *self)
{
  return self->selection->len > 0 ? g_array_index (self->selection, int, 0) : -1;
}

static void
clear_range (GbacwPlayView *self)
{
  g_clear_pointer (&self->range, gbacw_move_range_free);
  g_clear_pointer (&self->range_error, g_free);
  self->range_key = 0;
}

/* The units that act together: the selection, or with "whole stack" every unit of the
 * side in the first selected unit's hex. */
GArray *
gbacw_play_view_acting_units (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  GArray *units = g_array_new (FALSE, FALSE, sizeof (int));
  int first = selected_unit (self);

  if (game == NULL || first < 0)
    return units;
  if (self->whole_stack)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, first);
      const GArray *stack = gbacw_game_stack (game, u->hex);

      for (guint i = 0; stack != NULL && i < stack->len; i++)
        {
          int index = g_array_index (stack, int, i);
          if (gbacw_game_unit (game, index)->side == u->side)
            g_array_append_val (units, index);
        }
      for (guint i = 1; i < self->selection->len; i++)
        {
          int index = g_array_index (self->selection, int, i);
          if (gbacw_game_unit (game, index)->hex != u->hex)
            g_array_append_val (units, index);
        }
      return units;
    }
  g_array_append_vals (units, self->selection->data, self->selection->len);
  return units;
}

/* The units that move: the acting units in the first one's hex. */
GArray *
gbacw_play_view_moving_units (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) acting = gbacw_play_view_acting_units (self);
  GArray *units = g_array_new (FALSE, FALSE, sizeof (int));
  int hex;

  if (acting->len == 0)
    return units;
  hex = gbacw_game_unit (game, g_array_index (acting, int, 0))->hex;
  for (guint i = 0; i < acting->len; i++)
    if (gbacw_game_unit (game, g_array_index (acting, int, i))->hex == hex)
      g_array_append_val (units, g_array_index (acting, int, i));
  return units;
}

/* Narrows range (of one of units) to what all of units can do together: a hex stays only
 * if every unit can reach it on its own and the path there runs through hexes that stay
 * (range->hexes is cheapest first, so a hex's predecessor is decided before it). NULL, with
 * the reason in *error_out, if one of them may not move at all (6.13, 9.84, 12.94…). */
static GbacwMoveRange *
narrow_to_units (GbacwGame       *game,
                 GbacwMoveRange  *range,
                 const GArray    *units,
                 char           **error_out)
{
  g_autoptr(GbacwMoveRange) owned = range;
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint u = 0; u < units->len; u++)
    {
      int unit = g_array_index (units, int, u);
      g_autoptr(GError) error = NULL;
      g_autoptr(GbacwMoveRange) other = NULL;

      if (unit == range->unit)
        continue;
      other = gbacw_movement_range (game, unit, &error);
      if (other == NULL)
        {
          *error_out = g_strdup (error != NULL ? error->message : "");
          return NULL;
        }
      for (guint i = 0; i < range->hexes->len; i++)
        {
          int hex = g_array_index (range->hexes, int, i);
          if (other->cost[hex] < 0)
            range->cost[hex] = -1;
        }
    }
  for (guint i = 0; i < range->hexes->len; i++)
    {
      int hex = g_array_index (range->hexes, int, i);
      int previous = range->previous[hex];

      if (range->cost[hex] >= 0 && (previous == range->start || (previous >= 0 && range->cost[previous] >= 0)))
        g_array_append_val (kept, hex);
      else
        range->cost[hex] = -1;
    }
  g_array_set_size (range->hexes, 0);
  g_array_append_vals (range->hexes, kept->data, kept->len);
  return g_steal_pointer (&owned);
}

void
gbacw_play_view_update_range (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  int unit = selected_unit (self);
  guint key;

  if (game == NULL || unit < 0 || game->phase != GBACW_PHASE_MOVEMENT || gbacw_play_human_side (self->session) < 0
      || gbacw_game_decision (game) != NULL || gbacw_game_unit (game, unit)->side != gbacw_play_human_side (self->session))
    {
      clear_range (self);
      return;
    }
  /* the range holds until the next action or a new selection */
  key = (game->actions->len + 1) * 4099u + (guint) unit * 7u + (self->whole_stack ? 1 : 0);
  if (self->range != NULL && self->range_key == key)
    return;
  clear_range (self);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) units = gbacw_play_view_moving_units (self);

    self->range = gbacw_movement_range (game, unit, &error);
    if (self->range == NULL)
      self->range_error = g_strdup (error != NULL ? error->message : "");
    else if (units->len > 1)
      self->range = narrow_to_units (game, self->range, units, &self->range_error);
  }
  self->range_key = key;
}

void
gbacw_play_view_update_preview (GbacwPlayView *self)
{
  g_autoptr(GArray) units = gbacw_play_view_acting_units (self);

  gbacw_play_combat_section_work_out (self->combat_section, units, self->target, self->charge, self->double_shot,
                                      self->rapid_fire);
}

void
gbacw_play_view_select_units (GbacwPlayView *self,
                              const int     *units,
                              guint          n_units)
{
  g_array_set_size (self->selection, 0);
  g_array_append_vals (self->selection, units, n_units);
  clear_range (self);
  if (self->target >= 0)
    gbacw_play_view_update_preview (self);
  gbacw_play_view_update (self);
}

/* ---------------------------------------------------------------- counters */

/* The display scenario's deployment and counter values become the game's state. */
static void
sync_counters (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  GbacwScenario *display;

  if (game == NULL || self->display == NULL)
    return;
  display = gbacw_document_get_scenario (self->display);
  g_ptr_array_set_size (display->deployment, 0);
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      const GArray *stack = gbacw_game_stack (game, hex);

      for (guint i = 0; stack != NULL && i < stack->len; i++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
          GbacwPlacement *p = gbacw_placement_new (u->id, hex);

          p->formation = u->formation;
          p->facing = u->facing;
          p->strength = u->type == GBACW_UNIT_LEADER ? GBACW_UNSET : u->strength;
          p->status = u->status;
          g_ptr_array_add (display->deployment, p);
        }
    }
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      GbacwUnit *d = i < display->oob.units->len ? g_ptr_array_index (display->oob.units, i) : NULL;

      if (d == NULL || g_strcmp0 (d->id, u->id) != 0)
        d = gbacw_oob_find_unit (&display->oob, u->id);
      if (d == NULL && gbacw_game_is_wagon_crew (u))
        {
          /* 11.11: a wagon's crew counter is the game's own unit: shown like the others */
          d = gbacw_unit_copy (u->oob);
          g_ptr_array_add (display->oob.units, d);
          gbacw_oob_reindex (&display->oob);
        }
      if (d == NULL || u->type == GBACW_UNIT_LEADER)
        continue;
      d->morale = u->morale;
      d->dismounted_morale = GBACW_UNSET;
      if (u->type == GBACW_UNIT_ARTILLERY)
        {
          d->guns = u->guns;
          d->rounds = u->rounds;
          d->crew = u->crew;
        }
      if (u->type == GBACW_UNIT_WAGON)
        {
          d->small_arms_boxes = u->small_arms_boxes;
          d->artillery_boxes = u->artillery_boxes;
          d->crew_strength = u->strength;
        }
    }
}

static void
set_background_for (GbacwPlayView *self,
                    GbacwDocument *document,
                    gboolean       set)
{
  const GbacwScenario *scenario;

  if (document == NULL)
    return;
  scenario = gbacw_document_get_scenario (document);
  if (set && self->background != NULL && scenario->map->background.file != NULL)
    gbacw_map_renderer_set_background_image (scenario, scenario->map->background.file, self->background);
  else
    gbacw_map_renderer_set_background_image (scenario, NULL, NULL);
}

static void
make_display (GbacwPlayView *self)
{
  g_autoptr(GbacwDocument) old = g_steal_pointer (&self->display);

  if (self->session != NULL)
    {
      self->display = gbacw_document_new (gbacw_scenario_copy (gbacw_play_session_get_scenario (self->session)));
      set_background_for (self, self->display, TRUE);
    }
  gbacw_map_canvas_set_document (self->canvas, self->display);
  gbacw_map_tool_set_document (GBACW_MAP_TOOL (self->tool), self->display);
  set_background_for (self, old, FALSE);
}

/* ---------------------------------------------------------------- the map overlay */

static void
hex_centre (GbacwPlayView *self,
            int            hex,
            double        *x,
            double        *y)
{
  const GbacwHexGrid *grid = get_grid (self);
  gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, hex), x, y);
}

static void
draw_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      size,
           double      px)
{
  cairo_text_extents_t extents;

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, size);
  cairo_text_extents (cr, text, &extents);
  x -= extents.width / 2 + extents.x_bearing;
  y -= extents.height / 2 + extents.y_bearing;
  cairo_move_to (cr, x, y);
  cairo_text_path (cr, text);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, 3 * px);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_fill (cr);
}

static void
draw_arrow_path (GbacwPlayView *self,
                 cairo_t       *cr,
                 int            from,
                 const int     *hexes,
                 guint          n,
                 double         px,
                 double         r,
                 double         g,
                 double         b)
{
  double x, y, lx, ly, px0 = 0, py0 = 0;

  if (n == 0)
    return;
  hex_centre (self, from, &x, &y);
  cairo_move_to (cr, x, y);
  lx = x;
  ly = y;
  for (guint i = 0; i < n; i++)
    {
      px0 = lx;
      py0 = ly;
      hex_centre (self, hexes[i], &lx, &ly);
      cairo_line_to (cr, lx, ly);
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cairo_set_line_width (cr, 7 * px);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, 4 * px);
  cairo_stroke (cr);
  /* the head */
  {
    double angle = atan2 (ly - py0, lx - px0), len = 0.45;
    cairo_move_to (cr, lx, ly);
    cairo_line_to (cr, lx - len * cos (angle - 0.45), ly - len * sin (angle - 0.45));
    cairo_line_to (cr, lx - len * cos (angle + 0.45), ly - len * sin (angle + 0.45));
    cairo_close_path (cr);
    cairo_set_source_rgb (cr, r, g, b);
    cairo_fill (cr);
  }
}

/* The line of sight from hex from to hex to: green while clear, red from the obstacle
 * on, with a cross at the obstacle. */
static void
draw_los (GbacwPlayView *self,
          cairo_t       *cr,
          int            from,
          int            to,
          double         px)
{
  GbacwGame *game = get_game (self);
  GbacwLosResult result;
  double x0, y0, x1, y1, bx, by;

  if (from == to || from < 0 || to < 0)
    return;
  gbacw_fire_los (game, from, to, &result);
  hex_centre (self, from, &x0, &y0);
  hex_centre (self, to, &x1, &y1);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  if (result.clear)
    {
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
      cairo_set_line_width (cr, 6 * px);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, 0.1, 0.62, 0.2);
      cairo_set_line_width (cr, 3 * px);
      cairo_stroke (cr);
      return;
    }
  /* where it is blocked: the obstacle hex, or the middle of the hexside */
  hex_centre (self, result.hex, &bx, &by);
  if ((result.kind == GBACW_LOS_OBSTACLE_HEXSIDE || result.kind == GBACW_LOS_OBSTACLE_ALONG) && result.other_hex >= 0)
    {
      double ox, oy;
      hex_centre (self, result.other_hex, &ox, &oy);
      bx = (bx + ox) / 2;
      by = (by + oy) / 2;
    }
  /* project the obstacle onto the line */
  {
    double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((bx - x0) * dx + (by - y0) * dy) / len2 : 0;
    t = CLAMP (t, 0, 1);
    bx = x0 + t * dx;
    by = y0 + t * dy;
  }
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_set_line_width (cr, 6 * px);
  cairo_stroke (cr);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, bx, by);
  cairo_set_source_rgb (cr, 0.1, 0.62, 0.2);
  cairo_set_line_width (cr, 3 * px);
  cairo_stroke (cr);
  cairo_move_to (cr, bx, by);
  cairo_line_to (cr, x1, y1);
  cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
  cairo_set_line_width (cr, 3 * px);
  cairo_stroke (cr);
  /* the cross */
  {
    double s = 0.22;
    cairo_move_to (cr, bx - s, by - s);
    cairo_line_to (cr, bx + s, by + s);
    cairo_move_to (cr, bx + s, by - s);
    cairo_line_to (cr, bx - s, by + s);
    cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
    cairo_set_line_width (cr, 7 * px);
    cairo_stroke_preserve (cr);
    cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
    cairo_set_line_width (cr, 4 * px);
    cairo_stroke (cr);
  }
}

static void
outline_hex (GbacwPlayView *self,
             cairo_t       *cr,
             int            hex,
             double         px,
             double         r,
             double         g,
             double         b,
             double         width)
{
  gbacw_render_hex_path (cr, get_grid (self), hex, 1);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, (width + 3) * px);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, width * px);
  cairo_stroke (cr);
}

/* The hexes firing or attacking (the acting units' hexes), each once. */
static GArray *
acting_hexes (GbacwPlayView *self)
{
  g_autoptr(GArray) units = gbacw_play_view_acting_units (self);
  return gbacw_play_unit_hexes (get_game (self), units);
}

static void
on_draw_overlay (gpointer        owner,
                 cairo_t        *cr,
                 double          px,
                 GbacwMapCanvas *canvas)
{
  GbacwPlayView *self = owner;
  GbacwGame *game = get_game (self);
  const GbacwHexGrid *grid;
  const GbacwDecision *decision;
  int hover = gbacw_map_canvas_get_hover_hex (canvas);
  cairo_rectangle_t visible;
  double x0, y0, x1, y1;
  const char *selected_id = NULL;

  if (game == NULL || self->display == NULL)
    return;
  grid = get_grid (self);
  decision = gbacw_game_decision (game);

  /* reachable hexes, tinted, with their cost in Movement Points */
  if (self->range != NULL)
    {
      gboolean text = 0.42 / px >= 9;
      for (guint i = 0; i < self->range->hexes->len; i++)
        {
          int hex = g_array_index (self->range->hexes, int, i);
          gbacw_render_hex_path (cr, grid, hex, 1);
          cairo_set_source_rgba (cr, 0.15, 0.45, 0.95, 0.28);
          cairo_fill (cr);
        }
      if (text)
        for (guint i = 0; i < self->range->hexes->len; i++)
          {
            int hex = g_array_index (self->range->hexes, int, i);
            double cx, cy;
            char label[16];
            hex_centre (self, hex, &cx, &cy);
            g_snprintf (label, sizeof label, "%g", (self->range->cost[hex] - self->range->spent) / 2.0);
            draw_text (cr, label, cx, cy + 0.62, 0.36, px);
          }
    }

  /* the counters as the game has them */
  gbacw_map_canvas_widget_to_map (canvas, 0, 0, &x0, &y0);
  gbacw_map_canvas_widget_to_map (canvas, gtk_widget_get_width (GTK_WIDGET (canvas)),
                                  gtk_widget_get_height (GTK_WIDGET (canvas)), &x1, &y1);
  visible.x = x0;
  visible.y = y0;
  visible.width = x1 - x0;
  visible.height = y1 - y0;
  if (selected_unit (self) >= 0)
    selected_id = gbacw_game_unit (game, selected_unit (self))->id;
  gbacw_counter_render_deployment (cr, gbacw_document_get_scenario (self->display), 1 / px, &visible, -1,
                                   selected_id);

  /* the other selected units' hexes */
  for (guint i = 1; i < self->selection->len; i++)
    {
      int hex = gbacw_game_unit (game, g_array_index (self->selection, int, i))->hex;
      if (hex >= 0)
        outline_hex (self, cr, hex, px, 0.95, 0.75, 0.1, 3);
    }

  /* the path that follows the pointer */
  if (self->range != NULL && hover >= 0 && hover != self->range->start && self->range->cost[hover] >= 0)
    {
      g_autoptr(GArray) path = gbacw_move_range_path (self->range, hover);
      if (path != NULL)
        {
          double cx, cy;
          char label[32];
          draw_arrow_path (self, cr, self->range->start, (const int *) (gpointer) path->data, path->len, px, 0.1, 0.3,
                           0.85);
          hex_centre (self, hover, &cx, &cy);
          /* TRANSLATORS: Movement Points spent, shown at the end of a path on the map */
          g_snprintf (label, sizeof label, _("%g MP"), (self->range->cost[hover] - self->range->spent) / 2.0);
          draw_text (cr, label, cx, cy - 0.75, 0.42, px);
        }
    }

  /* fire and melee: the acting hexes, the line of sight to the target (or the hex under
   * the pointer), the target */
  if (self->selection->len > 0 && (gbacw_play_is_fire_phase (game) || gbacw_play_is_melee_phase (game)))
    {
      g_autoptr(GArray) hexes = acting_hexes (self);
      gboolean fire = gbacw_play_is_fire_phase (game);
      int to = self->target >= 0 ? self->target : hover;

      for (guint i = 0; i < hexes->len; i++)
        {
          int from = g_array_index (hexes, int, i);
          if (to >= 0 && to != from && fire)
            draw_los (self, cr, from, to, px);
          else if (to >= 0 && to != from && self->target >= 0)
            draw_arrow_path (self, cr, from, &to, 1, px, 0.8, 0.2, 0.1);
        }
      if (self->target >= 0)
        outline_hex (self, cr, self->target, px, 0.85, 0.1, 0.1, 4);
    }

  /* a question: the retreat paths (the one pointed at in full), the leader's hexes */
  if (decision != NULL && self->answers != NULL)
    {
      for (guint i = 0; i < self->answers->len; i++)
        {
          const GbacwPlayAnswer *a = g_ptr_array_index (self->answers, i);
          gboolean hot = (int) i == self->hover_answer;
          if (a->path != NULL && a->path->len > 0)
            {
              if (hot)
                draw_arrow_path (self, cr, decision->hex, (const int *) (gpointer) a->path->data, a->path->len, px,
                                 0.9, 0.45, 0.05);
              else
                outline_hex (self, cr, g_array_index (a->path, int, a->path->len - 1), px, 0.9, 0.45, 0.05, 2);
            }
          if (a->hex >= 0)
            outline_hex (self, cr, a->hex, px, 0.9, 0.45, 0.05, hot ? 5 : 2);
        }
      if (decision->hex >= 0)
        outline_hex (self, cr, decision->hex, px, 0.85, 0.1, 0.1, 3);
    }

  /* the hex under the pointer, over the counters */
  if (hover >= 0)
    {
      gbacw_render_hex_path (cr, grid, hover, 1);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_set_line_width (cr, 2.5 * px);
      cairo_stroke (cr);
    }
}

/* The line over the bottom of the map; hidden rather than an empty bubble. */
static void
set_hint (GbacwPlayView *self,
          const char    *text)
{
  gtk_label_set_text (self->hint_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), text != NULL && text[0] != '\0');
}

static void
on_hover_hex (GbacwPlayView  *self,
              GParamSpec     *pspec,
              GbacwMapCanvas *canvas)
{
  GbacwGame *game = get_game (self);
  int hover = gbacw_map_canvas_get_hover_hex (canvas);
  g_autofree char *text = NULL;

  gbacw_map_canvas_queue_overlay (canvas);
  if (game == NULL || hover < 0)
    return;
  /* the stack under the pointer in the hint line */
  {
    const GArray *stack = gbacw_game_stack (game, hover);
    g_autofree char *label = hex_label (self, hover);
    GString *s = g_string_new (label);

    for (guint i = 0; stack != NULL && i < stack->len && i < 6; i++)
      {
        int unit = g_array_index (stack, int, i);
        g_string_append_printf (s, i == 0 ? ": %s" : ", %s", gbacw_play_unit_name (game, unit));
      }
    if (stack != NULL && stack->len > 6)
      g_string_append (s, ", …");
    if (self->range != NULL && self->range->cost[hover] >= 0 && hover != self->range->start)
      g_string_append_printf (s, _(" · %g MP to move here"), (self->range->cost[hover] - self->range->spent) / 2.0);
    text = g_string_free (s, FALSE);
  }
  set_hint (self, text);
}

static void
on_hex_clicked (GbacwPlayView *self,
                int            hex,
                guint          state,
                GbacwPlayTool *tool)
{
  gbacw_play_view_click_hex (self, hex, (GdkModifierType) state);
}

/* ---------------------------------------------------------------- the bars */

static void
on_answer_enter (GbacwPlayView            *self,
                 double                    x,
                 double                    y,
                 GtkEventControllerMotion *controller)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  self->hover_answer = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "answer"));
  gbacw_map_canvas_queue_overlay (self->canvas);
}

static void
on_answer_leave (GbacwPlayView            *self,
                 GtkEventControllerMotion *controller)
{
  self->hover_answer = -1;
  gbacw_map_canvas_queue_overlay (self->canvas);
}

static void
update_decision (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autofree char *question = self->session ? gbacw_play_session_describe_decision (self->session) : NULL;
  gboolean replaying = self->session && gbacw_play_session_is_replaying (self->session);
  gboolean human = gbacw_play_human_side (self->session) >= 0;

  g_clear_pointer (&self->answers, g_ptr_array_unref);
  gbacw_panel_clear (GTK_WIDGET (self->answers_box));
  self->hover_answer = -1;
  if (game == NULL || question == NULL || replaying)
    {
      gtk_revealer_set_reveal_child (self->decision_revealer, FALSE);
      return;
    }
  gtk_label_set_text (self->decision_label, question);
  self->answers = gbacw_play_session_list_answers (self->session);
  for (guint i = 0; i < self->answers->len; i++)
    {
      const GbacwPlayAnswer *a = g_ptr_array_index (self->answers, i);
      g_autofree char *label = i < 9 ? g_strdup_printf ("%u  %s", i + 1, a->label) : g_strdup (a->label);
      GtkWidget *button = gtk_button_new_with_label (label);
      GtkEventController *motion = gtk_event_controller_motion_new ();

      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "i", (int) i);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "play.answer");
      gtk_widget_set_sensitive (button, human);
      g_object_set_data (G_OBJECT (button), "answer", GINT_TO_POINTER ((int) i));
      g_signal_connect_object (motion, "enter", G_CALLBACK (on_answer_enter), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (motion, "leave", G_CALLBACK (on_answer_leave), self, G_CONNECT_SWAPPED);
      gtk_widget_add_controller (button, motion);
      gtk_flow_box_append (self->answers_box, button);
    }
  gtk_revealer_set_reveal_child (self->decision_revealer, TRUE);
}

static void
update_replay_bar (GbacwPlayView *self)
{
  gboolean replaying = self->session && gbacw_play_session_is_replaying (self->session);
  guint position, length;
  g_autofree char *text = NULL;

  gtk_revealer_set_reveal_child (self->replay_revealer, replaying);
  if (!replaying)
    return;
  position = gbacw_play_session_get_replay_position (self->session);
  length = gbacw_play_session_get_record_length (self->session);
  self->updating = TRUE;
  gtk_adjustment_configure (self->replay_adjustment, position, 0, MAX (length, 1), 1, 10, 0);
  self->updating = FALSE;
  /* TRANSLATORS: the replay bar: "Step 37 of 499" */
  text = g_strdup_printf (_("Step %u of %u"), position, length);
  gtk_label_set_text (self->replay_label, text);
}

static void
update_hint (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  const char *hint = "";

  if (game == NULL)
    return;
  if (gbacw_play_session_is_replaying (self->session))
    hint = _("Replaying: Page Up and Page Down step through the record");
  else if (gbacw_play_session_computer_to_act (self->session))
    hint = _("The computer is playing");
  else if (gbacw_game_decision (game) != NULL)
    hint = _("Answer the question above (or click a hex it offers)");
  else if (self->selection->len == 0)
    hint = _("Click a stack to select it");
  else if (game->phase == GBACW_PHASE_MOVEMENT)
    hint = _("Click a tinted hex to move there · L C M D K U: formation · , and .: facing");
  else if (gbacw_play_is_fire_phase (game))
    hint = self->target >= 0 ? _("Return or a second click fires") : _("Click an enemy hex to aim at it");
  else if (game->phase == GBACW_PHASE_RALLY && gbacw_game_is_leader (gbacw_game_unit (game, selected_unit (self)))
           && gbacw_game_unit (game, selected_unit (self))->rally_points > 0)
    hint = _("Click a routed unit of his to spend a Rally Point on it");
  set_hint (self, hint);
}

/* Everything shown follows the game. */
void
gbacw_play_view_update (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);

  if (game != NULL)
    {
      /* a selection of units no longer on the map goes */
      for (guint i = self->selection->len; i-- > 0;)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (self->selection, int, i));
          if (u == NULL || u->hex < 0)
            g_array_remove_index (self->selection, i);
        }
      if (self->target >= 0 && gbacw_game_stack (game, self->target) == NULL)
        {
          self->target = -1;
          gbacw_play_combat_section_clear_preview (self->combat_section);
        }
    }
  sync_counters (self);
  gbacw_play_view_update_range (self);
  gbacw_play_section_update (GBACW_PLAY_SECTION (self->phase_bar));
  update_decision (self);
  update_replay_bar (self);
  gbacw_play_section_update (GBACW_PLAY_SECTION (self->game_section));
  gbacw_play_section_update (GBACW_PLAY_SECTION (self->log_section));
  {
    g_autoptr(GArray) moving = gbacw_play_view_moving_units (self);
    g_autoptr(GArray) acting = gbacw_play_view_acting_units (self);

    gbacw_play_unit_section_set_selection (self->unit_section, self->selection, moving);
    gbacw_play_combat_section_set_units (self->combat_section, acting, self->target);
  }
  gbacw_play_view_update_actions (self);
  update_hint (self);
  gbacw_play_section_update (GBACW_PLAY_SECTION (self->roster_section));
  gbacw_play_section_update (GBACW_PLAY_SECTION (self->turns_section));
  gbacw_map_canvas_queue_overlay (self->canvas);
}

/* ---------------------------------------------------------------- the computer */

static gboolean
autoplay (gpointer user_data)
{
  GbacwPlayView *self = user_data;
  g_autoptr(GError) error = NULL;
  gint64 slice;
  gboolean more;

  if (self->session == NULL)
    {
      self->autoplay_id = 0;
      self->autoplay_paused = 0;
      return G_SOURCE_REMOVE;
    }
  slice = self->computer_slice_us;
  if (self->autoplay_paused > 0)
    slice = MAX (slice, MIN (g_get_monotonic_time () - self->autoplay_paused, self->computer_max_slice_us));
  more = gbacw_play_session_run_computer (self->session, slice, &error);
  if (error != NULL)
    gbacw_play_view_show_message (self, error->message);
  /* Stopped or scheduled afresh meanwhile (another session): that schedule holds. */
  if (self->autoplay_id != g_source_get_id (g_main_current_source ()))
    return G_SOURCE_REMOVE;
  /* A source that stayed ready would shut out redrawing: the next slice after a pause. */
  self->autoplay_paused = more ? g_get_monotonic_time () : 0;
  self->autoplay_id = more ? g_timeout_add_full (G_PRIORITY_HIGH_IDLE, COMPUTER_PAUSE_MS, autoplay, self, NULL) : 0;
  return G_SOURCE_REMOVE;
}

void
gbacw_play_view_set_computer_slice (GbacwPlayView *self,
                                    gint64         slice_us)
{
  g_return_if_fail (GBACW_IS_PLAY_VIEW (self));
  g_return_if_fail (slice_us > 0);
  self->computer_slice_us = self->computer_max_slice_us = slice_us;
}

void
gbacw_play_view_schedule_computer (GbacwPlayView *self)
{
  if (self->autoplay_id != 0 || self->session == NULL || !gbacw_play_session_computer_to_act (self->session))
    return;
  self->autoplay_paused = 0;
  self->autoplay_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, autoplay, self, NULL);
}

gboolean
gbacw_play_view_run_computer (GbacwPlayView  *self,
                              GError        **error)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), FALSE);

  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  if (self->session == NULL)
    return TRUE;
  gbacw_play_session_run_computer (self->session, 0, error);
  return error == NULL || *error == NULL;
}

static void
on_session_changed (GbacwPlayView    *self,
                    GbacwPlaySession *session)
{
  gbacw_play_view_update (self);
  gbacw_play_view_schedule_computer (self);
}

static void
on_session_replaying (GbacwPlayView    *self,
                      GParamSpec       *pspec,
                      GbacwPlaySession *session)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAYING]);
}

/* ---------------------------------------------------------------- session */

GbacwPlaySession *
gbacw_play_view_get_session (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  return self->session;
}

void
gbacw_play_view_set_session (GbacwPlayView    *self,
                             GbacwPlaySession *session)
{
  g_return_if_fail (GBACW_IS_PLAY_VIEW (self));
  g_return_if_fail (session == NULL || GBACW_IS_PLAY_SESSION (session));

  if (self->session == session)
    return;
  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      g_clear_object (&self->session);
    }
  if (session != NULL)
    {
      self->session = g_object_ref (session);
      gbacw_play_session_set_computer (session, self->computer);
      gbacw_play_session_set_ai_level (session, self->ai_level);
      g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::replaying", G_CALLBACK (on_session_replaying), self,
                               G_CONNECT_SWAPPED);
    }
  g_array_set_size (self->selection, 0);
  self->target = -1;
  clear_range (self);
  gbacw_play_view_show_message (self, NULL);
  /* the sections bound to "session" start afresh with it */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  make_display (self);
  gbacw_play_view_update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAYING]);
  gbacw_play_view_schedule_computer (self);
}

guint
gbacw_play_view_get_computer (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), 0);
  return self->computer;
}

void
gbacw_play_view_set_computer (GbacwPlayView *self,
                              guint          sides)
{
  g_return_if_fail (GBACW_IS_PLAY_VIEW (self));

  sides &= 3;
  if (self->computer != sides)
    {
      self->computer = sides;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER]);
    }
  if (self->session != NULL)
    gbacw_play_session_set_computer (self->session, self->computer);
  gbacw_play_view_schedule_computer (self);
}

GbacwAiLevel
gbacw_play_view_get_ai_level (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), GBACW_AI_LEVEL_NORMAL);
  return self->ai_level;
}

void
gbacw_play_view_set_ai_level (GbacwPlayView *self,
                              GbacwAiLevel   level)
{
  g_return_if_fail (GBACW_IS_PLAY_VIEW (self));
  g_return_if_fail (level < GBACW_AI_N_LEVELS);

  if (self->ai_level == level)
    return;
  self->ai_level = level;
  if (self->session != NULL)
    gbacw_play_session_set_ai_level (self->session, level);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AI_LEVEL]);
  gbacw_play_view_schedule_computer (self);
}

void
gbacw_play_view_set_title (GbacwPlayView *self,
                           const char    *title)
{
  g_autofree char *text = NULL;

  g_return_if_fail (GBACW_IS_PLAY_VIEW (self));
  /* TRANSLATORS: the header bar's subtitle in test play: the scenario's file */
  text = g_strdup_printf (_("Testing %s"), title ? title : "");
  gtk_label_set_text (self->subtitle_label, text);
}

void
gbacw_play_view_set_background (GbacwPlayView        *self,
                                GbacwBackgroundImage *image)
{
  g_return_if_fail (GBACW_IS_PLAY_VIEW (self));

  set_background_for (self, self->display, FALSE);
  g_set_object (&self->background, image);
  set_background_for (self, self->display, TRUE);
  gbacw_map_canvas_invalidate (self->canvas);
}

GbacwPlayOrders *
gbacw_play_view_get_orders (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  return gbacw_play_unit_section_get_orders (self->unit_section);
}

GbacwMapCanvas *
gbacw_play_view_get_canvas (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  return self->canvas;
}

const GArray *
gbacw_play_view_get_selection (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  return self->selection;
}

int
gbacw_play_view_get_target (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), -1);
  return self->target;
}

const GbacwFireResolution *
gbacw_play_view_get_fire_preview (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  return gbacw_play_combat_section_get_preview (self->combat_section);
}

const int *
gbacw_play_view_get_move_costs (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  gbacw_play_view_update_range (self);
  return self->range ? self->range->cost : NULL;
}

const char *
gbacw_play_view_get_message (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  return self->message;
}

char *
gbacw_play_view_get_page_text (GbacwPlayView *self,
                               const char    *page)
{
  GbacwPlaySection *section = NULL;

  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);

  if (g_strcmp0 (page, "unit") == 0)
    section = GBACW_PLAY_SECTION (self->unit_section);   /* the unit and its orders */
  else if (g_strcmp0 (page, "combat") == 0)
    section = GBACW_PLAY_SECTION (self->combat_section);
  else if (g_strcmp0 (page, "roster") == 0)
    section = GBACW_PLAY_SECTION (self->roster_section);
  else if (g_strcmp0 (page, "turns") == 0)
    section = GBACW_PLAY_SECTION (self->turns_section);
  else if (g_strcmp0 (page, "players") == 0)
    section = GBACW_PLAY_SECTION (self->game_section);
  return section != NULL ? gbacw_play_section_get_text (section) : g_strdup ("");
}

guint
gbacw_play_view_get_n_log_lines (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), 0);
  return gbacw_play_log_section_get_n_lines (self->log_section);
}

gboolean
gbacw_play_view_save_game (GbacwPlayView  *self,
                           const char     *path,
                           GError        **error)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), FALSE);
  g_return_val_if_fail (self->session != NULL, FALSE);
  return gbacw_play_session_save (self->session, path, error);
}

gboolean
gbacw_play_view_load_game (GbacwPlayView  *self,
                           const char     *path,
                           GError        **error)
{
  g_autoptr(GbacwPlaySession) session = NULL;

  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), FALSE);

  session = gbacw_play_session_load (path, error);
  if (session == NULL)
    return FALSE;
  gbacw_play_view_set_session (self, session);
  return TRUE;
}

/* ---------------------------------------------------------------- replay and signals */

static void
set_replaying (GbacwPlayView *self,
               gboolean       replaying)
{
  if (self->session == NULL || replaying == gbacw_play_session_is_replaying (self->session))
    return;
  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  g_array_set_size (self->selection, 0);
  self->target = -1;
  gbacw_play_combat_section_clear_preview (self->combat_section);
  if (replaying)
    gbacw_play_session_start_replay (self->session);
  else
    {
      /* back to the end of the record, and play on */
      g_autoptr(GError) error = NULL;
      if (!gbacw_play_session_replay_seek (self->session, gbacw_play_session_get_record_length (self->session), &error))
        gbacw_play_view_show_message (self, error->message);
      gbacw_play_session_stop_replay (self->session);
    }
}

static void
on_replay_scale (GbacwPlayView *self,
                 GtkAdjustment *adjustment)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || self->session == NULL || !gbacw_play_session_is_replaying (self->session))
    return;
  if (!gbacw_play_session_replay_seek (self->session, (guint) gtk_adjustment_get_value (adjustment), &error))
    gbacw_play_view_show_message (self, error->message);
}

/* An order refused (the engine's message), or given (NULL: the last refusal goes). */
static void
on_orders_message (GbacwPlayView   *self,
                   const char      *message,
                   GbacwPlayOrders *orders)
{
  gbacw_play_view_show_message (self, message);
}

static void
on_secondary_click (GbacwPlayView   *self,
                    int              n_press,
                    double           x,
                    double           y,
                    GtkGestureClick *gesture)
{
  gbacw_play_view_cancel (self);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_play_view_dispose (GObject *object)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (object);

  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  if (self->file_chooser != NULL)
    gtk_native_dialog_destroy (self->file_chooser);
  g_clear_object (&self->file_chooser);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  if (self->canvas != NULL)
    gbacw_map_canvas_set_tool (self->canvas, NULL);
  set_background_for (self, self->display, FALSE);
  if (self->canvas != NULL)
    gbacw_map_canvas_set_document (self->canvas, NULL);
  g_clear_object (&self->display);
  g_clear_object (&self->background);
  g_clear_object (&self->tool);
  g_clear_pointer (&self->answers, g_ptr_array_unref);
  clear_range (self);

  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_PLAY_VIEW);
  {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }

  G_OBJECT_CLASS (gbacw_play_view_parent_class)->dispose (object);
}

static void
gbacw_play_view_finalize (GObject *object)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (object);

  g_clear_pointer (&self->selection, g_array_unref);
  g_clear_pointer (&self->actions_enabled, g_hash_table_unref);
  g_free (self->message);

  G_OBJECT_CLASS (gbacw_play_view_parent_class)->finalize (object);
}

static void
gbacw_play_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_REPLAYING:
      g_value_set_boolean (value, self->session && gbacw_play_session_is_replaying (self->session));
      break;
    case PROP_WHOLE_STACK:
      g_value_set_boolean (value, self->whole_stack);
      break;
    case PROP_CHARGE:
      g_value_set_boolean (value, self->charge);
      break;
    case PROP_DOUBLE_SHOT:
      g_value_set_boolean (value, self->double_shot);
      break;
    case PROP_RAPID_FIRE:
      g_value_set_boolean (value, self->rapid_fire);
      break;
    case PROP_COMPUTER:
      g_value_set_uint (value, self->computer);
      break;
    case PROP_AI_LEVEL:
      g_value_set_uint (value, self->ai_level);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_play_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      gbacw_play_view_set_session (self, g_value_get_object (value));
      break;
    case PROP_REPLAYING:
      set_replaying (self, g_value_get_boolean (value));
      break;
    case PROP_WHOLE_STACK:
      if (self->whole_stack != g_value_get_boolean (value))
        {
          self->whole_stack = g_value_get_boolean (value);
          clear_range (self);
          gbacw_play_view_update_preview (self);
          gbacw_play_view_update (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_CHARGE:
      if (self->charge != g_value_get_boolean (value))
        {
          self->charge = g_value_get_boolean (value);
          gbacw_play_view_update_preview (self);
          gbacw_play_view_update (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_DOUBLE_SHOT:
      if (self->double_shot != g_value_get_boolean (value))
        {
          self->double_shot = g_value_get_boolean (value);
          gbacw_play_view_update_preview (self);
          gbacw_play_view_update (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_RAPID_FIRE:
      if (self->rapid_fire != g_value_get_boolean (value))
        {
          self->rapid_fire = g_value_get_boolean (value);
          gbacw_play_view_update_preview (self);
          gbacw_play_view_update (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_COMPUTER:
      gbacw_play_view_set_computer (self, g_value_get_uint (value));
      break;
    case PROP_AI_LEVEL:
      gbacw_play_view_set_ai_level (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_play_view_class_init (GbacwPlayViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_play_view_dispose;
  object_class->finalize = gbacw_play_view_finalize;
  object_class->get_property = gbacw_play_view_get_property;
  object_class->set_property = gbacw_play_view_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, GBACW_TYPE_PLAY_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REPLAYING] =
    g_param_spec_boolean ("replaying", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_WHOLE_STACK] =
    g_param_spec_boolean ("whole-stack", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CHARGE] =
    g_param_spec_boolean ("charge", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* J 21.4: the fire given uses double shot where the rules allow it. */
  properties[PROP_DOUBLE_SHOT] =
    g_param_spec_boolean ("double-shot", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* C 24.1: the fire given is rapid fire for the batteries the rules allow it. */
  properties[PROP_RAPID_FIRE] =
    g_param_spec_boolean ("rapid-fire", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The sides the computer plays (bit 1 << side). */
  properties[PROP_COMPUTER] =
    g_param_spec_uint ("computer", NULL, NULL, 0, 3, 2,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* How strongly it plays (a GbacwAiLevel). */
  properties[PROP_AI_LEVEL] =
    g_param_spec_uint ("ai-level", NULL, NULL, 0, GBACW_AI_N_LEVELS - 1, GBACW_AI_LEVEL_NORMAL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The user asked to go back to the editor. */
  signals[SIGNAL_LEAVE] = g_signal_new ("leave", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 0);

  g_type_ensure (GBACW_TYPE_MAP_CANVAS);
  g_type_ensure (GBACW_TYPE_PLAY_PHASE_BAR);
  g_type_ensure (GBACW_TYPE_PLAY_UNIT_SECTION);
  g_type_ensure (GBACW_TYPE_PLAY_COMBAT_SECTION);
  g_type_ensure (GBACW_TYPE_PLAY_ROSTER_SECTION);
  g_type_ensure (GBACW_TYPE_PLAY_TURNS_SECTION);
  g_type_ensure (GBACW_TYPE_PLAY_GAME_SECTION);
  g_type_ensure (GBACW_TYPE_PLAY_LOG_SECTION);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-view.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, header_bar);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, title_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, phase_bar);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, decision_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, decision_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, answers_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, message_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, canvas);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, hint_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, panel_stack);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, unit_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, combat_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, roster_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, turns_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, game_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, log_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_scale);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_adjustment);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_label);

  gbacw_play_view_class_add_actions (widget_class);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playview");
}

static void
gbacw_play_view_init (GbacwPlayView *self)
{
  GtkGesture *click;

  self->computer = 2;
  self->ai_level = GBACW_AI_LEVEL_NORMAL;
  gtk_widget_init_template (GTK_WIDGET (self));
  self->computer_slice_us = COMPUTER_SLICE_US;
  self->computer_max_slice_us = COMPUTER_MAX_SLICE_US;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->selection = g_array_new (FALSE, FALSE, sizeof (int));
  self->target = -1;
  self->hover_answer = -1;
  self->actions_enabled = g_hash_table_new (g_str_hash, g_str_equal);

  /* the map: all layers but the deployment's units; the counters come from the game */
  gbacw_map_canvas_set_layers (self->canvas, GBACW_LAYER_BIT_ALL & ~GBACW_LAYER_BIT_UNITS);
  self->tool = gbacw_play_tool_new ();
  gbacw_map_canvas_set_tool (self->canvas, GBACW_TOOL (self->tool));
  g_signal_connect_object (self->tool, "hex-clicked", G_CALLBACK (on_hex_clicked), self, G_CONNECT_SWAPPED);
  {
    g_autoptr(GbacwCanvasLayer) layer = gbacw_canvas_layer_new_for_object ("play", self, on_draw_overlay);
    gbacw_map_canvas_add_layer (self->canvas, layer);
  }
  g_signal_connect_object (self->canvas, "notify::hover-hex", G_CALLBACK (on_hover_hex), self, G_CONNECT_SWAPPED);
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_secondary_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self->canvas), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_object (gbacw_play_unit_section_get_orders (self->unit_section), "message",
                           G_CALLBACK (on_orders_message), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->replay_adjustment, "value-changed", G_CALLBACK (on_replay_scale), self,
                           G_CONNECT_SWAPPED);
  gbacw_play_view_update_actions (self);
}

GtkWidget *
gbacw_play_view_new (void)
{
  return g_object_new (GBACW_TYPE_PLAY_VIEW, NULL);
}
