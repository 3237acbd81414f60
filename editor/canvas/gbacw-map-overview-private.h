/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-overview-private.h: test hooks of the map overview. */
#pragma once

#include "gbacw-map-overview.h"

G_BEGIN_DECLS

/* How many times the map picture was drawn. */
guint gbacw_map_overview_get_n_renders (GbacwMapOverview *self);
/* Widget coordinates of a map point, and the rectangle in view, as drawn. */
void  gbacw_map_overview_map_to_widget (GbacwMapOverview *self, double map_x, double map_y, double *x, double *y);

G_END_DECLS
