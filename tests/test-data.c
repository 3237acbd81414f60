/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-data.c: every file shipped in data/ loads and saves back byte for byte
 * (the program writes its files in one canonical form, so they diff well). */
#define G_LOG_DOMAIN "test-data"

#include <glib.h>
#include <string.h>

#include "gbacw-scenario-io.h"

static const char *datadir;

static void
assert_same_bytes (const char *path, GBytes *saved)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  gsize saved_length = 0;
  const char *saved_data = g_bytes_get_data (saved, &saved_length);
  if (saved_length != length || memcmp (saved_data, contents, length) != 0)
    {
      /* name the first line that differs */
      guint line = 1;
      for (gsize i = 0; i < MIN (length, saved_length); i++)
        {
          if (contents[i] != saved_data[i])
            break;
          if (contents[i] == '\n')
            line++;
        }
      g_error ("%s: saving does not give the same bytes (first difference on line %u)", path, line);
    }
}

static void
test_scenario_round_trip (gconstpointer data)
{
  const char *path = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_autoptr (GBytes) saved = gbacw_scenario_save_to_bytes (s);
  assert_same_bytes (path, saved);
}

static void
test_charts_round_trip (gconstpointer data)
{
  const char *path = data;
  g_autoptr (GError) error = NULL;
  GbacwHexGrid grid;
  gbacw_hex_grid_init_default (&grid, 1, 1);
  g_autoptr (GbacwScenario) s = gbacw_scenario_new (&grid);

  g_assert_true (gbacw_charts_load_file (path, &s->catalogue, s->charts, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (s->charts->len, >, 0);
  g_autoptr (GBytes) saved = gbacw_charts_save_to_bytes (&s->catalogue, s->charts);
  assert_same_bytes (path, saved);
}

static void
add_folder (const char *folder, GTestDataFunc func)
{
  g_autofree char *dir_path = g_build_filename (datadir, folder, NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    if (g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (names, g_strdup (name));
  g_assert_cmpuint (names->len, >, 0);
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *test_path = g_strdup_printf ("/data/%s/%s", folder, file);
      g_test_add_data_func_full (test_path, g_build_filename (dir_path, file, NULL), func, g_free);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  datadir = g_getenv ("GBACW_DATADIR");
  if (datadir == NULL)
    g_error ("GBACW_DATADIR must name the data folder");
  add_folder ("scenarios", test_scenario_round_trip);
  add_folder ("charts", test_charts_round_trip);
  return g_test_run ();
}
