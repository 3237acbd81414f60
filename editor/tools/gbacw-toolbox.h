/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-toolbox.h: a window's map tools, the palette that picks them and the current one. */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-map-canvas.h"
#include "gbacw-tool-panel.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TOOLBOX (gbacw_toolbox_get_type ())
G_DECLARE_FINAL_TYPE (GbacwToolbox, gbacw_toolbox, GBACW, TOOLBOX, GObject)

typedef struct
{
  const char *name;      /* "navigate", "brush", … as in the action win.tool */
  const char *title;     /* untranslated; translate with _() */
  const char *icon_name;
  guint key;             /* shortcut, without modifiers */
} GbacwToolInfo;

/* Every tool, in palette order; n_tools may be NULL. */
const GbacwToolInfo *gbacw_toolbox_get_tool_infos (guint *n_tools);

/* Creates the tools for the canvas: they edit the canvas's document, the current one
 * gets its input, and panel (may be NULL) shows the current one's options. The tools
 * share the toolbox's "terrain" (every tool's "mask": the brush, the fill, what the
 * eyedropper picks into them) and "line-type". The signal "status" (text) passes on what
 * a tool has to tell the user. */
GbacwToolbox *gbacw_toolbox_new (GbacwMapCanvas *canvas, GbacwToolPanel *panel);

/* Adds a toggle button per tool to palette, each activating "win.tool" with its name. */
void          gbacw_toolbox_fill_palette (GbacwToolbox *self, GtkBox *palette);

/* The tool named, or NULL for "navigate" (and unknown names). */
GbacwTool    *gbacw_toolbox_get_tool (GbacwToolbox *self, const char *name);
/* The current tool's name ("navigate" when the primary button pans). */
const char   *gbacw_toolbox_get_current (GbacwToolbox *self);
/* Unknown names are ignored. Choosing the eyedropper makes it pick into the tool that was
 * current; after a pick, that tool is current again. */
void          gbacw_toolbox_set_current (GbacwToolbox *self, const char *name);

/* Ctrl+C: the Select tool's hexes copied; Ctrl+V: what was copied pasted with the Select
 * tool (made current), where the next click puts it. FALSE (and why in the status) when
 * nothing is selected or copied. */
gboolean      gbacw_toolbox_copy (GbacwToolbox *self);
gboolean      gbacw_toolbox_paste (GbacwToolbox *self);

/* Option shortcuts: the current tool's brush radius; the elevation level. */
void          gbacw_toolbox_change_radius (GbacwToolbox *self, int delta);
void          gbacw_toolbox_change_level (GbacwToolbox *self, int delta);

G_END_DECLS
