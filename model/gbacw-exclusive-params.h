/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-exclusive-params.h: the typed parameters of a scenario's exclusive rules.
 *
 * An <exclusive id="…"> of the scenario's <rules> carries its parameters as text
 * (<param name="…" value="…"/>). The validator (rules-check/) and the engine's rule
 * modules (engine/rules/) read them through these parsers, so that both agree on what
 * a value means. GTK-free; nothing here changes the scenario.
 */
#pragma once

#include <glib.h>

#include "gbacw-scenario.h"

G_BEGIN_DECLS

/* The value of the parameter name of rule, or NULL when it has none. */
const char *gbacw_exclusive_rule_get_param (const GbacwExclusiveRule *rule, const char *name);

/* A die range that starts at 1, as the rulebooks print depletion and similar rolls:
 * "1", "1-3", "1,2,3" (top 1 or 3), or "none" / "-" / "–" (the table's "No result",
 * top 0). On success *top is the highest roll of the range. */
gboolean gbacw_exclusive_parse_die_top (const char *text, int *top, char **why);

/* One entry of a die range per Game-Turns table (P 21.52, J 36.6): turns first to
 * last (inclusive) roll at most top. */
typedef struct {
  int first;
  int last;
  int top;
} GbacwTurnDice;

/* Reads either one die range for every Game-Turn ("1-2") or a list of
 * "TURNS:RANGE" entries separated by white space, TURNS a Game-Turn or a range of
 * them: "1-6:1 7-12:1-2 13-30:1-3". Entries may not overlap. Returns an array of
 * GbacwTurnDice (the single-range form gives one entry for every turn), or NULL
 * with *why saying what is wrong in plain words. */
GArray  *gbacw_exclusive_parse_turn_dice (const char *text, char **why);
/* The top of the entry for turn, or -1 when no entry covers it. */
int      gbacw_turn_dice_lookup (const GArray *table, int turn);

/* A whole number per Game-Turns, as die-roll modifiers by turn (C 22.1, 22.2): one number
 * for every turn ("+1") or "TURNS:NUMBER" entries ("1-8:+1 9-32:0"). Returns an array of
 * GbacwTurnDice whose top is the number, or NULL with *why. */
GArray  *gbacw_exclusive_parse_turn_numbers (const char *text, char **why);
/* The number for turn, or 0 when no entry covers it. */
int      gbacw_turn_numbers_lookup (const GArray *table, int turn);

/* Die ranges by id, as "c-van-dorn:1-2 c-price:1" (P 27.2): a table of id (string) ->
 * GINT_TO_POINTER (top + 1), or NULL with *why. */
GHashTable *gbacw_exclusive_parse_keyed_dice (const char *text, char **why);
/* The top for id, or -1 when the table does not name it. */
int      gbacw_keyed_dice_lookup (GHashTable *table, const char *id);

/* Ordered id lists per die roll 1-6, as "1-3:c-mcintosh,c-hebert,c-pike 4-5:… 6:…" (P 28.27):
 * six GStrv, for die rolls 1 to 6, or NULL with *why when a roll is missing or given twice. */
GPtrArray *gbacw_exclusive_parse_die_lists (const char *text, char **why);

/* A positive number: "2", "1.5", "3/2", "1 1/2". */
gboolean gbacw_exclusive_parse_number (const char *text, double *value, char **why);
/* One of choices (a NULL-terminated list): *index is its place in it. */
gboolean gbacw_exclusive_parse_choice (const char *text, const char *const *choices, int *index, char **why);
/* The index in choices of the parameter name of rule; 0 (the default) when it is absent or not
 * one of them (the validator reports that before a game starts). */
int      gbacw_exclusive_rule_get_choice (const GbacwExclusiveRule *rule, const char *name,
                                          const char *const *choices);
/* "yes" or "no". */
gboolean gbacw_exclusive_parse_yes_no (const char *text, gboolean *value, char **why);
/* Game-Turn numbers separated by spaces or commas, each a turn or a range of them
 * ("16 17", "19-22"): an array of int, in the order given, each once; NULL with *why. */
GArray  *gbacw_exclusive_parse_turns (const char *text, char **why);
/* Ids separated by spaces or commas (sides, formations, terrains): NULL with *why
 * when there is none. */
GStrv    gbacw_exclusive_parse_ids (const char *text, char **why);

/* The choices of the night module's parameters (engine/rules/shared/gbacw-rule-night.c),
 * the first of each the default. */
extern const char *const gbacw_night_proximity_choices[];   /* none never-adjacent jackson */
extern const char *const gbacw_night_zoc_choices[];         /* standard enter-one */
extern const char *const gbacw_night_fire_choices[];        /* withdrawal-only none */
extern const char *const gbacw_night_engaged_choices[];     /* none jackson both-retreat */
extern const char *const gbacw_night_game_choices[];        /* P C J */
/* The retreat-direction module's (engine/rules/shared/gbacw-rule-retreat-direction.c). */
extern const char *const gbacw_retreat_method_choices[];    /* hexes compass toward */
extern const char *const gbacw_retreat_off_map_choices[];   /* capture eliminate strategic */
extern const char *const gbacw_retreat_sector_choices[];    /* north east south west: P 23's lines */

/* The reinforcement-entry module's (engine/rules/shared/gbacw-rule-reinforcement-entry.c). */
extern const char *const gbacw_entry_game_choices[];          /* P J C */
extern const char *const gbacw_entry_blocked_choices[];       /* none enemy enemy-zoc */
extern const char *const gbacw_entry_blocked_on_choices[];    /* any-turn due-turn */
extern const char *const gbacw_entry_alternative_choices[];   /* next-closest nearest-unblocked */
extern const char *const gbacw_entry_edge_choices[];          /* any same */

/* The crew-markers module's (engine/rules/shared/gbacw-rule-crew-markers.c). */
extern const char *const gbacw_crew_game_choices[];      /* P J C */
extern const char *const gbacw_crew_return_choices[];    /* join final-command */
extern const char *const gbacw_crew_guns_vp_choices[];   /* eliminated captured-or-battery-fire */

/* The words of the reserves module's parameters (engine/rules/shared/gbacw-rule-reserves.c). */
extern const char *const gbacw_reserves_forbid_choices[];    /* move formation offensive-fire fire none */
extern const char *const gbacw_reserves_release_choices[];   /* fired-on attacked enemy-near */

/* A die roll or a range of them, anywhere on the die: "6", "5-6", "1-3"; "none" / "–"
 * (no roll: *lo 1, *hi 0). */
gboolean gbacw_exclusive_parse_die_range (const char *text, int *lo, int *hi, char **why);

/* A whole number from min to max, with an optional "+" (a modifier as printed: "+1",
 * "-1"). */
gboolean gbacw_exclusive_parse_int (const char *text, int min, int max, int *value, char **why);
/* The parameter name of rule read by gbacw_exclusive_parse_int (), or fallback when the
 * rule has none or it is not a whole number: for the engine's modules, which play what
 * the validator has checked. */
int      gbacw_exclusive_rule_get_int (const GbacwExclusiveRule *rule, const char *name, int fallback);

/* J 30.2: the Initiative Level of boxes of Fremont's Momentum Track, "BOX:LEVEL" separated by
 * spaces ("-3:1 0:1 +2:2"), each box from -10 to +10 once, each level 0 to 9: levels[box + 10]
 * (21 entries) gets the level, -1 for a box not given. */
gboolean gbacw_exclusive_parse_momentum_levels (const char *text, int *levels, char **why);

/* Hexes of the map: labels ("3944") and area ids (every hex of the area), separated by
 * spaces or commas, each hex once, in the order given: an array of int hex indices, or
 * NULL with *why. */
GArray  *gbacw_exclusive_parse_hexes (const GbacwMap *map, const char *text, char **why);
/* The same as a set: one byte per hex of the map, 1 for a hex given; NULL when text is NULL,
 * wrong or names no hex. */
guint8  *gbacw_exclusive_parse_hex_set (const GbacwMap *map, const char *text);

/* Hexsides, each named by the two adjacent hexes beside it: "1040 0941 1042 0942" (J 22.6,
 * 29.13): an array of GbacwHexsideId in the order given; NULL with *why (a hex not on the
 * map, two hexes not adjacent, an odd number of hexes, none). */
GArray  *gbacw_exclusive_parse_hexsides (const GbacwMap *map, const char *text, char **why);

/* The parameter base.ID for a unit: ID its formation, else each formation above it in
 * turn, else its side, else base itself (J 24.11-24.13: retreat hexes per command); NULL
 * when none is given. formation and side may be NULL. */
const char *gbacw_exclusive_rule_get_scoped (const GbacwExclusiveRule *rule, const GbacwOob *oob, const char *base,
                                             const char *formation, const char *side);

/* Victory Points that may be half ones (C 31.1: a Corinth hex is worth 1/2): "3", "-2", "0",
 * "1/2", "3 1/2", "3.5"; *halves is twice the value. */
gboolean gbacw_exclusive_parse_half_vp (const char *text, int *halves, char **why);
/* A leader's Victory Points when captured, killed and wounded (C 31.1): "3/2/1", "-2/-2/-1". */
gboolean gbacw_exclusive_parse_leader_vp (const char *text, int vp[3], char **why);

G_END_DECLS
