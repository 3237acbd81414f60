/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gbacw-rule-victory.c: how to win The Battle of Corinth (C 31.0-31.33).
 *
 * Only the Confederate player scores (31.1); the scenario's own awards give what the format
 * counts (the Tishomingo Hotel and the VP hexes, the BCE of the rosters, the batteries),
 * this module the rest, in half Victory Points:
 *  - each secondary redan controlled 1 VP, each primary redan 3 (a redan is an area of the
 *    map, its inside hexes: controlled when the scoring side controls every hex of it);
 *  - each Corinth hex controlled 1/2 VP;
 *    control of a hex is the side that last occupied it with a combat unit after an action
 *    (wagon and gun crews' counters are not counted), the other side at the start ("All
 *    hexes begin the game in Union control");
 *  - the loss of a leader, captured/killed/wounded: each army commander and each division
 *    commander by role (a brigade commander promoted to a division counts for the losses he
 *    suffered as such, 28.32), a leader named in leaders over his role; brigade commanders
 *    nothing;
 *  - the attrition bonus: the other side's infantry and cavalry Strength Points lost (killed
 *    and captured, stragglers recovered given back) less the scoring side's, divided by
 *    attrition (5), fractions up, when positive.
 * The whole VP of that are the module's victory_points; a half left over is kept apart and
 * counted by the checks, which read the total in halves (31.2's "4 or less" keeps 4 1/2 out):
 *  - after first-day-turn (16): win-at (20) or more is a win of the scoring side, lose-at (4)
 *    or less the other side's, else the game goes on (31.2);
 *  - when the last Game-Turn ends: the level of the schedule levels (31.31-31.33), five lower
 *    bounds of the Substantial, Marginal (the other side's), Marginal, Substantial and
 *    Decisive (the scoring side's) levels; below the first, Decisive for the other side.
 * The total of a check is the scoring side's VP less the other side's (the scenario's
 * awards give the Confederate losses as Union VP), as victory-checks reads C 31.2.
 *
 * Parameters (<exclusive id="corinth.victory">):
 *   side                the scoring side (required: "confederate")
 *   primary-redans      area ids, one a redan, 3 VP each (secondary-redans: 1 VP each;
 *                       primary-vp, secondary-vp change those)
 *   town                area id: every hex 1/2 VP (town-vp changes it)
 *   army-leader.SIDE, division-leader.SIDE
 *                       captured/killed/wounded VP for the scoring side: "3/2/1"
 *   leaders             per leader id over his role: "c-price:-2/-2/-1"
 *   attrition           the divisor of the attrition bonus (5); absent: no bonus
 *   first-day-turn, win-at, lose-at
 *   levels              the five lower bounds: "1/2 3 1/2 7 12 1/2 18 1/2" written with dots:
 *                       "0.5 3.5 7 12.5 18.5"
 *   case                the case the log cites (default "C 31.0")
 */
#define G_LOG_DOMAIN "gbacw-rule-victory"

#include "gbacw-rule-modules.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "gbacw-exclusive-params.h"
#include "gbacw-game.h"
#include "gbacw-query.h"

#define N_LEVELS 5

typedef struct {
  GArray *hexes;   /* int */
  int vp2;         /* its VP in halves */
  char *name;
} Objective;

typedef struct {
  int side;                 /* the scoring side */
  GArray *objectives;       /* Objective: the redans, then the town's hexes one by one */
  int *control;             /* per hex: the side controlling it */
  gboolean *tracked;        /* per hex */
  int army_vp[2][3], division_vp[2][3];
  gboolean has_army[2], has_division[2];
  GHashTable *leader_vp;    /* leader id -> int[3] */
  int attrition;            /* 0: none */
  int first_day_turn;       /* -1: none */
  int win_at2, lose_at2;    /* halves */
  gboolean has_lose_at;
  int levels2[N_LEVELS];
  gboolean has_levels;
  GbacwOutcome *outcome;    /* the scenario's awards */
  gboolean decided;
  int winner;
  char *level;
  char *rule_case;
} Victory;

static void
warn_bad (const char *name, const char *why)
{
  g_warning ("corinth.victory: %s: %s", name, why);   /* the validator refuses it first */
}

static void
objective_clear (gpointer p)
{
  Objective *o = p;
  g_clear_pointer (&o->hexes, g_array_unref);
  g_free (o->name);
}

static int
half_param (const GbacwExclusiveRule *rule, const char *name, int fallback, gboolean *present)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;
  int halves = fallback;

  if (present)
    *present = FALSE;
  if (text == NULL)
    return fallback;
  if (!gbacw_exclusive_parse_half_vp (text, &halves, &why))
    {
      warn_bad (name, why);
      return fallback;
    }
  if (present)
    *present = TRUE;
  return halves;
}

static void
add_areas (GbacwGame *game, Victory *v, const GbacwExclusiveRule *rule, const char *name, int vp2, gboolean each_hex)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_auto (GStrv) ids = text ? g_strsplit_set (text, " ,", -1) : NULL;

  for (guint i = 0; ids && ids[i]; i++)
    {
      const GbacwArea *area;
      if (*ids[i] == '\0')
        continue;
      if ((area = gbacw_map_find_area (game->scenario->map, ids[i])) == NULL)
        {
          warn_bad (name, ids[i]);
          continue;
        }
      for (guint k = 0; k < area->hexes->len; k += each_hex ? 1 : area->hexes->len)
        {
          Objective o = { g_array_new (FALSE, FALSE, sizeof (int)), vp2, NULL };
          if (each_hex)
            {
              o.name = gbacw_game_hex_label (game, g_array_index (area->hexes, int, k));
              g_array_append_val (o.hexes, g_array_index (area->hexes, int, k));
            }
          else
            {
              o.name = g_strdup (area->name && *area->name ? area->name : area->id);
              g_array_append_vals (o.hexes, area->hexes->data, area->hexes->len);
            }
          for (guint h = 0; h < o.hexes->len; h++)
            v->tracked[g_array_index (o.hexes, int, h)] = TRUE;
          g_array_append_val (v->objectives, o);
        }
    }
}

static gboolean
read_leader_vp (const GbacwExclusiveRule *rule, const char *name, int vp[3])
{
  const char *text = gbacw_exclusive_rule_get_param (rule, name);
  g_autofree char *why = NULL;

  if (text == NULL)
    return FALSE;
  if (!gbacw_exclusive_parse_leader_vp (text, vp, &why))
    {
      warn_bad (name, why);
      return FALSE;
    }
  return TRUE;
}

static void
read_leaders (GbacwGame *game, Victory *v, const GbacwExclusiveRule *rule)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, "leaders");
  g_auto (GStrv) words = text ? g_strsplit_set (text, " \t\n", -1) : NULL;
  const GPtrArray *sides = game->scenario->oob.sides;

  for (int s = 0; s < 2 && (guint) s < sides->len; s++)
    {
      const GbacwSide *side = g_ptr_array_index (sides, s);
      g_autofree char *army = g_strconcat ("army-leader.", side->id, NULL);
      g_autofree char *division = g_strconcat ("division-leader.", side->id, NULL);
      v->has_army[s] = read_leader_vp (rule, army, v->army_vp[s]);
      v->has_division[s] = read_leader_vp (rule, division, v->division_vp[s]);
    }
  for (guint i = 0; words && words[i]; i++)
    {
      const char *colon = strchr (words[i], ':');
      g_autofree char *why = NULL;
      int *vp = g_new (int, 3);
      if (*words[i] == '\0')
        {
          g_free (vp);
          continue;
        }
      if (colon == NULL || !gbacw_exclusive_parse_leader_vp (colon + 1, vp, &why))
        {
          warn_bad ("leaders", why ? why : words[i]);
          g_free (vp);
          continue;
        }
      g_hash_table_insert (v->leader_vp, g_strndup (words[i], colon - words[i]), vp);
    }
}

static void
read_levels (Victory *v, const GbacwExclusiveRule *rule)
{
  const char *text = gbacw_exclusive_rule_get_param (rule, "levels");
  g_auto (GStrv) words = text ? g_strsplit_set (text, " \t\n", -1) : NULL;
  int n = 0;

  for (guint i = 0; words && words[i]; i++)
    {
      g_autofree char *why = NULL;
      if (*words[i] == '\0')
        continue;
      if (n == N_LEVELS || !gbacw_exclusive_parse_half_vp (words[i], &v->levels2[n], &why))
        {
          warn_bad ("levels", why ? why : words[i]);
          return;
        }
      n++;
    }
  v->has_levels = n == N_LEVELS;
  if (text && !v->has_levels)
    warn_bad ("levels", "five lower bounds are needed");
}

static gpointer
victory_init (GbacwGame *game, const GbacwExclusiveRule *rule)
{
  Victory *v = g_new0 (Victory, 1);
  const char *side = gbacw_exclusive_rule_get_param (rule, "side");
  const char *rule_case = gbacw_exclusive_rule_get_param (rule, "case");

  v->side = side ? gbacw_game_side_index (game, side) : -1;
  if (v->side < 0 || v->side > 1)
    v->side = 1;
  v->objectives = g_array_new (FALSE, TRUE, sizeof (Objective));
  g_array_set_clear_func (v->objectives, objective_clear);
  v->control = g_new (int, MAX (game->n_hexes, 1));
  v->tracked = g_new0 (gboolean, MAX (game->n_hexes, 1));
  for (int h = 0; h < game->n_hexes; h++)
    v->control[h] = 1 - v->side;   /* C 31.1: every hex begins in Union control */
  add_areas (game, v, rule, "primary-redans", half_param (rule, "primary-vp", 6, NULL), FALSE);
  add_areas (game, v, rule, "secondary-redans", half_param (rule, "secondary-vp", 2, NULL), FALSE);
  add_areas (game, v, rule, "town", half_param (rule, "town-vp", 1, NULL), TRUE);
  v->leader_vp = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  read_leaders (game, v, rule);
  v->attrition = gbacw_exclusive_rule_get_int (rule, "attrition", 0);
  v->first_day_turn = gbacw_exclusive_rule_get_int (rule, "first-day-turn", -1);
  v->win_at2 = half_param (rule, "win-at", 40, NULL);
  v->lose_at2 = half_param (rule, "lose-at", 0, &v->has_lose_at);
  read_levels (v, rule);
  v->outcome = gbacw_outcome_new (game);
  v->winner = -1;
  v->rule_case = g_strdup (rule_case ? rule_case : "C 31.0");
  return v;
}

static void
victory_finalize (gpointer data)
{
  Victory *v = data;

  g_array_unref (v->objectives);
  g_free (v->control);
  g_free (v->tracked);
  g_hash_table_unref (v->leader_vp);
  gbacw_outcome_free (v->outcome);
  g_free (v->level);
  g_free (v->rule_case);
  g_free (v);
}

/* C 31.1: the last side to occupy the hex with a combat unit controls it. */
static void
update_control (const GbacwGame *game, Victory *v)
{
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      const GArray *stack;
      gboolean mixed = FALSE;
      if (u->hex < 0 || !v->tracked[u->hex] || !gbacw_game_is_combat_unit (u) || gbacw_game_is_wagon_crew (u))
        continue;
      stack = gbacw_game_stack (game, u->hex);
      for (guint k = 0; stack && k < stack->len; k++)
        {
          const GbacwGameUnit *o = gbacw_game_unit (game, g_array_index (stack, int, k));
          mixed |= o->side != u->side && gbacw_game_is_combat_unit (o) && !gbacw_game_is_wagon_crew (o);
        }
      if (!mixed)
        v->control[u->hex] = u->side;
    }
}

static gboolean
objective_held (const Victory *v, const Objective *o)
{
  for (guint h = 0; h < o->hexes->len; h++)
    if (v->control[g_array_index (o->hexes, int, h)] != v->side)
      return FALSE;
  return o->hexes->len > 0;
}

/* The leader's losses captured, killed, wounded as his role's (or his own) VP count them. */
static int
leader_halves (const GbacwGame *game, const Victory *v, const GbacwGameUnit *u)
{
  const int *own = g_hash_table_lookup (v->leader_vp, u->oob->id);
  int s = u->original_side;
  int total = 0;

  if (s < 0 || s > 1)
    return 0;
  if (own)
    return 2 * (own[0] * (u->times_captured + u->times_captured_promoted)
                + own[1] * (u->times_killed + u->times_killed_promoted)
                + own[2] * (u->times_wounded + u->times_wounded_promoted));
  if (u->oob->role == GBACW_LEADER_ARMY && v->has_army[s])
    total += v->army_vp[s][0] * u->times_captured + v->army_vp[s][1] * u->times_killed
             + v->army_vp[s][2] * u->times_wounded;
  if (v->has_division[s])
    {
      gboolean division = u->oob->role == GBACW_LEADER_DIVISION;
      total += v->division_vp[s][0] * ((division ? u->times_captured : 0) + u->times_captured_promoted)
               + v->division_vp[s][1] * ((division ? u->times_killed : 0) + u->times_killed_promoted)
               + v->division_vp[s][2] * ((division ? u->times_wounded : 0) + u->times_wounded_promoted);
    }
  (void) game;
  return 2 * total;
}

/* Infantry and cavalry Strength Points the side has lost (killed and captured). */
static int
sp_lost (const GbacwGame *game, int side)
{
  int lost = 0;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->original_side == side && (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY)
          && !gbacw_game_is_wagon_crew (u))
        lost += u->killed + u->captured;
    }
  return lost;
}

typedef struct {
  int objectives2, leaders2, attrition2;
  int union_lost, own_lost;
} Parts;

/* The module's part of the scoring side's total, in halves. */
static int
module_halves (const GbacwGame *game, const Victory *v, Parts *parts)
{
  Parts p = { 0 };

  for (guint i = 0; i < v->objectives->len; i++)
    {
      const Objective *o = &g_array_index (v->objectives, Objective, i);
      if (objective_held (v, o))
        p.objectives2 += o->vp2;
    }
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      if (u->type == GBACW_UNIT_LEADER)
        p.leaders2 += leader_halves (game, v, u);
    }
  p.union_lost = sp_lost (game, 1 - v->side);
  p.own_lost = sp_lost (game, v->side);
  if (v->attrition > 0 && p.union_lost > p.own_lost)
    p.attrition2 = 2 * ((p.union_lost - p.own_lost + v->attrition - 1) / v->attrition);
  if (parts)
    *parts = p;
  return p.objectives2 + p.leaders2 + p.attrition2;
}

static int
floor_half (int halves)
{
  return halves >= 0 ? halves / 2 : -((-halves + 1) / 2);
}

static int
victory_points (const GbacwGame *game, gpointer data, int side)
{
  const Victory *v = data;

  return side == v->side ? floor_half (module_halves (game, v, NULL)) : 0;
}

/* "7", "7 1/2", "-1/2". */
static char *
vp_text (int halves)
{
  int whole = ABS (halves) / 2;
  const char *sign = halves < 0 ? "-" : "";

  if (ABS (halves) % 2 == 0)
    return g_strdup_printf ("%s%d", sign, whole);
  if (whole == 0)
    return g_strdup_printf ("%s1/2", sign);
  return g_strdup_printf ("%s%d 1/2", sign, whole);
}

/* The scoring side's total less the other's, in halves, as the game stands at the end of
 * this Game-Turn. */
static int
total_halves (GbacwGame *game, Victory *v)
{
  GbacwVictory result;
  int whole, odd = module_halves (game, v, NULL) - 2 * floor_half (module_halves (game, v, NULL));

  gbacw_outcome_update (v->outcome, game);
  gbacw_outcome_end_turn (v->outcome, game);
  gbacw_outcome_victory (v->outcome, game, &result);
  whole = result.vp[v->side] - result.vp[1 - v->side];
  gbacw_victory_clear (&result);
  return 2 * whole + odd;
}

static void
decide (GbacwGame *game, Victory *v, int winner, const char *rule_case, char *level, int total2)
{
  g_autofree char *vp = vp_text (total2);

  v->decided = TRUE;
  v->winner = winner;
  g_free (v->level);
  v->level = level;
  gbacw_game_log (game, rule_case, _("Victory determination after Game-Turn %d: %s %s VP: %s"), game->turn,
                  gbacw_game_side_name (game, v->side), vp, v->level);
}

/* C 31.31-31.33: the level of a total. */
static char *
level_name (const GbacwGame *game, const Victory *v, int total2, int *winner)
{
  int index = 0;
  const char *other = gbacw_game_side_name (game, 1 - v->side), *mine = gbacw_game_side_name (game, v->side);

  while (index < N_LEVELS && total2 >= v->levels2[index])
    index++;
  *winner = index < 3 ? 1 - v->side : v->side;
  switch (index)
    {
    case 0: return g_strdup_printf (_("Decisive %s Victory"), other);
    case 1: return g_strdup_printf (_("Substantial %s Victory"), other);
    case 2: return g_strdup_printf (_("Marginal %s Victory"), other);
    case 3: return g_strdup_printf (_("Marginal %s Victory"), mine);
    case 4: return g_strdup_printf (_("Substantial %s Victory"), mine);
    default: return g_strdup_printf (_("Decisive %s Victory"), mine);
    }
}

static void
victory_interphase (GbacwGame *game, gpointer data)
{
  Victory *v = data;
  int total2;

  if (v->decided || game->decided)
    return;
  update_control (game, v);
  if (game->turn == v->first_day_turn)
    {
      g_autofree char *vp = NULL, *win = vp_text (v->win_at2), *lose = vp_text (v->lose_at2);
      total2 = total_halves (game, v);
      vp = vp_text (total2);
      if (total2 >= v->win_at2)
        {
          decide (game, v, v->side, "C 31.2",
                  g_strdup_printf (_("%s wins on the first day (C 31.2: %s VP or more)"),
                                   gbacw_game_side_name (game, v->side), win), total2);
          game->decided = TRUE;
        }
      else if (v->has_lose_at && total2 <= v->lose_at2)
        {
          decide (game, v, 1 - v->side, "C 31.2",
                  g_strdup_printf (_("%s wins on the first day (C 31.2: %s VP or less for %s)"),
                                   gbacw_game_side_name (game, 1 - v->side), lose,
                                   gbacw_game_side_name (game, v->side)), total2);
          game->decided = TRUE;
        }
      else if (v->has_lose_at)
        gbacw_game_log (game, "C 31.2",
                        _("Victory determination after Game-Turn %d: %s %s VP, between %s and %s: the game goes on "
                          "into the night and the second day"),
                        game->turn, gbacw_game_side_name (game, v->side), vp, lose, win);
      else
        gbacw_game_log (game, "C 31.2",
                        _("Victory determination after Game-Turn %d: %s %s VP, less than %s: the game goes on into "
                          "the night and the second day"),
                        game->turn, gbacw_game_side_name (game, v->side), vp, win);
      return;
    }
  if (game->turn >= game->last_turn && v->has_levels)
    {
      int winner;
      char *level;
      total2 = total_halves (game, v);
      level = level_name (game, v, total2, &winner);
      decide (game, v, winner, v->rule_case, level, total2);
    }
}

static void
victory_action_done (GbacwGame *game, gpointer data, const GbacwAction *action)
{
  Victory *v = data;

  (void) action;
  update_control (game, v);
  gbacw_outcome_update (v->outcome, game);
}

static gboolean
victory_victory (const GbacwGame *game, gpointer data, int *winning_side, char **level)
{
  const Victory *v = data;

  (void) game;
  if (!v->decided)
    return FALSE;
  *winning_side = v->winner;
  *level = g_strdup (v->level);
  return TRUE;
}

/* STATUS: the module's part of the VP now (redans and town, leaders, attrition) and the
 * first-day test to come. */
static void
victory_status (const GbacwGame *game, gpointer data, GPtrArray *items)
{
  const Victory *v = data;
  Parts p;
  int halves = module_halves (game, v, &p);
  g_autofree char *total = vp_text (halves), *objectives = vp_text (p.objectives2), *leaders = vp_text (p.leaders2),
                  *attrition = vp_text (p.attrition2);

  if (v->decided)
    return;
  g_ptr_array_add (items, gbacw_rule_status_new ("C 31.1",
                                                 _("%s VP from redans, Corinth hexes, leaders and attrition: %s "
                                                   "(objectives %s, leaders %s, attrition %s: %d SP lost against %d)"),
                                                 gbacw_game_side_name (game, v->side), total, objectives, leaders,
                                                 attrition, p.union_lost, p.own_lost));
  if (v->first_day_turn >= game->turn)
    {
      g_autofree char *win = vp_text (v->win_at2), *lose = vp_text (v->lose_at2);
      if (v->has_lose_at)
        g_ptr_array_add (items, gbacw_rule_status_new ("C 31.2",
                                                       _("After Game-Turn %d: %s VP or more win for %s, %s or less "
                                                         "lose"), v->first_day_turn, win,
                                                       gbacw_game_side_name (game, v->side), lose));
      else
        g_ptr_array_add (items, gbacw_rule_status_new ("C 31.2", _("After Game-Turn %d: %s VP or more win for %s"),
                                                       v->first_day_turn, win, gbacw_game_side_name (game, v->side)));
    }
}

static gboolean
victory_copy_state (GbacwGame *to, gpointer to_data, const GbacwGame *from, gconstpointer from_data)
{
  Victory *t = to_data;
  const Victory *f = from_data;

  GBACW_COPY_ARRAY (t->control, f->control, MIN (to->n_hexes, from->n_hexes));
  gbacw_outcome_copy_state (t->outcome, f->outcome);
  t->decided = f->decided;
  t->winner = f->winner;
  gbacw_copy_string (&t->level, f->level);
  return TRUE;
}

const GbacwRuleHooks gbacw_rule_corinth_victory = {
  .id = "corinth.victory",
  .init = victory_init,
  .finalize = victory_finalize,
  .copy_state = victory_copy_state,
  .interphase = victory_interphase,
  .action_done = victory_action_done,
  .victory = victory_victory,
  .victory_points = victory_points,
  .status = victory_status,
};
