/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-mode.c: entering and leaving test play in an editor window. */
#define G_LOG_DOMAIN "gbacw-play-mode"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "gbacw-background-controller.h"
#include "gbacw-balance-dialog.h"
#include "gbacw-checker.h"
#include "gbacw-play-mode.h"
#include "gbacw-safe-write.h"
#include "gbacw-scenario-io.h"
#include "gbacw-stand-ins.h"

/* At most this many of the validator's errors are listed in the window. */
#define MAX_ERRORS_SHOWN 6

struct _GbacwPlayMode
{
  GObject parent_instance;

  GbacwEditorHost *window;        /* not owned: the window owns the mode */
  GbacwBackgroundController *background;  /* not owned: the window's */
  GtkStack *stack;                /* the window's pages: "editor", "play" */
  GbacwPlayView *view;
  gboolean active;

  char *scenario_path;            /* what the game was made from */
  char *temp_dir;                 /* the temporary copy's folder, removed on leaving */
  guint computer;

  /* what entering changed, put back on leaving */
  GtkWidget *focus;

  GtkWidget *stand_ins_offer;     /* the question before play, while it is shown */
  guint32 offer_seed;
};

G_DEFINE_FINAL_TYPE (GbacwPlayMode, gbacw_play_mode, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkCssProvider *css_provider;

/* ---------------------------------------------------------------- entering */

static void
remove_temp_dir (GbacwPlayMode *self)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (self->temp_dir == NULL)
    return;
  dir = g_dir_open (self->temp_dir, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (self->temp_dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (self->temp_dir);
  g_clear_pointer (&self->temp_dir, g_free);
}

/* The XML the game is made from: the document's file when it is saved (or the shipped
 * file it was opened from, unchanged), else a copy. */
static char *
save_scenario (GbacwPlayMode  *self,
               GbacwDocument  *document,
               gboolean       *temporary,
               GError        **error)
{
  const char *path = gbacw_document_get_path (document);
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  g_autofree char *copy = NULL;

  *temporary = FALSE;
  if (path == NULL)
    path = gbacw_document_get_template (document);
  if (path != NULL && !gbacw_history_is_modified (gbacw_document_get_history (document))
      && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return g_strdup (path);

  remove_temp_dir (self);
  self->temp_dir = g_dir_make_tmp ("gbacw-play-XXXXXX", error);
  if (self->temp_dir == NULL)
    return NULL;
  name = path != NULL ? g_path_get_basename (path) : g_strdup ("untitled.xml");
  copy = g_build_filename (self->temp_dir, name, NULL);
  bytes = gbacw_scenario_save_to_bytes (gbacw_document_get_scenario (document));
  if (!gbacw_safe_write_file (copy, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), GBACW_SAFE_WRITE_NONE,
                              error))
    return NULL;
  *temporary = TRUE;
  return g_steal_pointer (&copy);
}

/* The validator's errors, listed; NULL when there are none. */
static char *
list_errors (const GbacwScenario *scenario)
{
  g_autoptr(GPtrArray) findings = gbacw_check_scenario (scenario);
  GString *s = NULL;
  guint n_errors = 0;

  for (guint i = 0; i < findings->len; i++)
    {
      const GbacwFinding *f = g_ptr_array_index (findings, i);
      if (f->severity != GBACW_SEVERITY_ERROR)
        continue;
      if (s == NULL)
        s = g_string_new (NULL);
      if (++n_errors <= MAX_ERRORS_SHOWN)
        g_string_append_printf (s, "\n• %s%s%s%s", f->rule_case ? "[" : "", f->rule_case ? f->rule_case : "",
                                f->rule_case ? "] " : "", f->message);
    }
  if (s == NULL)
    return NULL;
  if (n_errors > MAX_ERRORS_SHOWN)
    g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "\n… and %u more", "\n… and %u more",
                                            n_errors - MAX_ERRORS_SHOWN), n_errors - MAX_ERRORS_SHOWN);
  {
    g_autofree char *heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "Test play cannot start: the validator found %u error "
                                                             "(the Findings panel lists it):",
                                                             "Test play cannot start: the validator found %u errors "
                                                             "(the Findings panel lists them):", n_errors), n_errors);
    g_string_prepend (s, heading);
  }
  return g_string_free (s, FALSE);
}

static void
on_leave (GbacwPlayMode *self,
          GbacwPlayView *view)
{
  gbacw_play_mode_leave (self);
}

static void
ensure_view (GbacwPlayMode *self)
{
  if (self->view != NULL)
    return;
  self->view = GBACW_PLAY_VIEW (gbacw_play_view_new ());
  gbacw_play_view_set_computer (self->view, self->computer);
  g_signal_connect_object (self->view, "leave", G_CALLBACK (on_leave), self, G_CONNECT_SWAPPED);
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->view), "play");
}

gboolean
gbacw_play_mode_enter (GbacwPlayMode  *self,
                       guint32         seed,
                       GError        **error)
{
  GbacwDocument *document;
  g_autofree char *path = NULL;
  g_autofree char *errors = NULL;
  g_autoptr(GbacwScenario) scenario = NULL;
  g_autoptr(GbacwPlaySession) session = NULL;
  g_autoptr(GError) local = NULL;
  gboolean temporary = FALSE;
  GbacwViewport *from, *to;

  g_return_val_if_fail (GBACW_IS_PLAY_MODE (self), FALSE);

  if (self->active)
    return TRUE;
  if (self->window == NULL || self->stack == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("This window cannot play"));
      return FALSE;
    }
  document = gbacw_editor_host_get_document (self->window);
  if (document == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no scenario to play"));
      return FALSE;
    }

  /* The engine plays the scenario as saved, read back from the file. */
  path = save_scenario (self, document, &temporary, &local);
  if (path != NULL)
    scenario = gbacw_scenario_load_file (path, &local);
  if (scenario == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Test play cannot start: %s"), local->message);
      gbacw_editor_host_show_error (self->window, message);
      g_propagate_error (error, g_steal_pointer (&local));
      remove_temp_dir (self);
      return FALSE;
    }
  errors = list_errors (scenario);
  if (errors != NULL)
    {
      gbacw_editor_host_show_error (self->window, errors);
      gtk_widget_set_visible (GTK_WIDGET (gbacw_editor_host_get_findings_panel (self->window)), TRUE);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, errors);
      remove_temp_dir (self);
      return FALSE;
    }
  session = gbacw_play_session_new (scenario, path, temporary, seed, &local);
  if (session == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Test play cannot start: %s"), local->message);
      gbacw_editor_host_show_error (self->window, message);
      g_propagate_error (error, g_steal_pointer (&local));
      remove_temp_dir (self);
      return FALSE;
    }

  ensure_view (self);
  g_free (self->scenario_path);
  self->scenario_path = g_steal_pointer (&path);
  gbacw_play_view_set_background (self->view, self->background ? gbacw_background_controller_get_image (self->background)
                                                                 : NULL);
  gbacw_play_view_set_title (self->view, gbacw_document_get_title (document));
  gbacw_play_view_set_session (self->view, session);

  /* the same view of the map as the editor's */
  from = gbacw_map_canvas_get_viewport (gbacw_editor_host_get_canvas (self->window));
  to = gbacw_map_canvas_get_viewport (gbacw_play_view_get_canvas (self->view));
  gbacw_viewport_set_view_size (to, gbacw_viewport_get_view_width (from), gbacw_viewport_get_view_height (from));
  gbacw_viewport_set_scale (to, gbacw_viewport_get_scale (from));
  gbacw_viewport_set_centre (to, gbacw_viewport_get_centre_x (from), gbacw_viewport_get_centre_y (from));

  self->focus = gtk_root_get_focus (GTK_ROOT (self->window));
  if (self->focus != NULL)
    g_object_add_weak_pointer (G_OBJECT (self->focus), (gpointer *) &self->focus);
  gbacw_editor_host_show_error (self->window, NULL);
  if (gtk_window_get_titlebar (GTK_WINDOW (self->window)) != NULL)
    gtk_widget_set_visible (gtk_window_get_titlebar (GTK_WINDOW (self->window)), FALSE);
  gtk_stack_set_visible_child_name (self->stack, "play");
  gtk_widget_grab_focus (GTK_WIDGET (gbacw_play_view_get_canvas (self->view)));
  self->active = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  return TRUE;
}

/* ---------------------------------------------------------------- stand-ins offered */

enum {
  RESPONSE_PLAY_ANYWAY = 1,
  RESPONSE_FILL_AND_PLAY = 2,
};

static void
on_stand_ins_response (GbacwPlayMode *self,
                       int            response,
                       GtkDialog     *dialog)
{
  GbacwDocument *document = self->window ? gbacw_editor_host_get_document (self->window) : NULL;

  g_clear_weak_pointer (&self->stand_ins_offer);
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (document == NULL || (response != RESPONSE_PLAY_ANYWAY && response != RESPONSE_FILL_AND_PLAY))
    return;
  if (response == RESPONSE_FILL_AND_PLAY)
    /* one undo step: Edit ▸ Undo or Scenario ▸ Clear Stand-ins takes them back */
    gbacw_document_execute (document, gbacw_stand_ins_fill (gbacw_document_get_scenario (document), NULL));
  gbacw_play_mode_enter (self, self->offer_seed, NULL);
}

void
gbacw_play_mode_start (GbacwPlayMode *self,
                       guint32        seed)
{
  GbacwDocument *document;
  g_autoptr(GbacwCommand) fill = NULL;
  GtkWidget *dialog, *button;
  guint n = 0;

  g_return_if_fail (GBACW_IS_PLAY_MODE (self));

  if (self->active || self->stand_ins_offer != NULL)
    return;
  document = self->window ? gbacw_editor_host_get_document (self->window) : NULL;
  if (document != NULL)
    fill = gbacw_stand_ins_fill (gbacw_document_get_scenario (document), &n);
  if (n == 0)
    {
      gbacw_play_mode_enter (self, seed, NULL);
      return;
    }
  self->offer_seed = seed;
  dialog = gtk_message_dialog_new (GTK_WINDOW (self->window), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   g_dngettext (GETTEXT_PACKAGE,
                                                "%u value is not entered yet: test play will use stand-ins",
                                                "%u values are not entered yet: test play will use stand-ins", n), n);
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Fill Stand-ins gives each a plausible value, marked so that the "
                                              "validator warns about it, in one step that Edit ▸ Undo or Scenario ▸ "
                                              "Clear Stand-ins takes back. Play Anyway plays the scenario as it is."));
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL);
  gtk_dialog_add_button (GTK_DIALOG (dialog), _("Play _Anyway"), RESPONSE_PLAY_ANYWAY);
  button = gtk_dialog_add_button (GTK_DIALOG (dialog), _("_Fill Stand-ins and Play"), RESPONSE_FILL_AND_PLAY);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), RESPONSE_FILL_AND_PLAY);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_stand_ins_response), self, G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->stand_ins_offer, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

GtkWindow *
gbacw_play_mode_get_stand_ins_offer (GbacwPlayMode *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_MODE (self), NULL);
  return self->stand_ins_offer ? GTK_WINDOW (self->stand_ins_offer) : NULL;
}

void
gbacw_play_mode_leave (GbacwPlayMode *self)
{
  g_return_if_fail (GBACW_IS_PLAY_MODE (self));

  if (!self->active)
    return;
  self->active = FALSE;
  self->computer = gbacw_play_view_get_computer (self->view);
  gbacw_play_view_set_session (self->view, NULL);
  gtk_stack_set_visible_child_name (self->stack, "editor");
  if (gtk_window_get_titlebar (GTK_WINDOW (self->window)) != NULL)
    gtk_widget_set_visible (gtk_window_get_titlebar (GTK_WINDOW (self->window)), TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
  if (self->focus != NULL)
    {
      gtk_widget_grab_focus (self->focus);
      g_object_remove_weak_pointer (G_OBJECT (self->focus), (gpointer *) &self->focus);
      self->focus = NULL;
    }
  else
    gtk_widget_grab_focus (GTK_WIDGET (gbacw_editor_host_get_canvas (self->window)));
  g_clear_pointer (&self->scenario_path, g_free);
  remove_temp_dir (self);
}

gboolean
gbacw_play_mode_is_active (GbacwPlayMode *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_MODE (self), FALSE);
  return self->active;
}

GbacwPlayView *
gbacw_play_mode_get_view (GbacwPlayMode *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_MODE (self), NULL);
  if (self->stack != NULL)
    ensure_view (self);
  return self->view;
}

const char *
gbacw_play_mode_get_scenario_path (GbacwPlayMode *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_MODE (self), NULL);
  return self->scenario_path;
}

/* ---------------------------------------------------------------- actions */

void
gbacw_play_mode_run_balance (GbacwPlayMode *self)
{
  GbacwDocument *document;
  g_autofree char *path = NULL;
  g_autofree char *errors = NULL;
  g_autoptr(GbacwScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  gboolean temporary;

  g_return_if_fail (GBACW_IS_PLAY_MODE (self));
  document = self->window ? gbacw_editor_host_get_document (self->window) : NULL;
  if (document == NULL)
    return;
  /* as for test play: the scenario as saved, without errors */
  path = save_scenario (self, document, &temporary, &error);
  if (path != NULL)
    scenario = gbacw_scenario_load_file (path, &error);
  if (temporary && !self->active)
    remove_temp_dir (self);
  if (scenario == NULL)
    {
      gbacw_editor_host_show_error (self->window, error->message);
      return;
    }
  errors = list_errors (scenario);
  if (errors != NULL)
    {
      gbacw_editor_host_show_error (self->window, errors);
      return;
    }
  gtk_window_present (GTK_WINDOW (gbacw_balance_dialog_new (GTK_WINDOW (self->window), scenario)));
}


GbacwPlayMode *
gbacw_play_mode_new (GbacwEditorHost           *window,
                     GbacwBackgroundController *background,
                     GtkStack                  *stack)
{
  GbacwPlayMode *self;
  GtkEventController *shortcuts;

  g_return_val_if_fail (GBACW_IS_EDITOR_HOST (window), NULL);
  g_return_val_if_fail (background == NULL || GBACW_IS_BACKGROUND_CONTROLLER (background), NULL);
  g_return_val_if_fail (GTK_IS_STACK (stack), NULL);

  self = g_object_new (GBACW_TYPE_PLAY_MODE, NULL);
  self->window = window;
  self->background = background;
  self->stack = stack;

  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F5, 0),
                                                          gtk_named_action_new ("win.test-play")));
  gtk_widget_add_controller (GTK_WIDGET (window), shortcuts);

  if (css_provider == NULL)
    {
      css_provider = gtk_css_provider_new ();
      gtk_css_provider_load_from_resource (css_provider, "/org/gbacw/Editor/gbacw-play.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css_provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
  return self;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_play_mode_dispose (GObject *object)
{
  GbacwPlayMode *self = GBACW_PLAY_MODE (object);

  if (self->focus != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->focus), (gpointer *) &self->focus);
      self->focus = NULL;
    }
  if (self->stand_ins_offer != NULL)
    {
      GtkWidget *offer = self->stand_ins_offer;
      g_clear_weak_pointer (&self->stand_ins_offer);
      gtk_window_destroy (GTK_WINDOW (offer));
    }
  remove_temp_dir (self);
  G_OBJECT_CLASS (gbacw_play_mode_parent_class)->dispose (object);
}

static void
gbacw_play_mode_finalize (GObject *object)
{
  GbacwPlayMode *self = GBACW_PLAY_MODE (object);

  g_free (self->scenario_path);
  G_OBJECT_CLASS (gbacw_play_mode_parent_class)->finalize (object);
}

static void
gbacw_play_mode_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, GBACW_PLAY_MODE (object)->active);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_play_mode_class_init (GbacwPlayModeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gbacw_play_mode_dispose;
  object_class->finalize = gbacw_play_mode_finalize;
  object_class->get_property = gbacw_play_mode_get_property;

  /* Playing: the window's editing actions are off meanwhile. */
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
gbacw_play_mode_init (GbacwPlayMode *self)
{
  self->computer = 2;
}
