/* gbacw-checks.c: the checks themselves, by family.
 *
 * Every check appends GbacwFindings; a check id (the second argument of gbacw_emit)
 * names what produced each one (the list is in gbacw-checker.c). Rule cases are those
 * of the Standard Rules (sections 1-18) where one applies, else of the exclusive rules
 * that introduced the mechanism (e.g. 23.27, Corinth redans); "scenario" marks what
 * rests on the scenario's own instructions (set-up, victory conditions).
 */
#include "gbacw-checker-private.h"
#include "gbacw-exclusive-params.h"

#include <string.h>

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

/* Catalogue entries by index; callers pass indices below the catalogue's length (masks
 * are and-ed with ctx->valid_*). */
static const GbacwHexTerrain *
terrain_at (const CheckContext *ctx, guint index)
{
  return g_ptr_array_index (ctx->s->catalogue.hex_terrains, index);
}

static const GbacwHexsideType *
side_type_at (const CheckContext *ctx, guint index)
{
  return g_ptr_array_index (ctx->s->catalogue.hexside_types, index);
}

static const GbacwLineType *
line_type_at (const CheckContext *ctx, guint index)
{
  return g_ptr_array_index (ctx->s->catalogue.line_types, index);
}

static const char *
name_or_id (const char *name, const char *id)
{
  return name && *name ? name : id;
}

static const char *
unit_type_name (GbacwUnitType type)
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

static const char *
move_class_name (GbacwMoveClass c)
{
  switch (c)
    {
    case GBACW_MOVE_INFANTRY_LINE:
      return _("infantry in line");
    case GBACW_MOVE_INFANTRY_COLUMN:
      return _("infantry in column");
    case GBACW_MOVE_CAVALRY_MOUNTED:
      return _("mounted cavalry");
    case GBACW_MOVE_CAVALRY_DISMOUNTED:
      return _("dismounted cavalry");
    case GBACW_MOVE_ARTILLERY_LIMBERED:
      return _("limbered artillery");
    case GBACW_MOVE_ARTILLERY_UNLIMBERED:
      return _("unlimbered artillery");
    case GBACW_MOVE_WAGON:
      return _("supply wagons");
    case GBACW_MOVE_LEADER:
    default:
      return _("leaders");
    }
}

static gboolean
is_combat_unit (const GbacwUnit *u)
{
  return u->type != GBACW_UNIT_LEADER;
}

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

static gboolean
strv_has (const char *const *v, const char *s)
{
  for (; v && *v; v++)
    if (g_strcmp0 (*v, s) == 0)
      return TRUE;
  return FALSE;
}

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
          needed_row (n, row, unit_type_name (type_of[mc]));
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

/* ==================================================================== map: hexes */

static gboolean
in_town_area (CheckContext *ctx, int hex)
{
  for (guint i = 0; i < ctx->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (ctx->map->areas, i);
      if (area->kind == GBACW_AREA_TOWN && gbacw_area_contains (area, hex))
        return TRUE;
    }
  return FALSE;
}

void
gbacw_check_map_hex (CheckContext *ctx, int hex, GPtrArray *out)
{
  const GbacwMap *map = ctx->map;
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
  guint16 at[GBACW_HEX_DIRECTIONS];
  guint16 any = 0;

  if (map->terrain[hex] == 0)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_INFO, "map.no-terrain", "5.15",
                                       _("This hex has no terrain yet")),
                           ctx->grid, hex);

  /* roads do not dead-end inside the map except at a town or another road */
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
      at[d] = id == GBACW_HEXSIDE_NONE ? 0 : map->hexside_lines[id] & ctx->valid_lines;
      any |= at[d];
    }
  if (any == 0 || gbacw_hex_on_edge (ctx, hex) || (map->terrain[hex] & ctx->town_terrains)
      || (any & (any - 1)) != 0 || in_town_area (ctx, hex))
    return;
  {
    guint l = (guint) __builtin_ctz (any);
    int count = 0;
    for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
      if (at[d] & (1u << l))
        count++;
    if (count == 1)
      {
        const GbacwLineType *type = line_type_at (ctx, l);
        gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.road-end", "6.11",
                                           _("The %s ends here, inside the map, away from a town or another road"),
                                           name_or_id (type->name, type->id)),
                               ctx->grid, hex);
      }
  }
}

/* ==================================================================== map: hexsides */

/* The types a crossing needs under it: its requires= list, or by style. */
static guint32
crossing_needs (CheckContext *ctx, guint k)
{
  const GbacwHexsideType *type = side_type_at (ctx, k);
  const GbacwCatalogue *cat = &ctx->s->catalogue;
  guint32 needs = 0;

  if (type->requires)
    for (guint i = 0; type->requires[i]; i++)
      {
        int r = gbacw_catalogue_find_hexside_type (cat, type->requires[i]);
        if (r >= 0 && (guint) r != k)
          needs |= 1u << r;
      }
  if (needs)
    return needs;
  if (g_strcmp0 (type->style, "wagon-bridge") == 0)
    for (guint i = 0; i < cat->hexside_types->len; i++)
      if (g_strcmp0 (side_type_at (ctx, i)->style, "ford") == 0)
        needs |= 1u << i;
  return needs ? needs : (ctx->river_types | ctx->stream_types);
}

static const char *
crossing_case (const GbacwHexsideType *type)
{
  if (g_strcmp0 (type->style, "ford") == 0)
    return "22.5";
  if (g_strcmp0 (type->style, "bridge") == 0)
    return "22.6";
  if (g_strcmp0 (type->style, "wagon-bridge") == 0)
    return "23.0";
  return type->rule_case ? type->rule_case : "22.4";
}

static char *
type_names (CheckContext *ctx, guint32 mask, const char *separator)
{
  GString *s = g_string_new (NULL);
  for (guint32 m = mask & ctx->valid_sides; m; m &= m - 1)
    {
      const GbacwHexsideType *type = side_type_at (ctx, (guint) __builtin_ctz (m));
      if (s->len)
        g_string_append (s, separator);
      g_string_append (s, name_or_id (type->name, type->id));
    }
  return g_string_free (s, FALSE);
}

/* Whether a river or stream on hexside id of hex a ends at a's corner c in mid-map: none
 * of the three hexes there is off the map, and neither other hexside there carries water. */
static gboolean
water_ends_at (CheckContext *ctx, GbacwHex a, int c, GbacwHexsideId id, guint32 water)
{
  const GbacwHexGrid *grid = ctx->grid;
  int before = (c + GBACW_HEX_DIRECTIONS - 1) % GBACW_HEX_DIRECTIONS;
  GbacwHex p = gbacw_hex_grid_neighbour (grid, a, before), q = gbacw_hex_grid_neighbour (grid, a, c);
  GbacwHexsideId sides[3];

  if (!gbacw_hex_grid_contains (grid, a) || !gbacw_hex_grid_contains (grid, p) || !gbacw_hex_grid_contains (grid, q))
    return FALSE;
  /* corner c starts a's hexside c and ends its hexside c - 1; the third runs between p and q */
  sides[0] = gbacw_hex_grid_hexside (grid, a, c);
  sides[1] = gbacw_hex_grid_hexside (grid, a, before);
  sides[2] = gbacw_hex_grid_hexside (grid, p, gbacw_hex_grid_direction_to (grid, p, q));
  for (int i = 0; i < 3; i++)
    if (sides[i] != id && sides[i] != GBACW_HEXSIDE_NONE && (ctx->map->hexside_features[sides[i]] & water))
      return FALSE;
  return TRUE;
}

gboolean
gbacw_check_map_hexside (CheckContext *ctx, GbacwHexsideId id, GPtrArray *out)
{
  const GbacwMap *map = ctx->map;
  const GbacwHexGrid *grid = ctx->grid;
  guint32 features = map->hexside_features[id] & ctx->valid_sides;
  guint16 lines = map->hexside_lines[id] & ctx->valid_lines;
  GbacwHex a, b;
  int ia, ib;

  if ((features == 0 && lines == 0) || !gbacw_hex_grid_hexside_on_map (grid, id))
    return FALSE;
  gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
  ia = gbacw_hex_grid_index (grid, a);
  ib = gbacw_hex_grid_index (grid, b);

  /* 22.1: crests lie between different elevations and face the higher hex */
  for (guint32 m = features & ctx->elevation_types; m && ia >= 0 && ib >= 0; m &= m - 1)
    {
      const GbacwHexsideType *type = side_type_at (ctx, (guint) __builtin_ctz (m));
      if (map->elevation[ia] == map->elevation[ib])
        gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_ERROR, "map.crest", "22.1",
                                               _("%s between two hexes of the same elevation (level %d): a crest "
                                                 "lies between different elevations and faces the higher hex"),
                                               name_or_id (type->name, type->id), map->elevation[ia]),
                                   grid, id);
    }

  /* 22.4-22.6, 23.0: fords, bridges and wagon bridges only where they have something to cross */
  for (guint32 m = features & ctx->crossing_types; m; m &= m - 1)
    {
      guint k = (guint) __builtin_ctz (m);
      const GbacwHexsideType *type = side_type_at (ctx, k);
      guint32 needs = crossing_needs (ctx, k);
      if (!(features & needs))
        {
          g_autofree char *names = type_names (ctx, needs, _(" or "));
          gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_ERROR, "map.crossing", crossing_case (type),
                                                 _("%s on a hexside without %s: it has nothing to cross"),
                                                 name_or_id (type->name, type->id), *names ? names : _("water")),
                                     grid, id);
        }
    }

  /* a road across a river or stream needs a bridge or ford (22.4, 22.6) */
  if (lines && (features & (ctx->river_types | ctx->stream_types)) && !(features & ctx->crossing_types))
    {
      guint l = (guint) __builtin_ctz (lines);
      const GbacwLineType *line = line_type_at (ctx, l);
      gboolean river = (features & ctx->river_types) != 0;
      g_autofree char *water = type_names (ctx, features & (ctx->river_types | ctx->stream_types), _(" and "));
      gbacw_finding_set_hexside (gbacw_emit (out, river ? GBACW_SEVERITY_ERROR : GBACW_SEVERITY_WARNING,
                                             "map.road-water", river ? "22.4" : "22.6",
                                             _("The %s crosses the %s here without a bridge or ford"),
                                             name_or_id (line->name, line->id), water),
                                 grid, id);
    }

  /* a river or stream runs on to another river or stream or off the map edge, never
   * stopping in mid-map (22.4): a gap left while tracing it would let units cross there */
  if (features & (ctx->river_types | ctx->stream_types))
    {
      guint32 water = ctx->river_types | ctx->stream_types;
      const GbacwHexsideType *type = side_type_at (ctx, (guint) __builtin_ctz (features & water));
      int direction;

      gbacw_hex_grid_hexside_hexes (grid, id, &a, &direction, NULL);
      if (water_ends_at (ctx, a, direction, id, water) ||
          water_ends_at (ctx, a, (direction + 1) % GBACW_HEX_DIRECTIONS, id, water))
        gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.water-end",
                                               type->rule_case ? type->rule_case : "22.4",
                                               _("The %s ends here, in mid-map, away from another river or stream "
                                                 "and the map edge: join it up or run it off the map"),
                                               name_or_id (type->name, type->id)),
                                   grid, id);
    }

  /* works and redans have an inside on the map (C 23.1, 23.2) */
  for (guint32 m = features & ctx->inside_types; m; m &= m - 1)
    {
      guint k = (guint) __builtin_ctz (m);
      const GbacwHexsideType *type = side_type_at (ctx, k);
      int inside = ((map->hexside_inside[id] >> k) & 1) ? ib : ia;
      const char *rule_case = (ctx->redan_types & (1u << k)) ? "23.2" : "23.1";
      if (inside < 0)
        gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_ERROR, "map.inside", rule_case,
                                               _("The inside of this %s is off the map: say which hex is inside"),
                                               name_or_id (type->name, type->id)),
                                   grid, id);
      if ((ctx->redan_types & (1u << k)) && g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (id)) == NULL)
        gbacw_finding_set_hexside (gbacw_emit (out, GBACW_SEVERITY_INFO, "map.inside", "23.2",
                                               _("This %s has no name yet (redans are named for set-up and victory)"),
                                               name_or_id (type->name, type->id)),
                                   grid, id);
    }
  return TRUE;
}

/* ==================================================================== map: areas */

static const char *
area_kind_name (GbacwAreaKind kind)
{
  switch (kind)
    {
    case GBACW_AREA_TOWN:
      return _("town");
    case GBACW_AREA_SETUP:
      return _("set-up area");
    case GBACW_AREA_ASSAULT:
      return _("assault area");
    case GBACW_AREA_ENTRY:
      return _("entry area");
    case GBACW_AREA_OBJECTIVE:
      return _("objective");
    case GBACW_AREA_EXIT:
      return _("exit area");
    case GBACW_AREA_OTHER:
    default:
      return _("area");
    }
}

static guint
area_pieces (CheckContext *ctx, const GbacwArea *area)
{
  guint n = area->hexes->len, pieces = 0;
  g_autofree guint8 *seen = g_new0 (guint8, n);
  g_autofree int *queue = g_new (int, n);

  for (guint start = 0; start < n; start++)
    {
      guint head = 0, tail = 0;
      if (seen[start])
        continue;
      pieces++;
      seen[start] = 1;
      queue[tail++] = (int) start;
      while (head < tail)
        {
          int i = queue[head++];
          GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, g_array_index (area->hexes, int, i));
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            {
              int j = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
              guint lo = 0, hi = n;
              if (j < 0)
                continue;
              while (lo < hi)
                {
                  guint mid = (lo + hi) / 2;
                  int v = g_array_index (area->hexes, int, mid);
                  if (v < j)
                    lo = mid + 1;
                  else if (v > j)
                    hi = mid;
                  else
                    {
                      if (!seen[mid])
                        {
                          seen[mid] = 1;
                          queue[tail++] = (int) mid;
                        }
                      break;
                    }
                }
            }
        }
    }
  return pieces;
}

void
gbacw_check_areas (CheckContext *ctx, GPtrArray *out)
{
  for (guint i = 0; i < ctx->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (ctx->map->areas, i);
      const char *name = name_or_id (area->name, area->id);
      if (area->hexes->len == 0)
        {
          gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.area", "scenario",
                                            _("The %s “%s” has no hexes"), area_kind_name (area->kind), name),
                                GBACW_LOCATION_AREA, area->id);
          continue;
        }
      /* a town (J 22.8, C 23.3) and an assault area (C 29.1) are one place each */
      if (area->kind == GBACW_AREA_TOWN || area->kind == GBACW_AREA_ASSAULT)
        {
          guint pieces = area_pieces (ctx, area);
          if (pieces > 1)
            gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "map.area",
                                              area->kind == GBACW_AREA_TOWN ? "22.8" : "29.1",
                                              _("The %s “%s” is in %u separate pieces; it should be one group of "
                                                "adjacent hexes"),
                                              area_kind_name (area->kind), name, pieces),
                                  GBACW_LOCATION_AREA, area->id);
        }
    }
}

/* ==================================================================== order of battle */

static int
kind_rank (GbacwFormationKind kind)
{
  switch (kind)
    {
    case GBACW_FORMATION_ARMY:
      return 0;
    case GBACW_FORMATION_CORPS:
      return 1;
    case GBACW_FORMATION_DIVISION:
      return 2;
    case GBACW_FORMATION_BRIGADE:
      return 3;
    case GBACW_FORMATION_GROUP:
    default:
      return -1;
    }
}

static const char *
formation_kind_name (GbacwFormationKind kind)
{
  switch (kind)
    {
    case GBACW_FORMATION_ARMY:
      return _("army");
    case GBACW_FORMATION_CORPS:
      return _("corps");
    case GBACW_FORMATION_DIVISION:
      return _("division");
    case GBACW_FORMATION_BRIGADE:
      return _("brigade");
    case GBACW_FORMATION_GROUP:
    default:
      return _("group");
    }
}

static gboolean
role_fits (GbacwLeaderRole role, GbacwFormationKind kind)
{
  switch (kind)
    {
    case GBACW_FORMATION_ARMY:
      return role == GBACW_LEADER_ARMY;
    case GBACW_FORMATION_CORPS:
      return role == GBACW_LEADER_CORPS || role == GBACW_LEADER_ARMY;
    case GBACW_FORMATION_DIVISION:
      return role == GBACW_LEADER_DIVISION || role == GBACW_LEADER_CORPS;
    case GBACW_FORMATION_BRIGADE:
      return role == GBACW_LEADER_BRIGADE || role == GBACW_LEADER_REPLACEMENT;
    case GBACW_FORMATION_GROUP:
    default:
      return TRUE;
    }
}

/* Locate a new finding (returned by gbacw_emit) at a formation or a unit. */
static void
emit_formation (GbacwFinding *f, const char *id)
{
  gbacw_finding_set_id (f, GBACW_LOCATION_FORMATION, id);
}

static void
emit_unit (GbacwFinding *f, const char *id)
{
  gbacw_finding_set_id (f, GBACW_LOCATION_UNIT, id);
}

static void
check_formations (CheckContext *ctx, GPtrArray *out)
{
  const GbacwOob *oob = &ctx->s->oob;
  g_autoptr (GHashTable) commanders = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < oob->formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      const char *name = name_or_id (f->name, f->id);
      const GbacwFormation *parent = f->parent ? gbacw_oob_find_formation (oob, f->parent) : NULL;
      GPtrArray *direct = g_hash_table_lookup (ctx->formation_units, f->id);
      gboolean has_dependent_units = FALSE;

      /* hierarchy (17.2): a formation sits inside a higher one, same side, no cycles */
      if (f->parent && parent == NULL)
        emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.hierarchy", "17.2",
                                         _("The %s “%s” is inside “%s”, which is not in the order of battle"),
                                         formation_kind_name (f->kind), name, f->parent), f->id);
      else if (parent)
        {
          int depth = 0;
          const GbacwFormation *up = parent;
          if (g_strcmp0 (parent->side, f->side) != 0)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.hierarchy", "17.2",
                                             _("The %s “%s” is inside “%s”, a formation of the other side"),
                                             formation_kind_name (f->kind), name,
                                             name_or_id (parent->name, parent->id)), f->id);
          else if (kind_rank (f->kind) >= 0 && kind_rank (parent->kind) >= 0
                   && kind_rank (parent->kind) >= kind_rank (f->kind))
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.hierarchy", "17.2",
                                             _("The %s “%s” is inside the %s “%s”; a formation belongs to a higher "
                                               "one (army, corps, division, brigade)"),
                                             formation_kind_name (f->kind), name,
                                             formation_kind_name (parent->kind),
                                             name_or_id (parent->name, parent->id)), f->id);
          while (up && depth < 64)
            {
              if (up == f)
                break;
              up = up->parent ? gbacw_oob_find_formation (oob, up->parent) : NULL;
              depth++;
            }
          if (up == f || depth >= 64)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.hierarchy", "17.2",
                                             _("The %s “%s” is inside itself (its parents form a loop)"),
                                             formation_kind_name (f->kind), name), f->id);
        }
      else if (f->kind == GBACW_FORMATION_BRIGADE && !f->independent)
        emit_formation (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.hierarchy", "17.66",
                                         _("The brigade “%s” is in no division and is not independent"), name),
                        f->id);

      /* commander (17.1, 17.2) */
      if (direct)
        for (guint k = 0; k < direct->len && !has_dependent_units; k++)
          {
            const GbacwUnit *u = g_ptr_array_index (direct, k);
            has_dependent_units = is_combat_unit (u) && u->type != GBACW_UNIT_WAGON
                                  && !(u->flags & GBACW_UNIT_FLAG_INDEPENDENT);
          }
      if (f->commander == NULL)
        {
          if (has_dependent_units)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.commander", "17.1",
                                             _("The %s “%s” has no commander, so its units can never be in command"),
                                             formation_kind_name (f->kind), name), f->id);
          else if (f->kind != GBACW_FORMATION_GROUP)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.commander", "17.2",
                                             _("The %s “%s” has no commander"), formation_kind_name (f->kind), name),
                            f->id);
        }
      else
        {
          const GbacwUnit *leader = gbacw_oob_find_unit (oob, f->commander);
          const char *other = g_hash_table_lookup (commanders, f->commander);
          if (leader == NULL || leader->type != GBACW_UNIT_LEADER)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.commander", "17.1",
                                             _("The commander of “%s”, “%s”, is not a leader of the order of battle"),
                                             name, f->commander), f->id);
          else if (g_strcmp0 (leader->side, f->side) != 0)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.commander", "17.1",
                                             _("The commander of “%s”, %s, belongs to the other side"), name,
                                             gbacw_unit_name (leader)), f->id);
          else if (!role_fits (leader->role, f->kind))
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.commander", "17.2",
                                             _("The %s “%s” is commanded by %s, whose role is %s"),
                                             formation_kind_name (f->kind), name, gbacw_unit_name (leader),
                                             gbacw_leader_role_to_string (leader->role)), f->id);
          if (other)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.commander", "17.1",
                                             _("%s commands both “%s” and “%s”"),
                                             leader ? gbacw_unit_name (leader) : f->commander, other, name), f->id);
          else
            g_hash_table_insert (commanders, f->commander, (gpointer) name);
        }

      /* BCE (18.0): the limit of each day, not above the brigade's Strength Points */
      if (f->kind == GBACW_FORMATION_BRIGADE)
        {
          g_autoptr (GPtrArray) units = g_ptr_array_new ();
          int total = 0;
          gboolean all_entered = TRUE;   /* a strength not entered: the total is not known */
          gbacw_formation_collect_units (ctx, f->id, units);
          for (guint k = 0; k < units->len; k++)
            {
              const GbacwUnit *u = g_ptr_array_index (units, k);
              if (u->type != GBACW_UNIT_INFANTRY && u->type != GBACW_UNIT_CAVALRY)
                continue;
              if (u->strength != GBACW_UNSET)
                total += u->strength;
              else
                all_entered = FALSE;
            }
          if (f->bce[0] == GBACW_UNSET && f->bce[1] == GBACW_UNSET)
            emit_formation (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.bce", "18.0",
                                             _("The BCE limit of the brigade “%s” is not entered yet"), name), f->id);
          for (int day = 0; day < 2; day++)
            if (all_entered && f->bce[day] != GBACW_UNSET && f->bce[day] > total)
              emit_formation (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.bce", "18.0",
                                               g_dngettext (GETTEXT_PACKAGE, "The BCE limit of the brigade “%s” for day %d (%d) is "
                                                            "above its total of %d Strength Point, so it can never lose BCE",
                                                            "The BCE limit of the brigade “%s” for day %d (%d) is "
                                                            "above its total of %d Strength Points, so it can never lose BCE",
                                                            total),
                                               name, day + 1, f->bce[day], total), f->id);
        }
    }
}

static void
check_rating (GPtrArray *out, const GbacwUnit *u, int value, int max, const char *rule_case, const char *what,
              gboolean needed)
{
  if (value == GBACW_UNSET)
    {
      if (needed)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", rule_case,
                                    _("The %s of %s is not entered yet"), what, gbacw_unit_name (u)), u->id);
    }
  else if (value < 0)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.ratings", rule_case,
                                _("The %s of %s is %d; it cannot be negative"), what, gbacw_unit_name (u), value),
               u->id);
  else if (value > max)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.ratings", rule_case,
                                _("The %s of %s is %d, more than %d: is it a typing mistake?"), what,
                                gbacw_unit_name (u), value, max), u->id);
}

static void
check_unit (CheckContext *ctx, const GbacwUnit *u, const GbacwChart *range, GPtrArray *out)
{
  const GbacwOob *oob = &ctx->s->oob;
  const char *name = gbacw_unit_name (u);

  /* membership (5.3, 11.13, 17.1) */
  if (u->formation == NULL)
    {
      if (u->type != GBACW_UNIT_LEADER && u->type != GBACW_UNIT_WAGON && !(u->flags & GBACW_UNIT_FLAG_INDEPENDENT))
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.brigade", "5.3",
                                    _("%s belongs to no brigade and is not independent, so it is never in command"),
                                    name), u->id);
    }
  else
    {
      const GbacwFormation *f = gbacw_oob_find_formation (oob, u->formation);
      if (f == NULL)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.brigade", "17.1",
                                    _("%s belongs to “%s”, which is not in the order of battle"), name, u->formation),
                   u->id);
      else if (g_strcmp0 (f->side, u->side) != 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.brigade", "17.1",
                                    _("%s belongs to “%s”, a formation of the other side"), name,
                                    name_or_id (f->name, f->id)), u->id);
    }

  switch (u->type)
    {
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
      if (u->strength == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", "8.12",
                                    _("The strength of %s is not entered yet"), name), u->id);
      else if (u->strength <= 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.ratings", "8.12",
                                    g_dngettext (GETTEXT_PACKAGE, "%s has %d Strength Point; a unit has at least one",
                                                 "%s has %d Strength Points; a unit has at least one", u->strength),
                                    name, u->strength),
                   u->id);
      if (u->morale == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", "13.11",
                                    _("The morale of %s is not entered yet"), name), u->id);
      else if (u->morale < GBACW_MORALE_GREEN || u->morale > 5)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.ratings", "13.11",
                                    _("The morale of %s is %d; a Morale Rating is 1 to 5, or ? for green units"),
                                    name, u->morale), u->id);
      if (u->type == GBACW_UNIT_CAVALRY)
        {
          if (u->dismounted_morale == GBACW_UNSET)
            emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", "6.14",
                                        _("The dismounted morale of %s is not entered yet"), name), u->id);
          else if (u->dismounted_morale < GBACW_MORALE_GREEN || u->dismounted_morale > 5)
            emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.ratings", "6.14",
                                        _("The dismounted morale of %s is %d; a Morale Rating is 1 to 5"), name,
                                        u->dismounted_morale), u->id);
        }
      break;
    case GBACW_UNIT_ARTILLERY:
      /* 9.13 guns, 11.31 rounds, 15.12 crew */
      if (u->guns == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.artillery", "9.13",
                                    _("The number of guns of %s is not entered yet"), name), u->id);
      else if (u->guns <= 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.artillery", "9.13",
                                    _("%s has no guns"), name), u->id);
      if (u->rounds == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.artillery", "11.31",
                                    _("The ammunition (rounds) of %s is not entered yet"), name), u->id);
      else if (u->rounds == 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.artillery", "11.31",
                                    _("%s starts with no ammunition and cannot fire until resupplied"), name), u->id);
      if (u->crew == GBACW_CREW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.artillery", "15.12",
                                    _("The crew of %s (full or half) is not entered yet"), name), u->id);
      if (u->morale == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.ratings", "13.11",
                                    _("The morale of %s is not entered yet"), name), u->id);
      break;
    case GBACW_UNIT_WAGON:
      /* 11.1, 11.24, 11.32 */
      if (u->small_arms_boxes == GBACW_UNSET || u->artillery_boxes == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.wagon", "11.24",
                                    _("The ammunition boxes of %s are not entered yet"), name), u->id);
      else if (u->small_arms_boxes == 0 && u->artillery_boxes == 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_WARNING, "oob.wagon", "11.24",
                                    _("%s carries no ammunition"), name), u->id);
      if (u->crew_strength == GBACW_UNSET || u->morale == GBACW_UNSET)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.wagon", "11.1",
                                    _("The crew (strength and morale) of %s is not entered yet"), name), u->id);
      break;
    case GBACW_UNIT_LEADER:
    default:
      check_rating (out, u, u->er, 10, "17.1", _("Effectiveness Radius"), TRUE);
      check_rating (out, u, u->rally, 10, "17.13", _("Rally Rating"), u->role != GBACW_LEADER_ARMY);
      check_rating (out, u, u->dir, 20, "17.2", _("Divisional Integrity Radius"),
                    u->role == GBACW_LEADER_DIVISION || u->role == GBACW_LEADER_CORPS);
      check_rating (out, u, u->cp, 10, "17.22", _("Command Points"),
                    u->role == GBACW_LEADER_DIVISION || u->role == GBACW_LEADER_CORPS || u->role == GBACW_LEADER_ARMY);
      break;
    }

  /* 9.25: a weapon type the Range Effects Chart knows */
  if (u->type != GBACW_UNIT_LEADER)
    {
      if (u->weapon == NULL)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "oob.weapon", "9.25",
                                    _("The weapon type of %s is not entered yet"), name), u->id);
      else if (range && gbacw_chart_find_row (range, u->weapon) < 0)
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "oob.weapon", "9.25",
                                    _("%s has weapon type “%s”, which the Range Effects Chart does not list"), name,
                                    u->weapon), u->id);
    }
}

void
gbacw_check_oob (CheckContext *ctx, GPtrArray *out)
{
  const GbacwChart *range = gbacw_scenario_find_chart (ctx->s, "range-effects");

  check_formations (ctx, out);
  for (guint i = 0; i < ctx->s->oob.units->len; i++)
    check_unit (ctx, g_ptr_array_index (ctx->s->oob.units, i), range, out);
}

/* ==================================================================== scenario settings */

static void
emit_setting (GbacwFinding *f, const char *name)
{
  gbacw_finding_set_id (f, GBACW_LOCATION_SETTING, name);
}

static char *
format_ranges (GArray *numbers)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < numbers->len;)
    {
      int first = g_array_index (numbers, int, i), last = first;
      guint j = i + 1;
      while (j < numbers->len && g_array_index (numbers, int, j) == last + 1)
        last = g_array_index (numbers, int, j++);
      if (s->len)
        g_string_append (s, ", ");
      if (last > first)
        g_string_append_printf (s, "%d–%d", first, last);
      else
        g_string_append_printf (s, "%d", first);
      i = j;
    }
  return g_string_free (s, FALSE);
}

static void
check_turns (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  const GbacwTurnTrack *t = &s->turns;
  g_autoptr (GArray) missing = g_array_new (FALSE, FALSE, sizeof (int));

  if (t->last < t->first)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                              _("The last Game-Turn (%d) comes before the first (%d)"), t->last, t->first), "turns");
  else if (t->first < 1)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                              _("The first Game-Turn is %d; Game-Turns are numbered from 1"), t->first), "turns");
  if (t->first_player == NULL)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                              _("No first player is set")), "turns");
  else if (gbacw_oob_find_side (&s->oob, t->first_player) == NULL)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                              _("The first player “%s” is not a side of the scenario"), t->first_player), "turns");
  for (guint i = 0; i < t->turns->len; i++)
    {
      const GbacwTurn *turn = g_ptr_array_index (t->turns, i);
      if (turn->n < t->first || turn->n > t->last)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.turns", "4.0",
                                  _("Game-Turn %d is listed, but the scenario runs from turn %d to %d"), turn->n,
                                  t->first, t->last), "turns");
      if (turn->first_player && gbacw_oob_find_side (&s->oob, turn->first_player) == NULL)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                                  _("Game-Turn %d: the first player “%s” is not a side of the scenario"), turn->n,
                                  turn->first_player), "turns");
    }
  if (t->last >= t->first && (gint64) t->last - t->first < 100000)
    {
      guint k = 0;
      for (int n = t->first; n <= t->last; n++)
        {
          while (k < t->turns->len && ((GbacwTurn *) g_ptr_array_index (t->turns, k))->n < n)
            k++;
          if (k >= t->turns->len || ((GbacwTurn *) g_ptr_array_index (t->turns, k))->n != n)
            g_array_append_val (missing, n);
        }
      if (missing->len)
        {
          g_autofree char *list = format_ranges (missing);
          emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.turns", "4.0",
                                    _("The time of Game-Turns %s is not entered yet"), list), "turns");
        }
    }
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      if (r->turn < t->first || r->turn > t->last)
        gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "4.0",
                                          _("Reinforcement “%s” arrives on Game-Turn %d, outside the scenario's "
                                            "turns %d to %d"), r->id, r->turn, t->first, t->last),
                              GBACW_LOCATION_REINFORCEMENT, r->id);
    }
  for (guint i = 0; i < s->automatic_victories->len; i++)
    {
      const GbacwAutomaticVictory *a = g_ptr_array_index (s->automatic_victories, i);
      if (a->turn != GBACW_UNSET && (a->turn < t->first || a->turn > t->last))
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.turns", "scenario",
                                  _("An automatic victory is checked on Game-Turn %d, outside the scenario's turns %d "
                                    "to %d"), a->turn, t->first, t->last), "victory");
    }
}

static void
check_objectives (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;

  if (s->vp_awards->len == 0 && s->victory_levels->len == 0 && s->automatic_victories->len == 0)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.objectives", "scenario",
                              _("No victory conditions are entered yet")), "victory");
  for (guint i = 0; i < s->vp_awards->len; i++)
    {
      const GbacwVpAward *a = g_ptr_array_index (s->vp_awards, i);
      g_autofree char *setting = g_strdup_printf ("victory/%s", a->id ? a->id : "");
      const GbacwArea *area = a->area ? gbacw_map_find_area (ctx->map, a->area) : NULL;
      gboolean needs_area = a->event == GBACW_VP_OBJECTIVE || a->event == GBACW_VP_UNIT_EXITED;

      if (needs_area && a->area == NULL)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.objectives", "scenario",
                                  _("The award “%s” is for %s but names no area"), a->id ? a->id : "",
                                  a->event == GBACW_VP_OBJECTIVE ? _("an objective") : _("units leaving the map")),
                      setting);
      else if (a->area && area == NULL)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.objectives", "scenario",
                                  _("The award “%s” names the area “%s”, which is not on the map"),
                                  a->id ? a->id : "", a->area), setting);
      else if (area && area->hexes->len == 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.objectives", "scenario",
                                  _("The award “%s” is for the area “%s”, which has no hexes"), a->id ? a->id : "",
                                  name_or_id (area->name, area->id)), setting);
      else if (area && a->event == GBACW_VP_OBJECTIVE && area->kind != GBACW_AREA_OBJECTIVE
               && area->kind != GBACW_AREA_TOWN)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.objectives", "scenario",
                                  _("The objective award “%s” is for “%s”, which is a %s, not an objective"),
                                  a->id ? a->id : "", name_or_id (area->name, area->id), area_kind_name (area->kind)),
                      setting);
      if (a->vp != GBACW_UNSET && a->vp < 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.objectives", "scenario",
                                  _("The award “%s” gives %d VP: awards earn Victory Points; to cost a side VP, "
                                    "award them to the other side (only a one-sided count, as in C 31.0, takes "
                                    "VP away)"), a->id ? a->id : "", a->vp),
                      setting);
      if (a->vp == GBACW_UNSET && a->event != GBACW_VP_CUSTOM && a->event != GBACW_VP_BCE_LOST)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_INFO, "scenario.objectives", "scenario",
                                  _("The Victory Points of the award “%s” are not entered yet"), a->id ? a->id : ""),
                      setting);
    }
  for (guint i = 0; i < s->automatic_victories->len; i++)
    {
      const GbacwAutomaticVictory *a = g_ptr_array_index (s->automatic_victories, i);
      const GbacwArea *area = a->area ? gbacw_map_find_area (ctx->map, a->area) : NULL;
      if (a->area && (area == NULL || area->hexes->len == 0))
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.objectives", "scenario",
                                  _("An automatic victory is for the area “%s”, which has no hexes on the map"),
                                  a->area), "victory");
    }
}

/* Levels of victory: each counts from the side ahead (the player with the higher total
 * subtracts the other's, J 28.0, P 34.x, C 31.x), so a level below 0 VP names a side that
 * is behind, and of two levels of one side at the same VP the second is never reached
 * (gbacw_outcome_victory () takes the first). */
static void
check_victory_levels (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;

  for (guint i = 0; i < s->victory_levels->len; i++)
    {
      const GbacwVictoryLevel *level = g_ptr_array_index (s->victory_levels, i);
      const char *name = level->name && *level->name ? level->name : _("(unnamed)");
      if (level->min < 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.victory-levels", "scenario",
                                  _("The level of victory “%s” starts at %d VP: a side that is behind would win "
                                    "it; levels count the VP the side ahead has more than the other, 0 or more"),
                                  name, level->min),
                      "victory");
      for (guint j = 0; j < i; j++)
        {
          const GbacwVictoryLevel *earlier = g_ptr_array_index (s->victory_levels, j);
          if (g_strcmp0 (earlier->side, level->side) == 0 && earlier->min == level->min)
            {
              emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.victory-levels", "scenario",
                                        _("The levels of victory “%s” and “%s” of the same side both start at %d "
                                          "VP: a game can never end in “%s”; give each level its own VP"),
                                        earlier->name ? earlier->name : "", name, level->min, name),
                            "victory");
              break;
            }
        }
    }
}

static void
check_sides (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  guint n_sides = s->oob.sides->len;
  g_autofree guint *units = g_new0 (guint, MAX (n_sides, 1));
  g_autofree guint *present = g_new0 (guint, MAX (n_sides, 1));

  if (n_sides < 2)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.sides", "4.0",
                              g_dngettext (GETTEXT_PACKAGE, "The scenario has %u side; a battle needs two",
                                           "The scenario has %u sides; a battle needs two", n_sides),
                              n_sides), "sides");
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      int side = gbacw_side_index (s, u->side);
      if (side < 0 || !is_combat_unit (u))
        continue;
      units[side]++;
      if (g_hash_table_contains (ctx->arriving, u->id))
        present[side]++;
    }
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      int side = u ? gbacw_side_index (s, u->side) : -1;
      if (side >= 0 && is_combat_unit (u))
        present[side]++;
    }
  for (guint i = 0; i < n_sides; i++)
    {
      const GbacwSide *side = g_ptr_array_index (s->oob.sides, i);
      g_autofree char *setting = g_strdup_printf ("sides/%s", side->id);
      if (units[i] == 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.sides", "4.0",
                                  _("The side “%s” has no units"), name_or_id (side->name, side->id)), setting);
      else if (present[i] == 0)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.sides", "4.0",
                                  _("No unit of the side “%s” is deployed or arrives as a reinforcement"),
                                  name_or_id (side->name, side->id)), setting);
    }
}

/* Exclusive rules the engine knows and their parameters. */
typedef enum {
  PARAM_TURNS,       /* Game-Turn numbers or ranges of them within the scenario's turns */
  PARAM_NUMBER,      /* a positive number, fractions allowed */
  PARAM_DIE_RANGE,   /* "1", "1-2": die rolls */
  PARAM_TURN_DICE,   /* a die range from 1, or per Game-Turns "1-6:1 7-12:1-2" (gbacw-exclusive-params.h) */
  PARAM_CASE,        /* the rule case a module cites, with its game: "P 21.52" */
  PARAM_DIE_TOP,     /* a die range from 1: "1-2", "none" */
  PARAM_TURN_NUMBERS, /* a whole number, or per Game-Turns "1-8:+1" */
  PARAM_LEADER_DICE, /* leader ids of the order of battle with die ranges: "c-van-dorn:1-2" */
  PARAM_SIDES,       /* side ids of the scenario */
  PARAM_RATING,      /* a Morale Rating, 1-6 */
  PARAM_WHOLE,       /* a whole number, -9 to 9: "-1" */
  PARAM_CHOICE,      /* one of the words of ParamSpec.choices */
  PARAM_LEADERS,     /* leader ids of the order of battle, in order */
  PARAM_DIE_LEADERS, /* leader lists per die roll: "1-3:c-mcintosh,c-hebert 4-6:c-hebert" */
  PARAM_DIE_NUMBERS, /* a whole number per die result 0-6: "0:0 1:1 2-3:2" */
  PARAM_WORDS,       /* any words */
  PARAM_YES_NO,      /* yes or no */
  PARAM_FORMATIONS,  /* formation ids of the order of battle */
  PARAM_TERRAINS,    /* hex terrain ids of the catalogue */
  PARAM_CHOICES,     /* one or more of ParamSpec.choices */
  PARAM_ROLLS,       /* a die roll or range anywhere on the die: "5-6", "6", "none" */
  PARAM_MODIFIER,    /* a die or rating modifier, -6 to +6: "+1", "-1" */
  PARAM_COUNT,       /* a whole number from 1 */
  PARAM_TURN,        /* one Game-Turn within the scenario's turns */
  PARAM_UNITS,       /* unit ids of the order of battle */
  PARAM_AREA,        /* an area id of the map */
  PARAM_VP,          /* a whole number of Victory Points, -9999 to 9999 */
  PARAM_HEXES,       /* hex labels and area ids of the map: "3944", "corinth 1010"; "arrival" too for a target */
} ParamKind;

/* ParamSpec.per_side: also NAME.SIDE for each side id, or NAME.FORMATION for each formation id */
#define PER_SIDE 1
#define PER_FORMATION 2
#define PER_SIDE_OR_FORMATION 3

typedef struct {
  const char *name;
  ParamKind kind;
  gboolean required;
  int per_side;        /* 0, PER_SIDE or PER_FORMATION */
  const char *const *choices;   /* PARAM_CHOICE, PARAM_CHOICES */
} ParamSpec;

typedef struct {
  const char *id;
  const char *rule_case;
  ParamSpec params[20];
} ExclusiveSpec;

static const char *const formation_kind_choices[] = { "army", "corps", "division", "brigade", "group", NULL };
static const char *const melee_roll_choices[] = { "die", "morale", NULL };
static const char *const melee_before_choices[] = { "morale", NULL };
static const char *const timing_choices[] = { "interphase", "player-turn", NULL };
static const char *const yes_no[] = { "no", "yes", NULL };
static const char *const recovery_methods[] = { "formula", "second-row", NULL };
static const char *const no_casualties_choices[] = { "double", "keep", NULL };
static const char *const bce_loss_variants[] = { "jackson", "pea-ridge", "corinth", NULL };

static const ExclusiveSpec exclusive_rules[] = {
  /* night Game-Turns (J 35, P 22, C 26; rules matrix 2.D): engine/rules/shared/gbacw-rule-night.c */
  { "night", "35.0", { { "turns", PARAM_TURNS, TRUE }, { "movement-factor", PARAM_NUMBER, FALSE },
                       { "road-factor", PARAM_NUMBER, FALSE }, { "woods-extra", PARAM_NUMBER, FALSE },
                       { "woods", PARAM_TERRAINS, FALSE },
                       { "proximity", PARAM_CHOICE, FALSE, FALSE, gbacw_night_proximity_choices },
                       { "proximity-formations", PARAM_FORMATIONS, FALSE },
                       { "zoc", PARAM_CHOICE, FALSE, FALSE, gbacw_night_zoc_choices },
                       { "fire", PARAM_CHOICE, FALSE, FALSE, gbacw_night_fire_choices },
                       { "engaged", PARAM_CHOICE, FALSE, FALSE, gbacw_night_engaged_choices },
                       { "engaged-through-friends", PARAM_YES_NO, FALSE }, { "pins-removed", PARAM_YES_NO, FALSE },
                       { "leaders-with-units", PARAM_SIDES, FALSE },
                       { "game", PARAM_CHOICE, FALSE, FALSE, gbacw_night_game_choices } } },
  { "jackson.night", "35.0", { { "turns", PARAM_TURNS, FALSE } } },
  { "pearidge.night", "22.0", { { "turns", PARAM_TURNS, FALSE } } },
  { "corinth.night", "26.0", { { "turns", PARAM_TURNS, FALSE } } },
  /* ammunition depletion rolls (11.21; J 21.3, 29.4, 33.5, 36.6; P 21.52):
   * engine/rules/shared/gbacw-rule-ammunition-depletion.c */
  { "ammunition-depletion", "11.21", { { "small-arms", PARAM_TURN_DICE, FALSE, PER_SIDE },
                                      { "artillery", PARAM_TURN_DICE, FALSE, PER_SIDE },
                                      { "case", PARAM_CASE, FALSE, FALSE } } },
  /* batteries of a division (P 21.3): engine/rules/shared/gbacw-rule-artillery-subordination.c */
  { "artillery-subordination", "17.11", { { "division-batteries", PARAM_SIDES, TRUE, FALSE },
                                         { "case", PARAM_CASE, FALSE, FALSE } } },
  /* who replaces a lost commander, and when (J 25, P 28-29, C 28.3):
   * engine/rules/shared/gbacw-rule-leader-replacement.c */
  { "leader-replacement", "17.8", { { "sides", PARAM_SIDES, FALSE, FALSE },
                                    { "successors", PARAM_LEADERS, FALSE, PER_FORMATION },
                                    { "successor-table", PARAM_DIE_LEADERS, FALSE, PER_FORMATION },
                                    { "delay-division", PARAM_DIE_NUMBERS, FALSE, FALSE },
                                    { "delay-brigade", PARAM_DIE_NUMBERS, FALSE, FALSE },
                                    { "original-drm", PARAM_WHOLE, FALSE, FALSE },
                                    { "keeps-brigade", PARAM_YES_NO, FALSE, FALSE },
                                    { "original-first", PARAM_YES_NO, FALSE, FALSE },
                                    { "rank-order", PARAM_WORDS, FALSE, FALSE },
                                    { "promoted-cp", PARAM_WHOLE, FALSE, FALSE },
                                    { "never-replaced", PARAM_CHOICES, FALSE, FALSE, formation_kind_choices },
                                    { "case", PARAM_CASE, FALSE, FALSE } } },
  /* dismounted cavalry's Morale Rating (J 20.3, C 21.4): engine/rules/shared/gbacw-rule-dismounted-morale.c */
  { "dismounted-morale", "6.14", { { "rating", PARAM_RATING, FALSE, FALSE },
                                   { "offset", PARAM_WHOLE, FALSE, FALSE },
                                   { "case", PARAM_CASE, FALSE, FALSE } } },
  /* melee-initiation gates (J 21.6, P 27, C 22): engine/rules/shared/gbacw-rule-melee-initiation.c */
  { "melee-initiation", "12.2", { { "sides", PARAM_SIDES, FALSE, FALSE },
                                  { "forbidden-morale", PARAM_RATING, FALSE, FALSE },
                                  { "roll", PARAM_CHOICE, FALSE, FALSE, melee_roll_choices },
                                  { "adjacent-leader", PARAM_DIE_TOP, FALSE, FALSE },
                                  { "no-leader", PARAM_DIE_TOP, FALSE, FALSE },
                                  { "restricted-leaders", PARAM_LEADER_DICE, FALSE, FALSE },
                                  { "initiation-drm", PARAM_TURN_NUMBERS, FALSE, PER_SIDE },
                                  { "before-melee", PARAM_CHOICE, FALSE, FALSE, melee_before_choices },
                                  { "before-melee-drm", PARAM_TURN_NUMBERS, FALSE, PER_SIDE },
                                  { "case", PARAM_CASE, FALSE, FALSE } } },
  /* straggler recovery (J 35.4, P 22.3, C 26.2): engine/rules/shared/gbacw-rule-straggler-recovery.c */
  { "straggler-recovery", "22.3", { { "timing", PARAM_CHOICE, FALSE, FALSE, timing_choices },
                                    { "turns", PARAM_TURNS, FALSE },
                                    { "losses", PARAM_COUNT, FALSE },
                                    { "hold", PARAM_CHOICE, FALSE, FALSE, yes_no },
                                    { "success", PARAM_ROLLS, FALSE, TRUE },
                                    { "moved-night", PARAM_MODIFIER, FALSE },
                                    { "moved-previous", PARAM_MODIFIER, FALSE },
                                    { "bce-day-1", PARAM_MODIFIER, FALSE },
                                    { "case", PARAM_CASE, FALSE } } },
  /* BCE recovery (P 22.4, C 26.3): engine/rules/shared/gbacw-rule-bce-recovery.c */
  { "bce-recovery", "18.0", { { "method", PARAM_CHOICE, TRUE, FALSE, recovery_methods },
                              { "turn", PARAM_TURN, FALSE },
                              { "no-casualties", PARAM_CHOICE, FALSE, FALSE, no_casualties_choices },
                              { "single-level", PARAM_FORMATIONS, FALSE },
                              { "case", PARAM_CASE, FALSE } } },
  /* retreat direction (J 24, P 23, C 27): engine/rules/shared/gbacw-rule-retreat-direction.c */
  { "retreat-direction", "14.4", { { "method", PARAM_CHOICE, TRUE, FALSE, gbacw_retreat_method_choices },
                                   { "hexes", PARAM_HEXES, FALSE, PER_SIDE_OR_FORMATION },
                                   { "sector", PARAM_CHOICE, FALSE, PER_SIDE_OR_FORMATION, gbacw_retreat_sector_choices },
                                   { "target", PARAM_HEXES, FALSE, PER_SIDE_OR_FORMATION },
                                   { "fallback", PARAM_HEXES, FALSE, PER_SIDE_OR_FORMATION },
                                   { "off-map", PARAM_CHOICE, FALSE, FALSE, gbacw_retreat_off_map_choices },
                                   { "reenter", PARAM_YES_NO, FALSE },
                                   { "case", PARAM_CASE, FALSE } } },
  /* BCE loss (J 27, P 24, C 25): engine/rules/shared/gbacw-rule-bce-loss.c */
  { "bce-loss", "18.0", { { "variant", PARAM_CHOICE, TRUE, FALSE, bce_loss_variants },
                          { "morale-rating", PARAM_MODIFIER, FALSE },
                          { "morale-drm", PARAM_MODIFIER, FALSE },
                          { "fire-shift", PARAM_MODIFIER, FALSE } } },

  /* reserves and commitment (J 30.1, 33.3; P 33.0; C 29.43-29.44, 30.3):
     engine/rules/shared/gbacw-rule-reserves.c */
  { "reserves", "19.0", { { "formations", PARAM_FORMATIONS, FALSE },
                          { "units", PARAM_UNITS, FALSE },
                          { "forbid", PARAM_CHOICES, FALSE, FALSE, gbacw_reserves_forbid_choices },
                          { "approach", PARAM_COUNT, FALSE },
                          { "release-turn", PARAM_TURN, FALSE, PER_FORMATION },
                          { "release-on", PARAM_CHOICES, FALSE, FALSE, gbacw_reserves_release_choices },
                          { "release-distance", PARAM_COUNT, FALSE },
                          { "release-area", PARAM_AREA, FALSE },
                          { "release-area-distance", PARAM_COUNT, FALSE },
                          { "release-after-combat", PARAM_COUNT, FALSE },
                          { "commit-from", PARAM_TURN, FALSE },
                          { "commit-roll", PARAM_DIE_TOP, FALSE, PER_FORMATION },
                          { "commit-tries", PARAM_COUNT, FALSE },
                          { "commit-at-will", PARAM_TURN, FALSE },
                          { "vp-turn", PARAM_TURN, FALSE },
                          { "vp", PARAM_VP, FALSE, PER_SIDE },
                          { "case", PARAM_CASE, FALSE } } },
  /* victory interphases (P 34.2-34.3, C 31.2): engine/rules/shared/gbacw-rule-victory-checks.c */
  { "victory-checks", "19.0", { { "ratio-turns", PARAM_TURNS, FALSE },
                                { "ratio-minimum", PARAM_VP, FALSE },
                                { "ratio-case", PARAM_CASE, FALSE },
                                { "lead-turns", PARAM_TURNS, FALSE },
                                { "lead", PARAM_VP, FALSE },
                                { "lead-case", PARAM_CASE, FALSE },
                                { "most-turns", PARAM_TURNS, FALSE },
                                { "tie", PARAM_SIDES, FALSE },
                                { "most-case", PARAM_CASE, FALSE },
                                { "threshold-turns", PARAM_TURNS, FALSE },
                                { "threshold-side", PARAM_SIDES, FALSE },
                                { "win-at", PARAM_VP, FALSE },
                                { "lose-at", PARAM_VP, FALSE },
                                { "threshold-case", PARAM_CASE, FALSE },
                                { "case", PARAM_CASE, FALSE } } },
  /* Pea Ridge's own rules (P 21.1-21.6, 25, 28.3): engine/rules/pea-ridge/ */
  { "pearidge.formation-exceptions", "21.1", { { "limbered-with-column", PARAM_COUNT, FALSE },
                                               { "road-pass-through", PARAM_YES_NO, FALSE },
                                               { "horse-artillery-ma", PARAM_COUNT, FALSE },
                                               { "case", PARAM_CASE, FALSE } } },
  { "pearidge.woods", "21.2", { { "heavy", PARAM_TERRAINS, FALSE }, { "light", PARAM_TERRAINS, FALSE },
                                { "light-through", PARAM_COUNT, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.fences", "21.4", { { "melee", PARAM_WHOLE, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.out-of-command-morale", "21.6", { { "morale", PARAM_MODIFIER, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.detachment-morale", "25.0", { { "morale", PARAM_MODIFIER, FALSE }, { "case", PARAM_CASE, FALSE } } },
  { "pearidge.extra-kill", "28.3", { { "sides", PARAM_SIDES, FALSE }, { "killed", PARAM_WORDS, FALSE },
                                     { "case", PARAM_CASE, FALSE } } },
};

/* The mechanism ids of the rules matrix (section 2), which the engine registers its exclusive
 * rule modules under; their parameters are the modules' own and are not checked here. */
static const char *const matrix_rules[] = {
  "jackson.sequence", "jackson.company-breakdown", "jackson.cavalry-morale", "jackson.artillery-sections",
  "jackson.abandoned-guns", "jackson.artillery-ammo", "jackson.double-shot", "jackson.opportunity-fire",
  "jackson.melee-restriction", "jackson.terrain", "jackson.wagon-bridge", "jackson.retreat-hexes",
  "jackson.strategic-retreat", "jackson.leader-replacement", "jackson.attachment", "jackson.blenker-restraint",
  "jackson.divisional-units", "jackson.stonewall", "jackson.bce-loss", "jackson.victory",
  "jackson.fremont-commitment", "jackson.confederate-offensive", "jackson.reinforcements",
  "jackson.reserve-brigades", "jackson.encampment", "jackson.train-park", "jackson.straggler-recovery",
  "jackson.fords-swollen", "jackson.bridge-burning", "jackson.port-republic-limits", "pearidge.crews",
  "pearidge.formation-exceptions", "pearidge.woods", "pearidge.artillery-subordination", "pearidge.fences",
  "pearidge.ammo-depletion", "pearidge.out-of-command-morale", "pearidge.sequence", "pearidge.mcculloch-withdrawal",
  "pearidge.straggler-recovery", "pearidge.bce-recovery", "pearidge.retreat-direction", "pearidge.bce-loss",
  "pearidge.detachment-morale", "pearidge.reinforcements", "pearidge.melee-initiation",
  "pearidge.csa-leader-replacement", "pearidge.union-leader-replacement", "pearidge.indians", "pearidge.van-dorn",
  "pearidge.gideon-smith", "pearidge.setup", "pearidge.victory", "corinth.sequence",
  "corinth.no-divisional-integrity", "corinth.army-commanders", "corinth.sharpshooters", "corinth.cavalry-limits",
  "corinth.melee-initiation", "corinth.outer-works", "corinth.redans", "corinth.town", "corinth.railroad",
  "corinth.swamp", "corinth.crests", "corinth.rapid-fire", "corinth.crews", "corinth.siege-guns",
  "corinth.artillery-subordination", "corinth.bce-loss", "corinth.straggler-recovery", "corinth.bce-recovery",
  "corinth.pre-dawn-barrage", "corinth.retreat-direction", "corinth.leader-replacement", "corinth.assault-areas",
  "corinth.union-deployment-limits", "corinth.solitaire", "corinth.assault-impetus", "corinth.union-commitment",
  "corinth.lovell-reluctance", "corinth.heat", "corinth.victory",
  NULL
};

static gboolean
turns_within (CheckContext *ctx, const GArray *table, char **why)
{
  for (guint i = 0; i < table->len; i++)
    {
      const GbacwTurnDice *e = &g_array_index (table, GbacwTurnDice, i);
      if (e->first != G_MININT && (e->first < ctx->s->turns.first || e->last > ctx->s->turns.last))
        {
          *why = g_strdup_printf (_("Game-Turns %d-%d are outside the scenario's turns %d to %d"), e->first, e->last,
                                  ctx->s->turns.first, ctx->s->turns.last);
          return FALSE;
        }
    }
  return TRUE;
}

/* The kinds read by one parser of gbacw-exclusive-params.h; FALSE when kind is not one. */
static gboolean
valid_typed (CheckContext *ctx, const ParamSpec *spec, const char *value, gboolean *valid, char **why)
{
  int a, b;

  switch (spec->kind)
    {
    case PARAM_ROLLS:
      *valid = gbacw_exclusive_parse_die_range (value, &a, &b, why);
      return TRUE;
    case PARAM_MODIFIER:
      *valid = gbacw_exclusive_parse_int (value, -6, 6, &a, why);
      return TRUE;
    case PARAM_COUNT:
      *valid = gbacw_exclusive_parse_int (value, 1, 99, &a, why);
      return TRUE;
    case PARAM_VP:
      *valid = gbacw_exclusive_parse_int (value, -9999, 9999, &a, why);
      return TRUE;
    case PARAM_TURN:
      {
        g_autoptr (GArray) turns = gbacw_exclusive_parse_turns (value, why);
        *valid = turns != NULL && turns->len == 1;
        if (turns != NULL && !*valid)
          *why = g_strdup (_("it names more than one Game-Turn"));
        for (guint i = 0; *valid && i < turns->len; i++)
          if (g_array_index (turns, int, i) < ctx->s->turns.first || g_array_index (turns, int, i) > ctx->s->turns.last)
            {
              *why = g_strdup_printf (_("Game-Turn %d is outside the scenario's turns %d to %d"),
                                      g_array_index (turns, int, i), ctx->s->turns.first, ctx->s->turns.last);
              *valid = FALSE;
            }
        return TRUE;
      }
    case PARAM_HEXES:
      {
        g_autoptr (GArray) hexes = NULL;
        if (g_strcmp0 (value, "arrival") == 0 && g_str_has_prefix (spec->name, "target"))
          *valid = TRUE;   /* C 27.1: the Assault Area the unit arrived through */
        else
          *valid = (hexes = gbacw_exclusive_parse_hexes (ctx->s->map, value, why)) != NULL;
        return TRUE;
      }
    default:
      return FALSE;
    }
}

static gboolean
valid_turn_dice (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GArray) table = gbacw_exclusive_parse_turn_dice (value, why);

  return table != NULL && turns_within (ctx, table, why);
}

/* Each of the white-space separated words of value is accepted by ok (FALSE: *why set). */
static gboolean
valid_words (CheckContext *ctx, const ParamSpec *spec, const char *value, char **why,
             gboolean (*ok) (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why))
{
  g_auto (GStrv) words = g_strsplit_set (value ? value : "", " \t\n", -1);
  guint n = 0;

  for (guint i = 0; words[i]; i++)
    if (*words[i] != '\0')
      {
        n++;
        if (!ok (ctx, spec, words[i], why))
          return FALSE;
      }
  if (n == 0)
    *why = g_strdup (_("it is empty"));
  return n > 0;
}

static gboolean
word_is_choice (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  int index;

  return gbacw_exclusive_parse_choice (word, spec->choices, &index, why);
}

static gboolean
word_is_leader_dice (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  g_autoptr (GHashTable) table = gbacw_exclusive_parse_keyed_dice (word, why);
  GHashTableIter iter;
  gpointer key;

  if (table == NULL)
    return FALSE;
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const GbacwUnit *u = gbacw_oob_find_unit (&ctx->s->oob, key);
      if (u == NULL || u->type != GBACW_UNIT_LEADER)
        {
          *why = g_strdup_printf (_("there is no leader “%s” in the order of battle"), (const char *) key);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
word_is_leader (CheckContext *ctx, const char *word, char **why)
{
  const GbacwUnit *u = gbacw_oob_find_unit (&ctx->s->oob, word);

  if (u != NULL && u->type == GBACW_UNIT_LEADER)
    return TRUE;
  *why = g_strdup_printf (_("there is no leader “%s” in the order of battle"), word);
  return FALSE;
}

static gboolean
word_any (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  return TRUE;
}

static gboolean
word_is_leader_id (CheckContext *ctx, const ParamSpec *spec, const char *word, char **why)
{
  return word_is_leader (ctx, word, why);
}

static gboolean
valid_die_leaders (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GPtrArray) lists = gbacw_exclusive_parse_die_lists (value, why);

  if (lists == NULL)
    return FALSE;
  for (guint die = 0; die < lists->len; die++)
    {
      GStrv ids = g_ptr_array_index (lists, die);
      for (guint i = 0; ids[i]; i++)
        if (!word_is_leader (ctx, ids[i], why))
          return FALSE;
    }
  return TRUE;
}

static gboolean
valid_die_numbers (const char *value, char **why)
{
  g_autoptr (GArray) table = gbacw_exclusive_parse_turn_numbers (value, why);

  if (table == NULL)
    return FALSE;
  for (guint i = 0; i < table->len; i++)
    {
      const GbacwTurnDice *e = &g_array_index (table, GbacwTurnDice, i);
      if (e->first != G_MININT && (e->first < 0 || e->last > 6))
        {
          *why = g_strdup_printf (_("die results %d-%d are not from 0 to 6"), e->first, e->last);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
valid_turn_numbers (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GArray) table = gbacw_exclusive_parse_turn_numbers (value, why);

  return table != NULL && turns_within (ctx, table, why);
}

/* A case number, after a game letter for an exclusive case: "11.21", "P 21.52". */
static gboolean
valid_case (const char *value, char **why)
{
  if (value != NULL && g_regex_match_simple ("^([JPC] )?[0-9]+(\\.[0-9]+)?$", value, 0, 0))
    return TRUE;
  *why = g_strdup_printf (_("“%s” is not a rule case such as 11.21 or P 21.52"), value ? value : "");
  return FALSE;
}

static gboolean
valid_turns (CheckContext *ctx, const char *value, char **why)
{
  g_autoptr (GArray) turns = gbacw_exclusive_parse_turns (value, why);

  for (guint i = 0; turns && i < turns->len; i++)
    {
      int t = g_array_index (turns, int, i);
      if (t < ctx->s->turns.first || t > ctx->s->turns.last)
        {
          *why = g_strdup_printf (_("Game-Turn %d is outside the scenario's turns %d to %d"), t, ctx->s->turns.first,
                                  ctx->s->turns.last);
          return FALSE;
        }
    }
  return turns != NULL;
}

/* Ids of sides, formations or hex terrains that the scenario has. */
static gboolean
valid_ids (CheckContext *ctx, ParamKind kind, const char *value, char **why)
{
  g_auto (GStrv) ids = gbacw_exclusive_parse_ids (value, why);

  for (guint i = 0; ids && ids[i]; i++)
    {
      const char *id = ids[i];
      if (kind == PARAM_SIDES && gbacw_oob_find_side (&ctx->s->oob, id) == NULL)
        *why = g_strdup_printf (_("there is no side “%s”"), id);
      else if (kind == PARAM_FORMATIONS && gbacw_oob_find_formation (&ctx->s->oob, id) == NULL)
        *why = g_strdup_printf (_("the order of battle has no formation “%s”"), id);
      else if (kind == PARAM_TERRAINS && gbacw_catalogue_find_hex_terrain (&ctx->s->catalogue, id) < 0)
        *why = g_strdup_printf (_("the catalogue has no hex terrain “%s”"), id);
      else if (kind == PARAM_UNITS && gbacw_oob_find_unit (&ctx->s->oob, id) == NULL)
        *why = g_strdup_printf (_("the order of battle has no unit “%s”"), id);
      else if (kind == PARAM_AREA && (ids[1] != NULL || gbacw_map_find_area (ctx->s->map, id) == NULL))
        *why = ids[1] != NULL ? g_strdup (_("it names more than one area"))
                              : g_strdup_printf (_("the map has no area “%s”"), id);
      if (*why)
        return FALSE;
    }
  return ids != NULL;
}

static gboolean
valid_param (CheckContext *ctx, const ParamSpec *spec, const char *value, char **why)
{
  ParamKind kind = spec->kind;
  g_auto (GStrv) words = NULL;
  gboolean valid;
  guint n = 0;

  if (valid_typed (ctx, spec, value, &valid, why))
    return valid;
  switch (kind)
    {
    case PARAM_TURN_DICE:
      return valid_turn_dice (ctx, value, why);
    case PARAM_TURN_NUMBERS:
      return valid_turn_numbers (ctx, value, why);
    case PARAM_DIE_TOP:
      {
        int top;
        return gbacw_exclusive_parse_die_top (value, &top, why);
      }
    case PARAM_TURNS:
      return valid_turns (ctx, value, why);
    case PARAM_CHOICE:
      {
        int index;
        return gbacw_exclusive_parse_choice (value, spec->choices, &index, why);
      }
    case PARAM_CHOICES:
      return valid_words (ctx, spec, value, why, word_is_choice);
    case PARAM_YES_NO:
      {
        gboolean yes;
        return gbacw_exclusive_parse_yes_no (value, &yes, why);
      }
    case PARAM_NUMBER:
      {
        double number;
        return gbacw_exclusive_parse_number (value, &number, why);
      }
    case PARAM_SIDES:
    case PARAM_FORMATIONS:
    case PARAM_TERRAINS:
    case PARAM_UNITS:
    case PARAM_AREA:
      return valid_ids (ctx, kind, value, why);
    case PARAM_LEADER_DICE:
      return valid_words (ctx, spec, value, why, word_is_leader_dice);
    case PARAM_LEADERS:
      return valid_words (ctx, spec, value, why, word_is_leader_id);
    case PARAM_DIE_LEADERS:
      return valid_die_leaders (ctx, value, why);
    case PARAM_DIE_NUMBERS:
      return valid_die_numbers (value, why);
    case PARAM_WORDS:
      return valid_words (ctx, spec, value, why, word_any);
    case PARAM_WHOLE:
      {
        gint64 v;
        if (value && g_ascii_string_to_signed (value[0] == '+' ? value + 1 : value, 10, -9, 9, &v, NULL))
          return TRUE;
        *why = g_strdup_printf (_("“%s” is not a whole number from -9 to 9"), value ? value : "");
        return FALSE;
      }
    case PARAM_RATING:
      {
        guint64 v;
        if (value && g_ascii_string_to_unsigned (value, 10, 1, 6, &v, NULL))
          return TRUE;
        *why = g_strdup_printf (_("“%s” is not a Morale Rating from 1 to 6"), value ? value : "");
        return FALSE;
      }
    default:
      break;
    }
  if (kind == PARAM_CASE)
    return valid_case (value, why);
  words = g_strsplit_set (value ? value : "", " \t\n,", -1);

  /* PARAM_DIE_RANGE */
  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i];
      if (*w == '\0')
        continue;
      n++;
      if (!gbacw_value_is_range (w) || strchr (w, '+') || strchr (w, ','))
        {
          *why = g_strdup_printf (_("“%s” is not a die roll or range of die rolls such as 1-2"), w);
          return FALSE;
        }
    }
  if (n == 0)
    {
      *why = g_strdup (_("it is empty"));
      return FALSE;
    }
  return TRUE;
}

/* Whether name is base.SIDE for a side id of the scenario (PER_SIDE), or base.FORMATION
 * for a formation id (PER_FORMATION). */
static gboolean
names_suffixed_param (const GbacwScenario *s, int per, const char *base, const char *name)
{
  gsize n = strlen (base);

  if (strncmp (name, base, n) != 0 || name[n] != '.')
    return FALSE;
  return ((per & PER_SIDE) && gbacw_oob_find_side (&s->oob, name + n + 1) != NULL)
         || ((per & PER_FORMATION) && gbacw_oob_find_formation (&s->oob, name + n + 1) != NULL);
}

/* The night module's turns (J 35.0, P 22.0, C 26.0) are the turn track's night turns: the
 * engine plays the module's, the editor and the game log show the track's. */
static void
check_night_track (CheckContext *ctx, const GbacwExclusiveRule *rule, const char *setting, GPtrArray *out)
{
  g_autofree char *why = NULL;
  g_autoptr (GArray) turns = gbacw_exclusive_parse_turns (gbacw_exclusive_rule_get_param (rule, "turns"), &why);
  const GPtrArray *track = ctx->s->turns.turns;

  for (guint i = 0; turns && i < turns->len; i++)
    for (guint k = 0; k < track->len; k++)
      {
        const GbacwTurn *t = g_ptr_array_index (track, k);
        if (t->n == g_array_index (turns, int, i) && !t->night)
          emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.rules", "35.0",
                                    _("The exclusive rule “night” makes Game-Turn %d a night turn, which the turn "
                                      "track does not mark night"), t->n), setting);
      }
}

/* P 23.0: compass sectors need the map's compass (<map north>), which the scenario must
 * give: Pea Ridge's north is not at the top (rules matrix 5.P). */
static void
check_retreat_compass (CheckContext *ctx, const GbacwExclusiveRule *rule, const char *setting, GPtrArray *out)
{
  if (g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "method"), "compass") == 0
      && ctx->s->map->north == GBACW_NORTH_UNSET)
    emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", "P 23.0",
                              _("The exclusive rule “retreat-direction” retreats by compass sectors, but the map does not "
                                "say where north lies: give the map's north (top, right, bottom or left)")),
                  setting);
}

static void
check_rules (CheckContext *ctx, GPtrArray *out)
{
  static const struct {
    const char *id;
    const char *values[3];
  } options[] = {
    { "command-5.2", { "old", "new", NULL } },
    { "los-along-hexside", { "both-block", "adjacent-only", NULL } },
    { "los-unknown-cell", { "standard", "clear", NULL } },
    { "melee-terrain-12.31", { "old", "new", NULL } },
    { "supply-11.23", { "old", "new", NULL } },
  };
  const GbacwScenario *s = ctx->s;

  for (guint i = 0; i < s->options->len; i++)
    {
      const GbacwParam *p = g_ptr_array_index (s->options, i);
      g_autofree char *setting = g_strdup_printf ("options/%s", p->name);
      gboolean known = FALSE, valid = FALSE;
      for (guint k = 0; k < G_N_ELEMENTS (options); k++)
        if (g_strcmp0 (options[k].id, p->name) == 0)
          {
            known = TRUE;
            valid = strv_has (options[k].values, p->value);
          }
      if (!known)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.rules", "1.0",
                                  _("The rule option “%s” is not one the engine knows"), p->name), setting);
      else if (!valid)
        emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", "1.0",
                                  _("The rule option “%s” cannot be “%s”"), p->name, p->value ? p->value : ""),
                      setting);
    }
  for (guint i = 0; i < s->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (s->exclusive_rules, i);
      g_autofree char *setting = g_strdup_printf ("rules/%s", rule->id);
      const ExclusiveSpec *spec = NULL;
      const char *cite;
      for (guint k = 0; k < G_N_ELEMENTS (exclusive_rules); k++)
        if (g_strcmp0 (exclusive_rules[k].id, rule->id) == 0)
          spec = &exclusive_rules[k];
      if (spec == NULL && strv_has (matrix_rules, rule->id))
        continue;
      if (spec == NULL)
        {
          emit_setting (gbacw_emit (out, GBACW_SEVERITY_WARNING, "scenario.rules", "19.0",
                                    _("The exclusive rule “%s” is not one the engine knows; its parameters are not "
                                      "checked"), rule->id), setting);
          continue;
        }
      if (!rule->enabled)
        continue;
      /* the findings cite the game's own case when the rule names a well-formed one */
      {
        const char *own = gbacw_exclusive_rule_get_param (rule, "case");
        g_autofree char *ignored = NULL;
        cite = own && valid_case (own, &ignored) ? own : spec->rule_case;
      }
      for (guint p = 0; p < G_N_ELEMENTS (spec->params) && spec->params[p].name; p++)
        {
          gboolean present = FALSE;
          for (guint k = 0; rule->params && k < rule->params->len; k++)
            present |= g_strcmp0 (((GbacwParam *) g_ptr_array_index (rule->params, k))->name,
                                  spec->params[p].name) == 0;
          if (!present && spec->params[p].required)
            emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", cite,
                                      _("The exclusive rule “%s” needs the parameter “%s”"), rule->id,
                                      spec->params[p].name), setting);
        }
      for (guint k = 0; rule->params && k < rule->params->len; k++)
        {
          const GbacwParam *param = g_ptr_array_index (rule->params, k);
          const ParamSpec *ps = NULL;
          g_autofree char *why = NULL;
          for (guint p = 0; p < G_N_ELEMENTS (spec->params) && spec->params[p].name; p++)
            if (g_strcmp0 (spec->params[p].name, param->name) == 0
                || (spec->params[p].per_side
                    && names_suffixed_param (s, spec->params[p].per_side, spec->params[p].name, param->name)))
              ps = &spec->params[p];
          if (ps == NULL)
            emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", cite,
                                      _("The exclusive rule “%s” has no parameter “%s”"), rule->id, param->name),
                          setting);
          else if (!valid_param (ctx, ps, param->value, &why))
            emit_setting (gbacw_emit (out, GBACW_SEVERITY_ERROR, "scenario.rules", cite,
                                      _("The parameter “%s” of the exclusive rule “%s” is not valid: %s"), param->name,
                                      rule->id, why), setting);
        }
      if (g_str_equal (rule->id, "night"))
        check_night_track (ctx, rule, setting, out);
      if (g_str_equal (rule->id, "retreat-direction"))
        check_retreat_compass (ctx, rule, setting, out);
    }
}

void
gbacw_check_settings (CheckContext *ctx, GPtrArray *out)
{
  check_turns (ctx, out);
  check_objectives (ctx, out);
  check_victory_levels (ctx, out);
  check_sides (ctx, out);
  check_rules (ctx, out);
}

/* ==================================================================== deployment: arrivals */

void
gbacw_check_arrivals (CheckContext *ctx, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  g_autoptr (GHashTable) placed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) arrival = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      g_hash_table_insert (placed, p->unit, (gpointer) p);
    }
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      g_autoptr (GPtrArray) units = g_ptr_array_new ();

      for (guint k = 0; k < r->units->len; k++)
        {
          const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, g_ptr_array_index (r->units, k));
          if (u)
            g_ptr_array_add (units, (gpointer) u);
        }
      for (guint k = 0; k < r->formations->len; k++)
        {
          const char *fid = g_ptr_array_index (r->formations, k);
          guint before = units->len;
          gbacw_formation_collect_units (ctx, fid, units);
          if (units->len == before)
            gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "deploy.entry", "4.0",
                                              _("Reinforcement “%s” brings the formation “%s”, which has no units"),
                                              r->id, fid),
                                  GBACW_LOCATION_REINFORCEMENT, r->id);
        }
      if (units->len == 0 && r->formations->len == 0)
        gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_WARNING, "deploy.entry", "4.0",
                                          _("Reinforcement “%s” brings no units"), r->id),
                              GBACW_LOCATION_REINFORCEMENT, r->id);

      /* no unit both deployed and arriving, nor arriving twice */
      for (guint k = 0; k < units->len; k++)
        {
          const GbacwUnit *u = g_ptr_array_index (units, k);
          const GbacwPlacement *p = g_hash_table_lookup (placed, u->id);
          const GbacwReinforcement *other = g_hash_table_lookup (arrival, u->id);
          if (p)
            {
              g_autofree char *label = gbacw_hex_label (ctx, p->hex);
              emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.reinforcement", "4.0",
                                          _("%s is deployed in hex %s and also arrives with reinforcement “%s”"),
                                          gbacw_unit_name (u), label, r->id), u->id);
            }
          if (other && other != r)
            emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.reinforcement", "4.0",
                                        _("%s arrives twice: with reinforcements “%s” and “%s”"), gbacw_unit_name (u),
                                        other->id, r->id), u->id);
          if (other == NULL)
            g_hash_table_insert (arrival, u->id, (gpointer) r);
        }

      /* entry hexes on the map edge (4.0 B; J 32.0, P 26.0) */
      if (r->entry_hexes->len == 0)
        gbacw_finding_set_id (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.entry", "4.0",
                                          _("Reinforcement “%s” has no entry hex"), r->id),
                              GBACW_LOCATION_REINFORCEMENT, r->id);
      for (guint k = 0; k < r->entry_hexes->len; k++)
        {
          int hex = g_array_index (r->entry_hexes, int, k);
          if (hex < 0 || hex >= ctx->n_hexes)
            continue;
          if (!gbacw_hex_on_edge (ctx, hex))
            gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_WARNING, "deploy.entry", "4.0",
                                               _("Entry hex of reinforcement “%s” is not on the map edge"), r->id),
                                   ctx->grid, hex);
        }
    }

  /* what is neither on the map nor arriving */
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      if (u->type == GBACW_UNIT_LEADER && u->role == GBACW_LEADER_REPLACEMENT)
        continue;  /* 17.81: replacements come into play when needed */
      if (!g_hash_table_contains (placed, u->id) && !g_hash_table_contains (arrival, u->id))
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "deploy.unplaced", "scenario",
                                    _("%s is neither deployed nor a reinforcement yet"), gbacw_unit_name (u)), u->id);
    }
}

/* ==================================================================== deployment: hexes */

static const char *
hex_terrain_names (CheckContext *ctx, int hex, GString *s)
{
  g_string_truncate (s, 0);
  for (guint64 m = ctx->map->terrain[hex] & ctx->valid_terrains; m; m &= m - 1)
    {
      const GbacwHexTerrain *t = terrain_at (ctx, (guint) __builtin_ctzll (m));
      if (s->len)
        g_string_append (s, " + ");
      g_string_append (s, name_or_id (t->name, t->id));
    }
  return s->str;
}

static gboolean
inside_redan (CheckContext *ctx, int hex)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
  for (int d = 0; d < GBACW_HEX_DIRECTIONS && ctx->redan_types; d++)
    {
      GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
      guint32 redans = ctx->map->hexside_features[id] & ctx->redan_types;
      GbacwHex owner;
      if (!redans)
        continue;
      gbacw_hex_grid_hexside_hexes (ctx->grid, id, &owner, NULL, NULL);
      for (guint32 m = redans; m; m &= m - 1)
        {
          guint k = (guint) __builtin_ctz (m);
          if ((((ctx->map->hexside_inside[id] >> k) & 1) != 0) == !gbacw_hex_equal (owner, h))
            return TRUE;
        }
    }
  return FALSE;
}

void
gbacw_check_deploy_hex (CheckContext *ctx, int hex, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  const char *sides[2] = { NULL, NULL };
  guint n_sides = 0;
  int units = 0, sp = 0, sections = 0, facing = -1;
  gboolean column = FALSE, mixed_facing = FALSE;
  const GbacwUnit *column_unit = NULL, *mounted_unit = NULL;
  int combat = 0, non_mounted = 0;
  GbacwStackingLimits limits;
  const char *rule_case;
  g_autoptr (GString) names = NULL;

  if (ctx->hex_first == NULL || ctx->hex_first[hex] < 0)
    return;
  for (int i = ctx->hex_first[hex]; i >= 0; i = ctx->place_next[i])
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
      if (u == NULL)
        continue;
      if (sides[0] == NULL || g_strcmp0 (sides[0], u->side) == 0)
        sides[0] = u->side, n_sides = MAX (n_sides, 1);
      else if (sides[1] == NULL)
        sides[1] = u->side, n_sides = 2;
      if (p->facing >= 0 && u->type != GBACW_UNIT_LEADER)
        {
          if (facing >= 0 && facing != p->facing)
            mixed_facing = TRUE;
          facing = p->facing;
        }
      if (!is_combat_unit (u))
        continue;
      combat++;
      if (u->type == GBACW_UNIT_ARTILLERY)
        sections++;
      else
        units++;
      sp += gbacw_unit_stacking_points (u, p);
      if (u->type == GBACW_UNIT_INFANTRY && p->formation == GBACW_FORMATION_STATE_COLUMN)
        {
          column = TRUE;
          column_unit = u;
        }
      if (u->type == GBACW_UNIT_CAVALRY
          && (p->formation == GBACW_FORMATION_STATE_MOUNTED || p->formation == GBACW_FORMATION_STATE_UNSET))
        mounted_unit = u;
      else
        non_mounted++;
    }

  if (n_sides > 1)
    {
      gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.enemy", "5.12",
                                         _("Units of both sides (%s and %s) are in this hex; a unit may not enter a "
                                           "hex holding an enemy unit"),
                                         gbacw_side_name (s, sides[0]), gbacw_side_name (s, sides[1])),
                             ctx->grid, hex);
      return;  /* stacking limits are per side; a mixed hex is wrong anyway */
    }
  if (mixed_facing)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.facing", "7.0",
                                       _("The units in this hex face different ways; all units in a hex share one "
                                         "facing")),
                           ctx->grid, hex);
  if (column_unit && combat > 1)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", "8.16",
                                       _("%s is in column and stacked with another combat unit"),
                                       gbacw_unit_name (column_unit)),
                           ctx->grid, hex);
  if (mounted_unit && non_mounted > 0)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", "8.17",
                                       _("%s is mounted and stacked with units other than mounted cavalry and leaders"),
                                       gbacw_unit_name (mounted_unit)),
                           ctx->grid, hex);

  /* 8.18 (redans: C 23.27) */
  if (ctx->map->terrain[hex] == 0)
    return;
  gbacw_rules_data_stacking_limits (ctx->rules, ctx->map, hex, column, &limits);
  rule_case = inside_redan (ctx, hex) ? "23.27" : "8.18";
  names = g_string_new (NULL);
  if (limits.units != GBACW_UNSET && units > limits.units)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", rule_case,
                                       g_dngettext (GETTEXT_PACKAGE, "%d unit is stacked here; %s allows %d", "%d units are stacked here; %s allows %d",
                                                    units), units,
                                       hex_terrain_names (ctx, hex, names), limits.units),
                           ctx->grid, hex);
  if (limits.sp != GBACW_UNSET && sp > limits.sp)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", rule_case,
                                       _("%d Stacking Points are stacked here; %s allows %d"), sp,
                                       hex_terrain_names (ctx, hex, names), limits.sp),
                           ctx->grid, hex);
  if (limits.sections != GBACW_UNSET && sections > limits.sections)
    gbacw_finding_set_hex (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.stacking", rule_case,
                                       g_dngettext (GETTEXT_PACKAGE, "%d artillery unit is stacked here; %s allows %d",
                                                    "%d artillery units are stacked here; %s allows %d", sections),
                                       sections,
                                       hex_terrain_names (ctx, hex, names), limits.sections),
                           ctx->grid, hex);
}

/* ==================================================================== deployment: units */

/* Whether a line the class may use crosses one of the hex's hexsides (6.11, 6.12). */
static gboolean
usable_line_at (CheckContext *ctx, GbacwMoveClass c, int hex)
{
  GbacwHex h = gbacw_hex_grid_hex_at (ctx->grid, hex);
  if (!gbacw_move_class_uses_roads (c))
    return FALSE;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      GbacwMoveCost cost;
      GbacwHexsideId id = gbacw_hex_grid_hexside (ctx->grid, h, d);
      int n = gbacw_hex_grid_index (ctx->grid, gbacw_hex_grid_neighbour (ctx->grid, h, d));
      if (n < 0 || ctx->map->hexside_lines[id] == 0)
        continue;
      gbacw_rules_data_move_cost (ctx->rules, ctx->map, c, n, gbacw_hex_direction_opposite (d), &cost);
      if (cost.kind != GBACW_COST_PROHIBITED)
        return TRUE;
    }
  return FALSE;
}

/* The terrain of the hex that prohibits the class, for the message and its case. */
static const GbacwHexTerrain *
prohibiting_terrain (CheckContext *ctx, GbacwMoveClass c, int hex)
{
  const GbacwChart *movement = gbacw_scenario_find_chart (ctx->s, "terrain-movement");
  for (guint64 m = ctx->map->terrain[hex] & ctx->valid_terrains; m && movement; m &= m - 1)
    {
      const GbacwHexTerrain *t = terrain_at (ctx, (guint) __builtin_ctzll (m));
      GbacwValue v;
      gbacw_value_from_cell (gbacw_chart_lookup (movement, gbacw_move_class_to_row (c), t->id), &v);
      if (v.kind == GBACW_VALUE_PROHIBITED)
        return t;
    }
  return NULL;
}

static const char *
formation_name (GbacwFormationState state)
{
  switch (state)
    {
    case GBACW_FORMATION_STATE_LINE:
      return _("line");
    case GBACW_FORMATION_STATE_COLUMN:
      return _("column");
    case GBACW_FORMATION_STATE_MOUNTED:
      return _("mounted");
    case GBACW_FORMATION_STATE_DISMOUNTED:
      return _("dismounted");
    case GBACW_FORMATION_STATE_LIMBERED:
      return _("limbered");
    case GBACW_FORMATION_STATE_UNLIMBERED:
      return _("unlimbered");
    case GBACW_FORMATION_STATE_UNSET:
    default:
      return _("no formation");
    }
}

void
gbacw_check_deploy_unit (CheckContext *ctx, guint placement_index, GPtrArray *out)
{
  const GbacwScenario *s = ctx->s;
  const GbacwPlacement *p = g_ptr_array_index (s->deployment, placement_index);
  const GbacwUnit *u = gbacw_oob_find_unit (&s->oob, p->unit);
  const char *name;
  int move_class;

  if (u == NULL || p->hex < 0 || p->hex >= ctx->n_hexes)
    return;
  name = gbacw_unit_name (u);

  /* 6.0: a formation the unit type has */
  move_class = gbacw_move_class_for (u->type, p->formation);
  if (move_class < 0)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.formation", "6.0",
                                _("%s is deployed in %s formation, which %s cannot take"), name,
                                formation_name (p->formation), unit_type_name (u->type)), u->id);
  else if (p->formation == GBACW_FORMATION_STATE_UNSET
           && (u->type == GBACW_UNIT_CAVALRY || u->type == GBACW_UNIT_ARTILLERY))
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.formation", "6.0",
                                u->type == GBACW_UNIT_CAVALRY
                                  ? _("The formation of %s is not set: mounted or dismounted?")
                                  : _("The formation of %s is not set: limbered or unlimbered?"),
                                name), u->id);

  /* 7.0: facing */
  if (p->facing < 0 && u->type != GBACW_UNIT_LEADER)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "deploy.facing", "7.0",
                                _("The facing of %s is not entered yet"), name), u->id);

  /* 5.19: terrain the unit may be in (in its formation; unlimbered artillery got there limbered) */
  if (ctx->map->terrain[p->hex] == 0)
    emit_unit (gbacw_emit (out, GBACW_SEVERITY_INFO, "deploy.terrain", "5.15",
                                _("%s is placed on a hex whose terrain is not entered yet"), name), u->id);
  else if (move_class >= 0)
    {
      GbacwMoveClass c = move_class == GBACW_MOVE_ARTILLERY_UNLIMBERED ? GBACW_MOVE_ARTILLERY_LIMBERED : move_class;
      GbacwMoveCost cost;
      gbacw_rules_data_hex_cost (ctx->rules, ctx->map, c, p->hex, &cost);
      if (cost.kind == GBACW_COST_PROHIBITED && !usable_line_at (ctx, c, p->hex))
        {
          const GbacwHexTerrain *t = prohibiting_terrain (ctx, c, p->hex);
          /* the terrain's own case when an exclusive rule defines it (swamp: C 23.5), else the chart's */
          gboolean exclusive = t && t->rule_case && g_ascii_strtod (t->rule_case, NULL) >= 19.0;
          emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.terrain", exclusive ? t->rule_case : "5.19",
                                      _("%s (%s) may not be in %s"), name, move_class_name (c),
                                      t ? name_or_id (t->name, t->id) : _("this hex")), u->id);
        }
    }

  /* 17.52: leaders stacked with a combat unit unless five or more hexes from the enemy */
  if (u->type == GBACW_UNIT_LEADER)
    {
      gboolean with_unit = FALSE;
      for (int i = ctx->hex_first[p->hex]; i >= 0 && !with_unit; i = ctx->place_next[i])
        {
          const GbacwPlacement *q = g_ptr_array_index (s->deployment, i);
          const GbacwUnit *v = gbacw_oob_find_unit (&s->oob, q->unit);
          with_unit = v && is_combat_unit (v) && g_strcmp0 (v->side, u->side) == 0;
        }
      if (!with_unit)
        {
          g_autoptr (GArray) near = g_array_new (FALSE, FALSE, sizeof (GbacwHex));
          int nearest = G_MAXINT;
          GbacwHex centre = gbacw_hex_grid_hex_at (ctx->grid, p->hex);
          gbacw_hex_grid_within (ctx->grid, centre, 4, near);
          for (guint k = 0; k < near->len; k++)
            {
              GbacwHex h = g_array_index (near, GbacwHex, k);
              int index = gbacw_hex_grid_index (ctx->grid, h);
              for (int i = ctx->hex_first[index]; i >= 0; i = ctx->place_next[i])
                {
                  const GbacwPlacement *q = g_ptr_array_index (s->deployment, i);
                  const GbacwUnit *v = gbacw_oob_find_unit (&s->oob, q->unit);
                  if (v && is_combat_unit (v) && g_strcmp0 (v->side, u->side) != 0)
                    nearest = MIN (nearest, gbacw_hex_grid_distance (ctx->grid, centre, h));
                }
            }
          if (nearest != G_MAXINT)
            emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.leader", "17.52",
                                        g_dngettext (GETTEXT_PACKAGE,
                                                     "%s is alone, %d hex from an enemy unit; a leader is stacked "
                                                     "with a combat unit unless five or more hexes from the enemy",
                                                     "%s is alone, %d hexes from an enemy unit; a leader is stacked "
                                                     "with a combat unit unless five or more hexes from the enemy",
                                                     nearest),
                                        name, nearest), u->id);
        }
    }

  /* the scenario's set-up areas of the unit's side */
  {
    gboolean any = FALSE, inside = FALSE;
    const GbacwArea *first = NULL;
    for (guint i = 0; i < ctx->map->areas->len && !inside; i++)
      {
        const GbacwArea *area = g_ptr_array_index (ctx->map->areas, i);
        if (area->kind != GBACW_AREA_SETUP || g_strcmp0 (area->side, u->side) != 0)
          continue;
        any = TRUE;
        first = first ? first : area;
        inside = gbacw_area_contains (area, p->hex);
      }
    if (any && !inside)
      {
        g_autofree char *label = gbacw_hex_label (ctx, p->hex);
        emit_unit (gbacw_emit (out, GBACW_SEVERITY_ERROR, "deploy.setup-area", "scenario",
                                    _("%s is deployed in hex %s, outside the set-up area of its side (%s)"), name,
                                    label, name_or_id (first->name, first->id)), u->id);
      }
  }
}
