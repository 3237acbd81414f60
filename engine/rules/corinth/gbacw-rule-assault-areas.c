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
 * 29.31: a unit of the division enters a hex of its Area that a friendly combat unit holds
 * only when every hex of the Area holds one (or an enemy unit): each wave fills the row
 * before the next doubles up (each unit pays its hex's cost: the reinforcement-entry rule's
 * first-hex costs). 29.32: the units of a division left over enter through its Area before
 * those of a division plotted later through it.
 *
 * Readings: the plan is made when the game begins, in the first phase, whatever the first
 * Game-Turn; "divisions arriving in the same turn" compares the plotted Game-Turns; the
 * Area's hexes are its first row. An Area whose hexes the map does not have yet (not
 * entered) lets the division in through the entry hexes of its own reinforcement group.
 *
 * 29.27 (hold-cavalry, default yes): a mounted cavalry unit of a division may stay off the
 * map in its division's Assault Area when the division enters, and enter through the Area
 * in any later Confederate Movement Phase; held back, it is no unit "left over" (29.32)
 * that would keep another division out of the Area; once it has entered it may not leave
 * the map again (an EXIT is refused). The retreat into the Area it makes possible is
 * retreat-direction's (27.3).
 *
 * 29.26 (with, below): the units the player assigns to one of some divisions when he plots,
 * asked after the divisions' Game-Turns and Areas (secret too).
 *
 * The Historical Scenario (C 30.2, plan = fixed) has no plot: each division enters on
 * fixed-turn through its Area of fixed-areas (the divisions in order); the units of `with`
 * ("UNIT:DIVISION|DIVISION …", "UNIT:any" for any division) enter with the division the
 * Confederate player chooses, asked (EXCLUSIVE_CHOICE, C 30.2) when his Movement Phase of
 * fixed-turn begins; the cavalry may be held (29.27).
 *
 * The solitaire version (C 29.5, plan = dice) rolls the plan instead, when each Confederate
 * Movement Phase begins: the first time, the first division by first-die (1-3 the first of
 * divisions, Maury's, else the second, Hebert's: 29.51), which enters then; then one die
 * for each division not yet in against its row of arrival-chart (29.56; arrival-rows, the
 * rows of divisions in order) for this Game-Turn: within the cell's range it enters now;
 * on Game-Turn all-by (6) it enters whatever the roll (29.54). Its Area: one die on
 * area-chart (29.57), the row of the die, the column of the Game-Turn, a letter A-G read as
 * the areas in order. An unknown cell brings no division (but on all-by) and gives the first
 * Area with hexes (the log says it is not entered); an Area a division already uses that
 * Game-Turn gives the next one free (the tables' letters are not known to avoid it).
 * 29.55: each unit of attached rolls, 1-3 with the first division, 4-6 the second.
 *
 * Parameters (<exclusive id="corinth.assault-areas">):
 *   divisions    formation ids, the reluctant one first ("c-lovell-div c-hebert-div c-maury-div")
 *   areas        the Assault Areas (area ids, A to G)
 *   area-from    "AREA:TURN" entries: an Area first usable on that Game-Turn
 *   last-turn    the last Game-Turn of entry (8)
 *   reluctant    yes (the default): the first division enters on Game-Turn 1 only if all do
 *   plan         secret (the default: asked), dice (C 29.5) or fixed (C 30.2)
 *   first-die, arrival-chart, arrival-rows, area-chart, all-by, attached   for dice
 *   fixed-areas, fixed-turn, with   for fixed
 *   hold-cavalry yes (the default) or no: C 29.27
 */
#define G_LOG_DOMAIN "gbacw-rule-assault-areas"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-dice.h"
#include "gbacw-exclusive-params.h"
#include "gbacw-game-private.h"
#include "gbacw-game.h"

/* The module's pending items: GbacwPending.unit the stage, .hex the division's place (the
 * entry of `with` for STAGE_WITH). */
enum { STAGE_TURN, STAGE_AREA, STAGE_WITH };

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
  /* C 29.5 */
  gboolean dice;
  int first_top;      /* first-die: the first division on this roll or less */
  const GbacwChart *arrival, *area_chart;
  GStrv arrival_rows;
  int all_by;
  int *unit_plan;     /* per unit: its plan by 29.55, -1: its group's */
  GStrv attached;
  gboolean first_rolled;
  /* C 30.2 */
  gboolean fixed;
  GArray *with_unit;  /* int: the units whose division the player chooses */
  GArray *with_mask;  /* guint: per with_unit, the plans it may go with (bit p) */
  gboolean with_asked;
  /* C 29.27 */
  gboolean hold_cavalry;
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

/* C 30.2: every division's Game-Turn and Area given; the units of `with` and the divisions
 * each may go with. */
static void
fixed_plan (GbacwGame *game, Assault *a, const GbacwExclusiveRule *rule)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, "fixed-areas");
  g_auto (GStrv) areas = text ? g_strsplit_set (text, " ,", -1) : NULL;
  int turn = gbacw_exclusive_rule_get_int (rule, "fixed-turn", game->scenario->turns.first);
  guint n = 0;

  for (guint i = 0; areas && areas[i]; i++)
    {
      if (!*areas[i])
        continue;
      if (n < a->plans->len)
        {
          Plan *plan = &g_array_index (a->plans, Plan, n);
          plan->turn = turn;
          plan->area = map_area_index (game, areas[i]);
        }
      n++;
    }
  a->asked = a->told = TRUE;   /* nothing is plotted, nothing secret */
}

/* `with` (C 29.26, 30.2): the units whose division the player chooses, and the divisions
 * each may go with. */
static void
parse_with (GbacwGame *game, Assault *a, const GbacwExclusiveRule *rule)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, "with");
  g_auto (GStrv) with = NULL;

  text = gbacw_exclusive_rule_get_param (rule, "with");
  with = text ? g_strsplit_set (text, " ", -1) : NULL;
  for (guint i = 0; with && with[i]; i++)
    {
      char *colon = strchr (with[i], ':');
      GbacwGameUnit *u;
      guint mask = 0;
      if (colon == NULL)
        continue;
      *colon = '\0';
      u = gbacw_game_find_unit (game, with[i]);
      if (u == NULL)
        continue;
      if (g_str_equal (colon + 1, "any"))
        mask = (1u << MIN (a->plans->len, 31)) - 1;
      else
        {
          g_auto (GStrv) divisions = g_strsplit (colon + 1, "|", -1);
          for (guint k = 0; divisions[k]; k++)
            for (guint p = 0; p < a->plans->len && p < 31; p++)
              if (g_array_index (a->plans, Plan, p).formation == gbacw_leadership_formation_index (game, divisions[k]))
                mask |= 1u << p;
        }
      if (mask == 0)
        continue;
      g_array_append_val (a->with_unit, u->index);
      g_array_append_val (a->with_mask, mask);
    }
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
  a->unit_plan = g_new (int, MAX (game->units->len, 1));
  for (guint i = 0; i < game->units->len; i++)
    a->unit_plan[i] = -1;
  a->dice = g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "plan"), "dice") == 0;
  if (a->dice)
    {
      const char *rows = gbacw_exclusive_rule_get_param (rule, "arrival-rows");
      const char *attached = gbacw_exclusive_rule_get_param (rule, "attached");
      const char *arrival = gbacw_exclusive_rule_get_param (rule, "arrival-chart");
      const char *area_chart = gbacw_exclusive_rule_get_param (rule, "area-chart");
      g_autofree char *why = NULL;
      if (!gbacw_exclusive_parse_die_top (gbacw_exclusive_rule_get_param (rule, "first-die") ?: "1-3", &a->first_top,
                                          &why))
        a->first_top = 3;
      a->arrival = gbacw_scenario_find_chart (game->scenario, arrival ? arrival : "division-arrival");
      a->area_chart = gbacw_scenario_find_chart (game->scenario, area_chart ? area_chart : "area-determination");
      a->arrival_rows = rows ? g_strsplit_set (rows, " ,", -1) : g_new0 (char *, 1);
      a->attached = attached ? g_strsplit_set (attached, " ,", -1) : g_new0 (char *, 1);
      a->all_by = gbacw_exclusive_rule_get_int (rule, "all-by", 6);
    }
  a->hold_cavalry = g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "hold-cavalry"), "no") != 0;
  a->with_unit = g_array_new (FALSE, FALSE, sizeof (int));
  a->with_mask = g_array_new (FALSE, FALSE, sizeof (guint));
  a->fixed = g_strcmp0 (gbacw_exclusive_rule_get_param (rule, "plan"), "fixed") == 0;
  if (a->fixed)
    fixed_plan (game, a, rule);
  parse_with (game, a, rule);
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
  g_free (a->unit_plan);
  g_strfreev (a->arrival_rows);
  g_strfreev (a->attached);
  g_array_unref (a->with_unit);
  g_array_unref (a->with_mask);
  g_free (a);
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
  GbacwPending *p = gbacw_pending_new_exclusive (game, a, confederate_side (game, a), stage, (int) plan,
                                                 stage != STAGE_WITH ? "C 29.2" : a->fixed ? "C 30.2" : "C 29.26");

  gbacw_game_queue_pending (game, p, NULL);
}


static const char *
formation_name (const GbacwGame *game, int f)
{
  const GbacwFormation *formation = g_ptr_array_index (game->scenario->oob.formations, f);
  return formation->name && *formation->name ? formation->name : formation->id;
}

/* C 29.57: the Area of a division entering on this Game-Turn. */
static void
roll_area (GbacwGame *game, Assault *a, Plan *plan)
{
  int die = gbacw_dice_roll (game->dice), col = -1, row = -1, chosen = -1;
  g_autofree char *turn = g_strdup_printf ("%d", game->turn), *die_text = g_strdup_printf ("%d", die);
  const GbacwCell *cell = NULL;

  if (a->area_chart)
    {
      col = gbacw_chart_find_column (a->area_chart, turn);
      row = gbacw_chart_find_row (a->area_chart, die_text);
    }
  if (col >= 0 && row >= 0)
    cell = &((GbacwChartRow *) g_ptr_array_index (a->area_chart->rows, row))->cells[col];
  if (cell && cell->value && cell->status != GBACW_CELL_UNKNOWN && g_ascii_isalpha (cell->value[0])
      && (guint) (g_ascii_toupper (cell->value[0]) - 'A') < a->areas->len)
    chosen = (int) (g_ascii_toupper (cell->value[0]) - 'A');
  else
    gbacw_game_log (game, "C 29.57", _("Area Determination Table, die %d, Game-Turn %d: not entered; the first Area "
                                       "with hexes is used"), die, game->turn);
  /* the chosen Area, else the first with hexes, not used by another division this Game-Turn */
  for (guint k = 0; k < a->areas->len * 2; k++)
    {
      guint i = chosen >= 0 ? ((guint) chosen + k) % a->areas->len : k % a->areas->len;
      int area = g_array_index (a->areas, int, i);
      gboolean used = FALSE;
      if (chosen < 0 && k < a->areas->len && area_at (game, area)->hexes->len == 0)
        continue;
      for (guint q = 0; q < a->plans->len; q++)
        used |= g_array_index (a->plans, Plan, q).turn == game->turn && g_array_index (a->plans, Plan, q).area == area;
      if (!used)
        {
          const GbacwArea *at = area_at (game, area);
          plan->area = area;
          gbacw_game_log (game, "C 29.57", _("%s enters through %s (die %d)"), formation_name (game, plan->formation),
                          at->name && *at->name ? at->name : at->id, die);
          return;
        }
    }
}

/* Whether the division's roll on the Division Arrival Table brings it now (29.53, 29.54). */
static gboolean
arrives (GbacwGame *game, const Assault *a, guint p)
{
  const Plan *plan = &g_array_index (a->plans, Plan, p);
  const char *row_id = p < g_strv_length (a->arrival_rows) ? a->arrival_rows[p] : NULL;
  g_autofree char *turn = g_strdup_printf ("%d", game->turn);
  int die, row = a->arrival && row_id ? gbacw_chart_find_row (a->arrival, row_id) : -1;
  int col = a->arrival ? gbacw_chart_find_column (a->arrival, turn) : -1, lo = 1, hi = 0;
  const GbacwCell *cell = row >= 0 && col >= 0 ? &((GbacwChartRow *) g_ptr_array_index (a->arrival->rows, row))->cells[col]
                                               : NULL;
  g_autofree char *why = NULL;

  if (game->turn >= a->all_by)
    {
      gbacw_game_log (game, "C 29.54", _("%s enters on Game-Turn %d, whatever the roll"),
                      formation_name (game, plan->formation), game->turn);
      return TRUE;
    }
  die = gbacw_dice_roll (game->dice);
  if (cell == NULL || cell->value == NULL || cell->status == GBACW_CELL_UNKNOWN
      || !gbacw_exclusive_parse_die_range (cell->value, &lo, &hi, &why))
    {
      gbacw_game_log (game, "C 29.56", _("Division Arrival Table, %s, Game-Turn %d: not entered; no entry on the die (%d)"),
                      formation_name (game, plan->formation), game->turn, die);
      return FALSE;
    }
  gbacw_game_log (game, "C 29.56", _("Division Arrival Table, %s, Game-Turn %d: die %d against %s: %s"),
                  formation_name (game, plan->formation), game->turn, die, cell->value,
                  die >= lo && die <= hi ? _("it enters") : _("not yet"));
  return die >= lo && die <= hi;
}

/* C 29.5: the plan rolled when each Confederate Movement Phase begins. */
static void
roll_plan (GbacwGame *game, Assault *a)
{
  if (a->plans->len < 2 || game->phase != GBACW_PHASE_MOVEMENT || game->phasing_side != confederate_side (game, a))
    return;
  if (!a->first_rolled)
    {
      int die = gbacw_dice_roll (game->dice);
      guint first = die <= a->first_top ? 0 : 1;
      Plan *plan = &g_array_index (a->plans, Plan, first);
      a->first_rolled = TRUE;
      plan->turn = game->turn;
      gbacw_game_log (game, "C 29.51", _("Die %d: %s enters first"), die, formation_name (game, plan->formation));
      roll_area (game, a, plan);
      for (guint i = 0; a->attached[i]; i++)
        {
          GbacwGameUnit *u = *a->attached[i] ? gbacw_game_find_unit (game, a->attached[i]) : NULL;
          int d;
          if (u == NULL)
            continue;
          d = gbacw_dice_roll (game->dice);
          a->unit_plan[u->index] = d <= 3 ? 0 : 1;
          {
            g_autofree char *label = gbacw_game_unit_label (game, u->index);
            gbacw_game_log (game, "C 29.55", _("Die %d: %s enters with %s"), d, label,
                            formation_name (game, g_array_index (a->plans, Plan, a->unit_plan[u->index]).formation));
          }
        }
    }
  for (guint p = 0; p < a->plans->len; p++)
    {
      Plan *plan = &g_array_index (a->plans, Plan, p);
      if (plan->turn >= 0 || !arrives (game, a, p))
        continue;
      plan->turn = game->turn;
      roll_area (game, a, plan);
    }
}

static void
assault_phase_begin (GbacwGame *game, gpointer data)
{
  Assault *a = data;

  if (a->dice)
    {
      roll_plan (game, a);
      return;
    }
  if (a->fixed)
    {
      /* C 30.2: the player's choices, when his Movement Phase of the arrival begins */
      if (a->with_asked || a->plans->len == 0 || game->phase != GBACW_PHASE_MOVEMENT
          || game->phasing_side != confederate_side (game, a) || game->turn < g_array_index (a->plans, Plan, 0).turn)
        return;
      a->with_asked = TRUE;
      for (guint i = 0; i < a->with_unit->len; i++)
        queue (game, a, STAGE_WITH, i);
      return;
    }
  if (a->asked || a->plans->len == 0)
    return;
  a->asked = TRUE;
  for (guint p = 0; p < a->plans->len; p++)
    {
      queue (game, a, STAGE_TURN, p);
      queue (game, a, STAGE_AREA, p);
    }
  /* C 29.26: the units plotted with a division of the player's choice, in the same plot */
  a->with_asked = TRUE;
  for (guint i = 0; i < a->with_unit->len; i++)
    queue (game, a, STAGE_WITH, i);
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
  const char *name = pending->unit == STAGE_WITH ? NULL : formation_name (game, g_array_index (a->plans, Plan, p).formation);
  GbacwDecision *d = gbacw_decision_new (GBACW_DECISION_EXCLUSIVE_CHOICE, pending->side,
                                         pending->unit == STAGE_TURN ? "C 29.21"
                                         : pending->unit == STAGE_AREA ? "C 29.22"
                                         : a->fixed ? "C 30.2" : "C 29.26");

  g_array_set_size (a->offered, 0);
  d->choices = g_ptr_array_new_with_free_func (g_free);
  if (pending->unit == STAGE_WITH)
    {
      int unit = g_array_index (a->with_unit, int, p);
      guint mask = g_array_index (a->with_mask, guint, p);
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      const GbacwGameUnit *u = gbacw_game_unit (game, unit);
      int own = u->reinforcement >= 0 && (guint) u->reinforcement < a->n_groups ? a->group_plan[u->reinforcement] : -1;
      /* the division of the unit's own reinforcement group first (the computer takes the first) */
      for (int pass = 0; pass < 2; pass++)
        for (guint q = 0; q < a->plans->len && q < 31; q++)
          if ((mask & (1u << q)) && ((int) q == own) == (pass == 0))
            {
              int value = (int) q;
              g_array_append_val (a->offered, value);
              g_ptr_array_add (d->choices, g_strdup (formation_name (game, g_array_index (a->plans, Plan, q).formation)));
            }
      d->question = a->fixed ? g_strdup_printf (_("Confederate arrival (C 30.2): with which division does %s enter?"), label)
                             : g_strdup_printf (_("Assault plan (C 29.26, secret): with which division does %s enter?"),
                                                label);
      *decision = d;
      return GBACW_RESOLVE_WAIT;
    }
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
  Plan *plan;
  int value = g_array_index (a->offered, int, action->answer.hex);

  if (pending->unit == STAGE_WITH)
    {
      int unit = g_array_index (a->with_unit, int, pending->hex);
      g_autofree char *label = gbacw_game_unit_label (game, unit);
      a->unit_plan[unit] = value;
      if (a->fixed)   /* the plot of 29.26 is secret: not logged */
        gbacw_game_log (game, "C 30.2", _("%s enters with %s"), label,
                        formation_name (game, g_array_index (a->plans, Plan, value).formation));
      return GBACW_RESOLVE_DONE;
    }
  plan = &g_array_index (a->plans, Plan, pending->hex);
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
  int p = a->unit_plan[unit] >= 0 ? a->unit_plan[unit]
          : u->reinforcement >= 0 && (guint) u->reinforcement < a->n_groups ? a->group_plan[u->reinforcement] : -1;

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
  if (area->hexes->len > 0)
    g_array_append_vals (hexes, area->hexes->data, area->hexes->len);
  else
    /* the Area's hexes not entered yet: its division's own group's entry hexes stand in */
    for (guint g = 0; g < a->n_groups; g++)
      if (a->group_plan[g] >= 0 && &g_array_index (a->plans, Plan, a->group_plan[g]) == plan)
        {
          const GbacwReinforcement *r = g_ptr_array_index (game->scenario->reinforcements, g);
          g_array_append_vals (hexes, r->entry_hexes->data, r->entry_hexes->len);
          break;
        }
  return "C 29.25";
}

/* C 29.27: a mounted cavalry unit, which its player may hold off the map. */
static gboolean
holdable_cavalry (const Assault *a, const GbacwGameUnit *u)
{
  return a->hold_cavalry && u->type == GBACW_UNIT_CAVALRY && u->formation != GBACW_FORMATION_STATE_DISMOUNTED;
}

/* Whether a combat unit of side stands in hex. */
static gboolean
side_in_hex (const GbacwGame *game, int hex, int side, gboolean *enemy)
{
  const GArray *stack = gbacw_game_stack (game, hex);
  gboolean friend = FALSE;

  *enemy = FALSE;
  for (guint i = 0; stack && i < stack->len; i++)
    {
      const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (stack, int, i));
      if (!gbacw_game_is_combat_unit (u))
        continue;
      friend |= u->side == side;
      *enemy |= u->side != side;
    }
  return friend;
}

/* 29.31: a unit enters a hex of the Area's row another friendly unit holds only when no
 * hex of it is empty; 29.32: a division's units left over enter before another's through
 * the same Area. */
static gboolean
check_waves (const GbacwGame *game, const Assault *a, const Plan *plan, int unit, int hex, GError **error)
{
  const GbacwArea *area = area_at (game, plan->area);
  int side = gbacw_game_unit (game, unit)->side;
  gboolean enemy;

  for (guint q = 0; q < a->plans->len; q++)
    {
      const Plan *other = &g_array_index (a->plans, Plan, q);
      if (other == plan || other->area != plan->area || other->turn < 0 || other->turn >= plan->turn)
        continue;
      for (guint i = 0; i < game->units->len; i++)
        if (plan_of_unit (game, a, (int) i) == other && gbacw_game_unit (game, (int) i)->presence == GBACW_PRESENCE_NOT_ARRIVED
            && gbacw_game_is_combat_unit (gbacw_game_unit (game, (int) i))
            && !holdable_cavalry (a, gbacw_game_unit (game, (int) i)))   /* held back, not left over (C 29.27) */
          {
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                         _("[C 29.32] The units of %s left over enter through the Area first"),
                         formation_name (game, other->formation));
            return FALSE;
          }
    }
  if (!gbacw_area_contains (area, hex) || !side_in_hex (game, hex, side, &enemy))
    return TRUE;
  for (guint k = 0; k < area->hexes->len; k++)
    {
      int other = g_array_index (area->hexes, int, k);
      if (other != hex && !side_in_hex (game, other, side, &enemy) && !enemy)
        {
          g_autofree char *label = gbacw_game_hex_label (game, other);
          g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                       _("[C 29.31] Every hex of the Area's first row is filled first: %s is still empty"), label);
          return FALSE;
        }
    }
  return TRUE;
}

/* 29.2: no entry before the plan is made, nor before the division's Game-Turn. */
static gboolean
assault_action_legal (GbacwGame *game, gpointer data, const GbacwAction *action, GError **error)
{
  const Assault *a = data;

  if (action->kind == GBACW_ACTION_EXIT && action->move.units != NULL)
    for (guint i = 0; i < action->move.units->len; i++)
      {
        int unit = g_array_index (action->move.units, int, i);
        const GbacwGameUnit *u = unit >= 0 && (guint) unit < game->units->len ? gbacw_game_unit (game, unit) : NULL;
        if (u && u->type == GBACW_UNIT_CAVALRY && a->hold_cavalry && plan_of_unit (game, a, unit) != NULL)
          {
            g_autofree char *label = gbacw_game_unit_label (game, unit);
            g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL,
                         _("[C 29.27] %s has entered from its Assault Area and may not leave the map again"), label);
            return FALSE;
          }
      }
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
      if (action->move.path && action->move.path->len > 0
          && !check_waves (game, a, plan, unit, g_array_index (action->move.path, int, 0), error))
        return FALSE;
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
  if (waiting > 0 && a->told && !a->fixed)
    g_ptr_array_add (items, gbacw_rule_status_new ("C 29.2",
                                                   g_dngettext (GETTEXT_PACKAGE,
                                                                "The Confederate assault plan is made (secret): %u "
                                                                "division still to enter",
                                                                "The Confederate assault plan is made (secret): %u "
                                                                "divisions still to enter", waiting),
                                                   waiting));
}

static gboolean
assault_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Assault *t = to_data;
  const Assault *f = from_data;

  gbacw_copy_garray (t->plans, f->plans);
  t->asked = f->asked;
  t->told = f->told;
  GBACW_COPY_ARRAY (t->group_plan, f->group_plan, MIN (t->n_groups, f->n_groups));
  gbacw_copy_garray (t->offered, f->offered);
  GBACW_COPY_ARRAY (t->unit_plan, f->unit_plan, MIN (to->units->len, from->units->len));
  t->first_rolled = f->first_rolled;
  t->with_asked = f->with_asked;
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_assault_areas = {
  .id = "corinth.assault-areas",
  .init = assault_init,
  .finalize = assault_finalize,
  .copy_state = assault_copy_state,
  .phase_begin = assault_phase_begin,
  .exclusive_resolve = assault_resolve,
  .exclusive_answer = assault_answer,
  .entry_hexes = assault_entry_hexes,
  .action_legal = assault_action_legal,
  .status = assault_status,
};
