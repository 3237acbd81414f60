/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-stand-ins.h: stand-ins for the values of an order of battle not entered yet, so that
 * a scenario half typed in can be test-played (`gbacw stand-ins`, the editor's Scenario ▸
 * Fill Stand-ins).
 *
 * Every unit, leader and brigade value the validator reports as "not entered yet" gets a
 * plausible value: the middle (median) of the values entered for units of the same kind in
 * the same formation, else of the same side, else of the whole order of battle, else the
 * usual value of the games (an infantry regiment 4 SP, morale 3, a battery 4 guns and 12
 * rounds, a brigade commander's radius 3 …; a regiment, squadron or wagon with no weapon to
 * go by a stand-in rifled musket or carbine row added to the Range Effects Chart, whose
 * printed rows are the batteries'); a brigade's BCE limit its Strength Points
 * times the median share the brigades entered give, else a third. A regiment's stand-in
 * strength is never more than a hex of the stand-in terrain holds (8.18), so that a set-up
 * of one unit a hex stays within the stacking limits. Each is marked a
 * stand-in (GbacwUnit.stand_ins, GbacwFormation.stand_ins; saved as stand-ins="…"), the
 * validator warns about each, and editing the value clears its mark.
 *
 * Every unknown chart cell (`?`) gets the cell of the same chart, row and column in the
 * Standard Rules chart library (data/charts/standard.xml), else the games' usual value,
 * written invented ({value}) so that the validator warns about it, and marked a stand-in
 * (GbacwCell.stand_in; saved as the row's stand-ins="col …"): clearing takes back exactly
 * those cells, in the same undo step as the units'.
 *
 * Every hex not painted gets the catalogue's clear (or open) terrain, else its first, marked a
 * stand-in (GbacwMap.terrain_stand_in; saved as "{code}" in the terrain rows) so that units
 * can move over the whole map; painting the hex takes the mark off, and clearing takes the
 * marked hexes back to not painted, in the same undo step.
 */
#pragma once

#include "gbacw-command.h"
#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* Whether a GbacwOobField can be a stand-in. */
gboolean      gbacw_stand_in_field (int field);

/* One command (one undo step) filling every value not entered yet; *n_values (may be NULL)
 * the number of values filled. A command that changes nothing when there is none. */
GbacwCommand *gbacw_stand_ins_fill (const GbacwScenario *scenario, guint *n_values);
/* One command taking every stand-in back (the values not entered again). */
GbacwCommand *gbacw_stand_ins_clear (const GbacwScenario *scenario, guint *n_values);
/* The number of stand-in values in the scenario. */
guint         gbacw_stand_ins_count (const GbacwScenario *scenario);

G_END_DECLS
