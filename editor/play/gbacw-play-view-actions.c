/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-view-actions.c: the play view's actions (see gbacw-play-view.h): what a click
 * on the map means, the orders given to the game through the session, the game's files,
 * replay, the players, and the one place that enables them for the game's state. */
#define G_LOG_DOMAIN "gbacw-play-view"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-balance-dialog.h"
#include "gbacw-file-chooser.h"
#include "gbacw-play-text.h"
#include "gbacw-play-view-private.h"

static GbacwGame *
get_game (GbacwPlayView *self)
{
  return self->session ? gbacw_play_session_get_game (self->session) : NULL;
}

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

/* ---------------------------------------------------------------- acting */

static void set_target (GbacwPlayView *self, int hex);

static gboolean
apply (GbacwPlayView     *self,
       const GbacwAction *action)
{
  g_autoptr(GError) error = NULL;

  if (self->session == NULL)
    return FALSE;
  if (!gbacw_play_session_apply (self->session, action, &error))
    {
      gbacw_play_view_show_message (self, error->message);
      return FALSE;
    }
  gbacw_play_view_show_message (self, NULL);
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
fire_at_target (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) units = gbacw_play_view_acting_units (self);
  g_autoptr(GArray) firers = NULL;
  g_autoptr(GbacwAction) action = NULL;
  guint first_event, n_results;

  if (game == NULL || self->target < 0)
    return;
  firers = gbacw_play_combat_firers (game, units);
  if (self->double_shot)
    gbacw_play_mark_double_shot (game, firers, self->target);   /* J 21.4 */
  if (self->rapid_fire)
    gbacw_play_mark_rapid (game, firers, self->target);         /* C 24.1 */
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
        const GbacwFireResolution *last = g_ptr_array_index (game->fire_results, game->fire_results->len - 1);
        g_autofree char *text = gbacw_play_describe_fire (game, last, TRUE);
        g_string_append (s, text);
        g_string_append (s, "\n\n");
      }
    g_string_append (s, events);
    gbacw_play_combat_section_set_result (self->combat_section, g_string_free (s, FALSE));
  }
  /* the firers are spent; the target stays for another fire */
  gbacw_play_combat_section_clear_preview (self->combat_section);
  gbacw_play_view_update_preview (self);
  gtk_stack_set_visible_child_name (self->panel_stack, "combat");
  gbacw_play_view_update (self);
}

static void
melee_at_target (GbacwPlayView *self,
                 gboolean       declare)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) units = gbacw_play_view_acting_units (self);
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
  gbacw_play_combat_section_set_result (self->combat_section, events_since (self, first_event));
  gtk_stack_set_visible_child_name (self->panel_stack, "combat");
  gbacw_play_combat_section_clear_preview (self->combat_section);
  gbacw_play_view_update (self);
}

/* The target attacked as the phase says: a melee declared in the Retreat before Melee
 * Phase, resolved in the Melee Phase, fire otherwise. */
static void
attack_target (GbacwPlayView *self,
               GbacwGame     *game)
{
  if (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE)
    melee_at_target (self, TRUE);
  else if (game->phase == GBACW_PHASE_MELEE)
    melee_at_target (self, FALSE);
  else
    fire_at_target (self);
}

static void
move_to (GbacwPlayView *self,
         int            hex)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GArray) units = gbacw_play_view_moving_units (self);
  g_autoptr(GArray) path = NULL;
  g_autoptr(GbacwAction) action = NULL;

  if (game == NULL || units->len == 0)
    return;
  gbacw_play_view_update_range (self);
  if (self->range == NULL && self->range_error != NULL && *self->range_error != '\0')
    {
      gbacw_play_view_show_message (self, self->range_error);
      return;
    }
  if (self->range == NULL || hex < 0 || self->range->cost[hex] < 0)
    {
      g_autofree char *label = gbacw_game_hex_label (game, hex);
      g_autofree char *message = g_strdup_printf (_("%s cannot reach %s this Movement Phase"),
                                                  gbacw_play_unit_name (game, g_array_index (units, int, 0)), label);
      gbacw_play_view_show_message (self, message);
      return;
    }
  path = gbacw_move_range_path (self->range, hex);
  if (path == NULL)
    return;
  action = gbacw_action_new_move ((const int *) (gpointer) units->data, units->len, (const int *) (gpointer) path->data,
                                  path->len, -1);
  if (apply (self, action))
    gbacw_play_view_update (self);
}

/* What a click on hex means now. */
void
gbacw_play_view_click_hex (GbacwPlayView   *self,
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
  side = gbacw_play_human_side (self->session);
  stack = gbacw_game_stack (game, hex);

  /* a leader selected in the Rally Phase rallies his routed unit clicked (13.52) */
  if (decision == NULL && !(state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK))
      && gbacw_play_orders_click_hex (gbacw_play_unit_section_get_orders (self->unit_section), hex))
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
          gbacw_play_view_update_range (self);
          /* an empty hex clicked when the units cannot move together: say why */
          if ((self->range != NULL && self->range->cost[hex] >= 0) ||
              (self->range == NULL && self->range_error != NULL && (stack == NULL || stack->len == 0)))
            {
              move_to (self, hex);
              return;
            }
        }
      if ((gbacw_play_is_fire_phase (game) || gbacw_play_is_melee_phase (game)) && !own_stack && stack != NULL
          && stack->len > 0)
        {
          if (hex == self->target)
            attack_target (self, game);
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
              gbacw_play_view_select_units (self, (const int *) (gpointer) self->selection->data, self->selection->len);
            }
          else
            {
              g_autoptr(GArray) units = g_array_copy (self->selection);
              g_array_append_val (units, unit);
              gbacw_play_view_select_units (self, (const int *) (gpointer) units->data, units->len);
            }
        }
      else
        gbacw_play_view_select_units (self, &unit, 1);
      gtk_stack_set_visible_child_name (self->panel_stack, "unit");
      return;
    }
  gbacw_play_view_select_units (self, NULL, 0);
  set_target (self, -1);
}

static void
set_target (GbacwPlayView *self,
            int            hex)
{
  self->target = hex;
  gbacw_play_view_update_preview (self);
  if (hex >= 0)
    gtk_stack_set_visible_child_name (self->panel_stack, "combat");
  gbacw_play_view_update (self);
}


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

  if (gbacw_play_human_side (self->session) < 0 || game == NULL)
    return;
  self->target = -1;
  gbacw_play_combat_section_clear_preview (self->combat_section);
  first_event = game->events->len;
  fire = gbacw_play_is_fire_phase (game);
  if (apply (self, action))
    {
      g_array_set_size (self->selection, 0);
      if (fire)
        {
          /* the consequences of the phase's fire: losses, leaders, morale, routs (9.42) */
          g_autofree char *events = events_since (self, first_event);
          char *text = g_strdup_printf (_("The results of the fire, applied at the end of the phase (9.42):\n%s"),
                                        events);

          gbacw_play_combat_section_set_result (self->combat_section, text);
        }
      gbacw_play_view_update (self);
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
      gbacw_play_combat_section_set_result (self->combat_section, events_since (self, first_event));
      gbacw_play_view_update (self);
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
    gbacw_play_view_select_units (self, &unit, 1);
  else
    gbacw_play_view_select_units (self, NULL, 0);
}

static void
click_hex_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  gbacw_play_view_click_hex (GBACW_PLAY_VIEW (widget), g_variant_get_int32 (parameter), 0);
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
  attack_target (self, game);
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
  g_autoptr(GArray) units = gbacw_play_view_moving_units (self);
  g_autoptr(GbacwAction) action = NULL;

  if (units->len == 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i].name))
      action = gbacw_action_new_change_formation ((const int *) (gpointer) units->data, units->len, names[i].state);
  if (action != NULL && apply (self, action))
    gbacw_play_view_update (self);
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
    gbacw_play_view_update (self);
}

void
gbacw_play_view_cancel (GbacwPlayView *self)
{
  if (self->message != NULL)
    gbacw_play_view_show_message (self, NULL);
  self->target = -1;
  gbacw_play_combat_section_clear_preview (self->combat_section);
  gbacw_play_view_select_units (self, NULL, 0);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gbacw_play_view_cancel (GBACW_PLAY_VIEW (widget));
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
    gbacw_play_view_show_message (self, error->message);
  else if (path != NULL && save)
    {
      g_autofree char *text = g_strdup_printf (_("Game saved to %s"), path);
      gbacw_play_view_show_message (self, text);
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
    gbacw_play_view_show_message (self, error->message);
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
  guint32 seed = gbacw_play_game_section_get_seed (self->game_section);

  if (self->session == NULL)
    return;
  session = gbacw_play_session_new (gbacw_play_session_get_scenario (self->session),
                                    gbacw_play_session_get_scenario_path (self->session),
                                    gbacw_play_session_is_temporary (self->session), seed, &error);
  if (session == NULL)
    {
      gbacw_play_view_show_message (self, error->message);
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
  int turn = parameter ? g_variant_get_int32 (parameter) : gbacw_play_game_section_get_jump_turn (self->game_section);

  if (self->session == NULL || gbacw_play_session_is_replaying (self->session))
    return;
  g_array_set_size (self->selection, 0);
  self->target = -1;
  gbacw_play_combat_section_clear_preview (self->combat_section);
  gbacw_play_session_set_jump (self->session, turn);
  gbacw_play_view_schedule_computer (self);
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
  gbacw_play_view_show_message (GBACW_PLAY_VIEW (widget), NULL);
}

static void
leave_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  g_signal_emit_by_name (widget, "leave");
}
/* ---------------------------------------------------------------- enabled */

static void
set_enabled (GbacwPlayView *self,
             const char    *name,
             gboolean       enabled)
{
  g_hash_table_insert (self->actions_enabled, (gpointer) name, GINT_TO_POINTER (enabled ? 2 : 1));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), name, enabled);
}

void
gbacw_play_view_update_actions (GbacwPlayView *self)
{
  GbacwGame *game = get_game (self);
  gboolean playing = self->session != NULL;
  int side = gbacw_play_human_side (self->session);
  gboolean acting = side >= 0 && game != NULL && gbacw_game_decision (game) == NULL;
  gboolean fire = gbacw_play_is_fire_phase (game);
  gboolean melee_e = game && game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE;
  gboolean melee_f = game && game->phase == GBACW_PHASE_MELEE;
  gboolean has_target = self->target >= 0 && self->selection->len > 0;
  gboolean replaying = playing && gbacw_play_session_is_replaying (self->session);
  gboolean computer = playing && gbacw_play_session_computer_to_act (self->session);

  /* the human to act, in the phase the order belongs to */
  set_enabled (self, "play.next-step", game != NULL && !replaying && !gbacw_game_is_over (game) && !computer
                                       && gbacw_game_decision (game) == NULL);
  set_enabled (self, "play.formation", acting && game->phase == GBACW_PHASE_MOVEMENT);
  set_enabled (self, "play.turn", acting && game->phase == GBACW_PHASE_MOVEMENT);
  set_enabled (self, "play.fire", acting && fire && has_target);
  set_enabled (self, "play.declare-melee", acting && melee_e && has_target);
  set_enabled (self, "play.melee", acting && melee_f && has_target);
  set_enabled (self, "play.confirm", acting && has_target && (fire || melee_e || melee_f));
  set_enabled (self, "play.answer", side >= 0 && game && gbacw_game_decision (game));
  /* a game shown: selecting, aiming, its files, the players */
  set_enabled (self, "play.select-unit", playing);
  set_enabled (self, "play.click-hex", playing);
  set_enabled (self, "play.move-to", playing);
  set_enabled (self, "play.target", playing);
  set_enabled (self, "play.whole-stack", playing);
  set_enabled (self, "play.charge", playing);
  set_enabled (self, "play.double-shot", playing);
  set_enabled (self, "play.rapid-fire", playing);
  set_enabled (self, "play.cancel", playing);
  set_enabled (self, "play.save-game", playing);
  set_enabled (self, "play.balance", playing);
  set_enabled (self, "play.new-game", playing);
  set_enabled (self, "play.replay", playing);
  set_enabled (self, "play.jump", playing && !replaying);
  set_enabled (self, "play.jump-to-spin", playing && !replaying);
  /* replaying */
  set_enabled (self, "play.replay-step", replaying);
  set_enabled (self, "play.replay-resume", replaying);
  /* the message bar */
  set_enabled (self, "play.dismiss", self->message != NULL);
}

gboolean
gbacw_play_view_action_enabled (GbacwPlayView *self,
                                const char    *name)
{
  gpointer value;

  g_return_val_if_fail (GBACW_IS_PLAY_VIEW (self), FALSE);

  value = g_hash_table_lookup (self->actions_enabled, name);
  if (value == NULL)
    {
      /* zoom, load-game, computer and leave are always enabled */
      static const char * const always[] = { "play.zoom", "play.load-game", "play.computer", "play.leave", NULL };
      if (g_strv_contains (always, name))
        return TRUE;
      g_critical ("%s: no action %s", G_STRFUNC, name);
      return FALSE;
    }
  return GPOINTER_TO_INT (value) == 2;
}

/* ---------------------------------------------------------------- installing */

void
gbacw_play_view_class_add_actions (GtkWidgetClass *widget_class)
{
  static const struct { guint key; const char *formation; } formation_keys[] = {
    { GDK_KEY_l, "line" }, { GDK_KEY_c, "column" }, { GDK_KEY_m, "mounted" },
    { GDK_KEY_d, "dismounted" }, { GDK_KEY_k, "limbered" }, { GDK_KEY_u, "unlimbered" },
  };

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
  gtk_widget_class_install_property_action (widget_class, "play.double-shot", "double-shot");
  gtk_widget_class_install_property_action (widget_class, "play.rapid-fire", "rapid-fire");
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
}
