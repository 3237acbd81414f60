/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-chart-editor.c: the scenario's charts as tables.
 *
 * A GtkGrid of entries (charts have tens of rows, not thousands), rebuilt when another
 * change touches the charts; a cell's own edit only restyles that cell.
 */
#define G_LOG_DOMAIN "gbacw-chart-editor"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-chart-edit.h"
#include "gbacw-chart-editor.h"
#include "gbacw-editor-host.h"

#define KEY_ROW "gbacw-row"
#define KEY_COL "gbacw-col"

struct _GbacwChartEditor
{
  GtkWindow parent_instance;

  /* template */
  GtkDropDown *chart_dropdown;
  GtkLabel *source_label;
  GtkLabel *count_label;
  GtkGrid *grid;
  GtkLabel *notes_label;
  GtkWidget *notes_expander;

  GbacwDocument *document;
  char *chart;                 /* id of the chart shown */
  GHashTable *cells;           /* "row\ncol" -> GtkEntry */
  gboolean loading;
  gboolean applying;
};

G_DEFINE_FINAL_TYPE (GbacwChartEditor, gbacw_chart_editor, GTK_TYPE_WINDOW)

static void load_chart (GbacwChartEditor *self);

static const GbacwChart *
get_chart (GbacwChartEditor *self)
{
  if (self->document == NULL || self->chart == NULL)
    return NULL;
  return gbacw_scenario_find_chart (gbacw_document_get_scenario (self->document), self->chart);
}

static char *
cell_key (const char *row,
          const char *col)
{
  return g_strdup_printf ("%s\n%s", row, col);
}

static void
style_cell (GtkWidget       *entry,
            const GbacwCell *cell)
{
  static const char *const classes[] = { "cell-known", "cell-unknown", "cell-inferred", "cell-invented" };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    gtk_widget_remove_css_class (entry, classes[i]);
  gtk_widget_add_css_class (entry, classes[cell ? cell->status : GBACW_CELL_UNKNOWN]);
}

static void
update_counts (GbacwChartEditor *self)
{
  const GbacwChart *chart = get_chart (self);
  guint counts[4] = { 0, 0, 0, 0 };
  g_autofree char *text = NULL;

  if (chart == NULL)
    {
      gtk_label_set_text (self->count_label, "");
      return;
    }
  for (guint r = 0; r < chart->rows->len; r++)
    {
      const GbacwChartRow *row = g_ptr_array_index (chart->rows, r);
      for (guint c = 0; c < chart->columns->len; c++)
        counts[row->cells[c].status]++;
    }
  /* TRANSLATORS: how many cells of a chart are known, unknown, inferred, invented */
  text = g_strdup_printf (_("%u known · %u unknown · %u inferred · %u invented"), counts[GBACW_CELL_KNOWN],
                          counts[GBACW_CELL_UNKNOWN], counts[GBACW_CELL_INFERRED], counts[GBACW_CELL_INVENTED]);
  gtk_label_set_text (self->count_label, text);
}

/* ---------------------------------------------------------------- editing */

static gboolean
commit_cell (GbacwChartEditor *self,
             GtkWidget        *entry)
{
  const GbacwChart *chart = get_chart (self);
  const char *row = g_object_get_data (G_OBJECT (entry), KEY_ROW);
  const char *col = g_object_get_data (G_OBJECT (entry), KEY_COL);
  const GbacwCell *old;
  GbacwCell cell = { NULL, GBACW_CELL_UNKNOWN };
  g_autofree char *old_text = NULL;
  g_autofree char *new_text = NULL;
  GbacwChartEdit *edit;
  g_autofree char *label = NULL;

  /* A cell taken off the grid (the chart shown again after an undo) loses the focus as
   * it goes: that is no edit, and would put back what was undone. */
  if (self->loading || chart == NULL || row == NULL || col == NULL
      || gtk_widget_get_parent (entry) != GTK_WIDGET (self->grid))
    return FALSE;
  old = gbacw_chart_lookup (chart, row, col);
  if (old == NULL)
    return FALSE;
  gbacw_cell_parse (&cell, gtk_editable_get_text (GTK_EDITABLE (entry)));
  old_text = gbacw_cell_format (old);
  new_text = gbacw_cell_format (&cell);
  if (g_strcmp0 (old_text, new_text) == 0)
    {
      gbacw_cell_clear (&cell);
      /* Show the cell in its own notation ("" becomes "?"). */
      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), old_text) != 0)
        {
          self->loading = TRUE;
          gtk_editable_set_text (GTK_EDITABLE (entry), old_text);
          self->loading = FALSE;
        }
      return FALSE;
    }
  label = g_strdup_printf (_("Edit %s"), chart->name ? chart->name : chart->id);
  edit = gbacw_chart_edit_new (label, 0);
  gbacw_chart_edit_set_cell (edit, chart->id, row, col, &cell);
  self->applying = TRUE;
  gbacw_document_execute (self->document, GBACW_COMMAND (edit));
  self->applying = FALSE;
  self->loading = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (entry), new_text);
  self->loading = FALSE;
  style_cell (entry, &cell);
  update_counts (self);
  gbacw_cell_clear (&cell);
  return TRUE;
}

static void
on_cell_activate (GtkEntry         *entry,
                  GbacwChartEditor *self)
{
  commit_cell (self, GTK_WIDGET (entry));
}

static void
on_cell_leave (GtkEventControllerFocus *controller,
               GbacwChartEditor        *self)
{
  commit_cell (self, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

/* ---------------------------------------------------------------- building */

static void
clear_grid (GbacwChartEditor *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
  g_hash_table_remove_all (self->cells);
}

static GtkWidget *
header_label (const char *text,
              const char *tooltip)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "chart-header");
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (label, tooltip);
  return label;
}

static const char *
cell_note (const GbacwChart *chart,
           const char       *row,
           const char       *col)
{
  for (guint i = 0; i < chart->cell_notes->len; i++)
    {
      const GbacwCellNote *note = g_ptr_array_index (chart->cell_notes, i);
      if (g_strcmp0 (note->row, row) == 0 && g_strcmp0 (note->col, col) == 0)
        return note->text;
    }
  return NULL;
}

static void
load_chart (GbacwChartEditor *self)
{
  const GbacwChart *chart = get_chart (self);
  g_autoptr(GString) notes = g_string_new (NULL);

  clear_grid (self);
  if (chart == NULL)
    {
      gtk_label_set_text (self->source_label, "");
      gtk_label_set_text (self->notes_label, "");
      update_counts (self);
      return;
    }
  self->loading = TRUE;
  {
    g_autoptr(GString) source = g_string_new (NULL);
    if (chart->rule_case != NULL)
      g_string_append_printf (source, _("Rule %s"), chart->rule_case);
    if (chart->source != NULL)
      g_string_append_printf (source, "%s%s", source->len ? " · " : "", chart->source);
    gtk_label_set_text (self->source_label, source->str);
  }

  gtk_grid_attach (self->grid, header_label ("", NULL), 0, 0, 1, 1);
  for (guint c = 0; c < chart->columns->len; c++)
    gtk_grid_attach (self->grid, header_label (g_ptr_array_index (chart->columns, c), NULL), (int) c + 1, 0, 1, 1);
  for (guint r = 0; r < chart->rows->len; r++)
    {
      const GbacwChartRow *row = g_ptr_array_index (chart->rows, r);

      gtk_grid_attach (self->grid, header_label (row->name ? row->name : row->id, row->id), 0, (int) r + 1, 1, 1);
      for (guint c = 0; c < chart->columns->len; c++)
        {
          const char *col = g_ptr_array_index (chart->columns, c);
          const GbacwCell *cell = &row->cells[c];
          g_autofree char *text = gbacw_cell_format (cell);
          GtkWidget *entry = gtk_entry_new ();
          GtkEventController *focus = gtk_event_controller_focus_new ();
          const char *note = cell_note (chart, row->id, col);
          g_autofree char *tooltip = NULL;

          gtk_editable_set_text (GTK_EDITABLE (entry), text);
          gtk_editable_set_width_chars (GTK_EDITABLE (entry), 5);
          gtk_widget_add_css_class (entry, "chart-cell");
          style_cell (entry, cell);
          tooltip = g_strdup_printf ("%s × %s%s%s", row->name ? row->name : row->id, col, note ? "\n" : "",
                                     note ? note : "");
          gtk_widget_set_tooltip_text (entry, tooltip);
          g_object_set_data_full (G_OBJECT (entry), KEY_ROW, g_strdup (row->id), g_free);
          g_object_set_data_full (G_OBJECT (entry), KEY_COL, g_strdup (col), g_free);
          g_signal_connect (entry, "activate", G_CALLBACK (on_cell_activate), self);
          g_signal_connect (focus, "leave", G_CALLBACK (on_cell_leave), self);
          gtk_widget_add_controller (entry, focus);
          gtk_grid_attach (self->grid, entry, (int) c + 1, (int) r + 1, 1, 1);
          g_hash_table_insert (self->cells, cell_key (row->id, col), entry);
        }
    }
  for (guint i = 0; i < chart->notes->len; i++)
    g_string_append_printf (notes, "%s%s", i ? "\n" : "", (const char *) g_ptr_array_index (chart->notes, i));
  gtk_label_set_text (self->notes_label, notes->str);
  gtk_widget_set_visible (self->notes_expander, notes->len > 0);
  update_counts (self);
  self->loading = FALSE;
}

static void
load_charts (GbacwChartEditor *self)
{
  const GbacwScenario *scenario = self->document ? gbacw_document_get_scenario (self->document) : NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  guint selected = 0;

  self->loading = TRUE;
  for (guint i = 0; scenario != NULL && i < scenario->charts->len; i++)
    {
      const GbacwChart *chart = g_ptr_array_index (scenario->charts, i);
      gtk_string_list_append (names, chart->name ? chart->name : chart->id);
      if (g_strcmp0 (chart->id, self->chart) == 0)
        selected = i;
    }
  gtk_drop_down_set_model (self->chart_dropdown, G_LIST_MODEL (names));
  if (scenario != NULL && scenario->charts->len > 0)
    {
      const GbacwChart *chart = g_ptr_array_index (scenario->charts, selected);
      g_free (self->chart);
      self->chart = g_strdup (chart->id);
      gtk_drop_down_set_selected (self->chart_dropdown, selected);
    }
  self->loading = FALSE;
  load_chart (self);
}

static void
on_chart_selected (GtkDropDown      *dropdown,
                   GParamSpec       *pspec,
                   GbacwChartEditor *self)
{
  const GbacwScenario *scenario = self->document ? gbacw_document_get_scenario (self->document) : NULL;
  guint index = gtk_drop_down_get_selected (dropdown);

  if (self->loading || scenario == NULL || index >= scenario->charts->len)
    return;
  g_free (self->chart);
  self->chart = g_strdup (((GbacwChart *) g_ptr_array_index (scenario->charts, index))->id);
  load_chart (self);
}

static void
on_document_changed (GbacwChartEditor  *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  if (self->applying)
    return;
  if (change != NULL && (change->flags & (GBACW_CHANGE_CHARTS | GBACW_CHANGE_RULES)) == 0)
    return;
  load_charts (self);
}

/* ---------------------------------------------------------------- public */

gboolean
gbacw_chart_editor_show_chart (GbacwChartEditor *self,
                               const char       *id)
{
  const GbacwScenario *scenario;

  g_return_val_if_fail (GBACW_IS_CHART_EDITOR (self), FALSE);

  scenario = self->document ? gbacw_document_get_scenario (self->document) : NULL;
  for (guint i = 0; scenario != NULL && i < scenario->charts->len; i++)
    if (g_strcmp0 (((GbacwChart *) g_ptr_array_index (scenario->charts, i))->id, id) == 0)
      {
        gtk_drop_down_set_selected (self->chart_dropdown, i);
        if (g_strcmp0 (self->chart, id) != 0)
          {
            g_free (self->chart);
            self->chart = g_strdup (id);
            load_chart (self);
          }
        return TRUE;
      }
  return FALSE;
}

const char *
gbacw_chart_editor_get_chart (GbacwChartEditor *self)
{
  g_return_val_if_fail (GBACW_IS_CHART_EDITOR (self), NULL);
  return self->chart;
}

GtkEditable *
gbacw_chart_editor_get_cell_entry (GbacwChartEditor *self,
                                   const char       *row,
                                   const char       *col)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (GBACW_IS_CHART_EDITOR (self), NULL);
  key = cell_key (row, col);
  return g_hash_table_lookup (self->cells, key);
}

gboolean
gbacw_chart_editor_set_cell_text (GbacwChartEditor *self,
                                  const char       *row,
                                  const char       *col,
                                  const char       *text)
{
  GtkEditable *entry;

  g_return_val_if_fail (GBACW_IS_CHART_EDITOR (self), FALSE);

  entry = gbacw_chart_editor_get_cell_entry (self, row, col);
  if (entry == NULL)
    return FALSE;
  gtk_editable_set_text (entry, text);
  return commit_cell (self, GTK_WIDGET (entry));
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_chart_editor_dispose (GObject *object)
{
  GbacwChartEditor *self = GBACW_CHART_EDITOR (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_CHART_EDITOR);

  G_OBJECT_CLASS (gbacw_chart_editor_parent_class)->dispose (object);
}

static void
gbacw_chart_editor_finalize (GObject *object)
{
  GbacwChartEditor *self = GBACW_CHART_EDITOR (object);

  g_free (self->chart);
  g_hash_table_unref (self->cells);

  G_OBJECT_CLASS (gbacw_chart_editor_parent_class)->finalize (object);
}

static void
gbacw_chart_editor_class_init (GbacwChartEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_chart_editor_dispose;
  object_class->finalize = gbacw_chart_editor_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-chart-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwChartEditor, chart_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwChartEditor, source_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwChartEditor, count_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwChartEditor, grid);
  gtk_widget_class_bind_template_child (widget_class, GbacwChartEditor, notes_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwChartEditor, notes_expander);

  /* GtkWindow's own window.close, as the other dialogs */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
gbacw_chart_editor_init (GbacwChartEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cells = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_signal_connect (self->chart_dropdown, "notify::selected", G_CALLBACK (on_chart_selected), self);
}

GbacwChartEditor *
gbacw_chart_editor_new (GtkWindow     *parent,
                        GbacwDocument *document)
{
  GbacwChartEditor *self;

  g_return_val_if_fail (GBACW_IS_DOCUMENT (document), NULL);

  self = g_object_new (GBACW_TYPE_CHART_EDITOR, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  load_charts (self);
  /* Ctrl+Z here undoes the scenario's edits, as in the editor window */
  gbacw_editor_host_add_history_shortcuts (GTK_WINDOW (self));
  return self;
}
