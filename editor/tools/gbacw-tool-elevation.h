/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-elevation.h: sets, raises or lowers the elevation of hexes; marks crests. */
#pragma once

#include "gbacw-map-edit.h"
#include "gbacw-map-tool.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_ELEVATION_SET,    /* every hex painted gets the level */
  GBACW_ELEVATION_RAISE,  /* one level up, once per stroke (shift: down) */
  GBACW_ELEVATION_LOWER,  /* one level down, once per stroke (shift: up) */
} GbacwElevationMode;

#define GBACW_TYPE_ELEVATION_MODE (gbacw_elevation_mode_get_type ())
GType gbacw_elevation_mode_get_type (void) G_GNUC_CONST;

#define GBACW_TYPE_TOOL_ELEVATION (gbacw_tool_elevation_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolElevation, gbacw_tool_elevation, GBACW, TOOL_ELEVATION, GbacwMapTool)

GbacwToolElevation *gbacw_tool_elevation_new (void);

int                gbacw_tool_elevation_get_level (GbacwToolElevation *self);
void               gbacw_tool_elevation_set_level (GbacwToolElevation *self, int level);
GbacwElevationMode gbacw_tool_elevation_get_mode (GbacwToolElevation *self);
void               gbacw_tool_elevation_set_mode (GbacwToolElevation *self, GbacwElevationMode mode);
int                gbacw_tool_elevation_get_radius (GbacwToolElevation *self);
void               gbacw_tool_elevation_set_radius (GbacwToolElevation *self, int radius);

/* Marks the catalogue's crest hexside type (the first of style "crest") on every hexside
 * between two hexes of different elevation, as one undo step. Returns the number of
 * hexsides marked: 0 when there were none to mark or there is no crest type. */
guint              gbacw_tool_elevation_auto_crest (GbacwToolElevation *self);

G_END_DECLS
