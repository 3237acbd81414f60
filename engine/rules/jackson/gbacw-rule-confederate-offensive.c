/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-confederate-offensive.c: the Confederate offensive (J 31.0, 33.4, 36.3).
 *
 *  - J 31.0: until the offensive is declared no unit of side (the Confederate) may cross the
 *    Confederate Restraint Line: the line is drawn on the map as the area of the hexes
 *    beyond it (beyond), and a step from outside the area into it is refused. Rout and
 *    retreat are not refused (the rule restrains movement, as J 30.1 does). With restraint
 *    = no (the free-play scenarios, J 33.7, 36.8) there is no line.
 *  - J 33.4, 36.3: the Confederate player may declare it in any of his Final Command Phases
 *    from Game-Turn from (6), in The Crossroads only while no enemy combat unit is within
 *    clear-distance (2) hexes of a hex of clear-area (Port Republic). He is asked (an
 *    EXCLUSIVE_UNITS decision naming one unit, leader, or his first leader or unit on the
 *    map: naming it declares it); the computer player declares it as soon as it may.
 *  - J 31.0: from the Game-Turn after the declaration the Confederate is the first player
 *    for the rest of the game (the first_player hook): he has two Player-Turns running.
 *
 * Parameters (<exclusive id="jackson.confederate-offensive">):
 *   side            the side that declares (default confederate)
 *   from            the first Game-Turn it may be declared (default 6)
 *   beyond          the hexes beyond the Restraint Line (labels and area ids)
 *   restraint       yes (default) or no: no line (free play)
 *   clear-area      hexes no enemy may be near for the declaration (J 36.3: Port Republic)
 *   clear-distance  how near (default 2)
 *   leader          the leader the question names (default: the side's first on the map)
 *   case            the case cited (default "J 31.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-confederate-offensive"

#include "gbacw-rule-modules.h"
#include "gbacw-rule-confederate-offensive.h"

#include <glib/gi18n-lib.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"

typedef struct {
  int side;
  int from;
  gboolean restraint;
  guint8 *beyond;       /* per hex, or NULL */
  GArray *clear;        /* int hexes, or NULL */
  int clear_distance;
  int leader;           /* unit index, -1 */
  int declared_turn;    /* -1 */
  int asked_turn;       /* -1 */
  char *rule_case;
} Offensive;

static gpointer
offensive_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Offensive *o = g_new0 (Offensive, 1);
  const char *value = gbacw_exclusive_rule_get_param (rule, "side");
  g_autofree char *why = NULL;
  GbacwGameUnit *leader;

  o->side = gbacw_game_side_index (game, value ? value : "confederate");
  o->from = gbacw_exclusive_rule_get_int (rule, "from", 6);
  o->restraint = g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "restraint"), "no") != 0;
  o->beyond = gbacw_exclusive_parse_hex_set (game->scenario->map, gbacw_exclusive_rule_get_param (rule, "beyond"));
  value = gbacw_exclusive_rule_get_param (rule, "clear-area");
  o->clear = value ? gbacw_exclusive_parse_hexes (game->scenario->map, value, &why) : NULL;
  o->clear_distance = gbacw_exclusive_rule_get_int (rule, "clear-distance", 2);
  value = gbacw_exclusive_rule_get_param (rule, "leader");
  leader = value ? gbacw_game_find_unit (game, value) : NULL;
  o->leader = leader ? leader->index : -1;
  o->declared_turn = -1;
  o->asked_turn = -1;
  value = gbacw_exclusive_rule_get_param (rule, "case");
  o->rule_case = g_strdup (value ? value : "J 31.0");
  return o;
}

static void
offensive_finalize (gpointer data)
{
  Offensive *o = data;

  g_free (o->beyond);
  if (o->clear)
    g_array_unref (o->clear);
  g_free (o->rule_case);
  g_free (o);
}

/* J 36.3: an enemy combat unit within clear_distance of a hex of the area. */
static gboolean
area_threatened (const GbacwGame *game, const Offensive *o)
{
  for (guint i = 0; o->clear && i < o->clear->len; i++)
    for (guint k = 0; k < game->units->len; k++)
      {
        const GbacwGameUnit *u = g_ptr_array_index (game->units, k);
        if (u->side == 1 - o->side && u->hex >= 0 && gbacw_game_is_combat_unit (u)
            && gbacw_game_distance (game, u->hex, g_array_index (o->clear, int, i)) <= o->clear_distance)
          return TRUE;
      }
  return FALSE;
}

static gboolean
may_declare (const GbacwGame *game, const Offensive *o)
{
  return o->declared_turn < 0 && game->phasing_side == o->side && game->phase == GBACW_PHASE_FINAL_COMMAND
         && game->turn >= o->from && !area_threatened (game, o);
}

/* The unit the question names: leader, else the side's first leader on the map, else its
 * first unit there. */
static int
asking_leader (const GbacwGame *game, const Offensive *o)
{
  int any = -1;

  if (o->leader >= 0 && gbacw_game_unit (game, o->leader)->hex >= 0)
    return o->leader;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->side != o->side || u->hex < 0)
        continue;
      if (u->type == GBACW_UNIT_LEADER)
        return u->index;
      if (any < 0)
        any = u->index;
    }
  return any;
}

static void
offensive_phase_begin (GbacwGame *game, gpointer data)
{
  Offensive *o = data;
  GbacwPending *p;

  if (!may_declare (game, o) || o->asked_turn == game->turn || asking_leader (game, o) < 0)
    return;
  o->asked_turn = game->turn;
  p = gbacw_pending_new_exclusive (game, o, o->side, -1, -1, "J 31.0");
  gbacw_game_queue_pending (game, p, NULL);
}

static int
offensive_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  Offensive *o = data;
  GbacwDecision *d;
  int leader = asking_leader (game, o);
  g_autofree char *label = NULL;

  (void) pending;
  if (!may_declare (game, o) || leader < 0)
    return GBACW_RESOLVE_DONE;
  label = gbacw_game_unit_label (game, leader);
  d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, o->side, "J 31.0");
  g_array_append_val (d->firers, leader);
  d->length = 1;
  d->may_decline = TRUE;
  d->question = g_strdup_printf (_("Does %s declare the offensive (J 31.0)? Name %s to declare it: from the next "
                                   "Game-Turn the Restraint Line may be crossed and %s is the first player"),
                                 gbacw_game_side_name (game, o->side), label, gbacw_game_side_name (game, o->side));
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
offensive_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  Offensive *o = data;

  (void) pending;
  if (action->answer.firers->len == 0)
    {
      gbacw_game_log (game, "J 31.0", _("%s does not declare the offensive"), gbacw_game_side_name (game, o->side));
      return GBACW_RESOLVE_DONE;
    }
  o->declared_turn = game->turn;
  gbacw_game_log (game, o->rule_case,
                  _("%s declares the offensive: from Game-Turn %d its units may cross the Restraint Line and it is "
                    "the first player"),
                  gbacw_game_side_name (game, o->side), game->turn + 1);
  return GBACW_RESOLVE_DONE;
}

/* The computer player declares it as soon as it may. */
static GbacwAction *
offensive_default (GbacwGame *game, gpointer data, const GbacwPending *pending, const GbacwDecision *decision)
{
  (void) game, (void) data, (void) pending;
  return gbacw_action_new_answer_units ((const int *) (gpointer) decision->firers->data, MIN (decision->firers->len, 1));
}

static gboolean
offensive_move_legal (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  const Offensive *o = data;
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);

  if (!o->restraint || o->beyond == NULL || u->side != o->side || (o->declared_turn >= 0 && game->turn > o->declared_turn))
    return TRUE;
  if (to < 0 || to >= game->n_hexes || !o->beyond[to] || (from >= 0 && from < game->n_hexes && o->beyond[from]))
    return TRUE;
  {
    g_autofree char *label = gbacw_game_unit_label (game, unit);
    g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                 _("[J 31.0] %s may not cross the Confederate Restraint Line before the offensive is declared"), label);
  }
  return FALSE;
}

static int
offensive_first_player (const GbacwGame *game, gpointer data, int turn)
{
  const Offensive *o = data;

  (void) game;
  return o->declared_turn >= 0 && turn > o->declared_turn ? o->side : -1;
}

static void
offensive_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Offensive *o = data;
  const char *side = gbacw_game_side_name (game, o->side);

  if (o->declared_turn >= 0)
    g_ptr_array_add (items, gbacw_rule_status_new ("J 31.0",
                                                   _("The %s offensive was declared on Game-Turn %d: %s is the first "
                                                     "player from Game-Turn %d"),
                                                   side, o->declared_turn, side, o->declared_turn + 1));
  else if (game->turn < o->from)
    g_ptr_array_add (items, gbacw_rule_status_new ("J 31.0",
                                                   _("The %s offensive is not declared: it may be from Game-Turn %d"),
                                                   side, o->from));
  else if (area_threatened (game, o))
    g_ptr_array_add (items, gbacw_rule_status_new ("J 36.3",
                                                   g_dngettext (GETTEXT_PACKAGE,
                                                                "The %s offensive is not declared: the enemy is "
                                                                "within %d hex of Port Republic",
                                                                "The %s offensive is not declared: the enemy is "
                                                                "within %d hexes of Port Republic",
                                                                (gulong) o->clear_distance),
                                                   side, o->clear_distance));
  else
    g_ptr_array_add (items, gbacw_rule_status_new ("J 31.0",
                                                   _("The %s offensive is not declared: it may be in a %s Final Command "
                                                     "Phase"),
                                                   side, side));
}

static gboolean
offensive_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                      gconstpointer from_data)
{
  Offensive *t = to_data;
  const Offensive *f = from_data;

  (void) to;
  (void) from;
  t->declared_turn = f->declared_turn;
  t->asked_turn = f->asked_turn;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_jackson_confederate_offensive = {
  .id = "jackson.confederate-offensive",
  .init = offensive_init,
  .finalize = offensive_finalize,
  .copy_state = offensive_copy_state,
  .phase_begin = offensive_phase_begin,
  .first_player = offensive_first_player,
  .move_legal = offensive_move_legal,
  .exclusive_resolve = offensive_resolve,
  .exclusive_answer = offensive_answer,
  .exclusive_default = offensive_default,
  .status = offensive_status,
};

gboolean
gbacw_confederate_offensive_declared (const GbacwGame *game)
{
  GBACW_FOREACH_HOOK (game, hooks, data)
    if (hooks == &gbacw_rule_jackson_confederate_offensive)
      return ((const Offensive *) data)->declared_turn >= 0;
  return FALSE;
}
