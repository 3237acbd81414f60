/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-view-private.h: what the play page's side panel shows, for the tests. */
#pragma once

#include "gbacw-play-view.h"

G_BEGIN_DECLS

/* The text shown in the side panel's pages ("unit", "combat", "roster", "turns") */
char             *gbacw_play_view_get_page_text (GbacwPlayView *self, const char *page);

G_END_DECLS
