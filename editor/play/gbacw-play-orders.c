/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-orders.c: the orders the rules allow for the selection in test play
 * (see gbacw-play-orders.h). */
#define G_LOG_DOMAIN "gbacw-play-orders"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-leadership.h"
#include "gbacw-movement.h"
#include "gbacw-play-orders.h"
#include "gbacw-panel-widgets.h"

struct _GbacwPlayOrders
{
  GtkWidget parent_instance;

  /* template */
  GtkWidget *stack_section;
  GtkLabel *stack_label;
  GtkBox *stack_box;
  GtkWidget *command_section;
  GtkLabel *command_label;
  GtkWidget *points_row;
  GtkSpinButton *points_spin;
  GtkAdjustment *points_adjustment;
  GtkBox *command_box;
  GtkWidget *rally_section;
  GtkLabel *rally_label;
  GtkBox *rally_box;
  GtkWidget *supply_section;
  GtkLabel *supply_label;
  GtkBox *resupply_box;
  GtkWidget *rounds_row;
  GtkSpinButton *rounds_spin;
  GtkAdjustment *rounds_adjustment;
  GtkBox *transfer_box;
  GtkWidget *recrew_section;
  GtkBox *recrew_box;
  GtkWidget *exit_section;
  GtkBox *exit_box;
  GtkWidget *entry_section;
  GtkBox *entry_box;

  GbacwPlaySession *session;
  GArray *selection;              /* int units, the first shown */
  GArray *moving;                 /* int units that move together */
  /* what the user set in the spin buttons; kept while the panel is built again */
  int points;
  int rounds;
  gboolean building;
};

G_DEFINE_FINAL_TYPE (GbacwPlayOrders, gbacw_play_orders, GTK_TYPE_WIDGET)

enum {
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---------------------------------------------------------------- helpers */

static GbacwGame *
get_game (GbacwPlayOrders *self)
{
  return self->session ? gbacw_play_session_get_game (self->session) : NULL;
}

/* Whether a human may give orders to side's units now: nothing asked, the computer not
 * at play and not playing that side, no replay. The engine decides the rest. */
static gboolean
may_act (GbacwPlayOrders *self,
         int              side)
{
  GbacwGame *game = get_game (self);

  return game != NULL && side >= 0 && side < 2 && !gbacw_game_is_over (game) && gbacw_game_decision (game) == NULL
         && !gbacw_play_session_is_replaying (self->session) && !gbacw_play_session_computer_to_act (self->session)
         && (gbacw_play_session_get_computer (self->session) & (1u << side)) == 0;
}

/* Whether the engine would accept the action now; error (may be NULL) gets why not. */
static gboolean
accepts (GbacwPlayOrders   *self,
         GbacwAction       *action,
         GError           **error)
{
  return gbacw_game_check_action (get_game (self), action, error);
}

static const char *
unit_name (GbacwPlayOrders *self,
           int              unit)
{
  return gbacw_play_unit_name (get_game (self), unit);
}

static const char *
unit_id (GbacwPlayOrders *self,
         int              unit)
{
  return gbacw_game_unit (get_game (self), unit)->id;
}

static int
unit_by_id (GbacwPlayOrders *self,
            const char      *id)
{
  GbacwGame *game = get_game (self);
  const GbacwGameUnit *u = game ? gbacw_game_find_unit (game, id) : NULL;

  return u ? u->index : -1;
}

static gboolean
on_map (const GbacwGameUnit *u)
{
  return u->hex >= 0;
}

static const char *
formation_label (const GbacwFormation *f)
{
  return f->name && *f->name ? f->name : f->id;
}

/* The formation a leader commands, by its name; "?" when none. */
static const char *
command_name (GbacwPlayOrders *self,
              int              leader)
{
  const GbacwFormation *f = gbacw_leader_formation (get_game (self), leader);

  return f != NULL ? formation_label (f) : "?";
}

/* The index in the order of battle of the formation a leader commands, -1. */
static int
command_index (GbacwPlayOrders *self,
               int              leader)
{
  GbacwGame *game = get_game (self);
  const GbacwFormation *f = gbacw_leader_formation (game, leader);

  for (guint i = 0; f != NULL && i < game->scenario->oob.formations->len; i++)
    if (g_ptr_array_index (game->scenario->oob.formations, i) == f)
      return (int) i;
  return -1;
}

/* Why the engine refuses the order the user would look for: its message, rule case first. */
static void
add_refusal (GtkBox       *box,
             const GError *error)
{
  if (error != NULL)
    gbacw_panel_add_label (box, error->message, "play-refused");
}

/* A button that gives an order: action with target (floating, may be NULL). */
static GtkWidget *
add_order (GtkBox     *box,
           const char *label,
           const char *action,
           GVariant   *target)
{
  GtkWidget *button = gtk_button_new_with_label (label);

  gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
  gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
  if (target != NULL)
    gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), target);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_add_css_class (button, "play-order");
  gtk_box_append (box, button);
  return button;
}

static GVariant *
pair_target (GbacwPlayOrders *self,
             int              first,
             int              second)
{
  return g_variant_new ("(ss)", unit_id (self, first), unit_id (self, second));
}

/* The most that check accepts of points (1 … most), 0 when not even one: the spin
 * buttons offer no more than the rules allow. */
static int
most_accepted (GbacwPlayOrders *self,
               GbacwAction     *action,
               int              most)
{
  for (int n = most; n >= 1; n--)
    {
      action->command.points = n;
      if (accepts (self, action, NULL))
        return n;
    }
  return 0;
}

static void
set_spin_range (GbacwPlayOrders *self,
                GtkAdjustment   *adjustment,
                int              upper,
                int              wanted)
{
  self->building = TRUE;
  gtk_adjustment_configure (adjustment, CLAMP (wanted, 1, MAX (upper, 1)), 1, MAX (upper, 1), 1, 5, 0);
  self->building = FALSE;
}

/* ---------------------------------------------------------------- the stack */

static void
on_stack_unit_clicked (GbacwPlayOrders *self,
                       GtkButton       *button)
{
  const char *id = g_object_get_data (G_OBJECT (button), "unit-id");

  gtk_widget_activate_action (GTK_WIDGET (self), "play.select-unit", "s", id);
}

static gboolean
is_selected (GbacwPlayOrders *self,
             int              unit)
{
  for (guint i = 0; i < self->selection->len; i++)
    if (g_array_index (self->selection, int, i) == unit)
      return TRUE;
  return FALSE;
}

static GtkWidget *
add_icon_order (GtkBox     *box,
                const char *icon,
                const char *tooltip,
                const char *action,
                GVariant   *target,
                gboolean    sensitive)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  g_autoptr(GVariant) sunk = g_variant_ref_sink (target);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  /* a button that cannot act stays, greyed, so that the rows line up; the action would
     make it sensitive again */
  if (sensitive)
    {
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), sunk);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
    }
  else
    gtk_widget_set_sensitive (button, FALSE);
  gtk_widget_add_css_class (button, "flat");
  gtk_box_append (box, button);
  return button;
}

/* The units of side in hex, top first. */
static GArray *
side_stack (GbacwGame *game,
            int        hex,
            int        side)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  GArray *units = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; stack != NULL && i < stack->len; i++)
    if (gbacw_game_unit (game, g_array_index (stack, int, i))->side == side)
      g_array_append_val (units, g_array_index (stack, int, i));
  return units;
}

static gboolean
build_stack (GbacwPlayOrders     *self,
             const GbacwGameUnit *u)
{
  GbacwGame *game = get_game (self);
  const GArray *stack = on_map (u) ? gbacw_game_stack (game, u->hex) : NULL;
  g_autoptr(GArray) own = NULL;
  gboolean restack = FALSE;

  if (stack == NULL || stack->len < 2)
    return FALSE;
  own = side_stack (game, u->hex, u->side);
  /* 8.41: offered when the engine would take the side's stack as it is */
  if (own->len > 1 && may_act (self, u->side))
    {
      g_autoptr(GbacwAction) same = gbacw_action_new_restack (u->hex, (const int *) (gpointer) own->data, own->len);
      restack = accepts (self, same, NULL);
    }
  gtk_label_set_text (self->stack_label, restack ? _("Top first. Its owner may change the order now (8.41).")
                                                 : _("Top first."));
  for (guint i = 0; i < stack->len; i++)
    {
      int unit = g_array_index (stack, int, i);
      const GbacwGameUnit *s = gbacw_game_unit (game, unit);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      g_autofree char *label = NULL;
      GtkWidget *button;
      int place = -1;

      if (s->side == u->side)
        label = g_strdup (unit_name (self, unit));
      else
        /* TRANSLATORS: a unit of the other side in the stack: "4 Ala (Confederate)" */
        label = g_strdup_printf (_("%s (%s)"), unit_name (self, unit), gbacw_game_side_name (game, s->side));
      button = gtk_toggle_button_new_with_label (label);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), is_selected (self, unit));
      gtk_widget_set_hexpand (button, TRUE);
      gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
      gtk_label_set_ellipsize (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), PANGO_ELLIPSIZE_END);
      g_object_set_data_full (G_OBJECT (button), "unit-id", g_strdup (s->id), g_free);
      g_signal_connect_object (button, "clicked", G_CALLBACK (on_stack_unit_clicked), self, G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (row), button);

      for (guint k = 0; k < own->len; k++)
        if (g_array_index (own, int, k) == unit)
          place = (int) k;
      if (restack && place >= 0)
        {
          add_icon_order (GTK_BOX (row), "go-top-symbolic", _("Move to Top"), "orders.restack",
                          g_variant_new ("(si)", s->id, 0), place > 0);
          add_icon_order (GTK_BOX (row), "go-up-symbolic", _("Move Up"), "orders.restack",
                          g_variant_new ("(si)", s->id, place - 1), place > 0);
          add_icon_order (GTK_BOX (row), "go-down-symbolic", _("Move Down"), "orders.restack",
                          g_variant_new ("(si)", s->id, place + 1), place + 1 < (int) own->len);
        }
      gtk_box_append (self->stack_box, row);
    }
  return TRUE;
}

/* ---------------------------------------------------------------- command (17.2, 17.6) */

static gboolean
build_command (GbacwPlayOrders     *self,
               const GbacwGameUnit *u)
{
  GbacwGame *game = get_game (self);
  const GbacwFormation *formation;
  int own, parent, most_points = 0;
  guint n_attach = 0;
  gboolean division;
  g_autoptr(GError) cp_refusal = NULL;

  gtk_widget_set_visible (self->points_row, FALSE);
  if (game == NULL || game->phase != GBACW_PHASE_INITIAL_COMMAND || u->side != game->phasing_side || !on_map (u)
      || !may_act (self, u->side))
    return FALSE;

  if (!gbacw_game_is_leader (u))
    {
      /* the orders of command are the leaders': the way to the unit's commander */
      int commander = gbacw_leadership_commander (game, u->index);
      g_autofree char *label = NULL;

      if (commander < 0 || !on_map (gbacw_game_unit (game, commander)))
        return FALSE;
      gtk_label_set_text (self->command_label, _("Its commander spends Command Points, attaches and detaches "
                                                 "brigades (17.22, 17.6)."));
      label = g_strdup_printf (_("Select %s"), unit_name (self, commander));
      add_order (self->command_box, label, "play.select-unit", g_variant_new_string (unit_id (self, commander)));
      return TRUE;
    }

  formation = gbacw_leader_formation (game, u->index);
  /* 17.2, 17.6: the orders of division and brigade commanders (army and corps: none) */
  if (formation == NULL || (formation->kind != GBACW_FORMATION_DIVISION && formation->kind != GBACW_FORMATION_BRIGADE))
    return FALSE;
  own = command_index (self, u->index);
  parent = own >= 0 ? game->formation_parent[own] : -1;
  division = formation->kind == GBACW_FORMATION_DIVISION;

  if (division)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%s commands %s: %d Command Point left this phase (17.22).",
                                                            "%s commands %s: %d Command Points left this phase (17.22).",
                                                            u->cp_left),
                                               unit_name (self, u->index), command_name (self, u->index), u->cp_left);
      gtk_label_set_text (self->command_label, text);
    }
  else
    {
      g_autofree char *text = NULL;
      if (parent >= 0)
        /* TRANSLATORS: "Webb commands Webb's Brigade, of Hollister's Division." */
        text = g_strdup_printf (_("%s commands %s, of %s."), unit_name (self, u->index), command_name (self, u->index),
                                formation_label (g_ptr_array_index (game->scenario->oob.formations, parent)));
      else
        text = g_strdup_printf (_("%s commands %s, of no division (17.61)."), unit_name (self, u->index),
                                command_name (self, u->index));
      gtk_label_set_text (self->command_label, text);
    }

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *b = gbacw_game_unit (game, (int) i);
      int brigade;

      if (b == u || !gbacw_game_is_leader (b) || b->side != u->side || !on_map (b))
        continue;
      brigade = command_index (self, b->index);

      /* 17.22: Command Points on a brigade commander of his division */
      if (division && u->cp_left > 0)
        {
          g_autoptr(GbacwAction) spend = gbacw_action_new_command_points (u->index, b->index, 1);
          g_autoptr(GError) error = NULL;

          if (accepts (self, spend, &error))
            {
              g_autofree char *label = NULL;
              most_points = MAX (most_points, most_accepted (self, spend, u->cp_left));
              /* TRANSLATORS: an order: Command Points on a brigade commander, his radius now */
              label = g_strdup_printf (_("Spend on %s (Effectiveness Radius %d)"), unit_name (self, b->index),
                                       gbacw_leadership_er (game, b->index));
              add_order (self->command_box, label, "orders.command-points", g_variant_new_string (b->id));
            }
          else if (cp_refusal == NULL && brigade >= 0 && game->formation_parent[brigade] == own)
            cp_refusal = g_steal_pointer (&error);
        }

      /* 17.61, 17.64: the division commander's brigades, detached and attached */
      if (division)
        {
          g_autoptr(GbacwAction) detach = gbacw_action_new_detach (b->index);
          g_autoptr(GbacwAction) attach = gbacw_action_new_attach (b->index, u->index);

          if (brigade >= 0 && game->formation_parent[brigade] == own && accepts (self, detach, NULL))
            {
              /* TRANSLATORS: an order: detach a brigade (its name) from the division */
              g_autofree char *label = g_strdup_printf (_("Detach %s"), command_name (self, b->index));
              add_order (self->command_box, label, "orders.detach", g_variant_new_string (b->id));
            }
          if (accepts (self, attach, NULL))
            {
              /* TRANSLATORS: an order: attach a brigade (its name) to the division */
              g_autofree char *label = g_strdup_printf (_("Attach %s"), command_name (self, b->index));
              add_order (self->command_box, label, "orders.attach", pair_target (self, b->index, u->index));
            }
        }
      else
        {
          g_autoptr(GbacwAction) attach = gbacw_action_new_attach (u->index, b->index);
          if (accepts (self, attach, NULL))
            {
              /* TRANSLATORS: an order: attach the brigade to a division (its name) */
              g_autofree char *label = g_strdup_printf (_("Attach to %s"), command_name (self, b->index));
              add_order (self->command_box, label, "orders.attach", pair_target (self, u->index, b->index));
              n_attach++;
            }
        }
    }

  if (!division)
    {
      g_autoptr(GbacwAction) detach = gbacw_action_new_detach (u->index);
      g_autoptr(GError) error = NULL;

      if (accepts (self, detach, &error))
        {
          g_autofree char *label = g_strdup_printf (_("Detach %s"), command_name (self, u->index));
          add_order (self->command_box, label, "orders.detach", g_variant_new_string (u->id));
        }
      else if (parent >= 0)
        add_refusal (self->command_box, error);   /* why his brigade stays (17.62, 17.63, 17.67) */
      else if (n_attach == 0 && formation->parent != NULL)
        {
          /* detached, and no division takes it: why not its own (17.64) */
          const GbacwFormation *home = gbacw_oob_find_formation (&game->scenario->oob, formation->parent);
          for (guint i = 0; home != NULL && i < game->scenario->oob.formations->len; i++)
            if (g_ptr_array_index (game->scenario->oob.formations, i) == home && game->formation_commander[i] >= 0)
              {
                g_autoptr(GbacwAction) attach = gbacw_action_new_attach (u->index, game->formation_commander[i]);
                g_autoptr(GError) refusal = NULL;
                if (!accepts (self, attach, &refusal))
                  add_refusal (self->command_box, refusal);
              }
        }
    }
  else if (most_points == 0)
    add_refusal (self->command_box, cp_refusal);

  gtk_widget_set_visible (self->points_row, most_points > 0);
  if (most_points > 0)
    set_spin_range (self, self->points_adjustment, most_points, self->points);
  return TRUE;
}

/* ---------------------------------------------------------------- rally (13.52, 17.13) */

static gboolean
build_rally (GbacwPlayOrders     *self,
             const GbacwGameUnit *u)
{
  GbacwGame *game = get_game (self);

  if (game == NULL || game->phase != GBACW_PHASE_RALLY || u->side != game->phasing_side || !on_map (u) || !may_act (self, u->side))
    return FALSE;

  if (gbacw_game_is_leader (u))
    {
      guint n = 0;
      g_autofree char *text = NULL;

      if (u->rally_points <= 0)
        return FALSE;
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s: %d Rally Point left (17.13). Click a routed unit of his on the map, "
                                           "or:",
                                           "%s: %d Rally Points left (17.13). Click a routed unit of his on the map, "
                                           "or:", u->rally_points),
                              unit_name (self, u->index), u->rally_points);
      gtk_label_set_text (self->rally_label, text);
      for (guint i = 0; i < game->units->len; i++)
        {
          const GbacwGameUnit *c = gbacw_game_unit (game, (int) i);
          g_autoptr(GbacwAction) rally = NULL;
          g_autofree char *label = NULL;
          g_autofree char *where = NULL;

          if (c->side != u->side || !on_map (c) || !(c->status & GBACW_STATUS_ROUTED))
            continue;
          rally = gbacw_action_new_rally (u->index, c->index);
          if (!accepts (self, rally, NULL))
            continue;
          where = gbacw_game_hex_label (game, c->hex);
          /* TRANSLATORS: an order: rally a routed unit (name, hex) */
          label = g_strdup_printf (_("Rally %s (%s)"), unit_name (self, c->index), where);
          add_order (self->rally_box, label, "orders.rally", pair_target (self, u->index, c->index));
          n++;
        }
      if (n == 0)
        gbacw_panel_add_label (self->rally_box, _("No routed unit he may rally (13.52, 13.53)."), "dim-label");
      return TRUE;
    }

  if (gbacw_game_is_combat_unit (u) && (u->status & GBACW_STATUS_ROUTED))
    {
      int commander = gbacw_leadership_commander (game, u->index), asked = -1;
      guint n = 0;

      gtk_label_set_text (self->rally_label, _("Routed (13.3): a leader's Rally Point rallies it (13.52)."));
      for (guint i = 0; i < game->units->len; i++)
        {
          const GbacwGameUnit *l = gbacw_game_unit (game, (int) i);
          g_autoptr(GbacwAction) rally = NULL;
          g_autofree char *label = NULL;

          if (!gbacw_game_is_leader (l) || l->side != u->side || !on_map (l))
            continue;
          if (asked < 0 || l->index == commander)
            asked = l->index;
          rally = gbacw_action_new_rally (l->index, u->index);
          if (!accepts (self, rally, NULL))
            continue;
          label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Rally (%s, %d Rally Point left)",
                                                "Rally (%s, %d Rally Points left)", l->rally_points),
                                   unit_name (self, l->index), l->rally_points);
          add_order (self->rally_box, label, "orders.rally", pair_target (self, l->index, u->index));
          n++;
        }
      if (n == 0 && asked >= 0)
        {
          /* why not: the engine's answer for his own commander (or any leader) */
          g_autoptr(GbacwAction) rally = gbacw_action_new_rally (asked, u->index);
          g_autoptr(GError) error = NULL;
          if (!accepts (self, rally, &error))
            add_refusal (self->rally_box, error);
        }
      return TRUE;
    }
  return FALSE;
}

/* ---------------------------------------------------------------- ammunition (11.2, 11.3) */

static char *
describe_wagon (GbacwPlayOrders     *self,
                const GbacwGameUnit *w)
{
  /* TRANSLATORS: a supply wagon's artillery ammunition boxes, in "%s (%d small-arms, %s)" (11.1) */
  g_autofree char *artillery = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d artillery box", "%d artillery boxes",
                                                             w->artillery_boxes),
                                                w->artillery_boxes);
  /* TRANSLATORS: a supply wagon, its small-arms boxes and its artillery boxes ("2 artillery boxes") (11.1) */
  return g_strdup_printf (_("%s (%d small-arms, %s)"), unit_name (self, w->index), w->small_arms_boxes, artillery);
}

static void
build_resupply (GbacwPlayOrders     *self,
                const GbacwGameUnit *u,
                GString             *summary)
{
  GbacwGame *game = get_game (self);
  gboolean needs = (u->status & GBACW_STATUS_AMMO_DEPLETED)
                   || (u->type == GBACW_UNIT_ARTILLERY && u->rounds != GBACW_UNSET && u->oob->rounds != GBACW_UNSET
                       && u->rounds < u->oob->rounds);
  g_autoptr(GError) refusal = NULL;
  gboolean any_wagon = FALSE;
  guint n = 0;

  if (u->type == GBACW_UNIT_WAGON)
    {
      g_autofree char *text = describe_wagon (self, u);
      g_string_append (summary, text);
    }
  else if (u->status & GBACW_STATUS_AMMO_DEPLETED)
    g_string_append_printf (summary, _("%s is out of ammunition (11.2)."), unit_name (self, u->index));

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, (int) i);
      g_autoptr(GbacwAction) resupply = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *label = NULL;

      if (o == u || o->side != u->side || !on_map (o))
        continue;
      if (u->type == GBACW_UNIT_WAGON)
        {
          /* the units this wagon may resupply */
          resupply = gbacw_action_new_resupply (o->index, u->index);
          if (!accepts (self, resupply, NULL))
            continue;
          label = g_strdup_printf (_("Resupply %s"), unit_name (self, o->index));
          add_order (self->resupply_box, label, "orders.resupply", pair_target (self, o->index, u->index));
          n++;
          continue;
        }
      if (o->type != GBACW_UNIT_WAGON)
        continue;
      any_wagon = TRUE;
      resupply = gbacw_action_new_resupply (u->index, o->index);
      if (!accepts (self, resupply, &error))
        {
          if (refusal == NULL)
            refusal = g_steal_pointer (&error);
          continue;
        }
      {
        g_autofree char *wagon = describe_wagon (self, o);
        /* TRANSLATORS: an order: resupply the unit from a wagon (its name and boxes) */
        label = g_strdup_printf (_("Resupply from %s"), wagon);
      }
      add_order (self->resupply_box, label, "orders.resupply", pair_target (self, u->index, o->index));
      n++;
    }
  if (n == 0 && needs && u->type != GBACW_UNIT_WAGON)
    {
      if (refusal != NULL)
        add_refusal (self->resupply_box, refusal);
      else if (!any_wagon)
        gbacw_panel_add_label (self->resupply_box, _("No supply wagon of its side is on the map (11.23)."), "play-refused");
    }
}

static void
build_transfer (GbacwPlayOrders     *self,
                const GbacwGameUnit *u,
                GString             *summary)
{
  GbacwGame *game = get_game (self);
  const GbacwHexGrid *grid;
  g_autoptr(GError) refusal = NULL;
  int most_rounds = 0;

  if (game == NULL || u->type != GBACW_UNIT_ARTILLERY || u->rounds == GBACW_UNSET)
    return;
  grid = &game->scenario->map->grid;
  if (summary->len > 0)
    g_string_append_c (summary, '\n');
  if (u->oob->rounds != GBACW_UNSET)
    g_string_append_printf (summary, g_dngettext (GETTEXT_PACKAGE, "%s: %d of %d round (11.31).",
                                                  "%s: %d of %d rounds (11.31).", u->oob->rounds),
                            unit_name (self, u->index), u->rounds, u->oob->rounds);
  else
    g_string_append_printf (summary, g_dngettext (GETTEXT_PACKAGE, "%s: %d round (11.31).", "%s: %d rounds (11.31).",
                                                  u->rounds),
                            unit_name (self, u->index), u->rounds);

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *b = gbacw_game_unit (game, (int) i);
      g_autoptr(GbacwAction) give = NULL;
      g_autoptr(GbacwAction) take = NULL;
      g_autoptr(GError) error = NULL;
      gboolean offered = FALSE;

      if (b == u || b->type != GBACW_UNIT_ARTILLERY || b->side != u->side || !on_map (b) || b->rounds == GBACW_UNSET)
        continue;
      give = gbacw_action_new_transfer_rounds (u->index, b->index, 1);
      take = gbacw_action_new_transfer_rounds (b->index, u->index, 1);
      if (accepts (self, give, &error))
        {
          /* TRANSLATORS: an order: give rounds to another battery (its name, its rounds of its most) */
          g_autofree char *label = g_strdup_printf (_("Give rounds to %s (%d of %d)"), unit_name (self, b->index),
                                                    b->rounds, b->oob->rounds);
          most_rounds = MAX (most_rounds, most_accepted (self, give, u->rounds));
          add_order (self->transfer_box, label, "orders.transfer-rounds", pair_target (self, u->index, b->index));
          offered = TRUE;
        }
      else if (refusal == NULL && g_strcmp0 (u->oob->weapon, b->oob->weapon) == 0
               && gbacw_hex_grid_distance (grid, gbacw_hex_grid_hex_at (grid, u->hex),
                                           gbacw_hex_grid_hex_at (grid, b->hex)) <= 1)
        refusal = g_steal_pointer (&error);   /* a battery it could share with, but not now: why */
      if (accepts (self, take, NULL))
        {
          /* TRANSLATORS: an order: take rounds from another battery (its name, its rounds) */
          g_autofree char *label = g_strdup_printf (_("Take rounds from %s (%d left)"), unit_name (self, b->index),
                                                    b->rounds);
          most_rounds = MAX (most_rounds, most_accepted (self, take, b->rounds));
          add_order (self->transfer_box, label, "orders.transfer-rounds", pair_target (self, b->index, u->index));
          offered = TRUE;
        }
      if (offered)
        g_clear_error (&refusal);
    }
  if (most_rounds == 0)
    add_refusal (self->transfer_box, refusal);
  gtk_widget_set_visible (self->rounds_row, most_rounds > 0);
  if (most_rounds > 0)
    set_spin_range (self, self->rounds_adjustment, most_rounds, self->rounds);
}

static gboolean
build_supply (GbacwPlayOrders     *self,
              const GbacwGameUnit *u)
{
  GbacwGame *game = get_game (self);
  g_autoptr(GString) summary = g_string_new (NULL);

  gtk_widget_set_visible (self->rounds_row, FALSE);
  if (game == NULL || game->phase != GBACW_PHASE_AMMUNITION_RESUPPLY || u->side != game->phasing_side || !on_map (u)
      || !gbacw_game_is_combat_unit (u) || !may_act (self, u->side))
    return FALSE;
  build_resupply (self, u, summary);
  build_transfer (self, u, summary);
  gtk_label_set_text (self->supply_label, summary->str);
  gtk_widget_set_visible (GTK_WIDGET (self->supply_label), summary->len > 0);
  return gtk_widget_get_first_child (GTK_WIDGET (self->resupply_box)) != NULL
         || gtk_widget_get_first_child (GTK_WIDGET (self->transfer_box)) != NULL || summary->len > 0;
}

/* ---------------------------------------------------------------- wagon crews (11.18, 11.19) */

static gboolean
build_recrew (GbacwPlayOrders     *self,
              const GbacwGameUnit *u)
{
  GbacwGame *game = get_game (self);
  const GArray *stack;
  g_autoptr(GError) refusal = NULL;
  guint n = 0;

  if (game == NULL || game->phase != GBACW_PHASE_FINAL_COMMAND || u->side != game->phasing_side || !on_map (u)
      || !may_act (self, u->side))
    return FALSE;
  if (u->type == GBACW_UNIT_WAGON && u->strength > 0)
    return FALSE;
  if (u->type != GBACW_UNIT_WAGON && u->type != GBACW_UNIT_INFANTRY && u->type != GBACW_UNIT_CAVALRY)
    return FALSE;

  stack = gbacw_game_stack (game, u->hex);
  for (guint i = 0; stack != NULL && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      g_autoptr(GbacwAction) recrew = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *label = NULL;

      if (o == u || o->side != u->side)
        continue;
      if (u->type == GBACW_UNIT_WAGON)
        {
          if (!gbacw_game_is_combat_unit (o))
            continue;
          recrew = gbacw_action_new_recrew (o->index, u->index);
          /* TRANSLATORS: an order: the unit named gives a Strength Point to the wagon (11.18) */
          label = g_strdup_printf (_("Recrew with %s (gives one Strength Point)"), unit_name (self, o->index));
        }
      else
        {
          if (o->type != GBACW_UNIT_WAGON || o->strength > 0)
            continue;
          recrew = gbacw_action_new_recrew (u->index, o->index);
          label = g_strdup_printf (_("Recrew %s (gives one Strength Point)"), unit_name (self, o->index));
        }
      if (!accepts (self, recrew, &error))
        {
          if (refusal == NULL)
            refusal = g_steal_pointer (&error);
          continue;
        }
      add_order (self->recrew_box, label, "orders.recrew",
                 g_variant_new ("(ss)", recrew->command.leader == u->index ? u->id : o->id,
                                recrew->command.other == u->index ? u->id : o->id));
      n++;
    }
  if (n > 0)
    return TRUE;
  if (u->type != GBACW_UNIT_WAGON)
    return FALSE;   /* no uncrewed wagon with it: nothing to say */
  if (refusal != NULL)
    add_refusal (self->recrew_box, refusal);
  else
    gbacw_panel_add_label (self->recrew_box, _("Uncrewed: an infantry or dismounted cavalry unit in its hex may give it a crew "
                                  "(11.18)."), "dim-label");
  return TRUE;
}

/* ---------------------------------------------------------------- leaving the map */

/* The exit area (kind exit, of side or of none) holding hex, or NULL. */
static const GbacwArea *
exit_area_of (GbacwGame *game,
              int        hex,
              int        side)
{
  const GbacwSide *s = g_ptr_array_index (game->scenario->oob.sides, side);
  const GPtrArray *areas = game->scenario->map->areas;

  for (guint i = 0; i < areas->len; i++)
    {
      const GbacwArea *a = g_ptr_array_index (areas, i);
      if (a->kind == GBACW_AREA_EXIT && (a->side == NULL || *a->side == '\0' || g_strcmp0 (a->side, s->id) == 0)
          && gbacw_area_contains (a, hex))
        return a;
    }
  return NULL;
}

static gboolean
build_exit (GbacwPlayOrders     *self,
            const GbacwGameUnit *u)
{
  GbacwGame *game = get_game (self);
  const GbacwArea *area;
  g_autoptr(GbacwAction) leave = NULL;
  g_autoptr(GError) error = NULL;

  if (game == NULL || game->phase != GBACW_PHASE_MOVEMENT || u->side != game->phasing_side || !on_map (u) || self->moving->len == 0
      || !may_act (self, u->side))
    return FALSE;
  area = exit_area_of (game, u->hex, u->side);
  if (area == NULL)
    return FALSE;
  leave = gbacw_action_new_exit ((const int *) (gpointer) self->moving->data, self->moving->len);
  if (accepts (self, leave, &error))
    {
      /* TRANSLATORS: an order: the units leave the map through the exit area (its name) */
      g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Leave the Map Through %s (%u unit)",
                                                             "Leave the Map Through %s (%u units)", self->moving->len),
                                                area->name && *area->name ? area->name : area->id,
                                                self->moving->len);
      add_order (self->exit_box, label, "orders.exit", NULL);
    }
  else
    add_refusal (self->exit_box, error);
  return TRUE;
}

/* Movement Phase: each reinforcement of the phasing side whose Game-Turn has come, at each
 * hex it may enter at now (26.0; P 26.14: a blocked hex's nearest, P 26.22: the other hex a
 * Game-Turn late, the case named), with its place in the column there; shown whatever is
 * selected, the units not being on the map. */
static gboolean
build_entry (GbacwPlayOrders *self)
{
  GbacwGame *game = get_game (self);
  gboolean shown = FALSE;

  if (game == NULL || game->phase != GBACW_PHASE_MOVEMENT || !may_act (self, game->phasing_side))
    return FALSE;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const char *rule_case = NULL;
      g_autoptr(GArray) hexes = NULL;
      g_autoptr(GError) refused = NULL;
      gboolean offered = FALSE;

      if (u->side != game->phasing_side || u->presence != GBACW_PRESENCE_NOT_ARRIVED || u->reinforcement < 0)
        continue;
      hexes = gbacw_movement_entry_hexes (game, (int) i, &rule_case);
      for (guint k = 0; k < hexes->len; k++)
        {
          int hex = g_array_index (hexes, int, k), unit = (int) i;
          int place = GPOINTER_TO_INT (g_hash_table_lookup (game->entries, GINT_TO_POINTER (hex))) + 1;
          g_autoptr(GbacwAction) enter = gbacw_action_new_move (&unit, 1, &hex, 1, -1);
          g_autoptr(GError) error = NULL;
          g_autofree char *hex_label = gbacw_game_hex_label (game, hex);
          g_autofree char *label = NULL;

          if (!accepts (self, enter, &error))
            {
              if (refused == NULL)
                refused = g_steal_pointer (&error);
              continue;
            }
          /* TRANSLATORS: an order: a reinforcement enters at a hex, its place in the column
           * there and the case that allows the hex: "Enter 8 Tenn at 0812, place 2 of the
           * column (P 26.22)" */
          label = g_strdup_printf (_("Enter %s at %s, place %d of the column (%s)"), unit_name (self, unit), hex_label,
                                   place, rule_case);
          add_order (self->entry_box, label, "orders.enter", g_variant_new ("(si)", u->id, hex));
          offered = TRUE;
        }
      if (!offered && refused != NULL)
        add_refusal (self->entry_box, refused);
      shown |= offered || refused != NULL;
    }
  return shown;
}

/* ---------------------------------------------------------------- building */

static void
rebuild (GbacwPlayOrders *self)
{
  GbacwGame *game = get_game (self);
  const GbacwGameUnit *u = NULL;

  gbacw_panel_clear (GTK_WIDGET (self->stack_box));
  gbacw_panel_clear (GTK_WIDGET (self->command_box));
  gbacw_panel_clear (GTK_WIDGET (self->rally_box));
  gbacw_panel_clear (GTK_WIDGET (self->resupply_box));
  gbacw_panel_clear (GTK_WIDGET (self->transfer_box));
  gbacw_panel_clear (GTK_WIDGET (self->recrew_box));
  gbacw_panel_clear (GTK_WIDGET (self->exit_box));
  gbacw_panel_clear (GTK_WIDGET (self->entry_box));
  if (game != NULL && self->selection->len > 0)
    u = gbacw_game_unit (game, g_array_index (self->selection, int, 0));
  gtk_widget_set_visible (self->stack_section, u != NULL && build_stack (self, u));
  gtk_widget_set_visible (self->command_section, u != NULL && build_command (self, u));
  gtk_widget_set_visible (self->rally_section, u != NULL && build_rally (self, u));
  gtk_widget_set_visible (self->supply_section, u != NULL && build_supply (self, u));
  gtk_widget_set_visible (self->recrew_section, u != NULL && build_recrew (self, u));
  gtk_widget_set_visible (self->exit_section, u != NULL && build_exit (self, u));
  gtk_widget_set_visible (self->entry_section, build_entry (self));
}

void
gbacw_play_orders_set_session (GbacwPlayOrders  *self,
                               GbacwPlaySession *session)
{
  g_return_if_fail (GBACW_IS_PLAY_ORDERS (self));
  g_return_if_fail (session == NULL || GBACW_IS_PLAY_SESSION (session));

  if (!g_set_object (&self->session, session))
    return;
  g_array_set_size (self->selection, 0);
  g_array_set_size (self->moving, 0);
  rebuild (self);
}

void
gbacw_play_orders_set_selection (GbacwPlayOrders *self,
                                 const GArray    *selection,
                                 const GArray    *moving)
{
  g_return_if_fail (GBACW_IS_PLAY_ORDERS (self));

  g_array_set_size (self->selection, 0);
  g_array_set_size (self->moving, 0);
  if (selection != NULL)
    g_array_append_vals (self->selection, selection->data, selection->len);
  if (moving != NULL)
    g_array_append_vals (self->moving, moving->data, moving->len);
  rebuild (self);
}

void
gbacw_play_orders_set_points (GbacwPlayOrders *self,
                              int              points)
{
  g_return_if_fail (GBACW_IS_PLAY_ORDERS (self));
  self->points = points;
  gtk_spin_button_set_value (self->points_spin, points);
}

void
gbacw_play_orders_set_rounds (GbacwPlayOrders *self,
                              int              rounds)
{
  g_return_if_fail (GBACW_IS_PLAY_ORDERS (self));
  self->rounds = rounds;
  gtk_spin_button_set_value (self->rounds_spin, rounds);
}

static void
on_spin_value (GbacwPlayOrders *self,
               GtkAdjustment   *adjustment)
{
  if (self->building)
    return;
  if (adjustment == self->points_adjustment)
    self->points = (int) gtk_adjustment_get_value (adjustment);
  else
    self->rounds = (int) gtk_adjustment_get_value (adjustment);
}

/* ---------------------------------------------------------------- giving orders */

/* Through the session, so that the order is in the game's record; the engine's refusal
 * is told. */
static gboolean
give (GbacwPlayOrders *self,
      GbacwAction     *action)
{
  g_autoptr(GError) error = NULL;

  if (self->session == NULL || action == NULL)
    return FALSE;
  if (!gbacw_play_session_apply (self->session, action, &error))
    {
      g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, error->message);
      return FALSE;
    }
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, NULL);
  return TRUE;
}

/* The two units of a "(ss)" target; FALSE when either is unknown. */
static gboolean
two_units (GbacwPlayOrders *self,
           GVariant        *parameter,
           int             *first,
           int             *second)
{
  const char *a, *b;

  g_variant_get (parameter, "(&s&s)", &a, &b);
  *first = unit_by_id (self, a);
  *second = unit_by_id (self, b);
  return *first >= 0 && *second >= 0;
}

static int
first_selected (GbacwPlayOrders *self)
{
  return self->selection->len > 0 ? g_array_index (self->selection, int, 0) : -1;
}

static void
command_points_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GbacwPlayOrders *self = GBACW_PLAY_ORDERS (widget);
  int leader = first_selected (self);
  int brigade = unit_by_id (self, g_variant_get_string (parameter, NULL));
  g_autoptr(GbacwAction) action = NULL;

  if (leader < 0 || brigade < 0)
    return;
  action = gbacw_action_new_command_points (leader, brigade, MAX (self->points, 1));
  give (self, action);
}

static void
detach_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  GbacwPlayOrders *self = GBACW_PLAY_ORDERS (widget);
  int leader = unit_by_id (self, g_variant_get_string (parameter, NULL));
  g_autoptr(GbacwAction) action = NULL;

  if (leader < 0)
    return;
  action = gbacw_action_new_detach (leader);
  give (self, action);
}

static void
pair_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwPlayOrders *self = GBACW_PLAY_ORDERS (widget);
  g_autoptr(GbacwAction) action = NULL;
  int first, second;

  if (!two_units (self, parameter, &first, &second))
    return;
  if (g_str_equal (action_name, "orders.attach"))
    action = gbacw_action_new_attach (first, second);
  else if (g_str_equal (action_name, "orders.rally"))
    action = gbacw_action_new_rally (first, second);
  else if (g_str_equal (action_name, "orders.resupply"))
    action = gbacw_action_new_resupply (first, second);
  else if (g_str_equal (action_name, "orders.transfer-rounds"))
    action = gbacw_action_new_transfer_rounds (first, second, MAX (self->rounds, 1));
  else if (g_str_equal (action_name, "orders.recrew"))
    action = gbacw_action_new_recrew (first, second);
  give (self, action);
}

static void
restack_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  GbacwPlayOrders *self = GBACW_PLAY_ORDERS (widget);
  GbacwGame *game = get_game (self);
  const char *id;
  int place, unit, from = -1;
  g_autoptr(GArray) own = NULL;
  g_autoptr(GbacwAction) action = NULL;

  g_variant_get (parameter, "(&si)", &id, &place);
  unit = unit_by_id (self, id);
  if (unit < 0 || gbacw_game_unit (game, unit)->hex < 0)
    return;
  own = side_stack (game, gbacw_game_unit (game, unit)->hex, gbacw_game_unit (game, unit)->side);
  for (guint k = 0; k < own->len; k++)
    if (g_array_index (own, int, k) == unit)
      from = (int) k;
  if (from < 0 || place < 0 || place >= (int) own->len)
    return;
  g_array_remove_index (own, from);
  g_array_insert_val (own, place, unit);
  action = gbacw_action_new_restack (gbacw_game_unit (game, unit)->hex, (const int *) (gpointer) own->data, own->len);
  give (self, action);
}

static void
exit_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  GbacwPlayOrders *self = GBACW_PLAY_ORDERS (widget);
  g_autoptr(GbacwAction) action = NULL;

  if (self->moving->len == 0)
    return;
  action = gbacw_action_new_exit ((const int *) (gpointer) self->moving->data, self->moving->len);
  give (self, action);
}

/* 26.0: a reinforcement enters at a hex ("(si)": the unit, the hex index) */
static void
enter_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  GbacwPlayOrders *self = GBACW_PLAY_ORDERS (widget);
  g_autoptr(GbacwAction) action = NULL;
  const char *id;
  int unit, hex;

  g_variant_get (parameter, "(&si)", &id, &hex);
  unit = unit_by_id (self, id);
  if (unit < 0)
    return;
  action = gbacw_action_new_move (&unit, 1, &hex, 1, -1);
  give (self, action);
}

gboolean
gbacw_play_orders_click_hex (GbacwPlayOrders *self,
                             int              hex)
{
  GbacwGame *game;
  const GbacwGameUnit *leader;
  const GArray *stack;
  g_autoptr(GError) refusal = NULL;

  g_return_val_if_fail (GBACW_IS_PLAY_ORDERS (self), FALSE);

  game = get_game (self);
  if (game == NULL || game->phase != GBACW_PHASE_RALLY || self->selection->len != 1)
    return FALSE;
  leader = gbacw_game_unit (game, first_selected (self));
  if (!gbacw_game_is_leader (leader) || leader->rally_points <= 0 || !may_act (self, leader->side)
      || hex == leader->hex)
    return FALSE;
  stack = gbacw_game_stack (game, hex);
  for (guint i = 0; stack != NULL && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      g_autoptr(GbacwAction) rally = NULL;
      g_autoptr(GError) error = NULL;

      if (u->side != leader->side || !(u->status & GBACW_STATUS_ROUTED))
        continue;
      rally = gbacw_action_new_rally (leader->index, u->index);
      if (accepts (self, rally, &error))
        {
          give (self, rally);
          return TRUE;
        }
      if (refusal == NULL)
        refusal = g_steal_pointer (&error);
    }
  if (refusal == NULL)
    return FALSE;   /* no routed unit of his side there: an ordinary click */
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, refusal->message);
  return TRUE;
}

/* ---------------------------------------------------------------- GObject */

static void
gbacw_play_orders_dispose (GObject *object)
{
  GbacwPlayOrders *self = GBACW_PLAY_ORDERS (object);

  g_clear_object (&self->session);
  gtk_widget_dispose_template (GTK_WIDGET (self), GBACW_TYPE_PLAY_ORDERS);
  G_OBJECT_CLASS (gbacw_play_orders_parent_class)->dispose (object);
}

static void
gbacw_play_orders_finalize (GObject *object)
{
  GbacwPlayOrders *self = GBACW_PLAY_ORDERS (object);

  g_array_unref (self->selection);
  g_array_unref (self->moving);
  G_OBJECT_CLASS (gbacw_play_orders_parent_class)->finalize (object);
}

static void
gbacw_play_orders_class_init (GbacwPlayOrdersClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = gbacw_play_orders_dispose;
  object_class->finalize = gbacw_play_orders_finalize;

  /* (const char *message): the engine refused an order (its message, "[case] …"), or NULL
   * when an order was given. */
  signals[SIGNAL_MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                          NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-orders.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, stack_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, stack_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, stack_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, command_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, command_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, points_row);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, points_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, points_adjustment);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, command_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, rally_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, rally_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, rally_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, supply_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, supply_label);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, resupply_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, rounds_row);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, rounds_spin);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, rounds_adjustment);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, transfer_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, recrew_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, recrew_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, exit_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, exit_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, entry_section);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayOrders, entry_box);

  gtk_widget_class_install_action (widget_class, "orders.command-points", "s", command_points_action);
  gtk_widget_class_install_action (widget_class, "orders.detach", "s", detach_action);
  gtk_widget_class_install_action (widget_class, "orders.attach", "(ss)", pair_action);
  gtk_widget_class_install_action (widget_class, "orders.rally", "(ss)", pair_action);
  gtk_widget_class_install_action (widget_class, "orders.resupply", "(ss)", pair_action);
  gtk_widget_class_install_action (widget_class, "orders.transfer-rounds", "(ss)", pair_action);
  gtk_widget_class_install_action (widget_class, "orders.recrew", "(ss)", pair_action);
  gtk_widget_class_install_action (widget_class, "orders.restack", "(si)", restack_action);
  gtk_widget_class_install_action (widget_class, "orders.exit", NULL, exit_action);
  gtk_widget_class_install_action (widget_class, "orders.enter", "(si)", enter_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "playorders");
}

static void
gbacw_play_orders_init (GbacwPlayOrders *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 12);
  self->selection = g_array_new (FALSE, FALSE, sizeof (int));
  self->moving = g_array_new (FALSE, FALSE, sizeof (int));
  self->points = 1;
  self->rounds = 1;
  g_signal_connect_object (self->points_adjustment, "value-changed", G_CALLBACK (on_spin_value), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->rounds_adjustment, "value-changed", G_CALLBACK (on_spin_value), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
gbacw_play_orders_new (void)
{
  return g_object_new (GBACW_TYPE_PLAY_ORDERS, NULL);
}
