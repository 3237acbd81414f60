/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-view-private.h: the play view's state, shared by its own files
 * (gbacw-play-view.c, gbacw-play-view-actions.c), and what the tests ask of it: the text
 * of its pages, whether an action is enabled, how the computer shares the main loop. */
#pragma once

#include "gbacw-play-combat-section.h"
#include "gbacw-play-game-section.h"
#include "gbacw-play-log-section.h"
#include "gbacw-play-phase-bar.h"
#include "gbacw-play-roster-section.h"
#include "gbacw-play-section-private.h"
#include "gbacw-play-tool.h"
#include "gbacw-play-turns-section.h"
#include "gbacw-play-unit-section.h"
#include "gbacw-play-view.h"

#include "gbacw-movement.h"

G_BEGIN_DECLS

struct _GbacwPlayView
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *header_bar;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkToggleButton *replay_button;
  GbacwPlayPhaseBar *phase_bar;
  GtkRevealer *decision_revealer;
  GtkLabel *decision_label;
  GtkFlowBox *answers_box;
  GtkRevealer *message_revealer;
  GtkLabel *message_label;
  GbacwMapCanvas *canvas;
  GtkLabel *hint_label;
  GtkStack *panel_stack;
  GbacwPlayUnitSection *unit_section;
  GbacwPlayCombatSection *combat_section;
  GbacwPlayRosterSection *roster_section;
  GbacwPlayTurnsSection *turns_section;
  GbacwPlayGameSection *game_section;
  GbacwPlayLogSection *log_section;
  GtkRevealer *replay_revealer;
  GtkScale *replay_scale;
  GtkAdjustment *replay_adjustment;
  GtkLabel *replay_label;

  GbacwPlaySession *session;
  guint computer;
  GbacwAiLevel ai_level;
  GbacwDocument *display;         /* the map shown; its deployment is the game's state */
  GbacwBackgroundImage *background;
  GbacwPlayTool *tool;

  /* selection and what it would do */
  GArray *selection;              /* int units */
  gboolean whole_stack;
  gboolean charge;
  gboolean double_shot;           /* J 21.4: fire double shot where the rules allow it */
  gboolean rapid_fire;            /* C 24.1: rapid-fire where the rules allow it */
  int target;
  GbacwMoveRange *range;  /* of the moving units together */
  char *range_error;       /* why they cannot move, when range is NULL */
  guint range_key;
  GPtrArray *answers;             /* GbacwPlayAnswer* */
  int hover_answer;
  char *message;

  guint autoplay_id;
  gint64 computer_slice_us, computer_max_slice_us;
  gint64 autoplay_paused;   /* when the last pause began; 0 before the first slice */
  gboolean updating;
  GtkNativeDialog *file_chooser;
  GHashTable *actions_enabled;    /* action name → enabled, as gbacw_play_view_update_actions () set them */
};

/* gbacw-play-view.c */

/* Everything shown follows the game and the selection. */
void      gbacw_play_view_update (GbacwPlayView *self);
/* Why the rules refused an action, and other news; NULL hides the bar. */
void      gbacw_play_view_show_message (GbacwPlayView *self, const char *message);
/* The units that act together: the selection, or with "whole stack" every unit of the
 * side in the first selected unit's hex; those that move: the acting units in the first
 * one's hex (int indices). */
GArray   *gbacw_play_view_acting_units (GbacwPlayView *self);
GArray   *gbacw_play_view_moving_units (GbacwPlayView *self);
void      gbacw_play_view_select_units (GbacwPlayView *self, const int *units, guint n_units);
/* The hexes the moving units can reach, worked out again when the game or the selection
 * changed. */
void      gbacw_play_view_update_range (GbacwPlayView *self);
/* The fire or melee of the acting units at the target worked out (the combat section). */
void      gbacw_play_view_update_preview (GbacwPlayView *self);
void      gbacw_play_view_schedule_computer (GbacwPlayView *self);

/* gbacw-play-view-actions.c */

/* Installs the "play." actions and their keys. */
void      gbacw_play_view_class_add_actions (GtkWidgetClass *widget_class);
/* Enables each action for the game's state, the selection and the replay: the one place
 * that does. */
void      gbacw_play_view_update_actions (GbacwPlayView *self);
/* What a click on hex means now (a question's answer, a move, a target, a selection). */
void      gbacw_play_view_click_hex (GbacwPlayView *self, int hex, GdkModifierType state);
/* Escape: the message, the target and the selection go. */
void      gbacw_play_view_cancel (GbacwPlayView *self);

/* For the tests. */

/* The text shown in the side panel's pages ("unit", "combat", "roster", "turns", "players") */
char     *gbacw_play_view_get_page_text (GbacwPlayView *self, const char *page);
/* Whether the action (its full name, "play.fire") is enabled, as
 * gbacw_play_view_update_actions () last set it (GTK 4.8 cannot be asked). */
gboolean  gbacw_play_view_action_enabled (GbacwPlayView *self, const char *name);

/* How long the computer plays in one go through the main loop, whatever the frames take
 * (unless set, COMPUTER_SLICE_US or up to COMPUTER_MAX_SLICE_US after a slow frame; 1
 * makes each of its actions a slice of its own, followed by a pause). */
void      gbacw_play_view_set_computer_slice (GbacwPlayView *self, gint64 slice_us);

G_END_DECLS
