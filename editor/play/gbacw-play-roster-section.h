/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-roster-section.h: the Roster page of test play, a play section: each side's
 * VP, strength and losses, its brigades with their BCE boxes (18.0) and units (strength,
 * losses, status, leaders lost 17.73), the commanders and the independent units. */
#pragma once

#include "gbacw-play-section.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_ROSTER_SECTION (gbacw_play_roster_section_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayRosterSection, gbacw_play_roster_section, GBACW, PLAY_ROSTER_SECTION, GbacwPlaySection)

G_END_DECLS
