/* gbacw-scenario-io-private.h: what the scenario reader (gbacw-scenario-read.c) and writer
 * (gbacw-scenario-write.c) share. */
#pragma once

#include "gbacw-scenario-io.h"

G_BEGIN_DECLS

static inline char *
hex_label (const GbacwHexGrid *grid, int index)
{
  return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, index));
}

G_END_DECLS
