/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-finding.c: findings, their locations and their order. */
#define G_LOG_DOMAIN "gbacw-finding"

#include "gbacw-finding.h"

#include <string.h>

G_DEFINE_BOXED_TYPE (GbacwFinding, gbacw_finding, gbacw_finding_copy, gbacw_finding_free)

static void
clear_location (GbacwFinding *f)
{
  f->hex = -1;
  f->direction = -1;
  f->hexside = GBACW_HEXSIDE_NONE;
  g_clear_pointer (&f->id, g_free);
  g_clear_pointer (&f->row, g_free);
  g_clear_pointer (&f->column, g_free);
  f->key_col = f->key_row = 0;
}

GbacwFinding *
gbacw_finding_new (GbacwSeverity severity, const char *check, const char *rule_case, char *message)
{
  GbacwFinding *f = g_new0 (GbacwFinding, 1);
  f->severity = severity;
  f->check = g_strdup (check);
  f->rule_case = g_strdup (rule_case);
  f->message = message;
  f->location = GBACW_LOCATION_SETTING;
  clear_location (f);
  return f;
}

GbacwFinding *
gbacw_finding_copy (const GbacwFinding *finding)
{
  GbacwFinding *f = g_memdup2 (finding, sizeof *finding);
  f->check = g_strdup (finding->check);
  f->rule_case = g_strdup (finding->rule_case);
  f->message = g_strdup (finding->message);
  f->id = g_strdup (finding->id);
  f->row = g_strdup (finding->row);
  f->column = g_strdup (finding->column);
  return f;
}

void
gbacw_finding_free (GbacwFinding *finding)
{
  if (finding == NULL)
    return;
  g_free (finding->check);
  g_free (finding->rule_case);
  g_free (finding->message);
  g_free (finding->id);
  g_free (finding->row);
  g_free (finding->column);
  g_free (finding);
}

void
gbacw_finding_set_hex (GbacwFinding *finding, const GbacwHexGrid *grid, int hex)
{
  GbacwHex h = gbacw_hex_grid_hex_at (grid, hex);
  clear_location (finding);
  finding->location = GBACW_LOCATION_HEX;
  finding->hex = hex;
  finding->key_col = h.col;
  finding->key_row = h.row;
}

void
gbacw_finding_set_hexside (GbacwFinding *finding, const GbacwHexGrid *grid, GbacwHexsideId hexside)
{
  GbacwHex a, b;
  int d;

  clear_location (finding);
  finding->location = GBACW_LOCATION_HEXSIDE;
  finding->hexside = hexside;
  if (!gbacw_hex_grid_hexside_hexes (grid, hexside, &a, &d, &b))
    return;
  if (!gbacw_hex_grid_contains (grid, a))
    {
      a = b;
      d = gbacw_hex_direction_opposite (d);
    }
  finding->hex = gbacw_hex_grid_index (grid, a);
  finding->direction = d;
  finding->key_col = a.col;
  finding->key_row = a.row;
}

void
gbacw_finding_set_chart (GbacwFinding *finding, const char *chart, const char *row, const char *column)
{
  clear_location (finding);
  finding->location = GBACW_LOCATION_CHART;
  finding->id = g_strdup (chart);
  finding->row = g_strdup (row);
  finding->column = g_strdup (column);
}

void
gbacw_finding_set_id (GbacwFinding *finding, GbacwLocationKind kind, const char *id)
{
  clear_location (finding);
  finding->location = kind;
  finding->id = g_strdup (id);
}

const char *
gbacw_severity_to_string (GbacwSeverity severity)
{
  switch (severity)
    {
    case GBACW_SEVERITY_ERROR:
      return "error";
    case GBACW_SEVERITY_WARNING:
      return "warning";
    case GBACW_SEVERITY_INFO:
    default:
      return "info";
    }
}

char *
gbacw_finding_format_location (const GbacwFinding *f, const GbacwHexGrid *grid)
{
  switch (f->location)
    {
    case GBACW_LOCATION_HEX:
      return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, f->hex));
    case GBACW_LOCATION_HEXSIDE:
      {
        g_autofree char *label = NULL;
        if (f->hex < 0)
          return g_strdup_printf ("hexside:%u", f->hexside);
        label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, f->hex));
        return g_strdup_printf ("%s/%s", label, gbacw_hex_direction_name (grid->orientation, f->direction));
      }
    case GBACW_LOCATION_CHART:
      if (f->row == NULL && f->column == NULL)
        return g_strdup_printf ("chart:%s", f->id);
      if (f->column == NULL)
        return g_strdup_printf ("chart:%s/%s", f->id, f->row);
      return g_strdup_printf ("chart:%s/%s/%s", f->id, f->row ? f->row : "*", f->column);
    case GBACW_LOCATION_AREA:
      return g_strdup_printf ("area:%s", f->id);
    case GBACW_LOCATION_REINFORCEMENT:
      return g_strdup_printf ("reinforcement:%s", f->id);
    case GBACW_LOCATION_FORMATION:
      return g_strdup_printf ("formation:%s", f->id);
    case GBACW_LOCATION_UNIT:
      return g_strdup_printf ("unit:%s", f->id);
    case GBACW_LOCATION_SETTING:
    default:
      return g_strdup_printf ("setting:%s", f->id ? f->id : "");
    }
}

gboolean
gbacw_finding_equal (const GbacwFinding *a, const GbacwFinding *b)
{
  return a->severity == b->severity && a->location == b->location && a->hex == b->hex
         && a->direction == b->direction && a->hexside == b->hexside && g_strcmp0 (a->check, b->check) == 0
         && g_strcmp0 (a->rule_case, b->rule_case) == 0 && g_strcmp0 (a->message, b->message) == 0
         && g_strcmp0 (a->id, b->id) == 0 && g_strcmp0 (a->row, b->row) == 0
         && g_strcmp0 (a->column, b->column) == 0;
}

/* Location kinds in report order; hexes and hexsides share one place (the map). */
static int
location_rank (GbacwLocationKind kind)
{
  switch (kind)
    {
    case GBACW_LOCATION_SETTING:
      return 0;
    case GBACW_LOCATION_CHART:
      return 1;
    case GBACW_LOCATION_AREA:
      return 2;
    case GBACW_LOCATION_HEX:
    case GBACW_LOCATION_HEXSIDE:
      return 3;
    case GBACW_LOCATION_REINFORCEMENT:
      return 4;
    case GBACW_LOCATION_FORMATION:
      return 5;
    case GBACW_LOCATION_UNIT:
    default:
      return 6;
    }
}

#define CMP(x, y) G_STMT_START { if ((x) != (y)) return (x) < (y) ? -1 : 1; } G_STMT_END
#define CMP_STR(x, y) G_STMT_START { int c_ = g_strcmp0 ((x), (y)); if (c_) return c_; } G_STMT_END

int
gbacw_finding_compare (gconstpointer pa, gconstpointer pb)
{
  const GbacwFinding *a = *(const GbacwFinding *const *) pa;
  const GbacwFinding *b = *(const GbacwFinding *const *) pb;

  CMP (location_rank (a->location), location_rank (b->location));
  if (location_rank (a->location) == 3)
    {
      /* label order: column, then row; the hex before its hexsides */
      CMP (a->key_col, b->key_col);
      CMP (a->key_row, b->key_row);
      CMP (a->location == GBACW_LOCATION_HEXSIDE, b->location == GBACW_LOCATION_HEXSIDE);
      CMP (a->direction, b->direction);
    }
  else
    {
      CMP_STR (a->id, b->id);
      CMP_STR (a->row, b->row);
      CMP_STR (a->column, b->column);
    }
  CMP (b->severity, a->severity);
  CMP_STR (a->check, b->check);
  CMP_STR (a->message, b->message);
  return 0;
}
