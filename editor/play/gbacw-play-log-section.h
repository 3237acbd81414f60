/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-log-section.h: test play's log, a play section: every event of the game
 * (each roll and result with its rule case) under a heading for each phase, following the
 * newest line unless the user scrolled up to read. */
#pragma once

#include "gbacw-play-section.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_LOG_SECTION (gbacw_play_log_section_get_type ())
G_DECLARE_FINAL_TYPE (GbacwPlayLogSection, gbacw_play_log_section, GBACW, PLAY_LOG_SECTION, GbacwPlaySection)

/* Lines shown (headings included). */
guint gbacw_play_log_section_get_n_lines (GbacwPlayLogSection *self);

G_END_DECLS
