/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario.h: the whole scenario document as plain data.
 *
 * Everything a game could change is data here, never code: the terrain catalogue,
 * the rule charts, the map, the order of battle, the deployment, the reinforcement
 * schedule, victory conditions and rule options. The file format
 * (docs/file-format.md) mirrors these structures one to one.
 *
 * The structures are plain C with GLib containers so that the engine and the
 * validator can read them without GObject overhead; changes made by the editor go
 * through commands (gbacw-command.h) that keep undo information and tell views
 * what changed.
 */
#pragma once

#include <glib.h>

#include "gbacw-hex-grid.h"

G_BEGIN_DECLS

/* A value that has not been entered yet (digitising is incremental). */
#define GBACW_UNSET G_MININT
/* Morale of a green unit, printed "?" on the counter (13.11). */
#define GBACW_MORALE_GREEN 0

#define GBACW_MAX_HEX_TERRAINS   64
#define GBACW_MAX_HEXSIDE_TYPES  32
#define GBACW_MAX_LINE_TYPES     16

/* ---------------------------------------------------------------- catalogue */

typedef enum {
  GBACW_SIDE_MODE_NONE,       /* the feature is the same from both hexes */
  GBACW_SIDE_MODE_ELEVATION,  /* faces the higher hex (crests, 22.1) */
  GBACW_SIDE_MODE_INSIDE,     /* each occurrence records its inside hex (works, redans: C 23.1, 23.2) */
} GbacwSideMode;

typedef struct {
  char *id;
  char *code;        /* token in the map's terrain rows */
  char *name;
  char *fill;        /* "#rrggbb" */
  char *pattern;     /* none trees town swamp orchard marsh fields dots */
  int height;        /* LOS height in feet above the ground (9.72), or GBACW_UNSET */
  char *rule_case;
} GbacwHexTerrain;

typedef struct {
  char *id;
  char *name;
  char *style;       /* crest steep-crest river stream ford bridge wagon-bridge fence works redan generic impassable */
  GbacwSideMode side;
  GStrv requires;    /* hexside type ids of which one must be on the same hexside, or NULL */
  char *rule_case;
} GbacwHexsideType;

typedef struct {
  char *id;
  char *name;
  char *colour;
  double width;      /* in hex radii */
  char *style;       /* solid double dashed railroad */
  char *rule_case;
} GbacwLineType;

typedef struct {
  GPtrArray *hex_terrains;   /* GbacwHexTerrain*, index = bit in a hex's terrain mask */
  GPtrArray *hexside_types;  /* GbacwHexsideType*, index = bit in a hexside's feature mask */
  GPtrArray *line_types;     /* GbacwLineType*, index = bit in a hexside's line mask */
} GbacwCatalogue;

int gbacw_catalogue_find_hex_terrain (const GbacwCatalogue *catalogue, const char *id);
int gbacw_catalogue_find_hex_terrain_code (const GbacwCatalogue *catalogue, const char *code);
int gbacw_catalogue_find_hexside_type (const GbacwCatalogue *catalogue, const char *id);
int gbacw_catalogue_find_line_type (const GbacwCatalogue *catalogue, const char *id);

/* ---------------------------------------------------------------- charts */

typedef enum {
  GBACW_CELL_KNOWN,     /* printed in a rulebook */
  GBACW_CELL_UNKNOWN,   /* "?": the rulebooks do not give it */
  GBACW_CELL_INFERRED,  /* "[v]": inferred from the table's structure, not printed */
  GBACW_CELL_INVENTED,  /* "{v}": not from any rulebook */
} GbacwCellStatus;

typedef struct {
  char *value;          /* NULL when unknown */
  GbacwCellStatus status;
  gboolean stand_in;    /* an invented cell a stand-in filled (gbacw-stand-ins.h): row stand-ins="…" */
} GbacwCell;

typedef struct {
  char *id;
  char *name;
  GbacwCell *cells;     /* one per chart column */
} GbacwChartRow;

typedef struct {
  char *row;
  char *col;
  char *text;
} GbacwCellNote;

typedef struct {
  char *id;
  char *name;
  char *rule_case;
  char *source;
  GPtrArray *notes;       /* char* */
  GPtrArray *columns;     /* char* column ids */
  GPtrArray *rows;        /* GbacwChartRow* */
  GPtrArray *cell_notes;  /* GbacwCellNote* */
} GbacwChart;

GbacwChart      *gbacw_chart_new (const char *id, const char *name);
void             gbacw_chart_free (GbacwChart *chart);
GbacwChart      *gbacw_chart_copy (const GbacwChart *chart);
int              gbacw_chart_find_column (const GbacwChart *chart, const char *col);
int              gbacw_chart_find_row (const GbacwChart *chart, const char *row);
/* The cell at (row id, column id), or NULL if there is no such row or column. */
const GbacwCell *gbacw_chart_lookup (const GbacwChart *chart, const char *row, const char *col);
GbacwChartRow   *gbacw_chart_add_row (GbacwChart *chart, const char *id, const char *name);
void             gbacw_chart_remove_row (GbacwChart *chart, guint index);
/* Parses "1", "?", "[R2]", "{3}" into a cell; formats it back. */
void             gbacw_cell_parse (GbacwCell *cell, const char *text);
char            *gbacw_cell_format (const GbacwCell *cell);
void             gbacw_cell_clear (GbacwCell *cell);
void             gbacw_cell_copy (GbacwCell *dest, const GbacwCell *src);

/* ---------------------------------------------------------------- map */

typedef enum {
  GBACW_AREA_TOWN,
  GBACW_AREA_SETUP,
  GBACW_AREA_ASSAULT,
  GBACW_AREA_ENTRY,
  GBACW_AREA_OBJECTIVE,
  GBACW_AREA_EXIT,
  GBACW_AREA_OTHER,
} GbacwAreaKind;

typedef struct {
  char *id;
  GbacwAreaKind kind;
  char *name;
  char *side;          /* side id or NULL */
  int vp;              /* GBACW_UNSET when none */
  char *description;
  GArray *hexes;       /* int hex indices, sorted ascending, unique */
} GbacwArea;

typedef struct {
  int hex;             /* hex index */
  double dx, dy;       /* offset from the hex centre, in hex radii */
  double size;         /* relative text size, 1.0 = normal */
  double angle;        /* degrees */
  char *text;
} GbacwLabel;

typedef struct {
  char *file;          /* relative to the scenario file, or NULL */
  double opacity;
  double transform[6]; /* map units -> image pixels: xx yx xy yy x0 y0 */
  double rotation;     /* degrees the scan is turned (clockwise) about the map's centre since it
                        * was fitted or calibrated; already part of transform */
} GbacwBackground;

/* Turns the scan to rotation degrees (clockwise on the map, about the map's centre):
 * transform turns by the difference from bg->rotation, which becomes rotation. */
void  gbacw_background_rotate (GbacwBackground *bg, const GbacwHexGrid *grid, double rotation);
/* The background file as a scenario at to_path stores it: file (as stored by a scenario
 * at from_path, NULL: relative to the current folder, or absolute) relative to to_path's
 * folder when the image is in it or below, else absolute (also when to_path is NULL). */
char *gbacw_background_file_for (const char *from_path, const char *file, const char *to_path);

typedef struct {
  GbacwHexGrid grid;
  GArray *levels;              /* int feet per elevation level, level 0 first; GBACW_UNSET if not entered */
  guint64 *terrain;            /* per hex: mask of hex terrain indices; 0 = not painted */
  guint8 *terrain_stand_in;    /* per hex: 1 when its terrain is a stand-in, not painted by the user
                                  (gbacw-stand-ins.h; saved as "{code}") */
  gint16 *elevation;           /* per hex: level */
  guint32 *hexside_features;   /* per hexside id: mask of hexside type indices */
  guint32 *hexside_inside;     /* per hexside id: bit set = the inside of that feature is the hex on the far side (b of gbacw_hex_grid_hexside_hexes) */
  guint16 *hexside_lines;      /* per hexside id: mask of line types whose segment crosses this hexside (centre to centre) */
  GHashTable *hexside_names;   /* GUINT_TO_POINTER (hexside id) -> char* name (redans, works) */
  GPtrArray *areas;            /* GbacwArea* */
  GPtrArray *labels;           /* GbacwLabel* */
  GbacwBackground background;
  int north;                   /* the compass: where north lies on the map, GbacwNorth; GBACW_NORTH_UNSET when the
                                  scenario does not say (north at the top is assumed) */
} GbacwMap;

/* GbacwMap.north: the side of the map north lies toward (rules matrix 5.P: Pea Ridge's north
 * is toward the higher column numbers, "right"). */
typedef enum {
  GBACW_NORTH_UNSET = -1,
  GBACW_NORTH_TOP,
  GBACW_NORTH_RIGHT,
  GBACW_NORTH_BOTTOM,
  GBACW_NORTH_LEFT,
} GbacwNorth;

/* "top", "right", "bottom", "left"; NULL for GBACW_NORTH_UNSET. */
const char *gbacw_north_name (int north);
/* The GbacwNorth of name, or GBACW_NORTH_UNSET when it is none of them. */
int         gbacw_north_parse (const char *name);
/* The compass bearing (degrees clockwise from north, 0-359) of the hex direction on the map,
 * north at the top when the map does not say. */
int         gbacw_map_direction_bearing (const GbacwMap *map, int direction);

GbacwMap  *gbacw_map_new (const GbacwHexGrid *grid);
void       gbacw_map_free (GbacwMap *map);
GbacwMap  *gbacw_map_copy (const GbacwMap *map);
/* Level heights in feet, GBACW_UNSET when not entered. */
int        gbacw_map_level_height (const GbacwMap *map, int level);
GbacwArea *gbacw_map_find_area (const GbacwMap *map, const char *id);
gboolean   gbacw_area_contains (const GbacwArea *area, int hex);
GbacwArea *gbacw_area_new (const char *id, GbacwAreaKind kind, const char *name);
void       gbacw_area_free (GbacwArea *area);
GbacwArea *gbacw_area_copy (const GbacwArea *area);
void       gbacw_area_sort (GbacwArea *area);
GbacwLabel *gbacw_label_copy (const GbacwLabel *label);
void       gbacw_label_free (GbacwLabel *label);

/* ---------------------------------------------------------------- order of battle */

typedef enum {
  GBACW_FORMATION_ARMY,
  GBACW_FORMATION_CORPS,
  GBACW_FORMATION_DIVISION,
  GBACW_FORMATION_BRIGADE,
  GBACW_FORMATION_GROUP,
} GbacwFormationKind;

typedef enum {
  GBACW_UNIT_INFANTRY,
  GBACW_UNIT_CAVALRY,
  GBACW_UNIT_ARTILLERY,
  GBACW_UNIT_WAGON,
  GBACW_UNIT_LEADER,
} GbacwUnitType;

typedef enum {
  GBACW_LEADER_ARMY,
  GBACW_LEADER_CORPS,
  GBACW_LEADER_DIVISION,
  GBACW_LEADER_BRIGADE,
  GBACW_LEADER_REPLACEMENT,
} GbacwLeaderRole;

typedef enum {
  GBACW_CREW_UNSET,
  GBACW_CREW_FULL,
  GBACW_CREW_HALF,
} GbacwCrew;

typedef enum {
  GBACW_UNIT_FLAG_INDEPENDENT  = 1 << 0, /* 5.3 */
  GBACW_UNIT_FLAG_SHARPSHOOTER = 1 << 1,
  GBACW_UNIT_FLAG_HORSE_ARTILLERY = 1 << 2, /* P 21.13 */
  GBACW_UNIT_FLAG_SECTION      = 1 << 3, /* an artillery section (8.18) */
  GBACW_UNIT_FLAG_DOUBLE_SHOT  = 1 << 4, /* J 21.4 */
} GbacwUnitFlags;

typedef struct {
  char *id;
  char *name;
  char *colour;
} GbacwSide;

typedef struct {
  char *id;
  char *side;              /* side id */
  char *parent;            /* formation id or NULL for a top-level formation of the side */
  GbacwFormationKind kind;
  char *name;
  char *commander;         /* leader unit id or NULL */
  gboolean independent;    /* 17.66 */
  int bce[2];              /* BCE limit for day 1 and day 2 (18.0), GBACW_UNSET */
  int bce_vp;              /* VP for BCE loss, GBACW_UNSET */
  int momentum;            /* momentum points (J 30), GBACW_UNSET */
  guint32 stand_ins;       /* bits 1 << GbacwOobField (gbacw-oob-edit.h): values that are stand-ins */
} GbacwFormation;

typedef struct {
  char *id;
  char *side;              /* side id */
  char *formation;         /* formation id or NULL (independent units) */
  GbacwUnitType type;
  char *designation;       /* leaders: the name */
  guint flags;             /* GbacwUnitFlags */
  /* combat units; GBACW_UNSET where not entered */
  int strength;            /* SP (infantry, cavalry) */
  int morale;              /* 1-5 or GBACW_MORALE_GREEN (13.11) */
  int dismounted_morale;   /* cavalry */
  char *weapon;            /* weapon type code from the Range Effects chart */
  int guns;                /* artillery */
  int rounds;              /* artillery ammunition (11.31) */
  GbacwCrew crew;          /* artillery crew, 15.12 */
  int small_arms_boxes;    /* wagons (11.1) */
  int artillery_boxes;
  int crew_strength;       /* wagon crew */
  /* leaders */
  GbacwLeaderRole role;
  char *rank;
  int er;                  /* Effectiveness Radius (17.1) */
  int rally;               /* Rally Rating (17.13) */
  int dir;                 /* Divisional Integrity Radius (17.2) */
  int cp;                  /* Command Points (17.22) */
  int vp;                  /* VP value (loss of the leader or unit), GBACW_UNSET */
  /* bits 1 << GbacwOobField (gbacw-oob-edit.h): the values that are stand-ins, invented so
     that an unfinished scenario can be played (gbacw-stand-ins.h), not the game's */
  guint32 stand_ins;
} GbacwUnit;

typedef struct {
  GPtrArray *sides;        /* GbacwSide* */
  GPtrArray *formations;   /* GbacwFormation*, document order */
  GPtrArray *units;        /* GbacwUnit*, document order (leaders too) */
  /* lookup indices, rebuilt by gbacw_oob_reindex () after structural changes */
  GHashTable *side_index;       /* id -> GbacwSide* */
  GHashTable *formation_index;  /* id -> GbacwFormation* */
  GHashTable *unit_index;       /* id -> GbacwUnit* */
} GbacwOob;

GbacwSide      *gbacw_side_new (const char *id, const char *name);
GbacwSide      *gbacw_side_copy (const GbacwSide *side);
void            gbacw_side_free (GbacwSide *side);
GbacwFormation *gbacw_formation_new (const char *id, const char *side, GbacwFormationKind kind);
GbacwFormation *gbacw_formation_copy (const GbacwFormation *formation);
void            gbacw_formation_free (GbacwFormation *formation);
GbacwUnit      *gbacw_unit_new (const char *id, const char *side, GbacwUnitType type);
GbacwUnit      *gbacw_unit_copy (const GbacwUnit *unit);
void            gbacw_unit_free (GbacwUnit *unit);

void            gbacw_oob_reindex (GbacwOob *oob);
GbacwSide      *gbacw_oob_find_side (const GbacwOob *oob, const char *id);
GbacwFormation *gbacw_oob_find_formation (const GbacwOob *oob, const char *id);
GbacwUnit      *gbacw_oob_find_unit (const GbacwOob *oob, const char *id);

/* ---------------------------------------------------------------- scenario */

typedef enum {
  GBACW_FORMATION_STATE_UNSET,
  GBACW_FORMATION_STATE_LINE,
  GBACW_FORMATION_STATE_COLUMN,
  GBACW_FORMATION_STATE_MOUNTED,
  GBACW_FORMATION_STATE_DISMOUNTED,
  GBACW_FORMATION_STATE_LIMBERED,
  GBACW_FORMATION_STATE_UNLIMBERED,
} GbacwFormationState;

typedef enum {
  GBACW_STATUS_ROUTED        = 1 << 0,
  GBACW_STATUS_PINNED        = 1 << 1,
  GBACW_STATUS_AMMO_DEPLETED = 1 << 2,
  GBACW_STATUS_ENGAGED       = 1 << 3,
  GBACW_STATUS_HALF_CREW     = 1 << 4,
  GBACW_STATUS_ABANDONED     = 1 << 5,
} GbacwUnitStatus;

typedef struct {
  char *unit;              /* unit id */
  int hex;                 /* hex index */
  GbacwFormationState formation;
  int facing;              /* direction 0-5, or -1 when not set */
  int strength;            /* current strength, GBACW_UNSET = the unit's full strength */
  guint status;            /* GbacwUnitStatus */
} GbacwPlacement;          /* deployment order is stack order in a hex, top first */

typedef struct {
  int n;
  char *time;              /* "08:00" or NULL */
  gboolean night;
  char *first_player;      /* side id that is first player from this turn on, or NULL */
} GbacwTurn;

typedef struct {
  char *id;
  int turn;
  GArray *entry_hexes;     /* int hex indices: the first, then the alternatives */
  GbacwFormationState formation;
  GPtrArray *units;        /* char* unit ids */
  GPtrArray *formations;   /* char* formation ids (every unit of the formation) */
} GbacwReinforcement;

typedef enum {
  GBACW_VP_OBJECTIVE,
  GBACW_VP_ENEMY_SP_LOST,
  GBACW_VP_LEADER_LOST,
  GBACW_VP_BCE_LOST,
  GBACW_VP_UNIT_EXITED,
  GBACW_VP_UNIT_VP,        /* each enemy unit eliminated or captured: its own vp (P 34.11) */
  GBACW_VP_CUSTOM,
} GbacwVpEvent;

/* How the enemy's unit, Strength Points or leader were lost, for the awards that price
 * the outcomes differently (P 34.11: a captured Strength Point 2 VP, an eliminated one 1;
 * a leader wounded, killed or captured, 17.73). */
typedef enum {
  GBACW_VP_HOW_ANY,
  GBACW_VP_HOW_ELIMINATED,
  GBACW_VP_HOW_CAPTURED,
  GBACW_VP_HOW_WOUNDED,
  GBACW_VP_HOW_KILLED,
} GbacwVpHow;

typedef struct {
  char *id;
  char *side;              /* side id, or "both" */
  GbacwVpEvent event;
  char *area;              /* area id for objective / exit awards */
  int vp;
  gboolean each_turn;      /* when="each-turn" rather than at the end */
  char *text;
  GbacwVpHow how;          /* enemy-sp-lost, unit-vp, leader-lost: which losses count */
  char *unit_type;         /* unit-vp: only units of this type ("wagon"), NULL = any */
  char *role;              /* leader-lost: only leaders of this role ("brigade"), NULL = any */
} GbacwVpAward;

typedef struct {
  char *name;
  char *side;
  int min;                 /* minimum VP difference (side's VP minus the other's) */
} GbacwVictoryLevel;

typedef struct {
  char *side;
  char *area;
  int turn;                /* GBACW_UNSET = any turn */
  char *text;
} GbacwAutomaticVictory;

typedef struct {
  char *name;
  char *value;
} GbacwParam;

typedef struct {
  char *id;
  gboolean enabled;
  GPtrArray *params;       /* GbacwParam* */
} GbacwExclusiveRule;

typedef struct {
  char *title;
  char *game;
  char *description;
} GbacwScenarioInfo;

typedef struct {
  int first;
  int last;
  char *first_player;      /* side id */
  GPtrArray *turns;        /* GbacwTurn* in turn order */
} GbacwTurnTrack;

typedef struct {
  GbacwScenarioInfo info;
  GbacwCatalogue catalogue;
  GPtrArray *charts;       /* GbacwChart* */
  GbacwMap *map;
  GbacwOob oob;
  GbacwTurnTrack turns;
  GPtrArray *deployment;   /* GbacwPlacement* */
  GPtrArray *reinforcements; /* GbacwReinforcement* */
  GPtrArray *vp_awards;    /* GbacwVpAward* */
  GPtrArray *victory_levels; /* GbacwVictoryLevel* */
  GPtrArray *automatic_victories; /* GbacwAutomaticVictory* */
  GPtrArray *options;      /* GbacwParam*: rule options (id = name) */
  GPtrArray *exclusive_rules; /* GbacwExclusiveRule* */
} GbacwScenario;

GbacwScenario *gbacw_scenario_new (const GbacwHexGrid *grid);
void           gbacw_scenario_free (GbacwScenario *scenario);
GbacwScenario *gbacw_scenario_copy (const GbacwScenario *scenario);
GbacwChart    *gbacw_scenario_find_chart (const GbacwScenario *scenario, const char *id);
const char    *gbacw_scenario_get_option (const GbacwScenario *scenario, const char *id);
GbacwPlacement *gbacw_scenario_find_placement (const GbacwScenario *scenario, const char *unit_id, guint *index_out);

GbacwPlacement *gbacw_placement_new (const char *unit, int hex);
GbacwPlacement *gbacw_placement_copy (const GbacwPlacement *placement);
void            gbacw_placement_free (GbacwPlacement *placement);
GbacwTurn      *gbacw_turn_copy (const GbacwTurn *turn);
void            gbacw_turn_free (GbacwTurn *turn);
GbacwReinforcement *gbacw_reinforcement_new (const char *id, int turn);
GbacwReinforcement *gbacw_reinforcement_copy (const GbacwReinforcement *reinforcement);
void            gbacw_reinforcement_free (GbacwReinforcement *reinforcement);
GbacwVpAward   *gbacw_vp_award_copy (const GbacwVpAward *award);
void            gbacw_vp_award_free (GbacwVpAward *award);
GbacwVictoryLevel *gbacw_victory_level_copy (const GbacwVictoryLevel *level);
void            gbacw_victory_level_free (GbacwVictoryLevel *level);
GbacwAutomaticVictory *gbacw_automatic_victory_copy (const GbacwAutomaticVictory *automatic);
void            gbacw_automatic_victory_free (GbacwAutomaticVictory *automatic);
GbacwParam     *gbacw_param_new (const char *name, const char *value);
GbacwParam     *gbacw_param_copy (const GbacwParam *param);
void            gbacw_param_free (GbacwParam *param);
GbacwExclusiveRule *gbacw_exclusive_rule_copy (const GbacwExclusiveRule *rule);
void            gbacw_exclusive_rule_free (GbacwExclusiveRule *rule);
void            gbacw_scenario_info_copy (GbacwScenarioInfo *dest, const GbacwScenarioInfo *src);
void            gbacw_scenario_info_clear (GbacwScenarioInfo *info);
void            gbacw_turn_track_copy (GbacwTurnTrack *dest, const GbacwTurnTrack *src);
void            gbacw_turn_track_clear (GbacwTurnTrack *track);
void            gbacw_catalogue_copy (GbacwCatalogue *dest, const GbacwCatalogue *src);
void            gbacw_catalogue_clear (GbacwCatalogue *catalogue);
GbacwHexTerrain *gbacw_hex_terrain_copy (const GbacwHexTerrain *terrain);
void            gbacw_hex_terrain_free (GbacwHexTerrain *terrain);
GbacwHexsideType *gbacw_hexside_type_copy (const GbacwHexsideType *type);
void            gbacw_hexside_type_free (GbacwHexsideType *type);
GbacwLineType  *gbacw_line_type_copy (const GbacwLineType *type);
void            gbacw_line_type_free (GbacwLineType *type);

/* Enum <-> file-format token tables. Parsing returns -1 for an unknown token. */
const char *gbacw_area_kind_to_string (GbacwAreaKind kind);
int         gbacw_area_kind_from_string (const char *s);
/* The kind in the user's words, translated: "town", "set-up area", "objective"… */
const char *gbacw_area_kind_name (GbacwAreaKind kind);
const char *gbacw_formation_kind_to_string (GbacwFormationKind kind);
int         gbacw_formation_kind_from_string (const char *s);
const char *gbacw_unit_type_to_string (GbacwUnitType type);
int         gbacw_unit_type_from_string (const char *s);
const char *gbacw_leader_role_to_string (GbacwLeaderRole role);
int         gbacw_leader_role_from_string (const char *s);
const char *gbacw_formation_state_to_string (GbacwFormationState state);
int         gbacw_formation_state_from_string (const char *s);
const char *gbacw_vp_event_to_string (GbacwVpEvent event);
int         gbacw_vp_event_from_string (const char *s);
const char *gbacw_vp_how_to_string (GbacwVpHow how);
int         gbacw_vp_how_from_string (const char *s);
const char *gbacw_side_mode_to_string (GbacwSideMode mode);
int         gbacw_side_mode_from_string (const char *s);
/* Status flags <-> space-separated words; parsing fails on an unknown word. */
char       *gbacw_status_to_string (guint status);
gboolean    gbacw_status_from_string (const char *s, guint *status);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwScenario, gbacw_scenario_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwMap, gbacw_map_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (GbacwChart, gbacw_chart_free)

G_END_DECLS
