/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-messages.c: what libxml2 and the RELAX NG validator report, in words a user
 * understands: the element and attribute at fault, on the line they are on, and what the schema
 * allows there. */
#define G_LOG_DOMAIN "gbacw-scenario-messages"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "gbacw"
#endif

#include "gbacw-scenario-io-private.h"

#include <glib/gi18n-lib.h>
#include <libxml/xmlerror.h>
#include <string.h>

/* "<unit id="u-8ny">": names the element in schema messages. */
static char *
describe_element (const xmlNode *node)
{
  const char *id = attr (node, "id");
  if (id)
    return g_strdup_printf ("<%s id=\"%s\">", (const char *) node->name, id);
  return g_strdup_printf ("<%s>", (const char *) node->name);
}

/* libxml2 does not say which element lacks a required attribute: the first element of
 * that name that lacks one for every definition of it in the schema. Returns the element
 * and (in *missing) the attributes missing from its closest definition. */
static const xmlNode *
find_missing_attributes (const Schema *schema, const xmlNode *node, const char *name, char **missing)
{
  GPtrArray *alternatives = schema->required ? g_hash_table_lookup (schema->required, name) : NULL;

  if (!alternatives)
    return NULL;
  for (const xmlNode *c = node; c; c = c->next)
    {
      const xmlNode *found;
      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (strcmp ((const char *) c->name, name) == 0)
        {
          guint best_count = G_MAXUINT;
          GString *best = NULL;
          for (guint i = 0; i < alternatives->len && best_count > 0; i++)
            {
              char **required = g_ptr_array_index (alternatives, i);
              GString *list = g_string_new (NULL);
              guint count = 0;
              for (guint j = 0; required[j]; j++)
                if (attr (c, required[j]) == NULL)
                  {
                    g_string_append_printf (list, "%s%s", count ? ", " : "", required[j]);
                    count++;
                  }
              if (count < best_count)
                {
                  if (best)
                    g_string_free (best, TRUE);
                  best = list;
                  best_count = count;
                }
              else
                g_string_free (list, TRUE);
            }
          if (best_count > 0 && best_count != G_MAXUINT)
            {
              *missing = g_string_free (best, FALSE);
              return c;
            }
          if (best)
            g_string_free (best, TRUE);
        }
      found = find_missing_attributes (schema, c->children, name, missing);
      if (found)
        return found;
    }
  return NULL;
}

/* The line of attribute name of node: the line its name starts on, found in the text (an
 * element's start tag may span lines; libxml2 only knows the element's line). The
 * elements are counted in document order, start tags found by a scanner that skips
 * comments, processing instructions, CDATA and end tags (the text is well-formed: it
 * parsed). 0 when not found. */
static long
attribute_line (const Loader *ld, const xmlNode *node, const char *name)
{
  const xmlNode *root, *n;
  guint index = 0, seen = 0;
  const char *p, *end;
  long line = 1;
  gsize name_len = strlen (name);

  if (ld->data == NULL || node == NULL || node->doc == NULL)
    return 0;
  root = xmlDocGetRootElement (node->doc);
  /* node's index in document order */
  for (n = root; n && n != node;)
    {
      index++;
      if (n->children && n->children->type != XML_ENTITY_DECL)
        {
          const xmlNode *c = n->children;
          while (c && c->type != XML_ELEMENT_NODE)
            c = c->next;
          if (c)
            {
              n = c;
              continue;
            }
        }
      while (n)
        {
          const xmlNode *next = n->next;
          while (next && next->type != XML_ELEMENT_NODE)
            next = next->next;
          if (next)
            {
              n = next;
              break;
            }
          n = n->parent && n->parent->type == XML_ELEMENT_NODE ? n->parent : NULL;
        }
    }
  if (n != node)
    return 0;
  p = ld->data;
  end = ld->data + ld->length;
  while (p < end)
    {
      if (*p == '\n')
        {
          line++;
          p++;
          continue;
        }
      if (*p != '<')
        {
          p++;
          continue;
        }
      if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          const char *close = g_strstr_len (p + 4, end - p - 4, "-->");
          for (const char *q = p; q < (close ? close : end); q++)
            line += *q == '\n';
          p = close ? close + 3 : end;
          continue;
        }
      if (end - p >= 9 && memcmp (p, "<![CDATA[", 9) == 0)
        {
          const char *close = g_strstr_len (p + 9, end - p - 9, "]]>");
          for (const char *q = p; q < (close ? close : end); q++)
            line += *q == '\n';
          p = close ? close + 3 : end;
          continue;
        }
      if (end - p >= 2 && (p[1] == '?' || p[1] == '/' || p[1] == '!'))
        {
          p++;
          continue;
        }
      /* a start tag */
      if (seen++ == index)
        {
          char quote = 0;
          for (const char *q = p + 1; q < end && (quote || *q != '>'); q++)
            {
              if (*q == '\n')
                line++;
              if (quote)
                {
                  if (*q == quote)
                    quote = 0;
                }
              else if (*q == '"' || *q == '\'')
                quote = *q;
              else if (g_ascii_isspace (*q) && (gsize) (end - q) > name_len + 1
                       && memcmp (q + 1, name, name_len) == 0
                       && (q[1 + name_len] == '=' || g_ascii_isspace (q[1 + name_len])))
                return line;
            }
          return 0;
        }
      p++;
    }
  return 0;
}

/* The line of attribute name of node, else the node's. */
long
gbacw_scenario_io_line_of_attribute (const Loader *ld, const xmlNode *node, const char *name, long fallback)
{
  long line = attribute_line (ld, node, name);
  return line > 0 ? line : fallback;
}

static const Allowed *
find_allowed (const Schema *schema, const xmlNode *node, const char *name)
{
  const Allowed *allowed = NULL;

  if (schema->allowed == NULL)
    return NULL;
  /* a group a fixed attribute selects first (<option id="…" value="…">) */
  for (const xmlAttr *a = node->properties; a && !allowed; a = a->next)
    if (a->children && a->children->content && strcmp ((const char *) a->name, name) != 0)
      {
        g_autofree char *key = g_strdup_printf ("%s %s=%s %s", (const char *) node->name, (const char *) a->name,
                                                (const char *) a->children->content, name);
        allowed = g_hash_table_lookup (schema->allowed, key);
      }
  if (!allowed)
    {
      g_autofree char *key = g_strdup_printf ("%s %s", (const char *) node->name, name);
      allowed = g_hash_table_lookup (schema->allowed, key);
    }
  return allowed;
}

static gboolean
lexically_integer (const char *value, gboolean non_negative)
{
  const char *p = value;
  if (*p == '+' || (*p == '-' && !non_negative))
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  return *p == '\0';
}

/* Whether value may be what allowed allows, as far as can be told without the schema's
 * validator: the listed values, and the simple types; a pattern or list passes. */
static gboolean
value_may_be_allowed (const Allowed *allowed, const char *value)
{
  g_autofree char *v = g_strstrip (g_strdup (value));

  if (g_ptr_array_find_with_equal_func (allowed->values, v, g_str_equal, NULL))
    return TRUE;
  for (guint i = 0; i < allowed->types->len; i++)
    {
      const char *type = g_ptr_array_index (allowed->types, i);
      if (strcmp (type, "integer") == 0 || strcmp (type, "int") == 0)
        {
          if (lexically_integer (v, FALSE))
            return TRUE;
        }
      else if (strcmp (type, "nonNegativeInteger") == 0 || strcmp (type, "unsignedInt") == 0)
        {
          if (lexically_integer (v, TRUE))
            return TRUE;
        }
      else if (strcmp (type, "double") == 0 || strcmp (type, "decimal") == 0)
        {
          char *end = NULL;
          if (*v && (g_ascii_strtod (v, &end), end && *end == '\0'))
            return TRUE;
        }
      else if (strcmp (type, "NMTOKEN") == 0)
        {
          if (*v && strpbrk (v, " \t\r\n") == NULL)
            return TRUE;
        }
      else
        return TRUE;
    }
  return FALSE;
}

/* "<option id="x">: value="old" is not allowed here: it may be “both-block” or
 * “adjacent-only”": the first attribute of node whose value its definition does not
 * allow. FALSE when none is found. */
static gboolean
report_bad_attribute (Loader *ld, const xmlNode *node, const char *element, long fallback_line)
{
  for (const xmlAttr *a = node->properties; a; a = a->next)
    {
      const char *value = a->children && a->children->content ? (const char *) a->children->content : "";
      const Allowed *allowed;
      if (a->ns != NULL)
        continue;
      allowed = find_allowed (ld->schema, node, (const char *) a->name);
      if (allowed && allowed->words->len && !value_may_be_allowed (allowed, value))
        {
          fail_at (ld, GBACW_IO_ERROR_SCHEMA, gbacw_scenario_io_line_of_attribute (ld, node, (const char *) a->name, fallback_line),
                   _("%s: %s=\"%s\" is not allowed here: it may be %s"), element, (const char *) a->name, value,
                   allowed->words->str);
          return TRUE;
        }
    }
  return FALSE;
}

/* The line of the first text in node that is not white space: the validator names the
 * element the text is in. */
static long
stray_text_line (const xmlNode *node, long fallback)
{
  if (node == NULL || node->type != XML_ELEMENT_NODE)
    return fallback;
  for (const xmlNode *c = node->children; c; c = c->next)
    if (c->type == XML_TEXT_NODE && c->content)
      {
        const char *p = (const char *) c->content;
        long newlines_after = 0;
        while (*p && g_ascii_isspace (*p))
          p++;
        if (*p == '\0')
          continue;
        /* libxml2 gives a text node the line it ends on */
        for (const char *q = p; *q; q++)
          newlines_after += *q == '\n';
        return xmlGetLineNo (c) > newlines_after ? xmlGetLineNo (c) - newlines_after : fallback;
      }
  return fallback;
}

/* libxml2's RELAX NG validator reports a specific error and then generic ones for each
 * enclosing element ("failed to validate content"); report the specific one, in words. */
void
gbacw_scenario_io_report_schema_error (Loader *ld, xmlDocPtr doc)
{
  guint best;
  int code;
  const char *str1, *str2;
  const xmlNode *node;
  g_autofree char *element = NULL;
  const char *format = _(ld->schema->format);

  if (ld->n_schema_errors == 0)
    {
      fail_at (ld, GBACW_IO_ERROR_SCHEMA, 0, _("the file does not follow %s"), format);
      return;
    }
  /* the first specific error that knows its line; else the first that knows its line */
  best = G_MAXUINT;
  for (guint i = 0; i < ld->n_schema_errors && best == G_MAXUINT; i++)
    {
      code = ld->schema_codes[i];
      if (ld->schema_lines[i] > 0 && code != XML_RELAXNG_ERR_CONTENTVALID && code != XML_RELAXNG_ERR_INTEREXTRA
          && code != XML_RELAXNG_ERR_NOELEM)
        best = i;
    }
  for (guint i = 0; i < ld->n_schema_errors && best == G_MAXUINT; i++)
    if (ld->schema_lines[i] > 0)
      best = i;
  if (best == G_MAXUINT)
    best = 0;
  code = ld->schema_codes[best];
  str1 = ld->schema_str1[best];
  str2 = ld->schema_str2[best];
  node = ld->schema_nodes[best];
  if (node && node->type == XML_ELEMENT_NODE)
    element = describe_element (node);

  switch (code)
    {
    case XML_RELAXNG_ERR_INVALIDATTR:
      if (element && str1 && str2 && ld->schema->attributes && g_hash_table_contains (ld->schema->attributes, str1))
        {
          const Allowed *allowed = find_allowed (ld->schema, node, str1);
          long line = gbacw_scenario_io_line_of_attribute (ld, node, str1, ld->schema_lines[best]);
          if (allowed && allowed->words->len)
            fail_at (ld, GBACW_IO_ERROR_SCHEMA, line, _("%s: %s=\"%s\" is not allowed here: it may be %s"), element,
                     str1, attr (node, str1) ? attr (node, str1) : "", allowed->words->str);
          else
            fail_at (ld, GBACW_IO_ERROR_SCHEMA, line, _("%s: %s=\"%s\" is not allowed here"), element, str1,
                     attr (node, str1) ? attr (node, str1) : "");
          return;
        }
      if (element && str1)
        {
          fail_at (ld, GBACW_IO_ERROR_SCHEMA, gbacw_scenario_io_line_of_attribute (ld, node, str1, ld->schema_lines[best]),
                   _("%s: unknown attribute “%s”: remove it or check its spelling"), element, str1);
          return;
        }
      break;
    case XML_RELAXNG_ERR_ELEMWRONG:
      if (str1)
        {
          fail_at (ld, GBACW_IO_ERROR_SCHEMA, ld->schema_lines[best],
                   _("the element <%s> is not allowed here: it is unknown, out of order, or misplaced"), str1);
          return;
        }
      break;
    case XML_RELAXNG_ERR_EXTRACONTENT:
      if (str1 && str2)
        {
          fail_at (ld, GBACW_IO_ERROR_SCHEMA, ld->schema_lines[best],
                   _("the element <%s> is not allowed in <%s>: it is unknown, out of order, or misplaced"),
                   str2, str1);
          return;
        }
      break;
    case XML_RELAXNG_ERR_TYPE:
    case XML_RELAXNG_ERR_TYPEVAL:
    case XML_RELAXNG_ERR_LISTEXTRA:
    case XML_RELAXNG_ERR_LISTEMPTY:
    case XML_RELAXNG_ERR_DATATYPE:
    case XML_RELAXNG_ERR_VALUE:
    case XML_RELAXNG_ERR_LIST:
      if (element && report_bad_attribute (ld, node, element, ld->schema_lines[best]))
        return;
      if (element && str2)
        for (const xmlAttr *a = node->properties; a; a = a->next)
          if (a->children && g_strcmp0 ((const char *) a->children->content, str2) == 0)
            {
              const Allowed *allowed = find_allowed (ld->schema, node, (const char *) a->name);
              fail_at (ld, GBACW_IO_ERROR_SCHEMA,
                       gbacw_scenario_io_line_of_attribute (ld, node, (const char *) a->name, ld->schema_lines[best]),
                       _("%s: %s=\"%s\" is not allowed here: it may be %s"), element, (const char *) a->name, str2,
                       allowed && allowed->words->len ? allowed->words->str : gbacw_scenario_io_type_in_words (str1));
              return;
            }
      if (str1 && str2)
        {
          fail_at (ld, GBACW_IO_ERROR_SCHEMA, ld->schema_lines[best], _("%s%s“%s” is not allowed here: %s"),
                   element ? element : "", element ? ": " : "", str2, gbacw_scenario_io_type_in_words (str1));
          return;
        }
      break;
    case XML_RELAXNG_ERR_TEXTWRONG:
    case XML_RELAXNG_ERR_NOTELEM:
      fail_at (ld, GBACW_IO_ERROR_SCHEMA, stray_text_line (node, ld->schema_lines[best]),
               _("%s%stext is not allowed here: only elements may stand between the elements; remove the text"),
               element ? element : "", element ? ": " : "");
      return;
    case XML_RELAXNG_ERR_ATTRVALID:
      if (!element && str1)
        {
          g_autofree char *missing = NULL;
          const xmlNode *lacking = find_missing_attributes (ld->schema, xmlDocGetRootElement (doc), str1, &missing);
          if (lacking)
            {
              g_autofree char *where = describe_element (lacking);
              fail_at (ld, GBACW_IO_ERROR_SCHEMA, node_line (lacking),
                       _("%s: a required attribute is missing: %s"), where, missing);
              return;
            }
        }
      if (element)
        {
          g_autofree char *missing = NULL;
          if (report_bad_attribute (ld, node, element, ld->schema_lines[best]))
            return;
          if (find_missing_attributes (ld->schema, node, (const char *) node->name, &missing) == node)
            {
              fail_at (ld, GBACW_IO_ERROR_SCHEMA, ld->schema_lines[best],
                       _("%s: a required attribute is missing: %s"), element, missing);
              return;
            }
          fail_at (ld, GBACW_IO_ERROR_SCHEMA, ld->schema_lines[best],
                   _("%s: an attribute is missing or has a value that is not allowed here"), element);
          return;
        }
      break;
    default:
      break;
    }
  fail_at (ld, GBACW_IO_ERROR_SCHEMA, ld->schema_lines[best], _("the file does not follow %s: %s"), format,
           ld->schema_messages[best]);
}

/* libxml2's message for a parse error, in words a user understands. */
char *
gbacw_scenario_io_parse_error_in_words (int code, const char *message)
{
  switch (code)
    {
    case XML_ERR_INVALID_CHAR:
    case XML_ERR_INVALID_ENCODING:
    case XML_ERR_UNSUPPORTED_ENCODING:
    case XML_ERR_UNKNOWN_ENCODING:
      return g_strdup (_("the file is not UTF-8 text: this line has bytes that are not a UTF-8 character "
                         "(save the file as UTF-8)"));
    case XML_ERR_DOCUMENT_EMPTY:
      return g_strdup (_("the file is empty or is not XML text"));
    case XML_ERR_NAME_TOO_LONG:
      return g_strdup (_("a name on this line is longer than 50,000 characters, more than gbacw reads"));
    case XML_ERR_ATTRIBUTE_REDEFINED:
      return g_strdup_printf (_("an attribute is given twice in one element (%s): keep one"), message);
    case XML_ERR_DOCUMENT_END:
      return g_strdup (_("there is text after the end of the root element: remove it"));
    case XML_ERR_TAG_NAME_MISMATCH:
    case XML_ERR_TAG_NOT_FINISHED:
    case XML_ERR_LTSLASH_REQUIRED:
      return g_strdup_printf (_("an element is not closed where it should be (%s)"), message);
    default:
      break;
    }
  if (strstr (message, "XML_PARSE_HUGE") && strstr (message, "depth"))
    return g_strdup (_("the elements are nested more than 256 deep, more than gbacw reads"));
  if (strstr (message, "XML_PARSE_HUGE") || strstr (message, "too long") || strstr (message, "huge"))
    return g_strdup (_("a value or a text on this line is longer than 10,000,000 characters, more than gbacw reads"));
  if (strstr (message, "indicate encoding") || strstr (message, "encoder error") || strstr (message, "encoding"))
    return g_strdup (_("the file is not UTF-8 text: this line has bytes that are not a UTF-8 character "
                       "(save the file as UTF-8)"));
  return g_strdup (message);
}
