/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-window.h: an editor window showing one document.
 *
 * The GbacwEditorHost of the controllers and dialogs it owns. Its actions are class
 * actions, enabled in one place (editing or test playing, with or without a document):
 * the file and edit actions; win.background (the Background Image dialog: load, opacity,
 * calibration), win.trace-terrain (the Trace window: terrain, hexside features and lines
 * proposed from the calibrated scan, reviewed on the map), win.export and win.print (the export dialog, for an image or for a
 * printable PDF); win.layer-NAME (the Layers menu: the canvas's layers and the findings'
 * markers); and those its controllers carry out: win.test-play (F5) and win.balance
 * (gbacw-play-mode.h), win.scenario-sidebar (F9), win.settings, win.charts,
 * win.roster-export and win.roster-import (gbacw-scenario-controller.h).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-background-controller.h"
#include "gbacw-checker.h"
#include "gbacw-document.h"
#include "gbacw-editor-host.h"
#include "gbacw-findings-panel.h"
#include "gbacw-hex-inspector.h"
#include "gbacw-map-canvas.h"
#include "gbacw-play-mode.h"
#include "gbacw-scenario-controller.h"
#include "gbacw-toolbox.h"

G_BEGIN_DECLS

#define GBACW_TYPE_WINDOW (gbacw_window_get_type ())
G_DECLARE_FINAL_TYPE (GbacwWindow, gbacw_window, GBACW, WINDOW, GtkApplicationWindow)

GbacwWindow    *gbacw_window_new (GtkApplication *application);

/* NULL when the window shows nothing (e.g. a file failed to load). */
GbacwDocument  *gbacw_window_get_document (GbacwWindow *self);
void            gbacw_window_set_document (GbacwWindow *self, GbacwDocument *document);
GbacwMapCanvas *gbacw_window_get_canvas (GbacwWindow *self);
GbacwFindingsPanel *gbacw_window_get_findings_panel (GbacwWindow *self);
/* The validator of the document: run once when a document is set, updated with each
 * change. The counts say how often it was run and updated (for tests and profiling). */
GbacwChecker   *gbacw_window_get_checker (GbacwWindow *self);
void            gbacw_window_get_check_counts (GbacwWindow *self, guint *n_runs, guint *n_updates);

/* The map tools (the current one is the property "tool", set by the action win.tool)
 * and the inspector of the hex under the pointer. */
GbacwToolbox   *gbacw_window_get_toolbox (GbacwWindow *self);
GbacwHexInspector *gbacw_window_get_inspector (GbacwWindow *self);

/* What the window owns: the scan under its map, test play, the scenario sidebar. */
GbacwBackgroundController *gbacw_window_get_background_controller (GbacwWindow *self);
GbacwPlayMode  *gbacw_window_get_play_mode (GbacwWindow *self);
GbacwScenarioController *gbacw_window_get_scenario_controller (GbacwWindow *self);

/* Loads the file into this window; a failure is shown in the window. TRUE on success. */
gboolean        gbacw_window_load_file (GbacwWindow *self, GFile *file);
/* Saves the document to file, or to its own file when file is NULL; a failure is shown
 * in the window. TRUE on success. */
gboolean        gbacw_window_save_file (GbacwWindow *self, GFile *file);
/* Whether a new file can replace what the window shows without losing changes. */
gboolean        gbacw_window_is_replaceable (GbacwWindow *self);
/* The Open or Save As file chooser while it is shown, else NULL. */
GtkNativeDialog *gbacw_window_get_file_chooser (GbacwWindow *self);

/* Shows message at the top of the window until dismissed; NULL hides it. */
void            gbacw_window_show_error (GbacwWindow *self, const char *message);
/* A message in the status line (until the pointer or the document changes it). */
void            gbacw_window_show_status (GbacwWindow *self, const char *text);
const char     *gbacw_window_get_status (GbacwWindow *self);

G_END_DECLS
