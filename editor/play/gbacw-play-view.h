/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-view.h: the window's test-play mode: a game of the scenario as saved.
 *
 * Its own header bar (back to the editor, load and save the game, replay, many games,
 * zoom), the phase bar (GbacwPlayPhaseBar), the pending decision with its answers as
 * buttons, the message bar over the map (why the rules refused an action; it covers the
 * map's top rather than moving anything when it comes or goes), the map with the counters
 * as the game has them (render/gbacw-counter.h), a side panel of sections
 * (GbacwPlaySection, each bound to the view's session in gbacw-play-view.ui): the Unit
 * page (GbacwPlayUnitSection: the selected unit, its moving, fire and melee orders, and
 * the orders panel GbacwPlayOrders), Combat (GbacwPlayCombatSection: the fire or melee
 * worked out), Roster (GbacwPlayRosterSection), Turns (GbacwPlayTurnsSection: the
 * Game-Turn record and the Victory Points by kind) and Game (GbacwPlayGameSection: the
 * players, the computer's level, the seed, the jump), and below the map the log
 * (GbacwPlayLogSection) of every roll and result with its rule case.
 *
 * On the map (GbacwPlayTool): a click on a stack of the side to act selects its top unit
 * (again: the next unit; Shift: adds it; Ctrl: only selects, never moves); in the Movement
 * Phase the hexes the selection can reach are tinted with their cost and the path follows
 * the pointer; a click on a tinted hex moves there. In the Fire Phases a click on an enemy
 * hex makes it the target (the fire is worked out and the line of sight drawn from each
 * firer, red from where it is blocked); Return or a second click fires. In the Retreat
 * Before Melee and Melee Phases the same declares the melee and melees. A click on a hex
 * a question offers (a retreat's last hex, a leader's placement) answers it. In the Rally
 * Phase, with a leader selected, a click on his routed unit rallies it (13.52).
 *
 * Its actions (prefix "play."), for the buttons, keys and tests: next-step (N,
 * Ctrl+Return), answer (i; keys 1-9), select-unit (s: unit id, "" none), click-hex (i),
 * move-to (i), target (i), confirm (Return: fire or melee at the target), declare-melee,
 * melee, charge (b, a toggle), whole-stack (S, a toggle), formation (s: "line", "column",
 * "mounted", "dismounted", "limbered", "unlimbered"; keys L C M D K U), turn (i: ±1;
 * comma and period), cancel (Escape), zoom (i), save-game (Ctrl+S), load-game (Ctrl+O),
 * replay (Ctrl+R, a toggle), replay-step (i; Page Up, Page Down), replay-resume,
 * new-game, jump (i: Game-Turn), jump-to-spin, computer (i: side, a toggle), balance
 * (Ctrl+B), dismiss and leave (F5, "leave" signal). They are class actions, each enabled
 * for the game's state (the human to act and the phase, the computer playing, replaying)
 * in one place, gbacw-play-view-actions.c's gbacw_play_view_update_actions ().
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-background-image.h"
#include "gbacw-fire.h"
#include "gbacw-map-canvas.h"
#include "gbacw-play-orders.h"
#include "gbacw-play-session.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_VIEW (gbacw_play_view_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayView, gbacw_play_view, GBACW, PLAY_VIEW, GtkWidget)

GtkWidget        *gbacw_play_view_new (void);

/* The game shown (property "session"); NULL shows nothing. The computer starts playing
 * its sides at once. */
GbacwPlaySession *gbacw_play_view_get_session (GbacwPlayView *self);
void              gbacw_play_view_set_session (GbacwPlayView *self, GbacwPlaySession *session);
/* The sides the computer plays in the games this view starts (bit 1 << side). */
guint             gbacw_play_view_get_computer (GbacwPlayView *self);
void              gbacw_play_view_set_computer (GbacwPlayView *self, guint sides);
/* How strongly the computer plays in the games this view shows (property "ai-level",
 * normal unless set; the Game page's drop-down). */
GbacwAiLevel      gbacw_play_view_get_ai_level (GbacwPlayView *self);
void              gbacw_play_view_set_ai_level (GbacwPlayView *self, GbacwAiLevel level);
/* The name shown in the header bar (the scenario's file). */
void              gbacw_play_view_set_title (GbacwPlayView *self, const char *title);
/* The scan drawn under the map (from the editor's background), or NULL. */
void              gbacw_play_view_set_background (GbacwPlayView *self, GbacwBackgroundImage *image);

GbacwMapCanvas   *gbacw_play_view_get_canvas (GbacwPlayView *self);
/* The orders panel of the Unit page (command, rally, supply, stack, exit). */
GbacwPlayOrders  *gbacw_play_view_get_orders (GbacwPlayView *self);

/* Plays the computer's actions now, until a human must act (the view otherwise plays
 * them in slices from the main loop); FALSE with an error if the computer failed. */
gboolean          gbacw_play_view_run_computer (GbacwPlayView *self, GError **error);

/* The selection (unit indices), the target hex (-1) and the fire or melee worked out
 * for them (NULL: none, see the message). */
const GArray     *gbacw_play_view_get_selection (GbacwPlayView *self);
int               gbacw_play_view_get_target (GbacwPlayView *self);
const GbacwFireResolution *gbacw_play_view_get_fire_preview (GbacwPlayView *self);
/* The hexes the selection can reach now (-1 in cost: not), or NULL. */
const int        *gbacw_play_view_get_move_costs (GbacwPlayView *self);
/* The last message shown (why the rules refused an action), or NULL. */
const char       *gbacw_play_view_get_message (GbacwPlayView *self);
/* Lines shown in the log. */
guint             gbacw_play_view_get_n_log_lines (GbacwPlayView *self);

/* Saves the game in progress (its record) to path; loads one and shows it. */
gboolean          gbacw_play_view_save_game (GbacwPlayView *self, const char *path, GError **error);
gboolean          gbacw_play_view_load_game (GbacwPlayView *self, const char *path, GError **error);

G_END_DECLS
