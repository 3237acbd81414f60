/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-edit-private.h: what the order-of-battle, deployment, reinforcement and
 * settings edits share and nothing else needs. */
#pragma once

#include "gbacw-collection-edit.h"
#include "gbacw-oob-edit.h"

G_BEGIN_DECLS

/* Local aliases so that g_autoptr works without touching gbacw-scenario.h. */
typedef GbacwUnit OobUnit;
typedef GbacwFormation OobFormation;
typedef GbacwReinforcement OobReinforcement;
typedef GbacwArea OobArea;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OobUnit, gbacw_unit_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OobFormation, gbacw_formation_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OobReinforcement, gbacw_reinforcement_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (OobArea, gbacw_area_free)

/* Merge keys: one per field (collection edits merge only for the same item). */
#define MERGE_OOB_FIELD(entry, field) (0x4f420000u | ((guint) (entry) << 8) | (guint) (field))
#define MERGE_FACING          0x4f430001u
#define MERGE_INFO(field)     (0x4f440000u | (guint) (field))
#define MERGE_REINF_TURN      0x4f450001u
/* typing into one parameter merges; another parameter of the same rule is another step */
#define MERGE_EXCLUSIVE_PARAM(name) (0x4f470000u | (g_str_hash (name) & 0xffffu))
#define MERGE_OPTION          0x4f460002u
/* the hexes drawn into one area of an exclusive rule's parameter */
#define MERGE_AREA_DRAW(id)   (0x4f480000u | (g_str_hash (id) & 0xffffu))

#define ALL_STATUS (GBACW_STATUS_ROUTED | GBACW_STATUS_PINNED | GBACW_STATUS_AMMO_DEPLETED | GBACW_STATUS_ENGAGED \
                    | GBACW_STATUS_HALF_CREW | GBACW_STATUS_ABANDONED)

/* gbacw-oob-edit.c: commands of one change, and checks and labels every edit uses */
GbacwCommand *gbacw_oob_edit_empty_command (const char *label);
GbacwCommand *gbacw_oob_edit_one_insert (const char *label, GbacwCollection collection, guint index, gpointer item);
GbacwCommand *gbacw_oob_edit_one_replace (const char *label, GbacwCollection collection, guint index, gpointer item);
GbacwCommand *gbacw_oob_edit_one_remove (const char *label, GbacwCollection collection, guint index);
gboolean gbacw_oob_edit_id_syntax_ok (const char *id);
gboolean gbacw_oob_edit_check_id_syntax (const char *id, GError **error);
int gbacw_oob_edit_find_unit_or_error (const GbacwScenario *s, const char *id, GError **error);
int gbacw_oob_edit_find_formation_or_error (const GbacwScenario *s, const char *id, GError **error);
gboolean gbacw_oob_edit_check_side (const GbacwScenario *s, const char *side, gboolean both_ok, GError **error);
gboolean gbacw_oob_edit_check_hex (const GbacwScenario *s, int hex, GError **error);
char *gbacw_oob_edit_hex_label (const GbacwScenario *s, int hex);
const char *gbacw_oob_edit_unit_title (const GbacwUnit *u);
const char *gbacw_oob_edit_formation_title (const GbacwFormation *f);

/* gbacw-oob-fields.c: a GBACW_OOB_EDIT_ERROR_INVALID error (returns FALSE), and text the
 * file can hold */
gboolean gbacw_oob_edit_set_invalid (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
gboolean gbacw_oob_edit_parse_text (const char *text, char **out, GError **error);

/* gbacw-oob-edit.c: a formation and every formation under it */
GHashTable *gbacw_oob_edit_subtree_formations (const GbacwScenario *s, const char *root, GArray *indices_out);

/* gbacw-oob-edit.c: adds to edit what takes units and formations (sets of ids) out of
 * everything else that refers to them: their placements, the reinforcements they are
 * in, and the formations outside formations that a leader among units commands. */
void gbacw_oob_edit_drop_references (GbacwCollectionEdit *edit, const GbacwScenario *s, GHashTable *units,
                                     GHashTable *formations);

/* gbacw-oob-reinforcements.c: a Game-Turn of the scenario */
gboolean gbacw_oob_edit_check_turn (const GbacwScenario *s, int turn, GError **error);

G_END_DECLS
