/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-unit-section.h: the Unit page of test play, a play section: the unit
 * selected on the map (hex, command, formation, facing, strength, losses, morale,
 * ammunition, status, Movement Points; a leader's ratings and points), the moving, fire
 * and melee orders of the phase for the side to act (whole stack, formation, facing) and
 * below them the orders panel (GbacwPlayOrders: the stack and the other phases' orders). */
#pragma once

#include "gbacw-play-section.h"
#include "gbacw-play-orders.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_UNIT_SECTION (gbacw_play_unit_section_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayUnitSection, gbacw_play_unit_section, GBACW, PLAY_UNIT_SECTION, GbacwPlaySection)

/* The units selected on the map (int indices; the first is the one shown) and those that
 * would move together (the selection, or with "whole stack" the stack). */
void             gbacw_play_unit_section_set_selection (GbacwPlayUnitSection *self, const GArray *selection,
                                                        const GArray *moving);
GbacwPlayOrders *gbacw_play_unit_section_get_orders (GbacwPlayUnitSection *self);

G_END_DECLS
