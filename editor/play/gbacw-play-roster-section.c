/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-roster-section.c: the Roster page of test play (see gbacw-play-roster-section.h). */
#define G_LOG_DOMAIN "gbacw-play-roster-section"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-panel-widgets.h"
#include "gbacw-play-roster-section.h"
#include "gbacw-play-text.h"

struct _GbacwPlayRosterSection
{
  GbacwPlaySection parent_instance;

  /* template */
  GtkBox *box;
};

G_DEFINE_FINAL_TYPE (GbacwPlayRosterSection, gbacw_play_roster_section, GBACW_TYPE_PLAY_SECTION)

static void
gbacw_play_roster_section_update (GbacwPlaySection *section)
{
  GbacwPlayRosterSection *self = GBACW_PLAY_ROSTER_SECTION (section);
  GbacwPlaySession *session = gbacw_play_section_get_session (section);
  GbacwGame *game = gbacw_play_section_get_game (section);
  GtkBox *box = self->box;
  const GbacwScenario *scenario;
  GbacwVictory v = { 0 };

  gbacw_panel_clear (GTK_WIDGET (box));
  if (game == NULL)
    return;
  scenario = game->scenario;
  gbacw_outcome_victory (gbacw_play_session_get_outcome (session), game, &v);

  for (int side = 0; side < 2; side++)
    {
      g_autofree char *title = NULL;
      g_autofree char *summary = NULL;
      g_autofree char *parts = gbacw_play_describe_vp_parts (&v, side);

      title = g_strdup_printf (_("%s: %d VP"), gbacw_game_side_name (game, side), v.vp[side]);
      gbacw_panel_add_heading (box, title);
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
          gbacw_panel_add_markup (box, s->str);
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
                    g_string_append_printf (line, " — <b>%s</b>", gbacw_play_presence_name (u->presence));
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
                  gbacw_play_append_status (status, u->status);
                  if (u->presence != GBACW_PRESENCE_ON_MAP)
                    g_string_append_printf (line, " — <b>%s</b>", gbacw_play_presence_name (u->presence));
                  else if (status->len > 0)
                    g_string_append_printf (line, " — %s", status->str);
                }
              gbacw_panel_add_markup (box, line->str);
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
              gbacw_panel_add_markup (box, _("<b>Commanders and independent units</b>"));
            heading = TRUE;
            escaped = g_markup_escape_text (gbacw_play_unit_name (game, (int) i), -1);
            if (gbacw_game_is_leader (u))
              line = g_strdup_printf ("  %s%s%s", escaped, u->presence != GBACW_PRESENCE_ON_MAP ? " — " : "",
                                      u->presence != GBACW_PRESENCE_ON_MAP ? gbacw_play_presence_name (u->presence) : "");
            else
              line = g_strdup_printf ("  %s %d/%d%s%s", escaped, gbacw_query_unit_value (u),
                                      gbacw_query_unit_value (u) + u->killed + u->captured,
                                      u->presence != GBACW_PRESENCE_ON_MAP ? " — " : "",
                                      u->presence != GBACW_PRESENCE_ON_MAP ? gbacw_play_presence_name (u->presence) : "");
            gbacw_panel_add_markup (box, line);
          }
      }
    }
  gbacw_victory_clear (&v);
}

static void
gbacw_play_roster_section_class_init (GbacwPlayRosterSectionClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GbacwPlaySectionClass *section_class = GBACW_PLAY_SECTION_CLASS (klass);

  section_class->update = gbacw_play_roster_section_update;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-roster-section.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayRosterSection, box);
}

static void
gbacw_play_roster_section_init (GbacwPlayRosterSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
