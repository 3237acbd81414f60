/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-log-section.c: test play's log (see gbacw-play-log-section.h). */
#define G_LOG_DOMAIN "gbacw-play-log-section"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-play-log-section.h"
#include "gbacw-play-section-private.h"

struct _GbacwPlayLogSection
{
  GbacwPlaySection parent_instance;

  /* template */
  GtkScrolledWindow *log_scroller;
  GtkListView *log_view;

  /* lines "case\ttext" ("\ttext" for a heading) */
  GtkStringList *log_model;
  GbacwGame *log_game;
  guint log_events;
  int log_key;                    /* turn, player-turn and phase of the last heading */
  gboolean log_follow;
  guint log_scroll_id;
};

G_DEFINE_FINAL_TYPE (GbacwPlayLogSection, gbacw_play_log_section, GBACW_TYPE_PLAY_SECTION)

static void
log_setup (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *rule = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (rule), 0);
  gtk_label_set_width_chars (GTK_LABEL (rule), 6);
  gtk_widget_set_valign (rule, GTK_ALIGN_START);
  gtk_widget_add_css_class (rule, "play-log-case");
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (text), FALSE);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), rule);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_item_set_child (item, box);
}

static void
log_bind (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *rule = gtk_widget_get_first_child (box);
  GtkWidget *text = gtk_widget_get_next_sibling (rule);
  const char *line = gtk_string_object_get_string (gtk_list_item_get_item (item));
  const char *tab = strchr (line, '\t');
  g_autofree char *rule_case = tab ? g_strndup (line, tab - line) : g_strdup ("");

  gtk_label_set_text (GTK_LABEL (rule), rule_case);
  gtk_label_set_text (GTK_LABEL (text), tab ? tab + 1 : line);
  if (tab == line)
    gtk_widget_add_css_class (box, "play-log-heading");
  else
    gtk_widget_remove_css_class (box, "play-log-heading");
}

static gboolean
scroll_log (gpointer user_data)
{
  GbacwPlayLogSection *self = user_data;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log_model));

  self->log_scroll_id = 0;
  if (n > 0)
    gtk_widget_activate_action (GTK_WIDGET (self->log_view), "list.scroll-to-item", "u", n - 1);
  self->log_follow = TRUE;
  return G_SOURCE_REMOVE;
}

static void
gbacw_play_log_section_update (GbacwPlaySection *section)
{
  GbacwPlayLogSection *self = GBACW_PLAY_LOG_SECTION (section);
  GbacwGame *game = gbacw_play_section_get_game (section);
  g_autoptr(GPtrArray) lines = NULL;

  if (game != self->log_game || game == NULL || game->events->len < self->log_events)
    {
      /* another game (a replay, a load): the log again from the start */
      guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log_model));
      gtk_string_list_splice (self->log_model, 0, n, NULL);
      self->log_game = game;
      self->log_events = 0;
      self->log_key = -1;
    }
  if (game == NULL || self->log_events == game->events->len)
    return;
  lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = self->log_events; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      int key = (e->turn * 2 + (e->phasing_side != gbacw_game_first_player (game, e->turn))) * 32 + (int) e->phase;

      if (key != self->log_key)
        {
          /* TRANSLATORS: a heading in the log: Game-Turn, phasing player, phase letter and name */
          g_autofree char *heading = g_strdup_printf (_("Game-Turn %d · %s · %s %s"), e->turn,
                                                      gbacw_game_side_name (game, e->phasing_side),
                                                      gbacw_phase_letter (e->phase), gbacw_phase_name (e->phase));
          /* no rule case: a heading */
          g_ptr_array_add (lines, g_strconcat ("\t", heading, NULL));
          self->log_key = key;
        }
      g_ptr_array_add (lines, g_strdup_printf ("%s\t%s", e->rule_case ? e->rule_case : "", e->text));
    }
  g_ptr_array_add (lines, NULL);
  {
    guint n = g_list_model_get_n_items (G_LIST_MODEL (self->log_model));
    gtk_string_list_splice (self->log_model, n, 0, (const char *const *) lines->pdata);
  }
  self->log_events = game->events->len;
  /* the newest line in view, unless the user scrolled up to read */
  if (self->log_follow && self->log_scroll_id == 0)
    self->log_scroll_id = g_idle_add (scroll_log, self);
}

static void
on_log_value (GbacwPlayLogSection *self,
              GParamSpec          *pspec,
              GtkAdjustment       *adjustment)
{
  /* scrolled to the end (or by us): follow the new lines */
  if (self->log_scroll_id == 0)
    self->log_follow = gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment)
                       >= gtk_adjustment_get_upper (adjustment) - 40;
}

static void
on_session_notify (GbacwPlayLogSection *self,
                   GParamSpec          *pspec,
                   gpointer             user_data)
{
  /* another game: the log again from the start */
  self->log_game = NULL;
}

guint
gbacw_play_log_section_get_n_lines (GbacwPlayLogSection *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_LOG_SECTION (self), 0);

  gbacw_play_section_ensure_updated (GBACW_PLAY_SECTION (self));
  return g_list_model_get_n_items (G_LIST_MODEL (self->log_model));
}

static void
gbacw_play_log_section_dispose (GObject *object)
{
  GbacwPlayLogSection *self = GBACW_PLAY_LOG_SECTION (object);

  g_clear_handle_id (&self->log_scroll_id, g_source_remove);

  G_OBJECT_CLASS (gbacw_play_log_section_parent_class)->dispose (object);
}

static void
gbacw_play_log_section_finalize (GObject *object)
{
  GbacwPlayLogSection *self = GBACW_PLAY_LOG_SECTION (object);

  g_clear_object (&self->log_model);

  G_OBJECT_CLASS (gbacw_play_log_section_parent_class)->finalize (object);
}

static void
gbacw_play_log_section_class_init (GbacwPlayLogSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GbacwPlaySectionClass *section_class = GBACW_PLAY_SECTION_CLASS (klass);

  object_class->dispose = gbacw_play_log_section_dispose;
  object_class->finalize = gbacw_play_log_section_finalize;

  section_class->update = gbacw_play_log_section_update;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-log-section.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayLogSection, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayLogSection, log_view);
}

static void
gbacw_play_log_section_init (GbacwPlayLogSection *self)
{
  GtkListItemFactory *factory;
  GtkAdjustment *vadjustment;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->log_key = -1;
  self->log_follow = TRUE;
  self->log_model = gtk_string_list_new (NULL);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (log_setup), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (log_bind), NULL);
  gtk_list_view_set_factory (self->log_view, factory);
  g_object_unref (factory);
  {
    GtkNoSelection *selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->log_model)));
    gtk_list_view_set_model (self->log_view, GTK_SELECTION_MODEL (selection));
    g_object_unref (selection);
  }
  vadjustment = gtk_scrolled_window_get_vadjustment (self->log_scroller);
  g_signal_connect_object (vadjustment, "notify::value", G_CALLBACK (on_log_value), self, G_CONNECT_SWAPPED);
  g_signal_connect (self, "notify::session", G_CALLBACK (on_session_notify), NULL);
}
