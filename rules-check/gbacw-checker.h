/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checker.h: the scenario validator.
 *
 * A GbacwChecker runs every check on a scenario and keeps the findings, grouped
 * internally by check family and location (per hex, per hexside, per unit, …) so
 * that gbacw_checker_update () can re-run only what an edit (a GbacwChange) may have
 * affected: a one-hex terrain edit re-checks that hex, its hexsides, the units on it,
 * the chart coverage and the reachability searches whose path or explored region
 * touches it. After update the findings equal those of a full run.
 *
 * The checker does not keep the scenario: pass the same (edited) scenario to every
 * call. "changed" is emitted after each run or update.
 *
 * Typical editor use: connect to the document's "changed" signal and call
 * gbacw_checker_update () with its GbacwChange; list gbacw_checker_get_findings ();
 * group or filter by finding->check (gbacw_checker_get_check_info () gives its title
 * and group), severity or location kind; jump with finding->hex / hexside / id.
 */
#pragma once

#include <glib-object.h>

#include "gbacw-change.h"
#include "gbacw-finding.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

typedef struct {
  const char *id;          /* "map.crest" */
  const char *group;       /* "charts", "map", "oob", "deployment", "scenario", "reachability" */
  const char *title;       /* translated on use: _(info->title) */
} GbacwCheckInfo;

/* Every check, in report order of groups; n_checks may be NULL. */
const GbacwCheckInfo *gbacw_checker_list_checks (guint *n_checks);
/* NULL for an unknown id. */
const GbacwCheckInfo *gbacw_checker_get_check_info (const char *check_id);

#define GBACW_TYPE_CHECKER (gbacw_checker_get_type ())
G_DECLARE_FINAL_TYPE (GbacwChecker, gbacw_checker, GBACW, CHECKER, GObject)

GbacwChecker *gbacw_checker_new (void);
/* Runs every check on scenario, dropping what was found before. */
void          gbacw_checker_run (GbacwChecker *self, const GbacwScenario *scenario);
/* Re-checks what change may have affected (a full run when the checker has not run
 * yet, or when the catalogue, the charts or the map size changed). */
void          gbacw_checker_update (GbacwChecker *self, const GbacwScenario *scenario, const GbacwChange *change);

/* The findings in report order (gbacw_finding_compare ()); GbacwFinding*, owned by the
 * checker and valid until the next run or update. */
GPtrArray    *gbacw_checker_get_findings (GbacwChecker *self);
guint         gbacw_checker_count (GbacwChecker *self, GbacwSeverity severity);

/* One-shot convenience: every finding of a full check, in report order (a new array
 * that owns its findings). */
GPtrArray    *gbacw_check_scenario (const GbacwScenario *scenario);

G_END_DECLS
