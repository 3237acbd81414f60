/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-quick.h: the quick mode of the benchmarks.
 *
 * With GBACW_BENCH_QUICK=1 in the environment (`build-aux/run test`, and so CI, sets
 * it) a benchmark does fewer repetitions, times the processor time the process used
 * rather than the wall clock, and checks its figures against the targets with a margin
 * for a machine busy with other work: twice each target time, half each target rate. A
 * slowdown of that size fails; the machine's load hardly shows in processor time, where
 * it can make wall-clock times many times longer. The figures of BENCHMARKS.md come from
 * `build-aux/run bench`: full runs, wall-clock times, the targets themselves.
 */
#pragma once

#include <glib.h>
#include <string.h>
#include <time.h>

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
  struct timespec ts;

  if (!bench_quick ())
    return g_get_monotonic_time ();
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
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
  return bench_quick () ? 2 * target : target;
}

/* The limit a rate (more is better, e.g. frames per second) is checked against. */
static inline double
bench_rate_limit (double target)
{
  return bench_quick () ? target / 2 : target;
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
             "the target times and half the target rates\n", name);
}
