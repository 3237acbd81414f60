/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-phase-bar.c: test play's phase bar (see gbacw-play-phase-bar.h). */
#define G_LOG_DOMAIN "gbacw-play-phase-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-play-phase-bar.h"
#include "gbacw-play-text.h"

struct _GbacwPlayPhaseBar
{
  GbacwPlaySection parent_instance;

  /* template */
  GtkLabel *turn_label;
  GtkLabel *time_label;
  GtkLabel *side_label;
  GtkLabel *phase_label;
  GtkSpinner *computer_spinner;
  GtkLabel *vp_label;
  GtkWidget *vp_note_icon;
  GtkLabel *next_label;
};

G_DEFINE_FINAL_TYPE (GbacwPlayPhaseBar, gbacw_play_phase_bar, GBACW_TYPE_PLAY_SECTION)

static void
gbacw_play_phase_bar_update (GbacwPlaySection *section)
{
  GbacwPlayPhaseBar *self = GBACW_PLAY_PHASE_BAR (section);
  GbacwPlaySession *session = gbacw_play_section_get_session (section);
  GbacwGame *game = gbacw_play_section_get_game (section);
  g_autofree char *turn = NULL;
  g_autofree char *phase = NULL;
  g_autofree char *vp = NULL;
  const char *time = "";
  const char *next;
  gboolean computer, replaying, over;
  GbacwVictory v = { 0 };

  if (game == NULL)
    return;
  computer = gbacw_play_session_computer_to_act (session);
  replaying = gbacw_play_session_is_replaying (session);
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

  gbacw_outcome_victory (gbacw_play_session_get_outcome (session), game, &v);
  /* TRANSLATORS: Victory Points in the phase bar: "Union 6 · Confederate 8 VP — Draw" */
  vp = g_strdup_printf (_("%s %d · %s %d VP — %s"), gbacw_game_side_name (game, 0), v.vp[0],
                        gbacw_game_side_name (game, 1), v.vp[1], v.level ? v.level : "");
  gtk_label_set_text (self->vp_label, vp);
  {
    g_autofree char *details = gbacw_play_describe_victory (game, &v);
    g_autofree char *not_computed = gbacw_play_describe_not_computed (&v);

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
    next = gbacw_play_session_get_jump (session) > 0 ? _("Jumping Ahead…") : _("Computer Playing…");
  else if (gbacw_game_decision (game) != NULL)
    next = _("Answer the Question");
  else
    next = _("End Phase (N)");
  gtk_label_set_text (self->next_label, next);
}

static void
gbacw_play_phase_bar_class_init (GbacwPlayPhaseBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GbacwPlaySectionClass *section_class = GBACW_PLAY_SECTION_CLASS (klass);

  section_class->update = gbacw_play_phase_bar_update;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-phase-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayPhaseBar, turn_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayPhaseBar, time_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayPhaseBar, side_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayPhaseBar, phase_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayPhaseBar, computer_spinner);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayPhaseBar, vp_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayPhaseBar, vp_note_icon);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayPhaseBar, next_label);
}

static void
gbacw_play_phase_bar_init (GbacwPlayPhaseBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
