/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-private.h: what the groups of checks (gbacw-checks-*.c) share.
 *
 * Every check appends GbacwFindings; a check id (the second argument of gbacw_emit)
 * names what produced each one (the list is in gbacw-checker.c). Rule cases are those
 * of the Standard Rules (sections 1-18) where one applies, else of the exclusive rules
 * that introduced the mechanism (e.g. 23.27, Corinth redans); "scenario" marks what
 * rests on the scenario's own instructions (set-up, victory conditions).
 */
#pragma once

#include "gbacw-checker-private.h"

#include <string.h>

G_BEGIN_DECLS

/* Catalogue entries by index; callers pass indices below the catalogue's length (masks
 * are and-ed with ctx->valid_*). */
static inline const GbacwHexTerrain *
terrain_at (const CheckContext *ctx, guint index)
{
  return g_ptr_array_index (ctx->s->catalogue.hex_terrains, index);
}

static inline const GbacwHexsideType *
side_type_at (const CheckContext *ctx, guint index)
{
  return g_ptr_array_index (ctx->s->catalogue.hexside_types, index);
}

static inline const GbacwLineType *
line_type_at (const CheckContext *ctx, guint index)
{
  return g_ptr_array_index (ctx->s->catalogue.line_types, index);
}

static inline const char *
name_or_id (const char *name, const char *id)
{
  return name && *name ? name : id;
}

static inline gboolean
is_combat_unit (const GbacwUnit *u)
{
  return u->type != GBACW_UNIT_LEADER;
}

static inline gboolean
strv_has (const char *const *v, const char *s)
{
  for (; v && *v; v++)
    if (g_strcmp0 (*v, s) == 0)
      return TRUE;
  return FALSE;
}

static inline void
emit_unit (GbacwFinding *f, const char *id)
{
  gbacw_finding_set_id (f, GBACW_LOCATION_UNIT, id);
}

static inline void
emit_setting (GbacwFinding *f, const char *name)
{
  gbacw_finding_set_id (f, GBACW_LOCATION_SETTING, name);
}

/* Names for messages. */
const char *gbacw_unit_type_name (GbacwUnitType type);

/* The exclusive rules a scenario names and their parameters (gbacw-checks-exclusive.c). */
void gbacw_check_rules (CheckContext *ctx, GPtrArray *out);
/* C 29.4: the Union free set-up limits of corinth.union-deployment-limits (gbacw-checks-corinth.c). */
void gbacw_check_corinth_setup (CheckContext *ctx, const GbacwExclusiveRule *rule, const char *setting, GPtrArray *out);

G_END_DECLS
