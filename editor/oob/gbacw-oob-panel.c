/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-panel.c: the order of battle as a tree, one branch per side.
 *
 * The items (GbacwOobItem) live as long as their entries: after each change of the
 * order of battle the children lists are brought in line with the scenario by
 * splicing only what differs, so that rows keep their expanded state. The tree is a
 * GtkTreeListModel over the sides; while a search is typed the list view shows a
 * flat list of every entry instead (indented by depth), filtered by a flag that one
 * pass over the tree sets: an entry is shown when it, a formation above it or an
 * entry below it matches.
 */
#define G_LOG_DOMAIN "gbacw-oob-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gbacw-oob-panel.h"
#include "gbacw-oob-row.h"

/* Trees up to this size open fully when a document is shown; larger ones show the sides. */
#define EXPAND_ALL_LIMIT 400

struct _GbacwOobPanel
{
  GtkBox parent_instance;

  /* template */
  GtkMenuButton *add_button;
  GtkSearchEntry *search_entry;
  GtkRevealer *error_revealer;
  GtkLabel *error_label;
  GtkListView *list_view;
  GtkLabel *count_label;

  GbacwDocument *document;
  GListStore *roots;            /* side items */
  GHashTable *items;            /* key ("u:ID") -> GbacwOobItem */
  GtkTreeListModel *tree;
  GListStore *flat;             /* every item in tree order, for the search */
  gboolean flat_valid;
  GtkCustomFilter *filter;
  GtkFilterListModel *filtered;
  GtkSingleSelection *selection;
  char *search;                 /* casefolded; NULL when not searching */
  double search_ms;
  GHashTable *bound_rows;       /* GbacwOobRow set */
  GbacwOobItem *drag_item;      /* the entry being dragged from the list */
  GbacwOobRow *drop_row;        /* the row marked as the drop's place (in bound_rows) */
  GtkWidget *context_menu;      /* a GtkPopoverMenu on the list, or NULL */
  guint error_timeout;
};

G_DEFINE_FINAL_TYPE (GbacwOobPanel, gbacw_oob_panel, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SELECTED_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ENTRY_ADDED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const GbacwScenario *
get_scenario (GbacwOobPanel *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

/* ---------------------------------------------------------------- messages */

static gboolean
on_error_timeout (gpointer data)
{
  GbacwOobPanel *self = data;

  self->error_timeout = 0;
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
  return G_SOURCE_REMOVE;
}

/* Hides the message now, and forgets its timeout (which must not outlive the panel). */
static void
hide_error (GbacwOobPanel *self)
{
  g_clear_handle_id (&self->error_timeout, g_source_remove);
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
}

static void
show_error (GbacwOobPanel *self,
            const char    *message)
{
  gtk_label_set_text (self->error_label, message);
  gtk_revealer_set_reveal_child (self->error_revealer, TRUE);
  g_clear_handle_id (&self->error_timeout, g_source_remove);
  self->error_timeout = g_timeout_add_seconds (6, on_error_timeout, self);
}

static void
execute (GbacwOobPanel *self,
         GbacwCommand  *command,
         GError        *error)
{
  if (command == NULL)
    {
      show_error (self, error ? error->message : _("That cannot be done"));
      return;
    }
  hide_error (self);
  gbacw_document_execute (self->document, command);
}

/* ---------------------------------------------------------------- items */

static GbacwOobItem *
lookup (GbacwOobPanel    *self,
        GbacwOobItemKind  kind,
        const char       *id)
{
  g_autofree char *key = NULL;

  if (id == NULL)
    return NULL;
  key = gbacw_oob_item_make_key (kind, id);
  return g_hash_table_lookup (self->items, key);
}

GbacwOobItem *
gbacw_oob_panel_lookup (GbacwOobPanel    *self,
                        GbacwOobItemKind  kind,
                        const char       *id)
{
  g_return_val_if_fail (GBACW_IS_OOB_PANEL (self), NULL);
  return lookup (self, kind, id);
}

static GbacwOobItem *
ensure_item (GbacwOobPanel    *self,
             GbacwOobItemKind  kind,
             const char       *id,
             GHashTable       *seen)
{
  char *key = gbacw_oob_item_make_key (kind, id);
  GbacwOobItem *item = g_hash_table_lookup (self->items, key);

  if (item == NULL)
    {
      item = gbacw_oob_item_new (kind, id);
      g_hash_table_insert (self->items, g_strdup (key), item);
    }
  g_hash_table_add (seen, key);
  return item;
}

/* Makes store hold wanted (GbacwOobItem*), splicing only the middle that differs. */
static gboolean
sync_store (GListStore *store,
            GPtrArray  *wanted)
{
  GListModel *model = G_LIST_MODEL (store);
  guint n = g_list_model_get_n_items (model), prefix = 0, suffix = 0;

  while (prefix < n && prefix < wanted->len)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, prefix);
      if (item != g_ptr_array_index (wanted, prefix))
        break;
      prefix++;
    }
  while (suffix < n - prefix && suffix < wanted->len - prefix)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, n - 1 - suffix);
      if (item != g_ptr_array_index (wanted, wanted->len - 1 - suffix))
        break;
      suffix++;
    }
  if (prefix == n && prefix == wanted->len)
    return FALSE;
  g_list_store_splice (store, prefix, n - prefix - suffix, wanted->pdata + prefix, wanted->len - prefix - suffix);
  return TRUE;
}

static void
set_depths (GbacwOobItem *item,
            guint         depth)
{
  GListStore *children = gbacw_oob_item_get_children (item);

  gbacw_oob_item_set_depth (item, depth);
  if (children == NULL)
    return;
  for (guint i = 0, n = g_list_model_get_n_items (G_LIST_MODEL (children)); i < n; i++)
    {
      g_autoptr(GbacwOobItem) child = g_list_model_get_item (G_LIST_MODEL (children), i);
      gbacw_oob_item_set_parent (child, item);
      set_depths (child, depth + 1);
    }
}

static void
list_add (GHashTable   *lists,
          GbacwOobItem *parent,
          GbacwOobItem *child)
{
  GPtrArray *list = g_hash_table_lookup (lists, parent);

  if (list == NULL)
    {
      list = g_ptr_array_new ();
      g_hash_table_insert (lists, parent, list);
    }
  g_ptr_array_add (list, child);
}

/* Brings the items in line with the scenario's order of battle. TRUE if any list changed. */
static gboolean
sync_model (GbacwOobPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwOob *oob;
  g_autoptr(GHashTable) seen = NULL;
  g_autoptr(GHashTable) unit_lists = NULL;
  g_autoptr(GHashTable) formation_lists = NULL;
  g_autoptr(GPtrArray) sides = NULL;
  GHashTableIter iter;
  gpointer key, value;
  gboolean changed = FALSE;

  if (scenario == NULL)
    {
      changed = g_list_model_get_n_items (G_LIST_MODEL (self->roots)) > 0;
      g_list_store_remove_all (self->roots);
      g_hash_table_remove_all (self->items);
      self->flat_valid = FALSE;
      return changed;
    }

  oob = &scenario->oob;
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  unit_lists = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  formation_lists = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  sides = g_ptr_array_new ();

  for (guint i = 0; i < oob->sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (oob->sides, i);
      g_ptr_array_add (sides, ensure_item (self, GBACW_OOB_ITEM_SIDE, side->id, seen));
    }
  for (guint i = 0; i < oob->formations->len; i++)
    {
      const GbacwFormation *f = g_ptr_array_index (oob->formations, i);
      GbacwOobItem *item = ensure_item (self, GBACW_OOB_ITEM_FORMATION, f->id, seen);
      GbacwOobItem *parent = NULL;

      if (f->parent != NULL && gbacw_oob_find_formation (oob, f->parent) != NULL)
        parent = ensure_item (self, GBACW_OOB_ITEM_FORMATION, f->parent, seen);
      else if (gbacw_oob_find_side (oob, f->side) != NULL)
        parent = ensure_item (self, GBACW_OOB_ITEM_SIDE, f->side, seen);
      if (parent != NULL)
        list_add (formation_lists, parent, item);
    }
  for (guint i = 0; i < oob->units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (oob->units, i);
      GbacwOobItem *item = ensure_item (self, GBACW_OOB_ITEM_UNIT, u->id, seen);
      GbacwOobItem *parent = NULL;

      if (u->formation != NULL && gbacw_oob_find_formation (oob, u->formation) != NULL)
        parent = ensure_item (self, GBACW_OOB_ITEM_FORMATION, u->formation, seen);
      else if (gbacw_oob_find_side (oob, u->side) != NULL)
        parent = ensure_item (self, GBACW_OOB_ITEM_SIDE, u->side, seen);
      if (parent != NULL)
        list_add (unit_lists, parent, item);
    }

  /* Each container: its units and leaders, then its formations (as the roster lists them). */
  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      GbacwOobItem *item = value;
      GListStore *children = gbacw_oob_item_get_children (item);
      GPtrArray *units, *formations;
      g_autoptr(GPtrArray) wanted = NULL;

      if (children == NULL || !g_hash_table_contains (seen, key))
        continue;
      units = g_hash_table_lookup (unit_lists, item);
      formations = g_hash_table_lookup (formation_lists, item);
      wanted = g_ptr_array_new ();
      if (units != NULL)
        g_ptr_array_extend (wanted, units, NULL, NULL);
      if (formations != NULL)
        g_ptr_array_extend (wanted, formations, NULL, NULL);
      changed |= sync_store (children, wanted);
    }
  changed |= sync_store (self->roots, sides);

  /* Entries gone from the scenario. */
  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (seen, key))
      g_hash_table_iter_remove (&iter);

  for (guint i = 0; i < sides->len; i++)
    {
      gbacw_oob_item_set_parent (g_ptr_array_index (sides, i), NULL);
      set_depths (g_ptr_array_index (sides, i), 0);
    }
  if (changed)
    self->flat_valid = FALSE;
  return changed;
}

/* ---------------------------------------------------------------- search */

static void
flatten (GListModel *model,
         GPtrArray  *out)
{
  for (guint i = 0, n = g_list_model_get_n_items (model); i < n; i++)
    {
      GbacwOobItem *item = g_list_model_get_item (model, i);
      GListStore *children = gbacw_oob_item_get_children (item);

      g_ptr_array_add (out, item);
      if (children != NULL)
        flatten (G_LIST_MODEL (children), out);
    }
}

static void
ensure_flat (GbacwOobPanel *self)
{
  g_autoptr(GPtrArray) all = NULL;

  if (self->flat_valid)
    return;
  all = g_ptr_array_new_with_free_func (g_object_unref);
  flatten (G_LIST_MODEL (self->roots), all);
  g_list_store_splice (self->flat, 0, g_list_model_get_n_items (G_LIST_MODEL (self->flat)), all->pdata, all->len);
  self->flat_valid = TRUE;
}

static void
append_folded (GString    *text,
               const char *value)
{
  g_autofree char *folded = NULL;

  if (value == NULL)
    return;
  folded = g_utf8_casefold (value, -1);
  g_string_append (text, folded);
  g_string_append_c (text, '\n');
}

static const char *
search_text (const GbacwScenario *scenario,
             GbacwOobItem        *item)
{
  const char *id = gbacw_oob_item_get_id (item);
  const char *text = gbacw_oob_item_get_search_text (item);
  g_autoptr(GString) s = NULL;

  if (text != NULL)
    return text;
  s = g_string_new (NULL);
  append_folded (s, id);
  switch (gbacw_oob_item_get_kind (item))
    {
    case GBACW_OOB_ITEM_SIDE:
      {
        const GbacwSide *side = gbacw_oob_find_side (&scenario->oob, id);
        if (side != NULL)
          append_folded (s, side->name);
        break;
      }
    case GBACW_OOB_ITEM_FORMATION:
      {
        const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
        if (f != NULL)
          {
            append_folded (s, f->name);
            append_folded (s, gbacw_formation_kind_to_string (f->kind));
          }
        break;
      }
    case GBACW_OOB_ITEM_UNIT:
    default:
      {
        const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, id);
        if (u != NULL)
          {
            append_folded (s, u->designation);
            append_folded (s, gbacw_unit_type_to_string (u->type));
            append_folded (s, u->weapon);
            append_folded (s, u->rank);
          }
        break;
      }
    }
  gbacw_oob_item_set_search_text (item, s->str);
  return gbacw_oob_item_get_search_text (item);
}

/* Shown: the item, a formation above it or an entry below it matches. */
static gboolean
mark_shown (const GbacwScenario *scenario,
            GbacwOobItem        *item,
            const char          *needle,
            gboolean             above_matched)
{
  GListStore *children = gbacw_oob_item_get_children (item);
  gboolean matched = above_matched || strstr (search_text (scenario, item), needle) != NULL;
  gboolean shown = matched;

  if (children != NULL)
    for (guint i = 0, n = g_list_model_get_n_items (G_LIST_MODEL (children)); i < n; i++)
      {
        g_autoptr(GbacwOobItem) child = g_list_model_get_item (G_LIST_MODEL (children), i);
        shown |= mark_shown (scenario, child, needle, matched);
      }
  gbacw_oob_item_set_shown (item, shown);
  return shown;
}

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  return gbacw_oob_item_get_shown (item);
}

static void
update_count (GbacwOobPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autofree char *text = NULL;

  if (scenario == NULL)
    {
      gtk_label_set_text (self->count_label, "");
      return;
    }
  if (self->search != NULL)
    {
      guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
      /* TRANSLATORS: the order-of-battle search: rows shown, and how long the search took */
      guint total = g_list_model_get_n_items (G_LIST_MODEL (self->flat));
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u entry shown (%.1f ms)",
                                           "%u of %u entries shown (%.1f ms)", total),
                              shown, total, self->search_ms);
    }
  else
    {
      guint n_units = scenario->oob.units->len, n_formations = scenario->oob.formations->len;
      g_autofree char *units = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u unit or leader",
                                                             "%u units and leaders", n_units), n_units);
      g_autofree char *formations = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u formation",
                                                                  "%u formations", n_formations), n_formations);
      text = g_strdup_printf ("%s · %s", units, formations);
    }
  gtk_label_set_text (self->count_label, text);
}

static guint find_position (GListModel *model, GbacwOobItem *wanted);

/* The selection is kept across the switch between the tree and the search results. */
static void
reselect (GbacwOobPanel *self,
          GbacwOobItem  *selected)
{
  GListModel *model = gtk_single_selection_get_model (self->selection);

  if (selected == NULL || gbacw_oob_panel_get_selected_item (self) == selected)
    return;
  if (model == G_LIST_MODEL (self->tree))
    gbacw_oob_panel_select (self, gbacw_oob_item_get_kind (selected), gbacw_oob_item_get_id (selected));
  else if (gbacw_oob_item_get_shown (selected))
    gtk_single_selection_set_selected (self->selection, find_position (model, selected));
}

static void
apply_search (GbacwOobPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  gint64 start = g_get_monotonic_time ();
  g_autoptr(GbacwOobItem) selected = NULL;

  g_set_object (&selected, gbacw_oob_panel_get_selected_item (self));
  if (self->search == NULL || scenario == NULL)
    {
      if (gtk_single_selection_get_model (self->selection) != G_LIST_MODEL (self->tree))
        gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->tree));
      reselect (self, selected);
      update_count (self);
      return;
    }
  ensure_flat (self);
  for (guint i = 0, n = g_list_model_get_n_items (G_LIST_MODEL (self->roots)); i < n; i++)
    {
      g_autoptr(GbacwOobItem) side = g_list_model_get_item (G_LIST_MODEL (self->roots), i);
      mark_shown (scenario, side, self->search, FALSE);
    }
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  if (gtk_single_selection_get_model (self->selection) != G_LIST_MODEL (self->filtered))
    gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->filtered));
  reselect (self, selected);
  self->search_ms = (g_get_monotonic_time () - start) / 1000.0;
  update_count (self);
}

void
gbacw_oob_panel_set_search (GbacwOobPanel *self,
                            const char    *text)
{
  g_autofree char *stripped = NULL;

  g_return_if_fail (GBACW_IS_OOB_PANEL (self));

  stripped = g_strstrip (g_strdup (text ? text : ""));
  g_clear_pointer (&self->search, g_free);
  if (stripped[0] != '\0')
    self->search = g_utf8_casefold (stripped, -1);
  apply_search (self);
}

static void
on_search_changed (GbacwOobPanel  *self,
                   GtkSearchEntry *entry)
{
  gbacw_oob_panel_set_search (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_stop_search (GbacwOobPanel  *self,
                GtkSearchEntry *entry)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  gbacw_oob_panel_set_search (self, NULL);
}

double
gbacw_oob_panel_get_search_time (GbacwOobPanel *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_PANEL (self), 0);
  return self->search_ms;
}

GListModel *
gbacw_oob_panel_get_model (GbacwOobPanel *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_PANEL (self), NULL);
  return gtk_single_selection_get_model (self->selection);
}

/* ---------------------------------------------------------------- selection */

static GbacwOobItem *
item_of (gpointer object)
{
  if (GTK_IS_TREE_LIST_ROW (object))
    return gtk_tree_list_row_get_item (object);  /* transfer full */
  return object ? g_object_ref (object) : NULL;
}

GbacwOobItem *
gbacw_oob_panel_get_selected_item (GbacwOobPanel *self)
{
  gpointer selected;

  g_return_val_if_fail (GBACW_IS_OOB_PANEL (self), NULL);

  selected = gtk_single_selection_get_selected_item (self->selection);
  if (GTK_IS_TREE_LIST_ROW (selected))
    {
      /* The row keeps its item. */
      GbacwOobItem *item = gtk_tree_list_row_get_item (selected);
      g_object_unref (item);
      return item;
    }
  return selected;
}

static guint
find_position (GListModel   *model,
               GbacwOobItem *wanted)
{
  for (guint i = 0, n = g_list_model_get_n_items (model); i < n; i++)
    {
      g_autoptr(GObject) object = g_list_model_get_item (model, i);
      g_autoptr(GbacwOobItem) item = item_of (object);
      if (item == wanted)
        return i;
    }
  return GTK_INVALID_LIST_POSITION;
}

static void
select_position (GbacwOobPanel *self,
                 guint          position)
{
  gtk_single_selection_set_selected (self->selection, position);
  if (position != GTK_INVALID_LIST_POSITION)
    gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

gboolean
gbacw_oob_panel_select (GbacwOobPanel    *self,
                        GbacwOobItemKind  kind,
                        const char       *id)
{
  GbacwOobItem *item;
  g_autoptr(GPtrArray) path = NULL;
  GListModel *model;
  guint position;

  g_return_val_if_fail (GBACW_IS_OOB_PANEL (self), FALSE);

  item = lookup (self, kind, id);
  if (item == NULL)
    return FALSE;
  model = gtk_single_selection_get_model (self->selection);
  if (model == G_LIST_MODEL (self->tree))
    {
      /* Open the formations above it, from the side down. */
      path = g_ptr_array_new ();
      for (GbacwOobItem *p = gbacw_oob_item_get_parent (item); p != NULL; p = gbacw_oob_item_get_parent (p))
        g_ptr_array_insert (path, 0, p);
      for (guint i = 0; i < path->len; i++)
        {
          guint pos = find_position (model, g_ptr_array_index (path, i));
          g_autoptr(GtkTreeListRow) row = NULL;
          if (pos == GTK_INVALID_LIST_POSITION)
            return FALSE;
          row = gtk_tree_list_model_get_row (self->tree, pos);
          gtk_tree_list_row_set_expanded (row, TRUE);
        }
    }
  position = find_position (model, item);
  if (position == GTK_INVALID_LIST_POSITION)
    return FALSE;
  select_position (self, position);
  return TRUE;
}

static void
on_selection_changed (GbacwOobPanel      *self,
                      guint               position,
                      guint               n_items,
                      GtkSingleSelection *selection)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ITEM]);
}

static void
on_selected_item (GbacwOobPanel      *self,
                  GParamSpec         *pspec,
                  GtkSingleSelection *selection)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ITEM]);
}

/* ---------------------------------------------------------------- moves */

/* The next sibling of a unit or formation in document order (same side and parent). */
static const char *
next_sibling (const GbacwScenario *scenario,
              GbacwOobEntry        entry,
              const char          *id)
{
  const GbacwOob *oob = &scenario->oob;

  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      const GbacwUnit *unit = gbacw_oob_find_unit (oob, id);
      gboolean after = FALSE;
      for (guint i = 0; unit != NULL && i < oob->units->len; i++)
        {
          const GbacwUnit *u = g_ptr_array_index (oob->units, i);
          if (u == unit)
            after = TRUE;
          else if (after && g_strcmp0 (u->side, unit->side) == 0 && g_strcmp0 (u->formation, unit->formation) == 0)
            return u->id;
        }
    }
  else
    {
      const GbacwFormation *formation = gbacw_oob_find_formation (oob, id);
      gboolean after = FALSE;
      for (guint i = 0; formation != NULL && i < oob->formations->len; i++)
        {
          const GbacwFormation *f = g_ptr_array_index (oob->formations, i);
          if (f == formation)
            after = TRUE;
          else if (after && g_strcmp0 (f->side, formation->side) == 0 && g_strcmp0 (f->parent, formation->parent) == 0)
            return f->id;
        }
    }
  return NULL;
}

/* The previous sibling, NULL when first. */
static const char *
previous_sibling (const GbacwScenario *scenario,
                  GbacwOobEntry        entry,
                  const char          *id)
{
  const GbacwOob *oob = &scenario->oob;
  const char *previous = NULL;

  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      const GbacwUnit *unit = gbacw_oob_find_unit (oob, id);
      for (guint i = 0; unit != NULL && i < oob->units->len; i++)
        {
          const GbacwUnit *u = g_ptr_array_index (oob->units, i);
          if (u == unit)
            return previous;
          if (g_strcmp0 (u->side, unit->side) == 0 && g_strcmp0 (u->formation, unit->formation) == 0)
            previous = u->id;
        }
    }
  else
    {
      const GbacwFormation *formation = gbacw_oob_find_formation (oob, id);
      for (guint i = 0; formation != NULL && i < oob->formations->len; i++)
        {
          const GbacwFormation *f = g_ptr_array_index (oob->formations, i);
          if (f == formation)
            return previous;
          if (g_strcmp0 (f->side, formation->side) == 0 && g_strcmp0 (f->parent, formation->parent) == 0)
            previous = f->id;
        }
    }
  return NULL;
}

static const char *
item_side (const GbacwScenario *scenario,
           GbacwOobItem        *item)
{
  const char *id = gbacw_oob_item_get_id (item);

  switch (gbacw_oob_item_get_kind (item))
    {
    case GBACW_OOB_ITEM_SIDE:
      return id;
    case GBACW_OOB_ITEM_FORMATION:
      {
        const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
        return f ? f->side : NULL;
      }
    case GBACW_OOB_ITEM_UNIT:
    default:
      {
        const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, id);
        return u ? u->side : NULL;
      }
    }
}

/* The parent formation (NULL: the side's top level) of a formation or unit. */
static const char *
item_parent (const GbacwScenario *scenario,
             GbacwOobItem        *item)
{
  const char *id = gbacw_oob_item_get_id (item);

  if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_FORMATION)
    {
      const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
      return f ? f->parent : NULL;
    }
  if (gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_UNIT)
    {
      const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, id);
      return u ? u->formation : NULL;
    }
  return NULL;
}

gboolean
gbacw_oob_panel_drop (GbacwOobPanel *self,
                      GbacwOobItem  *dragged,
                      GbacwOobItem  *target,
                      int            position,
                      GError       **error)
{
  GbacwScenario *scenario;
  GbacwOobEntry entry;
  GbacwOobItemKind target_kind;
  const char *target_id, *parent = NULL, *before = NULL;
  g_autoptr(GError) local_error = NULL;
  GbacwCommand *command;

  g_return_val_if_fail (GBACW_IS_OOB_PANEL (self), FALSE);
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (dragged), FALSE);
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (target), FALSE);

  if (self->document == NULL || !gbacw_oob_item_get_entry (dragged, &entry) || dragged == target)
    return FALSE;
  scenario = gbacw_document_get_scenario (self->document);
  target_kind = gbacw_oob_item_get_kind (target);
  target_id = gbacw_oob_item_get_id (target);

  if (g_strcmp0 (item_side (scenario, dragged), item_side (scenario, target)) != 0)
    {
      g_set_error_literal (&local_error, GBACW_OOB_EDIT_ERROR, GBACW_OOB_EDIT_ERROR_NOT_ALLOWED,
                           _("An entry cannot move to the other side"));
      show_error (self, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  switch (target_kind)
    {
    case GBACW_OOB_ITEM_SIDE:
      parent = NULL;
      before = NULL;
      break;
    case GBACW_OOB_ITEM_FORMATION:
      if (entry == GBACW_OOB_ENTRY_FORMATION && position != 0)
        {
          parent = item_parent (scenario, target);
          before = position < 0 ? target_id : next_sibling (scenario, GBACW_OOB_ENTRY_FORMATION, target_id);
        }
      else
        parent = target_id;
      break;
    case GBACW_OOB_ITEM_UNIT:
    default:
      parent = item_parent (scenario, target);
      if (entry == GBACW_OOB_ENTRY_UNIT)
        before = position < 0 ? target_id : next_sibling (scenario, GBACW_OOB_ENTRY_UNIT, target_id);
      break;
    }
  /* Moving in front of itself, or of the entry just after it, leaves it where it is. */
  if (g_strcmp0 (before, gbacw_oob_item_get_id (dragged)) == 0)
    before = next_sibling (scenario, entry, before);

  command = gbacw_oob_move (scenario, entry, gbacw_oob_item_get_id (dragged), parent, before, &local_error);
  if (command == NULL)
    {
      show_error (self, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  hide_error (self);
  gbacw_document_execute (self->document, command);
  gbacw_oob_panel_select (self, gbacw_oob_item_get_kind (dragged), gbacw_oob_item_get_id (dragged));
  return TRUE;
}

/* ---------------------------------------------------------------- drag and drop */

/* One drag source and one drop target on the list: rows come and go as it scrolls. */
static GbacwOobRow *
row_at (GbacwOobPanel *self,
        double         x,
        double         y)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self->list_view), x, y, GTK_PICK_DEFAULT);

  if (picked == NULL)
    return NULL;
  if (GBACW_IS_OOB_ROW (picked))
    return GBACW_OOB_ROW (picked);
  return (GbacwOobRow *) gtk_widget_get_ancestor (picked, GBACW_TYPE_OOB_ROW);
}

static GdkContentProvider *
on_drag_prepare (GbacwOobPanel *self,
                 double         x,
                 double         y,
                 GtkDragSource *source)
{
  GbacwOobRow *row = row_at (self, x, y);
  GbacwOobItem *item = row ? gbacw_oob_row_get_item (row) : NULL;

  g_clear_object (&self->drag_item);
  if (item == NULL || gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_SIDE)
    return NULL;
  self->drag_item = g_object_ref (item);
  return gdk_content_provider_new_typed (GBACW_TYPE_OOB_ITEM, item);
}

/* The dragged counter under the pointer. */
static void
on_drag_begin (GbacwOobPanel *self,
               GdkDrag       *drag,
               GtkDragSource *source)
{
  const GbacwScenario *scenario = get_scenario (self);
  const int size = 48;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GdkTexture) texture = NULL;

  if (scenario == NULL || self->drag_item == NULL)
    return;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  gbacw_oob_draw_entry_counter (cr, scenario, self->drag_item, size / 2.0, size / 2.0, size - 4);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  gtk_drag_source_set_icon (source, GDK_PAINTABLE (texture), size / 2, size / 2);
}

static void
on_drag_end (GbacwOobPanel *self,
             GdkDrag       *drag,
             gboolean       delete_data,
             GtkDragSource *source)
{
  g_clear_object (&self->drag_item);
}

static int
drop_position (GbacwOobRow  *row,
               GbacwOobItem *dragged,
               double        y)
{
  GbacwOobItem *target = gbacw_oob_row_get_item (row);
  double h = MAX (1, gtk_widget_get_height (GTK_WIDGET (row)));

  if (target == NULL)
    return 0;
  switch (gbacw_oob_item_get_kind (target))
    {
    case GBACW_OOB_ITEM_SIDE:
      return 0;
    case GBACW_OOB_ITEM_FORMATION:
      if (dragged != NULL && gbacw_oob_item_get_kind (dragged) == GBACW_OOB_ITEM_FORMATION)
        return y < h * 0.25 ? -1 : y > h * 0.75 ? 1 : 0;
      return 0;
    case GBACW_OOB_ITEM_UNIT:
    default:
      return y < h / 2 ? -1 : 1;
    }
}

static GbacwOobItem *
drop_item (GtkDropTarget *target)
{
  const GValue *value = gtk_drop_target_get_value (target);

  if (value != NULL && G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM))
    return g_value_get_object (value);
  return NULL;
}

static void
clear_drop_mark (GbacwOobPanel *self)
{
  if (self->drop_row != NULL && g_hash_table_contains (self->bound_rows, self->drop_row))
    gbacw_oob_row_set_drop_mark (self->drop_row, 0, FALSE);
  self->drop_row = NULL;
}

/* The row under (x, y) of the list and where in it a drop goes. */
static GbacwOobRow *
locate_drop (GbacwOobPanel *self,
             GbacwOobItem  *dragged,
             double         x,
             double         y,
             int           *position)
{
  GbacwOobRow *row = row_at (self, x, y);
  double rx = 0, ry = 0;

  if (row == NULL || gbacw_oob_row_get_item (row) == NULL || gbacw_oob_row_get_item (row) == dragged)
    return NULL;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_widget_translate_coordinates (GTK_WIDGET (self->list_view), GTK_WIDGET (row), x, y, &rx, &ry);
  G_GNUC_END_IGNORE_DEPRECATIONS
  *position = drop_position (row, dragged, ry);
  return row;
}

static GdkDragAction
on_drop_motion (GbacwOobPanel *self,
                double         x,
                double         y,
                GtkDropTarget *target)
{
  int position = 0;
  GbacwOobRow *row = locate_drop (self, drop_item (target), x, y, &position);

  clear_drop_mark (self);
  if (row == NULL)
    return 0;
  self->drop_row = row;
  gbacw_oob_row_set_drop_mark (row, position, TRUE);
  return GDK_ACTION_MOVE;
}

static void
on_drop_leave (GbacwOobPanel *self,
               GtkDropTarget *target)
{
  clear_drop_mark (self);
}

static gboolean
on_drop (GbacwOobPanel *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  GbacwOobItem *dragged = G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM) ? g_value_get_object (value) : NULL;
  int position = 0;
  GbacwOobRow *row = locate_drop (self, dragged, x, y, &position);

  clear_drop_mark (self);
  if (dragged == NULL || row == NULL)
    return FALSE;
  return gbacw_oob_panel_drop (self, dragged, gbacw_oob_row_get_item (row), position, NULL);
}

/* ---------------------------------------------------------------- rows */

static void
setup_row (GbacwOobPanel            *self,
           GtkListItem              *list_item,
           GtkSignalListItemFactory *factory)
{
  gtk_list_item_set_child (list_item, gbacw_oob_row_new ());
}

static void
bind_row (GbacwOobPanel            *self,
          GtkListItem              *list_item,
          GtkSignalListItemFactory *factory)
{
  GbacwOobRow *row = GBACW_OOB_ROW (gtk_list_item_get_child (list_item));
  gpointer object = gtk_list_item_get_item (list_item);
  g_autoptr(GbacwOobItem) item = item_of (object);

  gbacw_oob_row_bind (row, self->document, item, GTK_IS_TREE_LIST_ROW (object) ? object : NULL);
  g_hash_table_add (self->bound_rows, row);
}

static void
unbind_row (GbacwOobPanel            *self,
            GtkListItem              *list_item,
            GtkSignalListItemFactory *factory)
{
  GbacwOobRow *row = GBACW_OOB_ROW (gtk_list_item_get_child (list_item));

  if (self->drop_row == row)
    clear_drop_mark (self);
  g_hash_table_remove (self->bound_rows, row);
  gbacw_oob_row_unbind (row);
}

static void
teardown_row (GbacwOobPanel            *self,
              GtkListItem              *list_item,
              GtkSignalListItemFactory *factory)
{
  GtkWidget *row = gtk_list_item_get_child (list_item);

  if (row != NULL && self->drop_row == (GbacwOobRow *) row)
    self->drop_row = NULL;
  if (row != NULL)
    g_hash_table_remove (self->bound_rows, row);
}

static void
refresh_rows (GbacwOobPanel *self)
{
  GHashTableIter iter;
  gpointer row;

  g_hash_table_iter_init (&iter, self->bound_rows);
  while (g_hash_table_iter_next (&iter, &row, NULL))
    gbacw_oob_row_refresh (row);
}

static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  GListStore *children = gbacw_oob_item_get_children (item);

  return children ? g_object_ref (G_LIST_MODEL (children)) : NULL;
}

/* ---------------------------------------------------------------- document */

static void
forget_search_texts (GbacwOobPanel *self)
{
  GHashTableIter iter;
  gpointer item;

  g_hash_table_iter_init (&iter, self->items);
  while (g_hash_table_iter_next (&iter, NULL, &item))
    {
      gbacw_oob_item_set_search_text (item, NULL);
      gbacw_oob_row_forget_texts (item);
    }
}

static void
on_document_changed (GbacwOobPanel     *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  g_autoptr(GbacwOobItem) selected = NULL;

  if (change != NULL && (change->flags & (GBACW_CHANGE_OOB | GBACW_CHANGE_CHARTS)) == 0)
    return;
  g_set_object (&selected, gbacw_oob_panel_get_selected_item (self));
  sync_model (self);
  forget_search_texts (self);
  refresh_rows (self);
  if (self->search != NULL)
    apply_search (self);
  update_count (self);
  /* Splicing may have taken the selection away with the row: put it back. */
  if (selected != NULL && gbacw_oob_panel_get_selected_item (self) != selected)
    {
      g_autofree char *key = gbacw_oob_item_make_key (gbacw_oob_item_get_kind (selected),
                                                      gbacw_oob_item_get_id (selected));
      if (g_hash_table_lookup (self->items, key) == selected)
        gbacw_oob_panel_select (self, gbacw_oob_item_get_kind (selected), gbacw_oob_item_get_id (selected));
    }
}

static void
expand_initial (GbacwOobPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  gboolean all;

  if (scenario == NULL)
    return;
  all = scenario->oob.units->len + scenario->oob.formations->len <= EXPAND_ALL_LIMIT;
  /* Rows are added below each one as it opens: walk forward. */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->tree)); i++)
    {
      g_autoptr(GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree, i);
      if (row != NULL && (all || gtk_tree_list_row_get_depth (row) == 0))
        gtk_tree_list_row_set_expanded (row, TRUE);
    }
}

GbacwDocument *
gbacw_oob_panel_get_document (GbacwOobPanel *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_PANEL (self), NULL);
  return self->document;
}

void
gbacw_oob_panel_set_document (GbacwOobPanel *self,
                              GbacwDocument *document)
{
  g_return_if_fail (GBACW_IS_OOB_PANEL (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);

  /* Rows read the old scenario: start from an empty tree. */
  g_clear_object (&self->document);
  sync_model (self);
  refresh_rows (self);

  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  sync_model (self);
  expand_initial (self);
  if (self->search != NULL)
    apply_search (self);
  update_count (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_button), document != NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/* ---------------------------------------------------------------- actions */

/* Where a new entry goes: the side, the parent formation and the sibling to insert
 * before, from the selection. */
static const char *
target_for_new (GbacwOobPanel *self,
                gboolean       formation,
                int            kind,
                const char   **parent,
                const char   **before)
{
  const GbacwScenario *scenario = get_scenario (self);
  GbacwOobItem *selected = gbacw_oob_panel_get_selected_item (self);
  const char *id;

  *parent = NULL;
  *before = NULL;
  if (selected == NULL)
    {
      const GbacwSide *side = scenario->oob.sides->len > 0 ? g_ptr_array_index (scenario->oob.sides, 0) : NULL;
      return side ? side->id : NULL;
    }
  id = gbacw_oob_item_get_id (selected);
  switch (gbacw_oob_item_get_kind (selected))
    {
    case GBACW_OOB_ITEM_SIDE:
      return id;
    case GBACW_OOB_ITEM_FORMATION:
      {
        const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
        /* A unit goes into the formation; a formation into a larger one, else beside it. */
        if (!formation || f->kind == GBACW_FORMATION_GROUP || (int) f->kind < kind)
          *parent = f->id;
        else
          {
            *parent = f->parent;
            *before = next_sibling (scenario, GBACW_OOB_ENTRY_FORMATION, f->id);
          }
        return f->side;
      }
    case GBACW_OOB_ITEM_UNIT:
    default:
      {
        const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, id);
        *parent = u->formation;
        if (!formation)
          *before = next_sibling (scenario, GBACW_OOB_ENTRY_UNIT, u->id);
        return u->side;
      }
    }
}

static void
add_unit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (widget);
  int type = gbacw_unit_type_from_string (g_variant_get_string (parameter, NULL));
  const char *side, *parent, *before;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  GbacwCommand *command;

  if (self->document == NULL || type < 0)
    return;
  side = target_for_new (self, FALSE, type, &parent, &before);
  command = gbacw_oob_add_unit (gbacw_document_get_scenario (self->document), side, parent, type, before, &id,
                                &error);
  execute (self, command, error);
  if (command != NULL && gbacw_oob_panel_select (self, GBACW_OOB_ITEM_UNIT, id))
    g_signal_emit (self, signals[SIGNAL_ENTRY_ADDED], 0, gbacw_oob_panel_get_selected_item (self));
}

static void
add_formation_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (widget);
  int kind = gbacw_formation_kind_from_string (g_variant_get_string (parameter, NULL));
  const char *side, *parent, *before;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  GbacwCommand *command;

  if (self->document == NULL || kind < 0)
    return;
  side = target_for_new (self, TRUE, kind, &parent, &before);
  command = gbacw_oob_add_formation (gbacw_document_get_scenario (self->document), side, parent, kind, before, &id,
                                     &error);
  execute (self, command, error);
  if (command != NULL && gbacw_oob_panel_select (self, GBACW_OOB_ITEM_FORMATION, id))
    g_signal_emit (self, signals[SIGNAL_ENTRY_ADDED], 0, gbacw_oob_panel_get_selected_item (self));
}

static void
duplicate_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (widget);
  g_autoptr(GbacwOobItem) selected = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  GbacwCommand *command;
  GbacwOobEntry entry;

  g_set_object (&selected, gbacw_oob_panel_get_selected_item (self));
  if (selected == NULL || self->document == NULL || !gbacw_oob_item_get_entry (selected, &entry))
    return;
  command = gbacw_oob_duplicate (gbacw_document_get_scenario (self->document), entry,
                                 gbacw_oob_item_get_id (selected), &id, &error);
  execute (self, command, error);
  if (command != NULL && gbacw_oob_panel_select (self, gbacw_oob_item_get_kind (selected), id))
    g_signal_emit (self, signals[SIGNAL_ENTRY_ADDED], 0, gbacw_oob_panel_get_selected_item (self));
}

static void
delete_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (widget);
  g_autoptr(GbacwOobItem) selected = NULL;
  g_autoptr(GError) error = NULL;
  GbacwOobEntry entry;
  guint position = gtk_single_selection_get_selected (self->selection);
  GbacwCommand *command;

  g_set_object (&selected, gbacw_oob_panel_get_selected_item (self));
  if (selected == NULL || self->document == NULL || !gbacw_oob_item_get_entry (selected, &entry))
    return;
  command = gbacw_oob_delete (gbacw_document_get_scenario (self->document), entry, gbacw_oob_item_get_id (selected),
                              &error);
  execute (self, command, error);
  /* Keep a row selected near where the deleted one was. */
  if (command != NULL && position != GTK_INVALID_LIST_POSITION)
    {
      guint n = g_list_model_get_n_items (gtk_single_selection_get_model (self->selection));
      if (n > 0)
        select_position (self, MIN (position, n - 1));
    }
}

/* oob.move-to-side and oob.copy-to-side (s: the side): the selected entry, with
 * everything under it, to the side; the entry (or its copy) selected there. */
static void
side_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (widget);
  g_autoptr(GbacwOobItem) selected = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  const char *side = g_variant_get_string (parameter, NULL);
  gboolean copy = g_str_equal (action_name, "oob.copy-to-side");
  GbacwScenario *scenario;
  GbacwCommand *command;
  GbacwOobEntry entry;

  g_set_object (&selected, gbacw_oob_panel_get_selected_item (self));
  if (selected == NULL || self->document == NULL || !gbacw_oob_item_get_entry (selected, &entry))
    return;
  scenario = gbacw_document_get_scenario (self->document);
  if (copy)
    command = gbacw_oob_copy_to_side (scenario, entry, gbacw_oob_item_get_id (selected), side, &id, &error);
  else
    {
      command = gbacw_oob_move_to_side (scenario, entry, gbacw_oob_item_get_id (selected), side, &error);
      id = g_strdup (gbacw_oob_item_get_id (selected));
    }
  execute (self, command, error);
  if (command != NULL && gbacw_oob_panel_select (self, gbacw_oob_item_get_kind (selected), id) && copy)
    g_signal_emit (self, signals[SIGNAL_ENTRY_ADDED], 0, gbacw_oob_panel_get_selected_item (self));
}

GMenuModel *
gbacw_oob_panel_create_entry_menu (GbacwOobPanel *self)
{
  const GbacwScenario *scenario;
  GbacwOobItem *selected;
  const char *side;
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) sides = g_menu_new ();
  g_autoptr(GMenu) entry = g_menu_new ();

  g_return_val_if_fail (GBACW_IS_OOB_PANEL (self), NULL);

  scenario = get_scenario (self);
  selected = gbacw_oob_panel_get_selected_item (self);
  if (scenario == NULL || selected == NULL || !gbacw_oob_item_get_entry (selected, NULL))
    return G_MENU_MODEL (menu);
  side = item_side (scenario, selected);
  if (side == NULL)
    return G_MENU_MODEL (menu);
  for (guint i = 0; i < scenario->oob.sides->len; i++)
    {
      const GbacwSide *other = g_ptr_array_index (scenario->oob.sides, i);
      const char *name = other->name ? other->name : other->id;
      g_autoptr(GMenuItem) move = NULL;
      g_autoptr(GMenuItem) copy = NULL;
      g_autofree char *move_title = NULL;
      g_autofree char *copy_title = NULL;

      if (g_strcmp0 (other->id, side) == 0)
        continue;
      /* TRANSLATORS: moves a unit or formation to the other side, e.g. "Move to Confederate" */
      move_title = g_strdup_printf (_("Move to %s"), name);
      /* TRANSLATORS: copies a unit or formation to the other side, e.g. "Copy to Union" */
      copy_title = g_strdup_printf (_("Copy to %s"), name);
      move = g_menu_item_new (move_title, NULL);
      g_menu_item_set_action_and_target_value (move, "oob.move-to-side", g_variant_new_string (other->id));
      copy = g_menu_item_new (copy_title, NULL);
      g_menu_item_set_action_and_target_value (copy, "oob.copy-to-side", g_variant_new_string (other->id));
      g_menu_append_item (sides, move);
      g_menu_append_item (sides, copy);
    }
  g_menu_append (entry, _("_Duplicate"), "oob.duplicate");
  g_menu_append (entry, _("_Delete"), "oob.delete");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (sides));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (entry));
  return G_MENU_MODEL (menu);
}

/* The entry menu of the selected entry, pointing at (x, y) of the list. */
static void
popup_entry_menu (GbacwOobPanel *self,
                  double         x,
                  double         y)
{
  g_autoptr(GMenuModel) model = gbacw_oob_panel_create_entry_menu (self);

  if (g_menu_model_get_n_items (model) == 0)
    return;
  if (self->context_menu == NULL)
    {
      self->context_menu = gtk_popover_menu_new_from_model (NULL);
      gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self->list_view));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
      gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->context_menu), model);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

static GbacwOobRow *row_at (GbacwOobPanel *self, double x, double y);

/* The secondary button on a row: it is selected and its menu opens. */
static void
on_secondary_pressed (GbacwOobPanel   *self,
                      int              n_press,
                      double           x,
                      double           y,
                      GtkGestureClick *gesture)
{
  GbacwOobRow *row = row_at (self, x, y);
  GbacwOobItem *item = row ? gbacw_oob_row_get_item (row) : NULL;

  if (item == NULL || !gbacw_oob_item_get_entry (item, NULL))
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gbacw_oob_panel_select (self, gbacw_oob_item_get_kind (item), gbacw_oob_item_get_id (item));
  popup_entry_menu (self, x, y);
}

/* Menu or Shift+F10: the menu, at the selected row. */
static void
context_menu_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (widget);
  GbacwOobItem *selected = gbacw_oob_panel_get_selected_item (self);
  GHashTableIter iter;
  gpointer row;
  double x = 24, y = 0;

  g_hash_table_iter_init (&iter, self->bound_rows);
  while (selected != NULL && g_hash_table_iter_next (&iter, &row, NULL))
    if (gbacw_oob_row_get_item (row) == selected)
      {
        double rx, ry;
        if (gtk_widget_translate_coordinates (row, GTK_WIDGET (self->list_view), 24, 0, &rx, &ry))
          {
            x = rx;
            y = ry + gtk_widget_get_height (row);
          }
        break;
      }
  popup_entry_menu (self, x, y);
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (widget);
  g_autoptr(GbacwOobItem) selected = NULL;
  GbacwScenario *scenario;
  g_autoptr(GError) error = NULL;
  gboolean up = g_str_equal (action_name, "oob.move-up");
  const char *id, *before;
  GbacwOobEntry entry;
  GbacwCommand *command;

  g_set_object (&selected, gbacw_oob_panel_get_selected_item (self));
  if (selected == NULL || self->document == NULL || !gbacw_oob_item_get_entry (selected, &entry))
    return;
  scenario = gbacw_document_get_scenario (self->document);
  id = gbacw_oob_item_get_id (selected);
  if (up)
    {
      before = previous_sibling (scenario, entry, id);
      if (before == NULL)
        return;
    }
  else
    {
      const char *next = next_sibling (scenario, entry, id);
      if (next == NULL)
        return;
      before = next_sibling (scenario, entry, next);
    }
  command = gbacw_oob_move (scenario, entry, id, item_parent (scenario, selected), before, &error);
  execute (self, command, error);
  gbacw_oob_panel_select (self, gbacw_oob_item_get_kind (selected), id);
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gtk_widget_grab_focus (GTK_WIDGET (GBACW_OOB_PANEL (widget)->search_entry));
}

static void
update_actions (GbacwOobPanel *self)
{
  GbacwOobItem *selected = gbacw_oob_panel_get_selected_item (self);
  gboolean entry = selected != NULL && gbacw_oob_item_get_entry (selected, NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.add-unit", self->document != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.add-formation", self->document != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.duplicate", entry);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.delete", entry);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.move-up", entry);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.move-down", entry);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.move-to-side", entry);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.copy-to-side", entry);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "oob.context-menu", entry);
}

static void
on_notify_for_actions (GbacwOobPanel *self,
                       GParamSpec    *pspec,
                       gpointer       data)
{
  update_actions (self);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_oob_panel_dispose (GObject *object)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (object);

  g_clear_handle_id (&self->error_timeout, g_source_remove);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  if (self->list_view != NULL)
    gtk_list_view_set_model (self->list_view, NULL);
  g_clear_object (&self->document);
  g_clear_object (&self->drag_item);
  self->drop_row = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->tree);
  g_clear_object (&self->flat);
  g_clear_object (&self->roots);
  g_clear_pointer (&self->items, g_hash_table_unref);
  g_clear_pointer (&self->bound_rows, g_hash_table_unref);
  g_clear_pointer (&self->search, g_free);

  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_OOB_PANEL);

  G_OBJECT_CLASS (gbacw_oob_panel_parent_class)->dispose (object);
}

static void
gbacw_oob_panel_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_SELECTED_ITEM:
      g_value_set_object (value, gbacw_oob_panel_get_selected_item (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_oob_panel_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GbacwOobPanel *self = GBACW_OOB_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_oob_panel_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_oob_panel_class_init (GbacwOobPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_oob_panel_dispose;
  object_class->get_property = gbacw_oob_panel_get_property;
  object_class->set_property = gbacw_oob_panel_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_ITEM] =
    g_param_spec_object ("selected-item", NULL, NULL, GBACW_TYPE_OOB_ITEM,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (GbacwOobItem *item): an entry was added or duplicated, and is selected. */
  signals[SIGNAL_ENTRY_ADDED] = g_signal_new ("entry-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                              NULL, NULL, G_TYPE_NONE, 1, GBACW_TYPE_OOB_ITEM);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-oob-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwOobPanel, add_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobPanel, search_entry);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobPanel, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobPanel, error_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobPanel, list_view);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobPanel, count_label);

  gtk_widget_class_install_action (widget_class, "oob.add-unit", "s", add_unit_action);
  gtk_widget_class_install_action (widget_class, "oob.add-formation", "s", add_formation_action);
  gtk_widget_class_install_action (widget_class, "oob.duplicate", NULL, duplicate_action);
  gtk_widget_class_install_action (widget_class, "oob.delete", NULL, delete_action);
  gtk_widget_class_install_action (widget_class, "oob.move-up", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "oob.move-down", NULL, move_action);
  gtk_widget_class_install_action (widget_class, "oob.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "oob.move-to-side", "s", side_action);
  gtk_widget_class_install_action (widget_class, "oob.copy-to-side", "s", side_action);
  gtk_widget_class_install_action (widget_class, "oob.context-menu", NULL, context_menu_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK, "oob.duplicate", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "oob.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "oob.delete", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, GDK_ALT_MASK, "oob.move-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, GDK_ALT_MASK, "oob.move-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "oob.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "oob.context-menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "oob.context-menu", NULL);

  gtk_widget_class_set_css_name (widget_class, "oobpanel");
}

static void
gbacw_oob_panel_init (GbacwOobPanel *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->items = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->bound_rows = g_hash_table_new (NULL, NULL);
  self->roots = g_list_store_new (GBACW_TYPE_OOB_ITEM);
  self->flat = g_list_store_new (GBACW_TYPE_OOB_ITEM);
  self->tree = gtk_tree_list_model_new (G_LIST_MODEL (g_object_ref (self->roots)), FALSE, FALSE, create_children,
                                        self, NULL);
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->flat)),
                                              GTK_FILTER (g_object_ref (self->filter)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->tree)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "notify::selected-item", G_CALLBACK (on_selected_item), self,
                           G_CONNECT_SWAPPED);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_swapped (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect_swapped (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect_swapped (factory, "unbind", G_CALLBACK (unbind_row), self);
  g_signal_connect_swapped (factory, "teardown", G_CALLBACK (teardown_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);

  {
    GtkDragSource *source = gtk_drag_source_new ();
    GtkDropTarget *target = gtk_drop_target_new (GBACW_TYPE_OOB_ITEM, GDK_ACTION_MOVE);

    gtk_drag_source_set_actions (source, GDK_ACTION_MOVE | GDK_ACTION_COPY);
    g_signal_connect_swapped (source, "prepare", G_CALLBACK (on_drag_prepare), self);
    g_signal_connect_swapped (source, "drag-begin", G_CALLBACK (on_drag_begin), self);
    g_signal_connect_swapped (source, "drag-end", G_CALLBACK (on_drag_end), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (source));

    gtk_drop_target_set_preload (target, TRUE);
    g_signal_connect_swapped (target, "enter", G_CALLBACK (on_drop_motion), self);
    g_signal_connect_swapped (target, "motion", G_CALLBACK (on_drop_motion), self);
    g_signal_connect_swapped (target, "leave", G_CALLBACK (on_drop_leave), self);
    g_signal_connect_swapped (target, "drop", G_CALLBACK (on_drop), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (target));
  }
  {
    GtkGesture *secondary = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
    g_signal_connect_swapped (secondary, "pressed", G_CALLBACK (on_secondary_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self->list_view), GTK_EVENT_CONTROLLER (secondary));
  }

  /* Typing filters at once: 5,000 entries take a few milliseconds. */
  gtk_search_entry_set_search_delay (self->search_entry, 0);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect_swapped (self->search_entry, "stop-search", G_CALLBACK (on_stop_search), self);

  g_signal_connect (self, "notify::selected-item", G_CALLBACK (on_notify_for_actions), NULL);
  g_signal_connect (self, "notify::document", G_CALLBACK (on_notify_for_actions), NULL);
  update_actions (self);
  update_count (self);
}

GtkWidget *
gbacw_oob_panel_new (void)
{
  return g_object_new (GBACW_TYPE_OOB_PANEL, NULL);
}
