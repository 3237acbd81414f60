/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-chart-library-read.c: reading chart library files (<charts>, docs/file-format.md):
 * a terrain catalogue merged into the one given and charts that replace those of the same
 * id, with the scenario reader's parsing, validation and catalogue checks
 * (gbacw-scenario-io-private.h). Nothing changes unless the whole file loads. */
#define G_LOG_DOMAIN "gbacw-chart-library-read"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "gbacw"
#endif

#include "gbacw-scenario-io-private.h"

#include "gbacw-file-read.h"

#include <glib/gi18n-lib.h>

static const char *chart_id (gpointer p) { return ((GbacwChart *) p)->id; }

gboolean
gbacw_charts_load_file (const char *path, GbacwCatalogue *catalogue, GPtrArray *charts, GError **error)
{
  g_autofree char *display_name = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GPtrArray) new_charts = NULL;
  GbacwCatalogue parsed, merged;
  CatalogueNodes nodes;
  Loader ld;
  xmlDocPtr doc;
  gsize length;
  const char *data;
  gboolean ok = FALSE;

  g_return_val_if_fail (path != NULL && catalogue != NULL && charts != NULL, FALSE);
  display_name = g_filename_display_name (path);
  bytes = gbacw_file_read (path, GBACW_FILE_KIND_CHART_LIBRARY, error);
  if (!bytes)
    return FALSE;

  gbacw_scenario_io_loader_init (&ld, display_name);
  data = g_bytes_get_data (bytes, &length);
  doc = gbacw_scenario_io_parse_document (&ld, data ? data : "", length, "charts");
  if (doc)
    {
      xmlNode *root = xmlDocGetRootElement (doc);
      xmlNode *cat_node = gbacw_scenario_io_child_element (root, "terrain-catalogue");

      gbacw_scenario_io_catalogue_init_empty (&parsed);
      gbacw_scenario_io_catalogue_nodes_init (&nodes);
      new_charts = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_chart_free);
      ok = TRUE;
      if (cat_node)
        {
          GbacwCatalogue parsed_copy;
          ok = gbacw_scenario_io_load_catalogue (&ld, cat_node, &parsed, &nodes);
          if (ok)
            {
              gbacw_catalogue_copy (&merged, catalogue);
              gbacw_catalogue_copy (&parsed_copy, &parsed);
              gbacw_scenario_io_catalogue_merge (&merged, &parsed_copy);
              ok = gbacw_scenario_io_check_catalogue (&ld, cat_node, &merged, &parsed, &nodes);
              gbacw_catalogue_clear (&parsed_copy);
              gbacw_catalogue_clear (&merged);
            }
        }
      ok = ok && gbacw_scenario_io_load_charts (&ld, root, new_charts);
      if (ok)
        {
          gbacw_scenario_io_catalogue_merge (catalogue, &parsed);
          for (guint i = 0; i < new_charts->len; i++)
            {
              GbacwChart *chart = g_ptr_array_index (new_charts, i);
              g_ptr_array_index (new_charts, i) = NULL;
              gbacw_scenario_io_replace_or_append (charts, chart, chart->id, chart_id);
            }
        }
      gbacw_catalogue_clear (&parsed);
      gbacw_scenario_io_catalogue_nodes_clear (&nodes);
      xmlFreeDoc (doc);
    }
  if (!ok)
    {
      if (!ld.error)
        fail_at (&ld, GBACW_IO_ERROR_INVALID, 0, _("the file could not be loaded"));
      g_propagate_error (error, g_steal_pointer (&ld.error));
    }
  gbacw_scenario_io_loader_clear (&ld);
  return ok;
}
