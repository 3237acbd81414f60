/* gbacw-game.c: game state, the Sequence of Play (4.0), actions, the event log,
 * saving and replaying. */
#include "gbacw-game.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "gbacw-bce.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-leadership.h"
#include "gbacw-melee.h"
#include "gbacw-movement.h"
#include "gbacw-file-read.h"
#include "gbacw-safe-write.h"
#include "gbacw-scenario-io.h"

G_DEFINE_QUARK (gbacw-game-error-quark, gbacw_game_error)

/* ------------------------------------------------------------------ phases */

const char *
gbacw_phase_name (GbacwPhase phase)
{
  switch (phase)
    {
    case GBACW_PHASE_INITIAL_COMMAND: return _("Initial Command Phase");
    case GBACW_PHASE_MOVEMENT: return _("Movement Phase");
    case GBACW_PHASE_DEFENSIVE_FIRE: return _("Defensive Fire Phase");
    case GBACW_PHASE_OFFENSIVE_FIRE: return _("Offensive Fire Phase");
    case GBACW_PHASE_RETREAT_BEFORE_MELEE: return _("Retreat Before Melee Phase");
    case GBACW_PHASE_MELEE: return _("Melee Phase");
    case GBACW_PHASE_AMMUNITION_RESUPPLY: return _("Ammunition Resupply Phase");
    case GBACW_PHASE_RALLY: return _("Rally Phase");
    case GBACW_PHASE_FINAL_COMMAND: return _("Final Command Phase");
    case GBACW_PHASE_INTERPHASE: return _("Game-Turn Record Interphase");
    case GBACW_PHASE_GAME_OVER: return _("Game over");
    case GBACW_PHASE_EXCLUSIVE: return _("Exclusive-rule phase");
    default: return "";
    }
}

const char *
gbacw_phase_letter (GbacwPhase phase)
{
  static const char *const letters[] = { "A", "B", "C", "D", "E", "F", "G", "H", "J" };
  return (guint) phase < G_N_ELEMENTS (letters) ? letters[phase] : "";
}

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

static GbacwAction *
answer_new (void)
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
  GbacwAction *action = answer_new ();
  if (n_firers)
    g_array_append_vals (action->answer.firers, firers, n_firers);
  return action;
}

GbacwAction *
gbacw_action_new_answer_path (const int *path, guint n_path)
{
  GbacwAction *action = answer_new ();
  if (n_path)
    g_array_append_vals (action->answer.path, path, n_path);
  return action;
}

GbacwAction *
gbacw_action_new_answer_hex (int hex)
{
  GbacwAction *action = answer_new ();
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
  GbacwAction *action = answer_new ();
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
  GbacwAction *action = answer_new ();
  for (guint i = 0; i < n_units; i++)
    {
      GbacwFirer f = { units[i], 0.0, facings[i] };
      g_array_append_val (action->answer.firers, f);
    }
  return action;
}

static GbacwAction *
command_new (GbacwActionKind kind, int leader, int other, int points)
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
  return command_new (GBACW_ACTION_ATTACH, brigade_leader, division_leader, 0);
}

GbacwAction *
gbacw_action_new_detach (int brigade_leader)
{
  return command_new (GBACW_ACTION_DETACH, brigade_leader, -1, 0);
}

GbacwAction *
gbacw_action_new_command_points (int division_leader, int brigade_leader, int points)
{
  return command_new (GBACW_ACTION_COMMAND_POINTS, division_leader, brigade_leader, points);
}

GbacwAction *
gbacw_action_new_rally (int brigade_leader, int unit)
{
  return command_new (GBACW_ACTION_RALLY, brigade_leader, unit, 0);
}

GbacwAction *
gbacw_action_new_resupply (int unit, int wagon)
{
  return command_new (GBACW_ACTION_RESUPPLY, unit, wagon, 0);
}

GbacwAction *
gbacw_action_new_transfer_rounds (int from_battery, int to_battery, int rounds)
{
  return command_new (GBACW_ACTION_TRANSFER_ROUNDS, from_battery, to_battery, rounds);
}

GbacwAction *
gbacw_action_new_recrew (int unit, int wagon)
{
  return command_new (GBACW_ACTION_RECREW, unit, wagon, 0);
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
gbacw_game_is_wagon_crew (const GbacwGameUnit *unit)
{
  return unit->crew_of >= 0;
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

/* ------------------------------------------------------------------ turns */

static const GbacwTurn *
find_turn (const GbacwGame *game, int turn)
{
  const GPtrArray *turns = game->scenario->turns.turns;
  for (guint i = 0; i < turns->len; i++)
    {
      const GbacwTurn *t = g_ptr_array_index (turns, i);
      if (t->n == turn)
        return t;
    }
  return NULL;
}

int
gbacw_game_first_player (const GbacwGame *game, int turn)
{
  const GbacwTurnTrack *track = &game->scenario->turns;
  const char *first = track->first_player;
  int side;

  /* the turn track: the first player "from this turn on" */
  for (guint i = 0; i < track->turns->len; i++)
    {
      const GbacwTurn *t = g_ptr_array_index (track->turns, i);
      if (t->n <= turn && t->first_player)
        first = t->first_player;
    }
  side = gbacw_game_side_index (game, first);
  return side >= 0 ? side : 0;
}

gboolean
gbacw_game_is_night (const GbacwGame *game, int turn)
{
  const GbacwTurn *t = find_turn (game, turn);
  return t != NULL && t->night;
}

gboolean
gbacw_game_is_over (const GbacwGame *game)
{
  return game->phase == GBACW_PHASE_GAME_OVER;
}

int
gbacw_game_decider (const GbacwGame *game)
{
  if (game->decision)
    return game->decision->side;
  if (game->phase == GBACW_PHASE_DEFENSIVE_FIRE)
    return 1 - game->phasing_side;
  return game->phasing_side;
}

/* Whether a phase is played: night turns have no fire or melee phases (every game's
 * night rules allow only withdrawal fire: rules matrix §2.D); hooks may decide. */
static gboolean
phase_skipped (const GbacwGame *game, GbacwPhase phase)
{
  gboolean skip = game->night && (phase == GBACW_PHASE_DEFENSIVE_FIRE || phase == GBACW_PHASE_OFFENSIVE_FIRE
                                  || phase == GBACW_PHASE_RETREAT_BEFORE_MELEE || phase == GBACW_PHASE_MELEE);

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->skip_phase)
      {
        gboolean s = skip;
        if (hooks->skip_phase (game, data, phase, &s))
          skip = s;
      }
  return skip;
}

static void
begin_phase (GbacwGame *game)
{
  switch (game->phase)
    {
    case GBACW_PHASE_INITIAL_COMMAND:
      /* a new Player-Turn: per-turn flags of the phasing player's units */
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          if (u->side == game->phasing_side)
            {
              u->moved = FALSE;
              u->n_fired_at = 0;
              u->start_hex = -1;
            }
          if (game->player_turn == 0)
            u->advanced = FALSE;   /* 12.85: for the rest of that Game-Turn */
        }
      g_ptr_array_set_size (game->melees, 0);
      break;
    case GBACW_PHASE_MOVEMENT:
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          u->start_hex = u->hex;   /* 16.23 */
          g_hash_table_remove_all (game->entries);
          u->mp_spent = 0;
          u->hexes_moved = 0;
          u->formation_changed = FALSE;
          u->movement_done = FALSE;
        }
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (hooks->reinforcements)
          hooks->reinforcements (game, data);
      break;
    case GBACW_PHASE_DEFENSIVE_FIRE:
    case GBACW_PHASE_OFFENSIVE_FIRE:
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          u->fire_used = 0;
          u->fired_upon = 0;
          if (game->phase == GBACW_PHASE_OFFENSIVE_FIRE)
            u->n_fired_at = 0;   /* 12.22 */
        }
      g_hash_table_remove_all (game->hexside_fire);
      g_array_set_size (game->depleted, 0);
      break;
    case GBACW_PHASE_RALLY:
      /* 9.85: Pin markers of the phasing player are removed before rallying */
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          if (u->side == game->phasing_side && (u->status & GBACW_STATUS_PINNED))
            {
              u->status &= ~GBACW_STATUS_PINNED;
              if (u->hex >= 0 && gbacw_game_is_combat_unit (u))
                {
                  g_autofree char *label = gbacw_game_unit_label (game, u->index);
                  gbacw_game_log (game, "9.85", _("%s is no longer pinned"), label);
                }
            }
        }
      break;
    case GBACW_PHASE_INTERPHASE:
      GBACW_FOREACH_HOOK (game, hooks, data)
        if (hooks->interphase)
          hooks->interphase (game, data);
      break;
    case GBACW_PHASE_RETREAT_BEFORE_MELEE:
    case GBACW_PHASE_MELEE:
    case GBACW_PHASE_AMMUNITION_RESUPPLY:
    case GBACW_PHASE_FINAL_COMMAND:
    case GBACW_PHASE_GAME_OVER:
    default:
      break;
    }
  if (game->phase == GBACW_PHASE_GAME_OVER)
    return;
  gbacw_leadership_phase_begin (game);   /* A, H, J (17.0, 13.5, 17.8) */
  gbacw_melee_phase_begin (game);        /* E, F (12.0) */
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->phase_begin)
      hooks->phase_begin (game, data);
}

static void
end_phase (GbacwGame *game)
{
  switch (game->phase)
    {
    case GBACW_PHASE_DEFENSIVE_FIRE:
    case GBACW_PHASE_OFFENSIVE_FIRE:
      gbacw_fire_phase_end (game);   /* 9.42: results applied at the end */
      break;
    case GBACW_PHASE_MOVEMENT:
      gbacw_movement_phase_end (game);   /* 8.0: stacking limits that cannot be kept */
      break;
    case GBACW_PHASE_MELEE:
      gbacw_movement_combat_end (game);   /* 8.0: the end of the Combat Phase */
      break;
    case GBACW_PHASE_INITIAL_COMMAND:
    case GBACW_PHASE_RETREAT_BEFORE_MELEE:
    case GBACW_PHASE_AMMUNITION_RESUPPLY:
    case GBACW_PHASE_RALLY:
    case GBACW_PHASE_FINAL_COMMAND:
    case GBACW_PHASE_INTERPHASE:
    case GBACW_PHASE_GAME_OVER:
    default:
      break;
    }
  gbacw_leadership_phase_end (game);   /* A: the command check (17.11); J: promotions (17.84) */
  gbacw_melee_phase_end (game);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->phase_end)
      hooks->phase_end (game, data);
}

static void
start_turn (GbacwGame *game, int turn)
{
  game->turn = turn;
  game->player_turn = 0;
  game->night = gbacw_game_is_night (game, turn);
  game->phasing_side = gbacw_game_first_player (game, turn);
  game->phase = GBACW_PHASE_INITIAL_COMMAND;
  gbacw_game_log (game, "4.0", game->night ? _("Game-Turn %d (night) begins; %s is the first player")
                                           : _("Game-Turn %d begins; %s is the first player"),
                  turn, gbacw_game_side_name (game, game->phasing_side));
}

/* An exclusive rule's phase after phase "after", asking the modules from first_hook on. */
static gboolean
enter_extra_phase (GbacwGame *game, GbacwPhase after, guint first_hook)
{
  for (guint i = first_hook; i < game->hooks->len; i++)
    {
      const GbacwRuleHooks *hooks = g_ptr_array_index (game->hooks, i);
      const char *name;

      if (hooks->extra_phase == NULL
          || (name = hooks->extra_phase (game, g_ptr_array_index (game->hook_data, i), after)) == NULL)
        continue;
      game->resume_phase = after;
      game->extra_hook = i;
      game->extra_phase_name = name;
      game->phase = GBACW_PHASE_EXCLUSIVE;
      gbacw_game_log (game, NULL, _("%s (exclusive rule “%s”)"), name, hooks->id);
      begin_phase (game);
      return TRUE;
    }
  return FALSE;
}

/* Moves to the next phase that is played, running the phases' own work; when the end of
 * the phase leaves something pending (rout retreats after fire), the phase ends once it
 * is resolved (gbacw_game_run_pending ()). */
static void
advance (GbacwGame *game)
{
  end_phase (game);
  if (game->pending->len > 0)
    {
      game->ending_phase = TRUE;
      gbacw_game_run_pending (game);
      return;
    }
  gbacw_game_finish_phase (game);
}

/* 8.41: the hexes whose top unit (of its side) ran out of ammunition in the Fire Phase
 * that ends: their owner may change their order until the next other action. */
static int
top_unit (const GbacwGame *game, int hex, int side)
{
  const GArray *stack = gbacw_game_stack (game, hex);

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (u->side == side && gbacw_game_is_combat_unit (u))
        return u->index;
    }
  return -1;
}

static void
restack_window (GbacwGame *game)
{
  g_array_set_size (game->restack_hexes, 0);
  for (guint i = 0; i < game->depleted->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (game->depleted, int, i));
      int key = u->hex * 2 + u->side;
      gboolean known = FALSE;
      if (u->hex < 0 || !(u->status & GBACW_STATUS_AMMO_DEPLETED) || top_unit (game, u->hex, u->side) != u->index)
        continue;
      for (guint k = 0; k < game->restack_hexes->len; k++)
        known |= g_array_index (game->restack_hexes, int, k) == key;
      if (!known)
        g_array_append_val (game->restack_hexes, key);
    }
  g_array_set_size (game->depleted, 0);
}

/* 8.41: units: every unit of one side in the hex, each once, in the new order. */
static gboolean
check_restack (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GArray *units = action->restack.units;
  const GArray *stack;
  int hex = action->restack.hex, side = -1, n_side = 0;
  gboolean window = FALSE;

  if (hex < 0 || hex >= game->n_hexes || units == NULL || units->len == 0)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No such hex or no units to restack"));
      return FALSE;
    }
  stack = gbacw_game_stack (game, hex);
  for (guint i = 0; i < units->len; i++)
    {
      int unit = g_array_index (units, int, i);
      const GbacwGameUnit *u;
      if (unit < 0 || (guint) unit >= game->units->len || (u = gbacw_game_unit (game, unit))->hex != hex)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("A unit restacked is not in the hex"));
          return FALSE;
        }
      if (side >= 0 && u->side != side)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("The units restacked are not of one side"));
          return FALSE;
        }
      side = u->side;
      for (guint k = 0; k < i; k++)
        if (g_array_index (units, int, k) == unit)
          {
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("A unit is named twice"));
            return FALSE;
          }
    }
  for (guint i = 0; stack && i < stack->len; i++)
    n_side += gbacw_game_unit (game, g_array_index (stack, int, i))->side == side;
  if ((guint) n_side != units->len)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("Every unit of the side in the hex must be named"));
      return FALSE;
    }
  for (guint k = 0; k < game->restack_hexes->len; k++)
    window |= g_array_index (game->restack_hexes, int, k) == hex * 2 + side;
  if (!window && !(game->phase == GBACW_PHASE_MOVEMENT && game->phasing_side == side))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                   _("[8.41] The stacking order changes only in its owner's Movement Phase, or at the end of a Fire "
                     "Phase in which the top unit ran out of ammunition"));
      return FALSE;
    }
  return TRUE;
}

/* The side's units take the places of the side's units in the stack, in the new order
 * (an engaged hex keeps the other side's units where they are). */
static void
apply_restack (GbacwGame *game, const GbacwAction *action)
{
  GArray *stack = game->stacks[action->restack.hex];
  const GArray *units = action->restack.units;
  int side = gbacw_game_unit (game, g_array_index (units, int, 0))->side;
  guint next = 0;
  GString *order = g_string_new (NULL);

  for (guint i = 0; i < stack->len; i++)
    if (gbacw_game_unit (game, g_array_index (stack, int, i))->side == side)
      g_array_index (stack, int, i) = g_array_index (units, int, next++);
  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *label = gbacw_game_unit_label (game, g_array_index (units, int, i));
      g_string_append_printf (order, "%s%s", i ? ", " : "", label);
    }
  {
    g_autofree char *hex = gbacw_game_hex_label (game, action->restack.hex);
    gbacw_game_log (game, "8.41", _("New stacking order in %s, top first: %s"), hex, order->str);
  }
  g_string_free (order, TRUE);
  gbacw_game_refresh_hex (game, action->restack.hex);
}

void
gbacw_game_finish_phase (GbacwGame *game)
{
  GbacwPhase from = game->phase;
  guint next_hook = 0;

  game->ending_phase = FALSE;
  if (from == GBACW_PHASE_DEFENSIVE_FIRE || from == GBACW_PHASE_OFFENSIVE_FIRE)
    restack_window (game);
  if (from == GBACW_PHASE_EXCLUSIVE)
    {
      from = game->resume_phase;
      next_hook = game->extra_hook + 1;
      game->phase = from;
      game->extra_phase_name = NULL;
    }
  if (enter_extra_phase (game, from, next_hook))
    return;
  for (;;)
    {
      if (game->phase == GBACW_PHASE_INTERPHASE)
        {
          if (game->turn >= game->last_turn || game->decided)
            {
              game->phase = GBACW_PHASE_GAME_OVER;
              gbacw_game_log (game, "4.0", game->decided ? _("The game is decided") : _("The last Game-Turn is over"));
              return;
            }
          start_turn (game, game->turn + 1);
        }
      else if (game->phase == GBACW_PHASE_FINAL_COMMAND)
        {
          if (game->player_turn == 0)
            {
              game->player_turn = 1;
              game->phasing_side = 1 - game->phasing_side;
              game->phase = GBACW_PHASE_INITIAL_COMMAND;
              gbacw_game_log (game, "4.0", _("Second Player-Turn: %s"),
                              gbacw_game_side_name (game, game->phasing_side));
            }
          else
            game->phase = GBACW_PHASE_INTERPHASE;
        }
      else
        game->phase++;

      if (game->phase == GBACW_PHASE_INTERPHASE)
        {
          begin_phase (game);   /* automatic: nobody acts in it */
          end_phase (game);
          continue;
        }
      if (!phase_skipped (game, game->phase))
        break;
    }
  begin_phase (game);
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
static void
add_crew_counters (GbacwGame *game)
{
  const GbacwOob *oob = &game->scenario->oob;
  guint n = game->units->len;

  for (guint i = 0; i < n; i++)
    {
      GbacwGameUnit *w = g_ptr_array_index (game->units, i);
      g_autofree char *id = NULL;
      GbacwUnit *unit;
      GbacwGameUnit *c;

      if (w->type != GBACW_UNIT_WAGON)
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
      unit->weapon = g_strdup (w->oob->weapon);
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
  start_turn (game, game->first_turn);
  if (phase_skipped (game, game->phase))
    {
      game->phase = GBACW_PHASE_INITIAL_COMMAND;
      advance (game);
    }
  else
    begin_phase (game);
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

/* ------------------------------------------------------------------ actions */

static gboolean
check_units_valid (GbacwGame *game, const GArray *units, GError **error)
{
  if (units == NULL || units->len == 0)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("The action names no unit"));
      return FALSE;
    }
  for (guint i = 0; i < units->len; i++)
    {
      int index = g_array_index (units, int, i);
      if (index < 0 || (guint) index >= game->units->len)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No unit number %d"), index);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_array_index (units, int, j) == index)
          {
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("A unit is named twice"));
            return FALSE;
          }
    }
  return TRUE;
}

gboolean
gbacw_game_check_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  g_return_val_if_fail (action != NULL, FALSE);

  if (game->phase == GBACW_PHASE_GAME_OVER)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[4.0] The game is over"));
      return FALSE;
    }
  if (game->decision && action->kind != GBACW_ACTION_ANSWER)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, _("[%s] %s must first answer: %s"),
                   game->decision->rule_case, gbacw_game_side_name (game, game->decision->side),
                   game->decision->question);
      return FALSE;
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->action_legal && !hooks->action_legal (game, data, action, error))
      return FALSE;
  switch (action->kind)
    {
    case GBACW_ACTION_ANSWER:
      if (game->decision == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("There is no question to answer"));
          return FALSE;
        }
      return gbacw_pending_check_answer (game, action, error);
    case GBACW_ACTION_END_PHASE:
      if (game->phase == GBACW_PHASE_MOVEMENT)
        return gbacw_movement_check_end (game, error);
      return TRUE;
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
      return check_units_valid (game, action->move.units, error)
             && gbacw_movement_check_action (game, action, error);
    case GBACW_ACTION_CHANGE_FORMATION:
      return check_units_valid (game, action->formation.units, error)
             && gbacw_movement_check_action (game, action, error);
    case GBACW_ACTION_CHANGE_FACING:
      return gbacw_movement_check_action (game, action, error);
    case GBACW_ACTION_FIRE:
      return gbacw_fire_check_action (game, action, error);
    case GBACW_ACTION_ATTACH:
    case GBACW_ACTION_DETACH:
    case GBACW_ACTION_COMMAND_POINTS:
    case GBACW_ACTION_RALLY:
      return gbacw_leadership_check_action (game, action, error);
    case GBACW_ACTION_DECLARE_MELEE:
    case GBACW_ACTION_MELEE:
      return check_units_valid (game, action->melee.units, error) && gbacw_melee_check_action (game, action, error);
    case GBACW_ACTION_RESUPPLY:
    case GBACW_ACTION_TRANSFER_ROUNDS:
    case GBACW_ACTION_RECREW:
      return gbacw_supply_check_action (game, action, error);
    case GBACW_ACTION_RESTACK:
      return check_restack (game, action, error);
    default:
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("Unknown action"));
      return FALSE;
    }
}

gboolean
gbacw_game_apply_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  GbacwAction *recorded;
  /* whether an answer's hex field holds a unit: the question it answers says so */
  gboolean names_unit = action->kind == GBACW_ACTION_ANSWER && game->decision != NULL
                        && (game->decision->kind == GBACW_DECISION_MELEE_LOSS
                            || game->decision->kind == GBACW_DECISION_PROMOTE);

  if (!gbacw_game_check_action (game, action, error))
    return FALSE;
  if (action->kind != GBACW_ACTION_RESTACK)
    g_array_set_size (game->restack_hexes, 0);   /* 8.41: the window after a Fire Phase closes */
  switch (action->kind)
    {
    case GBACW_ACTION_RESTACK:
      apply_restack (game, action);
      break;
    case GBACW_ACTION_END_PHASE:
      gbacw_game_log (game, "4.0", _("%s ends the %s"), gbacw_game_side_name (game, gbacw_game_decider (game)),
                      game->phase == GBACW_PHASE_EXCLUSIVE && game->extra_phase_name ? game->extra_phase_name
                                                                                      : gbacw_phase_name (game->phase));
      advance (game);
      break;
    case GBACW_ACTION_MOVE:
    case GBACW_ACTION_EXIT:
    case GBACW_ACTION_CHANGE_FORMATION:
    case GBACW_ACTION_CHANGE_FACING:
      gbacw_movement_apply_action (game, action);
      break;
    case GBACW_ACTION_FIRE:
      if (!gbacw_fire_apply_action (game, action, error))
        return FALSE;
      break;
    case GBACW_ACTION_ANSWER:
      gbacw_pending_apply_answer (game, action);
      break;
    case GBACW_ACTION_ATTACH:
    case GBACW_ACTION_DETACH:
    case GBACW_ACTION_COMMAND_POINTS:
    case GBACW_ACTION_RALLY:
      gbacw_leadership_apply_action (game, action);
      break;
    case GBACW_ACTION_DECLARE_MELEE:
    case GBACW_ACTION_MELEE:
      gbacw_melee_apply_action (game, action);
      break;
    case GBACW_ACTION_RESUPPLY:
    case GBACW_ACTION_TRANSFER_ROUNDS:
    case GBACW_ACTION_RECREW:
      gbacw_supply_apply_action (game, action);
      break;
    default:
      break;
    }
  recorded = gbacw_action_copy (action);
  if (recorded->kind == GBACW_ACTION_ANSWER)
    recorded->answer.names_unit = names_unit;
  g_ptr_array_add (game->actions, recorded);
  /* whatever the action left pending (withdrawal fire, retreats) */
  gbacw_game_run_pending (game);
  gbacw_bce_refresh (game);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->action_done)
      hooks->action_done (game, data, action);
  return TRUE;
}

/* ------------------------------------------------------------------ saving */

static const char *
formation_token (GbacwFormationState formation)
{
  return gbacw_formation_state_to_string (formation);
}

static void
append_units (const GbacwGame *game, GString *s, const GArray *units)
{
  g_string_append (s, " units=\"");
  for (guint i = 0; i < units->len; i++)
    {
      g_autofree char *id = g_markup_escape_text (gbacw_game_unit (game, g_array_index (units, int, i))->id, -1);
      g_string_append_printf (s, "%s%s", i ? " " : "", id);
    }
  g_string_append_c (s, '"');
}

/* <firer> elements of a fire action or a fire answer (GbacwFirer). */
static void
write_firers (GString *s, const GbacwGame *game, const GArray *firers)
{
  GbacwGridOrientation orientation = game->scenario->map->grid.orientation;

  for (guint k = 0; k < firers->len; k++)
    {
      const GbacwFirer *f = &g_array_index (firers, GbacwFirer, k);
      g_autofree char *id = g_markup_escape_text (gbacw_game_unit (game, f->unit)->id, -1);
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (s, "    <firer unit=\"%s\" strength=\"%s\"", id,
                              g_ascii_dtostr (number, sizeof number, f->strength));
      if (f->direction >= 0)
        g_string_append_printf (s, " hexside=\"%s\"", gbacw_hex_direction_name (orientation, f->direction));
      g_string_append (s, "/>\n");
    }
}

char *
gbacw_game_to_xml (const GbacwGame *game, const char *scenario_path)
{
  GString *s = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  GbacwGridOrientation orientation = game->scenario->map->grid.orientation;
  g_autofree char *scenario = g_markup_escape_text (scenario_path ? scenario_path : "", -1);

  g_string_append_printf (s, "<game xmlns=\"urn:gbacw:game\" version=\"1\" scenario=\"%s\" seed=\"%u\">\n", scenario,
                          gbacw_dice_get_seed (game->dice));
  for (guint i = 0; i < game->actions->len; i++)
    {
      const GbacwAction *a = g_ptr_array_index (game->actions, i);
      switch (a->kind)
        {
        case GBACW_ACTION_END_PHASE:
          g_string_append (s, "  <end-phase/>\n");
          break;
        case GBACW_ACTION_MOVE:
          g_string_append (s, "  <move");
          append_units (game, s, a->move.units);
          g_string_append (s, " path=\"");
          for (guint k = 0; k < a->move.path->len; k++)
            {
              g_autofree char *label = gbacw_game_hex_label (game, g_array_index (a->move.path, int, k));
              g_string_append_printf (s, "%s%s", k ? " " : "", label);
            }
          g_string_append_c (s, '"');
          if (a->move.facing >= 0)
            g_string_append_printf (s, " facing=\"%s\"", gbacw_hex_direction_name (orientation, a->move.facing));
          g_string_append (s, "/>\n");
          break;
        case GBACW_ACTION_CHANGE_FORMATION:
          g_string_append (s, "  <formation");
          append_units (game, s, a->formation.units);
          g_string_append_printf (s, " formation=\"%s\"/>\n", formation_token (a->formation.formation));
          break;
        case GBACW_ACTION_CHANGE_FACING:
          {
            g_autofree char *label = gbacw_game_hex_label (game, a->facing.hex);
            g_string_append_printf (s, "  <facing hex=\"%s\" facing=\"%s\"/>\n", label,
                                    gbacw_hex_direction_name (orientation, a->facing.facing));
          }
          break;
        case GBACW_ACTION_FIRE:
          {
            g_autofree char *label = gbacw_game_hex_label (game, a->fire.target);
            g_string_append_printf (s, "  <fire target=\"%s\">\n", label);
            write_firers (s, game, a->fire.firers);
            g_string_append (s, "  </fire>\n");
          }
          break;
        case GBACW_ACTION_ATTACH:
        case GBACW_ACTION_DETACH:
        case GBACW_ACTION_COMMAND_POINTS:
        case GBACW_ACTION_RALLY:
          {
            static const char *const names[] = { "attach", "detach", "command-points", "rally" };
            g_autofree char *leader = g_markup_escape_text (gbacw_game_unit (game, a->command.leader)->id, -1);
            g_string_append_printf (s, "  <%s leader=\"%s\"", names[a->kind - GBACW_ACTION_ATTACH], leader);
            if (a->command.other >= 0)
              {
                g_autofree char *other = g_markup_escape_text (gbacw_game_unit (game, a->command.other)->id, -1);
                g_string_append_printf (s, " other=\"%s\"", other);
              }
            if (a->kind == GBACW_ACTION_COMMAND_POINTS)
              g_string_append_printf (s, " points=\"%d\"", a->command.points);
            g_string_append (s, "/>\n");
          }
          break;
        case GBACW_ACTION_RESUPPLY:
          {
            g_autofree char *unit = g_markup_escape_text (gbacw_game_unit (game, a->command.leader)->id, -1);
            g_autofree char *wagon = g_markup_escape_text (gbacw_game_unit (game, a->command.other)->id, -1);
            g_string_append_printf (s, "  <resupply unit=\"%s\" wagon=\"%s\"/>\n", unit, wagon);
          }
          break;
        case GBACW_ACTION_TRANSFER_ROUNDS:
          {
            g_autofree char *from = g_markup_escape_text (gbacw_game_unit (game, a->command.leader)->id, -1);
            g_autofree char *to = g_markup_escape_text (gbacw_game_unit (game, a->command.other)->id, -1);
            g_string_append_printf (s, "  <transfer-rounds from=\"%s\" to=\"%s\" rounds=\"%d\"/>\n", from, to,
                                    a->command.points);
          }
          break;
        case GBACW_ACTION_RECREW:
          {
            g_autofree char *unit = g_markup_escape_text (gbacw_game_unit (game, a->command.leader)->id, -1);
            g_autofree char *wagon = g_markup_escape_text (gbacw_game_unit (game, a->command.other)->id, -1);
            g_string_append_printf (s, "  <recrew unit=\"%s\" wagon=\"%s\"/>\n", unit, wagon);
          }
          break;
        case GBACW_ACTION_EXIT:
          g_string_append (s, "  <exit");
          append_units (game, s, a->move.units);
          g_string_append (s, "/>\n");
          break;
        case GBACW_ACTION_RESTACK:
          {
            g_autofree char *label = gbacw_game_hex_label (game, a->restack.hex);
            g_string_append_printf (s, "  <restack hex=\"%s\"", label);
            append_units (game, s, a->restack.units);
            g_string_append (s, "/>\n");
          }
          break;
        case GBACW_ACTION_DECLARE_MELEE:
        case GBACW_ACTION_MELEE:
          {
            g_autofree char *label = gbacw_game_hex_label (game, a->melee.target);
            g_string_append (s, a->kind == GBACW_ACTION_MELEE ? "  <melee" : "  <declare-melee");
            append_units (game, s, a->melee.units);
            g_string_append_printf (s, " target=\"%s\"%s/>\n", label, a->melee.charge ? " charge=\"yes\"" : "");
          }
          break;
        case GBACW_ACTION_ANSWER:
          g_string_append (s, "  <answer");
          /* by name, not by index, so that a record stays readable and survives a reordered
           * order of battle */
          if (a->answer.hex >= 0 && a->answer.names_unit)
            {
              g_autofree char *id = g_markup_escape_text (gbacw_game_unit (game, a->answer.hex)->id, -1);
              g_string_append_printf (s, " unit=\"%s\"", id);
            }
          else if (a->answer.hex >= 0)
            {
              g_autofree char *label = gbacw_game_hex_label (game, a->answer.hex);
              g_string_append_printf (s, " hex=\"%s\"", label);
            }
          if (a->answer.path->len)
            {
              g_string_append (s, " path=\"");
              for (guint k = 0; k < a->answer.path->len; k++)
                {
                  g_autofree char *label = gbacw_game_hex_label (game, g_array_index (a->answer.path, int, k));
                  g_string_append_printf (s, "%s%s", k ? " " : "", label);
                }
              g_string_append_c (s, '"');
            }
          if (a->answer.firers->len == 0)
            {
              g_string_append (s, "/>\n");
              break;
            }
          g_string_append (s, ">\n");
          write_firers (s, game, a->answer.firers);
          g_string_append (s, "  </answer>\n");
          break;
        default:
          break;
        }
    }
  g_string_append (s, "</game>\n");
  return g_string_free (s, FALSE);
}

gboolean
gbacw_game_save (const GbacwGame *game, const char *scenario_path, const char *path, GError **error)
{
  g_autofree char *xml = gbacw_game_to_xml (game, scenario_path);
  return gbacw_safe_write_file (path, xml, strlen (xml), GBACW_SAFE_WRITE_NONE, error);
}

gboolean
gbacw_game_save_log (const GbacwGame *game, const char *path, GError **error)
{
  g_autofree char *text = gbacw_game_format_log (game);
  return gbacw_safe_write_file (path, text, strlen (text), GBACW_SAFE_WRITE_NONE, error);
}

typedef struct {
  const GbacwScenario *scenario;
  GbacwGame *game;
  GbacwAction *fire;        /* the <fire> being read */
  char *scenario_path;
  guint32 seed;
  gboolean header_only;
  int depth;                /* elements open */
  gboolean seen_root;
  guint action_number;      /* of the child of <game> being read, from 1 */
  gboolean refused;         /* the error is the engine refusing an action (it names the action) */
  int error_line;           /* where the text stopped being well-formed (GMarkup's position) */
} ReplayParser;

static const char *
attribute (const char **names, const char **values, const char *name)
{
  for (guint i = 0; names[i]; i++)
    if (g_str_equal (names[i], name))
      return values[i];
  return NULL;
}

/* The whole number in attribute name, in [min, max]; fallback when it is absent. The
 * numbers were read with g_ascii_strtoll () and cast: "abc" read as 0 and 4294967297 as
 * 1, replaying another game without a word (/fuzz/regression/record-numbers). */
static gboolean
number_attribute (const char **names, const char **values, const char *name, gint64 min, gint64 max,
                  gint64 fallback, gint64 *out, GError **error)
{
  const char *text = attribute (names, values, name);

  *out = fallback;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, min, max, out, NULL))
    {
      /* the bounds formatted first: a format macro inside _() would cut the msgid */
      g_autofree char *low = g_strdup_printf ("%" G_GINT64_FORMAT, min);
      g_autofree char *high = g_strdup_printf ("%" G_GINT64_FORMAT, max);
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE,
                   _("%s=\"%s\" is not a whole number from %s to %s"), name, text, low, high);
      return FALSE;
    }
  return TRUE;
}

static GArray *
parse_units (GbacwGame *game, const char *text, GError **error)
{
  g_auto (GStrv) ids = g_strsplit (text ? text : "", " ", -1);
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; ids[i]; i++)
    {
      GbacwGameUnit *u;
      if (*ids[i] == '\0')
        continue;
      u = gbacw_game_find_unit (game, ids[i]);
      if (u == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("No unit “%s” in the scenario"), ids[i]);
          return NULL;
        }
      g_array_append_val (units, u->index);
    }
  return g_steal_pointer (&units);
}

static int
parse_direction (GbacwGame *game, const char *text, GError **error)
{
  int d = gbacw_hex_direction_parse (game->scenario->map->grid.orientation, text ? text : "");
  if (d < 0)
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("“%s” is not a direction"), text ? text : "");
  return d;
}

static gboolean
replay_action (ReplayParser *p, GbacwAction *action, GError **error)
{
  GbacwGame *game = p->game;
  g_autoptr (GbacwAction) owned = action;
  g_autoptr (GError) local = NULL;

  if (!gbacw_game_apply_action (game, action, &local))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Action %u cannot be replayed: %s"),
                   game->actions->len + 1, local->message);
      p->refused = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* The two units an element names in attributes name_a and name_b; an error if either is unknown. */
static gboolean
find_unit_pair (GbacwGame *game, const char *element, const char **names, const char **values,
                const char *name_a, GbacwGameUnit **a, const char *name_b, GbacwGameUnit **b, GError **error)
{
  *a = gbacw_game_find_unit (game, attribute (names, values, name_a));
  *b = gbacw_game_find_unit (game, attribute (names, values, name_b));
  if (*a != NULL && *b != NULL)
    return TRUE;
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> names no such unit"), element);
  return FALSE;
}

static void
replay_element (GMarkupParseContext *context, const char *element, const char **names, const char **values,
                ReplayParser *p, GError **error)
{
  GbacwGame *game = p->game;

  if (g_str_equal (element, "game"))
    {
      const char *version = attribute (names, values, "version");
      gint64 seed;
      if (version && g_ascii_strtoll (version, NULL, 10) > 1)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("The game was saved by a newer gbacw"));
          return;
        }
      if (!number_attribute (names, values, "seed", 0, G_MAXUINT32, 0, &seed, error))
        return;
      p->seed = (guint32) seed;
      p->scenario_path = g_strdup (attribute (names, values, "scenario"));
      if (!p->header_only)
        p->game = gbacw_game_new (p->scenario, p->seed, error);
      return;
    }
  if (p->header_only)
    return;
  if (game == NULL)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> outside <game>"), element);
      return;
    }
  if (g_str_equal (element, "end-phase"))
    replay_action (p, gbacw_action_new_end_phase (), error);
  else if (g_str_equal (element, "move"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      g_auto (GStrv) labels = g_strsplit (attribute (names, values, "path") ?: "", " ", -1);
      g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (int));
      const char *facing = attribute (names, values, "facing");
      int f = -1;

      if (units == NULL)
        return;
      for (guint i = 0; labels[i]; i++)
        {
          int hex;
          if (*labels[i] == '\0')
            continue;
          hex = gbacw_game_parse_hex (game, labels[i], error);
          if (hex < 0)
            return;
          g_array_append_val (path, hex);
        }
      if (facing && (f = parse_direction (game, facing, error)) < 0)
        return;
      replay_action (p, gbacw_action_new_move ((int *) units->data, units->len, (int *) path->data, path->len, f),
                     error);
    }
  else if (g_str_equal (element, "formation"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      int formation = gbacw_formation_state_from_string (attribute (names, values, "formation") ?: "");
      if (units == NULL)
        return;
      if (formation < 0)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Unknown formation"));
          return;
        }
      replay_action (p, gbacw_action_new_change_formation ((int *) units->data, units->len, formation), error);
    }
  else if (g_str_equal (element, "facing"))
    {
      int hex = gbacw_game_parse_hex (game, attribute (names, values, "hex") ?: "", error);
      int f;
      if (hex < 0 || (f = parse_direction (game, attribute (names, values, "facing"), error)) < 0)
        return;
      replay_action (p, gbacw_action_new_change_facing (hex, f), error);
    }
  else if (g_str_equal (element, "fire"))
    {
      int hex = gbacw_game_parse_hex (game, attribute (names, values, "target") ?: "", error);
      if (hex < 0)
        return;
      p->fire = gbacw_action_new_fire (hex, NULL, 0);
    }
  else if (g_str_equal (element, "attach") || g_str_equal (element, "detach") || g_str_equal (element, "command-points")
           || g_str_equal (element, "rally"))
    {
      GbacwGameUnit *leader = gbacw_game_find_unit (game, attribute (names, values, "leader"));
      const char *other_id = attribute (names, values, "other");
      GbacwGameUnit *other = other_id ? gbacw_game_find_unit (game, other_id) : NULL;
      gint64 points;
      GbacwActionKind kind = g_str_equal (element, "attach") ? GBACW_ACTION_ATTACH
                             : g_str_equal (element, "detach") ? GBACW_ACTION_DETACH
                             : g_str_equal (element, "rally") ? GBACW_ACTION_RALLY
                                                              : GBACW_ACTION_COMMAND_POINTS;
      if (leader == NULL || (other_id && other == NULL))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> names no such unit"), element);
          return;
        }
      if (!number_attribute (names, values, "points", G_MININT, G_MAXINT, 0, &points, error))
        return;
      replay_action (p, command_new (kind, leader->index, other ? other->index : -1, (int) points), error);
    }
  else if (g_str_equal (element, "resupply") || g_str_equal (element, "recrew"))
    {
      GbacwGameUnit *unit, *wagon;
      if (!find_unit_pair (game, element, names, values, "unit", &unit, "wagon", &wagon, error))
        return;
      replay_action (p, g_str_equal (element, "resupply") ? gbacw_action_new_resupply (unit->index, wagon->index)
                                                              : gbacw_action_new_recrew (unit->index, wagon->index),
                     error);
    }
  else if (g_str_equal (element, "transfer-rounds"))
    {
      GbacwGameUnit *from, *to;
      gint64 rounds;
      if (!find_unit_pair (game, element, names, values, "from", &from, "to", &to, error)
          || !number_attribute (names, values, "rounds", G_MININT, G_MAXINT, 0, &rounds, error))
        return;
      replay_action (p, gbacw_action_new_transfer_rounds (from->index, to->index, (int) rounds), error);
    }
  else if (g_str_equal (element, "exit"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      if (units == NULL)
        return;
      replay_action (p, gbacw_action_new_exit ((int *) units->data, units->len), error);
    }
  else if (g_str_equal (element, "restack"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      int hex;
      if (units == NULL || (hex = gbacw_game_parse_hex (game, attribute (names, values, "hex") ?: "", error)) < 0)
        return;
      replay_action (p, gbacw_action_new_restack (hex, (int *) units->data, units->len), error);
    }
  else if (g_str_equal (element, "declare-melee") || g_str_equal (element, "melee"))
    {
      g_autoptr (GArray) units = parse_units (game, attribute (names, values, "units"), error);
      int hex;
      if (units == NULL || (hex = gbacw_game_parse_hex (game, attribute (names, values, "target") ?: "", error)) < 0)
        return;
      if (g_str_equal (element, "melee"))
        replay_action (p, gbacw_action_new_melee ((int *) units->data, units->len, hex), error);
      else
        replay_action (p,
                       gbacw_action_new_declare_melee ((int *) units->data, units->len, hex,
                                                       g_strcmp0 (attribute (names, values, "charge"), "yes") == 0),
                       error);
    }
  else if (g_str_equal (element, "answer"))
    {
      g_auto (GStrv) labels = g_strsplit (attribute (names, values, "path") ?: "", " ", -1);
      const char *hex_label = attribute (names, values, "hex"), *unit_id = attribute (names, values, "unit");
      gint64 value;
      /* value: the index older records wrote */
      if (!number_attribute (names, values, "value", -1, G_MAXINT, -1, &value, error))
        return;
      if (hex_label != NULL && (value = gbacw_game_parse_hex (game, hex_label, error)) < 0)
        return;
      if (unit_id != NULL)
        {
          GbacwGameUnit *u = gbacw_game_find_unit (game, unit_id);
          if (u == NULL)
            {
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> names no such unit"), element);
              return;
            }
          value = u->index;
        }
      p->fire = answer_new ();
      p->fire->answer.hex = (int) value;
      for (guint i = 0; labels[i]; i++)
        {
          int hex;
          if (*labels[i] == '\0')
            continue;
          hex = gbacw_game_parse_hex (game, labels[i], error);
          if (hex < 0)
            return;
          g_array_append_val (p->fire->answer.path, hex);
        }
    }
  else if (g_str_equal (element, "firer") && p->fire)
    {
      GbacwGameUnit *u = gbacw_game_find_unit (game, attribute (names, values, "unit"));
      const char *strength = attribute (names, values, "strength");
      const char *hexside = attribute (names, values, "hexside");
      GbacwFirer firer = { -1, 0.0, -1 };
      if (u == NULL)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("No such firing unit"));
          return;
        }
      firer.unit = u->index;
      if (strength)
        {
          char *end;
          firer.strength = g_ascii_strtod (strength, &end);
          /* "nan" fired everything, and was written back as strength="nan" */
          if (end == strength || *end != '\0' || !isfinite (firer.strength) || firer.strength < 0)
            {
              g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("strength=\"%s\" is not a strength"),
                           strength);
              return;
            }
        }
      if (hexside && (firer.direction = parse_direction (game, hexside, error)) < 0)
        return;
      g_array_append_val (p->fire->kind == GBACW_ACTION_ANSWER ? p->fire->answer.firers : p->fire->fire.firers, firer);
    }
  else
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Unknown element <%s>"), element);
}

/* The structure a record may have: <game> as the root, the actions as its children,
 * <firer> only in <fire> and <answer>. Without these checks a second <game> replaced
 * (and leaked) the game being replayed, an action inside another was applied in the
 * middle of it, and a <fire> inside an <answer> leaked the answer
 * (/fuzz/regression/record-structure). */
static gboolean
check_record_structure (ReplayParser *p, const char *element, GError **error)
{
  if (p->depth == 0)
    {
      if (p->seen_root)
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> after the end of <game>"), element);
          return FALSE;
        }
      p->seen_root = TRUE;
      if (!g_str_equal (element, "game"))
        {
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE,
                       _("The root element is <%s>; a saved game starts with <game>"), element);
          return FALSE;
        }
      return TRUE;
    }
  if (g_str_equal (element, "game"))
    {
      /* reading the header, it is only skipped: the replay reports it, naming the action */
      if (!p->header_only)
        g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<game> inside <game>"));
      return FALSE;
    }
  if (p->header_only)
    return TRUE;
  if (p->depth == 1 && !g_str_equal (element, "firer"))
    return TRUE;
  if (p->depth == 2 && g_str_equal (element, "firer") && p->fire)
    return TRUE;
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("<%s> is not allowed here"), element);
  return FALSE;
}

/* Every error reading an action names it ("Action N: …", N counting the children of
 * <game>, as "Action N cannot be replayed" does), and is a GBACW_GAME_ERROR_FILE: a
 * bad hex label came as a GbacwHexGrid error, and an unknown unit's id with digits in
 * it ("u-14oh") was taken by gbacw replay for an action number, giving a wrong line
 * (/fuzz/regression/record-error-names-action). */
static void
replay_start (GMarkupParseContext *context, const char *element, const char **names, const char **values,
              gpointer user_data, GError **error)
{
  ReplayParser *p = user_data;
  GError *local = NULL;
  int depth = p->depth;

  if (depth == 1 && p->game)
    p->action_number = p->game->actions->len + 1;
  if (check_record_structure (p, element, &local))
    replay_element (context, element, names, values, p, &local);
  p->depth++;
  if (local == NULL)
    return;
  if (p->refused || p->game == NULL || depth == 0)
    g_propagate_error (error, local);
  else
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("Action %u: %s"), p->action_number,
                   local->message);
      g_error_free (local);
    }
}

static void
replay_end (GMarkupParseContext *context, const char *element, gpointer user_data, GError **error)
{
  ReplayParser *p = user_data;

  p->depth--;
  if (p->depth == 1 && (g_str_equal (element, "fire") || g_str_equal (element, "answer")) && p->fire && p->game)
    {
      GbacwAction *fire = p->fire;
      p->fire = NULL;
      replay_action (p, fire, error);
    }
}

static const GMarkupParser replay_parser = { replay_start, replay_end, NULL, NULL, NULL };

static gboolean
parse_game_xml (ReplayParser *p, const char *xml, gsize length, GError **error)
{
  g_autoptr (GMarkupParseContext) context = g_markup_parse_context_new (&replay_parser, 0, p, NULL);
  gboolean ok = g_markup_parse_context_parse (context, xml, (gssize) length, error)
                && g_markup_parse_context_end_parse (context, error);

  if (!ok)
    g_markup_parse_context_get_position (context, &p->error_line, NULL);
  g_clear_pointer (&p->fire, gbacw_action_free);
  return ok;
}

/* The replay of p's text; on error *action is the action it stopped at (0: none). */
static GbacwGame *
replay (ReplayParser *p, const char *xml, gsize length, guint *action, GError **error)
{
  *action = 0;
  if (!parse_game_xml (p, xml, length, error) || p->game == NULL)
    {
      if (p->game == NULL && error && *error == NULL)
        g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE, _("No <game> element"));
      if (p->depth > 1 || p->refused)
        *action = p->action_number;
      g_clear_pointer (&p->game, gbacw_game_free);
      g_clear_pointer (&p->scenario_path, g_free);
      return NULL;
    }
  g_clear_pointer (&p->scenario_path, g_free);
  return p->game;
}

GbacwGame *
gbacw_game_replay (const GbacwScenario *scenario, const char *xml, gsize length, GError **error)
{
  ReplayParser p = { scenario, NULL, NULL, NULL, 0, FALSE };
  guint action;

  return replay (&p, xml, length, &action, error);
}

/* The record is read as the scenario is (a size limit, only a regular file) and checked
 * against its schema (data/gbacw-game-record.rng). Returns its bytes, and the path of the
 * scenario it names (relative to the record), the line of scenario= and the line of each
 * action. Errors start "RECORD:LINE: ". */
static GBytes *
read_record (const char *path, const char *display, char **scenario_path, char **reference, int *scenario_line,
             GArray **lines, GError **error)
{
  g_autoptr (GBytes) bytes = gbacw_file_read (path, GBACW_FILE_KIND_GAME_RECORD, error);
  g_autofree char *dir = NULL;

  if (bytes == NULL || !gbacw_game_record_check (bytes, display, reference, scenario_line, lines, error))
    return NULL;
  if (*reference == NULL || **reference == '\0')
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_FILE,
                   _("%s:%d: the game names no scenario: give the scenario file in scenario=\"…\""), display,
                   *scenario_line);
      g_clear_pointer (lines, g_array_unref);
      return NULL;
    }
  dir = g_path_get_dirname (path);
  *scenario_path = g_path_is_absolute (*reference) || g_str_equal (dir, ".")
                   ? g_strdup (*reference) : g_build_filename (dir, *reference, NULL);
  return g_steal_pointer (&bytes);
}

char *
gbacw_game_record_scenario (const char *path, GError **error)
{
  g_autofree char *display = NULL;
  g_autofree char *reference = NULL;
  g_autoptr (GArray) lines = NULL;
  g_autoptr (GBytes) bytes = NULL;
  char *scenario_path = NULL;
  int scenario_line = 1;

  g_return_val_if_fail (path != NULL, NULL);
  display = g_filename_display_name (path);
  bytes = read_record (path, display, &scenario_path, &reference, &scenario_line, &lines, error);
  return bytes ? scenario_path : NULL;
}

/* Every error starts "RECORD:LINE: ": the schema's with the line it names, a replay error
 * with the line of its action, a scenario that does not load with the line of scenario=. */
GbacwGame *
gbacw_game_load (const char *path, GError **error)
{
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *display = NULL;
  g_autofree char *reference = NULL;
  g_autofree char *scenario_path = NULL;
  g_autoptr (GArray) lines = NULL;
  g_autoptr (GbacwScenario) scenario = NULL;
  g_autoptr (GError) local = NULL;
  ReplayParser p = { NULL, NULL, NULL, NULL, 0, FALSE };
  GbacwGame *game;
  const char *xml;
  gsize length;
  int scenario_line = 1;
  guint action;

  g_return_val_if_fail (path != NULL, NULL);
  display = g_filename_display_name (path);
  bytes = read_record (path, display, &scenario_path, &reference, &scenario_line, &lines, error);
  if (bytes == NULL)
    return NULL;
  scenario = gbacw_scenario_load_file (scenario_path, &local);
  if (scenario == NULL)
    {
      g_set_error (error, local->domain, local->code, _("%s:%d: the scenario it plays, %s, could not be loaded: %s"),
                   display, scenario_line, reference, local->message);
      return NULL;
    }
  xml = g_bytes_get_data (bytes, &length);
  p.scenario = scenario;
  game = replay (&p, xml, length, &action, &local);
  if (game == NULL)
    {
      int line = 1;
      if (action >= 1 && action <= lines->len)
        line = g_array_index (lines, int, action - 1);
      else if (p.error_line > 0)
        line = p.error_line;
      g_set_error (error, local->domain, local->code, "%s:%d: %s", display, line, local->message);
      return NULL;
    }
  return game;
}
