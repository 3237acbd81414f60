/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-window-state.h: what the editor remembers between runs (GSettings
 * org.gbacw.Editor): each window's size and visible layers, and the recent files. (The
 * scenario sidebar's width, sidebar-width, is kept by gbacw-scenario-controller.c.)
 *
 * When the schema is neither installed nor compiled in the build folder (the editor
 * run from a build without `meson install`), nothing is remembered.
 */
#pragma once

#include "gbacw-editor-host.h"

G_BEGIN_DECLS

#define GBACW_SETTINGS_SCHEMA_ID "org.gbacw.Editor"
#define GBACW_MAX_RECENT_FILES 10

#define GBACW_TYPE_WINDOW_STATE (gbacw_window_state_get_type ())
G_DECLARE_FINAL_TYPE (GbacwWindowState, gbacw_window_state, GBACW, WINDOW_STATE, GObject)

/* The editor's settings (transfer none), or NULL without the schema. */
GSettings        *gbacw_window_state_get_settings (void);

/* Gives window the remembered size and layers, and remembers them as they change,
 * with the files it opens and saves (window keeps the state; transfer none). */
GbacwWindowState *gbacw_window_state_attach (GbacwEditorHost *window);
/* Puts path first in the recent files, keeping at most GBACW_MAX_RECENT_FILES. */
void              gbacw_window_state_add_recent (const char *path);

G_END_DECLS
