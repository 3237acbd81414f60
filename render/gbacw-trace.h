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

/* ---------------------------------------------------------------- hexsides and lines
 *
 * Hexside features and lines are found by their printed look, as gbacw-map-renderer.c
 * draws them: rivers and streams a blue band along the hexside (a river 0.24 of a hex
 * radius wide, a stream 0.09), crests a brown one (0.09), fences a thin dark brown
 * zigzag 0.06 either side of the hexside (told from the straight grid line by how far it
 * strays across); a line type (road, pike, trail, railroad) a band of its catalogue colour
 * and width from hex centre to hex centre. Along
 * each hexside, its corners left out, and along each centre-to-centre segment, the hex
 * numbers and the hexside it crosses left out, points across the band are compared with
 * the look's colour and with the colour of the hexes beside the band (so a colour cast or
 * uneven lighting moves both alike); the share of the length that matches and the width
 * that matches give the type and a confidence. On a hexside where water is found, the
 * crossings printed on it are sought too: a ford (the band broken at its middle by paper
 * and a brown stroke), a bridge (two ink strokes across, either side of the middle) and a
 * wagon bridge (the same strokes on a ford: its dashes are finer than a scan's blur).
 * Proposals of one type that meet (hexsides sharing a corner, segments sharing a hex) are
 * joined in chains. */

typedef enum {
  GBACW_TRACE_LINK_HEXSIDE,   /* a hexside type along the hexside */
  GBACW_TRACE_LINK_LINE,      /* a line type crossing the hexside, centre to centre */
} GbacwTraceLinkKind;

typedef struct {
  GbacwTraceLinkKind kind;
  GbacwHexsideId hexside;
  int type;                /* index in the catalogue's hexside_types (HEXSIDE) or line_types (LINE) */
  double confidence;       /* 0-1 */
  double coverage;         /* share of the sampled length with the look's colour */
  double width;            /* the width with that colour, map units (median along the length) */
  double residual;         /* how far the colour is from the look's mixed with the paper's, 0 = exactly */
  int chain;               /* the proposals joined: the index of the chain's first proposal */
  int chain_length;        /* proposals in that chain */
} GbacwTraceLink;

/* Proposals of hexside features and lines (GbacwTraceLink, ordered by kind then hexside
 * id) for the hexsides of the scenario's map, from image placed by transform. With
 * GBACW_TRACE_UNPAINTED_ONLY a hexside that has a feature gets no feature proposal and one
 * that has a line no line proposal. Types the tracer cannot recognise by look (works,
 * redans, steep crests and the rest) are never proposed. NULL with an error when the
 * transform is degenerate. */
GArray *gbacw_trace_links (const GbacwScenario  *scenario,
                           GbacwBackgroundImage *image,
                           const double          transform[6],
                           GbacwTraceFlags       flags,
                           GError              **error);

/* Whether the tracer proposes hexside type (catalogue index) / line type. */
gboolean gbacw_trace_hexside_type_traceable (const GbacwScenario *scenario, int type);
gboolean gbacw_trace_line_type_traceable (const GbacwScenario *scenario, int type);

/* ---------------------------------------------------------------- elevation
 *
 * Where the map shades its levels (each level's hexes tinted a step further toward brown,
 * as gbacw-map-renderer.c draws them with the elevation layer, and as many printed maps
 * do) and prints contour lines between them, the user marks a few hexes with their level
 * and the tracer proposes a level for every other hex. Each hex's fill colour (the median
 * over its inner area, so that symbols, the hex number and the grid stay out) is read as
 * its terrain's colour tinted by some amount, with a brightness of its own (uneven
 * lighting); the colour cast is taken from the marked hexes, and the tint amount is turned
 * into a level by the marked hexes when they give two levels or more. The contour line
 * printed along a hexside (or its absence) then pulls the two hexes apart (or together):
 * levels are chosen for all hexes at once, the marked ones fixed, so that a hex between two
 * contours takes the level between them. */

/* A hex the user marks with its level. */
typedef struct {
  int hex;            /* hex index */
  int level;          /* elevation level (the map's levels index, 0 the lowest) */
  int line;           /* line of the samples file, 0 when not from a file */
} GbacwTraceElevationMark;

/* The elevation marks of a samples file's text: lines `elevation LEVEL HEX…`
 * (`elevation 2 0304 1122`); the other lines are the terrain samples, which
 * gbacw_trace_samples_parse () reads (it passes over the elevation lines). Errors name
 * display_name and the line: a level that is not a whole number, or not one of the map's
 * levels (0-15 when the scenario gives none), a hex off the map, a hex given two levels.
 * Returns GbacwTraceElevationMark (may be empty), NULL on error. */
GArray *gbacw_trace_elevation_marks_parse (const GbacwScenario *scenario,
                                           const char          *text,
                                           gsize                length,
                                           const char          *display_name,
                                           GError             **error);
GArray *gbacw_trace_elevation_marks_load (const GbacwScenario *scenario, const char *path, GError **error);

typedef struct {
  GbacwTraceStatus status; /* PROPOSED, SAMPLE (a marked hex), OFF_SCAN */
  int level;               /* proposed, -1 when none */
  double confidence;       /* 0-1 */
  double shade;            /* the level the hex's shading alone says (fractional), NAN when unknown */
} GbacwTraceElevation;

/* A level for each hex of the scenario's map (gbacw_hex_grid_n_hexes () entries in
 * *proposals, to be g_free ()d) from image placed by transform, by the example of marks
 * (GbacwTraceElevationMark, at least one). terrain: the catalogue index of each hex's
 * terrain (from gbacw_trace_terrain (), -1 where unknown), or NULL: the map's painted
 * terrain; a hex of no known terrain is read against the paper. The scenario's own
 * elevation is not read. FALSE with an error when there is no mark on the scan or the
 * transform is degenerate. */
gboolean gbacw_trace_elevation (const GbacwScenario  *scenario,
                                GbacwBackgroundImage *image,
                                const double          transform[6],
                                const GArray         *marks,
                                const int            *terrain,
                                GbacwTraceElevation **proposals,
                                GError              **error);

G_END_DECLS
