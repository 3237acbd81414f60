/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-balance-chart.h: the outcomes of a balance run, drawn with cairo.
 *
 * Three charts side by side: how many games ended at each level of victory (from the
 * first side's best to the second side's), the histogram of the Victory Point difference
 * (first side minus second, the mean marked) and the mean losses of each side (Strength
 * Points and guns killed or captured, leaders lost).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-balance.h"

G_BEGIN_DECLS

#define GBACW_TYPE_BALANCE_CHART (gbacw_balance_chart_get_type ())
G_DECLARE_FINAL_TYPE (GbacwBalanceChart, gbacw_balance_chart, GBACW, BALANCE_CHART, GtkWidget)

GtkWidget                 *gbacw_balance_chart_new (void);

/* Takes result (NULL: an empty chart). */
void                       gbacw_balance_chart_set_result (GbacwBalanceChart *self, GbacwBalanceResult *result);
const GbacwBalanceResult  *gbacw_balance_chart_get_result (GbacwBalanceChart *self);
/* Whether it draws any game. */
gboolean                   gbacw_balance_chart_has_data (GbacwBalanceChart *self);

/* Draws the charts into cr over width × height (the widget's drawing, for export and tests). */
void                       gbacw_balance_chart_draw (GbacwBalanceChart *self, cairo_t *cr, double width, double height);

G_END_DECLS
