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
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "gbacw-application.h"
#include "gbacw-balance-dialog.h"
#include "gbacw-fire.h"
#include "gbacw-map-edit.h"
#include "gbacw-movement.h"
#include "gbacw-play-mode.h"
#include "gbacw-play-view.h"
#include "gbacw-scenario-io.h"
#include "gbacw-window.h"

typedef struct
{
  GbacwWindow *window;
  GbacwPlayMode *mode;
  char *dir;
  char *path;
} Fixture;

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
wait_for_layout (GtkWidget *widget)
{
  for (int i = 0; i < 500 && (gtk_widget_get_width (widget) == 0 || !gtk_widget_get_mapped (widget)); i++)
    {
      iterate ();
      g_usleep (10000);
    }
  iterate ();
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
}

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

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  g_autofree char *demo = g_build_filename (g_getenv ("GBACW_DATADIR"), "scenarios", "demo.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;
  gsize length;

  f->dir = g_dir_make_tmp ("test-play-gui-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "demo.xml", NULL);
  g_assert_true (g_file_get_contents (demo, &text, &length, NULL));
  g_assert_true (g_file_set_contents (f->path, text, (gssize) length, NULL));

  f->window = gbacw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  file = g_file_new_for_path (f->path);
  g_assert_true (gbacw_window_load_file (f->window, file));
  f->mode = gbacw_play_mode_get_for_window (f->window);
  g_assert_nonnull (f->mode);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_for_layout (GTK_WIDGET (gbacw_window_get_canvas (f->window)));
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
  iterate ();
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
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (view), action, parameter));
  iterate ();
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
    iterate ();
  }
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (document)));
  g_object_set (f->window, "tool", "brush", NULL);
  iterate ();
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
  iterate ();
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
  iterate ();
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
  state = gbacw_query_state_dump (game);
  g_assert_true (gbacw_play_view_save_game (view, game_path, &error));
  g_assert_no_error (error);
  {
    g_autoptr(GbacwPlaySession) loaded = gbacw_play_session_load (game_path, &error);
    g_autofree char *again = NULL;
    g_assert_no_error (error);
    again = gbacw_query_state_dump (gbacw_play_session_get_game (loaded));
    g_assert_cmpstr (again, ==, state);
  }
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
  iterate ();
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
  iterate ();
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
  iterate ();
}

int
main (int argc, char **argv)
{
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display (run under xvfb-run)");
      return 77;
    }
  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));

  g_test_add ("/play/turn", Fixture, NULL, fixture_set_up, test_play_turn, fixture_tear_down);
  g_test_add ("/play/saved-file", Fixture, NULL, fixture_set_up, test_saved_file, fixture_tear_down);
  g_test_add ("/play/validator-error", Fixture, NULL, fixture_set_up, test_validator_error, fixture_tear_down);
  g_test_add ("/play/balance", Fixture, NULL, fixture_set_up, test_balance, fixture_tear_down);

  return g_test_run ();
}
