/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-file-read.c: the readers of users' files.
 *
 * Every reader of a user's file refuses what is not a regular file (a
 * named pipe, a device, a folder, a socket) and a file over its limit, without blocking
 * and without reading it (gbacw-file-read.h): the scenario, the chart library, the game
 * record and the scenario it names, the roster, the background image, the samples file of
 * gbacw trace. The files over
 * the limit are sparse (truncate): nothing is written. A reader that blocks is stopped
 * by alarm () and fails the test. The game records of tests/io/records are refused by
 * their schema (data/gbacw-game-record.rng) with their line and plain words. */
#define G_LOG_DOMAIN "test-file-read"

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "gbacw-background-image.h"
#include "gbacw-file-read.h"
#include "gbacw-game.h"
#include "gbacw-scenario-io.h"
#include "gbacw-trace.h"

static char *tmp_dir;

typedef gboolean (*ReadFunc) (const char *path, GError **error);

static gboolean
read_scenario (const char *path, GError **error)
{
  g_autoptr (GbacwScenario) s = gbacw_scenario_load_file (path, error);
  return s != NULL;
}

static gboolean
read_charts (const char *path, GError **error)
{
  GbacwHexGrid grid;
  g_autoptr (GbacwScenario) s = NULL;

  gbacw_hex_grid_init_default (&grid, 1, 1);
  s = gbacw_scenario_new (&grid);
  return gbacw_charts_load_file (path, &s->catalogue, s->charts, error);
}

static gboolean
read_record (const char *path, GError **error)
{
  g_autoptr (GbacwGame) game = gbacw_game_load (path, error);
  return game != NULL;
}

/* a record whose scenario= names path */
static gboolean
read_record_scenario (const char *path, GError **error)
{
  g_autofree char *record = g_build_filename (tmp_dir, "names.xml", NULL);
  g_autofree char *text = g_markup_printf_escaped ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                                   "<game xmlns=\"urn:gbacw:game\" version=\"1\" scenario=\"%s\" "
                                                   "seed=\"1\">\n</game>\n", path);
  g_autoptr (GbacwGame) game = NULL;

  g_assert_true (g_file_set_contents (record, text, -1, NULL));
  game = gbacw_game_load (record, error);
  g_unlink (record);
  if (game == NULL && error && *error)
    g_assert_true (g_str_has_prefix ((*error)->message, record));
  return game != NULL;
}

static gboolean
read_roster (const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = gbacw_file_read (path, GBACW_FILE_KIND_ROSTER, error);
  return bytes != NULL;
}

static gboolean
read_image (const char *path, GError **error)
{
  g_autoptr (GbacwBackgroundImage) image = gbacw_background_image_new_from_file (path, error);
  return image != NULL;
}

static gboolean
read_trace_samples (const char *path, GError **error)
{
  GbacwHexGrid grid;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GPtrArray) samples = NULL;

  gbacw_hex_grid_init_default (&grid, 1, 1);
  s = gbacw_scenario_new (&grid);
  samples = gbacw_trace_samples_load (s, path, error);
  return samples != NULL;
}

typedef struct {
  const char *name;
  ReadFunc read;
  GbacwFileKind kind;
  const char *give;      /* the end of the not-a-file message */
  const char *what;      /* "a scenario may be at most" */
} Reader;

static const Reader readers[] = {
  { "scenario", read_scenario, GBACW_FILE_KIND_SCENARIO, "give the path of a scenario file", "a scenario may be at most 256 MiB" },
  { "charts", read_charts, GBACW_FILE_KIND_CHART_LIBRARY, "give the path of a chart library file", "a chart library may be at most 256 MiB" },
  { "record", read_record, GBACW_FILE_KIND_GAME_RECORD, "give the path of a game record file", "a game record may be at most 256 MiB" },
  { "record-scenario", read_record_scenario, GBACW_FILE_KIND_SCENARIO, "give the path of a scenario file", "a scenario may be at most 256 MiB" },
  { "roster", read_roster, GBACW_FILE_KIND_ROSTER, "give the path of a roster (CSV) file", "a roster may be at most 64 MiB" },
  { "image", read_image, GBACW_FILE_KIND_IMAGE, "give the path of an image file (PNG or JPEG)", "an image may be at most 256 MiB" },
  { "trace-samples", read_trace_samples, GBACW_FILE_KIND_TRACE_SAMPLES, "give the path of a samples file (gbacw trace --samples)", "a samples file may be at most 16 MiB" },
};

static void
expect_refused (const Reader *r, const char *path, const char *text)
{
  g_autoptr (GError) error = NULL;

  alarm (10);  /* a reader that blocks fails the test */
  g_assert_false (r->read (path, &error));
  alarm (0);
  g_assert_nonnull (error);
  g_test_message ("%s: %s", r->name, error->message);
  if (strstr (error->message, text) == NULL)
    g_error ("%s, %s: “%s” is not in: %s", r->name, path, text, error->message);
}

static void
test_fifo (gconstpointer data)
{
  const Reader *r = data;
  g_autofree char *path = g_build_filename (tmp_dir, "pipe.xml", NULL);
  g_autofree char *text = NULL;

  g_unlink (path);
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  text = g_strdup_printf ("pipe.xml is a named pipe, not a file: %s", r->give);
  expect_refused (r, path, text);
  g_unlink (path);
}

static void
test_device (gconstpointer data)
{
  const Reader *r = data;
  g_autofree char *text = g_strdup_printf ("/dev/zero is a character device, not a file: %s", r->give);

  expect_refused (r, "/dev/zero", text);
}

static void
test_folder (gconstpointer data)
{
  const Reader *r = data;
  g_autofree char *text = g_strdup_printf (" is a folder, not a file: %s", r->give);

  expect_refused (r, tmp_dir, text);
}

static void
test_socket (gconstpointer data)
{
  const Reader *r = data;
  g_autofree char *path = g_build_filename (tmp_dir, "sock", NULL);
  g_autofree char *text = g_strdup_printf ("sock is a socket, not a file: %s", r->give);
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpuint (strlen (path), <, sizeof addr.sun_path);
  strcpy (addr.sun_path, path);
  g_unlink (path);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  expect_refused (r, path, text);
  close (fd);
  g_unlink (path);
}

/* one byte over the limit, sparse: refused before a byte is read */
static void
test_over_limit (gconstpointer data)
{
  const Reader *r = data;
  g_autofree char *path = g_build_filename (tmp_dir, "huge", NULL);
  guint64 limit = gbacw_file_kind_limit (r->kind);
  g_autofree char *text = g_strdup_printf ("huge is %" G_GUINT64_FORMAT " MiB; %s", limit / (1024 * 1024) + 1, r->what);
  int fd = g_open (path, O_CREAT | O_WRONLY | O_TRUNC, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t) limit + 1), ==, 0);
  close (fd);
  expect_refused (r, path, text);
  g_unlink (path);
}

/* a file that says it is empty and is not (as /proc files do), or that grows while it is
 * read, is read up to the limit and refused */
static void
test_grows (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;

  if (!g_file_test ("/proc/self/status", G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("no /proc/self/status");
      return;
    }
  bytes = gbacw_file_read_limited ("/proc/self/status", GBACW_FILE_KIND_SCENARIO, 16, &error);
  g_assert_null (bytes);
  g_assert_error (error, GBACW_FILE_READ_ERROR, GBACW_FILE_READ_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "/proc/self/status grew past 16 bytes while it was read; a scenario may be at most 16 bytes"));
}

static void
test_small_limit_and_missing (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "small.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;

  g_assert_true (g_file_set_contents (path, "0123456789abcdef", -1, NULL));
  bytes = gbacw_file_read_limited (path, GBACW_FILE_KIND_ROSTER, 10, &error);
  g_assert_null (bytes);
  g_assert_error (error, GBACW_FILE_READ_ERROR, GBACW_FILE_READ_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "small.csv is 16 bytes; a roster may be at most 10 bytes"));
  g_clear_error (&error);
  bytes = gbacw_file_read_limited (path, GBACW_FILE_KIND_ROSTER, 16, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 16);
  g_clear_pointer (&bytes, g_bytes_unref);
  g_unlink (path);
  bytes = gbacw_file_read (path, GBACW_FILE_KIND_ROSTER, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_true (g_str_has_prefix (error->message, path));
}

/* Broken game records (tests/io/records): refused by the schema with the line and words. */
typedef struct {
  const char *file;
  int line;
  const char *text;
} RecordCase;

static const RecordCase record_cases[] = {
  { "version-abc", 2, "<game>: version=\"abc\" is not allowed here: it may be “1”" },
  { "wrong-namespace", 2, "this is not a gbacw game record: its root element <game> is not in the namespace urn:gbacw:game" },
  { "unknown-attribute", 4, "<end-phase>: unknown attribute “when”" },
  { "unknown-element", 4, "the element <surrender> is not allowed here" },
  { "duplicate-attribute", 2, "an attribute is given twice in one element" },
  { "nul-byte", 4, "the file has a NUL (zero) byte on this line" },
  { "stray-text", 4, "<game>: text is not allowed here" },
  { "bad-seed", 2, "<game>: seed=\"abc\" is not allowed here: it may be a whole number from 0 to 4294967295" },
  { "bad-seed-own-line", 4, "<game>: seed=\"4294967296\" is not allowed here" },
  { "broken-scenario", 2, "the scenario it plays, ../broken/truncated.xml, could not be loaded: " },
};

static void
test_record (gconstpointer data)
{
  const RecordCase *c = data;
  g_autofree char *name = g_strconcat (c->file, ".xml", NULL);
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "io", "records", name, NULL);
  g_autofree char *where = g_strdup_printf ("%s:%d: ", path, c->line);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_load (path, &error);

  g_assert_null (game);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  if (!g_str_has_prefix (error->message, where) || strstr (error->message, c->text) == NULL)
    g_error ("%s: expected %s… %s, got: %s", c->file, where, c->text, error->message);
  /* the scenario's own error keeps its file and line */
  if (g_str_equal (c->file, "broken-scenario"))
    g_assert_nonnull (strstr (error->message, "truncated.xml:40: the file is not well-formed XML"));
}

static void
test_record_valid (void)
{
  g_autofree char *path = g_build_filename (TEST_SRCDIR, "io", "records", "valid.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_cmpuint (game->actions->len, ==, 2);
}

int
main (int argc, char **argv)
{
  static const struct {
    const char *name;
    GTestDataFunc func;
  } cases[] = {
    { "fifo", test_fifo }, { "device", test_device }, { "folder", test_folder },
    { "socket", test_socket }, { "over-limit", test_over_limit },
  };
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("gbacw-file-read-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint i = 0; i < G_N_ELEMENTS (readers); i++)
      {
        g_autofree char *name = g_strdup_printf ("/file-read/%s/%s", cases[c].name, readers[i].name);
        g_test_add_data_func (name, &readers[i], cases[c].func);
      }
  for (guint i = 0; i < G_N_ELEMENTS (record_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/record/broken/%s", record_cases[i].file);
      g_test_add_data_func (name, &record_cases[i], test_record);
    }
  g_test_add_func ("/record/valid", test_record_valid);
  g_test_add_func ("/file-read/grows", test_grows);
  g_test_add_func ("/file-read/small-limit-and-missing", test_small_limit_and_missing);
  status = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
