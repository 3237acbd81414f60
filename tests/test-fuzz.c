/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fuzz.c: every parser of user files, fed mutated input.
 *
 * From a fixed seed (GBACW_FUZZ_SEED overrides it; the seed is printed) each test
 * makes mutated copies of good files, for
 * - /fuzz/scenario: the scenario loader (gbacw_scenario_load_bytes), on the demo and on
 *   a generated scenario;
 * - /fuzz/charts: the chart library loader (gbacw_charts_load_file), on data/charts/;
 * - /fuzz/game-record: the game-record reader (gbacw_game_replay), on the record of a
 *   computer-vs-computer game of the demo;
 * - /fuzz/roster-csv: the roster importer (gbacw_roster_import_command), on the
 *   demo's roster;
 * - /fuzz/image: the background image decoder (gbacw_background_image_new_from_bytes),
 *   PNG (RGB, grey, palette, alpha) and JPEG.
 * Each also starts from its seed corpus, tests/fuzz-corpus/PARSER/ (small valid and
 * near-valid files). The game records are read as gbacw replay reads them
 * (gbacw_game_load: the file, its schema, the scenario it names).
 * The mutations: truncation (anywhere, and at the points where a parser changes state:
 * inside a tag, an attribute value, a multibyte character, a quoted field), byte flips,
 * deletions and insertions, duplicated, deleted, swapped and moved lines and
 * elements, attribute values and text replaced by huge, negative, non-numeric, empty,
 * very long, non-UTF-8 values or by other values of the file (ids of other kinds),
 * unbalanced tags, entities and doctypes, CSV quote errors, fields swapped or lost.
 * Each input must either load, and then be consistent (a scenario saves and loads back
 * to the same bytes; a chart library merged into the demo leaves a scenario that saves
 * and loads; a record's game has every unit on the map or off it cleanly and its record
 * replays to the same state; an imported roster leaves a scenario that saves, loads, and
 * reverts to what it was), or fail with a GError whose message is not empty and, for the
 * scenario and chart files, starts with "FILE:LINE: " (LINE in the file); a refused
 * record gives a GBACW_GAME_ERROR, or a GMarkup error naming its line; a refused roster
 * names LINE:COLUMN in every line and changes nothing; a refused chart library changes
 * nothing. A crash, a critical warning, a leak or a sanitizer report fails the
 * run. The default run makes 1,000 inputs per parser, 5,000 in all; "-m slow" 10,000
 * per parser (GBACW_FUZZ_ITERATIONS sets the number). GBACW_FUZZ_TRACE=1
 * prints each case before it runs, so that a crash can be reproduced with
 * GBACW_FUZZ_ONLY=CASE (which also writes the input to GBACW_FUZZ_DUMP when that is set);
 * a failed check keeps its input in the temporary directory it names.
 * GBACW_FUZZ_STATS=1 prints each case's error message (to see what the mutations reach);
 * GBACW_FUZZ_PLAY=1 also plays a short computer game of every scenario and chart
 * library that loads (exploring the engine with odd but valid data).
 *
 * The bugs found while writing this are kept as /fuzz/regression/<what> tests at the end.
 */
#define G_LOG_DOMAIN "test-fuzz"

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "gbacw-ai.h"
#include "gbacw-background-image.h"
#include "gbacw-data.h"
#include "gbacw-file-read.h"
#include "gbacw-generate.h"
#include "gbacw-query.h"
#include "gbacw-roster-csv.h"
#include "gbacw-scenario-io.h"

#define DEFAULT_SEED 20240611u

static guint64 base_seed = DEFAULT_SEED;
static int only_case = -1;
static gboolean trace;
static char *tmp_dir;
static char *last_message;   /* the error of the last case, for GBACW_FUZZ_STATS */

/* ------------------------------------------------------------------ random numbers */

typedef struct {
  guint64 state;
} Rng;

/* splitmix64: small, and the same on every platform */
static guint64
rng_next (Rng *r)
{
  guint64 z = (r->state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static guint
rng_below (Rng *r, guint n)
{
  return n ? (guint) (rng_next (r) % n) : 0;
}

static gboolean
rng_chance (Rng *r, guint percent)
{
  return rng_below (r, 100) < percent;
}

/* The generator of one case: depends only on the seed, the parser and the case number. */
static void
rng_for_case (Rng *r, const char *parser, guint index)
{
  r->state = base_seed ^ ((guint64) g_str_hash (parser) << 32) ^ index;
  rng_next (r);
}

/* ------------------------------------------------------------------ values */

/* What attribute values, cells and text are replaced with. */
static const char *const bad_values[] = {
  "", " ", "-1", "0", "-0", "+1", "1.5", "1e3", "1e308", "-1e308", "NaN", "nan", "inf", "-inf", "0x10",
  "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967296", "9223372036854775807",
  "99999999999999999999999999", "abc", "?", "-", "+", "yes", "no", "true", "\xff\xfe", "\xc3", "\xed\xa0\x80",
  "\xef\xbf\xbf", "no-such-id", "u-no-such", "a b", "a|b", "||", " | ", "  7  ", "\t", "\xd9\xa3", "&amp;",
  "&lt;x&gt;", "0101 0102", "9999", "0000", "-0101", "<", "&", "\"", ",", "\r\n", "\n", "1 2 3 4 5 6 7",
  "x y", "0 0 0 0 0 0", "1/2", "{1}", "\xe2\x80\x94", "P", "all", "+3", "-3", "both", "none", "inside", "elevation",
  "pointy", "flat", "even", "odd", "line", "column", "mounted", "limbered", "n", "se", "nw", "e", "each-turn",
};

/* A very long value: 64 KiB of one character, or of digits. */
static char *
long_value (Rng *r)
{
  static const char fill[] = "x9-a.";
  gsize n = 1024 + rng_below (r, 64 * 1024);
  char *s = g_malloc (n + 1);
  memset (s, fill[rng_below (r, sizeof fill - 1)], n);
  s[n] = '\0';
  return s;
}

static char *
bad_value (Rng *r)
{
  if (rng_chance (r, 4))
    return long_value (r);
  return g_strdup (bad_values[rng_below (r, G_N_ELEMENTS (bad_values))]);
}

/* ------------------------------------------------------------------ byte mutations */

static const char interesting_bytes[] = { '\0', (char) 0xff, (char) 0xc3, (char) 0x80, '<', '>', '&', '"', '\'',
                                          ',', '\n', '\r', ';', '#', '/', '=', ' ', '|', '?', '-', '0', '9' };

static void
replace_range (GString *s, gsize pos, gsize len, const char *with, gssize with_len)
{
  if (with_len < 0)
    with_len = (gssize) strlen (with);
  g_string_erase (s, (gssize) pos, (gssize) len);
  g_string_insert_len (s, (gssize) pos, with, with_len);
}

static void
truncate_random (Rng *r, GString *s)
{
  g_string_truncate (s, rng_below (r, (guint) s->len + 1));
}

/* Cuts just before or after a byte where parsers change state. */
static void
truncate_at_point (Rng *r, GString *s, const char *points)
{
  g_autoptr (GArray) where = g_array_new (FALSE, FALSE, sizeof (gsize));

  for (gsize i = 0; i < s->len; i++)
    if (strchr (points, s->str[i]) || (guchar) s->str[i] >= 0x80)
      g_array_append_val (where, i);
  if (where->len == 0)
    {
      truncate_random (r, s);
      return;
    }
  g_string_truncate (s, g_array_index (where, gsize, rng_below (r, where->len)) + rng_below (r, 2));
}

static void
flip_bytes (Rng *r, GString *s)
{
  guint n = 1 + rng_below (r, 4);
  for (guint i = 0; i < n && s->len; i++)
    s->str[rng_below (r, (guint) s->len)] ^= (char) (1u << rng_below (r, 8));
}

static void
delete_bytes (Rng *r, GString *s)
{
  gsize pos, n;
  if (s->len == 0)
    return;
  pos = rng_below (r, (guint) s->len);
  n = 1 + rng_below (r, 16);   /* not inside MIN (), which evaluates it twice */
  n = MIN (n, s->len - pos);
  g_string_erase (s, (gssize) pos, (gssize) n);
}

static void
insert_bytes (Rng *r, GString *s)
{
  guint n = 1 + rng_below (r, 8);
  gsize pos = rng_below (r, (guint) s->len + 1);
  for (guint i = 0; i < n; i++)
    {
      char c = rng_chance (r, 70) ? interesting_bytes[rng_below (r, sizeof interesting_bytes)]
                                  : (char) rng_below (r, 256);
      g_string_insert_c (s, (gssize) pos, c);
    }
}

/* A copy of a random span, inserted elsewhere. */
static void
duplicate_span (Rng *r, GString *s)
{
  gsize from, n, to;
  g_autofree char *span = NULL;
  if (s->len == 0)
    return;
  from = rng_below (r, (guint) s->len);
  n = 1 + rng_below (r, 200);
  n = MIN (n, s->len - from);
  to = rng_below (r, (guint) s->len + 1);
  span = g_strndup (s->str + from, n);
  g_string_insert_len (s, (gssize) to, span, (gssize) n);
}

/* ------------------------------------------------------------------ line mutations */

typedef struct {
  gsize start, end;   /* the line with its end */
} Span;

static GArray *
find_lines (const GString *s)
{
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (Span));
  gsize start = 0;
  for (gsize i = 0; i < s->len; i++)
    if (s->str[i] == '\n')
      {
        Span span = { start, i + 1 };
        g_array_append_val (lines, span);
        start = i + 1;
      }
  if (start < s->len)
    {
      Span span = { start, s->len };
      g_array_append_val (lines, span);
    }
  return lines;
}

/* Moves span a's text to just before position to (outside a). */
static void
move_span (GString *s, Span a, gsize to)
{
  g_autofree char *text = g_strndup (s->str + a.start, a.end - a.start);
  gsize n = a.end - a.start;
  if (to >= a.start && to <= a.end)
    return;
  g_string_erase (s, (gssize) a.start, (gssize) n);
  if (to > a.end)
    to -= n;
  g_string_insert_len (s, (gssize) to, text, (gssize) n);
}

/* Swaps two non-overlapping spans, a before b. */
static void
swap_spans (GString *s, Span a, Span b)
{
  g_autofree char *ta = g_strndup (s->str + a.start, a.end - a.start);
  g_autofree char *tb = g_strndup (s->str + b.start, b.end - b.start);
  if (a.start > b.start)
    {
      Span t = a;
      a = b;
      b = t;
      swap_spans (s, a, b);
      return;
    }
  if (a.end > b.start)
    return;
  replace_range (s, b.start, b.end - b.start, ta, (gssize) (a.end - a.start));
  replace_range (s, a.start, a.end - a.start, tb, (gssize) (b.end - b.start));
}

static void
mutate_lines (Rng *r, GString *s)
{
  g_autoptr (GArray) lines = find_lines (s);
  Span a, b;

  if (lines->len == 0)
    return;
  a = g_array_index (lines, Span, rng_below (r, lines->len));
  b = g_array_index (lines, Span, rng_below (r, lines->len));
  switch (rng_below (r, 4))
    {
    case 0: /* duplicate */
      {
        g_autofree char *text = g_strndup (s->str + a.start, a.end - a.start);
        g_string_insert_len (s, (gssize) b.start, text, (gssize) (a.end - a.start));
      }
      break;
    case 1: /* delete */
      g_string_erase (s, (gssize) a.start, (gssize) (a.end - a.start));
      break;
    case 2:
      swap_spans (s, a, b);
      break;
    default:
      move_span (s, a, b.start);
      break;
    }
}

/* ------------------------------------------------------------------ XML mutations */

/* The elements of a document: the span from "<name" to the end of its end tag. */
typedef struct {
  Span span;
  gsize name_start, name_end;
} Element;

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_' || c == '.' || c == ':';
}

static GArray *
find_elements (const GString *s)
{
  GArray *elements = g_array_new (FALSE, FALSE, sizeof (Element));
  g_autoptr (GArray) open = g_array_new (FALSE, FALSE, sizeof (guint));
  gsize i = 0;

  while (i < s->len)
    {
      const char *p = s->str;
      if (p[i] != '<' || i + 1 >= s->len || p[i + 1] == '?' || p[i + 1] == '!')
        {
          i++;
          continue;
        }
      if (p[i + 1] == '/')
        {
          /* closes the innermost open element (the good files are well-formed) */
          gsize end = i;
          while (end < s->len && p[end] != '>')
            end++;
          if (open->len)
            {
              Element *e = &g_array_index (elements, Element, g_array_index (open, guint, open->len - 1));
              e->span.end = MIN (end + 1, s->len);
              g_array_set_size (open, open->len - 1);
            }
          i = end + 1;
          continue;
        }
      {
        Element e;
        gsize end;
        guint index = elements->len;
        e.span.start = i;
        e.name_start = i + 1;
        e.name_end = e.name_start;
        while (e.name_end < s->len && is_name_char (p[e.name_end]))
          e.name_end++;
        end = e.name_end;
        while (end < s->len && p[end] != '>')
          {
            if (p[end] == '"')
              {
                end++;
                while (end < s->len && p[end] != '"')
                  end++;
              }
            end++;
          }
        e.span.end = MIN (end + 1, s->len);
        g_array_append_val (elements, e);
        if (end < s->len && end > 0 && p[end - 1] != '/')
          g_array_append_val (open, index);
        i = end + 1;
      }
    }
  return elements;
}

/* The attribute values: the spans between the quotes of name="value". */
typedef struct {
  Span value;
  gsize name_start;
} Attribute;

static GArray *
find_attributes (const GString *s)
{
  GArray *attributes = g_array_new (FALSE, FALSE, sizeof (Attribute));
  gboolean in_tag = FALSE;

  for (gsize i = 0; i < s->len; i++)
    {
      char c = s->str[i];
      if (c == '<')
        in_tag = TRUE;
      else if (c == '>')
        in_tag = FALSE;
      else if (in_tag && c == '=' && i + 1 < s->len && s->str[i + 1] == '"')
        {
          Attribute a;
          gsize end = i + 2;
          a.name_start = i;
          while (a.name_start > 0 && is_name_char (s->str[a.name_start - 1]))
            a.name_start--;
          while (end < s->len && s->str[end] != '"')
            end++;
          a.value.start = i + 2;
          a.value.end = end;
          g_array_append_val (attributes, a);
          i = end;
        }
    }
  return attributes;
}

/* Text between a start tag and the next tag, when it is not only white space. */
static GArray *
find_texts (const GString *s)
{
  GArray *texts = g_array_new (FALSE, FALSE, sizeof (Span));
  for (gsize i = 0; i < s->len; i++)
    if (s->str[i] == '>')
      {
        gsize end = i + 1;
        gboolean blank = TRUE;
        while (end < s->len && s->str[end] != '<')
          {
            blank &= g_ascii_isspace (s->str[end]);
            end++;
          }
        if (!blank && end < s->len)
          {
            Span span = { i + 1, end };
            g_array_append_val (texts, span);
          }
        i = end - 1;
      }
  return texts;
}

/* Replaces one word of a span (words are separated by spaces or |). */
static void
replace_word (Rng *r, GString *s, Span span)
{
  g_autoptr (GArray) words = g_array_new (FALSE, FALSE, sizeof (Span));
  g_autofree char *value = NULL;
  Span w;
  gsize i = span.start;

  while (i < span.end)
    {
      while (i < span.end && (s->str[i] == ' ' || s->str[i] == '|' || s->str[i] == '\n'))
        i++;
      if (i >= span.end)
        break;
      w.start = i;
      while (i < span.end && s->str[i] != ' ' && s->str[i] != '|' && s->str[i] != '\n')
        i++;
      w.end = i;
      g_array_append_val (words, w);
    }
  if (words->len == 0)
    return;
  w = g_array_index (words, Span, rng_below (r, words->len));
  if (rng_chance (r, 40))
    {
      /* another word of the same span */
      Span other = g_array_index (words, Span, rng_below (r, words->len));
      value = g_strndup (s->str + other.start, other.end - other.start);
    }
  else
    value = bad_value (r);
  replace_range (s, w.start, w.end - w.start, value, -1);
}

static const char *const xml_snippets[] = {
  "&foo;", "&#0;", "&#xD800;", "&#1114112;", "&#x41;", "&amp;", "&lt;", "<!DOCTYPE x>",
  "<!DOCTYPE scenario [<!ENTITY a \"b\">]>", "<![CDATA[x]]>", "<!-- c -->", "<?pi x?>", "<!ENTITY a \"b\">",
  " xmlns:x=\"urn:y\" x:a=\"1\"", " xmlns=\"urn:other\"", " unknown=\"1\"", "<unknown/>", "<x>", "</x>", "</map>",
  "<map columns=\"2\" rows=\"2\"/>", "<unit id=\"u-x\" type=\"infantry\" strength=\"3\" morale=\"3\"/>",
  "<placement unit=\"u-x\" hex=\"0101\"/>", "<?xml version=\"1.0\"?>", "\xef\xbb\xbf", "<end-phase/>",
  "<move units=\"\" path=\"\"/>", "<fire target=\"0101\">", "</fire>", "<firer unit=\"x\" strength=\"1\"/>",
  "<answer value=\"99999\"/>", "<game seed=\"1\">", "</game>",
};

static void
mutate_xml (Rng *r, GString *s)
{
  switch (rng_below (r, 13))
    {
    case 0: case 1: case 2: /* an attribute value */
      {
        g_autoptr (GArray) attributes = find_attributes (s);
        Attribute a;
        g_autofree char *value = NULL;
        if (attributes->len == 0)
          return;
        a = g_array_index (attributes, Attribute, rng_below (r, attributes->len));
        switch (rng_below (r, 4))
          {
          case 0: /* another attribute's value: an id of another kind, a token of another attribute */
            {
              Attribute b = g_array_index (attributes, Attribute, rng_below (r, attributes->len));
              value = g_strndup (s->str + b.value.start, b.value.end - b.value.start);
            }
            break;
          case 1: /* one word of it */
            replace_word (r, s, a.value);
            return;
          default:
            value = bad_value (r);
            break;
          }
        replace_range (s, a.value.start, a.value.end - a.value.start, value, -1);
      }
      break;
    case 3: /* an attribute deleted, duplicated or renamed */
      {
        g_autoptr (GArray) attributes = find_attributes (s);
        Attribute a, b;
        Span whole;
        if (attributes->len == 0)
          return;
        a = g_array_index (attributes, Attribute, rng_below (r, attributes->len));
        b = g_array_index (attributes, Attribute, rng_below (r, attributes->len));
        whole.start = a.name_start > 0 ? a.name_start - 1 : 0;   /* with the space before it */
        whole.end = MIN (a.value.end + 1, s->len);
        switch (rng_below (r, 3))
          {
          case 0:
            g_string_erase (s, (gssize) whole.start, (gssize) (whole.end - whole.start));
            break;
          case 1:
            {
              g_autofree char *text = g_strndup (s->str + whole.start, whole.end - whole.start);
              g_string_insert (s, (gssize) whole.end, text);
            }
            break;
          default:
            {
              /* a's name becomes b's */
              g_autofree char *name = g_strndup (s->str + b.name_start, b.value.start - 2 - b.name_start);
              replace_range (s, a.name_start, a.value.start - 2 - a.name_start, name, -1);
            }
            break;
          }
      }
      break;
    case 4: case 5: /* text */
      {
        g_autoptr (GArray) texts = find_texts (s);
        Span t;
        if (texts->len == 0)
          return;
        t = g_array_index (texts, Span, rng_below (r, texts->len));
        if (rng_chance (r, 70))
          replace_word (r, s, t);
        else
          {
            g_autofree char *value = bad_value (r);
            replace_range (s, t.start, t.end - t.start, value, -1);
          }
      }
      break;
    case 6: case 7: case 8: /* elements: duplicated, deleted, swapped, moved */
      {
        g_autoptr (GArray) elements = find_elements (s);
        Element a, b;
        if (elements->len < 2)
          return;
        /* not the root, most of the time */
        a = g_array_index (elements, Element, 1 + rng_below (r, elements->len - 1));
        b = g_array_index (elements, Element, 1 + rng_below (r, elements->len - 1));
        switch (rng_below (r, 4))
          {
          case 0:
            {
              g_autofree char *text = g_strndup (s->str + a.span.start, a.span.end - a.span.start);
              g_string_insert (s, (gssize) (rng_chance (r, 50) ? a.span.end : b.span.start), text);
            }
            break;
          case 1:
            g_string_erase (s, (gssize) a.span.start, (gssize) (a.span.end - a.span.start));
            break;
          case 2:
            if (a.span.end <= b.span.start || b.span.end <= a.span.start)
              swap_spans (s, a.span, b.span);
            break;
          default:
            if (b.span.start < a.span.start || b.span.start >= a.span.end)
              move_span (s, a.span, b.span.start);
            break;
          }
      }
      break;
    case 9: /* unbalanced tags */
      {
        g_autoptr (GArray) elements = find_elements (s);
        Element a, b;
        if (elements->len < 2)
          return;
        a = g_array_index (elements, Element, rng_below (r, elements->len));
        b = g_array_index (elements, Element, rng_below (r, elements->len));
        switch (rng_below (r, 3))
          {
          case 0: /* its end tag (or the "/" of an empty element) goes */
            {
              const char *end = s->str + a.span.end;
              if (a.span.end >= 2 && end[-2] == '/')
                g_string_erase (s, (gssize) (a.span.end - 2), 1);
              else
                {
                  gsize close = a.span.end;
                  while (close > a.span.start && s->str[close - 1] != '<')
                    close--;
                  if (close > a.span.start)
                    g_string_erase (s, (gssize) (close - 1), (gssize) (a.span.end - close + 1));
                }
            }
            break;
          case 1: /* a's name becomes b's in its start tag only */
            {
              g_autofree char *name = g_strndup (s->str + b.name_start, b.name_end - b.name_start);
              replace_range (s, a.name_start, a.name_end - a.name_start, name, -1);
            }
            break;
          default: /* a stray end tag */
            {
              g_autofree char *tag = g_strdup_printf ("</%.*s>", (int) (b.name_end - b.name_start),
                                                      s->str + b.name_start);
              g_string_insert (s, (gssize) a.span.start, tag);
            }
            break;
          }
      }
      break;
    case 10: /* the XML declaration: encodings, versions, byte order marks */
      {
        static const char *const declarations[] = {
          "<?xml version=\"1.0\" encoding=\"bogus\"?>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>",
          "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>", "<?xml version=\"1.0\" encoding=\"UCS-4\"?>",
          "<?xml version=\"1.0\" encoding=\"UTF-7\"?>", "<?xml version=\"1.0\" encoding=\"\"?>",
          "<?xml version=\"1.1\"?>", "<?xml version=\"2.0\"?>", "\xef\xbb\xbf<?xml version=\"1.0\"?>",
          "\xff\xfe", "\xfe\xff", "<?xml?>", " <?xml version=\"1.0\"?>",
          "<?xml version=\"1.0\" standalone=\"maybe\"?>", "",
        };
        const char *end = strstr (s->str, "?>");
        gsize n = g_str_has_prefix (s->str, "<?xml") && end ? (gsize) (end + 2 - s->str) : 0;
        replace_range (s, 0, n, declarations[rng_below (r, G_N_ELEMENTS (declarations))], -1);
      }
      break;
    default: /* markup inserted */
      g_string_insert (s, (gssize) rng_below (r, (guint) s->len + 1),
                       xml_snippets[rng_below (r, G_N_ELEMENTS (xml_snippets))]);
      break;
    }
}

/* ------------------------------------------------------------------ CSV mutations */

typedef struct {
  Span line;
  GArray *fields;   /* Span (naively split at commas) */
} CsvLine;

static GArray *
find_fields (const GString *s, Span line)
{
  GArray *fields = g_array_new (FALSE, FALSE, sizeof (Span));
  gsize end = line.end;
  Span f = { line.start, line.start };
  while (end > line.start && (s->str[end - 1] == '\n' || s->str[end - 1] == '\r'))
    end--;
  for (gsize i = line.start; i <= end; i++)
    if (i == end || s->str[i] == ',')
      {
        f.end = i;
        g_array_append_val (fields, f);
        f.start = i + 1;
      }
  return fields;
}

static void
mutate_csv (Rng *r, GString *s)
{
  g_autoptr (GArray) lines = find_lines (s);
  g_autoptr (GArray) fields = NULL;
  g_autoptr (GArray) other_fields = NULL;
  Span line, f, g;

  if (lines->len == 0)
    return;
  line = g_array_index (lines, Span, rng_below (r, lines->len));
  fields = find_fields (s, line);
  f = g_array_index (fields, Span, rng_below (r, fields->len));
  g = g_array_index (fields, Span, rng_below (r, fields->len));
  switch (rng_below (r, 10))
    {
    case 0: case 1: case 2: /* a cell */
      {
        g_autofree char *value = bad_value (r);
        replace_range (s, f.start, f.end - f.start, value, -1);
      }
      break;
    case 3: /* the same column of another row: an id, a side, a kind of another entry */
      {
        Span other_line = g_array_index (lines, Span, rng_below (r, lines->len));
        guint column = 0;
        g_autofree char *value = NULL;
        for (guint i = 0; i < fields->len; i++)
          if (g_array_index (fields, Span, i).start == f.start)
            column = i;
        other_fields = find_fields (s, other_line);
        if (column >= other_fields->len)
          return;
        g = g_array_index (other_fields, Span, column);
        value = g_strndup (s->str + g.start, g.end - g.start);
        replace_range (s, f.start, f.end - f.start, value, -1);
      }
      break;
    case 4: /* quote errors */
      {
        static const char *const quotes[] = { "\"", "\"\"", "\"x\"y", "x\"y", "\"\"\"", "\"a,b", "\"\r\n" };
        const char *q = quotes[rng_below (r, G_N_ELEMENTS (quotes))];
        switch (rng_below (r, 3))
          {
          case 0:
            g_string_insert (s, (gssize) f.start, q);
            break;
          case 1:
            g_string_insert (s, (gssize) f.end, q);
            break;
          default:
            {
              /* the field quoted, and something after the closing quote */
              g_autofree char *text = g_strndup (s->str + f.start, f.end - f.start);
              g_autofree char *quoted = g_strdup_printf ("\"%s\"%s", text, rng_chance (r, 50) ? "" : q);
              replace_range (s, f.start, f.end - f.start, quoted, -1);
            }
            break;
          }
      }
      break;
    case 5: /* fields swapped, lost, added */
      switch (rng_below (r, 3))
        {
        case 0:
          if (f.end <= g.start || g.end <= f.start)
            swap_spans (s, f, g);
          break;
        case 1:
          g_string_erase (s, (gssize) f.start, (gssize) MIN (f.end + 1, line.end) - (gssize) f.start);
          break;
        default:
          g_string_insert (s, (gssize) f.start, ",");
          break;
        }
      break;
    case 6: /* line ends */
      {
        static const char *const ends[] = { "\n", "\r", "\r\n", "\n\r", "", "\r\r\n", "\n\n" };
        gsize end = line.end;
        while (end > line.start && (s->str[end - 1] == '\n' || s->str[end - 1] == '\r'))
          end--;
        replace_range (s, end, line.end - end, ends[rng_below (r, G_N_ELEMENTS (ends))], -1);
      }
      break;
    case 7: /* byte order marks, NUL */
      {
        static const char *const marks[] = { "\xef\xbb\xbf", "\xef\xbb", "\xfe\xff", "\0" };
        guint k = rng_below (r, G_N_ELEMENTS (marks));
        g_string_insert_len (s, rng_chance (r, 50) ? 0 : (gssize) f.start, marks[k], k == 3 ? 1 : -1);
      }
      break;
    default:
      mutate_lines (r, s);
      break;
    }
}

/* ------------------------------------------------------------------ mutation driver */

typedef enum {
  FORMAT_XML,
  FORMAT_CSV,
  FORMAT_BINARY,   /* images: byte mutations only, and sizes in headers */
} Format;

/* A 32-bit big-endian number somewhere replaced by a large one: the width and height of
 * PNG and JPEG headers, chunk lengths. */
static void
big_number (Rng *r, GString *s)
{
  static const guint8 values[][4] = { { 0x7f, 0xff, 0xff, 0xff }, { 0xff, 0xff, 0xff, 0xff }, { 0, 0, 0x80, 0 },
                                      { 0, 0x01, 0, 0 }, { 0, 0, 0, 0 }, { 0x80, 0, 0, 0 } };
  gsize pos;

  if (s->len < 4)
    return;
  /* the PNG IHDR width and height (bytes 16-23) often, else anywhere */
  pos = s->len >= 24 && rng_chance (r, 50) ? 16 + 4 * rng_below (r, 2) : rng_below (r, (guint) (s->len - 3));
  memcpy (s->str + pos, values[rng_below (r, G_N_ELEMENTS (values))], 4);
}

static void
mutate (Rng *r, GString *s, Format format)
{
  guint n = 1 + (rng_chance (r, 30) ? rng_below (r, 3) : 0);

  for (guint k = 0; k < n; k++)
    switch (rng_below (r, format == FORMAT_BINARY ? 9 : 20))
      {
      case 0:
        truncate_random (r, s);
        break;
      case 1: case 2:
        truncate_at_point (r, s, format == FORMAT_XML ? "<>\"=/ \n&" : ",\"\r\n ");
        break;
      case 3:
        flip_bytes (r, s);
        break;
      case 4:
        delete_bytes (r, s);
        break;
      case 5:
        insert_bytes (r, s);
        break;
      case 6:
        duplicate_span (r, s);
        break;
      case 7: case 8:
        if (format == FORMAT_BINARY)
          big_number (r, s);
        else
          mutate_lines (r, s);
        break;
      default:
        if (format == FORMAT_XML)
          mutate_xml (r, s);
        else
          mutate_csv (r, s);
        break;
      }
}

/* ------------------------------------------------------------------ running cases */

static guint
n_cases (guint fast, guint slow)
{
  const char *env = g_getenv ("GBACW_FUZZ_ITERATIONS");
  if (env && *env)
    return (guint) g_ascii_strtoull (env, NULL, 10);
  return g_test_slow () ? slow : fast;
}

/* The lines of a file: a line ends with LF, CR LF or CR (as the roster importer and XML's
 * end-of-line handling count them). */
static guint
count_lines (const char *data, gsize len)
{
  guint n = 1;
  for (gsize i = 0; i < len; i++)
    n += data[i] == '\n' || (data[i] == '\r' && (i + 1 >= len || data[i + 1] != '\n'));
  return n;
}

/* "NAME:LINE: " at the start of message, LINE in 1..max_line. */
static gboolean
names_line (const char *message, const char *name, guint max_line)
{
  const char *p;
  guint64 line;
  char *end;

  if (!g_str_has_prefix (message, name) || message[strlen (name)] != ':')
    return FALSE;
  p = message + strlen (name) + 1;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  line = g_ascii_strtoull (p, &end, 10);
  return line >= 1 && line <= max_line && g_str_has_prefix (end, ": ") && end[2] != '\0';
}

typedef struct {
  const char *parser;
  guint index;
  const char *input_name;
  GString *input;
} Case;

#define CASE_FAIL(c, ...) \
  G_STMT_START { \
    g_autofree char *what_ = g_strdup_printf (__VA_ARGS__); \
    g_autofree char *dump_ = g_build_filename (tmp_dir, "failed-input", NULL); \
    g_file_set_contents (dump_, (c)->input->str, (gssize) (c)->input->len, NULL); \
    g_error ("%s case %u (seed %" G_GUINT64_FORMAT ", from %s; input kept in %s): %s", (c)->parser, (c)->index, \
             base_seed, (c)->input_name, dump_, what_); \
  } G_STMT_END

/* Checks one case; TRUE when the parser accepted the input. */
typedef gboolean (*CheckFunc) (Case *c, gpointer data);

/* Runs check on n mutated copies of the inputs (round robin). */
static void
run_cases (const char *parser, Format format, GPtrArray *inputs, GPtrArray *names, guint n, CheckFunc check,
           gpointer data)
{
  gint64 t0 = g_get_monotonic_time ();
  const char *dump = g_getenv ("GBACW_FUZZ_DUMP");
  guint accepted = 0;

  g_test_message ("%s: %u cases, seed %" G_GUINT64_FORMAT, parser, n, base_seed);
  for (guint i = 0; i < n; i++)
    {
      Rng r;
      GBytes *input = g_ptr_array_index (inputs, i % inputs->len);
      gsize len;
      const char *bytes = g_bytes_get_data (input, &len);
      Case c = { parser, i, g_ptr_array_index (names, i % inputs->len), NULL };

      if (only_case >= 0 && i != (guint) only_case)
        continue;
      rng_for_case (&r, parser, i);
      c.input = g_string_new_len (bytes, (gssize) len);
      mutate (&r, c.input, format);
      if (trace)
        g_printerr ("%s case %u (%" G_GSIZE_FORMAT " bytes)\n", parser, i, c.input->len);
      if (only_case >= 0 && dump)
        g_file_set_contents (dump, c.input->str, (gssize) c.input->len, NULL);
      accepted += check (&c, data);
      if (g_getenv ("GBACW_FUZZ_STATS"))
        g_printerr ("%s case %u: %s\n", parser, i, last_message ? last_message : "accepted");
      g_clear_pointer (&last_message, g_free);
      g_string_free (c.input, TRUE);
    }
  g_test_message ("%s: %u cases in %.1f s, %u accepted", parser, n, (g_get_monotonic_time () - t0) / 1e6, accepted);
}

/* The input written for a reader of files: without g_file_set_contents ()'s fsync, which
 * made the writes, not the parsers, the time of a run. */
static void
write_input (const char *path, const Case *c)
{
  FILE *f = g_fopen (path, "wb");

  g_assert_nonnull (f);
  g_assert_cmpuint (fwrite (c->input->str, 1, c->input->len, f), ==, c->input->len);
  g_assert_cmpint (fclose (f), ==, 0);
}

/* ------------------------------------------------------------------ shared data */

static GbacwScenario *demo;
static GBytes *demo_bytes;

static GbacwScenario *
load_data_scenario (const char *relative)
{
  g_autofree char *path = gbacw_data_find (relative);
  g_autoptr (GError) error = NULL;
  GbacwScenario *s;

  g_assert_nonnull (path);
  s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return s;
}

static GBytes *
read_data_file (const char *relative)
{
  g_autofree char *path = gbacw_data_find (relative);
  g_autoptr (GError) error = NULL;
  char *contents;
  gsize len;

  g_assert_nonnull (path);
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

/* The seed corpus of a parser: every file of tests/fuzz-corpus/PARSER/, in name order
 * (small valid and near-valid files). */
static void
add_corpus (GPtrArray *inputs, GPtrArray *names, const char *parser)
{
  g_autofree char *dir_path = g_build_filename (TEST_SRCDIR, "fuzz-corpus", parser, NULL);
  g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)))
    g_ptr_array_add (files, g_strdup (name));
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  g_assert_cmpuint (files->len, >, 0);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *path = g_build_filename (dir_path, g_ptr_array_index (files, i), NULL);
      g_autofree char *label = g_strdup_printf ("fuzz-corpus/%s/%s", parser, (char *) g_ptr_array_index (files, i));
      char *contents;
      gsize len;
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      g_ptr_array_add (inputs, g_bytes_new_take (contents, len));
      g_ptr_array_add (names, (gpointer) g_intern_string (label));
    }
}

/* ------------------------------------------------------------------ /fuzz/scenario */

static void check_game_consistent (Case *c, const GbacwGame *game);

static gboolean
check_scenario (Case *c, gpointer data)
{
  g_autoptr (GBytes) bytes = g_bytes_new_static (c->input->str, c->input->len);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) s = gbacw_scenario_load_bytes (bytes, "fuzz.xml", &error);

  if (s == NULL)
    {
      if (error == NULL)
        CASE_FAIL (c, "refused without an error");
      last_message = g_strdup (error->message);
      if (error->domain != GBACW_IO_ERROR || error->message[0] == '\0')
        CASE_FAIL (c, "not a GBACW_IO_ERROR with a message: %s", error->message);
      if (!names_line (error->message, "fuzz.xml", count_lines (c->input->str, c->input->len) + 1))
        CASE_FAIL (c, "the message does not start with fuzz.xml:LINE: %s", error->message);
      return FALSE;
    }
  g_assert_no_error (error);
  {
    /* loaded: it saves, and what it saves loads and saves the same */
    g_autoptr (GBytes) saved = gbacw_scenario_save_to_bytes (s);
    g_autoptr (GbacwScenario) again = gbacw_scenario_load_bytes (saved, "saved.xml", &error);
    g_autoptr (GBytes) saved2 = NULL;
    if (again == NULL)
      CASE_FAIL (c, "loaded, but what it saves does not load: %s", error->message);
    saved2 = gbacw_scenario_save_to_bytes (again);
    if (!g_bytes_equal (saved, saved2))
      CASE_FAIL (c, "loaded, but saving it twice gives two files");
  }
  if (g_getenv ("GBACW_FUZZ_PLAY"))
    {
      /* exploring: a game of what loaded (a failure here is the engine's, not the loader's) */
      g_autoptr (GbacwGame) game = gbacw_game_new (s, 1, &error);
      if (game)
        {
          gbacw_ai_play (game, 3, 2, NULL, NULL, &error);
          check_game_consistent (c, game);
        }
      g_clear_error (&error);
    }
  return TRUE;
}

static void
test_fuzz_scenario (void)
{
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) generated = gbacw_generate_scenario (demo, 14, 11, 40, 7, &error);

  g_assert_no_error (error);
  g_ptr_array_add (inputs, g_bytes_ref (demo_bytes));
  g_ptr_array_add (names, "scenarios/demo.xml");
  g_ptr_array_add (inputs, gbacw_scenario_save_to_bytes (generated));
  g_ptr_array_add (names, "a generated scenario");
  add_corpus (inputs, names, "scenario");
  run_cases ("scenario", FORMAT_XML, inputs, names, n_cases (1000, 10000), check_scenario, NULL);
}

/* ------------------------------------------------------------------ /fuzz/charts */

static GBytes *
charts_snapshot (const GbacwScenario *s)
{
  return gbacw_charts_save_to_bytes (&s->catalogue, s->charts);
}

static gboolean
check_charts (Case *c, gpointer data)
{
  g_autofree char *path = g_build_filename (tmp_dir, "fuzz-charts.xml", NULL);
  g_autoptr (GbacwScenario) s = gbacw_scenario_copy (demo);
  g_autoptr (GBytes) before = charts_snapshot (s);
  g_autoptr (GError) error = NULL;
  gboolean ok;

  write_input (path, c);
  ok = gbacw_charts_load_file (path, &s->catalogue, s->charts, &error);
  if (!ok)
    {
      g_autoptr (GBytes) after = charts_snapshot (s);
      if (error == NULL)
        CASE_FAIL (c, "refused without an error");
      last_message = g_strdup (error->message);
      if (error->domain != GBACW_IO_ERROR || error->message[0] == '\0')
        CASE_FAIL (c, "not a GBACW_IO_ERROR with a message: %s", error->message);
      if (!names_line (error->message, path, count_lines (c->input->str, c->input->len) + 1))
        CASE_FAIL (c, "the message does not start with FILE:LINE: %s", error->message);
      if (!g_bytes_equal (before, after))
        CASE_FAIL (c, "refused, but the catalogue or the charts changed");
      return FALSE;
    }
  g_assert_no_error (error);
  {
    /* merged: the library saves and loads again, and the scenario too */
    g_autoptr (GBytes) library = charts_snapshot (s);
    g_autoptr (GBytes) saved = NULL;
    g_autoptr (GbacwScenario) again = NULL;
    g_autoptr (GbacwScenario) empty = NULL;
    GbacwHexGrid grid;

    g_assert_true (g_file_set_contents (path, g_bytes_get_data (library, NULL), (gssize) g_bytes_get_size (library),
                                        NULL));
    gbacw_hex_grid_init_default (&grid, 1, 1);
    empty = gbacw_scenario_new (&grid);
    if (!gbacw_charts_load_file (path, &empty->catalogue, empty->charts, &error))
      CASE_FAIL (c, "merged, but the library it makes does not load: %s", error->message);
    saved = gbacw_scenario_save_to_bytes (s);
    again = gbacw_scenario_load_bytes (saved, "merged.xml", &error);
    if (again == NULL)
      CASE_FAIL (c, "merged into the demo, but the scenario it makes does not load: %s", error->message);
  }
  if (g_getenv ("GBACW_FUZZ_PLAY"))
    {
      /* exploring: a game with the charts merged (a failure here is the engine's) */
      g_autoptr (GbacwGame) game = gbacw_game_new (s, 1, &error);
      if (game)
        {
          gbacw_ai_play (game, 3, 3, NULL, NULL, &error);
          check_game_consistent (c, game);
        }
      g_clear_error (&error);
    }
  return TRUE;
}

static void
test_fuzz_charts (void)
{
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  static const char *const files[] = { "charts/demo.xml", "charts/standard.xml", "charts/jackson.xml",
                                       "charts/pea-ridge.xml", "charts/corinth.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_ptr_array_add (inputs, read_data_file (files[i]));
      g_ptr_array_add (names, (gpointer) files[i]);
    }
  add_corpus (inputs, names, "charts");
  run_cases ("charts", FORMAT_XML, inputs, names, n_cases (1000, 10000), check_charts, NULL);
}

/* ------------------------------------------------------------------ /fuzz/game-record */

/* What must hold in any game, whatever actions it went through. */
static void
check_game_consistent (Case *c, const GbacwGame *game)
{
  if ((int) game->phase < 0 || game->phase > GBACW_PHASE_EXCLUSIVE)
    CASE_FAIL (c, "the game is in phase %d", game->phase);
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const GArray *stack;
      guint found = 0;

      if ((u->presence == GBACW_PRESENCE_ON_MAP) != (u->hex >= 0))
        CASE_FAIL (c, "%s: presence %d but hex %d", u->id, u->presence, u->hex);
      if (u->strength < 0 || u->killed < 0 || u->captured < 0)
        CASE_FAIL (c, "%s: strength %d, killed %d, captured %d", u->id, u->strength, u->killed, u->captured);
      if (u->rounds != GBACW_UNSET && u->rounds < 0)
        CASE_FAIL (c, "%s has %d rounds", u->id, u->rounds);
      if (u->facing < 0 || u->facing > 5)
        CASE_FAIL (c, "%s faces %d", u->id, u->facing);
      if (u->hex < 0)
        continue;
      if (u->hex >= game->n_hexes)
        CASE_FAIL (c, "%s is off the map (hex %d)", u->id, u->hex);
      stack = gbacw_game_stack (game, u->hex);
      for (guint k = 0; stack && k < stack->len; k++)
        found += g_array_index (stack, int, k) == u->index;
      if (found != 1)
        CASE_FAIL (c, "%s is %u times in the stack of its hex", u->id, found);
    }
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      const GArray *stack = gbacw_game_stack (game, hex);
      for (guint k = 0; stack && k < stack->len; k++)
        {
          int unit = g_array_index (stack, int, k);
          if (unit < 0 || unit >= (int) game->units->len || gbacw_game_unit (game, unit)->hex != hex)
            CASE_FAIL (c, "the stack of hex %d holds unit %d, which is elsewhere", hex, unit);
        }
    }
}

static gboolean
check_record (Case *c, gpointer data)
{
  g_autofree char *path = g_build_filename (tmp_dir, "fuzz-record.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = NULL;

  /* read as gbacw replay reads it: the file, its schema, the scenario it names (demo.xml,
   * beside it), the replay */
  write_input (path, c);
  game = gbacw_game_load (path, &error);
  if (game == NULL)
    {
      if (error == NULL)
        CASE_FAIL (c, "refused without an error");
      last_message = g_strdup (error->message);
      if (!names_line (error->message, path, count_lines (c->input->str, c->input->len) + 1))
        CASE_FAIL (c, "the message does not start with FILE:LINE: %s", error->message);
      return FALSE;
    }
  g_assert_no_error (error);
  check_game_consistent (c, game);
  {
    /* its own record replays to the same state */
    g_autofree char *xml = gbacw_game_to_xml (game, "demo.xml");
    g_autoptr (GbacwGame) again = gbacw_game_replay (game->scenario, xml, strlen (xml), &error);
    g_autofree char *a = NULL, *b = NULL;
    if (again == NULL)
      CASE_FAIL (c, "replayed, but its own record does not: %s", error->message);
    a = gbacw_query_state_dump (game);
    b = gbacw_query_state_dump (again);
    if (g_strcmp0 (a, b) != 0)
      CASE_FAIL (c, "replayed, but its own record replays to another state");
  }
  return TRUE;
}

/* The record of a computer-vs-computer game of the demo, turns Game-Turns long. */
static char *
play_demo (guint32 seed, int turns)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (demo, seed, &error);
  GbacwAiPlayResult result;

  g_assert_no_error (error);
  result = gbacw_ai_play (game, 3, turns, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (result == GBACW_AI_PLAY_TURN_LIMIT || result == GBACW_AI_PLAY_OVER);
  return gbacw_game_to_xml (game, "demo.xml");
}

static void
test_fuzz_game_record (void)
{
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  char *xml;

  g_autofree char *demo_copy = g_build_filename (tmp_dir, "demo.xml", NULL);

  /* the scenario the records name, beside them */
  g_assert_true (g_file_set_contents (demo_copy, g_bytes_get_data (demo_bytes, NULL),
                                      (gssize) g_bytes_get_size (demo_bytes), NULL));
  xml = play_demo (5, 2);
  g_ptr_array_add (inputs, g_bytes_new_take (xml, strlen (xml)));
  g_ptr_array_add (names, "a 2-turn game of the demo");
  /* the whole game: answers, melee, rally, resupply, recrew, restack */
  xml = play_demo (6, 0);
  g_ptr_array_add (inputs, g_bytes_new_take (xml, strlen (xml)));
  g_ptr_array_add (names, "a whole game of the demo");
  add_corpus (inputs, names, "game-record");
  run_cases ("game-record", FORMAT_XML, inputs, names, n_cases (1000, 10000), check_record, NULL);
}

/* ------------------------------------------------------------------ /fuzz/roster-csv */

/* Every line "NAME:LINE:COLUMN: message" (LINE in the file), or the summary line. */
static gboolean
roster_message_ok (const char *message, guint max_line)
{
  g_auto (GStrv) lines = g_strsplit (message, "\n", -1);

  if (lines[0] == NULL)
    return FALSE;
  for (guint i = 0; lines[i]; i++)
    {
      const char *p = lines[i];
      char *end;
      guint64 line, column;
      if (!g_str_has_prefix (p, "roster.csv:"))
        return FALSE;
      p += strlen ("roster.csv:");
      if (lines[i + 1] == NULL && g_str_has_prefix (p, " and "))
        continue;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      line = g_ascii_strtoull (p, &end, 10);
      if (*end != ':' || !g_ascii_isdigit (end[1]))
        return FALSE;
      column = g_ascii_strtoull (end + 1, &end, 10);
      if (line < 1 || line > max_line || column < 1 || !g_str_has_prefix (end, ": ") || end[2] == '\0')
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_roster (Case *c, gpointer data)
{
  g_autoptr (GbacwScenario) s = gbacw_scenario_copy (demo);
  g_autoptr (GBytes) csv = g_bytes_new_static (c->input->str, c->input->len);
  g_autoptr (GBytes) before = gbacw_scenario_save_to_bytes (s);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwCommand) cmd = gbacw_roster_import_command (s, csv, "roster.csv", &error);

  if (cmd == NULL)
    {
      g_autoptr (GBytes) after = gbacw_scenario_save_to_bytes (s);
      if (error == NULL)
        CASE_FAIL (c, "refused without an error");
      last_message = g_strdup (error->message);
      if (error->domain != GBACW_ROSTER_ERROR)
        CASE_FAIL (c, "refused with an error of another domain: %s", error->message);
      if (!roster_message_ok (error->message, count_lines (c->input->str, c->input->len) + 1))
        CASE_FAIL (c, "a line of the message does not name roster.csv:LINE:COLUMN: %s", error->message);
      if (!g_bytes_equal (before, after))
        CASE_FAIL (c, "refused, but the scenario changed");
      return FALSE;
    }
  g_assert_no_error (error);
  {
    /* imported: the scenario saves and loads, and the command reverts it */
    g_autoptr (GBytes) saved = NULL;
    g_autoptr (GBytes) reverted = NULL;
    g_autoptr (GbacwScenario) again = NULL;

    gbacw_command_apply (cmd, s, NULL);
    saved = gbacw_scenario_save_to_bytes (s);
    again = gbacw_scenario_load_bytes (saved, "imported.xml", &error);
    if (again == NULL)
      CASE_FAIL (c, "imported, but the scenario does not load after saving: %s", error->message);
    gbacw_command_revert (cmd, s, NULL);
    reverted = gbacw_scenario_save_to_bytes (s);
    if (!g_bytes_equal (before, reverted))
      CASE_FAIL (c, "imported, but undoing it does not give the scenario back");
  }
  return TRUE;
}

static void
test_fuzz_roster_csv (void)
{
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  GBytes *csv = gbacw_roster_export (demo, NULL, &error);

  g_assert_no_error (error);
  g_ptr_array_add (inputs, csv);
  g_ptr_array_add (names, "the demo's roster");
  csv = gbacw_roster_export (demo, "confederate", &error);
  g_assert_no_error (error);
  g_ptr_array_add (inputs, csv);
  g_ptr_array_add (names, "the demo's Confederate roster");
  add_corpus (inputs, names, "roster-csv");
  run_cases ("roster-csv", FORMAT_CSV, inputs, names, n_cases (1000, 10000), check_roster, NULL);
}

/* ------------------------------------------------------------------ /fuzz/image */

static gboolean
check_image (Case *c, gpointer data)
{
  g_autoptr (GBytes) bytes = g_bytes_new_static (c->input->str, c->input->len);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwBackgroundImage) image = gbacw_background_image_new_from_bytes (bytes, "scan.img", &error);

  if (image == NULL)
    {
      if (error == NULL)
        CASE_FAIL (c, "refused without an error");
      last_message = g_strdup (error->message);
      if (error->domain != GBACW_BACKGROUND_IMAGE_ERROR || !g_str_has_prefix (error->message, "scan.img: ")
          || error->message[strlen ("scan.img: ")] == '\0')
        CASE_FAIL (c, "not an image error naming the file: %s", error->message);
      return FALSE;
    }
  g_assert_no_error (error);
  if (gbacw_background_image_get_width (image) <= 0 || gbacw_background_image_get_height (image) <= 0
      || gbacw_background_image_get_n_levels (image) < 1)
    CASE_FAIL (c, "an image of %d×%d pixels, %u levels", gbacw_background_image_get_width (image),
               gbacw_background_image_get_height (image), gbacw_background_image_get_n_levels (image));
  {
    /* drawn at two scales */
    static const double transform[6] = { 4, 0, 0, 4, 0, 0 };
    cairo_surface_t *target = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 16, 16);
    cairo_t *cr = cairo_create (target);
    gbacw_background_image_draw (image, cr, transform, 0.5, NULL);
    cairo_scale (cr, 0.1, 0.1);
    gbacw_background_image_draw (image, cr, transform, 1.0, NULL);
    cairo_destroy (cr);
    cairo_surface_destroy (target);
  }
  return TRUE;
}

static void
test_fuzz_image (void)
{
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  add_corpus (inputs, names, "image");
  run_cases ("image", FORMAT_BINARY, inputs, names, n_cases (1000, 10000), check_image, NULL);
}

/* ------------------------------------------------------------------ regressions */

/* A roster cut short inside a row: read_row () read the id, kind, side and parent cells
 * before it checked the number of fields, past the end of the row (a heap overflow). */
static void
test_regression_roster_short_row (void)
{
  static const char *const rosters[] = {
    "id,side,kind,parent,name\r\nu-7wis,union\r\nu-8\r\n",
    /* the id column last */
    "side,kind,name,id\r\nunion,infantry\r\n",
  };
  static const char *const expected[][2] = {
    { "roster.csv:2:3: ", "roster.csv:3:2: " },
    { "roster.csv:2:3: ", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rosters); i++)
    {
      g_autoptr (GbacwScenario) s = gbacw_scenario_copy (demo);
      g_autoptr (GBytes) csv = g_bytes_new_static (rosters[i], strlen (rosters[i]));
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwCommand) cmd = gbacw_roster_import_command (s, csv, "roster.csv", &error);

      g_assert_null (cmd);
      g_assert_error (error, GBACW_ROSTER_ERROR, GBACW_ROSTER_ERROR_INVALID);
      for (guint k = 0; k < 2 && expected[i][k]; k++)
        g_assert_nonnull (strstr (error->message, expected[i][k]));
      g_assert_nonnull (strstr (error->message, "fields but the header has"));
    }
}

/* Past line 65535 every error named line 65535 (libxml2 keeps 16-bit line numbers
 * unless asked for more), and then the line after the element. */
static void
test_regression_big_line_numbers (void)
{
  gsize len;
  const char *demo_text = g_bytes_get_data (demo_bytes, &len);
  const char *labels = strstr (demo_text, "    </labels>");
  static const char *const broken[] = {
    "      <label hex=\"2099\">off the map</label>\n",          /* the loader's check */
    "      <label hex=\"0101\" colour=\"red\">x</label>\n",     /* the schema's */
    "      <label hex=\"0101\">x</labels>\n",                    /* well-formedness */
  };

  g_assert_nonnull (labels);
  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autoptr (GString) text = g_string_new_len (demo_text, labels - demo_text);
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwScenario) s = NULL;
      g_autofree char *where = NULL;
      guint line;

      for (guint k = 0; k < 70000; k++)
        g_string_append (text, "      <label hex=\"0101\">x</label>\n");
      line = count_lines (text->str, text->len);
      g_string_append (text, broken[i]);
      for (guint k = 0; k < 10; k++)
        g_string_append (text, "      <label hex=\"0101\">x</label>\n");
      g_string_append (text, labels);
      bytes = g_bytes_new (text->str, text->len);
      s = gbacw_scenario_load_bytes (bytes, "big.xml", &error);
      g_assert_null (s);
      g_assert_nonnull (error);
      where = g_strdup_printf ("big.xml:%u: ", line);
      if (!g_str_has_prefix (error->message, where))
        g_error ("expected %s…, got %s", where, error->message);
    }
}

/* The structure of a record was not checked: a second <game> replaced (and leaked) the
 * game, an action inside another was applied in the middle of it, a <fire> inside an
 * <answer> leaked the answer. */
static void
test_regression_record_structure (void)
{
  static const char *const records[] = {
    "<game seed=\"1\"><game seed=\"2\"></game></game>",
    "<game seed=\"1\"/><game seed=\"2\"/>",
    "<game seed=\"1\"><end-phase><end-phase/></end-phase></game>",
    "<game seed=\"1\"><answer><fire target=\"0101\"></fire></answer></game>",
    "<game seed=\"1\"><fire target=\"0101\"><fire target=\"0102\"></fire></fire></game>",
    "<game seed=\"1\"><firer unit=\"u-14oh\" strength=\"1\"/></game>",
    "<moves seed=\"1\"/>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = gbacw_game_replay (demo, records[i], strlen (records[i]), &error);
      g_assert_null (game);
      g_assert_nonnull (error);
      g_test_message ("%s: %s", records[i], error->message);
      g_assert_true (error->domain == GBACW_GAME_ERROR || error->domain == G_MARKUP_ERROR);
      g_assert_cmpstr (error->message, !=, "");
    }
}

/* An error reading an action names the action, so that gbacw replay finds its line: the
 * digits of a unit's id were taken for the action's number; a bad hex label came as an
 * error of another domain. */
static void
test_regression_record_error_names_action (void)
{
  static const char *const records[] = {
    "<game seed=\"1\">\n<end-phase/>\n<move units=\"u-14oh-x\" path=\"0101\"/>\n</game>",
    "<game seed=\"1\">\n<end-phase/>\n<move units=\"u-14oh\" path=\"01zz\"/>\n</game>",
    "<game seed=\"1\">\n<end-phase/>\n<fire target=\"0101\">\n<firer unit=\"u-99\" strength=\"1\"/>\n</fire>\n</game>",
    "<game seed=\"1\">\n<end-phase/>\n<end-phase><end-phase/></end-phase>\n</game>",
  };

  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = gbacw_game_replay (demo, records[i], strlen (records[i]), &error);
      g_assert_null (game);
      g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE);
      if (!g_str_has_prefix (error->message, "Action 2: "))
        g_error ("%s: %s", records[i], error->message);
    }
}

/* Numbers in a record were read with strtoll () and cast: "abc" was 0, 4294967297 was 1,
 * "nan" fired everything; now they are refused. */
static void
test_regression_record_numbers (void)
{
  static const char *const records[] = {
    "<game seed=\"abc\"/>",
    "<game seed=\"4294967296\"/>",
    "<game seed=\"-1\"/>",
    "<game seed=\"1\"><command-points leader=\"u-hollister\" other=\"u-webb-ldr\" points=\"2x\"/></game>",
    "<game seed=\"1\"><command-points leader=\"u-hollister\" other=\"u-webb-ldr\" points=\"4294967298\"/></game>",
    "<game seed=\"1\"><answer value=\"4294967297\"/></game>",
    "<game seed=\"1\"><answer value=\"\"/></game>",
    "<game seed=\"1\"><fire target=\"0101\"><firer unit=\"u-14oh\" strength=\"nan\"/></fire></game>",
    "<game seed=\"1\"><fire target=\"0101\"><firer unit=\"u-14oh\" strength=\"-1\"/></fire></game>",
    "<game seed=\"1\"><fire target=\"0101\"><firer unit=\"u-14oh\" strength=\"2 \"/></fire></game>",
  };
  static const char *const named[] = {
    "seed=\"abc\"", "seed=\"4294967296\"", "seed=\"-1\"", "points=\"2x\"", "points=\"4294967298\"",
    "value=\"4294967297\"", "value=\"\"", "strength=\"nan\"", "strength=\"-1\"", "strength=\"2 \"",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (records) == G_N_ELEMENTS (named));
  for (guint i = 0; i < G_N_ELEMENTS (records); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = gbacw_game_replay (demo, records[i], strlen (records[i]), &error);
      g_assert_null (game);
      g_assert_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE);
      if (strstr (error->message, named[i]) == NULL)
        g_error ("%s: %s", records[i], error->message);
    }
}

/* A record naming scenario="/dev/zero" made the program read until memory ran out; what
 * is not a regular file is now refused without being read (gbacw_file_read ()). */
static void
test_regression_endless_file (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "endless.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = NULL;
  static const char record[] = "<game xmlns=\"urn:gbacw:game\" version=\"1\" scenario=\"/dev/zero\" seed=\"1\"/>\n";

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  g_assert_true (g_file_set_contents (path, record, -1, NULL));
  game = gbacw_game_load (path, &error);
  g_assert_null (game);
  g_assert_error (error, GBACW_FILE_READ_ERROR, GBACW_FILE_READ_ERROR_NOT_A_FILE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, ":1: the scenario it plays, /dev/zero, could not be loaded: /dev/zero is a "
                                            "character device, not a file"));
  g_unlink (path);
  g_clear_error (&error);
  g_assert_null (gbacw_scenario_load_file ("/dev/null", &error));
  g_assert_error (error, GBACW_FILE_READ_ERROR, GBACW_FILE_READ_ERROR_NOT_A_FILE);
}

/* ------------------------------------------------------------------ main */

int
main (int argc, char **argv)
{
  const char *env;
  int status;

  g_test_init (&argc, &argv, NULL);

  env = g_getenv ("GBACW_FUZZ_SEED");
  if (env && *env)
    base_seed = g_ascii_strtoull (env, NULL, 0);
  env = g_getenv ("GBACW_FUZZ_ONLY");
  if (env && *env)
    only_case = (int) g_ascii_strtoll (env, NULL, 10);
  trace = g_getenv ("GBACW_FUZZ_TRACE") != NULL;
  tmp_dir = g_dir_make_tmp ("gbacw-fuzz-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  g_test_message ("fuzz seed %" G_GUINT64_FORMAT " (GBACW_FUZZ_SEED)", base_seed);

  demo = load_data_scenario ("scenarios/demo.xml");
  demo_bytes = read_data_file ("scenarios/demo.xml");

  g_test_add_func ("/fuzz/scenario", test_fuzz_scenario);
  g_test_add_func ("/fuzz/charts", test_fuzz_charts);
  g_test_add_func ("/fuzz/game-record", test_fuzz_game_record);
  g_test_add_func ("/fuzz/roster-csv", test_fuzz_roster_csv);
  g_test_add_func ("/fuzz/image", test_fuzz_image);
  g_test_add_func ("/fuzz/regression/roster-short-row", test_regression_roster_short_row);
  g_test_add_func ("/fuzz/regression/big-line-numbers", test_regression_big_line_numbers);
  g_test_add_func ("/fuzz/regression/record-structure", test_regression_record_structure);
  g_test_add_func ("/fuzz/regression/record-error-names-action", test_regression_record_error_names_action);
  g_test_add_func ("/fuzz/regression/record-numbers", test_regression_record_numbers);
  g_test_add_func ("/fuzz/regression/endless-file", test_regression_endless_file);

  status = g_test_run ();

  gbacw_scenario_free (demo);
  g_bytes_unref (demo_bytes);
  {
    static const char *const leftovers[] = { "fuzz-charts.xml", "fuzz-record.xml", "demo.xml" };
    for (guint i = 0; i < G_N_ELEMENTS (leftovers); i++)
      {
        g_autofree char *path = g_build_filename (tmp_dir, leftovers[i], NULL);
        g_unlink (path);
      }
  }
  if (status == 0)
    g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
