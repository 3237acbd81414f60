/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-tool-options.h: what the tools' option widgets share.
 *
 * A tool builds its options (GbacwMapToolClass.create_options) from the .ui beside it:
 * plain options (radius, modes, text) bound to its properties, choosers (terrain,
 * hexside feature, line type) listed from the catalogue of the document the tool edits
 * and kept in step with the tool by hand, as they map rows to catalogue indices.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-map-tool.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_CHOOSER_TERRAIN,
  GBACW_CHOOSER_HEXSIDE,
  GBACW_CHOOSER_LINE,
} GbacwChooserKind;

/* The object id "options" of the resource /org/gbacw/Editor/NAME (a new reference);
 * builder (may be NULL) gets the builder, for the other objects. */
GtkWidget *gbacw_tool_options_load (const char *name, GtkBuilder **builder);
/* A wrapping dim label: the options of a tool that has none but a hint. */
GtkWidget *gbacw_tool_options_new_hint (const char *text);

/* The state of the options of tool: a struct of size bytes, zeroed, whose first member is
 * the tool (a reference), freed with options; the handlers connected to the tool with
 * the state as their data are disconnected then. */
gpointer   gbacw_tool_options_new_state (GtkWidget    *options,
                                         GbacwMapTool *tool,
                                         gsize         size);

/* Calls sync (data) now, whenever tool edits another document and whenever a change with
 * one of flags is made to it, until options is finalized. */
void       gbacw_tool_options_follow_document (GtkWidget        *options,
                                               GbacwMapTool     *tool,
                                               GbacwChangeFlags  flags,
                                               void            (*sync) (gpointer data),
                                               gpointer          data);

/* Keeps list, a chooser of the catalogue's entries of kind, and tool's property in step
 * until options is finalized: the terrain chooser's property is a mask (guint64) whose one
 * terrain is the row, the others' an index (int); choosing a row sets the property. The
 * rows are listed again when the catalogue changes. */
void       gbacw_tool_options_bind_chooser (GtkWidget        *options,
                                            GbacwMapTool     *tool,
                                            GtkListBox       *list,
                                            GbacwChooserKind  kind,
                                            const char       *property);

/* Lists the catalogue's entries of kind (from tool's document) in list, with a swatch each. */
void       gbacw_tool_options_fill_chooser (GtkListBox       *list,
                                            GbacwMapTool     *tool,
                                            GbacwChooserKind  kind);
/* Selects row index of list, or none (index < 0), with *syncing TRUE meanwhile. */
void       gbacw_tool_options_select_row (GtkListBox *list,
                                          int         index,
                                          gboolean   *syncing);
/* Binds source's property and target's both ways, target taking source's value first. */
void       gbacw_tool_options_bind (gpointer    source,
                                    const char *source_property,
                                    gpointer    target,
                                    const char *target_property);
/* Gives entry the keyboard, its text selected to be typed over, once the event being
 * handled is over (the press of a double-click gives the map the keyboard after the
 * double-click itself is seen). */
void       gbacw_tool_options_focus_entry (GtkEntry *entry);

/* The one terrain of mask, or -1 when mask has none or several. */
int        gbacw_tool_options_single_bit (guint64 mask);

G_END_DECLS
