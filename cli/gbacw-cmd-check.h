/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cmd-check.h: "gbacw check", and the check that play, replay and balance make. */
#pragma once

#include "gbacw-scenario.h"

int      gbacw_cmd_check (int argc, char **argv);

/* Whether the commands that play a scenario may play it: the validator finds no error in
 * it. Otherwise the errors are printed on standard error, as gbacw check prints them
 * (file_name names the scenario), and with force a line says it is played anyway. */
gboolean gbacw_cli_scenario_playable (const GbacwScenario *scenario, const char *file_name, gboolean force);
