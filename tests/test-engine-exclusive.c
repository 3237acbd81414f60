/* test-engine-exclusive.c: the engine's exclusive rule modules (engine/rules/).
 *
 * Each test names the case it plays, with its game (P 21.52), and builds the
 * scenario's <exclusive> rule as a user's file would give it.
 */
#include "test-engine-fixture.c"

#include "gbacw-exclusive-params.h"
#include "gbacw-fire.h"
#include "gbacw-game-private.h"
#include "gbacw-retreat.h"
#include "gbacw-rules-hooks.h"

/* The scenario's Game-Turns become first..last, so that a game starts on first. */
static void
set_turns (Fixture *f, int first, int last)
{
  g_ptr_array_set_size (f->s->turns.turns, 0);
  f->s->turns.first = first;
  f->s->turns.last = last;
  for (int t = first; t <= last; t++)
    {
      GbacwTurn *turn = g_new0 (GbacwTurn, 1);
      turn->n = t;
      g_ptr_array_add (f->s->turns.turns, turn);
    }
}

static void
add_exclusive (Fixture *f, const char *id, ...)
{
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  const char *name;
  va_list ap;

  rule->id = g_strdup (id);
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  va_start (ap, id);
  while ((name = va_arg (ap, const char *)) != NULL)
    {
      const char *value = va_arg (ap, const char *);
      g_ptr_array_add (rule->params, gbacw_param_new (name, value));
    }
  va_end (ap);
  g_ptr_array_add (f->s->exclusive_rules, rule);
}

/* P 21.52, as the Pea Ridge scenario gives it. */
static void
add_pea_ridge_table (Fixture *f)
{
  add_exclusive (f, "ammunition-depletion",
                 "small-arms.confederate", "1-6:1 7-12:1-2 13-30:1-3",
                 "small-arms.union", "1-6:none 7-12:1 13-30:1-2",
                 "case", "P 21.52", NULL);
}

/* A unit of firing_side ("union" or "confederate") fires on Game-Turn turn with a
 * Fire CRT die of 1 (an ammunition check, 11.21) and a re-roll of reroll; returns
 * whether it is out of ammunition, and checks that the log cites expect_case. */
static gboolean
depleted_after_fire (Fixture *f, int turn, const char *firing_side, int reroll, const char *expect_case)
{
  g_autoptr (GbacwGame) game = NULL;
  gboolean union_fires = g_str_equal (firing_side, "union");

  set_turns (f, turn, turn + 1);
  INF (f, "u-1", "union", 1, 3, "0101", "s");
  INF (f, "c-1", "confederate", 1, 3, "0102", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, union_fires ? 0 : 1);
  gbacw_dice_force_list (game->dice, 1, reroll, 0);
  apply_expect (game, fire1 (game, union_fires ? "0102" : "0101", union_fires ? "u-1" : "c-1", 0), NULL);
  g_assert_true (log_has (game, expect_case, "Ammunition check"));
  return (unit_of (game, union_fires ? "u-1" : "c-1")->status & GBACW_STATUS_AMMO_DEPLETED) != 0;
}

typedef struct {
  int turn;
  const char *side;
  int reroll;
  gboolean depleted;
} DepletionCase;

static void
check_table (void (*add_rule) (Fixture *), const DepletionCase *cases, guint n, const char *expect_case)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (Fixture) f = fixture_new (3, 6);
      gboolean depleted;

      add_rule (f);
      depleted = depleted_after_fire (f, cases[i].turn, cases[i].side, cases[i].reroll, expect_case);
      if (depleted != cases[i].depleted)
        g_error ("Game-Turn %d, %s, re-roll %d: expected %s", cases[i].turn, cases[i].side, cases[i].reroll,
                 cases[i].depleted ? "out of ammunition" : "enough ammunition");
    }
}

static void
test_p_21_52_ammunition_depletion_table (void)
{
  /* "1-6: Confederate 1, Union –; 7-12: 1,2 and 1; 13-30: 1,2,3 and 1,2"; – = no result */
  static const DepletionCase cases[] = {
    { 3, "union", 1, FALSE },         /* "–": the Union never depletes on GT1-6 */
    { 3, "confederate", 1, TRUE },
    { 3, "confederate", 2, FALSE },   /* 11.21 would deplete on a 2 */
    { 8, "union", 1, TRUE },
    { 8, "union", 2, FALSE },
    { 8, "confederate", 2, TRUE },
    { 8, "confederate", 3, FALSE },
    { 13, "union", 2, TRUE },
    { 13, "union", 3, FALSE },
    { 13, "confederate", 3, TRUE },
    { 13, "confederate", 4, FALSE },
  };

  check_table (add_pea_ridge_table, cases, G_N_ELEMENTS (cases), "P 21.52");
}

static void
add_crossroads_rule (Fixture *f)
{
  /* J 36.61-36.62: both sides, first day GT1-15 on a 1, second day GT18-25 on 1 or 2 */
  add_exclusive (f, "ammunition-depletion", "small-arms", "1-15:1 18-25:1-2", "case", "J 36.6", NULL);
}

static void
test_j_36_6_both_sides_by_day (void)
{
  static const DepletionCase cases[] = {
    { 5, "union", 1, TRUE },
    { 5, "union", 2, FALSE },
    { 5, "confederate", 2, FALSE },
    { 18, "union", 2, TRUE },
    { 18, "confederate", 2, TRUE },
    { 18, "confederate", 3, FALSE },
  };

  check_table (add_crossroads_rule, cases, G_N_ELEMENTS (cases), "J 36.6");
}

static void
add_port_republic_rule (Fixture *f)
{
  /* J 29.41-29.42: Union small arms on a 1, Confederate on 1-3, every Game-Turn */
  add_exclusive (f, "ammunition-depletion", "small-arms.union", "1", "small-arms.confederate", "1-3", "case",
                 "J 29.4", NULL);
}

static void
test_j_29_4_per_side (void)
{
  static const DepletionCase cases[] = {
    { 20, "union", 1, TRUE },
    { 20, "union", 2, FALSE },
    { 20, "confederate", 3, TRUE },
    { 20, "confederate", 4, FALSE },
  };

  check_table (add_port_republic_rule, cases, G_N_ELEMENTS (cases), "J 29.4");
}

static void
add_side_over_all_rule (Fixture *f)
{
  add_exclusive (f, "ammunition-depletion", "small-arms", "1-3", "small-arms.union", "1-4:none", NULL);
}

static void
test_side_entry_before_all_sides_and_11_21_elsewhere (void)
{
  /* the side's own entry comes first; where it covers no turn the all-sides entry holds;
   * the log cites 11.21 when the scenario names no case */
  static const DepletionCase cases[] = {
    { 2, "union", 1, FALSE },
    { 6, "union", 3, TRUE },
    { 6, "union", 4, FALSE },
    { 2, "confederate", 3, TRUE },
  };

  check_table (add_side_over_all_rule, cases, G_N_ELEMENTS (cases), "11.21");
}

static void
add_first_day_only_rule (Fixture *f)
{
  add_exclusive (f, "ammunition-depletion", "small-arms", "1-15:1", "case", "J 36.6", NULL);
}

static void
test_uncovered_turn_keeps_11_21 (void)
{
  /* GT 16 is in no entry: the Standard Rules' 1 or 2 (11.21), cited as such */
  static const DepletionCase cases[] = {
    { 16, "union", 2, TRUE },
    { 16, "union", 3, FALSE },
  };

  check_table (add_first_day_only_rule, cases, G_N_ELEMENTS (cases), "11.21");
}

static void
test_disabled_rule_is_not_played (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  GbacwExclusiveRule *rule;

  add_pea_ridge_table (f);
  rule = g_ptr_array_index (f->s->exclusive_rules, 0);
  rule->enabled = FALSE;
  /* GT 3: P 21.52 would never deplete the Union; the Standard Rules deplete on a 2 */
  g_assert_true (depleted_after_fire (f, 3, "union", 2, "11.21"));
}

static void
test_modules_registered (void)
{
  /* every module of engine/rules/ is found by its id before anything registers it */
  const GbacwRuleHooks *hooks = gbacw_rules_hooks_lookup ("ammunition-depletion");

  g_assert_nonnull (hooks);
  g_assert_nonnull (hooks->ammo_depletion);
  g_assert_null (gbacw_rules_hooks_lookup ("pearidge.no-such-rule"));
}

/* ------------------------------------------------------------------ night (J 35, P 22, C 26) */

/* Game-Turns first..last, those in nights (a NULL-free list ending with 0) marked night on the
 * turn track; the Union is the first player. */
static void
night_track (Fixture *f, int first, int last, const int *nights)
{
  set_turns (f, first, last);
  for (guint i = 0; i < f->s->turns.turns->len; i++)
    {
      GbacwTurn *t = g_ptr_array_index (f->s->turns.turns, i);
      for (const int *n = nights; *n; n++)
        t->night |= t->n == *n;
    }
}

/* J 35.0-35.3 as The Crossroads plays them (GT16-17). */
static void
add_jackson_night (Fixture *f)
{
  static const int nights[] = { 16, 17, 0 };

  night_track (f, 16, 17, nights);
  add_exclusive (f, "night", "turns", "16 17", "road-factor", "0.5", "proximity", "jackson", "proximity-formations",
                 "u-corps", "zoc", "enter-one", "fire", "none", "engaged", "jackson", "pins-removed", "yes",
                 "leaders-with-units", "union", NULL);
}

/* P 22.2 (four night turns after GT18), or C 26.1 (game C: woods +1, through friends). */
static void
add_pea_ridge_night (Fixture *f, gboolean corinth)
{
  static const int nights[] = { 19, 20, 0 };

  night_track (f, 18, 20, nights);
  if (corinth)
    add_exclusive (f, "night", "turns", "19-20", "movement-factor", "1.5", "woods-extra", "1", "proximity",
                   "never-adjacent", "engaged", "both-retreat", "engaged-through-friends", "yes", "game", "C", NULL);
  else
    add_exclusive (f, "night", "turns", "19-20", "movement-factor", "1.5", "proximity", "never-adjacent", "engaged",
                   "both-retreat", NULL);
}

/* Ends phases until Game-Turn turn's phase of side, holding fire and keeping engaged units
 * where they are when asked (12.94). */
static void
advance_to (GbacwGame *game, int turn, GbacwPhase phase, int side)
{
  for (int guard = 0; guard < 200; guard++)
    {
      const GbacwDecision *d = gbacw_game_decision (game);
      if (d && d->kind == GBACW_DECISION_FIRE)
        apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
      else if (d && d->kind == GBACW_DECISION_ENGAGED_RETREAT)
        apply_expect (game, gbacw_action_new_answer_units (NULL, 0), NULL);
      else if (game->turn == turn && game->phase == phase && game->phasing_side == side)
        return;
      else
        end_phase (game);
    }
  g_error ("Game-Turn %d, phase %d of side %d not reached", turn, phase, side);
}

static void
expect_end_refused (GbacwGame *game, const char *expect_case)
{
  apply_expect (game, gbacw_action_new_end_phase (), expect_case);
}

static int
distance_between (GbacwGame *game, const char *a, const char *b)
{
  return gbacw_game_distance (game, unit_of (game, a)->hex, unit_of (game, b)->hex);
}

/* The first night Game-Turn: u-1 beside c-1 and a battery that cannot move beside it. */
static GbacwGame *
first_night_game (Fixture *f)
{
  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0304", "s");
  add_unit (f, "u-bty", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0306", GBACW_FORMATION_STATE_UNLIMBERED, "n");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  return start_game (f);
}

static void
test_j_35_21_first_night_turn_distance (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = first_night_game (f);

  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  /* "at least one hex away": beside the enemy (distance 1) it may not stay */
  expect_end_refused (game, "J 35.21");
  apply_expect (game, move_action (game, "u-1", "0303"), NULL);
  g_assert_null (gbacw_game_decision (game));   /* J 35.21, 35.3: leaving the ZOC draws no fire */
  g_assert_true (log_has (game, "J 35.3", "no fire"));
  g_assert_cmpint (distance_between (game, "u-1", "c-1"), ==, 2);
  /* the battery cannot move: the phase ends and it is captured */
  end_phase (game);
  g_assert_cmpint (unit_of (game, "u-bty")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_cmpint (unit_of (game, "u-bty")->captured, ==, 2);
  g_assert_true (log_has (game, "J 35.21", "captured"));
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_ON_MAP);
  /* J 35.3: no fire, no melee: the next phase is the Ammunition Resupply Phase */
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_AMMUNITION_RESUPPLY);
}

static void
test_j_35_22_second_player_two_hexes (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = first_night_game (f);

  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0303"), NULL);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 1);
  /* "at least two hexes away": distance 2 is not enough for the second player */
  g_assert_cmpint (distance_between (game, "u-1", "c-1"), ==, 2);
  g_assert_cmpint (gbacw_game_keep_distance (game, unit_index (game, "c-1")), ==, 3);
  expect_end_refused (game, "J 35.22");
  apply_expect (game, move_action (game, "c-1", "0306"), NULL);
  end_phase (game);
  g_assert_cmpint (unit_of (game, "c-1")->presence, ==, GBACW_PRESENCE_ON_MAP);
}

static void
test_j_35_23_second_night_turn_within_two (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_jackson_night (f);
  add_formation (f, "u-corps", "union", GBACW_FORMATION_CORPS, NULL, NULL);
  INF (f, "u-1", "union", 3, 3, "0301", "s");
  INF (f, "u-2", "union", 3, 3, "0302", "s");
  set_formation (f, "u-2", "u-corps");
  INF (f, "c-1", "confederate", 3, 3, "0306", "n");
  game = start_game (f);
  advance_to (game, 17, GBACW_PHASE_MOVEMENT, 0);
  /* Fremont's Corps: not within 3 hexes */
  apply_expect (game, move_action (game, "u-2", "0303"), "J 35.23");
  /* the others: not within 2 */
  apply_expect (game, move_action (game, "u-1", "0302 0303 0304"), "J 35.23");
  apply_expect (game, move_action (game, "u-1", "0302 0303"), NULL);
  g_assert_cmpint (distance_between (game, "u-1", "c-1"), ==, 3);
}

static void
test_j_35_21_one_zoc (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0303", "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");   /* its ZOC: 0304 */
  INF (f, "c-2", "confederate", 3, 3, "0301", "s");   /* its ZOC: 0302 */
  game = start_game (f);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0304 0303 0302 0303"), "J 35.21");
  apply_expect (game, move_action (game, "u-1", "0304 0303"), NULL);
  g_assert_null (gbacw_game_decision (game));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (game->scenario, "0303"));
  /* the ZOC hex it entered counts for the rest of the phase */
  apply_expect (game, move_action (game, "u-1", "0302"), NULL);
}

static void
test_j_35_24_leaders_only_with_units (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  int units[2];
  int path;

  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  LEADER (f, "u-ldr", "union", "0101");
  LEADER (f, "c-ldr", "confederate", "0608");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-ldr", "0102"), "J 35.24");
  units[0] = unit_index (game, "u-1");
  units[1] = unit_index (game, "u-ldr");
  path = hex_of (game->scenario, "0102");
  apply_expect (game, gbacw_action_new_move (units, 2, &path, 1, -1), NULL);
  g_assert_cmpint (unit_of (game, "u-ldr")->hex, ==, path);
  /* only the Union's leaders (35.24) */
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 1);
  apply_expect (game, move_action (game, "c-ldr", "0607"), NULL);
}

/* Sets the Terrain Effects on Movement Chart cell of row and column. */
static void
set_tem_cell (Fixture *f, const char *row, const char *column, const char *text)
{
  GbacwChart *chart = gbacw_scenario_find_chart (f->s, "terrain-movement");
  GbacwChartRow *r = g_ptr_array_index (chart->rows, gbacw_chart_find_row (chart, row));

  for (guint k = 0; k < chart->columns->len; k++)
    if (g_str_equal (g_ptr_array_index (chart->columns, k), column))
      gbacw_cell_parse (&r->cells[k], text);
}

static int
step_halves (GbacwGame *game, const char *unit, const char *from, const char *to)
{
  int a = hex_of (game->scenario, from), b = hex_of (game->scenario, to);
  GbacwMoveCost cost;

  gbacw_movement_step_cost (game, unit_index (game, unit), a, gbacw_game_direction_between (game, a, b), &cost);
  g_assert_cmpint (cost.kind, ==, GBACW_COST_MP);
  return cost.halves;
}

static void
test_j_35_25_road_halved (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_jackson_night (f);
  set_tem_cell (f, "infantry-column", "road", "1");
  add_road (f, "0101", "s");
  add_road (f, "0102", "s");
  set_terrain (f, "0103", "woods");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0101", GBACW_FORMATION_STATE_COLUMN, "s");
  add_unit (f, "u-line", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0201", GBACW_FORMATION_STATE_LINE, "s");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  g_assert_cmpint (step_halves (game, "u-col", "0101", "0102"), ==, 1);   /* 1 → 1/2 */
  g_assert_cmpint (step_halves (game, "u-col", "0102", "0103"), ==, 1);   /* the road, not the woods */
  g_assert_cmpint (step_halves (game, "u-col", "0103", "0104"), ==, 2);   /* off the road: unchanged */
  g_assert_cmpint (step_halves (game, "u-line", "0201", "0202"), ==, 2);
}

static void
test_j_35_25_road_by_day (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_exclusive (f, "night", "turns", "3", "road-factor", "0.5", NULL);
  set_tem_cell (f, "infantry-column", "road", "1");
  add_road (f, "0101", "s");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0101", GBACW_FORMATION_STATE_COLUMN, "s");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  g_assert_cmpint (step_halves (game, "u-col", "0101", "0102"), ==, 2);
}

static void
test_j_35_26_pins_removed (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0101", "s")->status = GBACW_STATUS_PINNED;
  INF (f, "c-1", "confederate", 3, 3, "0608", "n")->status = GBACW_STATUS_PINNED;
  game = start_game (f);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_PINNED);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_PINNED);
  g_assert_true (log_has (game, "J 35.26", "no longer pinned"));
}

/* Answers the open retreat decision with its first path, after checking that every path
 * ends at least keep hexes from each of the units named; returns the path's last hex. */
static int
retreat_keeping (GbacwGame *game, int keep, const char *const *from_units)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  const GArray *first;
  int end;

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
  g_assert_cmpuint (d->paths->len, >, 0);
  for (guint i = 0; i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      int last = g_array_index (path, int, path->len - 1);
      g_assert_cmpuint (path->len, ==, 2);
      for (const char *const *u = from_units; *u; u++)
        g_assert_cmpint (gbacw_game_distance (game, last, unit_of (game, *u)->hex), >=, keep);
    }
  first = g_ptr_array_index (d->paths, 0);
  end = g_array_index (first, int, first->len - 1);
  apply_expect (game, gbacw_action_new_answer_path ((const int *) first->data, first->len), NULL);
  return end;
}

static void
test_j_35_3_engaged_at_nightfall (void)
{
  static const char *const enemy_of_first[] = { "c-1", "c-2", NULL };
  static const char *const enemy_of_second[] = { "u-1", NULL };
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  int end;

  add_jackson_night (f);
  INF (f, "u-1", "union", 3, 3, "0304", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-1", "confederate", 3, 3, "0304", "n")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-2", "confederate", 3, 3, "0301", "s");
  game = start_game (f);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 0);
  /* the first player retreats two hexes under 35.21: at least 2 from every enemy unit */
  end = retreat_keeping (game, 2, enemy_of_first);
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, end);
  g_assert_true (log_has (game, "J 35.3", "retreats two hexes"));
  end_phase (game);
  /* "The Engaged marker is left on the second player's units" */
  g_assert_true (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
  advance_to (game, 16, GBACW_PHASE_MOVEMENT, 1);
  /* and he retreats them under 35.22: at least 3 */
  end = retreat_keeping (game, 3, enemy_of_second);
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, end);
  g_assert_false (unit_of (game, "c-1")->status & GBACW_STATUS_ENGAGED);
}

static void
test_p_22_21_movement_allowance (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  int halves = 0;

  add_pea_ridge_night (f, FALSE);
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  add_unit (f, "u-cav", "union", GBACW_UNIT_CAVALRY, 3, 3, "C", "0201", GBACW_FORMATION_STATE_MOUNTED, "s");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  g_assert_true (gbacw_movement_allowance (game, unit_index (game, "u-1"), &halves, NULL));
  g_assert_cmpint (halves, ==, 12);   /* GT18, day: 6 */
  advance_to (game, 19, GBACW_PHASE_MOVEMENT, 0);
  g_assert_true (gbacw_movement_allowance (game, unit_index (game, "u-1"), &halves, NULL));
  g_assert_cmpint (halves, ==, 18);   /* "the Movement Allowance of an infantry unit is 9" */
  g_assert_true (gbacw_movement_allowance (game, unit_index (game, "u-cav"), &halves, NULL));
  g_assert_cmpint (halves, ==, 36);   /* "a mounted cavalry unit is 18" */
}

static void
test_p_22_22_never_adjacent (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_pea_ridge_night (f, FALSE);
  INF (f, "u-1", "union", 3, 3, "0301", "s");
  INF (f, "u-2", "union", 3, 3, "0605", "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  INF (f, "c-2", "confederate", 3, 3, "0606", "n");   /* its ZOC: 0605 */
  game = start_game (f);
  advance_to (game, 19, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0302 0303 0304"), "P 22.22");
  apply_expect (game, move_action (game, "u-1", "0302 0303"), NULL);
  /* beginning beside the enemy, it may move only to a hex beside none; leaving the ZOC
   * draws withdrawal fire (22.23) */
  apply_expect (game, move_action (game, "u-2", "0604"), NULL);
  g_assert_nonnull (gbacw_game_decision (game));
  g_assert_cmpint (gbacw_game_decision (game)->kind, ==, GBACW_DECISION_FIRE);
  g_assert_cmpstr (gbacw_game_decision (game)->rule_case, ==, "10.1");
}

static void
test_p_22_24_only_withdrawal_fire (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  int battery;

  add_pea_ridge_night (f, FALSE);
  add_unit (f, "u-bty", "union", GBACW_UNIT_ARTILLERY, 2, 3, "L", "0303", GBACW_FORMATION_STATE_UNLIMBERED, "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  game = start_game (f);
  advance_to (game, 19, GBACW_PHASE_MOVEMENT, 0);
  battery = unit_index (game, "u-bty");
  /* 6.23 would let c-1 fire at the battery limbering within its range */
  apply_expect (game, gbacw_action_new_change_formation (&battery, 1, GBACW_FORMATION_STATE_LIMBERED), NULL);
  g_assert_null (gbacw_game_decision (game));
  g_assert_true (log_has (game, "P 22.24", "limber fire"));
  g_assert_cmpint (unit_of (game, "u-bty")->formation, ==, GBACW_FORMATION_STATE_LIMBERED);
  /* no Fire or Melee Phase */
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_AMMUNITION_RESUPPLY);
}

/* The retreat decision's paths, each hex of them added to hexes; answers the first. */
static void
retreat_first_path (GbacwGame *game, GArray *hexes)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  const GArray *first;

  g_assert_nonnull (d);
  g_assert_cmpint (d->kind, ==, GBACW_DECISION_RETREAT_PATH);
  first = g_ptr_array_index (d->paths, 0);
  g_array_append_vals (hexes, first->data, first->len);
  apply_expect (game, gbacw_action_new_answer_path ((const int *) first->data, first->len), NULL);
}

static void
test_p_22_24_engaged_both_retreat (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GArray) through = g_array_new (FALSE, FALSE, sizeof (int));
  const GbacwDecision *d;
  int start;

  add_pea_ridge_night (f, FALSE);
  INF (f, "u-1", "union", 3, 3, "0304", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-1", "confederate", 3, 3, "0304", "n")->status = GBACW_STATUS_ENGAGED;
  game = start_game (f);
  start = hex_of (game->scenario, "0304");
  /* the end of the last day Game-Turn (18): the phasing (second) player retreats first */
  advance_to (game, 18, GBACW_PHASE_FINAL_COMMAND, 1);
  retreat_first_path (game, through);
  g_assert_cmpint (gbacw_game_distance (game, unit_of (game, "c-1")->hex, start), ==, 2);
  g_assert_true (log_has (game, "P 22.24", "retreats two hexes"));
  g_assert_cmpint (unit_of (game, "u-1")->hex, ==, start);
  end_phase (game);
  /* then the other, never through the hexes the first went through: not even among the
   * paths 14.3 and 14.4 would not prefer */
  {
    g_autoptr (GArray) u1 = g_array_new (FALSE, FALSE, sizeof (int));
    g_autoptr (GPtrArray) any = NULL;
    int unit = unit_index (game, "u-1");
    g_array_append_val (u1, unit);
    any = gbacw_retreat_paths (game, u1, start, 2, GBACW_RETREAT_ANY);
    g_assert_cmpuint (any->len, >, 0);
    for (guint i = 0; i < any->len; i++)
      {
        const GArray *path = g_ptr_array_index (any, i);
        for (guint k = 0; k < path->len; k++)
          g_assert_false (gbacw_int_array_has (through, g_array_index (path, int, k)));
      }
  }
  d = gbacw_game_decision (game);
  g_assert_nonnull (d);
  for (guint i = 0; i < d->paths->len; i++)
    {
      const GArray *path = g_ptr_array_index (d->paths, i);
      for (guint k = 0; k < path->len; k++)
        g_assert_false (gbacw_int_array_has (through, g_array_index (path, int, k)));
    }
  retreat_first_path (game, through);
  g_assert_cmpint (gbacw_game_distance (game, unit_of (game, "u-1")->hex, start), ==, 2);
  g_assert_false (unit_of (game, "u-1")->status & GBACW_STATUS_ENGAGED);
  g_assert_false (log_has (game, "13.21", NULL));   /* no morale check at the end */
  g_assert_cmpint (game->turn, ==, 19);
}

static void
test_c_26_12_woods_extra (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  add_pea_ridge_night (f, TRUE);
  set_terrain (f, "0102", "woods");
  set_terrain (f, "0202", "woods");
  add_road (f, "0201", "s");
  INF (f, "u-1", "union", 3, 3, "0101", "s");
  add_unit (f, "u-col", "union", GBACW_UNIT_INFANTRY, 3, 3, "R", "0201", GBACW_FORMATION_STATE_COLUMN, "s");
  INF (f, "c-1", "confederate", 3, 3, "0608", "n");
  game = start_game (f);
  g_assert_cmpint (step_halves (game, "u-1", "0101", "0102"), ==, 4);    /* day: woods 2 */
  advance_to (game, 19, GBACW_PHASE_MOVEMENT, 0);
  g_assert_cmpint (step_halves (game, "u-1", "0101", "0102"), ==, 6);    /* night: 3 */
  g_assert_cmpint (step_halves (game, "u-col", "0201", "0202"), ==, 1);  /* by road: the road's 1/2 */
}

static void
test_c_26_15_through_friends (void)
{
  g_autoptr (Fixture) f = fixture_new (1, 6);
  g_autoptr (GbacwGame) game = NULL;

  /* one column of hexes, the engagement beside the map edge: the Confederates' only way
   * back runs through c-2, the Union's only way is through the hex they went through */
  add_pea_ridge_night (f, TRUE);
  INF (f, "u-1", "union", 3, 3, "0102", "s")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-1", "confederate", 3, 3, "0102", "n")->status = GBACW_STATUS_ENGAGED;
  INF (f, "c-2", "confederate", 3, 3, "0103", "n");
  game = start_game (f);
  advance_to (game, 18, GBACW_PHASE_FINAL_COMMAND, 1);
  g_assert_cmpint (unit_of (game, "c-1")->hex, ==, hex_of (game->scenario, "0104"));
  g_assert_cmpint (unit_of (game, "c-2")->hex, ==, hex_of (game->scenario, "0103"));   /* not displaced */
  g_assert_false (log_has (game, "14.3", NULL));
  g_assert_true (log_has (game, "C 26.15", "retreats two hexes"));
  /* "If any unit is unable to retreat, it is captured" */
  end_phase (game);
  g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_CAPTURED);
  g_assert_true (log_has (game, "14.1", "captured"));
}

static void
test_night_without_module_keeps_withdrawal_fire (void)
{
  static const int nights[] = { 2, 0 };
  g_autoptr (Fixture) f = fixture_new (6, 8);
  g_autoptr (GbacwGame) game = NULL;

  /* a night turn of the turn track alone: no fire phases, the Standard Rules otherwise */
  night_track (f, 1, 3, nights);
  INF (f, "u-1", "union", 3, 3, "0303", "s");
  INF (f, "c-1", "confederate", 3, 3, "0305", "n");
  game = start_game (f);
  advance_to (game, 2, GBACW_PHASE_MOVEMENT, 0);
  apply_expect (game, move_action (game, "u-1", "0304"), NULL);
  apply_expect (game, move_action (game, "u-1", "0303"), NULL);
  g_assert_nonnull (gbacw_game_decision (game));
  g_assert_cmpint (gbacw_game_decision (game)->kind, ==, GBACW_DECISION_FIRE);
  hold_fire (game);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_AMMUNITION_RESUPPLY);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/exclusive/modules-registered", test_modules_registered);
  g_test_add_func ("/engine/exclusive/P-21.52-ammunition-depletion-table", test_p_21_52_ammunition_depletion_table);
  g_test_add_func ("/engine/exclusive/J-36.6-ammunition-depletion-by-day", test_j_36_6_both_sides_by_day);
  g_test_add_func ("/engine/exclusive/J-29.4-ammunition-depletion-per-side", test_j_29_4_per_side);
  g_test_add_func ("/engine/exclusive/ammunition-depletion-side-before-all",
                   test_side_entry_before_all_sides_and_11_21_elsewhere);
  g_test_add_func ("/engine/exclusive/ammunition-depletion-uncovered-turn-11.21", test_uncovered_turn_keeps_11_21);
  g_test_add_func ("/engine/exclusive/ammunition-depletion-disabled", test_disabled_rule_is_not_played);
  g_test_add_func ("/engine/exclusive/J-35.21-first-night-turn-distance", test_j_35_21_first_night_turn_distance);
  g_test_add_func ("/engine/exclusive/J-35.22-second-player-two-hexes", test_j_35_22_second_player_two_hexes);
  g_test_add_func ("/engine/exclusive/J-35.23-second-night-turn-within-two", test_j_35_23_second_night_turn_within_two);
  g_test_add_func ("/engine/exclusive/J-35.21-one-zoc-no-withdrawal-fire", test_j_35_21_one_zoc);
  g_test_add_func ("/engine/exclusive/J-35.24-leaders-only-with-units", test_j_35_24_leaders_only_with_units);
  g_test_add_func ("/engine/exclusive/J-35.25-road-halved", test_j_35_25_road_halved);
  g_test_add_func ("/engine/exclusive/J-35.25-road-by-day", test_j_35_25_road_by_day);
  g_test_add_func ("/engine/exclusive/J-35.26-pins-removed", test_j_35_26_pins_removed);
  g_test_add_func ("/engine/exclusive/J-35.3-engaged-at-nightfall", test_j_35_3_engaged_at_nightfall);
  g_test_add_func ("/engine/exclusive/P-22.21-movement-allowance", test_p_22_21_movement_allowance);
  g_test_add_func ("/engine/exclusive/P-22.22-never-adjacent", test_p_22_22_never_adjacent);
  g_test_add_func ("/engine/exclusive/P-22.24-only-withdrawal-fire", test_p_22_24_only_withdrawal_fire);
  g_test_add_func ("/engine/exclusive/P-22.24-engaged-both-retreat", test_p_22_24_engaged_both_retreat);
  g_test_add_func ("/engine/exclusive/C-26.12-woods-extra", test_c_26_12_woods_extra);
  g_test_add_func ("/engine/exclusive/C-26.15-through-friends", test_c_26_15_through_friends);
  g_test_add_func ("/engine/exclusive/night-without-module-keeps-withdrawal-fire",
                   test_night_without_module_keeps_withdrawal_fire);
  return g_test_run ();
}
