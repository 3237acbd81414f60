/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-inspector.h: everything about the hex under the pointer, in the side panel. */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"

G_BEGIN_DECLS

#define GBACW_TYPE_HEX_INSPECTOR (gbacw_hex_inspector_get_type ())
G_DECLARE_FINAL_TYPE (GbacwHexInspector, gbacw_hex_inspector, GBACW, HEX_INSPECTOR, GtkBox)

GtkWidget     *gbacw_hex_inspector_new (void);

GbacwDocument *gbacw_hex_inspector_get_document (GbacwHexInspector *self);
void           gbacw_hex_inspector_set_document (GbacwHexInspector *self, GbacwDocument *document);
/* The hex index shown, -1 for none. */
int            gbacw_hex_inspector_get_hex (GbacwHexInspector *self);
void           gbacw_hex_inspector_set_hex (GbacwHexInspector *self, int hex);

G_END_DECLS
