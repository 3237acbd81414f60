/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-editor-host.h: what an editor window offers the controllers and dialogs it owns.
 *
 * The document it shows (the property "document", notified when another is shown, NULL
 * when none), its map canvas and findings panel, and two places to tell the user
 * something: the message bar at the top and the status line. The controllers and
 * dialogs work through a host, so that nothing the window owns depends on the window.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-findings-panel.h"
#include "gbacw-map-canvas.h"

G_BEGIN_DECLS

#define GBACW_TYPE_EDITOR_HOST (gbacw_editor_host_get_type ())
G_DECLARE_INTERFACE (GbacwEditorHost, gbacw_editor_host, GBACW, EDITOR_HOST, GtkWindow)

struct _GbacwEditorHostInterface
{
  GTypeInterface parent_iface;

  GbacwDocument      *(*get_document)       (GbacwEditorHost *self);
  GbacwMapCanvas     *(*get_canvas)         (GbacwEditorHost *self);
  GbacwFindingsPanel *(*get_findings_panel) (GbacwEditorHost *self);
  void                (*show_error)         (GbacwEditorHost *self,
                                             const char      *message);
  void                (*show_status)        (GbacwEditorHost *self,
                                             const char      *text);
};

GbacwDocument      *gbacw_editor_host_get_document       (GbacwEditorHost *self);
GbacwMapCanvas     *gbacw_editor_host_get_canvas         (GbacwEditorHost *self);
GbacwFindingsPanel *gbacw_editor_host_get_findings_panel (GbacwEditorHost *self);
/* Shows message at the top of the window until dismissed; NULL hides it. */
void                gbacw_editor_host_show_error         (GbacwEditorHost *self,
                                                          const char      *message);
/* A message in the status line (until the pointer or the document changes it). */
void                gbacw_editor_host_show_status        (GbacwEditorHost *self,
                                                          const char      *text);

/* Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y undo and redo the document's edits even in a text
 * field (whose own undo would empty a value the form filled in): for a host and the
 * dialogs transient for it (its win.undo and win.redo). A search field keeps its own. */
void                gbacw_editor_host_add_history_shortcuts (GtkWindow *window);

G_END_DECLS
