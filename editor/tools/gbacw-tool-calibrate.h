/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-calibrate.h: lays the grid over a scanned map.
 *
 * In points mode each click on the scan picks an image point; the caller (the
 * background dialog) asks for the label of the hex whose centre was clicked and
 * gives it back with gbacw_tool_calibrate_add_point (). After three points the
 * transform from map to image is computed and saved in the scenario (one undoable
 * GbacwSettingsEdit). In adjust mode a drag slides the scan under the grid and
 * Shift+drag scales it about the point pressed, each drag one undo step.
 */
#pragma once

#include "gbacw-document.h"
#include "gbacw-tool.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_CALIBRATE_POINTS,
  GBACW_CALIBRATE_ADJUST,
} GbacwCalibrateMode;

#define GBACW_TYPE_TOOL_CALIBRATE (gbacw_tool_calibrate_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolCalibrate, gbacw_tool_calibrate, GBACW, TOOL_CALIBRATE, GObject)

GbacwToolCalibrate *gbacw_tool_calibrate_new (void);

/* The document edited; set from the canvas when the tool is activated. */
GbacwDocument      *gbacw_tool_calibrate_get_document (GbacwToolCalibrate *self);
void                gbacw_tool_calibrate_set_document (GbacwToolCalibrate *self, GbacwDocument *document);

GbacwCalibrateMode  gbacw_tool_calibrate_get_mode (GbacwToolCalibrate *self);
/* Changing the mode forgets the points picked so far. */
void                gbacw_tool_calibrate_set_mode (GbacwToolCalibrate *self, GbacwCalibrateMode mode);

/* Points mode: the image point (pixels) at the last click, waiting for its label. */
gboolean            gbacw_tool_calibrate_get_pending (GbacwToolCalibrate *self, double *image_x, double *image_y);
/* Points mode: the pending point (or image_x, image_y if there is none pending and
 * they are >= 0) is the centre of the hex labelled label. The third point calibrates
 * and returns TRUE with *done set. Errors: a label that names no hex of the map, a
 * hex already used, three points on a line (the third is then forgotten). */
gboolean            gbacw_tool_calibrate_add_point (GbacwToolCalibrate *self, const char *label,
                                                    gboolean *done, GError **error);
guint               gbacw_tool_calibrate_get_n_points (GbacwToolCalibrate *self);
void                gbacw_tool_calibrate_reset (GbacwToolCalibrate *self);

/* What to do next, for the user: "Click the centre of a hex…". */
const char         *gbacw_tool_calibrate_get_status (GbacwToolCalibrate *self);

G_END_DECLS
