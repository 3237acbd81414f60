/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario.c: constructors, copies and lookups of the scenario model. */
#define G_LOG_DOMAIN "gbacw-scenario"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "gbacw"
#endif

#include "gbacw-scenario.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- token tables */

static int
token_index (const char *const *tokens, guint n, const char *s)
{
  if (s == NULL)
    return -1;
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (tokens[i], s) == 0)
      return (int) i;
  return -1;
}

#define TOKEN_TABLE(name, type, ...)                                           \
  static const char *const name##_tokens[] = { __VA_ARGS__ };                  \
  const char *gbacw_##name##_to_string (type value)                            \
  {                                                                            \
    guint i = (guint) value;                                                   \
    return i < G_N_ELEMENTS (name##_tokens) ? name##_tokens[i] : NULL;         \
  }                                                                            \
  int gbacw_##name##_from_string (const char *s)                               \
  {                                                                            \
    return token_index (name##_tokens, G_N_ELEMENTS (name##_tokens), s);       \
  }

TOKEN_TABLE (area_kind, GbacwAreaKind, "town", "setup", "assault", "entry", "objective", "exit", "other")
TOKEN_TABLE (formation_kind, GbacwFormationKind, "army", "corps", "division", "brigade", "group")
TOKEN_TABLE (unit_type, GbacwUnitType, "infantry", "cavalry", "artillery", "wagon", "leader")
TOKEN_TABLE (leader_role, GbacwLeaderRole, "army", "corps", "division", "brigade", "replacement")
TOKEN_TABLE (formation_state, GbacwFormationState, "", "line", "column", "mounted", "dismounted", "limbered", "unlimbered")
TOKEN_TABLE (vp_event, GbacwVpEvent, "objective", "enemy-sp-lost", "leader-lost", "bce-lost", "unit-exited", "unit-vp", "custom")
TOKEN_TABLE (vp_how, GbacwVpHow, "any", "eliminated", "captured", "wounded", "killed")
TOKEN_TABLE (side_mode, GbacwSideMode, "none", "elevation", "inside")

const char *
gbacw_area_kind_name (GbacwAreaKind kind)
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

static const char *const status_words[] = {
  "routed", "pinned", "ammo-depleted", "engaged", "half-crew", "abandoned",
};

char *
gbacw_status_to_string (guint status)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (status_words); i++)
    if (status & (1u << i))
      {
        if (s->len)
          g_string_append_c (s, ' ');
        g_string_append (s, status_words[i]);
      }
  return g_string_free (s, FALSE);
}

gboolean
gbacw_status_from_string (const char *s, guint *status)
{
  g_auto (GStrv) words = g_strsplit_set (s, " \t\n", -1);
  guint result = 0;
  for (guint i = 0; words[i]; i++)
    {
      if (*words[i] == '\0')
        continue;
      int bit = token_index (status_words, G_N_ELEMENTS (status_words), words[i]);
      if (bit < 0)
        return FALSE;
      result |= 1u << bit;
    }
  *status = result;
  return TRUE;
}

/* ---------------------------------------------------------------- catalogue */

GbacwHexTerrain *
gbacw_hex_terrain_copy (const GbacwHexTerrain *t)
{
  GbacwHexTerrain *c = g_new0 (GbacwHexTerrain, 1);
  c->id = g_strdup (t->id);
  c->code = g_strdup (t->code);
  c->name = g_strdup (t->name);
  c->fill = g_strdup (t->fill);
  c->pattern = g_strdup (t->pattern);
  c->height = t->height;
  c->rule_case = g_strdup (t->rule_case);
  return c;
}

void
gbacw_hex_terrain_free (GbacwHexTerrain *t)
{
  if (t == NULL)
    return;
  g_free (t->id);
  g_free (t->code);
  g_free (t->name);
  g_free (t->fill);
  g_free (t->pattern);
  g_free (t->rule_case);
  g_free (t);
}

GbacwHexsideType *
gbacw_hexside_type_copy (const GbacwHexsideType *t)
{
  GbacwHexsideType *c = g_new0 (GbacwHexsideType, 1);
  c->id = g_strdup (t->id);
  c->name = g_strdup (t->name);
  c->style = g_strdup (t->style);
  c->side = t->side;
  c->requires = g_strdupv (t->requires);
  c->rule_case = g_strdup (t->rule_case);
  return c;
}

void
gbacw_hexside_type_free (GbacwHexsideType *t)
{
  if (t == NULL)
    return;
  g_free (t->id);
  g_free (t->name);
  g_free (t->style);
  g_strfreev (t->requires);
  g_free (t->rule_case);
  g_free (t);
}

GbacwLineType *
gbacw_line_type_copy (const GbacwLineType *t)
{
  GbacwLineType *c = g_new0 (GbacwLineType, 1);
  c->id = g_strdup (t->id);
  c->name = g_strdup (t->name);
  c->colour = g_strdup (t->colour);
  c->width = t->width;
  c->style = g_strdup (t->style);
  c->rule_case = g_strdup (t->rule_case);
  return c;
}

void
gbacw_line_type_free (GbacwLineType *t)
{
  if (t == NULL)
    return;
  g_free (t->id);
  g_free (t->name);
  g_free (t->colour);
  g_free (t->style);
  g_free (t->rule_case);
  g_free (t);
}

static void
catalogue_init (GbacwCatalogue *catalogue)
{
  catalogue->hex_terrains = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_hex_terrain_free);
  catalogue->hexside_types = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_hexside_type_free);
  catalogue->line_types = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_line_type_free);
}

/* Every item type has a "T *copy (const T *)"; GLib's own casts of
 * GDestroyNotify rely on the same calling convention. */
typedef gpointer (*ItemCopyFunc) (gconstpointer item);

static GPtrArray *
ptr_array_copy (GPtrArray *src, ItemCopyFunc copy, GDestroyNotify free_func)
{
  GPtrArray *dest = g_ptr_array_new_full (src ? src->len : 0, free_func);
  if (src)
    for (guint i = 0; i < src->len; i++)
      g_ptr_array_add (dest, copy (g_ptr_array_index (src, i)));
  return dest;
}

#define COPY_FUNC(f) ((ItemCopyFunc) (void (*) (void)) (f))

void
gbacw_catalogue_copy (GbacwCatalogue *dest, const GbacwCatalogue *src)
{
  dest->hex_terrains = ptr_array_copy (src->hex_terrains, COPY_FUNC (gbacw_hex_terrain_copy),
                                       (GDestroyNotify) gbacw_hex_terrain_free);
  dest->hexside_types = ptr_array_copy (src->hexside_types, COPY_FUNC (gbacw_hexside_type_copy),
                                        (GDestroyNotify) gbacw_hexside_type_free);
  dest->line_types = ptr_array_copy (src->line_types, COPY_FUNC (gbacw_line_type_copy),
                                     (GDestroyNotify) gbacw_line_type_free);
}

void
gbacw_catalogue_clear (GbacwCatalogue *catalogue)
{
  g_clear_pointer (&catalogue->hex_terrains, g_ptr_array_unref);
  g_clear_pointer (&catalogue->hexside_types, g_ptr_array_unref);
  g_clear_pointer (&catalogue->line_types, g_ptr_array_unref);
}

int
gbacw_catalogue_find_hex_terrain (const GbacwCatalogue *catalogue, const char *id)
{
  for (guint i = 0; i < catalogue->hex_terrains->len; i++)
    if (g_strcmp0 (((GbacwHexTerrain *) g_ptr_array_index (catalogue->hex_terrains, i))->id, id) == 0)
      return (int) i;
  return -1;
}

int
gbacw_catalogue_find_hex_terrain_code (const GbacwCatalogue *catalogue, const char *code)
{
  for (guint i = 0; i < catalogue->hex_terrains->len; i++)
    if (g_strcmp0 (((GbacwHexTerrain *) g_ptr_array_index (catalogue->hex_terrains, i))->code, code) == 0)
      return (int) i;
  return -1;
}

int
gbacw_catalogue_find_hexside_type (const GbacwCatalogue *catalogue, const char *id)
{
  for (guint i = 0; i < catalogue->hexside_types->len; i++)
    if (g_strcmp0 (((GbacwHexsideType *) g_ptr_array_index (catalogue->hexside_types, i))->id, id) == 0)
      return (int) i;
  return -1;
}

int
gbacw_catalogue_find_line_type (const GbacwCatalogue *catalogue, const char *id)
{
  for (guint i = 0; i < catalogue->line_types->len; i++)
    if (g_strcmp0 (((GbacwLineType *) g_ptr_array_index (catalogue->line_types, i))->id, id) == 0)
      return (int) i;
  return -1;
}

/* ---------------------------------------------------------------- charts */

void
gbacw_cell_clear (GbacwCell *cell)
{
  g_clear_pointer (&cell->value, g_free);
  cell->status = GBACW_CELL_UNKNOWN;
  cell->stand_in = FALSE;
}

void
gbacw_cell_copy (GbacwCell *dest, const GbacwCell *src)
{
  dest->value = g_strdup (src->value);
  dest->status = src->status;
  dest->stand_in = src->stand_in;
}

void
gbacw_cell_parse (GbacwCell *cell, const char *text)
{
  g_autofree char *s = g_strstrip (g_strdup (text));
  gsize len = strlen (s);

  g_free (cell->value);
  cell->value = NULL;
  cell->stand_in = FALSE;   /* entered: no longer a stand-in */
  if (len == 0 || strcmp (s, "?") == 0)
    {
      cell->status = GBACW_CELL_UNKNOWN;
      return;
    }
  if (len >= 2 && s[0] == '[' && s[len - 1] == ']')
    {
      cell->status = GBACW_CELL_INFERRED;
      cell->value = g_strstrip (g_strndup (s + 1, len - 2));
    }
  else if (len >= 2 && s[0] == '{' && s[len - 1] == '}')
    {
      cell->status = GBACW_CELL_INVENTED;
      cell->value = g_strstrip (g_strndup (s + 1, len - 2));
    }
  else
    {
      cell->status = GBACW_CELL_KNOWN;
      cell->value = g_steal_pointer (&s);
    }
  if (cell->value && *cell->value == '\0')
    {
      g_clear_pointer (&cell->value, g_free);
      cell->status = GBACW_CELL_UNKNOWN;
    }
}

char *
gbacw_cell_format (const GbacwCell *cell)
{
  if (cell->value == NULL || cell->status == GBACW_CELL_UNKNOWN)
    return g_strdup ("?");
  switch (cell->status)
    {
    case GBACW_CELL_INFERRED:
      return g_strdup_printf ("[%s]", cell->value);
    case GBACW_CELL_INVENTED:
      return g_strdup_printf ("{%s}", cell->value);
    case GBACW_CELL_KNOWN:
    case GBACW_CELL_UNKNOWN:
    default:
      return g_strdup (cell->value);
    }
}

static void
chart_row_free (GbacwChartRow *row, guint n_cells)
{
  g_free (row->id);
  g_free (row->name);
  for (guint i = 0; i < n_cells; i++)
    gbacw_cell_clear (&row->cells[i]);
  g_free (row->cells);
  g_free (row);
}

static void
cell_note_free (GbacwCellNote *note)
{
  g_free (note->row);
  g_free (note->col);
  g_free (note->text);
  g_free (note);
}

GbacwChart *
gbacw_chart_new (const char *id, const char *name)
{
  GbacwChart *chart = g_new0 (GbacwChart, 1);
  chart->id = g_strdup (id);
  chart->name = g_strdup (name);
  chart->notes = g_ptr_array_new_with_free_func (g_free);
  chart->columns = g_ptr_array_new_with_free_func (g_free);
  /* rows are freed by hand: a row does not know how many cells it has */
  chart->rows = g_ptr_array_new ();
  chart->cell_notes = g_ptr_array_new_with_free_func ((GDestroyNotify) cell_note_free);
  return chart;
}

void
gbacw_chart_free (GbacwChart *chart)
{
  if (chart == NULL)
    return;
  for (guint i = 0; i < chart->rows->len; i++)
    chart_row_free (g_ptr_array_index (chart->rows, i), chart->columns->len);
  g_ptr_array_unref (chart->rows);
  g_ptr_array_unref (chart->columns);
  g_ptr_array_unref (chart->notes);
  g_ptr_array_unref (chart->cell_notes);
  g_free (chart->id);
  g_free (chart->name);
  g_free (chart->rule_case);
  g_free (chart->source);
  g_free (chart);
}

GbacwChart *
gbacw_chart_copy (const GbacwChart *chart)
{
  GbacwChart *c = gbacw_chart_new (chart->id, chart->name);
  guint n_cols = chart->columns->len;

  c->rule_case = g_strdup (chart->rule_case);
  c->source = g_strdup (chart->source);
  for (guint i = 0; i < chart->notes->len; i++)
    g_ptr_array_add (c->notes, g_strdup (g_ptr_array_index (chart->notes, i)));
  for (guint i = 0; i < n_cols; i++)
    g_ptr_array_add (c->columns, g_strdup (g_ptr_array_index (chart->columns, i)));
  for (guint i = 0; i < chart->rows->len; i++)
    {
      const GbacwChartRow *row = g_ptr_array_index (chart->rows, i);
      GbacwChartRow *r = gbacw_chart_add_row (c, row->id, row->name);
      for (guint j = 0; j < n_cols; j++)
        gbacw_cell_copy (&r->cells[j], &row->cells[j]);
    }
  for (guint i = 0; i < chart->cell_notes->len; i++)
    {
      const GbacwCellNote *note = g_ptr_array_index (chart->cell_notes, i);
      GbacwCellNote *n = g_new0 (GbacwCellNote, 1);
      n->row = g_strdup (note->row);
      n->col = g_strdup (note->col);
      n->text = g_strdup (note->text);
      g_ptr_array_add (c->cell_notes, n);
    }
  return c;
}

/* Adds a row of unknown cells; add the columns first. */
GbacwChartRow *
gbacw_chart_add_row (GbacwChart *chart, const char *id, const char *name)
{
  GbacwChartRow *row = g_new0 (GbacwChartRow, 1);
  row->id = g_strdup (id);
  row->name = g_strdup (name);
  row->cells = g_new0 (GbacwCell, MAX (chart->columns->len, 1));
  for (guint i = 0; i < chart->columns->len; i++)
    row->cells[i].status = GBACW_CELL_UNKNOWN;
  g_ptr_array_add (chart->rows, row);
  return row;
}

void
gbacw_chart_remove_row (GbacwChart *chart, guint index)
{
  g_return_if_fail (index < chart->rows->len);
  chart_row_free (g_ptr_array_index (chart->rows, index), chart->columns->len);
  g_ptr_array_remove_index (chart->rows, index);
}

int
gbacw_chart_find_column (const GbacwChart *chart, const char *col)
{
  for (guint i = 0; i < chart->columns->len; i++)
    if (g_strcmp0 (g_ptr_array_index (chart->columns, i), col) == 0)
      return (int) i;
  return -1;
}

int
gbacw_chart_find_row (const GbacwChart *chart, const char *row)
{
  for (guint i = 0; i < chart->rows->len; i++)
    if (g_strcmp0 (((GbacwChartRow *) g_ptr_array_index (chart->rows, i))->id, row) == 0)
      return (int) i;
  return -1;
}

const GbacwCell *
gbacw_chart_lookup (const GbacwChart *chart, const char *row, const char *col)
{
  int r = gbacw_chart_find_row (chart, row);
  int c = gbacw_chart_find_column (chart, col);
  if (r < 0 || c < 0)
    return NULL;
  return &((GbacwChartRow *) g_ptr_array_index (chart->rows, r))->cells[c];
}

/* ---------------------------------------------------------------- map */

GbacwArea *
gbacw_area_new (const char *id, GbacwAreaKind kind, const char *name)
{
  GbacwArea *area = g_new0 (GbacwArea, 1);
  area->id = g_strdup (id);
  area->kind = kind;
  area->name = g_strdup (name);
  area->vp = GBACW_UNSET;
  area->hexes = g_array_new (FALSE, FALSE, sizeof (int));
  return area;
}

void
gbacw_area_free (GbacwArea *area)
{
  if (area == NULL)
    return;
  g_free (area->id);
  g_free (area->name);
  g_free (area->side);
  g_free (area->description);
  g_array_unref (area->hexes);
  g_free (area);
}

GbacwArea *
gbacw_area_copy (const GbacwArea *area)
{
  GbacwArea *c = gbacw_area_new (area->id, area->kind, area->name);
  c->side = g_strdup (area->side);
  c->vp = area->vp;
  c->description = g_strdup (area->description);
  g_array_append_vals (c->hexes, area->hexes->data, area->hexes->len);
  return c;
}

static int
compare_int (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

/* Sorts the hexes and drops duplicates, the form the file and lookups expect. */
void
gbacw_area_sort (GbacwArea *area)
{
  GArray *h = area->hexes;
  guint out = 0;

  g_array_sort (h, compare_int);
  for (guint i = 0; i < h->len; i++)
    if (out == 0 || g_array_index (h, int, i) != g_array_index (h, int, out - 1))
      g_array_index (h, int, out++) = g_array_index (h, int, i);
  g_array_set_size (h, out);
}

gboolean
gbacw_area_contains (const GbacwArea *area, int hex)
{
  const int *v = (const int *) area->hexes->data;
  guint lo = 0, hi = area->hexes->len;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (v[mid] < hex)
        lo = mid + 1;
      else if (v[mid] > hex)
        hi = mid;
      else
        return TRUE;
    }
  return FALSE;
}

GbacwLabel *
gbacw_label_copy (const GbacwLabel *label)
{
  GbacwLabel *c = g_memdup2 (label, sizeof *label);
  c->text = g_strdup (label->text);
  return c;
}

void
gbacw_label_free (GbacwLabel *label)
{
  if (label == NULL)
    return;
  g_free (label->text);
  g_free (label);
}

GbacwMap *
gbacw_map_new (const GbacwHexGrid *grid)
{
  GbacwMap *map = g_new0 (GbacwMap, 1);
  int n = gbacw_hex_grid_n_hexes (grid);
  guint n_sides = gbacw_hex_grid_n_hexside_ids (grid);

  map->grid = *grid;
  map->levels = g_array_new (FALSE, FALSE, sizeof (int));
  map->terrain = g_new0 (guint64, MAX (n, 1));
  map->terrain_stand_in = g_new0 (guint8, MAX (n, 1));
  map->elevation = g_new0 (gint16, MAX (n, 1));
  map->hexside_features = g_new0 (guint32, MAX (n_sides, 1));
  map->hexside_inside = g_new0 (guint32, MAX (n_sides, 1));
  map->hexside_lines = g_new0 (guint16, MAX (n_sides, 1));
  map->hexside_names = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  map->areas = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_area_free);
  map->labels = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_label_free);
  map->background.opacity = 0.5;
  map->background.transform[0] = 1.0;
  map->background.transform[3] = 1.0;
  map->north = GBACW_NORTH_UNSET;
  return map;
}

static const char *const north_names[] = { "top", "right", "bottom", "left" };

const char *
gbacw_north_name (int north)
{
  return north >= 0 && north < (int) G_N_ELEMENTS (north_names) ? north_names[north] : NULL;
}

int
gbacw_north_parse (const char *name)
{
  for (guint i = 0; name && i < G_N_ELEMENTS (north_names); i++)
    if (g_str_equal (name, north_names[i]))
      return (int) i;
  return GBACW_NORTH_UNSET;
}

int
gbacw_map_direction_bearing (const GbacwMap *map, int direction)
{
  /* the direction's angle on the page, clockwise from the top: flat hexes 0 (N) 60 …,
   * pointy 30 (NE) 90 …; north toward the right turns every bearing back 90 degrees */
  int page = direction * 60 + (map->grid.orientation == GBACW_GRID_POINTY_ROWS ? 30 : 0);
  int north = map->north == GBACW_NORTH_UNSET ? GBACW_NORTH_TOP : map->north;

  return ((page - north * 90) % 360 + 360) % 360;
}

void
gbacw_map_free (GbacwMap *map)
{
  if (map == NULL)
    return;
  g_array_unref (map->levels);
  g_free (map->terrain);
  g_free (map->terrain_stand_in);
  g_free (map->elevation);
  g_free (map->hexside_features);
  g_free (map->hexside_inside);
  g_free (map->hexside_lines);
  g_hash_table_unref (map->hexside_names);
  g_ptr_array_unref (map->areas);
  g_ptr_array_unref (map->labels);
  g_free (map->background.file);
  g_free (map);
}

GbacwMap *
gbacw_map_copy (const GbacwMap *map)
{
  GbacwMap *c = gbacw_map_new (&map->grid);
  int n = gbacw_hex_grid_n_hexes (&map->grid);
  guint n_sides = gbacw_hex_grid_n_hexside_ids (&map->grid);
  GHashTableIter iter;
  gpointer key, value;

  g_array_append_vals (c->levels, map->levels->data, map->levels->len);
  memcpy (c->terrain, map->terrain, sizeof (guint64) * (gsize) n);
  memcpy (c->terrain_stand_in, map->terrain_stand_in, (gsize) n);
  memcpy (c->elevation, map->elevation, sizeof (gint16) * (gsize) n);
  memcpy (c->hexside_features, map->hexside_features, sizeof (guint32) * n_sides);
  memcpy (c->hexside_inside, map->hexside_inside, sizeof (guint32) * n_sides);
  memcpy (c->hexside_lines, map->hexside_lines, sizeof (guint16) * n_sides);
  g_hash_table_iter_init (&iter, map->hexside_names);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (c->hexside_names, key, g_strdup (value));
  for (guint i = 0; i < map->areas->len; i++)
    g_ptr_array_add (c->areas, gbacw_area_copy (g_ptr_array_index (map->areas, i)));
  for (guint i = 0; i < map->labels->len; i++)
    g_ptr_array_add (c->labels, gbacw_label_copy (g_ptr_array_index (map->labels, i)));
  c->background = map->background;
  c->north = map->north;
  c->background.file = g_strdup (map->background.file);
  return c;
}

void
gbacw_background_rotate (GbacwBackground *bg, const GbacwHexGrid *grid, double rotation)
{
  double w, h, cx, cy, a, c, sn, t[6];

  g_return_if_fail (bg != NULL && grid != NULL);

  gbacw_hex_grid_extent (grid, &w, &h);
  cx = w / 2;
  cy = h / 2;
  /* Drawn turned by a clockwise (y down), the scan shows at map point p what was at
   * p turned back by a about the centre: transform' = transform · R(-a) about (cx, cy). */
  a = (rotation - bg->rotation) * G_PI / 180.0;
  c = cos (a);
  sn = sin (a);
  /* R(-a) about the centre: x' = c·x + sn·y + ex, y' = -sn·x + c·y + ey */
  {
    double ex = cx - (c * cx + sn * cy), ey = cy - (-sn * cx + c * cy);
    const double *m = bg->transform;

    t[0] = m[0] * c + m[2] * -sn;
    t[1] = m[1] * c + m[3] * -sn;
    t[2] = m[0] * sn + m[2] * c;
    t[3] = m[1] * sn + m[3] * c;
    t[4] = m[0] * ex + m[2] * ey + m[4];
    t[5] = m[1] * ex + m[3] * ey + m[5];
  }
  memcpy (bg->transform, t, sizeof t);
  bg->rotation = rotation;
}

char *
gbacw_background_file_for (const char *from_path, const char *file, const char *to_path)
{
  g_autofree char *absolute = NULL;
  g_autoptr (GFile) image = NULL;
  char *relative = NULL;

  g_return_val_if_fail (file != NULL, NULL);

  if (g_path_is_absolute (file))
    absolute = g_strdup (file);
  else
    {
      g_autofree char *dir = from_path ? g_path_get_dirname (from_path) : g_get_current_dir ();
      g_autofree char *joined = g_build_filename (dir, file, NULL);
      g_autoptr (GFile) canonical = g_file_new_for_path (joined);   /* "a/../b" made "b" */
      absolute = g_file_get_path (canonical);
    }
  image = g_file_new_for_path (absolute);
  if (to_path != NULL)
    {
      g_autoptr (GFile) scenario = g_file_new_for_path (to_path);
      g_autoptr (GFile) dir = g_file_get_parent (scenario);
      relative = dir ? g_file_get_relative_path (dir, image) : NULL;
    }
  return relative ? relative : g_steal_pointer (&absolute);
}

int
gbacw_map_level_height (const GbacwMap *map, int level)
{
  if (level < 0 || (guint) level >= map->levels->len)
    return GBACW_UNSET;
  return g_array_index (map->levels, int, level);
}

GbacwArea *
gbacw_map_find_area (const GbacwMap *map, const char *id)
{
  for (guint i = 0; i < map->areas->len; i++)
    {
      GbacwArea *area = g_ptr_array_index (map->areas, i);
      if (g_strcmp0 (area->id, id) == 0)
        return area;
    }
  return NULL;
}

/* ---------------------------------------------------------------- order of battle */

GbacwSide *
gbacw_side_new (const char *id, const char *name)
{
  GbacwSide *side = g_new0 (GbacwSide, 1);
  side->id = g_strdup (id);
  side->name = g_strdup (name);
  return side;
}

GbacwSide *
gbacw_side_copy (const GbacwSide *side)
{
  GbacwSide *c = gbacw_side_new (side->id, side->name);
  c->colour = g_strdup (side->colour);
  return c;
}

void
gbacw_side_free (GbacwSide *side)
{
  if (side == NULL)
    return;
  g_free (side->id);
  g_free (side->name);
  g_free (side->colour);
  g_free (side);
}

GbacwFormation *
gbacw_formation_new (const char *id, const char *side, GbacwFormationKind kind)
{
  GbacwFormation *f = g_new0 (GbacwFormation, 1);
  f->id = g_strdup (id);
  f->side = g_strdup (side);
  f->kind = kind;
  f->bce[0] = f->bce[1] = GBACW_UNSET;
  f->bce_vp = GBACW_UNSET;
  f->momentum = GBACW_UNSET;
  return f;
}

GbacwFormation *
gbacw_formation_copy (const GbacwFormation *formation)
{
  GbacwFormation *c = g_memdup2 (formation, sizeof *formation);
  c->id = g_strdup (formation->id);
  c->side = g_strdup (formation->side);
  c->parent = g_strdup (formation->parent);
  c->name = g_strdup (formation->name);
  c->commander = g_strdup (formation->commander);
  return c;
}

void
gbacw_formation_free (GbacwFormation *formation)
{
  if (formation == NULL)
    return;
  g_free (formation->id);
  g_free (formation->side);
  g_free (formation->parent);
  g_free (formation->name);
  g_free (formation->commander);
  g_free (formation);
}

GbacwUnit *
gbacw_unit_new (const char *id, const char *side, GbacwUnitType type)
{
  GbacwUnit *u = g_new0 (GbacwUnit, 1);
  u->id = g_strdup (id);
  u->side = g_strdup (side);
  u->type = type;
  u->strength = GBACW_UNSET;
  u->morale = GBACW_UNSET;
  u->dismounted_morale = GBACW_UNSET;
  u->guns = GBACW_UNSET;
  u->rounds = GBACW_UNSET;
  u->crew = GBACW_CREW_UNSET;
  u->small_arms_boxes = GBACW_UNSET;
  u->artillery_boxes = GBACW_UNSET;
  u->crew_strength = GBACW_UNSET;
  u->role = GBACW_LEADER_BRIGADE;
  u->er = GBACW_UNSET;
  u->rally = GBACW_UNSET;
  u->dir = GBACW_UNSET;
  u->cp = GBACW_UNSET;
  u->vp = GBACW_UNSET;
  return u;
}

GbacwUnit *
gbacw_unit_copy (const GbacwUnit *unit)
{
  GbacwUnit *c = g_memdup2 (unit, sizeof *unit);
  c->id = g_strdup (unit->id);
  c->side = g_strdup (unit->side);
  c->formation = g_strdup (unit->formation);
  c->designation = g_strdup (unit->designation);
  c->weapon = g_strdup (unit->weapon);
  c->rank = g_strdup (unit->rank);
  return c;
}

void
gbacw_unit_free (GbacwUnit *unit)
{
  if (unit == NULL)
    return;
  g_free (unit->id);
  g_free (unit->side);
  g_free (unit->formation);
  g_free (unit->designation);
  g_free (unit->weapon);
  g_free (unit->rank);
  g_free (unit);
}

static void
oob_init (GbacwOob *oob)
{
  oob->sides = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_side_free);
  oob->formations = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_formation_free);
  oob->units = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_unit_free);
  oob->side_index = g_hash_table_new (g_str_hash, g_str_equal);
  oob->formation_index = g_hash_table_new (g_str_hash, g_str_equal);
  oob->unit_index = g_hash_table_new (g_str_hash, g_str_equal);
}

static void
oob_clear (GbacwOob *oob)
{
  g_clear_pointer (&oob->side_index, g_hash_table_unref);
  g_clear_pointer (&oob->formation_index, g_hash_table_unref);
  g_clear_pointer (&oob->unit_index, g_hash_table_unref);
  g_clear_pointer (&oob->sides, g_ptr_array_unref);
  g_clear_pointer (&oob->formations, g_ptr_array_unref);
  g_clear_pointer (&oob->units, g_ptr_array_unref);
}

/* The first of duplicate ids wins the lookup; the loader refuses duplicates anyway. */
void
gbacw_oob_reindex (GbacwOob *oob)
{
  g_hash_table_remove_all (oob->side_index);
  g_hash_table_remove_all (oob->formation_index);
  g_hash_table_remove_all (oob->unit_index);
  for (guint i = oob->sides->len; i-- > 0;)
    {
      GbacwSide *s = g_ptr_array_index (oob->sides, i);
      g_hash_table_insert (oob->side_index, s->id, s);
    }
  for (guint i = oob->formations->len; i-- > 0;)
    {
      GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      g_hash_table_insert (oob->formation_index, f->id, f);
    }
  for (guint i = oob->units->len; i-- > 0;)
    {
      GbacwUnit *u = g_ptr_array_index (oob->units, i);
      g_hash_table_insert (oob->unit_index, u->id, u);
    }
}

GbacwSide *
gbacw_oob_find_side (const GbacwOob *oob, const char *id)
{
  return id ? g_hash_table_lookup (oob->side_index, id) : NULL;
}

GbacwFormation *
gbacw_oob_find_formation (const GbacwOob *oob, const char *id)
{
  return id ? g_hash_table_lookup (oob->formation_index, id) : NULL;
}

GbacwUnit *
gbacw_oob_find_unit (const GbacwOob *oob, const char *id)
{
  return id ? g_hash_table_lookup (oob->unit_index, id) : NULL;
}

/* ---------------------------------------------------------------- scenario parts */

GbacwPlacement *
gbacw_placement_new (const char *unit, int hex)
{
  GbacwPlacement *p = g_new0 (GbacwPlacement, 1);
  p->unit = g_strdup (unit);
  p->hex = hex;
  p->facing = -1;
  p->strength = GBACW_UNSET;
  return p;
}

GbacwPlacement *
gbacw_placement_copy (const GbacwPlacement *placement)
{
  GbacwPlacement *c = g_memdup2 (placement, sizeof *placement);
  c->unit = g_strdup (placement->unit);
  return c;
}

void
gbacw_placement_free (GbacwPlacement *placement)
{
  if (placement == NULL)
    return;
  g_free (placement->unit);
  g_free (placement);
}

GbacwTurn *
gbacw_turn_copy (const GbacwTurn *turn)
{
  GbacwTurn *c = g_memdup2 (turn, sizeof *turn);
  c->time = g_strdup (turn->time);
  c->first_player = g_strdup (turn->first_player);
  return c;
}

void
gbacw_turn_free (GbacwTurn *turn)
{
  if (turn == NULL)
    return;
  g_free (turn->time);
  g_free (turn->first_player);
  g_free (turn);
}

GbacwReinforcement *
gbacw_reinforcement_new (const char *id, int turn)
{
  GbacwReinforcement *r = g_new0 (GbacwReinforcement, 1);
  r->id = g_strdup (id);
  r->turn = turn;
  r->entry_hexes = g_array_new (FALSE, FALSE, sizeof (int));
  r->units = g_ptr_array_new_with_free_func (g_free);
  r->formations = g_ptr_array_new_with_free_func (g_free);
  return r;
}

GbacwReinforcement *
gbacw_reinforcement_copy (const GbacwReinforcement *r)
{
  GbacwReinforcement *c = gbacw_reinforcement_new (r->id, r->turn);
  c->formation = r->formation;
  g_array_append_vals (c->entry_hexes, r->entry_hexes->data, r->entry_hexes->len);
  for (guint i = 0; i < r->units->len; i++)
    g_ptr_array_add (c->units, g_strdup (g_ptr_array_index (r->units, i)));
  for (guint i = 0; i < r->formations->len; i++)
    g_ptr_array_add (c->formations, g_strdup (g_ptr_array_index (r->formations, i)));
  return c;
}

void
gbacw_reinforcement_free (GbacwReinforcement *r)
{
  if (r == NULL)
    return;
  g_free (r->id);
  g_array_unref (r->entry_hexes);
  g_ptr_array_unref (r->units);
  g_ptr_array_unref (r->formations);
  g_free (r);
}

GbacwVpAward *
gbacw_vp_award_copy (const GbacwVpAward *a)
{
  GbacwVpAward *c = g_memdup2 (a, sizeof *a);
  c->id = g_strdup (a->id);
  c->side = g_strdup (a->side);
  c->area = g_strdup (a->area);
  c->text = g_strdup (a->text);
  c->unit_type = g_strdup (a->unit_type);
  c->role = g_strdup (a->role);
  return c;
}

void
gbacw_vp_award_free (GbacwVpAward *a)
{
  if (a == NULL)
    return;
  g_free (a->id);
  g_free (a->side);
  g_free (a->area);
  g_free (a->text);
  g_free (a->unit_type);
  g_free (a->role);
  g_free (a);
}

GbacwVictoryLevel *
gbacw_victory_level_copy (const GbacwVictoryLevel *l)
{
  GbacwVictoryLevel *c = g_memdup2 (l, sizeof *l);
  c->name = g_strdup (l->name);
  c->side = g_strdup (l->side);
  return c;
}

void
gbacw_victory_level_free (GbacwVictoryLevel *l)
{
  if (l == NULL)
    return;
  g_free (l->name);
  g_free (l->side);
  g_free (l);
}

GbacwAutomaticVictory *
gbacw_automatic_victory_copy (const GbacwAutomaticVictory *a)
{
  GbacwAutomaticVictory *c = g_memdup2 (a, sizeof *a);
  c->side = g_strdup (a->side);
  c->area = g_strdup (a->area);
  c->text = g_strdup (a->text);
  return c;
}

void
gbacw_automatic_victory_free (GbacwAutomaticVictory *a)
{
  if (a == NULL)
    return;
  g_free (a->side);
  g_free (a->area);
  g_free (a->text);
  g_free (a);
}

GbacwParam *
gbacw_param_new (const char *name, const char *value)
{
  GbacwParam *p = g_new0 (GbacwParam, 1);
  p->name = g_strdup (name);
  p->value = g_strdup (value);
  return p;
}

GbacwParam *
gbacw_param_copy (const GbacwParam *param)
{
  return gbacw_param_new (param->name, param->value);
}

void
gbacw_param_free (GbacwParam *param)
{
  if (param == NULL)
    return;
  g_free (param->name);
  g_free (param->value);
  g_free (param);
}

GbacwExclusiveRule *
gbacw_exclusive_rule_copy (const GbacwExclusiveRule *rule)
{
  GbacwExclusiveRule *c = g_new0 (GbacwExclusiveRule, 1);
  c->id = g_strdup (rule->id);
  c->enabled = rule->enabled;
  c->params = ptr_array_copy (rule->params, COPY_FUNC (gbacw_param_copy), (GDestroyNotify) gbacw_param_free);
  return c;
}

void
gbacw_exclusive_rule_free (GbacwExclusiveRule *rule)
{
  if (rule == NULL)
    return;
  g_free (rule->id);
  g_clear_pointer (&rule->params, g_ptr_array_unref);
  g_free (rule);
}

void
gbacw_scenario_info_copy (GbacwScenarioInfo *dest, const GbacwScenarioInfo *src)
{
  dest->title = g_strdup (src->title);
  dest->game = g_strdup (src->game);
  dest->description = g_strdup (src->description);
}

void
gbacw_scenario_info_clear (GbacwScenarioInfo *info)
{
  g_clear_pointer (&info->title, g_free);
  g_clear_pointer (&info->game, g_free);
  g_clear_pointer (&info->description, g_free);
}

void
gbacw_turn_track_copy (GbacwTurnTrack *dest, const GbacwTurnTrack *src)
{
  dest->first = src->first;
  dest->last = src->last;
  dest->first_player = g_strdup (src->first_player);
  dest->turns = ptr_array_copy (src->turns, COPY_FUNC (gbacw_turn_copy), (GDestroyNotify) gbacw_turn_free);
}

void
gbacw_turn_track_clear (GbacwTurnTrack *track)
{
  g_clear_pointer (&track->first_player, g_free);
  g_clear_pointer (&track->turns, g_ptr_array_unref);
}

/* ---------------------------------------------------------------- scenario */

GbacwScenario *
gbacw_scenario_new (const GbacwHexGrid *grid)
{
  GbacwScenario *s = g_new0 (GbacwScenario, 1);

  catalogue_init (&s->catalogue);
  s->charts = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_chart_free);
  s->map = gbacw_map_new (grid);
  oob_init (&s->oob);
  s->turns.first = 1;
  s->turns.last = 1;
  s->turns.turns = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_turn_free);
  s->deployment = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_placement_free);
  s->reinforcements = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_reinforcement_free);
  s->vp_awards = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_vp_award_free);
  s->victory_levels = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_victory_level_free);
  s->automatic_victories = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_automatic_victory_free);
  s->options = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  s->exclusive_rules = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_exclusive_rule_free);
  return s;
}

void
gbacw_scenario_free (GbacwScenario *s)
{
  if (s == NULL)
    return;
  gbacw_scenario_info_clear (&s->info);
  gbacw_catalogue_clear (&s->catalogue);
  g_ptr_array_unref (s->charts);
  gbacw_map_free (s->map);
  oob_clear (&s->oob);
  gbacw_turn_track_clear (&s->turns);
  g_ptr_array_unref (s->deployment);
  g_ptr_array_unref (s->reinforcements);
  g_ptr_array_unref (s->vp_awards);
  g_ptr_array_unref (s->victory_levels);
  g_ptr_array_unref (s->automatic_victories);
  g_ptr_array_unref (s->options);
  g_ptr_array_unref (s->exclusive_rules);
  g_free (s);
}

GbacwScenario *
gbacw_scenario_copy (const GbacwScenario *s)
{
  GbacwScenario *c = g_new0 (GbacwScenario, 1);

  gbacw_scenario_info_copy (&c->info, &s->info);
  gbacw_catalogue_copy (&c->catalogue, &s->catalogue);
  c->charts = ptr_array_copy (s->charts, COPY_FUNC (gbacw_chart_copy), (GDestroyNotify) gbacw_chart_free);
  c->map = gbacw_map_copy (s->map);
  oob_init (&c->oob);
  for (guint i = 0; i < s->oob.sides->len; i++)
    g_ptr_array_add (c->oob.sides, gbacw_side_copy (g_ptr_array_index (s->oob.sides, i)));
  for (guint i = 0; i < s->oob.formations->len; i++)
    g_ptr_array_add (c->oob.formations, gbacw_formation_copy (g_ptr_array_index (s->oob.formations, i)));
  for (guint i = 0; i < s->oob.units->len; i++)
    g_ptr_array_add (c->oob.units, gbacw_unit_copy (g_ptr_array_index (s->oob.units, i)));
  gbacw_oob_reindex (&c->oob);
  gbacw_turn_track_copy (&c->turns, &s->turns);
  c->deployment = ptr_array_copy (s->deployment, COPY_FUNC (gbacw_placement_copy),
                                  (GDestroyNotify) gbacw_placement_free);
  c->reinforcements = ptr_array_copy (s->reinforcements, COPY_FUNC (gbacw_reinforcement_copy),
                                      (GDestroyNotify) gbacw_reinforcement_free);
  c->vp_awards = ptr_array_copy (s->vp_awards, COPY_FUNC (gbacw_vp_award_copy),
                                 (GDestroyNotify) gbacw_vp_award_free);
  c->victory_levels = ptr_array_copy (s->victory_levels, COPY_FUNC (gbacw_victory_level_copy),
                                      (GDestroyNotify) gbacw_victory_level_free);
  c->automatic_victories = ptr_array_copy (s->automatic_victories, COPY_FUNC (gbacw_automatic_victory_copy),
                                           (GDestroyNotify) gbacw_automatic_victory_free);
  c->options = ptr_array_copy (s->options, COPY_FUNC (gbacw_param_copy), (GDestroyNotify) gbacw_param_free);
  c->exclusive_rules = ptr_array_copy (s->exclusive_rules, COPY_FUNC (gbacw_exclusive_rule_copy),
                                       (GDestroyNotify) gbacw_exclusive_rule_free);
  return c;
}

GbacwChart *
gbacw_scenario_find_chart (const GbacwScenario *scenario, const char *id)
{
  for (guint i = 0; i < scenario->charts->len; i++)
    {
      GbacwChart *chart = g_ptr_array_index (scenario->charts, i);
      if (g_strcmp0 (chart->id, id) == 0)
        return chart;
    }
  return NULL;
}

const char *
gbacw_scenario_get_option (const GbacwScenario *scenario, const char *id)
{
  for (guint i = 0; i < scenario->options->len; i++)
    {
      GbacwParam *p = g_ptr_array_index (scenario->options, i);
      if (g_strcmp0 (p->name, id) == 0)
        return p->value;
    }
  return NULL;
}

GbacwPlacement *
gbacw_scenario_find_placement (const GbacwScenario *scenario, const char *unit_id, guint *index_out)
{
  for (guint i = 0; i < scenario->deployment->len; i++)
    {
      GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
      if (g_strcmp0 (p->unit, unit_id) == 0)
        {
          if (index_out)
            *index_out = i;
          return p;
        }
    }
  return NULL;
}
