/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-generate.h: large, valid, deterministic scenarios for benchmarks and tests. */
#pragma once

#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* Builds a columns x rows scenario with n_units order-of-battle entries (leaders
 * included), all deployed, from seed. The terrain catalogue, charts and rule options
 * are copied from template (normally the demo scenario), which must have the hex
 * terrains clear, woods and town, and the hexside types crest, river, stream and
 * bridge, and the line type road; other catalogue entries are used when present.
 * Every hex is painted, elevation has relief, and there are about 2,000 hexside
 * features and 300 road hexes on a 200x200 map. */
GbacwScenario *gbacw_generate_scenario (const GbacwScenario *template_scenario,
                                        int columns,
                                        int rows,
                                        int n_units,
                                        guint32 seed,
                                        GError **error);

G_END_DECLS
