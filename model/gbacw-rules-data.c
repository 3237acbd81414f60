/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rules-data.c: the charts read as rules (5.19, 8.12-8.18). */
#define G_LOG_DOMAIN "gbacw-rules-data"

#include "gbacw-rules-data.h"

#include <string.h>

/* ---------------------------------------------------------------- cell vocabulary */

static gboolean
is_dash (const char *s)
{
  return strcmp (s, "-") == 0 || strcmp (s, "—") == 0 || strcmp (s, "–") == 0 || strcmp (s, "−") == 0;
}

/* Reads digits at *p; FALSE if there are none. */
static gboolean
read_uint (const char **p, int *out)
{
  gint64 v = 0;
  const char *s = *p;
  if (!g_ascii_isdigit (*s))
    return FALSE;
  while (g_ascii_isdigit (*s))
    {
      v = v * 10 + (*s - '0');
      if (v > 1000000)
        return FALSE;
      s++;
    }
  *out = (int) v;
  *p = s;
  return TRUE;
}

/* A number at *p: "3", "1/2", "1 1/2", "1½", "½". */
static gboolean
read_number (const char **p, int *num, int *den)
{
  const char *s = *p;
  int whole = 0, a, b;
  gboolean have_whole = FALSE;

  if (g_str_has_prefix (s, "½"))
    {
      *num = 1;
      *den = 2;
      *p = s + strlen ("½");
      return TRUE;
    }
  if (!read_uint (&s, &whole))
    return FALSE;
  have_whole = TRUE;
  if (*s == '/')
    {
      const char *t = s + 1;
      if (!read_uint (&t, &b) || b == 0)
        return FALSE;
      *num = whole;
      *den = b;
      *p = t;
      return TRUE;
    }
  if (g_str_has_prefix (s, "½"))
    {
      *num = whole * 2 + 1;
      *den = 2;
      *p = s + strlen ("½");
      return TRUE;
    }
  if (*s == ' ' && g_ascii_isdigit (s[1]))
    {
      const char *t = s + 1;
      if (read_uint (&t, &a) && *t == '/')
        {
          t++;
          if (read_uint (&t, &b) && b != 0 && a < b)
            {
              *num = whole * b + a;
              *den = b;
              *p = t;
              return TRUE;
            }
        }
    }
  if (have_whole)
    {
      *num = whole;
      *den = 1;
      *p = s;
    }
  return have_whole;
}

/* Hand-written matchers: these run on every chart cell of a full check. */
static gboolean
match_uint (const char **p)
{
  int v;
  return read_uint (p, &v);
}

gboolean
gbacw_value_is_fire_result (const char *text)
{
  const char *p = text;
  if (text == NULL)
    return FALSE;
  if (is_dash (text) || strcmp (text, "P") == 0 || strcmp (text, "R") == 0 || strcmp (text, "P/R") == 0)
    return TRUE;
  if (!match_uint (&p))
    return FALSE;
  if (*p == '*')
    p++;
  return *p == '\0';
}

gboolean
gbacw_value_is_melee_result (const char *text)
{
  const char *p = text;
  if (text == NULL)
    return FALSE;
  if (is_dash (text) || strcmp (text, "K") == 0 || strcmp (text, "Eng") == 0 || strcmp (text, "Rpls") == 0)
    return TRUE;
  if (*p == 'C')
    {
      p++;
      if (!match_uint (&p))
        return FALSE;
      if (*p == '\0')
        return TRUE;
    }
  if (*p != 'R')
    return FALSE;
  p++;
  return match_uint (&p) && *p == '\0';
}

gboolean
gbacw_value_is_range (const char *text)
{
  const char *p = text;
  if (text == NULL || !match_uint (&p))
    return FALSE;
  if (*p == '\0' || (p[0] == '+' && p[1] == '\0') || strcmp (p, " or less") == 0)
    return TRUE;
  if (*p == '-')
    {
      p++;
      return match_uint (&p) && *p == '\0';
    }
  while (*p == ',')
    {
      p++;
      if (!match_uint (&p))
        return FALSE;
    }
  return *p == '\0';
}

/* Ammunition Loss Table cells (11.34): "1/2", "4/E", "WE". */
static gboolean
is_ammo_loss (const char *text)
{
  const char *p = text;
  if (strcmp (text, "WE") == 0)
    return TRUE;
  if (!match_uint (&p) || *p != '/')
    return FALSE;
  p++;
  if (strcmp (p, "E") == 0)
    return TRUE;
  return match_uint (&p) && *p == '\0';
}

gboolean
gbacw_value_parse (const char *text, GbacwValue *out)
{
  g_autofree char *s = NULL;
  const char *p;
  int sign = 1, num = 0, den = 1;
  gboolean plus = FALSE;

  memset (out, 0, sizeof *out);
  out->den = 1;
  if (text == NULL)
    {
      out->kind = GBACW_VALUE_UNKNOWN;
      return TRUE;
    }
  s = g_strstrip (g_strdup (text));
  if (*s == '\0' || strcmp (s, "?") == 0)
    {
      out->kind = GBACW_VALUE_UNKNOWN;
      return TRUE;
    }
  if (is_dash (s))
    {
      out->kind = GBACW_VALUE_NONE;
      return TRUE;
    }
  if (g_ascii_strcasecmp (s, "P") == 0)
    out->kind = GBACW_VALUE_PROHIBITED;
  else if (g_ascii_strcasecmp (s, "all") == 0)
    out->kind = GBACW_VALUE_ALL;
  else if (g_ascii_strcasecmp (s, "other") == 0)
    out->kind = GBACW_VALUE_OTHER;
  else if (g_ascii_strcasecmp (s, "yes") == 0)
    out->kind = GBACW_VALUE_YES;
  else if (g_ascii_strcasecmp (s, "no") == 0)
    out->kind = GBACW_VALUE_NO;
  if (out->kind != GBACW_VALUE_UNKNOWN)
    return TRUE;

  p = s;
  if (*p == '+')
    {
      plus = TRUE;
      p++;
    }
  else if (*p == '-')
    {
      sign = -1;
      p++;
    }
  else if (g_str_has_prefix (p, "−"))
    {
      sign = -1;
      p += strlen ("−");
    }
  if (read_number (&p, &num, &den))
    {
      if (*p == '\0')
        {
          out->kind = plus ? GBACW_VALUE_ADD : GBACW_VALUE_NUMBER;
          out->num = sign * num;
          out->den = den;
          return TRUE;
        }
      if (den == 1 && !plus && sign > 0 && (p[0] == 'L' || p[0] == 'l' || p[0] == 'R' || p[0] == 'r') && p[1] == '\0')
        {
          out->kind = GBACW_VALUE_SHIFT;
          out->num = (p[0] == 'L' || p[0] == 'l') ? -num : num;
          return TRUE;
        }
      while (*p == ' ')
        p++;
      if (den == 1 && g_ascii_strcasecmp (p, "SP") == 0)
        {
          out->kind = GBACW_VALUE_SP;
          out->num = sign * num;
          return TRUE;
        }
    }
  if (gbacw_value_is_fire_result (s) || gbacw_value_is_melee_result (s) || gbacw_value_is_range (s)
      || is_ammo_loss (s))
    {
      out->kind = GBACW_VALUE_TEXT;
      return TRUE;
    }
  out->kind = GBACW_VALUE_INVALID;
  return FALSE;
}

gboolean
gbacw_value_from_cell (const GbacwCell *cell, GbacwValue *out)
{
  if (cell == NULL || cell->status == GBACW_CELL_UNKNOWN)
    return gbacw_value_parse (NULL, out);
  return gbacw_value_parse (cell->value, out);
}

int
gbacw_value_halves (const GbacwValue *value)
{
  if (value->den <= 0)
    return 0;
  /* ceil (2 * num / den) for num >= 0 */
  int twice = 2 * value->num;
  if (twice >= 0)
    return (twice + value->den - 1) / value->den;
  return twice / value->den;
}

double
gbacw_value_to_double (const GbacwValue *value)
{
  return value->den > 0 ? (double) value->num / value->den : 0.0;
}

/* ---------------------------------------------------------------- movement classes */

static const char *const move_rows[GBACW_N_MOVE_CLASSES] = {
  "infantry-line", "infantry-column", "cavalry-mounted", "cavalry-dismounted",
  "artillery-limbered", "artillery-unlimbered", "wagon", "leader",
};

const char *
gbacw_move_class_to_row (GbacwMoveClass move_class)
{
  return (guint) move_class < GBACW_N_MOVE_CLASSES ? move_rows[move_class] : NULL;
}

int
gbacw_move_class_for (GbacwUnitType type, GbacwFormationState formation)
{
  switch (type)
    {
    case GBACW_UNIT_INFANTRY:
      if (formation == GBACW_FORMATION_STATE_UNSET || formation == GBACW_FORMATION_STATE_LINE)
        return GBACW_MOVE_INFANTRY_LINE;
      return formation == GBACW_FORMATION_STATE_COLUMN ? GBACW_MOVE_INFANTRY_COLUMN : -1;
    case GBACW_UNIT_CAVALRY:
      if (formation == GBACW_FORMATION_STATE_UNSET || formation == GBACW_FORMATION_STATE_MOUNTED)
        return GBACW_MOVE_CAVALRY_MOUNTED;
      return formation == GBACW_FORMATION_STATE_DISMOUNTED ? GBACW_MOVE_CAVALRY_DISMOUNTED : -1;
    case GBACW_UNIT_ARTILLERY:
      if (formation == GBACW_FORMATION_STATE_UNSET || formation == GBACW_FORMATION_STATE_LIMBERED)
        return GBACW_MOVE_ARTILLERY_LIMBERED;
      return formation == GBACW_FORMATION_STATE_UNLIMBERED ? GBACW_MOVE_ARTILLERY_UNLIMBERED : -1;
    case GBACW_UNIT_WAGON:
      return formation == GBACW_FORMATION_STATE_UNSET ? GBACW_MOVE_WAGON : -1;
    case GBACW_UNIT_LEADER:
      return formation == GBACW_FORMATION_STATE_UNSET ? GBACW_MOVE_LEADER : -1;
    default:
      return -1;
    }
}

gboolean
gbacw_move_class_uses_roads (GbacwMoveClass move_class)
{
  switch (move_class)
    {
    case GBACW_MOVE_INFANTRY_COLUMN:
    case GBACW_MOVE_CAVALRY_MOUNTED:
    case GBACW_MOVE_ARTILLERY_LIMBERED:
    case GBACW_MOVE_WAGON:
    case GBACW_MOVE_LEADER:
      return TRUE;
    case GBACW_MOVE_INFANTRY_LINE:
    case GBACW_MOVE_CAVALRY_DISMOUNTED:
    case GBACW_MOVE_ARTILLERY_UNLIMBERED:
    default:
      return FALSE;
    }
}

/* ---------------------------------------------------------------- the rules data */

typedef struct {
  GbacwValue value;
  const char *column;      /* column id, for reports */
} Entry;

struct _GbacwRulesData {
  guint n_terrains, n_sides, n_lines;
  GStringChunk *strings;

  /* Terrain Effects on Movement (5.19), per class */
  GbacwValue ma[GBACW_N_MOVE_CLASSES];
  Entry *hex[GBACW_N_MOVE_CLASSES];     /* n_terrains */
  Entry *side[GBACW_N_MOVE_CLASSES];    /* n_sides; crest-like types: the .up column */
  Entry *down[GBACW_N_MOVE_CLASSES];    /* n_sides; crest-like types: the .down column */
  Entry *line[GBACW_N_MOVE_CLASSES];    /* n_lines */

  /* hexside types, as masks of type indices */
  guint32 *requires;                     /* n_sides: the types each one requires */
  guint32 crossing_mask;                 /* types with requires= */
  guint32 bridge_mask;                   /* style bridge: 6.12 */
  guint32 elevation_mask;                /* side="elevation": .up / .down columns */
  guint32 impassable_mask;               /* style impassable: 10.5 */
  guint32 inside_mask;                   /* side="inside" */

  /* Stacking Restrictions (8.18) */
  GbacwStackingLimits *stack_terrain;    /* n_terrains */
  GbacwStackingLimits *stack_inside;     /* n_sides */
  GbacwStackingLimits stack_column;
};

static void
read_entry (GbacwRulesData *data, const GbacwChart *chart, int row, const char *column, Entry *out)
{
  int col = chart ? gbacw_chart_find_column (chart, column) : -1;

  out->column = g_string_chunk_insert_const (data->strings, column);
  if (row < 0 || col < 0)
    {
      gbacw_value_parse (NULL, &out->value);
      return;
    }
  gbacw_value_from_cell (&((GbacwChartRow *) g_ptr_array_index (chart->rows, row))->cells[col], &out->value);
}

static int
stack_value (const GbacwChart *chart, int row, const char *column)
{
  int col = gbacw_chart_find_column (chart, column);
  GbacwValue v;

  if (row < 0 || col < 0)
    return GBACW_UNSET;
  gbacw_value_from_cell (&((GbacwChartRow *) g_ptr_array_index (chart->rows, row))->cells[col], &v);
  if (v.kind == GBACW_VALUE_NUMBER && v.den == 1 && v.num >= 0)
    return v.num;
  return GBACW_UNSET;
}

static void
read_stacking_row (const GbacwChart *chart, const char *row_id, GbacwStackingLimits *out)
{
  int row = chart ? gbacw_chart_find_row (chart, row_id) : -1;

  out->units = out->sp = out->sections = out->fire_per_hexside = out->melee_max = GBACW_UNSET;
  if (row < 0)
    return;
  out->units = stack_value (chart, row, "units");
  out->sp = stack_value (chart, row, "sp");
  out->sections = stack_value (chart, row, "sections");
  out->fire_per_hexside = stack_value (chart, row, "fire-per-hexside");
  out->melee_max = stack_value (chart, row, "melee-max");
}

GbacwRulesData *
gbacw_rules_data_new (const GbacwScenario *scenario)
{
  GbacwRulesData *data = g_new0 (GbacwRulesData, 1);
  const GbacwCatalogue *cat = &scenario->catalogue;
  const GbacwChart *movement = gbacw_scenario_find_chart (scenario, "terrain-movement");
  const GbacwChart *stacking = gbacw_scenario_find_chart (scenario, "stacking");

  data->strings = g_string_chunk_new (256);
  data->n_terrains = cat->hex_terrains->len;
  data->n_sides = cat->hexside_types->len;
  data->n_lines = cat->line_types->len;
  data->requires = g_new0 (guint32, MAX (data->n_sides, 1));

  for (guint k = 0; k < data->n_sides; k++)
    {
      const GbacwHexsideType *type = g_ptr_array_index (cat->hexside_types, k);
      if (type->requires)
        for (guint i = 0; type->requires[i]; i++)
          {
            int r = gbacw_catalogue_find_hexside_type (cat, type->requires[i]);
            if (r >= 0 && (guint) r != k)
              data->requires[k] |= 1u << r;
          }
      if (data->requires[k])
        data->crossing_mask |= 1u << k;
      if (g_strcmp0 (type->style, "bridge") == 0)
        data->bridge_mask |= 1u << k;
      if (g_strcmp0 (type->style, "impassable") == 0)
        data->impassable_mask |= 1u << k;
      if (type->side == GBACW_SIDE_MODE_ELEVATION)
        data->elevation_mask |= 1u << k;
      if (type->side == GBACW_SIDE_MODE_INSIDE)
        data->inside_mask |= 1u << k;
    }

  for (int c = 0; c < GBACW_N_MOVE_CLASSES; c++)
    {
      int row = movement ? gbacw_chart_find_row (movement, move_rows[c]) : -1;
      Entry ma;

      read_entry (data, movement, row, "ma", &ma);
      data->ma[c] = ma.value;
      data->hex[c] = g_new0 (Entry, MAX (data->n_terrains, 1));
      data->side[c] = g_new0 (Entry, MAX (data->n_sides, 1));
      data->down[c] = g_new0 (Entry, MAX (data->n_sides, 1));
      data->line[c] = g_new0 (Entry, MAX (data->n_lines, 1));
      for (guint t = 0; t < data->n_terrains; t++)
        read_entry (data, movement, row, ((GbacwHexTerrain *) g_ptr_array_index (cat->hex_terrains, t))->id,
                    &data->hex[c][t]);
      for (guint k = 0; k < data->n_sides; k++)
        {
          const char *id = ((GbacwHexsideType *) g_ptr_array_index (cat->hexside_types, k))->id;
          if (data->elevation_mask & (1u << k))
            {
              g_autofree char *up = g_strconcat (id, ".up", NULL);
              g_autofree char *down = g_strconcat (id, ".down", NULL);
              read_entry (data, movement, row, up, &data->side[c][k]);
              read_entry (data, movement, row, down, &data->down[c][k]);
            }
          else
            read_entry (data, movement, row, id, &data->side[c][k]);
        }
      for (guint l = 0; l < data->n_lines; l++)
        read_entry (data, movement, row, ((GbacwLineType *) g_ptr_array_index (cat->line_types, l))->id,
                    &data->line[c][l]);
    }

  data->stack_terrain = g_new0 (GbacwStackingLimits, MAX (data->n_terrains, 1));
  data->stack_inside = g_new0 (GbacwStackingLimits, MAX (data->n_sides, 1));
  for (guint t = 0; t < data->n_terrains; t++)
    read_stacking_row (stacking, ((GbacwHexTerrain *) g_ptr_array_index (cat->hex_terrains, t))->id,
                       &data->stack_terrain[t]);
  for (guint k = 0; k < data->n_sides; k++)
    read_stacking_row ((data->inside_mask & (1u << k)) ? stacking : NULL,
                       ((GbacwHexsideType *) g_ptr_array_index (cat->hexside_types, k))->id, &data->stack_inside[k]);
  read_stacking_row (stacking, "column", &data->stack_column);
  return data;
}

void
gbacw_rules_data_free (GbacwRulesData *data)
{
  if (data == NULL)
    return;
  for (int c = 0; c < GBACW_N_MOVE_CLASSES; c++)
    {
      g_free (data->hex[c]);
      g_free (data->side[c]);
      g_free (data->down[c]);
      g_free (data->line[c]);
    }
  g_free (data->requires);
  g_free (data->stack_terrain);
  g_free (data->stack_inside);
  g_string_chunk_free (data->strings);
  g_free (data);
}

/* ---------------------------------------------------------------- movement costs */

/* Folds one more part into a cost, by precedence: prohibited, whole MA, unknown, MP. */
static void
cost_merge (GbacwMoveCost *acc, GbacwCostKind kind, int halves, const char *column, gboolean add)
{
  static const int rank[] = { [GBACW_COST_MP] = 0, [GBACW_COST_UNKNOWN] = 1, [GBACW_COST_ALL] = 2,
                              [GBACW_COST_PROHIBITED] = 3 };
  if (rank[kind] > rank[acc->kind])
    {
      acc->kind = kind;
      acc->column = column;
    }
  if (kind == GBACW_COST_MP)
    acc->halves = add ? acc->halves + halves : MAX (acc->halves, halves);
}

/* One cell as a part of a cost. Hex terrain: a number (or "+n") is the cost, — and
 * "other" add nothing. Hexsides: "+n" or "n" is added, — is nothing. */
static void
cost_merge_entry (GbacwMoveCost *acc, const Entry *e, gboolean add)
{
  switch (e->value.kind)
    {
    case GBACW_VALUE_NUMBER:
    case GBACW_VALUE_ADD:
      cost_merge (acc, GBACW_COST_MP, MAX (0, gbacw_value_halves (&e->value)), NULL, add);
      break;
    case GBACW_VALUE_NONE:
    case GBACW_VALUE_OTHER:
      break;
    case GBACW_VALUE_PROHIBITED:
      cost_merge (acc, GBACW_COST_PROHIBITED, 0, NULL, add);
      break;
    case GBACW_VALUE_ALL:
      cost_merge (acc, GBACW_COST_ALL, 0, NULL, add);
      break;
    case GBACW_VALUE_UNKNOWN:
    case GBACW_VALUE_INVALID:
    case GBACW_VALUE_SHIFT:
    case GBACW_VALUE_YES:
    case GBACW_VALUE_NO:
    case GBACW_VALUE_SP:
    case GBACW_VALUE_TEXT:
    default:
      cost_merge (acc, GBACW_COST_UNKNOWN, 0, e->column, add);
      break;
    }
}

static void
hex_terrain_cost (const GbacwRulesData *data, GbacwMoveClass c, guint64 mask, GbacwMoveCost *out)
{
  out->kind = GBACW_COST_MP;
  out->halves = 0;
  out->column = NULL;
  if (mask == 0)
    {
      out->kind = GBACW_COST_UNKNOWN;
      return;
    }
  /* 5.15: the most expensive terrain in the hex */
  for (guint64 m = mask; m; m &= m - 1)
    {
      guint t = (guint) __builtin_ctzll (m);
      if (t < data->n_terrains)
        cost_merge_entry (out, &data->hex[c][t], FALSE);
      else
        cost_merge (out, GBACW_COST_UNKNOWN, 0, NULL, FALSE);
    }
}

void
gbacw_rules_data_hex_cost (const GbacwRulesData *data, const GbacwMap *map, GbacwMoveClass move_class, int hex,
                           GbacwMoveCost *out)
{
  g_return_if_fail ((guint) move_class < GBACW_N_MOVE_CLASSES);
  hex_terrain_cost (data, move_class, map->terrain[hex], out);
}

/* The features of a hexside that count for the class: a usable crossing removes the
 * features it requires (and what they require); an unusable one is disregarded.
 * Returns FALSE with *unknown set when a crossing's usability is unknown. */
static guint32
effective_features (const GbacwRulesData *data, GbacwMoveClass c, guint32 features, const Entry **unknown)
{
  guint32 crossings = features & data->crossing_mask;
  guint32 superseded = 0, ignored = 0;

  *unknown = NULL;
  for (guint32 m = crossings; m; m &= m - 1)
    {
      guint k = (guint) __builtin_ctz (m);
      const Entry *e = &data->side[c][k];
      if (!(features & data->requires[k]))
        continue;  /* not over what it needs: a map error, counted as a plain feature */
      if (((data->bridge_mask & (1u << k)) && !gbacw_move_class_uses_roads (c))
          || e->value.kind == GBACW_VALUE_PROHIBITED)
        {
          ignored |= 1u << k;  /* 6.12: the bridge is disregarded; J 23.11: may not use it */
          continue;
        }
      if (e->value.kind == GBACW_VALUE_UNKNOWN || e->value.kind == GBACW_VALUE_INVALID)
        {
          *unknown = e;
          continue;
        }
      /* the crossing supersedes what it requires, transitively (wagon bridge > ford > river) */
      guint32 todo = data->requires[k] & features;
      while (todo)
        {
          guint r = (guint) __builtin_ctz (todo);
          todo &= todo - 1;
          if (!(superseded & (1u << r)))
            {
              superseded |= 1u << r;
              todo |= data->requires[r] & features & ~superseded;
            }
        }
    }
  return features & ~superseded & ~ignored;
}

/* The cheapest of the lines (a hexside's bits) the class may use: MP, UNKNOWN (one of
 * them is unknown and none is known), or PROHIBITED when none is usable. */
static void
line_cost (const GbacwRulesData *data, GbacwMoveClass c, guint16 lines, GbacwMoveCost *best)
{
  *best = (GbacwMoveCost) { GBACW_COST_PROHIBITED, 0, NULL };
  for (guint m = lines; m; m &= m - 1)
    {
      guint l = (guint) __builtin_ctz (m);
      const Entry *e;
      if (l >= data->n_lines)
        continue;
      e = &data->line[c][l];
      if (e->value.kind == GBACW_VALUE_NUMBER || e->value.kind == GBACW_VALUE_ADD)
        {
          int h = MAX (0, gbacw_value_halves (&e->value));
          if (best->kind != GBACW_COST_MP || h < best->halves)
            {
              best->kind = GBACW_COST_MP;
              best->halves = h;
            }
        }
      else if ((e->value.kind == GBACW_VALUE_UNKNOWN || e->value.kind == GBACW_VALUE_INVALID)
               && best->kind == GBACW_COST_PROHIBITED)
        {
          best->kind = GBACW_COST_UNKNOWN;
          best->column = e->column;
        }
    }
}

gboolean
gbacw_rules_data_line_cost (const GbacwRulesData *data, const GbacwMap *map, GbacwMoveClass move_class, int from,
                            int direction, int *halves)
{
  const GbacwHexGrid *grid = &map->grid;
  GbacwHex a = gbacw_hex_grid_hex_at (grid, from);
  GbacwHexsideId id;
  GbacwMoveCost best;

  g_return_val_if_fail ((guint) move_class < GBACW_N_MOVE_CLASSES, FALSE);
  if (gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, a, direction)) < 0
      || !gbacw_move_class_uses_roads (move_class))
    return FALSE;
  id = gbacw_hex_grid_hexside (grid, a, direction);
  if (id == GBACW_HEXSIDE_NONE || map->hexside_lines[id] == 0)
    return FALSE;
  line_cost (data, move_class, map->hexside_lines[id], &best);
  if (best.kind != GBACW_COST_MP)
    return FALSE;
  *halves = best.halves;
  return TRUE;
}

void
gbacw_rules_data_move_cost (const GbacwRulesData *data, const GbacwMap *map, GbacwMoveClass move_class, int from,
                            int direction, GbacwMoveCost *out)
{
  const GbacwHexGrid *grid = &map->grid;
  GbacwHex a = gbacw_hex_grid_hex_at (grid, from);
  int to = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, a, direction));
  GbacwHexsideId id = to >= 0 ? gbacw_hex_grid_hexside (grid, a, direction) : GBACW_HEXSIDE_NONE;

  gbacw_rules_data_move_cost_as (data, map, move_class, from, direction, to >= 0 ? map->terrain[to] : 0,
                                 id != GBACW_HEXSIDE_NONE ? map->hexside_features[id] : 0, out);
}

void
gbacw_rules_data_move_cost_as (const GbacwRulesData *data, const GbacwMap *map, GbacwMoveClass move_class, int from,
                               int direction, guint64 terrain, guint32 features, GbacwMoveCost *out)
{
  const GbacwHexGrid *grid = &map->grid;
  GbacwHex a = gbacw_hex_grid_hex_at (grid, from);
  GbacwHex b = gbacw_hex_grid_neighbour (grid, a, direction);
  int to = gbacw_hex_grid_index (grid, b);
  GbacwMoveClass c = move_class;
  GbacwHexsideId id;
  guint16 lines;
  gboolean on_line = FALSE;

  g_return_if_fail ((guint) move_class < GBACW_N_MOVE_CLASSES);
  out->kind = GBACW_COST_MP;
  out->halves = 0;
  out->column = NULL;
  if (to < 0)
    {
      out->kind = GBACW_COST_PROHIBITED;  /* 5.17 */
      return;
    }
  id = gbacw_hex_grid_hexside (grid, a, direction);
  lines = map->hexside_lines[id];

  /* the hex: a road, pike, trail or railroad across this hexside replaces the other terrain */
  if (lines && gbacw_move_class_uses_roads (c))
    {
      GbacwMoveCost best;
      line_cost (data, c, lines, &best);
      if (best.kind != GBACW_COST_PROHIBITED)
        {
          *out = best;
          on_line = TRUE;
        }
    }
  if (!on_line)
    hex_terrain_cost (data, c, terrain, out);

  /* the hexside, cumulative */
  if (features)
    {
      const Entry *unknown = NULL;
      guint32 effective = effective_features (data, c, features, &unknown);
      if (unknown)
        cost_merge (out, GBACW_COST_UNKNOWN, 0, unknown->column, TRUE);
      if (effective & data->impassable_mask)
        cost_merge (out, GBACW_COST_PROHIBITED, 0, NULL, TRUE);  /* 10.5 */
      for (guint32 m = effective & ~data->impassable_mask; m; m &= m - 1)
        {
          guint k = (guint) __builtin_ctz (m);
          if (k >= data->n_sides)
            continue;
          if (data->elevation_mask & (1u << k))
            {
              /* 22.1: up or down by the hexes' levels; none between equal levels */
              int ea = map->elevation[from], eb = map->elevation[to];
              if (eb > ea)
                cost_merge_entry (out, &data->side[c][k], TRUE);
              else if (eb < ea)
                cost_merge_entry (out, &data->down[c][k], TRUE);
            }
          else
            cost_merge_entry (out, &data->side[c][k], TRUE);
        }
    }
}

gboolean
gbacw_rules_data_movement_allowance (const GbacwRulesData *data, GbacwMoveClass move_class, int side_position,
                                     int *halves)
{
  const GbacwValue *v;

  g_return_val_if_fail ((guint) move_class < GBACW_N_MOVE_CLASSES, FALSE);
  v = &data->ma[move_class];
  if (v->kind != GBACW_VALUE_NUMBER || v->num < 0)
    return FALSE;
  if (v->den != 1)
    {
      /* "8/9": two allowances, one per side (J note A) */
      *halves = 2 * (side_position == 1 ? v->den : v->num);
      return TRUE;
    }
  *halves = 2 * v->num;
  return TRUE;
}

/* ---------------------------------------------------------------- stacking */

static void
limits_min (GbacwStackingLimits *acc, const GbacwStackingLimits *l)
{
#define MIN_FIELD(f) \
  if (l->f != GBACW_UNSET && (acc->f == GBACW_UNSET || l->f < acc->f)) \
    acc->f = l->f;
  MIN_FIELD (units);
  MIN_FIELD (sp);
  MIN_FIELD (sections);
  MIN_FIELD (fire_per_hexside);
  MIN_FIELD (melee_max);
#undef MIN_FIELD
}

void
gbacw_rules_data_stacking_limits (const GbacwRulesData *data, const GbacwMap *map, int hex, gboolean column,
                                  GbacwStackingLimits *out)
{
  const GbacwHexGrid *grid = &map->grid;
  GbacwHex h = gbacw_hex_grid_hex_at (grid, hex);

  out->units = out->sp = out->sections = out->fire_per_hexside = out->melee_max = GBACW_UNSET;
  for (guint64 m = map->terrain[hex]; m; m &= m - 1)
    {
      guint t = (guint) __builtin_ctzll (m);
      if (t < data->n_terrains)
        limits_min (out, &data->stack_terrain[t]);
    }
  if (data->inside_mask)
    for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
      {
        GbacwHexsideId id = gbacw_hex_grid_hexside (grid, h, d);
        guint32 inside = map->hexside_features[id] & data->inside_mask;
        GbacwHex owner;
        if (!inside)
          continue;
        gbacw_hex_grid_hexside_hexes (grid, id, &owner, NULL, NULL);
        gboolean we_are_b = !gbacw_hex_equal (owner, h);
        for (guint32 k = inside; k; k &= k - 1)
          {
            guint t = (guint) __builtin_ctz (k);
            gboolean inside_is_b = (map->hexside_inside[id] >> t) & 1;
            if (inside_is_b == we_are_b && t < data->n_sides)
              limits_min (out, &data->stack_inside[t]);  /* e.g. C 23.27 */
          }
      }
  if (column)
    limits_min (out, &data->stack_column);  /* 8.11, 8.16 */
}

int
gbacw_unit_stacking_points (const GbacwUnit *unit, const GbacwPlacement *placement)
{
  int sp;

  switch (unit->type)
    {
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
      sp = (placement && placement->strength != GBACW_UNSET) ? placement->strength : unit->strength;
      return sp == GBACW_UNSET ? 0 : MAX (sp, 0);  /* 8.12 */
    case GBACW_UNIT_ARTILLERY:
      return (unit->flags & GBACW_UNIT_FLAG_SECTION) ? 0 : 1;  /* 8.13; J 8.18 "+ 6 Sec." */
    case GBACW_UNIT_WAGON:
      return 4;  /* 8.12, 11.14 */
    case GBACW_UNIT_LEADER:
    default:
      return 0;  /* 8.14 */
    }
}
