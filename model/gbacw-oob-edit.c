/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-edit.c: undoable commands for the order of battle's entries (add, duplicate,
 * delete, move) and the helpers the other order-of-battle edits share, built
 * on GbacwCollectionEdit. Deployment, reinforcements, settings and victory are in
 * gbacw-oob-deploy.c, gbacw-oob-reinforcements.c and gbacw-oob-settings.c; the fields'
 * text and the command that sets one in gbacw-oob-fields.c. */
#define G_LOG_DOMAIN "gbacw-oob-edit"

#include "gbacw-oob-edit.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "gbacw-collection-edit.h"
#include "gbacw-oob-edit-private.h"

G_DEFINE_QUARK (gbacw-oob-edit-error-quark, gbacw_oob_edit_error)

/* ---------------------------------------------------------------- helpers */

GbacwCommand *
gbacw_oob_edit_empty_command (const char *label)
{
  return GBACW_COMMAND (gbacw_collection_edit_new (label, 0));
}

/* Commands made of one insertion, replacement or removal in one list (take item). */
GbacwCommand *
gbacw_oob_edit_one_insert (const char *label, GbacwCollection collection, guint index, gpointer item)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  gbacw_collection_edit_insert (edit, collection, index, item);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_oob_edit_one_replace (const char *label, GbacwCollection collection, guint index, gpointer item)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  gbacw_collection_edit_replace (edit, collection, index, item);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_oob_edit_one_remove (const char *label, GbacwCollection collection, guint index)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  gbacw_collection_edit_remove (edit, collection, index);
  return GBACW_COMMAND (edit);
}

gboolean
gbacw_oob_edit_id_syntax_ok (const char *id)
{
  if (id == NULL || *id == '\0')
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_' && *p != '.' && *p != '-')
      return FALSE;
  return TRUE;
}

gboolean
gbacw_oob_edit_check_id_syntax (const char *id, GError **error)
{
  if (gbacw_oob_edit_id_syntax_ok (id))
    return TRUE;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_INVALID,
               _("“%s” is not an id: ids are the letters A to Z and a to z, digits, “_”, “.” and “-”"),
               id ? id : "");
  return FALSE;
}

static int
unit_index (const GbacwScenario *s, const char *id)
{
  const GPtrArray *units = s->oob.units;
  for (guint i = 0; i < units->len; i++)
    if (g_strcmp0 (((const GbacwUnit *) g_ptr_array_index (units, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static int
formation_index (const GbacwScenario *s, const char *id)
{
  const GPtrArray *formations = s->oob.formations;
  for (guint i = 0; i < formations->len; i++)
    if (g_strcmp0 (((const GbacwFormation *) g_ptr_array_index (formations, i))->id, id) == 0)
      return (int) i;
  return -1;
}

int
gbacw_oob_edit_find_unit_or_error (const GbacwScenario *s, const char *id, GError **error)
{
  int i = id ? unit_index (s, id) : -1;
  if (i < 0)
    g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                 _("there is no unit or leader “%s” in the order of battle"), id ? id : "");
  return i;
}

int
gbacw_oob_edit_find_formation_or_error (const GbacwScenario *s, const char *id, GError **error)
{
  int i = id ? formation_index (s, id) : -1;
  if (i < 0)
    g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                 _("there is no formation “%s” in the order of battle"), id ? id : "");
  return i;
}

static gboolean
side_exists (const GbacwScenario *s, const char *side)
{
  for (guint i = 0; i < s->oob.sides->len; i++)
    if (g_strcmp0 (((const GbacwSide *) g_ptr_array_index (s->oob.sides, i))->id, side) == 0)
      return TRUE;
  return FALSE;
}

gboolean
gbacw_oob_edit_check_side (const GbacwScenario *s, const char *side, gboolean both_ok, GError **error)
{
  if (side == NULL || side_exists (s, side) || (both_ok && strcmp (side, "both") == 0))
    return TRUE;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
               _("there is no side “%s” in the order of battle"), side);
  return FALSE;
}

static gboolean
hex_on_map (const GbacwScenario *s, int hex)
{
  return hex >= 0 && hex < gbacw_hex_grid_n_hexes (&s->map->grid);
}

gboolean
gbacw_oob_edit_check_hex (const GbacwScenario *s, int hex, GError **error)
{
  if (hex_on_map (s, hex))
    return TRUE;
  g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND, _("hex %d is not on the map"), hex);
  return FALSE;
}

char *
gbacw_oob_edit_hex_label (const GbacwScenario *s, int hex)
{
  return gbacw_hex_grid_format_label (&s->map->grid, gbacw_hex_grid_hex_at (&s->map->grid, hex));
}

const char *
gbacw_oob_edit_unit_title (const GbacwUnit *u)
{
  return u->designation && *u->designation ? u->designation : u->id;
}

const char *
gbacw_oob_edit_formation_title (const GbacwFormation *f)
{
  return f->name && *f->name ? f->name : f->id;
}

/* Ids for several new entries of one command: unique in the scenario and among each other. */
typedef struct {
  const GbacwScenario *scenario;
  GHashTable *taken;   /* ids made so far */
  GHashTable *next;    /* prefix -> next number to try */
} IdMaker;

static void
id_maker_init (IdMaker *m, const GbacwScenario *s)
{
  m->scenario = s;
  m->taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  m->next = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
id_maker_clear (IdMaker *m)
{
  g_hash_table_unref (m->taken);
  g_hash_table_unref (m->next);
}

static gboolean
id_in_use (const GbacwScenario *s, const char *id)
{
  if (gbacw_oob_find_unit (&s->oob, id) || gbacw_oob_find_formation (&s->oob, id))
    return TRUE;
  if (unit_index (s, id) >= 0 || formation_index (s, id) >= 0)
    return TRUE;
  for (guint i = 0; i < s->reinforcements->len; i++)
    if (g_strcmp0 (((GbacwReinforcement *) g_ptr_array_index (s->reinforcements, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < s->vp_awards->len; i++)
    if (g_strcmp0 (((GbacwVpAward *) g_ptr_array_index (s->vp_awards, i))->id, id) == 0)
      return TRUE;
  for (guint i = 0; i < s->map->areas->len; i++)
    if (g_strcmp0 (((GbacwArea *) g_ptr_array_index (s->map->areas, i))->id, id) == 0)
      return TRUE;
  return FALSE;
}

static char *
id_maker_make (IdMaker *m, const char *prefix)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (m->next, prefix));

  for (n = MAX (n, 1);; n++)
    {
      char *id = g_strdup_printf ("%s-%u", prefix, n);
      if (!g_hash_table_contains (m->taken, id) && !id_in_use (m->scenario, id))
        {
          g_hash_table_add (m->taken, g_strdup (id));
          g_hash_table_insert (m->next, g_strdup (prefix), GUINT_TO_POINTER (n + 1));
          return id;
        }
      g_free (id);
    }
}

/* Names for copies: "5th Virginia (2)", or the next number no entry's name has yet (a
 * copy of "5th Virginia (2)" is "5th Virginia (3)"), as file managers and the Wesnoth
 * editor number copies. Units and formations share one set of names. */
typedef struct {
  GHashTable *taken;   /* every name in use or made so far */
} NameMaker;

static void
name_maker_init (NameMaker *m, const GbacwScenario *s)
{
  m->taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (s->oob.units, i);
      if (u->designation != NULL)
        g_hash_table_add (m->taken, g_strdup (u->designation));
    }
  for (guint i = 0; i < s->oob.formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
      if (f->name != NULL)
        g_hash_table_add (m->taken, g_strdup (f->name));
    }
}

static void
name_maker_clear (NameMaker *m)
{
  g_hash_table_unref (m->taken);
}

/* Replaces *name (may be NULL or empty: left so) with the name of a copy. */
static void
name_maker_number (NameMaker *m, char **name)
{
  g_autofree char *base = NULL;
  const char *end;
  gsize len;

  if (*name == NULL || (*name)[0] == '\0')
    return;
  /* "Name (N)" numbers on from Name */
  len = strlen (*name);
  end = *name + len;
  if (len >= 4 && end[-1] == ')')
    {
      const char *p = end - 2;
      while (p > *name && g_ascii_isdigit (*p))
        p--;
      if (p < end - 2 && p >= *name + 1 && *p == '(' && p[-1] == ' ')
        len = (gsize) (p - 1 - *name);
    }
  base = g_strndup (*name, len);
  for (guint n = 2;; n++)
    {
      char *copy = g_strdup_printf ("%s (%u)", base, n);
      if (!g_hash_table_contains (m->taken, copy))
        {
          g_hash_table_add (m->taken, g_strdup (copy));
          g_free (*name);
          *name = copy;
          return;
        }
      g_free (copy);
    }
}

char *
gbacw_oob_unique_id (const GbacwScenario *scenario, const char *prefix)
{
  IdMaker m;
  char *id;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (prefix != NULL, NULL);
  id_maker_init (&m, scenario);
  id = id_maker_make (&m, prefix);
  id_maker_clear (&m);
  return id;
}

/* ---------------------------------------------------------------- order of battle */

static gboolean
same_group_unit (const GbacwUnit *u, const char *side, const char *parent)
{
  return g_strcmp0 (u->side, side) == 0 && g_strcmp0 (u->formation, parent) == 0;
}

static gboolean
same_group_formation (const GbacwFormation *f, const char *side, const char *parent)
{
  return g_strcmp0 (f->side, side) == 0 && g_strcmp0 (f->parent, parent) == 0;
}

/* Index of the last item of the group (skipping index skip), or -1. */
static int
last_in_group (const GbacwScenario *s, GbacwOobEntry entry, const char *side, const char *parent, int skip)
{
  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      for (guint i = s->oob.units->len; i-- > 0;)
        if ((int) i != skip && same_group_unit (g_ptr_array_index (s->oob.units, i), side, parent))
          return (int) i;
    }
  else
    {
      for (guint i = s->oob.formations->len; i-- > 0;)
        if ((int) i != skip && same_group_formation (g_ptr_array_index (s->oob.formations, i), side, parent))
          return (int) i;
    }
  return -1;
}

/* Checks parent (a formation of side, or NULL) and before (a sibling of entry kind in
 * that group, or NULL); returns the array index to insert a new item at. */
static gboolean
insertion_index (const GbacwScenario *s, GbacwOobEntry entry, const char *side, const char *parent,
                 const char *before, guint *index, GError **error)
{
  if (side == NULL)
    {
      /* every entry belongs to a side (gbacw_oob_edit_check_side () lets NULL through as "either") */
      g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                   _("the order of battle has no side to add it to"));
      return FALSE;
    }
  if (!side_exists (s, side))
    return gbacw_oob_edit_check_side (s, side, FALSE, error);
  if (parent)
    {
      int p = gbacw_oob_edit_find_formation_or_error (s, parent, error);
      const GbacwFormation *pf;
      if (p < 0)
        return FALSE;
      pf = g_ptr_array_index (s->oob.formations, p);
      if (g_strcmp0 (pf->side, side) != 0)
        {
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                       _("formation “%s” belongs to the other side"), parent);
          return FALSE;
        }
    }
  if (before)
    {
      int b;
      gboolean sibling;
      if (entry == GBACW_OOB_ENTRY_UNIT)
        {
          b = unit_index (s, before);
          sibling = b >= 0 && same_group_unit (g_ptr_array_index (s->oob.units, b), side, parent);
        }
      else
        {
          b = formation_index (s, before);
          sibling = b >= 0 && same_group_formation (g_ptr_array_index (s->oob.formations, b), side, parent);
        }
      if (!sibling)
        {
          g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_FOUND,
                       _("“%s” is not an entry of the same formation"), before);
          return FALSE;
        }
      *index = (guint) b;
      return TRUE;
    }
  {
    int last = last_in_group (s, entry, side, parent, -1);
    GPtrArray *array = entry == GBACW_OOB_ENTRY_UNIT ? s->oob.units : s->oob.formations;
    *index = last >= 0 ? (guint) last + 1 : array->len;
  }
  return TRUE;
}

/* The start of adding an entry: unless the type or kind is not valid (the error says
 * invalid_message) or the entry has no place (see insertion_index ()), returns a new id
 * starting with prefix and sets *index; else NULL. */
static char *
new_entry_id (GbacwScenario *scenario, GbacwOobEntry entry, gboolean valid, const char *invalid_message,
              const char *side, const char *parent, const char *before, const char *prefix,
              guint *index, GError **error)
{
  if (!valid)
    {
      gbacw_oob_edit_set_invalid (error, "%s", invalid_message);
      return NULL;
    }
  if (!insertion_index (scenario, entry, side, parent, before, index, error))
    return NULL;
  return gbacw_oob_unique_id (scenario, prefix);
}

/* The end of adding an entry: the command inserting item at index of collection; id
 * (transfer full) goes to *id_out or is freed. */
static GbacwCommand *
insert_entry (const char *label, GbacwCollection collection, guint index, gpointer item,
              char *id, char **id_out)
{
  GbacwCollectionEdit *edit = gbacw_collection_edit_new (label, 0);

  gbacw_collection_edit_insert (edit, collection, index, item);
  if (id_out)
    *id_out = id;
  else
    g_free (id);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_oob_add_unit (GbacwScenario *scenario, const char *side, const char *parent, GbacwUnitType type,
                    const char *before, char **id_out, GError **error)
{
  GbacwUnit *u;
  char *id;
  guint index;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  id = new_entry_id (scenario, GBACW_OOB_ENTRY_UNIT, (int) type >= GBACW_UNIT_INFANTRY && type <= GBACW_UNIT_LEADER,
                     _("unknown unit type"), side, parent, before, "u-new", &index, error);
  if (id == NULL)
    return NULL;
  u = gbacw_unit_new (id, side, type);
  u->formation = g_strdup (parent);
  if (type == GBACW_UNIT_LEADER && parent)
    {
      const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, parent);
      if (f)
        switch (f->kind)
          {
          case GBACW_FORMATION_ARMY: u->role = GBACW_LEADER_ARMY; break;
          case GBACW_FORMATION_CORPS: u->role = GBACW_LEADER_CORPS; break;
          case GBACW_FORMATION_DIVISION: u->role = GBACW_LEADER_DIVISION; break;
          case GBACW_FORMATION_BRIGADE:
          case GBACW_FORMATION_GROUP:
          default: u->role = GBACW_LEADER_BRIGADE; break;
          }
    }
  return insert_entry (type == GBACW_UNIT_LEADER ? _("Add leader") : _("Add unit"),
                       GBACW_COLLECTION_UNITS, index, u, id, id_out);
}

GbacwCommand *
gbacw_oob_add_formation (GbacwScenario *scenario, const char *side, const char *parent, GbacwFormationKind kind,
                         const char *before, char **id_out, GError **error)
{
  GbacwFormation *f;
  char *id;
  guint index;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  id = new_entry_id (scenario, GBACW_OOB_ENTRY_FORMATION,
                     (int) kind >= GBACW_FORMATION_ARMY && kind <= GBACW_FORMATION_GROUP,
                     _("unknown formation kind"), side, parent, before, "f-new", &index, error);
  if (id == NULL)
    return NULL;
  f = gbacw_formation_new (id, side, kind);
  f->parent = g_strdup (parent);
  return insert_entry (_("Add formation"), GBACW_COLLECTION_FORMATIONS, index, f, id, id_out);
}

/* The formation and everything under it: formations_out (indices in array order) and
 * the set of their ids. */
GHashTable *
gbacw_oob_edit_subtree_formations (const GbacwScenario *s, const char *root, GArray *indices_out)
{
  GHashTable *set = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean grew = TRUE;

  g_hash_table_add (set, (gpointer) root);
  /* parents can come after their children in the array: iterate to a fixed point */
  while (grew)
    {
      grew = FALSE;
      for (guint i = 0; i < s->oob.formations->len; i++)
        {
          GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
          if (f->parent && !g_hash_table_contains (set, f->id) && g_hash_table_contains (set, f->parent))
            {
              g_hash_table_add (set, f->id);
              grew = TRUE;
            }
        }
    }
  if (indices_out)
    for (guint i = 0; i < s->oob.formations->len; i++)
      if (g_hash_table_contains (set, ((GbacwFormation *) g_ptr_array_index (s->oob.formations, i))->id))
        g_array_append_val (indices_out, i);
  return set;
}

void
gbacw_oob_formation_totals (const GbacwScenario *scenario, const char *formation, int *sp, int *guns, int *n_missing)
{
  g_autoptr (GHashTable) set = NULL;
  int total_sp = 0, total_guns = 0, missing = 0;

  g_return_if_fail (scenario != NULL);
  g_return_if_fail (formation != NULL);

  set = gbacw_oob_edit_subtree_formations (scenario, formation, NULL);
  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      if (u->formation == NULL || !g_hash_table_contains (set, u->formation))
        continue;
      if (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY)
        {
          if (u->strength == GBACW_UNSET)
            missing++;
          else
            total_sp += u->strength;
        }
      else if (u->type == GBACW_UNIT_ARTILLERY)
        {
          if (u->guns == GBACW_UNSET)
            missing++;
          else
            total_guns += u->guns;
        }
    }
  if (sp)
    *sp = total_sp;
  if (guns)
    *guns = total_guns;
  if (n_missing)
    *n_missing = missing;
}

GbacwCommand *
gbacw_oob_duplicate (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, char **id_out, GError **error)
{
  GbacwCollectionEdit *edit;
  IdMaker ids;
  NameMaker names;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  id_maker_init (&ids, scenario);
  name_maker_init (&names, scenario);
  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      int i = gbacw_oob_edit_find_unit_or_error (scenario, id, error);
      GbacwUnit *copy;
      if (i < 0)
        {
          id_maker_clear (&ids);
          name_maker_clear (&names);
          return NULL;
        }
      copy = gbacw_unit_copy (g_ptr_array_index (scenario->oob.units, i));
      g_free (copy->id);
      copy->id = id_maker_make (&ids, "u-new");
      name_maker_number (&names, &copy->designation);
      if (id_out)
        *id_out = g_strdup (copy->id);
      edit = gbacw_collection_edit_new (_("Duplicate"), 0);
      gbacw_collection_edit_insert (edit, GBACW_COLLECTION_UNITS, (guint) i + 1, copy);
    }
  else
    {
      int root = gbacw_oob_edit_find_formation_or_error (scenario, id, error);
      g_autoptr (GArray) indices = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GHashTable) set = NULL;
      g_autoptr (GHashTable) map = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
      g_autoptr (GHashTable) unit_map = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
      guint n_formations = scenario->oob.formations->len;
      guint n_units = scenario->oob.units->len;

      if (root < 0)
        {
          id_maker_clear (&ids);
          name_maker_clear (&names);
          return NULL;
        }
      set = gbacw_oob_edit_subtree_formations (scenario, id, indices);
      for (guint k = 0; k < indices->len; k++)
        {
          GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, g_array_index (indices, guint, k));
          g_hash_table_insert (map, f->id, id_maker_make (&ids, "f-new"));
        }
      for (guint i = 0; i < n_units; i++)
        {
          GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
          if (u->formation && g_hash_table_contains (set, u->formation))
            g_hash_table_insert (unit_map, u->id, id_maker_make (&ids, "u-new"));
        }

      edit = gbacw_collection_edit_new (_("Duplicate"), 0);
      /* the root's copy right after it (its next sibling), the rest appended: their order
       * among their siblings is what counts */
      for (guint k = 0; k < indices->len; k++)
        {
          guint i = g_array_index (indices, guint, k);
          GbacwFormation *f = g_ptr_array_index (scenario->oob.formations, i);
          GbacwFormation *copy = gbacw_formation_copy (f);
          const char *commander;
          g_free (copy->id);
          copy->id = g_strdup (g_hash_table_lookup (map, f->id));
          name_maker_number (&names, &copy->name);
          if ((int) i != root)
            {
              g_free (copy->parent);
              copy->parent = g_strdup (g_hash_table_lookup (map, f->parent));
            }
          if (f->commander && (commander = g_hash_table_lookup (unit_map, f->commander)))
            {
              g_free (copy->commander);
              copy->commander = g_strdup (commander);
            }
          if ((int) i == root && id_out)
            *id_out = g_strdup (copy->id);
          gbacw_collection_edit_insert (edit, GBACW_COLLECTION_FORMATIONS,
                                        (int) i == root ? (guint) root + 1 : n_formations, copy);
          n_formations++;
        }
      for (guint i = 0; i < scenario->oob.units->len; i++)
        {
          GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
          GbacwUnit *copy;
          if (!u->formation || !g_hash_table_contains (set, u->formation))
            continue;
          copy = gbacw_unit_copy (u);
          g_free (copy->id);
          copy->id = g_strdup (g_hash_table_lookup (unit_map, u->id));
          name_maker_number (&names, &copy->designation);
          g_free (copy->formation);
          copy->formation = g_strdup (g_hash_table_lookup (map, u->formation));
          gbacw_collection_edit_insert (edit, GBACW_COLLECTION_UNITS, n_units++, copy);
        }
    }
  id_maker_clear (&ids);
  name_maker_clear (&names);
  return GBACW_COMMAND (edit);
}

void
gbacw_oob_edit_drop_references (GbacwCollectionEdit *edit, const GbacwScenario *s, GHashTable *units,
                                GHashTable *formations)
{
  for (guint k = s->deployment->len; k-- > 0;)
    if (g_hash_table_contains (units, ((GbacwPlacement *) g_ptr_array_index (s->deployment, k))->unit))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_PLACEMENTS, k);
  for (guint k = 0; k < s->reinforcements->len; k++)
    {
      GbacwReinforcement *r = g_ptr_array_index (s->reinforcements, k);
      GbacwReinforcement *copy = NULL;
      for (guint m = 0; m < r->units->len; m++)
        if (g_hash_table_contains (units, g_ptr_array_index (r->units, m)))
          {
            copy = gbacw_reinforcement_copy (r);
            break;
          }
      for (guint m = 0; !copy && m < r->formations->len; m++)
        if (g_hash_table_contains (formations, g_ptr_array_index (r->formations, m)))
          copy = gbacw_reinforcement_copy (r);
      if (copy == NULL)
        continue;
      for (guint m = copy->units->len; m-- > 0;)
        if (g_hash_table_contains (units, g_ptr_array_index (copy->units, m)))
          g_ptr_array_remove_index (copy->units, m);
      for (guint m = copy->formations->len; m-- > 0;)
        if (g_hash_table_contains (formations, g_ptr_array_index (copy->formations, m)))
          g_ptr_array_remove_index (copy->formations, m);
      gbacw_collection_edit_replace (edit, GBACW_COLLECTION_REINFORCEMENTS, k, copy);
    }
  for (guint k = 0; k < s->oob.formations->len; k++)
    {
      GbacwFormation *f = g_ptr_array_index (s->oob.formations, k);
      if (f->commander && g_hash_table_contains (units, f->commander) && !g_hash_table_contains (formations, f->id))
        {
          GbacwFormation *copy = gbacw_formation_copy (f);
          g_clear_pointer (&copy->commander, g_free);
          gbacw_collection_edit_replace (edit, GBACW_COLLECTION_FORMATIONS, k, copy);
        }
    }
}

GbacwCommand *
gbacw_oob_delete (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, GError **error)
{
  g_autoptr (GHashTable) units = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) formations = NULL;
  g_autofree char *label = NULL;
  GbacwCollectionEdit *edit;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      int i = gbacw_oob_edit_find_unit_or_error (scenario, id, error);
      if (i < 0)
        return NULL;
      g_hash_table_add (units, (gpointer) ((GbacwUnit *) g_ptr_array_index (scenario->oob.units, i))->id);
      formations = g_hash_table_new (g_str_hash, g_str_equal);
      label = g_strdup_printf (_("Delete “%s”"), gbacw_oob_edit_unit_title (g_ptr_array_index (scenario->oob.units, i)));
    }
  else
    {
      int i = gbacw_oob_edit_find_formation_or_error (scenario, id, error);
      if (i < 0)
        return NULL;
      formations = gbacw_oob_edit_subtree_formations (scenario, ((GbacwFormation *) g_ptr_array_index (scenario->oob.formations, i))->id,
                                       NULL);
      for (guint k = 0; k < scenario->oob.units->len; k++)
        {
          GbacwUnit *u = g_ptr_array_index (scenario->oob.units, k);
          if (u->formation && g_hash_table_contains (formations, u->formation))
            g_hash_table_add (units, u->id);
        }
      label = g_strdup_printf (_("Delete “%s”"), gbacw_oob_edit_formation_title (g_ptr_array_index (scenario->oob.formations, i)));
    }

  edit = gbacw_collection_edit_new (label, 0);
  /* what refers to the deleted entries first */
  gbacw_oob_edit_drop_references (edit, scenario, units, formations);
  for (guint k = scenario->oob.units->len; k-- > 0;)
    if (g_hash_table_contains (units, ((GbacwUnit *) g_ptr_array_index (scenario->oob.units, k))->id))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_UNITS, k);
  for (guint k = scenario->oob.formations->len; k-- > 0;)
    if (g_hash_table_contains (formations, ((GbacwFormation *) g_ptr_array_index (scenario->oob.formations, k))->id))
      gbacw_collection_edit_remove (edit, GBACW_COLLECTION_FORMATIONS, k);
  return GBACW_COMMAND (edit);
}

GbacwCommand *
gbacw_oob_move (GbacwScenario *scenario, GbacwOobEntry entry, const char *id, const char *new_parent,
                const char *before, GError **error)
{
  GbacwCollection collection = entry == GBACW_OOB_ENTRY_UNIT ? GBACW_COLLECTION_UNITS : GBACW_COLLECTION_FORMATIONS;
  GbacwCollectionEdit *edit;
  g_autofree char *label = NULL;
  const char *side, *old_parent;
  int from, to;

  g_return_val_if_fail (scenario != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      GbacwUnit *u;
      from = gbacw_oob_edit_find_unit_or_error (scenario, id, error);
      if (from < 0)
        return NULL;
      u = g_ptr_array_index (scenario->oob.units, from);
      side = u->side;
      old_parent = u->formation;
      label = g_strdup_printf (_("Move “%s”"), gbacw_oob_edit_unit_title (u));
    }
  else
    {
      GbacwFormation *f;
      from = gbacw_oob_edit_find_formation_or_error (scenario, id, error);
      if (from < 0)
        return NULL;
      f = g_ptr_array_index (scenario->oob.formations, from);
      side = f->side;
      old_parent = f->parent;
      label = g_strdup_printf (_("Move “%s”"), gbacw_oob_edit_formation_title (f));
      if (new_parent)
        {
          g_autoptr (GHashTable) subtree = gbacw_oob_edit_subtree_formations (scenario, f->id, NULL);
          if (g_hash_table_contains (subtree, new_parent))
            {
              g_set_error (error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                           _("formation “%s” cannot be moved into itself"), f->id);
              return NULL;
            }
        }
    }
  if (before && g_strcmp0 (before, id) == 0)
    {
      /* in front of itself: where it is */
      if (g_strcmp0 (old_parent, new_parent) == 0)
        return gbacw_oob_edit_empty_command (label);
      before = NULL;
    }
  {
    guint index;
    if (!insertion_index (scenario, entry, side, new_parent, before, &index, error))
      return NULL;
  }

  edit = gbacw_collection_edit_new (label, 0);
  if (g_strcmp0 (old_parent, new_parent) != 0)
    {
      gpointer copy = gbacw_collection_item_copy (collection, g_ptr_array_index (
                                                    gbacw_collection_get_array (scenario, collection), from));
      if (entry == GBACW_OOB_ENTRY_UNIT)
        {
          g_free (((GbacwUnit *) copy)->formation);
          ((GbacwUnit *) copy)->formation = g_strdup (new_parent);
        }
      else
        {
          g_free (((GbacwFormation *) copy)->parent);
          ((GbacwFormation *) copy)->parent = g_strdup (new_parent);
        }
      gbacw_collection_edit_replace (edit, collection, (guint) from, copy);
    }
  if (before)
    {
      int b = entry == GBACW_OOB_ENTRY_UNIT ? unit_index (scenario, before) : formation_index (scenario, before);
      to = b > from ? b - 1 : b;
    }
  else
    {
      int last = last_in_group (scenario, entry, side, new_parent, from);
      to = last < 0 ? from : last > from ? last : last + 1;
    }
  if (to != from)
    gbacw_collection_edit_move (edit, collection, (guint) from, (guint) to);
  return GBACW_COMMAND (edit);
}
