/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-common.c: the helpers every group of checks uses (gbacw-checks-private.h,
 * gbacw-checker-private.h). */
#define G_LOG_DOMAIN "gbacw-checks-common"

#include "gbacw-checks-private.h"

/* ==================================================================== helpers */

GbacwFinding *
gbacw_emit (GPtrArray *out, GbacwSeverity severity, const char *check, const char *rule_case, const char *format,
            ...)
{
  va_list args;
  char *message;
  GbacwFinding *f;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  f = gbacw_finding_new (severity, check, rule_case, message);
  f->message_format = g_intern_string (format);
  g_ptr_array_add (out, f);
  return f;
}

const char *
gbacw_unit_name (const GbacwUnit *unit)
{
  return unit->designation && *unit->designation ? unit->designation : unit->id;
}

const char *
gbacw_side_name (const GbacwScenario *s, const char *side_id)
{
  const GbacwSide *side = gbacw_oob_find_side (&s->oob, side_id);
  if (side && side->name && *side->name)
    return side->name;
  return side_id ? side_id : "?";
}

char *
gbacw_hex_label (const CheckContext *ctx, int hex)
{
  return gbacw_hex_grid_format_label (ctx->grid, gbacw_hex_grid_hex_at (ctx->grid, hex));
}

int
gbacw_side_index (const GbacwScenario *s, const char *side_id)
{
  for (guint i = 0; i < s->oob.sides->len; i++)
    if (g_strcmp0 (((GbacwSide *) g_ptr_array_index (s->oob.sides, i))->id, side_id) == 0)
      return (int) i;
  return -1;
}

MoveGroup
gbacw_unit_group (GbacwUnitType type)
{
  switch (type)
    {
    case GBACW_UNIT_INFANTRY:
      return GROUP_INFANTRY;
    case GBACW_UNIT_CAVALRY:
      return GROUP_CAVALRY;
    case GBACW_UNIT_ARTILLERY:
      return GROUP_ARTILLERY;
    case GBACW_UNIT_WAGON:
      return GROUP_WAGON;
    case GBACW_UNIT_LEADER:
    default:
      return GROUP_LEADER;
    }
}

static void
collect_units (const CheckContext *ctx, const char *formation_id, GPtrArray *out, int depth)
{
  GPtrArray *units, *children;

  if (depth > 64)
    return;  /* a cycle: oob.hierarchy reports it */
  units = g_hash_table_lookup (ctx->formation_units, formation_id);
  if (units)
    for (guint i = 0; i < units->len; i++)
      g_ptr_array_add (out, g_ptr_array_index (units, i));
  children = g_hash_table_lookup (ctx->formation_children, formation_id);
  if (children)
    for (guint i = 0; i < children->len; i++)
      collect_units (ctx, ((GbacwFormation *) g_ptr_array_index (children, i))->id, out, depth + 1);
}

void
gbacw_formation_collect_units (const CheckContext *ctx, const char *formation_id, GPtrArray *out)
{
  collect_units (ctx, formation_id, out, 0);
}

gboolean
gbacw_hex_on_edge (const CheckContext *ctx, int hex)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    if (!gbacw_hex_grid_contains (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d)))
      return TRUE;
  return FALSE;
}

const char *
gbacw_unit_type_name (GbacwUnitType type)
{
  switch (type)
    {
    case GBACW_UNIT_INFANTRY:
      return _("infantry");
    case GBACW_UNIT_CAVALRY:
      return _("cavalry");
    case GBACW_UNIT_ARTILLERY:
      return _("artillery");
    case GBACW_UNIT_WAGON:
      return _("supply wagons");
    case GBACW_UNIT_LEADER:
    default:
      return _("leaders");
    }
}
