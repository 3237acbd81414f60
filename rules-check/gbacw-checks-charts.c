/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-checks-charts.c: the charts and tables a scenario carries. */
#define G_LOG_DOMAIN "gbacw-checks-charts"

#include "gbacw-checks-private.h"

/* ==================================================================== charts */

typedef enum {
  VOCAB_ANY,
  VOCAB_MOVE,        /* 5.19: n, +n, 1/2, P, all, —, other */
  VOCAB_YES_NO,      /* 9.56 charge, blocks-los */
  VOCAB_SHIFT,       /* 9.56 fire-shift, 8.35: nL, nR, 0, — */
  VOCAB_MELEE_SP,    /* 9.56 melee: -n SP, — */
  VOCAB_COUNT,       /* 8.18, 9.25 max: whole numbers */
  VOCAB_MULTIPLIER,  /* 9.25: n, 1/2, — */
  VOCAB_RANGE,       /* 9.16 header rows: a-b, n+ */
  VOCAB_FIRE,        /* 9.16 results */
  VOCAB_MELEE,       /* 12.98 results */
  VOCAB_AMMO,        /* 11.34: a/b, a/E, WE */
  VOCAB_MORALE,      /* 13.15: 1-5 */
  VOCAB_RANGE_NONE,  /* 17.76: dice totals or — */
} Vocab;

typedef struct {
  const char *id;
  const char *name;
  const char *rule_case;
  const char *const *rows;     /* fixed rows, or NULL: computed from what the scenario uses */
  const char *const *columns;  /* required columns */
} StandardChart;

static const char *const density_rows[] = { "1-2", "3-6", "7-9", "10+", NULL };
static const char *const density_cols[] = { "shift", NULL };
static const char *const fire_rows[] = { "grapeshot", "small-arms", "1", "2", "3", "4", "5", "6", NULL };
static const char *const fire_cols[] = { "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", NULL };
static const char *const melee_rows[] = { "1a", "1d", "2a", "2d", "3a", "3d", "4a", "4d", "5a", "5d", "6a", "6d", NULL };
static const char *const melee_cols[] = { "-4", "-3", "-2", "-1", "0", "+1", "+2", "+3", "+4", "+5", "+6", NULL };
static const char *const ammo_rows[] = { "1", "2", "3", "4", "5", "6", NULL };
static const char *const ammo_cols[] = { "1", "2", "3", NULL };
static const char *const elephant_rows[] = { "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", NULL };
static const char *const elephant_cols[] = { "morale", NULL };
static const char *const casualty_rows[] = { "melee-k", "small-arms", "artillery", "melee-c", "melee-rpls", NULL };
static const char *const casualty_cols[] = { "wounded", "killed", "captured", NULL };
static const char *const combat_cols[] = { "charge", "blocks-los", "fire-shift", "melee", NULL };
static const char *const stacking_cols[] = { "units", "sp", "sections", "fire-per-hexside", "melee-max", NULL };
static const char *const range_cols[] = { "max", "1", NULL };
static const char *const movement_cols[] = { "ma", "chg", NULL };

static const StandardChart standard_charts[] = {
  { "terrain-movement", N_("Terrain Effects on Movement Chart"), "5.19", NULL, movement_cols },
  { "terrain-combat", N_("Terrain Effects on Combat Chart"), "9.56", NULL, combat_cols },
  { "stacking", N_("Stacking Restrictions Chart"), "8.18", NULL, stacking_cols },
  { "range-effects", N_("Range Effects Chart"), "9.25", NULL, range_cols },
  { "density", N_("Density Adjustment Chart"), "8.35", density_rows, density_cols },
  { "fire-crt", N_("Fire Combat Results Table"), "9.16", fire_rows, fire_cols },
  { "melee-crt", N_("Melee Combat Results Table"), "12.98", melee_rows, melee_cols },
  { "ammunition-loss", N_("Ammunition Loss Table"), "11.34", ammo_rows, ammo_cols },
  { "seeing-the-elephant", N_("Seeing the Elephant Table"), "13.15", elephant_rows, elephant_cols },
  { "leader-casualty", N_("Leader Casualty Table"), "17.76", casualty_rows, casualty_cols },
};

static Vocab
chart_vocab (const char *chart, const char *row, const char *col)
{
  if (g_str_equal (chart, "terrain-movement"))
    return VOCAB_MOVE;
  if (g_str_equal (chart, "terrain-combat"))
    {
      if (g_str_equal (col, "charge") || g_str_equal (col, "blocks-los"))
        return VOCAB_YES_NO;
      if (g_str_equal (col, "fire-shift"))
        return VOCAB_SHIFT;
      if (g_str_equal (col, "melee"))
        return VOCAB_MELEE_SP;
      return VOCAB_ANY;
    }
  if (g_str_equal (chart, "stacking"))
    return VOCAB_COUNT;
  if (g_str_equal (chart, "range-effects"))
    return g_str_equal (col, "max") ? VOCAB_COUNT : VOCAB_MULTIPLIER;
  if (g_str_equal (chart, "density"))
    return VOCAB_SHIFT;
  if (g_str_equal (chart, "fire-crt"))
    return (g_str_equal (row, "grapeshot") || g_str_equal (row, "small-arms")) ? VOCAB_RANGE : VOCAB_FIRE;
  if (g_str_equal (chart, "melee-crt"))
    return VOCAB_MELEE;
  if (g_str_equal (chart, "ammunition-loss"))
    return VOCAB_AMMO;
  if (g_str_equal (chart, "seeing-the-elephant"))
    return VOCAB_MORALE;
  if (g_str_equal (chart, "leader-casualty"))
    return VOCAB_RANGE_NONE;
  return VOCAB_ANY;
}

static gboolean
cell_valid (Vocab vocab, const char *text)
{
  GbacwValue v;
  gboolean parsed = gbacw_value_parse (text, &v);

  switch (vocab)
    {
    case VOCAB_MOVE:
      return (v.kind == GBACW_VALUE_NUMBER && v.num >= 0) || v.kind == GBACW_VALUE_ADD || v.kind == GBACW_VALUE_NONE
             || v.kind == GBACW_VALUE_PROHIBITED || v.kind == GBACW_VALUE_ALL || v.kind == GBACW_VALUE_OTHER;
    case VOCAB_YES_NO:
      return v.kind == GBACW_VALUE_YES || v.kind == GBACW_VALUE_NO || v.kind == GBACW_VALUE_OTHER
             || v.kind == GBACW_VALUE_NONE;
    case VOCAB_SHIFT:
      return v.kind == GBACW_VALUE_SHIFT || (v.kind == GBACW_VALUE_NUMBER && v.num == 0)
             || v.kind == GBACW_VALUE_NONE || v.kind == GBACW_VALUE_OTHER;
    case VOCAB_MELEE_SP:
      return v.kind == GBACW_VALUE_SP || (v.kind == GBACW_VALUE_NUMBER && v.den == 1 && v.num <= 0)
             || v.kind == GBACW_VALUE_NONE || v.kind == GBACW_VALUE_OTHER;
    case VOCAB_COUNT:
      return (v.kind == GBACW_VALUE_NUMBER && v.den == 1 && v.num >= 0) || v.kind == GBACW_VALUE_NONE;
    case VOCAB_MULTIPLIER:
      return (v.kind == GBACW_VALUE_NUMBER && v.num >= 0) || v.kind == GBACW_VALUE_NONE;
    case VOCAB_RANGE:
      return gbacw_value_is_range (text);
    case VOCAB_FIRE:
      return gbacw_value_is_fire_result (text);
    case VOCAB_MELEE:
      return gbacw_value_is_melee_result (text);
    case VOCAB_AMMO:
      return (v.kind == GBACW_VALUE_NUMBER && v.den >= 1) || v.kind == GBACW_VALUE_TEXT;
    case VOCAB_MORALE:
      return v.kind == GBACW_VALUE_NUMBER && v.den == 1 && v.num >= 1 && v.num <= 5;
    case VOCAB_RANGE_NONE:
      return v.kind == GBACW_VALUE_NONE || gbacw_value_is_range (text);
    case VOCAB_ANY:
    default:
      return parsed || TRUE;
    }
}

/* What the scenario uses, for the charts. */
typedef struct {
  guint64 terrains;
  guint32 sides;
  guint32 lines;
  gboolean unit_types[GBACW_UNIT_LEADER + 1];
  gboolean sections;
  GHashTable *weapons;     /* code -> first GbacwUnit* using it */
} Usage;

static void
usage_init (CheckContext *ctx, Usage *u)
{
  memset (u, 0, sizeof *u);
  for (guint t = 0; t < GBACW_MAX_HEX_TERRAINS; t++)
    if (ctx->terrain_count[t])
      u->terrains |= G_GUINT64_CONSTANT (1) << t;
  for (guint k = 0; k < GBACW_MAX_HEXSIDE_TYPES; k++)
    if (ctx->side_count[k])
      u->sides |= 1u << k;
  for (guint l = 0; l < GBACW_MAX_LINE_TYPES; l++)
    if (ctx->line_count[l])
      u->lines |= 1u << l;
  u->weapons = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < ctx->s->oob.units->len; i++)
    {
      const GbacwUnit *unit = g_ptr_array_index (ctx->s->oob.units, i);
      if ((guint) unit->type <= GBACW_UNIT_LEADER)
        u->unit_types[unit->type] = TRUE;
      if (unit->type == GBACW_UNIT_ARTILLERY && (unit->flags & GBACW_UNIT_FLAG_SECTION))
        u->sections = TRUE;
      if (unit->weapon && unit->type != GBACW_UNIT_LEADER && !g_hash_table_contains (u->weapons, unit->weapon))
        g_hash_table_insert (u->weapons, unit->weapon, (gpointer) unit);
    }
}

static void
usage_clear (Usage *u)
{
  g_clear_pointer (&u->weapons, g_hash_table_unref);
}

/* Which cells of a standard chart play needs, as row / column sets. */
typedef struct {
  GPtrArray *rows;             /* char* (borrowed or owned by strings) */
  GPtrArray *missing_reason;   /* parallel to rows: a message fragment for a missing row, or NULL */
  GHashTable *columns_by_row;  /* row id -> GPtrArray of column ids needed in that row */
  GPtrArray *columns;          /* every column needed by some row, first-use order */
  GStringChunk *strings;
} Needed;

static void
needed_init (Needed *n)
{
  n->rows = g_ptr_array_new ();
  n->missing_reason = g_ptr_array_new ();
  n->columns_by_row = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  n->columns = g_ptr_array_new ();
  n->strings = g_string_chunk_new (256);
}

static void
needed_clear (Needed *n)
{
  g_ptr_array_unref (n->rows);
  g_ptr_array_unref (n->missing_reason);
  g_hash_table_unref (n->columns_by_row);
  g_ptr_array_unref (n->columns);
  g_string_chunk_free (n->strings);
}

static const char *
needed_row (Needed *n, const char *row, const char *reason)
{
  const char *r = g_string_chunk_insert_const (n->strings, row);
  if (!g_hash_table_contains (n->columns_by_row, r))
    {
      g_ptr_array_add (n->rows, (gpointer) r);
      g_ptr_array_add (n->missing_reason, (gpointer) (reason ? g_string_chunk_insert_const (n->strings, reason) : NULL));
      g_hash_table_insert (n->columns_by_row, (gpointer) r, g_ptr_array_new ());
    }
  return r;
}

static void
needed_cell (Needed *n, const char *row, const char *col)
{
  const char *r = needed_row (n, row, NULL);
  const char *c = g_string_chunk_insert_const (n->strings, col);
  GPtrArray *cols = g_hash_table_lookup (n->columns_by_row, r);
  gboolean seen = FALSE;

  for (guint i = 0; i < cols->len && !seen; i++)
    seen = g_ptr_array_index (cols, i) == c;
  if (!seen)
    g_ptr_array_add (cols, (gpointer) c);
  seen = FALSE;
  for (guint i = 0; i < n->columns->len && !seen; i++)
    seen = g_ptr_array_index (n->columns, i) == c;
  if (!seen)
    g_ptr_array_add (n->columns, (gpointer) c);
}

static void
needed_for_chart (CheckContext *ctx, const StandardChart *sc, const GbacwChart *chart, Usage *u, Needed *n)
{
  const GbacwCatalogue *cat = &ctx->s->catalogue;

  if (sc->rows)
    {
      for (guint r = 0; sc->rows[r]; r++)
        for (guint c = 0; sc->columns[c]; c++)
          needed_cell (n, sc->rows[r], sc->columns[c]);
      return;
    }
  if (g_str_equal (sc->id, "terrain-movement"))
    {
      for (int mc = 0; mc < GBACW_N_MOVE_CLASSES; mc++)
        {
          static const GbacwUnitType type_of[GBACW_N_MOVE_CLASSES] = {
            GBACW_UNIT_INFANTRY, GBACW_UNIT_INFANTRY, GBACW_UNIT_CAVALRY, GBACW_UNIT_CAVALRY,
            GBACW_UNIT_ARTILLERY, GBACW_UNIT_ARTILLERY, GBACW_UNIT_WAGON, GBACW_UNIT_LEADER,
          };
          const char *row = gbacw_move_class_to_row (mc);
          gboolean roads = gbacw_move_class_uses_roads (mc);
          if (!u->unit_types[type_of[mc]])
            continue;
          needed_row (n, row, gbacw_unit_type_name (type_of[mc]));
          needed_cell (n, row, "ma");
          if (type_of[mc] != GBACW_UNIT_WAGON && type_of[mc] != GBACW_UNIT_LEADER)
            needed_cell (n, row, "chg");  /* 6.0: wagons and leaders have no formation */
          if (mc == GBACW_MOVE_ARTILLERY_UNLIMBERED)
            continue;  /* 6.13: it may not move */
          for (guint t = 0; t < cat->hex_terrains->len; t++)
            if (u->terrains & (G_GUINT64_CONSTANT (1) << t))
              needed_cell (n, row, terrain_at (ctx, t)->id);
          for (guint k = 0; k < cat->hexside_types->len; k++)
            {
              const GbacwHexsideType *type = side_type_at (ctx, k);
              if (!(u->sides & (1u << k)) || g_strcmp0 (type->style, "impassable") == 0)
                continue;
              if (g_strcmp0 (type->style, "bridge") == 0 && !roads)
                continue;  /* 6.12: disregarded by Line infantry */
              if (type->side == GBACW_SIDE_MODE_ELEVATION)
                {
                  g_autofree char *up = g_strconcat (type->id, ".up", NULL);
                  g_autofree char *down = g_strconcat (type->id, ".down", NULL);
                  needed_cell (n, row, up);
                  needed_cell (n, row, down);
                }
              else
                needed_cell (n, row, type->id);
            }
          if (roads)
            for (guint l = 0; l < cat->line_types->len; l++)
              if (u->lines & (1u << l))
                needed_cell (n, row, line_type_at (ctx, l)->id);
        }
    }
  else if (g_str_equal (sc->id, "terrain-combat"))
    {
      /* an unknown "blocks-los" cell does not stop play: the los-unknown-cell option
       * reads it (see los_unknown_finding ()) */
      for (guint t = 0; t < cat->hex_terrains->len; t++)
        if (u->terrains & (G_GUINT64_CONSTANT (1) << t))
          for (guint c = 0; sc->columns[c]; c++)
            if (!g_str_equal (sc->columns[c], "blocks-los"))
              needed_cell (n, terrain_at (ctx, t)->id, sc->columns[c]);
      for (guint k = 0; k < cat->hexside_types->len; k++)
        if (u->sides & (1u << k))
          for (guint c = 0; sc->columns[c]; c++)
            if (!g_str_equal (sc->columns[c], "blocks-los"))
              needed_cell (n, side_type_at (ctx, k)->id, sc->columns[c]);
      for (guint l = 0; l < cat->line_types->len; l++)
        if (u->lines & (1u << l))
          for (guint c = 0; sc->columns[c]; c++)
            if (!g_str_equal (sc->columns[c], "blocks-los"))
              needed_cell (n, line_type_at (ctx, l)->id, sc->columns[c]);
    }
  else if (g_str_equal (sc->id, "stacking"))
    {
      static const char *const cols[] = { "units", "sp", "fire-per-hexside", "melee-max", NULL };
      gboolean artillery = u->unit_types[GBACW_UNIT_ARTILLERY];
      for (guint t = 0; t < cat->hex_terrains->len; t++)
        if (u->terrains & (G_GUINT64_CONSTANT (1) << t))
          {
            for (guint c = 0; cols[c]; c++)
              needed_cell (n, terrain_at (ctx, t)->id, cols[c]);
            if (artillery)
              needed_cell (n, terrain_at (ctx, t)->id, "sections");  /* 8.13 */
          }
      if (u->unit_types[GBACW_UNIT_INFANTRY])
        {
          needed_row (n, "column", _("infantry in column (8.11)"));
          for (guint c = 0; cols[c]; c++)
            needed_cell (n, "column", cols[c]);
        }
      /* rows of side="inside" types (redans, C 23.27) are optional: used when present */
      for (guint k = 0; k < cat->hexside_types->len; k++)
        if ((u->sides & (1u << k)) && (ctx->inside_types & (1u << k)) && chart
            && gbacw_chart_find_row (chart, side_type_at (ctx, k)->id) >= 0)
          for (guint c = 0; cols[c]; c++)
            needed_cell (n, side_type_at (ctx, k)->id, cols[c]);
    }
  else if (g_str_equal (sc->id, "range-effects"))
    {
      g_autoptr (GList) codes = g_hash_table_get_keys (u->weapons);
      codes = g_list_sort (codes, (GCompareFunc) g_strcmp0);
      for (GList *l = codes; l; l = l->next)
        {
          needed_row (n, l->data, NULL);
          if (chart)
            for (guint c = 0; c < chart->columns->len; c++)
              needed_cell (n, l->data, g_ptr_array_index (chart->columns, c));
          else
            for (guint c = 0; sc->columns[c]; c++)
              needed_cell (n, l->data, sc->columns[c]);
        }
    }
}

/* A name for a row or column id of the catalogue, for messages. */
static const char *
catalogue_name (CheckContext *ctx, const char *id)
{
  const GbacwCatalogue *cat = &ctx->s->catalogue;
  int i;
  g_autofree char *base = NULL;
  const char *dot = strchr (id, '.');

  if (dot)
    {
      base = g_strndup (id, (gsize) (dot - id));
      id = base;
    }
  if ((i = gbacw_catalogue_find_hex_terrain (cat, id)) >= 0)
    return name_or_id (terrain_at (ctx, (guint) i)->name, terrain_at (ctx, (guint) i)->id);
  if ((i = gbacw_catalogue_find_hexside_type (cat, id)) >= 0)
    return name_or_id (side_type_at (ctx, (guint) i)->name, side_type_at (ctx, (guint) i)->id);
  if ((i = gbacw_catalogue_find_line_type (cat, id)) >= 0)
    return name_or_id (line_type_at (ctx, (guint) i)->name, line_type_at (ctx, (guint) i)->id);
  return NULL;
}

static void
check_standard_chart (CheckContext *ctx, const StandardChart *sc, Usage *u, GPtrArray *out)
{
  const GbacwChart *chart = gbacw_scenario_find_chart (ctx->s, sc->id);
  const char *chart_name = _(sc->name);
  Needed n;
  guint n_unknown = 0;
  const char *first_row = NULL, *first_col = NULL;

  if (chart == NULL)
    {
      gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_ERROR, "charts.missing", sc->rule_case,
                                           _("The scenario has no %s (chart id “%s”), which play needs"),
                                           chart_name, sc->id),
                               sc->id, NULL, NULL);
      return;
    }
  needed_init (&n);
  needed_for_chart (ctx, sc, chart, u, &n);

  /* required columns, and the columns of what the scenario uses */
  for (guint c = 0; sc->columns[c]; c++)
    if (gbacw_chart_find_column (chart, sc->columns[c]) < 0
        && (sc->rows || g_ptr_array_find_with_equal_func (n.columns, sc->columns[c], g_str_equal, NULL)))
      gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_ERROR, "charts.missing", sc->rule_case,
                                           _("The %s has no column “%s”"), chart_name, sc->columns[c]),
                               sc->id, NULL, sc->columns[c]);
  for (guint c = 0; c < n.columns->len; c++)
    {
      const char *col = g_ptr_array_index (n.columns, c);
      const char *what;
      if (strv_has (sc->columns, col) || gbacw_chart_find_column (chart, col) >= 0)
        continue;
      what = catalogue_name (ctx, col);
      gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_ERROR, "charts.missing", sc->rule_case,
                                           _("The %s has no column “%s” for %s, which the map uses"), chart_name,
                                           col, what ? what : col),
                               sc->id, NULL, col);
    }
  /* rows */
  for (guint r = 0; r < n.rows->len; r++)
    {
      const char *row = g_ptr_array_index (n.rows, r);
      const char *reason = g_ptr_array_index (n.missing_reason, r);
      const char *what;
      if (gbacw_chart_find_row (chart, row) >= 0)
        continue;
      if (g_str_equal (sc->id, "range-effects"))
        {
          const GbacwUnit *unit = g_hash_table_lookup (u->weapons, row);
          gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_ERROR, "charts.missing", sc->rule_case,
                                               _("The %s has no row for weapon type “%s”, which %s uses"), chart_name,
                                               row, unit ? gbacw_unit_name (unit) : "?"),
                                   sc->id, row, NULL);
          continue;
        }
      what = reason ? reason : catalogue_name (ctx, row);
      if (sc->rows || what == NULL)
        gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_ERROR, "charts.missing", sc->rule_case,
                                             _("The %s has no row “%s”"), chart_name, row),
                                 sc->id, row, NULL);
      else
        gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_ERROR, "charts.missing", sc->rule_case,
                                             _("The %s has no row “%s” for %s, which the scenario uses"), chart_name,
                                             row, what),
                                 sc->id, row, NULL);
    }

  /* cells that play needs and that are unknown */
  for (guint r = 0; r < n.rows->len; r++)
    {
      const char *row = g_ptr_array_index (n.rows, r);
      GPtrArray *cols = g_hash_table_lookup (n.columns_by_row, row);
      int ri = gbacw_chart_find_row (chart, row);
      if (ri < 0)
        continue;
      for (guint c = 0; c < cols->len; c++)
        {
          int ci = gbacw_chart_find_column (chart, g_ptr_array_index (cols, c));
          const GbacwCell *cell;
          if (ci < 0)
            continue;
          cell = &((GbacwChartRow *) g_ptr_array_index (chart->rows, ri))->cells[ci];
          if (cell->status == GBACW_CELL_UNKNOWN || cell->value == NULL)
            {
              if (n_unknown++ == 0)
                {
                  first_row = row;
                  first_col = g_ptr_array_index (cols, c);
                }
            }
        }
    }
  /* data not entered yet (a "?" cell), as every unknown cell: play stops at the first
   * action that needs one, naming it (the engine's chart readers) */
  if (n_unknown)
    gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_INFO, "charts.incomplete", sc->rule_case,
                                         g_dngettext (GETTEXT_PACKAGE,
                                                      "The %s is not complete enough to play: %u cell that play needs "
                                                      "is not entered yet (row “%s”, column “%s”); play stops where "
                                                      "it is needed",
                                                      "The %s is not complete enough to play: %u cells that play "
                                                      "needs are not entered yet (the first: row “%s”, column “%s”); "
                                                      "play stops where one is needed",
                                                      n_unknown),
                                         chart_name, n_unknown, first_row, first_col),
                             sc->id, NULL, NULL);
  needed_clear (&n);
}

/* An unknown "blocks-los" cell of the Terrain Effects on Combat Chart (9.71): how the
 * engine reads it under the rule option los-unknown-cell (the engine's
 * gbacw_los_hex_terrain_blocks () and gbacw_los_hexside_type_blocks ()); a warning
 * when the map has that terrain, else information. */
static void
los_unknown_finding (CheckContext *ctx, const Usage *u, const char *row, GPtrArray *out)
{
  const GbacwCatalogue *cat = &ctx->s->catalogue;
  gboolean clear = g_strcmp0 (gbacw_scenario_get_option (ctx->s, "los-unknown-cell"), "clear") == 0;
  int t = gbacw_catalogue_find_hex_terrain (cat, row);
  int k = gbacw_catalogue_find_hexside_type (cat, row);
  const GbacwHexTerrain *terrain = t >= 0 ? terrain_at (ctx, (guint) t) : NULL;
  const GbacwHexsideType *type = k >= 0 ? side_type_at (ctx, (guint) k) : NULL;
  gboolean used = (terrain && (u->terrains & (G_GUINT64_CONSTANT (1) << t))) || (type && (u->sides & (1u << k)));
  const char *name = terrain ? name_or_id (terrain->name, terrain->id) : type ? name_or_id (type->name, type->id) : row;
  g_autofree char *message = NULL;

  if (clear)
    message = g_strdup_printf (_("Whether %s blocks line of sight is unknown: the engine reads it as not blocking "
                                 "(rule option los-unknown-cell = clear)"), name);
  else if (terrain && terrain->height != GBACW_UNSET && terrain->height > 0)
    message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Whether %s blocks line of sight is unknown: the engine reads it as "
                                              "blocking, %d foot high (9.72; rule option los-unknown-cell = standard)",
                                              "Whether %s blocks line of sight is unknown: the engine reads it as "
                                              "blocking, %d feet high (9.72; rule option los-unknown-cell = standard)",
                                              terrain->height), name, terrain->height);
  else if (type && type->side == GBACW_SIDE_MODE_ELEVATION)
    message = g_strdup_printf (_("Whether %s blocks line of sight is unknown: the engine reads it as a crest, blocking "
                                 "between different levels at the higher level (9.73, chart note 2; rule option "
                                 "los-unknown-cell = standard)"), name);
  else
    message = g_strdup_printf (_("Whether %s blocks line of sight is unknown: the engine reads it as not blocking "
                                 "(rule option los-unknown-cell = standard)"), name);
  gbacw_finding_set_chart (gbacw_emit (out, used ? GBACW_SEVERITY_WARNING : GBACW_SEVERITY_INFO, "charts.los-unknown",
                                       "9.71", "%s", message),
                           "terrain-combat", row, "blocks-los");
}

void
gbacw_check_charts (CheckContext *ctx, GPtrArray *out)
{
  Usage u;

  usage_init (ctx, &u);
  for (guint i = 0; i < G_N_ELEMENTS (standard_charts); i++)
    check_standard_chart (ctx, &standard_charts[i], &u, out);

  /* every cell: unknown (info) or outside the chart's vocabulary (error) */
  for (guint i = 0; i < ctx->s->charts->len; i++)
    {
      const GbacwChart *chart = g_ptr_array_index (ctx->s->charts, i);
      const char *rule_case = chart->rule_case;
      gboolean standard = FALSE;
      for (guint k = 0; k < G_N_ELEMENTS (standard_charts); k++)
        if (g_strcmp0 (chart->id, standard_charts[k].id) == 0)
          {
            standard = TRUE;
            if (rule_case == NULL)
              rule_case = standard_charts[k].rule_case;
          }
      for (guint r = 0; r < chart->rows->len; r++)
        {
          const GbacwChartRow *row = g_ptr_array_index (chart->rows, r);
          for (guint c = 0; c < chart->columns->len; c++)
            {
              const GbacwCell *cell = &row->cells[c];
              const char *col = g_ptr_array_index (chart->columns, c);
              if ((cell->status == GBACW_CELL_UNKNOWN || cell->value == NULL)
                  && g_str_equal (chart->id, "terrain-combat") && g_str_equal (col, "blocks-los"))
                los_unknown_finding (ctx, &u, row->id, out);
              else if (cell->status == GBACW_CELL_UNKNOWN || cell->value == NULL)
                gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_INFO, "charts.unknown-cell", rule_case,
                                                     _("Unknown cell (“?”): no value has been entered for it yet")),
                                         chart->id, row->id, col);
              else if (standard && !cell_valid (chart_vocab (chart->id, row->id, col), cell->value))
                gbacw_finding_set_chart (gbacw_emit (out, GBACW_SEVERITY_ERROR, "charts.invalid-cell", rule_case,
                                                     _("“%s” is not a value this chart can hold"), cell->value),
                                         chart->id, row->id, col);
            }
        }
    }
  usage_clear (&u);
}
