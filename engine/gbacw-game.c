/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-game.c: game state: creation, units, stacks and their queries, actions and the
 * event log. The Sequence of Play is in gbacw-sequence.c, the game record in
 * gbacw-game-record.c. */
#define G_LOG_DOMAIN "gbacw-game"

#include "gbacw-game.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>

#include "gbacw-bce.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-melee.h"
#include "gbacw-movement.h"

G_DEFINE_QUARK (gbacw-game-error-quark, gbacw_game_error)

/* ------------------------------------------------------------------ actions */

static GArray *
int_array (const int *values, guint n)
{
  GArray *array = g_array_sized_new (FALSE, FALSE, sizeof (int), n);
  if (n)
    g_array_append_vals (array, values, n);
  return array;
}

GbacwAction *
gbacw_action_new_end_phase (void)
{
  GbacwAction *action = g_new0 (GbacwAction, 1);
  action->kind = GBACW_ACTION_END_PHASE;
  return action;
}

GbacwAction *
gbacw_action_new_move (const int *units, guint n_units, const int *path, guint n_path, int facing)
{
  GbacwAction *action = g_new0 (GbacwAction, 1);
  action->kind = GBACW_ACTION_MOVE;
  action->move.units = int_array (units, n_units);
  action->move.path = int_array (path, n_path);
  action->move.facing = facing;
  return action;
}

GbacwAction *
gbacw_action_new_change_formation (const int *units, guint n_units, GbacwFormationState formation)
{
  GbacwAction *action = g_new0 (GbacwAction, 1);
  action->kind = GBACW_ACTION_CHANGE_FORMATION;
  action->formation.units = int_array (units, n_units);
  action->formation.formation = formation;
  return action;
}

GbacwAction *
gbacw_action_new_change_facing (int hex, int facing)
{
  GbacwAction *action = g_new0 (GbacwAction, 1);
  action->kind = GBACW_ACTION_CHANGE_FACING;
  action->facing.hex = hex;
  action->facing.facing = facing;
  return action;
}

GbacwAction *
gbacw_action_new_fire (int target_hex, const GbacwFirer *firers, guint n_firers)
{
  GbacwAction *action = g_new0 (GbacwAction, 1);
  action->kind = GBACW_ACTION_FIRE;
  action->fire.target = target_hex;
  action->fire.firers = g_array_sized_new (FALSE, FALSE, sizeof (GbacwFirer), n_firers);
  if (n_firers)
    g_array_append_vals (action->fire.firers, firers, n_firers);
  return action;
}

GbacwAction *
gbacw_action_new_empty_answer (void)
{
  GbacwAction *action = g_new0 (GbacwAction, 1);
  action->kind = GBACW_ACTION_ANSWER;
  action->answer.firers = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
  action->answer.path = g_array_new (FALSE, FALSE, sizeof (int));
  action->answer.hex = -1;
  return action;
}

GbacwAction *
gbacw_action_new_answer_fire (const GbacwFirer *firers, guint n_firers)
{
  GbacwAction *action = gbacw_action_new_empty_answer ();
  if (n_firers)
    g_array_append_vals (action->answer.firers, firers, n_firers);
  return action;
}

GbacwAction *
gbacw_action_new_answer_path (const int *path, guint n_path)
{
  GbacwAction *action = gbacw_action_new_empty_answer ();
  if (n_path)
    g_array_append_vals (action->answer.path, path, n_path);
  return action;
}

GbacwAction *
gbacw_action_new_answer_hex (int hex)
{
  GbacwAction *action = gbacw_action_new_empty_answer ();
  action->answer.hex = hex;
  return action;
}

GbacwAction *
gbacw_action_new_answer_unit (int unit)
{
  return gbacw_action_new_answer_hex (unit);
}

GbacwAction *
gbacw_action_new_answer_units (const int *units, guint n_units)
{
  GbacwAction *action = gbacw_action_new_empty_answer ();
  for (guint i = 0; i < n_units; i++)
    {
      GbacwFirer f = { units[i], 0.0, -1 };
      g_array_append_val (action->answer.firers, f);
    }
  return action;
}

GbacwAction *
gbacw_action_new_answer_facings (const int *units, const int *facings, guint n_units)
{
  GbacwAction *action = gbacw_action_new_empty_answer ();
  for (guint i = 0; i < n_units; i++)
    {
      GbacwFirer f = { units[i], 0.0, facings[i] };
      g_array_append_val (action->answer.firers, f);
    }
  return action;
}

GbacwAction *
gbacw_action_new_command (GbacwActionKind kind, int leader, int other, int points)
{
  GbacwAction *action = g_new0 (GbacwAction, 1);
  action->kind = kind;
  action->command.leader = leader;
  action->command.other = other;
  action->command.points = points;
  return action;
}

GbacwAction *
gbacw_action_new_attach (int brigade_leader, int division_leader)
{
  return gbacw_action_new_command (GBACW_ACTION_ATTACH, brigade_leader, division_leader, 0);
}

GbacwAction *
gbacw_action_new_detach (int brigade_leader)
{
  return gbacw_action_new_command (GBACW_ACTION_DETACH, brigade_leader, -1, 0);
}

GbacwAction *
gbacw_action_new_command_points (int division_leader, int brigade_leader, int points)
{
  return gbacw_action_new_command (GBACW_ACTION_COMMAND_POINTS, division_leader, brigade_leader, points);
}

GbacwAction *
gbacw_action_new_rally (int brigade_leader, int unit)
{
  return gbacw_action_new_command (GBACW_ACTION_RALLY, brigade_leader, unit, 0);
}

GbacwAction *
gbacw_action_new_resupply (int unit, int wagon)
{
  return gbacw_action_new_command (GBACW_ACTION_RESUPPLY, unit, wagon, 0);
}

GbacwAction *
gbacw_action_new_transfer_rounds (int from_battery, int to_battery, int rounds)
{
  return gbacw_action_new_command (GBACW_ACTION_TRANSFER_ROUNDS, from_battery, to_battery, rounds);
}

GbacwAction *
gbacw_action_new_recrew (int unit, int wagon)
{
  return gbacw_action_new_command (GBACW_ACTION_RECREW, unit, wagon, 0);
}

GbacwAction *
gbacw_action_new_restack (int hex, const int *units, guint n_units)
{
  GbacwAction *a = g_new0 (GbacwAction, 1);
  a->kind = GBACW_ACTION_RESTACK;
  a->restack.hex = hex;
  a->restack.units = int_array (units, n_units);
  return a;
}

GbacwAction *
gbacw_action_new_exit (const int *units, guint n_units)
{
  GbacwAction *a = gbacw_action_new_move (units, n_units, NULL, 0, -1);
  a->kind = GBACW_ACTION_EXIT;
  return a;
}

GbacwAction *
gbacw_action_new_declare_melee (const int *units, guint n_units, int target_hex, gboolean charge)
{
  GbacwAction *action = g_new0 (GbacwAction, 1);
  action->kind = GBACW_ACTION_DECLARE_MELEE;
  action->melee.units = int_array (units, n_units);
  action->melee.target = target_hex;
  action->melee.charge = charge;
  return action;
}

GbacwAction *
gbacw_action_new_melee (const int *units, guint n_units, int target_hex)
{
  GbacwAction *action = gbacw_action_new_declare_melee (units, n_units, target_hex, FALSE);
  action->kind = GBACW_ACTION_MELEE;
  return action;
}

static GArray *
array_copy (const GArray *array)
{
  GArray *copy;
  guint size;

  if (array == NULL)
    return NULL;
  size = g_array_get_element_size ((GArray *) array);
  copy = g_array_sized_new (FALSE, FALSE, size, array->len);
  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

GbacwAction *
gbacw_action_copy (const GbacwAction *action)
{
  GbacwAction *copy = g_new0 (GbacwAction, 1);

  *copy = *action;
  switch (action->kind)
    {
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
      copy->move.units = array_copy (action->move.units);
      copy->move.path = array_copy (action->move.path);
      break;
    case GBACW_ACTION_CHANGE_FORMATION:
      copy->formation.units = array_copy (action->formation.units);
      break;
    case GBACW_ACTION_FIRE:
      copy->fire.firers = array_copy (action->fire.firers);
      break;
    case GBACW_ACTION_ANSWER:
      copy->answer.firers = array_copy (action->answer.firers);
      copy->answer.path = array_copy (action->answer.path);
      break;
    case GBACW_ACTION_DECLARE_MELEE:
    case GBACW_ACTION_MELEE:
      copy->melee.units = array_copy (action->melee.units);
      break;
    case GBACW_ACTION_RESTACK:
      copy->restack.units = array_copy (action->restack.units);
      break;
    case GBACW_ACTION_END_PHASE:
    case GBACW_ACTION_CHANGE_FACING:
    default:
      break;
    }
  return copy;
}

void
gbacw_action_free (GbacwAction *action)
{
  if (action == NULL)
    return;
  switch (action->kind)
    {
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
      g_clear_pointer (&action->move.units, g_array_unref);
      g_clear_pointer (&action->move.path, g_array_unref);
      break;
    case GBACW_ACTION_CHANGE_FORMATION:
      g_clear_pointer (&action->formation.units, g_array_unref);
      break;
    case GBACW_ACTION_FIRE:
      g_clear_pointer (&action->fire.firers, g_array_unref);
      break;
    case GBACW_ACTION_ANSWER:
      g_clear_pointer (&action->answer.firers, g_array_unref);
      g_clear_pointer (&action->answer.path, g_array_unref);
      break;
    case GBACW_ACTION_DECLARE_MELEE:
    case GBACW_ACTION_MELEE:
      g_clear_pointer (&action->melee.units, g_array_unref);
      break;
    case GBACW_ACTION_RESTACK:
      g_clear_pointer (&action->restack.units, g_array_unref);
      break;
    case GBACW_ACTION_END_PHASE:
    case GBACW_ACTION_CHANGE_FACING:
    default:
      break;
    }
  g_free (action);
}

/* ------------------------------------------------------------------ units */

GbacwGameUnit *
gbacw_game_unit (const GbacwGame *game, int index)
{
  g_assert (index >= 0 && (guint) index < game->units->len);
  return g_ptr_array_index (game->units, index);
}

GbacwGameUnit *
gbacw_game_find_unit (const GbacwGame *game, const char *id)
{
  return id ? g_hash_table_lookup (game->unit_by_id, id) : NULL;
}

int
gbacw_game_side_index (const GbacwGame *game, const char *side_id)
{
  for (guint i = 0; i < game->scenario->oob.sides->len; i++)
    if (g_strcmp0 (((GbacwSide *) g_ptr_array_index (game->scenario->oob.sides, i))->id, side_id) == 0)
      return (int) i;
  return -1;
}

const char *
gbacw_game_side_name (const GbacwGame *game, int side)
{
  const GbacwSide *s;

  if (side < 0 || (guint) side >= game->scenario->oob.sides->len)
    return "";
  s = g_ptr_array_index (game->scenario->oob.sides, side);
  return s->name ? s->name : s->id;
}

gboolean
gbacw_game_is_leader (const GbacwGameUnit *unit)
{
  return unit->type == GBACW_UNIT_LEADER;
}

gboolean
gbacw_game_is_combat_unit (const GbacwGameUnit *unit)
{
  return unit->type != GBACW_UNIT_LEADER;
}

gboolean
gbacw_game_unit_ignored (const GbacwGame *game, const GbacwGameUnit *unit)
{
  if (unit->type != GBACW_UNIT_ARTILLERY || !(unit->status & GBACW_STATUS_ABANDONED))
    return FALSE;
  for (guint i = 0; i < game->hooks->len; i++)
    if (((const GbacwRuleHooks *) g_ptr_array_index (game->hooks, i))->abandoned_guns_ignored)
      return TRUE;
  return FALSE;
}

gboolean
gbacw_game_guns_unmanned (const GbacwGame *game, const GbacwGameUnit *unit)
{
  if (unit->type != GBACW_UNIT_ARTILLERY || !(unit->status & GBACW_STATUS_ABANDONED))
    return FALSE;
  if (gbacw_game_unit_ignored (game, unit))
    return TRUE;
  return unit->crew_counter >= 0 && gbacw_game_unit (game, unit->crew_counter)->hex >= 0;
}

gboolean
gbacw_game_hex_only_unmanned_guns (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  gboolean any = FALSE;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side != side || !gbacw_game_is_combat_unit (u))
        continue;
      if (!gbacw_game_guns_unmanned (game, u))
        return FALSE;
      any = TRUE;
    }
  return any;
}

gboolean
gbacw_game_is_wagon_crew (const GbacwGameUnit *unit)
{
  return unit->crew_of >= 0;
}

gboolean
gbacw_game_is_gun_crew (const GbacwGame *game, const GbacwGameUnit *unit)
{
  return unit->crew_of >= 0 && gbacw_game_unit (game, unit->crew_of)->type == GBACW_UNIT_ARTILLERY;
}

const GArray *
gbacw_game_stack (const GbacwGame *game, int hex)
{
  if (hex < 0 || hex >= game->n_hexes)
    return NULL;
  return game->stacks[hex] && game->stacks[hex]->len ? game->stacks[hex] : NULL;
}

gboolean
gbacw_game_hex_has_side (const GbacwGame *game, int hex, int side, gboolean combat_only)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && (!combat_only || gbacw_game_is_combat_unit (u)))
        return TRUE;
    }
  return FALSE;
}

gboolean
gbacw_game_hexside_impassable (const GbacwGame *game, int hex, int direction)
{
  return hex < 0 || hex >= game->n_hexes || (game->impassable[hex] & (1u << direction)) != 0;
}

/* 10.5: whether every movement class is prohibited to cross the hexside (its features; the
 * hex terrain beyond is another matter), each way. */
static gboolean
hexside_closed (const GbacwGame *game, int hex, int direction)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  GbacwHex h = gbacw_hex_grid_hex_at (grid, hex);
  int other = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, h, direction));
  GbacwHexsideId id = gbacw_hex_grid_hexside (grid, h, direction);

  if (other < 0 || id == GBACW_HEXSIDE_NONE)
    return TRUE;
  if (game->scenario->map->hexside_features[id] == 0)
    return FALSE;
  for (int c = 0; c < GBACW_N_MOVE_CLASSES; c++)
    {
      GbacwMoveCost there, back;
      gbacw_rules_data_move_cost (game->rules, game->scenario->map, c, hex, direction, &there);
      gbacw_rules_data_move_cost (game->rules, game->scenario->map, c, other, gbacw_hex_direction_opposite (direction),
                                  &back);
      if (there.kind != GBACW_COST_PROHIBITED || back.kind != GBACW_COST_PROHIBITED)
        return FALSE;
    }
  return TRUE;
}

/* The map's geometry as tables, asked millions of times by the computer player. */
static void
init_hex_tables (GbacwGame *game)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  GbacwHex origin = { 0, 0 };

  game->hex_axial = g_new0 (int, 2 * MAX (1, game->n_hexes));
  game->hex_neighbours = g_new0 (int, GBACW_HEX_DIRECTIONS * MAX (1, game->n_hexes));
  for (int hex = 0; hex < game->n_hexes; hex++)
    {
      GbacwHex at = gbacw_hex_grid_hex_at (grid, hex);
      gbacw_hex_grid_step_between (grid, origin, at, &game->hex_axial[2 * hex], &game->hex_axial[2 * hex + 1]);
      for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
        game->hex_neighbours[hex * GBACW_HEX_DIRECTIONS + d]
          = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, at, d));
    }
}

static void
init_impassable (GbacwGame *game)
{
  game->impassable = g_new0 (guint8, MAX (1, game->n_hexes));
  for (int hex = 0; hex < game->n_hexes; hex++)
    for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
      if (hexside_closed (game, hex, d))
        game->impassable[hex] |= (guint8) (1u << d);
}

/* 9.72: infantry, artillery and dismounted cavalry 5 feet; mounted cavalry and wagons
 * 10. Leaders are not counted as blocking (rules matrix §1.A: "all units" means combat
 * units here [inferred]). */
static int
unit_los_height (const GbacwGameUnit *u)
{
  if (u->type == GBACW_UNIT_LEADER)
    return 0;
  if (u->type == GBACW_UNIT_WAGON
      || (u->type == GBACW_UNIT_CAVALRY && u->formation != GBACW_FORMATION_STATE_DISMOUNTED))
    return GBACW_LOS_MOUNTED_HEIGHT;
  return GBACW_LOS_MAN_HEIGHT;
}

void
gbacw_game_refresh_hex (GbacwGame *game, int hex)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  int height = 0;

  for (guint i = 0; stack && i < stack->len; i++)
    height = MAX (height, unit_los_height (gbacw_game_unit (game, g_array_index (stack, int, i))));
  gbacw_los_set_unit_height (game->los, hex, height);
}

static void
stack_remove (GbacwGame *game, int unit, int hex)
{
  GArray *stack = hex >= 0 ? game->stacks[hex] : NULL;

  for (guint i = 0; stack && i < stack->len; i++)
    if (g_array_index (stack, int, i) == unit)
      {
        g_array_remove_index (stack, i);
        break;
      }
}

void
gbacw_game_place_unit (GbacwGame *game, int unit, int hex, gboolean on_top)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int old = u->hex;

  g_return_if_fail (hex >= 0 && hex < game->n_hexes);
  stack_remove (game, unit, old);
  if (game->stacks[hex] == NULL)
    game->stacks[hex] = g_array_new (FALSE, FALSE, sizeof (int));
  if (on_top)
    g_array_prepend_val (game->stacks[hex], unit);
  else
    g_array_append_val (game->stacks[hex], unit);
  u->hex = hex;
  u->presence = GBACW_PRESENCE_ON_MAP;
  if (old >= 0 && old != hex)
    gbacw_game_refresh_hex (game, old);
  gbacw_game_refresh_hex (game, hex);
}

void
gbacw_game_remove_unit (GbacwGame *game, int unit, GbacwPresence presence)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int old = u->hex;

  stack_remove (game, unit, old);
  u->hex = -1;
  u->presence = presence;
  if (old >= 0)
    gbacw_game_refresh_hex (game, old);
}

char *
gbacw_game_unit_label (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const char *designation = u->oob->designation;

  if (designation && *designation)
    return g_strdup_printf ("%s (%s)", designation, u->id);
  return g_strdup (u->id);
}

char *
gbacw_game_hex_label (const GbacwGame *game, int hex)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  if (hex < 0 || hex >= game->n_hexes)
    return g_strdup ("—");
  return gbacw_hex_grid_format_label (grid, gbacw_hex_grid_hex_at (grid, hex));
}

int
gbacw_game_parse_hex (const GbacwGame *game, const char *label, GError **error)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  GbacwHex hex;

  if (!gbacw_hex_grid_parse_label (grid, label, &hex, error))
    return -1;
  return gbacw_hex_grid_index (grid, hex);
}

/* ------------------------------------------------------------------ log */

static void
event_free (gpointer data)
{
  GbacwEvent *event = data;
  g_free (event->rule_case);
  g_free (event->text);
  g_free (event);
}

void
gbacw_game_log (GbacwGame *game, const char *rule_case, const char *format, ...)
{
  GbacwEvent *event = g_new0 (GbacwEvent, 1);
  va_list args;

  va_start (args, format);
  event->text = g_strdup_vprintf (format, args);
  va_end (args);
  event->rule_case = g_strdup (rule_case);
  event->turn = game->turn;
  event->phase = game->phase;
  event->phasing_side = game->phasing_side;
  g_ptr_array_add (game->events, event);
}

char *
gbacw_game_format_log (const GbacwGame *game)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < game->events->len; i++)
    {
      const GbacwEvent *e = g_ptr_array_index (game->events, i);
      g_string_append_printf (s, _("GT %d %s %s: %s"), e->turn, gbacw_game_side_name (game, e->phasing_side),
                              gbacw_phase_letter (e->phase), e->text);
      if (e->rule_case)
        g_string_append_printf (s, " [%s]", e->rule_case);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

void
gbacw_game_add_pending (GbacwGame *game, const GbacwPending *pending)
{
  g_ptr_array_add (game->pending, gbacw_pending_copy (pending));
}

const GbacwDecision *
gbacw_game_decision (const GbacwGame *game)
{
  return game->decision;
}

/* ------------------------------------------------------------------ creation */

static void
game_unit_free (gpointer data)
{
  g_free (data);
}

/* 11.1, 11.11: every supply wagon gets its crew counter now, a unit of the game's own order
 * of battle ("<wagon>-crew": infantry of the wagon's side, weapon and morale, independent,
 * of no formation) that stays off the map until the crew routs away from the wagon
 * (gbacw-retreat.c). Created with the game, after the scenario's units, so that replays
 * name it and the units' indices and strength accounting never change in play; kept out
 * of game->scenario, which new games (replays) are made from. */
/* Whether an enabled exclusive rule's module gives batteries crew counters. */
static gboolean
battery_crew_counters (const GbacwGame *game)
{
  for (guint i = 0; i < game->scenario->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (game->scenario->exclusive_rules, i);
      const GbacwRuleHooks *hooks = rule->enabled ? gbacw_rules_hooks_lookup (rule->id) : NULL;
      if (hooks && hooks->battery_crew_counters)
        return TRUE;
    }
  return FALSE;
}

/* Batteries get theirs the same way when an exclusive rule asks (J 21.21, P 20.21, C 24.21):
 * a counter with no weapon (the crew fires only its guns) and no Strength Points until its
 * crew routs (then 2 for a full crew, 1 for a half crew). */
static void
add_crew_counters (GbacwGame *game)
{
  const GbacwOob *oob = &game->scenario->oob;
  guint n = game->units->len;
  gboolean batteries = battery_crew_counters (game);

  for (guint i = 0; i < n; i++)
    {
      GbacwGameUnit *w = g_ptr_array_index (game->units, i);
      g_autofree char *id = NULL;
      GbacwUnit *unit;
      GbacwGameUnit *c;

      if (w->type != GBACW_UNIT_WAGON && !(batteries && w->type == GBACW_UNIT_ARTILLERY))
        continue;
      id = g_strdup_printf ("%s-crew", w->id);
      for (int k = 2; g_hash_table_contains (game->unit_by_id, id) || gbacw_oob_find_unit (oob, id); k++)
        {
          g_free (id);
          id = g_strdup_printf ("%s-crew-%d", w->id, k);
        }
      unit = gbacw_unit_new (id, w->oob->side, GBACW_UNIT_INFANTRY);
      /* TRANSLATORS: the designation of a supply wagon's crew counter (11.11): "%s" is the wagon's */
      unit->designation = g_strdup_printf (_("%s crew"), w->oob->designation && *w->oob->designation ? w->oob->designation
                                                                                                      : w->id);
      unit->weapon = w->type == GBACW_UNIT_WAGON ? g_strdup (w->oob->weapon) : NULL;
      unit->morale = w->oob->morale;
      unit->strength = w->initial_strength;
      unit->flags |= GBACW_UNIT_FLAG_INDEPENDENT;   /* 11.13 */
      g_ptr_array_add (game->crew_oob, unit);

      c = g_new0 (GbacwGameUnit, 1);
      c->oob = unit;
      c->id = unit->id;
      c->index = (int) game->units->len;
      c->side = c->original_side = w->side;
      c->type = GBACW_UNIT_INFANTRY;
      c->presence = GBACW_PRESENCE_NOT_ARRIVED;   /* not deployed: it never enters as a reinforcement */
      c->hex = c->start_hex = -1;
      c->fired_turn = c->transfer_turn = c->capture_turn = c->recrew_turn = -1;
      c->exit_turn = c->exit_area = -1;
      c->crew = GBACW_CREW_FULL;
      c->rounds = GBACW_UNSET;
      c->morale = w->morale;
      c->formation = GBACW_FORMATION_STATE_LINE;
      c->crew_of = w->index;
      c->crew_counter = -1;
      w->crew_counter = c->index;
      g_ptr_array_add (game->units, c);
      g_hash_table_insert (game->unit_by_id, (gpointer) c->id, c);
    }
}

static void
init_units (GbacwGame *game)
{
  GbacwScenario *s = game->scenario;
  g_autoptr (GHashTable) reinforcing = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < s->oob.units->len; i++)
    {
      const GbacwUnit *oob = g_ptr_array_index (s->oob.units, i);
      GbacwGameUnit *u = g_new0 (GbacwGameUnit, 1);

      u->oob = oob;
      u->id = oob->id;
      u->index = (int) i;
      u->side = gbacw_game_side_index (game, oob->side);
      u->type = oob->type;
      u->presence = GBACW_PRESENCE_NOT_ARRIVED;
      u->hex = -1;
      u->start_hex = -1;
      u->fired_turn = -1;
      u->transfer_turn = -1;
      u->capture_turn = -1;
      u->recrew_turn = -1;
      u->original_side = u->side;
      u->exit_turn = -1;
      u->exit_area = -1;
      u->crew_of = -1;
      u->crew_counter = -1;
      u->facing = 0;
      u->initial_strength = oob->type == GBACW_UNIT_WAGON ? oob->crew_strength : oob->strength;
      if (u->initial_strength == GBACW_UNSET)
        u->initial_strength = 0;
      u->strength = u->initial_strength;
      u->guns = oob->guns == GBACW_UNSET ? 0 : oob->guns;
      u->rounds = oob->rounds;
      u->crew = oob->crew == GBACW_CREW_UNSET ? GBACW_CREW_FULL : oob->crew;
      u->morale = oob->morale == GBACW_UNSET ? GBACW_MORALE_GREEN : oob->morale;
      u->formation = GBACW_FORMATION_STATE_UNSET;
      switch (u->type)
        {
        case GBACW_UNIT_INFANTRY: u->formation = GBACW_FORMATION_STATE_LINE; break;
        case GBACW_UNIT_CAVALRY: u->formation = GBACW_FORMATION_STATE_MOUNTED; break;
        case GBACW_UNIT_ARTILLERY: u->formation = GBACW_FORMATION_STATE_LIMBERED; break;
        case GBACW_UNIT_WAGON:
        case GBACW_UNIT_LEADER:
        default: break;
        }
      g_ptr_array_add (game->units, u);
      g_hash_table_insert (game->unit_by_id, (gpointer) u->id, u);
    }
  add_crew_counters (game);

  /* reinforcements (26.0): the units and the formations' units of each group */
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      u->reinforcement = -1;
      u->small_arms_boxes = u->oob->small_arms_boxes == GBACW_UNSET ? 0 : u->oob->small_arms_boxes;
      u->artillery_boxes = u->oob->artillery_boxes == GBACW_UNSET ? 0 : u->oob->artillery_boxes;
    }
  for (guint r = 0; r < s->reinforcements->len; r++)
    {
      const GbacwReinforcement *group = g_ptr_array_index (s->reinforcements, r);
      for (guint i = 0; group->units && i < group->units->len; i++)
        {
          GbacwGameUnit *u = gbacw_game_find_unit (game, g_ptr_array_index (group->units, i));
          if (u)
            u->reinforcement = (int) r;
        }
      for (guint i = 0; group->formations && i < group->formations->len; i++)
        for (guint k = 0; k < game->units->len; k++)
          {
            GbacwGameUnit *u = g_ptr_array_index (game->units, k);
            for (const char *f = u->oob->formation; f;)
              {
                const GbacwFormation *formation = gbacw_oob_find_formation (&s->oob, f);
                if (formation == NULL)
                  break;
                if (g_strcmp0 (formation->id, g_ptr_array_index (group->formations, i)) == 0)
                  {
                    u->reinforcement = (int) r;
                    break;
                  }
                f = formation->parent;
              }
          }
      for (guint k = 0; k < game->units->len; k++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, k);
          if (u->reinforcement == (int) r && group->formation != GBACW_FORMATION_STATE_UNSET
              && gbacw_move_class_for (u->type, group->formation) >= 0 && u->type != GBACW_UNIT_WAGON
              && u->type != GBACW_UNIT_LEADER)
            u->formation = group->formation;
        }
    }

  /* deployment order is stack order, top first */
  for (guint i = 0; i < s->deployment->len; i++)
    {
      const GbacwPlacement *p = g_ptr_array_index (s->deployment, i);
      GbacwGameUnit *u = gbacw_game_find_unit (game, p->unit);
      if (u == NULL || p->hex < 0 || p->hex >= game->n_hexes)
        continue;
      if (p->formation != GBACW_FORMATION_STATE_UNSET)
        u->formation = p->formation;
      if (p->facing >= 0)
        u->facing = p->facing;
      if (p->strength != GBACW_UNSET)
        {
          if (u->type == GBACW_UNIT_ARTILLERY)
            u->guns = p->strength;
          else
            u->strength = p->strength;
        }
      u->status = p->status;
      if (u->status & GBACW_STATUS_HALF_CREW)
        u->crew = GBACW_CREW_HALF;
      u->reinforcement = -1;   /* deployed */
      gbacw_game_place_unit (game, u->index, p->hex, FALSE);
    }
}

static gboolean
attach_hooks (GbacwGame *game)
{
  for (guint i = 0; i < game->scenario->exclusive_rules->len; i++)
    {
      const GbacwExclusiveRule *rule = g_ptr_array_index (game->scenario->exclusive_rules, i);
      const GbacwRuleHooks *hooks;

      if (!rule->enabled)
        continue;
      hooks = gbacw_rules_hooks_lookup (rule->id);
      if (hooks == NULL)
        {
          gbacw_game_log (game, NULL, _("Exclusive rule “%s” is not played by this engine yet"), rule->id);
          continue;
        }
      g_ptr_array_add (game->hooks, (gpointer) hooks);
      g_ptr_array_add (game->hook_data, hooks->init ? hooks->init (game, rule) : NULL);
      if (hooks->los_prepare)
        hooks->los_prepare (game->los, game->scenario, g_ptr_array_index (game->hook_data, game->hook_data->len - 1));
    }
  return TRUE;
}

GbacwGame *
gbacw_game_new (const GbacwScenario *scenario, guint32 seed, GError **error)
{
  g_autoptr (GbacwGame) game = g_new0 (GbacwGame, 1);
  const GbacwTurnTrack *track = &scenario->turns;

  game->scenario = gbacw_scenario_copy (scenario);
  game->n_hexes = gbacw_hex_grid_n_hexes (&game->scenario->map->grid);
  game->stacks = g_new0 (GArray *, game->n_hexes);
  game->units = g_ptr_array_new_with_free_func (game_unit_free);
  game->crew_oob = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_unit_free);
  game->unit_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  game->events = g_ptr_array_new_with_free_func (event_free);
  game->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_pending_free);
  game->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_action_free);
  game->fire_results = g_ptr_array_new_with_free_func (gbacw_fire_resolution_free_ptr);
  game->hexside_fire = g_hash_table_new (g_direct_hash, g_direct_equal);
  game->depleted = g_array_new (FALSE, FALSE, sizeof (int));
  game->restack_hexes = g_array_new (FALSE, FALSE, sizeof (int));
  game->hooks = g_ptr_array_new ();
  game->hook_data = g_ptr_array_new ();
  game->dice = gbacw_dice_new (seed);
  game->rules = gbacw_rules_data_new (game->scenario);
  game->los = gbacw_los_new (game->scenario);
  game->n_sides = (int) game->scenario->oob.sides->len;
  init_hex_tables (game);
  init_impassable (game);

  if (game->n_sides != 2)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_SCENARIO,
                   g_dngettext (GETTEXT_PACKAGE, "The scenario has %d side; a game needs two", "The scenario has %d sides; a game needs two",
                                game->n_sides), game->n_sides);
      return NULL;
    }
  game->first_turn = track->first;
  game->last_turn = track->last;
  if (track->turns->len > 0)
    {
      const GbacwTurn *first = g_ptr_array_index (track->turns, 0);
      const GbacwTurn *last = g_ptr_array_index (track->turns, track->turns->len - 1);
      if (game->first_turn == GBACW_UNSET || game->first_turn <= 0)
        game->first_turn = first->n;
      if (game->last_turn == GBACW_UNSET || game->last_turn <= 0)
        game->last_turn = last->n;
    }
  if (game->first_turn == GBACW_UNSET || game->last_turn == GBACW_UNSET || game->last_turn < game->first_turn)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_SCENARIO, _("The scenario has no Game-Turns"));
      return NULL;
    }
  /* rules matrix §1.B #3: command-5.2 new (P, the baseline) unless "old" */
  game->option_command_new = g_strcmp0 (gbacw_scenario_get_option (game->scenario, "command-5.2"), "old") != 0;

  game->melees = g_ptr_array_new_with_free_func (g_free);
  game->entries = g_hash_table_new (g_direct_hash, g_direct_equal);
  init_units (game);
  gbacw_leadership_init (game);
  gbacw_bce_init (game);
  attach_hooks (game);
  gbacw_game_start_turn (game, game->first_turn);
  if (gbacw_game_phase_skipped (game, game->phase))
    {
      game->phase = GBACW_PHASE_INITIAL_COMMAND;
      gbacw_game_advance (game);
    }
  else
    gbacw_game_begin_phase (game);
  gbacw_game_run_pending (game);
  gbacw_bce_refresh (game);
  return g_steal_pointer (&game);
}

void
gbacw_game_free (GbacwGame *game)
{
  if (game == NULL)
    return;
  for (guint i = 0; game->hooks && i < game->hooks->len; i++)
    {
      const GbacwRuleHooks *hooks = g_ptr_array_index (game->hooks, i);
      if (hooks->finalize)
        hooks->finalize (g_ptr_array_index (game->hook_data, i));
    }
  g_clear_pointer (&game->hooks, g_ptr_array_unref);
  g_clear_pointer (&game->hook_data, g_ptr_array_unref);
  gbacw_bce_free (game);
  for (int i = 0; game->stacks && i < game->n_hexes; i++)
    if (game->stacks[i])
      g_array_unref (game->stacks[i]);
  g_free (game->stacks);
  g_free (game->impassable);
  g_free (game->hex_axial);
  g_free (game->hex_neighbours);
  g_clear_pointer (&game->fire_results, g_ptr_array_unref);
  g_clear_pointer (&game->hexside_fire, g_hash_table_unref);
  g_clear_pointer (&game->depleted, g_array_unref);
  g_clear_pointer (&game->restack_hexes, g_array_unref);
  g_clear_pointer (&game->actions, g_ptr_array_unref);
  g_clear_pointer (&game->pending, g_ptr_array_unref);
  g_clear_pointer (&game->decision, gbacw_decision_free);
  g_clear_pointer (&game->causes, g_array_unref);
  g_clear_pointer (&game->formation_parent, g_free);
  g_clear_pointer (&game->formation_commander, g_free);
  g_clear_pointer (&game->formation_original_parent, g_free);
  g_clear_pointer (&game->unit_formation, g_free);
  g_clear_pointer (&game->leader_formation, g_free);
  g_clear_pointer (&game->melees, g_ptr_array_unref);
  g_clear_pointer (&game->entries, g_hash_table_unref);
  g_clear_pointer (&game->events, g_ptr_array_unref);
  g_clear_pointer (&game->unit_by_id, g_hash_table_unref);
  g_clear_pointer (&game->units, g_ptr_array_unref);
  g_clear_pointer (&game->crew_oob, g_ptr_array_unref);
  g_clear_pointer (&game->los, gbacw_los_free);
  g_clear_pointer (&game->rules, gbacw_rules_data_free);
  g_clear_pointer (&game->dice, gbacw_dice_free);
  g_clear_pointer (&game->scenario, gbacw_scenario_free);
  g_free (game);
}
