/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-new-dialog.c: asks the size and layout of the map of a new scenario.
 *
 * The new scenario starts with the terrain catalogue, the charts and the sides of the
 * demo scenario, so that the tools have terrain to paint and the order of battle sides
 * to add units to; the map is unpainted and there are no units.
 */
#define G_LOG_DOMAIN "gbacw-new-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-data.h"
#include "gbacw-new-dialog.h"
#include "gbacw-scenario-io.h"

struct _GbacwNewDialog
{
  GtkWindow parent_instance;

  /* template */
  GtkWidget *create_button;
  GtkSpinButton *columns_spin;
  GtkSpinButton *rows_spin;
  GtkDropDown *orientation_dropdown;
  GtkDropDown *shift_dropdown;
  GtkSpinButton *first_spin;
  GtkSpinButton *digits_spin;
  GtkLabel *example_label;
  GtkLabel *error_label;

  gboolean updating;
};

G_DEFINE_FINAL_TYPE (GbacwNewDialog, gbacw_new_dialog, GTK_TYPE_WINDOW)

enum {
  SIGNAL_DOCUMENT_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

GbacwDocument *
gbacw_new_dialog_create_document (const GbacwHexGrid *grid,
                                  GError            **error)
{
  g_autofree char *demo_path = NULL;
  g_autoptr(GbacwScenario) demo = NULL;
  g_autoptr(GbacwScenario) scenario = NULL;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_hex_grid_validate (grid, error))
    return NULL;

  demo_path = gbacw_data_find ("scenarios/demo.xml");
  if (demo_path == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("The demo scenario, whose terrain catalogue and charts a new scenario starts with, "
                     "was not found (set GBACW_DATADIR to the directory holding scenarios/demo.xml)"));
      return NULL;
    }
  demo = gbacw_scenario_load_file (demo_path, error);
  if (demo == NULL)
    return NULL;

  scenario = gbacw_scenario_new (grid);
  gbacw_catalogue_clear (&scenario->catalogue);
  gbacw_catalogue_copy (&scenario->catalogue, &demo->catalogue);
  for (guint i = 0; i < demo->charts->len; i++)
    g_ptr_array_add (scenario->charts, gbacw_chart_copy (g_ptr_array_index (demo->charts, i)));
  /* and its two sides, without units: the editor has no way to add a side, and units
   * can only be added to one */
  for (guint i = 0; i < demo->oob.sides->len; i++)
    g_ptr_array_add (scenario->oob.sides, gbacw_side_copy (g_ptr_array_index (demo->oob.sides, i)));
  gbacw_oob_reindex (&scenario->oob);
  scenario->info.title = g_strdup (_("New scenario"));

  return gbacw_document_new (g_steal_pointer (&scenario));
}

/* ---------------------------------------------------------------- the form */

void
gbacw_new_dialog_get_grid (GbacwNewDialog *self,
                           GbacwHexGrid   *grid)
{
  g_return_if_fail (GBACW_IS_NEW_DIALOG (self));
  g_return_if_fail (grid != NULL);

  grid->columns = gtk_spin_button_get_value_as_int (self->columns_spin);
  grid->rows = gtk_spin_button_get_value_as_int (self->rows_spin);
  grid->orientation = gtk_drop_down_get_selected (self->orientation_dropdown) == 1 ? GBACW_GRID_POINTY_ROWS
                                                                                  : GBACW_GRID_FLAT_COLUMNS;
  grid->shift = gtk_drop_down_get_selected (self->shift_dropdown) == 1 ? GBACW_SHIFT_EVEN : GBACW_SHIFT_ODD;
  grid->first_number = gtk_spin_button_get_value_as_int (self->first_spin);
  grid->digits = gtk_spin_button_get_value_as_int (self->digits_spin);
}

static int
n_digits (int n)
{
  int digits = 1;

  while (n >= 10)
    {
      n /= 10;
      digits++;
    }
  return digits;
}

/* Keeps the shift wording and the fewest digits in step with the rest; shows the first
 * and last hex numbers. */
static void
update (GbacwNewDialog *self)
{
  g_autoptr(GtkStringList) shifts = NULL;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  g_autofree char *example = NULL;
  GbacwHexGrid grid;
  GbacwHex last_hex;
  guint shift;
  int min_digits;

  if (self->updating)
    return;
  self->updating = TRUE;

  gbacw_new_dialog_get_grid (self, &grid);
  shift = gtk_drop_down_get_selected (self->shift_dropdown);
  if (grid.orientation == GBACW_GRID_FLAT_COLUMNS)
    shifts = gtk_string_list_new ((const char *[]) { _("Odd columns half a hex lower (SPI maps)"),
                                                     _("Even columns half a hex lower"), NULL });
  else
    shifts = gtk_string_list_new ((const char *[]) { _("Odd rows half a hex to the right"),
                                                     _("Even rows half a hex to the right"), NULL });
  gtk_drop_down_set_model (self->shift_dropdown, G_LIST_MODEL (shifts));
  gtk_drop_down_set_selected (self->shift_dropdown, shift == 1 ? 1 : 0);

  min_digits = n_digits (MAX (grid.columns, grid.rows) - 1 + grid.first_number);
  gtk_spin_button_set_range (self->digits_spin, min_digits, 3);
  if (grid.digits < min_digits)
    gtk_spin_button_set_value (self->digits_spin, min_digits);

  gbacw_new_dialog_get_grid (self, &grid);
  last_hex = (GbacwHex) { grid.columns - 1, grid.rows - 1 };
  first = gbacw_hex_grid_format_label (&grid, (GbacwHex) { 0, 0 });
  last = gbacw_hex_grid_format_label (&grid, last_hex);
  /* TRANSLATORS: e.g. "2,640 hexes, numbered 0101 to 4060" */
  example = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d hex, numbered %s to %s", "%d hexes, numbered %s to %s",
                                          grid.columns * grid.rows),
                             grid.columns * grid.rows, first, last);
  gtk_label_set_text (self->example_label, example);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);

  self->updating = FALSE;
}

void
gbacw_new_dialog_set_grid (GbacwNewDialog     *self,
                           const GbacwHexGrid *grid)
{
  g_return_if_fail (GBACW_IS_NEW_DIALOG (self));
  g_return_if_fail (grid != NULL);

  self->updating = TRUE;
  gtk_spin_button_set_value (self->columns_spin, grid->columns);
  gtk_spin_button_set_value (self->rows_spin, grid->rows);
  gtk_drop_down_set_selected (self->orientation_dropdown, grid->orientation == GBACW_GRID_POINTY_ROWS ? 1 : 0);
  gtk_drop_down_set_selected (self->shift_dropdown, grid->shift == GBACW_SHIFT_EVEN ? 1 : 0);
  gtk_spin_button_set_value (self->first_spin, grid->first_number);
  gtk_spin_button_set_range (self->digits_spin, 1, 3);
  gtk_spin_button_set_value (self->digits_spin, grid->digits);
  self->updating = FALSE;
  update (self);
}

gboolean
gbacw_new_dialog_create (GbacwNewDialog *self)
{
  g_autoptr(GbacwDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  GbacwHexGrid grid;

  g_return_val_if_fail (GBACW_IS_NEW_DIALOG (self), FALSE);

  /* Take what is typed in a spin button even if Enter was not pressed. */
  gtk_spin_button_update (self->columns_spin);
  gtk_spin_button_update (self->rows_spin);
  gbacw_new_dialog_get_grid (self, &grid);
  document = gbacw_new_dialog_create_document (&grid, &error);
  if (document == NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_DOCUMENT_CREATED], 0, document);
  gtk_window_destroy (GTK_WINDOW (self));
  return TRUE;
}

static void
create_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  gbacw_new_dialog_create (GBACW_NEW_DIALOG (widget));
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_new_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), GBACW_TYPE_NEW_DIALOG);

  G_OBJECT_CLASS (gbacw_new_dialog_parent_class)->dispose (object);
}

static void
gbacw_new_dialog_class_init (GbacwNewDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_new_dialog_dispose;

  signals[SIGNAL_DOCUMENT_CREATED] =
    g_signal_new ("document-created", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, GBACW_TYPE_DOCUMENT);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-new-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, create_button);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, columns_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, rows_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, orientation_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, shift_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, first_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, digits_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, example_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, error_label);

  gtk_widget_class_install_action (widget_class, "dialog.create", NULL, create_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "dialog.create", NULL);
}

static void
gbacw_new_dialog_init (GbacwNewDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->columns_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->rows_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->first_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->digits_spin, "value-changed", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->orientation_dropdown, "notify::selected", G_CALLBACK (update), self);
  g_signal_connect_swapped (self->shift_dropdown, "notify::selected", G_CALLBACK (update), self);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->create_button);
  /* Enter in a number creates the scenario, as in other dialogs (the spin button takes
   * the number typed first) */
  {
    GtkSpinButton *spins[] = { self->columns_spin, self->rows_spin, self->first_spin, self->digits_spin };
    for (guint i = 0; i < G_N_ELEMENTS (spins); i++)
      {
        GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (spins[i]));
        if (GTK_IS_TEXT (text))
          gtk_text_set_activates_default (GTK_TEXT (text), TRUE);
      }
  }
  update (self);
}

GbacwNewDialog *
gbacw_new_dialog_new (GtkWindow *parent)
{
  return g_object_new (GBACW_TYPE_NEW_DIALOG, "transient-for", parent, NULL);
}
