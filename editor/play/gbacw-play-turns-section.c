/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-turns-section.c: the Turns page of test play (see gbacw-play-turns-section.h). */
#define G_LOG_DOMAIN "gbacw-play-turns-section"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-panel-widgets.h"
#include "gbacw-play-turns-section.h"
#include "gbacw-play-text.h"
#include "gbacw-rules-hooks.h"

struct _GbacwPlayTurnsSection
{
  GbacwPlaySection parent_instance;

  /* template */
  GtkBox *box;
};

G_DEFINE_FINAL_TYPE (GbacwPlayTurnsSection, gbacw_play_turns_section, GBACW_TYPE_PLAY_SECTION)

static void
gbacw_play_turns_section_update (GbacwPlaySection *section)
{
  GbacwPlayTurnsSection *self = GBACW_PLAY_TURNS_SECTION (section);
  GbacwPlaySession *session = gbacw_play_section_get_session (section);
  GbacwGame *game = gbacw_play_section_get_game (section);
  GtkBox *box = self->box;
  const GbacwScenario *scenario;
  GtkWidget *grid;
  int row = 0;

  gbacw_panel_clear (GTK_WIDGET (box));
  if (game == NULL)
    return;
  scenario = game->scenario;
  gbacw_panel_add_heading (box, _("Game-Turn Record"));
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
      if (gbacw_play_session_get_turn_vp (session, turn, vp))
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

    gbacw_outcome_victory (gbacw_play_session_get_outcome (session), game, &v);
    gbacw_panel_add_heading (box, _("Victory Points Now"));
    if (v.level != NULL)
      gbacw_panel_add_label (box, v.level, NULL);
    for (int side = 0; side < 2; side++)
      {
        g_autofree char *parts = gbacw_play_describe_vp_parts (&v, side);
        g_autofree char *text = g_strdup_printf (_("%s %d VP: %s"), gbacw_game_side_name (game, side), v.vp[side],
                                                 parts);
        gbacw_panel_add_label (box, text, NULL);
      }
    not_computed = gbacw_play_describe_not_computed (&v);
    if (not_computed != NULL)
      gbacw_panel_add_label (box, not_computed, "play-vp-note");
    if (gbacw_play_describe_uncounted_awards (scenario) != NULL)
      gbacw_panel_add_label (box, gbacw_play_describe_uncounted_awards (scenario), "play-vp-note");
    gbacw_victory_clear (&v);
  }

  /* what the exclusive rules stand at: withdrawn brigades (P 22.13), replacement delays
   * (P 28.26), the VP against the checks to come (P 34.21, 34.31) */
  {
    g_autoptr (GPtrArray) status = gbacw_game_rules_status (game);

    if (status->len > 0)
      gbacw_panel_add_heading (box, _("Exclusive Rules"));
    for (guint i = 0; i < status->len; i++)
      {
        const GbacwRuleStatus *item = g_ptr_array_index (status, i);
        /* TRANSLATORS: a fact an exclusive rule reports, then the case it follows: "…: 3 units re-enter at 3946 (P 22.13)" */
        g_autofree char *text = g_strdup_printf (_("%s (%s)"), item->text, item->rule_case ? item->rule_case : "");
        gtk_widget_add_css_class (gbacw_panel_add_label (box, text, NULL), "play-rule-status");
      }
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
        gbacw_panel_add_heading (box, _("Left the Map"));
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
      gbacw_panel_add_heading (box, _("Reinforcements"));
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

static void
gbacw_play_turns_section_class_init (GbacwPlayTurnsSectionClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GbacwPlaySectionClass *section_class = GBACW_PLAY_SECTION_CLASS (klass);

  section_class->update = gbacw_play_turns_section_update;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-turns-section.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayTurnsSection, box);
}

static void
gbacw_play_turns_section_init (GbacwPlayTurnsSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
