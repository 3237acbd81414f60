/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hover-layer.h: the map canvas's layer that lights the hex under the pointer. */
#pragma once

#include "gbacw-canvas-layer.h"

G_BEGIN_DECLS

#define GBACW_TYPE_HOVER_LAYER (gbacw_hover_layer_get_type ())
G_DECLARE_FINAL_TYPE (GbacwHoverLayer, gbacw_hover_layer, GBACW, HOVER_LAYER, GbacwCanvasLayer)

GbacwCanvasLayer *gbacw_hover_layer_new (void);
/* -1: none. */
void           gbacw_hover_layer_set_hex (GbacwHoverLayer *self, int hex);
int            gbacw_hover_layer_get_hex (GbacwHoverLayer *self);
G_END_DECLS
