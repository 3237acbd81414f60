/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-overview.h: the whole map small, with the part a map canvas shows.
 *
 * Shares the canvas's viewport: the rectangle is what the canvas shows, and a press or
 * drag on the overview moves the canvas's view there (a drag that starts inside the
 * rectangle moves it by the pointer's motion, one elsewhere centres it on the pointer).
 * The map is drawn once into a picture, again only after the document changes (at most
 * every RENDER_DELAY ms, so that a brush stroke does not redraw it each step).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-map-canvas.h"

G_BEGIN_DECLS

#define GBACW_TYPE_MAP_OVERVIEW (gbacw_map_overview_get_type ())
G_DECLARE_FINAL_TYPE (GbacwMapOverview, gbacw_map_overview, GBACW, MAP_OVERVIEW, GtkWidget)

GtkWidget      *gbacw_map_overview_new (GbacwMapCanvas *canvas);

GbacwMapCanvas *gbacw_map_overview_get_canvas (GbacwMapOverview *self);
void            gbacw_map_overview_set_canvas (GbacwMapOverview *self, GbacwMapCanvas *canvas);

G_END_DECLS
