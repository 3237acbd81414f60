/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-unpainted-layer-private.h: test hooks of the unpainted-hex layer. */
#pragma once

#include "gbacw-unpainted-layer.h"

G_BEGIN_DECLS

/* How many times the hatch was drawn into the layer's picture of the view. */
guint gbacw_unpainted_layer_get_n_renders (GbacwUnpaintedLayer *self);

G_END_DECLS
