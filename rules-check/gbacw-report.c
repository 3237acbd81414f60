/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-report.c: findings as text or JSON. */
#define G_LOG_DOMAIN "gbacw-report"

#include "gbacw-report.h"

char *
gbacw_report_text (GPtrArray *findings, const GbacwHexGrid *grid, const char *file_name)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < findings->len; i++)
    {
      const GbacwFinding *f = g_ptr_array_index (findings, i);
      g_autofree char *location = gbacw_finding_format_location (f, grid);
      g_string_append_printf (out, "%s:%s: %s: [%s] %s\n", file_name, location, gbacw_severity_to_string (f->severity),
                              f->rule_case ? f->rule_case : "-", f->message ? f->message : "");
    }
  return g_string_free (out, FALSE);
}

void
gbacw_json_append_string (GString *out, const char *s)
{
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) (s ? s : ""); *p; p++)
    {
      switch (*p)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        case '\b':
          g_string_append (out, "\\b");
          break;
        case '\f':
          g_string_append (out, "\\f");
          break;
        default:
          if (*p < 0x20 || *p == 0x7f)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, (char) *p);  /* UTF-8 passes through */
          break;
        }
    }
  g_string_append_c (out, '"');
}

static void
member (GString *out, const char *name, const char *value)
{
  g_string_append (out, ", ");
  gbacw_json_append_string (out, name);
  g_string_append (out, ": ");
  gbacw_json_append_string (out, value);
}

static const char *
kind_name (GbacwLocationKind kind)
{
  switch (kind)
    {
    case GBACW_LOCATION_CHART:
      return "chart";
    case GBACW_LOCATION_AREA:
      return "area";
    case GBACW_LOCATION_HEX:
      return "hex";
    case GBACW_LOCATION_HEXSIDE:
      return "hexside";
    case GBACW_LOCATION_REINFORCEMENT:
      return "reinforcement";
    case GBACW_LOCATION_FORMATION:
      return "formation";
    case GBACW_LOCATION_UNIT:
      return "unit";
    case GBACW_LOCATION_SETTING:
    default:
      return "setting";
    }
}

char *
gbacw_report_json (GPtrArray *findings, const GbacwHexGrid *grid, const char *file_name)
{
  GString *out = g_string_new ("[");

  for (guint i = 0; i < findings->len; i++)
    {
      const GbacwFinding *f = g_ptr_array_index (findings, i);
      g_autofree char *location = gbacw_finding_format_location (f, grid);

      g_string_append (out, i ? ",\n  {" : "\n  {");
      gbacw_json_append_string (out, "file");
      g_string_append (out, ": ");
      gbacw_json_append_string (out, file_name);
      member (out, "location", location);
      member (out, "severity", gbacw_severity_to_string (f->severity));
      member (out, "case", f->rule_case);
      member (out, "check", f->check);
      member (out, "message", f->message);
      member (out, "kind", kind_name (f->location));
      switch (f->location)
        {
        case GBACW_LOCATION_HEX:
        case GBACW_LOCATION_HEXSIDE:
          if (f->hex >= 0)
            {
              g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, f->hex));
              member (out, "hex", label);
              if (f->location == GBACW_LOCATION_HEXSIDE)
                member (out, "direction", gbacw_hex_direction_name (grid->orientation, f->direction));
            }
          break;
        case GBACW_LOCATION_CHART:
          member (out, "chart", f->id);
          if (f->row)
            member (out, "row", f->row);
          if (f->column)
            member (out, "column", f->column);
          break;
        case GBACW_LOCATION_SETTING:
        case GBACW_LOCATION_AREA:
        case GBACW_LOCATION_REINFORCEMENT:
        case GBACW_LOCATION_FORMATION:
        case GBACW_LOCATION_UNIT:
        default:
          member (out, "id", f->id);
          break;
        }
      g_string_append_c (out, '}');
    }
  g_string_append (out, findings->len ? "\n]\n" : "]\n");
  return g_string_free (out, FALSE);
}
