/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-render.c: `gbacw render FILE -o OUT.png|svg|pdf`.
 *
 * Draws the map headless with the editor's export code (gbacw-map-export).
 * PNG and SVG: one image, --size (the longest side in pixels, as tmxrasterizer's
 * --size) or --zoom (pixels per hex radius). PDF: the map at its printed size,
 * tiled over A4 or Letter sheets.
 * Exit status: 0 success, 1 bad input or a file that cannot be written,
 * 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-render"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>

#include "gbacw-background-image.h"
#include "gbacw-map-export.h"
#include "gbacw-map-renderer.h"
#include "gbacw-scenario-io.h"

int gbacw_cmd_render (int argc, char **argv);

int gbacw_usage_error (GOptionContext *context, const char *message);  /* gbacw.c */

/* "terrain,grid,hex-numbers" or "all"; 0 and a message if a name is unknown. */
static guint
parse_layers (const char *list,
              char      **message)
{
  g_auto(GStrv) names = g_strsplit (list, ",", -1);
  guint layers = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      guint bit;

      if (name[0] == '\0')
        continue;
      if (g_str_equal (name, "all"))
        {
          layers |= GBACW_LAYER_BIT_ALL;
          continue;
        }
      bit = gbacw_layer_bit_from_string (name);
      if (bit == 0)
        {
          g_autoptr(GString) known = g_string_new ("all");
          for (guint k = 0; k < GBACW_N_LAYERS; k++)
            g_string_append_printf (known, ", %s", gbacw_layer_bit_to_string (1u << k));
          *message = g_strdup_printf (_("Unknown layer “%s” in --layers (layers: %s)"), name, known->str);
          return 0;
        }
      layers |= bit;
    }
  if (layers == 0)
    *message = g_strdup (_("--layers names no layer"));
  return layers;
}

int
gbacw_cmd_render (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *layer_list = NULL;
  g_autofree char *paper = NULL;
  int size = 0;
  double zoom = 0, hex_mm = GBACW_EXPORT_DEFAULT_HEX_MM;
  double overlap_mm = GBACW_EXPORT_DEFAULT_OVERLAP_MM, margin_mm = GBACW_EXPORT_DEFAULT_MARGIN_MM;
  gboolean no_index = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The file to write: .png, .svg or .pdf"), N_("OUT") },
    { "size", 0, 0, G_OPTION_ARG_INT, &size, N_("PNG, SVG: the longest side of the image, in pixels"), N_("PIXELS") },
    { "zoom", 0, 0, G_OPTION_ARG_DOUBLE, &zoom, N_("PNG, SVG: pixels per hex radius (default 24)"), N_("Z") },
    { "layers", 0, 0, G_OPTION_ARG_STRING, &layer_list,
      N_("Comma-separated layers: background, terrain, elevation, hexsides, roads, areas, labels, grid, "
         "hex-numbers, units (default: all)"), N_("LIST") },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper, N_("PDF: a4 (default), letter, a3, legal, tabloid or a5"), N_("PAPER") },
    { "hex-size", 0, 0, G_OPTION_ARG_DOUBLE, &hex_mm, N_("PDF: hex width across the flats in mm (default 16)"), N_("MM") },
    { "overlap", 0, 0, G_OPTION_ARG_DOUBLE, &overlap_mm, N_("PDF: overlap of adjacent sheets in mm (default 12)"), N_("MM") },
    { "margin", 0, 0, G_OPTION_ARG_DOUBLE, &margin_mm, N_("PDF: unprinted margin of each sheet in mm (default 12)"), N_("MM") },
    { "no-index", 0, 0, G_OPTION_ARG_NONE, &no_index, N_("PDF: leave out the first page showing how the sheets fit"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("FILE -o OUT — draw the map as a PNG, SVG or printable PDF"));
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwScenario) scenario = NULL;
  g_autoptr(GbacwBackgroundImage) background = NULL;
  g_autofree char *message = NULL;
  GbacwExportOptions options;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return gbacw_usage_error (context, error->message);
  if (argc != 2)
    return gbacw_usage_error (context, argc < 2 ? _("Missing arguments") : _("Too many arguments"));
  if (output == NULL)
    return gbacw_usage_error (context, _("Name the file to write with -o OUT"));

  gbacw_export_options_init (&options);
  if (!gbacw_export_format_from_path (output, &options.format))
    return gbacw_usage_error (context, _("The output file must end in .png, .svg or .pdf"));
  if (size < 0 || size > GBACW_EXPORT_MAX_PIXELS)
    return gbacw_usage_error (context, _("--size must be from 1 to 32767"));
  if (zoom < 0 || zoom > 10000)
    return gbacw_usage_error (context, _("--zoom must be a positive number of pixels per hex radius"));
  if (size > 0 && zoom > 0)
    return gbacw_usage_error (context, _("Give --size or --zoom, not both"));
  if (options.format == GBACW_EXPORT_PDF && (size > 0 || zoom > 0))
    return gbacw_usage_error (context, _("A PDF is drawn at true size: use --hex-size, not --size or --zoom"));
  if (paper != NULL && !gbacw_paper_from_string (paper, &options.paper))
    return gbacw_usage_error (context, _("--paper must be a4, letter, a3, legal, tabloid or a5"));
  if (layer_list != NULL)
    {
      options.layers = parse_layers (layer_list, &message);
      if (options.layers == 0)
        return gbacw_usage_error (context, message);
    }
  options.size = size;
  options.zoom = zoom;
  options.hex_mm = hex_mm;
  options.overlap_mm = overlap_mm;
  options.margin_mm = margin_mm;
  options.index_page = !no_index;
  if (options.format == GBACW_EXPORT_PDF)
    {
      GbacwPageLayout layout;
      /* Options out of range are a usage error; check them before loading. */
      GbacwHexGrid grid;
      g_autoptr(GbacwScenario) probe = NULL;
      gbacw_hex_grid_init_default (&grid, 1, 1);
      probe = gbacw_scenario_new (&grid);
      if (!gbacw_map_export_get_page_layout (probe, &options, &layout, &error))
        return gbacw_usage_error (context, error->message);
    }

  scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }

  /* A scenario is often shared without its scan: draw without it rather than fail. */
  if ((options.layers & GBACW_LAYER_BIT_BACKGROUND) && scenario->map->background.file != NULL &&
      scenario->map->background.file[0] != '\0')
    {
      g_autofree char *image_path = gbacw_background_image_resolve_path (argv[1], scenario->map->background.file);
      g_autoptr(GError) image_error = NULL;

      background = gbacw_background_image_new_from_file (image_path, &image_error);
      if (background == NULL)
        g_printerr (_("gbacw: warning: %s: background image not drawn: %s\n"), argv[1], image_error->message);
    }
  options.background = background;

  if (!gbacw_map_export (scenario, &options, output, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  return 0;
}
