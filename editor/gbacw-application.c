/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-application.c: the gbacw-editor application (org.gbacw.Editor). */
#define G_LOG_DOMAIN "gbacw-application"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-application.h"
#include "gbacw-autosave.h"
#include "gbacw-data.h"
#include "gbacw-window.h"

/* Generated from gbacw.gresource.xml (c_name "gbacw"). */
GResource *gbacw_get_resource (void);

struct _GbacwApplication
{
  GtkApplication parent_instance;

  gboolean recovery_offered;  /* the left-over recovery copies, once a run */
};

G_DEFINE_FINAL_TYPE (GbacwApplication, gbacw_application, GTK_TYPE_APPLICATION)

char *
gbacw_application_find_demo (void)
{
  return gbacw_data_find ("scenarios/demo.xml");
}

static GbacwWindow *
new_window (GbacwApplication *self)
{
  return gbacw_window_new (GTK_APPLICATION (self));
}

/* Every editor window of the application keeps recovery copies of its unsaved document,
 * whoever opened it (the application, Open or New in a new window, a drop). */
static void
on_window_added (GtkApplication *application,
                 GtkWindow      *window)
{
  if (GBACW_IS_WINDOW (window))
    gbacw_autosave_attach (GBACW_WINDOW (window));
}

/* After a run that did not end cleanly: its recovery copies, offered over the first window. */
static void
offer_recovery (GbacwApplication *self,
                GbacwWindow      *window)
{
  if (self->recovery_offered)
    return;
  self->recovery_offered = TRUE;
  gbacw_autosave_offer_recovery (GTK_APPLICATION (self), window);
}

/* ---------------------------------------------------------------- app actions */

static void
open_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GbacwApplication *self = GBACW_APPLICATION (user_data);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    {
      window = GTK_WINDOW (new_window (self));
      gtk_window_present (window);
    }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open", NULL);
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GbacwApplication *self = GBACW_APPLICATION (user_data);
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Closing asks about unsaved changes window by window; the application quits when
   * the last one is gone. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  GbacwApplication *self = GBACW_APPLICATION (user_data);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  const char *authors[] = { _("The gbacw contributors"), NULL };
  /* GtkAboutDialog shows "Name URL" as a link named Name */
  g_autofree char *tracker = g_strdup_printf ("%s %s", _("Issue tracker"), PACKAGE_BUGREPORT);
  const char *report[] = { tracker, NULL };
  GtkWidget *about;

  about = g_object_new (GTK_TYPE_ABOUT_DIALOG,
                        "transient-for", window,
                        "modal", window != NULL,
                        "destroy-with-parent", TRUE,
                        "program-name", _("GBACW Editor"),
                        "logo-icon-name", "org.gbacw.Editor",
                        "version", PACKAGE_VERSION,
                        "comments", _("Maps, orders of battle and scenarios for SPI’s "
                                      "Great Battles of the American Civil War"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "website", PACKAGE_URL,
                        "website-label", _("Website"),
                        "authors", authors,
                        "translator-credits", _("translator-credits"),
                        NULL);
  /* TRANSLATORS: the about dialog's credits section with the link to the issue tracker */
  gtk_about_dialog_add_credit_section (GTK_ABOUT_DIALOG (about), _("Report a problem"), report);
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_entries[] = {
  { "open", open_activated },
  { "quit", quit_activated },
  { "about", about_activated },
};

/* ---------------------------------------------------------------- GApplication */

static void
gbacw_application_startup (GApplication *application)
{
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *help_overlay_accels[] = { "<Control>question", NULL };
  g_autoptr(GtkCssProvider) css = NULL;

  G_APPLICATION_CLASS (gbacw_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_entries, G_N_ELEMENTS (app_entries), application);
  g_signal_connect (application, "window-added", G_CALLBACK (on_window_added), NULL);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "app.quit", quit_accels);
  /* Each window makes its own shortcuts window (gbacw-window.c). */
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.show-help-overlay", help_overlay_accels);

  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/org/gbacw/Editor/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  gtk_window_set_default_icon_name ("org.gbacw.Editor");
}

/* No file on the command line: the demo scenario, so that there is a map to look at. */
static void
gbacw_application_activate (GApplication *application)
{
  GbacwApplication *self = GBACW_APPLICATION (application);
  GbacwWindow *window = new_window (self);
  g_autofree char *demo = gbacw_application_find_demo ();

  if (demo != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (demo);
      gbacw_window_load_file (window, file);
    }
  else
    {
      g_autofree char *message =
        g_strdup_printf (_("The demo scenario was not found: set GBACW_DATADIR to the directory holding "
                           "scenarios/demo.xml (looked in %s)"), gbacw_data_dir ());
      g_warning ("%s", message);
      gbacw_window_show_error (window, message);
    }
  gtk_window_present (GTK_WINDOW (window));
  offer_recovery (self, window);
}

static void
gbacw_application_open (GApplication  *application,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  GbacwApplication *self = GBACW_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    {
      GbacwWindow *window = new_window (self);
      gbacw_window_load_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
      /* --test-play FILE: straight into test play (gbacw-play-mode.h) */
      if (g_strcmp0 (hint, "test-play") == 0 && gbacw_window_get_document (window) != NULL)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.test-play", NULL);
      /* restored copies open in windows of their own, not over the files asked for */
      if (i == 0)
        offer_recovery (self, NULL);
    }
}

/* --version prints the version; --test-play FILE opens the file in test play, in this
 * instance or the running one. */
static int
gbacw_application_handle_local_options (GApplication *application,
                                        GVariantDict *options)
{
  const char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("gbacw-editor %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (!g_variant_dict_lookup (options, "test-play", "^&ay", &path))
    return -1;
  if (!g_application_register (application, NULL, &error))
    {
      g_printerr ("gbacw-editor: %s\n", error->message);
      return 1;
    }
  file = g_file_new_for_commandline_arg (path);
  g_application_open (application, &file, 1, "test-play");
  /* the window keeps the application running */
  return 0;
}

static void
gbacw_application_class_init (GbacwApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  /* The resources are linked from a static library: naming them keeps the linker from
   * dropping them, and their constructor registers them. */
  g_assert (gbacw_get_resource () != NULL);

  app_class->startup = gbacw_application_startup;
  app_class->activate = gbacw_application_activate;
  app_class->open = gbacw_application_open;
  app_class->handle_local_options = gbacw_application_handle_local_options;
}

static void
gbacw_application_init (GbacwApplication *self)
{
  static const GOptionEntry options[] = {
    { "test-play", 0, 0, G_OPTION_ARG_FILENAME, NULL, N_("Open the scenario FILE and test-play it at once"),
      N_("FILE") },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[FILE…]"));
}

GbacwApplication *
gbacw_application_new (void)
{
  return g_object_new (GBACW_TYPE_APPLICATION,
                       "application-id", "org.gbacw.Editor",
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/gbacw/Editor",
                       NULL);
}
