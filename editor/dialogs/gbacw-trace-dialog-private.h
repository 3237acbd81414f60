/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-trace-dialog-private.h: what the tests ask of the Trace window. */
#pragma once

#include "gbacw-trace-dialog.h"
#include "gbacw-trace-layer.h"

G_BEGIN_DECLS

/* The proposals' layer on the window's canvas. */
GbacwTraceLayer *gbacw_trace_dialog_get_layer (GbacwTraceDialog *self);
/* The doubt threshold (the spin button's value). */
void             gbacw_trace_dialog_set_threshold (GbacwTraceDialog *self, double threshold);
/* The chains' doubt threshold (its spin button's value). */
void             gbacw_trace_dialog_set_chain_threshold (GbacwTraceDialog *self, double threshold);
/* Lights chain (a chain's first link, -1 for none) for review, as moving the hex cursor
 * onto it does when no other chain is there. */
void             gbacw_trace_dialog_select_chain (GbacwTraceDialog *self, int chain);
/* The terrain chosen (a catalogue index), -1 when none. */
int              gbacw_trace_dialog_get_terrain (GbacwTraceDialog *self);
void             gbacw_trace_dialog_set_terrain (GbacwTraceDialog *self, int terrain);
/* The last trace's proposal for hex (an index), or NULL when there is none. */
const GbacwTraceProposal *gbacw_trace_dialog_get_proposal (GbacwTraceDialog *self, int hex);

/* The levels' doubt threshold (its spin button's value). */
void             gbacw_trace_dialog_set_level_threshold (GbacwTraceDialog *self, double threshold);
/* The level chosen (the level spin button's), for marking and for Accept Level. */
int              gbacw_trace_dialog_get_level (GbacwTraceDialog *self);
void             gbacw_trace_dialog_set_level (GbacwTraceDialog *self, int level);

G_END_DECLS
