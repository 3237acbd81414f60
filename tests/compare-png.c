/* SPDX-License-Identifier: GPL-3.0-or-later */
/* compare-png.c: compare-png [OPTIONS] EXPECTED ACTUAL [DIFF]
 *
 * Two PNGs match when they have the same size and at most MAX_FRACTION of their
 * pixels differ by more than THRESHOLD in some channel (text may be hinted or
 * antialiased a little differently from one machine's fonts to another's). DIFF, if
 * given, is written with the differing pixels in red over a faded ACTUAL.
 * Options, for images drawn by two programs (gbacw render and Tiled's tmxrasterizer):
 *   --max-fraction F      allow F (0-1) of the pixels compared to differ
 *   --size-tolerance N    sizes may differ by up to N pixels; the common part is compared
 *   --ignore-transparent  leave out pixels that are fully transparent in either image
 * Exit status: 0 match, 1 mismatch, 2 usage or unreadable file.
 */
#define G_LOG_DOMAIN "compare-png"

#include <cairo.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#define THRESHOLD 40      /* of 255 */
#define MAX_FRACTION 0.01

static cairo_surface_t *
load (const char *path)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png (path);
  cairo_surface_t *argb;
  cairo_t *cr;

  if (cairo_surface_status (s) != CAIRO_STATUS_SUCCESS)
    {
      fprintf (stderr, "compare-png: %s: %s\n", path, cairo_status_to_string (cairo_surface_status (s)));
      cairo_surface_destroy (s);
      return NULL;
    }
  argb = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, cairo_image_surface_get_width (s),
                                     cairo_image_surface_get_height (s));
  cr = cairo_create (argb);
  cairo_set_source_surface (cr, s, 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  cairo_surface_flush (argb);
  return argb;
}

int
main (int argc, char **argv)
{
  cairo_surface_t *a, *b;
  int w, h, status;
  long differing = 0, compared = 0;
  int worst = 0;
  double fraction, max_fraction = MAX_FRACTION;
  int size_tolerance = 0;
  gboolean ignore_transparent = FALSE;
  GOptionEntry entries[] = {
    { "max-fraction", 0, 0, G_OPTION_ARG_DOUBLE, &max_fraction, "Fraction of pixels allowed to differ", "F" },
    { "size-tolerance", 0, 0, G_OPTION_ARG_INT, &size_tolerance, "Pixels by which the sizes may differ", "N" },
    { "ignore-transparent", 0, 0, G_OPTION_ARG_NONE, &ignore_transparent, "Leave out transparent pixels", NULL },
    { NULL }
  };
  GOptionContext *context = g_option_context_new ("EXPECTED ACTUAL [DIFF]");
  GError *error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 3 || argc > 4 || max_fraction < 0
      || size_tolerance < 0)
    {
      fprintf (stderr, "usage: compare-png [--max-fraction F] [--size-tolerance N] [--ignore-transparent] "
               "EXPECTED ACTUAL [DIFF]%s%s\n", error ? ": " : "", error ? error->message : "");
      return 2;
    }
  g_option_context_free (context);
  a = load (argv[1]);
  b = load (argv[2]);
  if (a == NULL || b == NULL)
    return 2;
  w = MIN (cairo_image_surface_get_width (a), cairo_image_surface_get_width (b));
  h = MIN (cairo_image_surface_get_height (a), cairo_image_surface_get_height (b));
  if (abs (cairo_image_surface_get_width (a) - cairo_image_surface_get_width (b)) > size_tolerance
      || abs (cairo_image_surface_get_height (a) - cairo_image_surface_get_height (b)) > size_tolerance)
    {
      printf ("size differs: expected %dx%d, got %dx%d\n", cairo_image_surface_get_width (a),
              cairo_image_surface_get_height (a), cairo_image_surface_get_width (b), cairo_image_surface_get_height (b));
      return 1;
    }

  for (int y = 0; y < h; y++)
    {
      guint32 *pa = (guint32 *) (cairo_image_surface_get_data (a) + (gsize) y * cairo_image_surface_get_stride (a));
      guint32 *pb = (guint32 *) (cairo_image_surface_get_data (b) + (gsize) y * cairo_image_surface_get_stride (b));
      for (int x = 0; x < w; x++)
        {
          int d = 0;
          if (ignore_transparent && ((pa[x] >> 24) == 0 || (pb[x] >> 24) == 0))
            {
              pb[x] = 0xffffffff;
              continue;
            }
          compared++;
          for (int shift = 0; shift < 32; shift += 8)
            d = MAX (d, abs ((int) ((pa[x] >> shift) & 0xff) - (int) ((pb[x] >> shift) & 0xff)));
          worst = MAX (worst, d);
          if (d > THRESHOLD)
            {
              differing++;
              pb[x] = 0xffff0000;   /* marked for the diff image */
            }
          else
            pb[x] = 0xff000000 | (((pb[x] >> 2) & 0x3f3f3f) + 0xbfbfbf);
        }
    }
  cairo_surface_mark_dirty (b);
  fraction = compared ? (double) differing / (double) compared : 1.0;
  status = compared > 0 && fraction <= max_fraction ? 0 : 1;
  printf ("%dx%d: %ld of %ld pixels (%.3f%%) differ by more than %d (allowed %.1f%%); largest difference %d: %s\n",
          w, h, differing, compared, 100 * fraction, THRESHOLD, 100 * max_fraction, worst,
          status == 0 ? "match" : "MISMATCH");
  if (argc == 4)
    cairo_surface_write_to_png (b, argv[3]);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  return status;
}
