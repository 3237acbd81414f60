/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-cursor-layer.h: the map canvas's layer that outlines the keyboard's hex cursor. */
#pragma once

#include "gbacw-canvas-layer.h"

G_BEGIN_DECLS

#define GBACW_TYPE_CURSOR_LAYER (gbacw_cursor_layer_get_type ())
G_DECLARE_FINAL_TYPE (GbacwCursorLayer, gbacw_cursor_layer, GBACW, CURSOR_LAYER, GbacwCanvasLayer)

GbacwCanvasLayer *gbacw_cursor_layer_new (void);
/* -1: none. */
void              gbacw_cursor_layer_set_hex (GbacwCursorLayer *self, int hex);
int               gbacw_cursor_layer_get_hex (GbacwCursorLayer *self);

G_END_DECLS
