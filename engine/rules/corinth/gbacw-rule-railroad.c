/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-railroad.c: the railroads (C 23.4), played by the charts.
 *
 * "The railroads depicted on the map may not be used to move troops. However, the railroad
 * bed made movement somewhat easier for some types of units (see Terrain Effects on Movement
 * Chart, 5.19). Railroads have no other effect on play." Everything here is chart data, which
 * the engine reads as it is: the railroad is a line type, and a step along it costs the
 * Terrain Effects on Movement Chart's "railroad" cell in place of the other terrain of the hex
 * for the classes that move along lines (6.11-6.12; a "—" cell: no benefit, the hex's terrain
 * counts); the Terrain Effects on Combat Chart's railroad row is "other" (no effect of its
 * own); and the engine has no rail movement, so none is offered. The module has no hooks:
 * it is registered so that a scenario enabling "corinth.railroad" is known to be played. */
#define G_LOG_DOMAIN "gbacw-rule-railroad"

#include "gbacw-rule-modules.h"

const GbacwRuleHooks gbacw_rule_corinth_railroad = {
  .id = "corinth.railroad",
  .stateless = TRUE,   /* no data */
};
