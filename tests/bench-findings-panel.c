/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-findings-panel.c: the findings panel with 40,000 findings (needs a display:
 * xvfb-run).
 *
 * A new, unpainted 200x200 map has a "This hex has no terrain yet" note (5.15) at each
 * of its 40,000 hexes. Times the panel listing the checker's first report (rows made,
 * findings alike gathered into one row), and its update after a one-hex paint (the
 * checker's incremental update and the panel's), median over 21 edits. Targets: the
 * first listing under 250 ms, an edit under 16 ms (one frame at 60 Hz).
 * GBACW_BENCH_QUICK=1: 9 edits, limits twice the targets (bench-quick.h).
 */
#define G_LOG_DOMAIN "bench-findings-panel"

#include "config.h"

#include "gbacw-application.h"
#include "gbacw-checker.h"
#include "gbacw-findings-panel.h"
#include "gbacw-map-edit.h"
#include "gbacw-new-dialog.h"

#include "bench-quick.h"

#define FIRST_TARGET_MS 250.0
#define EDIT_TARGET_MS 16.0

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
on_changed (GbacwChecker *checker, const GbacwChange *change, GbacwDocument *document)
{
  gbacw_checker_update (checker, gbacw_document_get_scenario (document), change);
}

int
main (int argc, char **argv)
{
  GbacwHexGrid grid = { .columns = 200, .rows = 200, .orientation = GBACW_GRID_FLAT_COLUMNS,
                        .shift = GBACW_SHIFT_ODD, .first_number = 1, .digits = 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwDocument) document = NULL;
  g_autoptr(GbacwChecker) checker = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  GbacwFindingsPanel *panel;
  GbacwScenario *scenario;
  int n_edits = bench_runs (21, 9);
  gint64 start;
  double first_ms;
  gboolean ok = TRUE;

  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (!gtk_init_check ())
    {
      g_printerr ("bench-findings-panel: no display (run under xvfb-run)\n");
      return 77;
    }
  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));
  bench_print_mode ("bench-findings-panel");

  document = gbacw_new_dialog_create_document (&grid, &error);
  if (document == NULL)
    {
      g_printerr ("bench-findings-panel: %s\n", error->message);
      return 1;
    }
  scenario = gbacw_document_get_scenario (document);
  checker = gbacw_checker_new ();
  panel = GBACW_FINDINGS_PANEL (g_object_ref_sink (gbacw_findings_panel_new ()));
  gbacw_findings_panel_set_checker (panel, checker);
  gbacw_findings_panel_set_document (panel, document);
  g_signal_connect_swapped (document, "changed", G_CALLBACK (on_changed), checker);

  start = bench_now_us ();
  gbacw_checker_run (checker, scenario);
  first_ms = (bench_now_us () - start) / 1000.0;
  g_print ("findings: %u notes in %u rows\n", gbacw_findings_panel_get_count (panel, GBACW_SEVERITY_INFO),
           g_list_model_get_n_items (gbacw_findings_panel_get_model (panel)));
  ok &= gbacw_findings_panel_get_count (panel, GBACW_SEVERITY_INFO) >= 40000;
  ok &= bench_report ("first listing of 40,000 findings (check included)", first_ms, "ms", FIRST_TARGET_MS, FALSE);

  for (int i = 0; i < n_edits; i++)
    {
      g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
      int hex = (int) ((i * 7919L) % (200 * 200));
      double ms;

      g_array_append_val (hexes, hex);
      start = bench_now_us ();
      gbacw_document_execute (document, GBACW_COMMAND (gbacw_map_edit_paint_terrain (scenario, hexes, 1, FALSE, 0)));
      ms = (bench_now_us () - start) / 1000.0;
      g_array_append_val (times, ms);
    }
  g_array_sort (times, compare_double);
  ok &= gbacw_findings_panel_get_count (panel, GBACW_SEVERITY_INFO) >= 40000 - (guint) n_edits;
  ok &= bench_report ("one-hex paint: check and panel updated (median)", g_array_index (times, double, times->len / 2),
                      "ms", EDIT_TARGET_MS, FALSE);
  g_print ("one-hex paint: worst %.3f ms\n", g_array_index (times, double, times->len - 1));

  g_object_unref (panel);
  return ok ? 0 : 1;
}
