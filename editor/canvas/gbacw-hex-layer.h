/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-hex-layer.h: a map canvas's layer that outlines one hex: the hex under the
 * pointer, or the keyboard's hex cursor. */
#pragma once

#include "gbacw-canvas-layer.h"

G_BEGIN_DECLS

typedef enum {
  GBACW_HEX_LAYER_HOVER,    /* a white veil edged in white and black */
  GBACW_HEX_LAYER_CURSOR,   /* the focus ring's blue inside white, no veil */
} GbacwHexLayerLook;

#define GBACW_TYPE_HEX_LAYER (gbacw_hex_layer_get_type ())
G_DECLARE_FINAL_TYPE (GbacwHexLayer, gbacw_hex_layer, GBACW, HEX_LAYER, GbacwCanvasLayer)

GbacwCanvasLayer *gbacw_hex_layer_new (const char *name, GbacwHexLayerLook look);
/* -1: none. */
void           gbacw_hex_layer_set_hex (GbacwHexLayer *self, int hex);
int            gbacw_hex_layer_get_hex (GbacwHexLayer *self);

G_END_DECLS
