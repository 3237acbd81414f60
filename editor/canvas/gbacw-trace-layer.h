/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-layer.h: the map canvas's layer that shows what was traced from the scan.
 *
 * Terrain: each unpainted hex with a proposal (gbacw-trace.h) is tinted with its proposed
 * terrain's fill colour; a doubtful one, its confidence under the threshold, is tinted
 * more lightly and outlined in orange. Hexsides and lines: each proposal
 * (gbacw_trace_links ()) not yet on the map and not rejected is a dashed line of its
 * type's colour over a white casing, along the hexside (rivers, streams, crests) or from
 * hex centre to hex centre (roads, railroads), shorter than the hexside or the segment so
 * that it is told from a painted feature; a proposal of a doubtful chain (the chain's mean
 * confidence under the chain threshold) has an orange casing. The chain under review is
 * lit in yellow. Elevation: each hex whose level is not entered (0, as the CLI reads it) with a
 * proposed level other than its own shows that level as a small number in a white disc at
 * the foot of the hex (the map shows painted levels by its brown shading, never by a
 * number); a sure 0 is what the map says already and shows nothing; a doubtful one, its confidence under the level threshold, in an orange disc with
 * a question mark. What is painted shows nothing: once a proposal is accepted (or the user
 * paints it otherwise) the map's own drawing is seen, and an undo brings the proposal back.
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
/* Below this confidence (0-1) a terrain proposal is doubtful. */
double         gbacw_trace_layer_get_threshold (GbacwTraceLayer *self);
void           gbacw_trace_layer_set_threshold (GbacwTraceLayer *self, double threshold);

/* The hexside and line proposals (GbacwTraceLink, copied; NULL for none), none rejected
 * and no chain under review. */
void           gbacw_trace_layer_set_links (GbacwTraceLayer *self, const GArray *links);
guint          gbacw_trace_layer_get_n_links (GbacwTraceLayer *self);
/* Link i (0 <= i < n_links): its chain is the index of the chain's first link. */
const GbacwTraceLink *gbacw_trace_layer_get_link (GbacwTraceLayer *self, guint i);
/* The chain of link i: the index of the chain's first link. */
int            gbacw_trace_layer_get_link_chain (GbacwTraceLayer *self, guint i);
/* Whether link i is shown: its type not on its hexside yet, its chain not rejected. */
gboolean       gbacw_trace_layer_shows_link (GbacwTraceLayer *self, const GbacwScenario *scenario, guint i);
/* The mean confidence of the links of chain (a chain's first link). */
double         gbacw_trace_layer_get_chain_confidence (GbacwTraceLayer *self, int chain);
/* Below this a chain is doubtful. */
double         gbacw_trace_layer_get_chain_threshold (GbacwTraceLayer *self);
void           gbacw_trace_layer_set_chain_threshold (GbacwTraceLayer *self, double threshold);
/* Hides every link of chain until the next gbacw_trace_layer_set_links () or until it is
 * restored. */
void           gbacw_trace_layer_reject_chain (GbacwTraceLayer *self, int chain);
/* Whether a chain was rejected since the links were set. */
gboolean       gbacw_trace_layer_can_restore_chain (GbacwTraceLayer *self);
/* Brings the last chain rejected back as a proposal, under review; returns it, -1 for none.
 * Its links already on the map stay hidden as any such link is. */
int            gbacw_trace_layer_restore_chain (GbacwTraceLayer *self);
/* The chain under review (lit), -1 for none. */
int            gbacw_trace_layer_get_selected_chain (GbacwTraceLayer *self);
void           gbacw_trace_layer_set_selected_chain (GbacwTraceLayer *self, int chain);

/* The levels proposed (GbacwTraceElevation, n_hexes of them, copied; NULL and 0 for none),
 * none confirmed. */
void           gbacw_trace_layer_set_levels (GbacwTraceLayer *self, const GbacwTraceElevation *levels, int n_hexes);
/* The level proposed for hex (an index), NULL when none was traced. */
const GbacwTraceElevation *gbacw_trace_layer_get_level (GbacwTraceLayer *self, int hex);
/* Whether hex's level proposal is shown: traced, the hex's level not entered (0), and a
 * level other than 0 or a doubtful 0 not confirmed. */
gboolean       gbacw_trace_layer_shows_level (GbacwTraceLayer *self, const GbacwScenario *scenario, int hex);
/* Takes hex's proposal out of the review until the next gbacw_trace_layer_set_levels ():
 * accepting level 0 paints nothing, the map being at 0 already. */
void           gbacw_trace_layer_confirm_level (GbacwTraceLayer *self, int hex);
/* Below this confidence (0-1) a level proposal is doubtful. */
double         gbacw_trace_layer_get_level_threshold (GbacwTraceLayer *self);
void           gbacw_trace_layer_set_level_threshold (GbacwTraceLayer *self, double threshold);

G_END_DECLS
