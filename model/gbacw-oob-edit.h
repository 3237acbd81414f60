/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-edit.h: undoable commands for the order of battle, the deployment,
 * the reinforcement schedule and the scenario settings.
 *
 * Each constructor reads the scenario, checks the request and returns a command
 * (transfer full) that makes the change, or NULL and an error whose message says
 * why (translated, meant to be shown beside the field or in a dialog). A request that
 * changes nothing gives an empty command (gbacw_document_execute () drops it). Nothing is
 * applied: run the command with gbacw_document_execute () (or
 * gbacw_command_apply ()) before anything else changes the scenario, as commands
 * address list items by index.
 *
 * The commands are GbacwCollectionEdit, GbacwSettingsEdit or GbacwCommandGroup of
 * those, so undo restores the scenario exactly (the file saves byte for byte as
 * before). Field edits carry merge keys: typing into one field of one entry is one
 * undo step.
 *
 * Every change keeps the scenario loadable: a deleted unit leaves no placement,
 * reinforcement entry or commander reference behind; a formation cannot be moved
 * into itself or to the other side.
 */
#pragma once

#include "gbacw-command.h"

G_BEGIN_DECLS

#define GBACW_OOB_EDIT_ERROR (gbacw_oob_edit_error_quark ())

typedef enum {
  GBACW_OOB_EDIT_ERROR_NOT_FOUND,   /* no such unit, formation, side, hex, turn, reinforcement, award… */
  GBACW_OOB_EDIT_ERROR_INVALID,     /* a value out of range or of the wrong form */
  GBACW_OOB_EDIT_ERROR_NOT_ALLOWED, /* a valid value the scenario cannot take (cycle, other side, prohibited hex) */
  GBACW_OOB_EDIT_ERROR_NO_ROOM,     /* no hex near enough has room for a unit (stacking) */
} GbacwOobEditError;

GQuark gbacw_oob_edit_error_quark (void);

/* Which list an order-of-battle entry is in: units (leaders included) or formations. */
typedef enum {
  GBACW_OOB_ENTRY_UNIT,
  GBACW_OOB_ENTRY_FORMATION,
} GbacwOobEntry;

/* "PREFIX-N" with the smallest N >= 1 not used by any unit, formation, reinforcement,
 * VP award or area: "u-new-3". */
char *gbacw_oob_unique_id (const GbacwScenario *scenario, const char *prefix);

/* ---------------------------------------------------------------- fields */

/* Every value of an entry the rules use; the tokens are the CSV column names
 * (README "Rosters (CSV)") and the file-format attribute names where there is one. */
typedef enum {
  GBACW_OOB_FIELD_KIND,              /* "kind": formation kind, unit type or "leader" */
  GBACW_OOB_FIELD_NAME,              /* "name": unit designation, leader or formation name */
  GBACW_OOB_FIELD_COMMANDER,         /* "commander": formations, a leader id */
  GBACW_OOB_FIELD_INDEPENDENT,       /* "independent": yes/no */
  GBACW_OOB_FIELD_STRENGTH,          /* "strength" (SP) */
  GBACW_OOB_FIELD_MORALE,            /* "morale": 1-5 or ? */
  GBACW_OOB_FIELD_DISMOUNTED_MORALE, /* "dismounted-morale" */
  GBACW_OOB_FIELD_WEAPON,            /* "weapon": a row of the range-effects chart */
  GBACW_OOB_FIELD_GUNS,              /* "guns" */
  GBACW_OOB_FIELD_ROUNDS,            /* "rounds" */
  GBACW_OOB_FIELD_CREW,              /* "crew": artillery, full or half */
  GBACW_OOB_FIELD_SMALL_ARMS,        /* "small-arms": wagon boxes */
  GBACW_OOB_FIELD_ARTILLERY_AMMO,    /* "artillery-ammo": wagon boxes */
  GBACW_OOB_FIELD_WAGON_CREW,        /* "wagon-crew": the crew's strength */
  GBACW_OOB_FIELD_SHARPSHOOTER,      /* "sharpshooter": yes/no */
  GBACW_OOB_FIELD_HORSE_ARTILLERY,   /* "horse-artillery": yes/no */
  GBACW_OOB_FIELD_SECTION,           /* "section": yes/no */
  GBACW_OOB_FIELD_DOUBLE_SHOT,       /* "double-shot": yes/no */
  GBACW_OOB_FIELD_ROLE,              /* "role": leaders, army corps division brigade replacement */
  GBACW_OOB_FIELD_RANK,              /* "rank" */
  GBACW_OOB_FIELD_ER,                /* "er": Effectiveness Radius */
  GBACW_OOB_FIELD_RALLY,             /* "rally" */
  GBACW_OOB_FIELD_DIR,               /* "dir": Divisional Integrity Radius */
  GBACW_OOB_FIELD_CP,                /* "cp": Command Points */
  GBACW_OOB_FIELD_BCE_DAY1,          /* "bce-day1": formations */
  GBACW_OOB_FIELD_BCE_DAY2,          /* "bce-day2" */
  GBACW_OOB_FIELD_BCE_VP,            /* "bce-vp" */
  GBACW_OOB_FIELD_MOMENTUM,          /* "momentum" */
  GBACW_OOB_FIELD_VP,                /* "vp": units and leaders */
  GBACW_N_OOB_FIELDS
} GbacwOobField;

const char *gbacw_oob_field_to_string (GbacwOobField field);
/* -1 if unknown. */
int         gbacw_oob_field_from_string (const char *name);
/* Whether the file can hold the field for a formation (formation TRUE) or a unit of
 * type (formation FALSE). */
gboolean    gbacw_oob_field_applies (GbacwOobField field, gboolean formation, GbacwUnitType type);
/* The value as text, as the CSV and the inspector show it: "" when not entered (or
 * not applicable), "?" for a green morale, "yes" or "" for flags. */
char       *gbacw_oob_field_format_unit (const GbacwUnit *unit, GbacwOobField field);
char       *gbacw_oob_field_format_formation (const GbacwFormation *formation, GbacwOobField field);
/* Parses text (the format above; "" = not entered; flags also take "no") and stores it
 * in unit / formation, which should be a copy. Checks the value itself: its form, its
 * range, the weapon against the scenario's range-effects chart; references to other
 * entries (commander, a commanding leader's kind) are checked by gbacw_oob_set_field ()
 * and the roster import. On error the entry is unchanged and the message says why
 * (for showing beside the field). A field that does not apply is refused unless text
 * is "". */
gboolean    gbacw_oob_field_parse_unit (const GbacwScenario *scenario, GbacwUnit *unit, GbacwOobField field,
                                        const char *text, GError **error);
gboolean    gbacw_oob_field_parse_formation (const GbacwScenario *scenario, GbacwFormation *formation,
                                             GbacwOobField field, const char *text, GError **error);
/* Whether text is a weapon type of the scenario: a row of its range-effects chart
 * (any id when there is no such chart). */
gboolean    gbacw_oob_weapon_known (const GbacwScenario *scenario, const char *weapon);

typedef enum {
  GBACW_WEAPON_KIND_UNKNOWN,     /* the chart does not say, nor do the units using it */
  GBACW_WEAPON_KIND_SMALL_ARMS,  /* infantry, cavalry, and wagons' crews (9.12, 11.1) */
  GBACW_WEAPON_KIND_ARTILLERY,   /* batteries and sections (9.13) */
} GbacwWeaponKind;

/* What fires a weapon type of the Range Effects chart (9.25): the chart says it in the
 * row's name (its "Weapon Type" column: "L (6-lb Smoothbore)", "R (Rifled musket)");
 * when it does not, the kind of the units that have that weapon decides (all
 * artillery, or all not). */
GbacwWeaponKind gbacw_oob_weapon_kind (const GbacwScenario *scenario, const char *weapon);
/* Whether a unit of type may be given weapon: one of its kind's, or of no known kind. */
gboolean    gbacw_oob_weapon_for_unit_type (const GbacwScenario *scenario, const char *weapon, GbacwUnitType type);

/* ---------------------------------------------------------------- order of battle */

/* The Strength Points of the infantry and cavalry and the guns of the artillery of a
 * formation and its sub-formations (values not entered count 0); *n_missing (may be
 * NULL) counts those not entered. For the brigade totals shown beside a BCE limit. */
void          gbacw_oob_formation_totals (const GbacwScenario *scenario, const char *formation, int *sp, int *guns,
                                          int *n_missing);

/* New entries have every value not entered yet. parent is a formation of the side or
 * NULL (the side's top level); before is a sibling of the same list (units: a unit
 * of parent; formations: a formation under parent) to insert in front of, or NULL
 * for the end. id_out (may be NULL) receives the new id ("u-new-1", "f-new-1"). */
GbacwCommand *gbacw_oob_add_unit (GbacwScenario *scenario, const char *side, const char *parent,
                                  GbacwUnitType type, const char *before, char **id_out, GError **error);
GbacwCommand *gbacw_oob_add_formation (GbacwScenario *scenario, const char *side, const char *parent,
                                       GbacwFormationKind kind, const char *before, char **id_out,
                                       GError **error);
/* A copy right after the original, with a new id; a formation is copied with its whole
 * subtree (new ids throughout, its commander the copy of its leader when the leader is
 * inside it). Placements and reinforcements are not copied. */
GbacwCommand *gbacw_oob_duplicate (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, char **id_out,
                                   GError **error);
/* Deletes the entry, a formation with its subtree, and everything that refers to
 * what is deleted: placements, reinforcement members, formation commanders. */
GbacwCommand *gbacw_oob_delete (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, GError **error);
/* Moves the entry under new_parent (a formation of the same side, NULL for the side's
 * top level) in front of its sibling before (NULL: last): reordering within a parent
 * (drag and drop), or moving a brigade to another division. A formation cannot move
 * into its own subtree. */
GbacwCommand *gbacw_oob_move (GbacwScenario *scenario, GbacwOobEntry entry, const char *id,
                              const char *new_parent, const char *before, GError **error);
/* Moves the entry (a unit, or a formation with its subtree) to side (another side of
 * the order of battle), last at the side's top level. What it leaves behind lets go of
 * it: its units leave the map and the reinforcements (both the old side's), and a
 * formation staying behind loses a commander that goes, as a formation that goes loses
 * one that stays. */
GbacwCommand *gbacw_oob_move_to_side (GbacwScenario *scenario, GbacwOobEntry entry, const char *id,
                                      const char *side, GError **error);
/* A copy of the entry (a formation with its subtree) for side, last at its top level:
 * new ids made from the old ("u-14oh-1"), names numbered ("14 Oh (2)"), a formation's
 * commander the copy of its leader when the leader is in the copy. Placements and
 * reinforcements are not copied. id_out (may be NULL) receives the copy's id. */
GbacwCommand *gbacw_oob_copy_to_side (GbacwScenario *scenario, GbacwOobEntry entry, const char *id,
                                      const char *side, char **id_out, GError **error);
/* One field of one entry (gbacw_oob_field_parse_*), also checking the commander (a
 * leader of the same side) and that a leader commanding a formation stays a leader;
 * merges with the previous edit of the same field of the same entry. */
GbacwCommand *gbacw_oob_set_field (GbacwScenario *scenario, GbacwOobEntry entry, const char *id,
                                   GbacwOobField field, const char *text, GError **error);

/* ---------------------------------------------------------------- deployment */

/* Places the unit (a unit already placed is taken from where it was) on top of the
 * stack at hex (an index), with formation (GBACW_FORMATION_STATE_UNSET for none) and
 * facing (0-5, -1 for none). The formation must be one the unit type can take; hexes
 * whose terrain the Terrain Effects on Movement Chart prohibits to the unit are
 * refused. */
GbacwCommand *gbacw_deploy_place (GbacwScenario *scenario, const char *unit, int hex,
                                  GbacwFormationState formation, int facing, GError **error);
/* Moves a placed unit onto the top of the stack at hex, keeping its formation, facing,
 * strength and status. */
GbacwCommand *gbacw_deploy_move (GbacwScenario *scenario, const char *unit, int hex, GError **error);
GbacwCommand *gbacw_deploy_remove (GbacwScenario *scenario, const char *unit, GError **error);
/* Moves a placed unit to position in its stack (0 = top; past the bottom = bottom). */
GbacwCommand *gbacw_deploy_restack (GbacwScenario *scenario, const char *unit, guint position, GError **error);
/* Facing edits merge (turning with keys or the scroll wheel is one step). */
GbacwCommand *gbacw_deploy_set_facing (GbacwScenario *scenario, const char *unit, int facing, GError **error);
GbacwCommand *gbacw_deploy_set_formation (GbacwScenario *scenario, const char *unit,
                                          GbacwFormationState formation, GError **error);
/* status: GbacwUnitStatus flags. */
GbacwCommand *gbacw_deploy_set_status (GbacwScenario *scenario, const char *unit, guint status, GError **error);

/* What a hex's stack uses of the Stacking Restrictions Chart (8.18). */
typedef struct {
  int units;            /* combat units other than artillery (infantry, cavalry) */
  int sp;               /* stacking points (8.12-8.14) */
  int sections;         /* artillery units */
  gboolean column;      /* holds infantry in column (8.16) */
  gboolean mounted;     /* holds mounted cavalry (8.17) */
  gboolean others;      /* holds a combat unit that is not mounted cavalry */
} GbacwStackUsage;

/* The placements at hex, leaving out the unit exclude (may be NULL). */
void     gbacw_deploy_stack_usage (const GbacwScenario *scenario, int hex, const char *exclude,
                                   GbacwStackUsage *usage);
/* Whether the unit in formation may be added to hex: not prohibited terrain, within the
 * stacking limits where the chart gives them (gbacw_rules_data_stacking_limits ()),
 * column infantry alone (8.16), mounted cavalry only with mounted cavalry (8.17).
 * The unit itself is not counted where it already is. error says why not. */
gboolean gbacw_deploy_hex_allows (const GbacwScenario *scenario, const char *unit, GbacwFormationState formation,
                                  int hex, GError **error);
/* Whether hex is in a set-up area of side, or side has no set-up area at all. */
gboolean gbacw_deploy_in_setup_area (const GbacwScenario *scenario, const char *side, int hex);

/* Places every unit and leader of the formation and its sub-formations around hex:
 * each goes to the first hex, spiralling outward from hex, where
 * gbacw_deploy_hex_allows () lets it (and in a set-up area of its side, when the side
 * has one), with at most max_per_hex combat units there (0: as many as stacking
 * allows; stacking limits the chart does not give are then taken as one combat unit
 * per hex). Units already placed are moved. formation applies to the units that can
 * take it; the others are placed without one. */
GbacwCommand *gbacw_deploy_place_formation (GbacwScenario *scenario, const char *formation, int hex,
                                            GbacwFormationState state, int facing, guint max_per_hex,
                                            GError **error);

/* The same, each unit in its set-up formation (gbacw_deploy_setup_formation ()) and
 * facing the nearest enemy set-up area from its own hex (gbacw_deploy_facing_toward_enemy ()),
 * or facing when there is none; units without a facing get none. */
GbacwCommand *gbacw_deploy_place_formation_for_setup (GbacwScenario *scenario, const char *formation, int hex,
                                                      int facing, guint max_per_hex, GError **error);

/* The formation a unit of type takes when it is set up with none chosen: infantry in
 * Line, cavalry mounted, artillery unlimbered (C 29.4); GBACW_FORMATION_STATE_UNSET for
 * wagons and leaders, which have none. */
GbacwFormationState gbacw_deploy_setup_formation (GbacwUnitType type);
/* Whether units of type face a hexside (7.0): infantry, cavalry and artillery. */
gboolean            gbacw_deploy_has_facing (GbacwUnitType type);
/* The direction (0-5) from hex from whose neighbour lies most nearly toward the map
 * point (x, y). */
int                 gbacw_deploy_direction_towards (const GbacwHexGrid *grid, GbacwHex from, double x, double y);
/* The direction (0-5) from hex toward the nearest hex of a set-up area of a side other
 * than side (areas of either side do not count), -1 when there is none. */
int                 gbacw_deploy_facing_toward_enemy (const GbacwScenario *scenario, const char *side, int hex);

/* Several placed units at once (units: NULL-terminated ids, each placed), one undoable
 * step. Turning: to facing (0-5), or, with facing -1, delta hexsides clockwise from
 * each unit's own facing (a unit without one gets direction 0 turning clockwise, 5
 * otherwise). */
GbacwCommand *gbacw_deploy_turn_units (GbacwScenario *scenario, const char *const *units, int facing, int delta,
                                       GError **error);
/* The units that can take formation take it, the others stay as they are (a stack of
 * infantry and artillery put in column); refused when none can. */
GbacwCommand *gbacw_deploy_set_formation_units (GbacwScenario *scenario, const char *const *units,
                                                GbacwFormationState formation, GError **error);
GbacwCommand *gbacw_deploy_remove_units (GbacwScenario *scenario, const char *const *units, GError **error);
/* Moves every unit by the steps that lead from hex from to hex to, keeping the group's
 * shape and each stack's order, each onto the top of its new stack; refused when a unit
 * would leave the map or enter terrain prohibited to it (5.19). */
GbacwCommand *gbacw_deploy_move_units (GbacwScenario *scenario, const char *const *units, int from, int to,
                                       GError **error);

/* ---------------------------------------------------------------- reinforcements */

/* entry_hexes: the entry hex first, then the alternatives (indices, n_entry of them, may
 * be 0); units / formations: NULL-terminated id lists (may be NULL). A unit or
 * formation already in a reinforcement is refused. Units that arrive are taken off the
 * map in the same step (this and gbacw_reinforcement_add_member ()). */
GbacwCommand *gbacw_reinforcement_add (GbacwScenario *scenario, int turn, const int *entry_hexes, guint n_entry,
                                       GbacwFormationState formation, const char *const *units,
                                       const char *const *formations, char **id_out, GError **error);
GbacwCommand *gbacw_reinforcement_set_turn (GbacwScenario *scenario, const char *id, int turn, GError **error);
GbacwCommand *gbacw_reinforcement_set_entry (GbacwScenario *scenario, const char *id, const int *entry_hexes,
                                             guint n_entry, GError **error);
GbacwCommand *gbacw_reinforcement_set_formation (GbacwScenario *scenario, const char *id,
                                                 GbacwFormationState formation, GError **error);
/* member: a unit id (entry UNIT) or formation id (entry FORMATION: all its units). */
GbacwCommand *gbacw_reinforcement_add_member (GbacwScenario *scenario, const char *id, GbacwOobEntry entry,
                                              const char *member, GError **error);
GbacwCommand *gbacw_reinforcement_remove_member (GbacwScenario *scenario, const char *id, GbacwOobEntry entry,
                                                 const char *member, GError **error);
GbacwCommand *gbacw_reinforcement_remove (GbacwScenario *scenario, const char *id, GError **error);

/* ---------------------------------------------------------------- settings */

typedef enum {
  GBACW_INFO_TITLE,
  GBACW_INFO_GAME,
  GBACW_INFO_DESCRIPTION,
} GbacwInfoField;

/* text "" or NULL clears it. Edits of one field merge. */
GbacwCommand *gbacw_settings_set_info (GbacwScenario *scenario, GbacwInfoField field, const char *text);
/* The first and last Game-Turn. Turns outside are dropped from the turn list; new ones
 * are added, their times continuing the list's interval when the last two turns have
 * times. */
GbacwCommand *gbacw_settings_set_turn_range (GbacwScenario *scenario, int first, int last, GError **error);
/* time "HH:MM", or NULL / "" to clear. */
GbacwCommand *gbacw_settings_set_turn_time (GbacwScenario *scenario, int turn, const char *time, GError **error);
GbacwCommand *gbacw_settings_set_night (GbacwScenario *scenario, int turn, gboolean night, GError **error);
/* The first player of the scenario (side id, NULL to clear). */
GbacwCommand *gbacw_settings_set_first_player (GbacwScenario *scenario, const char *side, GError **error);
/* The side that is first player from turn on (NULL: no change at that turn). */
GbacwCommand *gbacw_settings_set_first_player_change (GbacwScenario *scenario, int turn, const char *side,
                                                      GError **error);
/* Turns exclusive rule id on or off; a rule not in the scenario yet is added. */
GbacwCommand *gbacw_settings_set_exclusive_rule (GbacwScenario *scenario, const char *id, gboolean enabled,
                                                 GError **error);
/* Sets (value non-NULL) or removes (NULL) a parameter of exclusive rule id, adding the
 * rule (enabled) when it is not in the scenario. Edits of one parameter merge. */
GbacwCommand *gbacw_settings_set_exclusive_param (GbacwScenario *scenario, const char *id, const char *name,
                                                  const char *value, GError **error);
/* Draws the area parameter name of exclusive rule id on the map: hex goes into the area the
 * parameter names, or out of it when it is there. When the parameter names no area of the
 * map, a new area (kind other, named after the rule's parameter) holding hex, and the
 * parameter set to its id (the rule added, enabled, when it is not in the scenario). The id
 * of the area drawn goes to area_out (may be NULL). Consecutive draws of one area merge: the
 * whole drawing, the new area included, is one undo step. */
GbacwCommand *gbacw_settings_draw_exclusive_area (GbacwScenario *scenario, const char *id, const char *name, int hex,
                                                  char **area_out, GError **error);
/* A rule option (gbacw_scenario_get_option ()); value NULL removes it. */
GbacwCommand *gbacw_settings_set_option (GbacwScenario *scenario, const char *id, const char *value,
                                         GError **error);

/* ---------------------------------------------------------------- victory */

/* award is copied; its id is ignored by add (a new one is made, id_out). side is a side
 * id or "both"; area, if any, an area of the map. */
GbacwCommand *gbacw_victory_add_award (GbacwScenario *scenario, const GbacwVpAward *award, char **id_out,
                                       GError **error);
GbacwCommand *gbacw_victory_set_award (GbacwScenario *scenario, const char *id, const GbacwVpAward *award,
                                       GError **error);
GbacwCommand *gbacw_victory_remove_award (GbacwScenario *scenario, const char *id, GError **error);
/* A new objective area (kind objective) holding the hexes (indices; sorted and made
 * unique); side NULL for either side, vp GBACW_UNSET for none. */
GbacwCommand *gbacw_victory_add_objective (GbacwScenario *scenario, const char *name, const char *side, int vp,
                                           const int *hexes, guint n_hexes, char **id_out, GError **error);
/* Replaces the hexes of area id (objective hexes picked on the map). */
GbacwCommand *gbacw_victory_set_objective_hexes (GbacwScenario *scenario, const char *id, const int *hexes,
                                                 guint n_hexes, GError **error);
/* Sets the side (NULL for either side) and VP (GBACW_UNSET for none) of area id. An
 * empty command when they are already so. */
GbacwCommand *gbacw_victory_set_objective (GbacwScenario *scenario, const char *id, const char *side, int vp,
                                           GError **error);
/* Levels of victory and automatic victory conditions, by index (add appends). */
GbacwCommand *gbacw_victory_add_level (GbacwScenario *scenario, const GbacwVictoryLevel *level, GError **error);
GbacwCommand *gbacw_victory_set_level (GbacwScenario *scenario, guint index, const GbacwVictoryLevel *level,
                                       GError **error);
GbacwCommand *gbacw_victory_remove_level (GbacwScenario *scenario, guint index, GError **error);
GbacwCommand *gbacw_victory_add_automatic (GbacwScenario *scenario, const GbacwAutomaticVictory *automatic,
                                           GError **error);
GbacwCommand *gbacw_victory_set_automatic (GbacwScenario *scenario, guint index,
                                           const GbacwAutomaticVictory *automatic, GError **error);
GbacwCommand *gbacw_victory_remove_automatic (GbacwScenario *scenario, guint index, GError **error);

G_END_DECLS
