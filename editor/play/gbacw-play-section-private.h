/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-section-private.h: for the sections and the tests: a section brought up to
 * date at once, and what it shows as text. */
#pragma once

#include "gbacw-play-section.h"

G_BEGIN_DECLS

/* Runs an update asked for while the section was not mapped. */
void  gbacw_play_section_ensure_updated (GbacwPlaySection *self);

/* The section brought up to date, then the text of its visible labels (a line each) and
 * its buttons' labels ("[label]"), in order. */
char *gbacw_play_section_get_text (GbacwPlaySection *self);

G_END_DECLS
