/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-read.c: reading scenario files and game records (docs/file-format.md);
 * chart library files are read by gbacw-chart-library-read.c with these internals.
 *
 * Loading: the bytes are parsed by libxml2 without DTDs (a DOCTYPE stops the parser
 * before any of it is read, so entity bombs and external entities never get a chance),
 * the version is checked, the document is validated against the RELAX NG schema (parsed
 * once and cached), and then the model is built while checking what the schema cannot.
 * The first error wins; its message starts with "FILE:LINE: ".
 */
#define G_LOG_DOMAIN "gbacw-scenario-read"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "gbacw"
#endif

#include "gbacw-scenario-io-private.h"
#include "gbacw-data.h"

#include "gbacw-file-read.h"
#include "gbacw-oob-edit.h"
#include "gbacw-stand-ins.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/relaxng.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>
#include <stdarg.h>
#include <string.h>

G_DEFINE_QUARK (gbacw-io-error-quark, gbacw_io_error)

/* ==================================================================== loader state */

void
gbacw_scenario_io_loader_clear (Loader *ld)
{
  g_clear_error (&ld->error);
  g_clear_pointer (&ld->parse_message, g_free);
  for (guint i = 0; i < ld->n_schema_errors; i++)
    {
      g_free (ld->schema_messages[i]);
      g_free (ld->schema_str1[i]);
      g_free (ld->schema_str2[i]);
    }
  ld->n_schema_errors = 0;
  if (ld->scratch)
    g_string_free (ld->scratch, TRUE);
  if (ld->what)
    g_string_free (ld->what, TRUE);
  ld->scratch = ld->what = NULL;
}

#define invalid(ld, node, ...) fail_at ((ld), GBACW_IO_ERROR_INVALID, node_line (node), __VA_ARGS__)

/* ==================================================================== parsing */

static Loader *
loader_from_ctxt (void *ctx)
{
  xmlParserCtxtPtr ctxt = ctx;
  return ctxt ? ctxt->_private : NULL;
}

static void
forbid (void *ctx, const char *what)
{
  xmlParserCtxtPtr ctxt = ctx;
  Loader *ld = loader_from_ctxt (ctx);

  if (ld && !ld->forbidden)
    {
      ld->forbidden = TRUE;
      ld->forbidden_line = ctxt->input ? ctxt->input->line : 0;
      ld->forbidden_what = what;
    }
  xmlStopParser (ctxt);
}

static void
forbid_internal_subset (void *ctx, const xmlChar *name, const xmlChar *external_id, const xmlChar *system_id)
{
  forbid (ctx, "doctype");
}

static void
forbid_external_subset (void *ctx, const xmlChar *name, const xmlChar *external_id, const xmlChar *system_id)
{
  forbid (ctx, "doctype");
}

static void
forbid_entity_decl (void *ctx, const xmlChar *name, int type, const xmlChar *public_id, const xmlChar *system_id,
                    xmlChar *content)
{
  forbid (ctx, "entity-decl");
}

static xmlEntityPtr
forbid_get_entity (void *ctx, const xmlChar *name)
{
  forbid (ctx, "entity-ref");
  return NULL;
}

static void
forbid_reference (void *ctx, const xmlChar *name)
{
  forbid (ctx, "entity-ref");
}

static void
parse_error (void *data, xmlErrorPtr err)
{
  Loader *ld = loader_from_ctxt (data);

  if (ld == NULL || err == NULL || err->level < XML_ERR_ERROR || ld->forbidden || ld->parse_failed)
    return;
  ld->parse_failed = TRUE;
  ld->parse_line = err->line;
  ld->parse_code = err->code;
  ld->parse_message = g_strstrip (g_strdup (err->message ? err->message : ""));
}

static void
schema_error (void *data, xmlErrorPtr err)
{
  Loader *ld = data;

  if (err == NULL || err->level < XML_ERR_ERROR || ld->n_schema_errors >= MAX_SCHEMA_ERRORS)
    return;
  ld->schema_lines[ld->n_schema_errors] = err->node ? node_line (err->node) : err->line;
  if (ld->schema_lines[ld->n_schema_errors] <= 0)
    ld->schema_lines[ld->n_schema_errors] = err->line;
  ld->schema_codes[ld->n_schema_errors] = err->code;
  ld->schema_messages[ld->n_schema_errors] = g_strstrip (g_strdup (err->message ? err->message : ""));
  ld->schema_str1[ld->n_schema_errors] = g_strdup (err->str1);
  ld->schema_str2[ld->n_schema_errors] = g_strdup (err->str2);
  ld->schema_nodes[ld->n_schema_errors] = err->node;
  ld->n_schema_errors++;
}

/* Text that is not UTF-8 (UTF-16 or UTF-32, with or without a byte order mark), and NUL
 * bytes, are refused before parsing: libxml2 said "Document is empty" for UTF-32 and
 * read a NUL as the end of the file ("Premature end of data"). */
static gboolean
check_text_encoding (Loader *ld, const char *data, gsize length)
{
  const guchar *u = (const guchar *) data;
  const char *nul;

  if ((length >= 2 && ((u[0] == 0xfe && u[1] == 0xff) || (u[0] == 0xff && u[1] == 0xfe)))
      || (length >= 4 && ((u[0] == 0 && u[1] == 0) || (u[2] == 0 && u[3] == 0) || (u[0] == 0 && u[2] == 0)
                          || (u[1] == 0 && u[3] == 0))))
    return fail_at (ld, GBACW_IO_ERROR_PARSE, 1,
                    _("the file is not UTF-8 text (it looks like UTF-16 or UTF-32): save it as UTF-8"));
  nul = memchr (data, '\0', length);
  if (nul)
    {
      long line = 1;
      for (const char *q = data; q < nul; q++)
        line += *q == '\n';
      return fail_at (ld, GBACW_IO_ERROR_PARSE, line,
                      _("the file has a NUL (zero) byte on this line: it is not text, or it is damaged"));
    }
  return TRUE;
}

static void
silent_generic_error (void *ctx, const char *msg, ...)
{
}

/* Parses, refuses DTDs and entities, checks the root element and the version, validates.
 * root_name is "scenario" or "charts" (data/gbacw-scenario.rng), or "game"
 * (data/gbacw-game-record.rng). */
xmlDocPtr
gbacw_scenario_io_parse_document (Loader *ld, const char *data, gsize length, const char *root_name)
{
  xmlParserCtxtPtr ctxt;
  xmlDocPtr doc;
  xmlNodePtr root;
  const char *version;
  xmlRelaxNGPtr schema;
  GError *schema_load_error = NULL;
  /* XML_PARSE_BIG_LINES: without it every node past line 65535 says it is on line 65535,
   * and so did the messages about it (/fuzz/regression/big-line-numbers) */
  int options = XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_COMPACT | XML_PARSE_BIG_LINES;
  xmlGenericErrorFunc old_generic;
  void *old_generic_context;

  ld->schema = strcmp (root_name, "game") == 0 ? &gbacw_scenario_io_record_schema : &gbacw_scenario_io_scenario_schema;
  ld->data = data;
  ld->length = length;
  if (length > GBACW_MAX_FILE_SIZE)
    {
      /* the size formatted first: a format macro inside _() would cut the msgid */
      g_autofree char *mib = g_strdup_printf ("%" G_GSIZE_FORMAT, length / (1024 * 1024));
      fail_at (ld, GBACW_IO_ERROR_TOO_LARGE, 0, _("the file is %s MiB; gbacw does not open files larger than %u MiB"),
               mib, GBACW_MAX_FILE_SIZE / (1024 * 1024));
      return NULL;
    }
  if (!check_text_encoding (ld, data, length))
    return NULL;

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      fail_at (ld, GBACW_IO_ERROR_PARSE, 0, _("out of memory"));
      return NULL;
    }
  ctxt->_private = ld;
  ctxt->sax->serror = parse_error;
  ctxt->sax->internalSubset = forbid_internal_subset;
  ctxt->sax->externalSubset = forbid_external_subset;
  ctxt->sax->entityDecl = forbid_entity_decl;
  ctxt->sax->getEntity = forbid_get_entity;
  ctxt->sax->getParameterEntity = forbid_get_entity;
  ctxt->sax->reference = forbid_reference;

  /* some encoding errors go to the generic (per-thread) handler, which prints to stderr */
  old_generic = xmlGenericError;
  old_generic_context = xmlGenericErrorContext;
  xmlSetGenericErrorFunc (NULL, silent_generic_error);
  doc = xmlCtxtReadMemory (ctxt, data, (int) length, NULL, NULL, options);
  xmlSetGenericErrorFunc (old_generic_context, old_generic);
  ctxt->_private = NULL;
  xmlFreeParserCtxt (ctxt);

  if (ld->forbidden || (doc && (doc->intSubset || doc->extSubset)))
    {
      long line = ld->forbidden ? ld->forbidden_line : 1;
      if (g_strcmp0 (ld->forbidden_what, "entity-ref") == 0)
        fail_at (ld, GBACW_IO_ERROR_FORBIDDEN, line,
                 _("the file uses an entity reference (&name;); gbacw files may only use &amp; &lt; &gt; "
                   "&quot; &apos; and character references such as &#233;"));
      else
        fail_at (ld, GBACW_IO_ERROR_FORBIDDEN, line,
                 _("the file has a document type declaration (<!DOCTYPE …>); gbacw files may not have "
                   "DTDs or entity declarations, which could make the program read other files or use "
                   "unbounded memory. Remove the <!DOCTYPE> and any <!ENTITY> lines."));
      if (doc)
        xmlFreeDoc (doc);
      return NULL;
    }
  if (doc == NULL || ld->parse_failed)
    {
      if (ld->parse_failed)
        {
          g_autofree char *words = gbacw_scenario_io_parse_error_in_words (ld->parse_code, ld->parse_message);
          fail_at (ld, GBACW_IO_ERROR_PARSE, ld->parse_line, _("the file is not well-formed XML: %s"), words);
        }
      else
        fail_at (ld, GBACW_IO_ERROR_PARSE, 0, _("the file is not well-formed XML"));
      if (doc)
        xmlFreeDoc (doc);
      return NULL;
    }

  root = xmlDocGetRootElement (doc);
  if (root == NULL)
    {
      fail_at (ld, GBACW_IO_ERROR_PARSE, 1, _("the file is empty"));
      xmlFreeDoc (doc);
      return NULL;
    }
  if (root->ns == NULL || g_strcmp0 ((const char *) root->ns->href, ld->schema->ns) != 0)
    {
      if (ld->schema == &gbacw_scenario_io_record_schema)
        fail_at (ld, GBACW_IO_ERROR_SCHEMA, node_line (root),
                 _("this is not a gbacw game record: its root element <%s> is not in the namespace %s "
                   "(xmlns=\"%s\")"),
                 (const char *) root->name, ld->schema->ns, ld->schema->ns);
      else
        fail_at (ld, GBACW_IO_ERROR_SCHEMA, node_line (root),
                 _("this is not a gbacw file: its root element <%s> is not in the namespace %s"),
                 (const char *) root->name, ld->schema->ns);
      xmlFreeDoc (doc);
      return NULL;
    }
  if (strcmp ((const char *) root->name, root_name) != 0)
    {
      if (strcmp (root_name, "scenario") == 0 && strcmp ((const char *) root->name, "charts") == 0)
        fail_at (ld, GBACW_IO_ERROR_SCHEMA, node_line (root),
                 _("this is a chart library (<charts>), not a scenario"));
      else if (strcmp (root_name, "charts") == 0 && strcmp ((const char *) root->name, "scenario") == 0)
        fail_at (ld, GBACW_IO_ERROR_SCHEMA, node_line (root),
                 _("this is a scenario, not a chart library (<charts>)"));
      else if (strcmp (root_name, "game") == 0)
        fail_at (ld, GBACW_IO_ERROR_SCHEMA, node_line (root),
                 _("the root element is <%s>; a game record starts with <game>"), (const char *) root->name);
      else
        fail_at (ld, GBACW_IO_ERROR_SCHEMA, node_line (root),
                 _("the root element is <%s>; a gbacw file starts with <%s>"),
                 (const char *) root->name, root_name);
      xmlFreeDoc (doc);
      return NULL;
    }

  /* The version, before the schema: a newer file would fail validation for reasons that
   * do not help the user. */
  version = attr (root, "version");
  if (version)
    {
      g_autofree char *v = g_strstrip (g_strdup (version));
      gint64 n;
      if (g_ascii_string_to_signed (v, 10, 1, G_MAXINT, &n, NULL) && n > GBACW_FORMAT_VERSION)
        {
          fail_at (ld, GBACW_IO_ERROR_VERSION, gbacw_scenario_io_line_of_attribute (ld, root, "version", node_line (root)),
                   _("this file was written by a newer gbacw (format version %d); this gbacw reads "
                     "format version %d. Update gbacw to open it."),
                   (int) n, GBACW_FORMAT_VERSION);
          xmlFreeDoc (doc);
          return NULL;
        }
    }

  if (strcmp (root_name, "scenario") == 0)
    {
      gboolean has_map = FALSE;
      for (xmlNodePtr c = root->children; c && !has_map; c = c->next)
        has_map = c->type == XML_ELEMENT_NODE && strcmp ((const char *) c->name, "map") == 0;
      if (!has_map)
        {
          fail_at (ld, GBACW_IO_ERROR_SCHEMA, node_line (root), _("the scenario has no <map> element"));
          xmlFreeDoc (doc);
          return NULL;
        }
    }

  g_mutex_lock (&gbacw_scenario_io_schema_lock);
  schema = gbacw_scenario_io_get_schema (ld->schema, ld->name, &schema_load_error);
  if (schema)
    {
      xmlRelaxNGValidCtxtPtr vctxt = xmlRelaxNGNewValidCtxt (schema);
      int ret;
      xmlRelaxNGSetValidStructuredErrors (vctxt, schema_error, ld);
      ret = xmlRelaxNGValidateDoc (vctxt, doc);
      xmlRelaxNGFreeValidCtxt (vctxt);
      if (ret != 0)
        gbacw_scenario_io_report_schema_error (ld, doc);
    }
  g_mutex_unlock (&gbacw_scenario_io_schema_lock);
  if (schema_load_error)
    {
      if (!ld->error)
        ld->error = schema_load_error;
      else
        g_error_free (schema_load_error);
    }
  if (ld->error)
    {
      xmlFreeDoc (doc);
      return NULL;
    }
  return doc;
}

/* ==================================================================== tree helpers */

static gboolean
is (const xmlNode *node, const char *name)
{
  return strcmp ((const char *) node->name, name) == 0;
}

static xmlNode *
first_element (const xmlNode *node)
{
  for (xmlNode *c = node->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE)
      return c;
  return NULL;
}

static xmlNode *
next_element (const xmlNode *node)
{
  for (xmlNode *c = node->next; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE)
      return c;
  return NULL;
}

#define FOR_ELEMENTS(child, parent) \
  for (xmlNode *child = first_element (parent); child; child = next_element (child))

xmlNode *
gbacw_scenario_io_child_element (const xmlNode *node, const char *name)
{
  FOR_ELEMENTS (c, node)
    if (is (c, name))
      return c;
  return NULL;
}

/* The text content of an element; valid until the next call with the same loader. */
static const char *
text (Loader *ld, const xmlNode *node)
{
  const xmlNode *only = NULL;
  guint n = 0;

  for (const xmlNode *c = node->children; c; c = c->next)
    if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE)
      {
        only = c;
        n++;
      }
  if (n == 0)
    return "";
  if (n == 1)
    return only->content ? (const char *) only->content : "";
  g_string_truncate (ld->scratch, 0);
  for (const xmlNode *c = node->children; c; c = c->next)
    if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content)
      g_string_append (ld->scratch, (const char *) c->content);
  return ld->scratch->str;
}

static gboolean
has_text (const xmlNode *node)
{
  for (const xmlNode *c = node->children; c; c = c->next)
    if ((c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) && c->content && *c->content)
      return TRUE;
  return FALSE;
}

/* "unit “u-8ny”", "<turn>": names an element in messages. */
static const char *
what (Loader *ld, const xmlNode *node)
{
  const char *id = attr (node, "id");
  g_string_truncate (ld->what, 0);
  if (id)
    g_string_append_printf (ld->what, "%s “%s”", (const char *) node->name, id);
  else
    g_string_append_printf (ld->what, "<%s>", (const char *) node->name);
  return ld->what->str;
}

static char *
dup_attr (const xmlNode *node, const char *name)
{
  return g_strdup (attr (node, name));
}

static char *
strip_dup (const char *s)
{
  return g_strstrip (g_strdup (s));
}

static gboolean
parse_int_text (const char *s, gint64 *out)
{
  g_autofree char *t = strip_dup (s);
  const char *p = t;
  if (*p == '+')
    p++;
  return g_ascii_string_to_signed (p, 10, G_MININT + 1, G_MAXINT, out, NULL);
}

/* An optional integer attribute in [min, max]; absent leaves *out alone. */
static gboolean
get_int (Loader *ld, const xmlNode *node, const char *name, int min, int max, int *out)
{
  const char *s = attr (node, name);
  gint64 v;

  if (s == NULL)
    return TRUE;
  if (!parse_int_text (s, &v))
    return invalid (ld, node, _("%s: %s=\"%s\" is not a whole number in range"), what (ld, node), name, s);
  if (v < min || v > max)
    {
      if (max == G_MAXINT)
        return invalid (ld, node, _("%s: %s=\"%s\" is out of range: it must be %d or more"),
                        what (ld, node), name, s, min);
      return invalid (ld, node, _("%s: %s=\"%s\" is out of range: it must be %d to %d"),
                      what (ld, node), name, s, min, max);
    }
  *out = (int) v;
  return TRUE;
}

static gboolean
parse_double_text (const char *s, double *out)
{
  char *end;
  double v;
  while (g_ascii_isspace (*s))
    s++;
  if (*s == '\0')
    return FALSE;
  v = g_ascii_strtod (s, &end);
  while (g_ascii_isspace (*end))
    end++;
  if (*end != '\0' || !isfinite (v))
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
get_double (Loader *ld, const xmlNode *node, const char *name, double min, double max, double *out)
{
  const char *s = attr (node, name);
  double v;

  if (s == NULL)
    return TRUE;
  if (!parse_double_text (s, &v))
    return invalid (ld, node, _("%s: %s=\"%s\" is not a number"), what (ld, node), name, s);
  if (v < min || v > max)
    return invalid (ld, node, _("%s: %s=\"%s\" is out of range: it must be %g to %g"),
                    what (ld, node), name, s, min, max);
  *out = v;
  return TRUE;
}

static gboolean
get_yes_no (const xmlNode *node, const char *name)
{
  const char *s = attr (node, name);
  g_autofree char *t = s ? strip_dup (s) : NULL;
  return t && strcmp (t, "yes") == 0;
}

/* An attribute holding a token (schema-checked); stripped copy or NULL. */
static char *
get_token (const xmlNode *node, const char *name)
{
  const char *s = attr (node, name);
  return s ? strip_dup (s) : NULL;
}

/* Morale: 1-5 or "?" (green). */
static gboolean
get_morale (Loader *ld, const xmlNode *node, const char *name, int *out)
{
  const char *s = attr (node, name);
  g_autofree char *t = s ? strip_dup (s) : NULL;
  gint64 v;

  if (t == NULL)
    return TRUE;
  if (strcmp (t, "?") == 0)
    {
      *out = GBACW_MORALE_GREEN;
      return TRUE;
    }
  if (!parse_int_text (t, &v) || v < 1 || v > 5)
    return invalid (ld, node, _("%s: %s=\"%s\" is out of range: a morale rating is 1 to 5, or ? for a "
                                "green unit"), what (ld, node), name, s);
  *out = (int) v;
  return TRUE;
}

/* Splits on XML white space, skipping empty pieces; the vector is owned by the caller. */
static char **
split_words (const char *s)
{
  char **words = g_strsplit_set (s, " \t\r\n", -1);
  guint out = 0;
  for (guint i = 0; words[i]; i++)
    {
      if (*words[i])
        words[out++] = words[i];
      else
        g_free (words[i]);
    }
  words[out] = NULL;
  return words;
}

static gboolean
parse_hex (Loader *ld, const xmlNode *node, const char *label, int *out)
{
  g_autoptr (GError) error = NULL;
  GbacwHex hex;

  if (!gbacw_hex_grid_parse_label (ld->grid, label, &hex, &error))
    return invalid (ld, node, "%s: %s", what (ld, node), error->message);
  *out = gbacw_hex_grid_index (ld->grid, hex);
  return TRUE;
}

static gboolean
get_hex (Loader *ld, const xmlNode *node, const char *name, int *out)
{
  g_autofree char *label = get_token (node, name);
  if (label == NULL)
    return TRUE;
  return parse_hex (ld, node, label, out);
}

/* Appends the hex indices of a white-space separated label list. */
static gboolean
parse_hex_list (Loader *ld, const xmlNode *node, const char *s, GArray *out)
{
  g_auto (GStrv) words = split_words (s);
  for (guint i = 0; words[i]; i++)
    {
      int index;
      if (!parse_hex (ld, node, words[i], &index))
        return FALSE;
      g_array_append_val (out, index);
    }
  return TRUE;
}

static gboolean
get_direction (Loader *ld, const xmlNode *node, const char *name, int *out)
{
  g_autofree char *s = get_token (node, name);
  int d;

  if (s == NULL)
    return TRUE;
  d = gbacw_hex_direction_parse (ld->grid->orientation, s);
  if (d < 0)
    {
      if (ld->grid->orientation == GBACW_GRID_POINTY_ROWS)
        return invalid (ld, node, _("%s: direction “%s” does not exist on a map of pointy-topped hexes; "
                                    "the directions are ne e se sw w nw"), what (ld, node), s);
      return invalid (ld, node, _("%s: direction “%s” does not exist on a map of flat-topped hexes; "
                                  "the directions are n ne se s sw nw"), what (ld, node), s);
    }
  *out = d;
  return TRUE;
}

/* Id uniqueness within one kind: the set maps id -> line of its first definition. */
static gboolean
check_unique (Loader *ld, GHashTable *seen, const xmlNode *node, const char *id, const char *kind)
{
  gpointer line;
  if (g_hash_table_lookup_extended (seen, id, NULL, &line))
    return invalid (ld, node, _("there are two %s with the id “%s” (the other is on line %ld); ids must be unique"),
                    kind, id, (long) GPOINTER_TO_SIZE (line));
  g_hash_table_insert (seen, (gpointer) id, GSIZE_TO_POINTER ((gsize) node_line (node)));
  return TRUE;
}

/* Ids are [A-Za-z0-9_.-]+; the schema only checks that they are name tokens. */
static gboolean
check_id_syntax (Loader *ld, const xmlNode *node, const char *id)
{
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '.' && *p != '-')
      return invalid (ld, node, _("<%s>: the id “%s” may only contain the letters A to Z and a to z, digits, "
                                  "“_”, “.” and “-”"), (const char *) node->name, id);
  if (*id == '\0')
    return invalid (ld, node, _("<%s>: an id cannot be empty"), (const char *) node->name);
  return TRUE;
}

/* A new id: its form, and unique within its kind. */
static gboolean
check_new_id (Loader *ld, GHashTable *seen, const xmlNode *node, const char *id, const char *kind)
{
  return check_id_syntax (ld, node, id) && check_unique (ld, seen, node, id, kind);
}

/* ==================================================================== catalogue */

gboolean
gbacw_scenario_io_load_catalogue (Loader *ld, const xmlNode *node, GbacwCatalogue *cat, CatalogueNodes *nodes)
{
  g_autoptr (GHashTable) terrain_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) hexside_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) line_ids = g_hash_table_new (g_str_hash, g_str_equal);

  FOR_ELEMENTS (c, node)
    {
      if (is (c, "hex-terrain"))
        {
          GbacwHexTerrain *t = g_new0 (GbacwHexTerrain, 1);
          g_ptr_array_add (cat->hex_terrains, t);
          g_ptr_array_add (nodes->hex_terrain_nodes, c);
          t->id = get_token (c, "id");
          t->code = get_token (c, "code");
          t->name = dup_attr (c, "name");
          t->fill = get_token (c, "fill");
          t->pattern = get_token (c, "pattern");
          t->height = GBACW_UNSET;
          t->rule_case = dup_attr (c, "case");
          if (!check_new_id (ld, terrain_ids, c, t->id, _("hex terrains"))
              || !get_int (ld, c, "height", 0, 100000, &t->height))
            return FALSE;
        }
      else if (is (c, "hexside-type"))
        {
          GbacwHexsideType *t = g_new0 (GbacwHexsideType, 1);
          g_autofree char *side = get_token (c, "side");
          const char *requires = attr (c, "requires");
          g_ptr_array_add (cat->hexside_types, t);
          g_ptr_array_add (nodes->hexside_type_nodes, c);
          t->id = get_token (c, "id");
          t->name = dup_attr (c, "name");
          t->style = get_token (c, "style");
          t->side = side ? gbacw_side_mode_from_string (side) : GBACW_SIDE_MODE_NONE;
          if ((int) t->side < 0)
            t->side = GBACW_SIDE_MODE_NONE;
          t->requires = requires ? split_words (requires) : NULL;
          if (t->requires && t->requires[0] == NULL)
            g_clear_pointer (&t->requires, g_strfreev);
          t->rule_case = dup_attr (c, "case");
          if (!check_new_id (ld, hexside_ids, c, t->id, _("hexside types")))
            return FALSE;
        }
      else if (is (c, "line-type"))
        {
          GbacwLineType *t = g_new0 (GbacwLineType, 1);
          g_ptr_array_add (cat->line_types, t);
          g_ptr_array_add (nodes->line_type_nodes, c);
          t->id = get_token (c, "id");
          t->name = dup_attr (c, "name");
          t->colour = get_token (c, "colour");
          t->style = get_token (c, "style");
          t->rule_case = dup_attr (c, "case");
          if (!check_new_id (ld, line_ids, c, t->id, _("line types"))
              || !get_double (ld, c, "width", 0.0, 100.0, &t->width))
            return FALSE;
        }
    }
  return TRUE;
}

void
gbacw_scenario_io_replace_or_append (GPtrArray *array, gpointer item, const char *id, const char *(*get_id) (gpointer))
{
  for (guint i = 0; i < array->len; i++)
    if (g_strcmp0 (get_id (g_ptr_array_index (array, i)), id) == 0)
      {
        g_ptr_array_insert (array, (int) i, item);
        g_ptr_array_remove_index (array, i + 1);
        return;
      }
  g_ptr_array_add (array, item);
}

static const char *hex_terrain_id (gpointer p) { return ((GbacwHexTerrain *) p)->id; }
static const char *hexside_type_id (gpointer p) { return ((GbacwHexsideType *) p)->id; }
static const char *line_type_id (gpointer p) { return ((GbacwLineType *) p)->id; }

/* Moves the entries of src into dest, replacing those with the same id. */
void
gbacw_scenario_io_catalogue_merge (GbacwCatalogue *dest, GbacwCatalogue *src)
{
  for (guint i = 0; i < src->hex_terrains->len; i++)
    {
      GbacwHexTerrain *t = g_ptr_array_index (src->hex_terrains, i);
      gbacw_scenario_io_replace_or_append (dest->hex_terrains, t, t->id, hex_terrain_id);
    }
  for (guint i = 0; i < src->hexside_types->len; i++)
    {
      GbacwHexsideType *t = g_ptr_array_index (src->hexside_types, i);
      gbacw_scenario_io_replace_or_append (dest->hexside_types, t, t->id, hexside_type_id);
    }
  for (guint i = 0; i < src->line_types->len; i++)
    {
      GbacwLineType *t = g_ptr_array_index (src->line_types, i);
      gbacw_scenario_io_replace_or_append (dest->line_types, t, t->id, line_type_id);
    }
  g_ptr_array_set_free_func (src->hex_terrains, NULL);
  g_ptr_array_set_free_func (src->hexside_types, NULL);
  g_ptr_array_set_free_func (src->line_types, NULL);
  g_ptr_array_set_size (src->hex_terrains, 0);
  g_ptr_array_set_size (src->hexside_types, 0);
  g_ptr_array_set_size (src->line_types, 0);
  g_ptr_array_set_free_func (src->hex_terrains, (GDestroyNotify) gbacw_hex_terrain_free);
  g_ptr_array_set_free_func (src->hexside_types, (GDestroyNotify) gbacw_hexside_type_free);
  g_ptr_array_set_free_func (src->line_types, (GDestroyNotify) gbacw_line_type_free);
}

/* Finds the node of a parsed entry by id, for messages about the merged catalogue. */
static const xmlNode *
node_for_id (GPtrArray *items, GPtrArray *nodes, const char *id, const char *(*get_id) (gpointer))
{
  for (guint i = 0; i < items->len; i++)
    if (g_strcmp0 (get_id (g_ptr_array_index (items, i)), id) == 0)
      return g_ptr_array_index (nodes, i);
  return NULL;
}

/* Checks a merged catalogue: sizes, unique codes, requires. parsed/nodes name the entries
 * that came from this file (the others are the ones it was merged into). */
gboolean
gbacw_scenario_io_check_catalogue (Loader *ld, const xmlNode *cat_node, const GbacwCatalogue *merged,
                 GbacwCatalogue *parsed, CatalogueNodes *nodes)
{
  g_autoptr (GHashTable) codes = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) hexside_ids = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < merged->hex_terrains->len; i++)
    {
      GbacwHexTerrain *t = g_ptr_array_index (merged->hex_terrains, i);
      const xmlNode *n = node_for_id (parsed->hex_terrains, nodes->hex_terrain_nodes, t->id, hex_terrain_id);
      const char *other;
      if (!n)
        n = cat_node;
      if (i >= GBACW_MAX_HEX_TERRAINS)
        return invalid (ld, n, _("too many hex terrain types: at most %d are allowed"), GBACW_MAX_HEX_TERRAINS);
      if (t->code == NULL || strcmp (t->code, "-") == 0 || strchr (t->code, '+'))
        return invalid (ld, n, _("hex-terrain “%s”: the code “%s” cannot be used: “-” means “not painted” "
                                 "and “+” joins codes in the map"), t->id, t->code ? t->code : "");
      other = g_hash_table_lookup (codes, t->code);
      if (other)
        return invalid (ld, n, _("hex-terrain “%s” has the code “%s”, which “%s” already has; "
                                 "each terrain needs its own code"), t->id, t->code, other);
      g_hash_table_insert (codes, t->code, t->id);
    }
  for (guint i = 0; i < merged->hexside_types->len; i++)
    {
      GbacwHexsideType *t = g_ptr_array_index (merged->hexside_types, i);
      g_hash_table_add (hexside_ids, t->id);
      if (i >= GBACW_MAX_HEXSIDE_TYPES)
        {
          const xmlNode *n = node_for_id (parsed->hexside_types, nodes->hexside_type_nodes, t->id, hexside_type_id);
          return invalid (ld, n ? n : cat_node, _("too many hexside types: at most %d are allowed"),
                          GBACW_MAX_HEXSIDE_TYPES);
        }
    }
  for (guint i = 0; i < merged->line_types->len; i++)
    if (i >= GBACW_MAX_LINE_TYPES)
      {
        GbacwLineType *t = g_ptr_array_index (merged->line_types, i);
        const xmlNode *n = node_for_id (parsed->line_types, nodes->line_type_nodes, t->id, line_type_id);
        return invalid (ld, n ? n : cat_node, _("too many line types: at most %d are allowed"),
                        GBACW_MAX_LINE_TYPES);
      }
  for (guint i = 0; i < parsed->hexside_types->len; i++)
    {
      GbacwHexsideType *t = g_ptr_array_index (parsed->hexside_types, i);
      for (guint j = 0; t->requires && t->requires[j]; j++)
        if (!g_hash_table_contains (hexside_ids, t->requires[j]))
          return invalid (ld, g_ptr_array_index (nodes->hexside_type_nodes, i),
                          _("hexside-type “%s” requires “%s”, which is not a hexside type of the catalogue"),
                          t->id, t->requires[j]);
    }
  return TRUE;
}

void
gbacw_scenario_io_catalogue_nodes_init (CatalogueNodes *nodes)
{
  nodes->hex_terrain_nodes = g_ptr_array_new ();
  nodes->hexside_type_nodes = g_ptr_array_new ();
  nodes->line_type_nodes = g_ptr_array_new ();
}

void
gbacw_scenario_io_catalogue_nodes_clear (CatalogueNodes *nodes)
{
  g_ptr_array_unref (nodes->hex_terrain_nodes);
  g_ptr_array_unref (nodes->hexside_type_nodes);
  g_ptr_array_unref (nodes->line_type_nodes);
}

void
gbacw_scenario_io_catalogue_init_empty (GbacwCatalogue *cat)
{
  cat->hex_terrains = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_hex_terrain_free);
  cat->hexside_types = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_hexside_type_free);
  cat->line_types = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_line_type_free);
}

/* ==================================================================== charts */

/* Splits "a | b | c" into trimmed pieces; an empty or blank text has no pieces. */
static char **
split_cells (const char *s)
{
  const char *p = s;
  while (g_ascii_isspace (*p))
    p++;
  if (*p == '\0')
    return g_new0 (char *, 1);
  {
    char **cells = g_strsplit (s, "|", -1);
    for (guint i = 0; cells[i]; i++)
      g_strstrip (cells[i]);
    return cells;
  }
}

static gboolean
has_space (const char *s)
{
  for (; *s; s++)
    if (g_ascii_isspace (*s))
      return TRUE;
  return FALSE;
}

/* A row's stand-ins="col col …": its invented cells a stand-in filled (gbacw-stand-ins.h). */
static gboolean
load_cell_stand_ins (Loader *ld, const xmlNode *node, const GbacwChart *chart, GbacwChartRow *row)
{
  const char *s = attr (node, "stand-ins");
  g_auto (GStrv) words = NULL;

  if (s == NULL)
    return TRUE;
  words = g_strsplit_set (s, " \t\n", -1);
  for (guint i = 0; words[i]; i++)
    {
      int col;
      if (*words[i] == '\0')
        continue;
      col = gbacw_chart_find_column (chart, words[i]);
      if (col < 0)
        {
          invalid (ld, node, _("chart “%s”, row “%s”: stand-ins=\"%s\": the chart has no column “%s”"), chart->id,
                   row->id, s, words[i]);
          return FALSE;
        }
      if (row->cells[col].status != GBACW_CELL_INVENTED)
        {
          invalid (ld, node, _("chart “%s”, row “%s”: stand-ins=\"%s\": the cell in column “%s” is not invented; "
                               "a stand-in is written {value}"), chart->id, row->id, s, words[i]);
          return FALSE;
        }
      row->cells[col].stand_in = TRUE;
    }
  return TRUE;
}

static GbacwChart *
load_chart (Loader *ld, const xmlNode *node)
{
  g_autofree char *id = get_token (node, "id");
  g_autoptr (GbacwChart) chart = gbacw_chart_new (id, attr (node, "name"));
  g_autoptr (GHashTable) columns = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) rows = g_hash_table_new (g_str_hash, g_str_equal);

  chart->rule_case = dup_attr (node, "case");
  chart->source = dup_attr (node, "source");
  FOR_ELEMENTS (c, node)
    {
      if (is (c, "note"))
        g_ptr_array_add (chart->notes, g_strdup (text (ld, c)));
      else if (is (c, "columns"))
        {
          g_auto (GStrv) cols = split_cells (text (ld, c));
          for (guint i = 0; cols[i]; i++)
            {
              if (*cols[i] == '\0')
                {
                  invalid (ld, c, _("chart “%s”: column %u has no id"), id, i + 1);
                  return NULL;
                }
              if (has_space (cols[i]))
                {
                  invalid (ld, c, _("chart “%s”: the column id “%s” contains a space"), id, cols[i]);
                  return NULL;
                }
              g_ptr_array_add (chart->columns, g_strdup (cols[i]));
              if (!check_unique (ld, columns, c, g_ptr_array_index (chart->columns, i), _("columns")))
                return NULL;
            }
        }
      else if (is (c, "row"))
        {
          g_autofree char *row_id = get_token (c, "id");
          g_auto (GStrv) cells = split_cells (text (ld, c));
          guint n = g_strv_length (cells);
          GbacwChartRow *row;

          if (n != chart->columns->len)
            {
              invalid (ld, c, _("chart “%s”, row “%s”: the number of cells (%u) is not the number of columns (%u); "
                              "each row needs one cell per column"),
                       id, row_id, n, chart->columns->len);
              return NULL;
            }
          row = gbacw_chart_add_row (chart, row_id, attr (c, "name"));
          if (!check_unique (ld, rows, c, row->id, _("rows in this chart")))
            return NULL;
          for (guint i = 0; i < n; i++)
            {
              if (*cells[i] == '\0')
                {
                  invalid (ld, c, _("chart “%s”, row “%s”: cell %u (column “%s”) is empty; write ? for a value "
                                    "that is not known"), id, row_id, i + 1,
                           (const char *) g_ptr_array_index (chart->columns, i));
                  return NULL;
                }
              gbacw_cell_parse (&row->cells[i], cells[i]);
            }
          if (!load_cell_stand_ins (ld, c, chart, row))
            return NULL;
        }
      else if (is (c, "cell-note"))
        {
          GbacwCellNote *note = g_new0 (GbacwCellNote, 1);
          g_ptr_array_add (chart->cell_notes, note);
          note->row = get_token (c, "row");
          note->col = get_token (c, "col");
          note->text = g_strdup (text (ld, c));
          if (!g_hash_table_contains (rows, note->row))
            {
              invalid (ld, c, _("chart “%s”: the cell note is about row “%s”, which the chart does not have"),
                       id, note->row);
              return NULL;
            }
          if (!g_hash_table_contains (columns, note->col))
            {
              invalid (ld, c, _("chart “%s”: the cell note is about column “%s”, which the chart does not have"),
                       id, note->col);
              return NULL;
            }
        }
    }
  return g_steal_pointer (&chart);
}

/* Loads the <chart> children of node into charts, checking ids are unique within the file. */
gboolean
gbacw_scenario_io_load_charts (Loader *ld, const xmlNode *node, GPtrArray *charts)
{
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  FOR_ELEMENTS (c, node)
    if (is (c, "chart"))
      {
        GbacwChart *chart = load_chart (ld, c);
        if (!chart)
          return FALSE;
        g_ptr_array_add (charts, chart);
        if (!check_new_id (ld, ids, c, chart->id, _("charts")))
          return FALSE;
      }
  return TRUE;
}

/* ==================================================================== order of battle */

typedef struct {
  GHashTable *side_ids;
  GHashTable *formation_ids;
  GHashTable *unit_ids;
  GPtrArray *formation_nodes;   /* parallel to oob->formations */
  GHashTable *area_ids;
} Refs;

static gboolean load_oob_content (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node,
                                  const char *side, const char *formation, int depth);

/* stand-ins="strength morale …": the values that are stand-ins (gbacw-stand-ins.h). */
static gboolean
get_stand_ins (Loader *ld, const xmlNode *node, guint32 *out)
{
  const char *s = attr (node, "stand-ins");
  g_auto (GStrv) words = NULL;

  if (s == NULL)
    return TRUE;
  words = split_words (s);
  for (guint i = 0; words[i]; i++)
    {
      int field = gbacw_oob_field_from_string (words[i]);
      if (field < 0 || !gbacw_stand_in_field (field))
        return invalid (ld, node, _("%s: stand-ins=\"%s\": “%s” is not a value that can be a stand-in"), what (ld, node),
                        s, words[i]);
      *out |= 1u << field;
    }
  return TRUE;
}

static gboolean
load_unit (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *c, const char *side, const char *formation)
{
  g_autofree char *id = get_token (c, "id");
  GbacwUnit *u;

  if (is (c, "leader"))
    {
      g_autofree char *role = get_token (c, "role");
      int r = gbacw_leader_role_from_string (role);
      u = gbacw_unit_new (id, side, GBACW_UNIT_LEADER);
      g_ptr_array_add (s->oob.units, u);
      u->formation = g_strdup (formation);
      u->designation = dup_attr (c, "name");
      u->rank = dup_attr (c, "rank");
      if (r >= 0)
        u->role = r;
      if (get_yes_no (c, "independent"))
        u->flags |= GBACW_UNIT_FLAG_INDEPENDENT;
      if (!get_int (ld, c, "er", 0, 1000, &u->er)
          || !get_int (ld, c, "rally", 0, 1000, &u->rally)
          || !get_int (ld, c, "dir", 0, 1000, &u->dir)
          || !get_int (ld, c, "cp", 0, 1000, &u->cp)
          || !get_int (ld, c, "vp", 0, G_MAXINT, &u->vp)
          || !get_stand_ins (ld, c, &u->stand_ins))
        return FALSE;
    }
  else
    {
      g_autofree char *type = get_token (c, "type");
      g_autofree char *crew = get_token (c, "crew");
      int t = gbacw_unit_type_from_string (type);
      u = gbacw_unit_new (id, side, t >= 0 ? t : GBACW_UNIT_INFANTRY);
      g_ptr_array_add (s->oob.units, u);
      u->formation = g_strdup (formation);
      u->designation = dup_attr (c, "designation");
      u->weapon = get_token (c, "weapon");
      if (get_yes_no (c, "independent"))
        u->flags |= GBACW_UNIT_FLAG_INDEPENDENT;
      if (get_yes_no (c, "sharpshooter"))
        u->flags |= GBACW_UNIT_FLAG_SHARPSHOOTER;
      if (get_yes_no (c, "horse-artillery"))
        u->flags |= GBACW_UNIT_FLAG_HORSE_ARTILLERY;
      if (get_yes_no (c, "section"))
        u->flags |= GBACW_UNIT_FLAG_SECTION;
      if (get_yes_no (c, "double-shot"))
        u->flags |= GBACW_UNIT_FLAG_DOUBLE_SHOT;
      if (crew && strcmp (crew, "full") == 0)
        u->crew = GBACW_CREW_FULL;
      else if (crew && strcmp (crew, "half") == 0)
        u->crew = GBACW_CREW_HALF;
      else if (!get_int (ld, c, "crew", 0, 100000, &u->crew_strength))
        return FALSE;
      if (!get_int (ld, c, "strength", 0, 100000, &u->strength)
          || !get_int (ld, c, "guns", 0, 1000, &u->guns)
          || !get_int (ld, c, "small-arms", 0, 100000, &u->small_arms_boxes)
          || !get_int (ld, c, "artillery-ammo", 0, 100000, &u->artillery_boxes)
          || !get_morale (ld, c, "morale", &u->morale)
          || !get_morale (ld, c, "dismounted-morale", &u->dismounted_morale)
          || !get_int (ld, c, "rounds", 0, 100000, &u->rounds)
          || !get_int (ld, c, "vp", 0, G_MAXINT, &u->vp)
          || !get_stand_ins (ld, c, &u->stand_ins))
        return FALSE;
    }
  return check_new_id (ld, refs->unit_ids, c, u->id, _("units or leaders"));
}

static gboolean
load_formation (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *c, const char *side,
                const char *parent, int depth)
{
  g_autofree char *id = get_token (c, "id");
  g_autofree char *kind = get_token (c, "kind");
  const char *bce = attr (c, "bce");
  int k = gbacw_formation_kind_from_string (kind);
  GbacwFormation *f = gbacw_formation_new (id, side, k >= 0 ? k : GBACW_FORMATION_GROUP);

  g_ptr_array_add (s->oob.formations, f);
  g_ptr_array_add (refs->formation_nodes, (gpointer) c);
  f->parent = g_strdup (parent);
  f->name = dup_attr (c, "name");
  f->commander = get_token (c, "commander");
  f->independent = get_yes_no (c, "independent");
  if (!check_new_id (ld, refs->formation_ids, c, f->id, _("formations")))
    return FALSE;
  if (depth > 32)
    return invalid (ld, c, _("formations are nested too deeply"));
  if (bce)
    {
      g_auto (GStrv) words = split_words (bce);
      for (guint i = 0; words[i]; i++)
        {
          gint64 v;
          if (i >= 2)
            return invalid (ld, c, _("%s: bce=\"%s\" has more than two days"), what (ld, c), bce);
          if (strcmp (words[i], "?") == 0)
            continue;
          if (!parse_int_text (words[i], &v) || v < 0 || v > 100000)
            return invalid (ld, c, _("%s: bce=\"%s\": a BCE limit must be a number, 0 or more, or ?"),
                            what (ld, c), bce);
          f->bce[i] = (int) v;
        }
    }
  if (!get_int (ld, c, "bce-vp", 0, G_MAXINT, &f->bce_vp)
      || !get_int (ld, c, "momentum", 0, G_MAXINT, &f->momentum)
      || !get_stand_ins (ld, c, &f->stand_ins))
    return FALSE;
  return load_oob_content (ld, s, refs, c, side, id, depth + 1);
}

static gboolean
load_oob_content (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node, const char *side,
                  const char *formation, int depth)
{
  FOR_ELEMENTS (c, node)
    {
      if (is (c, "formation"))
        {
          if (!load_formation (ld, s, refs, c, side, formation, depth))
            return FALSE;
        }
      else if (is (c, "unit") || is (c, "leader"))
        {
          if (!load_unit (ld, s, refs, c, side, formation))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
load_oob (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node)
{
  FOR_ELEMENTS (c, node)
    {
      GbacwSide *side;
      g_autofree char *id = get_token (c, "id");
      side = gbacw_side_new (id, attr (c, "name"));
      side->colour = get_token (c, "colour");
      g_ptr_array_add (s->oob.sides, side);
      if (!check_new_id (ld, refs->side_ids, c, side->id, _("sides")))
        return FALSE;
      if (!load_oob_content (ld, s, refs, c, side->id, NULL, 0))
        return FALSE;
    }
  /* commanders can be listed after their formation's sub-formations */
  if (s->oob.formations->len)
    {
      g_autoptr (GHashTable) units = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i < s->oob.units->len; i++)
        {
          GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
          g_hash_table_insert (units, u->id, u);
        }
      for (guint i = 0; i < s->oob.formations->len; i++)
        {
          GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
          const xmlNode *c = g_ptr_array_index (refs->formation_nodes, i);
          GbacwUnit *leader;
          if (f->commander == NULL)
            continue;
          leader = g_hash_table_lookup (units, f->commander);
          if (leader == NULL)
            return invalid (ld, c, _("formation “%s”: its commander “%s” is not a leader of the order of battle"),
                            f->id, f->commander);
          if (leader->type != GBACW_UNIT_LEADER)
            return invalid (ld, c, _("formation “%s”: its commander “%s” is a unit, not a leader"),
                            f->id, f->commander);
        }
    }
  return TRUE;
}

/* ==================================================================== map */

static gboolean
load_grid (Loader *ld, const xmlNode *node, GbacwHexGrid *grid)
{
  g_autofree char *orientation = get_token (node, "orientation");
  g_autofree char *shift = get_token (node, "shift");
  g_autoptr (GError) error = NULL;
  int columns = 0, rows = 0;

  if (!get_int (ld, node, "columns", 1, GBACW_GRID_MAX_SIZE, &columns)
      || !get_int (ld, node, "rows", 1, GBACW_GRID_MAX_SIZE, &rows))
    return FALSE;
  gbacw_hex_grid_init_default (grid, columns, rows);
  if (orientation)
    grid->orientation = strcmp (orientation, "pointy") == 0 ? GBACW_GRID_POINTY_ROWS : GBACW_GRID_FLAT_COLUMNS;
  if (shift)
    grid->shift = strcmp (shift, "even") == 0 ? GBACW_SHIFT_EVEN : GBACW_SHIFT_ODD;
  if (!get_int (ld, node, "first", 0, 1, &grid->first_number)
      || !get_int (ld, node, "digits", 1, 3, &grid->digits))
    return FALSE;
  if (!gbacw_hex_grid_validate (grid, &error))
    return invalid (ld, node, "%s", error->message);
  return TRUE;
}

/* Checks the n attribute of a terrain/elevation row. */
static gboolean
check_row_number (Loader *ld, const xmlNode *row, const char *section, int index)
{
  const char *n = attr (row, "n");
  gint64 v;
  int expected = index + ld->grid->first_number;

  if (index >= ld->grid->rows)
    return invalid (ld, row, _("<%s> has more rows than the map's %d"), section, ld->grid->rows);
  if (!parse_int_text (n, &v) || v != expected)
    return invalid (ld, row, _("<%s> row n=\"%s\" is out of order: row %d was expected here "
                               "(one row element per map row, in order)"), section, n, expected);
  return TRUE;
}

static gboolean
check_row_count (Loader *ld, const xmlNode *section_node, const char *section, int n_rows)
{
  if (n_rows != ld->grid->rows)
    return invalid (ld, section_node, g_dngettext (GETTEXT_PACKAGE, "<%s> has %d row but the map has %d", "<%s> has %d rows but the map has %d",
                                                      n_rows), section, n_rows, ld->grid->rows);
  return TRUE;
}

/* One hex's token of a terrain or elevation row, start to end (not terminated). */
typedef gboolean (*RowCellFunc) (Loader *ld, GbacwScenario *s, const xmlNode *row, int hex, const char *start,
                                 const char *end, gpointer data);

static gboolean
is_row_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* <terrain>/<elevation>: one row element per map row, in order, each holding one
 * space-separated token per column; cell parses a token. */
static gboolean
load_rows (Loader *ld, GbacwScenario *s, const xmlNode *node, const char *section, RowCellFunc cell,
           gpointer data)
{
  const GbacwHexGrid *grid = ld->grid;
  int r = 0;

  FOR_ELEMENTS (row, node)
    {
      const char *p = text (ld, row);
      int col = 0;

      if (!check_row_number (ld, row, section, r))
        return FALSE;
      for (;;)
        {
          const char *start;

          while (is_row_space (*p))
            p++;
          if (*p == '\0')
            break;
          start = p;
          while (*p && !is_row_space (*p))
            p++;
          if (col >= grid->columns)
            return invalid (ld, row, g_dngettext (GETTEXT_PACKAGE, "%s row %s has more hexes than the map's %d column",
                                                 "%s row %s has more hexes than the map's %d columns", grid->columns),
                            section, attr (row, "n"), grid->columns);
          if (!cell (ld, s, row, r * grid->columns + col, start, p, data))
            return FALSE;
          col++;
        }
      if (col != grid->columns)
        {
          g_autofree char *columns =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d column", "%d columns", grid->columns), grid->columns);
          /* TRANSLATORS: the section, the row, its hexes, the map's "N columns" */
          return invalid (ld, row, g_dngettext (GETTEXT_PACKAGE, "%s row %s has %d hex but the map has %s",
                                                 "%s row %s has %d hexes but the map has %s", col),
                          section, attr (row, "n"), col, columns);
        }
      r++;
    }
  return check_row_count (ld, node, section, r);
}

/* "-" (no terrain) or terrain codes joined by +; in braces ("{.}") a stand-in terrain */
static gboolean
terrain_cell (Loader *ld, GbacwScenario *s, const xmlNode *row, int hex, const char *start, const char *end,
              gpointer data)
{
  GHashTable *codes = data;
  guint64 mask = 0;
  gboolean stand_in = FALSE;

  if (end - start >= 3 && *start == '{' && end[-1] == '}')
    {
      char whole[16];
      gboolean is_code = FALSE;
      if (end - start < (gssize) sizeof whole)
        {
          memcpy (whole, start, end - start);
          whole[end - start] = '\0';
          is_code = g_hash_table_contains (codes, whole);
        }
      if (!is_code)
        {
          start++;
          end--;
          stand_in = TRUE;
          if (end - start == 1 && *start == '-')
            {
              g_autofree char *label = hex_label (ld->grid, hex);
              return invalid (ld, row, _("terrain row %s, hex %s: “{-}” is not a terrain: a stand-in in braces "
                                         "is terrain codes, “-” alone is a hex not painted"),
                              attr (row, "n"), label);
            }
        }
    }
  if (!(end - start == 1 && *start == '-'))
    for (const char *q = start; q < end;)
      {
        const char *piece = q;
        char code[16];
        gpointer index;

        while (q < end && *q != '+')
          q++;
        if (q - piece == 0 || q - piece >= (gssize) sizeof code)
          {
            g_autofree char *label = hex_label (ld->grid, hex);
            return invalid (ld, row, _("terrain row %s, hex %s: “%.*s” is not a terrain code "
                                       "(codes are joined by + without spaces)"),
                            attr (row, "n"), label, (int) (end - start), start);
          }
        memcpy (code, piece, q - piece);
        code[q - piece] = '\0';
        if (!g_hash_table_lookup_extended (codes, code, NULL, &index))
          {
            g_autofree char *label = hex_label (ld->grid, hex);
            return invalid (ld, row, _("terrain row %s, hex %s: unknown terrain code “%s”; the "
                                       "terrain catalogue has no hex-terrain with that code"),
                            attr (row, "n"), label, code);
          }
        mask |= G_GUINT64_CONSTANT (1) << GPOINTER_TO_UINT (index);
        if (q < end && ++q == end)
          {
            g_autofree char *label = hex_label (ld->grid, hex);
            return invalid (ld, row, _("terrain row %s, hex %s: “%.*s” ends with +"),
                            attr (row, "n"), label, (int) (end - start), start);
          }
      }
  s->map->terrain[hex] = mask;
  s->map->terrain_stand_in[hex] = stand_in;
  return TRUE;
}

/* a level: a whole number below the number of <levels> when there are any */
static gboolean
elevation_cell (Loader *ld, GbacwScenario *s, const xmlNode *row, int hex, const char *start, const char *end,
                G_GNUC_UNUSED gpointer data)
{
  int n_levels = (int) s->map->levels->len;
  int v = 0;
  gboolean ok = TRUE;

  for (const char *p = start; p < end; p++)
    if (*p >= '0' && *p <= '9' && v <= G_MAXINT16)
      v = v * 10 + (*p - '0');
    else
      ok = FALSE;
  if (!ok || v > G_MAXINT16)
    {
      g_autofree char *label = hex_label (ld->grid, hex);
      return invalid (ld, row, _("elevation row %s, hex %s: “%.*s” is not an elevation level "
                                 "(a whole number, 0 or more)"),
                      attr (row, "n"), label, (int) (end - start), start);
    }
  if (n_levels > 0 && v >= n_levels)
    {
      g_autofree char *label = hex_label (ld->grid, hex);
      return invalid (ld, row, g_dngettext (GETTEXT_PACKAGE, "elevation row %s, hex %s: level %d, but <levels> lists only %d "
                                              "level (0 to %d)",
                                              "elevation row %s, hex %s: level %d, but <levels> lists only %d "
                                              "levels (0 to %d)", n_levels),
                      attr (row, "n"), label, v, n_levels, n_levels - 1);
    }
  s->map->elevation[hex] = (gint16) v;
  return TRUE;
}

/* Gives hexside id the name of a work; a hexside is in one work only. */
static gboolean
name_hexside (Loader *ld, GbacwMap *map, const xmlNode *node, GbacwHexsideId id, const char *name, const char *ref)
{
  const char *old = g_hash_table_lookup (map->hexside_names, GUINT_TO_POINTER (id));

  if (old != NULL && strcmp (old, name) != 0)
    return invalid (ld, node, _("hexside %s is in two works, “%s” and “%s”; a hexside belongs to one work"),
                    ref, old, name);
  g_hash_table_insert (map->hexside_names, GUINT_TO_POINTER (id), g_strdup (name));
  return TRUE;
}

/* <work name="Battery Robinett" hexsides="0707:n 0707:ne"/>: one name for the hexsides of
 * a redan or work. */
static gboolean
load_work (Loader *ld, GbacwMap *map, const xmlNode *node)
{
  const GbacwHexGrid *grid = ld->grid;
  const char *name = attr (node, "name");
  g_auto (GStrv) refs = split_words (attr (node, "hexsides") ? attr (node, "hexsides") : "");

  for (guint i = 0; refs[i]; i++)
    {
      const char *colon = strchr (refs[i], ':');
      g_autofree char *label = colon ? g_strndup (refs[i], (gsize) (colon - refs[i])) : NULL;
      g_autoptr (GError) error = NULL;
      GbacwHexsideId id;
      GbacwHex hex;
      int dir;

      if (label == NULL || !gbacw_hex_grid_parse_label (grid, label, &hex, &error))
        return invalid (ld, node, _("work “%s”: “%s” is not a hexside on the map; write HEX:DIRECTION, "
                                    "as 0712:s"), name, refs[i]);
      if ((dir = gbacw_hex_direction_parse (grid->orientation, colon + 1)) < 0)
        return invalid (ld, node, _("work “%s”: “%s” has no direction of this map's hexes after the colon"),
                        name, refs[i]);
      id = gbacw_hex_grid_hexside (grid, hex, dir);
      if (id == GBACW_HEXSIDE_NONE || !gbacw_hex_grid_hexside_on_map (grid, id))
        return invalid (ld, node, _("work “%s”: hexside %s is not on the map"), name, refs[i]);
      if (!name_hexside (ld, map, node, id, name, refs[i]))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_hexsides (Loader *ld, GbacwScenario *s, const xmlNode *node, GHashTable *hexside_type_index)
{
  const GbacwHexGrid *grid = ld->grid;
  GbacwMap *map = s->map;
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);

  FOR_ELEMENTS (c, node)
    if (is (c, "work") && !load_work (ld, map, c))
      return FALSE;
  FOR_ELEMENTS (c, node)
    {
      g_autofree char *features = get_token (c, "features");
      g_autofree char *inside = get_token (c, "inside");
      const char *name = attr (c, "name");
      int hex = -1, dir = -1;
      GbacwHexsideId id;
      GbacwHex a, b;
      guint32 mask = 0, inside_mask = 0;
      gpointer line;

      if (!is (c, "hexside"))
        continue;
      if (!get_hex (ld, c, "hex", &hex) || !get_direction (ld, c, "dir", &dir))
        return FALSE;
      id = gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex), dir);
      if (id == GBACW_HEXSIDE_NONE || !gbacw_hex_grid_hexside_hexes (grid, id, &a, NULL, &b))
        return invalid (ld, c, _("hexside %s %s is not on the map"), attr (c, "hex"), attr (c, "dir"));
      if (g_hash_table_lookup_extended (seen, GUINT_TO_POINTER (id), NULL, &line))
        return invalid (ld, c, _("hexside %s %s is listed twice (also on line %ld); list all its features "
                                 "in one <hexside>"),
                        attr (c, "hex"), attr (c, "dir"), (long) GPOINTER_TO_SIZE (line));
      g_hash_table_insert (seen, GUINT_TO_POINTER (id), GSIZE_TO_POINTER ((gsize) node_line (c)));
      if (features)
        {
          g_auto (GStrv) words = split_words (features);
          for (guint i = 0; words[i]; i++)
            {
              gpointer index;
              GbacwHexsideType *type;
              if (!g_hash_table_lookup_extended (hexside_type_index, words[i], NULL, &index))
                return invalid (ld, c, _("hexside %s %s: unknown feature “%s”; the terrain catalogue has no "
                                         "hexside-type with that id"), attr (c, "hex"), attr (c, "dir"), words[i]);
              mask |= 1u << GPOINTER_TO_UINT (index);
              type = g_ptr_array_index (s->catalogue.hexside_types, GPOINTER_TO_UINT (index));
              if (type->side == GBACW_SIDE_MODE_INSIDE)
                inside_mask |= 1u << GPOINTER_TO_UINT (index);
            }
        }
      if (inside)
        {
          int inside_index;
          GbacwHex ih;
          if (inside_mask == 0)
            return invalid (ld, c, _("hexside %s %s: inside=\"%s\" is only for features whose hexside type "
                                     "has side=\"inside\" (works, redans)"),
                            attr (c, "hex"), attr (c, "dir"), inside);
          if (!parse_hex (ld, c, inside, &inside_index))
            return FALSE;
          ih = gbacw_hex_grid_hex_at (grid, inside_index);
          if (gbacw_hex_equal (ih, b))
            map->hexside_inside[id] = inside_mask;
          else if (!gbacw_hex_equal (ih, a))
            return invalid (ld, c, _("hexside %s %s: the inside hex %s is not one of the two hexes on either "
                                     "side of it"), attr (c, "hex"), attr (c, "dir"), inside);
        }
      else if (inside_mask)
        return invalid (ld, c, _("hexside %s %s has a feature that needs inside=\"HEX\" to say which of the "
                                 "two hexes is inside it"), attr (c, "hex"), attr (c, "dir"));
      map->hexside_features[id] = mask;
      /* a name on the hexside itself: files before <work> */
      if (name)
        {
          g_autofree char *ref = g_strdup_printf ("%s:%s", attr (c, "hex"), attr (c, "dir"));
          if (!name_hexside (ld, map, c, id, name, ref))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
load_lines (Loader *ld, GbacwScenario *s, const xmlNode *node)
{
  const GbacwHexGrid *grid = ld->grid;
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (int));

  FOR_ELEMENTS (c, node)
    {
      g_autofree char *type = get_token (c, "type");
      int t = gbacw_catalogue_find_line_type (&s->catalogue, type);

      if (t < 0)
        return invalid (ld, c, _("unknown line type “%s”; the terrain catalogue has no line-type with that id"),
                        type);
      g_array_set_size (path, 0);
      if (!parse_hex_list (ld, c, text (ld, c), path))
        return FALSE;
      if (path->len < 2)
        return invalid (ld, c, _("a %s line needs at least two hexes"), type);
      for (guint i = 1; i < path->len; i++)
        {
          GbacwHex h0 = gbacw_hex_grid_hex_at (grid, g_array_index (path, int, i - 1));
          GbacwHex h1 = gbacw_hex_grid_hex_at (grid, g_array_index (path, int, i));
          int d = gbacw_hex_grid_direction_to (grid, h0, h1);
          GbacwHexsideId id;
          if (d < 0)
            {
              g_autofree char *l0 = hex_label (grid, g_array_index (path, int, i - 1));
              g_autofree char *l1 = hex_label (grid, g_array_index (path, int, i));
              return invalid (ld, c, _("%s line: hexes %s and %s follow each other but are not adjacent"),
                              type, l0, l1);
            }
          id = gbacw_hex_grid_hexside (grid, h0, d);
          s->map->hexside_lines[id] |= (guint16) (1u << t);
        }
    }
  return TRUE;
}

static gboolean
check_side_ref (Loader *ld, Refs *refs, const xmlNode *node, const char *side, gboolean both_ok)
{
  if (side == NULL || g_hash_table_contains (refs->side_ids, side) || (both_ok && strcmp (side, "both") == 0))
    return TRUE;
  return invalid (ld, node, _("%s: there is no side “%s” in the order of battle"), what (ld, node), side);
}

static int
compare_int (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

static gboolean
load_areas (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node)
{
  FOR_ELEMENTS (c, node)
    {
      g_autofree char *id = get_token (c, "id");
      g_autofree char *kind = get_token (c, "kind");
      int k = gbacw_area_kind_from_string (kind);
      GbacwArea *area = gbacw_area_new (id, k >= 0 ? k : GBACW_AREA_OTHER, attr (c, "name"));
      GArray *h = area->hexes;

      g_ptr_array_add (s->map->areas, area);
      area->side = get_token (c, "side");
      area->description = dup_attr (c, "description");
      if (!check_new_id (ld, refs->area_ids, c, area->id, _("areas"))
          || !check_side_ref (ld, refs, c, area->side, FALSE)
          || !get_int (ld, c, "vp", G_MININT + 1, G_MAXINT, &area->vp)
          || !parse_hex_list (ld, c, text (ld, c), h))
        return FALSE;
      g_array_sort (h, compare_int);
      for (guint i = 1; i < h->len; i++)
        if (g_array_index (h, int, i) == g_array_index (h, int, i - 1))
          {
            g_autofree char *label = hex_label (ld->grid, g_array_index (h, int, i));
            return invalid (ld, c, _("area “%s”: hex %s is listed twice"), area->id, label);
          }
    }
  return TRUE;
}

static gboolean
load_labels (Loader *ld, GbacwScenario *s, const xmlNode *node)
{
  FOR_ELEMENTS (c, node)
    {
      GbacwLabel *label = g_new0 (GbacwLabel, 1);
      g_ptr_array_add (s->map->labels, label);
      label->size = 1.0;
      label->text = g_strdup (text (ld, c));
      if (!get_hex (ld, c, "hex", &label->hex)
          || !get_double (ld, c, "dx", -1000, 1000, &label->dx)
          || !get_double (ld, c, "dy", -1000, 1000, &label->dy)
          || !get_double (ld, c, "size", 0, 1000, &label->size)
          || !get_double (ld, c, "angle", -360, 360, &label->angle))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_background (Loader *ld, GbacwScenario *s, const xmlNode *c)
{
  GbacwBackground *bg = &s->map->background;
  const char *transform = attr (c, "transform");

  bg->file = dup_attr (c, "file");
  if (!get_double (ld, c, "opacity", 0, 1, &bg->opacity))
    return FALSE;
  if (!get_double (ld, c, "rotation", -45, 45, &bg->rotation))
    return FALSE;
  if (transform)
    {
      g_auto (GStrv) words = split_words (transform);
      if (g_strv_length (words) != 6)
        return invalid (ld, c, _("<background>: transform=\"%s\" must have six numbers (xx yx xy yy x0 y0)"),
                        transform);
      for (guint i = 0; i < 6; i++)
        if (!parse_double_text (words[i], &bg->transform[i]))
          return invalid (ld, c, _("<background>: transform=\"%s\": “%s” is not a number"), transform, words[i]);
    }
  return TRUE;
}

static gboolean
load_map (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node)
{
  g_autoptr (GHashTable) codes = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) hexside_types = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < s->catalogue.hex_terrains->len; i++)
    {
      GbacwHexTerrain *t = g_ptr_array_index (s->catalogue.hex_terrains, i);
      g_hash_table_insert (codes, t->code, GUINT_TO_POINTER (i));
    }
  for (guint i = 0; i < s->catalogue.hexside_types->len; i++)
    {
      GbacwHexsideType *t = g_ptr_array_index (s->catalogue.hexside_types, i);
      g_hash_table_insert (hexside_types, t->id, GUINT_TO_POINTER (i));
    }

  FOR_ELEMENTS (c, node)
    {
      gboolean ok = TRUE;
      if (is (c, "levels"))
        {
          g_auto (GStrv) words = split_words (text (ld, c));
          for (guint i = 0; words[i] && ok; i++)
            {
              gint64 v;
              int level = GBACW_UNSET;
              if (strcmp (words[i], "?") != 0)
                {
                  if (!parse_int_text (words[i], &v) || v < -100000 || v > 100000)
                    ok = invalid (ld, c, _("<levels>: “%s” is not a height in feet"), words[i]);
                  else
                    level = (int) v;
                }
              g_array_append_val (s->map->levels, level);
            }
          if (ok && s->map->levels->len > G_MAXINT16)
            ok = invalid (ld, c, _("<levels> lists too many levels"));
        }
      else if (is (c, "terrain"))
        ok = load_rows (ld, s, c, "terrain", terrain_cell, codes);
      else if (is (c, "elevation"))
        ok = load_rows (ld, s, c, "elevation", elevation_cell, NULL);
      else if (is (c, "hexsides"))
        ok = load_hexsides (ld, s, c, hexside_types);
      else if (is (c, "lines"))
        ok = load_lines (ld, s, c);
      else if (is (c, "areas"))
        ok = load_areas (ld, s, refs, c);
      else if (is (c, "labels"))
        ok = load_labels (ld, s, c);
      else if (is (c, "background"))
        ok = load_background (ld, s, c);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* ==================================================================== scenario parts */

static gboolean
get_formation_state (const xmlNode *node, GbacwFormationState *out)
{
  g_autofree char *s = get_token (node, "formation");
  int v;
  if (s == NULL)
    return TRUE;
  v = gbacw_formation_state_from_string (s);
  if (v > 0)
    *out = v;
  return TRUE;
}

static gboolean
load_turns (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node)
{
  GbacwTurnTrack *track = &s->turns;
  int previous = G_MININT;
  long previous_line = 0;

  track->first_player = get_token (node, "first-player");
  if (!get_int (ld, node, "first", 0, 100000, &track->first)
      || !get_int (ld, node, "last", 0, 100000, &track->last)
      || !check_side_ref (ld, refs, node, track->first_player, FALSE))
    return FALSE;
  if (track->last < track->first)
    return invalid (ld, node, _("<turns>: the last turn (%d) comes before the first (%d)"), track->last, track->first);
  FOR_ELEMENTS (c, node)
    {
      GbacwTurn *turn = g_new0 (GbacwTurn, 1);
      g_ptr_array_add (track->turns, turn);
      turn->n = G_MININT;
      turn->time = get_token (c, "time");
      turn->night = get_yes_no (c, "night");
      turn->first_player = get_token (c, "first-player");
      if (!get_int (ld, c, "n", 0, 100000, &turn->n) || !check_side_ref (ld, refs, c, turn->first_player, FALSE))
        return FALSE;
      if (turn->n < track->first || turn->n > track->last)
        return invalid (ld, c, _("turn %d is outside the scenario's Game-Turns (%d to %d)"), turn->n,
                        track->first, track->last);
      if (turn->n == previous)
        return invalid (ld, c, _("turn %d is listed twice (also on line %ld)"), turn->n, previous_line);
      if (turn->n < previous)
        return invalid (ld, c, _("turn %d comes after turn %d; list the turns in order"), turn->n, previous);
      previous = turn->n;
      previous_line = node_line (c);
    }
  return TRUE;
}

static gboolean
check_unit_ref (Loader *ld, Refs *refs, const xmlNode *node, const char *unit)
{
  if (g_hash_table_contains (refs->unit_ids, unit))
    return TRUE;
  return invalid (ld, node, _("%s: there is no unit or leader “%s” in the order of battle"), what (ld, node), unit);
}

static gboolean
load_deployment (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node)
{
  g_autoptr (GHashTable) placed = g_hash_table_new (g_str_hash, g_str_equal);

  FOR_ELEMENTS (c, node)
    {
      g_autofree char *unit = get_token (c, "unit");
      g_autofree char *status = get_token (c, "status");
      GbacwPlacement *p = gbacw_placement_new (unit, 0);
      gpointer line;

      g_ptr_array_add (s->deployment, p);
      if (!check_unit_ref (ld, refs, c, p->unit))
        return FALSE;
      if (g_hash_table_lookup_extended (placed, p->unit, NULL, &line))
        return invalid (ld, c, _("unit “%s” is placed twice (also on line %ld)"), p->unit,
                        (long) GPOINTER_TO_SIZE (line));
      g_hash_table_insert (placed, p->unit, GSIZE_TO_POINTER ((gsize) node_line (c)));
      get_formation_state (c, &p->formation);
      if (status && !gbacw_status_from_string (status, &p->status))
        return invalid (ld, c, _("unit “%s”: unknown status in “%s”"), p->unit, status);
      if (!get_hex (ld, c, "hex", &p->hex)
          || !get_direction (ld, c, "facing", &p->facing)
          || !get_int (ld, c, "strength", 0, 100000, &p->strength))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_reinforcements (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node)
{
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  FOR_ELEMENTS (c, node)
    {
      g_autofree char *id = get_token (c, "id");
      const char *entry = attr (c, "entry");
      GbacwReinforcement *r = gbacw_reinforcement_new (id, 0);

      g_ptr_array_add (s->reinforcements, r);
      if (!check_new_id (ld, ids, c, r->id, _("reinforcements"))
          || !get_int (ld, c, "turn", 0, 100000, &r->turn)
          || (entry && !parse_hex_list (ld, c, entry, r->entry_hexes)))
        return FALSE;
      get_formation_state (c, &r->formation);
      FOR_ELEMENTS (m, c)
        {
          char *ref = get_token (m, "ref");
          if (is (m, "unit"))
            {
              g_ptr_array_add (r->units, ref);
              if (!g_hash_table_contains (refs->unit_ids, ref))
                return invalid (ld, m, _("reinforcement “%s”: there is no unit or leader “%s” in the order of battle"),
                                r->id, ref);
            }
          else
            {
              g_ptr_array_add (r->formations, ref);
              if (!g_hash_table_contains (refs->formation_ids, ref))
                return invalid (ld, m, _("reinforcement “%s”: there is no formation “%s” in the order of battle"),
                                r->id, ref);
            }
        }
    }
  return TRUE;
}

static gboolean
check_area_ref (Loader *ld, Refs *refs, const xmlNode *node, const char *area)
{
  if (area == NULL || g_hash_table_contains (refs->area_ids, area))
    return TRUE;
  return invalid (ld, node, _("%s: there is no area “%s” on the map"), what (ld, node), area);
}

static gboolean
load_victory (Loader *ld, GbacwScenario *s, Refs *refs, const xmlNode *node)
{
  g_autoptr (GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  FOR_ELEMENTS (c, node)
    {
      if (is (c, "award"))
        {
          GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
          g_autofree char *event = get_token (c, "event");
          g_autofree char *when = get_token (c, "when");
          g_autofree char *how = get_token (c, "how");
          int e = gbacw_vp_event_from_string (event);
          g_ptr_array_add (s->vp_awards, a);
          a->id = get_token (c, "id");
          a->side = get_token (c, "side");
          a->event = e >= 0 ? e : GBACW_VP_CUSTOM;
          a->area = get_token (c, "area");
          a->vp = GBACW_UNSET;
          a->each_turn = when && strcmp (when, "each-turn") == 0;
          a->text = has_text (c) ? g_strdup (text (ld, c)) : NULL;
          a->how = how ? MAX (gbacw_vp_how_from_string (how), 0) : GBACW_VP_HOW_ANY;
          a->unit_type = get_token (c, "unit-type");
          a->role = get_token (c, "role");
          if ((a->id && !check_new_id (ld, ids, c, a->id, _("awards")))
              || !check_side_ref (ld, refs, c, a->side, TRUE)
              || !check_area_ref (ld, refs, c, a->area)
              || !get_int (ld, c, "vp", G_MININT + 1, G_MAXINT, &a->vp))
            return FALSE;
        }
      else if (is (c, "level"))
        {
          GbacwVictoryLevel *l = g_new0 (GbacwVictoryLevel, 1);
          g_ptr_array_add (s->victory_levels, l);
          l->name = dup_attr (c, "name");
          l->side = get_token (c, "side");
          l->min = GBACW_UNSET;
          if (!check_side_ref (ld, refs, c, l->side, FALSE)
              || !get_int (ld, c, "min", G_MININT + 1, G_MAXINT, &l->min))
            return FALSE;
        }
      else if (is (c, "automatic"))
        {
          GbacwAutomaticVictory *a = g_new0 (GbacwAutomaticVictory, 1);
          g_ptr_array_add (s->automatic_victories, a);
          a->side = get_token (c, "side");
          a->area = get_token (c, "area");
          a->turn = GBACW_UNSET;
          a->text = has_text (c) ? g_strdup (text (ld, c)) : NULL;
          if (!check_side_ref (ld, refs, c, a->side, FALSE)
              || !check_area_ref (ld, refs, c, a->area)
              || !get_int (ld, c, "turn", 0, 100000, &a->turn))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
load_rules (Loader *ld, GbacwScenario *s, const xmlNode *node)
{
  g_autoptr (GHashTable) options = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) exclusive = g_hash_table_new (g_str_hash, g_str_equal);

  FOR_ELEMENTS (c, node)
    {
      g_autofree char *id = get_token (c, "id");
      if (is (c, "option"))
        {
          g_autofree char *value = get_token (c, "value");
          GbacwParam *p = gbacw_param_new (id, value);
          g_ptr_array_add (s->options, p);
          if (!check_unique (ld, options, c, p->name, _("rule options")))
            return FALSE;
        }
      else if (is (c, "exclusive"))
        {
          GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
          g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
          const char *enabled = attr (c, "enabled");
          g_ptr_array_add (s->exclusive_rules, rule);
          rule->id = g_steal_pointer (&id);
          rule->enabled = enabled == NULL || get_yes_no (c, "enabled");
          rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
          if (!check_new_id (ld, exclusive, c, rule->id, _("exclusive rules")))
            return FALSE;
          FOR_ELEMENTS (p, c)
            {
              g_autofree char *name = get_token (p, "name");
              GbacwParam *param = gbacw_param_new (name, attr (p, "value"));
              g_ptr_array_add (rule->params, param);
              if (!check_new_id (ld, names, p, param->name, _("parameters of this rule")))
                return FALSE;
            }
        }
    }
  return TRUE;
}

static void
refs_init (Refs *refs)
{
  refs->side_ids = g_hash_table_new (g_str_hash, g_str_equal);
  refs->formation_ids = g_hash_table_new (g_str_hash, g_str_equal);
  refs->unit_ids = g_hash_table_new (g_str_hash, g_str_equal);
  refs->area_ids = g_hash_table_new (g_str_hash, g_str_equal);
  refs->formation_nodes = g_ptr_array_new ();
}

static void
refs_clear (Refs *refs)
{
  g_hash_table_unref (refs->side_ids);
  g_hash_table_unref (refs->formation_ids);
  g_hash_table_unref (refs->unit_ids);
  g_hash_table_unref (refs->area_ids);
  g_ptr_array_unref (refs->formation_nodes);
}

static GbacwScenario *
build_scenario (Loader *ld, xmlNode *root)
{
  xmlNode *map_node = gbacw_scenario_io_child_element (root, "map");
  GbacwHexGrid grid;
  g_autoptr (GbacwScenario) s = NULL;
  CatalogueNodes nodes;
  Refs refs;
  gboolean ok = TRUE;

  if (map_node == NULL)
    {
      invalid (ld, root, _("the scenario has no <map>"));
      return NULL;
    }
  if (!load_grid (ld, map_node, &grid))
    return NULL;
  ld->grid = &grid;
  s = gbacw_scenario_new (&grid);
  ld->grid = &s->map->grid;
  {
    g_autofree char *north = get_token (map_node, "north");
    s->map->north = gbacw_north_parse (north);
    if (north && s->map->north == GBACW_NORTH_UNSET)
      {
        invalid (ld, map_node, _("the map's north “%s” is not top, right, bottom or left"), north);
        return NULL;
      }
  }

  gbacw_scenario_io_catalogue_nodes_init (&nodes);
  refs_init (&refs);

  /* Sections that others refer to first: the catalogue, the charts and the order of
   * battle, then the map (areas refer to sides), then the rest. */
  FOR_ELEMENTS (c, root)
    {
      if (!ok)
        break;
      if (is (c, "info"))
        {
          xmlNode *n;
          if ((n = gbacw_scenario_io_child_element (c, "title")))
            s->info.title = g_strdup (text (ld, n));
          if ((n = gbacw_scenario_io_child_element (c, "game")))
            s->info.game = g_strdup (text (ld, n));
          if ((n = gbacw_scenario_io_child_element (c, "description")))
            s->info.description = g_strdup (text (ld, n));
        }
      else if (is (c, "terrain-catalogue"))
        ok = gbacw_scenario_io_load_catalogue (ld, c, &s->catalogue, &nodes)
             && gbacw_scenario_io_check_catalogue (ld, c, &s->catalogue, &s->catalogue, &nodes);
      else if (is (c, "charts"))
        ok = gbacw_scenario_io_load_charts (ld, c, s->charts);
      else if (is (c, "order-of-battle"))
        ok = load_oob (ld, s, &refs, c);
    }
  if (ok)
    ok = load_map (ld, s, &refs, map_node);
  FOR_ELEMENTS (c, root)
    {
      if (!ok)
        break;
      if (is (c, "turns"))
        ok = load_turns (ld, s, &refs, c);
      else if (is (c, "deployment"))
        ok = load_deployment (ld, s, &refs, c);
      else if (is (c, "reinforcements"))
        ok = load_reinforcements (ld, s, &refs, c);
      else if (is (c, "victory"))
        ok = load_victory (ld, s, &refs, c);
      else if (is (c, "rules"))
        ok = load_rules (ld, s, c);
    }

  gbacw_scenario_io_catalogue_nodes_clear (&nodes);
  refs_clear (&refs);
  if (!ok)
    return NULL;
  gbacw_oob_reindex (&s->oob);
  return g_steal_pointer (&s);
}

/* ==================================================================== loading entry points */

void
gbacw_scenario_io_loader_init (Loader *ld, const char *display_name)
{
  memset (ld, 0, sizeof *ld);
  ld->name = display_name ? display_name : "(memory)";
  ld->scratch = g_string_new (NULL);
  ld->what = g_string_new (NULL);
}

GbacwScenario *
gbacw_scenario_load_bytes (GBytes *bytes, const char *display_name, GError **error)
{
  Loader ld;
  xmlDocPtr doc;
  gsize length;
  const char *data;
  GbacwScenario *s = NULL;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  gbacw_scenario_io_loader_init (&ld, display_name);
  data = g_bytes_get_data (bytes, &length);
  doc = gbacw_scenario_io_parse_document (&ld, data ? data : "", length, "scenario");
  if (doc)
    {
      s = build_scenario (&ld, xmlDocGetRootElement (doc));
      xmlFreeDoc (doc);
    }
  if (!s)
    {
      if (!ld.error)
        fail_at (&ld, GBACW_IO_ERROR_INVALID, 0, _("the file could not be loaded"));
      g_propagate_error (error, g_steal_pointer (&ld.error));
    }
  gbacw_scenario_io_loader_clear (&ld);
  return s;
}

GbacwScenario *
gbacw_scenario_load_file (const char *path, GError **error)
{
  g_autofree char *display_name = NULL;
  g_autoptr (GBytes) bytes = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  display_name = g_filename_display_name (path);
  bytes = gbacw_file_read (path, GBACW_FILE_KIND_SCENARIO, error);
  if (!bytes)
    return NULL;
  return gbacw_scenario_load_bytes (bytes, display_name, error);
}

gboolean
gbacw_game_record_check (GBytes *bytes, const char *display_name, char **scenario, int *scenario_line,
                         GArray **action_lines, GError **error)
{
  Loader ld;
  xmlDocPtr doc;
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL && scenario != NULL && scenario_line != NULL && action_lines != NULL, FALSE);
  gbacw_scenario_io_loader_init (&ld, display_name);
  data = g_bytes_get_data (bytes, &length);
  doc = gbacw_scenario_io_parse_document (&ld, data ? data : "", length, "game");
  if (doc == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&ld.error));
      gbacw_scenario_io_loader_clear (&ld);
      return FALSE;
    }
  {
    xmlNode *root = xmlDocGetRootElement (doc);
    *scenario = g_strdup (attr (root, "scenario"));
    *scenario_line = (int) gbacw_scenario_io_line_of_attribute (&ld, root, "scenario", node_line (root));
    *action_lines = g_array_new (FALSE, FALSE, sizeof (int));
    for (xmlNode *c = first_element (root); c; c = next_element (c))
      {
        int line = (int) node_line (c);
        g_array_append_val (*action_lines, line);
      }
  }
  xmlFreeDoc (doc);
  gbacw_scenario_io_loader_clear (&ld);
  return TRUE;
}
