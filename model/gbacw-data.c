/* gbacw-data.c: locating shipped data files. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-data.h"

char *
gbacw_data_find (const char *relative_path)
{
  const char *dirs[3] = { g_getenv ("GBACW_DATADIR"), NULL, NULL };
#ifdef SOURCE_DATADIR
  dirs[1] = SOURCE_DATADIR;
#endif
#ifdef PKGDATADIR
  dirs[2] = PKGDATADIR;
#endif
  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      if (dirs[i] == NULL || *dirs[i] == '\0')
        continue;
      g_autofree char *path = g_build_filename (dirs[i], relative_path, NULL);
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&path);
    }
  return NULL;
}
