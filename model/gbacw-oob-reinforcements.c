/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-reinforcements.c: undoable commands for reinforcements: their turn, entry
 * hexes, formation and members. */
#define G_LOG_DOMAIN "gbacw-oob-reinforcements"

#include "gbacw-oob-edit.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-oob-edit-private.h"

/* ---------------------------------------------------------------- reinforcements */

static int
reinforcement_index (const GbacwScenario *s, const char *id, GError **error)
{
  for (guint i = 0; i < s->reinforcements->len; i++)
    if (g_strcmp0 (((GbacwReinforcement *) g_ptr_array_index (s->reinforcements, i))->id, id) == 0)
      return (int) i;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("there is no reinforcement “%s”"),
               id ? id : "");
  return -1;
}

gboolean
gbacw_oob_edit_check_turn (const GbacwScenario *s, int turn, GError **error)
{
  if (turn >= s->turns.first && turn <= s->turns.last)
    return TRUE;
  return gbacw_oob_edit_set_invalid (error, _("turn %d is outside the scenario's Game-Turns (%d to %d)"), turn, s->turns.first,
                      s->turns.last);
}

static gboolean
check_entry_hexes (const GbacwScenario *s, const int *hexes, guint n, GError **error)
{
  for (guint i = 0; i < n; i++)
    {
      if (!gbacw_oob_edit_check_hex (s, hexes[i], error))
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (hexes[j] == hexes[i])
          {
            g_autofree char *label = gbacw_oob_edit_hex_label (s, hexes[i]);
            return gbacw_oob_edit_set_invalid (error, _("entry hex %s is listed twice"), label);
          }
    }
  return TRUE;
}

static gboolean
check_member (const GbacwScenario *s, GbacwOobEntry entry, const char *member, const char *skip_reinforcement,
              GError **error)
{
  if (entry == GBACW_OOB_ENTRY_UNIT ? gbacw_oob_edit_find_unit_or_error (s, member, error) < 0
                                    : gbacw_oob_edit_find_formation_or_error (s, member, error) < 0)
    return FALSE;
  for (guint i = 0; i < s->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, i);
      const GPtrArray *list = entry == GBACW_OOB_ENTRY_UNIT ? r->units : r->formations;
      if (skip_reinforcement && g_strcmp0 (r->id, skip_reinforcement) == 0)
        continue;
      for (guint k = 0; k < list->len; k++)
        if (g_strcmp0 (g_ptr_array_index (list, k), member) == 0)
          {
            g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                         _("“%s” already arrives with reinforcement “%s”"), member, r->id);
            return FALSE;
          }
    }
  return TRUE;
}

static gboolean
check_reinforcement_state (GbacwFormationState state, GError **error)
{
  if ((int) state >= 0 && state <= GBACW_FORMATION_STATE_UNLIMBERED)
    return TRUE;
  return gbacw_oob_edit_set_invalid (error, _("unknown formation"));
}

/* Units arriving as a reinforcement are not on the map at the start: the placements of
 * the units and of every unit of the formations (and the formations under them) are
 * removed by edit, in the step that makes them arrive. */
static void
remove_arriving_placements (const GbacwScenario *s, GbacwCollectionEdit *edit, const char *const *units,
                            const char *const *formations)
{
  g_autoptr (GHashTable) arriving = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; units && units[i]; i++)
    g_hash_table_add (arriving, (gpointer) units[i]);
  for (guint i = 0; formations && formations[i]; i++)
    {
      g_autoptr (GHashTable) set = gbacw_oob_edit_subtree_formations (s, formations[i], NULL);
      for (guint k = 0; k < s->oob.units->len; k++)
        {
          GbacwUnit *u = g_ptr_array_index (s->oob.units, k);
          if (u->formation && g_hash_table_contains (set, u->formation))
            g_hash_table_add (arriving, u->id);
        }
    }
  for (guint k = s->deployment->len; k-- > 0;)
    if (g_hash_table_contains (arriving, ((GbacwPlacement *) g_ptr_array_index (s->deployment, k))->unit))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, k);
}

GbacwCommand *
gbacw_reinforcement_add (GbacwScenario *scenario, int turn, const int *entry_hexes, guint n_entry,
                         GbacwFormationState formation, const char *const *units, const char *const *formations,
                         char **id_out, GError **error)
{
  g_autoptr (OobReinforcement) r = NULL;
  char *id;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (entry_hexes != NULL || n_entry == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_oob_edit_check_turn (scenario, turn, error) || !check_entry_hexes (scenario, entry_hexes, n_entry, error)
      || !check_reinforcement_state (formation, error))
    return NULL;
  id = gbacw_oob_unique_id (scenario, "r-new");
  r = gbacw_reinforcement_new (id, turn);
  g_free (id);
  r->formation = formation;
  if (n_entry)
    g_array_append_vals (r->entry_hexes, entry_hexes, n_entry);
  for (guint i = 0; units && units[i]; i++)
    {
      if (!check_member (scenario, GBACW_OOB_ENTRY_UNIT, units[i], NULL, error))
        return NULL;
      for (guint k = 0; k < r->units->len; k++)
        if (strcmp (g_ptr_array_index (r->units, k), units[i]) == 0)
          {
            gbacw_oob_edit_set_invalid (error, _("“%s” is listed twice"), units[i]);
            return NULL;
          }
      g_ptr_array_add (r->units, g_strdup (units[i]));
    }
  for (guint i = 0; formations && formations[i]; i++)
    {
      if (!check_member (scenario, GBACW_OOB_ENTRY_FORMATION, formations[i], NULL, error))
        return NULL;
      for (guint k = 0; k < r->formations->len; k++)
        if (strcmp (g_ptr_array_index (r->formations, k), formations[i]) == 0)
          {
            gbacw_oob_edit_set_invalid (error, _("“%s” is listed twice"), formations[i]);
            return NULL;
          }
      g_ptr_array_add (r->formations, g_strdup (formations[i]));
    }
  if (id_out)
    *id_out = g_strdup (r->id);
  {
    GbacwCollectionEdit *edit = gbacw_collection_edit_new (_("Add reinforcement"), 0);
    remove_arriving_placements (scenario, edit, units, formations);
    gbacw_collection_edit_insert (edit, GBACW_COLLECTION_REINFORCEMENTS, scenario->reinforcements->len,
                                  g_steal_pointer (&r));
    return GBACW_COMMAND (edit);
  }
}

static GbacwCommand *
replace_reinforcement (const GbacwScenario *s, int index, GbacwReinforcement *r, const char *label, guint merge_key)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, merge_key);
  gbacw_collection_edit_replace (edit, GBACW_COLLECTION_REINFORCEMENTS, (guint) index, r);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_reinforcement_set_turn (GbacwScenario *scenario, const char *id, int turn, GError **error)
{
  GbacwReinforcement *r;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0 || !gbacw_oob_edit_check_turn (scenario, turn, error))
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  if (r->turn == turn)
    {
      gbacw_reinforcement_free (r);
      return gbacw_oob_edit_empty_command (_("Change arrival turn"));
    }
  r->turn = turn;
  return replace_reinforcement (scenario, i, r, _("Change arrival turn"), MERGE_REINF_TURN);
}

GbacwCommand *
gbacw_reinforcement_set_entry (GbacwScenario *scenario, const char *id, const int *entry_hexes, guint n_entry,
                               GError **error)
{
  GbacwReinforcement *r;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (entry_hexes != NULL || n_entry == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0 || !check_entry_hexes (scenario, entry_hexes, n_entry, error))
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  g_array_set_size (r->entry_hexes, 0);
  if (n_entry)
    g_array_append_vals (r->entry_hexes, entry_hexes, n_entry);
  return replace_reinforcement (scenario, i, r, _("Change entry hexes"), 0);
}

GbacwCommand *
gbacw_reinforcement_set_formation (GbacwScenario *scenario, const char *id, GbacwFormationState formation,
                                   GError **error)
{
  GbacwReinforcement *r;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0 || !check_reinforcement_state (formation, error))
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  r->formation = formation;
  return replace_reinforcement (scenario, i, r, _("Change formation on entry"), 0);
}

GbacwCommand *
gbacw_reinforcement_add_member (GbacwScenario *scenario, const char *id, GbacwOobEntry entry, const char *member,
                                GError **error)
{
  GbacwReinforcement *r;
  GPtrArray *list;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0 || !check_member (scenario, entry, member, NULL, error))
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  list = entry == GBACW_OOB_ENTRY_UNIT ? r->units : r->formations;
  g_ptr_array_add (list, g_strdup (member));
  {
    const char *const members[] = { member, NULL };
    GbacwCollectionEdit *edit = gbacw_collection_edit_new (_("Add to reinforcement"), 0);
    remove_arriving_placements (scenario, edit, entry == GBACW_OOB_ENTRY_UNIT ? members : NULL,
                                entry == GBACW_OOB_ENTRY_UNIT ? NULL : members);
    gbacw_collection_edit_replace (edit, GBACW_COLLECTION_REINFORCEMENTS, (guint) i, r);
    return GBACW_COMMAND (edit);
  }
}

GbacwCommand *
gbacw_reinforcement_remove_member (GbacwScenario *scenario, const char *id, GbacwOobEntry entry, const char *member,
                                   GError **error)
{
  GbacwReinforcement *r;
  GPtrArray *list;
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0)
    return NULL;
  r = gbacw_reinforcement_copy (g_ptr_array_index (scenario->reinforcements, i));
  list = entry == GBACW_OOB_ENTRY_UNIT ? r->units : r->formations;
  for (guint k = 0; k < list->len; k++)
    if (g_strcmp0 (g_ptr_array_index (list, k), member) == 0)
      {
        g_ptr_array_remove_index (list, k);
        return replace_reinforcement (scenario, i, r, _("Remove from reinforcement"), 0);
      }
  gbacw_reinforcement_free (r);
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
               _("“%s” is not in reinforcement “%s”"), member ? member : "", id);
  return NULL;
}

GbacwCommand *
gbacw_reinforcement_remove (GbacwScenario *scenario, const char *id, GError **error)
{
  int i;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((i = reinforcement_index (scenario, id, error)) < 0)
    return NULL;
  return gbacw_oob_edit_one_remove (_("Remove reinforcement"), GBACW_COLLECTION_REINFORCEMENTS, (guint) i);
}
