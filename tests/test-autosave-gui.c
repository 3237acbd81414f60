/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-autosave-gui.c: the editor's recovery copies, the offer to restore them after a
 * crash, File ▸ Export to Tiled and VASSAL, and the about dialog's links (needs a display:
 * xvfb-run). */
#define G_LOG_DOMAIN "test-autosave-gui"

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <utime.h>

#include "gbacw-application.h"
#include "gbacw-autosave-private.h"
#include "gbacw-data.h"
#include "gbacw-export-dialog.h"
#include "gbacw-file-read.h"
#include "gbacw-recovery-private.h"
#include "gbacw-scenario-io.h"
#include "gbacw-settings-edit.h"

#include "gui-test-helpers.h"

static char *state_home;

static gboolean
ignore_session_bus (const char *log_domain, GLogLevelFlags log_level, const char *message, gpointer user_data)
{
  /* No D-Bus session in the test environment. */
  return strstr (message, "session bus") == NULL && strstr (message, "dbus") == NULL &&
         strstr (message, "dconf") == NULL;
}

/* One application for the whole run, as in the editor. */
static GbacwApplication *
new_application (void)
{
  static GbacwApplication *app;
  g_autoptr(GError) error = NULL;

  if (app != NULL)
    return g_object_ref (app);
  app = gbacw_application_new ();
  g_test_log_set_fatal_handler (ignore_session_bus, NULL);
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return g_object_ref (app);
}

/* The id of a process that has ended: what a crashed editor's copies carry. */
static gint64
ended_pid (void)
{
  const char *argv[] = { "true", NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int status;

  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  return pid;
}

static char *
copy_path (const char *id, const char *extension)
{
  g_autofree char *folder = gbacw_recovery_get_folder ();
  g_autofree char *name = g_strconcat (id, extension, NULL);

  return g_build_filename (folder, name, NULL);
}

static gboolean
copy_exists (const char *id)
{
  g_autofree char *xml = copy_path (id, ".xml");
  g_autofree char *ini = copy_path (id, ".ini");

  return g_file_test (xml, G_FILE_TEST_IS_REGULAR) && g_file_test (ini, G_FILE_TEST_IS_REGULAR);
}

/* The demo copied to dir/name: a file of the user's own. */
static char *
user_file (const char *dir, const char *name)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autofree char *text = NULL;
  char *path = g_build_filename (dir, name, NULL);
  gsize length;

  g_assert_true (g_file_get_contents (demo, &text, &length, NULL));
  g_assert_true (g_file_set_contents (path, text, (gssize) length, NULL));
  return path;
}

static GbacwWindow *
open_window (GbacwApplication *app, const char *path)
{
  GbacwWindow *window = gbacw_window_new (GTK_APPLICATION (app));
  g_autoptr(GFile) file = g_file_new_for_path (path);

  /* every window of the application autosaves */
  g_assert_nonnull (gbacw_autosave_get (window));
  g_assert_true (gbacw_window_load_file (window, file));
  gtk_window_present (GTK_WINDOW (window));
  gui_test_iterate ();
  return window;
}

static void
retitle (GbacwDocument *document, const char *title)
{
  GbacwScenario *scenario = gbacw_document_get_scenario (document);
  GbacwScenarioInfo info = scenario->info;
  GbacwSettingsEdit *edit = gbacw_settings_edit_new ("Title", 0);

  info.title = (char *) title;
  gbacw_settings_edit_set_info (edit, &info);
  gbacw_document_execute (document, GBACW_COMMAND (edit));
}

/* Waits (at most 10 s) for the autosave's timer to write the copy. */
static const char *
wait_for_copy (GbacwAutosave *autosave)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (gbacw_autosave_get_copy_id (autosave) == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_nonnull (gbacw_autosave_get_copy_id (autosave));
  return gbacw_autosave_get_copy_id (autosave);
}

/* The recovery offer on screen (a dialog whose text names name), or NULL. */
static GtkMessageDialog *
find_offer (const char *name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      g_autofree char *secondary = NULL;

      if (!GTK_IS_MESSAGE_DIALOG (window) || g_object_get_data (window, "gbacw-offer") == NULL)
        continue;
      g_object_get (window, "secondary-text", &secondary, NULL);
      if (secondary != NULL && strstr (secondary, name) != NULL)
        return GTK_MESSAGE_DIALOG (window);
    }
  return NULL;
}

/* Edited, autosaved, crashed (the window dropped, the copy left), started again: the
 * offer names the file, Restore opens it under its own name with the edit, modified; the
 * user's file was never touched; a save removes the copy. */
static void
test_crash_and_restore (void)
{
  g_autoptr(GbacwApplication) app = new_application ();
  g_autofree char *dir = g_dir_make_tmp ("gbacw-autosave-XXXXXX", NULL);
  g_autofree char *path = user_file (dir, "my-battle.xml");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *id = NULL;
  g_autofree char *new_id = NULL;
  g_autofree char *secondary = NULL;
  g_autoptr(GPtrArray) orphans = NULL;
  GbacwWindow *window, *start;
  GbacwDocument *document;
  GtkMessageDialog *offer;
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  gbacw_autosave_set_interval_for_tests (50);
  gbacw_recovery_set_pid_for_tests (ended_pid ());

  window = open_window (app, path);
  g_assert_null (gbacw_autosave_get_copy_id (gbacw_autosave_get (window)));
  retitle (gbacw_window_get_document (window), "Recovered Battle");
  id = g_strdup (wait_for_copy (gbacw_autosave_get (window)));
  g_assert_true (copy_exists (id));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  /* the crash: no clean close */
  gbacw_autosave_abandon_for_tests (gbacw_autosave_get (window));
  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_iterate ();
  g_assert_true (copy_exists (id));
  gbacw_recovery_set_pid_for_tests (0);

  /* the next start */
  orphans = gbacw_recovery_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 1);
  g_assert_cmpstr (((GbacwRecoveryCopy *) orphans->pdata[0])->original_path, ==, path);
  g_assert_cmpstr (((GbacwRecoveryCopy *) orphans->pdata[0])->title, ==, "my-battle.xml");
  start = open_window (app, demo);
  g_assert_cmpuint (gbacw_autosave_offer_recovery (GTK_APPLICATION (app), start), ==, 1);
  gui_test_iterate ();
  offer = find_offer (path);
  g_assert_nonnull (offer);
  g_object_get (offer, "secondary-text", &secondary, NULL);
  {
    /* the time of the copy, as the dialog writes it */
    g_autoptr(GDateTime) saved = g_date_time_ref (((GbacwRecoveryCopy *) orphans->pdata[0])->saved);
    g_autofree char *hour = g_date_time_format (saved, "%H:%M");
    g_assert_nonnull (strstr (secondary, hour));
  }
  g_assert_nonnull (strstr (secondary, "has not been saved since the copy was made"));
  gtk_dialog_response (GTK_DIALOG (offer), 2);   /* Restore */
  gui_test_iterate ();
  g_assert_null (find_offer (path));

  /* restored over the unmodified demo window, under its own name, modified, with the edit */
  document = gbacw_window_get_document (start);
  g_assert_cmpstr (gbacw_document_get_path (document), ==, path);
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (document)));
  g_assert_cmpstr (gbacw_document_get_scenario (document)->info.title, ==, "Recovered Battle");
  /* the old copy replaced by the new run's */
  g_assert_false (copy_exists (id));
  new_id = g_strdup (gbacw_autosave_get_copy_id (gbacw_autosave_get (start)));
  g_assert_nonnull (new_id);
  g_assert_true (copy_exists (new_id));
  g_clear_pointer (&orphans, g_ptr_array_unref);
  orphans = gbacw_recovery_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 0);   /* this run's copy is alive */

  /* a save removes the copy and writes the user's file */
  g_assert_true (gbacw_window_save_file (start, NULL));
  g_assert_false (copy_exists (new_id));
  g_assert_null (gbacw_autosave_get_copy_id (gbacw_autosave_get (start)));
  g_clear_pointer (&after, g_free);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_nonnull (strstr (after, "Recovered Battle"));

  gtk_window_destroy (GTK_WINDOW (start));
  gui_test_iterate ();
  gbacw_autosave_set_interval_for_tests (0);
  g_remove (path);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_remove (backup);
  g_rmdir (dir);
}

/* A clean close removes the copy; Discard removes a crashed run's; a copy of a running
 * process is not offered; undoing to the saved state removes the copy. */
static void
test_clean_close_and_discard (void)
{
  g_autoptr(GbacwApplication) app = new_application ();
  g_autofree char *dir = g_dir_make_tmp ("gbacw-autosave-XXXXXX", NULL);
  g_autofree char *path = user_file (dir, "other.xml");
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) orphans = NULL;
  GbacwWindow *window;
  GtkMessageDialog *offer;

  window = open_window (app, path);
  retitle (gbacw_window_get_document (window), "Changed");
  g_assert_true (gbacw_autosave_save_now (gbacw_autosave_get (window)));
  id = g_strdup (gbacw_autosave_get_copy_id (gbacw_autosave_get (window)));
  g_assert_true (copy_exists (id));
  /* undone to the saved state: nothing to recover */
  g_assert_true (gbacw_document_undo (gbacw_window_get_document (window)));
  g_assert_false (copy_exists (id));
  g_assert_null (gbacw_autosave_get_copy_id (gbacw_autosave_get (window)));

  /* the clean close */
  g_assert_true (gbacw_document_redo (gbacw_window_get_document (window)));
  g_assert_true (gbacw_autosave_save_now (gbacw_autosave_get (window)));
  g_free (id);
  id = g_strdup (gbacw_autosave_get_copy_id (gbacw_autosave_get (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_iterate ();
  g_assert_false (copy_exists (id));

  /* a copy of this (running) process is not offered */
  window = open_window (app, path);
  retitle (gbacw_window_get_document (window), "Changed");
  g_assert_true (gbacw_autosave_save_now (gbacw_autosave_get (window)));
  g_free (id);
  id = g_strdup (gbacw_autosave_get_copy_id (gbacw_autosave_get (window)));
  gbacw_autosave_abandon_for_tests (gbacw_autosave_get (window));
  g_assert_cmpuint (gbacw_autosave_offer_recovery (GTK_APPLICATION (app), NULL), ==, 0);
  gbacw_recovery_remove (id);

  /* a crashed run's copy, discarded */
  gbacw_recovery_set_pid_for_tests (ended_pid ());
  g_assert_true (gbacw_autosave_save_now (gbacw_autosave_get (window)));
  g_free (id);
  id = g_strdup (gbacw_autosave_get_copy_id (gbacw_autosave_get (window)));
  gbacw_autosave_abandon_for_tests (gbacw_autosave_get (window));
  gbacw_recovery_set_pid_for_tests (0);
  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_iterate ();
  /* the file saved after the copy (by another program): the offer says so */
  {
    struct utimbuf later = { .actime = time (NULL) + 120, .modtime = time (NULL) + 120 };
    g_assert_cmpint (g_utime (path, &later), ==, 0);
  }
  g_assert_cmpuint (gbacw_autosave_offer_recovery (GTK_APPLICATION (app), NULL), ==, 1);
  gui_test_iterate ();
  offer = find_offer (path);
  g_assert_nonnull (offer);
  {
    g_autofree char *secondary = NULL;
    g_object_get (offer, "secondary-text", &secondary, NULL);
    g_assert_nonnull (strstr (secondary, "The file was saved after the copy was made"));
  }
  gtk_dialog_response (GTK_DIALOG (offer), 1);   /* Discard */
  gui_test_iterate ();
  g_assert_false (copy_exists (id));
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));   /* nothing restored */
  orphans = gbacw_recovery_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 0);

  g_remove (path);
  g_rmdir (dir);
}

/* The names of a ZIP archive's entries, from its central directory. */
static GPtrArray *
zip_entries (GBytes *bytes)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  gsize end, offset;
  guint count;

  g_assert_cmpuint (size, >=, 22);
  for (end = size - 22; end > 0 && memcmp (data + end, "PK\5\6", 4) != 0; end--)
    ;
  g_assert_true (memcmp (data + end, "PK\5\6", 4) == 0);
  count = data[end + 10] | data[end + 11] << 8;
  offset = data[end + 16] | data[end + 17] << 8 | data[end + 18] << 16 | (gsize) data[end + 19] << 24;
  for (guint i = 0; i < count; i++)
    {
      guint name_length, extra_length, comment_length;

      g_assert_cmpuint (offset + 46, <=, size);
      g_assert_true (memcmp (data + offset, "PK\1\2", 4) == 0);
      name_length = data[offset + 28] | data[offset + 29] << 8;
      extra_length = data[offset + 30] | data[offset + 31] << 8;
      comment_length = data[offset + 32] | data[offset + 33] << 8;
      g_assert_cmpuint (offset + 46 + name_length, <=, size);
      g_ptr_array_add (names, g_strndup ((const char *) data + offset + 46, name_length));
      offset += 46 + name_length + extra_length + comment_length;
    }
  return names;
}

static gboolean
has_entry (GPtrArray *names, const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (names->pdata[i], name))
      return TRUE;
  return FALSE;
}

/* File ▸ Export to Tiled and to VASSAL: the TMX is a hexagonal map with its tileset
 * images beside it, the VMOD a module with its build file; a folder that is not there is
 * an error naming the file. */
static void
test_export_tmx_vmod (void)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autofree char *dir = g_dir_make_tmp ("gbacw-export-XXXXXX", NULL);
  g_autofree char *tmx = g_build_filename (dir, "demo.tmx", NULL);
  g_autofree char *vmod = g_build_filename (dir, "demo.vmod", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "demo.tmx", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  const char *images[] = { "demo-terrain.png", "demo-hexsides.png", "demo-counters.png" };
  GbacwWindow *window = gbacw_window_new (NULL);
  g_autoptr(GFile) file = g_file_new_for_path (demo);
  GbacwExportDialog *dialog;
  xmlDocPtr doc;
  xmlNodePtr root;
  xmlChar *orientation;

  g_assert_true (gbacw_window_load_file (window, file));
  gtk_window_present (GTK_WINDOW (window));
  dialog = gbacw_export_dialog_new (GBACW_EDITOR_HOST (window), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  gui_test_iterate ();

  gbacw_export_dialog_select (dialog, GBACW_EXPORT_DIALOG_TMX);
  g_assert_cmpint (gbacw_export_dialog_get_selected (dialog), ==, GBACW_EXPORT_DIALOG_TMX);
  g_assert_true (gbacw_export_dialog_export_to (dialog, tmx, &error));
  g_assert_no_error (error);
  doc = xmlReadFile (tmx, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_cmpstr ((const char *) root->name, ==, "map");
  orientation = xmlGetProp (root, (const xmlChar *) "orientation");
  g_assert_cmpstr ((const char *) orientation, ==, "hexagonal");
  xmlFree (orientation);
  xmlFreeDoc (doc);
  for (guint i = 0; i < G_N_ELEMENTS (images); i++)
    {
      g_autofree char *image = g_build_filename (dir, images[i], NULL);
      g_assert_true (g_file_test (image, G_FILE_TEST_IS_REGULAR));
      g_remove (image);
    }

  g_assert_false (gbacw_export_dialog_export_to (dialog, missing, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "demo"));
  g_clear_error (&error);

  gbacw_export_dialog_select (dialog, GBACW_EXPORT_DIALOG_VMOD);
  g_assert_true (gbacw_export_dialog_export_to (dialog, vmod, &error));
  g_assert_no_error (error);
  bytes = gbacw_file_read_limited (vmod, GBACW_FILE_KIND_IMAGE, 256 * 1024 * 1024, &error);
  g_assert_no_error (error);
  entries = zip_entries (bytes);
  g_assert_true (has_entry (entries, "buildFile.xml"));
  g_assert_true (has_entry (entries, "moduledata"));
  g_assert_true (has_entry (entries, "images/map.png"));

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  gui_test_iterate ();
  g_remove (tmx);
  g_remove (vmod);
  g_rmdir (dir);
}

/* Whether a label under widget shows text (in its markup: a link's address). */
static gboolean
shows_text (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_text (child, text))
      return TRUE;
  return FALSE;
}

/* The about dialog: the version from config.h, the metainfo's homepage as its website
 * and its bug tracker as a link. */
static void
test_about (void)
{
  g_autoptr(GbacwApplication) app = new_application ();
  g_autofree char *metainfo_path = g_build_filename (TEST_SRCDIR, "..", "data", "org.gbacw.Editor.metainfo.xml.in", NULL);
  g_autofree char *metainfo = NULL;
  g_autofree char *homepage = g_strdup_printf ("<url type=\"homepage\">%s</url>", PACKAGE_URL);
  g_autofree char *tracker = g_strdup_printf ("<url type=\"bugtracker\">%s</url>", PACKAGE_BUGREPORT);
  GListModel *toplevels;
  GtkAboutDialog *about = NULL;
  GtkWidget *stack;

  g_assert_true (g_file_get_contents (metainfo_path, &metainfo, NULL, NULL));
  g_assert_nonnull (strstr (metainfo, homepage));
  g_assert_nonnull (strstr (metainfo, tracker));

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  gui_test_iterate ();
  toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels) && about == NULL; i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (GTK_IS_ABOUT_DIALOG (window))
        about = GTK_ABOUT_DIALOG (window);
    }
  g_assert_nonnull (about);
  g_assert_cmpstr (gtk_about_dialog_get_website (about), ==, PACKAGE_URL);
  g_assert_cmpstr (gtk_about_dialog_get_version (about), ==, PACKAGE_VERSION);
  /* the credits page, made when it is first shown, has the tracker as a link */
  g_assert_false (shows_text (GTK_WIDGET (about), PACKAGE_BUGREPORT));
  stack = gui_test_find_widget (GTK_WIDGET (about), GTK_TYPE_STACK);
  g_assert_nonnull (stack);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "credits");
  gui_test_iterate ();
  g_assert_true (shows_text (GTK_WIDGET (about), PACKAGE_BUGREPORT));
  gtk_window_destroy (GTK_WINDOW (about));
  gui_test_iterate ();
}

int
main (int argc, char **argv)
{
  int status;

  /* the recovery copies go to a state folder of the test's own */
  state_home = g_dir_make_tmp ("gbacw-state-XXXXXX", NULL);
  g_setenv ("XDG_STATE_HOME", state_home, TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (!gui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/editor/autosave/crash-and-restore", test_crash_and_restore);
  g_test_add_func ("/editor/autosave/clean-close-and-discard", test_clean_close_and_discard);
  g_test_add_func ("/editor/export/tmx-vmod", test_export_tmx_vmod);
  g_test_add_func ("/editor/about", test_about);

  status = g_test_run ();
  {
    g_autofree char *folder = gbacw_recovery_get_folder ();
    g_autofree char *gbacw = g_path_get_dirname (folder);
    g_rmdir (folder);
    g_rmdir (gbacw);
    g_rmdir (state_home);
  }
  g_free (state_home);
  return status;
}
