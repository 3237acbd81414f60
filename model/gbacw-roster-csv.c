/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-roster-csv.c: the order of battle as CSV (RFC 4180), export and import. */
#define G_LOG_DOMAIN "gbacw-roster-csv"

#include "gbacw-roster-csv.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-oob-edit.h"
#include "gbacw-safe-write.h"

G_DEFINE_QUARK (gbacw-roster-error-quark, gbacw_roster_error)

/* Columns that are not fields of an entry. */
#define COL_ID     "id"
#define COL_SIDE   "side"
#define COL_PARENT "parent"

/* More messages than this are summarised. */
#define MAX_MESSAGES 100

static const char *const columns[] = {
  COL_ID, COL_SIDE, "kind", COL_PARENT, "name", "commander", "independent",
  "strength", "morale", "dismounted-morale", "weapon", "guns", "rounds", "crew",
  "small-arms", "artillery-ammo", "wagon-crew",
  "sharpshooter", "horse-artillery", "section", "double-shot",
  "role", "rank", "er", "rally", "dir", "cp",
  "bce-day1", "bce-day2", "bce-vp", "momentum", "vp",
  NULL
};

const char *const *
gbacw_roster_columns (void)
{
  return columns;
}

/* ---------------------------------------------------------------- export */

static char
delimiter_char (GbacwRosterDelimiter delimiter)
{
  switch (delimiter)
    {
    case GBACW_ROSTER_DELIMITER_SEMICOLON: return ';';
    case GBACW_ROSTER_DELIMITER_TAB: return '\t';
    case GBACW_ROSTER_DELIMITER_COMMA:
    default: return ',';
    }
}

static void
put_cell (GString *out, char delimiter, const char *text, gboolean first)
{
  gboolean quote = FALSE;
  gsize len = text ? strlen (text) : 0;

  if (!first)
    g_string_append_c (out, delimiter);
  if (len == 0)
    return;
  if (g_ascii_isspace (text[0]) || g_ascii_isspace (text[len - 1]))
    quote = TRUE;
  for (const char *p = text; !quote && *p; p++)
    if (*p == delimiter || *p == '"' || *p == '\r' || *p == '\n')
      quote = TRUE;
  if (!quote)
    {
      g_string_append_len (out, text, (gssize) len);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

/* What each export column holds: COLUMN_ID, COLUMN_SIDE, COLUMN_PARENT or a GbacwOobField. */
enum { COLUMN_ID = -10, COLUMN_SIDE = -11, COLUMN_PARENT = -12 };

static const int *
column_kinds (void)
{
  static int kinds[G_N_ELEMENTS (columns)];
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (guint c = 0; columns[c]; c++)
        {
          if (strcmp (columns[c], COL_ID) == 0)
            kinds[c] = COLUMN_ID;
          else if (strcmp (columns[c], COL_SIDE) == 0)
            kinds[c] = COLUMN_SIDE;
          else if (strcmp (columns[c], COL_PARENT) == 0)
            kinds[c] = COLUMN_PARENT;
          else
            kinds[c] = gbacw_oob_field_from_string (columns[c]);
          g_assert (kinds[c] != -1);
        }
      g_once_init_leave (&done, 1);
    }
  return kinds;
}

/* One row's cells, as gbacw_roster_export_rows () gives them. */
static void
put_row (GPtrArray *rows, gboolean formation, const char *id, const char *side, const char *parent, gconstpointer item)
{
  const int *kinds = column_kinds ();
  char **cells = g_new0 (char *, G_N_ELEMENTS (columns));

  for (guint c = 0; columns[c]; c++)
    switch (kinds[c])
      {
      case COLUMN_ID: cells[c] = g_strdup (id ? id : ""); break;
      case COLUMN_SIDE: cells[c] = g_strdup (side ? side : ""); break;
      case COLUMN_PARENT: cells[c] = g_strdup (parent ? parent : ""); break;
      default:
        g_assert (kinds[c] >= 0);
        cells[c] = formation ? gbacw_oob_field_format_formation (item, (GbacwOobField) kinds[c])
                             : gbacw_oob_field_format_unit (item, (GbacwOobField) kinds[c]);
        if (cells[c] == NULL)
          cells[c] = g_strdup ("");
        break;
      }
  g_ptr_array_add (rows, cells);
}

typedef struct {
  GPtrArray *rows;
  GHashTable *formations;   /* id -> first GbacwFormation with it */
  GHashTable *children;     /* formation id -> GPtrArray of GbacwFormation* */
  GHashTable *units;        /* formation id -> GPtrArray of GbacwUnit* */
  GHashTable *visited;      /* formations written (guards against cycles in memory) */
} Exporter;

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

static void
export_formation (Exporter *e, const GbacwFormation *f)
{
  GPtrArray *units, *children;

  if (!g_hash_table_add (e->visited, (gpointer) f))
    return;
  put_row (e->rows, TRUE, f->id, f->side,
           f->parent && g_hash_table_contains (e->formations, f->parent) ? f->parent : NULL, f);
  units = g_hash_table_lookup (e->units, f->id);
  children = g_hash_table_lookup (e->children, f->id);
  for (guint i = 0; units && i < units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (units, i);
      put_row (e->rows, FALSE, u->id, u->side, f->id, u);
    }
  for (guint i = 0; children && i < children->len; i++)
    export_formation (e, g_ptr_array_index (children, i));
}

/* UTF-16 as spreadsheets write it: little-endian after a byte order mark. */
static GBytes *
encode_utf16 (GString *text)
{
  g_autofree char *converted = NULL;
  gsize written = 0;
  GByteArray *out;

  converted = g_convert (text->str, (gssize) text->len, "UTF-16LE", "UTF-8", NULL, &written, NULL);
  g_assert (converted != NULL);  /* the model's strings are valid UTF-8 */
  out = g_byte_array_sized_new ((guint) written + 2);
  g_byte_array_append (out, (const guint8 *) "\xFF\xFE", 2);
  g_byte_array_append (out, (const guint8 *) converted, (guint) written);
  return g_byte_array_free_to_bytes (out);
}

GBytes *
gbacw_roster_export (const GbacwScenario *scenario, const char *side, GError **error)
{
  return gbacw_roster_export_as (scenario, side, GBACW_ROSTER_DELIMITER_COMMA, GBACW_ROSTER_ENCODING_UTF8, error);
}

GPtrArray *
gbacw_roster_export_rows (const GbacwScenario *scenario, const char *side, GError **error)
{
  const GbacwOob *oob;
  Exporter e;
  g_autoptr (GHashTable) side_units = NULL;
  g_autoptr (GHashTable) side_tops = NULL;
  g_autoptr (GHashTable) sides_done = g_hash_table_new (g_str_hash, g_str_equal);

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  oob = &scenario->oob;
  if (side)
    {
      gboolean found = FALSE;
      for (guint i = 0; i < oob->sides->len; i++)
        found |= g_strcmp0 (((GbacwSide *) g_ptr_array_index (oob->sides, i))->id, side) == 0;
      if (!found)
        {
          g_set_error (error, GBACW_ROSTER_ERROR, GBACW_ROSTER_ERROR_SIDE,
                       _("there is no side “%s” in the order of battle"), side);
          return NULL;
        }
    }

  e.rows = g_ptr_array_new_full (1 + oob->units->len + oob->formations->len, (GDestroyNotify) g_strfreev);
  e.formations = g_hash_table_new (g_str_hash, g_str_equal);
  e.children = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  e.units = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  e.visited = g_hash_table_new (g_direct_hash, g_direct_equal);
  side_units = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  side_tops = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_ptr_array_unref);

  /* the grouping of the file writer: what is under a formation that does not exist
   * is written at the side's top level */
  for (guint i = 0; i < oob->formations->len; i++)
    {
      GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      if (f->id && !g_hash_table_contains (e.formations, f->id))
        g_hash_table_insert (e.formations, f->id, f);
    }
  for (guint i = 0; i < oob->formations->len; i++)
    {
      GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      if (f->id == NULL || g_hash_table_lookup (e.formations, f->id) != f)
        continue;
      if (f->parent && g_hash_table_contains (e.formations, f->parent) && g_strcmp0 (f->parent, f->id) != 0)
        multimap_add (e.children, f->parent, f);
      else if (f->side)
        multimap_add (side_tops, f->side, f);
    }
  for (guint i = 0; i < oob->units->len; i++)
    {
      GbacwUnit *u = g_ptr_array_index (oob->units, i);
      if (u->formation && g_hash_table_contains (e.formations, u->formation))
        multimap_add (e.units, u->formation, u);
      else if (u->side)
        multimap_add (side_units, u->side, u);
    }

  g_ptr_array_add (e.rows, g_strdupv ((char **) columns));
  for (guint i = 0; i < oob->sides->len; i++)
    {
      const GbacwSide *s = g_ptr_array_index (oob->sides, i);
      GPtrArray *units, *tops;
      if (s->id == NULL || (side && strcmp (s->id, side) != 0) || !g_hash_table_add (sides_done, s->id))
        continue;
      units = g_hash_table_lookup (side_units, s->id);
      tops = g_hash_table_lookup (side_tops, s->id);
      for (guint k = 0; units && k < units->len; k++)
        {
          const GbacwUnit *u = g_ptr_array_index (units, k);
          put_row (e.rows, FALSE, u->id, u->side, NULL, u);
        }
      for (guint k = 0; tops && k < tops->len; k++)
        export_formation (&e, g_ptr_array_index (tops, k));
    }

  g_hash_table_unref (e.formations);
  g_hash_table_unref (e.children);
  g_hash_table_unref (e.units);
  g_hash_table_unref (e.visited);
  return e.rows;
}

GBytes *
gbacw_roster_export_as (const GbacwScenario *scenario, const char *side, GbacwRosterDelimiter delimiter,
                        GbacwRosterEncoding encoding, GError **error)
{
  g_autoptr (GPtrArray) rows = gbacw_roster_export_rows (scenario, side, error);
  char separator = delimiter_char (delimiter);
  GString *out;
  gsize size;

  if (rows == NULL)
    return NULL;
  out = g_string_sized_new (256 + (gsize) rows->len * 96);
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = g_ptr_array_index (rows, r);
      for (guint c = 0; cells[c]; c++)
        put_cell (out, separator, cells[c], c == 0);
      g_string_append (out, "\r\n");
    }
  if (encoding == GBACW_ROSTER_ENCODING_UTF16)
    {
      GBytes *utf16 = encode_utf16 (out);
      g_string_free (out, TRUE);
      return utf16;
    }
  size = out->len;
  return g_bytes_new_take (g_string_free (out, FALSE), size);
}

gboolean
gbacw_roster_export_file (const GbacwScenario *scenario, const char *side, const char *path, GError **error)
{
  return gbacw_roster_export_file_as (scenario, side, GBACW_ROSTER_DELIMITER_COMMA, GBACW_ROSTER_ENCODING_UTF8,
                                      path, error);
}

gboolean
gbacw_roster_export_file_as (const GbacwScenario *scenario, const char *side, GbacwRosterDelimiter delimiter,
                             GbacwRosterEncoding encoding, const char *path, GError **error)
{
  g_autoptr (GBytes) csv = NULL;
  gsize length;
  const void *data;

  g_return_val_if_fail (path != NULL, FALSE);

  csv = gbacw_roster_export_as (scenario, side, delimiter, encoding, error);
  if (csv == NULL)
    return FALSE;
  data = g_bytes_get_data (csv, &length);
  return gbacw_safe_write_file (path, data, length, GBACW_SAFE_WRITE_NONE, error);
}

/* ---------------------------------------------------------------- messages */

typedef struct {
  int line;
  int column;
  char *text;
} Message;

typedef struct {
  const char *file;
  GArray *messages;   /* Message */
} Report;

static void
message_clear (gpointer data)
{
  g_free (((Message *) data)->text);
}

static void
report_add (Report *r, int line, int column, const char *format, ...) G_GNUC_PRINTF (4, 5);

static void
report_add (Report *r, int line, int column, const char *format, ...)
{
  Message m = { line, column, NULL };
  va_list args;

  va_start (args, format);
  m.text = g_strdup_vprintf (format, args);
  va_end (args);
  g_array_append_val (r->messages, m);
}

static int
compare_messages (gconstpointer a, gconstpointer b)
{
  const Message *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  if (x->column != y->column)
    return x->column < y->column ? -1 : 1;
  return 0;
}

static void
report_to_error (Report *r, GbacwRosterError code, GError **error)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint n = r->messages->len;

  /* stable: the messages of one cell stay in the order they were found */
  g_array_sort (r->messages, compare_messages);
  for (guint i = 0; i < n && i < MAX_MESSAGES; i++)
    {
      const Message *m = &g_array_index (r->messages, Message, i);
      if (i > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, "%s:%d:%d: %s", r->file, m->line, m->column, m->text);
    }
  if (n > MAX_MESSAGES)
    {
      g_string_append_c (text, '\n');
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%s: and %u more error", "%s: and %u more errors",
                                                 n - MAX_MESSAGES),
                              r->file, n - MAX_MESSAGES);
    }
  g_set_error_literal (error, GBACW_ROSTER_ERROR, code, text->str);
}

/* ---------------------------------------------------------------- CSV reading */

typedef struct {
  int line;            /* where the record starts */
  GPtrArray *fields;   /* char* */
} Record;

static void
record_clear (gpointer data)
{
  g_clear_pointer (&((Record *) data)->fields, g_ptr_array_unref);
}

/* RFC 4180 with the given delimiter, LF or CR LF line ends, in UTF-8. A blank line
 * is no record. */
static gboolean
read_csv (const char *data, gsize len, char delimiter, Report *report, GArray *records)
{
  gsize pos = 0;
  int line = 1;

  while (pos < len)
    {
      Record rec = { line, g_ptr_array_new_with_free_func (g_free) };
      gboolean end_of_record = FALSE;

      while (!end_of_record)
        {
          GString *field = g_string_new (NULL);
          int column = (int) rec.fields->len + 1;

          if (pos < len && data[pos] == '"')
            {
              int start_line = line;
              pos++;
              for (;;)
                {
                  if (pos >= len)
                    {
                      report_add (report, start_line, column,
                                  _("a quoted field is not closed: the file ends inside it"));
                      g_string_free (field, TRUE);
                      g_ptr_array_unref (rec.fields);
                      return FALSE;
                    }
                  if (data[pos] == '"')
                    {
                      if (pos + 1 < len && data[pos + 1] == '"')
                        {
                          g_string_append_c (field, '"');
                          pos += 2;
                          continue;
                        }
                      pos++;
                      break;
                    }
                  if (data[pos] == '\n')
                    line++;
                  g_string_append_c (field, data[pos++]);
                }
              if (pos < len && data[pos] != delimiter && data[pos] != '\r' && data[pos] != '\n')
                {
                  report_add (report, line, column,
                              delimiter == ';' ? _("a quoted field must be followed by a semicolon or the end of the line")
                              : delimiter == '\t' ? _("a quoted field must be followed by a tab or the end of the line")
                              : _("a quoted field must be followed by a comma or the end of the line"));
                  g_string_free (field, TRUE);
                  g_ptr_array_unref (rec.fields);
                  return FALSE;
                }
            }
          else
            {
              gsize start = pos;
              while (pos < len && data[pos] != delimiter && data[pos] != '\r' && data[pos] != '\n')
                pos++;
              if (memchr (data + start, '"', pos - start))
                {
                  report_add (report, line, column,
                              _("a quote inside an unquoted field: quote the whole field and double the quotes in it"));
                  g_string_free (field, TRUE);
                  g_ptr_array_unref (rec.fields);
                  return FALSE;
                }
              g_string_append_len (field, data + start, (gssize) (pos - start));
            }
          if (memchr (field->str, '\0', field->len) || !g_utf8_validate (field->str, (gssize) field->len, NULL))
            {
              report_add (report, line, column, _("the field is not valid UTF-8 text"));
              g_string_free (field, TRUE);
              g_ptr_array_unref (rec.fields);
              return FALSE;
            }
          g_ptr_array_add (rec.fields, g_string_free (field, FALSE));

          if (pos >= len)
            end_of_record = TRUE;
          else if (data[pos] == delimiter)
            pos++;
          else
            {
              if (data[pos] == '\r')
                pos++;
              if (pos < len && data[pos] == '\n')
                pos++;
              line++;
              end_of_record = TRUE;
            }
        }
      if (rec.fields->len == 1 && *(const char *) g_ptr_array_index (rec.fields, 0) == '\0')
        g_ptr_array_unref (rec.fields);
      else
        g_array_append_val (records, rec);
    }
  return TRUE;
}

/* The text of the file as UTF-8 (without a byte order mark), or NULL after reporting
 * why not. A UTF-8 or UTF-16 (either byte order) byte order mark is honoured; without
 * one the file is UTF-8. *owned holds the converted text, if any. */
static const char *
decode_text (const char *data, gsize len, Report *report, char **owned, gsize *text_len)
{
  const char *from = NULL;
  g_autoptr (GError) error = NULL;
  gsize read = 0;

  *owned = NULL;
  if (len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      *text_len = len - 3;
      return data + 3;
    }
  if (len >= 2 && memcmp (data, "\xFF\xFE", 2) == 0)
    from = "UTF-16LE";
  else if (len >= 2 && memcmp (data, "\xFE\xFF", 2) == 0)
    from = "UTF-16BE";
  if (from == NULL)
    {
      /* the header row starts with an ASCII column name: a zero byte beside it is UTF-16 */
      if (len >= 2 && (data[0] == '\0' || data[1] == '\0'))
        {
          report_add (report, 1, 1, _("the file looks like UTF-16 text without a byte order mark: save it as "
                                      "UTF-8, or as UTF-16 with a byte order mark"));
          return NULL;
        }
      *text_len = len;
      return data;
    }
  *owned = g_convert (data + 2, (gssize) (len - 2), "UTF-8", from, &read, text_len, &error);
  if (*owned == NULL)
    {
      int line = 1;
      gboolean little = from[6] == 'L';

      /* the line of the first bad code unit: count the line feeds before it */
      for (gsize i = 2; i + 1 < len && i < read + 2; i += 2)
        if ((little ? data[i] : data[i + 1]) == '\n' && (little ? data[i + 1] : data[i]) == '\0')
          line++;
      report_add (report, line, 1, _("the file starts with a UTF-16 byte order mark, but this line is not "
                                     "valid UTF-16 text"));
      return NULL;
    }
  return *owned;
}

/* The delimiter of the header row: the one of comma, semicolon and tab it has most of
 * outside quotes (column names hold none of them); a comma if it has none. */
static char
detect_delimiter (const char *text, gsize len)
{
  static const char candidates[] = { ',', ';', '\t' };
  guint counts[G_N_ELEMENTS (candidates)] = { 0 };
  gboolean quoted = FALSE;
  guint best = 0;

  for (gsize i = 0; i < len && (quoted || (text[i] != '\n' && text[i] != '\r')); i++)
    {
      if (text[i] == '"')
        quoted = !quoted;
      else if (!quoted)
        for (guint c = 0; c < G_N_ELEMENTS (candidates); c++)
          counts[c] += text[i] == candidates[c];
    }
  for (guint c = 1; c < G_N_ELEMENTS (candidates); c++)
    if (counts[c] > counts[best])
      best = c;
  return candidates[best];
}

/* ---------------------------------------------------------------- import */

typedef struct {
  int line;
  gboolean formation;
  gboolean is_new;
  gpointer item;       /* GbacwFormation* / GbacwUnit*, owned until handed to the edit */
  gboolean ok;         /* no error in this row so far */
} Row;

typedef struct {
  gpointer item;       /* final value of the entry */
  Row *row;            /* the row it comes from, or NULL (not in the file) */
} Final;

typedef struct {
  GbacwScenario *scenario;
  Report report;
  guint n_columns;
  int col_id, col_side, col_parent;
  int field_col[GBACW_N_OOB_FIELDS];   /* 0-based column, -1 if absent */
  GPtrArray *rows;                     /* Row*, CSV order */
  GHashTable *old_units;               /* id -> index in oob.units (first) */
  GHashTable *old_formations;          /* id -> index in oob.formations (first) */
  GHashTable *final_units;             /* id -> Final* */
  GHashTable *final_formations;        /* id -> Final* */
} Importer;

static void
row_free (gpointer data)
{
  Row *row = data;
  if (row->item)
    {
      if (row->formation)
        gbacw_formation_free (row->item);
      else
        gbacw_unit_free (row->item);
    }
  g_free (row);
}

/* NULL for a column the record does not have: read_row () reads the id, kind, side and
 * parent cells before it refuses a row with fewer fields than the header (a truncated
 * file read past the end of the row: /fuzz/regression/roster-short-row). */
static const char *
cell (const Record *rec, int column)
{
  return column >= 0 && (guint) column < rec->fields->len ? g_ptr_array_index (rec->fields, column) : NULL;
}

static char *
trimmed (const char *text)
{
  return g_strstrip (g_strdup (text ? text : ""));
}

static gboolean
read_header (Importer *im, const Record *rec)
{
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *known = g_strjoinv (", ", (char **) columns);
  im->n_columns = rec->fields->len;
  im->col_id = im->col_side = im->col_parent = -1;
  for (int f = 0; f < GBACW_N_OOB_FIELDS; f++)
    im->field_col[f] = -1;
  for (guint c = 0; c < rec->fields->len; c++)
    {
      g_autofree char *name = trimmed (g_ptr_array_index (rec->fields, c));
      int field = gbacw_oob_field_from_string (name);
      gpointer other;

      if (g_hash_table_lookup_extended (seen, name, NULL, &other))
        {
          report_add (&im->report, rec->line, (int) c + 1, _("column “%s” appears twice (also column %d)"), name,
                      GPOINTER_TO_INT (other));
          continue;
        }
      g_hash_table_insert (seen, g_strdup (name), GINT_TO_POINTER ((int) c + 1));
      if (strcmp (name, COL_ID) == 0)
        im->col_id = (int) c;
      else if (strcmp (name, COL_SIDE) == 0)
        im->col_side = (int) c;
      else if (strcmp (name, COL_PARENT) == 0)
        im->col_parent = (int) c;
      else if (field >= 0)
        im->field_col[field] = (int) c;
      else
        report_add (&im->report, rec->line, (int) c + 1, _("unknown column “%s”; the columns are %s"), name, known);
    }
  if (im->col_id < 0)
    report_add (&im->report, rec->line, 1, _("the header has no “%s” column"), COL_ID);
  if (im->field_col[GBACW_OOB_FIELD_KIND] < 0)
    report_add (&im->report, rec->line, 1, _("the header has no “%s” column"), "kind");
  if (im->col_side < 0)
    report_add (&im->report, rec->line, 1, _("the header has no “%s” column"), COL_SIDE);
  /* unknown or repeated columns are reported, and the rows are still checked */
  return im->col_id >= 0 && im->col_side >= 0 && im->field_col[GBACW_OOB_FIELD_KIND] >= 0;
}

static gboolean
side_exists (const GbacwScenario *s, const char *side)
{
  return side && gbacw_oob_find_side (&s->oob, side) != NULL;
}

static gboolean
id_ok (const char *id)
{
  if (*id == '\0')
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '.' && *p != '-')
      return FALSE;
  return TRUE;
}

static void
row_error (Importer *im, Row *row, int column, const char *column_name, const char *text)
{
  report_add (&im->report, row->line, column + 1, "%s: %s", column_name, text);
  row->ok = FALSE;
}

/* Reads one data row into a Row (NULL when the row cannot be read at all). */
static Row *
read_row (Importer *im, const Record *rec, GHashTable *ids)
{
  const GbacwScenario *s = im->scenario;
  int kind_col = im->field_col[GBACW_OOB_FIELD_KIND];
  g_autofree char *id = trimmed (cell (rec, im->col_id));
  g_autofree char *kind = trimmed (cell (rec, kind_col));
  g_autofree char *side = trimmed (cell (rec, im->col_side));
  g_autofree char *parent = trimmed (cell (rec, im->col_parent));
  g_autofree char *key = NULL;
  gboolean formation;
  gpointer other_line;
  gpointer old_index;
  Row *row;

  if (rec->fields->len != im->n_columns)
    {
      report_add (&im->report, rec->line, (int) MIN (rec->fields->len, im->n_columns) + 1,
                  g_dngettext (GETTEXT_PACKAGE, "this row has %u field but the header has %u", "this row has %u fields but the header has %u",
                               rec->fields->len), rec->fields->len, im->n_columns);
      return NULL;
    }
  row = g_new0 (Row, 1);
  row->line = rec->line;
  row->ok = TRUE;

  if (strcmp (kind, "leader") == 0 || gbacw_unit_type_from_string (kind) >= 0)
    formation = FALSE;
  else if (gbacw_formation_kind_from_string (kind) >= 0)
    formation = TRUE;
  else
    {
      g_autofree char *msg = g_strdup_printf (_("unknown kind “%s”: it must be army, corps, division, brigade, group, "
                                                "infantry, cavalry, artillery, wagon or leader"), kind);
      row_error (im, row, kind_col, "kind", msg);
      g_free (row);
      return NULL;
    }
  row->formation = formation;

  if (!id_ok (id))
    {
      g_autofree char *msg = *id ? g_strdup_printf (_("“%s” is not an id: ids are the letters A to Z and a to z, "
                                                      "digits, “_”, “.” and “-”"), id)
                                 : g_strdup (_("every row needs an id"));
      row_error (im, row, im->col_id, COL_ID, msg);
      g_free (row);
      return NULL;
    }
  key = g_strconcat (formation ? "f:" : "u:", id, NULL);
  if (g_hash_table_lookup_extended (ids, key, NULL, &other_line))
    {
      g_autofree char *msg = g_strdup_printf (_("duplicate id “%s” (also on line %d)"), id,
                                              GPOINTER_TO_INT (other_line));
      row_error (im, row, im->col_id, COL_ID, msg);
      g_free (row);
      return NULL;
    }
  g_hash_table_insert (ids, g_steal_pointer (&key), GINT_TO_POINTER (rec->line));

  if (formation && g_hash_table_lookup_extended (im->old_formations, id, NULL, &old_index))
    row->item = gbacw_formation_copy (g_ptr_array_index (s->oob.formations, GPOINTER_TO_INT (old_index)));
  else if (!formation && g_hash_table_lookup_extended (im->old_units, id, NULL, &old_index))
    row->item = gbacw_unit_copy (g_ptr_array_index (s->oob.units, GPOINTER_TO_INT (old_index)));
  else if (formation && g_hash_table_contains (im->old_units, id))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is a unit or leader in the scenario; it cannot become a formation"),
                                              id);
      row_error (im, row, kind_col, "kind", msg);
      return row;
    }
  else if (!formation && g_hash_table_contains (im->old_formations, id))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is a formation in the scenario; it cannot become a unit or "
                                                "leader"), id);
      row_error (im, row, kind_col, "kind", msg);
      return row;
    }
  else
    {
      row->is_new = TRUE;
      row->item = formation ? (gpointer) gbacw_formation_new (id, side, GBACW_FORMATION_GROUP)
                            : (gpointer) gbacw_unit_new (id, side, GBACW_UNIT_INFANTRY);
    }

  if (!side_exists (s, side))
    {
      g_autofree char *msg = *side ? g_strdup_printf (_("there is no side “%s” in the scenario"), side)
                                   : g_strdup (_("every row needs a side"));
      row_error (im, row, im->col_side, COL_SIDE, msg);
    }
  if (*parent && !id_ok (parent))
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” is not a formation id"), parent);
      row_error (im, row, im->col_parent, COL_PARENT, msg);
    }
  if (formation)
    {
      GbacwFormation *f = row->item;
      g_free (f->side);
      f->side = g_strdup (side);
      if (im->col_parent >= 0)
        {
          g_free (f->parent);
          f->parent = *parent ? g_strdup (parent) : NULL;
        }
    }
  else
    {
      GbacwUnit *u = row->item;
      g_free (u->side);
      u->side = g_strdup (side);
      if (im->col_parent >= 0)
        {
          g_free (u->formation);
          u->formation = *parent ? g_strdup (parent) : NULL;
        }
    }

  /* the kind first (it is field 0): it decides which values apply */
  G_STATIC_ASSERT (GBACW_OOB_FIELD_KIND == 0);
  for (int k = 0; k < GBACW_N_OOB_FIELDS; k++)
    {
      GbacwOobField field = (GbacwOobField) k;
      int col = im->field_col[field];
      g_autoptr (GError) error = NULL;
      gboolean ok;

      if (col < 0)
        continue;
      if (formation)
        ok = gbacw_oob_field_parse_formation (s, row->item, field, cell (rec, col), &error);
      else
        ok = gbacw_oob_field_parse_unit (s, row->item, field, cell (rec, col), &error);
      if (!ok)
        row_error (im, row, col, gbacw_oob_field_to_string (field), error->message);
    }
  if (!formation)
    {
      GbacwUnit *u = row->item;
      int crew_col = im->field_col[GBACW_OOB_FIELD_CREW], wagon_col = im->field_col[GBACW_OOB_FIELD_WAGON_CREW];
      if (u->crew != GBACW_CREW_UNSET && u->crew_strength != GBACW_UNSET)
        {
          if (crew_col >= 0 && wagon_col >= 0)
            row_error (im, row, wagon_col, "wagon-crew",
                       _("a unit cannot have both an artillery crew (full or half) and a wagon crew"));
          else
            u->crew_strength = GBACW_UNSET;  /* as the file keeps it */
        }
    }
  return row;
}

static Final *
final_new (gpointer item, Row *row)
{
  Final *f = g_new (Final, 1);
  f->item = item;
  f->row = row;
  return f;
}

static const char *
final_side (const Final *f, gboolean formation)
{
  return formation ? ((const GbacwFormation *) f->item)->side : ((const GbacwUnit *) f->item)->side;
}

static void
add_to_list (GHashTable *table, Row *row, const char *id)
{
  GPtrArray *list = g_hash_table_lookup (table, row);
  if (list == NULL)
    {
      list = g_ptr_array_new ();
      g_hash_table_insert (table, row, list);
    }
  g_ptr_array_add (list, (gpointer) id);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* "a, b, c" (sorted; at most five, then "…") */
static char *
join_ids (GPtrArray *list)
{
  GString *out = g_string_new (NULL);
  g_ptr_array_sort (list, compare_strings);
  for (guint i = 0; i < list->len && i < 5; i++)
    g_string_append_printf (out, "%s“%s”", i ? ", " : "", (const char *) g_ptr_array_index (list, i));
  if (list->len > 5)
    g_string_append (out, ", …");
  return g_string_free (out, FALSE);
}

/* Checks references between entries as they will be: parents, sides, commanders, cycles. */
static void
check_references (Importer *im)
{
  GHashTableIter iter;
  gpointer value;
  GHashTable *orphans, *commanded;

  /* rows: parent exists and is of the same side; commander is a leader of the side */
  for (guint i = 0; i < im->rows->len; i++)
    {
      Row *row = g_ptr_array_index (im->rows, i);
      const char *parent, *side;
      Final *p;

      if (row->item == NULL)
        continue;
      parent = row->formation ? ((GbacwFormation *) row->item)->parent : ((GbacwUnit *) row->item)->formation;
      side = row->formation ? ((GbacwFormation *) row->item)->side : ((GbacwUnit *) row->item)->side;
      if (parent)
        {
          p = g_hash_table_lookup (im->final_formations, parent);
          if (p == NULL)
            {
              g_autofree char *msg = g_strdup_printf (_("there is no formation “%s” in the scenario or in this file"),
                                                      parent);
              row_error (im, row, im->col_parent, COL_PARENT, msg);
            }
          else if (side_exists (im->scenario, side) && g_strcmp0 (final_side (p, TRUE), side) != 0)
            {
              g_autofree char *msg = g_strdup_printf (_("wrong side: the parent formation “%s” is of side “%s”"),
                                                      parent, final_side (p, TRUE));
              row_error (im, row, im->col_side, COL_SIDE, msg);
            }
        }
      if (row->formation && ((GbacwFormation *) row->item)->commander)
        {
          const char *commander = ((GbacwFormation *) row->item)->commander;
          Final *c = g_hash_table_lookup (im->final_units, commander);
          int col = im->field_col[GBACW_OOB_FIELD_COMMANDER];
          g_autofree char *msg = NULL;
          if (c == NULL)
            msg = g_strdup_printf (_("there is no leader “%s” in the scenario or in this file"), commander);
          else if (((GbacwUnit *) c->item)->type != GBACW_UNIT_LEADER)
            msg = g_strdup_printf (_("“%s” is not a leader"), commander);
          else if (g_strcmp0 (final_side (c, FALSE), side) != 0)
            msg = g_strdup_printf (_("wrong side: the leader “%s” is of side “%s”"), commander, final_side (c, FALSE));
          if (msg)
            row_error (im, row, col >= 0 ? col : im->col_side, "commander", msg);
        }
    }

  /* entries not in the file that a row changes under them: one message per row */
  orphans = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  commanded = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  g_hash_table_iter_init (&iter, im->final_formations);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Final *f = value;
      const GbacwFormation *formation = f->item;
      Final *p, *c;
      if (f->row)
        continue;
      if (formation->parent && (p = g_hash_table_lookup (im->final_formations, formation->parent)) && p->row
          && g_strcmp0 (final_side (p, TRUE), formation->side) != 0)
        add_to_list (orphans, p->row, formation->id);
      if (formation->commander && (c = g_hash_table_lookup (im->final_units, formation->commander)) && c->row
          && (((GbacwUnit *) c->item)->type != GBACW_UNIT_LEADER
              || g_strcmp0 (final_side (c, FALSE), formation->side) != 0))
        add_to_list (commanded, c->row, formation->id);
    }
  g_hash_table_iter_init (&iter, im->final_units);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Final *f = value;
      const GbacwUnit *u = f->item;
      Final *p;
      if (f->row || u->formation == NULL)
        continue;
      if ((p = g_hash_table_lookup (im->final_formations, u->formation)) && p->row
          && g_strcmp0 (final_side (p, TRUE), u->side) != 0)
        add_to_list (orphans, p->row, u->id);
    }
  /* in file order, so that messages do not depend on hashing */
  for (guint i = 0; i < im->rows->len; i++)
    {
      Row *row = g_ptr_array_index (im->rows, i);
      GPtrArray *list;
      if ((list = g_hash_table_lookup (orphans, row)))
        {
          g_autofree char *ids = join_ids (list);
          g_autofree char *msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "wrong side: %u entry under it that is not in this file "
                                                               "stays on its side (%s)",
                                                               "wrong side: %u entries under it that are not in this "
                                                               "file stay on their side (%s)", list->len),
                                                  list->len, ids);
          row_error (im, row, im->col_side, COL_SIDE, msg);
        }
      if ((list = g_hash_table_lookup (commanded, row)))
        {
          g_autofree char *ids = join_ids (list);
          const GbacwUnit *u = row->item;
          g_autofree char *msg = g_strdup_printf (_("“%s” commands %s (not in this file): it must stay a leader of "
                                                    "that side"), u->id, ids);
          row_error (im, row, im->field_col[GBACW_OOB_FIELD_KIND], "kind", msg);
        }
    }
  g_hash_table_unref (orphans);
  g_hash_table_unref (commanded);

  /* cycles and depth: every cycle goes through a formation of the file */
  for (guint i = 0; i < im->rows->len; i++)
    {
      Row *row = g_ptr_array_index (im->rows, i);
      const GbacwFormation *start, *f;
      int depth = 0;

      if (!row->formation || row->item == NULL)
        continue;
      start = f = row->item;
      while (f->parent && depth <= 33)
        {
          Final *p = g_hash_table_lookup (im->final_formations, f->parent);
          if (p == NULL)
            break;
          f = p->item;
          depth++;
          if (strcmp (f->id, start->id) == 0)
            {
              g_autoptr (GString) path = g_string_new (start->id);
              const GbacwFormation *g = start;
              for (int k = 0; k < depth && k < 8; k++)
                {
                  Final *q = g_hash_table_lookup (im->final_formations, g->parent);
                  g = q->item;
                  g_string_append_printf (path, " → %s", g->id);
                }
              if (depth >= 8)
                g_string_append (path, " → …");
              {
                g_autofree char *msg = g_strdup_printf (_("formation “%s” would be inside itself: %s"), start->id,
                                                        path->str);
                row_error (im, row, im->col_parent, COL_PARENT, msg);
              }
              break;
            }
        }
      if (depth > 32 && row->ok)
        row_error (im, row, im->col_parent, COL_PARENT, _("formations are nested too deeply (more than 32 levels)"));
    }
}

static gboolean
strings_equal (const char *a, const char *b)
{
  return g_strcmp0 (a && *a ? a : NULL, b && *b ? b : NULL) == 0;
}

static gboolean
units_equal (const GbacwUnit *a, const GbacwUnit *b)
{
  return g_strcmp0 (a->id, b->id) == 0 && g_strcmp0 (a->side, b->side) == 0
         && g_strcmp0 (a->formation, b->formation) == 0 && a->type == b->type
         && strings_equal (a->designation, b->designation) && a->flags == b->flags && a->strength == b->strength
         && a->morale == b->morale && a->dismounted_morale == b->dismounted_morale
         && g_strcmp0 (a->weapon, b->weapon) == 0 && a->guns == b->guns && a->rounds == b->rounds
         && a->crew == b->crew && a->small_arms_boxes == b->small_arms_boxes && a->artillery_boxes == b->artillery_boxes
         && a->crew_strength == b->crew_strength && a->role == b->role && strings_equal (a->rank, b->rank)
         && a->er == b->er && a->rally == b->rally && a->dir == b->dir && a->cp == b->cp && a->vp == b->vp;
}

static gboolean
formations_equal (const GbacwFormation *a, const GbacwFormation *b)
{
  return g_strcmp0 (a->id, b->id) == 0 && g_strcmp0 (a->side, b->side) == 0 && g_strcmp0 (a->parent, b->parent) == 0
         && a->kind == b->kind && strings_equal (a->name, b->name) && g_strcmp0 (a->commander, b->commander) == 0
         && a->independent == b->independent && a->bce[0] == b->bce[0] && a->bce[1] == b->bce[1]
         && a->bce_vp == b->bce_vp && a->momentum == b->momentum;
}

static char *
group_key (gpointer item, gboolean formation)
{
  if (formation)
    {
      const GbacwFormation *f = item;
      return g_strconcat (f->side ? f->side : "", "\x1f", f->parent ? f->parent : "", NULL);
    }
  else
    {
      const GbacwUnit *u = item;
      return g_strconcat (u->side ? u->side : "", "\x1f", u->formation ? u->formation : "", NULL);
    }
}

/* Adds the operations for one list: rows of existing entries replace them where they
 * differ, new ones are appended, and the rows of each group of siblings take the
 * places of that group's rows in the order of the file. */
static void
build_ops (Importer *im, GbacwCollectionEdit *edit, gboolean formation)
{
  GbacwCollection collection = formation ? GBACW_COLLECTION_FORMATIONS : GBACW_COLLECTION_UNITS;
  GPtrArray *array = gbacw_collection_get_array (im->scenario, collection);
  GHashTable *old = formation ? im->old_formations : im->old_units;
  guint n = array->len;
  g_autoptr (GPtrArray) slot_rows = g_ptr_array_new ();   /* Row* or NULL per slot */
  g_autoptr (GPtrArray) final_rows = NULL;
  g_autoptr (GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                         (GDestroyNotify) g_array_unref);
  g_autoptr (GHashTable) cursors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) row_of_index = g_hash_table_new (g_direct_hash, g_direct_equal);

  /* which row updates which existing slot */
  for (guint i = 0; i < im->rows->len; i++)
    {
      Row *row = g_ptr_array_index (im->rows, i);
      const char *id;
      gpointer index;
      if (row->formation != formation || row->is_new)
        continue;
      id = formation ? ((GbacwFormation *) row->item)->id : ((GbacwUnit *) row->item)->id;
      if (g_hash_table_lookup_extended (old, id, NULL, &index))
        g_hash_table_insert (row_of_index, index, row);
    }
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (slot_rows, g_hash_table_lookup (row_of_index, GUINT_TO_POINTER (i)));
  for (guint i = 0; i < im->rows->len; i++)
    {
      Row *row = g_ptr_array_index (im->rows, i);
      if (row->formation == formation && row->is_new)
        g_ptr_array_add (slot_rows, row);
    }

  /* the slots of each group's rows, in list order */
  for (guint i = 0; i < slot_rows->len; i++)
    {
      Row *row = g_ptr_array_index (slot_rows, i);
      char *key;
      GArray *slots;
      if (row == NULL)
        continue;
      key = group_key (row->item, formation);
      slots = g_hash_table_lookup (groups, key);
      if (slots == NULL)
        {
          slots = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (groups, key, slots);
        }
      else
        g_free (key);
      g_array_append_val (slots, i);
    }
  /* rows in file order into those slots */
  final_rows = g_ptr_array_new ();
  g_ptr_array_set_size (final_rows, (int) slot_rows->len);
  for (guint i = 0; i < im->rows->len; i++)
    {
      Row *row = g_ptr_array_index (im->rows, i);
      g_autofree char *key = NULL;
      GArray *slots;
      guint cursor;
      if (row->formation != formation)
        continue;
      key = group_key (row->item, formation);
      slots = g_hash_table_lookup (groups, key);
      cursor = GPOINTER_TO_UINT (g_hash_table_lookup (cursors, key));
      g_assert (slots != NULL && cursor < slots->len);
      final_rows->pdata[g_array_index (slots, guint, cursor)] = row;
      g_hash_table_insert (cursors, g_steal_pointer (&key), GUINT_TO_POINTER (cursor + 1));
    }

  for (guint i = n; i < final_rows->len; i++)
    {
      Row *row = g_ptr_array_index (final_rows, i);
      gbacw_collection_edit_insert (edit, collection, i, g_steal_pointer (&row->item));
    }
  for (guint i = 0; i < n; i++)
    {
      Row *row = g_ptr_array_index (final_rows, i);
      gpointer current = g_ptr_array_index (array, i);
      gboolean same;
      if (row == NULL)
        continue;
      same = formation ? formations_equal (current, row->item) : units_equal (current, row->item);
      if (!same)
        gbacw_collection_edit_replace (edit, collection, i, g_steal_pointer (&row->item));
    }
}

GbacwCommand *
gbacw_roster_import_command (GbacwScenario *scenario, GBytes *csv, const char *display_name, GError **error)
{
  g_autoptr (GArray) records = g_array_new (FALSE, TRUE, sizeof (Record));
  g_autoptr (GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GbacwCollectionEdit *edit = NULL;
  Importer im;
  g_autofree char *converted = NULL;
  const char *text;
  gconstpointer data;
  gsize len, text_len = 0;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (csv != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  memset (&im, 0, sizeof im);
  im.scenario = scenario;
  im.report.file = display_name ? display_name : "roster.csv";
  im.report.messages = g_array_new (FALSE, FALSE, sizeof (Message));
  g_array_set_clear_func (im.report.messages, message_clear);
  g_array_set_clear_func (records, record_clear);

  data = g_bytes_get_data (csv, &len);
  text = data ? decode_text (data, len, &im.report, &converted, &text_len) : "";
  if (text == NULL || !read_csv (text, text_len, detect_delimiter (text, text_len), &im.report, records))
    {
      report_to_error (&im.report, GBACW_ROSTER_ERROR_PARSE, error);
      g_array_unref (im.report.messages);
      return NULL;
    }
  if (records->len == 0)
    {
      report_add (&im.report, 1, 1, _("the file is empty: a roster starts with a header row naming the columns"));
      report_to_error (&im.report, GBACW_ROSTER_ERROR_INVALID, error);
      g_array_unref (im.report.messages);
      return NULL;
    }
  if (!read_header (&im, &g_array_index (records, Record, 0)))
    {
      report_to_error (&im.report, GBACW_ROSTER_ERROR_INVALID, error);
      g_array_unref (im.report.messages);
      return NULL;
    }

  im.rows = g_ptr_array_new_with_free_func (row_free);
  im.old_units = g_hash_table_new (g_str_hash, g_str_equal);
  im.old_formations = g_hash_table_new (g_str_hash, g_str_equal);
  im.final_units = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  im.final_formations = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = scenario->oob.units->len; i-- > 0;)
    {
      GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      g_hash_table_insert (im.old_units, u->id, GUINT_TO_POINTER (i));
      g_hash_table_insert (im.final_units, u->id, final_new (u, NULL));
    }
  for (guint i = scenario->oob.formations->len; i-- > 0;)
    {
      GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, i);
      g_hash_table_insert (im.old_formations, f->id, GUINT_TO_POINTER (i));
      g_hash_table_insert (im.final_formations, f->id, final_new (f, NULL));
    }

  for (guint r = 1; r < records->len; r++)
    {
      Row *row = read_row (&im, &g_array_index (records, Record, r), ids);
      if (row == NULL)
        continue;
      g_ptr_array_add (im.rows, row);
      if (row->item)
        {
          const char *id = row->formation ? ((GbacwFormation *) row->item)->id : ((GbacwUnit *) row->item)->id;
          g_hash_table_insert (row->formation ? im.final_formations : im.final_units, (gpointer) id,
                               final_new (row->item, row));
        }
    }
  check_references (&im);

  if (im.report.messages->len > 0)
    report_to_error (&im.report, GBACW_ROSTER_ERROR_INVALID, error);
  else
    {
      edit = gbacw_collection_edit_new (_("Import roster"), 0);
      build_ops (&im, edit, TRUE);
      build_ops (&im, edit, FALSE);
    }

  g_hash_table_unref (im.final_units);
  g_hash_table_unref (im.final_formations);
  g_hash_table_unref (im.old_units);
  g_hash_table_unref (im.old_formations);
  g_ptr_array_unref (im.rows);
  g_array_unref (im.report.messages);
  return edit ? GBACW_COMMAND (edit) : NULL;
}
