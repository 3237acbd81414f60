/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-chart-edit.c: undoable chart cell changes.
 *
 * Each entry holds the cell value that is not in the chart (the new one before
 * apply, the old one after), so apply and revert are swaps. */
#define G_LOG_DOMAIN "gbacw-chart-edit"

#include "gbacw-chart-edit.h"

#include <string.h>

typedef struct
{
  char *chart;
  char *row;
  char *col;
  GbacwCell cell;
  gboolean refused;   /* the cell did not exist when last applied */
} Entry;

struct _GbacwChartEdit
{
  GbacwCommand parent_instance;

  guint merge_key;
  GArray *entries;  /* Entry */
};

G_DEFINE_FINAL_TYPE (GbacwChartEdit, gbacw_chart_edit, GBACW_TYPE_COMMAND)

static void
entry_clear (gpointer data)
{
  Entry *e = data;
  g_free (e->chart);
  g_free (e->row);
  g_free (e->col);
  gbacw_cell_clear (&e->cell);
}

static GbacwCell *
find_cell (GbacwScenario *scenario, const Entry *e)
{
  GbacwChart *chart = gbacw_scenario_find_chart (scenario, e->chart);
  int row, col;

  if (chart == NULL)
    return NULL;
  row = gbacw_chart_find_row (chart, e->row);
  col = gbacw_chart_find_column (chart, e->col);
  if (row < 0 || col < 0)
    return NULL;
  return &((GbacwChartRow *) g_ptr_array_index (chart->rows, row))->cells[col];
}

static void
swap_entry (Entry *e, GbacwCell *cell, GbacwChange *change)
{
  GbacwCell tmp = *cell;
  *cell = e->cell;
  e->cell = tmp;
  change->flags |= GBACW_CHANGE_CHARTS;
}

static void
gbacw_chart_edit_apply (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwChartEdit *self = GBACW_CHART_EDIT (command);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      GbacwCell *cell = find_cell (scenario, e);

      e->refused = cell == NULL;
      if (cell == NULL)
        g_critical ("No cell (%s, %s) in chart %s", e->row, e->col, e->chart);
      else
        swap_entry (e, cell, change);
    }
}

static void
gbacw_chart_edit_revert (GbacwCommand *command, GbacwScenario *scenario, GbacwChange *change)
{
  GbacwChartEdit *self = GBACW_CHART_EDIT (command);

  for (guint i = self->entries->len; i-- > 0;)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      GbacwCell *cell;

      if (e->refused)
        continue;
      cell = find_cell (scenario, e);
      if (cell == NULL)
        g_critical ("Cannot undo: no cell (%s, %s) in chart %s", e->row, e->col, e->chart);
      else
        swap_entry (e, cell, change);
    }
}

static Entry *
find_entry (GbacwChartEdit *self, const char *chart, const char *row, const char *col)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      if (g_str_equal (e->chart, chart) && g_str_equal (e->row, row) && g_str_equal (e->col, col))
        return e;
    }
  return NULL;
}

static gboolean
gbacw_chart_edit_merge (GbacwCommand *command, GbacwCommand *next_command)
{
  GbacwChartEdit *self = GBACW_CHART_EDIT (command);
  GbacwChartEdit *next;

  if (!GBACW_IS_CHART_EDIT (next_command))
    return FALSE;
  next = GBACW_CHART_EDIT (next_command);
  if (self->merge_key == 0 || self->merge_key != next->merge_key)
    return FALSE;

  for (guint i = 0; i < next->entries->len; i++)
    {
      Entry *theirs = &g_array_index (next->entries, Entry, i);
      Entry *mine = find_entry (self, theirs->chart, theirs->row, theirs->col);

      if (theirs->refused)
        continue;
      if (mine != NULL && !mine->refused)
        continue;  /* mine holds the older value; theirs goes with next */
      if (mine != NULL)
        {
          /* a refused entry of self holds a new value no one needs; take next's place */
          entry_clear (mine);
          *mine = *theirs;
        }
      else
        g_array_append_val (self->entries, *theirs);
      memset (theirs, 0, sizeof *theirs);
      theirs->refused = TRUE;
    }
  return TRUE;
}

static void
gbacw_chart_edit_finalize (GObject *object)
{
  GbacwChartEdit *self = GBACW_CHART_EDIT (object);

  g_array_unref (self->entries);
  G_OBJECT_CLASS (gbacw_chart_edit_parent_class)->finalize (object);
}

static void
gbacw_chart_edit_class_init (GbacwChartEditClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GbacwCommandClass *command_class = GBACW_COMMAND_CLASS (klass);

  object_class->finalize = gbacw_chart_edit_finalize;
  command_class->apply = gbacw_chart_edit_apply;
  command_class->revert = gbacw_chart_edit_revert;
  command_class->merge = gbacw_chart_edit_merge;
}

static void
gbacw_chart_edit_init (GbacwChartEdit *self)
{
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (self->entries, entry_clear);
}

GbacwChartEdit *
gbacw_chart_edit_new (const char *label, guint merge_key)
{
  GbacwChartEdit *self = g_object_new (GBACW_TYPE_CHART_EDIT, "label", label, NULL);
  self->merge_key = merge_key;
  return self;
}

void
gbacw_chart_edit_set_cell (GbacwChartEdit *self, const char *chart, const char *row, const char *col,
                           const GbacwCell *cell)
{
  Entry *e;

  g_return_if_fail (GBACW_IS_CHART_EDIT (self));
  g_return_if_fail (chart != NULL && row != NULL && col != NULL);
  g_return_if_fail (cell != NULL);

  e = find_entry (self, chart, row, col);
  if (e != NULL)
    gbacw_cell_clear (&e->cell);
  else
    {
      Entry n = { g_strdup (chart), g_strdup (row), g_strdup (col), { NULL, GBACW_CELL_UNKNOWN }, FALSE };
      g_array_append_val (self->entries, n);
      e = &g_array_index (self->entries, Entry, self->entries->len - 1);
    }
  gbacw_cell_copy (&e->cell, cell);
}

guint
gbacw_chart_edit_get_n_cells (GbacwChartEdit *self)
{
  g_return_val_if_fail (GBACW_IS_CHART_EDIT (self), 0);
  return self->entries->len;
}
