/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-quick.h: the quick mode of the benchmarks.
 *
 * With GBACW_BENCH_QUICK=1 in the environment (`build-aux/run test`, and so CI, sets
 * it) a benchmark does fewer repetitions, times the processor time the process used
 * rather than the wall clock, and checks its figures against the targets with a margin
 * for a machine busy with other work: twice each target time, half each target rate. A
 * slowdown of that size fails; the machine's load hardly shows in processor time, where
 * it can make wall-clock times many times longer. A machine slower than the one the targets
 * were set on (a slower processor, not a busier one) widens the limits in proportion: a
 * fixed reference loop is timed at the start (bench_machine_factor ()). The figures of
 * BENCHMARKS.md come from `build-aux/run bench`: full runs, wall-clock times, the targets
 * themselves, whatever the machine.
 */
#pragma once

#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Microseconds of processor time: of the whole process, or of the calling thread. */
static inline gint64
bench_cpu_us (clockid_t clock)
{
  struct timespec ts;

  clock_gettime (clock, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* The reference loop's processor time, in microseconds, on the 2-core machine of
 * BENCHMARKS.md's figures. Estimated, not measured there: on a later machine of the same
 * kind the loop took 29 ms and the kit games (bench-pea-ridge, bench-jackson,
 * bench-corinth, bench-play's 40x48 game) 2.0-3.2 times as long as in BENCHMARKS.md,
 * 2.4 times in the geometric mean: 29 / 2.4. */
#define BENCH_REFERENCE_US 12000.0

static inline gboolean
bench_quick (void)
{
  static int quick = -1;

  if (quick < 0)
    {
      const char *value = g_getenv ("GBACW_BENCH_QUICK");
      quick = value != NULL && value[0] != '\0' && strcmp (value, "0") != 0;
    }
  return quick;
}

/* Microseconds: of the wall clock, or in the quick mode of the processor time of the
 * whole process (every thread: a part on two threads counts both). */
static inline gint64
bench_now_us (void)
{
  return bench_quick () ? bench_cpu_us (CLOCK_PROCESS_CPUTIME_ID) : g_get_monotonic_time ();
}

static inline int
bench_compare_u32 (const void *a, const void *b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/* How many times slower than the targets' machine this one is (at least 1), from the
 * best of three runs of a reference loop of the kinds of work the benchmarks do: filling
 * memory, sorting, hashing. Only the quick mode's limits use it. */
static inline double
bench_machine_factor (void)
{
  static double factor = 0;
  enum { N = 1 << 17 };

  if (factor == 0)
    {
      guint32 *values = g_new (guint32, N);
      gint64 best = G_MAXINT64;
      volatile guint32 sink = 0;

      for (int run = 0; run < 3; run++)
        {
          gint64 start = bench_cpu_us (CLOCK_PROCESS_CPUTIME_ID);
          guint32 x = 2463534242u, sum = 0;
          GHashTable *table = g_hash_table_new (NULL, NULL);

          for (int i = 0; i < N; i++)
            {
              x ^= x << 13;
              x ^= x >> 17;
              x ^= x << 5;
              values[i] = x;
            }
          qsort (values, N, sizeof values[0], bench_compare_u32);
          for (int i = 0; i < N / 4; i++)
            g_hash_table_insert (table, GUINT_TO_POINTER (values[i * 4] | 1), GUINT_TO_POINTER (i));
          for (int i = 0; i < N; i++)
            sum += GPOINTER_TO_UINT (g_hash_table_lookup (table, GUINT_TO_POINTER (values[i] | 1)));
          g_hash_table_destroy (table);
          sink += sum;
          best = MIN (best, bench_cpu_us (CLOCK_PROCESS_CPUTIME_ID) - start);
        }
      g_free (values);
      factor = MAX (1.0, best / BENCH_REFERENCE_US);
    }
  return factor;
}

/* full repetitions normally, quick ones in the quick mode */
static inline int
bench_runs (int full, int quick)
{
  return bench_quick () ? quick : full;
}

/* The limit a time (less is better) is checked against. */
static inline double
bench_time_limit (double target)
{
  return bench_quick () ? 2 * target * bench_machine_factor () : target;
}

/* The limit a rate (more is better, e.g. frames per second) is checked against. */
static inline double
bench_rate_limit (double target)
{
  return bench_quick () ? target / (2 * bench_machine_factor ()) : target;
}

/* ", limit N" in the quick mode (where the limit is not the target), "" otherwise: for
 * a benchmark's own lines. The text lasts for the next seven calls. */
static inline const char *
bench_limit_text (double target, double limit)
{
  static char texts[8][32];
  static guint next;
  char *text = texts[next++ % G_N_ELEMENTS (texts)];

  if (limit == target)
    return "";
  g_snprintf (text, sizeof texts[0], ", limit %g", limit);
  return text;
}

/* Prints a figure against its target (and, in the quick mode, the limit it is checked
 * against); TRUE if it is within the limit. at_least: more is better (a rate). */
static inline gboolean
bench_report (const char *what, double value, const char *unit, double target, gboolean at_least)
{
  double limit = at_least ? bench_rate_limit (target) : bench_time_limit (target);
  gboolean ok = at_least ? value >= limit : value <= limit;

  g_print ("%-62s %9.3f %-3s (target %s %g%s) %s\n", what, value, unit, at_least ? ">=" : "<=", target,
           bench_limit_text (target, limit), ok ? "ok" : "MISSED");
  return ok;
}

/* Printed once at the start, so that a log says which figures it holds. */
static inline void
bench_print_mode (const char *name)
{
  if (bench_quick ())
    g_print ("%s: quick mode (GBACW_BENCH_QUICK): fewer runs, processor time, limits twice "
             "the target times and half the target rates, widened %.2f times for this "
             "machine's speed (reference loop)\n", name, bench_machine_factor ());
}
