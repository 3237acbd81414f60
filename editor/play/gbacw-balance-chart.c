/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-balance-chart.c: the outcomes of a balance run, drawn with cairo. */
#define G_LOG_DOMAIN "gbacw-balance-chart"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-balance-chart.h"

struct _GbacwBalanceChart
{
  GtkWidget parent_instance;

  GbacwBalanceResult *result;
};

G_DEFINE_FINAL_TYPE (GbacwBalanceChart, gbacw_balance_chart, GTK_TYPE_WIDGET)

/* The two sides' colours, and a draw's. */
static const double side_colour[3][3] = {
  { 0.20, 0.36, 0.70 },
  { 0.62, 0.62, 0.62 },
  { 0.72, 0.22, 0.18 },
};

static void
set_side_colour (cairo_t *cr,
                 int      side)
{
  const double *c = side_colour[side < 0 ? 1 : side == 0 ? 0 : 2];
  cairo_set_source_rgb (cr, c[0], c[1], c[2]);
}

static PangoLayout *
make_layout (GtkWidget  *widget,
             cairo_t    *cr,
             const char *text,
             double      size_pt,
             gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");

  pango_font_description_set_size (font, (int) (size_pt * PANGO_SCALE));
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

/* Text at (x, y): xalign 0 left, 0.5 centre, 1 right; y is the top. */
static double
draw_text (GtkWidget  *widget,
           cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      xalign,
           double      size_pt,
           gboolean    bold,
           double      max_width)
{
  g_autoptr(PangoLayout) layout = make_layout (widget, cr, text, size_pt, bold);
  int w, h;

  if (max_width > 0)
    {
      pango_layout_set_width (layout, (int) (max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
    }
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - xalign * w, y);
  pango_cairo_show_layout (cr, layout);
  return h;
}

static void
draw_levels (GbacwBalanceChart *self,
             cairo_t           *cr,
             double             x,
             double             y,
             double             w,
             double             h)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const GbacwBalanceResult *r = self->result;
  guint n = r->categories->len, max_count = 1;
  double label_w = MIN (190, w * 0.55), row_h, top;

  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  top = y + draw_text (widget, cr, _("Levels of victory"), x, y, 0, 10, TRUE, w) + 6;
  if (n == 0)
    return;
  row_h = MIN (26, (y + h - top) / n);
  for (guint i = 0; i < n; i++)
    max_count = MAX (max_count, g_array_index (r->categories, GbacwBalanceCategory, i).count);
  for (guint i = 0; i < n; i++)
    {
      const GbacwBalanceCategory *c = &g_array_index (r->categories, GbacwBalanceCategory, i);
      double bar_w = (w - label_w - 60) * c->count / max_count;
      double ry = top + i * row_h;
      char text[64];

      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      draw_text (widget, cr, c->name, x, ry + row_h / 2 - 8, 0, 8.5, FALSE, label_w - 6);
      set_side_colour (cr, c->side);
      cairo_rectangle (cr, x + label_w, ry + 3, MAX (bar_w, c->count ? 2 : 0), row_h - 6);
      cairo_fill (cr);
      if (c->automatic)
        {
          /* hatching marks the automatic victories */
          cairo_save (cr);
          cairo_rectangle (cr, x + label_w, ry + 3, bar_w, row_h - 6);
          cairo_clip (cr);
          cairo_set_source_rgba (cr, 1, 1, 1, 0.5);
          cairo_set_line_width (cr, 1.5);
          for (double hx = x + label_w - row_h; hx < x + label_w + bar_w; hx += 6)
            {
              cairo_move_to (cr, hx, ry + row_h);
              cairo_line_to (cr, hx + row_h, ry);
            }
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      g_snprintf (text, sizeof text, "%u (%.0f%%)", c->count, r->n_played ? 100.0 * c->count / r->n_played : 0.0);
      draw_text (widget, cr, text, x + label_w + bar_w + 4, ry + row_h / 2 - 7, 0, 8, FALSE, 0);
    }
}

static void
draw_histogram (GbacwBalanceChart *self,
                cairo_t           *cr,
                double             x,
                double             y,
                double             w,
                double             h)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const GbacwBalanceResult *r = self->result;
  g_autofree guint *bins = NULL;
  g_autofree char *title = NULL;
  guint n_bins = 0, max_count = 1;
  int first = 0, width, range;
  double top, bottom, left, bar_w;

  /* TRANSLATORS: chart title: Victory Points of the first side minus the second's */
  title = g_strdup_printf (_("VP difference (%s − %s)"), r->side_names[0], r->side_names[1]);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  top = y + draw_text (widget, cr, title, x, y, 0, 10, TRUE, w) + 10;
  bottom = y + h - 34;
  left = x + 28;
  if (r->n_played == 0 || bottom - top < 20)
    return;
  range = r->vp_diff_max - r->vp_diff_min + 1;
  width = MAX (1, (range + 29) / 30);
  bins = gbacw_balance_vp_histogram (r, width, &first, &n_bins);
  for (guint i = 0; i < n_bins; i++)
    max_count = MAX (max_count, bins[i]);
  bar_w = (x + w - left) / n_bins;

  /* axis and grid */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.15);
  /* whole numbers of games on the grid lines */
  {
    guint step = MAX (1, (max_count + 3) / 4);
    max_count = step * ((max_count + step - 1) / step);
  }
  for (guint k = MAX (1, (max_count + 3) / 4); k <= max_count; k += MAX (1, (max_count + 3) / 4))
    {
      double gy = bottom - (bottom - top) * k / max_count;
      char text[16];
      cairo_move_to (cr, left, floor (gy) + 0.5);
      cairo_line_to (cr, x + w, floor (gy) + 0.5);
      cairo_stroke (cr);
      g_snprintf (text, sizeof text, "%u", k);
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      draw_text (widget, cr, text, left - 4, gy - 7, 1, 7.5, FALSE, 0);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.15);
    }
  /* the bars: in the colour of the side the difference favours */
  for (guint i = 0; i < n_bins; i++)
    {
      int lo = first + (int) i * width, hi = lo + width - 1;
      double bh = (bottom - top) * bins[i] / max_count;
      int side = hi < 0 ? 1 : lo > 0 ? 0 : -1;
      set_side_colour (cr, side);
      cairo_rectangle (cr, left + i * bar_w + 1, bottom - bh, MAX (bar_w - 2, 1), bh);
      cairo_fill (cr);
    }
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_move_to (cr, left, floor (bottom) + 0.5);
  cairo_line_to (cr, x + w, floor (bottom) + 0.5);
  cairo_stroke (cr);
  /* labels under some bars */
  {
    guint step = MAX (1, (guint) ceil (n_bins / MAX ((x + w - left) / 34, 1.0)));
    for (guint i = 0; i < n_bins; i += step)
      {
        char text[24];
        int lo = first + (int) i * width;
        g_snprintf (text, sizeof text, "%+d", lo);
        draw_text (widget, cr, text, left + (i + 0.5) * bar_w, bottom + 3, 0.5, 7.5, FALSE, 0);
      }
  }
  /* the mean */
  {
    double mx = left + (r->vp_diff_mean - first + 0.5) / width * bar_w;
    char text[48];
    double dashes[] = { 4, 3 };
    cairo_set_source_rgb (cr, 0.9, 0.55, 0.05);
    cairo_set_line_width (cr, 2);
    cairo_set_dash (cr, dashes, 2, 0);
    cairo_move_to (cr, mx, top);
    cairo_line_to (cr, mx, bottom);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
    g_snprintf (text, sizeof text, _("mean %+.1f"), r->vp_diff_mean);
    draw_text (widget, cr, text, mx, bottom + 17, 0.5, 8, TRUE, 0);
  }
}

static void
draw_losses (GbacwBalanceChart *self,
             cairo_t           *cr,
             double             x,
             double             y,
             double             w,
             double             h)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const GbacwBalanceResult *r = self->result;
  double top, bottom, max = 1, bar_w;
  const double values[2][2] = { { r->mean_losses[0], r->mean_losses[1] },
                                { r->mean_leaders_lost[0], r->mean_leaders_lost[1] } };
  const char *groups[2] = { N_("SP and guns"), N_("Leaders") };

  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  top = y + draw_text (widget, cr, _("Mean losses per game"), x, y, 0, 10, TRUE, w) + 22;
  bottom = y + h - 34;
  if (bottom - top < 20)
    return;
  for (int g = 0; g < 2; g++)
    for (int s = 0; s < 2; s++)
      max = MAX (max, values[g][s]);
  bar_w = w / 6;
  for (int g = 0; g < 2; g++)
    {
      double gx = x + g * w / 2 + w / 12;
      for (int s = 0; s < 2; s++)
        {
          double bh = (bottom - top) * values[g][s] / max;
          char text[32];
          set_side_colour (cr, s);
          cairo_rectangle (cr, gx + s * bar_w, bottom - bh, bar_w - 4, bh);
          cairo_fill (cr);
          cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
          g_snprintf (text, sizeof text, "%.1f", values[g][s]);
          draw_text (widget, cr, text, gx + s * bar_w + (bar_w - 4) / 2, bottom - bh - 15, 0.5, 8, TRUE, 0);
        }
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      draw_text (widget, cr, _(groups[g]), gx + bar_w, bottom + 3, 0.5, 8, FALSE, 0);
    }
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, x, floor (bottom) + 0.5);
  cairo_line_to (cr, x + w, floor (bottom) + 0.5);
  cairo_stroke (cr);
  /* the key */
  for (int s = 0; s < 2; s++)
    {
      double ky = bottom + 18;
      double kx = x + s * w / 2;
      set_side_colour (cr, s);
      cairo_rectangle (cr, kx, ky + 3, 10, 10);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      draw_text (widget, cr, r->side_names[s], kx + 14, ky, 0, 8, FALSE, w / 2 - 16);
    }
}

void
gbacw_balance_chart_draw (GbacwBalanceChart *self,
                          cairo_t           *cr,
                          double             width,
                          double             height)
{
  double pad = 12, col;

  g_return_if_fail (GBACW_IS_BALANCE_CHART (self));

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  if (self->result == NULL || self->result->n_played == 0)
    {
      cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
      draw_text (GTK_WIDGET (self), cr, self->result ? _("No game was played to its end.")
                                                     : _("Run the games to see how they end."),
                 width / 2, height / 2 - 8, 0.5, 10, FALSE, 0);
      return;
    }
  col = (width - 4 * pad) / 3;
  draw_levels (self, cr, pad, pad, col * 1.1, height - 2 * pad);
  draw_histogram (self, cr, 2 * pad + col * 1.1, pad, col * 1.15, height - 2 * pad);
  draw_losses (self, cr, 3 * pad + col * 2.25, pad, col * 0.75, height - 2 * pad);
}

static void
gbacw_balance_chart_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));

  gbacw_balance_chart_draw (GBACW_BALANCE_CHART (widget), cr, w, h);
  cairo_destroy (cr);
}

static void
gbacw_balance_chart_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 480 : 220;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 900 : 300;
}

void
gbacw_balance_chart_set_result (GbacwBalanceChart  *self,
                                GbacwBalanceResult *result)
{
  g_return_if_fail (GBACW_IS_BALANCE_CHART (self));

  if (self->result == result)
    return;
  g_clear_pointer (&self->result, gbacw_balance_result_free);
  self->result = result;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const GbacwBalanceResult *
gbacw_balance_chart_get_result (GbacwBalanceChart *self)
{
  g_return_val_if_fail (GBACW_IS_BALANCE_CHART (self), NULL);
  return self->result;
}

gboolean
gbacw_balance_chart_has_data (GbacwBalanceChart *self)
{
  g_return_val_if_fail (GBACW_IS_BALANCE_CHART (self), FALSE);
  return self->result != NULL && self->result->n_played > 0;
}

static void
gbacw_balance_chart_finalize (GObject *object)
{
  GbacwBalanceChart *self = GBACW_BALANCE_CHART (object);

  g_clear_pointer (&self->result, gbacw_balance_result_free);
  G_OBJECT_CLASS (gbacw_balance_chart_parent_class)->finalize (object);
}

static void
gbacw_balance_chart_class_init (GbacwBalanceChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = gbacw_balance_chart_finalize;
  widget_class->snapshot = gbacw_balance_chart_snapshot;
  widget_class->measure = gbacw_balance_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "balancechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
gbacw_balance_chart_init (GbacwBalanceChart *self)
{
}

GtkWidget *
gbacw_balance_chart_new (void)
{
  return g_object_new (GBACW_TYPE_BALANCE_CHART, NULL);
}
