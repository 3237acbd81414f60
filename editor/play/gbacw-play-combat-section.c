/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-combat-section.c: the Combat page of test play (see gbacw-play-combat-section.h). */
#define G_LOG_DOMAIN "gbacw-play-combat-section"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-panel-widgets.h"
#include "gbacw-play-combat-section.h"
#include "gbacw-play-text.h"

struct _GbacwPlayCombatSection
{
  GbacwPlaySection parent_instance;

  /* template */
  GtkBox *combat_box;

  GArray *units;                  /* int: the acting units */
  int target;
  GbacwFireResolution *preview;
  GbacwMeleeOdds odds;
  gboolean has_odds;
  gboolean may_double_shot;       /* J 21.4: some of the units may fire double shot at the target */
  gboolean may_rapid;             /* C 24.1: some of the units may rapid-fire at the target */
  char *preview_error;
  char *result_text;              /* the last fire or melee and what came of it */
  int result_key;                 /* the phase it belongs to */
};

G_DEFINE_FINAL_TYPE (GbacwPlayCombatSection, gbacw_play_combat_section, GBACW_TYPE_PLAY_SECTION)

/* The Game-Turn, Player-Turn and phase: a result is shown in its phase only. */
static int
phase_key (const GbacwGame *game)
{
  return (game->turn * 2 + game->player_turn) * 32 + (int) game->phase;
}

static void
clear_preview (GbacwPlayCombatSection *self)
{
  g_clear_pointer (&self->preview, gbacw_fire_resolution_free);
  g_clear_pointer (&self->preview_error, g_free);
  self->has_odds = FALSE;
  self->may_double_shot = FALSE;
  self->may_rapid = FALSE;
}

static void
gbacw_play_combat_section_update (GbacwPlaySection *section)
{
  GbacwPlayCombatSection *self = GBACW_PLAY_COMBAT_SECTION (section);
  GbacwGame *game = gbacw_play_section_get_game (section);
  GtkBox *box = self->combat_box;

  gbacw_panel_clear (GTK_WIDGET (box));
  if (game == NULL)
    return;

  /* a result belongs to its phase */
  if (phase_key (game) != self->result_key)
    {
      g_clear_pointer (&self->result_text, g_free);
      self->result_key = phase_key (game);
    }

  if (self->target >= 0)
    {
      g_autofree char *label = gbacw_game_hex_label (game, self->target);
      g_autofree char *title = g_strdup_printf (_("Target %s"), label);
      const GArray *units = self->units;
      g_autoptr(GArray) hexes = gbacw_play_unit_hexes (game, units);
      g_autoptr(GString) firers = g_string_new (NULL);

      gbacw_panel_add_heading (box, title);
      gbacw_play_append_unit_names (firers, game, (const int *) (gpointer) units->data, units->len);
      {
        g_autofree char *text = g_strdup_printf (_("Units: %s"), firers->len ? firers->str : _("none selected"));
        gbacw_panel_add_label (box, text, NULL);
      }
      if (gbacw_play_is_fire_phase (game))
        for (guint i = 0; i < hexes->len; i++)
          {
            g_autofree char *los = gbacw_play_describe_los (game, g_array_index (hexes, int, i), self->target);
            gbacw_panel_add_label (box, los, "play-los");
          }
      if (self->preview != NULL)
        {
          g_autofree char *text = gbacw_play_describe_fire (game, self->preview, FALSE);
          GtkWidget *button;

          gbacw_panel_add_label (box, text, "play-fire");
          if (self->may_double_shot)
            {
              GtkWidget *check = gtk_check_button_new_with_mnemonic (_("_Double shot (J 21.4)"));
              gtk_actionable_set_action_name (GTK_ACTIONABLE (check), "play.double-shot");
              gtk_box_append (box, check);
            }
          if (self->may_rapid)
            {
              GtkWidget *check = gtk_check_button_new_with_mnemonic (_("_Rapid fire (C 24.1)"));
              gtk_widget_set_tooltip_text (check, _("Three rounds, double strength; a fouling roll after the fire"));
              gtk_actionable_set_action_name (GTK_ACTIONABLE (check), "play.rapid-fire");
              gtk_box_append (box, check);
            }
          button = gbacw_panel_add_action_button (GTK_WIDGET (box), _("_Fire (Return)"), "play.confirm", NULL);
          gtk_widget_add_css_class (button, "destructive-action");
        }
      else if (self->has_odds)
        {
          g_autofree char *text = gbacw_play_describe_odds (game, &self->odds);
          GtkWidget *button;

          gbacw_panel_add_label (box, text, "play-fire");
          if (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE)
            {
              GtkWidget *check = gtk_check_button_new_with_mnemonic (_("Cavalry _charge (B, 16.2)"));
              gtk_actionable_set_action_name (GTK_ACTIONABLE (check), "play.charge");
              gtk_box_append (box, check);
              button = gbacw_panel_add_action_button (GTK_WIDGET (box), _("_Declare Melee (Return)"),
                                                      "play.declare-melee", NULL);
            }
          else
            button = gbacw_panel_add_action_button (GTK_WIDGET (box), _("_Melee (Return)"), "play.melee", NULL);
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
      gbacw_panel_add_heading (box, _("Melees Declared"));
      for (guint i = 0; i < game->melees->len; i++)
        {
          const GbacwMeleeDeclaration *m = g_ptr_array_index (game->melees, i);
          g_autofree char *target = gbacw_game_hex_label (game, m->target);
          g_autoptr(GString) s = g_string_new (NULL);
          g_autofree char *text = NULL;

          /* the engine clears (-1) the units that have meleed (12.0) */
          for (int k = 0; k < m->n_units; k++)
            if (m->units[k] >= 0)
              gbacw_play_append_unit_names (s, game, &m->units[k], 1);
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
      gbacw_panel_add_heading (box, _("Result"));
      gbacw_panel_add_label (box, self->result_text, "play-result");
    }
}

static void
set_units (GbacwPlayCombatSection *self,
           const GArray           *units,
           int                     target)
{
  g_array_set_size (self->units, 0);
  if (units != NULL)
    g_array_append_vals (self->units, units->data, units->len);
  self->target = target;
}

void
gbacw_play_combat_section_set_units (GbacwPlayCombatSection *self,
                                     const GArray           *units,
                                     int                     target)
{
  g_return_if_fail (GBACW_IS_PLAY_COMBAT_SECTION (self));

  set_units (self, units, target);
  gbacw_play_section_update (GBACW_PLAY_SECTION (self));
}

void
gbacw_play_combat_section_work_out (GbacwPlayCombatSection *self,
                                    const GArray           *units,
                                    int                     target,
                                    gboolean                charge,
                                    gboolean                double_shot,
                                    gboolean                rapid)
{
  GbacwGame *game = gbacw_play_section_get_game (GBACW_PLAY_SECTION (self));
  g_autoptr(GError) error = NULL;

  g_return_if_fail (GBACW_IS_PLAY_COMBAT_SECTION (self));

  set_units (self, units, target);
  clear_preview (self);
  if (game != NULL && self->target >= 0 && self->units->len > 0)
    {
      if (gbacw_play_is_fire_phase (game))
        {
          g_autoptr(GArray) firers = gbacw_play_combat_firers (game, self->units);
          g_autoptr(GArray) doubled = g_array_copy (firers);
          g_autoptr(GArray) rapid_firers = NULL;
          GArray *fired;

          /* J 21.4: offered when the rules allow it to any of them */
          self->may_double_shot = gbacw_play_mark_double_shot (game, doubled, self->target) > 0;
          fired = double_shot && self->may_double_shot ? doubled : firers;
          /* C 24.1: offered when the engine lets any of them rapid-fire; on top of the above */
          rapid_firers = g_array_copy (fired);
          self->may_rapid = gbacw_play_mark_rapid (game, rapid_firers, self->target) > 0;
          if (rapid && self->may_rapid)
            fired = rapid_firers;
          self->preview = gbacw_fire_compute (game, self->target, (const GbacwFirer *) (gpointer) fired->data,
                                              fired->len, &error);
        }
      else if (gbacw_play_is_melee_phase (game))
        self->has_odds = gbacw_melee_odds (game, self->units, self->target, charge, &self->odds, &error);
      if (error != NULL)
        self->preview_error = g_strdup (error->message);
    }
  gbacw_play_section_update (GBACW_PLAY_SECTION (self));
}

void
gbacw_play_combat_section_clear_preview (GbacwPlayCombatSection *self)
{
  g_return_if_fail (GBACW_IS_PLAY_COMBAT_SECTION (self));

  clear_preview (self);
  gbacw_play_section_update (GBACW_PLAY_SECTION (self));
}

const GbacwFireResolution *
gbacw_play_combat_section_get_preview (GbacwPlayCombatSection *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_COMBAT_SECTION (self), NULL);
  return self->preview;
}

void
gbacw_play_combat_section_set_result (GbacwPlayCombatSection *self,
                                      char                   *text)
{
  GbacwGame *game = gbacw_play_section_get_game (GBACW_PLAY_SECTION (self));

  g_return_if_fail (GBACW_IS_PLAY_COMBAT_SECTION (self));

  g_free (self->result_text);
  self->result_text = text;
  if (game != NULL)
    self->result_key = phase_key (game);
  gbacw_play_section_update (GBACW_PLAY_SECTION (self));
}

/* Another game: nothing aimed at, nothing fired yet. */
static void
on_session_notify (GbacwPlayCombatSection *self,
                   GParamSpec             *pspec,
                   gpointer                user_data)
{
  g_array_set_size (self->units, 0);
  self->target = -1;
  clear_preview (self);
  g_clear_pointer (&self->result_text, g_free);
}

static void
gbacw_play_combat_section_finalize (GObject *object)
{
  GbacwPlayCombatSection *self = GBACW_PLAY_COMBAT_SECTION (object);

  clear_preview (self);
  g_clear_pointer (&self->units, g_array_unref);
  g_free (self->result_text);

  G_OBJECT_CLASS (gbacw_play_combat_section_parent_class)->finalize (object);
}

static void
gbacw_play_combat_section_class_init (GbacwPlayCombatSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GbacwPlaySectionClass *section_class = GBACW_PLAY_SECTION_CLASS (klass);

  object_class->finalize = gbacw_play_combat_section_finalize;

  section_class->update = gbacw_play_combat_section_update;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-combat-section.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayCombatSection, combat_box);
}

static void
gbacw_play_combat_section_init (GbacwPlayCombatSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->units = g_array_new (FALSE, FALSE, sizeof (int));
  self->target = -1;
  g_signal_connect (self, "notify::session", G_CALLBACK (on_session_notify), NULL);
}
