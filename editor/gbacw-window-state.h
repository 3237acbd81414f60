/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-window-state.h: what the editor remembers between runs (GSettings
 * org.gbacw.Editor): each window's size and visible layers. (The scenario sidebar's
 * width, sidebar-width, is kept by gbacw-scenario-controller.c; the recent files are the
 * desktop's, GtkRecentManager, in gbacw-window.c.)
 *
 * When the schema is neither installed nor compiled in the build folder (the editor
 * run from a build without `meson install`), nothing is remembered.
 */
#pragma once

#include "gbacw-editor-host.h"

G_BEGIN_DECLS

#define GBACW_SETTINGS_SCHEMA_ID "org.gbacw.Editor"

#define GBACW_TYPE_WINDOW_STATE (gbacw_window_state_get_type ())
G_DECLARE_FINAL_TYPE (GbacwWindowState, gbacw_window_state, GBACW, WINDOW_STATE, GObject)

/* The editor's settings (transfer none), or NULL without the schema. */
GSettings        *gbacw_window_state_get_settings (void);

/* Gives window the remembered size and layers, and remembers them as they change
 * (window keeps the state; transfer none). */
GbacwWindowState *gbacw_window_state_attach (GbacwEditorHost *window);

G_END_DECLS
