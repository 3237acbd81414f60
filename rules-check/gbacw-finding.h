/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding.h: one thing the validator found wrong (or missing) in a scenario.
 *
 * A finding has a severity, the rule case it rests on, a message a designer
 * understands, a location the editor can jump to, and the id of the check that
 * produced it (stable across versions: the editor groups and filters by it).
 */
#pragma once

#include <glib-object.h>

#include "gbacw-hex-grid.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_SEVERITY_INFO,     /* data not entered yet */
  GBACW_SEVERITY_WARNING,  /* legal, but probably a mistake */
  GBACW_SEVERITY_ERROR,    /* the rules are broken, or the engine cannot play it */
} GbacwSeverity;

typedef enum {
  GBACW_LOCATION_SETTING,        /* id: a setting name, e.g. "turns", "rules/night", "victory/v1" */
  GBACW_LOCATION_CHART,          /* id: chart id; row, column: NULL for the whole chart / every row */
  GBACW_LOCATION_AREA,           /* id: area id */
  GBACW_LOCATION_HEX,            /* hex */
  GBACW_LOCATION_HEXSIDE,        /* hexside; hex and direction name it from an on-map hex */
  GBACW_LOCATION_REINFORCEMENT,  /* id: reinforcement id */
  GBACW_LOCATION_FORMATION,      /* id: formation id */
  GBACW_LOCATION_UNIT,           /* id: unit or leader id */
} GbacwLocationKind;

typedef struct {
  GbacwSeverity severity;
  char *check;             /* e.g. "map.crest" (gbacw_checker_list_checks ()) */
  char *rule_case;         /* e.g. "22.1" */
  char *message;           /* translated */
  /* The format the message was made from (translated, interned with g_intern_string,
   * so one pointer per wording); NULL when not known. Findings of one check with the
   * same format say the same thing of different places: the editor lists them as one. */
  const char *message_format;
  GbacwLocationKind location;
  int hex;                 /* HEX, HEXSIDE: hex index; -1 otherwise */
  int direction;           /* HEXSIDE: direction of the hexside from hex; -1 otherwise */
  GbacwHexsideId hexside;  /* HEXSIDE; GBACW_HEXSIDE_NONE otherwise */
  char *id;
  char *row;
  char *column;
  /* sort key (hex column and row), filled in by the constructors */
  int key_col, key_row;
} GbacwFinding;

#define GBACW_TYPE_FINDING (gbacw_finding_get_type ())

GType         gbacw_finding_get_type (void) G_GNUC_CONST;
/* check and rule_case are copied; message is taken (transfer full). */
GbacwFinding *gbacw_finding_new (GbacwSeverity severity, const char *check, const char *rule_case, char *message);
GbacwFinding *gbacw_finding_copy (const GbacwFinding *finding);
void          gbacw_finding_free (GbacwFinding *finding);

/* Setting the location (each replaces what was there). */
void gbacw_finding_set_hex (GbacwFinding *finding, const GbacwHexGrid *grid, int hex);
/* Names the hexside from its first on-map hex. */
void gbacw_finding_set_hexside (GbacwFinding *finding, const GbacwHexGrid *grid, GbacwHexsideId hexside);
void gbacw_finding_set_chart (GbacwFinding *finding, const char *chart, const char *row, const char *column);
/* SETTING, AREA, REINFORCEMENT, FORMATION or UNIT */
void gbacw_finding_set_id (GbacwFinding *finding, GbacwLocationKind kind, const char *id);

/* "error", "warning", "info" (not translated: the file formats use them) */
const char *gbacw_severity_to_string (GbacwSeverity severity);
/* The location as printed: "0508", "0508/ne", "unit:ID", "formation:ID", "chart:ID/ROW/COL"
 * (a missing row or column is "*"; a whole chart is "chart:ID"), "setting:NAME", "area:ID",
 * "reinforcement:ID". */
char       *gbacw_finding_format_location (const GbacwFinding *finding, const GbacwHexGrid *grid);
/* Whether two findings say the same thing at the same place. */
gboolean    gbacw_finding_equal (const GbacwFinding *a, const GbacwFinding *b);
/* The stable report order: by location (settings, charts, areas, the map in label
 * order with each hex before its hexsides, reinforcements, formations, units), then
 * errors before warnings before infos, then check id, then message. For
 * g_ptr_array_sort () on GbacwFinding*: pointers to pointers. */
int         gbacw_finding_compare (gconstpointer a, gconstpointer b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwFinding, gbacw_finding_free)

G_END_DECLS
