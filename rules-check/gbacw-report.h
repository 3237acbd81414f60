/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-report.h: findings as text or JSON, for `gbacw check` and the tests. */
#pragma once

#include <glib.h>

#include "gbacw-finding.h"

G_BEGIN_DECLS

/* One line per finding: "FILE:LOCATION: severity: [case] message\n". */
char *gbacw_report_text (GPtrArray *findings, const GbacwHexGrid *grid, const char *file_name);
/* A JSON array of objects, one per line:
 * {"file": …, "location": "0508/ne", "severity": "error", "case": "22.1", "check": "map.crest",
 *  "message": …, "kind": "hexside", "hex": "0508", "direction": "ne"}
 * "kind" is setting, chart, area, hex, hexside, reinforcement, formation or unit; hexes add "hex"
 * (and "direction"), charts "chart" and, when set, "row" and "column", the others "id". */
char *gbacw_report_json (GPtrArray *findings, const GbacwHexGrid *grid, const char *file_name);
/* Appends s to out as a JSON string literal (quotes included). */
void  gbacw_json_append_string (GString *out, const char *s);

G_END_DECLS
