/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-play-mode.c: entering test play, and a balance run.
 *
 * - Entering test play on the demo in an editor window, to the first frame of the play
 *   page drawn: the scenario saved to XML (a temporary copy: the document is modified)
 *   and read back, the validator run, the game made, the page shown. Median and worst
 *   of 7 entries (leaving in between); target: under 300 ms. Needs a display (xvfb-run);
 *   without one this part is skipped.
 * - 200 computer-vs-computer games of the demo (engine/gbacw-balance.h) on two threads;
 *   target: under 60 s. The processor time over the wall-clock time shows both cores at
 *   work (about 2 when the machine is otherwise idle).
 * Prints the figures; exits 1 when a target is missed. GBACW_BENCH_QUICK=1: 3 entries
 * and 50 games (the balance target scaled to them), limits twice the targets
 * (bench-quick.h).
 */
#define G_LOG_DOMAIN "bench-play-mode"

#include "config.h"

#include <stdio.h>
#include <sys/resource.h>

#include "gbacw-application.h"
#include "gbacw-balance.h"
#include "gbacw-data.h"
#include "gbacw-map-edit.h"
#include "gbacw-play-mode.h"
#include "gbacw-scenario-io.h"
#include "gbacw-window.h"

#include "bench-quick.h"

#define ENTER_BUDGET_MS 300.0
#define N_ENTRIES 7
#define N_GAMES 200
#define BALANCE_BUDGET_S 60.0

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
on_after_paint (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

/* Waits for the window's next frame to be painted. */
static void
wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  gulong id;
  gint64 start = g_get_monotonic_time ();

  if (clock == NULL)
    {
      iterate ();
      return;
    }
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &painted);
  gtk_widget_queue_draw (widget);
  while (!painted && g_get_monotonic_time () - start < 5 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

static int
bench_enter (const char *path,
             double     *median_out)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GbacwWindow *window;
  GbacwPlayMode *mode;
  GbacwDocument *document;
  double times[N_ENTRIES];
  int n = bench_runs (N_ENTRIES, 3);
  double limit = bench_time_limit (ENTER_BUDGET_MS);
  int status = 0;

  g_type_class_unref (g_type_class_ref (GBACW_TYPE_APPLICATION));
  window = gbacw_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  if (!gbacw_window_load_file (window, file))
    return 1;
  document = gbacw_window_get_document (window);
  /* modified: a temporary copy is saved each time */
  {
    const GbacwScenario *s = gbacw_document_get_scenario (document);
    g_autoptr(GArray) hexes = g_array_new (FALSE, FALSE, sizeof (int));
    int hex = 0;
    g_array_append_val (hexes, hex);
    gbacw_document_execute (document, GBACW_COMMAND (gbacw_map_edit_set_elevation (s, hexes,
                                                                                   s->map->elevation[hex] + 1, 0)));
  }
  mode = gbacw_window_get_play_mode (window);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_frame (GTK_WIDGET (window));

  for (int i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = bench_now_us ();

      if (!gbacw_play_mode_enter (mode, (guint32) i + 1, &error))
        {
          printf ("FAIL: entering test play: %s\n", error->message);
          status = 1;
          break;
        }
      wait_for_frame (GTK_WIDGET (window));
      times[i] = (bench_now_us () - start) / 1000.0;
      gbacw_play_mode_leave (mode);
      wait_for_frame (GTK_WIDGET (window));
    }
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  if (status != 0)
    return status;
  qsort (times, n, sizeof (double), compare_double);
  printf ("entering test play on the demo (saved, read back, validated, game made, first frame): median %.1f ms, "
          "worst %.1f ms of %d (target < %.0f ms%s)\n", times[n / 2], times[n - 1], n, ENTER_BUDGET_MS,
          bench_limit_text (ENTER_BUDGET_MS, limit));
  *median_out = times[n / 2];
  if (times[n - 1] >= limit)
    {
      printf ("FAIL: entering test play took %.1f ms\n", times[n - 1]);
      return 1;
    }
  return 0;
}

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static int
bench_balance (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GbacwScenario) scenario = gbacw_scenario_load_file (path, &error);
  g_autoptr(GbacwBalanceResult) result = NULL;
  guint n_jobs = MAX (2, MIN (g_get_num_processors (), 2));
  guint n_games = (guint) bench_runs (N_GAMES, 50);
  double target = BALANCE_BUDGET_S * n_games / N_GAMES, limit = bench_time_limit (target);
  double cpu;

  if (scenario == NULL)
    {
      printf ("FAIL: %s\n", error->message);
      return 1;
    }
  cpu = cpu_seconds ();
  result = gbacw_balance_run (scenario, n_games, 1, n_jobs, NULL, NULL, NULL, &error);
  cpu = cpu_seconds () - cpu;
  if (result == NULL)
    {
      printf ("FAIL: %s\n", error->message);
      return 1;
    }
  printf ("balance run, %u computer-vs-computer games of the demo on %u threads: %.2f s (%.1f ms a game; target "
          "< %.0f s%s); processor time %.2f s = %.2f × the wall-clock time; %u played, %u failed\n",
          n_games, result->n_jobs, result->seconds, result->seconds * 1000 / n_games, target,
          bench_limit_text (target, limit), cpu,
          cpu / MAX (result->seconds, 1e-6), result->n_played, result->n_failed);
  /* quick: the processor time of both threads, which the machine's load hardly changes */
  if ((bench_quick () ? cpu : result->seconds) >= limit || result->n_played != n_games)
    {
      printf ("FAIL: the balance run took %.1f s (processor time %.1f s), %u of %u games played\n", result->seconds,
              cpu, result->n_played, n_games);
      return 1;
    }
  if (g_get_num_processors () >= 2 && result->n_jobs < 2)
    {
      printf ("FAIL: the balance run used %u thread\n", result->n_jobs);
      return 1;
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  double median = 0;
  int status = 0;

  if (path == NULL)
    {
      printf ("FAIL: the demo scenario was not found\n");
      return 1;
    }
  bench_print_mode ("bench-play-mode");
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (gtk_init_check ())
    status |= bench_enter (path, &median);
  else
    printf ("entering test play: skipped (no display; run under xvfb-run)\n");
  status |= bench_balance (path);
  return status;
}
