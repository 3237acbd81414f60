/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-leadership.c: leaders and command (17.0-17.8, 5.2, 5.3, 10.4, 13.53), and rally
 * (13.5). */
#define G_LOG_DOMAIN "gbacw-leadership"

#include "gbacw-leadership.h"

#include <glib/gi18n-lib.h>

#include "gbacw-bce.h"
#include "gbacw-game-private.h"
#include "gbacw-morale.h"
#include "gbacw-movement.h"

#define FORMATION(game, i) ((const GbacwFormation *) g_ptr_array_index ((game)->scenario->oob.formations, (i)))
#define N_FORMATIONS(game) ((int) (game)->scenario->oob.formations->len)

/* The index of the formation of that id (the first, if several), -1: from the table of
 * ids by index built by gbacw_leadership_init (). */
static int
formation_index (GHashTable *by_id, const char *id)
{
  gpointer found;

  return id && g_hash_table_lookup_extended (by_id, id, NULL, &found) ? GPOINTER_TO_INT (found) : -1;
}

/* game->leader_formation from game->formation_commander: the first formation each leader
 * commands, -1. */
static void
index_commanders (GbacwGame *game)
{
  for (guint i = 0; i < game->units->len; i++)
    game->leader_formation[i] = -1;
  for (int f = N_FORMATIONS (game); f-- > 0;)
    if (game->formation_commander[f] >= 0)
      game->leader_formation[game->formation_commander[f]] = f;
}

static void
set_formation_commander (GbacwGame *game, int formation, int leader)
{
  game->formation_commander[formation] = leader;
  index_commanders (game);
}

static int
original_parent (const GbacwGame *game, int formation)
{
  return game->formation_original_parent[formation];
}

void
gbacw_leadership_init (GbacwGame *game)
{
  int n = N_FORMATIONS (game);
  g_autoptr (GHashTable) by_id = g_hash_table_new (g_str_hash, g_str_equal);

  for (int i = n; i-- > 0;)
    if (FORMATION (game, i)->id)
      g_hash_table_insert (by_id, FORMATION (game, i)->id, GINT_TO_POINTER (i));
  game->formation_original_parent = g_new (int, MAX (n, 1));
  game->formation_parent = g_new (int, MAX (n, 1));
  game->formation_commander = g_new (int, MAX (n, 1));
  for (int i = 0; i < n; i++)
    {
      const GbacwGameUnit *c = gbacw_game_find_unit (game, FORMATION (game, i)->commander);
      game->formation_original_parent[i] = formation_index (by_id, FORMATION (game, i)->parent);
      game->formation_parent[i] = game->formation_original_parent[i];
      game->formation_commander[i] = c && c->type == GBACW_UNIT_LEADER ? c->index : -1;
    }
  game->unit_formation = g_new (int, MAX (game->units->len, 1));
  game->leader_formation = g_new (int, MAX (game->units->len, 1));
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      u->augmented_by = -1;
      u->commanded_by = -1;
      u->in_dir = TRUE;
      game->unit_formation[i] = formation_index (by_id, u->oob->formation);
    }
  index_commanders (game);
}

int
gbacw_leadership_oob_formation (const GbacwGame *game, int unit)
{
  g_return_val_if_fail (unit >= 0 && (guint) unit < game->units->len, -1);
  return game->unit_formation[unit];
}

int
gbacw_leadership_formation_index (const GbacwGame *game, const char *id)
{
  for (int f = 0; id && f < N_FORMATIONS (game); f++)
    if (g_strcmp0 (FORMATION (game, f)->id, id) == 0)
      return f;
  return -1;
}

/* The formation index the leader commands (the first), -1. */
static int
commanded_formation (const GbacwGame *game, int leader)
{
  return leader >= 0 && (guint) leader < game->units->len ? game->leader_formation[leader] : -1;
}

const GbacwFormation *
gbacw_leader_formation (const GbacwGame *game, int leader)
{
  int f = commanded_formation (game, leader);
  return f >= 0 ? FORMATION (game, f) : NULL;
}

/* The formation index of a unit: a leader's own is the one he commands (else the one
 * he belongs to). */
static int
unit_formation (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int f = u->type == GBACW_UNIT_LEADER ? commanded_formation (game, unit) : -1;
  return f >= 0 ? f : game->unit_formation[unit];
}

gboolean
gbacw_leader_commands (const GbacwGame *game, int leader, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int f;

  if (leader == unit)
    return FALSE;
  f = unit_formation (game, unit);
  /* a leader's own formation is his; he is under the formations above it */
  if (u->type == GBACW_UNIT_LEADER && f >= 0 && game->formation_commander[f] == unit)
    f = game->formation_parent[f];
  for (int guard = 0; f >= 0 && guard < N_FORMATIONS (game); guard++)
    {
      if (game->formation_commander[f] == leader)
        return TRUE;
      f = game->formation_parent[f];
    }
  return FALSE;
}

int
gbacw_leadership_commander (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int f = unit_formation (game, unit);

  if (f < 0)
    return -1;
  if (u->type == GBACW_UNIT_LEADER && game->formation_commander[f] == unit)
    {
      f = game->formation_parent[f];
      if (f < 0)
        return -1;
    }
  return game->formation_commander[f];
}

gboolean
gbacw_leadership_independent (const GbacwGame *game, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int f;

  if (u->type == GBACW_UNIT_WAGON || (u->oob->flags & GBACW_UNIT_FLAG_INDEPENDENT))
    return TRUE;   /* 11.13, 5.3 */
  f = unit_formation (game, unit);
  return f < 0;
}

int
gbacw_leadership_er (const GbacwGame *game, int leader)
{
  const GbacwGameUnit *l = gbacw_game_unit (game, leader);

  if (l->hex < 0 || (l->status & GBACW_STATUS_ENGAGED))
    return 0;   /* 12.94 */
  return MAX (0, (l->oob->er == GBACW_UNSET ? 0 : l->oob->er) + l->er_bonus);
}

gboolean
gbacw_leadership_in_radius (const GbacwGame *game, int leader, int hex, int radius)
{
  const GbacwGameUnit *l = gbacw_game_unit (game, leader);
  g_autoptr (GArray) frontier = NULL;
  g_autoptr (GHashTable) seen = NULL;

  if (l->hex < 0 || hex < 0)
    return FALSE;
  if (l->hex == hex)
    return TRUE;
  if (gbacw_game_distance (game, l->hex, hex) > radius)
    return FALSE;
  frontier = g_array_new (FALSE, FALSE, sizeof (int));
  seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_array_append_val (frontier, l->hex);
  g_hash_table_add (seen, GINT_TO_POINTER (l->hex));
  for (int step = 0; step < radius && frontier->len; step++)
    {
      g_autoptr (GArray) next = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint i = 0; i < frontier->len; i++)
        {
          int from = g_array_index (frontier, int, i);
          for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
            {
              int to = gbacw_game_neighbour_index (game, from, d);
              GbacwMoveCost cost;
              if (to < 0 || g_hash_table_contains (seen, GINT_TO_POINTER (to)) || gbacw_game_distance (game, to, hex) > radius - step - 1)
                continue;
              if (gbacw_game_hexside_impassable (game, from, d))
                continue;   /* 10.5, 13.53 */
              /* the leader's own cost, exclusive rules included (J 22.53, 36.51: fords) */
              gbacw_movement_step_cost (game, leader, from, d, &cost);
              if (cost.kind == GBACW_COST_PROHIBITED)
                continue;   /* 13.53: impassable terrain */
              if (to == hex)
                return TRUE;
              g_hash_table_add (seen, GINT_TO_POINTER (to));
              if (gbacw_game_hex_has_side (game, to, 1 - l->side, TRUE))
                continue;   /* 13.53: not through enemy combat units */
              if (!gbacw_game_hex_has_side (game, to, l->side, FALSE) && gbacw_movement_in_enemy_path_zoc (game, to, l->side))
                continue;   /* 10.4: not through an enemy ZOC unless a friendly unit is there */
              g_array_append_val (next, to);
            }
        }
      g_array_set_size (frontier, 0);
      g_array_append_vals (frontier, next->data, next->len);
    }
  return FALSE;
}

void
gbacw_leadership_leader_lost (GbacwGame *game, int leader, GbacwPresence presence)
{
  GbacwGameUnit *l = gbacw_game_unit (game, leader);

  l->times_lost++;
  if (presence == GBACW_PRESENCE_WOUNDED)
    (*(l->promoted ? &l->times_wounded_promoted : &l->times_wounded))++;
  else if (presence == GBACW_PRESENCE_CAPTURED)
    (*(l->promoted ? &l->times_captured_promoted : &l->times_captured))++;
  else
    (*(l->promoted ? &l->times_killed_promoted : &l->times_killed))++;
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->leader_replacement)
      hooks->leader_replacement (game, data, leader);
  gbacw_game_remove_unit (game, leader, presence);
}

/* ------------------------------------------------------------------ Initial Command Phase */

static gboolean
is_division_commander (const GbacwGame *game, int leader)
{
  for (int i = 0; i < N_FORMATIONS (game); i++)
    if (game->formation_commander[i] == leader && FORMATION (game, i)->kind <= GBACW_FORMATION_DIVISION)
      return TRUE;
  return FALSE;
}

/* 17.21: whether a brigade commander is within his division commander's DIR (or need
 * not be: detached, independent, or no division above him). */
static gboolean
leader_in_dir (const GbacwGame *game, int leader)
{
  int f = commanded_formation (game, leader), parent, division;
  const GbacwGameUnit *d;

  if (f < 0 || FORMATION (game, f)->kind <= GBACW_FORMATION_DIVISION || FORMATION (game, f)->independent)
    return TRUE;   /* 17.66 */
  parent = game->formation_parent[f];
  if (parent < 0 || FORMATION (game, parent)->kind != GBACW_FORMATION_DIVISION)
    return TRUE;   /* detached (17.62), or no division above */
  division = game->formation_commander[parent];
  if (division < 0)
    return FALSE;
  d = gbacw_game_unit (game, division);
  if (d->hex < 0)
    return FALSE;   /* 17.65: the division commander lost: out of command until replaced */
  return gbacw_leadership_in_radius (game, division, gbacw_game_unit (game, leader)->hex,
                                     d->oob->dir == GBACW_UNSET ? 0 : d->oob->dir);
}

/* 17.14: a brigade commander all of whose subordinate combat units have been eliminated
 * (killed or captured: none on the map, none still to arrive, none gone off the map). */
static gboolean
brigade_eliminated (const GbacwGame *game, int leader)
{
  int f = commanded_formation (game, leader);
  gboolean any = FALSE;

  if (f < 0 || FORMATION (game, f)->kind != GBACW_FORMATION_BRIGADE)
    return FALSE;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (!gbacw_game_is_combat_unit (u) || !gbacw_leader_commands (game, leader, u->index))
        continue;
      if (u->presence != GBACW_PRESENCE_ELIMINATED && u->presence != GBACW_PRESENCE_CAPTURED)
        return FALSE;
      any = TRUE;
    }
  return any;
}

gboolean
gbacw_leadership_leader_affects (const GbacwGame *game, int leader, int unit)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->leader_affects && !hooks->leader_affects (game, data, leader, unit))
      return FALSE;
  return TRUE;
}

/* The friendly leaders stacked with the unit: 0 none; 1 some leader who commands what he is
 * stacked with (17.0, 17.1, 17.23); 2 only brigade commanders whose units are all
 * eliminated, who still do (17.14). *leader gets one of them. */
static int
stacked_with_leader (const GbacwGame *game, int unit, int *leader)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GArray *stack = gbacw_game_stack (game, u->hex);
  int found = 0;

  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (o->type != GBACW_UNIT_LEADER || o->side != u->side || o->index == unit
          || !gbacw_leadership_leader_affects (game, o->index, unit))
        continue;
      if (!brigade_eliminated (game, o->index))
        {
          *leader = o->index;
          return 1;
        }
      *leader = o->index;
      found = 2;
    }
  return found;
}

gboolean
gbacw_leadership_command_status (const GbacwGame *game, int unit, GbacwCommandStatus *status)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int commander, stacked, leader = -1;

  memset (status, 0, sizeof *status);
  status->leader = -1;
  status->in_command = TRUE;
  if (u->type == GBACW_UNIT_LEADER)
    {
      /* 17.21: a brigade commander within his division commander's DIR (or need not be) */
      int f = commanded_formation (game, unit);
      int parent = f >= 0 ? game->formation_parent[f] : -1;
      status->leader = parent >= 0 ? game->formation_commander[parent] : -1;
      if (status->leader >= 0 && gbacw_game_unit (game, status->leader)->oob->dir != GBACW_UNSET)
        status->radius = gbacw_game_unit (game, status->leader)->oob->dir;
      status->in_command = u->hex < 0 || leader_in_dir (game, unit);
      status->reason = status->in_command ? GBACW_COMMAND_IN_DIR : GBACW_COMMAND_OUT_OF_DIR;
      status->rule_case = "17.21";
      return status->in_command;
    }
  if (u->hex < 0)
    {
      status->reason = GBACW_COMMAND_OFF_MAP;
      status->rule_case = "17.11";
      return TRUE;
    }
  commander = gbacw_leadership_commander (game, unit);
  stacked = stacked_with_leader (game, unit, &leader);
  status->leader = commander;
  if (gbacw_leadership_independent (game, unit))
    {
      status->reason = GBACW_COMMAND_INDEPENDENT;
      status->rule_case = "5.3";
      return TRUE;
    }
  if (stacked == 1)
    {
      status->reason = GBACW_COMMAND_STACKED;
      status->leader = leader;
      status->rule_case = is_division_commander (game, leader) ? "17.23" : "17.1";
      return TRUE;
    }
  status->in_command = FALSE;
  if (commander < 0 || gbacw_game_unit (game, commander)->hex < 0)
    {
      status->reason = GBACW_COMMAND_NO_COMMANDER;
      status->rule_case = "17.11";
    }
  else
    {
      const GbacwGameUnit *c = gbacw_game_unit (game, commander);
      status->radius = gbacw_leadership_er (game, commander);
      /* rules matrix §1.B #3: with the old 5.2 an out-of-DIR brigade commander's units are out of command */
      if (!game->option_command_new && c->type == GBACW_UNIT_LEADER && !c->in_dir)
        {
          status->reason = GBACW_COMMAND_COMMANDER_OUT_OF_DIR;
          status->rule_case = "5.2";
        }
      else
        {
          status->in_command = gbacw_leadership_in_radius (game, commander, u->hex, status->radius);
          status->reason = status->in_command ? GBACW_COMMAND_IN_RADIUS : GBACW_COMMAND_OUT_OF_RADIUS;
          status->rule_case = "17.11";
        }
    }
  if (!status->in_command && stacked == 2)
    {
      /* 17.14: a brigade commander whose own units are all gone still commands the units
       * stacked with him */
      status->in_command = TRUE;
      status->reason = GBACW_COMMAND_STACKED_ELIMINATED;
      status->leader = leader;
      status->rule_case = "17.14";
    }
  return status->in_command;
}

static void
command_check (GbacwGame *game)
{
  /* 17.21: brigade commanders and the DIR */
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      GbacwCommandStatus status;
      if (u->side != game->phasing_side || u->type != GBACW_UNIT_LEADER)
        continue;
      u->in_dir = gbacw_leadership_command_status (game, u->index, &status);
      u->out_of_command = !u->in_dir;
      if (!u->in_dir)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          gbacw_game_log (game, "17.21", _("%s is outside his division commander's Divisional Integrity Radius"), label);
        }
    }
  /* 17.11, 17.23, 5.3 */
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const GArray *stack;
      GbacwCommandStatus status;
      gboolean in;

      if (u->side != game->phasing_side || !gbacw_game_is_combat_unit (u))
        continue;
      u->commanded_by = -1;
      if (u->hex < 0)
        {
          u->out_of_command = FALSE;
          continue;
        }
      stack = gbacw_game_stack (game, u->hex);
      for (guint k = 0; stack && k < stack->len; k++)
        {
          int o = g_array_index (stack, int, k);
          if (gbacw_game_unit (game, o)->side == u->side && is_division_commander (game, o))
            u->commanded_by = o;   /* 17.23 */
        }
      in = gbacw_leadership_command_status (game, u->index, &status);
      if (status.reason == GBACW_COMMAND_STACKED_ELIMINATED)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_autofree char *leader_label = gbacw_game_unit_label (game, status.leader);
          gbacw_game_log (game, "17.14", _("%s is in command: stacked with %s, whose own units are all eliminated"), label,
                          leader_label);
        }
      if (u->out_of_command != !in || !in)
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          gbacw_game_log (game, "17.11", in ? _("%s is in command") : _("%s is out of command"), label);
        }
      u->out_of_command = !in;
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->command)
      hooks->command (game, data);
}

/* ------------------------------------------------------------------ actions */

static gboolean
fail (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError **error, const char *format, ...)
{
  va_list args;

  if (error == NULL)
    return FALSE;
  va_start (args, format);
  *error = g_error_new_valist (GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, format, args);
  va_end (args);
  return FALSE;
}

static gboolean
valid_leader (const GbacwGame *game, int index)
{
  return index >= 0 && (guint) index < game->units->len && gbacw_game_unit (game, index)->type == GBACW_UNIT_LEADER;
}

/* The division a brigade commander's brigade is under, via its commander: -1. */
static int
division_of (const GbacwGame *game, int brigade)
{
  int parent = game->formation_parent[brigade];
  return parent >= 0 && FORMATION (game, parent)->kind == GBACW_FORMATION_DIVISION ? parent : -1;
}

static gboolean
in_dir_of (const GbacwGame *game, int division_leader, int leader)
{
  const GbacwGameUnit *d = gbacw_game_unit (game, division_leader);
  return d->hex >= 0
         && gbacw_leadership_in_radius (game, division_leader, gbacw_game_unit (game, leader)->hex,
                                        d->oob->dir == GBACW_UNSET ? 0 : d->oob->dir);
}

static gboolean
check_rally (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GbacwGameUnit *l, *u;
  g_autofree char *label = NULL;
  g_autofree char *unit_label = NULL;

  if (game->phase != GBACW_PHASE_RALLY)
    return fail (error, _("[13.51] Routed units are rallied in their own Rally Phase"));
  if (!valid_leader (game, action->command.leader) || action->command.other < 0
      || (guint) action->command.other >= game->units->len)
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No such leader or unit"));
      return FALSE;
    }
  l = gbacw_game_unit (game, action->command.leader);
  u = gbacw_game_unit (game, action->command.other);
  label = gbacw_game_unit_label (game, l->index);
  unit_label = gbacw_game_unit_label (game, u->index);
  if (l->side != game->phasing_side || u->side != game->phasing_side)
    return fail (error, _("[13.51] Only the phasing player rallies, his own units"));
  if (!(u->status & GBACW_STATUS_ROUTED) || u->hex < 0)
    return fail (error, _("[13.51] %s is not routed"), unit_label);
  if (gbacw_leadership_independent (game, u->index) || u->type == GBACW_UNIT_ARTILLERY)
    return fail (error, _("[13.54] %s rallies by its own die roll, or with a leader stacked with it"), unit_label);
  if (gbacw_leadership_commander (game, u->index) != l->index)
    return fail (error, _("[13.52] %s is not the brigade commander of %s"), label, unit_label);
  if (l->rally_points <= 0)
    return fail (error, _("[17.13] %s has no Rally Points left"), label);
  if (!gbacw_leadership_in_radius (game, l->index, u->hex, gbacw_leadership_er (game, l->index)))
    return fail (error, _("[13.53] %s is not within the Effectiveness Radius of %s"), unit_label, label);
  return TRUE;
}

/* 17.63's limits lifted for side by an exclusive rule (J 25.31). */
static gboolean
attachment_unlimited (const GbacwGame *game, int side)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->attachment_unlimited && hooks->attachment_unlimited (game, data, side))
      return TRUE;
  return FALSE;
}

gboolean
gbacw_leadership_check_action (GbacwGame *game, const GbacwAction *action, GError **error)
{
  const GbacwGameUnit *l;
  g_autofree char *label = NULL;
  int brigade;

  if (action->kind == GBACW_ACTION_RALLY)
    return check_rally (game, action, error);
  if (!valid_leader (game, action->command.leader)
      || (action->kind != GBACW_ACTION_DETACH && !valid_leader (game, action->command.other)))
    {
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("No such leader"));
      return FALSE;
    }
  if (game->phase != GBACW_PHASE_INITIAL_COMMAND)
    return fail (error, action->kind == GBACW_ACTION_COMMAND_POINTS
                          ? _("[17.22] Command Points are spent in the Initial Command Phase")
                          : _("[17.61] Brigades are attached and detached in the Initial Command Phase"));
  l = gbacw_game_unit (game, action->command.leader);
  label = gbacw_game_unit_label (game, l->index);
  if (l->side != game->phasing_side
      || (action->command.other >= 0 && gbacw_game_unit (game, action->command.other)->side != game->phasing_side))
    return fail (error, _("[4.0] Only the phasing player's leaders act in his Initial Command Phase"));
  if (l->hex < 0)
    return fail (error, _("[17.0] %s is not on the map"), label);

  switch (action->kind)
    {
    case GBACW_ACTION_COMMAND_POINTS:
      {
        const GbacwGameUnit *b = gbacw_game_unit (game, action->command.other);
        g_autofree char *brigade_label = gbacw_game_unit_label (game, b->index);
        int division = commanded_formation (game, l->index);
        brigade = commanded_formation (game, b->index);
        if (action->command.points <= 0)
          return fail (error, _("[17.22] Spend at least one Command Point"));
        GBACW_FOREACH_HOOK (game, hooks, data)
          {
            gboolean allowed = TRUE;
            if (!hooks->command_points_allowed
                || !hooks->command_points_allowed (game, data, l->index, b->index, &allowed, error))
              continue;
            if (!allowed)
              return FALSE;
            if (l->cp_left < action->command.points)
              return fail (error, _("[17.22] %s has %d Command Points left"), label, l->cp_left);
            if (b->hex < 0)
              return fail (error, _("[17.0] %s is not on the map"), brigade_label);
            if (b->augmented_by >= 0 && b->augmented_by != l->index)
              return fail (error, _("[17.22] %s's radius is already increased by another commander"), brigade_label);
            return TRUE;
          }
        if (division < 0 || FORMATION (game, division)->kind != GBACW_FORMATION_DIVISION)
          return fail (error, _("[17.22] %s is not a division commander"), label);
        if (l->cp_left < action->command.points)
          return fail (error, _("[17.22] %s has %d Command Points left"), label, l->cp_left);
        if (brigade < 0 || game->formation_parent[brigade] != division)
          return fail (error, _("[17.22] %s is not a brigade commander of %s's division"), brigade_label, label);
        if (b->hex < 0 || !in_dir_of (game, l->index, b->index))
          return fail (error, _("[17.22] %s is not within the Divisional Integrity Radius of %s"), brigade_label, label);
        if (b->augmented_by >= 0 && b->augmented_by != l->index)
          return fail (error, _("[17.22] %s's radius is already increased by another commander"), brigade_label);
        return TRUE;
      }
    case GBACW_ACTION_DETACH:
      {
        int parent, division_leader;
        brigade = commanded_formation (game, l->index);
        if (brigade < 0 || FORMATION (game, brigade)->kind != GBACW_FORMATION_BRIGADE)
          return fail (error, _("[17.6] %s commands no brigade"), label);
        parent = division_of (game, brigade);
        if (parent < 0)
          return fail (error, _("[17.62] %s's brigade is not part of a division"), label);
        division_leader = game->formation_commander[parent];
        if (division_leader < 0 || !in_dir_of (game, division_leader, l->index))
          return fail (error, _("[17.62] %s must be within his division commander's Divisional Integrity Radius to be "
                                "detached"), label);
        if (parent == original_parent (game, brigade) && !attachment_unlimited (game, l->side))
          for (int f = 0; f < N_FORMATIONS (game); f++)
            if (f != brigade && original_parent (game, f) == parent && game->formation_parent[f] != parent
                && FORMATION (game, f)->kind == GBACW_FORMATION_BRIGADE)
              return fail (error, _("[17.63] The division already has one of its brigades detached"));
        if (gbacw_leadership_bce_lost (game, brigade))
          return fail (error, _("[17.67] A brigade that has reached its Brigade Combat Effectiveness limit may not be "
                                "detached"));
        return TRUE;
      }
    case GBACW_ACTION_ATTACH:
      {
        int division = commanded_formation (game, action->command.other);
        brigade = commanded_formation (game, l->index);
        if (brigade < 0 || FORMATION (game, brigade)->kind != GBACW_FORMATION_BRIGADE)
          return fail (error, _("[17.6] %s commands no brigade"), label);
        if (division < 0 || FORMATION (game, division)->kind != GBACW_FORMATION_DIVISION)
          return fail (error, _("[17.64] A brigade is attached to a division commander"));
        if (game->formation_parent[brigade] >= 0 && !FORMATION (game, brigade)->independent
            && division_of (game, brigade) >= 0)
          return fail (error, _("[17.62] %s's brigade must be detached before it is attached elsewhere"), label);
        if (game->formation_parent[brigade] == division)
          return fail (error, _("[17.64] The brigade is already part of that division"));
        if (!in_dir_of (game, action->command.other, l->index))
          return fail (error, _("[17.64] %s must be within the division commander's Divisional Integrity Radius"), label);
        if (original_parent (game, brigade) != division && !attachment_unlimited (game, l->side))
          for (int f = 0; f < N_FORMATIONS (game); f++)
            if (f != brigade && game->formation_parent[f] == division && original_parent (game, f) != division
                && FORMATION (game, f)->kind == GBACW_FORMATION_BRIGADE)
              return fail (error, _("[17.63] The division already has a brigade from another command attached"));
        return TRUE;
      }
    default:
      g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_INVALID, _("Unknown action"));
      return FALSE;
    }
}

static void
rally (GbacwGame *game, int unit, const char *rule_case, const char *how)
{
  GbacwGameUnit *u = gbacw_game_unit (game, unit);
  g_autofree char *label = gbacw_game_unit_label (game, unit);

  u->status &= ~(GBACW_STATUS_ROUTED | GBACW_STATUS_ABANDONED);
  u->rout_hexes_due = 0;
  gbacw_game_log (game, rule_case, _("%s rallies (%s)"), label, how);
}

/* A rally by a leader (13.52 stacked with him, 13.53 his Rally Point), or by a die where
 * an exclusive rule says so (the RALLY hooks' rally_by_die: C 25.13). */
static void
rally_by_leader (GbacwGame *game, int unit, const char *rule_case, const char *how)
{
  const char *module_case = NULL;
  int drm = 0;

  GBACW_FOREACH_HOOK (game, hooks, data)
    if (module_case == NULL && hooks->rally_by_die && hooks->rally_by_die (game, data, unit, &drm, &module_case))
      {
        g_autofree char *label = gbacw_game_unit_label (game, unit);
        int rating = gbacw_morale_rating (game, unit);
        int die = gbacw_dice_roll (game->dice);

        if (die + drm <= rating)
          {
            g_autofree char *by_die = g_strdup_printf (_("%s: die %d%+d = %d against Morale %d"), how, die, drm, die + drm,
                                                       rating);
            rally (game, unit, module_case, by_die);
          }
        else
          gbacw_game_log (game, module_case, _("%s stays routed (%s: die %d%+d = %d against Morale %d)"), label, how, die,
                          drm, die + drm, rating);
        return;
      }
  rally (game, unit, rule_case, how);
}

void
gbacw_leadership_apply_action (GbacwGame *game, const GbacwAction *action)
{
  GbacwGameUnit *l = gbacw_game_unit (game, action->command.leader);
  g_autofree char *label = gbacw_game_unit_label (game, l->index);
  int brigade = commanded_formation (game, l->index);

  switch (action->kind)
    {
    case GBACW_ACTION_COMMAND_POINTS:
      {
        GbacwGameUnit *b = gbacw_game_unit (game, action->command.other);
        g_autofree char *brigade_label = gbacw_game_unit_label (game, b->index);
        l->cp_left -= action->command.points;
        b->er_bonus += action->command.points;
        b->augmented_by = l->index;
        gbacw_game_log (game, "17.22", _("%s spends %d Command Points: %s's Effectiveness Radius is %d"), label,
                        action->command.points, brigade_label, gbacw_leadership_er (game, b->index));
      }
      break;
    case GBACW_ACTION_DETACH:
      game->formation_parent[brigade] = -1;
      gbacw_game_log (game, "17.61", _("%s's brigade is detached"), label);
      break;
    case GBACW_ACTION_ATTACH:
      {
        g_autofree char *division_label = gbacw_game_unit_label (game, action->command.other);
        game->formation_parent[brigade] = commanded_formation (game, action->command.other);
        gbacw_game_log (game, "17.64", _("%s's brigade is attached to %s's division"), label, division_label);
      }
      break;
    case GBACW_ACTION_RALLY:
      {
        g_autofree char *how = g_strdup_printf (_("a Rally Point of %s"), label);
        l->rally_points--;
        rally_by_leader (game, action->command.other, "13.52", how);
      }
      break;
    default:
      break;
    }
}

/* ------------------------------------------------------------------ Rally Phase */

static void
automatic_rally (GbacwGame *game)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->type != GBACW_UNIT_LEADER || u->side != game->phasing_side)
        continue;
      u->rally_points = (u->status & GBACW_STATUS_ENGAGED) || u->hex < 0 || u->oob->rally == GBACW_UNSET ? 0 : u->oob->rally;
    }
  for (guint i = 0; i < game->units->len; i++)
    {
      GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      gboolean with_leader = FALSE;
      const GArray *stack;

      if (u->side != game->phasing_side || !gbacw_game_is_combat_unit (u) || u->hex < 0
          || !(u->status & GBACW_STATUS_ROUTED))
        continue;
      stack = gbacw_game_stack (game, u->hex);
      for (guint k = 0; stack && k < stack->len; k++)
        {
          const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, k));
          if (o->type == GBACW_UNIT_LEADER && o->side == u->side && !(o->status & GBACW_STATUS_ENGAGED)
              && gbacw_leadership_leader_affects (game, o->index, u->index))
            with_leader = TRUE;
        }
      if (with_leader)
        rally_by_leader (game, u->index, "13.52", _("stacked with a leader"));
      else if (gbacw_leadership_independent (game, u->index) || u->type == GBACW_UNIT_ARTILLERY)
        {
          /* 13.54: one die, at or under its Morale Rating */
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          gboolean handled = FALSE, rallied = FALSE;
          int rating, die;

          GBACW_FOREACH_HOOK (game, hooks, data)
            if (!handled && hooks->rally && hooks->rally (game, data, u->index, &rallied))
              handled = TRUE;
          if (handled)
            {
              if (rallied)
                rally (game, u->index, "13.54", _("an exclusive rule"));
              continue;
            }
          rating = gbacw_morale_rating (game, u->index);
          die = gbacw_dice_roll (game->dice);
          if (die <= rating)
            {
              g_autofree char *how = g_strdup_printf (_("die %d against Morale %d"), die, rating);
              rally (game, u->index, "13.54", how);
            }
          else
            gbacw_game_log (game, "13.54", _("%s stays routed: die %d against Morale %d"), label, die, rating);
        }
    }
}

/* ------------------------------------------------------------------ Final Command Phase */

static gboolean
lost (const GbacwGame *game, int leader)
{
  return leader >= 0 && gbacw_game_unit (game, leader)->hex < 0
         && gbacw_game_unit (game, leader)->presence != GBACW_PRESENCE_NOT_ARRIVED;
}

/* A leader of role "replacement" of the formation, not on the map; -1. */
static int
replacement_leader (const GbacwGame *game, int formation)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->type == GBACW_UNIT_LEADER && u->oob->role == GBACW_LEADER_REPLACEMENT && u->hex < 0
          && g_strcmp0 (u->oob->formation, FORMATION (game, formation)->id) == 0)
        return u->index;
    }
  return -1;
}

static void
queue_placement (GbacwGame *game, int leader)
{
  GbacwPending *p = gbacw_pending_new (GBACW_PENDING_LEADER_PLACEMENT, gbacw_game_unit (game, leader)->side, leader, -1,
                                       "17.8");
  gbacw_game_queue_pending (game, p, NULL);
}

/* Whether the formation whose commander is lost is given a new one now (the LDR-LOSS
 * hooks may delay it or refuse it). */
static gboolean
replacement_due (GbacwGame *game, int formation)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->replacement_due && !hooks->replacement_due (game, data, formation))
      return FALSE;
  return TRUE;
}

static void
promotions (GbacwGame *game)
{
  /* 17.83: a lost division commander: a subordinate brigade commander is promoted */
  for (int f = 0; f < N_FORMATIONS (game); f++)
    {
      const GbacwFormation *formation = FORMATION (game, f);
      int side = gbacw_game_side_index (game, formation->side);
      if (side != game->phasing_side || formation->kind != GBACW_FORMATION_DIVISION || !lost (game, game->formation_commander[f])
          || !replacement_due (game, f))
        continue;
      {
        GbacwPending *p = gbacw_pending_new (GBACW_PENDING_PROMOTION, side, -1, -1, "17.83");
        p->value = f;
        gbacw_game_queue_pending (game, p, NULL);
      }
    }
  /* 17.81, 17.82: a lost brigade commander: the replacement */
  {
    GbacwPending *p = gbacw_pending_new (GBACW_PENDING_PROMOTION, game->phasing_side, -1, -1, "17.81");
    p->value = -1;
    gbacw_game_queue_pending (game, p, NULL);
  }
}

/* After the promotions: every brigade (or other formation) whose commander is lost. */
static void
replacements (GbacwGame *game, int side)
{
  for (int f = 0; f < N_FORMATIONS (game); f++)
    {
      const GbacwFormation *formation = FORMATION (game, f);
      int commander = game->formation_commander[f], r;
      if (gbacw_game_side_index (game, formation->side) != side || formation->kind == GBACW_FORMATION_DIVISION
          || (commander >= 0 && !lost (game, commander)) || !replacement_due (game, f))
        continue;
      r = replacement_leader (game, f);
      if (r < 0 && commander >= 0)
        r = commander;   /* 17.81: the counter turned over; 17.82: the replacement redeployed */
      if (r < 0)
        continue;        /* the brigade's commander was promoted and there is no replacement counter */
      set_formation_commander (game, f, r);
      queue_placement (game, r);
    }
}

GbacwResolve
gbacw_leadership_resolve_promotion (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  g_autoptr (GArray) candidates = g_array_new (FALSE, FALSE, sizeof (int));
  const GbacwFormation *division;

  if (p->value < 0)
    {
      replacements (game, p->side);
      return GBACW_RESOLVE_DONE;
    }
  division = FORMATION (game, p->value);
  for (int f = 0; f < N_FORMATIONS (game); f++)
    {
      int c = game->formation_commander[f];
      if (game->formation_parent[f] == p->value && c >= 0 && gbacw_game_unit (game, c)->hex >= 0
          && !gbacw_game_unit (game, c)->promoted)
        g_array_append_val (candidates, c);
    }
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->promotion)
      {
        int chosen = hooks->promotion (game, data, p->value, candidates);
        if (chosen >= 0)
          {
            gbacw_leadership_promote (game, p->value, chosen);
            return GBACW_RESOLVE_DONE;
          }
      }
  if (candidates->len == 0)
    {
      gbacw_game_log (game, "17.83", _("No brigade commander of %s can be promoted"), division->name ? division->name : division->id);
      return GBACW_RESOLVE_DONE;
    }
  if (candidates->len == 1)
    {
      gbacw_leadership_promote (game, p->value, g_array_index (candidates, int, 0));
      return GBACW_RESOLVE_DONE;
    }
  *decision = gbacw_decision_new (GBACW_DECISION_PROMOTE, p->side, "17.83");
  g_array_append_vals ((*decision)->units, candidates->data, candidates->len);
  (*decision)->question = g_strdup_printf (_("Which brigade commander is promoted to command %s?"),
                                           division->name ? division->name : division->id);
  return GBACW_RESOLVE_WAIT;
}

void
gbacw_leadership_promote (GbacwGame *game, int division, int leader)
{
  GbacwGameUnit *l = gbacw_game_unit (game, leader);
  g_autofree char *label = gbacw_game_unit_label (game, leader);
  int brigade = commanded_formation (game, leader);
  const GbacwFormation *d = FORMATION (game, division);

  set_formation_commander (game, division, leader);
  l->promoted = TRUE;   /* 17.85: DIR but no Command Points */
  gbacw_game_log (game, "17.83", _("%s is promoted to command %s"), label, d->name ? d->name : d->id);
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks->promoted && hooks->promoted (game, data, division, leader))
      brigade = -1;
  if (brigade >= 0 && brigade != division)
    {
      int r = replacement_leader (game, brigade);
      set_formation_commander (game, brigade, r);
      if (r >= 0)
        queue_placement (game, r);
      else
        gbacw_game_log (game, "17.83", _("%s has no replacement leader in the order of battle"),
                        FORMATION (game, brigade)->name ? FORMATION (game, brigade)->name : FORMATION (game, brigade)->id);
    }
}

/* ------------------------------------------------------------------ phases */

void
gbacw_leadership_phase_begin (GbacwGame *game)
{
  switch (game->phase)
    {
    case GBACW_PHASE_INITIAL_COMMAND:
      for (guint i = 0; i < game->units->len; i++)
        {
          GbacwGameUnit *u = g_ptr_array_index (game->units, i);
          if (u->side != game->phasing_side || u->type != GBACW_UNIT_LEADER)
            continue;
          u->er_bonus = 0;
          u->augmented_by = -1;
          u->cp_left = u->promoted || u->oob->cp == GBACW_UNSET ? 0 : MAX (0, u->oob->cp);
        }
      break;
    case GBACW_PHASE_RALLY:
      automatic_rally (game);
      break;
    default:
      break;
    }
}

void
gbacw_leadership_phase_end (GbacwGame *game)
{
  switch (game->phase)
    {
    case GBACW_PHASE_INITIAL_COMMAND:
      command_check (game);
      break;
    case GBACW_PHASE_FINAL_COMMAND:
      promotions (game);   /* 17.84: at the end of the Final Command Phase */
      break;
    default:
      break;
    }
}

gboolean
gbacw_leadership_bce_lost (const GbacwGame *game, int formation)
{
  return gbacw_bce_effects (game, formation);
}
