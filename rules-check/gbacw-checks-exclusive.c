/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-exclusive.c: the exclusive rules a scenario names, the parameters the engine
 * knows for each (exclusive_rules[]) and their values. */
#define G_LOG_DOMAIN "gbacw-checks-exclusive"

#include "gbacw-checks-private.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-exclusive-specs.h"

/* ==================================================================== exclusive rules */

/* Exclusive rules the engine knows and their parameters. */
typedef enum {
  PARAM_TURNS,       /* Game-Turn numbers or ranges of them within the scenario's turns */
  PARAM_NUMBER,      /* a positive number, fractions allowed */
  PARAM_DIE_RANGE,   /* "1", "1-2": die rolls */
  PARAM_TURN_DICE,   /* a die range from 1, or per Game-Turns "1-6:1 7-12:1-2" (gbacw-exclusive-params.h) */
  PARAM_CASE,        /* the rule case a module cites, with its game: "P 21.52" */
  PARAM_DIE_TOP,     /* a die range from 1: "1-2", "none" */
  PARAM_TURN_NUMBERS, /* a whole number, or per Game-Turns "1-8:+1" */
  PARAM_LEADER_DICE, /* leader ids of the order of battle with die ranges: "c-van-dorn:1-2" */
  PARAM_SIDES,       /* side ids of the scenario */
  PARAM_RATING,      /* a Morale Rating, 1-6 */
  PARAM_WHOLE,       /* a whole number, -9 to 9: "-1" */
  PARAM_CHOICE,      /* one of the words of ParamSpec.choices */
  PARAM_LEADERS,     /* leader ids of the order of battle, in order */
  PARAM_DIE_LEADERS, /* leader lists per die roll: "1-3:c-mcintosh,c-hebert 4-6:c-hebert" */
  PARAM_DIE_NUMBERS, /* a whole number per die result 0-6: "0:0 1:1 2-3:2" */
  PARAM_WORDS,       /* any words */
  PARAM_YES_NO,      /* yes or no */
  PARAM_FORMATIONS,  /* formation ids of the order of battle */
  PARAM_TERRAINS,    /* hex terrain ids of the catalogue */
  PARAM_CHOICES,     /* one or more of ParamSpec.choices */
  PARAM_ROLLS,       /* a die roll or range anywhere on the die: "5-6", "6", "none" */
  PARAM_MODIFIER,    /* a die or rating modifier, -6 to +6: "+1", "-1" */
  PARAM_COUNT,       /* a whole number from 1 */
  PARAM_TURN,        /* one Game-Turn within the scenario's turns */
  PARAM_UNITS,       /* unit ids of the order of battle */
  PARAM_AREA,        /* an area id of the map */
  PARAM_VP,          /* a whole number of Victory Points, -9999 to 9999 */
  PARAM_HEXES,       /* hex labels and area ids of the map: "3944", "corinth 1010"; "arrival" too for a target */
  PARAM_COLUMN_COST, /* "multiple", "first-hex" or Movement Points per place of a column: "1/2" */
  PARAM_AREAS,       /* area ids of the map */
  PARAM_HALF_VP,     /* Victory Points, halves allowed: "20", "1/2", "3.5" */
  PARAM_VP_LEVELS,   /* five ascending lower bounds in Victory Points, halves allowed (C 31.31) */
  PARAM_LEADER_VP,   /* captured/killed/wounded Victory Points: "3/2/1" */
  PARAM_LEADERS_VP,  /* leader ids with captured/killed/wounded Victory Points: "c-price:-2/-2/-1" */
  PARAM_AREA_RADIUS, /* an area id and a number of hexes: "tishomingo-hotel:10" */
  PARAM_AREA_TURNS,  /* area ids with a Game-Turn each: "assault-f:3 assault-g:5" */
  PARAM_MOMENTUM_LEVELS, /* J 30.2: Momentum Track boxes and their Initiative Levels: "-3:1 0:1 +2:2" */
  PARAM_HEXSIDES,    /* hexsides, each named by its two adjacent hexes: "1040 0941" */
} ParamKind;

/* ParamSpec.per_side: also NAME.SIDE for each side id, or NAME.FORMATION for each formation id */
#define PER_SIDE 1
#define PER_FORMATION 2
#define PER_SIDE_OR_FORMATION 3

typedef struct {
  const char *name;
  ParamKind kind;
  gboolean required;
  int per_side;        /* 0, PER_SIDE or PER_FORMATION */
  const char *const *choices;   /* PARAM_CHOICE, PARAM_CHOICES */
} ParamSpec;

typedef struct {
  const char *id;
  const char *rule_case;
  const char *description;   /* one line, as Scenario Settings shows it (translated) */
  ParamSpec params[24];
} ExclusiveSpec;

static const char *const formation_kind_choices[] = { "army", "corps", "division", "brigade", "group", NULL };
static const char *const melee_roll_choices[] = { "die", "morale", NULL };
static const char *const melee_before_choices[] = { "morale", NULL };
static const char *const timing_choices[] = { "interphase", "player-turn", NULL };
static const char *const yes_no[] = { "no", "yes", NULL };
static const char *const recovery_methods[] = { "formula", "second-row", NULL };
static const char *const no_casualties_choices[] = { "double", "keep", NULL };
static const char *const bce_loss_variants[] = { "jackson", "pea-ridge", "corinth", NULL };
static const char *const withdrawal_must_choices[] = { "bce-lost-outside-dir", "none", NULL };
static const char *const withdrawal_voluntary_choices[] = { "bce-lost", "all", "none", NULL };
static const char *const van_dorn_costs_choices[] = { "wagon", "leader", NULL };
static const char *const assault_plan_choices[] = { "secret", "dice", "fixed", NULL };

static const ExclusiveSpec exclusive_rules[] = {
  /* night Game-Turns (J 35, P 22, C 26; rules matrix 2.D): engine/rules/shared/gbacw-rule-night.c */
  { "night", "35.0", N_("Night Game-Turns: movement, distance from the enemy, fire and engaged units at night"),
    { { "turns", PARAM_TURNS, TRUE }, { "movement-factor", PARAM_NUMBER, FALSE },
      { "road-factor", PARAM_NUMBER, FALSE }, { "woods-extra", PARAM_NUMBER, FALSE },
      { "woods", PARAM_TERRAINS, FALSE },
      { "proximity", PARAM_CHOICE, FALSE, FALSE, gbacw_night_proximity_choices },
      { "proximity-formations", PARAM_FORMATIONS, FALSE },
      { "zoc", PARAM_CHOICE, FALSE, FALSE, gbacw_night_zoc_choices },
      { "fire", PARAM_CHOICE, FALSE, FALSE, gbacw_night_fire_choices },
      { "engaged", PARAM_CHOICE, FALSE, FALSE, gbacw_night_engaged_choices },
      { "engaged-through-friends", PARAM_YES_NO, FALSE }, { "pins-removed", PARAM_YES_NO, FALSE },
      { "leaders-with-units", PARAM_SIDES, FALSE },
      { "game", PARAM_CHOICE, FALSE, FALSE, gbacw_night_game_choices } } },
  { "jackson.night", "35.0", N_("Night Game-Turns of Jackson at the Crossroads (use “night”)"),
    { { "turns", PARAM_TURNS, FALSE } } },
  { "pearidge.night", "22.0", N_("Night Game-Turns of Pea Ridge (use “night”)"),
    { { "turns", PARAM_TURNS, FALSE } } },
  { "corinth.night", "26.0", N_("Night Game-Turns of Corinth (use “night”)"),
    { { "turns", PARAM_TURNS, FALSE } } },
  /* ammunition depletion rolls (11.21; J 21.3, 29.4, 33.5, 36.6; P 21.52):
   * engine/rules/shared/gbacw-rule-ammunition-depletion.c */
  { "ammunition-depletion", "11.21", N_("Ammunition depletion rolls by side and Game-Turn"),
    { { "small-arms", PARAM_TURN_DICE, FALSE, PER_SIDE },
     { "artillery", PARAM_TURN_DICE, FALSE, PER_SIDE },
     { "case", PARAM_CASE, FALSE, FALSE } } },
  /* batteries of a division (P 21.3): engine/rules/shared/gbacw-rule-artillery-subordination.c */
  { "artillery-subordination", "17.11", N_("Batteries commanded by their division commander or his brigadiers"),
    { { "division-batteries", PARAM_SIDES, TRUE, FALSE },
     { "case", PARAM_CASE, FALSE, FALSE } } },
  /* who replaces a lost commander, and when (J 25, P 28-29, C 28.3):
   * engine/rules/shared/gbacw-rule-leader-replacement.c */
  { "leader-replacement", "17.8", N_("Who replaces a lost commander, and when"),
    { { "sides", PARAM_SIDES, FALSE, FALSE },
      { "successors", PARAM_LEADERS, FALSE, PER_FORMATION },
      { "successor-table", PARAM_DIE_LEADERS, FALSE, PER_FORMATION },
      { "delay-division", PARAM_DIE_NUMBERS, FALSE, FALSE },
      { "delay-brigade", PARAM_DIE_NUMBERS, FALSE, FALSE },
      { "original-drm", PARAM_WHOLE, FALSE, FALSE },
      { "keeps-brigade", PARAM_YES_NO, FALSE, FALSE },
      { "original-first", PARAM_YES_NO, FALSE, FALSE },
      { "rank-order", PARAM_WORDS, FALSE, FALSE },
      { "promoted-cp", PARAM_WHOLE, FALSE, FALSE },
      { "never-replaced", PARAM_CHOICES, FALSE, FALSE, formation_kind_choices },
      { "case", PARAM_CASE, FALSE, FALSE } } },
  /* dismounted cavalry's Morale Rating (J 20.3, C 21.4): engine/rules/shared/gbacw-rule-dismounted-morale.c */
  { "dismounted-morale", "6.14", N_("The Morale Rating of dismounted cavalry"),
    { { "rating", PARAM_RATING, FALSE, FALSE },
      { "offset", PARAM_WHOLE, FALSE, FALSE },
      { "case", PARAM_CASE, FALSE, FALSE } } },
  /* melee-initiation gates (J 21.6, P 27, C 22): engine/rules/shared/gbacw-rule-melee-initiation.c */
  { "melee-initiation", "12.2", N_("Rolls or leaders needed to initiate a melee or retreat before one"),
    { { "sides", PARAM_SIDES, FALSE, FALSE },
      { "forbidden-morale", PARAM_RATING, FALSE, FALSE },
      { "roll", PARAM_CHOICE, FALSE, FALSE, melee_roll_choices },
      { "adjacent-leader", PARAM_DIE_TOP, FALSE, FALSE },
      { "no-leader", PARAM_DIE_TOP, FALSE, FALSE },
      { "restricted-leaders", PARAM_LEADER_DICE, FALSE, FALSE },
      { "initiation-drm", PARAM_TURN_NUMBERS, FALSE, PER_SIDE },
      { "before-melee", PARAM_CHOICE, FALSE, FALSE, melee_before_choices },
      { "before-melee-drm", PARAM_TURN_NUMBERS, FALSE, PER_SIDE },
      { "declare-stacking", PARAM_YES_NO, FALSE, FALSE },
      { "case", PARAM_CASE, FALSE, FALSE } } },
  /* straggler recovery (J 35.4, P 22.3, C 26.2): engine/rules/shared/gbacw-rule-straggler-recovery.c */
  { "straggler-recovery", "22.3", N_("Stragglers returning to their regiments at night"),
    { { "timing", PARAM_CHOICE, FALSE, FALSE, timing_choices },
      { "turns", PARAM_TURNS, FALSE },
      { "losses", PARAM_COUNT, FALSE },
      { "hold", PARAM_CHOICE, FALSE, FALSE, yes_no },
      { "success", PARAM_ROLLS, FALSE, TRUE },
      { "moved-night", PARAM_MODIFIER, FALSE },
      { "moved-previous", PARAM_MODIFIER, FALSE },
      { "bce-day-1", PARAM_MODIFIER, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  /* BCE recovery (P 22.4, C 26.3): engine/rules/shared/gbacw-rule-bce-recovery.c */
  { "bce-recovery", "18.0", N_("Brigades regaining Brigade Combat Effectiveness after the night"),
    { { "method", PARAM_CHOICE, TRUE, FALSE, recovery_methods },
      { "turn", PARAM_TURN, FALSE },
      { "no-casualties", PARAM_CHOICE, FALSE, FALSE, no_casualties_choices },
      { "single-level", PARAM_FORMATIONS, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  /* retreat direction (J 24, P 23, C 27): engine/rules/shared/gbacw-rule-retreat-direction.c */
  { "retreat-direction", "14.4", N_("Where forced retreats go: retreat hexes, compass sectors or a target"),
    { { "method", PARAM_CHOICE, TRUE, FALSE, gbacw_retreat_method_choices },
      { "hexes", PARAM_HEXES, FALSE, PER_SIDE_OR_FORMATION },
      { "sector", PARAM_CHOICE, FALSE, PER_SIDE_OR_FORMATION, gbacw_retreat_sector_choices },
      { "target", PARAM_HEXES, FALSE, PER_SIDE_OR_FORMATION },
      { "fallback", PARAM_HEXES, FALSE, PER_SIDE_OR_FORMATION },
      { "off-map", PARAM_CHOICE, FALSE, FALSE, gbacw_retreat_off_map_choices },
      { "reenter", PARAM_YES_NO, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  /* reinforcement entry (J 32, P 26, C 29.31, 29.47, 30.13):
   * engine/rules/shared/gbacw-rule-reinforcement-entry.c */
  { "reinforcement-entry", "26.0", N_("Blocked entry hexes, other entry hexes and the cost of the column"),
    { { "game", PARAM_CHOICE, FALSE, FALSE, gbacw_entry_game_choices },
      { "blocked", PARAM_CHOICE, FALSE, FALSE, gbacw_entry_blocked_choices },
      { "blocked-on", PARAM_CHOICE, FALSE, FALSE, gbacw_entry_blocked_on_choices },
      { "alternative", PARAM_CHOICE, FALSE, FALSE, gbacw_entry_alternative_choices },
      { "alternative-edge", PARAM_CHOICE, FALSE, FALSE, gbacw_entry_edge_choices },
      { "swap", PARAM_HEXES, FALSE },
      { "column-cost", PARAM_COLUMN_COST, FALSE, PER_SIDE_OR_FORMATION },
      { "sections-per-step", PARAM_COUNT, FALSE },
      { "stay-in-column", PARAM_YES_NO, FALSE, PER_SIDE_OR_FORMATION } } },
  /* crew markers (J 21.21, P 20.2, C 24.2): engine/rules/shared/gbacw-rule-crew-markers.c */
  { "crew-markers", "15.16", N_("Battery crews routing away from their guns on a crew counter, and coming back"),
    { { "game", PARAM_CHOICE, FALSE, FALSE, gbacw_crew_game_choices },
      { "return", PARAM_CHOICE, FALSE, FALSE, gbacw_crew_return_choices },
      { "guns-vp", PARAM_CHOICE, FALSE, FALSE, gbacw_crew_guns_vp_choices },
      { "melee-zero", PARAM_UNITS, FALSE } } },
  /* BCE loss (J 27, P 24, C 25): engine/rules/shared/gbacw-rule-bce-loss.c */
  { "bce-loss", "18.0", N_("What a brigade that lost its Combat Effectiveness may not do"),
    { { "variant", PARAM_CHOICE, TRUE, FALSE, bce_loss_variants },
      { "morale-rating", PARAM_MODIFIER, FALSE },
      { "morale-drm", PARAM_MODIFIER, FALSE },
      { "fire-shift", PARAM_MODIFIER, FALSE } } },

  /* reserves and commitment (J 30.1, 33.3; P 33.0; C 29.43-29.44, 30.3):
     engine/rules/shared/gbacw-rule-reserves.c */
  { "reserves", "19.0", N_("Formations held in reserve until released or committed"),
    { { "formations", PARAM_FORMATIONS, FALSE },
      { "units", PARAM_UNITS, FALSE },
      { "forbid", PARAM_CHOICES, FALSE, PER_FORMATION, gbacw_reserves_forbid_choices },
      { "approach", PARAM_COUNT, FALSE, PER_FORMATION },
      { "release-turn", PARAM_TURN, FALSE, PER_FORMATION },
      { "release-on", PARAM_CHOICES, FALSE, PER_FORMATION, gbacw_reserves_release_choices },
      { "release-distance", PARAM_COUNT, FALSE },
      { "release-area", PARAM_AREA, FALSE },
      { "release-area-distance", PARAM_COUNT, FALSE },
      { "release-after-combat", PARAM_COUNT, FALSE },
      { "commit-from", PARAM_TURN, FALSE },
      { "commit-roll", PARAM_DIE_TOP, FALSE, PER_FORMATION },
      { "commit-tries", PARAM_COUNT, FALSE },
      { "commit-at-will", PARAM_TURN, FALSE },
      { "vp-turn", PARAM_TURN, FALSE },
      { "vp", PARAM_VP, FALSE, PER_SIDE },
      { "held-within", PARAM_AREA_RADIUS, FALSE },
      { "case", PARAM_CASE, FALSE, PER_FORMATION } } },
  /* victory interphases (P 34.2-34.3, C 31.2): engine/rules/shared/gbacw-rule-victory-checks.c */
  { "victory-checks", "19.0", N_("Victory checked during the game: ratios, leads, thresholds"),
    { { "ratio-turns", PARAM_TURNS, FALSE },
      { "ratio-minimum", PARAM_VP, FALSE },
      { "ratio-case", PARAM_CASE, FALSE },
      { "lead-turns", PARAM_TURNS, FALSE },
      { "lead", PARAM_VP, FALSE },
      { "lead-case", PARAM_CASE, FALSE },
      { "most-turns", PARAM_TURNS, FALSE },
      { "tie", PARAM_SIDES, FALSE },
      { "most-case", PARAM_CASE, FALSE },
      { "threshold-turns", PARAM_TURNS, FALSE },
      { "threshold-side", PARAM_SIDES, FALSE },
      { "win-at", PARAM_VP, FALSE },
      { "lose-at", PARAM_VP, FALSE },
      { "threshold-case", PARAM_CASE, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  /* Pea Ridge's own rules (P 21.1-21.6, 25, 28.3): engine/rules/pea-ridge/ */
  { "pearidge.formation-exceptions", "21.1", N_("Limbered batteries with columns, through roads; horse artillery"),
    { { "limbered-with-column", PARAM_COUNT, FALSE },
      { "road-pass-through", PARAM_YES_NO, FALSE },
      { "horse-artillery-ma", PARAM_COUNT, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  { "pearidge.woods", "21.2", N_("Heavy and light woods and the line of sight"),
    { { "heavy", PARAM_TERRAINS, FALSE }, { "light", PARAM_TERRAINS, FALSE },
      { "light-through", PARAM_COUNT, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.fences", "21.4", N_("Fences: one point off the melee total"),
    { { "melee", PARAM_WHOLE, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.out-of-command-morale", "21.6", N_("Morale one lower out of command"),
    { { "morale", PARAM_MODIFIER, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.detachment-morale", "25.0", N_("Morale one lower in a detached brigade"),
    { { "morale", PARAM_MODIFIER, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.extra-kill", "28.3", N_("A leader also killed on another roll of the Leader Casualty Table"),
    { { "sides", PARAM_SIDES, FALSE }, { "killed", PARAM_WORDS, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  { "pearidge.mcculloch-withdrawal", "22.1", N_("McCulloch's division withdrawing after his death, and its return"),
    { { "turn", PARAM_TURN, FALSE },
      { "division", PARAM_FORMATIONS, TRUE },
      { "must", PARAM_CHOICE, FALSE, FALSE, withdrawal_must_choices },
      { "dir-of", PARAM_LEADERS, FALSE },
      { "attach-to", PARAM_FORMATIONS, FALSE },
      { "reentry-hex", PARAM_HEXES, TRUE },
      { "reentry-turn", PARAM_TURN, FALSE },
      { "voluntary", PARAM_CHOICE, FALSE, FALSE, withdrawal_voluntary_choices },
      { "ask", PARAM_YES_NO, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  { "pearidge.union-leader-replacement", "29.0", N_("Who replaces a lost Union commander (the successor lists)"),
    { { "sides", PARAM_SIDES, FALSE, FALSE },
     { "successors", PARAM_LEADERS, FALSE, PER_FORMATION },
     { "original-first", PARAM_YES_NO, FALSE, FALSE },
     { "case", PARAM_CASE, FALSE, FALSE } } },
  { "pearidge.indians", "30.0", N_("The Indian regiments check morale whenever artillery fires on them"),
    { { "units", PARAM_UNITS, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.van-dorn", "31.0",
    N_("Van Dorn in his ambulance: Movement Allowance 10 at wagon costs, no melee Strength Point"),
    { { "leader", PARAM_LEADERS, FALSE }, { "ma", PARAM_COUNT, FALSE },
      { "costs", PARAM_CHOICE, FALSE, FALSE, van_dorn_costs_choices },
      { "melee-bonus", PARAM_YES_NO, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.gideon-smith", "32.0", N_("Optional: the game ends with no victor if Gideon Smith is killed"),
    { { "unit", PARAM_UNITS, FALSE }, { "roll", PARAM_ROLLS, FALSE },
      { "per-loss", PARAM_MODIFIER, FALSE }, { "death", PARAM_DIE_TOP, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  /* Corinth's own rules (C 21.3): engine/rules/corinth/ */
  { "corinth.sharpshooters", "C 21.3", N_("Sharpshooters firing alone add one to the Fire Combat Results Table die"),
    { { "drm", PARAM_MODIFIER, FALSE } } },
  { "corinth.sequence", "C 21.1",
    N_("Corinth's Sequence of Play: Phase K at night, the Victory Determination, BCE Recovery and Pre-Dawn Barrage "
       "Interphases"),
    { { "victory-turn", PARAM_TURN, FALSE }, { "recovery-turn", PARAM_TURN, FALSE } } },
  { "corinth.pre-dawn-barrage", "C 26.4",
    N_("The Pre-Dawn Barrage after the last night Game-Turn: batteries only, within 8 hexes, the die less one, "
       "losses become pins"),
    { { "turn", PARAM_TURN, FALSE }, { "side", PARAM_SIDES, FALSE }, { "max-range", PARAM_COUNT, FALSE },
      { "drm", PARAM_MODIFIER, FALSE } } },
  { "corinth.assault-impetus", "C 29.6",
    N_("Game-Turns 1-5: routed Union units rally only by a die roll (one less with a commander, none needed with an "
       "army commander)"),
    { { "side", PARAM_SIDES, FALSE }, { "turns", PARAM_TURNS, FALSE } } },
  { "corinth.lovell-reluctance", "C 30.4",
    N_("Lovell's division: ten casualties in all treat its three brigades as having lost BCE (no Victory Points)"),
    { { "division", PARAM_FORMATIONS, TRUE }, { "limit", PARAM_COUNT, FALSE } } },
  { "corinth.union-deployment-limits", "C 29.4",
    N_("The Union free set-up: away from the Assault Areas, brigades near them and the hotel, batteries in the redans "
       "and the park"),
    { { "side", PARAM_SIDES, FALSE }, { "assault-areas", PARAM_AREAS, FALSE }, { "distance", PARAM_COUNT, FALSE },
      { "assault-radius", PARAM_COUNT, FALSE }, { "assault-brigades-min", PARAM_COUNT, FALSE },
      { "assault-brigades-max", PARAM_COUNT, FALSE }, { "hotel", PARAM_AREA, FALSE },
      { "hotel-radius", PARAM_COUNT, FALSE }, { "hotel-brigades", PARAM_COUNT, FALSE },
      { "redans", PARAM_AREAS, FALSE }, { "park", PARAM_AREA, FALSE }, { "sharpshooters", PARAM_UNITS, FALSE },
      { "divisions", PARAM_FORMATIONS, FALSE }, { "park-release-turn", PARAM_TURN, FALSE },
      { "town", PARAM_AREA, FALSE }, { "park-release-distance", PARAM_COUNT, FALSE } } },
  { "corinth.assault-areas", "C 29.2",
    N_("The Confederate assault plan: each division's Game-Turn and Assault Area, plotted in secret"),
    { { "divisions", PARAM_FORMATIONS, FALSE }, { "areas", PARAM_AREAS, FALSE }, { "area-from", PARAM_AREA_TURNS, FALSE },
      { "last-turn", PARAM_TURN, FALSE }, { "reluctant", PARAM_YES_NO, FALSE },
      { "plan", PARAM_CHOICE, FALSE, FALSE, assault_plan_choices }, { "first-die", PARAM_DIE_TOP, FALSE },
      { "arrival-chart", PARAM_WORDS, FALSE }, { "arrival-rows", PARAM_WORDS, FALSE },
      { "area-chart", PARAM_WORDS, FALSE }, { "all-by", PARAM_TURN, FALSE }, { "attached", PARAM_UNITS, FALSE },
      { "fixed-areas", PARAM_AREAS, FALSE }, { "fixed-turn", PARAM_TURN, FALSE }, { "with", PARAM_WORDS, FALSE },
      { "hold-cavalry", PARAM_YES_NO, FALSE } } },
  { "corinth.heat", "C 30.5",
    N_("Optional: from Game-Turn 8 both players roll a die; the same number skips the whole Game-Turn"),
    { { "turns", PARAM_TURNS, FALSE }, { "rest", PARAM_COUNT, FALSE } } },
  { "corinth.victory", "C 31.0",
    N_("Corinth's Victory Points (redans, town hexes at 1/2, leaders, attrition), the first-day test and the levels"),
    { { "side", PARAM_SIDES, TRUE }, { "primary-redans", PARAM_AREAS, FALSE },
      { "secondary-redans", PARAM_AREAS, FALSE }, { "primary-vp", PARAM_HALF_VP, FALSE },
      { "secondary-vp", PARAM_HALF_VP, FALSE }, { "town", PARAM_AREA, FALSE }, { "town-vp", PARAM_HALF_VP, FALSE },
      { "army-leader", PARAM_LEADER_VP, FALSE, PER_SIDE }, { "division-leader", PARAM_LEADER_VP, FALSE, PER_SIDE },
      { "leaders", PARAM_LEADERS_VP, FALSE }, { "attrition", PARAM_COUNT, FALSE },
      { "first-day-turn", PARAM_TURN, FALSE }, { "win-at", PARAM_HALF_VP, FALSE }, { "lose-at", PARAM_HALF_VP, FALSE },
      { "levels", PARAM_VP_LEVELS, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "corinth.cavalry-limits", "C 21.4",
    N_("Dismounted cavalry melee only guns, wagons and dismounted cavalry, alone retreat from infantry; mount in the radius"),
    { { NULL, PARAM_WORDS, FALSE } } },
  { "corinth.no-divisional-integrity", "C 28.21",
    N_("No Divisional Integrity: division commanders spend Command Points on their own brigades at any range"),
    { { NULL, PARAM_WORDS, FALSE } } },
  { "corinth.army-commanders", "C 28.11",
    N_("Army commanders spend Command Points on any brigade commander within three hexes"),
    { { "leaders", PARAM_LEADERS, TRUE }, { "range", PARAM_COUNT, FALSE }, { "exclude", PARAM_WORDS, FALSE } } },
  { "corinth.outer-works", "C 23.1",
    N_("Outer works: melee from outside -1 SP, fire solely across them -1 to the die, 10 feet high for LOS"),
    { { "drm", PARAM_MODIFIER, FALSE }, { "height", PARAM_COUNT, FALSE }, { "raise", PARAM_COUNT, FALSE } } },
  { "corinth.redans", "C 23.2",
    N_("Battery redans: ZOC and fire out of the outer side, 4 SP melee into one, one battery and 1 SP or 4 SP in one"),
    { { "melee-max", PARAM_COUNT, FALSE }, { "with-battery", PARAM_WHOLE, FALSE },
      { "without-guns", PARAM_WHOLE, FALSE }, { "height", PARAM_COUNT, FALSE }, { "raise", PARAM_COUNT, FALSE } } },
  { "corinth.town", "C 23.31", N_("Artillery, wagons and mounted cavalry enter a town hex only across a road"),
    { { "terrain", PARAM_TERRAINS, FALSE }, { "roads", PARAM_WORDS, FALSE } } },
  { "corinth.swamp", "C 23.5", N_("Mounted cavalry, batteries and wagons never enter a swamp hex, not even by a road"),
    { { "terrain", PARAM_TERRAINS, FALSE } } },
  { "corinth.railroad", "C 23.4", N_("Railroads: the Terrain Effects on Movement Chart's railroad cells, no rail movement"),
    { { "case", PARAM_CASE, FALSE } } },
  { "corinth.artillery-subordination", "C 24.4",
    N_("Batteries of a brigade commanded by its brigade commander; independent batteries always in command"),
    { { NULL, PARAM_WORDS, FALSE } } },
  { "corinth.solitaire", "C 29.5",
    N_("Solitaire: the Confederate entries rolled on tables 29.56 and 29.57 (corinth.assault-areas, plan dice)"),
    { { NULL, PARAM_WORDS, FALSE } } },
  { "corinth.crests", "C 23.6", N_("Crest hexes: extra Movement Points moving up through one, and for some moving down"),
    { { "terrain", PARAM_TERRAINS, FALSE } } },
  { "corinth.rapid-fire", "C 24.1",
    N_("Rapid fire: a battery's strength doubled for three rounds within three hexes, its guns fouled on a 6"),
    { { "weapons", PARAM_WORDS, FALSE }, { "range", PARAM_COUNT, FALSE }, { "rounds", PARAM_COUNT, FALSE },
      { "factor", PARAM_COUNT, FALSE }, { "foul", PARAM_ROLLS, FALSE }, { "unfoul", PARAM_ROLLS, FALSE },
      { "consecutive", PARAM_YES_NO, FALSE } } },
  { "corinth.siege-guns", "C 24.3",
    N_("Siege guns move one hex a Game-Turn, into woods only along a road or track"),
    { { "units", PARAM_UNITS, TRUE }, { "terrain", PARAM_TERRAINS, FALSE }, { "along", PARAM_WORDS, FALSE } } },
  /* Jackson at the Crossroads' own rules (J 25.4, 26.0): engine/rules/jackson/ */
  { "jackson.stonewall", "26.0",
    N_("Jackson stacked with Winder: Winder's regiments within his Effectiveness Radius check at morale 5"),
    { { "leader", PARAM_LEADERS, TRUE }, { "brigade", PARAM_FORMATIONS, TRUE },
      { "morale", PARAM_MODIFIER, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "jackson.blenker-restraint", "25.4", N_("Blenker without his Divisional Integrity Radius when outside Fremont's"),
    { { "division", PARAM_FORMATIONS, TRUE },
      { "superior", PARAM_FORMATIONS, TRUE },
      { "case", PARAM_CASE, FALSE } } },
  { "jackson.fremont-commitment", "30.0",
    N_("Fremont's Corps: the Momentum Track, orders, withdrawal, individual initiative and recall"),
    { { "divisions", PARAM_FORMATIONS, TRUE }, { "superior", PARAM_FORMATIONS, TRUE },
      { "restrained", PARAM_FORMATIONS, FALSE }, { "initiative", PARAM_MOMENTUM_LEVELS, TRUE },
      { "initiative-brigades", PARAM_FORMATIONS, TRUE }, { "start", PARAM_WHOLE, FALSE },
      { "initiative-roll", PARAM_DIE_TOP, FALSE }, { "recall-roll", PARAM_DIE_TOP, FALSE },
      { "withdraw-distance", PARAM_COUNT, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "jackson.confederate-offensive", "31.0",
    N_("The Confederate offensive: the Restraint Line until it is declared, then the Confederate moves first"),
    { { "side", PARAM_SIDES, FALSE }, { "from", PARAM_TURN, FALSE }, { "beyond", PARAM_HEXES, FALSE },
      { "restraint", PARAM_YES_NO, FALSE }, { "clear-area", PARAM_HEXES, FALSE },
      { "clear-distance", PARAM_COUNT, FALSE }, { "leader", PARAM_LEADERS, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "jackson.encampment", "34.0", N_("Encamped units neither move nor fire until the alert, by Union action or a die"),
    { { "areas", PARAM_HEXES, FALSE }, { "units", PARAM_UNITS, FALSE }, { "early", PARAM_WORDS, FALSE },
      { "town", PARAM_HEXES, FALSE }, { "alert-roll", PARAM_TURN_DICE, FALSE }, { "side", PARAM_SIDES, FALSE } } },
  { "jackson.train-park", "34.3", N_("The Train Park routs off the map when the Union enters Port Republic, and comes back"),
    { { "area", PARAM_HEXES, TRUE }, { "steady", PARAM_UNITS, FALSE }, { "entry", PARAM_HEXES, FALSE },
      { "first-roll", PARAM_DIE_TOP, FALSE }, { "second-roll", PARAM_DIE_TOP, FALSE } } },
  { "jackson.terrain", "J 22.0",
    N_("Banks, rivers, fords, the North River Bridge and steep crests of Jackson at the Crossroads"),
    { { "bank", PARAM_TERRAINS, FALSE }, { "clear", PARAM_TERRAINS, FALSE },
      { "leader-ford", PARAM_COUNT, FALSE }, { "bridge-melee", PARAM_COUNT, FALSE } } },
  { "jackson.victory", "J 28.0",
    N_("Victory Points as multiples of the Morale Rating, Effectiveness and Divisional Integrity Radii"),
    { { "morale", PARAM_RATING, FALSE, PER_FORMATION }, { "wagon", PARAM_VP, FALSE },
      { "trace-hex", PARAM_HEXES, FALSE }, { "trace-side", PARAM_SIDES, FALSE },
      { "trace-formations", PARAM_FORMATIONS, FALSE }, { "trace-vp", PARAM_VP, FALSE },
      { "trace-automatic", PARAM_YES_NO, FALSE }, { "case", PARAM_CASE, FALSE },
      /* J 33.61, 36.71: Victory Points per Fremont Initiative Level above zero */
      { "initiative-vp", PARAM_VP, FALSE },
      /* J 33.62, 33.72, 36.73, 36.82: automatic victories at the end of a Player-Turn or of Game-Turns */
      { "occupy-side", PARAM_SIDES, FALSE }, { "occupy-hexes", PARAM_HEXES, FALSE },
      { "occupy-formations", PARAM_FORMATIONS, FALSE }, { "occupy-case", PARAM_CASE, FALSE },
      { "turn-end-side", PARAM_SIDES, FALSE }, { "turn-end-hexes", PARAM_HEXES, FALSE },
      { "turn-end-formations", PARAM_FORMATIONS, FALSE }, { "turn-end-turns", PARAM_TURNS, FALSE },
      { "turn-end-case", PARAM_CASE, FALSE },
      /* J 33.63, 33.73, 36.74, 36.83: every hex occupied or last passed through */
      { "through-side", PARAM_SIDES, FALSE }, { "through-hexes", PARAM_HEXES, FALSE },
      { "through-initiative-zero", PARAM_YES_NO, FALSE }, { "through-case", PARAM_CASE, FALSE },
      /* J 33.61, 33.71, 36.71, 36.81: objective areas held by the last to pass through */
      { "pass-through", PARAM_AREAS, FALSE } } },
  { "jackson.divisional-units", "J 25.5",
    N_("Union divisional cavalry and artillery in command only within their commander's Divisional Integrity Radius"),
    { { "divisions", PARAM_FORMATIONS, TRUE }, { "case", PARAM_CASE, FALSE } } },
  { "jackson.attachment", "J 25.3", N_("Brigades attached and detached freely within 2-4 per division, or never"),
    { { "free", PARAM_SIDES, FALSE }, { "min", PARAM_COUNT, FALSE }, { "max", PARAM_COUNT, FALSE },
      { "never", PARAM_SIDES, FALSE }, { "locked", PARAM_FORMATIONS, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "jackson.port-republic-limits", "J 29.2",
    N_("Port Republic: the Confederates never cross the North River; Strength Points lost before play"),
    { { "side", PARAM_SIDES, FALSE }, { "crossings", PARAM_HEXSIDES, FALSE }, { "pre-losses", PARAM_UNITS, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  { "jackson.wagon-bridge", "J 23.0", N_("The wagon bridge: placed, built at night across a ford, who crosses it"),
    { { "placed", PARAM_HEXSIDES, FALSE }, { "build-turns", PARAM_TURNS, FALSE }, { "build-side", PARAM_SIDES, FALSE },
      { "fords", PARAM_HEXSIDES, FALSE }, { "never", PARAM_HEXSIDES, FALSE }, { "melee", PARAM_COUNT, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  { "jackson.fords-swollen", "J 29.3", N_("Swollen rivers: one regiment or three sections across a ford per phase, closed fords"),
    { { "turns", PARAM_TURNS, FALSE }, { "closed", PARAM_HEXSIDES, FALSE }, { "no-melee", PARAM_YES_NO, FALSE },
      { "case", PARAM_CASE, FALSE } } },
  { "jackson.bridge-burning", "J 36.4", N_("Optional: burning the North River Bridge, destroying the wagon bridge"),
    { { "bridge", PARAM_HEXSIDES, FALSE }, { "roll", PARAM_DIE_TOP, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "jackson.strategic-retreat", "J 24.2", N_("Strategic retreat: leaving the map from a retreat hex for a road hex's cost"),
    { { "hexes", PARAM_HEXES, FALSE, PER_SIDE_OR_FORMATION }, { "case", PARAM_CASE, FALSE } } },
  /* Jackson's artillery (J 21.2-21.5): engine/rules/jackson/ */
  { "jackson.artillery-sections", "21.2",
    N_("Artillery sections: no half crews, the top section hit from beyond 3 hexes, density and melee by 4 guns"),
    { { "guns-per-sp", PARAM_COUNT, FALSE }, { "beyond", PARAM_COUNT, FALSE } } },
  { "jackson.double-shot", "21.4",
    N_("Double shot: smoothbore sections double their range multiplier at 2 hexes or less, ammunition checked on 1 or 2"),
    { { "weapons", PARAM_WORDS, FALSE }, { "range", PARAM_COUNT, FALSE } } },
  { "jackson.abandoned-guns", "21.23",
    N_("Abandoned guns: moved through, no stacking, no ZOC, no target; captured by an enemy unit holding their hex"),
    { { "case", PARAM_CASE, FALSE } } },
  { "jackson.company-breakdown", "20.2",
    N_("The 1st West Virginia Cavalry broken down into its two companies, and recombined"),
    { { "regiment", PARAM_UNITS, FALSE }, { "companies", PARAM_UNITS, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "jackson.opportunity-fire", "21.5",
    N_("Optional: artillery fires at enemy units as they enter hexes in their Movement Phase, not again that turn"),
    { { "case", PARAM_CASE, FALSE } } },
};

/* The mechanism ids of the rules matrix (section 2), which the engine registers its exclusive
 * rule modules under; their parameters are the modules' own and are not checked here. */
static const char *const matrix_rules[] = {
  "jackson.sequence", "jackson.company-breakdown", "jackson.cavalry-morale", "jackson.artillery-sections",
  "jackson.abandoned-guns", "jackson.artillery-ammo", "jackson.double-shot", "jackson.opportunity-fire",
  "jackson.melee-restriction", "jackson.terrain", "jackson.wagon-bridge", "jackson.retreat-hexes",
  "jackson.strategic-retreat", "jackson.leader-replacement", "jackson.attachment", "jackson.blenker-restraint",
  "jackson.divisional-units", "jackson.stonewall", "jackson.bce-loss", "jackson.victory",
  "jackson.fremont-commitment", "jackson.confederate-offensive", "jackson.reinforcements",
  "jackson.reserve-brigades", "jackson.encampment", "jackson.train-park", "jackson.straggler-recovery",
  "jackson.fords-swollen", "jackson.bridge-burning", "jackson.port-republic-limits", "pearidge.crews",
  "pearidge.formation-exceptions", "pearidge.woods", "pearidge.artillery-subordination", "pearidge.fences",
  "pearidge.ammo-depletion", "pearidge.out-of-command-morale", "pearidge.sequence", "pearidge.mcculloch-withdrawal",
  "pearidge.straggler-recovery", "pearidge.bce-recovery", "pearidge.retreat-direction", "pearidge.bce-loss",
  "pearidge.detachment-morale", "pearidge.reinforcements", "pearidge.melee-initiation",
  "pearidge.csa-leader-replacement", "pearidge.union-leader-replacement", "pearidge.indians", "pearidge.van-dorn",
  "pearidge.gideon-smith", "pearidge.setup", "pearidge.victory", "corinth.sequence",
  "corinth.no-divisional-integrity", "corinth.army-commanders", "corinth.sharpshooters", "corinth.cavalry-limits",
  "corinth.melee-initiation", "corinth.outer-works", "corinth.redans", "corinth.town", "corinth.railroad",
  "corinth.swamp", "corinth.crests", "corinth.rapid-fire", "corinth.crews", "corinth.siege-guns",
  "corinth.artillery-subordination", "corinth.bce-loss", "corinth.straggler-recovery", "corinth.bce-recovery",
  "corinth.pre-dawn-barrage", "corinth.retreat-direction", "corinth.leader-replacement", "corinth.assault-areas",
  "corinth.union-deployment-limits", "corinth.solitaire", "corinth.assault-impetus", "corinth.union-commitment",
  "corinth.lovell-reluctance", "corinth.heat", "corinth.victory",
  NULL
};

static gboolean
turns_within (CheckContext *ctx, const GArray *table, char **why)
{
  for (guint i = 0; i < table->len; i++)
    {
      const GbacwTurnDice *e = &g_array_index (table, GbacwTurnDice, i);
      if (e->first != G_MININT && (e->first < ctx->s->turns.first || e->last > ctx->s->turns.last))
        {
          *why = g_strdup_printf (_("Game-Turns %d-%d are outside the scenario's turns %d to %d"), e->first, e->last,
                                  ctx->s->turns.first, ctx->s->turns.last);
          return FALSE;
        }
    }
  return TRUE;
}

/* The kinds read by one parser of gbacw-exclusive-params.h; FALSE when kind is not one. */
static gboolean
valid_typed (CheckContext *ctx, const ParamSpec *spec, const char *value, gboolean *valid, char **why)
{
  int a, b;

  switch (spec->kind)
    {
    case PARAM_ROLLS:
      *valid = gbacw_exclusive_parse_die_range (value, &a, &b, why);
      return TRUE;
    case PARAM_MODIFIER:
      *valid = gbacw_exclusive_parse_int (value, -6, 6, &a, why);
      return TRUE;
    case PARAM_COUNT:
      *valid = gbacw_exclusive_parse_int (value, 1, 99, &a, why);
      return TRUE;
    case PARAM_VP:
      *valid = gbacw_exclusive_parse_int (value, -9999, 9999, &a, why);
      return TRUE;
    case PARAM_WHOLE:
      *valid = gbacw_exclusive_parse_int (value, -9, 9, &a, why);
      return TRUE;
    case PARAM_HEXSIDES:
      {
        g_autoptr (GArray) hexsides = gbacw_exclusive_parse_hexsides (ctx->s->map, value, why);
        *valid = hexsides != NULL;
        return TRUE;
      }
    case PARAM_HEXES:
      {
        g_autoptr (GArray) hexes = NULL;
        if (g_strcmp0 (value, "arrival") == 0 && g_str_has_prefix (spec->name, "target"))
          *valid = TRUE;   /* C 27.1: the Assault Area the unit arrived through */
        else
          *valid = (hexes = gbacw_exclusive_parse_hexes (ctx->s->map, value, why)) != NULL;
        return TRUE;
      }
    default:
      return FALSE;
    }
}

static gboolean
valid_turn_dice (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GArray) table = gbacw_exclusive_parse_turn_dice (value, why);

  return table != NULL && turns_within (ctx, table, why);
}

/* Each of the white-space separated words of value is accepted by ok (FALSE: *why set). */
static gboolean
valid_words (CheckContext *ctx, const ParamSpec *spec, const char *value, char **why,
             gboolean (*ok) (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why))
{
  g_auto (GStrv) words = g_strsplit_set (value ? value : "", " \t\n", -1);
  guint n = 0;

  for (guint i = 0; words[i]; i++)
    if (*words[i] != '\0')
      {
        n++;
        if (!ok (ctx, spec, words[i], why))
          return FALSE;
      }
  if (n == 0)
    *why = g_strdup (_("it is empty"));
  return n > 0;
}

static gboolean
word_is_choice (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  int index;

  return gbacw_exclusive_parse_choice (word, spec->choices, &index, why);
}

static gboolean
word_is_leader_dice (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  g_autoptr (GHashTable) table = gbacw_exclusive_parse_keyed_dice (word, why);
  GHashTableIter iter;
  gpointer key;

  if (table == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const GbacwUnit *u = gbacw_oob_find_unit (&ctx->s->oob, key);
      if (u == NULL || u->type != GBACW_UNIT_LEADER)
        {
          *why = g_strdup_printf (_("there is no leader “%s” in the order of battle"), (const char *) key);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
word_is_leader (CheckContext *ctx, const char *word, char **why)
{
  const GbacwUnit *u = gbacw_oob_find_unit (&ctx->s->oob, word);

  if (u != NULL && u->type == GBACW_UNIT_LEADER)
    return TRUE;
  *why = g_strdup_printf (_("there is no leader “%s” in the order of battle"), word);
  return FALSE;
}

static gboolean
word_any (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  return TRUE;
}

static gboolean
word_is_leader_id (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  return word_is_leader (ctx, word, why);
}

/* "c-price:-2/-2/-1": a leader of the order of battle and his captured/killed/wounded VP. */
static gboolean
word_is_leader_vp (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  const char *colon = strchr (word, ':');
  g_autofree char *id = colon ? g_strndup (word, colon - word) : NULL;
  int vp[3];

  if (colon == NULL)
    {
      *why = g_strdup_printf (_("“%s” is not a leader id and his Victory Points, as “c-price:-2/-2/-1”"), word);
      return FALSE;
    }
  return word_is_leader (ctx, id, why) && gbacw_exclusive_parse_leader_vp (colon + 1, vp, why);
}

static gboolean valid_turn (CheckContext *ctx, const char *value, char **why);

/* "assault-f:3": an area of the map and a Game-Turn of the scenario (C 29.22). */
static gboolean
word_is_area_turn (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  const char *colon = strchr (word, ':');
  g_autofree char *id = colon ? g_strndup (word, colon - word) : NULL;

  if (id == NULL || gbacw_map_find_area (ctx->s->map, id) == NULL)
    {
      *why = g_strdup_printf (_("“%s” is not an area id of the map and a Game-Turn, as “assault-f:3”"), word);
      return FALSE;
    }
  return valid_turn (ctx, colon + 1, why);
}

/* C 31.31-31.33: the lower bounds of the five levels above the lowest, ascending. */
static gboolean
valid_vp_levels (const char *value, char **why)
{
  g_auto (GStrv) words = g_strsplit_set (value ? value : "", " \t\n", -1);
  int n = 0, last = G_MININT;

  for (guint i = 0; words[i]; i++)
    {
      int halves;
      if (*words[i] == '\0')
        continue;
      if (!gbacw_exclusive_parse_half_vp (words[i], &halves, why))
        return FALSE;
      if (halves <= last)
        {
          *why = g_strdup_printf (_("“%s” is not above the level before it"), words[i]);
          return FALSE;
        }
      last = halves;
      n++;
    }
  if (n != 5)
    {
      *why = g_strdup_printf (_("it gives %d lower bounds, not the five of the levels above the lowest"), n);
      return FALSE;
    }
  return TRUE;
}

static gboolean
valid_die_leaders (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GPtrArray) lists = gbacw_exclusive_parse_die_lists (value, why);

  if (lists == NULL)
    return FALSE;
  for (guint die = 0; die < lists->len; die++)
    {
      GStrv ids = g_ptr_array_index (lists, die);
      for (guint i = 0; ids[i]; i++)
        if (!word_is_leader (ctx, ids[i], why))
          return FALSE;
    }
  return TRUE;
}

static gboolean
valid_die_numbers (const char *value, char **why)
{
  g_autoptr (GArray) table = gbacw_exclusive_parse_turn_numbers (value, why);

  if (table == NULL)
    return FALSE;
  for (guint i = 0; i < table->len; i++)
    {
      const GbacwTurnDice *e = &g_array_index (table, GbacwTurnDice, i);
      if (e->first != G_MININT && (e->first < 0 || e->last > 6))
        {
          *why = g_strdup_printf (_("die results %d-%d are not from 0 to 6"), e->first, e->last);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
valid_turn_numbers (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GArray) table = gbacw_exclusive_parse_turn_numbers (value, why);

  return table != NULL && turns_within (ctx, table, why);
}

/* A case number, after a game letter for an exclusive case: "11.21", "P 21.52". */
static gboolean
valid_case (const char *value, char **why)
{
  if (value != NULL && g_regex_match_simple ("^([JPC] )?[0-9]+(\\.[0-9]+)?$", value, 0, 0))
    return TRUE;
  *why = g_strdup_printf (_("“%s” is not a rule case such as 11.21 or P 21.52"), value ? value : "");
  return FALSE;
}

/* Game-Turns (from gbacw_exclusive_parse_turns (), or NULL) all within the scenario's. */
static gboolean
turns_in_scenario (CheckContext *ctx, const GArray *turns, char **why)
{
  for (guint i = 0; turns && i < turns->len; i++)
    {
      int t = g_array_index (turns, int, i);
      if (t < ctx->s->turns.first || t > ctx->s->turns.last)
        {
          *why = g_strdup_printf (_("Game-Turn %d is outside the scenario's turns %d to %d"), t, ctx->s->turns.first,
                                  ctx->s->turns.last);
          return FALSE;
        }
    }
  return turns != NULL;
}

static gboolean
valid_turns (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GArray) turns = gbacw_exclusive_parse_turns (value, why);

  return turns_in_scenario (ctx, turns, why);
}

/* One Game-Turn within the scenario's. */
static gboolean
valid_turn (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GArray) turns = gbacw_exclusive_parse_turns (value, why);

  if (turns != NULL && turns->len != 1)
    {
      *why = g_strdup (_("it names more than one Game-Turn"));
      return FALSE;
    }
  return turns_in_scenario (ctx, turns, why);
}

/* Ids of sides, formations or hex terrains that the scenario has. */
static gboolean
valid_ids (CheckContext *ctx, ParamKind kind, const char *value, char **why)
{
  g_auto (GStrv) ids = gbacw_exclusive_parse_ids (value, why);

  for (guint i = 0; ids && ids[i]; i++)
    {
      const char *id = ids[i];
      if (kind == PARAM_SIDES && gbacw_oob_find_side (&ctx->s->oob, id) == NULL)
        *why = g_strdup_printf (_("there is no side “%s”"), id);
      else if (kind == PARAM_FORMATIONS && gbacw_oob_find_formation (&ctx->s->oob, id) == NULL)
        *why = g_strdup_printf (_("the order of battle has no formation “%s”"), id);
      else if (kind == PARAM_TERRAINS && gbacw_catalogue_find_hex_terrain (&ctx->s->catalogue, id) < 0)
        *why = g_strdup_printf (_("the catalogue has no hex terrain “%s”"), id);
      else if (kind == PARAM_UNITS && gbacw_oob_find_unit (&ctx->s->oob, id) == NULL)
        *why = g_strdup_printf (_("the order of battle has no unit “%s”"), id);
      else if (kind == PARAM_AREAS && gbacw_map_find_area (ctx->s->map, id) == NULL)
        *why = g_strdup_printf (_("the map has no area “%s”"), id);
      else if (kind == PARAM_AREA && (ids[1] != NULL || gbacw_map_find_area (ctx->s->map, id) == NULL))
        *why = ids[1] != NULL ? g_strdup (_("it names more than one area"))
                              : g_strdup_printf (_("the map has no area “%s”"), id);
      if (*why)
        return FALSE;
    }
  return ids != NULL;
}

static gboolean
valid_param (CheckContext *ctx, const ParamSpec *spec, const char *value, char **why)
{
  ParamKind kind = spec->kind;
  g_auto (GStrv) words = NULL;
  gboolean valid;
  guint n = 0;

  if (valid_typed (ctx, spec, value, &valid, why))
    return valid;
  switch (kind)
    {
    case PARAM_TURN_DICE:
      return valid_turn_dice (ctx, value, why);
    case PARAM_TURN_NUMBERS:
      return valid_turn_numbers (ctx, value, why);
    case PARAM_DIE_TOP:
      {
        int top;
        return gbacw_exclusive_parse_die_top (value, &top, why);
      }
    case PARAM_TURNS:
      return valid_turns (ctx, value, why);
    case PARAM_CHOICE:
      {
        int index;
        return gbacw_exclusive_parse_choice (value, spec->choices, &index, why);
      }
    case PARAM_CHOICES:
      return valid_words (ctx, spec, value, why, word_is_choice);
    case PARAM_YES_NO:
      {
        gboolean yes;
        return gbacw_exclusive_parse_yes_no (value, &yes, why);
      }
    case PARAM_NUMBER:
      {
        double number;
        return gbacw_exclusive_parse_number (value, &number, why);
      }
    case PARAM_SIDES:
    case PARAM_FORMATIONS:
    case PARAM_TERRAINS:
    case PARAM_UNITS:
    case PARAM_AREA:
    case PARAM_AREAS:
      return valid_ids (ctx, kind, value, why);
    case PARAM_HALF_VP:
      {
        int halves;
        return gbacw_exclusive_parse_half_vp (value, &halves, why);
      }
    case PARAM_VP_LEVELS:
      return valid_vp_levels (value, why);
    case PARAM_LEADER_VP:
      {
        int vp[3];
        return gbacw_exclusive_parse_leader_vp (value, vp, why);
      }
    case PARAM_LEADERS_VP:
      return valid_words (ctx, spec, value, why, word_is_leader_vp);
    case PARAM_AREA_TURNS:
      return valid_words (ctx, spec, value, why, word_is_area_turn);
    case PARAM_AREA_RADIUS:
      {
        g_auto (GStrv) parts = g_strsplit (value ? value : "", ":", 2);
        int radius;
        if (parts[0] == NULL || parts[1] == NULL || gbacw_map_find_area (ctx->s->map, parts[0]) == NULL)
          {
            *why = g_strdup_printf (_("“%s” is not an area id of the map and a number of hexes, as "
                                      "“tishomingo-hotel:10”"), value ? value : "");
            return FALSE;
          }
        return gbacw_exclusive_parse_int (parts[1], 0, 99, &radius, why);
      }
    case PARAM_LEADER_DICE:
      return valid_words (ctx, spec, value, why, word_is_leader_dice);
    case PARAM_LEADERS:
      return valid_words (ctx, spec, value, why, word_is_leader_id);
    case PARAM_DIE_LEADERS:
      return valid_die_leaders (ctx, value, why);
    case PARAM_DIE_NUMBERS:
      return valid_die_numbers (value, why);
    case PARAM_MOMENTUM_LEVELS:
      {
        int levels[21];
        return gbacw_exclusive_parse_momentum_levels (value, levels, why);
      }
    case PARAM_WORDS:
      return valid_words (ctx, spec, value, why, word_any);
    case PARAM_COLUMN_COST:
      {
        double mp;
        if (g_strcmp0 (value, "multiple") == 0 || g_strcmp0 (value, "first-hex") == 0)
          return TRUE;
        if (gbacw_exclusive_parse_number (value, &mp, why))
          return TRUE;
        g_free (*why);
        *why = g_strdup_printf (_("“%s” is not “multiple”, “first-hex” or a number of Movement Points such as 1/2"),
                                value ? value : "");
        return FALSE;
      }
    case PARAM_TURN:
      return valid_turn (ctx, value, why);
    case PARAM_RATING:
      {
        guint64 v;
        if (value && g_ascii_string_to_unsigned (value, 10, 1, 6, &v, NULL))
          return TRUE;
        *why = g_strdup_printf (_("“%s” is not a Morale Rating from 1 to 6"), value ? value : "");
        return FALSE;
      }
    default:
      break;
    }
  if (kind == PARAM_CASE)
    return valid_case (value, why);
  words = g_strsplit_set (value ? value : "", " \t\n,", -1);

  /* PARAM_DIE_RANGE */
  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i];
      if (*w == '\0')
        continue;
      n++;
      if (!gbacw_value_is_range (w) || strchr (w, '+') || strchr (w, ','))
        {
          *why = g_strdup_printf (_("“%s” is not a die roll or range of die rolls such as 1-2"), w);
          return FALSE;
        }
    }
  if (n == 0)
    {
      *why = g_strdup (_("it is empty"));
      return FALSE;
    }
  return TRUE;
}

/* Whether name is base.SIDE for a side id of the scenario (PER_SIDE), or base.FORMATION
 * for a formation id (PER_FORMATION). */
static gboolean
names_suffixed_param (const GbacwScenario *s, int per, const char *base, const char *name)
{
  gsize n = strlen (base);

  if (strncmp (name, base, n) != 0 || name[n] != '.')
    return FALSE;
  return ((per & PER_SIDE) && gbacw_oob_find_side (&s->oob, name + n + 1) != NULL)
         || ((per & PER_FORMATION) && gbacw_oob_find_formation (&s->oob, name + n + 1) != NULL);
}

/* The night module's turns (J 35.0, P 22.0, C 26.0) are the turn track's night turns: the
 * engine plays the module's, the editor and the game log show the track's. */
static void
check_night_track (CheckContext *ctx, const GbacwExclusiveRule *rule, const char *setting, GPtrArray *out)
{
  g_autofree char *why = NULL;
  g_autoptr (GArray) turns = gbacw_exclusive_parse_turns (gbacw_exclusive_rule_get_param (rule, "turns"), &why);
  const GPtrArray *track = ctx->s->turns.turns;

  for (guint i = 0; turns && i < turns->len; i++)
    for (guint k = 0; k < track->len; k++)
      {
        const GbacwTurn *t = g_ptr_array_index (track, k);
        if (t->n == g_array_index (turns, int, i) && !t->night)
          emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.rules", "35.0",
                                    _("The exclusive rule “night” makes Game-Turn %d a night turn, which the turn "
                                      "track does not mark night"), t->n), setting);
      }
}

/* J 30.2, 31.0, 34.2: the Jackson modules' values printed on the mapsheet only, when the
 * scenario leaves them out: not entered yet (info). */
static void
check_jackson_not_entered (const GbacwExclusiveRule *rule, const char *setting, GPtrArray *out)
{
  if (g_str_equal (rule->id, "jackson.fremont-commitment"))
    {
      int levels[21];
      g_autofree char *why = NULL;
      GString *missing = g_string_new (NULL);
      if (gbacw_exclusive_parse_momentum_levels (gbacw_exclusive_rule_get_param (rule, "initiative"), levels, &why))
        for (int box = -10; box <= 10; box++)
          if (levels[box + 10] < 0)
            g_string_append_printf (missing, "%s%+d", missing->len ? ", " : "", box);
      if (missing->len > 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.rules", "J 30.2",
                                  _("The Initiative Level of the Momentum Track's boxes %s is not entered yet (each is "
                                    "read as the nearest box given toward 0)"),
                                  missing->str), setting);
      g_string_free (missing, TRUE);
    }
  else if (g_str_equal (rule->id, "jackson.confederate-offensive")
           && g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "restraint"), "no") != 0
           && gbacw_exclusive_rule_get_param (rule, "beyond") == NULL)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.rules", "J 31.0",
                              _("The Confederate Restraint Line (the parameter “beyond”) is not entered yet: no unit is "
                                "held back by it")), setting);
  if (g_str_equal (rule->id, "jackson.confederate-offensive") && gbacw_exclusive_rule_get_param (rule, "clear-distance")
      && gbacw_exclusive_rule_get_param (rule, "clear-area") == NULL)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.rules", "J 36.3",
                              _("The Port Republic hexes (the parameter “clear-area”) are not entered yet: the offensive "
                                "may be declared whatever Union units stand near the town")), setting);
  else if (g_str_equal (rule->id, "jackson.encampment") && gbacw_exclusive_rule_get_param (rule, "town") == NULL)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.rules", "J 34.2",
                              _("The Port Republic hexes (the parameter “town”) are not entered yet: no Union unit "
                                "alerts by entering them")), setting);
}

/* P 23.0: compass sectors need the map's compass (<map north>), which the scenario must
 * give: Pea Ridge's north is not at the top (rules matrix 5.P). */
static void
check_retreat_compass (CheckContext *ctx, const GbacwExclusiveRule *rule, const char *setting, GPtrArray *out)
{
  if (g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "method"), "compass") == 0
      && ctx->s->map->north == GBACW_NORTH_UNSET)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", "P 23.0",
                              _("The exclusive rule “retreat-direction” retreats by compass sectors, but the map does not "
                                "say where north lies: give the map's north (top, right, bottom or left)")),
                  setting);
}

/* Whether the unit id is deployed or part of a reinforcement group. */
static gboolean
unit_placed (const GbacwScenario *s, const char *id)
{
  for (guint i = 0; i < s->deployment->len; i++)
    if (g_strcmp0 (((GbacwPlacement *) g_ptr_array_index (s->deployment, i))->unit, id) == 0)
      return TRUE;
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      for (guint k = 0; r->units && k < r->units->len; k++)
        if (g_strcmp0 (g_ptr_array_index (r->units, k), id) == 0)
          return TRUE;
    }
  return FALSE;
}

/* J 20.2: the regiment and its two company counters, which come on the map only when it
 * breaks down (jackson.company-breakdown does nothing otherwise). */
static void
check_companies (CheckContext *ctx, const GbacwExclusiveRule *rule, const char *setting, GPtrArray *out)
{
  const char *regiment = gbacw_exclusive_rule_get_param (rule, "regiment");
  const char *companies = gbacw_exclusive_rule_get_param (rule, "companies");
  const GbacwUnit *r = regiment ? gbacw_oob_find_unit (&ctx->s->oob, regiment) : NULL;
  g_auto (GStrv) ids = companies ? g_strsplit_set (companies, " ,", -1) : NULL;
  guint n = 0;

  if (regiment == NULL && companies == NULL)
    return;
  for (guint i = 0; ids && ids[i]; i++)
    n += ids[i][0] != '\0';
  if (r == NULL || n != 2)
    {
      emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", "J 20.2",
                                _("The exclusive rule “jackson.company-breakdown” needs the regiment and its two "
                                  "companies (“regiment” and “companies”, two unit ids)")),
                    setting);
      return;
    }
  for (guint i = 0; ids[i]; i++)
    {
      const GbacwUnit *c = ids[i][0] ? gbacw_oob_find_unit (&ctx->s->oob, ids[i]) : NULL;
      if (c == NULL)
        continue;   /* the parameter's own check names it */
      if (c->type != r->type || g_strcmp0 (c->side, r->side) != 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", "J 20.2",
                                  _("The company “%s” of the exclusive rule “jackson.company-breakdown” is not of the "
                                    "regiment's side and type"), ids[i]),
                      setting);
      if (unit_placed (ctx->s, ids[i]))
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", "J 20.2",
                                  _("The company “%s” of the exclusive rule “jackson.company-breakdown” is deployed or "
                                    "a reinforcement: it comes on the map only when the regiment breaks down"), ids[i]),
                      setting);
    }
}

/* P 21.7: the interphases come in the printed order (Victory Determination, Withdrawal,
 * Straggler Recovery, BCE Recovery), and the engine runs the modules' interphases in the
 * scenario's order of its exclusive rules. */
static void
check_interphase_order (CheckContext *ctx, const char *setting, GPtrArray *out)
{
  static const char *const order[] = { "victory-checks", "pearidge.mcculloch-withdrawal", "straggler-recovery",
                                       "bce-recovery" };
  const GPtrArray *rules = ctx->s->exclusive_rules;
  int last = -1;
  const char *last_id = NULL;

  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    for (guint i = 0; i < rules->len; i++)
      {
        const GbacwExclusiveRule *rule = g_ptr_array_index (rules, i);
        if (!rule->enabled || g_strcmp0 (rule->id, order[k]) != 0)
          continue;
        if ((int) i < last)
          emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.rules", "P 21.7",
                                    _("The exclusive rule “%s” comes before “%s”: the interphases are played in the "
                                      "order of the rules, and the Victory Determination, Withdrawal, Straggler "
                                      "Recovery and BCE Recovery Interphases follow each other in that order"),
                                    order[k], last_id), setting);
        last = (int) i;
        last_id = order[k];
      }
}

/* The case a rule with a `game` parameter cites for that game, when it gives no `case`. */
static const struct {
  const char *id;
  const char *game_case[3];   /* J, P, C */
} game_cases[] = {
  { "reinforcement-entry", { "J 32.0", "P 26.0", "C 29.47" } },
  { "crew-markers", { "J 21.21", "P 20.2", "C 24.2" } },
  { "night", { "J 35.2", "P 22.2", "C 26.1" } },
};

/* The case the findings about rule cite: its own `case` when well-formed, else its game's,
 * else the validator's. */
static const char *
rule_cite (const GbacwExclusiveRule *rule, const char *fallback)
{
  const char *own = gbacw_exclusive_rule_get_param (rule, "case");
  const char *game = gbacw_exclusive_rule_get_param (rule, "game");
  g_autofree char *ignored = NULL;

  if (own && valid_case (own, &ignored))
    return own;
  for (guint k = 0; game && k < G_N_ELEMENTS (game_cases); k++)
    if (g_str_equal (game_cases[k].id, rule->id))
      {
        int g = g_str_equal (game, "J") ? 0 : g_str_equal (game, "P") ? 1 : g_str_equal (game, "C") ? 2 : -1;
        if (g >= 0)
          return game_cases[k].game_case[g];
      }
  return fallback;
}

const char *
gbacw_exclusive_rule_cite (const GbacwExclusiveRule *rule)
{
  const char *fallback = NULL;

  g_return_val_if_fail (rule != NULL, NULL);
  for (guint k = 0; k < G_N_ELEMENTS (exclusive_rules); k++)
    if (g_strcmp0 (exclusive_rules[k].id, rule->id) == 0)
      fallback = exclusive_rules[k].rule_case;
  return rule_cite (rule, fallback);
}

/* ==================================================================== for the editor */

static const ExclusiveSpec *
find_spec (const char *id)
{
  for (guint k = 0; id && k < G_N_ELEMENTS (exclusive_rules); k++)
    if (g_strcmp0 (exclusive_rules[k].id, id) == 0)
      return &exclusive_rules[k];
  return NULL;
}

gboolean
gbacw_exclusive_rule_known (const char *id)
{
  return find_spec (id) != NULL;
}

const char *
gbacw_exclusive_rule_case (const char *id)
{
  const ExclusiveSpec *spec = find_spec (id);
  return spec ? spec->rule_case : NULL;
}

const char *
gbacw_exclusive_rule_description (const char *id)
{
  const ExclusiveSpec *spec = find_spec (id);

  return spec ? _(spec->description) : NULL;
}

static GbacwExclusiveValueKind
value_kind (ParamKind kind)
{
  switch (kind)
    {
    case PARAM_CHOICE: return GBACW_EXCLUSIVE_VALUE_CHOICE;
    case PARAM_CHOICES: return GBACW_EXCLUSIVE_VALUE_CHOICES;
    case PARAM_YES_NO: return GBACW_EXCLUSIVE_VALUE_YES_NO;
    case PARAM_FORMATIONS: return GBACW_EXCLUSIVE_VALUE_FORMATIONS;
    case PARAM_UNITS: return GBACW_EXCLUSIVE_VALUE_UNITS;
    case PARAM_LEADERS: return GBACW_EXCLUSIVE_VALUE_LEADERS;
    case PARAM_SIDES: return GBACW_EXCLUSIVE_VALUE_SIDES;
    case PARAM_HEXES:
    case PARAM_HEXSIDES: return GBACW_EXCLUSIVE_VALUE_HEXES;
    case PARAM_AREA: return GBACW_EXCLUSIVE_VALUE_AREA;
    default: return GBACW_EXCLUSIVE_VALUE_TEXT;
    }
}

guint
gbacw_exclusive_rule_params (const char *id, GbacwExclusiveParamInfo *out, guint max)
{
  static const char *const yes_no_words[] = { "yes", "no", NULL };
  const ExclusiveSpec *spec = find_spec (id);
  guint n = 0;

  for (guint p = 0; spec && p < G_N_ELEMENTS (spec->params) && spec->params[p].name; p++, n++)
    if (n < max)
      {
        const ParamSpec *ps = &spec->params[p];
        out[n].name = ps->name;
        out[n].required = ps->required;
        out[n].scoped = ps->per_side != 0;
        out[n].kind = value_kind (ps->kind);
        out[n].choices = ps->kind == PARAM_YES_NO ? yes_no_words : ps->choices;
      }
  return n;
}

gboolean
gbacw_exclusive_param_valid (const GbacwScenario *scenario, const char *id, const char *name, const char *value,
                             char **why)
{
  const ExclusiveSpec *spec = find_spec (id);
  CheckContext ctx = { 0 };

  g_return_val_if_fail (scenario != NULL && name != NULL && why != NULL, FALSE);
  if (spec == NULL)
    return TRUE;
  ctx.s = scenario;
  for (guint p = 0; p < G_N_ELEMENTS (spec->params) && spec->params[p].name; p++)
    if (g_strcmp0 (spec->params[p].name, name) == 0
        || (spec->params[p].per_side && names_suffixed_param (scenario, spec->params[p].per_side, spec->params[p].name,
                                                             name)))
      return valid_param (&ctx, &spec->params[p], value, why);
  *why = g_strdup_printf (_("the exclusive rule “%s” has no parameter “%s”"), id, name);
  return FALSE;
}

void
gbacw_check_rules (CheckContext *ctx, GPtrArray *out)
{
  static const struct {
    const char *id;
    const char *values[3];
  } options[] = {
    { "command-5.2", { "old", "new", NULL } },
    { "los-along-hexside", { "both-block", "adjacent-only", NULL } },
    { "los-unknown-cell", { "standard", "clear", NULL } },
    { "melee-terrain-12.31", { "old", "new", NULL } },
    { "supply-11.23", { "old", "new", NULL } },
  };
  const GbacwScenario *s = ctx->s;

  for (guint i = 0; i < s->options->len; i++)
    {
      const GbacwParam *p = g_ptr_array_index (s->options, i);
      g_autofree char *setting = g_strdup_printf ("options/%s", p->name);
      gboolean known = FALSE, valid = FALSE;
      for (guint k = 0; k < G_N_ELEMENTS (options); k++)
        if (g_strcmp0 (options[k].id, p->name) == 0)
          {
            known = TRUE;
            valid = strv_has (options[k].values, p->value);
          }
      if (!known)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.rules", "1.0",
                                  _("The rule option “%s” is not one the engine knows"), p->name), setting);
      else if (!valid)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", "1.0",
                                  _("The rule option “%s” cannot be “%s”"), p->name, p->value ? p->value : ""),
                      setting);
    }
  for (guint i = 0; i < s->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (s->exclusive_rules, i);
      g_autofree char *setting = g_strdup_printf ("rules/%s", rule->id);
      const ExclusiveSpec *spec = NULL;
      const char *cite;
      for (guint k = 0; k < G_N_ELEMENTS (exclusive_rules); k++)
        if (g_strcmp0 (exclusive_rules[k].id, rule->id) == 0)
          spec = &exclusive_rules[k];
      if (spec == NULL && strv_has (matrix_rules, rule->id))
        continue;
      if (spec == NULL)
        {
          emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.rules", "19.0",
                                    _("The exclusive rule “%s” is not one the engine knows; its parameters are not "
                                      "checked"), rule->id), setting);
          continue;
        }
      if (!rule->enabled)
        continue;
      /* the findings cite the game's own case when the rule names one (case, or its game) */
      cite = rule_cite (rule, spec->rule_case);
      for (guint p = 0; p < G_N_ELEMENTS (spec->params) && spec->params[p].name; p++)
        {
          gboolean present = FALSE;
          for (guint k = 0; rule->params && k < rule->params->len; k++)
            present |= g_strcmp0 (((GbacwParam *) g_ptr_array_index (rule->params, k))->name,
                                  spec->params[p].name) == 0;
          if (!present && spec->params[p].required)
            emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", cite,
                                      _("The exclusive rule “%s” needs the parameter “%s”"), rule->id,
                                      spec->params[p].name), setting);
        }
      for (guint k = 0; rule->params && k < rule->params->len; k++)
        {
          const GbacwParam *param = g_ptr_array_index (rule->params, k);
          const ParamSpec *ps = NULL;
          g_autofree char *why = NULL;
          for (guint p = 0; p < G_N_ELEMENTS (spec->params) && spec->params[p].name; p++)
            if (g_strcmp0 (spec->params[p].name, param->name) == 0
                || (spec->params[p].per_side
                    && names_suffixed_param (s, spec->params[p].per_side, spec->params[p].name, param->name)))
              ps = &spec->params[p];
          if (ps == NULL)
            emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", cite,
                                      _("The exclusive rule “%s” has no parameter “%s”"), rule->id, param->name),
                          setting);
          else if (!valid_param (ctx, ps, param->value, &why))
            emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", cite,
                                      _("The parameter “%s” of the exclusive rule “%s” is not valid: %s"), param->name,
                                      rule->id, why), setting);
        }
      if (g_str_equal (rule->id, "night"))
        check_night_track (ctx, rule, setting, out);
      if (g_str_equal (rule->id, "retreat-direction"))
        check_retreat_compass (ctx, rule, setting, out);
      if (g_str_equal (rule->id, "pearidge.mcculloch-withdrawal"))
        check_interphase_order (ctx, setting, out);
      if (g_str_equal (rule->id, "corinth.union-deployment-limits"))
        gbacw_check_corinth_setup (ctx, rule, setting, out);
      check_jackson_not_entered (rule, setting, out);
      if (g_str_equal (rule->id, "jackson.company-breakdown"))
        check_companies (ctx, rule, setting, out);
    }
}
