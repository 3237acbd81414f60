/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-layer-private.h: test hooks of the Trace review layer. */
#pragma once

#include "gbacw-trace-layer.h"

G_BEGIN_DECLS

/* How many times one of the layer's pictures was drawn anew (n_drawn) and how many times
 * only a damaged box of one was drawn again over the kept picture (n_box_drawn). */
void gbacw_trace_layer_get_n_draws (GbacwTraceLayer *self, guint *n_drawn, guint *n_box_drawn);

/* The side of the pictures' tiles, in picture pixels (128 unless a test says): after an
 * acceptance the tiles its box meets are drawn again. */
void gbacw_trace_layer_set_tile (GbacwTraceLayer *self, int tile);

G_END_DECLS
