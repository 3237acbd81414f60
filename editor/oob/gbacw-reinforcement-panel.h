/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-reinforcement-panel.h: the reinforcement schedule.
 *
 * The Game-Turn track (GbacwGameTurnTrack) over a list of the scenario's reinforcements:
 * for each, its turn, its entry hex and alternative entry hexes (picked on the map:
 * "pick-entry" asks the window to let the user click a hex, which then comes back
 * through gbacw_reinforcement_panel_add_entry_hex ()), its formation on entry and the
 * units and whole formations arriving (dragged from the order of battle onto the
 * reinforcement, or onto a turn of the track or the empty list for a new one). Every
 * change is an undoable command (gbacw-oob-edit.h).
 */
#pragma once

#include <gtk/gtk.h>

#include "gbacw-document.h"
#include "gbacw-oob-item.h"
#include "gbacw-game-turn-track.h"

G_BEGIN_DECLS

#define GBACW_TYPE_REINFORCEMENT_PANEL (gbacw_reinforcement_panel_get_type ())
G_DECLARE_FINAL_TYPE (GbacwReinforcementPanel, gbacw_reinforcement_panel, GBACW, REINFORCEMENT_PANEL, GtkBox)

GtkWidget      *gbacw_reinforcement_panel_new (void);

GbacwDocument  *gbacw_reinforcement_panel_get_document (GbacwReinforcementPanel *self);
void            gbacw_reinforcement_panel_set_document (GbacwReinforcementPanel *self, GbacwDocument *document);
GbacwGameTurnTrack *gbacw_reinforcement_panel_get_track (GbacwReinforcementPanel *self);

/* A new reinforcement on turn (GBACW_UNSET: the track's selected turn, else the
 * second turn) with member (may be NULL) arriving; its id (newly allocated) or NULL
 * and the message shown. */
char           *gbacw_reinforcement_panel_add (GbacwReinforcementPanel *self, int turn, GbacwOobItem *member);
/* Adds a unit or formation to reinforcement id. */
gboolean        gbacw_reinforcement_panel_add_member (GbacwReinforcementPanel *self, const char *id,
                                                      GbacwOobItem *member);
/* The hex picked on the map for reinforcement id: its entry hex (alternative FALSE:
 * replaces the first) or one more alternative. */
gboolean        gbacw_reinforcement_panel_add_entry_hex (GbacwReinforcementPanel *self, const char *id, int hex,
                                                         gboolean alternative);
/* How many rows the list shows. */
guint           gbacw_reinforcement_panel_get_n_rows (GbacwReinforcementPanel *self);

G_END_DECLS
