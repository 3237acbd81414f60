/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace.c: terrain proposed from the calibrated scan, by example (gbacw-trace.h). */
#define G_LOG_DOMAIN "gbacw-trace"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "gbacw-trace.h"

#include "gbacw-file-read.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The share of the hex (centre to corner) sampled: the grid lines, a few pixels either
 * side of the hex's edge, stay outside. */
#define INNER_SCALE 0.7
/* Points above this (map units from the centre, y down) are left out: the hex number is
 * printed just below the top edge (flat-topped) or the top vertex's shoulders (pointy). */
#define NUMBER_BAND_FLAT (-0.45)
#define NUMBER_BAND_POINTY (-0.15)
/* At most this many sample points across the inner hex: a 150 dpi scan has some 50
 * pixels a hex radius, which is more than the features need. */
#define MAX_POINTS_ACROSS 40
/* A hex with fewer points on the scan than this has no proposal. */
#define MIN_POINTS 12
/* Lightness (L*, 0-100) below which a pixel counts as dark: printed blocks and symbols. */
#define DARK_L 40.0
/* A samples file's line of elevation marks starts with this word (`elevation 2 0304`). */
#define ELEVATION_WORD "elevation"

enum {
  F_L, F_A, F_B,        /* mean colour, CIE Lab */
  F_L_SPREAD,           /* standard deviation of L* */
  F_AB_SPREAD,          /* of colour: sqrt (var a* + var b*) */
  F_DARK,               /* percent of dark pixels */
  F_GRADIENT,           /* mean |ΔL*| between neighbouring points: speckle */
  N_FEATURES
};

/* The least spread of each feature a class is given: two or three sample hexes of flat
 * colour would otherwise make a class that nothing but an identical hex fits. */
static const double feature_floor[N_FEATURES] = { 2.0, 1.5, 1.5, 1.0, 0.7, 1.5, 0.7 };
/* The spread a class from the catalogue's colour alone is given when no sampled class
 * says what spread the scan has: a printed colour and a scanned one differ by that much. */
static const double catalogue_spread[N_FEATURES] = { 8.0, 5.0, 5.0, 5.0, 3.0, 6.0, 3.0 };
/* A hex further than this (RMS, in units of the class's spread) from its nearest class is
 * unlike all of them: its confidence falls with the distance. */
#define FAR_DISTANCE 3.0

G_DEFINE_QUARK (gbacw-trace-error-quark, gbacw_trace_error)

void
gbacw_trace_sample_free (GbacwTraceSample *sample)
{
  if (sample == NULL)
    return;
  g_clear_pointer (&sample->hexes, g_array_unref);
  g_free (sample);
}

/* ---------------------------------------------------------------- samples file */

static GbacwTraceSample *
find_sample (GPtrArray *samples, int terrain)
{
  for (guint i = 0; i < samples->len; i++)
    {
      GbacwTraceSample *s = g_ptr_array_index (samples, i);
      if (s->terrain == terrain)
        return s;
    }
  return NULL;
}

static char *
terrain_ids (const GbacwScenario *scenario)
{
  GString *ids = g_string_new (NULL);

  for (guint i = 0; i < scenario->catalogue.hex_terrains->len; i++)
    {
      const GbacwHexTerrain *t = g_ptr_array_index (scenario->catalogue.hex_terrains, i);
      g_string_append_printf (ids, "%s%s", i ? ", " : "", t->id);
    }
  return g_string_free (ids, FALSE);
}

/* The words of a samples file's line, its comment cut off (*n_words of them). */
static GStrv
line_words (char *line, int *n_words)
{
  char *hash = strchr (line, '#');
  GStrv words;
  int n = 0;

  if (hash != NULL)
    *hash = '\0';
  words = g_strsplit_set (g_strstrip (line), " \t\r,", -1);
  for (int w = 0; words[w] != NULL; w++)
    if (words[w][0] != '\0')
      words[n++] = words[w];
    else
      g_free (words[w]);
  words[n] = NULL;
  *n_words = n;
  return words;
}

GPtrArray *
gbacw_trace_samples_parse (const GbacwScenario *scenario,
                           const char          *text,
                           gsize                length,
                           const char          *display_name,
                           GError             **error)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  g_autoptr (GPtrArray) samples = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_trace_sample_free);
  g_autofree int *owner = g_new (int, gbacw_hex_grid_n_hexes (grid));
  g_autofree char *copy = NULL;
  g_auto (GStrv) lines = NULL;
  const char *display = display_name ? display_name : "(memory)";

  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    owner[i] = -1;
  if (!g_utf8_validate_len (text, length, NULL) || memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES,
                   _("%s: not a text file: give one line per terrain, its id then the labels of its sample hexes"),
                   display);
      return NULL;
    }
  copy = g_strndup (text, length);
  lines = g_strsplit (copy, "\n", -1);
  for (int n = 0; lines[n] != NULL; n++)
    {
      int terrain, n_words;
      g_auto (GStrv) words = line_words (lines[n], &n_words);
      GbacwTraceSample *sample;

      if (n_words == 0 || g_str_equal (words[0], ELEVATION_WORD))
        continue;   /* elevation marks: gbacw_trace_elevation_marks_parse () */
      terrain = gbacw_catalogue_find_hex_terrain (&scenario->catalogue, words[0]);
      if (terrain < 0)
        {
          g_autofree char *ids = terrain_ids (scenario);
          g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES,
                       _("%s:%d: the scenario's catalogue has no hex terrain “%s” (its terrains: %s)"), display,
                       n + 1, words[0], ids);
          return NULL;
        }
      if (n_words == 1)
        {
          g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES,
                       _("%s:%d: “%s” has no sample hexes: give their labels after the terrain (woods 0304 1122)"),
                       display, n + 1, words[0]);
          return NULL;
        }
      sample = find_sample (samples, terrain);
      if (sample == NULL)
        {
          sample = g_new0 (GbacwTraceSample, 1);
          sample->terrain = terrain;
          sample->hexes = g_array_new (FALSE, FALSE, sizeof (int));
          sample->line = n + 1;
          g_ptr_array_add (samples, sample);
        }
      for (int w = 1; w < n_words; w++)
        {
          g_autoptr (GError) local = NULL;
          GbacwHex hex;
          int index;

          if (!gbacw_hex_grid_parse_label (grid, words[w], &hex, &local))
            {
              g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES, "%s:%d: %s", display, n + 1,
                           local->message);
              return NULL;
            }
          index = gbacw_hex_grid_index (grid, hex);
          if (owner[index] >= 0 && owner[index] != terrain)
            {
              const GbacwHexTerrain *other = g_ptr_array_index (scenario->catalogue.hex_terrains, owner[index]);
              g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES,
                           _("%s:%d: hex %s is a sample of %s already: give each hex for one terrain"), display,
                           n + 1, words[w], other->id);
              return NULL;
            }
          if (owner[index] < 0)
            g_array_append_val (sample->hexes, index);
          owner[index] = terrain;
        }
    }
  return g_steal_pointer (&samples);
}

GPtrArray *
gbacw_trace_samples_load (const GbacwScenario *scenario, const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = gbacw_file_read (path, GBACW_FILE_KIND_TRACE_SAMPLES, error);
  g_autofree char *display = NULL;
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  display = g_filename_display_name (path);
  data = g_bytes_get_data (bytes, &length);
  return gbacw_trace_samples_parse (scenario, data ? data : "", length, display, error);
}

/* ---------------------------------------------------------------- colour */

static float srgb_to_linear[256];

static void
init_colour_tables (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (int i = 0; i < 256; i++)
        {
          double c = i / 255.0;
          srgb_to_linear[i] = (float) (c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4));
        }
      g_once_init_leave (&done, 1);
    }
}

static inline float
lab_f (float t)
{
  return t > 0.008856f ? cbrtf (t) : 7.787f * t + 16.0f / 116.0f;
}

/* sRGB (0-255 each) to CIE L*a*b* (D65). */
static inline void
rgb_to_lab (guint r, guint g, guint b, float lab[3])
{
  float rl = srgb_to_linear[r], gl = srgb_to_linear[g], bl = srgb_to_linear[b];
  float x = (0.4124f * rl + 0.3576f * gl + 0.1805f * bl) / 0.95047f;
  float y = 0.2126f * rl + 0.7152f * gl + 0.0722f * bl;
  float z = (0.0193f * rl + 0.1192f * gl + 0.9505f * bl) / 1.08883f;
  float fx = lab_f (x), fy = lab_f (y), fz = lab_f (z);

  lab[0] = 116.0f * fy - 16.0f;
  lab[1] = 500.0f * (fx - fy);
  lab[2] = 200.0f * (fy - fz);
}

/* "#rrggbb" as its Lab colour; FALSE when it is not one. */
static gboolean
parse_fill (const char *fill, float lab[3])
{
  guint r, g, b;

  if (fill == NULL || strlen (fill) != 7 || fill[0] != '#' || sscanf (fill + 1, "%02x%02x%02x", &r, &g, &b) != 3)
    return FALSE;
  rgb_to_lab (r, g, b, lab);
  return TRUE;
}

/* ---------------------------------------------------------------- features */

typedef struct {
  const guint8 *data;
  int width, height, stride;
  double transform[6];
  double step;                 /* map units between sample points */
  int n_across;                /* sample points across the inner hex */
  gboolean pointy;
  gboolean has_alpha;          /* ARGB32: premultiplied, a transparent pixel is off the scan */
  float *lightness;            /* n_across² scratch: L* of each point, NAN outside */
} Sampler;

static gboolean
inside_inner_hex (const Sampler *s, double u, double v)
{
  const double r = INNER_SCALE, h = INNER_SCALE * 0.8660254037844386;
  double x = s->pointy ? v : u, y = s->pointy ? u : v;

  /* flat-topped hex of radius r in (x, y); pointy is the same with the axes swapped */
  if (fabs (y) > h || 1.7320508075688772 * fabs (x) + fabs (y) > 1.7320508075688772 * r)
    return FALSE;
  return v >= (s->pointy ? NUMBER_BAND_POINTY : NUMBER_BAND_FLAT);
}

/* The features of the hex centred at (cx, cy) in map units; FALSE when too little of it is
 * on the scan. */
static gboolean
hex_features (Sampler *s, double cx, double cy, double features[N_FEATURES])
{
  const double *m = s->transform;
  double sum[3] = { 0, 0, 0 }, sum2[3] = { 0, 0, 0 }, gradient = 0;
  int n = 0, n_dark = 0, n_gradient = 0;
  int k = s->n_across;
  double start = -(k - 1) * s->step / 2;

  for (int j = 0; j < k; j++)
    for (int i = 0; i < k; i++)
      {
        double u = start + i * s->step, v = start + j * s->step;
        double x = cx + u, y = cy + v;
        int px, py;
        guint32 pixel;
        guint a, r, g, b;
        float lab[3];

        s->lightness[j * k + i] = NAN;
        if (!inside_inner_hex (s, u, v))
          continue;
        px = (int) floor (m[0] * x + m[2] * y + m[4]);
        py = (int) floor (m[1] * x + m[3] * y + m[5]);
        if (px < 0 || py < 0 || px >= s->width || py >= s->height)
          continue;
        pixel = ((const guint32 *) (gconstpointer) (s->data + (gsize) py * s->stride))[px];
        a = pixel >> 24;
        if (a == 0)
          continue;
        r = (pixel >> 16) & 0xff;
        g = (pixel >> 8) & 0xff;
        b = pixel & 0xff;
        if (a != 255)
          {
            r = MIN (255u, r * 255 / a);
            g = MIN (255u, g * 255 / a);
            b = MIN (255u, b * 255 / a);
          }
        rgb_to_lab (r, g, b, lab);
        s->lightness[j * k + i] = lab[0];
        for (int c = 0; c < 3; c++)
          {
            sum[c] += lab[c];
            sum2[c] += (double) lab[c] * lab[c];
          }
        if (lab[0] < DARK_L)
          n_dark++;
        n++;
      }
  if (n < MIN_POINTS)
    return FALSE;
  for (int j = 0; j < k; j++)
    for (int i = 0; i < k; i++)
      {
        float l = s->lightness[j * k + i];
        if (isnan (l))
          continue;
        if (i + 1 < k && !isnan (s->lightness[j * k + i + 1]))
          {
            gradient += fabsf (l - s->lightness[j * k + i + 1]);
            n_gradient++;
          }
        if (j + 1 < k && !isnan (s->lightness[(j + 1) * k + i]))
          {
            gradient += fabsf (l - s->lightness[(j + 1) * k + i]);
            n_gradient++;
          }
      }
  for (int c = 0; c < 3; c++)
    features[F_L + c] = sum[c] / n;
  features[F_L_SPREAD] = sqrt (MAX (0.0, sum2[0] / n - features[F_L] * features[F_L]));
  features[F_AB_SPREAD] = sqrt (MAX (0.0, sum2[1] / n - features[F_A] * features[F_A]) +
                                MAX (0.0, sum2[2] / n - features[F_B] * features[F_B]));
  features[F_DARK] = 100.0 * n_dark / n;
  features[F_GRADIENT] = n_gradient > 0 ? gradient / n_gradient : 0;
  return TRUE;
}

/* s reads image through transform (map units -> image pixels) for grid's hexes; FALSE with
 * an error when the transform is degenerate. *pixels_per_unit: the scan's scale. */
static gboolean
sampler_init (Sampler *s, GbacwBackgroundImage *image, const double transform[6], const GbacwHexGrid *grid,
              double *pixels_per_unit, GError **error)
{
  double det = transform[0] * transform[3] - transform[1] * transform[2];
  cairo_surface_t *surface;

  if (!isfinite (det) || fabs (det) < 1e-6)
    {
      g_set_error_literal (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_UNCALIBRATED,
                           _("The scan's transform is degenerate: calibrate the scan again with three hex centres"));
      return FALSE;
    }
  *pixels_per_unit = sqrt (fabs (det));
  surface = gbacw_background_image_get_level (image, 0);
  cairo_surface_flush (surface);
  s->data = cairo_image_surface_get_data (surface);
  s->width = cairo_image_surface_get_width (surface);
  s->height = cairo_image_surface_get_height (surface);
  s->stride = cairo_image_surface_get_stride (surface);
  s->has_alpha = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32;
  memcpy (s->transform, transform, sizeof s->transform);
  s->pointy = grid->orientation == GBACW_GRID_POINTY_ROWS;
  return TRUE;
}

/* ---------------------------------------------------------------- classes */

typedef struct {
  int terrain;
  double mean[N_FEATURES];
  double spread[N_FEATURES];   /* standard deviation, floored */
} TraceClass;

static double
class_distance (const TraceClass *c, const double x[N_FEATURES])
{
  double d = 0;

  for (int f = 0; f < N_FEATURES; f++)
    {
      double z = (x[f] - c->mean[f]) / c->spread[f];
      d += z * z;
    }
  return sqrt (d / N_FEATURES);
}

/* The classes: one per sampled terrain from its hexes' features, and with
 * GBACW_TRACE_CATALOGUE_COLOURS one per other terrain from its fill. Each sampled class's
 * spread is its own shrunk toward the spread pooled over all sampled classes (two or three
 * samples say little about a spread alone). */
static GArray *
build_classes (const GbacwScenario *scenario,
               const GPtrArray     *samples,
               const double        *features,
               const gboolean      *valid,
               GbacwTraceFlags      flags)
{
  const double prior_weight = 2.0;
  GArray *classes = g_array_new (FALSE, TRUE, sizeof (TraceClass));
  double pooled[N_FEATURES] = { 0 };
  double pooled_n = 0;
  g_autofree double *within = g_new0 (double, (gsize) samples->len * N_FEATURES);
  g_autofree int *counts = g_new0 (int, samples->len);
  guint n_sampled;

  for (guint i = 0; i < samples->len; i++)
    {
      const GbacwTraceSample *sample = g_ptr_array_index (samples, i);
      TraceClass c = { sample->terrain, { 0 }, { 0 } };
      int n = 0;

      for (guint h = 0; h < sample->hexes->len; h++)
        {
          int hex = g_array_index (sample->hexes, int, h);
          if (!valid[hex])
            continue;
          for (int f = 0; f < N_FEATURES; f++)
            c.mean[f] += features[hex * N_FEATURES + f];
          n++;
        }
      if (n == 0)
        continue;
      for (int f = 0; f < N_FEATURES; f++)
        c.mean[f] /= n;
      for (guint h = 0; h < sample->hexes->len; h++)
        {
          int hex = g_array_index (sample->hexes, int, h);
          if (!valid[hex])
            continue;
          for (int f = 0; f < N_FEATURES; f++)
            {
              double d = features[hex * N_FEATURES + f] - c.mean[f];
              within[classes->len * N_FEATURES + f] += d * d;
            }
        }
      for (int f = 0; f < N_FEATURES; f++)
        pooled[f] += within[classes->len * N_FEATURES + f];
      pooled_n += n - 1;
      counts[classes->len] = n;
      g_array_append_val (classes, c);
    }
  n_sampled = classes->len;
  for (int f = 0; f < N_FEATURES; f++)
    pooled[f] = pooled_n > 0 ? MAX (sqrt (pooled[f] / pooled_n), feature_floor[f]) : feature_floor[f];
  for (guint i = 0; i < n_sampled; i++)
    {
      TraceClass *c = &g_array_index (classes, TraceClass, i);
      for (int f = 0; f < N_FEATURES; f++)
        {
          double var = (within[i * N_FEATURES + f] + prior_weight * pooled[f] * pooled[f]) /
                       (counts[i] - 1 + prior_weight);
          c->spread[f] = MAX (sqrt (var), feature_floor[f]);
        }
    }

  if (flags & GBACW_TRACE_CATALOGUE_COLOURS)
    for (guint t = 0; t < scenario->catalogue.hex_terrains->len; t++)
      {
        const GbacwHexTerrain *terrain = g_ptr_array_index (scenario->catalogue.hex_terrains, t);
        TraceClass c = { (int) t, { 0 }, { 0 } };
        float lab[3];
        gboolean sampled = FALSE;

        for (guint i = 0; i < n_sampled; i++)
          sampled |= g_array_index (classes, TraceClass, i).terrain == (int) t;
        if (sampled || !parse_fill (terrain->fill, lab))
          continue;
        c.mean[F_L] = lab[0];
        c.mean[F_A] = lab[1];
        c.mean[F_B] = lab[2];
        /* a flat fill has no spread or speckle; the scan's paper and print add some */
        for (int f = 0; f < N_FEATURES; f++)
          c.spread[f] = n_sampled > 0 ? MAX (2 * pooled[f], catalogue_spread[f] / 2) : catalogue_spread[f];
        g_array_append_val (classes, c);
      }
  return classes;
}

/* ---------------------------------------------------------------- tracing */

gboolean
gbacw_trace_terrain (const GbacwScenario  *scenario,
                     GbacwBackgroundImage *image,
                     const double          transform[6],
                     const GPtrArray      *samples,
                     GbacwTraceFlags       flags,
                     GbacwTraceProposal  **proposals,
                     GError              **error)
{
  const GbacwHexGrid *grid;
  const GbacwMap *map;
  Sampler s = { 0 };
  double pixels_per_unit;
  int n_hexes;
  g_autofree double *features = NULL;
  g_autofree gboolean *valid = NULL;
  g_autofree int *sample_terrain = NULL;
  g_autofree float *lightness = NULL;
  g_autoptr (GArray) classes = NULL;
  GbacwTraceProposal *out;

  g_return_val_if_fail (scenario != NULL && image != NULL && transform != NULL && samples != NULL, FALSE);
  g_return_val_if_fail (proposals != NULL, FALSE);

  init_colour_tables ();
  map = scenario->map;
  grid = &map->grid;
  n_hexes = gbacw_hex_grid_n_hexes (grid);
  if (!sampler_init (&s, image, transform, grid, &pixels_per_unit, error))
    return FALSE;
  /* one point a scan pixel, up to MAX_POINTS_ACROSS across the inner hex (2 · INNER_SCALE) */
  s.n_across = CLAMP ((int) ceil (2 * INNER_SCALE * pixels_per_unit), 4, MAX_POINTS_ACROSS);
  s.step = 2 * INNER_SCALE / s.n_across;
  lightness = g_new (float, (gsize) s.n_across * s.n_across);
  s.lightness = lightness;

  sample_terrain = g_new (int, n_hexes);
  for (int i = 0; i < n_hexes; i++)
    sample_terrain[i] = -1;
  for (guint i = 0; i < samples->len; i++)
    {
      const GbacwTraceSample *sample = g_ptr_array_index (samples, i);
      for (guint h = 0; h < sample->hexes->len; h++)
        {
          int hex = g_array_index (sample->hexes, int, h);
          g_return_val_if_fail (hex >= 0 && hex < n_hexes, FALSE);
          sample_terrain[hex] = sample->terrain;
        }
    }

  features = g_new0 (double, (gsize) n_hexes * N_FEATURES);
  valid = g_new0 (gboolean, n_hexes);
  for (int i = 0; i < n_hexes; i++)
    {
      double cx, cy;

      if ((flags & GBACW_TRACE_UNPAINTED_ONLY) && map->terrain[i] != 0 && sample_terrain[i] < 0)
        continue;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, i), &cx, &cy);
      valid[i] = hex_features (&s, cx, cy, features + (gsize) i * N_FEATURES);
    }

  classes = build_classes (scenario, samples, features, valid, flags);
  if (classes->len == 0)
    {
      g_set_error_literal (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_NO_CLASSES,
                           samples->len > 0
                             ? _("None of the sample hexes is on the scan: check the scan's calibration")
                             : _("No sample hexes and no catalogue colours to compare the hexes with"));
      return FALSE;
    }

  out = g_new0 (GbacwTraceProposal, n_hexes);
  for (int i = 0; i < n_hexes; i++)
    {
      GbacwTraceProposal *p = &out[i];
      double best = G_MAXDOUBLE, second = G_MAXDOUBLE;

      p->terrain = -1;
      p->runner_up = -1;
      if ((flags & GBACW_TRACE_UNPAINTED_ONLY) && map->terrain[i] != 0 && sample_terrain[i] < 0)
        {
          p->status = GBACW_TRACE_SKIPPED;
          continue;
        }
      if (sample_terrain[i] >= 0)
        {
          p->status = GBACW_TRACE_SAMPLE;
          p->terrain = sample_terrain[i];
          p->confidence = 1.0;
          continue;
        }
      if (!valid[i])
        {
          p->status = GBACW_TRACE_OFF_SCAN;
          continue;
        }
      p->status = GBACW_TRACE_PROPOSED;
      for (guint c = 0; c < classes->len; c++)
        {
          const TraceClass *k = &g_array_index (classes, TraceClass, c);
          double d = class_distance (k, features + (gsize) i * N_FEATURES);
          if (d < best)
            {
              second = best;
              p->runner_up = p->terrain;
              best = d;
              p->terrain = k->terrain;
            }
          else if (d < second)
            {
              second = d;
              p->runner_up = k->terrain;
            }
        }
      p->distance = best;
      /* the margin to the runner-up, relative; one class alone leaves only the distance */
      p->confidence = classes->len > 1 ? (second - best) / (second + best + 1e-9) : 1.0;
      if (best > FAR_DISTANCE)
        p->confidence *= FAR_DISTANCE / best;
      p->confidence = CLAMP (p->confidence, 0.0, 1.0);
    }
  *proposals = out;
  return TRUE;
}

GbacwBackgroundImage *
gbacw_trace_load_background (const GbacwScenario *scenario,
                             const char          *scenario_path,
                             GError             **error)
{
  const GbacwBackground *bg = &scenario->map->background;
  static const double identity[6] = { 1, 0, 0, 1, 0, 0 };
  g_autofree char *path = NULL;
  g_autofree char *display = g_filename_display_name (scenario_path ? scenario_path : "(memory)");

  if (bg->file == NULL || bg->file[0] == '\0')
    {
      g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_NO_BACKGROUND,
                   _("%s: the scenario has no background scan to trace: add the scan in the editor and calibrate it "
                     "with three hex centres"), display);
      return NULL;
    }
  if (memcmp (bg->transform, identity, sizeof identity) == 0)
    {
      g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_UNCALIBRATED,
                   _("%s: the background scan is not calibrated (its transform is the identity): calibrate it in the "
                     "editor with three hex centres"), display);
      return NULL;
    }
  path = gbacw_background_image_resolve_path (scenario_path, bg->file);
  return gbacw_background_image_new_from_file (path, error);
}

/* ---------------------------------------------------------------- hexsides and lines */

/* Points along a band, and across it from -BAND_HALF to BAND_HALF map units; the colour
 * beside the band is sampled BAND_BESIDE either side. */
#define BAND_ALONG 16
#define BAND_ACROSS 17
#define BAND_HALF 0.2
#define BAND_BESIDE 0.38
#define BAND_BESIDE_STEP 0.08
/* A point shows a look when its colour is at least this much the look's mixed with the
 * colour beside the band (look_mix ()). */
#define MIN_MIX 0.2
#define MAX_MIX 1.4
/* What a point's colour may leave unexplained by the mix (look_mix ()), per unit of mix:
 * blur and JPEG shift a line's colour a little; a town's dark grey blocks beside a brown
 * road are further off. */
#define MIX_RESIDUAL 0.5
/* Crossings are sought on a hexside whose water is at least this sure, and proposed at
 * least this sure (crossing_scores ()). */
#define MIN_WATER_CONFIDENCE 0.05
#define MIN_CROSSING 0.2
/* A ford's paper this much (L* and b*) above the water either side of its middle; a
 * bridge's strokes this much (L*) darker than the fill beside (crossing_scores ()). */
#define FORD_BREAK 4.0
#define BRIDGE_INK 10.0
/* A line's middle this much lighter (L*) than its edges is a double line's; less than
 * SOLID_DIP, a solid line's (band_middle_dip ()). */
#define DOUBLE_DIP 3.0
/* A line whose middle strays less than STRAIGHT_WIGGLE (map units, RMS) across the band
 * is straight; one that strays ZIGZAG_WIGGLE more is a fence's zigzag (0.06 either side,
 * some 0.013 as blur and the band's 16 points along see it). */
#define STRAIGHT_WIGGLE 0.007
#define ZIGZAG_WIGGLE 0.004
/* A fence is printed all along its hexside: the grid line's faint brown shows in parts. */
#define FENCE_COVERAGE 0.8
#define SOLID_DIP 1.0
/* A railroad's ties (tie_contrast (), L*) this much darker than between them: seen beside
 * another line (a pike's edges); and clear. The scan's noise leaves a pike's or a road's
 * within 2.5 of 0 (5 at worst; what else is printed, woods, towns, up to 13), a railroad's
 * mostly 3-11: ties alone do not tell a railroad. */
#define TIES_BESIDE 3.0
#define TIES_SURE 6.0
/* A pike under a railroad is as wide as a pike (a road under one, or a railroad alone,
 * narrower): its width (fit_look ()) at least this share of the pike look's. */
#define PIKE_UNDER_RAIL 0.8
/* A point this far (ΔE) from both colours beside the band has something printed on it. */
#define MIN_PRINT_DE 12.0
/* The least share of a band's length that must match for a proposal. */
#define MIN_COVERAGE 0.5

typedef struct {
  float lab[3];
  double width;       /* printed width, map units */
  double coverage;    /* share of the length printed: 1 when solid */
  int group;          /* looks of one group exclude each other on a hexside */
  double min_peak;    /* the mix (look_mix ()) it must reach somewhere across the band */
  gboolean is_double; /* two dark edges and a light middle (band_middle_dip ()) */
  gboolean zigzag;    /* to and fro across the hexside (a fence) */
  gboolean railroad;  /* a line with cross ties (tie_contrast ()) */
} Look;

/* A band's samples: the colour of each point across at each position along, and beside. */
typedef struct {
  int n_along;
  float across[BAND_ALONG][BAND_ACROSS][3];
  float beside[BAND_ALONG][2][3];
  gboolean valid[BAND_ALONG][BAND_ACROSS];
  int n_beside[BAND_ALONG];
} Band;

static void
rgb_double_to_lab (double r, double g, double b, float lab[3])
{
  rgb_to_lab ((guint) lround (r * 255), (guint) lround (g * 255), (guint) lround (b * 255), lab);
}

/* The hexside type's look; FALSE for the types not recognised by look. The colours and
 * widths are the ones gbacw-map-renderer.c draws. */
static gboolean
hexside_look (const GbacwHexsideType *type, double min_width, Look *look)
{
  if (g_strcmp0 (type->style, "river") == 0 || g_strcmp0 (type->style, "stream") == 0)
    {
      gboolean river = g_strcmp0 (type->style, "river") == 0;
      rgb_double_to_lab (0.235, 0.478, 0.757, look->lab);
      look->width = MAX (river ? 0.24 : 0.09, (river ? 2.0 : 1.0) * min_width);
      look->group = 0;
      look->min_peak = MIN_MIX;
    }
  else if (g_strcmp0 (type->style, "crest") == 0)
    {
      rgb_double_to_lab (0.545, 0.353, 0.169, look->lab);
      look->width = MAX (0.09, 1.2 * min_width);
      look->group = 1;
      /* the printed grid line darkens the paper a little all along every hexside, which
       * reads as a faint brown: a crest must show more strongly than that */
      look->min_peak = 0.35;
    }
  else if (g_strcmp0 (type->style, "fence") == 0)
    {
      /* a thin dark brown zigzag 0.06 either side of the hexside, over the grid line */
      rgb_double_to_lab (0.36, 0.25, 0.14, look->lab);
      look->width = MAX (0.035, 1.0 * min_width);
      look->group = 1;   /* with crests: a brown print along the hexside is one or the other */
      look->min_peak = 0.35;
    }
  else
    return FALSE;
  look->coverage = 1.0;
  look->is_double = FALSE;
  look->zigzag = g_strcmp0 (type->style, "fence") == 0;
  look->railroad = FALSE;
  return TRUE;
}

static gboolean
line_look (const GbacwLineType *type, double min_width, Look *look)
{
  double w = type->width > 0 ? type->width : 0.1;

  if (!parse_fill (type->colour, look->lab))
    rgb_double_to_lab (0.45, 0.3, 0.15, look->lab);
  look->coverage = 1.0;
  look->group = 0;
  look->min_peak = MIN_MIX;
  look->is_double = g_strcmp0 (type->style, "double") == 0;
  look->zigzag = FALSE;
  look->railroad = g_strcmp0 (type->style, "railroad") == 0;
  if (look->is_double)
    /* w 1.3 wide, less its light middle (w 0.5 wide, 70% white) */
    look->width = MAX (w * 0.95, 1.5 * min_width);
  else if (g_strcmp0 (type->style, "railroad") == 0)
    look->width = MAX (w * 0.6, min_width);
  else
    {
      look->width = MAX (w, min_width);
      if (g_strcmp0 (type->style, "dashed") == 0)
        look->coverage = 0.22 / 0.36;   /* the renderer's dash: 0.22 on, 0.14 off */
    }
  return TRUE;
}

/* The crossings of water the tracer recognises, as gbacw-map-renderer.c prints them on a
 * river or stream hexside: a ford breaks the band at its middle (paper 0.2 wide) and marks
 * it with a brown stroke across; a bridge is two ink strokes across, 0.14 either side of
 * the middle and 0.22 long each way; a wagon bridge the same strokes dashed (0.07 on,
 * 0.05 off from one end), so that 0.12 from the hexside they show a gap. */
typedef enum {
  CROSSING_NONE,
  CROSSING_FORD,
  CROSSING_BRIDGE,
  CROSSING_WAGON_BRIDGE,
} Crossing;

static Crossing
crossing_style (const GbacwHexsideType *type)
{
  if (g_strcmp0 (type->style, "ford") == 0)
    return CROSSING_FORD;
  if (g_strcmp0 (type->style, "bridge") == 0)
    return CROSSING_BRIDGE;
  if (g_strcmp0 (type->style, "wagon-bridge") == 0)
    return CROSSING_WAGON_BRIDGE;
  return CROSSING_NONE;
}

gboolean
gbacw_trace_hexside_type_traceable (const GbacwScenario *scenario, int type)
{
  Look look;

  init_colour_tables ();
  return type >= 0 && (guint) type < scenario->catalogue.hexside_types->len &&
         (hexside_look (g_ptr_array_index (scenario->catalogue.hexside_types, type), 0, &look) ||
          crossing_style (g_ptr_array_index (scenario->catalogue.hexside_types, type)) != CROSSING_NONE);
}

gboolean
gbacw_trace_line_type_traceable (const GbacwScenario *scenario, int type)
{
  return type >= 0 && (guint) type < scenario->catalogue.line_types->len && type < GBACW_MAX_LINE_TYPES;
}

static gboolean
sample_lab (const Sampler *s, double x, double y, float lab[3])
{
  const double *m = s->transform;
  int px = (int) floor (m[0] * x + m[2] * y + m[4]);
  int py = (int) floor (m[1] * x + m[3] * y + m[5]);
  guint32 pixel;
  guint a, r, g, b;

  if (px < 0 || py < 0 || px >= s->width || py >= s->height)
    return FALSE;
  pixel = ((const guint32 *) (gconstpointer) (s->data + (gsize) py * s->stride))[px];
  a = pixel >> 24;
  if (s->has_alpha && a == 0)
    return FALSE;
  r = (pixel >> 16) & 0xff;
  g = (pixel >> 8) & 0xff;
  b = pixel & 0xff;
  if (s->has_alpha && a != 255)
    {
      r = MIN (255u, r * 255 / a);
      g = MIN (255u, g * 255 / a);
      b = MIN (255u, b * 255 / a);
    }
  rgb_to_lab (r, g, b, lab);
  return TRUE;
}

/* Whether (x, y) is where the hex centred at (cx, cy) prints its number. */
static gboolean
in_number_area (const Sampler *s, double x, double y, double cx, double cy)
{
  double u = x - cx, v = y - cy;

  return s->pointy ? v < -0.5 && fabs (u) < 0.35 : v < -0.45 && fabs (u) < 0.4;
}

/* Samples the band from (x0, y0) to (x1, y1) at the positions ts (0-1 along it); with
 * centres (4 numbers: two hex centres) the points in their number areas are left out. */
static void
sample_band (const Sampler *s, double x0, double y0, double x1, double y1, const double *ts, int n_t,
             const double *centres, Band *band)
{
  double length = hypot (x1 - x0, y1 - y0);
  double tx = (x1 - x0) / length, ty = (y1 - y0) / length, nx = -ty, ny = tx;

  band->n_along = n_t;
  for (int i = 0; i < n_t; i++)
    {
      double x = x0 + (x1 - x0) * ts[i], y = y0 + (y1 - y0) * ts[i];

      band->n_beside[i] = 0;
      for (int side = -1; side <= 1; side += 2)
        {
          /* three points a side, the median lightness kept (two: the lighter): a town's
           * block, a tree or another line beside the band is not the colour under it */
          float got[3][3];
          int n_got = 0, pick = 0;

          for (int k = 0; k < 3; k++)
            {
              double o = side * (BAND_BESIDE + (k - 1) * BAND_BESIDE_STEP);
              if (sample_lab (s, x + o * nx, y + o * ny, got[n_got]))
                n_got++;
            }
          if (n_got == 0)
            continue;
          if (n_got == 2)
            pick = got[1][0] > got[0][0];
          else if (n_got == 3)
            for (int k = 0; k < 3; k++)
              {
                int below = 0, above = 0;
                for (int q = 0; q < 3; q++)
                  if (q != k)
                    {
                      below += got[q][0] < got[k][0] || (got[q][0] == got[k][0] && q < k);
                      above += got[q][0] > got[k][0] || (got[q][0] == got[k][0] && q > k);
                    }
                if (below == 1 && above == 1)
                  pick = k;
              }
          memcpy (band->beside[i][band->n_beside[i]++], got[pick], sizeof got[pick]);
        }
      for (int k = 0; k < BAND_ACROSS; k++)
        {
          double o = -BAND_HALF + k * (2 * BAND_HALF / (BAND_ACROSS - 1));
          double px = x + o * nx, py = y + o * ny;

          band->valid[i][k] = FALSE;
          if (band->n_beside[i] == 0)
            continue;
          if (centres != NULL && (in_number_area (s, px, py, centres[0], centres[1]) ||
                                  in_number_area (s, px, py, centres[2], centres[3])))
            continue;
          band->valid[i][k] = sample_lab (s, px, py, band->across[i][k]);
        }
    }
}

static inline double
lab_distance (const float a[3], const float b[3])
{
  double dl = a[0] - b[0], da = a[1] - b[1], db = a[2] - b[2];
  return sqrt (dl * dl + da * da + db * db);
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* How much of look's colour the point p has over the colour beside the band bg: p read as
 * bg + alpha (look - bg) (blur, a thin line and a JPEG's coarse colour all mix a printed
 * line with what is under it); *residual is what that reading leaves unexplained,
 * relative to |look - bg|. */
static double
look_mix (const float p[3], const float bg[3], const float look[3], double *residual)
{
  double d[3], e[3], dd = 0, de = 0, rr = 0, alpha;

  for (int c = 0; c < 3; c++)
    {
      d[c] = p[c] - bg[c];
      e[c] = look[c] - bg[c];
      dd += e[c] * e[c];
      de += d[c] * e[c];
    }
  if (dd < 100)   /* the look's colour is the background's: nothing to tell */
    {
      *residual = G_MAXDOUBLE;
      return 0;
    }
  alpha = de / dd;
  for (int c = 0; c < 3; c++)
    rr += (d[c] - alpha * e[c]) * (d[c] - alpha * e[c]);
  *residual = sqrt (rr / dd);
  return alpha;
}

/* How well the band fits look: the share of its length where look's colour shows, the
 * width of it (the mix summed across the band: blur spreads a line but keeps that sum) and
 * the mean unexplained residual of the points that show it. FALSE when too little of the
 * band is on the scan. */
static gboolean
fit_look (const Band *band, const Look *look, double *coverage, double *width, double *residual, double *wiggle)
{
  double widths[BAND_ALONG], centres[BAND_ALONG], sum_residual = 0;
  int n_valid = 0, n_covered = 0, n_residual = 0;
  const double step = 2 * BAND_HALF / (BAND_ACROSS - 1);

  for (int i = 0; i < band->n_along; i++)
    {
      double alpha[BAND_ACROSS], res[BAND_ACROSS];
      gboolean shows[BAND_ACROSS];
      double mix = 0, peak = 0, run_mix = 0, run_peak = 0, run_residual = 0, best_residual_sum = 0;
      double run_moment = 0, centre = 0;
      int valid = 0, run_n = 0, best_n = 0;

      for (int k = 0; k < BAND_ACROSS; k++)
        {
          shows[k] = FALSE;
          if (!band->valid[i][k])
            continue;
          valid++;
          /* the point is over the hex whose colour beside the band is nearer it: a hex's
           * own fill is no mix of another's with the look */
          {
            int b = band->n_beside[i] > 1 && lab_distance (band->across[i][k], band->beside[i][1]) <
                                                 lab_distance (band->across[i][k], band->beside[i][0]);
            alpha[k] = look_mix (band->across[i][k], band->beside[i][b], look->lab, &res[k]);
          }
          /* mostly toward the look's colour, not some other ink; nor far past it (a town's
           * black blocks beside a brown road): blur and noise leave a line's own points
           * near or below its colour */
          shows[k] = alpha[k] >= MIN_MIX && alpha[k] <= MAX_MIX && res[k] <= MIX_RESIDUAL * alpha[k] + 0.1;
        }
      /* the width is the one run of points across that shows the look most: another line
       * beside the band (the spokes of a junction near its hex centre) or a block is
       * separated from it by the paper between them and does not widen it */
      for (int k = 0; k <= BAND_ACROSS; k++)
        {
          if (k < BAND_ACROSS && shows[k])
            {
              run_mix += MIN (alpha[k], 1.0) * step;
              run_moment += MIN (alpha[k], 1.0) * step * (-BAND_HALF + k * step);
              run_peak = MAX (run_peak, alpha[k]);
              run_residual += res[k];
              run_n++;
              continue;
            }
          if (k < BAND_ACROSS && !band->valid[i][k])
            continue;   /* a point left out (a hex number) does not end a run */
          if (run_mix > mix)
            {
              mix = run_mix;
              peak = run_peak;
              centre = run_moment / run_mix;
              best_residual_sum = run_residual;
              best_n = run_n;
            }
          run_mix = run_peak = run_residual = run_moment = 0;
          run_n = 0;
        }
      sum_residual += best_residual_sum;
      n_residual += best_n;
      if (valid < BAND_ACROSS / 2)
        continue;
      n_valid++;
      if (mix >= 0.35 * look->width && peak >= look->min_peak)
        {
          centres[n_covered] = centre;
          widths[n_covered++] = mix;
        }
    }
  if (n_valid < 3)
    return FALSE;
  *coverage = (double) n_covered / n_valid;
  if (n_covered > 0)
    {
      qsort (widths, n_covered, sizeof widths[0], compare_double);
      *width = widths[n_covered / 2];
    }
  else
    *width = 0;
  *residual = n_residual > 0 ? sum_residual / n_residual : 1;
  /* how far the line strays across the band about its mean: a fence's zigzag does */
  {
    double sum = 0, sum2 = 0;
    for (int i = 0; i < n_covered; i++)
      {
        sum += centres[i];
        sum2 += centres[i] * centres[i];
      }
    *wiggle = n_covered > 1 ? sqrt (MAX (0.0, sum2 / n_covered - (sum / n_covered) * (sum / n_covered))) : 0;
  }
  return TRUE;
}

/* The score of look for a band that fits it so: 0-1, the coverage against the look's,
 * the width and the colour. */
static double
look_score (const Look *look, double coverage, double width, double residual)
{
  double c = MIN (1.0, coverage / look->coverage);
  double w = width > 0 ? exp (-fabs (log (width / look->width))) : 0;

  /* a dashed look's gaps must show */
  if (look->coverage < 1)
    c *= exp (-3 * MAX (0.0, coverage - look->coverage - 0.15));
  return c * w * exp (-residual / 0.15);
}

/* Joins the links of one kind and type that meet into chains. */
static int
chain_root (int *parent, int i)
{
  while (parent[i] != i)
    i = parent[i] = parent[parent[i]];
  return i;
}

static void
join_chains (const GbacwHexGrid *grid, GArray *links, guint32 alone)
{
  g_autofree int *parent = g_new (int, MAX (links->len, 1));
  g_autofree int *length = g_new0 (int, MAX (links->len, 1));
  g_autoptr (GHashTable) by_key = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64 *keys = g_new (gint64, MAX (links->len, 1));

  for (guint i = 0; i < links->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
      parent[i] = (int) i;
      keys[i] = ((gint64) l->kind << 56) | ((gint64) l->type << 40) | l->hexside;
      g_hash_table_insert (by_key, &keys[i], GINT_TO_POINTER (i + 1));
    }
  for (guint i = 0; i < links->len; i++)
    {
      const GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
      GbacwHexsideId near[12];
      guint n_near = 0;

      if (l->kind == GBACW_TRACE_LINK_HEXSIDE)
        n_near = gbacw_hex_grid_hexside_neighbours (grid, l->hexside, near);
      else
        {
          /* segments that share a hex: the other hexsides of its two hexes */
          GbacwHex ends[2];
          gbacw_hex_grid_hexside_hexes (grid, l->hexside, &ends[0], NULL, &ends[1]);
          for (int e = 0; e < 2; e++)
            for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
              {
                GbacwHexsideId id = gbacw_hex_grid_hexside (grid, ends[e], d);
                if (id != l->hexside && id != GBACW_HEXSIDE_NONE && n_near < G_N_ELEMENTS (near))
                  near[n_near++] = id;
              }
        }
      for (guint k = 0; k < n_near; k++)
        {
          gint64 key = ((gint64) l->kind << 56) | ((gint64) l->type << 40) | near[k];
          int j = GPOINTER_TO_INT (g_hash_table_lookup (by_key, &key)) - 1;
          if (j >= 0)
            {
              int a = chain_root (parent, (int) i), b = chain_root (parent, j);
              parent[MAX (a, b)] = MIN (a, b);
            }
        }
    }
  for (guint i = 0; i < links->len; i++)
    length[chain_root (parent, (int) i)]++;
  for (guint i = 0; i < links->len; i++)
    {
      GbacwTraceLink *l = &g_array_index (links, GbacwTraceLink, i);
      l->chain = chain_root (parent, (int) i);
      l->chain_length = length[l->chain];
      /* a river or a road of one or two hexsides alone is seldom one; a crossing (the
       * hexside types in alone) mostly is */
      if (l->chain_length <= 2 && !(l->kind == GBACW_TRACE_LINK_HEXSIDE && (alone & (1u << l->type))))
        l->confidence *= l->chain_length == 1 ? 0.5 : 0.75;
    }
}

/* The best look of each group for the band, appended as links when it fits well enough. */
/* Whether anything is printed on the band: a point that differs from the colours beside it
 * by more than noise does. Most hexsides have nothing, and this is cheaper than the looks. */
static gboolean
band_has_print (const Band *band)
{
  for (int i = 0; i < band->n_along; i++)
    for (int k = 0; k < BAND_ACROSS; k++)
      {
        gboolean differs = band->valid[i][k];
        for (int b = 0; b < band->n_beside[i] && differs; b++)
          differs = lab_distance (band->across[i][k], band->beside[i][b]) > MIN_PRINT_DE;
        if (differs)
          return TRUE;
      }
  return FALSE;
}

/* How much lighter than the line's two edges its middle is, in L*: a double line (a pike:
 * two dark edges, a light middle) shows it, a solid one does not. The median over the
 * positions along; the middle sought within a few points of the band's axis, as the
 * calibration is a pixel or so off. */
static double
band_middle_dip (const Band *band)
{
  double dips[BAND_ALONG];
  int n = 0;

  for (int i = 0; i < band->n_along; i++)
    {
      double best = -G_MAXDOUBLE;
      gboolean any = FALSE;

      for (int c = BAND_ACROSS / 2 - 3; c <= BAND_ACROSS / 2 + 3; c++)
        {
          double left = G_MAXDOUBLE, right = G_MAXDOUBLE;

          if (!band->valid[i][c])
            continue;
          for (int d = 1; d <= 3; d++)
            {
              if (band->valid[i][c - d])
                left = MIN (left, band->across[i][c - d][0]);
              if (band->valid[i][c + d])
                right = MIN (right, band->across[i][c + d][0]);
            }
          if (left == G_MAXDOUBLE || right == G_MAXDOUBLE)
            continue;
          best = MAX (best, MIN (band->across[i][c][0] - left, band->across[i][c][0] - right));
          any = TRUE;
        }
      if (any)
        dips[n++] = best;
    }
  if (n == 0)
    return 0;
  qsort (dips, n, sizeof dips[0], compare_double);
  return dips[n / 2];
}

/* A railroad's cross ties, as gbacw-map-renderer.c prints them: at each ninth of the
 * segment between the hex centres, across it, 0.16 either side of the line and 0.03 wide.
 * How much darker (L*) the scan is on them than halfway between them, beside the line
 * (0.09-0.14 across, past the rail and within a pike's width of dark), over the ties away
 * from the centres (where other spokes meet) and the hexside; NAN when too few points are
 * on the scan. The ties are where the segment's geometry puts them: a matched look. */
static double
tie_contrast (const Sampler *s, const double centres[4])
{
  static const double across[] = { -0.14, -0.115, -0.09, 0.09, 0.115, 0.14 };
  static const double along[] = { -0.012, 0.0, 0.012 };
  double x0 = centres[0], y0 = centres[1], dx = centres[2] - centres[0], dy = centres[3] - centres[1];
  double length = hypot (dx, dy), nx = -dy / length, ny = dx / length, tx = dx / length, ty = dy / length;
  double on = 0, off = 0;
  int n_on = 0, n_off = 0;

  /* in eighteenths of the segment: the ties at the even ones, halfway between them at the
   * odd ones; the first and the last tie (by the centres, where other spokes meet) and the
   * middle (the hexside's print) left out */
  for (int k = 3; k <= 14; k++)
    {
      double f = k / 18.0;
      gboolean tie = k % 2 == 0;

      if (k == 9)
        continue;
      for (guint a = 0; a < G_N_ELEMENTS (along); a++)
        for (guint c = 0; c < G_N_ELEMENTS (across); c++)
          {
            double x = x0 + dx * f + tx * along[a] + nx * across[c];
            double y = y0 + dy * f + ty * along[a] + ny * across[c];
            float lab[3];

            if (in_number_area (s, x, y, centres[0], centres[1]) ||
                in_number_area (s, x, y, centres[2], centres[3]) || !sample_lab (s, x, y, lab))
              continue;
            if (tie)
              on += lab[0], n_on++;
            else
              off += lab[0], n_off++;
          }
    }
  if (n_on < 12 || n_off < 12)
    return NAN;
  return off / n_off - on / n_on;
}

/* The best look of each group for the band, appended as links when it fits well enough.
 * ties: the railroad's cross ties seen on a centre-to-centre band (tie_contrast ()), NAN
 * for a hexside's. A band as wide as a pike that shows ties and no light middle is a pike
 * with a railroad over it (the renderer draws the railroad over the pike's middle): both
 * are proposed, where one look a band was all the tracer read. */
static void
propose_band (const Band *band, const Look *looks, const int *types, int n_looks, GbacwTraceLinkKind kind,
              GbacwHexsideId id, double ties, GArray *links)
{
  gboolean tied = kind == GBACW_TRACE_LINK_LINE && ties >= TIES_BESIDE;

  if (!band_has_print (band))
    return;
  for (int group = 0; group < 2; group++)
    {
      double best = 0, second = 0, best_coverage = 0, best_width = 0, best_residual = 0, dip = -1;
      double rail_score = 0, rail_coverage = 0, rail_width = 0, rail_residual = 0;
      int best_type = -1, best_look = -1, rail_type = -1;

      for (int t = 0; t < n_looks; t++)
        {
          double coverage, width, de, wiggle, score;

          if (looks[t].group != group || !fit_look (band, &looks[t], &coverage, &width, &de, &wiggle))
            continue;
          score = look_score (&looks[t], coverage, width, de);
          /* a fence zigzags about the hexside; the printed grid line along it does not */
          if (looks[t].zigzag)
            score *= CLAMP ((wiggle - STRAIGHT_WIGGLE) / ZIGZAG_WIGGLE, 0.0, 1.0) * (width <= 2.2 * looks[t].width) *
                     (coverage >= FENCE_COVERAGE);
          /* a pike's light middle, or its lack, tells it from a road of about its width;
           * a railroad over a pike hides its middle, and shows its ties */
          if (kind == GBACW_TRACE_LINK_LINE && (looks[t].is_double || looks[t].coverage == 1.0))
            {
              if (dip < 0)
                dip = band_middle_dip (band);
              if (looks[t].is_double)
                score *= dip >= DOUBLE_DIP                                                        ? 1.3
                         : dip < SOLID_DIP && !(tied && width >= PIKE_UNDER_RAIL * looks[t].width) ? 0.7
                                                                                                   : 1.0;
              else if (dip >= DOUBLE_DIP)
                score *= 0.7;
            }
          if (coverage / looks[t].coverage < MIN_COVERAGE)
            score = 0;
          if (looks[t].railroad && score > rail_score)
            {
              rail_score = score;
              rail_type = types[t];
              rail_coverage = coverage;
              rail_width = width;
              rail_residual = de;
            }
          if (score > best)
            {
              second = best;
              best = score;
              best_type = types[t];
              best_look = t;
              best_coverage = coverage;
              best_width = width;
              best_residual = de;
            }
          else if (score > second)
            second = score;
        }
      if (best_type >= 0 && best > 0)
        {
          GbacwTraceLink l = { kind, id, best_type, 0, best_coverage, best_width, best_residual, 0, 1 };
          double margin = (best - second) / best;
          l.confidence = CLAMP ((best - 0.08) / 0.35, 0.0, 1.0) * (0.5 + 0.5 * margin);
          g_array_append_val (links, l);
          /* the railroad over the pike: as sure as the pike, less where its ties are faint */
          if (tied && looks[best_look].is_double && dip < SOLID_DIP &&
              best_width >= PIKE_UNDER_RAIL * looks[best_look].width && rail_type >= 0 && rail_score > 0)
            {
              GbacwTraceLink r = { kind, id, rail_type, 0, rail_coverage, rail_width, rail_residual, 0, 1 };
              double clear = CLAMP ((ties - TIES_BESIDE) / (TIES_SURE - TIES_BESIDE), 0.0, 1.0);

              r.confidence = l.confidence * (0.75 + 0.25 * clear);
              g_array_append_val (links, r);
            }
        }
    }
}

/* L* (and b*) at t along the hexside from (x0, y0) to (x1, y1) and o across it (map
 * units, toward either side); FALSE off the scan. */
static gboolean
side_point (const Sampler *s, const double side[4], double t, double o, float lab[3])
{
  double tx = side[2] - side[0], ty = side[3] - side[1], length = hypot (tx, ty);

  return sample_lab (s, side[0] + tx * t - ty / length * o, side[1] + ty * t + tx / length * o, lab);
}

/* The darkest L* over t0..t1 along the hexside at o across it; NAN off the scan. */
static double
darkest (const Sampler *s, const double side[4], double t0, double t1, double o)
{
  double least = NAN;

  for (double t = t0; t <= t1 + 1e-9; t += 0.02)
    {
      float lab[3];
      if (side_point (s, side, t, o, lab) && !(lab[0] >= least))
        least = lab[0];
    }
  return least;
}

/* The crossings the hexside shows, with their confidence in scores (indexed by Crossing).
 * Only asked of a hexside where water was found. A ford's paper break is told by the
 * water's colour either side of the middle against its colour away from it; a bridge's
 * ink strokes by the darkest points either side of the middle, beyond the water and a road
 * crossing there, against the hexes' fill beside. A wagon bridge's dashes are as fine as
 * a scan's blur (0.05 gaps), so it is told from a bridge by the ford it stands on (J 23.0:
 * a wagon bridge requires a ford), and from a bridge without one not at all. */
static void
crossing_scores (const Sampler *s, const double side[4], double scores[4])
{
  float water[2][3], gap[2][3], fill[2][3];
  double break_, ink = G_MAXDOUBLE;
  gboolean ok = TRUE;

  memset (scores, 0, 4 * sizeof scores[0]);
  ok &= side_point (s, side, 0.25, 0, water[0]) && side_point (s, side, 0.75, 0, water[1]);
  ok &= side_point (s, side, 0.43, 0, gap[0]) && side_point (s, side, 0.57, 0, gap[1]);
  ok &= side_point (s, side, 0.5, 0.38, fill[0]) && side_point (s, side, 0.5, -0.38, fill[1]);
  if (!ok)
    return;
  /* the paper of a ford: far lighter and yellower than the water */
  break_ = MIN (MIN (gap[0][0] - water[0][0], gap[1][0] - water[1][0]),
                MIN (gap[0][2] - water[0][2], gap[1][2] - water[1][2]));
  for (int side_sign = -1; side_sign <= 1; side_sign += 2)
    for (int end = 0; end < 2; end++)
      {
        double d = darkest (s, side, end ? 0.61 : 0.31, end ? 0.69 : 0.39, side_sign * 0.18);
        ink = MIN (ink, isnan (d) ? 0 : fill[side_sign > 0 ? 0 : 1][0] - d);
      }
  if (break_ >= FORD_BREAK)
    scores[CROSSING_FORD] = CLAMP (break_ / (2.5 * FORD_BREAK), 0.0, 1.0);
  if (ink >= BRIDGE_INK)
    scores[break_ >= FORD_BREAK ? CROSSING_WAGON_BRIDGE : CROSSING_BRIDGE] = CLAMP (ink / (1.5 * BRIDGE_INK), 0.0, 1.0);
}

GArray *
gbacw_trace_links (const GbacwScenario  *scenario,
                   GbacwBackgroundImage *image,
                   const double          transform[6],
                   GbacwTraceFlags       flags,
                   GError              **error)
{
  const GbacwMap *map = scenario->map;
  const GbacwHexGrid *grid = &map->grid;
  const GPtrArray *side_types = scenario->catalogue.hexside_types;
  const GPtrArray *line_types = scenario->catalogue.line_types;
  Look side_looks[GBACW_MAX_HEXSIDE_TYPES], line_looks[GBACW_MAX_LINE_TYPES];
  int side_type_of[GBACW_MAX_HEXSIDE_TYPES], line_type_of[GBACW_MAX_LINE_TYPES];
  int n_side_looks = 0, n_line_looks = 0, n_railroads = 0;
  gboolean is_water[GBACW_MAX_HEXSIDE_TYPES] = { FALSE };
  Crossing crossing_of[GBACW_MAX_HEXSIDE_TYPES];
  int crossing_type[GBACW_MAX_HEXSIDE_TYPES], n_crossings = 0;
  double side_ts[BAND_ALONG], line_ts[BAND_ALONG];
  double pixels_per_unit, min_width;
  Sampler s = { 0 };
  GArray *links;
  Band *band;

  g_return_val_if_fail (scenario != NULL && image != NULL && transform != NULL, NULL);

  init_colour_tables ();
  if (!sampler_init (&s, image, transform, grid, &pixels_per_unit, error))
    return NULL;
  /* the renderer draws no line thinner than a pixel or so */
  min_width = 1.0 / pixels_per_unit;

  for (guint t = 0; t < MIN (side_types->len, GBACW_MAX_HEXSIDE_TYPES); t++)
    if (hexside_look (g_ptr_array_index (side_types, t), min_width, &side_looks[n_side_looks]))
      side_type_of[n_side_looks++] = (int) t;
  for (guint t = 0; t < MIN (line_types->len, GBACW_MAX_LINE_TYPES); t++)
    if (line_look (g_ptr_array_index (line_types, t), min_width, &line_looks[n_line_looks]))
      {
        n_railroads += line_looks[n_line_looks].railroad;
        line_type_of[n_line_looks++] = (int) t;
      }
  for (guint t = 0; t < MIN (side_types->len, GBACW_MAX_HEXSIDE_TYPES); t++)
    {
      const GbacwHexsideType *type = g_ptr_array_index (side_types, t);
      Crossing c = crossing_style (type);

      is_water[t] = g_strcmp0 (type->style, "river") == 0 || g_strcmp0 (type->style, "stream") == 0;
      if (c != CROSSING_NONE)
        {
          crossing_of[n_crossings] = c;
          crossing_type[n_crossings++] = (int) t;
        }
    }
  /* along a hexside: its middle 60%, the corners (where other hexsides meet) left out;
   * along a segment: from near each centre to near the hexside it crosses */
  for (int i = 0; i < BAND_ALONG; i++)
    {
      side_ts[i] = 0.2 + 0.6 * i / (BAND_ALONG - 1);
      line_ts[i] = i < BAND_ALONG / 2 ? 0.14 + 0.26 * i / (BAND_ALONG / 2 - 1)
                                      : 0.6 + 0.26 * (i - BAND_ALONG / 2) / (BAND_ALONG / 2 - 1);
    }

  links = g_array_new (FALSE, FALSE, sizeof (GbacwTraceLink));
  band = g_new (Band, 1);
  for (int kind = GBACW_TRACE_LINK_HEXSIDE; kind <= GBACW_TRACE_LINK_LINE; kind++)
    {
      if ((kind == GBACW_TRACE_LINK_HEXSIDE ? n_side_looks : n_line_looks) == 0)
        continue;
      for (GbacwHexsideId id = 0; id < gbacw_hex_grid_n_hexside_ids (grid); id++)
        {
          GbacwHex a, b;
          int direction;
          double centres[4];

          if (!gbacw_hex_grid_hexside_hexes (grid, id, &a, &direction, &b))
            continue;
          gbacw_hex_grid_centre (grid, a, &centres[0], &centres[1]);
          gbacw_hex_grid_centre (grid, b, &centres[2], &centres[3]);
          if (kind == GBACW_TRACE_LINK_HEXSIDE)
            {
              double x0, y0, x1, y1;

              /* the map edge's hexsides too: a river may run along it */
              if (!gbacw_hex_grid_hexside_on_map (grid, id) ||
                  ((flags & GBACW_TRACE_UNPAINTED_ONLY) && map->hexside_features[id] != 0))
                continue;
              gbacw_hex_grid_corner (grid, a, direction, &x0, &y0);
              gbacw_hex_grid_corner (grid, a, (direction + 1) % GBACW_HEX_DIRECTIONS, &x1, &y1);
              sample_band (&s, x0, y0, x1, y1, side_ts, BAND_ALONG, NULL, band);
              {
                guint before = links->len;
                int water = -1;

                propose_band (band, side_looks, side_type_of, n_side_looks, kind, id, NAN, links);
                for (guint k = before; k < links->len; k++)
                  if (g_array_index (links, GbacwTraceLink, k).confidence >= MIN_WATER_CONFIDENCE &&
                      is_water[g_array_index (links, GbacwTraceLink, k).type])
                    water = (int) k;
                if (water >= 0 && n_crossings > 0)
                  {
                    double side[4] = { x0, y0, x1, y1 }, scores[4], best = 0;

                    crossing_scores (&s, side, scores);
                    for (int c = 0; c < n_crossings; c++)
                      if (scores[crossing_of[c]] >= MIN_CROSSING)
                        {
                          GbacwTraceLink l = { kind, id, crossing_type[c], scores[crossing_of[c]], 1, 0, 0, 0, 1 };
                          g_array_append_val (links, l);
                          best = MAX (best, l.confidence);
                        }
                    /* the crossing's print is the gap in the water's band: the water is as
                     * sure as a band without it would be */
                    if (best > 0)
                      {
                        GbacwTraceLink *w = &g_array_index (links, GbacwTraceLink, water);
                        w->confidence = MAX (w->confidence, MIN (1.0, 0.3 + 0.5 * best));
                      }
                  }
              }
            }
          else
            {
              if (!gbacw_hex_grid_contains (grid, a) || !gbacw_hex_grid_contains (grid, b) ||
                  ((flags & GBACW_TRACE_UNPAINTED_ONLY) && map->hexside_lines[id] != 0))
                continue;
              sample_band (&s, centres[0], centres[1], centres[2], centres[3], line_ts, BAND_ALONG, centres, band);
              /* the ties only where a railroad may be proposed: a band with print on it */
              propose_band (band, line_looks, line_type_of, n_line_looks, kind, id,
                            n_railroads > 0 && band_has_print (band) ? tie_contrast (&s, centres) : NAN, links);
            }
        }
    }
  g_free (band);
  {
    guint32 alone = 0;
    for (int c = 0; c < n_crossings; c++)
      alone |= 1u << crossing_type[c];
    join_chains (grid, links, alone);
  }
  return links;
}

/* ---------------------------------------------------------------- elevation */

/* The elevation shading gbacw-map-renderer.c draws: each level mixes a hex's fill a
 * further LEVEL_STEP toward this brown, at most LEVEL_STEP_MAX; a hex with no terrain is
 * the paper so tinted. A scan whose marks give two levels or more is read by its own step
 * (elevation_scale ()). */
static const double elevation_tint[3] = { 0.44, 0.30, 0.16 };
static const double paper_rgb[3] = { 0.949, 0.925, 0.839 };
#define LEVEL_STEP 0.09
#define LEVEL_STEP_MAX 0.6
/* The levels a map may have when the scenario gives none (the renderer's). */
#define MAX_TRACE_LEVELS 16
/* The least spread (in levels) of a hex's shading about its level that the choice
 * allows: noise and JPEG leave some even where the marks agree exactly. */
#define MIN_SHADE_SPREAD 0.2
/* What two neighbours at different levels cost, against the shading's (squared spread
 * units): enough to settle a hex the shading leaves between two levels by its
 * neighbours, too little to overrule a clear shade. */
#define LEVEL_CHANGE_COST 0.4

GArray *
gbacw_trace_elevation_marks_parse (const GbacwScenario *scenario,
                                   const char          *text,
                                   gsize                length,
                                   const char          *display_name,
                                   GError             **error)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  const char *display = display_name ? display_name : "(memory)";
  int n_levels = scenario->map->levels != NULL && scenario->map->levels->len > 0 ? (int) scenario->map->levels->len
                                                                                   : MAX_TRACE_LEVELS;
  g_autoptr (GArray) marks = g_array_new (FALSE, FALSE, sizeof (GbacwTraceElevationMark));
  g_autofree int *level_of = g_new (int, gbacw_hex_grid_n_hexes (grid));
  g_autofree char *copy = NULL;
  g_auto (GStrv) lines = NULL;

  for (int i = 0; i < gbacw_hex_grid_n_hexes (grid); i++)
    level_of[i] = -1;
  if (!g_utf8_validate_len (text, length, NULL) || memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES,
                   _("%s: not a text file: give one line per terrain, its id then the labels of its sample hexes"),
                   display);
      return NULL;
    }
  copy = g_strndup (text, length);
  lines = g_strsplit (copy, "\n", -1);
  for (int n = 0; lines[n] != NULL; n++)
    {
      int n_words;
      g_auto (GStrv) words = line_words (lines[n], &n_words);
      gint64 level;

      if (n_words == 0 || !g_str_equal (words[0], ELEVATION_WORD))
        continue;
      if (n_words < 2 || !g_ascii_string_to_signed (words[1], 10, 0, n_levels - 1, &level, NULL))
        {
          g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES,
                       _("%s:%d: “%s” is not a level of this map: give a whole number from 0 to %d, then the "
                         "labels of hexes at that level (elevation 2 0304 1122)"),
                       display, n + 1, n_words < 2 ? "" : words[1], n_levels - 1);
          return NULL;
        }
      if (n_words == 2)
        {
          g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES,
                       _("%s:%d: level %d has no hexes: give their labels after the level (elevation 2 0304 1122)"),
                       display, n + 1, (int) level);
          return NULL;
        }
      for (int w = 2; w < n_words; w++)
        {
          g_autoptr (GError) local = NULL;
          GbacwTraceElevationMark mark = { 0, (int) level, n + 1 };
          GbacwHex hex;

          if (!gbacw_hex_grid_parse_label (grid, words[w], &hex, &local))
            {
              g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES, "%s:%d: %s", display, n + 1,
                           local->message);
              return NULL;
            }
          mark.hex = gbacw_hex_grid_index (grid, hex);
          if (level_of[mark.hex] >= 0 && level_of[mark.hex] != mark.level)
            {
              g_set_error (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_SAMPLES,
                           _("%s:%d: hex %s is marked level %d already: give each hex one level"), display, n + 1,
                           words[w], level_of[mark.hex]);
              return NULL;
            }
          if (level_of[mark.hex] < 0)
            g_array_append_val (marks, mark);
          level_of[mark.hex] = mark.level;
        }
    }
  return g_steal_pointer (&marks);
}

GArray *
gbacw_trace_elevation_marks_load (const GbacwScenario *scenario, const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = gbacw_file_read (path, GBACW_FILE_KIND_TRACE_SAMPLES, error);
  g_autofree char *display = NULL;
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  display = g_filename_display_name (path);
  data = g_bytes_get_data (bytes, &length);
  return gbacw_trace_elevation_marks_parse (scenario, data ? data : "", length, display, error);
}

/* The colour (sRGB 0-1 each) of the fill of the inner hex centred at (cx, cy), as
 * hex_features () samples it: symbols (trees, a town's blocks), the hex number and the
 * grid are darker than the fill they are printed on, and the shading tints the fill only,
 * so the darker 40% of the points are left out and each channel's median of the others
 * taken. FALSE when too little of the hex is on the scan. */
static gboolean
hex_fill_colour (const Sampler *s, double cx, double cy, double rgb[3])
{
  const double *m = s->transform;
  guint8 points[MAX_POINTS_ACROSS * MAX_POINTS_ACROSS][3];
  guint brightness[3 * 255 + 1], histogram[3][256];
  int n = 0, k = s->n_across, threshold = 0, n_kept = 0;
  double start = -(k - 1) * s->step / 2;

  for (int j = 0; j < k; j++)
    for (int i = 0; i < k; i++)
      {
        double u = start + i * s->step, v = start + j * s->step;
        double x = cx + u, y = cy + v;
        int px, py;
        guint32 pixel;
        guint a;

        if (!inside_inner_hex (s, u, v))
          continue;
        px = (int) floor (m[0] * x + m[2] * y + m[4]);
        py = (int) floor (m[1] * x + m[3] * y + m[5]);
        if (px < 0 || py < 0 || px >= s->width || py >= s->height)
          continue;
        pixel = ((const guint32 *) (gconstpointer) (s->data + (gsize) py * s->stride))[px];
        a = pixel >> 24;
        if (s->has_alpha && a == 0)
          continue;
        for (int q = 0; q < 3; q++)
          {
            guint c = (pixel >> (16 - 8 * q)) & 0xff;
            if (s->has_alpha && a != 255)
              c = MIN (255u, c * 255 / a);
            points[n][q] = (guint8) c;
          }
        n++;
      }
  if (n < MIN_POINTS)
    return FALSE;
  memset (brightness, 0, sizeof brightness);
  memset (histogram, 0, sizeof histogram);
  for (int p = 0; p < n; p++)
    brightness[points[p][0] + points[p][1] + points[p][2]]++;
  for (int below = 0; threshold < 3 * 255 && below + (int) brightness[threshold] <= n * 2 / 5; threshold++)
    below += (int) brightness[threshold];
  for (int p = 0; p < n; p++)
    if (points[p][0] + points[p][1] + points[p][2] >= threshold)
      {
        for (int q = 0; q < 3; q++)
          histogram[q][points[p][q]]++;
        n_kept++;
      }
  for (int q = 0; q < 3; q++)
    {
      int below = 0, v = 0;
      while (v < 255 && below + (int) histogram[q][v] < (n_kept + 1) / 2)
        below += (int) histogram[q][v++];
      rgb[q] = v / 255.0;
    }
  return TRUE;
}

static gboolean
parse_rgb (const char *fill, double rgb[3])
{
  guint r, g, b;

  if (fill == NULL || strlen (fill) != 7 || fill[0] != '#' || sscanf (fill + 1, "%02x%02x%02x", &r, &g, &b) != 3)
    return FALSE;
  rgb[0] = r / 255.0;
  rgb[1] = g / 255.0;
  rgb[2] = b / 255.0;
  return TRUE;
}

/* The tint amount a of colour o read as g (base + a (tint - base)), g its own brightness
 * (uneven lighting), by least squares in g and g a; NAN when the two colours do not tell. */
static double
tint_amount (const double o[3], const double base[3], const double tint[3])
{
  double sbb = 0, sbd = 0, sdd = 0, sob = 0, sod = 0, det, g, h;

  for (int c = 0; c < 3; c++)
    {
      double d = tint[c] - base[c];
      sbb += base[c] * base[c];
      sbd += base[c] * d;
      sdd += d * d;
      sob += o[c] * base[c];
      sod += o[c] * d;
    }
  det = sbb * sdd - sbd * sbd;
  if (fabs (det) < 1e-9)
    return NAN;
  g = (sob * sdd - sod * sbd) / det;
  h = (sod * sbb - sob * sbd) / det;
  return g > 1e-3 ? h / g : NAN;
}

gboolean
gbacw_trace_elevation (const GbacwScenario  *scenario,
                       GbacwBackgroundImage *image,
                       const double          transform[6],
                       const GArray         *marks,
                       const int            *terrain,
                       GbacwTraceElevation **proposals,
                       GError              **error)
{
  const GbacwMap *map;
  const GbacwHexGrid *grid;
  Sampler s = { 0 };
  double pixels_per_unit, cast[3] = { 1, 1, 1 }, spread = MIN_SHADE_SPREAD;
  int n_hexes, n_levels, n_marked = 0;
  g_autofree double *colour = NULL;
  g_autofree double *base = NULL;
  g_autofree gboolean *valid = NULL;
  g_autofree int *marked = NULL;
  g_autofree int *terrain_of = NULL;
  g_autofree double *shade = NULL;
  GbacwTraceElevation *out;

  g_return_val_if_fail (scenario != NULL && image != NULL && transform != NULL && marks != NULL, FALSE);
  g_return_val_if_fail (proposals != NULL, FALSE);

  map = scenario->map;
  grid = &map->grid;
  n_hexes = gbacw_hex_grid_n_hexes (grid);
  n_levels = map->levels != NULL && map->levels->len > 0 ? (int) map->levels->len : MAX_TRACE_LEVELS;
  if (!sampler_init (&s, image, transform, grid, &pixels_per_unit, error))
    return FALSE;
  s.n_across = CLAMP ((int) ceil (2 * INNER_SCALE * pixels_per_unit), 4, MAX_POINTS_ACROSS);
  s.step = 2 * INNER_SCALE / s.n_across;

  /* each hex's fill colour and its terrain's, unshaded */
  colour = g_new (double, (gsize) n_hexes * 3);
  base = g_new (double, (gsize) n_hexes * 3);
  valid = g_new0 (gboolean, n_hexes);
  marked = g_new (int, n_hexes);
  terrain_of = g_new (int, n_hexes);
  for (int i = 0; i < n_hexes; i++)
    {
      int t = terrain != NULL ? terrain[i] : -1;
      double cx, cy;

      marked[i] = -1;
      if (t < 0 && terrain == NULL && map->terrain[i] != 0)
        t = __builtin_ctzll (map->terrain[i]);
      if (t < 0 || (guint) t >= scenario->catalogue.hex_terrains->len ||
          !parse_rgb (((const GbacwHexTerrain *) g_ptr_array_index (scenario->catalogue.hex_terrains, t))->fill,
                      base + (gsize) i * 3))
        {
          memcpy (base + (gsize) i * 3, paper_rgb, sizeof paper_rgb);
          t = -1;
        }
      terrain_of[i] = t;
      gbacw_hex_grid_centre (grid, gbacw_hex_grid_hex_at (grid, i), &cx, &cy);
      valid[i] = hex_fill_colour (&s, cx, cy, colour + (gsize) i * 3);
    }
  for (guint k = 0; k < marks->len; k++)
    {
      const GbacwTraceElevationMark *mark = &g_array_index (marks, GbacwTraceElevationMark, k);
      g_return_val_if_fail (mark->hex >= 0 && mark->hex < n_hexes, FALSE);
      marked[mark->hex] = CLAMP (mark->level, 0, n_levels - 1);
      n_marked += valid[mark->hex];
    }
  if (n_marked == 0)
    {
      g_set_error_literal (error, GBACW_TRACE_ERROR, GBACW_TRACE_ERROR_NO_CLASSES,
                           marks->len > 0
                             ? _("None of the hexes marked with their level is on the scan: check the scan's calibration")
                             : _("No hex is marked with its level: give a few in the samples file (elevation 2 0304 1122)"));
      return FALSE;
    }

  /* the colour cast: each marked hex's colour against its shaded terrain colour, the
   * channels' ratios (their brightness left out) averaged over the marks */
  {
    double sum[3] = { 0, 0, 0 };
    int n = 0;

    for (int i = 0; i < n_hexes; i++)
      {
        double model[3], ratio[3], mean = 0, a;

        if (marked[i] < 0 || !valid[i])
          continue;
        a = MIN (LEVEL_STEP * marked[i], LEVEL_STEP_MAX);
        for (int c = 0; c < 3; c++)
          {
            model[c] = base[i * 3 + c] + a * (elevation_tint[c] - base[i * 3 + c]);
            ratio[c] = colour[i * 3 + c] / MAX (model[c], 1e-3);
            mean += ratio[c] / 3;
          }
        if (mean <= 0)
          continue;
        for (int c = 0; c < 3; c++)
          sum[c] += ratio[c] / mean;
        n++;
      }
    if (n > 0)
      for (int c = 0; c < 3; c++)
        cast[c] = sum[c] / n;
  }

  /* each hex's shading as a level */
  shade = g_new (double, n_hexes);
  for (int i = 0; i < n_hexes; i++)
    {
      double o[3];

      shade[i] = NAN;
      if (!valid[i])
        continue;
      for (int c = 0; c < 3; c++)
        o[c] = colour[i * 3 + c] / cast[c];
      shade[i] = tint_amount (o, base + (gsize) i * 3, elevation_tint);
    }
  /* the scan's own step: the marks' levels against their tint amounts by least squares,
   * over all marks and over each terrain's (symbols printed on a terrain, and the JPEG's
   * coarse colour that mixes them with the fill, make its tint show less); a terrain's own
   * fit is trusted by its number of marks, the fit over all of them filling in; and how
   * far the marks' shading strays from their levels */
  {
    guint n_terrains = scenario->catalogue.hex_terrains->len;
    g_autofree double *fit = g_new0 (double, (gsize) (n_terrains + 1) * 2);   /* scale, offset; [0]: all */
    double sum2 = 0;
    int n_all = 0;

    for (int group = -1; group < (int) n_terrains; group++)
      {
        double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0, lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
        double p = group < 0 ? 1.0 / LEVEL_STEP : fit[0], q = group < 0 ? 0 : fit[1];

        for (int i = 0; i < n_hexes; i++)
          if (marked[i] >= 0 && isfinite (shade[i]) && (group < 0 || terrain_of[i] == group))
            {
              sx += shade[i];
              sy += marked[i];
              sxx += shade[i] * shade[i];
              sxy += shade[i] * marked[i];
              n++;
              lo = MIN (lo, marked[i]);
              hi = MAX (hi, marked[i]);
            }
        if (n > 0)
          {
            double own_p = p, own_q;
            if (n >= 2 && hi > lo && n * sxx - sx * sx > 1e-12)
              {
                own_p = (n * sxy - sx * sy) / (n * sxx - sx * sx);
                /* a step far from the renderer's is more likely a mistake in the marks */
                if (!(own_p > 0.25 / LEVEL_STEP && own_p < 4 / LEVEL_STEP))
                  own_p = p;
              }
            own_q = (sy - own_p * sx) / n;
            if (group < 0)
              {
                p = own_p;
                q = own_q;
              }
            else
              {
                /* two marks of a terrain count as much as the fit over all */
                double w = n / (n + 2.0);
                p = w * own_p + (1 - w) * p;
                q = w * own_q + (1 - w) * q;
              }
          }
        fit[(group + 1) * 2] = p;
        fit[(group + 1) * 2 + 1] = q;
      }
    for (int i = 0; i < n_hexes; i++)
      if (isfinite (shade[i]))
        {
          int f = terrain_of[i] >= 0 ? terrain_of[i] + 1 : 0;
          shade[i] = fit[f * 2] * shade[i] + fit[f * 2 + 1];
          if (marked[i] >= 0)
            {
              sum2 += (shade[i] - marked[i]) * (shade[i] - marked[i]);
              n_all++;
            }
        }
    if (n_all > 1)
      spread = MAX (MIN_SHADE_SPREAD, sqrt (sum2 / n_all));
  }

  /* the levels of all hexes at once: each hex's shading against its neighbours' levels
   * (iterated conditional modes from the nearest level; the marks fixed) */
  out = g_new0 (GbacwTraceElevation, n_hexes);
  for (int i = 0; i < n_hexes; i++)
    {
      out[i].shade = shade[i];
      if (marked[i] >= 0)
        {
          out[i].status = GBACW_TRACE_SAMPLE;
          out[i].level = marked[i];
          out[i].confidence = 1;
        }
      else if (!valid[i])
        {
          out[i].status = GBACW_TRACE_OFF_SCAN;
          out[i].level = -1;
        }
      else
        {
          out[i].status = GBACW_TRACE_PROPOSED;
          out[i].level = isfinite (shade[i]) ? CLAMP ((int) lround (shade[i]), 0, n_levels - 1) : 0;
        }
    }
  for (int sweep = 0; sweep < 6; sweep++)
    {
      gboolean changed = FALSE;

      for (int i = 0; i < n_hexes; i++)
        {
          GbacwHex hex = gbacw_hex_grid_hex_at (grid, i);
          int neighbour_level[GBACW_HEX_DIRECTIONS], n_neighbours = 0, best_level = out[i].level;
          double best = G_MAXDOUBLE, second = G_MAXDOUBLE;

          if (out[i].status != GBACW_TRACE_PROPOSED)
            continue;
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            {
              GbacwHex nb = gbacw_hex_grid_neighbour (grid, hex, d);
              int j;
              if (!gbacw_hex_grid_contains (grid, nb))
                continue;
              j = gbacw_hex_grid_index (grid, nb);
              if (out[j].level >= 0)
                neighbour_level[n_neighbours++] = out[j].level;
            }
          for (int level = 0; level < n_levels; level++)
            {
              double e = 0;
              if (isfinite (shade[i]))
                e = (level - shade[i]) * (level - shade[i]) / (2 * spread * spread);
              for (int k = 0; k < n_neighbours; k++)
                e += neighbour_level[k] != level ? LEVEL_CHANGE_COST : 0;
              if (e < best)
                {
                  second = best;
                  best = e;
                  best_level = level;
                }
              else if (e < second)
                second = e;
            }
          changed |= best_level != out[i].level;
          out[i].level = best_level;
          /* the margin over the next level: 0 where the two cost the same */
          out[i].confidence = CLAMP (1 - exp (-(second - best)), 0.0, 1.0);
        }
      if (!changed && sweep > 0)
        break;
    }
  *proposals = out;
  return TRUE;
}
