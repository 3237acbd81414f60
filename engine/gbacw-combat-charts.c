/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-combat-charts.c: reading the combat charts of a scenario. */
#define G_LOG_DOMAIN "gbacw-combat-charts"

#include "gbacw-combat-charts.h"

#include "gbacw-rules-data.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (gbacw-chart-error-quark, gbacw_chart_error)

/* Copies value with white space trimmed and the Unicode minus/dashes used as signs
 * turned into ASCII '-'. */
static char *
normalise (const char *value)
{
  GString *s = g_string_new (NULL);

  for (const char *p = value; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (c == 0x2212 || c == 0x2013 || c == 0x2014)
        g_string_append_c (s, '-');
      else if (c == 0x00BD)
        g_string_append (s, "1/2");
      else
        g_string_append_unichar (s, c);
    }
  return g_strstrip (g_string_free (s, FALSE));
}

/* Cell vocabulary: model/gbacw-rules-data.h reads it; these are the engine's views. */

gboolean
gbacw_cell_is_dash (const char *value)
{
  GbacwValue v;
  return value != NULL && gbacw_value_parse (value, &v) && v.kind == GBACW_VALUE_NONE;
}

gboolean
gbacw_cell_parse_number (const char *value, double *out)
{
  GbacwValue v;
  if (value == NULL || !gbacw_value_parse (value, &v)
      || (v.kind != GBACW_VALUE_NUMBER && v.kind != GBACW_VALUE_ADD))
    return FALSE;
  *out = gbacw_value_to_double (&v);
  return TRUE;
}

gboolean
gbacw_cell_parse_shift (const char *value, int *out)
{
  GbacwValue v;
  if (value == NULL || !gbacw_value_parse (value, &v))
    return FALSE;
  switch (v.kind)
    {
    case GBACW_VALUE_NONE:
      *out = 0;
      return TRUE;
    case GBACW_VALUE_SHIFT:
      *out = v.num;
      return TRUE;
    case GBACW_VALUE_NUMBER:
    case GBACW_VALUE_ADD:
      if (v.den != 1)
        return FALSE;
      *out = v.num;
      return TRUE;
    default:
      return FALSE;
    }
}

gboolean
gbacw_range_label_lower (const char *label, double *lower)
{
  g_autofree char *v = NULL;
  char *end = NULL;

  if (label == NULL)
    return FALSE;
  v = normalise (label);
  *lower = g_ascii_strtod (v, &end);
  if (end == v)
    return FALSE;
  return *end == '\0' || *end == '+' || *end == '-';
}

gboolean
gbacw_range_label_contains (const char *label, double n, gboolean first)
{
  g_autofree char *v = NULL;
  char *end = NULL;
  double lo, hi;

  if (label == NULL)
    return FALSE;
  v = normalise (label);
  lo = g_ascii_strtod (v, &end);
  if (end == v)
    return FALSE;
  if (*end == '\0')
    return first ? n <= lo : n == lo;
  if (*end == '+' && end[1] == '\0')
    return n >= lo;
  if (*end == '-')
    {
      const char *rest = end + 1;
      hi = g_ascii_strtod (rest, &end);
      if (end == rest || *end != '\0')
        return FALSE;
      return (first || n >= lo) && n <= hi;
    }
  return FALSE;
}

static const char *
chart_title (const GbacwChart *chart)
{
  return chart->name ? chart->name : chart->id;
}

/* The value of the chart's cell at row r and column c (both found), or NULL with an error
 * when the cell is empty or unknown. */
static const char *
cell_value (const GbacwChart *chart, int r, int c, GError **error)
{
  const GbacwChartRow *chart_row = g_ptr_array_index (chart->rows, r);

  if (chart_row->cells[c].value == NULL || chart_row->cells[c].status == GBACW_CELL_UNKNOWN)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_UNKNOWN_CELL,
                   _("The %s does not give row “%s”, column “%s” (the cell is unknown)"),
                   chart_title (chart), chart_row->id, (const char *) g_ptr_array_index (chart->columns, c));
      return NULL;
    }
  return chart_row->cells[c].value;
}

const char *
gbacw_chart_value (const GbacwScenario *scenario, const char *chart_id, const char *row, const char *col,
                   GError **error)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, chart_id);
  int r, c;

  if (chart == NULL)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   _("The scenario has no chart “%s”"), chart_id);
      return NULL;
    }
  r = gbacw_chart_find_row (chart, row);
  c = gbacw_chart_find_column (chart, col);
  if (r < 0 || c < 0)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   r < 0 ? _("The %s has no row “%s”") : _("The %s has no column “%s”"),
                   chart_title (chart), r < 0 ? row : col);
      return NULL;
    }
  return cell_value (chart, r, c, error);
}

/* ------------------------------------------------------------- range 9.25 */

/* 9.25: the maximum range of weapon on the Range Effects chart, and the weapon's row there
 * (*row_out); -1 with an error when the chart does not give it. */
static int
range_max_of (const GbacwChart *chart, const char *weapon, int *row_out, GError **error)
{
  const char *value;
  double n;
  int r, c;

  if (weapon == NULL)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_NOT_ALLOWED,
                   _("[9.21] The unit has no weapon type and may not fire"));
      return -1;
    }
  if (chart == NULL)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   _("The scenario has no chart “%s”"), "range-effects");
      return -1;
    }
  r = gbacw_chart_find_row (chart, weapon);
  c = gbacw_chart_find_column (chart, "max");
  if (r < 0 || c < 0)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   r < 0 ? _("The %s has no row “%s”") : _("The %s has no column “%s”"),
                   chart_title (chart), r < 0 ? weapon : "max");
      return -1;
    }
  value = cell_value (chart, r, c, error);
  if (value == NULL)
    return -1;
  if (!gbacw_cell_parse_number (value, &n) || n < 0)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_BAD_CELL,
                   _("The Range Effects chart gives “%s” as the maximum range of %s"), value, weapon);
      return -1;
    }
  *row_out = r;
  return (int) n;
}

int
gbacw_range_max (const GbacwScenario *scenario, const char *weapon, GError **error)
{
  int row;

  return range_max_of (gbacw_scenario_find_chart (scenario, "range-effects"), weapon, &row, error);
}

gboolean
gbacw_range_multiplier (const GbacwScenario *scenario, const char *weapon, int range, double *multiplier,
                        GError **error)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "range-effects");
  int row = -1;
  int max = range_max_of (chart, weapon, &row, error);
  const char *value;

  if (max < 0)
    return FALSE;
  if (range > max)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_NOT_ALLOWED,
                   g_dngettext (GETTEXT_PACKAGE, "[9.23] The target is %d hex away, beyond the maximum range of %s (%d)",
                                "[9.23] The target is %d hexes away, beyond the maximum range of %s (%d)", range),
                   range, weapon, max);
      return FALSE;
    }
  for (guint c = 0; c < chart->columns->len; c++)
    {
      const char *col = g_ptr_array_index (chart->columns, c);
      if (g_str_equal (col, "max") || !gbacw_range_label_contains (col, range, FALSE))
        continue;
      value = cell_value (chart, row, (int) c, error);
      if (value == NULL)
        return FALSE;
      if (gbacw_cell_is_dash (value))
        {
          g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_NOT_ALLOWED,
                       g_dngettext (GETTEXT_PACKAGE, "[9.23] %s may not fire at a range of %d hex",
                                    "[9.23] %s may not fire at a range of %d hexes", range), weapon, range);
          return FALSE;
        }
      if (!gbacw_cell_parse_number (value, multiplier) || *multiplier < 0)
        {
          g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_BAD_CELL,
                       _("The Range Effects chart gives “%s” for %s at range %s"), value, weapon, col);
          return FALSE;
        }
      return TRUE;
    }
  g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
               g_dngettext (GETTEXT_PACKAGE, "The Range Effects chart has no column for a range of %d hex",
                            "The Range Effects chart has no column for a range of %d hexes", range), range);
  return FALSE;
}

/* --------------------------------------------------------------- CRT 9.16 */

int
gbacw_fire_crt_column (const GbacwScenario *scenario, gboolean grapeshot, double total, int *n_columns,
                       GError **error)
{
  const char *row = grapeshot ? "grapeshot" : "small-arms";
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "fire-crt");
  int best = 0, r;

  if (chart == NULL || chart->columns->len == 0)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   _("The scenario has no chart “%s”"), "fire-crt");
      return -1;
    }
  r = gbacw_chart_find_row (chart, row);
  if (r < 0)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING, _("The %s has no row “%s”"),
                   chart_title (chart), row);
      return -1;
    }
  for (guint c = 0; c < chart->columns->len; c++)
    {
      const char *value = cell_value (chart, r, (int) c, error);
      double lower;
      if (value == NULL)
        return -1;
      if (!gbacw_range_label_lower (value, &lower))
        {
          g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_BAD_CELL,
                       _("The Fire Combat Results Table gives “%s” as a column heading"), value);
          return -1;
        }
      /* the first column takes everything below it ("0 or less", "3 or less") */
      if (c == 0 || total >= lower)
        best = (int) c;
    }
  if (n_columns)
    *n_columns = (int) chart->columns->len;
  return best;
}

gboolean
gbacw_crt_parse (const char *value, GbacwCrtResult *out)
{
  g_autofree char *v = NULL;
  char *end = NULL;
  gint64 n;

  memset (out, 0, sizeof *out);
  if (value == NULL)
    return FALSE;
  if (gbacw_cell_is_dash (value))
    return TRUE;
  v = normalise (value);
  if (g_ascii_strcasecmp (v, "P") == 0)
    out->kind = GBACW_CRT_PIN;
  else if (g_ascii_strcasecmp (v, "R") == 0)
    out->kind = GBACW_CRT_ROUT;
  else if (g_ascii_strcasecmp (v, "P/R") == 0)
    out->kind = GBACW_CRT_PIN_ROUT;
  else
    {
      n = g_ascii_strtoll (v, &end, 10);
      if (end == v || n < 0)
        return FALSE;
      out->kind = GBACW_CRT_LOSS;
      out->losses = (int) n;
      if (*end == '*')
        {
          out->star = TRUE;
          end++;
        }
      if (*end != '\0')
        return FALSE;
    }
  return TRUE;
}

gboolean
gbacw_fire_crt_result (const GbacwScenario *scenario, int column, int die, GbacwCrtResult *out, GError **error)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "fire-crt");
  char row[16];
  const char *value;
  int r;

  if (chart == NULL || column < 0 || column >= (int) chart->columns->len)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   _("The Fire Combat Results Table has no column %d"), column + 1);
      return FALSE;
    }
  g_snprintf (row, sizeof row, "%d", die);
  r = gbacw_chart_find_row (chart, row);
  if (r < 0)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING, _("The %s has no row “%s”"),
                   chart_title (chart), row);
      return FALSE;
    }
  value = cell_value (chart, r, column, error);
  if (value == NULL)
    return FALSE;
  if (!gbacw_crt_parse (value, out))
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_BAD_CELL,
                   _("The Fire Combat Results Table gives “%s”, which is not a fire result"), value);
      return FALSE;
    }
  return TRUE;
}

char *
gbacw_crt_result_to_string (const GbacwCrtResult *result)
{
  switch (result->kind)
    {
    case GBACW_CRT_PIN:
      return g_strdup ("P");
    case GBACW_CRT_ROUT:
      return g_strdup ("R");
    case GBACW_CRT_PIN_ROUT:
      return g_strdup ("P/R");
    case GBACW_CRT_LOSS:
      return g_strdup_printf ("%d%s", result->losses, result->star ? "*" : "");
    case GBACW_CRT_NONE:
    default:
      return g_strdup ("—");
    }
}

/* ----------------------------------------------------------- density 8.35 */

gboolean
gbacw_density_shift (const GbacwScenario *scenario, int sp, int *shift, GError **error)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "density");

  *shift = 0;
  if (chart == NULL)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   _("The scenario has no chart “%s”"), "density");
      return FALSE;
    }
  if (sp <= 0)
    return TRUE;   /* an empty hex (leaders only) */
  for (guint r = 0; r < chart->rows->len; r++)
    {
      const GbacwChartRow *row = g_ptr_array_index (chart->rows, r);
      if (!gbacw_range_label_contains (row->id, sp, FALSE))
        continue;
      const char *value = gbacw_chart_value (scenario, "density", row->id, "shift", error);
      if (value == NULL)
        return FALSE;
      if (!gbacw_cell_parse_shift (value, shift))
        {
          g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_BAD_CELL,
                       _("The Density Adjustment Chart gives “%s”, which is not a column shift"), value);
          return FALSE;
        }
      return TRUE;
    }
  g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
               g_dngettext (GETTEXT_PACKAGE, "The Density Adjustment Chart has no row for %d Strength Point",
                            "The Density Adjustment Chart has no row for %d Strength Points", sp), sp);
  return FALSE;
}

/* ------------------------------------------------------ terrain combat 9.56 */

GbacwTecAnswer
gbacw_terrain_blocks_los (const GbacwScenario *scenario, const char *terrain_id)
{
  const char *value = gbacw_chart_value (scenario, "terrain-combat", terrain_id, "blocks-los", NULL);

  if (value == NULL)
    return GBACW_TEC_ABSENT;
  if (g_ascii_strcasecmp (value, "yes") == 0)
    return GBACW_TEC_YES;
  if (g_ascii_strcasecmp (value, "other") == 0 || g_ascii_strcasecmp (value, "O/T") == 0)
    return GBACW_TEC_OTHER;
  return GBACW_TEC_NO;
}

gboolean
gbacw_terrain_fire_shift (const GbacwScenario *scenario, const char *terrain_id, int *shift)
{
  const char *value = gbacw_chart_value (scenario, "terrain-combat", terrain_id, "fire-shift", NULL);

  *shift = 0;
  if (value == NULL || g_ascii_strcasecmp (value, "other") == 0 || g_ascii_strcasecmp (value, "O/T") == 0)
    return FALSE;
  return gbacw_cell_parse_shift (value, shift);
}

/* ------------------------------------------------------- leader loss 17.76 */

/* "6", "2,12", "2 or 12", "2-4": whether roll is listed. */
static gboolean
roll_listed (const char *value, int roll)
{
  g_autofree char *v = normalise (value);
  g_auto (GStrv) parts = NULL;

  for (char *p = v; *p; p++)
    if (*p == ',' || *p == ';')
      *p = ' ';
  parts = g_strsplit (v, " ", -1);
  for (guint i = 0; parts[i]; i++)
    {
      if (parts[i][0] == '\0' || g_ascii_strcasecmp (parts[i], "or") == 0)
        continue;
      if (gbacw_range_label_contains (parts[i], roll, FALSE))
        return TRUE;
    }
  return FALSE;
}

gboolean
gbacw_leader_casualty (const GbacwScenario *scenario, const char *row, int roll, GbacwLeaderFate *fate,
                       GError **error)
{
  static const struct { const char *col; GbacwLeaderFate fate; } cols[] = {
    { "killed", GBACW_LEADER_FATE_KILLED },
    { "captured", GBACW_LEADER_FATE_CAPTURED },
    { "wounded", GBACW_LEADER_FATE_WOUNDED },
  };

  *fate = GBACW_LEADER_FATE_NONE;
  if (gbacw_scenario_find_chart (scenario, "leader-casualty") == NULL)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   _("The scenario has no chart “%s”"), "leader-casualty");
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cols); i++)
    {
      const char *value = gbacw_chart_value (scenario, "leader-casualty", row, cols[i].col, error);
      if (value == NULL)
        return FALSE;
      if (!gbacw_cell_is_dash (value) && roll_listed (value, roll))
        {
          *fate = cols[i].fate;
          return TRUE;
        }
    }
  return TRUE;
}

gboolean
gbacw_seeing_the_elephant (const GbacwScenario *scenario, int roll, int *morale, GError **error)
{
  g_autofree char *row = g_strdup_printf ("%d", roll);
  const char *value = gbacw_chart_value (scenario, "seeing-the-elephant", row, "morale", error);
  double n;

  if (value == NULL)
    return FALSE;
  if (!gbacw_cell_parse_number (value, &n) || n < 1)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_BAD_CELL,
                   _("The Seeing the Elephant Table gives “%s”, which is not a Morale Rating"), value);
      return FALSE;
    }
  *morale = (int) n;
  return TRUE;
}

/* ------------------------------------------------------------ melee 12.98 */

static gboolean
parse_differential (const char *label, int *out)
{
  g_autofree char *v = normalise (label);
  char *end = NULL;
  gint64 n;

  if (v == NULL || *v == '\0')
    return FALSE;
  n = g_ascii_strtoll (v[0] == '+' ? v + 1 : v, &end, 10);
  if (end == NULL || *end != '\0' || end == (v[0] == '+' ? v + 1 : v))
    return FALSE;
  *out = (int) n;
  return TRUE;
}

gboolean
gbacw_melee_crt_limits (const GbacwScenario *scenario, int *lowest, int *highest, GError **error)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "melee-crt");
  gboolean any = FALSE;

  if (chart == NULL)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING, _("The scenario has no chart “%s”"), "melee-crt");
      return FALSE;
    }
  for (guint i = 0; i < chart->columns->len; i++)
    {
      int d;
      if (!parse_differential (g_ptr_array_index (chart->columns, i), &d))
        continue;
      if (!any || d < *lowest)
        *lowest = d;
      if (!any || d > *highest)
        *highest = d;
      any = TRUE;
    }
  if (!any)
    g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_BAD_CELL, _("The %s has no differential columns"),
                 chart_title (chart));
  return any;
}

const char *
gbacw_melee_crt_column (const GbacwScenario *scenario, int differential)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "melee-crt");
  int lowest = 0, highest = 0;

  if (chart == NULL || !gbacw_melee_crt_limits (scenario, &lowest, &highest, NULL))
    return NULL;
  differential = CLAMP (differential, lowest, highest);
  for (guint i = 0; i < chart->columns->len; i++)
    {
      int d;
      if (parse_differential (g_ptr_array_index (chart->columns, i), &d) && d == differential)
        return g_ptr_array_index (chart->columns, i);
    }
  return NULL;
}

gboolean
gbacw_melee_result_parse (const char *value, GbacwMeleeResult *out)
{
  g_autofree char *v = NULL;
  const char *p;

  memset (out, 0, sizeof *out);
  if (value == NULL)
    return FALSE;
  v = normalise (value);
  if (gbacw_cell_is_dash (v))
    return TRUE;
  if (g_ascii_strcasecmp (v, "Eng") == 0)
    {
      out->engaged = TRUE;
      return TRUE;
    }
  if (g_ascii_strcasecmp (v, "Rpls") == 0)
    {
      out->repulsed = TRUE;
      return TRUE;
    }
  for (p = v; *p;)
    {
      char kind = g_ascii_toupper (*p++);
      int n = 1;
      if (g_ascii_isdigit (*p))
        {
          char *end = NULL;
          n = (int) g_ascii_strtoll (p, &end, 10);
          p = end;
        }
      else if (kind != 'K')
        return FALSE;
      switch (kind)
        {
        case 'K': out->killed += n; break;
        case 'C': out->captured += n; break;
        case 'R': out->retreat = MAX (out->retreat, n); break;
        default: return FALSE;
        }
    }
  return TRUE;
}

gboolean
gbacw_melee_crt_result (const GbacwScenario *scenario, int differential, int die, gboolean attacker,
                        GbacwMeleeResult *out, GError **error)
{
  const char *col = gbacw_melee_crt_column (scenario, differential);
  g_autofree char *row = g_strdup_printf ("%d%c", die, attacker ? 'a' : 'd');
  const char *value;

  if (col == NULL)
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_MISSING,
                   _("The Melee Combat Results Table has no column for the differential %+d"), differential);
      return FALSE;
    }
  value = gbacw_chart_value (scenario, "melee-crt", row, col, error);
  if (value == NULL)
    return FALSE;
  if (!gbacw_melee_result_parse (value, out))
    {
      g_set_error (error, GBACW_CHART_ERROR, GBACW_CHART_ERROR_BAD_CELL,
                   _("The Melee Combat Results Table gives “%s” at row “%s”, column “%s”: not a melee result"), value,
                   row, col);
      return FALSE;
    }
  return TRUE;
}

gboolean
gbacw_terrain_melee (const GbacwScenario *scenario, const char *terrain_id, int *points)
{
  const char *value = gbacw_chart_value (scenario, "terrain-combat", terrain_id, "melee", NULL);
  g_autofree char *v = NULL;
  double n;

  *points = 0;
  if (value == NULL || gbacw_cell_is_dash (value) || g_ascii_strcasecmp (value, "other") == 0)
    return FALSE;
  v = normalise (value);
  if (g_str_has_suffix (v, "SP"))
    v[strlen (v) - 2] = '\0';
  g_strstrip (v);
  if (!gbacw_cell_parse_number (v, &n))
    return FALSE;
  *points = (int) n;
  return TRUE;
}

gboolean
gbacw_terrain_no_charge (const GbacwScenario *scenario, const char *terrain_id)
{
  const char *value = gbacw_chart_value (scenario, "terrain-combat", terrain_id, "charge", NULL);
  return value && g_ascii_strcasecmp (value, "no") == 0;
}
