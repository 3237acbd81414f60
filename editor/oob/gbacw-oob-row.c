/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-oob-row.c: a row of the order-of-battle panel. */
#define G_LOG_DOMAIN "gbacw-oob-row"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-counter.h"
#include "gbacw-oob-row.h"

#define COUNTER_PX 30
#define INDENT_PX 16

struct _GbacwOobRow
{
  GtkWidget parent_instance;

  GtkWidget *expander;
  GtkWidget *counter;
  /* Inscriptions rather than labels: rows are made and dropped as the list scrolls. */
  GtkInscription *name_line;
  GtkInscription *detail_line;
  gpointer texts;            /* RowTexts shown (a reference) */

  GbacwDocument *document;   /* not owned: the panel keeps it while rows are bound */
  GbacwOobItem *item;
  gulong changed_handler;
};

G_DEFINE_FINAL_TYPE (GbacwOobRow, gbacw_oob_row, GTK_TYPE_WIDGET)

static const GbacwScenario *
get_scenario (GbacwOobRow *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

/* ---------------------------------------------------------------- values */

/* The values the rules need of each kind of entry (the others are optional). */
static const GbacwOobField infantry_fields[] = { GBACW_OOB_FIELD_NAME, GBACW_OOB_FIELD_STRENGTH, GBACW_OOB_FIELD_MORALE,
                                                 GBACW_OOB_FIELD_WEAPON };
static const GbacwOobField cavalry_fields[] = { GBACW_OOB_FIELD_NAME, GBACW_OOB_FIELD_STRENGTH, GBACW_OOB_FIELD_MORALE,
                                                GBACW_OOB_FIELD_DISMOUNTED_MORALE, GBACW_OOB_FIELD_WEAPON };
static const GbacwOobField artillery_fields[] = { GBACW_OOB_FIELD_NAME, GBACW_OOB_FIELD_GUNS, GBACW_OOB_FIELD_MORALE,
                                                  GBACW_OOB_FIELD_WEAPON, GBACW_OOB_FIELD_ROUNDS };
static const GbacwOobField wagon_fields[] = { GBACW_OOB_FIELD_NAME, GBACW_OOB_FIELD_SMALL_ARMS,
                                              GBACW_OOB_FIELD_ARTILLERY_AMMO };
static const GbacwOobField leader_fields[] = { GBACW_OOB_FIELD_NAME, GBACW_OOB_FIELD_ER, GBACW_OOB_FIELD_RALLY };
static const GbacwOobField brigade_fields[] = { GBACW_OOB_FIELD_NAME, GBACW_OOB_FIELD_COMMANDER,
                                                GBACW_OOB_FIELD_BCE_DAY1 };
static const GbacwOobField formation_fields[] = { GBACW_OOB_FIELD_NAME, GBACW_OOB_FIELD_COMMANDER };

static const char *
field_title (GbacwOobField field)
{
  switch (field)
    {
    case GBACW_OOB_FIELD_NAME: return _("name");
    case GBACW_OOB_FIELD_COMMANDER: return _("commander");
    case GBACW_OOB_FIELD_STRENGTH: return _("strength");
    case GBACW_OOB_FIELD_MORALE: return _("morale");
    case GBACW_OOB_FIELD_DISMOUNTED_MORALE: return _("dismounted morale");
    case GBACW_OOB_FIELD_WEAPON: return _("weapon");
    case GBACW_OOB_FIELD_GUNS: return _("guns");
    case GBACW_OOB_FIELD_ROUNDS: return _("rounds");
    case GBACW_OOB_FIELD_SMALL_ARMS: return _("small-arms boxes");
    case GBACW_OOB_FIELD_ARTILLERY_AMMO: return _("artillery boxes");
    case GBACW_OOB_FIELD_ER: return _("Effectiveness Radius");
    case GBACW_OOB_FIELD_RALLY: return _("rally rating");
    case GBACW_OOB_FIELD_BCE_DAY1: return _("BCE limit");
    default: return gbacw_oob_field_to_string (field);
    }
}

guint
gbacw_oob_count_missing (const GbacwScenario *scenario,
                         GbacwOobItem        *item,
                         GString             *names)
{
  const GbacwOobField *fields = NULL;
  const GbacwUnit *unit = NULL;
  const GbacwFormation *formation = NULL;
  guint n_fields = 0, n = 0;

  g_return_val_if_fail (scenario != NULL, 0);
  g_return_val_if_fail (GBACW_IS_OOB_ITEM (item), 0);

#define SET_FIELDS(a) (fields = (a), n_fields = G_N_ELEMENTS (a))
  switch (gbacw_oob_item_get_kind (item))
    {
    case GBACW_OOB_ITEM_UNIT:
      unit = gbacw_oob_find_unit (&scenario->oob, gbacw_oob_item_get_id (item));
      if (unit == NULL)
        return 0;
      switch (unit->type)
        {
        case GBACW_UNIT_INFANTRY: SET_FIELDS (infantry_fields); break;
        case GBACW_UNIT_CAVALRY: SET_FIELDS (cavalry_fields); break;
        case GBACW_UNIT_ARTILLERY: SET_FIELDS (artillery_fields); break;
        case GBACW_UNIT_WAGON: SET_FIELDS (wagon_fields); break;
        case GBACW_UNIT_LEADER:
        default: SET_FIELDS (leader_fields); break;
        }
      break;
    case GBACW_OOB_ITEM_FORMATION:
      formation = gbacw_oob_find_formation (&scenario->oob, gbacw_oob_item_get_id (item));
      if (formation == NULL)
        return 0;
      if (formation->kind == GBACW_FORMATION_BRIGADE)
        SET_FIELDS (brigade_fields);
      else
        SET_FIELDS (formation_fields);
      break;
    case GBACW_OOB_ITEM_SIDE:
    default:
      return 0;
    }
#undef SET_FIELDS

  for (guint i = 0; i < n_fields; i++)
    {
      g_autofree char *text = unit ? gbacw_oob_field_format_unit (unit, fields[i])
                                   : gbacw_oob_field_format_formation (formation, fields[i]);
      if (text == NULL || text[0] == '\0')
        {
          if (names != NULL)
            {
              if (n > 0)
                g_string_append (names, ", ");
              g_string_append (names, field_title (fields[i]));
            }
          n++;
        }
    }
  return n;
}

static const char *
unit_type_title (GbacwUnitType type)
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
formation_kind_title (GbacwFormationKind kind)
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
formation_size_marks (GbacwFormationKind kind)
{
  switch (kind)
    {
    case GBACW_FORMATION_ARMY: return "XXXX";
    case GBACW_FORMATION_CORPS: return "XXX";
    case GBACW_FORMATION_DIVISION: return "XX";
    case GBACW_FORMATION_BRIGADE: return "X";
    case GBACW_FORMATION_GROUP:
    default: return "●●";
    }
}

/* Appends a value with its words (format has one %d), unless not entered. */
#define append_value(text, format, value) \
  G_STMT_START { \
    int v_ = (value); \
    if (v_ != GBACW_UNSET) \
      { \
        g_string_append (text, " · "); \
        g_string_append_printf (text, format, v_); \
      } \
  } G_STMT_END

static char *
describe_unit (const GbacwUnit *unit)
{
  GString *text = g_string_new (unit_type_title (unit->type));

  switch (unit->type)
    {
    case GBACW_UNIT_INFANTRY:
    case GBACW_UNIT_CAVALRY:
      /* TRANSLATORS: Strength Points of a unit in the order-of-battle panel */
      append_value (text, _("%d SP"), unit->strength);
      break;
    case GBACW_UNIT_ARTILLERY:
      append_value (text, g_dngettext (GETTEXT_PACKAGE, "%d gun", "%d guns", unit->guns), unit->guns);
      append_value (text, g_dngettext (GETTEXT_PACKAGE, "%d round", "%d rounds", unit->rounds), unit->rounds);
      break;
    case GBACW_UNIT_WAGON:
      append_value (text, g_dngettext (GETTEXT_PACKAGE, "%d small-arms box", "%d small-arms boxes",
                                       unit->small_arms_boxes),
                    unit->small_arms_boxes);
      append_value (text, g_dngettext (GETTEXT_PACKAGE, "%d artillery box", "%d artillery boxes", unit->artillery_boxes),
                    unit->artillery_boxes);
      break;
    case GBACW_UNIT_LEADER:
    default:
      if (unit->rank != NULL)
        g_string_append_printf (text, " · %s", unit->rank);
      append_value (text, _("ER %d"), unit->er);
      append_value (text, _("rally %d"), unit->rally);
      break;
    }
  if (unit->type != GBACW_UNIT_LEADER && unit->morale != GBACW_UNSET)
    {
      if (unit->morale == GBACW_MORALE_GREEN)
        g_string_append (text, _(" · green (?)"));
      else
        append_value (text, _("morale %d"), unit->morale);
    }
  if (unit->weapon != NULL)
    g_string_append_printf (text, " · %s", unit->weapon);
  if (unit->flags & GBACW_UNIT_FLAG_INDEPENDENT)
    g_string_append (text, _(" · independent"));
  if (unit->flags & GBACW_UNIT_FLAG_SHARPSHOOTER)
    g_string_append (text, _(" · sharpshooters"));
  return g_string_free (text, FALSE);
}

static char *
describe_formation (const GbacwScenario  *scenario,
                    const GbacwFormation *formation)
{
  GString *text = g_string_new (formation_kind_title (formation->kind));
  const GbacwUnit *leader = formation->commander ? gbacw_oob_find_unit (&scenario->oob, formation->commander) : NULL;

  if (leader != NULL)
    g_string_append_printf (text, " · %s", leader->designation ? leader->designation : leader->id);
  if (formation->independent)
    g_string_append (text, _(" · independent"));
  return g_string_free (text, FALSE);
}

/* What gbacw_oob_formation_totals () counts, from the tree below the item (only
 * the entries under it, rather than the whole order of battle). */
static void
add_totals (const GbacwScenario *scenario,
            GbacwOobItem        *item,
            int                 *sp,
            int                 *guns,
            int                  depth)
{
  GListModel *children = G_LIST_MODEL (gbacw_oob_item_get_children (item));

  if (children == NULL || depth > 64)
    return;
  for (guint i = 0, n = g_list_model_get_n_items (children); i < n; i++)
    {
      g_autoptr(GbacwOobItem) child = g_list_model_get_item (children, i);
      const GbacwUnit *u;

      if (gbacw_oob_item_get_kind (child) != GBACW_OOB_ITEM_UNIT)
        {
          add_totals (scenario, child, sp, guns, depth + 1);
          continue;
        }
      u = gbacw_oob_find_unit (&scenario->oob, gbacw_oob_item_get_id (child));
      if (u == NULL)
        continue;
      if ((u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY) && u->strength != GBACW_UNSET)
        *sp += u->strength;
      else if (u->type == GBACW_UNIT_ARTILLERY && u->guns != GBACW_UNSET)
        *guns += u->guns;
    }
}

/* "15 SP · 4 guns / BCE 7", day 2 after a slash when it differs. */
static char *
describe_totals (const GbacwScenario  *scenario,
                 GbacwOobItem         *item,
                 const GbacwFormation *formation)
{
  GString *text;
  int sp = 0, guns = 0;

  if (formation->kind != GBACW_FORMATION_BRIGADE)
    return NULL;
  add_totals (scenario, item, &sp, &guns, 0);
  text = g_string_new (NULL);
  /* TRANSLATORS: a brigade's total Strength Points, beside its BCE limit */
  g_string_append_printf (text, _("%d SP"), sp);
  if (guns > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " · %d gun", " · %d guns", guns), guns);
  if (formation->bce[0] == GBACW_UNSET)
    g_string_append (text, _(" / BCE –"));
  else if (formation->bce[1] != GBACW_UNSET && formation->bce[1] != formation->bce[0])
    g_string_append_printf (text, _(" / BCE %d, %d"), formation->bce[0], formation->bce[1]);
  else
    g_string_append_printf (text, _(" / BCE %d"), formation->bce[0]);
  return g_string_free (text, FALSE);
}

/* ---------------------------------------------------------------- counter */

static gboolean
parse_colour (const char *s,
              double     *r,
              double     *g,
              double     *b)
{
  GdkRGBA rgba;

  if (s == NULL || !gdk_rgba_parse (&rgba, s))
    return FALSE;
  *r = rgba.red;
  *g = rgba.green;
  *b = rgba.blue;
  return TRUE;
}

void
gbacw_oob_draw_entry_counter (cairo_t             *cr,
                              const GbacwScenario *scenario,
                              GbacwOobItem        *item,
                              double               x,
                              double               y,
                              double               size)
{
  const char *id = gbacw_oob_item_get_id (item);
  const GbacwSide *side = NULL;
  const char *marks = NULL;
  double r = 0.6, g = 0.6, b = 0.6;

  switch (gbacw_oob_item_get_kind (item))
    {
    case GBACW_OOB_ITEM_UNIT:
      {
        const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, id);
        if (unit != NULL)
          gbacw_counter_draw (cr, scenario, unit, NULL, x, y, size,
                              GBACW_COUNTER_TEXT | GBACW_COUNTER_UPRIGHT);
        return;
      }
    case GBACW_OOB_ITEM_FORMATION:
      {
        const GbacwFormation *formation = gbacw_oob_find_formation (&scenario->oob, id);
        const GbacwUnit *leader;
        if (formation == NULL)
          return;
        leader = formation->commander ? gbacw_oob_find_unit (&scenario->oob, formation->commander) : NULL;
        if (leader != NULL)
          {
            gbacw_counter_draw (cr, scenario, leader, NULL, x, y, size, GBACW_COUNTER_TEXT | GBACW_COUNTER_UPRIGHT);
            return;
          }
        side = gbacw_oob_find_side (&scenario->oob, formation->side);
        marks = formation_size_marks (formation->kind);
        break;
      }
    case GBACW_OOB_ITEM_SIDE:
    default:
      side = gbacw_oob_find_side (&scenario->oob, id);
      break;
    }

  /* A flag in the side's colour. */
  if (side != NULL)
    parse_colour (side->colour, &r, &g, &b);
  cairo_save (cr);
  cairo_rectangle (cr, x - size / 2, y - size * 0.35, size, size * 0.7);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  if (marks != NULL)
    {
      cairo_text_extents_t ext;
      double lum = 0.3 * r + 0.59 * g + 0.11 * b;

      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, size * 0.3);
      cairo_text_extents (cr, marks, &ext);
      cairo_move_to (cr, x - ext.x_bearing - ext.width / 2, y - ext.y_bearing - ext.height / 2);
      if (lum > 0.55)
        cairo_set_source_rgb (cr, 0, 0, 0);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_show_text (cr, marks);
    }
  cairo_restore (cr);
}

static void
draw_counter (GtkDrawingArea *area,
              cairo_t        *cr,
              int             width,
              int             height,
              gpointer        user_data)
{
  GbacwOobRow *self = GBACW_OOB_ROW (user_data);
  const GbacwScenario *scenario = get_scenario (self);

  if (scenario == NULL || self->item == NULL)
    return;
  gbacw_oob_draw_entry_counter (cr, scenario, self->item, width / 2.0, height / 2.0, MIN (width, height) - 2);
}

/* ---------------------------------------------------------------- binding */

enum {
  TEXT_NAME,
  TEXT_DETAIL,
  TEXT_TOTALS,
  TEXT_MISSING,
};


/* What a row shows of an entry, worked out once and kept on the item until the entry
 * changes (the list binds a couple of hundred rows at a time). */
typedef struct {
  char *parts[4];            /* name, detail, totals, missing (NULL when none) */
  char *missing_names;
  char *name_text;
  PangoAttrList *name_attrs;
  char *detail_text;
  PangoAttrList *detail_attrs;
} RowTexts;

#define TEXTS_KEY "gbacw-oob-row-texts"

static void
row_texts_clear (gpointer data)
{
  RowTexts *texts = data;

  for (guint i = 0; i < G_N_ELEMENTS (texts->parts); i++)
    g_free (texts->parts[i]);
  g_free (texts->missing_names);
  g_free (texts->name_text);
  g_free (texts->detail_text);
  g_clear_pointer (&texts->name_attrs, pango_attr_list_unref);
  g_clear_pointer (&texts->detail_attrs, pango_attr_list_unref);
}

static void
row_texts_release (gpointer data)
{
  g_rc_box_release_full (data, row_texts_clear);
}

void
gbacw_oob_row_forget_texts (GbacwOobItem *item)
{
  g_return_if_fail (GBACW_IS_OOB_ITEM (item));
  g_object_set_data (G_OBJECT (item), TEXTS_KEY, NULL);
}

static void
parse_line (const char     *markup,
            char          **text,
            PangoAttrList **attrs)
{
  if (!pango_parse_markup (markup, -1, 0, attrs, text, NULL, NULL))
    {
      *text = g_strdup (markup);
      *attrs = NULL;
    }
}

static RowTexts *
compute_texts (const GbacwScenario *scenario,
               GbacwOobItem        *item)
{
  const char *id = gbacw_oob_item_get_id (item);
  g_autofree char *detail = NULL;
  g_autofree char *totals = NULL;
  g_autoptr(GString) missing_names = g_string_new (NULL);
  g_autoptr(GString) markup = g_string_new (NULL);
  const char *name = NULL;
  gboolean formation = gbacw_oob_item_get_kind (item) != GBACW_OOB_ITEM_UNIT;
  RowTexts *texts;
  guint n_missing;

  switch (gbacw_oob_item_get_kind (item))
    {
    case GBACW_OOB_ITEM_SIDE:
      {
        const GbacwSide *side = gbacw_oob_find_side (&scenario->oob, id);
        guint n = g_list_model_get_n_items (G_LIST_MODEL (gbacw_oob_item_get_children (item)));
        name = side && side->name ? side->name : id;
        detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u entry at the top level",
                                               "%u entries at the top level", n), n);
        break;
      }
    case GBACW_OOB_ITEM_FORMATION:
      {
        const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, id);
        if (f == NULL)
          return NULL;
        name = f->name;
        detail = describe_formation (scenario, f);
        totals = describe_totals (scenario, item, f);
        break;
      }
    case GBACW_OOB_ITEM_UNIT:
    default:
      {
        const GbacwUnit *unit = gbacw_oob_find_unit (&scenario->oob, id);
        if (unit == NULL)
          return NULL;
        name = unit->designation;
        detail = describe_unit (unit);
        break;
      }
    }

  texts = g_rc_box_new0 (RowTexts);
  texts->parts[TEXT_NAME] = name && name[0] ? g_strdup (name) : NULL;
  texts->parts[TEXT_DETAIL] = g_steal_pointer (&detail);
  texts->parts[TEXT_TOTALS] = g_steal_pointer (&totals);
  n_missing = gbacw_oob_count_missing (scenario, item, missing_names);
  if (n_missing > 0)
    {
      texts->parts[TEXT_MISSING] = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u to enter", "%u to enter",
                                                                 n_missing), n_missing);
      texts->missing_names = g_string_free (g_steal_pointer (&missing_names), FALSE);
    }

  if (texts->parts[TEXT_NAME] == NULL)
    {
      /* TRANSLATORS: an entry without a name yet, followed by its id */
      g_autofree char *unnamed = g_strdup_printf (_("(no name) %s"), id);
      g_autofree char *escaped = g_markup_escape_text (unnamed, -1);
      g_string_append_printf (markup, "<span alpha=\"55%%\">%s</span>", escaped);
    }
  else
    {
      g_autofree char *escaped = g_markup_escape_text (texts->parts[TEXT_NAME], -1);
      g_string_append_printf (markup, formation ? "<b>%s</b>" : "%s", escaped);
    }
  if (texts->parts[TEXT_MISSING] != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (texts->parts[TEXT_MISSING], -1);
      g_string_append_printf (markup, "   <span size=\"smaller\" foreground=\"#c64600\">● %s</span>", escaped);
    }
  parse_line (markup->str, &texts->name_text, &texts->name_attrs);

  g_string_truncate (markup, 0);
  if (texts->parts[TEXT_DETAIL] != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (texts->parts[TEXT_DETAIL], -1);
      g_string_append_printf (markup, "<span size=\"smaller\" alpha=\"70%%\">%s</span>", escaped);
    }
  if (texts->parts[TEXT_TOTALS] != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (texts->parts[TEXT_TOTALS], -1);
      g_string_append_printf (markup, "  <span size=\"smaller\" weight=\"bold\">%s</span>", escaped);
    }
  parse_line (markup->str, &texts->detail_text, &texts->detail_attrs);
  return texts;
}

void
gbacw_oob_row_refresh (GbacwOobRow *self)
{
  const GbacwScenario *scenario = get_scenario (self);
  RowTexts *texts;

  g_return_if_fail (GBACW_IS_OOB_ROW (self));

  if (scenario == NULL || self->item == NULL)
    return;
  texts = g_object_get_data (G_OBJECT (self->item), TEXTS_KEY);
  if (texts == NULL)
    {
      texts = compute_texts (scenario, self->item);
      if (texts == NULL)
        return;
      g_object_set_data_full (G_OBJECT (self->item), TEXTS_KEY, texts, row_texts_release);
    }
  if (texts != self->texts)
    {
      g_clear_pointer (&self->texts, row_texts_release);
      self->texts = g_rc_box_acquire (texts);
      gtk_inscription_set_text (self->name_line, texts->name_text);
      gtk_inscription_set_attributes (self->name_line, texts->name_attrs);
      gtk_inscription_set_text (self->detail_line, texts->detail_text);
      gtk_inscription_set_attributes (self->detail_line, texts->detail_attrs);
    }
  gtk_widget_queue_draw (self->counter);
}

static void
on_item_changed (GbacwOobRow  *self,
                 GbacwOobItem *item)
{
  gbacw_oob_row_refresh (self);
}

void
gbacw_oob_row_bind (GbacwOobRow    *self,
                    GbacwDocument  *document,
                    GbacwOobItem   *item,
                    GtkTreeListRow *row)
{
  gboolean formation;

  g_return_if_fail (GBACW_IS_OOB_ROW (self));
  g_return_if_fail (GBACW_IS_OOB_ITEM (item));

  gbacw_oob_row_unbind (self);
  self->document = document;
  self->item = g_object_ref (item);
  self->changed_handler = g_signal_connect_swapped (item, "changed", G_CALLBACK (on_item_changed), self);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (self->expander), row);
  /* In the search results, the depth stands in for the tree's indent. */
  gtk_widget_set_margin_start (self->expander, row ? 0 : (int) gbacw_oob_item_get_depth (item) * INDENT_PX);

  formation = gbacw_oob_item_get_kind (item) != GBACW_OOB_ITEM_UNIT;
  if (formation)
    gtk_widget_add_css_class (GTK_WIDGET (self), "oob-formation");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "oob-formation");
  gbacw_oob_row_refresh (self);
}

void
gbacw_oob_row_unbind (GbacwOobRow *self)
{
  g_return_if_fail (GBACW_IS_OOB_ROW (self));

  if (self->item != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->item);
      g_clear_object (&self->item);
    }
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (self->expander), NULL);
  gbacw_oob_row_set_drop_mark (self, 0, FALSE);
  g_clear_pointer (&self->texts, row_texts_release);
  self->document = NULL;
}

GbacwOobItem *
gbacw_oob_row_get_item (GbacwOobRow *self)
{
  g_return_val_if_fail (GBACW_IS_OOB_ROW (self), NULL);
  return self->item;
}

void
gbacw_oob_row_set_drop_mark (GbacwOobRow *self,
                             int          position,
                             gboolean     shown)
{
  GtkWidget *widget = GTK_WIDGET (self);

  g_return_if_fail (GBACW_IS_OOB_ROW (self));

  gtk_widget_remove_css_class (widget, "drop-before");
  gtk_widget_remove_css_class (widget, "drop-into");
  gtk_widget_remove_css_class (widget, "drop-after");
  if (!shown)
    return;
  gtk_widget_add_css_class (widget, position < 0 ? "drop-before" : position > 0 ? "drop-after" : "drop-into");
}

const char *
gbacw_oob_row_get_text (GbacwOobRow *self,
                        const char  *part)
{
  g_return_val_if_fail (GBACW_IS_OOB_ROW (self), NULL);

  static const char *const parts[] = { "name", "detail", "totals", "missing" };

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (g_strcmp0 (part, parts[i]) == 0)
      return self->texts && ((RowTexts *) self->texts)->parts[i] ? ((RowTexts *) self->texts)->parts[i] : "";
  return NULL;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_oob_row_dispose (GObject *object)
{
  GbacwOobRow *self = GBACW_OOB_ROW (object);

  if (self->expander != NULL)
    gbacw_oob_row_unbind (self);
  g_clear_pointer (&self->expander, gtk_widget_unparent);
  g_clear_pointer (&self->texts, row_texts_release);

  G_OBJECT_CLASS (gbacw_oob_row_parent_class)->dispose (object);
}

static gboolean
gbacw_oob_row_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard,
                             GtkTooltip *tooltip)
{
  GbacwOobRow *self = GBACW_OOB_ROW (widget);
  g_autofree char *text = NULL;

  if (self->texts == NULL || ((RowTexts *) self->texts)->missing_names == NULL)
    return FALSE;
  text = g_strdup_printf (_("Not entered yet: %s"), ((RowTexts *) self->texts)->missing_names);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
gbacw_oob_row_class_init (GbacwOobRowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = gbacw_oob_row_dispose;
  widget_class->query_tooltip = gbacw_oob_row_query_tooltip;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "oobrow");
}

static GtkInscription *
make_line (GtkBox *box)
{
  GtkWidget *line = gtk_inscription_new (NULL);

  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (line), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_min_lines (GTK_INSCRIPTION (line), 1);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (line), 40);
  gtk_widget_set_hexpand (line, TRUE);
  gtk_box_append (box, line);
  return GTK_INSCRIPTION (line);
}

static void
gbacw_oob_row_init (GbacwOobRow *self)
{
  GtkWidget *box, *text;

  self->expander = gtk_tree_expander_new ();
  gtk_widget_set_parent (self->expander, GTK_WIDGET (self));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (self->expander), box);

  self->counter = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (self->counter), COUNTER_PX);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->counter), COUNTER_PX);
  gtk_widget_set_valign (self->counter, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->counter), draw_counter, self, NULL);
  gtk_box_append (GTK_BOX (box), self->counter);

  text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_widget_set_valign (text, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), text);
  self->name_line = make_line (GTK_BOX (text));
  self->detail_line = make_line (GTK_BOX (text));
}

GtkWidget *
gbacw_oob_row_new (void)
{
  return g_object_new (GBACW_TYPE_OOB_ROW, NULL);
}
