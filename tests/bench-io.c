/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-io.c: load and save speed and peak memory on the benchmark input,
 * a generated 200x200 map with 5000 units (targets: each under 150 ms, peak
 * memory under 64 MiB). Run by `meson test --benchmark`; exit status 1 when a
 * target is missed. GBACW_BENCH_QUICK=1: 3 runs and twice the time targets (the
 * memory target stays: it does not depend on the machine's load; bench-quick.h). */
#define G_LOG_DOMAIN "bench-io"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-scenario-io.h"

#include "bench-quick.h"

#define MAX_RUNS 9
#define TARGET_MS 150.0
#define TARGET_PEAK_KIB (64 * 1024)

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static long
peak_kib (void)
{
  struct rusage usage;
  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

/* Child mode: load (and optionally save) once, print the peak resident set. */
static int
child (const char *mode, const char *path, const char *out)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_scenario_load_file (path, &error);
  if (s == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  if (g_str_equal (mode, "--peak-save") && !gbacw_scenario_save_file (s, out, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_print ("%ld\n", peak_kib ());
  return 0;
}

static long
measure_peak (const char *self, const char *mode, const char *path, const char *out)
{
  const char *argv[] = { self, mode, path, out, NULL };
  g_autofree char *output = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &output, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, NULL))
    return -1;
  return strtol (output, NULL, 10);
}

int
main (int argc, char **argv)
{
  if (argc == 4 && g_str_has_prefix (argv[1], "--peak-"))
    return child (argv[1], argv[2], argv[3]);

  g_autoptr (GError) error = NULL;
  g_autofree char *demo = gbacw_data_find ("scenarios/demo.xml");
  g_autofree char *dir = g_dir_make_tmp ("gbacw-bench-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *input = g_build_filename (dir, "large.xml", NULL);
  g_autofree char *output = g_build_filename (dir, "saved.xml", NULL);
  double load_ms[MAX_RUNS], save_ms[MAX_RUNS];
  int runs = bench_runs (MAX_RUNS, 3);
  double limit = bench_time_limit (TARGET_MS);
  gboolean ok = TRUE;

  bench_print_mode ("bench-io");
  if (demo == NULL)
    {
      g_printerr ("bench-io: cannot find data/scenarios/demo.xml (set GBACW_DATADIR)\n");
      return 1;
    }
  g_autoptr (GbacwScenario) tpl = gbacw_scenario_load_file (demo, &error);
  g_assert_no_error (error);
  g_autoptr (GbacwScenario) generated = gbacw_generate_scenario (tpl, 200, 200, 5000, 1, &error);
  g_assert_no_error (error);
  if (!gbacw_scenario_save_file (generated, input, &error))
    g_error ("%s", error->message);

  GStatBuf st;
  g_stat (input, &st);

  for (int i = 0; i < runs; i++)
    {
      gint64 t0 = bench_now_us ();
      g_autoptr (GbacwScenario) s = gbacw_scenario_load_file (input, &error);
      gint64 t1 = bench_now_us ();
      g_assert_no_error (error);
      if (!gbacw_scenario_save_file (s, output, &error))
        g_error ("%s", error->message);
      gint64 t2 = bench_now_us ();
      load_ms[i] = (t1 - t0) / 1000.0;
      save_ms[i] = (t2 - t1) / 1000.0;
    }
  qsort (load_ms, runs, sizeof (double), (int (*) (const void *, const void *)) compare_double);
  qsort (save_ms, runs, sizeof (double), (int (*) (const void *, const void *)) compare_double);
  long peak_load = measure_peak (argv[0], "--peak-load", input, output);
  long peak_save = measure_peak (argv[0], "--peak-save", input, output);

  g_print ("input: generated 200x200 map, 5000 units, %.1f MiB of XML\n", st.st_size / 1048576.0);
  g_print ("load: median %.1f ms, best %.1f ms of %d (target < %.0f ms%s)\n", load_ms[runs / 2], load_ms[0], runs,
           TARGET_MS, bench_limit_text (TARGET_MS, limit));
  g_print ("save: median %.1f ms, best %.1f ms of %d (target < %.0f ms%s)\n", save_ms[runs / 2], save_ms[0], runs,
           TARGET_MS, bench_limit_text (TARGET_MS, limit));
  g_print ("peak memory: load %.1f MiB, load+save %.1f MiB (target < %d MiB)\n", peak_load / 1024.0,
           peak_save / 1024.0, TARGET_PEAK_KIB / 1024);
  ok = load_ms[runs / 2] < limit && save_ms[runs / 2] < limit && peak_load > 0 && peak_save > 0
       && peak_load < TARGET_PEAK_KIB && peak_save < TARGET_PEAK_KIB;
  g_print ("%s\n", ok ? "all targets met" : "TARGET MISSED");

  g_unlink (input);
  g_unlink (output);
  g_autofree char *backup = g_strconcat (output, "~", NULL);
  g_unlink (backup);
  g_autofree char *backup2 = g_strconcat (output, ".bak", NULL);
  g_unlink (backup2);
  g_rmdir (dir);
  return ok ? 0 : 1;
}
