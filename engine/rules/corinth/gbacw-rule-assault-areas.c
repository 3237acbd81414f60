/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-assault-areas.c: the Confederate assault plan of the Free Set-Up Scenario
 * (C 29.1-29.2, 29.25).
 *
 * Before anyone acts the Confederate player plots, in secret, the Game-Turn and the Assault
 * Area of each division (29.2): for each of divisions, in that order, an EXCLUSIVE_CHOICE
 * question for the Game-Turn, then one for the Area. The choices offered keep the plan
 * legal: at least one division on Game-Turn 1; if any is held back, the reluctant one
 * (Lovell's, asked first) is one of them (29.21: he enters on Game-Turn 1 only with the
 * others); every division by last-turn (8,
 * 29.24); no two divisions of one Game-Turn through one Area (29.21); an Area of
 * area-from only from its Game-Turn (F 3, G 5: 29.22). Areas whose hexes the map has come
 * first (the computer player takes the first of each question). The plan is kept by the
 * module, not logged; the log tells (29.23) the Area of one division entering on
 * Game-Turn 1, the one the Union player is told.
 *
 * A division's reinforcement groups (the groups with a unit of the division: its attached
 * leaders and batteries too, 29.26) then enter no sooner than its Game-Turn and only
 * through its Area (29.25): the entry hexes of their units are the Area's hexes.
 *
 * Readings: the plan is made when the game begins, in the first phase, whatever the first
 * Game-Turn; "divisions arriving in the same turn" compares the plotted Game-Turns. The
 * first-row waves of 29.31-29.32 and the cavalry held off the map of 29.27 are not played
 * here (the reinforcement-entry rule's costs are).
 *
 * Parameters (<exclusive id="corinth.assault-areas">):
 *   divisions    formation ids, the reluctant one first ("c-lovell-div c-hebert-div c-maury-div")
 *   areas        the Assault Areas (area ids, A to G)
 *   area-from    "AREA:TURN" entries: an Area first usable on that Game-Turn
 *   last-turn    the last Game-Turn of entry (8)
 *   reluctant    yes (the default): the first division enters on Game-Turn 1 only if all do
 */
#define G_LOG_DOMAIN "gbacw-rule-assault-areas"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"

/* The module's pending items: GbacwPending.unit the stage, .hex the division's place. */
enum { STAGE_TURN, STAGE_AREA };

typedef struct {
  int formation;
  int turn;           /* plotted, -1 */
  int area;           /* index in the map's areas, -1 */
} Plan;

typedef struct {
  GArray *plans;      /* Plan, in the order asked */
  GArray *areas;      /* int: map area indices */
  GArray *area_from;  /* int per area: first Game-Turn */
  int last_turn;
  gboolean reluctant;
  gboolean asked, told;
  int *group_plan;    /* per reinforcement group: its plan's index, -1 */
  guint n_groups;
  GArray *offered;    /* int: what the open question's choices stand for (Game-Turns or area indices) */
} Assault;

static int
map_area_index (const GbacwGame *game, const char *id)
{
  const GPtrArray *areas = game->scenario->map->areas;

  for (guint i = 0; i < areas->len; i++)
    if (g_strcmp0 (((const GbacwArea *) g_ptr_array_index (areas, i))->id, id) == 0)
      return (int) i;
  return -1;
}

static const GbacwArea *
area_at (const GbacwGame *game, int index)
{
  return g_ptr_array_index (game->scenario->map->areas, index);
}

static gboolean
under (const GbacwGame *game, int f, int target)
{
  for (int guard = 0; f >= 0 && guard < 64; guard++, f = game->formation_original_parent[f])
    if (f == target)
      return TRUE;
  return FALSE;
}

static gpointer
assault_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Assault *a = g_new0 (Assault, 1);
  const char *text = gbacw_exclusive_rule_get_param (rule, "divisions");
  const char *reluctant = gbacw_exclusive_rule_get_param (rule, "reluctant");
  g_auto (GStrv) divisions = text ? g_strsplit_set (text, " ,", -1) : NULL;
  g_auto (GStrv) areas = NULL, from = NULL;

  a->plans = g_array_new (FALSE, FALSE, sizeof (Plan));
  a->areas = g_array_new (FALSE, FALSE, sizeof (int));
  a->area_from = g_array_new (FALSE, FALSE, sizeof (int));
  a->offered = g_array_new (FALSE, FALSE, sizeof (int));
  a->last_turn = gbacw_exclusive_rule_get_int (rule, "last-turn", 8);
  a->reluctant = reluctant == NULL || g_strcmp0 (reluctant, "no") != 0;
  for (guint i = 0; divisions && divisions[i]; i++)
    {
      Plan p = { *divisions[i] ? gbacw_leadership_formation_index (game, divisions[i]) : -1, -1, -1 };
      if (p.formation >= 0)
        g_array_append_val (a->plans, p);
    }
  text = gbacw_exclusive_rule_get_param (rule, "areas");
  areas = text ? g_strsplit_set (text, " ,", -1) : NULL;
  for (guint i = 0; areas && areas[i]; i++)
    {
      int index = *areas[i] ? map_area_index (game, areas[i]) : -1, first = 1;
      if (index < 0)
        continue;
      g_array_append_val (a->areas, index);
      g_array_append_val (a->area_from, first);
    }
  text = gbacw_exclusive_rule_get_param (rule, "area-from");
  from = text ? g_strsplit_set (text, " ,", -1) : NULL;
  for (guint i = 0; from && from[i]; i++)
    {
      const char *colon = strchr (from[i], ':');
      g_autofree char *id = colon ? g_strndup (from[i], colon - from[i]) : NULL;
      int index = id ? map_area_index (game, id) : -1;
      for (guint k = 0; index >= 0 && k < a->areas->len; k++)
        if (g_array_index (a->areas, int, k) == index)
          g_array_index (a->area_from, int, k) = (int) g_ascii_strtoll (colon + 1, NULL, 10);
    }
  a->n_groups = game->scenario->reinforcements->len;
  a->group_plan = g_new (int, MAX (a->n_groups, 1));
  for (guint g = 0; g < a->n_groups; g++)
    a->group_plan[g] = -1;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->reinforcement < 0 || (guint) u->reinforcement >= a->n_groups || a->group_plan[u->reinforcement] >= 0)
        continue;
      for (guint p = 0; p < a->plans->len; p++)
        if (game->unit_formation[i] >= 0 && under (game, game->unit_formation[i], g_array_index (a->plans, Plan, p).formation))
          a->group_plan[u->reinforcement] = (int) p;
    }
  return a;
}

static void
assault_finalize (gpointer data)
{
  Assault *a = data;

  g_array_unref (a->plans);
  g_array_unref (a->areas);
  g_array_unref (a->area_from);
  g_array_unref (a->offered);
  g_free (a->group_plan);
  g_free (a);
}

static int
hook_index (const GbacwGame *game, const Assault *a)
{
  for (guint h = 0; h < game->hooks->len; h++)
    if (g_ptr_array_index (game->hook_data, h) == a)
      return (int) h;
  return -1;
}

static int
confederate_side (const GbacwGame *game, const Assault *a)
{
  const GbacwFormation *f = g_ptr_array_index (game->scenario->oob.formations, g_array_index (a->plans, Plan, 0).formation);
  return gbacw_game_side_index (game, f->side);
}

static void
queue (GbacwGame *game, const Assault *a, int stage, guint plan)
{
  GbacwPending *p = gbacw_pending_new (GBACW_PENDING_EXCLUSIVE, confederate_side (game, a), stage, (int) plan, "C 29.2");

  p->value = hook_index (game, a);
  gbacw_game_queue_pending (game, p, NULL);
}

static void
assault_phase_begin (GbacwGame *game, gpointer data)
{
  Assault *a = data;

  if (a->asked || a->plans->len == 0)
    return;
  a->asked = TRUE;
  for (guint p = 0; p < a->plans->len; p++)
    {
      queue (game, a, STAGE_TURN, p);
      queue (game, a, STAGE_AREA, p);
    }
}

static const char *
formation_name (const GbacwGame *game, int f)
{
  const GbacwFormation *formation = g_ptr_array_index (game->scenario->oob.formations, f);
  return formation->name && *formation->name ? formation->name : formation->id;
}

/* 29.21, 29.24: the Game-Turns the division of plan p may enter on; the reluctant one's
 * Game-Turn 1 last (held back is what 29.21 expects of him). */
static void
turns_allowed (const Assault *a, guint p, GArray *out)
{
  gboolean any_first = FALSE;

  for (guint k = 0; k < p; k++)
    any_first |= g_array_index (a->plans, Plan, k).turn == 1;
  for (int i = 0; i < a->last_turn; i++)
    {
      int t = a->reluctant && p == 0 && a->plans->len > 1 ? i + 2 - (i + 1 == a->last_turn) * a->last_turn : i + 1;
      gboolean ok = TRUE;
      if (a->reluctant && p > 0 && g_array_index (a->plans, Plan, 0).turn == 1)
        ok = t == 1;   /* the reluctant division enters on Game-Turn 1 only when all do */
      if (p + 1 == a->plans->len && !any_first)
        ok = ok && t == 1;   /* at least one on Game-Turn 1 */
      if (ok)
        g_array_append_val (out, t);
    }
}

/* 29.21, 29.22: the Areas the division of plan p may use on its Game-Turn, those with hexes first. */
static void
areas_allowed (const GbacwGame *game, const Assault *a, guint p, GArray *out)
{
  int turn = g_array_index (a->plans, Plan, p).turn;

  for (int pass = 0; pass < 2; pass++)
    for (guint k = 0; k < a->areas->len; k++)
      {
        int area = g_array_index (a->areas, int, k);
        gboolean used = FALSE;
        if ((area_at (game, area)->hexes->len > 0) != (pass == 0) || g_array_index (a->area_from, int, k) > turn)
          continue;
        for (guint q = 0; q < p; q++)
          used |= g_array_index (a->plans, Plan, q).turn == turn && g_array_index (a->plans, Plan, q).area == area;
        if (!used)
          g_array_append_val (out, area);
      }
}

static int
assault_resolve (GbacwGame *game, gpointer data, GbacwPending *pending, GbacwDecision **decision)
{
  Assault *a = data;
  guint p = (guint) pending->hex;
  const char *name = formation_name (game, g_array_index (a->plans, Plan, p).formation);
  GbacwDecision *d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_CHOICE, pending->side,
                                         pending->unit == STAGE_TURN ? "C 29.21" : "C 29.22");

  g_array_set_size (a->offered, 0);
  d->choices = g_ptr_array_new_with_free_func (g_free);
  if (pending->unit == STAGE_TURN)
    {
      turns_allowed (a, p, a->offered);
      for (guint i = 0; i < a->offered->len; i++)
        g_ptr_array_add (d->choices, g_strdup_printf (_("Game-Turn %d"), g_array_index (a->offered, int, i)));
      d->question = g_strdup_printf (_("Assault plan (C 29.2, secret): on which Game-Turn does %s enter?"), name);
    }
  else
    {
      areas_allowed (game, a, p, a->offered);
      for (guint i = 0; i < a->offered->len; i++)
        {
          const GbacwArea *area = area_at (game, g_array_index (a->offered, int, i));
          g_ptr_array_add (d->choices, g_strdup (area->name && *area->name ? area->name : area->id));
        }
      d->question = g_strdup_printf (_("Assault plan (C 29.2, secret): through which Assault Area does %s enter on "
                                       "Game-Turn %d?"), name, g_array_index (a->plans, Plan, p).turn);
    }
  if (a->offered->len == 0)
    {
      gbacw_decision_free (d);
      g_warning ("corinth.assault-areas: no legal choice for %s", name);
      return GBACW_RESOLVE_DONE;
    }
  *decision = d;
  return GBACW_RESOLVE_WAIT;
}

static int
assault_answer (GbacwGame *game, gpointer data, GbacwPending *pending, const GbacwAction *action)
{
  Assault *a = data;
  Plan *plan = &g_array_index (a->plans, Plan, pending->hex);
  int value = g_array_index (a->offered, int, action->answer.hex);

  if (pending->unit == STAGE_TURN)
    {
      plan->turn = value;
      return GBACW_RESOLVE_DONE;
    }
  plan->area = value;
  if (plan->turn == 1 && !a->told)
    {
      const GbacwArea *area = area_at (game, value);
      a->told = TRUE;
      gbacw_game_log (game, "C 29.23", _("The Union player is told: a Confederate division enters through %s on "
                                         "Game-Turn 1"), area->name && *area->name ? area->name : area->id);
    }
  return GBACW_RESOLVE_DONE;
}

static const Plan *
plan_of_unit (const GbacwGame *game, const Assault *a, int unit)
{
  const GbacwGameUnit *u = gbacw_game_unit (game, unit);
  int p = u->reinforcement >= 0 && (guint) u->reinforcement < a->n_groups ? a->group_plan[u->reinforcement] : -1;

  return p >= 0 ? &g_array_index (a->plans, Plan, p) : NULL;
}

/* 29.25: the division's units enter through its Area's hexes. */
static const char *
assault_entry_hexes (const GbacwGame *game, gpointer data, int unit, GArray *hexes)
{
  const Assault *a = data;
  const Plan *plan = plan_of_unit (game, a, unit);
  const GbacwArea *area;

  if (plan == NULL || plan->area < 0)
    return NULL;
  area = area_at (game, plan->area);
  g_array_set_size (hexes, 0);
  g_array_append_vals (hexes, area->hexes->data, area->hexes->len);
  return "C 29.25";
}

/* 29.2: no entry before the plan is made, nor before the division's Game-Turn. */
static gboolean
assault_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Assault *a = data;

  if (action->kind != GBACW_ACTION_MOVE || action->move.units == NULL)
    return TRUE;
  for (guint i = 0; i < action->move.units->len; i++)
    {
      int unit = g_array_index (action->move.units, int, i);
      const Plan *plan = unit >= 0 && (guint) unit < game->units->len ? plan_of_unit (game, a, unit) : NULL;
      if (plan == NULL || gbacw_game_unit (game, unit)->presence != GBACW_PRESENCE_NOT_ARRIVED)
        continue;
      if (plan->area < 0 || game->turn < plan->turn)
        {
          g_autofree char *label = gbacw_game_unit_label (game, unit);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[C 29.2] %s enters with %s on the Game-Turn of its plan"), label,
                       formation_name (game, plan->formation));
          return FALSE;
        }
    }
  return TRUE;
}

/* STATUS: whether the plan is made (never what it is: it is secret, 29.2). */
static void
assault_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Assault *a = data;
  guint waiting = 0;

  for (guint p = 0; p < a->plans->len; p++)
    waiting += g_array_index (a->plans, Plan, p).turn > game->turn;
  if (waiting > 0 && a->told)
    g_ptr_array_add (items, gbacw_rule_status_new ("C 29.2",
                                                   g_dngettext (GETTEXT_PACKAGE,
                                                                "The Confederate assault plan is made (secret): %u "
                                                                "division still to enter",
                                                                "The Confederate assault plan is made (secret): %u "
                                                                "divisions still to enter", waiting),
                                                   waiting));
}

const GbacwRuleHooks gbacw_rule_corinth_assault_areas = {
  .id = "corinth.assault-areas",
  .init = assault_init,
  .finalize = assault_finalize,
  .phase_begin = assault_phase_begin,
  .exclusive_resolve = assault_resolve,
  .exclusive_answer = assault_answer,
  .entry_hexes = assault_entry_hexes,
  .action_legal = assault_action_legal,
  .status = assault_status,
};
