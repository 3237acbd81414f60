/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-view-private.h: what the play page's side panel shows, and how the computer
 * shares the main loop, for the tests. */
#pragma once

#include "gbacw-play-view.h"

G_BEGIN_DECLS

/* The text shown in the side panel's pages ("unit", "combat", "roster", "turns") */
char             *gbacw_play_view_get_page_text (GbacwPlayView *self, const char *page);

/* How long the computer plays in one go through the main loop, whatever the frames take
 * (unless set, COMPUTER_SLICE_US or up to COMPUTER_MAX_SLICE_US after a slow frame; 1
 * makes each of its actions a slice of its own, followed by a pause). */
void              gbacw_play_view_set_computer_slice (GbacwPlayView *self, gint64 slice_us);

G_END_DECLS
