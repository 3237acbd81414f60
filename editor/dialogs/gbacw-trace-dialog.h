/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-dialog.h: the Trace window of an editor window.
 *
 * Terrain by example from the calibrated scan (gbacw-trace.h): the user marks sample hexes
 * of each terrain (the hex under the pointer, else the hex cursor's, as a sample of the
 * chosen terrain); the hexes already painted with one terrain are samples of it too,
 * unless the user says no; the terrains without samples may compete with their catalogue
 * colours. Trace proposes a terrain for every unpainted hex, and the hexside features and
 * lines the scan shows (gbacw_trace_links ()) as chains, shown on the canvas as a
 * GbacwTraceLayer while the window is open. Review of the terrain: Accept All Above paints
 * every proposal at or above the doubt threshold, Next Doubtful (F3) moves the hex cursor
 * to the next proposal below it and chooses its terrain, Accept (Ctrl+Return) paints the
 * cursor's hex with the chosen terrain, which the user may change first. Review of the
 * chains, with a threshold of their own: Accept All Chains Above, Next Doubtful Chain (F4)
 * lights the next chain below it and moves the hex cursor there (moving the cursor onto a
 * chain lights it too), Accept Chain (Ctrl+Shift+Return) puts the lit chain on the map
 * through the hexside and line tools' edits, Reject Chain (Ctrl+Shift+Delete) drops it from
 * the review, Restore Rejected Chain (Ctrl+Shift+Insert) brings the last one dropped back.
 * Elevation, with a threshold of its own: the user marks a few hexes with their level (the chosen level at the hex under the pointer, else the hex cursor's: Mark Level,
 * Ctrl+Shift+M); Trace then proposes a level for every hex (gbacw_trace_elevation ()), and
 * those whose level is not entered (0, as `gbacw trace` reads it) are reviewed: Accept All
 * Levels Above, Next Doubtful Level (F6, which chooses its level), Accept Level (Alt+Return)
 * gives the cursor's hex the chosen level through the elevation tool's edit (a level 0,
 * the map's already, only leaves the review). Each acceptance is one undo step; nothing is painted otherwise and the scan
 * is never changed. The review keys, Ctrl+M and Ctrl+Shift+M also work in the editor
 * window while this one is open, so that the arrow keys and the review keys go together
 * on the map.
 */
#pragma once

#include "gbacw-background-controller.h"
#include "gbacw-editor-host.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TRACE_DIALOG (gbacw_trace_dialog_get_type ())
G_DECLARE_FINAL_TYPE (GbacwTraceDialog, gbacw_trace_dialog, GBACW, TRACE_DIALOG, GtkWindow)

GbacwTraceDialog *gbacw_trace_dialog_new (GbacwEditorHost *window, GbacwBackgroundController *controller);

G_END_DECLS
