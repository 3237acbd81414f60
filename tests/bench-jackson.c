/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-jackson.c: a computer-vs-computer game of The Crossroads, the campaign game of the
 * Jackson at the Crossroads kit (Game-Turns 1-25; its map unpainted and `gbacw stand-ins`
 * applied, test-jackson-stand-ins.c) to its end, every exclusive rule its file turns on
 * played, the outcome followed after every action as `gbacw play --ai both` does: under
 * 2 s, the median of nine seeds (bench-kit-game.h). With GBACW_BENCH_QUICK=1 one seed, and
 * it fails only at its quick limit (bench_time_limit ()). Exits 1 if the target is missed. */
#define G_LOG_DOMAIN "bench-jackson"

#include "bench-kit-game.h"
#include "test-jackson-stand-ins.c"

int
main (void)
{
  g_autoptr (GbacwScenario) s = jackson_with_stand_ins ("the-crossroads");

  g_set_prgname ("bench-jackson");
  return bench_kit_games ("the-crossroads", "computer-vs-computer Crossroads game (median)", s);
}
