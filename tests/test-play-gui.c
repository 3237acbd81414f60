/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-play-gui.c: test play in an editor window (needs a display: xvfb-run).
 *
 * - Entering: the demo, edited (so that a temporary copy is played), enters play mode
 *   through win.test-play's code: the window shows the play page and its header bar, the
 *   editor's actions are disabled, the game is the scenario as saved. The computer jumps
 *   to Game-Turn 2 and hands over; then a whole Game-Turn is played through the view's
 *   actions with both sides human: a formation change, a facing change and a move in
 *   each Movement Phase (the reachable hexes and their costs shown), fire in the Fire
 *   Phases where a target is in range (the fire worked out before the die: firers,
 *   range, total, shifts, column, line of sight), every question answered, the phases
 *   ended until Game-Turn 3 begins. The log, roster and turn record follow.
 * - The game is saved, loaded back (the same state) and replayed step by step.
 * - Leaving: the editor as it was (page, header bar, tool, view of the map, actions),
 *   the document unchanged (the same bytes) and still modified.
 * - A scenario with a validator error does not start.
 * - "Run Many Games": 50 computer-vs-computer games complete in the background and the
 *   chart has data.
 * - Orders (/play/orders/…), on the demo changed by the test (gbacw-play-orders.h): a human
 *   side spends Command Points (17.22), detaches and attaches a brigade (17.61, 17.64),
 *   restacks (8.41), leaves the map (5.17), resupplies (11.23), rallies from the unit and
 *   from the leader (13.52, 17.13), recrews a wagon (11.18) and transfers rounds (11.33),
 *   each through the panel's buttons or a click on the map; each changes the game as the
 *   rules say and is in the game's record, which replays to the same state. Orders the
 *   engine refuses are not offered, or are refused with the rule case. The Victory Points
 *   show units exited and the custom awards not counted.
 * - Decisions (/play/decisions/…): small positions on the demo's map made clear ground
 *   (its catalogue, charts and order of battle), both sides human, known dice forced on
 *   the game in the window (gbacw-dice.h): every question the engine asks is answered
 *   through the answer buttons the view shows (by label) or a click on a hex it offers,
 *   and the answer is the last action of the record and has its effect: a retreat before
 *   melee or a stand (12.8), withdrawal fire held or fired (12.83, 10.1, 10.15), an
 *   advance (12.85), a melee loss (12.74), a retreat path that is not the first offered
 *   (12.92, 13.31, 12.94), the facing after a melee (7.32), a leader going with a rout
 *   (13.43), a leader placed (17.53) and a brigade commander promoted (17.83).
 * - Sections (/play/sections): every section of the play view (phase bar, Unit, Combat,
 *   Roster, Turns, Game, log) is bound to the view's session and shows its game, a move
 *   included; a new game reaches each.
 * - Actions (/play/actions-enabled): the play actions' enabled states in a human's Movement
 *   and Fire Phases, while the computer is to act and while replaying, as the view's one
 *   update_actions () set them and as GTK has them (the buttons' sensitivity).
 * - The message bar (/play/message-bar) comes over the map and goes without moving the
 *   side panel, the map, the phase bar or the log.
 * - Victory awards that count nothing (/play/awards-notice): "Run Many Games" and the Turns
 *   page say that every game will end 0–0 and where to add awards.
 * - The computer's level (/play/ai-level), chosen in the Game page, reaches the engine's
 *   players of both sides and the next game; chosen per side in "Run Many Games", the games
 *   are those gbacw_balance_run_levels () plays at those levels.
 * - gbacw-editor --test-play FILE: the application started in-process with that command
 *   line opens a window in play mode on the file.
 */
#define G_LOG_DOMAIN "test-play-gui"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "gbacw-application.h"
#include "gbacw-balance-dialog-private.h"
#include "gbacw-chart-edit.h"
#include "gbacw-fire.h"
#include "gbacw-leadership.h"
#include "gbacw-map-edit.h"
#include "gbacw-melee.h"
#include "gbacw-movement.h"
#include "gbacw-oob-edit.h"
#include "gbacw-play-mode.h"
#include "gbacw-play-session-private.h"
#include "gbacw-play-view-private.h"
#include "gbacw-scenario-io.h"
#include "gbacw-stand-ins.h"
#include "gbacw-window-private.h"
#include "gui-test-helpers.h"

typedef struct
{
  GbacwWindow *window;
  GbacwPlayMode *mode;
  char *dir;
  char *path;
} Fixture;

static GtkWidget *
find_action_widget (GtkWidget  *root,
                    const char *action)
{
  if (root == NULL)
    return NULL;
  if (GTK_IS_ACTIONABLE (root) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_widget (child, action);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static char *
demo_path (void)
{
  return g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
}

/* A window on f->path, shown and laid out. */
static void
open_window (Fixture *f)
{
  g_autoptr(GFile) file = NULL;

  f->window = gbacw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  file = g_file_new_for_path (f->path);
  g_assert_true (gbacw_window_load_file (f->window, file));
  f->mode = gbacw_window_get_play_mode (f->window);
  g_assert_nonnull (f->mode);
  gtk_window_present (GTK_WINDOW (f->window));
  gui_test_wait_for_layout (GTK_WIDGET (gbacw_window_get_canvas (f->window)));
}

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  g_autofree char *demo = demo_path ();
  g_autofree char *text = NULL;
  gsize length;

  f->dir = g_dir_make_tmp ("test-play-gui-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "demo.xml", NULL);
  g_assert_true (g_file_get_contents (demo, &text, &length, NULL));
  g_assert_true (g_file_set_contents (f->path, text, (gssize) length, NULL));
  open_window (f);
}

static void
remove_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_unlink (child);
    }
  g_rmdir (path);
}

static void
fixture_tear_down (Fixture      *f,
                   gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  gui_test_iterate ();
  remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

/* ---------------------------------------------------------------- helpers */

static void
act (GbacwPlayView *view,
     const char    *action,
     GVariant      *parameter)
{
  /* a floating parameter is ours to free (GTK does not always sink it) */
  g_autoptr(GVariant) sunk = parameter ? g_variant_ref_sink (parameter) : NULL;

  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (view), action, sunk));
  gui_test_iterate ();
}

static GbacwGame *
view_game (GbacwPlayView *view)
{
  return gbacw_play_session_get_game (gbacw_play_view_get_session (view));
}

static gboolean
is_fire_phase (const GbacwGame *game)
{
  return game->phase == GBACW_PHASE_DEFENSIVE_FIRE || game->phase == GBACW_PHASE_OFFENSIVE_FIRE;
}

/* Answers the open question with its first answer, through the view. */
static guint
answer_questions (GbacwPlayView *view)
{
  guint n = 0;

  while (gbacw_game_decision (view_game (view)) != NULL && n < 200)
    {
      GbacwGame *game = view_game (view);
      guint before = game->actions->len;
      act (view, "play.answer", g_variant_new_int32 (0));
      g_assert_cmpuint (view_game (view)->actions->len, ==, before + 1);
      n++;
    }
  return n;
}

/* In the Movement Phase: a formation change, a facing change and a move for units of
 * the side to act, chosen from what the view offers. */
static guint
make_moves (GbacwPlayView *view)
{
  GbacwGame *game = view_game (view);
  int side = gbacw_game_decider (game);
  guint n_moves = 0, n_formations = 0, n_facings = 0;

  for (guint i = 0; i < game->units->len && n_moves < 3; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const int *costs;
      int best = -1, start;
      g_autofree char *page = NULL;

      game = view_game (view);
      if (u->side != side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || gbacw_game_decision (game) != NULL)
        continue;
      act (view, "play.select-unit", g_variant_new_string (u->id));
      g_assert_cmpint (g_array_index (gbacw_play_view_get_selection (view), int, 0), ==, u->index);
      page = gbacw_play_view_get_page_text (view, "unit");
      g_assert_nonnull (strstr (page, "Formation: "));
      g_assert_nonnull (strstr (page, "Facing: "));
      g_assert_true (strstr (page, "Morale: ") != NULL || u->type == GBACW_UNIT_WAGON);
      g_assert_nonnull (strstr (page, "Status: "));

      if (n_facings == 0)
        {
          int facing = u->facing;
          guint before = game->actions->len;
          act (view, "play.turn", g_variant_new_int32 (1));
          if (view_game (view)->actions->len == before + 1)
            {
              g_assert_cmpint (u->facing, !=, facing);
              n_facings++;
            }
        }
      if (n_formations == 0 && u->type == GBACW_UNIT_INFANTRY)
        {
          GbacwFormationState other = u->formation == GBACW_FORMATION_STATE_LINE ? GBACW_FORMATION_STATE_COLUMN
                                                                                 : GBACW_FORMATION_STATE_LINE;
          guint before = view_game (view)->actions->len;
          act (view, "play.formation", g_variant_new_string (other == GBACW_FORMATION_STATE_LINE ? "line" : "column"));
          answer_questions (view);
          if (view_game (view)->actions->len > before && u->formation == other)
            n_formations++;
        }

      game = view_game (view);
      if (gbacw_game_decision (game) != NULL || u->hex < 0)
        continue;
      act (view, "play.select-unit", g_variant_new_string (u->id));
      costs = gbacw_play_view_get_move_costs (view);
      if (costs == NULL)
        continue;
      start = u->hex;
      /* the farthest hex it can reach on its own, away from any enemy ZOC trouble */
      for (int hex = 0; hex < game->n_hexes; hex++)
        if (hex != start && costs[hex] >= 0 && (best < 0 || costs[hex] > costs[best]))
          best = hex;
      if (best < 0)
        continue;
      {
        guint before = game->actions->len;
        act (view, "play.click-hex", g_variant_new_int32 (best));
        if (view_game (view)->actions->len > before)
          {
            answer_questions (view);
            g_assert_cmpint (u->hex, !=, start);
            n_moves++;
          }
        else
          g_test_message ("move of %s refused: %s", u->id, gbacw_play_view_get_message (view));
      }
    }
  g_test_message ("movement: %u moves, %u formation changes, %u facing changes", n_moves, n_formations, n_facings);
  return n_moves;
}

/* 17.52: leaders end the Movement Phase with a combat unit of their side (moved there
 * through the view). */
static void
join_leaders (GbacwPlayView *view)
{
  GbacwGame *game = view_game (view);
  int side = gbacw_game_decider (game);

  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const int *costs;
      int best = -1;

      if (u->side != side || u->hex < 0 || !gbacw_game_is_leader (u)
          || gbacw_game_hex_has_side (game, u->hex, side, TRUE))
        continue;
      act (view, "play.select-unit", g_variant_new_string (u->id));
      costs = gbacw_play_view_get_move_costs (view);
      for (int hex = 0; costs != NULL && hex < game->n_hexes; hex++)
        if (costs[hex] >= 0 && gbacw_game_hex_has_side (game, hex, side, TRUE) && (best < 0 || costs[hex] < costs[best]))
          best = hex;
      if (best >= 0)
        {
          act (view, "play.click-hex", g_variant_new_int32 (best));
          answer_questions (view);
        }
    }
  act (view, "play.cancel", NULL);
}

/* In a Fire Phase: every unit of the side to act that has a target in range fires at it,
 * aimed and fired through the view. */
static guint
make_fires (GbacwPlayView *view)
{
  GbacwGame *game = view_game (view);
  int side = gbacw_game_decider (game);
  guint n_fires = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);

      game = view_game (view);
      if (u->side != side || u->hex < 0 || !gbacw_game_is_combat_unit (u) || gbacw_game_decision (game) != NULL
          || !is_fire_phase (game))
        continue;
      for (int hex = 0; hex < game->n_hexes; hex++)
        {
          GbacwFirer firer = { u->index, 0, -1 };
          g_autoptr(GbacwFireResolution) check = NULL;
          g_autofree char *combat = NULL;
          guint before_actions, before_lines;

          if (gbacw_game_stack (game, hex) == NULL || gbacw_game_hex_has_side (game, hex, side, FALSE))
            continue;
          check = gbacw_fire_compute (game, hex, &firer, 1, NULL);
          if (check == NULL)
            continue;
          act (view, "play.select-unit", g_variant_new_string (u->id));
          act (view, "play.target", g_variant_new_int32 (hex));
          g_assert_cmpint (gbacw_play_view_get_target (view), ==, hex);
          g_assert_nonnull (gbacw_play_view_get_fire_preview (view));
          combat = gbacw_play_view_get_page_text (view, "combat");
          g_assert_nonnull (strstr (combat, "Line of sight"));
          g_assert_nonnull (strstr (combat, "(9.25)"));
          g_assert_nonnull (strstr (combat, "Strength per hexside (9.3)"));
          g_assert_nonnull (strstr (combat, "Total "));
          g_assert_nonnull (strstr (combat, "Density: "));
          g_assert_nonnull (strstr (combat, "Terrain: "));
          g_assert_true (strstr (combat, "enfilade") != NULL || strstr (combat, "Enfilade") != NULL);
          g_assert_nonnull (strstr (combat, "(9.51): column "));
          before_actions = game->actions->len;
          before_lines = gbacw_play_view_get_n_log_lines (view);
          act (view, "play.confirm", NULL);
          game = view_game (view);
          g_assert_cmpuint (game->actions->len, ==, before_actions + 1);
          g_assert_cmpuint (gbacw_play_view_get_n_log_lines (view), >, before_lines);
          g_free (combat);
          combat = gbacw_play_view_get_page_text (view, "combat");
          g_assert_nonnull (strstr (combat, "Die "));
          n_fires++;
          answer_questions (view);
          break;
        }
    }
  act (view, "play.cancel", NULL);
  return n_fires;
}

static void
end_phase (GbacwPlayView *view)
{
  GbacwGame *game = view_game (view);
  GbacwPhase phase = game->phase;
  int side = game->phasing_side, turn = game->turn;
  guint before = game->actions->len;

  act (view, "play.next-step", NULL);
  game = view_game (view);
  if (game->actions->len != before + 1)
    g_test_message ("the phase did not end: %s", gbacw_play_view_get_message (view));
  g_assert_cmpuint (game->actions->len, ==, before + 1);
  answer_questions (view);
  game = view_game (view);
  g_assert_true (game->phase != phase || game->phasing_side != side || game->turn != turn
                 || gbacw_game_is_over (game));
}

static GBytes *
document_bytes (Fixture *f)
{
  return gbacw_scenario_save_to_bytes (gbacw_document_get_scenario (gbacw_window_get_document (f->window)));
}

/* Saves the view's game to path and loads it back in a session of its own, which replays
 * the record: the same state. Returns that state (gbacw_query_state_dump). */
static char *
save_and_load_back (GbacwPlayView *view,
                    const char    *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwPlaySession) loaded = NULL;
  g_autofree char *again = NULL;
  char *state = gbacw_query_state_dump (view_game (view));

  g_assert_true (gbacw_play_view_save_game (view, path, &error));
  g_assert_no_error (error);
  loaded = gbacw_play_session_load (path, &error);
  g_assert_no_error (error);
  again = gbacw_query_state_dump (gbacw_play_session_get_game (loaded));
  g_assert_cmpstr (again, ==, state);
  return state;
}

/* ---------------------------------------------------------------- tests */

static void
test_play_turn (Fixture      *f,
                gconstpointer data)
{
  GbacwDocument *document = gbacw_window_get_document (f->window);
  GbacwMapCanvas *canvas = gbacw_window_get_canvas (f->window);
  GbacwViewport *viewport = gbacw_map_canvas_get_viewport (canvas);
  GtkWidget *titlebar = gtk_window_get_titlebar (GTK_WINDOW (f->window));
  GtkStack *stack = GTK_STACK (gtk_window_get_child (GTK_WINDOW (f->window)));
  GtkWidget *undo_button = find_action_widget (titlebar, "win.undo");
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *file_before = NULL;
  g_autofree char *file_after = NULL;
  g_autofree char *game_path = g_build_filename (f->dir, "game.xml", NULL);
  g_autofree char *state = NULL;
  GbacwTool *tool_before;
  GbacwPlayView *view;
  GbacwGame *game;
  double scale, cx, cy;
  guint n_moves = 0, n_fires = 0, n_answers = 0;
  int start_turn;

  /* an edit, so that the document is modified and a temporary copy is played: a hex of
   * open ground raised one level */
  {
    const GbacwScenario *s = gbacw_document_get_scenario (document);
    g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
    int hex = 0;
    g_array_append_val (hexes, hex);
    gbacw_document_execute (document, GBACW_COMMAND (gbacw_map_edit_set_elevation (s, hexes,
                                                                                   s->map->elevation[hex] + 1, 0)));
    gui_test_iterate ();
  }
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (document)));
  g_object_set (f->window, "tool", "brush", NULL);
  gui_test_iterate ();
  gbacw_viewport_zoom_at (viewport, 1.5, 100, 80);
  scale = gbacw_viewport_get_scale (viewport);
  cx = gbacw_viewport_get_centre_x (viewport);
  cy = gbacw_viewport_get_centre_y (viewport);
  tool_before = gbacw_map_canvas_get_tool (canvas);
  g_assert_nonnull (tool_before);
  before = document_bytes (f);
  g_assert_true (g_file_get_contents (f->path, &file_before, NULL, NULL));
  g_assert_true (gtk_widget_get_sensitive (undo_button));

  /* entering: both sides human, the computer jumps to Game-Turn 2 and hands over */
  view = gbacw_play_mode_get_view (f->mode);
  gbacw_play_view_set_computer (view, 0);
  g_assert_true (gbacw_play_mode_enter (f->mode, 7, &error));
  g_assert_no_error (error);
  gui_test_iterate ();
  g_assert_true (gbacw_play_mode_is_active (f->mode));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "play");
  g_assert_false (gtk_widget_get_visible (titlebar));
  g_assert_false (gtk_widget_get_sensitive (undo_button));
  /* the game is made from a copy of the scenario as saved, not from the file on disk */
  g_assert_cmpstr (gbacw_play_mode_get_scenario_path (f->mode), !=, f->path);
  {
    g_autofree char *copy = NULL;
    g_assert_true (g_file_get_contents (gbacw_play_mode_get_scenario_path (f->mode), &copy, NULL, NULL));
    g_assert_cmpmem (copy, strlen (copy), g_bytes_get_data (before, NULL), g_bytes_get_size (before));
  }
  game = view_game (view);
  g_assert_cmpint (game->turn, ==, 1);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  g_assert_cmpuint (gbacw_play_view_get_n_log_lines (view), >, 0);

  act (view, "play.jump", g_variant_new_int32 (2));
  g_assert_no_error (error);
  g_assert_true (gbacw_play_view_run_computer (view, &error));
  g_assert_no_error (error);
  gui_test_iterate ();
  game = view_game (view);
  g_assert_cmpint (game->turn, ==, 2);
  g_assert_cmpint (gbacw_play_session_get_jump (gbacw_play_view_get_session (view)), ==, 0);
  g_assert_false (gbacw_play_session_computer_to_act (gbacw_play_view_get_session (view)));

  /* a whole Game-Turn through the view's actions */
  start_turn = game->turn;
  for (int steps = 0; steps < 200; steps++)
    {
      game = view_game (view);
      if (game->turn != start_turn || gbacw_game_is_over (game))
        break;
      n_answers += answer_questions (view);
      game = view_game (view);
      if (game->phase == GBACW_PHASE_MOVEMENT)
        {
          n_moves += make_moves (view);
          join_leaders (view);
        }
      else if (is_fire_phase (game))
        n_fires += make_fires (view);
      n_answers += answer_questions (view);
      end_phase (view);
    }
  game = view_game (view);
  g_test_message ("Game-Turn %d: %u moves, %u fires, %u answers; %u log lines", start_turn, n_moves, n_fires,
                  n_answers, gbacw_play_view_get_n_log_lines (view));
  g_assert_cmpint (game->turn, ==, start_turn + 1);
  g_assert_cmpuint (n_moves, >=, 2);
  g_assert_cmpuint (n_fires, >=, 1);
  {
    g_autofree char *roster = gbacw_play_view_get_page_text (view, "roster");
    g_autofree char *turns = gbacw_play_view_get_page_text (view, "turns");
    g_assert_nonnull (strstr (roster, "Union: "));
    g_assert_nonnull (strstr (roster, "BCE "));
    g_assert_nonnull (strstr (turns, "Game-Turn Record"));
    g_assert_true (gbacw_play_session_get_turn_vp (gbacw_play_view_get_session (view), start_turn, (int[2]) { 0 }));
  }

  /* save, load back: the same game */
  state = save_and_load_back (view, game_path);
  g_assert_true (gbacw_play_view_load_game (view, game_path, &error));
  g_assert_no_error (error);
  {
    g_autofree char *again = gbacw_query_state_dump (view_game (view));
    g_assert_cmpstr (again, ==, state);
  }

  /* replay step by step, then back to the end */
  {
    GbacwPlaySession *session = gbacw_play_view_get_session (view);
    guint length = gbacw_play_session_get_record_length (session);
    g_autofree char *end_state = NULL;

    act (view, "play.replay", NULL);
    g_assert_true (gbacw_play_session_is_replaying (session));
    g_assert_cmpuint (gbacw_play_session_get_replay_position (session), ==, 0);
    act (view, "play.replay-step", g_variant_new_int32 (1));
    act (view, "play.replay-step", g_variant_new_int32 (1));
    g_assert_cmpuint (gbacw_play_session_get_replay_position (session), ==, 2);
    act (view, "play.replay-step", g_variant_new_int32 (-1));
    g_assert_cmpuint (gbacw_play_session_get_replay_position (session), ==, 1);
    act (view, "play.replay-step", g_variant_new_int32 (1000000));
    g_assert_cmpuint (gbacw_play_session_get_replay_position (session), ==, length);
    end_state = gbacw_query_state_dump (view_game (view));
    g_assert_cmpstr (end_state, ==, state);
    act (view, "play.replay", NULL);
    g_assert_false (gbacw_play_session_is_replaying (session));
    g_assert_cmpuint (gbacw_play_session_get_record_length (session), ==, length);
  }

  /* leaving: the editor as it was */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.test-play", NULL));
  gui_test_iterate ();
  g_assert_false (gbacw_play_mode_is_active (f->mode));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "editor");
  g_assert_true (gtk_widget_get_visible (titlebar));
  g_assert_true (gbacw_map_canvas_get_tool (canvas) == tool_before);
  g_assert_cmpfloat (gbacw_viewport_get_scale (viewport), ==, scale);
  g_assert_cmpfloat (gbacw_viewport_get_centre_x (viewport), ==, cx);
  g_assert_cmpfloat (gbacw_viewport_get_centre_y (viewport), ==, cy);
  g_assert_true (gtk_widget_get_sensitive (undo_button));
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (document)));
  after = document_bytes (f);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_true (g_file_get_contents (f->path, &file_after, NULL, NULL));
  g_assert_cmpstr (file_before, ==, file_after);
}

/* The window's class actions, enabled in one place: everything but win.test-play and
 * win.hide-error is off while playing and back on after; with no document, what needs
 * one is off. */
static void
test_window_actions (Fixture      *f,
                     gconstpointer data)
{
  static const char *const with_document[] = {
    "win.save", "win.save-as", "win.zoom-in", "win.zoom-fit", "win.auto-crest", "win.background", "win.export",
    "win.trace-terrain", "win.print", "win.balance", "win.settings", "win.charts", "win.roster-export", "win.roster-import", NULL
  };
  static const char *const always[] = {
    "win.new", "win.open", "win.tool", "win.radius-larger", "win.level-up", "win.scenario-sidebar",
    "win.layer-terrain", "win.layer-units", "win.layer-findings", NULL
  };
  GbacwWindow *empty;
  gboolean playing = FALSE;

  /* editing, nothing done yet */
  for (guint i = 0; with_document[i] != NULL; i++)
    g_assert_true (gbacw_window_get_action_enabled (f->window, with_document[i]));
  for (guint i = 0; always[i] != NULL; i++)
    g_assert_true (gbacw_window_get_action_enabled (f->window, always[i]));
  g_assert_true (gbacw_window_get_action_enabled (f->window, "win.test-play"));
  g_assert_false (gbacw_window_get_action_enabled (f->window, "win.undo"));

  /* playing, entered through the action */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.test-play", NULL));
  gui_test_iterate ();
  g_assert_true (gbacw_play_mode_is_active (f->mode));
  g_object_get (f->window, "test-play", &playing, NULL);
  g_assert_true (playing);
  for (guint i = 0; with_document[i] != NULL; i++)
    g_assert_false (gbacw_window_get_action_enabled (f->window, with_document[i]));
  for (guint i = 0; always[i] != NULL; i++)
    g_assert_false (gbacw_window_get_action_enabled (f->window, always[i]));
  g_assert_false (gbacw_window_get_action_enabled (f->window, "win.undo"));
  g_assert_true (gbacw_window_get_action_enabled (f->window, "win.test-play"));
  g_assert_true (gbacw_window_get_action_enabled (f->window, "win.hide-error"));

  /* left: as before */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.test-play", NULL));
  gui_test_iterate ();
  g_assert_false (gbacw_play_mode_is_active (f->mode));
  for (guint i = 0; with_document[i] != NULL; i++)
    g_assert_true (gbacw_window_get_action_enabled (f->window, with_document[i]));
  for (guint i = 0; always[i] != NULL; i++)
    g_assert_true (gbacw_window_get_action_enabled (f->window, always[i]));

  /* no document: nothing to save, play or export */
  empty = gbacw_window_new (NULL);
  for (guint i = 0; with_document[i] != NULL; i++)
    g_assert_false (gbacw_window_get_action_enabled (empty, with_document[i]));
  for (guint i = 0; always[i] != NULL; i++)
    g_assert_true (gbacw_window_get_action_enabled (empty, always[i]));
  g_assert_false (gbacw_window_get_action_enabled (empty, "win.test-play"));
  gtk_window_destroy (GTK_WINDOW (empty));
}

/* A view that always has something to draw, as with frames slower than the frame rate,
 * at the priority of redrawing: how often it got its turn while the computer played. */
typedef struct
{
  GbacwPlaySession *session;
  guint draws, draws_mid_turn;
} ConstantRepaint;

static gboolean
repaint (gpointer user_data)
{
  ConstantRepaint *r = user_data;

  r->draws++;
  if (gbacw_play_session_computer_to_act (r->session))
    r->draws_mid_turn++;
  return G_SOURCE_CONTINUE;
}

static void
count_frame (GdkFrameClock *clock,
             gpointer       user_data)
{
  (*(guint *) user_data)++;
}

/* The computer plays both sides of a Game-Turn through the main loop ("Jump to Game-Turn
 * 2") while something repaints all the time (test-play-gui-gl also draws with
 * GSK_RENDERER=gl, Mesa's software OpenGL, whose slow frames starved a computer that
 * played at idle priority): the turn ends in a bounded number of main-loop iterations
 * and time, no iteration takes long, the repainting goes on between the computer's
 * actions, and the game saved replays to the same state. */
static void
test_computer_turn (Fixture      *f,
                    gconstpointer data)
{
  GbacwPlayView *view = gbacw_play_mode_get_view (f->mode);
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (f->window));
  const char *renderer_name = g_getenv ("GSK_RENDERER");
  g_autofree char *game_path = g_build_filename (f->dir, "game.xml", NULL);
  g_autofree char *state = NULL;
  g_autoptr(GError) error = NULL;
  ConstantRepaint repainting = { 0 };
  gint64 start, longest = 0, end;
  guint iterations = 0, frames = 0, repaint_id;
  gulong frame_id;
  GbacwGame *game;

  g_assert_nonnull (clock);
  if (g_strcmp0 (renderer_name, "gl") == 0 || g_strcmp0 (renderer_name, "ngl") == 0)
    {
      GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (f->window));
      /* asked for OpenGL and got it, not a fallback to cairo */
      g_assert_nonnull (strstr (G_OBJECT_TYPE_NAME (renderer), "GL"));
    }
  gbacw_play_view_set_computer (view, 0);
  /* each of the computer's actions a slice of its own: the repainting gets its turns in
   * the pauses between them however fast the machine */
  gbacw_play_view_set_computer_slice (view, 1);
  g_assert_true (gbacw_play_mode_enter (f->mode, 11, &error));
  g_assert_no_error (error);
  game = view_game (view);
  g_assert_cmpint (game->turn, ==, 1);
  repainting.session = gbacw_play_view_get_session (view);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "play.jump", "i", 2));
  g_assert_true (gbacw_play_session_computer_to_act (repainting.session));
  repaint_id = g_idle_add_full (GDK_PRIORITY_REDRAW, repaint, &repainting, NULL);
  frame_id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &frames);
  start = g_get_monotonic_time ();
  end = start + 60 * G_TIME_SPAN_SECOND;
  while (gbacw_play_session_computer_to_act (repainting.session) && g_get_monotonic_time () < end &&
         iterations < 1000000)
    {
      gint64 before = g_get_monotonic_time ();
      g_main_context_iteration (NULL, TRUE);
      longest = MAX (longest, g_get_monotonic_time () - before);
      iterations++;
    }
  g_test_message ("a computer Game-Turn (%s): %.2f s, %u main-loop iterations, the longest %.3f s, "
                  "%u repaints (%u mid-turn), %u frames", renderer_name ? renderer_name : "default",
                  (g_get_monotonic_time () - start) / 1e6, iterations, longest / 1e6, repainting.draws,
                  repainting.draws_mid_turn, frames);
  g_source_remove (repaint_id);
  g_signal_handler_disconnect (clock, frame_id);
  game = view_game (view);
  g_assert_cmpint (game->turn, ==, 2);
  g_assert_false (gbacw_play_session_computer_to_act (repainting.session));
  g_assert_cmpuint (iterations, <, 1000000);
  /* the repainting went on while the computer played: its actions were dispatched one by
   * one, between repaints (a test times nothing: a loaded machine takes as long as it takes) */
  g_assert_cmpuint (repainting.draws_mid_turn, >=, 1);
  g_assert_cmpuint (iterations, >, repainting.draws_mid_turn);

  /* saved as it stands, loaded back: the record replays to the same state */
  state = save_and_load_back (view, game_path);
}

/* The document saved and unmodified: its own file is played. */
static void
test_saved_file (Fixture      *f,
                 gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  GbacwPlayView *view = gbacw_play_mode_get_view (f->mode);

  gbacw_play_view_set_computer (view, 0);
  g_assert_true (gbacw_play_mode_enter (f->mode, 3, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (gbacw_play_mode_get_scenario_path (f->mode), ==, f->path);
  /* the computer plays the second side: the first side ends its turn, the computer its own */
  gbacw_play_view_set_computer (view, 2);
  for (int i = 0; i < 100 && view_game (view)->turn == 1; i++)
    {
      answer_questions (view);
      if (gbacw_game_decider (view_game (view)) == 0)
        act (view, "play.next-step", NULL);
      else
        {
          g_assert_true (gbacw_play_view_run_computer (view, &error));
          g_assert_no_error (error);
        }
    }
  g_assert_cmpint (view_game (view)->turn, ==, 2);
  g_assert_cmpint (gbacw_game_decider (view_game (view)), ==, 0);
  act (view, "play.leave", NULL);
  g_assert_false (gbacw_play_mode_is_active (f->mode));
  g_assert_false (gbacw_history_is_modified (gbacw_document_get_history (gbacw_window_get_document (f->window))));
}

/* A crest between two hexes of the same elevation (the validator's error, 22.1). */
static void
add_level_crest (GbacwDocument *document)
{
  const GbacwScenario *scenario = gbacw_document_get_scenario (document);
  const GbacwMap *map = scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  int crest = -1;

  for (guint i = 0; i < scenario->catalogue.hexside_types->len; i++)
    if (g_strcmp0 (((GbacwHexsideType *) g_ptr_array_index (scenario->catalogue.hexside_types, i))->id, "crest") == 0)
      crest = (int) i;
  g_assert_cmpint (crest, >=, 0);
  for (int index = 0; index < gbacw_hex_grid_n_hexes (grid); index++)
    {
      GbacwHex a = gbacw_hex_grid_hex_at (grid, index);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        {
          GbacwHex b = gbacw_hex_grid_neighbour (grid, a, d);
          GbacwHexsideId id = gbacw_hex_grid_hexside (grid, a, d);
          int ib = gbacw_hex_grid_index (grid, b);

          if (ib >= 0 && map->elevation[index] == map->elevation[ib] && (map->hexside_features[id] & (1u << crest)) == 0)
            {
              gbacw_document_execute (document, GBACW_COMMAND (gbacw_map_edit_set_hexside_feature (scenario, id, crest,
                                                                                                   TRUE, -1, 0)));
              return;
            }
        }
    }
  g_assert_not_reached ();
}

/* A validator error: play does not start, the error is listed. */
static void
test_validator_error (Fixture      *f,
                      gconstpointer data)
{
  GbacwDocument *document = gbacw_window_get_document (f->window);
  GtkStack *stack = GTK_STACK (gtk_window_get_child (GTK_WINDOW (f->window)));
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;

  add_level_crest (document);
  gui_test_iterate ();
  before = document_bytes (f);
  g_assert_false (gbacw_play_mode_enter (f->mode, 1, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Test play cannot start"));
  g_assert_nonnull (strstr (error->message, "22.1"));
  g_assert_false (gbacw_play_mode_is_active (f->mode));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "editor");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gbacw_window_get_findings_panel (f->window))));
  after = document_bytes (f);
  g_assert_true (g_bytes_equal (before, after));
  /* undone, it plays */
  g_assert_true (gbacw_document_undo (document));
  g_clear_error (&error);
  g_assert_true (gbacw_play_mode_enter (f->mode, 1, &error));
  g_assert_no_error (error);
  gbacw_play_mode_leave (f->mode);
}

/* The demo with two values not entered yet: 14 Oh's strength and a Fire CRT cell. */
static void
unenter_two_values (GbacwDocument *document)
{
  GbacwScenario *s = (GbacwScenario *) gbacw_document_get_scenario (document);
  g_autoptr(GError) error = NULL;
  GbacwCommand *strength = gbacw_oob_set_field (s, GBACW_OOB_ENTRY_UNIT, "u-14oh", GBACW_OOB_FIELD_STRENGTH, "", &error);
  GbacwChartEdit *cell_edit = gbacw_chart_edit_new ("Edit cell", 0);
  GbacwCell unknown = { NULL, GBACW_CELL_UNKNOWN, FALSE };

  g_assert_no_error (error);
  gbacw_document_execute (document, strength);
  gbacw_chart_edit_set_cell (cell_edit, "fire-crt", "1", "5", &unknown);
  gbacw_document_execute (document, GBACW_COMMAND (cell_edit));
  gui_test_iterate ();
}

/* Test play (win.test-play) of a scenario with values not entered yet asks first: Cancel does
 * not play; Play Anyway plays it as it is; Fill Stand-ins and Play fills them in one undo step
 * (model/gbacw-stand-ins.h) and plays. */
static void
test_stand_ins_offer (Fixture      *f,
                      gconstpointer data)
{
  GbacwDocument *document = gbacw_window_get_document (f->window);
  GbacwHistory *history = gbacw_document_get_history (document);
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) after = NULL;
  g_autofree char *primary = NULL;
  GtkWindow *offer;
  const GbacwUnit *u;
  const GbacwCell *cell;

  unenter_two_values (document);
  before = document_bytes (f);
  g_assert_cmpuint (gbacw_stand_ins_count (gbacw_document_get_scenario (document)), ==, 0);

  /* Cancel */
  g_object_set (f->window, "test-play", TRUE, NULL);
  gui_test_iterate ();
  offer = gbacw_play_mode_get_stand_ins_offer (f->mode);
  g_assert_nonnull (offer);
  g_assert_true (GTK_IS_MESSAGE_DIALOG (offer));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (offer)));
  g_object_get (offer, "text", &primary, NULL);
  g_test_message ("%s", primary);
  g_assert_cmpstr (primary, ==, "2 values are not entered yet: test play will use stand-ins");
  g_assert_false (gbacw_play_mode_is_active (f->mode));
  gtk_dialog_response (GTK_DIALOG (offer), GTK_RESPONSE_CANCEL);
  gui_test_iterate ();
  g_assert_null (gbacw_play_mode_get_stand_ins_offer (f->mode));
  g_assert_false (gbacw_play_mode_is_active (f->mode));
  after = document_bytes (f);
  g_assert_true (g_bytes_equal (before, after));
  g_clear_pointer (&after, g_bytes_unref);

  /* Play Anyway: the document is left as it is */
  gbacw_play_mode_start (f->mode, 3);
  offer = gbacw_play_mode_get_stand_ins_offer (f->mode);
  g_assert_nonnull (offer);
  gtk_dialog_response (GTK_DIALOG (offer), 1);   /* Play Anyway */
  gui_test_iterate ();
  g_assert_true (gbacw_play_mode_is_active (f->mode));
  gbacw_play_mode_leave (f->mode);
  gui_test_iterate ();
  after = document_bytes (f);
  g_assert_true (g_bytes_equal (before, after));
  g_clear_pointer (&after, g_bytes_unref);

  /* Fill Stand-ins and Play */
  gbacw_play_mode_start (f->mode, 3);
  offer = gbacw_play_mode_get_stand_ins_offer (f->mode);
  g_assert_nonnull (offer);
  gtk_dialog_response (GTK_DIALOG (offer), 2);   /* Fill Stand-ins and Play */
  gui_test_iterate ();
  g_assert_true (gbacw_play_mode_is_active (f->mode));
  g_assert_cmpuint (gbacw_stand_ins_count (gbacw_document_get_scenario (document)), ==, 2);
  u = gbacw_oob_find_unit (&gbacw_document_get_scenario (document)->oob, "u-14oh");
  g_assert_cmpint (u->strength, >, 0);
  g_assert_true (u->stand_ins & (1u << GBACW_OOB_FIELD_STRENGTH));
  cell = gbacw_chart_lookup (gbacw_scenario_find_chart (gbacw_document_get_scenario (document), "fire-crt"), "1", "5");
  g_assert_cmpstr (cell->value, ==, "P");   /* the Standard Rules Fire CRT's cell */
  g_assert_true (cell->stand_in && cell->status == GBACW_CELL_INVENTED);
  /* the game is made from the scenario with its stand-ins */
  {
    g_autoptr(GbacwScenario) played = gbacw_scenario_load_file (gbacw_play_mode_get_scenario_path (f->mode), NULL);
    g_assert_nonnull (played);
    g_assert_cmpuint (gbacw_stand_ins_count (played), ==, 2);
  }
  gbacw_play_mode_leave (f->mode);
  gui_test_iterate ();
  /* one undo step takes both back */
  g_assert_cmpstr (gbacw_history_get_undo_label (history), ==, "Fill stand-ins");
  g_assert_true (gbacw_document_undo (document));
  gui_test_iterate ();
  after = document_bytes (f);
  g_assert_true (g_bytes_equal (before, after));
}

static void
on_finished (GbacwBalanceDialog *dialog,
             gboolean           *done)
{
  *done = TRUE;
}

static void
test_balance (Fixture      *f,
              gconstpointer data)
{
  GbacwDocument *document = gbacw_window_get_document (f->window);
  GbacwBalanceDialog *dialog = gbacw_balance_dialog_new (GTK_WINDOW (f->window),
                                                         gbacw_document_get_scenario (document));
  GbacwBalanceChart *chart = gbacw_balance_dialog_get_chart (dialog);
  const GbacwBalanceResult *result;
  gboolean done = FALSE;
  guint n_done, total;
  gint64 start = g_get_monotonic_time ();
  cairo_surface_t *surface;
  cairo_t *cr;
  int coloured = 0;

  g_signal_connect (dialog, "finished", G_CALLBACK (on_finished), &done);
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_false (gbacw_balance_chart_has_data (chart));
  gbacw_balance_dialog_run (dialog, 50, 1, 2);
  g_assert_true (gbacw_balance_dialog_is_running (dialog));
  while (!done && g_get_monotonic_time () - start < 120 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (done);
  g_assert_false (gbacw_balance_dialog_is_running (dialog));
  gbacw_balance_dialog_get_progress (dialog, &n_done, &total);
  g_assert_cmpuint (n_done, ==, 50);
  g_assert_cmpuint (total, ==, 50);
  g_assert_true (gbacw_balance_chart_has_data (chart));
  result = gbacw_balance_chart_get_result (chart);
  g_assert_cmpuint (result->n_played, ==, 50);
  g_assert_cmpuint (result->n_jobs, ==, 2);
  g_assert_cmpuint (result->wins[0] + result->wins[1] + result->draws, ==, 50);
  g_test_message ("50 games in %.2f s: %s %u, %s %u, draws %u", result->seconds, result->side_names[0],
                  result->wins[0], result->side_names[1], result->wins[1], result->draws);

  /* the chart draws something */
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 900, 300);
  cr = cairo_create (surface);
  gbacw_balance_chart_draw (chart, cr, 900, 300);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  for (int y = 0; y < 300; y++)
    for (int x = 0; x < 900; x++)
      {
        guint32 pixel = ((guint32 *) (gpointer) (cairo_image_surface_get_data (surface)
                                                  + y * cairo_image_surface_get_stride (surface)))[x];
        int r = (pixel >> 16) & 0xff, b = pixel & 0xff;
        coloured += abs (r - b) > 60;
      }
  cairo_surface_destroy (surface);
  g_assert_cmpint (coloured, >, 1000);

  /* cancelling a run stops it */
  done = FALSE;
  gbacw_balance_dialog_run (dialog, 5000, 1, 2);
  gbacw_balance_dialog_cancel (dialog);
  start = g_get_monotonic_time ();
  while (!done && g_get_monotonic_time () - start < 60 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (done);
  gbacw_balance_dialog_get_progress (dialog, &n_done, &total);
  g_assert_cmpuint (n_done, <, 5000);
  gtk_window_destroy (GTK_WINDOW (dialog));
  gui_test_iterate ();
}

/* ---------------------------------------------------------------- orders */

static int
parse_hex (const GbacwScenario *scenario,
           const char          *label)
{
  GbacwHex hex;

  g_assert_true (gbacw_hex_grid_parse_label (&scenario->map->grid, label, &hex, NULL));
  return gbacw_hex_grid_index (&scenario->map->grid, hex);
}

/* Deploys unit in hex (moving it there if it is deployed), last of the hex's stack. */
static GbacwPlacement *
place (GbacwScenario *scenario,
       const char    *unit,
       const char    *hex,
       const char    *facing)
{
  guint index;
  GbacwPlacement *p = gbacw_scenario_find_placement (scenario, unit, &index);

  if (p != NULL)
    g_ptr_array_remove_index (scenario->deployment, index);
  p = gbacw_placement_new (unit, parse_hex (scenario, hex));
  if (facing != NULL)
    p->facing = gbacw_hex_direction_parse (scenario->map->grid.orientation, facing);
  g_ptr_array_add (scenario->deployment, p);
  return p;
}

static GbacwUnit *
add_unit (GbacwScenario *scenario,
          const char    *id,
          GbacwUnitType  type,
          const char    *formation,
          const char    *designation)
{
  GbacwUnit *u = gbacw_unit_new (id, "union", type);

  u->formation = g_strdup (formation);
  u->designation = g_strdup (designation);
  g_ptr_array_add (scenario->oob.units, u);
  return u;
}

/* The demo with the positions the orders need, all of the Union (the first player):
 * - Hollister (division, 2 CP) at 1008 and Webb (brigade) at 0907 with 31 Ill, out of
 *   ammunition;
 * - 7 Wis (0806) and a new 18 US (0906) routed, within Webb's radius, with no leader;
 *   18 US with an uncrewed wagon ("Webb supply");
 * - Hollister's wagon at 0807, beside 31 Ill;
 * - a second Napoleon battery (H 1 Oh LA, 0708) beside B 1 Oh LA (0707), which faces
 *   Hart's Bn, three hexes north at 0704, with a clear line of sight;
 * - 1 US SS at 0112, in a Union exit area worth 2 VP a unit, and a custom award.
 * The set-up areas go, so that the validator lets units stand where the test puts them. */
static char *
write_orders_scenario (const char *dir)
{
  g_autofree char *demo = demo_path ();
  g_autoptr(GbacwScenario) s = NULL;
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, "orders.xml", NULL);
  GPtrArray *areas;
  GbacwArea *exit_area;
  GbacwVpAward *award;
  GbacwUnit *u;

  s = gbacw_scenario_load_file (demo, &error);
  g_assert_no_error (error);
  areas = s->map->areas;
  for (guint i = areas->len; i-- > 0;)
    if (((GbacwArea *) g_ptr_array_index (areas, i))->kind == GBACW_AREA_SETUP)
      g_ptr_array_remove_index (areas, i);
  exit_area = gbacw_area_new ("west-exit", GBACW_AREA_EXIT, "West road");
  exit_area->side = g_strdup ("union");
  g_array_append_val (exit_area->hexes, (int) { parse_hex (s, "0112") });
  g_ptr_array_add (areas, exit_area);

  award = g_new0 (GbacwVpAward, 1);
  award->id = g_strdup ("v-exit");
  award->side = g_strdup ("union");
  award->event = GBACW_VP_UNIT_EXITED;
  award->area = g_strdup ("west-exit");
  award->vp = 2;
  g_ptr_array_add (s->vp_awards, award);
  award = g_new0 (GbacwVpAward, 1);
  award->id = g_strdup ("v-ford");
  award->side = g_strdup ("both");
  award->event = GBACW_VP_CUSTOM;
  award->vp = GBACW_UNSET;
  award->text = g_strdup ("3 VP for holding the Upper Ford at nightfall");
  g_ptr_array_add (s->vp_awards, award);

  u = add_unit (s, "u-bty-h", GBACW_UNIT_ARTILLERY, "u-webb", "H 1 Oh LA");
  u->guns = 4;
  u->morale = 4;
  u->weapon = g_strdup ("N");
  u->rounds = 10;
  u->crew = GBACW_CREW_FULL;
  u = add_unit (s, "u-18us", GBACW_UNIT_INFANTRY, "u-webb", "18 US");
  u->strength = 4;
  u->morale = 3;
  u->weapon = g_strdup ("R");
  u = add_unit (s, "u-wagon2", GBACW_UNIT_WAGON, "u-div", "Webb supply");
  u->small_arms_boxes = 2;
  u->artillery_boxes = 2;
  u->crew_strength = 1;
  u->morale = 2;
  u->weapon = g_strdup ("R");
  gbacw_oob_reindex (&s->oob);

  place (s, "u-7wis", "0806", "ne")->status = GBACW_STATUS_ROUTED;
  place (s, "u-18us", "0906", "ne")->status = GBACW_STATUS_ROUTED;
  gbacw_scenario_find_placement (s, "u-31ill", NULL)->status = GBACW_STATUS_AMMO_DEPLETED;
  place (s, "u-wagon2", "0906", "ne")->strength = 0;
  place (s, "u-wagon", "0807", "ne");
  place (s, "u-bty-b", "0707", "n")->formation = GBACW_FORMATION_STATE_UNLIMBERED;
  place (s, "u-bty-h", "0708", "n")->formation = GBACW_FORMATION_STATE_UNLIMBERED;
  place (s, "u-1usss", "0112", "ne")->formation = GBACW_FORMATION_STATE_LINE;
  place (s, "c-hart", "0704", "s")->formation = GBACW_FORMATION_STATE_LINE;
  g_assert_true (gbacw_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  return path;
}

static void
orders_fixture_set_up (Fixture      *f,
                       gconstpointer data)
{
  f->dir = g_dir_make_tmp ("test-play-gui-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = write_orders_scenario (f->dir);
  open_window (f);
}

/* The button in root (visible, sensitive) that activates action with target (NULL: any). */
static GtkWidget *
find_order_button (GtkWidget  *root,
                   const char *action,
                   GVariant   *target)
{
  g_autoptr(GVariant) sunk = target ? g_variant_ref_sink (target) : NULL;

  if (root == NULL || !gtk_widget_get_visible (root))
    return NULL;
  if (GTK_IS_BUTTON (root) && gtk_widget_get_sensitive (root)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0
      && (sunk == NULL || g_variant_equal (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (root)), sunk)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      /* not floating: the callee's reference is its own */
      GtkWidget *found = find_order_button (child, action, sunk);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Clicks the orders panel's button for action and target: it must be offered. */
static void
click_order (GbacwPlayView *view,
             const char    *action,
             GVariant      *target)
{
  GtkWidget *button = find_order_button (GTK_WIDGET (gbacw_play_view_get_orders (view)), action, target);
  guint lines;

  if (button == NULL)
    {
      g_autofree char *page = gbacw_play_view_get_page_text (view, "unit");
      g_error ("no button for %s; the unit page:\n%s", action, page);
    }
  lines = gbacw_play_view_get_n_log_lines (view);
  g_test_message ("clicking “%s”", gtk_button_get_label (GTK_BUTTON (button)));
  g_signal_emit_by_name (button, "clicked");
  gui_test_iterate ();
  /* the order given, the log has its result */
  g_assert_cmpuint (gbacw_play_view_get_n_log_lines (view), >, lines);
}

/* The visible button labelled label under root. */
static GtkWidget *
find_labelled (GtkWidget  *root,
               const char *label)
{
  if (root == NULL || !gtk_widget_get_visible (root))
    return NULL;
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_labelled (child, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
order_offered (GbacwPlayView *view,
               const char    *action,
               GVariant      *target)
{
  return find_order_button (GTK_WIDGET (gbacw_play_view_get_orders (view)), action, target) != NULL;
}

static GVariant *
ids (const char *first,
     const char *second)
{
  return g_variant_new ("(ss)", first, second);
}

/* The first widget under root with css class name. */
static GtkWidget *
find_css_class (GtkWidget  *root,
                const char *name)
{
  if (gtk_widget_has_css_class (root, name))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_css_class (child, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static GbacwGameUnit *
unit (GbacwPlayView *view,
      const char    *id)
{
  GbacwGameUnit *u = gbacw_game_find_unit (view_game (view), id);

  g_assert_nonnull (u);
  return u;
}

static void
select_unit (GbacwPlayView *view,
             const char    *id)
{
  act (view, "play.select-unit", g_variant_new_string (id));
  g_assert_cmpint (g_array_index (gbacw_play_view_get_selection (view), int, 0), ==, unit (view, id)->index);
}

/* The last action of the record is of kind (and the record grew by one). */
static const GbacwAction *
assert_recorded (GbacwPlayView  *view,
                 guint           before,
                 GbacwActionKind kind)
{
  GbacwGame *game = view_game (view);
  const GbacwAction *last;

  g_assert_cmpuint (game->actions->len, ==, before + 1);
  last = g_ptr_array_index (game->actions, game->actions->len - 1);
  g_assert_cmpint (last->kind, ==, kind);
  return last;
}

/* Ends phases through the view (answering every question) until the phasing player's
 * phase on Game-Turn turn. */
static void
play_to (GbacwPlayView *view,
         int            turn,
         int            side,
         GbacwPhase     phase)
{
  for (int steps = 0; steps < 60; steps++)
    {
      GbacwGame *game = view_game (view);
      answer_questions (view);
      game = view_game (view);
      if (game->turn == turn && game->phasing_side == side && game->phase == phase)
        return;
      g_assert_false (gbacw_game_is_over (game));
      end_phase (view);
    }
  g_assert_not_reached ();
}

static int
find_formation (GbacwGame  *game,
                const char *id)
{
  for (guint i = 0; i < game->scenario->oob.formations->len; i++)
    if (g_str_equal (((GbacwFormation *) g_ptr_array_index (game->scenario->oob.formations, i))->id, id))
      return (int) i;
  g_assert_not_reached ();
  return -1;
}

static void
test_orders (Fixture      *f,
             gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *game_path = g_build_filename (f->dir, "orders-game.xml", NULL);
  g_autofree char *state = NULL;
  g_autofree char *xml = NULL;
  GbacwPlayView *view = gbacw_play_mode_get_view (f->mode);
  GbacwPlayOrders *orders = gbacw_play_view_get_orders (view);
  GbacwGame *game;
  GbacwGameUnit *hollister, *webb, *wis, *us18, *ill, *wagon, *wagon2, *sharpshooters, *bty_b, *bty_h;
  int webb_brigade, hollister_division;
  guint before;

  gbacw_play_view_set_computer (view, 0);
  g_assert_true (gbacw_play_mode_enter (f->mode, 11, &error));
  g_assert_no_error (error);
  gui_test_iterate ();
  game = view_game (view);
  g_assert_cmpint (game->turn, ==, 1);
  g_assert_cmpint (game->phasing_side, ==, 0);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  hollister = unit (view, "u-hollister");
  webb = unit (view, "u-webb-ldr");
  wis = unit (view, "u-7wis");
  us18 = unit (view, "u-18us");
  ill = unit (view, "u-31ill");
  wagon = unit (view, "u-wagon");
  wagon2 = unit (view, "u-wagon2");
  sharpshooters = unit (view, "u-1usss");
  bty_b = unit (view, "u-bty-b");
  bty_h = unit (view, "u-bty-h");
  webb_brigade = find_formation (game, "u-webb");
  hollister_division = find_formation (game, "u-div");
  g_assert_cmpint (game->formation_parent[webb_brigade], ==, hollister_division);

  /* 17.22: Hollister spends both his Command Points on Webb, whose radius grows by them */
  select_unit (view, "u-hollister");
  {
    g_autofree char *page = gbacw_play_view_get_page_text (view, "unit");
    GtkWidget *hint = find_css_class (GTK_WIDGET (view), "play-hint");
    /* in the Initial Command Phase nothing to hint at with a stack selected: no empty
     * bubble over the map */
    g_assert_nonnull (hint);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (hint)), ==, "");
    g_assert_false (gtk_widget_get_visible (hint));
    g_assert_nonnull (strstr (page, "2 Command Points left this phase (17.22)"));
    g_assert_nonnull (strstr (page, "Spend on Webb (Effectiveness Radius 3)"));
  }
  gbacw_play_orders_set_points (orders, 2);
  before = game->actions->len;
  click_order (view, "orders.command-points", g_variant_new_string ("u-webb-ldr"));
  g_assert_cmpint (assert_recorded (view, before, GBACW_ACTION_COMMAND_POINTS)->command.points, ==, 2);
  g_assert_cmpint (hollister->cp_left, ==, 0);
  g_assert_cmpint (webb->er_bonus, ==, 2);
  g_assert_cmpint (gbacw_leadership_er (game, webb->index), ==, 3 + 2);
  g_assert_null (gbacw_play_view_get_message (view));
  /* none left: no more offered */
  g_assert_false (order_offered (view, "orders.command-points", NULL));

  /* 17.61: Webb's Brigade detached (from Webb; the division commander offers it too) */
  g_assert_true (order_offered (view, "orders.detach", g_variant_new_string ("u-webb-ldr")));
  select_unit (view, "u-webb-ldr");
  before = game->actions->len;
  click_order (view, "orders.detach", g_variant_new_string ("u-webb-ldr"));
  assert_recorded (view, before, GBACW_ACTION_DETACH);
  g_assert_cmpint (game->formation_parent[webb_brigade], ==, -1);
  g_assert_false (order_offered (view, "orders.detach", NULL));

  /* an order the engine refuses, given by hand: refused with its case, nothing recorded */
  before = game->actions->len;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (orders), "orders.attach", "(ss)", "u-webb-ldr", "c-tolliver"));
  gui_test_iterate ();
  g_assert_cmpuint (game->actions->len, ==, before);
  g_assert_nonnull (gbacw_play_view_get_message (view));
  g_test_message ("refused: %s", gbacw_play_view_get_message (view));
  g_assert_true (g_str_has_prefix (gbacw_play_view_get_message (view), "[4.0] "));

  /* 17.64: attached again, to Hollister's Division */
  g_assert_false (order_offered (view, "orders.attach", ids ("u-webb-ldr", "c-tolliver")));
  click_order (view, "orders.attach", ids ("u-webb-ldr", "u-hollister"));
  assert_recorded (view, before, GBACW_ACTION_ATTACH);
  g_assert_cmpint (game->formation_parent[webb_brigade], ==, hollister_division);
  g_assert_null (gbacw_play_view_get_message (view));

  /* 8.41: in the Movement Phase, Webb goes on top of 31 Ill at 0907, then back under it */
  g_assert_false (order_offered (view, "orders.restack", NULL));
  play_to (view, 1, 0, GBACW_PHASE_MOVEMENT);
  select_unit (view, "u-31ill");
  {
    /* its facing named as in the editor (NE), not as in the file (ne) */
    g_autofree char *page = gbacw_play_view_get_page_text (view, "unit");
    const char *name = gbacw_hex_direction_name (game->scenario->map->grid.orientation, ill->facing);
    g_autofree char *upper = g_ascii_strup (name, -1);
    g_autofree char *in_file = g_strdup_printf ("Facing: %s\n", name);
    g_autofree char *shown = g_strdup_printf ("Facing: %s\n", upper);
    g_assert_nonnull (name);
    g_assert_nonnull (strstr (page, shown));
    g_assert_null (strstr (page, in_file));
  }
  {
    const GArray *stack = gbacw_game_stack (game, ill->hex);
    g_assert_cmpuint (stack->len, ==, 2);
    g_assert_cmpint (g_array_index (stack, int, 0), ==, ill->index);
    g_assert_cmpint (g_array_index (stack, int, 1), ==, webb->index);
  }
  /* the top unit cannot go higher */
  g_assert_false (order_offered (view, "orders.restack", g_variant_new ("(si)", "u-31ill", 0)));
  /* a unit of the stack list selects it */
  {
    GtkWidget *button = find_labelled (GTK_WIDGET (orders), "Webb");
    g_assert_true (GTK_IS_TOGGLE_BUTTON (button));
    g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
    g_signal_emit_by_name (button, "clicked");
    gui_test_iterate ();
    g_assert_cmpint (g_array_index (gbacw_play_view_get_selection (view), int, 0), ==, webb->index);
    g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (find_labelled (GTK_WIDGET (orders), "Webb"))));
  }
  before = game->actions->len;
  click_order (view, "orders.restack", g_variant_new ("(si)", "u-webb-ldr", 0));
  assert_recorded (view, before, GBACW_ACTION_RESTACK);
  g_assert_cmpint (g_array_index (gbacw_game_stack (game, ill->hex), int, 0), ==, webb->index);
  g_assert_cmpint (g_array_index (gbacw_game_stack (game, ill->hex), int, 1), ==, ill->index);
  click_order (view, "orders.restack", g_variant_new ("(si)", "u-webb-ldr", 1));
  g_assert_cmpint (g_array_index (gbacw_game_stack (game, ill->hex), int, 0), ==, ill->index);

  /* 5.17: 1 US SS leaves the map through the exit area: 2 VP */
  select_unit (view, "u-1usss");
  before = game->actions->len;
  click_order (view, "orders.exit", NULL);
  assert_recorded (view, before, GBACW_ACTION_EXIT);
  g_assert_cmpint (sharpshooters->presence, ==, GBACW_PRESENCE_EXITED);
  g_assert_cmpint (sharpshooters->hex, ==, -1);
  {
    GbacwVictory v = { 0 };
    g_autofree char *turns = gbacw_play_view_get_page_text (view, "turns");
    g_autofree char *roster = gbacw_play_view_get_page_text (view, "roster");

    gbacw_outcome_victory (gbacw_play_session_get_outcome (gbacw_play_view_get_session (view)), game, &v);
    g_assert_cmpint (v.exited[0], ==, 2);
    g_assert_cmpstr (v.not_computed, ==, "3 VP for holding the Upper Ford at nightfall");
    gbacw_victory_clear (&v);
    g_test_message ("%s", turns);
    g_assert_nonnull (strstr (turns, "Union 2 VP: objectives 0, enemy losses 0, leaders 0, BCE 0, units exited 2"));
    g_assert_nonnull (strstr (turns, "Not counted (custom awards, for the players to judge): 3 VP for holding"));
    g_assert_nonnull (strstr (turns, "Left the Map"));
    g_assert_nonnull (strstr (turns, "1 US SS (Hale) (Union): Game-Turn 1, through West road"));
    g_assert_nonnull (strstr (roster, "units exited 2"));
    g_assert_nonnull (strstr (roster, "left the map"));
  }

  /* D: B 1 Oh LA fires at Hart's Bn (one round, 11.31) */
  play_to (view, 1, 0, GBACW_PHASE_OFFENSIVE_FIRE);
  select_unit (view, "u-bty-b");
  act (view, "play.target", g_variant_new_int32 (unit (view, "c-hart")->hex));
  g_assert_nonnull (gbacw_play_view_get_fire_preview (view));
  before = game->actions->len;
  act (view, "play.confirm", NULL);
  assert_recorded (view, before, GBACW_ACTION_FIRE);
  g_assert_cmpint (bty_b->rounds, ==, 9);
  answer_questions (view);

  /* 11.23: 31 Ill resupplied from Hollister's wagon beside it */
  play_to (view, 1, 0, GBACW_PHASE_AMMUNITION_RESUPPLY);
  select_unit (view, "u-31ill");
  g_assert_true (ill->status & GBACW_STATUS_AMMO_DEPLETED);
  before = game->actions->len;
  click_order (view, "orders.resupply", ids ("u-31ill", "u-wagon"));
  assert_recorded (view, before, GBACW_ACTION_RESUPPLY);
  g_assert_false (ill->status & GBACW_STATUS_AMMO_DEPLETED);
  g_assert_cmpint (wagon->small_arms_boxes, ==, 3);
  /* the stacking order is fixed outside the Movement Phase (8.41) */
  g_assert_false (order_offered (view, "orders.restack", NULL));

  /* 11.33: B fired this Game-Turn: no rounds change hands, and the panel says why */
  select_unit (view, "u-bty-h");
  g_assert_false (order_offered (view, "orders.transfer-rounds", NULL));
  {
    g_autofree char *page = gbacw_play_view_get_page_text (view, "unit");
    g_assert_nonnull (strstr (page, "[11.33] Both batteries must spend the Game-Turn without firing"));
  }

  /* 13.52: 7 Wis rallied by Webb's Rally Point, from the unit */
  play_to (view, 1, 0, GBACW_PHASE_RALLY);
  g_assert_true (wis->status & GBACW_STATUS_ROUTED);
  select_unit (view, "u-7wis");
  {
    g_autofree char *page = gbacw_play_view_get_page_text (view, "unit");
    g_assert_nonnull (strstr (page, "[Rally (Webb, 2 Rally Points left)]"));
  }
  before = game->actions->len;
  click_order (view, "orders.rally", ids ("u-webb-ldr", "u-7wis"));
  assert_recorded (view, before, GBACW_ACTION_RALLY);
  g_assert_false (wis->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (webb->rally_points, ==, 1);

  /* Hollister is not 18 US's brigade commander: a click on it is refused with the case */
  select_unit (view, "u-hollister");
  before = game->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (us18->hex));
  g_assert_cmpuint (game->actions->len, ==, before);
  g_assert_nonnull (gbacw_play_view_get_message (view));
  g_assert_true (g_str_has_prefix (gbacw_play_view_get_message (view), "[13.52] "));
  g_assert_true (us18->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (g_array_index (gbacw_play_view_get_selection (view), int, 0), ==, hollister->index);

  /* Webb selected, a click on 18 US rallies it with his last point (17.13) */
  select_unit (view, "u-webb-ldr");
  {
    g_autofree char *page = gbacw_play_view_get_page_text (view, "unit");
    g_assert_nonnull (strstr (page, "Webb: 1 Rally Point left (17.13)"));
    g_assert_nonnull (strstr (page, "[Rally 18 US (0906)]"));
  }
  act (view, "play.click-hex", g_variant_new_int32 (us18->hex));
  assert_recorded (view, before, GBACW_ACTION_RALLY);
  g_assert_false (us18->status & GBACW_STATUS_ROUTED);
  g_assert_cmpint (webb->rally_points, ==, 0);
  g_assert_null (gbacw_play_view_get_message (view));

  /* 11.18: 18 US, rallied, gives a Strength Point to crew Webb's wagon */
  play_to (view, 1, 0, GBACW_PHASE_FINAL_COMMAND);
  select_unit (view, "u-wagon2");
  g_assert_cmpint (wagon2->strength, ==, 0);
  before = game->actions->len;
  click_order (view, "orders.recrew", ids ("u-18us", "u-wagon2"));
  assert_recorded (view, before, GBACW_ACTION_RECREW);
  g_assert_cmpint (wagon2->strength, ==, 1);
  g_assert_cmpint (us18->strength, ==, 4 - 1);
  g_assert_false (order_offered (view, "orders.recrew", NULL));

  /* 11.33: on Game-Turn 2, H gives B one round back */
  play_to (view, 2, 0, GBACW_PHASE_AMMUNITION_RESUPPLY);
  select_unit (view, "u-bty-h");
  gbacw_play_orders_set_rounds (orders, 1);
  before = game->actions->len;
  click_order (view, "orders.transfer-rounds", ids ("u-bty-h", "u-bty-b"));
  g_assert_cmpint (assert_recorded (view, before, GBACW_ACTION_TRANSFER_ROUNDS)->command.points, ==, 1);
  g_assert_cmpint (bty_h->rounds, ==, 9);
  g_assert_cmpint (bty_b->rounds, ==, 10);
  /* B is full now: nothing more to give it */
  g_assert_false (order_offered (view, "orders.transfer-rounds", ids ("u-bty-h", "u-bty-b")));

  /* the record holds every order and replays to the same state */
  xml = gbacw_game_to_xml (game, "orders.xml");
  for (guint i = 0; i < 9; i++)
    {
      static const char *const elements[] = { "<command-points ", "<detach ", "<attach ", "<restack ", "<exit",
                                              "<resupply ", "<rally ", "<recrew ", "<transfer-rounds " };
      g_assert_nonnull (strstr (xml, elements[i]));
    }
  state = gbacw_query_state_dump (game);
  g_assert_true (gbacw_play_view_save_game (view, game_path, &error));
  g_assert_no_error (error);
  g_assert_true (gbacw_play_view_load_game (view, game_path, &error));
  g_assert_no_error (error);
  {
    g_autofree char *again = gbacw_query_state_dump (view_game (view));
    g_assert_cmpstr (again, ==, state);
  }
  gbacw_play_mode_leave (f->mode);
}

/* The custom award is flagged beside the VP in the phase bar, from the start. */
static GtkWidget *
find_tooltip_widget (GtkWidget  *root,
                     const char *needle)
{
  const char *tooltip;

  if (root == NULL)
    return NULL;
  tooltip = gtk_widget_get_tooltip_text (root);
  if (tooltip != NULL && strstr (tooltip, needle) != NULL && gtk_widget_get_visible (root))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tooltip_widget (child, needle);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_vp_not_computed (Fixture      *f,
                      gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  GbacwPlayView *view = gbacw_play_mode_get_view (f->mode);

  gbacw_play_view_set_computer (view, 0);
  g_assert_true (gbacw_play_mode_enter (f->mode, 1, &error));
  g_assert_no_error (error);
  gui_test_iterate ();
  g_assert_nonnull (find_tooltip_widget (GTK_WIDGET (view), "Not counted (custom awards, for the players to judge): "
                                                            "3 VP for holding the Upper Ford"));
  g_assert_nonnull (find_tooltip_widget (GTK_WIDGET (view), "units exited 0"));
  gbacw_play_mode_leave (f->mode);
}

/* ---------------------------------------------------------------- decisions */

/* A position for the decision tests: the units it deploys (placements) on the demo's map,
 * all made clear ground at one level, so that only the units shape the retreats and ZOCs. */
typedef struct {
  const char *name;
  void (*deploy) (GbacwScenario *scenario);
} Position;

static GbacwPlacement *
deploy (GbacwScenario *scenario,
        const char    *unit,
        const char    *hex,
        const char    *facing,
        int            strength)
{
  GbacwPlacement *p = place (scenario, unit, hex, facing);
  const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, unit);

  g_assert_nonnull (u);
  if (u->type == GBACW_UNIT_INFANTRY)
    p->formation = GBACW_FORMATION_STATE_LINE;
  if (strength > 0)
    p->strength = strength;
  return p;
}

/* The demo's catalogue, charts, order of battle and turns, on its map made clear, level
 * ground with no hexside features or roads, without its set-up areas, deployment and
 * reinforcements; then the position's units. */
static char *
write_position_scenario (const char     *dir,
                         const Position *position)
{
  g_autofree char *demo = demo_path ();
  g_autofree char *name = g_strdup_printf ("%s.xml", position->name);
  g_autoptr(GbacwScenario) s = NULL;
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);
  GbacwMap *map;
  guint n_sides;
  int clear = -1;

  s = gbacw_scenario_load_file (demo, &error);
  g_assert_no_error (error);
  map = s->map;
  for (guint i = 0; i < s->catalogue.hex_terrains->len; i++)
    if (g_str_equal (((GbacwHexTerrain *) g_ptr_array_index (s->catalogue.hex_terrains, i))->id, "clear"))
      clear = (int) i;
  g_assert_cmpint (clear, >=, 0);
  for (int hex = 0; hex < gbacw_hex_grid_n_hexes (&map->grid); hex++)
    {
      map->terrain[hex] = G_GUINT64_CONSTANT (1) << clear;
      map->elevation[hex] = 0;
    }
  n_sides = gbacw_hex_grid_n_hexside_ids (&map->grid);
  memset (map->hexside_features, 0, n_sides * sizeof *map->hexside_features);
  memset (map->hexside_inside, 0, n_sides * sizeof *map->hexside_inside);
  memset (map->hexside_lines, 0, n_sides * sizeof *map->hexside_lines);
  g_hash_table_remove_all (map->hexside_names);
  g_ptr_array_set_size (map->labels, 0);
  for (guint i = map->areas->len; i-- > 0;)
    if (((GbacwArea *) g_ptr_array_index (map->areas, i))->kind == GBACW_AREA_SETUP)
      g_ptr_array_remove_index (map->areas, i);
  g_ptr_array_set_size (s->deployment, 0);
  g_ptr_array_set_size (s->reinforcements, 0);
  position->deploy (s);
  g_assert_true (gbacw_scenario_save_file (s, path, &error));
  g_assert_no_error (error);
  return path;
}

static void
position_fixture_set_up (Fixture      *f,
                         gconstpointer data)
{
  f->dir = g_dir_make_tmp ("test-play-gui-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = write_position_scenario (f->dir, data);
  open_window (f);
}

/* Both sides human, Game-Turn 1, the Union's Initial Command Phase. */
static GbacwPlayView *
start_position (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  GbacwPlayView *view = gbacw_play_mode_get_view (f->mode);
  GbacwGame *game;

  gbacw_play_view_set_computer (view, 0);
  g_assert_true (gbacw_play_mode_enter (f->mode, 5, &error));
  g_assert_no_error (error);
  gui_test_iterate ();
  game = view_game (view);
  g_assert_cmpint (game->turn, ==, 1);
  g_assert_cmpint (game->phasing_side, ==, 0);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
  return view;
}

static int
hex_of (GbacwPlayView *view,
        const char    *label)
{
  return parse_hex (view_game (view)->scenario, label);
}

/* Ends phases through the view (Next Step) until the phase of side (a question asked as it
 * begins stays open); no question on the way. */
static void
step_to (GbacwPlayView *view,
         int            side,
         GbacwPhase     phase)
{
  for (int steps = 0; steps < 30; steps++)
    {
      GbacwGame *game = view_game (view);
      guint before = game->actions->len;

      if (game->phasing_side == side && game->phase == phase)
        return;
      g_assert_null (gbacw_game_decision (game));
      act (view, "play.next-step", NULL);
      g_assert_cmpuint (view_game (view)->actions->len, ==, before + 1);
    }
  g_assert_not_reached ();
}

static void
collect_answer_buttons (GtkWidget *root,
                        GPtrArray *out)
{
  if (!gtk_widget_get_visible (root))
    return;
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), "play.answer") == 0)
    g_ptr_array_add (out, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_answer_buttons (child, out);
}

/* An answer button's label without its key ("1  Stand": Stand). */
static const char *
answer_text (GtkWidget *button)
{
  const char *label = gtk_button_get_label (GTK_BUTTON (button));

  if (g_ascii_isdigit (label[0]) && g_str_has_prefix (label + 1, "  "))
    return label + 3;
  return label;
}

/* The answer buttons the view shows for the open question, in order (borrowed). */
static GPtrArray *
answer_buttons (GbacwPlayView *view)
{
  GPtrArray *buttons = g_ptr_array_new ();

  collect_answer_buttons (GTK_WIDGET (view), buttons);
  return buttons;
}

static void
log_question (GbacwPlayView *view)
{
  g_autofree char *question = gbacw_play_session_describe_decision (gbacw_play_view_get_session (view));
  g_autoptr(GPtrArray) buttons = answer_buttons (view);

  g_test_message ("question: %s", question);
  for (guint i = 0; i < buttons->len; i++)
    g_test_message ("  [%s]", gtk_button_get_label (GTK_BUTTON (g_ptr_array_index (buttons, i))));
}

/* The label under root showing text (in a revealer: revealed), or NULL. */
static GtkWidget *
find_shown_label (GtkWidget  *root,
                  const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    {
      GtkWidget *revealer = gtk_widget_get_ancestor (root, GTK_TYPE_REVEALER);
      if (revealer == NULL || gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)))
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_shown_label (child, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The open question is of kind, asked of side; the window shows it, its answers enabled
 * (the side asked is human). */
static const GbacwDecision *
assert_question (GbacwPlayView    *view,
                 GbacwDecisionKind kind,
                 int               side)
{
  const GbacwDecision *d = gbacw_game_decision (view_game (view));
  g_autofree char *question = gbacw_play_session_describe_decision (gbacw_play_view_get_session (view));
  g_autoptr(GPtrArray) buttons = answer_buttons (view);

  g_assert_nonnull (d);
  log_question (view);
  g_assert_cmpint (d->kind, ==, kind);
  g_assert_cmpint (d->side, ==, side);
  g_assert_nonnull (find_shown_label (GTK_WIDGET (view), question));
  g_assert_cmpuint (buttons->len, >, 0);
  for (guint i = 0; i < buttons->len; i++)
    g_assert_true (gtk_widget_is_sensitive (g_ptr_array_index (buttons, i)));
  return d;
}

static GtkWidget *
find_answer (GbacwPlayView *view,
             const char    *text)
{
  g_autoptr(GPtrArray) buttons = answer_buttons (view);

  for (guint i = 0; i < buttons->len; i++)
    if (g_str_equal (answer_text (g_ptr_array_index (buttons, i)), text))
      return g_ptr_array_index (buttons, i);
  return NULL;
}

/* Clicks the answer button labelled text: it must be offered, sensitive, and accepted;
 * the answer is the last action of the game's record. */
static const GbacwAction *
click_answer (GbacwPlayView *view,
              const char    *text)
{
  GtkWidget *button = find_answer (view, text);
  guint before = view_game (view)->actions->len;

  if (button == NULL)
    {
      log_question (view);
      g_error ("no answer “%s” offered", text);
    }
  g_assert_true (gtk_widget_is_sensitive (button));
  g_test_message ("answering “%s”", text);
  g_signal_emit_by_name (button, "clicked");
  gui_test_iterate ();
  g_assert_null (gbacw_play_view_get_message (view));
  return assert_recorded (view, before, GBACW_ACTION_ANSWER);
}

/* ---- positions */

/* How many units (of either side) are in hex. */
static guint
n_units_in (GbacwPlayView *view,
            const char    *hex)
{
  const GArray *stack = gbacw_game_stack (view_game (view), hex_of (view, hex));
  return stack ? stack->len : 0;
}

/* Forces the next dice of the game in the window (gbacw-dice.h), list ended by 0. */
static void
force_dice (GbacwPlayView *view,
            int            first,
            ...)
{
  GbacwDice *dice = view_game (view)->dice;
  va_list args;

  gbacw_dice_clear_forced (dice);
  va_start (args, first);
  for (int die = first; die != 0; die = va_arg (args, int))
    gbacw_dice_force (dice, &die, 1);
  va_end (args);
}

static guint
n_forced (GbacwPlayView *view)
{
  return gbacw_dice_n_forced (view_game (view)->dice);
}

static gboolean
logged (GbacwPlayView *view,
        const char    *rule_case,
        const char    *text)
{
  GbacwGame *game = view_game (view);

  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      if (g_strcmp0 (e->rule_case, rule_case) == 0 && (text == NULL || strstr (e->text, text) != NULL))
        return TRUE;
    }
  return FALSE;
}

/* The unit selected aims at hex and, clicked again, declares the melee (phase E) or
 * melees (phase F) through the map. */
static void
melee_by_clicks (GbacwPlayView *view,
                 const char    *unit_id,
                 const char    *hex,
                 GbacwActionKind kind)
{
  guint before;

  select_unit (view, unit_id);
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, hex)));
  g_assert_cmpint (gbacw_play_view_get_target (view), ==, hex_of (view, hex));
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, hex)));
  if (view_game (view)->actions->len != before + 1)
    g_error ("no melee: %s", gbacw_play_view_get_message (view));
  assert_recorded (view, before, kind);
}

/* 14 Oh (4 SP, Morale 4) at 0504 facing south, in command (Webb and 31 Ill behind it at
 * 0503); Hart's Bn (3 SP, Morale 5) at 0505 facing north. */
static void
deploy_melee (GbacwScenario *s)
{
  deploy (s, "u-14oh", "0504", "s", 4);
  deploy (s, "u-31ill", "0503", "s", 0);
  deploy (s, "u-webb-ldr", "0503", "s", 0);
  deploy (s, "c-hart", "0505", "n", 0);
}

static const Position melee_position = { "melee", deploy_melee };

/* 12.8: Hart's Bn, meleed, retreats two hexes before the melee by the answer's button;
 * 12.83: 14 Oh holds its withdrawal fire; 12.85: 14 Oh advances into the hex vacated. */
static void
test_decision_before_melee_retreat (Fixture      *f,
                                    gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *ohio = unit (view, "u-14oh"), *hart = unit (view, "c-hart");
  const GbacwDecision *d;
  const GbacwAction *answer;
  g_autoptr(GPtrArray) buttons = NULL;

  step_to (view, 0, GBACW_PHASE_RETREAT_BEFORE_MELEE);
  melee_by_clicks (view, "u-14oh", "0505", GBACW_ACTION_DECLARE_MELEE);

  /* the defender is asked at once: every legal path of one or two hexes, or stand */
  d = assert_question (view, GBACW_DECISION_RETREAT_BEFORE_MELEE, 1);
  g_assert_cmpstr (d->rule_case, ==, "12.8");
  buttons = answer_buttons (view);
  g_assert_cmpuint (buttons->len, ==, d->paths->len + 1);
  g_assert_nonnull (find_answer (view, "Stand"));
  g_assert_nonnull (find_answer (view, "Retreat: 0506"));
  /* 12.82: not into the enemy's ZOC (14 Oh's front: 0404, 0505, 0604) */
  g_assert_null (find_answer (view, "Retreat: 0604"));
  g_assert_null (find_answer (view, "Retreat: 0404"));
  answer = click_answer (view, "Retreat: 0506 → 0507");
  g_assert_cmpuint (answer->answer.path->len, ==, 2);
  g_assert_cmpint (g_array_index (answer->answer.path, int, 0), ==, hex_of (view, "0506"));
  g_assert_cmpint (g_array_index (answer->answer.path, int, 1), ==, hex_of (view, "0507"));
  g_assert_true (logged (view, "12.8", "retreats before melee"));

  /* 12.83: the attacker may fire at it as it leaves his ZOC: he holds his fire; the
   * morale check follows, fired upon or not (die 1: passed) */
  d = assert_question (view, GBACW_DECISION_FIRE, 0);
  g_assert_cmpstr (d->rule_case, ==, "12.83");
  g_assert_cmpuint (d->firers->len, ==, 1);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, ohio->index);
  g_assert_nonnull (find_answer (view, "Fire with 14 Oh"));
  force_dice (view, 1, 0);
  answer = click_answer (view, "Hold fire");
  g_assert_cmpuint (answer->answer.firers->len, ==, 0);
  g_assert_cmpuint (n_forced (view), ==, 0);
  g_assert_cmpint (hart->hex, ==, hex_of (view, "0507"));
  g_assert_cmpint (hart->strength, ==, 3);
  g_assert_false (hart->status & GBACW_STATUS_ROUTED);

  /* 12.85: the attacker may advance into the hex vacated */
  d = assert_question (view, GBACW_DECISION_ADVANCE, 0);
  g_assert_true (d->may_decline);
  g_assert_nonnull (find_answer (view, "Stay"));
  answer = click_answer (view, "Advance 14 Oh");
  g_assert_cmpuint (answer->answer.firers->len, ==, 1);
  g_assert_cmpint (g_array_index (answer->answer.firers, GbacwFirer, 0).unit, ==, ohio->index);
  g_assert_null (gbacw_game_decision (view_game (view)));
  g_assert_cmpint (ohio->hex, ==, hex_of (view, "0505"));
  g_assert_true (ohio->advanced);
  g_assert_true (logged (view, "12.85", "advances into 0505"));
  g_assert_cmpuint (n_units_in (view, "0504"), ==, 0);
  gbacw_play_mode_leave (f->mode);
}

/* 12.8: Hart's Bn stands; 12.0: 14 Oh melees it at +1 (4 against 3; Morale 4 and 5 are
 * not two apart, 12.52), die 4: both engaged; 7.32: Hart's Bn's owner faces it southeast. */
static void
test_decision_before_melee_stand (Fixture      *f,
                                  gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *ohio = unit (view, "u-14oh"), *hart = unit (view, "c-hart");
  const GbacwDecision *d;
  const GbacwAction *answer;
  GbacwMeleeOdds odds;
  int se = gbacw_hex_direction_parse (view_game (view)->scenario->map->grid.orientation, "se");

  step_to (view, 0, GBACW_PHASE_RETREAT_BEFORE_MELEE);
  melee_by_clicks (view, "u-14oh", "0505", GBACW_ACTION_DECLARE_MELEE);
  assert_question (view, GBACW_DECISION_RETREAT_BEFORE_MELEE, 1);
  answer = click_answer (view, "Stand");
  g_assert_cmpuint (answer->answer.path->len, ==, 0);
  g_assert_true (logged (view, "12.8", "stands and accepts the melee"));
  /* no advance into a hex still held */
  g_assert_null (gbacw_game_decision (view_game (view)));
  g_assert_cmpint (hart->hex, ==, hex_of (view, "0505"));

  step_to (view, 0, GBACW_PHASE_MELEE);
  {
    g_autoptr(GArray) attackers = g_array_new (FALSE, FALSE, sizeof (int));
    g_autoptr(GError) error = NULL;
    g_array_append_val (attackers, ohio->index);
    g_assert_true (gbacw_melee_odds (view_game (view), attackers, hart->hex, FALSE, &odds, &error));
    g_assert_no_error (error);
    g_test_message ("melee: %d against %d, differential %+d", odds.attack, odds.defend, odds.differential);
    g_assert_cmpint (odds.differential, ==, +1);
  }
  /* 12.98: die 4 at +1: Eng, Eng */
  force_dice (view, 4, 0);
  melee_by_clicks (view, "u-14oh", "0505", GBACW_ACTION_MELEE);
  g_assert_cmpuint (n_forced (view), ==, 0);
  g_assert_true (ohio->status & GBACW_STATUS_ENGAGED);
  g_assert_true (hart->status & GBACW_STATUS_ENGAGED);
  {
    g_autofree char *combat = gbacw_play_view_get_page_text (view, "combat");
    g_assert_nonnull (strstr (combat, "Melees Declared"));
    g_assert_nonnull (strstr (combat, "0505: meleed"));
  }

  /* 7.32: the defender rearranges its facing; the answers face it any other way */
  d = assert_question (view, GBACW_DECISION_MELEE_FACING, 1);
  g_assert_cmpstr (d->rule_case, ==, "7.32");
  g_assert_nonnull (find_answer (view, "Keep their facing"));
  g_assert_null (find_answer (view, "Face n in 0505"));   /* as it is */
  {
    g_autoptr(GPtrArray) buttons = answer_buttons (view);
    g_assert_cmpuint (buttons->len, ==, 1 + 5);
  }
  answer = click_answer (view, "Face se in 0505");
  g_assert_cmpuint (answer->answer.firers->len, ==, 1);
  g_assert_cmpint (g_array_index (answer->answer.firers, GbacwFirer, 0).unit, ==, hart->index);
  g_assert_cmpint (g_array_index (answer->answer.firers, GbacwFirer, 0).direction, ==, se);
  g_assert_cmpint (hart->facing, ==, se);
  g_assert_true (logged (view, "7.32", "face se"));
  /* 12.94: the attacker went in; the two fight on in 0505 */
  g_assert_cmpint (ohio->hex, ==, hex_of (view, "0505"));
  g_assert_cmpint (ohio->facing, !=, se);
  g_assert_null (gbacw_game_decision (view_game (view)));
  gbacw_play_mode_leave (f->mode);
}

/* 14 Oh (6 SP, Morale 4) at 0504 facing south, in command (Webb and 31 Ill at 0503);
 * Hart's Bn (3 SP, Morale 5) and 4 Ala (3 SP, Morale 4) at 0505 facing north. */
static void
deploy_melee_loss (GbacwScenario *s)
{
  deploy (s, "u-14oh", "0504", "s", 0);
  deploy (s, "u-31ill", "0503", "s", 0);
  deploy (s, "u-webb-ldr", "0503", "s", 0);
  deploy (s, "c-hart", "0505", "n", 0);
  deploy (s, "c-4ala", "0505", "n", 3);
}

static const Position melee_loss_position = { "melee-loss", deploy_melee_loss };

/* 12.0: 14 Oh melees Hart's Bn and 4 Ala at 0 (6 against 6), die 1: defender C1R2;
 * 12.74: their owner has 4 Ala take the loss, by its button; 12.92: they retreat two
 * hexes along the last path offered, chosen by a click on its last hex (die 1 and 1: both
 * pass the morale check after it); 7.32: a click on the hex north of them faces them north. */
static void
test_decision_melee_loss (Fixture      *f,
                          gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *ohio = unit (view, "u-14oh"), *hart = unit (view, "c-hart"), *alabama = unit (view, "c-4ala");
  int north = gbacw_hex_direction_parse (view_game (view)->scenario->map->grid.orientation, "n");
  const GbacwDecision *d;
  const GbacwAction *answer;
  GbacwMeleeOdds odds;
  guint before;

  step_to (view, 0, GBACW_PHASE_RETREAT_BEFORE_MELEE);
  melee_by_clicks (view, "u-14oh", "0505", GBACW_ACTION_DECLARE_MELEE);
  /* each unit of the stack is asked (12.8) */
  assert_question (view, GBACW_DECISION_RETREAT_BEFORE_MELEE, 1);
  click_answer (view, "Stand");
  assert_question (view, GBACW_DECISION_RETREAT_BEFORE_MELEE, 1);
  click_answer (view, "Stand");
  step_to (view, 0, GBACW_PHASE_MELEE);
  {
    g_autoptr(GArray) attackers = g_array_new (FALSE, FALSE, sizeof (int));
    g_array_append_val (attackers, ohio->index);
    g_assert_true (gbacw_melee_odds (view_game (view), attackers, hart->hex, FALSE, &odds, NULL));
    g_assert_cmpint (odds.attack, ==, 6);
    g_assert_cmpint (odds.defend, ==, 3 + 3);
    g_assert_cmpint (odds.differential, ==, 0);
  }
  force_dice (view, 1, 1, 1, 0);
  melee_by_clicks (view, "u-14oh", "0505", GBACW_ACTION_MELEE);
  g_assert_true (logged (view, "12.0", "die 1: attacker —, defender C1R2"));

  /* 12.74: the defender's owner chooses */
  d = assert_question (view, GBACW_DECISION_MELEE_LOSS, 1);
  g_assert_cmpstr (d->rule_case, ==, "12.74");
  g_assert_cmpuint (d->units->len, ==, 2);
  g_assert_nonnull (find_answer (view, "Hart's Bn takes the loss"));
  answer = click_answer (view, "4 Ala takes the loss");
  g_assert_cmpint (answer->answer.hex, ==, alabama->index);
  g_assert_cmpint (alabama->strength, ==, 3 - 1);
  g_assert_cmpint (alabama->captured, ==, 1);
  g_assert_cmpint (hart->strength, ==, 3);
  g_assert_cmpint (hart->captured, ==, 0);

  /* 12.92: two hexes; the last path offered, by a click on its last hex */
  d = assert_question (view, GBACW_DECISION_RETREAT_PATH, 1);
  g_assert_cmpint (d->length, ==, 2);
  g_assert_cmpuint (d->paths->len, ==, 4);
  g_assert_nonnull (find_answer (view, "Retreat: 0604 → 0705"));
  {
    const GArray *last = g_ptr_array_index (d->paths, d->paths->len - 1);
    g_assert_cmpint (g_array_index (last, int, 1), ==, hex_of (view, "0705"));
    for (guint i = 0; i + 1 < d->paths->len; i++)
      g_assert_cmpint (g_array_index ((GArray *) g_ptr_array_index (d->paths, i), int, 1), !=, hex_of (view, "0705"));
  }
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0705")));
  answer = assert_recorded (view, before, GBACW_ACTION_ANSWER);
  g_assert_cmpuint (answer->answer.path->len, ==, 2);
  g_assert_cmpint (g_array_index (answer->answer.path, int, 0), ==, hex_of (view, "0604"));
  g_assert_cmpint (g_array_index (answer->answer.path, int, 1), ==, hex_of (view, "0705"));
  g_assert_cmpint (hart->hex, ==, hex_of (view, "0705"));
  g_assert_cmpint (alabama->hex, ==, hex_of (view, "0705"));
  g_assert_true (logged (view, "12.92", "retreat into 0705"));
  g_assert_cmpuint (n_forced (view), ==, 0);
  g_assert_true (logged (view, "13.21", "Morale check for 4 Ala (c-4ala): die 1+1 = 2 against Morale 4: passes"));
  g_assert_false (hart->status & GBACW_STATUS_ROUTED);
  g_assert_false (alabama->status & GBACW_STATUS_ROUTED);
  /* the attacker is in the hex it meleed */
  g_assert_cmpint (ohio->hex, ==, hex_of (view, "0505"));

  /* 7.32: the units that meleed, now in 0705; the hexes their answers face are outlined
   * on the map, and a click on one (0704, north) faces them there */
  d = assert_question (view, GBACW_DECISION_MELEE_FACING, 1);
  g_assert_cmpint (hart->facing, !=, north);
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0704")));
  answer = assert_recorded (view, before, GBACW_ACTION_ANSWER);
  g_assert_cmpuint (answer->answer.firers->len, ==, 1);
  g_assert_cmpint (g_array_index (answer->answer.firers, GbacwFirer, 0).direction, ==, north);
  g_assert_cmpint (hart->facing, ==, north);
  g_assert_cmpint (alabama->facing, ==, north);   /* 8.42: one facing for the stack */
  g_assert_true (logged (view, "7.32", "The units that meleed in 0705 face n"));
  g_assert_null (gbacw_game_decision (view_game (view)));
  gbacw_play_mode_leave (f->mode);
}

/* Webb with 31 Ill (3 SP, Morale 3) on top of 14 Oh (3 SP, Morale 4) at 0505 facing
 * north; Hart's Bn (3 SP) at 0504 facing south. */
static void
deploy_rout (GbacwScenario *s)
{
  deploy (s, "u-31ill", "0505", "n", 3);
  deploy (s, "u-14oh", "0505", "n", 3);
  deploy (s, "u-webb-ldr", "0505", "n", 0);
  deploy (s, "c-hart", "0504", "s", 0);
}

static const Position rout_position = { "rout", deploy_rout };

/* 9.0: in the Defensive Fire Phase Hart's Bn fires at 0505, aimed and fired by clicks on
 * the map: 6 (4-6), die 4: R; 9.87: 31 Ill on top checks, die 6 - 1 (Webb, 17.51) = 5
 * against Morale 3: routed; 14 Oh beneath, die 1 - 1: stays. 13.31: its owner picks a
 * path of three hexes by its button, not the first offered; 13.43: Webb goes with it. */
static void
test_decision_rout_leaders (Fixture      *f,
                            gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *illinois = unit (view, "u-31ill"), *ohio = unit (view, "u-14oh"), *webb = unit (view, "u-webb-ldr");
  const GbacwDecision *d;
  const GbacwAction *answer;
  guint before;

  step_to (view, 0, GBACW_PHASE_DEFENSIVE_FIRE);
  force_dice (view, 4, 6, 1, 0);
  select_unit (view, "c-hart");
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0505")));
  g_assert_nonnull (gbacw_play_view_get_fire_preview (view));
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0505")));
  assert_recorded (view, before, GBACW_ACTION_FIRE);
  /* 9.42: the results at the end of the phase */
  before = view_game (view)->actions->len;
  act (view, "play.next-step", NULL);
  assert_recorded (view, before, GBACW_ACTION_END_PHASE);
  g_assert_cmpuint (n_forced (view), ==, 0);
  g_assert_true (illinois->status & GBACW_STATUS_ROUTED);
  g_assert_false (ohio->status & GBACW_STATUS_ROUTED);

  /* 13.31: the owner (not the side whose phase it is) picks the path */
  d = assert_question (view, GBACW_DECISION_RETREAT_PATH, 0);
  g_assert_cmpint (gbacw_game_decider (view_game (view)), ==, 0);
  g_assert_cmpint (d->length, ==, 3);
  {
    g_autoptr(GPtrArray) buttons = answer_buttons (view);
    const GArray *first = g_ptr_array_index (d->paths, 0);
    g_assert_cmpuint (buttons->len, ==, d->paths->len);
    g_assert_cmpint (g_array_index (first, int, 2), !=, hex_of (view, "0508"));
  }
  answer = click_answer (view, "Retreat: 0506 → 0507 → 0508");
  g_assert_cmpuint (answer->answer.path->len, ==, 3);
  g_assert_cmpint (g_array_index (answer->answer.path, int, 0), ==, hex_of (view, "0506"));
  g_assert_cmpint (g_array_index (answer->answer.path, int, 2), ==, hex_of (view, "0508"));

  /* 13.43: asked once the path is known, before anyone moves */
  d = assert_question (view, GBACW_DECISION_ROUT_LEADERS, 0);
  g_assert_cmpstr (d->rule_case, ==, "13.43");
  g_assert_cmpuint (d->firers->len, ==, 1);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, webb->index);
  g_assert_cmpint (illinois->hex, ==, hex_of (view, "0505"));
  g_assert_nonnull (find_answer (view, "All stay"));
  answer = click_answer (view, "Webb goes with 31 Ill");
  g_assert_cmpuint (answer->answer.firers->len, ==, 1);
  g_assert_cmpint (g_array_index (answer->answer.firers, GbacwFirer, 0).unit, ==, webb->index);
  g_assert_null (gbacw_game_decision (view_game (view)));
  g_assert_true (logged (view, "13.43", "Webb (u-webb-ldr) goes with the routed 31 Ill"));
  g_assert_true (logged (view, "13.31", "31 Ill (u-31ill), Webb (u-webb-ldr) retreat into 0508"));
  g_assert_cmpint (illinois->hex, ==, hex_of (view, "0508"));
  g_assert_cmpint (webb->hex, ==, hex_of (view, "0508"));
  g_assert_cmpint (ohio->hex, ==, hex_of (view, "0505"));
  gbacw_play_mode_leave (f->mode);
}

/* Hart's Bn (3 SP) at 0504 facing south: its ZOC holds 31 Ill (5 SP, Morale 3) at 0505 and
 * 14 Oh at 0604; Webb with B 1 Oh LA at 0506 keeps them in command. */
static void
deploy_withdrawal (GbacwScenario *s)
{
  deploy (s, "c-hart", "0504", "s", 0);
  deploy (s, "u-31ill", "0505", "n", 0);
  deploy (s, "u-14oh", "0604", "nw", 0);
  deploy (s, "u-bty-b", "0506", "n", 0)->formation = GBACW_FORMATION_STATE_UNLIMBERED;
  deploy (s, "u-webb-ldr", "0506", "n", 0);
}

static const Position withdrawal_position = { "withdrawal", deploy_withdrawal };

/* A move through the view: the unit selected, a click on the hex it goes to. */
static void
move_by_click (GbacwPlayView *view,
               const char    *unit_id,
               const char    *hex)
{
  guint before;

  select_unit (view, unit_id);
  g_assert_nonnull (gbacw_play_view_get_move_costs (view));
  g_assert_cmpint (gbacw_play_view_get_move_costs (view)[hex_of (view, hex)], >=, 0);
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, hex)));
  assert_recorded (view, before, GBACW_ACTION_MOVE);
}

/* Two Union stacks well away from Hart's Bn: 31 Ill with B 1 Oh LA unlimbered at 0510; the
 * supply wagon (Movement Allowance 8), 14 Oh in line (6) and Webb (12) at 0810. */
static void
deploy_stacks (GbacwScenario *s)
{
  deploy (s, "c-hart", "1603", "s", 0);
  deploy (s, "u-31ill", "0510", "n", 0);
  deploy (s, "u-bty-b", "0510", "n", 0)->formation = GBACW_FORMATION_STATE_UNLIMBERED;
  deploy (s, "u-wagon", "0810", "n", 0);
  deploy (s, "u-14oh", "0810", "n", 0);
  deploy (s, "u-webb-ldr", "0810", "n", 0);
}

static const Position stacks_position = { "stacks", deploy_stacks };

/* "Whole stack" shows only what the whole stack can do: nothing when one of it may not
 * move (an unlimbered battery, 6.13), and a click says why; otherwise the hexes every unit
 * of the stack can reach, and a click there moves them all. */
static void
test_whole_stack_range (Fixture      *f,
                        gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *illinois = unit (view, "u-31ill"), *ohio = unit (view, "u-14oh"), *wagon = unit (view, "u-wagon");
  GbacwGameUnit *webb = unit (view, "u-webb-ldr");
  g_autoptr(GbacwMoveRange) ohio_range = NULL, wagon_range = NULL, webb_range = NULL;
  const int *costs;
  int start = illinois->hex, target = -1, wagon_only = -1, all = -1;
  guint before;

  step_to (view, 0, GBACW_PHASE_MOVEMENT);

  /* 31 Ill alone can move */
  select_unit (view, "u-31ill");
  costs = gbacw_play_view_get_move_costs (view);
  g_assert_nonnull (costs);
  for (int hex = 0; hex < view_game (view)->n_hexes && target < 0; hex++)
    if (hex != start && costs[hex] >= 0 && gbacw_game_stack (view_game (view), hex) == NULL)
      target = hex;
  g_assert_cmpint (target, >=, 0);

  /* with the battery: no hex is offered, and a click on one says why */
  g_object_set (view, "whole-stack", TRUE, NULL);
  g_assert_null (gbacw_play_view_get_move_costs (view));
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (target));
  g_assert_cmpuint (view_game (view)->actions->len, ==, before);
  g_assert_cmpint (illinois->hex, ==, start);
  g_assert_nonnull (strstr (gbacw_play_view_get_message (view), "[6.13]"));
  g_assert_nonnull (strstr (gbacw_play_view_get_message (view), "unlimbered"));

  /* the wagon with 14 Oh and Webb: only where all three can go (the wagon alone goes
   * further than 14 Oh) */
  select_unit (view, "u-wagon");
  costs = gbacw_play_view_get_move_costs (view);
  g_assert_nonnull (costs);
  ohio_range = gbacw_movement_range (view_game (view), ohio->index, NULL);
  wagon_range = gbacw_movement_range (view_game (view), wagon->index, NULL);
  webb_range = gbacw_movement_range (view_game (view), webb->index, NULL);
  g_assert_nonnull (ohio_range);
  g_assert_nonnull (wagon_range);
  g_assert_nonnull (webb_range);
  for (int hex = 0; hex < view_game (view)->n_hexes; hex++)
    {
      if (costs[hex] >= 0)
        {
          g_assert_cmpint (ohio_range->cost[hex], >=, 0);
          g_assert_cmpint (wagon_range->cost[hex], >=, 0);
          g_assert_cmpint (webb_range->cost[hex], >=, 0);
          if (hex != wagon->hex && all < 0)
            all = hex;
        }
      if (wagon_range->cost[hex] >= 0 && ohio_range->cost[hex] < 0 && wagon_only < 0)
        wagon_only = hex;
    }
  g_assert_cmpint (wagon_only, >=, 0);
  g_assert_cmpint (costs[wagon_only], <, 0);
  g_assert_cmpint (all, >=, 0);
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (all));
  assert_recorded (view, before, GBACW_ACTION_MOVE);
  g_assert_cmpint (ohio->hex, ==, all);
  g_assert_cmpint (wagon->hex, ==, all);
  g_assert_cmpint (webb->hex, ==, all);
  gbacw_play_mode_leave (f->mode);
}

/* 10.1: in the Union's Movement Phase, 14 Oh and 31 Ill leave Hart's Bn's ZOC; its owner
 * holds fire at the first (which goes all the way) and fires at the second: 6 (4-6),
 * enfiladed as it withdraws (10.16): 1R; die 4: P/R; die 2 + 1 = 3, not above Morale 3:
 * pinned, so it moves one more hex and stops there (10.15). */
static void
test_decision_withdrawal_fire (Fixture      *f,
                               gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *illinois = unit (view, "u-31ill"), *ohio = unit (view, "u-14oh"), *hart = unit (view, "c-hart");
  const GbacwDecision *d;
  const GbacwAction *answer;

  step_to (view, 0, GBACW_PHASE_MOVEMENT);
  g_assert_true (gbacw_movement_in_enemy_zoc (view_game (view), ohio->hex, 0, FALSE));
  g_assert_true (gbacw_movement_in_enemy_zoc (view_game (view), illinois->hex, 0, FALSE));

  /* hold fire: the move goes on to its end */
  move_by_click (view, "u-14oh", "0606");
  d = assert_question (view, GBACW_DECISION_FIRE, 1);
  g_assert_cmpstr (d->rule_case, ==, "10.1");
  g_assert_true (d->may_decline);
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, hart->index);
  g_assert_cmpint (g_array_index (d->units, int, 0), ==, ohio->index);
  /* the question waits: the mover has not left yet (10.11) */
  g_assert_cmpint (ohio->hex, ==, hex_of (view, "0604"));
  g_assert_nonnull (find_answer (view, "Fire with Hart's Bn"));
  answer = click_answer (view, "Hold fire");
  g_assert_cmpuint (answer->answer.firers->len, ==, 0);
  g_assert_null (gbacw_game_decision (view_game (view)));
  g_assert_cmpint (ohio->hex, ==, hex_of (view, "0606"));
  g_assert_cmpint (ohio->strength, ==, 6);
  g_assert_false (ohio->status & GBACW_STATUS_PINNED);

  /* fire: pinned after one more hex */
  move_by_click (view, "u-31ill", "0507");
  d = assert_question (view, GBACW_DECISION_FIRE, 1);
  g_assert_cmpint (g_array_index (d->units, int, 0), ==, illinois->index);
  force_dice (view, 4, 2, 0);
  answer = click_answer (view, "Fire with Hart's Bn");
  g_assert_cmpuint (answer->answer.firers->len, ==, 1);
  g_assert_cmpint (g_array_index (answer->answer.firers, GbacwFirer, 0).unit, ==, hart->index);
  g_assert_cmpuint (n_forced (view), ==, 0);
  g_assert_null (gbacw_game_decision (view_game (view)));
  g_assert_true (logged (view, "9.0", "die 4: P/R"));
  g_assert_true (logged (view, "10.15", NULL));
  g_assert_cmpint (illinois->hex, ==, hex_of (view, "0506"));
  g_assert_true (illinois->status & GBACW_STATUS_PINNED);
  g_assert_false (illinois->status & GBACW_STATUS_ROUTED);
  /* 10.17: a free shot, not part of the Fire Phase */
  g_assert_cmpfloat (hart->fire_used, ==, 0.0);
  gbacw_play_mode_leave (f->mode);
}

/* 12.94: the melee of /play/decisions/retreat-before-melee/stand-then-facing leaves 14 Oh
 * and Hart's Bn engaged in 0505; when the Confederate Melee Phase begins, its owner has
 * Hart's Bn retreat two hexes (option 3), along a path it picks, then check morale (die 1). */
static void
test_decision_engaged_retreat (Fixture      *f,
                               gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *ohio = unit (view, "u-14oh"), *hart = unit (view, "c-hart");
  const GbacwDecision *d;
  const GbacwAction *answer;

  step_to (view, 0, GBACW_PHASE_RETREAT_BEFORE_MELEE);
  melee_by_clicks (view, "u-14oh", "0505", GBACW_ACTION_DECLARE_MELEE);
  assert_question (view, GBACW_DECISION_RETREAT_BEFORE_MELEE, 1);
  click_answer (view, "Stand");
  step_to (view, 0, GBACW_PHASE_MELEE);
  force_dice (view, 4, 0);
  melee_by_clicks (view, "u-14oh", "0505", GBACW_ACTION_MELEE);
  assert_question (view, GBACW_DECISION_MELEE_FACING, 1);
  answer = click_answer (view, "Keep their facing");
  g_assert_cmpuint (answer->answer.firers->len, ==, 0);
  g_assert_true (hart->status & GBACW_STATUS_ENGAGED);

  step_to (view, 1, GBACW_PHASE_MELEE);
  d = assert_question (view, GBACW_DECISION_ENGAGED_RETREAT, 1);
  g_assert_cmpstr (d->rule_case, ==, "12.94");
  g_assert_true (d->may_decline);
  g_assert_nonnull (find_answer (view, "Stay engaged"));
  answer = click_answer (view, "Retreat Hart's Bn");
  g_assert_cmpuint (answer->answer.firers->len, ==, 1);
  g_assert_cmpint (g_array_index (answer->answer.firers, GbacwFirer, 0).unit, ==, hart->index);
  d = assert_question (view, GBACW_DECISION_RETREAT_PATH, 1);
  g_assert_cmpint (d->length, ==, 2);
  force_dice (view, 1, 0);
  {
    const GArray *last = g_ptr_array_index (d->paths, d->paths->len - 1);
    g_autofree char *a = gbacw_game_hex_label (view_game (view), g_array_index (last, int, 0));
    g_autofree char *b = gbacw_game_hex_label (view_game (view), g_array_index (last, int, 1));
    g_autofree char *label = g_strdup_printf ("Retreat: %s → %s", a, b);
    int end = g_array_index (last, int, 1);

    click_answer (view, label);
    g_assert_cmpint (hart->hex, ==, end);
  }
  g_assert_cmpuint (n_forced (view), ==, 0);
  g_assert_false (hart->status & GBACW_STATUS_ENGAGED);
  g_assert_false (ohio->status & GBACW_STATUS_ENGAGED);
  g_assert_cmpint (ohio->hex, ==, hex_of (view, "0505"));
  g_assert_true (logged (view, "13.21", "Morale check for Hart's Bn"));
  g_assert_true (logged (view, "12.94", NULL));
  gbacw_play_mode_leave (f->mode);
}

/* Webb with 31 Ill (1 SP) at 0505 facing north, Hart's Bn at 0504 facing south; 14 Oh at
 * 0507 and B 1 Oh LA at 0705, both two hexes from Webb. */
static void
deploy_placement (GbacwScenario *s)
{
  deploy (s, "u-31ill", "0505", "n", 1);
  deploy (s, "u-webb-ldr", "0505", "n", 0);
  deploy (s, "c-hart", "0504", "s", 0);
  deploy (s, "u-14oh", "0507", "n", 0);
  deploy (s, "u-bty-b", "0705", "n", 0)->formation = GBACW_FORMATION_STATE_UNLIMBERED;
}

static const Position placement_position = { "placement", deploy_placement };

/* 9.0: Hart's Bn fires at 31 Ill: 6, 1 SP (1L): column 2, die 6: 1, and 31 Ill is gone;
 * 17.72: Webb rolls 7 (unharmed); 17.53: left alone, he goes to the nearest unit of his
 * command, two hexes away either way: his owner clicks 0507 on the map. */
static void
test_decision_place_leader (Fixture      *f,
                            gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *illinois = unit (view, "u-31ill"), *webb = unit (view, "u-webb-ldr");
  const GbacwDecision *d;
  const GbacwAction *answer;
  guint before;

  step_to (view, 0, GBACW_PHASE_DEFENSIVE_FIRE);
  force_dice (view, 6, 3, 4, 0);
  select_unit (view, "c-hart");
  act (view, "play.target", g_variant_new_int32 (hex_of (view, "0505")));
  act (view, "play.confirm", NULL);
  before = view_game (view)->actions->len;
  act (view, "play.next-step", NULL);
  assert_recorded (view, before, GBACW_ACTION_END_PHASE);
  g_assert_cmpuint (n_forced (view), ==, 0);
  g_assert_cmpint (illinois->presence, ==, GBACW_PRESENCE_ELIMINATED);
  g_assert_true (logged (view, "17.72", "Webb (u-webb-ldr): two dice 7: unharmed"));

  d = assert_question (view, GBACW_DECISION_PLACE_LEADER, 0);
  g_assert_cmpstr (d->rule_case, ==, "17.53");
  g_assert_cmpuint (d->hexes->len, ==, 2);
  g_assert_nonnull (find_answer (view, "Place in 0705, with B 1 Oh LA"));
  g_assert_nonnull (find_answer (view, "Place in 0507, with 14 Oh"));
  g_assert_cmpint (webb->hex, ==, hex_of (view, "0505"));
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0507")));
  answer = assert_recorded (view, before, GBACW_ACTION_ANSWER);
  g_assert_cmpint (answer->answer.hex, ==, hex_of (view, "0507"));
  g_assert_null (gbacw_game_decision (view_game (view)));
  g_assert_cmpint (webb->hex, ==, hex_of (view, "0507"));
  g_assert_true (logged (view, "17.53", "Webb (u-webb-ldr) goes to 0507"));
  gbacw_play_mode_leave (f->mode);
}

/* Hollister with 31 Ill (3 SP) at 0505 facing north, Hart's Bn at 0504 facing south; Webb
 * with 14 Oh at 0508, Sayer with 22 Ind at 0308: the division's two brigade commanders. */
static void
deploy_promotion (GbacwScenario *s)
{
  deploy (s, "u-31ill", "0505", "n", 3);
  deploy (s, "u-hollister", "0505", "n", 0);
  deploy (s, "c-hart", "0504", "s", 0);
  deploy (s, "u-14oh", "0508", "n", 0);
  deploy (s, "u-webb-ldr", "0508", "n", 0);
  deploy (s, "u-22ind", "0308", "n", 0);
  deploy (s, "u-sayer-ldr", "0308", "n", 0);
}

static const Position promotion_position = { "promotion", deploy_promotion };

/* 9.0: Hart's Bn fires at 31 Ill: 6, die 6: 1; 17.72: Hollister rolls 2: killed; 31 Ill
 * passes its morale check (die 1). 17.83, 17.84: at the end of the Union's Final Command
 * Phase its owner promotes one of the division's brigade commanders: Sayer. */
static void
test_decision_promote (Fixture      *f,
                       gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *hollister = unit (view, "u-hollister"), *sayer = unit (view, "u-sayer-ldr");
  const GbacwDecision *d;
  const GbacwAction *answer;
  int division = find_formation (view_game (view), "u-div");
  guint before;

  step_to (view, 0, GBACW_PHASE_DEFENSIVE_FIRE);
  force_dice (view, 6, 1, 1, 1, 0);
  select_unit (view, "c-hart");
  act (view, "play.target", g_variant_new_int32 (hex_of (view, "0505")));
  act (view, "play.confirm", NULL);
  before = view_game (view)->actions->len;
  act (view, "play.next-step", NULL);
  assert_recorded (view, before, GBACW_ACTION_END_PHASE);
  g_assert_cmpuint (n_forced (view), ==, 0);
  g_assert_cmpint (hollister->presence, ==, GBACW_PRESENCE_KILLED);

  step_to (view, 0, GBACW_PHASE_FINAL_COMMAND);
  before = view_game (view)->actions->len;
  act (view, "play.next-step", NULL);
  assert_recorded (view, before, GBACW_ACTION_END_PHASE);
  d = assert_question (view, GBACW_DECISION_PROMOTE, 0);
  g_assert_cmpstr (d->rule_case, ==, "17.83");
  g_assert_cmpuint (d->units->len, ==, 2);
  g_assert_nonnull (find_answer (view, "Promote Webb"));
  answer = click_answer (view, "Promote Sayer");
  g_assert_cmpint (answer->answer.hex, ==, sayer->index);
  g_assert_cmpint (view_game (view)->formation_commander[division], ==, sayer->index);
  g_assert_true (sayer->promoted);
  g_assert_true (logged (view, "17.83", "Sayer (u-sayer-ldr) is promoted to command Hollister's Division"));
  gbacw_play_mode_leave (f->mode);
}

/* ---------------------------------------------------------------- --test-play */

typedef struct {
  GbacwApplication *app;
  char *path;
  gboolean playing;
  char *scenario;
  int ticks;
} CommandLine;

static gboolean
ignore_session_bus (const char     *log_domain,
                    GLogLevelFlags  log_level,
                    const char     *message,
                    gpointer        user_data)
{
  /* no D-Bus session in the test environment */
  return strstr (message, "session bus") == NULL && strstr (message, "dbus") == NULL
         && strstr (message, "dconf") == NULL;
}

/* Looks at the application's window until it is in play mode (or 10 s), then quits. */
static gboolean
check_test_play (gpointer user_data)
{
  CommandLine *c = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (c->app));
  GbacwPlayMode *mode = window && GBACW_IS_WINDOW (window) ? gbacw_window_get_play_mode (GBACW_WINDOW (window))
                                                             : NULL;

  if (mode != NULL && gbacw_play_mode_is_active (mode))
    {
      GbacwPlaySession *session = gbacw_play_view_get_session (gbacw_play_mode_get_view (mode));
      c->playing = TRUE;
      c->scenario = g_strdup (gbacw_play_session_get_scenario_path (session));
    }
  if (c->playing || ++c->ticks > 200)
    {
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (c->app)); l != NULL;
           l = gtk_application_get_windows (GTK_APPLICATION (c->app)))
        gtk_window_destroy (l->data);
      g_application_quit (G_APPLICATION (c->app));
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
test_command_line (void)
{
  CommandLine c = { 0 };
  g_autoptr(GbacwApplication) app = gbacw_application_new ();
  g_autofree char *demo = demo_path ();
  char *argv[] = { "gbacw-editor", "--test-play", demo, NULL };
  int status;

  g_test_log_set_fatal_handler (ignore_session_bus, NULL);
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  c.app = app;
  g_timeout_add (50, check_test_play, &c);
  status = g_application_run (G_APPLICATION (app), 3, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (c.playing);
  /* the shipped demo, opened as a new document and unmodified: its own file is played */
  g_assert_cmpstr (c.scenario, ==, demo);
  g_free (c.scenario);
  gui_test_iterate ();
}

/* ---------------------------------------------------------------- sections, actions, bars */

/* Test play of the demo, both sides human, at the first side's Movement Phase. */
static GbacwPlayView *
start_demo_movement (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  GbacwPlayView *view = gbacw_play_mode_get_view (f->mode);

  gbacw_play_view_set_computer (view, 0);
  g_assert_true (gbacw_play_mode_enter (f->mode, 5, &error));
  g_assert_no_error (error);
  gui_test_wait_for_layout (GTK_WIDGET (gbacw_play_view_get_canvas (view)));
  play_to (view, view_game (view)->first_turn, view_game (view)->phasing_side, GBACW_PHASE_MOVEMENT);
  return view;
}

/* A unit of the side to act that can move, and the cheapest hex it can reach. */
static int
movable_unit (GbacwPlayView *view,
              int           *hex)
{
  GbacwGame *game = view_game (view);

  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const int *costs;

      if (u->side != gbacw_game_decider (game) || u->hex < 0 || !gbacw_game_is_combat_unit (u))
        continue;
      act (view, "play.select-unit", g_variant_new_string (u->id));
      costs = gbacw_play_view_get_move_costs (view);
      for (int h = 0; costs != NULL && h < game->n_hexes; h++)
        if (h != u->hex && costs[h] >= 0)
          {
            *hex = h;
            return (int) i;
          }
    }
  g_assert_not_reached ();
}

static char *
section_text (gpointer section)
{
  return gbacw_play_section_get_text (GBACW_PLAY_SECTION (section));
}

static void
assert_contains (const char *text,
                 const char *needle)
{
  if (strstr (text, needle) == NULL)
    g_error ("“%s” not in:\n%s", needle, text);
}

/* Each section is bound to the view's session and shows its game: the phase bar the
 * Game-Turn and phase, the Unit page the unit selected and after a move its new hex, the
 * log the move, the roster and the Turns page the Victory Points, the Game page the seed
 * and the actions played; a new game reaches every section. */
static void
test_sections (Fixture      *f,
               gconstpointer data)
{
  GbacwPlayView *view = start_demo_movement (f);
  GbacwPlaySession *session = gbacw_play_view_get_session (view);
  GbacwGame *game = view_game (view);
  gpointer sections[] = { view->phase_bar, view->unit_section, view->combat_section, view->roster_section,
                          view->turns_section, view->game_section, view->log_section };
  g_autofree char *turn = g_strdup_printf ("Game-Turn %d of %d", game->turn, game->last_turn);
  g_autofree char *phase_bar = NULL;
  g_autofree char *unit_page = NULL;
  g_autofree char *moved_page = NULL;
  g_autofree char *roster = NULL;
  g_autofree char *turns = NULL;
  g_autofree char *players = NULL;
  g_autofree char *where = NULL;
  g_autofree char *seed = NULL;
  int hex, index;
  guint lines;
  GbacwGameUnit *u;

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      GbacwPlaySession *bound = NULL;
      g_object_get (sections[i], "session", &bound, NULL);
      g_assert_true (bound == session);
      g_clear_object (&bound);
    }
  phase_bar = section_text (view->phase_bar);
  assert_contains (phase_bar, turn);
  assert_contains (phase_bar, "Movement Phase");
  assert_contains (phase_bar, "End Phase (N)");

  index = movable_unit (view, &hex);
  u = g_ptr_array_index (game->units, index);
  unit_page = gbacw_play_view_get_page_text (view, "unit");
  assert_contains (unit_page, gbacw_play_unit_name (game, index));
  assert_contains (unit_page, "Whole stack (S)");
  lines = gbacw_play_view_get_n_log_lines (view);
  act (view, "play.move-to", g_variant_new_int32 (hex));
  g_assert_cmpint (u->hex, ==, hex);
  where = gbacw_game_hex_label (game, hex);
  moved_page = gbacw_play_view_get_page_text (view, "unit");
  {
    g_autofree char *line = g_strdup_printf ("Hex: %s\n", where);
    assert_contains (moved_page, line);
  }
  g_assert_cmpuint (gbacw_play_view_get_n_log_lines (view), >, lines);

  roster = gbacw_play_view_get_page_text (view, "roster");
  assert_contains (roster, gbacw_game_side_name (game, 0));
  assert_contains (roster, " VP");
  turns = gbacw_play_view_get_page_text (view, "turns");
  assert_contains (turns, "Game-Turn Record");
  assert_contains (turns, "Victory Points Now");
  g_assert_null (strstr (turns, "No victory awards"));
  players = gbacw_play_view_get_page_text (view, "players");
  seed = g_strdup_printf ("seed %u, %u actions", gbacw_play_session_get_seed (session),
                          gbacw_play_session_get_record_length (session));
  assert_contains (players, seed);

  /* a new game: every section follows */
  gbacw_play_view_set_session (view, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      GbacwPlaySession *bound = NULL;
      g_object_get (sections[i], "session", &bound, NULL);
      g_assert_null (bound);
    }
  g_assert_cmpuint (gbacw_play_view_get_n_log_lines (view), ==, 0);
  {
    g_autofree char *empty = gbacw_play_view_get_page_text (view, "roster");
    g_assert_cmpstr (empty, ==, "");
  }
  gbacw_play_mode_leave (f->mode);
}

static void
assert_enabled (GbacwPlayView *view,
                const char    *name,
                gboolean       enabled)
{
  if (gbacw_play_view_action_enabled (view, name) != enabled)
    g_error ("%s is %s", name, enabled ? "disabled" : "enabled");
}

/* The actions' enabled states follow the game from the one update_actions (): the phase
 * (Movement: formation and facing; Fire: fire at a target), the computer to act (no
 * orders, no next step), replaying (the replay's steps, no orders), editing (no game: none
 * of the game's actions) and playing again; GTK has the same states (the buttons of a
 * disabled action are insensitive). */
static void
test_actions_enabled (Fixture      *f,
                      gconstpointer data)
{
  static const char * const game_actions[] = {
    "play.next-step", "play.formation", "play.turn", "play.fire", "play.confirm", "play.answer", "play.select-unit",
    "play.click-hex", "play.move-to", "play.target", "play.whole-stack", "play.save-game", "play.balance",
    "play.new-game", "play.replay", "play.jump", "play.replay-step", "play.dismiss",
  };
  g_autoptr(GError) error = NULL;
  GbacwPlayView *view = start_demo_movement (f);
  GbacwPlaySession *session = gbacw_play_view_get_session (view);
  int hex;

  /* a human's Movement Phase, no unit selected */
  assert_enabled (view, "play.next-step", TRUE);
  assert_enabled (view, "play.formation", TRUE);
  assert_enabled (view, "play.turn", TRUE);
  assert_enabled (view, "play.fire", FALSE);
  assert_enabled (view, "play.confirm", FALSE);
  assert_enabled (view, "play.answer", FALSE);
  assert_enabled (view, "play.replay-step", FALSE);
  assert_enabled (view, "play.replay-resume", FALSE);
  assert_enabled (view, "play.save-game", TRUE);
  assert_enabled (view, "play.jump", TRUE);
  assert_enabled (view, "play.dismiss", FALSE);
  assert_enabled (view, "play.leave", TRUE);
  /* GTK has them so: the buttons of a disabled action are insensitive */
  g_assert_false (gtk_widget_get_sensitive (find_action_widget (GTK_WIDGET (view), "play.replay-step")));
  g_assert_true (gtk_widget_get_sensitive (find_action_widget (GTK_WIDGET (view), "play.next-step")));

  /* a Fire Phase, a target aimed at: fire and confirm */
  movable_unit (view, &hex);
  play_to (view, view_game (view)->turn, view_game (view)->phasing_side, GBACW_PHASE_OFFENSIVE_FIRE);
  assert_enabled (view, "play.formation", FALSE);
  assert_enabled (view, "play.turn", FALSE);
  assert_enabled (view, "play.fire", FALSE);
  {
    GbacwGame *game = view_game (view);
    int firer = -1, target = -1;

    for (guint i = 0; i < game->units->len && target < 0; i++)
      {
        GbacwGameUnit *u = g_ptr_array_index (game->units, i);
        if (u->side == game->phasing_side && u->hex >= 0 && gbacw_game_is_combat_unit (u))
          {
            firer = (int) i;
            for (guint k = 0; k < game->units->len; k++)
              {
                GbacwGameUnit *e = g_ptr_array_index (game->units, k);
                if (e->side != game->phasing_side && e->hex >= 0)
                  {
                    target = e->hex;
                    break;
                  }
              }
          }
      }
    g_assert_cmpint (firer, >=, 0);
    g_assert_cmpint (target, >=, 0);
    act (view, "play.select-unit", g_variant_new_string (((GbacwGameUnit *) g_ptr_array_index (game->units, firer))->id));
    act (view, "play.target", g_variant_new_int32 (target));
    assert_enabled (view, "play.fire", TRUE);
    assert_enabled (view, "play.confirm", TRUE);
    assert_enabled (view, "play.melee", FALSE);
    act (view, "play.cancel", NULL);
    assert_enabled (view, "play.fire", FALSE);
    assert_enabled (view, "play.confirm", FALSE);
  }

  /* the computer to act: no orders, no next step */
  gbacw_play_view_set_computer (view, 3);
  g_assert_true (gbacw_play_session_computer_to_act (session));
  assert_enabled (view, "play.next-step", FALSE);
  assert_enabled (view, "play.confirm", FALSE);
  assert_enabled (view, "play.answer", FALSE);
  assert_enabled (view, "play.save-game", TRUE);
  g_assert_false (gtk_widget_get_sensitive (find_action_widget (GTK_WIDGET (view), "play.next-step")));
  gbacw_play_view_set_computer (view, 0);
  assert_enabled (view, "play.next-step", TRUE);

  /* replaying: its steps, no orders, no jump */
  act (view, "play.replay", NULL);
  g_assert_true (gbacw_play_session_is_replaying (session));
  assert_enabled (view, "play.replay-step", TRUE);
  assert_enabled (view, "play.replay-resume", TRUE);
  g_assert_true (gtk_widget_get_sensitive (find_action_widget (GTK_WIDGET (view), "play.replay-step")));
  assert_enabled (view, "play.next-step", FALSE);
  assert_enabled (view, "play.formation", FALSE);
  assert_enabled (view, "play.jump", FALSE);
  act (view, "play.replay-resume", NULL);
  g_assert_false (gbacw_play_session_is_replaying (session));
  assert_enabled (view, "play.replay-step", FALSE);
  assert_enabled (view, "play.next-step", TRUE);

  /* back to editing: no game, none of its actions */
  gbacw_play_mode_leave (f->mode);
  for (guint i = 0; i < G_N_ELEMENTS (game_actions); i++)
    assert_enabled (view, game_actions[i], FALSE);
  assert_enabled (view, "play.leave", TRUE);
  /* and playing again: a human's first phase */
  g_assert_true (gbacw_play_mode_enter (f->mode, 5, &error));
  g_assert_no_error (error);
  assert_enabled (view, "play.next-step", TRUE);
  assert_enabled (view, "play.save-game", TRUE);
  assert_enabled (view, "play.click-hex", TRUE);
  gbacw_play_mode_leave (f->mode);
}

/* Lets the bar's slide finish. */
static void
settle (void)
{
  for (int i = 0; i < 40; i++)
    {
      gui_test_iterate ();
      g_usleep (20000);
    }
  gui_test_iterate ();
}

static void
assert_same_bounds (GtkWidget             *widget,
                    GtkWidget             *view,
                    const graphene_rect_t *before,
                    const char            *when)
{
  graphene_rect_t now;

  g_assert_true (gtk_widget_compute_bounds (widget, view, &now));
  if (!graphene_rect_equal (&now, before))
    g_error ("%s moved %s: %g,%g %g×%g → %g,%g %g×%g", G_OBJECT_TYPE_NAME (widget), when, before->origin.x,
             before->origin.y, before->size.width, before->size.height, now.origin.x, now.origin.y, now.size.width,
             now.size.height);
}

/* The message bar (why the rules refused an action) comes over the map and goes without
 * moving the controls: the side panel, its pages' buttons, the map and the phase bar keep
 * their places while it is shown and after it is dismissed (issue: dismissing it moved
 * the controls under the pointer). */
static void
test_message_bar (Fixture      *f,
                  gconstpointer data)
{
  GbacwPlayView *view = start_demo_movement (f);
  GtkWidget *watched[] = { GTK_WIDGET (view->panel_stack), GTK_WIDGET (view->unit_section), GTK_WIDGET (view->canvas),
                           GTK_WIDGET (view->phase_bar), GTK_WIDGET (view->log_section) };
  graphene_rect_t before[G_N_ELEMENTS (watched)];
  graphene_rect_t bar;
  int hex, index;

  index = movable_unit (view, &hex);
  settle ();
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    g_assert_true (gtk_widget_compute_bounds (watched[i], GTK_WIDGET (view), &before[i]));

  /* a move the rules refuse: to a hex the unit cannot reach */
  {
    const int *costs = gbacw_play_view_get_move_costs (view);
    int far = -1;
    for (int h = 0; h < view_game (view)->n_hexes && far < 0; h++)
      if (costs[h] < 0 && h != gbacw_game_unit (view_game (view), index)->hex)
        far = h;
    g_assert_cmpint (far, >=, 0);
    act (view, "play.move-to", g_variant_new_int32 (far));
  }
  g_assert_nonnull (gbacw_play_view_get_message (view));
  assert_enabled (view, "play.dismiss", TRUE);
  settle ();
  g_assert_true (gtk_revealer_get_child_revealed (view->message_revealer));
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    assert_same_bounds (watched[i], GTK_WIDGET (view), &before[i], "when the message bar came");
  /* over the map */
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (view->message_revealer), GTK_WIDGET (view), &bar));
  g_assert_cmpfloat (bar.size.height, >, 10);
  g_assert_cmpfloat (bar.origin.y, >=, before[2].origin.y);
  g_assert_cmpfloat (bar.origin.x + bar.size.width, <=, before[2].origin.x + before[2].size.width + 0.5);

  act (view, "play.dismiss", NULL);
  g_assert_null (gbacw_play_view_get_message (view));
  assert_enabled (view, "play.dismiss", FALSE);
  settle ();
  g_assert_false (gtk_revealer_get_child_revealed (view->message_revealer));
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    assert_same_bounds (watched[i], GTK_WIDGET (view), &before[i], "when the message bar was dismissed");
  gbacw_play_mode_leave (f->mode);
}

/* With no victory award the engine counts (none, or custom ones only) the balance dialog
 * says that every game will end 0–0 and where to add awards, and so does the Turns page of
 * test play; with the demo's awards neither does. */
static void
test_awards_notice (Fixture      *f,
                    gconstpointer data)
{
  const GbacwScenario *demo = gbacw_document_get_scenario (gbacw_window_get_document (f->window));
  g_autoptr(GbacwScenario) none = gbacw_scenario_copy (demo);
  g_autoptr(GbacwScenario) custom = gbacw_scenario_copy (demo);
  const char *no_awards = "No victory awards are defined: every game will end 0–0. Add awards in Scenario Settings "
                          "▸ Victory.";
  GbacwBalanceDialog *dialog;
  GbacwPlayView *view = gbacw_play_mode_get_view (f->mode);
  g_autoptr(GbacwPlaySession) session = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_set_size (none->vp_awards, 0);
  for (guint i = custom->vp_awards->len; i-- > 0;)
    if (((GbacwVpAward *) g_ptr_array_index (custom->vp_awards, i))->event != GBACW_VP_CUSTOM)
      g_ptr_array_remove_index (custom->vp_awards, i);
  {
    GbacwVpAward *award = g_new0 (GbacwVpAward, 1);
    award->id = g_strdup ("v-custom");
    award->side = g_strdup ("both");
    award->event = GBACW_VP_CUSTOM;
    award->vp = 2;
    award->text = g_strdup ("Two VP for each ford held at the end.");
    g_ptr_array_add (custom->vp_awards, award);
  }

  dialog = gbacw_balance_dialog_new (GTK_WINDOW (f->window), demo);
  gtk_window_present (GTK_WINDOW (dialog));
  gui_test_iterate ();
  g_assert_null (gbacw_balance_dialog_get_notice (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = gbacw_balance_dialog_new (GTK_WINDOW (f->window), none);
  gtk_window_present (GTK_WINDOW (dialog));
  gui_test_iterate ();
  g_assert_cmpstr (gbacw_balance_dialog_get_notice (dialog), ==, no_awards);
  /* shown where the user looks: a visible label of the dialog */
  g_assert_nonnull (find_shown_label (GTK_WIDGET (dialog), no_awards));
  g_assert_true (gtk_widget_get_mapped (find_shown_label (GTK_WIDGET (dialog), no_awards)));
  gtk_window_destroy (GTK_WINDOW (dialog));

  dialog = gbacw_balance_dialog_new (GTK_WINDOW (f->window), custom);
  g_assert_nonnull (gbacw_balance_dialog_get_notice (dialog));
  g_assert_nonnull (strstr (gbacw_balance_dialog_get_notice (dialog), "all custom ones"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gui_test_iterate ();

  /* test play's Turns page */
  session = gbacw_play_session_new (none, NULL, FALSE, 1, &error);
  g_assert_no_error (error);
  gbacw_play_view_set_computer (view, 0);
  gbacw_play_view_set_session (view, session);
  {
    g_autofree char *turns = gbacw_play_view_get_page_text (view, "turns");
    assert_contains (turns, no_awards);
  }
  gbacw_play_view_set_session (view, NULL);
}

/* The computer's level chosen in test play's Game page reaches the engine's players of
 * both sides (gbacw_ai_get_level ()), before and after they played, and a new game keeps
 * it; chosen in "Run Many Games" it is the level each side's games are played at: the
 * results are those of gbacw_balance_run_levels () at that level. */
static void
test_ai_level (Fixture      *f,
               gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  GbacwPlayView *view = gbacw_play_mode_get_view (f->mode);
  GbacwPlaySession *session;
  GtkWidget *dropdown;

  gbacw_play_view_set_computer (view, 0);
  g_assert_true (gbacw_play_mode_enter (f->mode, 3, &error));
  g_assert_no_error (error);
  session = gbacw_play_view_get_session (view);
  g_assert_cmpint (gbacw_play_session_get_ai_level (session), ==, GBACW_AI_LEVEL_NORMAL);
  dropdown = find_tooltip_widget (GTK_WIDGET (view), "How strongly the computer plays");
  g_assert_true (GTK_IS_DROP_DOWN (dropdown));
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown)), ==, GBACW_AI_LEVEL_NORMAL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), GBACW_AI_LEVEL_HARD);
  g_assert_cmpint (gbacw_play_view_get_ai_level (view), ==, GBACW_AI_LEVEL_HARD);
  g_assert_cmpint (gbacw_play_session_get_ai_level (session), ==, GBACW_AI_LEVEL_HARD);

  /* the computer plays both sides to Game-Turn 2 */
  act (view, "play.jump", g_variant_new_int32 (view_game (view)->turn + 1));
  g_assert_true (gbacw_play_view_run_computer (view, &error));
  g_assert_no_error (error);
  for (int side = 0; side < 2; side++)
    g_assert_cmpint (gbacw_play_session_get_engine_ai_level (session, side), ==, GBACW_AI_LEVEL_HARD);
  /* changed while playing: the players that exist follow */
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), GBACW_AI_LEVEL_EASY);
  for (int side = 0; side < 2; side++)
    g_assert_cmpint (gbacw_play_session_get_engine_ai_level (session, side), ==, GBACW_AI_LEVEL_EASY);
  /* a new game keeps it */
  act (view, "play.new-game", NULL);
  g_assert_true (gbacw_play_view_get_session (view) != session);
  g_assert_cmpint (gbacw_play_session_get_ai_level (gbacw_play_view_get_session (view)), ==, GBACW_AI_LEVEL_EASY);
  gbacw_play_mode_leave (f->mode);

  /* "Run Many Games" */
  {
    const GbacwScenario *scenario = gbacw_document_get_scenario (gbacw_window_get_document (f->window));
    GbacwBalanceDialog *dialog = gbacw_balance_dialog_new (GTK_WINDOW (f->window), scenario);
    const GbacwAiLevel chosen[2] = { GBACW_AI_LEVEL_EASY, GBACW_AI_LEVEL_HARD };
    const GbacwAiLevel normal[2] = { GBACW_AI_LEVEL_NORMAL, GBACW_AI_LEVEL_NORMAL };
    GbacwAiLevel used[2];
    g_autoptr(GbacwBalanceResult) direct = NULL;
    g_autoptr(GbacwBalanceResult) at_normal = NULL;
    const GbacwBalanceResult *result;
    gboolean done = FALSE, differs = FALSE;
    gint64 start = g_get_monotonic_time ();
    GtkWidget *side1;

    g_signal_connect (dialog, "finished", G_CALLBACK (on_finished), &done);
    gtk_window_present (GTK_WINDOW (dialog));
    g_assert_cmpint (gbacw_balance_dialog_get_level (dialog, 0), ==, GBACW_AI_LEVEL_NORMAL);
    g_assert_cmpint (gbacw_balance_dialog_get_level (dialog, 1), ==, GBACW_AI_LEVEL_NORMAL);
    /* the first side's through the API, the second's through its drop-down */
    gbacw_balance_dialog_set_level (dialog, 0, GBACW_AI_LEVEL_EASY);
    /* the second drop-down: the last widget of the levels' row */
    side1 = gtk_widget_get_last_child (gtk_widget_get_parent (find_tooltip_widget (GTK_WIDGET (dialog), "this side")));
    g_assert_true (GTK_IS_DROP_DOWN (side1));
    gtk_drop_down_set_selected (GTK_DROP_DOWN (side1), GBACW_AI_LEVEL_HARD);
    g_assert_cmpint (gbacw_balance_dialog_get_level (dialog, 1), ==, GBACW_AI_LEVEL_HARD);

    gbacw_balance_dialog_run (dialog, 6, 1, 1);
    while (!done && g_get_monotonic_time () - start < 120 * G_USEC_PER_SEC)
      g_main_context_iteration (NULL, TRUE);
    g_assert_true (done);
    gbacw_balance_dialog_get_run_levels (dialog, used);
    g_assert_cmpint (used[0], ==, GBACW_AI_LEVEL_EASY);
    g_assert_cmpint (used[1], ==, GBACW_AI_LEVEL_HARD);
    result = gbacw_balance_chart_get_result (gbacw_balance_dialog_get_chart (dialog));
    direct = gbacw_balance_run_levels (scenario, 6, 1, chosen, 1, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    at_normal = gbacw_balance_run_levels (scenario, 6, 1, normal, 1, NULL, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (result->games->len, ==, direct->games->len);
    for (guint i = 0; i < result->games->len; i++)
      {
        const GbacwBalanceGame *a = &g_array_index (result->games, GbacwBalanceGame, i);
        const GbacwBalanceGame *b = &g_array_index (direct->games, GbacwBalanceGame, i);
        const GbacwBalanceGame *n = &g_array_index (at_normal->games, GbacwBalanceGame, i);

        g_assert_cmpuint (a->seed, ==, b->seed);
        g_assert_cmpint (a->winner, ==, b->winner);
        g_assert_cmpint (a->vp[0], ==, b->vp[0]);
        g_assert_cmpint (a->vp[1], ==, b->vp[1]);
        g_assert_cmpuint (a->n_actions, ==, b->n_actions);
        differs |= a->n_actions != n->n_actions || a->vp[0] != n->vp[0] || a->vp[1] != n->vp[1];
      }
    /* and not the games of the default level */
    g_assert_true (differs);
    gtk_window_destroy (GTK_WINDOW (dialog));
    gui_test_iterate ();
  }
}

/* An exclusive rule, enabled, with its parameters (name, value, …, NULL). */
static void
add_exclusive_rule (GbacwScenario     *s,
                    const char        *id,
                    const char *const *params)
{
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);

  rule->id = g_strdup (id);
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  for (guint i = 0; params[i]; i += 2)
    g_ptr_array_add (rule->params, gbacw_param_new (params[i], params[i + 1]));
  g_ptr_array_add (s->exclusive_rules, rule);
}

/* Tolliver's Division as McCulloch's (P 22.1): its two brigades on the map, far from the
 * Union's 31 Ill, the Confederate player asked which withdraw after Game-Turn 1 (ask =
 * yes), re-entering at 0812 from Game-Turn 3 with 3 La's group; before it, a day-1 check
 * after Game-Turn 1 that nobody can win (100 VP at least) and a lead check after 2. */
static void
deploy_mcculloch (GbacwScenario *s)
{
  GbacwReinforcement *r = gbacw_reinforcement_new ("r-3la", 3);
  const char *params[] = { "turn", "1", "division", "c-div", "dir-of", "c-tolliver", "reentry-hex", "0812",
                           "reentry-turn", "3", "voluntary", "none", "ask", "yes", "case", "P 22.1", NULL };
  const char *checks[] = { "ratio-turns", "1", "ratio-minimum", "100", "ratio-case", "P 34.21", "lead-turns", "2",
                           "lead", "50", "lead-case", "P 34.31", NULL };
  int entry = parse_hex (s, "0812");

  deploy (s, "u-31ill", "0202", "s", 0);
  deploy (s, "c-tolliver", "0809", "n", 0);
  deploy (s, "c-pryor-ldr", "0808", "n", 0);
  deploy (s, "c-4ala", "0808", "n", 0);
  deploy (s, "c-cade-ldr", "0810", "n", 0);
  deploy (s, "c-8tn", "0810", "n", 0);
  g_ptr_array_add (r->units, g_strdup ("c-3la"));
  g_array_append_val (r->entry_hexes, entry);
  g_ptr_array_add (s->reinforcements, r);
  add_exclusive_rule (s, "victory-checks", checks);
  add_exclusive_rule (s, "pearidge.mcculloch-withdrawal", params);
}

static const Position mcculloch_position = { "mcculloch", deploy_mcculloch };

/* P 22.11 in test play: the Turns page shows the Withdrawal Interphase to come and the VP
 * against the day-1 margin and the lead (P 34.21, 34.31); after
 * Game-Turn 1 the Confederate player is asked which of the division's brigades withdraw,
 * every choice offered (none, each, both); Cade's chosen, his brigade leaves the map and
 * the Turns page says where and from when it re-enters (P 22.13), Pryor's stays. */
static void
test_decision_mcculloch_withdrawal (Fixture      *f,
                                    gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  const GbacwDecision *d = NULL;
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GPtrArray) buttons = NULL;

  before = gbacw_play_view_get_page_text (view, "turns");
  assert_contains (before, "Exclusive Rules");
  assert_contains (before, "Withdrawal Interphase of Game-Turn 1: 0 brigades of McCulloch's must withdraw as things "
                           "stand (P 22.11)");
  assert_contains (before, "After Game-Turn 1: Union ");
  assert_contains (before, ", needs at least 100 and more than ");
  assert_contains (before, "a lead of more than 50 VP is a win (P 34.31)");
  for (int steps = 0; steps < 40 && (d = gbacw_game_decision (view_game (view))) == NULL; steps++)
    act (view, "play.next-step", NULL);
  d = assert_question (view, GBACW_DECISION_EXCLUSIVE_UNITS, 1);
  g_assert_cmpstr (d->rule_case, ==, "P 22.11");
  g_assert_nonnull (find_answer (view, "None of them"));
  g_assert_nonnull (find_answer (view, "Pryor's Brigade"));
  g_assert_nonnull (find_answer (view, "Pryor's Brigade, Cade's Brigade"));
  buttons = answer_buttons (view);
  g_assert_cmpuint (buttons->len, ==, 4);
  click_answer (view, "Cade's Brigade");
  g_assert_true (logged (view, "P 22.11", "Cade's Brigade withdraws at the Confederate player's option"));
  g_assert_cmpint (unit (view, "c-8tn")->hex, <, 0);
  g_assert_cmpint (unit (view, "c-cade-ldr")->hex, <, 0);
  g_assert_cmpint (unit (view, "c-4ala")->hex, ==, hex_of (view, "0808"));
  after = gbacw_play_view_get_page_text (view, "turns");
  assert_contains (after, "Cade's Brigade withdrew: 2 units re-enter at 0812 from Game-Turn 3 (P 22.13)");
  gbacw_play_mode_leave (f->mode);
}

/* Hollister's Division as Fremont's Corps (J 30.0): Webb's and Sayer's brigades held by
 * reserves (J 30.1), Webb's may roll for initiative; Hart's Bn far away. */
static void
deploy_fremont (GbacwScenario *s)
{
  const char *reserves[] = { "formations", "u-webb u-sayer", "forbid", "none", "approach", "3", "case", "J 30.1",
                             NULL };
  const char *fremont[] = { "divisions", "u-div", "superior", "u-div", "initiative", "-10:0 -3:1 0:1 +2:2",
                            "initiative-brigades", "u-webb", NULL };

  deploy (s, "u-hollister", "0202", "s", 0);
  deploy (s, "u-webb-ldr", "0203", "s", 0);
  deploy (s, "u-14oh", "0203", "s", 0);
  deploy (s, "u-sayer-ldr", "0303", "s", 0);
  deploy (s, "u-22ind", "0303", "s", 0);
  deploy (s, "c-hart", "0810", "n", 0);
  add_exclusive_rule (s, "reserves", reserves);
  add_exclusive_rule (s, "jackson.fremont-commitment", fremont);
}

static const Position fremont_position = { "fremont", deploy_fremont };

/* J 30.2, 30.3 in test play: the Turns page shows Fremont's Momentum Track, his Initiative
 * Level and the brigades uncommitted; when the Union Initial Command Phase ends he is asked
 * which brigade gets his orders (one at level 1), then whether to withdraw it; the page then
 * shows it under orders. */
static void
test_decision_fremont_orders (Fixture      *f,
                              gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  const GbacwDecision *d = NULL;
  g_autofree char *before = NULL, *after = NULL;

  before = gbacw_play_view_get_page_text (view, "turns");
  assert_contains (before, "Fremont's Momentum Track: +0, Initiative Level 1 (J 30.2)");
  assert_contains (before, "Uncommitted: Webb's Brigade, Sayer's Brigade (J 30.1)");
  for (int steps = 0; steps < 10 && (d = gbacw_game_decision (view_game (view))) == NULL; steps++)
    act (view, "play.next-step", NULL);
  d = assert_question (view, GBACW_DECISION_EXCLUSIVE_UNITS, 0);
  g_assert_cmpstr (d->rule_case, ==, "J 30.3");
  g_assert_nonnull (find_answer (view, "None of them"));
  g_assert_nonnull (find_answer (view, "Sayer's Brigade"));
  click_answer (view, "Webb's Brigade");
  g_assert_true (logged (view, "J 30.3", "Fremont gives orders to Webb's Brigade"));
  d = assert_question (view, GBACW_DECISION_EXCLUSIVE_UNITS, 0);
  g_assert_cmpstr (d->rule_case, ==, "J 30.33");
  click_answer (view, "None of them");
  after = gbacw_play_view_get_page_text (view, "turns");
  assert_contains (after, "Under orders: Webb's Brigade (J 30.3)");
  assert_contains (after, "Uncommitted: Sayer's Brigade (J 30.1)");
  gbacw_play_mode_leave (f->mode);
}

/* The Confederate offensive (J 31.0) declarable from Game-Turn 1, Tolliver asked. */
static void
deploy_offensive (GbacwScenario *s)
{
  const char *offensive[] = { "from", "1", "leader", "c-tolliver", "restraint", "no", NULL };

  deploy (s, "u-31ill", "0202", "s", 0);
  deploy (s, "c-tolliver", "0809", "n", 0);
  deploy (s, "c-hart", "0810", "n", 0);
  add_exclusive_rule (s, "jackson.confederate-offensive", offensive);
}

static const Position offensive_position = { "offensive", deploy_offensive };

/* J 31.0 in test play: the Turns page says the offensive is not declared; in the
 * Confederate Final Command Phase he is asked; declared, the page says so and the
 * Confederate is the first player of Game-Turn 2. */
static void
test_decision_declare_offensive (Fixture      *f,
                                 gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  const GbacwDecision *d = NULL;
  g_autofree char *before = NULL, *after = NULL;

  before = gbacw_play_view_get_page_text (view, "turns");
  assert_contains (before, "The Confederate offensive is not declared");
  for (int steps = 0; steps < 40 && (d = gbacw_game_decision (view_game (view))) == NULL; steps++)
    act (view, "play.next-step", NULL);
  d = assert_question (view, GBACW_DECISION_EXCLUSIVE_UNITS, 1);
  g_assert_cmpstr (d->rule_case, ==, "J 31.0");
  g_assert_cmpint (view_game (view)->phase, ==, GBACW_PHASE_FINAL_COMMAND);
  g_assert_nonnull (find_answer (view, "None of them"));
  click_answer (view, "Tolliver's Division");
  g_assert_true (logged (view, "J 31.0", "Confederate declares the offensive: from Game-Turn 2"));
  after = gbacw_play_view_get_page_text (view, "turns");
  assert_contains (after, "The Confederate offensive was declared on Game-Turn 1: Confederate is the first player from "
                          "Game-Turn 2 (J 31.0)");
  g_assert_cmpint (gbacw_game_first_player (view_game (view), 2), ==, 1);
  gbacw_play_mode_leave (f->mode);
}

/* 14 Oh and 22 Ind, due on Game-Turn 1 at 0112, under the reinforcement-entry rule with
 * P 26.22's swap of 0112 and 0114; 31 Ill on the map. */
static void
deploy_reinforcements (GbacwScenario *s)
{
  GbacwReinforcement *r = gbacw_reinforcement_new ("r-union", 1);
  const char *params[] = { "game", "P", "swap", "0112 0114", NULL };
  int entry = parse_hex (s, "0112");

  deploy (s, "u-31ill", "0505", "n", 0);
  deploy (s, "c-hart", "1505", "s", 0);
  g_ptr_array_add (r->units, g_strdup ("u-14oh"));
  g_ptr_array_add (r->units, g_strdup ("u-22ind"));
  g_array_append_val (r->entry_hexes, entry);
  r->formation = GBACW_FORMATION_STATE_COLUMN;
  g_ptr_array_add (s->reinforcements, r);
  add_exclusive_rule (s, "reinforcement-entry", params);
}

static const Position reinforcements_position = { "reinforcements", deploy_reinforcements };

static const char *const no_params[] = { NULL };

/* B 1 Oh LA (N, smoothbore) unlimbered at 0506 facing north, two hexes from Hart's Bn at
 * 0504; double shot (J 21.4) among the rules. */
static void
deploy_double_shot (GbacwScenario *s)
{
  deploy (s, "c-hart", "0504", "s", 0);
  deploy (s, "u-bty-b", "0506", "n", 0)->formation = GBACW_FORMATION_STATE_UNLIMBERED;
  add_exclusive_rule (s, "jackson.double-shot", no_params);
}

static const Position double_shot_position = { "double-shot", deploy_double_shot };

/* B 1 Oh LA (N guns) unlimbered at 0506 facing north, two hexes from Hart's Bn at 0504;
 * rapid fire (C 24.1) among the rules. */
static void
deploy_rapid_fire (GbacwScenario *s)
{
  deploy (s, "c-hart", "0504", "s", 0);
  deploy (s, "u-bty-b", "0506", "n", 0)->formation = GBACW_FORMATION_STATE_UNLIMBERED;
  add_exclusive_rule (s, "corinth.rapid-fire", no_params);
}

static const Position rapid_fire_position = { "rapid-fire", deploy_rapid_fire };

/* The same with Hart's Bn at 0502, four hexes off: beyond rapid fire's three (C 24.11). */
static void
deploy_rapid_fire_far (GbacwScenario *s)
{
  deploy (s, "c-hart", "0502", "s", 0);
  deploy (s, "u-bty-b", "0506", "n", 0)->formation = GBACW_FORMATION_STATE_UNLIMBERED;
  add_exclusive_rule (s, "corinth.rapid-fire", no_params);
}

static const Position rapid_fire_far_position = { "rapid-fire-far", deploy_rapid_fire_far };

/* B 1 Oh LA unlimbered at 0506 facing north; Hart's Bn at 0502 facing south, four hexes
 * away; the optional opportunity fire (J 21.5) among the rules. */
static void
deploy_opportunity (GbacwScenario *s)
{
  deploy (s, "c-hart", "0502", "s", 0);
  deploy (s, "u-bty-b", "0506", "n", 0)->formation = GBACW_FORMATION_STATE_UNLIMBERED;
  add_exclusive_rule (s, "jackson.opportunity-fire", no_params);
}

static const Position opportunity_position = { "opportunity", deploy_opportunity };

/* J 21.5 in test play: Hart's Bn entering 0503 in the Confederate Movement Phase stops for
 * the Union player's question, which he answers from the window (hold fire); the move
 * then ends where it was going. */
static void
test_decision_opportunity_fire (Fixture      *f,
                                gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GbacwGameUnit *hart = unit (view, "c-hart"), *battery = unit (view, "u-bty-b");
  const GbacwDecision *d;
  const GbacwAction *answer;

  step_to (view, 1, GBACW_PHASE_MOVEMENT);
  move_by_click (view, "c-hart", "0503");
  d = assert_question (view, GBACW_DECISION_FIRE, 0);
  g_assert_cmpstr (d->rule_case, ==, "J 21.5");
  g_assert_cmpint (g_array_index (d->firers, int, 0), ==, battery->index);
  g_assert_cmpint (g_array_index (d->units, int, 0), ==, hart->index);
  g_assert_nonnull (find_answer (view, "Fire with B 1 Oh LA"));
  answer = click_answer (view, "Hold fire");
  g_assert_cmpuint (answer->answer.firers->len, ==, 0);
  g_assert_null (gbacw_game_decision (view_game (view)));
  g_assert_cmpint (hart->hex, ==, hex_of (view, "0503"));
  g_assert_true (logged (view, "J 21.5", "holds its opportunity fire"));
  gbacw_play_mode_leave (f->mode);
}

/* J 21.4 in test play: aiming a smoothbore battery within 2 hexes offers "Double shot"; on,
 * the fire worked out doubles the multiplier and the fire given asks for it. */
static void
test_double_shot (Fixture      *f,
                  gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  const GbacwAction *fire;
  double plain;
  guint before;

  step_to (view, 1, GBACW_PHASE_DEFENSIVE_FIRE);   /* out of command, it fires defensively (17.11) */
  select_unit (view, "u-bty-b");
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0504")));
  g_assert_nonnull (gbacw_play_view_get_fire_preview (view));
  plain = gbacw_play_view_get_fire_preview (view)->total;
  g_assert_nonnull (find_action_widget (GTK_WIDGET (view), "play.double-shot"));
  g_assert_null (find_action_widget (GTK_WIDGET (view), "play.rapid-fire"));   /* no C 24.1 in the scenario */
  act (view, "play.double-shot", NULL);
  g_assert_nonnull (gbacw_play_view_get_fire_preview (view));
  g_assert_cmpfloat (gbacw_play_view_get_fire_preview (view)->total, ==, 2 * plain);
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0504")));
  fire = assert_recorded (view, before, GBACW_ACTION_FIRE);
  g_assert_true (g_array_index (fire->fire.firers, GbacwFirer, 0).double_shot);
  g_assert_true (logged (view, "J 21.4", "fires double shot"));
  gbacw_play_mode_leave (f->mode);
}

/* Saves what widget shows now as a PNG (for a person to look at; asserts nothing). */
static void
save_shot (GtkWidget  *widget,
           const char *path)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GskRenderer *renderer;
  int width, height;

  gui_test_settle ();
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  paintable = gtk_widget_paintable_new (widget);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  if (node != NULL && renderer != NULL)
    {
      g_autoptr(GdkTexture) texture = gsk_renderer_render_texture (renderer, node,
                                                                   &GRAPHENE_RECT_INIT (0, 0, width, height));
      gdk_texture_save_to_png (texture, path);
    }
}

/* C 24.1 in test play: aiming a battery of N guns within 3 hexes of a regiment, under the
 * scenario's corinth.rapid-fire, offers "Rapid fire" (and no double shot: J 21.4 is not a
 * rule of it); on, the fire worked out is doubled, the fire given asks for it and the
 * battery spends three rounds and rolls for fouling. Shot in /tmp/gbacw-rapid-fire.png
 * when GBACW_TEST_SHOT is set. */
static void
test_rapid_fire (Fixture      *f,
                 gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  const GbacwAction *fire;
  double plain;
  guint before;

  step_to (view, 1, GBACW_PHASE_DEFENSIVE_FIRE);   /* out of command, it fires defensively (17.11) */
  select_unit (view, "u-bty-b");
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0504")));
  g_assert_nonnull (gbacw_play_view_get_fire_preview (view));
  plain = gbacw_play_view_get_fire_preview (view)->total;
  g_assert_null (find_action_widget (GTK_WIDGET (view), "play.double-shot"));
  g_assert_nonnull (find_action_widget (GTK_WIDGET (view), "play.rapid-fire"));
  act (view, "play.rapid-fire", NULL);
  g_assert_nonnull (gbacw_play_view_get_fire_preview (view));
  g_assert_true (gbacw_play_view_get_fire_preview (view)->rapid);
  g_assert_cmpfloat (gbacw_play_view_get_fire_preview (view)->total, ==, 2 * plain);
  {
    /* the page says what the rule made of the battery's strength */
    g_autofree char *combat = gbacw_play_view_get_page_text (view, "combat");
    g_autofree char *doubled = g_strdup_printf ("corinth.rapid-fire: %g → %g", plain, 2 * plain);
    assert_contains (combat, doubled);
  }
  if (g_getenv ("GBACW_TEST_SHOT"))
    save_shot (GTK_WIDGET (f->window), "/tmp/gbacw-rapid-fire.png");
  before = view_game (view)->actions->len;
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0504")));
  fire = assert_recorded (view, before, GBACW_ACTION_FIRE);
  g_assert_true (g_array_index (fire->fire.firers, GbacwFirer, 0).rapid);
  g_assert_true (logged (view, "C 24.1", "rapid-fires"));
  gbacw_play_mode_leave (f->mode);
}

/* C 24.11 in test play: four hexes off, the fire is worked out but rapid fire is not
 * offered (the engine refuses it: beyond three hexes). */
static void
test_rapid_fire_not_offered (Fixture      *f,
                             gconstpointer data)
{
  GbacwPlayView *view = start_position (f);

  step_to (view, 1, GBACW_PHASE_DEFENSIVE_FIRE);
  select_unit (view, "u-bty-b");
  act (view, "play.click-hex", g_variant_new_int32 (hex_of (view, "0502")));
  g_assert_nonnull (gbacw_play_view_get_fire_preview (view));
  g_assert_false (gbacw_play_view_get_fire_preview (view)->rapid);
  g_assert_null (find_action_widget (GTK_WIDGET (view), "play.rapid-fire"));
  gbacw_play_mode_leave (f->mode);
}

static GVariant *
entry_target (GbacwPlayView *view,
              const char    *unit_id,
              const char    *hex)
{
  return g_variant_new ("(si)", unit_id, hex_of (view, hex));
}

/* 26.0, P 26.22 in test play: in the Union Movement Phase of Game-Turn 1 the orders panel
 * offers 14 Oh and 22 Ind at 0112 only; held back a Game-Turn, at 0112 or 0114 (P 26.22
 * named). The player picks the hex and the order of the column: 22 Ind first at 0114, then
 * 14 Oh, second of the column there. */
static void
test_reinforcement_entry (Fixture      *f,
                          gconstpointer data)
{
  GbacwPlayView *view = start_position (f);
  GtkWidget *orders = GTK_WIDGET (gbacw_play_view_get_orders (view));
  GtkWidget *second;

  step_to (view, 0, GBACW_PHASE_MOVEMENT);
  g_assert_cmpint (view_game (view)->turn, ==, 1);
  g_assert_true (order_offered (view, "orders.enter", entry_target (view, "u-14oh", "0112")));
  g_assert_true (order_offered (view, "orders.enter", entry_target (view, "u-22ind", "0112")));
  g_assert_false (order_offered (view, "orders.enter", entry_target (view, "u-14oh", "0114")));
  g_assert_nonnull (find_labelled (orders, "Enter 14 Oh at 0112, place 1 of the column (26.0)"));

  act (view, "play.next-step", NULL);   /* both held back (P 26.15) */
  step_to (view, 0, GBACW_PHASE_MOVEMENT);
  g_assert_cmpint (view_game (view)->turn, ==, 2);
  g_assert_true (order_offered (view, "orders.enter", entry_target (view, "u-14oh", "0112")));
  g_assert_nonnull (find_labelled (orders, "Enter 14 Oh at 0114, place 1 of the column (P 26.22)"));
  click_order (view, "orders.enter", entry_target (view, "u-22ind", "0114"));
  g_assert_cmpint (unit (view, "u-22ind")->hex, ==, hex_of (view, "0114"));
  g_assert_cmpint (view_game (view)->actions->len, >, 0);
  g_assert_cmpint (((GbacwAction *) g_ptr_array_index (view_game (view)->actions,
                                                       view_game (view)->actions->len - 1))->kind, ==,
                   GBACW_ACTION_MOVE);
  second = find_labelled (orders, "Enter 14 Oh at 0114, place 2 of the column (P 26.22)");
  g_assert_nonnull (second);
  g_signal_emit_by_name (second, "clicked");
  gui_test_iterate ();
  g_assert_cmpint (unit (view, "u-14oh")->hex, ==, hex_of (view, "0114"));
  g_assert_false (order_offered (view, "orders.enter", NULL));
  gbacw_play_mode_leave (f->mode);
}

int
main (int argc, char **argv)
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  /* Cairo drawing, unless a GL renderer is asked for (test-play-gui-gl). */
  if (g_strcmp0 (g_getenv ("GSK_RENDERER"), "gl") != 0 && g_strcmp0 (g_getenv ("GSK_RENDERER"), "ngl") != 0)
    {
      g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
      g_setenv ("GSK_RENDERER", "cairo", FALSE);
    }
  gui_test_trace_criticals ();
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run)");
      return 77;
    }
  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));

  g_test_add ("/play/turn", Fixture, NULL, fixture_set_up, test_play_turn, fixture_tear_down);
  g_test_add ("/play/computer-turn", Fixture, NULL, fixture_set_up, test_computer_turn, fixture_tear_down);
  g_test_add ("/play/saved-file", Fixture, NULL, fixture_set_up, test_saved_file, fixture_tear_down);
  g_test_add ("/play/validator-error", Fixture, NULL, fixture_set_up, test_validator_error, fixture_tear_down);
  g_test_add ("/play/stand-ins-offer", Fixture, NULL, fixture_set_up, test_stand_ins_offer, fixture_tear_down);
  g_test_add ("/play/balance", Fixture, NULL, fixture_set_up, test_balance, fixture_tear_down);
  g_test_add ("/play/window-actions", Fixture, NULL, fixture_set_up, test_window_actions, fixture_tear_down);
  g_test_add ("/play/orders/command-rally-supply-restack-exit", Fixture, NULL, orders_fixture_set_up, test_orders,
              fixture_tear_down);
  g_test_add ("/play/orders/vp-not-computed", Fixture, NULL, orders_fixture_set_up, test_vp_not_computed,
              fixture_tear_down);
  g_test_add ("/play/decisions/retreat-before-melee/retreat", Fixture, &melee_position, position_fixture_set_up,
              test_decision_before_melee_retreat, fixture_tear_down);
  g_test_add ("/play/decisions/retreat-before-melee/stand-then-facing", Fixture, &melee_position,
              position_fixture_set_up, test_decision_before_melee_stand, fixture_tear_down);
  g_test_add ("/play/decisions/melee-loss", Fixture, &melee_loss_position, position_fixture_set_up,
              test_decision_melee_loss, fixture_tear_down);
  g_test_add ("/play/decisions/rout-leaders", Fixture, &rout_position, position_fixture_set_up,
              test_decision_rout_leaders, fixture_tear_down);
  g_test_add ("/play/whole-stack-range", Fixture, &stacks_position, position_fixture_set_up,
              test_whole_stack_range, fixture_tear_down);
  g_test_add ("/play/decisions/withdrawal-fire", Fixture, &withdrawal_position, position_fixture_set_up,
              test_decision_withdrawal_fire, fixture_tear_down);
  g_test_add ("/play/decisions/engaged-retreat", Fixture, &melee_position, position_fixture_set_up,
              test_decision_engaged_retreat, fixture_tear_down);
  g_test_add ("/play/decisions/place-leader", Fixture, &placement_position, position_fixture_set_up,
              test_decision_place_leader, fixture_tear_down);
  g_test_add ("/play/decisions/promote", Fixture, &promotion_position, position_fixture_set_up,
              test_decision_promote, fixture_tear_down);
  g_test_add ("/play/decisions/22.11-mcculloch-withdrawal", Fixture, &mcculloch_position, position_fixture_set_up,
              test_decision_mcculloch_withdrawal, fixture_tear_down);
  g_test_add ("/play/decisions/J-30.3-fremont-orders", Fixture, &fremont_position, position_fixture_set_up,
              test_decision_fremont_orders, fixture_tear_down);
  g_test_add ("/play/decisions/J-31.0-declare-the-offensive", Fixture, &offensive_position, position_fixture_set_up,
              test_decision_declare_offensive, fixture_tear_down);
  g_test_add ("/play/orders/26.0-reinforcement-entry-hex-and-column", Fixture, &reinforcements_position,
              position_fixture_set_up, test_reinforcement_entry, fixture_tear_down);
  g_test_add ("/play/sections", Fixture, NULL, fixture_set_up, test_sections, fixture_tear_down);
  g_test_add ("/play/orders/J-21.4-double-shot", Fixture, &double_shot_position, position_fixture_set_up,
              test_double_shot, fixture_tear_down);
  g_test_add ("/play/orders/C-24.1-rapid-fire", Fixture, &rapid_fire_position, position_fixture_set_up,
              test_rapid_fire, fixture_tear_down);
  g_test_add ("/play/orders/C-24.11-rapid-fire-not-offered-beyond-3", Fixture, &rapid_fire_far_position,
              position_fixture_set_up, test_rapid_fire_not_offered, fixture_tear_down);
  g_test_add ("/play/decisions/J-21.5-opportunity-fire", Fixture, &opportunity_position, position_fixture_set_up,
              test_decision_opportunity_fire, fixture_tear_down);
  g_test_add ("/play/actions-enabled", Fixture, NULL, fixture_set_up, test_actions_enabled, fixture_tear_down);
  g_test_add ("/play/message-bar", Fixture, NULL, fixture_set_up, test_message_bar, fixture_tear_down);
  g_test_add ("/play/awards-notice", Fixture, NULL, fixture_set_up, test_awards_notice, fixture_tear_down);
  g_test_add ("/play/ai-level", Fixture, NULL, fixture_set_up, test_ai_level, fixture_tear_down);
  g_test_add_func ("/play/command-line/test-play", test_command_line);

  return g_test_run ();
}
