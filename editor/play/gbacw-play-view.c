/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-view.c: the window's test-play mode (see gbacw-play-view.h). */
#define G_LOG_DOMAIN "gbacw-play-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "gbacw-balance-dialog.h"
#include "gbacw-combat-charts.h"
#include "gbacw-counter.h"
#include "gbacw-hex-path.h"
#include "gbacw-map-renderer.h"
#include "gbacw-melee.h"
#include "gbacw-movement.h"
#include "gbacw-play-orders.h"
#include "gbacw-play-tool.h"
#include "gbacw-play-view-private.h"
#include "gbacw-file-chooser.h"
#include "gbacw-panel-widgets.h"

/* The computer plays in slices at a priority above redrawing, so that frames that take
 * long to draw (software OpenGL) cannot starve it, and pauses COMPUTER_PAUSE_MS between
 * slices, so that the window draws and handles input in between. A slice lasts
 * COMPUTER_SLICE_US, or as long as the last pause took (a slow frame) up to
 * COMPUTER_MAX_SLICE_US: the computer keeps at least half of the time whatever the
 * renderer. */
#define COMPUTER_SLICE_US 25000
#define COMPUTER_MAX_SLICE_US 250000
#define COMPUTER_PAUSE_MS 5

struct _GbacwPlayView
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *header_bar;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkToggleButton *replay_button;
  GtkLabel *turn_label;
  GtkLabel *time_label;
  GtkLabel *side_label;
  GtkLabel *phase_label;
  GtkSpinner *computer_spinner;
  GtkLabel *vp_label;
  GtkWidget *vp_note_icon;
  GtkWidget *next_button;
  GtkLabel *next_label;
  GtkRevealer *decision_revealer;
  GtkLabel *decision_label;
  GtkFlowBox *answers_box;
  GtkRevealer *message_revealer;
  GtkLabel *message_label;
  GbacwMapCanvas *canvas;
  GtkLabel *hint_label;
  GtkScrolledWindow *log_scroller;
  GtkListView *log_view;
  GtkStack *panel_stack;
  GtkWidget *unit_page;
  GtkBox *unit_box;
  GbacwPlayOrders *orders;
  GtkBox *combat_box;
  GtkBox *roster_box;
  GtkBox *turns_box;
  GtkLabel *side0_label;
  GtkLabel *side1_label;
  GtkDropDown *side0_dropdown;
  GtkDropDown *side1_dropdown;
  GtkSpinButton *seed_spin;
  GtkSpinButton *jump_spin;
  GtkLabel *game_info_label;
  GtkRevealer *replay_revealer;
  GtkScale *replay_scale;
  GtkAdjustment *replay_adjustment;
  GtkLabel *replay_label;

  GbacwPlaySession *session;
  guint computer;
  GbacwDocument *display;         /* the map shown; its deployment is the game's state */
  GbacwBackgroundImage *background;
  GbacwPlayTool *tool;

  /* the log: lines "case\ttext" ("\ttext" for a heading) */
  GtkStringList *log_model;
  GbacwGame *log_game;
  guint log_events;
  int log_key;                    /* turn, player-turn and phase of the last heading */
  gboolean log_follow;
  guint log_scroll_id;

  /* selection and what it would do */
  GArray *selection;              /* int units */
  gboolean whole_stack;
  gboolean charge;
  int target;
  GbacwMoveRange *range;  /* of the moving units together */
  char *range_error;       /* why they cannot move, when range is NULL */
  guint range_key;
  GbacwFireResolution *preview;
  GbacwMeleeOdds odds;
  gboolean has_odds;
  char *preview_error;
  char *result_text;              /* the last fire or melee and what came of it */
  int result_key;                 /* the phase it belongs to */
  GPtrArray *answers;             /* GbacwPlayAnswer* */
  int hover_answer;
  char *message;

  gboolean roster_dirty, turns_dirty;
  guint autoplay_id;
  gint64 computer_slice_us, computer_max_slice_us;
  gint64 autoplay_paused;   /* when the last pause began; 0 before the first slice */
  gboolean updating;
  GtkNativeDialog *file_chooser;
};

G_DEFINE_FINAL_TYPE (GbacwPlayView, gbacw_play_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SESSION,
  PROP_REPLAYING,
  PROP_WHOLE_STACK,
  PROP_CHARGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_LEAVE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void update (GbacwPlayView *self);
static void schedule_computer (GbacwPlayView *self);
static void set_target (GbacwPlayView *self, int hex);

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

static gboolean
is_fire_phase (const GbacwGame *game)
{
  return game != NULL && (game->phase == GBACW_PHASE_DEFENSIVE_FIRE || game->phase == GBACW_PHASE_OFFENSIVE_FIRE);
}

/* E and F: melees are declared (12.8) and resolved (12.0). */
static gboolean
is_melee_phase (const GbacwGame *game)
{
  return game != NULL && (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE || game->phase == GBACW_PHASE_MELEE);
}

static GtkWidget *
add_heading (GtkBox     *box,
             const char *text)
{
  return gbacw_panel_add_label (box, text, "heading");
}

static GtkWidget *
add_markup (GtkBox     *box,
            const char *markup)
{
  GtkWidget *label = gbacw_panel_add_label (box, NULL, NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  return label;
}

/* A button for a view action (target: floating, may be NULL), its label with a mnemonic,
 * added to a box or flow box. */
static GtkWidget *
add_action_button (GtkWidget  *container,
                   const char *label,
                   const char *action,
                   GVariant   *target)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  if (target != NULL)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  if (GTK_IS_FLOW_BOX (container))
    gtk_flow_box_append (GTK_FLOW_BOX (container), button);
  else
    gtk_box_append (GTK_BOX (container), button);
  return button;
}

/* "8 NY, 14 Oh, B 1 Oh LA" */
static void
append_unit_names (GString         *s,
                   const GbacwGame *game,
                   const int       *units,
                   guint            n_units)
{
  for (guint i = 0; i < n_units; i++)
    g_string_append_printf (s, s->len > 0 ? ", %s" : "%s", gbacw_play_unit_name (game, units[i]));
}

static char *
hex_label (GbacwPlayView *self,
           int            hex)
{
  return gbacw_game_hex_label (get_game (self), hex);
}

/* A hexside's name as the editor shows it (NE), not as the file writes it (ne). */
static char *
direction_name (GbacwPlayView *self,
                int            direction)
{
  const GbacwHexGrid *grid = get_grid (self);

  if (direction < 0 || grid == NULL)
    return g_strdup ("—");
  return g_ascii_strup (gbacw_hex_direction_name (grid->orientation, direction), -1);
}

static const char *
formation_name (GbacwFormationState formation)
{
  switch (formation)
    {
    case GBACW_FORMATION_STATE_LINE: return _("Line");
    case GBACW_FORMATION_STATE_COLUMN: return _("Column");
    case GBACW_FORMATION_STATE_MOUNTED: return _("Mounted");
    case GBACW_FORMATION_STATE_DISMOUNTED: return _("Dismounted");
    case GBACW_FORMATION_STATE_LIMBERED: return _("Limbered");
    case GBACW_FORMATION_STATE_UNLIMBERED: return _("Unlimbered");
    case GBACW_FORMATION_STATE_UNSET:
    default: return _("None");
    }
}

static const char *
presence_name (GbacwPresence presence)
{
  switch (presence)
    {
    case GBACW_PRESENCE_ON_MAP: return _("on the map");
    case GBACW_PRESENCE_NOT_ARRIVED: return _("not arrived");
    case GBACW_PRESENCE_ELIMINATED: return _("eliminated");
    case GBACW_PRESENCE_CAPTURED: return _("captured");
    case GBACW_PRESENCE_KILLED: return _("killed");
    case GBACW_PRESENCE_WOUNDED: return _("wounded");
    case GBACW_PRESENCE_EXITED: return _("left the map");
    default: return "";
    }
}

static void
append_status (GString *s,
               guint    status)
{
  static const struct { guint bit; const char *name; } flags[] = {
    { GBACW_STATUS_ROUTED, N_("routed") },
    { GBACW_STATUS_PINNED, N_("pinned") },
    { GBACW_STATUS_AMMO_DEPLETED, N_("ammunition depleted") },
    { GBACW_STATUS_ENGAGED, N_("engaged") },
    { GBACW_STATUS_HALF_CREW, N_("half crew") },
    { GBACW_STATUS_ABANDONED, N_("abandoned") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    if (status & flags[i].bit)
      g_string_append_printf (s, s->len ? ", %s" : "%s", _(flags[i].name));
}

/* The side that acts now, if a human plays it; -1 when the computer does or the game is
 * over or replaying. */
static int
human_side (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  int side;

  if (game == NULL || gbacw_game_is_over (game) || gbacw_play_session_is_replaying (self->session)
      || gbacw_play_session_computer_to_act (self->session))
    return -1;
  side = gbacw_game_decider (game);
  return side >= 0 && side < 2 ? side : -1;
}

static void
show_message (GbacwPlayView *self,
              const char    *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
  if (message != NULL)
    gtk_label_set_text (self->message_label, message);
  gtk_revealer_set_reveal_child (self->message_revealer, message != NULL);
}

/* ---------------------------------------------------------------- selection */

static int
selected_unit (GbacwPlayView *self)
{
  return self->selection->len > 0 ? g_array_index (self->selection, int, 0) : -1;
}

static gboolean
is_selected (GbacwPlayView *self,
             int            unit)
{
  for (guint i = 0; i < self->selection->len; i++)
    if (g_array_index (self->selection, int, i) == unit)
      return TRUE;
  return FALSE;
}

static void
clear_preview (GbacwPlayView *self)
{
  g_clear_pointer (&self->preview, gbacw_fire_resolution_free);
  g_clear_pointer (&self->preview_error, g_free);
  self->has_odds = FALSE;
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
static GArray *
acting_units (GbacwPlayView *self)
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
static GArray *
moving_units (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) acting = acting_units (self);
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
narrow_to_units (GbacwGame      *game,
                 GbacwMoveRange *range,
                 const GArray   *units,
                 char          **error_out)
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

static void
update_range (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  int unit = selected_unit (self);
  guint key;

  if (game == NULL || unit < 0 || game->phase != GBACW_PHASE_MOVEMENT || human_side (self) < 0
      || gbacw_game_decision (game) != NULL || gbacw_game_unit (game, unit)->side != human_side (self))
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
    g_autoptr(GArray) units = moving_units (self);

    self->range = gbacw_movement_range (game, unit, &error);
    if (self->range == NULL)
      self->range_error = g_strdup (error != NULL ? error->message : "");
    else if (units->len > 1)
      self->range = narrow_to_units (game, self->range, units, &self->range_error);
  }
  self->range_key = key;
}

/* The combat units among units, each firing all it has by the line of fire (9.45, 9.3). */
static GArray *
combat_firers (GbacwGame    *game,
               const GArray *units)
{
  GArray *firers = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));

  for (guint i = 0; i < units->len; i++)
    {
      GbacwFirer f = { g_array_index (units, int, i), 0, -1 };
      if (gbacw_game_is_combat_unit (gbacw_game_unit (game, f.unit)))
        g_array_append_val (firers, f);
    }
  return firers;
}

static void
update_preview (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) units = NULL;
  g_autoptr(GError) error = NULL;

  clear_preview (self);
  if (game == NULL || self->target < 0 || self->selection->len == 0)
    return;
  units = acting_units (self);
  if (is_fire_phase (game))
    {
      g_autoptr(GArray) firers = combat_firers (game, units);
      self->preview = gbacw_fire_compute (game, self->target, (const GbacwFirer *) (gpointer) firers->data, firers->len,
                                          &error);
    }
  else if (is_melee_phase (game))
    {
      self->has_odds = gbacw_melee_odds (game, units, self->target, self->charge, &self->odds, &error);
    }
  else
    return;
  if (error != NULL)
    self->preview_error = g_strdup (error->message);
}

static void
select_units (GbacwPlayView *self,
              const int     *units,
              guint          n_units)
{
  g_array_set_size (self->selection, 0);
  g_array_append_vals (self->selection, units, n_units);
  clear_range (self);
  if (self->target >= 0)
    update_preview (self);
  update (self);
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
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) units = acting_units (self);
  GArray *hexes = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < units->len; i++)
    {
      int hex = gbacw_game_unit (game, g_array_index (units, int, i))->hex;
      gboolean seen = FALSE;
      for (guint k = 0; k < hexes->len; k++)
        seen |= g_array_index (hexes, int, k) == hex;
      if (!seen && hex >= 0)
        g_array_append_val (hexes, hex);
    }
  return hexes;
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
  if (self->selection->len > 0 && (is_fire_phase (game) || is_melee_phase (game)))
    {
      g_autoptr(GArray) hexes = acting_hexes (self);
      gboolean fire = is_fire_phase (game);
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

/* ---------------------------------------------------------------- acting */

static gboolean
apply (GbacwPlayView     *self,
       const GbacwAction *action)
{
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return FALSE;
  if (!gbacw_play_session_apply (self->session, action, &error))
    {
      show_message (self, error->message);
      return FALSE;
    }
  show_message (self, NULL);
  return TRUE;
}

/* The events from index first, as text (what a fire or melee led to). */
static char *
events_since (GbacwPlayView *self,
              guint          first)
{
  GbacwGame *game = get_game (self);
  GString *s = g_string_new (NULL);

  for (guint i = first; game != NULL && i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if (s->len > 0)
        g_string_append_c (s, '\n');
      if (e->rule_case != NULL)
        g_string_append_printf (s, "[%s] ", e->rule_case);
      g_string_append (s, e->text);
    }
  return g_string_free (s, FALSE);
}

static void
set_result (GbacwPlayView *self,
            char          *text)
{
  GbacwGame *game = get_game (self);

  g_free (self->result_text);
  self->result_text = text;
  if (game != NULL)
    self->result_key = (game->turn * 2 + game->player_turn) * 32 + (int) game->phase;
}

static char *describe_fire (GbacwPlayView *self, const GbacwFireResolution *res, gboolean rolled);

static void
fire_at_target (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) units = acting_units (self);
  g_autoptr(GArray) firers = NULL;
  g_autoptr(GbacwAction) action = NULL;
  guint first_event, n_results;

  if (game == NULL || self->target < 0)
    return;
  firers = combat_firers (game, units);
  action = gbacw_action_new_fire (self->target, (const GbacwFirer *) (gpointer) firers->data, firers->len);
  first_event = game->events->len;
  n_results = game->fire_results ? game->fire_results->len : 0;
  if (!apply (self, action))
    return;
  game = get_game (self);
  if (game == NULL)
    return;
  {
    GString *s = g_string_new (NULL);
    g_autofree char *events = events_since (self, first_event);

    if (game->fire_results != NULL && game->fire_results->len > n_results)
      {
        g_autofree char *text = describe_fire (self, g_ptr_array_index (game->fire_results, game->fire_results->len - 1),
                                               TRUE);
        g_string_append (s, text);
        g_string_append (s, "\n\n");
      }
    g_string_append (s, events);
    set_result (self, g_string_free (s, FALSE));
  }
  /* the firers are spent; the target stays for another fire */
  clear_preview (self);
  update_preview (self);
  gtk_stack_set_visible_child_name (self->panel_stack, "combat");
  update (self);
}

static void
melee_at_target (GbacwPlayView *self,
                 gboolean       declare)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) units = acting_units (self);
  g_autoptr(GbacwAction) action = NULL;
  guint first_event;

  if (game == NULL || self->target < 0 || units->len == 0)
    return;
  action = declare ? gbacw_action_new_declare_melee ((const int *) (gpointer) units->data, units->len, self->target,
                                                     self->charge)
                   : gbacw_action_new_melee ((const int *) (gpointer) units->data, units->len, self->target);
  first_event = game->events->len;
  if (!apply (self, action))
    return;
  set_result (self, events_since (self, first_event));
  gtk_stack_set_visible_child_name (self->panel_stack, "combat");
  clear_preview (self);
  update (self);
}

static void
move_to (GbacwPlayView *self,
         int            hex)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) units = moving_units (self);
  g_autoptr(GArray) path = NULL;
  g_autoptr(GbacwAction) action = NULL;

  if (game == NULL || units->len == 0)
    return;
  update_range (self);
  if (self->range == NULL && self->range_error != NULL && *self->range_error != '\0')
    {
      show_message (self, self->range_error);
      return;
    }
  if (self->range == NULL || hex < 0 || self->range->cost[hex] < 0)
    {
      g_autofree char *label = hex_label (self, hex);
      g_autofree char *message = g_strdup_printf (_("%s cannot reach %s this Movement Phase"),
                                                  gbacw_play_unit_name (game, g_array_index (units, int, 0)), label);
      show_message (self, message);
      return;
    }
  path = gbacw_move_range_path (self->range, hex);
  if (path == NULL)
    return;
  action = gbacw_action_new_move ((const int *) (gpointer) units->data, units->len, (const int *) (gpointer) path->data,
                                  path->len, -1);
  if (apply (self, action))
    update (self);
}

/* What a click on hex means now. */
static void
click_hex (GbacwPlayView   *self,
           int              hex,
           GdkModifierType  state)
{
  GbacwGame *game = get_game (self);
  const GbacwDecision *decision;
  const GArray *stack;
  int side, top_own = -1;
  gboolean own_stack = FALSE;

  if (game == NULL || hex < 0 || hex >= game->n_hexes)
    return;
  decision = gbacw_game_decision (game);
  side = human_side (self);
  stack = gbacw_game_stack (game, hex);

  /* a leader selected in the Rally Phase rallies his routed unit clicked (13.52) */
  if (decision == NULL && !(state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK))
      && gbacw_play_orders_click_hex (self->orders, hex))
    return;

  /* a question the hex answers */
  if (decision != NULL && side >= 0 && self->answers != NULL)
    for (guint i = 0; i < self->answers->len; i++)
      {
        const GbacwPlayAnswer *a = g_ptr_array_index (self->answers, i);
        if (a->hex == hex || (a->path != NULL && a->path->len > 0 && g_array_index (a->path, int, a->path->len - 1) == hex))
          {
            apply (self, a->action);
            return;
          }
      }

  for (guint i = 0; stack != NULL && i < stack->len; i++)
    if (gbacw_game_unit (game, g_array_index (stack, int, i))->side == side)
      {
        own_stack = TRUE;
        if (top_own < 0)
          top_own = g_array_index (stack, int, i);
      }

  if (side >= 0 && decision == NULL && self->selection->len > 0 && !(state & GDK_CONTROL_MASK))
    {
      int first = selected_unit (self);
      int first_hex = gbacw_game_unit (game, first)->hex;

      if (game->phase == GBACW_PHASE_MOVEMENT && hex != first_hex && gbacw_game_unit (game, first)->side == side)
        {
          update_range (self);
          /* an empty hex clicked when the units cannot move together: say why */
          if ((self->range != NULL && self->range->cost[hex] >= 0) ||
              (self->range == NULL && self->range_error != NULL && (stack == NULL || stack->len == 0)))
            {
              move_to (self, hex);
              return;
            }
        }
      if ((is_fire_phase (game) || is_melee_phase (game)) && !own_stack && stack != NULL && stack->len > 0)
        {
          if (hex == self->target)
            {
              if (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE)
                melee_at_target (self, TRUE);
              else if (game->phase == GBACW_PHASE_MELEE)
                melee_at_target (self, FALSE);
              else
                fire_at_target (self);
            }
          else
            set_target (self, hex);
          return;
        }
    }

  /* select: the top unit of the stack; again the next one; Shift adds */
  if (stack != NULL && stack->len > 0)
    {
      int unit = own_stack ? top_own : g_array_index (stack, int, 0);

      if (!(state & GDK_SHIFT_MASK) && selected_unit (self) >= 0 && gbacw_game_unit (game, selected_unit (self))->hex == hex
          && self->selection->len == 1)
        {
          /* cycle through the stack */
          for (guint i = 0; i < stack->len; i++)
            if (g_array_index (stack, int, i) == selected_unit (self))
              {
                unit = g_array_index (stack, int, (i + 1) % stack->len);
                break;
              }
        }
      if ((state & GDK_SHIFT_MASK) && self->selection->len > 0)
        {
          if (is_selected (self, unit))
            {
              for (guint i = 0; i < self->selection->len; i++)
                if (g_array_index (self->selection, int, i) == unit)
                  {
                    g_array_remove_index (self->selection, i);
                    break;
                  }
              select_units (self, (const int *) (gpointer) self->selection->data, self->selection->len);
            }
          else
            {
              g_autoptr(GArray) units = g_array_copy (self->selection);
              g_array_append_val (units, unit);
              select_units (self, (const int *) (gpointer) units->data, units->len);
            }
        }
      else
        select_units (self, &unit, 1);
      gtk_stack_set_visible_child_name (self->panel_stack, "unit");
      return;
    }
  select_units (self, NULL, 0);
  set_target (self, -1);
}

static void
on_hex_clicked (GbacwPlayView *self,
                int            hex,
                guint          state,
                GbacwPlayTool *tool)
{
  click_hex (self, hex, (GdkModifierType) state);
}

static void
set_target (GbacwPlayView *self,
            int            hex)
{
  self->target = hex;
  update_preview (self);
  if (hex >= 0)
    gtk_stack_set_visible_child_name (self->panel_stack, "combat");
  update (self);
}

/* ---------------------------------------------------------------- describing */

static void
append_chart_column (GString             *s,
                     const GbacwScenario *scenario,
                     gboolean             grapeshot,
                     int                  column)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "fire-crt");
  const char *heading = NULL;

  if (chart == NULL || column < 0 || column >= (int) chart->columns->len)
    return;
  heading = gbacw_chart_value (scenario, "fire-crt", grapeshot ? "grapeshot" : "small-arms",
                               g_ptr_array_index (chart->columns, column), NULL);
  if (heading != NULL)
    /* TRANSLATORS: the CRT column's range of fire strengths, "(4-6)" */
    g_string_append_printf (s, _(" (%s)"), heading);
  /* the six results of that column */
  g_string_append (s, "\n   ");
  for (int die = 1; die <= 6; die++)
    {
      GbacwCrtResult result;
      g_autofree char *text = NULL;
      if (!gbacw_fire_crt_result (scenario, column, die, &result, NULL))
        continue;
      text = gbacw_crt_result_to_string (&result);
      /* TRANSLATORS: one die roll and its CRT result, "4: P/R" */
      g_string_append_printf (s, _(" %d: %s"), die, text);
    }
}

static char *
describe_fire (GbacwPlayView             *self,
               const GbacwFireResolution *res,
               gboolean                   rolled)
{
  GbacwGame *game = get_game (self);
  GString *s = g_string_new (NULL);
  g_autofree char *target = hex_label (self, res->target_hex);
  int per_side[6] = { 0 };
  double side_strength[6] = { 0 };
  int top = gbacw_fire_top_unit (game, res->target_hex);

  g_string_append_printf (s, res->artillery ? _("Artillery fire at %s") : _("Small-arms fire at %s"), target);
  if (top >= 0)
    g_string_append_printf (s, " (%s)", gbacw_play_unit_name (game, top));
  g_string_append (s, "\n");
  for (guint i = 0; i < res->contributions->len; i++)
    {
      const GbacwFireContribution *c = &g_array_index (res->contributions, GbacwFireContribution, i);
      /* TRANSLATORS: a firer's part: unit, strength × multiplier at range = strength (9.25) */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "• %s: %g × %g at %d hex = %g (9.25)\n",
                                              "• %s: %g × %g at %d hexes = %g (9.25)\n", c->range),
                              gbacw_play_unit_name (game, c->unit), c->committed, c->multiplier, c->range, c->strength);
      if (c->direction >= 0 && c->direction < 6)
        {
          per_side[c->direction]++;
          side_strength[c->direction] += c->strength;
        }
    }
  /* TRANSLATORS: 9.3: how much fire leaves through each of the firers' hexsides */
  g_string_append (s, _("Strength per hexside (9.3):"));
  for (int d = 0; d < 6; d++)
    if (per_side[d] > 0)
      {
        g_autofree char *name = direction_name (self, d);
        g_string_append_printf (s, " %s %g", name, side_strength[d]);
      }
  g_string_append_c (s, '\n');
  g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Total %g at %d hex, on the %s row (9.14, 9.15)\n",
                                          "Total %g at %d hexes, on the %s row (9.14, 9.15)\n", res->min_range),
                          res->total, res->min_range,
                          res->rolls->len > 0 && g_array_index (res->rolls, GbacwFireRoll, 0).grapeshot
                            ? _("grapeshot") : _("small-arms and counter-battery"));
  g_string_append_printf (s, _("Density: %d SP in the hex: %+d (8.35)\n"), res->density_sp, res->density_shift);
  g_string_append_printf (s, _("Terrain: %+d (9.5)\n"), res->terrain_shift);
  if (res->hook_shift != 0)
    g_string_append_printf (s, _("Exclusive rules: %+d\n"), res->hook_shift);
  for (guint i = 0; i < res->rolls->len; i++)
    {
      const GbacwFireRoll *roll = &g_array_index (res->rolls, GbacwFireRoll, i);

      if (res->per_unit)
        g_string_append_printf (s, _("At %s (8.22):\n"), gbacw_play_unit_name (game, roll->unit));
      g_string_append_printf (s, roll->enfiladed ? _("Enfilade: %+d (7.23)\n") : _("No enfilade (7.23): %+d\n"),
                              roll->enfilade_shift);
      g_string_append_printf (s, _("Net shift %+d, at most two columns (9.51): column %d of %d"),
                              res->density_shift + res->terrain_shift + res->hook_shift + roll->enfilade_shift,
                              roll->column + 1, res->n_columns);
      append_chart_column (s, game->scenario, roll->grapeshot, roll->column);
      g_string_append_c (s, '\n');
      if (rolled && roll->die > 0)
        {
          g_autofree char *result = gbacw_crt_result_to_string (&roll->result);
          g_string_append_printf (s, _("Die %d: %s (9.16)"), roll->die, result);
          if (!res->free_shot)
            g_string_append (s, _(" — applied at the end of the phase (9.42)"));
          g_string_append_c (s, '\n');
        }
    }
  if (s->len > 0 && s->str[s->len - 1] == '\n')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

static char *
describe_los (GbacwPlayView *self,
              int            from,
              int            to)
{
  GbacwGame *game = get_game (self);
  GbacwLosResult r;
  g_autofree char *a = hex_label (self, from);
  g_autofree char *b = hex_label (self, to);
  g_autofree char *at = NULL;
  GString *what = g_string_new (NULL);

  gbacw_fire_los (game, from, to, &r);
  if (r.clear)
    {
      g_string_free (what, TRUE);
      if (r.adjacent)
        return g_strdup_printf (_("Line of sight %s → %s: adjacent, clear (9.24)"), a, b);
      return g_strdup_printf (_("Line of sight %s → %s: clear (9.73: H %d, D %d)"), a, b, r.H, r.D);
    }
  at = hex_label (self, r.hex);
  if (r.kind == GBACW_LOS_OBSTACLE_HEX)
    {
      if (r.obstacle_is_unit)
        g_string_append (what, _("units"));
      else
        {
          guint64 mask = game->scenario->map->terrain[r.hex];
          const GPtrArray *terrains = game->scenario->catalogue.hex_terrains;
          for (guint t = 0; t < terrains->len && t < 64; t++)
            if (mask & (G_GUINT64_CONSTANT (1) << t))
              {
                const GbacwHexTerrain *terrain = g_ptr_array_index (terrains, t);
                g_string_append_printf (what, what->len ? ", %s" : "%s", terrain->name ? terrain->name : terrain->id);
              }
        }
    }
  else if (r.kind == GBACW_LOS_OBSTACLE_HEXSIDE || r.kind == GBACW_LOS_OBSTACLE_ALONG)
    {
      guint32 mask = game->scenario->map->hexside_features[r.hexside];
      const GPtrArray *types = game->scenario->catalogue.hexside_types;
      for (guint t = 0; t < types->len && t < 32; t++)
        if (mask & (1u << t))
          {
            const GbacwHexsideType *type = g_ptr_array_index (types, t);
            g_string_append_printf (what, what->len ? ", %s" : "%s", type->name ? type->name : type->id);
          }
      if (what->len == 0)
        g_string_append (what, r.kind == GBACW_LOS_OBSTACLE_ALONG ? _("the hexes along the hexside") : _("a crest"));
      if (r.other_hex >= 0)
        {
          g_autofree char *other = hex_label (self, r.other_hex);
          g_autofree char *first = hex_label (self, r.hex);
          g_free (at);
          at = g_strdup_printf ("%s/%s", first, other);
        }
    }
  {
    char *text = g_strdup_printf (_("Line of sight %s → %s: blocked at %s by %s (9.73: H %d, D %d, obstacle %d ft, "
                                    "dp %g)"), a, b, at, what->str, r.H, r.D, r.hp, r.dp);
    g_string_free (what, TRUE);
    return text;
  }
}

static char *
describe_odds (GbacwPlayView        *self,
               const GbacwMeleeOdds *o)
{
  GbacwGame *game = get_game (self);
  GString *s = g_string_new (NULL);
  const char *column = game ? gbacw_melee_crt_column (game->scenario, o->differential) : NULL;

  g_string_append_printf (s, _("Attack %d: units %d (12.1), terrain −%d (12.31), leader %+d (12.4), morale %+d (12.52)\n"),
                          o->attack, o->attack_base + o->terrain, o->terrain, o->attack_leader, o->attack_morale);
  g_string_append_printf (s, _("Defence %d: units %d (12.1, 12.72), leader %+d (12.4), morale %+d (12.52)\n"),
                          o->defend, o->defend_base, o->defend_leader, o->defend_morale);
  g_string_append_printf (s, _("Differential %+d: Melee CRT column %s (12.6)"), o->differential,
                          column ? column : "?");
  if (o->green)
    g_string_append (s, _("\nA green unit's morale is not known yet: one more or less (13.14)"));
  return g_string_free (s, FALSE);
}

/* ---------------------------------------------------------------- the panels */

static void
update_unit_page (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  GtkBox *box = self->unit_box;
  int unit = selected_unit (self);
  const GbacwGameUnit *u;
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *where = NULL;
  int side = human_side (self);

  gbacw_panel_clear (GTK_WIDGET (box));
  if (game == NULL)
    return;
  if (unit < 0)
    {
      gbacw_panel_add_label (box, _("Click a stack on the map to see its units."), "dim-label");
      if (side >= 0)
        {
          g_autofree char *text = g_strdup_printf (_("%s to act: %s."), gbacw_game_side_name (game, side),
                                                   gbacw_phase_name (game->phase));
          gbacw_panel_add_label (box, text, NULL);
        }
      return;
    }
  u = gbacw_game_unit (game, unit);
  {
    g_autofree char *title = g_strdup_printf ("%s — %s", gbacw_play_unit_name (game, unit),
                                              gbacw_game_side_name (game, u->side));
    add_heading (box, title);
  }
  where = u->hex >= 0 ? hex_label (self, u->hex) : g_strdup (presence_name (u->presence));
  g_string_append_printf (s, _("Hex: %s\n"), where);
  if (gbacw_game_is_leader (u))
    {
      g_string_append_printf (s, _("Ratings: ER %d, rally %d"), u->oob->er, u->oob->rally);
      if (u->oob->dir != GBACW_UNSET)
        g_string_append_printf (s, _(", DIR %d"), u->oob->dir);
      if (u->oob->cp != GBACW_UNSET)
        g_string_append_printf (s, _(", Command Points %d"), u->oob->cp);
      g_string_append_c (s, '\n');
      if (u->er_bonus > 0)
        g_string_append_printf (s, _("Effectiveness Radius +%d this Player-Turn (17.22)\n"), u->er_bonus);
      if (u->rally_points > 0)
        g_string_append_printf (s, _("Rally Points left: %d (17.13)\n"), u->rally_points);
    }
  else
    {
      gboolean independent = (u->oob->flags & GBACW_UNIT_FLAG_INDEPENDENT) || u->oob->formation == NULL;
      int halves = 0;
      g_autoptr(GString) status = g_string_new (NULL);

      g_string_append_printf (s, _("Command: %s\n"),
                              u->out_of_command ? _("out of command (17.11)")
                              : independent ? _("independent (5.3)") : _("in command"));
      g_string_append_printf (s, _("Formation: %s\n"), formation_name (u->formation));
      {
        g_autofree char *facing = direction_name (self, u->facing);
        g_string_append_printf (s, _("Facing: %s\n"), facing);
      }
      if (u->type == GBACW_UNIT_ARTILLERY)
        /* a battery's strength is its guns (the accounting of gbacw_query_unit_value ()) */
        g_string_append_printf (s, _("Guns: %d of %d, crew %s\n"), u->guns,
                                u->guns + u->killed + u->captured - u->recovered,
                                u->crew == GBACW_CREW_HALF ? _("half (15.12)") : _("full"));
      else if (u->type == GBACW_UNIT_WAGON)
        g_string_append_printf (s, _("Crew: %d\n"), u->strength);
      else
        g_string_append_printf (s, _("Strength: %d of %d SP\n"), u->strength, u->initial_strength);
      if (u->killed + u->captured > 0)
        g_string_append_printf (s, _("Losses: %d killed, %d captured\n"), u->killed, u->captured);
      if (u->type != GBACW_UNIT_WAGON)
        {
          if (u->morale == GBACW_MORALE_GREEN)
            g_string_append (s, _("Morale: green, not yet known (13.14)\n"));
          else
            g_string_append_printf (s, _("Morale: %d\n"), u->morale);
        }
      if (u->type == GBACW_UNIT_ARTILLERY)
        {
          if (u->rounds == GBACW_UNSET)
            g_string_append (s, _("Ammunition: rounds not counted\n"));
          else
            g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Ammunition: %d round (11.31)\n",
                                                  "Ammunition: %d rounds (11.31)\n", u->rounds),
                                    u->rounds);
        }
      else if (u->type == GBACW_UNIT_WAGON)
        g_string_append_printf (s, _("Ammunition boxes: %d small arms, %d artillery (11.1)\n"), u->small_arms_boxes,
                                u->artillery_boxes);
      else
        g_string_append_printf (s, _("Ammunition: %s\n"),
                                (u->status & GBACW_STATUS_AMMO_DEPLETED) ? _("depleted (11.2)") : _("supplied"));
      append_status (status, u->status);
      g_string_append_printf (s, _("Status: %s\n"), status->len ? status->str : _("ready"));
      if (game->phase == GBACW_PHASE_MOVEMENT && u->side == game->phasing_side
          && gbacw_movement_allowance (game, unit, &halves, NULL))
        g_string_append_printf (s, _("Movement Points: %g of %g spent\n"), u->mp_spent / 2.0, halves / 2.0);
      if (u->fire_used > 0)
        g_string_append_printf (s, _("Fired this phase: %g (9.45)\n"), u->fire_used);
    }
  if (s->len > 0)
    g_string_truncate (s, s->len - 1);
  gbacw_panel_add_label (box, s->str, "play-status");

  /* the stack and the orders of the other phases: the orders panel (gbacw-play-orders.h) */

  /* moving, fire and melee orders (those of the other phases: the orders panel) */
  if (side >= 0 && u->side == side && gbacw_game_decision (game) == NULL && u->hex >= 0
      && (game->phase == GBACW_PHASE_MOVEMENT || is_fire_phase (game) || is_melee_phase (game)))
    {
      GtkWidget *check;

      add_heading (box, _("Orders"));
      check = gtk_check_button_new_with_mnemonic (_("Whole _stack (S)"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (check), "play.whole-stack");
      gtk_box_append (box, check);
      if (game->phase == GBACW_PHASE_MOVEMENT)
        {
          static const struct { GbacwFormationState state; const char *name; const char *label; } forms[] = {
            { GBACW_FORMATION_STATE_LINE, "line", N_("_Line (L)") },
            { GBACW_FORMATION_STATE_COLUMN, "column", N_("_Column (C)") },
            { GBACW_FORMATION_STATE_MOUNTED, "mounted", N_("_Mounted (M)") },
            { GBACW_FORMATION_STATE_DISMOUNTED, "dismounted", N_("_Dismounted (D)") },
            { GBACW_FORMATION_STATE_LIMBERED, "limbered", N_("Lim_bered (K)") },
            { GBACW_FORMATION_STATE_UNLIMBERED, "unlimbered", N_("_Unlimbered (U)") },
          };
          GtkWidget *row = gtk_flow_box_new ();
          GtkWidget *turn = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

          gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
          for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
            {
              GtkWidget *button;
              gboolean fits = (u->type == GBACW_UNIT_INFANTRY && i < 2)
                              || (u->type == GBACW_UNIT_CAVALRY && (i == 2 || i == 3))
                              || (u->type == GBACW_UNIT_ARTILLERY && i >= 4);
              if (!fits)
                continue;
              button = add_action_button (row, _(forms[i].label), "play.formation",
                                          g_variant_new_string (forms[i].name));
              gtk_widget_set_sensitive (button, u->formation != forms[i].state);
            }
          gtk_box_append (box, row);
          gtk_widget_set_visible (row, gtk_widget_get_first_child (row) != NULL);

          add_action_button (turn, _("Turn _Left (,)"), "play.turn", g_variant_new_int32 (-1));
          add_action_button (turn, _("Turn _Right (.)"), "play.turn", g_variant_new_int32 (1));
          gtk_box_append (box, turn);
          gbacw_panel_add_label (box, _("Click a tinted hex to move there (its cost in Movement Points is shown); Ctrl+click "
                            "selects another stack."), "dim-label");
        }
      else if (is_fire_phase (game))
        gbacw_panel_add_label (box, _("Click an enemy hex to aim at it, again (or Return) to fire. Shift+click adds firers "
                          "from other hexes."), "dim-label");
      else if (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE)
        gbacw_panel_add_label (box, _("Click an adjacent enemy hex to declare a melee against it (B: a cavalry charge)."),
                   "dim-label");
      else if (game->phase == GBACW_PHASE_MELEE)
        gbacw_panel_add_label (box, _("Click the enemy hex of a declared melee, again (or Return) to melee."), "dim-label");
    }
}

static void
update_combat_page (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  GtkBox *box = self->combat_box;

  gbacw_panel_clear (GTK_WIDGET (box));
  if (game == NULL)
    return;

  if (self->target >= 0)
    {
      g_autofree char *label = hex_label (self, self->target);
      g_autofree char *title = g_strdup_printf (_("Target %s"), label);
      g_autoptr(GArray) units = acting_units (self);
      g_autoptr(GArray) hexes = acting_hexes (self);
      g_autoptr(GString) firers = g_string_new (NULL);

      add_heading (box, title);
      append_unit_names (firers, game, (const int *) (gpointer) units->data, units->len);
      {
        g_autofree char *text = g_strdup_printf (_("Units: %s"), firers->len ? firers->str : _("none selected"));
        gbacw_panel_add_label (box, text, NULL);
      }
      if (is_fire_phase (game))
        for (guint i = 0; i < hexes->len; i++)
          {
            g_autofree char *los = describe_los (self, g_array_index (hexes, int, i), self->target);
            gbacw_panel_add_label (box, los, "play-los");
          }
      if (self->preview != NULL)
        {
          g_autofree char *text = describe_fire (self, self->preview, FALSE);

          gbacw_panel_add_label (box, text, "play-fire");
          gtk_widget_add_css_class (add_action_button (GTK_WIDGET (box), _("_Fire (Return)"), "play.confirm", NULL),
                                    "destructive-action");
        }
      else if (self->has_odds)
        {
          g_autofree char *text = describe_odds (self, &self->odds);
          GtkWidget *button;

          gbacw_panel_add_label (box, text, "play-fire");
          if (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE)
            {
              GtkWidget *check = gtk_check_button_new_with_mnemonic (_("Cavalry _charge (B, 16.2)"));
              gtk_actionable_set_action_name (GTK_ACTIONABLE (check), "play.charge");
              gtk_box_append (box, check);
              button = add_action_button (GTK_WIDGET (box), _("_Declare Melee (Return)"), "play.declare-melee", NULL);
            }
          else
            button = add_action_button (GTK_WIDGET (box), _("_Melee (Return)"), "play.melee", NULL);
          gtk_widget_add_css_class (button, "destructive-action");
        }
      else if (self->preview_error != NULL)
        gbacw_panel_add_label (box, self->preview_error, "play-refused");
    }
  else
    gbacw_panel_add_label (box, _("Select units of the side to act, then click an enemy hex: the fire or melee is worked out "
                      "here before any die is rolled."), "dim-label");

  /* melees announced this Player-Turn */
  if (game->melees != NULL && game->melees->len > 0)
    {
      add_heading (box, _("Melees Declared"));
      for (guint i = 0; i < game->melees->len; i++)
        {
          const GbacwMeleeDeclaration *m = g_ptr_array_index (game->melees, i);
          g_autofree char *target = hex_label (self, m->target);
          g_autoptr(GString) s = g_string_new (NULL);
          g_autofree char *text = NULL;

          /* the engine clears (-1) the units that have meleed (12.0) */
          for (int k = 0; k < m->n_units; k++)
            if (m->units[k] >= 0)
              append_unit_names (s, game, &m->units[k], 1);
          if (s->len > 0)
            text = g_strdup_printf (_("%s → %s%s%s"), s->str, target, m->charge ? _(" (charge)") : "",
                                    m->resolved ? _(": resolved") : "");
          else
            /* TRANSLATORS: a melee declared (12.8) whose units have all meleed, "0505: meleed" */
            text = g_strdup_printf (_("%s%s: meleed"), target, m->charge ? _(" (charge)") : "");
          gbacw_panel_add_label (box, text, NULL);
        }
    }

  if (self->result_text != NULL)
    {
      add_heading (box, _("Result"));
      gbacw_panel_add_label (box, self->result_text, "play-result");
    }
}

/* A side's Victory Points by kind of award, as the engine counts them (gbacw-query.h). */
static char *
describe_vp_parts (const GbacwVictory *v,
                   int                 side)
{
  /* TRANSLATORS: the parts of a side's Victory Points */
  return g_strdup_printf (_("objectives %d, enemy losses %d, leaders %d, BCE %d, units exited %d"),
                          v->objectives[side], v->enemy_sp[side], v->leaders[side], v->bce[side], v->exited[side]);
}

/* The awards the engine leaves to the players (custom), or NULL when there are none. */
static char *
describe_not_computed (const GbacwVictory *v)
{
  if (v->not_computed == NULL || *v->not_computed == '\0')
    return NULL;
  /* TRANSLATORS: the scenario's custom Victory Point awards, which the engine cannot count */
  return g_strdup_printf (_("Not counted (custom awards, for the players to judge): %s"), v->not_computed);
}

/* The level, each side's VP by kind of award, the awards not counted: one per line. */
static char *
describe_victory (const GbacwGame    *game,
                  const GbacwVictory *v)
{
  GString *s = g_string_new (v->level ? v->level : "");
  g_autofree char *not_computed = describe_not_computed (v);

  for (int side = 0; side < 2; side++)
    {
      g_autofree char *parts = describe_vp_parts (v, side);
      /* TRANSLATORS: a side's Victory Points and their parts: "Union 6 VP: objectives 3, …" */
      g_string_append_printf (s, _("\n%s %d VP: %s"), gbacw_game_side_name (game, side), v->vp[side], parts);
    }
  if (not_computed != NULL)
    g_string_append_printf (s, "\n%s", not_computed);
  return g_string_free (s, FALSE);
}

static void
update_roster_page (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  GtkBox *box = self->roster_box;
  const GbacwScenario *scenario;
  GbacwVictory v = { 0 };

  self->roster_dirty = FALSE;
  gbacw_panel_clear (GTK_WIDGET (box));
  if (game == NULL)
    return;
  scenario = game->scenario;
  gbacw_outcome_victory (gbacw_play_session_get_outcome (self->session), game, &v);

  for (int side = 0; side < 2; side++)
    {
      g_autofree char *title = NULL;
      g_autofree char *summary = NULL;
      g_autofree char *parts = describe_vp_parts (&v, side);

      title = g_strdup_printf (_("%s: %d VP"), gbacw_game_side_name (game, side), v.vp[side]);
      add_heading (box, title);
      summary = g_strdup_printf (_("Strength %d of %d (SP and guns): %d killed, %d captured\nVP: %s"),
                                 v.sp_now[side], v.sp_start[side], v.killed[side], v.captured[side], parts);
      gbacw_panel_add_label (box, summary, "dim-label");

      /* brigades and their BCE (18.0) */
      for (guint f = 0; f < scenario->oob.formations->len; f++)
        {
          const GbacwFormation *formation = g_ptr_array_index (scenario->oob.formations, f);
          GString *s;

          if (gbacw_game_side_index (game, formation->side) != side || formation->kind != GBACW_FORMATION_BRIGADE)
            continue;
          s = g_string_new (NULL);
          g_string_append_printf (s, "<b>%s</b>", formation->name ? formation->name : formation->id);
          if (gbacw_query_bce_limit (game, formation) != GBACW_UNSET)
            {
              int marks = gbacw_query_bce_marks (game, formation);
              gboolean lost = gbacw_query_bce_lost (game, formation);
              /* TRANSLATORS: a brigade's BCE boxes marked of its limit (18.0) */
              g_string_append_printf (s, _("  BCE %d/%d%s"), marks, gbacw_query_bce_limit (game, formation),
                                      lost ? _(" — <b>lost</b>") : "");
            }
          add_markup (box, s->str);
          g_string_free (s, TRUE);

          for (guint i = 0; i < game->units->len; i++)
            {
              const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
              g_autoptr(GString) line = NULL;
              g_autoptr(GString) status = NULL;
              g_autofree char *escaped = NULL;

              if (u->side != side || !gbacw_query_in_formation (game, (int) i, formation))
                continue;
              line = g_string_new ("  ");
              status = g_string_new (NULL);
              escaped = g_markup_escape_text (gbacw_play_unit_name (game, (int) i), -1);
              g_string_append (line, escaped);
              if (gbacw_game_is_leader (u))
                {
                  if (u->presence != GBACW_PRESENCE_ON_MAP)
                    g_string_append_printf (line, " — <b>%s</b>", presence_name (u->presence));
                  else if (u->times_lost > 0)
                    g_string_append_printf (line, _(" — lost %d× (17.73)"), u->times_lost);
                }
              else
                {
                  int value = gbacw_query_unit_value (u);
                  int start = value + u->killed + u->captured;
                  g_string_append_printf (line, " %d/%d", value, start);
                  if (u->killed + u->captured > 0)
                    g_string_append_printf (line, _(" (−%d)"), u->killed + u->captured);
                  append_status (status, u->status);
                  if (u->presence != GBACW_PRESENCE_ON_MAP)
                    g_string_append_printf (line, " — <b>%s</b>", presence_name (u->presence));
                  else if (status->len > 0)
                    g_string_append_printf (line, " — %s", status->str);
                }
              add_markup (box, line->str);
            }
        }
      /* units of no brigade */
      {
        gboolean heading = FALSE;
        for (guint i = 0; i < game->units->len; i++)
          {
            const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
            const GbacwFormation *formation = u->oob->formation ? gbacw_oob_find_formation (&scenario->oob,
                                                                                            u->oob->formation) : NULL;
            g_autofree char *escaped = NULL;
            g_autofree char *line = NULL;

            if (u->side != side || (formation != NULL && formation->kind == GBACW_FORMATION_BRIGADE)
                || (formation != NULL && formation->kind == GBACW_FORMATION_GROUP)
                || (gbacw_game_is_wagon_crew (u) && u->presence == GBACW_PRESENCE_NOT_ARRIVED))
              continue;   /* 11.11: a wagon's crew counter once its crew has routed */
            if (!heading)
              add_markup (box, _("<b>Commanders and independent units</b>"));
            heading = TRUE;
            escaped = g_markup_escape_text (gbacw_play_unit_name (game, (int) i), -1);
            if (gbacw_game_is_leader (u))
              line = g_strdup_printf ("  %s%s%s", escaped, u->presence != GBACW_PRESENCE_ON_MAP ? " — " : "",
                                      u->presence != GBACW_PRESENCE_ON_MAP ? presence_name (u->presence) : "");
            else
              line = g_strdup_printf ("  %s %d/%d%s%s", escaped, gbacw_query_unit_value (u),
                                      gbacw_query_unit_value (u) + u->killed + u->captured,
                                      u->presence != GBACW_PRESENCE_ON_MAP ? " — " : "",
                                      u->presence != GBACW_PRESENCE_ON_MAP ? presence_name (u->presence) : "");
            add_markup (box, line);
          }
      }
    }
  gbacw_victory_clear (&v);
}

static void
update_turns_page (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  GtkBox *box = self->turns_box;
  const GbacwScenario *scenario;
  GtkWidget *grid;
  int row = 0;

  self->turns_dirty = FALSE;
  gbacw_panel_clear (GTK_WIDGET (box));
  if (game == NULL)
    return;
  scenario = game->scenario;
  add_heading (box, _("Game-Turn Record"));
  grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  {
    const char *headings[] = { N_("Turn"), N_("Time"), N_("First"), NULL, NULL };
    for (int c = 0; c < 5; c++)
      {
        GtkWidget *label = gtk_label_new (c < 3 ? _(headings[c]) : gbacw_game_side_name (game, c - 3));
        gtk_label_set_xalign (GTK_LABEL (label), c >= 3 ? 1 : 0);
        gtk_widget_add_css_class (label, "dim-label");
        gtk_grid_attach (GTK_GRID (grid), label, c, row, 1, 1);
      }
    row++;
  }
  for (int turn = game->first_turn; turn <= game->last_turn; turn++, row++)
    {
      const GbacwTurn *t = NULL;
      int vp[2];
      char buf[32];
      GtkWidget *cells[5];
      int first = gbacw_game_first_player (game, turn);

      for (guint i = 0; i < scenario->turns.turns->len; i++)
        if (((GbacwTurn *) g_ptr_array_index (scenario->turns.turns, i))->n == turn)
          t = g_ptr_array_index (scenario->turns.turns, i);
      g_snprintf (buf, sizeof buf, "%s%d", turn == game->turn ? "▶ " : "", turn);
      cells[0] = gtk_label_new (buf);
      cells[1] = gtk_label_new (t && t->time ? t->time : "");
      if (gbacw_game_is_night (game, turn))
        {
          g_autofree char *night = g_strdup_printf (_("%s night"), t && t->time ? t->time : "");
          gtk_label_set_text (GTK_LABEL (cells[1]), night);
        }
      cells[2] = gtk_label_new (first >= 0 ? gbacw_game_side_name (game, first) : "");
      if (gbacw_play_session_get_turn_vp (self->session, turn, vp))
        {
          g_snprintf (buf, sizeof buf, "%d", vp[0]);
          cells[3] = gtk_label_new (buf);
          g_snprintf (buf, sizeof buf, "%d", vp[1]);
          cells[4] = gtk_label_new (buf);
        }
      else
        {
          cells[3] = gtk_label_new ("");
          cells[4] = gtk_label_new ("");
        }
      for (int c = 0; c < 5; c++)
        {
          gtk_label_set_xalign (GTK_LABEL (cells[c]), c >= 3 ? 1 : 0);
          if (turn == game->turn)
            gtk_widget_add_css_class (cells[c], "play-current-turn");
          gtk_grid_attach (GTK_GRID (grid), cells[c], c, row, 1, 1);
        }
    }
  gtk_box_append (box, grid);
  gbacw_panel_add_label (box, _("Victory Points at the end of each Game-Turn played."), "dim-label");

  /* the VP as they stand, with the parts the table cannot show */
  {
    GbacwVictory v = { 0 };
    g_autofree char *not_computed = NULL;

    gbacw_outcome_victory (gbacw_play_session_get_outcome (self->session), game, &v);
    add_heading (box, _("Victory Points Now"));
    if (v.level != NULL)
      gbacw_panel_add_label (box, v.level, NULL);
    for (int side = 0; side < 2; side++)
      {
        g_autofree char *parts = describe_vp_parts (&v, side);
        g_autofree char *text = g_strdup_printf (_("%s %d VP: %s"), gbacw_game_side_name (game, side), v.vp[side],
                                                 parts);
        gbacw_panel_add_label (box, text, NULL);
      }
    not_computed = describe_not_computed (&v);
    if (not_computed != NULL)
      gbacw_panel_add_label (box, not_computed, "play-vp-note");
    gbacw_victory_clear (&v);
  }

  /* the units that left the map ("unit-exited" awards) */
  for (guint i = 0, n = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const GbacwArea *area;
      g_autofree char *text = NULL;

      if (u->presence != GBACW_PRESENCE_EXITED)
        continue;
      if (n++ == 0)
        add_heading (box, _("Left the Map"));
      area = u->exit_area >= 0 && (guint) u->exit_area < scenario->map->areas->len
             ? g_ptr_array_index (scenario->map->areas, u->exit_area) : NULL;
      /* TRANSLATORS: a unit that left the map: name, side, Game-Turn, exit area */
      text = g_strdup_printf (_("%s (%s): Game-Turn %d, through %s"), gbacw_play_unit_name (game, (int) i),
                              gbacw_game_side_name (game, u->side), u->exit_turn,
                              area == NULL ? "?" : area->name && *area->name ? area->name : area->id);
      gbacw_panel_add_label (box, text, NULL);
    }

  /* reinforcements still to come */
  if (scenario->reinforcements->len > 0)
    {
      add_heading (box, _("Reinforcements"));
      for (guint i = 0; i < scenario->reinforcements->len; i++)
        {
          const GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);
          guint waiting = 0, n = 0;
          g_autofree char *units = NULL;
          g_autofree char *text = NULL;

          for (guint k = 0; k < game->units->len; k++)
            {
              const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
              if (u->reinforcement == (int) i)
                {
                  n++;
                  waiting += u->presence == GBACW_PRESENCE_NOT_ARRIVED;
                }
            }
          units = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit", "%u units", n), n);
          /* TRANSLATORS: a Game-Turn, its units ("3 units"), how many of them have not entered yet */
          text = g_strdup_printf (_("Game-Turn %d: %s, %u still to enter"), r->turn, units, waiting);
          gbacw_panel_add_label (box, text, NULL);
        }
    }
}

/* ---------------------------------------------------------------- the log */

static void
log_setup (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *rule = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (rule), 0);
  gtk_label_set_width_chars (GTK_LABEL (rule), 6);
  gtk_widget_set_valign (rule, GTK_ALIGN_START);
  gtk_widget_add_css_class (rule, "play-log-case");
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (text), FALSE);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), rule);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_item_set_child (item, box);
}

static void
log_bind (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *rule = gtk_widget_get_first_child (box);
  GtkWidget *text = gtk_widget_get_next_sibling (rule);
  const char *line = gtk_string_object_get_string (gtk_list_item_get_item (item));
  const char *tab = strchr (line, '\t');
  g_autofree char *rule_case = tab ? g_strndup (line, tab - line) : g_strdup ("");

  gtk_label_set_text (GTK_LABEL (rule), rule_case);
  gtk_label_set_text (GTK_LABEL (text), tab ? tab + 1 : line);
  if (tab == line)
    gtk_widget_add_css_class (box, "play-log-heading");
  else
    gtk_widget_remove_css_class (box, "play-log-heading");
}

static gboolean
scroll_log (gpointer user_data)
{
  GbacwPlayView *self = user_data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log_model));

  self->log_scroll_id = 0;
  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->log_view), "list.scroll-to-item", "u", n - 1);
  self->log_follow = TRUE;
  return G_SOURCE_REMOVE;
}

static void
update_log (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GPtrArray) lines = NULL;

  if (game != self->log_game || game == NULL || game->events->len < self->log_events)
    {
      /* another game (a replay, a load): the log again from the start */
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log_model));
      gtk_string_list_splice (self->log_model, 0, n, NULL);
      self->log_game = game;
      self->log_events = 0;
      self->log_key = -1;
    }
  if (game == NULL || self->log_events == game->events->len)
    return;
  lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = self->log_events; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      int key = (e->turn * 2 + (e->phasing_side != gbacw_game_first_player (game, e->turn))) * 32 + (int) e->phase;

      if (key != self->log_key)
        {
          /* TRANSLATORS: a heading in the log: Game-Turn, phasing player, phase letter and name */
          g_autofree char *heading = g_strdup_printf (_("Game-Turn %d · %s · %s %s"), e->turn,
                                                      gbacw_game_side_name (game, e->phasing_side),
                                                      gbacw_phase_letter (e->phase), gbacw_phase_name (e->phase));
          /* no rule case: a heading */
          g_ptr_array_add (lines, g_strconcat ("\t", heading, NULL));
          self->log_key = key;
        }
      g_ptr_array_add (lines, g_strdup_printf ("%s\t%s", e->rule_case ? e->rule_case : "", e->text));
    }
  g_ptr_array_add (lines, NULL);
  {
    guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log_model));
    gtk_string_list_splice (self->log_model, n, 0, (const char *const *) lines->pdata);
  }
  self->log_events = game->events->len;
  /* the newest line in view, unless the user scrolled up to read */
  if (self->log_follow && self->log_scroll_id == 0)
    self->log_scroll_id = g_idle_add (scroll_log, self);
}

static void
on_log_value (GbacwPlayView *self,
              GParamSpec    *pspec,
              GtkAdjustment *adjustment)
{
  /* scrolled to the end (or by us): follow the new lines */
  if (self->log_scroll_id == 0)
    self->log_follow = gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
                       >= gtk_adjustment_get_upper (adjustment) - 40;
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
  gboolean human = human_side (self) >= 0;

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
update_phase_bar (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autofree char *turn = NULL;
  g_autofree char *phase = NULL;
  g_autofree char *vp = NULL;
  const char *time = "";
  const char *next;
  gboolean computer, replaying, over;
  GbacwVictory v = { 0 };

  if (game == NULL)
    return;
  computer = gbacw_play_session_computer_to_act (self->session);
  replaying = gbacw_play_session_is_replaying (self->session);
  over = gbacw_game_is_over (game);

  /* TRANSLATORS: the phase bar: Game-Turn n of last */
  turn = g_strdup_printf (_("Game-Turn %d of %d"), game->turn, game->last_turn);
  gtk_label_set_text (self->turn_label, turn);
  for (guint i = 0; i < game->scenario->turns.turns->len; i++)
    {
      const GbacwTurn *t = g_ptr_array_index (game->scenario->turns.turns, i);
      if (t->n == game->turn && t->time != NULL)
        time = t->time;
    }
  if (game->night)
    {
      g_autofree char *night = g_strdup_printf (_("%s (night)"), time);
      gtk_label_set_text (self->time_label, night);
    }
  else
    gtk_label_set_text (self->time_label, time);
  gtk_label_set_text (self->side_label, over ? "" : gbacw_game_side_name (game, game->phasing_side));
  if (over)
    phase = g_strdup (_("Game over"));
  else if (game->phase == GBACW_PHASE_EXCLUSIVE && game->extra_phase_name)
    phase = g_strdup (game->extra_phase_name);
  else
    /* TRANSLATORS: the phase letter and name: "B  Movement Phase" */
    phase = g_strdup_printf (_("%s  %s"), gbacw_phase_letter (game->phase), gbacw_phase_name (game->phase));
  gtk_label_set_text (self->phase_label, phase);

  gbacw_outcome_victory (gbacw_play_session_get_outcome (self->session), game, &v);
  /* TRANSLATORS: Victory Points in the phase bar: "Union 6 · Confederate 8 VP — Draw" */
  vp = g_strdup_printf (_("%s %d · %s %d VP — %s"), gbacw_game_side_name (game, 0), v.vp[0],
                        gbacw_game_side_name (game, 1), v.vp[1], v.level ? v.level : "");
  gtk_label_set_text (self->vp_label, vp);
  {
    g_autofree char *details = describe_victory (game, &v);
    g_autofree char *not_computed = describe_not_computed (&v);

    gtk_widget_set_tooltip_text (GTK_WIDGET (self->vp_label), details);
    /* custom awards change the result without being counted: a sign beside the VP */
    gtk_widget_set_visible (self->vp_note_icon, not_computed != NULL);
    gtk_widget_set_tooltip_text (self->vp_note_icon, not_computed);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->vp_note_icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    not_computed ? not_computed : "", -1);
  }
  gbacw_victory_clear (&v);

  gtk_spinner_set_spinning (self->computer_spinner, computer);
  gtk_widget_set_visible (GTK_WIDGET (self->computer_spinner), computer);
  if (replaying)
    next = _("Replaying");
  else if (over)
    next = _("Game Over");
  else if (computer)
    next = gbacw_play_session_get_jump (self->session) > 0 ? _("Jumping Ahead…") : _("Computer Playing…");
  else if (gbacw_game_decision (game) != NULL)
    next = _("Answer the Question");
  else
    next = _("End Phase (N)");
  gtk_label_set_text (self->next_label, next);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.next-step",
                                 !replaying && !over && !computer && gbacw_game_decision (game) == NULL);
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
update_players (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autofree char *info = NULL;
  guint n_actions;

  if (game == NULL)
    return;
  self->updating = TRUE;
  gtk_label_set_text (self->side0_label, gbacw_game_side_name (game, 0));
  gtk_label_set_text (self->side1_label, gbacw_game_side_name (game, 1));
  gtk_drop_down_set_selected (self->side0_dropdown, (self->computer & 1) ? 1 : 0);
  gtk_drop_down_set_selected (self->side1_dropdown, (self->computer & 2) ? 1 : 0);
  gtk_spin_button_set_range (self->jump_spin, game->first_turn, game->last_turn);
  if (gtk_spin_button_get_value_as_int (self->jump_spin) <= game->turn)
    gtk_spin_button_set_value (self->jump_spin, MIN (game->turn + 1, game->last_turn));
  self->updating = FALSE;
  n_actions = gbacw_play_session_get_record_length (self->session);
  info = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "This game: seed %u, %u action. The scenario played is the file %s.",
                                       "This game: seed %u, %u actions. The scenario played is the file %s.", n_actions),
                          gbacw_play_session_get_seed (self->session), n_actions,
                          gbacw_play_session_get_scenario_path (self->session)
                            ? gbacw_play_session_get_scenario_path (self->session) : _("(none)"));
  gtk_label_set_text (self->game_info_label, info);
}

static void
update_actions (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  int side = human_side (self);
  gboolean acting = side >= 0 && game != NULL && gbacw_game_decision (game) == NULL;
  gboolean fire = is_fire_phase (game);
  gboolean melee_e = game && game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE;
  gboolean melee_f = game && game->phase == GBACW_PHASE_MELEE;
  gboolean has_target = self->target >= 0 && self->selection->len > 0;
  gboolean replaying = self->session && gbacw_play_session_is_replaying (self->session);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.formation", acting && game->phase == GBACW_PHASE_MOVEMENT);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.turn", acting && game->phase == GBACW_PHASE_MOVEMENT);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.fire", acting && fire && has_target);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.declare-melee", acting && melee_e && has_target);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.melee", acting && melee_f && has_target);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.confirm", acting && has_target && (fire || melee_e || melee_f));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.answer", side >= 0 && game && gbacw_game_decision (game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.replay-step", replaying);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.replay-resume", replaying);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.save-game", self->session != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "play.balance", self->session != NULL);
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
  else if (is_fire_phase (game))
    hint = self->target >= 0 ? _("Return or a second click fires") : _("Click an enemy hex to aim at it");
  else if (game->phase == GBACW_PHASE_RALLY && gbacw_game_is_leader (gbacw_game_unit (game, selected_unit (self)))
           && gbacw_game_unit (game, selected_unit (self))->rally_points > 0)
    hint = _("Click a routed unit of his to spend a Rally Point on it");
  set_hint (self, hint);
}

/* Everything shown follows the game. */
static void
update (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  const char *page;

  if (game != NULL)
    {
      /* a result belongs to its phase */
      int key = (game->turn * 2 + game->player_turn) * 32 + (int) game->phase;
      if (key != self->result_key)
        {
          g_clear_pointer (&self->result_text, g_free);
          self->result_key = key;
        }
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
          clear_preview (self);
        }
    }
  sync_counters (self);
  update_range (self);
  update_phase_bar (self);
  update_decision (self);
  update_replay_bar (self);
  update_players (self);
  update_log (self);
  update_unit_page (self);
  {
    g_autoptr(GArray) moving = moving_units (self);
    gbacw_play_orders_set_selection (self->orders, self->selection, moving);
  }
  update_combat_page (self);
  update_actions (self);
  update_hint (self);
  self->roster_dirty = self->turns_dirty = TRUE;
  page = gtk_stack_get_visible_child_name (self->panel_stack);
  if (g_strcmp0 (page, "roster") == 0)
    update_roster_page (self);
  else if (g_strcmp0 (page, "turns") == 0)
    update_turns_page (self);
  gbacw_map_canvas_queue_overlay (self->canvas);
}

static void
on_page_changed (GbacwPlayView *self,
                 GParamSpec    *pspec,
                 GtkStack      *stack)
{
  const char *page = gtk_stack_get_visible_child_name (stack);

  if (g_strcmp0 (page, "roster") == 0 && self->roster_dirty)
    update_roster_page (self);
  else if (g_strcmp0 (page, "turns") == 0 && self->turns_dirty)
    update_turns_page (self);
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
    show_message (self, error->message);
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

static void
schedule_computer (GbacwPlayView *self)
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
  update (self);
  schedule_computer (self);
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
      g_signal_connect_object (session, "changed", G_CALLBACK (on_session_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (session, "notify::replaying", G_CALLBACK (on_session_replaying), self,
                               G_CONNECT_SWAPPED);
      self->updating = TRUE;
      gtk_spin_button_set_value (self->seed_spin, gbacw_play_session_get_seed (session));
      self->updating = FALSE;
    }
  g_array_set_size (self->selection, 0);
  self->target = -1;
  clear_preview (self);
  clear_range (self);
  g_clear_pointer (&self->result_text, g_free);
  show_message (self, NULL);
  self->log_game = NULL;
  gbacw_play_orders_set_session (self->orders, session);
  make_display (self);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAYING]);
  schedule_computer (self);
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

  self->computer = sides & 3;
  if (self->session != NULL)
    gbacw_play_session_set_computer (self->session, self->computer);
  update_players (self);
  schedule_computer (self);
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
  return self->orders;
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
  return self->preview;
}

const int *
gbacw_play_view_get_move_costs (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  update_range (self);
  return self->range ? self->range->cost : NULL;
}

const char *
gbacw_play_view_get_message (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);
  return self->message;
}

static void
append_widget_text (GString   *s,
                    GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_visible (child))
        continue;
      if (GTK_IS_LABEL (child))
        {
          g_string_append (s, gtk_label_get_text (GTK_LABEL (child)));
          g_string_append_c (s, '\n');
        }
      else if (GTK_IS_BUTTON (child) && gtk_button_get_label (GTK_BUTTON (child)) != NULL)
        {
          g_string_append_printf (s, "[%s]\n", gtk_button_get_label (GTK_BUTTON (child)));
        }
      else
        append_widget_text (s, child);
    }
}

char *
gbacw_play_view_get_page_text (GbacwPlayView *self,
                               const char    *page)
{
  GString *s = g_string_new (NULL);
  GtkWidget *box = NULL;

  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), NULL);

  if (g_strcmp0 (page, "unit") == 0)
    box = self->unit_page;   /* the unit and its orders */
  else if (g_strcmp0 (page, "combat") == 0)
    box = GTK_WIDGET (self->combat_box);
  else if (g_strcmp0 (page, "roster") == 0)
    {
      if (self->roster_dirty)
        update_roster_page (self);
      box = GTK_WIDGET (self->roster_box);
    }
  else if (g_strcmp0 (page, "turns") == 0)
    {
      if (self->turns_dirty)
        update_turns_page (self);
      box = GTK_WIDGET (self->turns_box);
    }
  if (box != NULL)
    append_widget_text (s, box);
  return g_string_free (s, FALSE);
}

guint
gbacw_play_view_get_n_log_lines (GbacwPlayView *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->log_model));
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

/* ---------------------------------------------------------------- actions */

static void
next_step_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  g_autoptr(GbacwAction) action = gbacw_action_new_end_phase ();

  GbacwGame *game = get_game (self);
  guint first_event;
  gboolean fire;

  if (human_side (self) < 0 || game == NULL)
    return;
  self->target = -1;
  clear_preview (self);
  first_event = game->events->len;
  fire = is_fire_phase (game);
  if (apply (self, action))
    {
      g_array_set_size (self->selection, 0);
      if (fire)
        {
          /* the consequences of the phase's fire: losses, leaders, morale, routs (9.42) */
          g_autofree char *events = events_since (self, first_event);
          set_result (self, g_strdup_printf (_("The results of the fire, applied at the end of the phase (9.42):\n%s"),
                                             events));
        }
      update (self);
    }
}

static void
answer_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  int index = g_variant_get_int32 (parameter);
  GbacwGame *game = get_game (self);
  guint first_event;

  if (self->answers == NULL || index < 0 || index >= (int) self->answers->len || game == NULL)
    return;
  first_event = game->events->len;
  if (apply (self, ((GbacwPlayAnswer *) g_ptr_array_index (self->answers, index))->action))
    {
      set_result (self, events_since (self, first_event));
      update (self);
    }
}

static int
unit_by_id (GbacwPlayView *self,
            const char    *id)
{
  GbacwGame *game = get_game (self);
  GbacwGameUnit *u = game ? gbacw_game_find_unit (game, id) : NULL;
  return u ? u->index : -1;
}

static void
select_unit_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  const char *id = g_variant_get_string (parameter, NULL);
  int unit = unit_by_id (self, id);

  if (unit >= 0)
    select_units (self, &unit, 1);
  else
    select_units (self, NULL, 0);
}

static void
click_hex_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  click_hex (GBACW_PLAY_VIEW (widget), g_variant_get_int32 (parameter), 0);
}

static void
move_to_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  move_to (GBACW_PLAY_VIEW (widget), g_variant_get_int32 (parameter));
}

static void
target_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  set_target (GBACW_PLAY_VIEW (widget), g_variant_get_int32 (parameter));
}

static void
confirm_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  GbacwGame *game = get_game (self);

  if (game == NULL || self->target < 0)
    return;
  if (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE)
    melee_at_target (self, TRUE);
  else if (game->phase == GBACW_PHASE_MELEE)
    melee_at_target (self, FALSE);
  else
    fire_at_target (self);
}

static void
fire_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  fire_at_target (GBACW_PLAY_VIEW (widget));
}

static void
melee_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  melee_at_target (GBACW_PLAY_VIEW (widget), g_str_equal (action_name, "play.declare-melee"));
}

static void
formation_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  static const struct { const char *name; GbacwFormationState state; } names[] = {
    { "line", GBACW_FORMATION_STATE_LINE }, { "column", GBACW_FORMATION_STATE_COLUMN },
    { "mounted", GBACW_FORMATION_STATE_MOUNTED }, { "dismounted", GBACW_FORMATION_STATE_DISMOUNTED },
    { "limbered", GBACW_FORMATION_STATE_LIMBERED }, { "unlimbered", GBACW_FORMATION_STATE_UNLIMBERED },
  };
  const char *name = g_variant_get_string (parameter, NULL);
  g_autoptr(GArray) units = moving_units (self);
  g_autoptr(GbacwAction) action = NULL;

  if (units->len == 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i].name))
      action = gbacw_action_new_change_formation ((const int *) (gpointer) units->data, units->len, names[i].state);
  if (action != NULL && apply (self, action))
    update (self);
}

static void
turn_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  GbacwGame *game = get_game (self);
  int unit = selected_unit (self);
  const GbacwGameUnit *u;
  g_autoptr(GbacwAction) action = NULL;
  int facing;

  if (game == NULL || unit < 0)
    return;
  u = gbacw_game_unit (game, unit);
  facing = u->facing < 0 ? 0 : (u->facing + 6 + g_variant_get_int32 (parameter)) % 6;
  action = gbacw_action_new_change_facing (u->hex, facing);
  if (apply (self, action))
    update (self);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);

  if (self->message != NULL)
    show_message (self, NULL);
  self->target = -1;
  clear_preview (self);
  select_units (self, NULL, 0);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  int direction = g_variant_get_int32 (parameter);

  if (direction > 0)
    gbacw_map_canvas_zoom_in (self->canvas);
  else if (direction < 0)
    gbacw_map_canvas_zoom_out (self->canvas);
  else
    gbacw_map_canvas_zoom_fit (self->canvas);
}

/* Save Game or Load Game chose a file (the chooser's "save" data says which). */
static void
on_game_file_response (GbacwPlayView        *self,
                       int                   response,
                       GtkFileChooserNative *chooser)
{
  gboolean save = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "save"));
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      path = file ? g_file_get_path (file) : NULL;
    }
  if (path != NULL && !(save ? gbacw_play_view_save_game (self, path, &error)
                             : gbacw_play_view_load_game (self, path, &error)))
    show_message (self, error->message);
  else if (path != NULL && save)
    {
      g_autofree char *text = g_strdup_printf (_("Game saved to %s"), path);
      show_message (self, text);
    }
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (chooser));
  g_clear_object (&self->file_chooser);
}

static void
file_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  gboolean save = g_str_equal (action_name, "play.save-game");
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkFileChooserNative *chooser;
  static const char * const mime_types[] = { "application/xml", NULL };
  static const char * const suffixes[] = { "xml", NULL };

  if (self->file_chooser != NULL || (save && self->session == NULL))
    return;
  chooser = gtk_file_chooser_native_new (save ? _("Save the Game") : _("Load a Game"),
                                         GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                         save ? _("_Save") : _("_Load"), _("_Cancel"));
  gbacw_file_chooser_add_filters (GTK_FILE_CHOOSER (chooser), _("Saved games (XML)"), mime_types, suffixes);
  if (save)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), _("game.xml"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "save", GINT_TO_POINTER (save));
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_game_file_response), self, G_CONNECT_SWAPPED);
  self->file_chooser = GTK_NATIVE_DIALOG (chooser);
  gtk_native_dialog_show (self->file_chooser);
}

static void
set_replaying (GbacwPlayView *self,
               gboolean       replaying)
{
  if (self->session == NULL || replaying == gbacw_play_session_is_replaying (self->session))
    return;
  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  g_array_set_size (self->selection, 0);
  self->target = -1;
  clear_preview (self);
  if (replaying)
    gbacw_play_session_start_replay (self->session);
  else
    {
      /* back to the end of the record, and play on */
      g_autoptr(GError) error = NULL;
      if (!gbacw_play_session_replay_seek (self->session, gbacw_play_session_get_record_length (self->session), &error))
        show_message (self, error->message);
      gbacw_play_session_stop_replay (self->session);
    }
}

static void
replay_step_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  gint64 position;
  g_autoptr(GError) error = NULL;

  if (self->session == NULL || !gbacw_play_session_is_replaying (self->session))
    return;
  position = (gint64) gbacw_play_session_get_replay_position (self->session) + g_variant_get_int32 (parameter);
  position = CLAMP (position, 0, (gint64) gbacw_play_session_get_record_length (self->session));
  if (!gbacw_play_session_replay_seek (self->session, (guint) position, &error))
    show_message (self, error->message);
}

static void
on_replay_scale (GbacwPlayView *self,
                 GtkAdjustment *adjustment)
{
  g_autoptr(GError) error = NULL;

  if (self->updating || self->session == NULL || !gbacw_play_session_is_replaying (self->session))
    return;
  if (!gbacw_play_session_replay_seek (self->session, (guint) gtk_adjustment_get_value (adjustment), &error))
    show_message (self, error->message);
}

static void
replay_resume_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);

  if (self->session != NULL)
    gbacw_play_session_stop_replay (self->session);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  g_autoptr(GbacwPlaySession) session = NULL;
  g_autoptr(GError) error = NULL;
  guint32 seed = (guint32) gtk_spin_button_get_value (self->seed_spin);

  if (self->session == NULL)
    return;
  session = gbacw_play_session_new (gbacw_play_session_get_scenario (self->session),
                                    gbacw_play_session_get_scenario_path (self->session),
                                    gbacw_play_session_is_temporary (self->session), seed, &error);
  if (session == NULL)
    {
      show_message (self, error->message);
      return;
    }
  gbacw_play_view_set_session (self, session);
}

static void
jump_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  int turn = parameter ? g_variant_get_int32 (parameter) : gtk_spin_button_get_value_as_int (self->jump_spin);

  if (self->session == NULL || gbacw_play_session_is_replaying (self->session))
    return;
  g_array_set_size (self->selection, 0);
  self->target = -1;
  clear_preview (self);
  gbacw_play_session_set_jump (self->session, turn);
  schedule_computer (self);
}

static void
computer_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  int side = g_variant_get_int32 (parameter);

  if (side < 0 || side > 1)
    return;
  gbacw_play_view_set_computer (self, self->computer ^ (1u << side));
}

static void
on_player_selected (GbacwPlayView *self,
                    GParamSpec    *pspec,
                    GtkDropDown   *dropdown)
{
  guint sides = self->computer;
  guint bit = dropdown == self->side0_dropdown ? 1 : 2;

  if (self->updating)
    return;
  if (gtk_drop_down_get_selected (dropdown) == 1)
    sides |= bit;
  else
    sides &= ~bit;
  gbacw_play_view_set_computer (self, sides);
}

static void
balance_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GbacwBalanceDialog *dialog;

  if (self->session == NULL)
    return;
  dialog = gbacw_balance_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                     gbacw_play_session_get_scenario (self->session));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
dismiss_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  show_message (GBACW_PLAY_VIEW (widget), NULL);
}

static void
leave_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  g_signal_emit (widget, signals[SIGNAL_LEAVE], 0);
}

/* An order refused (the engine's message), or given (NULL: the last refusal goes). */
static void
on_orders_message (GbacwPlayView   *self,
                   const char      *message,
                   GbacwPlayOrders *orders)
{
  show_message (self, message);
}

static void
on_secondary_click (GbacwPlayView   *self,
                    int              n_press,
                    double           x,
                    double           y,
                    GtkGestureClick *gesture)
{
  cancel_action (GTK_WIDGET (self), "play.cancel", NULL);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_play_view_dispose (GObject *object)
{
  GbacwPlayView *self = GBACW_PLAY_VIEW (object);

  g_clear_handle_id (&self->autoplay_id, g_source_remove);
  g_clear_handle_id (&self->log_scroll_id, g_source_remove);
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
  clear_preview (self);
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
  g_clear_object (&self->log_model);
  g_free (self->result_text);
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
          update_preview (self);
          update (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_CHARGE:
      if (self->charge != g_value_get_boolean (value))
        {
          self->charge = g_value_get_boolean (value);
          update_preview (self);
          update (self);
          g_object_notify_by_pspec (object, pspec);
        }
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
  static const struct { guint key; const char *formation; } formation_keys[] = {
    { GDK_KEY_l, "line" }, { GDK_KEY_c, "column" }, { GDK_KEY_m, "mounted" },
    { GDK_KEY_d, "dismounted" }, { GDK_KEY_k, "limbered" }, { GDK_KEY_u, "unlimbered" },
  };

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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The user asked to go back to the editor. */
  signals[SIGNAL_LEAVE] = g_signal_new ("leave", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 0);

  g_type_ensure (GBACW_TYPE_MAP_CANVAS);
  g_type_ensure (GBACW_TYPE_PLAY_ORDERS);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-view.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, header_bar);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, title_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, turn_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, time_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, side_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, phase_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, computer_spinner);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, vp_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, vp_note_icon);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, next_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, next_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, decision_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, decision_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, answers_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, message_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, canvas);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, hint_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, log_view);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, panel_stack);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, unit_page);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, unit_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, orders);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, combat_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, roster_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, turns_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, side0_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, side1_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, side0_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, side1_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, jump_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, game_info_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_scale);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_adjustment);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayView, replay_label);

  gtk_widget_class_install_action (widget_class, "play.next-step", NULL, next_step_action);
  gtk_widget_class_install_action (widget_class, "play.answer", "i", answer_action);
  gtk_widget_class_install_action (widget_class, "play.select-unit", "s", select_unit_action);
  gtk_widget_class_install_action (widget_class, "play.click-hex", "i", click_hex_action);
  gtk_widget_class_install_action (widget_class, "play.move-to", "i", move_to_action);
  gtk_widget_class_install_action (widget_class, "play.target", "i", target_action);
  gtk_widget_class_install_action (widget_class, "play.confirm", NULL, confirm_action);
  gtk_widget_class_install_action (widget_class, "play.fire", NULL, fire_action);
  gtk_widget_class_install_action (widget_class, "play.declare-melee", NULL, melee_action);
  gtk_widget_class_install_action (widget_class, "play.melee", NULL, melee_action);
  gtk_widget_class_install_property_action (widget_class, "play.charge", "charge");
  gtk_widget_class_install_property_action (widget_class, "play.whole-stack", "whole-stack");
  gtk_widget_class_install_action (widget_class, "play.formation", "s", formation_action);
  gtk_widget_class_install_action (widget_class, "play.turn", "i", turn_action);
  gtk_widget_class_install_action (widget_class, "play.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "play.zoom", "i", zoom_action);
  gtk_widget_class_install_action (widget_class, "play.save-game", NULL, file_action);
  gtk_widget_class_install_action (widget_class, "play.load-game", NULL, file_action);
  gtk_widget_class_install_property_action (widget_class, "play.replay", "replaying");
  gtk_widget_class_install_action (widget_class, "play.replay-step", "i", replay_step_action);
  gtk_widget_class_install_action (widget_class, "play.replay-resume", NULL, replay_resume_action);
  gtk_widget_class_install_action (widget_class, "play.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "play.jump", "i", jump_action);
  gtk_widget_class_install_action (widget_class, "play.jump-to-spin", NULL, jump_action);
  gtk_widget_class_install_action (widget_class, "play.computer", "i", computer_action);
  gtk_widget_class_install_action (widget_class, "play.balance", NULL, balance_action);
  gtk_widget_class_install_action (widget_class, "play.dismiss", NULL, dismiss_action);
  gtk_widget_class_install_action (widget_class, "play.leave", NULL, leave_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, 0, "play.next-step", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "play.next-step", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "play.confirm", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "play.confirm", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "play.cancel", NULL);
  for (guint i = 0; i < 9; i++)
    gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + i, 0, "play.answer", "i", (int) i);
  for (guint i = 0; i < G_N_ELEMENTS (formation_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, formation_keys[i].key, 0, "play.formation", "s",
                                         formation_keys[i].formation);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, 0, "play.turn", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, 0, "play.turn", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, 0, "play.whole-stack", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, 0, "play.charge", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "play.save-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "play.load-game", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "play.replay", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_b, GDK_CONTROL_MASK, "play.balance", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "play.replay-step", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "play.replay-step", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "play.leave", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playview");
}

static void
gbacw_play_view_init (GbacwPlayView *self)
{
  GtkListItemFactory *factory;
  GtkGesture *click;
  GtkAdjustment *vadjustment;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->computer_slice_us = COMPUTER_SLICE_US;
  self->computer_max_slice_us = COMPUTER_MAX_SLICE_US;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->selection = g_array_new (FALSE, FALSE, sizeof (int));
  self->target = -1;
  self->hover_answer = -1;
  self->computer = 2;
  self->log_key = -1;
  self->log_follow = TRUE;

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

  /* the log */
  self->log_model = gtk_string_list_new (NULL);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (log_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (log_bind), NULL);
  gtk_list_view_set_factory (self->log_view, factory);
  g_object_unref (factory);
  {
    GtkNoSelection *selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->log_model)));
    gtk_list_view_set_model (self->log_view, GTK_SELECTION_MODEL (selection));
    g_object_unref (selection);
  }
  vadjustment = gtk_scrolled_window_get_vadjustment (self->log_scroller);
  g_signal_connect_object (vadjustment, "notify::value", G_CALLBACK (on_log_value), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (self->panel_stack, "notify::visible-child", G_CALLBACK (on_page_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->orders, "message", G_CALLBACK (on_orders_message), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->side0_dropdown, "notify::selected", G_CALLBACK (on_player_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->side1_dropdown, "notify::selected", G_CALLBACK (on_player_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->replay_adjustment, "value-changed", G_CALLBACK (on_replay_scale), self,
                           G_CONNECT_SWAPPED);
  gtk_spin_button_set_value (self->seed_spin, 1);
  update_actions (self);
}

GtkWidget *
gbacw_play_view_new (void)
{
  return g_object_new (GBACW_TYPE_PLAY_VIEW, NULL);
}
