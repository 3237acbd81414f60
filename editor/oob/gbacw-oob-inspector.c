/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-inspector.c: every value of the selected order-of-battle entry, as a form.
 *
 * The form holds a row for every GbacwOobField, built once; an entry shows the rows
 * its kind uses (and any other that has a value). Each edit goes through
 * gbacw_oob_set_field (), which checks the value with the same parser as the file
 * and the roster import: a refusal is shown under the field and nothing changes.
 */
#define G_LOG_DOMAIN "gbacw-oob-inspector"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-counter.h"
#include "gbacw-hex-grid.h"
#include "gbacw-oob-inspector.h"
#include "gbacw-oob-row.h"

typedef enum {
  WIDGET_ENTRY,
  WIDGET_CHECK,
  WIDGET_DROPDOWN,
} WidgetKind;

typedef struct {
  GbacwOobField field;
  const char *title;       /* N_() */
  const char *hint;        /* N_(): the tooltip */
  WidgetKind kind;
} FieldSpec;

static const FieldSpec field_specs[] = {
  { GBACW_OOB_FIELD_KIND, N_("Kind"), N_("The type of unit, or the size of the formation"), WIDGET_DROPDOWN },
  { GBACW_OOB_FIELD_NAME, N_("Name"), N_("The designation printed on the counter, or the formation’s name"),
    WIDGET_ENTRY },
  /* A leader's rank right after his name: both are printed on the counter ("BG Smith"),
   * and typed one after the other (Tab from Name goes to Rank). */
  { GBACW_OOB_FIELD_RANK, N_("Rank"), N_("As printed, e.g. BG or MG"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_COMMANDER, N_("Commander"), N_("The leader who commands the formation"), WIDGET_DROPDOWN },
  { GBACW_OOB_FIELD_ROLE, N_("Command"), N_("The level the leader commands (17.0)"), WIDGET_DROPDOWN },
  { GBACW_OOB_FIELD_STRENGTH, N_("Strength"), N_("Strength Points (SP)"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_GUNS, N_("Guns"), N_("Number of guns of the battery or section"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_MORALE, N_("Morale"), N_("1 to 5, or ? for a green unit (13.11)"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_DISMOUNTED_MORALE, N_("Dismounted morale"), N_("Cavalry’s morale when dismounted, 1 to 5 or ?"),
    WIDGET_ENTRY },
  { GBACW_OOB_FIELD_WEAPON, N_("Weapon"), N_("A weapon type of the Range Effects chart"), WIDGET_DROPDOWN },
  { GBACW_OOB_FIELD_ROUNDS, N_("Ammunition"), N_("Rounds of artillery ammunition (11.31)"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_CREW, N_("Crew"), N_("The artillery crew (15.12)"), WIDGET_DROPDOWN },
  { GBACW_OOB_FIELD_SMALL_ARMS, N_("Small-arms boxes"), N_("Small-arms ammunition boxes of the wagon (11.1)"),
    WIDGET_ENTRY },
  { GBACW_OOB_FIELD_ARTILLERY_AMMO, N_("Artillery boxes"), N_("Artillery ammunition boxes of the wagon (11.1)"),
    WIDGET_ENTRY },
  { GBACW_OOB_FIELD_WAGON_CREW, N_("Wagon crew"), N_("The strength of the wagon’s crew"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_ER, N_("Effectiveness radius"), N_("Effectiveness Radius in hexes (17.1)"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_RALLY, N_("Rally rating"), N_("Rally Rating (17.13)"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_DIR, N_("Integrity radius"), N_("Divisional Integrity Radius (17.2)"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_CP, N_("Command points"), N_("Command Points (17.22)"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_INDEPENDENT, N_("Independent"), N_("An independent unit or formation (5.3, 17.66)"),
    WIDGET_CHECK },
  { GBACW_OOB_FIELD_SHARPSHOOTER, N_("Sharpshooters"), N_("A sharpshooter unit"), WIDGET_CHECK },
  { GBACW_OOB_FIELD_HORSE_ARTILLERY, N_("Horse artillery"), N_("Horse artillery (P 21.13)"), WIDGET_CHECK },
  { GBACW_OOB_FIELD_SECTION, N_("Section"), N_("An artillery section rather than a battery (8.18)"), WIDGET_CHECK },
  { GBACW_OOB_FIELD_DOUBLE_SHOT, N_("Double canister"), N_("May fire double canister (J 21.4)"), WIDGET_CHECK },
  { GBACW_OOB_FIELD_BCE_DAY1, N_("BCE limit, day 1"), N_("Brigade Combat Effectiveness limit on day 1 (18.0)"),
    WIDGET_ENTRY },
  { GBACW_OOB_FIELD_BCE_DAY2, N_("BCE limit, day 2"), N_("Brigade Combat Effectiveness limit on day 2 (18.0)"),
    WIDGET_ENTRY },
  { GBACW_OOB_FIELD_BCE_VP, N_("BCE victory points"), N_("Victory Points when the brigade is wrecked"),
    WIDGET_ENTRY },
  { GBACW_OOB_FIELD_MOMENTUM, N_("Momentum points"), N_("Momentum points of the formation (J 30)"), WIDGET_ENTRY },
  { GBACW_OOB_FIELD_VP, N_("Victory points"), N_("Victory Points for the loss of the unit or leader"),
    WIDGET_ENTRY },
};

typedef struct {
  GbacwOobInspector *self;
  const FieldSpec *spec;
  GtkWidget *label;
  GtkWidget *widget;
  GtkWidget *message;
  GtkStringList *strings;   /* dropdowns: what is shown */
  GPtrArray *values;        /* dropdowns: the value of each item (char*) */
} Field;

struct _GbacwOobInspector
{
  GtkBox parent_instance;

  /* template */
  GtkWidget *empty_label;
  GtkWidget *header;
  GtkDrawingArea *counter_area;
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkLabel *totals_label;
  GtkLabel *placement_label;
  GtkGrid *form;

  GbacwDocument *document;
  GbacwOobItem *item;
  Field fields[GBACW_N_OOB_FIELDS];
  gboolean loading;
  int applying;            /* the field whose edit is being applied, -1 */
};

G_DEFINE_FINAL_TYPE (GbacwOobInspector, gbacw_oob_inspector, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const GbacwScenario *
get_scenario (GbacwOobInspector *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

/* The entry's unit or formation (one of them), FALSE when there is none. */
static gboolean
get_entry (GbacwOobInspector     *self,
           const GbacwUnit      **unit,
           const GbacwFormation **formation)
{
  const GbacwScenario *scenario = get_scenario (self);

  *unit = NULL;
  *formation = NULL;
  if (scenario == NULL || self->item == NULL)
    return FALSE;
  if (gbacw_oob_item_get_kind (self->item) == GBACW_OOB_ITEM_UNIT)
    *unit = gbacw_oob_find_unit (&scenario->oob, gbacw_oob_item_get_id (self->item));
  else if (gbacw_oob_item_get_kind (self->item) == GBACW_OOB_ITEM_FORMATION)
    *formation = gbacw_oob_find_formation (&scenario->oob, gbacw_oob_item_get_id (self->item));
  return *unit != NULL || *formation != NULL;
}

/* ---------------------------------------------------------------- which fields */

static gboolean
field_relevant (GbacwOobField  field,
                gboolean       formation,
                GbacwUnitType  type)
{
  if (field == GBACW_OOB_FIELD_KIND || field == GBACW_OOB_FIELD_NAME || field == GBACW_OOB_FIELD_INDEPENDENT)
    return TRUE;
  if (formation)
    return field == GBACW_OOB_FIELD_COMMANDER || field == GBACW_OOB_FIELD_BCE_DAY1
           || field == GBACW_OOB_FIELD_BCE_DAY2 || field == GBACW_OOB_FIELD_BCE_VP
           || field == GBACW_OOB_FIELD_MOMENTUM;
  if (field == GBACW_OOB_FIELD_VP)
    return TRUE;
  switch (type)
    {
    case GBACW_UNIT_INFANTRY:
      return field == GBACW_OOB_FIELD_STRENGTH || field == GBACW_OOB_FIELD_MORALE || field == GBACW_OOB_FIELD_WEAPON
             || field == GBACW_OOB_FIELD_SHARPSHOOTER;
    case GBACW_UNIT_CAVALRY:
      return field == GBACW_OOB_FIELD_STRENGTH || field == GBACW_OOB_FIELD_MORALE
             || field == GBACW_OOB_FIELD_DISMOUNTED_MORALE || field == GBACW_OOB_FIELD_WEAPON
             || field == GBACW_OOB_FIELD_SHARPSHOOTER;
    case GBACW_UNIT_ARTILLERY:
      return field == GBACW_OOB_FIELD_GUNS || field == GBACW_OOB_FIELD_MORALE || field == GBACW_OOB_FIELD_WEAPON
             || field == GBACW_OOB_FIELD_ROUNDS || field == GBACW_OOB_FIELD_CREW
             || field == GBACW_OOB_FIELD_HORSE_ARTILLERY || field == GBACW_OOB_FIELD_SECTION
             || field == GBACW_OOB_FIELD_DOUBLE_SHOT;
    case GBACW_UNIT_WAGON:
      return field == GBACW_OOB_FIELD_SMALL_ARMS || field == GBACW_OOB_FIELD_ARTILLERY_AMMO
             || field == GBACW_OOB_FIELD_WAGON_CREW || field == GBACW_OOB_FIELD_MORALE
             || field == GBACW_OOB_FIELD_WEAPON;
    case GBACW_UNIT_LEADER:
    default:
      return field == GBACW_OOB_FIELD_ROLE || field == GBACW_OOB_FIELD_RANK || field == GBACW_OOB_FIELD_ER
             || field == GBACW_OOB_FIELD_RALLY || field == GBACW_OOB_FIELD_DIR || field == GBACW_OOB_FIELD_CP;
    }
}

/* ---------------------------------------------------------------- dropdown lists */

static void
choices_clear (Field *f)
{
  g_ptr_array_set_size (f->values, 0);
  gtk_string_list_splice (f->strings, 0, g_list_model_get_n_items (G_LIST_MODEL (f->strings)), NULL);
}

static void
choices_add (Field      *f,
             const char *value,
             const char *title)
{
  g_ptr_array_add (f->values, g_strdup (value));
  gtk_string_list_append (f->strings, title);
}

static int
choices_find (Field      *f,
              const char *value)
{
  for (guint i = 0; i < f->values->len; i++)
    if (g_strcmp0 (g_ptr_array_index (f->values, i), value) == 0)
      return (int) i;
  return -1;
}

static const char *
unit_type_title (int type)
{
  switch (type)
    {
    case GBACW_UNIT_INFANTRY: return _("Infantry");
    case GBACW_UNIT_CAVALRY: return _("Cavalry");
    case GBACW_UNIT_ARTILLERY: return _("Artillery");
    case GBACW_UNIT_WAGON: return _("Supply wagon");
    case GBACW_UNIT_LEADER:
    default: return _("Leader");
    }
}

static const char *
formation_kind_title (int kind)
{
  switch (kind)
    {
    case GBACW_FORMATION_ARMY: return _("Army");
    case GBACW_FORMATION_CORPS: return _("Corps");
    case GBACW_FORMATION_DIVISION: return _("Division");
    case GBACW_FORMATION_BRIGADE: return _("Brigade");
    case GBACW_FORMATION_GROUP:
    default: return _("Group");
    }
}

static const char *
role_title (int role)
{
  switch (role)
    {
    case GBACW_LEADER_ARMY: return _("Army");
    case GBACW_LEADER_CORPS: return _("Corps");
    case GBACW_LEADER_DIVISION: return _("Division");
    case GBACW_LEADER_BRIGADE: return _("Brigade");
    case GBACW_LEADER_REPLACEMENT:
    default: return _("Replacement");
    }
}

/* Fills a dropdown's choices for the entry; current is its value now. */
static void
fill_choices (GbacwOobInspector    *self,
              Field                *f,
              const GbacwUnit      *unit,
              const GbacwFormation *formation,
              const char           *current)
{
  const GbacwScenario *scenario = get_scenario (self);

  choices_clear (f);
  switch (f->spec->field)
    {
    case GBACW_OOB_FIELD_KIND:
      if (formation != NULL)
        for (int k = GBACW_FORMATION_ARMY; k <= GBACW_FORMATION_GROUP; k++)
          choices_add (f, gbacw_formation_kind_to_string (k), formation_kind_title (k));
      else
        for (int t = GBACW_UNIT_INFANTRY; t <= GBACW_UNIT_LEADER; t++)
          choices_add (f, gbacw_unit_type_to_string (t), unit_type_title (t));
      break;
    case GBACW_OOB_FIELD_ROLE:
      for (int r = GBACW_LEADER_ARMY; r <= GBACW_LEADER_REPLACEMENT; r++)
        choices_add (f, gbacw_leader_role_to_string (r), role_title (r));
      break;
    case GBACW_OOB_FIELD_CREW:
      choices_add (f, "", _("— not entered —"));
      choices_add (f, "full", _("Full"));
      choices_add (f, "half", _("Half"));
      break;
    case GBACW_OOB_FIELD_COMMANDER:
      choices_add (f, "", _("— none —"));
      for (guint i = 0; formation != NULL && i < scenario->oob.units->len; i++)
        {
          const GbacwUnit *u = g_ptr_array_index (scenario->oob.units, i);
          if (u->type == GBACW_UNIT_LEADER && g_strcmp0 (u->side, formation->side) == 0)
            choices_add (f, u->id, u->designation ? u->designation : u->id);
        }
      break;
    case GBACW_OOB_FIELD_WEAPON:
      {
        const GbacwChart *chart = gbacw_scenario_find_chart (scenario, "range-effects");
        choices_add (f, "", _("— not entered —"));
        for (guint i = 0; chart != NULL && i < chart->rows->len; i++)
          {
            const GbacwChartRow *row = g_ptr_array_index (chart->rows, i);
            g_autofree char *title = NULL;

            /* Only the weapon types of the unit's kind (9.25): no artillery for
             * infantry, cavalry or wagons, no muskets for a battery. */
            if (unit != NULL && !gbacw_oob_weapon_for_unit_type (scenario, row->id, unit->type))
              continue;
            title = row->name == NULL ? g_strdup (row->id)
                                     : g_str_has_prefix (row->name, row->id) ? g_strdup (row->name)
                                     : g_strdup_printf ("%s — %s", row->id, row->name);
            choices_add (f, row->id, title);
          }
        break;
      }
    default:
      break;
    }
  /* A value the lists do not know (e.g. a weapon the chart lacks) stays choosable. */
  if (current != NULL && choices_find (f, current) < 0)
    {
      g_autofree char *title = g_strdup_printf (_("%s (unknown)"), current);
      choices_add (f, current, title);
    }
}

/* ---------------------------------------------------------------- showing values */

static void
set_message (Field      *f,
             const char *message)
{
  gtk_label_set_text (GTK_LABEL (f->message), message ? message : "");
  gtk_widget_set_visible (f->message, message != NULL && message[0] != '\0');
  if (message != NULL && message[0] != '\0')
    gtk_widget_add_css_class (f->widget, "error");
  else
    gtk_widget_remove_css_class (f->widget, "error");
}

static void
load_field (GbacwOobInspector    *self,
            Field                *f,
            const GbacwUnit      *unit,
            const GbacwFormation *formation)
{
  g_autofree char *value = unit ? gbacw_oob_field_format_unit (unit, f->spec->field)
                                : gbacw_oob_field_format_formation (formation, f->spec->field);
  gboolean shown = field_relevant (f->spec->field, formation != NULL, unit ? unit->type : GBACW_UNIT_INFANTRY)
                   || (value != NULL && value[0] != '\0');

  gtk_widget_set_visible (f->label, shown);
  gtk_widget_set_visible (f->widget, shown);
  if (!shown)
    {
      gtk_widget_set_visible (f->message, FALSE);
      return;
    }
  /* The field being typed in keeps the text as typed. */
  if ((int) f->spec->field == self->applying)
    return;

  /* Values not entered yet are marked beside the field name (a flag is never "not entered"). */
  if ((value == NULL || value[0] == '\0') && f->spec->kind != WIDGET_CHECK)
    gtk_widget_add_css_class (f->label, "oob-unset");
  else
    gtk_widget_remove_css_class (f->label, "oob-unset");

  switch (f->spec->kind)
    {
    case WIDGET_ENTRY:
      if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (f->widget)), value) != 0)
        gtk_editable_set_text (GTK_EDITABLE (f->widget), value ? value : "");
      break;
    case WIDGET_CHECK:
      gtk_check_button_set_active (GTK_CHECK_BUTTON (f->widget), value != NULL && value[0] != '\0');
      break;
    case WIDGET_DROPDOWN:
    default:
      {
        int index;
        fill_choices (self, f, unit, formation, value);
        index = choices_find (f, value ? value : "");
        gtk_drop_down_set_selected (GTK_DROP_DOWN (f->widget), index >= 0 ? (guint) index : GTK_INVALID_LIST_POSITION);
        break;
      }
    }
  set_message (f, NULL);
}

/* How a counter stands, after "On the map at hex 0504, ". */
static const char *
formation_state_phrase (GbacwFormationState state)
{
  switch (state)
    {
    case GBACW_FORMATION_STATE_LINE: return _("in line");
    case GBACW_FORMATION_STATE_COLUMN: return _("in column");
    case GBACW_FORMATION_STATE_MOUNTED: return _("mounted");
    case GBACW_FORMATION_STATE_DISMOUNTED: return _("dismounted");
    case GBACW_FORMATION_STATE_LIMBERED: return _("limbered");
    case GBACW_FORMATION_STATE_UNLIMBERED: return _("unlimbered");
    case GBACW_FORMATION_STATE_UNSET:
    default: return NULL;
    }
}

static char *
describe_placement (const GbacwScenario *scenario,
                    const GbacwUnit     *unit)
{
  const GbacwPlacement *p = gbacw_scenario_find_placement (scenario, unit->id, NULL);
  const GbacwHexGrid *grid = &scenario->map->grid;
  GString *text;

  for (guint i = 0; i < scenario->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (scenario->reinforcements, i);
      gboolean member = FALSE;

      for (guint k = 0; k < r->units->len && !member; k++)
        member = g_strcmp0 (g_ptr_array_index (r->units, k), unit->id) == 0;
      for (guint k = 0; k < r->formations->len && !member; k++)
        {
          /* a unit of the formation or of one below it */
          const char *id = g_ptr_array_index (r->formations, k);
          const GbacwFormation *f = unit->formation ? gbacw_oob_find_formation (&scenario->oob, unit->formation)
                                                    : NULL;
          for (int depth = 0; f != NULL && depth < 64 && !member; depth++)
            {
              member = g_strcmp0 (f->id, id) == 0;
              f = f->parent ? gbacw_oob_find_formation (&scenario->oob, f->parent) : NULL;
            }
        }
      if (member)
        return g_strdup_printf (_("Arrives as a reinforcement on Game-Turn %d"), r->turn);
    }
  if (p == NULL)
    return g_strdup (_("Not on the map: drag it onto a hex to deploy it"));

  text = g_string_new (NULL);
  {
    g_autofree char *label = gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, p->hex));
    g_string_append_printf (text, _("On the map at hex %s"), label);
  }
  if (formation_state_phrase (p->formation) != NULL)
    /* TRANSLATORS: after "On the map at hex 0504": how the counter stands, e.g. "in column" */
    g_string_append_printf (text, _(", %s"), formation_state_phrase (p->formation));
  if (p->facing >= 0)
    {
      /* the hexside as the hex inspector and the counter's menu name it: NE */
      g_autofree char *direction = g_ascii_strup (gbacw_hex_direction_name (grid->orientation, p->facing), -1);
      g_string_append_printf (text, _(", facing %s"), direction);
    }
  return g_string_free (text, FALSE);
}

static void
load (GbacwOobInspector *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  const GbacwUnit *unit;
  const GbacwFormation *formation;
  gboolean has_entry = get_entry (self, &unit, &formation);

  gtk_widget_set_visible (self->empty_label, !has_entry);
  gtk_widget_set_visible (self->header, has_entry);
  gtk_widget_set_visible (GTK_WIDGET (self->form), has_entry);
  gtk_widget_set_visible (GTK_WIDGET (self->totals_label), has_entry && formation != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->placement_label), has_entry && unit != NULL);
  if (!has_entry)
    {
      gtk_label_set_text (self->totals_label, "");
      return;
    }

  self->loading = TRUE;
  {
    const char *name = unit ? unit->designation : formation->name;
    const char *id = unit ? unit->id : formation->id;
    g_autofree char *subtitle = g_strdup_printf (_("%s · id %s"),
                                                 unit ? unit_type_title (unit->type)
                                                      : formation_kind_title (formation->kind), id);
    gtk_label_set_text (self->title_label, name && name[0] ? name : _("(no name yet)"));
    gtk_label_set_text (self->subtitle_label, subtitle);
  }
  gtk_widget_queue_draw (GTK_WIDGET (self->counter_area));

  for (guint i = 0; i < G_N_ELEMENTS (field_specs); i++)
    load_field (self, &self->fields[field_specs[i].field], unit, formation);

  if (formation != NULL)
    {
      int sp = 0, guns = 0, missing = 0;
      g_autoptr(GString) text = g_string_new (NULL);

      gbacw_oob_formation_totals (scenario, formation->id, &sp, &guns, &missing);
      /* TRANSLATORS: a brigade's totals: its Strength Points, its guns */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "Total %d SP and %d gun", "Total %d SP and %d guns", guns),
                              sp, guns);
      if (missing > 0)
        g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " (%d unit not entered yet)",
                                                   " (%d units not entered yet)", missing), missing);
      if (formation->bce[0] != GBACW_UNSET)
        g_string_append_printf (text, _(" · BCE limit %d"), formation->bce[0]);
      else
        g_string_append (text, _(" · BCE limit not entered"));
      if (formation->bce[1] != GBACW_UNSET)
        g_string_append_printf (text, _(", day 2: %d"), formation->bce[1]);
      gtk_label_set_text (self->totals_label, text->str);
    }
  else
    gtk_label_set_text (self->totals_label, "");
  if (unit != NULL)
    {
      g_autofree char *placement = describe_placement (scenario, unit);
      gtk_label_set_text (self->placement_label, placement);
    }
  self->loading = FALSE;
}

static void
draw_counter (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  GbacwOobInspector *self = user_data;
  const GbacwScenario *scenario = get_scenario (self);

  if (scenario != NULL && self->item != NULL)
    gbacw_oob_draw_entry_counter (cr, scenario, self->item, width / 2.0, height / 2.0, MIN (width, height) - 2);
}

/* ---------------------------------------------------------------- editing */

static void
apply (GbacwOobInspector *self,
       Field             *f,
       const char        *text)
{
  GbacwOobEntry entry;
  g_autoptr(GError) error = NULL;
  GbacwCommand *command;

  if (self->loading || self->document == NULL || self->item == NULL
      || !gbacw_oob_item_get_entry (self->item, &entry))
    return;
  command = gbacw_oob_set_field (gbacw_document_get_scenario (self->document), entry,
                                 gbacw_oob_item_get_id (self->item), f->spec->field, text, &error);
  if (command == NULL)
    {
      set_message (f, error->message);
      return;
    }
  set_message (f, NULL);
  self->applying = f->spec->field;
  gbacw_document_execute (self->document, command);
  self->applying = -1;
  if ((text == NULL || text[0] == '\0') && f->spec->kind != WIDGET_CHECK)
    gtk_widget_add_css_class (f->label, "oob-unset");
  else
    gtk_widget_remove_css_class (f->label, "oob-unset");
}

static void
on_entry_changed (GtkEditable *editable,
                  Field       *f)
{
  apply (f->self, f, gtk_editable_get_text (editable));
}

static void
on_check_toggled (GtkCheckButton *button,
                  Field          *f)
{
  apply (f->self, f, gtk_check_button_get_active (button) ? "yes" : "");
}

static void
on_dropdown_selected (GtkDropDown *dropdown,
                      GParamSpec  *pspec,
                      Field       *f)
{
  guint index = gtk_drop_down_get_selected (dropdown);

  if (index == GTK_INVALID_LIST_POSITION || index >= f->values->len)
    return;
  apply (f->self, f, g_ptr_array_index (f->values, index));
}

/* ---------------------------------------------------------------- document */

static void
on_document_changed (GbacwOobInspector *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  const GbacwUnit *unit;
  const GbacwFormation *formation;

  if (change != NULL && (change->flags & (GBACW_CHANGE_OOB | GBACW_CHANGE_CHARTS | GBACW_CHANGE_DEPLOYMENT
                                          | GBACW_CHANGE_REINFORCEMENTS | GBACW_CHANGE_SETTINGS)) == 0)
    return;
  if (self->item != NULL && !get_entry (self, &unit, &formation))
    {
      gbacw_oob_inspector_set_item (self, NULL);
      return;
    }
  load (self);
}

GbacwDocument *
gbacw_oob_inspector_get_document (GbacwOobInspector *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_INSPECTOR (self), NULL);
  return self->document;
}

void
gbacw_oob_inspector_set_document (GbacwOobInspector *self,
                                  GbacwDocument     *document)
{
  g_return_if_fail (GBACW_IS_OOB_INSPECTOR (self));
  g_return_if_fail (document == NULL || GBACW_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  g_clear_object (&self->item);
  load (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
}

GbacwOobItem *
gbacw_oob_inspector_get_item (GbacwOobInspector *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_INSPECTOR (self), NULL);
  return self->item;
}

void
gbacw_oob_inspector_set_item (GbacwOobInspector *self,
                              GbacwOobItem      *item)
{
  g_return_if_fail (GBACW_IS_OOB_INSPECTOR (self));
  g_return_if_fail (item == NULL || GBACW_IS_OOB_ITEM (item));

  if (item != NULL && gbacw_oob_item_get_kind (item) == GBACW_OOB_ITEM_SIDE)
    item = NULL;
  if (!g_set_object (&self->item, item))
    return;
  self->applying = -1;
  load (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
}

GtkWidget *
gbacw_oob_inspector_get_field_widget (GbacwOobInspector *self,
                                      GbacwOobField      field)
{
  g_return_val_if_fail (GBACW_IS_OOB_INSPECTOR (self), NULL);
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, NULL);

  if (self->fields[field].widget == NULL || !gtk_widget_get_visible (self->fields[field].widget)
      || !gtk_widget_get_visible (GTK_WIDGET (self->form)))
    return NULL;
  return self->fields[field].widget;
}

void
gbacw_oob_inspector_set_field_text (GbacwOobInspector *self,
                                    GbacwOobField      field,
                                    const char        *text)
{
  Field *f;

  g_return_if_fail (GBACW_IS_OOB_INSPECTOR (self));
  g_return_if_fail (field < GBACW_N_OOB_FIELDS);

  f = &self->fields[field];
  if (f->widget == NULL)
    return;
  switch (f->spec->kind)
    {
    case WIDGET_ENTRY:
      gtk_editable_set_text (GTK_EDITABLE (f->widget), text ? text : "");
      break;
    case WIDGET_CHECK:
      gtk_check_button_set_active (GTK_CHECK_BUTTON (f->widget), g_strcmp0 (text, "yes") == 0);
      break;
    case WIDGET_DROPDOWN:
    default:
      {
        int index = choices_find (f, text ? text : "");
        if (index < 0)
          {
            /* Not a choice: let the model say why. */
            apply (self, f, text);
            return;
          }
        gtk_drop_down_set_selected (GTK_DROP_DOWN (f->widget), (guint) index);
        break;
      }
    }
}

void
gbacw_oob_inspector_focus_field (GbacwOobInspector *self,
                                 GbacwOobField      field)
{
  GtkWidget *widget;

  g_return_if_fail (GBACW_IS_OOB_INSPECTOR (self));
  g_return_if_fail (field < GBACW_N_OOB_FIELDS);

  widget = gbacw_oob_inspector_get_field_widget (self, field);
  if (widget != NULL)
    gtk_widget_grab_focus (widget);
}

const char *
gbacw_oob_inspector_get_message (GbacwOobInspector *self,
                                 GbacwOobField      field)
{
  g_return_val_if_fail (GBACW_IS_OOB_INSPECTOR (self), NULL);
  g_return_val_if_fail (field < GBACW_N_OOB_FIELDS, NULL);

  if (self->fields[field].message == NULL || !gtk_widget_get_visible (self->fields[field].message))
    return "";
  return gtk_label_get_text (GTK_LABEL (self->fields[field].message));
}

const char *
gbacw_oob_inspector_get_totals (GbacwOobInspector *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_INSPECTOR (self), NULL);
  return gtk_label_get_text (self->totals_label);
}

const char *
gbacw_oob_inspector_get_placement (GbacwOobInspector *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_INSPECTOR (self), NULL);
  return gtk_label_get_text (self->placement_label);
}

/* ---------------------------------------------------------------- GObject */

static void
build_form (GbacwOobInspector *self)
{
  int row = 0;

  for (guint i = 0; i < G_N_ELEMENTS (field_specs); i++)
    {
      const FieldSpec *spec = &field_specs[i];
      Field *f = &self->fields[spec->field];

      f->self = self;
      f->spec = spec;
      f->label = gtk_label_new (_(spec->title));
      gtk_label_set_xalign (GTK_LABEL (f->label), 0);
      gtk_widget_set_tooltip_text (f->label, _(spec->hint));
      gtk_widget_add_css_class (f->label, "oob-field-name");

      switch (spec->kind)
        {
        case WIDGET_ENTRY:
          f->widget = gtk_entry_new ();
          gtk_entry_set_placeholder_text (GTK_ENTRY (f->widget), _("not entered"));
          gtk_editable_set_width_chars (GTK_EDITABLE (f->widget), 8);
          g_signal_connect (f->widget, "changed", G_CALLBACK (on_entry_changed), f);
          break;
        case WIDGET_CHECK:
          f->widget = gtk_check_button_new ();
          g_signal_connect (f->widget, "toggled", G_CALLBACK (on_check_toggled), f);
          break;
        case WIDGET_DROPDOWN:
        default:
          f->strings = gtk_string_list_new (NULL);
          f->values = g_ptr_array_new_with_free_func (g_free);
          f->widget = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (f->strings)), NULL);
          g_signal_connect (f->widget, "notify::selected", G_CALLBACK (on_dropdown_selected), f);
          break;
        }
      gtk_widget_set_hexpand (f->widget, TRUE);
      gtk_widget_set_tooltip_text (f->widget, _(spec->hint));
      gtk_accessible_update_relation (GTK_ACCESSIBLE (f->widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, f->label, NULL,
                                      -1);

      f->message = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (f->message), 0);
      gtk_label_set_wrap (GTK_LABEL (f->message), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (f->message), 30);
      gtk_widget_add_css_class (f->message, "error");
      gtk_widget_add_css_class (f->message, "oob-field-message");
      gtk_widget_set_visible (f->message, FALSE);

      gtk_grid_attach (self->form, f->label, 0, row, 1, 1);
      gtk_grid_attach (self->form, f->widget, 1, row, 1, 1);
      gtk_grid_attach (self->form, f->message, 0, row + 1, 2, 1);
      row += 2;
    }
}

static void
gbacw_oob_inspector_dispose (GObject *object)
{
  GbacwOobInspector *self = GBACW_OOB_INSPECTOR (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);
  g_clear_object (&self->item);
  /* The form's widgets go with the template; their signal data (the fields) stay valid until then. */
  for (guint i = 0; i < G_N_ELEMENTS (field_specs); i++)
    {
      Field *f = &self->fields[field_specs[i].field];
      if (f->widget != NULL)
        g_signal_handlers_disconnect_matched (f->widget, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, f);
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_OOB_INSPECTOR);

  G_OBJECT_CLASS (gbacw_oob_inspector_parent_class)->dispose (object);
}

static void
gbacw_oob_inspector_finalize (GObject *object)
{
  GbacwOobInspector *self = GBACW_OOB_INSPECTOR (object);

  for (guint i = 0; i < G_N_ELEMENTS (field_specs); i++)
    {
      Field *f = &self->fields[field_specs[i].field];
      g_clear_object (&f->strings);
      g_clear_pointer (&f->values, g_ptr_array_unref);
    }

  G_OBJECT_CLASS (gbacw_oob_inspector_parent_class)->finalize (object);
}

static void
gbacw_oob_inspector_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  GbacwOobInspector *self = GBACW_OOB_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_oob_inspector_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  GbacwOobInspector *self = GBACW_OOB_INSPECTOR (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_oob_inspector_set_document (self, g_value_get_object (value));
      break;
    case PROP_ITEM:
      gbacw_oob_inspector_set_item (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_oob_inspector_class_init (GbacwOobInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_oob_inspector_dispose;
  object_class->finalize = gbacw_oob_inspector_finalize;
  object_class->get_property = gbacw_oob_inspector_get_property;
  object_class->set_property = gbacw_oob_inspector_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, GBACW_TYPE_OOB_ITEM,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-oob-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwOobInspector, empty_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobInspector, header);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobInspector, counter_area);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobInspector, title_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobInspector, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobInspector, totals_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobInspector, placement_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwOobInspector, form);

  gtk_widget_class_set_css_name (widget_class, "oobinspector");
}

static void
gbacw_oob_inspector_init (GbacwOobInspector *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->applying = -1;
  gtk_drawing_area_set_draw_func (self->counter_area, draw_counter, self, NULL);
  build_form (self);
  load (self);
}

GtkWidget *
gbacw_oob_inspector_new (void)
{
  return g_object_new (GBACW_TYPE_OOB_INSPECTOR, NULL);
}
