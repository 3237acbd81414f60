/* gbacw-scenario-io-private.h: what the scenario reader (gbacw-scenario-read.c) and writer
 * (gbacw-scenario-write.c) and the schema cache (gbacw-scenario-schema.c) share. */
#pragma once

#include "gbacw-scenario-io.h"

#include <libxml/relaxng.h>

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

static inline char *
hex_label (const GbacwHexGrid *grid, int index)
{
  return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, index));
}

G_END_DECLS
