/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-background-controller.h: the scanned map under a window's canvas.
 *
 * Loads the image named by the document's background (PNG or JPEG, with gdk-pixbuf)
 * when a document is shown or its background file changes, and hands it to the map
 * renderer for that scenario, so that every tile of the canvas draws it. A file that
 * cannot be read is reported in the window and the map is drawn without it.
 */
#pragma once

#include "gbacw-background-image.h"
#include "gbacw-editor-host.h"

G_BEGIN_DECLS

#define GBACW_TYPE_BACKGROUND_CONTROLLER (gbacw_background_controller_get_type ())
G_DECLARE_FINAL_TYPE (GbacwBackgroundController, gbacw_background_controller, GBACW, BACKGROUND_CONTROLLER, GObject)

/* The scan under window's canvas, following the document window shows. */
GbacwBackgroundController *gbacw_background_controller_new (GbacwEditorHost *window);

/* The image now drawn under the map, or NULL. */
GbacwBackgroundImage      *gbacw_background_controller_get_image (GbacwBackgroundController *self);
/* Why the document's image could not be loaded, or NULL. */
const char                *gbacw_background_controller_get_error (GbacwBackgroundController *self);

/* Loads path as the document's background, fitted over the map (or keeping the
 * calibration when only the file changes and keep_transform): one undoable step. */
gboolean                   gbacw_background_controller_set_file (GbacwBackgroundController *self, const char *path,
                                                                 gboolean keep_transform, GError **error);
/* Opacity 0..1, one undo step per merge_key (0: a step of its own). */
void                       gbacw_background_controller_set_opacity (GbacwBackgroundController *self, double opacity,
                                                                    guint merge_key);
void                       gbacw_background_controller_remove (GbacwBackgroundController *self);

G_END_DECLS
