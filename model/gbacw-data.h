/* gbacw-data.h: where the shipped data (schema, charts, scenarios) is found. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The path of a file under the data directory (e.g. "gbacw-scenario.rng",
 * "scenarios/demo.xml"), looked for in $GBACW_DATADIR, then the source tree the
 * program was built from, then the installed data directory. Returns the first
 * that exists, or NULL. */
char *gbacw_data_find (const char *relative_path);

G_END_DECLS
