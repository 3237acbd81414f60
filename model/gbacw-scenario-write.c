/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-write.c: writing scenario and chart library files (docs/file-format.md).
 *
 * Saving: a GString writer with its own escaping, in the canonical form described in
 * the format doc, so that load then save of a saved file is byte-identical.
 */
#define G_LOG_DOMAIN "gbacw-scenario-write"

#include "gbacw-scenario-io-private.h"
#include "gbacw-safe-write.h"
#include "gbacw-oob-edit.h"
#include "gbacw-stand-ins.h"

#include <math.h>
#include <string.h>

/* ==================================================================== writing */

static void
put_indent (GString *out, int level)
{
  static const char spaces[] = "                                                                ";
  int n = level * 2;
  while (n > 0)
    {
      int k = MIN (n, (int) sizeof spaces - 1);
      g_string_append_len (out, spaces, k);
      n -= k;
    }
}

/* Escapes for XML 1.0. In attributes, tabs and newlines become character references so
 * that attribute-value normalisation keeps them; characters XML cannot hold at all
 * (controls other than tab/newline, U+FFFE, U+FFFF) are dropped; invalid UTF-8 is repaired. */
static void
put_escaped (GString *out, const char *s, gboolean attribute)
{
  g_autofree char *valid = NULL;
  const char *run;
  const char *p;

  if (s == NULL)
    return;
  if (!g_utf8_validate (s, -1, NULL))
    s = valid = g_utf8_make_valid (s, -1);
  run = s;
  for (p = s; *p; p++)
    {
      unsigned char c = (unsigned char) *p;
      const char *rep;
      int skip = 1;

      if (c >= 0x20 && c != '&' && c != '<' && c != '>' && c != '"' && c != 0xEF)
        continue;
      switch (c)
        {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = attribute ? "&quot;" : NULL; break;
        case '\n': rep = attribute ? "&#10;" : NULL; break;
        case '\t': rep = attribute ? "&#9;" : NULL; break;
        case '\r': rep = "&#13;"; break;
        case 0xEF:
          /* U+FFFE and U+FFFF (EF BF BE/BF) are not XML characters */
          if ((unsigned char) p[1] == 0xBF && ((unsigned char) p[2] == 0xBE || (unsigned char) p[2] == 0xBF))
            {
              rep = "";
              skip = 3;
              break;
            }
          continue;
        default:
          rep = "";   /* other control characters */
          break;
        }
      if (rep == NULL)
        continue;
      g_string_append_len (out, run, p - run);
      g_string_append (out, rep);
      p += skip - 1;
      run = p + 1;
    }
  g_string_append_len (out, run, p - run);
}

static void
put_int (GString *out, int v)
{
  char buf[16];
  char *e = buf + sizeof buf;
  char *b = e;
  unsigned int u = v < 0 ? 0u - (unsigned int) v : (unsigned int) v;

  do
    {
      *--b = (char) ('0' + u % 10);
      u /= 10;
    }
  while (u);
  if (v < 0)
    *--b = '-';
  g_string_append_len (out, b, e - b);
}

/* The shortest of %.6g … %.17g that reads back as the same double. */
static void
put_double (GString *out, double v)
{
  static const char *const formats[] = {
    "%.6g", "%.7g", "%.8g", "%.9g", "%.10g", "%.11g", "%.12g",
    "%.13g", "%.14g", "%.15g", "%.16g", "%.17g",
  };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (v) || v == 0.0)
    v = 0.0;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], v);
      if (g_ascii_strtod (buf, NULL) == v)
        break;
    }
  g_string_append (out, buf);
}

static void
open_tag (GString *out, int level, const char *name)
{
  put_indent (out, level);
  g_string_append_c (out, '<');
  g_string_append (out, name);
}

static void
close_tag (GString *out, int level, const char *name)
{
  put_indent (out, level);
  g_string_append (out, "</");
  g_string_append (out, name);
  g_string_append (out, ">\n");
}

static void
end_empty (GString *out)
{
  g_string_append (out, "/>\n");
}

static void
end_open (GString *out)
{
  g_string_append (out, ">\n");
}

/* Closes an element whose start tag is open with text content on the same line. */
static void
put_text_end (GString *out, const char *text, const char *name)
{
  g_string_append_c (out, '>');
  put_escaped (out, text, FALSE);
  g_string_append (out, "</");
  g_string_append (out, name);
  g_string_append (out, ">\n");
}

static void
put_text_element (GString *out, int level, const char *name, const char *text)
{
  if (text == NULL)
    return;
  open_tag (out, level, name);
  put_text_end (out, text, name);
}

static void
attr_str (GString *out, const char *name, const char *value)
{
  if (value == NULL)
    return;
  g_string_append_c (out, ' ');
  g_string_append (out, name);
  g_string_append (out, "=\"");
  put_escaped (out, value, TRUE);
  g_string_append_c (out, '"');
}

static void
attr_int (GString *out, const char *name, int value)
{
  if (value == GBACW_UNSET)
    return;
  g_string_append_c (out, ' ');
  g_string_append (out, name);
  g_string_append (out, "=\"");
  put_int (out, value);
  g_string_append_c (out, '"');
}

static void
attr_double (GString *out, const char *name, double value)
{
  g_string_append_c (out, ' ');
  g_string_append (out, name);
  g_string_append (out, "=\"");
  put_double (out, value);
  g_string_append_c (out, '"');
}

static void
attr_yes (GString *out, const char *name, gboolean value)
{
  if (value)
    attr_str (out, name, "yes");
}

static void
attr_morale (GString *out, const char *name, int value)
{
  if (value == GBACW_MORALE_GREEN)
    attr_str (out, name, "?");
  else
    attr_int (out, name, value);
}

static void
attr_hex (GString *out, const GbacwHexGrid *grid, const char *name, int index)
{
  g_autofree char *label = NULL;
  if (index < 0 || index >= gbacw_hex_grid_n_hexes (grid))
    return;
  label = hex_label (grid, index);
  attr_str (out, name, label);
}

static void
put_hex_list (GString *out, const GbacwHexGrid *grid, const int *hexes, guint n)
{
  int n_hexes = gbacw_hex_grid_n_hexes (grid);
  gboolean first = TRUE;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = NULL;
      if (hexes[i] < 0 || hexes[i] >= n_hexes)
        continue;
      label = hex_label (grid, hexes[i]);
      if (!first)
        g_string_append_c (out, ' ');
      g_string_append (out, label);
      first = FALSE;
    }
}

static void
write_info (GString *out, const GbacwScenarioInfo *info)
{
  if (!info->title && !info->game && !info->description)
    return;
  open_tag (out, 1, "info");
  end_open (out);
  put_text_element (out, 2, "title", info->title);
  put_text_element (out, 2, "game", info->game);
  put_text_element (out, 2, "description", info->description);
  close_tag (out, 1, "info");
}

static void
write_catalogue (GString *out, const GbacwCatalogue *cat, int level)
{
  if (cat->hex_terrains->len + cat->hexside_types->len + cat->line_types->len == 0)
    return;
  open_tag (out, level, "terrain-catalogue");
  end_open (out);
  for (guint i = 0; i < cat->hex_terrains->len; i++)
    {
      const GbacwHexTerrain *t = g_ptr_array_index (cat->hex_terrains, i);
      open_tag (out, level + 1, "hex-terrain");
      attr_str (out, "id", t->id);
      attr_str (out, "code", t->code);
      attr_str (out, "name", t->name);
      attr_str (out, "fill", t->fill);
      attr_str (out, "pattern", t->pattern);
      attr_int (out, "height", t->height);
      attr_str (out, "case", t->rule_case);
      end_empty (out);
    }
  for (guint i = 0; i < cat->hexside_types->len; i++)
    {
      const GbacwHexsideType *t = g_ptr_array_index (cat->hexside_types, i);
      open_tag (out, level + 1, "hexside-type");
      attr_str (out, "id", t->id);
      attr_str (out, "name", t->name);
      attr_str (out, "style", t->style);
      if (t->side != GBACW_SIDE_MODE_NONE)
        attr_str (out, "side", gbacw_side_mode_to_string (t->side));
      if (t->requires && t->requires[0])
        {
          g_autofree char *requires = g_strjoinv (" ", t->requires);
          attr_str (out, "requires", requires);
        }
      attr_str (out, "case", t->rule_case);
      end_empty (out);
    }
  for (guint i = 0; i < cat->line_types->len; i++)
    {
      const GbacwLineType *t = g_ptr_array_index (cat->line_types, i);
      open_tag (out, level + 1, "line-type");
      attr_str (out, "id", t->id);
      attr_str (out, "name", t->name);
      attr_str (out, "colour", t->colour);
      if (t->width != 0.0)
        attr_double (out, "width", t->width);
      attr_str (out, "style", t->style);
      attr_str (out, "case", t->rule_case);
      end_empty (out);
    }
  close_tag (out, level, "terrain-catalogue");
}


/* stand-ins="col col …": the row's invented cells a stand-in filled (gbacw-stand-ins.h) */
static void
write_cell_stand_ins (GString *out, const GbacwChart *chart, const GbacwChartRow *row)
{
  g_autoptr (GString) cols = g_string_new (NULL);

  for (guint j = 0; j < chart->columns->len; j++)
    if (row->cells[j].stand_in && row->cells[j].status == GBACW_CELL_INVENTED)
      {
        if (cols->len)
          g_string_append_c (cols, ' ');
        g_string_append (cols, g_ptr_array_index (chart->columns, j));
      }
  if (cols->len)
    attr_str (out, "stand-ins", cols->str);
}
static void
write_chart (GString *out, const GbacwChart *chart, int level)
{
  guint n_cols = chart->columns->len;

  open_tag (out, level, "chart");
  attr_str (out, "id", chart->id);
  attr_str (out, "name", chart->name);
  attr_str (out, "case", chart->rule_case);
  attr_str (out, "source", chart->source);
  end_open (out);
  for (guint i = 0; i < chart->notes->len; i++)
    put_text_element (out, level + 1, "note", g_ptr_array_index (chart->notes, i));
  open_tag (out, level + 1, "columns");
  g_string_append_c (out, '>');
  for (guint i = 0; i < n_cols; i++)
    {
      if (i)
        g_string_append (out, " | ");
      put_escaped (out, g_ptr_array_index (chart->columns, i), FALSE);
    }
  g_string_append (out, "</columns>\n");
  for (guint i = 0; i < chart->rows->len; i++)
    {
      const GbacwChartRow *row = g_ptr_array_index (chart->rows, i);
      open_tag (out, level + 1, "row");
      attr_str (out, "id", row->id);
      attr_str (out, "name", row->name);
      write_cell_stand_ins (out, chart, row);
      g_string_append_c (out, '>');
      for (guint j = 0; j < n_cols; j++)
        {
          g_autofree char *cell = gbacw_cell_format (&row->cells[j]);
          if (j)
            g_string_append (out, " | ");
          put_escaped (out, cell, FALSE);
        }
      g_string_append (out, "</row>\n");
    }
  for (guint i = 0; i < chart->cell_notes->len; i++)
    {
      const GbacwCellNote *note = g_ptr_array_index (chart->cell_notes, i);
      open_tag (out, level + 1, "cell-note");
      attr_str (out, "row", note->row);
      attr_str (out, "col", note->col);
      put_text_end (out, note->text ? note->text : "", "cell-note");
    }
  close_tag (out, level, "chart");
}

static void
write_charts (GString *out, const GPtrArray *charts)
{
  if (charts->len == 0)
    return;
  open_tag (out, 1, "charts");
  end_open (out);
  for (guint i = 0; i < charts->len; i++)
    write_chart (out, g_ptr_array_index (charts, i), 2);
  close_tag (out, 1, "charts");
}

static void
put_row_start (GString *out, const GbacwHexGrid *grid, int r)
{
  char buf[16];
  open_tag (out, 3, "row");
  g_snprintf (buf, sizeof buf, " n=\"%0*d\">", grid->digits, r + grid->first_number);
  g_string_append (out, buf);
}

static void
write_terrain (GString *out, const GbacwScenario *s)
{
  const GbacwMap *map = s->map;
  const GbacwHexGrid *grid = &map->grid;
  const GPtrArray *terrains = s->catalogue.hex_terrains;
  guint n_codes = MIN (terrains->len, 64u);
  guint64 known;
  g_autoptr (GPtrArray) codes = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_codes; i++)
    {
      const GbacwHexTerrain *t = g_ptr_array_index (terrains, i);
      GString *code = g_string_new (NULL);
      put_escaped (code, t->code ? t->code : "", FALSE);
      g_ptr_array_add (codes, g_string_free (code, FALSE));
    }

  known = n_codes >= 64 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << n_codes) - 1;
  open_tag (out, 2, "terrain");
  end_open (out);
  for (int r = 0; r < grid->rows; r++)
    {
      put_row_start (out, grid, r);
      for (int c = 0; c < grid->columns; c++)
        {
          guint64 mask = map->terrain[r * grid->columns + c];
          gboolean stand_in = map->terrain_stand_in[r * grid->columns + c] && (mask & known) != 0;
          gboolean any = FALSE;
          if (c)
            g_string_append_c (out, ' ');
          if (stand_in)
            g_string_append_c (out, '{');
          while (mask)
            {
              guint bit = (guint) __builtin_ctzll (mask);
              mask &= mask - 1;
              if (bit >= n_codes)
                continue;
              if (any)
                g_string_append_c (out, '+');
              g_string_append (out, g_ptr_array_index (codes, bit));
              any = TRUE;
            }
          if (!any)
            g_string_append_c (out, '-');
          if (stand_in)
            g_string_append_c (out, '}');
        }
      g_string_append (out, "</row>\n");
    }
  close_tag (out, 2, "terrain");

  open_tag (out, 2, "elevation");
  end_open (out);
  for (int r = 0; r < grid->rows; r++)
    {
      put_row_start (out, grid, r);
      for (int c = 0; c < grid->columns; c++)
        {
          int v = map->elevation[r * grid->columns + c];
          if (c)
            g_string_append_c (out, ' ');
          put_int (out, MAX (v, 0));
        }
      g_string_append (out, "</row>\n");
    }
  close_tag (out, 2, "elevation");
}

static int
compare_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return (x > y) - (x < y);
}

/* The on-map hex of hexside id and the direction of the hexside from it, as the file names
 * a hexside; FALSE when neither of its hexes is on the map. */
static gboolean
hexside_on_map_side (const GbacwHexGrid *grid, guint id, GbacwHex *hex, int *dir, GbacwHex *a, GbacwHex *b)
{
  int d;

  if (!gbacw_hex_grid_hexside_hexes (grid, id, a, &d, b))
    return FALSE;
  if (gbacw_hex_grid_contains (grid, *a))
    {
      *hex = *a;
      *dir = d;
    }
  else if (gbacw_hex_grid_contains (grid, *b))
    {
      *hex = *b;
      *dir = gbacw_hex_direction_opposite (d);
    }
  else
    return FALSE;
  return TRUE;
}

static void
free_string (gpointer data)
{
  g_string_free (data, TRUE);
}

/* The hexsides with features, then the named works: each name once, with its hexsides
 * ("0712:s 0712:sw"), in the order of their first hexside. */
static void
write_hexsides (GString *out, const GbacwScenario *s)
{
  const GbacwMap *map = s->map;
  const GbacwHexGrid *grid = &map->grid;
  const GPtrArray *types = s->catalogue.hexside_types;
  guint n_types = MIN (types->len, 32u);
  guint32 valid_mask = n_types >= 32 ? G_MAXUINT32 : (1u << n_types) - 1;
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (grid);
  g_autoptr (GArray) named = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GPtrArray) works = g_ptr_array_new ();                     /* names, first seen first */
  g_autoptr (GHashTable) refs = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, free_string);
  GHashTableIter iter;
  gpointer key, value;
  gboolean open = FALSE;

  for (guint32 id = 0; id < n_ids; id++)
    {
      guint32 features = map->hexside_features[id] & valid_mask;
      GbacwHex a, b, hex;
      int dir;
      g_autofree char *label = NULL;

      if (features == 0 || !hexside_on_map_side (grid, id, &hex, &dir, &a, &b))
        continue;
      if (!open)
        {
          open_tag (out, 2, "hexsides");
          end_open (out);
          open = TRUE;
        }
      label = gbacw_hex_grid_format_label (grid, hex);
      open_tag (out, 3, "hexside");
      attr_str (out, "hex", label);
      attr_str (out, "dir", gbacw_hex_direction_name (grid->orientation, dir));
      {
        gboolean first = TRUE;
        int inside_bit = -1;
        g_string_append (out, " features=\"");
        for (guint t = 0; t < n_types; t++)
          if (features & (1u << t))
            {
              const GbacwHexsideType *type = g_ptr_array_index (types, t);
              if (!first)
                g_string_append_c (out, ' ');
              put_escaped (out, type->id, TRUE);
              first = FALSE;
              if (inside_bit < 0 && type->side == GBACW_SIDE_MODE_INSIDE)
                inside_bit = (int) t;
            }
        g_string_append_c (out, '"');
        if (inside_bit >= 0)
          {
            g_autofree char *inside = gbacw_hex_grid_format_label (
                grid, (map->hexside_inside[id] & (1u << inside_bit)) ? b : a);
            attr_str (out, "inside", inside);
          }
      }
      end_empty (out);
    }

  g_hash_table_iter_init (&iter, map->hexside_names);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (GPOINTER_TO_UINT (key) < n_ids)
      {
        guint id = GPOINTER_TO_UINT (key);
        g_array_append_val (named, id);
      }
  g_array_sort (named, compare_uint);
  for (guint i = 0; i < named->len; i++)
    {
      guint id = g_array_index (named, guint, i);
      const char *name = g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (id));
      GString *list = g_hash_table_lookup (refs, name);
      g_autofree char *label = NULL;
      GbacwHex a, b, hex;
      int dir;

      if (!hexside_on_map_side (grid, id, &hex, &dir, &a, &b))
        continue;
      if (list == NULL)
        {
          list = g_string_new (NULL);
          g_hash_table_insert (refs, (gpointer) name, list);
          g_ptr_array_add (works, (gpointer) name);
        }
      label = gbacw_hex_grid_format_label (grid, hex);
      g_string_append_printf (list, "%s%s:%s", list->len > 0 ? " " : "", label,
                              gbacw_hex_direction_name (grid->orientation, dir));
    }
  for (guint i = 0; i < works->len; i++)
    {
      if (!open)
        {
          open_tag (out, 2, "hexsides");
          end_open (out);
          open = TRUE;
        }
      value = g_hash_table_lookup (refs, g_ptr_array_index (works, i));
      open_tag (out, 3, "work");
      attr_str (out, "name", g_ptr_array_index (works, i));
      attr_str (out, "hexsides", ((GString *) value)->str);
      end_empty (out);
    }
  if (open)
    close_tag (out, 2, "hexsides");
}

/* Each line type's network as paths: start at the lowest-index hex of odd degree (else the
 * lowest-index hex with an unused segment) and walk along the unused segment of lowest
 * direction until stuck. */
static void
write_lines (GString *out, const GbacwScenario *s)
{
  const GbacwMap *map = s->map;
  const GbacwHexGrid *grid = &map->grid;
  int n_hexes = gbacw_hex_grid_n_hexes (grid);
  guint32 n_ids = gbacw_hex_grid_n_hexside_ids (grid);
  guint n_types = MIN (s->catalogue.line_types->len, 16u);
  guint present = 0;
  g_autofree int *degree = NULL;
  g_autofree guint8 *used = NULL;
  g_autoptr (GArray) path = NULL;

  for (guint32 id = 0; id < n_ids; id++)
    present |= map->hexside_lines[id];
  if (n_types < 16)
    present &= (1u << n_types) - 1;
  if (present == 0)
    return;

  degree = g_new (int, n_hexes);
  used = g_new (guint8, n_ids);
  path = g_array_new (FALSE, FALSE, sizeof (int));
  open_tag (out, 2, "lines");
  end_open (out);
  for (guint t = 0; t < n_types; t++)
    {
      guint16 bit = (guint16) (1u << t);
      const GbacwLineType *type = g_ptr_array_index (s->catalogue.line_types, t);
      int odd = 0, any = 0;

      if (!(present & bit))
        continue;
      memset (degree, 0, sizeof (int) * n_hexes);
      memset (used, 0, n_ids);
      for (guint32 id = 0; id < n_ids; id++)
        if (map->hexside_lines[id] & bit)
          {
            GbacwHex a, b;
            int ia, ib;
            gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b);
            ia = gbacw_hex_grid_index (grid, a);
            ib = gbacw_hex_grid_index (grid, b);
            if (ia < 0 || ib < 0)
              {
                used[id] = 1;   /* a segment off the map cannot be written */
                continue;
              }
            degree[ia]++;
            degree[ib]++;
          }
      for (;;)
        {
          int h;
          while (odd < n_hexes && !(degree[odd] & 1))
            odd++;
          if (odd < n_hexes)
            h = odd;
          else
            {
              while (any < n_hexes && degree[any] == 0)
                any++;
              if (any >= n_hexes)
                break;
              h = any;
            }
          g_array_set_size (path, 0);
          g_array_append_val (path, h);
          for (;;)
            {
              GbacwHex hex = gbacw_hex_grid_hex_at (grid, h);
              int next = -1;
              for (int d = 0; d < GBACW_HEX_DIRECTIONS && next < 0; d++)
                {
                  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, hex, d);
                  int nb;
                  if (id == GBACW_HEXSIDE_NONE || used[id] || !(map->hexside_lines[id] & bit))
                    continue;
                  nb = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, hex, d));
                  if (nb < 0)
                    continue;
                  used[id] = 1;
                  degree[h]--;
                  degree[nb]--;
                  next = nb;
                }
              if (next < 0)
                break;
              h = next;
              g_array_append_val (path, h);
            }
          open_tag (out, 3, "line");
          attr_str (out, "type", type->id);
          g_string_append_c (out, '>');
          put_hex_list (out, grid, (const int *) path->data, path->len);
          g_string_append (out, "</line>\n");
        }
    }
  close_tag (out, 2, "lines");
}

static gboolean
is_sorted_unique (const GArray *hexes)
{
  for (guint i = 1; i < hexes->len; i++)
    if (g_array_index (hexes, int, i) <= g_array_index (hexes, int, i - 1))
      return FALSE;
  return TRUE;
}

/* Writes one item of a list as an element at level. */
typedef void (*ItemWriter) (GString *out, const GbacwScenario *s, gconstpointer item, int level);

/* Writes element name at level holding an element per item of items (one level down),
 * or nothing when there are no items. */
static void
write_list (GString            *out,
            const GbacwScenario *s,
            int                 level,
            const char         *name,
            const GPtrArray    *items,
            ItemWriter          write_item)
{
  if (items->len == 0)
    return;
  open_tag (out, level, name);
  end_open (out);
  for (guint i = 0; i < items->len; i++)
    write_item (out, s, g_ptr_array_index (items, i), level + 1);
  close_tag (out, level, name);
}

static void
write_area (GString *out, const GbacwScenario *s, gconstpointer item, int level)
{
  const GbacwMap *map = s->map;
  const GbacwArea *area = item;
  g_autoptr (GArray) sorted = NULL;
  const GArray *hexes = area->hexes;

  if (!is_sorted_unique (hexes))
    {
      GbacwArea tmp = *area;
      tmp.hexes = sorted = g_array_copy ((GArray *) hexes);
      gbacw_area_sort (&tmp);
      hexes = sorted;
    }
  open_tag (out, level, "area");
  attr_str (out, "id", area->id);
  attr_str (out, "kind", gbacw_area_kind_to_string (area->kind));
  attr_str (out, "name", area->name);
  attr_str (out, "side", area->side);
  attr_int (out, "vp", area->vp);
  attr_str (out, "description", area->description);
  if (hexes->len == 0)
    end_empty (out);
  else
    {
      g_string_append_c (out, '>');
      put_hex_list (out, &map->grid, (const int *) hexes->data, hexes->len);
      g_string_append (out, "</area>\n");
    }
}

static void
write_label (GString *out, const GbacwScenario *s, gconstpointer item, int level)
{
  const GbacwLabel *label = item;

  open_tag (out, level, "label");
  attr_hex (out, &s->map->grid, "hex", label->hex);
  attr_double (out, "dx", label->dx);
  attr_double (out, "dy", label->dy);
  attr_double (out, "size", label->size);
  attr_double (out, "angle", label->angle);
  put_text_end (out, label->text ? label->text : "", "label");
}

static void
write_map (GString *out, const GbacwScenario *s)
{
  const GbacwMap *map = s->map;
  const GbacwHexGrid *grid = &map->grid;
  const GbacwBackground *bg = &map->background;

  open_tag (out, 1, "map");
  attr_int (out, "columns", grid->columns);
  attr_int (out, "rows", grid->rows);
  attr_str (out, "orientation", grid->orientation == GBACW_GRID_POINTY_ROWS ? "pointy" : "flat");
  attr_str (out, "shift", grid->shift == GBACW_SHIFT_EVEN ? "even" : "odd");
  attr_int (out, "first", grid->first_number);
  attr_int (out, "digits", grid->digits);
  if (map->north != GBACW_NORTH_UNSET)
    attr_str (out, "north", gbacw_north_name (map->north));
  end_open (out);
  if (map->levels->len)
    {
      open_tag (out, 2, "levels");
      g_string_append_c (out, '>');
      for (guint i = 0; i < map->levels->len; i++)
        {
          int v = g_array_index (map->levels, int, i);
          if (i)
            g_string_append_c (out, ' ');
          if (v == GBACW_UNSET)
            g_string_append_c (out, '?');
          else
            put_int (out, v);
        }
      g_string_append (out, "</levels>\n");
    }
  write_terrain (out, s);
  write_hexsides (out, s);
  write_lines (out, s);
  write_list (out, s, 2, "areas", s->map->areas, write_area);
  write_list (out, s, 2, "labels", s->map->labels, write_label);
  if (bg->file)
    {
      open_tag (out, 2, "background");
      attr_str (out, "file", bg->file);
      attr_double (out, "opacity", bg->opacity);
      if (bg->rotation != 0)
        attr_double (out, "rotation", bg->rotation);
      g_string_append (out, " transform=\"");
      for (guint i = 0; i < 6; i++)
        {
          if (i)
            g_string_append_c (out, ' ');
          put_double (out, bg->transform[i]);
        }
      g_string_append_c (out, '"');
      end_empty (out);
    }
  close_tag (out, 1, "map");
}

typedef struct {
  const GbacwScenario *s;
  GHashTable *formation_children;   /* formation id -> GPtrArray of GbacwFormation* */
  GHashTable *formation_units;      /* formation id -> GPtrArray of GbacwUnit* */
  GHashTable *side_formations;      /* side id -> GPtrArray of top-level GbacwFormation* */
  GHashTable *side_units;           /* side id -> GPtrArray of GbacwUnit* without formation */
} OobWriter;

static void
multimap_add (GHashTable *table, const char *key, gpointer value)
{
  GPtrArray *list = g_hash_table_lookup (table, key);
  if (list == NULL)
    {
      list = g_ptr_array_new ();
      g_hash_table_insert (table, (gpointer) key, list);
    }
  g_ptr_array_add (list, value);
}

/* stand-ins="strength morale …" (gbacw-stand-ins.h) */
static void
attr_stand_ins (GString *out, guint32 bits)
{
  g_autoptr (GString) words = g_string_new (NULL);

  for (int field = 0; field < GBACW_N_OOB_FIELDS; field++)
    if (bits & (1u << field))
      g_string_append_printf (words, "%s%s", words->len ? " " : "", gbacw_oob_field_to_string (field));
  if (words->len)
    attr_str (out, "stand-ins", words->str);
}

static void
write_unit (GString *out, const GbacwUnit *u, int level)
{
  if (u->type == GBACW_UNIT_LEADER)
    {
      open_tag (out, level, "leader");
      attr_str (out, "id", u->id);
      attr_str (out, "name", u->designation);
      attr_str (out, "rank", u->rank);
      attr_str (out, "role", gbacw_leader_role_to_string (u->role));
      attr_int (out, "er", u->er);
      attr_int (out, "rally", u->rally);
      attr_int (out, "dir", u->dir);
      attr_int (out, "cp", u->cp);
      attr_yes (out, "independent", u->flags & GBACW_UNIT_FLAG_INDEPENDENT);
      attr_int (out, "vp", u->vp);
      attr_stand_ins (out, u->stand_ins);
      end_empty (out);
      return;
    }
  open_tag (out, level, "unit");
  attr_str (out, "id", u->id);
  attr_str (out, "type", gbacw_unit_type_to_string (u->type));
  attr_str (out, "designation", u->designation);
  attr_int (out, "strength", u->strength);
  attr_int (out, "guns", u->guns);
  attr_int (out, "small-arms", u->small_arms_boxes);
  attr_int (out, "artillery-ammo", u->artillery_boxes);
  if (u->crew == GBACW_CREW_UNSET)
    attr_int (out, "crew", u->crew_strength);
  attr_morale (out, "morale", u->morale);
  attr_morale (out, "dismounted-morale", u->dismounted_morale);
  attr_str (out, "weapon", u->weapon);
  attr_int (out, "rounds", u->rounds);
  if (u->crew == GBACW_CREW_FULL)
    attr_str (out, "crew", "full");
  else if (u->crew == GBACW_CREW_HALF)
    attr_str (out, "crew", "half");
  attr_yes (out, "independent", u->flags & GBACW_UNIT_FLAG_INDEPENDENT);
  attr_yes (out, "sharpshooter", u->flags & GBACW_UNIT_FLAG_SHARPSHOOTER);
  attr_yes (out, "horse-artillery", u->flags & GBACW_UNIT_FLAG_HORSE_ARTILLERY);
  attr_yes (out, "section", u->flags & GBACW_UNIT_FLAG_SECTION);
  attr_yes (out, "double-shot", u->flags & GBACW_UNIT_FLAG_DOUBLE_SHOT);
  attr_int (out, "vp", u->vp);
  attr_stand_ins (out, u->stand_ins);
  end_empty (out);
}

static void
write_formation (GString *out, OobWriter *w, const GbacwFormation *f, int level)
{
  GPtrArray *units = g_hash_table_lookup (w->formation_units, f->id);
  GPtrArray *children = g_hash_table_lookup (w->formation_children, f->id);

  open_tag (out, level, "formation");
  attr_str (out, "id", f->id);
  attr_str (out, "kind", gbacw_formation_kind_to_string (f->kind));
  attr_str (out, "name", f->name);
  attr_str (out, "commander", f->commander);
  attr_yes (out, "independent", f->independent);
  if (f->bce[0] != GBACW_UNSET || f->bce[1] != GBACW_UNSET)
    {
      g_string_append (out, " bce=\"");
      if (f->bce[0] == GBACW_UNSET)
        g_string_append_c (out, '?');
      else
        put_int (out, f->bce[0]);
      if (f->bce[1] != GBACW_UNSET)
        {
          g_string_append_c (out, ' ');
          put_int (out, f->bce[1]);
        }
      g_string_append_c (out, '"');
    }
  attr_int (out, "bce-vp", f->bce_vp);
  attr_int (out, "momentum", f->momentum);
  attr_stand_ins (out, f->stand_ins);
  if (!units && !children)
    {
      end_empty (out);
      return;
    }
  end_open (out);
  for (guint i = 0; units && i < units->len; i++)
    write_unit (out, g_ptr_array_index (units, i), level + 1);
  for (guint i = 0; children && i < children->len; i++)
    write_formation (out, w, g_ptr_array_index (children, i), level + 1);
  close_tag (out, level, "formation");
}

static void
write_oob (GString *out, const GbacwScenario *s)
{
  const GbacwOob *oob = &s->oob;
  OobWriter w = { s, NULL, NULL, NULL, NULL };
  g_autoptr (GHashTable) formations = g_hash_table_new (g_str_hash, g_str_equal);

  if (oob->sides->len == 0)
    return;
  w.formation_children = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  w.formation_units = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  w.side_formations = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  w.side_units = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);

  for (guint i = 0; i < oob->formations->len; i++)
    {
      GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      if (f->id && !g_hash_table_contains (formations, f->id))
        g_hash_table_insert (formations, f->id, f);
    }
  for (guint i = 0; i < oob->formations->len; i++)
    {
      GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      if (f->id == NULL || g_hash_table_lookup (formations, f->id) != f)
        continue;
      if (f->parent && g_hash_table_contains (formations, f->parent) && g_strcmp0 (f->parent, f->id) != 0)
        multimap_add (w.formation_children, f->parent, f);
      else if (f->side)
        multimap_add (w.side_formations, f->side, f);
    }
  for (guint i = 0; i < oob->units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (oob->units, i);
      if (u->formation && g_hash_table_contains (formations, u->formation))
        multimap_add (w.formation_units, u->formation, u);
      else if (u->side)
        multimap_add (w.side_units, u->side, u);
    }

  open_tag (out, 1, "order-of-battle");
  end_open (out);
  for (guint i = 0; i < oob->sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (oob->sides, i);
      GPtrArray *units = side->id ? g_hash_table_lookup (w.side_units, side->id) : NULL;
      GPtrArray *tops = side->id ? g_hash_table_lookup (w.side_formations, side->id) : NULL;

      open_tag (out, 2, "side");
      attr_str (out, "id", side->id);
      attr_str (out, "name", side->name);
      attr_str (out, "colour", side->colour);
      if (!units && !tops)
        {
          end_empty (out);
          continue;
        }
      end_open (out);
      for (guint j = 0; units && j < units->len; j++)
        write_unit (out, g_ptr_array_index (units, j), 3);
      for (guint j = 0; tops && j < tops->len; j++)
        write_formation (out, &w, g_ptr_array_index (tops, j), 3);
      close_tag (out, 2, "side");
      /* a side listed twice would write its units twice */
      if (side->id)
        {
          g_hash_table_remove (w.side_units, side->id);
          g_hash_table_remove (w.side_formations, side->id);
        }
    }
  close_tag (out, 1, "order-of-battle");

  g_hash_table_unref (w.formation_children);
  g_hash_table_unref (w.formation_units);
  g_hash_table_unref (w.side_formations);
  g_hash_table_unref (w.side_units);
}

static void
attr_formation_state (GString *out, const char *name, GbacwFormationState state)
{
  if (state != GBACW_FORMATION_STATE_UNSET)
    attr_str (out, name, gbacw_formation_state_to_string (state));
}

static void
write_turns (GString *out, const GbacwScenario *s)
{
  const GbacwTurnTrack *track = &s->turns;

  open_tag (out, 1, "turns");
  attr_int (out, "first", track->first);
  attr_int (out, "last", track->last);
  attr_str (out, "first-player", track->first_player);
  if (track->turns->len == 0)
    {
      end_empty (out);
      return;
    }
  end_open (out);
  for (guint i = 0; i < track->turns->len; i++)
    {
      const GbacwTurn *turn = g_ptr_array_index (track->turns, i);
      open_tag (out, 2, "turn");
      attr_int (out, "n", turn->n);
      attr_str (out, "time", turn->time);
      attr_yes (out, "night", turn->night);
      attr_str (out, "first-player", turn->first_player);
      end_empty (out);
    }
  close_tag (out, 1, "turns");
}

static void
write_placement (GString *out, const GbacwScenario *s, gconstpointer item, int level)
{
  const GbacwHexGrid *grid = &s->map->grid;
  const GbacwPlacement *p = item;

  open_tag (out, level, "place");
  attr_str (out, "unit", p->unit);
  attr_hex (out, grid, "hex", p->hex);
  attr_formation_state (out, "formation", p->formation);
  if (p->facing >= 0 && p->facing < GBACW_HEX_DIRECTIONS)
    attr_str (out, "facing", gbacw_hex_direction_name (grid->orientation, p->facing));
  attr_int (out, "strength", p->strength);
  if (p->status)
    {
      g_autofree char *status = gbacw_status_to_string (p->status);
      if (*status)
        attr_str (out, "status", status);
    }
  end_empty (out);
}

/* An empty element name with attribute ref for each id of refs, at level. */
static void
write_refs (GString *out, int level, const char *name, const GPtrArray *refs)
{
  for (guint j = 0; j < refs->len; j++)
    {
      open_tag (out, level, name);
      attr_str (out, "ref", g_ptr_array_index (refs, j));
      end_empty (out);
    }
}

static void
write_reinforcement (GString *out, const GbacwScenario *s, gconstpointer item, int level)
{
  const GbacwReinforcement *r = item;

  open_tag (out, level, "reinforcement");
  attr_str (out, "id", r->id);
  attr_int (out, "turn", r->turn);
  if (r->entry_hexes->len)
    {
      g_string_append (out, " entry=\"");
      put_hex_list (out, &s->map->grid, (const int *) r->entry_hexes->data, r->entry_hexes->len);
      g_string_append_c (out, '"');
    }
  attr_formation_state (out, "formation", r->formation);
  if (r->units->len + r->formations->len == 0)
    {
      end_empty (out);
      return;
    }
  end_open (out);
  write_refs (out, level + 1, "unit", r->units);
  write_refs (out, level + 1, "formation", r->formations);
  close_tag (out, level, "reinforcement");
}

static void
write_victory (GString *out, const GbacwScenario *s)
{
  if (s->vp_awards->len + s->victory_levels->len + s->automatic_victories->len == 0)
    return;
  open_tag (out, 1, "victory");
  end_open (out);
  for (guint i = 0; i < s->vp_awards->len; i++)
    {
      const GbacwVpAward *a = g_ptr_array_index (s->vp_awards, i);
      open_tag (out, 2, "award");
      attr_str (out, "id", a->id);
      attr_str (out, "side", a->side);
      attr_str (out, "event", gbacw_vp_event_to_string (a->event));
      attr_str (out, "area", a->area);
      attr_int (out, "vp", a->vp);
      attr_str (out, "when", a->each_turn ? "each-turn" : "end");
      if (a->how != GBACW_VP_HOW_ANY)
        attr_str (out, "how", gbacw_vp_how_to_string (a->how));
      attr_str (out, "unit-type", a->unit_type);
      attr_str (out, "role", a->role);
      if (a->text && *a->text)
        put_text_end (out, a->text, "award");
      else
        end_empty (out);
    }
  for (guint i = 0; i < s->victory_levels->len; i++)
    {
      const GbacwVictoryLevel *l = g_ptr_array_index (s->victory_levels, i);
      open_tag (out, 2, "level");
      attr_str (out, "name", l->name ? l->name : "");
      attr_str (out, "side", l->side);
      attr_int (out, "min", l->min);
      end_empty (out);
    }
  for (guint i = 0; i < s->automatic_victories->len; i++)
    {
      const GbacwAutomaticVictory *a = g_ptr_array_index (s->automatic_victories, i);
      open_tag (out, 2, "automatic");
      attr_str (out, "side", a->side);
      attr_str (out, "area", a->area);
      attr_int (out, "turn", a->turn);
      if (a->text && *a->text)
        put_text_end (out, a->text, "automatic");
      else
        end_empty (out);
    }
  close_tag (out, 1, "victory");
}

static void
write_rules (GString *out, const GbacwScenario *s)
{
  if (s->options->len + s->exclusive_rules->len == 0)
    return;
  open_tag (out, 1, "rules");
  end_open (out);
  for (guint i = 0; i < s->options->len; i++)
    {
      const GbacwParam *p = g_ptr_array_index (s->options, i);
      open_tag (out, 2, "option");
      attr_str (out, "id", p->name);
      attr_str (out, "value", p->value);
      end_empty (out);
    }
  for (guint i = 0; i < s->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (s->exclusive_rules, i);
      guint n = rule->params ? rule->params->len : 0;
      open_tag (out, 2, "exclusive");
      attr_str (out, "id", rule->id);
      attr_str (out, "enabled", rule->enabled ? "yes" : "no");
      if (n == 0)
        {
          end_empty (out);
          continue;
        }
      end_open (out);
      for (guint j = 0; j < n; j++)
        {
          const GbacwParam *p = g_ptr_array_index (rule->params, j);
          open_tag (out, 3, "param");
          attr_str (out, "name", p->name);
          attr_str (out, "value", p->value ? p->value : "");
          end_empty (out);
        }
      close_tag (out, 2, "exclusive");
    }
  close_tag (out, 1, "rules");
}

GBytes *
gbacw_scenario_save_to_bytes (const GbacwScenario *s)
{
  const GbacwHexGrid *grid;
  GString *out;

  g_return_val_if_fail (s != NULL && s->map != NULL, NULL);
  grid = &s->map->grid;
  out = g_string_sized_new (4096 + (gsize) gbacw_hex_grid_n_hexes (grid) * 6
                            + (gsize) s->oob.units->len * 160 + (gsize) s->deployment->len * 80);
  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append (out, "<scenario xmlns=\"" GBACW_NAMESPACE "\" version=\"");
  put_int (out, GBACW_FORMAT_VERSION);
  g_string_append (out, "\">\n");
  write_info (out, &s->info);
  write_catalogue (out, &s->catalogue, 1);
  write_charts (out, s->charts);
  write_map (out, s);
  write_oob (out, s);
  write_turns (out, s);
  write_list (out, s, 1, "deployment", s->deployment, write_placement);
  write_list (out, s, 1, "reinforcements", s->reinforcements, write_reinforcement);
  write_victory (out, s);
  write_rules (out, s);
  g_string_append (out, "</scenario>\n");
  return g_string_free_to_bytes (out);
}

/* A chart library file: the catalogue and the charts directly under <charts>. */
GBytes *
gbacw_charts_save_to_bytes (const GbacwCatalogue *catalogue, const GPtrArray *charts)
{
  GString *out = g_string_sized_new (16384);

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append (out, "<charts xmlns=\"" GBACW_NAMESPACE "\" version=\"");
  put_int (out, GBACW_FORMAT_VERSION);
  g_string_append (out, "\">\n");
  write_catalogue (out, catalogue, 1);
  for (guint i = 0; i < charts->len; i++)
    write_chart (out, g_ptr_array_index (charts, i), 1);
  g_string_append (out, "</charts>\n");
  return g_string_free_to_bytes (out);
}

/* The safe writer's message names the file and says what to do; the domain is this module's. */
static gboolean
save_bytes (GBytes *bytes, const char *path, GbacwSafeWriteFlags flags, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  gsize length;
  const void *data = g_bytes_get_data (bytes, &length);

  if (gbacw_safe_write_file (path, data, length, flags, &local_error))
    return TRUE;
  g_set_error_literal (error, GBACW_IO_ERROR, GBACW_IO_ERROR_WRITE, local_error->message);
  return FALSE;
}

gboolean
gbacw_scenario_save_file (const GbacwScenario *scenario, const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (scenario != NULL && path != NULL, FALSE);
  bytes = gbacw_scenario_save_to_bytes (scenario);
  return save_bytes (bytes, path, GBACW_SAFE_WRITE_BACKUP, error);
}

gboolean
gbacw_charts_save_file (const GbacwCatalogue *catalogue, const GPtrArray *charts, const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (catalogue != NULL && charts != NULL && path != NULL, FALSE);
  bytes = gbacw_charts_save_to_bytes (catalogue, charts);
  return save_bytes (bytes, path, GBACW_SAFE_WRITE_NONE, error);
}
