/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-game-section.c: the Game page of test play (see gbacw-play-game-section.h). */
#define G_LOG_DOMAIN "gbacw-play-game-section"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-play-game-section.h"

struct _GbacwPlayGameSection
{
  GbacwPlaySection parent_instance;

  /* template */
  GtkLabel *side0_label;
  GtkLabel *side1_label;
  GtkDropDown *side0_dropdown;
  GtkDropDown *side1_dropdown;
  GtkSpinButton *seed_spin;
  GtkSpinButton *jump_spin;
  GtkLabel *game_info_label;

  guint computer;
  GbacwAiLevel ai_level;
  gboolean updating;
};

G_DEFINE_FINAL_TYPE (GbacwPlayGameSection, gbacw_play_game_section, GBACW_TYPE_PLAY_SECTION)

enum {
  PROP_0,
  PROP_COMPUTER,
  PROP_AI_LEVEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The players' drop-downs follow the sides the computer plays. */
static void
show_computer (GbacwPlayGameSection *self)
{
  self->updating = TRUE;
  gtk_drop_down_set_selected (self->side0_dropdown, (self->computer & 1) ? 1 : 0);
  gtk_drop_down_set_selected (self->side1_dropdown, (self->computer & 2) ? 1 : 0);
  self->updating = FALSE;
}

static void
gbacw_play_game_section_update (GbacwPlaySection *section)
{
  GbacwPlayGameSection *self = GBACW_PLAY_GAME_SECTION (section);
  GbacwPlaySession *session = gbacw_play_section_get_session (section);
  GbacwGame *game = gbacw_play_section_get_game (section);
  g_autofree char *info = NULL;
  guint n_actions;

  if (game == NULL)
    return;
  show_computer (self);
  self->updating = TRUE;
  gtk_label_set_text (self->side0_label, gbacw_game_side_name (game, 0));
  gtk_label_set_text (self->side1_label, gbacw_game_side_name (game, 1));
  gtk_spin_button_set_range (self->jump_spin, game->first_turn, game->last_turn);
  if (gtk_spin_button_get_value_as_int (self->jump_spin) <= game->turn)
    gtk_spin_button_set_value (self->jump_spin, MIN (game->turn + 1, game->last_turn));
  self->updating = FALSE;
  n_actions = gbacw_play_session_get_record_length (session);
  info = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "This game: seed %u, %u action. The scenario played is the file %s.",
                                       "This game: seed %u, %u actions. The scenario played is the file %s.", n_actions),
                          gbacw_play_session_get_seed (session), n_actions,
                          gbacw_play_session_get_scenario_path (session)
                            ? gbacw_play_session_get_scenario_path (session) : _("(none)"));
  gtk_label_set_text (self->game_info_label, info);
}
static void
on_player_selected (GbacwPlayGameSection *self,
                    GParamSpec           *pspec,
                    GtkDropDown          *dropdown)
{
  guint sides = self->computer;
  guint bit = dropdown == self->side0_dropdown ? 1 : 2;

  if (self->updating)
    return;
  if (gtk_drop_down_get_selected (dropdown) == 1)
    sides |= bit;
  else
    sides &= ~bit;
  gbacw_play_game_section_set_computer (self, sides);
}

guint
gbacw_play_game_section_get_computer (GbacwPlayGameSection *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_GAME_SECTION (self), 0);
  return self->computer;
}

void
gbacw_play_game_section_set_computer (GbacwPlayGameSection *self,
                                      guint                 sides)
{
  g_return_if_fail (GBACW_IS_PLAY_GAME_SECTION (self));

  sides &= 3;
  if (self->computer == sides)
    return;
  self->computer = sides;
  show_computer (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER]);
}

GbacwAiLevel
gbacw_play_game_section_get_ai_level (GbacwPlayGameSection *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_GAME_SECTION (self), GBACW_AI_LEVEL_NORMAL);
  return self->ai_level;
}

void
gbacw_play_game_section_set_ai_level (GbacwPlayGameSection *self,
                                      GbacwAiLevel          level)
{
  g_return_if_fail (GBACW_IS_PLAY_GAME_SECTION (self));

  if (level >= GBACW_AI_N_LEVELS || self->ai_level == level)
    return;
  self->ai_level = level;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AI_LEVEL]);
}

guint32
gbacw_play_game_section_get_seed (GbacwPlayGameSection *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_GAME_SECTION (self), 0);
  return (guint32) gtk_spin_button_get_value (self->seed_spin);
}

int
gbacw_play_game_section_get_jump_turn (GbacwPlayGameSection *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_GAME_SECTION (self), 0);
  return gtk_spin_button_get_value_as_int (self->jump_spin);
}

/* A new game: its seed is the one to start again with. */
static void
on_session_notify (GbacwPlayGameSection *self,
                   GParamSpec           *pspec,
                   gpointer              user_data)
{
  GbacwPlaySession *session = gbacw_play_section_get_session (GBACW_PLAY_SECTION (self));

  if (session != NULL)
    gtk_spin_button_set_value (self->seed_spin, gbacw_play_session_get_seed (session));
}

static void
gbacw_play_game_section_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  GbacwPlayGameSection *self = GBACW_PLAY_GAME_SECTION (object);

  switch (prop_id)
    {
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
gbacw_play_game_section_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  GbacwPlayGameSection *self = GBACW_PLAY_GAME_SECTION (object);

  switch (prop_id)
    {
    case PROP_COMPUTER:
      gbacw_play_game_section_set_computer (self, g_value_get_uint (value));
      break;
    case PROP_AI_LEVEL:
      gbacw_play_game_section_set_ai_level (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_play_game_section_class_init (GbacwPlayGameSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GbacwPlaySectionClass *section_class = GBACW_PLAY_SECTION_CLASS (klass);

  object_class->get_property = gbacw_play_game_section_get_property;
  object_class->set_property = gbacw_play_game_section_set_property;

  /* The sides the computer plays (bit 1 << side), as the players' drop-downs show them. */
  properties[PROP_COMPUTER] =
    g_param_spec_uint ("computer", NULL, NULL, 0, 3, 2,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* How strongly it plays (a GbacwAiLevel), as the level drop-down shows it. */
  properties[PROP_AI_LEVEL] =
    g_param_spec_uint ("ai-level", NULL, NULL, 0, GBACW_AI_N_LEVELS - 1, GBACW_AI_LEVEL_NORMAL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  section_class->update = gbacw_play_game_section_update;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-game-section.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayGameSection, side0_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayGameSection, side1_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayGameSection, side0_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayGameSection, side1_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayGameSection, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayGameSection, jump_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayGameSection, game_info_label);
}

static void
gbacw_play_game_section_init (GbacwPlayGameSection *self)
{
  /* before the template's bindings copy them */
  self->computer = 2;
  self->ai_level = GBACW_AI_LEVEL_NORMAL;
  gtk_widget_init_template (GTK_WIDGET (self));
  show_computer (self);
  g_signal_connect_object (self->side0_dropdown, "notify::selected", G_CALLBACK (on_player_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->side1_dropdown, "notify::selected", G_CALLBACK (on_player_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::session", G_CALLBACK (on_session_notify), NULL);
  gtk_spin_button_set_value (self->seed_spin, 1);
}
