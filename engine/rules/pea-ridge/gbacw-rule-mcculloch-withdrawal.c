/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-mcculloch-withdrawal.c: the Withdrawal Interphase of Pea Ridge (P 22.1).
 *
 * In the interphase of Game-Turn 18, after the Victory Determination (a game decided there
 * has none; the kit lists victory-checks first, P 21.7):
 *  - P 22.11: every brigade of McCulloch's division (the order of battle's, wherever it is
 *    attached now) that has reached its BCE limit and whose commander is not within the
 *    DIR of Van Dorn's division commander must withdraw (a brigade without its commander on
 *    the map is not within it; nor is one when that DIR is not entered); the others may.
 *    Which of those withdraw is the Confederate player's choice: the engine's default
 *    (voluntary = bce-lost: those that reached their limit inside the DIR; all; none) is
 *    applied, or with ask = yes he is asked (an EXCLUSIVE_UNITS decision naming a unit of
 *    each brigade, its commander where he is on the map). The computer player reads the
 *    default through the exclusive_default hook.
 *  - P 22.12: every unit of a withdrawing brigade on the map (its leaders, pinned and
 *    routed units and unlimbered batteries too) is removed; those in the ZOC of Union units
 *    that could fire first take withdrawal fire (the Union player chooses the firers, a
 *    FIRE decision per hex), whose losses count but whose Pin and Rout results do not: the
 *    pins, routs and the retreats they would cause are undone before the units leave.
 *  - P 22.13: they become reinforcements of a group entering at reentry-hex (3946), never
 *    before the Confederate Movement Phase of reentry-turn (21).
 *  - P 22.14, 22.36, 22.43: BCE recovery counts them, straggler recovery does not (the
 *    straggler-recovery module refuses units that left the map).
 *  - P 22.15: when some brigades withdraw and some stay, the withdrawn are attached to
 *    Van Dorn's division (attach-to; the one case of more than one attached brigade,
 *    17.6). P 22.16: when all withdraw they stay under McCulloch, who goes with them, as
 *    do the division's own batteries.
 *
 * Parameters (<exclusive id="pearidge.mcculloch-withdrawal">):
 *   turn          the Game-Turn whose interphase it is (default 18)
 *   division      McCulloch's division (a formation id)
 *   must          bce-lost-outside-dir (default) or none
 *   dir-of        the leader whose DIR counts when attach-to has no commander now
 *   attach-to     Van Dorn's division (a formation id): its commander's DIR (P 22.11), P 22.15
 *   reentry-hex   the entry hex label (default 3946)
 *   reentry-turn  the first Game-Turn of re-entry (default 21)
 *   voluntary     the default choice: bce-lost (default), all or none
 *   ask           yes: the Confederate player chooses; no (default): the default is applied
 *   case          the case cited (default "P 22.1")
 */
#define G_LOG_DOMAIN "gbacw-rule-mcculloch-withdrawal"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>

#include "gbacw-bce.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"
#include "gbacw-leadership.h"

static const char *const voluntary_choices[] = { "bce-lost", "all", "none", NULL };
enum { VOLUNTARY_BCE_LOST, VOLUNTARY_ALL, VOLUNTARY_NONE };

/* The module's pending items (GbacwPending.unit holds the stage). */
enum { STAGE_CHOOSE, STAGE_FIRE, STAGE_REMOVE };

typedef struct {
  int turn;
  int division;          /* formation index, -1 */
  int attach_to;         /* formation index, -1 */
  int dir_of;            /* leader unit index, -1 */
  gboolean must;
  int voluntary;
  gboolean ask;
  int reentry_hex;
  int reentry_turn;
  int group;             /* the reinforcement group entering at reentry_hex, -1 */
  char *rule_case;
  gboolean *withdrawing; /* per formation: chosen or bound to withdraw */
  gboolean *withdrawn;   /* per unit: removed by this rule, to re-enter */
  gboolean whole;        /* P 22.16: the whole division withdrew */
  int n_formations, n_units;
} Withdrawal;

static const GbacwFormation *
formation_at (const GbacwGame *game, int f)
{
  return g_ptr_array_index (game->scenario->oob.formations, f);
}

static gpointer
withdrawal_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Withdrawal *w = g_new0 (Withdrawal, 1);
  const char *hex = gbacw_exclusive_rule_get_param (rule, "reentry-hex");
  const char *must = gbacw_exclusive_rule_get_param (rule, "must");
  const char *voluntary = gbacw_exclusive_rule_get_param (rule, "voluntary");
  const char *ask = gbacw_exclusive_rule_get_param (rule, "ask");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");
  const char *dir_of = gbacw_exclusive_rule_get_param (rule, "dir-of");
  GbacwGameUnit *leader = dir_of ? gbacw_game_find_unit (game, dir_of) : NULL;
  g_autofree char *why = NULL;

  w->turn = gbacw_exclusive_rule_get_int (rule, "turn", 18);
  w->reentry_turn = gbacw_exclusive_rule_get_int (rule, "reentry-turn", 21);
  w->division = gbacw_leadership_formation_index (game, gbacw_exclusive_rule_get_param (rule, "division"));
  w->attach_to = gbacw_leadership_formation_index (game, gbacw_exclusive_rule_get_param (rule, "attach-to"));
  w->dir_of = leader ? leader->index : -1;
  w->must = must == NULL || g_strcmp0 (must, "none") != 0;
  if (voluntary == NULL || !gbacw_exclusive_parse_choice (voluntary, voluntary_choices, &w->voluntary, &why))
    w->voluntary = VOLUNTARY_BCE_LOST;   /* the validator refuses a wrong word first */
  w->ask = g_strcmp0 (ask, "yes") == 0;
  w->reentry_hex = gbacw_game_parse_hex (game, hex ? hex : "3946", NULL);
  w->group = -1;
  /* a group entering at the hex by the re-entry turn (its turn is the earliest entry) */
  for (guint i = 0; w->reentry_hex >= 0 && i < game->scenario->reinforcements->len; i++)
    {
      const GbacwReinforcement *r = g_ptr_array_index (game->scenario->reinforcements, i);
      const GbacwReinforcement *best = w->group >= 0 ? g_ptr_array_index (game->scenario->reinforcements, w->group) : NULL;
      if (!gbacw_int_array_has (r->entry_hexes, w->reentry_hex))
        continue;
      if (best == NULL || (best->turn > w->reentry_turn && r->turn < best->turn))
        w->group = (int) i;
    }
  w->rule_case = g_strdup (rule_case ? rule_case : "P 22.1");
  w->n_formations = (int) game->scenario->oob.formations->len;
  w->n_units = (int) game->units->len;
  w->withdrawing = g_new0 (gboolean, MAX (w->n_formations, 1));
  w->withdrawn = g_new0 (gboolean, MAX (w->n_units, 1));
  return w;
}

static void
withdrawal_finalize (gpointer data)
{
  Withdrawal *w = data;
  g_free (w->rule_case);
  g_free (w->withdrawing);
  g_free (w->withdrawn);
  g_free (w);
}

static void
queue (GbacwGame *game, const Withdrawal *w, int stage, int side, int hex, const GArray *units)
{
  GbacwPending *p = gbacw_pending_new_exclusive (game, w, side, stage, hex, w->rule_case);

  if (units)
    p->units = g_array_copy ((GArray *) units);
  gbacw_game_queue_pending (game, p, NULL);
}

/* Whether the unit (on the map) belongs to brigade f: its units and the leader commanding it. */
static gboolean
of_brigade (const GbacwGame *game, int unit, int f)
{
  return game->unit_formation[unit] == f || game->formation_commander[f] == unit;
}

/* McCulloch's brigades with a unit on the map. */
static GArray *
brigades_in_play (const GbacwGame *game, const Withdrawal *w)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (int f = 0; f < w->n_formations; f++)
    {
      if (formation_at (game, f)->kind != GBACW_FORMATION_BRIGADE || game->formation_original_parent[f] != w->division)
        continue;
      for (int i = 0; i < w->n_units; i++)
        if (gbacw_game_unit (game, i)->hex >= 0 && gbacw_game_is_combat_unit (gbacw_game_unit (game, i))
            && of_brigade (game, i, f))
          {
            g_array_append_val (out, f);
            break;
          }
    }
  return out;
}

/* The leader whose DIR counts (P 22.11): Van Dorn's division commander now. */
static int
dir_leader (const GbacwGame *game, const Withdrawal *w)
{
  int leader = w->attach_to >= 0 ? game->formation_commander[w->attach_to] : -1;
  return leader >= 0 ? leader : w->dir_of;
}

static gboolean
within_dir (const GbacwGame *game, const Withdrawal *w, int f)
{
  int leader = dir_leader (game, w), commander = game->formation_commander[f];
  const GbacwGameUnit *l = leader >= 0 ? gbacw_game_unit (game, leader) : NULL;
  const GbacwGameUnit *c = commander >= 0 ? gbacw_game_unit (game, commander) : NULL;

  if (l == NULL || l->hex < 0 || c == NULL || c->hex < 0 || l->oob->dir == GBACW_UNSET || l->oob->dir < 0)
    return FALSE;
  return gbacw_leadership_in_radius (game, leader, c->hex, l->oob->dir);
}

/* A unit standing for brigade f in the question: its commander on the map, else its first unit there. */
static int
brigade_unit (const GbacwGame *game, const Withdrawal *w, int f)
{
  int commander = game->formation_commander[f];

  if (commander >= 0 && gbacw_game_unit (game, commander)->hex >= 0)
    return commander;
  for (int i = 0; i < w->n_units; i++)
    if (gbacw_game_unit (game, i)->hex >= 0 && of_brigade (game, i, f))
      return i;
  return -1;
}

static int
brigade_of_unit (const GbacwGame *game, const Withdrawal *w, int unit)
{
  for (int f = 0; f < w->n_formations; f++)
    if (formation_at (game, f)->kind == GBACW_FORMATION_BRIGADE && game->formation_original_parent[f] == w->division
        && of_brigade (game, unit, f))
      return f;
  return -1;
}

static const char *
formation_name (const GbacwGame *game, int f)
{
  const GbacwFormation *formation = formation_at (game, f);
  return formation->name && *formation->name ? formation->name : formation->id;
}

static void
withdrawal_interphase (GbacwGame *game, gpointer data)
{
  Withdrawal *w = data;
  g_autoptr (GArray) brigades = NULL;

  if (game->turn != w->turn || game->decided || w->division < 0)
    return;   /* P 22.22: a game won on the first day has no Withdrawal Interphase */
  brigades = brigades_in_play (game, w);
  for (guint i = 0; i < brigades->len; i++)
    {
      int f = g_array_index (brigades, int, i);
      if (w->must && gbacw_bce_lost (game, f) && !within_dir (game, w, f))
        {
          w->withdrawing[f] = TRUE;
          gbacw_game_log (game, "P 22.11",
                          _("%s has reached its BCE limit outside the DIR of Van Dorn's division commander: it must "
                            "withdraw"), formation_name (game, f));
        }
    }
  queue (game, w, STAGE_CHOOSE, gbacw_game_side_index (game, formation_at (game, w->division)->side), -1, NULL);
}

/* The brigades that may withdraw and have not been bound to: the default's first. */
static GArray *
voluntary_candidates (const GbacwGame *game, const Withdrawal *w)
{
  g_autoptr (GArray) brigades = brigades_in_play (game, w);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < brigades->len; i++)
      {
        int f = g_array_index (brigades, int, i);
        if (!w->withdrawing[f] && gbacw_bce_lost (game, f) == (pass == 0))
          g_array_append_val (out, f);
      }
  return out;
}

static gboolean
default_withdraws (const GbacwGame *game, const Withdrawal *w, int f)
{
  return w->voluntary == VOLUNTARY_ALL || (w->voluntary == VOLUNTARY_BCE_LOST && gbacw_bce_lost (game, f));
}

/* The withdrawing units on the map, by hex; queues the fire at those in a Union ZOC, then
 * their removal. */
static void
queue_fire_and_removal (GbacwGame *game, Withdrawal *w, int side)
{
  g_autoptr (GArray) brigades = brigades_in_play (game, w);
  g_autoptr (GHashTable) hexes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (int));
  int chosen = 0;

  for (guint i = 0; i < brigades->len; i++)
    chosen += w->withdrawing[g_array_index (brigades, int, i)];
  w->whole = chosen > 0 && chosen == (int) brigades->len;
  for (int i = 0; i < w->n_units; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, i);
      int f = brigade_of_unit (game, w, i);
      GArray *at;
      if (u->hex < 0 || !gbacw_game_is_combat_unit (u) || f < 0 || !w->withdrawing[f])
        continue;
      at = g_hash_table_lookup (hexes, GINT_TO_POINTER (u->hex));
      if (at == NULL)
        {
          at = g_array_new (FALSE, FALSE, sizeof (int));
          g_hash_table_insert (hexes, GINT_TO_POINTER (u->hex), at);
          g_array_append_val (order, u->hex);
        }
      g_array_append_val (at, i);
    }
  for (guint k = 0; k < order->len; k++)
    {
      int hex = g_array_index (order, int, k);
      GArray *units = g_hash_table_lookup (hexes, GINT_TO_POINTER (hex));
      queue (game, w, STAGE_FIRE, 1 - side, hex, units);
    }
  queue (game, w, STAGE_REMOVE, side, -1, NULL);
}

static int
resolve_choice (GbacwGame *game, Withdrawal *w, GbacwPending *p, GbacwDecision **decision)
{
  g_autoptr (GArray) candidates = voluntary_candidates (game, w);
  GString *names;
  GbacwDecision *d;

  if (candidates->len == 0 || !w->ask)
    {
      for (guint i = 0; i < candidates->len; i++)
        {
          int f = g_array_index (candidates, int, i);
          if (!default_withdraws (game, w, f))
            continue;
          w->withdrawing[f] = TRUE;
          gbacw_game_log (game, "P 22.11", _("%s withdraws at the Confederate player's option"), formation_name (game, f));
        }
      queue_fire_and_removal (game, w, p->side);
      return GBACW_RESOLVE_DONE;
    }
  d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_UNITS, p->side, "P 22.11");
  names = g_string_new (NULL);
  for (guint i = 0; i < candidates->len; i++)
    {
      int f = g_array_index (candidates, int, i), unit = brigade_unit (game, w, f);
      g_array_append_val (d->firers, unit);
      g_string_append_printf (names, "%s%s", i ? ", " : "", formation_name (game, f));
    }
  d->length = (int) candidates->len;
  d->may_decline = TRUE;
  d->question = g_strdup_printf (_("Which of McCulloch's brigades also withdraw (P 22.11)? %s"), names->str);
  g_string_free (names, TRUE);
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

/* P 22.12: the fire's Pin and Rout results do not apply: the statuses, the rout owed and
 * the retreats queued for the withdrawing units are undone. */
static void
undo_pins_and_routs (GbacwGame *game, const GArray *units, const guint *status, const int *due)
{
  const guint kept = GBACW_STATUS_PINNED | GBACW_STATUS_ROUTED | GBACW_STATUS_ABANDONED;

  for (guint i = 0; i < units->len; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (units, int, i));
      if ((u->status & kept) != (status[i] & kept))
        {
          g_autofree char *label = gbacw_game_unit_label (game, u->index);
          gbacw_game_log (game, "P 22.12", _("%s withdraws: the Pin and Rout results of the fire do not apply"), label);
        }
      u->status = (u->status & ~kept) | (status[i] & kept);
      u->rout_hexes_due = due[i];
    }
  for (guint k = 0; k < game->pending->len;)
    {
      GbacwPending *q = g_ptr_array_index (game->pending, k);
      gboolean concerns = q->unit >= 0 && q->kind != GBACW_PENDING_EXCLUSIVE && gbacw_int_array_has (units, q->unit);
      for (guint i = 0; !concerns && q->units && q->kind != GBACW_PENDING_EXCLUSIVE && i < q->units->len; i++)
        concerns = gbacw_int_array_has (units, g_array_index (q->units, int, i));
      if (concerns)
        g_ptr_array_remove_index (game->pending, k);
      else
        k++;
    }
}

static int
resolve_fire (GbacwGame *game, GbacwPending *p, GbacwDecision **decision)
{
  g_autoptr (GArray) firers = NULL;
  gboolean mounted = FALSE;

  for (guint i = 0; i < p->units->len;)
    if (gbacw_game_unit (game, g_array_index (p->units, int, i))->hex != p->hex)
      g_array_remove_index (p->units, i);
    else
      mounted |= gbacw_game_unit_is_mounted (gbacw_game_unit (game, g_array_index (p->units, int, i++)));
  if (p->units->len == 0)
    return GBACW_RESOLVE_DONE;
  firers = gbacw_fire_zoc_firers (game, p->hex, 1 - p->side, mounted);
  if (firers->len == 0)
    return GBACW_RESOLVE_DONE;
  {
    g_autofree char *hex = gbacw_game_hex_label (game, p->hex);
    GbacwDecision *d = gbacw_decision_new (GBACW_DECISION_FIRE, p->side, "P 22.12");
    d->hex = p->hex;
    d->may_decline = TRUE;
    g_array_append_vals (d->units, p->units->data, p->units->len);
    g_array_append_vals (d->firers, firers->data, firers->len);
    d->question = g_strdup_printf (_("Which units fire withdrawal fire at the brigades withdrawing from %s (P 22.12)?"),
                                   hex);
    *decision = d;
  }
  return GBACW_RESOLVE_WAIT;
}

static void
remove_withdrawing (GbacwGame *game, Withdrawal *w)
{
  int n = 0;

  for (int i = 0; i < w->n_units; i++)
    {
      GbacwGameUnit *u = gbacw_game_unit (game, i);
      int f = brigade_of_unit (game, w, i);
      gboolean division_own = w->whole && (game->unit_formation[i] == w->division
                                           || game->formation_commander[w->division] == i);
      if (u->hex < 0 || !((f >= 0 && w->withdrawing[f]) || division_own))
        continue;
      {
        g_autofree char *label = gbacw_game_unit_label (game, i);
        gbacw_game_log (game, "P 22.12", _("%s is withdrawn from the map"), label);
      }
      gbacw_game_remove_unit (game, i, GBACW_PRESENCE_NOT_ARRIVED);
      u->status &= ~(GBACW_STATUS_PINNED | GBACW_STATUS_ENGAGED);
      u->reinforcement = w->group;
      w->withdrawn[i] = TRUE;
      n++;
    }
  if (n == 0)
    return;
  if (w->group < 0)
    g_warning ("pearidge.mcculloch-withdrawal: no reinforcement group enters at the re-entry hex");
  {
    g_autofree char *hex = gbacw_game_hex_label (game, w->reentry_hex);
    gbacw_game_log (game, "P 22.13", _("The withdrawn units enter as reinforcements at %s from Game-Turn %d"), hex,
                    w->reentry_turn);
  }
  if (w->whole)
    gbacw_game_log (game, "P 22.16", _("All of McCulloch's brigades withdrew: they stay under McCulloch"));
  else if (w->attach_to >= 0)
    for (int f = 0; f < w->n_formations; f++)
      if (w->withdrawing[f])
        {
          game->formation_parent[f] = w->attach_to;
          gbacw_game_log (game, "P 22.15", _("%s is attached to %s"), formation_name (game, f),
                          formation_name (game, w->attach_to));
        }
}

static int
withdrawal_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  Withdrawal *w = data;

  switch (pending->unit)
    {
    case STAGE_CHOOSE:
      return resolve_choice (game, w, pending, decision);
    case STAGE_FIRE:
      return resolve_fire (game, pending, decision);
    case STAGE_REMOVE:
    default:
      remove_withdrawing (game, w);
      return GBACW_RESOLVE_DONE;
    }
}

static int
withdrawal_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  Withdrawal *w = data;
  const GArray *chosen = action->answer.firers;

  if (pending->unit == STAGE_CHOOSE)
    {
      for (guint i = 0; i < chosen->len; i++)
        {
          int f = brigade_of_unit (game, w, g_array_index (chosen, GbacwFirer, i).unit);
          if (f < 0 || w->withdrawing[f])
            continue;
          w->withdrawing[f] = TRUE;
          gbacw_game_log (game, "P 22.11", _("%s withdraws at the Confederate player's option"), formation_name (game, f));
        }
      queue_fire_and_removal (game, w, pending->side);
      return GBACW_RESOLVE_DONE;
    }
  if (chosen->len == 0)
    {
      g_autofree char *hex = gbacw_game_hex_label (game, pending->hex);
      gbacw_game_log (game, "P 22.12", _("%s holds fire at %s"), gbacw_game_side_name (game, pending->side), hex);
      return GBACW_RESOLVE_DONE;
    }
  for (int artillery = 0; artillery < 2; artillery++)
    {
      g_autoptr (GArray) group = g_array_new (FALSE, FALSE, sizeof (GbacwFirer));
      g_autofree guint *status = g_new (guint, pending->units->len + 1);
      g_autofree int *due = g_new (int, pending->units->len + 1);
      GbacwFireResolution *res;
      for (guint i = 0; i < chosen->len; i++)
        {
          const GbacwFirer *fr = &g_array_index (chosen, GbacwFirer, i);
          if ((gbacw_game_unit (game, fr->unit)->type == GBACW_UNIT_ARTILLERY) == artillery)
            g_array_append_val (group, *fr);
        }
      for (guint i = 0; i < pending->units->len;)
        if (gbacw_game_unit (game, g_array_index (pending->units, int, i))->hex != pending->hex)
          g_array_remove_index (pending->units, i);
        else
          i++;
      if (group->len == 0 || pending->units->len == 0)
        continue;
      res = gbacw_fire_compute_free (game, pending->side, pending->hex, pending->units, -1,
                                     (const GbacwFirer *) (gpointer) group->data, group->len, NULL);
      if (res == NULL)
        continue;
      for (guint i = 0; i < pending->units->len; i++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (pending->units, int, i));
          status[i] = u->status;
          due[i] = u->rout_hexes_due;
        }
      gbacw_fire_resolve_free (game, res, "P 22.12");
      undo_pins_and_routs (game, pending->units, status, due);
    }
  return GBACW_RESOLVE_DONE;
}

/* The engine's default answer to the module's question (the computer player's). */
static GbacwAction *
withdrawal_default (GbacwGame *game, gpointer data, const GbacwPending *pending, const GbacwDecision *decision)
{
  const Withdrawal *w = data;
  g_autoptr (GArray) units = g_array_new (FALSE, FALSE, sizeof (int));

  if (pending->unit != STAGE_CHOOSE)
    return NULL;
  for (guint i = 0; i < decision->firers->len; i++)
    {
      int unit = g_array_index (decision->firers, int, i), f = brigade_of_unit (game, w, unit);
      if (f >= 0 && default_withdraws (game, w, f))
        g_array_append_val (units, unit);
    }
  return gbacw_action_new_answer_units ((const int *) (gpointer) units->data, units->len);
}

/* P 22.13: no re-entry before its Game-Turn. */
static gboolean
withdrawal_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Withdrawal *w = data;

  if (action->kind != GBACW_ACTION_MOVE || game->turn >= w->reentry_turn || action->move.units == NULL)
    return TRUE;
  for (guint i = 0; i < action->move.units->len; i++)
    {
      int unit = g_array_index (action->move.units, int, i);
      if (unit >= 0 && unit < w->n_units && w->withdrawn[unit]
          && gbacw_game_unit (game, unit)->presence == GBACW_PRESENCE_NOT_ARRIVED)
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[P 22.13] %s withdrew and enters again from Game-Turn %d"), label, w->reentry_turn);
          return FALSE;
        }
    }
  return TRUE;
}

/* STATUS: before the interphase, the brigades bound to withdraw as things stand (P 22.11);
 * after it, each withdrawn brigade and where and when its units still off the map re-enter
 * (P 22.13). */
static void
withdrawal_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Withdrawal *w = data;
  g_autofree char *hex = w->reentry_hex >= 0 ? gbacw_game_hex_label (game, w->reentry_hex) : g_strdup ("?");
  g_autofree guint *waiting = g_new0 (guint, w->n_formations + 1);   /* the last: the division's own units */
  gboolean any = FALSE;

  if (w->division < 0)
    return;
  for (int i = 0; i < w->n_units; i++)
    if (w->withdrawn[i])
      {
        int f = brigade_of_unit (game, w, i);
        any = TRUE;
        waiting[f >= 0 ? f : w->n_formations] += gbacw_game_unit (game, i)->presence == GBACW_PRESENCE_NOT_ARRIVED;
      }
  if (!any)
    {
      g_autoptr (GArray) brigades = NULL;
      guint bound = 0;
      if (game->turn > w->turn || game->decided)
        return;
      brigades = brigades_in_play (game, w);
      for (guint i = 0; w->must && i < brigades->len; i++)
        bound += gbacw_bce_lost (game, g_array_index (brigades, int, i))
                 && !within_dir (game, w, g_array_index (brigades, int, i));
      g_ptr_array_add (items, gbacw_rule_status_new ("P 22.11",
                                                     g_dngettext (GETTEXT_PACKAGE,
                                                                  "Withdrawal Interphase of Game-Turn %d: %u brigade "
                                                                  "of McCulloch's must withdraw as things stand",
                                                                  "Withdrawal Interphase of Game-Turn %d: %u brigades "
                                                                  "of McCulloch's must withdraw as things stand",
                                                                  bound),
                                                     w->turn, bound));
      return;
    }
  for (int f = 0; f <= w->n_formations; f++)
    {
      const char *name = f < w->n_formations ? formation_name (game, f) : formation_name (game, w->division);
      if (f < w->n_formations && !w->withdrawing[f])
        continue;
      if (f == w->n_formations && waiting[f] == 0)
        continue;
      if (waiting[f] == 0)
        g_ptr_array_add (items, gbacw_rule_status_new ("P 22.13", _("%s withdrew and is back on the map"), name));
      else
        g_ptr_array_add (items,
                         gbacw_rule_status_new ("P 22.13",
                                                g_dngettext (GETTEXT_PACKAGE,
                                                             "%s withdrew: %u unit re-enters at %s from Game-Turn %d",
                                                             "%s withdrew: %u units re-enter at %s from Game-Turn %d",
                                                             waiting[f]),
                                                name, waiting[f], hex, w->reentry_turn));
    }
}

static gboolean
withdrawal_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from,
                       gconstpointer from_data)
{
  Withdrawal *t = to_data;
  const Withdrawal *f = from_data;

  (void) to;
  (void) from;
  GBACW_COPY_ARRAY (t->withdrawing, f->withdrawing, MIN (t->n_formations, f->n_formations));
  GBACW_COPY_ARRAY (t->withdrawn, f->withdrawn, MIN (t->n_units, f->n_units));
  t->whole = f->whole;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_pearidge_mcculloch_withdrawal = {
  .id = "pearidge.mcculloch-withdrawal",
  .init = withdrawal_init,
  .finalize = withdrawal_finalize,
  .copy_state = withdrawal_copy_state,
  .interphase = withdrawal_interphase,
  .exclusive_resolve = withdrawal_resolve,
  .exclusive_answer = withdrawal_answer,
  .exclusive_default = withdrawal_default,
  .action_legal = withdrawal_action_legal,
  .status = withdrawal_status,
};
