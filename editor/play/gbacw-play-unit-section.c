/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-play-unit-section.c: the Unit page of test play (see gbacw-play-unit-section.h). */
#define G_LOG_DOMAIN "gbacw-play-unit-section"

#include "config.h"

#include <glib/gi18n.h>

#include "gbacw-movement.h"
#include "gbacw-panel-widgets.h"
#include "gbacw-play-unit-section.h"
#include "gbacw-play-text.h"

struct _GbacwPlayUnitSection
{
  GbacwPlaySection parent_instance;

  /* template */
  GtkBox *unit_box;
  GbacwPlayOrders *orders;

  GArray *selection;              /* int units */
};

G_DEFINE_FINAL_TYPE (GbacwPlayUnitSection, gbacw_play_unit_section, GBACW_TYPE_PLAY_SECTION)

static void
gbacw_play_unit_section_update (GbacwPlaySection *section)
{
  GbacwPlayUnitSection *self = GBACW_PLAY_UNIT_SECTION (section);
  GbacwPlaySession *session = gbacw_play_section_get_session (section);
  GbacwGame *game = gbacw_play_section_get_game (section);
  GtkBox *box = self->unit_box;
  int unit = self->selection->len > 0 ? g_array_index (self->selection, int, 0) : -1;
  const GbacwGameUnit *u;
  g_autoptr(GString) s = g_string_new (NULL);
  g_autofree char *where = NULL;
  int side = gbacw_play_human_side (session);

  gbacw_panel_clear (GTK_WIDGET (box));
  if (game == NULL)
    return;
  if (unit < 0)
    {
      gbacw_panel_add_label (box, _("Click a stack on the map to see its units."), "dim-label");
      if (side >= 0)
        {
          g_autofree char *text = g_strdup_printf (_("%s to act: %s."), gbacw_game_side_name (game, side),
                                                   gbacw_phase_name (game->phase));
          gbacw_panel_add_label (box, text, NULL);
        }
      return;
    }
  u = gbacw_game_unit (game, unit);
  {
    g_autofree char *title = g_strdup_printf ("%s — %s", gbacw_play_unit_name (game, unit),
                                              gbacw_game_side_name (game, u->side));
    gbacw_panel_add_heading (box, title);
  }
  where = u->hex >= 0 ? gbacw_game_hex_label (game, u->hex) : g_strdup (gbacw_play_presence_name (u->presence));
  g_string_append_printf (s, _("Hex: %s\n"), where);
  if (gbacw_game_is_leader (u))
    {
      g_string_append_printf (s, _("Ratings: ER %d, rally %d"), u->oob->er, u->oob->rally);
      if (u->oob->dir != GBACW_UNSET)
        g_string_append_printf (s, _(", DIR %d"), u->oob->dir);
      if (u->oob->cp != GBACW_UNSET)
        g_string_append_printf (s, _(", Command Points %d"), u->oob->cp);
      g_string_append_c (s, '\n');
      if (u->er_bonus > 0)
        g_string_append_printf (s, _("Effectiveness Radius +%d this Player-Turn (17.22)\n"), u->er_bonus);
      if (u->rally_points > 0)
        g_string_append_printf (s, _("Rally Points left: %d (17.13)\n"), u->rally_points);
    }
  else
    {
      gboolean independent = (u->oob->flags & GBACW_UNIT_FLAG_INDEPENDENT) || u->oob->formation == NULL;
      int halves = 0;
      g_autoptr(GString) status = g_string_new (NULL);

      g_string_append_printf (s, _("Command: %s\n"),
                              u->out_of_command ? _("out of command (17.11)")
                              : independent ? _("independent (5.3)") : _("in command"));
      g_string_append_printf (s, _("Formation: %s\n"), gbacw_play_formation_name (u->formation));
      {
        g_autofree char *facing = gbacw_play_direction_name (game, u->facing);
        g_string_append_printf (s, _("Facing: %s\n"), facing);
      }
      if (u->type == GBACW_UNIT_ARTILLERY)
        /* a battery's strength is its guns (the accounting of gbacw_query_unit_value ()) */
        g_string_append_printf (s, _("Guns: %d of %d, crew %s\n"), u->guns,
                                u->guns + u->killed + u->captured - u->recovered,
                                u->crew == GBACW_CREW_HALF ? _("half (15.12)") : _("full"));
      else if (u->type == GBACW_UNIT_WAGON)
        g_string_append_printf (s, _("Crew: %d\n"), u->strength);
      else
        g_string_append_printf (s, _("Strength: %d of %d SP\n"), u->strength, u->initial_strength);
      if (u->killed + u->captured > 0)
        g_string_append_printf (s, _("Losses: %d killed, %d captured\n"), u->killed, u->captured);
      if (u->type != GBACW_UNIT_WAGON)
        {
          if (u->morale == GBACW_MORALE_GREEN)
            g_string_append (s, _("Morale: green, not yet known (13.14)\n"));
          else
            g_string_append_printf (s, _("Morale: %d\n"), u->morale);
        }
      if (u->type == GBACW_UNIT_ARTILLERY)
        {
          if (u->rounds == GBACW_UNSET)
            g_string_append (s, _("Ammunition: rounds not counted\n"));
          else
            g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "Ammunition: %d round (11.31)\n",
                                                  "Ammunition: %d rounds (11.31)\n", u->rounds),
                                    u->rounds);
        }
      else if (u->type == GBACW_UNIT_WAGON)
        g_string_append_printf (s, _("Ammunition boxes: %d small arms, %d artillery (11.1)\n"), u->small_arms_boxes,
                                u->artillery_boxes);
      else
        g_string_append_printf (s, _("Ammunition: %s\n"),
                                (u->status & GBACW_STATUS_AMMO_DEPLETED) ? _("depleted (11.2)") : _("supplied"));
      gbacw_play_append_status (status, u->status);
      g_string_append_printf (s, _("Status: %s\n"), status->len ? status->str : _("ready"));
      if (game->phase == GBACW_PHASE_MOVEMENT && u->side == game->phasing_side
          && gbacw_movement_allowance (game, unit, &halves, NULL))
        g_string_append_printf (s, _("Movement Points: %g of %g spent\n"), u->mp_spent / 2.0, halves / 2.0);
      if (u->fire_used > 0)
        g_string_append_printf (s, _("Fired this phase: %g (9.45)\n"), u->fire_used);
    }
  if (s->len > 0)
    g_string_truncate (s, s->len - 1);
  gbacw_panel_add_label (box, s->str, "play-status");

  /* the stack and the orders of the other phases: the orders panel (gbacw-play-orders.h) */

  /* moving, fire and melee orders (those of the other phases: the orders panel) */
  if (side >= 0 && u->side == side && gbacw_game_decision (game) == NULL && u->hex >= 0
      && (game->phase == GBACW_PHASE_MOVEMENT || gbacw_play_is_fire_phase (game) || gbacw_play_is_melee_phase (game)))
    {
      GtkWidget *check;

      gbacw_panel_add_heading (box, _("Orders"));
      check = gtk_check_button_new_with_mnemonic (_("Whole _stack (S)"));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (check), "play.whole-stack");
      gtk_box_append (box, check);
      if (game->phase == GBACW_PHASE_MOVEMENT)
        {
          static const struct { GbacwFormationState state; const char *name; const char *label; } forms[] = {
            { GBACW_FORMATION_STATE_LINE, "line", N_("_Line (L)") },
            { GBACW_FORMATION_STATE_COLUMN, "column", N_("_Column (C)") },
            { GBACW_FORMATION_STATE_MOUNTED, "mounted", N_("_Mounted (M)") },
            { GBACW_FORMATION_STATE_DISMOUNTED, "dismounted", N_("_Dismounted (D)") },
            { GBACW_FORMATION_STATE_LIMBERED, "limbered", N_("Lim_bered (K)") },
            { GBACW_FORMATION_STATE_UNLIMBERED, "unlimbered", N_("_Unlimbered (U)") },
          };
          GtkWidget *row = gtk_flow_box_new ();
          GtkWidget *turn = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

          gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (row), GTK_SELECTION_NONE);
          for (guint i = 0; i < G_N_ELEMENTS (forms); i++)
            {
              GtkWidget *button;
              gboolean fits = (u->type == GBACW_UNIT_INFANTRY && i < 2)
                              || (u->type == GBACW_UNIT_CAVALRY && (i == 2 || i == 3))
                              || (u->type == GBACW_UNIT_ARTILLERY && i >= 4);
              if (!fits)
                continue;
              button = gbacw_panel_add_action_button (row, _(forms[i].label), "play.formation",
                                          g_variant_new_string (forms[i].name));
              gtk_widget_set_sensitive (button, u->formation != forms[i].state);
            }
          gtk_box_append (box, row);
          gtk_widget_set_visible (row, gtk_widget_get_first_child (row) != NULL);

          gbacw_panel_add_action_button (turn, _("Turn _Left (,)"), "play.turn", g_variant_new_int32 (-1));
          gbacw_panel_add_action_button (turn, _("Turn _Right (.)"), "play.turn", g_variant_new_int32 (1));
          gtk_box_append (box, turn);
          gbacw_panel_add_label (box, _("Click a tinted hex to move there (its cost in Movement Points is shown); Ctrl+click "
                            "selects another stack."), "dim-label");
        }
      else if (gbacw_play_is_fire_phase (game))
        gbacw_panel_add_label (box, _("Click an enemy hex to aim at it, again (or Return) to fire. Shift+click adds firers "
                          "from other hexes."), "dim-label");
      else if (game->phase == GBACW_PHASE_RETREAT_BEFORE_MELEE)
        gbacw_panel_add_label (box, _("Click an adjacent enemy hex to declare a melee against it (B: a cavalry charge)."),
                   "dim-label");
      else if (game->phase == GBACW_PHASE_MELEE)
        gbacw_panel_add_label (box, _("Click the enemy hex of a declared melee, again (or Return) to melee."), "dim-label");
    }
}

void
gbacw_play_unit_section_set_selection (GbacwPlayUnitSection *self,
                                       const GArray         *selection,
                                       const GArray         *moving)
{
  g_return_if_fail (GBACW_IS_PLAY_UNIT_SECTION (self));

  g_array_set_size (self->selection, 0);
  if (selection != NULL)
    g_array_append_vals (self->selection, selection->data, selection->len);
  gbacw_play_orders_set_selection (self->orders, selection, moving);
  gbacw_play_section_update (GBACW_PLAY_SECTION (self));
}

GbacwPlayOrders *
gbacw_play_unit_section_get_orders (GbacwPlayUnitSection *self)
{
  g_return_val_if_fail (GBACW_IS_PLAY_UNIT_SECTION (self), NULL);
  return self->orders;
}

/* The orders are given in the section's game. */
static void
on_session_notify (GbacwPlayUnitSection *self,
                   GParamSpec           *pspec,
                   gpointer              user_data)
{
  g_array_set_size (self->selection, 0);
  gbacw_play_orders_set_session (self->orders, gbacw_play_section_get_session (GBACW_PLAY_SECTION (self)));
}

static void
gbacw_play_unit_section_finalize (GObject *object)
{
  GbacwPlayUnitSection *self = GBACW_PLAY_UNIT_SECTION (object);

  g_clear_pointer (&self->selection, g_array_unref);

  G_OBJECT_CLASS (gbacw_play_unit_section_parent_class)->finalize (object);
}

static void
gbacw_play_unit_section_class_init (GbacwPlayUnitSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GbacwPlaySectionClass *section_class = GBACW_PLAY_SECTION_CLASS (klass);

  object_class->finalize = gbacw_play_unit_section_finalize;
  g_type_ensure (GBACW_TYPE_PLAY_ORDERS);

  section_class->update = gbacw_play_unit_section_update;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/gbacw/Editor/gbacw-play-unit-section.ui");
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayUnitSection, unit_box);
  gtk_widget_class_bind_template_child (widget_class, GbacwPlayUnitSection, orders);
}

static void
gbacw_play_unit_section_init (GbacwPlayUnitSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->selection = g_array_new (FALSE, FALSE, sizeof (int));
  g_signal_connect (self, "notify::session", G_CALLBACK (on_session_notify), NULL);
}
