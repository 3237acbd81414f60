/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-corinth.c: a computer-vs-computer game of the Corinth kit's Historical scenario
 * (data/games/corinth/corinth-historical.xml; its map unpainted, the stand-ins of `gbacw
 * stand-ins` for the values it does not enter, test-corinth-kit.c) to its end, every exclusive
 * rule of the kit played, the outcome followed after every action as `gbacw play --ai both`
 * does: under 2 s, the median of nine seeds (bench-kit-game.h). With GBACW_BENCH_QUICK=1 one
 * seed, and it fails only at its quick limit (bench_time_limit ()). Exits 1 if the target is missed. */
#define G_LOG_DOMAIN "bench-corinth"

#include "bench-kit-game.h"
#include "test-corinth-kit.c"

int
main (void)
{
  g_autoptr (GbacwScenario) s = corinth_kit_with_stand_ins ("corinth-historical.xml");

  g_set_prgname ("bench-corinth");
  return bench_kit_games ("corinth-historical", "computer-vs-computer Corinth Historical game (median)", s);
}
