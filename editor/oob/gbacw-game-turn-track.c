/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game-turn-track.c: the scenario's Game-Turn track. */
#define G_LOG_DOMAIN "gbacw-game-turn-track"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-scenario.h"
#include "gbacw-game-turn-track-private.h"

#define BOX_W 48.0
#define BOX_H 64.0

struct _GbacwGameTurnTrack
{
  GtkWidget parent_instance;

  GbacwDocument *document;
  int selected_turn;
};

G_DEFINE_FINAL_TYPE (GbacwGameTurnTrack, gbacw_game_turn_track, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SELECTED_TURN,
  N_PROPS
};

enum {
  SIGNAL_ITEM_DROPPED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const GbacwScenario *
get_scenario (GbacwGameTurnTrack *self)
{
  return self->document ? gbacw_document_get_scenario (self->document) : NULL;
}

static int
n_turns (const GbacwScenario *scenario)
{
  if (scenario == NULL || scenario->turns.last < scenario->turns.first)
    return 0;
  return scenario->turns.last - scenario->turns.first + 1;
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

static const char *
reinforcement_side (const GbacwScenario      *scenario,
                    const GbacwReinforcement *r)
{
  if (r->units->len > 0)
    {
      const GbacwUnit *u = gbacw_oob_find_unit (&scenario->oob, g_ptr_array_index (r->units, 0));
      if (u != NULL)
        return u->side;
    }
  if (r->formations->len > 0)
    {
      const GbacwFormation *f = gbacw_oob_find_formation (&scenario->oob, g_ptr_array_index (r->formations, 0));
      if (f != NULL)
        return f->side;
    }
  return NULL;
}

static void
set_side_colour (cairo_t             *cr,
                 const GbacwScenario *scenario,
                 const char          *side_id,
                 double               alpha)
{
  const GbacwSide *side = side_id ? gbacw_oob_find_side (&scenario->oob, side_id) : NULL;
  GdkRGBA rgba = { 0.5, 0.5, 0.5, 1 };

  if (side != NULL && side->colour != NULL)
    gdk_rgba_parse (&rgba, side->colour);
  cairo_set_source_rgba (cr, rgba.red, rgba.green, rgba.blue, alpha);
}

guint
gbacw_game_turn_track_count_markers (GbacwGameTurnTrack *self,
                                int             turn)
{
  const GbacwScenario *scenario;
  guint n = 0;

  g_return_val_if_fail (GBACW_IS_GAME_TURN_TRACK (self), 0);
  scenario = get_scenario (self);
  for (guint i = 0; scenario != NULL && i < scenario->reinforcements->len; i++)
    n += ((GbacwReinforcement *) g_ptr_array_index (scenario->reinforcements, i))->turn == turn;
  return n;
}

static void
text_centred (cairo_t    *cr,
              const char *text,
              double      x,
              double      y)
{
  cairo_text_extents_t ext;

  cairo_text_extents (cr, text, &ext);
  cairo_move_to (cr, x - ext.x_bearing - ext.width / 2, y - ext.y_bearing - ext.height / 2);
  cairo_show_text (cr, text);
}

static void
gbacw_game_turn_track_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  GbacwGameTurnTrack *self = GBACW_GAME_TURN_TRACK (widget);
  const GbacwScenario *scenario = get_scenario (self);
  int n = n_turns (scenario);
  double h = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (n == 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, n * BOX_W, h));
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);

  for (int i = 0; i < n; i++)
    {
      int number = scenario->turns.first + i;
      const GbacwTurn *turn = find_turn (scenario, number);
      double x = i * BOX_W;
      char label[16];
      guint k = 0;

      /* The box: night turns dark. */
      cairo_rectangle (cr, x + 1, 1, BOX_W - 2, BOX_H - 2);
      if (turn != NULL && turn->night)
        cairo_set_source_rgb (cr, 0.16, 0.2, 0.32);
      else
        cairo_set_source_rgb (cr, 0.93, 0.9, 0.8);
      cairo_fill_preserve (cr);
      if (number == self->selected_turn)
        {
          cairo_set_source_rgb (cr, 0.2, 0.45, 0.85);
          cairo_set_line_width (cr, 3);
        }
      else
        {
          cairo_set_source_rgba (cr, 0.2, 0.2, 0.2, 0.7);
          cairo_set_line_width (cr, 1);
        }
      cairo_stroke (cr);

      /* The first player from this turn on. */
      if (turn != NULL && turn->first_player != NULL)
        {
          cairo_rectangle (cr, x + 2, 2, BOX_W - 4, 5);
          set_side_colour (cr, scenario, turn->first_player, 1);
          cairo_fill (cr);
        }

      if (turn != NULL && turn->night)
        cairo_set_source_rgb (cr, 0.92, 0.92, 0.98);
      else
        cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_set_font_size (cr, 15);
      g_snprintf (label, sizeof label, "%d", number);
      text_centred (cr, label, x + BOX_W / 2, 18);
      cairo_set_font_size (cr, 10);
      if (turn != NULL && turn->time != NULL)
        text_centred (cr, turn->time, x + BOX_W / 2, 33);
      else if (turn != NULL && turn->night)
        text_centred (cr, _("night"), x + BOX_W / 2, 33);

      /* Reinforcements arriving: a chip each in the side's colour. */
      for (guint r = 0; r < scenario->reinforcements->len; r++)
        {
          const GbacwReinforcement *re = g_ptr_array_index (scenario->reinforcements, r);
          double cx = x + 6 + (k % 3) * 13, cy = 42 + (k / 3) * 10;

          if (re->turn != number)
            continue;
          if (k < 6)
            {
              cairo_rectangle (cr, cx, cy, 11, 9);
              set_side_colour (cr, scenario, reinforcement_side (scenario, re), 1);
              cairo_fill_preserve (cr);
              cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
              cairo_set_line_width (cr, 1);
              cairo_stroke (cr);
            }
          k++;
        }
    }
  cairo_destroy (cr);
}

static void
gbacw_game_turn_track_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  GbacwGameTurnTrack *self = GBACW_GAME_TURN_TRACK (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = (int) (n_turns (get_scenario (self)) * BOX_W);
  else
    *minimum = *natural = (int) BOX_H;
}

int
gbacw_game_turn_track_turn_at (GbacwGameTurnTrack *self,
                          double          x)
{
  const GbacwScenario *scenario;
  int i;

  g_return_val_if_fail (GBACW_IS_GAME_TURN_TRACK (self), GBACW_UNSET);
  scenario = get_scenario (self);
  if (scenario == NULL || x < 0)
    return GBACW_UNSET;
  i = (int) (x / BOX_W);
  if (i >= n_turns (scenario))
    return GBACW_UNSET;
  return scenario->turns.first + i;
}

static void
on_pressed (GbacwGameTurnTrack  *self,
            int              n_press,
            double           x,
            double           y,
            GtkGestureClick *gesture)
{
  int turn = gbacw_game_turn_track_turn_at (self, x);

  if (turn != GBACW_UNSET)
    gbacw_game_turn_track_set_selected_turn (self, turn);
}

static gboolean
on_drop (GbacwGameTurnTrack *self,
         const GValue   *value,
         double          x,
         double          y,
         GtkDropTarget  *target)
{
  int turn = gbacw_game_turn_track_turn_at (self, x);

  if (turn == GBACW_UNSET || !G_VALUE_HOLDS (value, GBACW_TYPE_OOB_ITEM))
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_ITEM_DROPPED], 0, g_value_get_object (value), turn);
  return TRUE;
}

static void
on_document_changed (GbacwGameTurnTrack    *self,
                     const GbacwChange *change,
                     GbacwDocument     *document)
{
  if (change != NULL && (change->flags & (GBACW_CHANGE_SETTINGS | GBACW_CHANGE_REINFORCEMENTS | GBACW_CHANGE_OOB)) == 0)
    return;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GbacwDocument *
gbacw_game_turn_track_get_document (GbacwGameTurnTrack *self)
{
  g_return_val_if_fail (GBACW_IS_GAME_TURN_TRACK (self), NULL);
  return self->document;
}

void
gbacw_game_turn_track_set_document (GbacwGameTurnTrack *self,
                               GbacwDocument  *document)
{
  g_return_if_fail (GBACW_IS_GAME_TURN_TRACK (self));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (on_document_changed), self, G_CONNECT_SWAPPED);
  self->selected_turn = GBACW_UNSET;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TURN]);
}

int
gbacw_game_turn_track_get_selected_turn (GbacwGameTurnTrack *self)
{
  g_return_val_if_fail (GBACW_IS_GAME_TURN_TRACK (self), GBACW_UNSET);
  return self->selected_turn;
}

void
gbacw_game_turn_track_set_selected_turn (GbacwGameTurnTrack *self,
                                    int             turn)
{
  g_return_if_fail (GBACW_IS_GAME_TURN_TRACK (self));

  if (self->selected_turn == turn)
    return;
  self->selected_turn = turn;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TURN]);
}

static gboolean
query_tooltip (GtkWidget  *widget,
               int         x,
               int         y,
               gboolean    keyboard,
               GtkTooltip *tooltip)
{
  GbacwGameTurnTrack *self = GBACW_GAME_TURN_TRACK (widget);
  const GbacwScenario *scenario = get_scenario (self);
  int number = gbacw_game_turn_track_turn_at (self, x);
  const GbacwTurn *turn;
  g_autoptr(GString) text = NULL;
  guint n;

  if (number == GBACW_UNSET)
    return FALSE;
  turn = find_turn (scenario, number);
  text = g_string_new (NULL);
  g_string_append_printf (text, _("Game-Turn %d"), number);
  if (turn != NULL && turn->time != NULL)
    g_string_append_printf (text, ", %s", turn->time);
  if (turn != NULL && turn->night)
    g_string_append (text, _(" (night)"));
  if (turn != NULL && turn->first_player != NULL)
    {
      const GbacwSide *side = gbacw_oob_find_side (&scenario->oob, turn->first_player);
      g_string_append_printf (text, _("\nFirst player from this turn: %s"), side && side->name ? side->name
                                                                                                 : turn->first_player);
    }
  n = gbacw_game_turn_track_count_markers (self, number);
  if (n > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "\n%u reinforcement arrives",
                                               "\n%u reinforcements arrive", n), n);
  gtk_tooltip_set_text (tooltip, text->str);
  return TRUE;
}

static void
gbacw_game_turn_track_dispose (GObject *object)
{
  GbacwGameTurnTrack *self = GBACW_GAME_TURN_TRACK (object);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_func (self->document, on_document_changed, self);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (gbacw_game_turn_track_parent_class)->dispose (object);
}

static void
gbacw_game_turn_track_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  GbacwGameTurnTrack *self = GBACW_GAME_TURN_TRACK (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_SELECTED_TURN:
      g_value_set_int (value, self->selected_turn);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_game_turn_track_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  GbacwGameTurnTrack *self = GBACW_GAME_TURN_TRACK (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      gbacw_game_turn_track_set_document (self, g_value_get_object (value));
      break;
    case PROP_SELECTED_TURN:
      gbacw_game_turn_track_set_selected_turn (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
gbacw_game_turn_track_class_init (GbacwGameTurnTrackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_game_turn_track_dispose;
  object_class->get_property = gbacw_game_turn_track_get_property;
  object_class->set_property = gbacw_game_turn_track_set_property;
  widget_class->snapshot = gbacw_game_turn_track_snapshot;
  widget_class->measure = gbacw_game_turn_track_measure;
  widget_class->query_tooltip = query_tooltip;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, GBACW_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_TURN] =
    g_param_spec_int ("selected-turn", NULL, NULL, G_MININT, G_MAXINT, GBACW_UNSET,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* (GbacwOobItem *item, int turn) */
  signals[SIGNAL_ITEM_DROPPED] = g_signal_new ("item-dropped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                               NULL, NULL, G_TYPE_NONE, 2, GBACW_TYPE_OOB_ITEM, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "turntrack");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
gbacw_game_turn_track_init (GbacwGameTurnTrack *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkDropTarget *target = gtk_drop_target_new (GBACW_TYPE_OOB_ITEM, GDK_ACTION_COPY | GDK_ACTION_MOVE);

  self->selected_turn = GBACW_UNSET;
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game-Turn Track"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The scenario’s Game-Turns with the reinforcements that arrive on each; "
                                    "drop a unit on a turn to make it a reinforcement of that turn"),
                                  -1);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_swapped (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}

GtkWidget *
gbacw_game_turn_track_new (void)
{
  return g_object_new (GBACW_TYPE_GAME_TURN_TRACK, NULL);
}
