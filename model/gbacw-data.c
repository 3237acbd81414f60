/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-data.c: locating shipped data files (gbacw-data.h). */
#define G_LOG_DOMAIN "gbacw-data"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdlib.h>
#include <string.h>

#include "gbacw-data.h"

/* The rest of path below the directory base ("" for base itself), or NULL. */
static const char *
path_below (const char *path, const char *base)
{
  gsize len = strlen (base);

  while (len > 0 && base[len - 1] == '/')
    len--;
  if (strncmp (path, base, len) != 0)
    return NULL;
  if (path[len] == '\0')
    return path + len;
  if (path[len] != '/')
    return NULL;
  while (path[len] == '/')
    len++;
  return path + len;
}

/* The prefix the running program is installed in, or NULL when it is not in
 * PREFIX/BINDIR (or its location is unknown). */
static const char *
runtime_prefix (void)
{
  static char *prefix = NULL;
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
#if defined(GBACW_PREFIX) && defined(GBACW_BINDIR)
      const char *bindir = path_below (GBACW_BINDIR, GBACW_PREFIX);
      g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

      if (bindir != NULL && *bindir != '\0' && exe != NULL && g_path_is_absolute (exe))
        {
          g_autofree char *dir = g_path_get_dirname (exe);
          gsize dir_len = strlen (dir), bin_len = strlen (bindir);

          if (dir_len > bin_len && strcmp (dir + dir_len - bin_len, bindir) == 0 && dir[dir_len - bin_len - 1] == '/')
            prefix = dir_len - bin_len - 1 == 0 ? g_strdup ("/") : g_strndup (dir, dir_len - bin_len - 1);
        }
#endif
      g_once_init_leave (&done, 1);
    }
  return prefix;
}

char *
gbacw_data_relocate (const char *configured_dir)
{
  const char *prefix = runtime_prefix ();
  const char *below = NULL;

#ifdef GBACW_PREFIX
  below = path_below (configured_dir, GBACW_PREFIX);
#endif
  if (prefix == NULL || below == NULL)
    return g_strdup (configured_dir);
  return g_build_filename (prefix, below, NULL);
}

char *
gbacw_data_locale_dir (void)
{
  const char *env = g_getenv ("GBACW_LOCALEDIR");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
#ifdef LOCALEDIR
  return gbacw_data_relocate (LOCALEDIR);
#else
  return g_strdup ("");
#endif
}

const char *
gbacw_data_dir (void)
{
  static char *installed = NULL;
  static gsize done = 0;
  const char *env = g_getenv ("GBACW_DATADIR");

  if (env != NULL && *env != '\0')
    return env;
  if (g_once_init_enter (&done))
    {
#ifdef PKGDATADIR
      installed = gbacw_data_relocate (PKGDATADIR);
#else
      installed = g_strdup ("");
#endif
      g_once_init_leave (&done, 1);
    }
  return installed;
}

char *
gbacw_data_find (const char *relative_path)
{
  const char *dir = gbacw_data_dir ();
  g_autofree char *path = NULL;

  if (*dir == '\0')
    return NULL;
  path = g_build_filename (dir, relative_path, NULL);
  return g_file_test (path, G_FILE_TEST_EXISTS) ? g_steal_pointer (&path) : NULL;
}

gboolean
gbacw_data_is_shipped (const char *path)
{
  const char *dir = gbacw_data_dir ();
  g_autofree char *real_dir = NULL;
  g_autofree char *real_path = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  if (*dir == '\0')
    return FALSE;
  real_dir = realpath (dir, NULL);
  real_path = realpath (path, NULL);
  return real_dir != NULL && real_path != NULL && path_below (real_path, real_dir) != NULL;
}
