/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-balance-dialog.c: "Run Many Games" (see gbacw-balance-dialog.h). */
#define G_LOG_DOMAIN "gbacw-balance-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-balance-dialog-private.h"
#include "gbacw-play-text.h"

/* Shared by the dialog and the run in the background: the run may outlive the dialog. */
typedef struct {
  gint ref_count;
  GbacwScenario *scenario;
  guint n_games;
  guint32 first_seed;
  GbacwAiLevel levels[2];
  guint n_jobs;
  gint done;                      /* atomic */
  GCancellable *cancellable;
} Run;

static Run *
run_ref (Run *run)
{
  g_atomic_int_inc (&run->ref_count);
  return run;
}

static void
run_unref (Run *run)
{
  if (!g_atomic_int_dec_and_test (&run->ref_count))
    return;
  gbacw_scenario_free (run->scenario);
  g_object_unref (run->cancellable);
  g_free (run);
}

struct _GbacwBalanceDialog
{
  GtkWindow parent_instance;

  /* template */
  GtkWidget *run_button;
  GtkWidget *cancel_button;
  GtkSpinButton *games_spin;
  GtkSpinButton *seed_spin;
  GtkSpinButton *jobs_spin;
  GtkLabel *side0_level_label;
  GtkLabel *side1_level_label;
  GtkDropDown *side0_level_dropdown;
  GtkDropDown *side1_level_dropdown;
  GtkLabel *awards_label;
  GtkProgressBar *progress_bar;
  GbacwBalanceChart *chart;
  GtkLabel *summary_label;

  GbacwScenario *scenario;
  GbacwAiLevel run_levels[2];     /* of the last run started */
  Run *run;
  guint poll_id;
  guint done, total;
};

G_DEFINE_FINAL_TYPE (GbacwBalanceDialog, gbacw_balance_dialog, GTK_TYPE_WINDOW)

enum {
  SIGNAL_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update_progress (GbacwBalanceDialog *self)
{
  g_autofree char *text = NULL;

  if (self->run != NULL)
    self->done = (guint) g_atomic_int_get (&self->run->done);
  /* TRANSLATORS: the progress bar: games played of those asked */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u game", "%u of %u games", self->total), self->done,
                          self->total);
  gtk_progress_bar_set_fraction (self->progress_bar, self->total ? (double) self->done / self->total : 0);
  gtk_progress_bar_set_text (self->progress_bar, text);
}

static void
update_actions (GbacwBalanceDialog *self)
{
  gboolean running = self->run != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.run", !running);
  gtk_button_set_label (GTK_BUTTON (self->cancel_button), running ? _("_Cancel") : _("_Close"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->games_spin), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->seed_spin), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->jobs_spin), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->side0_level_dropdown), !running);
  gtk_widget_set_sensitive (GTK_WIDGET (self->side1_level_dropdown), !running);
}

/* Victory Points that count nothing: said before a run rather than after 200 draws. */
static void
show_awards_notice (GbacwBalanceDialog *self)
{
  const char *text = gbacw_play_describe_uncounted_awards (self->scenario);

  gtk_label_set_text (self->awards_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->awards_label), text != NULL);
}

static void
progress (guint    done,
          guint    total,
          gpointer user_data)
{
  Run *run = user_data;
  /* the games finish in any order: the count is the number done */
  g_atomic_int_set (&run->done, (gint) done);
}

static void
play_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Run *run = task_data;
  GError *error = NULL;
  GbacwBalanceResult *result;

  result = gbacw_balance_run_levels (run->scenario, run->n_games, run->first_seed, run->levels, run->n_jobs,
                                     run->cancellable, progress, run, &error);
  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) gbacw_balance_result_free);
}

static gboolean
poll_progress (gpointer user_data)
{
  update_progress (GBACW_BALANCE_DIALOG (user_data));
  return G_SOURCE_CONTINUE;
}

static void
on_finished (GObject      *source,
             GAsyncResult *async,
             gpointer      user_data)
{
  g_autoptr(GbacwBalanceDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  GbacwBalanceResult *result = g_task_propagate_pointer (G_TASK (async), &error);

  g_clear_handle_id (&self->poll_id, g_source_remove);
  if (self->run != NULL)
    {
      self->done = (guint) g_atomic_int_get (&self->run->done);
      g_clear_pointer (&self->run, run_unref);
    }
  if (self->chart == NULL)
    {
      /* closed meanwhile */
      g_clear_pointer (&result, gbacw_balance_result_free);
      return;
    }
  if (result == NULL)
    gtk_label_set_text (self->summary_label, error ? error->message : "");
  else
    {
      g_autofree char *text = NULL;
      /* TRANSLATORS: in "%s (%u failed%s) on %s in %.1f s. …" */
      g_autofree char *played = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game played", "%u games played",
                                                              result->n_played),
                                                 result->n_played);
      /* TRANSLATORS: in "%s (%u failed%s) on %s in %.1f s. …" */
      g_autofree char *threads = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u thread", "%u threads", result->n_jobs),
                                                  result->n_jobs);
      /* TRANSLATORS: games played ("50 games played"), failed, threads ("2 threads"), seconds, wins and VP by side */
      text = g_strdup_printf (_("%s (%u failed%s) on %s in %.1f s. Wins: %s %u, %s %u, draws %u. "
                                "Mean Victory Points: %s %.1f, %s %.1f; VP difference %+.1f on average."),
                              played, result->n_failed, result->cancelled ? _(", cancelled") : "", threads,
                              result->seconds, result->side_names[0], result->wins[0],
                              result->side_names[1], result->wins[1], result->draws, result->side_names[0],
                              result->mean_vp[0], result->side_names[1], result->mean_vp[1], result->vp_diff_mean);
      gtk_label_set_text (self->summary_label, text);
      gbacw_balance_chart_set_result (self->chart, result);
    }
  update_progress (self);
  update_actions (self);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0);
}

void
gbacw_balance_dialog_run (GbacwBalanceDialog *self,
                          guint               n_games,
                          guint32             first_seed,
                          guint               n_jobs)
{
  g_autoptr(GTask) task = NULL;
  Run *run;

  g_return_if_fail (GBACW_IS_BALANCE_DIALOG (self));
  g_return_if_fail (n_games > 0);

  if (self->run != NULL)
    return;
  run = g_new0 (Run, 1);
  run->ref_count = 1;
  run->scenario = gbacw_scenario_copy (self->scenario);
  run->n_games = n_games;
  run->first_seed = first_seed;
  run->levels[0] = self->run_levels[0] = gbacw_balance_dialog_get_level (self, 0);
  run->levels[1] = self->run_levels[1] = gbacw_balance_dialog_get_level (self, 1);
  run->n_jobs = n_jobs;
  run->cancellable = g_cancellable_new ();
  self->run = run;
  self->done = 0;
  self->total = n_games;
  gbacw_balance_chart_set_result (self->chart, NULL);
  gtk_label_set_text (self->summary_label, "");

  task = g_task_new (NULL, run->cancellable, on_finished, g_object_ref (self));
  g_task_set_task_data (task, run_ref (run), (GDestroyNotify) run_unref);
  g_task_run_in_thread (task, play_thread);
  self->poll_id = g_timeout_add (100, poll_progress, self);
  update_progress (self);
  update_actions (self);
}

void
gbacw_balance_dialog_cancel (GbacwBalanceDialog *self)
{
  g_return_if_fail (GBACW_IS_BALANCE_DIALOG (self));
  if (self->run != NULL)
    g_cancellable_cancel (self->run->cancellable);
}

gboolean
gbacw_balance_dialog_is_running (GbacwBalanceDialog *self)
{
  g_return_val_if_fail (GBACW_IS_BALANCE_DIALOG (self), FALSE);
  return self->run != NULL;
}

void
gbacw_balance_dialog_get_progress (GbacwBalanceDialog *self,
                                   guint              *done,
                                   guint              *total)
{
  g_return_if_fail (GBACW_IS_BALANCE_DIALOG (self));
  if (done != NULL)
    *done = self->run ? (guint) g_atomic_int_get (&self->run->done) : self->done;
  if (total != NULL)
    *total = self->total;
}

GbacwAiLevel
gbacw_balance_dialog_get_level (GbacwBalanceDialog *self,
                                int                 side)
{
  guint selected;

  g_return_val_if_fail (GBACW_IS_BALANCE_DIALOG (self), GBACW_AI_LEVEL_NORMAL);
  g_return_val_if_fail (side == 0 || side == 1, GBACW_AI_LEVEL_NORMAL);

  selected = gtk_drop_down_get_selected (side == 0 ? self->side0_level_dropdown : self->side1_level_dropdown);
  return selected < GBACW_AI_N_LEVELS ? (GbacwAiLevel) selected : GBACW_AI_LEVEL_NORMAL;
}

void
gbacw_balance_dialog_set_level (GbacwBalanceDialog *self,
                                int                 side,
                                GbacwAiLevel        level)
{
  g_return_if_fail (GBACW_IS_BALANCE_DIALOG (self));
  g_return_if_fail (side == 0 || side == 1);
  g_return_if_fail (level < GBACW_AI_N_LEVELS);

  gtk_drop_down_set_selected (side == 0 ? self->side0_level_dropdown : self->side1_level_dropdown, level);
}

void
gbacw_balance_dialog_get_run_levels (GbacwBalanceDialog *self,
                                     GbacwAiLevel        levels[2])
{
  g_return_if_fail (GBACW_IS_BALANCE_DIALOG (self));
  levels[0] = self->run_levels[0];
  levels[1] = self->run_levels[1];
}

const char *
gbacw_balance_dialog_get_notice (GbacwBalanceDialog *self)
{
  g_return_val_if_fail (GBACW_IS_BALANCE_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->awards_label)) ? gtk_label_get_text (self->awards_label) : NULL;
}

GbacwBalanceChart *
gbacw_balance_dialog_get_chart (GbacwBalanceDialog *self)
{
  g_return_val_if_fail (GBACW_IS_BALANCE_DIALOG (self), NULL);
  return self->chart;
}

static void
run_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  GbacwBalanceDialog *self = GBACW_BALANCE_DIALOG (widget);

  gbacw_balance_dialog_run (self, (guint) gtk_spin_button_get_value_as_int (self->games_spin),
                            (guint32) gtk_spin_button_get_value (self->seed_spin),
                            (guint) gtk_spin_button_get_value_as_int (self->jobs_spin));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GbacwBalanceDialog *self = GBACW_BALANCE_DIALOG (widget);

  if (self->run != NULL)
    gbacw_balance_dialog_cancel (self);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static gboolean
gbacw_balance_dialog_close_request (GtkWindow *window)
{
  /* the games under way stop; the run lets go of the dialog when they have */
  gbacw_balance_dialog_cancel (GBACW_BALANCE_DIALOG (window));
  return GTK_WINDOW_CLASS (gbacw_balance_dialog_parent_class)->close_request (window);
}

static void
gbacw_balance_dialog_dispose (GObject *object)
{
  GbacwBalanceDialog *self = GBACW_BALANCE_DIALOG (object);

  g_clear_handle_id (&self->poll_id, g_source_remove);
  if (self->run != NULL)
    g_cancellable_cancel (self->run->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_BALANCE_DIALOG);
  G_OBJECT_CLASS (gbacw_balance_dialog_parent_class)->dispose (object);
}

static void
gbacw_balance_dialog_finalize (GObject *object)
{
  GbacwBalanceDialog *self = GBACW_BALANCE_DIALOG (object);

  g_clear_pointer (&self->run, run_unref);
  g_clear_pointer (&self->scenario, gbacw_scenario_free);
  G_OBJECT_CLASS (gbacw_balance_dialog_parent_class)->finalize (object);
}

static void
gbacw_balance_dialog_class_init (GbacwBalanceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = gbacw_balance_dialog_dispose;
  object_class->finalize = gbacw_balance_dialog_finalize;
  window_class->close_request = gbacw_balance_dialog_close_request;

  /* The dialog: when the games are done. */
  signals[SIGNAL_FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                           NULL, G_TYPE_NONE, 0);

  g_type_ensure (GBACW_TYPE_BALANCE_CHART);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-balance-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, run_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, games_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, jobs_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, side0_level_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, side1_level_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, side0_level_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, side1_level_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, awards_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, chart);
  gtk_widget_class_bind_template_child (widget_class, GbacwBalanceDialog, summary_label);

  gtk_widget_class_install_action (widget_class, "balance.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "balance.cancel", NULL, cancel_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "balance.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "balance.cancel", NULL);
}

static void
gbacw_balance_dialog_init (GbacwBalanceDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_spin_button_set_value (self->jobs_spin, g_get_num_processors ());
  gtk_drop_down_set_selected (self->side0_level_dropdown, GBACW_AI_LEVEL_NORMAL);
  gtk_drop_down_set_selected (self->side1_level_dropdown, GBACW_AI_LEVEL_NORMAL);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->run_button);
  gtk_window_set_focus (GTK_WINDOW (self), self->run_button);
  update_progress (self);
  update_actions (self);
}

GbacwBalanceDialog *
gbacw_balance_dialog_new (GtkWindow           *parent,
                          const GbacwScenario *scenario)
{
  GbacwBalanceDialog *self;

  g_return_val_if_fail (scenario != NULL, NULL);

  self = g_object_new (GBACW_TYPE_BALANCE_DIALOG, "transient-for", parent, "destroy-with-parent", TRUE, NULL);
  self->scenario = gbacw_scenario_copy (scenario);
  for (int side = 0; side < 2; side++)
    {
      const GbacwSide *s = (guint) side < scenario->oob.sides->len
                           ? g_ptr_array_index (scenario->oob.sides, side) : NULL;
      /* TRANSLATORS: the label of a side's computer level in "Run Many Games": "Union plays" */
      g_autofree char *text = g_strdup_printf (_("%s _plays"), s == NULL ? "?" : s->name ? s->name : s->id);
      gtk_label_set_text_with_mnemonic (side == 0 ? self->side0_level_label : self->side1_level_label, text);
    }
  show_awards_notice (self);
  return self;
}
