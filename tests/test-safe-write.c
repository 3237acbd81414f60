/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-safe-write.c: a failed save never costs the user a file (gbacw-safe-write.h).
 *
 * - /safe-write/faults/NAME: every writer of a user's file (scenario, chart library, roster
 *   CSV, game record, log, PNG, SVG, PDF), with a failure injected at each call on its
 *   write path in turn (open, write, fsync, close, link, rename) until the save succeeds:
 *   after each failure the file and FILE~ are byte-identical to before, with their modes,
 *   no temporary file is left, and the message names the user's file, not a temporary one;
 *   then the save that succeeds writes the new file, and only a scenario moves the old file
 *   to FILE~. Scenarios again where the file system has no hard links (the backup is then
 *   a copy, with the original's mode).
 * - /safe-write/full-disk: a real full file system (a 64 KiB tmpfs, as root; skipped when
 *   mounting is refused): two saves on the full disk fail and the file and its backup are
 *   intact and load.
 * - symbolic and hard links, modes, a new file's mode, refusals (a folder, a FIFO, a link
 *   loop), the plain-words message for each errno, the streaming writer.
 */
#define G_LOG_DOMAIN "test-safe-write"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gbacw-data.h"
#include "gbacw-game.h"
#include "gbacw-generate.h"
#include "gbacw-map-export.h"
#include "gbacw-roster-csv.h"
#include "gbacw-safe-write-private.h"
#include "gbacw-scenario-io.h"

/* ---------------------------------------------------------------- fixtures */

static GbacwScenario *scenario;  /* a small generated scenario */
static GbacwGame *game;

static GbacwScenario *
small_scenario (int columns, int rows, int n_units)
{
  g_autofree char *demo_path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) demo = gbacw_scenario_load_file (demo_path, &error);
  GbacwScenario *s;

  g_assert_no_error (error);
  s = gbacw_generate_scenario (demo, columns, rows, n_units, 1, &error);
  g_assert_no_error (error);
  return s;
}

static char *
make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("gbacw-safe-write-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        remove_dir (path);
      else
        g_unlink (path);
    }
  g_rmdir (dir);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in dir, sorted, one a line. */
static char *
list_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("\n", (char **) names->pdata);
}

static void
write_file (const char *path, const char *text, mode_t mode)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

static void
assert_file (const char *path, const char *text, mode_t mode)
{
  g_autofree char *contents = NULL;
  gsize length;
  struct stat st;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, text, strlen (text));
  g_assert_cmpint (lstat (path, &st), ==, 0);
  g_assert_true (S_ISREG (st.st_mode));
  g_assert_cmpint (st.st_mode & 07777, ==, mode);
}

static mode_t
file_mode (const char *path)
{
  struct stat st;

  g_assert_cmpint (stat (path, &st), ==, 0);
  return st.st_mode & 07777;
}

/* The message names the user's file and no temporary file (".NAME.xxxxxxxx"). */
static void
assert_message (const GError *error, const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *temp_prefix = g_strdup_printf (".%s.", base);

  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_null (strstr (error->message, temp_prefix));
  g_assert_true (strstr (error->message, "The file was not changed.") != NULL ||
                 strstr (error->message, "No file was created.") != NULL);
}

/* ---------------------------------------------------------------- the writers */

typedef struct {
  const char *name;      /* the file's name in the test folder */
  gboolean backup;       /* keeps FILE~ */
  GQuark (*domain) (void);
  gboolean (*save) (const char *path, GError **error);
  GBytes *(*expected) (void);  /* the new file's bytes, or NULL: it starts with magic */
  const char *magic;
} Writer;

static gboolean
save_scenario (const char *path, GError **error)
{
  return gbacw_scenario_save_file (scenario, path, error);
}

static GBytes *
scenario_bytes (void)
{
  return gbacw_scenario_save_to_bytes (scenario);
}

static gboolean
save_charts (const char *path, GError **error)
{
  return gbacw_charts_save_file (&scenario->catalogue, scenario->charts, path, error);
}

static GBytes *
charts_bytes (void)
{
  return gbacw_charts_save_to_bytes (&scenario->catalogue, scenario->charts);
}

static gboolean
save_roster (const char *path, GError **error)
{
  return gbacw_roster_export_file (scenario, NULL, path, error);
}

static GBytes *
roster_bytes (void)
{
  return gbacw_roster_export (scenario, NULL, NULL);
}

static gboolean
save_record (const char *path, GError **error)
{
  return gbacw_game_save (game, "scenario.xml", path, error);
}

static GBytes *
record_bytes (void)
{
  char *xml = gbacw_game_to_xml (game, "scenario.xml");
  return g_bytes_new_take (xml, strlen (xml));
}

static gboolean
save_log (const char *path, GError **error)
{
  return gbacw_game_save_log (game, path, error);
}

static GBytes *
log_bytes (void)
{
  char *text = gbacw_game_format_log (game);
  return g_bytes_new_take (text, strlen (text));
}

static gboolean
export_map (GbacwExportFormat format, const char *path, GError **error)
{
  GbacwExportOptions o;

  gbacw_export_options_init (&o);
  o.format = format;
  o.size = 300;
  return gbacw_map_export (scenario, &o, path, error);
}

static gboolean
save_png (const char *path, GError **error)
{
  return export_map (GBACW_EXPORT_PNG, path, error);
}

static gboolean
save_svg (const char *path, GError **error)
{
  return export_map (GBACW_EXPORT_SVG, path, error);
}

static gboolean
save_pdf (const char *path, GError **error)
{
  return export_map (GBACW_EXPORT_PDF, path, error);
}

static const Writer writers[] = {
  { "scenario.xml", TRUE, gbacw_io_error_quark, save_scenario, scenario_bytes, NULL },
  { "charts.xml", FALSE, gbacw_io_error_quark, save_charts, charts_bytes, NULL },
  { "roster.csv", FALSE, g_file_error_quark, save_roster, roster_bytes, NULL },
  { "game.xml", FALSE, g_file_error_quark, save_record, record_bytes, NULL },
  { "game.log", FALSE, g_file_error_quark, save_log, log_bytes, NULL },
  { "map.png", FALSE, gbacw_export_error_quark, save_png, NULL, "\x89PNG\r\n\x1a\n" },
  { "map.svg", FALSE, gbacw_export_error_quark, save_svg, NULL, "<?xml" },
  { "map.pdf", FALSE, gbacw_export_error_quark, save_pdf, NULL, "%PDF-" },
};

static void
assert_new_file (const Writer *writer, const char *path, mode_t mode)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  if (writer->expected != NULL)
    {
      g_autoptr (GBytes) expected = writer->expected ();
      g_assert_cmpmem (contents, length, g_bytes_get_data (expected, NULL), g_bytes_get_size (expected));
    }
  else
    {
      g_assert_cmpuint (length, >, 100);
      g_assert_true (g_str_has_prefix (contents, writer->magic));
    }
  g_assert_cmpint (file_mode (path), ==, mode);
}

#define OLD_FILE "the old file\n"
#define OLD_BACKUP "the old backup\n"

/* Fails the nth call of the write path for n = 1, 2, ... until the save succeeds.
 * Returns the number of failed saves. */
static guint
fail_every_call (const Writer *writer, int errno_value, const char *dir)
{
  g_autofree char *path = g_build_filename (dir, writer->name, NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *listing = NULL;
  g_autofree char *now = NULL;
  guint n_failed = 0;

  write_file (path, OLD_FILE, 0640);
  write_file (backup, OLD_BACKUP, 0600);
  listing = list_dir (dir);
  for (guint n = 1;; n++)
    {
      g_autoptr (GError) error = NULL;
      gboolean saved;
      guint n_calls;

      g_assert_cmpuint (n, <, 1000);
      gbacw_safe_write_fail_call (n, errno_value);
      saved = writer->save (path, &error);
      n_calls = gbacw_safe_write_get_n_calls ();
      gbacw_safe_write_fail_call (0, 0);
      if (saved)
        {
          g_assert_no_error (error);
          break;
        }
      /* it was the injected failure that stopped the save */
      g_assert_cmpuint (n_calls, >=, n);
      g_assert_true (error->domain == writer->domain ());
      assert_message (error, path);
      if (errno_value == ENOSPC)
        g_assert_nonnull (strstr (error->message, "the disk is full; free some space or save elsewhere"));
      assert_file (path, OLD_FILE, 0640);
      assert_file (backup, OLD_BACKUP, 0600);
      now = list_dir (dir);
      g_assert_cmpstr (now, ==, listing);
      g_clear_pointer (&now, g_free);
      n_failed++;
    }

  assert_new_file (writer, path, 0640);
  if (writer->backup)
    assert_file (backup, OLD_FILE, 0640);
  else
    assert_file (backup, OLD_BACKUP, 0600);
  now = list_dir (dir);
  g_assert_cmpstr (now, ==, listing);
  g_unlink (path);
  g_unlink (backup);
  return n_failed;
}

static void
test_faults (gconstpointer data)
{
  const Writer *writer = data;
  g_autofree char *dir = make_dir ();
  const int errnos[] = { ENOSPC, EDQUOT, EIO, EACCES };

  for (guint i = 0; i < G_N_ELEMENTS (errnos); i++)
    {
      /* at least: open, write, fsync, close and rename; and link and the backup's rename */
      guint n_failed = fail_every_call (writer, errnos[i], dir);
      g_test_message ("%s, %s: %u failed saves", writer->name, g_strerror (errnos[i]), n_failed);
      g_assert_cmpuint (n_failed, >=, writer->backup ? 7 : 5);
    }
  remove_dir (dir);
}

/* Where there are no hard links, the backup is a copy: its writes fail in turn too. */
static void
test_faults_without_hard_links (void)
{
  g_autofree char *dir = make_dir ();
  guint with_links, without;

  with_links = fail_every_call (&writers[0], ENOSPC, dir);
  gbacw_safe_write_refuse_links (TRUE);
  without = fail_every_call (&writers[0], ENOSPC, dir);
  gbacw_safe_write_refuse_links (FALSE);
  /* the copy's open, write, fsync and close */
  g_assert_cmpuint (without, >=, with_links + 4);
  remove_dir (dir);
}

/* ---------------------------------------------------------------- a real full disk */

#define FULL_DISK_DIR "GBACW_TEST_FULL_DISK_DIR"

static gboolean
fill_disk (const char *dir)
{
  g_autofree char *filler = g_build_filename (dir, "filler", NULL);
  char block[4096] = { 0 };
  FILE *f = g_fopen (filler, "wb");
  gboolean full = FALSE;

  g_assert_nonnull (f);
  while (fwrite (block, 1, sizeof block, f) == sizeof block)
    ;
  full = errno == ENOSPC;
  fclose (f);
  return full;
}

static void
full_disk_saves (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "T.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *first = NULL, *second = NULL, *now = NULL, *listing = NULL;
  g_autoptr (GbacwScenario) tiny = small_scenario (2, 2, 0);
  g_autoptr (GbacwScenario) large = small_scenario (8, 8, 12);
  g_autoptr (GError) error = NULL;

  /* two saves: the file and its backup */
  g_assert_true (gbacw_scenario_save_file (tiny, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &first, NULL, NULL));
  g_free (tiny->info.title);
  tiny->info.title = g_strdup ("The second version");
  g_assert_true (gbacw_scenario_save_file (tiny, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &second, NULL, NULL));
  assert_file (backup, first, 0644);

  g_assert_true (fill_disk (dir));
  listing = list_dir (dir);
  for (int i = 0; i < 2; i++)
    {
      g_autoptr (GbacwScenario) loaded = NULL;
      g_autoptr (GbacwScenario) loaded_backup = NULL;

      g_assert_false (gbacw_scenario_save_file (large, path, &error));
      g_test_message ("%s", error->message);
      g_assert_error (error, GBACW_IO_ERROR, GBACW_IO_ERROR_WRITE);
      assert_message (error, path);
      g_assert_nonnull (strstr (error->message, "the disk is full"));
      g_clear_error (&error);
      assert_file (path, second, 0644);
      assert_file (backup, first, 0644);
      now = list_dir (dir);
      g_assert_cmpstr (now, ==, listing);
      g_clear_pointer (&now, g_free);
      loaded = gbacw_scenario_load_file (path, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (loaded->info.title, ==, "The second version");
      loaded_backup = gbacw_scenario_load_file (backup, &error);
      g_assert_no_error (error);
    }
}

static void
test_full_disk (void)
{
  g_autofree char *dir = NULL;

  if (g_test_subprocess ())
    {
      umask (022);
      full_disk_saves (g_getenv (FULL_DISK_DIR));
      return;
    }
  if (geteuid () != 0)
    {
      g_test_skip ("not root: cannot mount a small tmpfs to fill");
      return;
    }
  dir = make_dir ();
  if (mount ("tmpfs", dir, "tmpfs", 0, "size=64k,mode=0755") != 0)
    {
      g_autofree char *why = g_strdup_printf ("mounting a tmpfs was refused: %s", g_strerror (errno));
      g_rmdir (dir);
      g_test_skip (why);
      return;
    }
  /* the saves run in a child, so that the tmpfs is unmounted here even when they fail */
  g_setenv (FULL_DISK_DIR, dir, TRUE);
  g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv (FULL_DISK_DIR);
  g_assert_cmpint (umount2 (dir, MNT_DETACH), ==, 0);
  g_rmdir (dir);
  g_test_trap_assert_passed ();
}

/* ---------------------------------------------------------------- links and modes */

static void
test_symlink (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *real_dir = g_build_filename (dir, "real", NULL);
  g_autofree char *link_dir = g_build_filename (dir, "links", NULL);
  g_autofree char *real = g_build_filename (real_dir, "real.xml", NULL);
  g_autofree char *link = g_build_filename (link_dir, "link.xml", NULL);
  g_autofree char *real_backup = g_strconcat (real, "~", NULL);
  g_autofree char *link_backup = g_strconcat (link, "~", NULL);
  g_autofree char *target = NULL;
  g_autoptr (GBytes) expected = gbacw_scenario_save_to_bytes (scenario);
  g_autoptr (GError) error = NULL;
  g_autofree char *listing = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir (real_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (link_dir, 0755), ==, 0);
  write_file (real, OLD_FILE, 0640);
  g_assert_cmpint (symlink ("../real/real.xml", link), ==, 0);

  g_assert_true (gbacw_scenario_save_file (scenario, link, &error));
  g_assert_no_error (error);
  g_assert_cmpint (lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  target = g_file_read_link (link, NULL);
  g_assert_cmpstr (target, ==, "../real/real.xml");
  assert_new_file (&writers[0], real, 0640);
  assert_file (real_backup, OLD_FILE, 0640);
  g_assert_false (g_file_test (link_backup, G_FILE_TEST_EXISTS));

  /* a failure through the link names the link, and leaves both folders alone */
  listing = list_dir (real_dir);
  gbacw_safe_write_fail_call (2, ENOSPC);
  g_assert_false (gbacw_scenario_save_file (scenario, link, &error));
  gbacw_safe_write_fail_call (0, 0);
  assert_message (error, link);
  g_clear_error (&error);
  {
    g_autofree char *now = list_dir (real_dir);
    g_autofree char *links = list_dir (link_dir);
    g_assert_cmpstr (now, ==, listing);
    g_assert_cmpstr (links, ==, "link.xml");
  }
  {
    g_autofree char *contents = NULL;
    gsize length;
    g_assert_true (g_file_get_contents (real, &contents, &length, NULL));
    g_assert_cmpmem (contents, length, g_bytes_get_data (expected, NULL), g_bytes_get_size (expected));
  }

  /* a link that goes round in a circle is refused */
  {
    g_autofree char *a = g_build_filename (dir, "a.xml", NULL);
    g_autofree char *b = g_build_filename (dir, "b.xml", NULL);
    g_assert_cmpint (symlink ("b.xml", a), ==, 0);
    g_assert_cmpint (symlink ("a.xml", b), ==, 0);
    g_assert_false (gbacw_scenario_save_file (scenario, a, &error));
    assert_message (error, a);
    g_assert_nonnull (strstr (error->message, "goes round in a circle"));
    g_clear_error (&error);
    g_assert_cmpint (lstat (a, &st), ==, 0);
    g_assert_true (S_ISLNK (st.st_mode));
  }
  remove_dir (dir);
}

/* The target is replaced, not rewritten: another hard link keeps the old bytes. */
static void
test_hard_link (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "a.xml", NULL);
  g_autofree char *other = g_build_filename (dir, "b.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autoptr (GError) error = NULL;

  write_file (path, OLD_FILE, 0644);
  g_assert_cmpint (link (path, other), ==, 0);
  g_assert_true (gbacw_scenario_save_file (scenario, path, &error));
  g_assert_no_error (error);
  assert_new_file (&writers[0], path, 0644);
  assert_file (other, OLD_FILE, 0644);
  assert_file (backup, OLD_FILE, 0644);
  remove_dir (dir);
}

static void
test_modes (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "a.xml", NULL);
  g_autofree char *backup = g_strconcat (path, "~", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new.csv", NULL);
  g_autoptr (GError) error = NULL;
  mode_t old_umask;

  /* the new file and the backup keep the original's mode, with a hard link and a copy */
  for (int refuse = 0; refuse < 2; refuse++)
    {
      g_unlink (backup);
      write_file (path, OLD_FILE, 0640);
      gbacw_safe_write_refuse_links (refuse);
      g_assert_true (gbacw_scenario_save_file (scenario, path, &error));
      gbacw_safe_write_refuse_links (FALSE);
      g_assert_no_error (error);
      assert_new_file (&writers[0], path, 0640);
      assert_file (backup, OLD_FILE, 0640);
    }

  /* a new file: 0666 less the umask */
  old_umask = umask (027);
  g_assert_true (gbacw_roster_export_file (scenario, NULL, fresh, &error));
  g_assert_no_error (error);
  g_assert_cmpint (file_mode (fresh), ==, 0640);
  g_unlink (fresh);
  umask (077);
  g_assert_true (gbacw_roster_export_file (scenario, NULL, fresh, &error));
  g_assert_no_error (error);
  g_assert_cmpint (file_mode (fresh), ==, 0600);
  umask (old_umask);
  remove_dir (dir);
}

/* ---------------------------------------------------------------- refusals and messages */

static void
test_refusals (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *folder = g_build_filename (dir, "folder.xml", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.xml", NULL);
  g_autofree char *orphan = g_build_filename (dir, "no", "such", "folder", "x.png", NULL);
  g_autofree char *listing = NULL;
  g_autofree char *now = NULL;
  g_autoptr (GError) error = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  listing = list_dir (dir);

  g_assert_false (gbacw_scenario_save_file (scenario, folder, &error));
  assert_message (error, folder);
  g_assert_nonnull (strstr (error->message, "it is a folder; choose a file name"));
  g_clear_error (&error);

  /* a FIFO is refused at once: opening it would wait for a reader */
  g_assert_false (gbacw_game_save_log (game, fifo, &error));
  assert_message (error, fifo);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_clear_error (&error);
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  g_assert_false (save_png (orphan, &error));
  g_assert_error (error, GBACW_EXPORT_ERROR, GBACW_EXPORT_ERROR_WRITE);
  assert_message (error, orphan);
  g_assert_nonnull (strstr (error->message, "does not exist; create it or save elsewhere"));
  g_assert_nonnull (strstr (error->message, "No file was created."));
  g_clear_error (&error);

  now = list_dir (dir);
  g_assert_cmpstr (now, ==, listing);
  remove_dir (dir);
}

/* Each errno has its own sentence saying what to do. */
static void
test_messages (void)
{
  static const struct { int errno_value; const char *says; } cases[] = {
    { ENOSPC, "the disk is full; free some space or save elsewhere" },
    { EDQUOT, "quota) is used up; free some space or save elsewhere" },
    { EFBIG, "too large for this disk" },
    { EACCES, "you may not write in the folder" },
    { EPERM, "you may not write in the folder" },
    { EROFS, "is on a read-only disk; save elsewhere" },
    { EIO, "the disk reported an error" },
    { ENAMETOOLONG, "the name is too long" },
    { EMFILE, "too many files are open" },
  };
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "T.xml", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint n = 1; n <= 2; n++)  /* creating the temporary file; writing it */
      {
        g_autoptr (GError) error = NULL;
        gbacw_safe_write_fail_call (n, cases[i].errno_value);
        g_assert_false (gbacw_safe_write_file (path, "x", 1, GBACW_SAFE_WRITE_BACKUP, &error));
        gbacw_safe_write_fail_call (0, 0);
        g_test_message ("%s", error->message);
        g_assert_error (error, G_FILE_ERROR, (int) g_file_error_from_errno (cases[i].errno_value));
        assert_message (error, path);
        g_assert_nonnull (strstr (error->message, cases[i].says));
        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
      }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---------------------------------------------------------------- the streaming writer */

static void
test_stream (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "big.bin", NULL);
  g_autoptr (GByteArray) data = g_byte_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *listing = NULL;
  GbacwSafeWriter *w;
  gsize length, offset = 0;
  GRand *rand = g_rand_new_with_seed (7);

  /* pieces from 0 bytes to larger than the writer's buffer */
  for (guint i = 0; i < 300 * 1024; i++)
    {
      guint8 b = (guint8) g_rand_int (rand);
      g_byte_array_append (data, &b, 1);
    }
  w = gbacw_safe_writer_open (path, GBACW_SAFE_WRITE_NONE, &error);
  g_assert_no_error (error);
  while (offset < data->len)
    {
      gsize piece = (gsize) g_rand_int_range (rand, 0, 100 * 1024);
      piece = MIN (piece, data->len - offset);
      g_assert_true (gbacw_safe_writer_write (w, data->data + offset, piece));
      offset += piece;
    }
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));  /* nothing in place before the commit */
  g_assert_true (gbacw_safe_writer_commit (w, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, data->data, data->len);
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "big.bin");

  /* aborted: the old file stays, no temporary file */
  w = gbacw_safe_writer_open (path, GBACW_SAFE_WRITE_BACKUP, &error);
  g_assert_no_error (error);
  g_assert_true (gbacw_safe_writer_write (w, "short", 5));
  gbacw_safe_writer_abort (w);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, data->data, data->len);
  g_clear_pointer (&listing, g_free);
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "big.bin");

  /* a failed write: later writes do nothing, the commit reports it */
  w = gbacw_safe_writer_open (path, GBACW_SAFE_WRITE_NONE, &error);
  g_assert_no_error (error);
  gbacw_safe_write_fail_call (1, ENOSPC);
  g_assert_false (gbacw_safe_writer_write (w, data->data, 200 * 1024));
  g_assert_true (gbacw_safe_writer_has_failed (w));
  g_assert_false (gbacw_safe_writer_write (w, "x", 1));
  g_assert_false (gbacw_safe_writer_commit (w, &error));
  gbacw_safe_write_fail_call (0, 0);
  assert_message (error, path);
  g_assert_nonnull (strstr (error->message, "the disk is full"));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, data->data, data->len);
  g_clear_pointer (&listing, g_free);
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "big.bin");

  g_rand_free (rand);
  remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  scenario = small_scenario (6, 6, 8);
  game = gbacw_game_new (scenario, 1, &error);
  g_assert_no_error (error);
  gbacw_game_log (game, "3.1", "a line for the log");

  for (guint i = 0; i < G_N_ELEMENTS (writers); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/safe-write/faults/%s", writers[i].name);
      g_test_add_data_func (test_path, &writers[i], test_faults);
    }
  g_test_add_func ("/safe-write/faults/scenario-without-hard-links", test_faults_without_hard_links);
  g_test_add_func ("/safe-write/full-disk", test_full_disk);
  g_test_add_func ("/safe-write/symlink", test_symlink);
  g_test_add_func ("/safe-write/hard-link", test_hard_link);
  g_test_add_func ("/safe-write/modes", test_modes);
  g_test_add_func ("/safe-write/refusals", test_refusals);
  g_test_add_func ("/safe-write/messages", test_messages);
  g_test_add_func ("/safe-write/stream", test_stream);
  status = g_test_run ();
  gbacw_game_free (game);
  gbacw_scenario_free (scenario);
  return status;
}
