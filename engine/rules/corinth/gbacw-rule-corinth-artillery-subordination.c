/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-corinth-artillery-subordination.c: artillery subordination (C 24.4), played by
 * the Standard Rules' command and the order of battle.
 *
 * "Some batteries are subordinate to the brigade commander listed on their counter. These
 * units are subject to the Standard Rules of command. The game contains many independent
 * batteries which are free to move and fire as independent units." A battery placed in a
 * brigade of the order of battle is in command only stacked with a friendly leader or within
 * its brigade commander's Effectiveness Radius (17.11); a battery marked independent is
 * always in command (5.3). Unlike P 21.3 (`artillery-subordination`), no Corinth battery
 * belongs to a division, so a division commander's Divisional Integrity Radius never brings
 * a battery into command. The module has no hooks: it is registered so that a scenario
 * enabling "corinth.artillery-subordination" is known to be played. */
#define G_LOG_DOMAIN "gbacw-rule-corinth-artillery-subordination"

#include "gbacw-rule-modules.h"

const GbacwRuleHooks gbacw_rule_corinth_artillery_subordination = {
  .id = "corinth.artillery-subordination",
  .stateless = TRUE,   /* no data */
};
