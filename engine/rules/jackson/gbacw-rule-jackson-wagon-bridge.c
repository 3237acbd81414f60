/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-jackson-wagon-bridge.c: the wagon bridge (J 23.0-23.14, 29.13, 35.5, 36.42).
 *
 * A wagon bridge stands on a ford hexside when the map draws one (a hexside type of style
 * "wagon-bridge"), when `placed` names its two bank hexes (J 29.13: 1042 and 0942 in Port
 * Republic), or once built; it "supercedes the ford for movement as per the Terrain Effects
 * on Movement Chart" (J 23.0): a step across it costs what the chart's wagon-bridge column
 * says, as if the map drew it. Destroyed (J 36.42, by the bridge-burning rule), the hexside
 * is a ford again for good.
 * - J 23.11: in the Movement Phase only infantry in column, dismounted cavalry and leaders
 *   cross it; artillery, mounted cavalry (and wagons, not named) never.
 * - J 23.12: in a rout or retreat only leaders, dismounted cavalry and infantry in any
 *   formation cross it.
 * - J 23.13: only infantry and dismounted cavalry melee across it, each stack 2 Strength
 *   Points off its total (in place of the chart's wagon-bridge cell, if any).
 * - J 23.14: both sides use it.
 * - J 35.5: in a Game-Turn of `build-turns` (the night), at the start of the Final Command
 *   Phase of `build-side` (the Confederates), a regiment of his that is adjacent to a ford
 *   hexside, neither pinned nor routed and that did not move in the Movement Phase just
 *   played (facing and formation changes allowed) may build the wagon bridge there: its
 *   player is asked which regiment builds it (or none). Never across the fords of `never`
 *   (Pirkey's Ford), only across those of `fords` when given (the upper and lower fords);
 *   one wagon bridge, never rebuilt once destroyed.
 *
 * Parameters (<exclusive id="jackson.wagon-bridge">):
 *   placed       the two bank hexes of a wagon bridge in place at the start
 *   build-turns  the Game-Turns it may be built in
 *   build-side   the side that builds it (J 23.0: only the Confederates)
 *   fords        pairs of bank hexes: the fords it may be built across (default: any)
 *   never        pairs of bank hexes: the fords it is never built across
 *   melee        Strength Points each stack meleeing across it loses (default 2)
 *   case         the case cited for building (default "J 35.5")
 */
#define G_LOG_DOMAIN "gbacw-rule-jackson-wagon-bridge"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-rule-jackson-map.h"

typedef struct {
  guint32 ford, wagon_bridge;    /* hexside type bits, by style */
  GArray *standing;              /* GbacwHexsideId: placed, drawn or built, not destroyed */
  GArray *destroyed;             /* GbacwHexsideId */
  GArray *fords, *never;         /* GbacwHexsideId */
  GArray *build_turns;           /* int */
  int build_side;
  gboolean built;
  int melee;
  char *rule_case;
  int asked_key;                 /* the Player-Turn the builders were asked in, -1 */
} WagonBridge;

static GbacwHexsideId
hexside_of (const GbacwGame *game, int hex, int direction)
{
  const GbacwHexGrid *grid = &game->scenario->map->grid;
  return gbacw_hex_grid_hexside (grid, gbacw_hex_grid_hex_at (grid, hex), direction);
}

static gpointer
wagon_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  WagonBridge *w = g_new0 (WagonBridge, 1);
  const GbacwMap *map = game->scenario->map;
  const char *turns = gbacw_exclusive_rule_get_param (rule, "build-turns");
  const char *side = gbacw_exclusive_rule_get_param (rule, "build-side");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  g_autofree char *why = NULL;
  guint32 n_sides = gbacw_hex_grid_n_hexside_ids (&map->grid);

  w->ford = gbacw_jackson_style_bits (&game->scenario->catalogue, "ford");
  w->wagon_bridge = gbacw_jackson_style_bits (&game->scenario->catalogue, "wagon-bridge");
  w->standing = gbacw_jackson_hexside_pairs (game, gbacw_exclusive_rule_get_param (rule, "placed"));
  w->destroyed = g_array_new (FALSE, FALSE, sizeof (GbacwHexsideId));
  w->fords = gbacw_jackson_hexside_pairs (game, gbacw_exclusive_rule_get_param (rule, "fords"));
  w->never = gbacw_jackson_hexside_pairs (game, gbacw_exclusive_rule_get_param (rule, "never"));
  w->build_turns = turns ? gbacw_exclusive_parse_turns (turns, &why) : NULL;
  w->build_side = side ? gbacw_game_side_index (game, side) : -1;
  w->melee = gbacw_exclusive_rule_get_int (rule, "melee", 2);
  w->rule_case = g_strdup (rule_case ? rule_case : "J 35.5");
  w->asked_key = -1;
  for (GbacwHexsideId id = 0; w->wagon_bridge && id < n_sides; id++)
    if ((map->hexside_features[id] & w->wagon_bridge) && !gbacw_jackson_has_hexside (w->standing, id))
      g_array_append_val (w->standing, id);
  w->built = w->standing->len > 0;
  return w;
}

static void
wagon_finalize (gpointer data)
{
  WagonBridge *w = data;
  g_array_unref (w->standing);
  g_array_unref (w->destroyed);
  g_array_unref (w->fords);
  g_array_unref (w->never);
  if (w->build_turns)
    g_array_unref (w->build_turns);
  g_free (w->rule_case);
  g_free (w);
}

static WagonBridge *
module_data (const GbacwGame *game)
{
  for (guint i = 0; i < game->hooks->len; i++)
    if (g_strcmp0 (((const GbacwRuleHooks *) g_ptr_array_index (game->hooks, i))->id, "jackson.wagon-bridge") == 0)
      return g_ptr_array_index (game->hook_data, i);
  return NULL;
}

gboolean
gbacw_jackson_wagon_bridge_at (const GbacwGame *game, int hex, int direction)
{
  const WagonBridge *w = module_data (game);
  GbacwHexsideId id = hexside_of (game, hex, direction);

  if (id == GBACW_HEXSIDE_NONE)
    return FALSE;
  if (w == NULL)
    {
      guint32 bits = gbacw_jackson_style_bits (&game->scenario->catalogue, "wagon-bridge");
      return (game->scenario->map->hexside_features[id] & bits) != 0;
    }
  return gbacw_jackson_has_hexside (w->standing, id);
}

gboolean
gbacw_jackson_wagon_bridge_destroy (GbacwGame *game, int hex, int direction)
{
  WagonBridge *w = module_data (game);
  GbacwHexsideId id = hexside_of (game, hex, direction);

  if (w == NULL || id == GBACW_HEXSIDE_NONE || !gbacw_jackson_has_hexside (w->standing, id))
    return FALSE;
  for (guint i = 0; i < w->standing->len; i++)
    if (g_array_index (w->standing, GbacwHexsideId, i) == id)
      g_array_remove_index (w->standing, i--);
  g_array_append_val (w->destroyed, id);
  return TRUE;
}

static gboolean
crosses (const GbacwGame *game, gconstpointer data, int from, int to)
{
  const WagonBridge *w = data;
  int d = gbacw_game_direction_between (game, from, to);
  return d >= 0 && gbacw_jackson_has_hexside (w->standing, hexside_of (game, from, d));
}

static void
wagon_move_cost (const GbacwGame *game, gpointer data, int unit, int from, int direction, GbacwMoveCost *cost)
{
  const WagonBridge *w = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  const GbacwMap *map = game->scenario->map;
  GbacwHexsideId id = hexside_of (game, from, direction);
  int c = gbacw_move_class_for (u->type, u->formation);
  int to = gbacw_game_neighbour_index (game, from, direction);
  guint32 plain, mine;
  GbacwMoveCost was, now;

  if (c < 0 || to < 0 || id == GBACW_HEXSIDE_NONE || !w->wagon_bridge)
    return;
  plain = map->hexside_features[id];
  if (gbacw_jackson_has_hexside (w->standing, id))
    mine = plain | (w->wagon_bridge & -w->wagon_bridge);   /* the chart's wagon-bridge column */
  else if (gbacw_jackson_has_hexside (w->destroyed, id))
    mine = plain & ~w->wagon_bridge;                       /* J 36.42: a ford again */
  else
    return;
  if (mine == plain)
    return;
  gbacw_rules_data_move_cost_as (game->rules, map, c, from, direction, map->terrain[to], plain, &was);
  if (cost->kind == GBACW_COST_PROHIBITED && was.kind != GBACW_COST_PROHIBITED)
    return;   /* closed by a rule before this one */
  gbacw_rules_data_move_cost_as (game->rules, map, c, from, direction, map->terrain[to], mine, &now);
  if (cost->kind == GBACW_COST_MP && was.kind == GBACW_COST_MP && now.kind == GBACW_COST_MP)
    cost->halves += now.halves - was.halves;
  else
    *cost = now;
}

static gboolean
foot_or_dismounted (const GbacwGameUnit *u)
{
  return u->type == GBACW_UNIT_INFANTRY
         || (u->type == GBACW_UNIT_CAVALRY && u->formation == GBACW_FORMATION_STATE_DISMOUNTED);
}

static gboolean
wagon_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const WagonBridge *w = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (!crosses (game, w, from, to) || u->type == GBACW_UNIT_LEADER
      || (u->type == GBACW_UNIT_INFANTRY && u->formation == GBACW_FORMATION_STATE_COLUMN)
      || (u->type == GBACW_UNIT_CAVALRY && u->formation == GBACW_FORMATION_STATE_DISMOUNTED))
    return TRUE;
  {
    g_autofree char *label = gbacw_game_unit_label (game, unit);
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 23.11] Only infantry in column, dismounted cavalry and leaders cross the wagon bridge (%s)"),
                 label);
  }
  return FALSE;
}

static gboolean
wagon_retreat_allowed (const GbacwGame *game, gpointer data, int unit, int from, int to)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  return !crosses (game, data, from, to) || u->type == GBACW_UNIT_LEADER || foot_or_dismounted (u);   /* J 23.12 */
}

static gboolean
wagon_melee_initiation (GbacwGame *game, gpointer data, int unit, int target_hex, GError **error)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (u->hex < 0 || !crosses (game, data, u->hex, target_hex) || foot_or_dismounted (u))
    return TRUE;
  {
    g_autofree char *label = gbacw_game_unit_label (game, unit);
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 23.13] Only infantry and dismounted cavalry melee across the wagon bridge (%s)"), label);
  }
  return FALSE;
}

static void
wagon_melee_odds (const GbacwGame *game, gpointer data, const GArray *attackers, int hex, gpointer odds)
{
  const WagonBridge *w = data;
  gbacw_jackson_melee_per_stack (game, attackers, hex, crosses, w, "wagon-bridge", w->melee, odds);   /* J 23.13 */
}

/* ------------------------------------------------------------------ building (J 35.5) */

/* The ford hexside (direction from the unit's hex) unit may build across, -1. */
static int
buildable_ford (const GbacwGame *game, const WagonBridge *w, const GbacwGameUnit *u)
{
  const GbacwMap *map = game->scenario->map;

  if (u->hex < 0 || u->type != GBACW_UNIT_INFANTRY || gbacw_game_is_wagon_crew (u) || u->side != w->build_side
      || (u->status & (GBACW_STATUS_PINNED | GBACW_STATUS_ROUTED)) || u->hexes_moved > 0)
    return -1;
  for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
    {
      GbacwHexsideId id = hexside_of (game, u->hex, d);
      if (id == GBACW_HEXSIDE_NONE || gbacw_game_neighbour_index (game, u->hex, d) < 0 || !(map->hexside_features[id] & w->ford)
          || gbacw_jackson_has_hexside (w->never, id) || (w->fords->len > 0 && !gbacw_jackson_has_hexside (w->fords, id)))
        continue;
      return d;
    }
  return -1;
}

static gboolean
may_build_now (const GbacwGame *game, const WagonBridge *w)
{
  return !w->built && w->wagon_bridge && w->build_turns && gbacw_int_array_has (w->build_turns, game->turn)
         && game->phase == GBACW_PHASE_FINAL_COMMAND && game->phasing_side == w->build_side;
}

static void
wagon_phase_begin (GbacwGame *game, gpointer data)
{
  WagonBridge *w = data;
  int key = game->turn * 2 + game->player_turn;

  if (!may_build_now (game, w) || w->asked_key == key)
    return;
  for (guint i = 0; i < game->units->len; i++)
    if (buildable_ford (game, w, g_ptr_array_index (game->units, i)) >= 0)
      {
        w->asked_key = key;
        gbacw_jackson_queue_question (game, w, w->rule_case);
        return;
      }
}

static int
wagon_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  WagonBridge *w = data;
  GbacwDecision *d;

  (void) pending;
  d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, game->phasing_side, w->rule_case);
  for (guint i = 0; i < game->units->len; i++)
    if (buildable_ford (game, w, g_ptr_array_index (game->units, i)) >= 0)
      {
        int unit = (int) i;
        g_array_append_val (d->firers, unit);
      }
  if (d->firers->len == 0)
    {
      gbacw_decision_free (d);
      return GBACW_RESOLVE_DONE;
    }
  d->length = 1;
  d->may_decline = TRUE;
  d->question = g_strdup (_("Which regiment builds the wagon bridge across the ford beside it (none: no bridge)?"));
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
wagon_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  WagonBridge *w = data;
  const GArray *chosen = action->answer.firers;

  (void) pending;
  for (guint i = 0; chosen && i < chosen->len && !w->built; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (chosen, GbacwFirer, i).unit);
      int d = buildable_ford (game, w, u);
      if (d >= 0)
        {
          GbacwHexsideId id = hexside_of (game, u->hex, d);
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          g_autofree char *here = gbacw_game_hex_label (game, u->hex);
          g_autofree char *there = gbacw_game_hex_label (game, gbacw_game_neighbour_index (game, u->hex, d));
          g_array_append_val (w->standing, id);
          w->built = TRUE;
          gbacw_game_log (game, w->rule_case, _("%s builds the wagon bridge across the ford %s-%s"), label, here, there);
        }
    }
  return GBACW_RESOLVE_DONE;
}

/* The computer player builds it whenever it may (a crossing more, J 23.14 for both). */
static GbacwAction *
wagon_default (GbacwGame *game, gpointer data, const GbacwPending *pending, const GbacwDecision *decision)
{
  (void) game;
  (void) data;
  (void) pending;
  if (decision->firers->len == 0)
    return NULL;
  return gbacw_action_new_answer_units (&g_array_index (decision->firers, int, 0), 1);
}

static void
wagon_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const WagonBridge *w = data;
  const GbacwHexGrid *grid = &game->scenario->map->grid;

  for (guint i = 0; i < w->standing->len; i++)
    {
      GbacwHex a, b;
      g_autofree char *la = NULL, *lb = NULL;
      gbacw_hex_grid_hexside_hexes (grid, g_array_index (w->standing, GbacwHexsideId, i), &a, NULL, &b);
      la = gbacw_game_hex_label (game, gbacw_hex_grid_index (grid, a));
      lb = gbacw_game_hex_label (game, gbacw_hex_grid_index (grid, b));
      g_ptr_array_add (items, gbacw_rule_status_new ("J 23.0", _("The wagon bridge stands across the ford %s-%s"), la, lb));
    }
  if (w->destroyed->len > 0)
    g_ptr_array_add (items, gbacw_rule_status_new ("J 36.42", _("The wagon bridge is destroyed")));
}

static gboolean
wagon_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  WagonBridge *t = to_data;
  const WagonBridge *f = from_data;

  (void) to;
  (void) from;
  gbacw_copy_garray (t->standing, f->standing);
  gbacw_copy_garray (t->destroyed, f->destroyed);
  t->built = f->built;
  t->asked_key = f->asked_key;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_wagon_bridge = {
  .id = "jackson.wagon-bridge",
  .init = wagon_init,
  .finalize = wagon_finalize,
  .copy_state = wagon_copy_state,
  .move_cost = wagon_move_cost,
  .move_legal = wagon_move_legal,
  .retreat_allowed = wagon_retreat_allowed,
  .melee_initiation = wagon_melee_initiation,
  .melee_odds = wagon_melee_odds,
  .phase_begin = wagon_phase_begin,
  .exclusive_resolve = wagon_resolve,
  .exclusive_answer = wagon_answer,
  .exclusive_default = wagon_default,
  .status = wagon_status,
};
