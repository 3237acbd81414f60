/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace.h: terrain proposed from the calibrated scan, by example.
 *
 * The background's transform says which scan pixels belong to each hex. Over the hex's
 * inner area (the hex shrunk to 70% so that the printed grid lines stay out, less the band
 * near the top edge where the map prints the hex number) the pixels give a few features:
 * the mean colour in CIE Lab, the spread of lightness and of colour, the share of dark
 * pixels (towns' blocks, printed symbols) and the mean lightness step between neighbouring
 * pixels (the speckle of woods). Each terrain is a class: the features of the sample hexes
 * the user marks, or the catalogue's fill colour when there are none; a hex gets the class
 * nearest in units of that class's spread, with a confidence from the margin to the
 * runner-up. Nothing here changes the scenario: the caller paints what the user accepts.
 * Cairo and GLib only, no GTK.
 */
#pragma once

#include <glib.h>

#include "gbacw-background-image.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

#define GBACW_TRACE_ERROR (gbacw_trace_error_quark ())

typedef enum {
  GBACW_TRACE_ERROR_SAMPLES,        /* a samples file with a mistake (file:line) */
  GBACW_TRACE_ERROR_NO_BACKGROUND,  /* the scenario names no scan */
  GBACW_TRACE_ERROR_UNCALIBRATED,   /* the scan is not placed under the grid */
  GBACW_TRACE_ERROR_NO_CLASSES,     /* nothing to compare the hexes with */
} GbacwTraceError;

GQuark gbacw_trace_error_quark (void);

/* The sample hexes of one terrain. */
typedef struct {
  int terrain;        /* index in the catalogue's hex terrains */
  GArray *hexes;      /* int hex indices */
  int line;           /* line of the samples file, 0 when not from a file */
} GbacwTraceSample;

void gbacw_trace_sample_free (GbacwTraceSample *sample);

/* Reads a samples file's text: one line per terrain, its id then the labels of its sample
 * hexes (`woods 0304 1122 0917`); `#` starts a comment. Errors name display_name and the
 * line: an unknown terrain, a hex off the map, a hex given for two terrains. Returns
 * GbacwTraceSample* (a terrain given on two lines gets one entry), NULL on error. */
GPtrArray *gbacw_trace_samples_parse (const GbacwScenario *scenario,
                                      const char          *text,
                                      gsize                length,
                                      const char          *display_name,
                                      GError             **error);
/* The same from a file (read with gbacw_file_read (), at most 64 MiB). */
GPtrArray *gbacw_trace_samples_load (const GbacwScenario *scenario, const char *path, GError **error);

typedef enum {
  GBACW_TRACE_UNPAINTED_ONLY = 1 << 0,    /* painted hexes get no proposal (GBACW_TRACE_SKIPPED) */
  GBACW_TRACE_CATALOGUE_COLOURS = 1 << 1, /* terrains without samples compete with their catalogue fill */
} GbacwTraceFlags;

typedef enum {
  GBACW_TRACE_PROPOSED,
  GBACW_TRACE_SAMPLE,      /* a sample hex: its terrain as the user gave it, confidence 1 */
  GBACW_TRACE_SKIPPED,     /* painted, and GBACW_TRACE_UNPAINTED_ONLY */
  GBACW_TRACE_OFF_SCAN,    /* too little of the hex is on the scan */
} GbacwTraceStatus;

typedef struct {
  GbacwTraceStatus status;
  int terrain;             /* catalogue index proposed, -1 when none */
  int runner_up;           /* the next nearest terrain, -1 when there is one class only */
  double confidence;       /* 0-1: the margin between the two nearest, less for a hex unlike every class */
  double distance;         /* to the proposed class, in units of its spread */
} GbacwTraceProposal;

/* A proposal for each hex of the scenario's map (gbacw_hex_grid_n_hexes () entries in
 * *proposals, to be g_free ()d) from image placed by transform (map units -> image
 * pixels). samples: GbacwTraceSample*, may be empty with GBACW_TRACE_CATALOGUE_COLOURS.
 * FALSE with an error when there is no class to compare with or the transform is
 * degenerate. */
gboolean gbacw_trace_terrain (const GbacwScenario  *scenario,
                              GbacwBackgroundImage *image,
                              const double          transform[6],
                              const GPtrArray      *samples,
                              GbacwTraceFlags       flags,
                              GbacwTraceProposal  **proposals,
                              GError              **error);

/* The scenario's background scan, loaded, after the checks that tracing needs: a scan is
 * named, its transform is not the identity a scenario has before it is calibrated, and the
 * image reads. scenario_path resolves a relative file. */
GbacwBackgroundImage *gbacw_trace_load_background (const GbacwScenario *scenario,
                                                   const char          *scenario_path,
                                                   GError             **error);

G_END_DECLS
