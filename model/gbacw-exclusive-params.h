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

/* A die roll or a range of them, anywhere on the die: "6", "5-6", "1-3"; "none" / "–"
 * (no roll: *lo 1, *hi 0). */
gboolean gbacw_exclusive_parse_die_range (const char *text, int *lo, int *hi, char **why);

/* A whole number from min to max, with an optional "+" (a modifier as printed: "+1",
 * "-1"). */
gboolean gbacw_exclusive_parse_int (const char *text, int min, int max, int *value, char **why);

/* Game-Turns and ranges of them separated by white space or commas: "17", "19-22",
 * "16 17". Returns the turns in the order given (an array of int), or NULL with *why. */
GArray  *gbacw_exclusive_parse_turns (const char *text, char **why);

/* One of choices (NULL-terminated): *index is its place. */
gboolean gbacw_exclusive_parse_choice (const char *text, const char *const *choices, int *index, char **why);

G_END_DECLS
