/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-turns-section.h: the Turns page of test play, a play section: the Game-Turn
 * record (time, night, first player, each side's Victory Points at the end of each
 * Game-Turn played), the Victory Points now by kind of award with the awards not counted,
 * the units that left the map and the reinforcements still to come. */
#pragma once

#include "gbacw-play-section.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_TURNS_SECTION (gbacw_play_turns_section_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayTurnsSection, gbacw_play_turns_section, GBACW, PLAY_TURNS_SECTION, GbacwPlaySection)

G_END_DECLS
