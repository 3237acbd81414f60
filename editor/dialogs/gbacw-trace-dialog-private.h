/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-dialog-private.h: what the tests ask of the Trace Terrain window. */
#pragma once

#include "gbacw-trace-dialog.h"
#include "gbacw-trace-layer.h"

G_BEGIN_DECLS

/* The proposals' layer on the window's canvas. */
GbacwTraceLayer *gbacw_trace_dialog_get_layer (GbacwTraceDialog *self);
/* The doubt threshold (the spin button's value). */
void             gbacw_trace_dialog_set_threshold (GbacwTraceDialog *self, double threshold);
/* The terrain chosen (a catalogue index), -1 when none. */
int              gbacw_trace_dialog_get_terrain (GbacwTraceDialog *self);
void             gbacw_trace_dialog_set_terrain (GbacwTraceDialog *self, int terrain);
/* The last trace's proposal for hex (an index), or NULL when there is none. */
const GbacwTraceProposal *gbacw_trace_dialog_get_proposal (GbacwTraceDialog *self, int hex);

G_END_DECLS
