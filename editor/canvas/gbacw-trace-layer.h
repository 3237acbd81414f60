/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-layer.h: the map canvas's layer that shows the terrain traced from the scan.
 *
 * Each unpainted hex with a proposal (gbacw-trace.h) is tinted with its proposed terrain's
 * fill colour; a doubtful one, its confidence under the threshold, is tinted more lightly
 * and outlined in orange. Painted hexes show nothing: once a proposal is accepted
 * (or the user paints the hex otherwise) the map's own colour is seen, and an undo brings
 * the proposal back.
 */
#pragma once

#include "gbacw-canvas-layer.h"
#include "gbacw-trace.h"

G_BEGIN_DECLS

#define GBACW_TYPE_TRACE_LAYER (gbacw_trace_layer_get_type ())
G_DECLARE_FINAL_TYPE (GbacwTraceLayer, gbacw_trace_layer, GBACW, TRACE_LAYER, GbacwCanvasLayer)

GbacwCanvasLayer *gbacw_trace_layer_new (void);
/* n_hexes proposals (copied), or NULL and 0 for none. */
void           gbacw_trace_layer_set_proposals (GbacwTraceLayer *self, const GbacwTraceProposal *proposals,
                                                int n_hexes);
/* Whether hex (an index) is shown with a proposal: on the map, unpainted, proposed or a sample. */
gboolean       gbacw_trace_layer_shows (GbacwTraceLayer *self, const GbacwScenario *scenario, int hex);
/* Below this confidence (0-1) a proposal is doubtful. */
double         gbacw_trace_layer_get_threshold (GbacwTraceLayer *self);
void           gbacw_trace_layer_set_threshold (GbacwTraceLayer *self, double threshold);

G_END_DECLS
