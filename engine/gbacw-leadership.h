/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-leadership.h: leaders and command (17.0-17.8, 5.2, 5.3, 10.4, 13.53).
 *
 * A leader commands the formations whose commander he is now (game->formation_commander:
 * the order of battle's, then replacements and promotions, 17.8) and every formation
 * under them (game->formation_parent: the order of battle's, then attachments and
 * detachments, 17.6). A combat unit's commander is the commander of its formation; a
 * brigade commander's superior is the commander of the formation above his brigade.
 *
 * The Initial Command Phase (17.0): the phasing player may attach and detach brigades
 * (17.6) and spend Command Points (17.22); when it ends, each brigade commander is in or
 * out of his division commander's Divisional Integrity Radius (17.21) and each combat
 * unit in or out of command (17.11): in command when independent (5.3, 11.13; a unit of
 * no formation counts as independent), stacked with a friendly leader (17.0, 17.23; a
 * brigade commander whose own units are all eliminated too, 17.14), or
 * within the Effectiveness Radius of its commander. Radii are traced hex by hex, not
 * through enemy combat units, enemy ZOCs (unless a friendly unit is there) or
 * impassable hexsides and terrain (10.4, 10.5, 13.53); an engaged leader has none
 * (12.94). With the rule option command-5.2 = old, the units of a brigade commander out
 * of his DIR (and not detached) are out of command too.
 *
 * The Final Command Phase (17.8): at its end, each formation whose commander was lost
 * gets a new one: a division a promoted subordinate brigade commander (17.83, the owner
 * chooses; DIR but no Command Points, 17.85), a brigade its replacement leader (a leader
 * of role "replacement" in the brigade, else the brigade commander's own counter turned
 * over, 17.81, 17.82), placed on any unit of his command.
 */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

/* The formation the leader commands now (the first, if several), or NULL. */
const GbacwFormation *gbacw_leader_formation (const GbacwGame *game, int leader);
/* Whether leader commands unit (a combat unit or a leader under him). */
gboolean              gbacw_leader_commands (const GbacwGame *game, int leader, int unit);
/* The leader commanding unit: its formation's commander, or for a leader the commander
 * of the formation above his; -1. The leader may be off the map. */
int                   gbacw_leadership_commander (const GbacwGame *game, int unit);
/* Whether hex is within radius hexes of the leader, by a path the radius may take
 * (10.4, 10.5, 13.53). */
gboolean              gbacw_leadership_in_radius (const GbacwGame *game, int leader, int hex, int radius);
/* The leader's Effectiveness Radius now: printed plus Command Points (17.22); 0 when
 * engaged (12.94). */
int                   gbacw_leadership_er (const GbacwGame *game, int leader);
/* Whether the unit is independent (5.3, 11.13, 17.66; no formation). */
gboolean              gbacw_leadership_independent (const GbacwGame *game, int unit);
/* 18.0: whether the brigade (a formation index) has reached its BCE limit now
 * (gbacw_bce_lost ()). */
gboolean              gbacw_leadership_bce_lost (const GbacwGame *game, int formation);
/* Why a unit is in or out of command (17.0-17.2, 5.2, 5.3). */
typedef enum {
  GBACW_COMMAND_INDEPENDENT,           /* 5.3, 11.13: independent, or of no formation */
  GBACW_COMMAND_STACKED,               /* 17.1, 17.23: stacked with a friendly leader */
  GBACW_COMMAND_STACKED_ELIMINATED,    /* 17.14: with a brigade commander whose units are all gone */
  GBACW_COMMAND_IN_RADIUS,             /* 17.11: within its commander's Effectiveness Radius */
  GBACW_COMMAND_OUT_OF_RADIUS,         /* 17.11: outside it */
  GBACW_COMMAND_NO_COMMANDER,          /* 17.11: its commander is not on the map */
  GBACW_COMMAND_COMMANDER_OUT_OF_DIR,  /* 5.2 (option command-5.2 = old): its brigade commander is out of DIR */
  GBACW_COMMAND_IN_DIR,                /* 17.21: a leader within his division commander's DIR, or need not be */
  GBACW_COMMAND_OUT_OF_DIR,            /* 17.21: a brigade commander outside it */
  GBACW_COMMAND_OFF_MAP,               /* not on the map */
} GbacwCommandReason;

typedef struct {
  gboolean in_command;
  GbacwCommandReason reason;
  int leader;                          /* the commander, or the leader stacked with it; -1 */
  int radius;                          /* the commander's ER now (17.11, 17.22), or the division commander's DIR (17.21) */
  const char *rule_case;
} GbacwCommandStatus;

/* The command check of the Initial Command Phase for one unit, as it would come out now
 * (the check itself uses it; a combat unit's answer reads its brigade commander's
 * in_dir, which the check sets first). Returns status->in_command. */
gboolean              gbacw_leadership_command_status (const GbacwGame *game, int unit, GbacwCommandStatus *status);
/* 17.83: leader takes command of the division (a formation index). */
void                  gbacw_leadership_promote (GbacwGame *game, int division, int leader);
/* Removes a leader killed, wounded or captured (17.73) and counts the loss. */
void                  gbacw_leadership_leader_lost (GbacwGame *game, int leader, GbacwPresence presence);

G_END_DECLS
