/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-map-edit.h: a set of cell changes on the map's layers, and the map's other
 * undoable edits (hexside names, named areas).
 *
 * The old value of each cell is read from the scenario when the edit is first
 * applied, so an edit can be built from what the user did before knowing what
 * was there. Edits of one brush stroke share a merge key and merge into one
 * undo step.
 */
#pragma once

#include "gbacw-command.h"

G_BEGIN_DECLS

/* The highest level the elevation tools set (the renderer tints levels 0 to 15). */
#define GBACW_MAX_ELEVATION_LEVEL 15

typedef enum {
  GBACW_LAYER_TERRAIN,            /* per hex: guint64 mask of hex terrain indices */
  GBACW_LAYER_ELEVATION,          /* per hex: level (a gint16, passed as (guint64) (gint64) level) */
  GBACW_LAYER_HEXSIDE_FEATURES,   /* per hexside id: guint32 mask of hexside type indices */
  GBACW_LAYER_HEXSIDE_INSIDE,     /* per hexside id: guint32 mask, see GbacwMap */
  GBACW_LAYER_HEXSIDE_LINES,      /* per hexside id: guint16 mask of line type indices */
  GBACW_LAYER_TERRAIN_STAND_IN,   /* per hex: 1 when its terrain is a stand-in (GbacwMap.terrain_stand_in).
                                     An edit that sets a hex's terrain takes the mark off, unless it
                                     sets this layer for the hex too. */
} GbacwMapLayer;

#define GBACW_TYPE_MAP_EDIT (gbacw_map_edit_get_type ())
G_DECLARE_FINAL_TYPE (GbacwMapEdit, gbacw_map_edit, GBACW, MAP_EDIT, GbacwCommand)

/* merge_key: 0 never merges; edits with the same non-zero key merge (one per stroke,
 * e.g. g_get_monotonic_time () at button press). */
GbacwMapEdit *gbacw_map_edit_new (const char *label, guint merge_key);
/* Setting the same cell twice keeps the last value. Values are truncated to the layer's width. */
void          gbacw_map_edit_set (GbacwMapEdit *self, GbacwMapLayer layer, guint index, guint64 new_value);
/* name NULL removes the name. */
void          gbacw_map_edit_set_hexside_name (GbacwMapEdit *self, GbacwHexsideId hexside, const char *name);
guint         gbacw_map_edit_get_merge_key (GbacwMapEdit *self);
/* Cells and names set; 0 for an edit that would change nothing because it names nothing. */
guint         gbacw_map_edit_get_n_changes (GbacwMapEdit *self);

/* Convenience constructors; they read the scenario to compute new values but do not
 * apply anything. hexes are int hex indices; off-map ones are ignored. */

/* add TRUE adds mask to each hex's terrain (replaces a stand-in terrain); FALSE replaces it (mask 0 erases). */
GbacwMapEdit *gbacw_map_edit_paint_terrain (const GbacwScenario *scenario, GArray *hexes, guint64 mask,
                                            gboolean add, guint merge_key);
GbacwMapEdit *gbacw_map_edit_set_elevation (const GbacwScenario *scenario, GArray *hexes, int level,
                                            guint merge_key);
/* Turns hexside type type_index on or off on hexside. For a side="inside" type,
 * inside_hex (an index, one of the two hexes of the hexside) says which hex is
 * inside; -1 keeps what is recorded. Turning off the last feature of a hexside also
 * drops its name, which the file could not keep. A side="inside" feature (a redan, works)
 * turned on beside a named work's hexside of the same type (sharing a corner) joins that
 * work: the hexside takes its name. */
GbacwMapEdit *gbacw_map_edit_set_hexside_feature (const GbacwScenario *scenario, GbacwHexsideId hexside,
                                                  int type_index, gboolean on, int inside_hex,
                                                  guint merge_key);
/* Turns line type line_type on or off between the adjacent on-map hexes a and b. */
GbacwMapEdit *gbacw_map_edit_set_line (const GbacwScenario *scenario, GbacwHex a, GbacwHex b, int line_type,
                                       gboolean on, guint merge_key);
/* Lays (on) or erases line type line_type along path, an array of int hex indices each
 * a neighbour of the one before (a pair that is not is skipped): one edit, "Draw line" or
 * "Erase line", holding only the hexsides that change. */
GbacwMapEdit *gbacw_map_edit_draw_line (const GbacwScenario *scenario, GArray *path, int line_type, gboolean on,
                                        guint merge_key);
/* Erases every segment of line type line_type that leaves hex (an index). */
GbacwMapEdit *gbacw_map_edit_clear_lines_at (const GbacwScenario *scenario, int hex, int line_type,
                                             guint merge_key);
/* Raises (step > 0) or lowers each hex's level by step, within 0 and
 * GBACW_MAX_ELEVATION_LEVEL; hexes already at the limit are left out. */
GbacwMapEdit *gbacw_map_edit_step_elevation (const GbacwScenario *scenario, GArray *hexes, int step,
                                             guint merge_key);

/* What gbacw_map_edit_erase () clears. */
typedef enum {
  GBACW_ERASE_TERRAIN  = 1 << 0,   /* the hexes' terrain */
  GBACW_ERASE_HEXSIDES = 1 << 1,   /* the features (and names) of their hexsides */
  GBACW_ERASE_LINES    = 1 << 2,   /* the lines across their hexsides */
} GbacwEraseFlags;

/* Clears what of each of hexes and its six hexsides; "Erase", holding only what changes. */
GbacwMapEdit *gbacw_map_edit_erase (const GbacwScenario *scenario, GArray *hexes, GbacwEraseFlags what,
                                    guint merge_key);
/* Replaces the terrain of start_hex and of every hex connected to it (through
 * neighbours) that has the same terrain mask as it by mask. */
GbacwMapEdit *gbacw_map_edit_flood_fill (const GbacwScenario *scenario, int start_hex, guint64 mask);
/* Marks crest_type_index on every hexside between two on-map hexes of different
 * elevation (existing marks stay). */
GbacwMapEdit *gbacw_map_edit_auto_crest (const GbacwScenario *scenario, int crest_type_index);
/* Names hexside (redans and works carry names shown on the map); name NULL, "" or only
 * blanks removes the name; blanks around it are dropped. A hexside without a feature can
 * hold a name too. An edit with no changes when the name is already so. */
GbacwMapEdit *gbacw_map_edit_name_hexside (const GbacwScenario *scenario, GbacwHexsideId hexside,
                                           const char *name);

/* The hexsides (GbacwHexsideId, ascending) of the work hexside belongs to: a redan or
 * works is one named work over its hexsides. Of a named hexside, every hexside of that
 * name; of one without a name, itself and the unnamed hexsides joined to it corner to
 * corner that carry one of its side="inside" features. */
GArray       *gbacw_map_work_hexsides (const GbacwScenario *scenario, GbacwHexsideId hexside);
/* Names the work hexside belongs to (gbacw_map_work_hexsides ()), every hexside of it, as
 * one edit; name NULL, "" or only blanks removes the name. Renaming a work to the name of
 * another merges them. An edit with no changes when the name is already so. */
GbacwMapEdit *gbacw_map_edit_name_work (const GbacwScenario *scenario, GbacwHexsideId hexside, const char *name);

/* Named areas (map->areas). Each returns a command (transfer full) or NULL and an error
 * of GBACW_OOB_EDIT_ERROR whose message says why (translated, to be shown to the user);
 * nothing is applied. Areas are found by id. */

/* Gives area id a new name (blanks around it dropped; it must not be empty). The id,
 * which the victory conditions refer to, stays. An empty command when the name is the same. */
GbacwCommand *gbacw_map_edit_rename_area (const GbacwScenario *scenario, const char *id, const char *name,
                                          GError **error);
/* Removes area id. Refused (GBACW_OOB_EDIT_ERROR_NOT_ALLOWED) while a VP award or an
 * automatic victory names it: the file could not be loaded with the reference dangling. */
GbacwCommand *gbacw_map_edit_remove_area (const GbacwScenario *scenario, const char *id, GError **error);

G_END_DECLS
