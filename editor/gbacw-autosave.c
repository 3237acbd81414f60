/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-autosave.c: recovery copies of a window's unsaved document; restoring them. */
#define G_LOG_DOMAIN "gbacw-autosave"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "gbacw-autosave-private.h"
#include "gbacw-recovery.h"
#include "gbacw-window-state.h"

#define DEFAULT_INTERVAL_SECONDS 60

struct _GbacwAutosave
{
  GObject parent_instance;

  GbacwWindow *window;        /* weak: the window owns this */
  GbacwDocument *document;
  GbacwHistory *history;
  char *copy_id;              /* the recovery copy written, or NULL */
  guint timeout;
  gboolean failed;            /* the last write failed (and said so) */
};

G_DEFINE_FINAL_TYPE (GbacwAutosave, gbacw_autosave, G_TYPE_OBJECT)

static guint interval_ms_for_tests;

void
gbacw_autosave_set_interval_for_tests (guint milliseconds)
{
  interval_ms_for_tests = milliseconds;
}

static void
cancel_timeout (GbacwAutosave *self)
{
  g_clear_handle_id (&self->timeout, g_source_remove);
}

void
gbacw_autosave_abandon_for_tests (GbacwAutosave *self)
{
  g_return_if_fail (GBACW_IS_AUTOSAVE (self));
  cancel_timeout (self);
  g_clear_pointer (&self->copy_id, g_free);
}

static void
remove_copy (GbacwAutosave *self)
{
  cancel_timeout (self);
  if (self->copy_id != NULL)
    gbacw_recovery_remove (self->copy_id);
  g_clear_pointer (&self->copy_id, g_free);
}

static gboolean
is_modified (GbacwAutosave *self)
{
  return self->history != NULL && gbacw_history_is_modified (self->history);
}

gboolean
gbacw_autosave_save_now (GbacwAutosave *self)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (GBACW_IS_AUTOSAVE (self), FALSE);

  cancel_timeout (self);
  if (self->document == NULL || !is_modified (self))
    return FALSE;
  if (self->copy_id == NULL)
    self->copy_id = gbacw_recovery_new_id ();
  if (!gbacw_recovery_write (self->document, self->copy_id, &error))
    {
      g_warning ("%s", error->message);
      if (!self->failed && self->window != NULL)
        {
          /* TRANSLATORS: %s says which file could not be written and why */
          g_autofree char *message = g_strdup_printf (_("No recovery copy of your changes could be written: %s"),
                                                      error->message);
          gbacw_window_show_error (self->window, message);
        }
      self->failed = TRUE;
      return FALSE;
    }
  self->failed = FALSE;
  return TRUE;
}

static gboolean
on_timeout (gpointer data)
{
  GbacwAutosave *self = data;

  self->timeout = 0;
  gbacw_autosave_save_now (self);
  return G_SOURCE_REMOVE;
}

/* A copy autosave-interval after the first change since the last copy. */
static void
schedule (GbacwAutosave *self)
{
  GSettings *settings;
  guint seconds = DEFAULT_INTERVAL_SECONDS;

  if (self->timeout != 0 || !is_modified (self))
    return;
  if (interval_ms_for_tests > 0)
    {
      self->timeout = g_timeout_add (interval_ms_for_tests, on_timeout, self);
      return;
    }
  settings = gbacw_window_state_get_settings ();
  if (settings != NULL)
    seconds = g_settings_get_uint (settings, "autosave-interval");
  if (seconds > 0)
    self->timeout = g_timeout_add_seconds (seconds, on_timeout, self);
}

static void
on_document_changed (GbacwAutosave *self)
{
  schedule (self);
}

static void
on_modified (GbacwAutosave *self)
{
  /* saved, or undone to the saved state: nothing to recover */
  if (!is_modified (self))
    remove_copy (self);
  else
    schedule (self);
}

static void
set_document (GbacwAutosave *self,
              GbacwDocument *document)
{
  if (self->document == document)
    return;
  /* the window no longer shows the old document: it was saved or its changes given up */
  remove_copy (self);
  if (self->document != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->document, self);
      g_signal_handlers_disconnect_by_data (self->history, self);
    }
  g_clear_object (&self->history);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      self->history = g_object_ref (gbacw_document_get_history (document));
      g_signal_connect_swapped (document, "changed", G_CALLBACK (on_document_changed), self);
      g_signal_connect_swapped (self->history, "notify::modified", G_CALLBACK (on_modified), self);
      schedule (self);
    }
}

static void
on_window_document (GbacwAutosave *self)
{
  set_document (self, self->window ? gbacw_window_get_document (self->window) : NULL);
}

static void
gbacw_autosave_dispose (GObject *object)
{
  GbacwAutosave *self = GBACW_AUTOSAVE (object);

  /* the window closed cleanly */
  set_document (self, NULL);
  remove_copy (self);
  G_OBJECT_CLASS (gbacw_autosave_parent_class)->dispose (object);
}

static void
gbacw_autosave_class_init (GbacwAutosaveClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = gbacw_autosave_dispose;
}

static void
gbacw_autosave_init (GbacwAutosave *self)
{
}

#define DATA_KEY "gbacw-autosave"

GbacwAutosave *
gbacw_autosave_get (GbacwWindow *window)
{
  g_return_val_if_fail (GBACW_IS_WINDOW (window), NULL);
  return g_object_get_data (G_OBJECT (window), DATA_KEY);
}

GbacwAutosave *
gbacw_autosave_attach (GbacwWindow *window)
{
  GbacwAutosave *self;

  g_return_val_if_fail (GBACW_IS_WINDOW (window), NULL);

  self = gbacw_autosave_get (window);
  if (self != NULL)
    return self;
  self = g_object_new (GBACW_TYPE_AUTOSAVE, NULL);
  /* the window drops this when it is finalized, after its own dispose */
  self->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
  g_object_set_data_full (G_OBJECT (window), DATA_KEY, self, g_object_unref);
  g_signal_connect_object (window, "notify::document", G_CALLBACK (on_window_document), self, G_CONNECT_SWAPPED);
  on_window_document (self);
  return self;
}

const char *
gbacw_autosave_get_copy_id (GbacwAutosave *self)
{
  g_return_val_if_fail (GBACW_IS_AUTOSAVE (self), NULL);
  return self->copy_id;
}

/* ---------------------------------------------------------------- recovery at start-up */

enum {
  RESPONSE_DISCARD = 1,
  RESPONSE_RESTORE = 2,
};

typedef struct {
  GtkApplication *application;
  GWeakRef window;
  GbacwRecoveryCopy *copy;
} Offer;

static void
offer_free (Offer *offer)
{
  g_object_unref (offer->application);
  g_weak_ref_clear (&offer->window);
  gbacw_recovery_copy_free (offer->copy);
  g_free (offer);
}

static void
restore (Offer *offer)
{
  g_autoptr(GbacwWindow) start = g_weak_ref_get (&offer->window);
  g_autoptr(GbacwDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  GbacwWindow *window;

  if (start != NULL && gbacw_window_is_replaceable (start))
    window = start;
  else
    window = gbacw_window_new (offer->application);
  gbacw_autosave_attach (window);
  document = gbacw_recovery_load (offer->copy, &error);
  if (document == NULL)
    {
      /* TRANSLATORS: %s says which recovery copy could not be read and why */
      g_autofree char *message = g_strdup_printf (_("The recovery copy could not be restored: %s"), error->message);
      gbacw_window_show_error (window, message);
    }
  else
    {
      gbacw_window_set_document (window, document);
      /* the old copy goes once the document's new copy is written */
      if (gbacw_autosave_save_now (gbacw_autosave_get (window)))
        gbacw_recovery_remove (offer->copy->id);
    }
  gtk_window_present (GTK_WINDOW (window));
}

static void
on_offer_response (GtkDialog *dialog,
                   int        response,
                   Offer     *offer)
{
  if (response == RESPONSE_RESTORE)
    restore (offer);
  else if (response == RESPONSE_DISCARD)
    gbacw_recovery_remove (offer->copy->id);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static char *
format_time (GDateTime *time)
{
  /* TRANSLATORS: the date and time of a recovery copy or a file (g_date_time_format) */
  return g_date_time_format (time, _("%A %-d %B %Y, %H:%M"));
}

/* What the copy is, and how it compares with the file as it is now: a file saved after
 * the copy (by another program, or another run) holds later work than the copy. */
static char *
describe_copy (const GbacwRecoveryCopy *copy)
{
  g_autofree char *when = format_time (copy->saved);
  g_autofree char *file = NULL;
  g_autofree char *made = NULL;
  g_autofree char *compared = NULL;
  GStatBuf st;

  if (copy->original_path == NULL)
    /* TRANSLATORS: %s: a date and time */
    return g_strdup_printf (_("The editor did not close cleanly. A recovery copy of a document that was never "
                              "saved was made on %s. Restore opens it with its unsaved changes; Discard "
                              "deletes the copy."), when);
  file = g_filename_display_name (copy->original_path);
  /* TRANSLATORS: %s: a file; %s: a date and time */
  made = g_strdup_printf (_("The editor did not close cleanly. A recovery copy of %s was made on %s. Restore "
                            "opens it with its unsaved changes; Discard deletes the copy."), file, when);
  if (g_stat (copy->original_path, &st) != 0)
    compared = g_strdup (_("The file is no longer there: save the restored document to keep it."));
  else if ((gint64) st.st_mtime > g_date_time_to_unix (copy->saved))
    {
      g_autoptr(GDateTime) modified = g_date_time_new_from_unix_local ((gint64) st.st_mtime);
      g_autofree char *saved = format_time (modified);

      /* TRANSLATORS: %s: a date and time */
      compared = g_strdup_printf (_("The file was saved after the copy was made, on %s: the copy may hold "
                                    "older work than the file."), saved);
    }
  else
    compared = g_strdup (_("The file has not been saved since the copy was made."));
  return g_strconcat (made, "\n\n", compared, NULL);
}

guint
gbacw_autosave_offer_recovery (GtkApplication *application,
                               GbacwWindow    *window)
{
  g_autoptr(GPtrArray) copies = NULL;
  guint n_offers = 0;
  GtkWindow *parent;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), 0);
  g_return_val_if_fail (window == NULL || GBACW_IS_WINDOW (window), 0);

  copies = gbacw_recovery_list_orphans ();
  /* over window, else over the application's (without replacing what it shows) */
  parent = window != NULL ? GTK_WINDOW (window) : gtk_application_get_active_window (application);
  while (copies->len > 0)
    {
      Offer *offer = g_new0 (Offer, 1);
      g_autofree char *text = NULL;
      GtkWidget *dialog, *button;

      offer->application = g_object_ref (application);
      g_weak_ref_init (&offer->window, window);
      offer->copy = g_ptr_array_steal_index (copies, 0);
      text = describe_copy (offer->copy);
      dialog = gtk_message_dialog_new (parent, GTK_DIALOG_DESTROY_WITH_PARENT,
                                       GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                       /* TRANSLATORS: %s is a document's title */
                                       _("Restore the unsaved changes to “%s”?"), offer->copy->title);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", text);
      button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Discard"), RESPONSE_DISCARD);
      gtk_widget_add_css_class (button, "destructive-action");
      button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Restore"), RESPONSE_RESTORE);
      gtk_widget_add_css_class (button, "suggested-action");
      gtk_dialog_set_default_response (GTK_DIALOG (dialog), RESPONSE_RESTORE);
      g_object_set_data_full (G_OBJECT (dialog), "gbacw-offer", offer, (GDestroyNotify) offer_free);
      g_signal_connect (dialog, "response", G_CALLBACK (on_offer_response), offer);
      gtk_window_present (GTK_WINDOW (dialog));
      n_offers++;
    }
  return n_offers;
}
