/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-roster-csv.c: export, import, export gives the same CSV (the demo and a
 * generated 5,000-unit scenario); edits in the spreadsheet arrive as one undoable
 * command; every file of the bad corpus (tests/roster/bad) is refused with the
 * expected LINE:COLUMN and changes nothing; what spreadsheets write in other locales
 * (semicolons, tabs, UTF-16 after a byte order mark) reads as the same roster. */
#define G_LOG_DOMAIN "test-roster-csv"

#include "config.h"

#include <string.h>

#include "gbacw-data.h"
#include "gbacw-generate.h"
#include "gbacw-roster-csv.h"
#include "gbacw-scenario-io.h"

static GbacwScenario *
load_demo (void)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GError) error = NULL;
  GbacwScenario *s;

  g_assert_nonnull (path);
  s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return s;
}

static GBytes *
export (const GbacwScenario *s, const char *side)
{
  g_autoptr (GError) error = NULL;
  GBytes *csv = gbacw_roster_export (s, side, &error);
  g_assert_no_error (error);
  g_assert_nonnull (csv);
  return csv;
}

static void
assert_bytes_equal (GBytes *a, GBytes *b)
{
  if (!g_bytes_equal (a, b))
    {
      gsize la, lb, i = 0;
      const char *da = g_bytes_get_data (a, &la), *db = g_bytes_get_data (b, &lb);
      while (i < la && i < lb && da[i] == db[i])
        i++;
      g_error ("differ at byte %" G_GSIZE_FORMAT " (of %" G_GSIZE_FORMAT " and %" G_GSIZE_FORMAT "): …%.80s… vs …%.80s…",
               i, la, lb, da + (i > 30 ? i - 30 : 0), db + (i > 30 ? i - 30 : 0));
    }
}

/* The scenario without an order of battle (sides kept) and what refers to it. */
static void
clear_oob (GbacwScenario *s)
{
  g_ptr_array_set_size (s->oob.units, 0);
  g_ptr_array_set_size (s->oob.formations, 0);
  g_ptr_array_set_size (s->deployment, 0);
  g_ptr_array_set_size (s->reinforcements, 0);
  gbacw_oob_reindex (&s->oob);
}

/* Imports csv into s: the command applies, undoes to the same file, redoes; the
 * result loads. Returns the command's effect as the file after. */
static void
import_ok (GbacwScenario *s, GBytes *csv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwCommand) cmd = gbacw_roster_import_command (s, csv, "test.csv", &error);
  g_autoptr (GBytes) before = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GBytes) undone = NULL;
  g_autoptr (GBytes) redone = NULL;
  g_autoptr (GbacwScenario) reloaded = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (cmd);
  gbacw_command_apply (cmd, s, NULL);
  after = gbacw_scenario_save_to_bytes (s);
  gbacw_command_revert (cmd, s, NULL);
  undone = gbacw_scenario_save_to_bytes (s);
  assert_bytes_equal (before, undone);
  gbacw_command_apply (cmd, s, NULL);
  redone = gbacw_scenario_save_to_bytes (s);
  assert_bytes_equal (after, redone);
  reloaded = gbacw_scenario_load_bytes (after, "after.xml", &error);
  g_assert_no_error (error);
}

static GBytes *
bytes_from_string (const char *s)
{
  return g_bytes_new (s, strlen (s));
}

/* text with the first from replaced by to */
static char *
replace (const char *text, const char *from, const char *to)
{
  const char *at = strstr (text, from);
  GString *out = g_string_new (NULL);

  g_assert_nonnull (at);
  g_string_append_len (out, text, at - text);
  g_string_append (out, to);
  g_string_append (out, at + strlen (from));
  return g_string_free (out, FALSE);
}

/* ---------------------------------------------------------------- tests */

static void
test_demo_round_trip (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GbacwScenario) empty = NULL;
  g_autoptr (GBytes) file = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GBytes) csv = export (s, NULL);
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GBytes) rebuilt = NULL;
  g_autoptr (GBytes) same_file = NULL;
  const char *text = g_bytes_get_data (csv, NULL);

  g_assert_true (g_str_has_prefix (text, "id,side,kind,parent,name,"));
  g_assert_nonnull (strstr (text, "\r\nu-7wis,union,infantry,u-webb,7 Wis,,,4,?,,R,"));
  /* into the same scenario: nothing changes */
  import_ok (s, csv);
  same_file = gbacw_scenario_save_to_bytes (s);
  assert_bytes_equal (file, same_file);
  again = export (s, NULL);
  assert_bytes_equal (csv, again);

  /* into a scenario without an order of battle: built from the CSV alone */
  empty = gbacw_scenario_copy (s);
  clear_oob (empty);
  import_ok (empty, csv);
  rebuilt = export (empty, NULL);
  assert_bytes_equal (csv, rebuilt);
  g_assert_cmpuint (empty->oob.units->len, ==, s->oob.units->len);
  g_assert_cmpuint (empty->oob.formations->len, ==, s->oob.formations->len);
}

static void
test_side (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GBytes) file = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GBytes) union_csv = export (s, "union");
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GError) error = NULL;
  const char *text = g_bytes_get_data (union_csv, NULL);

  g_assert_nonnull (strstr (text, "u-14oh"));
  g_assert_null (strstr (text, "confederate"));
  /* a roster of one side leaves the other alone */
  import_ok (s, union_csv);
  after = gbacw_scenario_save_to_bytes (s);
  assert_bytes_equal (file, after);

  g_assert_null (gbacw_roster_export (s, "prussia", &error));
  g_assert_error (error, GBACW_ROSTER_ERROR, GBACW_ROSTER_ERROR_SIDE);
}

static void
test_edit (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GBytes) csv = export (s, NULL);
  g_autofree char *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL, *moved = NULL;
  g_autoptr (GBytes) edited = NULL;
  g_autoptr (GBytes) after = NULL;
  const char *text = g_bytes_get_data (csv, NULL);
  const char *line_31 = "u-31ill,union,infantry,u-webb,31 Ill,,,5,3,,R,,,,,,,,,,,,,,,,,,,,,\r\n";
  const char *line_7 = "u-7wis,union,infantry,u-webb,7 Wis,,,4,?,,R,,,,,,,,,,,,,,,,,,,,,\r\n";
  const GbacwUnit *u;
  int i31 = -1, i7 = -1, inew = -1;

  /* a changed value, a new regiment after 14 Oh (with a quoted name), and 31 Ill and
   * 7 Wis moved below it in swapped order */
  a = replace (text, "u-14oh,union,infantry,u-webb,14 Oh,,,6,4,", "u-14oh,union,infantry,u-webb,14 Oh,,,8,?,");
  b = replace (a, "\r\nu-31ill,", "\r\nu-99ny,union,infantry,u-webb,\"99 NY, \"\"Zouaves\"\"\",,,5,3,,M,,,,,,,yes,,,,,,,,,,,,,,\r\nu-31ill,");
  c = replace (b, line_31, "");
  d = replace (c, line_7, "");
  moved = g_strconcat ("\r\n", line_7, line_31, "u-bty-b,", NULL);
  e = replace (d, "\r\nu-bty-b,", moved);
  edited = bytes_from_string (e);
  import_ok (s, edited);
  u = gbacw_oob_find_unit (&s->oob, "u-14oh");
  g_assert_cmpint (u->strength, ==, 8);
  g_assert_cmpint (u->morale, ==, GBACW_MORALE_GREEN);
  u = gbacw_oob_find_unit (&s->oob, "u-99ny");
  g_assert_nonnull (u);
  g_assert_cmpstr (u->designation, ==, "99 NY, \"Zouaves\"");
  g_assert_true (u->flags & GBACW_UNIT_FLAG_SHARPSHOOTER);
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const char *id = ((GbacwUnit *) g_ptr_array_index (s->oob.units, i))->id;
      if (strcmp (id, "u-31ill") == 0)
        i31 = (int) i;
      else if (strcmp (id, "u-7wis") == 0)
        i7 = (int) i;
      else if (strcmp (id, "u-99ny") == 0)
        inew = (int) i;
    }
  g_assert_cmpint (i7, <, i31);
  /* exported in the spreadsheet's order */
  after = export (s, NULL);
  g_assert_nonnull (strstr (g_bytes_get_data (after, NULL), "u-14oh,"));
  {
    const char *t = g_bytes_get_data (after, NULL);
    const char *p14 = strstr (t, "\r\nu-14oh,"), *p99 = strstr (t, "\r\nu-99ny,");
    const char *p7 = strstr (t, "\r\nu-7wis,"), *p31 = strstr (t, "\r\nu-31ill,");
    g_assert_true (p14 < p99 && p99 < p7 && p7 < p31);
  }
  g_assert_cmpint (inew, >=, 0);
}

static void
test_quoting (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GbacwScenario) empty = NULL;
  g_autoptr (GBytes) csv = NULL;
  g_autoptr (GBytes) again = NULL;
  GbacwUnit *u = gbacw_oob_find_unit (&s->oob, "u-14oh");

  g_free (u->designation);
  u->designation = g_strdup (" 14th \"Buckeye\", Ohio\nline two ");
  u = gbacw_oob_find_unit (&s->oob, "u-31ill");
  g_free (u->designation);
  u->designation = g_strdup ("Ill. 31st — “Dirty First”");
  csv = export (s, NULL);
  g_assert_nonnull (strstr (g_bytes_get_data (csv, NULL), "\" 14th \"\"Buckeye\"\", Ohio\nline two \""));
  empty = gbacw_scenario_copy (s);
  clear_oob (empty);
  import_ok (empty, csv);
  g_assert_cmpstr (gbacw_oob_find_unit (&empty->oob, "u-14oh")->designation, ==, " 14th \"Buckeye\", Ohio\nline two ");
  again = export (empty, NULL);
  assert_bytes_equal (csv, again);
}

/* LF line ends, a byte order mark, columns in another order, some left out, blank lines. */
static void
test_lenient (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GBytes) csv = bytes_from_string ("\xEF\xBB\xBFmorale,id,kind,side\n\n4,u-31ill,infantry,union\n"
                                              "?,u-new-x,infantry,union\n");
  const GbacwUnit *u;

  import_ok (s, csv);
  u = gbacw_oob_find_unit (&s->oob, "u-31ill");
  g_assert_cmpint (u->morale, ==, 4);
  g_assert_cmpint (u->strength, ==, 5);          /* not in the file: kept */
  g_assert_cmpstr (u->formation, ==, "u-webb");  /* no parent column: kept */
  u = gbacw_oob_find_unit (&s->oob, "u-new-x");
  g_assert_nonnull (u);
  g_assert_null (u->formation);
  g_assert_cmpint (u->morale, ==, GBACW_MORALE_GREEN);
  g_assert_cmpint (u->strength, ==, GBACW_UNSET);
}

static void
test_generated (void)
{
  g_autoptr (GbacwScenario) tpl = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_generate_scenario (tpl, 60, 60, 5000, 11, &error);
  g_autoptr (GbacwScenario) empty = NULL;
  g_autoptr (GBytes) csv = NULL;
  g_autoptr (GBytes) again = NULL;
  g_autoptr (GBytes) rebuilt = NULL;
  g_autoptr (GbacwCommand) cmd = NULL;
  gint64 t0, t1, t2, t3, t4;

  g_assert_no_error (error);
  g_assert_cmpuint (s->oob.units->len, >=, 4000);
  t0 = g_get_monotonic_time ();
  csv = export (s, NULL);
  t1 = g_get_monotonic_time ();
  cmd = gbacw_roster_import_command (s, csv, "generated.csv", &error);
  g_assert_no_error (error);
  t2 = g_get_monotonic_time ();
  gbacw_command_apply (cmd, s, NULL);
  again = export (s, NULL);
  assert_bytes_equal (csv, again);

  empty = gbacw_scenario_copy (s);
  clear_oob (empty);
  g_clear_object (&cmd);
  t3 = g_get_monotonic_time ();
  cmd = gbacw_roster_import_command (empty, csv, "generated.csv", &error);
  g_assert_no_error (error);
  gbacw_command_apply (cmd, empty, NULL);
  t4 = g_get_monotonic_time ();
  rebuilt = export (empty, NULL);
  assert_bytes_equal (csv, rebuilt);

  g_test_message ("%u units, %u formations, %" G_GSIZE_FORMAT " bytes of CSV: export %.1f ms, import (no change) "
                  "%.1f ms, import into an empty order of battle (build + apply) %.1f ms",
                  s->oob.units->len, s->oob.formations->len, g_bytes_get_size (csv), (t1 - t0) / 1000.0,
                  (t2 - t1) / 1000.0, (t4 - t3) / 1000.0);
  if (g_getenv ("GBACW_BENCH"))
    g_print ("roster CSV: %u units, %u formations, %" G_GSIZE_FORMAT " bytes: export %.1f ms, import (no change) "
             "%.1f ms, import into empty OOB %.1f ms\n", s->oob.units->len, s->oob.formations->len,
             g_bytes_get_size (csv), (t1 - t0) / 1000.0, (t2 - t1) / 1000.0, (t4 - t3) / 1000.0);
  /* generous bounds, so that sanitizer builds pass too */
  g_assert_cmpint (t1 - t0, <, 2 * G_USEC_PER_SEC);
  g_assert_cmpint (t4 - t3, <, 5 * G_USEC_PER_SEC);
}

/* Every file of the corpus names the positions it must be refused at. */
static void
test_bad_corpus (void)
{
  g_autofree char *dir = g_build_filename (TEST_SRCDIR, "roster", "bad", NULL);
  g_autofree char *expected_path = g_build_filename (dir, "EXPECTED", NULL);
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) lines = NULL;
  g_autoptr (GDir) d = NULL;
  const char *name;
  guint n = 0;

  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (expected, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) words = NULL;
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      g_autoptr (GBytes) csv = NULL;
      g_autoptr (GbacwScenario) s = NULL;
      g_autoptr (GBytes) before = NULL;
      g_autoptr (GBytes) after = NULL;
      g_autoptr (GbacwCommand) cmd = NULL;
      gsize len;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      words = g_strsplit (lines[i], " ", -1);
      g_assert_nonnull (words[1]);
      g_hash_table_add (listed, g_strdup (words[0]));
      path = g_build_filename (dir, words[0], NULL);
      g_assert_true (g_file_get_contents (path, &contents, &len, &error));
      csv = g_bytes_new_take (g_steal_pointer (&contents), len);
      s = load_demo ();
      before = gbacw_scenario_save_to_bytes (s);
      cmd = gbacw_roster_import_command (s, csv, words[0], &error);
      g_assert_null (cmd);
      g_assert_nonnull (error);
      g_assert_true (error->domain == GBACW_ROSTER_ERROR);
      for (guint k = 1; words[k]; k++)
        {
          g_autofree char *want = g_strdup_printf ("%s:%s: ", words[0], words[k]);
          if (strstr (error->message, want) == NULL)
            g_error ("%s: expected “%s” in:\n%s", words[0], want, error->message);
        }
      /* nothing else is reported and every line names the file */
      {
        g_auto (GStrv) reported = g_strsplit (error->message, "\n", -1);
        g_assert_cmpuint (g_strv_length (reported), ==, g_strv_length (words) - 1);
        for (guint k = 0; reported[k]; k++)
          g_assert_true (g_str_has_prefix (reported[k], words[0]));
      }
      g_test_message ("%s", error->message);
      g_clear_error (&error);
      after = gbacw_scenario_save_to_bytes (s);
      assert_bytes_equal (before, after);
      n++;
    }
  g_assert_cmpuint (n, >=, 30);

  d = g_dir_open (dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, ".csv") && !g_hash_table_contains (listed, name))
      g_error ("%s is not listed in EXPECTED", name);
}

/* The comma-separated UTF-8 text of a roster exported in another form, converted back
 * here independently of the exporter: UTF-16 decoded with GLib, separators swapped
 * outside quotes. */
static char *
to_comma_utf8 (GBytes *csv, char delimiter, const char *encoding)
{
  gsize len;
  const char *data = g_bytes_get_data (csv, &len);
  g_autofree char *utf8 = NULL;
  g_autoptr (GError) error = NULL;
  gboolean quoted = FALSE;
  GString *out = g_string_new (NULL);

  if (encoding != NULL)
    {
      g_assert_cmpuint (len, >=, 2);
      g_assert_cmpmem (data, 2, "\xFF\xFE", 2);   /* little-endian after its byte order mark */
      utf8 = g_convert (data + 2, (gssize) len - 2, "UTF-8", encoding, NULL, &len, &error);
      g_assert_no_error (error);
      data = utf8;
    }
  for (gsize i = 0; i < len; i++)
    {
      if (data[i] == '"')
        quoted = !quoted;
      if (!quoted)
        g_assert_true (data[i] != ',' || delimiter == ',');   /* a comma in a value is quoted only if it separates */
      g_string_append_c (out, !quoted && data[i] == delimiter ? ',' : data[i]);
    }
  return g_string_free (out, FALSE);
}

/* Semicolons, tabs and UTF-16: export in each form gives the comma file with other
 * separators; each imports (the delimiter found from the header row) as the same roster. */
static void
test_spreadsheet_dialects (void)
{
  static const struct {
    GbacwRosterDelimiter delimiter;
    char c;
    GbacwRosterEncoding encoding;
  } forms[] = {
    { GBACW_ROSTER_DELIMITER_SEMICOLON, ';', GBACW_ROSTER_ENCODING_UTF8 },
    { GBACW_ROSTER_DELIMITER_TAB, '\t', GBACW_ROSTER_ENCODING_UTF8 },
    { GBACW_ROSTER_DELIMITER_COMMA, ',', GBACW_ROSTER_ENCODING_UTF16 },
    { GBACW_ROSTER_DELIMITER_SEMICOLON, ';', GBACW_ROSTER_ENCODING_UTF16 },
    { GBACW_ROSTER_DELIMITER_TAB, '\t', GBACW_ROSTER_ENCODING_UTF16 },
  };
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GBytes) file = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GBytes) comma = export (s, NULL);

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) csv = gbacw_roster_export_as (s, NULL, forms[f].delimiter, forms[f].encoding, &error);
      g_autoptr (GBytes) back = NULL;
      g_autoptr (GBytes) rebuilt = NULL;
      g_autoptr (GBytes) same_file = NULL;
      g_autoptr (GbacwScenario) empty = gbacw_scenario_copy (s);
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = to_comma_utf8 (csv, forms[f].c, forms[f].encoding == GBACW_ROSTER_ENCODING_UTF16 ? "UTF-16LE" : NULL);
      back = bytes_from_string (text);
      assert_bytes_equal (comma, back);

      import_ok (s, csv);
      same_file = gbacw_scenario_save_to_bytes (s);
      assert_bytes_equal (file, same_file);
      clear_oob (empty);
      import_ok (empty, csv);
      rebuilt = export (empty, NULL);
      assert_bytes_equal (comma, rebuilt);
    }
}

static GbacwUnit *
find_unit (GbacwScenario *s, const char *id)
{
  for (guint i = 0; i < s->oob.units->len; i++)
    if (g_strcmp0 (((GbacwUnit *) g_ptr_array_index (s->oob.units, i))->id, id) == 0)
      return g_ptr_array_index (s->oob.units, i);
  g_error ("no unit %s", id);
}

/* A value holding the delimiter is quoted; the other separators are plain text; a
 * spreadsheet's UTF-16 of either byte order reads; an edit made there arrives. */
static void
test_spreadsheet_values (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) semicolon = NULL;
  g_autoptr (GBytes) be = NULL;
  g_autofree char *utf16 = NULL;
  g_autoptr (GString) with_bom = g_string_new_len ("\xFE\xFF", 2);
  const char *text;
  gsize written;
  GbacwUnit *unit = find_unit (s, "u-14oh");

  g_free (unit->designation);
  unit->designation = g_strdup ("14 Oh; 2nd, Bn\tA");

  semicolon = gbacw_roster_export_as (s, "union", GBACW_ROSTER_DELIMITER_SEMICOLON, GBACW_ROSTER_ENCODING_UTF8,
                                      &error);
  g_assert_no_error (error);
  text = g_bytes_get_data (semicolon, NULL);
  g_assert_true (g_str_has_prefix (text, "id;side;kind;parent;name;"));
  g_assert_nonnull (strstr (text, "\r\nu-14oh;union;infantry;u-webb;\"14 Oh; 2nd, Bn\tA\";"));

  /* the same file edited in a spreadsheet and saved as UTF-16 big-endian */
  {
    g_autofree char *edited = replace (text, "\"14 Oh; 2nd, Bn\tA\";;;6;", "\"14 Oh; 2nd, Bn\tA\";;;9;");
    utf16 = g_convert (edited, -1, "UTF-16BE", "UTF-8", NULL, &written, &error);
    g_assert_no_error (error);
  }
  g_string_append_len (with_bom, utf16, (gssize) written);
  be = g_bytes_new (with_bom->str, with_bom->len);
  import_ok (s, be);
  unit = find_unit (s, "u-14oh");   /* the import replaced it */
  g_assert_cmpstr (unit->designation, ==, "14 Oh; 2nd, Bn\tA");
  g_assert_cmpint (unit->strength, ==, 9);
}

/* What is not text in an encoding the importer reads is refused with its line. */
static void
test_spreadsheet_bad_encoding (void)
{
  static const char no_bom[] = "i\0d\0,\0s\0i\0d\0e\0\r\0\n\0";
  /* UTF-16LE: the header, a line, then a lone low surrogate (DC00) on line 3 */
  static const char bad_unit[] = "\xFF\xFE" "i\0d\0;\0s\0i\0d\0e\0\n\0" "u\0;\0u\0\n\0" "\x00\xDC" "\n\0";
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GBytes) before = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GBytes) after = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) csv = g_bytes_new (no_bom, sizeof no_bom - 1);
  g_autoptr (GbacwCommand) cmd = gbacw_roster_import_command (s, csv, "no-bom.csv", &error);

  g_assert_null (cmd);
  g_assert_error (error, GBACW_ROSTER_ERROR, GBACW_ROSTER_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "no-bom.csv:1:1: "));
  g_assert_nonnull (strstr (error->message, "byte order mark"));
  g_clear_error (&error);
  g_clear_pointer (&csv, g_bytes_unref);

  csv = g_bytes_new (bad_unit, sizeof bad_unit - 1);
  cmd = gbacw_roster_import_command (s, csv, "bad-utf16.csv", &error);
  g_assert_null (cmd);
  g_assert_error (error, GBACW_ROSTER_ERROR, GBACW_ROSTER_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "bad-utf16.csv:3:1: "));
  after = gbacw_scenario_save_to_bytes (s);
  assert_bytes_equal (before, after);
}

/* More errors than are worth listing are summarised. */
static void
test_many_errors (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GString) text = g_string_new ("id,side,kind,strength\r\n");
  g_autoptr (GBytes) csv = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwCommand) cmd = NULL;

  for (int i = 0; i < 300; i++)
    g_string_append_printf (text, "u-%d,union,infantry,x%d\r\n", i, i);
  csv = g_bytes_new (text->str, text->len);
  cmd = gbacw_roster_import_command (s, csv, "many.csv", &error);
  g_assert_null (cmd);
  g_assert_error (error, GBACW_ROSTER_ERROR, GBACW_ROSTER_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "many.csv:2:4: "));
  g_assert_nonnull (strstr (error->message, "200 more"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/roster-csv/demo-round-trip", test_demo_round_trip);
  g_test_add_func ("/roster-csv/side", test_side);
  g_test_add_func ("/roster-csv/edit", test_edit);
  g_test_add_func ("/roster-csv/quoting", test_quoting);
  g_test_add_func ("/roster-csv/lenient", test_lenient);
  g_test_add_func ("/roster-csv/generated", test_generated);
  g_test_add_func ("/roster-csv/bad-corpus", test_bad_corpus);
  g_test_add_func ("/roster-csv/many-errors", test_many_errors);
  g_test_add_func ("/roster-csv/spreadsheet-dialects", test_spreadsheet_dialects);
  g_test_add_func ("/roster-csv/spreadsheet-values", test_spreadsheet_values);
  g_test_add_func ("/roster-csv/spreadsheet-bad-encoding", test_spreadsheet_bad_encoding);
  return g_test_run ();
}
