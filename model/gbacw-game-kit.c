/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game-kit.c: the shipped game kits, and new scenarios started from one. */
#define G_LOG_DOMAIN "gbacw-game-kit"

#include "config.h"

#include "gbacw-game-kit.h"

#include <glib/gi18n-lib.h>

#include "gbacw-data.h"
#include "gbacw-scenario-io.h"

void
gbacw_game_kit_free (GbacwGameKit *kit)
{
  if (kit == NULL)
    return;
  g_free (kit->path);
  g_free (kit->title);
  g_free (kit->game);
  g_free (kit);
}

static int
compare_kits (gconstpointer a,
              gconstpointer b)
{
  const GbacwGameKit *x = *(GbacwGameKit *const *) a, *y = *(GbacwGameKit *const *) b;
  int order = g_utf8_collate (x->title, y->title);

  return order != 0 ? order : g_strcmp0 (x->path, y->path);
}

/* The kits of one folder of games/. */
static void
add_kits (GPtrArray  *kits,
          const char *folder,
          const char *folder_name)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GbacwScenario) scenario = NULL;
      g_autoptr(GError) error = NULL;
      GbacwGameKit *kit;

      if (!g_str_has_suffix (name, ".xml"))
        continue;
      path = g_build_filename (folder, name, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;
      scenario = gbacw_scenario_load_file (path, &error);
      if (scenario == NULL)
        {
          g_warning ("The game kit %s is left out: %s", path, error->message);
          continue;
        }
      kit = g_new0 (GbacwGameKit, 1);
      kit->path = g_steal_pointer (&path);
      kit->title = g_strdup (scenario->info.title != NULL && scenario->info.title[0] != '\0' ? scenario->info.title
                                                                                           : folder_name);
      kit->game = g_strdup (scenario->info.game);
      g_ptr_array_add (kits, kit);
    }
}

GPtrArray *
gbacw_game_kits_find (void)
{
  GPtrArray *kits = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_game_kit_free);
  g_autofree char *games = g_build_filename (gbacw_data_dir (), "games", NULL);
  g_autoptr(GDir) dir = g_dir_open (games, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *folder = g_build_filename (games, name, NULL);

      if (name[0] != '.' && g_file_test (folder, G_FILE_TEST_IS_DIR))
        add_kits (kits, folder, name);
    }
  g_ptr_array_sort (kits, compare_kits);
  return kits;
}

GbacwScenario *
gbacw_scenario_new_from (const GbacwScenario *source,
                         const GbacwHexGrid  *grid,
                         const char          *title,
                         const char          *fill_terrain,
                         GError             **error)
{
  g_autoptr(GbacwScenario) scenario = NULL;
  int fill = -1;

  g_return_val_if_fail (source != NULL, NULL);
  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_hex_grid_validate (grid, error))
    return NULL;
  if (fill_terrain != NULL)
    {
      fill = gbacw_catalogue_find_hex_terrain (&source->catalogue, fill_terrain);
      if (fill < 0)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       _("The terrain “%s” to fill the map with is not in the terrain catalogue"), fill_terrain);
          return NULL;
        }
    }

  scenario = gbacw_scenario_new (grid);
  gbacw_catalogue_clear (&scenario->catalogue);
  gbacw_catalogue_copy (&scenario->catalogue, &source->catalogue);
  for (guint i = 0; i < source->charts->len; i++)
    g_ptr_array_add (scenario->charts, gbacw_chart_copy (g_ptr_array_index (source->charts, i)));
  /* and its sides, without units: units can only be added to a side */
  for (guint i = 0; i < source->oob.sides->len; i++)
    g_ptr_array_add (scenario->oob.sides, gbacw_side_copy (g_ptr_array_index (source->oob.sides, i)));
  gbacw_oob_reindex (&scenario->oob);
  scenario->info.title = g_strdup (title != NULL && title[0] != '\0' ? title : _("New scenario"));
  if (source->info.game != NULL)
    scenario->info.game = g_strdup (source->info.game);
  if (fill >= 0)
    for (int h = 0; h < gbacw_hex_grid_n_hexes (grid); h++)
      scenario->map->terrain[h] = G_GUINT64_CONSTANT (1) << fill;
  return g_steal_pointer (&scenario);
}
