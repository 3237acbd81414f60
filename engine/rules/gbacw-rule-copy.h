/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-copy.h: what the modules' copy_state (GbacwRuleHooks) share: copies of the
 * values their data keep, never of the pointers. */
#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

/* n elements of *from into *to (arrays of the same size, made by each game's init). */
#define GBACW_COPY_ARRAY(to, from, n) \
  do \
    { \
      if ((n) > 0 && (to) != NULL && (from) != NULL) \
        memcpy ((to), (from), (gsize) (n) * sizeof *(to)); \
    } \
  while (0)

/* The elements of from (a GArray of the same element type) in place of to's. */
static inline void
gbacw_copy_garray (GArray *to, const GArray *from)
{
  if (to == NULL || from == NULL)
    return;
  g_array_set_size (to, 0);
  if (from->len > 0)
    g_array_append_vals (to, from->data, from->len);
}

/* A table of direct keys to direct values (GINT_TO_POINTER …): to becomes from's copy. */
static inline void
gbacw_copy_direct_table (GHashTable *to, GHashTable *from)
{
  GHashTableIter iter;
  gpointer key, value;

  if (to == NULL || from == NULL)
    return;
  g_hash_table_remove_all (to);
  g_hash_table_iter_init (&iter, from);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (to, key, value);
}

/* A string kept in the data (owned): to's replaced by a copy of from's. */
static inline void
gbacw_copy_string (char **to, const char *from)
{
  g_free (*to);
  *to = g_strdup (from);
}

G_END_DECLS
