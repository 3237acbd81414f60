/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-recovery.c: recovery copies of unsaved documents in the user's state folder. */
#define G_LOG_DOMAIN "gbacw-recovery"

#include "gbacw-recovery-private.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "gbacw-file-read.h"
#include "gbacw-safe-write.h"
#include "gbacw-scenario-io.h"

#define GROUP "Recovery"
/* An index holds a path, a title and a few numbers. */
#define INDEX_LIMIT (64 * 1024)

static gint64 pid_for_tests;
static guint next_serial;

void
gbacw_recovery_set_pid_for_tests (gint64 pid)
{
  pid_for_tests = pid;
}

static gint64
own_pid (void)
{
  return pid_for_tests != 0 ? pid_for_tests : (gint64) getpid ();
}

/* Who the process pid is, beyond its number, which the system reuses: the boot and the
 * process's start time (Linux's /proc/sys/kernel/random/boot_id and field 22 of
 * /proc/PID/stat), or NULL where the system does not say. */
static char *
process_identity (gint64 pid)
{
  g_autofree char *stat_path = g_strdup_printf ("/proc/%" G_GINT64_FORMAT "/stat", pid);
  g_autofree char *stat = NULL;
  g_autofree char *boot = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after_name;

  if (!g_file_get_contents ("/proc/sys/kernel/random/boot_id", &boot, NULL, NULL)
      || !g_file_get_contents (stat_path, &stat, NULL, NULL))
    return NULL;
  /* the name, in parentheses, may hold spaces: the fields after it start with the 3rd */
  after_name = strrchr (stat, ')');
  if (after_name == NULL)
    return NULL;
  fields = g_strsplit (after_name + 1, " ", 0);
  /* fields[0] is empty (the space after the name), fields[1] the 3rd field */
  if (g_strv_length (fields) < 21)
    return NULL;
  return g_strdup_printf ("%s:%s", g_strstrip (boot), fields[20]);
}

void
gbacw_recovery_copy_free (GbacwRecoveryCopy *copy)
{
  if (copy == NULL)
    return;
  g_free (copy->id);
  g_free (copy->original_path);
  g_free (copy->title);
  g_free (copy->process);
  g_clear_pointer (&copy->saved, g_date_time_unref);
  g_free (copy);
}

char *
gbacw_recovery_get_folder (void)
{
  return g_build_filename (g_get_user_state_dir (), "gbacw", "recovery", NULL);
}

char *
gbacw_recovery_new_id (void)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT "-%u", own_pid (), ++next_serial);
}

static char *
copy_file (const char *id, const char *extension)
{
  g_autofree char *folder = gbacw_recovery_get_folder ();
  g_autofree char *name = g_strconcat (id, extension, NULL);

  return g_build_filename (folder, name, NULL);
}

gboolean
gbacw_recovery_write (GbacwDocument  *document,
                      const char     *id,
                      GError        **error)
{
  GbacwScenario *scenario;
  GbacwBackground *bg;
  g_autofree char *folder = gbacw_recovery_get_folder ();
  g_autofree char *xml_path = copy_file (id, ".xml");
  g_autofree char *ini_path = copy_file (id, ".ini");
  g_autofree char *absolute = NULL;
  g_autofree char *index = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GKeyFile) key_file = NULL;
  g_autoptr(GDateTime) now = NULL;
  g_autofree char *now_text = NULL;
  g_autofree char *identity = NULL;
  const char *path, *base;
  char *stored;
  gsize length;

  g_return_val_if_fail (GBACW_IS_DOCUMENT (document), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (folder);

      /* TRANSLATORS: %s: a folder; %s: the system's reason */
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("%s: could not make the folder for recovery copies: %s. Check that it can be written."),
                   display, g_strerror (saved_errno));
      return FALSE;
    }

  /* The scan as an absolute path: the copy is not beside the document. */
  scenario = gbacw_document_get_scenario (document);
  path = gbacw_document_get_path (document);
  base = path != NULL ? path : gbacw_document_get_template (document);
  bg = &scenario->map->background;
  if (bg->file != NULL && bg->file[0] != '\0')
    absolute = gbacw_background_file_for (base, bg->file, NULL);
  stored = bg->file;
  if (absolute != NULL)
    bg->file = absolute;
  bytes = gbacw_scenario_save_to_bytes (scenario);
  bg->file = stored;
  if (!gbacw_safe_write_file (xml_path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                              GBACW_SAFE_WRITE_NONE, error))
    return FALSE;

  key_file = g_key_file_new ();
  now = g_date_time_new_now_local ();
  now_text = g_date_time_format_iso8601 (now);
  if (path != NULL)
    g_key_file_set_string (key_file, GROUP, "path", path);
  g_key_file_set_string (key_file, GROUP, "title", gbacw_document_get_title (document));
  g_key_file_set_string (key_file, GROUP, "saved", now_text);
  g_key_file_set_int64 (key_file, GROUP, "pid", own_pid ());
  identity = process_identity (own_pid ());
  if (identity != NULL)
    g_key_file_set_string (key_file, GROUP, "process", identity);
  index = g_key_file_to_data (key_file, &length, NULL);
  return gbacw_safe_write_file (ini_path, index, length, GBACW_SAFE_WRITE_NONE, error);
}

void
gbacw_recovery_remove (const char *id)
{
  g_autofree char *xml_path = NULL;
  g_autofree char *ini_path = NULL;

  g_return_if_fail (id != NULL);

  xml_path = copy_file (id, ".xml");
  ini_path = copy_file (id, ".ini");
  if (g_unlink (ini_path) != 0 && errno != ENOENT)
    g_warning ("%s: %s", ini_path, g_strerror (errno));
  if (g_unlink (xml_path) != 0 && errno != ENOENT)
    g_warning ("%s: %s", xml_path, g_strerror (errno));
}

/* Whether the copy's writer runs: a process with its id (one of another user's counts:
 * kill says EPERM) that, where the system says, is the same process and not a later one
 * given the same id (after a reboot, say). */
static gboolean
writer_is_alive (const GbacwRecoveryCopy *copy)
{
  g_autofree char *identity = NULL;

  if (copy->pid <= 0 || copy->pid > G_MAXINT)
    return FALSE;
  if (kill ((pid_t) copy->pid, 0) != 0 && errno != EPERM)
    return FALSE;
  if (copy->process == NULL)
    return TRUE;
  identity = process_identity (copy->pid);
  return identity == NULL || g_str_equal (identity, copy->process);
}

/* PID-N, digits only: a file of that shape and nothing else is a copy's. */
static gboolean
is_copy_id (const char *id)
{
  const char *dash = strchr (id, '-');
  const char *p;

  if (dash == NULL || dash == id || dash[1] == '\0')
    return FALSE;
  for (p = id; *p != '\0'; p++)
    if (p != dash && !g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

static GbacwRecoveryCopy *
read_index (const char *id)
{
  g_autofree char *ini_path = copy_file (id, ".ini");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwRecoveryCopy) copy = NULL;
  g_autofree char *saved = NULL;
  gsize size;
  const char *data;

  bytes = gbacw_file_read_limited (ini_path, GBACW_FILE_KIND_SCENARIO, INDEX_LIMIT, &error);
  if (bytes == NULL)
    {
      g_message ("%s", error->message);
      return NULL;
    }
  data = g_bytes_get_data (bytes, &size);
  if (!g_key_file_load_from_data (key_file, data, size, G_KEY_FILE_NONE, &error))
    {
      g_message ("%s: %s", ini_path, error->message);
      return NULL;
    }
  copy = g_new0 (GbacwRecoveryCopy, 1);
  copy->id = g_strdup (id);
  copy->original_path = g_key_file_get_string (key_file, GROUP, "path", NULL);
  copy->title = g_key_file_get_string (key_file, GROUP, "title", NULL);
  saved = g_key_file_get_string (key_file, GROUP, "saved", NULL);
  copy->pid = g_key_file_get_int64 (key_file, GROUP, "pid", NULL);
  copy->process = g_key_file_get_string (key_file, GROUP, "process", NULL);
  if (saved != NULL)
    copy->saved = g_date_time_new_from_iso8601 (saved, NULL);
  if (copy->title == NULL || copy->saved == NULL || copy->pid <= 0)
    {
      g_message ("%s: not a recovery index (no title, time or process id)", ini_path);
      return NULL;
    }
  return g_steal_pointer (&copy);
}

static int
compare_saved (gconstpointer a,
               gconstpointer b)
{
  const GbacwRecoveryCopy *x = *(const GbacwRecoveryCopy **) a;
  const GbacwRecoveryCopy *y = *(const GbacwRecoveryCopy **) b;

  return g_date_time_compare (x->saved, y->saved);
}

GPtrArray *
gbacw_recovery_list_orphans (void)
{
  GPtrArray *copies = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_recovery_copy_free);
  g_autofree char *folder = gbacw_recovery_get_folder ();
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  if (dir == NULL)
    return copies;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *id = NULL;
      GbacwRecoveryCopy *copy;

      if (!g_str_has_suffix (name, ".ini"))
        continue;
      id = g_strndup (name, strlen (name) - strlen (".ini"));
      if (!is_copy_id (id))
        continue;
      copy = read_index (id);
      if (copy == NULL)
        continue;
      if (writer_is_alive (copy))
        gbacw_recovery_copy_free (copy);
      else
        g_ptr_array_add (copies, copy);
    }
  g_ptr_array_sort (copies, compare_saved);
  return copies;
}

GbacwDocument *
gbacw_recovery_load (const GbacwRecoveryCopy  *copy,
                     GError                  **error)
{
  g_autofree char *xml_path = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GbacwScenario *scenario;

  g_return_val_if_fail (copy != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  xml_path = copy_file (copy->id, ".xml");
  bytes = gbacw_file_read (xml_path, GBACW_FILE_KIND_SCENARIO, error);
  if (bytes == NULL)
    return NULL;
  display = g_filename_display_name (xml_path);
  scenario = gbacw_scenario_load_bytes (bytes, display, error);
  if (scenario == NULL)
    return NULL;
  return gbacw_document_new_recovered (scenario, copy->original_path);
}
