/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-recovery.c: recovery copies (model/gbacw-recovery.h): a process killed after
 * writing one leaves it to be found and restored; copies of a living process are not
 * offered; index files that make no sense are left alone; a broken copy is an error. */
#define G_LOG_DOMAIN "test-recovery"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gbacw-data.h"
#include "gbacw-recovery.h"

static char *
copy_path (const char *id, const char *extension)
{
  g_autofree char *folder = gbacw_recovery_get_folder ();
  g_autofree char *name = g_strconcat (id, extension, NULL);

  return g_build_filename (folder, name, NULL);
}

static GbacwDocument *
load_demo (void)
{
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr(GError) error = NULL;
  GbacwDocument *document = gbacw_document_load (demo, &error);

  g_assert_no_error (error);
  return document;
}

/* The child writes a copy of an edited document and is killed (SIGKILL: nothing of it
 * runs after); the parent finds the copy, with the document's file and title, and
 * restores it modified, with the edit. */
static void
test_killed_writer (void)
{
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(GbacwDocument) restored = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  GbacwRecoveryCopy *copy;
  pid_t child;
  int status;

  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      g_autoptr(GbacwDocument) document = load_demo ();
      g_autofree char *id = gbacw_recovery_new_id ();

      g_free (gbacw_document_get_scenario (document)->info.title);
      gbacw_document_get_scenario (document)->info.title = g_strdup ("Killed mid-edit");
      if (!gbacw_recovery_write (document, id, NULL))
        _exit (1);
      kill (getpid (), SIGKILL);
      _exit (2);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);

  copies = gbacw_recovery_list_orphans ();
  g_assert_cmpuint (copies->len, ==, 1);
  copy = copies->pdata[0];
  g_assert_cmpint (copy->pid, ==, child);
  g_assert_cmpstr (copy->original_path, ==, demo);
  g_assert_cmpstr (copy->title, ==, "demo.xml");
  g_assert_nonnull (copy->saved);

  restored = gbacw_recovery_load (copy, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (gbacw_document_get_path (restored), ==, demo);
  g_assert_true (gbacw_history_is_modified (gbacw_document_get_history (restored)));
  g_assert_cmpstr (gbacw_document_get_scenario (restored)->info.title, ==, "Killed mid-edit");

  gbacw_recovery_remove (copy->id);
  g_clear_pointer (&copies, g_ptr_array_unref);
  copies = gbacw_recovery_list_orphans ();
  g_assert_cmpuint (copies->len, ==, 0);
}

/* This process's copy is its own (alive), not an orphan. */
static void
test_living_writer (void)
{
  g_autoptr(GbacwDocument) document = load_demo ();
  g_autofree char *id = gbacw_recovery_new_id ();
  g_autofree char *xml = copy_path (id, ".xml");
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (gbacw_recovery_write (document, id, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (xml, G_FILE_TEST_IS_REGULAR));
  /* the index says which process wrote it, where the system tells */
  if (g_file_test ("/proc/self/stat", G_FILE_TEST_EXISTS))
    {
      g_autofree char *ini = copy_path (id, ".ini");
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (ini, &text, NULL, NULL));
      g_assert_nonnull (strstr (text, "\nprocess="));
    }
  copies = gbacw_recovery_list_orphans ();
  g_assert_cmpuint (copies->len, ==, 0);
  gbacw_recovery_remove (id);
  g_assert_false (g_file_test (xml, G_FILE_TEST_EXISTS));
  /* removing what is not there is no error */
  gbacw_recovery_remove (id);
}

/* A process alive with the copy's id is its writer only if it is the same process: pid 1
 * runs, but one started at another time on another boot is not what wrote "reused". */
static void
test_reused_pid (void)
{
  g_autofree char *folder = gbacw_recovery_get_folder ();
  g_autofree char *reused = copy_path ("1-7", ".ini");
  g_autofree char *same = copy_path ("1-8", ".ini");
  g_autoptr(GPtrArray) copies = NULL;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (reused, "[Recovery]\ntitle=reused.xml\nsaved=2026-01-01T00:00:00Z\npid=1\n"
                                              "process=00000000-0000-0000-0000-000000000000:1\n", -1, NULL));
  /* without the process's identity, a living pid is taken as the writer */
  g_assert_true (g_file_set_contents (same, "[Recovery]\ntitle=same.xml\nsaved=2026-01-01T00:00:00Z\npid=1\n",
                                      -1, NULL));
  copies = gbacw_recovery_list_orphans ();
  if (!g_file_test ("/proc/1/stat", G_FILE_TEST_EXISTS))
    g_assert_cmpuint (copies->len, ==, 0);
  else
    {
      g_assert_cmpuint (copies->len, ==, 1);
      g_assert_cmpstr (((GbacwRecoveryCopy *) copies->pdata[0])->id, ==, "1-7");
    }
  gbacw_recovery_remove ("1-7");
  gbacw_recovery_remove ("1-8");
}

/* Index files that are not ours or make no sense are not listed (nor removed); a copy
 * whose scenario is broken is an error naming its file. */
static void
test_bad_files (void)
{
  g_autofree char *folder = gbacw_recovery_get_folder ();
  g_autofree char *garbage = copy_path ("1-1", ".ini");
  g_autofree char *other = g_build_filename (folder, "notes.ini", NULL);
  g_autofree char *dir_ini = copy_path ("1-2", ".ini");
  g_autofree char *broken_ini = copy_path ("1-3", ".ini");
  g_autofree char *broken_xml = copy_path ("1-3", ".xml");
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwDocument) document = NULL;
  /* pid 1 is alive: use an ended child's */
  pid_t child = fork ();
  g_autofree char *index = NULL;
  int status;

  if (child == 0)
    _exit (0);
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (garbage, "\x01\x02 not a key file", -1, NULL));
  g_assert_true (g_file_set_contents (other, "[Recovery]\ntitle=x\nsaved=2026-01-01T00:00:00Z\npid=1\n", -1, NULL));
  g_assert_cmpint (g_mkdir (dir_ini, 0700), ==, 0);
  index = g_strdup_printf ("[Recovery]\ntitle=broken.xml\nsaved=2026-01-01T00:00:00Z\npid=%d\n", (int) child);
  g_assert_true (g_file_set_contents (broken_ini, index, -1, NULL));
  g_assert_true (g_file_set_contents (broken_xml, "<scenario", -1, NULL));

  copies = gbacw_recovery_list_orphans ();
  g_assert_cmpuint (copies->len, ==, 1);
  g_assert_cmpstr (((GbacwRecoveryCopy *) copies->pdata[0])->id, ==, "1-3");
  g_assert_null (((GbacwRecoveryCopy *) copies->pdata[0])->original_path);
  document = gbacw_recovery_load (copies->pdata[0], &error);
  g_assert_null (document);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "1-3.xml"));

  g_assert_true (g_file_test (garbage, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));
  g_remove (garbage);
  g_remove (other);
  g_rmdir (dir_ini);
  gbacw_recovery_remove ("1-3");
}

int
main (int argc, char **argv)
{
  g_autofree char *state_home = g_dir_make_tmp ("gbacw-state-XXXXXX", NULL);
  g_autofree char *folder = NULL;
  g_autofree char *gbacw = NULL;
  int status;

  /* the copies go to a state folder of the test's own */
  g_setenv ("XDG_STATE_HOME", state_home, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/recovery/killed-writer", test_killed_writer);
  g_test_add_func ("/recovery/living-writer", test_living_writer);
  g_test_add_func ("/recovery/bad-files", test_bad_files);
  g_test_add_func ("/recovery/reused-pid", test_reused_pid);
  status = g_test_run ();

  folder = gbacw_recovery_get_folder ();
  gbacw = g_path_get_dirname (folder);
  g_rmdir (folder);
  g_rmdir (gbacw);
  g_rmdir (state_home);
  return status;
}
