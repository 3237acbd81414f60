/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-engine-legal.c: what blocks the end of a phase (gbacw_game_phase_blockers ():
 * 8.1 stacking, 17.52 lone leaders, an open question, the game over) and how the computer
 * player puts each right; the legal actions of the moment (gbacw_game_legal_actions ());
 * a refusal's stable code and case (gbacw_game_refusal ()); the melee declaration's
 * attackers once some have meleed (12.0); the victory level's stable id. */
#define G_LOG_DOMAIN "test-engine-legal"

#include <glib.h>
#include <string.h>

#include "gbacw-ai.h"
#include "gbacw-legal.h"
#include "gbacw-melee.h"
#include "gbacw-query.h"

#include "test-engine-fixture.c"

#define BATTERY(f, id, guns, hex) \
  add_unit ((f), (id), "union", GBACW_UNIT_ARTILLERY, (guns), 4, "L", (hex), GBACW_FORMATION_STATE_LIMBERED, "s")

/* 8.13: four batteries in a woods hex (0103), which allows four, and a fifth beside it
 * (u-b5 in 0102). */
static void
woods_batteries (Fixture *f)
{
  set_terrain (f, "0103", "woods");
  for (int i = 1; i <= 5; i++)
    {
      g_autofree char *id = g_strdup_printf ("u-b%d", i);
      BATTERY (f, id, 1, i < 5 ? "0103" : "0102");
    }
}

/* The computer player of side plays until the phase ends (or 40 actions), the other
 * side's computer answering its questions: it must end it without a refusal. */
static void
ai_ends_phase (GbacwGame *game, int side)
{
  g_autoptr (GbacwAi) ai = gbacw_ai_new (game, side);
  g_autoptr (GbacwAi) other = gbacw_ai_new (game, 1 - side);
  GbacwPhase phase = game->phase;
  int turn = game->turn, player_turn = game->player_turn;

  for (int n = 0; n < 40 && game->phase == phase && game->turn == turn && game->player_turn == player_turn; n++)
    {
      g_autoptr (GbacwAction) action = gbacw_ai_choose (gbacw_game_decider (game) == side ? ai : other, game);
      g_autoptr (GError) error = NULL;
      g_assert_nonnull (action);
      if (!gbacw_game_apply_action (game, action, &error))
        g_error ("the computer's %s was refused: %s", action->kind == GBACW_ACTION_END_PHASE ? "end of the phase" : "action",
                 error->message);
    }
  g_assert_false (game->phase == phase && game->turn == turn && game->player_turn == player_turn);
}

/* The one blocker of blockers, of that kind and citing that case. */
static const GbacwBlocker *
only_blocker (GPtrArray        *blockers,
              GbacwBlockerKind  kind,
              const char       *rule_case)
{
  const GbacwBlocker *b;

  g_assert_cmpuint (blockers->len, ==, 1);
  b = g_ptr_array_index (blockers, 0);
  g_assert_cmpint (b->kind, ==, kind);
  g_assert_cmpstr (b->rule_case, ==, rule_case);
  return b;
}

/* 8.13 (8.1): five batteries in a woods hex that allows four: one can move out, so the
 * end of the Movement Phase is blocked by the hex; the computer moves one out. */
static void
test_blocker_stacking (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GPtrArray) blockers = NULL;
  const GbacwBlocker *b;
  int woods;

  woods_batteries (f);
  game = movement_game (f);
  woods = hex_of (f->s, "0103");
  blockers = gbacw_game_phase_blockers (game);
  g_assert_cmpuint (blockers->len, ==, 0);
  apply_expect (game, move_action (game, "u-b5", "0103"), NULL);
  g_clear_pointer (&blockers, g_ptr_array_unref);
  blockers = gbacw_game_phase_blockers (game);
  b = only_blocker (blockers, GBACW_BLOCKER_STACKING, "8.13");
  g_assert_cmpint (b->hex, ==, woods);
  g_assert_cmpint (b->unit, ==, -1);
  /* the first blocker is the refusal of END_PHASE */
  apply_expect (game, gbacw_action_new_end_phase (), "8.13");
  ai_ends_phase (game, 0);
  g_assert_cmpint (gbacw_game_stack (game, woods)->len, ==, 4);
}

/* 17.52: a leader alone within four hexes of the enemy, who can reach his unit: blocked
 * by the leader; the computer moves him (or a unit to him). Out of reach of any combat
 * unit and of a safe hex, nothing blocks (the requirement does not apply). */
static void
test_blocker_lone_leader (void)
{
  g_autoptr (Fixture) f = fixture_new (8, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GPtrArray) blockers = NULL;
  const GbacwBlocker *b;
  int leader;

  INF (f, "u-1", "union", 4, 3, "0303", "s");
  LEADER (f, "u-ldr", "union", "0303");
  INF (f, "c-1", "confederate", 4, 3, "0307", "n");
  game = movement_game (f);
  leader = unit_index (game, "u-ldr");
  apply_expect (game, move_action (game, "u-ldr", "0304"), NULL);
  blockers = gbacw_game_phase_blockers (game);
  b = only_blocker (blockers, GBACW_BLOCKER_LONE_LEADER, "17.52");
  g_assert_cmpint (b->unit, ==, leader);
  g_assert_cmpint (b->hex, ==, hex_of (f->s, "0304"));
  g_assert_nonnull (strstr (b->message, "u-ldr"));
  apply_expect (game, gbacw_action_new_end_phase (), "17.52");
  ai_ends_phase (game, 0);
  g_assert_true (gbacw_game_hex_has_side (game, gbacw_game_unit (game, leader)->hex, 0, TRUE)
                 || gbacw_game_distance (game, gbacw_game_unit (game, leader)->hex, hex_of (f->s, "0307")) >= 5);
}

/* Both blockers at once, in the order the engine checks them (8.1 first, then 17.52),
 * and the computer puts both right. */
static void
test_blocker_both (void)
{
  g_autoptr (Fixture) f = fixture_new (8, 10);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GPtrArray) blockers = NULL;

  woods_batteries (f);
  INF (f, "u-1", "union", 4, 3, "0503", "s");
  LEADER (f, "u-ldr", "union", "0503");
  INF (f, "c-1", "confederate", 4, 3, "0507", "n");
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-b5", "0103"), NULL);
  apply_expect (game, move_action (game, "u-ldr", "0504"), NULL);
  blockers = gbacw_game_phase_blockers (game);
  g_assert_cmpuint (blockers->len, ==, 2);
  g_assert_cmpint (((GbacwBlocker *) g_ptr_array_index (blockers, 0))->kind, ==, GBACW_BLOCKER_STACKING);
  g_assert_cmpint (((GbacwBlocker *) g_ptr_array_index (blockers, 1))->kind, ==, GBACW_BLOCKER_LONE_LEADER);
  ai_ends_phase (game, 0);
}

/* An open question blocks every phase's end (and is answered first); a game over has no
 * phase to end. */
static void
test_blocker_decision_and_game_over (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GPtrArray) blockers = NULL;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0303", "n");
  game = melee_game (f);
  apply_expect (game, declare (game, "u-1", "0303", FALSE), NULL);
  g_assert_nonnull (gbacw_game_decision (game));
  blockers = gbacw_game_phase_blockers (game);
  only_blocker (blockers, GBACW_BLOCKER_DECISION, gbacw_game_decision (game)->rule_case);
  stand_all (game);
  g_clear_pointer (&blockers, g_ptr_array_unref);
  blockers = gbacw_game_phase_blockers (game);
  g_assert_cmpuint (blockers->len, ==, 0);

  /* to the end of the game: the computer plays both sides */
  {
    g_autoptr (GError) error = NULL;
    g_assert_cmpint (gbacw_ai_play (game, 3, 0, NULL, NULL, &error), ==, GBACW_AI_PLAY_OVER);
    g_assert_no_error (error);
  }
  g_clear_pointer (&blockers, g_ptr_array_unref);
  blockers = gbacw_game_phase_blockers (game);
  only_blocker (blockers, GBACW_BLOCKER_GAME_OVER, "4.0");
}

/* Every action listed passes the check; the moves reach every hex of the unit's range
 * but its own; END_PHASE is listed exactly when nothing blocks it; one unit's list is
 * its part of the whole. */
static void
test_legal_actions_movement (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GPtrArray) all = NULL, mine = NULL, again = NULL;
  g_autoptr (GbacwMoveRange) range = NULL;
  int b5, n_moves = 0, n_formations = 0, n_mine = 0;
  gboolean end = FALSE;

  woods_batteries (f);
  game = movement_game (f);
  b5 = unit_index (game, "u-b5");
  all = gbacw_game_legal_actions (game, GBACW_LEGAL_ALL, -1);
  for (guint i = 0; i < all->len; i++)
    {
      const GbacwAction *a = g_ptr_array_index (all, i);
      g_assert_true (gbacw_game_check_action (game, a, NULL));
      end |= a->kind == GBACW_ACTION_END_PHASE;
      if (a->kind == GBACW_ACTION_MOVE && g_array_index (a->move.units, int, 0) == b5)
        n_moves++;
      if (a->kind == GBACW_ACTION_CHANGE_FORMATION && g_array_index (a->formation.units, int, 0) == b5)
        n_formations++;
      if ((a->kind == GBACW_ACTION_MOVE && g_array_index (a->move.units, int, 0) == b5)
          || (a->kind == GBACW_ACTION_CHANGE_FORMATION && g_array_index (a->formation.units, int, 0) == b5)
          || a->kind == GBACW_ACTION_END_PHASE)
        n_mine++;
    }
  g_assert_true (end);
  range = gbacw_movement_range (game, b5, NULL);
  g_assert_nonnull (range);
  g_assert_cmpint (n_moves, >, 0);
  g_assert_cmpint (n_moves, <=, (int) range->hexes->len);
  g_assert_cmpint (n_formations, ==, 1);   /* 6.0: limbered to unlimbered */
  mine = gbacw_game_legal_actions (game, GBACW_LEGAL_ALL, b5);
  g_assert_cmpint ((int) mine->len, ==, n_mine);
  /* over-stacked: no END_PHASE listed, and the list is the same from call to call */
  apply_expect (game, move_action (game, "u-b5", "0103"), NULL);
  g_clear_pointer (&mine, g_ptr_array_unref);
  mine = gbacw_game_legal_actions (game, GBACW_LEGAL_ALL, -1);
  again = gbacw_game_legal_actions (game, GBACW_LEGAL_ALL, -1);
  g_assert_cmpuint (mine->len, ==, again->len);
  for (guint i = 0; i < mine->len; i++)
    {
      const GbacwAction *a = g_ptr_array_index (mine, i);
      g_assert_cmpint (a->kind, !=, GBACW_ACTION_END_PHASE);
      g_assert_cmpint (a->kind, ==, ((GbacwAction *) g_ptr_array_index (again, i))->kind);
    }
}

/* Fire Phase: each fire listed is one unit at one enemy hex it may fire at (9.0); the
 * Melee Phases: the declarations and then the melees; no action at all while a question
 * is open. The melee declaration keeps only the attackers still to melee, never -1 (12.0). */
static void
test_legal_actions_fire_and_melee (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GPtrArray) list = NULL;
  const GbacwMeleeDeclaration *d;
  guint n_declare = 0, n_melee = 0;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "u-2", "union", 3, 3, "0202", "se");
  INF (f, "c-1", "confederate", 2, 3, "0303", "n");
  game = start_game (f);
  goto_phase (game, GBACW_PHASE_OFFENSIVE_FIRE, 0);
  list = gbacw_game_legal_actions (game, GBACW_LEGAL_FIRES, -1);
  g_assert_cmpuint (list->len, ==, 2);
  for (guint i = 0; i < list->len; i++)
    {
      const GbacwAction *a = g_ptr_array_index (list, i);
      g_assert_cmpint (a->kind, ==, GBACW_ACTION_FIRE);
      g_assert_cmpint (a->fire.target, ==, hex_of (f->s, "0303"));
      g_assert_cmpuint (a->fire.firers->len, ==, 1);
    }
  goto_phase (game, GBACW_PHASE_RETREAT_BEFORE_MELEE, 0);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = gbacw_game_legal_actions (game, GBACW_LEGAL_MELEES, -1);
  for (guint i = 0; i < list->len; i++)
    {
      const GbacwAction *a = g_ptr_array_index (list, i);
      g_assert_cmpint (a->kind, ==, GBACW_ACTION_DECLARE_MELEE);
      n_declare++;
    }
  g_assert_cmpuint (n_declare, ==, 3);   /* each alone, and both */
  apply_expect (game, declare (game, "u-1 u-2", "0303", FALSE), NULL);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = gbacw_game_legal_actions (game, GBACW_LEGAL_ALL, -1);
  g_assert_cmpuint (list->len, ==, 0);   /* the defender must answer first (12.8) */
  stand_all (game);
  end_phase (game);
  g_assert_cmpint (game->phase, ==, GBACW_PHASE_MELEE);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = gbacw_game_legal_actions (game, GBACW_LEGAL_MELEES, -1);
  for (guint i = 0; i < list->len; i++)
    n_melee += ((GbacwAction *) g_ptr_array_index (list, i))->kind == GBACW_ACTION_MELEE;
  g_assert_cmpuint (n_melee, ==, 1);
  d = g_ptr_array_index (game->melees, 0);
  g_assert_cmpint (d->n_units, ==, 2);
  apply_expect (game, melee_action (game, "u-1 u-2", "0303"), NULL);
  for (int k = 0; k < d->n_units; k++)
    g_assert_cmpint (d->units[k], >=, 0);
  g_assert_cmpint (d->n_units, ==, 0);
}

/* A refusal's code and case: from the engine's own refusals and from messages. */
static void
test_refusal_code_and_case (void)
{
  g_autoptr (Fixture) f = fixture_new (3, 6);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GbacwAction) action = NULL;
  GbacwRefusal r;
  struct { const char *message; const char *expect; } cases[] = {
    { "[17.52] General must end", "17.52" },
    { "[P 22.21] A Pea Ridge case", "P 22.21" },
    { "[8.1] x", "8.1" },
    { "No such hex", "" },
    { "[not a case] x", "" },
    { "[] x", "" },
  };

  woods_batteries (f);
  game = movement_game (f);
  apply_expect (game, move_action (game, "u-b5", "0103"), NULL);
  action = gbacw_action_new_end_phase ();
  g_assert_false (gbacw_game_apply_action (game, action, &error));
  g_assert_true (gbacw_game_refusal (error, &r));
  g_assert_cmpstr (r.code, ==, "illegal");
  g_assert_cmpstr (r.rule_case, ==, "8.13");
  g_clear_error (&error);
  g_clear_pointer (&action, gbacw_action_free);
  action = move_action (game, "u-b5", "0102");
  g_array_index (action->move.units, int, 0) = 999;
  g_assert_false (gbacw_game_apply_action (game, action, &error));
  g_assert_true (gbacw_game_refusal (error, &r));
  g_assert_cmpstr (r.code, ==, "invalid");
  g_assert_cmpstr (r.rule_case, ==, "");
  g_clear_error (&error);
  g_assert_false (gbacw_game_refusal (NULL, &r));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) e = g_error_new_literal (GBACW_GAME_ERROR, GBACW_GAME_ERROR_ILLEGAL, cases[i].message);
      gbacw_game_refusal (e, &r);
      g_assert_cmpstr (r.rule_case, ==, cases[i].expect);
    }
  {
    g_autoptr (GError) e = g_error_new_literal (G_FILE_ERROR, G_FILE_ERROR_NOENT, "[1.0] gone");
    gbacw_game_refusal (e, &r);
    g_assert_cmpstr (r.code, ==, "other");
  }
  g_assert_cmpstr (gbacw_game_error_code_name (GBACW_GAME_ERROR_CHART), ==, "chart");
}

/* The victory level's stable id beside its name: a draw, a level of the scenario. */
static void
test_victory_level_id (void)
{
  g_autoptr (Fixture) f = fixture_new (5, 8);
  g_autoptr (GbacwGame) game = NULL;
  g_autoptr (GbacwOutcome) outcome = NULL;
  GbacwVictory v;

  INF (f, "u-1", "union", 3, 3, "0302", "s");
  INF (f, "c-1", "confederate", 3, 3, "0306", "n");
  add_level (f, "Union decisive victory", "union", 5);
  add_level (f, "Confederate decisive victory", "confederate", 5);
  game = start_game (f);
  outcome = gbacw_outcome_new (game);
  gbacw_outcome_update (outcome, game);
  gbacw_outcome_victory (outcome, game, &v);
  g_assert_cmpstr (v.level_id, ==, "draw");
  gbacw_victory_clear (&v);
  g_assert_null (v.level_id);
  {
    GbacwVictoryLevel level = { (char *) "Union decisive victory", (char *) "union", 5 };
    g_autofree char *id = gbacw_victory_level_id (&level);
    g_assert_cmpstr (id, ==, "level:union:5");
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/legal/blocker-8.1-stacking", test_blocker_stacking);
  g_test_add_func ("/engine/legal/blocker-17.52-lone-leader", test_blocker_lone_leader);
  g_test_add_func ("/engine/legal/blockers-both", test_blocker_both);
  g_test_add_func ("/engine/legal/blocker-decision-game-over", test_blocker_decision_and_game_over);
  g_test_add_func ("/engine/legal/actions-movement", test_legal_actions_movement);
  g_test_add_func ("/engine/legal/actions-fire-melee", test_legal_actions_fire_and_melee);
  g_test_add_func ("/engine/legal/refusal-code-case", test_refusal_code_and_case);
  g_test_add_func ("/engine/legal/victory-level-id", test_victory_level_id);
  return g_test_run ();
}
