/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-new-dialog.c: a new scenario: a blank map, or a game kit.
 *
 * Blank Map: the title, the map's size and layout, whose terrain catalogue, charts and
 * sides it starts with (the demo's or a game kit's: the tools need terrain to paint
 * and the order of battle a side to add units to), and a terrain to fill the map with
 * or none; there are no units. From a Game: the game kits of DATADIR/games/, one of
 * which opens as a new, untitled document, as a shipped scenario opens.
 */
#define G_LOG_DOMAIN "gbacw-new-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-data.h"
#include "gbacw-game-kit.h"
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
  GtkEntry *title_entry;
  GtkDropDown *catalogue_dropdown;
  GtkDropDown *fill_dropdown;
  GtkStack *stack;
  GtkListBox *kits_list;

  gboolean updating;
  GPtrArray *kits;              /* GbacwGameKit*, as listed */
  GPtrArray *sources;           /* the catalogue choices' scenarios (GbacwScenario*, NULL until read): the demo, then each kit */
  GPtrArray *fill_ids;          /* the fill choices' terrain ids (char*; NULL: unpainted) */
};

G_DEFINE_FINAL_TYPE (GbacwNewDialog, gbacw_new_dialog, GTK_TYPE_WINDOW)

enum {
  SIGNAL_DOCUMENT_CREATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GbacwScenario *
load_demo (GError **error)
{
  g_autofree char *demo_path = gbacw_data_find ("scenarios/demo.xml");

  if (demo_path == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("The demo scenario, whose terrain catalogue and charts a new scenario starts with, "
                     "was not found (set GBACW_DATADIR to the directory holding scenarios/demo.xml)"));
      return NULL;
    }
  return gbacw_scenario_load_file (demo_path, error);
}

GbacwDocument *
gbacw_new_dialog_create_document (const GbacwHexGrid *grid,
                                  GError            **error)
{
  g_autoptr(GbacwScenario) demo = NULL;
  GbacwScenario *scenario;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gbacw_hex_grid_validate (grid, error))
    return NULL;
  demo = load_demo (error);
  if (demo == NULL)
    return NULL;
  scenario = gbacw_scenario_new_from (demo, grid, NULL, NULL, error);
  if (scenario == NULL)
    return NULL;
  /* the demo's catalogue, not its (invented) game */
  g_clear_pointer (&scenario->info.game, g_free);
  return gbacw_document_new (scenario);
}

/* ---------------------------------------------------------------- catalogue and fill */

/* The scenario of catalogue choice index, read on first use; NULL and error if it does
 * not read. */
static GbacwScenario *
get_source (GbacwNewDialog *self,
            guint           index,
            GError        **error)
{
  if (index >= self->sources->len)
    index = 0;
  if (g_ptr_array_index (self->sources, index) == NULL)
    {
      GbacwScenario *scenario = index == 0 ? load_demo (error)
                                           : gbacw_scenario_load_file (((GbacwGameKit *) g_ptr_array_index (
                                                                          self->kits, index - 1))->path, error);
      if (scenario == NULL)
        return NULL;
      g_ptr_array_index (self->sources, index) = scenario;
    }
  return g_ptr_array_index (self->sources, index);
}

/* The fill choices: unpainted, then the hex terrains of the catalogue chosen; keeps
 * the terrain chosen when the new catalogue has it. */
static void
fill_terrains (GbacwNewDialog *self)
{
  guint chosen = gtk_drop_down_get_selected (self->fill_dropdown);
  g_autofree char *chosen_id = NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GError) error = NULL;
  GbacwScenario *source;
  guint select = 0;

  if (chosen != GTK_INVALID_LIST_POSITION && chosen < self->fill_ids->len)
    chosen_id = g_strdup (g_ptr_array_index (self->fill_ids, chosen));
  g_ptr_array_set_size (self->fill_ids, 0);
  gtk_string_list_append (names, _("Nothing: leave the map unpainted"));
  g_ptr_array_add (self->fill_ids, NULL);
  source = get_source (self, gtk_drop_down_get_selected (self->catalogue_dropdown), &error);
  for (guint i = 0; source != NULL && i < source->catalogue.hex_terrains->len; i++)
    {
      const GbacwHexTerrain *t = g_ptr_array_index (source->catalogue.hex_terrains, i);
      gtk_string_list_append (names, t->name != NULL && t->name[0] != '\0' ? t->name : t->id);
      g_ptr_array_add (self->fill_ids, g_strdup (t->id));
      if (chosen_id != NULL && g_str_equal (chosen_id, t->id))
        select = self->fill_ids->len - 1;
    }
  gtk_drop_down_set_model (self->fill_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->fill_dropdown, select);
  if (source == NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
    }
}

static void
on_catalogue_selected (GbacwNewDialog *self)
{
  if (!self->updating)
    fill_terrains (self);
}

/* ---------------------------------------------------------------- game kits */

static GtkWidget *
make_kit_row (const GbacwGameKit *kit)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (kit->title);
  GtkWidget *game = gtk_label_new (kit->game);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (game), 0);
  gtk_label_set_wrap (GTK_LABEL (game), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (game), 50);
  gtk_widget_add_css_class (game, "dim-label");
  gtk_widget_set_visible (game, kit->game != NULL && kit->game[0] != '\0');
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), game);
  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  return box;
}

static void
list_kits (GbacwNewDialog *self)
{
  g_autoptr(GtkStringList) catalogues = gtk_string_list_new (NULL);

  self->kits = gbacw_game_kits_find ();
  self->sources = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_scenario_free);
  g_ptr_array_add (self->sources, NULL);
  gtk_string_list_append (catalogues, _("The demo’s"));
  for (guint i = 0; i < self->kits->len; i++)
    {
      const GbacwGameKit *kit = g_ptr_array_index (self->kits, i);

      gtk_list_box_append (self->kits_list, make_kit_row (kit));
      g_ptr_array_add (self->sources, NULL);
      gtk_string_list_append (catalogues, kit->title);
    }
  if (self->kits->len == 0)
    {
      GtkWidget *none = gtk_label_new (_("No game kits are installed (they are read from the games folder of the "
                                         "program’s data)"));
      gtk_label_set_wrap (GTK_LABEL (none), TRUE);
      gtk_widget_add_css_class (none, "dim-label");
      gtk_list_box_set_placeholder (self->kits_list, none);
    }
  else
    gtk_list_box_select_row (self->kits_list, gtk_list_box_get_row_at_index (self->kits_list, 0));
  self->updating = TRUE;
  gtk_drop_down_set_model (self->catalogue_dropdown, G_LIST_MODEL (catalogues));
  gtk_drop_down_set_selected (self->catalogue_dropdown, 0);
  self->updating = FALSE;
}

guint
gbacw_new_dialog_get_n_games (GbacwNewDialog *self)
{
  g_return_val_if_fail (GBACW_IS_NEW_DIALOG (self), 0);
  return self->kits->len;
}

const char *
gbacw_new_dialog_get_game_title (GbacwNewDialog *self,
                                 guint           index)
{
  g_return_val_if_fail (GBACW_IS_NEW_DIALOG (self), NULL);
  g_return_val_if_fail (index < self->kits->len, NULL);
  return ((GbacwGameKit *) g_ptr_array_index (self->kits, index))->title;
}

void
gbacw_new_dialog_choose_game (GbacwNewDialog *self,
                              guint           index)
{
  g_return_if_fail (GBACW_IS_NEW_DIALOG (self));
  g_return_if_fail (index < self->kits->len);

  gtk_stack_set_visible_child_name (self->stack, "game");
  gtk_list_box_select_row (self->kits_list, gtk_list_box_get_row_at_index (self->kits_list, (int) index));
}

void
gbacw_new_dialog_set_blank (GbacwNewDialog *self,
                            const char     *title,
                            int             catalogue,
                            const char     *fill_terrain)
{
  g_return_if_fail (GBACW_IS_NEW_DIALOG (self));
  g_return_if_fail (catalogue >= -1 && catalogue < (int) self->kits->len);

  gtk_stack_set_visible_child_name (self->stack, "blank");
  gtk_editable_set_text (GTK_EDITABLE (self->title_entry), title ? title : "");
  gtk_drop_down_set_selected (self->catalogue_dropdown, (guint) (catalogue + 1));
  gtk_drop_down_set_selected (self->fill_dropdown, 0);
  for (guint i = 1; fill_terrain != NULL && i < self->fill_ids->len; i++)
    if (g_str_equal (g_ptr_array_index (self->fill_ids, i), fill_terrain))
      gtk_drop_down_set_selected (self->fill_dropdown, i);
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

static void
show_error (GbacwNewDialog *self,
            const GError   *error)
{
  gtk_label_set_text (self->error_label, error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

gboolean
gbacw_new_dialog_create (GbacwNewDialog *self)
{
  g_autoptr(GbacwDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (GBACW_IS_NEW_DIALOG (self), FALSE);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") == 0)
    {
      GtkListBoxRow *row = gtk_list_box_get_selected_row (self->kits_list);
      int index = row != NULL ? gtk_list_box_row_get_index (row) : -1;

      if (index < 0 || index >= (int) self->kits->len)
        {
          gtk_label_set_text (self->error_label, _("Choose a game to start from"));
          gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
          return FALSE;
        }
      /* A shipped kit is a starting point: a new, untitled document, never edited in place. */
      document = gbacw_document_new_from_template (((GbacwGameKit *) g_ptr_array_index (self->kits, index))->path,
                                                   &error);
    }
  else
    {
      guint fill = gtk_drop_down_get_selected (self->fill_dropdown);
      GbacwScenario *source, *scenario = NULL;
      GbacwHexGrid grid;

      /* Take what is typed in a spin button even if Enter was not pressed. */
      gtk_spin_button_update (self->columns_spin);
      gtk_spin_button_update (self->rows_spin);
      gbacw_new_dialog_get_grid (self, &grid);
      source = get_source (self, gtk_drop_down_get_selected (self->catalogue_dropdown), &error);
      if (source != NULL)
        scenario = gbacw_scenario_new_from (source, &grid, gtk_editable_get_text (GTK_EDITABLE (self->title_entry)),
                                            fill < self->fill_ids->len ? g_ptr_array_index (self->fill_ids, fill)
                                                                       : NULL,
                                            &error);
      if (scenario != NULL && gtk_drop_down_get_selected (self->catalogue_dropdown) == 0)
        g_clear_pointer (&scenario->info.game, g_free);   /* the demo's catalogue, not its game */
      if (scenario != NULL)
        document = gbacw_document_new (scenario);
    }
  if (document == NULL)
    {
      show_error (self, error);
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
  GbacwNewDialog *self = GBACW_NEW_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (object), GBACW_TYPE_NEW_DIALOG);
  g_clear_pointer (&self->kits, g_ptr_array_unref);
  g_clear_pointer (&self->sources, g_ptr_array_unref);
  g_clear_pointer (&self->fill_ids, g_ptr_array_unref);

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
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, title_entry);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, catalogue_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, fill_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, GbacwNewDialog, kits_list);

  gtk_widget_class_install_action (widget_class, "dialog.create", NULL, create_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "dialog.create", NULL);
}

static void
gbacw_new_dialog_init (GbacwNewDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->fill_ids = g_ptr_array_new_with_free_func (g_free);
  list_kits (self);
  fill_terrains (self);
  g_signal_connect_swapped (self->catalogue_dropdown, "notify::selected", G_CALLBACK (on_catalogue_selected), self);
  g_signal_connect_swapped (self->kits_list, "row-activated", G_CALLBACK (gbacw_new_dialog_create), self);
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
