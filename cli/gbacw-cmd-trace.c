/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-trace.c: `gbacw trace SCENARIO --samples FILE -o OUT [--report]`: terrain
 * proposed for the unpainted hexes from the scenario's calibrated scan (render/gbacw-trace.h),
 * by the example of the sample hexes the samples file names, and with its `elevation LEVEL
 * HEX…` lines each hex's level from the map's shading; OUT is the scenario with the
 * proposals at or above --min-confidence painted, for review in the editor. The scan and
 * SCENARIO are never changed.
 *
 * Exit status: 0 success, 1 bad input (a file that cannot be read or written, a mistake in
 * the samples file, no calibrated scan), 2 usage error.
 */
#define G_LOG_DOMAIN "gbacw-cmd-trace"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-map-edit.h"
#include "gbacw-scenario-io.h"
#include "gbacw-trace.h"

int gbacw_cmd_trace (int argc, char **argv);

int gbacw_usage_error (GOptionContext *context, const char *message);  /* gbacw.c */

#define DEFAULT_MIN_CONFIDENCE 0.2

static const char *
terrain_id (const GbacwScenario *scenario, int terrain)
{
  if (terrain < 0)
    return "-";
  return ((const GbacwHexTerrain *) g_ptr_array_index (scenario->catalogue.hex_terrains, terrain))->id;
}

static const char *
status_word (GbacwTraceStatus status)
{
  switch (status)
    {
    case GBACW_TRACE_PROPOSED: return "proposed";
    case GBACW_TRACE_SAMPLE: return "sample";
    case GBACW_TRACE_SKIPPED: return "painted";
    case GBACW_TRACE_OFF_SCAN: return "off-scan";
    default: break;
    }
  return "proposed";
}

/* Whether OUT gets hex's proposal: an unpainted sample hex always, a proposal at or above min. */
static gboolean
is_painted (const GbacwScenario *scenario, const GbacwTraceProposal *proposals, int hex, double min_confidence)
{
  const GbacwTraceProposal *p = &proposals[hex];

  if (scenario->map->terrain[hex] != 0)
    return FALSE;
  return p->status == GBACW_TRACE_SAMPLE || (p->status == GBACW_TRACE_PROPOSED && p->confidence >= min_confidence);
}

/* A hexside as a user names it: an on-map hex of its two and the direction from it. */
static char *
hexside_label (const GbacwHexGrid *grid, GbacwHexsideId id)
{
  GbacwHex a, b;
  int direction;
  g_autofree char *label = NULL;

  gbacw_hex_grid_hexside_hexes (grid, id, &a, &direction, &b);
  if (!gbacw_hex_grid_contains (grid, a))
    {
      a = b;
      direction = gbacw_hex_direction_opposite (direction);
    }
  label = gbacw_hex_grid_format_label (grid, a);
  return g_strdup_printf ("%s/%s", label, gbacw_hex_direction_name (grid->orientation, direction));
}

/* A line link as the two hexes it joins. */
static char *
link_hexes_label (const GbacwHexGrid *grid, GbacwHexsideId id)
{
  GbacwHex a, b;
  g_autofree char *la = NULL, *lb = NULL;

  gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
  la = gbacw_hex_grid_format_label (grid, a);
  lb = gbacw_hex_grid_format_label (grid, b);
  return g_strdup_printf ("%s-%s", la, lb);
}

static const char *
link_type_id (const GbacwScenario *scenario, const GbacwTraceLink *l)
{
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    return ((const GbacwHexsideType *) g_ptr_array_index (scenario->catalogue.hexside_types, l->type))->id;
  return ((const GbacwLineType *) g_ptr_array_index (scenario->catalogue.line_types, l->type))->id;
}

static char *
link_label (const GbacwScenario *scenario, const GbacwTraceLink *l)
{
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    return hexside_label (&scenario->map->grid, l->hexside);
  return link_hexes_label (&scenario->map->grid, l->hexside);
}

/* Whether OUT gets the link: at or above min, on a hexside with nothing of its kind yet. */
static gboolean
link_is_painted (const GbacwScenario *scenario, const GbacwTraceLink *l, double min_confidence)
{
  if (l->confidence < min_confidence)
    return FALSE;
  if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
    return scenario->map->hexside_features[l->hexside] == 0;
  return scenario->map->hexside_lines[l->hexside] == 0;
}

static void
print_links_text (const GbacwScenario *scenario, const GArray *links, double min_confidence)
{
  g_print ("\n%-12s %-8s %-14s %-10s %-12s %-6s %s\n", _("HEXSIDE"), _("KIND"), _("TYPE"), _("CONFIDENCE"),
           _("CHAIN"), _("LENGTH"), _("IN OUT"));
  for (guint i = 0; i < links->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
      g_autofree char *label = link_label (scenario, l);
      g_autofree char *first = link_label (scenario, &g_array_index (links, GbacwTraceLink, l->chain));

      g_print ("%-12s %-8s %-14s %-10.2f %-12s %-6d %s\n", label,
               l->kind == GBACW_TRACE_LINK_HEXSIDE ? "hexside" : "line", link_type_id (scenario, l), l->confidence,
               first, l->chain_length,
               link_is_painted (scenario, l, min_confidence) ? _("yes") : _("no"));
    }
}

static void
print_links_json (const GbacwScenario *scenario, const GArray *links, double min_confidence)
{
  for (int kind = GBACW_TRACE_LINK_HEXSIDE; kind <= GBACW_TRACE_LINK_LINE; kind++)
    {
      gboolean first = TRUE;

      g_print (",\n\"%s\": [", kind == GBACW_TRACE_LINK_HEXSIDE ? "hexsides" : "lines");
      for (guint i = 0; i < links->len; i++)
        {
          const GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
          g_autofree char *label = NULL, *chain = NULL;

          if ((int) l->kind != kind)
            continue;
          label = link_label (scenario, l);
          chain = link_label (scenario, &g_array_index (links, GbacwTraceLink, l->chain));
          g_print ("%s\n  {\"%s\": \"%s\", \"type\": \"%s\", \"confidence\": %.3f, \"coverage\": %.3f, "
                   "\"width\": %.3f, \"chain\": \"%s\", \"chain_length\": %d, \"painted\": %s}",
                   first ? "" : ",", kind == GBACW_TRACE_LINK_HEXSIDE ? "hexside" : "hexes", label,
                   link_type_id (scenario, l), l->confidence, l->coverage, l->width, chain, l->chain_length,
                   link_is_painted (scenario, l, min_confidence) ? "true" : "false");
          first = FALSE;
        }
      g_print ("\n]");
    }
}

static void
print_report_text (const GbacwScenario *scenario, const GbacwTraceProposal *proposals, double min_confidence)
{
  const GbacwHexGrid *grid = &scenario->map->grid;

  g_print ("%-8s %-9s %-16s %-10s %-16s %s\n", _("HEX"), _("STATUS"), _("TERRAIN"), _("CONFIDENCE"), _("NEXT"),
           _("IN OUT"));
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      const GbacwTraceProposal *p = &proposals[i];
      g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, i));
      char confidence[G_ASCII_DTOSTR_BUF_SIZE] = "-";

      if (p->terrain >= 0)
        g_snprintf (confidence, sizeof confidence, "%.2f", p->confidence);
      g_print ("%-8s %-9s %-16s %-10s %-16s %s\n", label, status_word (p->status), terrain_id (scenario, p->terrain),
               confidence, terrain_id (scenario, p->runner_up),
               is_painted (scenario, proposals, i, min_confidence) ? _("yes") : _("no"));
    }
}

static void
print_report_json (const GbacwScenario *scenario, const GbacwTraceProposal *proposals, double min_confidence)
{
  const GbacwHexGrid *grid = &scenario->map->grid;

  g_print ("{\"min_confidence\": %.3f, \"hexes\": [", min_confidence);
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      const GbacwTraceProposal *p = &proposals[i];
      g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, i));

      g_print ("%s\n  {\"hex\": \"%s\", \"status\": \"%s\"", i ? "," : "", label, status_word (p->status));
      /* ids are [A-Za-z0-9_.-]+ (docs/file-format.md): nothing to escape */
      if (p->terrain >= 0)
        g_print (", \"terrain\": \"%s\", \"confidence\": %.3f", terrain_id (scenario, p->terrain), p->confidence);
      if (p->runner_up >= 0)
        g_print (", \"next\": \"%s\", \"distance\": %.3f", terrain_id (scenario, p->runner_up), p->distance);
      g_print (", \"painted\": %s}", is_painted (scenario, proposals, i, min_confidence) ? "true" : "false");
    }
  g_print ("\n]");
}

/* Whether OUT gets hex's proposed level: a marked hex always, a proposal at or above min;
 * a hex whose level is not 0 in SCENARIO (0 is also the level of a hex not entered yet)
 * is kept. */
static gboolean
level_is_painted (const GbacwScenario *scenario, const GbacwTraceElevation *levels, int hex, double min_confidence)
{
  const GbacwTraceElevation *e = &levels[hex];

  if (scenario->map->elevation[hex] != 0 || e->level < 0)
    return FALSE;
  return e->status == GBACW_TRACE_SAMPLE || (e->status == GBACW_TRACE_PROPOSED && e->confidence >= min_confidence);
}

static void
print_elevation_text (const GbacwScenario *scenario, const GbacwTraceElevation *levels, double min_confidence)
{
  const GbacwHexGrid *grid = &scenario->map->grid;

  g_print ("\n%-8s %-9s %-6s %-10s %-6s %s\n", _("HEX"), _("STATUS"), _("LEVEL"), _("CONFIDENCE"), _("SHADE"),
           _("IN OUT"));
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      const GbacwTraceElevation *e = &levels[i];
      g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, i));
      char level[16] = "-", confidence[G_ASCII_DTOSTR_BUF_SIZE] = "-", shade[G_ASCII_DTOSTR_BUF_SIZE] = "-";

      if (e->level >= 0)
        {
          g_snprintf (level, sizeof level, "%d", e->level);
          g_snprintf (confidence, sizeof confidence, "%.2f", e->confidence);
        }
      if (isfinite (e->shade))
        g_snprintf (shade, sizeof shade, "%.2f", e->shade);
      g_print ("%-8s %-9s %-6s %-10s %-6s %s\n", label, e->status == GBACW_TRACE_SAMPLE ? "marked" : status_word (e->status),
               level, confidence, shade, level_is_painted (scenario, levels, i, min_confidence) ? _("yes") : _("no"));
    }
}

static void
print_elevation_json (const GbacwScenario *scenario, const GbacwTraceElevation *levels, double min_confidence)
{
  const GbacwHexGrid *grid = &scenario->map->grid;

  g_print (",\n\"elevation\": [");
  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    {
      const GbacwTraceElevation *e = &levels[i];
      g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, i));

      g_print ("%s\n  {\"hex\": \"%s\", \"status\": \"%s\"", i ? "," : "", label,
               e->status == GBACW_TRACE_SAMPLE ? "marked" : status_word (e->status));
      if (e->level >= 0)
        g_print (", \"level\": %d, \"confidence\": %.3f", e->level, e->confidence);
      if (isfinite (e->shade))
        g_print (", \"shade\": %.3f", e->shade);
      g_print (", \"painted\": %s}", level_is_painted (scenario, levels, i, min_confidence) ? "true" : "false");
    }
  g_print ("\n]");
}

int
gbacw_cmd_trace (int argc, char **argv)
{
  g_autofree char *output = NULL;
  g_autofree char *samples_path = NULL;
  g_autofree char *format = NULL;
  gboolean report = FALSE, catalogue_colours = FALSE;
  double min_confidence = DEFAULT_MIN_CONFIDENCE;
  GOptionEntry entries[] = {
    { "samples", 's', 0, G_OPTION_ARG_FILENAME, &samples_path,
      N_("The sample hexes: one line per terrain, its id then the labels of its sample hexes; lines "
         "“elevation LEVEL HEX…” mark hexes with their level"), N_("FILE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Save the scenario with the proposals painted here"),
      N_("OUT.xml") },
    { "min-confidence", 0, 0, G_OPTION_ARG_DOUBLE, &min_confidence,
      N_("Paint only proposals at least this sure, 0-1 (default 0.2)"), N_("X") },
    { "catalogue-colours", 0, 0, G_OPTION_ARG_NONE, &catalogue_colours,
      N_("Terrains without samples compete too, with their catalogue colour"), NULL },
    { "report", 0, 0, G_OPTION_ARG_NONE, &report, N_("Print each hex's proposal and confidence"), NULL },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("The report as text (default) or json"), N_("text|json") },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
    g_option_context_new (_("SCENARIO --samples FILE -o OUT — terrain proposed from the calibrated scan"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autoptr (GbacwBackgroundImage) image = NULL;
  g_autoptr (GPtrArray) samples = NULL;
  g_autofree GbacwTraceProposal *proposals = NULL;
  g_autoptr (GArray) links = NULL;
  g_autoptr (GArray) marks = NULL;
  g_autofree GbacwTraceElevation *levels = NULL;
  guint n_levels_proposed = 0, n_levels_painted = 0;
  GbacwTraceFlags flags = GBACW_TRACE_UNPAINTED_ONLY;
  gboolean json = FALSE;
  guint n_links = 0, n_links_painted = 0;
  guint n_proposed = 0, n_painted = 0, n_low = 0, n_samples = 0, n_kept = 0, n_off = 0;
  int n_hexes;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return gbacw_usage_error (context, error->message);
  if (argc != 2)
    return gbacw_usage_error (context, argc < 2 ? _("Give the scenario to trace") : _("Too many arguments"));
  if (output == NULL && !report)
    return gbacw_usage_error (context, _("Name the file to write with -o OUT, or ask for --report"));
  if (!isfinite (min_confidence) || min_confidence < 0 || min_confidence > 1)
    return gbacw_usage_error (context, _("--min-confidence must be a number from 0 to 1"));
  if (format != NULL && !g_str_equal (format, "text") && !g_str_equal (format, "json"))
    return gbacw_usage_error (context, _("--format must be text or json"));
  json = format != NULL && g_str_equal (format, "json");
  if (json && !report)
    return gbacw_usage_error (context, _("--format is the report's: give --report too"));
  if (samples_path == NULL)
    catalogue_colours = TRUE;
  if (catalogue_colours)
    flags |= GBACW_TRACE_CATALOGUE_COLOURS;

  scenario = gbacw_scenario_load_file (argv[1], &error);
  if (scenario == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  if (samples_path != NULL)
    samples = gbacw_trace_samples_load (scenario, samples_path, &error);
  else
    samples = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_trace_sample_free);
  if (samples != NULL && samples_path != NULL)
    marks = gbacw_trace_elevation_marks_load (scenario, samples_path, &error);
  else if (samples != NULL)
    marks = g_array_new (FALSE, FALSE, sizeof (GbacwTraceElevationMark));
  if (samples == NULL || marks == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  /* a samples file with elevation marks only: the terrain as without one */
  if (samples->len == 0)
    flags |= GBACW_TRACE_CATALOGUE_COLOURS;
  image = gbacw_trace_load_background (scenario, argv[1], &error);
  if (image == NULL ||
      !gbacw_trace_terrain (scenario, image, scenario->map->background.transform, samples, flags, &proposals, &error))
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  links = gbacw_trace_links (scenario, image, scenario->map->background.transform, flags, &error);
  if (links == NULL)
    {
      g_printerr ("gbacw: %s\n", error->message);
      return 1;
    }
  n_links = links->len;
  if (marks->len > 0)
    {
      /* each hex's terrain: as painted, else as proposed and painted into OUT */
      int n = gbacw_hex_grid_n_hexes (&scenario->map->grid);
      g_autofree int *terrain = g_new (int, n);

      for (int i = 0; i < n; i++)
        {
          guint64 mask = scenario->map->terrain[i];
          terrain[i] = mask != 0 ? __builtin_ctzll (mask)
                       : is_painted (scenario, proposals, i, min_confidence) ? proposals[i].terrain : -1;
        }
      if (!gbacw_trace_elevation (scenario, image, scenario->map->background.transform, marks, terrain, &levels, &error))
        {
          g_printerr ("gbacw: %s\n", error->message);
          return 1;
        }
      for (int i = 0; i < n; i++)
        n_levels_proposed += levels[i].status == GBACW_TRACE_PROPOSED;
    }

  n_hexes = gbacw_hex_grid_n_hexes (&scenario->map->grid);
  for (int i = 0; i < n_hexes; i++)
    {
      const GbacwTraceProposal *p = &proposals[i];
      n_proposed += p->status == GBACW_TRACE_PROPOSED;
      n_samples += p->status == GBACW_TRACE_SAMPLE;
      n_kept += p->status == GBACW_TRACE_SKIPPED;
      n_off += p->status == GBACW_TRACE_OFF_SCAN;
      n_low += p->status == GBACW_TRACE_PROPOSED && p->confidence < min_confidence;
    }
  if (report)
    {
      if (json)
        {
          print_report_json (scenario, proposals, min_confidence);
          print_links_json (scenario, links, min_confidence);
          if (levels != NULL)
            print_elevation_json (scenario, levels, min_confidence);
          g_print ("}\n");
        }
      else
        {
          print_report_text (scenario, proposals, min_confidence);
          print_links_text (scenario, links, min_confidence);
          if (levels != NULL)
            print_elevation_text (scenario, levels, min_confidence);
        }
    }

  if (output != NULL)
    {
      g_autoptr (GbacwMapEdit) edit = gbacw_map_edit_new (_("Paint the traced terrain"), 0);
      g_autoptr (GBytes) saved = NULL;
      g_autoptr (GbacwScenario) check = NULL;
      GbacwBackground *bg = &scenario->map->background;
      g_autofree char *rebased = NULL;

      for (int i = 0; i < n_hexes; i++)
        if (is_painted (scenario, proposals, i, min_confidence))
          {
            gbacw_map_edit_set (edit, GBACW_LAYER_TERRAIN, (guint) i, G_GUINT64_CONSTANT (1) << proposals[i].terrain);
            n_painted++;
          }
      {
        /* the links' masks gathered first: a hexside may get a crest and a stream */
        guint32 n_ids = gbacw_hex_grid_n_hexside_ids (&scenario->map->grid);
        g_autofree guint32 *features = g_new0 (guint32, n_ids);
        g_autofree guint16 *lines = g_new0 (guint16, n_ids);

        for (guint i = 0; i < links->len; i++)
          {
            const GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
            if (!link_is_painted (scenario, l, min_confidence))
              continue;
            if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
              features[l->hexside] |= 1u << l->type;
            else
              lines[l->hexside] |= (guint16) (1u << l->type);
            n_links_painted++;
          }
        for (guint32 id = 0; id < n_ids; id++)
          {
            if (features[id] != 0)
              gbacw_map_edit_set (edit, GBACW_LAYER_HEXSIDE_FEATURES, id, features[id]);
            if (lines[id] != 0)
              gbacw_map_edit_set (edit, GBACW_LAYER_HEXSIDE_LINES, id, lines[id]);
          }
      }
      if (levels != NULL)
        for (int i = 0; i < n_hexes; i++)
          if (level_is_painted (scenario, levels, i, min_confidence))
            {
              gbacw_map_edit_set (edit, GBACW_LAYER_ELEVATION, (guint) i, (guint64) (gint64) levels[i].level);
              n_levels_painted++;
            }
      gbacw_command_apply (GBACW_COMMAND (edit), scenario, NULL);
      /* the scan as OUT names it: relative to OUT's folder when it is in it or below */
      rebased = gbacw_background_file_for (argv[1], bg->file, output);
      g_free (bg->file);
      bg->file = g_steal_pointer (&rebased);
      /* what is written must load again: checked before the file is touched */
      saved = gbacw_scenario_save_to_bytes (scenario);
      check = gbacw_scenario_load_bytes (saved, output, &error);
      if (check == NULL || !gbacw_scenario_save_file (scenario, output, &error))
        {
          g_printerr ("gbacw: %s\n", error->message);
          return 1;
        }
    }

  /* the summary goes where it does not mix with a report read by a program */
  {
    g_autoptr (GString) summary = g_string_new (NULL);
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "%u hex proposed", "%u hexes proposed", n_proposed),
                            n_proposed);
    g_string_append (summary, ", ");
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "%u below the minimum confidence",
                                         "%u below the minimum confidence", n_low),
                            n_low);
    g_string_append (summary, ", ");
    g_string_append_printf (summary, g_dngettext (GETTEXT_PACKAGE, "%u sample", "%u samples", n_samples), n_samples);
    g_string_append (summary, ", ");
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "%u painted already (kept)", "%u painted already (kept)",
                                         n_kept),
                            n_kept);
    g_string_append (summary, ", ");
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "%u off the scan", "%u off the scan", n_off), n_off);
    g_string_append (summary, ", ");
    g_string_append_printf (summary,
                            g_dngettext (GETTEXT_PACKAGE, "%u hexside feature or line proposed",
                                         "%u hexside features and lines proposed", n_links),
                            n_links);
    if (levels != NULL)
      {
        g_string_append (summary, ", ");
        g_string_append_printf (summary,
                                g_dngettext (GETTEXT_PACKAGE, "%u hex's level proposed", "%u hexes' levels proposed",
                                             n_levels_proposed),
                                n_levels_proposed);
      }
    if (output != NULL)
      {
        g_string_append (summary, "; ");
        g_string_append_printf (summary,
                                g_dngettext (GETTEXT_PACKAGE, "%s: %u hex painted for review",
                                             "%s: %u hexes painted for review", n_painted),
                                output, n_painted);
        g_string_append (summary, ", ");
        g_string_append_printf (summary,
                                g_dngettext (GETTEXT_PACKAGE, "%u hexside feature or line painted for review",
                                             "%u hexside features and lines painted for review", n_links_painted),
                                n_links_painted);
        if (levels != NULL)
          {
            g_string_append (summary, ", ");
            g_string_append_printf (summary,
                                    g_dngettext (GETTEXT_PACKAGE, "%u level painted for review",
                                                 "%u levels painted for review", n_levels_painted),
                                    n_levels_painted);
          }
      }
    if (report)
      g_printerr ("%s\n", summary->str);
    else
      g_print ("%s\n", summary->str);
  }
  return 0;
}
