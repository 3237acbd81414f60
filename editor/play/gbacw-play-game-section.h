/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-game-section.h: the Game page of test play, a play section: who plays each
 * side (a human or the computer) and how strongly the computer plays (easy, normal, hard:
 * gbacw_ai_set_level ()), the seed to start again with (play.new-game), the Game-Turn to
 * jump to (play.jump-to-spin), and the game's seed, length and scenario file. */
#pragma once

#include "gbacw-play-section.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_GAME_SECTION (gbacw_play_game_section_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayGameSection, gbacw_play_game_section, GBACW, PLAY_GAME_SECTION, GbacwPlaySection)

/* The sides the computer plays (property "computer", bit 1 << side). */
guint        gbacw_play_game_section_get_computer (GbacwPlayGameSection *self);
void         gbacw_play_game_section_set_computer (GbacwPlayGameSection *self, guint sides);
/* How strongly the computer plays (property "ai-level"). */
GbacwAiLevel gbacw_play_game_section_get_ai_level (GbacwPlayGameSection *self);
void         gbacw_play_game_section_set_ai_level (GbacwPlayGameSection *self, GbacwAiLevel level);
/* The seed a new game starts with, and the Game-Turn to jump to, as entered. */
guint32      gbacw_play_game_section_get_seed (GbacwPlayGameSection *self);
int          gbacw_play_game_section_get_jump_turn (GbacwPlayGameSection *self);

G_END_DECLS
