/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-phase-bar.h: test play's phase bar, a play section: the Game-Turn, time,
 * phasing player and phase, each side's Victory Points (their parts by kind of award in a
 * tooltip, and a sign when the scenario has awards the engine cannot count), a spinner
 * while the computer plays, and the next step's button (play.next-step). */
#pragma once

#include "gbacw-play-section.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_PHASE_BAR (gbacw_play_phase_bar_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayPhaseBar, gbacw_play_phase_bar, GBACW, PLAY_PHASE_BAR, GbacwPlaySection)

G_END_DECLS
