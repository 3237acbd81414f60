/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-settings-dialog.c: the scenario's settings.
 *
 * The lists (turns, rules, victory conditions) are rebuilt from the scenario after
 * every change the dialog did not make itself (an undo, another window), and left
 * alone while it applies its own, so that the field being typed in keeps the focus.
 * Free text of the victory conditions is applied when the field is left (or Enter
 * pressed), one undo step per edit; the scenario's title and the turn times as typed.
 */
#define G_LOG_DOMAIN "gbacw-settings-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-exclusive-specs.h"
#include "gbacw-map-edit.h"
#include "gbacw-oob-edit.h"
#include "gbacw-settings-dialog-private.h"
#include "gbacw-editor-host.h"

#define KEY_ID "gbacw-id"
#define KEY_INDEX "gbacw-index"
#define KEY_NAME "gbacw-name"
#define KEY_VALUE "gbacw-value"

struct _GbacwSettingsDialog
{
  GtkWindow parent_instance;

  /* template */
  GtkNotebook *notebook;
  GtkEditable *title_entry;
  GtkEditable *game_entry;
  GtkTextView *description_view;
  GtkSpinButton *first_spin;
  GtkSpinButton *last_spin;
  GtkDropDown *first_player_dropdown;
  GtkListBox *turn_list;
  GtkBox *rules_box;
  GtkBox *victory_box;
  GtkRevealer *message_revealer;
  GtkLabel *message_label;

  GbacwDocument *document;
  GbacwDeploymentController *picker;   /* weak */
  gboolean loading;
  gboolean applying;
  GHashTable *time_entries;            /* turn -> GtkEditable */
  GHashTable *night_checks;            /* turn -> GtkCheckButton */
  GHashTable *rule_widgets;            /* "RULE" (its check), "RULE/NAME" (entry), "RULE/NAME/pick" -> GtkWidget */
  char *picking_area;
  char *picking_param;                 /* "RULE\tNAME": a parameter whose hexes are picked on the map */
  gboolean picking_draws_area;         /* picking_param is an area drawn on the map */
};

G_DEFINE_FINAL_TYPE (GbacwSettingsDialog, gbacw_settings_dialog, GTK_TYPE_WINDOW)

static void load (GbacwSettingsDialog *self);
static void pick_next_param_hex (GbacwSettingsDialog *self);
static void pick_next_objective_hex (GbacwSettingsDialog *self);

/* The dialog has its document from construction to disposal. */
static GbacwScenario *
get_scenario (GbacwSettingsDialog *self)
{
  return gbacw_document_get_scenario (self->document);
}

static void
show_message (GbacwSettingsDialog *self,
              const char          *message)
{
  if (message != NULL)
    gtk_label_set_text (self->message_label, message);
  else
    gtk_label_set_text (self->message_label, "");
  gtk_revealer_set_reveal_child (self->message_revealer, message != NULL);
}

const char *
gbacw_settings_dialog_get_message (GbacwSettingsDialog *self)
{
  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  return gtk_label_get_text (self->message_label);
}

/* error: where the constructor of command put its error (passed by address: C does not
 * say in which order a call's arguments are evaluated); NULL when it has none. */
static gboolean
apply (GbacwSettingsDialog *self,
       GbacwCommand        *command,
       GError             **error)
{
  if (self->loading || self->document == NULL)
    {
      g_clear_object (&command);
      return FALSE;
    }
  if (command == NULL)
    {
      show_message (self, error && *error ? (*error)->message : _("That cannot be done"));
      return FALSE;
    }
  show_message (self, NULL);
  self->applying = TRUE;
  gbacw_document_execute (self->document, command);
  self->applying = FALSE;
  return TRUE;
}

/* Applies and then shows the lists again (for adding and removing rows). */
static void
apply_and_reload (GbacwSettingsDialog *self,
                  GbacwCommand        *command,
                  GError             **error)
{
  if (apply (self, command, error))
    load (self);
}

/* ---------------------------------------------------------------- small helpers */

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 8);
  return label;
}

static GtkWidget *
hbox (void)
{
  return gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
}

static void
remove_children (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    {
      if (GTK_IS_LIST_BOX (box))
        gtk_list_box_remove (GTK_LIST_BOX (box), child);
      else
        gtk_box_remove (GTK_BOX (box), child);
    }
}

static void
set_id (gpointer    widget,
        const char *id)
{
  g_object_set_data_full (G_OBJECT (widget), KEY_ID, g_strdup (id), g_free);
}

static const char *
get_id (gpointer widget)
{
  return g_object_get_data (G_OBJECT (widget), KEY_ID);
}

static void
set_index (gpointer widget,
           guint    index)
{
  g_object_set_data (G_OBJECT (widget), KEY_INDEX, GUINT_TO_POINTER (index));
}

static guint
get_index (gpointer widget)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), KEY_INDEX));
}

/* A dropdown of choices (values, titles), NULL-terminated pairs; value selected. */
static GtkWidget *
choice_dropdown (GPtrArray  *values,
                 GPtrArray  *titles,
                 const char *selected)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GtkWidget *dropdown;
  guint index = 0;

  for (guint i = 0; i < titles->len; i++)
    {
      gtk_string_list_append (list, g_ptr_array_index (titles, i));
      if (g_strcmp0 (g_ptr_array_index (values, i), selected) == 0)
        index = i;
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (list)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), index);
  g_object_set_data_full (G_OBJECT (dropdown), KEY_VALUE, g_ptr_array_ref (values), (GDestroyNotify) g_ptr_array_unref);
  return dropdown;
}

static const char *
dropdown_value (GtkDropDown *dropdown)
{
  GPtrArray *values = g_object_get_data (G_OBJECT (dropdown), KEY_VALUE);
  guint index = gtk_drop_down_get_selected (dropdown);

  if (values == NULL || index >= values->len)
    return NULL;
  return g_ptr_array_index (values, index);
}

/* The sides as choices, with first (may be NULL) as the first choice of value NULL. */
static void
side_choices (const GbacwScenario *scenario,
              const char          *none_value,
              const char          *none_title,
              GPtrArray          **values,
              GPtrArray          **titles)
{
  *values = g_ptr_array_new_with_free_func (g_free);
  *titles = g_ptr_array_new_with_free_func (g_free);
  if (none_title != NULL)
    {
      g_ptr_array_add (*values, g_strdup (none_value));
      g_ptr_array_add (*titles, g_strdup (none_title));
    }
  for (guint i = 0; i < scenario->oob.sides->len; i++)
    {
      const GbacwSide *side = g_ptr_array_index (scenario->oob.sides, i);
      g_ptr_array_add (*values, g_strdup (side->id));
      g_ptr_array_add (*titles, g_strdup (side->name ? side->name : side->id));
    }
}

static void
area_choices (const GbacwScenario *scenario,
              GPtrArray          **values,
              GPtrArray          **titles)
{
  *values = g_ptr_array_new_with_free_func (g_free);
  *titles = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (*values, NULL);
  g_ptr_array_add (*titles, g_strdup (_("— no area —")));
  for (guint i = 0; i < scenario->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (scenario->map->areas, i);
      g_ptr_array_add (*values, g_strdup (area->id));
      g_ptr_array_add (*titles, g_strdup (area->name ? area->name : area->id));
    }
}

/* Calls commit (widget, self) on Enter and when the field is left. */
static void
on_focus_leave (GtkEventControllerFocus *controller,
                gpointer                 data)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  void (*commit) (GtkWidget *, GbacwSettingsDialog *) = g_object_get_data (G_OBJECT (widget), "gbacw-commit");

  commit (widget, data);
}

static void
on_activate_commit (GtkWidget *widget,
                    gpointer   data)
{
  void (*commit) (GtkWidget *, GbacwSettingsDialog *) = g_object_get_data (G_OBJECT (widget), "gbacw-commit");

  commit (widget, data);
}

static void
connect_commit (GbacwSettingsDialog *self,
                GtkWidget           *entry,
                void               (*commit) (GtkWidget *, GbacwSettingsDialog *))
{
  GtkEventController *focus = gtk_event_controller_focus_new ();

  g_object_set_data (G_OBJECT (entry), "gbacw-commit", commit);
  g_signal_connect (focus, "leave", G_CALLBACK (on_focus_leave), self);
  gtk_widget_add_controller (entry, focus);
  g_signal_connect (entry, "activate", G_CALLBACK (on_activate_commit), self);
}

static GtkWidget *
text_entry (const char *text,
            const char *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), text ? text : "");
  if (placeholder != NULL)
    gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  return entry;
}

static GtkWidget *
remove_button (const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("list-remove-symbolic");

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

/* ---------------------------------------------------------------- scenario page */

static void
on_info_changed (GtkEditable         *editable,
                 GbacwSettingsDialog *self)
{
  GbacwInfoField field = editable == self->title_entry ? GBACW_INFO_TITLE : GBACW_INFO_GAME;

  if (self->loading)
    return;
  apply (self, gbacw_settings_set_info (get_scenario (self), field, gtk_editable_get_text (editable)), NULL);
}

static void
on_description_changed (GtkTextBuffer       *buffer,
                        GbacwSettingsDialog *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;

  if (self->loading)
    return;
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  apply (self, gbacw_settings_set_info (get_scenario (self), GBACW_INFO_DESCRIPTION, text), NULL);
}

/* ---------------------------------------------------------------- turns page */

static void
on_range_changed (GtkSpinButton       *spin,
                  GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;
  GbacwCommand *command;

  if (self->loading)
    return;
  command = gbacw_settings_set_turn_range (get_scenario (self), gtk_spin_button_get_value_as_int (self->first_spin),
                                           gtk_spin_button_get_value_as_int (self->last_spin), &error);
  apply_and_reload (self, command, &error);
}

static void
on_first_player_selected (GtkDropDown         *dropdown,
                          GParamSpec          *pspec,
                          GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (self->loading)
    return;
  apply (self, gbacw_settings_set_first_player (get_scenario (self), dropdown_value (dropdown), &error), &error);
}

static void
on_time_changed (GtkEditable         *editable,
                 GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;
  const char *text = gtk_editable_get_text (editable);

  if (self->loading)
    return;
  apply (self, gbacw_settings_set_turn_time (get_scenario (self), (int) get_index (editable), text, &error), &error);
}

static void
on_night_toggled (GtkCheckButton      *check,
                  GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (self->loading)
    return;
  apply (self, gbacw_settings_set_night (get_scenario (self), (int) get_index (check),
                                         gtk_check_button_get_active (check), &error),
         &error);
}

static void
on_turn_player_selected (GtkDropDown         *dropdown,
                         GParamSpec          *pspec,
                         GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (self->loading)
    return;
  apply (self, gbacw_settings_set_first_player_change (get_scenario (self), (int) get_index (dropdown),
                                                       dropdown_value (dropdown), &error),
         &error);
}

static const GbacwTurn *
find_turn (const GbacwScenario *scenario,
           int                  n)
{
  for (guint i = 0; i < scenario->turns.turns->len; i++)
    {
      const GbacwTurn *turn = g_ptr_array_index (scenario->turns.turns, i);
      if (turn->n == n)
        return turn;
    }
  return NULL;
}

static void
load_turns (GbacwSettingsDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GPtrArray) values = NULL;
  g_autoptr(GPtrArray) titles = NULL;
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  guint selected = 0;

  gtk_spin_button_set_value (self->first_spin, scenario->turns.first);
  gtk_spin_button_set_value (self->last_spin, scenario->turns.last);

  side_choices (scenario, NULL, _("— not set —"), &values, &titles);
  for (guint i = 0; i < titles->len; i++)
    {
      gtk_string_list_append (list, g_ptr_array_index (titles, i));
      if (g_strcmp0 (g_ptr_array_index (values, i), scenario->turns.first_player) == 0)
        selected = i;
    }
  g_object_set_data_full (G_OBJECT (self->first_player_dropdown), KEY_VALUE, g_ptr_array_ref (values),
                          (GDestroyNotify) g_ptr_array_unref);
  gtk_drop_down_set_model (self->first_player_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->first_player_dropdown, selected);

  remove_children (GTK_WIDGET (self->turn_list));
  g_hash_table_remove_all (self->time_entries);
  g_hash_table_remove_all (self->night_checks);
  for (int n = scenario->turns.first; n <= scenario->turns.last && n - scenario->turns.first < 500; n++)
    {
      const GbacwTurn *turn = find_turn (scenario, n);
      GtkWidget *row = hbox (), *widget;
      g_autofree char *label = g_strdup_printf (_("Game-Turn %d"), n);
      g_autoptr(GPtrArray) player_values = NULL;
      g_autoptr(GPtrArray) player_titles = NULL;

      gtk_widget_set_margin_start (row, 8);
      gtk_widget_set_margin_end (row, 8);
      gtk_widget_set_margin_top (row, 4);
      gtk_widget_set_margin_bottom (row, 4);
      widget = gtk_label_new (label);
      gtk_label_set_xalign (GTK_LABEL (widget), 0);
      gtk_label_set_width_chars (GTK_LABEL (widget), 14);
      gtk_box_append (GTK_BOX (row), widget);

      widget = text_entry (turn ? turn->time : NULL, _("HH:MM"));
      gtk_editable_set_width_chars (GTK_EDITABLE (widget), 6);
      gtk_widget_set_tooltip_text (widget, _("The time of the turn, e.g. 08:00"));
      set_index (widget, (guint) n);
      g_signal_connect (widget, "changed", G_CALLBACK (on_time_changed), self);
      gtk_box_append (GTK_BOX (row), widget);
      g_hash_table_insert (self->time_entries, GINT_TO_POINTER (n), widget);

      widget = gtk_check_button_new_with_label (_("Night"));
      gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), turn && turn->night);
      set_index (widget, (guint) n);
      g_signal_connect (widget, "toggled", G_CALLBACK (on_night_toggled), self);
      gtk_box_append (GTK_BOX (row), widget);
      g_hash_table_insert (self->night_checks, GINT_TO_POINTER (n), widget);

      side_choices (scenario, NULL, _("First player as before"), &player_values, &player_titles);
      widget = choice_dropdown (player_values, player_titles, turn ? turn->first_player : NULL);
      gtk_widget_set_hexpand (widget, TRUE);
      gtk_widget_set_tooltip_text (widget, _("The side that is first player from this turn on"));
      set_index (widget, (guint) n);
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_turn_player_selected), self);
      gtk_box_append (GTK_BOX (row), widget);

      gtk_list_box_append (self->turn_list, row);
    }
}

/* ---------------------------------------------------------------- rules page */

static void
on_rule_toggled (GtkCheckButton      *check,
                 GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (self->loading)
    return;
  apply (self, gbacw_settings_set_exclusive_rule (get_scenario (self), get_id (check),
                                                  gtk_check_button_get_active (check), &error),
         &error);
}

/* The entry's value checked as the validator checks it (rules-check/gbacw-exclusive-specs.h):
 * marked "error" with the reason as its tooltip, else the parameter's kind as a hint. */
static void
validate_param (GbacwSettingsDialog *self,
                GtkWidget           *entry,
                const char          *rule,
                const char          *name)
{
  g_autofree char *why = NULL;

  if (gbacw_exclusive_param_valid (get_scenario (self), rule, name, gtk_editable_get_text (GTK_EDITABLE (entry)), &why))
    {
      gtk_widget_remove_css_class (entry, "error");
      gtk_widget_set_tooltip_text (entry, NULL);
    }
  else
    {
      g_autofree char *tip = g_strdup_printf (_("Not valid: %s"), why);
      gtk_widget_add_css_class (entry, "error");
      gtk_widget_set_tooltip_text (entry, tip);
    }
}

static void
on_param_changed (GtkEditable         *editable,
                  GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;
  const char *name = g_object_get_data (G_OBJECT (editable), KEY_NAME);

  if (self->loading)
    return;
  apply (self, gbacw_settings_set_exclusive_param (get_scenario (self), get_id (editable), name,
                                                   gtk_editable_get_text (editable), &error),
         &error);
  validate_param (self, GTK_WIDGET (editable), get_id (editable), name);
}

/* A picker's choice goes into its entry: in place of the text (one word: a choice, a
 * parameter's name) or after it (lists of ids or words). */
static void
on_pick_selected (GtkDropDown         *picker,
                  GParamSpec          *pspec,
                  GbacwSettingsDialog *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (picker), "gbacw-entry");
  const char *word = dropdown_value (picker);
  gboolean append = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (picker), "gbacw-append"));
  const char *text;

  if (self->loading || word == NULL || entry == NULL)
    return;
  text = gtk_editable_get_text (entry);
  if (append && *text)
    {
      g_autofree char *joined = g_strdup_printf ("%s %s", text, word);
      gtk_editable_set_text (entry, joined);
    }
  else
    gtk_editable_set_text (entry, word);
  gtk_drop_down_set_selected (picker, 0);
}

/* A dropdown "title, word, word …" whose choice goes into entry (on_pick_selected). */
static GtkWidget *
picker (GPtrArray   *words,
        const char  *title,
        GtkWidget   *entry,
        gboolean     append,
        GbacwSettingsDialog *self)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *dropdown;

  g_ptr_array_add (values, NULL);
  g_ptr_array_add (titles, g_strdup (title));
  for (guint i = 0; i < words->len; i++)
    {
      g_ptr_array_add (values, g_strdup (g_ptr_array_index (words, i)));
      g_ptr_array_add (titles, g_strdup (g_ptr_array_index (words, i)));
    }
  dropdown = choice_dropdown (values, titles, NULL);
  g_object_set_data (G_OBJECT (dropdown), "gbacw-entry", entry);
  g_object_set_data (G_OBJECT (dropdown), "gbacw-append", GINT_TO_POINTER (append));
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (on_pick_selected), self);
  return dropdown;
}

/* The words a parameter's picker offers: its choices, ids of the order of battle (sides,
 * formations, units, leaders) or of the map's areas (areas, hexes); NULL when it has none. */
static GPtrArray *
param_words (const GbacwScenario            *scenario,
             const GbacwExclusiveParamInfo *info)
{
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);

  switch (info->kind)
    {
    case GBACW_EXCLUSIVE_VALUE_CHOICE:
    case GBACW_EXCLUSIVE_VALUE_CHOICES:
    case GBACW_EXCLUSIVE_VALUE_YES_NO:
      for (guint i = 0; info->choices && info->choices[i]; i++)
        g_ptr_array_add (words, g_strdup (info->choices[i]));
      break;
    case GBACW_EXCLUSIVE_VALUE_FORMATIONS:
      for (guint i = 0; i < scenario->oob.formations->len; i++)
        g_ptr_array_add (words, g_strdup (((GbacwFormation *) g_ptr_array_index (scenario->oob.formations, i))->id));
      break;
    case GBACW_EXCLUSIVE_VALUE_UNITS:
    case GBACW_EXCLUSIVE_VALUE_LEADERS:
      for (guint i = 0; i < scenario->oob.units->len; i++)
        {
          const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
          if ((u->type == GBACW_UNIT_LEADER) == (info->kind == GBACW_EXCLUSIVE_VALUE_LEADERS))
            g_ptr_array_add (words, g_strdup (u->id));
        }
      break;
    case GBACW_EXCLUSIVE_VALUE_SIDES:
      for (guint i = 0; i < scenario->oob.sides->len; i++)
        g_ptr_array_add (words, g_strdup (((GbacwSide *) g_ptr_array_index (scenario->oob.sides, i))->id));
      break;
    case GBACW_EXCLUSIVE_VALUE_AREA:
    case GBACW_EXCLUSIVE_VALUE_HEXES:
      /* hexes: an area's id stands for its hexes */
      for (guint i = 0; i < scenario->map->areas->len; i++)
        g_ptr_array_add (words, g_strdup (((GbacwArea *) g_ptr_array_index (scenario->map->areas, i))->id));
      break;
    case GBACW_EXCLUSIVE_VALUE_TEXT:
    default:
      break;
    }
  if (words->len == 0)
    g_clear_pointer (&words, g_ptr_array_unref);
  return words;
}

/* The validator's description of parameter name of rule (NAME.ID: its base), or FALSE. */
static gboolean
find_param_info (const char              *rule,
                 const char              *name,
                 GbacwExclusiveParamInfo *info)
{
  GbacwExclusiveParamInfo params[24];
  guint n = MIN (gbacw_exclusive_rule_params (rule, params, G_N_ELEMENTS (params)), G_N_ELEMENTS (params));

  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (params[i].name, name) == 0
        || (params[i].scoped && g_str_has_prefix (name, params[i].name) && name[strlen (params[i].name)] == '.'))
      {
        *info = params[i];
        return TRUE;
      }
  return FALSE;
}

static void
on_param_remove (GtkButton           *button,
                 GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_settings_set_exclusive_param (get_scenario (self), get_id (button),
                                                              g_object_get_data (G_OBJECT (button), KEY_NAME), NULL,
                                                              &error),
                    &error);
}

/* The "Add" button of a name = value line: the entries are its "name" and "value" data. */
static void
on_param_add (GtkButton           *button,
              GbacwSettingsDialog *self)
{
  GtkEditable *name = g_object_get_data (G_OBJECT (button), KEY_NAME);
  GtkEditable *value = g_object_get_data (G_OBJECT (button), KEY_VALUE);
  g_autoptr(GError) error = NULL;
  const char *rule = get_id (button);
  GbacwCommand *command;

  if (gtk_editable_get_text (name)[0] == '\0')
    {
      show_message (self, _("Give the name first"));
      return;
    }
  if (rule != NULL)
    command = gbacw_settings_set_exclusive_param (get_scenario (self), rule, gtk_editable_get_text (name),
                                                  gtk_editable_get_text (value), &error);
  else
    command = gbacw_settings_set_option (get_scenario (self), gtk_editable_get_text (name),
                                         gtk_editable_get_text (value), &error);
  apply_and_reload (self, command, &error);
}

static void
on_rule_add (GtkButton           *button,
             GbacwSettingsDialog *self)
{
  GtkEditable *name = g_object_get_data (G_OBJECT (button), KEY_NAME);
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_settings_set_exclusive_rule (get_scenario (self), gtk_editable_get_text (name), TRUE,
                                                             &error),
                    &error);
}

static void
on_option_changed (GtkEditable         *editable,
                   GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (self->loading)
    return;
  apply (self, gbacw_settings_set_option (get_scenario (self), get_id (editable), gtk_editable_get_text (editable),
                                          &error),
         &error);
}

static void
on_option_remove (GtkButton           *button,
                  GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_settings_set_option (get_scenario (self), get_id (button), NULL, &error), &error);
}

/* A line "name [value] [Add]" for a new parameter of rule (NULL: a rule option). */
static GtkWidget *
add_param_line (GbacwSettingsDialog *self,
                const char          *rule)
{
  GtkWidget *line = hbox ();
  GtkWidget *name = text_entry (NULL, _("name"));
  GtkWidget *value = text_entry (NULL, _("value"));
  GtkWidget *button = gtk_button_new_with_label (rule ? _("Add Parameter") : _("Add Option"));

  gtk_widget_set_hexpand (value, TRUE);
  gtk_box_append (GTK_BOX (line), name);
  if (rule != NULL)
    {
      /* the rule's parameters the scenario does not give yet */
      const GbacwExclusiveRule *r = NULL;
      GbacwExclusiveParamInfo params[24];
      guint n = MIN (gbacw_exclusive_rule_params (rule, params, G_N_ELEMENTS (params)), G_N_ELEMENTS (params));
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const GbacwScenario *scenario = get_scenario (self);
      for (guint i = 0; i < scenario->exclusive_rules->len; i++)
        if (g_strcmp0 (((GbacwExclusiveRule *) g_ptr_array_index (scenario->exclusive_rules, i))->id, rule) == 0)
          r = g_ptr_array_index (scenario->exclusive_rules, i);
      for (guint i = 0; i < n; i++)
        if (r == NULL || gbacw_exclusive_rule_get_param (r, params[i].name) == NULL)
          g_ptr_array_add (names, g_strdup (params[i].name));
      if (names->len > 0)
        {
          GtkWidget *pick = picker (names, _("Parameters…"), name, FALSE, self);
          g_autofree char *key = g_strdup_printf ("%s//pick", rule);
          gtk_widget_set_tooltip_text (pick, _("The parameters the engine knows for this rule"));
          gtk_box_append (GTK_BOX (line), pick);
          g_hash_table_insert (self->rule_widgets, g_steal_pointer (&key), pick);
        }
    }
  gtk_box_append (GTK_BOX (line), value);
  gtk_box_append (GTK_BOX (line), button);
  set_id (button, rule);
  g_object_set_data (G_OBJECT (button), KEY_NAME, name);
  g_object_set_data (G_OBJECT (button), KEY_VALUE, value);
  g_signal_connect (button, "clicked", G_CALLBACK (on_param_add), self);
  return line;
}

static GtkWidget *
value_line (GbacwSettingsDialog *self,
            const char          *id,
            const char          *name,
            const char          *value,
            GCallback            changed,
            GCallback            removed)
{
  GtkWidget *line = hbox (), *widget;

  widget = gtk_label_new (name);
  gtk_label_set_xalign (GTK_LABEL (widget), 0);
  gtk_label_set_width_chars (GTK_LABEL (widget), 16);
  gtk_box_append (GTK_BOX (line), widget);
  widget = text_entry (value, NULL);
  gtk_widget_set_hexpand (widget, TRUE);
  set_id (widget, id);
  g_object_set_data_full (G_OBJECT (widget), KEY_NAME, g_strdup (name), g_free);
  g_signal_connect (widget, "changed", changed, self);
  gtk_box_append (GTK_BOX (line), widget);
  widget = remove_button (_("Remove"));
  set_id (widget, id);
  g_object_set_data_full (G_OBJECT (widget), KEY_NAME, g_strdup (name), g_free);
  g_signal_connect (widget, "clicked", removed, self);
  gtk_box_append (GTK_BOX (line), widget);
  return line;
}

/* A hex clicked on the map goes into the picked parameter's list, or out of it if it was
 * there (the edits of one parameter merge: one undo step); picking goes on until Escape. */
static void
on_param_hex_picked (int      hex,
                     gpointer data)
{
  GbacwSettingsDialog *self = data;
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwHexGrid *grid = &scenario->map->grid;
  g_auto(GStrv) names = NULL;
  g_auto(GStrv) words = NULL;
  g_autofree char *label = NULL;
  g_autoptr(GString) value = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  const char *old = NULL;
  gboolean found = FALSE;

  if (hex < 0 || self->picking_param == NULL)
    {
      g_clear_pointer (&self->picking_param, g_free);
      return;
    }
  names = g_strsplit (self->picking_param, "\t", 2);
  if (self->picking_draws_area)
    {
      apply_and_reload (self, gbacw_settings_draw_exclusive_area (get_scenario (self), names[0], names[1], hex, NULL,
                                                                  &error),
                        &error);
      pick_next_param_hex (self);
      return;
    }
  for (guint i = 0; i < scenario->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (scenario->exclusive_rules, i);
      if (g_strcmp0 (rule->id, names[0]) == 0)
        old = gbacw_exclusive_rule_get_param (rule, names[1]);
    }
  label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, hex));
  words = g_strsplit_set (old ? old : "", " ,\t", -1);
  for (guint i = 0; words[i]; i++)
    {
      if (*words[i] == '\0')
        continue;
      if (g_str_equal (words[i], label))
        {
          found = TRUE;
          continue;
        }
      g_string_append_printf (value, "%s%s", value->len ? " " : "", words[i]);
    }
  if (!found)
    g_string_append_printf (value, "%s%s", value->len ? " " : "", label);
  apply_and_reload (self, gbacw_settings_set_exclusive_param (get_scenario (self), names[0], names[1], value->str,
                                                              &error),
                    &error);
  pick_next_param_hex (self);
}

static void
pick_next_param_hex (GbacwSettingsDialog *self)
{
  g_auto(GStrv) names = NULL;
  g_autofree char *prompt = NULL;

  if (self->picker == NULL || self->picking_param == NULL)
    return;
  names = g_strsplit (self->picking_param, "\t", 2);
  if (self->picking_draws_area)
    prompt = g_strdup_printf (_("Click the hexes of the area “%s” of the exclusive rule “%s” (a click on one of its "
                                "hexes takes it out)"), names[1], names[0]);
  else
    prompt = g_strdup_printf (_("Click the hexes of “%s” of the exclusive rule “%s” (a click on one listed takes it "
                                "out; Escape ends)"), names[1], names[0]);
  gbacw_deployment_controller_pick_hex (self->picker, prompt, on_param_hex_picked, g_object_ref (self),
                                        g_object_unref);
}

static void
on_param_pick (GtkButton           *button,
               GbacwSettingsDialog *self)
{
  g_free (self->picking_param);
  self->picking_param = g_strdup_printf ("%s\t%s", get_id (button),
                                         (const char *) g_object_get_data (G_OBJECT (button), KEY_NAME));
  self->picking_draws_area = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "gbacw-draws-area"));
  pick_next_param_hex (self);
  if (gtk_window_get_transient_for (GTK_WINDOW (self)) != NULL)
    gtk_window_present (gtk_window_get_transient_for (GTK_WINDOW (self)));
}

static void
load_rules (GbacwSettingsDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  GtkBox *box = self->rules_box;
  GtkWidget *line, *widget;

  remove_children (GTK_WIDGET (box));
  g_hash_table_remove_all (self->rule_widgets);
  gtk_box_append (box, heading (_("Exclusive rules")));
  for (guint i = 0; i < scenario->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (scenario->exclusive_rules, i);
      GtkWidget *frame = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

      const char *description = gbacw_exclusive_rule_description (rule->id);
      g_autofree char *about = NULL;

      gtk_widget_add_css_class (frame, "settings-rule");
      widget = gtk_check_button_new_with_label (rule->id);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), rule->enabled);
      gtk_widget_set_tooltip_text (widget, _("Whether the scenario uses this exclusive rule"));
      set_id (widget, rule->id);
      g_signal_connect (widget, "toggled", G_CALLBACK (on_rule_toggled), self);
      gtk_box_append (GTK_BOX (frame), widget);
      g_hash_table_insert (self->rule_widgets, g_strdup (rule->id), widget);
      /* its case and what it does, as the validator knows them */
      if (gbacw_exclusive_rule_known (rule->id))
        about = g_strdup_printf ("%s — %s", gbacw_exclusive_rule_cite (rule), description ? description : "");
      else
        about = g_strdup (_("Not a rule the engine knows yet: its parameters are not checked"));
      widget = gtk_label_new (about);
      gtk_label_set_xalign (GTK_LABEL (widget), 0);
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      gtk_widget_add_css_class (widget, "dim-label");
      gtk_widget_set_margin_start (widget, 24);
      gtk_box_append (GTK_BOX (frame), widget);
      for (guint k = 0; k < rule->params->len; k++)
        {
          const GbacwParam *param = g_ptr_array_index (rule->params, k);
          GbacwExclusiveParamInfo info;
          GtkWidget *entry;
          line = value_line (self, rule->id, param->name, param->value, G_CALLBACK (on_param_changed),
                             G_CALLBACK (on_param_remove));
          entry = gtk_widget_get_next_sibling (gtk_widget_get_first_child (line));
          validate_param (self, entry, rule->id, param->name);
          g_hash_table_insert (self->rule_widgets, g_strdup_printf ("%s/%s", rule->id, param->name), entry);
          if (find_param_info (rule->id, param->name, &info)
              && (info.kind == GBACW_EXCLUSIVE_VALUE_HEXES || info.kind == GBACW_EXCLUSIVE_VALUE_AREA))
            {
              /* hexes picked on the map, or an area drawn on it */
              gboolean area = info.kind == GBACW_EXCLUSIVE_VALUE_AREA;
              GtkWidget *pick = gtk_button_new_with_label (area ? _("Draw on Map") : _("Pick on Map"));
              gtk_widget_set_tooltip_text (pick, area ? _("Click hexes on the map to put them into the area or take "
                                                          "them out (a new area when none is named)")
                                                      : _("Click hexes on the map to add them to the list or take "
                                                          "them out"));
              gtk_widget_set_sensitive (pick, self->picker != NULL);
              set_id (pick, rule->id);
              g_object_set_data_full (G_OBJECT (pick), KEY_NAME, g_strdup (param->name), g_free);
              g_object_set_data (G_OBJECT (pick), "gbacw-draws-area", GINT_TO_POINTER (area));
              g_signal_connect (pick, "clicked", G_CALLBACK (on_param_pick), self);
              gtk_widget_insert_after (pick, line, entry);
              g_hash_table_insert (self->rule_widgets, g_strdup_printf ("%s/%s/pick", rule->id, param->name), pick);
            }
          if (find_param_info (rule->id, param->name, &info))
            {
              g_autoptr(GPtrArray) words = param_words (scenario, &info);
              if (words != NULL)
                {
                  gboolean append = info.kind != GBACW_EXCLUSIVE_VALUE_CHOICE && info.kind != GBACW_EXCLUSIVE_VALUE_YES_NO
                                    && info.kind != GBACW_EXCLUSIVE_VALUE_AREA;
                  GtkWidget *pick = picker (words, append ? _("Add…") : _("Choose…"), entry, append, self);
                  gtk_widget_insert_after (pick, line, entry);
                  /* areas and hexes: "RULE/NAME/choose", beside their button for the map */
                  gboolean on_map = info.kind == GBACW_EXCLUSIVE_VALUE_AREA || info.kind == GBACW_EXCLUSIVE_VALUE_HEXES;
                  g_hash_table_insert (self->rule_widgets,
                                       g_strdup_printf (on_map ? "%s/%s/choose" : "%s/%s/pick", rule->id, param->name),
                                       pick);
                }
            }
          gtk_widget_set_margin_start (line, 24);
          gtk_box_append (GTK_BOX (frame), line);
        }
      line = add_param_line (self, rule->id);
      gtk_widget_set_margin_start (line, 24);
      gtk_box_append (GTK_BOX (frame), line);
      gtk_box_append (box, frame);
    }
  line = hbox ();
  widget = text_entry (NULL, _("rule id, e.g. J-30"));
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_box_append (GTK_BOX (line), widget);
  {
    GtkWidget *button = gtk_button_new_with_label (_("Add Exclusive Rule"));
    g_object_set_data (G_OBJECT (button), KEY_NAME, widget);
    g_signal_connect (button, "clicked", G_CALLBACK (on_rule_add), self);
    gtk_box_append (GTK_BOX (line), button);
  }
  gtk_box_append (box, line);

  gtk_box_append (box, heading (_("Rule options")));
  for (guint i = 0; i < scenario->options->len; i++)
    {
      const GbacwParam *option = g_ptr_array_index (scenario->options, i);
      gtk_box_append (box, value_line (self, option->name, option->name, option->value,
                                       G_CALLBACK (on_option_changed), G_CALLBACK (on_option_remove)));
    }
  gtk_box_append (box, add_param_line (self, NULL));
}

/* ---------------------------------------------------------------- victory page */

static const GbacwVpAward *
find_award (const GbacwScenario *scenario,
            const char          *id)
{
  for (guint i = 0; i < scenario->vp_awards->len; i++)
    {
      const GbacwVpAward *a = g_ptr_array_index (scenario->vp_awards, i);
      if (g_strcmp0 (a->id, id) == 0)
        return a;
    }
  return NULL;
}

/* Sets one part of an award, named by the widget's "name" data. */
static void
change_award (GbacwSettingsDialog *self,
              GtkWidget           *widget)
{
  GbacwScenario *scenario = get_scenario (self);
  const GbacwVpAward *old = find_award (scenario, get_id (widget));
  const char *part = g_object_get_data (G_OBJECT (widget), KEY_NAME);
  g_autoptr(GError) error = NULL;
  GbacwVpAward award;

  if (self->loading || old == NULL)
    return;
  award = *old;
  if (g_str_equal (part, "side"))
    award.side = (char *) dropdown_value (GTK_DROP_DOWN (widget));
  else if (g_str_equal (part, "event"))
    award.event = gbacw_vp_event_from_string (dropdown_value (GTK_DROP_DOWN (widget)));
  else if (g_str_equal (part, "area"))
    award.area = (char *) dropdown_value (GTK_DROP_DOWN (widget));
  else if (g_str_equal (part, "vp"))
    award.vp = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
  else if (g_str_equal (part, "each-turn"))
    award.each_turn = gtk_check_button_get_active (GTK_CHECK_BUTTON (widget));
  else if (g_str_equal (part, "how"))
    award.how = MAX (gbacw_vp_how_from_string (dropdown_value (GTK_DROP_DOWN (widget))), GBACW_VP_HOW_ANY);
  else if (g_str_equal (part, "unit-type"))
    award.unit_type = (char *) dropdown_value (GTK_DROP_DOWN (widget));
  else if (g_str_equal (part, "role"))
    award.role = (char *) dropdown_value (GTK_DROP_DOWN (widget));
  else if (g_str_equal (part, "text"))
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (widget));
      award.text = text[0] ? (char *) text : NULL;
      if (g_strcmp0 (award.text, old->text) == 0)
        return;
    }
  apply (self, gbacw_victory_set_award (scenario, award.id, &award, &error), &error);
}

static void
on_award_notify (GtkWidget           *widget,
                 GParamSpec          *pspec,
                 GbacwSettingsDialog *self)
{
  change_award (self, widget);
}

static void
on_award_signal (GtkWidget           *widget,
                 GbacwSettingsDialog *self)
{
  change_award (self, widget);
}

static void
commit_award_text (GtkWidget           *widget,
                   GbacwSettingsDialog *self)
{
  change_award (self, widget);
}

static void
on_award_remove (GtkButton           *button,
                 GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_victory_remove_award (get_scenario (self), get_id (button), &error), &error);
}

static void
on_award_add (GtkButton           *button,
              GbacwSettingsDialog *self)
{
  GbacwVpAward award = { NULL, (char *) "both", GBACW_VP_OBJECTIVE, NULL, 1, FALSE, NULL };
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_victory_add_award (get_scenario (self), &award, NULL, &error), &error);
}

static GtkWidget *
tagged (GtkWidget  *widget,
        const char *id,
        const char *part)
{
  set_id (widget, id);
  g_object_set_data (G_OBJECT (widget), KEY_NAME, (gpointer) part);
  return widget;
}

/* Whether an award of event is defined. */
static gboolean
has_award (const GbacwScenario *scenario,
           GbacwVpEvent         event)
{
  for (guint i = 0; i < scenario->vp_awards->len; i++)
    if (((GbacwVpAward *) g_ptr_array_index (scenario->vp_awards, i))->event == event)
      return TRUE;
  return FALSE;
}

/* Adds the awards that count the units' and leaders' own Victory Points, for both sides. */
static void
on_unit_vp_award_add (GtkButton           *button,
                      GbacwSettingsDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  GbacwVpAward units = { NULL, (char *) "both", GBACW_VP_UNIT_VP, NULL, GBACW_UNSET, FALSE, NULL };
  /* a leader without a VP of his own scores the award's: none */
  GbacwVpAward leaders = { NULL, (char *) "both", GBACW_VP_LEADER_LOST, NULL, 0, FALSE, NULL };
  g_autoptr(GError) error = NULL;

  if (!has_award (scenario, GBACW_VP_UNIT_VP)
      && !apply (self, gbacw_victory_add_award (get_scenario (self), &units, NULL, &error), &error))
    return;
  if (!has_award (scenario, GBACW_VP_LEADER_LOST)
      && !apply (self, gbacw_victory_add_award (get_scenario (self), &leaders, NULL, &error), &error))
    return;
  load (self);
}

/* The units' own Victory Points count only through a "unit-vp" award, the leaders' through
 * a "leader-lost" one: say so when they are entered and nothing counts them (games then
 * score nothing for them). */
static void
add_unit_vp_notice (GbacwSettingsDialog *self,
                    GtkBox              *box)
{
  const GbacwScenario *scenario = get_scenario (self);
  gboolean units_counted = has_award (scenario, GBACW_VP_UNIT_VP);
  gboolean leaders_counted = has_award (scenario, GBACW_VP_LEADER_LOST);
  GtkWidget *notice, *label, *button;
  guint n = 0;

  for (guint i = 0; i < scenario->oob.units->len; i++)
    {
      const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
      if (u->vp != GBACW_UNSET && !(u->type == GBACW_UNIT_LEADER ? leaders_counted : units_counted))
        n++;
    }
  if (n == 0)
    return;
  notice = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_add_css_class (notice, "settings-notice");
  label = gtk_label_new (NULL);
  {
    /* TRANSLATORS: the Victory page's notice when units have VP values but no award uses them */
    g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "%u unit or leader has Victory Points entered, but no "
                                                          "award counts them: losing it scores nothing.",
                                                          "%u units and leaders have Victory Points entered, but "
                                                          "no award counts them: losing them scores nothing.", n), n);
    gtk_label_set_text (GTK_LABEL (label), text);
  }
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (notice), gtk_image_new_from_icon_name ("dialog-warning-symbolic"));
  gtk_box_append (GTK_BOX (notice), label);
  button = gtk_button_new_with_mnemonic (_("_Count Them"));
  gtk_widget_set_tooltip_text (button, _("Add the awards that give each side the Victory Points of the enemy units "
                                         "and leaders it eliminates or captures (P 34.11)"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_signal_connect (button, "clicked", G_CALLBACK (on_unit_vp_award_add), self);
  gtk_box_append (GTK_BOX (notice), button);
  g_object_set_data (G_OBJECT (notice), "gbacw-unit-vp-notice", GINT_TO_POINTER (1));
  gtk_box_append (box, notice);
}

/* One of an award's qualifiers (P 34.11 prices losses by how they happened): a dropdown of
 * n values and their titles, the first value meaning any. */
static GtkWidget *
award_qualifier (GbacwSettingsDialog *self,
                 const GbacwVpAward  *award,
                 const char          *part,
                 const char *const   *values,
                 const char *const   *titles,
                 guint                n,
                 const char          *selected)
{
  g_autoptr(GPtrArray) value_list = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) title_list = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *widget;

  for (guint i = 0; i < n; i++)
    {
      g_ptr_array_add (value_list, g_strdup (values[i]));
      g_ptr_array_add (title_list, g_strdup (_(titles[i])));
    }
  widget = tagged (choice_dropdown (value_list, title_list, selected), award->id, part);
  g_signal_connect (widget, "notify::selected", G_CALLBACK (on_award_notify), self);
  return widget;
}

/* The qualifiers the award's event reads: how the loss happened, for SP, units and leaders;
 * the unit type for SP and units; the leader's role for leaders. */
static void
add_award_qualifiers (GbacwSettingsDialog *self,
                      const GbacwVpAward  *award,
                      GtkWidget           *line)
{
  static const char *const hows[] = { NULL, "eliminated", "captured", "wounded", "killed" };
  static const char *const how_titles[] = { N_("Any loss"), N_("Eliminated"), N_("Captured"), N_("Wounded"), N_("Killed") };
  static const char *const types[] = { NULL, "infantry", "cavalry", "artillery", "wagon" };
  static const char *const type_titles[] = { N_("Any unit"), N_("Infantry"), N_("Cavalry"), N_("Artillery"),
                                             N_("Supply wagons (their guards for SP)") };
  static const char *const roles[] = { NULL, "army", "corps", "division", "brigade" };
  static const char *const role_titles[] = { N_("Any leader"), N_("Army commander"), N_("Corps commander"),
                                             N_("Division commander"), N_("Brigade commander") };
  gboolean units = award->event == GBACW_VP_ENEMY_SP_LOST || award->event == GBACW_VP_UNIT_VP;
  gboolean leaders = award->event == GBACW_VP_LEADER_LOST;
  const char *how = award->how == GBACW_VP_HOW_ANY ? NULL : gbacw_vp_how_to_string (award->how);

  /* SP and units are eliminated or captured (a file's "wounded" or "killed" stays shown) */
  if (units || leaders)
    gtk_box_append (GTK_BOX (line), award_qualifier (self, award, "how", hows, how_titles,
                                                     units && award->how <= GBACW_VP_HOW_CAPTURED ? 3 : G_N_ELEMENTS (hows),
                                                     how));
  if (units)
    gtk_box_append (GTK_BOX (line), award_qualifier (self, award, "unit-type", types, type_titles,
                                                     G_N_ELEMENTS (types), award->unit_type));
  if (leaders)
    gtk_box_append (GTK_BOX (line), award_qualifier (self, award, "role", roles, role_titles,
                                                     G_N_ELEMENTS (roles), award->role));
}

static void
load_awards (GbacwSettingsDialog *self,
             GtkBox              *box)
{
  const GbacwScenario *scenario = get_scenario (self);

  gtk_box_append (box, heading (_("Victory Points")));
  add_unit_vp_notice (self, box);
  for (guint i = 0; i < scenario->vp_awards->len; i++)
    {
      const GbacwVpAward *a = g_ptr_array_index (scenario->vp_awards, i);
      GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *line = hbox (), *widget;
      g_autoptr(GPtrArray) sides = NULL;
      g_autoptr(GPtrArray) side_titles = NULL;
      g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) event_titles = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) areas = NULL;
      g_autoptr(GPtrArray) area_titles = NULL;
      static const char *const event_names[] = {
        N_("Holds an objective"), N_("Enemy SP lost"), N_("Enemy leader lost"), N_("Enemy brigade wrecked (BCE)"),
        N_("Unit exits the map"), N_("Enemy unit lost (its own VP)"), N_("Other (see text)"),
      };

      gtk_widget_add_css_class (outer, "settings-award");
      side_choices (scenario, "both", _("Both sides"), &sides, &side_titles);
      widget = tagged (choice_dropdown (sides, side_titles, a->side), a->id, "side");
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_award_notify), self);
      gtk_box_append (GTK_BOX (line), widget);

      for (int e = GBACW_VP_OBJECTIVE; e <= GBACW_VP_CUSTOM; e++)
        {
          g_ptr_array_add (events, g_strdup (gbacw_vp_event_to_string (e)));
          g_ptr_array_add (event_titles, g_strdup (_(event_names[e])));
        }
      widget = tagged (choice_dropdown (events, event_titles, gbacw_vp_event_to_string (a->event)), a->id, "event");
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_award_notify), self);
      gtk_box_append (GTK_BOX (line), widget);

      area_choices (scenario, &areas, &area_titles);
      widget = tagged (choice_dropdown (areas, area_titles, a->area), a->id, "area");
      gtk_widget_set_hexpand (widget, TRUE);
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_award_notify), self);
      gtk_box_append (GTK_BOX (line), widget);
      widget = remove_button (_("Remove this award"));
      set_id (widget, a->id);
      g_signal_connect (widget, "clicked", G_CALLBACK (on_award_remove), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (outer), line);

      line = hbox ();
      gtk_box_append (GTK_BOX (line), gtk_label_new (_("VP")));
      if (a->vp == GBACW_UNSET)
        {
          /* BCE losses: each formation's own VP (bce-vp); units lost: each unit's own (vp). */
          widget = gtk_label_new (a->event == GBACW_VP_UNIT_VP ? _("each unit’s own") : _("each formation’s own"));
          gtk_widget_add_css_class (widget, "dim-label");
        }
      else
        {
          widget = tagged (gtk_spin_button_new_with_range (-9999, 9999, 1), a->id, "vp");
          gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), a->vp);
          gtk_widget_set_tooltip_text (widget, _("Victory Points"));
          g_signal_connect (widget, "value-changed", G_CALLBACK (on_award_signal), self);
        }
      gtk_box_append (GTK_BOX (line), widget);
      add_award_qualifiers (self, a, line);
      widget = tagged (gtk_check_button_new_with_label (_("Each turn")), a->id, "each-turn");
      gtk_check_button_set_active (GTK_CHECK_BUTTON (widget), a->each_turn);
      g_signal_connect (widget, "toggled", G_CALLBACK (on_award_signal), self);
      gtk_box_append (GTK_BOX (line), widget);
      widget = tagged (text_entry (a->text, _("As the rules say it")), a->id, "text");
      gtk_widget_set_hexpand (widget, TRUE);
      connect_commit (self, widget, commit_award_text);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (outer), line);
      gtk_box_append (box, outer);
    }
  {
    GtkWidget *button = gtk_button_new_with_label (_("Add VP Award"));
    gtk_widget_set_halign (button, GTK_ALIGN_START);
    g_signal_connect (button, "clicked", G_CALLBACK (on_award_add), self);
    gtk_box_append (box, button);
  }
}

/* Objectives: areas of kind objective, their hexes picked on the map. */

gboolean
gbacw_settings_dialog_toggle_objective_hex (GbacwSettingsDialog *self,
                                            const char          *area_id,
                                            int                  hex)
{
  GbacwScenario *scenario;
  const GbacwArea *area;
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean found = FALSE;

  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), FALSE);

  scenario = get_scenario (self);
  area = scenario ? gbacw_map_find_area (scenario->map, area_id) : NULL;
  if (area == NULL)
    return FALSE;
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < area->hexes->len; i++)
    {
      int h = g_array_index (area->hexes, int, i);
      if (h == hex)
        found = TRUE;
      else
        g_array_append_val (hexes, h);
    }
  if (!found)
    g_array_append_val (hexes, hex);
  if (!apply (self, gbacw_victory_set_objective_hexes (scenario, area_id, (const int *) (gpointer) hexes->data,
                                                       hexes->len, &error),
              &error))
    return FALSE;
  load (self);
  return TRUE;
}

static void
on_objective_hex_picked (int      hex,
                         gpointer data)
{
  GbacwSettingsDialog *self = data;

  if (hex < 0 || self->picking_area == NULL)
    {
      g_clear_pointer (&self->picking_area, g_free);
      return;
    }
  gbacw_settings_dialog_toggle_objective_hex (self, self->picking_area, hex);
  /* Keep picking until Escape. */
  pick_next_objective_hex (self);
}

static void
pick_next_objective_hex (GbacwSettingsDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwArea *area = self->picking_area ? gbacw_map_find_area (scenario->map, self->picking_area) : NULL;
  g_autofree char *prompt = NULL;

  if (self->picker == NULL || area == NULL)
    return;
  prompt = g_strdup_printf (_("Click the hexes of objective “%s” (a click on one of its hexes takes it out)"),
                            area->name ? area->name : area->id);
  gbacw_deployment_controller_pick_hex (self->picker, prompt, on_objective_hex_picked, g_object_ref (self),
                                        g_object_unref);
}

static void
on_objective_pick (GtkButton           *button,
                   GbacwSettingsDialog *self)
{
  g_free (self->picking_area);
  self->picking_area = g_strdup (get_id (button));
  pick_next_objective_hex (self);
  if (gtk_window_get_transient_for (GTK_WINDOW (self)) != NULL)
    gtk_window_present (gtk_window_get_transient_for (GTK_WINDOW (self)));
}

static void
on_objective_add (GtkButton           *button,
                  GbacwSettingsDialog *self)
{
  GbacwScenario *scenario = get_scenario (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = g_strdup_printf (_("Objective %u"), scenario->map->areas->len + 1);

  if (!apply (self, gbacw_victory_add_objective (scenario, name, NULL, GBACW_UNSET, NULL, 0, &id, &error), &error))
    return;
  load (self);
  g_free (self->picking_area);
  self->picking_area = g_steal_pointer (&id);
  pick_next_objective_hex (self);
}

/* Area id renamed: the area choices of the awards and automatic victories show the new
 * name, their selections kept (the rows are not rebuilt, so that the focus stays). */
static void
rename_area_choices (GbacwSettingsDialog *self,
                     GtkWidget           *widget,
                     const char          *id,
                     const char          *name)
{
  GPtrArray *values = g_object_get_data (G_OBJECT (widget), KEY_VALUE);

  if (GTK_IS_DROP_DOWN (widget) && values != NULL
      && g_strcmp0 (g_object_get_data (G_OBJECT (widget), KEY_NAME), "area") == 0
      && GTK_IS_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))))
    for (guint k = 0; k < values->len; k++)
      if (g_strcmp0 (g_ptr_array_index (values, k), id) == 0)
        {
          const char *title[] = { name, NULL };
          guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));
          gboolean loading = self->loading;

          self->loading = TRUE;
          gtk_string_list_splice (GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))), k, 1, title);
          gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), selected);
          self->loading = loading;
        }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    rename_area_choices (self, child, id, name);
}

/* Name, side and VP of an objective, named by the widget's "name" data. */
static void
change_objective (GbacwSettingsDialog *self,
                  GtkWidget           *widget)
{
  GbacwScenario *scenario = get_scenario (self);
  const char *id = get_id (widget);
  const char *part = g_object_get_data (G_OBJECT (widget), KEY_NAME);
  const GbacwArea *area = gbacw_map_find_area (scenario->map, id);
  g_autoptr(GError) error = NULL;
  const char *side;
  int vp;

  if (self->loading || area == NULL)
    return;
  side = area->side;
  vp = area->vp;
  if (g_str_equal (part, "objective-name"))
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (widget));
      if (g_strcmp0 (text, area->name) == 0)
        return;
      if (apply (self, gbacw_map_edit_rename_area (scenario, id, text, &error), &error)
          && (area = gbacw_map_find_area (scenario->map, id)) != NULL)
        rename_area_choices (self, GTK_WIDGET (self->victory_box), id, area->name);
      return;
    }
  if (g_str_equal (part, "objective-side"))
    side = dropdown_value (GTK_DROP_DOWN (widget));
  else if (g_str_equal (part, "objective-vp"))
    {
      vp = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
      /* 0 is shown for none; an objective worth 0 VP in the file stays so. */
      if (vp == 0 && area->vp != 0)
        vp = GBACW_UNSET;
    }
  if (g_strcmp0 (side, area->side) == 0 && vp == area->vp)
    return;
  apply (self, gbacw_victory_set_objective (scenario, id, side, vp, &error), &error);
}

static void
on_objective_notify (GtkWidget           *widget,
                     GParamSpec          *pspec,
                     GbacwSettingsDialog *self)
{
  change_objective (self, widget);
}

static void
on_objective_signal (GtkWidget           *widget,
                     GbacwSettingsDialog *self)
{
  change_objective (self, widget);
}

static void
commit_objective_name (GtkWidget           *widget,
                       GbacwSettingsDialog *self)
{
  change_objective (self, widget);
}

static void
on_objective_remove (GtkButton           *button,
                     GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (self->picking_area, get_id (button)) == 0)
    g_clear_pointer (&self->picking_area, g_free);
  apply_and_reload (self, gbacw_map_edit_remove_area (get_scenario (self), get_id (button), &error), &error);
}

static GtkWidget *
find_tagged (GtkWidget  *widget,
             const char *id,
             const char *part)
{
  if (g_strcmp0 (get_id (widget), id) == 0 && g_strcmp0 (g_object_get_data (G_OBJECT (widget), KEY_NAME), part) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tagged (child, id, part);
      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
gbacw_settings_dialog_get_objective_widget (GbacwSettingsDialog *self,
                                            const char          *area,
                                            const char          *part)
{
  g_autofree char *tag = NULL;

  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  g_return_val_if_fail (area != NULL && part != NULL, NULL);
  tag = g_strconcat ("objective-", part, NULL);
  return find_tagged (GTK_WIDGET (self->victory_box), area, tag);
}

GtkWidget *
gbacw_settings_dialog_get_award_widget (GbacwSettingsDialog *self,
                                        const char          *award,
                                        const char          *part)
{
  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  g_return_val_if_fail (award != NULL && part != NULL, NULL);
  return find_tagged (GTK_WIDGET (self->victory_box), award, part);
}

static void
load_objectives (GbacwSettingsDialog *self,
                 GtkBox              *box)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwHexGrid *grid = &scenario->map->grid;

  gtk_box_append (box, heading (_("Objective hexes")));
  for (guint i = 0; i < scenario->map->areas->len; i++)
    {
      const GbacwArea *area = g_ptr_array_index (scenario->map->areas, i);
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GPtrArray) sides = NULL;
      g_autoptr(GPtrArray) side_titles = NULL;
      GtkWidget *outer, *line, *widget;

      if (area->kind != GBACW_AREA_OBJECTIVE)
        continue;
      outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      gtk_widget_add_css_class (outer, "settings-objective");
      line = hbox ();
      widget = tagged (text_entry (area->name, _("Name of the objective")), area->id, "objective-name");
      gtk_widget_set_hexpand (widget, TRUE);
      connect_commit (self, widget, commit_objective_name);
      gtk_box_append (GTK_BOX (line), widget);
      side_choices (scenario, NULL, _("Either side"), &sides, &side_titles);
      widget = tagged (choice_dropdown (sides, side_titles, area->side), area->id, "objective-side");
      gtk_widget_set_tooltip_text (widget, _("The side the objective counts for"));
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_objective_notify), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (line), gtk_label_new (_("VP")));
      widget = tagged (gtk_spin_button_new_with_range (-9999, 9999, 1), area->id, "objective-vp");
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), area->vp == GBACW_UNSET ? 0 : area->vp);
      gtk_widget_set_tooltip_text (widget, _("Victory Points for holding it (0 for none)"));
      g_signal_connect (widget, "value-changed", G_CALLBACK (on_objective_signal), self);
      gtk_box_append (GTK_BOX (line), widget);
      widget = tagged (remove_button (_("Remove this objective")), area->id, "objective-remove");
      g_signal_connect (widget, "clicked", G_CALLBACK (on_objective_remove), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (outer), line);

      if (area->hexes->len == 0)
        g_string_append (text, _("no hexes yet"));
      for (guint k = 0; k < area->hexes->len; k++)
        {
          g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid,
                                                                                             g_array_index (area->hexes,
                                                                                                            int, k)));
          g_string_append_printf (text, k ? " %s" : "%s", label);
        }
      line = hbox ();
      widget = gtk_label_new (text->str);
      gtk_label_set_xalign (GTK_LABEL (widget), 0);
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      gtk_widget_set_hexpand (widget, TRUE);
      gtk_box_append (GTK_BOX (line), widget);
      widget = gtk_button_new_with_label (_("Pick Hexes on the Map"));
      gtk_widget_set_sensitive (widget, self->picker != NULL);
      set_id (widget, area->id);
      g_signal_connect (widget, "clicked", G_CALLBACK (on_objective_pick), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (outer), line);
      gtk_box_append (box, outer);
    }
  {
    GtkWidget *button = gtk_button_new_with_label (_("Add Objective"));
    gtk_widget_set_halign (button, GTK_ALIGN_START);
    g_signal_connect (button, "clicked", G_CALLBACK (on_objective_add), self);
    gtk_box_append (box, button);
  }
}

/* Levels of victory and automatic victory: by index. */

static void
change_level (GbacwSettingsDialog *self,
              GtkWidget           *widget)
{
  GbacwScenario *scenario = get_scenario (self);
  guint index = get_index (widget);
  const char *part = g_object_get_data (G_OBJECT (widget), KEY_NAME);
  g_autoptr(GError) error = NULL;
  const GbacwVictoryLevel *old;
  GbacwVictoryLevel level;

  if (self->loading || index >= scenario->victory_levels->len)
    return;
  old = g_ptr_array_index (scenario->victory_levels, index);
  level = *old;
  if (g_str_equal (part, "name"))
    {
      level.name = (char *) gtk_editable_get_text (GTK_EDITABLE (widget));
      if (g_strcmp0 (level.name, old->name) == 0)
        return;
    }
  else if (g_str_equal (part, "side"))
    level.side = (char *) dropdown_value (GTK_DROP_DOWN (widget));
  else if (g_str_equal (part, "min"))
    level.min = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
  apply (self, gbacw_victory_set_level (scenario, index, &level, &error), &error);
}

static void
change_automatic (GbacwSettingsDialog *self,
                  GtkWidget           *widget)
{
  GbacwScenario *scenario = get_scenario (self);
  guint index = get_index (widget);
  const char *part = g_object_get_data (G_OBJECT (widget), KEY_NAME);
  g_autoptr(GError) error = NULL;
  const GbacwAutomaticVictory *old;
  GbacwAutomaticVictory automatic;

  if (self->loading || index >= scenario->automatic_victories->len)
    return;
  old = g_ptr_array_index (scenario->automatic_victories, index);
  automatic = *old;
  if (g_str_equal (part, "text"))
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (widget));
      automatic.text = text[0] ? (char *) text : NULL;
      if (g_strcmp0 (automatic.text, old->text) == 0)
        return;
    }
  else if (g_str_equal (part, "side"))
    automatic.side = (char *) dropdown_value (GTK_DROP_DOWN (widget));
  else if (g_str_equal (part, "area"))
    automatic.area = (char *) dropdown_value (GTK_DROP_DOWN (widget));
  else if (g_str_equal (part, "turn"))
    {
      int turn = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (widget));
      automatic.turn = turn > 0 ? turn : GBACW_UNSET;
    }
  apply (self, gbacw_victory_set_automatic (scenario, index, &automatic, &error), &error);
}

static void
commit_level (GtkWidget           *widget,
              GbacwSettingsDialog *self)
{
  change_level (self, widget);
}

static void
commit_automatic (GtkWidget           *widget,
                  GbacwSettingsDialog *self)
{
  change_automatic (self, widget);
}

static void
on_level_notify (GtkWidget           *widget,
                 GParamSpec          *pspec,
                 GbacwSettingsDialog *self)
{
  change_level (self, widget);
}

static void
on_level_value (GtkWidget           *widget,
                GbacwSettingsDialog *self)
{
  change_level (self, widget);
}

static void
on_automatic_notify (GtkWidget           *widget,
                     GParamSpec          *pspec,
                     GbacwSettingsDialog *self)
{
  change_automatic (self, widget);
}

static void
on_automatic_value (GtkWidget           *widget,
                    GbacwSettingsDialog *self)
{
  change_automatic (self, widget);
}

static void
on_level_remove (GtkButton           *button,
                 GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_victory_remove_level (get_scenario (self), get_index (button), &error), &error);
}

static void
on_automatic_remove (GtkButton           *button,
                     GbacwSettingsDialog *self)
{
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_victory_remove_automatic (get_scenario (self), get_index (button), &error), &error);
}

static const char *
first_side (const GbacwScenario *scenario)
{
  return scenario->oob.sides->len > 0 ? ((GbacwSide *) g_ptr_array_index (scenario->oob.sides, 0))->id : NULL;
}

static void
on_level_add (GtkButton           *button,
              GbacwSettingsDialog *self)
{
  GbacwScenario *scenario = get_scenario (self);
  GbacwVictoryLevel level = { (char *) _("Marginal victory"), (char *) first_side (scenario), 1 };
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_victory_add_level (scenario, &level, &error), &error);
}

static void
on_automatic_add (GtkButton           *button,
                  GbacwSettingsDialog *self)
{
  GbacwScenario *scenario = get_scenario (self);
  GbacwAutomaticVictory automatic = { (char *) first_side (scenario), NULL, GBACW_UNSET, NULL };
  g_autoptr(GError) error = NULL;

  apply_and_reload (self, gbacw_victory_add_automatic (scenario, &automatic, &error), &error);
}

static GtkWidget *
indexed (GtkWidget  *widget,
         guint       index,
         const char *part)
{
  set_index (widget, index);
  g_object_set_data (G_OBJECT (widget), KEY_NAME, (gpointer) part);
  return widget;
}

static void
load_levels (GbacwSettingsDialog *self,
             GtkBox              *box)
{
  const GbacwScenario *scenario = get_scenario (self);

  gtk_box_append (box, heading (_("Levels of victory")));
  for (guint i = 0; i < scenario->victory_levels->len; i++)
    {
      const GbacwVictoryLevel *level = g_ptr_array_index (scenario->victory_levels, i);
      GtkWidget *line = hbox (), *widget;
      g_autoptr(GPtrArray) sides = NULL;
      g_autoptr(GPtrArray) titles = NULL;

      widget = indexed (text_entry (level->name, _("e.g. Decisive victory")), i, "name");
      gtk_widget_set_hexpand (widget, TRUE);
      connect_commit (self, widget, commit_level);
      gtk_box_append (GTK_BOX (line), widget);
      side_choices (scenario, NULL, _("— either side —"), &sides, &titles);
      widget = indexed (choice_dropdown (sides, titles, level->side), i, "side");
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_level_notify), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (line), gtk_label_new (_("leads by")));
      widget = indexed (gtk_spin_button_new_with_range (-9999, 9999, 1), i, "min");
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), level->min);
      gtk_widget_set_tooltip_text (widget, _("The least VP difference (the side’s VP minus the other’s)"));
      g_signal_connect (widget, "value-changed", G_CALLBACK (on_level_value), self);
      gtk_box_append (GTK_BOX (line), widget);
      widget = indexed (remove_button (_("Remove this level")), i, "remove");
      g_signal_connect (widget, "clicked", G_CALLBACK (on_level_remove), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (box, line);
    }
  {
    GtkWidget *button = gtk_button_new_with_label (_("Add Level"));
    gtk_widget_set_halign (button, GTK_ALIGN_START);
    g_signal_connect (button, "clicked", G_CALLBACK (on_level_add), self);
    gtk_box_append (box, button);
  }

  gtk_box_append (box, heading (_("Automatic victory")));
  for (guint i = 0; i < scenario->automatic_victories->len; i++)
    {
      const GbacwAutomaticVictory *automatic = g_ptr_array_index (scenario->automatic_victories, i);
      GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      GtkWidget *line = hbox (), *widget;
      g_autoptr(GPtrArray) sides = NULL;
      g_autoptr(GPtrArray) side_titles = NULL;
      g_autoptr(GPtrArray) areas = NULL;
      g_autoptr(GPtrArray) area_titles = NULL;

      side_choices (scenario, NULL, _("— either side —"), &sides, &side_titles);
      widget = indexed (choice_dropdown (sides, side_titles, automatic->side), i, "side");
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_automatic_notify), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (line), gtk_label_new (_("holds")));
      area_choices (scenario, &areas, &area_titles);
      widget = indexed (choice_dropdown (areas, area_titles, automatic->area), i, "area");
      gtk_widget_set_hexpand (widget, TRUE);
      g_signal_connect (widget, "notify::selected", G_CALLBACK (on_automatic_notify), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (line), gtk_label_new (_("on turn")));
      widget = indexed (gtk_spin_button_new_with_range (0, 999, 1), i, "turn");
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), automatic->turn == GBACW_UNSET ? 0 : automatic->turn);
      gtk_widget_set_tooltip_text (widget, _("0: at any time"));
      g_signal_connect (widget, "value-changed", G_CALLBACK (on_automatic_value), self);
      gtk_box_append (GTK_BOX (line), widget);
      widget = indexed (remove_button (_("Remove this condition")), i, "remove");
      g_signal_connect (widget, "clicked", G_CALLBACK (on_automatic_remove), self);
      gtk_box_append (GTK_BOX (line), widget);
      gtk_box_append (GTK_BOX (outer), line);
      widget = indexed (text_entry (automatic->text, _("The condition as the rules say it")), i, "text");
      connect_commit (self, widget, commit_automatic);
      gtk_box_append (GTK_BOX (outer), widget);
      gtk_box_append (box, outer);
    }
  {
    GtkWidget *button = gtk_button_new_with_label (_("Add Automatic Victory"));
    gtk_widget_set_halign (button, GTK_ALIGN_START);
    g_signal_connect (button, "clicked", G_CALLBACK (on_automatic_add), self);
    gtk_box_append (box, button);
  }
}

/* ---------------------------------------------------------------- loading */

static void
load (GbacwSettingsDialog *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwScenarioInfo *info;
  GtkTextBuffer *buffer;

  if (self->document == NULL)
    return;
  self->loading = TRUE;
  info = &scenario->info;
  if (g_strcmp0 (gtk_editable_get_text (self->title_entry), info->title ? info->title : "") != 0)
    gtk_editable_set_text (self->title_entry, info->title ? info->title : "");
  if (g_strcmp0 (gtk_editable_get_text (self->game_entry), info->game ? info->game : "") != 0)
    gtk_editable_set_text (self->game_entry, info->game ? info->game : "");
  buffer = gtk_text_view_get_buffer (self->description_view);
  {
    GtkTextIter start, end;
    g_autofree char *text = NULL;
    gtk_text_buffer_get_bounds (buffer, &start, &end);
    text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    if (g_strcmp0 (text, info->description ? info->description : "") != 0)
      gtk_text_buffer_set_text (buffer, info->description ? info->description : "", -1);
  }
  load_turns (self);
  load_rules (self);
  remove_children (GTK_WIDGET (self->victory_box));
  load_awards (self, self->victory_box);
  load_objectives (self, self->victory_box);
  load_levels (self, self->victory_box);
  self->loading = FALSE;
}

static void
on_document_changed (GbacwSettingsDialog *self,
                     const GbacwChange   *change,
                     GbacwDocument       *document)
{
  if (self->applying)
    return;
  if (change != NULL && (change->flags & (GBACW_CHANGE_SETTINGS | GBACW_CHANGE_VICTORY | GBACW_CHANGE_AREAS
                                          | GBACW_CHANGE_OOB | GBACW_CHANGE_RULES)) == 0)
    return;
  load (self);
}

/* ---------------------------------------------------------------- public */

void
gbacw_settings_dialog_show_page (GbacwSettingsDialog *self,
                                 const char          *page)
{
  static const char *const pages[] = { "general", "turns", "rules", "victory" };

  g_return_if_fail (GBACW_IS_SETTINGS_DIALOG (self));
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    if (g_strcmp0 (pages[i], page) == 0)
      gtk_notebook_set_current_page (self->notebook, (int) i);
}

GtkEditable *
gbacw_settings_dialog_get_title_entry (GbacwSettingsDialog *self)
{
  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  return self->title_entry;
}

GtkSpinButton *
gbacw_settings_dialog_get_turn_spin (GbacwSettingsDialog *self,
                                     gboolean             last)
{
  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  return last ? self->last_spin : self->first_spin;
}

GtkEditable *
gbacw_settings_dialog_get_time_entry (GbacwSettingsDialog *self,
                                      int                  n)
{
  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  return g_hash_table_lookup (self->time_entries, GINT_TO_POINTER (n));
}

GtkCheckButton *
gbacw_settings_dialog_get_night_check (GbacwSettingsDialog *self,
                                       int                  n)
{
  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  return g_hash_table_lookup (self->night_checks, GINT_TO_POINTER (n));
}

GtkWidget *
gbacw_settings_dialog_get_rule_widget (GbacwSettingsDialog *self,
                                       const char          *rule,
                                       const char          *param,
                                       gboolean             picker_widget)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  if (param == NULL)
    key = picker_widget ? g_strdup_printf ("%s//pick", rule) : g_strdup (rule);
  else
    key = g_strdup_printf (picker_widget ? "%s/%s/pick" : "%s/%s", rule, param);
  return g_hash_table_lookup (self->rule_widgets, key);
}

GtkWidget *
gbacw_settings_dialog_get_rule_area_choice (GbacwSettingsDialog *self,
                                            const char          *rule,
                                            const char          *param)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (GBACW_IS_SETTINGS_DIALOG (self), NULL);
  key = g_strdup_printf ("%s/%s/choose", rule, param);
  return g_hash_table_lookup (self->rule_widgets, key);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_settings_dialog_dispose (GObject *object)
{
  GbacwSettingsDialog *self = GBACW_SETTINGS_DIALOG (object);

  if (self->picker != NULL)
    {
      if ((self->picking_area != NULL || self->picking_param != NULL)
          && gbacw_deployment_controller_is_picking (self->picker))
        gbacw_deployment_controller_finish_pick (self->picker, -1);
      g_object_remove_weak_pointer (G_OBJECT (self->picker), (gpointer *) &self->picker);
      self->picker = NULL;
    }
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->picking_area, g_free);
  g_clear_pointer (&self->picking_param, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_SETTINGS_DIALOG);

  G_OBJECT_CLASS (gbacw_settings_dialog_parent_class)->dispose (object);
}

static void
gbacw_settings_dialog_finalize (GObject *object)
{
  GbacwSettingsDialog *self = GBACW_SETTINGS_DIALOG (object);

  g_hash_table_unref (self->time_entries);
  g_hash_table_unref (self->rule_widgets);
  g_hash_table_unref (self->night_checks);

  G_OBJECT_CLASS (gbacw_settings_dialog_parent_class)->finalize (object);
}

static void
gbacw_settings_dialog_class_init (GbacwSettingsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_settings_dialog_dispose;
  object_class->finalize = gbacw_settings_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-settings-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, notebook);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, title_entry);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, game_entry);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, description_view);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, first_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, last_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, first_player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, turn_list);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, rules_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, victory_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, message_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwSettingsDialog, message_label);

  /* GtkWindow's own window.close, as the other dialogs */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
gbacw_settings_dialog_init (GbacwSettingsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->time_entries = g_hash_table_new (NULL, NULL);
  self->rule_widgets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->night_checks = g_hash_table_new (NULL, NULL);
  g_signal_connect (self->title_entry, "changed", G_CALLBACK (on_info_changed), self);
  g_signal_connect (self->game_entry, "changed", G_CALLBACK (on_info_changed), self);
  g_signal_connect_object (gtk_text_view_get_buffer (self->description_view), "changed",
                           G_CALLBACK (on_description_changed), self, 0);
  g_signal_connect (self->first_spin, "value-changed", G_CALLBACK (on_range_changed), self);
  g_signal_connect (self->last_spin, "value-changed", G_CALLBACK (on_range_changed), self);
  g_signal_connect (self->first_player_dropdown, "notify::selected", G_CALLBACK (on_first_player_selected), self);
}

GbacwSettingsDialog *
gbacw_settings_dialog_new (GtkWindow                 *parent,
                           GbacwDocument             *document,
                           GbacwDeploymentController *picker)
{
  GbacwSettingsDialog *self;

  g_return_val_if_fail (GBACW_IS_DOCUMENT (document), NULL);

  self = g_object_new (GBACW_TYPE_SETTINGS_DIALOG, "transient-for", parent, NULL);
  self->document = g_object_ref (document);
  g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  if (picker != NULL)
    {
      self->picker = picker;
      g_object_add_weak_pointer (G_OBJECT (picker), (gpointer *) &self->picker);
    }
  load (self);
  /* Ctrl+Z here undoes the scenario's edits, as in the editor window */
  gbacw_editor_host_add_history_shortcuts (GTK_WINDOW (self));
  return self;
}
