/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-scenario-io-private.h: what the files behind gbacw-scenario-io.h share: the reader
 * (gbacw-scenario-read.c), the chart library reader (gbacw-chart-library-read.c), the
 * writer (gbacw-scenario-write.c), the schema cache (gbacw-scenario-schema.c) and the
 * messages in words (gbacw-scenario-messages.c). */
#pragma once

#include "gbacw-scenario-io.h"

#include <libxml/relaxng.h>
#include <libxml/tree.h>
#include <stdarg.h>
#include <string.h>

G_BEGIN_DECLS

/* A RELAX NG schema, parsed on first use and cached, with what its messages need. */
typedef struct {
  const char *file_name;        /* in the data folder */
  const char *ns;               /* the namespace of its root element */
  const char *format;           /* "the gbacw scenario format", for messages (N_) */
  char *cached_path;
  xmlRelaxNGPtr cached;
  GHashTable *attributes;       /* attribute names the schema knows, for messages */
  GHashTable *required;         /* element name -> GPtrArray of GStrv: required attributes of each definition */
  GHashTable *allowed;          /* "element attribute" -> Allowed: what its value may be */
  GHashTable *defines;          /* define name -> its <define> node, while collecting */
} Schema;

/* What an attribute of an element may be: the values it lists, the types it names. */
typedef struct {
  GString *words;     /* in words, for messages */
  GPtrArray *values;  /* the literal values (char*) */
  GPtrArray *types;   /* the data types (char*); "pattern" for a pattern */
} Allowed;

/* The schemas (gbacw-scenario-schema.c); the lock guards their caches and the path override. */
extern GMutex gbacw_scenario_io_schema_lock;
extern Schema gbacw_scenario_io_scenario_schema;
extern Schema gbacw_scenario_io_record_schema;

/* An XML Schema data type in words, for messages. */
const char   *gbacw_scenario_io_type_in_words (const char *type);
/* Call with gbacw_scenario_io_schema_lock held. Returns the cached schema, parsing it on first use. */
xmlRelaxNGPtr gbacw_scenario_io_get_schema (Schema *sch, const char *display_name, GError **error);

#define MAX_SCHEMA_ERRORS 16

typedef struct {
  const char *name;          /* display name for messages */
  GError *error;             /* the first error */
  Schema *schema;            /* the format being read */
  const char *data;          /* the text being read, for the lines of attributes */
  gsize length;

  /* parsing */
  gboolean forbidden;
  long forbidden_line;
  const char *forbidden_what;
  gboolean parse_failed;
  long parse_line;
  int parse_code;
  char *parse_message;

  /* schema validation */
  guint n_schema_errors;
  long schema_lines[MAX_SCHEMA_ERRORS];
  int schema_codes[MAX_SCHEMA_ERRORS];
  char *schema_messages[MAX_SCHEMA_ERRORS];
  char *schema_str1[MAX_SCHEMA_ERRORS];
  char *schema_str2[MAX_SCHEMA_ERRORS];
  xmlNodePtr schema_nodes[MAX_SCHEMA_ERRORS];

  /* building */
  GString *scratch;
  GString *what;
  const GbacwHexGrid *grid;
} Loader;

static inline gboolean fail_at (Loader *ld, GbacwIoError code, long line, const char *format, ...) G_GNUC_PRINTF (4, 5);

/* Records the first error; always returns FALSE. */
static inline gboolean
fail_at (Loader *ld, GbacwIoError code, long line, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  if (ld->error)
    return FALSE;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (line > 0)
    ld->error = g_error_new (GBACW_IO_ERROR, code, "%s:%ld: %s", ld->name, line, message);
  else
    ld->error = g_error_new (GBACW_IO_ERROR, code, "%s: %s", ld->name, message);
  return FALSE;
}

/* The line an element starts on. Past line 65535 xmlGetLineNo () gives, even with
 * XML_PARSE_BIG_LINES, the line of the text after an element that has no children: one
 * too many for an element on a line of its own. The white space before an element ends
 * on the line the element starts on (/fuzz/regression/big-line-numbers). */
static inline long
node_line (const xmlNode *node)
{
  long line = xmlGetLineNo (node);

  if (line >= 65535 && node->type == XML_ELEMENT_NODE && node->prev && node->prev->type == XML_TEXT_NODE)
    {
      long before = xmlGetLineNo (node->prev);
      if (before >= 65535)
        line = before;
    }
  return line;
}

static inline const char *
attr (const xmlNode *node, const char *name)
{
  for (const xmlAttr *a = node->properties; a; a = a->next)
    if (a->ns == NULL && strcmp ((const char *) a->name, name) == 0)
      {
        if (a->children == NULL || a->children->content == NULL)
          return "";
        return (const char *) a->children->content;
      }
  return NULL;
}

/* The libxml2 and schema messages in words (gbacw-scenario-messages.c). */
/* The line of attribute name of node, else fallback. */
long  gbacw_scenario_io_line_of_attribute (const Loader *ld, const xmlNode *node, const char *name, long fallback);
/* The specific one of the schema errors recorded in ld, in words, as the loader's error. */
void  gbacw_scenario_io_report_schema_error (Loader *ld, xmlDocPtr doc);
/* libxml2's message for a parse error, in words a user understands. */
char *gbacw_scenario_io_parse_error_in_words (int code, const char *message);

/* The reader's pieces the chart library reader shares (gbacw-scenario-read.c). */
void      gbacw_scenario_io_loader_init (Loader *ld, const char *display_name);
void      gbacw_scenario_io_loader_clear (Loader *ld);
/* Parses, checks the version and validates against the schema of root_name ("scenario",
 * "charts" or "game"); NULL with the error in ld. */
xmlDocPtr gbacw_scenario_io_parse_document (Loader *ld, const char *data, gsize length, const char *root_name);
/* The first child element of node named name, or NULL. */
xmlNode  *gbacw_scenario_io_child_element (const xmlNode *node, const char *name);

/* The elements of a parsed <terrain-catalogue>, parallel to its entries, for messages. */
typedef struct {
  GPtrArray *hex_terrain_nodes;   /* xmlNode*, parallel to the parsed catalogue */
  GPtrArray *hexside_type_nodes;
  GPtrArray *line_type_nodes;
} CatalogueNodes;

void      gbacw_scenario_io_catalogue_init_empty (GbacwCatalogue *cat);
void      gbacw_scenario_io_catalogue_nodes_init (CatalogueNodes *nodes);
void      gbacw_scenario_io_catalogue_nodes_clear (CatalogueNodes *nodes);
gboolean  gbacw_scenario_io_load_catalogue (Loader *ld, const xmlNode *node, GbacwCatalogue *cat,
                                            CatalogueNodes *nodes);
/* Moves the entries of src into dest, replacing those with the same id. */
void      gbacw_scenario_io_catalogue_merge (GbacwCatalogue *dest, GbacwCatalogue *src);
/* Checks a merged catalogue: sizes, unique codes, requires; parsed and nodes name the
 * entries that came from this file. */
gboolean  gbacw_scenario_io_check_catalogue (Loader *ld, const xmlNode *cat_node, const GbacwCatalogue *merged,
                                             GbacwCatalogue *parsed, CatalogueNodes *nodes);
/* Loads the <chart> children of node into charts, checking ids are unique within the file. */
gboolean  gbacw_scenario_io_load_charts (Loader *ld, const xmlNode *node, GPtrArray *charts);
/* Puts item in place of the entry of array with that id, or at the end. */
void      gbacw_scenario_io_replace_or_append (GPtrArray *array, gpointer item, const char *id,
                                               const char *(*get_id) (gpointer));

static inline char *
hex_label (const GbacwHexGrid *grid, int index)
{
  return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, index));
}

G_END_DECLS
