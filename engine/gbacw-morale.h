/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-morale.h: morale checks, rout and pins, leader casualties (9.83-9.88,
 * 13.1-13.4, 17.7). Rally (13.5) and rout retreats (13.31, 14.0) are resolved by later
 * parts of the engine: a rout records the retreat owed as a pending item. */
#pragma once

#include <glib.h>

#include "gbacw-game.h"

G_BEGIN_DECLS

/* The unit's Morale Rating; a green unit sees the elephant first (13.14: two dice on
 * the Seeing the Elephant Table, the rating kept from then on). */
int      gbacw_morale_rating (GbacwGame *game, int unit);

/* Whether a friendly leader is stacked with the unit (13.23, 17.4). */
gboolean gbacw_morale_with_leader (const GbacwGame *game, int unit);

/* The die-roll modifiers of a morale check: -1 stacked with a leader (13.23), +1 over
 * half the initial strength lost (13.24), +1 enfiladed by the fire (13.26), and the
 * MORALE-DRM hooks. */
int      gbacw_morale_drm (const GbacwGame *game, int unit, gboolean enfiladed, GbacwMoraleCause cause);

/* 13.21: rolls one die, adds the modifiers; above the rating the unit routs (and
 * gbacw_morale_rout () is called). Returns TRUE if it routed. Leaders never rout (13.34). */
gboolean gbacw_morale_check (GbacwGame *game, int unit, gboolean enfiladed, GbacwMoraleCause cause,
                             const char *rule_case);

/* Routs the unit (13.31-13.33): a pinned unit that routs is no longer pinned; an
 * unlimbered battery's crew routs and leaves the guns (13.25, 15.16); the owner owes a
 * rout retreat of three hexes (pending). */
void     gbacw_morale_rout (GbacwGame *game, int unit, const char *rule_case);
/* A routed unit owes hexes more of rout retreat (13.31: one retreat for all that is owed
 * before it begins); gbacw_morale_rout () owes three. */
void     gbacw_morale_owe_rout (GbacwGame *game, int unit, int hexes);
/* 9.84: a pinned unit pins every unit of its hex. */
void     gbacw_morale_pin_hex (GbacwGame *game, int hex, const char *rule_case);

/* 17.72: one roll of two dice for each leader in hex on the Leader Casualty Table row
 * (17.76: "small-arms", "artillery", …); casualties leave the map. */
void     gbacw_morale_leader_casualties (GbacwGame *game, int hex, int side, const char *row);

G_END_DECLS
