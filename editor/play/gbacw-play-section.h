/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-section.h: the base of the play view's panels (phase bar, unit, combat,
 * roster, Game-Turn record, players, log).
 *
 * A section shows a game (property "session", bound to the play view's in
 * gbacw-play-view.ui) and builds what it shows again in its update () virtual, which the
 * base calls when the session is set and when gbacw_play_section_update () asks for it.
 * A section that is not mapped (a stack page not shown) is updated when it is mapped, so
 * that the pages nobody looks at cost nothing. Its children come from its own template;
 * the layout is a vertical box.
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-play-session.h"

G_BEGIN_DECLS

#define GBACW_TYPE_PLAY_SECTION (gbacw_play_section_get_type ())
G_DECLARE_DERIVABLE_TYPE (GbacwPlaySection, gbacw_play_section, GBACW, PLAY_SECTION, GtkWidget)

struct _GbacwPlaySectionClass
{
  GtkWidgetClass parent_class;

  /* Builds what the section shows from the session (NULL: nothing to show). */
  void (*update) (GbacwPlaySection *self);
};

GbacwPlaySession *gbacw_play_section_get_session (GbacwPlaySection *self);
void              gbacw_play_section_set_session (GbacwPlaySection *self, GbacwPlaySession *session);
/* The game of the session, or NULL. */
GbacwGame        *gbacw_play_section_get_game (GbacwPlaySection *self);

/* The game changed, or what the section is given besides it: updates now when the
 * section is mapped, else when it is. */
void              gbacw_play_section_update (GbacwPlaySection *self);

G_END_DECLS
