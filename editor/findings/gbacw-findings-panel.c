/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-findings-panel.c: what the validator found wrong in the document, live.
 *
 * The rows are a GtkTreeListModel over a store of groups (only those with findings
 * shown), each group's children its findings through the severity filter, findings
 * alike (one check, one wording, many places) gathered into one closed row. On every
 * report of the checker each group keeps the items before and after the part of its
 * findings that changed, so an edit touches only the rows of what it changed.
 */
#define G_LOG_DOMAIN "gbacw-findings-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "gbacw-finding-cluster.h"
#include "gbacw-finding-group.h"
#include "gbacw-findings-panel.h"

/* Activating a finding zooms in to at least hexes this large (pixels across the flats). */
#define MIN_JUMP_HEX_PIXELS 44.0

struct _GbacwFindingsPanel
{
  GtkWidget parent_instance;

  /* template */
  GtkLabel *summary_label;
  GtkLabel *errors_label;
  GtkLabel *warnings_label;
  GtkLabel *infos_label;
  GtkStack *stack;
  GtkListView *list_view;
  GtkLabel *empty_label;

  GbacwChecker *checker;
  GbacwDocument *document;
  GbacwMapCanvas *canvas;
  /* The checker has reported since the document or checker was set: its findings are
   * the document's. */
  gboolean current;
  /* A new document: show the panel if it has errors. */
  gboolean reveal_pending;

  GtkCustomFilter *filter;
  gboolean show[3];
  gboolean show_markers;
  GPtrArray *groups;            /* GbacwFindingGroup*, every group, in report order */
  GHashTable *check_groups;     /* check id (static) -> group index + 1 */
  GListStore *root;             /* the groups with findings shown */
  GtkTreeListModel *tree;
  GtkSingleSelection *selection;
  guint counts[3];
  char *summary;
  GbacwHexGrid grid;            /* that the listed locations were named with */
  gboolean has_grid;
  GbacwFindingItem *activated;  /* outlined on the canvas */
};

G_DEFINE_FINAL_TYPE (GbacwFindingsPanel, gbacw_findings_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CHECKER,
  PROP_DOCUMENT,
  PROP_CANVAS,
  PROP_SHOW_ERRORS,
  PROP_SHOW_WARNINGS,
  PROP_SHOW_INFOS,
  PROP_SHOW_MARKERS,
  PROP_N_ERRORS,
  PROP_N_WARNINGS,
  PROP_N_INFOS,
  PROP_SUMMARY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_FINDING_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const int show_props[] = {
  [GBACW_SEVERITY_INFO] = PROP_SHOW_INFOS,
  [GBACW_SEVERITY_WARNING] = PROP_SHOW_WARNINGS,
  [GBACW_SEVERITY_ERROR] = PROP_SHOW_ERRORS,
};

static const int count_props[] = {
  [GBACW_SEVERITY_INFO] = PROP_N_INFOS,
  [GBACW_SEVERITY_WARNING] = PROP_N_WARNINGS,
  [GBACW_SEVERITY_ERROR] = PROP_N_ERRORS,
};

static GbacwScenario *
get_scenario (GbacwFindingsPanel *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

static gboolean
valid_severity (GbacwSeverity severity)
{
  return (guint) severity <= GBACW_SEVERITY_ERROR;
}

/* ---------------------------------------------------------------- groups */

static const char *
group_title (const char *group)
{
  if (g_str_equal (group, "charts"))
    return _("Charts");
  if (g_str_equal (group, "map"))
    return _("Map");
  if (g_str_equal (group, "oob"))
    return _("Order of Battle");
  if (g_str_equal (group, "deployment"))
    return _("Deployment");
  if (g_str_equal (group, "scenario"))
    return _("Scenario");
  if (g_str_equal (group, "reachability"))
    return _("Reachability");
  return _("Other");
}

static guint
add_group (GbacwFindingsPanel *self,
           const char         *id)
{
  for (guint i = 0; i < self->groups->len; i++)
    if (g_str_equal (gbacw_finding_group_get_id (g_ptr_array_index (self->groups, i)), id))
      return i;
  g_ptr_array_add (self->groups, gbacw_finding_group_new (id, group_title (id), GTK_FILTER (self->filter)));
  return self->groups->len - 1;
}

static void
init_groups (GbacwFindingsPanel *self)
{
  const GbacwCheckInfo *checks;
  guint n_checks;

  checks = gbacw_checker_list_checks (&n_checks);
  for (guint i = 0; i < n_checks; i++)
    {
      guint index = add_group (self, checks[i].group);
      g_hash_table_insert (self->check_groups, (gpointer) checks[i].id, GUINT_TO_POINTER (index + 1));
    }
  /* Findings of a check the list does not know (there should be none). */
  add_group (self, "other");
}

static guint
group_of_check (GbacwFindingsPanel *self,
                const char         *check)
{
  guint index = check ? GPOINTER_TO_UINT (g_hash_table_lookup (self->check_groups, check)) : 0;
  return index > 0 ? index - 1 : self->groups->len - 1;
}

/* The root lists the groups that have findings shown, in report order. */
static void
sync_root (GbacwFindingsPanel *self)
{
  guint pos = 0;

  for (guint i = 0; i < self->groups->len; i++)
    {
      GbacwFindingGroup *group = g_ptr_array_index (self->groups, i);
      g_autoptr(GbacwFindingGroup) at = g_list_model_get_item (G_LIST_MODEL (self->root), pos);
      gboolean listed = at == group;
      gboolean wanted = gbacw_finding_group_get_n_shown (group) > 0;

      if (wanted && !listed)
        {
          g_autoptr(GtkTreeListRow) row = NULL;

          g_list_store_insert (self->root, pos, group);
          /* Groups open; their clusters stay closed. */
          row = gtk_tree_list_model_get_child_row (self->tree, pos++);
          if (row != NULL)
            gtk_tree_list_row_set_expanded (row, TRUE);
        }
      else if (!wanted && listed)
        g_list_store_remove (self->root, pos);
      else if (listed)
        pos++;
    }
}

/* ---------------------------------------------------------------- what is shown */

static guint
n_shown (GbacwFindingsPanel *self)
{
  guint n = 0;

  for (guint i = 0; i < self->groups->len; i++)
    n += gbacw_finding_group_get_n_shown (g_ptr_array_index (self->groups, i));
  return n;
}

static void
update_view (GbacwFindingsPanel *self)
{
  guint total = self->counts[0] + self->counts[1] + self->counts[2];

  if (n_shown (self) > 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "list");
      return;
    }
  if (self->document == NULL)
    gtk_label_set_text (self->empty_label, _("No scenario open"));
  else if (!self->current)
    gtk_label_set_text (self->empty_label, _("Checking…"));
  else if (total == 0)
    gtk_label_set_text (self->empty_label, _("No problems found: the scenario follows the rules that can be checked"));
  else
    gtk_label_set_text (self->empty_label, _("Every finding is hidden: turn on errors, warnings or notes above"));
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

static void
append_count (GString    *text,
              const char *count)
{
  if (text->len > 0)
    /* TRANSLATORS: between the counts of the summary: "2 errors, 1 warning" */
    g_string_append (text, _(", "));
  g_string_append (text, count);
}

static char *
make_summary (const guint counts[3])
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n;

  if ((n = counts[GBACW_SEVERITY_ERROR]) > 0)
    {
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u error", "%u errors", n), n);
      append_count (text, count);
    }
  if ((n = counts[GBACW_SEVERITY_WARNING]) > 0)
    {
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warning", "%u warnings", n), n);
      append_count (text, count);
    }
  if ((n = counts[GBACW_SEVERITY_INFO]) > 0)
    {
      /* TRANSLATORS: findings of severity "info": data not entered yet */
      g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u note", "%u notes", n), n);
      append_count (text, count);
    }
  if (text->len == 0)
    g_string_append (text, _("No problems found"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
set_counts (GbacwFindingsPanel *self,
            const guint         counts[3])
{
  GtkLabel *labels[] = {
    [GBACW_SEVERITY_INFO] = self->infos_label,
    [GBACW_SEVERITY_WARNING] = self->warnings_label,
    [GBACW_SEVERITY_ERROR] = self->errors_label,
  };
  g_autofree char *summary = make_summary (counts);

  g_object_freeze_notify (G_OBJECT (self));
  for (int s = GBACW_SEVERITY_INFO; s <= GBACW_SEVERITY_ERROR; s++)
    {
      char text[16];

      g_snprintf (text, sizeof text, "%u", counts[s]);
      gtk_label_set_text (labels[s], text);
      if (self->counts[s] != counts[s])
        {
          self->counts[s] = counts[s];
          g_object_notify_by_pspec (G_OBJECT (self), properties[count_props[s]]);
        }
    }
  if (g_strcmp0 (self->summary, summary) != 0)
    {
      g_free (self->summary);
      self->summary = g_steal_pointer (&summary);
      gtk_label_set_text (self->summary_label, self->summary);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

/* The hex (and hexside direction, or -1) a finding is at on the map; FALSE when it
 * has no place there. unit_hexes (unit id -> hex + 1) is made on first use. */
static gboolean
finding_place (GbacwFindingsPanel *self,
               const GbacwFinding *finding,
               GHashTable        **unit_hexes,
               int                *hex_out,
               int                *direction_out)
{
  GbacwScenario *scenario = get_scenario (self);
  int hex = -1, direction = -1;

  if (scenario == NULL)
    return FALSE;

  switch (finding->location)
    {
    case GBACW_LOCATION_HEX:
      hex = finding->hex;
      break;
    case GBACW_LOCATION_HEXSIDE:
      hex = finding->hex;
      direction = finding->direction;
      break;
    case GBACW_LOCATION_UNIT:
      if (*unit_hexes == NULL)
        {
          *unit_hexes = g_hash_table_new (g_str_hash, g_str_equal);
          for (guint i = 0; i < scenario->deployment->len; i++)
            {
              GbacwPlacement *p = g_ptr_array_index (scenario->deployment, i);
              if (!g_hash_table_contains (*unit_hexes, p->unit))
                g_hash_table_insert (*unit_hexes, p->unit, GINT_TO_POINTER (p->hex + 1));
            }
        }
      hex = GPOINTER_TO_INT (g_hash_table_lookup (*unit_hexes, finding->id)) - 1;
      break;
    case GBACW_LOCATION_REINFORCEMENT:
      for (guint i = 0; i < scenario->reinforcements->len; i++)
        {
          GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);
          if (g_strcmp0 (r->id, finding->id) == 0 && r->entry_hexes->len > 0)
            {
              hex = g_array_index (r->entry_hexes, int, 0);
              break;
            }
        }
      break;
    case GBACW_LOCATION_AREA:
      {
        GbacwArea *area = gbacw_map_find_area (scenario->map, finding->id);
        if (area != NULL && area->hexes->len > 0)
          hex = g_array_index (area->hexes, int, 0);
      }
      break;
    case GBACW_LOCATION_SETTING:
    case GBACW_LOCATION_CHART:
    case GBACW_LOCATION_FORMATION:
    default:
      break;
    }

  if (hex < 0 || hex >= gbacw_hex_grid_n_hexes (&scenario->map->grid) || direction >= GBACW_HEX_DIRECTIONS)
    return FALSE;
  *hex_out = hex;
  *direction_out = direction;
  return TRUE;
}

/* One marker per hex or hexside with findings shown (areas are too large to mark),
 * of the most serious of them. */
static void
update_markers (GbacwFindingsPanel *self)
{
  g_autoptr(GArray) markers = NULL;
  g_autoptr(GHashTable) places = NULL;
  g_autoptr(GHashTable) unit_hexes = NULL;

  if (self->canvas == NULL)
    return;
  if (get_scenario (self) == NULL || !self->show_markers)
    {
      gbacw_map_canvas_set_markers (self->canvas, NULL, 0);
      return;
    }

  markers = g_array_new (FALSE, FALSE, sizeof (GbacwMapMarker));
  places = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint g = 0; g < self->groups->len; g++)
    {
      guint n;
      GbacwFindingItem *const *items = gbacw_finding_group_peek_items (g_ptr_array_index (self->groups, g), &n);

      for (guint i = 0; i < n; i++)
        {
          GbacwFindingItem *item = items[i];
          const GbacwFinding *f = gbacw_finding_item_get_finding (item);
          GbacwMapMarker marker;
          gpointer key, value;

          /* Unpainted hexes are hatched by the canvas, not marked one by one; nor are the hexes
           * of stand-in terrain (Fill Stand-ins: the whole unpainted map), which the list counts. */
          if (!valid_severity (f->severity) || !self->show[f->severity] || f->location == GBACW_LOCATION_AREA
              || g_strcmp0 (f->check, "map.no-terrain") == 0 || g_strcmp0 (f->check, "map.stand-in-terrain") == 0
              || !finding_place (self, f, &unit_hexes, &marker.hex, &marker.direction))
            continue;
          marker.level = (GbacwMapMarkerLevel) f->severity;
          key = GINT_TO_POINTER (marker.hex * (GBACW_HEX_DIRECTIONS + 1) + marker.direction + 1);
          value = g_hash_table_lookup (places, key);
          if (value != NULL)
            {
              GbacwMapMarker *m = &g_array_index (markers, GbacwMapMarker, GPOINTER_TO_UINT (value) - 1);
              m->level = MAX (m->level, marker.level);
              continue;
            }
          g_array_append_val (markers, marker);
          g_hash_table_insert (places, key, GUINT_TO_POINTER (markers->len));
        }
    }
  gbacw_map_canvas_set_markers (self->canvas, (const GbacwMapMarker *) (gpointer) markers->data, markers->len);
}

static gboolean
group_has_item (GbacwFindingGroup *group,
                GbacwFindingItem  *item)
{
  guint n;
  GbacwFindingItem *const *items = gbacw_finding_group_peek_items (group, &n);

  for (guint i = 0; i < n; i++)
    if (items[i] == item)
      return TRUE;
  return FALSE;
}

static void
clear_activated (GbacwFindingsPanel *self)
{
  g_clear_object (&self->activated);
  if (self->canvas != NULL)
    gbacw_map_canvas_set_highlight (self->canvas, -1, -1);
}

/* Lists the checker's findings. */
static void
refresh (GbacwFindingsPanel *self)
{
  GbacwScenario *scenario = get_scenario (self);
  const GbacwHexGrid *grid = &self->grid;
  GPtrArray *findings = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  guint counts[3] = { 0, 0, 0 };
  gboolean replace_all = FALSE;

  if (scenario != NULL && self->checker != NULL && self->current)
    findings = gbacw_checker_get_findings (self->checker);

  if (scenario != NULL)
    {
      const GbacwHexGrid *g = &scenario->map->grid;
      /* Labels depend on the grid: name every location again when it changed. */
      replace_all = !self->has_grid || g->orientation != grid->orientation || g->shift != grid->shift
                    || g->columns != grid->columns || g->rows != grid->rows
                    || g->first_number != grid->first_number || g->digits != grid->digits;
      self->grid = *g;
      self->has_grid = TRUE;
    }

  for (guint i = 0; i < self->groups->len; i++)
    g_ptr_array_add (parts, g_ptr_array_new ());
  for (guint i = 0; findings != NULL && i < findings->len; i++)
    {
      GbacwFinding *f = g_ptr_array_index (findings, i);
      g_ptr_array_add (g_ptr_array_index (parts, group_of_check (self, f->check)), f);
      if (valid_severity (f->severity))
        counts[f->severity]++;
    }

  for (guint i = 0; i < self->groups->len; i++)
    gbacw_finding_group_update (g_ptr_array_index (self->groups, i), g_ptr_array_index (parts, i), grid,
                                replace_all);
  sync_root (self);

  if (self->activated != NULL)
    {
      const GbacwFinding *f = gbacw_finding_item_get_finding (self->activated);
      if (!group_has_item (g_ptr_array_index (self->groups, group_of_check (self, f->check)), self->activated))
        clear_activated (self);
    }

  set_counts (self, counts);
  update_view (self);
  update_markers (self);

  if (self->reveal_pending && findings != NULL)
    {
      self->reveal_pending = FALSE;
      if (counts[GBACW_SEVERITY_ERROR] > 0)
        gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
    }
}

static void
on_checker_changed (GbacwFindingsPanel *self,
                    GbacwChecker       *checker)
{
  self->current = TRUE;
  refresh (self);
}

static gboolean
filter_func (gpointer item,
             gpointer user_data)
{
  GbacwFindingsPanel *self = user_data;
  GbacwSeverity severity = GBACW_IS_FINDING_CLUSTER (item) ? gbacw_finding_cluster_get_severity (item)
                                                           : gbacw_finding_item_get_severity (item);

  return valid_severity (severity) && self->show[severity];
}

/* ---------------------------------------------------------------- rows */

static GListModel *
create_child_model (gpointer item,
                    gpointer user_data)
{
  if (GBACW_IS_FINDING_GROUP (item))
    return g_object_ref (gbacw_finding_group_get_shown (item));
  if (GBACW_IS_FINDING_CLUSTER (item))
    return g_object_ref (gbacw_finding_cluster_get_items (item));
  return NULL;
}

typedef struct {
  GtkWidget *icon;
  GtkWidget *rule_case;
  GtkWidget *text;
  GtkWidget *location;
} RowWidgets;

static void
setup_row (GbacwFindingsPanel       *self,
           GtkListItem              *list_item,
           GtkSignalListItemFactory *factory)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  RowWidgets *row = g_new0 (RowWidgets, 1);

  row->icon = gtk_image_new ();
  row->rule_case = gtk_label_new (NULL);
  gtk_widget_add_css_class (row->rule_case, "numeric");
  gtk_widget_add_css_class (row->rule_case, "dim-label");
  row->text = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->text), 0);
  gtk_label_set_ellipsize (GTK_LABEL (row->text), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (row->text, TRUE);
  row->location = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->location), 1);
  gtk_widget_add_css_class (row->location, "numeric");
  gtk_widget_add_css_class (row->location, "dim-label");

  gtk_box_append (GTK_BOX (box), row->icon);
  gtk_box_append (GTK_BOX (box), row->rule_case);
  gtk_box_append (GTK_BOX (box), row->text);
  gtk_box_append (GTK_BOX (box), row->location);
  gtk_widget_add_css_class (box, "finding-row");
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (list_item, expander);
  g_object_set_data_full (G_OBJECT (list_item), "gbacw-row", row, g_free);
}

static void
set_group_count (GtkLabel          *label,
                 GParamSpec        *pspec,
                 GbacwFindingGroup *group)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", gbacw_finding_group_get_n_shown (group));
  gtk_label_set_text (label, text);
}

/* The name the designer gave the unit, formation or area a finding is about (may be
 * empty); NULL for other locations or an entry that is gone. */
static const char *
entry_name (const GbacwScenario *scenario,
            const GbacwFinding  *f)
{
  switch (f->location)
    {
    case GBACW_LOCATION_UNIT:
      {
        GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, f->id);
        return unit ? unit->designation : NULL;
      }
    case GBACW_LOCATION_FORMATION:
      {
        GbacwFormation *formation = gbacw_oob_find_formation (&scenario->oob, f->id);
        return formation ? formation->name : NULL;
      }
    case GBACW_LOCATION_AREA:
      {
        GbacwArea *area = gbacw_map_find_area (scenario->map, f->id);
        return area ? area->name : NULL;
      }
    default:
      return NULL;
    }
}

/* The list's location column: hexes and hexsides by label, units, formations and areas
 * by the names the designer gave them (the file's ids only when there is none). */
static char *
short_place (GbacwFindingsPanel *self,
             GbacwFindingItem   *item)
{
  const GbacwFinding *f = gbacw_finding_item_get_finding (item);
  GbacwScenario *scenario = get_scenario (self);
  const char *name = scenario != NULL && f->id != NULL ? entry_name (scenario, f) : NULL;

  return g_strdup (name != NULL && name[0] != '\0' ? name : gbacw_finding_item_get_location (item));
}

static void
set_cluster_title (GtkLabel            *label,
                   GParamSpec          *pspec,
                   GbacwFindingCluster *cluster)
{
  g_autofree char *title = gbacw_finding_cluster_get_title (cluster);

  gtk_label_set_text (label, title);
  gtk_widget_set_tooltip_text (gtk_widget_get_parent (GTK_WIDGET (label)), title);
}

/* Shows the severity icon and rule case of a finding or cluster. */
static void
set_severity (RowWidgets         *row,
              const GbacwFinding *f,
              const char         *rule_case_label)
{
  static const char *icons[] = { "dialog-information-symbolic", "dialog-warning-symbolic", "dialog-error-symbolic" };
  static const char *classes[] = { "severity-info", "severity-warning", "severity-error" };
  GbacwSeverity severity = valid_severity (f->severity) ? f->severity : GBACW_SEVERITY_INFO;

  gtk_widget_set_visible (row->icon, TRUE);
  gtk_image_set_from_icon_name (GTK_IMAGE (row->icon), icons[severity]);
  gtk_widget_add_css_class (row->icon, classes[severity]);
  gtk_widget_set_visible (row->rule_case, TRUE);
  gtk_label_set_text (GTK_LABEL (row->rule_case), rule_case_label);
  gtk_widget_remove_css_class (row->text, "heading");
}

static void
bind_row (GbacwFindingsPanel       *self,
          GtkListItem              *list_item,
          GtkSignalListItemFactory *factory)
{
  static const char *classes[] = { "severity-info", "severity-warning", "severity-error" };
  GtkTreeListRow *tree_row = gtk_list_item_get_item (list_item);
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  RowWidgets *row = g_object_get_data (G_OBJECT (list_item), "gbacw-row");
  g_autoptr(GObject) item = gtk_tree_list_row_get_item (tree_row);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), tree_row);
  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (row->icon, classes[i]);

  if (GBACW_IS_FINDING_GROUP (item))
    {
      GbacwFindingGroup *group = GBACW_FINDING_GROUP (item);
      gulong handler;

      gtk_widget_set_visible (row->icon, FALSE);
      gtk_widget_set_visible (row->rule_case, FALSE);
      gtk_label_set_text (GTK_LABEL (row->text), gbacw_finding_group_get_title (group));
      gtk_widget_add_css_class (row->text, "heading");
      set_group_count (GTK_LABEL (row->location), NULL, group);
      handler = g_signal_connect_object (group, "notify::n-shown", G_CALLBACK (set_group_count), row->location,
                                         G_CONNECT_SWAPPED);
      g_object_set_data_full (G_OBJECT (list_item), "gbacw-group", g_object_ref (group), g_object_unref);
      g_object_set_data (G_OBJECT (list_item), "gbacw-handler", GSIZE_TO_POINTER (handler));
      gtk_widget_set_tooltip_text (box, NULL);
    }
  else if (GBACW_IS_FINDING_ITEM (item))
    {
      GbacwFindingItem *finding_item = GBACW_FINDING_ITEM (item);
      const GbacwFinding *f = gbacw_finding_item_get_finding (finding_item);

      set_severity (row, f, gbacw_finding_item_get_rule_case_label (finding_item));
      gtk_label_set_text (GTK_LABEL (row->text), f->message);
      {
        g_autofree char *place = short_place (self, finding_item);
        gtk_label_set_text (GTK_LABEL (row->location), place);
      }
      gtk_widget_set_tooltip_text (box, f->message);
    }
  else if (GBACW_IS_FINDING_CLUSTER (item))
    {
      GbacwFindingCluster *cluster = GBACW_FINDING_CLUSTER (item);
      g_autoptr(GbacwFindingItem) first = g_list_model_get_item (gbacw_finding_cluster_get_items (cluster), 0);
      gulong handler;

      set_severity (row, gbacw_finding_cluster_get_finding (cluster),
                    first != NULL ? gbacw_finding_item_get_rule_case_label (first) : "");
      set_cluster_title (GTK_LABEL (row->text), NULL, cluster);
      gtk_label_set_text (GTK_LABEL (row->location), "");
      handler = g_signal_connect_object (cluster, "notify::n-items", G_CALLBACK (set_cluster_title), row->text,
                                         G_CONNECT_SWAPPED);
      g_object_set_data_full (G_OBJECT (list_item), "gbacw-group", g_object_ref (cluster), g_object_unref);
      g_object_set_data (G_OBJECT (list_item), "gbacw-handler", GSIZE_TO_POINTER (handler));
    }
}

static void
unbind_row (GbacwFindingsPanel       *self,
            GtkListItem              *list_item,
            GtkSignalListItemFactory *factory)
{
  GObject *group = g_object_get_data (G_OBJECT (list_item), "gbacw-group");
  GtkWidget *expander = gtk_list_item_get_child (list_item);

  if (group != NULL)
    {
      gulong handler = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (list_item), "gbacw-handler"));
      g_signal_handler_disconnect (group, handler);
      g_object_set_data (G_OBJECT (list_item), "gbacw-handler", NULL);
      g_object_set_data (G_OBJECT (list_item), "gbacw-group", NULL);
    }
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), NULL);
}

static void
on_activate (GbacwFindingsPanel *self,
             guint               position,
             GtkListView        *list_view)
{
  gbacw_findings_panel_activate_row (self, position);
}

/* ---------------------------------------------------------------- jumping */

void
gbacw_findings_panel_activate_row (GbacwFindingsPanel *self,
                                   guint               position)
{
  g_autoptr(GtkTreeListRow) row = NULL;
  g_autoptr(GObject) item = NULL;

  g_return_if_fail (GBACW_IS_FINDINGS_PANEL (self));

  row = g_list_model_get_item (G_LIST_MODEL (self->tree), position);
  if (row == NULL)
    return;
  item = gtk_tree_list_row_get_item (row);
  if (GBACW_IS_FINDING_GROUP (item) || GBACW_IS_FINDING_CLUSTER (item))
    gtk_tree_list_row_set_expanded (row, !gtk_tree_list_row_get_expanded (row));
  else if (GBACW_IS_FINDING_ITEM (item))
    {
      gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
      gbacw_findings_panel_show_finding (self, GBACW_FINDING_ITEM (item));
    }
}

void
gbacw_findings_panel_show_finding (GbacwFindingsPanel *self,
                                   GbacwFindingItem   *item)
{
  GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GHashTable) unit_hexes = NULL;
  int hex, direction;

  g_return_if_fail (GBACW_IS_FINDINGS_PANEL (self));
  g_return_if_fail (GBACW_IS_FINDING_ITEM (item));

  g_set_object (&self->activated, item);
  if (self->canvas != NULL && scenario != NULL)
    {
      if (finding_place (self, gbacw_finding_item_get_finding (item), &unit_hexes, &hex, &direction))
        {
          const GbacwHexGrid *grid = &scenario->map->grid;
          GbacwViewport *viewport = gbacw_map_canvas_get_viewport (self->canvas);
          GbacwHex h = gbacw_hex_grid_hex_at (grid, hex);
          double x, y;

          gbacw_hex_grid_centre (grid, h, &x, &y);
          if (direction >= 0)
            {
              double x0, y0, x1, y1;
              gbacw_hex_grid_corner (grid, h, direction, &x0, &y0);
              gbacw_hex_grid_corner (grid, h, (direction + 1) % GBACW_HEX_DIRECTIONS, &x1, &y1);
              x = (x0 + x1) / 2;
              y = (y0 + y1) / 2;
            }
          if (gbacw_viewport_get_scale (viewport) * sqrt (3.0) < MIN_JUMP_HEX_PIXELS)
            gbacw_viewport_set_scale (viewport, MIN_JUMP_HEX_PIXELS / sqrt (3.0));
          gbacw_viewport_set_centre (viewport, x, y);
          gbacw_map_canvas_set_highlight (self->canvas, hex, direction);
        }
      else
        gbacw_map_canvas_set_highlight (self->canvas, -1, -1);
    }
  g_signal_emit (self, signals[SIGNAL_FINDING_ACTIVATED], 0, item);
}

static char *
describe_chart (GbacwScenario      *scenario,
                const GbacwFinding *f)
{
  GbacwChart *chart = f->id ? gbacw_scenario_find_chart (scenario, f->id) : NULL;
  const char *name = chart && chart->name ? chart->name : f->id;

  if (f->row != NULL && f->column != NULL)
    /* TRANSLATORS: a chart cell: chart name, row id, column id */
    return g_strdup_printf (_("%s, row “%s”, column “%s”"), name, f->row, f->column);
  if (f->row != NULL)
    /* TRANSLATORS: a chart row: chart name, row id */
    return g_strdup_printf (_("%s, row “%s”"), name, f->row);
  if (f->column != NULL)
    /* TRANSLATORS: a chart column: chart name, column id */
    return g_strdup_printf (_("%s, column “%s”"), name, f->column);
  return g_strdup (name ? name : "");
}

char *
gbacw_findings_panel_describe (GbacwFindingsPanel *self,
                               GbacwFindingItem   *item)
{
  GbacwScenario *scenario = get_scenario (self);
  const GbacwFinding *f;
  g_autofree char *place = NULL;
  const char *location;

  g_return_val_if_fail (GBACW_IS_FINDINGS_PANEL (self), NULL);
  g_return_val_if_fail (GBACW_IS_FINDING_ITEM (item), NULL);

  f = gbacw_finding_item_get_finding (item);
  location = gbacw_finding_item_get_location (item);
  switch (scenario ? f->location : GBACW_LOCATION_SETTING)
    {
    case GBACW_LOCATION_HEX:
      /* TRANSLATORS: where a finding is: a hex label such as 0508 */
      place = g_strdup_printf (_("Hex %s"), location);
      break;
    case GBACW_LOCATION_HEXSIDE:
      /* TRANSLATORS: where a finding is: a hexside such as 0508/ne */
      place = g_strdup_printf (_("Hexside %s"), location);
      break;
    case GBACW_LOCATION_UNIT:
      {
        GbacwPlacement *placement = gbacw_scenario_find_placement (scenario, f->id, NULL);
        const char *name = entry_name (scenario, f) ?: f->id;

        if (placement != NULL && placement->hex >= 0 && placement->hex < gbacw_hex_grid_n_hexes (&scenario->map->grid))
          {
            const GbacwHexGrid *grid = &scenario->map->grid;
            g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, placement->hex));
            /* TRANSLATORS: where a finding is: a unit's name and the hex it is in */
            place = g_strdup_printf (_("Unit %s in hex %s"), name, label);
          }
        else
          /* TRANSLATORS: where a finding is: a unit's name */
          place = g_strdup_printf (_("Unit %s"), name);
      }
      break;
    case GBACW_LOCATION_FORMATION:
      /* TRANSLATORS: where a finding is: a formation's name */
      place = g_strdup_printf (_("Formation %s"), entry_name (scenario, f) ?: f->id);
      break;
    case GBACW_LOCATION_AREA:
      /* TRANSLATORS: where a finding is: an area's name */
      place = g_strdup_printf (_("Area %s"), entry_name (scenario, f) ?: f->id);
      break;
    case GBACW_LOCATION_REINFORCEMENT:
      /* TRANSLATORS: where a finding is: a reinforcement's id */
      place = g_strdup_printf (_("Reinforcement %s"), f->id);
      break;
    case GBACW_LOCATION_CHART:
      place = describe_chart (scenario, f);
      break;
    case GBACW_LOCATION_SETTING:
    default:
      /* TRANSLATORS: where a finding is: a scenario setting such as "turns" */
      place = g_strdup_printf (_("Setting “%s”"), f->id ? f->id : location);
      break;
    }

  if (f->rule_case != NULL && f->rule_case[0] != '\0')
    /* TRANSLATORS: status bar: place, rule case, message */
    return g_strdup_printf (_("%s: [%s] %s"), place, f->rule_case, f->message);
  /* TRANSLATORS: status bar: place, message */
  return g_strdup_printf (_("%s: %s"), place, f->message);
}

/* ---------------------------------------------------------------- properties */

GbacwChecker *
gbacw_findings_panel_get_checker (GbacwFindingsPanel *self)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_PANEL (self), NULL);
  return self->checker;
}

void
gbacw_findings_panel_set_checker (GbacwFindingsPanel *self,
                                  GbacwChecker       *checker)
{
  g_return_if_fail (GBACW_IS_FINDINGS_PANEL (self));
  g_return_if_fail (checker == NULL || GBACW_IS_CHECKER (checker));

  if (self->checker == checker)
    return;
  if (self->checker != NULL)
    g_signal_handlers_disconnect_by_func (self->checker, on_checker_changed, self);
  g_set_object (&self->checker, checker);
  if (checker != NULL)
    g_signal_connect_object (checker, "changed", G_CALLBACK (on_checker_changed), self, G_CONNECT_SWAPPED);
  self->current = FALSE;
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHECKER]);
}

GbacwDocument *
gbacw_findings_panel_get_document (GbacwFindingsPanel *self)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_PANEL (self), NULL);
  return self->document;
}

void
gbacw_findings_panel_set_document (GbacwFindingsPanel *self,
                                   GbacwDocument      *document)
{
  g_return_if_fail (GBACW_IS_FINDINGS_PANEL (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  if (!g_set_object (&self->document, document))
    return;
  self->current = FALSE;
  self->reveal_pending = document != NULL;
  self->has_grid = FALSE;
  clear_activated (self);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

GbacwMapCanvas *
gbacw_findings_panel_get_canvas (GbacwFindingsPanel *self)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_PANEL (self), NULL);
  return self->canvas;
}

void
gbacw_findings_panel_set_canvas (GbacwFindingsPanel *self,
                                 GbacwMapCanvas     *canvas)
{
  g_return_if_fail (GBACW_IS_FINDINGS_PANEL (self));
  g_return_if_fail (canvas == NULL || GBACW_IS_MAP_CANVAS (canvas));

  if (self->canvas == canvas)
    return;
  if (self->canvas != NULL)
    {
      gbacw_map_canvas_set_markers (self->canvas, NULL, 0);
      gbacw_map_canvas_set_highlight (self->canvas, -1, -1);
    }
  g_set_object (&self->canvas, canvas);
  g_clear_object (&self->activated);
  update_markers (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CANVAS]);
}

GListModel *
gbacw_findings_panel_get_model (GbacwFindingsPanel *self)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_PANEL (self), NULL);
  return G_LIST_MODEL (self->tree);
}

guint
gbacw_findings_panel_get_count (GbacwFindingsPanel *self,
                                GbacwSeverity       severity)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_PANEL (self), 0);
  g_return_val_if_fail (valid_severity (severity), 0);
  return self->counts[severity];
}

gboolean
gbacw_findings_panel_get_show_severity (GbacwFindingsPanel *self,
                                        GbacwSeverity       severity)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_PANEL (self), FALSE);
  g_return_val_if_fail (valid_severity (severity), FALSE);
  return self->show[severity];
}

void
gbacw_findings_panel_set_show_severity (GbacwFindingsPanel *self,
                                        GbacwSeverity       severity,
                                        gboolean            show)
{
  g_return_if_fail (GBACW_IS_FINDINGS_PANEL (self));
  g_return_if_fail (valid_severity (severity));

  show = !!show;
  if (self->show[severity] == show)
    return;
  self->show[severity] = show;
  gtk_filter_changed (GTK_FILTER (self->filter), show ? GTK_FILTER_CHANGE_LESS_STRICT : GTK_FILTER_CHANGE_MORE_STRICT);
  sync_root (self);
  update_view (self);
  update_markers (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[show_props[severity]]);
}

gboolean
gbacw_findings_panel_get_show_markers (GbacwFindingsPanel *self)
{
  g_return_val_if_fail (GBACW_IS_FINDINGS_PANEL (self), FALSE);
  return self->show_markers;
}

void
gbacw_findings_panel_set_show_markers (GbacwFindingsPanel *self,
                                       gboolean            show)
{
  g_return_if_fail (GBACW_IS_FINDINGS_PANEL (self));

  show = !!show;
  if (self->show_markers == show)
    return;
  self->show_markers = show;
  update_markers (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_MARKERS]);
}

/* ---------------------------------------------------------------- GObject */

static void
hide_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  gtk_widget_set_visible (widget, FALSE);
}

static void
gbacw_findings_panel_dispose (GObject *object)
{
  GbacwFindingsPanel *self = GBACW_FINDINGS_PANEL (object);
  GtkWidget *child;

  if (self->list_view != NULL)
    gtk_list_view_set_model (self->list_view, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_FINDINGS_PANEL);
  /* The children without an id in the template. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  if (self->checker != NULL)
    g_signal_handlers_disconnect_by_func (self->checker, on_checker_changed, self);
  g_clear_object (&self->checker);
  g_clear_object (&self->document);
  g_clear_object (&self->activated);
  g_clear_object (&self->canvas);
  g_clear_object (&self->selection);
  g_clear_object (&self->tree);
  g_clear_object (&self->root);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_pointer (&self->check_groups, g_hash_table_unref);
  if (self->filter != NULL)
    gtk_custom_filter_set_filter_func (self->filter, NULL, NULL, NULL);
  g_clear_object (&self->filter);

  G_OBJECT_CLASS (gbacw_findings_panel_parent_class)->dispose (object);
}

static void
gbacw_findings_panel_finalize (GObject *object)
{
  GbacwFindingsPanel *self = GBACW_FINDINGS_PANEL (object);

  g_free (self->summary);

  G_OBJECT_CLASS (gbacw_findings_panel_parent_class)->finalize (object);
}

static void
gbacw_findings_panel_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  GbacwFindingsPanel *self = GBACW_FINDINGS_PANEL (object);

  switch (prop_id)
    {
    case PROP_CHECKER:
      g_value_set_object (value, self->checker);
      break;
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_CANVAS:
      g_value_set_object (value, self->canvas);
      break;
    case PROP_SHOW_ERRORS:
      g_value_set_boolean (value, self->show[GBACW_SEVERITY_ERROR]);
      break;
    case PROP_SHOW_WARNINGS:
      g_value_set_boolean (value, self->show[GBACW_SEVERITY_WARNING]);
      break;
    case PROP_SHOW_INFOS:
      g_value_set_boolean (value, self->show[GBACW_SEVERITY_INFO]);
      break;
    case PROP_SHOW_MARKERS:
      g_value_set_boolean (value, self->show_markers);
      break;
    case PROP_N_ERRORS:
      g_value_set_uint (value, self->counts[GBACW_SEVERITY_ERROR]);
      break;
    case PROP_N_WARNINGS:
      g_value_set_uint (value, self->counts[GBACW_SEVERITY_WARNING]);
      break;
    case PROP_N_INFOS:
      g_value_set_uint (value, self->counts[GBACW_SEVERITY_INFO]);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_findings_panel_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  GbacwFindingsPanel *self = GBACW_FINDINGS_PANEL (object);

  switch (prop_id)
    {
    case PROP_CHECKER:
      gbacw_findings_panel_set_checker (self, g_value_get_object (value));
      break;
    case PROP_DOCUMENT:
      gbacw_findings_panel_set_document (self, g_value_get_object (value));
      break;
    case PROP_CANVAS:
      gbacw_findings_panel_set_canvas (self, g_value_get_object (value));
      break;
    case PROP_SHOW_ERRORS:
      gbacw_findings_panel_set_show_severity (self, GBACW_SEVERITY_ERROR, g_value_get_boolean (value));
      break;
    case PROP_SHOW_WARNINGS:
      gbacw_findings_panel_set_show_severity (self, GBACW_SEVERITY_WARNING, g_value_get_boolean (value));
      break;
    case PROP_SHOW_INFOS:
      gbacw_findings_panel_set_show_severity (self, GBACW_SEVERITY_INFO, g_value_get_boolean (value));
      break;
    case PROP_SHOW_MARKERS:
      gbacw_findings_panel_set_show_markers (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_findings_panel_class_init (GbacwFindingsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = gbacw_findings_panel_dispose;
  object_class->finalize = gbacw_findings_panel_finalize;
  object_class->get_property = gbacw_findings_panel_get_property;
  object_class->set_property = gbacw_findings_panel_set_property;

  properties[PROP_CHECKER] = g_param_spec_object ("checker", NULL, NULL, GBACW_TYPE_CHECKER, rw);
  properties[PROP_DOCUMENT] = g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT, rw);
  properties[PROP_CANVAS] = g_param_spec_object ("canvas", NULL, NULL, GBACW_TYPE_MAP_CANVAS, rw);
  properties[PROP_SHOW_ERRORS] = g_param_spec_boolean ("show-errors", NULL, NULL, TRUE, rw);
  properties[PROP_SHOW_WARNINGS] = g_param_spec_boolean ("show-warnings", NULL, NULL, TRUE, rw);
  properties[PROP_SHOW_INFOS] = g_param_spec_boolean ("show-infos", NULL, NULL, TRUE, rw);
  properties[PROP_SHOW_MARKERS] = g_param_spec_boolean ("show-markers", NULL, NULL, TRUE, rw);
  properties[PROP_N_ERRORS] = g_param_spec_uint ("n-errors", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_WARNINGS] = g_param_spec_uint ("n-warnings", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_N_INFOS] = g_param_spec_uint ("n-infos", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * GbacwFindingsPanel::finding-activated:
   * @item: the GbacwFindingItem
   *
   * The user asked to see a finding (it has been shown on the canvas, if it has a
   * place on the map).
   */
  signals[SIGNAL_FINDING_ACTIVATED] =
    g_signal_new ("finding-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, GBACW_TYPE_FINDING_ITEM);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-findings-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwFindingsPanel, summary_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwFindingsPanel, errors_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwFindingsPanel, warnings_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwFindingsPanel, infos_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwFindingsPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, GbacwFindingsPanel, list_view);
  gtk_widget_class_bind_template_child (widget_class, GbacwFindingsPanel, empty_label);

  gtk_widget_class_install_property_action (widget_class, "findings.show-errors", "show-errors");
  gtk_widget_class_install_property_action (widget_class, "findings.show-warnings", "show-warnings");
  gtk_widget_class_install_property_action (widget_class, "findings.show-infos", "show-infos");
  gtk_widget_class_install_action (widget_class, "findings.hide", NULL, hide_action);

  gtk_widget_class_set_css_name (widget_class, "findingspanel");
}

static void
gbacw_findings_panel_init (GbacwFindingsPanel *self)
{
  GtkListItemFactory *factory;

  gtk_widget_init_template (GTK_WIDGET (self));

  for (int s = GBACW_SEVERITY_INFO; s <= GBACW_SEVERITY_ERROR; s++)
    self->show[s] = TRUE;
  self->show_markers = TRUE;
  self->filter = gtk_custom_filter_new (filter_func, self, NULL);
  self->groups = g_ptr_array_new_with_free_func (g_object_unref);
  self->check_groups = g_hash_table_new (g_str_hash, g_str_equal);
  init_groups (self);

  self->root = g_list_store_new (GBACW_TYPE_FINDING_GROUP);
  self->tree = gtk_tree_list_model_new (G_LIST_MODEL (g_object_ref (self->root)), FALSE, FALSE,
                                        create_child_model, NULL, NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->tree)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_swapped (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect_swapped (factory, "bind", G_CALLBACK (bind_row), self);
  g_signal_connect_swapped (factory, "unbind", G_CALLBACK (unbind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->list_view, "activate", G_CALLBACK (on_activate), self);

  set_counts (self, (const guint[3]) { 0, 0, 0 });
  update_view (self);
}

GtkWidget *
gbacw_findings_panel_new (void)
{
  return g_object_new (GBACW_TYPE_FINDINGS_PANEL, NULL);
}
