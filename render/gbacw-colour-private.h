/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-colour-private.h: the colour helpers the map renderer and the counters share. */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef struct { double r, g, b; } Rgb;

/* "#rrggbb" (the scenario's colours); anything else is refused. */
static inline gboolean
parse_colour (const char *s, Rgb *out)
{
  guint v = 0;

  if (s == NULL || s[0] != '#' || strlen (s) != 7)
    return FALSE;
  for (int i = 1; i < 7; i++)
    {
      int d = g_ascii_xdigit_value (s[i]);
      if (d < 0)
        return FALSE;
      v = (v << 4) | (guint) d;
    }
  out->r = ((v >> 16) & 0xff) / 255.0;
  out->g = ((v >> 8) & 0xff) / 255.0;
  out->b = (v & 0xff) / 255.0;
  return TRUE;
}

/* a + (b - a) * t */
static inline Rgb
mix (Rgb a, Rgb b, double t)
{
  return (Rgb) { a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t };
}

static inline void
set_rgb (cairo_t *cr, Rgb c)
{
  cairo_set_source_rgb (cr, c.r, c.g, c.b);
}

G_END_DECLS
