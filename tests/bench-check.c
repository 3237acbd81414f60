/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-check.c: speed of the rules validator.
 *
 * Generates the `gbacw generate --size 200x200 --units 5000` scenario (seed 1) from
 * the demo scenario, then times
 * - a full check (gbacw_checker_run () and the sorted findings), median of 9 runs;
 * - the incremental re-check after a one-hex terrain edit (gbacw_checker_update ()
 *   and the sorted findings), median over 41 edits spread over the map;
 * and checks once that the incremental result equals a full check.
 * Targets (the issue): full check under 50 ms, one-hex re-check under 2 ms.
 * Exit status 1 when a target is missed. GBACW_BENCH_QUICK=1: 5 runs and 21 edits,
 * limits twice the targets (bench-quick.h).
 */
#define G_LOG_DOMAIN "bench-check"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <glib.h>
#include <stdlib.h>

#include "gbacw-checker.h"
#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-scenario-io.h"

#include "bench-quick.h"

#define FULL_TARGET_MS 50.0
#define EDIT_TARGET_MS 2.0

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double
median (GArray *samples)
{
  g_array_sort (samples, compare_double);
  return g_array_index (samples, double, samples->len / 2);
}

static double
max_of (GArray *samples)
{
  double m = 0;
  for (guint i = 0; i < samples->len; i++)
    m = MAX (m, g_array_index (samples, double, i));
  return m;
}

static gboolean
same_findings (GPtrArray *a, GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (!gbacw_finding_equal (g_ptr_array_index (a, i), g_ptr_array_index (b, i)))
      return FALSE;
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GbacwScenario) tpl = NULL;
  g_autoptr (GbacwScenario) s = NULL;
  g_autoptr (GbacwChecker) checker = gbacw_checker_new ();
  g_autoptr (GbacwChecker) reference = gbacw_checker_new ();
  g_autoptr (GArray) full = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) edits = g_array_new (FALSE, FALSE, sizeof (double));
  int woods, clear, n_hexes;
  double full_ms, edit_ms;
  double full_limit = bench_time_limit (FULL_TARGET_MS), edit_limit = bench_time_limit (EDIT_TARGET_MS);
  int n_full = bench_runs (9, 5), n_edits = bench_runs (41, 21);
  gboolean ok = TRUE, equal = TRUE;

  bench_print_mode ("bench-check");
  if (demo == NULL)
    {
      g_printerr ("bench-check: cannot find scenarios/demo.xml (set GBACW_DATADIR)\n");
      return 1;
    }
  tpl = gbacw_scenario_load_file (demo, &error);
  if (tpl == NULL)
    {
      g_printerr ("bench-check: %s\n", error->message);
      return 1;
    }
  s = gbacw_generate_scenario (tpl, 200, 200, 5000, 1, &error);
  if (s == NULL)
    {
      g_printerr ("bench-check: %s\n", error->message);
      return 1;
    }
  n_hexes = gbacw_hex_grid_n_hexes (&s->map->grid);
  woods = gbacw_catalogue_find_hex_terrain (&s->catalogue, "woods");
  clear = gbacw_catalogue_find_hex_terrain (&s->catalogue, "clear");
  g_assert (woods >= 0 && clear >= 0);

  /* full check */
  for (int i = 0; i < n_full; i++)
    {
      gint64 t0 = bench_now_us ();
      double ms;
      gbacw_checker_run (checker, s);
      gbacw_checker_get_findings (checker);
      ms = (bench_now_us () - t0) / 1000.0;
      g_array_append_val (full, ms);
    }
  full_ms = median (full);

  /* one-hex terrain edits: woods where it was not, else clear */
  for (int i = 0; i < n_edits; i++)
    {
      g_autoptr (GbacwChange) change = gbacw_change_new ();
      GbacwHex h = { 5 + (i * 37) % 190, 5 + (i * 53) % 190 };
      int hex = gbacw_hex_grid_index (&s->map->grid, h);
      guint64 woods_mask = G_GUINT64_CONSTANT (1) << woods;
      gint64 t0;
      double ms;

      s->map->terrain[hex] = (s->map->terrain[hex] & woods_mask) ? G_GUINT64_CONSTANT (1) << clear : woods_mask;
      change->flags = GBACW_CHANGE_TERRAIN;
      gbacw_change_add_hex (change, hex);
      t0 = bench_now_us ();
      gbacw_checker_update (checker, s, change);
      gbacw_checker_get_findings (checker);
      ms = (bench_now_us () - t0) / 1000.0;
      g_array_append_val (edits, ms);
      if (i % 10 == 0)
        {
          gbacw_checker_run (reference, s);
          equal &= same_findings (gbacw_checker_get_findings (checker), gbacw_checker_get_findings (reference));
        }
    }
  edit_ms = median (edits);

  g_print ("Scenario: 200x200 hexes (%d), %u order-of-battle entries, %u placements, %u findings\n", n_hexes,
           s->oob.units->len, s->deployment->len, gbacw_checker_get_findings (checker)->len);
  g_print ("Full check:          median %7.2f ms, max %7.2f ms over %u runs  (target < %.0f ms%s)%s\n", full_ms,
           max_of (full), full->len, FULL_TARGET_MS, bench_limit_text (FULL_TARGET_MS, full_limit),
           full_ms < full_limit ? "" : "  MISSED");
  g_print ("One-hex re-check:    median %7.3f ms, max %7.3f ms over %u edits (target < %.0f ms%s)%s\n", edit_ms,
           max_of (edits), edits->len, EDIT_TARGET_MS, bench_limit_text (EDIT_TARGET_MS, edit_limit),
           edit_ms < edit_limit ? "" : "  MISSED");
  g_print ("Incremental result equals a full check: %s\n", equal ? "yes" : "NO");
  ok = full_ms < full_limit && edit_ms < edit_limit && equal;
  return ok ? 0 : 1;
}
