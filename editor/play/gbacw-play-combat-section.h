/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-combat-section.h: the Combat page of test play, a play section: the fire or
 * melee of the selected units at their target worked out before any die is rolled (each
 * firer's part, the line of sight from each firing hex, the shifts and the CRT column; a
 * melee's attack, defence and differential) with the button that fires or melees, the
 * melees declared this Player-Turn, and what the last fire or melee led to. */
#pragma once

#include "gbacw-play-section.h"
#include "gbacw-fire.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_COMBAT_SECTION (gbacw_play_combat_section_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayCombatSection, gbacw_play_combat_section, GBACW, PLAY_COMBAT_SECTION, GbacwPlaySection)

/* The units that act together (int indices) and the hex they aim at (-1: none), as shown;
 * the fire or melee worked out stays as it was. */
void       gbacw_play_combat_section_set_units (GbacwPlayCombatSection *self, const GArray *units, int target);
/* The same, and the fire (Fire Phases) or the melee's odds (Retreat Before Melee and Melee
 * Phases, charge: a cavalry charge 16.2; double_shot: double shot where the rules allow it,
 * J 21.4; rapid: rapid fire where the rules allow it, C 24.1) worked out for them now, or
 * why not. */
void       gbacw_play_combat_section_work_out (GbacwPlayCombatSection *self, const GArray *units, int target,
                                               gboolean charge, gboolean double_shot, gboolean rapid);
void       gbacw_play_combat_section_clear_preview (GbacwPlayCombatSection *self);
/* The fire worked out, or NULL. */
const GbacwFireResolution *gbacw_play_combat_section_get_preview (GbacwPlayCombatSection *self);
/* What the last fire or melee led to (owned; NULL: nothing), shown until the phase ends. */
void       gbacw_play_combat_section_set_result (GbacwPlayCombatSection *self, char *text);

G_END_DECLS
