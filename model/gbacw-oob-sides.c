/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-sides.c: undoable commands that move or copy a unit, or a formation with
 * everything under it, to another side of the order of battle. */
#define G_LOG_DOMAIN "gbacw-oob-sides"

#include "gbacw-oob-edit.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-oob-edit-private.h"

/* The entry and what goes with it: units (ids) and formations (ids, the root included;
 * empty for a unit). The title of the entry in *title. */
static gboolean
collect_members (const GbacwScenario *s, GbacwOobEntry entry, const char *id, GHashTable **units,
                 GHashTable **formations, const char **side, const char **title, GError **error)
{
  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      int i = gbacw_oob_edit_find_unit_or_error (s, id, error);
      const GbacwUnit *u;
      if (i < 0)
        return FALSE;
      u = g_ptr_array_index (s->oob.units, i);
      *units = g_hash_table_new (g_str_hash, g_str_equal);
      g_hash_table_add (*units, u->id);
      *formations = g_hash_table_new (g_str_hash, g_str_equal);
      *side = u->side;
      *title = gbacw_oob_edit_unit_title (u);
      return TRUE;
    }
  else
    {
      int i = gbacw_oob_edit_find_formation_or_error (s, id, error);
      const GbacwFormation *f;
      if (i < 0)
        return FALSE;
      f = g_ptr_array_index (s->oob.formations, i);
      *formations = gbacw_oob_edit_subtree_formations (s, f->id, NULL);
      *units = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint k = 0; k < s->oob.units->len; k++)
        {
          GbacwUnit *u = g_ptr_array_index (s->oob.units, k);
          if (u->formation && g_hash_table_contains (*formations, u->formation))
            g_hash_table_add (*units, u->id);
        }
      *side = f->side;
      *title = gbacw_oob_edit_formation_title (f);
      return TRUE;
    }
}

/* Refuses a side that is not in the order of battle, or the entry's own. */
static gboolean
check_other_side (const GbacwScenario *s, const char *from, const char *to, const char *title, GError **error)
{
  if (to == NULL || !gbacw_oob_edit_check_side (s, to, FALSE, error))
    {
      if (to == NULL)
        g_set_error_literal (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("no side given"));
      return FALSE;
    }
  if (g_strcmp0 (from, to) == 0)
    {
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED, _("“%s” is already on that side"),
                   title);
      return FALSE;
    }
  return TRUE;
}

static const char *
side_title (const GbacwScenario *s, const char *side)
{
  const GbacwSide *found = gbacw_oob_find_side (&s->oob, side);

  return found && found->name ? found->name : side;
}

GbacwCommand *
gbacw_oob_move_to_side (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, const char *side,
                        GError **error)
{
  g_autoptr (GHashTable) units = NULL;
  g_autoptr (GHashTable) formations = NULL;
  g_autofree char *label = NULL;
  GbacwCollectionEdit *edit;
  const char *from, *title;
  int root;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!collect_members (scenario, entry, id, &units, &formations, &from, &title, error)
      || !check_other_side (scenario, from, side, title, error))
    return NULL;
  /* TRANSLATORS: a unit or formation, the side it goes to */
  label = g_strdup_printf (_("Move “%s” to %s"), title, side_title (scenario, side));
  edit = gbacw_collection_edit_new (label, 0);

  /* Off the map and out of the reinforcements (the set-up areas and the schedule are
   * the old side's), and no longer commanding what stays behind. */
  gbacw_oob_edit_drop_references (edit, scenario, units, formations);
  for (guint k = 0; k < scenario->oob.units->len; k++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, k);
      GbacwUnit *copy;
      if (!g_hash_table_contains (units, u->id))
        continue;
      copy = gbacw_unit_copy (u);
      g_free (copy->side);
      copy->side = g_strdup (side);
      if (entry == GBACW_OOB_ENTRY_UNIT)
        g_clear_pointer (&copy->formation, g_free);
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_UNITS, k, copy);
    }
  for (guint k = 0; k < scenario->oob.formations->len; k++)
    {
      const GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, k);
      GbacwFormation *copy;
      if (!g_hash_table_contains (formations, f->id))
        continue;
      copy = gbacw_formation_copy (f);
      g_free (copy->side);
      copy->side = g_strdup (side);
      if (g_strcmp0 (f->id, id) == 0)
        g_clear_pointer (&copy->parent, g_free);
      if (copy->commander && !g_hash_table_contains (units, copy->commander))
        g_clear_pointer (&copy->commander, g_free);
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_FORMATIONS, k, copy);
    }
  /* last at the new side's top level */
  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      root = gbacw_oob_edit_find_unit_or_error (scenario, id, NULL);
      gbacw_collection_edit_move (edit, GBACW_COLLECTION_UNITS, (guint) root, scenario->oob.units->len - 1);
    }
  else
    {
      root = gbacw_oob_edit_find_formation_or_error (scenario, id, NULL);
      gbacw_collection_edit_move (edit, GBACW_COLLECTION_FORMATIONS, (guint) root, scenario->oob.formations->len - 1);
    }
  return GBACW_COMMAND (edit);
}

/* "NAME (N)" with the smallest N >= 2 that no entry of the list (units or formations)
 * and no name of taken has; a name already numbered so is numbered anew. NULL for NULL. */
static char *
numbered_name (const GbacwScenario *s, GbacwOobEntry entry, const char *name, GHashTable *taken)
{
  g_autofree char *base = NULL;
  const char *open;
  gsize length;

  if (name == NULL || *name == '\0')
    return g_strdup (name);
  length = strlen (name);
  open = strrchr (name, '(');
  if (open != NULL && open > name + 1 && open[-1] == ' ' && name[length - 1] == ')'
      && strspn (open + 1, "0123456789") == (gsize) (name + length - 1 - (open + 1)) && open + 1 < name + length - 1)
    base = g_strndup (name, (gsize) (open - 1 - name));
  else
    base = g_strdup (name);
  for (guint n = 2;; n++)
    {
      g_autofree char *candidate = g_strdup_printf ("%s (%u)", base, n);
      gboolean used = g_hash_table_contains (taken, candidate);
      if (entry == GBACW_OOB_ENTRY_UNIT)
        for (guint i = 0; i < s->oob.units->len && !used; i++)
          used = g_strcmp0 (((GbacwUnit *) g_ptr_array_index (s->oob.units, i))->designation, candidate) == 0;
      else
        for (guint i = 0; i < s->oob.formations->len && !used; i++)
          used = g_strcmp0 (((GbacwFormation *) g_ptr_array_index (s->oob.formations, i))->name, candidate) == 0;
      if (!used)
        {
          g_hash_table_add (taken, g_strdup (candidate));
          return g_steal_pointer (&candidate);
        }
    }
}

GbacwCommand *
gbacw_oob_copy_to_side (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, const char *side,
                        char **id_out, GError **error)
{
  g_autoptr (GHashTable) units = NULL;
  g_autoptr (GHashTable) formations = NULL;
  /* old id -> new id, for units and for formations */
  g_autoptr (GHashTable) unit_ids = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr (GHashTable) formation_ids = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr (GHashTable) taken_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *label = NULL;
  GbacwCollectionEdit *edit;
  const char *from, *title;
  guint n_units, n_formations;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!collect_members (scenario, entry, id, &units, &formations, &from, &title, error)
      || !check_other_side (scenario, from, side, title, error))
    return NULL;

  /* New ids from the old ones ("u-14oh-1"): unique, as gbacw_oob_unique_id () makes
   * them, and among each other, as no old id is the prefix of another's new one. */
  for (guint k = 0; k < scenario->oob.units->len; k++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, k);
      if (g_hash_table_contains (units, u->id))
        g_hash_table_insert (unit_ids, u->id, gbacw_oob_unique_id (scenario, u->id));
    }
  for (guint k = 0; k < scenario->oob.formations->len; k++)
    {
      const GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, k);
      if (g_hash_table_contains (formations, f->id))
        g_hash_table_insert (formation_ids, f->id, gbacw_oob_unique_id (scenario, f->id));
    }
  if (id_out != NULL)
    *id_out = g_strdup (g_hash_table_lookup (entry == GBACW_OOB_ENTRY_UNIT ? unit_ids : formation_ids, id));

  /* TRANSLATORS: a unit or formation, the side its copy goes to */
  label = g_strdup_printf (_("Copy “%s” to %s"), title, side_title (scenario, side));
  edit = gbacw_collection_edit_new (label, 0);
  /* appended: the copy is last at the side's top level, its members in their order */
  n_formations = scenario->oob.formations->len;
  for (guint k = 0; k < scenario->oob.formations->len; k++)
    {
      const GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, k);
      GbacwFormation *copy;
      const char *commander;
      if (!g_hash_table_contains (formations, f->id))
        continue;
      copy = gbacw_formation_copy (f);
      g_free (copy->id);
      copy->id = g_strdup (g_hash_table_lookup (formation_ids, f->id));
      g_free (copy->side);
      copy->side = g_strdup (side);
      g_free (copy->parent);
      copy->parent = g_strcmp0 (f->id, id) == 0 ? NULL : g_strdup (g_hash_table_lookup (formation_ids, f->parent));
      commander = f->commander ? g_hash_table_lookup (unit_ids, f->commander) : NULL;
      g_free (copy->commander);
      copy->commander = g_strdup (commander);
      g_free (copy->name);
      copy->name = numbered_name (scenario, GBACW_OOB_ENTRY_FORMATION, f->name, taken_names);
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_FORMATIONS, n_formations++, copy);
    }
  n_units = scenario->oob.units->len;
  for (guint k = 0; k < scenario->oob.units->len; k++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, k);
      GbacwUnit *copy;
      if (!g_hash_table_contains (units, u->id))
        continue;
      copy = gbacw_unit_copy (u);
      g_free (copy->id);
      copy->id = g_strdup (g_hash_table_lookup (unit_ids, u->id));
      g_free (copy->side);
      copy->side = g_strdup (side);
      g_free (copy->formation);
      copy->formation = entry == GBACW_OOB_ENTRY_UNIT ? NULL
                                                      : g_strdup (g_hash_table_lookup (formation_ids, u->formation));
      g_free (copy->designation);
      copy->designation = numbered_name (scenario, GBACW_OOB_ENTRY_UNIT, u->designation, taken_names);
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_UNITS, n_units++, copy);
    }
  return GBACW_COMMAND (edit);
}
