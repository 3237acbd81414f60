/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-reinforcement-panel.c: the reinforcement schedule.
 *
 * The list is rebuilt from the scenario after each change it did not make itself
 * (reinforcements are few); while its own turn spin button is being changed it is
 * left alone so that the button keeps the focus.
 */
#define G_LOG_DOMAIN "gbacw-reinforcement-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-oob-edit.h"
#include "gbacw-reinforcement-panel.h"

#define ID_KEY "gbacw-reinforcement"
#define MEMBER_KEY "gbacw-member"
#define ENTRY_KEY "gbacw-member-entry"
#define ALTERNATIVE_KEY "gbacw-alternative"

struct _GbacwReinforcementPanel
{
  GtkBox parent_instance;

  /* template */
  GbacwGameTurnTrack *track;
  GtkRevealer *error_revealer;
  GtkLabel *error_label;
  GtkListBox *list;
  GtkWidget *list_scroller;

  GbacwDocument *document;
  gboolean applying;
  guint n_rows;
};

G_DEFINE_FINAL_TYPE (GbacwReinforcementPanel, gbacw_reinforcement_panel, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

enum {
  SIGNAL_PICK_ENTRY,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const GbacwFormationState formation_states[] = {
  GBACW_FORMATION_STATE_UNSET, GBACW_FORMATION_STATE_LINE, GBACW_FORMATION_STATE_COLUMN,
  GBACW_FORMATION_STATE_MOUNTED, GBACW_FORMATION_STATE_DISMOUNTED, GBACW_FORMATION_STATE_LIMBERED,
  GBACW_FORMATION_STATE_UNLIMBERED,
};

static const char *
formation_state_title (GbacwFormationState state)
{
  switch (state)
    {
    case GBACW_FORMATION_STATE_LINE: return _("Line");
    case GBACW_FORMATION_STATE_COLUMN: return _("Column");
    case GBACW_FORMATION_STATE_MOUNTED: return _("Mounted");
    case GBACW_FORMATION_STATE_DISMOUNTED: return _("Dismounted");
    case GBACW_FORMATION_STATE_LIMBERED: return _("Limbered");
    case GBACW_FORMATION_STATE_UNLIMBERED: return _("Unlimbered");
    case GBACW_FORMATION_STATE_UNSET:
    default: return _("As each unit enters");
    }
}

static GbacwScenario *
get_scenario (GbacwReinforcementPanel *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

static const GbacwReinforcement *
find_reinforcement (const GbacwScenario *scenario,
                    const char          *id)
{
  for (guint i = 0; scenario != NULL && i < scenario->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);
      if (g_strcmp0 (r->id, id) == 0)
        return r;
    }
  return NULL;
}

static void
show_error (GbacwReinforcementPanel *self,
            const char              *message)
{
  if (message != NULL)
    gtk_label_set_text (self->error_label, message);
  gtk_revealer_set_reveal_child (self->error_revealer, message != NULL);
}

/* Runs command, or shows why there is none. */
static gboolean
execute (GbacwReinforcementPanel *self,
         GbacwCommand            *command,
         GError                 **error)
{
  if (command == NULL)
    {
      show_error (self, *error ? (*error)->message : _("That cannot be done"));
      return FALSE;
    }
  show_error (self, NULL);
  gbacw_document_execute (self->document, command);
  return TRUE;
}

/* ---------------------------------------------------------------- operations */

static int
default_turn (GbacwReinforcementPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  int turn = gbacw_game_turn_track_get_selected_turn (self->track);

  if (turn != GBACW_UNSET)
    return turn;
  return MIN (scenario->turns.first + 1, scenario->turns.last);
}

char *
gbacw_reinforcement_panel_add (GbacwReinforcementPanel *self,
                               int                      turn,
                               GbacwOobItem            *member)
{
  GbacwScenario *scenario;
  const char *units[2] = { NULL, NULL }, *formations[2] = { NULL, NULL };
  g_autoptr(GError) error = NULL;
  char *id = NULL;
  GbacwOobEntry entry;
  GbacwCommand *command;

  g_return_val_if_fail (GBACW_IS_REINFORCEMENT_PANEL (self), NULL);

  scenario = get_scenario (self);
  if (scenario == NULL)
    return NULL;
  if (turn == GBACW_UNSET)
    turn = default_turn (self);
  if (member != NULL && gbacw_oob_item_get_entry (member, &entry))
    {
      if (entry == GBACW_OOB_ENTRY_UNIT)
        units[0] = gbacw_oob_item_get_id (member);
      else
        formations[0] = gbacw_oob_item_get_id (member);
    }
  command = gbacw_reinforcement_add (scenario, turn, NULL, 0, GBACW_FORMATION_STATE_UNSET, units, formations, &id,
                                     &error);
  if (!execute (self, command, &error))
    {
      g_free (id);
      return NULL;
    }
  return id;
}

gboolean
gbacw_reinforcement_panel_add_member (GbacwReinforcementPanel *self,
                                      const char              *id,
                                      GbacwOobItem            *member)
{
  g_autoptr(GError) error = NULL;
  GbacwOobEntry entry;

  g_return_val_if_fail (GBACW_IS_REINFORCEMENT_PANEL (self), FALSE);

  if (self->document == NULL || member == NULL || !gbacw_oob_item_get_entry (member, &entry))
    return FALSE;
  return execute (self, gbacw_reinforcement_add_member (get_scenario (self), id, entry, gbacw_oob_item_get_id (member),
                                                        &error),
                  &error);
}

gboolean
gbacw_reinforcement_panel_add_entry_hex (GbacwReinforcementPanel *self,
                                         const char              *id,
                                         int                      hex,
                                         gboolean                 alternative)
{
  GbacwScenario *scenario;
  const GbacwReinforcement *r;
  g_autoptr(GArray) hexes = NULL;
  g_autoptr(GError) error = NULL;
  int found = -1;

  g_return_val_if_fail (GBACW_IS_REINFORCEMENT_PANEL (self), FALSE);

  scenario = get_scenario (self);
  r = find_reinforcement (scenario, id);
  if (r == NULL)
    return FALSE;
  hexes = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_vals (hexes, r->entry_hexes->data, r->entry_hexes->len);
  /* Picking a hex already listed makes it the entry hex (or leaves it an alternative). */
  for (guint i = 0; i < hexes->len; i++)
    if (g_array_index (hexes, int, i) == hex)
      {
        g_array_remove_index (hexes, i);
        found = (int) i;
        break;
      }
  if (alternative || hexes->len == 0)
    g_array_append_val (hexes, hex);
  else if (found == 0)
    g_array_prepend_val (hexes, hex);
  else
    /* the entry hex picked again, somewhere else: it replaces the old one (which does
     * not stay on as an alternative) */
    g_array_index (hexes, int, 0) = hex;
  return execute (self, gbacw_reinforcement_set_entry (scenario, id, (const int *) (gpointer) hexes->data, hexes->len,
                                                       &error),
                  &error);
}

GbacwGameTurnTrack *
gbacw_reinforcement_panel_get_track (GbacwReinforcementPanel *self)
{
  g_return_val_if_fail (GBACW_IS_REINFORCEMENT_PANEL (self), NULL);
  return self->track;
}

guint
gbacw_reinforcement_panel_get_n_rows (GbacwReinforcementPanel *self)
{
  g_return_val_if_fail (GBACW_IS_REINFORCEMENT_PANEL (self), 0);
  return self->n_rows;
}

/* ---------------------------------------------------------------- row callbacks */

static const char *
id_of (gpointer widget)
{
  return g_object_get_data (G_OBJECT (widget), ID_KEY);
}

static void
on_turn_changed (GtkSpinButton           *spin,
                 GbacwReinforcementPanel *self)
{
  g_autoptr(GError) error = NULL;
  GbacwCommand *command;

  if (self->document == NULL)
    return;
  command = gbacw_reinforcement_set_turn (get_scenario (self), id_of (spin), gtk_spin_button_get_value_as_int (spin),
                                          &error);
  self->applying = TRUE;
  execute (self, command, &error);
  self->applying = FALSE;
}

static void
on_formation_selected (GtkDropDown             *dropdown,
                       GParamSpec              *pspec,
                       GbacwReinforcementPanel *self)
{
  guint index = gtk_drop_down_get_selected (dropdown);
  g_autoptr(GError) error = NULL;
  GbacwCommand *command;

  if (self->document == NULL || index >= G_N_ELEMENTS (formation_states))
    return;
  command = gbacw_reinforcement_set_formation (get_scenario (self), id_of (dropdown), formation_states[index],
                                               &error);
  self->applying = TRUE;
  execute (self, command, &error);
  self->applying = FALSE;
}

static void
on_remove_clicked (GtkButton               *button,
                   GbacwReinforcementPanel *self)
{
  g_autoptr(GError) error = NULL;

  execute (self, gbacw_reinforcement_remove (get_scenario (self), id_of (button), &error), &error);
}

static void
on_pick_clicked (GtkButton               *button,
                 GbacwReinforcementPanel *self)
{
  gboolean alternative = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), ALTERNATIVE_KEY));

  g_signal_emit (self, signals[SIGNAL_PICK_ENTRY], 0, id_of (button), alternative);
}

static void
on_clear_entry_clicked (GtkButton               *button,
                        GbacwReinforcementPanel *self)
{
  g_autoptr(GError) error = NULL;

  execute (self, gbacw_reinforcement_set_entry (get_scenario (self), id_of (button), NULL, 0, &error), &error);
}

static void
on_member_clicked (GtkButton               *button,
                   GbacwReinforcementPanel *self)
{
  g_autoptr(GError) error = NULL;
  GbacwOobEntry entry = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), ENTRY_KEY));

  execute (self, gbacw_reinforcement_remove_member (get_scenario (self), id_of (button), entry,
                                                    g_object_get_data (G_OBJECT (button), MEMBER_KEY), &error),
           &error);
}

static gboolean
on_row_drop (GtkDropTarget *target,
             const GValue  *value,
             double         x,
             double         y,
             GtkWidget     *row)
{
  GbacwReinforcementPanel *self = GBACW_REINFORCEMENT_PANEL (gtk_widget_get_ancestor (row,
                                                                                      GBACW_TYPE_REINFORCEMENT_PANEL));

  if (self == NULL || !G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM))
    return FALSE;
  return gbacw_reinforcement_panel_add_member (self, id_of (row), g_value_get_object (value));
}

static gboolean
on_list_drop (GbacwReinforcementPanel *self,
              const GValue            *value,
              double                   x,
              double                   y,
              GtkDropTarget           *target)
{
  g_autofree char *id = NULL;

  if (!G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM))
    return FALSE;
  id = gbacw_reinforcement_panel_add (self, GBACW_UNSET, g_value_get_object (value));
  return id != NULL;
}

static void
on_track_item_dropped (GbacwReinforcementPanel *self,
                       GbacwOobItem            *item,
                       int                      turn,
                       GbacwGameTurnTrack          *track)
{
  g_autofree char *id = gbacw_reinforcement_panel_add (self, turn, item);
}

/* ---------------------------------------------------------------- rows */

static void
tag (gpointer    widget,
     const char *id)
{
  g_object_set_data_full (G_OBJECT (widget), ID_KEY, g_strdup (id), g_free);
}

static char *
describe_entry (const GbacwScenario      *scenario,
                const GbacwReinforcement *r)
{
  const GbacwHexGrid *grid = &scenario->map->grid;
  g_autoptr(GString) alternatives = g_string_new (NULL);
  g_autofree char *first = NULL;

  if (r->entry_hexes->len == 0)
    return g_strdup (_("No entry hex yet: pick one on the map"));
  first = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, g_array_index (r->entry_hexes, int, 0)));
  for (guint i = 1; i < r->entry_hexes->len; i++)
    {
      g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid,
                                                                                         g_array_index (r->entry_hexes,
                                                                                                        int, i)));
      if (i > 1)
        g_string_append (alternatives, ", ");
      g_string_append (alternatives, label);
    }
  if (alternatives->len == 0)
    return g_strdup_printf (_("Enters at %s"), first);
  /* TRANSLATORS: a reinforcement's entry hex, then its alternatives */
  return g_strdup_printf (_("Enters at %s, or else at %s"), first, alternatives->str);
}

static GtkWidget *
member_button (GbacwReinforcementPanel  *self,
               const GbacwScenario      *scenario,
               const GbacwReinforcement *r,
               GbacwOobEntry             entry,
               const char               *member)
{
  const char *name = NULL;
  g_autofree char *label = NULL;
  GtkWidget *button;

  if (entry == GBACW_OOB_ENTRY_UNIT)
    {
      const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, member);
      name = u ? u->designation : NULL;
    }
  else
    {
      const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, member);
      name = f ? f->name : NULL;
    }
  label = g_strdup_printf ("%s ✕", name && name[0] ? name : member);
  button = gtk_button_new_with_label (label);
  gtk_widget_add_css_class (button, entry == GBACW_OOB_ENTRY_FORMATION ? "reinforcement-formation"
                                                                      : "reinforcement-unit");
  gtk_widget_set_tooltip_text (button, _("Remove from this reinforcement"));
  tag (button, r->id);
  g_object_set_data_full (G_OBJECT (button), MEMBER_KEY, g_strdup (member), g_free);
  g_object_set_data (G_OBJECT (button), ENTRY_KEY, GINT_TO_POINTER (entry));
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_member_clicked), self, 0);
  return button;
}

/* A button whose label is shortened when the sidebar is narrow. */
static GtkWidget *
ellipsized_button (const char *label)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_label_set_ellipsize (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), PANGO_ELLIPSIZE_END);
  return button;
}

static GtkWidget *
build_row (GbacwReinforcementPanel  *self,
           const GbacwScenario      *scenario,
           const GbacwReinforcement *r)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *line, *widget, *flow;
  GtkDropTarget *target;
  g_autoptr(GtkStringList) states = gtk_string_list_new (NULL);
  g_autofree char *entry_text = describe_entry (scenario, r);
  guint state_index = 0;

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (box, "reinforcement-row");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  tag (row, r->id);

  /* Turn. */
  line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (box), line);
  gtk_box_append (GTK_BOX (line), gtk_label_new (_("Game-Turn")));
  widget = gtk_spin_button_new_with_range (scenario->turns.first, MAX (scenario->turns.first, scenario->turns.last), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (widget), r->turn);
  gtk_editable_set_width_chars (GTK_EDITABLE (widget), 2);
  gtk_widget_set_tooltip_text (widget, _("The Game-Turn the reinforcement arrives"));
  tag (widget, r->id);
  g_signal_connect_object (widget, "value-changed", G_CALLBACK (on_turn_changed), self, 0);
  gtk_box_append (GTK_BOX (line), widget);

  for (guint i = 0; i < G_N_ELEMENTS (formation_states); i++)
    {
      gtk_string_list_append (states, formation_state_title (formation_states[i]));
      if (formation_states[i] == r->formation)
        state_index = i;
    }
  /* The formation on entry and remove on a second line, so that the sidebar can be narrow. */
  line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (box), line);
  widget = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (states)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), state_index);
  gtk_widget_set_hexpand (widget, TRUE);
  gtk_widget_set_tooltip_text (widget, _("The formation the units enter in"));
  tag (widget, r->id);
  g_signal_connect_object (widget, "notify::selected", G_CALLBACK (on_formation_selected), self, 0);
  gtk_box_append (GTK_BOX (line), widget);

  widget = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (widget, _("Remove this reinforcement"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove this reinforcement"), -1);
  gtk_widget_add_css_class (widget, "flat");
  tag (widget, r->id);
  g_signal_connect_object (widget, "clicked", G_CALLBACK (on_remove_clicked), self, 0);
  gtk_box_append (GTK_BOX (line), widget);

  /* Entry hexes. */
  widget = gtk_label_new (entry_text);
  gtk_label_set_xalign (GTK_LABEL (widget), 0);
  gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
  gtk_widget_add_css_class (widget, "reinforcement-entry");
  gtk_box_append (GTK_BOX (box), widget);

  line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (box), line);
  widget = ellipsized_button (_("Pick Entry Hex"));
  gtk_widget_set_tooltip_text (widget, _("Click the hex on the map where the reinforcement enters"));
  tag (widget, r->id);
  g_signal_connect_object (widget, "clicked", G_CALLBACK (on_pick_clicked), self, 0);
  gtk_box_append (GTK_BOX (line), widget);
  widget = ellipsized_button (_("Add Alternative"));
  gtk_widget_set_tooltip_text (widget, _("Click a hex on the map where it may enter instead"));
  gtk_widget_set_sensitive (widget, r->entry_hexes->len > 0);
  tag (widget, r->id);
  g_object_set_data (G_OBJECT (widget), ALTERNATIVE_KEY, GINT_TO_POINTER (TRUE));
  g_signal_connect_object (widget, "clicked", G_CALLBACK (on_pick_clicked), self, 0);
  gtk_box_append (GTK_BOX (line), widget);
  widget = gtk_button_new_from_icon_name ("edit-clear-symbolic");
  gtk_widget_set_tooltip_text (widget, _("Forget the entry hexes"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Forget the entry hexes"),
                                  -1);
  gtk_widget_add_css_class (widget, "flat");
  gtk_widget_set_sensitive (widget, r->entry_hexes->len > 0);
  tag (widget, r->id);
  g_signal_connect_object (widget, "clicked", G_CALLBACK (on_clear_entry_clicked), self, 0);
  gtk_box_append (GTK_BOX (line), widget);

  /* Members. */
  flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 3);
  gtk_box_append (GTK_BOX (box), flow);
  for (guint i = 0; i < r->formations->len; i++)
    gtk_flow_box_append (GTK_FLOW_BOX (flow), member_button (self, scenario, r, GBACW_OOB_ENTRY_FORMATION,
                                                             g_ptr_array_index (r->formations, i)));
  for (guint i = 0; i < r->units->len; i++)
    gtk_flow_box_append (GTK_FLOW_BOX (flow), member_button (self, scenario, r, GBACW_OOB_ENTRY_UNIT,
                                                             g_ptr_array_index (r->units, i)));
  if (r->formations->len + r->units->len == 0)
    {
      widget = gtk_label_new (_("No units yet: drag them here"));
      gtk_widget_add_css_class (widget, "dim-label");
      gtk_label_set_xalign (GTK_LABEL (widget), 0);
      gtk_box_append (GTK_BOX (box), widget);
    }

  target = gtk_drop_target_new (GBACW_TYPE_OOB_ITEM, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect (target, "drop", G_CALLBACK (on_row_drop), row);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (target));
  return row;
}

static void
rebuild (GbacwReinforcementPanel *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  self->n_rows = 0;
  for (guint i = 0; scenario != NULL && i < scenario->reinforcements->len; i++)
    {
      gtk_list_box_append (self->list, build_row (self, scenario, g_ptr_array_index (scenario->reinforcements, i)));
      self->n_rows++;
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "reinforcements.add", scenario != NULL);
}

static void
on_document_changed (GbacwReinforcementPanel *self,
                     const GbacwChange       *change,
                     GbacwDocument           *document)
{
  if (change != NULL && (change->flags & (GBACW_CHANGE_REINFORCEMENTS | GBACW_CHANGE_OOB | GBACW_CHANGE_SETTINGS)) == 0)
    return;
  if (self->applying)
    return;
  rebuild (self);
}

GbacwDocument *
gbacw_reinforcement_panel_get_document (GbacwReinforcementPanel *self)
{
  g_return_val_if_fail (GBACW_IS_REINFORCEMENT_PANEL (self), NULL);
  return self->document;
}

void
gbacw_reinforcement_panel_set_document (GbacwReinforcementPanel *self,
                                        GbacwDocument           *document)
{
  g_return_if_fail (GBACW_IS_REINFORCEMENT_PANEL (self));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  gbacw_game_turn_track_set_document (self->track, document);
  show_error (self, NULL);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

static void
add_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  g_autofree char *id = gbacw_reinforcement_panel_add (GBACW_REINFORCEMENT_PANEL (widget), GBACW_UNSET, NULL);
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_reinforcement_panel_dispose (GObject *object)
{
  GbacwReinforcementPanel *self = GBACW_REINFORCEMENT_PANEL (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_REINFORCEMENT_PANEL);

  G_OBJECT_CLASS (gbacw_reinforcement_panel_parent_class)->dispose (object);
}

static void
gbacw_reinforcement_panel_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  GbacwReinforcementPanel *self = GBACW_REINFORCEMENT_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_reinforcement_panel_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  GbacwReinforcementPanel *self = GBACW_REINFORCEMENT_PANEL (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_reinforcement_panel_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_reinforcement_panel_class_init (GbacwReinforcementPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_reinforcement_panel_dispose;
  object_class->get_property = gbacw_reinforcement_panel_get_property;
  object_class->set_property = gbacw_reinforcement_panel_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (const char *reinforcement_id, gboolean alternative): the user wants to click the
   * entry hex on the map. */
  signals[SIGNAL_PICK_ENTRY] = g_signal_new ("pick-entry", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                             NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);

  g_type_ensure (GBACW_TYPE_GAME_TURN_TRACK);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-reinforcement-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwReinforcementPanel, track);
  gtk_widget_class_bind_template_child (widget_class, GbacwReinforcementPanel, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, GbacwReinforcementPanel, error_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwReinforcementPanel, list);
  gtk_widget_class_bind_template_child (widget_class, GbacwReinforcementPanel, list_scroller);

  gtk_widget_class_install_action (widget_class, "reinforcements.add", NULL, add_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "reinforcements.add", NULL);
  gtk_widget_class_set_css_name (widget_class, "reinforcementpanel");
}

static void
gbacw_reinforcement_panel_init (GbacwReinforcementPanel *self)
{
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (self->track, "item-dropped", G_CALLBACK (on_track_item_dropped), self, G_CONNECT_SWAPPED);
  /* A unit dropped below the rows starts a new reinforcement. */
  target = gtk_drop_target_new (GBACW_TYPE_OOB_ITEM, GDK_ACTION_COPY | GDK_ACTION_MOVE);
  g_signal_connect_swapped (target, "drop", G_CALLBACK (on_list_drop), self);
  gtk_widget_add_controller (self->list_scroller, GTK_EVENT_CONTROLLER (target));
  rebuild (self);
}

GtkWidget *
gbacw_reinforcement_panel_new (void)
{
  return g_object_new (GBACW_TYPE_REINFORCEMENT_PANEL, NULL);
}
