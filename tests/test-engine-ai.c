/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-ai.c: computer-vs-computer games (gbacw-ai.h) of the demo scenario and of
 * small generated scenarios, with the rules' invariants checked after every action:
 * - no unit off the map or on terrain its movement class may not enter (5.17, 5.19; by
 *   road, 6.11, it may), the stacks and the units' hexes agreeing;
 * - stacking within the limits at the end of each Movement Phase (8.1);
 * - strength accounting, per unit and per side: initial = current + killed + captured
 *   - recovered (11.18: a wagon recrewed +1, the unit recrewing it -1);
 * - BCE (18.0): the boxes marked are the brigade's losses, never more than its strength,
 *   never fewer than before, and the engine's BCE agrees;
 * - each unit fired on at most once by small arms and once by artillery in a Fire Phase
 *   (9.44), no firer committing more than it has (9.45); artillery rounds never negative;
 * - every game ends (the turn limit), and replaying its record reaches the same state and
 *   the same event log.
 * The games are of the demo, of small generated scenarios, and of the demo with exits and
 * batteries sharing rounds (logistics_demo ()). "-m slow" plays more games.
 * Small built positions then check what the computer does with the rarer actions: rounds
 * transferred between batteries (11.33), wagons recrewed and captured (11.18, 11.19), the
 * stacking order (8.41, 8.21), leaving the map for Victory Points (5.17, "unit-exited"), a
 * battery closing in to its guns' full range (9.25), the range a unit holds against an enemy
 * who holds his ground (9.25, 9.44),
 * and the movement fields from kept step costs against a search of the movement chart's
 * own. */
#define G_LOG_DOMAIN "test-engine-ai"

#include <glib.h>
#include <string.h>

#include "gbacw-ai.h"
#include "gbacw-data.h"
#include "gbacw-fire.h"
#include "gbacw-generate.h"
#include "gbacw-leadership.h"
#include "gbacw-movement.h"
#include "gbacw-query.h"
#include "gbacw-scenario-io.h"

#include "test-engine-fixture.c"
#include "test-engine-soak.c"

static GbacwScenario *
load_demo (void)
{
  g_autofree char *path = gbacw_data_find ("scenarios/demo.xml");
  g_autoptr (GError) error = NULL;
  GbacwScenario *s;

  g_assert_nonnull (path);
  s = gbacw_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return s;
}

static void
test_demo_games (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  Totals t = { 0 };
  guint n = n_games (120, 600);

  for (guint i = 0; i < n; i++)
    play_checked (s, 1000 + i, "demo", &t);
  report ("demo", &t);
  g_assert_cmpuint (t.games, ==, n);
  /* the games are games: units move, fire, and the decisions come up */
  g_assert_cmpuint (t.moves, >, n * 10);
  g_assert_cmpuint (t.fires, >, n);
  g_assert_cmpuint (t.decisions[GBACW_DECISION_RETREAT_PATH] + t.decisions[GBACW_DECISION_FIRE], >, 0);
}

static void
test_generated_games (void)
{
  g_autoptr (GbacwScenario) tpl = load_demo ();
  Totals t = { 0 };
  guint n = n_games (100, 500);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      int columns = 10 + (int) (i % 7), rows = 8 + (int) (i % 5);
      g_autoptr (GbacwScenario) s = gbacw_generate_scenario (tpl, columns, rows, 16 + (int) (i % 4) * 6, 77 + i, &error);
      g_autofree char *label = g_strdup_printf ("generated %dx%d #%u", columns, rows, i);
      g_assert_no_error (error);
      s->turns.last = 5;   /* short games */
      play_checked (s, 500 + i, label, &t);
    }
  report ("generated", &t);
  g_assert_cmpuint (t.games, ==, n);
  g_assert_cmpuint (t.fires, >, 0);
}

static void
add_rule (GbacwScenario *s, const char *id, const char *const *params)
{
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);

  rule->id = g_strdup (id);
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  for (guint i = 0; params[i]; i += 2)
    g_ptr_array_add (rule->params, gbacw_param_new (params[i], params[i + 1]));
  g_ptr_array_add (s->exclusive_rules, rule);
}

/* The demo with a night (Game-Turns 7-9) and one game's straggler recovery, BCE recovery
 * and BCE-loss effects (rules matrix §2.D); the brigades' BCE limits lowered so that they
 * are reached, with second-row boxes for C. */
static GbacwScenario *
bce_demo (const char *game)
{
  GbacwScenario *s = load_demo ();

  for (guint i = 0; i < s->turns.turns->len; i++)
    {
      GbacwTurn *turn = g_ptr_array_index (s->turns.turns, i);
      turn->night = turn->n >= 7 && turn->n <= 9;
    }
  for (guint i = 0; i < s->oob.formations->len; i++)
    {
      GbacwFormation *f = g_ptr_array_index (s->oob.formations, i);
      if (f->bce[0] != GBACW_UNSET)
        {
          f->bce[0] = 3;
          f->bce[1] = 5;
        }
    }
  if (g_str_equal (game, "J"))
    {
      static const char *const stragglers[] = { "turns", "9", "hold", "no", "success", "1-3", "moved-night", "+1",
                                                "case", "J 35.41", NULL };
      static const char *const loss[] = { "variant", "jackson", NULL };
      add_rule (s, "straggler-recovery", stragglers);
      add_rule (s, "bce-loss", loss);
    }
  else if (g_str_equal (game, "P"))
    {
      static const char *const stragglers[] = { "success.union", "5-6", "success.confederate", "6", "moved-previous",
                                                "-1", "case", "P 22.38", NULL };
      static const char *const recovery[] = { "method", "formula", "case", "P 22.41", NULL };
      static const char *const loss[] = { "variant", "pea-ridge", NULL };
      add_rule (s, "straggler-recovery", stragglers);
      add_rule (s, "bce-recovery", recovery);
      add_rule (s, "bce-loss", loss);
    }
  else
    {
      static const char *const stragglers[] = { "timing", "player-turn", "success", "5-6", "bce-day-1", "-1", "case",
                                                "C 26.22", NULL };
      static const char *const recovery[] = { "method", "second-row", "turn", "9", "case", "C 26.32", NULL };
      static const char *const loss[] = { "variant", "corinth", NULL };
      add_rule (s, "straggler-recovery", stragglers);
      add_rule (s, "bce-recovery", recovery);
      add_rule (s, "bce-loss", loss);
    }
  return s;
}

/* Computer-vs-computer games with each game's BCE mechanisms on: every invariant after
 * every action (the BCE boxes erased only by the stragglers recovered), records replayed
 * to the same state. */
static void
test_bce_games (void)
{
  static const char *const games[] = { "J", "P", "C" };
  guint n = n_games (8, 40);

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr (GbacwScenario) s = bce_demo (games[g]);
      g_autofree char *label = g_strdup_printf ("demo with the %s BCE rules", games[g]);
      Totals t = { 0 };

      for (guint i = 0; i < n; i++)
        play_checked (s, 3000 + i, label, &t);
      report (label, &t);
      g_test_message ("%s: %u Strength Points recovered from stragglers", label, t.recovered);
      g_assert_cmpuint (t.games, ==, n);
      g_assert_cmpuint (t.fires, >, n);
    }
}

/* The demo with reserves (C 30.3: a brigade of each side held, committed by a die from
 * Game-Turn 2, at will from 5, VP for those still held after 6; J 30.1: a Union brigade
 * uncommitted until 4, keeping 4 hexes from the enemy) and P 34's victory checks (a ratio
 * after 6, a lead after 8 and 10, the most VP after 12). */
static GbacwScenario *
reserves_demo (void)
{
  static const char *const held[] = { "formations", "u-sayer c-cade", "forbid", "move formation offensive-fire",
                                      "release-on", "attacked", "commit-from", "2", "commit-roll", "1-2",
                                      "commit-tries", "1", "commit-at-will", "5", "vp-turn", "6", "vp.confederate",
                                      "-1", "vp.union", "-1", "case", "C 30.3", NULL };
  static const char *const uncommitted[] = { "formations", "u-webb", "forbid", "none", "approach", "3",
                                             "release-turn", "4", "case", "J 30.1", NULL };
  static const char *const checks[] = { "ratio-turns", "6", "ratio-minimum", "4", "ratio-case", "P 34.21",
                                        "lead-turns", "8 10", "lead", "6", "lead-case", "P 34.31", "most-turns", "12",
                                        "tie", "union", "most-case", "P 34.32", NULL };
  GbacwScenario *s = load_demo ();

  add_rule (s, "victory-checks", checks);
  add_rule (s, "reserves", held);
  add_rule (s, "reserves", uncommitted);
  return s;
}

/* Computer-vs-computer games with the reserves and victory checks on: every invariant after
 * every action, the commitment questions answered (the computer commits its reserves), the
 * games decided by a check or by the most VP, records replayed to the same state. */
static void
test_reserves_victory_games (void)
{
  g_autoptr (GbacwScenario) s = reserves_demo ();
  guint n = n_games (6, 30), committed = 0, decided_early = 0;
  Totals t = { 0 };

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) played = gbacw_game_new (s, 5000 + i, &error);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwOutcome) outcome = NULL;
      GbacwVictory v;

      play_checked (s, 5000 + i, "demo with reserves and victory checks", &t);
      /* the same game again (the computer player is deterministic), to read its log and outcome */
      g_assert_no_error (error);
      g_assert_cmpint (gbacw_ai_play (played, 3, 0, NULL, NULL, &error), ==, GBACW_AI_PLAY_OVER);
      game = gbacw_outcome_replay (s, 5000 + i, played->actions, &outcome, &error);
      g_assert_no_error (error);
      for (guint k = 0; k < played->events->len; k++)
        {
          const GbacwEvent *e = g_ptr_array_index (played->events, k);
          if (g_strcmp0 (e->rule_case, "C 30.3") == 0 && strstr (e->text, "committed on a die"))
            committed++;
        }
      decided_early += played->turn < 12;
      gbacw_outcome_victory (outcome, game, &v);
      /* every game ends by a check: its level names the case */
      g_assert_nonnull (strstr (v.level, "P 34."));
      gbacw_victory_clear (&v);
    }
  report ("demo with reserves and victory checks", &t);
  g_test_message ("%u reserves committed by a die, %u games decided before Game-Turn 12", committed, decided_early);
  g_assert_cmpuint (t.games, ==, n);
  g_assert_cmpuint (t.decisions[GBACW_DECISION_EXCLUSIVE_UNITS], >, 0);
  g_assert_cmpuint (committed, >, 0);
}

/* Computer-vs-computer games with each game's retreat direction (J 24 retreat hexes on the
 * sides' map edges with strategic retreat, P 23 compass sectors on a map whose north is
 * toward the Confederate edge, C 27 toward a target with elimination off the map): every
 * invariant after every action, records replayed to the same state. */
static void
test_retreat_games (void)
{
  static const char *const games[] = { "J", "P", "C" };
  guint n = n_games (6, 30);

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr (GbacwScenario) s = load_demo ();
      g_autofree char *label = g_strdup_printf ("demo with the %s retreat direction", games[g]);
      Totals t = { 0 };

      if (g_str_equal (games[g], "J"))
        {
          static const char *const rule[] = { "method", "hexes", "hexes.union", "0108", "hexes.confederate",
                                              "2007 2009", "off-map", "strategic", "case", "J 24.1", NULL };
          add_rule (s, "retreat-direction", rule);
        }
      else if (g_str_equal (games[g], "P"))
        {
          static const char *const rule[] = { "method", "compass", "sector.union", "south", "sector.confederate",
                                              "north", "case", "P 23.1", NULL };
          s->map->north = GBACW_NORTH_RIGHT;
          add_rule (s, "retreat-direction", rule);
        }
      else
        {
          static const char *const rule[] = { "method", "toward", "target.union", "0108 0109", "fallback.union",
                                              "0110", "target.confederate", "2008", "off-map", "eliminate",
                                              "case", "C 27.1", NULL };
          add_rule (s, "retreat-direction", rule);
        }
      for (guint i = 0; i < n; i++)
        play_checked (s, 5000 + i, label, &t);
      report (label, &t);
      g_assert_cmpuint (t.games, ==, n);
      g_assert_cmpuint (t.fires, >, n);
    }
}

/* The demo with reinforcement entry and battery crew markers played by one game's
 * parameters each (J 32, P 26, C 29.47; J 21.21, P 20.2, C 24.2): every invariant kept, crew
 * counters included, and each game replayed. */
static void
test_entry_crew_games (void)
{
  static const char *const entry[][12] = {
    { "game", "J", "blocked", "enemy-zoc", "blocked-on", "due-turn", "alternative", "nearest-unblocked",
      "alternative-edge", "same", NULL },
    { "game", "P", "blocked", "enemy", NULL },
    { "game", "C", "column-cost", "first-hex", "stay-in-column", "yes", NULL },
  };
  static const char *const crews[][6] = {
    { "game", "J", "return", "final-command", NULL },
    { "game", "P", NULL },
    { "game", "C", "guns-vp", "captured-or-battery-fire", NULL },
  };
  guint n = n_games (4, 20);

  for (guint g = 0; g < G_N_ELEMENTS (entry); g++)
    {
      g_autoptr (GbacwScenario) s = load_demo ();
      g_autofree char *label = g_strdup_printf ("demo with the %s reinforcement entry and crew markers", entry[g][1]);
      Totals t = { 0 };

      add_rule (s, "reinforcement-entry", entry[g]);
      add_rule (s, "crew-markers", crews[g]);
      for (guint i = 0; i < n; i++)
        play_checked (s, 7000 + i, label, &t);
      report (label, &t);
      g_assert_cmpuint (t.games, ==, n);
      g_assert_cmpuint (t.fires, >, n);
    }
}

/* The demo with what the computer's rarer actions need: each side a second battery of the
 * first one's weapon beside it, that first battery short of boxes and the wagons without
 * artillery ammunition (11.33: transfers), and an exit area of its own on its map edge worth a Victory Point per unit leaving by it
 * ("unit-exited"). */
static GbacwScenario *
logistics_demo (void)
{
  GbacwScenario *s = load_demo ();
  const char *batteries[2][3] = { { "u-bty-b", "u-bty-x", "0706" }, { "c-bty-dabney", "c-bty-x", "1606" } };
  const char *exits[2][3] = { { "union", "exit-union", "0106 0107 0108 0109 0110" },
                              { "confederate", "exit-confederate", "2006 2007 2008 2009 2010" } };

  for (int side = 0; side < 2; side++)
    {
      GbacwUnit *first = gbacw_oob_find_unit (&s->oob, batteries[side][0]);
      GbacwUnit *second;
      GbacwPlacement *p;
      GbacwArea *area = gbacw_area_new (exits[side][1], GBACW_AREA_EXIT, exits[side][1]);
      GbacwVpAward *award = g_new0 (GbacwVpAward, 1);
      g_auto (GStrv) labels = g_strsplit (exits[side][2], " ", -1);

      g_assert_nonnull (first);
      second = gbacw_unit_copy (first);
      g_free (second->id);
      second->id = g_strdup (batteries[side][1]);
      second->rounds = 12;
      first->rounds = 4;
      /* the wagons carry small-arms ammunition only: the batteries share their rounds */
      gbacw_oob_find_unit (&s->oob, side == 0 ? "u-wagon" : "c-wagon")->artillery_boxes = 0;
      g_ptr_array_add (s->oob.units, second);
      gbacw_oob_reindex (&s->oob);
      p = gbacw_placement_new (second->id, hex_of (s, batteries[side][2]));
      p->formation = GBACW_FORMATION_STATE_UNLIMBERED;
      p->facing = side == 0 ? direction_of (s, "ne") : direction_of (s, "nw");
      g_ptr_array_add (s->deployment, p);

      area->side = g_strdup (exits[side][0]);
      for (guint i = 0; labels[i]; i++)
        {
          int hex = hex_of (s, labels[i]);
          g_array_append_val (area->hexes, hex);
        }
      gbacw_area_sort (area);
      g_ptr_array_add (s->map->areas, area);
      award->id = g_strdup_printf ("v-%s", exits[side][1]);
      award->side = g_strdup (exits[side][0]);
      award->event = GBACW_VP_UNIT_EXITED;
      award->area = g_strdup (exits[side][1]);
      award->vp = 1;
      g_ptr_array_add (s->vp_awards, award);
    }
  return s;
}

/* The rarer actions under the same invariants: games of logistics_demo (). */
static void
test_logistics_games (void)
{
  g_autoptr (GbacwScenario) s = logistics_demo ();
  Totals t = { 0 };
  guint n = n_games (40, 200);

  for (guint i = 0; i < n; i++)
    play_checked (s, 3000 + i, "demo with exits and batteries", &t);
  report ("logistics", &t);
  g_assert_cmpuint (t.games, ==, n);
  g_assert_cmpuint (t.moves, >, n * 10);
}

/* The demo with the night module on Game-Turns 7 and 8: as Jackson at the Crossroads plays
 * it (variant 0, J 35.2-35.3), Pea Ridge (1, P 22.2) or Corinth (2, C 26.1). */
static GbacwScenario *
night_demo (int variant)
{
  GbacwScenario *s = load_demo ();
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  static const char *const params[3][14] = {
    { "road-factor", "0.5", "proximity", "jackson", "zoc", "enter-one", "fire", "none", "engaged", "jackson",
      "pins-removed", "yes", "leaders-with-units", "union" },
    { "movement-factor", "1.5", "proximity", "never-adjacent", "engaged", "both-retreat", NULL },
    { "movement-factor", "1.5", "woods-extra", "1", "proximity", "never-adjacent", "engaged", "both-retreat",
      "engaged-through-friends", "yes", "game", "C", NULL },
  };

  for (guint i = 0; i < s->turns.turns->len; i++)
    {
      GbacwTurn *t = g_ptr_array_index (s->turns.turns, i);
      t->night = t->n == 7 || t->n == 8;
    }
  rule->id = g_strdup ("night");
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (rule->params, gbacw_param_new ("turns", "7 8"));
  for (guint i = 0; i + 1 < G_N_ELEMENTS (params[variant]) && params[variant][i]; i += 2)
    g_ptr_array_add (rule->params, gbacw_param_new (params[variant][i], params[variant][i + 1]));
  g_ptr_array_add (s->exclusive_rules, rule);
  return s;
}

/* The distance from hex to the nearest combat unit not of side. */
static int
nearest_enemy (const GbacwGame *game, int hex, int side)
{
  int best = G_MAXINT;
  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *e = g_ptr_array_index (game->units, i);
      if (e->side != side && e->hex >= 0 && gbacw_game_is_combat_unit (e))
        best = MIN (best, gbacw_game_distance (game, e->hex, hex));
    }
  return best;
}

typedef struct {
  Checker *checker;
  int variant;
  int last_turn, last_phase, last_phasing, last_player_turn;
  guint night_moves;
} NightChecker;

/* The invariants of every game (observe ()) and the night's: no Fire Phase fire at night
 * (J 35.3, P 22.24); J 35.21-35.22: when the first night Game-Turn's Movement Phase ends,
 * none of the phasing player's combat units nearer the enemy than 2 (first player) or 3
 * (second) hexes; P 22.22, C 26.13: a unit moving at night ends beside no enemy unit. */
static gboolean
observe_night (GbacwGame *game, const GbacwAction *action, gpointer data)
{
  NightChecker *n = data;
  Checker *c = n->checker;
  gboolean night = game->turn == 7 || game->turn == 8;

  observe (game, action, c);
  if (action->kind == GBACW_ACTION_FIRE && night)
    FAIL (c, game, "a Fire Phase fire at night");
  if (action->kind == GBACW_ACTION_MOVE && night)
    {
      n->night_moves++;
      for (guint i = 0; n->variant > 0 && i < action->move.units->len; i++)
        {
          const GbacwGameUnit *u = gbacw_game_unit (game, g_array_index (action->move.units, int, i));
          if (u->hex >= 0 && !(u->status & GBACW_STATUS_ROUTED) && gbacw_game_decision (game) == NULL
              && nearest_enemy (game, u->hex, u->side) < 2)
            FAIL (c, game, "%s moved beside an enemy unit at night (22.22)", u->id);
        }
    }
  if (n->variant == 0 && n->last_turn == 7 && n->last_phase == GBACW_PHASE_MOVEMENT
      && (game->phase != GBACW_PHASE_MOVEMENT || game->phasing_side != n->last_phasing))
    for (guint i = 0; i < game->units->len; i++)
      {
        const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
        int keep = n->last_player_turn == 0 ? 2 : 3;
        if (u->side == n->last_phasing && u->hex >= 0 && gbacw_game_is_combat_unit (u)
            && !(u->status & GBACW_STATUS_ABANDONED) && nearest_enemy (game, u->hex, u->side) < keep)
          FAIL (c, game, "%s ended the first night Movement Phase within %d hexes of the enemy (35.21)", u->id, keep);
      }
  n->last_turn = game->turn;
  n->last_phase = game->phase;
  n->last_phasing = game->phasing_side;
  n->last_player_turn = game->player_turn;
  return TRUE;
}

static void
test_night_games (void)
{
  guint n = n_games (8, 40);

  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr (GbacwScenario) s = night_demo (variant);
      guint night_moves = 0, captured = 0;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (GbacwGame) game = gbacw_game_new (s, 7000 + i, &error);
          g_autofree char *name = g_strdup_printf ("night variant %d, seed %u", variant, 7000 + i);
          Checker c;
          NightChecker night = { &c, variant, game->turn, game->phase, game->phasing_side, game->player_turn, 0 };

          g_assert_no_error (error);
          checker_init (&c, game, name);
          if (gbacw_ai_play (game, 3, 0, observe_night, &night, &error) != GBACW_AI_PLAY_OVER)
            g_error ("%s: the game did not end: %s", name, error ? error->message : "");
          check_replay (s, game, name);
          night_moves += night.night_moves;
          for (guint k = 0; k < game->events->len; k++)
            {
              const GbacwEvent *e = g_ptr_array_index (game->events, k);
              captured += g_strcmp0 (e->rule_case, "J 35.21") == 0 || g_strcmp0 (e->rule_case, "J 35.22") == 0;
            }
          checker_clear (&c);
        }
      g_test_message ("night variant %d: %u games, %u moves at night, %u units captured (J 35.21-35.22)", variant, n,
                      night_moves, captured);
      /* the computer keeps playing at night */
      g_assert_cmpuint (night_moves, >, 0);
    }
}

/* The same seed gives the same game; another seed another. */
static void
test_deterministic (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  char *xml[3] = { NULL, NULL, NULL };
  guint32 seeds[3] = { 42, 42, 43 };

  for (int i = 0; i < 3; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GbacwGame) game = gbacw_game_new (s, seeds[i], &error);
      g_assert_no_error (error);
      g_assert_cmpint (gbacw_ai_play (game, 3, 0, NULL, NULL, &error), ==, GBACW_AI_PLAY_OVER);
      xml[i] = gbacw_game_to_xml (game, "demo.xml");
    }
  g_assert_cmpstr (xml[0], ==, xml[1]);
  g_assert_cmpstr (xml[0], !=, xml[2]);
  for (int i = 0; i < 3; i++)
    g_free (xml[i]);
}

/* A side the computer does not play: it waits; --turns stops at the limit. */
static void
test_one_side_and_turn_limit (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (s, 7, &error);
  g_autoptr (GbacwAi) confederate = gbacw_ai_new (game, 1);

  g_assert_no_error (error);
  /* the Union moves first: the Confederate computer has nothing to say */
  g_assert_null (gbacw_ai_choose (confederate, game));
  g_assert_cmpint (gbacw_ai_play (game, 2, 0, NULL, NULL, &error), ==, GBACW_AI_PLAY_WAITING);
  g_assert_cmpint (gbacw_game_decider (game), ==, 0);
  g_assert_cmpint (gbacw_ai_play (game, 3, 2, NULL, NULL, &error), ==, GBACW_AI_PLAY_TURN_LIMIT);
  g_assert_no_error (error);
  g_assert_cmpint (game->turn, ==, 3);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_INITIAL_COMMAND);
}

/* Every action it proposes passes the rules' check (but for an END_PHASE when nothing
 * else is left), and it answers the decisions of its own side only. */
static void
test_proposals_legal (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (s, 3, &error);
  GbacwAi *ai[2];

  ai[0] = gbacw_ai_new (game, 0);
  ai[1] = gbacw_ai_new (game, 1);
  while (!gbacw_game_is_over (game) && game->turn <= 4)
    {
      int side = gbacw_game_decider (game);
      g_autoptr (GbacwAction) action = gbacw_ai_choose (ai[side], game);
      g_assert_nonnull (action);
      g_assert_null (gbacw_ai_choose (ai[1 - side], game));
      if (gbacw_game_decision (game))
        g_assert_cmpint (action->kind, ==, GBACW_ACTION_ANSWER);
      if (action->kind != GBACW_ACTION_END_PHASE)
        g_assert_true (gbacw_game_check_action (game, action, NULL));
      g_assert_true (gbacw_game_apply_action (game, action, &error));
      g_assert_no_error (error);
    }
  gbacw_ai_free (ai[0]);
  gbacw_ai_free (ai[1]);
}

/* A module that lets the range show moves (checked without an error) but refuses them
 * when made: a position the computer cannot put right. */
static gboolean
refuse_moves (const GbacwGame *game, gpointer data, int unit, int from, int to, GError **error)
{
  if (error == NULL)
    return TRUE;
  g_set_error (error, GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, "[test] no moves");
  return FALSE;
}

static const GbacwRuleHooks refuse_hooks = {
  .id = "test.refuse-moves",
  .move_legal = refuse_moves,
};

/* When every action is refused, the end of the phase too, it stops with an error
 * instead of looping: four units in one clear hex (8.11: three allowed) that seem able
 * to move out but whose moves are all refused, so the Movement Phase cannot end. */
static void
test_stuck_does_not_loop (void)
{
  g_autoptr (Fixture) f = fixture_new (6, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAi) ai = NULL;
  g_autoptr (GError) error = NULL;
  const char *ids[] = { "u-1", "u-2", "u-3", "u-4" };
  GbacwExclusiveRule *rule = g_new0 (GbacwExclusiveRule, 1);
  gboolean ok = TRUE;
  int steps = 0;

  rule->id = g_strdup (refuse_hooks.id);
  rule->enabled = TRUE;
  rule->params = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_param_free);
  g_ptr_array_add (f->s->exclusive_rules, rule);
  gbacw_rules_hooks_register (&refuse_hooks);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    INF (f, ids[i], "union", 2, 3, "0303", "n");
  INF (f, "c-1", "confederate", 3, 3, "0306", "n");
  game = start_game (f);
  ai = gbacw_ai_new (game, 0);
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  while (ok && steps++ < 200)
    ok = gbacw_ai_step (ai, game, NULL, &error);
  gbacw_rules_hooks_unregister (refuse_hooks.id);
  g_assert_false (ok);
  g_assert_error (error, GBACW_AI_ERROR, GBACW_AI_ERROR_STUCK);
  g_assert_cmpint (steps, <, 50);
}

/* The Victory Points of the demo, from the awards. */
static void
test_victory_points (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (s, 1, &error);
  g_autoptr (GbacwOutcome) outcome = gbacw_outcome_new (game);
  GbacwGameUnit *c4ala = gbacw_game_find_unit (game, "c-4ala");
  GbacwVictory v;

  g_assert_no_error (error);
  /* at the start the Union holds the bridge (not an award of its), nobody the mill */
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpint (v.vp[0], ==, 0);
  g_assert_cmpint (v.vp[1], ==, 0);
  g_assert_cmpint (v.winner, ==, -1);
  gbacw_victory_clear (&v);
  /* 3 Confederate SP lost: 3 Union VP ("enemy-sp-lost", 1 each) */
  c4ala->strength -= 3;
  c4ala->killed += 3;
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpint (v.vp[0], ==, 3);
  g_assert_cmpint (v.enemy_sp[0], ==, 3);
  g_assert_cmpint (v.winner, ==, -1);   /* 3 < 4: a draw */
  gbacw_victory_clear (&v);
  c4ala->strength -= 2;
  c4ala->killed += 2;
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpint (v.vp[0], ==, 5);
  g_assert_cmpint (v.winner, ==, 0);
  g_assert_cmpstr (v.level, ==, "Union marginal victory");
  gbacw_victory_clear (&v);
}

/* ------------------------------------------------------------------ positions */

/* Lets the computer play its side until the phase it is in ends or the other side must
 * decide; the actions applied go to applied (may be NULL). */
static void
ai_play_phase (GbacwGame *game, GbacwAi *ai, GPtrArray *applied)
{
  GbacwPhase phase = game->phase;
  int turn = game->turn, player_turn = game->player_turn;

  for (int guard = 0; guard < 300; guard++)
    {
      g_autoptr (GError) error = NULL;
      GbacwAction *action = NULL;
      if (game->phase != phase || game->turn != turn || game->player_turn != player_turn
          || gbacw_game_decider (game) != gbacw_ai_get_side (ai))
        return;
      if (!gbacw_ai_step (ai, game, &action, &error))
        g_error ("the computer could not act: %s", error->message);
      if (applied)
        g_ptr_array_add (applied, action);
      else
        gbacw_action_free (action);
    }
  g_error ("the phase did not end");
}

/* Both sides played by the computer until the phase of side begins. */
static void
ai_play_to (GbacwGame *game, GbacwAi *ai[2], GbacwPhase phase, int side)
{
  for (int guard = 0; guard < 2000; guard++)
    {
      g_autoptr (GError) error = NULL;
      if (game->phase == phase && game->phasing_side == side && gbacw_game_decision (game) == NULL)
        return;
      if (!gbacw_ai_step (ai[gbacw_game_decider (game)], game, NULL, &error))
        g_error ("the computer could not act: %s", error->message);
    }
  g_error ("the phase never came");
}

static guint
count_kind (const GPtrArray *actions, GbacwActionKind kind)
{
  guint n = 0;
  for (guint i = 0; i < actions->len; i++)
    n += ((const GbacwAction *) g_ptr_array_index (actions, i))->kind == kind;
  return n;
}

static GbacwPlacement *
add_battery (Fixture *f, const char *id, const char *weapon, const char *hex)
{
  return add_unit (f, id, "union", GBACW_UNIT_ARTILLERY, 4, 4, weapon, hex, GBACW_FORMATION_STATE_UNLIMBERED, "se");
}

/* A supply wagon with its boxes; crew 0: uncrewed from the start (its crew lost). */
static GbacwPlacement *
add_wagon (Fixture *f, const char *id, const char *side, const char *hex, int crew, int small_arms, int artillery)
{
  GbacwPlacement *p = add_unit (f, id, side, GBACW_UNIT_WAGON, 1, 2, "R", hex, GBACW_FORMATION_STATE_UNSET, "s");
  GbacwUnit *u = gbacw_oob_find_unit (&f->s->oob, id);
  u->crew_strength = crew;
  u->small_arms_boxes = small_arms;
  u->artillery_boxes = artillery;
  return p;
}

/* 11.33: a battery down to a third of its rounds, which no wagon can resupply, takes rounds
 * from the battery of the same weapon beside it (not from one of another weapon, which has
 * more), half the difference, so that both have as many. A wagon that can resupply it
 * comes first (11.23, 11.32); a giver beside the enemy keeps its rounds (neither battery may
 * fire for the rest of the Game-Turn). */
static void
test_transfer_rounds (void)
{
  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (12, 8);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAi) ai = NULL;
      g_autoptr (GbacwAction) action = NULL;
      GbacwGameUnit *low, *full;

      add_battery (f, "u-low", "L", "0303");
      add_battery (f, "u-full", "L", "0304");
      add_battery (f, "u-other", "HA", "0403");
      if (variant == 1)
        add_wagon (f, "u-w", "union", "0203", 1, 1, 3);
      INF (f, "c-1", "confederate", 4, 3, variant == 2 ? "0305" : "1206", "nw");
      game = start_game (f);
      low = unit_of (game, "u-low");
      full = unit_of (game, "u-full");
      low->rounds = 2;
      full->rounds = 10;
      goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
      ai = gbacw_ai_new (game, 0);
      action = gbacw_ai_choose (ai, game);
      g_assert_nonnull (action);
      switch (variant)
        {
        case 0:
          g_assert_cmpint (action->kind, ==, GBACW_ACTION_TRANSFER_ROUNDS);
          g_assert_cmpint (action->command.leader, ==, full->index);
          g_assert_cmpint (action->command.other, ==, low->index);
          g_assert_cmpint (action->command.points, ==, 4);
          apply_expect (game, g_steal_pointer (&action), NULL);
          g_assert_cmpint (low->rounds, ==, 6);
          g_assert_cmpint (full->rounds, ==, 6);
          g_assert_true (log_has (game, "11.33", NULL));
          break;
        case 1:
          g_assert_cmpint (action->kind, ==, GBACW_ACTION_RESUPPLY);
          g_assert_cmpint (action->command.leader, ==, low->index);
          apply_expect (game, g_steal_pointer (&action), NULL);
          g_assert_cmpint (low->rounds, ==, 5);   /* the wagon's three boxes */
          g_assert_cmpint (full->rounds, ==, 10);
          break;
        default:
          g_assert_cmpint (action->kind, ==, GBACW_ACTION_END_PHASE);
          break;
        }
      /* then nothing more: no transfer after the resupply (no wagon can give more, but the
       * battery is no longer down to a third) */
      g_clear_pointer (&action, gbacw_action_free);
      action = gbacw_ai_choose (ai, game);
      g_assert_cmpint (action->kind, ==, GBACW_ACTION_END_PHASE);
      g_assert_cmpint (unit_of (game, "u-other")->rounds, ==, 12);
    }
}

/* 11.33: a battery beside one of the same weapon that has no rounds left, with no wagon
 * near to refill it, holds its fire for the Game-Turn (the rules ask one without firing of
 * both) and gives it rounds in the Ammunition Resupply Phase; beside one that still has a
 * few it fires. */
static void
test_transfer_holds_fire (void)
{
  for (int empty = 0; empty < 2; empty++)
    {
      g_autoptr (Fixture) f = fixture_new (12, 8);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAi) ai = NULL;
      g_autoptr (GbacwAction) action = NULL;
      GbacwGameUnit *low, *full;

      add_battery (f, "u-low", "L", "0303");
      add_battery (f, "u-full", "L", "0304");
      INF (f, "c-1", "confederate", 4, 3, "0307", "n");   /* within the L battery's six hexes */
      game = start_game (f);
      low = unit_of (game, "u-low");
      full = unit_of (game, "u-full");
      low->rounds = empty ? 0 : 2;
      full->rounds = 10;
      goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
      ai = gbacw_ai_new (game, 0);
      action = gbacw_ai_choose (ai, game);
      if (!empty)
        {
          g_assert_cmpint (action->kind, ==, GBACW_ACTION_FIRE);
          continue;
        }
      g_assert_cmpint (action->kind, ==, GBACW_ACTION_END_PHASE);
      g_clear_pointer (&action, gbacw_action_free);
      goto_phase (game, GBACW_PHASE_AMMUNITION_RESUPPLY, 0);
      action = gbacw_ai_choose (ai, game);
      g_assert_cmpint (action->kind, ==, GBACW_ACTION_TRANSFER_ROUNDS);
      g_assert_cmpint (action->command.points, ==, 5);
      apply_expect (game, g_steal_pointer (&action), NULL);
      g_assert_cmpint (low->rounds, ==, 5);
      g_assert_cmpint (full->rounds, ==, 5);
    }
}

/* 9.25, 11.31, 6.13: from normal up, an unlimbered battery (HA: x1 out to three hexes, x0.5
 * at four to six) whose nearest enemy is five hexes off, beyond the range its guns hit at
 * full strength, limbers in its Movement Phase to close in rather than stand and save its
 * rounds all game; with the enemy at two hexes (and infantry of ours beside it, which holds
 * in his zone of control, 10.1: alone it would limber to go to cover, battery-keeps-cover)
 * it stays unlimbered and fires, and so does the easy player's (the player as first
 * written) at five. */
static void
test_battery_closes_in (void)
{
  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (12, 10);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAi) ai = NULL;
      g_autoptr (GbacwAction) action = NULL;
      const GbacwGameUnit *b;

      add_battery (f, "u-bty", "HA", variant == 1 ? "0304" : "0303");
      if (variant == 1)
        INF (f, "u-cover", "union", 4, 4, "0305", "s");
      INF (f, "c-1", "confederate", 4, 3, variant == 1 ? "0306" : "0308", "n");
      game = start_game (f);
      b = unit_of (game, "u-bty");
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      ai = gbacw_ai_new (game, 0);
      gbacw_ai_set_level (ai, variant == 2 ? GBACW_AI_LEVEL_EASY : GBACW_AI_LEVEL_NORMAL);
      action = gbacw_ai_choose (ai, game);
      g_assert_nonnull (action);
      /* the infantry moves (or not) first: the battery's own step, or the phase's end */
      for (int guard = 0; guard < 40 && variant == 1 && action->kind != GBACW_ACTION_END_PHASE
                          && !(action->kind == GBACW_ACTION_CHANGE_FORMATION
                               && g_array_index (action->formation.units, int, 0) == b->index);
           guard++)
        {
          apply_expect (game, g_steal_pointer (&action), NULL);
          action = gbacw_ai_choose (ai, game);
          g_assert_nonnull (action);
        }
      if (variant == 0)
        {
          g_assert_cmpint (action->kind, ==, GBACW_ACTION_CHANGE_FORMATION);
          g_assert_cmpint (g_array_index (action->formation.units, int, 0), ==, b->index);
          g_assert_cmpint (action->formation.formation, ==, GBACW_FORMATION_STATE_LIMBERED);
        }
      else
        g_assert_false (action->kind == GBACW_ACTION_CHANGE_FORMATION
                        && action->formation.formation == GBACW_FORMATION_STATE_LIMBERED);
    }
}

/* The enemy's free shots (his limber fire at a battery limbering in his reach, 6.23) held. */
static void
hold_free_shots (GbacwGame *game)
{
  for (int guard = 0; guard < 10 && gbacw_game_decider (game) != 0; guard++)
    apply_expect (game, gbacw_action_new_answer_fire (NULL, 0), NULL);
  g_assert_cmpint (gbacw_game_decider (game), ==, 0);
}

/* Whether the battery is within three hexes of an enemy combat unit with no infantry or
 * cavalry of its side (not routed) in its hex or beside it (bench-ai-strength's "alone"). */
static gboolean
battery_alone (const GbacwGame *game, const GbacwGameUnit *b)
{
  gboolean near = FALSE;

  for (guint i = 0; i < game->units->len; i++)
    {
      const GbacwGameUnit *u = g_ptr_array_index (game->units, i);
      int d;
      if (u->hex < 0 || u->index == b->index || !gbacw_game_is_combat_unit (u))
        continue;
      d = gbacw_query_distance (game, u->hex, b->hex);
      if (u->side != b->side)
        near |= d <= 3;
      else if (d <= 1 && !(u->status & GBACW_STATUS_ROUTED)
               && (u->type == GBACW_UNIT_INFANTRY || u->type == GBACW_UNIT_CAVALRY))
        return FALSE;
    }
  return near;
}

/* 6.13, 12.12, 12.93: from normal up, a battery moves after the infantry of ours, so that it
 * ends its move beside (or with) infantry or out of the enemy's reach: a limbered battery
 * (scored, when it moved first, beside the infantry where it stood) no longer ends within
 * three hexes of the enemy alone once the infantry has gone on to melee him (12.21). An
 * unlimbered battery left alone within his reach limbers to go to cover, taking the risk of
 * his limber fire (6.23); easy leaves it there. */
static void
test_battery_keeps_cover (void)
{
  static const struct { const char *battery, *infantry, *enemy; } positions[] = {
    { "0302", "0305", "0308" },
    { "0303", "0305", "0308" },
    { "0202", "0305", "0308" },
    { "0302", "0303", "0308" },
    { "0502", "0505", "0309" },
  };
  guint alone = 0;

  for (guint p = 0; p < G_N_ELEMENTS (positions); p++)
    {
      g_autoptr (Fixture) f = fixture_new (12, 12);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAi) ai = NULL;
      const GbacwGameUnit *b;
      g_autofree char *label = NULL;
      gboolean ended = FALSE;

      add_unit (f, "u-bty", "union", GBACW_UNIT_ARTILLERY, 4, 4, "N", positions[p].battery,
                GBACW_FORMATION_STATE_LIMBERED, "s");
      INF (f, "u-1", "union", 6, 4, positions[p].infantry, "s");
      INF (f, "c-1", "confederate", 4, 3, positions[p].enemy, "n");
      game = start_game (f);
      b = unit_of (game, "u-bty");
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      ai = gbacw_ai_new (game, 0);
      gbacw_ai_set_level (ai, GBACW_AI_LEVEL_NORMAL);
      for (int guard = 0; guard < 40 && !ended; guard++)
        {
          g_autoptr (GbacwAction) action = gbacw_ai_choose (ai, game);
          g_assert_nonnull (action);
          ended = action->kind == GBACW_ACTION_END_PHASE;
          if (!ended)
            apply_expect (game, g_steal_pointer (&action), NULL);
          hold_free_shots (game);
        }
      g_assert_true (ended);
      label = gbacw_game_hex_label (game, b->hex);
      g_test_message ("position %u: battery at %s, %d hexes from the enemy, %s", p, label,
                      gbacw_query_distance (game, b->hex, unit_of (game, "c-1")->hex),
                      battery_alone (game, b) ? "alone" : "covered or out of reach");
      alone += battery_alone (game, b);
    }
  g_assert_cmpuint (alone, ==, 0);

  /* an unlimbered battery left alone three hexes from the enemy (its infantry gone, the
     enemy come on) limbers (6.13) to go to cover; easy leaves it there */
  for (int level = 0; level < 2; level++)
    {
      g_autoptr (Fixture) f = fixture_new (18, 12);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAi) ai = NULL;
      g_autoptr (GbacwAction) action = NULL;

      add_battery (f, "u-bty", "HA", "0305");
      INF (f, "u-1", "union", 6, 4, "1702", "s");
      INF (f, "c-1", "confederate", 4, 3, "0308", "n");
      game = start_game (f);
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      ai = gbacw_ai_new (game, 0);
      gbacw_ai_set_level (ai, level == 0 ? GBACW_AI_LEVEL_NORMAL : GBACW_AI_LEVEL_EASY);
      for (int guard = 0; guard < 40; guard++)
        {
          g_clear_pointer (&action, gbacw_action_free);
          action = gbacw_ai_choose (ai, game);
          g_assert_nonnull (action);
          if (action->kind == GBACW_ACTION_END_PHASE
              || (action->kind == GBACW_ACTION_CHANGE_FORMATION
                  && g_array_index (action->formation.units, int, 0) == unit_index (game, "u-bty")))
            break;
          apply_expect (game, g_steal_pointer (&action), NULL);
        }
      if (level == 0)
        {
          g_assert_cmpint (action->kind, ==, GBACW_ACTION_CHANGE_FORMATION);
          g_assert_cmpint (action->formation.formation, ==, GBACW_FORMATION_STATE_LIMBERED);
          /* and ends the phase out of the enemy's reach */
          for (int guard = 0; guard < 40 && action->kind != GBACW_ACTION_END_PHASE; guard++)
            {
              apply_expect (game, g_steal_pointer (&action), NULL);
              hold_free_shots (game);
              action = gbacw_ai_choose (ai, game);
              g_assert_nonnull (action);
            }
          g_assert_cmpint (action->kind, ==, GBACW_ACTION_END_PHASE);
          g_assert_false (battery_alone (game, unit_of (game, "u-bty")));
        }
      else
        g_assert_cmpint (action->kind, ==, GBACW_ACTION_END_PHASE);
    }
}

/* 9.25, 9.1: from normal up, against an enemy who holds his ground (found in the same hex
 * at three of our Movement Phases), a rifled-musket unit (x1 at two hexes, x0.5 at three)
 * coming on a smoothbore-musket unit (x0.5 at two hexes, no fire at three) stops at three
 * hexes, where it fires and he cannot answer, not at two, where his twelve Strength Points
 * would answer at x0.5 its four at x1. */
static void
test_fire_trade_holds_range (void)
{
  g_autoptr (Fixture) f = fixture_new (12, 12);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAi) ai = NULL;
  const GbacwGameUnit *u, *m;
  gboolean moved = FALSE;

  INF (f, "u-1", "union", 4, 4, "0601", "s");
  add_unit (f, "c-m", "confederate", GBACW_UNIT_INFANTRY, 12, 4, "M", "0606", GBACW_FORMATION_STATE_LINE, "n");
  game = start_game (f);
  u = unit_of (game, "u-1");
  m = unit_of (game, "c-m");
  ai = gbacw_ai_new (game, 0);
  /* two Movement Phases in which the computer sees the enemy where he is, and moves nothing */
  for (int turn = 1; turn <= 2; turn++)
    {
      advance_to_phase (game, turn, GBACW_PHASE_MOVEMENT, 0);
      g_autoptr (GbacwAction) looked = gbacw_ai_choose (ai, game);
      g_assert_nonnull (looked);
    }
  advance_to_phase (game, 3, GBACW_PHASE_MOVEMENT, 0);
  for (int guard = 0; guard < 10 && !moved; guard++)
    {
      g_autoptr (GbacwAction) action = gbacw_ai_choose (ai, game);
      g_assert_nonnull (action);
      g_assert_cmpint (action->kind, !=, GBACW_ACTION_END_PHASE);
      moved = action->kind == GBACW_ACTION_MOVE;
      apply_expect (game, g_steal_pointer (&action), NULL);
    }
  g_assert_true (moved);
  g_assert_cmpint (gbacw_query_distance (game, u->hex, m->hex), ==, 3);
}

/* 11.18: in the Final Command Phase an uncrewed wagon of ours with ammunition is recrewed
 * by the strongest infantry unit on it, one that keeps two Strength Points; not a wagon
 * with no ammunition left, nor by a unit that cannot spare the point. */
static void
test_recrew_wagon (void)
{
  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (12, 8);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAi) ai = NULL;
      g_autoptr (GbacwAction) action = NULL;

      add_wagon (f, "u-w", "union", "0303", 0, variant == 1 ? 0 : 2, variant == 1 ? 0 : 1);
      INF (f, "u-small", "union", 2, 4, "0303", "se");
      if (variant != 2)
        INF (f, "u-big", "union", 4, 3, "0303", "se");
      INF (f, "c-1", "confederate", 4, 3, "1107", "nw");
      game = start_game (f);
      goto_phase (game, GBACW_PHASE_FINAL_COMMAND, 0);
      ai = gbacw_ai_new (game, 0);
      action = gbacw_ai_choose (ai, game);
      g_assert_nonnull (action);
      if (variant == 0)
        {
          g_assert_cmpint (action->kind, ==, GBACW_ACTION_RECREW);
          g_assert_cmpint (action->command.leader, ==, unit_index (game, "u-big"));
          g_assert_cmpint (action->command.other, ==, unit_index (game, "u-w"));
          apply_expect (game, g_steal_pointer (&action), NULL);
          g_assert_cmpint (unit_of (game, "u-w")->strength, ==, 1);
          g_assert_cmpint (unit_of (game, "u-big")->strength, ==, 3);
          action = gbacw_ai_choose (ai, game);
        }
      g_assert_cmpint (action->kind, ==, GBACW_ACTION_END_PHASE);
      g_assert_cmpint (unit_of (game, "u-small")->strength, ==, 2);
    }
}

/* 11.18, 11.19 in the Movement Phase: a unit that can spare a Strength Point goes onto an
 * uncrewed wagon with ammunition near it, away from the enemy, ours or the enemy's (which
 * it captures by entering), and recrews it in the Final Command Phase. */
static void
test_salvage_wagon (void)
{
  for (int enemy_wagon = 0; enemy_wagon < 2; enemy_wagon++)
    {
      g_autoptr (Fixture) f = fixture_new (12, 8);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GPtrArray) applied = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_action_free);
      GbacwAi *ai[2];
      const GbacwAction *first;
      GbacwGameUnit *w, *u;

      INF (f, "u-1", "union", 4, 3, "0302", "se");
      add_wagon (f, "w", enemy_wagon ? "confederate" : "union", "0305", 0, 2, 0);
      INF (f, "c-1", "confederate", 4, 3, "1107", "nw");
      game = start_game (f);
      w = unit_of (game, "w");
      u = unit_of (game, "u-1");
      ai[0] = gbacw_ai_new (game, 0);
      ai[1] = gbacw_ai_new (game, 1);
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      ai_play_phase (game, ai[0], applied);
      g_assert_cmpuint (applied->len, >, 0);
      first = g_ptr_array_index (applied, 0);
      g_assert_cmpint (first->kind, ==, GBACW_ACTION_MOVE);
      g_assert_cmpint (g_array_index (first->move.units, int, 0), ==, u->index);
      g_assert_cmpint (u->hex, ==, hex_of (game->scenario, "0305"));
      g_assert_cmpint (w->side, ==, 0);   /* captured as it entered (11.19), or ours */
      ai_play_to (game, ai, GBACW_PHASE_FINAL_COMMAND, 0);
      g_ptr_array_set_size (applied, 0);
      ai_play_phase (game, ai[0], applied);
      g_assert_cmpuint (count_kind (applied, GBACW_ACTION_RECREW), ==, 1);
      g_assert_cmpint (w->strength, ==, 1);
      g_assert_cmpint (u->strength, ==, 3);
      assert_replays (f, game);
      gbacw_ai_free (ai[0]);
      gbacw_ai_free (ai[1]);
    }
}

/* 8.41, 8.21: in its Movement Phase the computer restacks a stack near the enemy so that
 * the fresh, strong unit of good morale is on top (where fire falls first), the weak one
 * below it, the routed one lower and the leader at the bottom; once. */
static void
test_restack_best_on_top (void)
{
  g_autoptr (Fixture) f = fixture_new (10, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAi) ai = NULL;
  g_autoptr (GPtrArray) applied = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_action_free);
  const char *order[] = { "u-fresh", "u-weak", "u-routed", "u-ldr" };
  const GArray *stack;
  int hex;

  LEADER (f, "u-ldr", "union", "0303");
  INF (f, "u-routed", "union", 2, 4, "0303", "se");
  INF (f, "u-weak", "union", 1, 3, "0303", "se");
  INF (f, "u-fresh", "union", 5, 4, "0303", "se");
  INF (f, "c-1", "confederate", 4, 3, "0306", "n");
  game = start_game (f);
  hex = hex_of (game->scenario, "0303");
  goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
  unit_of (game, "u-routed")->status |= GBACW_STATUS_ROUTED;
  /* none of them may move: the stacking order is the only thing to do */
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    unit_of (game, order[i])->movement_done = TRUE;
  ai = gbacw_ai_new (game, 0);
  ai_play_phase (game, ai, applied);
  g_assert_cmpuint (count_kind (applied, GBACW_ACTION_RESTACK), ==, 1);
  stack = gbacw_game_stack (game, hex);
  g_assert_cmpuint (stack->len, ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    g_assert_cmpint (g_array_index (stack, int, i), ==, unit_index (game, order[i]));
  g_assert_cmpint (gbacw_fire_top_unit (game, hex), ==, unit_index (game, "u-fresh"));
}

/* 8.41: a Fire Phase in which the top unit ran out of ammunition ends: before anything
 * else the computer puts the unit that still has it on top. */
static void
test_restack_after_depletion (void)
{
  g_autoptr (Fixture) f = fixture_new (10, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwAi) ai = NULL;
  g_autoptr (GbacwAction) action = NULL;
  GbacwGameUnit *top;
  int hex;

  INF (f, "u-top", "union", 4, 4, "0303", "se");
  INF (f, "u-under", "union", 3, 3, "0303", "se");
  INF (f, "c-1", "confederate", 4, 3, "0306", "n");
  game = start_game (f);
  hex = hex_of (game->scenario, "0303");
  top = unit_of (game, "u-top");
  g_assert_cmpint (g_array_index (gbacw_game_stack (game, hex), int, 0), ==, top->index);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  /* as the fire code records it (11.21) */
  top->status |= GBACW_STATUS_AMMO_DEPLETED;
  g_array_append_val (game->depleted, top->index);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_RETREAT_BEFORE_MELEE);
  ai = gbacw_ai_new (game, 0);
  action = gbacw_ai_choose (ai, game);
  g_assert_cmpint (action->kind, ==, GBACW_ACTION_RESTACK);
  g_assert_cmpint (action->restack.hex, ==, hex);
  apply_expect (game, g_steal_pointer (&action), NULL);
  g_assert_cmpint (g_array_index (gbacw_game_stack (game, hex), int, 0), ==, unit_index (game, "u-under"));
  action = gbacw_ai_choose (ai, game);
  g_assert_cmpint (action->kind, !=, GBACW_ACTION_RESTACK);
}

static void
add_exit_area (Fixture *f, const char *id, GbacwAreaKind kind, const char *side, const char *hexes, int vp)
{
  g_auto (GStrv) labels = g_strsplit (hexes, " ", -1);
  GbacwArea *a = gbacw_area_new (id, kind, id);

  a->side = g_strdup (side);
  a->vp = vp;
  for (guint i = 0; labels[i]; i++)
    {
      int hex = hex_of (f->s, labels[i]);
      g_array_append_val (a->hexes, hex);
    }
  gbacw_area_sort (a);
  g_ptr_array_add (f->s->map->areas, a);
}

static void
add_exit_award (Fixture *f, const char *side, GbacwVpEvent event, const char *area, int vp)
{
  GbacwVpAward *a = g_new0 (GbacwVpAward, 1);
  a->id = g_strdup_printf ("v%u", f->s->vp_awards->len + 1);
  a->side = g_strdup (side);
  a->event = event;
  a->area = g_strdup (area);
  a->vp = vp;
  g_ptr_array_add (f->s->vp_awards, a);
}

/* "unit-exited" Victory Points: the units march to the exit area of their side and leave
 * the map (GBACW_ACTION_EXIT, 5.17) when the scenario pays for it; not without the award,
 * nor when the hex they stand on is an objective worth more. */
static void
test_exit_for_points (void)
{
  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr (Fixture) f = fixture_new (10, 6);
      g_autoptr (GbacwGame) game = NULL;
      g_autoptr (GbacwAi) ai = NULL;
      g_autoptr (GbacwOutcome) outcome = NULL;
      g_autoptr (GPtrArray) applied = g_ptr_array_new_with_free_func ((GDestroyNotify) gbacw_action_free);
      GbacwVictory v;

      INF (f, "u-1", "union", 3, 3, "0303", "nw");
      INF (f, "u-2", "union", 3, 3, "0403", "nw");
      INF (f, "c-1", "confederate", 3, 3, "1004", "nw");
      add_exit_area (f, "exit-west", GBACW_AREA_EXIT, "union", "0102 0103 0104", GBACW_UNSET);
      if (variant != 1)
        add_exit_award (f, "union", GBACW_VP_UNIT_EXITED, "exit-west", 2);
      if (variant == 2)
        {
          add_exit_area (f, "hill", GBACW_AREA_OBJECTIVE, NULL, "0303", GBACW_UNSET);
          add_exit_award (f, "union", GBACW_VP_OBJECTIVE, "hill", 10);
        }
      game = start_game (f);
      outcome = gbacw_outcome_new (game);
      goto_phase (game, GBACW_PHASE_MOVEMENT, 0);
      ai = gbacw_ai_new (game, 0);
      ai_play_phase (game, ai, applied);
      gbacw_outcome_update (outcome, game);
      gbacw_outcome_victory (outcome, game, &v);
      switch (variant)
        {
        case 0:
          g_assert_cmpuint (count_kind (applied, GBACW_ACTION_EXIT), ==, 2);
          g_assert_cmpint (unit_of (game, "u-1")->presence, ==, GBACW_PRESENCE_EXITED);
          g_assert_cmpint (unit_of (game, "u-2")->presence, ==, GBACW_PRESENCE_EXITED);
          g_assert_cmpint (v.exited[0], ==, 4);
          break;
        case 1:
          g_assert_cmpuint (count_kind (applied, GBACW_ACTION_EXIT), ==, 0);
          g_assert_cmpint (v.exited[0], ==, 0);
          break;
        default:
          /* the hill (10 VP) is worth more than the two units leaving (2 each): held */
          g_assert_cmpuint (count_kind (applied, GBACW_ACTION_EXIT), ==, 0);
          g_assert_cmpint (unit_of (game, "u-1")->hex, ==, hex_of (game->scenario, "0303"));
          g_assert_cmpint (unit_of (game, "u-2")->presence, ==, GBACW_PRESENCE_ON_MAP);
          break;
        }
      gbacw_victory_clear (&v);
      assert_replays (f, game);
    }
}

/* Games on generated maps of the sizes balance runs use (30x30 / 150 units, 40x48 / 300
 * units, the whole length), at every level: each ends, none stuck (17.52, 8.1), under the
 * same invariants; the 40x48 map of seed 1 played from seed 3 is the game that once
 * stopped at Game-Turn 17 on a general left alone. "-m slow" plays more seeds. */
static void
test_soak_maps (void)
{
  g_autoptr (GbacwScenario) tpl = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwScenario) medium = gbacw_generate_scenario (tpl, 30, 30, 150, 1, &error);
  g_autoptr (GbacwScenario) large = gbacw_generate_scenario (tpl, 40, 48, 300, 1, &error);
  guint n = n_games (2, 12);
  Totals t = { 0 };

  g_assert_no_error (error);
  play_checked_levels (large, 3, "generated 40x48, 300 units", GBACW_AI_LEVEL_NORMAL, GBACW_AI_LEVEL_NORMAL, &t);
  for (guint i = 0; i < n; i++)
    {
      GbacwAiLevel a = (GbacwAiLevel) (i % GBACW_AI_N_LEVELS), b = (GbacwAiLevel) ((i + 1) % GBACW_AI_N_LEVELS);
      play_checked_levels (medium, 10 + i, "generated 30x30, 150 units", a, b, &t);
      if (g_test_slow ())
        play_checked_levels (large, 20 + i, "generated 40x48, 300 units", a, b, &t);
    }
  report ("soak", &t);
  g_assert_cmpuint (t.games, ==, 1 + n * (g_test_slow () ? 2 : 1));
}

/* The soak of several sizes: computer-v-computer games on generated maps from 12x12 / 24
 * units to 30x30 / 150 (a new map every four games, the levels of the sides in turn), the
 * invariants checked after every action; none may be stuck (the end of each phase put
 * right through gbacw_game_phase_blockers (): 8.1, 17.52). bench-ai-strength plays 1,000
 * ("soak" rows); "-m slow" plays three times as many here. */
static void
test_soak_sizes (void)
{
  static const struct { int columns, rows, units; guint games; } sizes[] = {
    { 12, 12, 24, 12 }, { 16, 20, 40, 8 }, { 20, 20, 60, 6 }, { 30, 30, 150, 2 },
  };
  g_autoptr (GbacwScenario) tpl = load_demo ();
  guint slow = g_test_slow () ? 3 : 1, expected = 0;
  Totals t = { 0 };

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      g_autoptr (GbacwScenario) map = NULL;
      g_autofree char *label = g_strdup_printf ("generated %dx%d, %d units", sizes[k].columns, sizes[k].rows,
                                                sizes[k].units);
      for (guint i = 0; i < sizes[k].games * slow; i++)
        {
          GbacwAiLevel a = (GbacwAiLevel) (i % GBACW_AI_N_LEVELS), b = (GbacwAiLevel) ((i / 3 + 1) % GBACW_AI_N_LEVELS);
          if (i % 4 == 0)
            {
              g_autoptr (GError) error = NULL;
              g_clear_pointer (&map, gbacw_scenario_free);
              map = gbacw_generate_scenario (tpl, sizes[k].columns, sizes[k].rows, sizes[k].units, 2 + i / 4, &error);
              g_assert_no_error (error);
            }
          play_checked_levels (map, 50 + i, label, a, b, &t);
        }
      expected += sizes[k].games * slow;
    }
  report ("soak of sizes", &t);
  g_assert_cmpuint (t.games, ==, expected);
}

/* Ends every phase of side 1 (it never moves nor fires); its decisions answered by ai. */
static gboolean
passive_step (GbacwGame *game, GbacwAi *ai)
{
  const GbacwDecision *d = gbacw_game_decision (game);
  g_autoptr (GbacwAction) action = d == NULL && game->phase != GBACW_PHASE_MELEE ? gbacw_action_new_end_phase ()
                                   : d && d->kind == GBACW_DECISION_FIRE ? gbacw_action_new_answer_fire (NULL, 0)
                                   : NULL;
  if (action && gbacw_game_apply_action (game, action, NULL))
    return TRUE;
  return gbacw_ai_step (ai, game, NULL, NULL);
}

/* As the defender the computer (from normal up) acts: against a Confederate player who
 * never moves nor fires, the Union takes Miller's Mill (1211, 3 VP for the Union,
 * unguarded) and holds the bridge, and wins some games (the level "easy" never took the
 * mill: a draw every time). */
static void
test_defender_takes_objectives (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  const GbacwArea *mill = NULL;
  guint wins[2] = { 0, 0 }, mills[2] = { 0, 0 }, n = n_games (8, 30);

  for (guint i = 0; i < s->map->areas->len; i++)
    if (g_strcmp0 (((GbacwArea *) g_ptr_array_index (s->map->areas, i))->id, "obj-mill") == 0)
      mill = g_ptr_array_index (s->map->areas, i);
  g_assert_nonnull (mill);
  for (int level = GBACW_AI_LEVEL_EASY; level <= GBACW_AI_LEVEL_NORMAL; level++)
    for (guint k = 0; k < n; k++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (GbacwGame) game = gbacw_game_new (s, 100 + k, &error);
        g_autoptr (GbacwAi) union_ai = gbacw_ai_new (game, 0);
        g_autoptr (GbacwAi) confederate = gbacw_ai_new (game, 1);
        g_autoptr (GbacwOutcome) outcome = gbacw_outcome_new (game);
        GbacwVictory v;

        gbacw_ai_set_level (union_ai, (GbacwAiLevel) level);
        while (!gbacw_game_is_over (game))
          {
            gboolean ok = gbacw_game_decider (game) == 0 ? gbacw_ai_step (union_ai, game, NULL, &error)
                                                        : passive_step (game, confederate);
            g_assert_true (ok);
            g_assert_no_error (error);
            gbacw_outcome_update (outcome, game);
          }
        mills[level] += gbacw_outcome_area_control (outcome, mill) == 0;
        gbacw_outcome_victory (outcome, game, &v);
        wins[level] += v.winner == 0;
        gbacw_victory_clear (&v);
      }
  g_test_message ("Union against a passive Confederate: easy took the mill in %u, won %u; normal took it in %u, won "
                  "%u of %u", mills[0], wins[0], mills[1], wins[1], n);
  g_assert_cmpuint (mills[GBACW_AI_LEVEL_NORMAL], >=, n * 3 / 4);
  g_assert_cmpuint (wins[GBACW_AI_LEVEL_NORMAL], >, 0);
  g_assert_cmpuint (wins[GBACW_AI_LEVEL_NORMAL], >, wins[GBACW_AI_LEVEL_EASY]);
}

/* The step costs kept for a movement class give the field a search over the Terrain Effects
 * on Movement Chart gives (gbacw_rules_data_move_cost (), one Dijkstra written here), for
 * every class, on the demo's map (rivers, bridges, fords, roads), from several goals. */
static void
test_move_field_steps (void)
{
  g_autoptr (GbacwScenario) s = load_demo ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwGame) game = gbacw_game_new (s, 1, &error);
  const GbacwHexGrid *grid = &s->map->grid;
  int n = game->n_hexes;
  g_autofree int *field = g_new (int, n);
  g_autofree int *expect = g_new (int, n);
  g_autofree gboolean *done = g_new (gboolean, n);

  g_assert_no_error (error);
  for (int c = 0; c < GBACW_N_MOVE_CLASSES; c++)
    {
      GbacwStepCosts *steps = gbacw_query_step_costs_new (game, c, 12);
      for (int goal = 0; goal < n; goal += 37)
        {
          /* the reference: O(n^2) Dijkstra, each step's cost asked of the rules data */
          for (int h = 0; h < n; h++)
            {
              expect[h] = -1;
              done[h] = FALSE;
            }
          expect[goal] = 0;
          for (;;)
            {
              int best = -1;
              for (int h = 0; h < n; h++)
                if (!done[h] && expect[h] >= 0 && (best < 0 || expect[h] < expect[best]))
                  best = h;
              if (best < 0)
                break;
              done[best] = TRUE;
              for (int d = 0; d < GBACW_HEX_DIRECTIONS; d++)
                {
                  int from = gbacw_hex_grid_index (grid, gbacw_hex_grid_neighbour (grid, gbacw_hex_grid_hex_at (grid, best), d));
                  GbacwMoveCost cost;
                  int halves;
                  if (from < 0)
                    continue;
                  gbacw_rules_data_move_cost (game->rules, s->map, c, from, gbacw_hex_direction_opposite (d), &cost);
                  if (cost.kind == GBACW_COST_PROHIBITED)
                    continue;
                  halves = cost.kind == GBACW_COST_MP ? MAX (cost.halves, 1) : 12;
                  if (expect[from] < 0 || expect[best] + halves < expect[from])
                    expect[from] = expect[best] + halves;
                }
            }
          gbacw_query_move_field_steps (steps, goal, field);
          for (int h = 0; h < n; h++)
            g_assert_cmpint (field[h], ==, expect[h]);
          gbacw_query_move_field (game, c, goal, 12, field);
          for (int h = 0; h < n; h++)
            g_assert_cmpint (field[h], ==, expect[h]);
        }
      gbacw_query_step_costs_free (steps);
    }
}

/* The names of the levels, one for both sides or one each. */
static void
test_levels_parse (void)
{
  GbacwAiLevel level, levels[2];

  for (int i = 0; i < GBACW_AI_N_LEVELS; i++)
    {
      g_assert_true (gbacw_ai_level_from_string (gbacw_ai_level_to_string ((GbacwAiLevel) i), &level));
      g_assert_cmpint (level, ==, i);
    }
  g_assert_false (gbacw_ai_level_from_string ("expert", &level));
  g_assert_true (gbacw_ai_levels_from_string (NULL, levels));
  g_assert_cmpint (levels[0], ==, GBACW_AI_LEVEL_NORMAL);
  g_assert_cmpint (levels[1], ==, GBACW_AI_LEVEL_NORMAL);
  g_assert_true (gbacw_ai_levels_from_string ("hard", levels));
  g_assert_cmpint (levels[0], ==, GBACW_AI_LEVEL_HARD);
  g_assert_cmpint (levels[1], ==, GBACW_AI_LEVEL_HARD);
  g_assert_true (gbacw_ai_levels_from_string ("easy, hard", levels));
  g_assert_cmpint (levels[0], ==, GBACW_AI_LEVEL_EASY);
  g_assert_cmpint (levels[1], ==, GBACW_AI_LEVEL_HARD);
  g_assert_false (gbacw_ai_levels_from_string ("easy,hard,normal", levels));
  g_assert_false (gbacw_ai_levels_from_string ("easy,", levels));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/ai/deterministic", test_deterministic);
  g_test_add_func ("/engine/ai/one-side-and-turn-limit", test_one_side_and_turn_limit);
  g_test_add_func ("/engine/ai/proposals-legal", test_proposals_legal);
  g_test_add_func ("/engine/ai/stuck-does-not-loop", test_stuck_does_not_loop);
  g_test_add_func ("/engine/ai/victory-points", test_victory_points);
  g_test_add_func ("/engine/ai/transfer-rounds", test_transfer_rounds);
  g_test_add_func ("/engine/ai/battery-closes-in", test_battery_closes_in);
  g_test_add_func ("/engine/ai/fire-trade-holds-range", test_fire_trade_holds_range);
  g_test_add_func ("/engine/ai/battery-keeps-cover", test_battery_keeps_cover);
  g_test_add_func ("/engine/ai/transfer-rounds-holds-fire", test_transfer_holds_fire);
  g_test_add_func ("/engine/ai/recrew-wagon", test_recrew_wagon);
  g_test_add_func ("/engine/ai/salvage-wagon", test_salvage_wagon);
  g_test_add_func ("/engine/ai/restack-best-on-top", test_restack_best_on_top);
  g_test_add_func ("/engine/ai/restack-after-depletion", test_restack_after_depletion);
  g_test_add_func ("/engine/ai/exit-for-points", test_exit_for_points);
  g_test_add_func ("/engine/ai/demo-games", test_demo_games);
  g_test_add_func ("/engine/ai/generated-games", test_generated_games);
  g_test_add_func ("/engine/ai/logistics-games", test_logistics_games);
  g_test_add_func ("/engine/ai/night-games", test_night_games);
  g_test_add_func ("/engine/ai/bce-games", test_bce_games);
  g_test_add_func ("/engine/ai/reserves-victory-games", test_reserves_victory_games);
  g_test_add_func ("/engine/ai/retreat-games", test_retreat_games);
  g_test_add_func ("/engine/ai/entry-crew-games", test_entry_crew_games);
  g_test_add_func ("/engine/ai/levels-parse", test_levels_parse);
  g_test_add_func ("/engine/ai/defender-takes-objectives", test_defender_takes_objectives);
  g_test_add_func ("/engine/ai/move-field-steps", test_move_field_steps);
  g_test_add_func ("/engine/ai/soak-maps", test_soak_maps);
  g_test_add_func ("/engine/ai/soak-sizes", test_soak_sizes);
  return g_test_run ();
}
