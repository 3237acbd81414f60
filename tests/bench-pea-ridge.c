/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-pea-ridge.c: a computer-vs-computer game of the Pea Ridge kit (its map unpainted,
 * the test stand-ins of test-pea-ridge-stand-ins.c for the values it does not enter) to
 * its end, every exclusive rule of the kit played, the outcome followed after every action
 * as `gbacw play --ai both` does: under 2 s, the median of nine seeds (bench-kit-game.h).
 * With GBACW_BENCH_QUICK=1 one seed, and it fails only at its quick limit (bench_time_limit ()). Exits 1 if the
 * target is missed. */
#define G_LOG_DOMAIN "bench-pea-ridge"

#include "bench-kit-game.h"
#include "test-pea-ridge-stand-ins.c"

int
main (void)
{
  g_autoptr (GbacwScenario) s = pea_ridge_with_stand_ins ();

  g_set_prgname ("bench-pea-ridge");
  return bench_kit_games ("pea-ridge", "computer-vs-computer Pea Ridge game (median)", s);
}
