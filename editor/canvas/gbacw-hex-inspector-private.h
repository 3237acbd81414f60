/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-inspector-private.h: what the hex inspector shows, for the tests. */
#pragma once

#include "gbacw-hex-inspector.h"

G_BEGIN_DECLS

/* The text shown for a part ("title", "terrain", "elevation", "hexsides", "lines", "areas",
 * "labels", "units") */
const char    *gbacw_hex_inspector_get_text (GbacwHexInspector *self, const char *part);

G_END_DECLS
