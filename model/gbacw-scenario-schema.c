/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-schema.c: the RELAX NG schemas of scenario files and game records, parsed on
 * first use and cached, with what the reader's messages need from them: the attributes each
 * element requires, what each attribute's value may be, in words. */
#define G_LOG_DOMAIN "gbacw-scenario-schema"

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#ifndef GETTEXT_PACKAGE
#define GETTEXT_PACKAGE "gbacw"
#endif

#include "gbacw-scenario-io-private.h"
#include "gbacw-data.h"

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <string.h>

#define SCHEMA_FILE_NAME "gbacw-scenario.rng"

/* ==================================================================== schema */

GMutex gbacw_scenario_io_schema_lock;
static char *schema_path_override;   /* of the scenario schema */

Schema gbacw_scenario_io_scenario_schema = {
  SCHEMA_FILE_NAME, GBACW_NAMESPACE, N_("the gbacw scenario format") };
Schema gbacw_scenario_io_record_schema = {
  "gbacw-game-record.rng", GBACW_GAME_RECORD_NAMESPACE, N_("the gbacw game record format") };

const char *
gbacw_scenario_io_type_in_words (const char *type)
{
  static const char *const words[][2] = {
    { "integer", N_("a whole number") },
    { "int", N_("a whole number from -2147483648 to 2147483647") },
    { "nonNegativeInteger", N_("a whole number 0 or more") },
    { "positiveInteger", N_("a whole number 1 or more") },
    { "unsignedInt", N_("a whole number from 0 to 4294967295") },
    { "double", N_("a number") },
    { "decimal", N_("a number") },
    { "NMTOKEN", N_("a name of letters, digits, “.”, “-” and “_”, without spaces") },
    { "string", N_("text") },
  };
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (g_strcmp0 (type, words[i][0]) == 0)
      return _(words[i][1]);
  return type;
}

static void
allowed_free (gpointer data)
{
  Allowed *a = data;
  g_string_free (a->words, TRUE);
  g_ptr_array_unref (a->values);
  g_ptr_array_unref (a->types);
  g_free (a);
}

static void
words_separator (GString *out)
{
  if (out->len && !g_str_has_suffix (out->str, " "))
    g_string_append (out, _(" or "));
}

/* What the content of a schema node (inside an <attribute>) allows, added to allowed. */
static void
describe_allowed (Schema *schema, xmlNodePtr node, Allowed *allowed, int depth)
{
  for (xmlNodePtr c = node; c && depth < 8; c = c->next)
    {
      const char *name = (const char *) c->name;
      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (strcmp (name, "value") == 0)
        {
          xmlChar *text = xmlNodeGetContent (c);
          const char *value = text ? (const char *) text : "";
          if (!g_ptr_array_find_with_equal_func (allowed->values, value, g_str_equal, NULL))
            {
              words_separator (allowed->words);
              g_string_append_printf (allowed->words, "“%s”", value);
              g_ptr_array_add (allowed->values, g_strdup (value));
            }
          xmlFree (text);
        }
      else if (strcmp (name, "data") == 0)
        {
          xmlChar *type = xmlGetNoNsProp (c, BAD_CAST "type");
          const char *pattern = NULL;
          for (xmlNodePtr p = c->children; p; p = p->next)
            if (p->type == XML_ELEMENT_NODE && strcmp ((const char *) p->name, "param") == 0 && p->children)
              {
                xmlChar *param = xmlGetNoNsProp (p, BAD_CAST "name");
                if (param && strcmp ((const char *) param, "pattern") == 0)
                  pattern = (const char *) p->children->content;
                xmlFree (param);
              }
          if (pattern || !g_ptr_array_find_with_equal_func (allowed->types, type ? (const char *) type : "string",
                                                            g_str_equal, NULL))
            {
              words_separator (allowed->words);
              if (pattern)
                g_string_append_printf (allowed->words, _("text of the form %s"), pattern);
              else
                g_string_append (allowed->words, gbacw_scenario_io_type_in_words ((const char *) type));
              g_ptr_array_add (allowed->types, g_strdup (pattern ? "pattern" : type ? (const char *) type : "string"));
            }
          xmlFree (type);
        }
      else if (strcmp (name, "ref") == 0)
        {
          xmlChar *ref = xmlGetNoNsProp (c, BAD_CAST "name");
          xmlNodePtr def = ref && schema->defines ? g_hash_table_lookup (schema->defines, ref) : NULL;
          if (def)
            describe_allowed (schema, def->children, allowed, depth + 1);
          xmlFree (ref);
        }
      else if (strcmp (name, "list") == 0)
        {
          /* a list is text the loader splits: described, and checked by the loader */
          words_separator (allowed->words);
          g_string_append (allowed->words, _("a list, separated by spaces, of "));
          {
            Allowed inner = { g_string_new (NULL), g_ptr_array_new_with_free_func (g_free),
                              g_ptr_array_new_with_free_func (g_free) };
            describe_allowed (schema, c->children, &inner, depth + 1);
            g_string_append (allowed->words, inner.words->str);
            g_string_free (inner.words, TRUE);
            g_ptr_array_unref (inner.values);
            g_ptr_array_unref (inner.types);
          }
          g_ptr_array_add (allowed->types, g_strdup ("list"));
        }
      else
        describe_allowed (schema, c->children, allowed, depth + 1);
    }
}

/* The single value an <attribute> allows, if it allows one (id="los-along-hexside"). */
static char *
fixed_value (xmlNodePtr attribute)
{
  xmlNodePtr only = NULL;
  for (xmlNodePtr c = attribute->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE)
      {
        if (only)
          return NULL;
        only = c;
      }
  if (only && strcmp ((const char *) only->name, "value") == 0)
    return (char *) xmlNodeGetContent (only);
  return NULL;
}

/* Collects, from the schema document, the attribute names it knows, for each element
 * definition the attributes that are its direct children (those are required), and what
 * each attribute of each element allows, keyed "element attribute", or "element
 * fixed=value attribute" inside a group that one fixed attribute value selects (an
 * <option id="…">'s value). element: the nearest enclosing element's name; refs are
 * followed (attributes only) into their defines. */
static void
collect_schema_names (Schema *schema, xmlNodePtr node, const char *element, const char *qualifier,
                      gboolean attributes_only, int depth)
{
  for (xmlNodePtr c = node; c && depth < 8; c = c->next)
    if (c->type == XML_ELEMENT_NODE)
      {
        const char *kind = (const char *) c->name;
        xmlChar *name = xmlGetNoNsProp (c, BAD_CAST "name");
        if (name && strcmp (kind, "attribute") == 0)
          {
            g_hash_table_add (schema->attributes, g_strdup ((const char *) name));
            if (element)
              {
                g_autofree char *key = qualifier ? g_strdup_printf ("%s %s %s", element, qualifier, (const char *) name)
                                                 : g_strdup_printf ("%s %s", element, (const char *) name);
                Allowed *allowed = g_hash_table_lookup (schema->allowed, key);
                if (allowed == NULL)
                  {
                    allowed = g_new0 (Allowed, 1);
                    allowed->words = g_string_new (NULL);
                    allowed->values = g_ptr_array_new_with_free_func (g_free);
                    allowed->types = g_ptr_array_new_with_free_func (g_free);
                    g_hash_table_insert (schema->allowed, g_steal_pointer (&key), allowed);
                  }
                describe_allowed (schema, c->children, allowed, 0);
              }
          }
        else if (name && strcmp (kind, "element") == 0 && !attributes_only)
          {
            GPtrArray *alternatives = g_hash_table_lookup (schema->required, name);
            GPtrArray *required = g_ptr_array_new ();
            if (!alternatives)
              {
                alternatives = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
                g_hash_table_insert (schema->required, g_strdup ((const char *) name), alternatives);
              }
            for (xmlNodePtr a = c->children; a; a = a->next)
              if (a->type == XML_ELEMENT_NODE && strcmp ((const char *) a->name, "attribute") == 0)
                {
                  xmlChar *attr_name = xmlGetNoNsProp (a, BAD_CAST "name");
                  if (attr_name)
                    g_ptr_array_add (required, g_strdup ((const char *) attr_name));
                  xmlFree (attr_name);
                }
            g_ptr_array_add (required, NULL);
            g_ptr_array_add (alternatives, g_ptr_array_free (required, FALSE));
            collect_schema_names (schema, c->children, (const char *) name, NULL, FALSE, 0);
          }
        else if (name && strcmp (kind, "ref") == 0 && element && schema->defines)
          {
            xmlNodePtr def = g_hash_table_lookup (schema->defines, name);
            if (def)
              collect_schema_names (schema, def->children, element, qualifier, TRUE, depth + 1);
          }
        else if (strcmp (kind, "group") == 0 && element)
          {
            g_autofree char *group_qualifier = NULL;
            for (xmlNodePtr a = c->children; a && !group_qualifier; a = a->next)
              if (a->type == XML_ELEMENT_NODE && strcmp ((const char *) a->name, "attribute") == 0)
                {
                  xmlChar *attr_name = xmlGetNoNsProp (a, BAD_CAST "name");
                  g_autofree char *value = fixed_value (a);
                  if (attr_name && value)
                    group_qualifier = g_strdup_printf ("%s=%s", (const char *) attr_name, value);
                  xmlFree (attr_name);
                }
            collect_schema_names (schema, c->children, element, group_qualifier ? group_qualifier : qualifier,
                                  attributes_only, depth);
          }
        else if (strcmp (kind, "element") != 0 && strcmp (kind, "attribute") != 0 && strcmp (kind, "define") != 0)
          collect_schema_names (schema, c->children, element, qualifier, attributes_only, depth);
        else if (strcmp (kind, "define") == 0 && !attributes_only)
          collect_schema_names (schema, c->children, NULL, NULL, FALSE, depth);
        xmlFree (name);
      }
}

static void
collect_schema (Schema *schema, xmlNodePtr root)
{
  for (xmlNodePtr c = root->children; c; c = c->next)
    if (c->type == XML_ELEMENT_NODE && strcmp ((const char *) c->name, "define") == 0)
      {
        xmlChar *name = xmlGetNoNsProp (c, BAD_CAST "name");
        if (name)
          g_hash_table_insert (schema->defines, g_strdup ((const char *) name), c);
        xmlFree (name);
      }
  collect_schema_names (schema, root, NULL, NULL, FALSE, 0);
}

void
gbacw_scenario_io_set_schema_path (const char *path)
{
  g_mutex_lock (&gbacw_scenario_io_schema_lock);
  g_free (schema_path_override);
  schema_path_override = g_strdup (path);
  g_mutex_unlock (&gbacw_scenario_io_schema_lock);
}

/* Call with gbacw_scenario_io_schema_lock held. */
static char *
find_schema_path (const Schema *schema)
{
  if (schema_path_override && schema == &gbacw_scenario_io_scenario_schema)
    return g_strdup (schema_path_override);
  return g_build_filename (gbacw_data_dir (), schema->file_name, NULL);
}

static void
schema_parse_error (void *data, xmlErrorPtr err)
{
  GString *messages = data;
  if (err && err->level >= XML_ERR_ERROR && err->message && messages->len < 1000)
    {
      if (messages->len)
        g_string_append (messages, "; ");
      g_string_append (messages, err->message);
      while (messages->len && g_ascii_isspace (messages->str[messages->len - 1]))
        g_string_truncate (messages, messages->len - 1);
    }
}

/* Call with gbacw_scenario_io_schema_lock held. Returns the cached schema, parsing it on first use. */
xmlRelaxNGPtr
gbacw_scenario_io_get_schema (Schema *sch, const char *display_name, GError **error)
{
  g_autofree char *path = find_schema_path (sch);
  g_autofree char *contents = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GString) messages = NULL;
  gsize length;
  xmlRelaxNGParserCtxtPtr pctxt;
  xmlRelaxNGPtr schema;

  if (sch->cached && g_strcmp0 (sch->cached_path, path) == 0)
    return sch->cached;

  if (!g_file_get_contents (path, &contents, &length, &local_error))
    {
      g_set_error (error, GBACW_IO_ERROR, GBACW_IO_ERROR_SCHEMA,
                   _("%s: cannot check the file: the gbacw schema could not be read (%s)"),
                   display_name, local_error->message);
      return NULL;
    }
  messages = g_string_new (NULL);
  pctxt = xmlRelaxNGNewMemParserCtxt (contents, (int) length);
  xmlRelaxNGSetParserStructuredErrors (pctxt, schema_parse_error, messages);
  schema = xmlRelaxNGParse (pctxt);
  xmlRelaxNGFreeParserCtxt (pctxt);
  if (schema == NULL)
    {
      g_set_error (error, GBACW_IO_ERROR, GBACW_IO_ERROR_SCHEMA,
                   _("%s: cannot check the file: the gbacw schema %s is broken (%s)"),
                   display_name, path, messages->len ? messages->str : "?");
      return NULL;
    }
  if (sch->cached)
    xmlRelaxNGFree (sch->cached);
  sch->cached = schema;
  g_clear_pointer (&sch->attributes, g_hash_table_unref);
  g_clear_pointer (&sch->required, g_hash_table_unref);
  g_clear_pointer (&sch->allowed, g_hash_table_unref);
  sch->attributes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sch->required = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  sch->allowed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, allowed_free);
  {
    xmlDocPtr doc = xmlReadMemory (contents, (int) length, NULL, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR
                                                                          | XML_PARSE_NOWARNING);
    if (doc)
      {
        sch->defines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
        collect_schema (sch, xmlDocGetRootElement (doc));
        g_clear_pointer (&sch->defines, g_hash_table_unref);
        xmlFreeDoc (doc);
      }
  }
  g_free (sch->cached_path);
  sch->cached_path = g_steal_pointer (&path);
  return schema;
}
